// plotly.js-dist-min ships no types; the few calls we make are typed loosely here.
declare module "plotly.js-dist-min" {
  const Plotly: {
    react(el: HTMLElement, data: unknown[], layout: unknown, config?: unknown): Promise<unknown>;
    relayout(el: HTMLElement, update: unknown): Promise<unknown>;
    purge(el: HTMLElement): void;
    Plots: { resize(el: HTMLElement): void };
  };
  export default Plotly;
}
