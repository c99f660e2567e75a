// A plain layered (Sugiyama-style) layout for graphs too big for dagre, which recurses once per
// node along a path and overflows the stack on tapes thousands of ops deep. Everything here is
// iterative: layers by longest path from the inputs (each input next to its first use), order
// within a layer by a few barycenter sweeps (members of one group kept together), then
// coordinates. It reports progress per phase.
import type { LayoutEdge, LayoutNode } from "./messages";

export interface Spacing {
  rankSep: number;
  nodeSep: number;
}

type Progress = (phase: string, done: number, total: number) => void;

export function layeredLayout(
  nodes: LayoutNode[],
  edges: LayoutEdge[],
  spacing: Spacing,
  progress: Progress,
): Record<string, { x: number; y: number }> {
  const leaves = nodes.filter((n) => !n.compound);
  const id = new Map(leaves.map((n, i) => [n.id, i]));
  const out: number[][] = leaves.map(() => []);
  const into: number[][] = leaves.map(() => []);
  for (const e of edges) {
    const s = id.get(e.source);
    const t = id.get(e.target);
    if (s === undefined || t === undefined || s === t) continue;
    out[s].push(t);
    into[t].push(s);
  }
  progress("Ranking", 0, 3);
  const layer = longestPathLayers(out, into);
  const layers: number[][] = [];
  layer.forEach((l, i) => (layers[l] ??= []).push(i));

  progress("Ordering", 1, 3);
  const parentOf = new Map(nodes.map((n) => [n.id, n.parent]));
  const groupKey = leaves.map((n) => groupPath(n, parentOf));
  const position = new Float64Array(leaves.length);
  for (const members of layers) members.forEach((n, i) => (position[n] = i));
  for (let sweep = 0; sweep < 4; sweep++) {
    const down = sweep % 2 === 0;
    const order = down ? layers : [...layers].reverse();
    for (const members of order) {
      const bary = (n: number) => {
        const neighbours = down ? into[n] : out[n];
        if (neighbours.length === 0) return position[n];
        let sum = 0;
        for (const m of neighbours) sum += position[m];
        return sum / neighbours.length;
      };
      const keyed = members.map((n) => ({ n, b: bary(n), g: groupKey[n] }));
      // members of a group stay next to each other, placed where the group's mean barycenter is
      const groupMean = new Map<string, { sum: number; count: number }>();
      for (const k of keyed) {
        const g = groupMean.get(k.g) ?? { sum: 0, count: 0 };
        g.sum += k.b;
        g.count++;
        groupMean.set(k.g, g);
      }
      keyed.sort((a, b) => {
        const ga = groupMean.get(a.g)!;
        const gb = groupMean.get(b.g)!;
        return ga.sum / ga.count - gb.sum / gb.count || a.g.localeCompare(b.g) || a.b - b.b;
      });
      keyed.forEach((k, i) => (position[k.n] = i));
      members.splice(0, members.length, ...keyed.map((k) => k.n));
    }
  }

  progress("Placing", 2, 3);
  const positions: Record<string, { x: number; y: number }> = {};
  let x = 0;
  for (const members of layers) {
    const width = Math.max(...members.map((n) => leaves[n].width));
    const total = members.reduce((sum, n) => sum + leaves[n].height, 0) + spacing.nodeSep * (members.length - 1);
    let y = -total / 2;
    for (const n of members) {
      positions[leaves[n].id] = { x: x + width / 2, y: y + leaves[n].height / 2 };
      y += leaves[n].height + spacing.nodeSep;
    }
    x += width + spacing.rankSep;
  }
  return positions;
}

/** Each node's layer: the longest path to it from a node without inputs (Kahn's order); then
 * each node without inputs (a variable, a constant) moves up to the layer before its first
 * consumer. Left in layer 0, a deep tape's every weight would sit in the first column with an
 * edge across the whole drawing to its op, crossing everything between. */
function longestPathLayers(out: number[][], into: number[][]): number[] {
  const layer = new Array<number>(out.length).fill(0);
  const waiting = into.map((list) => list.length);
  const queue: number[] = [];
  waiting.forEach((count, n) => count === 0 && queue.push(n));
  for (let head = 0; head < queue.length; head++) {
    const n = queue[head];
    for (const m of out[n]) {
      layer[m] = Math.max(layer[m], layer[n] + 1);
      if (--waiting[m] === 0) queue.push(m);
    }
  }
  out.forEach((consumers, n) => {
    if (into[n].length > 0 || consumers.length === 0) return;
    let first = Infinity;
    for (const m of consumers) first = Math.min(first, layer[m]);
    layer[n] = Math.max(layer[n], first - 1);
  });
  return layer; // a tape is acyclic; any node left in a cycle keeps layer 0
}

function groupPath(node: LayoutNode, parentOf: Map<string, string | null>): string {
  const parts: string[] = [];
  for (let parent = node.parent; parent; parent = parentOf.get(parent) ?? null) parts.unshift(parent);
  return parts.join(">");
}
