"""Undo: take back this browser's last change of a game (a hand saved, corrected or deleted),
if nobody has changed the game since."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scorekeeper.rules import RulesError

from ..models import Game, Hand
from ..rights import access
from ..scoresheet.services import GameOver, hand_correction, hand_deletion, hand_restoration
from .common import after_change, editors_only, tell_changes


@require_POST
@editors_only
def game_undo(request: HttpRequest, game: Game) -> HttpResponse:
    """Take back this browser's last change, if nobody has changed the game since."""
    undo = access.get_undo(request, game)
    if undo is None:
        messages.error(request, _("There is nothing to undo."))
        return after_change(request, game)
    access.clear_undo(request, game)
    number = undo["number"]
    try:
        if undo["kind"] == "recorded":
            hand_deletion(game=game, number=number)
            messages.success(request, _("Undone: hand %(n)s is gone again.") % {"n": number})
        elif undo["kind"] == "corrected":
            entry, dealer = _undo_entry(undo["entry"])
            write = hand_correction(game=game, number=number, entry=entry, dealer=dealer)
            messages.success(request, _("Undone: hand %(n)s is back as it was.") % {"n": number})
            tell_changes(request, write.consequences, number)
        else:
            write = hand_restoration(game=game, hand_id=undo["hand_id"])
            messages.success(request, _("Undone: hand %(n)s is back.") % {"n": number})
            tell_changes(request, write.consequences, number)
    except (RulesError, GameOver, Hand.DoesNotExist):
        messages.error(request, _("That change can no longer be undone."))
    return after_change(request, game)


def _undo_entry(saved: Any) -> tuple[Any, str | None]:
    """The entry and recorded dealer a correction replaced (a session from before dealers were
    recorded kept the entry alone)."""
    if isinstance(saved, dict) and set(saved) == {"result", "dealer"}:
        return saved["result"], saved["dealer"] or None
    return saved, None
