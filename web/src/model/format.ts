// Numbers and sizes as people read them.
import type { ValueSummary } from "../api/types";

export function num(value: number | null | undefined | string, digits = 4): string {
  if (value == null) return "—";
  if (typeof value === "string") return value; // 'nan', 'inf', '-inf' from the capture
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return "0";
  const abs = Math.abs(value);
  if (abs >= 1e5 || abs < 1e-3) return value.toExponential(Math.max(1, digits - 2));
  return String(Number(value.toPrecision(digits)));
}

export function bytes(n: number | null | undefined): string {
  if (n == null) return "—";
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

/** A short text for a value: the value itself when small, else its norm. */
export function valueText(summary: ValueSummary | undefined): string {
  if (!summary) return "?";
  if (summary.nans > 0) return "NaN";
  if (summary.infs > 0) return "Inf";
  const v = summary.value;
  if (v != null && summary.size === 1) return num(flat(v)[0] as number);
  if (v != null && summary.size <= 3) return `[${flat(v).map((x) => num(x as number, 3)).join(", ")}]`;
  return `norm ${num(summary.norm, 3)}`;
}

export function flat(value: unknown): unknown[] {
  return Array.isArray(value) ? value.flatMap(flat) : [value];
}

/** Values from the capture, where NaN/Inf are written as strings. */
export function toNumber(value: unknown): number {
  if (value === "nan") return NaN;
  if (value === "inf") return Infinity;
  if (value === "-inf") return -Infinity;
  return Number(value);
}
