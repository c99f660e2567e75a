"""Predict mode's answers: posted anonymously under a run, tallied per step for the presenter,
kept in the store (SQLite and PostgreSQL) and deleted with their run."""

from server.store import RunStore
from server.store.predictions import PredictionStore
from tests.server.conftest import run
from tests.server.test_store import database_url, postgres_url, stored_run  # noqa: F401

PROGRAM = """import tensorflow as tf
x = tf.Variable(3.0)
with tf.GradientTape() as tape:
    y = x * x + 1.0
print(tape.gradient(y, x))
"""


def test_answers_are_tallied_per_step_and_deleted_with_their_run(database_url):  # noqa: F811
    store = RunStore(database_url)
    store.add(stored_run("run1"))
    predictions = PredictionStore(store.engine)
    for answer, correct in (("6", True), ("6", True), ("3", False), ("None", False)):
        predictions.add("run1", 0, 2, 7, answer, correct)
    predictions.add("run1", 0, 1, 5, "1", True)
    predictions.add("run1", 1, 1, 5, "9", False)  # another call
    tally = predictions.tally("run1", 0)
    counts, right = tally[(2, 7)]
    assert counts.most_common() == [("6", 2), ("3", 1), ("None", 1)] and right == 2
    assert tally[(1, 5)][1] == 1 and set(tally) == {(1, 5), (2, 7)}
    assert store.delete("run1")
    assert PredictionStore(store.engine).tally("run1", 0) == {}
    store.close()


def test_students_post_answers_and_the_presenter_reads_their_distribution(client):
    summary = run(client, PROGRAM)
    assert summary["status"] == "ok"
    path = f"/api/runs/{summary['id']}/predictions"
    for answer, correct in (("6", True), ("6.0", True), ("9", False)):
        response = client.post(
            path, json={"call": 0, "step": 1, "tensor": 1, "answer": answer, "correct": correct}
        )
        assert response.status_code == 204, response.text
    tally = client.get(path, params={"call": 0}).json()
    assert tally["call"] == 0
    [step] = tally["steps"]
    assert step["step"] == 1 and step["answers"] == 3 and step["right"] == 2
    assert {a["answer"] for a in step["top"]} == {"6", "6.0", "9"}


def test_answers_for_steps_or_runs_that_do_not_exist_are_refused(client):
    summary = run(client, PROGRAM)
    path = f"/api/runs/{summary['id']}/predictions"
    body = {"call": 0, "step": 99, "tensor": 1, "answer": "1", "correct": False}
    assert client.post(path, json=body).status_code == 404
    assert client.post(path, json={**body, "step": 1, "call": 5}).status_code == 404
    assert client.post("/api/runs/nope/predictions", json={**body, "step": 1}).status_code == 404
    too_long = client.post(path, json={**body, "step": 1, "answer": "1" * 201})
    assert too_long.status_code == 422
    assert client.post(path, json={**body, "step": 1, "answer": ""}).status_code == 422
