// What each graph element shows for the current call, step, selection and cursor: its classes
// and its text. Computed for every element and applied only where it changed, so a step costs a
// few milliseconds even on a large tape.
import type { CaptureIndex } from "../model/capture-index";
import { findingsFor } from "../model/capture-index";
import { valueText } from "../model/format";
import type { GraphEdge, GraphNode, VisibleGraph } from "../model/graph-model";
import type { OnPath } from "../model/paths";
import type { StepState } from "../model/step-state";
import type { State } from "../store";

export interface Look {
  classes: string;
  text: string;
}

export interface DecorationInput {
  state: State;
  index: CaptureIndex;
  graph: VisibleGraph;
  path: OnPath | null;
  steps: StepState | null;
  searchHits: ReadonlySet<string>;
  cursorOps: ReadonlySet<number>;
  noneSources: ReadonlySet<number>;
}

export function savedBy(index: CaptureIndex): Map<number, number[]> {
  const result = new Map<number, number[]>();
  for (const op of index.ops.values()) {
    for (const saved of op.saved ?? []) {
      const list = result.get(saved.tensor);
      if (list) list.push(op.id);
      else result.set(saved.tensor, [op.id]);
    }
  }
  return result;
}

export function prunedTensors(index: CaptureIndex): Set<number> {
  const result = new Set<number>();
  for (const op of index.ops.values()) for (const p of op.pruned ?? []) result.add(p.tensor);
  return result;
}

export function decorateNode(node: GraphNode, input: DecorationInput): Look {
  const { state, index, graph, path, steps } = input;
  const classes: string[] = [];
  const lines = [node.kind === "group" ? `${node.collapsed ? "▸" : "▾"} ${node.label}` : node.label];
  if (node.detail && (node.kind !== "group" || node.collapsed)) lines.push(node.detail);
  const ops = graph.opsOfNode.get(node.id) ?? [];
  if (path) {
    const onPath = node.tensor != null
      ? path.tensors.has(node.tensor) || input.noneSources.has(node.tensor)
      : ops.some((op) => path.ops.has(op));
    if (!onPath && !(node.kind === "group" && !node.collapsed)) classes.push("dim");
  }
  if (steps && ops.length > 0) {
    if (steps.current != null && ops.includes(steps.current)) classes.push("current");
    else if (ops.some((op) => (steps.stepOfOp.get(op) ?? Infinity) <= steps.step)) classes.push("done");
    if (ops.every((op) => steps.released.has(op))) classes.push("released");
  }
  if (node.tensor != null) {
    const tensor = index.tensors.get(node.tensor);
    if (tensor && (tensor.summary.nans > 0 || tensor.summary.infs > 0)) classes.push("nan");
    if (input.noneSources.has(node.tensor)) classes.push("none-source");
    const gradient = steps?.gradientOf.get(node.tensor);
    const relevant = gradient != null || !path || path.tensors.has(node.tensor) || input.noneSources.has(node.tensor);
    if (steps && steps.gradientOf.has(node.tensor) && relevant) {
      const hidden = hiddenByPredict(state, steps, node.tensor);
      const sum = steps.accumulated.get(node.tensor);
      const summary = gradient != null ? index.tensors.get(gradient)?.summary : undefined;
      if (summary && (summary.nans > 0 || summary.infs > 0) && !hidden) classes.push("nan");
      if (hidden) lines.push("∇ ?");
      else if (gradient == null) lines.push("∇ None");
      else if (sum) lines.push(`∇ Σ${sum.contributions.length} = ${valueText(index.tensors.get(gradient)?.summary)}`);
      else lines.push(`∇ ${valueText(index.tensors.get(gradient)?.summary)}`);
    }
  }
  if (ops.some((op) => input.cursorOps.has(op))) classes.push("line-linked");
  if (input.searchHits.has(node.id)) classes.push("search-hit");
  if (isSelected(state, node)) classes.push("selected");
  if (isCut(state, index, node.tensor != null ? [node.tensor] : [], ops)) classes.push("cut");
  return { classes: classes.join(" "), text: lines.join("\n") };
}

