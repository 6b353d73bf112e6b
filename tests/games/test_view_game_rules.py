"""/games/<id>/rules: the rules of one game as played, every house rule reflected."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from scorekeeper.rules import all_variants, get_variant

from .page_helpers import start_game

NAMES = ("Ann", "Bob", "Cy", "Dan")


def _players(variant):
    """Three players where the variant seats three, else as many as it seats."""
    low, high = variant.players
    return NAMES[: max(low, min(3, high))]


@pytest.mark.django_db
@pytest.mark.parametrize("variant", all_variants(), ids=lambda v: v.slug)
def test_every_switch_on_is_named_with_its_text(client, variant):
    switches = [o for o in variant.options if o.type == "bool"]
    game_id = start_game(client, variant.slug, _players(variant), {o.slug: True for o in switches})
    html = client.get(reverse("game_rules", args=[game_id])).content.decode()
    for option in variant.options:
        assert f'id="option-{option.slug}"' in html
    for option in switches:
        block = html.split(f'id="option-{option.slug}"', 1)[1].split("</li>", 1)[0]
        assert ">on<" in block, option.slug
        assert escape(option.summary) in block


@pytest.mark.django_db
@pytest.mark.parametrize("variant", all_variants(), ids=lambda v: v.slug)
def test_every_switch_off_is_named_off(client, variant):
    switches = [o for o in variant.options if o.type == "bool"]
    game_id = start_game(client, variant.slug, _players(variant), {o.slug: False for o in switches})
    html = client.get(reverse("game_rules", args=[game_id])).content.decode()
    for option in variant.options:
        if option.type == "bool":
            block = html.split(f'id="option-{option.slug}"', 1)[1].split("</li>", 1)[0]
            assert ">off<" in block, option.slug
            assert escape(option.summary) not in block


@pytest.mark.django_db
def test_around_the_corner_game_never_says_aces_are_low(client):
    game_id = start_game(client, "standard-rummy", options={"around-the-corner": True})
    html = client.get(reverse("game_rules", args=[game_id])).content.decode()
    assert "runs go around the corner" in html
    assert "K-A-2-3" in html
    assert "Aces are low only" not in html
    assert "Low only" not in html
    assert "ace 11" in html
    assert "ace 1," not in html
    # The generic page still gives the published rule.
    generic = client.get(reverse("rules", args=["standard-rummy"])).content.decode()
    assert "Aces are low only" in generic


@pytest.mark.django_db
def test_target_and_count_scoring_are_in_force(client):
    game_id = start_game(client, "caloochi", options={"count-scoring": True})
    html = client.get(reverse("game_rules", args=[game_id])).content.decode()
    assert "takes someone to 25 or more" in html
    assert "every card left in a hand counts 1, a joker 2" in html
    assert "ace 15" not in html
    game_id = start_game(client, "knock-rummy", options={"target": 150})
    html = client.get(reverse("game_rules", args=[game_id])).content.decode()
    assert "takes someone to 150 or more" in html
    assert "100 or more" not in html
    game_id = start_game(client, "standard-rummy", options={"target": 0})
    html = client.get(reverse("game_rules", args=[game_id])).content.decode()
    assert "every hand is a game of its own" in html


@pytest.mark.django_db
def test_hands_and_starting_points_are_in_force(client):
    game_id = start_game(
        client, "continental-rum", ("Ann", "Bob", "Cy", "Dan"), {"hands": 6, "starting-points": 50}
    )
    html = client.get(reverse("game_rules", args=[game_id])).content.decode()
    assert "the game lasts 6 hands" in html
    assert "every player starts on 50" in html
    assert "Players start on 100" not in html


@pytest.mark.django_db
def test_viewers_can_open_it(client):
    game_id = start_game(client, "german-rummy")
    viewer = Client()
    response = viewer.get(reverse("game_rules", args=[game_id]))
    assert response.status_code == 200
    assert "German Rummy" in response.content.decode()


@pytest.mark.django_db
def test_game_page_and_hand_form_show_the_house_rules_line(client):
    game_id = start_game(
        client, "standard-rummy", options={"around-the-corner": True, "target": 150}
    )
    rules_url = reverse("game_rules", args=[game_id])
    for url in (reverse("game", args=[game_id]), reverse("hand_new", args=[game_id])):
        html = client.get(url).content.decode()
        line = html.split('class="house-rules-line', 1)[1].split("</p>", 1)[0]
        assert "Around the corner" in line and "150" in line
        assert f'href="{rules_url}"' in line
        assert f'href="/check?game={game_id}"' in line


@pytest.mark.django_db
def test_dispute_links_carry_the_game(client):
    game_id = start_game(client, "standard-rummy", options={"around-the-corner": True})
    html = client.get(reverse("game_rules", args=[game_id])).content.decode()
    assert f"game={game_id}" in html
    assert "opt-around-the-corner=on" in html


@pytest.mark.django_db
def test_unknown_game_is_404(client):
    assert client.get(reverse("game_rules", args=["nope"])).status_code == 404


@pytest.mark.django_db
def test_queries_are_bounded(client, django_assert_max_num_queries):
    game_id = start_game(client, "phom", ("Ann", "Bob", "Cy", "Dan"))
    with django_assert_max_num_queries(4):
        client.get(reverse("game_rules", args=[game_id]))


def test_rummy_complete_offers_no_laying_switch():
    offered = {o.slug for o in get_variant("rummy-complete").options}
    assert "call-rummy" not in offered


@pytest.mark.django_db
def test_start_form_refuses_a_switch_rummy_complete_does_not_offer(client):
    data = {
        "variant": "rummy-complete",
        "seats": 2,
        "action": "create",
        "player-0": "Ann",
        "player-1": "Bob",
        "opt-call-rummy": "on",
    }
    response = client.post(reverse("game_start"), data)
    assert response.status_code == 200
    html = response.content.decode()
    assert "is not a house rule of Rummy Complete" in html
    assert "Call Rummy" in html


@pytest.mark.django_db
def test_disputes_are_answered_for_the_tables_own_house_rules(client):
    """Issue 17 bug 5: Around the Corner makes Q-K-A a run at this table, and the page says so
    (the engine's answer), not the default rules' "no"."""

    def qka(html):
        block = html[html.index("Can an ace go high") :]
        return block[: block.index("</li>")]

    corner = start_game(client, "standard-rummy", ("Ann", "Bob", "Cy"), {"around-the-corner": True})
    block = qka(client.get(reverse("game_rules", args=[corner])).content.decode())
    assert "At this table: a valid run" in block and "default rules" in block
    plain = start_game(client, "standard-rummy", ("Ann", "Bob", "Cy"))
    block = qka(client.get(reverse("game_rules", args=[plain])).content.decode())
    assert "At this table: not valid" in block
