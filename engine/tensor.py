"""The eager Tensor: an immutable NumPy value with a stable id, and conversion to tensors.

Python operators are installed by engine.ops.operators (as TF installs them), so this module
does not depend on any op.
"""

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from . import conversion, dtypes, hooks
from .eager_only import TensorGraphAttributes
from .shape import TensorShape

# Tensor ids. The hot paths call next(_ids): the builtin is cheaper than calling the bound
# _ids.__next__ (a method-wrapper).
# While a function TF would trace into a graph (tf.data's map, filter, ...) runs, the id of
# its first tensor (its arguments' first): the engine runs such functions eagerly, so the
# tensors they take and make (ids from there on) refuse .numpy() as TF's symbolic ones do;
# tensors made before, which the function captures, stay eager in TF too.
symbolic_from: int | None = None

_ids = itertools.count(1)
_next_id = _ids.__next__


def next_tensor_id():
    """The id the next tensor will get (taking one up)."""
    return next(_ids)


# `type(value.dtype) in FLOAT_DTYPES` is `value.dtype.kind == "f"` (any byte order) in about half
# the time: the hot paths test it on every op.
FLOAT_DTYPES = frozenset(type(np.dtype(code)) for code in "efdg")
# Complex tensors are trainable too (TF's tapes track floating or complex outputs); kept apart
# from FLOAT_DTYPES so that the float fast paths stay as they are.
COMPLEX_DTYPES = frozenset(type(np.dtype(code)) for code in "FDG")
TRACKED_DTYPES = FLOAT_DTYPES | COMPLEX_DTYPES


class EagerTensor(TensorGraphAttributes):
    """An eager tensor. `_value` is a NumPy array or NumPy scalar that is never mutated.

    Named EagerTensor because user code prints `type(x).__name__`, as TF's seeds do."""

    __slots__ = ("_value", "_id", "__weakref__")
    # Makes NumPy defer to our reflected operators (np_array * tensor -> Tensor.__rmul__).
    __array_priority__ = 100

    if TYPE_CHECKING:  # installed after the class: by _NumpyMethod below, by ops/operators.py
        astype: Any

        def __getitem__(self, key: Any) -> Any: ...

    def __init__(self, value):
        self._value = value
        self._id = next(_ids)

    # --- metadata -------------------------------------------------------------------------
    @property
    def dtype(self):
        return dtypes._BY_NUMPY[self._value.dtype]

    @property
    def shape(self):
        return TensorShape._known(self._value.shape)

    def get_shape(self):
        return self.shape

    @property
    def ndim(self):
        return self._value.ndim

    @property
    def name(self):
        raise AttributeError("Tensor.name is undefined when eager execution is enabled.")

    @property
    def device(self):
        return "/job:localhost/replica:0/task:0/device:CPU:0"

    def ref(self):
        return _Reference(self)

    experimental_ref = ref

    def __hash__(self):
        raise TypeError("Tensor is unhashable. Instead, use tensor.ref() as the key.")

    def __copy__(self):
        return self  # immutable: TF's copies are the tensor itself

    def __deepcopy__(self, memo):
        return self

    # No __getattr__: a class that defines one loses CPython's specialized attribute access
    # for every attribute (t._value, t._id on every op run ~10x more instructions). The NumPy
    # methods TF points at its NumPy mode are descriptors instead (see _NumpyMethod); any other
    # missing attribute gets Python's own AttributeError, as TF's __getattr__ ends with.

    def __round__(self, ndigits=None):
        # TF installs tf.experimental.numpy's around as __round__; outside NumPy mode it
        # fails on its last step, `.astype`.
        return self.astype

    # --- leaving the engine (each is an observable escape) ---------------------------------
    def numpy(self):
        if symbolic_from is not None and self._id >= symbolic_from:
            raise AttributeError("'SymbolicTensor' object has no attribute 'numpy'")
        return self._numpy()

    def _numpy(self):
        """numpy() for the engine's own code, which may run inside a tf.data function."""
        if hooks.observers:
            hooks.notify("escaped", self, "numpy")
        value = self._value
        if isinstance(value, np.ndarray):  # 0-d: a NumPy scalar (bytes for strings), as TF's
            return value.copy() if value.ndim else value[()]
        return value

    def __array__(self, dtype=None, copy=None):
        if hooks.observers:
            hooks.notify("escaped", self, "__array__")
        value = np.array(self._value, copy=True)
        return value if dtype is None else value.astype(dtype, copy=False)

    # Python scalars come from the NumPy value, as TF's do: NumPy's own errors for anything
    # but a 0-d value (float(t) of shape [1] fails), and for a float used as an index.
    def _escaped(self, how):
        if hooks.observers:
            hooks.notify("escaped", self, how)
        return self._value

    def __float__(self):
        return float(self._escaped("float"))

    def __int__(self):
        return int(self._escaped("int"))

    def __index__(self):
        return self._escaped("index").__index__()

    def __bool__(self):
        x = self._escaped("bool")
        if isinstance(x, np.ndarray):
            return bool(x.size > 0 and x)  # TF's: an empty tensor is False
        return bool(x)

    def __len__(self):
        if not self._value.ndim:
            raise TypeError("Scalar tensor has no `len()`")
        return self._value.shape[0]

    def __iter__(self):
        if not self._value.ndim:
            raise TypeError("Cannot iterate over a scalar tensor.")
        return (self[i] for i in range(self._value.shape[0]))

    # --- printing, in TF's format ----------------------------------------------------------
    def __str__(self):
        text = str(self._value)
        if "\n" in text:
            text = "\n" + text
        return f"tf.Tensor({text}, shape={self.shape}, dtype={self.dtype.name})"

    def __format__(self, format_spec):
        # f"{t}" prints the NumPy value, as TF's does; str(t) keeps the tf.Tensor(...) form.
        return format(self._value, format_spec)

    def __repr__(self):
        text = value_text(self._value)
        return f"<tf.Tensor: shape={self.shape}, dtype={self.dtype.name}, numpy={text}>"


