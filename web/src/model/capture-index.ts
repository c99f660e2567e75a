// Lookups over one capture, built once when it loads (every view reads through these).
import type { Capture, Finding, GradientCall, OpInfo, TapeInfo, TensorInfo } from "../api/types";

export interface CaptureIndex {
  tensors: Map<number, TensorInfo>;
  ops: Map<number, OpInfo>;
  tapes: Map<number, TapeInfo>;
  calls: Map<number, GradientCall>;
  consumers: Map<number, number[]>; // tensor id -> ops that read it
  opsByLine: Map<number, number[]>;
  findings: Finding[];
}

export function indexCapture(capture: Capture): CaptureIndex {
  const tensors = new Map((capture.tensors ?? []).map((t) => [t.id, t]));
  const ops = new Map((capture.ops ?? []).map((o) => [o.id, o]));
  const tapes = new Map((capture.tapes ?? []).map((t) => [t.id, t]));
  const calls = new Map((capture.calls ?? []).map((c) => [c.id, c]));
  const consumers = new Map<number, number[]>();
  const opsByLine = new Map<number, number[]>();
  for (const op of ops.values()) {
    for (const input of op.inputs) {
      const list = consumers.get(input);
      if (list) list.push(op.id);
      else consumers.set(input, [op.id]);
    }
    const line = op.location?.line;
    if (line != null) {
      const list = opsByLine.get(line);
      if (list) list.push(op.id);
      else opsByLine.set(line, [op.id]);
    }
  }
  return { tensors, ops, tapes, calls, consumers, opsByLine, findings: capture.findings ?? [] };
}

/** The display name of a tensor: the user's name, else what produced it. */
export function tensorName(index: CaptureIndex, id: number): string {
  const tensor = index.tensors.get(id);
  if (!tensor) return `tensor ${id}`;
  if (tensor.name) return tensor.name.replace(/:0$/, "");
  const op = tensor.op != null ? index.ops.get(tensor.op) : undefined;
  if (op) return `${op.type} output`;
  const value = tensor.summary.value;
  if (value != null && tensor.summary.size === 1) return String(flatFirst(value)); // a literal, e.g. the 2 of y**2
  return tensor.kind;
}

export function shapeText(shape: number[]): string {
  return shape.length === 0 ? "scalar" : `(${shape.join(", ")}${shape.length === 1 ? "," : ""})`;
}

/** The findings of one gradient call, for one source (or all sources when `source` is null). */
export function findingsFor(index: CaptureIndex, call: number | null, source: number | null = null): Finding[] {
  return index.findings.filter(
    (f) => (call == null || f.call === call) && (source == null || f.source_index === source),
  );
}

function flatFirst(value: unknown): unknown {
  return Array.isArray(value) ? flatFirst(value[0]) : value;
}
