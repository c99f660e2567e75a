// Collapsible groups: name scopes and Keras layers (`dense_1/...`), and on large tapes without
// scopes, runs of consecutive ops from the same source line (a loop body), so that a big tape
// opens as a few dozen boxes instead of thousands of nodes.
import type { OpInfo } from "../api/types";
import type { CaptureIndex } from "./capture-index";

export const LARGE_TAPE_OPS = 150;
const RUN_CHUNK = 100;
// A tape with hundreds of layers opens as a few dozen blocks of consecutive layers.
const MAX_TOP_UNITS = 60;
const TARGET_BLOCKS = 30;

export interface Group {
  id: string; // "g:" + path
  label: string;
  parent: string | null;
  ops: number[];
}

export interface Grouping {
  groups: Map<string, Group>;
  pathOf: Map<number, string[]>; // op id -> group ids, outermost first
}

export function groupOps(index: CaptureIndex, records: number[]): Grouping {
  const groups = new Map<string, Group>();
  const pathOf = new Map<number, string[]>();
  const ensure = (id: string, label: string, parent: string | null) => {
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { id, label, parent, ops: [] }));
    return group;
  };
  const large = records.length > LARGE_TAPE_OPS;
  const runs = large ? lineRuns(index, records) : new Map<number, string[]>();
  for (const id of records) {
    const op = index.ops.get(id)!;
    const path: string[] = [];
    let parent: string | null = null;
    const parts = scopeParts(op);
    parts.forEach((part, i) => {
      const gid = "g:" + parts.slice(0, i + 1).join("/");
      ensure(gid, part, parent).ops.push(id);
      path.push(gid);
      parent = gid;
    });
    if (parts.length === 0) {
      for (const gid of runs.get(id) ?? []) {
        const label = gid.slice(gid.lastIndexOf("|") + 1);
        ensure(gid, label, parent).ops.push(id);
        path.push(gid);
        parent = gid;
      }
    }
    pathOf.set(id, path);
  }
  if (large) blockTopLevel(index, records, groups, pathOf);
  return { groups, pathOf };
}

/** Puts consecutive top-level groups (and loose ops) into blocks when there are too many. */
function blockTopLevel(index: CaptureIndex, records: number[], groups: Map<string, Group>, pathOf: Map<number, string[]>) {
  const units: string[] = [];
  const seen = new Set<string>();
  for (const id of records) {
    const unit = pathOf.get(id)![0] ?? `op:${id}`;
    if (!seen.has(unit)) {
      seen.add(unit);
      units.push(unit);
    }
  }
  if (units.length <= MAX_TOP_UNITS) return;
  const size = Math.ceil(units.length / TARGET_BLOCKS);
  const blockOf = new Map<string, string>();
  const labelOf = (unit: string) =>
    unit.startsWith("op:") ? index.ops.get(Number(unit.slice(3)))!.type : groups.get(unit)!.label;
  for (let start = 0; start < units.length; start += size) {
    const members = units.slice(start, start + size);
    const label = members.length > 1 ? `${labelOf(members[0])} … ${labelOf(members[members.length - 1])}` : labelOf(members[0]);
    const id = `g:|block|${start}|${label}`;
    groups.set(id, { id, label, parent: null, ops: [] });
    for (const unit of members) {
      blockOf.set(unit, id);
      if (!unit.startsWith("op:")) groups.get(unit)!.parent = id;
    }
  }
  for (const id of records) {
    const path = pathOf.get(id)!;
    const block = blockOf.get(path[0] ?? `op:${id}`)!;
    groups.get(block)!.ops.push(id);
    pathOf.set(id, [block, ...path]);
  }
}

function scopeParts(op: OpInfo): string[] {
  return (op.scope ?? "").split("/").filter((part) => part.length > 0);
}

/** Unscoped ops: runs of >= 3 consecutive ops on one line become "line N" groups (chunked). */
function lineRuns(index: CaptureIndex, records: number[]): Map<number, string[]> {
  const result = new Map<number, string[]>();
  let start = 0;
  const flush = (end: number) => {
    const run = records.slice(start, end).filter((id) => scopeParts(index.ops.get(id)!).length === 0);
    if (run.length >= 3) {
      const line = index.ops.get(run[0])!.location?.line ?? 0;
      const outer = `g:|${start}|line ${line}`; // the node's detail gives the count: named once
      run.forEach((id, i) => {
        const path = [outer];
        if (run.length > RUN_CHUNK * 2) {
          const chunk = Math.floor(i / RUN_CHUNK);
          const last = Math.min(run.length, (chunk + 1) * RUN_CHUNK);
          path.push(`${outer}|${chunk}|ops ${chunk * RUN_CHUNK + 1}–${last}`);
        }
        result.set(id, path);
      });
    }
    start = end;
  };
  for (let i = 1; i <= records.length; i++) {
    const prev = index.ops.get(records[i - 1])!.location?.line;
    const here = i < records.length ? index.ops.get(records[i])!.location?.line : undefined;
    if (i === records.length || here !== prev) flush(i);
  }
  return result;
}
