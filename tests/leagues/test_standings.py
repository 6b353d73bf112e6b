"""Standings of small leagues, worked out by hand; ratings checked against openskill itself."""

import pytest
from openskill.models import PlackettLuce

from scorekeeper.leagues.models import Placing
from scorekeeper.leagues.selectors import standings
from scorekeeper.leagues.services import season_create

from .helpers import QUICK, new_league, penalties, play, when

pytestmark = pytest.mark.django_db


def test_places_follow_the_variant_direction_and_ties_share_the_better_place():
    league, token = new_league()
    link, _ = play(
        league, token, ["Ann", "Bob", "Cy", "Di"], penalties("Bob", Ann=12, Cy=30, Di=12)
    )
    places = {p.seat: (p.place, p.score) for p in Placing.objects.filter(league_game=link)}
    # German Rummy counts penalty points: fewest first; Ann and Di tie for second.
    assert places == {"Bob": (1, 0), "Ann": (2, 12), "Di": (2, 12), "Cy": (4, 30)}


def test_three_games_exact_table():
    league, token = new_league(min_games=3)
    play(league, token, ["Ann", "Bob", "Cy"], penalties("Ann", Bob=10, Cy=20), played=when(1))
    play(league, token, ["Ann", "Bob", "Cy"], penalties("Bob", Ann=5, Cy=40), played=when(2))
    play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=7), played=when(3))
    rows = {r.player: r for r in standings(league=league)}
    # Places: game 1 Ann 1, Bob 2, Cy 3; game 2 Bob 1, Ann 2, Cy 3; game 3 Ann 1, Bob 2.
    assert (rows["Ann"].games, rows["Ann"].wins, rows["Ann"].avg_place, rows["Ann"].score) == (
        3,
        2,
        4 / 3,
        5,
    )
    assert (rows["Bob"].games, rows["Bob"].wins, rows["Bob"].avg_place, rows["Bob"].score) == (
        3,
        1,
        5 / 3,
        17,
    )
    assert (rows["Cy"].games, rows["Cy"].wins, rows["Cy"].avg_place, rows["Cy"].score) == (
        2,
        0,
        3.0,
        60,
    )
    assert rows["Cy"].unranked and not rows["Ann"].unranked

    model = PlackettLuce()
    ann, bob, cy = model.rating(), model.rating(), model.rating()
    [[ann], [bob], [cy]] = model.rate([[ann], [bob], [cy]], ranks=[1, 2, 3])
    [[ann], [bob], [cy]] = model.rate([[ann], [bob], [cy]], ranks=[2, 1, 3])
    [[ann], [bob]] = model.rate([[ann], [bob]], ranks=[1, 2])
    for name, expected in (("Ann", ann), ("Bob", bob), ("Cy", cy)):
        assert rows[name].mu == pytest.approx(expected.mu)
        assert rows[name].sigma == pytest.approx(expected.sigma)
        assert rows[name].display == pytest.approx(expected.mu - 3 * expected.sigma)

    table = standings(league=league)
    # Ranked players first by mu - 3 sigma, then the provisional ones.
    assert [r.player for r in table][-1] == "Cy"
    assert [r.rank for r in table] == [1, 2, None]
    assert table[0].display >= table[1].display


def test_names_merge_case_insensitively_and_friendlies_do_not_count():
    league, token = new_league(min_games=1)
    play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=9), played=when(1))
    play(league, token, ["ann", "BOB"], penalties("BOB", ann=4), played=when(2))
    play(league, token, ["Ann", "Bob"], penalties("Bob", Ann=50), played=when(3), ranked=False)
    rows = {r.player: r for r in standings(league=league)}
    assert set(rows) == {"Ann", "Bob"}
    assert (rows["Ann"].games, rows["Ann"].wins, rows["Ann"].score) == (2, 1, 4)


def test_unfinished_games_do_not_count():
    league, token = new_league()
    play(league, token, ["Ann", "Bob"], None)
    assert standings(league=league) == []


