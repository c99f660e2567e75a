// The visible graph of one tape: op nodes, leaf tensors (variables, constants, watched tensors)
// and targets as nodes, every other tensor as an edge from its producer to its consumer, labelled
// with its shape. Collapsed groups stand in for all the ops (and private leaves) inside them.
import type { CaptureIndex } from "./capture-index";
import { shapeText, tensorName } from "./capture-index";
import type { Grouping } from "./groups";

export type NodeKind = "op" | "variable" | "constant" | "watched" | "intermediate" | "group";

export interface GraphNode {
  id: string;
  kind: NodeKind;
  label: string;
  detail: string;
  parent: string | null;
  op?: number;
  tensor?: number;
  group?: string;
  collapsed?: boolean;
  width: number;
  height: number;
}

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
  tensors: number[];
  label: string;
}

const MAX_DRAWN_SOURCES = 8;

export interface VisibleGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
  nodeOfOp: Map<number, string>;
  nodeOfTensor: Map<number, string>; // leaf and target tensors
  edgesOfTensor: Map<number, string[]>;
  opsOfNode: Map<string, number[]>;
}

const CHAR_WIDTH = 8.2;

export function buildGraph(
  index: CaptureIndex,
  records: number[],
  grouping: Grouping,
  expanded: ReadonlySet<string>,
  targets: number[],
  watched: ReadonlySet<number>,
  sources: number[] = [],
): VisibleGraph {
  const nodes: GraphNode[] = [];
  const nodeOfOp = new Map<number, string>();
  const nodeOfTensor = new Map<number, string>();
  const opsOfNode = new Map<string, number[]>();
  const groupNodes = new Set<string>();
  const recorded = new Set(records);

  // visible representative of each op: its outermost collapsed group, else itself
  const visibleParent = (path: string[]): { rep: string | null; parent: string | null } => {
    let parent: string | null = null;
    for (const gid of path) {
      if (!expanded.has(gid)) return { rep: gid, parent };
      parent = gid;
    }
    return { rep: null, parent };
  };
  const addGroup = (gid: string, collapsed: boolean) => {
    if (groupNodes.has(gid)) return;
    groupNodes.add(gid);
    const group = grouping.groups.get(gid)!;
    if (group.parent && !groupNodes.has(group.parent)) addGroup(group.parent, false);
    const label = group.label;
    const detail = `${group.ops.length} op${group.ops.length === 1 ? "" : "s"}`;
    nodes.push({
      id: gid, kind: "group", label, detail, parent: group.parent, group: gid, collapsed,
      width: collapsed ? Math.max(label.length, detail.length + 2) * CHAR_WIDTH + 36 : 0,
      height: collapsed ? 50 : 0,
    });
  };

  for (const id of records) {
    const op = index.ops.get(id)!;
    const { rep, parent } = visibleParent(grouping.pathOf.get(id) ?? []);
    if (rep) {
      addGroup(rep, true);
      nodeOfOp.set(id, rep);
      push(opsOfNode, rep, id);
      continue;
    }
    if (parent) addGroup(parent, false);
    const nid = `op:${id}`;
    const line = op.location?.line;
    nodes.push({
      id: nid, kind: "op", label: op.type, detail: line != null ? `line ${line}` : "",
      parent, op: id, width: Math.max(op.type.length * CHAR_WIDTH + 28, 64), height: 40,
    });
    nodeOfOp.set(id, nid);
    opsOfNode.set(nid, [id]);
  }

  // a few sources (x in a loop) are drawn beside their collapsed group; a model's hundreds of
  // weights stay inside their layers
  const drawnSources = new Set(sources.length <= MAX_DRAWN_SOURCES ? sources : []);
  // leaves: tensors read by recorded ops but not produced by one; placed inside a group when
  // every reader is in it (a layer's kernel and bias collapse with the layer)
  const leafReaders = new Map<number, number[]>();
  for (const id of records) {
    const op = index.ops.get(id)!;
    for (const t of op.inputs) {
      const producer = index.tensors.get(t)?.op;
      if (producer != null && recorded.has(producer)) continue;
      push(leafReaders, t, id);
    }
  }
  for (const [t, readers] of leafReaders) {
    const tensor = index.tensors.get(t);
    const paths = readers.map((r) => grouping.pathOf.get(r) ?? []);
    const common = commonPrefix(paths);
    const { rep, parent } = visibleParent(common);
    // a collapsed group swallows its private leaves, but never a call's source: the backward
    // pass ends there, so it is always drawn (beside the group)
    if (rep && !(drawnSources.has(t))) {
      nodeOfTensor.set(t, rep);
      continue;
    }
    const kind = watched.has(t) && tensor?.kind !== "variable" ? "watched" : leafKind(tensor?.kind);
    const label = tensorName(index, t);
    const detail = tensor ? shapeText(tensor.shape) : "";
    nodes.push({
      id: `t:${t}`, kind, label, detail, parent, tensor: t,
      width: Math.max(label.length, detail.length, 12) * CHAR_WIDTH + 30, height: 58,
    });
    nodeOfTensor.set(t, `t:${t}`);
  }
  // targets, and sources no recorded op read (a None gradient's badge needs a node to sit on)
  for (const t of [...targets, ...sources]) {
    if (nodeOfTensor.has(t)) continue;
    const label = tensorName(index, t);
    const tensor = index.tensors.get(t);
    const detail = tensor ? shapeText(tensor.shape) : "";
    const kind = targets.includes(t) ? "intermediate" : leafKind(tensor?.kind);
    nodes.push({
      id: `t:${t}`, kind, label, detail, parent: null, tensor: t,
      width: Math.max(label.length, detail.length, 12) * CHAR_WIDTH + 36, height: 58,
    });
    nodeOfTensor.set(t, `t:${t}`);
  }

  // edges: one per (visible source, visible target) pair, carrying every tensor between them
  const edgeMap = new Map<string, GraphEdge>();
  const edgesOfTensor = new Map<number, string[]>();
  const link = (source: string, target: string, t: number) => {
    if (source === target) return;
    const id = `e:${source}>${target}`;
    let edge = edgeMap.get(id);
    if (!edge) edgeMap.set(id, (edge = { id, source, target, tensors: [], label: "" }));
    if (!edge.tensors.includes(t)) {
      edge.tensors.push(t);
      push(edgesOfTensor, t, id);
    }
  };
  for (const id of records) {
    const op = index.ops.get(id)!;
    const target = nodeOfOp.get(id)!;
    for (const t of op.inputs) {
      const producer = index.tensors.get(t)?.op;
      const source = producer != null && recorded.has(producer) ? nodeOfOp.get(producer) : nodeOfTensor.get(t);
      if (source) link(source, target, t);
    }
  }
  for (const t of targets) {
    const producer = index.tensors.get(t)?.op;
    const source = producer != null && recorded.has(producer) ? nodeOfOp.get(producer) : undefined;
    if (source) link(source, `t:${t}`, t);
  }
  for (const edge of edgeMap.values()) {
    const first = index.tensors.get(edge.tensors[0]);
    edge.label = edge.tensors.length > 1 ? `${edge.tensors.length} tensors` : first ? shapeText(first.shape) : "";
  }
  return { nodes, edges: [...edgeMap.values()], nodeOfOp, nodeOfTensor, edgesOfTensor, opsOfNode };
}

function leafKind(kind: string | undefined): NodeKind {
  if (kind === "variable" || kind === "constant" || kind === "watched") return kind;
  return "intermediate";
}

function commonPrefix(paths: string[][]): string[] {
  if (paths.length === 0) return [];
  const first = paths[0];
  let n = first.length;
  for (const path of paths) {
    let i = 0;
    while (i < n && i < path.length && path[i] === first[i]) i++;
    n = i;
  }
  return first.slice(0, n);
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
