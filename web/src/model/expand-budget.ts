// "Expand all" within a budget of drawn nodes: drawing tens of thousands of nodes would hold the
// page for seconds, so groups open outermost first while the estimated node count stays under
// the budget; the rest open one at a time.
import type { Grouping } from "./groups";

export const EXPAND_BUDGET_NODES = 1500;

export interface Expansion {
  expanded: Set<string>;
  complete: boolean;
  opened: number;
  total: number;
}

export function expandWithinBudget(grouping: Grouping, visibleNodes: number, budget = EXPAND_BUDGET_NODES): Expansion {
  const childGroups = new Map<string, string[]>();
  const directOps = new Map<string, number>();
  for (const group of grouping.groups.values()) {
    if (group.parent) childGroups.set(group.parent, [...(childGroups.get(group.parent) ?? []), group.id]);
  }
  for (const path of grouping.pathOf.values()) {
    const innermost = path[path.length - 1];
    if (innermost) directOps.set(innermost, (directOps.get(innermost) ?? 0) + 1);
  }
  const queue = [...grouping.groups.values()].filter((g) => !g.parent).map((g) => g.id);
  const expanded = new Set<string>();
  let estimate = visibleNodes;
  for (let head = 0; head < queue.length; head++) {
    const id = queue[head];
    const children = childGroups.get(id) ?? [];
    // an op usually brings one private leaf (a constant or a variable) with it
    const cost = children.length + 2 * (directOps.get(id) ?? 0) - 1;
    if (estimate + cost > budget) continue;
    estimate += cost;
    expanded.add(id);
    queue.push(...children);
  }
  return { expanded, complete: expanded.size === grouping.groups.size, opened: expanded.size, total: grouping.groups.size };
}
