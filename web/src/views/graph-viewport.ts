// Where the graph view opens, and who owns it afterwards.
// First view: the whole graph when it fits with its labels at least 11 px high, else the path from
// the call's sources to its target (fitted if that is readable, else at a readable zoom with the
// sources on screen, since the backward pass ends there). Once the user pans, zooms, steps or a
// permalink restores a view, the viewport is theirs: a resize never moves it.
import type { BoundingBox12, Core, NodeCollection } from "cytoscape";
import type { VisibleGraph } from "../model/graph-model";
import type { OnPath } from "../model/paths";
import type { State } from "../store";

export const MIN_LABEL_PX = 11;
const PAD = 18;
const MAX_FIRST_ZOOM = 1.4;
const LABEL_BOX_NODES = 600; // above this, boxes without labels: measuring every label is slow

export type FirstView = "whole" | "path" | "sources";

export interface SavedView {
  zoom: number;
  x: number;
  y: number;
}

/** The zoom at which a label of `fontPx` is drawn `MIN_LABEL_PX` high (presenter mode wants more). */
export function readableZoom(fontPx: number, presenter: boolean): number {
  return Math.max(MIN_LABEL_PX / fontPx, presenter ? 0.8 : 0);
}

/** With labels on small graphs; on big ones from the nodes' own boxes (cytoscape's bounding box
 * walks every edge and label: seconds on 20,000 elements). */
function boxOf(nodes: NodeCollection, labels: boolean): BoundingBox12 {
  if (labels) {
    const box = nodes.union(nodes.connectedEdges()).boundingBox({ includeLabels: true, includeOverlays: false });
    return { x1: box.x1, y1: box.y1, x2: box.x2, y2: box.y2 };
  }
  let [x1, y1, x2, y2] = [Infinity, Infinity, -Infinity, -Infinity];
  nodes.forEach((node) => {
    if (node.isParent()) return;
    const p = node.position();
    const w = Number(node.data("width")) || 0;
    const h = Number(node.data("height")) || 0;
    x1 = Math.min(x1, p.x - w / 2);
    x2 = Math.max(x2, p.x + w / 2);
    y1 = Math.min(y1, p.y - h / 2 - 20);
    y2 = Math.max(y2, p.y + h / 2 + 20);
  });
  return Number.isFinite(x1) ? { x1, y1, x2, y2 } : { x1: 0, y1: 0, x2: 1, y2: 1 };
}

function fitZoom(cy: Core, box: BoundingBox12): number {
  const w = Math.max(box.x2 - box.x1, 1);
  const h = Math.max(box.y2 - box.y1, 1);
  return Math.min(MAX_FIRST_ZOOM, (cy.width() - 2 * PAD) / w, (cy.height() - 2 * PAD) / h);
}

/** The pan that puts `box`'s centre at the panel's centre at `zoom`. */
export function centredPan(cy: Core, box: BoundingBox12, zoom: number): { x: number; y: number } {
  return { x: (cy.width() - zoom * (box.x1 + box.x2)) / 2, y: (cy.height() - zoom * (box.y1 + box.y2)) / 2 };
}

function centreOn(cy: Core, box: BoundingBox12, zoom: number): void {
  cy.viewport({ zoom, pan: centredPan(cy, box, zoom) });
}

/** Node ids on the call's path (sources and target included), and the sources' own ids. */
export function pathNodes(graph: VisibleGraph, path: OnPath | null, sources: number[], targets: number[]): { path: Set<string>; sources: Set<string> } {
  const ids = new Set<string>();
  const sourceIds = new Set<string>();
  if (path) {
    for (const op of path.ops) { const id = graph.nodeOfOp.get(op); if (id) ids.add(id); }
    for (const t of path.tensors) { const id = graph.nodeOfTensor.get(t); if (id) ids.add(id); }
  }
  for (const t of targets) { const id = graph.nodeOfTensor.get(t); if (id) ids.add(id); }
  for (const t of sources) {
    const id = graph.nodeOfTensor.get(t);
    if (id) { ids.add(id); sourceIds.add(id); }
  }
  return { path: ids, sources: sourceIds };
}

function wholeFit(cy: Core, nodes: NodeCollection): { box: BoundingBox12; zoom: number } {
  const box = boxOf(nodes, nodes.length <= LABEL_BOX_NODES);
  return { box, zoom: fitZoom(cy, box) };
}

/** True when the whole graph does not fit the panel with readable labels: it needs an overview. */
export function tooBigToRead(cy: Core, fontPx: number, presenter: boolean): boolean {
  const nodes = cy.nodes();
  if (nodes.empty() || cy.width() <= 0) return false;
  return wholeFit(cy, nodes).zoom < readableZoom(fontPx, presenter);
}

/** Apply the first-view rule; says which view it chose. */
export function applyFirstView(cy: Core, state: State, fontPx: number, onPath: { path: Set<string>; sources: Set<string> }): FirstView {
  cy.resize(); // the panel may have changed size since cytoscape last measured it
  const nodes = cy.nodes();
  if (nodes.empty() || cy.width() <= 0) return "whole";
  const labels = nodes.length <= LABEL_BOX_NODES;
  const readable = readableZoom(fontPx, state.presenter);
  const { box: whole, zoom: wholeZoom } = wholeFit(cy, nodes);
  if (wholeZoom >= readable || onPath.path.size === 0) {
    centreOn(cy, whole, wholeZoom >= readable ? wholeZoom : readable);
    return "whole";
  }
  const pathEles = nodes.filter((n) => onPath.path.has(n.id()) || onPath.path.has(n.data("parent")));
  const path = boxOf(pathEles.nonempty() ? pathEles : nodes, labels);
  const pathZoom = fitZoom(cy, path);
  if (pathZoom >= readable) {
    centreOn(cy, path, pathZoom);
    return "path";
  }
  // the path is too long to read at once: readable, starting from the sources (drawn leftmost)
  const sourceEles = nodes.filter((n) => onPath.sources.has(n.id()));
  const anchor = boxOf(sourceEles.nonempty() ? sourceEles : pathEles.nonempty() ? pathEles : nodes, labels);
  const zoom = readable;
  const midY = (anchor.y1 + anchor.y2) / 2;
  cy.viewport({ zoom, pan: { x: PAD - zoom * Math.min(anchor.x1, path.x1), y: cy.height() / 2 - zoom * midY } });
  return "sources";
}

/** True when every listed node is drawn inside the visible area. */
export function onScreen(cy: Core, ids: Iterable<string>): boolean {
  for (const id of ids) {
    const node = cy.getElementById(id);
    if (node.empty()) continue;
    const box = node.renderedBoundingBox({ includeLabels: false });
    if (box.x1 < -1 || box.y1 < -1 || box.x2 > cy.width() + 1 || box.y2 > cy.height() + 1) return false;
  }
  return true;
}
