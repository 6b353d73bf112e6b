"""export_data and import_data: a round trip keeps every game, hand and revision; any error
imports nothing; the default is a dry run."""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scorekeeper.games.models import Game, Hand, HandRevision, Seat
from scorekeeper.games.selectors import game_state
from scorekeeper.games.services import game_create, hand_correct, hand_delete, hand_record

pytestmark = pytest.mark.django_db

ABC = ["Ann", "Bob", "Cy"]


def standard(points: int) -> dict:
    return {"out": "Ann", "hands": {"Bob": {"points": points}, "Cy": {"cards": "KH 7S"}}}


def make_games() -> list[str]:
    game, _ = game_create(variant="standard-rummy", options={"target": 500}, players=ABC, dealer="Bob")
    for points in (10, 20, 30, 40):
        hand_record(game=game, entry=standard(points), request_id=f"r{points}")
    hand_correct(game=game, number=2, entry=standard(25))
    hand_delete(game=game, number=3)
    knock, _ = game_create(variant="knock-rummy", options=None, players=["Zoë", "Łukasz"], dealer=None)
    hand_record(game=knock, entry={"knocker": "Zoë", "hands": {"Zoë": {"points": 3}, "Łukasz": {"hand": "AS 2S 3S 4D 9C KD 5H 6H 7C 8D"}}})
    return [game.public_id, knock.public_id]


def export() -> dict:
    out = io.StringIO()
    call_command("export_data", stdout=out)
    return json.loads(out.getvalue())


def load(document: dict, tmp_path, *flags) -> str:
    path = tmp_path / "export.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    out = io.StringIO()
    call_command("import_data", str(path), *flags, stdout=out)
    return out.getvalue()


def wipe() -> None:
    Game.objects.all().delete()


def counts() -> tuple[int, int, int, int]:
    return (Game.objects.count(), Seat.objects.count(), Hand.objects.count(), HandRevision.objects.count())


def test_round_trip_keeps_everything(tmp_path):
    ids = make_games()
    states = {gid: game_state(game=Game.objects.get(public_id=gid)) for gid in ids}
    before = export()
    assert before["format"] == "rummy-table" and len(before["games"]) == 2
    first = before["games"][0]
    assert len(first["hands"]) == 4  # the deleted hand too
    assert [r["action"] for r in first["hands"][1]["revisions"]] == ["recorded", "corrected"]
    stored = counts()

    wipe()
    assert "dry run: 2 games, 5 hands, 7 revisions" in load(before, tmp_path)
    assert counts() == (0, 0, 0, 0)  # a dry run keeps nothing

    assert "imported 2 games" in load(before, tmp_path, "--commit")
    assert counts() == stored
    after = export()
    assert after["games"] == before["games"]
    for gid in ids:
        restored = game_state(game=Game.objects.get(public_id=gid))
        # An etag names one stored row's version, so a restored hand gets a new one (a phone
        # holding an old one is told to reload, 412); everything else is as it was.
        etags = [h.pop("etag") for h in restored["hands"]]
        assert len(set(etags)) == len(etags) and all(len(e) == 20 for e in etags)
        for hand in states[gid]["hands"]:
            hand.pop("etag")
        assert restored == states[gid]


def test_an_existing_game_refuses_the_whole_import(tmp_path):
    make_games()
    document = export()
    Game.objects.filter(public_id=document["games"][1]["id"]).delete()
    stored = counts()
    with pytest.raises(CommandError, match=r"games\[0\].id: game .* already exists"):
        load(document, tmp_path, "--commit")
    assert counts() == stored


@pytest.mark.parametrize(
    "damage, says",
    [
        (lambda g: g["hands"][0]["entry"]["hands"]["Cy"].update(cards="KH 1X"), "'1X' is not a card"),
        (lambda g: g.update(variant="gin-rummy"), "not a known variant"),
        (lambda g: g.update(players=["Ann"]), "games[2]"),
        (lambda g: g["hands"][1].update(number=7), "numbered 1, 2, 3"),
        (lambda g: g["hands"][1]["revisions"][0].update(action="burned"), "not a revision action"),
        (lambda g: g["hands"][1].update(request_id="r10"), "conflicting data"),
    ],
)
def test_any_error_imports_nothing(tmp_path, damage, says):
    make_games()
    document = export()
    wipe()
    document["games"].append(json.loads(json.dumps(document["games"][0])))
    document["games"][-1]["id"] = "copy1"
    damage(document["games"][-1])
    with pytest.raises(CommandError) as refused:
        load(document, tmp_path, "--commit")
    assert says in str(refused.value)
    assert counts() == (0, 0, 0, 0)


def test_not_an_export_is_refused(tmp_path):
    with pytest.raises(CommandError, match="not a rummy-table export"):
        load({"games": []}, tmp_path)
    with pytest.raises(CommandError, match="does not know this section"):
        load({"format": "rummy-table", "version": 1, "tournaments": []}, tmp_path)
