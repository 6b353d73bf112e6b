"""The games section of an export: each game with its seats, hands (deleted ones too) and
every revision of every hand. Imported games keep their public ids and edit-token hashes, so
shared links and edit links keep working; their results are recomputed by the engine."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import Prefetch
from django.utils.dateparse import parse_datetime

from scorekeeper.dataport import ImportRefused, Section
from scorekeeper.i18n import render_message
from scorekeeper.rules import RulesError
from scorekeeper.rules.errors import GameOverError
from scorekeeper.rules.families import score_at
from scorekeeper.rules.game import setup_table

from .models import Game, Hand, HandRevision, Ruling, Seat, SeatClaim
from .scoresheet.selectors import PUBLIC_ID, game_replay, hand_result_data, state_summary
from .table.handover import normalise_code


def export_games() -> list[dict[str, Any]]:
    revisions = Prefetch("revisions", queryset=HandRevision.objects.order_by("version"))
    hands = Prefetch("hands", queryset=Hand.objects.order_by("number", "pk").prefetch_related(revisions))
    seats = Prefetch("seats", queryset=Seat.objects.order_by("position").select_related("claim"))
    rulings = Prefetch("rulings", queryset=Ruling.objects.order_by("created", "pk"))
    games = Game.objects.order_by("pk").prefetch_related(seats, hands, rulings)
    return [_game(game) for game in games.iterator(chunk_size=200)]


def _game(game: Game) -> dict[str, Any]:
    return {
        "id": game.public_id,
        "variant": game.variant,
        "options": game.options,
        "players": [seat.name for seat in game.seats.all()],
        "dealer": game.dealer,
        "token_hash": game.token_hash,
        "code": game.code,
        "version": game.version,
        "created": game.created.isoformat(),
        "updated": game.updated.isoformat(),
        "hands": [
            {
                "number": hand.number,
                "entry": hand.entry,
                "dealer": hand.dealer,  # who dealt it, as recorded at the table
                "request_id": hand.request_id,
                "deleted_at": hand.deleted_at.isoformat() if hand.deleted_at else None,
                "version": hand.version,  # its latest revision's; the etag is made from it
                "checks": hand.checks,  # what the seated players said of it
                "created": hand.created.isoformat(),
                "updated": hand.updated.isoformat(),
                "revisions": [
                    {
                        "version": r.version,
                        "action": r.action,
                        "number": r.number,
                        "entry": r.entry,
                        "result": r.result,
                        "created": r.created.isoformat(),
                    }
                    for r in hand.revisions.all()
                ],
            }
            for hand in game.hands.all()
        ],
        # Seats held by phones: the hash of each seat's token, as for the game's own token.
        "claims": {s.name: s.claim.token_hash for s in game.seats.all() if hasattr(s, "claim")},
        "rulings": [
            {
                "created": r.created.isoformat(),
                "by": r.by,
                "question": r.question,
                "variant": r.variant,
                "rule": r.rule,
                "title": r.title,
                "text": r.text,
                "note": r.note,
            }
            for r in game.rulings.all()
        ],
    }


# -- import ---------------------------------------------------------------------------------


def load_games(items: list[dict[str, Any]]) -> dict[str, int]:
    counts = {"games": 0, "hands": 0, "revisions": 0}
    seen: set[str] = set()
    for index, item in enumerate(items):
        where = f"games[{index}]"
        game_id = _text(item, "id", where)
        if not PUBLIC_ID.fullmatch(game_id) or game_id in seen:
            raise ImportRefused(f"{where}.id", f"{game_id!r} is not a valid, unique game id")
        seen.add(game_id)
        if Game.objects.filter(public_id=game_id).exists():
            raise ImportRefused(f"{where}.id", f"game {game_id} already exists here")
        hands, revisions = _load_game(item, where)
        counts["games"] += 1
        counts["hands"] += hands
        counts["revisions"] += revisions
    return counts


def _load_game(item: dict[str, Any], where: str) -> tuple[int, int]:
    players = item.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ImportRefused(f"{where}.players", "expected a list of names")
    hands = item.get("hands", [])
    if not isinstance(hands, list) or not all(isinstance(h, dict) for h in hands):
        raise ImportRefused(f"{where}.hands", "expected a list of hands")
    options = item.get("options") or {}
    if not isinstance(options, dict):
        raise ImportRefused(f"{where}.options", "expected an object")
    token_hash = _text(item, "token_hash", where)
    if len(token_hash) != 64:
        raise ImportRefused(f"{where}.token_hash", "expected a sha256 hex digest")

    live = sorted((h for h in hands if not h.get("deleted_at")), key=lambda h: h.get("number", 0))
    if [h.get("number") for h in live] != list(range(1, len(live) + 1)):
        raise ImportRefused(f"{where}.hands", "live hands must be numbered 1, 2, 3... without gaps")
    game = Game(
        public_id=item["id"],
        variant=_text(item, "variant", where),
        options=options,
        dealer=_text(item, "dealer", where),
        token_hash=token_hash,
    )
    # The join code and the live version come back as they were (an export from before them,
    # or a code taken meanwhile: a new code, version 0).
    code = normalise_code(str(item.get("code") or ""))
    if code is not None and not Game.objects.filter(code=code).exists():
        game.code = code
    version = item.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and 0 <= version < 2**31:
        game.version = version
    # The engine checks the table and scores every live hand, in order, before anything stays.
    try:
        played = game_replay(
            game=game,
            players=players,
            entries=[h.get("entry") for h in live],
            dealers=[_dealer(h, where) for h in live],
        )
    except GameOverError as err:
        raise ImportRefused(f"{where}.hands", f"the game ends after hand {err.after}") from None
    except RulesError as err:
        field = getattr(err, "field", None)
        text = render_message(err.message)  # the engine's message, in the active language
        raise ImportRefused(f"{where}" + (f" ({field})" if field else ""), text) from None
    summary = state_summary(played.state)
    game.hand_count = len(live)
    game.totals = summary["totals"]
    game.over = summary["over"]
    game.winners = summary["winners"]
    game.next_dealer = summary["dealer"] or ""
    game.next_deal = summary["deal"]
    game.save()
    _stamp(Game, game.pk, item, where)
    seats = Seat.objects.bulk_create(
        Seat(game=game, position=i, name=n) for i, n in enumerate(players)
    )
    _load_table(game, seats, item, where)

    results = {id(h): (hand_result_data(r), dict(t)) for h, r, t in zip(live, played.hands, played.state.running, strict=True)}
    revision_count = 0
    for number, data in enumerate(hands):
        at = f"{where}.hands[{number}]"
        result, totals = results.get(id(data), ({}, {}))
        deleted_at = _time(data.get("deleted_at"), f"{at}.deleted_at") if data.get("deleted_at") else None
        hand = Hand.objects.create(
            game=game,
            number=_int(data, "number", at),
            entry=data.get("entry"),
            # Live hands: the dealer the replay used (as exported, or for an export from before
            # dealers were recorded, the one the rotation gave it then and gives it now).
            dealer=result.get("dealer") or _dealer(data, at) or "",
            result=result,
            totals=totals,
            request_id=data.get("request_id"),
            deleted_at=deleted_at,
            checks=_checks(data, players, at),
        )
        _stamp(Hand, hand.pk, data, at)
        versions = data.get("revisions", [])
        if not isinstance(versions, list) or not versions:
            raise ImportRefused(f"{at}.revisions", "every hand has at least its first version")
        for v, rev in enumerate(versions):
            rat = f"{at}.revisions[{v}]"
            action = _text(rev, "action", rat)
            if action not in HandRevision.Action.values:
                raise ImportRefused(f"{rat}.action", f"{action!r} is not a revision action")
            revision = HandRevision.objects.create(
                hand=hand,
                version=_int(rev, "version", rat),
                action=action,
                number=_int(rev, "number", rat),
                entry=rev.get("entry"),
                result=_rescored(game, players, rev, rat),
            )
            _stamp(HandRevision, revision.pk, rev, rat, fields=("created",))
            revision_count += 1
        # The hand's version is its latest revision's (older exports do not say it).
        latest = max(_int(rev, "version", at) for rev in versions)
        version = data.get("version", latest)
        if version != latest or isinstance(version, bool):
            raise ImportRefused(f"{at}.version", f"expected {latest}, its latest revision's version")
        if version != hand.version:
            Hand.objects.filter(pk=hand.pk).update(version=version)
    return len(hands), revision_count


def _checks(data: dict[str, Any], players: list[str], where: str) -> dict[str, Any]:
    checks = data.get("checks") or {}
    if not isinstance(checks, dict) or not all(
        name in players and isinstance(said, dict) for name, said in checks.items()
    ):
        raise ImportRefused(f"{where}.checks", "expected {player: {disputed, reason}}")
    return checks


def _load_table(game: Game, seats: list[Seat], item: dict[str, Any], where: str) -> None:
    """The seats phones hold and the rulings the table kept (exports from before have none)."""
    claims = item.get("claims") or {}
    by_name = {seat.name: seat for seat in seats}
    if not isinstance(claims, dict) or not all(
        name in by_name and isinstance(h, str) and len(h) == 64 for name, h in claims.items()
    ):
        raise ImportRefused(f"{where}.claims", "expected {player: sha256 hex digest}")
    SeatClaim.objects.bulk_create(
        SeatClaim(seat=by_name[name], token_hash=h) for name, h in claims.items()
    )
    rulings = item.get("rulings") or []
    if not isinstance(rulings, list) or not all(isinstance(r, dict) for r in rulings):
        raise ImportRefused(f"{where}.rulings", "expected a list of rulings")
    for n, data in enumerate(rulings):
        at = f"{where}.rulings[{n}]"
        ruling = Ruling.objects.create(
            game=game,
            **{
                key: _text(data, key, at) if key in ("question", "variant", "rule") else
                str(data.get(key) or "")
                for key in ("by", "question", "variant", "rule", "title", "text", "note")
            },
        )
        _stamp(Ruling, ruling.pk, data, at, fields=("created",))
    if rulings:
        Game.objects.filter(pk=game.pk).update(ruling_count=len(rulings))


def _dealer(item: dict[str, Any], where: str) -> str | None:
    """A hand's recorded dealer, or None where the export does not say (older exports)."""
    value = item.get("dealer")
    if value in (None, ""):
        return None
    if not isinstance(value, str):
        raise ImportRefused(f"{where}.dealer", "expected a player's name")
    return value


