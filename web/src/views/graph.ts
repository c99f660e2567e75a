// The op graph: a layered DAG of one tape (layout computed in the data worker), with groups that
// expand and collapse, the selected call's path, the backward pass, None badges and search.
import cytoscape, { type Core, type ElementDefinition } from "cytoscape";
import { buildGraph, type GraphNode } from "../model/graph-model";
import { expandWithinBudget } from "../model/expand-budget";
import { groupOps, LARGE_TAPE_OPS } from "../model/groups";
import { pathOf } from "../model/paths";
import { stepState } from "../model/step-state";
import { store, touched, type State } from "../store";
import { CancelledError, dataWorker } from "../worker/client";
import { graphStyle } from "./graph-style";
import {
  decorateEdge, decorateNode, noneCause, noneSourcesOf, prunedTensors, savedBy, type DecorationInput,
} from "./graph-decorate";
import { mountGraphToolbar } from "./graph-toolbar";
import { mountGraphTooltip } from "./graph-tooltip";
import { mountMinimap } from "./minimap";
import { showLoading, updateLoading } from "./loading";
import { applyFirstView, centredPan, onScreen, pathNodes, readableZoom, tooBigToRead, type SavedView } from "./graph-viewport";

const BIG_GRAPH_NODES = 1500;

export interface GraphView {
  cy: Core;
  fit(): void;
  focusNode(id: string): void;
  /** Open the next drawn graph at this view (a permalink's) instead of the first view. */
  restoreView(view: SavedView): void;
  /** The view now, a focus animation ended where it was going (what a permalink names). */
  settledView(): SavedView;
}

