"""CSV cells a spreadsheet will not run as a formula, for every CSV the project writes and reads.

A cell that starts like a formula (``=``, ``+``, ``-``, ``@``, a tab or a carriage return) is
written with a leading ``'``; a plain number such as ``-10`` is left as it is. A cell that
starts with ``'`` itself gets one too, so :func:`spreadsheet_unsafe` (what an import does)
gives back exactly what was written. The games' export and the leagues' export and import use
these two functions and nothing else.
"""

from __future__ import annotations

import re
from typing import Any

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"-?\d+(\.\d+)?")


def spreadsheet_safe(value: Any) -> Any:
    """The cell to write: text that starts like a formula (or with ``'``) gets a leading ``'``.

    >>> [spreadsheet_safe(v) for v in ["=SUM(A1)", "-10", "'Bo", "Ann", 5]]
    ["'=SUM(A1)", '-10', "''Bo", 'Ann', 5]
    """
    if not isinstance(value, str):
        return value
    if value.startswith("'") or (value.startswith(FORMULA_START) and not _NUMBER.fullmatch(value)):
        return "'" + value
    return value


def spreadsheet_unsafe(value: str) -> str:
    """The cell as it was before :func:`spreadsheet_safe`.

    >>> [spreadsheet_unsafe(spreadsheet_safe(v)) for v in ["=SUM(A1)", "'=Al", "'Bo", "-2"]]
    ['=SUM(A1)', "'=Al", "'Bo", '-2']
    """
    if value.startswith("'") and value[1:].startswith((*FORMULA_START, "'")):
        return value[1:]
    return value
