"""Points typed as a sum ("12+11+7" → 30), read on the server: digits, + and spaces only.

Nothing is evaluated: the text is split on "+" and each term must be digits. A bad term is
named in the error (the form's summary adds the player and the field), so the keeper sees what
to retype.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext

_TERM = re.compile(r"[0-9]{1,9}")
MAX_TERMS = 40


def parse_sum(text: str) -> tuple[int | None, str | None]:
    """The sum of ``text`` and None, or None and the first bad term (or "" when empty)."""
    terms = [term.strip() for term in text.split("+")]
    if len(terms) > MAX_TERMS:
        return None, "+"
    total = 0
    for term in terms:
        if not _TERM.fullmatch(term):
            return None, term or "+"
        total += int(term)
    return total, None


def shown_sum(value: Any) -> str:
    """"12+11+7 = 30" for a typed sum that adds up; "" for anything else (a plain number)."""
    if not isinstance(value, str) or "+" not in value:
        return ""
    total, bad = parse_sum(value)
    if total is None:
        return ""
    terms = " + ".join(term.strip() for term in value.split("+"))
    return f"{terms} = {total}"


class PointsField(forms.IntegerField):
    """An integer field that also takes a sum of whole numbers, as typed on a phone."""

    def to_python(self, value: Any) -> int | None:
        if isinstance(value, str) and "+" in value:
            total, bad = parse_sum(value)
            if total is None:
                raise ValidationError(
                    gettext("“%(token)s” is not a number; type numbers and + only.")
                    % {"token": bad},
                    code="bad_sum",
                )
            return total
        if isinstance(value, str) and value.strip() and not value.strip().isdigit():
            raise ValidationError(
                gettext("“%(token)s” is not a number; type numbers and + only.")
                % {"token": value.strip()[:20]},
                code="bad_sum",
            )
        return super().to_python(value)
