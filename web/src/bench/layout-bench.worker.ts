// One layout of one benchmark tape, in a worker as the app's data worker runs it: the
// hand-written layered layout (worker/layered-layout.ts) or elkjs's layered algorithm.
import ELK from "elkjs/lib/elk.bundled.js";
import { layeredLayout } from "../worker/layered-layout";
import type { LayoutEdge, LayoutNode } from "../worker/messages";
import { countCrossings } from "./crossings";
import { residualMlp } from "./residual-graph";

// the app's spacing (data.worker.ts)
const RANK_SEP = 90;
const NODE_SEP = 26;

export type Algorithm = "none" | "layered" | "elk";

self.onmessage = async (event: MessageEvent<{ algorithm: Algorithm; ops: number }>) => {
  const { algorithm, ops } = event.data;
  const { nodes, edges } = residualMlp(ops);
  const started = performance.now();
  const positions = algorithm === "layered"
    ? layeredLayout(nodes, edges, { rankSep: RANK_SEP, nodeSep: NODE_SEP }, () => {})
    : algorithm === "elk" ? await elkLayout(nodes, edges) : {};
  const ms = performance.now() - started;
  const crossings = algorithm === "none" ? 0 : countCrossings(edges, positions);
  postMessage({ nodes: nodes.length, edges: edges.length, ms, crossings, placed: Object.keys(positions).length });
};

async function elkLayout(nodes: LayoutNode[], edges: LayoutEdge[]): Promise<Record<string, { x: number; y: number }>> {
  const elk = new ELK(); // elk.bundled runs in this thread: no second worker
  const graph = await elk.layout({
    id: "root",
    layoutOptions: {
      "elk.algorithm": "layered",
      "elk.direction": "RIGHT",
      "elk.layered.spacing.nodeNodeBetweenLayers": String(RANK_SEP),
      "elk.spacing.nodeNode": String(NODE_SEP),
    },
    children: nodes.map((n) => ({ id: n.id, width: n.width, height: n.height })),
    edges: edges.map((e, i) => ({ id: `e${i}`, sources: [e.source], targets: [e.target] })),
  });
  const positions: Record<string, { x: number; y: number }> = {};
  for (const child of graph.children ?? []) {
    positions[child.id] = { x: (child.x ?? 0) + (child.width ?? 0) / 2, y: (child.y ?? 0) + (child.height ?? 0) / 2 };
  }
  return positions;
}