# What a revision's result says that the engine decides: a file whose revision claims other
# deltas, winners or transfers than its entry scores to was edited by hand, and is refused.
SCORED = ("deltas", "winners", "transfers")


def _rescored(game: Game, players: list[str], rev: dict[str, Any], where: str) -> dict[str, Any]:
    """The engine's result for this revision's entry (never the file's), at the dealer the
    revision was scored with; refused when the file's result disagrees with it."""
    stored = rev.get("result")
    if not isinstance(stored, dict):
        raise ImportRefused(f"{where}.result", "expected an object")
    dealer = stored.get("dealer") if stored.get("dealer") in players else None
    if dealer is None:
        raise ImportRefused(f"{where}.result.dealer", "expected one of the game's players")
    try:
        table, names, dealer = setup_table(
            variant=game.variant, options=game.options, players=players, dealer=dealer
        )
        result = hand_result_data(score_at(table, names, dealer, rev.get("entry")))
    except RulesError as err:
        field = getattr(err, "field", None)
        text = render_message(err.message)
        raise ImportRefused(f"{where}.entry" + (f" ({field})" if field else ""), text) from None
    for key in SCORED:
        if stored.get(key) != result.get(key):
            raise ImportRefused(
                f"{where}.result.{key}",
                f"the file says {stored.get(key)!r}, the engine scores this entry {result.get(key)!r}",
            )
    return result


def _text(item: dict[str, Any], key: str, where: str) -> str:
    value = item.get(key)
    if not isinstance(value, str) or not value:
        raise ImportRefused(f"{where}.{key}", "expected a non-empty string")
    return value


def _int(item: dict[str, Any], key: str, where: str) -> int:
    value = item.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ImportRefused(f"{where}.{key}", "expected a whole number")
    return value


def _time(value: Any, where: str) -> datetime:
    try:
        parsed = parse_datetime(value) if isinstance(value, str) else None
    except ValueError:  # well formed, but no such day or hour
        parsed = None
    if parsed is None:
        raise ImportRefused(where, f"{value!r} is not a date and time")
    return parsed


def _stamp(model, pk: int, item: dict[str, Any], where: str, fields=("created", "updated")) -> None:
    """Keep the exported times (auto_now fields would say "now")."""
    times = {f: _time(item[f], f"{where}.{f}") for f in fields if item.get(f)}
    if times:
        model.objects.filter(pk=pk).update(**times)


SECTION = Section(name="games", export=export_games, load=load_games)
