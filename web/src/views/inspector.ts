// The inspector: everything about the selected tensor, op or group — shape, dtype, kind, the op
// that made it, its line, value and gradient summaries with a heatmap or histogram, and what the
// tape saved for backward and why.
import { api } from "../api/client";
import type { OpInfo, TensorInfo, ValueSummary } from "../api/types";
import { findingsFor, shapeText, tensorName } from "../model/capture-index";
import { bytes, flat, num, toNumber } from "../model/format";
import { stepState } from "../model/step-state";
import { store, touched, type State } from "../store";
import { drawDistribution } from "./charts";
import { escape } from "./html";

export interface InspectorActions {
  revealLine(line: number): void;
  toggleGroup(group: string): void;
  runTo(op: number): void;
}

export function mountInspector(root: HTMLElement, actions: InspectorActions): void {
  const fullValues = new Map<string, ValueSummary>();

  root.addEventListener("click", (event) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>("[data-action]");
    if (!target) return;
    const { action, id } = target.dataset;
    if (action === "line") actions.revealLine(Number(id));
    else if (action === "tensor") store.set({ selection: { kind: "tensor", id: Number(id) } });
    else if (action === "op") store.set({ selection: { kind: "op", id: Number(id) } });
    else if (action === "toggle") actions.toggleGroup(id!);
    else if (action === "run-to") actions.runTo(Number(id));
  });

  store.subscribe((state, changed) => {
    if (!touched(changed, "selection", "index", "call", "step", "revealed", "predict", "finding", "presenter")) return;
    render(state);
  });

  function render(state: State): void {
    const index = state.index;
    const selection = state.selection;
    if (!index || !selection) {
      root.innerHTML = index
        ? `<h2>Inspector</h2><p class="hint">Click a node or an edge in the graph (or press <kbd>.</kbd>) to see its value, its gradient and what the tape saved for it.</p>`
        : `<h2>Inspector</h2><p class="hint">Run a program to inspect its tensors.</p>`;
      return;
    }
    if (selection.kind === "tensor") renderTensor(state, index.tensors.get(selection.id));
    else if (selection.kind === "op") renderOp(state, index.ops.get(selection.id));
    else renderGroup(state, selection.id);
  }

  function renderTensor(state: State, tensor: TensorInfo | undefined): void {
    const index = state.index!;
    if (!tensor) {
      root.innerHTML = `<p class="hint">This tensor is not in the capture.</p>`;
      return;
    }
    const op = tensor.op != null ? index.ops.get(tensor.op) : undefined;
    const gradient = gradientView(state, tensor.id);
    const saved = savedFor(state, tensor.id);
    root.innerHTML = `
      <h2>${escape(tensorName(index, tensor.id))} <span class="chip ${tensor.kind}">${tensor.kind}</span></h2>
      <dl class="facts">
        <dt>Shape</dt><dd><code>${shapeText(tensor.shape)}</code></dd>
        <dt>Dtype</dt><dd><code>${escape(tensor.dtype)}</code></dd>
        <dt>Made by</dt><dd>${op ? `<button class="link" data-action="op" data-id="${op.id}">${escape(op.type)}</button>` : tensor.kind === "variable" ? "tf.Variable" : "—"}</dd>
        <dt>Line</dt><dd>${lineLink(tensor.location?.line)}</dd>
      </dl>
      ${gradient.html}
      <h3>Value</h3>
      ${summaryFacts(tensor.summary)}
      <div class="plot" id="value-plot"></div>
      ${gradient.summary && gradient.summary.size > 1 ? `<h3>Gradient distribution</h3><div class="plot" id="gradient-plot"></div>` : ""}
      <h3>Saved for backward</h3>
      ${saved}`;
    void drawWithValue(state, tensor.id, tensor.summary, "value-plot", "#2f5d8a");
    if (gradient.summary && gradient.summary.size > 1 && gradient.id != null) void drawWithValue(state, gradient.id, gradient.summary, "gradient-plot", "#3450a1");
  }

  async function drawWithValue(state: State, id: number, summary: ValueSummary, elementId: string, color: string) {
    const el = root.querySelector<HTMLElement>(`#${elementId}`);
    if (!el) return;
    let full = summary;
    const missing = summary.histogram == null || (summary.value == null && summary.shape.length === 2);
    if (missing && summary.size > 0 && state.run) {
      const key = `${state.run.id}:${id}`;
      try {
        full = fullValues.get(key) ?? (await api.tensor(state.run.id, id)).summary;
        fullValues.set(key, full);
      } catch {
        /* the histogram from the summary is shown instead */
      }
    }
    if (el.isConnected) drawDistribution(el, full, color, state.presenter);
  }

  function gradientView(state: State, tensor: number): { html: string; summary?: ValueSummary; id?: number } {
    const index = state.index!;
    const call = state.call != null ? index.calls.get(state.call) : undefined;
    if (!call) return { html: "" };
    const result = call.results?.find((r) => r.tensor === tensor);
    if (result && result.gradient == null) {
      const finding = findingsFor(index, call.id, result.source_index)[0];
      const cause = finding
        ? `<p class="message"><span class="chip error">None</span> <b>${escape(finding.code)}</b>: ${escape(finding.message)}</p>
           ${finding.line != null ? `<p>Cut at ${lineLink(finding.line)}.</p>` : ""}
           ${finding.suggestion ? `<pre>${escape(finding.suggestion)}</pre>` : ""}`
        : `<p><span class="chip error">None</span> ${escape(result.none_cause ?? "no gradient flowed to this source")}</p>`;
      return { html: `<h3>Gradient (call ${call.id + 1})</h3><div class="finding error">${cause}</div>` };
    }
    const steps = stepState(call, state.step);
    const now = steps.gradientOf.get(tensor);
    const final = result?.gradient ?? finalOf(call, tensor);
    const hidden = state.predict && (!steps.gradientOf.has(tensor) || (!state.revealed && steps.produced.has(tensor)));
    if (hidden) {
      return { html: `<h3>Gradient</h3><p class="hidden-gradient">Hidden until its step is reached — predict it first.</p>` };
    }
    const id = now ?? (steps.step === steps.total ? final : undefined) ?? undefined;
    const label = now != null ? `Gradient at step ${steps.step}` : final != null ? "Gradient (after the backward pass)" : "Gradient";
    if (id == null && final != null && steps.step < steps.total) {
      // not reached yet: the stepper is the story, the final value would give it away
      return { html: `<section id="inspector-gradient"><h3>Gradient</h3><p class="hint" id="gradient-not-reached">Not reached yet at step ${steps.step} of ${steps.total}: step on (→) until the backward pass gets here, or End for the final gradient.</p></section>` };
    }
    const shown = id ?? final;
    if (shown == null) {
      const onPath = state.path?.tensors.has(tensor);
      return { html: `<h3>Gradient</h3><p class="hint">${onPath ? "Not reached yet: step further." : "This tensor is off the path of this gradient call."}</p>` };
    }
    const g = index.tensors.get(shown)!;
    const sum = steps.accumulated.get(tensor);
    const partials = sum
      ? `<p>Accumulated from ${sum.contributions.length} uses: ${sum.contributions
          .map((c) => `<code>${valueShort(index.tensors.get(c)?.summary)}</code>`)
          .join(" + ")} = <code>${valueShort(index.tensors.get(sum.total)?.summary)}</code></p>`
      : "";
    return {
      html: `<section id="inspector-gradient"><h3>${label}</h3>${partials}${summaryFacts(g.summary, true)}</section>`,
      summary: g.summary,
      id: shown,
    };
  }

  function renderOp(state: State, op: OpInfo | undefined): void {
    const index = state.index!;
    if (!op) return;
    const call = state.call != null ? index.calls.get(state.call) : undefined;
    const stepOf = call ? (call.steps ?? []).findIndex((s) => s.op === op.id) : -1;
    const tensorList = (ids: number[]) =>
      ids.map((t) => `<button class="link" data-action="tensor" data-id="${t}">${escape(tensorName(index, t))}</button> <code>${shapeText(index.tensors.get(t)?.shape ?? [])}</code>`).join("<br>") || "—";
    const gradientState = { registered: "registered", non_differentiable: "not differentiable (inputs get None)", not_registered: "no gradient registered" }[op.gradient];
    root.innerHTML = `
      <h2>${escape(op.type)} <span class="chip op">op</span></h2>
      <dl class="facts">
        <dt>Line</dt><dd>${lineLink(op.location?.line)}</dd>
        <dt>Scope</dt><dd>${op.scope ? `<code>${escape(op.scope)}</code>` : "—"}</dd>
        <dt>Inputs</dt><dd>${tensorList(op.inputs)}</dd>
        <dt>Outputs</dt><dd>${tensorList(op.outputs)}</dd>
        <dt>Gradient</dt><dd>${gradientState}</dd>
        <dt>Tapes</dt><dd>${(op.tapes ?? []).map((t) => `tape ${t + 1}`).join(", ") || "not recorded"}</dd>
        ${call ? `<dt>Backward</dt><dd>${stepOf >= 0 ? `step ${stepOf + 1} of call ${call.id + 1} <button class="link" data-action="run-to" data-id="${op.id}">run to here</button>` : "not run by this call"}</dd>` : ""}
      </dl>
      <h3>Saved for backward</h3>
      ${opMemory(state, op)}`;
  }

  function renderGroup(state: State, group: string): void {
    const index = state.index!;
    const info = state.grouping?.groups.get(group);
    if (!info) return;
    const types = new Map<string, number>();
    let savedBytes = 0;
    let unpruned = 0;
    for (const id of info.ops) {
      const op = index.ops.get(id)!;
      types.set(op.type, (types.get(op.type) ?? 0) + 1);
      savedBytes += op.saved_bytes ?? 0;
      unpruned += op.unpruned_bytes ?? 0;
    }
    const expanded = state.expanded.has(group);
    root.innerHTML = `
      <h2>${escape(info.label)} <span class="chip">group</span></h2>
      <p><button data-action="toggle" data-id="${escape(group)}">${expanded ? "Collapse group" : "Expand group"}</button> <span class="hint">(or double-click it, or press <kbd>E</kbd>)</span></p>
      <dl class="facts">
        <dt>Ops</dt><dd>${info.ops.length}</dd>
        <dt>Types</dt><dd>${[...types].map(([t, n]) => `${escape(t)} ×${n}`).join(", ")}</dd>
        <dt>Saved</dt><dd>${bytes(savedBytes)} <span class="hint">(unpruned: ${bytes(unpruned)})</span></dd>
      </dl>`;
  }

  function savedFor(state: State, tensor: number): string {
    const index = state.index!;
    const rows: string[] = [];
    for (const op of index.ops.values()) {
      for (const s of op.saved ?? []) {
        if (s.tensor === tensor) rows.push(`<li><span class="chip saved">saved</span> ${bytes(s.bytes)} by <button class="link" data-action="op" data-id="${op.id}">${escape(op.type)}</button>: ${why(op, s.role, s.index)}</li>`);
      }
      for (const s of op.pruned ?? []) {
        if (s.tensor === tensor) rows.push(`<li><span class="chip">pruned</span> ${bytes(s.bytes)} not kept by <button class="link" data-action="op" data-id="${op.id}">${escape(op.type)}</button>: its gradient does not read this ${s.role}.</li>`);
      }
    }
    return rows.length ? `<ul class="plain">${rows.join("")}</ul>` : `<p class="hint">No op keeps this tensor for the backward pass.</p>`;
  }

  function opMemory(_state: State, op: OpInfo): string {
    const index = _state.index!;
    const saved = (op.saved ?? []).map((s) => `<li><span class="chip saved">saved</span> ${escape(tensorName(index, s.tensor))} (${bytes(s.bytes)}): ${why(op, s.role, s.index)}</li>`);
    const pruned = (op.pruned ?? []).map((s) => `<li><span class="chip">pruned</span> ${escape(tensorName(index, s.tensor))} (${bytes(s.bytes)}): not read by the gradient</li>`);
    const total = `<p>${bytes(op.saved_bytes)} kept; an unpruned tape would keep ${bytes(op.unpruned_bytes)}.</p>`;
    return total + (saved.length + pruned.length ? `<ul class="plain">${[...saved, ...pruned].join("")}</ul>` : `<p class="hint">${escape(op.type)}'s gradient needs none of its values.</p>`);
  }
}

