// What the backward pass has done after `step` steps of one gradient call: the gradient known
// for each forward tensor (partial sums where it accumulates), which records were released,
// and the op now running. Recomputed from the steps each time (a few thousand map writes).
import type { GradientCall } from "../api/types";

export interface StepState {
  step: number; // steps applied
  total: number;
  current: number | null; // op of the step just applied
  gradientOf: Map<number, number | null>; // forward tensor id -> gradient tensor id
  upstream: Set<number>; // forward tensors whose gradient fed the current op
  produced: Set<number>; // forward tensors the current op just produced gradients for
  accumulated: Map<number, { contributions: number[]; total: number }>; // tensors summed so far
  released: Set<number>;
  bytesAlive: number | null;
  stepOfOp: Map<number, number>; // op id -> 1-based step that ran it
  sentBack: Map<string, number | null>; // "op:tensor" -> gradient that op sent to its input
}

export function stepState(call: GradientCall, step: number): StepState {
  const steps = call.steps ?? [];
  const applied = Math.max(0, Math.min(step, steps.length));
  const gradientOf = new Map<number, number | null>();
  const accumulated = new Map<number, { contributions: number[]; total: number }>();
  const released = new Set<number>();
  const stepOfOp = new Map<number, number>();
  const sentBack = new Map<string, number | null>();
  steps.forEach((s, i) => stepOfOp.set(s.op, i + 1));
  let upstream = new Set<number>();
  let produced = new Set<number>();
  let bytesAlive: number | null = null;
  if (applied > 0) for (const seed of call.seeds ?? []) gradientOf.set(seed.tensor, seed.gradient);
  for (let i = 0; i < applied; i++) {
    const s = steps[i];
    for (const g of s.upstream) if (!gradientOf.has(g.tensor)) gradientOf.set(g.tensor, g.gradient ?? null);
    for (const g of s.produced) sentBack.set(`${s.op}:${g.tensor}`, g.gradient ?? null);
    const viaSum = new Set((s.accumulations ?? []).map((a) => a.contribution));
    for (const g of s.produced) {
      if (g.gradient != null && viaSum.has(g.gradient)) continue; // arrives through its sum below
      if (g.gradient != null || !gradientOf.has(g.tensor)) gradientOf.set(g.tensor, g.gradient ?? null);
    }
    for (const a of s.accumulations ?? []) {
      const entry = accumulated.get(a.tensor);
      if (entry) {
        entry.contributions.push(a.contribution);
        entry.total = a.total;
      } else {
        // the first term of the sum is whatever the tensor held before this contribution
        const before = gradientOf.get(a.tensor);
        const first = before != null ? [before] : [];
        accumulated.set(a.tensor, { contributions: [...first, a.contribution], total: a.total });
      }
      gradientOf.set(a.tensor, a.total);
    }
    for (const op of s.released_ops ?? []) released.add(op);
    bytesAlive = s.bytes_alive;
    if (i === applied - 1) {
      upstream = new Set(s.upstream.map((g) => g.tensor));
      produced = new Set(s.produced.map((g) => g.tensor));
    }
  }
  if (applied === steps.length && applied > 0) for (const op of call.released_after ?? []) released.add(op);
  return {
    step: applied, total: steps.length, current: applied > 0 ? steps[applied - 1].op : null,
    gradientOf, upstream, produced, accumulated, released, bytesAlive, stepOfOp, sentBack,
  };
}

/** The gradient a call finally returned for each source tensor (the API's result). */
export function finalGradients(call: GradientCall): Map<number, number | null> {
  return new Map((call.results ?? []).map((r) => [r.tensor, r.gradient ?? null]));
}
