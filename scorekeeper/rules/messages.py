"""Messages the engine speaks in: a code with parameters, rendered to text at the edge.

The engine never stores or returns rendered English. Each sentence it can say is *defined* once,
next to the code that says it, with its English template marked for extraction::

    KNOCKED = define("knock.knocked", N_("{knocker} knocked with {count}"))
    lines.append(KNOCKED(knocker="Ann", count=9))

A :class:`Message` is a plain value (code and JSON-friendly params) that can be stored and sent
as it is. Turning it into words is :func:`render`'s job, given a translation function (Django's
``gettext``/``ngettext`` at the web edge; English without one):

>>> GREETING = define("doc.greeting", N_("{name} has {n} cards"))
>>> GREETING(name="Ann", n=3)
Message(code='doc.greeting', params={'name': 'Ann', 'n': 3})
>>> render(GREETING(name="Ann", n=3))
'Ann has 3 cards'
>>> POINTS = define("doc.points", NP_("{n} point", "{n} points"), count="n")
>>> render(POINTS(n=1)), render(POINTS(n=5))
('1 point', '5 points')

Parameters may themselves be messages (a reason inside an error), or lists of them; they are
rendered first. :func:`as_dict` / :func:`from_dict` give the stored and API form.

Extraction: ``N_`` marks a singular template and ``NP_`` a singular/plural pair. They are
no-ops at run time; the project's ``makemessages`` passes them to xgettext as keywords
(``--keyword=N_ --keyword=NP_:1,2``), so every template lands in the catalogues.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple


def N_(text: str) -> str:
    """Mark ``text`` for translation without translating it (extraction only)."""
    return text


class Plural(NamedTuple):
    singular: str
    plural: str


def NP_(singular: str, plural: str) -> Plural:
    """Mark a singular/plural pair for translation (extraction only)."""
    return Plural(singular, plural)


@dataclass(frozen=True)
class MessageType:
    """One sentence the engine can say: its code, English template(s) and plural parameter."""

    code: str
    template: str | Plural
    count: str | None = None  # the param that picks the plural form
    # Params whose value is itself an ``N_``-marked engine text (a variant's name): translated
    # with ``gettext`` before they fill the template.
    translate: tuple[str, ...] = ()

    def __call__(self, **params: Any) -> Message:
        return Message(self.code, params)


@dataclass(frozen=True)
class Message:
    """A sentence as data: ``code`` names its :class:`MessageType`, ``params`` fill it in."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:  # English, for logs, doctests and the engine used as a library
        return render(self)


CATALOGUE: dict[str, MessageType] = {}


def define(
    code: str,
    template: str | Plural,
    *,
    count: str | None = None,
    translate: tuple[str, ...] = (),
) -> MessageType:
    """Register a message type. A code names exactly one template (defining it twice with a
    different template is a programming error).

    ``count`` names the param that picks a plural form; ``translate`` the params that hold an
    ``N_``-marked text of the engine (rendered through ``gettext`` too):

    >>> NAMED = define("doc.named", N_("{variant} is for {n} players"), translate=("variant",))
    >>> french = {"Gin": "Le gin", "{variant} is for {n} players": "{variant} se joue à {n}"}
    >>> render(NAMED(variant="Gin", n=2), gettext=lambda s: french.get(s, s))
    'Le gin se joue à 2'
    """
    if isinstance(template, Plural) and count is None:
        raise ValueError(f"{code}: a plural template needs count=")
    message_type = MessageType(code, template, count, tuple(translate))
    known = CATALOGUE.get(code)
    if known is not None and known != message_type:
        raise ValueError(f"message code {code!r} is defined twice with different templates")
    CATALOGUE[code] = message_type
    return message_type


Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]


def _english(text: str) -> str:
    return text


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def render(
    message: Message | str,
    gettext: Gettext = _english,
    ngettext: Ngettext = _english_plural,
) -> str:
    """The text of ``message`` in the language of ``gettext``/``ngettext`` (English by default).

    A plain ``str`` is returned as it is (already text: a player's name, a card). An unknown
    code renders as the code itself, so an old stored message never breaks a page.

    >>> CARDS = define("doc.cards", NP_("{n} card left", "{n} cards left"), count="n")
    >>> render(CARDS(n=2))
    '2 cards left'
    >>> render(CARDS(n=1), ngettext=lambda one, many, n: "noch eine Karte" if n == 1 else many)
    'noch eine Karte'
    >>> render(Message("retired.code"))
    'retired.code'
    """
    if isinstance(message, str):
        return message
    message_type = CATALOGUE.get(message.code)
    params = {k: _render_param(v, gettext, ngettext) for k, v in message.params.items()}
    if message_type is None:
        return message.code
    for key in message_type.translate:
        if isinstance(params.get(key), str):
            params[key] = gettext(params[key])
    template = message_type.template
    if isinstance(template, Plural):
        n = message.params.get(message_type.count or "", 0)
        text = ngettext(template.singular, template.plural, n if isinstance(n, int) else 0)
    else:
        text = gettext(template)
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        # A translation that names a placeholder the message lacks must not break a page.
        return (template.singular if isinstance(template, Plural) else template).format(**params)


MINUS = "\u2212"


def _render_param(value: Any, gettext: Gettext, ngettext: Ngettext) -> Any:
    """A parameter as the text shows it: a message rendered, a negative number with a true
    minus sign (``−35``, as totals and the explanations' own subtractions print it).

    >>> _render_param(-35, _english, _english_plural), _render_param(35, _english, _english_plural)
    ('−35', 35)
    """
    if isinstance(value, int | float) and not isinstance(value, bool) and value < 0:
        return MINUS + str(-value)
    if isinstance(value, Message):
        return render(value, gettext, ngettext)
    if isinstance(value, list | tuple) and value and all(isinstance(v, Message) for v in value):
        return ", ".join(render(v, gettext, ngettext) for v in value)
    return value


def as_dict(message: Message) -> dict[str, Any]:
    """The stored / API form: ``{"code": ..., "params": {...}}`` (nested messages too).

    >>> as_dict(Message("doc.greeting", {"name": "Ann", "n": 3}))
    {'code': 'doc.greeting', 'params': {'name': 'Ann', 'n': 3}}
    """
    return {"code": message.code, "params": {k: _param_dict(v) for k, v in message.params.items()}}


def _param_dict(value: Any) -> Any:
    if isinstance(value, Message):
        return as_dict(value)
    if isinstance(value, list | tuple):
        return [_param_dict(v) for v in value]
    return value


def from_dict(data: Mapping[str, Any]) -> Message:
    """The inverse of :func:`as_dict`.

    >>> m = Message("doc.greeting", {"name": "Ann", "n": 3})
    >>> from_dict(as_dict(m)) == m
    True
    """
    return Message(str(data["code"]), {k: _param_from(v) for k, v in data["params"].items()})


def _param_from(value: Any) -> Any:
    if isinstance(value, Mapping) and set(value) == {"code", "params"}:
        return from_dict(value)
    if isinstance(value, list):
        return [_param_from(v) for v in value]
    return value


__all__ = [
    "CATALOGUE",
    "Message",
    "MessageType",
    "N_",
    "NP_",
    "Plural",
    "as_dict",
    "define",
    "from_dict",
    "render",
]
