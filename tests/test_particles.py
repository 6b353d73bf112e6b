"""Korean particles after a name: chosen from the name's last sound, on every path to a reader."""

import json

import pytest
from django.http import HttpResponse, JsonResponse
from django.test import RequestFactory
from django.utils import translation

from scorekeeper.i18n import render_message, render_message_html
from scorekeeper.particles import ParticlesMiddleware, attach_particles, final_sound, particle


@pytest.mark.parametrize(
    ("word", "pair", "form"),
    [
        ("민준", "이/가", "이"), ("지아", "이/가", "가"), ("하늘", "으로/로", "로"),
        ("민준", "으로/로", "으로"), ("서연", "과/와", "과"), ("도하", "과/와", "와"),
        ("Ann", "은/는", "은"), ("Kim", "을/를", "을"), ("Bill", "이/가", "이"),
        ("Lee", "이/가", "가"), ("Mark", "과/와", "와"), ("Bob", "은/는", "은"),
        ("Nick", "이/가", "이"), ("Anna", "을/를", "를"),
        ("7S", "이/가", "가"), ("KH", "을/를", "를"), ("10", "은/는", "은"),
        ("2", "이/가", "가"), ("7", "으로/로", "로"), ("'7S'", "은/는", "는"),
    ],
)
def test_the_form_follows_the_last_sound(word, pair, form):
    assert particle(word, pair) == form


def test_no_sound_keeps_the_notation():
    assert final_sound("🙂") is None
    assert attach_particles("🙂이(가) 이겼어요") == "🙂이(가) 이겼어요"


def test_every_pair_in_a_text_is_resolved_either_order():
    text = "Ann와(과) 지아은(는) 7S을(를) 버리고 KH(으)로 나요; 민준가(이) 이겼어요"
    assert attach_particles(text) == "Ann과 지아는 7S를 버리고 KH로 나요; 민준이 이겼어요"


def test_html_looks_past_tags_and_quotes():
    html = "<strong>Ann</strong>이(가) &quot;Lee&quot;와(과)"
    assert attach_particles(html, html=True) == "<strong>Ann</strong>이 &quot;Lee&quot;와"


def test_engine_lines_in_korean_pick_the_form_from_the_name():
    with translation.override("ko"):
        vowel = render_message({"code": "result.not_a_player", "params": {"name": "지아"}})
        consonant = render_message({"code": "result.not_a_player", "params": {"name": "Ann"}})
    assert vowel.startswith("지아는 ") and consonant.startswith("Ann은 ")


def test_a_card_drawn_as_symbols_takes_the_cards_form():
    with translation.override("ko"):
        html = str(render_message_html({"code": "gin.spade_doubles", "params": {
            "card": "7S", "points": 10, "total": 20}}))
    assert "이(가)" not in html and "♠" in html and "</span>가 스페이드" in html


def _respond(body, **kwargs):
    request = RequestFactory().get("/")
    return ParticlesMiddleware(lambda r: body)(request)


def test_the_middleware_resolves_korean_pages_and_api_answers():
    with translation.override("ko"):
        page = _respond(HttpResponse("<p><b>Ann</b>이(가) 이 판에 이의를 제기했어요</p>"))
        answer = _respond(JsonResponse({"error": {"message": "Lee은(는) 플레이어가 아니에요"}}))
    assert page.content.decode() == "<p><b>Ann</b>이 이 판에 이의를 제기했어요</p>"
    assert json.loads(answer.content)["error"]["message"] == "Lee는 플레이어가 아니에요"
    with translation.override("de"):  # other languages are left alone
        other = _respond(HttpResponse("Ann이(가)"))
    assert other.content.decode() == "Ann이(가)"


def test_the_modules_examples_hold():
    import doctest

    import scorekeeper.particles

    failures, tried = doctest.testmod(scorekeeper.particles)
    assert tried > 0 and failures == 0
