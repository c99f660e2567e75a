// The diagnosis panel: findings in plain language, grouped by gradient call and source, each
// with its severity, a link to its node and its line, the suggested fix, and a link to the page
// explaining its code. A clear "every gradient flows" when nothing is wrong.
import type { Finding } from "../api/types";
import { tensorName } from "../model/capture-index";
import { store, touched, type State } from "../store";
import { escape } from "./html";

export interface DiagnosisActions {
  revealLine(line: number): void;
  showFinding(index: number): void;
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

export function mountDiagnosis(root: HTMLElement, count: HTMLElement, actions: DiagnosisActions): void {
  root.addEventListener("click", (event) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>("[data-action]");
    if (!target) return;
    const id = Number(target.dataset.id);
    if (target.dataset.action === "line") actions.revealLine(id);
    if (target.dataset.action === "node") actions.showFinding(id);
  });
  store.subscribe((state, changed) => {
    if (touched(changed, "index", "finding", "run")) render(state);
  });

  function render(state: State): void {
    const index = state.index;
    const findings = index?.findings ?? [];
    const errors = findings.filter((f) => f.severity === "error").length;
    const warnings = findings.filter((f) => f.severity === "warning").length;
    count.textContent = errors + warnings > 0 ? String(errors + warnings) : "";
    count.className = `count ${errors ? "error" : warnings ? "warning" : ""}`;
    if (!index) {
      root.innerHTML = `<h2>Diagnosis</h2><p class="hint">Run a program to diagnose its gradients.</p>`;
      return;
    }
    const problems = findings.filter((f) => f.severity !== "info");
    const stopped = state.run != null && state.run.status !== "ok";
    const head = problems.length === 0 && stopped
      ? `<div class="stopped" id="run-stopped"><div>The program did not run to the end (${escape(state.run!.error?.type ?? state.run!.status)}).<div class="hint">No None, vanishing, exploding or NaN gradient was found in what it recorded before it stopped.</div></div></div>`
      : problems.length === 0
      ? `<div class="all-flow" id="all-flow"><span class="mark">✓</span><div>Every gradient flows.<div class="hint">No None, vanishing, exploding or NaN gradient was found${state.run?.error ? " before the program stopped" : ""}.</div></div></div>`
      : `<h2>${problems.length} finding${problems.length === 1 ? "" : "s"}</h2>`;
    const groups = new Map<string, { title: string; items: { finding: Finding; at: number }[] }>();
    findings.forEach((finding, at) => {
      const key = `${finding.call ?? "-"}:${finding.source_index ?? "-"}`;
      if (!groups.has(key)) groups.set(key, { title: groupTitle(state, finding), items: [] });
      groups.get(key)!.items.push({ finding, at });
    });
    const sections = [...groups.values()].map((group) => {
      group.items.sort((a, b) => SEVERITY_ORDER[a.finding.severity] - SEVERITY_ORDER[b.finding.severity]);
      return `<section class="finding-group"><h3>${escape(group.title)}</h3>${group.items.map(({ finding, at }) => card(state, finding, at)).join("")}</section>`;
    });
    root.innerHTML = head + sections.join("");
  }
}

function groupTitle(state: State, finding: Finding): string {
  const index = state.index!;
  if (finding.call == null) return "Program";
  const call = index.calls.get(finding.call);
  const where = call?.location ? ` (line ${call.location.line})` : "";
  const title = `${call?.kind ?? "gradient"} call ${finding.call + 1}${where}`;
  if (finding.source_index == null || !call) return title;
  const source = call.sources[finding.source_index];
  const path = call.results?.find((r) => r.source_index === finding.source_index)?.path ?? "";
  return `${title} · source ${source != null ? tensorName(index, source) : finding.source_index} ${path}`.trim();
}

function card(state: State, finding: Finding, at: number): string {
  const linked = (finding.tensors?.length ?? 0) + (finding.ops?.length ?? 0) > 0;
  return `
    <article class="finding ${finding.severity}${state.finding === at ? " selected" : ""}" data-code="${escape(finding.code)}">
      <div class="head">
        <span class="chip ${finding.severity}">${finding.severity}</span>
        <span class="code">${escape(finding.code)}</span>
      </div>
      <p class="message">${escape(finding.message)}</p>
      ${finding.suggestion ? `<pre aria-label="Suggested fix">${escape(finding.suggestion)}</pre>` : ""}
      <div class="actions">
        ${finding.line != null ? `<button class="link" data-action="line" data-id="${finding.line}">line ${finding.line}</button>` : ""}
        ${linked ? `<button class="link" data-action="node" data-id="${at}">show in graph</button>` : ""}
        <a class="link" href="/docs/findings#${encodeURIComponent(finding.code)}" target="_blank" rel="noopener" title="What ${escape(finding.code)} means, with an example and the fix">what this means ↗</a>
      </div>
    </article>`;
}
