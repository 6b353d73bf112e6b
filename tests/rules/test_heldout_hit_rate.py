"""Issue 32 §1: the rule search on the HELD-OUT questions (tests/rules/data/
heldout_questions.txt, written by a teammate who never read the search's index; nobody tunes
on them), asked through the public API as bench/search_heldout.py asks them: a question is
found when one of its places is in the top 3 and the shown passage states its answer.

The levels are the ones honestly reached (bench/README.md, 2026-12-03 17:33 UTC: top 3
144/160, 90%, the issue's goal; every language 80% or more; top 1 111/160, 69%, the issue's
75% not reached yet). A failure reports the figures only, never the questions (reading a miss
would make it a tuning question).
"""

from __future__ import annotations

import pytest

from tests.benches import bench_module

pytestmark = pytest.mark.django_db

TOP3 = 0.90
TOP3_EACH_LANGUAGE = 0.80
TOP1 = 0.65


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


@pytest.mark.parametrize(
    ("name", "top3", "top1"),
    [("table_questions_fresh.txt", 0.88, 0.75), ("table_questions_fresh2.txt", 0.80, 0.70)],
)
def test_fresh_tuning_questions_keep_their_level(name, top3, top1):
    """The fresh TUNING sets (tests/rules/data/table_questions_fresh*.txt, written the way the
    held-out one was, then tuned on): a change that helps elsewhere must not lose these
    (2026-12-03 after tuning: fresh top 3 148/160, 92%, top 1 129, 81%; fresh2 top 3 135/160,
    84%, top 1 119, 74%)."""
    with bench_module("search_heldout") as bench:
        report = bench.evaluate(bench.load(bench.DATA / name), bench.Asker())
    overall = report.overall
    figures = report.overall.line("overall")
    assert overall.questions >= 160
    assert overall.top3 / overall.questions >= top3, figures
    assert overall.top1 / overall.questions >= top1, figures
