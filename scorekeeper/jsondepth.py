"""How deep a JSON document may nest: every body and every JSON cell the app reads is refused
beyond :data:`MAX_DEPTH` levels, before anything else walks it (fingerprints, validation and
storage recurse, and Python's recursion gives out a few hundred levels down).

No document of the app nests deeper than about six levels (a hand's result: result, hands,
a player, melds, a meld), so 32 leaves room for any client and stops a forged document early.
"""

from __future__ import annotations

from typing import Any

MAX_DEPTH = 32


def too_deep(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Does ``value`` (parsed JSON) nest more than ``limit`` objects or lists deep?"""
    pending = [(value, 1)]
    while pending:  # a loop, not recursion
        item, depth = pending.pop()
        if isinstance(item, dict):
            inner = item.values()
        elif isinstance(item, list):
            inner = item
        else:
            continue
        if depth > limit:
            return True
        pending.extend((x, depth + 1) for x in inner if isinstance(x, dict | list))
    return False
