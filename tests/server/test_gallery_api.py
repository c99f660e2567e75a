"""Every gallery program runs in the sandbox as pasted, and the diagnosis served for it holds
the findings its docstring expects (code and line)."""

import pytest

from server.gallery import load_examples

from .conftest import run

EXAMPLES = load_examples()


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_gallery_program_runs_in_the_sandbox_with_its_expected_findings(client, example):
    summary = run(client, example.code)
    assert summary["status"] in ("ok", "error"), summary["error"]
    if summary["error"] is not None:  # only programs that demonstrate an error may raise
        assert summary["error"]["type"] not in ("SandboxError", "SandboxImportError"), summary[
            "error"
        ]
        assert any(f.code in ("no_gradient_registered", "tape_consumed") for f in example.expect)
    findings = client.get(f"/api/runs/{summary['id']}/diagnosis").json()["findings"]
    found = {(f["code"], f["line"]) for f in findings}
    for expected in example.expect:
        assert (expected.code, expected.line) in found, (expected, sorted(found))
    if not example.expect:
        assert not [f for f in findings if f["severity"] in ("error", "warning")], findings


def test_examples_endpoint_serves_what_the_tests_run(client):
    served = client.get("/api/examples").json()
    assert [(e["id"], e["code"]) for e in served] == [(e.id, e.code) for e in EXAMPLES]