def test_per_variant_and_season_filtering():
    league, token = new_league(min_games=0)
    play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=9), played=when(1, month=1))
    play(league, token, ["Ann", "Bob"], penalties("Bob", Ann=3), played=when(1, month=2))
    knock = {"knocker": "Cy", "hands": {"Cy": {"points": 2}, "Ann": {"points": 30}}}
    play(
        league,
        token,
        ["Ann", "Cy"],
        knock,
        played=when(2, month=2),
        variant="knock-rummy",
        options={"target": 1},
    )
    spring = season_create(
        league=league,
        token=token,
        name="February",
        starts=when(1, 2).date(),
        ends=when(28, 2).date(),
    )
    everything = {r.player: r.games for r in standings(league=league)}
    assert everything == {"Ann": 3, "Bob": 2, "Cy": 1}
    feb = {r.player: (r.games, r.wins) for r in standings(league=league, season=spring)}
    assert feb == {"Ann": (2, 0), "Bob": (1, 1), "Cy": (1, 1)}
    feb_german = {
        r.player: r.games for r in standings(league=league, season=spring, variant="german-rummy")
    }
    assert feb_german == {"Ann": 1, "Bob": 1}
    # A game recorded later in the season joins the season's table at once.
    play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=1), played=when(20, month=2))
    feb = {r.player: (r.games, r.wins) for r in standings(league=league, season=spring)}
    assert feb == {"Ann": (3, 1), "Bob": (2, 1), "Cy": (1, 1)}


def test_standings_read_is_two_queries_however_many_games(django_assert_num_queries):
    league, token = new_league()
    for day in range(1, 9):
        play(
            league,
            token,
            ["Ann", "Bob", "Cy"],
            penalties("Ann", Bob=day, Cy=2 * day),
            played=when(day),
        )
    # The table, and the head to head of players level on rating and wins (always asked).
    with django_assert_num_queries(2):
        assert len(standings(league=league)) == 3


def test_tie_breakers_rating_then_wins_then_head_to_head():
    from scorekeeper.leagues.models import Standing

    league, token = new_league(min_games=0)
    play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=5), played=when(1))
    play(league, token, ["Cy", "Di"], penalties("Cy", Di=5), played=when(2))
    # Force a level rating for all four, keep their real wins: the order then follows wins,
    # then head to head (Ann beat Bob; Cy beat Di).
    Standing.objects.filter(league=league, scope="|").update(mu=20.0, sigma=5.0)
    rows = standings(league=league)
    assert [r.player for r in rows] == ["Ann", "Cy", "Bob", "Di"]
    assert [r.rank for r in rows] == [1, 2, 3, 4]
    assert rows[1].tiebreak == "wins"  # Cy above Bob: level rating, more wins
    Standing.objects.filter(league=league, scope="|").update(wins=0)
    rows = standings(league=league)
    by = {r.player: r for r in rows}
    assert by["Ann"].tiebreak == "head_to_head" or by["Cy"].tiebreak == "head_to_head"
    assert [r.player for r in rows].index("Ann") < [r.player for r in rows].index("Bob")
    assert [r.player for r in rows].index("Cy") < [r.player for r in rows].index("Di")


def test_players_missing_the_last_nights_are_listed_apart():
    from scorekeeper.leagues.services import league_update

    league, token = new_league(min_games=0)
    play(league, token, ["Ann", "Bob", "Cy"], penalties("Cy", Ann=5, Bob=9), played=when(1))
    for day in (2, 3):
        play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=day), played=when(day))
    assert not any(r.inactive for r in standings(league=league))
    league_update(league=league, token=token, name=league.name, min_games=0, inactive_nights=2)
    rows = standings(league=league)
    assert [(r.player, r.inactive, r.rank) for r in rows][-1] == ("Cy", True, None)
    assert [r.rank for r in rows[:2]] == [1, 2]
    # As of the first night, Cy was active.
    import datetime as dt

    assert not any(r.inactive for r in standings(league=league, as_of=dt.date(2026, 3, 1)))


def test_as_of_equals_the_table_built_from_the_games_until_then():
    import datetime as dt

    league, token = new_league(min_games=0)
    copy, copy_token = new_league(min_games=0)
    for day in range(1, 6):
        entry = penalties(
            ["Ann", "Bob", "Cy"][day % 3],
            **{p: day for p in ["Ann", "Bob", "Cy"] if p != ["Ann", "Bob", "Cy"][day % 3]},
        )
        play(league, token, ["Ann", "Bob", "Cy"], entry, played=when(day))
        if day <= 3:
            play(copy, copy_token, ["Ann", "Bob", "Cy"], entry, played=when(day))
    then = standings(league=league, as_of=dt.date(2026, 3, 3))
    built = standings(league=copy)

    def key(rows):
        return [(r.player, r.games, r.wins, round(r.mu, 9), round(r.sigma, 9)) for r in rows]  # noqa: E731

    assert key(then) == key(built)
    moved = standings(league=league, movement=True)
    assert all(r.movement is not None for r in moved)


