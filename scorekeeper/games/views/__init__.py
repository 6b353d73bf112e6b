"""The table companion's pages, one module per part of the table: starting (``start``), the
game page and its people (``table``), and the hands (``hands``). Each view parses the request,
calls a service, and renders what :mod:`scorekeeper.games.pages.game_page` puts together.

Full pages work with plain form posts and redirects; with htmx the same views answer with a
fragment of the same template (``game.html#scoreboard``, ``hand_form.html#form``...).
Only a browser holding the game's edit token (its creator's session, or one that opened the
edit link) may change a game; everyone with the game's link may watch it.
"""

from .hands import (
    hand_create,
    hand_edit,
    hand_new,
    hand_preview,
    hand_remove,
    hand_saved,
    hand_update,
)
from .joining import game_by_code, game_handover, game_take
from .start import game_start, home, my_games
from .table import (
    game,
    game_export_csv,
    game_export_json,
    game_join,
    game_join_legacy,
    game_rematch_start,
    game_share,
)
from .undo import game_undo

__all__ = [
    "game",
    "game_by_code",
    "game_export_csv",
    "game_export_json",
    "game_join",
    "game_join_legacy",
    "game_rematch_start",
    "game_handover",
    "game_share",
    "game_start",
    "game_take",
    "game_undo",
    "hand_create",
    "hand_edit",
    "hand_new",
    "hand_preview",
    "hand_remove",
    "hand_saved",
    "hand_update",
    "home",
    "my_games",
]
