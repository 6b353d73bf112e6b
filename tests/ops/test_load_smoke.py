"""bench/load.py runs end to end on SQLite for a second (figures only, no timing checks)."""

import importlib.util
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"


def test_load_benchmark_runs_and_reports_every_kind(capsys):
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location("bench_load", BENCH / "load.py")
        load = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(load)
        code = load.main(["--backends", "sqlite", "--duration", "1", "--clients", "3"])
    finally:
        sys.path.remove(str(BENCH))
    out = capsys.readouterr().out
    assert code == 0, out
    assert ", 0 errors" in out
    for kind in ("hand post", "unchanged poll", "health"):
        assert f"| {kind}" in out
