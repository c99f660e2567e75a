"""Keras 3 ops as its TensorFlow backend runs them, where that differs from the plain TF op:
`add` (a BiasAdd when the second operand looks like a bias), `einsum` (some two-operand
equations run as Transpose/Reshape/MatMul, the rest as TF's Einsum).
"""

import string

from .. import _tf as tf


def shape(x):
    """tf.shape, the op (the engine installs it over the module of the same name)."""
    return tf.shape(x)


def add(x1, x2):
    """keras.ops.add as its TF backend runs it: a BiasAdd when x2 looks like a bias (one
    dimension above 1, equal to x1's axis 1 or last), else AddV2."""
    x1, x2 = tf.convert_to_tensor(x1), tf.convert_to_tensor(x2)
    x2_shape = x2._value.shape  # NumPy shape tuples (None sizes when symbolic): this runs in
    x1_shape = x1._value.shape  # every RNN step, where TensorShapes would cost
    squeezed = [d for d in x2_shape if d is None or d > 1]
    if (
        len(squeezed) == 1
        and len(x1_shape) > 1
        and squeezed[0] is not None
        and squeezed[0] in (x1_shape[1], x1_shape[-1])
    ):
        if len(x2_shape) > 1:
            x2 = tf.squeeze(x2)
        if x1_shape[-1] == squeezed[0]:
            return tf.nn.bias_add(x1, x2)
        # Keras asks for an NCHW BiasAdd here (the bias along axis 1); the engine's BiasAdd is
        # NHWC only, so the same sum runs as an AddV2 of the bias shaped to axis 1.
        return tf.add(x1, tf.reshape(x2, [-1] + [1] * (len(x1_shape) - 2)))
    return tf.add(x1, x2)


def _normalize(subscripts):
    mapping: dict[str, str] = {}
    out = ""
    for c in subscripts:
        if c in string.ascii_letters:
            if c not in mapping:
                mapping[c] = string.ascii_letters[len(mapping)]
            out += mapping[c]
        else:
            out += c
    return out


def _matmul_3d(x, y, b, c, d, e, y_perm=None):
    """'abc,c(de)->abde' as Keras runs it: the kernel flattened to (c, d*e), one MatMul."""
    if y_perm is not None:
        y = tf.transpose(y, y_perm)
    y = tf.reshape(y, [c, -1])
    return tf.reshape(tf.matmul(x, y), [-1, b, d, e])


def _flatten_matmul(x, y, b, c, d, e, y_perm=None):
    """'abcd,(cd)e->abe': the input's last two axes flattened, one MatMul."""
    x = tf.reshape(x, [-1, b, c * d])
    if y_perm is not None:
        y = tf.transpose(y, y_perm)
    return tf.matmul(x, tf.reshape(y, [-1, e]))


def _custom(subscripts, x, y):
    """The equations Keras's TF backend rewrites into matmuls, or None."""
    xs, ys = x.shape, y.shape
    if subscripts == "a,b->ab":
        return tf.matmul(tf.expand_dims(x, axis=-1), tf.expand_dims(y, axis=0))
    if subscripts == "ab,b->a":
        return tf.squeeze(tf.matmul(x, tf.expand_dims(y, axis=-1)), axis=-1)
    if subscripts in ("ab,bc->ac", "abc,cd->abd", "abcd,abde->abce"):
        return tf.matmul(x, y)
    if subscripts in ("ab,cb->ac", "abc,dc->abd"):
        return tf.matmul(x, tf.transpose(y, [1, 0]))
    if subscripts == "abcd,abed->abce":
        return tf.matmul(x, tf.transpose(y, [0, 1, 3, 2]))
    if subscripts == "abcd,acbe->adbe":
        result = tf.matmul(tf.transpose(x, [0, 1, 3, 2]), tf.transpose(y, [0, 2, 1, 3]))
        return tf.transpose(result, [0, 2, 1, 3])
    if subscripts == "abcd,adbe->acbe":
        result = tf.matmul(x, tf.transpose(y, [0, 2, 1, 3]))
        return tf.transpose(result, [0, 2, 1, 3])
    if subscripts == "abcd,aecd->acbe":
        return tf.matmul(tf.transpose(x, [0, 2, 1, 3]), tf.transpose(y, [0, 2, 3, 1]))
    if subscripts == "abcd,aecd->aceb":
        result = tf.matmul(tf.transpose(x, [0, 2, 1, 3]), tf.transpose(y, [0, 2, 3, 1]))
        return tf.transpose(result, [0, 1, 3, 2])
    if subscripts == "abc,cde->abde":
        return _matmul_3d(x, y, xs[1], xs[2], ys[1], ys[2])
    if subscripts == "abc,dce->abde":
        return _matmul_3d(x, y, xs[1], xs[2], ys[0], ys[2], [1, 0, 2])
    if subscripts == "abc,dec->abde":
        return _matmul_3d(x, y, xs[1], xs[2], ys[0], ys[1], [2, 0, 1])
    if subscripts == "abcd,cde->abe":
        return _flatten_matmul(x, y, xs[1], xs[2], xs[3], ys[2])
    if subscripts == "abcd,ced->abe":
        return _flatten_matmul(x, y, xs[1], xs[2], xs[3], ys[1], [0, 2, 1])
    if subscripts == "abcd,ecd->abe":
        return _flatten_matmul(x, y, xs[1], xs[2], xs[3], ys[0], [1, 2, 0])
    if subscripts == "abcde,aebf->adbcf":
        b, c, d, e, f = xs[1], xs[2], xs[3], xs[4], ys[3]
        x = tf.reshape(x, [-1, b, c * d, e])
        result = tf.matmul(x, tf.transpose(y, [0, 2, 1, 3]))
        return tf.transpose(tf.reshape(result, [-1, b, c, d, f]), [0, 3, 1, 2, 4])
    if subscripts == "abcde,afce->acdbf":
        b, c, d, e, f = xs[1], xs[2], xs[3], xs[4], ys[1]
        x = tf.reshape(tf.transpose(x, [0, 2, 3, 1, 4]), [-1, c, d * b, e])
        result = tf.matmul(x, tf.transpose(y, [0, 2, 3, 1]))
        return tf.reshape(result, [-1, c, d, b, f])
    return None


def einsum(subscripts, x, y):
    """keras.ops.einsum of two float operands on the TF backend."""
    subscripts = _normalize(subscripts)
    result = _custom(subscripts, x, y)
    return tf.einsum(subscripts, x, y) if result is None else result
