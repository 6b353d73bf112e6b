"""Loading a bench/ script as a module in a test (bench/ is not a package)."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[1] / "bench"


@contextmanager
def bench_module(name: str) -> Iterator[ModuleType]:
    """bench/<name>.py as a module, registered while in use (dataclasses look their module up
    while it loads) and forgotten afterwards."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop(spec.name, None)
