"""A tensor's full value as the store keeps it: one row per tensor, beside its run.

Raw C-order bytes with dtype and shape, zlib-compressed only when that pays: a sample of the
array is compressed first, because weights of random floats barely shrink (deflate costs
~70 ms per MB for a few per cent) while ReLU gradients, half zeros, shrink by half or more.
Reading back decompresses at most the recorded size, so a damaged row cannot grow in memory.
"""

import json
import zlib
from dataclasses import dataclass

import numpy as np

DTYPES = {
    name: np.dtype(name)
    for name in (
        "float16",
        "float32",
        "float64",
        "int8",
        "int16",
        "int32",
        "int64",
        "uint8",
        "bool",
    )
}
_SAMPLE_BYTES = 64 * 1024
_WORTH_IT = 0.8  # compress when the sample shrinks below this share of its size
ZLIB_LEVEL = 1


@dataclass(frozen=True)
class StoredValue:
    tensor_id: int
    dtype: str
    shape: tuple[int, ...]
    nbytes: int
    encoding: str  # "raw" or "zlib"
    data: bytes


def stored_value(tensor_id: int, array: np.ndarray) -> StoredValue:
    raw = np.ascontiguousarray(array).tobytes()
    sample = raw[:_SAMPLE_BYTES]
    squeezed = zlib.compress(sample, ZLIB_LEVEL)
    encoding, data = "raw", raw
    if len(squeezed) < _WORTH_IT * len(sample):
        # a small array is its own sample: compressed once
        encoding, data = (
            "zlib",
            squeezed if len(raw) == len(sample) else zlib.compress(raw, ZLIB_LEVEL),
        )
    return StoredValue(
        tensor_id, array.dtype.name, tuple(int(d) for d in array.shape), len(raw), encoding, data
    )


def shape_text(shape: tuple[int, ...]) -> str:
    return json.dumps(list(shape))


def array_of(dtype: str, shape: str, nbytes: int, encoding: str, data: bytes) -> np.ndarray:
    """The array a row holds; ValueError if the row does not add up."""
    numpy_dtype = DTYPES.get(dtype)
    dims = json.loads(shape)
    if numpy_dtype is None or int(np.prod(dims, dtype=np.int64)) * numpy_dtype.itemsize != nbytes:
        raise ValueError(f"a stored value does not match its dtype {dtype} and shape {shape}")
    if encoding == "zlib":
        inflater = zlib.decompressobj()
        data = inflater.decompress(data, nbytes)
        if inflater.unconsumed_tail or not inflater.eof:
            raise ValueError("a stored value is longer than its shape")
    elif encoding != "raw":
        raise ValueError(f"unknown stored value encoding {encoding!r}")
    if len(data) != nbytes:
        raise ValueError("a stored value is shorter than its shape")
    return np.frombuffer(data, dtype=numpy_dtype).reshape(dims)
