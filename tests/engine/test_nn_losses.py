"""Softmax, log_softmax, l2 and the cross-entropy losses: values, first and second derivatives
as TF 2.21 prints them, finite differences (float64), recorded op types, saved tensors, errors."""

import numpy as np
import pytest

import engine as tf
from engine.errors import InvalidArgumentError
from tests.engine.finite_differences import check_gradients

LOGITS = [[1.0, 2.0, 3.0, 4.0], [0.0, -1.0, 2.0, 5.0], [3.0, 3.0, 3.0, 3.0]]
LABELS = [0, 1, 3]
SOFT_LABELS = [[0.1, 0.2, 0.3, 0.4], [0.0, 1.0, 0.0, 0.0], [0.25, 0.25, 0.25, 0.25]]
W = np.arange(1.0, 13.0).reshape(3, 4).astype(np.float32)

# name -> (f, the argument differentiated). TF_VALUES holds, for each, what TF 2.21 printed for
# f(x), d(sum f)/dx and the Hessian-vector product d/dx sum(g * P), P = (1..n)**2 / 10.
CASES = {
    "softmax": (lambda a: tf.nn.softmax(a) * W, LOGITS),
    "softmax_axis0": (lambda a: tf.nn.softmax(a, axis=0) * W, LOGITS),
    "log_softmax": (lambda a: tf.nn.log_softmax(a) * W, LOGITS),
    "l2_loss": (tf.nn.l2_loss, LOGITS),
    "l2_normalize": (lambda a: tf.nn.l2_normalize(a, axis=1) * W, LOGITS),
    "sparse": (
        lambda a: tf.nn.sparse_softmax_cross_entropy_with_logits(
            labels=tf.constant(LABELS), logits=a
        ),
        LOGITS,
    ),
    "sparse_weighted": (
        lambda a: (
            tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant(LABELS), logits=a)
            * tf.constant([1.0, 2.0, 3.0])
        ),
        LOGITS,
    ),
    "softmax_xent": (
        lambda a: tf.nn.softmax_cross_entropy_with_logits(
            labels=tf.constant(SOFT_LABELS), logits=a
        ),
        LOGITS,
    ),
    "softmax_xent_labels": (
        lambda a: tf.nn.softmax_cross_entropy_with_logits(labels=a, logits=tf.constant(LOGITS)),
        SOFT_LABELS,
    ),
    "softmax_xent_axis0": (
        lambda a: tf.nn.softmax_cross_entropy_with_logits(
            labels=tf.constant(np.transpose(SOFT_LABELS).astype(np.float32)), logits=a, axis=0
        ),
        np.transpose(LOGITS).tolist(),
    ),
    "sigmoid_xent": (
        lambda a: tf.nn.sigmoid_cross_entropy_with_logits(
            labels=tf.constant(SOFT_LABELS), logits=a
        ),
        LOGITS,
    ),
    "sigmoid_xent_labels": (
        lambda a: tf.nn.sigmoid_cross_entropy_with_logits(labels=a, logits=tf.constant(LOGITS)),
        SOFT_LABELS,
    ),
}

# TF's printed values, laid out as printed

