// Moving through the backward pass: shared by the stepper buttons, the keyboard and "run to node".
// In predict mode each step first shows "?" where its gradients will appear; the next press
// reveals them, the one after moves on.
import { store } from "./store";

function total(): number {
  const { index, call } = store.state;
  return call != null ? index?.calls.get(call)?.steps?.length ?? 0 : 0;
}

export function next(): void {
  const { step, predict, revealed } = store.state;
  if (predict && !revealed) {
    store.set({ revealed: true });
    return;
  }
  if (step < total()) store.set({ step: step + 1, revealed: !predict });
  else store.set({ playing: false });
}

export function prev(): void {
  const { step } = store.state;
  if (step > 0) store.set({ step: step - 1, revealed: true });
}

export function home(): void {
  store.set({ step: 0, revealed: true, playing: false });
}

export function end(): void {
  store.set({ step: total(), revealed: true, playing: false });
}

export function goTo(step: number): void {
  store.set({ step: Math.max(0, Math.min(step, total())), revealed: true });
}

/** Step until the given op has run (its gradients are computed). */
export function runTo(op: number): boolean {
  const { index, call } = store.state;
  const steps = call != null ? index?.calls.get(call)?.steps ?? [] : [];
  const at = steps.findIndex((s) => s.op === op);
  if (at < 0) return false;
  store.set({ step: at + 1, revealed: true, playing: false });
  return true;
}

let timer: number | undefined;

export function togglePlay(): void {
  store.set({ playing: !store.state.playing });
}

store.subscribe((state, changed) => {
  if (!changed.has("playing") && !changed.has("speedMs")) return;
  window.clearInterval(timer);
  timer = undefined;
  if (state.playing) {
    if (state.step >= total()) store.set({ step: 0, revealed: true });
    timer = window.setInterval(next, state.speedMs);
  }
});
