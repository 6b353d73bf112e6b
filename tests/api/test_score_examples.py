"""The rules' worked examples 9-46 and 47-55 (Gin Rummy, Rummy 500), through the JSON API.

The facts are copied from the specification's examples section into the table below, so the
tests stand on their own. Players sit in the listed order; "deltas" lists every player.
"""


import pytest

from tests.api.helpers import post

ABC = ["Ann", "Bob", "Cy"]
ABCD = ["Ann", "Bob", "Cy", "Dan"]
AB = ["Ann", "Bob"]


def points(**counts) -> dict:
    return {name: {"points": n} for name, n in counts.items()}


def cards(**held) -> dict:
    return {name: {"cards": text} for name, text in held.items()}


def hands(**held) -> dict:
    return {name: {"hand": text} for name, text in held.items()}


def melds(name: str, *texts: str) -> dict:
    return {name: {"melds": list(texts)}}


STANDARD = cards(Bob="KH 7S 2D", Cy="AS AD 9C")  # Bob 19, Cy 11
JOKER_HANDS = cards(Bob="JK AS 5D", Cy="KC 2H")
CONTINENTAL = ["5H 6H 7H 8H 9H", "JS QS KS AS", "2D 3D JK", "9C 10C JC"]
EACH_PAYS_ANN = {"Bob": -1, "Cy": -1, "Dan": -1}


def pays(amount: int, to: str, players=ABCD) -> dict:
    others = [p for p in players if p != to]
    return {to: amount * len(others), **{p: -amount for p in others}}


