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
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from scorekeeper.rules import RulesError, Variant, all_variants, get_variant
from scorekeeper.rules.errors import UnknownVariantError

MAX_NAME = 40
MELD_SEPARATOR = re.compile(r"\s*(?:/|\||;|\n)\s*")

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
        self.fields["variant"].choices = [(v.slug, v.name) for v in all_variants()]
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
                self.fields[name] = forms.BooleanField(label=option.name, required=False)
            else:
                self.fields[name] = forms.IntegerField(
                    label=option.name,
                    required=False,
                    min_value=option.minimum,
                    max_value=option.maximum,
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
            {"option": option, "field": self[f"opt-{option.slug}"]}
            for option in self.variant_obj.options
        ]

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
        seen: dict[str, int] = {}
        for i in range(self.seat_count):
            name = (cleaned.get(f"player-{i}") or "").strip()
            if not name:
                continue
            if name in seen:
                self.add_error(
                    f"player-{i}",
                    _("%(name)s is already at the table; give each player a different name.")
                    % {"name": name},
                )
            seen[name] = i
        players = list(seen)
        low, high = self.variant_obj.players
        count = len(players)
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
                    % {"name": option_name(key[4:]), "game": self.variant_obj.name},
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
                if value:
                    chosen[option.slug] = True
            elif value is not None:
                chosen[option.slug] = value
        return chosen

    def add_rules_error(self, error: RulesError) -> None:
        """Show an engine error from game_create next to its input."""
        where = error.field or ""
        message = str(error)
        if where.startswith("options."):
            name = f"opt-{where.split('.', 1)[1]}"
            if name in self.fields:
                self.add_error(name, message)
                return
        if where.startswith("players["):
            match = re.match(r"players\[(\d+)\]", where)
            if match:
                position = int(match.group(1)) - 1
                filled = [i for i in range(self.seat_count) if self.names()[i]]
                if 0 <= position < len(filled):
                    self.add_error(f"player-{filled[position]}", message)
                    return
        if where == "dealer":
            self.add_error("dealer", message)
            return
        self.add_error(None, message)


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
        ) % {"game": variant.name, "low": low, "count": count, "missing": low - count}
    fits = [v.name for v in all_variants() if v.players[0] <= count <= v.players[1]]
    if fits:
        return ngettext(
            "%(game)s is for at most %(high)s players, and %(count)s name is filled in. "
            "Take a name off, or pick a game for that many: %(fits)s.",
            "%(game)s is for at most %(high)s players, and %(count)s names are filled in. "
            "Take a name off, or pick a game for that many: %(fits)s.",
            count,
        ) % {"game": variant.name, "high": high, "count": count, "fits": ", ".join(fits)}
    return ngettext(
        "%(game)s is for at most %(high)s players, and %(count)s name is filled in. "
        "Take a name off.",
        "%(game)s is for at most %(high)s players, and %(count)s names are filled in. "
        "Take a name off.",
        count,
    ) % {"game": variant.name, "high": high, "count": count}


# ------------------------------------------------------------------------------------------
# Enter a hand
# ------------------------------------------------------------------------------------------


