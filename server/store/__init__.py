"""Stored runs: a table of runs and one of the full values kept beside their captures; SQLite
by default (WAL, transactional), any SQLAlchemy URL otherwise."""

from .runs import RunStore, StoredRun
