// Gradient norm per op (in backward order) or per layer, on a log scale, with the vanishing and
// exploding thresholds marked; bars appear as the stepper reaches them.
import type { GradientCall } from "../api/types";
import type { CaptureIndex } from "../model/capture-index";
import { thresholds } from "../model/thresholds";
import { store, touched, type State } from "../store";
import { baseLayout, plotConfig, plotly } from "./charts";

interface Bar {
  label: string;
  norm: number; // NaN when non-finite
  step: number; // 1-based step at which it is known
  ops: number[];
}

export function mountNorms(root: HTMLElement): void {
  root.innerHTML = `
    <h2>Gradient norms</h2>
    <div class="hint" id="norms-caption"></div>
    <div class="mode-switch" role="group" aria-label="Group norms by">
      <button class="toggle" id="norms-by-op" aria-pressed="true">Per op</button>
      <button class="toggle" id="norms-by-layer" aria-pressed="false">Per layer</button>
    </div>
    <div class="plot tall" id="norms-plot" role="img" aria-label="Gradient norm per op"></div>`;
  const plot = root.querySelector<HTMLElement>("#norms-plot")!;
  const byOp = root.querySelector<HTMLButtonElement>("#norms-by-op")!;
  const byLayer = root.querySelector<HTMLButtonElement>("#norms-by-layer")!;
  let perLayer = false;
  const setMode = (layer: boolean) => {
    perLayer = layer;
    byOp.setAttribute("aria-pressed", String(!layer));
    byLayer.setAttribute("aria-pressed", String(layer));
    void draw(store.state);
  };
  byOp.addEventListener("click", () => setMode(false));
  byLayer.addEventListener("click", () => setMode(true));

  store.subscribe((state, changed) => {
    if (!touched(changed, "index", "call", "step", "revealed", "predict", "presenter", "panel", "dark")) return;
    if (state.panel === "norms") void draw(state);
  });

  async function draw(state: State): Promise<void> {
    const Plotly = await plotly();
    const index = state.index;
    const call = index && state.call != null ? index.calls.get(state.call) : undefined;
    const caption = root.querySelector<HTMLElement>("#norms-caption")!;
    if (!index || !call || (call.steps ?? []).length === 0) {
      Plotly.purge(plot);
      plot.dataset.chart = "none";
      caption.textContent = "No backward steps to measure.";
      return;
    }
    const bars = perLayer ? layerBars(index, call) : opBars(index, call);
    const factors = thresholds(state.capture);
    const seed = bars.find((b) => Number.isFinite(b.norm) && b.norm > 0)?.norm ?? 1;
    const vanish = seed * factors.vanishing;
    const explode = seed * factors.exploding;
    const positive = bars.map((b) => b.norm).filter((n) => Number.isFinite(n) && n > 0);
    const floor = Math.min(vanish, ...positive) / 10;
    const visible = (b: Bar) => b.step <= state.step || (!state.predict && state.step === 0);
    const y = bars.map((b) => (visible(b) ? (Number.isFinite(b.norm) ? Math.max(b.norm, floor) : floor) : null));
    const colors = bars.map((b) => {
      if (!visible(b)) return "#dde3e9";
      if (!Number.isFinite(b.norm) || b.norm > explode) return "#c62f2f";
      if (b.norm < vanish) return "#d69e2e";
      return b.step === state.step ? "#3450a1" : "#8ea0d4";
    });
    const text = bars.map((b) => (!Number.isFinite(b.norm) ? "NaN" : b.norm === 0 ? "0" : ""));
    const size = state.presenter ? 13 : 10;
    await Plotly.react(
      plot,
      [{
        type: "bar", x: bars.map((_, i) => i), y, marker: { color: colors }, text, textposition: "outside",
        customdata: bars.map((b) => b.label), hovertemplate: "%{customdata}<br>‖∇‖ = %{y:.3g}<extra></extra>",
      }],
      {
        ...baseLayout(state.presenter),
        margin: { l: 58, r: 12, t: 10, b: perLayer ? 70 : 60 },
        yaxis: { type: "log", title: { text: "‖∇‖ (log)" }, gridcolor: state.dark ? "#2a3440" : "#eef1f4", exponentformat: "power" },
        xaxis: {
          ...ticks(bars, plot.clientWidth, size),
          tickfont: { size }, title: { text: perLayer ? "layer (backward order)" : "op (backward order)" },
        },
        shapes: [threshold(vanish, "#d69e2e"), threshold(explode, "#c62f2f")],
        annotations: [label(vanish, "vanishing", "#b7791f"), label(explode, "exploding", "#c62f2f")],
      },
      plotConfig,
    );
    plot.dataset.chart = "norms";
    plot.dataset.bars = String(bars.length);
    plot.dataset.ticks = String(Math.min(bars.length, ticks(bars, plot.clientWidth, size).tickvals.length));
    caption.textContent = `The norm of the gradient reaching each ${perLayer ? "layer" : "op"}, from the target back to the sources. Below ${factors.vanishing.toExponential(0)}× the norm nearest the target it vanishes, above ${factors.exploding.toExponential(0)}× it explodes.`;
  }
}

