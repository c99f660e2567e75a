"""The program's stdout: kept up to a cap, the rest counted and dropped (never an error)."""

import io


class CappedStdout(io.TextIOBase):
    def __init__(self, cap_bytes: int):
        self.cap = cap_bytes
        self.kept = 0
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