export function decorateEdge(
  edge: GraphEdge,
  input: DecorationInput,
  saved: Map<number, number[]>,
  pruned: Set<number>,
): Look {
  const { state, index, graph, path, steps } = input;
  const classes: string[] = [];
  const consumers = graph.opsOfNode.get(edge.target) ?? [];
  const released = steps?.released ?? new Set<number>();
  const keptBy = edge.tensors.flatMap((t) => saved.get(t) ?? []).filter((op) => !released.has(op));
  if (keptBy.length > 0) classes.push("saved");
  else if (edge.tensors.some((t) => pruned.has(t)) && !(steps && steps.step > 0)) classes.push("pruned");
  if (path && !edge.tensors.some((t) => path.tensors.has(t))) classes.push("dim");
  let text = edge.label;
  if (steps) {
    const t = edge.tensors[0];
    // the gradient that travels back along this edge is what its consumer sent to this tensor
    const sentKey = consumers.map((op) => `${op}:${t}`).find((key) => steps.sentBack.has(key));
    const toTarget = edge.target === `t:${t}` && steps.gradientOf.has(t);
    const gradient = sentKey !== undefined ? steps.sentBack.get(sentKey) : steps.gradientOf.get(t);
    const floating = /^(float|bfloat|half|double|complex)/.test(index.tensors.get(t)?.dtype ?? "float");
    const relevant = (gradient != null || !path || path.tensors.has(t)) && floating;
    if ((sentKey !== undefined || toTarget) && relevant) {
      classes.push("grad");
      const isNew = steps.current != null && (consumers.includes(steps.current) || edge.target === `op:${steps.current}`);
      if (isNew && steps.produced.has(t)) classes.push("grad-produced");
      else if (steps.current != null && steps.upstream.has(t) && graph.nodeOfOp.get(steps.current) === edge.source) {
        classes.push("grad-upstream");
      }
      if (hiddenByPredict(state, steps, t) && isNew) {
        classes.push("grad-hidden");
        text = "∇ ?";
      } else {
        // each edge carries its own contribution; the sum shows on the tensor (node, inspector)
        const summary = gradient != null ? index.tensors.get(gradient)?.summary : undefined;
        text = gradient == null ? "∇ None" : `∇ ${valueText(summary)}`;
        if (summary && (summary.nans > 0 || summary.infs > 0)) classes.push("grad-nan");
      }
    }
  }
  if (input.searchHits.has(edge.id)) classes.push("search-hit");
  if (state.selection?.kind === "tensor" && edge.tensors.includes(state.selection.id) && !graph.nodeOfTensor.has(state.selection.id)) {
    classes.push("selected");
  }
  if (isCut(state, index, edge.tensors, [])) classes.push("cut");
  return { classes: classes.join(" "), text };
}

/** Predict mode hides the gradients the current step produces until the step is revealed. */
function hiddenByPredict(state: State, steps: StepState, tensor: number): boolean {
  return state.predict && !state.revealed && steps.produced.has(tensor);
}

function isSelected(state: State, node: GraphNode): boolean {
  const selection = state.selection;
  if (!selection) return false;
  if (selection.kind === "tensor") return node.tensor === selection.id;
  if (selection.kind === "op") return node.op === selection.id;
  return node.group === selection.id;
}

function isCut(state: State, index: CaptureIndex, tensors: number[], ops: number[]): boolean {
  if (state.finding == null) return false;
  const finding = index.findings[state.finding];
  if (!finding) return false;
  return tensors.some((t) => finding.tensors?.includes(t)) || ops.some((op) => finding.ops?.includes(op));
}

/** Source tensors whose gradient came back None in this call. */
export function noneSourcesOf(state: State, index: CaptureIndex): Set<number> {
  const call = state.call != null ? index.calls.get(state.call) : undefined;
  const result = new Set<number>();
  for (const r of call?.results ?? []) if (r.gradient == null) result.add(r.tensor);
  return result;
}

/** The None cause to show on a badge: the finding's code for that source. */
export function noneCause(state: State, index: CaptureIndex, tensor: number): string {
  const call = state.call != null ? index.calls.get(state.call) : undefined;
  const result = call?.results?.find((r) => r.tensor === tensor && r.gradient == null);
  if (!result) return "None";
  const finding = findingsFor(index, call!.id, result.source_index)[0];
  return result.none_cause ?? finding?.code ?? "None";
}
