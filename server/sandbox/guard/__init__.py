"""The Python-level allowlist: clear, early errors for programs that reach for files or the OS.

It is one layer of several (bubblewrap and rlimits are the others): its job is to say plainly
what is not allowed, at the line that tried it.
"""

from .policy import SandboxError
