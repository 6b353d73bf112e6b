"""Pages that settle disputes: each variant's rules, a game's rules as played, the search,
the comparison of all variants, and the checker.

Everything shown is the engine's (``scorekeeper.rules.reference``): these views pick the
variant or game, call it, and render.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET

from scorekeeper.i18n import render_message, translate_text
from scorekeeper.rules import RulesError, Variant, all_variants, get_variant
from scorekeeper.rules.errors import UnknownVariantError
from scorekeeper.rules.reference import (
    SECTION_TITLES,
    assumptions,
    check_deadwood,
    check_going_out,
    check_going_out_typed,
    check_melds,
    comparison,
    deal_plan,
    disputes,
    glossary,
    guide_for,
    house_texts,
    opening_minimum,
    options_in_force,
    sections,
    split_melds,
    worked_examples,
)
from scorekeeper.rules.variants.parameters import house_numbers

from ..models import Game
from ..rights import access
from ..scoresheet.forms import default_variant
from ..scoresheet.selectors import game_get
from ..table import seat_access
from .forms import CheckForm
from .search import (
    MAX_QUERY,
    BadQuestion,
    clean_language,
    clean_question,
    say_in,
    search_rules,
)


def _variant_or_404(slug: str) -> Variant:
    try:
        return get_variant(slug)
    except UnknownVariantError:
        raise Http404("no such variant") from None


def _deals(variant: Variant) -> dict[str, list[dict[str, Any]]]:
    rows = [
        {"players": n, "cards": cards, "deck": variant.deck(n)} for n, cards in variant.deal.items()
    ]
    return {"deals": _runs(rows, "cards"), "decks": _runs(rows, "deck")}


def _runs(rows: list[dict[str, Any]], key: str) -> list[dict[str, Any]]:
    """Consecutive player counts that share ``rows[key]``, as {low, high, key} rows."""
    runs: list[dict[str, Any]] = []
    for row in rows:
        if runs and runs[-1][key] == row[key]:
            runs[-1]["high"] = row["players"]
        else:
            runs.append({"low": row["players"], "high": row["players"], key: row[key]})
    return runs


def _toc(prose) -> list[tuple[str, str]]:
    """The table of contents: the skeleton's sections present on the page, in order."""
    anchors = ["glance", *(s.anchor for s in prose), "house-rules", "assumptions", "disputes"]
    return [(anchor, SECTION_TITLES[anchor]) for anchor in (*anchors, "glossary")]


@require_GET
def rules(request: HttpRequest, slug: str) -> HttpResponse:
    """A variant's rules in the common skeleton, with worked examples and disputes."""
    variant = _variant_or_404(slug)
    prose = sections(variant)
    worked = worked_examples(variant)
    context = {
        "variant": variant,
        "table": variant.table({}, players=variant.players[0]),
        "sections": prose,
        "examples": {s.anchor: [w for w in worked if w.section == s.anchor] for s in prose},
        "house_examples": [w for w in worked if w.section == "house-rules"],
        "house_texts": house_texts(variant),
        "assumptions": assumptions(variant),
        "disputes": disputes(variant),
        "terms": glossary(variant),
        "guide": guide_for(variant),
        "opening": opening_minimum(variant),
        "toc": _toc(prose),
        **_deals(variant),
    }
    return render(request, "reference/rules.html", context)


def _game(game_id: str) -> Game:
    try:
        return game_get(public_id=game_id)
    except Game.DoesNotExist:
        raise Http404("no such game") from None


@require_GET
def game_rules(request: HttpRequest, game_id: str) -> HttpResponse:
    """The rules of one game as played: its variant with its house rules applied."""
    game = _game(game_id)
    variant = get_variant(game.variant)
    players = [seat.name for seat in game.seats.all()]
    table = variant.table(game.options, players=len(players))
    prose = sections(variant, table)
    context = {
        "game": game,
        "variant": variant,
        "table": table,
        "players": players,
        "sections": prose,
        "options": options_in_force(table),
        "assumptions": assumptions(variant, table),
        "terms": glossary(variant),
        "guide": guide_for(variant),
        "settled": _settled(variant, table),
        "opening": opening_minimum(table),
        "opening_book": opening_minimum(variant),
        "deck": table.deck,
        "deal": variant.deal_for(len(players)),
        "toc": _toc(prose),
    }
    return render(request, "reference/game_rules.html", context)


