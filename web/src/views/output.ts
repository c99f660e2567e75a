// The program's output: stdout, and the error that stopped it with a link to its line.
import { store, touched, type State } from "../store";
import { bytes } from "../model/format";
import { escape } from "./html";
import { errorWithLine } from "./run-status";

export function mountOutput(root: HTMLElement, revealLine: (line: number) => void): void {
  root.addEventListener("click", (event) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>("[data-line]");
    if (target) {
      event.preventDefault();
      revealLine(Number(target.dataset.line));
    }
  });
  let shownInPredict = false; // predict mode hides the output (it often prints the answers)
  root.addEventListener("click", (event) => {
    if ((event.target as HTMLElement).id !== "output-show") return;
    shownInPredict = true;
    render(store.state);
  });
  store.subscribe((state, changed) => {
    if (touched(changed, "run", "predict")) {
      if (touched(changed, "run") || !state.predict) shownInPredict = false;
      render(state);
    }
  });

  function render(state: State): void {
    const run = state.run;
    if (!run) {
      root.innerHTML = "";
      return;
    }
    if (state.predict && !shownInPredict && run.status !== "running") {
      root.innerHTML = `<span class="label">Output</span><span class="hint" id="output-hidden">Hidden in predict mode: it may print the gradients you are predicting.</span> <button id="output-show" class="link">Show output</button>`;
      return;
    }
    if (run.status === "running") {
      root.innerHTML = `<span class="label">Output</span><span class="hint">(running: the output appears when the program ends)</span>`;
      return;
    }
    const cut = run.stdout_truncated
      ? `<div class="truncated" id="output-truncated">Output cut after ${bytes(new TextEncoder().encode(run.stdout).length)}: the program printed more than a run keeps.</div>`
      : "";
    const stdout = run.stdout ? `<span class="label">Output</span><div class="stdout">${escape(run.stdout)}</div>${cut}` : cut;
    const error = run.error
      ? `<div class="error" id="run-error"><span class="label">Error</span><b>${escape(run.error.type)}</b>: ${errorWithLine(run.error)}</div>`
      : "";
    root.innerHTML = stdout + error || `<span class="label">Output</span><span class="hint">(the program printed nothing)</span>`;
  }
}
