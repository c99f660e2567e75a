// Search by name, fit, zoom, expand/collapse all, and the tape chooser above the graph.
import { store, touched } from "../store";

interface Actions {
  search(query: string): string[];
  focus(id: string): void;
  fit(): void;
  zoom(factor: number): void;
}

export function mountGraphToolbar(actions: Actions) {
  const bar = document.getElementById("graph-toolbar")!;
  bar.innerHTML = `
    <input type="search" id="graph-search" placeholder="Search ( / )" title="Search ops and tensors by name or type ( / )" aria-label="Search the graph" />
    <span id="search-count" class="hint"></span>
    <button class="icon-button" id="zoom-in" title="Zoom in (+)" aria-label="Zoom in">+</button>
    <button class="icon-button" id="zoom-out" title="Zoom out (-)" aria-label="Zoom out">−</button>
    <button id="fit" title="Fit the graph to the view (F)">Fit</button>
    <button id="expand-all" title="Expand every group (within what can be drawn quickly)">Expand<span class="wide"> all</span></button>
    <button id="collapse-all" title="Collapse every group">Collapse<span class="wide"> all</span></button>
    <button id="legend-toggle" class="toggle" aria-pressed="true" title="Show or hide the legend (L)">Legend</button>`;
  const input = bar.querySelector<HTMLInputElement>("#graph-search")!;
  const count = bar.querySelector<HTMLElement>("#search-count")!;
  let hits: string[] = [];
  let cursor = -1;
  input.addEventListener("input", () => {
    hits = actions.search(input.value);
    cursor = -1;
    count.textContent = input.value ? `${hits.length} found` : "";
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && hits.length) {
      cursor = (cursor + (event.shiftKey ? hits.length - 1 : 1)) % hits.length;
      actions.focus(hits[cursor]);
      count.textContent = `${cursor + 1} of ${hits.length}`;
    } else if (event.key === "Escape") {
      input.value = "";
      hits = actions.search("");
      count.textContent = "";
      input.blur();
    }
  });
  bar.querySelector("#zoom-in")!.addEventListener("click", () => actions.zoom(1.25));
  bar.querySelector("#zoom-out")!.addEventListener("click", () => actions.zoom(0.8));
  bar.querySelector("#fit")!.addEventListener("click", () => actions.fit());
  let expandAll: (expand: boolean) => void = () => undefined;
  bar.querySelector("#expand-all")!.addEventListener("click", () => expandAll(true));
  bar.querySelector("#collapse-all")!.addEventListener("click", () => expandAll(false));

  const legendButton = bar.querySelector<HTMLButtonElement>("#legend-toggle")!;
  legendButton.addEventListener("click", toggleLegend);

  const tapeField = document.getElementById("tape-field")!;
  const tapeSelect = document.getElementById("tape-select") as HTMLSelectElement;
  tapeSelect.addEventListener("change", () => {
    const tape = Number(tapeSelect.value);
    const call = [...(store.state.index?.calls.values() ?? [])].find((c) => c.tape === tape);
    store.set({ tape, call: call?.id ?? null, step: 0, revealed: true, selection: null, finding: null });
  });
  store.subscribe((state, changed) => {
    if (!touched(changed, "index", "tape")) return;
    const tapes = [...(state.index?.tapes.values() ?? [])];
    tapeField.style.display = tapes.length > 1 ? "" : "none";
    tapeSelect.innerHTML = tapes
      .map((t) => {
        const ops = t.records?.length ?? 0;
        const where = t.location ? ` · line ${t.location.line}` : "";
        return `<option value="${t.id}">${t.id + 1}. ${t.persistent ? "persistent " : ""}tape${where} · ${ops} op${ops === 1 ? "" : "s"}</option>`;
      })
      .join("");
    if (state.tape != null) tapeSelect.value = String(state.tape);
  });

  return {
    focusSearch: () => input.focus(),
    onExpandAll(handler: (expand: boolean) => void) {
      expandAll = handler;
    },
  };
}

/** The legend can be put away once the audience knows the colours. */
export function toggleLegend(): void {
  const legend = document.getElementById("legend")!;
  legend.hidden = !legend.hidden;
  document.getElementById("legend-toggle")?.setAttribute("aria-pressed", String(!legend.hidden));
}
