"""One game out: CSV and JSON of its hands, changes, totals, dealers and explanation codes; and
the preview's state after a hand, which a phone keeps with a hand it saves offline."""

import csv
import io
import json

import pytest
from django.urls import reverse

from scorekeeper.games.models import Game
from scorekeeper.games.pages.provisional import state_after_new_hand
from scorekeeper.i18n import render_message

from .page_helpers import HTMX, knock_hand, post_hand, start_game, state

pytestmark = pytest.mark.django_db


def _two_hands(client, players=("Ann", "Bob", "Cy")):
    game_id = start_game(client, "knock-rummy", list(players))
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))  # Ann +32
    post_hand(client, game_id, knock_hand(0, 9, 4, 20))  # Bob undercuts: +31, Ann -10
    return game_id


def test_json_export_has_every_hand_as_stored(client):
    game_id = _two_hands(client)
    response = client.get(reverse("game_export_json", args=[game_id]))
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    data = json.loads(response.content)
    stored = state(game_id)
    assert data["format"] == "rummytable-game/2"
    assert data["players"] == ["Ann", "Bob", "Cy"]
    assert [h["n"] for h in data["hands"]] == [1, 2]
    assert data["totals"] == stored["totals"]
    for exported, kept in zip(data["hands"], stored["hands"], strict=True):
        assert exported["deltas"] == kept["deltas"]
        assert exported["totals"] == kept["totals"]
        assert exported["dealer"] == kept["dealer"]
        assert exported["entry"] == kept["result"]
        assert exported["explanation_codes"] == kept["explanation"]
        assert all("code" in line for line in exported["explanation_codes"])


def test_csv_export_one_row_per_hand_numbers_as_numbers(client):
    game_id = _two_hands(client)
    response = client.get(reverse("game_export_csv", args=[game_id]))
    assert response["Content-Type"].startswith("text/csv")
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    assert rows[0][:4] == ["Hand", "Dealer", "Ann: change", "Ann: total"]
    assert rows[0][-1] == "Explanation"
    assert len(rows) == 3
    stored = state(game_id)
    second = stored["hands"][1]
    assert rows[2][0] == "2"
    assert rows[2][1] == second["dealer"]
    assert rows[2][2] == str(second["deltas"]["Ann"])  # a plain -10, a number for the sheet
    assert rows[2][3] == str(second["totals"]["Ann"])
    assert rows[2][-1] == " ".join(render_message(line) for line in second["explanation"])


def test_csv_export_defuses_formulas_in_names(client):
    game_id = start_game(client, "knock-rummy", ["=HYPERLINK(1)", "Bob", "+Cy"])
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    text = client.get(reverse("game_export_csv", args=[game_id])).content.decode()
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    assert rows[0][2] == "'=HYPERLINK(1): change"
    assert rows[0][6] == "'+Cy: change"
    assert not any(cell.startswith("=") for row in rows for cell in row)


def _csv(client, game_id, lang="en"):
    client.cookies["django_language"] = lang
    text = client.get(reverse("game_export_csv", args=[game_id])).content.decode()
    return list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))


def test_a_finished_gin_game_exports_its_bonuses_and_ends_at_the_page_totals(client):
    """The Gin CSV ended at the last hand's 115 where the page said 455: no bonus lines, and the
    JSON had the totals but not the bonuses."""
    game_id = start_game(client, "gin-rummy", ["Ann", "Bob"])
    assert post_hand(client, game_id, knock_hand(0, 0, 115)).status_code == 302
    stored = state(game_id)
    assert stored["over"] and stored["bonuses"]
    data = json.loads(client.get(reverse("game_export_json", args=[game_id])).content)
    assert data["bonuses"] == stored["bonuses"]
    rows = _csv(client, game_id)
    last = rows[-1]
    assert [int(last[3]), int(last[5])] == [stored["totals"]["Ann"], stored["totals"]["Bob"]]
    assert [row[0] for row in rows[2:]] == ["Bonus"] * len(stored["bonuses"])
    assert int(rows[1][3]) < stored["totals"]["Ann"]  # the hand alone is not the final total