# fmt: off
TF_VALUES = {'l2_loss': (48.0, [[1.0, 2.0, 3.0, 4.0], [0.0, -1.0, 2.0, 5.0], [3.0, 3.0, 3.0, 3.0]],
             [[0.10000000149011612, 0.4000000059604645, 0.9000000357627869, 1.600000023841858],
              [2.5, 3.6000001430511475, 4.900000095367432, 6.400000095367432],
              [8.100000381469727, 10.0, 12.100000381469727, 14.40000057220459]]),
 'l2_normalize': ([[0.18257418274879456, 0.7302967309951782, 1.6431677341461182,
                    2.921186923980713],
                   [0.0, -1.095445156097412, 2.5560386180877686, 7.302967071533203],
                   [4.5, 5.0, 5.5, 6.0]],
                  [[1.4901161193847656e-08, 2.9802322387695312e-08, 5.960464477539063e-08,
                    5.960464477539063e-08],
                   [0.9128708839416504, 1.3875638246536255, 0.6937819123268127, 0.0],
                   [-0.25000011920928955, -0.08333337306976318, 0.08333325386047363,
                    0.24999988079071045]],
                  [[0.04260063171386719, 0.0486864298582077, 0.01825737953186035,
                    -0.048686474561691284],
                   [-1.8926856517791748, -2.8345251083374023, -2.2826642990112305,
                    -1.7892268896102905],
                   [2.562502861022949, 0.8347244262695312, -1.0097198486328125,
                    -2.9708309173583984]]),
 'log_softmax': ([[-3.4401895999908447, -4.8803791999816895, -4.320569038391113,
                   -1.7607587575912476],
                  [-25.286643981933594, -36.343971252441406, -21.40129852294922,
                   -0.4586285650730133],
                  [-12.476649284362793, -13.862943649291992, -15.249238014221191,
                   -16.63553237915039]],
                 [[0.679413914680481, 1.128556728363037, 0.631171703338623, -2.4391422271728516],
                  [4.834574222564697, 5.939143180847168, 5.777658462524414, -16.551376342773438],
                  [-1.5, -0.5, 0.5, 1.5]],
                 [[0.3787791430950165, 0.7681954503059387, 0.9037573337554932,
                   -2.0507326126098633],
                  [0.6283060312271118, 0.16419841349124908, 1.7089710235595703,
                   -2.5014801025390625],
                  [32.025001525878906, 12.075004577636719, -9.974998474121094,
                   -34.12500762939453]]),
 'sigmoid_xent': ([[1.213261604309082, 1.7269279956817627, 2.148587226867676, 2.418149948120117],
                   [0.6931471824645996, 1.3132617473602295, 2.1269280910491943,
                    5.006715297698975],
                   [2.2985873222351074, 2.2985873222351074, 2.2985873222351074,
                    2.2985873222351074]],
                  [[0.6310585737228394, 0.6807971000671387, 0.6525741219520569,
                    0.5820137858390808],
                   [0.5, -0.7310585975646973, 0.8807970881462097, 0.9933071732521057],
                   [0.7025741338729858, 0.7025741338729858, 0.7025741338729858,
                    0.7025741338729858]],
                  [[0.01966119557619095, 0.041997432708740234, 0.040658995509147644,
                    0.028260329738259315],
                   [0.6249999403953552, 0.7078030705451965, 0.5144685506820679,
                    0.0425475612282753],
                   [0.3659309446811676, 0.45176658034324646, 0.5466375946998596,
                    0.6505438685417175]]),
 'sigmoid_xent_labels': ([[1.213261604309082, 1.7269279956817627, 2.148587226867676,
                           2.418149948120117],
                          [0.6931471824645996, 1.3132617473602295, 2.1269280910491943,
                           5.006715297698975],
                          [2.2985873222351074, 2.2985873222351074, 2.2985873222351074,
                           2.2985873222351074]],
                         [[-1.0, -2.0, -3.0, -4.0], [-0.0, 1.0, -2.0, -5.0],
                          [-3.0, -3.0, -3.0, -3.0]],
                         None),
 'softmax': ([[0.03205860033631325, 0.17428863048553467, 0.7106485366821289, 2.5756568908691406],
              [0.03181266784667969, 0.01404387317597866, 0.3290918469429016, 7.554270267486572],
              [2.25, 2.5, 2.75, 3.0]],
             [[-0.07991095632314682, -0.13007619976997375, -0.11670095473527908,
               0.32668817043304443],
              [-0.01863725297152996, -0.0045156171545386314, -0.04368547350168228,
               0.06683757156133652],
              [-0.375, -0.125, 0.125, 0.375]],
             [[0.08295075595378876, 0.08349783718585968, -0.040197018533945084,
               -0.12625177204608917],
              [0.06982658803462982, 0.011830553412437439, 0.053985171020030975,
               -0.1356392204761505],
              [0.4875011444091797, -0.5124988555908203, -0.5374984741210938,
               0.5625019073486328]]),
 'softmax_axis0': ([[0.11419519037008286, 0.5307758450508118, 1.2669564485549927,
                     0.9789139032363892],
                    [0.2100503295660019, 0.07927730679512024, 1.0875370502471924,
                     5.321927070617676],
                    [7.594152450561523, 7.213991165161133, 4.645506858825684, 1.080366849899292]],
                   [[-0.7900477647781372, -1.5456310510635376, -1.6892755031585693,
                     -0.827477753162384],
                    [-0.12260208278894424, -0.024100886657834053, -7.408257829411014e-08,
                     0.4116460978984833],
                    [0.9126501083374023, 1.5697325468063354, 1.6892750263214111,
                     0.41583251953125]],
                   [[4.612600326538086, 6.790733814239502, 1.0498040914535522, 1.809678554534912],
                    [0.25136151909828186, -0.1072864904999733, -2.939438581466675,
                     -4.668225288391113],
                    [-4.863964080810547, -6.6834516525268555, 1.8896375894546509,
                     2.8585429191589355]]),
 'softmax_xent': ([1.4401895999908447, 6.057328701019287, 1.3862943649291992],
                  [[-0.06794139742851257, -0.11285568028688431, -0.06311717629432678,
                    0.24391427636146545],
                   [0.006362533662468195, -0.9976593255996704, 0.04701312258839607,
                    0.9442837834358215],
                   [0.0, 0.0, 0.0, 0.0]],
                  [[-0.03787790611386299, -0.0768195390701294, -0.09037575870752335,
                    0.20507319271564484],
                   [-0.024165624752640724, -0.006315326783806086, -0.06572966277599335,
                    0.09621000289916992],
                   [-0.7625000476837158, -0.28750014305114746, 0.23749995231628418, 0.8125]]),
 'softmax_xent_axis0': ([1.4401895999908447, 6.057328701019287, 1.3862943649291992],
                        [[-0.06794139742851257, 0.006362533662468195, 0.0],
                         [-0.11285568028688431, -0.9976593255996704, 0.0],
                         [-0.06311717629432678, 0.04701312258839607, 0.0],
                         [0.24391427636146545, 0.9442837834358215, 0.0]],
                        [[-0.24500802159309387, -0.0721200555562973, -1.462499976158142],
                         [-0.5352843999862671, -0.021616131067276, -0.7874999642372131],
                         [-0.6733406186103821, -0.2508203983306885, 0.33750009536743164],
                         [1.4536330699920654, 0.3445552885532379, 1.9125001430511475]]),
 'softmax_xent_labels': ([1.4401895999908447, 6.057328701019287, 1.3862943649291992],
                         [[3.4401895999908447, 2.4401895999908447, 1.4401897192001343,
                           0.4401896893978119],
                          [5.057328701019287, 6.057328701019287, 3.057328462600708,
                           0.05732857063412666],
                          [1.3862943649291992, 1.3862943649291992, 1.3862943649291992,
                           1.3862943649291992]],
                         None),
 'sparse': ([3.4401895999908447, 6.057328701019287, 1.3862943649291992],
            [[-0.967941403388977, 0.08714432269334793, 0.23688283562660217, 0.6439142823219299],
             [0.006362533662468195, -0.9976593255996704, 0.04701312258839607, 0.9442837834358215],
             [0.25, 0.25, 0.25, -0.75]],
            [[-0.03787790611386299, -0.0768195390701294, -0.09037575870752335,
              0.20507319271564484],
             [-0.024165624752640724, -0.006315326783806086, -0.06572966277599335,
              0.09621000289916992],
             [-0.7625000476837158, -0.28750014305114746, 0.23749995231628418, 0.8125]]),
 'sparse_weighted': ([3.4401895999908447, 12.114657402038574, 4.158883094787598],
                     [[-0.967941403388977, 0.08714432269334793, 0.23688283562660217,
                       0.6439142823219299],
                      [0.01272506732493639, -1.9953186511993408, 0.09402624517679214,
                       1.888567566871643],
                      [0.75, 0.75, 0.75, -2.25]],
                     [[-0.03787790611386299, -0.0768195390701294, -0.09037575870752335,
                       0.20507319271564484],
                      [-0.04833124950528145, -0.012630653567612171, -0.1314593255519867,
                       0.19242000579833984],
                      [-2.2874999046325684, -0.8625001907348633, 0.7125005722045898, 2.4375]])}
