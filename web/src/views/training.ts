// The training view: a long run's steps side by side. The loss curve with markers where a step
// went wrong, the gradient norm per layer (rows) by step (columns) on a log colour scale, and
// each variable's update/weight ratio. Clicking a step kept in full opens its tape in the graph
// and the stepper; a dropped step says why it has no tape and offers to re-run keeping it.
import { api, type RunSummary } from "../api/client";
import { num } from "../model/format";
import {
  bucketMax, bucketSize, envelope, keepWith, loadTraining, shortNames,
  type Mark, type SiteSeries, type StepRecord, type Training,
} from "../model/training";
import { store, touched, type State } from "../store";
import { baseLayout, plotConfig, plotly } from "./charts";
import { escape } from "./html";
import "./training.css";

const MAX_COLUMNS = 600; // heatmap columns drawn; more steps share a column (its largest norm)
const MAX_BUCKETS = 1000; // line buckets (2 points each)
const MARK_STYLE: Record<Mark, { label: string; color: string; y: number }> = {
  nonfinite: { label: "NaN/Inf", color: "#c62f2f", y: 0.97 },
  none: { label: "None gradient", color: "#8a2a8a", y: 0.9 },
  jump: { label: "norm jump", color: "#b7791f", y: 0.83 },
};
const LINE_COLORS = ["#3450a1", "#1f7a6d", "#c27c3a", "#8a6bb8", "#5f8f4a", "#4f8fbf", "#a34d6d", "#6b7a89"];

interface Actions {
  /** Run the shown run's program again with this keep policy. */
  rerun(keep: string): void;
}

type PlotElement = HTMLElement & { on(event: string, handler: (data: { points: { x: number; customdata?: unknown }[] }) => void): void };

