"""A captured `model.fit(...)` shows each training step as a hand-written loop does: one tape
and one gradient call per batch, attributed to the user's `fit` line; optimizer updates are
variable assigns; and the shape runs of building a model record no ops."""

import re

from .programs import line_of, run, serious

FIT = """
    import numpy as np
    import tensorflow as tf
    x = np.arange(12, dtype='float32').reshape(4, 3) / 10.0
    y = np.ones((4, 1), dtype='float32')
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2, activation='tanh'),
                                 tf.keras.layers.Dense(1)])
    model.compile(optimizer='sgd', loss='mse')
    history = model.fit(x, y, epochs=2, batch_size=2, shuffle=False, verbose=0)
    loss = model.train_on_batch(x, y)
    """


def test_each_fit_step_is_a_tape_and_a_gradient_call_on_the_fit_line():
    capture = run(FIT)
    fit_line = line_of(FIT, "model.fit(")
    batch_line = line_of(FIT, "model.train_on_batch(")
    assert capture.error is None
    # 2 epochs of 2 batches, then train_on_batch: five steps, five tapes, five gradient calls
    assert len(capture.tapes) == 5 and len(capture.calls) == 5
    assert [call.location.line for call in capture.calls] == [fit_line] * 4 + [batch_line]
    assert [tape.location.line for tape in capture.tapes] == [fit_line] * 4 + [batch_line]
    assert all(call.kind == "gradient" and call.error is None for call in capture.calls)
    # each gradient call is taken for the four weights
    assert all(len(call.sources) == 4 and len(call.results) == 4 for call in capture.calls)


def test_each_steps_tape_records_the_layers_and_the_loss_on_the_fit_line():
    capture = run(FIT)
    fit_line = line_of(FIT, "model.fit(")
    on_fit = [op for op in capture.ops if op.location and op.location.line == fit_line]
    # the layers' ops (Dense(2, tanh), then Dense(1) with its one-unit AddV2) and the
    # mean squared error, Keras's way, reduced over the batch
    forward = ["MatMul", "BiasAdd", "Tanh", "MatMul", "AddV2", "Sub", "Square", "Mean"]
    first_tape = capture.tapes[0]
    by_id = {op.id: op for op in capture.ops}
    assert [by_id[i].type for i in first_tape.records[: len(forward)]] == forward
    # (Keras names count on across the captures of one process: 'sequential_1/dense_2')
    scopes = [by_id[i].scope for i in first_tape.records[:5]]
    assert all(re.fullmatch(r"sequential(_\d+)?/dense(_\d+)?", scope) for scope in scopes)
    assert len(set(scopes)) == 2
    assert all(by_id[i].location.line == fit_line for i in first_tape.records)
    assert len(on_fit) > 4 * len(forward)


def test_optimizer_updates_are_variable_assigns_on_the_fit_line():
    capture = run(FIT)
    fit_line = line_of(FIT, "model.fit(")
    assigns = [
        e for e in capture.events if e.kind == "variable_assign" and e.location.line == fit_line
    ]
    # four weights and the iteration counter, per step, over four steps
    assert len(assigns) >= 4 * 4


def test_building_a_functional_model_records_no_ops():
    source = """
        import tensorflow as tf
        inputs = tf.keras.Input((3,))
        hidden = tf.keras.layers.Dense(4, activation='relu')(inputs)
        outputs = tf.keras.layers.Dense(1)(hidden)
        model = tf.keras.Model(inputs, outputs)
        """
    capture = run(source)
    assert capture.error is None and capture.ops == []
    assert len([e for e in capture.events if e.kind == "variable_created"]) == 4


def test_an_unused_head_in_fit_is_one_finding_naming_the_layer_at_the_users_lines():
    source = """
        import numpy as np
        import tensorflow as tf
        x = np.arange(24, dtype='float32').reshape(8, 3) / 10.0
        y = np.ones((8, 1), dtype='float32')
        class TwoHeads(tf.keras.Model):
            def __init__(self):
                super().__init__()
                self.trunk = tf.keras.layers.Dense(4, activation='tanh')
                self.head = tf.keras.layers.Dense(1)
                self.aux_head = tf.keras.layers.Dense(1)
            def call(self, x):
                h = self.trunk(x)
                aux = self.aux_head(h)
                return self.head(h)
        model = TwoHeads()
        model.compile(optimizer='sgd', loss='mse')
        model.fit(x, y, epochs=2, batch_size=4, verbose=0)
        """
    capture = run(source)
    dropped_at = line_of(source, "aux = self.aux_head(h)")
    assert capture.error is None
    # four steps, each with the head's two variables unconnected: one finding, at the line in
    # the user's `call` that drops the head's result (not inside engine/keras)
    assert serious(capture) == [("result_dropped", dropped_at)]
    finding = next(f for f in capture.findings if f.code == "result_dropped")
    defined = line_of(source, "self.aux_head = ")
    assert f"(layer `self.aux_head`, defined at line {defined})" in finding.message
    assert "kernel`" in finding.message and "bias`" in finding.message
    # the gradient is fit's, on the fit line: no tape of the user's is named
    fit_line = line_of(source, "model.fit(")
    assert "the loss `model.fit(...)` computes" in finding.message
    assert f"the gradient `model.fit(...)` takes at line {fit_line}" in finding.message
    assert "tape.gradient" not in finding.message
