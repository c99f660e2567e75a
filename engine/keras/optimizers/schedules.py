"""keras.optimizers.schedules: learning rates as functions of the step, computed with the
engine's TF ops in Keras 3's order (so a schedule's value is a float32 tensor equal to TF's,
and its ops are recorded under the schedule's name scope, as Keras's TF backend runs them).

An optimizer given a schedule evaluates it at its step count before each update."""

import math

from ...missing import missing_attribute
from .. import _tf as tf


class LearningRateSchedule:
    def __call__(self, step):
        raise NotImplementedError(
            f"Learning rate schedule '{self.__class__.__name__}' must override "
            "`__call__(self, step)`."
        )

    def get_config(self):
        raise NotImplementedError(
            f"Learning rate schedule '{self.__class__.__name__}' must override `get_config()` "
            "in order to be serializable."
        )

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class _KerasSchedule(LearningRateSchedule):
    """Keras's own schedules: their arguments kept as attributes and listed by get_config."""

    config_keys: tuple[str, ...] = ()

    def get_config(self):
        return {key: getattr(self, key) for key in self.config_keys}


def _check_decay_steps(value, name="decay_steps"):
    if value <= 0:
        raise ValueError(f"Argument `{name}` must be > 0. Received: {name}={value}")


def _start(initial_learning_rate, step):
    """(initial rate as a tensor, its dtype, the step cast to that dtype)."""
    initial = tf.convert_to_tensor(initial_learning_rate)
    return initial, initial.dtype, tf.cast(step, initial.dtype)


class ExponentialDecay(_KerasSchedule):
    """initial_learning_rate * decay_rate ** (step / decay_steps) (floored if staircase)."""

    config_keys = ("initial_learning_rate", "decay_steps", "decay_rate", "staircase", "name")

    def __init__(
        self,
        initial_learning_rate,
        decay_steps,
        decay_rate,
        staircase=False,
        name="ExponentialDecay",
    ):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name
        _check_decay_steps(decay_steps)

    def __call__(self, step):
        with tf.name_scope(self.name):
            initial, dtype, step = _start(self.initial_learning_rate, step)
            p = self._progress(step, dtype)
            return tf.multiply(initial, tf.pow(tf.cast(self.decay_rate, dtype), p))

    def _progress(self, step, dtype):
        """step / decay_steps, floored if staircase (InverseTimeDecay's too)."""
        p = step / tf.cast(self.decay_steps, dtype)
        if self.staircase:
            p = tf.floor(p)
        return p


class InverseTimeDecay(ExponentialDecay):
    """initial_learning_rate / (1 + decay_rate * step / decay_steps)."""

    def __init__(
        self,
        initial_learning_rate,
        decay_steps,
        decay_rate,
        staircase=False,
        name="InverseTimeDecay",
    ):
        super().__init__(initial_learning_rate, decay_steps, decay_rate, staircase, name)

    def __call__(self, step):
        with tf.name_scope(self.name):
            initial, dtype, step = _start(self.initial_learning_rate, step)
            p = self._progress(step, dtype)
            const = tf.cast(tf.constant(1), dtype)
            denominator = tf.add(const, tf.multiply(tf.cast(self.decay_rate, dtype), p))
            return tf.divide(initial, denominator)


class PiecewiseConstantDecay(_KerasSchedule):
    """values[i] for boundaries[i-1] < step <= boundaries[i], as a sum of masked values."""

    config_keys = ("boundaries", "values", "name")

    def __init__(self, boundaries, values, name="PiecewiseConstant"):
        if len(boundaries) != len(values) - 1:
            raise ValueError(
                "The length of boundaries should be 1 less than the length of values. "
                f"Received: boundaries={boundaries} of length {len(boundaries)}, and "
                f"values={values} of length {len(values)}."
            )
        self.boundaries = boundaries
        self.values = values
        self.name = name

    def __call__(self, step):
        with tf.name_scope(self.name):
            boundaries = [tf.convert_to_tensor(b) for b in self.boundaries]
            values = [tf.convert_to_tensor(v) for v in self.values]
            step = tf.convert_to_tensor(step)
            boundaries = [
                b if b.dtype == step.dtype else tf.cast(b, step.dtype) for b in boundaries
            ]
            dtype = values[0].dtype
            result = tf.constant(0, dtype=dtype)
            result += tf.cast(step <= boundaries[0], dtype) * values[0]
            result += tf.cast(step > boundaries[-1], dtype) * values[-1]
            for low, high, value in zip(boundaries[:-1], boundaries[1:], values[1:-1]):
                result += tf.cast((step > low) & (step <= high), dtype) * value
            return result


class PolynomialDecay(_KerasSchedule):
    """(initial - end) * (1 - step / decay_steps) ** power + end; cycling restarts it."""

    config_keys = (
        "initial_learning_rate",
        "decay_steps",
        "end_learning_rate",
        "power",
        "cycle",
        "name",
    )

    def __init__(
        self,
        initial_learning_rate,
        decay_steps,
        end_learning_rate=0.0001,
        power=1.0,
        cycle=False,
        name="PolynomialDecay",
    ):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.end_learning_rate = end_learning_rate
        self.power = power
        self.cycle = cycle
        self.name = name
        _check_decay_steps(decay_steps)

    def __call__(self, step):
        with tf.name_scope(self.name):
            initial, dtype, step = _start(self.initial_learning_rate, step)
            end = tf.cast(self.end_learning_rate, dtype)
            power = tf.cast(self.power, dtype)
            decay_steps = tf.cast(self.decay_steps, dtype)
            if self.cycle:
                multiplier = tf.where(
                    tf.equal(step, 0),
                    tf.constant(1.0, dtype),
                    tf.math.ceil(step / tf.constant(float(self.decay_steps), dtype)),
                )
                decay_steps = tf.multiply(decay_steps, multiplier)
            else:
                step = tf.minimum(step, decay_steps)
            p = tf.divide(step, decay_steps)
            return tf.add(tf.multiply(initial - end, tf.pow(1 - p, power)), end)


