// The memory timeline: bytes each tape holds for backward, gradients in flight and the total, at
// every forward record and backward step; the peak marked, the unpruned tape for comparison, and a
// cursor that follows the stepper.
import type { MemoryPoint } from "../api/types";
import { bytes } from "../model/format";
import { store, touched, type State } from "../store";
import { baseLayout, plotConfig, plotly } from "./charts";

const TAPE_COLORS = ["#1f7a6d", "#4f8fbf", "#8a6bb8", "#c27c3a", "#5f8f4a"];

export function mountMemory(root: HTMLElement): void {
  root.innerHTML = `
    <h2>Memory</h2>
    <p class="hint" id="memory-caption"></p>
    <div class="plot memory" id="memory-plot" role="img" aria-label="Memory timeline"></div>
    <dl class="facts" id="memory-facts"></dl>`;
  const plot = root.querySelector<HTMLElement>("#memory-plot")!;
  let drawnFor: unknown = null;

  store.subscribe((state, changed) => {
    if (touched(changed, "index", "presenter", "panel", "dark") && state.panel === "memory") {
      drawnFor = null;
    }
    if (!touched(changed, "index", "call", "step", "presenter", "panel", "dark")) return;
    if (state.panel !== "memory" && !state.presenter) return;
    void (async () => {
      if (drawnFor !== state.capture) {
        drawnFor = state.capture;
        await draw(state);
      }
      await moveCursor(state);
    })();
  });

  async function draw(state: State): Promise<void> {
    const Plotly = await plotly();
    const memory = state.capture?.memory;
    const points = memory?.points ?? [];
    const caption = root.querySelector<HTMLElement>("#memory-caption")!;
    if (points.length === 0) {
      Plotly.purge(plot);
      plot.dataset.chart = "none";
      caption.textContent = state.capture ? "Nothing was recorded, so the tapes held no memory." : "Run a program to see its memory.";
      root.querySelector("#memory-facts")!.innerHTML = "";
      return;
    }
    caption.textContent = "Bytes held for the backward pass over forward records (left) and backward steps (right).";
    const x = points.map((p) => p.index);
    const tapeIds = [...new Set(points.flatMap((p) => Object.keys(p.tapes)))].sort();
    // many tapes (a training loop records one per step) share one legend entry
    const many = tapeIds.length > 4;
    const traces: unknown[] = tapeIds.map((tape, i) => ({
      type: "scatter", mode: "lines", name: `tape ${Number(tape) + 1} saved`, x, y: points.map((p) => p.tapes[tape] ?? 0),
      ...(many ? { legendgroup: "tapes", showlegend: i === 0, legendgrouptitle: undefined } : {}),
      ...(many && i === 0 ? { name: `${tapeIds.length} tapes saved` } : {}),
      stackgroup: "held", line: { width: 0.5, color: TAPE_COLORS[i % TAPE_COLORS.length] },
      hovertemplate: "%{y:,} B<extra>%{fullData.name}</extra>",
    }));
    traces.push({
      type: "scatter", mode: "lines", name: "gradients in flight", x, y: points.map((p) => p.gradients ?? 0),
      stackgroup: "held", line: { width: 0.5, color: "#8ea0d4" }, hovertemplate: "%{y:,} B<extra>gradients</extra>",
    });
    traces.push({
      type: "scatter", mode: "lines", name: "total", x, y: points.map((p) => p.total),
      line: { color: state.dark ? "#e3e8ee" : "#1c2733", width: 2 }, hovertemplate: "%{y:,} B<extra>total</extra>",
    });
    traces.push({
      type: "scatter", mode: "lines", name: "unpruned tape", x, y: points.map((p) => p.unpruned),
      line: { color: "#9aa6b2", width: 1.5, dash: "dash" }, hovertemplate: "%{y:,} B<extra>unpruned</extra>",
    });
    const peakIndex = memory!.peak_index ?? null;
    if (peakIndex != null) {
      traces.push({
        type: "scatter", mode: "markers+text", name: "peak", x: [peakIndex], y: [memory!.peak],
        text: [`peak ${bytes(memory!.peak)}`],
        textposition: peakIndex < (x[0] + x[x.length - 1]) / 2 ? "top right" : "top left",
        marker: { color: "#c62f2f", size: 9 }, hoverinfo: "skip",
      });
    }
    const backwardStart = points.find((p) => p.phase === "backward")?.index;
    const layout = {
      ...baseLayout(state.presenter),
      showlegend: true,
      // above the plot area: below it the legend collided with the axis title
      legend: { orientation: "h", x: 0, xanchor: "left", y: 1.02, yanchor: "bottom", font: { size: state.presenter ? 13 : 10.5 } },
      margin: { l: 58, r: 12, t: 10, b: 40 },
      yaxis: {
        title: { text: "bytes" }, gridcolor: state.dark ? "#2a3440" : "#eef1f4", tickformat: "~s",
        range: [0, Math.max(memory!.peak, memory!.unpruned_peak) * 1.22 || 1],
      },
      xaxis: { title: { text: "record / step", standoff: 8 }, gridcolor: state.dark ? "#2a3440" : "#eef1f4", automargin: true },
      shapes: backwardStart != null ? [divider(backwardStart)] : [],
    };
    await Plotly.react(plot, traces, layout, plotConfig);
    plot.dataset.chart = "memory";
    root.querySelector("#memory-facts")!.innerHTML = `
      <dt>Peak</dt><dd>${bytes(memory!.peak)}</dd>
      <dt>Unpruned peak</dt><dd>${bytes(memory!.unpruned_peak)}</dd>
      <dt>Pruning saves</dt><dd id="pruning-saves">${pruningSaves(memory!.peak, memory!.unpruned_peak)}</dd>`;
  }

  async function moveCursor(state: State): Promise<void> {
    const Plotly = await plotly();
    const points = state.capture?.memory?.points ?? [];
    if (points.length === 0 || plot.dataset.chart !== "memory") return;
    const at = cursorPoint(points, state);
    const backwardStart = points.find((p) => p.phase === "backward")?.index;
    const shapes: object[] = backwardStart != null ? [divider(backwardStart)] : [];
    if (at != null) {
      shapes.push({ type: "line", xref: "x", yref: "paper", x0: at, x1: at, y0: 0, y1: 1, line: { color: "#3450a1", width: 2 } });
    }
    await Plotly.relayout(plot, { shapes });
    plot.dataset.cursor = String(at ?? "");
  }
}

function divider(x: number) {
  return { type: "line", xref: "x", yref: "paper", x0: x - 0.5, x1: x - 0.5, y0: 0, y1: 1, line: { color: "#c8d2dc", width: 1, dash: "dot" } };
}

/** The timeline point for the current step of the current call (the last forward point before it). */
export function cursorPoint(points: MemoryPoint[], state: State): number | null {
  if (state.call == null) return null;
  if (state.step > 0) {
    const point = points.find((p) => p.phase === "backward" && p.call === state.call && p.step === state.step - 1);
    if (point) return point.index;
  }
  const first = points.find((p) => p.phase === "backward" && p.call === state.call);
  return first ? first.index - 1 : points[points.length - 1].index;
}

/** What pruning saved at the peak, in bytes and percent; nothing when it saved nothing (the peak
 * can exceed the unpruned tapes' peak: it also counts the gradients in flight). */
export function pruningSaves(peak: number, unpruned: number): string {
  if (unpruned <= 0 || peak >= unpruned) return "nothing at the peak";
  return `${bytes(unpruned - peak)} (${Math.round((1 - peak / unpruned) * 100)}%)`;
}
