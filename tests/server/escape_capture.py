"""A capture function that hands the program the interpreter's real builtins, as if the
Python-level allowlist had been broken: what is left to stop it are the OS layers."""

import builtins

from engine.debug import capture_program as real_capture_program


def capture_program(source, filename, namespace=None, max_stdout=1_000_000):
    return real_capture_program(
        source,
        filename,
        max_stdout=max_stdout,
        namespace={"__name__": "__main__", "__builtins__": builtins},
    )
