"""Stored runs: a table of runs and one of the full values kept beside their captures; SQLite
by default (WAL, transactional), any SQLAlchemy URL otherwise. It may import engine.debug's
schema and server.models (what it stores), nothing of the service above it."""

from .run_store import RunStore, StoredRun
