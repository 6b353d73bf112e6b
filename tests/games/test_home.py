import re

import pytest
from django.urls import reverse

from scorekeeper.rules import all_variants


@pytest.fixture
def home_html(client) -> str:
    response = client.get(reverse("home"))
    assert response.status_code == 200
    return response.content.decode()


def test_home_is_at_root():
    assert reverse("home") == "/"


def test_home_lists_every_variant(home_html):
    variants = all_variants()
    assert variants, "the engine registry is empty"
    for variant in variants:
        assert variant.name in home_html  # names are plain text, nothing to escape
        assert f'id="{variant.slug}"' in home_html
        low, high = variant.players
        expected = f"{low} players" if low == high else f"{low}–{high} players"
        assert expected in home_html


def test_home_lists_variants_in_engine_order(home_html):
    positions = [home_html.index(f'id="{v.slug}"') for v in all_variants()]
    assert positions == sorted(positions)


def test_home_is_mobile_ready(home_html):
    assert '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">' in home_html
    assert "/static/css/app.css" in home_html


def test_htmx_is_served_locally(home_html):
    srcs = re.findall(r'<script[^>]*\bsrc="([^"]+)"', home_html)
    assert any(re.match(r"/static/django_htmx/htmx-\d(\.min)?\.js$", s) for s in srcs), srcs
    assert not [s for s in srcs if "://" in s or s.startswith("//")], srcs


def test_htmx_requests_carry_csrf_token(home_html):
    assert 'hx-headers=\'{"X-CSRFToken": "' in home_html
