"""GET /api/v1/variants, /api/v1/variants/{slug}, the OpenAPI schema and the docs page."""

import json

import pytest

from scorekeeper.rules import all_variants

SLUGS = [variant.slug for variant in all_variants()]


@pytest.fixture
def catalogue(client):
    response = client.get("/api/v1/variants")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    return response.json()


def test_lists_every_variant_in_display_order(catalogue):
    assert [item["slug"] for item in catalogue] == SLUGS


def test_knock_rummy_matches_api_md(catalogue):
    knock = next(item for item in catalogue if item["slug"] == "knock-rummy")
    assert knock["name"] == "Knock Rummy"
    assert knock["players"] == [2, 5]
    assert knock["deal"] == {"2": 10, "3": 7, "4": 7, "5": 6}
    target = next(option for option in knock["options"] if option["slug"] == "target")
    assert {k: target[k] for k in ("slug", "type", "default", "scoring")} == {
        "slug": "target",
        "type": "int",
        "default": 100,
        "scoring": True,
    }


@pytest.mark.parametrize("slug", SLUGS)
def test_every_variant_has_the_documented_fields(catalogue, slug):
    item = next(item for item in catalogue if item["slug"] == slug)
    low, high = item["players"]
    assert 2 <= low <= high
    assert isinstance(item["name"], str) and item["name"]
    assert item["summary"]
    counts = [str(n) for n in range(low, high + 1)]
    assert sorted(item["packs"], key=int) == counts
    assert sorted(item["jokers"], key=int) == counts
    assert all(isinstance(cards, int) and cards > 0 for cards in item["deal"].values())
    assert item["ace"] in {"low", "high", "high-or-low", "wrap"}
    assert "ace" in item["card_values"]
    for option in item["options"]:
        assert set(option) >= {"slug", "name", "type", "default", "scoring", "summary"}
        assert option["type"] in {"bool", "int"}
        assert isinstance(option["scoring"], bool)
    assert "rules" not in item  # only the single-variant view carries the texts


def test_catalogue_facts(catalogue):
    by_slug = {item["slug"]: item for item in catalogue}
    assert by_slug["continental-rum"]["packs"]["5"] == 2
    assert by_slug["continental-rum"]["packs"]["6"] == 3
    assert by_slug["continental-rum"]["packs"]["12"] == 4
    assert by_slug["continental-rum"]["jokers"]["9"] == 4
    assert by_slug["german-rummy"]["jokers"]["3"] == 6
    assert by_slug["german-rummy"]["initial_meld"] == 40
    assert by_slug["german-rummy"]["lowest_wins"] is True
    assert by_slug["caloochi"]["initial_meld"] == 51
    assert by_slug["standard-rummy"]["initial_meld"] is None
    assert by_slug["boat-house-rum"]["ace"] == "wrap"
    assert by_slug["nowrang"]["players"] == [2, 2]
    assert by_slug["nowrang"]["deal_note"]
    assert by_slug["phom"]["aka"] == ["Tá Lả", "Vietnamese Rummy"]


@pytest.mark.parametrize("slug", SLUGS)
def test_single_variant_adds_rules_and_decisions(client, catalogue, slug):
    response = client.get(f"/api/v1/variants/{slug}")
    assert response.status_code == 200
    data = response.json()
    listed = next(item for item in catalogue if item["slug"] == slug)
    assert {k: v for k, v in data.items() if k not in {"rules", "decisions"}} == listed
    assert 3 <= len(data["rules"]) <= 6
    for section in data["rules"]:
        assert set(section) == {"heading", "text"}
        assert section["heading"].strip() and section["text"].strip()
    assert isinstance(data["decisions"], list)
    assert all(isinstance(item, str) and item.strip() for item in data["decisions"])


def test_rules_texts_carry_the_scoring_numbers(client):
    def text(slug):
        data = client.get(f"/api/v1/variants/{slug}").json()
        return " ".join(section["text"] for section in data["rules"])

    assert "25" in text("knock-rummy")  # the rum bonus
    assert "51" in text("caloochi")
    assert "40" in text("german-rummy")
    assert "30" in text("german-rummy")  # a joker left in hand


@pytest.mark.parametrize(
    ("slug", "decision_word"),
    [
        ("standard-rummy", "tie"),
        ("knock-rummy", "share"),
        ("continental-rum", "number of players"),
        ("phom", "left"),
        ("nowrang", "match"),
        ("german-rummy", "6"),
        ("queen-city-rum", "500"),
        ("caloochi", "suit"),
    ],
)
def test_decisions_are_shown(client, slug, decision_word):
    decisions = client.get(f"/api/v1/variants/{slug}").json()["decisions"]
    assert decisions
    assert any(decision_word in item for item in decisions), decisions


def test_unknown_variant_is_404_with_the_error_shape(client):
    response = client.get("/api/v1/variants/no-such-rummy")
    assert response.status_code == 404
    assert response.json() == {
        "error": {
            "code": "unknown_variant",
            "message": "slug: 'no-such-rummy' is not a known variant",
            "field": "slug",
            "request_id": response["X-Request-ID"],
        }
    }


def test_openapi_schema_lists_the_paths(client):
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    schema = json.loads(response.content)
    assert schema["info"]["title"] == "Rummy Table API"
    for path in (
        "/api/v1/variants",
        "/api/v1/variants/{slug}",
        "/api/v1/arrange",
        "/api/v1/melds/check",
    ):
        assert path in schema["paths"], path
    assert "post" in schema["paths"]["/api/v1/arrange"]


def test_docs_page_uses_local_static_files(client):
    response = client.get("/api/v1/docs")
    assert response.status_code == 200
    html = response.content.decode()
    assert "/api/v1/openapi.json" in html
    assert "swagger-ui-bundle.js" in html
    assert "cdn." not in html


def test_every_number_option_shows_its_bounds(client):
    for variant in client.get("/api/v1/variants").json():
        for option in variant["options"]:
            if option["type"] == "int":
                assert option["minimum"] is not None and option["maximum"] is not None, option
                assert option["maximum"] <= 100_000
