"""One makemessages extraction of this tree at a time, across test processes.

Django's makemessages writes a temporary ``<file>.py`` beside each template and text file it
reads, in the tree itself, and deletes it after: two extractions of one tree at once (two
pytest-xdist workers running tests/test_makemessages.py and tests/test_i18n_catalogues.py)
delete each other's files, and xgettext fails on a file that is gone. A lock file per tree
makes them take turns; clones elsewhere have their own.
"""

from __future__ import annotations

import fcntl
import hashlib
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def one_extraction_at_a_time() -> Iterator[None]:
    tree = hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]
    lock = Path(tempfile.gettempdir()) / f"rummytable-makemessages-{tree}.lock"
    with open(lock, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)  # waits for the other extraction to end
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
