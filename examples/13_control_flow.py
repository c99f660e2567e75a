"""Control flow: only the branch taken is recorded

A Python `if` on a tensor runs one branch; the tape records only that one. `result` is v0, so
dv1 is None. That is expected here, so the finding is only informational: it points at the
`if` that chose the path.

Tags: control-flow, none-gradient, seed-004
Expect: unconnected@19
"""
import tensorflow as tf

x = tf.constant(1.0)

v0 = tf.Variable(2.0)
v1 = tf.Variable(2.0)

with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    if x > 0.0:
        result = v0
    else:
        result = v1**2

dv0, dv1 = tape.gradient(result, [v0, v1])

print('dv0/dx: ', dv0)
print('dv1/dx: ', dv1)
