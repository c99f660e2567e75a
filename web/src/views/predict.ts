// Predict mode for a class: before a backward step's gradients are revealed, the student types
// them (a number, a small list, or None), is told right or wrong with the correct value and the
// chain-rule product that gives it, and keeps a running score. Answers are posted anonymously
// under the run; in presenter mode the class's answers to the step on screen are shown.
import { api, type PredictionTally } from "../api/client";
import type { BackwardStep } from "../api/types";
import { tensorName } from "../model/capture-index";
import { answerText, expectedOf, isRight, localDerivative, parseAnswer, type Answer } from "../model/predict-check";
import * as stepping from "../stepping";
import { store, touched, type State } from "../store";
import { escape } from "./html";

const MAX_TYPED = 9; // elements: larger gradients are revealed, not typed
const CLASS_POLL_MS = 2000;

interface Asked {
  tensor: number;
  expected: Answer;
}

interface Judged {
  typed: string;
  right: boolean;
}

export function mountPredict(root: HTMLElement): void {
  const judged = new Map<string, Judged>(); // run:call:step:tensor -> this student's answer
  let tally: PredictionTally | null = null;
  let poll: number | undefined;

  root.addEventListener("submit", (event) => {
    event.preventDefault();
    check(store.state);
  });
  root.addEventListener("keydown", (event) => {
    const input = event.target as HTMLInputElement;
    const empty = input.tagName === "INPUT" && input.value === "";
    // with nothing typed the arrows keep their meaning: → reveals without answering, ← goes back
    if (event.key === "Escape" || (empty && (event.key === "ArrowRight" || event.key === "ArrowLeft"))) {
      document.getElementById("graph")?.focus({ preventScroll: true });
      if (event.key === "ArrowRight") stepping.next();
      if (event.key === "ArrowLeft") stepping.prev();
      event.preventDefault();
    }
  });

  store.subscribe((state, changed) => {
    if (touched(changed, "predict", "presenter", "run", "call")) restartPolling(state);
    if (touched(changed, "predict", "step", "revealed", "call", "index", "presenter", "score")) render(state);
  });

  function key(state: State, tensor: number): string {
    return `${state.run?.id}:${state.call}:${state.step}:${tensor}`;
  }

  function currentStep(state: State): BackwardStep | undefined {
    const call = state.call != null ? state.index?.calls.get(state.call) : undefined;
    return state.step > 0 ? call?.steps?.[state.step - 1] : undefined;
  }

  /** The gradients this step produces that a student can type: on the call's path, small. */
  function asked(state: State, step: BackwardStep): Asked[] {
    const index = state.index!;
    const onPath = state.path?.tensors;
    const out: Asked[] = [];
    for (const produced of step.produced) {
      if (onPath && !onPath.has(produced.tensor)) continue;
      if (out.some((q) => q.tensor === produced.tensor)) continue; // x * x: one question about x
      if (produced.gradient == null) {
        out.push({ tensor: produced.tensor, expected: null });
        continue;
      }
      const summary = index.tensors.get(produced.gradient)?.summary;
      const expected = summary && summary.size <= MAX_TYPED ? expectedOf(summary.value) : undefined;
      if (expected !== undefined) out.push({ tensor: produced.tensor, expected });
    }
    return out;
  }

  function render(state: State): void {
    const step = state.predict ? currentStep(state) : undefined;
    if (!state.predict || !state.index) {
      root.hidden = true;
      root.innerHTML = "";
      return;
    }
    root.hidden = false;
    const score = `<span class="score" id="predict-score">Score ${state.score.right} / ${state.score.total}</span>`;
    if (!step) {
      root.innerHTML = `<div class="predict-row"><b>Predict mode</b><span class="hint">Step with → : before each step's gradients appear, type what you expect.</span>${score}</div>`;
      return;
    }
    const questions = asked(state, step);
    const index = state.index;
    if (!state.revealed) {
      if (questions.length === 0) {
        root.innerHTML = `<div class="predict-row"><b>Predict</b><span class="hint">This step's gradients are too large to type: think, then press → to reveal.</span>${score}</div>`;
        return;
      }
      root.innerHTML = `<form class="predict-row" id="predict-form" autocomplete="off">
        <b>Predict</b>
        ${questions.map((q, i) => `<label class="predict-field">∇ ${escape(tensorName(index, q.tensor))} =
          <input type="text" data-tensor="${q.tensor}" id="predict-input-${i}" spellcheck="false" placeholder="3, [1, 2] or None" aria-label="Your gradient for ${escape(tensorName(index, q.tensor))}" /></label>`).join("")}
        <button type="submit" class="primary" id="predict-check">Check</button>
        <span class="hint" id="predict-error"></span>
        ${score}
      </form>${state.presenter ? classCount(state) : ""}`;
      const first = root.querySelector<HTMLInputElement>("input");
      const active = document.activeElement;
      if (first && (active === document.body || active?.id === "graph" || root.contains(active))) first.focus({ preventScroll: true });
      return;
    }
    const feedback = questions
      .map((q) => {
        const mine = judged.get(key(state, q.tensor));
        const name = escape(tensorName(index, q.tensor));
        const verdict = mine
          ? `<span class="verdict ${mine.right ? "right" : "wrong"}">${mine.right ? "✓ right" : "✗ wrong"}</span> you said <code>${escape(mine.typed)}</code>;`
          : "";
        return `<div class="predict-feedback" data-tensor="${q.tensor}">${verdict} ∇ ${name} = <code>${escape(answerText(q.expected))}</code>${chainRule(state, step, q)}</div>`;
      })
      .join("");
    root.innerHTML = `<div class="predict-row"><b>Step ${state.step}</b>${score}</div>${feedback}${classView(state)}`;
    // bar widths through the CSSOM: the page's CSP allows no inline style attributes
    for (const bar of root.querySelectorAll<HTMLElement>(".bar[data-share]")) bar.style.width = `${Number(bar.dataset.share) * 120}px`;
  }

  /** upstream x local derivative = the gradient, when the op acts element-wise. */
  function chainRule(state: State, step: BackwardStep, q: Asked): string {
    if (q.expected === null) return ` <span class="hint">(no gradient flows back through this input)</span>`;
    const index = state.index!;
    const op = index.ops.get(step.op);
    const upstreamId = step.upstream.find((u) => u.gradient != null)?.gradient;
    const upstream = upstreamId != null ? expectedOf(index.tensors.get(upstreamId)?.summary.value) : undefined;
    if (upstream === undefined || upstream === null) return "";
    const local = localDerivative(upstream, q.expected);
    const opName = escape(op?.type ?? "op");
    return local !== undefined
      ? ` <span class="chain">= upstream <code>${escape(answerText(upstream))}</code> × local ∂${opName}/∂${escape(tensorName(index, q.tensor))} <code>${escape(answerText(local))}</code></span>`
      : ` <span class="chain">= ${opName}'s gradient rule applied to the upstream <code>${escape(answerText(upstream))}</code></span>`;
  }

  function check(state: State): void {
    const step = currentStep(state);
    if (!step || state.revealed) return;
    const inputs = [...root.querySelectorAll<HTMLInputElement>("input[data-tensor]")];
    const questions = asked(state, step);
    const results: { q: Asked; typed: string; right: boolean }[] = [];
    for (const input of inputs) {
      const q = questions.find((x) => x.tensor === Number(input.dataset.tensor));
      if (!q) continue;
      const parsed = parseAnswer(input.value);
      if ("error" in parsed) {
        root.querySelector("#predict-error")!.textContent = parsed.error;
        input.focus();
        return;
      }
      results.push({ q, typed: input.value.trim(), right: isRight(parsed.answer, q.expected) });
    }
    for (const r of results) {
      judged.set(key(state, r.q.tensor), { typed: r.typed, right: r.right });
      if (state.run && state.call != null) {
        void api.predict(state.run.id, { call: state.call, step: state.step, tensor: r.q.tensor, answer: r.typed, correct: r.right }).catch(() => undefined);
      }
    }
    const right = results.filter((r) => r.right).length;
    store.set({ revealed: true, score: { right: state.score.right + right, total: state.score.total + results.length } });
    document.getElementById("graph")?.focus({ preventScroll: true }); // → steps on
  }

  function classView(state: State): string {
    if (!state.presenter) return "";
    const rows = (tally?.steps ?? []).filter((s) => s.step === state.step);
    if (rows.length === 0) return `<div class="class-answers" id="class-answers"><b>Class</b> <span class="hint">no answers yet for this step</span></div>`;
    const index = state.index!;
    return `<div class="class-answers" id="class-answers"><b>Class</b> ${rows
      .map((s) => {
        const bars = s.top.map((a) => `<span class="answer-bar"><code>${escape(a.answer)}</code> <span class="bar" data-share="${(a.count / s.answers).toFixed(3)}"></span>${a.count}</span>`).join("");
        return `<div>∇ ${escape(tensorName(index, s.tensor))}: <b>${s.right}</b> of ${s.answers} right ${bars}</div>`;
      })
      .join("")}</div>`;
  }

  function classCount(state: State): string {
    const answers = (tally?.steps ?? []).filter((s) => s.step === state.step).reduce((n, s) => n + s.answers, 0);
    return `<div class="class-answers" id="class-answers"><b>Class</b> <span id="class-count">${answers}</span> answer${answers === 1 ? "" : "s"} so far <span class="hint">(their spread shows once revealed)</span></div>`;
  }

  function restartPolling(state: State): void {
    window.clearInterval(poll);
    poll = undefined;
    tally = null;
    if (!state.predict || !state.presenter || !state.run || state.call == null) return;
    const fetchTally = async () => {
      const now = store.state;
      if (!now.run || now.call == null) return;
      try {
        tally = await api.predictions(now.run.id, now.call);
        const typing = root.contains(document.activeElement) && document.activeElement?.tagName === "INPUT";
        if (!typing) render(store.state); // never redraw under a student's typing
        else root.querySelector("#class-count")?.replaceChildren(String((tally.steps ?? []).filter((s) => s.step === store.state.step).reduce((n, s) => n + s.answers, 0)));
      } catch {
        /* the next poll tries again */
      }
    };
    void fetchTally();
    poll = window.setInterval(() => void fetchTally(), CLASS_POLL_MS);
  }
}
