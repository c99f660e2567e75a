"""The seed documents (../shared/seeds/) as acceptance tests: one test per code snippet.

Each snippet runs as the seed writes it, with `tf.`/`tfe.` bound to the engine, and what it
prints is compared with what the seed shows (numbers within float32 rounding). Seed 004's
`tape.gradient(z, x)` prints `[4., 108.]`, not the `18.0` in its text (the known typo).
TF1 graph-mode snippets (placeholders, sessions, tf.gradients) run as their eager
equivalents where the seed states values; numbers that come from random initial values are
checked against an exact NumPy recomputation from those values.
"""

import re
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import numpy as np
import pytest

import engine as tf
import engine.contrib.eager as tfe

NUMBER = re.compile(r"-?\d+\.?\d*(?:e[-+]?\d+)?")


def assert_printed(captured, expected):
    """Same lines, same words; every number equal within float32 rounding."""
    got_lines = [line.rstrip() for line in captured.strip().splitlines()]
    want_lines = [line.rstrip() for line in textwrap.dedent(expected).strip().splitlines()]
    assert len(got_lines) == len(want_lines), captured
    for got, want in zip(got_lines, want_lines):
        assert NUMBER.sub("#", got) == NUMBER.sub("#", want), (got, want)
        np.testing.assert_allclose(
            [float(n) for n in NUMBER.findall(got)],
            [float(n) for n in NUMBER.findall(want)],
            rtol=2e-7,
            atol=1e-7,
            err_msg=f"{got!r} vs {want!r}",
        )


# --- seed 000: is tf.GradientTape equivalent to tf.gradients? -------------------------------


