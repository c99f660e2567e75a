// The run's state above the graph, said plainly: running (elapsed time, Stop), error (red, the
// exception at its line, what was kept), limit (which limit), cancelled, crashed. A run that ended
// well shows nothing here: the graph is the news.
import type { RunSummary } from "../api/client";
import { store, touched } from "../store";
import { escape } from "./html";

export interface RunStatusActions {
  stop(runId: string): void;
  revealLine(line: number): void;
}

/** The error's message with its "at line N" as a link (and the line appended when it is not named). */
export function errorWithLine(error: NonNullable<RunSummary["error"]>): string {
  const message = escape(error.message);
  if (error.line == null) return message;
  const link = `<a href="#" data-line="${error.line}">line ${error.line}</a>`;
  const named = new RegExp(`\\bline ${error.line}\\b`);
  return named.test(message) ? message.replace(named, link) : `${message} — at ${link}`;
}

export function mountRunStatus(root: HTMLElement, actions: RunStatusActions): void {
  let timer: number | undefined;
  root.addEventListener("click", (event) => {
    const target = event.target as HTMLElement;
    const line = target.closest<HTMLElement>("[data-line]");
    if (line) {
      event.preventDefault();
      actions.revealLine(Number(line.dataset.line));
    }
    if (target.closest("#run-stop") && store.state.run) {
      (target.closest("#run-stop") as HTMLButtonElement).disabled = true;
      actions.stop(store.state.run.id);
    }
  });

  store.subscribe((state, changed) => {
    if (!touched(changed, "run", "tape")) return;
    window.clearInterval(timer);
    const run = state.run;
    root.dataset.status = run?.status ?? "";
    if (!run || run.status === "ok") {
      root.hidden = true;
      root.innerHTML = "";
      return;
    }
    root.hidden = false;
    if (run.status === "running") {
      const since = performance.now() - (run.duration_ms ?? 0);
      root.className = "run-status running";
      root.innerHTML = `<span class="spinner" aria-hidden="true"></span><b>Running</b> <span id="run-elapsed" class="elapsed">0.0 s</span>
        <span class="hint">The graph appears when the program ends.</span>
        <button id="run-stop" class="stop" title="Stop the program on the server">Stop</button>`;
      const elapsed = root.querySelector<HTMLElement>("#run-elapsed")!;
      const tick = () => (elapsed.textContent = `${((performance.now() - since) / 1000).toFixed(1)} s`);
      tick();
      timer = window.setInterval(tick, 100);
      return;
    }
    const recorded = run.tapes.some((t) => t.records > 0);
    const kept = recorded
      ? "The graph shows what the program recorded before it stopped."
      : "Nothing was recorded before it stopped.";
    const error = run.error;
    const head: Record<string, string> = {
      error: "The program raised",
      limit: "Stopped at a limit",
      cancelled: "Stopped",
      crashed: "The run failed",
    };
    root.className = `run-status ${run.status}`;
    root.innerHTML = `<span class="mark" aria-hidden="true">${run.status === "error" || run.status === "crashed" ? "✕" : "■"}</span>
      <div><b>${head[run.status] ?? run.status}</b>${error ? `: <code>${escape(error.type)}</code> ${errorWithLine(error)}` : ""}
      <span class="hint">${kept}</span></div>`;
  });
}
