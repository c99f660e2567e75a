// Off the main thread: downloading and parsing a capture (tens of MB for a 20,000-op tape) and
// computing the layered layout, so that the page keeps answering and can show progress or cancel.
import dagre from "@dagrejs/dagre";
import type { Capture } from "../api/types";
import { layeredLayout } from "./layered-layout";
import type { CapturePart, FromWorker, LayoutEdge, LayoutNode, ToWorker } from "./messages";

// The page receives the capture as JSON text in slices: parsing text is many times faster than
// copying a parsed object between threads, and slices let the page parse a 50 MB capture in
// steps of a few tens of milliseconds, staying responsive (progress, Cancel) throughout.
const SLICE_ITEMS = 2000;

// Above this many tensors, full values and histograms stay on the server: the inspector fetches
// one tensor at a time, and the page receives a capture small enough to copy quickly.
const SLIM_ABOVE_TENSORS = 4000;
// Network simplex gives the tidiest ranks but grows quickly; above this, longest-path ranking.
const SIMPLEX_UP_TO_NODES = 300;
// dagre recurses along paths (a stack overflow on tapes thousands of ops deep) and slows down
// with size; above this many nodes, the iterative layered layout.
const DAGRE_UP_TO_NODES = 1200;
const RANK_SEP = 90;
const NODE_SEP = 26;

const post = (message: FromWorker) => (self as unknown as Worker).postMessage(message);

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  try {
    if (message.type === "load") await load(message.url, message.token);
    else layout(message.token, message.nodes, message.edges, message.direction);
  } catch (error) {
    post({ type: "error", token: message.token, message: String(error) });
  }
};

async function load(url: string, token: number): Promise<void> {
  post({ type: "progress", token, phase: "Downloading the capture", done: 0, total: 0 });
  const response = await fetch(url);
  if (!response.ok) {
    post({ type: "error", token, message: await response.text(), status: response.status });
    return;
  }
  const total = Number(response.headers.get("content-length") ?? 0);
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  let done = 0;
  let lastReport = 0;
  for (;;) {
    const { value, done: finished } = await reader.read();
    if (finished) break;
    chunks.push(value);
    done += value.length;
    if (done - lastReport > 1 << 20) {
      lastReport = done;
      post({ type: "progress", token, phase: "Downloading the capture", done, total });
    }
  }
  post({ type: "progress", token, phase: "Reading the capture", done, total: done });
  const text = new TextDecoder().decode(concat(chunks, done));
  const capture = JSON.parse(text) as Capture;
  const slimmed = (capture.tensors?.length ?? 0) > SLIM_ABOVE_TENSORS;
  if (slimmed) {
    for (const tensor of capture.tensors ?? []) {
      const summary = tensor.summary;
      if (summary.size > 16) {
        summary.histogram = null;
        summary.value = null;
      }
    }
  }
  const parts: CapturePart[] = [];
  const slice = (path: (string | number)[], items: unknown[] | undefined) => {
    for (let i = 0; i < (items?.length ?? 0); i += SLICE_ITEMS) {
      parts.push({ path, json: JSON.stringify(items!.slice(i, i + SLICE_ITEMS)) });
    }
  };
  slice(["tensors"], capture.tensors);
  capture.tensors = [];
  slice(["ops"], capture.ops);
  capture.ops = [];
  if (capture.memory) {
    slice(["memory", "points"], capture.memory.points);
    capture.memory.points = [];
  }
  (capture.calls ?? []).forEach((call, i) => {
    slice(["calls", i, "steps"], call.steps);
    call.steps = [];
  });
  post({ type: "capture", token, head: JSON.stringify(capture), parts, slimmed });
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.length;
  }
  return all;
}

function layout(token: number, nodes: LayoutNode[], edges: LayoutEdge[], direction: "LR" | "TB"): void {
  const started = performance.now();
  post({ type: "progress", token, phase: `Laying out ${nodes.length.toLocaleString()} nodes`, done: 0, total: 0 });
  if (nodes.length > DAGRE_UP_TO_NODES) {
    const positions = layeredLayout(nodes, edges, { rankSep: RANK_SEP, nodeSep: NODE_SEP }, (phase, done, total) =>
      post({ type: "progress", token, phase: `Laying out ${nodes.length.toLocaleString()} nodes: ${phase.toLowerCase()}`, done: done + 1, total: total + 1 }),
    );
    post({ type: "layout", token, positions, ms: performance.now() - started });
    return;
  }
  const compound = nodes.some((n) => n.parent);
  const g = new dagre.graphlib.Graph({ compound, multigraph: false });
  g.setGraph({
    rankdir: direction, nodesep: NODE_SEP, ranksep: RANK_SEP, edgesep: 12, marginx: 20, marginy: 20,
    ranker: nodes.length > SIMPLEX_UP_TO_NODES ? "longest-path" : "network-simplex",
  });
  g.setDefaultEdgeLabel(() => ({}));
  for (const node of nodes) g.setNode(node.id, { width: node.width, height: node.height });
  if (compound) for (const node of nodes) if (node.parent) g.setParent(node.id, node.parent);
  for (const edge of edges) g.setEdge(edge.source, edge.target, { minlen: 1 });
  dagre.layout(g);
  const positions: Record<string, { x: number; y: number }> = {};
  for (const node of nodes) {
    if (node.compound) continue;
    const placed = g.node(node.id);
    if (placed) positions[node.id] = { x: placed.x, y: placed.y };
  }
  post({ type: "layout", token, positions, ms: performance.now() - started });
}
