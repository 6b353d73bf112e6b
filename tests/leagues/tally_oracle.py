"""The oracle of a player's record: the tallies the services store per league game add up to
what replaying every stored hand gives (:func:`stats_from_hands`, the computation the record
used before the tallies were stored), whatever was done to the league's games and players."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.utils import timezone

from scorekeeper.games.models import Hand
from scorekeeper.leagues.models import League, Placing, Player, Season
from scorekeeper.rules.families import family_of


def stats_from_hands(
    *,
    league: League,
    player: Player,
    season: Season | None = None,
    variant: str | None = None,
) -> dict[str, Any]:
    """The record as it was computed before the tallies were stored (issue 17): every stored
    hand of every league game the player sat in, replayed through the families' tally hooks.

    What only the table can tell of a player, from every stored hand of the league's games
    they sat in (ranked or friendly; a game still in play counts the hands played so far),
    per variant: the counts each family tallies (:meth:`Family.tally`: hands, won, went out,
    points left when not winning, undercuts, ù, móm, chips) with the rates and averages they
    give, over the games of ``season`` (its days) and ``variant`` when given. ``in_progress``:
    how many of those games are still in play. And, lifetime whatever the scope, the chips
    that went between the player and each opponent in chip games (``chips``, with
    ``chips_in_progress`` games still in play among them).

    Two queries however many games: the hands (with each game's variant, day and seat map),
    then the opponents' names."""
    done = Placing.objects.filter(player=player, league_game__league=league).values(
        "league_game__game_id"
    )
    # The finished games the player has a place in, and the league's games in play (a
    # league has few), whose seat maps tell whether the player sits in them.
    in_play = Q(game__league_link__league=league, game__league_link__finished=False)
    rows = (
        Hand.objects.filter(deleted_at__isnull=True)
        .filter(Q(game_id__in=done) | in_play)
        .exclude(game__league_link__removed=True)  # taken out of the league: counted nowhere
        .order_by("game_id", "number")
        .values_list(
            "game_id",
            "game__variant",
            "game__league_link__seats",
            "game__league_link__played",
            "game__league_link__finished",
            "entry",
            "result",
        )
    )
    sums: dict[str, dict[str, int]] = {}
    owed: dict[int, list[int]] = {}  # opponent id → [chips won from them, chips lost to them]
    scoped_in_play: set[int] = set()
    chips_in_play: set[int] = set()
    for game_id, slug, seats, played, finished, entry, result in rows:
        seat = next((name for name, pk in (seats or {}).items() if pk == player.pk), None)
        if seat is None:
            continue  # a game in play without the player
        playing = not finished
        family = family_of(slug)
        flows = family.chip_flows(result or {})
        for payer, payee, amount in flows:
            if payee == seat and seats.get(payer) is not None:
                owed.setdefault(seats[payer], [0, 0])[0] += amount
            elif payer == seat and seats.get(payee) is not None:
                owed.setdefault(seats[payee], [0, 0])[1] += amount
        if flows and playing:
            chips_in_play.add(game_id)
        if variant and slug != variant:
            continue
        if season and not season.starts <= timezone.localdate(played) <= season.ends:
            continue
        mine = family.tally(entry or {}, result or {}).get(seat)
        if mine is None:
            continue
        if playing:
            scoped_in_play.add(game_id)
        line = sums.setdefault(slug, {})
        for key, value in mine.items():
            line[key] = line.get(key, 0) + value
    by_variant = []
    for slug, line in sums.items():
        tallies = family_of(slug).tallies
        item: dict[str, Any] = {"variant": slug}
        item.update({key: line.get(key, 0) for key in tallies if key != "left"})
        hands = line.get("hands", 0)
        if "went_out" in tallies:
            item["going_out_rate"] = line.get("went_out", 0) / hands if hands else 0.0
        if "left" in tallies:
            left_hands = line.get("left_hands", 0)
            item["avg_left"] = line.get("left", 0) / left_hands if left_hands else None
        by_variant.append(item)
    by_variant.sort(key=lambda item: (-item["hands"], item["variant"]))
    names = (
        dict(Player.objects.filter(league=league, pk__in=list(owed)).values_list("pk", "name"))
        if owed
        else {}
    )
    chips = [
        {
            "player_id": pid,
            "player": names.get(pid, ""),
            "won": won,
            "lost": lost,
            "net": won - lost,
        }
        for pid, (won, lost) in owed.items()
        if pid != player.pk and pid in names
    ]
    chips.sort(key=lambda line: (-abs(line["net"]), line["player"].casefold()))
    return {
        "by_variant": by_variant,
        "in_progress": len(scoped_in_play),
        "chips": chips,
        "chips_in_progress": len(chips_in_play),
    }
