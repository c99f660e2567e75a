// What an exported file carries: the run's summary and its capture, as JSON in
// <script type="application/json"> elements that `tapescope export --html` writes into the page.
import type { RunSummary } from "../api/client";
import type { Capture } from "../api/types";

export const RUN_ELEMENT = "tapescope-run";
export const CAPTURE_ELEMENT = "tapescope-capture";

function text(id: string): string {
  const element = document.getElementById(id);
  if (!element?.textContent) {
    throw new Error(`this page has no embedded ${id}: it is the export template, not an exported run`);
  }
  return element.textContent;
}

let run: RunSummary | undefined;
let capture: Capture | undefined;

export const embedded = {
  has: () => document.getElementById(RUN_ELEMENT) != null && document.getElementById(CAPTURE_ELEMENT) != null,
  run: (): RunSummary => (run ??= JSON.parse(text(RUN_ELEMENT)) as RunSummary),
  captureText: (): string => text(CAPTURE_ELEMENT),
  /** Parsed on first use only: the page's own copy comes from the worker, which slims large ones. */
  capture: (): Capture => (capture ??= JSON.parse(text(CAPTURE_ELEMENT)) as Capture),
};