/** Per backward step: the norm of the gradient arriving at the op (its upstream). */
function opBars(index: CaptureIndex, call: GradientCall): Bar[] {
  if ((call.norms ?? []).length > 0) {
    return call.norms!.map((n) => {
      const op = index.ops.get(n.op);
      return { label: `${op?.type ?? "op"}${op?.location ? ` ·${op.location.line}` : ""}`, norm: n.norm ?? NaN, step: n.step + 1, ops: [n.op] };
    });
  }
  return (call.steps ?? []).map((step, i) => {
    const op = index.ops.get(step.op)!;
    const grads = step.upstream.map((g) => (g.gradient != null ? index.tensors.get(g.gradient)?.summary : undefined));
    return { label: `${op.type}${op.location ? ` ·${op.location.line}` : ""}`, norm: combinedNorm(grads), step: i + 1, ops: [op.id] };
  });
}

function layerBars(index: CaptureIndex, call: GradientCall): Bar[] {
  if ((call.layers ?? []).length > 0) {
    return call.layers!.map((l) => ({ label: l.name, norm: l.norm ?? NaN, step: l.step + 1, ops: [l.op] }));
  }
  const layers = new Map<string, Bar>();
  for (const bar of opBars(index, call)) {
    const scope = index.ops.get(bar.ops[0])!.scope || "(no scope)";
    const layer = layers.get(scope);
    if (!layer) layers.set(scope, { ...bar, label: scope });
    else {
      layer.norm = Math.max(layer.norm, bar.norm);
      layer.ops.push(...bar.ops);
    }
  }
  return [...layers.values()];
}

function combinedNorm(summaries: ({ norm?: number | null; nans: number; infs: number } | undefined)[]): number {
  let sum = 0;
  for (const s of summaries) {
    if (!s) continue;
    if (s.nans || s.infs) return NaN;
    sum += (s.norm ?? 0) ** 2;
  }
  return Math.sqrt(sum);
}

function threshold(y: number, color: string) {
  return { type: "line", xref: "paper", x0: 0, x1: 1, y0: y, y1: y, line: { color, width: 1.5, dash: "dash" } };
}

function label(y: number, text: string, color: string) {
  return { xref: "paper", x: 1, y: Math.log10(y), yref: "y", text, showarrow: false, xanchor: "right", yanchor: "bottom", font: { color, size: 11 } };
}

const LABEL_CHARS = 16;

/** Thinned, rotated labels: at most one per ~1.7 font sizes of width (they never overlap), each
 * the distinguishing tail of its name ("…dense_3/MatMul"); hovering a bar shows the whole name. */
export function ticks(bars: { label: string }[], width: number, fontPx: number) {
  const room = Math.max(2, Math.floor(Math.max(width - 70, 100) / (fontPx * 1.7)));
  const every = Math.max(1, Math.ceil(bars.length / room));
  const tickvals = bars.map((_, i) => i).filter((i) => i % every === 0);
  const ticktext = tickvals.map((i) => tail(bars[i].label));
  // level when every label fits its slot, else upright (a slanted label's box overlaps its neighbours')
  const slot = Math.max(width - 70, 100) / Math.max(1, bars.length / every);
  const widest = Math.max(...ticktext.map((t) => t.length)) * fontPx * 0.62;
  return { tickvals, ticktext, tickangle: widest <= slot ? 0 : -90 };
}

export function tail(text: string): string {
  return text.length > LABEL_CHARS ? "…" + text.slice(text.length - LABEL_CHARS + 1) : text;
}
