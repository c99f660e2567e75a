"""keras.layers.Attention: dot-product (Luong) or concat (Bahdanau-style) attention over
[query, value(, key)], with Keras 3's masks (value mask, causal mask, query mask on the output)
and optional learned `scale` and `concat_score_weight` scalars.
"""

from .. import _tf as tf
from .backend_ops import shape
from .layer import Layer
from .serialization import base_config, from_config_kwargs


class Attention(Layer):
    def __init__(self, use_scale=False, score_mode="dot", dropout=0.0, seed=None, **kwargs):
        super().__init__(**kwargs)
        self.use_scale = use_scale
        self.score_mode = score_mode
        self.dropout = dropout
        self.seed = seed
        self.supports_masking = True
        if score_mode not in ("dot", "concat"):
            raise ValueError(
                "Invalid value for argument score_mode. Expected one of {'dot', 'concat'}. "
                f"Received: score_mode={score_mode}"
            )
        self.scale = self.concat_score_weight = None

    def build(self, input_shape):
        self._validate_inputs(input_shape)
        if self.use_scale:
            self.scale = self.add_weight(name="scale", shape=(), initializer="ones")
        if self.score_mode == "concat":
            self.concat_score_weight = self.add_weight(
                name="concat_score_weight", shape=(), initializer="ones"
            )
        self.built = True

    def _calculate_scores(self, query, key):
        if self.score_mode == "dot":
            scores = tf.matmul(query, _swap_last_axes(key))
            if self.scale is not None:
                scores = tf.multiply(scores, self.scale)
            return scores
        q_reshaped = tf.expand_dims(query, axis=-2)
        k_reshaped = tf.expand_dims(key, axis=-3)
        summed = q_reshaped + k_reshaped
        if self.scale is not None:
            summed = self.scale * summed
        return self.concat_score_weight * tf.reduce_sum(tf.tanh(summed), axis=-1)

    def _apply_scores(self, scores, value, scores_mask=None, training=False):
        if scores_mask is not None:
            padding_mask = tf.logical_not(scores_mask)
            max_value = 65504.0 if scores.dtype == tf.float16 else 1.0e9
            if len(padding_mask.shape) == 2:
                padding_mask = tf.expand_dims(padding_mask, axis=-2)
            scores = tf.where(padding_mask, scores - max_value, scores)
        weights = tf.nn.softmax(scores, axis=-1)
        if training and self.dropout > 0:
            weights = tf.nn.dropout(weights, rate=self.dropout)
        return tf.matmul(weights, value), weights

    def _calculate_score_mask(self, scores, v_mask, use_causal_mask):
        if not use_causal_mask:
            return v_mask
        score_shape = scores.shape
        shape(scores)  # Keras's ops.shape runs Shape even for static shapes
        ones_mask = tf.fill((1, score_shape[-2], score_shape[-1]), 1)
        row_index = tf.cumsum(ones_mask, axis=-2)
        col_index = tf.cumsum(ones_mask, axis=-1)
        causal_mask = tf.greater_equal(row_index, col_index)
        if v_mask is not None:
            return tf.logical_and(tf.expand_dims(v_mask, axis=-2), causal_mask)
        return causal_mask

    def call(
        self,
        inputs,
        mask=None,
        training=False,
        return_attention_scores=False,
        use_causal_mask=False,
    ):
        self._validate_inputs(inputs=inputs, mask=mask)
        q, v = inputs[0], inputs[1]
        k = inputs[2] if len(inputs) > 2 else v
        q_mask = mask[0] if mask else None
        v_mask = mask[1] if mask else None
        if v_mask is not None and not tf.is_tensor(v_mask):
            v_mask = tf.convert_to_tensor(v_mask)
        scores = self._calculate_scores(query=q, key=k)
        scores_mask = self._calculate_score_mask(scores, v_mask, use_causal_mask)
        attention_output, attention_scores = self._apply_scores(
            scores=scores, value=v, scores_mask=scores_mask, training=training
        )
        if q_mask is not None:
            q_mask = tf.expand_dims(q_mask, axis=-1)
            attention_output = tf.where(
                q_mask, attention_output, tf.constant(0, attention_output.dtype)
            )
        if return_attention_scores:
            return attention_output, attention_scores
        return attention_output

    def compute_mask(self, inputs, mask=None):
        self._validate_inputs(inputs=inputs, mask=mask)
        if mask is None or mask[0] is None:
            return None
        return tf.convert_to_tensor(mask[0])

    def compute_output_shape(self, input_shape):
        return (*input_shape[0][:-1], input_shape[1][-1])

    def _validate_inputs(self, inputs, mask=None):
        name = type(self).__name__
        if not isinstance(inputs, list):
            raise ValueError(
                f"{name} layer must be called on a list of inputs, namely [query, value] or "
                f"[query, value, key]. Received: inputs={inputs}."
            )
        if len(inputs) < 2 or len(inputs) > 3:
            raise ValueError(
                f"{name} layer accepts inputs list of length 2 or 3, namely [query, value] "
                f"or [query, value, key]. Received length: {len(inputs)}."
            )
        if mask is not None:
            if not isinstance(mask, list):
                raise ValueError(
                    f"{name} layer mask must be a list, namely [query_mask, value_mask]. "
                    f"Received: mask={mask}."
                )
            if len(mask) < 2 or len(mask) > 3:
                raise ValueError(
                    f"{name} layer accepts mask list of length 2 or 3. "
                    f"Received: inputs={inputs}, mask={mask}."
                )

    def get_config(self):
        config = {
            "use_scale": self.use_scale,
            "score_mode": self.score_mode,
            "dropout": self.dropout,
            "seed": self.seed,
        }
        return {**base_config(self), **config}

    @classmethod
    def from_config(cls, config):
        return cls(**from_config_kwargs(config))


def _swap_last_axes(x):
    axes = list(range(x._value.ndim))
    axes[-2], axes[-1] = axes[-1], axes[-2]
    return tf.transpose(x, axes)
