"""The one table: a run's summary (JSON) and its capture (gzip-compressed JSON)."""
from datetime import datetime

from sqlalchemy import DateTime, Index, LargeBinary, String, Text
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
        LargeBinary, doc="the capture JSON, gzip-compressed")

    __table_args__ = (Index("ix_runs_created", "created"),)
