// Predict mode's judge: read what a student typed ("3", "-0.5", "[1, 2]", "[[1, 2], [3, 4]]",
// "None") and compare it with the gradient the engine computed, within float32 rounding.
export type Answer = null | number | Answer[];

/** The typed answer, or an error saying how to write one. */
export function parseAnswer(text: string): { answer: Answer } | { error: string } {
  const trimmed = text.trim();
  if (/^none$/i.test(trimmed)) return { answer: null };
  if (trimmed === "") return { error: "type a number, a list like [1, 2], or None" };
  const json = trimmed.replace(/\(/g, "[").replace(/\)/g, "]").replace(/,\s*]/g, "]");
  try {
    const value = JSON.parse(json) as unknown;
    if (isAnswer(value)) return { answer: value };
  } catch {
    /* falls through to the message */
  }
  return { error: `"${trimmed}" is not a number, a list of numbers or None` };
}

function isAnswer(value: unknown): value is Answer {
  if (typeof value === "number") return Number.isFinite(value);
  return Array.isArray(value) && value.length > 0 && value.every(isAnswer);
}

/** The engine's value as an Answer (summaries keep small values inline; 'nan' stays NaN). */
export function expectedOf(value: unknown): Answer | undefined {
  if (value == null) return undefined;
  if (Array.isArray(value)) {
    const items = value.map(expectedOf);
    return items.some((x) => x === undefined) ? undefined : (items as Answer[]);
  }
  if (value === "nan") return NaN;
  if (value === "inf") return Infinity;
  if (value === "-inf") return -Infinity;
  return typeof value === "number" ? value : undefined;
}

/** Right when the shapes match and every number is within float32 rounding of the engine's. */
export function isRight(answer: Answer, expected: Answer): boolean {
  if (answer === null || expected === null) return answer === expected;
  if (typeof expected === "number") {
    const got = typeof answer === "number" ? answer : Array.isArray(answer) && answer.length === 1 && typeof answer[0] === "number" ? answer[0] : NaN;
    if (Number.isNaN(expected)) return Number.isNaN(got);
    return Math.abs(got - expected) <= 1e-3 + 1e-3 * Math.abs(expected);
  }
  if (!Array.isArray(answer) || answer.length !== expected.length) return false;
  return expected.every((e, i) => isRight(answer[i], e));
}

/** Element-wise ratio c / u when both have the same shape and u has no zero (the local
 * derivative of an element-wise op); undefined otherwise. */
export function localDerivative(upstream: Answer, produced: Answer): Answer | undefined {
  if (typeof upstream === "number" && typeof produced === "number") {
    return upstream === 0 ? undefined : produced / upstream;
  }
  if (Array.isArray(upstream) && Array.isArray(produced) && upstream.length === produced.length) {
    const items = upstream.map((u, i) => localDerivative(u, produced[i]));
    return items.some((x) => x === undefined) ? undefined : (items as Answer[]);
  }
  return undefined;
}

export function answerText(answer: Answer): string {
  if (answer === null) return "None";
  if (typeof answer === "number") return String(Number(answer.toPrecision(4)));
  return `[${answer.map(answerText).join(", ")}]`;
}
