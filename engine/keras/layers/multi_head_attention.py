"""keras.layers.MultiHeadAttention as Keras 3 runs it on TF: EinsumDense projections 'query',
'key', 'value' (kernels (dim, heads, key_dim)) and 'attention_output', then either
- the backend's dot_product_attention (two Einsum ops around a softmax) when no attention
  scores are asked for, there is no dropout and the projected query has rank 4, or
- Keras's own path: the query scaled by 1/sqrt(key_dim), Keras's einsum for the scores, a
  masked Softmax sublayer, a Dropout sublayer, Keras's einsum to combine.
Masks: the query's Keras mask, `value_mask`/`key_mask`, `attention_mask` and the causal mask
are combined as Keras combines them.
"""

import math
import string

import numpy as np

from ...missing import missing_attribute
from .. import _tf as tf, activations, naming, tensor_tags
from .backend_ops import einsum, shape
from .einsum_dense import EinsumDense
from .layer import Layer
from .serialization import base_config, from_config_kwargs, get_initializer, serialize_initializer

_LARGE_NEGATIVE = -0.7 * 3.38953e38  # the backend's mask fill for float32 logits


class _MaskedSoftmax(Layer):
    """Keras's Softmax layer as MHA uses it: masked entries filled with -1e9, zeroed after."""

    def __init__(self, axis, **kwargs):
        super().__init__(name=naming.auto_name("Softmax"), **kwargs)
        self.supports_masking = True  # as Keras: masks pass through
        self.axis = axis
        self.built = True

    def call(self, inputs, mask=None):
        if mask is not None:
            if mask.dtype != tf.bool:
                mask = tf.greater(mask, tf.cast(0.5, mask.dtype))
            inputs = tf.where(mask, inputs, tf.constant(-1e9, inputs.dtype))
        if len(self.axis) > 1:
            shifted = inputs - tf.reduce_logsumexp(inputs, axis=self.axis, keepdims=True)
            outputs = tf.exp(shifted)
        else:
            outputs = activations.softmax(inputs, axis=self.axis[0])
        if mask is not None:
            outputs = tf.where(mask, outputs, tf.constant(0.0, outputs.dtype))
        return outputs


class _Dropout(Layer):
    """Keras's Dropout layer as MHA uses it on the attention scores (engine's random draws)."""

    def __init__(self, rate, seed=None, **kwargs):
        super().__init__(name=naming.auto_name("Dropout"), **kwargs)
        self.rate, self.seed = rate, seed
        self.built = True

    def call(self, inputs, training=False):
        if training and self.rate > 0:
            return tf.nn.dropout(inputs, rate=self.rate)
        return inputs


def _letter(i):
    return string.ascii_lowercase[i]


def _build_attention_equation(rank, attn_axes):
    target = "".join(_letter(i) for i in range(rank))
    batch_dims = tuple(np.delete(range(rank), attn_axes + (rank - 1,)))
    offset, source = rank, ""
    for i in range(rank):
        if i in batch_dims or i == rank - 1:
            source += target[i]
        else:
            source += _letter(offset)
            offset += 1
    product = "".join(
        [target[i] for i in batch_dims]
        + [target[i] for i in attn_axes]
        + [source[i] for i in attn_axes]
    )
    return f"{source},{target}->{product}", f"{product},{source}->{target}", len(product)


def _build_proj_equation(free_dims, bound_dims, output_dims):
    input_str = kernel_str = output_str = bias_axes = ""
    for i in range(free_dims):
        input_str += _letter(i)
        output_str += _letter(i)
    for i in range(bound_dims):
        char = _letter(free_dims + i)
        input_str += char
        kernel_str += char
    for i in range(output_dims):
        char = _letter(free_dims + bound_dims + i)
        kernel_str += char
        output_str += char
        bias_axes += char
    return f"{input_str},{kernel_str}->{output_str}", bias_axes, len(output_str)


def _output_shape(output_rank, known_last_dims):
    return [None] * (output_rank - len(known_last_dims)) + list(known_last_dims)


def _check_positive(name, value, none_ok=False):
    if none_ok and value is None:
        return
    if not isinstance(value, int) or value <= 0:
        expected = "a positive integer or `None`" if none_ok else "a positive integer"
        raise ValueError(
            f"Received an invalid value for argument `{name}`, expected {expected}. "
            f"Received: {name}={value}"
        )