function why(op: OpInfo, role: string, position: number): string {
  return `${escape(op.type)}'s gradient reads its ${role}${role === "input" ? ` ${position + 1}` : ""}.`;
}

function finalOf(call: { steps?: { produced: { tensor: number; gradient?: number | null }[] }[] }, tensor: number): number | undefined {
  let found: number | undefined;
  for (const step of call.steps ?? []) for (const g of step.produced) if (g.tensor === tensor && g.gradient != null) found = g.gradient;
  return found;
}

function lineLink(line: number | null | undefined): string {
  return line != null ? `<button class="link" data-action="line" data-id="${line}">line ${line}</button>` : "—";
}

function valueShort(summary: ValueSummary | undefined): string {
  if (!summary) return "?";
  if (summary.value != null && summary.size === 1) return num(toNumber(flat(summary.value)[0]), 4);
  if (summary.value != null && summary.size <= 4) return `[${flat(summary.value).map((v) => num(toNumber(v), 4)).join(", ")}]`;
  return `‖·‖=${num(summary.norm)}`;
}

function summaryFacts(summary: ValueSummary, gradient = false): string {
  const value = summary.value != null && summary.size <= 16
    ? `<dt>${gradient ? "∇ value" : "Value"}</dt><dd><code class="shown-value">${escape(formatNested(summary.value))}</code></dd>`
    : "";
  const bad = summary.nans || summary.infs
    ? `<dt>Non-finite</dt><dd><span class="chip error">${summary.nans} NaN, ${summary.infs} Inf</span></dd>`
    : "";
  return `<dl class="facts">${value}
    <dt>min / max</dt><dd>${num(summary.min)} / ${num(summary.max)}</dd>
    <dt>mean ± std</dt><dd>${num(summary.mean)} ± ${num(summary.std)}</dd>
    <dt>L2 norm</dt><dd class="shown-norm">${num(summary.norm)}</dd>
    <dt>zeros</dt><dd>${summary.zeros} of ${summary.size}</dd>${bad}
    <dt>bytes</dt><dd>${bytes(summary.bytes)}</dd></dl>`;
}

function formatNested(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(formatNested).join(", ")}]`;
  return num(toNumber(value), 6);
}