def test_a_phom_export_has_each_hands_payments_and_the_settlement(client):
    game_id = start_game(client, "phom", ["Ann", "Bob", "Cy"], dealer="Cy")
    for _ in range(2):
        post_hand(client, game_id, {"winner": "none", "p0-points": 15, "p1-points": 9,
                                    "p2-points": 22})
    stored = state(game_id)
    data = json.loads(client.get(reverse("game_export_json", args=[game_id])).content)
    assert [h["transfers"] for h in data["hands"]] == [h["transfers"] for h in stored["hands"]]
    assert data["settlement"] and all({"from", "to", "amount"} <= set(p) for p in data["settlement"])
    rows = _csv(client, game_id)
    payments = rows[0].index("Payments")
    assert "→" in rows[1][payments]
    settle = [row for row in rows if row[0] == "Settle up"]
    assert len(settle) == len(data["settlement"])


def test_the_csv_speaks_the_language_of_the_page_that_links_it(client):
    game_id = _two_hands(client)
    rows = _csv(client, game_id, "cs")
    assert rows[0][0] == "Kolo" and "explanation" not in rows[0][-1].lower()
    assert not any("knock." in cell for row in rows[1:] for cell in row)  # no codes, words


def test_export_of_an_unknown_game_is_404(client):
    assert client.get(reverse("game_export_json", args=["nope"])).status_code == 404
    assert client.get(reverse("game_export_csv", args=["nope"])).status_code == 404


def test_export_queries_are_bounded(client, django_assert_max_num_queries):
    game_id = _two_hands(client)
    for n in range(8):
        post_hand(client, game_id, knock_hand(n % 3, 5, 12, 20))
    with django_assert_max_num_queries(4):
        client.get(reverse("game_export_json", args=[game_id]))


def test_the_game_page_links_its_exports_and_a_qr_for_print(client):
    game_id = _two_hands(client)
    html = client.get(reverse("game", args=[game_id])).content.decode()
    assert reverse("game_export_csv", args=[game_id]) in html
    assert reverse("game_export_json", args=[game_id]) in html
    assert 'class="print-only print-qr"' in html and "<svg" in html


def test_state_after_a_new_hand_is_the_replay_with_it(client):
    game_id = _two_hands(client)
    game = Game.objects.get(public_id=game_id)
    before = state(game_id)
    entry = {"knocker": "Cy", "hands": {"Ann": {"points": 10}, "Bob": {"points": 7}, "Cy": {"points": 2}}}
    after = state_after_new_hand(game=game, entry=entry)
    assert after["base"] == 2 and after["next"] == 4
    post_hand(client, game_id, knock_hand(2, 10, 7, 2))
    saved = state(game_id)
    assert dict(after["totals"]) == saved["totals"] != before["totals"]
    assert after["dealer"] == saved["dealer"]
    assert after["over"] is saved["over"]


def test_the_live_preview_carries_the_totals_after_the_hand(client):
    game_id = _two_hands(client)
    data = {"winner": "2", "p0-points": 10, "p1-points": 7, "p2-points": 2}
    html = client.post(reverse("hand_preview", args=[game_id]), data, **HTMX).content.decode()
    assert 'class="preview-after small" data-base="2"' in html
    post_hand(client, game_id, knock_hand(2, 10, 7, 2))
    for name, total in state(game_id)["totals"].items():
        shown = str(total).replace("-", "\u2212")
        assert f'data-player="{name}" data-total="{shown}"' in html


def test_chart_axis_keeps_small_moves_small():
    from scorekeeper.games.pages.presentation import chart

    drawn = chart(["Ann", "Bob"], [{"Ann": 103, "Bob": 97}, {"Ann": 101, "Bob": 99}], start=100)
    labels = [label for _, label in drawn.y_ticks]
    assert labels[-1] - labels[0] >= 50  # ±3 around 100 is not the whole height
    small = chart(["Ann", "Bob"], [{"Ann": 5, "Bob": 0}], start=0)
    assert min(label for _, label in small.y_ticks) == 0  # never below zero for nothing
