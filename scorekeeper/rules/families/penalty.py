"""German Rummy: everybody but the winner takes penalty points."""

from __future__ import annotations

from ..scoring.penalty import score_penalty
from .base import Family


class Penalty(Family):
    slug = "penalty"
    scorer = staticmethod(score_penalty)
