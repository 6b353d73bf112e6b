"""A keeper's hand POST from the page takes a bounded number of queries, the same at hand 5 and
at hand 40 (issue 36 §7), and the view reads the seats once (it read them twice, the service a
third time).

The issue's goal is 12 without JavaScript and 16 with htmx; today (2026-12-03, SQLite, no
league) it is 16 and 22: the view's seats (1), the grants (1), the write (lock, hands, seats,
hand, game, league link, revision, and its savepoint pair: 9), the session the undo and the
message are kept in (4), and for htmx the game page's reads (6). The bounds below are what it
takes now, so that any query added fails here; lower them as the write path sheds queries.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from .page_helpers import HTMX, knock_hand, post_hand, start_game

pytestmark = pytest.mark.django_db

PLAIN_QUERIES = 16  # goal: 12
HTMX_QUERIES = 22  # goal: 16


def _queries(client, **extra) -> dict[int, list[str]]:
    game_id = start_game(client, options={"target": 100_000})
    seen = {}
    for n in range(1, 41):
        with CaptureQueriesContext(connection) as queries:
            response = post_hand(client, game_id, knock_hand(n % 3, 5, 12, 20), **extra)
        assert response.status_code == (200 if extra else 302), response.content[:500]
        seen[n] = [q["sql"] for q in queries.captured_queries]
    return seen


@pytest.mark.parametrize(
    ("extra", "most"), [({}, PLAIN_QUERIES), (HTMX, HTMX_QUERIES)], ids=["plain", "htmx"]
)
def test_a_keepers_hand_post_takes_the_same_few_queries_at_hand_5_and_40(client, extra, most):
    seen = _queries(client, **extra)
    assert len(seen[5]) == len(seen[40]) <= most, (len(seen[5]), len(seen[40]), seen[40])
    before_the_write = seen[40][: next(i for i, q in enumerate(seen[40]) if "SAVEPOINT" in q)]
    assert sum('FROM "games_seat"' in q for q in before_the_write) == 1, before_the_write
