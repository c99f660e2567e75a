"""A minimal stand-in for engine.debug.capture_program, used until the real one lands:
runs the program in the given namespace and records the exception with its line."""
from engine.debug.schema import Capture, ErrorInfo, ProgramInfo


def capture_program(source, filename, globals=None):
    namespace = globals if globals is not None else {"__name__": "__main__"}
    error = None
    try:
        exec(compile(source, filename, "exec"), namespace)
    except Exception as exc:  # noqa: BLE001 - the program's own error is data
        line, traceback = None, exc.__traceback__
        while traceback is not None:
            if traceback.tb_frame.f_code.co_filename == filename:
                line = traceback.tb_lineno
            traceback = traceback.tb_next
        error = ErrorInfo(type=type(exc).__name__, message=str(exc), line=line)
    return Capture(program=ProgramInfo(filename=filename, source=source), error=error)
