"""Every page in the reader's language: by Accept-Language, by the switcher's cookie, per language.

Each page is checked for texts it must show, in the language (from the committed catalogue),
with their English absent, and for ``<html lang>``. A few words per language are written out
here too, so a catalogue that went missing or empty cannot pass by translating to English.
"""

import html as htmllib
import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scorekeeper.games.models import Hand
from scorekeeper.i18n import render_lines

from .page_helpers import knock_hand, post_hand, start_game

pytestmark = pytest.mark.django_db

LANGS = [code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE]

# "New game" and "My games" (the header of every page), as each language's glossary has them.
NAV = {
    "it": ("Nuova partita", "Le mie partite"),
    "ro": ("Partidă nouă", "Partidele mele"),
    "ko": ("새 게임", "내 게임"),
    "nb": ("Nytt parti", "Mine partier"),
    "cs": ("Nová hra", "Moje hry"),
    "vi": ("Trận mới", "Trận của tôi"),
    "de": ("Neue Partie", "Meine Partien"),
}

PAGES = {
    "home": ["Choose a game", "Language"],
    "start": ["Start a game", "Players, in seating order", "House rules"],
    "game": ["Running totals after each hand", "Next hand", "Share"],
    "hand_new": ["Save hand", "Pick cards", "Deck: tap a card to add or remove it"],
    "rules": ["At a glance", "In case of dispute", "Card values", "Check cards against these rules"],
    "share": [
        "Anyone with this link sees the scores update by themselves, but cannot change anything.",
        "Watch the scores",
    ],
}


def url_of(page: str, game_id: str) -> str:
    if page in ("home", "start"):
        return reverse({"home": "home", "start": "game_start"}[page])
    if page == "rules":
        return reverse("rules", args=["knock-rummy"])
    return reverse({"game": "game", "hand_new": "hand_new", "share": "game_share"}[page],
                   args=[game_id])


@pytest.fixture
def knock_game(client):
    game_id = start_game(client, "knock-rummy", ["Ann", "Bob", "Cy"])
    assert post_hand(client, game_id, knock_hand(0, 5, 12, 20)).status_code in (200, 302)
    # The setup's own notices ("Hand 1 saved.") were said in English, to the setup's requests:
    # shown once here, so the pages below are drawn without them.
    client.get(reverse("game", args=[game_id]))
    return client, game_id


def text_of(response) -> str:
    assert response.status_code == 200
    return htmllib.unescape(response.content.decode())


def assert_in_language(page_html: str, code: str, msgids: list[str]) -> None:
    assert f'<html lang="{code}">' in page_html
    new_game, my_games = NAV[code]
    assert new_game in page_html and my_games in page_html
    assert "New game" not in page_html and "My games" not in page_html
    for msgid in msgids:
        with translation.override(code):
            text = translation.gettext(msgid)
        assert text != msgid, f"{code}: {msgid!r} is not translated"
        assert text in page_html, f"{code}: {text!r} missing"
        assert msgid not in page_html, f"{code}: English {msgid!r} on the page"


@pytest.mark.parametrize("code", LANGS)
@pytest.mark.parametrize("page", list(PAGES))
def test_page_follows_accept_language(knock_game, code, page):
    client, game_id = knock_game
    response = client.get(url_of(page, game_id), HTTP_ACCEPT_LANGUAGE=f"{code},en;q=0.5")
    assert_in_language(text_of(response), code, PAGES[page])


@pytest.mark.parametrize("code", ["cs", "vi", "ko"])
@pytest.mark.parametrize("page", list(PAGES))
def test_page_follows_the_language_cookie_over_the_browser(knock_game, code, page):
    client, game_id = knock_game
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = code
    response = client.get(url_of(page, game_id), HTTP_ACCEPT_LANGUAGE="de")
    assert_in_language(text_of(response), code, PAGES[page])


@pytest.mark.parametrize("code", LANGS)
def test_game_page_explains_hands_in_the_language(knock_game, code):
    client, game_id = knock_game
    hand = Hand.objects.get(game__public_id=game_id, number=1)
    lines = hand.result["explanation"]
    english = render_lines(lines)
    with translation.override(code):
        translated = render_lines(lines)
    page = text_of(client.get(url_of("game", game_id), HTTP_ACCEPT_LANGUAGE=code))
    worded = [(en, text) for en, text in zip(english, translated, strict=True) if text != en]
    assert worded, "no explanation line is translated"  # some lines are figures only
    for en, text in worded:
        assert text in page and en not in page


def test_switcher_is_on_every_page_and_sets_the_cookie(knock_game):
    client, game_id = knock_game
    for page in PAGES:
        path = url_of(page, game_id)
        body = client.get(path).content.decode()
        assert f'action="{reverse("set_language")}"' in body
        assert f'name="next" value="{path}"' in body
        for code, name in settings.LANGUAGES:
            assert f'<option value="{code}" lang="{code}"' in body and name in body
    response = client.post(reverse("set_language"), {"language": "vi", "next": "/rules/phom/"})
    assert response.status_code == 302 and response["Location"] == "/rules/phom/"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "vi"
    assert '<html lang="vi">' in client.get(url_of("home", game_id)).content.decode()