# fmt: off
# (example, variant, options, players, dealer, result, deltas, other facts of the answer)
EXAMPLES = [
    # Standard Rummy (Ann goes out)
    (9, "standard-rummy", {}, ABC, None, {"out": "Ann", "hands": STANDARD},
     {"Ann": 30, "Bob": 0, "Cy": 0}, {"players.Bob.count": 19, "players.Cy.count": 11, "winners": ["Ann"]}),
    (10, "standard-rummy", {"around-the-corner": True}, ABC, None, {"out": "Ann", "hands": STANDARD},
     {"Ann": 50, "Bob": 0, "Cy": 0}, {"players.Cy.count": 31}),
    (11, "standard-rummy", {"rummy-hidden": True}, ABC, None, {"out": "Ann", "rummy": True, "hands": STANDARD},
     {"Ann": 60, "Bob": 0, "Cy": 0}, {}),
    (12, "standard-rummy", {"count-scoring": True}, ABC, None, {"out": "Ann", "hands": STANDARD},
     {"Ann": 6, "Bob": 0, "Cy": 0}, {}),
    (13, "standard-rummy", {}, ABC, None, {"out": "Ann", "hands": points(Bob=19, Cy=11)},
     {"Ann": 30, "Bob": 0, "Cy": 0}, {}),
    # Block Rummy (blocked)
    (14, "block-rummy", {}, ABC, None, {"blocked": True, "hands": points(Ann=5, Bob=12, Cy=30)},
     {"Ann": 32, "Bob": 0, "Cy": 0}, {"winners": ["Ann"]}),
    (15, "block-rummy", {}, ABC, None, {"blocked": True, "hands": points(Ann=12, Bob=12, Cy=30)},
     {"Ann": 9, "Bob": 9, "Cy": 0}, {"winners": ["Ann", "Bob"]}),
    (16, "block-rummy", {}, ABCD, None, {"blocked": True, "hands": points(Ann=10, Bob=10, Cy=10, Dan=21)},
     {"Ann": 3, "Bob": 3, "Cy": 3, "Dan": 0}, {"winners": ["Ann", "Bob", "Cy"]}),
    # Knock Rummy (Ann knocks)
    (17, "knock-rummy", {}, ABC, None, {"knocker": "Ann", "hands": points(Ann=5, Bob=12, Cy=20)},
     {"Ann": 22, "Bob": 0, "Cy": 0}, {"winners": ["Ann"]}),
    (18, "knock-rummy", {}, ABC, None, {"knocker": "Ann", "hands": points(Ann=0, Bob=12, Cy=20)},
     {"Ann": 82, "Bob": 0, "Cy": 0}, {}),
    (19, "knock-rummy", {}, ABC, None, {"knocker": "Ann", "hands": points(Ann=8, Bob=8, Cy=20)},
     {"Ann": 0, "Bob": 12, "Cy": 0}, {"winners": ["Bob"]}),
    (20, "knock-rummy", {}, ABC, None, {"knocker": "Ann", "hands": points(Ann=9, Bob=4, Cy=20)},
     {"Ann": -10, "Bob": 31, "Cy": 0}, {"winners": ["Bob"]}),
    (21, "knock-rummy", {}, ABC, None, {"knocker": "Ann", "hands": points(Ann=0, Bob=0, Cy=15)},
     {"Ann": 65, "Bob": 0, "Cy": 0}, {"winners": ["Ann"]}),
    (22, "knock-rummy", {}, ABC, None, {"knocker": "Ann", "hands": points(Ann=9, Bob=4, Cy=4)},
     {"Ann": -10, "Bob": 7, "Cy": 7}, {"winners": ["Bob", "Cy"]}),
    (23, "knock-rummy", {}, AB, None,
     {"knocker": "Ann", "hands": hands(Ann="AS 2S 3S 7H 7D 7C JH QH KH 4D", Bob="2C 3D 5H 6S 8C 9D 10H JS QC KD")},
     {"Ann": 69, "Bob": 0}, {"players.Ann.count": 4, "players.Bob.count": 73}),
    # Boat House Rum (Ann goes out); each whole hand holds at least the deal (RULES.md 1),
    # so the hands of examples 24-25 carry one more meld, which changes no count
    (24, "boat-house-rum", {}, ABC, None, {"out": "Ann", "hands": hands(Bob="AS 2S 3S KC 9C 7H 7D 7C", Cy="QD KD AD 2D 5C 8H 8S 8C")},
     {"Ann": 24, "Bob": 0, "Cy": 0},
     {"players.Bob.count": 19, "players.Bob.melds": ["AS 2S 3S", "7H 7D 7C"], "players.Cy.count": 5, "players.Cy.melds": ["8S 8H 8C", "QD KD AD 2D"], "players.Cy.unmatched": "5C"}),
    (25, "boat-house-rum", {}, ABC, None, {"out": "Ann", "hands": {**points(Bob=0), **hands(Cy="AH 7C 9S 9H 9D JC QC KC")}},
     {"Ann": 18, "Bob": 0, "Cy": 0}, {"players.Cy.count": 18}),
    # Caloochi, Double Rum, German Rummy (Ann goes out; Bob JK AS 5D, Cy KC 2H)
    (26, "caloochi", {}, ABC, None, {"out": "Ann", "hands": JOKER_HANDS},
     {"Ann": 57, "Bob": 0, "Cy": 0}, {"players.Bob.count": 45, "players.Cy.count": 12}),
    (27, "double-rum", {}, ABC, None, {"out": "Ann", "hands": JOKER_HANDS},
     {"Ann": 43, "Bob": 0, "Cy": 0}, {"players.Bob.count": 31, "players.Cy.count": 12}),
    (28, "german-rummy", {}, ABC, None, {"out": "Ann", "hands": JOKER_HANDS},
     {"Ann": 0, "Bob": 46, "Cy": 12}, {}),
    # Continental Rum (Ann goes out)
    (29, "continental-rum", {}, ABCD, None, {"out": "Ann", "hands": melds("Ann", *CONTINENTAL)},
     pays(3, "Ann"), {"transfers": [{"from": p, "to": "Ann", "amount": 3} for p in ["Bob", "Cy", "Dan"]]}),
    (30, "continental-rum", {"deuces-wild": True}, ABCD, None,
     {"out": "Ann", "hands": melds("Ann", *CONTINENTAL[:3], "5C 2S 7C")}, pays(4, "Ann"), {}),
    (31, "continental-rum", {"special-bonuses": True}, ABCD, None,
     {"out": "Ann", "hands": melds("Ann", "5H 6H 7H 8H 9H", "JS QS KS AS", "2D 3D 4D", "9C 10C JC")},
     pays(11, "Ann"), {}),
    (32, "continental-rum", {"quick-meld-bonus": True}, ABCD, None, {"out": "Ann", "draws": 0, "jokers": 1},
     pays(13, "Ann"), {}),
    # Queen City Rum (five players; Ann goes out)
    (34, "queen-city-rum", {}, [*ABCD, "Eve"], None, {"out": "Ann", "hands": melds("Ann", "KH QH JH", "7S 7D 7C 7H")},
     {"Ann": 232, "Bob": 0, "Cy": 0, "Dan": 0, "Eve": 0}, {}),
    # Phỏm (Dan deals: play order Ann, Bob, Cy, Dan)
    (35, "phom", {}, ABCD, "Dan", {"hands": {**points(Ann=15, Bob=9, Cy=22), "Dan": {"points": 30, "mom": True}}},
     {"Ann": -1, "Bob": 7, "Cy": -2, "Dan": -4}, {"winners": ["Bob"]}),
    (36, "phom", {}, ABCD, "Dan", {"hands": points(Ann=9, Bob=9, Cy=22, Dan=30)},
     {"Ann": 6, "Bob": -1, "Cy": -2, "Dan": -3}, {"winners": ["Ann"]}),
    (37, "phom", {}, ABCD, "Dan", {"u": "Cy", "u_cards": 9}, pays(6, "Cy"), {"winners": ["Cy"]}),
    (38, "phom", {}, ABCD, "Dan", {"u": "Cy", "u_cards": 10}, pays(12, "Cy"), {}),
    (39, "phom", {"feeding-penalties": True}, ABCD, "Dan", {"u": "Cy", "u_cards": 9, "fed_by": "Bob"},
     {"Ann": 0, "Bob": -18, "Cy": 18, "Dan": 0}, {"transfers": [{"from": "Bob", "to": "Cy", "amount": 18}]}),
    (40, "phom", {"feeding-penalties": True}, ABCD, "Dan",
     {"hands": points(Ann=9, Bob=9, Cy=22, Dan=30), "eats": [{"from": "Ann", "to": "Bob"}] * 2},
     {"Ann": 4, "Bob": 1, "Cy": -2, "Dan": -3}, {}),
    (41, "phom", {}, ABCD, "Dan", {"hands": {**cards(Ann="KH QS JD AC"), **points(Bob=9, Cy=22, Dan=30)}},
     {"Ann": -3, "Bob": 6, "Cy": -1, "Dan": -2}, {"players.Ann.count": 37}),
    # Nowrang (Ann, Bob)
    (42, "nowrang", {}, AB, None, {"out": "Ann", "hands": melds("Ann", "10S JS QS KS", "QH KH AH", "5D 6D 7D")},
     {"Ann": 1, "Bob": 0}, {"winners": ["Ann"]}),
    # Gin Rummy (Ann, Bob; Ann knocks)
    (47, "gin-rummy", {}, AB, None, {"knocker": "Ann", "hands": points(Ann=5, Bob=12)}, {"Ann": 7, "Bob": 0}, {}),
    (48, "gin-rummy", {}, AB, None, {"knocker": "Ann", "hands": points(Ann=8, Bob=8)}, {"Ann": 0, "Bob": 25},
     {"winners": ["Bob"]}),
    (49, "gin-rummy", {}, AB, None, {"knocker": "Ann", "hands": points(Ann=9, Bob=4)}, {"Ann": 0, "Bob": 30}, {}),
    (50, "gin-rummy", {}, AB, None, {"knocker": "Ann", "hands": points(Ann=0, Bob=31)}, {"Ann": 56, "Bob": 0}, {}),
    (51, "gin-rummy", {}, AB, None,
     {"knocker": "Ann", "hands": hands(Ann="AS 2S 3S 7H 7D 7C JH QH KH 4D", Bob="8H 9H 5C 5D 2C 3D 6S 8C 9D 10S")},
     {"Ann": 61, "Bob": 0}, {"players.Ann.count": 4, "players.Bob.count": 65}),
    (52, "gin-rummy", {}, AB, None,
     {"knocker": "Ann", "hands": hands(Ann="AS 2S 3S 7H 7D 7C JH QH KH 4D", Bob="10H 4S 5S 7S 9C 9D 9S 2D 3D 6C")},
     {"Ann": 7, "Bob": 0}, {"players.Bob.count": 11, "players.Bob.unmatched": "2D 3D 6C"}),
    # Rummy 500 (Ann, Bob, Cy; Ann goes out)
    (54, "rummy-500", {}, ABC, None,
     {"out": "Ann", "hands": {**melds("Ann", "AS 2S 3S", "KH KD KC"), "Bob": {"melds": ["QH JH 10H"], "cards": "AD 5C"},
                              **cards(Cy="9S 9D 4C")}},
     {"Ann": 36, "Bob": 10, "Cy": -22}, {}),
    (55, "rummy-500", {}, AB, None, {"out": "Ann", "hands": {**melds("Ann", "QD KD AD"), "Bob": {"laid": 0, "left": 0}}},
     {"Ann": 35, "Bob": 0}, {}),
]

