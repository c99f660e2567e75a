// A long run's per-step records (GET /api/runs/{id}/steps), fetched in pages and laid out per
// site (the line where a loop enters its tape) as arrays the training view plots directly, with
// the column/point reductions that keep a 10,000-step run quick to draw.
import type { TrainingSteps } from "../api/client";
import { toNumber } from "./format";

export type StepRecord = TrainingSteps["data"][number];
export type StepSite = TrainingSteps["sites"][number];
export type Mark = "nonfinite" | "none" | "jump";

export interface SiteSeries {
  site: StepSite;
  records: StepRecord[]; // by step number
  loss: Float64Array; // the step's first loss; NaN when it was NaN/Inf or absent
  layerNorms: Float64Array[]; // per layer, by step; NaN: None or non-finite
  ratios: Float64Array[]; // per variable, by step; NaN: not assigned, or non-finite
  marked: Record<Mark, number[]>; // steps with each mark
}

export interface Training {
  keep: string | null;
  count: number;
  sites: SiteSeries[]; // the loops first: most steps first
}

const FIRST_PAGE = 2000;
const PAGE = 5000; // the server's limit is 10,000; smaller pages arrive (and parse) side by side

type Fetch = (offset: number, limit: number) => Promise<TrainingSteps>;

/** Every record, in pages: the first says how many there are, the rest are fetched at once. */
export async function loadTraining(fetchPage: Fetch): Promise<Training> {
  const first = await fetchPage(0, FIRST_PAGE);
  const pages: Promise<TrainingSteps>[] = [];
  for (let offset = first.data.length; offset < first.count; offset += PAGE) pages.push(fetchPage(offset, PAGE));
  const rest = await Promise.all(pages);
  const records = [first, ...rest].flatMap((page) => page.data);
  return { keep: first.keep, count: first.count, sites: arrange(first.sites, records) };
}

function arrange(sites: StepSite[], records: StepRecord[]): SiteSeries[] {
  const bySite = new Map<number, StepRecord[]>(sites.map((s) => [s.id, []]));
  for (const record of records) bySite.get(record.site)?.push(record);
  return sites
    .map((site) => series(site, bySite.get(site.id)!.sort((a, b) => a.step - b.step)))
    .sort((a, b) => b.records.length - a.records.length);
}

function series(site: StepSite, records: StepRecord[]): SiteSeries {
  const n = records.length;
  const loss = new Float64Array(n);
  const layerNorms = (site.layers ?? []).map(() => new Float64Array(n));
  const ratios = (site.variables ?? []).map(() => new Float64Array(n));
  const marked: Record<Mark, number[]> = { nonfinite: [], none: [], jump: [] };
  records.forEach((record, i) => {
    loss[i] = finite(record.losses?.[0]);
    layerNorms.forEach((row, layer) => (row[i] = finite(record.layer_norms?.[layer])));
    ratios.forEach((row, variable) => (row[i] = finite(record.update_ratios?.[variable])));
    for (const mark of record.marks ?? []) marked[mark].push(record.step);
  });
  return { site, records, loss, layerNorms, ratios, marked };
}

function finite(value: number | string | null | undefined): number {
  const number = value == null ? NaN : toNumber(value);
  return Number.isFinite(number) ? number : NaN;
}

/** Columns of `size` steps each, so that at most `max` are drawn. */
export function bucketSize(steps: number, max: number): number {
  return Math.max(1, Math.ceil(steps / max));
}

/** The largest finite value of each bucket (NaN when it has none): spikes survive the reduction. */
export function bucketMax(values: Float64Array, size: number): number[] {
  const out: number[] = [];
  for (let start = 0; start < values.length; start += size) {
    let best = NaN;
    for (let i = start; i < Math.min(values.length, start + size); i++) {
      if (!Number.isNaN(values[i]) && !(values[i] <= best)) best = values[i];
    }
    out.push(best);
  }
  return out;
}

/** A line's points, at most 2 per bucket (its min and max in step order): the shape survives. */
export function envelope(values: Float64Array, size: number): { x: number[]; y: (number | null)[] } {
  const x: number[] = [];
  const y: (number | null)[] = [];
  if (size === 1) {
    values.forEach((v, i) => {
      x.push(i);
      y.push(Number.isNaN(v) ? null : v);
    });
    return { x, y };
  }
  for (let start = 0; start < values.length; start += size) {
    let lo = -1;
    let hi = -1;
    for (let i = start; i < Math.min(values.length, start + size); i++) {
      if (Number.isNaN(values[i])) continue;
      if (lo < 0 || values[i] < values[lo]) lo = i;
      if (hi < 0 || values[i] > values[hi]) hi = i;
    }
    if (lo < 0) {
      x.push(start);
      y.push(null); // a gap: nothing finite here
      continue;
    }
    for (const i of lo === hi ? [lo] : [Math.min(lo, hi), Math.max(lo, hi)]) {
      x.push(i);
      y.push(values[i]);
    }
  }
  return { x, y };
}

/** The layer names without the prefix they all share ("sequential/"), for row labels. */
export function shortNames(names: string[]): string[] {
  if (names.length < 2) return names;
  const parts = names.map((n) => n.split("/"));
  let common = 0;
  while (parts.every((p) => p.length > common + 1 && p[common] === parts[0][common])) common++;
  return parts.map((p) => p.slice(common).join("/"));
}

/** The policy a re-run uses to keep `step` as well: the run's own policy plus steps:N. */
export function keepWith(policy: string | null, step: number): string {
  const base = (policy ?? "").trim() || "first:3,last:3,anomalies";
  return `${base},steps:${step}`;
}
