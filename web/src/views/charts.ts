// Small Plotly charts: a value's heatmap (2-D) or histogram, drawn the same way everywhere.
import type { ValueSummary } from "../api/types";
import { toNumber } from "../model/format";

type PlotlyApi = typeof import("../plotly-bundle").default;
let loading: Promise<PlotlyApi> | null = null;

/** Plotly (1.1 MB) is a chunk of its own, loaded on the first chart drawn, or at boot when a
 * link opens a panel of charts (main.ts), side by side with the run's own downloads. */
export function plotly(): Promise<PlotlyApi> {
  loading ??= import("../plotly-bundle").then((module) => module.default);
  return loading;
}

export const plotConfig = { displayModeBar: false, responsive: true, staticPlot: false };

export function baseLayout(presenter: boolean) {
  const size = presenter ? 15 : 11.5;
  const dark = document.documentElement.dataset.theme === "dark";
  return {
    margin: { l: 48, r: 12, t: 8, b: 34 },
    paper_bgcolor: "rgba(0,0,0,0)",
    plot_bgcolor: dark ? "#161d25" : "#ffffff",
    font: { family: "Inter, Segoe UI, Noto Sans, DejaVu Sans, sans-serif", size, color: dark ? "#e3e8ee" : "#1c2733" },
    xaxis: { gridcolor: dark ? "#2a3440" : "#eef1f4", zerolinecolor: dark ? "#3a4652" : "#dde3e9", automargin: true },
    yaxis: { gridcolor: dark ? "#2a3440" : "#eef1f4", zerolinecolor: dark ? "#3a4652" : "#dde3e9", automargin: true },
    showlegend: false,
  };
}

/** A heatmap for 2-D values that are present, else the summary's histogram. */
export async function drawDistribution(el: HTMLElement, summary: ValueSummary, color: string, presenter: boolean): Promise<void> {
  const Plotly = await plotly();
  const value = summary.value;
  if (value != null && summary.shape.length === 2 && summary.size > 1) {
    const z = (value as unknown[][]).map((row) => row.map(toNumber));
    await Plotly.react(
      el,
      [{ type: "heatmap", z, colorscale: divergingScale(color), zmid: 0, showscale: true, colorbar: { thickness: 10, outlinewidth: 0 } }],
      {
        ...baseLayout(presenter),
        // a label per row/column only while they fit (a 784x256 weight fetched in full has 784)
        yaxis: { autorange: "reversed", title: { text: "row" }, dtick: z.length <= 32 ? 1 : undefined },
        xaxis: { title: { text: "column" }, dtick: (z[0]?.length ?? 0) <= 32 ? 1 : undefined },
      },
      plotConfig,
    );
    el.dataset.chart = "heatmap";
    return;
  }
  if (value != null && summary.shape.length === 1 && summary.size > 1) {
    const y = (value as unknown[]).map(toNumber);
    await Plotly.react(
      el,
      [{ type: "bar", x: y.map((_, i) => i), y, marker: { color, line: { width: 0 } }, hovertemplate: "[%{x}] = %{y:.4g}<extra></extra>" }],
      { ...baseLayout(presenter), bargap: 0.15, xaxis: { title: { text: "index" }, dtick: y.length <= 16 ? 1 : undefined }, yaxis: { gridcolor: "#eef1f4", zerolinecolor: "#9aa6b2" } },
      plotConfig,
    );
    el.dataset.chart = "values";
    return;
  }
  if (summary.size <= 1) {
    el.dataset.chart = "none";
    el.hidden = true; // a scalar: its value above says it all
    return;
  }
  const histogram = summary.histogram;
  if (histogram && histogram.counts.length > 0) {
    const centers = histogram.counts.map((_, i) => (histogram.edges[i] + histogram.edges[i + 1]) / 2);
    const widths = histogram.counts.map((_, i) => histogram.edges[i + 1] - histogram.edges[i]);
    await Plotly.react(
      el,
      [{ type: "bar", x: centers, y: histogram.counts, width: widths, marker: { color, line: { width: 0 } }, hovertemplate: "%{x:.3g}: %{y}<extra></extra>" }],
      { ...baseLayout(presenter), bargap: 0.04, yaxis: { title: { text: "count" }, gridcolor: "#eef1f4" } },
      plotConfig,
    );
    el.dataset.chart = "histogram";
    return;
  }
  el.dataset.chart = "none";
  el.innerHTML = `<p class="hint">No distribution recorded for this value.</p>`;
}

function divergingScale(color: string): [number, string][] {
  return [
    [0, "#b35806"],
    [0.5, "#f7f7f7"],
    [1, color],
  ];
}