# (example, variant, players, result, field the 400 names, words the message holds)
REFUSED = [
    (33, "continental-rum", ABCD,
     {"out": "Ann", "hands": melds("Ann", "3H 4H 5H 6H", "7H 8H 9H 10H", "JS QS KS AS", "KD AD 2D")},
     "result.hands.Ann.melds[3]", "K-A-2"),
    (43, "nowrang", AB, {"out": "Ann", "hands": melds("Ann", "AH 2H 3H", "10S JS QS KS", "5D 6D 7D")},
     "result.hands.Ann.melds[0]", "AH 2H 3H"),
]
# fmt: on


def dig(data, dotted: str):
    for key in dotted.split("."):
        data = data[key]
    return data


@pytest.mark.parametrize(
    "variant, options, players, dealer, result, deltas, facts",
    [pytest.param(*row[1:], id=f"example-{row[0]}") for row in EXAMPLES],
)
def test_example_through_score(client, variant, options, players, dealer, result, deltas, facts):
    body = {"variant": variant, "options": options, "players": players, "result": result}
    if dealer:
        body["dealer"] = dealer
    response = post(client, "/api/v1/score", body)
    assert response.status_code == 200, response.content
    answer = response.json()
    assert answer["deltas"] == deltas
    assert answer["explanation"]
    for path, expected in facts.items():
        assert dig(answer, path) == expected, path