def test_switcher_refuses_an_offsite_next(client):
    response = client.post(reverse("set_language"), {"language": "cs", "next": "https://evil.example/"})
    assert response.status_code == 302 and response["Location"] == "/"


def test_shared_links_open_in_the_viewers_own_language(knock_game):
    client, game_id = knock_game
    page = client.get(url_of("share", game_id), HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    view_link = f"http://testserver/games/{game_id}/"
    assert view_link in page  # no language in the shared link
    assert "/cs/" not in page.split("<main", 1)[1]
    for code in ("vi", "de"):
        viewer = Client(HTTP_ACCEPT_LANGUAGE=code)
        assert f'<html lang="{code}">' in viewer.get(f"/games/{game_id}/").content.decode()


def test_polling_viewers_get_their_own_language_not_a_cached_other(knock_game):
    # The live scoreboard answers 304 by ETag: the ETag must differ per language.
    client, game_id = knock_game
    path = url_of("game", game_id)
    cs = client.get(path, HTTP_ACCEPT_LANGUAGE="cs")
    de = client.get(path, HTTP_ACCEPT_LANGUAGE="de", HTTP_IF_NONE_MATCH=cs.get("ETag", ""))
    assert de.status_code == 200 and '<html lang="de">' in de.content.decode()
    assert "Accept-Language" in de.get("Vary", "")


@pytest.mark.parametrize(
    "code, words",
    [("cs", ["1 kolo", "od poslední změny", "minut"]), ("de", ["1 Runde", "Minuten"])],
)
def test_my_games_says_counts_and_times_in_the_language(knock_game, code, words):
    client, _game_id = knock_game
    page = text_of(client.get(reverse("my_games"), HTTP_ACCEPT_LANGUAGE=code))
    for word in words:
        assert word in page
    assert "last change" not in page and "minutes" not in page


@pytest.mark.parametrize("code", ["cs", "de", "vi"])
def test_chart_coordinates_stay_numbers_in_comma_languages(knock_game, code):
    # Czech, German and Vietnamese write 12,5; an SVG coordinate must stay 12.5.
    client, game_id = knock_game
    post_hand(client, game_id, knock_hand(1, 7, 3, 20))
    page = client.get(url_of("game", game_id), HTTP_ACCEPT_LANGUAGE=code).content.decode()
    svg = page[page.index("<svg") : page.index("</svg>")]
    attributes = re.findall(r'\s(?:x|y|x1|x2|y1|y2|cx|cy)="([^"]*)"', svg)
    assert attributes and all(re.fullmatch(r"-?\d+(\.\d+)?", a) for a in attributes), attributes


def test_after_a_refused_post_the_switcher_goes_back_by_the_referer(knock_game):
    # The URL a hand was posted to answers no GET: the switcher then gives no "next", and
    # set_language returns to the page the form came from.
    client, game_id = knock_game
    response = post_hand(client, game_id, {"winner": "0", "p0-points": "x"})
    assert response.status_code in (200, 400, 422)
    assert 'name="next"' not in response.content.decode()
    back = reverse("hand_new", args=[game_id])
    answer = client.post(reverse("set_language"), {"language": "cs"}, HTTP_REFERER=back)
    assert answer.status_code == 302 and answer["Location"] == back


@pytest.mark.parametrize("code", LANGS)
def test_switcher_names_every_language_in_its_own_words(client, code):
    # Django's own catalogues would call English "anglicky" or "Tiếng Anh": the menu must not.
    body = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE=code).content.decode()
    select = body[body.index('<select id="language-select"') : body.index("</select>")]
    options = re.findall(r'<option value="([a-z]+)" lang="\1"(?: selected)?>([^<]*)</option>', select)
    assert options == [(c, htmllib.escape(str(n), quote=False)) for c, n in settings.LANGUAGES]


@pytest.mark.parametrize("code", LANGS)
def test_house_rule_help_links_use_the_translated_option_name(client, code):
    from scorekeeper.games.site.templatetags.engine import engine_text
    from scorekeeper.rules.variants import all_variants

    variant = max(all_variants(), key=lambda v: len(v.options))
    page = text_of(client.get(reverse("game_start") + f"?variant={variant.slug}",
                              HTTP_ACCEPT_LANGUAGE=code))
    links = re.findall(r'href="[^"]*#option-[^"]*">([^<]*)</a>', page)
    assert len(links) == len(variant.options) > 0
    with translation.override(code):
        names = [engine_text(option.name) for option in variant.options]
    for link, option, name in zip(links, variant.options, names, strict=True):
        assert name != option.name, f"{code}: option {option.name!r} is not translated"
        assert name in link and option.name not in link, (code, link)