def test_a_game_in_play_tonight_makes_no_night_of_the_table():
    """Tonight's first game, started or in play, neither lists every player apart as missing
    the last night nor hides the movement since the previous night."""
    from scorekeeper.leagues.services import league_update
    from tests.writes import hand_record

    league, token = new_league(min_games=0)
    play(league, token, ["Ann", "Bob", "Cy"], penalties("Ann", Bob=5, Cy=9), played=when(1))
    play(league, token, ["Ann", "Bob", "Cy"], penalties("Cy", Ann=20, Bob=30), played=when(8))
    play(league, token, ["Ann", "Bob", "Cy"], penalties("Cy", Ann=20, Bob=30), played=when(8))
    league_update(league=league, token=token, name=league.name, min_games=0, inactive_nights=1)
    before = [
        (r.player, r.rank, r.inactive, r.movement) for r in standings(league=league, movement=True)
    ]
    assert not any(inactive for _p, _r, inactive, _m in before)
    assert any(moved for *_rest, moved in before)  # places changed since the first night
    link, _ = play(league, token, ["Ann", "Bob"], None, played=when(15), options={"hands": 3})
    assert [
        (r.player, r.rank, r.inactive, r.movement) for r in standings(league=league, movement=True)
    ] == before
    hand_record(game=link.game, entry=penalties("Ann", Bob=4))  # in play: 1 hand of 3
    link.refresh_from_db()
    assert not link.finished
    assert [
        (r.player, r.rank, r.inactive, r.movement) for r in standings(league=league, movement=True)
    ] == before


def test_movement_in_one_variant_is_since_that_variants_previous_night():
    league, token = new_league(min_games=0)
    play(league, token, ["Ann", "Bob", "Cy"], penalties("Ann", Bob=5, Cy=9), played=when(1))
    play(league, token, ["Ann", "Bob", "Cy"], penalties("Cy", Ann=20, Bob=30), played=when(8))
    play(league, token, ["Ann", "Bob", "Cy"], penalties("Cy", Ann=20, Bob=30), played=when(8))
    moved = [(r.player, r.movement) for r in standings(league=league, variant=QUICK, movement=True)]
    assert any(m for _p, m in moved)
    # a later night of another variant only leaves this variant's movement as it was
    play(
        league,
        token,
        ["Ann", "Bob"],
        {"knocker": "Ann", "hands": {"Ann": {"points": 1}, "Bob": {"points": 9}}},
        played=when(15),
        variant="knock-rummy",
        options={"target": 1},
    )
    rows = standings(league=league, variant=QUICK, movement=True)
    assert [(r.player, r.movement) for r in rows] == moved


def test_a_late_joiner_is_marked_new_since_the_previous_night():
    """A player whose first game is on the latest night has no place to move from: the row
    says new rather than nothing; the others move as before, and with one night nobody is."""
    league, token = new_league(min_games=0)
    play(league, token, ["Ann", "Bob", "Cy"], penalties("Ann", Bob=5, Cy=9), played=when(1))
    assert not any(r.new for r in standings(league=league, movement=True))
    play(league, token, ["Ann", "Bob", "Dee"], penalties("Dee", Ann=20, Bob=30), played=when(8))
    rows = {r.player: r for r in standings(league=league, movement=True)}
    assert rows["Dee"].new and rows["Dee"].movement is None
    assert not any(rows[p].new for p in ("Ann", "Bob", "Cy"))
    assert all(rows[p].movement is not None for p in ("Ann", "Bob", "Cy"))


def test_a_player_whose_only_game_tonight_is_in_play_attends_tonight():
    """Once another game of tonight is over, a player seated only in a game still in play
    tonight is not listed apart as missing the night; one seated in none is."""
    from scorekeeper.leagues.services import league_update
    from tests.writes import hand_record

    league, token = new_league(min_games=0)
    everyone = ["Ann", "Bob", "Cy", "Dee"]
    play(league, token, everyone, penalties("Ann", Bob=5, Cy=9, Dee=7), played=when(1))
    league_update(league=league, token=token, name=league.name, min_games=0, inactive_nights=1)
    play(league, token, ["Ann", "Bob"], penalties("Bob", Ann=20), played=when(8))
    live, _ = play(league, token, ["Cy", "Ann"], None, played=when(8), options={"hands": 3})
    hand_record(game=live.game, entry=penalties("Cy", Ann=4))  # in play: 1 hand of 3
    live.refresh_from_db()
    assert not live.finished
    inactive = {r.player: r.inactive for r in standings(league=league, movement=True)}
    assert inactive == {"Ann": False, "Bob": False, "Cy": False, "Dee": True}
    # The table as of the first night knows nothing of tonight's game.
    import datetime as dt

    then = {r.player: r.inactive for r in standings(league=league, as_of=dt.date(2026, 3, 1))}
    assert not any(then.values())