def _settled(variant: Variant, table) -> list[dict[str, Any]]:
    """Each dispute of the guide (its numbers the table's), answered by the engine at this
    table (its house rules) when the dispute has a check; the guide's usual answer holds for
    the default rules only."""
    out = []
    for n, dispute in enumerate(disputes(variant, table), start=1):
        item: dict[str, Any] = {"dispute": dispute, "n": n, "kind": None}
        check = dispute.check
        try:
            if dispute.switch is not None:  # a house rule decides it: the table's answer
                item.update(kind="verdict", valid=True, verdict=dispute.answer_at(table))
            elif check is not None and check.kind in ("meld", "opening"):
                report = check_melds(split_melds(check.cards), table)
                if check.kind == "opening" and report.opening is not None:
                    item.update(
                        kind="verdict", valid=report.opening.met, verdict=report.opening.verdict
                    )
                elif len(report.melds) == 1:
                    meld = report.melds[0]
                    item.update(kind="meld", valid=meld.valid, meld=meld)
            elif check is not None and check.kind == "going-out":
                verdict = check_going_out(check.cards, table, discard=check.discard or None)
                item.update(kind="verdict", valid=verdict.valid, verdict=verdict.verdict)
        except RulesError:
            item["kind"] = None  # e.g. cards this table's deck does not hold: the link stays
        out.append(item)
    return out


@require_GET
def rules_index(request: HttpRequest) -> HttpResponse:
    """Every variant side by side, with the search box."""
    return render(request, "reference/index.html", {"rows": comparison(), "terms": glossary()})


@require_GET
def rules_search(request: HttpRequest) -> HttpResponse:
    """A question as typed, in any of the app's languages, answered from the whole book (see
    ``games/rulebook/search.py``, which the API calls too): best first, each place in the page's
    language with the sentence that answers; nothing found suggests the book's nearest words.
    ``game``: a game's id, whose variant's places come first (its question box)."""
    raw = request.GET.get("q") or ""
    game = _game_param(request.GET.get("game"))
    context: dict[str, Any] = {
        "q": raw.strip()[:MAX_QUERY],
        "game": game,
        "asked": get_variant(game.variant) if game is not None else None,
        "hits": [],
        "suggestions": [],
        "error": None,
        "ruling_game": game,
        "may_rule": game is not None and _may_rule(request, game),
    }
    status = 200
    if raw.strip():
        try:
            query = clean_question(raw)
        except BadQuestion as err:
            context["error"] = str(err)
            status = 400
        else:
            found = search_rules(query=query, language=clean_language(None), game=game)
            context.update(
                hits=found.results(),
                suggestions=found.answer.suggestions,
                games=found.answer.games,
            )
    return render(request, "reference/search.html", context, status=status)


def _may_rule(request: HttpRequest, game: Game) -> bool:
    """May this browser keep a ruling with ``game``: its scorekeeper's, or a seated player's?"""
    return access.can_edit(request, game) or seat_access.seat_of(request, game) is not None


# Where the rules book says what each check checks: a checker answer kept as a ruling cites it.
CHECK_RULES = {"meld": "melds", "opening": "melds", "going-out": "going-out", "deadwood": "going-out"}


def _check_ruling(form: CheckForm, outcome: dict[str, Any] | None) -> dict[str, str] | None:
    """A checker answer as a ruling to keep: the question (what was checked), the rule it
    cites, and the answer in words as the note; None for what no rule settles (a deal plan)."""
    if not outcome or outcome["kind"] not in CHECK_RULES:
        return None
    cards = form.cleaned_data.get("cards") or ""
    discard = form.cleaned_data.get("discard") or ""
    kind = dict(form.fields["kind"].choices).get(outcome["kind"], outcome["kind"])
    question = f"{kind}: {cards}" + (f" / {discard}" if discard else "")
    return {
        "question": question[:300],
        "rule": CHECK_RULES[outcome["kind"]],
        "note": _check_answer(outcome)[:200],
    }


def _check_answer(outcome: dict[str, Any]) -> str:
    """The checker's answer in a line of words (what the page shows as its verdict)."""
    if outcome.get("report") is not None:
        report = outcome["report"]
        if report.opening is not None:
            return _say(report.opening.verdict)
        return "; ".join(
            (gettext("Valid set") if meld.kind == "set" else gettext("Valid run"))
            if meld.valid
            else f"{gettext('Not valid')}: {_say(meld.reason)}"
            for meld in report.melds
        )
    if outcome.get("going_out") is not None:
        return _say(outcome["going_out"].verdict)
    if outcome.get("arrangement") is not None:
        count = outcome["arrangement"].count
        return ngettext("Deadwood: %(n)s point", "Deadwood: %(n)s points", count) % {"n": count}
    return ""


