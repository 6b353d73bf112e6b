"""The checker's plain GET form: which check, the variant and house rules, the cards.

Like the start form, house rules are ``opt-<slug>`` fields of the chosen variant: its switches
and its house-rule numbers (bonuses, penalties, the opening minimum: generated from the
variant's options, see :func:`~scorekeeper.rules.variants.parameters.house_numbers`); numbers
such as the target never change a check. Option fields of another variant are ignored, so
changing the variant in the form never fails.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scorekeeper.i18n import translate_text
from scorekeeper.rules import Variant, all_variants
from scorekeeper.rules.reference import guide_for, opening_minimum
from scorekeeper.rules.variants.parameters import house_numbers

MAX_TEXT = 500  # characters of cards, as in the API

KINDS = {
    "meld": _("Melds"),
    "opening": _("First meld"),
    "going-out": _("Going out"),
    "deadwood": _("Deadwood"),
    "deal": _("Deal"),
}


def kinds_for(variant: Variant) -> list[tuple[str, Any]]:
    """The checks that mean something in ``variant`` (a first meld only where there is one)."""
    out = []
    for kind, label in KINDS.items():
        if kind == "opening" and opening_minimum(variant) is None:
            continue
        if kind == "going-out" and guide_for(variant).going_out.knock:
            continue
        out.append((kind, label))
    return out


class CheckForm(forms.Form):
    kind = forms.ChoiceField(label=_("Check"), widget=forms.RadioSelect, initial="meld")
    variant = forms.ChoiceField(label=_("Game"))
    cards = forms.CharField(
        label=_("Cards"),
        required=False,
        max_length=MAX_TEXT,
        strip=True,
    )
    discard = forms.CharField(label=_("Discard"), required=False, max_length=20, strip=True)
    players = forms.IntegerField(label=_("Players"), required=False, min_value=1, max_value=16)
    game = forms.CharField(required=False, max_length=40, widget=forms.HiddenInput)

    def __init__(self, *args: Any, variant: Variant, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.variant_obj = variant
        self.fields["variant"].choices = [(v.slug, translate_text(v.name)) for v in all_variants()]
        self.fields["kind"].choices = kinds_for(variant)
        for option in variant.options:
            if option.type == "bool":
                self.fields[f"opt-{option.slug}"] = forms.BooleanField(
                    label=option.name, required=False
                )
        for option in house_numbers(variant):
            self.fields[f"opt-{option.slug}"] = forms.IntegerField(
                label=option.name,
                required=False,
                min_value=option.low,
                max_value=option.high,
                initial=option.default,
            )

    def option_fields(self) -> list[forms.BoundField]:
        """The switches."""
        return [
            self[name]
            for name, field in self.fields.items()
            if name.startswith("opt-") and isinstance(field, forms.BooleanField)
        ]

    def number_fields(self) -> list[forms.BoundField]:
        """The house-rule numbers, empty meaning the variant's default."""
        return [
            self[name]
            for name, field in self.fields.items()
            if name.startswith("opt-") and isinstance(field, forms.IntegerField)
        ]

    def options(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, field in self.fields.items():
            value = self.cleaned_data.get(name)
            if not name.startswith("opt-") or value in (None, False):
                continue
            out[name.removeprefix("opt-")] = True if isinstance(field, forms.BooleanField) else value
        return out
