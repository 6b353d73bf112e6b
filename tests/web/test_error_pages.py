"""Error pages and API errors carry the request id that the access log line shows."""

import logging

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.middleware import SANE_ID

pytestmark = pytest.mark.django_db


def test_every_response_has_a_request_id_and_one_log_line(client, caplog):
    with caplog.at_level(logging.INFO, logger="scorekeeper.requests"):
        response = client.get(reverse("home"))
    rid = response["X-Request-ID"]
    assert SANE_ID.fullmatch(rid) and len(rid) == 32
    lines = [r for r in caplog.records if r.name == "scorekeeper.requests"]
    assert len(lines) == 1
    assert lines[0].request_id == rid
    assert lines[0].getMessage().startswith("GET / 200 ")


def test_a_sane_incoming_request_id_is_kept_and_a_strange_one_replaced(client):
    assert client.get("/", HTTP_X_REQUEST_ID="lb-7f3a.42")["X-Request-ID"] == "lb-7f3a.42"
    for strange in ("", "a b", "<script>", "x" * 200, "ü-id"):
        rid = client.get("/", HTTP_X_REQUEST_ID=strange)["X-Request-ID"]
        assert rid != strange and len(rid) == 32


def test_edit_tokens_in_a_path_never_reach_the_log(client, caplog):
    with caplog.at_level(logging.INFO, logger="scorekeeper.requests"):
        client.get("/games/abc/join/SECRET-TOKEN/")
    text = " ".join(r.getMessage() for r in caplog.records)
    assert "SECRET-TOKEN" not in text and "/join/…" in text


def test_404_page_shows_the_request_id(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "Not found" in html and response["X-Request-ID"] in html


def test_api_404_is_json_with_the_request_id(client):
    response = client.get("/api/v1/no-such-endpoint")
    assert response.status_code == 404
    error = response.json()["error"]
    assert error["code"] == "not_found" and error["request_id"] == response["X-Request-ID"]


def test_500_is_logged_with_its_traceback_and_the_page_shows_the_id(client, caplog, monkeypatch):
    from scorekeeper.games.views import start as views

    def broken(request):
        raise RuntimeError("boom in the view")

    monkeypatch.setattr(views, "all_variants", broken)
    client.raise_request_exception = False
    with caplog.at_level(logging.ERROR, logger="django.request"):
        response = client.get(reverse("home"))
    assert response.status_code == 500
    rid = response["X-Request-ID"] if response.has_header("X-Request-ID") else None
    html = response.content.decode()
    assert "Something went wrong" in html
    errors = [r for r in caplog.records if r.name == "django.request"]
    assert errors and errors[0].exc_info is not None  # the traceback goes to the log
    assert errors[0].request_id in html
    if rid:
        assert rid == errors[0].request_id


def test_a_failed_csrf_check_is_our_page_not_a_debug_page():
    browser = Client(enforce_csrf_checks=True)
    response = browser.post(reverse("game_start"), {"action": "create"})
    assert response.status_code == 403
    html = response.content.decode()
    assert "Form expired" in html and response["X-Request-ID"] in html


def test_security_headers_on_pages(client):
    response = client.get(reverse("home"))
    csp = response["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "style-src 'self'" in csp
    assert "worker-src 'self'" in csp and "manifest-src 'self'" in csp
    assert "'unsafe-inline'" not in csp
    assert "camera=()" in response["Permissions-Policy"]
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
