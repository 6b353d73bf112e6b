"""Issue 32 §1: the rule search on the HELD-OUT questions (tests/rules/data/
heldout_questions.txt, written by a teammate who never read the search's index; nobody tunes
on them), asked through the public API as bench/search_heldout.py asks them: a question is
found when one of its places is in the top 3 and the shown passage states its answer.

The levels are the ones honestly reached (bench/README.md, 2026-12-03: top 3 139/160, 87%;
every language 80% or more; top 1 104/160, 65%); the issue's goal is 90% top 3 and 75% top 1,
not reached yet. A failure reports the figures only, never the questions (reading a miss would
make it a tuning question).
"""

from __future__ import annotations

import pytest

from tests.benches import bench_module

pytestmark = pytest.mark.django_db

TOP3 = 0.85
TOP3_EACH_LANGUAGE = 0.80
TOP1 = 0.60


def test_held_out_questions_find_their_answer_in_the_top_3():
    with bench_module("search_heldout") as bench:
        report = bench.evaluate(bench.load(), bench.Asker())
    figures = (
        "\n".join(tally.line(language) for language, tally in sorted(report.by_language.items()))
        + "\n"
        + report.overall.line("overall")
    )
    overall = report.overall
    assert overall.questions >= 160
    assert overall.top3 / overall.questions >= TOP3, figures
    assert overall.top1 / overall.questions >= TOP1, figures
    for tally in report.by_language.values():
        assert tally.top3 / tally.questions >= TOP3_EACH_LANGUAGE, figures


def test_fresh_tuning_questions_keep_their_level():
    """The fresh TUNING set (tests/rules/data/table_questions_fresh.txt, written the same way as
    the held-out one, then tuned on): a change that helps elsewhere must not lose these
    (2026-12-03 after tuning: top 3 146/160, 91%; top 1 125/160, 78%)."""
    with bench_module("search_heldout") as bench:
        report = bench.evaluate(bench.load(bench.DATA / "table_questions_fresh.txt"), bench.Asker())
    overall = report.overall
    figures = report.overall.line("overall")
    assert overall.questions >= 160
    assert overall.top3 / overall.questions >= 0.88, figures
    assert overall.top1 / overall.questions >= 0.75, figures
