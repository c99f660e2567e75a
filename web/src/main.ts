// Boot: mount every view on the one store, wire the top bar, load a run (from Run, the gallery
// or a permalink) and keep the URL in step with what is on screen.
import "./styles.css";
performance.mark("script-start");
import { api, ApiError, type Example } from "./api/client";
import { indexCapture } from "./model/capture-index";
import { groupOps } from "./model/groups";
import { decodePermalink, encodePermalink, type Permalink } from "./permalink";
import { installKeyboard } from "./keyboard";
import { store, touched, type RunInfo, type State } from "./store";
import { CancelledError, dataWorker } from "./worker/client";

dataWorker.warm();
import { mountDiagnosis } from "./views/diagnosis";
import { mountDownload } from "./views/download";
import { mountEditor } from "./views/editor";
import { mountGallery, showSummary } from "./views/gallery";
import { defaultExpanded, mountGraph, toggleGroup } from "./views/graph";
import { mountInspector } from "./views/inspector";
import { mountLegend } from "./views/legend";
import { showLoading, updateLoading } from "./views/loading";
import { plotly } from "./views/charts";
import { mountMemory } from "./views/memory";
import { mountNorms } from "./views/norms";
import { mountTraining } from "./views/training";
import { mountKeepControl } from "./views/keep-control";
import { mountOutput } from "./views/output";
import { mountRunStatus } from "./views/run-status";
import { mountPredict } from "./views/predict";
import { mountTheme } from "./views/theme";
import { closeHelp, mountPanels, toggleHelp, togglePredict, togglePresenter } from "./views/panels";
import { mountSplitters } from "./views/splitters";
import { mountStepper, runToSelection } from "./views/stepper";
import { escape } from "./views/html";
import { toggleLegend } from "./views/graph-toolbar";
import * as stepping from "./stepping";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const editor = mountEditor($("editor"), () => void runProgram());
const graph = mountGraph($("graph"), $("graph-empty"));
mountStepper($("stepper"));
mountInspector($("panel-inspector"), {
  revealLine: (line) => editor.revealLine(line),
  toggleGroup,
  runTo: (op) => stepping.runTo(op),
});
mountDiagnosis($("panel-diagnosis"), $("diagnosis-count"), {
  revealLine: (line) => editor.markFinding(line),
  showFinding,
});
mountMemory($("panel-memory"));
mountNorms($("panel-norms"));
mountTraining($("panel-training"), $("tab-training"), {
  rerun: (keep) => {
    // the shown run's own program, with the new policy (the field says which)
    const source = store.state.capture?.program?.source;
    if (source != null && source !== editor.getCode()) editor.setCode(source);
    store.set({ keep });
    void runProgram();
  },
});
mountKeepControl($<HTMLInputElement>("keep-policy"));
mountOutput($("output"), (line) => editor.revealLine(line));
mountRunStatus($("run-status"), { stop: (id) => void stopRun(id), revealLine: (line) => editor.revealLine(line) });
mountLegend($("legend"));
mountPredict($("predict-card"));
mountPanels();
mountTheme($<HTMLButtonElement>("theme-toggle"));
mountSplitters();
$("run").addEventListener("click", () => void runProgram());
$("permalink").addEventListener("click", () => void copyPermalink());
mountDownload($<HTMLButtonElement>("download"));
const gallerySelect = $<HTMLSelectElement>("gallery");
let galleryExamples: Example[] = [];
const callSelect = $<HTMLSelectElement>("call-select");
callSelect.addEventListener("change", () => {
  const call = store.state.index?.calls.get(Number(callSelect.value));
  if (call) store.set({ call: call.id, tape: call.tape, step: 0, revealed: true, finding: null });
});

installKeyboard({
  run: () => void runProgram(),
  fit: graph.fit,
  zoom: (factor) => graph.cy.zoom({ level: graph.cy.zoom() * factor, renderedPosition: { x: graph.cy.width() / 2, y: graph.cy.height() / 2 } }),
  focusSearch: () => $("graph-search").focus(),
  selectNext,
  toggleSelectedGroup: () => {
    const selection = store.state.selection;
    if (selection?.kind === "group") toggleGroup(selection.id);
  },
  runToSelection,
  togglePresenter,
  togglePredict,
  toggleHelp,
  toggleLegend,
  closeOverlays: closeHelp,
});

function showFinding(at: number): void {
  const finding = store.state.index?.findings[at];
  if (!finding) return;
  const tensor = finding.tensors?.[0];
  const op = finding.ops?.[0];
  const selection = op != null ? { kind: "op" as const, id: op } : tensor != null ? { kind: "tensor" as const, id: tensor } : null;
  const call = finding.call != null ? store.state.index?.calls.get(finding.call) : undefined;
  store.set({ finding: at, selection, ...(call ? { call: call.id, tape: call.tape } : {}) });
  if (finding.line != null) editor.markFinding(finding.line);
}

