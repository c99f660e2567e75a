"""Dataset.sample_from_datasets: elements drawn from several datasets at random, by weight.

As TF builds it: a Dataset.random(seed) stream, taken in pairs, seeds one stateless
categorical draw per element (StatelessMultinomial over log(weights)), and the draws choose
the dataset each element comes from (choose_from_datasets' DirectedInterleave)."""

import bisect
import math

import numpy as np

from .. import dtypes
from ..tensor import Tensor, convert_to_tensor
from ..tensor_spec import TensorSpec
from .dataset import DatasetV2, install
from .random_stream import stateless_uint32_stream, uniform_double
from .shuffling import _RandomDataset
from .windows import _DirectedInterleaveDataset


class _Choices(DatasetV2):
    """The index of the dataset each element comes from (TF's _MapDataset over the seeds)."""

    def __init__(self, logits, seed, rerandomize_each_iteration):
        super().__init__(_RandomDataset(seed, rerandomize_each_iteration))
        self._cdf = _cdf(logits)

    def _elements(self, probe=False):
        seeds = self._input._elements(probe)
        for seed0, seed1 in zip(seeds, seeds):
            stream = stateless_uint32_stream(int(seed0._value), int(seed1._value))
            to_find = uniform_double(stream) * self._cdf[-1]
            yield Tensor(np.int64(bisect.bisect_right(self._cdf, to_find)))

    def _compute_spec(self):
        return TensorSpec([], dtypes.int64)


def _cdf(logits):
    """StatelessMultinomial's unnormalised CDF: exp(logit - max) summed in doubles, with
    non-finite logits adding nothing."""
    finite = [float(v) for v in logits if math.isfinite(v)]
    top = max(finite) if finite else 0.0
    cdf, total = [], 0.0
    for value in logits:
        if math.isfinite(value):
            total += math.exp(float(value) - top)
        cdf.append(total)
    return cdf


@install("sample_from_datasets", static=True)
def sample_from_datasets(
    datasets, weights=None, seed=None, stop_on_empty_dataset=False, rerandomize_each_iteration=None
):
    """Elements from `datasets`, each drawn from dataset i with probability weights[i]."""
    datasets = list(datasets)
    if not datasets:
        raise ValueError("Invalid `datasets`. `datasets` should not be empty.")
    if isinstance(weights, DatasetV2):
        raise AttributeError(
            "engine does not implement tf.data.Dataset.sample_from_datasets(weights=Dataset)"
        )
    if weights is None:
        logits = [1.0] * len(datasets)
    else:
        if not hasattr(weights, "shape") and len(weights) != len(datasets):
            raise ValueError(
                "Invalid `weights`. `weights` should have the same length as `datasets` but "
                f"got `len(weights)={len(weights)}` vs. `len(datasets)={len(datasets)}`."
            )
        if not hasattr(weights, "shape"):  # TF drops the datasets of weight 0 from a list
            kept = [(d, w) for d, w in zip(datasets, weights) if w > 0]
            datasets, weights = (
                ([d for d, _ in kept], [w for _, w in kept])
                if kept
                else (
                    [datasets[0].take(0)],
                    [1.0],
                )
            )
        weights = convert_to_tensor(weights)
        if weights.dtype not in (dtypes.float32, dtypes.float64):
            raise TypeError(
                "Invalid `weights`. `weights` type must be either `tf.float32` or `tf.float64` "
                f"but is <dtype: '{weights.dtype.name}'>."
            )
        with np.errstate(divide="ignore"):
            logits = np.log(weights._value).tolist()
    if len(datasets) == 1:
        return datasets[0]
    choices = _Choices(logits, seed, bool(rerandomize_each_iteration))
    return _DirectedInterleaveDataset(choices, datasets, bool(stop_on_empty_dataset))
