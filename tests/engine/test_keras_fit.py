"""compile/fit/evaluate/predict: the progress lines Keras prints (TF 2.21's text, times masked),
data as arrays, generators and iterables of batches, callbacks' order, weights files."""

import contextlib
import io
import re

import numpy as np
import pytest

import engine as tf
from engine.keras.functional import Functional

K = tf.keras
X = np.ones((8, 3), "float32")
Y = np.ones((8, 1), "float32")


@pytest.fixture(autouse=True)
def fresh_keras_names():
    K.backend.clear_session()


def model():
    m = K.Sequential([K.Input((3,)), K.layers.Dense(1, kernel_initializer="ones")])
    m.compile("sgd", "mse")
    return m


def printed(function):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        function()
    return out.getvalue()


def masked(text):
    """Times vary from run to run: '0s', '5ms/step', '87us/step' become 'T'."""
    text = re.sub(r"\d+(ms|us|s)/step", "T/step", text)
    return re.sub(r"\b\d+s\b", "T", text)


def test_verbose_2_prints_one_line_per_epoch_as_tf():
    # TF 2.21 printed, for this model and data (times differ):
    # 'Epoch 1/2\n2/2 - 0s - 166ms/step - loss: 3.6928\nEpoch 2/2\n2/2 - 0s - 57ms/step - loss: 2.6455\n'
    m = model()
    text = printed(lambda: m.fit(X, Y, epochs=2, batch_size=4, shuffle=False, verbose=2))
    assert masked(text) == (
        "Epoch 1/2\n2/2 - T - T/step - loss: 3.6928\nEpoch 2/2\n2/2 - T - T/step - loss: 2.6455\n"
    )


def test_verbose_2_with_validation_and_evaluate_and_predict():
    # TF: '2/2 - 0s - 168ms/step - loss: 1.8952 - val_loss: 1.4707\n' after the fit above;
    # evaluate: '1/1 - 0s - 328ms/step - loss: 0.7548\n'; predict: '1/1 - 0s - 113ms/step\n'
    m = model()
    m.fit(X, Y, epochs=2, batch_size=4, shuffle=False, verbose=0)
    text = printed(
        lambda: m.fit(
            X, Y, epochs=1, batch_size=4, shuffle=False, verbose=2, validation_data=(X, Y)
        )
    )
    assert masked(text) == "2/2 - T - T/step - loss: 1.8952 - val_loss: 1.4707\n"
    m.fit(X, Y, epochs=2, batch_size=4, shuffle=False, verbose=0)
    assert masked(printed(lambda: m.evaluate(X, Y, verbose=2))) == (
        "1/1 - T - T/step - loss: 0.7548\n"
    )
    assert masked(printed(lambda: m.predict(X, verbose=2))) == "1/1 - T - T/step\n"


def test_verbose_1_redraws_a_bar_in_place():
    # TF, after the three epochs above: '\r\x1b[1m1/2\x1b[0m ... - loss: 1.4707\x08...\r
    # \x1b[1m2/2\x1b[0m ... - loss: 1.3577\n'
    m = model()
    m.fit(X, Y, epochs=3, batch_size=4, shuffle=False, verbose=0)
    text = printed(lambda: m.fit(X, Y, epochs=1, batch_size=4, shuffle=False, verbose=1))
    bar_1 = "\x1b[1m1/2\x1b[0m \x1b[32m" + "━" * 10 + "\x1b[0m\x1b[37m" + "━" * 10 + "\x1b[0m"
    bar_2 = "\x1b[1m2/2\x1b[0m \x1b[32m" + "━" * 20 + "\x1b[0m\x1b[37m\x1b[0m"
    assert text.startswith("\r" + bar_1 + " \x1b[1m0s\x1b[0m ")
    assert " - loss: 1.4707\x08" in text
    assert "\r" + bar_2 + " \x1b[1m0s\x1b[0m " in text
    # a second line shorter than the first ('1ms/step' after '792us/step') is padded with
    # spaces over the old one, as Keras pads it: how many depends on the timings
    assert re.search(r"- loss: 1\.3577 *\n$", text)
    assert "\x08" in text  # the first line is rubbed out before the second is drawn


class Batches:
    """An iterable of batches with a length, as a tf.data Dataset is."""

    def __init__(self, *batches):
        self.batches = batches

    def __iter__(self):
        return iter(self.batches)

    def __len__(self):
        return len(self.batches)


def test_fit_takes_a_generator_and_any_iterable_of_batches():
    def batches():
        while True:
            yield X[:4], Y[:4]
            yield X[4:] * 2.0, Y[4:]

    m = model()
    from_generator = m.fit(batches(), epochs=2, steps_per_epoch=2, verbose=0).history["loss"]
    m2 = model()
    pairs = Batches((tf.constant(X[:4]), tf.constant(Y[:4])), (X[4:] * 2.0, Y[4:]))
    from_list = m2.fit(pairs, epochs=2, verbose=0).history["loss"]
    np.testing.assert_allclose(from_generator, from_list, rtol=1e-6)
    assert m.optimizer.iterations.numpy() == 4


def test_batches_with_sample_weights_from_an_iterable():
    weighted = Batches((X[:4], Y[:4], np.array([1.0, 0.0, 0.0, 0.0], "float32")))
    m = model()
    loss = m.evaluate(weighted, verbose=0)
    m2 = model()
    # sum_over_batch_size: (1 * squared error of one row) / 4 rows
    assert loss == pytest.approx(m2.evaluate(X[:1], Y[:1], verbose=0) / 4.0, rel=1e-6)


