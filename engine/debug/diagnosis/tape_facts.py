"""Facts about one tape as of one gradient call: which ops it held, when it was recording,
what it watched and when. The None-cause analysis asks these questions for every cut edge.
"""

from typing import Any


class TapeFacts:
    def __init__(self, recorder, call):
        tape = call.tape
        self.tape = tape
        self.call = call
        start, reset_seq, self.reset_kind = 0, None, None
        for seq, count, why in tape.resets:
            if seq < call.seq:
                start, reset_seq, self.reset_kind = count, seq, why
        self.reset_seq = reset_seq  # the last reset (or new recording) before the call
        self.recorded = {op.id for op in tape.records[start:] if op.seq < call.seq}
        self.discarded = {op.id for op in tape.records[:start]}
        self.intervals = self._intervals(recorder)
        # tensor id (a variable's own id for variables) -> first watch seq
        self.watch_seq: dict[int, int] = {}
        self.watch_location: dict[int, Any] = {}
        for tensor, seq, location, _how in tape.watched:
            if seq < call.seq and (reset_seq is None or seq > reset_seq):
                self.watch_seq.setdefault(tensor.id, seq)
                self.watch_location.setdefault(tensor.id, location)

    def _intervals(self, recorder):
        """[(start seq, end seq, how it ended)] while the tape was recording."""
        intervals, start = [], None
        ends_by_call = {
            c.seq for c in recorder.calls if c.tape is self.tape and not self.tape.persistent
        }
        events = sorted(
            [(seq, kind) for kind, seq, _ in self.tape.events]
            + [(seq, "call") for seq in ends_by_call]
        )
        for seq, kind in events:
            if kind in ("enter", "resume"):
                if start is None:
                    start = seq
            elif kind in ("exit", "stop_recording", "call") and start is not None:
                intervals.append((start, seq, kind))
                start = None
        if start is not None:
            intervals.append((start, float("inf"), "open"))
        return intervals

    def recording_at(self, seq):
        return any(start <= seq <= end for start, end, _ in self.intervals)

    def why_not_recorded(self, op):
        """Why the tape does not hold `op` although it may have been recording: 'reset' (it
        was recorded, then discarded), 'before', 'after', 'stop_recording' (the tape was not
        recording then), or None (it was recording: no input of the op was tracked)."""
        if op.id in self.discarded:
            return "reset"
        if self.recording_at(op.seq):
            return None
        if not self.intervals or op.seq < self.intervals[0][0]:
            return "before"
        for (_start, end, how), following in zip(self.intervals, self.intervals[1:] + [None]):
            if end < op.seq and (following is None or op.seq < following[0]):
                return "stop_recording" if how == "stop_recording" else "after"
        return "after"

    def watched_before(self, tensor_id, seq):
        watched = self.watch_seq.get(tensor_id)
        return watched is not None and watched < seq
