"""Tables: a run's summary (JSON) and its capture (gzip-compressed JSON); the full values kept
beside a capture (one row per tensor, written and deleted with its run); predict mode's answers;
and what replicas over one database share while they serve: runs still running, and the hits
the rate limit counts."""

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class RunRow(Base):
    __tablename__ = "runs"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    origin: Mapped[str] = mapped_column(String(16))
    status: Mapped[str] = mapped_column(String(16))
    filename: Mapped[str] = mapped_column(String(500))
    title: Mapped[str] = mapped_column(String(200))
    error_type: Mapped[str | None] = mapped_column(String(200), nullable=True)
    summary: Mapped[str] = mapped_column(Text, doc="RunSummary as JSON")
    capture_gzip: Mapped[bytes] = mapped_column(
        LargeBinary, doc="the capture JSON, gzip-compressed"
    )
    # Added after the first release: database.py adds them to an older table.
    pinned: Mapped[bool] = mapped_column(
        Boolean, default=False, server_default="false", doc="kept by retention"
    )
    stored_bytes: Mapped[int] = mapped_column(
        BigInteger, default=0, server_default="0", doc="capture and kept values, as stored"
    )

    __table_args__ = (Index("ix_runs_created", "created"),)


class TensorValueRow(Base):
    """A tensor's full value above the capture's inline cap (engine.debug's kept values),
    fetched by GET /api/runs/{id}/tensors/{tid}?value=true. See values.py for the encoding."""

    __tablename__ = "tensor_values"

    # CASCADE for databases that enforce it (PostgreSQL); RunStore.delete also deletes the
    # rows itself, in the same transaction, for SQLite, which enforces no foreign keys here.
    run_id: Mapped[str] = mapped_column(
        String(40), ForeignKey("runs.id", ondelete="CASCADE"), primary_key=True
    )
    tensor_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    dtype: Mapped[str] = mapped_column(String(16))
    shape: Mapped[str] = mapped_column(Text, doc="JSON list of dimensions")
    nbytes: Mapped[int] = mapped_column(BigInteger, doc="size of the raw array")
    encoding: Mapped[str] = mapped_column(String(8), doc="raw or zlib")
    data: Mapped[bytes] = mapped_column(LargeBinary)


class PredictionRow(Base):
    """A student's answer in predict mode: the gradient they typed for a tensor at one backward
    step of one gradient call of a run. Anonymous: no account, no name, no address."""

    __tablename__ = "predictions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    run_id: Mapped[str] = mapped_column(
        String(40), ForeignKey("runs.id", ondelete="CASCADE"), index=True
    )
    call: Mapped[int] = mapped_column(Integer)
    step: Mapped[int] = mapped_column(Integer)
    tensor: Mapped[int] = mapped_column(Integer)
    answer: Mapped[str] = mapped_column(String(200), doc="as typed, normalized (spaces trimmed)")
    correct: Mapped[bool] = mapped_column(Boolean)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RateHitRow(Base):
    """A request counted by the rate limit shared by replicas over PostgreSQL
    (rate_windows.py): which client, and when by the database's clock (the replicas' clocks may
    disagree). Rows leave once they are older than the window; unused on SQLite."""

    __tablename__ = "rate_hits"

    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    )
    client: Mapped[str] = mapped_column(String(100))
    at: Mapped[float] = mapped_column(Float, doc="seconds since the epoch")

    __table_args__ = (Index("ix_rate_hits_client_at", "client", "at"),)


class RunningRunRow(Base):
    """A run started with wait=false that has not ended, so that every replica can answer for
    it (GET shows it running) and stop it (POST .../cancel sets `cancel_requested`, which the
    replica running it sees at its next heartbeat). Deleted in the transaction that stores the
    finished run; a row whose replica stopped beating is stored as a crashed run."""

    __tablename__ = "running_runs"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    replica: Mapped[str] = mapped_column(String(40), index=True, doc="the process running it")
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    filename: Mapped[str] = mapped_column(String(500))
    source: Mapped[str] = mapped_column(Text, doc="the program, for a crashed run's capture")
    heartbeat: Mapped[float] = mapped_column(Float, doc="seconds since the epoch, last beat")
    cancel_requested: Mapped[bool] = mapped_column(Boolean, default=False)
