"""One game's rating update on plain floats: openskill's Plackett-Luce, operation for operation.

A league rebuild rates thousands of games in a row (correcting the first game of a big league
re-rates all the later ones in each of its scopes). openskill's ``PlackettLuce.rate`` checks its
arguments, deep-copies rating objects and sorts through helper lists for every game, which cost
far more than the arithmetic; :func:`rate_game` does the same arithmetic, in the same order, on
floats. Every player is a team of one with weight 1, no scores, no ``limit_sigma``: exactly the
calls the league made to openskill. Its results are the very floats openskill gives
(``tests/leagues/test_rating.py`` compares them on many random games, ties included), so the
stored ratings stay what openskill recomputed from scratch would give.

What openskill computes for one-player teams, step by step (``weng_lin/plackett_luce.py``,
openskill 6.2): σ gains τ (``sqrt(σ·σ + τ²)``); teams are put in order of rank (a stable sort),
``c = sqrt(Σ (σᵢ² + β²))`` in that order; ``sum_q[q] = Σ exp(μᵢ/c)`` over the teams ranked at or
below q, added in order; ``a[q]`` counts the teams sharing q's rank; then for each team
``ω = Σ_q …`` and ``δ = Σ_q …`` over the teams ranked at or above it, ``ω ·= σ²/c``,
``δ ·= σ²/c² · (σ/c)`` (the default γ), and ``μ += ω``, ``σ ·= sqrt(max(1 − δ, κ))`` (the player
is the whole team, so its share σ²/σ²_team is exactly 1 and the weight 1 changes no bit).
openskill's averaging of μ changes among tied teams changes nothing in this version (it
subtracts a value from itself), so it is left out; the test with ties would catch a version
that starts to average.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
MU = MODEL.mu
SIGMA = MODEL.sigma
_BETA_SQUARED = MODEL.beta**2
_TAU_SQUARED = MODEL.tau * MODEL.tau
_KAPPA = MODEL.kappa

_sqrt = math.sqrt
_exp = math.exp


def rate_game(
    ratings: Sequence[tuple[float, float]], places: Sequence[int]
) -> list[tuple[float, float]]:
    """New (μ, σ) of each player of one game, in the given order, from their (μ, σ) before it
    and their places (1 best; equal places tie); what ``PlackettLuce().rate([[r] for r in
    ratings], ranks=places)`` gives."""
    n = len(ratings)
    order = sorted(range(n), key=places.__getitem__)  # stable, as openskill's sort
    ranks = [int(places[i]) for i in order]
    mus = [ratings[i][0] for i in order]
    sigmas = []
    sigma_squares = []
    collective = 0.0
    for i in order:
        sigma = ratings[i][1]
        sigma = _sqrt(sigma * sigma + _TAU_SQUARED)
        sigma_squared = sigma**2
        sigmas.append(sigma)
        sigma_squares.append(sigma_squared)
        collective += sigma_squared + _BETA_SQUARED
    c = _sqrt(collective)
    c_squared = c**2
    exps = [_exp(mu / c) for mu in mus]
    sum_q = [0.0] * n
    for i in range(n):
        e, rank = exps[i], ranks[i]
        for q in range(n):
            if rank >= ranks[q]:
                sum_q[q] += e
    a = [ranks.count(rank) for rank in ranks]

    out: list[tuple[float, float] | None] = [None] * n
    for i in range(n):
        e, rank = exps[i], ranks[i]
        omega = 0.0
        delta = 0.0
        for q in range(n):
            if ranks[q] <= rank:
                share = e / sum_q[q]
                delta += share * (1 - share) / a[q]
                if q == i:
                    omega += (1 - share) / a[q]
                else:
                    omega -= share / a[q]
        sigma_squared = sigma_squares[i]
        omega *= sigma_squared / c
        delta *= sigma_squared / c_squared
        delta *= _sqrt(sigma_squared) / c
        sigma = sigmas[i]
        out[order[i]] = (mus[i] + omega, sigma * _sqrt(max(1 - delta, _KAPPA)))
    return out  # type: ignore[return-value]
