"""Korean particles after a name, chosen from the name's last sound.

A Korean particle has two forms, one after a closing consonant and one after a vowel: 이/가,
을/를, 은/는, 과/와, and (으)로, which takes 로 after a vowel or ㄹ. A translation cannot know
the name it will hold, so the Korean catalogue writes the pair right after the placeholder,
in the usual notation ``%(name)s이(가)``, ``{name}과(와)``, ``{card}을(를)``, ``{melds}(으)로``,
and this module picks the form once the name is in:

- :func:`particle` is the one rule: the form of a pair that follows a given word;
- :func:`attach_particles` resolves every pair in a text (after the name was put in), used by
  :func:`scorekeeper.i18n.render_message` for the engine's lines and by
  :class:`ParticlesMiddleware` for every Korean page and API answer, so a template, a form
  error or an API message never shows 와(과).

The last sound of a Hangul syllable is read from the syllable itself; digits as they are read
(1 일, 2 이, 3 삼...; 0 and round numbers 십, 백, 천, 만 all close on a consonant); a Latin
name as Koreans say it (Ann 앤, Kim 김, Bill 빌 close on a consonant; Lee 리, Mark 마크 on a
vowel); a single letter or a card code (``7S``, ``KH``) by the letter's name (S 에스, L 엘, M 엠).
Where no sound can be told (a symbol, an emoji), the notation is left as it is: still right,
if less smooth.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language

CONSONANT, RIEUL, VOWEL = "consonant", "rieul", "vowel"

# The pairs: (after a consonant, after a vowel, after ㄹ).
PAIRS = {
    "이/가": ("이", "가", "이"),
    "을/를": ("을", "를", "을"),
    "은/는": ("은", "는", "은"),
    "과/와": ("과", "와", "과"),
    "으로/로": ("으로", "로", "로"),
}
# How the catalogue writes each pair after a placeholder (either order).
NOTATIONS = {
    "이(가)": "이/가", "가(이)": "이/가",
    "을(를)": "을/를", "를(을)": "을/를",
    "은(는)": "은/는", "는(은)": "은/는",
    "과(와)": "과/와", "와(과)": "과/와",
    "(으)로": "으로/로",
}
NOTATION = re.compile("|".join(re.escape(n) for n in sorted(NOTATIONS, key=len, reverse=True)))

_DIGITS = {"0": CONSONANT, "1": RIEUL, "2": VOWEL, "3": CONSONANT, "4": VOWEL, "5": VOWEL,
           "6": CONSONANT, "7": RIEUL, "8": RIEUL, "9": VOWEL}
# A letter said by its name: L 엘, R 알 (ㄹ); M 엠, N 엔 (consonant); the rest end on a vowel.
_LETTER_NAMES = {"L": RIEUL, "R": RIEUL, "M": CONSONANT, "N": CONSONANT}
_LATIN_VOWELS = set("aeiouy")
# Characters that close a name without being said: quotes and brackets ('{card}'을(를)).
_SILENT = set("'\"’”」』)]»›*")


def final_sound(word: str) -> str | None:
    """How ``word`` ends when said in Korean: CONSONANT, RIEUL (ㄹ), VOWEL, or None."""
    text = word.rstrip()
    while text and text[-1] in _SILENT:
        text = text[:-1].rstrip()
    if not text:
        return None
    last = text[-1]
    if "\uac00" <= last <= "\ud7a3":  # a Hangul syllable: its final consonant, if any
        final = (ord(last) - 0xAC00) % 28
        return VOWEL if final == 0 else RIEUL if final == 8 else CONSONANT
    if last.isdigit() and last in _DIGITS:
        return _DIGITS[last]
    if last.isascii() and last.isalpha():
        word_match = re.search(r"[A-Za-z]+$", text)
        letters = word_match.group(0) if word_match else last
        if len(letters) <= 2 or letters.isupper():  # a letter, a card code, an acronym
            return _LETTER_NAMES.get(last.upper(), VOWEL)
        return _latin_word(letters.lower())
    return None


def _latin_word(word: str) -> str:
    """A Latin-script name's last sound as Korean writes the name (Ann 앤, Mark 마크)."""
    if word.endswith("ng") or word[-1] in "mn":
        return CONSONANT
    if word[-1] == "l":
        return RIEUL
    # A final stop after a vowel closes the syllable (Bob 밥, Pat 팻, Nick 닉, Erik 에릭); after
    # a consonant it gets a vowel of its own (Mark 마크, Kurt 커트); anything else ends open.
    if word.endswith("ck"):
        return CONSONANT
    if word[-1] in "bkpt" and len(word) > 1 and word[-2] in _LATIN_VOWELS - {"y"}:
        return CONSONANT
    return VOWEL


