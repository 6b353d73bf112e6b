"""bench/league.py runs end to end on a tiny league (figures only, no timing checks)."""

import importlib.util
import io
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "league.py"

pytestmark = pytest.mark.django_db


def test_bench_runs_and_query_counts_do_not_grow():
    spec = importlib.util.spec_from_file_location("bench_league", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
        out = io.StringIO()
        figures = module.main(["--games", "20", "--repeat", "2"], out=out, own_database=False)
    finally:
        sys.modules.pop(spec.name, None)
    reads = {}
    for figure in figures:
        reads.setdefault(figure.label, []).append(figure.queries)
    for label in (
        "home page",
        "league page (standings)",
        "standings API",
        "player page",
        "player API",
        "games API (latest 100)",
    ):
        small, big = reads[label]
        assert small == big, (label, reads[label])
    assert "standings API" in out.getvalue()


def test_bench_runs_as_the_readme_says_without_a_secret_key():
    import os
    import subprocess

    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"SECRET_KEY", "DEBUG", "DJANGO_SETTINGS_MODULE"}
    }
    done = subprocess.run(
        [sys.executable, str(BENCH), "--games", "4", "--repeat", "1"],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "standings API" in done.stdout
