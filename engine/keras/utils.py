"""keras.utils: set_random_seed (reseeds unseeded initializers) and clear_session."""
from ..missing import missing_attribute
from .initializers import set_random_seed
from .naming import clear_session

__all__ = ["set_random_seed", "clear_session"]


def __getattr__(name):
    raise missing_attribute("tf.keras.utils", name)
