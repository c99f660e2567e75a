"""Full values of tensors too large to inline, kept beside the capture and fetched on demand.

A capture's JSON carries the full value of a tensor up to VALUE_CAP elements (summaries.py);
larger ones carry a histogram. Their full arrays are kept beside the JSON, as `capture.values`
(tensor id -> read-only NumPy array), within two documented budgets, also written into every
capture's `limits`:
- KEPT_ARRAY_BYTES (4 MiB, `kept_array_bytes`): a larger array is not kept (a 784x256 float32
  weight, 784 KiB, is);
- KEPT_TOTAL_BYTES (64 MiB, `kept_total_bytes`): once a run's kept arrays reach it, later ones
  are not kept.
Tensors are considered in capture-id order (the program's order), so the same program keeps the
same values. Every tensor above the inline cap says in its summary's `full_value` whether its
value was kept or why not (FULL_VALUE_STATES). Keeping a value never copies it (the engine
never mutates an array), so numeric results cannot change; while a program runs, the memory
the capture holds is bounded by its held-bytes cap (spill.py) plus KEPT_TOTAL_BYTES.

`capture.values.to_npz()` is one .npz file (`np.load` reads it; entries `t<tensor id>`), what
the sandbox worker sends the server; `KeptValues.from_npz(data, ...)` reads one back and
refuses what breaks the budgets, for a reader that does not trust the writer.
"""

import io
import re
import zipfile
from collections.abc import Mapping

import numpy as np

KEPT_ARRAY_BYTES = 4 * 2**20
KEPT_TOTAL_BYTES = 64 * 2**20
KEPT = "kept"
FULL_VALUE_STATES = {
    KEPT: "kept beside the capture: fetch it (GET /api/runs/{id}/tensors/{tid}?value=true)",
    "array_too_large": "larger than the capture's kept_array_bytes",
    "run_budget_used": "the run's kept values had already reached kept_total_bytes",
    "off": "the capture was made with keep_values=False",
}
# Not compressed by default: the sandbox writes the .npz inside a run's wall-time limit, and
# deflate (even at level 1) costs ~70 ms per MB here while float weights shrink by a few per
# cent; a reader that stores the values decides about compression (server/store/values.py).
NPZ_COMPRESSLEVEL = 1
_ENTRY = re.compile(r"t(\d{1,10})\.npy")
_DTYPES = frozenset(  # the engine's dtypes (engine/dtypes.py)
    np.dtype(name)
    for name in ("float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8")
) | {np.dtype(bool)}


class KeptValues(Mapping):
    """tensor id -> the tensor's full value (a read-only NumPy array), for tensors above the
    capture's inline value cap whose value was kept."""

    def __init__(self, arrays: Mapping[int, np.ndarray] | None = None) -> None:
        self._arrays = dict(arrays or {})

    def __getitem__(self, tensor_id):
        return self._arrays[tensor_id]

    def __iter__(self):
        return iter(self._arrays)

    def __len__(self):
        return len(self._arrays)

    def __repr__(self):
        return f"<KeptValues: {len(self)} arrays, {self.nbytes:,} bytes>"

    @property
    def nbytes(self):
        return sum(a.nbytes for a in self._arrays.values())

    def to_npz(self, compress=False):
        """The arrays as one .npz file's bytes (b"" when there are none); `compress=True`
        deflates each entry, as np.savez_compressed does."""
        if not self._arrays:
            return b""
        buffer = io.BytesIO()
        method = zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED
        with zipfile.ZipFile(buffer, "w", method, compresslevel=NPZ_COMPRESSLEVEL) as archive:
            for tensor_id in sorted(self._arrays):
                with archive.open(f"t{tensor_id}.npy", "w", force_zip64=True) as entry:
                    np.lib.format.write_array(entry, np.asarray(self._arrays[tensor_id]))
        return buffer.getvalue()

    def save(self, path, compress=False):
        """Writes the .npz file (np.load(path)[f"t{tensor_id}"] reads a value back)."""
        with open(path, "wb") as file:
            file.write(self.to_npz(compress))

    @classmethod
    def from_npz(
        cls,
        data,
        *,
        max_array_bytes=KEPT_ARRAY_BYTES,
        max_total_bytes=KEPT_TOTAL_BYTES,
        max_arrays=1_000_000,
    ):
        """The values in `data` (bytes of .npz), refusing with ValueError anything but the
        entries to_npz writes: names `t<id>.npy`, the engine's dtypes, no pickles, each array
        within max_array_bytes and all within max_total_bytes (checked from the headers
        before any array is read, and again while reading)."""
        if not data:
            return cls()
        try:
            archive = zipfile.ZipFile(io.BytesIO(data))
        except zipfile.BadZipFile as error:
            raise ValueError(f"not an .npz file: {error}") from None
        entries = archive.infolist()
        if len(entries) > max_arrays:
            raise ValueError(f"{len(entries):,} arrays; at most {max_arrays:,} are read")
        arrays, total = {}, 0
        with archive:
            for info in entries:
                match = _ENTRY.fullmatch(info.filename)
                if match is None:
                    raise ValueError(f"unexpected entry {info.filename!r}")
                with archive.open(info) as entry:
                    shape, dtype = _read_header(entry)
                    nbytes = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
                    if nbytes > max_array_bytes:
                        raise ValueError(
                            f"{info.filename} holds {nbytes:,} bytes; the cap is "
                            f"{max_array_bytes:,} per array"
                        )
                    total += nbytes
                    if total > max_total_bytes:
                        raise ValueError(
                            f"the arrays hold more than the cap of {max_total_bytes:,} bytes"
                        )
                    raw = entry.read(nbytes + 1)  # one byte more tells a longer entry
                if len(raw) != nbytes:
                    raise ValueError(f"{info.filename}: data does not match its header")
                array = np.frombuffer(raw, dtype=dtype).reshape(shape)
                arrays[int(match.group(1))] = array
        return cls(arrays)


