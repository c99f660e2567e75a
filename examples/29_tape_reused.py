"""A non-persistent tape used twice

A tape without persistent=True releases its records during its first gradient call; a second
call raises RuntimeError. The diagnosis points at the second call.

Tags: error, persistent
Expect: tape_consumed@19
"""
import tensorflow as tf

x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x * x

first = tape.gradient(y, x)
print("first:", first.numpy())
try:
    second = tape.gradient(y, x)
except RuntimeError as error:
    print("RuntimeError:", error)
