"""A club night (API.md "Club nights"): a league's evening of several tables over rounds.

Each table of a round is an ordinary ranked league game (:class:`~.models.LeagueGame`), made
when the round is drawn; a night only remembers who was present, how it seats players, and
which game each table of each round is.
"""

from __future__ import annotations

from django.db import models


class Night(models.Model):
    class Seating(models.TextChoices):
        SPREAD = "spread"
        STANDINGS = "standings"

    league = models.ForeignKey("leagues.League", on_delete=models.CASCADE, related_name="nights")
    played_on = models.DateField()
    variant = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True)
    players = models.JSONField(default=list)  # ids of the league's players present, in order
    rounds = models.PositiveSmallIntegerField(default=3)  # planned
    seating = models.CharField(max_length=10, choices=Seating.choices, default=Seating.SPREAD)
    hide_last_rounds = models.PositiveSmallIntegerField(default=0)
    # Grows with every change of the night itself (a draw, a swap, an approval, a call); the
    # live stream's version adds its tables' game versions to it.
    version = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league", "-played_on", "-pk"]

    def __str__(self) -> str:
        return f"{self.league_id} night {self.played_on}"


class NightRound(models.Model):
    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()  # 1-based
    seed = models.BigIntegerField()  # the draw's: it reproduces the seating and the dealers
    cost = models.PositiveIntegerField(default=0)  # repeated opponents (spread)
    approved = models.DateTimeField(null=True, blank=True)
    forced = models.BooleanField(default=False)  # approved with tables still open

    class Meta:
        ordering = ["night", "number"]
        constraints = [
            # The last line of defence against two draws at once.
            models.UniqueConstraint(fields=["night", "number"], name="night_round_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.night} round {self.number}"


class NightTable(models.Model):
    round = models.ForeignKey(NightRound, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()  # 1-based: table 1 is the top table
    league_game = models.OneToOneField(
        "leagues.LeagueGame", on_delete=models.CASCADE, related_name="night_table"
    )
    players = models.JSONField(default=list)  # league player ids, in seat order
    call = models.CharField(max_length=200, blank=True)  # why the table called the organiser
    called = models.DateTimeField(null=True, blank=True)  # None: no call open

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="night_table_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.round} table {self.number}"
