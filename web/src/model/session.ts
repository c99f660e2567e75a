// Derived data for what is on screen, shared by the views that need it (computed by the graph
// view when the tape, call or expanded groups change).
import type { Grouping } from "./groups";
import type { VisibleGraph } from "./graph-model";
import type { OnPath } from "./paths";

export const session: {
  grouping: Grouping | null;
  graph: VisibleGraph | null;
  path: OnPath | null;
  layoutMs: number | null;
  openedMs: number | null;
} = { grouping: null, graph: null, path: null, layoutMs: null, openedMs: null };