export function mountGraph(container: HTMLElement, empty: HTMLElement): GraphView {
  const cy = cytoscape({
    container,
    style: graphStyle(false, false, store.state.dark),
    minZoom: 0.05,
    maxZoom: 3,
    boxSelectionEnabled: false,
    autoungrabify: true,
  });
  (window as unknown as { __cy: Core }).__cy = cy; // for the browser tests and the curious
  mountGraphTooltip(cy, document.getElementById("graph-tooltip")!);
  const needsOverview = () => tooBigToRead(cy, store.state.presenter ? 17 : 13, store.state.presenter);
  const minimap = mountMinimap(cy, document.getElementById("minimap")!, needsOverview);
  let renderedKey = "";
  let renderedExpanded: ReadonlySet<string> = new Set();
  let rebuildToken = 0;
  let searchHits = new Set<string>();
  let saved = new Map<number, number[]>();
  let pruned = new Set<number>();
  const looks = new Map<string, string>();
  let drawnBig = false;
  let pendingView: SavedView | null = null; // a permalink's view, applied when its graph is drawn
  let userOwnsView = false; // the user (or a permalink) moved the view: resizes leave it alone
  let applying = false; // the view is being set by initialViewport, not by the user

  const toolbar = mountGraphToolbar({
    search: (query) => {
      searchHits = search(query);
      decorate();
      return [...searchHits];
    },
    focus: (id) => focusNode(id),
    fit: () => fitView(),
    zoom: (factor) => cy.zoom({ level: cy.zoom() * factor, renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 } }),
  });

  function search(query: string): Set<string> {
    const hits = new Set<string>();
    const q = query.trim().toLowerCase();
    const graph = store.state.graph;
    const index = store.state.index;
    if (!q || !graph || !index) return hits;
    for (const node of graph.nodes) {
      const members = (graph.opsOfNode.get(node.id) ?? []).map((op) => index.ops.get(op)?.type ?? "");
      const haystack = [node.label, node.detail, ...(node.kind === "group" ? members : [])].join(" ").toLowerCase();
      if (haystack.includes(q)) hits.add(node.id);
    }
    return hits;
  }

  // Where a focus animation is taking the view: cytoscape's stop(jumpToEnd) only ends an
  // animation at its next frame, so a link taken mid-way would name a view it passes through.
  let focusGoal: SavedView | null = null;

  function focusNode(id: string): void {
    const element = cy.getElementById(id);
    if (element.empty()) return;
    const zoom = Math.max(cy.zoom(), 0.9);
    const pan = centredPan(cy, element.boundingBox({}), zoom);
    const goal = { zoom, x: pan.x, y: pan.y };
    focusGoal = goal;
    cy.stop(true, false);
    // (not queued: animated() is true from now on, and settledView sees it in this same turn)
    cy.animate({ zoom, pan }, { duration: 250, queue: false, complete: () => { if (focusGoal === goal) focusGoal = null; } });
  }

  function settledView(): SavedView {
    if (focusGoal && cy.animated()) {
      cy.stop(true, false);
      cy.viewport({ zoom: focusGoal.zoom, pan: { x: focusGoal.x, y: focusGoal.y } });
    }
    focusGoal = null;
    const pan = cy.pan();
    return { zoom: cy.zoom(), x: pan.x, y: pan.y };
  }

  async function rebuild(state: State): Promise<void> {
    const index = state.index;
    const token = ++rebuildToken;
    container.dataset.rendering = "1";
    if (!index || state.tape == null) {
      delete container.dataset.rendering;
      cy.elements().remove();
      store.set({ graph: null });
      empty.classList.remove("banner");
      empty.innerHTML = state.run?.status === "running"
        ? `<div><div class="big">Running…</div>The tape is drawn when the program ends; Stop (above) ends it now.</div>`
        : state.capture
        ? `<div><div class="big">No tape recorded</div>The program ran without recording any op on a GradientTape.</div>`
        : `<div><div class="big">Press Run to draw the program's tape</div>Or choose another example, or write your own. The tape appears here as a graph; the arrow keys step through the backward pass.</div>`;
      return;
    }
    const tape = index.tapes.get(state.tape)!;
    const records = tape.records ?? [];
    if (!store.state.grouping || renderedKey.split("|")[0] !== keyOfTape(state)) {
      store.set({ grouping: groupOps(index, records) });
      saved = savedBy(index);
      pruned = prunedTensors(index);
    }
    const calls = [...index.calls.values()].filter((c) => c.tape === tape.id);
    const targets = calls.flatMap((c) => c.targets);
    const sources = calls.flatMap((c) => c.sources);
    const watched = new Set((tape.watched ?? []).filter((w) => w.how === "watch").map((w) => w.tensor));
    const graph = buildGraph(index, records, store.state.grouping!, state.expanded, targets, watched, sources);
    performance.mark("graph-built");
    const scale = state.presenter ? 1.3 : 1;
    const started = performance.now();
    const slow = graph.nodes.length > 600;
    const cancelLoading = slow
      ? showLoading(`Laying out ${graph.nodes.length.toLocaleString()} nodes`, () => {
          dataWorker.cancel();
          store.set({ expanded: renderedExpanded });
        })
      : null;
    let layout;
    try {
      layout = await dataWorker.layout(
        graph.nodes.map((n) => ({
          id: n.id, width: n.width * scale, height: n.height * scale, parent: n.parent,
          compound: n.kind === "group" && !n.collapsed,
        })),
        graph.edges.map((e) => ({ source: e.source, target: e.target })),
        "LR",
        (phase, done, total) => updateLoading(phase, done, total),
      );
    } catch (error) {
      cancelLoading?.();
      if (token === rebuildToken) delete container.dataset.rendering;
      if (error instanceof CancelledError) return;
      store.set({ message: `The layout failed: ${String(error)}`, expanded: renderedExpanded });
      return;
    }
    cancelLoading?.();
    performance.mark("layout-done");
    if (token !== rebuildToken) return;
    empty.classList.toggle("banner", records.length === 0);
    empty.innerHTML = records.length === 0
      ? `<div><b>This tape recorded no ops</b>: nothing computed inside it depended on a watched tensor or a trainable variable.</div>`
      : "";
    const elements: ElementDefinition[] = [];
    for (const node of graph.nodes) elements.push(nodeElement(node, scale, layout.positions[node.id]));
    for (const edge of graph.edges) {
      elements.push({ group: "edges", data: { id: edge.id, source: edge.source, target: edge.target, text: edge.label } });
    }
    const big = graph.nodes.length > BIG_GRAPH_NODES;
    if (big !== drawnBig) {
      drawnBig = big;
      cy.style(graphStyle(state.presenter, big, state.dark));
    }
    cy.batch(() => {
      cy.elements().remove();
      cy.add(elements);
    });
    looks.clear();
    container.dataset.layoutMs = String(Math.round(layout.ms));
    store.set({ graph });
    renderedExpanded = state.expanded;
    renderedKey = `${keyOfTape(state)}|${[...state.expanded].join(",")}|${state.presenter}`;
    performance.mark("elements-added");
    decorate();
    performance.mark("decorated");
    initialViewport(state);
    minimap.update(needsOverview());
    delete container.dataset.rendering;
    container.dataset.openedMs = String(Math.round(performance.now() - started));
    container.dataset.ready = String(token);
    (window as unknown as { __graphReadyAt: number }).__graphReadyAt = performance.now();
    container.dispatchEvent(new CustomEvent("graph-rendered"));
  }

  /** The first view (see graph-viewport.ts), or the view a permalink asked for. */
  function initialViewport(state: State): void {
    const graph = store.state.graph;
    if (!graph) return;
    applying = true;
    try {
      if (pendingView) {
        cy.resize();
        cy.viewport({ zoom: pendingView.zoom, pan: { x: pendingView.x, y: pendingView.y } });
        pendingView = null;
        userOwnsView = true;
        container.dataset.view = "restored";
        return;
      }
      const call = state.call != null ? state.index?.calls.get(state.call) : undefined;
      const onCall = call && call.tape === state.tape;
      const onPath = pathNodes(graph, onCall ? store.state.path : null, onCall ? call.sources : [], onCall ? call.targets : []);
      container.dataset.view = applyFirstView(cy, state, state.presenter ? 17 : 13, onPath);
      userOwnsView = false;
    } finally {
      applying = false;
    }
    // redrawn mid-pass (presenter mode, a group opened): the op the pass is at stays on screen
    if (state.step > 0) {
      const op = stepOp(state);
      if (op != null && !onScreen(cy, [op])) {
        cy.zoom(Math.max(cy.zoom(), readableZoom(state.presenter ? 17 : 13, state.presenter)));
        cy.center(cy.getElementById(op));
      }
    }
  }

  function stepOp(state: State): string | undefined {
    const call = state.call != null ? state.index?.calls.get(state.call) : undefined;
    const op = call && state.step > 0 ? call.steps?.[state.step - 1]?.op : undefined;
    return op != null ? store.state.graph?.nodeOfOp.get(op) : undefined;
  }

  /** Fit (F, the toolbar's Fit): the first-view rule again, so labels stay readable. */
  function fitView(): void {
    const graph = store.state.graph;
    if (!graph) return;
    const call = store.state.call != null ? store.state.index?.calls.get(store.state.call) : undefined;
    const onCall = call && call.tape === store.state.tape;
    applying = true;
    try {
      const onPath = pathNodes(graph, onCall ? store.state.path : null, onCall ? call.sources : [], onCall ? call.targets : []);
      container.dataset.view = applyFirstView(cy, store.state, store.state.presenter ? 17 : 13, onPath);
    } finally {
      applying = false;
    }
    userOwnsView = true; // asked for: a resize keeps it
  }

  /**
   * Centre on the focus when it is outside the view or near its edge. The margin is a share of the
   * panel, not a few pixels: the backward pass moves towards the sources, so an op parked at the
   * edge would hide exactly where the next steps go.
   */
  function keepInView(id: string | undefined): void {
    if (!id) return;
    const node = cy.getElementById(id);
    if (node.empty()) return;
    const box = node.renderedBoundingBox({ includeLabels: false });
    const marginX = Math.max(40, cy.width() * 0.12);
    const marginY = Math.max(30, cy.height() * 0.1);
    if (box.x1 < marginX || box.x2 > cy.width() - marginX || box.y1 < marginY || box.y2 > cy.height() - marginY) {
      cy.stop(true, false); // where it is: a jump to its end would land on the next frame, over this
      cy.center(node); // no animation: a step must cost one frame
    }
  }

  // The panel changes size with the window, presenter mode and the column splitters. Until the user
  // moves the view it is the first view, re-applied to the new size; after that it is theirs and
  // stays where it is (cytoscape keeps the pan).
  let resizeFrame = 0;
  new ResizeObserver(() => {
    cancelAnimationFrame(resizeFrame);
    resizeFrame = requestAnimationFrame(() => {
      cy.resize();
      if (store.state.graph && cy.width() > 0 && !container.dataset.rendering) {
        if (!userOwnsView) initialViewport(store.state);
        else if (container.dataset.view !== "restored" && cy.height() > 80) {
          // the user's view stays, unless the op the backward pass is at has left the panel; a
          // permalink's view is restored exactly and never moved
          const op = stepOp(store.state);
          if (op && !onScreen(cy, [op])) cy.center(cy.getElementById(op));
        }
      }
      container.dataset.resizes = String(Number(container.dataset.resizes ?? 0) + 1); // for tests
    });
  }).observe(container);
  cy.on("viewport", () => {
    if (!applying) userOwnsView = true;
  });

  /** Keep the op the backward pass is at on screen while stepping. */
  function follow(state: State): void {
    const call = state.call != null ? state.index?.calls.get(state.call) : undefined;
    const op = call && state.step > 0 ? call.steps?.[state.step - 1]?.op : undefined;
    keepInView(op != null ? store.state.graph?.nodeOfOp.get(op) : undefined);
  }

  function decorate(): void {
    const state = store.state;
    const index = state.index;
    const graph = store.state.graph;
    if (!index || !graph) return;
    const call = state.call != null ? index.calls.get(state.call) : undefined;
    const tape = state.tape != null ? index.tapes.get(state.tape) : undefined;
    store.set({ path: call && tape && call.tape === tape.id ? pathOf(index, call, tape.records ?? []) : null });
    const steps = call && call.tape === tape?.id ? stepState(call, state.step) : null;
    const cursorOps = new Set(state.cursorLine != null ? index.opsByLine.get(state.cursorLine) ?? [] : []);
    const noneSources = call?.tape === tape?.id ? noneSourcesOf(state, index) : new Set<number>();
    const input: DecorationInput = { state, index, graph, path: store.state.path, steps, searchHits, cursorOps, noneSources };
    cy.batch(() => {
      for (const node of graph.nodes) apply(node.id, decorateNode(node, input));
      for (const edge of graph.edges) apply(edge.id, decorateEdge(edge, input, saved, pruned));
      placeBadges(noneSources);
    });
    minimap.refresh();
  }

  function apply(id: string, look: { classes: string; text: string }): void {
    const key = look.classes + "\u0000" + look.text;
    if (looks.get(id) === key) return;
    looks.set(id, key);
    const element = cy.getElementById(id);
    element.classes(look.classes);
    element.data("text", look.text);
  }

  function placeBadges(noneSources: Set<number>): void {
    cy.nodes('[kind = "badge"]').remove();
    const graph = store.state.graph!;
    const state = store.state;
    for (const tensor of noneSources) {
      const owner = cy.getElementById(graph.nodeOfTensor.get(tensor) ?? "");
      if (owner.empty()) continue;
      const cause = noneCause(state, state.index!, tensor);
      const text = `None · ${cause}`;
      const box = owner.boundingBox({});
      cy.add({
        group: "nodes",
        data: { id: `badge:${tensor}`, kind: "badge", text, tensor, width: text.length * 6.6 + 14 },
        position: { x: box.x1 + (text.length * 6.6 + 14) / 2, y: box.y2 + 14 },
      });
    }
  }

  cy.on("tap", "node", (event) => {
    const data = event.target.data();
    if (data.kind === "badge") {
      selectNoneSource(data.tensor);
      return;
    }
    if (data.kind === "group") {
      store.set({ selection: { kind: "group", id: data.group }, panel: "inspector", finding: null });
      return;
    }
    if (data.op != null) store.set({ selection: { kind: "op", id: data.op }, finding: null });
    else if (data.tensor != null) selectTensor(data.tensor);
  });
  cy.on("dbltap", 'node[kind = "group"]', (event) => toggleGroup(event.target.data("group")));
  cy.on("tap", "edge", (event) => {
    const tensors: number[] = store.state.graph?.edges.find((e) => e.id === event.target.id())?.tensors ?? [];
    if (tensors.length) selectTensor(tensors[0]);
  });

  function selectTensor(tensor: number): void {
    const state = store.state;
    if (noneSourcesOf(state, state.index!).has(tensor)) selectNoneSource(tensor);
    else store.set({ selection: { kind: "tensor", id: tensor }, finding: null });
  }

  function selectNoneSource(tensor: number): void {
    const state = store.state;
    const index = state.index!;
    const call = state.call != null ? index.calls.get(state.call) : undefined;
    const result = call?.results?.find((r) => r.tensor === tensor);
    const finding = index.findings.findIndex((f) => f.call === call?.id && f.source_index === result?.source_index);
    store.set({ selection: { kind: "tensor", id: tensor }, finding: finding >= 0 ? finding : null, panel: "inspector" });
  }

  store.subscribe((state, changed) => {
    if (touched(changed, "presenter", "dark")) {
      cy.style(graphStyle(state.presenter, drawnBig, state.dark));
      minimap.refresh();
    }
    const key = `${keyOfTape(state)}|${[...state.expanded].join(",")}|${state.presenter}`;
    if (touched(changed, "index", "tape", "expanded", "presenter") && key !== renderedKey) {
      if (touched(changed, "index", "tape")) store.set({ grouping: null });
      void rebuild(state);
      return;
    }
    if (touched(changed, "call", "step", "revealed", "predict", "selection", "cursorLine", "finding")) decorate();
    if (touched(changed, "step")) follow(state);
    if (touched(changed, "selection") && state.selection) {
      const id = elementOf(state);
      if (id && !cy.getElementById(id).visible()) focusNode(id);
    }
  });

  toolbar.onExpandAll((expand) => {
    const grouping = store.state.grouping;
    if (!grouping) return;
    if (!expand) {
      store.set({ expanded: new Set() });
      return;
    }
    const expansion = expandWithinBudget(grouping, store.state.graph?.nodes.length ?? 0);
    store.set({
      expanded: expansion.expanded,
      message: expansion.complete ? null
        : `Opened ${expansion.opened} of ${expansion.total} groups: drawing all of them would take too long. Double-click a group to open it.`,
    });
  });

  function elementOf(state: State): string | undefined {
    const graph = store.state.graph;
    const selection = state.selection;
    if (!graph || !selection) return undefined;
    if (selection.kind === "op") return graph.nodeOfOp.get(selection.id);
    if (selection.kind === "tensor") return graph.nodeOfTensor.get(selection.id) ?? graph.edgesOfTensor.get(selection.id)?.[0];
    return selection.id;
  }

  return {
    cy,
    fit: fitView,
    focusNode,
    restoreView: (view) => {
      pendingView = view;
    },
    settledView,
  };
}

export function toggleGroup(group: string): void {
  const expanded = new Set(store.state.expanded);
  if (expanded.has(group)) {
    for (const id of [...expanded]) if (id === group || id.startsWith(group + "/") || id.startsWith(group + "|")) expanded.delete(id);
  } else {
    expanded.add(group);
  }
  store.set({ expanded });
}

/** Groups start collapsed on large tapes and expanded on small ones. */
export function defaultExpanded(records: number, groups: Iterable<string>): Set<string> {
  return records > LARGE_TAPE_OPS ? new Set() : new Set(groups);
}

function keyOfTape(state: State): string {
  return `${state.run?.id ?? ""}:${state.tape ?? ""}`;
}

function nodeElement(node: GraphNode, scale: number, position?: { x: number; y: number }): ElementDefinition {
  const data: Record<string, unknown> = {
    id: node.id, kind: node.kind, text: node.label, width: node.width * scale, height: node.height * scale,
    op: node.op, tensor: node.tensor, group: node.group,
  };
  if (node.parent) data.parent = node.parent;
  return { group: "nodes", data, position: position ?? { x: 0, y: 0 } };
}
