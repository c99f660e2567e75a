// Runs in the data worker of an exported file, before the worker's own code (the export build
// imports it first): keeps the capture text the page sends, and answers the worker's fetch of
// EMBEDDED_CAPTURE_URL with it. Every other fetch is refused: an exported file has no server.
import { EMBEDDED_CAPTURE_URL, type EmbeddedCaptureMessage } from "./worker-messages";

let captureText: string | null = null;

// Registered before the worker's own `onmessage`, so this message never reaches it.
self.addEventListener("message", (event: MessageEvent<EmbeddedCaptureMessage | { type: string }>) => {
  if (event.data?.type !== "embedded-capture") return;
  captureText = (event.data as EmbeddedCaptureMessage).text;
  event.stopImmediatePropagation();
});

self.fetch = async (input: RequestInfo | URL): Promise<Response> => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  if (url !== EMBEDDED_CAPTURE_URL || captureText == null) {
    return new Response(`an exported file has no server to fetch ${url} from`, { status: 404 });
  }
  const bytes = new TextEncoder().encode(captureText);
  return new Response(bytes, { headers: { "content-type": "application/json", "content-length": String(bytes.length) } });
};