class _NumpyMethod:
    """An ndarray attribute TF's tensors lack: reading it raises TF's AttributeError, which
    points NumPy habits at its NumPy mode."""

    def __init__(self, name):
        self.name = name

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        raise AttributeError(
            f"{type(instance).__name__} object has no attribute '{self.name}'. "
            + """
        If you are looking for numpy-related methods, please run the following:
        tf.experimental.numpy.experimental_enable_numpy_behavior()
      """
        )


# The NumPy methods TF names in its error for a tensor that lacks them.
for _name in ("T", "astype", "ravel", "transpose", "reshape", "clip", "size", "tolist", "data"):
    setattr(EagerTensor, _name, _NumpyMethod(_name))
del _name


def value_text(value):
    """The value as TF's repr shows it: a scalar as its Python repr (`numpy=0.10000000149011612`
    for float32 0.1), an array as NumPy's repr, on its own line when it spans several."""
    text = repr(value.item()) if not value.ndim else repr(value)
    return "\n" + text if "\n" in text else text


Tensor = EagerTensor


class _Reference:
    """What `tensor.ref()` returns: hashable by identity, as TF's Reference."""

    __slots__ = ("_wrapped",)

    def __init__(self, wrapped):
        self._wrapped = wrapped

    def deref(self):
        return self._wrapped

    def __hash__(self):
        return id(self._wrapped)

    def __eq__(self, other):
        if not isinstance(other, _Reference):
            raise TypeError("Cannot compare wrapped object with unwrapped object")
        return other._wrapped is self._wrapped


class IndexedSlices:
    """The sparse gradient of gather, as TF's: `values[i]` is the gradient of row `indices[i]`
    of a tensor of shape `dense_shape`; an index may repeat, and its rows then add up.

    Defined here beside the tensor because ops make and take it; engine/indexed_slices.py
    (above the ops) densifies, adds and passes it through the backward pass, and installs
    `_as_tensor` (densify), which convert_to_tensor calls."""

    __slots__ = ("values", "indices", "dense_shape")
    _as_tensor: Callable[["IndexedSlices"], EagerTensor]  # installed by engine/indexed_slices.py

    def __init__(self, values, indices, dense_shape=None):
        self.values = values
        self.indices = indices
        self.dense_shape = dense_shape

    @property
    def dtype(self):
        return self.values.dtype

    @property
    def shape(self):
        return TensorShape(np.asarray(self.dense_shape._value).tolist())

    @property
    def device(self):
        return self.values.device

    def __neg__(self):
        return IndexedSlices(-self.values, self.indices, self.dense_shape)

    def __str__(self):
        shape = "" if self.dense_shape is None else f", dense_shape={self.dense_shape!s}"
        return f"IndexedSlices(indices={self.indices!s}, values={self.values!s}{shape})"

    def __repr__(self):
        return (
            f"IndexedSlices(indices={self.indices!r}, values={self.values!r}, "
            f"dense_shape={self.dense_shape!r})"
        )


# --- conversion ---------------------------------------------------------------------------
def pack_tensors(tensors):
    """tf.stack (TF's Pack op), which converting a list holding tensors runs. Replaced by
    engine/ops/joining.py, where Pack is defined: ops sit above this module, so they install
    what it needs, as engine/ops/operators.py installs the Python operators."""
    raise NotImplementedError("engine.ops.joining is not imported")


def _has_tensor(value):
    return isinstance(value, (list, tuple)) and any(
        isinstance(v, Tensor) or hasattr(v, "_as_tensor") or _has_tensor(v) for v in value
    )


def convert_to_tensor(value, dtype=None, dtype_hint=None, name=None):
    """Like tf.convert_to_tensor: Tensors pass through, Variables are read, values are wrapped
    with TF's conversion rules (engine/conversion.py). A hint is tried, then dropped."""
    if type(value) is Tensor:  # the hot path: about 3x faster than isinstance on every op input
        if dtype is not None and value.dtype != dtype:
            raise ValueError(
                f"Tensor conversion requested dtype {dtypes.as_dtype(dtype).name} "
                f"for Tensor with dtype {value.dtype.name}: {value!r}"
            )
        return value
    as_tensor = getattr(value, "_as_tensor", None)  # Variables and IndexedSlices
    if as_tensor is not None:
        if dtype is not None and hasattr(value, "assign") and value.dtype != dtype:
            raise ValueError(
                f"Incompatible type conversion requested to type "
                f"{dtypes.as_dtype(dtype).name} for `tf.Variable of type "
                f"{value.dtype.name}. (Variable: {value!r})"
            )
        read = as_tensor()
        if type(read) is Tensor and dtype is None:  # a variable's read: no second call
            return read
        return convert_to_tensor(read, dtype=dtype)
    if isinstance(value, Tensor):
        return value
    if _has_tensor(value):  # a list holding tensors packs them, as TF does
        return pack_tensors([convert_to_tensor(v, dtype=dtype) for v in value])
    if dtype is not None:
        return Tensor(conversion.to_value(value, dtypes.as_dtype(dtype)))
    if dtype_hint is not None:
        try:
            return Tensor(conversion.to_value(value, dtypes.as_dtype(dtype_hint)))
        except (TypeError, ValueError):
            pass
    return Tensor(conversion.to_value(value))


def is_tensor(value):
    return isinstance(value, Tensor) or hasattr(value, "_as_tensor")