@pytest.mark.parametrize(
    "variant, players, result, field, words",
    [pytest.param(*row[1:], id=f"example-{row[0]}") for row in REFUSED],
)
def test_invalid_example_is_refused(client, variant, players, result, field, words):
    response = post(
        client, "/api/v1/score", {"variant": variant, "players": players, "result": result}
    )
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["field"] == field
    assert words in error["message"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "variant, options, players, dealer, result, deltas, facts",
    [pytest.param(*row[1:], id=f"example-{row[0]}") for row in EXAMPLES],
)
def test_example_as_the_first_hand_of_a_game(
    client, variant, options, players, dealer, result, deltas, facts
):
    """A hand entered in a game scores exactly as the same hand posted to /score."""
    body = {"variant": variant, "options": options, "players": players, "dealer": dealer}
    created = post(client, "/api/v1/games", body)
    assert created.status_code == 201, created.content
    game = created.json()
    response = post(client, f"/api/v1/games/{game['id']}/hands", {"result": result}, game["token"])
    assert response.status_code == 201, response.content
    (hand,) = response.json()["hands"]
    assert hand["deltas"] == deltas and hand["result"] == result
    start = game["state"]["totals"]
    assert response.json()["totals"] == {p: start[p] + deltas[p] for p in players}


# -- games: examples 44-46 ----------------------------------------------------------------------


