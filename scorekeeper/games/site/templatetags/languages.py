"""The language switcher's list: each language named in its own words, whatever the page's.

Django's ``{% get_available_languages %}`` passes every name through ``gettext``, and Django's
own catalogues translate "English" (Czech "anglicky", Vietnamese "Tiếng Anh"), while the other
names, being endonyms, are in no catalogue. This tag gives ``settings.LANGUAGES`` as it is.
"""

from django import template
from django.conf import settings

register = template.Library()


@register.simple_tag
def endonym_languages() -> list[tuple[str, str]]:
    return [(code, str(name)) for code, name in settings.LANGUAGES]


@register.filter
def endonym(code: str) -> str:
    """A language's name in its own words ("cs" → "Čeština"), the code if it has none."""
    return next((str(name) for c, name in settings.LANGUAGES if c == code), code)
