"""The explanation of a scored hand, as the API sends it: text and codes side by side.

Results are stored with their explanation as message codes (``{"code", "params"}``); every
schema that sends one derives from :class:`Explained`, which renders the lines in the request's
language (``Accept-Language``) as ``explanation`` and passes the codes on as
``explanation_codes`` for clients that render their own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ninja import Field, Schema

from scorekeeper.i18n import message_codes, render_lines


def explained(result: Mapping[str, Any]) -> dict[str, Any]:
    """``result`` (a stored or fresh HandResult dict) with its explanation as text and codes."""
    lines = result.get("explanation") or []
    return {**result, "explanation": render_lines(lines), "explanation_codes": message_codes(lines)}


class Explained(Schema):
    explanation: list[str] = Field(
        description="How the hand was scored, line by line, in the request's language"
    )
    explanation_codes: list[dict[str, Any]] = Field(
        description="The same lines as messages: {code, params} (a param may itself be a "
        "message), for clients that render their own text"
    )

    @staticmethod
    def resolve_explanation(obj: Mapping[str, Any]) -> list[str]:
        return render_lines(_lines(obj))

    @staticmethod
    def resolve_explanation_codes(obj: Mapping[str, Any]) -> list[dict[str, Any]]:
        return message_codes(_lines(obj))


def _lines(obj: Any) -> list[Any]:
    value = obj.get("explanation") if isinstance(obj, Mapping) else obj.explanation
    return list(value or [])