/** Keyboard selection: the next node in reading order (left to right, top to bottom). */
function selectNext(direction: 1 | -1): void {
  const ordered = graph.cy.nodes().filter((n) => n.data("kind") !== "badge" && !n.isParent()).toArray()
    .map((n) => n as import("cytoscape").NodeSingular)
    .sort((a, b) => a.position("x") - b.position("x") || a.position("y") - b.position("y"));
  if (ordered.length === 0) return;
  const at = ordered.findIndex((n) => n.hasClass("selected"));
  const next = ordered[(at + direction + ordered.length) % ordered.length];
  const data = next.data();
  if (data.kind === "group") store.set({ selection: { kind: "group", id: data.group }, finding: null });
  else if (data.op != null) store.set({ selection: { kind: "op", id: data.op }, finding: null });
  else if (data.tensor != null) store.set({ selection: { kind: "tensor", id: data.tensor }, finding: null });
  graph.focusNode(next.id());
}

async function runProgram(): Promise<void> {
  const code = editor.getCode();
  if (!code.trim()) {
    store.set({ message: "Write a program or choose an example first." });
    return;
  }
  const chosen = galleryExamples.find((e) => e.id === gallerySelect.value);
  if (chosen && chosen.code !== code) {
    gallerySelect.value = ""; // edited: it is the user's own program now
    showSummary($("example-summary"), null);
  }
  const button = $<HTMLButtonElement>("run");
  button.disabled = true;
  button.textContent = "Running…";
  try {
    const summary = await untilEnded(await api.start(code, store.state.keep || undefined));
    await loadRun(summary.id, { run: summary.id }, summary);
  } catch (error) {
    reportError(error);
  } finally {
    button.disabled = false;
    button.innerHTML = `Run <kbd>Ctrl ↵</kbd>`;
  }
}

/** Follow a running run to its end: a quick run goes straight to its graph; a slow one is shown
 * running (elapsed time, Stop) so that the URL and Copy link name it. */
async function untilEnded(summary: RunInfo): Promise<RunInfo> {
  const started = performance.now();
  let shown = false;
  while (summary.status === "running") {
    if (!shown && performance.now() - started > 300) {
      shown = true;
      showRunning(summary);
    }
    await new Promise((resolve) => window.setTimeout(resolve, shown ? 250 : 60));
    summary = await api.summary(summary.id);
    if (shown && summary.status === "running") store.set({ run: summary });
  }
  return summary;
}

/** The running run is the one shown (the URL and Copy link name it); the last graph is cleared. */
function showRunning(summary: RunInfo): void {
  store.set({
    run: summary, capture: null, index: null, tape: null, call: null, step: 0, selection: null,
    finding: null, playing: false,
  });
}

async function stopRun(id: string): Promise<void> {
  try {
    await api.cancel(id);
  } catch (error) {
    reportError(error);
  }
}

function reportError(error: unknown): void {
  const message = error instanceof ApiError ? `${error.message} (${error.code})` : String(error);
  store.set({ message });
  $("output").innerHTML = `<div class="error"><span class="label">Server</span>${escape(message)}</div>`;
}

async function loadRun(id: string, link: Permalink, known?: RunInfo): Promise<void> {
  const started = performance.now();
  (window as unknown as { __openStartedAt: number }).__openStartedAt = started;
  let hide: (() => void) | null = null;
  const timer = window.setTimeout(() => {
    hide = showLoading("Downloading the capture", () => dataWorker.cancel());
  }, 250);
  try {
    const loading = dataWorker.loadCapture(api.captureUrl(id), (phase, done, total) => updateLoading(phase, done, total));
    const run = known ?? (await api.summary(id));
    const { capture } = await loading;
    performance.mark("capture-loaded");
    const index = indexCapture(capture);
    const calls = [...index.calls.values()];
    const linked = link.call != null ? index.calls.get(link.call) : undefined;
    // open on the call the first problem is about (its badge and cut are then on screen)
    const problem = index.findings.find((f) => f.severity === "error" && f.call != null)
      ?? index.findings.find((f) => f.severity === "warning" && f.call != null);
    const troubled = problem ? index.calls.get(problem.call!) : undefined;
    const firstCall = linked ?? troubled ?? calls.find((c) => (c.steps?.length ?? 0) > 0) ?? calls[0];
    const tapes = [...index.tapes.values()];
    const tape = link.tape ?? firstCall?.tape ?? tapes.find((t) => (t.records?.length ?? 0) > 0)?.id ?? tapes[0]?.id ?? null;
    const records = tape != null ? index.tapes.get(tape)?.records ?? [] : [];
    const groups = groupOps(index, records).groups.keys();
    const expanded = link.expanded ? new Set(link.expanded) : defaultExpanded(records.length, groups);
    const hasProblems = index.findings.some((f) => f.severity !== "info");
    const state: Partial<State> = {
      run, capture, index, tape,
      call: link.call ?? firstCall?.id ?? null,
      step: link.step ?? 0,
      revealed: link.revealed ?? true,
      selection: link.selection ?? null,
      finding: null,
      expanded,
      panel: link.panel ?? (hasProblems || run.error ? "diagnosis" : store.state.panel),
      playing: false,
      grouping: null, // the new tape's groups: the graph view groups it again
    };
    if (link.presenter !== undefined) state.presenter = link.presenter;
    if (link.predict !== undefined) state.predict = link.predict;
    if (capture.program?.source != null && capture.program.source !== editor.getCode()) editor.setCode(capture.program.source);
    if (link.view) graph.restoreView(link.view);
    store.set(state);
    (window as unknown as { __openMs: number }).__openMs = performance.now() - started;
  } catch (error) {
    if (!(error instanceof CancelledError)) reportError(error);
  } finally {
    window.clearTimeout(timer);
    (hide as (() => void) | null)?.();
  }
}

