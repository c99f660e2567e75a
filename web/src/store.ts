// The one state store: which run, tape, gradient call and backward step is shown, and what is
// selected. Views read `store.state` and subscribe; they change state only through `store.set`.
import type { RunSummary } from "./api/client";
import type { Capture } from "./api/types";
import type { CaptureIndex } from "./model/capture-index";
import type { VisibleGraph } from "./model/graph-model";
import type { Grouping } from "./model/groups";
import type { OnPath } from "./model/paths";

export type Selection =
  | { kind: "tensor"; id: number }
  | { kind: "op"; id: number }
  | { kind: "group"; id: string }
  | null;

export type Panel = "inspector" | "diagnosis" | "memory" | "norms" | "training";

export type RunInfo = RunSummary;

export interface Loading {
  phase: string;
  done: number;
  total: number;
}

export interface State {
  run: RunInfo | null;
  capture: Capture | null;
  index: CaptureIndex | null;
  tape: number | null;
  call: number | null;
  step: number; // backward steps applied so far: 0 = before the backward pass
  revealed: boolean; // predict mode: the current step's gradients are shown
  selection: Selection;
  finding: number | null; // index of the finding whose cut is highlighted
  cursorLine: number | null;
  expanded: ReadonlySet<string>;
  presenter: boolean;
  predict: boolean;
  score: { right: number; total: number }; // predict mode: this student's answers so far
  panel: Panel;
  dark: boolean; // the dark theme is on (views/theme.ts)
  playing: boolean;
  speedMs: number;
  loading: Loading | null;
  message: string | null;
  keep: string; // the keep policy sent with Run (POST /api/runs keep); "" = the server's default
  // Derived by the graph view from the tape, call and open groups; the inspector, the predict card
  // and the selection lines read them.
  grouping: Grouping | null; // the shown tape's groups
  graph: VisibleGraph | null; // what the graph draws
  path: OnPath | null; // what lies on the call's paths, on the shown tape
}

export type Listener = (state: State, changed: ReadonlySet<keyof State>) => void;

const initial: State = {
  run: null,
  capture: null,
  index: null,
  tape: null,
  call: null,
  step: 0,
  revealed: true,
  selection: null,
  finding: null,
  cursorLine: null,
  expanded: new Set(),
  presenter: false,
  predict: false,
  score: { right: 0, total: 0 },
  panel: "inspector",
  dark: false,
  playing: false,
  speedMs: 700,
  loading: null,
  message: null,
  keep: "",
  grouping: null,
  graph: null,
  path: null,
};

class Store {
  state: State = { ...initial };
  private listeners: Listener[] = [];

  subscribe(listener: Listener): void {
    this.listeners.push(listener);
  }

  /** Tell every view that everything changed (their first render). */
  refresh(): void {
    const all = new Set(Object.keys(this.state) as (keyof State)[]);
    for (const listener of this.listeners) listener(this.state, all);
  }

  set(patch: Partial<State>): void {
    const changed = new Set<keyof State>();
    for (const key of Object.keys(patch) as (keyof State)[]) {
      if (this.state[key] !== patch[key]) changed.add(key);
    }
    if (changed.size === 0) return;
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener(this.state, changed);
  }
}

export const store = new Store();

/** True when any of `keys` changed. */
export function touched(changed: ReadonlySet<keyof State>, ...keys: (keyof State)[]): boolean {
  return keys.some((key) => changed.has(key));
}
