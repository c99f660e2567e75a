"""Giving tensors, variables and tapes the names the user gave them.

Each hook event happens inside one statement of each user frame on the stack. When a frame
moves on to another statement (or a loop comes round to the same one again, or the frame
returns), the statement it left is finished: the names it assigns are looked up in the frame's
locals, and any tensor, variable or tape bound there that the statement created gets that name.
`y = x @ w + b` names the AddV2's output `y`, not the MatMul's; `dl_dw, dl_db = tape.gradient(...)`
names both gradients; `with tf.GradientTape() as tape:` names the tape.
"""

from .frames import code_table


class _Place:
    """What an instruction of a code object is in the user's program: its statement's first
    line, the names that statement assigns, and its place (file, line, function)."""

    __slots__ = ("statement", "names", "key", "seen")

    def __init__(self, statement, names, key):
        self.statement = statement
        self.names = names
        self.key = key
        # (Locations, index): the place's location index in the capture that last asked. One
        # tuple, replaced whole, so that two captures at once (threads) only miss, never mix.
        self.seen: tuple = (None, None)


# code -> instruction -> _Place, shared by every capture: the answer is the same in each, and
# working it out reads f_lineno (a scan of the code's line table) and the file's statement
# index, which a capture of one training step would otherwise do for nearly every event.
_PLACES: dict = {}
_MAX_CODES = 4096  # (code objects are held, see code_table: a bound on what a server keeps)


class _Pending:
    """One execution of one statement in one frame (also the identity of that execution:
    events that share it happened in the same statement run). `child` identifies the call the
    frame was making, without keeping the callee's frame (and its locals: a tape, say) alive:
    (its address, code, position), or None."""

    __slots__ = ("frame", "statement", "lasti", "child", "names", "start_seq")

    def __init__(self, frame, statement, lasti, child, names, start_seq):
        self.frame = frame
        self.statement = statement
        self.lasti = lasti
        self.child = child
        self.names = names
        self.start_seq = start_seq


def _same_call(current, child):
    """The same callee frame, not a new one at the same address: its position only moves on."""
    key = current.child
    return (
        key is not None
        and child is not None
        and key[0] == id(child)
        and key[1] is child.f_code
        and key[2] <= child.f_lasti
    )


class StatementTracker:
    """Follows the statement each user frame is in; calls `resolve(frame, names, start_seq)`
    when one ends."""

    def __init__(self, indexes, resolve, locations):
        self._indexes = indexes
        self.resolve = resolve  # (let go by Recorder.release: a bound method of the recorder)
        self._locations = locations
        self._pending = {}  # frame -> _Pending

    def _place_of(self, frame):
        """The frame's instruction's _Place, on its first visit by any capture."""
        code, lasti = frame.f_code, frame.f_lasti
        if len(_PLACES) > _MAX_CODES:
            _PLACES.clear()
        line = frame.f_lineno
        statement, names = self._indexes.of(code.co_filename).statement(line)
        place = code_table(_PLACES, code)[lasti] = _Place(
            statement, names, (code.co_filename, line, code.co_name)
        )
        return place

    def _location_of(self, place):
        """The place's location index in this capture, interned on its first visit here."""
        location = self._locations.of_key(place.key)
        place.seen = (self._locations, location)
        return location

    def visit(self, frames, seq):
        """`frames`: [(user frame, the frame it called)] on the stack now, innermost first.
        Returns the innermost frame's (location index, statement execution)."""
        pending = self._pending
        if pending:
            on_stack = {frame for frame, _ in frames}
            for frame in [f for f in pending if f not in on_stack]:  # returned since
                self._finish(pending.pop(frame))
        where = (None, None)
        for frame, child in reversed(frames):
            where = self.visit_innermost(frame, child, seq)
        return where

    def visit_innermost(self, frame, child, seq):
        """One frame's part of `visit`; alone when only the innermost frame can have moved
        (the previous event came from the same frame, so its callers are where they were)."""
        lasti = frame.f_lasti
        place = code_table(_PLACES, frame.f_code).get(lasti)
        if place is None:
            place = self._place_of(frame)
        seen = place.seen
        location = seen[1] if seen[0] is self._locations else self._location_of(place)
        statement = place.statement
        pending = self._pending
        current = pending.get(frame)
        call = None if child is None else (id(child), child.f_code, child.f_lasti)
        if current is not None:
            # Still the same run of the same statement: later in it, or inside the very same
            # call (same callee frame). The same instruction with a new callee is the next
            # loop iteration.
            if statement == current.statement and (
                current.lasti < lasti or (current.lasti == lasti and _same_call(current, child))
            ):
                current.lasti = lasti
                current.child = call
                return location, current
            self._finish(current)
        current = pending[frame] = _Pending(frame, statement, lasti, call, place.names, seq)
        return location, current

    def _finish(self, entry):
        if entry.names:
            self.resolve(entry.frame, entry.names, entry.start_seq)
        entry.frame = None  # events keep the entry as their statement's identity

    def finish_all(self):
        for entry in self._pending.values():
            self._finish(entry)
        self._pending.clear()