# fmt: on


def _value_gradient_hvp(f, x):
    x = tf.constant(np.asarray(x, dtype=np.float32))
    projection = tf.constant(
        (np.arange(1.0, 1.0 + x.numpy().size) ** 2 / 10.0)
        .reshape(x.numpy().shape)
        .astype(np.float32)
    )
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        projected = tf.reduce_sum(g * projection)
    return y, g, outer.gradient(projected, x)


@pytest.mark.parametrize("name", sorted(CASES))
def test_values_gradients_and_hessian_vector_products_match_tensorflow(name):
    f, x = CASES[name]
    y, g, hvp = _value_gradient_hvp(f, x)
    expected_y, expected_g, expected_hvp = TF_VALUES[name]
    np.testing.assert_allclose(y.numpy(), expected_y, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(g.numpy(), expected_g, rtol=1e-5, atol=1e-6)
    if expected_hvp is None:  # TF: the gradient does not depend on x (linear in x)
        assert hvp is None
    else:
        np.testing.assert_allclose(hvp.numpy(), expected_hvp, rtol=1e-4, atol=1e-5)


# --- finite differences over the shape matrix (ops that need a class axis skip shape ()) ------
RANK_1_SHAPES = [(4,), (3, 4), (1, 4), (2, 1, 3)]


def _normal(shape, seed):
    return np.random.default_rng(seed).normal(size=shape)


@pytest.mark.parametrize("shape", RANK_1_SHAPES)
@pytest.mark.parametrize("axis", [-1, 0])
def test_softmax_and_log_softmax_match_finite_differences(shape, axis):
    weights = tf.constant(_normal(shape, 7))
    check_gradients(lambda a: tf.nn.softmax(a, axis=axis) * weights, _normal(shape, 1), order=2)
    check_gradients(lambda a: tf.nn.log_softmax(a, axis=axis) * weights, _normal(shape, 2), order=2)


@pytest.mark.parametrize("shape", [(), (4,), (3, 4), (1, 4), (2, 1, 3)])
def test_l2_loss_and_l2_normalize_match_finite_differences(shape):
    check_gradients(tf.nn.l2_loss, _normal(shape, 3), order=2)
    weights = tf.constant(_normal(shape, 8))
    check_gradients(lambda a: tf.nn.l2_normalize(a) * weights, _normal(shape, 4), order=2)


@pytest.mark.parametrize("shape", RANK_1_SHAPES)
def test_sparse_softmax_cross_entropy_matches_finite_differences(shape):
    labels = tf.constant(np.random.default_rng(5).integers(0, shape[-1], size=shape[:-1]))
    weights = tf.constant(_normal(shape[:-1], 9))
    check_gradients(
        lambda a: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=a) * weights,
        _normal(shape, 6),
        order=2,
    )


