"""Keras's attention layers in the engine: gradients of MultiHeadAttention (both of Keras's
paths: the backend's dot_product_attention, and its own scores path), Attention and
EinsumDense against central finite differences in float64; the ops each path records.
TF's own values are checked by the differential corpus (differential/cases_keras_attention.py).
"""

import numpy as np
import pytest

import engine as tf
from engine import hooks, name_scopes
from tests.engine.finite_differences import check_gradients
from tests.engine.test_keras_rnn import fixed_weights, weight_gradients_match_finite_differences

L = tf.keras.layers
Q = np.cos(np.arange(2 * 4 * 5) * 0.7).reshape(2, 4, 5)
V = np.sin(np.arange(2 * 3 * 5) * 0.4).reshape(2, 3, 5)
VALUE_MASK = np.array([[True, False, True], [True, True, False]])


def _loss(outputs):
    return tf.add_n([tf.reduce_sum(tf.square(o)) for o in tf.nest.flatten(outputs)])


def _mha(**kwargs):
    layer = L.MultiHeadAttention(2, 3, dtype="float64", **kwargs)
    layer(tf.constant(Q), tf.constant(V))
    return fixed_weights(layer)


CALLS: dict[str, dict] = {
    "dot_product_attention": {},
    "scores": {"return_attention_scores": True},
    "value_mask": {"value_mask": VALUE_MASK},
    "value_mask_scores": {"value_mask": VALUE_MASK, "return_attention_scores": True},
}


@pytest.mark.parametrize("call", CALLS)
def test_multi_head_attention_gradients_match_finite_differences(call):
    layer = _mha()
    kwargs = CALLS[call]
    check_gradients(lambda q, v: _loss(layer(q, v, **kwargs)), Q, V)
    weight_gradients_match_finite_differences(
        layer, lambda lay: lay(tf.constant(Q), tf.constant(V), **kwargs)
    )


@pytest.mark.parametrize("scores", [False, True])
def test_causal_self_attention_gradients_match_finite_differences(scores):
    layer = _mha()
    check_gradients(
        lambda q: _loss(layer(q, q, use_causal_mask=True, return_attention_scores=scores)), Q
    )


@pytest.mark.parametrize(
    "kwargs", [{}, {"use_scale": True}, {"score_mode": "concat", "use_scale": True}], ids=str
)
def test_attention_gradients_match_finite_differences(kwargs):
    layer = L.Attention(dtype="float64", **kwargs)
    layer([tf.constant(Q), tf.constant(V)])
    if layer.weights:
        layer.set_weights([np.array(0.7), np.array(1.3)][: len(layer.weights)])
    mask = [None, tf.constant(VALUE_MASK)]
    check_gradients(lambda q, v: _loss(layer([q, v], mask=mask)), Q, V)
    if layer.weights:
        weight_gradients_match_finite_differences(
            layer, lambda lay: lay([tf.constant(Q), tf.constant(V)], mask=mask)
        )


def test_einsum_dense_gradients_match_finite_differences():
    layer = L.EinsumDense(
        "abc,cde->abde", output_shape=(None, 2, 3), bias_axes="de", dtype="float64"
    )
    layer.build(Q.shape)
    fixed_weights(layer)
    check_gradients(lambda q: _loss(layer(q)), Q, order=2)
    weight_gradients_match_finite_differences(layer, lambda lay: lay(tf.constant(Q)))


class _Ops(hooks.Observer):
    def __init__(self):
        self.ops = []

    def op_executed(self, op_type, inputs, outputs, record):
        self.ops.append((name_scopes.current(), op_type))


def _ops(fn):
    observer = _Ops()
    hooks.observers.append(observer)
    try:
        fn()
    finally:
        hooks.observers.remove(observer)
    return observer.ops


def test_each_path_records_the_ops_keras_runs():
    layer = L.MultiHeadAttention(2, 3, name="mha")
    q, v = tf.constant(Q.astype(np.float32)), tf.constant(V.astype(np.float32))
    layer(q, v)
    fused = _ops(lambda: layer(q, v))
    assert [op for scope, op in fused if scope == "mha"].count("Einsum") == 2
    assert ("mha/query", "BatchMatMulV2") in fused  # Keras's einsum: 'abc,cde->abde' as a matmul
    scores = _ops(lambda: layer(q, v, return_attention_scores=True))
    assert "Einsum" not in [op for _, op in scores]
    # the scores path: Keras's einsum as matmuls, then its Softmax sublayer
    assert any(s.startswith("mha/softmax") and op == "Softmax" for s, op in scores)
