// What the backward pass has done after `step` steps of one gradient call: the gradient known
// for each forward tensor (partial sums where it accumulates), which records were released,
// and the op now running. Steps are replayed incrementally, with a snapshot every
// CHECKPOINT_EVERY steps, so that moving one step costs one step's work even on a long call.
import type { BackwardStep, GradientCall } from "../api/types";

export interface StepState {
  step: number; // steps applied
  total: number;
  current: number | null; // op of the step just applied
  gradientOf: ReadonlyMap<number, number | null>; // forward tensor id -> gradient tensor id
  upstream: ReadonlySet<number>; // forward tensors whose gradient fed the current op
  produced: ReadonlySet<number>; // forward tensors the current op just produced gradients for
  accumulated: ReadonlyMap<number, { contributions: number[]; total: number }>;
  released: ReadonlySet<number>;
  bytesAlive: number | null;
  stepOfOp: ReadonlyMap<number, number>; // op id -> 1-based step that ran it
  sentBack: ReadonlyMap<string, number | null>; // "op:tensor" -> gradient that op sent to its input
}

const CHECKPOINT_EVERY = 500;

class Replay {
  step = 0;
  gradientOf = new Map<number, number | null>();
  accumulated = new Map<number, { contributions: number[]; total: number }>();
  released = new Set<number>();
  sentBack = new Map<string, number | null>();
  bytesAlive: number | null = null;

  constructor(private call: GradientCall) {}

  clone(): Replay {
    const copy = new Replay(this.call);
    copy.step = this.step;
    copy.gradientOf = new Map(this.gradientOf);
    copy.accumulated = new Map([...this.accumulated].map(([k, v]) => [k, { contributions: [...v.contributions], total: v.total }]));
    copy.released = new Set(this.released);
    copy.sentBack = new Map(this.sentBack);
    copy.bytesAlive = this.bytesAlive;
    return copy;
  }

  apply(s: BackwardStep): void {
    if (this.step === 0) for (const seed of this.call.seeds ?? []) this.gradientOf.set(seed.tensor, seed.gradient);
    const { gradientOf, accumulated } = this;
    for (const g of s.upstream) if (!gradientOf.has(g.tensor)) gradientOf.set(g.tensor, g.gradient ?? null);
    for (const g of s.produced) this.sentBack.set(`${s.op}:${g.tensor}`, g.gradient ?? null);
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
        accumulated.set(a.tensor, { contributions: [...(before != null ? [before] : []), a.contribution], total: a.total });
      }
      gradientOf.set(a.tensor, a.total);
    }
    for (const op of s.released_ops ?? []) this.released.add(op);
    this.bytesAlive = s.bytes_alive;
    this.step++;
  }
}

interface CallReplay {
  working: Replay;
  checkpoints: Replay[]; // checkpoints[k] holds the state after k * CHECKPOINT_EVERY steps
  stepOfOp: Map<number, number>;
}

const replays = new WeakMap<GradientCall, CallReplay>();

export function stepState(call: GradientCall, step: number): StepState {
  const steps = call.steps ?? [];
  const applied = Math.max(0, Math.min(step, steps.length));
  let replay = replays.get(call);
  if (!replay) {
    const stepOfOp = new Map<number, number>();
    steps.forEach((s, i) => stepOfOp.set(s.op, i + 1));
    replay = { working: new Replay(call), checkpoints: [new Replay(call)], stepOfOp };
    replays.set(call, replay);
  }
  if (replay.working.step > applied) {
    const k = Math.min(Math.floor(applied / CHECKPOINT_EVERY), replay.checkpoints.length - 1);
    replay.working = replay.checkpoints[k].clone();
  }
  const working = replay.working;
  while (working.step < applied) {
    working.apply(steps[working.step]);
    if (working.step % CHECKPOINT_EVERY === 0 && replay.checkpoints.length === working.step / CHECKPOINT_EVERY) {
      replay.checkpoints.push(working.clone());
    }
  }
  const last = applied > 0 ? steps[applied - 1] : null;
  let released: ReadonlySet<number> = working.released;
  if (applied === steps.length && applied > 0 && (call.released_after ?? []).length > 0) {
    released = new Set([...working.released, ...call.released_after!]);
  }
  return {
    step: applied,
    total: steps.length,
    current: last ? last.op : null,
    gradientOf: working.gradientOf,
    upstream: new Set(last ? last.upstream.map((g) => g.tensor) : []),
    produced: new Set(last ? last.produced.map((g) => g.tensor) : []),
    accumulated: working.accumulated,
    released,
    bytesAlive: working.bytesAlive,
    stepOfOp: replay.stepOfOp,
    sentBack: working.sentBack,
  };
}

/** The gradient a call finally returned for each source tensor (the API's result). */
export function finalGradients(call: GradientCall): Map<number, number | null> {
  return new Map((call.results ?? []).map((r) => [r.tensor, r.gradient ?? null]));
}
