"""tf.data.Options: accepted and kept, with no effect on an in-memory, single-threaded
pipeline (threading, autotuning and optimizations do not change the elements)."""

_GROUPS = ("autotune", "experimental_distribute", "experimental_optimization", "threading")
_SETTINGS = (
    "deterministic",
    "experimental_deterministic",
    "experimental_external_state_policy",
    "experimental_slack",
    "experimental_symbolic_checkpoint",
    "experimental_warm_start",
)


class OptionGroup:
    """A nested group (options.threading, options.autotune, ...): any setting is kept."""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return None


class Options:
    def __init__(self):
        for name in _GROUPS:
            object.__setattr__(self, name, OptionGroup())
        for name in _SETTINGS:
            object.__setattr__(self, name, None)

    def __setattr__(self, name, value):
        if name not in _SETTINGS and name not in _GROUPS:
            raise AttributeError(f"Cannot set the property {name} on Options.")
        object.__setattr__(self, name, value)
        if name in ("deterministic", "experimental_deterministic"):  # one setting, two names
            object.__setattr__(self, "deterministic", value)
            object.__setattr__(self, "experimental_deterministic", value)

    def merge(self, options):
        """These options with `options`' settings laid over them."""
        merged = Options()
        for source in (self, options):
            for name in _SETTINGS:
                if getattr(source, name) is not None:
                    object.__setattr__(merged, name, getattr(source, name))
            for name in _GROUPS:
                getattr(merged, name).__dict__.update(getattr(source, name).__dict__)
        return merged
