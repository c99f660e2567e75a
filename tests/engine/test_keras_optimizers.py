"""keras.optimizers: two updates of one variable per configuration, the slots they keep, and
the apply_gradients rules (None gradients, unknown variables, shapes, learning rates), with the
values and messages TF 2.21 + Keras 3 give."""

import warnings

import numpy as np
import pytest

import engine as tf

O = tf.keras.optimizers  # noqa: E741 - the module's short name, as `tf` is


@pytest.fixture(autouse=True)
def fresh_keras_names():
    tf.keras.backend.clear_session()


# Two steps with gradients g and 2g on w = [1, -2]: (final w, slot paths, slot values) in TF.
TWO_STEPS = {
    "sgd": (lambda: O.SGD(), [0.9850000143051147, -1.9550000429153442], [], []),
    "sgd_momentum": (
        lambda: O.SGD(0.1, momentum=0.9),
        [0.8050000071525574, -1.4149999618530273],
        ["sgd/w_0_momentum"],
        [[-0.14499999582767487, 0.4350000023841858]],
    ),
    "sgd_nesterov": (
        lambda: O.SGD(0.1, momentum=0.9, nesterov=True),
        [0.6744999885559082, -1.0234999656677246],
        ["sgd/w_0_momentum"],
        [[-0.14499999582767487, 0.4350000023841858]],
    ),
    "adam": (
        lambda: O.Adam(),
        [0.9980348348617554, -1.9980348348617554],
        ["adam/w_0_momentum", "adam/w_0_velocity"],
        [[0.14499999582767487, -0.4350000023841858], [0.0012497501447796822, 0.011247750371694565]],
    ),
    "adam_amsgrad": (
        lambda: O.Adam(0.1, amsgrad=True),
        [0.803484320640564, -1.8034837245941162],
        ["adam/w_0_momentum", "adam/w_0_velocity", "adam/w_0_velocity_hat"],
        [
            [0.14499999582767487, -0.4350000023841858],
            [0.0012497501447796822, 0.011247750371694565],
            [0.0012497501447796822, 0.011247750371694565],
        ],
    ),
    "rmsprop": (
        lambda: O.RMSprop(),
        [0.9939805865287781, -1.9939806461334229],
        ["rm_sprop/w_0_velocity"],
        [[0.12250000238418579, 1.102500081062317]],
    ),
    "rmsprop_all_options": (
        lambda: O.RMSprop(0.1, momentum=0.5, centered=True, rho=0.8, epsilon=1e-3),
        [0.381608247756958, -1.3768459558486938],
        ["rm_sprop/w_0_velocity", "rm_sprop/w_0_momentum", "rm_sprop/w_0_average_gradient"],
        [
            [0.24000000953674316, 2.1600000858306885],
            [0.37145936489105225, -0.3735005557537079],
            [0.2800000011920929, -0.8400000333786011],
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(TWO_STEPS))
def test_two_updates_match_tensorflow(name):
    make, final, slot_paths, slot_values = TWO_STEPS[name]
    w = tf.Variable([1.0, -2.0], name="w")
    g = tf.constant([0.5, -1.5])
    optimizer = make()
    optimizer.apply_gradients([(g, w)])
    returned = optimizer.apply_gradients([(g * 2, w)])
    np.testing.assert_allclose(w.numpy(), final, rtol=2e-6, atol=1e-7)
    prefix = optimizer.name
    assert [v.path for v in optimizer.variables] == [
        f"{prefix}/iteration",
        f"{prefix}/learning_rate",
    ] + slot_paths
    for slot, expected in zip(optimizer.variables[2:], slot_values):
        np.testing.assert_allclose(slot.numpy(), expected, rtol=2e-6, atol=1e-7)
    assert returned is optimizer.iterations and optimizer.iterations.numpy() == 2
    assert optimizer.iterations.dtype == tf.int64


@pytest.mark.parametrize(
    "make, expected",
    [
        (lambda: O.SGD(learning_rate=lambda: 0.25), [0.875, -1.625]),
        (lambda: O.SGD(0.1, weight_decay=0.5), [0.8999999761581421, -1.75]),
        (lambda: O.SGD(0.1, loss_scale_factor=4.0), [0.987500011920929, -1.962499976158142]),
    ],
    ids=["callable_learning_rate", "weight_decay", "loss_scale_factor"],
)
def test_one_update_options_match_tensorflow(make, expected):
    w = tf.Variable([1.0, -2.0], name="w")
    make().apply_gradients([(tf.constant([0.5, -1.5]), w)])
    np.testing.assert_allclose(w.numpy(), expected, rtol=2e-6)


def test_weight_decay_exclusions_by_name():
    w = tf.Variable([1.0, -2.0], name="w")
    optimizer = O.SGD(0.1, weight_decay=0.5)
    optimizer.exclude_from_weight_decay(var_names=["w"])
    optimizer.apply_gradients([(tf.constant([0.5, -1.5]), w)])
    np.testing.assert_allclose(w.numpy(), [0.949999988079071, -1.850000023841858], rtol=2e-6)


def test_float64_variables_update_in_float64():
    w = tf.Variable([1.0, -2.0], dtype=tf.float64)
    O.Adam(0.1).apply_gradients([(tf.constant([0.5, -1.5], tf.float64), w)])
    assert w.dtype == tf.float64
    np.testing.assert_allclose(w.numpy(), [0.9000012985311475, -1.9000008769004901], rtol=1e-12)


# Two steps (g, then 2g) on a float64 w = [1, -2] in TF: Keras casts Python-float
# hyperparameters through float32 (beta_1, momentum, weight_decay, ...) but not all of them.
FLOAT64_TWO_STEPS = {
    "sgd_nesterov": (
        lambda: O.SGD(0.1, momentum=0.9, nesterov=True),
        [0.674500000871718, -1.023500002615154],
    ),
    "adam_amsgrad": (lambda: O.Adam(0.1, amsgrad=True), [0.8034840103385804, -1.8034834066951486]),
    "rmsprop_all": (
        lambda: O.RMSprop(0.1, momentum=0.5, centered=True, rho=0.8, epsilon=1e-3),
        [0.3816082167199269, -1.376845919416627],
    ),
    "sgd_weight_decay": (
        lambda: O.SGD(0.1, weight_decay=0.3),
        [0.7923999946892262, -1.4362999872475861],
    ),
    "sgd_clipnorm": (lambda: O.SGD(0.1, clipnorm=0.7), [0.9557281120979402, -1.8671843362938203]),
    "adam_global_clipnorm": (
        lambda: O.Adam(0.1, global_clipnorm=0.7),
        [0.8000037695205657, -1.8000021435741962],
    ),
    "sgd_clipvalue": (lambda: O.SGD(0.1, clipvalue=0.7), [0.8799999982118607, -1.8599999979138375]),
}


@pytest.mark.parametrize("name", sorted(FLOAT64_TWO_STEPS))
def test_float64_updates_match_tensorflow(name):
    make, expected = FLOAT64_TWO_STEPS[name]
    w = tf.Variable([1.0, -2.0], dtype=tf.float64)
    g = tf.constant([0.5, -1.5], tf.float64)
    optimizer = make()
    optimizer.apply_gradients([(g, w)])
    optimizer.apply_gradients([(g * 2, w)])
    np.testing.assert_allclose(w.numpy(), expected, rtol=1e-14)


def test_gradients_may_be_python_numbers_lists_and_arrays():
    v = tf.Variable(1.0)
    O.SGD(0.5).apply_gradients([(2.0, v)])
    assert v.numpy() == 0.0
    w = tf.Variable([1.0, 2.0])
    optimizer = O.SGD(0.1)
    optimizer.apply_gradients([([0.5, 0.5], w)])
    optimizer.apply_gradients([(np.array([0.5, 0.5]), w)])
    np.testing.assert_allclose(w.numpy(), [0.9, 1.9], rtol=2e-7)


def test_learning_rate_is_a_float32_variable_that_can_be_set():
    optimizer = O.Adam(learning_rate=1e-3)
    assert optimizer.learning_rate.path == "adam/learning_rate"
    assert optimizer.learning_rate.dtype == tf.float32
    optimizer.learning_rate = 0.5
    assert optimizer.learning_rate.numpy() == 0.5
    assert O.SGD(learning_rate=lambda: 0.3).learning_rate == 0.3


def test_none_gradients_are_skipped_with_keras_warning():
    layer = tf.keras.layers.Dense(2)
    layer(tf.ones([1, 1]))
    optimizer = O.SGD(0.1)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        optimizer.apply_gradients([(None, layer.kernel), (tf.ones([2]), layer.bias)])
    assert [str(w.message) for w in caught] == [
        "Gradients do not exist for variables ['dense/kernel'] when minimizing the loss. If "
        "using `model.compile()`, did you forget to provide a `loss` argument?"
    ]
    assert layer.bias.numpy().tolist() == pytest.approx([-0.1, -0.1])
    assert optimizer.iterations.numpy() == 1


def test_slots_are_interleaved_per_variable_and_named_by_path():
    layer = tf.keras.layers.Dense(2)
    layer(tf.ones([1, 1]))
    optimizer = O.Adam()
    optimizer.apply_gradients(zip([tf.ones([1, 2]), tf.ones([2])], layer.trainable_variables))
    assert [v.path for v in optimizer.variables] == [
        "adam/iteration",
        "adam/learning_rate",
        "adam/dense_kernel_momentum",
        "adam/dense_kernel_velocity",
        "adam/dense_bias_momentum",
        "adam/dense_bias_velocity",
    ]


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: O.SGD(momentum=0), ValueError, r"^`momentum` must be a float between \[0, 1\].$"),
        (
            lambda: O.SGD(momentum=1.5),
            ValueError,
            r"^`momentum` must be a float between \[0, 1\].$",
        ),
        (
            lambda: O.SGD(learning_rate=1),
            ValueError,
            "^Argument `learning_rate` should be float, or an instance of LearningRateSchedule, or a "
            "callable .* Received instead: learning_rate=1$",
        ),
        (
            lambda: O.SGD(learning_rate=np.float32(0.1)),
            ValueError,
            "Received instead: learning_rate=0.10000000149011612$",
        ),
        (lambda: O.Adam(foo=1), ValueError, r"^Argument\(s\) not recognized: \{'foo': 1\}$"),
        (
            lambda: O.SGD(clipnorm=1.0, clipvalue=1.0),
            ValueError,
            "^Only one of `clipnorm`, `clipvalue` and `global_clipnorm` can be set. Received: "
            "clipnorm=1.0, clipvalue=1.0, global_clipnorm=None$",
        ),
        (
            lambda: O.SGD(0.1).apply_gradients([]),
            ValueError,
            r"^not enough values to unpack \(expected 2, got 0\)$",
        ),
        (
            lambda: O.SGD(0.1).apply_gradients([(None, tf.Variable(1.0))]),
            ValueError,
            "^No gradients provided for any variable.$",
        ),
        (
            lambda: O.SGD(0.5).apply([tf.constant(1.0)]),
            ValueError,
            "^When passing `grads` without `variables`, the optimizer must already be built",
        ),
        (
            lambda: O.SGD(0.1).apply_gradients(
                [(tf.constant([1.0, 2.0, 3.0]), tf.Variable([1.0, 2.0]))]
            ),
            tf.errors.InvalidArgumentError,
            r"Cannot update variable with shape \[2\] using a Tensor "
            r"with shape \[3\], shapes must be equal.",
        ),
        (lambda: O.get("nope"), ValueError, "^Could not interpret optimizer identifier: nope$"),
        (
            lambda: O.get("adafactor"),
            AttributeError,
            "^engine does not implement tf.keras.optimizers.adafactor$",
        ),
        (
            lambda: O.Adafactor,
            AttributeError,
            "^engine does not implement tf.keras.optimizers.Adafactor$",
        ),
    ],
)
def test_misuse_raises_like_keras(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_a_variable_the_optimizer_was_not_built_with_is_refused():
    optimizer = O.SGD(0.1)
    optimizer.apply_gradients([(tf.constant(1.0), tf.Variable(1.0, name="first"))])
    with pytest.raises(
        ValueError,
        match=r"^Unknown variable: <tf\.Variable 'second:0' shape=\(\) "
        r"dtype=float32, numpy=1\.0>\. This optimizer can only be "
        r"called for the variables it was originally built "
        r"with\.",
    ):
        optimizer.apply_gradients([(tf.constant(1.0), tf.Variable(1.0, name="second"))])


def test_get_and_default_names():
    assert (O.get("adam").name, O.get("RMSprop").name, O.SGD().name, O.SGD().name) == (
        "adam",
        "rm_sprop",
        "sgd",
        "sgd_1",
    )


def test_keras_3_optimizers_have_no_minimize():
    # TF 2.21's Keras 3 dropped tf.keras 2's Optimizer.minimize; the engine offers no more.
    with pytest.raises(AttributeError, match="minimize"):
        O.SGD(0.1).minimize
