"""tf.name_scope: nesting, absolute and root scopes, variable names, and the scope ops run in.

Expected names are what TF 2.21 prints for the same code.
"""

import pytest

import engine as tf
from engine import name_scopes


def test_nested_scopes_prefix_variable_names_and_yield_the_full_scope():
    with tf.name_scope("a") as outer, tf.name_scope("b") as inner:
        assert (outer, inner) == ("a/", "a/b/")
        assert tf.Variable(1.0).name == "a/b/Variable:0"
        assert tf.Variable(1.0, name="w").name == "a/b/w:0"


def test_a_trailing_slash_makes_the_scope_absolute():
    with tf.name_scope("a"), tf.name_scope("c/") as scope:
        assert scope == "c/"
        assert tf.Variable(1.0, name="w").name == "c/w:0"


def test_the_empty_name_returns_to_the_root():
    with tf.name_scope("a"), tf.name_scope("") as scope:
        assert scope == ""
        assert tf.Variable(1.0, name="w").name == "w:0"


def test_eager_scopes_are_not_made_unique():
    with tf.name_scope("a"), tf.name_scope("a") as scope:
        assert scope == "a/a/"


@pytest.mark.parametrize("bad", [None, 3])
def test_a_non_string_name_is_a_value_error(bad):
    with pytest.raises(ValueError, match=r"^name for name_scope must be a string\.$"):
        tf.name_scope(bad)


def test_name_is_the_given_name():
    assert tf.name_scope("x").name == "x"


def test_current_scope_is_what_ops_are_recorded_under():
    assert name_scopes.current() == ""
    with tf.name_scope("model"):
        with tf.name_scope("dense_1"):
            assert name_scopes.current() == "model/dense_1"
        assert name_scopes.current() == "model"
    assert name_scopes.current() == ""


def test_the_scope_closes_when_its_body_raises():
    with pytest.raises(RuntimeError), tf.name_scope("broken"):
        raise RuntimeError
    assert name_scopes.current() == ""
