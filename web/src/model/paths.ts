// Which ops and tensors lie on a path from a gradient call's sources to its targets: the rest of
// the tape is dimmed, because the backward pass never touches it for this call.
import type { GradientCall } from "../api/types";
import type { CaptureIndex } from "./capture-index";

export interface OnPath {
  ops: Set<number>;
  tensors: Set<number>;
}

const cache = new WeakMap<GradientCall, { records: number[]; path: OnPath }>();

/** Memoized per call (a step re-decorates the graph; the path does not change with the step). */
export function pathOf(index: CaptureIndex, call: GradientCall, records: number[]): OnPath {
  const hit = cache.get(call);
  if (hit && hit.records === records) return hit.path;
  const path = computePath(index, call, records);
  cache.set(call, { records, path });
  return path;
}

function computePath(index: CaptureIndex, call: GradientCall, records: number[]): OnPath {
  const recorded = new Set(records);
  // forward reach from the sources, through recorded ops only (ops are in program order)
  const reached = new Set<number>(call.sources);
  const forwardOps = new Set<number>();
  for (const id of records) {
    const op = index.ops.get(id);
    if (!op || !op.inputs.some((t) => reached.has(t))) continue;
    forwardOps.add(id);
    for (const out of op.outputs) reached.add(out);
  }
  // backward reach from the targets
  const needed = new Set<number>(call.targets);
  const ops = new Set<number>();
  for (let i = records.length - 1; i >= 0; i--) {
    const op = index.ops.get(records[i]);
    if (!op || !recorded.has(op.id) || !op.outputs.some((t) => needed.has(t))) continue;
    if (forwardOps.has(op.id)) ops.add(op.id);
    for (const input of op.inputs) needed.add(input);
  }
  const tensors = new Set<number>();
  for (const id of ops) {
    const op = index.ops.get(id)!;
    for (const t of op.inputs) if (reached.has(t)) tensors.add(t);
    for (const t of op.outputs) if (needed.has(t)) tensors.add(t);
  }
  for (const t of call.targets) tensors.add(t);
  for (const t of call.sources) if (needed.has(t)) tensors.add(t);
  return { ops, tensors };
}
