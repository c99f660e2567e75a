"""tf.nn.silu (tf.nn.swish): x * sigmoid(beta * x), with TF's custom gradient (nn_impl.py),
which recomputes the sigmoid in backward rather than keeping it, and gives beta a gradient."""

from ..custom_gradient import custom_gradient
from ..tensor import convert_to_tensor
from . import casting, unary_math
from .reductions import reduce_sum


@custom_gradient
def swish_impl(features, beta):  # TF's name: the recorded op's type
    def grad(dy):
        sigmoid_features = unary_math.sigmoid(beta * features)
        activation_grad = sigmoid_features * (1.0 + (beta * features) * (1.0 - sigmoid_features))
        beta_grad = reduce_sum(
            dy * unary_math.square(features) * sigmoid_features * (1.0 - sigmoid_features)
        )
        return (dy * activation_grad, beta_grad)

    return features * unary_math.sigmoid(beta * features), grad


def silu(features, beta=1.0):
    features = convert_to_tensor(features)
    beta = casting.cast(convert_to_tensor(beta), features.dtype)
    return swish_impl(features, beta)


swish = silu

__all__ = ["silu", "swish"]
TOP_LEVEL: list[str] = []
