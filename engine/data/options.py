"""tf.data.Options: accepted and kept, with no effect on an in-memory, single-threaded
pipeline (threading, autotuning and optimizations do not change the elements). Each group
takes only TF's option names, as TF's: any other is an AttributeError."""

import enum
from typing import ClassVar


class AutoShardPolicy(enum.IntEnum):
    OFF = -1
    AUTO = 0
    FILE = 1
    DATA = 2
    HINT = 3


class AutotuneAlgorithm(enum.Enum):
    DEFAULT = 0
    HILL_CLIMB = 1
    GRADIENT_DESCENT = 2
    MAX_PARALLELISM = 3
    STAGE_BASED = 4


class ExternalStatePolicy(enum.Enum):
    WARN = 0
    IGNORE = 1
    FAIL = 2


class _OptionGroup:
    """Options set by name: `_DEFAULTS` lists the names and their values before any is set."""

    _DEFAULTS: ClassVar[dict] = {}

    def __init__(self):
        for name, default in self._DEFAULTS.items():
            object.__setattr__(self, name, default() if callable(default) else default)

    def __setattr__(self, name, value):
        if name not in self._DEFAULTS:
            raise AttributeError(f"Cannot set the property {name} on {type(self).__name__}.")
        object.__setattr__(self, name, value)

    def __eq__(self, other):
        return type(other) is type(self) and vars(self) == vars(other)

    __hash__ = None  # type: ignore[assignment]  # mutable, as TF's

    def _merged(self, other):
        """These options with `other`'s non-default settings laid over them."""
        merged = type(self)()
        for source in (self, other):
            for name in self._DEFAULTS:
                value = getattr(source, name)
                if isinstance(value, _OptionGroup):
                    object.__setattr__(merged, name, getattr(merged, name)._merged(value))
                elif value is not None and not (name == "auto_shard_policy" and value == 0):
                    object.__setattr__(merged, name, value)
        return merged


class AutotuneOptions(_OptionGroup):
    _DEFAULTS: ClassVar[dict] = dict.fromkeys(
        (
            "autotune_algorithm",
            "cpu_budget",
            "enabled",
            "initial_parallelism",
            "min_parallelism",
            "ram_budget",
        )
    )


class DistributeOptions(_OptionGroup):
    _DEFAULTS: ClassVar[dict] = {"auto_shard_policy": AutoShardPolicy.AUTO, "num_devices": None}


class OptimizationOptions(_OptionGroup):
    _DEFAULTS: ClassVar[dict] = dict.fromkeys(
        (
            "apply_default_optimizations",
            "filter_fusion",
            "filter_parallelization",
            "inject_prefetch",
            "map_and_batch_fusion",
            "map_and_filter_fusion",
            "map_fusion",
            "map_parallelization",
            "noop_elimination",
            "parallel_batch",
            "seq_interleave_prefetch",
            "shuffle_and_repeat_fusion",
        )
    )


class ThreadingOptions(_OptionGroup):
    _DEFAULTS: ClassVar[dict] = {"max_intra_op_parallelism": None, "private_threadpool_size": None}


class ServiceOptions(_OptionGroup):
    _DEFAULTS: ClassVar[dict] = {"pinned": None}


class Options(_OptionGroup):
    _DEFAULTS: ClassVar[dict] = {
        "autotune": AutotuneOptions,
        "dataset_name": None,
        "deterministic": None,
        "experimental_deterministic": None,
        "experimental_distribute": DistributeOptions,
        "experimental_external_state_policy": None,
        "experimental_optimization": OptimizationOptions,
        "experimental_service": ServiceOptions,
        "experimental_slack": None,
        "experimental_symbolic_checkpoint": None,
        "experimental_warm_start": None,
        "framework_type": None,
        "threading": ThreadingOptions,
    }

    def __setattr__(self, name, value):
        super().__setattr__(name, value)
        if name in ("deterministic", "experimental_deterministic"):  # one setting, two names
            object.__setattr__(self, "deterministic", value)
            object.__setattr__(self, "experimental_deterministic", value)

    @property
    def experimental_threading(self):
        return vars(self)["threading"]

    def merge(self, options):
        return self._merged(options)
