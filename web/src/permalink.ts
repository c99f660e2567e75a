// The URL fragment holds run + tape + call + step + selection (+ mode, panel, open groups and the
// viewport), so that a copied link opens exactly the same view.
import type { Panel, Selection, State } from "./store";

export interface Permalink {
  run: string | null;
  tape?: number;
  call?: number;
  step?: number;
  selection?: Selection;
  presenter?: boolean;
  predict?: boolean;
  revealed?: boolean;
  panel?: Panel;
  expanded?: string[];
  view?: { zoom: number; x: number; y: number };
}

export function encodePermalink(state: State, view: Permalink["view"] | null, defaultExpanded: ReadonlySet<string>): string {
  if (!state.run) return "";
  const params = new URLSearchParams();
  params.set("run", state.run.id);
  if (state.tape != null) params.set("tape", String(state.tape));
  if (state.call != null) params.set("call", String(state.call));
  params.set("step", String(state.step));
  if (state.selection) params.set("sel", encodeSelection(state.selection));
  if (state.presenter) params.set("presenter", "1");
  if (state.predict) params.set("predict", "1");
  if (state.predict && !state.revealed) params.set("revealed", "0");
  if (state.panel !== "inspector") params.set("panel", state.panel);
  if (!sameSet(state.expanded, defaultExpanded)) params.set("open", JSON.stringify([...state.expanded]));
  if (view) params.set("view", [view.zoom, view.x, view.y].map((v) => Number(v.toFixed(3))).join(","));
  return "#" + params.toString();
}

export function decodePermalink(hash: string, pathname = "/"): Permalink {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const fromPath = pathname.match(/\/runs\/([^/]+)/)?.[1] ?? null;
  const number = (key: string) => (params.has(key) ? Number(params.get(key)) : undefined);
  const view = params.get("view")?.split(",").map(Number);
  let expanded: string[] | undefined;
  try {
    expanded = params.has("open") ? JSON.parse(params.get("open")!) : undefined;
  } catch {
    expanded = undefined;
  }
  return {
    run: params.get("run") ?? (fromPath ? decodeURIComponent(fromPath) : null),
    tape: number("tape"),
    call: number("call"),
    step: number("step"),
    selection: params.has("sel") ? decodeSelection(params.get("sel")!) : undefined,
    presenter: params.get("presenter") === "1",
    predict: params.get("predict") === "1",
    revealed: params.get("revealed") !== "0",
    panel: (params.get("panel") as Panel | null) ?? undefined,
    expanded,
    view: view && view.length === 3 && view.every(Number.isFinite) ? { zoom: view[0], x: view[1], y: view[2] } : undefined,
  };
}

function encodeSelection(selection: NonNullable<Selection>): string {
  if (selection.kind === "tensor") return `t${selection.id}`;
  if (selection.kind === "op") return `o${selection.id}`;
  return selection.id;
}

function decodeSelection(text: string): Selection {
  if (/^t\d+$/.test(text)) return { kind: "tensor", id: Number(text.slice(1)) };
  if (/^o\d+$/.test(text)) return { kind: "op", id: Number(text.slice(1)) };
  if (text.startsWith("g:")) return { kind: "group", id: text };
  return null;
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}