export function mountTraining(root: HTMLElement, tab: HTMLElement, actions: Actions): void {
  root.innerHTML = `
    <h2>Training</h2>
    <p class="hint" id="training-caption"></p>
    <label class="field training-site" hidden><span>Loop</span><select id="training-site" aria-label="Training loop"></select></label>
    <div class="plot training-plot" id="training-loss" role="img" aria-label="Loss per step"></div>
    <div class="plot training-plot" id="training-norms" role="img" aria-label="Gradient norm per layer by step"></div>
    <div class="plot training-plot" id="training-ratios" role="img" aria-label="Update to weight ratio per variable"></div>
    <div id="training-step" class="training-step" aria-live="polite"></div>
    <div id="training-kept" class="training-kept"></div>`;
  const $ = <T extends HTMLElement>(id: string) => root.querySelector<T>(`#${id}`)!;
  const plots = { loss: $("training-loss"), norms: $("training-norms"), ratios: $("training-ratios") };
  const siteSelect = $<HTMLSelectElement>("training-site");
  let loadedFor: string | null = null;
  let training: Training | null = null;
  let loading: Promise<void> | null = null;
  let siteAt = 0;
  let selected: number | null = null;
  let pendingStep: number | null = null; // a re-run asked to keep this step: open it when it arrives
  let openedAt = 0;

  siteSelect.addEventListener("change", () => {
    siteAt = Number(siteSelect.value);
    selected = null;
    void draw(store.state);
  });
  root.addEventListener("click", (event) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>("[data-step]");
    if (!target) return;
    if (target.dataset.action === "keep") {
      const step = Number(target.dataset.step);
      pendingStep = step;
      actions.rerun(keepWith(training?.keep ?? store.state.run?.keep ?? null, step));
    } else choose(Number(target.dataset.step));
  });

  store.subscribe((state, changed) => {
    if (touched(changed, "run")) {
      const steps = state.run?.steps ?? 0;
      tab.hidden = steps <= 1;
      if (state.run?.id !== loadedFor) {
        training = null;
        loadedFor = null;
        selected = null;
        siteAt = 0;
        root.dataset.state = "idle";
      }
      // a run still running has no steps yet: the tab waits for it (a "keep this step" re-run)
      const running = state.run?.status === "running";
      if (steps <= 1 && !running && state.panel === "training") store.set({ panel: "inspector" });
      if (steps > 1 && state.run && loadedFor !== state.run.id) {
        // fetched (and Plotly loaded) at once, while the graph is laid out: the tab opens drawn
        loadedFor = state.run.id;
        openedAt = performance.now();
        const id = state.run.id;
        loading = Promise.all([load(state.run), plotly()]).then(() => {
          root.dataset.prefetched = id; // for the tests: what the click then only has to draw
        });
      }
    }
    if (!touched(changed, "run", "index", "panel", "presenter")) return;
    if (state.panel !== "training" || !state.run || state.run.steps <= 1 || !state.index) return;
    void show(state);
  });

  async function show(state: State): Promise<void> {
    const run = state.run!;
    if (loadedFor !== run.id) {
      loadedFor = run.id;
      openedAt = performance.now();
      loading = load(run);
    }
    const waited = performance.now();
    await loading;
    root.dataset.waitMs = String(Math.round(performance.now() - waited));
    if (store.state.run?.id !== run.id) return;
    await draw(store.state);
    if (pendingStep != null) {
      const step = pendingStep;
      pendingStep = null;
      choose(step);
    }
  }

  async function load(run: RunSummary): Promise<void> {
    root.dataset.state = "loading";
    $("training-caption").textContent = `Loading ${run.steps.toLocaleString()} step records…`;
    try {
      const loaded = await loadTraining((offset, limit) => api.steps(run.id, offset, limit));
      if (store.state.run?.id !== run.id) return;
      training = loaded;
      siteSelect.innerHTML = loaded.sites
        .map((s, i) => `<option value="${i}">line ${s.site.location?.line ?? "?"} · ${s.records.length.toLocaleString()} steps</option>`)
        .join("");
      siteSelect.parentElement!.hidden = loaded.sites.filter((s) => s.records.length > 1).length < 2;
    } catch (error) {
      root.dataset.state = "error";
      $("training-caption").textContent = `The step records could not be loaded: ${String(error)}`;
      loadedFor = null;
    }
  }

  let drawStarted = 0;

  async function draw(state: State): Promise<void> {
    drawStarted = performance.now();
    const series = training?.sites[siteAt];
    if (!training || !series) return;
    const Plotly = await plotly();
    const n = series.records.length;
    const kept = series.records.filter((r) => r.kept).length;
    $("training-caption").innerHTML = `${n.toLocaleString()} steps at line ${series.site.location?.line ?? "?"}; ` +
      `${kept} kept in full (keep <code>${escape(training.keep ?? "default")}</code>). Click a step to open it.`;
    const presenter = state.presenter;
    await Promise.all([
      Plotly.react(plots.loss, lossTraces(series), lossLayout(series, presenter), plotConfig),
      Plotly.react(plots.norms, normTraces(series), normLayout(series, presenter), plotConfig),
      Plotly.react(plots.ratios, ratioTraces(series), ratioLayout(series, presenter), plotConfig),
    ]);
    for (const [name, plot] of Object.entries(plots)) {
      plot.dataset.chart = name;
      plot.dataset.steps = String(n);
      if (!plot.dataset.bound) {
        plot.dataset.bound = "1";
        (plot as PlotElement).on("plotly_click", (data) => {
          const point = data.points[0];
          if (!point) return;
          const step = typeof point.customdata === "number" ? point.customdata : Math.round(Number(point.x));
          choose(nearestStep(step, name === "norms" ? bucketSize(n, MAX_COLUMNS) : 1));
        });
      }
    }
    renderKept(series);
    renderStep();
    if (selected != null) await cursor();
    root.dataset.state = "ready";
    root.dataset.steps = String(n);
    root.dataset.ms = String(Math.round(performance.now() - openedAt));
    root.dataset.drawMs = String(Math.round(performance.now() - drawStarted));
  }

  /** Within a heatmap column of `size` steps, the kept step if there is one, else its first. */
  function nearestStep(step: number, size: number): number {
    const series = training?.sites[siteAt];
    if (!series || size === 1) return step;
    const start = Math.floor(step / size) * size;
    return series.records.slice(start, start + size).find((r) => r.kept)?.step ?? start;
  }

  function choose(step: number): void {
    const series = training?.sites[siteAt];
    const record = series?.records[step];
    if (!record) return;
    selected = step;
    renderStep();
    void cursor();
    if (record.kept && (record.tapes ?? []).length > 0) {
      const tape = record.tapes![0];
      const call = record.calls?.[0] ?? [...(store.state.index?.calls.values() ?? [])].find((c) => c.tape === tape)?.id ?? null;
      store.set({ tape, call, step: 0, revealed: true, selection: null, finding: null, playing: false });
    }
  }

  function renderStep(): void {
    const box = $("training-step");
    const series = training?.sites[siteAt];
    const record = selected != null ? series?.records[selected] : undefined;
    if (!series || !record) {
      box.innerHTML = "";
      box.dataset.step = "";
      return;
    }
    box.dataset.step = String(record.step);
    box.dataset.kept = String(record.kept);
    const facts = stepFacts(series, record);
    if (record.kept) {
      const tape = record.tapes?.[0];
      box.innerHTML = `<h3>Step ${record.step} · kept (${escape((record.reasons ?? []).join(", ") || "kept")})</h3>${facts}
        <p>${tape != null ? `Its tape (${tape + 1}) is open in the graph and the stepper.` : "It recorded no tape."}</p>`;
      return;
    }
    const policy = training?.keep ?? store.state.run?.keep ?? "first:3,last:3,anomalies";
    const keep = keepWith(training?.keep ?? store.state.run?.keep ?? null, record.step);
    box.innerHTML = `<h3>Step ${record.step} · not kept</h3>${facts}
      <p class="dropped">This step has no tape: the run kept full detail (tensors, ops, backward steps) only for the
      steps its policy <code>${escape(policy)}</code> names, and step ${record.step} is none of them, so only this
      record was stored.</p>
      <p><button class="primary" id="training-keep" data-action="keep" data-step="${record.step}">Keep this step</button></p>
      <p class="hint">Runs the program again with keep <code>${escape(keep)}</code>. The re-run shows this same step
      only if the program is deterministic (fixed seeds, same data order, no clock or randomness).</p>`;
  }

  function renderKept(series: SiteSeries): void {
    const kept = series.records.filter((r) => r.kept);
    $("training-kept").innerHTML = kept.length
      ? `<h3>Kept steps</h3><div class="kept-list">${kept.map((r) =>
          `<button class="kept-step${(r.marks ?? []).length ? " marked" : ""}" data-step="${r.step}" title="${escape((r.reasons ?? []).join(", "))}">${r.step}</button>`).join("")}</div>`
      : "";
  }

  async function cursor(): Promise<void> {
    const Plotly = await plotly();
    const shapes = selected == null ? [] : [{
      type: "line", xref: "x", yref: "paper", x0: selected, x1: selected, y0: 0, y1: 1,
      line: { color: "#1c2733", width: 1.5, dash: "dot" },
    }];
    for (const plot of Object.values(plots)) {
      if (plot.dataset.chart) await Plotly.relayout(plot, { shapes });
    }
    for (const button of root.querySelectorAll<HTMLElement>(".kept-step")) {
      button.setAttribute("aria-pressed", String(Number(button.dataset.step) === selected));
    }
  }
}

