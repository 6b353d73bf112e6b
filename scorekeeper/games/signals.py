"""What the games app tells the rest of the project.

``game_stored`` is sent inside the write's transaction after every hand write has stored the
engine's replay (record, correct, delete, restore), with ``game`` holding the fresh summary, so
a receiver (the leagues app) updates what it derives from the game in the same transaction.

``game_changed`` is THE hook for what follows a change of a game once it is committed (live
events, caches, rebuilds that may run later): every write to a game schedules it with
``transaction.on_commit`` through :func:`scorekeeper.games.scoresheet.services.game_changed_on_commit`, so
it fires once per committed change and never for a write that rolled back. Keyword arguments:
``game_id`` (the row's pk), ``public_id``, ``version`` (the game's live version after the
change) and ``kind``: ``"created"``, ``"hand_recorded"``, ``"hand_corrected"``,
``"hand_deleted"``, ``"hand_restored"``, or ``"table"`` for a seat, a confirmation, a dispute or
a ruling (:func:`scorekeeper.games.events.game_changed`). The live events publish from it.
Receivers are called robustly: one that raises is logged and the others still run.
"""

from django.dispatch import Signal

game_stored = Signal()  # kwargs: game
game_changed = Signal()  # kwargs: game_id, public_id, kind, version; after the commit

# Sent inside the write's transaction when what the players said about a game's hands changed
# (a seat claimed or freed, a hand confirmed or disputed): a league that waits for
# confirmations re-decides whether the game counts. Corrections and deletions, which clear a
# hand's confirmations, send ``game_stored`` as every hand write does.
game_checked = Signal()  # kwargs: game
