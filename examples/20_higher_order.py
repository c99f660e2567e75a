"""Higher-order gradients with nested tapes

The inner tape's gradient call runs while the outer tape records, so the outer tape holds the
ops of the backward pass itself and can differentiate them: d2y/dx2 of x^3 at 2 is 12. In the
graph, the outer tape's records include the inner call's gradient ops.

Tags: higher-order, nested-tapes, hessian
Expect: none
"""
import tensorflow as tf

x = tf.Variable(2.0)

with tf.GradientTape() as outer:
    with tf.GradientTape() as inner:
        y = x ** 3
    dy_dx = inner.gradient(y, x)  # 3 x^2 = 12, recorded by `outer`
d2y_dx2 = outer.gradient(dy_dx, x)  # 6 x = 12

print("dy/dx:", dy_dx.numpy())
print("d2y/dx2:", d2y_dx2.numpy())
