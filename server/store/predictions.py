"""Predict mode's answers: added one at a time, read back as a tally per step."""

from collections import Counter, defaultdict
from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker

from .tables import PredictionRow


class PredictionStore:
    def __init__(self, engine: Engine):
        self._engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)

    def add(self, run_id: str, call: int, step: int, tensor: int, answer: str, correct: bool):
        with self._sessions.begin() as session:
            session.add(
                PredictionRow(
                    run_id=run_id,
                    call=call,
                    step=step,
                    tensor=tensor,
                    answer=answer[:200],
                    correct=correct,
                    created=datetime.now(UTC),
                )
            )

    def tally(self, run_id: str, call: int) -> dict[tuple[int, int], tuple[Counter[str], int]]:
        """(step, tensor) -> (how often each answer was given, how many answers were right)."""
        with Session(self._engine) as session:
            rows = session.execute(
                select(
                    PredictionRow.step,
                    PredictionRow.tensor,
                    PredictionRow.answer,
                    PredictionRow.correct,
                ).where(PredictionRow.run_id == run_id, PredictionRow.call == call)
            ).all()
        answers: dict[tuple[int, int], Counter[str]] = defaultdict(Counter)
        right: Counter[tuple[int, int]] = Counter()
        for step, tensor, answer, correct in rows:
            answers[(step, tensor)][answer] += 1
            right[(step, tensor)] += bool(correct)
        return {key: (counts, right[key]) for key, counts in answers.items()}
