"""The per-step records of one recording site as NumPy columns (long runs, steps.py).

Every step of a loop leaves a row of numbers; 10,000 steps as 10,000 Python objects (a record,
its lists, its floats) weigh about 5 KB each, so the rows are written into preallocated
arrays that double when full: a few hundred bytes per step. The Capture carries them as
columns too (schema.SiteSteps, number_table.py): `to_schema` hands them over as arrays.
"""

import numpy as np

from .number_table import NumberTable
from .summaries import round_figures

MARKS = ("nonfinite", "none", "jump")
# columns of `scalars`: program order, losses count, None / zero / non-finite gradients,
# seconds, bytes, marks (bits in MARKS order)
_ORDER, _LOSSES, _NONE, _ZERO, _NONFINITE, _SECONDS, _BYTES, _MARKS = range(8)
NO_GRADIENT, NOT_A_SOURCE = -1.0, -2.0  # norms entries below 0
_ONE_CALL = 65536  # values rounded by one round_figures call at most
_INTEGER_COLUMNS = [_ORDER, _NONE, _ZERO, _NONFINITE, _BYTES, _MARKS]


class StepColumns:
    __slots__ = ("size", "scalars", "losses", "norms", "ratios")

    def __init__(self):
        self.size = 0  # steps written; row i is step i of the site
        self.scalars = np.zeros((16, 8))
        self.losses = np.zeros((16, 1))
        # (no variables yet: nothing to fill; the first step widens them, with their fill)
        self.norms, self.ratios = np.empty((16, 0)), np.empty((16, 0))

    def append(self, record, order):
        """Writes a closed step's record (steps.StepRecord) as row `record.step`."""
        row = self.size
        if row == len(self.scalars):
            self._grow(row + row // 2)  # (not doubling: less unused room at the peak)
        losses, norms = record.losses, record.norms
        if len(losses) > self.losses.shape[1]:
            self.losses = _widened(self.losses, len(losses), 0.0)
        if len(norms) > self.norms.shape[1]:
            self.norms = _widened(self.norms, len(norms), NOT_A_SOURCE)
            self.ratios = _widened(self.ratios, len(norms), np.nan)
        none, zero, nonfinite = record.counts
        marks = sum(1 << MARKS.index(mark) for mark in record.marks)
        self.scalars[row] = (
            order,
            len(losses),
            none,
            zero,
            nonfinite,
            record.seconds,
            record.bytes,
            marks,
        )
        self.losses[row, : len(losses)] = losses
        self.norms[row, : len(norms)] = norms
        self.ratios[row, : len(norms)] = record.ratios
        self.size = row + 1

    def _grow(self, capacity):
        for name in ("scalars", "losses", "norms", "ratios"):
            old = getattr(self, name)
            fill = NOT_A_SOURCE if name == "norms" else (np.nan if name == "ratios" else 0.0)
            new = np.full((capacity, old.shape[1]), fill)
            new[: len(old)] = old
            setattr(self, name, new)

    # --- read back (diagnosis, the Capture) ---------------------------------------------------
    def norms_table(self, width, out=None):
        """steps x `width` gradient norms (NOT_A_SOURCE for a variable not yet seen), written
        into `out` when given (to_schema: a view of its table, no copy)."""
        table = np.empty((self.size, width)) if out is None else out
        table[...] = NOT_A_SOURCE
        table[:, : self.norms.shape[1]] = self.norms[: self.size]
        return table

    def losses_of(self, step):
        return self.losses[step, : int(self.scalars[step, _LOSSES])]

    def marked(self, mark):
        """Step numbers with `mark`."""
        return _steps_with(self.scalars[: self.size, _MARKS].astype(np.int64), mark)

    def to_schema(self, site_index, width, kept):
        """The fields of schema.SiteSteps, variables (or calls) by steps; `kept`: the kept
        steps' (step, reasons, call ids, tape ids)."""
        n = self.size
        s = self.scalars[:n]
        counts = s[:, _LOSSES]
        calls = int(counts.max()) if n else 0
        # Norms and ratios at float32 precision, as the capture's other statistics
        # (summaries.py): their digits beyond it would be half of a long run's JSON. The
        # losses stay as the program computed them.
        losses = np.ascontiguousarray(self.losses[:n, :calls].T)
        both = np.full((2 * width, n), np.nan)
        self.norms_table(width, out=both[:width].T)
        both[width : width + self.ratios.shape[1]] = self.ratios[:n].T
        # one call for a short run (its fixed cost is most of its time there); rows of a long
        # one, so that its temporaries stay the size of a row
        for rows in [both] if both.size <= _ONE_CALL else both:
            rows[...] = np.where(rows < 0, rows, round_figures(rows))  # (< 0: no gradient)
        norms, ratios = both[:width], both[width:]
        # the integer columns and the marks' bits in one conversion each (a short run's build
        # pays a few microseconds per NumPy call, whatever the number of steps)
        integers = s[:, _INTEGER_COLUMNS].astype(np.int64).T
        order, none, zero, nonfinite, nbytes = integers[:-1].tolist()
        bits = integers[-1]
        return {
            "site": site_index,
            "order": order,
            "losses": NumberTable(losses, np.arange(calls)[:, None] >= counts[None, :]),
            "grad_norms": NumberTable(norms, norms < 0),
            "update_ratios": NumberTable(ratios, np.isnan(ratios)),
            "none_gradients": none,
            "zero_gradients": zero,
            "nonfinite_gradients": nonfinite,
            "seconds": s[:, _SECONDS].round(6).tolist(),
            "bytes": nbytes,
            "marks": {mark: _steps_with(bits, mark).tolist() for mark in MARKS},
            "kept": [
                {"step": step, "reasons": reasons, "calls": calls_, "tapes": tapes}
                for step, reasons, calls_, tapes in kept
            ],
        }


def _steps_with(bits, mark):
    """The steps whose marks' bits (int64, one per step) have `mark` (ndarray.nonzero:
    flatnonzero's wrappers cost more than the work for a short run)."""
    return (bits & (1 << MARKS.index(mark))).nonzero()[0]


def _widened(table, width, fill):
    new = np.full((len(table), width), fill)
    new[:, : table.shape[1]] = table
    return new
