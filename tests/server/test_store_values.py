"""The store keeps a run's full values beside its capture, in SQLite always and PostgreSQL when
it is installed: written in the run's transaction, deleted with it, read back exactly, and a
damaged row is refused rather than grown in memory."""

import zlib

import numpy as np
import pytest
from sqlalchemy import func, select, text, update
from sqlalchemy.exc import IntegrityError

from server.store import RunStore, StoredRun
from server.store.tables import TensorValueRow
from server.store.values import array_of, stored_value

from .test_store import postgres_url, stored_run  # noqa: F401 - postgres_url is a fixture


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path):
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'runs.db'}"
    else:
        url = request.getfixturevalue("postgres_url")
        emptied = RunStore(url)  # each test starts from empty tables
        with emptied.engine.begin() as connection:
            connection.execute(text("DELETE FROM tensor_values"))
            connection.execute(text("DELETE FROM runs"))
        emptied.close()
    store = RunStore(url)
    yield store
    store.close()


def arrays():
    rng = np.random.default_rng(11)
    return {
        3: rng.normal(size=(784, 256)).astype(np.float32),  # barely compressible
        5: np.maximum(rng.normal(size=(784, 256)), 0).astype(np.float32),  # half zeros
        8: rng.integers(-5, 5, size=(40, 50)).astype(np.int64),
        9: rng.normal(size=(2000,)) > 0,
    }


def with_values(run_id, values):
    run = stored_run(run_id)
    return StoredRun(
        summary=run.summary,
        title=run.title,
        capture_json=run.capture_json,
        values=tuple(stored_value(i, a) for i, a in values.items()),
    )


def count_rows(store, run_id):
    with store.engine.connect() as connection:
        query = select(func.count()).where(TensorValueRow.run_id == run_id)
        return connection.scalar(query.select_from(TensorValueRow))


def test_values_are_read_back_exactly(store):
    store.add(with_values("r1", arrays()))
    for tensor_id, array in arrays().items():
        back = store.value("r1", tensor_id)
        assert back.dtype == array.dtype and back.shape == array.shape
        np.testing.assert_array_equal(back, array)
        assert store.has_value("r1", tensor_id)
    assert store.value("r1", 4) is None and not store.has_value("r1", 4)
    assert store.value("nope", 3) is None
    assert store.value_ids("r1") == [3, 5, 8, 9]


def test_compression_is_used_where_it_pays():
    values = arrays()
    assert stored_value(3, values[3]).encoding == "raw"
    relu = stored_value(5, values[5])
    assert relu.encoding == "zlib" and len(relu.data) < 0.7 * values[5].nbytes


def test_values_are_deleted_with_their_run_and_only_theirs(store):
    store.add(with_values("r1", arrays()))
    store.add(with_values("r2", {3: arrays()[3]}))
    assert count_rows(store, "r1") == 4
    assert store.delete("r1")
    assert count_rows(store, "r1") == 0 and store.value("r1", 3) is None
    np.testing.assert_array_equal(store.value("r2", 3), arrays()[3])


def test_a_failed_write_stores_no_values(store):
    store.add(with_values("r1", {3: arrays()[3]}))
    with pytest.raises(IntegrityError):  # the same run id again: the whole write is undone
        store.add(with_values("r1", {5: arrays()[5]}))
    assert store.value_ids("r1") == [3]


def test_values_survive_a_restart(store):
    store.add(with_values("r1", arrays()))
    url = store.engine.url.render_as_string(hide_password=False)
    again = RunStore(url)
    try:
        np.testing.assert_array_equal(again.value("r1", 5), arrays()[5])
    finally:
        again.close()


def test_a_damaged_row_is_refused(store):
    store.add(with_values("r1", arrays()))
    bomb = zlib.compress(b"\0" * (64 * 2**20), 1)  # a 64 MB inflation behind a small row
    with store.engine.begin() as connection:
        connection.execute(
            update(TensorValueRow)
            .where(TensorValueRow.run_id == "r1", TensorValueRow.tensor_id == 5)
            .values(data=bomb)
        )
        connection.execute(
            update(TensorValueRow)
            .where(TensorValueRow.run_id == "r1", TensorValueRow.tensor_id == 3)
            .values(data=b"short")
        )
    with pytest.raises(ValueError, match="longer than its shape"):
        store.value("r1", 5)
    with pytest.raises(ValueError, match="shorter than its shape"):
        store.value("r1", 3)


def test_rows_that_do_not_add_up_are_refused():
    with pytest.raises(ValueError, match="does not match"):
        array_of("float32", "[2, 2]", 12, "raw", b"\0" * 12)
    with pytest.raises(ValueError, match="does not match"):
        array_of("object", "[1]", 8, "raw", b"\0" * 8)
    with pytest.raises(ValueError, match="unknown stored value encoding"):
        array_of("float32", "[1]", 4, "pickle", b"\0" * 4)