def _say(text: Any) -> str:
    return translate_text(text) if isinstance(text, str) else render_message(text)


_say_in = say_in  # the book in one language, as the search reads it


# ------------------------------------------------------------------------------------------
# The checker
# ------------------------------------------------------------------------------------------


@require_GET
def check(request: HttpRequest) -> HttpResponse:
    """Meld, first-meld, going-out, deadwood and deal checks: a plain GET form whose URL, cards
    included, can be shared. Opened from a game, the game's variant and house rules are
    preselected."""
    data = request.GET.copy()
    game = _game_param(data.get("game"))
    variant = _chosen_variant(data.get("variant"), game)
    names: list[str] = []
    if game is not None:
        names = [seat.name for seat in game.seats.all()]
        if not data.get("variant"):
            data["variant"] = variant.slug
            numbers = {o.slug for o in house_numbers(variant)}
            for slug, value in game.options.items():
                if value is True:
                    data[f"opt-{slug}"] = "on"
                elif slug in numbers and f"opt-{slug}" not in data:
                    data[f"opt-{slug}"] = str(value)
    data["variant"] = variant.slug  # an unknown slug falls back, as on the start form
    # Another game chosen (check.js asks with "redraw"): draw its house-rule boxes, run nothing.
    bound = ("kind" in data or "cards" in data) and "redraw" not in data
    if not data.get("kind"):
        data["kind"] = "meld"
    form = CheckForm(data, variant=variant)
    dropped = _dropped_options(data, form)
    outcome = None
    if bound and form.is_valid():
        dealer = (game.next_dealer or game.dealer) if game is not None else None
        outcome = _run(form, variant, names, dealer)
    context = {
        "form": form,
        "variant": variant,
        "game": game,
        "outcome": outcome,
        "dropped": dropped,
        "deck": variant.deck(_players(form, names, variant)),
        "shown": bound,
        "ruling": _check_ruling(form, outcome) if game is not None else None,
        "may_rule": game is not None and _may_rule(request, game),
    }
    return render(request, "reference/check.html", context)


def _dropped_options(data, form: CheckForm) -> list[str]:
    """The names of the house rules ticked in the request that the chosen game does not have
    (another game was chosen): said on the page rather than dropped without a word."""
    names = {o.slug: o.name for v in all_variants() for o in v.options}
    return [
        _say(names[key.removeprefix("opt-")])
        for key in data
        if key.startswith("opt-") and key not in form.fields and key.removeprefix("opt-") in names
    ]


def _game_param(value: str | None) -> Game | None:
    if not value or len(value) > 40:
        return None
    try:
        return game_get(public_id=value)
    except Game.DoesNotExist:
        return None


def _chosen_variant(slug: str | None, game: Game | None) -> Variant:
    if slug:
        try:
            return get_variant(slug)
        except UnknownVariantError:
            pass
    if game is not None:
        return get_variant(game.variant)
    return default_variant()


def _players(form: CheckForm, names: list[str], variant: Variant) -> int:
    """Players for the deck size: as given, the game's, or the most the variant seats."""
    given = form.cleaned_data.get("players") if hasattr(form, "cleaned_data") else None
    low, high = variant.players
    count = given or len(names) or high
    return min(max(count, low), high)


def _run(
    form: CheckForm, variant: Variant, names: list[str], dealer: str | None = None
) -> dict[str, Any] | None:
    """Run the chosen check; an engine error goes next to the cards field."""
    kind = form.cleaned_data["kind"]
    cards = form.cleaned_data.get("cards") or ""
    try:
        table = variant.table(form.options(), players=_players(form, names, variant))
        if kind == "deal":
            given = form.cleaned_data.get("players")
            dealer = dealer if names and not given else None
            return {
                "kind": kind,
                "plan": deal_plan(variant, given or names or variant.players[0], dealer=dealer),
            }
        if not cards:
            form.add_error("cards", gettext("Give the cards to check, e.g. 7H 8H 9H."))
            return None
        if kind in ("meld", "opening"):
            return {"kind": kind, "report": check_melds(split_melds(cards), table)}
        if kind == "going-out":
            discard = form.cleaned_data.get("discard") or None
            verdict = check_going_out_typed([cards], table, discard=discard)
            return {"kind": kind, "going_out": verdict}
        return {"kind": kind, "arrangement": check_deadwood(" ".join(split_melds(cards)), table)}
    except RulesError as err:
        field = "players" if kind == "deal" else "cards"
        form.add_error(field, render_message(err.message))
        return None