@pytest.mark.parametrize("shape", RANK_1_SHAPES)
def test_softmax_cross_entropy_matches_finite_differences_in_logits_and_labels(shape):
    # Labels are distributions: TF's fused gradient (softmax - labels) assumes rows sum to 1.
    labels = np.abs(_normal(shape, 10))
    labels /= labels.sum(axis=-1, keepdims=True)
    weights = tf.constant(_normal(shape[:-1], 11))
    check_gradients(
        lambda a, z: tf.nn.softmax_cross_entropy_with_logits(labels=z, logits=a) * weights,
        _normal(shape, 12),
        labels,
        order=2,
    )


@pytest.mark.parametrize("shape", [(), (4,), (3, 4), (1, 4), (2, 1, 3)])
def test_sigmoid_cross_entropy_matches_finite_differences_in_logits_and_labels(shape):
    logits = _normal(shape, 13)
    logits = np.where(np.abs(logits) < 1e-3, 0.5, logits)  # the formula switches at 0
    check_gradients(
        lambda a, z: tf.nn.sigmoid_cross_entropy_with_logits(labels=z, logits=a),
        logits,
        np.random.default_rng(14).uniform(size=shape),
        order=2,
    )


# --- what the tape records and keeps ---------------------------------------------------------
def _records(f, *watched):
    with tf.GradientTape() as tape:
        for t in watched:
            tape.watch(t)
        f(*watched)
    return tape._records


def _types(records):
    return [r.op.type for r in records]


LOGITS_T = tf.constant(LOGITS)


def test_tape_records_tensorflows_op_types_for_softmax_and_l2():
    assert _types(_records(tf.nn.softmax, LOGITS_T)) == ["Softmax"]
    assert _types(_records(lambda a: tf.nn.softmax(a, axis=0), LOGITS_T)) == [
        "Transpose",
        "Softmax",
        "Transpose",
    ]
    assert _types(_records(tf.nn.log_softmax, LOGITS_T)) == ["LogSoftmax"]
    assert _types(_records(tf.nn.l2_loss, LOGITS_T)) == ["L2Loss"]
    assert _types(_records(tf.nn.l2_normalize, LOGITS_T)) == [
        "Square",
        "Sum",
        "Maximum",
        "Rsqrt",
        "Mul",
    ]


