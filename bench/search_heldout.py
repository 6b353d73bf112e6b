"""The rules search on the HELD-OUT table questions (tests/rules/data/heldout_questions.txt):
top-1 and top-3 per language and overall, honouring each question's game and answer pattern.

    env -u DATABASE_URL .venv/bin/python bench/search_heldout.py            # the figures
    env -u DATABASE_URL .venv/bin/python bench/search_heldout.py --misses   # also the misses

A question is found at rank n when the n-th result is one of its places AND the shown passage
(title and text) matches its pattern: the right rule id with a passage that does not state the
answer is a miss. Questions are asked as a phone asks them, through the public API,
``GET /api/v1/rules/search?q=...&lang=<the question's language>`` and, for a question asked from
a game, ``&game=<id>`` of a game started beforehand with ``POST /api/v1/games`` and the question's
variant and house rules. The bench runs in-process on a throw-away in-memory SQLite database
(Django's test database); it reads no search internals.

Held-out means held out: nobody tunes the search on these questions. Reading a miss (--misses)
moves that question to the tuning set and a reserve question takes its place (see the file's
header).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DATA = ROOT / "tests" / "rules" / "data"
HELDOUT = DATA / "heldout_questions.txt"
LANGUAGES = ("en", "it", "ro", "ko", "nb", "cs", "vi", "de")
PLAYERS = {  # enough players for every variant a held-out question is asked from
    "gin-rummy": 2,
    "oklahoma-gin": 2,
    "straight-gin": 2,
    "nowrang": 2,
}


@dataclass(frozen=True)
class Game:
    variant: str
    options: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def parse(cls, text: str) -> Game | None:
        """``-`` (no game), ``gin-rummy`` or ``gin-rummy:knock-limit=7,big-gin=true``."""
        text = text.strip()
        if text in ("", "-"):
            return None
        variant, _, rest = text.partition(":")
        options = []
        for item in filter(None, (part.strip() for part in rest.split(","))):
            slug, _, value = item.partition("=")
            options.append((slug.strip(), _value(value.strip())))
        return cls(variant.strip(), tuple(options))

    def __str__(self) -> str:
        if not self.options:
            return self.variant
        return self.variant + ":" + ",".join(f"{k}={v}" for k, v in self.options)


def _value(text: str) -> Any:
    if text.lower() in ("true", "on", "yes"):
        return True
    if text.lower() in ("false", "off", "no"):
        return False
    try:
        return int(text)
    except ValueError:
        return text


@dataclass(frozen=True)
class Question:
    language: str
    game: Game | None
    places: tuple[str, ...]  # variant#anchor, or *#anchor (that anchor in any variant)
    text: str
    pattern: re.Pattern[str]
    line: int


def load(path: Path = HELDOUT) -> list[Question]:
    return load_lines(path.read_text(encoding="utf-8").splitlines(), name=path.name)


def load_lines(lines: Sequence[str], *, name: str = "questions") -> list[Question]:
    out = []
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        parts = [part.strip() for part in line.split("|", 4)]
        if len(parts) != 5:
            raise ValueError(f"{name}:{number}: expected 5 fields, got {len(parts)}")
        language, game, places, text, pattern = parts
        out.append(
            Question(
                language=language,
                game=Game.parse(game),
                places=tuple(places.split()),
                text=text,
                pattern=re.compile(pattern, re.IGNORECASE),
                line=number,
            )
        )
    return out


def is_a_place(result: dict[str, Any], question: Question) -> bool:
    """Whether one API result is one of the question's places (whatever its passage says)."""
    variant, anchor = result.get("variant") or "", result.get("rule") or ""
    return any(
        want_anchor == anchor
        and (want_variant in ("*", variant) or (want_variant == "term" and not variant))
        for want_variant, _, want_anchor in (place.partition("#") for place in question.places)
    )


def answers(result: dict[str, Any], question: Question) -> bool:
    """Whether one API result is one of the question's places and its passage says the answer."""
    if not is_a_place(result, question):
        return False
    shown = f"{result.get('title') or ''} {result.get('text') or ''}"
    return bool(question.pattern.search(shown))


@dataclass
class Tally:
    questions: int = 0
    top1: int = 0
    top3: int = 0

    def add(self, rank: int | None) -> None:
        self.questions += 1
        self.top1 += rank == 1
        self.top3 += rank is not None and rank <= 3

    def line(self, name: str) -> str:
        n = self.questions or 1
        return (
            f"{name:<16} {self.questions:>4}  top-1 {self.top1:>3} ({self.top1 / n:4.0%})  "
            f"top-3 {self.top3:>3} ({self.top3 / n:4.0%})"
        )


