"""None: state stops gradients

`x1.assign_add(x0)` writes into a variable; the tape sees x1's new value, not how it was
computed, so dy/dx0 is None. The second tape computes with tensors and gets 12. The diagnosis
points at the assignment.

Tags: none-gradient, variables, seed-004
Expect: stateful_assign@17
"""
import tensorflow as tf

x0 = tf.Variable(3.)
x1 = tf.Variable(0.)

with tf.GradientTape() as tape:
    # Update x1 = x1 + x0.
    x1.assign_add(x0)
    # The tape starts recording from x1.
    y = x1**2   # y = (x1 + x0)**2

# This doesn't work.
print('dy/dx0: ', tape.gradient(y, x0))   # dy/dx0 = 2*(x1 + x0)

with tf.GradientTape() as tape:
    x2 = x1 + x0
    y = x2**2

print('dy/dx0: ', tape.gradient(y, x0))
