"""Hostile programs: every way to read a file, write a file or reach the OS gets a clear error
at its line, and the server stays healthy with every stored run intact."""

import pytest

from .conftest import run

SANDBOX_ERRORS = {"SandboxError", "SandboxImportError"}

# (program, line of the offending statement)
READ_FILES = {
    "open": ("data = open('/etc/passwd').read()", 1),
    "io.open": ("import io\nio.open('/etc/passwd')", 1),
    "pathlib": ("import pathlib\npathlib.Path('/etc/passwd').read_text()", 1),
    "codecs": ("import codecs", 1),
    "linecache": ("import linecache\nlinecache.getlines('/etc/passwd')", 1),
    "np.loadtxt": ("import numpy as np\nnp.loadtxt('/etc/passwd')", 2),
    "np.genfromtxt": ("import numpy as np\nnp.genfromtxt('/etc/passwd')", 2),
    "np.fromfile": ("import numpy as np\nnp.fromfile('/etc/passwd')", 2),
    "np.load": ("import numpy as np\nnp.load('/etc/passwd', allow_pickle=True)", 2),
    "np.memmap": ("from numpy import memmap", 1),
    "np.DataSource": ("import numpy as np\nnp.DataSource().open('/etc/passwd')", 2),
    "np.lib.npyio": ("import numpy as np\nnp.lib.npyio.loadtxt('/etc/passwd')", 2),
    "numpy.lib import": ("from numpy.lib import npyio", 1),
    "from numpy import lib": ("from numpy import lib", 1),
    "from numpy import _core": ("from numpy import _core", 1),
    "from tensorflow import private": ("from tensorflow import _sys", 1),
    "builtins dict": ("__builtins__['open']('/etc/passwd')", 1),
    "getattr builtins": ("getattr(__builtins__, 'open')", 1),
    "subclasses": ("[c for c in ().__class__.__base__.__subclasses__() if 'FileIO' in str(c)]", 1),
    "getattr subclasses": ("getattr(object, '__subcl' + 'asses__')()", 1),
}
WRITE_FILES = {
    "open w": ("f = open('/tmp/x', 'w')", 1),
    "print to file": ("print('x', file=open('/tmp/x', 'w'))", 1),
    "np.save": ("import numpy as np\nnp.save('/tmp/x', np.zeros(3))", 2),
    "np.savetxt": ("import numpy as np\nnp.savetxt('/tmp/x', np.zeros(3))", 2),
    "np.savez": ("import numpy as np\nnp.savez('/tmp/x', a=np.zeros(3))", 2),
    "ndarray.tofile": ("import numpy as np\nnp.zeros(3).tofile('/tmp/x')", 2),
    "ndarray.dump": ("import numpy as np\na = np.zeros(3)\na.dump('/tmp/x')", 3),
    "getattr tofile": ("import numpy as np\ngetattr(np.zeros(3), 'tofile')('/tmp/x')", 2),
    "shutil": ("import shutil", 1),
    "tempfile": ("import tempfile", 1),
}
REACH_OS = {
    "os": ("import os\nos.system('id')", 1),
    "from os": ("from os import system", 1),
    "subprocess": ("import subprocess", 1),
    "sys": ("import sys", 1),
    "socket": ("import socket", 1),
    "ctypes": ("import ctypes", 1),
    "importlib": ("import importlib", 1),
    "builtins": ("import builtins", 1),
    "signal": ("import signal", 1),
    "threading": ("import threading", 1),
    "multiprocessing": ("import multiprocessing", 1),
    "pickle": ("import pickle", 1),
    "relative import": ("from . import secrets", 1),
    "import a dunder": ("from math import __loader__", 1),
    "__import__": ("__import__('os')", 1),
    "exec": ("x = 1\nexec('import os')", 2),
    "eval": ("eval('1 + 1')", 1),
    "compile": ("code = compile('1', 'x', 'eval')", 1),
    "globals": ("g = globals()", 1),
    "vars": ("v = vars()", 1),
    "locals": ("v = locals()", 1),
    "breakpoint": ("breakpoint()", 1),
    "input": ("name = input()", 1),
    "help": ("help()", 1),
    "exit": ("exit()", 1),
    "dunder attribute": ("cls = (1).__class__.__base__", 1),
    "dunder via getattr": ("name = '__ba' + 'se__'\ncls = getattr(int, name)", 2),
    "setattr dunder": ("class A:\n    pass\nsetattr(A(), '__class__', int)", 3),
    "str.format template": ("print('{0.__class__}'.format(1))", 1),
    "str.format on a variable": ("t = '{0.__class__}'\nprint(t.format(1))", 2),
    "format via getattr": ("f = getattr('{0}', 'format')", 1),
    "generator frame": ("def g():\n    yield 1\nf = g().gi_frame.f_globals", 3),
    "traceback frame": ("try:\n    1 / 0\nexcept Exception as e:\n    tb = e.__traceback__", 4),
    "match attributes": ("match 1:\n    case int(__class__=c):\n        pass", 2),
    "random._os": ("import random\nrandom._os.system('id')", 2),
    "typing.sys": ("import typing\ntyping.sys.modules", 2),
    "typing.get_type_hints": ("import typing\ntyping.get_type_hints", 2),
    "dataclasses internals": ("import dataclasses\ndataclasses.sys", 2),
    "np.ctypeslib": ("import numpy as np\nnp.ctypeslib", 2),
    "np.testing": ("import numpy as np\nnp.testing", 2),
    "tf.debug.capture_program": (
        "import tensorflow as tf\ntf.debug.capture_program('open(1)', 'x.py')",
        2,
    ),
    "engine.debug.session": ("from engine.debug.session import capture_program", 1),
    "functools.wraps globals": (
        "import functools, tensorflow as tf\n"
        "class W:\n    pass\n"
        "w = functools.update_wrapper(W(), tf.exp, assigned=('__globals__',))\n"
        "print(w.__globals__)",
        5,
    ),
}
HOSTILE = {
    **{f"read: {k}": v for k, v in READ_FILES.items()},
    **{f"write: {k}": v for k, v in WRITE_FILES.items()},
    **{f"os: {k}": v for k, v in REACH_OS.items()},
}


