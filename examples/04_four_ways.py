"""The four ways to get gradients

TF's eager mode once had four: a GradientTape, `gradients_function` (with respect to a
function's arguments), `implicit_gradients` and `implicit_value_and_gradients` (with respect
to the trainable variables the function reads). Each gradient call below is a call in the
debugger; the last three build their tape for you.

Tags: tfe, gradients_function, implicit_gradients, seed-001
Expect: none
"""
import tensorflow as tf
import tensorflow.contrib.eager as tfe

w1 = tfe.Variable(2.0)
w2 = tfe.Variable(3.0)


def weighted_sum(x1, x2):
    return w1 * x1 + w2 * x2


s = weighted_sum(5., 7.)
print(s.numpy())  # 31

with tf.GradientTape() as tape:
    s = weighted_sum(5., 7.)
[w1_grad] = tape.gradient(s, [w1])
print(w1_grad.numpy())  # 5.0 = x1

grad_fn = tfe.gradients_function(weighted_sum)
x1_grad, x2_grad = grad_fn(5., 7.)
print(x1_grad.numpy())  # 2.0 = w1

grad_fn = tfe.implicit_gradients(weighted_sum)
[(w1_grad, w1_var), (w2_grad, w2_var)] = grad_fn(5., 7.)
print(w1_grad.numpy())  # 5.0 = x1

grad_fn = tfe.implicit_value_and_gradients(weighted_sum)
s, [(w1_grad, w1_var), (w2_grad, w2_var)] = grad_fn(5., 7.)
print(s.numpy())  # 31.0
