"""Giving tensors, variables and tapes the names the user gave them.

Each hook event happens inside one statement of each user frame on the stack. When a frame
moves on to another statement (or a loop comes round to the same one again, or the frame
returns), the statement it left is finished: the names it assigns are looked up in the frame's
locals, and any tensor, variable or tape bound there that the statement created gets that name.
`y = x @ w + b` names the AddV2's output `y`, not the MatMul's; `dl_dw, dl_db = tape.gradient(...)`
names both gradients; `with tf.GradientTape() as tape:` names the tape.
"""

from .frames import code_table


class _Pending:
    """One execution of one statement in one frame (also the identity of that execution:
    events that share it happened in the same statement run). `child` identifies the call the
    frame was making (see _call_key)."""

    __slots__ = ("frame", "statement", "lasti", "child", "names", "start_seq")

    def __init__(self, frame, statement, lasti, child, names, start_seq):
        self.frame = frame
        self.statement = statement
        self.lasti = lasti
        self.child = child
        self.names = names
        self.start_seq = start_seq


def _call_key(child):
    """What tells one call made by a line from the next, without keeping the callee's frame
    (and its locals: a tape, say) alive: its address, code and position."""
    return None if child is None else (id(child), child.f_code, child.f_lasti)


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
        self._resolve = resolve
        self._locations = locations
        self._pending = {}  # frame -> _Pending
        # code -> instruction -> (statement line, names, location index): computing them needs
        # f_lineno, which scans the code's line table; an instruction always maps to the same.
        self._statements = {}

    def _statement_of(self, frame):
        by_instruction = code_table(self._statements, frame.f_code)
        found = by_instruction.get(frame.f_lasti)
        if found is None:
            statement, names = self._indexes.of(frame.f_code.co_filename).statement(frame.f_lineno)
            found = by_instruction[frame.f_lasti] = (statement, names, self._locations.of(frame))
        return found

    def visit(self, frames, seq):
        """`frames`: [(user frame, the frame it called)] on the stack now, innermost first.
        Returns the innermost frame's statement execution and location index."""
        pending = self._pending
        if pending:
            on_stack = {frame for frame, _ in frames}
            for frame in [f for f in pending if f not in on_stack]:  # returned since
                self._finish(pending.pop(frame))
        entry = location = None
        for frame, child in reversed(frames):
            entry, location = self.visit_innermost(frame, child, seq)
        return entry, location

    def visit_innermost(self, frame, child, seq):
        """One frame's part of `visit`; alone when only the innermost frame can have moved
        (the previous event came from the same frame, so its callers are where they were)."""
        pending = self._pending
        lasti = frame.f_lasti
        current = pending.get(frame)
        statement, names, location = self._statement_of(frame)
        if current is not None:
            # Still the same run of the same statement: later in it, or inside the very same
            # call (same callee frame). The same instruction with a new callee is the next
            # loop iteration.
            if statement == current.statement and (
                current.lasti < lasti or (current.lasti == lasti and _same_call(current, child))
            ):
                current.lasti = lasti
                current.child = _call_key(child)
                return current, location
            self._finish(current)
        current = pending[frame] = _Pending(frame, statement, lasti, _call_key(child), names, seq)
        return current, location

    def _finish(self, entry):
        if entry.names:
            self._resolve(entry.frame, entry.names, entry.start_seq)
        entry.frame = None  # events keep the entry as their statement's identity

    def finish_all(self):
        for entry in self._pending.values():
            self._finish(entry)
        self._pending.clear()
