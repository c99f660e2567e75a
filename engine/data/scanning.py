"""Running state over a dataset: scan, and counter (a scan that counts)."""

import numpy as np

from .. import dtypes
from ..tensor import Tensor
from . import functions, structure
from .dataset import DatasetV2, install
from .sources import _RangeDataset


class _ScanDataset(DatasetV2):
    def __init__(self, input_dataset, initial_state, fn):
        super().__init__(input_dataset)
        self._initial_state = initial_state
        self._fn = fn
        first = next(self._input._elements(probe=True), None)
        if first is not None:  # TF traces the function here: its errors come from this line
            _, output = self._step(initial_state, first, functions.call_unobserved)
            self._spec = structure.spec_of(output)

    def _step(self, state, element, call):
        result = call(self._fn, (state, element))
        if not isinstance(result, (tuple, list)) or len(result) != 2:
            raise TypeError(
                "Invalid `scan_func`. `scan_func` should return a pair consisting of new "
                f"state and the output value but its return type is {type(result)}."
            )
        return structure.normalize(result[0]), functions.as_element(result[1])

    def _elements(self, probe=False):
        call = functions.call_unobserved if probe else functions.call
        state = self._initial_state
        for element in self._input._elements(probe):
            state, output = self._step(state, element, call)
            yield output


@install("scan")
def scan(self, initial_state, scan_func, name=None):
    """`scan_func(state, element) -> (new state, output)` carried along the elements."""
    return _ScanDataset(self, structure.normalize(initial_state), scan_func)


class _CounterScan(_ScanDataset):
    """Dataset.counter: TF builds it as a scan over an endless range."""


_CounterScan.__name__ = "_ScanDataset"


@install("counter", static=True)
def counter(start=0, step=1, dtype=dtypes.int64, name=None):
    """start, start + step, start + 2 * step, ... forever."""
    dtype = dtypes.as_dtype(dtype)
    forever = _RangeDataset(0, np.iinfo(np.int64).max, 1, dtypes.int64)
    step_value = Tensor(np.asarray(step, dtype.as_numpy_dtype)[()])
    return _CounterScan(
        forever,
        Tensor(np.asarray(start, dtype.as_numpy_dtype)[()]),
        lambda state, _: (state + step_value, state),
    )
