"""Reading the hidden fields every game form posts: its one-time key and the etag of the hand
it was drawn for; and a number that may be missing or garbled (never a 500)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest


def int_or_none(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def request_id(request: HttpRequest) -> str | None:
    """The form's one-time key, so a double tap on Save records the hand once."""
    value = (request.POST.get("request_id") or "").strip()
    return value[:100] or None


def posted_etag(request: HttpRequest) -> str | None:
    """The etag of the hand the page showed when the form was drawn (a hidden field)."""
    value = (request.POST.get("etag") or "").strip()
    return value[:100] or None


def secret_from(text: str) -> str:
    """The secret out of whatever was pasted: the secret itself, or the whole join link
    (``.../join/#<secret>`` or an older ``.../join/<secret>/``); a game's and a league's alike."""
    text = text.strip()
    if "#" in text:
        text = text.rsplit("#", 1)[1]
    elif "/join/" in text:
        text = text.split("/join/", 1)[1].strip("/")
    return text.strip()[:200]
