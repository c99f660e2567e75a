"""None: a Variable replaced by a Tensor

`x = x + 1` does not update the Variable: it rebinds the name `x` to a new Tensor. The tape
watches Variables on its own, not Tensors, so the second epoch's gradient is None. The
diagnosis points at the rebinding line and suggests `x.assign_add(1)`.

Tags: none-gradient, seed-004
Expect: variable_replaced_by_tensor@19
"""
import tensorflow as tf

x = tf.Variable(2.)

for epoch in range(2):
    with tf.GradientTape() as tape:
        y = x + 1

    print(type(x).__name__, ":", tape.gradient(y, x))
    x = x + 1   # This should be `x.assign_add(1)`
