"""The kinds of field a hand entry holds, as plug-ins: one class per kind, in one registry.

A family's entry schema (:class:`~scorekeeper.rules.families.EntryField`, what one seat enters
in :class:`~scorekeeper.rules.families.SeatField`) names each field's kind. Everything the web
layer does with a field of that kind lives in its class here: the page's form field(s), how the
typed value becomes the entry's value (its parsing), how a stored entry shows back in the form,
the template that draws it, and its fragment of the API's JSON schema. The forms
(:mod:`scorekeeper.games.scoresheet.forms`), the templates and the API schemas
(:mod:`scorekeeper.api.results`) only ask the registry, so a new kind (Oklahoma Gin's upcard,
a card with the card picker) is one class here, one template and the engine's check of it
(:mod:`scorekeeper.rules.families.base`): no edit in the forms, the templates or the API.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal, Protocol

from django import forms
from django.utils.translation import gettext
from pydantic import BaseModel, ConfigDict, Field

from scorekeeper.rules.families import (
    MAX_MELDS,
    MAX_POINTS,
    MAX_TEXT,
    EntryField,
    Family,
    SeatField,
)
from scorekeeper.rules.families.base import MAX_EATS
from scorekeeper.rules.melds import split_melds

from .sums import PointsField


class EntryForm(Protocol):
    """What a kind asks of the hand form that passes itself in (forms.HandForm is the one):
    written here, so that this module does not import the forms that import it."""

    players: list[str]
    family: Family
    fields: dict[str, forms.Field]
    cleaned_data: dict[str, Any]

    def previous(self, i: int) -> str: ...

    def add_error(self, field: str | None, error: Any) -> None: ...


Text = Annotated[str, Field(max_length=MAX_TEXT)]
MAX_SEATS = 8  # no variant seats more; the engine checks an order against the game's players


class Eat(BaseModel):
    """One discard taken by the next player (Phỏm's feeding penalty)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    from_: str = Field(alias="from", description="the player whose discard was taken")
    to: str = Field(description="the player after him, who took it")


# ------------------------------------------------------------------------------------------
# Hand-level fields (EntryField.kind)
# ------------------------------------------------------------------------------------------


class EntryKind:
    """The defaults of a hand-level field asked once per hand; a kind overrides what differs.

    ``template`` draws one row of a section (``row.field``, ``row.help``...); a kind asked once
    per seat (``per_seat``) draws a whole block instead, ``before`` or ``after`` the seats.
    """

    name: ClassVar[str]
    template: ClassVar[str] = "includes/entry_kinds/number.html"
    per_seat: ClassVar[bool] = False
    place: ClassVar[str] = ""  # per-seat kinds: "before" or "after" the seats' rows

    # -- the page --

    def form_fields(self, extra: EntryField, form: EntryForm) -> dict[str, forms.Field]:
        return {extra.form_name: self.field(extra, form)}

    def field(self, extra: EntryField, form: EntryForm) -> forms.Field:
        return forms.IntegerField(
            label=gettext(extra.label),
            required=False,
            min_value=extra.minimum,
            max_value=extra.maximum,
        )

    def read(self, extra: EntryField, form: EntryForm, winner: str | None) -> Any:
        """The entry's value from the cleaned form (None: left out of the entry)."""
        return form.cleaned_data.get(extra.form_name)

    def initial(self, extra: EntryField, value: Any, form: EntryForm) -> dict[str, Any]:
        """The form's initial values for a stored entry's value of this field."""
        return {} if value is None else {extra.form_name: value}

    def clean(self, extra: EntryField, form: EntryForm, cleaned: dict[str, Any]) -> None:
        """Refuse what the engine cannot be asked about (two seats in one place)."""

    def error_field(self, extra: EntryField, form: EntryForm, rest: str) -> str | None:
        """The form field an engine error about this field (``rest``: its path) belongs to."""
        return extra.form_name if extra.form_name in form.fields else None

    def row(self, extra: EntryField, form: EntryForm) -> dict[str, Any]:
        return {
            "field": form[extra.form_name],
            "kind": extra.kind,
            "template": self.template,
            "help": gettext(extra.help) if extra.help else "",
            "help_before": gettext(extra.help_before) if extra.help_before else "",
        }

    def block(self, extra: EntryField, form: EntryForm) -> dict[str, Any]:
        """What a per-seat kind's template draws."""
        return {"template": self.template}

    # -- the API's JSON schema --

    def api_type(self, extra: EntryField) -> Any:
        return Annotated[int, Field(ge=extra.minimum, le=extra.maximum)]

    def api_doc(self, extra: EntryField) -> str:
        return extra.label


class NumberKind(EntryKind):
    name = "number"


class FlagKind(EntryKind):
    name = "flag"
    template = "includes/entry_kinds/flag.html"

    def field(self, extra, form):
        return forms.BooleanField(label=gettext(extra.label), required=False)

    def read(self, extra, form, winner):
        return True if form.cleaned_data.get(extra.form_name) else None

    def api_type(self, extra):
        return bool


class FeederKind(FlagKind):
    """Ticked on the page; in the entry, the name of the player before the winner."""

    name = "feeder"

    def read(self, extra, form, winner):
        if form.cleaned_data.get(extra.form_name) and winner is not None:
            return form.previous(form.players.index(winner))
        return None

    def initial(self, extra, value, form):
        return {extra.form_name: True} if value else {}

    def api_type(self, extra):
        return str


class PlayerKind(FeederKind):
    """A seat's name; on the page, like the feeder, a box for the player it can only be."""

    name = "player"


class ChoiceKind(EntryKind):
    name = "choice"
    template = "includes/entry_kinds/choice.html"

    def field(self, extra, form):
        return forms.TypedChoiceField(
            label=gettext(extra.label),
            choices=[(str(value), gettext(text)) for value, text in extra.choices],
            coerce=int,
            empty_value=None,  # nothing chosen: left out, so the engine asks in words
            required=False,
            widget=forms.RadioSelect,
        )

    def api_type(self, extra):
        return Literal[tuple(value for value, _label in extra.choices)]


class CardKind(EntryKind):
    """One card (Oklahoma Gin's upcard): typed, or picked with the card picker."""

    name = "card"
    template = "includes/entry_kinds/card.html"

    def field(self, extra, form):
        return forms.CharField(
            label=gettext(extra.label), required=False, strip=True, max_length=MAX_TEXT
        )

    def read(self, extra, form, winner):
        return form.cleaned_data.get(extra.form_name) or None

    def api_type(self, extra):
        return Annotated[str, Field(max_length=MAX_TEXT, examples=["7S"])]

    def api_doc(self, extra):
        return f"{extra.label} (one card, such as 7S)"


class EatsKind(EntryKind):
    """Phỏm's eaten discards: a count per seat on the page, ``{"from", "to"}`` items in the
    entry (each from the player before)."""

    name = "eats"
    per_seat = True
    place = "after"
    template = "includes/entry_kinds/eats.html"

    def form_fields(self, extra, form):
        return {
            f"p{i}-{extra.form_name}": forms.IntegerField(
                label=gettext(extra.label).format(name=name, previous=form.previous(i)),
                required=False,
                min_value=extra.minimum,
                max_value=extra.maximum,
            )
            for i, name in enumerate(form.players)
        }

    def read(self, extra, form, winner):
        eats = []
        for i, name in enumerate(form.players):
            times = form.cleaned_data.get(f"p{i}-{extra.form_name}") or 0
            eats += [{"from": form.previous(i), "to": name}] * times
        return eats or None

    def initial(self, extra, value, form):
        seat = {name: i for i, name in enumerate(form.players)}
        initial: dict[str, Any] = {}
        for eat in value if isinstance(value, list) else []:
            if isinstance(eat, dict) and eat.get("to") in seat:
                key = f"p{seat[eat['to']]}-{extra.form_name}"
                initial[key] = initial.get(key, 0) + 1
        return initial

    def block(self, extra, form):
        fields = [form[f"p{i}-{extra.form_name}"] for i in range(len(form.players))]
        return {"template": self.template, "fields": fields}

    def api_type(self, extra):
        return Annotated[list[Eat], Field(max_length=MAX_EATS)]

    def api_doc(self, extra):
        return Eat.__doc__ or ""


class OrderKind(EntryKind):
    """Phỏm's finishing order: a place per seat on the page, names first place first in the
    entry (not when a chosen winner hides the seats)."""

    name = "order"
    per_seat = True
    place = "before"
    template = "includes/entry_kinds/order.html"
    DOC = (
        "the finishing order instead of the trash: player names, first place first, each "
        "player who is not móm exactly once (móm players, marked per seat, finish last); not "
        "with per-seat points, cards, hand or melds, nor when somebody went ù"
    )

    def form_fields(self, extra, form):
        places = [("", "–")] + [(str(n), str(n)) for n in range(1, len(form.players) + 1)]
        return {
            f"p{i}-{extra.form_name}": forms.TypedChoiceField(
                label=gettext("%(name)s: place") % {"name": name},
                choices=places,
                coerce=int,
                empty_value=None,
                required=False,
                widget=forms.Select(attrs={"data-order-place": name}),
            )
            for i, name in enumerate(form.players)
        }

    def places(self, extra, form) -> list[str]:
        """The players with a place, first place first (the engine checks who is missing)."""
        data = form.cleaned_data
        placed = [
            (data[f"p{i}-{extra.form_name}"], i)
            for i in range(len(form.players))
            if data.get(f"p{i}-{extra.form_name}") is not None
        ]
        return [form.players[i] for _place, i in sorted(placed)]

    def read(self, extra, form, winner):
        if winner is not None and form.family.winner_hides_seats:
            return None
        return self.places(extra, form) or None

    def initial(self, extra, value, form):
        seat = {name: i for i, name in enumerate(form.players)}
        return {
            f"p{seat[name]}-{extra.form_name}": place
            for place, name in enumerate(value if isinstance(value, list) else [], start=1)
            if isinstance(name, str) and name in seat
        }

    def clean(self, extra, form, cleaned):
        taken: dict[int, str] = {}
        for i, name in enumerate(form.players):
            place = cleaned.get(f"p{i}-{extra.form_name}")
            if place is None:
                continue
            if place in taken:
                form.add_error(
                    f"p{i}-{extra.form_name}",
                    gettext("%(other)s already has place %(place)s.")
                    % {"other": taken[place], "place": place},
                )
            taken[place] = name

    def error_field(self, extra, form, rest):
        """``order[2]``: the place field of the seat listed third (None: the whole order)."""
        head, _, index = rest.partition("[")
        if not index.rstrip("]").isdigit() or not hasattr(form, "cleaned_data"):
            return None
        order = self.places(extra, form)
        n = int(index.rstrip("]"))
        if n >= len(order):
            return None
        return f"p{form.players.index(order[n])}-{extra.form_name}"

    def block(self, extra, form):
        return {
            "template": self.template,
            "label": gettext(extra.label),
            "help": gettext(extra.help) if extra.help else "",
            "seats": [
                {"index": i, "name": name, "field": form[f"p{i}-{extra.form_name}"]}
                for i, name in enumerate(form.players)
            ],
        }

    def api_type(self, extra):
        return Annotated[list[str], Field(max_length=MAX_SEATS)]

    def api_doc(self, extra):
        return self.DOC


ENTRY_KINDS: dict[str, EntryKind] = {
    kind.name: kind()
    for kind in (
        NumberKind,
        FlagKind,
        FeederKind,
        PlayerKind,
        ChoiceKind,
        CardKind,
        EatsKind,
        OrderKind,
    )
}


def kind_of(extra: EntryField) -> EntryKind:
    return ENTRY_KINDS[extra.kind]


# ------------------------------------------------------------------------------------------
# A seat's fields (SeatField.kind) and a seat's entry keys (the engine's SEAT_KEYS)
# ------------------------------------------------------------------------------------------


class SeatKind:
    """One input of a seat's row: its form field, its parsing, its shape in the API."""

    name: ClassVar[str]

    def field(self, seat_field: SeatField) -> forms.Field:
        return forms.CharField(
            label=gettext(seat_field.label), required=False, strip=True, max_length=MAX_TEXT
        )

    def read(self, value: Any) -> Any:
        return value

    def api_type(self) -> Any:
        return Text


class SeatNumber(SeatKind):
    name = "number"

    def field(self, seat_field):
        return PointsField(
            label=gettext(seat_field.label), required=False, min_value=0, max_value=MAX_POINTS
        )

    def api_type(self):
        return Annotated[int, Field(ge=0, le=MAX_POINTS)]


class SeatCards(SeatKind):
    name = "cards"


class SeatMelds(SeatKind):
    name = "melds"

    def read(self, value):
        return split_melds(value)

    def api_type(self):
        return Annotated[list[Text], Field(max_length=MAX_MELDS)]


class SeatFlag(SeatKind):
    name = "flag"

    def field(self, seat_field):
        return forms.BooleanField(label=gettext(seat_field.label), required=False)

    def api_type(self):
        return bool


SEAT_KINDS: dict[str, SeatKind] = {
    kind.name: kind() for kind in (SeatNumber, SeatCards, SeatMelds, SeatFlag)
}
