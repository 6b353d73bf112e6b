"""The rule search's speed and memory with sentence embeddings on (issue 32), through the
public API (``GET /api/v1/rules/search``) in one process, as a server worker answers it.

    env -u DATABASE_URL .venv/bin/python bench/search_speed.py
    env -u DATABASE_URL .venv/bin/python bench/search_speed.py --mode lexical

- start: what the server's entry point (scorekeeper/wsgi.py, asgi.py) does before it takes a
  request (``scorekeeper.startup.prepare``): import every view, build the eight indexes, load
  the model and the passage vectors;
  the memory this adds (resident set size before and after, and the model's share);
- first question: the first API request after that start;
- warm questions: the tuning set's questions (tests/rules/data/table_questions*.txt; their
  words do not matter for time), each asked once, new to the process (nothing cached),
  median and p99 of the wall time, and of the answering thread's CPU time (on this shared
  machine other work takes the cores: the CPU time is what an idle core would take);
- bad input: an empty and an over-long ``q`` (400), punctuation or emoji only (an empty
  answer), never a 500.

Runs on a throw-away in-memory SQLite database; starts no server, talks to no address.
``--server`` instead starts the production server (gunicorn, one worker, a fresh SQLite file,
127.0.0.1 only, stopped by its pid), waits until it answers its health check, and times the
first rule question it gets and ten more.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def rss_mb() -> float:
    """This process's resident set size now (Linux)."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def on_a_server(mode: str) -> None:
    import tempfile
    import urllib.parse

    sys.path.insert(0, str(ROOT / "bench"))
    import servers

    with tempfile.TemporaryDirectory() as tmp:
        with servers.fresh_database("sqlite", Path(tmp), "search") as url:
            env = servers.base_env(url, RULES_SEARCH_MODE=mode)
            started = time.perf_counter()
            server = servers.gunicorn(env, Path(tmp) / "server.log", workers=1)
            try:
                server.wait_ready(timeout=120)
                ready_s = time.perf_counter() - started
                times = []
                for n in range(11):
                    q = urllib.parse.quote(f"how many cards does each player get in gin? {n}")
                    t = time.perf_counter()
                    status, _h, _b = servers.request(
                        server.port, "GET", f"/api/v1/rules/search?q={q}&lang=en"
                    )
                    times.append((time.perf_counter() - t) * 1000)
                    assert status == 200, status
            finally:
                server.stop()
    print(
        f"gunicorn, one worker, mode {mode}, load average {os.getloadavg()[0]:.1f}: ready "
        f"{ready_s:.1f} s after launch; first question {times[0]:.1f} ms, the next ten median "
        f"{statistics.median(times[1:]):.1f} ms"
    )


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", default="fused", choices=("fused", "lexical", "semantic"))
    parser.add_argument("--server", action="store_true", help="time a real server's start")
    args = parser.parse_args(argv)
    if args.server:
        on_a_server(args.mode)
        return {}
    os.environ["RULES_SEARCH_MODE"] = args.mode
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()
    from django.test.utils import setup_test_environment

    setup_test_environment()
    from django.test import Client

    from scorekeeper.rules.reference import questions, semantic
    from scorekeeper.startup import prepare

    before = rss_mb()
    started = time.perf_counter()
    client = Client()
    client.handler.load_middleware()  # as get_wsgi_application() does at a server's start
    prepare()
    start_s = time.perf_counter() - started
    after = rss_mb()
    model_mb = semantic.model_bytes() / 2**20 if semantic.available() else 0.0
    vectors_mb = sum(b.vectors.matrix.nbytes for b in questions._CACHE.values()) / 2**20

    url = "/api/v1/rules/search"
    started = time.perf_counter()
    first = client.get(url, {"q": "how many cards does each player get in gin rummy?"})
    first_ms = (time.perf_counter() - started) * 1000
    assert first.status_code == 200, first.content

    bench = ROOT / "tests" / "rules" / "data"
    asked = []
    for name in ("table_questions.txt", "table_questions_unseen.txt"):
        for line in (bench / name).read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                language, _places, text = (p.strip() for p in line.split("|", 2))
                asked.append((language, text))
    times, cpu = [], []
    for language, text in asked:
        started, started_cpu = time.perf_counter(), time.thread_time()
        response = client.get(url, {"q": text, "lang": language})
        times.append((time.perf_counter() - started) * 1000)
        cpu.append((time.thread_time() - started_cpu) * 1000)
        assert response.status_code == 200, response.content

    bad = {
        "empty": ({"q": ""}, 400),
        "over-long": ({"q": "x" * 301}, 400),
        "punctuation": ({"q": "?!…"}, 200),
        "emoji": ({"q": "🃏😀"}, 200),
    }
    for label, (params, status) in bad.items():
        response = client.get(url, params)
        assert response.status_code == status, (label, response.status_code)
        if status == 200:
            assert response.json()["results"] == [], label

    load = os.getloadavg()[0]
    figures = {
        "start_s": start_s,
        "first_ms": first_ms,
        "median_ms": statistics.median(times),
        "p99_ms": percentile(times, 0.99),
        "cpu_median_ms": statistics.median(cpu),
        "cpu_p99_ms": percentile(cpu, 0.99),
        "rss_added_mb": after - before,
        "model_mb": model_mb,
        "vectors_mb": vectors_mb,
    }
    print(
        f"mode {args.mode}, {len(times)} questions, load average {load:.1f} on "
        f"{os.cpu_count()} cores, embeddings {'on' if semantic.available() else 'off'}"
    )
    print(f"start (indexes, model, vectors): {start_s:.2f} s, +{after - before:.0f} MB resident")
    print(f"  of which the model file {model_mb:.0f} MB, passage vectors {vectors_mb:.1f} MB")
    print(f"first question after the start: {first_ms:.1f} ms")
    print(f"warm questions: median {figures['median_ms']:.1f} ms, p99 {figures['p99_ms']:.1f} ms")
    print(
        f"  CPU time of the answering thread (what an idle core would take): median "
        f"{figures['cpu_median_ms']:.1f} ms, p99 {figures['cpu_p99_ms']:.1f} ms"
    )
    print("bad input: empty and over-long q 400, punctuation and emoji an empty answer")
    return figures


if __name__ == "__main__":
    main()
