"""Migration 0012 moves the games' edit grants into the one grant model (issue 24 section 5):
every row is copied with its HMAC, so no phone loses its right to keep score, and backwards the
game rows come back."""

from types import SimpleNamespace

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.core.management import call_command
from django.db import connection
from django.test import RequestFactory

from scorekeeper.games.models import hash_token
from scorekeeper.games.rights import access
from tests.test_migrations import _migrate, back_to_latest  # noqa: F401 (a fixture)

BEFORE = ("games", "0011_game_ruling_count")
AFTER = ("games", "0012_grants")


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("back_to_latest")
def test_edit_grants_become_grant_rows_and_come_back():
    old = _migrate(BEFORE)
    Game, EditGrant = old.get_model("games", "Game"), old.get_model("games", "EditGrant")
    games = [
        Game.objects.create(variant="knock-rummy", options={}, token_hash=hash_token(f"t{n}"))
        for n in range(2)
    ]
    phones = [SessionStore() for _ in range(2)]
    for phone in phones:
        phone.create()
    grant = lambda game: access.grant_for(SimpleNamespace(**vars(game)))  # noqa: E731
    kept = [(phones[0], games[0]), (phones[0], games[1]), (phones[1], games[1])]
    for phone, game in kept:
        EditGrant.objects.create(
            session_id=phone.session_key, game=game, grant=grant(game), seen="2026-05-01T10:00Z"
        )

    new = _migrate(AFTER)
    Grant = new.get_model("games", "Grant")
    rows = {(r.session_id, r.public_id): r for r in Grant.objects.all()}
    assert set(rows) == {(phone.session_key, game.public_id) for phone, game in kept}
    for phone, game in kept:
        row = rows[phone.session_key, game.public_id]
        assert row.kind == "game" and row.grant == grant(game)
        assert row.seen.isoformat().startswith("2026-05-01T10:00")
    assert "games_editgrant" not in connection.introspection.table_names()

    # An organiser grant made since goes back into its session's list, where it was kept before.
    phones[1]["leagues"] = {"L1": {"seen": "2026-04-01T00:00:00+00:00"}, "L2": {"seen": "x"}}
    phones[1].save()
    Grant.objects.create(
        session_id=phones[1].session_key,
        kind="league",
        public_id="L1",
        grant="g" * 64,
        seen="2026-06-01T10:00Z",
    )

    back = _migrate(BEFORE)
    EditGrant = back.get_model("games", "EditGrant")
    assert {(r.session_id, r.game_id, r.grant) for r in EditGrant.objects.all()} == {
        (phone.session_key, game.pk, grant(game)) for phone, game in kept
    }
    leagues = SessionStore(phones[1].session_key).load()["leagues"]
    assert leagues["L1"]["grant"] == "g" * 64 and leagues["L1"]["seen"].startswith("2026-06-01")
    assert leagues["L2"] == {"seen": "x"}
    assert "leagues" not in SessionStore(phones[0].session_key).load()


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("back_to_latest")
def test_a_copied_grant_still_lets_its_phone_edit():
    old = _migrate(BEFORE)
    Game, EditGrant = old.get_model("games", "Game"), old.get_model("games", "EditGrant")
    game = Game.objects.create(variant="knock-rummy", options={}, token_hash=hash_token("t"))
    phone = SessionStore()
    phone.create()
    EditGrant.objects.create(
        session_id=phone.session_key,
        game=game,
        grant=access.grant_for(SimpleNamespace(**vars(game))),
        seen="2026-05-01T10:00Z",
    )
    call_command("migrate", verbosity=0)
    from scorekeeper.games.models import Game as LatestGame

    request = RequestFactory().get("/")
    request.session = SessionStore(phone.session_key)
    assert access.can_edit(request, LatestGame.objects.get(pk=game.pk))
    stranger = RequestFactory().get("/")
    stranger.session = SessionStore()
    assert not access.can_edit(stranger, LatestGame.objects.get(pk=game.pk))
