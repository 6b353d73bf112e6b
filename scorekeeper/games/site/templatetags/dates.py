"""Days and times as the reader's language writes them.

``{{ night.day|weekday_date }}`` → "Sonntag, 22. November 2026", "neděle 22. listopadu 2026",
"2026년 11월 22일 일요일", "domenica 22 novembre 2026"; ``{{ game.played_on|day }}`` → the same
without the weekday; ``{{ day|day_month }}`` → "22. listopadu"; ``{{ moment|clock }}`` → "14:05",
"오후 2:05". The patterns are the language's format module (``scorekeeper/formats``, then
Django's); the server's time zone applies to moments.
"""

from __future__ import annotations

import datetime

from django import template
from django.conf import settings
from django.utils import dateformat, formats, timezone
from django.utils.translation import get_language

register = template.Library()


def language_setting(name: str, default: object) -> object:
    """A name from the active language's format modules (ours first), or ``default``."""
    for module in formats.iter_format_modules(get_language() or settings.LANGUAGE_CODE):
        if hasattr(module, name):
            return getattr(module, name)
    return default


def _format(value: object, pattern_name: str, default: str) -> str:
    if not isinstance(value, datetime.date):
        return "" if value is None else str(value)
    if isinstance(value, datetime.datetime) and timezone.is_aware(value):
        value = timezone.localtime(value)
    pattern = language_setting(pattern_name, None)
    if pattern is None:
        pattern = formats.get_format(pattern_name) if pattern_name != "WEEKDAY_DATE_FORMAT" else default
    text = dateformat.format(value, pattern)
    return text.lower() if language_setting("LOWERCASE_NAMES", False) else text


@register.filter
def weekday_date(value: object) -> str:
    """A game night's heading: the weekday and the whole date."""
    return _format(value, "WEEKDAY_DATE_FORMAT", "l j F Y")


@register.filter
def day(value: object) -> str:
    """A day: the date without the weekday."""
    return _format(value, "DATE_FORMAT", "j M Y")


@register.filter
def day_month(value: object) -> str:
    """A day of this year's list: the day and the month."""
    return _format(value, "MONTH_DAY_FORMAT", "j M")


@register.filter
def clock(value: object) -> str:
    """A moment's time of day."""
    if not isinstance(value, datetime.datetime):
        return "" if value is None else str(value)
    value = timezone.localtime(value) if timezone.is_aware(value) else value
    return dateformat.time_format(value, formats.get_format("TIME_FORMAT"))
