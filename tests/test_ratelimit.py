"""Rate limits per client: 429 with Retry-After after the limit, never for a normal table."""

import json
import time

import pytest
from django.core.cache import cache
from django.test import RequestFactory
from django.urls import reverse

from scorekeeper import ratelimit
from scorekeeper.games.models import Game

pytestmark = pytest.mark.django_db

BODY = json.dumps({"variant": "standard-rummy", "players": ["Ann", "Bob", "Cy"]})


@pytest.fixture
def limits(settings):
    settings.RATE_LIMITS_ENABLED = True
    settings.RATE_LIMITS = {
        "create": (3, 600),
        "write": (5, 600),
        "preview": (8, 600),
        "join_code": (20, 600),
    }
    cache.clear()
    yield settings.RATE_LIMITS
    cache.clear()


def create(client, ip="10.0.0.1"):
    return client.post("/api/v1/games", BODY, content_type="application/json", REMOTE_ADDR=ip)


def test_the_api_answers_429_with_retry_after_past_the_create_limit(client, limits):
    assert [create(client).status_code for _ in range(3)] == [201, 201, 201]
    refused = create(client)
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 600
    error = refused.json()["error"]
    assert error["code"] == "throttled" and error["request_id"] == refused["X-Request-ID"]
    assert Game.objects.count() == 3
    assert create(client, ip="10.0.0.2").status_code == 201  # per client


def test_hand_writes_have_their_own_budget(client, limits):
    created = create(client).json()
    url = f"/api/v1/games/{created['id']}/hands"
    auth = {"HTTP_AUTHORIZATION": f"Bearer {created['token']}", "REMOTE_ADDR": "10.0.0.1"}
    hand = json.dumps({"result": {"out": "Ann", "hands": {"Bob": {"points": 1}, "Cy": {"points": 2}}}})
    codes = [client.post(url, hand, content_type="application/json", **auth).status_code for _ in range(6)]
    assert codes == [201] * 5 + [429]
    assert client.get(f"/api/v1/games/{created['id']}").status_code == 200  # reads never count


def test_pages_answer_429_with_a_page(client, limits):
    data = {"variant": "knock-rummy", "seats": 2, "player-0": "Ann", "player-1": "Bob", "action": "create"}
    codes = [client.post(reverse("game_start"), data).status_code for _ in range(4)]
    assert codes == [302, 302, 302, 429]
    refused = client.post(reverse("game_start"), data)
    assert "Slow down" in refused.content.decode() and refused["Retry-After"]
    # Redrawing the start form (another seat) is not creating a game.
    assert client.post(reverse("game_start"), {**data, "action": "add-seat"}).status_code == 200


def test_retry_after_counts_to_the_end_of_the_window(limits):
    for _ in range(3):
        assert ratelimit.hit("create", "10.9.9.9", now=1200.0) is None
    assert ratelimit.hit("create", "10.9.9.9", now=1500.5) == 300  # the window ends at 1800
    assert ratelimit.hit("create", "10.9.9.9", now=1800.0) is None  # a new window


@pytest.mark.parametrize(
    "method, path, group",
    [
        ("POST", "/api/v1/games", "create"),
        ("POST", "/api/v1/leagues", "create"),
        ("POST", "/api/v1/games/abc/hands", "write"),
        ("PUT", "/api/v1/games/abc/hands/2", "write"),
        ("DELETE", "/api/v1/games/abc/hands/2", "write"),
        ("POST", "/api/v1/score", "preview"),
        ("POST", "/games/abc/hands/", "write"),
        ("POST", "/games/abc/hands/preview/", "preview"),
        ("POST", "/games/abc/undo/", "write"),
        ("GET", "/api/v1/games/abc", None),
        ("GET", "/games/abc/", None),
    ],
)
def test_which_requests_count(method, path, group):
    request = RequestFactory().generic(method, path)
    assert ratelimit.group_of(request) == group


def test_a_table_of_normal_use_never_meets_the_defaults(settings):
    # Four hours, a hand every 2 minutes with 3 corrections an hour, previews on every change.
    create, period = settings.RATE_LIMITS["create"]
    write, _ = settings.RATE_LIMITS["write"]
    preview, _ = settings.RATE_LIMITS["preview"]
    per_window = period / 60
    assert write >= 10 * (per_window / 2 + 1)  # ten tables behind one address
    assert preview >= 10 * per_window * 4
    assert create >= 10 * 2



@pytest.mark.parametrize(
    "language, wait, words",
    [("en", 600, "in 10 minutes."), ("en", 30, "in 1 minute."), ("cs", 60, "za 1 minutu."),
     ("cs", 150, "za 3 minuty."), ("cs", 600, "za 10 minut."), ("ro", 1200, "peste 20 de minute."),
     ("ro", 120, "peste 2 minute."), ("de", 60, "in 1 Minute noch einmal.")],
)
def test_the_wait_is_said_with_the_plural_of_the_language(language, wait, words):
    from django.utils import translation

    middleware = ratelimit.RateLimitMiddleware(lambda request: None)
    request = RequestFactory().post("/api/v1/games", REMOTE_ADDR="10.0.0.1")
    with translation.override(language):
        refused = middleware._refuse(request, "create", wait)
    assert refused.status_code == 429 and refused["Retry-After"] == str(wait)
    message = json.loads(refused.content)["error"]["message"]
    assert message.endswith(words) and "(" not in message, message


# -- join codes (issue 33 §7) ------------------------------------------------------------------


def join(client, code, ip="10.0.0.7", **extra):
    return client.post(reverse("game_by_code"), {"code": code}, REMOTE_ADDR=ip, **extra)


def test_wrong_join_codes_are_limited_per_address_and_right_ones_never_count(client, limits):
    from scorekeeper.games.scoresheet.services import game_create

    game, _token = game_create(
        variant="standard-rummy", options={}, players=["Ann", "Bob"], dealer=None
    )
    limits["preview"] = (10_000, 600)  # the page's own budget is not what is tested here
    # A club room behind one address: many right codes, never refused.
    assert {join(client, game.code).status_code for _ in range(50)} == {302}
    wrong = "ZZZZZ9" if game.code != "ZZZZZ9" else "ZZZZZ8"
    assert [join(client, wrong).status_code for _ in range(20)] == [404] * 20
    refused = join(client, wrong)
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 600
    assert "Too many wrong codes from this network" in refused.content.decode()
    # While it waits, no code from that address is looked at (a right one would tell a guess).
    assert join(client, game.code).status_code == 429
    # Another address is not affected.
    assert join(client, game.code, ip="10.0.0.8").status_code == 302


def test_the_wait_is_said_in_the_pages_language(client, limits):
    limits["join_code"] = (1, 600)
    join(client, "ZZZZZ9")
    refused = join(client, "ZZZZZ9", HTTP_ACCEPT_LANGUAGE="de")
    assert refused.status_code == 429
    assert 'lang="de"' in refused.content.decode()


def test_the_wait_ends_with_the_window(limits):
    request = RequestFactory().post("/join/", REMOTE_ADDR="10.0.0.9")
    limits["join_code"] = (2, 600)
    for _ in range(2):
        ratelimit.code_guess_wrong(request)
    # Counted in the current window: waits until its end, and no longer.
    wait = ratelimit.code_guesses_wait(request)
    assert wait is not None and 1 <= wait <= 600
    assert ratelimit.code_guesses_wait(request, now=time.time() + wait + 1) is None
