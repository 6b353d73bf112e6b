"""The rules search on the table questions (tests/rules/data/table_questions.txt): how often the
rule a question asks about is the first result, or in the first three, and how long a question
takes.

    .venv/bin/python bench/search.py              # each question on a page in its own language
    .venv/bin/python bench/search.py --page en    # every question on an English page
    .venv/bin/python bench/search.py --compare    # also SQLite FTS5's BM25 on the same words
    .venv/bin/python bench/search.py --misses     # list the questions not found in the top 3
    .venv/bin/python bench/search.py --unseen     # the 24 questions never used to tune it

Times are the search alone (``search_rules``), each language's index built beforehand (the
first question a process asks builds them: about 0.1 s a language).
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

QUESTIONS = ROOT / "tests" / "rules" / "data" / "table_questions.txt"
# written after the search was tuned, never used to tune it
UNSEEN = ROOT / "tests" / "rules" / "data" / "table_questions_unseen.txt"
GOAL_TOP3 = 0.90
GOAL_MEDIAN_MS = 100.0


@dataclass(frozen=True)
class Question:
    language: str
    places: tuple[str, ...]  # variant#anchor, term#term-key, *#anchor
    text: str


def load_questions(path: Path = QUESTIONS) -> list[Question]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        language, places, text = (part.strip() for part in line.split("|", 2))
        out.append(Question(language, tuple(places.split()), text))
    return out


def place_of(found: Any) -> str:
    return f"{found.variant.slug if found.variant else 'term'}#{found.anchor}"


def finds(results: Sequence[Any], places: Sequence[str]) -> bool:
    """Whether one of ``results`` is one of ``places`` (``*#anchor``: that anchor in any game)."""
    for found in results:
        variant, anchor = place_of(found).split("#", 1)
        for place in places:
            want_variant, want_anchor = place.split("#", 1)
            if want_anchor == anchor and want_variant in ("*", variant):
                return True
    return False


@dataclass
class Report:
    name: str
    questions: int = 0
    top1: int = 0
    top3: int = 0
    times_ms: list[float] = field(default_factory=list)
    misses: list[tuple[Question, list[str]]] = field(default_factory=list)

    @property
    def median_ms(self) -> float:
        return statistics.median(self.times_ms)

    @property
    def p95_ms(self) -> float:
        ordered = sorted(self.times_ms)
        return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]

    def line(self) -> str:
        n = self.questions
        return (
            f"{self.name:<28} top-1 {self.top1}/{n} ({self.top1 / n:.0%})  "
            f"top-3 {self.top3}/{n} ({self.top3 / n:.0%})  "
            f"median {self.median_ms:.2f} ms  p95 {self.p95_ms:.2f} ms"
        )


Search = Callable[[str, str], list[Any]]  # (question, page language) -> results, best first


def forget() -> None:
    """Forget the readings of questions asked (the book's stay in its indexes)."""
    from scorekeeper.rules.reference.questions import read

    read.cache_clear()


def evaluate(
    name: str, search: Search, questions: Sequence[Question], page: str | None = None
) -> Report:
    report = Report(name)
    for question in questions:
        language = page or question.language
        search(question.text, language)  # warm: the first question builds the indexes
        forget()  # but the question itself is read afresh
        start = time.perf_counter()
        results = search(question.text, language)
        report.times_ms.append((time.perf_counter() - start) * 1000)
        report.questions += 1
        report.top1 += finds(results[:1], question.places)
        if finds(results[:3], question.places):
            report.top3 += 1
        else:
            report.misses.append((question, [place_of(f) for f in results[:3]]))
    return report


def setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()


def ours(question: str, language: str) -> list[Any]:
    from scorekeeper.games.rulebook.search import search_rules

    return search_rules(query=question, language=language, limit=10).answer.results


class Fts5:
    """SQLite FTS5's own BM25 over the same words (the search's reading of the book and the
    question), the same choice of language and the same game-first order: only the ranking
    differs."""

    def __init__(self) -> None:
        from scorekeeper.games.rulebook.search import LANGUAGES, say_in
        from scorekeeper.rules.reference import questions

        self.q = questions
        self.say_in = say_in
        self.db = sqlite3.connect(":memory:")
        for code in LANGUAGES:
            book = questions._book(say_in(code), code)
            self.db.execute(
                f"CREATE VIRTUAL TABLE book_{code} USING fts5(title, body, "
                "tokenize=\"unicode61 remove_diacritics 0 tokenchars '_-'\")"
            )
            rows = []
            for n, entry in enumerate(book.entries):
                title = " ".join(questions.read(entry.hit.title, code).terms)
                body = " ".join(t for _s, found in entry.sentences for t in sorted(found))
                rows.append((n, title, body))
            self.db.executemany(
                f"INSERT INTO book_{code}(rowid, title, body) VALUES (?, ?, ?)", rows
            )

    def __call__(self, question: str, language: str) -> list[Any]:
        from scorekeeper.games.rulebook.search import LANGUAGES

        q = self.q
        page = q._book(self.say_in(language), language)
        named, rest = q.games_named(question, page.names)
        readings = [
            q._reading(rest, code, q._book(self.say_in(code), code), named) for code in LANGUAGES
        ]
        best = max(readings, key=lambda r: (r.coverage, r.language == language))
        wanted = list(dict.fromkeys(best.reading.terms))
        if not wanted:
            return []
        match = " OR ".join('"' + t.replace('"', "") + '"' for t in wanted)
        rows = self.db.execute(
            f"SELECT rowid, -bm25(book_{best.language}, 2.0, 1.0) FROM book_{best.language} "
            f"WHERE book_{best.language} MATCH ? ORDER BY bm25(book_{best.language}, 2.0, 1.0)",
            (match,),
        ).fetchall()
        ranked = [(n, score) for n, score in rows]
        results, seen = [], set()
        for n, score in q._tiered(ranked, best.book, tuple(named)):
            hit = page.entries[n].hit
            if (hit.title, hit.text) in seen:
                continue
            seen.add((hit.title, hit.text))
            results.append(q.Found(hit, score, ""))
            if len(results) >= 10:
                break
        return results


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> list[Report]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--page", help="ask every question on a page in this language")
    parser.add_argument("--compare", action="store_true", help="also SQLite FTS5's BM25")
    parser.add_argument("--misses", action="store_true", help="list the questions missed")
    parser.add_argument(
        "--unseen", action="store_true", help="the questions never used to tune the search"
    )
    args = parser.parse_args(argv)
    setup_django()
    questions = load_questions(UNSEEN if args.unseen else QUESTIONS)
    languages = sorted({q.language for q in questions})
    print(
        f"{len(questions)} table questions in {len(languages)} languages ({' '.join(languages)}), "
        f"asked on a page in {args.page or 'the question’s own language'}",
        file=out,
    )
    reports = [evaluate("BM25, own index", ours, questions, args.page)]
    if args.compare:
        reports.append(evaluate("SQLite FTS5 bm25()", Fts5(), questions, args.page))
    for report in reports:
        print(report.line(), file=out)
        if args.misses:
            for question, top in report.misses:
                print(f"   missed [{question.language}] {question.text}  -> {top}", file=out)
    main_report = reports[0]
    print(
        f"Goals: top-3 >= {GOAL_TOP3:.0%}: {'met' if main_report.top3 / main_report.questions >= GOAL_TOP3 else 'NOT met'}; "
        f"median < {GOAL_MEDIAN_MS:.0f} ms: {'met' if main_report.median_ms < GOAL_MEDIAN_MS else 'NOT met'}",
        file=out,
    )
    return reports


if __name__ == "__main__":
    main()
