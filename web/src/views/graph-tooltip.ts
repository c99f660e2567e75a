// Hovering a node: what it is at a glance (op, line, shape, value, the gradient at this step),
// without selecting it. Predict mode keeps unrevealed gradients hidden here too.
import type { Core, NodeSingular } from "cytoscape";
import { shapeText, tensorName } from "../model/capture-index";
import { valueText } from "../model/format";
import { stepState } from "../model/step-state";
import { store } from "../store";
import { escape } from "./html";

export function mountGraphTooltip(cy: Core, tooltip: HTMLElement): void {
  const hide = () => {
    tooltip.hidden = true;
  };
  cy.on("mouseover", "node", (event) => {
    const html = describe(event.target as NodeSingular);
    if (!html) return hide();
    tooltip.innerHTML = html;
    tooltip.hidden = false;
    const box = (event.target as NodeSingular).renderedBoundingBox({ includeLabels: false });
    const width = tooltip.offsetWidth;
    const left = Math.min(Math.max(4, box.x1), cy.width() - width - 4);
    const below = box.y2 + 8 + tooltip.offsetHeight < cy.height();
    tooltip.style.left = `${left}px`;
    tooltip.style.top = `${below ? box.y2 + 8 : Math.max(4, box.y1 - tooltip.offsetHeight - 8)}px`;
  });
  cy.on("mouseout", "node", hide);
  cy.on("viewport tap", hide);
  cy.container()?.addEventListener("mouseleave", hide); // cytoscape sends no mouseout then
}

function describe(node: NodeSingular): string | null {
  const state = store.state;
  const index = state.index;
  if (!index) return null;
  const data = node.data();
  const rows: [string, string][] = [];
  let title: string;
  if (data.kind === "group") {
    title = escape(data.text ?? "group");
    rows.push(["Holds", escape(String(data.text ?? "").split("\n").slice(1).join(" ") || "ops")]);
    rows.push(["", "double-click or E to open"]);
  } else if (data.op != null) {
    const op = index.ops.get(data.op);
    if (!op) return null;
    title = `<b>${escape(op.type)}</b> op`;
    if (op.location) rows.push(["Line", String(op.location.line)]);
    rows.push(["Out", op.outputs.map((t) => `<code>${shapeText(index.tensors.get(t)?.shape ?? [])}</code>`).join(", ")]);
    const out = op.outputs[0];
    if (out != null) rows.push(["Value", escape(valueText(index.tensors.get(out)?.summary))]);
    if (out != null) rows.push(["∇", gradient(out)]);
  } else if (data.tensor != null) {
    const tensor = index.tensors.get(data.tensor);
    if (!tensor) return null;
    title = `<b>${escape(tensorName(index, tensor.id))}</b> ${escape(tensor.kind)}`;
    if (tensor.location) rows.push(["Line", String(tensor.location.line)]);
    rows.push(["Shape", `<code>${shapeText(tensor.shape)}</code> ${escape(tensor.dtype)}`]);
    rows.push(["Value", escape(valueText(tensor.summary))]);
    rows.push(["∇", gradient(tensor.id)]);
  } else {
    return null;
  }
  return `<div class="tip-title">${title}</div><dl>${rows.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join("")}</dl>`;
}

/** The gradient the backward pass has sent to `tensor` by the current step. */
function gradient(tensor: number): string {
  const state = store.state;
  const index = state.index!;
  const call = state.call != null ? index.calls.get(state.call) : undefined;
  if (!call) return "—";
  const steps = stepState(call, state.step);
  if (!steps.gradientOf.has(tensor)) return state.step === 0 ? "before the backward pass" : "not reached yet";
  if (state.predict && !state.revealed && steps.produced.has(tensor)) return "? (predict it)";
  const id = steps.gradientOf.get(tensor);
  return id == null ? "None" : escape(valueText(index.tensors.get(id)?.summary));
}
