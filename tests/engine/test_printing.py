"""tf.print's streams: sys.stderr by default, sys.stdout on request, a file for 'file://'.

The expected texts are TF 2.21's (run with output_stream=sys.stdout, whose file descriptor TF
writes to); the differential corpus (cases_strings_print.py) compares the formatting itself.
"""

import sys

import pytest

import engine as tf


def test_tf_print_writes_to_stderr_by_default(capsys):
    tf.print("loss", tf.constant([0.5, 1.25]))
    captured = capsys.readouterr()
    assert captured.err == "loss [0.5 1.25]\n"
    assert captured.out == ""


def test_tf_print_to_stdout_when_asked(capsys):
    tf.print(tf.constant(list(range(10))), output_stream=sys.stdout)
    captured = capsys.readouterr()
    assert captured.out == "[0 1 2 ... 7 8 9]\n"
    assert captured.err == ""


def test_tf_print_uses_the_stderr_current_at_call_time(capsys):
    # a debugger replacing sys.stderr after import sees what tf.print prints
    tf.print("a", "b", sep=",", end="!\n")
    assert capsys.readouterr().err == "a,b!\n"


def test_tf_print_of_nested_structures_and_strings(capsys):
    tf.print([1, 2], (tf.constant(1), "s"), {"a": tf.constant(2.0), "b": [tf.constant(3)]})
    tf.print(tf.constant(["a", "bc"]), tf.constant("xyz"), "plain")
    tf.print(tf.constant("single"))
    assert capsys.readouterr().err == (
        "[1, 2] (1, 's') {'a': 2, 'b': [3]}\n[\"a\" \"bc\"] \"xyz\" plain\nsingle\n"
    )


def test_tf_print_appends_to_a_file(tmp_path, capsys):
    path = tmp_path / "printed.txt"
    tf.print("hi", tf.constant([1, 2]), output_stream=f"file://{path}")
    tf.print("again", end="", output_stream=f"file://{path}")
    assert path.read_text() == "hi [1 2]\nagain"
    assert capsys.readouterr() == ("", "")


@pytest.mark.parametrize("stream", ["bogus", print])
def test_tf_print_refuses_other_streams_as_tf(stream):
    with pytest.raises(ValueError, match="Unsupported output stream, logging level, or file"):
        tf.print("x", output_stream=stream)


def test_tf_print_returns_none(capsys):
    assert tf.print() is None
    assert capsys.readouterr().err == "\n"
