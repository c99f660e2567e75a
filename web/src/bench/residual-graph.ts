// The benchmark's tapes (benchmarks/layout_layered_vs_elk.py): the op graph the app draws for a
// deep residual MLP, as layout input. Per block: h1 = relu(h @ kernel + bias), h = h1 + h, so four
// ops (MatMul, AddV2, Relu, AddV2) and two variables a block, and a skip edge across the block
// that gives the crossing minimisation something to do (a plain chain is planar).
import type { LayoutEdge, LayoutNode } from "../worker/messages";

export function residualMlp(ops: number): { nodes: LayoutNode[]; edges: LayoutEdge[] } {
  const nodes: LayoutNode[] = [];
  const edges: LayoutEdge[] = [];
  const node = (id: string, width: number) => nodes.push({ id, width, height: 40, parent: null, compound: false });
  const edge = (source: string, target: string) => edges.push({ source, target });
  node("x", 90);
  let h = "x";
  for (let block = 0; block < Math.ceil(ops / 4); block++) {
    const [kernel, bias, matmul, add, relu, skip] = ["k", "b", "mm", "add", "relu", "skip"].map((p) => `${p}${block}`);
    node(kernel, 110);
    node(bias, 100);
    node(matmul, 80);
    node(add, 80);
    node(relu, 70);
    node(skip, 80);
    edge(h, matmul);
    edge(kernel, matmul);
    edge(matmul, add);
    edge(bias, add);
    edge(add, relu);
    edge(relu, skip);
    edge(h, skip);
    h = skip;
  }
  return { nodes, edges };
}
