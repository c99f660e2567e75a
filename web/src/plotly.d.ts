// plotly.js's modules (src/plotly-bundle.ts) ship no types of their own; the few calls we make
// are typed loosely here.
declare module "plotly.js/lib/core" {
  const Plotly: {
    register(modules: unknown[]): void;
    react(el: HTMLElement, data: unknown[], layout: unknown, config?: unknown): Promise<unknown>;
    relayout(el: HTMLElement, update: unknown): Promise<unknown>;
    purge(el: HTMLElement): void;
    Plots: { resize(el: HTMLElement): void };
  };
  export default Plotly;
}

declare module "plotly.js/lib/bar" {
  const bar: unknown;
  export default bar;
}

declare module "plotly.js/lib/heatmap" {
  const heatmap: unknown;
  export default heatmap;
}