@pytest.fixture(scope="module")
def innocent(client):
    return run(client, "import tensorflow as tf\nprint(tf.constant([1.0, 2.0]) * 2)")


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_program_gets_a_clear_error_at_its_line(client, name):
    code, line = HOSTILE[name]
    summary = run(client, code)
    assert summary["status"] == "error", summary
    error = summary["error"]
    assert error["type"] in SANDBOX_ERRORS, error
    assert "in TapeScope's sandbox" in error["message"], error
    assert error["line"] == line, error


def test_sandbox_errors_name_what_was_refused(client):
    assert (
        "open() is not available in TapeScope's sandbox: programs cannot read or write "
        "files" in run(client, "open('x')")["error"]["message"]
    )
    message = run(client, "import os")["error"]["message"]
    assert message.startswith("import of os is not available") and "numpy" in message
    assert (
        "numpy.save is not available"
        in run(client, "import numpy as np\nnp.save('x', 1)")["error"]["message"]
    )


def test_allowed_code_still_works(client):
    summary = run(
        client,
        """import math, random, functools, itertools, collections, dataclasses
import typing
from collections import abc
import numpy as np
import tensorflow as tf

@dataclasses.dataclass
class Point:
    x: float
    y: float

def twice(f):
    @functools.wraps(f)
    def wrapper(*args):
        return 2 * f(*args)
    return wrapper

@twice
def norm(p: Point) -> float:
    return math.hypot(p.x, p.y)

class Model(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable(np.linspace(0.0, 1.0, 3), dtype=tf.float64)

m = Model()
random.seed(0)
print(norm(Point(3, 4)), norm.__name__, "{0} {1:.1f}".format(1, 2.0), f"{math.pi:.2f}")
print(list(itertools.accumulate([1, 2, 3])), collections.Counter("aab")["a"])
print(np.linalg.norm([3.0, 4.0]), isinstance([], abc.Sequence), typing.Optional[int] is not None)
if __name__ == "__main__":
    print("main")
""",
    )
    assert summary["status"] == "ok", summary["error"]
    assert summary["stdout"].splitlines() == [
        "10.0 norm 1 2.0 3.14",
        "[1, 3, 6] 2",
        "5.0 True True",
        "main",
    ]


def test_numpy_and_tensors_print_as_usual(client):
    # printing an array makes NumPy's C code import through the program's own builtins
    summary = run(
        client,
        "import numpy as np\nimport tensorflow as tf\n"
        "print(np.arange(3.0))\nprint(tf.constant([[1.0, 2.0]]))",
    )
    assert summary["stdout"] == ("[0. 1. 2.]\ntf.Tensor([[1. 2.]], shape=(1, 2), dtype=float32)\n")


def test_import_errors_can_be_caught_like_any_import_error(client):
    summary = run(client, "try:\n    import matplotlib\nexcept ImportError:\n    print('no plots')")
    assert summary["status"] == "ok" and summary["stdout"] == "no plots\n"


def test_tensorflow_contrib_eager_resolves_to_the_engine(client):
    summary = run(
        client,
        "import tensorflow as tf\nimport tensorflow.contrib.eager as tfe\n"
        "print(tf.constant(2.0) * 3)",
    )
    assert summary["status"] == "ok", summary["error"]
    assert summary["stdout"] == "tf.Tensor(6.0, shape=(), dtype=float32)\n"


def test_the_server_stays_healthy_and_runs_stay_intact(client, innocent):
    for code, _line in list(HOSTILE.values())[:10]:
        run(client, code)
    assert client.get("/api/health").json()["status"] == "ok"
    assert client.get(f"/api/runs/{innocent['id']}").json() == innocent
    again = run(client, "import tensorflow as tf\nprint(tf.constant([1.0, 2.0]) * 2)")
    assert again["status"] == "ok" and again["stdout"] == innocent["stdout"]
