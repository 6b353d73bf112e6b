"""No English left on the pages a table and an organiser open, in any language.

Each page is rendered in every language of the app; its reader-visible text (the text between
tags, and the attributes a reader meets: title, aria-label, placeholder, alt, value of buttons)
must hold no English sentence and no English variant name:

- an English sentence: a catalogue msgid of four words or more (its fixed part between
  placeholders) whose translation differs, found as it is on the page; and any run of text
  with three or more English function words ("the", "and", "you"...), which also catches
  English that never reached the catalogue;
- an English variant name: a variant's English name where the language renders it otherwise;
- in Korean, a particle pair after a name (이(가), 와(과)) the app should have resolved.

The league and player pages come from the leagues branch; they are included and fail until
its fix (the variant names printed untranslated) is merged.
"""

from __future__ import annotations

import html
import json
import re
from functools import cache

import polib
import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scorekeeper.particles import NOTATION
from scorekeeper.rules import all_variants
from tests.games.page_helpers import knock_hand, post_hand, start_game

pytestmark = pytest.mark.django_db

ROOT = settings.BASE_DIR
LANGS = [code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
FUNCTION_WORDS = {"the", "and", "you", "your", "this", "that", "with", "from", "which", "when",
                  "there", "their", "is", "of", "it", "not", "has", "have", "are", "was", "will"}
# Words of the list that are also words of a language ("are" is Romanian "has").
ALSO_THEIRS = {"ro": {"are"}, "de": {"was", "will"}, "nb": {"and", "is"}}
# Text that is English in every language by design: the API's protocol words, card notation.
NOT_PROSE = re.compile(r"Authorization: Bearer|application/json|https?://\S+")

VISIBLE_ATTRIBUTES = re.compile(
    r'\b(?:title|aria-label|placeholder|alt|data-[\w-]*(?:label|text|message|title))="([^"]*)"'
)


def visible_text(page: str) -> str:
    """What a reader can read or hear on the page, one piece per line."""
    page = re.sub(r"(?is)<(script|style|svg|template)\b.*?</\1>", " ", page)
    pieces = VISIBLE_ATTRIBUTES.findall(page)
    body = re.sub(r"(?s)<!--.*?-->", " ", page)
    body = re.sub(r"(?s)<[^>]+>", "\n", body)
    pieces += body.split("\n")
    return "\n".join(html.unescape(p).strip() for p in pieces if p.strip())


@cache
def english_fragments(lang: str) -> tuple[str, ...]:
    """The fixed parts (four words or more) of the msgids that this language translates."""
    po = polib.pofile(str(ROOT / "locale" / lang / "LC_MESSAGES" / "django.po"))
    found = set()
    for entry in po:
        if entry.obsolete or entry.msgstr == entry.msgid:
            continue
        for text in (entry.msgid, entry.msgid_plural or ""):
            for part in re.split(r"%\(\w+\)[sd]|\{\w*\}|%[sd]|<[^>]+>|\n", text):
                part = part.strip(" .,:;()")
                if len(part.split()) >= 4:
                    found.add(part)
    return tuple(sorted(found, key=len, reverse=True))


def english_left(lang: str, text: str) -> list[str]:
    problems = []
    for line in text.split("\n"):
        prose = NOT_PROSE.sub(" ", line)
        words = re.findall(r"[A-Za-z']+", prose)
        english = FUNCTION_WORDS - ALSO_THEIRS.get(lang, set())
        if len([w for w in words if w.lower() in english]) >= 3:
            problems.append(f"English prose: {line[:120]!r}")
    for fragment in english_fragments(lang):
        if fragment in text:
            problems.append(f"untranslated: {fragment[:120]!r}")
    if lang == "ko":  # a particle after a name is chosen, never shown as its pair (와(과))
        problems += [f"particle pair left: {m.group(0)!r}" for m in NOTATION.finditer(text)]
    with translation.override(lang):
        for variant in all_variants():
            local = translation.gettext(variant.name)
            if local != variant.name and variant.name not in local:
                if re.search(rf"(?<!\w){re.escape(variant.name)}(?!\w)", text):
                    problems.append(f"English variant name: {variant.name!r}")
    return problems


def _pages(client: Client) -> dict[str, str]:
    """The pages, by name, as this client (in its language) reads them."""
    game_id = start_game(client, "knock-rummy")
    assert post_hand(client, game_id, knock_hand(0, 5, 20, 31)).status_code in (200, 302)
    phom_id = start_game(client, "phom", ("Ann", "Bob", "Cy", "Dee"))
    pages = {
        "game": reverse("game", args=[game_id]),
        "phom game": reverse("game", args=[phom_id]),
        "game rules": reverse("game_rules", args=[game_id]),
        "share": reverse("game_share", args=[game_id]),
        "new hand": reverse("hand_new", args=[game_id]),
        "rules index": reverse("rules_index"),
        "search": reverse("rules_search") + "?q=" + translation.gettext("Knock Rummy"),
        "search nothing": reverse("rules_search") + "?q=zzzzqqq",
        "check": reverse("check"),
        "new game": reverse("game_start"),
    }
    pages |= {f"rules {v.slug}": reverse("rules", args=[v.slug]) for v in all_variants()}
    out = {}
    for name, url in pages.items():
        response = client.get(url)
        assert response.status_code == 200, (name, response.status_code)
        out[name] = response.content.decode()
    handover = client.post(reverse("game_handover", args=[game_id]))
    assert handover.status_code == 200
    out["handover"] = handover.content.decode()
    return out


def _league_pages(client: Client) -> dict[str, str]:
    league = json.loads(client.post("/api/v1/leagues", json.dumps({"name": "Club"}),
                                    content_type="application/json").content)
    game = json.loads(client.post(
        "/api/v1/games",
        json.dumps({"variant": "german-rummy", "options": {"hands": 1}, "players": ["Ann", "Bob"],
                    "league": league["id"]}),
        content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {league['token']}").content)
    hand = {"result": {"out": "Ann", "hands": {"Bob": {"points": 12}}}}
    assert client.post(f"/api/v1/games/{game['id']}/hands", json.dumps(hand),
                       content_type="application/json",
                       HTTP_AUTHORIZATION=f"Bearer {game['token']}").status_code == 201
    out = {"league": client.get(reverse("league", args=[league["id"]])).content.decode()}
    player = re.search(rf'href="(/leagues/{league["id"]}/players/\d+/)"', out["league"]).group(1)
    response = client.get(player)
    assert response.status_code == 200
    out["league player"] = response.content.decode()
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_no_english_on_the_table_and_rules_pages(lang):
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    problems = []
    with translation.override(lang):
        pages = _pages(client)
    for name, page in pages.items():
        problems += [f"{name}: {p}" for p in english_left(lang, visible_text(page))]
    assert problems == [], f"{lang}:\n" + "\n".join(sorted(set(problems)))


@pytest.mark.parametrize("lang", LANGS)
def test_no_english_on_the_league_pages(lang):
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    problems = []
    for name, page in _league_pages(client).items():
        problems += [f"{name}: {p}" for p in english_left(lang, visible_text(page))]
    assert problems == [], f"{lang}:\n" + "\n".join(sorted(set(problems)))


def test_the_check_finds_english():
    """The check can fail: an English sentence, an untranslated msgid, an English name."""
    page = ('<p>Das ist gut.</p><p title="x">The player who went out scores the rest of the hand</p>'
            "<p>Wer dieses Feld leer lässt, bekommt die Standardwerte der Variante.</p>"
            "<span>German Rummy</span>")
    found = english_left("de", visible_text(page))
    assert any("English prose" in p for p in found)
    assert any("German Rummy" in p for p in found)
    assert english_left("de", visible_text("<p>Wer zuerst ausmacht, gewinnt.</p>")) == []
