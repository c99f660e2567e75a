// Runs before the app (see ./main.ts): marks the page as an offline copy, so that what needs a
// server (Run, the gallery, links, downloads) is hidden, and points the app at the embedded run.
import "./offline.css";
import { embedded } from "./embedded";

document.documentElement.classList.add("offline");

if (embedded.has()) {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  if (!params.get("run")) {
    params.set("run", embedded.run().id);
    // a fragment navigation works from file:// and inside an iframe's srcdoc alike
    location.hash = params.toString();
  }
}

// The app keeps its URL in step with the view via history.replaceState. A copy embedded in a
// notebook (an iframe's srcdoc) has no URL of its own to rewrite, and the browser refuses; the
// view is still right, so that refusal must not surface as an error.
const replaceState = history.replaceState.bind(history);
history.replaceState = (data: unknown, unused: string, url?: string | URL | null) => {
  try {
    replaceState(data, unused, url);
  } catch (error) {
    if (!(error instanceof DOMException && error.name === "SecurityError")) throw error;
  }
};