def test_tape_records_tensorflows_op_types_for_the_cross_entropies():
    sparse = _records(
        lambda a: tf.nn.sparse_softmax_cross_entropy_with_logits(
            labels=tf.constant(LABELS), logits=a
        ),
        LOGITS_T,
    )
    assert _types(sparse) == ["SparseSoftmaxCrossEntropyWithLogits"]
    sparse_3d = _records(
        lambda a: tf.nn.sparse_softmax_cross_entropy_with_logits(
            labels=tf.constant([LABELS]), logits=a
        ),
        tf.constant([LOGITS]),
    )
    assert _types(sparse_3d) == ["Reshape", "SparseSoftmaxCrossEntropyWithLogits", "Reshape"]
    dense = _records(
        lambda a: tf.nn.softmax_cross_entropy_with_logits(
            labels=tf.constant(SOFT_LABELS), logits=a
        ),
        LOGITS_T,
    )
    assert _types(dense) == ["Reshape", "SoftmaxCrossEntropyWithLogits", "Reshape"]
    sigmoid = _records(
        lambda a: tf.nn.sigmoid_cross_entropy_with_logits(
            labels=tf.constant(SOFT_LABELS), logits=a
        ),
        LOGITS_T,
    )
    assert _types(sigmoid) == [
        "ZerosLike",
        "GreaterEqual",
        "Select",
        "Neg",
        "Select",
        "Mul",
        "Sub",
        "Exp",
        "Log1p",
        "AddV2",
    ]


def test_softmax_keeps_only_its_output_and_the_fused_ops_keep_logits_and_backprop():
    (softmax,) = _records(tf.nn.softmax, LOGITS_T)
    assert softmax.inputs is None and softmax.outputs[0] is not None
    (log_softmax,) = _records(tf.nn.log_softmax, LOGITS_T)
    assert log_softmax.inputs is None and log_softmax.outputs[0] is not None
    labels = tf.constant(LABELS)
    (fused,) = _records(
        lambda a: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=a), LOGITS_T
    )
    assert fused.inputs[0] is LOGITS_T and fused.inputs[1] is None
    assert fused.outputs[0] is None
    np.testing.assert_allclose(
        fused.outputs[1].numpy(), TF_VALUES["sparse"][1], rtol=1e-5, atol=1e-6
    )  # the saved backprop is softmax - onehot


def test_the_gradient_of_soft_labels_is_minus_log_softmax():
    labels = tf.constant(SOFT_LABELS)
    with tf.GradientTape() as tape:
        tape.watch(labels)
        loss = tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=LOGITS_T)
    np.testing.assert_allclose(
        tape.gradient(loss, labels).numpy(), -tf.nn.log_softmax(LOGITS_T).numpy(), rtol=1e-6
    )


# --- errors, worded as TF's ------------------------------------------------------------------
def test_sparse_labels_out_of_range_raise_invalid_argument_with_tensorflows_message():
    with pytest.raises(InvalidArgumentError) as raised:
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[0, 5, 1], logits=LOGITS_T)
    assert str(raised.value) == (
        "Received a label value of 5 which is outside the valid range of [0, 4).  Label values: "
        "0 5 1 [Op:SparseSoftmaxCrossEntropyWithLogits]"
    )
    with pytest.raises(InvalidArgumentError, match=r"label value of -1 "):
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[0, -1, 1], logits=LOGITS_T)
    assert issubclass(InvalidArgumentError, ValueError)


def test_sparse_shape_errors_are_tensorflows_value_errors():
    with pytest.raises(ValueError) as raised:
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[0, 1], logits=LOGITS_T)
    assert str(raised.value) == (
        "`labels.shape` must equal `logits.shape` except for the last dimension. Received: "
        "labels.shape=(2,) and logits.shape=(3, 4)"
    )
    with pytest.raises(ValueError) as raised:
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[[0, 1, 1]], logits=LOGITS_T)
    assert str(raised.value) == (
        "`labels.shape.rank` must equal `logits.shape.rank - 1`. Received: labels.shape=(1, 3) "
        "of rank 2 and logits.shape=(3, 4) of rank 2"
    )
    with pytest.raises(ValueError, match=r"^`logits` cannot be a scalar. Received logits=1.0`$"):
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=0, logits=tf.constant(1.0))


def test_sparse_labels_must_be_integers():
    with pytest.raises(
        InvalidArgumentError,
        match=r"^Value for attr 'Tlabels' of float is not "
        r"in the list of allowed values: int32, int64",
    ):
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[0.0, 1.0, 1.0], logits=LOGITS_T)


