"""Stored runs: one table, SQLite by default (WAL, transactional), any SQLAlchemy URL otherwise."""
from .runs import RunStore, StoredRun