def test_seed000_gradient_descent_step_on_theta_eager_equivalent_of_tf_gradients():
    # TF1: gradients = tf.gradients(mse, [theta])[0]; training_op = tf.assign(theta, ...)
    rng = np.random.default_rng(0)
    m, n, learning_rate = 8, 3, 0.01
    data = np.c_[np.ones((m, 1)), rng.normal(size=(m, n))].astype(np.float32)
    target = rng.normal(size=(m, 1)).astype(np.float32)
    X, y = tf.constant(data), tf.constant(target)
    theta = tf.Variable(tf.random.uniform([n + 1, 1], -1.0, 1.0), name="theta")
    start = theta.numpy()
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(tf.matmul(X, theta) - y))
    gradients = tape.gradient(mse, [theta])[0]
    theta.assign(theta - learning_rate * gradients)
    exact = 2 / m * data.T.astype(np.float64) @ (data @ start.astype(np.float64) - target)
    np.testing.assert_allclose(gradients.numpy(), exact, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(theta.numpy(), start - learning_rate * exact, rtol=1e-5, atol=1e-6)


def test_seed000_output_gradients_play_the_role_of_grad_ys():
    x = tf.constant([1.0, 2.0, 3.0])
    grad_ys = tf.constant([0.5, -1.0, 2.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
    weighted = tape.gradient(y, x, output_gradients=grad_ys)
    np.testing.assert_array_equal(weighted, grad_ys.numpy() * 2 * x.numpy())


def test_seed000_jacobian_rows_are_per_element_gradients():
    x = tf.constant([1.0, 2.0, 3.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = tf.sin(x) * tf.reduce_sum(x)
        elements = [y[i] for i in range(3)]
    jac = tape.jacobian(y, x)
    for i in range(3):
        np.testing.assert_allclose(jac[i], tape.gradient(elements[i], x), rtol=1e-6)


# --- seed 001: GradientTape, gradients_function, implicit_gradients, implicit_value_and_... ---

w1 = w2 = None


def weighted_sum(x1, x2):
    return w1 * x1 + w2 * x2


@pytest.fixture
def seed001_variables():
    global w1, w2
    tf.enable_eager_execution()
    w1 = tfe.Variable(2.0)
    w2 = tfe.Variable(3.0)
    yield


def test_seed001_weighted_sum_value(seed001_variables, capsys):
    s = weighted_sum(5.0, 7.0)
    print(s.numpy())  # 31
    assert_printed(capsys.readouterr().out, "31.0")


def test_seed001_gradient_tape_gradient_of_s_wrt_w1_is_x1(seed001_variables, capsys):
    with tf.GradientTape() as tape:
        s = weighted_sum(5.0, 7.0)
    [w1_grad] = tape.gradient(s, [w1])
    print(w1_grad.numpy())  # 5.0 = gradient of s with regards to w1 = x1
    assert_printed(capsys.readouterr().out, "5.0")


def test_seed001_gradients_function_wrt_the_arguments_is_the_weights(seed001_variables, capsys):
    grad_fn = tfe.gradients_function(weighted_sum)
    x1_grad, x2_grad = grad_fn(5.0, 7.0)
    print(x1_grad.numpy())  # 2.0 = gradient of s with regards to x1 = w1
    assert_printed(capsys.readouterr().out, "2.0")
    assert float(x2_grad) == 3.0


def test_seed001_gradients_function_with_params_by_name(seed001_variables, capsys):
    def weighted_sum_with_weights(w1, x1, w2, x2):
        return w1 * x1 + w2 * x2

    grad_fn = tfe.gradients_function(weighted_sum_with_weights, params=["w1", "w2"])
    [w1_grad, w2_grad] = grad_fn(w1, 5.0, w2, 7.0)
    print(w2_grad.numpy())  # 7.0 = gradient of s with regards to w2 = x2
    assert_printed(capsys.readouterr().out, "7.0")
    assert float(w1_grad) == 5.0


def test_seed001_implicit_gradients_returns_gradient_variable_pairs(seed001_variables, capsys):
    grad_fn = tfe.implicit_gradients(weighted_sum)
    [(w1_grad, w1_var), (w2_grad, w2_var)] = grad_fn(5.0, 7.0)
    print(w1_grad.numpy())  # 5.0 = gradient of s with regards to w1 = x1
    assert w1_var is w1
    assert w2_var is w2
    assert_printed(capsys.readouterr().out, "5.0")
    assert float(w2_grad) == 7.0


def test_seed001_implicit_gradients_skip_an_untrainable_variable(seed001_variables):
    global w1
    w1 = tfe.Variable(2.0, trainable=False)
    grad_fn = tfe.implicit_gradients(weighted_sum)
    [(w2_grad, w2_var)] = grad_fn(5.0, 7.0)
    assert w2_var is w2 and float(w2_grad) == 7.0


def test_seed001_implicit_value_and_gradients_also_returns_s(seed001_variables, capsys):
    grad_fn = tfe.implicit_value_and_gradients(weighted_sum)
    s, [(w1_grad, w1_var), (w2_grad, w2_var)] = grad_fn(5.0, 7.0)
    print(s.numpy())  # 31.0 = s = w1 * x1 + w2 * x2
    assert_printed(capsys.readouterr().out, "31.0")
    assert (float(w1_grad), float(w2_grad)) == (5.0, 7.0)
    assert w1_var is w1 and w2_var is w2


def test_seed001_runs_with_the_engine_as_tfe_too():
    w = tf.Variable(2.0)
    [(grad, var)] = tf.implicit_gradients(lambda x: w * x)(5.0)
    assert float(grad) == 5.0 and var is w


# --- seed 002: what is the purpose of the gradient tape? ------------------------------------


def test_seed002_gradients_of_3w1_squared_plus_2w1w2():
    def f(w1, w2):
        return 3 * w1**2 + 2 * w1 * w2

    w1, w2 = tf.Variable(5.0), tf.Variable(3.0)
    with tf.GradientTape() as tape:
        z = f(w1, w2)
    gradients = tape.gradient(z, [w1, w2])
    assert [float(g) for g in gradients] == [36.0, 10.0]


# --- seed 003: tf.gradients' grad_ys, jacobians, gradients in parts ------------------------


def test_seed003_cost_gradients_match_an_exact_recomputation():
    # TF1 with placeholders; eager: the same X, Y feed and random W, b.
    X = tf.constant([[2.0], [3.0]])
    Y = tf.constant([[3.0], [2.0]])
    W = tf.Variable(np.random.randn(), name="weight", dtype=tf.float32)
    b = tf.Variable(np.random.randn(), name="bias", dtype=tf.float32)
    with tf.GradientTape() as tape:
        pred = tf.add(tf.multiply(X, W), b)
        cost = 0.5 * tf.reduce_sum(tf.pow(pred - Y, 2))
    grads = tape.gradient(cost, [W, b])
    w, bias = float(W.numpy()), float(b.numpy())
    x, y = np.array([2.0, 3.0]), np.array([3.0, 2.0])
    residual = x * w + bias - y
    np.testing.assert_allclose(float(cost), 0.5 * np.sum(residual**2), rtol=1e-5)
    np.testing.assert_allclose(
        [float(g) for g in grads], [np.sum(residual * x), np.sum(residual)], rtol=1e-5, atol=1e-6
    )


def test_seed003_two_outputs_two_inputs_with_a_persistent_tape():
    x, y = tf.constant(0.5), tf.constant(-1.5)

    def u(x, y):  # a two-input, two-output function standing in for the network
        return tf.stack([x * y + tf.sin(x), tf.exp(x) * y])

    with tf.GradientTape(persistent=True) as tape1:
        tape1.watch([x, y])
        func_1 = u(x, y)
        f1, f2 = func_1[0], func_1[1]
    d_fun1_dx, d_fun1_dy = tape1.gradient(f1, [x, y])
    d_fun2_dx, d_fun2_dy = tape1.gradient(f2, [x, y])
    del tape1
    np.testing.assert_allclose(
        [float(d_fun1_dx), float(d_fun1_dy)], [-1.5 + np.cos(0.5), 0.5], rtol=1e-6
    )
    np.testing.assert_allclose(
        [float(d_fun2_dx), float(d_fun2_dy)], [np.exp(0.5) * -1.5, np.exp(0.5)], rtol=1e-6
    )


def test_seed003_jacobian_of_x_squared(capsys):
    with tf.GradientTape() as g:
        x = tf.constant([1.0, 2.0])
        g.watch(x)
        y = x * x
    jacobian = g.jacobian(y, x)
    # jacobian value is [[2., 0.], [0., 4.]]
    np.testing.assert_array_equal(jacobian, [[2.0, 0.0], [0.0, 4.0]])


def test_seed003_vector_jacobian_product_with_output_gradients(capsys):
    with tf.GradientTape() as g:
        x = tf.constant([1.0, 2.0])
        g.watch(x)
        y = x * x  # y is a length 2 vector
    vec = tf.constant([2.0, 3.0])  # vector in vector jacobian product
    grad = g.gradient(y, x, output_gradients=vec)
    print(grad)  # prints the vector-jacobian product, [4.,12.]
    assert_printed(capsys.readouterr().out, "tf.Tensor([ 4. 12.], shape=(2,), dtype=float32)")


def test_seed003_vector_target_without_output_gradients_uses_ones(capsys):
    with tf.GradientTape() as g:
        x = tf.constant([1.0, 2.0])
        g.watch(x)
        y = x * x  # y is a length 2 vector
    grad = g.gradient(y, x)
    print(grad)  # prints the vector-jacobian product with a vector of ones, [2.0,4.0]
    assert_printed(capsys.readouterr().out, "tf.Tensor([2. 4.], shape=(2,), dtype=float32)")


def test_seed003_gradient_by_parts_equals_the_whole_gradient():
    # TF1: tf.gradients of each split part, then a matmul; eager: one persistent tape.
    x = tf.ones([1, 10])
    w = tf.Variable(tf.constant(0.5, shape=[10, 5]), name="w")
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        out = tf.matmul(x, w)
        out_target = tf.constant(0.0, shape=[5])
        loss = tf.reduce_mean(tf.square(out - out_target))
        parts = tf.split(out, 5, axis=1)
    grad = tape.gradient(loss, x)
    part_grad_1 = tape.gradient(loss, out)
    part_grad_2 = tf.concat([tape.gradient(i, x) for i in parts], axis=0)
    grad_by_parts = tf.matmul(part_grad_1, part_grad_2)
    np.testing.assert_array_equal(part_grad_1, [[2.0] * 5])
    np.testing.assert_array_equal(grad, [[5.0] * 10])
    np.testing.assert_array_equal(grad_by_parts, grad)
    assert tape.jacobian(out, x).shape == (1, 5, 1, 10)  # the "future readers" answer


def test_seed003_apply_gradients_given_as_python_floats():
    W = tf.Variable(1.0)
    b = tf.Variable(2.0)
    trainable_variables = [W, b]
    gradients = [0.05, 0.01]  # Example gradients for W, b
    gradients_tensor = [tf.constant(g) for g in gradients]
    optimizer = tf.keras.optimizers.SGD()  # learning rate 0.01
    optimizer.apply_gradients(zip(gradients_tensor, trainable_variables))
    np.testing.assert_allclose([W.numpy(), b.numpy()], [0.9995, 1.9999], rtol=1e-7)


# --- seed 004: introduction to gradients and automatic differentiation ----------------------


def test_seed004_gradients_for_a_list_and_a_dict_of_sources(capsys):
    w = tf.Variable(tf.random.normal((3, 2)), name="w")
    b = tf.Variable(tf.zeros(2, dtype=tf.float32), name="b")
    x = tf.constant([[1.0, 2.0, 3.0]])

    with tf.GradientTape(persistent=True) as tape:
        y = x @ w + b
        loss = tf.reduce_mean(y**2)

    [dl_dw, dl_db] = tape.gradient(loss, [w, b])
    my_vars = {"w": w, "b": b}
    grad = tape.gradient(loss, my_vars)
    # d mean(y^2)/dy = y, so dl/dw = x^T y and dl/db = y, from w's random values.
    y_exact = np.array([[1.0, 2.0, 3.0]]) @ w.numpy().astype(np.float64)
    np.testing.assert_allclose(
        dl_dw.numpy(), np.array([[1.0], [2.0], [3.0]]) @ y_exact, rtol=1e-5, atol=1e-6
    )
    np.testing.assert_allclose(dl_db.numpy(), y_exact[0], rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(grad["w"], dl_dw)
    np.testing.assert_array_equal(grad["b"], dl_db)
    assert dl_dw.shape == (3, 2) and dl_db.shape == (2,)


def test_seed004_gradients_with_respect_to_a_dense_layers_variables():
    # Run as a program: Keras names layers per process ('dense' for the first one). The seed
    # prints tf.keras 2's names ('dense/kernel:0'); TensorFlow 2.21, whose tf.keras is Keras 3,
    # prints the variables' bare names, and that is what the engine follows (issue 9).
    code = textwrap.dedent("""
        import engine as tf
        layer = tf.keras.layers.Dense(2, activation='relu')
        x = tf.constant([[1.0, 2.0, 3.0]])

        with tf.GradientTape() as tape:
            y = layer(x)
            loss = tf.reduce_mean(y**2)

        grad = tape.gradient(loss, layer.trainable_variables)

        for var, g in zip(layer.trainable_variables, grad):
            print(f"{var.name}, shape: {g.shape}")
    """)
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=root, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert_printed(
        done.stdout,
        """
        kernel, shape: (3, 2)
        bias, shape: (2,)
    """,
    )


def test_seed004_watch_accessed_variables_false(capsys):
    x0 = tf.Variable(0.0)
    x1 = tf.Variable(10.0)

    with tf.GradientTape(watch_accessed_variables=False) as tape:
        tape.watch(x1)
        y0 = tf.math.sin(x0)
        y1 = tf.nn.softplus(x1)
        y = y0 + y1
        ys = tf.reduce_sum(y)

    grad = tape.gradient(ys, {"x0": x0, "x1": x1})

    print("dy/dx0: ", grad["x0"])
    print("dy/dx1: ", grad["x1"].numpy())
    assert_printed(
        capsys.readouterr().out,
        """
        dy/dx0:  None
        dy/dx1:  0.9999546
    """,
    )


def test_seed004_gradients_of_intermediate_results(capsys):
    x = tf.constant([1, 3.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
        z = y * y

    print("dz/dy: ", tape.gradient(z, x).numpy())
    print("dy/dx: ", tape.gradient(y, x).numpy())
    del tape
    # The seed prints `dz/dy: 18.0`, a known typo: the gradient of z wrt x is [4., 108.].
    assert_printed(
        capsys.readouterr().out,
        """
        dz/dy:  [  4. 108.]
        dy/dx:  [2. 6.]
    """,
    )


def test_seed004_non_scalar_targets(capsys):
    x = tf.Variable(2.0)
    with tf.GradientTape(persistent=True) as tape:
        y0 = x**2
        y1 = tf.exp(1 / x)
        y2 = y0 + y1

    print("dy0/dx: ", tape.gradient(y0, x).numpy())
    print("dy1/dx: ", tape.gradient(y1, x).numpy())
    print("d(y1 + y0)/dx: ", tape.gradient({"y0": y0, "y1": y1}, x).numpy())
    print("dy2/dx: ", tape.gradient(y2, x).numpy())
    assert_printed(
        capsys.readouterr().out,
        """
        dy0/dx:  4.0
        dy1/dx:  -0.4121803
        d(y1 + y0)/dx:  3.5878196
        dy2/dx:  3.5878196
    """,
    )


def test_seed004_control_flow_connects_only_the_variable_used(capsys):
    x = tf.constant(1.0)

    v0 = tf.Variable(2.0)
    v1 = tf.Variable(2.0)

    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        if x > 0.0:
            result = v0
        else:
            result = v1**2

    dv0, dv1 = tape.gradient(result, [v0, v1])

    print("dv0/dx: ", dv0)
    print("dv1/dx: ", dv1)
    assert_printed(
        capsys.readouterr().out,
        """
        dv0/dx:  tf.Tensor(1.0, shape=(), dtype=float32)
        dv1/dx:  None
    """,
    )


def test_seed004_an_unconnected_target_gives_none(capsys):
    x = tf.Variable(2.0)
    y = tf.Variable(3.0)

    with tf.GradientTape() as tape:
        z = y * y

    print("dz/dx: ", tape.gradient(z, x))
    assert_printed(capsys.readouterr().out, "dz/dx:  None")


def test_seed004_a_variable_replaced_by_a_tensor(capsys):
    x = tf.Variable(2.0)

    for epoch in range(2):
        with tf.GradientTape() as tape:
            y = x + 1

        print(type(x).__name__, ":", tape.gradient(y, x))
        x = x + 1
    assert_printed(
        capsys.readouterr().out,
        """
        ResourceVariable : tf.Tensor(1.0, shape=(), dtype=float32)
        EagerTensor : None
    """,
    )


def test_seed004_calculations_outside_tensorflow(capsys):
    x = tf.Variable([[1.0, 2.0], [3.0, 4.0]], dtype=tf.float32)

    with tf.GradientTape() as tape:
        x2 = x**2

        y = np.mean(x2, axis=0)

        y = tf.reduce_mean(y, axis=0)

    print("dy/dx: ", tape.gradient(y, x))
    assert_printed(capsys.readouterr().out, "dy/dx:  None")


def test_seed004_gradients_through_an_integer(capsys):
    x = tf.constant(10)

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with tf.GradientTape() as g:
            g.watch(x)
            y = x * x

        print("dy/dx: ", g.gradient(y, x))
    assert [str(w.message) for w in caught] == [
        "The dtype of the watched tensor must be floating (e.g. tf.float32), got tf.int32",
        "The dtype of the target tensor must be floating (e.g. tf.float32) when calling "
        "GradientTape.gradient, got tf.int32",
        "The dtype of the source tensor must be floating (e.g. tf.float32) when calling "
        "GradientTape.gradient, got tf.int32",
    ]
    assert_printed(capsys.readouterr().out, "dy/dx:  None")


def test_seed004_state_stops_gradients(capsys):
    x0 = tf.Variable(3.0)
    x1 = tf.Variable(0.0)

    with tf.GradientTape() as tape:
        x1.assign_add(x0)
        y = x1**2

    print("dy/dx0: ", tape.gradient(y, x0))

    with tf.GradientTape() as tape:
        x2 = x1 + x0
        y = x2**2

    print("dy/dx0: ", tape.gradient(y, x0))
    assert_printed(
        capsys.readouterr().out,
        """
        dy/dx0:  None
        dy/dx0:  tf.Tensor(12.0, shape=(), dtype=float32)
    """,
    )


def test_seed004_no_gradient_registered(capsys):
    x0 = tf.Variable([[[0.5, 0.0, 0.0]]])
    x1 = tf.Variable(0.1)

    with tf.GradientTape() as tape:
        y = tf.image.adjust_contrast(x0, x1)

    try:
        print(tape.gradient(y, [x0, x1]))
        assert False
    except LookupError as e:
        print(f"{type(e).__name__}: {e}")
    assert_printed(
        capsys.readouterr().out, "LookupError: gradient registry has no entry for: AdjustContrastv2"
    )


def test_seed004_zero_instead_of_none(capsys):
    x = tf.Variable([2.0, 2.0])
    y = tf.Variable(3.0)

    with tf.GradientTape() as tape:
        z = y**2

    print("dz/dx: ", tape.gradient(z, x, unconnected_gradients=tf.UnconnectedGradients.ZERO))
    assert_printed(capsys.readouterr().out, "dz/dx:  tf.Tensor([0. 0.], shape=(2,), dtype=float32)")
