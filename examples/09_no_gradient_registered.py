"""An op with no gradient registered

Some ops are registered as non-differentiable and give None; others have no gradient at all,
and the tape raises instead of silently returning None. The diagnosis points at the op.

Tags: error, LookupError, seed-004
Expect: no_gradient_registered@15
"""
import tensorflow as tf

x0 = tf.Variable([[[0.5, 0.0, 0.0]]])
x1 = tf.Variable(0.1)

with tf.GradientTape() as tape:
    y = tf.image.adjust_contrast(x0, x1)

try:
    print(tape.gradient(y, [x0, x1]))
    assert False   # This line won't run.
except LookupError as e:
    print(f'{type(e).__name__}: {e}')
