"""Scores as people read them: a true minus sign (−10, as the explanations print it), and a
sign on every change (+5, −10, 0); a share as the language writes a percentage ("43 %" in
Czech, German and Norwegian, "43%" in English). Formatting only: the numbers come from the
server's state."""

from __future__ import annotations

from typing import Any

from django import template
from django.template.defaultfilters import floatformat
from django.utils.formats import number_format

from ...scoresheet.sums import shown_sum
from .dates import language_setting

register = template.Library()

MINUS = "\u2212"


def _number(value: Any) -> str:
    return number_format(value, use_l10n=True)


@register.filter
def signed(value: Any, decimals: int | None = None) -> Any:
    """A total: ``-10`` → ``−10``; with ``decimals`` (a rating: ``signed:1``), rounded as
    ``floatformat`` rounds, ``-1.84`` → ``−1.8``. Anything that is not a number is shown as
    it is."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return value
    if decimals is not None:
        text = str(floatformat(value, decimals))
        return MINUS + text[1:] if text.startswith("-") else text
    return MINUS + _number(-value) if value < 0 else _number(value)


@register.filter
def delta(value: Any, decimals: int | None = None) -> Any:
    """A change: ``5`` → ``+5``, ``-10`` → ``−10``, ``0`` → ``0``; with ``decimals``, as
    :func:`signed` rounds (``2.25`` → ``+2.3`` with ``delta:1``)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return value
    return "+" + signed(value, decimals) if value > 0 else signed(value, decimals)


@register.filter
def percent(value: Any, decimals: int = 0) -> Any:
    """A share (``0.43``) as a percentage: "43%", "43 %" (a no-break space) where the language
    writes one (its format module's ``PERCENT_FORMAT``), a minus as :func:`signed` writes it and
    the language's decimal mark with ``decimals``. Anything that is not a number is shown as
    it is (a missing rate: "–")."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return value
    number = signed(value * 100, decimals) if decimals else signed(round(value * 100))
    pattern = str(language_setting("PERCENT_FORMAT", "{}%"))
    return pattern.format(number)


@register.filter
def points_sum(value: Any) -> str:
    """A points field typed as a sum, with its result: "12 + 11 + 7 = 30" ("" otherwise)."""
    return shown_sum(value)