@dataclass
class Report:
    by_language: dict[str, Tally] = field(default_factory=dict)
    overall: Tally = field(default_factory=Tally)
    from_a_game: Tally = field(default_factory=Tally)
    place_only: Tally = field(default_factory=Tally)  # the right rule id, passage or not
    misses: list[tuple[Question, list[str]]] = field(default_factory=list)


class Asker:
    """Asks the public API in-process, starting each game a question is asked from once."""

    def __init__(self) -> None:
        from django.test import Client

        self.client = Client(HTTP_HOST="127.0.0.1")
        self.games: dict[Game, str] = {}

    def game_id(self, game: Game) -> str:
        if game not in self.games:
            count = PLAYERS.get(game.variant, 3)
            response = self.client.post(
                "/api/v1/games",
                {
                    "variant": game.variant,
                    "options": dict(game.options),
                    "players": ["Ann", "Bob", "Cy", "Dan"][:count],
                },
                content_type="application/json",
            )
            if response.status_code != 201:
                raise RuntimeError(
                    f"could not start {game}: {response.status_code} {response.content!r}"
                )
            self.games[game] = response.json()["id"]
        return self.games[game]

    def ask(self, question: Question) -> list[dict[str, Any]]:
        params = {"q": question.text, "lang": question.language}
        if question.game is not None:
            params["game"] = self.game_id(question.game)
        response = self.client.get("/api/v1/rules/search", params)
        if response.status_code != 200:
            raise RuntimeError(f"line {question.line}: search answered {response.status_code}")
        return response.json()["results"]


def evaluate(questions: Sequence[Question], asker: Asker) -> Report:
    report = Report()
    for question in questions:
        results = asker.ask(question)
        rank = next((n for n, r in enumerate(results[:10], 1) if answers(r, question)), None)
        report.place_only.add(
            next((n for n, r in enumerate(results[:10], 1) if is_a_place(r, question)), None)
        )
        for tally in (
            report.by_language.setdefault(question.language, Tally()),
            report.overall,
            *((report.from_a_game,) if question.game is not None else ()),
        ):
            tally.add(rank)
        if rank is None or rank > 3:
            report.misses.append(
                (question, [f"{r.get('variant')}#{r.get('rule')}" for r in results[:3]])
            )
    return report


def setup_django() -> Any:
    """Django on a throw-away in-memory SQLite test database; returns what tears it down."""
    os.environ.pop("DATABASE_URL", None)  # never a shared PostgreSQL from a bench
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()
    from django.test.utils import setup_databases, setup_test_environment

    setup_test_environment()
    return setup_databases(verbosity=0, interactive=False)


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> Report:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--misses",
        action="store_true",
        help="list the misses (each one read moves to the tuning set: see the file's header)",
    )
    parser.add_argument(
        "--questions",
        type=Path,
        default=HELDOUT,
        help="another file in the same format, e.g. the tuning set "
        "tests/rules/data/table_questions_fresh.txt (its misses may be read)",
    )
    args = parser.parse_args(argv)
    old = setup_django()
    try:
        questions = load(args.questions)
        report = evaluate(questions, Asker())
    finally:
        from django.test.utils import teardown_databases

        teardown_databases(old, verbosity=0)
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    title = "Held-out rules questions" if args.questions == HELDOUT else "Rules questions"
    print(f"{title} ({args.questions.resolve().relative_to(ROOT)}), {now}", file=out)
    print("found = one of the question's places, its passage matching the answer pattern", file=out)
    for language in sorted(report.by_language, key=lambda c: (LANGUAGES + (c,)).index(c)):
        print(report.by_language[language].line(language), file=out)
    print(report.from_a_game.line("asked from game"), file=out)
    print(report.overall.line("overall"), file=out)
    print(
        report.place_only.line("(rule id only)"),
        "the right place, whatever its passage says",
        file=out,
    )
    if args.misses:
        print(
            "\nMisses (top 3 shown). Each one read here moves to the tuning set and is replaced "
            "from the reserve:",
            file=out,
        )
        for question, top in report.misses:
            where = f" [{question.game}]" if question.game else ""
            print(f"  {question.language}{where} {question.text} -> {top}", file=out)
    return report


if __name__ == "__main__":
    main()
