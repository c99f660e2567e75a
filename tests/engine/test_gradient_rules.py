"""define() turns every form of gradient rule into the one shape the backward pass calls:
OpDef.backward(record, upstream, tracked) -> one gradient per input (engine/ops/gradient_rules.py).
"""

import pytest

from engine.ops.registry import NOT_DIFFERENTIABLE, OpDef
from engine.recording import Record


def _record(opdef, input_ids):
    rec = Record()
    rec.op, rec.input_ids, rec.output_ids = opdef, input_ids, (99,)
    rec.inputs = rec.outputs = rec.attrs = None
    return rec


def test_a_per_input_rule_runs_only_for_tracked_inputs():
    calls = []

    def grad_x(rec, dy):
        calls.append("x")
        return dy * 2

    def grad_y(rec, dy):
        calls.append("y")
        return dy * 3

    opdef = OpDef("TestPerInput", (grad_x, grad_y), (), ())
    rec = _record(opdef, (1, 2))
    assert tuple(opdef.backward(rec, (10,), {1, 2})) == (20, 30)
    calls.clear()
    assert tuple(opdef.backward(rec, (10,), {2})) == (None, 30)
    assert calls == ["y"]


def test_a_per_input_rule_takes_every_upstream_gradient_of_a_several_output_op():
    opdef = OpDef("TestTwoOutputs", (lambda rec, da, db: da + db, None, None), (), ())
    rec = _record(opdef, (1, 2, 3))
    assert list(opdef.backward(rec, (10, 5), {1, 2, 3})) == [15, None, None]


def test_a_shared_rule_runs_once_and_untracked_inputs_get_none():
    calls = []

    def both(rec, dy):
        calls.append(dy)
        return dy * 2, dy * 3

    opdef = OpDef("TestShared", both, (), ())
    rec = _record(opdef, (1, 2))
    assert list(opdef.backward(rec, (10,), {2})) == [None, 30]
    assert calls == [10]


def test_a_non_differentiable_op_gives_none_to_every_input():
    opdef = OpDef("TestNonDifferentiable", NOT_DIFFERENTIABLE, (), ())
    assert tuple(opdef.backward(_record(opdef, (1, 2, 3)), (10,), {1, 2, 3})) == (None,) * 3
    assert not opdef.differentiable


def test_an_op_without_a_registered_gradient_raises_tfs_lookup_error():
    opdef = OpDef("TestUnregistered", None, (), ())
    with pytest.raises(LookupError, match="gradient registry has no entry for: TestUnregistered"):
        opdef.backward(_record(opdef, (1,)), (10,), {1})