function stepFacts(series: SiteSeries, record: StepRecord): string {
  const losses = (record.losses ?? []).map((l) => num(l)).join(", ") || "—";
  const marks = (record.marks ?? []).map((m) => MARK_STYLE[m as Mark].label).join(", ");
  const layers = shortNames(series.site.layers ?? []);
  const norms = (record.layer_norms ?? []).map((v, i) => `${escape(layers[i] ?? String(i))} ${num(v, 3)}`).join(" · ");
  return `<dl class="facts">
    <dt>Loss</dt><dd>${escape(losses)}</dd>
    ${marks ? `<dt>Unusual</dt><dd class="marks">${escape(marks)}</dd>` : ""}
    <dt>‖∇‖ per layer</dt><dd>${norms || "—"}</dd>
    <dt>None / zero / NaN</dt><dd>${record.none_gradients} / ${record.zero_gradients} / ${record.nonfinite_gradients}</dd>
  </dl>`;
}

function axisFont(presenter: boolean) {
  return { size: presenter ? 14 : 11 };
}

/** The steps axis, padded so the markers on the first and last step are whole. */
function stepRange(series: SiteSeries): [number, number] {
  const pad = Math.max(1, series.records.length * 0.02);
  return [-pad, series.records.length - 1 + pad];
}

