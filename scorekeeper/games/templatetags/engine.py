"""Template filters for what the engine says: ``{% load engine %}``.

``{{ line|render }}``: an explanation line or error (a Message or its stored dict) as text in
the active language, escaped, its cards' suits as symbols (``7♠ K♥``, read aloud by name). ``{{ variant.name|engine_text }}``: an ``N_``-marked engine text
translated.
"""

from django import template

from scorekeeper.i18n import render_message_html, translate_text

register = template.Library()


@register.filter(name="render")
def render(value) -> str:
    return render_message_html(value)


@register.filter(name="engine_text")
def engine_text(value) -> str:
    return translate_text(value) if isinstance(value, str) else value
