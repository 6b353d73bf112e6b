"""The leagues' forms: a new league (or its settings), a season, a rename, an import."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from scorekeeper.i18n import translate_text
from scorekeeper.rules import all_variants


class LeagueForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    description = forms.CharField(
        label=_("Description (optional)"), max_length=2000, required=False, widget=forms.Textarea
    )
    variants = forms.MultipleChoiceField(
        label=_("Games the league plays"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    min_games = forms.IntegerField(
        label=_("Games before a player is ranked"), min_value=0, max_value=100, initial=3
    )
    inactive_nights = forms.IntegerField(
        label=_("List apart players who missed the last N game nights (0: never)"),
        min_value=0,
        max_value=52,
        initial=0,
        required=False,
    )

    confirm_hands = forms.BooleanField(
        label=_(
            "Players confirm each hand: a ranked game counts once every player's phone "
            "confirmed every hand"
        ),
        required=False,
    )

    def clean_inactive_nights(self):
        return self.cleaned_data.get("inactive_nights") or 0

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["variants"].choices = [(v.slug, translate_text(v.name)) for v in all_variants()]


class SeasonForm(forms.Form):
    name = forms.CharField(label=_("Season name"), max_length=60)
    starts = forms.DateField(label=_("First day"), widget=forms.DateInput(attrs={"type": "date"}))
    ends = forms.DateField(label=_("Last day"), widget=forms.DateInput(attrs={"type": "date"}))

    def clean(self):
        cleaned = super().clean()
        starts, ends = cleaned.get("starts"), cleaned.get("ends")
        if starts and ends and ends < starts:
            self.add_error("ends", _("A season cannot end before it starts."))
        return cleaned


class RenameForm(forms.Form):
    name = forms.CharField(label=_("New name"), max_length=40)


class ImportForm(forms.Form):
    file = forms.FileField(label=_("CSV file"), required=False)
    text = forms.CharField(label=_("or paste the CSV here"), required=False, widget=forms.Textarea)

    MAX_BYTES = 5 * 1024 * 1024

    def csv_text(self) -> str | None:
        upload = self.cleaned_data.get("file")
        if upload is not None:
            if upload.size > self.MAX_BYTES:
                self.add_error("file", _("The file is larger than 5 MB."))
                return None
            try:
                return upload.read().decode("utf-8")
            except UnicodeDecodeError:
                self.add_error("file", _("The file is not UTF-8 text."))
                return None
        text = self.cleaned_data.get("text") or ""
        if not text.strip():
            self.add_error("text", _("Choose a file or paste the CSV."))
            return None
        return text
