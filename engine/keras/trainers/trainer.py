"""Keras 3's Trainer for the engine: compile, fit, evaluate, predict, train_on_batch,
test_on_batch, predict_on_batch, and the train_step/test_step/predict_step a subclass may
override ("customize what happens in fit").

Each training step is what a hand-written loop does: a tf.GradientTape around the forward
pass and the loss, `tape.gradient(loss, trainable_variables)`, then the optimizer's update
(variable assigns). Nothing is compiled: TF's `tf.function` around the step is the engine's
eager run, so a debugger capture of `fit(...)` shows each step's tape and gradient call,
attributed to the user's `fit` line (engine frames are library frames).
"""

import warnings
from typing import TYPE_CHECKING, Any

import numpy as np

from .. import _tf as tf, callbacks as callbacks_module, optimizers, symbolic
from ..layers.layer import _keyword_parameters
from . import data as data_module
from .compile_utils import CompileLoss, CompileMetrics, Mean


class Trainer:
    """Mixed into keras.Model, whose Layer side it reads (calls, weights, losses)."""

    if TYPE_CHECKING:  # what keras.Model, the class this is mixed into, provides
        _metrics: list[Any]
        _outputs_struct: Any
        built: bool
        losses: list[Any]
        trainable_weights: list[Any]
        trainable_variables: list[Any]

        def __call__(self, *args: Any, **kwargs: Any) -> Any: ...

    def __init__(self):
        object.__setattr__(self, "_metrics", [])
        self.compiled = False
        self._compile_loss = None
        self._compile_metrics = None
        self._loss_tracker: Any = None  # a Mean from compile(), which fit and evaluate need
        self.stop_training = False
        self.stop_evaluating = False
        self.stop_predicting = False
        self.history = None
        self._run_eagerly = False
        self._jit_compile = False
        self.loss = None

    # --- compile ---------------------------------------------------------------------------
    def compile(
        self,
        optimizer="rmsprop",
        loss=None,
        loss_weights=None,
        metrics=None,
        weighted_metrics=None,
        run_eagerly=False,
        steps_per_execution=1,
        jit_compile="auto",
        auto_scale_loss=True,
    ):
        self.optimizer = optimizers.get(optimizer)
        self.loss = loss
        self._compile_loss = CompileLoss(loss, loss_weights) if loss is not None else None
        self._compile_metrics = (
            CompileMetrics(metrics, weighted_metrics)
            if metrics is not None or weighted_metrics is not None
            else None
        )
        self._loss_tracker = Mean(name="loss")
        self._run_eagerly = bool(run_eagerly)
        self._jit_compile = False if jit_compile == "auto" else bool(jit_compile)
        self.steps_per_execution = steps_per_execution
        self.stop_training = False
        self.compiled = True

    @property
    def run_eagerly(self):
        return self._run_eagerly

    @run_eagerly.setter
    def run_eagerly(self, value):
        self._run_eagerly = value

    @property
    def jit_compile(self):
        return self._jit_compile

    @jit_compile.setter
    def jit_compile(self, value):
        self._jit_compile = value

    @property
    def compiled_loss(self):
        return self._compile_loss

    @property
    def compiled_metrics(self):
        return self._compile_metrics

    @property
    def metrics(self):
        found = []
        if self.compiled:
            if self._loss_tracker is not None:
                found.append(self._loss_tracker)
            if self._compile_metrics is not None and self._compile_metrics.built:
                found.append(self._compile_metrics)
            if self._compile_loss is not None:
                found.extend(self._compile_loss.metrics)
        found.extend(self._metrics)
        return found

    @property
    def metrics_names(self):
        return [m.name for m in self.metrics]

    def _compiled_metric_objects(self):
        if self._compile_metrics is not None:
            yield from self._compile_metrics.metrics

    def reset_metrics(self):
        for metric in self.metrics:
            metric.reset_state()

    # --- the steps -------------------------------------------------------------------------
    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        losses = []
        if self._compile_loss is not None:
            loss = self._compile_loss(y, y_pred, sample_weight, self._output_names())
            if loss is not None:
                losses.append(loss)
        for loss in self.losses:  # add_loss and regularizers, each summed as Keras does
            if not loss.dtype.is_floating:
                loss = tf.cast(loss, tf.float32)
            losses.append(tf.reduce_sum(loss))
        if not losses:
            raise ValueError("No loss to compute. Provide a `loss` argument in `compile()`.")
        return losses[0] if len(losses) == 1 else tf.reduce_sum(losses)

    def compute_metrics(self, x, y, y_pred, sample_weight=None):
        if self._compile_metrics is not None:
            self._compile_metrics.update_state(y, y_pred, sample_weight, self._output_names())
        return self.get_metrics_result()

    def get_metrics_result(self):
        results = {}
        for metric in self.metrics:
            result = metric.result()
            if isinstance(result, dict):
                results.update(result)
            else:
                results[metric.name] = result
        return _pythonify(results)

    def _call_for_training(self, x, training):
        if "training" in _call_parameters(self):
            return self(x, training=training)
        return self(x)

    def train_step(self, data):
        x, y, sample_weight = data_module.unpack_x_y_sample_weight(data)
        with tf.GradientTape() as tape:
            y_pred = self._call_for_training(x, True)
            loss = self.compute_loss(x=x, y=y, y_pred=y_pred, sample_weight=sample_weight)
        self._loss_tracker.update_state(loss, sample_weight=_batch_size(x))
        trainable_weights = self.trainable_weights
        if trainable_weights:
            gradients = tape.gradient(loss, trainable_weights)
            self.optimizer.apply_gradients(zip(gradients, trainable_weights))
        else:
            warnings.warn("The model does not have any trainable weights.", stacklevel=2)
        return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)

    def test_step(self, data):
        x, y, sample_weight = data_module.unpack_x_y_sample_weight(data)
        y_pred = self._call_for_training(x, False)
        loss = self.compute_loss(
            x=x, y=y, y_pred=y_pred, sample_weight=sample_weight, training=False
        )
        self._loss_tracker.update_state(loss, sample_weight=_batch_size(x))
        return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)

    def predict_step(self, data):
        x, _, _ = data_module.unpack_x_y_sample_weight(data)
        return self._call_for_training(x, False)

    # --- fit, evaluate, predict ------------------------------------------------------------
    def fit(
        self,
        x=None,
        y=None,
        batch_size=None,
        epochs=1,
        verbose="auto",
        callbacks=None,
        validation_split=0.0,
        validation_data=None,
        shuffle=True,
        class_weight=None,
        sample_weight=None,
        initial_epoch=0,
        steps_per_epoch=None,
        validation_steps=None,
        validation_batch_size=None,
        validation_freq=1,
    ):
        self._assert_compile_called("fit")
        if validation_split and validation_data is None:
            (x, y, sample_weight), validation_data = data_module.split_for_validation(
                x, y, sample_weight, validation_split
            )
        batches = data_module.batches(
            x, y, sample_weight, batch_size, shuffle, class_weight, steps_per_epoch
        )
        self._build_for(batches.peek, training=True)
        callback_list = self._callback_list(callbacks, verbose, epochs, batches, add_history=True)
        self.stop_training = False
        callback_list.on_train_begin()
        training_logs = None
        logs = {}
        for epoch in range(initial_epoch, epochs):
            self.reset_metrics()
            callback_list.on_epoch_begin(epoch)
            for step, batch in enumerate(batches):
                callback_list.on_train_batch_begin(step)
                logs = self.train_step(_step_data(batch))
                callback_list.on_train_batch_end(step, _pythonify(logs))
                if self.stop_training:
                    break
            epoch_logs = dict(self._metrics_result_or_logs(logs))
            if validation_data is not None and (epoch + 1) % validation_freq == 0:
                val_x, val_y, val_weight = data_module.unpack_x_y_sample_weight(validation_data)
                val_logs = self.evaluate(
                    val_x,
                    val_y,
                    sample_weight=val_weight,
                    batch_size=validation_batch_size or batch_size,
                    steps=validation_steps,
                    callbacks=callback_list,
                    return_dict=True,
                )
                epoch_logs.update({"val_" + name: value for name, value in val_logs.items()})
            callback_list.on_epoch_end(epoch, epoch_logs)
            training_logs = epoch_logs
            if self.stop_training:
                break
        callback_list.on_train_end(logs=training_logs)
        return self.history

    def evaluate(
        self,
        x=None,
        y=None,
        batch_size=None,
        verbose="auto",
        sample_weight=None,
        steps=None,
        callbacks=None,
        return_dict=False,
        **kwargs,
    ):
        self._assert_compile_called("evaluate")
        batches = data_module.batches(x, y, sample_weight, batch_size, False, None, steps)
        self._build_for(batches.peek, training=False)
        if isinstance(callbacks, callbacks_module.CallbackList):
            callback_list = callbacks
        else:
            callback_list = self._callback_list(callbacks, verbose, 1, batches)
        self.stop_evaluating = False
        callback_list.on_test_begin()
        logs = {}
        self.reset_metrics()
        for step, batch in enumerate(batches):
            callback_list.on_test_batch_begin(step)
            logs = self.test_step(_step_data(batch))
            callback_list.on_test_batch_end(step, _pythonify(logs))
            if self.stop_evaluating:
                break
        logs = self._metrics_result_or_logs(logs)
        callback_list.on_test_end(logs)
        return logs if return_dict else self._flatten_metrics_in_order(logs)

    def predict(self, x, batch_size=None, verbose="auto", steps=None, callbacks=None):
        batches = data_module.batches(x, None, None, batch_size, False, None, steps)
        callback_list = self._callback_list(callbacks, verbose, 1, batches)
        self.stop_predicting = False
        callback_list.on_predict_begin()
        outputs = []
        for step, batch in enumerate(batches):
            callback_list.on_predict_batch_begin(step)
            batch_outputs = self.predict_step(_step_data(batch))
            outputs.append(batch_outputs)
            callback_list.on_predict_batch_end(step, {"outputs": batch_outputs})
            if self.stop_predicting:
                break
        callback_list.on_predict_end()
        if not outputs:
            raise ValueError(
                "Unexpected result of `predict_function` (Empty batch_outputs). Please use "
                "`Model.compile(..., run_eagerly=True)`, or `tf.config.run_functions_eagerly"
                "(True)` for more information of where went wrong, or file a issue/bug to "
                "`tf.keras`."
            )
        flat = [symbolic.flatten(o) for o in outputs]
        joined = [
            np.concatenate([np.asarray(batch[i]) for batch in flat], axis=0)
            for i in range(len(flat[0]))
        ]
        return symbolic.pack_like(outputs[0], joined)

    def train_on_batch(self, x, y=None, sample_weight=None, class_weight=None, return_dict=False):
        self._assert_compile_called("train_on_batch")
        if class_weight is not None:
            sample_weight = data_module._class_weights(
                symbolic.map_structure(data_module._as_array, y), class_weight
            )
        return self._run_one_batch(self.train_step, x, y, sample_weight, True, return_dict)

    def test_on_batch(self, x, y=None, sample_weight=None, return_dict=False):
        self._assert_compile_called("test_on_batch")
        return self._run_one_batch(self.test_step, x, y, sample_weight, False, return_dict)

    def predict_on_batch(self, x):
        outputs = self.predict_step((symbolic.map_structure(data_module._as_tensor, x),))
        return symbolic.map_structure(lambda t: np.asarray(t), outputs)

    # --- helpers ---------------------------------------------------------------------------
    def _callback_list(self, callbacks, verbose, epochs, batches, add_history=False):
        return callbacks_module.CallbackList(
            callbacks,
            add_history=add_history,
            add_progbar=verbose != 0,
            verbose=verbose,
            epochs=epochs,
            steps=batches.num_batches,
            model=self,
        )

    def _run_one_batch(self, step_function, x, y, sample_weight, training, return_dict):
        """train_on_batch and test_on_batch: one step on the batch, with fresh metrics."""
        batch = _batch_tensors(x, y, sample_weight)
        self._build_for(lambda: batch, training=training)
        self.reset_metrics()
        logs = _pythonify(step_function(_step_data(batch)))
        return logs if return_dict else self._flatten_metrics_in_order(logs)

    def _assert_compile_called(self, method_name):
        if not self.compiled:
            raise ValueError("You must call `compile()` before using the model.")

    def _output_names(self):
        outputs = getattr(self, "_outputs", None)
        if outputs is None:
            return []
        if isinstance(getattr(self, "_outputs_struct", None), dict):
            return sorted(self._outputs_struct, key=str)
        return [x._keras_history.operation.name for x in outputs]

    def _build_for(self, first_batch, training):
        """Builds the model (from the first batch's shapes, without running ops) and, for
        training, the optimizer, before the first step, as Keras's symbolic build does."""
        if not self.built:
            first = first_batch()
            if first is not None:
                x = first[0]
                specs = symbolic.map_structure(
                    lambda t: symbolic.KerasTensor((None,) + tuple(t.shape.as_list())[1:], t.dtype),
                    x,
                )
                self(specs)
        optimizer = getattr(self, "optimizer", None)
        if training and optimizer is not None and not optimizer.built:
            optimizer.build(self.trainable_variables)

    def _metrics_result_or_logs(self, logs):
        results = self.get_metrics_result()
        if isinstance(logs, dict) and set(logs) == set(results):
            return results
        return _pythonify(logs)

    def _flatten_metrics_in_order(self, logs):
        names = []
        for metric in self.metrics:
            if isinstance(metric, CompileMetrics):
                names += [m.name for m in metric.metrics]
            else:
                names.append(metric.name)
        results = [logs[name] for name in names if name in logs]
        results += [logs[key] for key in sorted(logs) if key not in names]
        return results[0] if len(results) == 1 else results


def _step_data(batch):
    parts = list(batch)
    while parts and parts[-1] is None:
        parts.pop()
    return tuple(parts)


def _batch_tensors(x, y, sample_weight):
    def convert(structure):
        if structure is None:
            return None
        return symbolic.map_structure(data_module._as_tensor, structure)

    return (convert(x), convert(y), convert(sample_weight))


def _batch_size(x):
    return symbolic.flatten(x)[0].shape[0]


def _pythonify(logs):
    """Keras's pythonify_logs: keys sorted, nested dicts flattened, scalars as Python floats."""
    if not isinstance(logs, dict):
        return logs
    result = {}
    for key, value in sorted(logs.items()):
        if isinstance(value, dict):
            result.update(_pythonify(value))
        else:
            result[key] = float(np.asarray(value)) if _is_scalar(value) else value
    return result


def _is_scalar(value):
    try:
        return np.asarray(value).ndim == 0
    except Exception:  # noqa: BLE001 - not array-like: left as it is
        return False


def _call_parameters(model):
    return _keyword_parameters(type(model).call)[1]
