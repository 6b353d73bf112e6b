"""A league: its players, seasons and games, and what it derives from them.

The games app keeps the games; a league only links them (:class:`LeagueGame`). Everything else
here is derived from those games' stored hands through the engine and rewritten by
:mod:`scorekeeper.leagues.services` whenever a linked game changes: each finished game's places
(:class:`Placing`), a rating snapshot per player after each game in each scope
(:class:`RatingSnapshot`), each scope's current table (:class:`Standing`), and what each
game's hands add up to for each of its players (:class:`HandTally`, :class:`ChipTally`), so that
reading standings or a player's record is a couple of queries whatever the league holds.

A *scope* is the league as a whole or one season of it, over all its variants or one variant:
``scope`` holds ``"<season id or empty>|<variant slug or empty>"``.
"""

from __future__ import annotations

import datetime as dt

from django.db import models

from scorekeeper.games.models import Game, new_public_id


class League(models.Model):
    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
    name = models.CharField(max_length=80)
    description = models.TextField(blank=True, max_length=2000)
    variants = models.JSONField(default=list, blank=True)  # the variants it plays, in its order
    min_games = models.PositiveSmallIntegerField(default=3)  # before a player is ranked
    # A player with no game in the league's last N game nights is listed apart (0: never).
    inactive_nights = models.PositiveSmallIntegerField(default=0)
    token_hash = models.CharField(max_length=64, editable=False)  # the organiser's secret
    # A ranked game counts only once every claimed seat confirmed every hand and no hand is
    # disputed, or the organiser accepted it (API.md "Confirmations").
    confirm_hands = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return self.name


class Season(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=60)
    starts = models.DateField()
    ends = models.DateField()  # inclusive

    class Meta:
        ordering = ["league", "-starts", "pk"]

    def __str__(self) -> str:
        return self.name

    @property
    def days(self) -> tuple[dt.date, dt.date]:
        """The first and the last day of the season (both counted)."""
        return self.starts, self.ends


class Player(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=40)
    key = models.CharField(max_length=40)  # the name case-folded: "ann" and "Ann" are one player
    former_names = models.JSONField(default=list, blank=True)  # oldest first, after renames/merges

    class Meta:
        ordering = ["league", "key"]
        constraints = [
            models.UniqueConstraint(fields=["league", "key"], name="league_player_key_unique"),
        ]

    def __str__(self) -> str:
        return self.name


class LeagueGame(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="games")
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="league_link")
    ranked = models.BooleanField(default=True)  # False: a friendly game that does not count
    played = models.DateTimeField()  # orders the league's history; seasons go by its date
    variant = models.CharField(max_length=40)  # the game's, copied for filtering
    # The game counted when last synced: it was over, and (in a league that asks players to
    # confirm hands) confirmed by every claimed seat without a dispute, or accepted.
    finished = models.BooleanField(default=False)
    accepted = models.BooleanField(default=False)  # the organiser accepted it unconfirmed
    seats = models.JSONField(default=dict)  # {name in the game: league Player id}
    # Taken out of the league by its organiser: counts nowhere, listed as removed, can be put
    # back (the game and its hands are kept; the export keeps it as removed).
    removed = models.BooleanField(default=False)

    class Meta:
        ordering = ["league", "played", "pk"]
        indexes = [models.Index(fields=["league", "played"], name="league_game_played")]

    def __str__(self) -> str:
        return f"{self.league} {self.game.public_id}"


class Placing(models.Model):
    """A player's place in a finished league game, as the engine ranks the game's totals."""

    league_game = models.ForeignKey(LeagueGame, on_delete=models.CASCADE, related_name="placings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="placings")
    seat = models.CharField(max_length=40)  # the name in the game
    place = models.PositiveSmallIntegerField()
    score = models.IntegerField()  # final total less the start, in the variant's unit

    class Meta:
        ordering = ["league_game", "place", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["league_game", "player"], name="placing_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.seat} #{self.place}"


class RatingSnapshot(models.Model):
    """A player's rating in one scope right after one ranked game.

    Derived rows, rewritten thousands at a time when an early game is corrected, only ever by
    a rebuild under the league's lock from rows it has just read. So the database keeps no
    foreign key constraints on them (PostgreSQL checked three per inserted row at commit:
    about 100 ms of a first-game correction in a 2,000-game league) and no single-column
    indexes on league and player (the two indexes below begin with those columns); Django's
    cascades still delete a league's, game's or player's snapshots with it."""

    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="+", db_constraint=False, db_index=False
    )
    scope = models.CharField(max_length=60)
    league_game = models.ForeignKey(
        LeagueGame, on_delete=models.CASCADE, related_name="+", db_constraint=False
    )
    played = models.DateTimeField()  # the game's, so a scope's history orders without a join
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="+", db_constraint=False, db_index=False
    )
    mu = models.FloatField()
    sigma = models.FloatField()

    class Meta:
        indexes = [
            models.Index(fields=["league", "scope", "played"], name="rating_scope_played"),
            models.Index(fields=["player", "scope", "played"], name="rating_player_played"),
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.mu:.2f}±{self.sigma:.2f}"


class Standing(models.Model):
    """One player's line in one scope's table: rewritten whenever a game of the scope changes."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="standings")
    scope = models.CharField(max_length=60)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="standings")
    games = models.PositiveIntegerField()
    wins = models.PositiveIntegerField()
    place_sum = models.PositiveIntegerField()
    score = models.BigIntegerField()
    mu = models.FloatField()
    sigma = models.FloatField()
    last_played = models.DateTimeField()  # of the player's last game in the scope

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["league", "scope", "player"], name="standing_scope_player_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.player_id} {self.display:.2f}"

    @property
    def display(self) -> float:
        """The conservative rating shown and sorted by: μ − 3σ."""
        return self.mu - 3 * self.sigma

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def avg_place(self) -> float:
        return self.place_sum / self.games if self.games else 0.0


class HandTally(models.Model):
    """What one player's stored hands in one league game add up to (the counts their family
    tallies: see :mod:`scorekeeper.leagues.tallies`), so that a player's record sums a row per
    game. Rewritten with every stored write of the game, in play or finished."""

    league_game = models.ForeignKey(LeagueGame, on_delete=models.CASCADE, related_name="tallies")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    counts = models.JSONField(default=dict)  # {count: sum over the game's hands}
    tallied = models.BooleanField(default=False)  # some hand of the game counted for them
    chip_game = models.BooleanField(default=False)  # chips changed hands in the game

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "league_game"], name="hand_tally_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.league_game_id} {self.player_id} {self.counts}"


class ChipTally(models.Model):
    """The chips that went from ``opponent`` to ``player`` (``won``) and back (``lost``) in one
    league game's hands: who owes whom, summed over games. Rewritten with the game's tallies."""

    league_game = models.ForeignKey(LeagueGame, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    opponent = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    won = models.BigIntegerField()
    lost = models.BigIntegerField()

    class Meta:
        indexes = [models.Index(fields=["player", "opponent"], name="chip_tally_player")]

    def __str__(self) -> str:
        return f"{self.player_id}←{self.opponent_id} +{self.won} −{self.lost}"


class MergedPlayer(models.Model):
    """A player merged into another (``player``): the old id still leads there (a 301 from
    its page and its API document), as do the ids merged into it before."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="+")
    old_id = models.BigIntegerField()
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["league", "old_id"], name="merged_player_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.old_id} → {self.player_id}"


from .night_models import Night, NightRound, NightTable  # noqa: E402, F401 (club nights)
