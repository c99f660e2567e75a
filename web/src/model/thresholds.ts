// Where a gradient counts as vanishing or exploding: relative to the gradient at the target,
// as engine.debug's diagnosis measures it (keep these in step with its documented factors).
export const VANISHING_FACTOR = 1e-4;
export const EXPLODING_FACTOR = 1e4;
