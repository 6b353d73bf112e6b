"""The league's float Plackett-Luce update gives openskill's own results, bit for bit."""

import random

from openskill.models import PlackettLuce

from scorekeeper.leagues.rating import MU, SIGMA, rate_game


def openskill(ratings, places):
    model = PlackettLuce()
    teams = [[model.rating(mu=mu, sigma=sigma)] for mu, sigma in ratings]
    return [(team[0].mu, team[0].sigma) for team in model.rate(teams, ranks=list(places))]


def places_with_ties(rng: random.Random, n: int) -> list[int]:
    """Competition places (1, 2, 2, 4, ...) in a random seat order, as a league game has them."""
    scores = [rng.randrange(0, 4 if rng.random() < 0.5 else 100) for _ in range(n)]
    return [1 + sum(other < score for other in scores) for score in scores]


def test_random_games_match_openskill_exactly():
    rng = random.Random(17)
    for _ in range(5000):
        n = rng.choice((2, 2, 3, 4, 5, 8))
        ratings = [(rng.uniform(-10, 60), rng.uniform(0.05, 12)) for _ in range(n)]
        places = places_with_ties(rng, n)
        assert rate_game(ratings, places) == openskill(ratings, places), (ratings, places)


def test_long_histories_match_openskill_exactly():
    """A league's history: each game starts from the ratings the previous games gave."""
    rng = random.Random(2026)
    for _ in range(20):
        ours = {p: (MU, SIGMA) for p in range(10)}
        theirs = dict(ours)
        for _ in range(300):
            players = rng.sample(range(10), rng.choice((2, 3, 4)))
            places = places_with_ties(rng, len(players))
            new = rate_game([ours[p] for p in players], places)
            ours.update(zip(players, new, strict=True))
            expected = openskill([theirs[p] for p in players], places)
            theirs.update(zip(players, expected, strict=True))
        assert ours == theirs


def test_places_need_not_start_at_one_or_be_in_seat_order():
    for places in ([3, 1, 2], [2, 2, 1], [5, 5], [1, 1, 1, 1], [7, 3, 3, 9]):
        ratings = [(25.0 + i, 8.0 - i) for i in range(len(places))]
        assert rate_game(ratings, places) == openskill(ratings, places)