def particle(word: str, pair: str) -> str | None:
    """The form of ``pair`` ("이/가", "을/를", "은/는", "과/와", "으로/로") that follows ``word``,
    or None when the word's last sound cannot be told.

    >>> particle("Ann", "이/가"), particle("Lee", "이/가"), particle("민준", "과/와")
    ('이', '가', '과')
    >>> particle("Bill", "으로/로"), particle("7S", "을/를")
    ('로', '를')
    """
    sound = final_sound(word)
    if sound is None:
        return None
    after_consonant, after_vowel, after_rieul = PAIRS[pair]
    return {CONSONANT: after_consonant, VOWEL: after_vowel, RIEUL: after_rieul}[sound]


_TAG_BEFORE = re.compile(r"(?:<[^<>]*>|&(?:quot|#x27|#39|rdquo|rsquo|gt);)$")


def attach_particles(
    text: str, *, html: bool = False, marks: Mapping[str, str] | None = None
) -> str:
    """Every particle pair in ``text`` (``이(가)``, ``와(과)``, ``(으)로``...) in the form the word
    before it takes. With ``html``, tags and quote entities before the pair are looked past
    (``<b>Ann</b>이(가)``); ``marks`` maps placeholder marks that stand for a text (a card
    drawn later) to that text."""
    if not NOTATION.search(text):
        return text
    out, last = [], 0
    for match in NOTATION.finditer(text):
        before = text[max(0, match.start() - 400) : match.start()]  # the name is just before
        if html:
            while (tag := _TAG_BEFORE.search(before)) is not None:
                before = before[: tag.start()]
        for mark, value in (marks or {}).items():
            if before.endswith(mark):
                before = value
        chosen = particle(before, NOTATIONS[match.group(0)])
        out.append(text[last : match.start()])
        out.append(chosen if chosen is not None else match.group(0))
        last = match.end()
    out.append(text[last:])
    return "".join(out)


def korean() -> bool:
    return (get_language() or "").split("-")[0] == "ko"


def for_language(text: str) -> str:
    """``text`` with its particles attached when the active language is Korean."""
    return attach_particles(text) if korean() else text


class ParticlesMiddleware:
    """Attaches the particles of every Korean page (HTML) and API answer (JSON): the pages'
    templates and the apps' messages put a name before a pair, this picks its form."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.streaming or not korean():
            return response
        kind = response.get("Content-Type", "").split(";")[0].strip()
        if kind not in {"text/html", "application/json"}:
            return response
        charset = response.charset or "utf-8"
        try:
            text = response.content.decode(charset)
        except UnicodeDecodeError:
            return response
        if kind == "application/json":
            changed = _json_particles(text)
        else:
            changed = attach_particles(text, html=True) if NOTATION.search(text) else text
        if changed != text:
            response.content = changed.encode(charset)
            if response.has_header("Content-Length"):
                response["Content-Length"] = str(len(response.content))
        return response


def _json_particles(text: str) -> str:
    """A JSON body with the particles of its strings attached (written back as Django's and
    django-ninja's encoders write it: ``json.dumps`` defaults), or ``text`` when none is."""
    import json

    if "(" not in text:
        return text
    try:
        data = json.loads(text)
    except ValueError:
        return text
    changed = False

    def walk(value):
        nonlocal changed
        if isinstance(value, str):
            resolved = attach_particles(value)
            changed = changed or resolved != value
            return resolved
        if isinstance(value, list):
            return [walk(v) for v in value]
        if isinstance(value, dict):
            return {k: walk(v) for k, v in value.items()}
        return value

    data = walk(data)
    return json.dumps(data) if changed else text
