"""The club night's forms: the night's settings (who is present, newcomers, the variant's
house rules as the start form draws them, rounds, seating) and a seat swap."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scorekeeper.games.scoresheet.forms import StartGameForm
from scorekeeper.rules import Variant

from .nights import MAX_ROUNDS

SEATING = [
    ("spread", _("Spread: fewest repeat opponents")),
    ("standings", _("By standings: the leaders at table 1")),
]


class NightForm(StartGameForm):
    """A night's settings. The house rules are the start form's option fields (``opt-<slug>``,
    generated from the variant); no seats: the draw seats the players present."""

    played_on = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    present = forms.TypedMultipleChoiceField(
        label=_("Players present"),
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    newcomers = forms.CharField(
        label=_("New players, one name a line"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3, "autocapitalize": "words"}),
    )
    rounds = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=MAX_ROUNDS, initial=3)
    seating = forms.ChoiceField(label=_("Seating"), choices=SEATING, initial="spread")
    hide_last_rounds = forms.IntegerField(
        label=_("Hide the standings during the last rounds"),
        min_value=0,
        max_value=MAX_ROUNDS,
        initial=0,
    )

    def __init__(self, *args: Any, variant: Variant, players: list[tuple[int, str]], **kwargs):
        super().__init__(*args, variant=variant, seats=0, **kwargs)
        self.fields["present"].choices = players
        self.fields["played_on"].initial = timezone.localdate()

    def clean(self) -> dict[str, Any]:
        cleaned = forms.Form.clean(self)  # no seats to check: the draw seats everyone present
        self._refuse_unknown_options()
        return cleaned

    def players(self) -> list[Any]:
        """The players present by id, then the newcomers by name (the service adds them)."""
        names = [
            " ".join(line.split())
            for line in (self.cleaned_data.get("newcomers") or "").splitlines()
        ]
        return [*self.cleaned_data.get("present", []), *[n for n in names if n]]

    def settings(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "played_on": data.get("played_on") or dt.date.today(),
            "variant": self.variant_obj.slug,
            "options": self.options(),
            "players": self.players(),
            "rounds": data.get("rounds"),
            "seating": data.get("seating"),
            "hide_last_rounds": data.get("hide_last_rounds"),
        }


class SwapForm(forms.Form):
    a = forms.TypedChoiceField(label=_("Swap"), coerce=int)
    b = forms.TypedChoiceField(label=_("with"), coerce=int)

    def __init__(self, *args: Any, players: list[tuple[int, str]], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["a"].choices = players
        self.fields["b"].choices = players
