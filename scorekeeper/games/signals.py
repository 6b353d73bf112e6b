"""What the games app tells the rest of the project.

``game_stored`` is sent inside the write's transaction after every hand write has stored the
engine's replay (record, correct, delete, restore), with ``game`` holding the fresh summary, so
a receiver (the leagues app) updates what it derives from the game in the same transaction.
"""

from django.dispatch import Signal

game_stored = Signal()  # kwargs: game

# Sent inside the write's transaction when what the players said about a game's hands changed
# (a seat claimed or freed, a hand confirmed or disputed): a league that waits for
# confirmations re-decides whether the game counts. Corrections and deletions, which clear a
# hand's confirmations, send ``game_stored`` as every hand write does.
game_checked = Signal()  # kwargs: game
