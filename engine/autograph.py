"""tf.autograph: the engine runs Python control flow as Python (there is no graph to convert
to), so AutoGraph's switches are accepted and do nothing."""

import functools
import logging

from .missing import missing_attribute


def set_verbosity(level, alsologtostdout=False):
    """Accepted: there are no AutoGraph conversion logs."""


def _do_not_convert(func=None):
    if func is None:
        return _do_not_convert

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)

    return wrapper


class _Experimental:
    do_not_convert = staticmethod(_do_not_convert)

    def __getattr__(self, name):
        raise missing_attribute("tf.autograph.experimental", name)


experimental = _Experimental()


def get_logger():
    """TF's logger, as `tf.get_logger()` returns it: the standard logger 'tensorflow'."""
    return logging.getLogger("tensorflow")


__all__ = ["experimental", "set_verbosity"]


def __getattr__(name):
    raise missing_attribute("tf.autograph", name)
