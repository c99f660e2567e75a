// The program lines that belong to the current selection (a tensor, an op, or a group's ops).
import type { State } from "../store";

export function linesOfSelection(state: State): number[] {
  const index = state.index;
  const selection = state.selection;
  if (!index || !selection) return [];
  const lines = new Set<number>();
  if (selection.kind === "tensor") {
    const tensor = index.tensors.get(selection.id);
    if (tensor?.location) lines.add(tensor.location.line);
  } else if (selection.kind === "op") {
    const line = index.ops.get(selection.id)?.location?.line;
    if (line != null) lines.add(line);
  } else {
    for (const id of state.grouping?.groups.get(selection.id)?.ops ?? []) {
      const line = index.ops.get(id)?.location?.line;
      if (line != null) lines.add(line);
    }
  }
  return [...lines];
}
