// The program's output: stdout, and the error that stopped it with a link to its line.
import { store, touched } from "../store";
import { escape } from "./html";

export function mountOutput(root: HTMLElement, revealLine: (line: number) => void): void {
  root.addEventListener("click", (event) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>("[data-line]");
    if (target) revealLine(Number(target.dataset.line));
  });
  store.subscribe((state, changed) => {
    if (!touched(changed, "run")) return;
    const run = state.run;
    if (!run) {
      root.innerHTML = "";
      return;
    }
    const stdout = run.stdout ? `<span class="label">Output</span>${escape(run.stdout)}` : "";
    const error = run.error
      ? `<div class="error" id="run-error"><span class="label">Error</span><b>${escape(run.error.type)}</b>: ${escape(run.error.message)}${
          run.error.line != null ? ` — <a href="#" data-line="${run.error.line}">line ${run.error.line}</a>` : ""
        }</div>`
      : "";
    root.innerHTML = stdout + error || `<span class="label">Output</span><span class="hint">(the program printed nothing)</span>`;
  });
}
