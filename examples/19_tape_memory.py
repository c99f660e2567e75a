"""Tape memory: persistent vs non-persistent, and ReLU's pruned inputs

Each op keeps only what its gradient needs: Relu and Exp keep their output, MatMul its inputs,
Add nothing. The memory plot shows what the tapes hold at each step: the non-persistent tape
drops each record as the backward pass uses it; the persistent one keeps everything until
`del`. Compare the saved bytes with the unpruned line (what keeping every input and output
would cost).

Tags: memory, persistent, pruning
Expect: none
"""
import tensorflow as tf

tf.random.set_seed(3)
x = tf.random.normal([64, 128])
w = tf.Variable(tf.random.normal([128, 128], stddev=0.1), name="w")


def forward():
    h = tf.nn.relu(x @ w)       # MatMul saves x and w; Relu saves only its output
    e = tf.exp(-h)              # Exp saves its output
    return tf.reduce_sum(h + e)  # AddV2 and Sum save nothing


with tf.GradientTape() as tape:
    loss = forward()
g1 = tape.gradient(loss, w)      # records are released step by step

with tf.GradientTape(persistent=True) as persistent_tape:
    loss = forward()
g2 = persistent_tape.gradient(loss, w)   # records stay...
g3 = persistent_tape.gradient(loss, w)   # ...so a second call works
del persistent_tape                      # ...until here

print("same gradient:", bool(tf.reduce_all(g1 == g2)), bool(tf.reduce_all(g2 == g3)))
