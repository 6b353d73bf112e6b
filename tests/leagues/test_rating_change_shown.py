"""A rating change reads right as shown (issue 35): the change printed is the shown rating
after less the shown rating before, never the unrounded difference."""

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games.site.templatetags.numbers import delta, signed
from scorekeeper.leagues.selectors import Change


def test_the_example_of_the_issue_adds_up():
    change = Change(before=3.6449, after=5.8551)  # 2.21 apart: "+2.2" would not add up
    assert (signed(change.before, 1), signed(change.after, 1)) == ("3.6", "5.9")
    assert delta(change.delta, 1) == "+2.3"


ratings = st.floats(min_value=-50, max_value=80, allow_nan=False)


@given(ratings, ratings)
def test_every_shown_change_is_after_less_before_as_shown(before, after):
    change = Change(before=before, after=after)
    shown_before, shown_after = (
        float(signed(v, 1).replace("\u2212", "-")) for v in (before, after)
    )
    shown_delta = float(delta(change.delta, 1).replace("\u2212", "-"))
    assert round(shown_after - shown_before, 1) == shown_delta