function defaultOpen(state: State): ReadonlySet<string> {
  const records = state.tape != null ? state.index?.tapes.get(state.tape)?.records?.length ?? 0 : 0;
  return defaultExpanded(records, store.state.grouping?.groups.keys() ?? []);
}

async function copyPermalink(): Promise<void> {
  const link = location.origin + location.pathname + encodePermalink(store.state, graph.settledView(), defaultOpen(store.state));
  window.clearTimeout(urlTimer);
  history.replaceState(null, "", link);
  try {
    await navigator.clipboard.writeText(link);
    store.set({ message: "Link copied: it opens this run at this step with this selection." });
  } catch {
    store.set({ message: "Link is in the address bar." });
  }
}

function renderCalls(state: State): void {
  const calls = [...(state.index?.calls.values() ?? [])];
  callSelect.disabled = calls.length === 0;
  callSelect.parentElement!.style.display = calls.length ? "" : "none";
  callSelect.innerHTML = calls.length
    ? calls.map((c) => {
        const nones = (c.results ?? []).filter((r) => r.gradient == null).length;
        const line = c.location ? ` · line ${c.location.line}` : "";
        const flag = c.error ? " · raised" : nones ? ` · ${nones} None` : "";
        return `<option value="${c.id}">${c.id + 1}. tape.${c.kind}${line}${flag}</option>`;
      }).join("")
    : `<option>none</option>`;
  if (state.call != null) callSelect.value = String(state.call);
}

let urlTimer: number | undefined;

store.subscribe((state, changed) => {
  if (touched(changed, "index", "call")) renderCalls(state);
  if (touched(changed, "selection") && state.selection) {
    const index = state.index;
    const line = state.selection.kind === "op" ? index?.ops.get(state.selection.id)?.location?.line
      : state.selection.kind === "tensor" ? index?.tensors.get(state.selection.id)?.location?.line : undefined;
    if (line != null) editor.revealLine(line);
  }
  if (touched(changed, "run", "tape", "call", "step", "selection", "presenter", "predict", "revealed", "panel", "expanded") && state.run) {
    // debounced: browsers throttle (and warn about) frequent history updates while playing
    window.clearTimeout(urlTimer);
    urlTimer = window.setTimeout(() => {
      history.replaceState(null, "", location.pathname + encodePermalink(store.state, null, defaultOpen(store.state)));
    }, 250);
  }
});

async function boot(): Promise<void> {
  const link = decodePermalink(location.hash, location.pathname);
  const choose = (example: Example) => {
    showSummary($("example-summary"), example);
    editor.setCode(example.code);
    // the keys the summary advertises (-> to step) go to the graph, not to the Example list
    gallerySelect.blur();
    $("graph").focus({ preventScroll: true });
    void runProgram();
  };
  const examples = mountGallery(gallerySelect, choose).then((list) => (galleryExamples = list));
  if (link.run) {
    if (link.presenter) store.set({ presenter: true });
    // a link to a panel of charts: Plotly downloads beside the run instead of after it
    if (link.panel && link.panel !== "inspector" && link.panel !== "diagnosis") void plotly();
    try {
      const summary = await untilEnded(await api.summary(link.run)); // a link to a run still running
      await loadRun(link.run, link, summary);
    } catch (error) {
      reportError(error);
    }
  } else {
    store.refresh();
    const list = await examples;
    const first = list[0];
    if (first && !editor.getCode()) {
      // the first example is ready to run: the gallery names the program the editor shows
      editor.setCode(first.code);
      gallerySelect.value = first.id;
      showSummary($("example-summary"), first);
    }
  }
  document.body.dataset.booted = "1";
}

// for the browser tests and the curious: the store and the stepper, read-only by convention
(window as unknown as { __tapescope: unknown }).__tapescope = { store, stepping };

void boot();
