"""The pages' forms: starting a game and entering a hand.

Forms only turn what was typed into the shapes the services take (the API's `result` dict,
the `game_create` arguments) and back; every rule and every point is the engine's business.
Errors the engine raises name a field (``result.hands.Bob.cards``); :meth:`HandForm.add_rules_error`
puts each one next to the input it is about.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from scorekeeper.i18n import render_message, render_message_html, translate_text
from scorekeeper.rules import RulesError, Variant, all_variants, get_variant
from scorekeeper.rules.errors import UnknownVariantError
from scorekeeper.rules.families import MAX_POINTS, MAX_TEXT, Family, SeatField, family_of
from scorekeeper.rules.melds import split_melds
from scorekeeper.rules.scoring.setup import player_name

from .entry_kinds import SEAT_KINDS, kind_of
from .sums import PointsField

MAX_NAME = 40

# Values of the hand form's "winner" choice that are not a seat.
BLOCKED = "blocked"
NOBODY = "none"


def default_variant() -> Variant:
    return all_variants()[0]


def variant_or_default(slug: str | None) -> Variant:
    if not slug:
        return default_variant()
    try:
        return get_variant(slug)
    except UnknownVariantError:
        return default_variant()


# No variant seats more than 12; rows past this are never drawn, whatever a request says.
MAX_SEATS = 16


def seats_wanted(variant: Variant, filled: int, asked: int | None = None) -> int:
    """How many name rows the start form shows: enough for the names, at most the maximum."""
    low, high = variant.players
    rows = max(asked or 0, filled, low, min(4, high))
    return min(rows, max(high, filled), MAX_SEATS)


# ------------------------------------------------------------------------------------------
# Start a game
# ------------------------------------------------------------------------------------------


class StartGameForm(forms.Form):
    """Variant, seats (names in seating order, one marked as dealer) and house rules.

    Seats are ``player-0``..``player-N``; ``dealer`` is the index of a seat. Option fields are
    ``opt-<slug>``: a checkbox for a switch, a number for a setting (blank = the default).
    """

    variant = forms.ChoiceField(label=_("Game"), widget=forms.RadioSelect)
    dealer = forms.IntegerField(required=False, min_value=0, widget=forms.RadioSelect)

    def __init__(self, *args: Any, variant: Variant, seats: int, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.variant_obj = variant
        self.seat_count = seats
        self.fields["variant"].choices = [(v.slug, translate_text(v.name)) for v in all_variants()]
        self.fields["variant"].initial = variant.slug
        for i in range(seats):
            self.fields[f"player-{i}"] = forms.CharField(
                label=_("Player %(n)s") % {"n": i + 1},
                max_length=MAX_NAME,
                required=False,
                strip=True,
            )
        for option in variant.options:
            name = f"opt-{option.slug}"
            if option.type == "bool":
                self.fields[name] = forms.BooleanField(
                    label=translate_text(option.name), required=False
                )
            else:
                self.fields[name] = forms.IntegerField(
                    label=translate_text(option.name),
                    required=False,
                    min_value=option.low,
                    max_value=option.high,
                )

    # -- what the template walks over --

    def seat_rows(self) -> list[dict[str, Any]]:
        chosen = self._dealer_value()
        return [
            {
                "index": i,
                "number": i + 1,
                "field": self[f"player-{i}"],
                "dealer": chosen == i,
            }
            for i in range(self.seat_count)
        ]

    def option_rows(self) -> list[dict[str, Any]]:
        return [
            {
                "option": option,
                "field": self[f"opt-{option.slug}"],
                "checked": option.type == "bool" and self._switch(option),
            }
            for option in self.variant_obj.options
        ]

    def _switch(self, option: Any) -> bool:
        """A switch as the form says it: its box where the page drew it (the page sends
        ``shown-opt-<slug>`` beside each box), else its default (a switch on by default, such
        as Gin's shutout, stays on when a form that never showed it is sent); ticked is on."""
        name = f"opt-{option.slug}"
        if not self.is_bound:
            return bool(option.default)
        if self.fields[name].widget.value_from_datadict(self.data, self.files, name):
            return True  # ticked
        return False if f"shown-{name}" in self.data else bool(option.default)

    def _dealer_value(self) -> int | None:
        raw = self.data.get("dealer") if self.is_bound else self.initial.get("dealer")
        try:
            return int(raw) if raw not in (None, "") else None
        except (TypeError, ValueError):
            return None

    # -- validation: shapes here, the player count explained, the rest by the engine --

    def names(self) -> list[str]:
        data = self.cleaned_data if hasattr(self, "cleaned_data") else {}
        return [data.get(f"player-{i}") or "" for i in range(self.seat_count)]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        seen: dict[str, str] = {}
        count = 0
        for i in range(self.seat_count):
            field = f"player-{i}"
            raw = cleaned.get(field) or ""
            if not raw.strip():
                continue
            count += 1  # a seat with a name, even a refused one: "add one more" would mislead
            try:
                # The engine's reading of a name, so the page and the API accept the same names.
                name = player_name(raw, field)
            except RulesError as error:
                self.add_error(field, render_message(error.message))
                continue
            cleaned[field] = name
            if name.casefold() in seen:
                self.add_error(field, _name_taken(name, seen[name.casefold()]))
                continue
            seen[name.casefold()] = name
        low, high = self.variant_obj.players
        if count < low or count > high:
            self.add_error(None, player_count_message(self.variant_obj, count))
        self._refuse_unknown_options()
        dealer = cleaned.get("dealer")
        if dealer is not None:
            if dealer >= self.seat_count or not (cleaned.get(f"player-{dealer}") or "").strip():
                self.add_error("dealer", _("The dealer's seat is empty: mark a seat with a name."))
        return cleaned

    def _refuse_unknown_options(self) -> None:
        """A house rule the variant does not offer (Call Rummy in Rummy Complete) is an error,
        never silently dropped."""
        offered = {f"opt-{o.slug}" for o in self.variant_obj.options}
        for key in self.data:
            if key.startswith("opt-") and key not in offered and self.data.get(key):
                self.add_error(
                    None,
                    _("“%(name)s” is not a house rule of %(game)s.")
                    % {
                        "name": translate_text(option_name(key[4:])),
                        "game": translate_text(self.variant_obj.name),
                    },
                )

    def players(self) -> list[str]:
        return [name for name in self.names() if name]

    def dealer_name(self) -> str | None:
        dealer = self.cleaned_data.get("dealer")
        if dealer is None:
            return None
        return self.cleaned_data.get(f"player-{dealer}") or None

    def options(self) -> dict[str, Any]:
        chosen: dict[str, Any] = {}
        for option in self.variant_obj.options:
            value = self.cleaned_data.get(f"opt-{option.slug}")
            if option.type == "bool":
                if self._switch(option) != bool(option.default):
                    chosen[option.slug] = self._switch(option)
            elif value is not None:
                chosen[option.slug] = value
        return chosen


def _name_taken(name: str, other: str) -> str:
    if name == other:
        return gettext("%(name)s is already at the table; give each player a different name.") % {
            "name": name
        }
    return gettext(
        "%(name)s is too close to %(other)s, already at the table: names must differ by more "
        "than capital letters."
    ) % {"name": name, "other": other}


def option_name(slug: str) -> str:
    """The name of a house rule of any variant, or its slug if no variant has it."""
    for variant in all_variants():
        option = variant.option(slug)
        if option is not None:
            return option.name
    return slug


def player_count_message(variant: Variant, count: int) -> str:
    """Why this many players cannot play this variant, and what would fit instead."""
    low, high = variant.players
    if count < low:
        return ngettext(
            "%(game)s needs at least %(low)s players, and %(count)s name is filled in. "
            "Add %(missing)s more.",
            "%(game)s needs at least %(low)s players, and %(count)s names are filled in. "
            "Add %(missing)s more.",
            count,
        ) % {
            "game": translate_text(variant.name),
            "low": low,
            "count": count,
            "missing": low - count,
        }
    fits = [translate_text(v.name) for v in all_variants() if v.players[0] <= count <= v.players[1]]
    if fits:
        return ngettext(
            "%(game)s is for at most %(high)s players, and %(count)s name is filled in. "
            "Take a name off, or pick a game for that many: %(fits)s.",
            "%(game)s is for at most %(high)s players, and %(count)s names are filled in. "
            "Take a name off, or pick a game for that many: %(fits)s.",
            count,
        ) % {
            "game": translate_text(variant.name),
            "high": high,
            "count": count,
            "fits": ", ".join(fits),
        }
    return ngettext(
        "%(game)s is for at most %(high)s players, and %(count)s name is filled in. "
        "Take a name off.",
        "%(game)s is for at most %(high)s players, and %(count)s names are filled in. "
        "Take a name off.",
        count,
    ) % {"game": translate_text(variant.name), "high": high, "count": count}


# ------------------------------------------------------------------------------------------
# Enter a hand
# ------------------------------------------------------------------------------------------


class HandForm(forms.Form):
    """A hand entry generated from the family's entry schema; :meth:`entry` builds the
    ``result`` dict the engine reads.

    Hand-level fields: ``winner`` (a seat index, or ``blocked`` / ``none`` where the family has
    them), then one field per extra of the schema in use at this table (named by the schema:
    ``rummy``, ``draws``, ``jokers``, ``u_cards``, ``fed``...). Where only the winner's cards
    count: ``melds`` (and ``points`` where the family takes their value). Otherwise per seat
    ``i``: ``p<i>-points``, ``p<i>-cards`` (and ``p<i>-mom``, ``p<i>-eats`` where used).
    """

    def __init__(
        self,
        *args: Any,
        variant: Variant,
        options: Mapping[str, Any],
        players: list[str],
        **kwargs: Any,
    ):
        super().__init__(*args, **kwargs)
        self.variant = variant
        self.table = variant.table(options, players=len(players))
        self.players = list(players)
        family = self.family = family_of(variant)
        self.rules_errors: list[str] = []
        self._seat_errors: dict[int, list[str]] = {}

        choices = [(str(i), name) for i, name in enumerate(self.players)]
        self.blocked_key = family.blocked_for(variant)
        if self.blocked_key:
            choices.append((BLOCKED, gettext(family.blocked_label)))
        if family.role_optional:
            choices.insert(0, (NOBODY, gettext(family.nobody_label)))
        self.fields["winner"] = forms.ChoiceField(
            label=gettext(family.role_label),
            choices=choices,
            widget=forms.RadioSelect,
            error_messages={"required": gettext(family.role_required)},
        )
        if family.role_optional:
            self.fields["winner"].initial = NOBODY

        # Each extra's fields come from its kind (see entry_kinds): once per hand here, once
        # per seat after the seats' rows.
        self.extras = family.fields(self.table)
        for extra in self.extras:
            if not kind_of(extra).per_seat:
                self.fields.update(kind_of(extra).form_fields(extra, self))

        self.seat_map: tuple[SeatField, ...] = ()
        if self.winner_only or self.whole_hand_out:
            label = gettext(family.melds_label)
            if self.whole_hand_out:
                label = (
                    gettext("The winner's whole hand, or his melds")
                    if self.winner_only
                    else gettext("The winner's whole hand (optional: the app checks it goes out)")
                )
            self.fields["melds"] = forms.CharField(
                label=label, required=False, strip=True, max_length=MAX_TEXT
            )
        if self.winner_only:
            if "points" in family.seat_keys:
                self.fields["points"] = _points_field(gettext(family.value_label))
        else:
            self.seat_map = family.seat_map(variant)
            for i, _name in enumerate(self.players):
                for seat_field in self.seat_map:
                    kind = SEAT_KINDS[seat_field.kind]
                    self.fields[f"p{i}-{seat_field.name}"] = kind.field(seat_field)
        for extra in self.extras:
            if kind_of(extra).per_seat:
                self.fields.update(kind_of(extra).form_fields(extra, self))

    # -- what the schema says about the page --

    @property
    def winner_only(self) -> bool:
        """Only the winner's cards are entered (as melds, or their value)."""
        return self.family.seats == "winner"

    @property
    def whole_hand_out(self) -> bool:
        """The winner melds his whole hand at once: his field takes the whole hand, and the
        engine finds the melds (RULES.md 1)."""
        return self.variant.going_out is not None

    @property
    def takes_winner_hand(self) -> bool:
        """The page shows a field for the winner's cards (his melds, or his whole hand)."""
        return "melds" in self.fields

    @property
    def has_seat_entries(self) -> bool:
        """Each seat has a row of its own (the seat map's fields): every family but those
        that enter only the winner's melds (the template's name for ``not winner_only``)."""
        return not self.winner_only

    @property
    def skips_winner(self) -> bool:
        """Only the other players' cards count: the winner's row needs nothing."""
        return self.family.seats == "others"

    @property
    def hides_seats_for_winner(self) -> bool:
        """Choosing a winner means nobody's cards are counted (Phỏm's ù)."""
        return self.family.winner_hides_seats

    def seat_heading(self) -> str:
        family = self.family
        return gettext(family.deadwood_heading if self.variant.deadwood else family.seat_heading)

    def winner_legend(self) -> str:
        return gettext(self.family.winner_legend) if self.family.winner_legend else ""

    def melds_help(self) -> str:
        return gettext(self.family.melds_help) if self.family.melds_help else ""

    def previous(self, i: int) -> str:
        return self.players[(i - 1) % len(self.players)]

    # -- what the template walks over --

    def deck(self):
        return self.table.deck

    def section_rows(self, section: str) -> list[dict[str, Any]]:
        """The extras the page shows in ``section`` (``role``, ``winner`` or ``melds``), each
        drawn by its kind's template."""
        return [
            kind_of(extra).row(extra, self)
            for extra in self.extras
            if extra.section == section and not kind_of(extra).per_seat
        ]

    def seat_blocks(self, place: str) -> list[dict[str, Any]]:
        """The extras asked once per seat (a place, a count), each a block its kind's
        template draws, ``before`` or ``after`` the seats' rows."""
        return [
            kind_of(extra).block(extra, self)
            for extra in self.extras
            if kind_of(extra).per_seat and kind_of(extra).place == place
        ]

    def blocks_before(self) -> list[dict[str, Any]]:
        return self.seat_blocks("before")

    def blocks_after(self) -> list[dict[str, Any]]:
        return self.seat_blocks("after")

    def role_rows(self) -> list[dict[str, Any]]:
        return self.section_rows("role")

    def winner_rows(self) -> list[dict[str, Any]]:
        return self.section_rows("winner")

    def melds_rows(self) -> list[dict[str, Any]]:
        return self.section_rows("melds")

    def seat_rows(self) -> list[dict[str, Any]]:
        """Each seat's fields from the family's seat map: the usual points, cards and móm by
        name, any other family's fields (Rummy 500's laid and left) as a list."""
        rows = []
        for i, name in enumerate(self.players):
            row: dict[str, Any] = {"index": i, "name": name}
            if self.has_seat_entries:
                bound = {sf.name: self[f"p{i}-{sf.name}"] for sf in self.seat_map}
                if self.family.seat_fields:
                    row["fields"] = [
                        {"field": bound[sf.name], "kind": sf.kind} for sf in self.seat_map
                    ]
                else:
                    row["points"], row["cards"] = bound["points"], bound["cards"]
                    row["mom"] = bound.get("mom")
                    row["melds"] = bound.get("melds")  # a knocker's melds laid out
                row["errors"] = self.seat_errors(i)
            rows.append(row)
        return rows

    def seat_errors(self, i: int) -> list[str]:
        return list(self._seat_errors.get(i, []))

    def winner_choices(self) -> list[dict[str, Any]]:
        field = self["winner"]
        value = field.value()
        return [
            {
                "value": str(v),
                "label": label,
                "checked": str(value) == str(v),
                "seat": str(v).isdigit(),
                "id": f"winner-{v}",
            }
            for v, label in self.fields["winner"].choices
        ]

    # -- validation --

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.has_seat_entries:
            for i, _name in enumerate(self.players):
                points = cleaned.get(f"p{i}-points")
                cards = cleaned.get(f"p{i}-cards")
                if points is not None and cards and not self.family.seat_fields:
                    self.add_error(
                        f"p{i}-cards",
                        _("Give the points or the cards, not both."),
                    )
        for extra in self.extras:
            kind_of(extra).clean(extra, self, cleaned)
        if "points" in self.fields and cleaned.get("melds") and cleaned.get("points") is not None:
            self.add_error("points", _("Give the melds or their value, not both."))
        return cleaned

    def winner_name(self) -> str | None:
        value = self.cleaned_data.get("winner")
        if value is None or not str(value).isdigit():
            return None
        return self.players[int(value)]

    def entry(self) -> dict[str, Any]:
        """The engine's ``result`` dict for what was entered (call after ``is_valid()``)."""
        data = self.cleaned_data
        family = self.family
        winner = self.winner_name()
        result: dict[str, Any] = {}
        if self.blocked_key and data.get("winner") == BLOCKED:
            result[self.blocked_key] = True
        elif winner is not None or not family.role_optional:
            result[family.role] = winner

        hands: dict[str, Any] = {}
        if self.takes_winner_hand and winner is not None:
            melds = split_melds(data.get("melds") or "")
            if melds and self.whole_hand_out and (len(melds) == 1 or not self.winner_only):
                # Cards without separators (or where only the winner's going out is checked):
                # the whole hand, laid out by the engine.
                hands[winner] = {"hand": " ".join(melds)}
            elif melds:
                hands[winner] = {"melds": melds}
            elif data.get("points") is not None:
                hands[winner] = {"points": data["points"]}

        for extra in self.extras:
            if extra.winner_only and winner is None:
                continue
            if extra.instead_of_melds and (winner is None or winner in hands):
                continue
            value = kind_of(extra).read(extra, self, winner)
            if value is not None:
                result[extra.key] = value

        if self.has_seat_entries and not (family.winner_hides_seats and winner is not None):
            for i, name in enumerate(self.players):
                if self.skips_winner and name == winner:
                    continue
                item = self._seat_entry(i, placed="order" in result, out=name == winner)
                if item:
                    hands[name] = item
        if hands:
            result["hands"] = hands
        return _ordered(result, family)

    def _seat_entry(self, i: int, *, placed: bool, out: bool = False) -> dict[str, Any]:
        """Seat ``i``'s entry from its fields, by the family's seat map: each field filled goes
        under its entry key (a meld list split into melds, a number or cards as typed). Where
        a seat may give its points or its cards, the points win (:meth:`clean` refuses both).
        A flag (Phỏm's móm) is passed on only with something else of the seat's, or a
        finishing order: with typed cards the engine checks the claim against them. The player
        who went out may leave a ``zero_when_out`` number blank when he gives the seat's other
        numbers: it reads as 0."""
        data = self.cleaned_data
        item: dict[str, Any] = {}
        flags = []
        melds_given = any(
            sf.kind == "melds" and data.get(f"p{i}-{sf.name}") for sf in self.seat_map
        )
        for seat_field in self.seat_map:
            value = data.get(f"p{i}-{seat_field.name}")
            if seat_field.kind == "flag":
                if value:
                    flags.append(seat_field.key)
                continue
            if value in (None, "") or (seat_field.kind == "cards" and "points" in item):
                continue
            key = seat_field.key
            if seat_field.with_melds and melds_given:
                key = seat_field.with_melds
            item[key] = SEAT_KINDS[seat_field.kind].read(value)
        if out:
            numbers = [sf for sf in self.seat_map if sf.kind == "number"]
            for seat_field in numbers:
                others = [sf.key for sf in numbers if sf is not seat_field]
                if (
                    seat_field.zero_when_out
                    and seat_field.key not in item
                    and any(key in item for key in others)
                ):
                    item[seat_field.key] = 0
        if item or placed:
            item.update(dict.fromkeys(flags, True))
        return item

    def _seat_initial(self, i: int, item: Mapping[str, Any]) -> dict[str, Any]:
        """Seat ``i``'s fields for its stored entry ``item``, by the seat map: each field shows
        the last of the keys it reads that the entry holds (a meld list joined with " / ";
        where melds count and the field takes cards, the melds' cards go before the cards
        left)."""
        initial: dict[str, Any] = {}
        for seat_field in self.seat_map:
            name = f"p{i}-{seat_field.name}"
            for key in seat_field.keys_read:
                value = item.get(key)
                if seat_field.kind == "melds":
                    if _texts(value):
                        initial[name] = " / ".join(value)
                elif seat_field.kind == "flag":
                    if value:
                        initial[name] = True
                elif seat_field.kind == "cards" and key == "melds":
                    if _texts(value) and self.family.melds_count(self.variant):
                        left = item.get("cards") if isinstance(item.get("cards"), str) else ""
                        initial[name] = " ".join([*value, left]).strip()
                elif seat_field.kind == "cards":
                    if value:
                        initial[name] = value
                elif value is not None:
                    initial[name] = value
        return initial

    def error_list(self) -> list[dict[str, str]]:
        """Every error of the form, each naming its player and field, with a link to the input.

        The summary above a refused form reads the same after Save as after Preview:
        "Bob, cards: '7X' is not a card (card 2)".
        """
        items: list[dict[str, str]] = []
        for name, errors in self.errors.items():
            if name == NON_FIELD_ERRORS:
                items += [{"text": conditional_escape(error), "href": ""} for error in errors]
                continue
            field = self[name]
            player = self._player_of(name)
            if name == "winner":
                href = "#winner-" + str(self.fields["winner"].choices[0][0])
            else:  # a radio group labels no single input: link its first choice
                href = "#" + (field.id_for_label or field.subwidgets[0].id_for_label)
            # A seat's fields are labelled for their row ("or the whole hand..."); short here.
            label = {
                "points": gettext("points"),
                "cards": gettext("cards"),
                "order": gettext("place"),
            }.get(name.split("-", 1)[-1], field.label)
            for error in errors:
                if player:
                    text = _safe(
                        gettext("%(name)s, %(field)s: %(error)s"),
                        name=player,
                        field=label,
                        error=error,
                    )
                else:
                    text = _safe(gettext("%(field)s: %(error)s"), field=field.label, error=error)
                items.append({"text": text, "href": href})
        for i, errors in sorted(self._seat_errors.items()):
            for error in errors:
                items.append(
                    {
                        "text": _safe(
                            gettext("%(name)s: %(error)s"), name=self.players[i], error=error
                        ),
                        "href": f"#id_p{i}-points" if f"p{i}-points" in self.fields else "",
                    }
                )
        return items

    def _player_of(self, name: str) -> str | None:
        match = re.fullmatch(r"p(\d+)-.+", name)
        if match and int(match.group(1)) < len(self.players):
            return self.players[int(match.group(1))]
        return None

    # -- an earlier hand back into the form --

    def initial_from_entry(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        """The form's initial values for a stored entry (to correct an earlier hand)."""
        family = self.family
        players = self.players
        initial: dict[str, Any] = {}
        seat = {name: str(i) for i, name in enumerate(players)}
        if entry.get(family.role) in seat:
            initial["winner"] = seat[entry[family.role]]
        elif family.role_optional:
            initial["winner"] = NOBODY
        if self.blocked_key and entry.get(self.blocked_key):
            initial["winner"] = BLOCKED
        for extra in family.extras:
            initial.update(kind_of(extra).initial(extra, entry.get(extra.key), self))
        winner = players[int(initial["winner"])] if initial.get("winner", "").isdigit() else None
        for name, item in (entry.get("hands") or {}).items():
            if name not in seat or not isinstance(item, Mapping):
                continue
            if self.takes_winner_hand and name == winner and isinstance(item.get("hand"), str):
                initial["melds"] = item["hand"]
                continue
            if self.winner_only:
                if name == winner and _texts(item.get("melds")):
                    initial["melds"] = " / ".join(item["melds"])
                elif name == winner and item.get("points") is not None:
                    initial["points"] = item["points"]
                continue
            initial.update(self._seat_initial(seat[name], item))
        return initial

    # -- engine errors next to their inputs --

    def add_rules_error(self, error: RulesError) -> None:
        message = render_message_html(error.message)  # escaped; cards' suits as symbols
        target = self._field_for(error.field or "")
        if target is None:
            self.add_error(None, message)
        elif isinstance(target, int):
            self._seat_errors.setdefault(target, []).append(message)
            self.rules_errors.append(message)
        else:
            self.add_error(target, message)

    def _field_for(self, where: str) -> str | int | None:
        """The form field an engine error's field path (``result.hands.Bob.cards``) is about:
        a field name, a seat index (the seat's row), or None (the whole form)."""
        if not where.startswith("result."):
            return None
        rest = where[len("result.") :]
        top = re.split(r"[.\[]", rest, maxsplit=1)[0]
        family = self.family
        if top in (family.role, self.blocked_key):
            return "winner"
        for extra in self.extras:
            if top == extra.key:
                return kind_of(extra).error_field(extra, self, rest)
        if top != "hands" or not rest.startswith("hands."):
            return None
        tail = rest[len("hands.") :]
        for name in sorted(self.players, key=len, reverse=True):
            if tail == name or tail.startswith(name + ".") or tail.startswith(name + "["):
                i = self.players.index(name)
                sub = tail[len(name) :].lstrip(".")
                if self.winner_only:
                    if sub.startswith("points") and "points" in self.fields:
                        return "points"
                    return "melds"
                if self.takes_winner_hand and name == self._winner_or_none():
                    return "melds"
                # a field's own key first (a knocker's melds), then the keys it shows back
                for keys in (lambda sf: (sf.key,), lambda sf: sf.keys_read):
                    for seat_field in self.seat_map:
                        field = f"p{i}-{seat_field.name}"
                        for key in keys(seat_field):
                            if sub.startswith(key) and field in self.fields:
                                return field
                return i
        return None

    def _winner_or_none(self) -> str | None:
        return self.winner_name() if hasattr(self, "cleaned_data") else None



def _texts(value: Any) -> bool:
    """A non-empty list of texts (a stored entry from before the engine checked its shape)."""
    return isinstance(value, list) and bool(value) and all(isinstance(v, str) for v in value)


def _points_field(label: str) -> forms.IntegerField:
    return PointsField(label=label, required=False, min_value=0, max_value=MAX_POINTS)


def _ordered(result: dict[str, Any], family: Family) -> dict[str, Any]:
    """The entry's keys in the schema's order (the stored entry reads the same every time)."""
    order = {key: n for n, key in enumerate(family.keys())}
    return dict(sorted(result.items(), key=lambda item: order.get(item[0], len(order))))


def _safe(template: str, **params: Any) -> SafeString:
    """A translated ``%(name)s`` template filled with escaped params (engine errors arrive as
    safe HTML, their cards' suits as symbols; names and typed text are escaped)."""
    return mark_safe(  # noqa: S308 - the template is ours, every param is escaped
        conditional_escape(template) % {k: conditional_escape(v) for k, v in params.items()}
    )
