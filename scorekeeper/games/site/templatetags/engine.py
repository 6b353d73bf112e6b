"""Template filters for what the engine says: ``{% load engine %}``.

``{{ line|render }}``: an explanation line or error (a Message or its stored dict) as text in
the active language, escaped, its cards' suits as symbols (``7♠ K♥``, read aloud by name).
``{{ variant.name|engine_text }}``: an ``N_``-marked engine text translated.
``{% meld_separators %}``: the engine's meld separators as JSON.
"""

import json

from django import template

from scorekeeper.i18n import render_message_html, translate_text
from scorekeeper.rules.melds import MELD_SEPARATORS

register = template.Library()


@register.filter(name="render")
def render(value) -> str:
    return render_message_html(value)


@register.filter(name="engine_text")
def engine_text(value) -> str:
    return translate_text(value) if isinstance(value, str) else value


@register.simple_tag
def meld_separators() -> str:
    """What may stand between melds, from the engine, as JSON for ``data-meld-separators``
    (``static/js/cardpicker.js`` splits melds with exactly the engine's list)."""
    return json.dumps(list(MELD_SEPARATORS), ensure_ascii=False)
