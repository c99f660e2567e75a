// The per-step records as the REST API serves them (rows, program order), built from the columns
// an embedded capture carries (SiteSteps, one per site): the server's engine/debug/step_rows.py.
import type { TrainingSteps } from "../api/client";
import type { components } from "../api/schema";

type SiteSteps = components["schemas"]["SiteSteps"];
type StepRecord = TrainingSteps["data"][number];
type StepSite = TrainingSteps["sites"][number];
type Value = StepRecord["grad_norms"] extends (infer V)[] | undefined ? V : never;

/** Rows offset..offset+limit of every site's steps in program order, and how many there are. */
export function stepRows(columns: SiteSteps[], sites: StepSite[], offset: number, limit: number): { rows: StepRecord[]; count: number } {
  const places: [number, number, number][] = []; // [order, columns index, step]
  columns.forEach((c, index) => (c.order ?? []).forEach((order, step) => places.push([order, index, step])));
  places.sort((a, b) => a[0] - b[0]);
  const siteOf = new Map(sites.map((s) => [s.id, s]));
  const rows = places.slice(offset, offset + limit).map(([, index, step]) => row(columns[index], siteOf.get(columns[index].site), step));
  return { rows, count: places.length };
}

function row(c: SiteSteps, site: StepSite | undefined, step: number): StepRecord {
  const kept = (c.kept ?? []).find((k) => k.step === step);
  const norms = (c.grad_norms ?? []).map((column) => column[step]);
  const marks = Object.entries(c.marks ?? {}).filter(([, steps]) => steps.includes(step)).map(([mark]) => mark);
  return {
    site: c.site, step, kept: kept != null, reasons: kept?.reasons ?? [],
    marks: marks as StepRecord["marks"],
    losses: (c.losses ?? []).map((column) => column[step]).filter((v) => v != null) as StepRecord["losses"],
    grad_norms: norms,
    layer_norms: layerNorms(site, norms),
    update_ratios: (c.update_ratios ?? []).map((column) => column[step]),
    none_gradients: c.none_gradients?.[step] ?? 0,
    zero_gradients: c.zero_gradients?.[step] ?? 0,
    nonfinite_gradients: c.nonfinite_gradients?.[step] ?? 0,
    seconds: c.seconds?.[step] ?? 0, bytes: c.bytes?.[step] ?? 0,
    calls: kept?.calls ?? [], tapes: kept?.tapes ?? [],
  };
}

function layerNorms(site: StepSite | undefined, norms: Value[]): Value[] {
  const squares: (number | null)[] = (site?.layers ?? []).map(() => null);
  norms.forEach((norm, slot) => {
    const layer = site?.layer_of?.[slot];
    if (norm == null || layer == null) return;
    const value = norm === "inf" || norm === "-inf" ? Infinity : Number(norm); // ("nan": NaN)
    squares[layer] = (squares[layer] ?? 0) + value * value;
  });
  return squares.map((s) => (s == null ? null : Number.isNaN(s) ? "nan" : Number.isFinite(s) ? Math.sqrt(s) : "inf"));
}