def test_dense_labels_of_another_shape_raise_invalid_argument():
    with pytest.raises(InvalidArgumentError) as raised:
        tf.nn.softmax_cross_entropy_with_logits(labels=tf.ones([3, 5]), logits=LOGITS_T)
    assert str(raised.value) == (
        "logits and labels must be broadcastable: logits_size=[3,4] labels_size=[3,5] "
        "[Op:SoftmaxCrossEntropyWithLogits]"
    )


def test_dense_labels_broadcast_and_integer_labels_are_cast_as_tensorflow():
    # TF 2.21 prints [7.760759, 14.229314, 5.5451775] and [3.4401896, 5.0573287, 1.3862944].
    np.testing.assert_allclose(
        tf.nn.softmax_cross_entropy_with_logits(labels=tf.ones([1, 4]), logits=LOGITS_T).numpy(),
        [7.760759, 14.229314, 5.5451775],
        rtol=1e-6,
    )
    np.testing.assert_allclose(
        tf.nn.softmax_cross_entropy_with_logits(labels=[[1, 0, 0, 0]] * 3, logits=LOGITS_T).numpy(),
        [3.4401896, 5.0573287, 1.3862944],
        rtol=1e-6,
    )


def test_sigmoid_cross_entropy_errors_are_tensorflows():
    with pytest.raises(ValueError) as raised:
        tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.ones([3, 5]), logits=LOGITS_T)
    assert str(raised.value) == (
        "`logits` and `labels` must have the same shape, received ((3, 4) vs (3, 5))."
    )
    with pytest.raises(ValueError) as raised:
        tf.nn.sigmoid_cross_entropy_with_logits(logits=LOGITS_T)
    assert str(raised.value) == (
        "Both `labels` and `logits` must be provided for sigmoid_cross_entropy_with_logitsReceived:"
        " labels=None and logits=[[ 1.  2.  3.  4.]\n [ 0. -1.  2.  5.]\n [ 3.  3.  3.  3.]]"
    )
    with pytest.raises(
        InvalidArgumentError,
        match=r"^cannot compute Mul as input #1\(zero-based\) "
        r"was expected to be a float tensor but is a "
        r"double tensor",
    ):
        tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.ones([3, 4], tf.float64), logits=LOGITS_T)


def test_softmax_errors_are_tensorflows():
    with pytest.raises(InvalidArgumentError) as raised:
        tf.nn.softmax(tf.constant(1.0))
    assert str(raised.value) == "logits must have >= 1 dimension, got [] [Op:Softmax]"
    with pytest.raises(InvalidArgumentError) as raised:
        tf.nn.log_softmax(tf.constant(1.0))
    assert str(raised.value) == "logits must have >= 1 dimension, got [] [Op:LogSoftmax]"
    with pytest.raises(InvalidArgumentError) as raised:
        tf.nn.softmax(LOGITS_T, axis=5)
    assert str(raised.value) == (
        "`dim` must be in the range [-2, 2) where 2 is the number of "
        "dimensions in the input. Received: dim=5"
    )
    with pytest.raises(
        InvalidArgumentError,
        match=r"^Value for attr 'T' of int32 is not in the "
        r"list of allowed values: half, bfloat16, "
        r"float, double",
    ):
        tf.nn.softmax(tf.constant([1, 2]))


def test_l2_normalize_of_integers_raises_tensorflows_type_error():
    with pytest.raises(TypeError, match=r"^Cannot convert 1e-12 to EagerTensor of dtype int32"):
        tf.nn.l2_normalize(tf.constant([3, 4]))


def test_float16_logits_are_computed_in_float32_and_cast_back_as_tensorflow():
    logits = tf.constant(np.array(LOGITS, np.float16))
    labels = tf.constant(np.full([3, 4], 0.25, np.float16))
    with tf.GradientTape() as tape:
        tape.watch(logits)
        sparse = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=LABELS, logits=logits)
        dense = tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    # TF 2.21 prints these float16 values.
    assert sparse.dtype == tf.float16 and dense.dtype == tf.float16
    assert sparse.numpy().tolist() == [3.439453125, 6.05859375, 1.38671875]
    assert dense.numpy().tolist() == [1.9404296875, 3.556640625, 1.38671875]
    assert _types(tape._records) == [
        "Cast",
        "SparseSoftmaxCrossEntropyWithLogits",
        "Cast",
        "Cast",
        "Reshape",
        "SoftmaxCrossEntropyWithLogits",
        "Reshape",
        "Cast",
    ]