def _read_header(entry):
    try:
        version = np.lib.format.read_magic(entry)
        if version == (1, 0):
            shape, fortran, dtype = np.lib.format.read_array_header_1_0(entry)
        elif version == (2, 0):
            shape, fortran, dtype = np.lib.format.read_array_header_2_0(entry)
        else:
            raise ValueError(f"unsupported .npy version {version}")
    except ValueError as error:
        raise ValueError(f"bad .npy header: {error}") from None
    if dtype not in _DTYPES or dtype.hasobject:
        raise ValueError(f"dtype {dtype} is not one the engine makes")
    if fortran and len(shape) > 1:
        raise ValueError("Fortran-ordered arrays are not written by to_npz")
    return shape, dtype


class ValueKeeper:
    """Decides, tensor by tensor in capture-id order, which full values a capture keeps.

    `consider` runs before spill.py lets arrays go and once more when the capture is built, so
    every array is seen while it is still held."""

    def __init__(
        self,
        value_cap,
        keep_values=True,
        array_bytes=KEPT_ARRAY_BYTES,
        total_bytes=KEPT_TOTAL_BYTES,
    ):
        self.value_cap = value_cap
        self.enabled = bool(keep_values)
        self.array_bytes = array_bytes if self.enabled else 0
        self.total_bytes = total_bytes if self.enabled else 0
        self.kept = {}  # tensor id -> array
        self.states = {}  # tensor id -> FULL_VALUE_STATES key, for tensors above the cap
        self.kept_bytes = 0
        self._considered = 0  # tensors before this index are decided

    def consider(self, tensors, end):
        """Decides for tensors[considered:end], whose arrays must still be held."""
        value_cap, states = self.value_cap, self.states
        for t in tensors[self._considered : end]:
            array = t.array
            if array is None or array.size <= value_cap or t.id in states:
                # inline in the JSON; let go already (never here); or decided already (a
                # survivor of a dropped step, looked at again: steps.py)
                continue
            if not self.enabled:
                states[t.id] = "off"
            elif array.nbytes > self.array_bytes:
                states[t.id] = "array_too_large"
            elif self.kept_bytes + array.nbytes > self.total_bytes:
                states[t.id] = "run_budget_used"
            else:
                states[t.id] = KEPT
                self.kept[t.id] = _read_only(array)
                self.kept_bytes += array.nbytes
        self._considered = max(self._considered, end)

    def values(self):
        return KeptValues(self.kept)

    def limits(self):
        return {"kept_array_bytes": self.array_bytes, "kept_total_bytes": self.total_bytes}


def _read_only(array):
    """A read-only view: a reader of capture.values cannot change what the engine computes
    with (the view shares the engine's memory, so it costs nothing)."""
    view = np.asarray(array).view()
    view.setflags(write=False)  # (a third cheaper than through view.flags)
    return view
