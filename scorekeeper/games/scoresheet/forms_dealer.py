"""Who dealt the hand: a small form beside the hand form (RULES.md 1, the dealer of each hand
is a fact of the table).

It shows the rotation's suggestion (a new hand) or the recorded dealer (a correction), and
posts it back as ``dealer-shown``. Only a dealer changed from the one shown is sent to the
service: a form left as it was lets the server's rotation decide at save time, so a hand saved
late (a second phone was faster, or it waited offline) is dealt by whoever the rotation says
then, not by a stale suggestion.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class DealerForm(forms.Form):
    dealer = forms.ChoiceField(
        label=_("Dealt by"),
        required=False,  # a form without it (an older page, a script): the rotation decides
        help_text=_("The app suggests whose deal it is; change it if someone else dealt."),
        error_messages={"invalid_choice": _("Choose one of the players as the dealer.")},
    )
    shown = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, data=None, *, players: list[str], shown: str):
        super().__init__(data, prefix=None, initial={"dealer": shown, "shown": shown})
        self.fields["dealer"].choices = [(name, name) for name in players]
        self.shown = shown

    def add_prefix(self, field_name: str) -> str:
        return "dealer-shown" if field_name == "shown" else field_name

    def chosen(self) -> str | None:
        """The dealer to record: None while it is the one shown (let the server decide)."""
        dealer = self.cleaned_data.get("dealer") or None
        return None if dealer == self.cleaned_data.get("shown") else dealer
