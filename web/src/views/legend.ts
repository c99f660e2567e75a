// What the shapes and colours in the graph mean.
export function mountLegend(root: HTMLElement): void {
  const item = (swatch: string, text: string) => `<span class="item"><span class="swatch ${swatch}"></span>${text}</span>`;
  root.innerHTML = [
    item("k-variable", "variable"),
    item("k-constant", "constant"),
    item("k-watched", "watched"),
    item("k-op", "op"),
    item("k-group", "group"),
    item("line k-saved", "saved for backward"),
    item("line k-pruned", "pruned"),
    item("k-released", "released"),
    item("line k-gradient", "gradient"),
    item("k-none", "None / NaN"),
  ].join("");
}
