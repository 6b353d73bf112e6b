"""``{% club_nights league organiser %}``: the league's club nights on its page (one query),
with "New club night" for the organiser."""

from __future__ import annotations

from django import template

from scorekeeper.leagues.night_selectors import nights_of_league

register = template.Library()


@register.inclusion_tag("leagues/includes/club_nights.html")
def club_nights(league, organiser: bool = False) -> dict:
    return {"league": league, "organiser": organiser, "nights": nights_of_league(league=league)[:10]}
