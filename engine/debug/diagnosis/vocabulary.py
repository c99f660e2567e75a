"""The fixed vocabulary of finding codes and the thresholds behind them.

Every code is documented in docs/findings.md (the UI links to `docs/findings.md#<code>`); a
test checks that each code here has its section there, and the reverse.
"""

# Why a source's gradient is None (or zeros, under unconnected_gradients=ZERO).
NONE_CAUSES = (
    "not_watched",
    "watched_too_late",
    "variable_replaced_by_tensor",
    "left_engine",
    "integer_dtype",
    "non_differentiable_op",
    "stop_gradient",
    "stateful_assign",
    "not_trainable",
    "watch_accessed_variables_off",
    "outside_tape",
    "result_dropped",
    "unconnected",
)
# A gradient call that raised.
ERRORS = ("no_gradient_registered", "tape_consumed")
# Gradients that flow but are zero, tiny, huge or not finite.
VALUE_FINDINGS = (
    "zero_gradient",
    "dead_relu",
    "saturated_activation",
    "vanishing_gradient",
    "exploding_gradient",
    "nan_origin",
    "inf_origin",
)
# Code that runs differently in the engine than in TF (a tf.function's trace-time Python).
FUNCTION_FINDINGS = ("python_side_effect_in_function",)
# Patterns across the steps of a training loop (from every step's record, kept or not).
STEP_FINDINGS = ("nonfinite_at_step", "zero_gradient_since", "layer_norm_gap")
CODES = NONE_CAUSES + ERRORS + VALUE_FINDINGS + FUNCTION_FINDINGS + STEP_FINDINGS

# Default severity. A None that the program asked for on purpose (the variable is not
# trainable, the tape was told not to watch it, stop_gradient) is info; a None that is almost
# always a mistake is an error; the rest are warnings. Adjustments (documented with the code):
# unconnected is info when a Python `if` on a tensor inside the tape chose the path, and every
# None cause is info when the call asked for unconnected_gradients=ZERO.
SEVERITY = {
    "not_watched": "error",
    "watched_too_late": "error",
    "variable_replaced_by_tensor": "error",
    "left_engine": "error",
    "integer_dtype": "error",
    "non_differentiable_op": "warning",
    "stop_gradient": "info",
    "stateful_assign": "error",
    "not_trainable": "info",
    "watch_accessed_variables_off": "info",
    "outside_tape": "error",
    "result_dropped": "warning",
    "unconnected": "warning",
    "no_gradient_registered": "error",
    "tape_consumed": "error",
    "zero_gradient": "warning",
    "dead_relu": "warning",
    "saturated_activation": "warning",
    "vanishing_gradient": "warning",
    "exploding_gradient": "warning",
    "nan_origin": "error",
    "inf_origin": "warning",
    "python_side_effect_in_function": "info",
    "nonfinite_at_step": "error",
    "zero_gradient_since": "warning",
    "layer_norm_gap": "warning",
}

THRESHOLDS = {
    # vanishing: the gradient norm at some layer is below this fraction of the norm at the
    # layer nearest the target; exploding: above this multiple of it.
    "vanishing_factor": 1e-3,
    "exploding_factor": 1e3,
    # dead ReLU: a unit (last axis) whose output is 0 for every example of the batch.
    # warning when at least this fraction of a layer's units is dead (and the batch has at
    # least `dead_relu_min_batch` examples), info when at least `dead_relu_info_fraction`.
    "dead_relu_fraction": 0.5,
    "dead_relu_info_fraction": 0.1,
    "dead_relu_min_batch": 4,
    # saturation: sigmoid output within this distance of 0 or 1, tanh within it of -1 or 1
    # (the local derivative is then below about this value); warning when at least
    # `saturated_fraction` of the elements are saturated.
    "saturation_margin": 0.01,
    "saturated_fraction": 0.5,
    # zero gradient: a source's gradient norm at most this fraction of the norm seeded at the
    # target. float32 keeps about 7 significant digits: a gradient a million times smaller
    # than the target's cannot move a weight of ordinary size in any step an optimizer takes
    # with the learning rate that trains the rest, while a reduce_mean over a batch of
    # 10^4-10^5 examples (1/N per element) stays well above it.
    "zero_gradient_factor": 1e-6,
}

DOCS = "docs/findings.md"


def doc_link(code):
    return f"{DOCS}#{code}"