class CosineDecay(_KerasSchedule):
    """Optional linear warmup to warmup_target, then a half cosine from it to alpha * rate."""

    config_keys = (
        "initial_learning_rate",
        "decay_steps",
        "alpha",
        "name",
        "warmup_target",
        "warmup_steps",
    )

    def __init__(
        self,
        initial_learning_rate,
        decay_steps,
        alpha=0.0,
        name="CosineDecay",
        warmup_target=None,
        warmup_steps=0,
    ):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.alpha = alpha
        self.name = name
        self.warmup_steps = warmup_steps
        self.warmup_target = warmup_target
        _check_decay_steps(decay_steps)

    def _decay(self, step, decay_steps, decay_from, dtype):
        with tf.name_scope(self.name):
            completed = tf.divide(step, decay_steps)
            pi = tf.constant(math.pi, dtype=dtype)
            cosine_decayed = 0.5 * (1.0 + tf.cos(tf.multiply(pi, completed)))
            decayed = (1 - self.alpha) * cosine_decayed + self.alpha
            return tf.multiply(decay_from, decayed)

    def _warmup(self, step, warmup_steps, warmup_target, initial):
        with tf.name_scope(self.name):
            completed = step / warmup_steps
            return (warmup_target - initial) * completed + initial

    def __call__(self, step):
        with tf.name_scope(self.name):
            initial, dtype, step = _start(self.initial_learning_rate, step)
            decay_steps = tf.cast(self.decay_steps, dtype)
            if self.warmup_target is None:
                step = tf.minimum(step, decay_steps)
                return self._decay(step, decay_steps, initial, dtype)
            target = tf.cast(self.warmup_target, dtype)
            warmup_steps = tf.cast(self.warmup_steps, dtype)
            step = tf.minimum(step, decay_steps + warmup_steps)
            if (step < warmup_steps).numpy():  # Keras's ops.cond, eagerly
                return self._warmup(step, warmup_steps, target, initial)
            return self._decay(step - warmup_steps, decay_steps, target, dtype)


class CosineDecayRestarts(LearningRateSchedule):
    """Cosine decay restarted every period; periods grow by t_mul, peaks shrink by m_mul."""

    def __init__(
        self,
        initial_learning_rate,
        first_decay_steps,
        t_mul=2.0,
        m_mul=1.0,
        alpha=0.0,
        name="SGDRDecay",
    ):
        self.initial_learning_rate = initial_learning_rate
        self.first_decay_steps = first_decay_steps
        self._t_mul = t_mul
        self._m_mul = m_mul
        self.alpha = alpha
        self.name = name
        _check_decay_steps(first_decay_steps, "first_decay_steps")

    def __call__(self, step):
        with tf.name_scope(self.name):
            initial, dtype, step = _start(self.initial_learning_rate, step)
            first_decay_steps = tf.cast(self.first_decay_steps, dtype)
            alpha = tf.cast(self.alpha, dtype)
            t_mul = tf.cast(self._t_mul, dtype)
            m_mul = tf.cast(self._m_mul, dtype)
            completed = step / first_decay_steps
            if tf.equal(t_mul, 1.0).numpy():  # Keras's ops.cond, eagerly
                i_restart = tf.floor(completed)
                completed -= i_restart
            else:
                i_restart = tf.floor(
                    tf.math.log(tf.cast(1.0 - completed * (1.0 - t_mul), dtype))
                    / tf.math.log(t_mul)
                )
                sum_r = tf.divide(1.0 - tf.pow(t_mul, i_restart), (1.0 - t_mul))
                completed = tf.divide(tf.subtract(completed, sum_r), tf.pow(t_mul, i_restart))
            m_fac = tf.pow(m_mul, i_restart)
            pi = tf.constant(math.pi, dtype=dtype)
            cosine_decayed = 0.5 * m_fac * (1.0 + tf.cos(tf.multiply(pi, completed)))
            decayed = tf.add(tf.multiply((1 - alpha), cosine_decayed), alpha)
            return tf.multiply(initial, decayed)

    def get_config(self):
        return {
            "initial_learning_rate": self.initial_learning_rate,
            "first_decay_steps": self.first_decay_steps,
            "t_mul": self._t_mul,
            "m_mul": self._m_mul,
            "alpha": self.alpha,
            "name": self.name,
        }


_SCHEDULES = {
    cls.__name__: cls
    for cls in (
        LearningRateSchedule,
        ExponentialDecay,
        PiecewiseConstantDecay,
        PolynomialDecay,
        InverseTimeDecay,
        CosineDecay,
        CosineDecayRestarts,
    )
}


def serialize(learning_rate_schedule):
    """Keras's serialized form: {'module', 'class_name', 'config', 'registered_name'}."""
    return {
        "module": "keras.optimizers.schedules",
        "class_name": type(learning_rate_schedule).__name__,
        "config": learning_rate_schedule.get_config(),
        "registered_name": None,
    }


def deserialize(config, custom_objects=None):
    name = config["class_name"]
    cls = (custom_objects or {}).get(name) or _SCHEDULES.get(name)
    if cls is None:
        raise ValueError(f"Could not locate class '{name}'.")
    return cls.from_config(config["config"])


def __getattr__(name):
    raise missing_attribute("tf.keras.optimizers.schedules", name)