def out(winner: str, amount: int, players=ABC) -> dict:
    """``winner`` goes out; the next player round the table holds ``amount``, the rest nothing."""
    others = [p for p in players if p != winner]
    return {
        "out": winner,
        "hands": {p: {"points": amount if i == 0 else 0} for i, p in enumerate(others)},
    }


class Table:
    def __init__(self, client, **body):
        created = post(client, "/api/v1/games", {"players": ABC, **body})
        assert created.status_code == 201, created.content
        self.client, self.id, self.token = client, created.json()["id"], created.json()["token"]

    def play(self, result: dict) -> dict:
        response = post(
            self.client, f"/api/v1/games/{self.id}/hands", {"result": result}, self.token
        )
        assert response.status_code == 201, response.content
        return response.json()

    def refused(self, result: dict):
        return post(self.client, f"/api/v1/games/{self.id}/hands", {"result": result}, self.token)


@pytest.mark.django_db
def test_example_44_standard_to_100(client):
    table = Table(client, variant="standard-rummy", options={"target": 100})
    for result in [out("Ann", 60), out("Bob", 45)]:
        table.play(result)
    state = table.play(out("Ann", 30))
    assert state["totals"] == {"Ann": 90, "Bob": 45, "Cy": 0} and not state["over"]
    state = table.play(out("Bob", 50))
    assert state["totals"]["Bob"] == 95 and not state["over"] and state["winners"] == []
    state = table.play(out("Ann", 12))
    assert state["totals"]["Ann"] == 102 and state["over"] and state["winners"] == ["Ann"]
    assert table.refused(out("Cy", 1)).status_code == 409


@pytest.mark.django_db
def test_example_45_target_zero_ends_with_the_first_hand(client):
    table = Table(client, variant="standard-rummy", options={"target": 0})
    state = table.play(out("Bob", 7))
    assert state["over"] and state["winners"] == ["Bob"]
    assert state["dealer"] == "Bob", "the winner deals the next game"
    assert table.refused(out("Ann", 1)).status_code == 409


@pytest.mark.django_db
def test_example_46_german_rummy_ends_after_three_hands_lowest_wins(client):
    table = Table(client, variant="german-rummy", options={"hands": 3})
    table.play({"out": "Ann", "hands": points(Bob=10, Cy=5)})
    state = table.play({"out": "Bob", "hands": points(Ann=20, Cy=5)})
    assert not state["over"]
    state = table.play({"out": "Cy", "hands": points(Ann=3, Bob=4)})
    assert state["totals"] == {"Ann": 23, "Bob": 14, "Cy": 10}
    assert state["over"] and state["winners"] == ["Cy"]
    assert table.refused({"out": "Ann", "hands": points(Bob=1, Cy=1)}).status_code == 409


# -- Gin Rummy's game: example 53, the bonuses as separate lines --------------------------------


@pytest.mark.django_db
def test_example_53_gin_game_bonuses_through_the_api(client):
    created = post(client, "/api/v1/games", {"variant": "gin-rummy", "players": AB}).json()
    url, token = f"/api/v1/games/{created['id']}/hands", created["token"]
    # Bob wins 2 hands (61), then Ann 5 (104): each hand the knocker 1, the other 1 + points.
    for knocker, points_won in (("Bob", 30), ("Bob", 31), *(("Ann", 20),) * 4, ("Ann", 24)):
        other = "Ann" if knocker == "Bob" else "Bob"
        result = {
            "knocker": knocker,
            "hands": {knocker: {"points": 1}, other: {"points": 1 + points_won}},
        }
        response = post(client, url, {"result": result}, token)
        assert response.status_code == 201, response.content
    state = response.json()
    assert state["over"] is True
    assert state["totals"] == {"Ann": 329, "Bob": 111}
    lines = [(b["player"], b["points"], b["line"]["code"]) for b in state["bonuses"]]
    assert lines == [
        ("Ann", 100, "gin.game_bonus"),
        ("Ann", 125, "gin.box_bonus"),
        ("Bob", 50, "gin.box_bonus"),
    ]
