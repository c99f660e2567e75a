// The Download button: the run on screen as one HTML file (graph, stepper, diagnosis, plots) that
// works from disk with no server; the server renders it (GET /api/runs/{id}/export).
import { store, touched } from "../store";

export const exportUrl = (runId: string) => `/api/runs/${encodeURIComponent(runId)}/export`;

export function mountDownload(button: HTMLButtonElement): void {
  const render = () => {
    button.disabled = !store.state.run;
  };
  store.subscribe((_state, changed) => {
    if (touched(changed, "run")) render();
  });
  render();
  button.addEventListener("click", () => {
    const run = store.state.run;
    if (!run) return;
    const link = document.createElement("a");
    link.href = exportUrl(run.id);
    link.download = ""; // the server names the file (Content-Disposition)
    link.click();
  });
}
