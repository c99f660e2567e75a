// The stepper bar: first / back / play / forward / last, a slider over the steps, the speed, and
// a sentence saying what the current step did.
import { tensorName } from "../model/capture-index";
import { bytes, valueText } from "../model/format";
import { stepState } from "../model/step-state";
import * as stepping from "../stepping";
import { store, touched, type State } from "../store";
import { escape } from "./html";
import { icons } from "./icons";

export function mountStepper(root: HTMLElement): void {
  root.innerHTML = `
    <div class="controls">
      <button class="icon-button" id="step-home" title="First step (Home)" aria-label="First step">${icons.first}</button>
      <button class="icon-button" id="step-back" title="Step back (←)" aria-label="Step back">${icons.back}</button>
      <button class="icon-button play" id="step-play" title="Play / pause (Space)" aria-label="Play">${icons.play}</button>
      <button class="icon-button" id="step-forward" title="Step forward (→)" aria-label="Step forward">${icons.forward}</button>
      <button class="icon-button" id="step-end" title="Last step (End)" aria-label="Last step">${icons.last}</button>
      <span class="position" id="step-position" aria-live="polite">—</span>
      <input type="range" id="step-slider" min="0" max="0" value="0" aria-label="Backward step" />
    </div>
    <div class="details">
      <div class="now" id="step-now"></div>
      <label class="speed" title="Play speed ([ slower, ] faster)">Speed <input type="range" id="step-speed" min="100" max="2000" step="100" aria-label="Play speed" /></label>
      <button id="run-to" title="Step until the selected op has run (R)">Run to selected</button>
    </div>`;
  const $ = <T extends HTMLElement>(id: string) => root.querySelector<T>(`#${id}`)!;
  $("step-home").addEventListener("click", stepping.home);
  $("step-back").addEventListener("click", stepping.prev);
  $("step-forward").addEventListener("click", stepping.next);
  $("step-end").addEventListener("click", stepping.end);
  $("step-play").addEventListener("click", stepping.togglePlay);
  $("run-to").addEventListener("click", () => runToSelection());
  const slider = $<HTMLInputElement>("step-slider");
  slider.addEventListener("input", () => stepping.goTo(Number(slider.value)));
  const speed = $<HTMLInputElement>("step-speed");
  speed.value = String(2100 - store.state.speedMs);
  speed.addEventListener("input", () => store.set({ speedMs: 2100 - Number(speed.value) }));

  store.subscribe((state, changed) => {
    if (!touched(changed, "index", "call", "step", "revealed", "predict", "playing", "selection", "speedMs")) return;
    render(state);
  });

  function render(state: State): void {
    const call = state.call != null ? state.index?.calls.get(state.call) : undefined;
    const total = call?.steps?.length ?? 0;
    slider.max = String(total);
    slider.value = String(state.step);
    speed.value = String(2100 - state.speedMs);
    const play = $("step-play");
    play.innerHTML = state.playing ? icons.pause : icons.play;
    play.setAttribute("aria-label", state.playing ? "Pause" : "Play");
    for (const id of ["step-home", "step-back", "step-play", "step-forward", "step-end"]) {
      ($(id) as HTMLButtonElement).disabled = !call || total === 0;
    }
    slider.disabled = !call || total === 0;
    $("step-position").textContent = call ? `Step ${state.step} / ${total}` : "No gradient call";
    $<HTMLButtonElement>("run-to").disabled = !call || !selectedOp(state);
    $("step-now").innerHTML = call ? describe(state, call.id) : "";
  }
}

function selectedOp(state: State): number | null {
  const selection = state.selection;
  if (!selection || !state.index) return null;
  if (selection.kind === "op") return selection.id;
  if (selection.kind === "tensor") return state.index.tensors.get(selection.id)?.op ?? null;
  return null;
}

export function runToSelection(): void {
  const op = selectedOp(store.state);
  if (op != null && !stepping.runTo(op)) {
    store.set({ message: "The backward pass of this call never runs that op (it is off the path)." });
  }
}

function describe(state: State, callId: number): string {
  const index = state.index!;
  const call = index.calls.get(callId)!;
  const steps = stepState(call, state.step);
  if (steps.total === 0) return call.error ? `This call raised <b>${escape(call.error.type)}</b>: ${escape(call.error.message)}` : "This call ran no backward step.";
  if (steps.step === 0) return `Before the backward pass. Press <kbd>→</kbd> to start from the target.`;
  const step = call.steps![steps.step - 1];
  const op = index.ops.get(step.op)!;
  const line = op.location ? ` (line ${op.location.line})` : "";
  const upstream = step.upstream.find((g) => g.gradient != null);
  const received = upstream ? `received ∇ ${valueText(index.tensors.get(upstream.gradient!)?.summary)}` : "received no gradient";
  const hidden = state.predict && !state.revealed;
  const sent = step.produced
    .map((g) => `${escape(tensorName(index, g.tensor))}: ${hidden ? "?" : g.gradient == null ? "None" : valueText(index.tensors.get(g.gradient)?.summary)}`)
    .join(", ");
  const released = step.released_bytes ? `; released ${bytes(step.released_bytes)}` : "";
  const reveal = hidden ? ` — <b>predict the gradients</b>, then press <kbd>→</kbd> to reveal` : "";
  return `<b>${escape(op.type)}</b>${line} ${received} and sent back ${sent || "nothing"}${released}${reveal}.`;
}
