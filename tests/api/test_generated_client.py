"""A client generated from /api/v1/openapi.json keeps every field of every family (issue 16 item 7).

openapi-python-client generates typed models from the served document into a temporary
directory; every worked example of every variant's guide (the engine's own list, so a new
variant or family is covered without editing this file) is read into the generated ``HandIn``,
serialised back, posted to a game of its variant, and read back through ``StateOut``. A field
the schema does not describe (Knock's knocker, Phỏm's u, u_cards, order, Continental's jokers,
Gin's void, Rummy 500's laid/left/layoffs...) has nowhere to go in the generated models and
would vanish on the way: the body sent must be the example exactly, the server must take it
(201) and answer with the same result.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys

import pytest

from scorekeeper.rules import all_variants
from scorekeeper.rules.reference.guides import guide_for

PACKAGE = "rummytable_client"


def _examples():
    for variant in all_variants():
        for index, example in enumerate(guide_for(variant).examples):
            if example.check is None:
                yield pytest.param(variant, example, id=f"{variant.slug}-{index}")


EXAMPLES = list(_examples())


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """The generated client's models package, imported from a temporary directory."""
    from scorekeeper.api.api import api

    where = tmp_path_factory.mktemp("client")
    document = where / "openapi.json"
    document.write_text(json.dumps(api.get_openapi_schema()), encoding="utf-8")
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "openapi_python_client",
            "generate",
            "--path",
            str(document),
            "--output-path",
            str(where / PACKAGE),
            "--meta",
            "none",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    sys.path.insert(0, str(where))
    try:
        yield importlib.import_module(f"{PACKAGE}.models")
    finally:
        sys.path.remove(str(where))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def test_every_family_has_an_example_to_send():
    families = {v.family for v in all_variants()}
    assert families == {param.values[0].family for param in EXAMPLES}


@pytest.mark.django_db
@pytest.mark.parametrize(("variant", "example"), EXAMPLES)
def test_a_hand_sent_through_the_generated_client_keeps_every_field(
    generated, client, variant, example
):
    table = {"variant": variant.slug, "players": list(example.players)}
    if example.options:
        table["options"] = dict(example.options)
    if example.dealer:
        table["dealer"] = example.dealer
    created = client.post("/api/v1/games", json.dumps(table), content_type="application/json")
    assert created.status_code == 201, created.json()
    game = generated.GameCreatedOut.from_dict(created.json())

    sent = json.loads(json.dumps(example.result))  # tuples as lists, as JSON has them
    hand = generated.HandIn.from_dict({"result": sent})
    body = hand.to_dict()
    assert body == {"result": sent}, "the generated HandIn dropped or changed a field"

    answer = client.post(
        f"/api/v1/games/{game.id}/hands",
        json.dumps(body),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {game.token}",
    )
    assert answer.status_code == 201, answer.json()
    state = generated.StateOut.from_dict(answer.json())
    assert state.hands[-1].result.to_dict() == sent
    assert answer.json()["hands"][-1]["result"] == sent