class MultiHeadAttention(Layer):
    def __init__(
        self,
        num_heads,
        key_dim,
        value_dim=None,
        dropout=0.0,
        use_bias=True,
        output_shape=None,
        attention_axes=None,
        kernel_initializer="glorot_uniform",
        bias_initializer="zeros",
        seed=None,
        **kwargs,
    ):
        for option in (
            "kernel_regularizer",
            "bias_regularizer",
            "activity_regularizer",
            "kernel_constraint",
            "bias_constraint",
            "sliding_window",
            "flash_attention",
        ):
            if kwargs.pop(option, None) is not None:
                raise missing_attribute("tf.keras.layers.MultiHeadAttention", option)
        if kwargs.pop("use_gate", False):
            raise missing_attribute("tf.keras.layers.MultiHeadAttention", "use_gate")
        _check_positive("num_heads", num_heads)
        _check_positive("key_dim", key_dim)
        _check_positive("value_dim", value_dim, none_ok=True)
        super().__init__(**kwargs)
        self.supports_masking = True
        self._num_heads = num_heads
        self._key_dim = key_dim
        self._value_dim = value_dim if value_dim else key_dim
        self._dropout = dropout
        self._use_bias = use_bias
        if output_shape:
            if isinstance(output_shape, int):
                output_shape = (output_shape,)
            try:
                output_shape = tuple(output_shape)
            except TypeError:
                raise ValueError(
                    f"Invalid `output_shape`: {output_shape}. When specified, the "
                    "`output_shape` should be of type tuple, list, or int."
                ) from None
        self._output_shape = output_shape
        self._kernel_initializer = get_initializer(kernel_initializer)
        self._bias_initializer = get_initializer(bias_initializer)
        if isinstance(attention_axes, int):
            attention_axes = (attention_axes,)
        elif attention_axes and not isinstance(attention_axes, (list, tuple)):
            raise ValueError(
                "`attention_axes` must be an int, list, or tuple."
                f"Received: attention_axes={attention_axes}"
            )
        self._attention_axes = attention_axes
        self.seed = seed
        self._inverse_sqrt_key_dim = 1.0 / math.sqrt(float(self._key_dim))

    num_heads = property(lambda self: self._num_heads)
    key_dim = property(lambda self: self._key_dim)
    value_dim = property(lambda self: self._value_dim)
    dropout = property(lambda self: self._dropout)
    use_bias = property(lambda self: self._use_bias)
    attention_axes = property(lambda self: self._attention_axes)
    query_dense = property(lambda self: self._query_dense)
    key_dense = property(lambda self: self._key_dense)
    value_dense = property(lambda self: self._value_dense)
    output_dense = property(lambda self: self._output_dense)

    # Keras builds from the shapes of query, value and key; the base layer, from the first.
    def __call__(self, query, value, key=None, **kwargs):
        query, value = self._convert_input(query), self._convert_input(value)
        if key is not None:
            key = self._convert_input(key)
        if not self.built:
            with naming.keras_scope(self.name, self):
                self.build(
                    tuple(query.shape),
                    tuple(value.shape),
                    None if key is None else tuple(key.shape),
                )
        return super().__call__(query, value, key, **kwargs)

    def _dense(self, rank, bound_dims, last_dims, name):
        equation, bias_axes, output_rank = _build_proj_equation(
            rank - 1, bound_dims, len(last_dims)
        )
        return EinsumDense(
            equation,
            output_shape=_output_shape(output_rank - 1, last_dims),
            bias_axes=bias_axes if self._use_bias else None,
            name=name,
            kernel_initializer=type(self._kernel_initializer)(
                **self._kernel_initializer.get_config()
            ),
            bias_initializer=type(self._bias_initializer)(**self._bias_initializer.get_config()),
            dtype=self.dtype,
        )

    def build(self, query_shape, value_shape, key_shape=None):  # type: ignore[override]
        key_shape = value_shape if key_shape is None else key_shape
        if value_shape[1:-1] != key_shape[1:-1]:
            raise ValueError(
                "All dimensions of `value` and `key`, except the last one, must be equal. "
                f"Received: value_shape={value_shape} and key_shape={key_shape}"
            )
        heads, key_dim, value_dim = self._num_heads, self._key_dim, self._value_dim
        self._query_dense = self._dense(len(query_shape), 1, [heads, key_dim], "query")
        self._query_dense.build(query_shape)
        self._key_dense = self._dense(len(key_shape), 1, [heads, key_dim], "key")
        self._key_dense.build(key_shape)
        self._value_dense = self._dense(len(value_shape), 1, [heads, value_dim], "value")
        self._value_dense.build(value_shape)
        self._build_attention(len(value_shape) + 1)
        output_shape = self._output_shape or [query_shape[-1]]
        self._output_dense = self._dense(len(query_shape), 2, output_shape, "attention_output")
        dense_input_shape = list(self._query_dense.compute_output_shape(query_shape))
        dense_input_shape[-1] = self._value_dim
        self._output_dense.build(tuple(dense_input_shape))
        self.built = True

    def _build_attention(self, rank):
        if self._attention_axes is None:
            self._attention_axes = tuple(range(1, rank - 2))
        else:
            self._attention_axes = tuple(
                axis if axis >= 0 else (rank - 1) + axis for axis in self._attention_axes
            )
        self._dot_product_equation, self._combine_equation, scores_rank = _build_attention_equation(
            rank, attn_axes=self._attention_axes
        )
        norm_axes = tuple(range(scores_rank - len(self._attention_axes), scores_rank))
        self._softmax = _MaskedSoftmax(axis=norm_axes, dtype=self.dtype)
        self._dropout_layer = _Dropout(rate=self._dropout, seed=self.seed, dtype=self.dtype)

    def _masked_softmax(self, scores, attention_mask=None):
        if attention_mask is not None:
            axis = -len(self._attention_axes) * 2 - 1
            for _ in range(len(scores.shape) - len(attention_mask.shape)):
                attention_mask = tf.expand_dims(attention_mask, axis=axis)
        return self._softmax(scores, mask=attention_mask)

    def _compute_attention(
        self,
        query,
        key,
        value,
        attention_mask=None,
        training=None,
        return_attention_scores=False,
        use_causal_mask=False,
    ):
        if not (self._dropout > 0.0 or return_attention_scores or len(query.shape) != 4):
            if attention_mask is not None:
                axis = -len(self._attention_axes) * 2 - 1
                for _ in range(4 - len(attention_mask.shape)):
                    attention_mask = tf.expand_dims(attention_mask, axis=axis)
                attention_mask = tf.cast(attention_mask, tf.bool)
            output = _dot_product_attention(
                query, key, value, attention_mask, use_causal_mask, self._inverse_sqrt_key_dim
            )
            return output, None
        if use_causal_mask:
            causal_mask = _causal_mask(query, value)
            attention_mask = (
                causal_mask
                if attention_mask is None
                else tf.logical_and(tf.cast(attention_mask, tf.bool), causal_mask)
            )
        query = tf.multiply(query, tf.cast(self._inverse_sqrt_key_dim, query.dtype))
        scores = einsum(self._dot_product_equation, key, query)
        scores = self._masked_softmax(scores, attention_mask)
        final_scores = scores
        if self._dropout > 0.0:
            final_scores = self._dropout_layer(scores, training=training)
        return einsum(self._combine_equation, final_scores, value), scores

    def call(
        self,
        query,
        value,
        key=None,
        query_mask=None,
        value_mask=None,
        key_mask=None,
        attention_mask=None,
        return_attention_scores=False,
        training=None,
        use_causal_mask=False,
    ):
        if key is None:
            key = value
        query_mask = tensor_tags.tag_of(query, tensor_tags.MASK)  # Keras reads the query's mask
        for tensor in (query, value, key):
            if tensor_tags.tag_of(tensor, tensor_tags.MASK) is not None:
                tensor_tags.tag(tensor, tensor_tags.MASK, None)
        causal_only = (
            use_causal_mask
            and query_mask is None
            and value_mask is None
            and key_mask is None
            and attention_mask is None
        )
        if causal_only:
            attention_mask = None
        else:
            attention_mask = self._compute_attention_mask(
                query, value, query_mask, value_mask, key_mask, attention_mask, use_causal_mask
            )
        query = self._query_dense(query)
        key = self._key_dense(key)
        value = self._value_dense(value)
        extra = {"use_causal_mask": True} if causal_only else {}
        attention_output, attention_scores = self._compute_attention(
            query, key, value, attention_mask, training, return_attention_scores, **extra
        )
        attention_output = self._output_dense(attention_output)
        if query_mask is not None:
            tensor_tags.tag(attention_output, tensor_tags.MASK, query_mask)
        if return_attention_scores:
            return attention_output, attention_scores
        return attention_output

    def _compute_attention_mask(
        self, query, value, query_mask, value_mask, key_mask, attention_mask, use_causal_mask
    ):
        auto_mask = None
        if query_mask is not None:
            auto_mask = tf.expand_dims(_bool(query_mask), -1)
        for mask in (value_mask, key_mask):
            if mask is not None:
                mask = tf.expand_dims(_bool(mask), -2)
                auto_mask = mask if auto_mask is None else auto_mask & mask
        if use_causal_mask:
            mask = _causal_mask(query, value)
            auto_mask = mask if auto_mask is None else auto_mask & mask
        if attention_mask is not None:
            attention_mask = _bool(attention_mask)
        if auto_mask is not None:
            attention_mask = auto_mask if attention_mask is None else attention_mask & auto_mask
        return attention_mask

    def compute_output_shape(self, query_shape, value_shape=None, key_shape=None):
        query_shape = tuple(query_shape)
        value_shape = tuple(value_shape) if value_shape is not None else query_shape
        key_shape = value_shape if key_shape is None else tuple(key_shape)
        if value_shape[1:-1] != key_shape[1:-1]:
            raise ValueError(
                "All dimensions of `value` and `key`, except the last one, must be equal. "
                f"Received: value_shape={value_shape} and key_shape={key_shape}"
            )
        if self._output_shape:
            query_shape = query_shape[:-1] + self._output_shape
        return query_shape

    def get_config(self):
        config = {
            "num_heads": self._num_heads,
            "key_dim": self._key_dim,
            "value_dim": self._value_dim,
            "dropout": self._dropout,
            "use_bias": self._use_bias,
            "use_gate": False,
            "output_shape": self._output_shape,
            "attention_axes": self._attention_axes,
            "sliding_window": None,
            "kernel_initializer": serialize_initializer(self._kernel_initializer),
            "bias_initializer": serialize_initializer(self._bias_initializer),
            "kernel_regularizer": None,
            "bias_regularizer": None,
            "activity_regularizer": None,
            "kernel_constraint": None,
            "bias_constraint": None,
            "seed": self.seed,
        }
        return {**base_config(self), **config}

    @classmethod
    def from_config(cls, config):
        config = from_config_kwargs(config)
        for key in ("use_gate", "sliding_window"):
            config.pop(key, None)
        return cls(**config)


