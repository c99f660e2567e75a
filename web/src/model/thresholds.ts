// Where a gradient counts as vanishing or exploding: relative to the gradient norm at the layer
// nearest the target. The capture carries the thresholds its diagnosis used; these defaults are
// engine.debug's (engine/debug/diagnosis/vocabulary.py) for captures that do not.
import type { Capture } from "../api/types";

export function thresholds(capture: Capture | null): { vanishing: number; exploding: number } {
  const used = capture?.thresholds ?? {};
  return { vanishing: used.vanishing_factor ?? 1e-3, exploding: used.exploding_factor ?? 1e3 };
}
