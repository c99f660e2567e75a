"""What each array op records on a tape: TF's op type, and which tensors it keeps for backward
(the gradient's needs: shapes live in the record's attrs, index tensors are kept, values that
the gradient never reads are pruned)."""

import numpy as np
import pytest

import engine as tf
from engine.ops import registry

X = tf.reshape(tf.range(12.0), (3, 4))


def records(fn):
    x = tf.constant(X.numpy())
    with tf.GradientTape() as tape:
        tape.watch(x)
        fn(x)
    return tape._records


def kept(saved):
    """Positions of the tensors a record kept (None: it kept nothing)."""
    return None if saved is None else tuple(i for i, t in enumerate(saved) if t is not None)


CASES = [
    (lambda x: tf.reshape(x, [-1]), "Reshape", None),
    (lambda x: tf.transpose(x), "Transpose", None),
    (lambda x: tf.expand_dims(x, 0), "ExpandDims", None),
    (lambda x: tf.squeeze(x[None]), "Squeeze", None),
    (lambda x: tf.concat([x, x], 0), "ConcatV2", None),
    (lambda x: tf.stack([x, x]), "Pack", None),
    (lambda x: tf.unstack(x), "Unpack", None),
    (lambda x: tf.split(x, 2, axis=1), "Split", None),
    (lambda x: tf.split(x, [1, 3], axis=1), "SplitV", None),
    (lambda x: tf.tile(x, [2, 1]), "Tile", None),
    (lambda x: tf.gather(x, [0, 2]), "GatherV2", (1,)),
    (lambda x: tf.gather_nd(x, [[0, 2]]), "GatherNd", (1,)),
    (lambda x: tf.where(x > 3.0, x, 0.0), "SelectV2", (0,)),
    (lambda x: tf.identity(x), "Identity", None),
    (lambda x: tf.stop_gradient(x), "StopGradient", None),
    (lambda x: tf.broadcast_to(x, [2, 3, 4]), "BroadcastTo", None),
    (lambda x: tf.pad(x, [[1, 1], [0, 2]]), "Pad", None),
    (lambda x: tf.pad(x, [[1, 1], [0, 2]], constant_values=3.0), "PadV2", None),
    (lambda x: tf.pad(x, [[1, 1], [0, 2]], mode="REFLECT"), "MirrorPad", None),
    (lambda x: tf.pad(x, [[1, 1], [0, 2]], mode="SYMMETRIC"), "MirrorPad", None),
    (lambda x: tf.slice(x, [0, 1], [2, 2]), "Slice", None),
    (lambda x: tf.reverse(x, [0]), "ReverseV2", None),
    (lambda x: tf.shape(x), "Shape", None),
    (lambda x: tf.size(x), "Size", None),
    (lambda x: tf.rank(x), "Rank", None),
    (lambda x: tf.einsum("ij,jk->ik", x, tf.ones((4, 2))), "Einsum", (0, 1)),
    (lambda x: tf.fill([2], x[0, 0]), "Fill", None),
    (lambda x: tf.linspace(x[0, 0], x[0, 1], 3), "LinSpace", None),
    (lambda x: tf.where(x), "Where", None),
    (lambda x: x[1:, ::2], "StridedSlice", None),
    (lambda x: tf.zeros_like(x), "ZerosLike", None),
    (lambda x: tf.ones_like(x), "OnesLike", None),
    (lambda x: tf.scatter_nd([[1]], x[:1], [3, 4]), "ScatterNd", (0,)),
]


@pytest.mark.parametrize(
    "fn,op_type,saved_inputs", CASES, ids=[c[1] + str(i) for i, c in enumerate(CASES)]
)
def test_op_type_and_saved_tensors(fn, op_type, saved_inputs):
    last = records(fn)[-1]
    assert last.op.type == op_type
    assert kept(last.inputs) == saved_inputs
    assert last.outputs is None  # no array op's gradient reads its own output


def test_boolean_mask_records_reshape_and_gather_like_tf():
    # TF's composite also runs Where and Squeeze, on the (untracked) boolean mask.
    assert [r.op.type for r in records(lambda x: tf.boolean_mask(x, [True, False, True]))] == [
        "Reshape",
        "GatherV2",
    ]


def test_non_differentiable_and_differentiable_states_as_tf():
    for name in (
        "StopGradient",
        "Shape",
        "Size",
        "Rank",
        "Where",
        "Range",
        "OneHot",
        "ZerosLike",
        "OnesLike",
    ):
        assert registry.lookup(name).gradient is registry.NOT_DIFFERENTIABLE, name
    for name in (
        "Reshape",
        "Transpose",
        "ConcatV2",
        "Pack",
        "Unpack",
        "GatherV2",
        "GatherNd",
        "SelectV2",
        "StridedSlice",
        "StridedSliceGrad",
        "Einsum",
        "MirrorPadGrad",
        "UnsortedSegmentSum",
        "ScatterNd",
        "Fill",
        "LinSpace",
        "Slice",
        "Tile",
    ):
        assert registry.lookup(name).differentiable, name


def test_unstack_records_one_op_with_several_outputs():
    (record,) = records(lambda x: tf.unstack(x))
    assert len(record.output_ids) == 3


def test_int_arguments_are_recorded_as_op_inputs_like_tf():
    (record,) = records(lambda x: tf.reshape(x, [4, 3]))
    assert len(record.input_ids) == 2  # the tensor and its new shape, as TF's Reshape
    (record,) = records(lambda x: x[1])
    assert len(record.input_ids) == 4  # input, begin, end, strides


def test_gradients_of_array_ops_are_recorded_on_an_outer_tape():
    x = tf.constant(X.numpy())
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(x[1:, ::2] ** 2)
        g = inner.gradient(y, x)
    types = [r.op.type for r in outer._records]
    assert "StridedSliceGrad" in types
    np.testing.assert_array_equal(
        outer.gradient(g, x).numpy(), [[0, 0, 0, 0], [2, 0, 2, 0], [2, 0, 2, 0]]
    )
