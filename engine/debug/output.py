"""A program's stdout, kept up to a cap in bytes: the rest is counted and dropped (never an
error), and `truncated` says so. The one output cap: capture_program uses it, and the server's
sandbox hands capture_program its own (the run's cap, read while the program still runs)."""

import io


class CappedOutput(io.TextIOBase):
    def __init__(self, cap_bytes: int):
        self.cap = cap_bytes
        self.kept = 0  # bytes kept (UTF-8)
        self.truncated = False
        self._parts: list[str] = []

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        room = self.cap - self.kept
        if room <= 0:
            self.truncated = self.truncated or bool(text)
            return len(text)
        encoded = text.encode("utf-8", "replace")
        if len(encoded) > room:
            text = encoded[:room].decode("utf-8", "ignore")
            self.truncated = True
            encoded = text.encode("utf-8")
        self._parts.append(text)
        self.kept += len(encoded)
        return len(text)

    def getvalue(self) -> str:
        return "".join(self._parts)

    def since(self, mark: int) -> tuple[str, int]:
        """What was written after `mark` (0: from the start), and the mark to ask from next.
        Safe to call from another thread while the program writes (it only appends)."""
        end = len(self._parts)
        return "".join(self._parts[mark:end]), end
