"""The one hook through which another app adds its part to the game page.

The games app knows no other app: an app that has something to say about a game (the leagues
app: the league it was played in, and the rating changes it made) registers a
:class:`GamePagePart` in its ``AppConfig.ready``. The game page reads each part's data with the
game (``games``: a queryset hook, so it can come in the same query) and includes the part's
template with that data as ``part``; a part whose data is None for a game shows nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from ..models import Game


@dataclass(frozen=True)
class GamePagePart:
    template: str  # included in game.html with ``part`` set to what ``data`` answered
    data: Callable[[Game], Any]  # what the template shows for this game; None: nothing
    games: Callable[[QuerySet[Game]], QuerySet[Game]] | None = None  # read it with the game


_PARTS: dict[str, GamePagePart] = {}


def add_game_page_part(part: GamePagePart) -> None:
    """Register ``part`` (again with the same template: replaced, so ``ready`` may run twice)."""
    _PARTS[part.template] = part


def game_page_games(games: QuerySet[Game]) -> QuerySet[Game]:
    """``games`` reading what every part needs in the same query."""
    for part in _PARTS.values():
        if part.games is not None:
            games = part.games(games)
    return games


def game_page_parts(*, game: Game) -> list[dict[str, Any]]:
    """``[{"template", "data"}]`` for the parts that have something to show for ``game``."""
    shown = []
    for part in _PARTS.values():
        data = part.data(game)
        if data is not None:
            shown.append({"template": part.template, "data": data})
    return shown