function lossTraces(series: SiteSeries): unknown[] {
  const n = series.records.length;
  const line = envelope(series.loss, bucketSize(n, MAX_BUCKETS));
  const top = (step: number) => (Number.isNaN(series.loss[step]) ? null : series.loss[step]);
  const kept = series.records.filter((r) => r.kept && top(r.step) != null);
  const traces: unknown[] = [
    { type: "scatter", mode: "lines", x: line.x, y: line.y, line: { color: "#3450a1", width: 1.5 }, name: "loss", hovertemplate: "step %{x}<br>loss %{y:.4g}<extra></extra>" },
    {
      type: "scatter", mode: "markers", name: "kept", x: kept.map((r) => r.step), y: kept.map((r) => top(r.step)),
      customdata: kept.map((r) => r.step), marker: { color: "#ffffff", size: 8, line: { color: "#1c2733", width: 1.5 } },
      hovertemplate: "step %{x} (kept: click to open)<br>loss %{y:.4g}<extra></extra>",
    },
  ];
  for (const mark of Object.keys(MARK_STYLE) as Mark[]) {
    const steps = thin(series.marked[mark], n);
    if (steps.length === 0) continue;
    const style = MARK_STYLE[mark];
    traces.push({
      type: "scatter", mode: "markers", name: style.label, x: steps, y: steps.map(() => style.y), yaxis: "y2", customdata: steps,
      marker: { symbol: "line-ns-open", size: 11, color: style.color, line: { width: 2.5, color: style.color } },
      hovertemplate: `step %{x}: ${style.label}<extra></extra>`,
    });
  }
  return traces;
}

/** Marked steps, at most one per heatmap column's worth of steps, so a NaN from step 18 on stays cheap. */
function thin(steps: number[], n: number): number[] {
  const size = bucketSize(n, MAX_COLUMNS);
  if (size === 1) return steps;
  const seen = new Set<number>();
  return steps.filter((s) => {
    const bucket = Math.floor(s / size);
    if (seen.has(bucket)) return false;
    seen.add(bucket);
    return true;
  });
}

function lossLayout(series: SiteSeries, presenter: boolean) {
  const finite = [...series.loss].filter((v) => !Number.isNaN(v));
  const positive = finite.length > 0 && finite.every((v) => v > 0);
  const spread = positive ? Math.max(...finite) / Math.min(...finite) : 1;
  return {
    ...baseLayout(presenter),
    margin: { l: 56, r: 12, t: 26, b: 24 },
    hovermode: "closest",
    showlegend: true,
    legend: { orientation: "h", x: 0, y: 1.02, yanchor: "bottom", font: { size: presenter ? 13 : 10.5 } },
    xaxis: { gridcolor: "#eef1f4", range: stepRange(series), tickfont: axisFont(presenter) },
    yaxis: {
      title: { text: "loss" }, type: positive && spread > 50 ? "log" : "linear", dtick: positive && spread > 50 ? 1 : undefined,
      gridcolor: "#eef1f4", exponentformat: "power", tickfont: axisFont(presenter),
    },
    yaxis2: { overlaying: "y", range: [0, 1], visible: false, fixedrange: true },
  };
}

