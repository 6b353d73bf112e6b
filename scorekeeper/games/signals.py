"""What the games app tells the rest of the project.

``game_stored`` is sent inside the write's transaction after every hand write has stored the
engine's replay (record, correct, delete, restore), with ``game`` holding the fresh summary, so
a receiver (the leagues app) updates what it derives from the game in the same transaction.
"""

from django.dispatch import Signal

game_stored = Signal()  # kwargs: game