class HandForm(forms.Form):
    """A hand entry fitted to the variant; :meth:`entry` builds the API's ``result`` dict.

    Hand-level fields: ``winner`` (a seat index, or ``blocked`` / ``none``), and per variant
    ``rummy``, ``draws``, ``melds``, ``points``, ``jokers``, ``wild_deuces``, ``same_suit``,
    ``u_cards``, ``fed``. Per seat ``i``: ``p<i>-points``, ``p<i>-cards``, and for Phỏm
    ``p<i>-mom`` and ``p<i>-eats``.
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
        family = self.family = variant.family
        self.rules_errors: list[str] = []

        choices = [(str(i), name) for i, name in enumerate(self.players)]
        if family == "block":
            choices.append((BLOCKED, _("Nobody: the hand was blocked")))
        if family == "phom":
            choices.insert(0, (NOBODY, _("Nobody went ù: count the trash")))
        self.fields["winner"] = forms.ChoiceField(
            label=self.winner_label(),
            choices=choices,
            widget=forms.RadioSelect,
            error_messages={"required": self.winner_required_message()},
        )
        if family == "phom":
            self.fields["winner"].initial = NOBODY

        if self.table.on("rummy-hidden"):
            self.fields["rummy"] = forms.BooleanField(
                label=_("Went rummy: laid everything down in one turn"), required=False
            )
        if family in ("continental", "queen-city", "nowrang"):
            self.fields["melds"] = forms.CharField(
                label=_("The winner's melds"), required=False, strip=True
            )
        if family == "queen-city":
            self.fields["points"] = forms.IntegerField(
                label=_("or their value"), required=False, min_value=0
            )
        if family == "continental":
            if self.table.on("quick-meld-bonus"):
                self.fields["draws"] = forms.IntegerField(
                    label=_("Cards the winner drew before going out"),
                    required=False,
                    min_value=0,
                )
            self.fields["jokers"] = forms.IntegerField(
                label=_("Jokers used"), required=False, min_value=0
            )
            if self.table.on("deuces-wild"):
                self.fields["wild_deuces"] = forms.IntegerField(
                    label=_("2s used as wild cards"), required=False, min_value=0
                )
            if self.table.on("special-bonuses"):
                self.fields["same_suit"] = forms.BooleanField(
                    label=_("All 15 cards in one suit"), required=False
                )
        if family == "phom":
            self.fields["u_cards"] = forms.TypedChoiceField(
                label=_("Cards melded"),
                choices=[
                    ("9", _("9 cards and a discard")),
                    ("10", _("All 10 cards")),
                ],
                coerce=int,
                required=False,
                widget=forms.RadioSelect,
            )
            if self.table.on("feeding-penalties"):
                self.fields["fed"] = forms.BooleanField(
                    label=_("The player before the winner fed three discards"),
                    required=False,
                )

        for i, _name in enumerate(self.players):
            if not self.has_seat_entries:
                break
            self.fields[f"p{i}-points"] = forms.IntegerField(
                label=_("Points"), required=False, min_value=0
            )
            self.fields[f"p{i}-cards"] = forms.CharField(
                label=self.cards_label(), required=False, strip=True, max_length=400
            )
            if family == "phom":
                self.fields[f"p{i}-mom"] = forms.BooleanField(
                    label=_("Móm: no meld at all"), required=False
                )
        if family == "phom" and self.table.on("feeding-penalties"):
            for i, name in enumerate(self.players):
                self.fields[f"p{i}-eats"] = forms.IntegerField(
                    label=_("%(name)s took from %(previous)s")
                    % {"name": name, "previous": self.previous(i)},
                    required=False,
                    min_value=0,
                    max_value=4,
                )

    # -- labels --

    def winner_label(self) -> str:
        if self.family == "knock":
            return _("Who knocked?")
        if self.family == "phom":
            return _("Did anyone go ù?")
        if self.family == "nowrang":
            return _("Who won the game?")
        return _("Who went out?")

    def winner_required_message(self) -> str:
        if self.family == "knock":
            return _("Choose who knocked.")
        if self.family == "nowrang":
            return _("Choose who won.")
        return _("Choose who went out.")

    def cards_label(self) -> str:
        if self.variant.deadwood:
            return _("or the whole hand (we find the melds)")
        return _("or the cards left in hand")

    @property
    def has_seat_entries(self) -> bool:
        return self.family not in ("continental", "queen-city", "nowrang")

    @property
    def skips_winner(self) -> bool:
        """Only the other players' cards count: the winner's row needs nothing."""
        return self.family in ("standard", "block", "penalty")

    def previous(self, i: int) -> str:
        return self.players[(i - 1) % len(self.players)]

    # -- what the template walks over --

    def deck(self):
        return self.table.deck

    def seat_rows(self) -> list[dict[str, Any]]:
        rows = []
        for i, name in enumerate(self.players):
            row: dict[str, Any] = {"index": i, "name": name}
            if self.has_seat_entries:
                row["points"] = self[f"p{i}-points"]
                row["cards"] = self[f"p{i}-cards"]
                row["mom"] = self[f"p{i}-mom"] if f"p{i}-mom" in self.fields else None
                row["errors"] = self.seat_errors(i)
            rows.append(row)
        return rows

    def eats_rows(self) -> list[forms.BoundField]:
        return [self[f"p{i}-eats"] for i in range(len(self.players)) if f"p{i}-eats" in self.fields]

    def seat_errors(self, i: int) -> list[str]:
        return list(self._seat_errors.get(i, [])) if hasattr(self, "_seat_errors") else []

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
                if points is not None and cards:
                    self.add_error(
                        f"p{i}-cards",
                        _("Give the points or the cards, not both."),
                    )
        if (
            self.family == "queen-city"
            and cleaned.get("melds")
            and cleaned.get("points") is not None
        ):
            self.add_error("points", _("Give the melds or their value, not both."))
        return cleaned

    def winner_name(self) -> str | None:
        value = self.cleaned_data.get("winner")
        if value is None or not str(value).isdigit():
            return None
        return self.players[int(value)]

    def entry(self) -> dict[str, Any]:
        """The API's ``result`` dict for what was entered (call after ``is_valid()``)."""
        data = self.cleaned_data
        winner = self.winner_name()
        result: dict[str, Any] = {}
        family = self.family
        if family == "knock":
            result["knocker"] = winner
        elif family == "block" and data.get("winner") == BLOCKED:
            result["blocked"] = True
        elif family == "phom":
            if winner is not None:
                result["u"] = winner
        else:
            result["out"] = winner
        if data.get("rummy"):
            result["rummy"] = True

        hands: dict[str, Any] = {}
        if family in ("continental", "queen-city", "nowrang") and winner is not None:
            melds = split_melds(data.get("melds") or "")
            if melds:
                hands[winner] = {"melds": melds}
            elif family == "queen-city" and data.get("points") is not None:
                hands[winner] = {"points": data["points"]}
        if family == "continental":
            if winner is not None and winner not in hands:
                for key in ("jokers", "wild_deuces"):
                    if data.get(key) is not None:
                        result[key] = data[key]
                if data.get("same_suit"):
                    result["same_suit"] = True
            if data.get("draws") is not None:
                result["draws"] = data["draws"]
        if family == "phom" and winner is not None:
            if data.get("u_cards") is not None:
                result["u_cards"] = data["u_cards"]
            if data.get("fed"):
                result["fed_by"] = self.previous(self.players.index(winner))

        if self.has_seat_entries and not (family == "phom" and winner is not None):
            cards_key = "hand" if self.variant.deadwood else "cards"
            for i, name in enumerate(self.players):
                if self.skips_winner and name == winner:
                    continue
                points = data.get(f"p{i}-points")
                cards = data.get(f"p{i}-cards")
                item: dict[str, Any] = {}
                if points is not None:
                    item["points"] = points
                elif cards:
                    item[cards_key] = cards
                if family == "phom" and data.get(f"p{i}-mom") and "points" in item:
                    item["mom"] = True
                if item:
                    hands[name] = item
        eats = []
        for i, name in enumerate(self.players):
            times = data.get(f"p{i}-eats") or 0
            eats += [{"from": self.previous(i), "to": name}] * times
        if eats:
            result["eats"] = eats
        if hands:
            result["hands"] = hands
        return result

    # -- an earlier hand back into the form --

    def initial_from_entry(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        """The form's initial values for a stored entry (to correct an earlier hand)."""
        players = self.players
        initial: dict[str, Any] = {}
        seat = {name: str(i) for i, name in enumerate(players)}
        for key in ("knocker", "out", "u"):
            if entry.get(key) in seat:
                initial["winner"] = seat[entry[key]]
        if entry.get("blocked"):
            initial["winner"] = BLOCKED
        for key in ("rummy", "draws", "jokers", "wild_deuces", "same_suit", "u_cards"):
            if key in entry:
                initial[key] = entry[key]
        if entry.get("fed_by"):
            initial["fed"] = True
        winner = players[int(initial["winner"])] if initial.get("winner", "").isdigit() else None
        for name, item in (entry.get("hands") or {}).items():
            if name not in seat or not isinstance(item, Mapping):
                continue
            if not self.has_seat_entries:
                if name == winner and item.get("melds") is not None:
                    initial["melds"] = " / ".join(item["melds"])
                elif name == winner and item.get("points") is not None:
                    initial["points"] = item["points"]
                continue
            i = seat[name]
            if item.get("points") is not None:
                initial[f"p{i}-points"] = item["points"]
            for key in ("hand", "cards"):
                if item.get(key):
                    initial[f"p{i}-cards"] = item[key]
            if item.get("melds") and self.variant.slug == "rummy-complete":
                # Melds count here too, so the cards they hold stand in for them.
                initial[f"p{i}-cards"] = " ".join([*item["melds"], item.get("cards") or ""]).strip()
            if item.get("mom"):
                initial[f"p{i}-mom"] = True
        for eat in entry.get("eats") or []:
            if isinstance(eat, Mapping) and eat.get("to") in seat:
                key = f"p{seat[eat['to']]}-eats"
                initial[key] = initial.get(key, 0) + 1
        return initial

    # -- engine errors next to their inputs --

    def add_rules_error(self, error: RulesError) -> None:
        where = error.field or ""
        message = str(error)
        target = self._field_for(where)
        if target is None:
            self.add_error(None, message)
        elif isinstance(target, int):
            self._seat_errors = getattr(self, "_seat_errors", {})
            self._seat_errors.setdefault(target, []).append(message)
            self.rules_errors.append(message)
        else:
            self.add_error(target, message)

    def _field_for(self, where: str) -> str | int | None:
        if not where.startswith("result"):
            return None
        rest = where[len("result") :].lstrip(".")
        top = re.split(r"[.\[]", rest, maxsplit=1)[0]
        simple = {
            "out": "winner",
            "knocker": "winner",
            "u": "winner",
            "blocked": "winner",
            "fed_by": "fed",
            "rummy": "rummy",
            "draws": "draws",
            "jokers": "jokers",
            "wild_deuces": "wild_deuces",
            "same_suit": "same_suit",
            "u_cards": "u_cards",
        }
        if top in simple and simple[top] in self.fields:
            return simple[top]
        if top != "hands" or not rest.startswith("hands."):
            return None
        tail = rest[len("hands.") :]
        for name in sorted(self.players, key=len, reverse=True):
            if tail == name or tail.startswith(name + ".") or tail.startswith(name + "["):
                i = self.players.index(name)
                sub = tail[len(name) :].lstrip(".")
                if self.family in ("continental", "queen-city", "nowrang"):
                    if sub.startswith("points") and "points" in self.fields:
                        return "points"
                    return "melds" if "melds" in self.fields else None
                if sub.startswith("points"):
                    return f"p{i}-points"
                if sub.startswith(("cards", "hand", "melds")):
                    return f"p{i}-cards"
                if sub.startswith("mom"):
                    return f"p{i}-mom"
                return i
        return None


def split_melds(text: str) -> list[str]:
    """'7H 8H 9H / QS QD QC' (or one meld per line) -> ['7H 8H 9H', 'QS QD QC']."""
    return [part.strip() for part in MELD_SEPARATOR.split(text) if part.strip()]