def _bool(mask):
    mask = mask if tf.is_tensor(mask) else tf.convert_to_tensor(mask)
    return tf.cast(mask, tf.bool)


def _causal_mask(query, value):
    """(1, T, S) lower-triangular booleans, from cumulative sums as Keras computes them."""
    shape(query), shape(value)  # Keras's ops.shape runs Shape even for static shapes
    ones_mask = tf.fill((1, query.shape[1], value.shape[1]), 1)
    return tf.greater_equal(tf.cumsum(ones_mask, axis=-2), tf.cumsum(ones_mask, axis=-1))


def _dot_product_attention(query, key, value, mask, is_causal, scale):
    """keras.ops.dot_product_attention on the TF backend (its XLA-style path)."""
    shape(key)[-1]  # the backend reads the head size (for a default scale) on every call
    logits = tf.einsum("BTNH,BSNH->BNTS", query, key)
    logits = tf.multiply(logits, tf.cast(scale, logits.dtype))
    if mask is not None or is_causal:
        combined = tf.fill(shape(logits), True)  # TF's ones_like(logits, dtype=bool)
        if mask is not None:
            combined = tf.logical_and(combined, mask)
        if is_causal:
            logits_shape = shape(logits)
            rows, cols = int(logits_shape[2]), int(logits_shape[3])
            band = tf.linalg.band_part(tf.fill((rows, cols), True), -1, 0)
            combined = tf.logical_and(combined, band[None, None, :, :])
        logits = tf.where(combined, logits, tf.constant(_LARGE_NEGATIVE, logits.dtype))
    probs = tf.nn.softmax(logits, axis=-1)
    return tf.einsum("BNTS,BSNH->BTNH", probs, value)