function normTraces(series: SiteSeries): unknown[] {
  const n = series.records.length;
  const size = bucketSize(n, MAX_COLUMNS);
  const rows = series.layerNorms.map((row) => bucketMax(row, size));
  const positive = rows.flat().filter((v) => v > 0);
  const floor = positive.length ? Math.min(...positive) : 1;
  // log10 of the norm; a zero norm sits at the floor, None/NaN stay gaps (drawn in the red behind)
  const z = rows.map((row) => row.map((v) => (Number.isNaN(v) ? null : Math.log10(v > 0 ? v : floor))));
  const values = z.flat().filter((v): v is number => v != null);
  const lo = values.length ? Math.floor(Math.min(...values)) : -1;
  const hi = values.length ? Math.ceil(Math.max(...values)) : 1;
  const ticks: number[] = [];
  for (let t = lo; t <= hi; t += Math.max(1, Math.ceil((hi - lo) / 5))) ticks.push(t);
  const x = rows[0]?.map((_, i) => i * size + (size - 1) / 2) ?? [];
  const labels = shortNames(series.site.layers ?? []);
  // None/NaN cells in the app's colour for those, as a second layer (a heatmap leaves them empty)
  const bad = rows.map((row) => row.map((v) => (Number.isNaN(v) ? 1 : null)));
  return [{
    type: "heatmap", z, x, y: labels, colorscale: "Viridis", zmin: lo, zmax: hi,
    customdata: rows.map((row) => row.map((_, i) => i * size)),
    hovertemplate: size === 1 ? "step %{x}<br>%{y}: ‖∇‖ 1e%{z:.2f}<extra></extra>" : "steps from %{customdata}<br>%{y}: max ‖∇‖ 1e%{z:.2f}<extra></extra>",
    colorbar: { thickness: 10, outlinewidth: 0, tickvals: ticks, ticktext: ticks.map((t) => `1e${t}`), xpad: 4 },
  }, {
    type: "heatmap", z: bad, x, y: labels, colorscale: [[0, "#c62f2f"], [1, "#c62f2f"]], showscale: false,
    customdata: rows.map((row) => row.map((_, i) => i * size)),
    hovertemplate: "steps from %{customdata}<br>%{y}: None or NaN gradient<extra></extra>",
  }];
}

function normLayout(series: SiteSeries, presenter: boolean) {
  const layers = series.site.layers?.length ?? 0;
  return {
    ...baseLayout(presenter),
    margin: { l: 56, r: 8, t: 22, b: 30 },
    title: { text: "gradient norm per layer (log colour)", font: { size: presenter ? 14 : 11.5 }, x: 0, xanchor: "left", y: 0.99 },
    xaxis: { range: stepRange(series), tickfont: axisFont(presenter), gridcolor: "rgba(0,0,0,0)" },
    yaxis: { autorange: "reversed", automargin: true, tickfont: { size: presenter ? 13 : layers > 12 ? 9 : 11 }, dtick: 1 },
  };
}

function ratioTraces(series: SiteSeries): unknown[] {
  const n = series.records.length;
  const size = bucketSize(n, MAX_BUCKETS);
  const names = shortNames(series.site.variables ?? []);
  const layerOf = series.site.layer_of ?? [];
  return series.ratios.map((row, i) => {
    const line = size === 1 ? envelope(row, 1) : { x: bucketMax(row, size).map((_, b) => b * size), y: bucketMax(row, size).map((v) => (Number.isNaN(v) ? null : v)) };
    const bias = /bias$/.test(names[i]);
    return {
      type: "scatter", mode: "lines", name: names[i], x: line.x, y: line.y.map((v) => (v != null && v > 0 ? v : null)),
      line: { color: LINE_COLORS[(layerOf[i] ?? i) % LINE_COLORS.length], width: bias ? 1 : 1.6, dash: bias ? "dot" : "solid" },
      hovertemplate: `${names[i]}<br>step %{x}: %{y:.3g}<extra></extra>`,
    };
  });
}

function ratioLayout(series: SiteSeries, presenter: boolean) {
  return {
    ...baseLayout(presenter),
    margin: { l: 56, r: 12, t: 22, b: 30 },
    hovermode: "closest",
    title: { text: "update / weight ratio per variable", font: { size: presenter ? 14 : 11.5 }, x: 0, xanchor: "left", y: 0.99 },
    xaxis: { title: { text: "step" }, range: stepRange(series), gridcolor: "#eef1f4", tickfont: axisFont(presenter) },
    yaxis: { type: "log", dtick: 1, gridcolor: "#eef1f4", exponentformat: "power", tickfont: axisFont(presenter) },
    shapes: [],
    annotations: [],
  };
}
