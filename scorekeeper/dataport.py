"""Export and import of everything the app stores, as one JSON document (data safety).

``manage.py export_data`` writes::

    {"format": "rummy-table", "version": 1, "exported": "<iso time>",
     "games": [...], "leagues": [...]}

``manage.py import_data`` reads it back: every game is replayed through the engine before
anything is kept, the whole import is one transaction, and by default it is a dry run that
rolls back (``--commit`` keeps it). Any error, anywhere, writes nothing.

Each app contributes a *section*: a module ``scorekeeper/<app>/dataport.py`` with a ``SECTION``
(:class:`Section`). Sections are imported in :data:`APPS` order (games before the leagues that
refer to them); an app without that module contributes nothing.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

FORMAT = "rummy-table"
VERSION = 1
APPS = ("scorekeeper.games", "scorekeeper.leagues")


class ImportRefused(Exception):
    """The document cannot be imported; ``where`` names the item (``games[3].hands[2]``)."""

    def __init__(self, where: str, message: str):
        super().__init__(f"{where}: {message}")
        self.where = where


@dataclass(frozen=True)
class Section:
    name: str  # the document's key
    export: Callable[[], list[dict[str, Any]]]
    # Writes the items (inside the caller's transaction); raises ImportRefused. Returns counts.
    load: Callable[[list[dict[str, Any]]], dict[str, int]]


def sections() -> list[Section]:
    found = []
    for app in APPS:
        module = f"{app}.dataport"
        if importlib.util.find_spec(module) is not None:
            found.append(importlib.import_module(module).SECTION)
    return found


def export_all() -> dict[str, Any]:
    document: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "exported": timezone.now().isoformat(),
    }
    for section in sections():
        document[section.name] = section.export()
    return document


class _DryRun(Exception):
    pass


def import_all(document: Any, *, commit: bool) -> dict[str, int]:
    """Load ``document`` in one transaction; rolled back unless ``commit``. Returns counts."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ImportRefused("document", f"not a {FORMAT} export (no \"format\": \"{FORMAT}\")")
    if document.get("version") != VERSION:
        raise ImportRefused("version", f"this app reads version {VERSION}, not {document.get('version')!r}")
    known = {"format", "version", "exported"} | {s.name for s in sections()}
    unknown = sorted(set(document) - known)
    if unknown:
        raise ImportRefused(unknown[0], "this app does not know this section; nothing imported")
    counts: dict[str, int] = {}
    try:
        with transaction.atomic():
            for section in sections():
                items = document.get(section.name, [])
                if not isinstance(items, list):
                    raise ImportRefused(section.name, "expected a list")
                counts.update(section.load(items))
            if not commit:
                raise _DryRun
    except _DryRun:
        pass
    except IntegrityError as err:  # e.g. a request_id twice in one game
        raise ImportRefused("document", f"conflicting data ({err})") from None
    return counts