def test_callbacks_see_the_hooks_in_keras_order_and_stop_training():
    seen = []

    class Recorder(K.callbacks.Callback):
        def on_train_begin(self, logs=None):
            seen.append("train_begin")

        def on_epoch_begin(self, epoch, logs=None):
            seen.append(f"epoch_begin {epoch}")

        def on_train_batch_end(self, batch, logs=None):
            seen.append(f"batch_end {batch} {sorted(logs)}")
            if batch == 1:
                self.model.stop_training = True

        def on_epoch_end(self, epoch, logs=None):
            seen.append(f"epoch_end {epoch} {sorted(logs)}")

        def on_train_end(self, logs=None):
            seen.append("train_end")

    history = model().fit(X, Y, epochs=3, batch_size=2, verbose=0, callbacks=[Recorder()])
    assert seen == [
        "train_begin",
        "epoch_begin 0",
        "batch_end 0 ['loss']",
        "batch_end 1 ['loss']",
        "epoch_end 0 ['loss']",
        "train_end",
    ]
    assert history.epoch == [0]


def test_a_custom_train_step_returns_the_logs_fit_records():
    class Halving(K.Model):
        def train_step(self, data):
            x, y = data
            with tf.GradientTape() as tape:
                loss = self.compute_loss(y=y, y_pred=self(x, training=True))
            grads = tape.gradient(loss, self.trainable_variables)
            self.optimizer.apply(grads, self.trainable_variables)
            return {"loss": loss, "half": loss / 2.0}

    inputs = K.Input((3,))
    m = Halving(inputs, K.layers.Dense(1, kernel_initializer="ones")(inputs))
    m.compile("sgd", "mse")
    history = m.fit(X, Y, epochs=2, batch_size=8, verbose=0).history
    assert sorted(history) == ["half", "loss"]
    np.testing.assert_allclose(history["half"], np.array(history["loss"]) / 2.0, rtol=1e-6)
    assert type(m).__name__ == "Halving" and isinstance(m, Functional)


# TF 2.21 writes these groups (h5py visititems) for the models below.
TF_SEQUENTIAL_LAYOUT = [
    ("layers", {}),
    ("layers/dense", {}),
    ("layers/dense/vars", {"name": "dense"}),
    ("layers/dense/vars/0", {}),
    ("layers/dense/vars/1", {}),
    ("layers/dense_1", {}),
    ("layers/dense_1/vars", {"name": "dense_1"}),
    ("layers/dense_1/vars/0", {}),
    ("layers/dense_1/vars/1", {}),
    ("vars", {"name": "sequential"}),
]
TF_SUBCLASSED_LAYOUT = [
    ("a", {}),
    ("a/vars", {"name": "dense"}),
    ("a/vars/0", {}),
    ("a/vars/1", {}),
    ("bs", {}),
    ("bs/dense", {}),
    ("bs/dense/vars", {"name": "dense_1"}),
    ("bs/dense/vars/0", {}),
    ("bs/dense/vars/1", {}),
    ("vars", {"name": "m"}),
    ("vars/0", {}),
]


def _layout(path):
    h5py = pytest.importorskip("h5py")
    items = []
    with h5py.File(path, "r") as f:
        f.visititems(lambda name, obj: items.append((name, dict(obj.attrs))))
    return items


def test_save_weights_writes_keras_layout_and_load_weights_reads_it(tmp_path):
    pytest.importorskip("h5py")
    m = K.Sequential([K.Input((3,)), K.layers.Dense(2), K.layers.Dense(1)])
    path = tmp_path / "model.weights.h5"
    m.save_weights(path)
    assert _layout(path) == TF_SEQUENTIAL_LAYOUT
    before = m.get_weights()
    m.set_weights([w + 1.0 for w in before])
    m.load_weights(path)
    for got, want in zip(m.get_weights(), before):
        np.testing.assert_array_equal(got, want)
    with pytest.raises(ValueError, match=r"The filename must end in `\.weights\.h5`"):
        m.save_weights(tmp_path / "model.h5")


def test_a_subclassed_models_weights_are_grouped_by_attribute(tmp_path):
    pytest.importorskip("h5py")

    class M(K.Model):
        def __init__(self):
            super().__init__()
            self.a = K.layers.Dense(2)
            self.bs = [K.layers.Dense(1)]
            self.w = self.add_weight(shape=(1,), name="w")

        def call(self, x):
            return self.bs[0](self.a(x)) * self.w

    m = M()
    m(tf.ones((1, 3)))
    m.save_weights(tmp_path / "m.weights.h5")
    assert _layout(tmp_path / "m.weights.h5") == TF_SUBCLASSED_LAYOUT


def test_model_checkpoint_saves_the_best_weights(tmp_path):
    pytest.importorskip("h5py")
    path = tmp_path / "best.weights.h5"
    checkpoint = K.callbacks.ModelCheckpoint(
        str(path), monitor="loss", save_best_only=True, save_weights_only=True
    )
    m = model()
    m.fit(X * 2.0, Y, epochs=2, batch_size=8, verbose=0, callbacks=[checkpoint])
    saved = m.get_weights()
    m2 = model()
    m2.load_weights(path)
    for got, want in zip(m2.get_weights(), saved):
        np.testing.assert_array_equal(got, want)
