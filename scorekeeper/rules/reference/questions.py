"""The rules search: a question as players type it, in any of the app's languages, answered by
the places of the book (rules, house rules, disputes, glossary) that hold its words, best first.

How a question is read (the book's texts go through the same steps, so both sides meet):

1. The games it names are found first, in any language and script ("진 러미", "Kaluki",
   "Tá Lả", "Klopf-Rommé": :data:`.lexicon.GAME_NAMES` and the book's own names) and taken out
   of the words, unless the name is also a word of the rules ("gin"; "phỏm", a Vietnamese
   meld); the game named ranks its own places first.
2. Case and accents are folded; the players' phrases become the book's words ("throw away" →
   discard, "rauskommen" → Erstauslage); card runs typed as "Q K A" or "Q-K-A" become one word.
3. Each language's question and small words are dropped ("how many", "kolik", "braucht",
   "zum", Korean endings, Italian "l'"); numbers and their words become digits; the rest is
   stemmed (Snowball for en it ro nb cs de, Czech stems cut to five letters; Korean words lose
   their endings and are also read as syllable pairs; Vietnamese syllables are also read in
   pairs, and its small words are dropped before accents are folded: "là" is not "lá").
4. Every place is scored with BM25 (k1 1.2, b 0.75) over its title (counted twice) and text:
   any word of the question can match, rarer words weigh more, and a dispute, which answers a
   question directly, weighs a tenth more. Identical places of several games show once.

A question is read in every language of the book that the caller passes: the language whose
words explain most of the question (its small words and its book's words) answers, and its
places are shown in the page's language with the sentence that answers, in the page's
language (:attr:`Found.answer`) and as matched (:attr:`Found.sentence`). When the page's own
language explains the whole question, no other language is read.

Plain Python, no Django: the caller passes a function rendering the book in each language.
Each language's index is built once per process and rendering function (0.05-0.4 s a
language, most of it rendering the book's texts).
"""

from __future__ import annotations

import difflib
import functools
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import snowballstemmer

from ..messages import render
from ..variants import all_variants, get_variant
from . import semantic
from .book import Hit, _index, changed_options, variant_hits
from .lexicon import GAME_NAMES, KOREAN_ENDINGS, NUMBER_WORDS, PHRASES, SAME, STOP_WORDS

Translate = Callable[[Any], str]

# The Snowball algorithm of each language it covers.
STEMMERS = {
    "en": "english",
    "it": "italian",
    "ro": "romanian",
    "nb": "norwegian",
    "cs": "czech",
    "de": "german",
}

K1 = 1.2
B = 0.75
TITLE_WEIGHT = 2
DISPUTE_WEIGHT = 1.1
# A sentence answers with the words its title does not already say ("never on one's own
# discard" under "Call Rummy"): the title's words count for less in it.
TITLE_SHARE = 0.3
# Cosine similarity by which one sentence must be nearer the question than another for its
# meaning to count fully in choosing the sentence shown (see _best_sentence).
NEAR_SPREAD = 0.04

# How the words' ranking and the meaning's are combined (issue 32; bench/search.py measures
# each on the held-out questions): reciprocal rank fusion, each list's n-th place scoring
# 1 / (RRF_K + n).
LEXICAL, SEMANTIC, FUSED = "lexical", "semantic", "fused"
MODES = (LEXICAL, SEMANTIC, FUSED)
RRF_K = 60
RRF_SCALE = 100  # fused scores read as 0.5-3.3 rather than 0.005-0.033
SEMANTIC_DEPTH = 60  # the meaning's ranking counts its first places only
# A question none of whose words the book holds is answered by its meaning alone only when a
# place is this near it (e5's cosine: unrelated text scores 0.80-0.85, a misspelt word such
# as "jokr" 0.86-0.88, which the book's nearest words answer better as suggestions).
SEMANTIC_ALONE = 0.88

_WORD = re.compile(r"\w+")
_NUMBER = re.compile(
    r"(\d+)(?:st|nd|rd|th|e|er|re|te|ten|ter|ste|sten|a|o|ea|lea|째|번째|장|명|인|벌|점)?"
)
# A sentence ends at . ! ? (or 。) and a space, but not after a number's point ("die 10.
# Karte") nor a short abbreviation ("e.g.", "z. B.", "tj."); never after a colon or a
# semicolon, whose sentence goes on (issue 32: "...sets the knock limit of the hand:").
_SENTENCE_END = re.compile(r"(?<=[.!?。])(?<!\d\.)(?<!\b\w\.)(?<!\b\w\w\.)\s+|\n+")
_HANGUL = re.compile(r"[\uac00-\ud7a3]")
_U = re.compile(r"(?<!\w)[ùÙ](?!\w)")
# Card runs as typed: "Q K A", "QKA" (capitals) and, once folded, "q-k-a", "k-a-2".
_RANK = r"(?:10|[2-9AJQK])"
_TYPED_RUN = re.compile(rf"(?<![\w-])({_RANK}(?:[ -]?{_RANK}){{2,}})(?![\w-])")
_FOLDED_RUN = re.compile(r"(?<![\w-])((?:10|[2-9ajqk])(?:-(?:10|[2-9ajqk])){2,})(?![\w-])")


def fold(text: str) -> str:
    """Lower case without accents; Hangul syllables stay whole.

    >>> fold("Móm, Ù and Rommé, 진 러미")
    'mom, u and romme, 진 러미'
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    # NFC puts Hangul syllables back together (NFKD splits them into letters).
    return unicodedata.normalize("NFC", stripped).replace("đ", "d")


def _base(language: str) -> str:
    return (language or "en").split("-")[0].lower()


@functools.cache
def _stemmer(language: str):
    algorithm = STEMMERS.get(language)
    return snowballstemmer.stemmer(algorithm) if algorithm else None


@functools.cache
def _stop_words(language: str) -> frozenset[str]:
    return frozenset(fold(STOP_WORDS.get(language, "")).split())


@functools.cache
def _vi_small_words() -> re.Pattern[str]:
    words = sorted(STOP_WORDS["vi"].split(), key=len, reverse=True)
    alternatives = "|".join(re.escape(unicodedata.normalize("NFC", w)) for w in words)
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")


@functools.cache
def _phrases(language: str) -> tuple[re.Pattern[str] | None, dict[str, str]]:
    mapping = {fold(k): fold(v) for k, v in PHRASES.get(language, {}).items()}
    if not mapping:
        return None, mapping
    alternatives = "|".join(re.escape(k) for k in sorted(mapping, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)"), mapping


@functools.lru_cache(maxsize=1 << 16)
def _stem(language: str, word: str) -> str:
    """A word's stem, folded: the book says the same words again and again."""
    return fold(_stemmer(language).stemWord(word))


def _korean(word: str) -> str:
    """A Korean word without its particle or ending (카드를 → 카드, 이겨요 → 이겨)."""
    for _ in range(2):  # 진 러미에서는 → 러미에서 → 러미
        for ending in KOREAN_ENDINGS:
            if word.endswith(ending) and len(word) > len(ending):
                word = word[: -len(ending)]
                break
        else:
            break
    return word


def _runs(text: str) -> tuple[str, list[str]]:
    """``text`` folded, with card runs as one word each (every three cards in a row)."""
    text = _U.sub("u_", text)  # Phỏm's ù is a word, not the letter u
    text = _TYPED_RUN.sub(lambda m: "-".join(re.findall(_RANK, m.group(1))), text)
    folded = fold(text)
    runs = []
    for match in _FOLDED_RUN.finditer(folded):
        ranks = match.group(1).split("-")
        for i in range(len(ranks) - 2):
            window = ranks[i : i + 3]
            if any(r.isalpha() for r in window):
                runs.append("run_" + "".join(window))
    return folded, runs


@dataclass(frozen=True)
class Reading:
    """A text as the search reads it: each content word's terms, and how many small words
    (the language's question and stop words) it had."""

    words: tuple[tuple[str, ...], ...]
    small: int

    @property
    def terms(self) -> list[str]:
        return [t for word in self.words for t in word]


@functools.lru_cache(maxsize=4096)
def read(text: str, language: str) -> Reading:
    """How ``text`` reads in ``language``: its words' terms (stems, digits, card runs, the
    book's words for the players' phrases), and its number of small words."""
    language = _base(language)
    small = _stop_words(language) if language != "vi" else frozenset()
    numbers = NUMBER_WORDS.get(language, {})
    stemmer = _stemmer(language)
    dropped = 0
    if language == "vi":
        # small words go before folding, which would make "là" (is) "lá" (a card)
        text, dropped = _vi_small_words().subn(" ", unicodedata.normalize("NFC", text.casefold()))
    folded, runs = _runs(text)
    pattern, mapping = _phrases(language)
    if pattern is not None:
        folded = pattern.sub(lambda m: mapping[m.group(0)], folded)
    words: list[tuple[str, ...]] = [(run,) for run in runs]
    seen_numbers: list[str] = []
    syllables: list[str] = []
    for word in _WORD.findall(folded):
        if word.startswith("run_"):
            continue
        if language == "ko" and _HANGUL.search(word):
            if word in small:
                dropped += 1
                continue
            word = _korean(word)
            if word in small:
                dropped += 1
                continue
            pairs = [word[i : i + 2] for i in range(len(word) - 1)] if len(word) > 2 else []
            count = re.match(r"\d+", word)  # a number with its counter: 6명, 7장, 두 벌
            if count:
                seen_numbers.append(str(int(count.group())))
                pairs = [seen_numbers[-1], *(p for p in pairs if not p[0].isdigit())]
            words.append((word, *pairs))
            continue
        if word in small or (len(word) == 1 and not word.isdigit() and language != "vi"):
            dropped += 1
            continue
        number = _NUMBER.fullmatch(word)
        if number:
            seen_numbers.append(str(int(number.group(1))))
            words.append((seen_numbers[-1],))
            continue
        if word in numbers:
            seen_numbers.append(str(numbers[word]))
            words.append((seen_numbers[-1],))
            continue
        if stemmer is not None:
            word = _stem(language, word)
        if language == "cs":
            # Czech inflects heavily and its stemmer is light: the first five letters of a
            # stem stand for the word (vyložení, vyloženo, nevyložíte), and a negated verb
            # also reads as the verb
            positive = word[2:] if word.startswith("ne") and len(word) > 6 else ""
            words.append(tuple(dict.fromkeys(w[:5] for w in (word, positive) if w)))
            continue
        if language == "vi":
            if syllables:
                words.append((word, f"{syllables[-1]}_{word}"))
            else:
                words.append((word,))
            syllables.append(word)
            continue
        words.append((word,))
    words += [(str(n),) for n in _between(folded, numbers, language)]
    twice = {n for n in seen_numbers if seen_numbers.count(n) > 1}
    if twice and language in SAME:
        # one number said twice ("with 7 ... had 7 too"): the question is about a tie, and
        # the number is the players' count, not a word of the rule
        words = [w for w in words if not (len(w) == 1 and w[0] in twice)]
        words.append(tuple(read(SAME[language], language).terms))
    return Reading(tuple(w for w in words if w), dropped)


# How a language joins the two ends of a range of numbers ("six to eight players"), folded.
_RANGE_JOINS = {
    "en": ("to",), "de": ("bis",), "it": ("a",), "ro": ("pana la",), "nb": ("til",),
    "cs": ("az",), "vi": ("den",), "ko": (),
}  # fmt: skip


def _between(folded: str, numbers: Mapping[str, int], language: str) -> list[int]:
    """The numbers a range of ``folded`` text leaves unsaid: "six to eight players" also
    speaks of 7, "2~6명" of 3, 4 and 5, so a question about seven players finds the sentence
    of six to eight. Small ranges only (the ends at most 13 and 10 apart), of counts and card
    values, never a card run (A-2-3 names each card).

    >>> _between("six to eight players", NUMBER_WORDS["en"], "en")
    [7]
    >>> _between("2~6명이", {}, "ko"), _between("a-2-3", {}, "en"), _between("10 to 25", {}, "en")
    ([3, 4, 5], [], [])
    """
    joins = "|".join([*(re.escape(j) for j in _RANGE_JOINS.get(language, ())), "-", "–", "~"])
    word = r"\d+|" + "|".join(re.escape(w) for w in sorted(numbers, key=len, reverse=True))
    found: list[int] = []
    # a Korean count carries its counter ("2~6명"): the range ends at the digits
    after = r"(?!\d)" if language == "ko" else r"(?!\w)"
    pattern = rf"(?<!\w)({word})\s*(?:{joins})\s*({word}){after}"
    for match in re.finditer(pattern, folded):
        ends = [int(e) if e.isdigit() else numbers.get(e) for e in match.groups()]
        low, high = ends
        if low is None or high is None or not 0 <= low < high <= 13 or high - low > 10:
            continue
        found += range(low + 1, high)
    return found


def terms(text: str, language: str) -> list[str]:
    """The words of ``text`` as the search compares them: stems, digits, the book's words.

    >>> terms("Can I call Rummy on my own discard?", "en")
    ['call', 'rummi', 'own', 'discard']
    >>> terms("Who gets the tenth card in Phỏm?", "en")
    ['get', '10', 'card', 'phom']
    >>> terms("wie viele Punkte braucht man zum Rauskommen?", "de")
    ['punkt', 'erstauslag']
    >>> terms("is Q K A a run?", "en")
    ['run_qka', 'run']
    >>> terms("the 10th card", "en")
    ['10', 'card']
    """
    return read(text, language).terms


# ------------------------------------------------------------------------------------------
# The games a question names
# ------------------------------------------------------------------------------------------


# Names that are also words of the rules (marked "+" in GAME_NAMES), folded.
_ALSO_WORDS = frozenset(
    fold(name[1:]) for spelled in GAME_NAMES.values() for name in spelled if name.startswith("+")
)


@functools.cache
def _game_patterns(
    extra: tuple[tuple[str, str], ...] = (),
) -> tuple[tuple[re.Pattern, str, bool], ...]:
    """(pattern, variant slug, weak) for every name, longest first."""
    names: dict[str, tuple[str, bool]] = {}
    for slug, spelled in GAME_NAMES.items():
        for name in spelled:
            weak = name.startswith("?")
            names[fold(name.lstrip("?+"))] = (slug, weak)
    for variant in all_variants():
        for name in (variant.name, *variant.aka):
            names.setdefault(fold(str(name)), (variant.slug, False))
    for slug, name in extra:
        names.setdefault(fold(name), (slug, False))
    out = []
    for name in sorted(names, key=len, reverse=True):
        slug, weak = names[name]
        parts = [re.escape(p) for p in re.split(r"[\s-]+", name) if p]
        if not parts:
            continue
        # A Latin name's words take a short ending (v ginu, Continentalu, v německém rummy);
        # a Hangul name, any particle (진 러미에서).
        if _HANGUL.search(name):
            body = r"[\s-]*".join(parts) + r"\w*"
        else:
            body = r"[\s-]*".join(p + r"\w{0,3}" for p in parts)
        out.append((re.compile(rf"(?<!\w){body}(?!\w)"), slug, weak))
    return tuple(out)


def games_named(query: str, names: Iterable[tuple[str, str]] = ()) -> tuple[list[str], str]:
    """The variants ``query`` names, in order, and the query without their names.

    ``names``: more (variant slug, name) pairs, e.g. the book's names in the page's language.

    >>> games_named("진 러미에서 카드는 몇 장씩 나눠줘요?")
    (['gin-rummy'], '카드는 몇 장씩 나눠줘요?')
    >>> games_named("quanti punti servono per l'apertura a kaluki?")[0]
    ['caloochi']
    >>> games_named("trong gin, người gõ có được gửi bài vào phỏm không?")[0]
    ['gin-rummy']
    """
    original = fold(query)
    folded = original
    found: list[tuple[int, int, str, bool]] = []
    for pattern, slug, weak in _game_patterns(tuple(sorted(set(names)))):
        for match in pattern.finditer(folded):
            start, end = match.span()
            found.append((start, end, slug, weak))
            folded = folded[:start] + " " * (end - start) + folded[end:]
    found.sort()
    strong = [(start, end, slug) for start, end, slug, weak in found if not weak]
    blanked = [(s, e, slug) for s, e, slug in strong if original[s:e].strip() not in _ALSO_WORDS]
    kept = list(dict.fromkeys(slug for _s, _e, slug in strong))
    if not kept:  # a weak name is also a word of the question ("phỏm dọc"): it stays in it
        return list(dict.fromkeys(slug for _s, _e, slug, _w in found)), query
    # the query without the names (its own characters, unless folding changed its length)
    text = query if len(original) == len(query) else original
    for start, end, _slug in blanked:
        text = text[:start] + " " * (end - start) + text[end:]
    rest = " ".join(text.split())
    return kept, rest


def _as_the_table(
    named: list[str], variant: str, query: str = "", language: str = "en"
) -> list[str]:
    """The games a question names, asked from a game of ``variant``: a name of the game it
    is derived from means the table's own ("gin" asked at a Straight Gin table is this game,
    not Gin Rummy's page), and so does, in German, the word for any rummy ("Rommé" at a
    Standard Rummy table), unless the question names German Rummy outright. (In the other
    languages "Rommé" is German Rummy's name.)

    >>> _as_the_table(["gin-rummy"], "straight-gin"), _as_the_table(["phom"], "straight-gin")
    (['straight-gin'], ['phom'])
    >>> _as_the_table(["german-rummy"], "standard-rummy", "Rommé: zählt das doppelt?", "de")
    ['standard-rummy']
    >>> _as_the_table(["german-rummy"], "standard-rummy", "und im deutschen Rommé?", "de")
    ['german-rummy']
    >>> _as_the_table(["german-rummy"], "standard-rummy", "Rommé: what does a joker cost?")
    ['german-rummy']
    """
    parent = get_variant(variant).parent
    generic = language == "de" and "german-rummy" in named and not _GERMAN.search(fold(query))
    return list(
        dict.fromkeys(
            variant if slug == parent or (slug == "german-rummy" and generic) else slug
            for slug in named
        )
    )


# "Rommé" alone is what German speakers call any rummy; German Rummy's other names say German.
_GERMAN = re.compile(r"german|deutsch|tysk|nemeck|tedesc|nemtesc|독일|duc")


# ------------------------------------------------------------------------------------------
# Each language's book, indexed
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Entry:
    hit: Hit
    title: frozenset[str]
    sentences: tuple[tuple[str, frozenset[str]], ...]


@dataclass(frozen=True)
class _Book:
    """The book in one language as the search reads it. ``entries`` come in the order of
    :func:`book._index` in every language, so the n-th entry is the same place in each."""

    language: str
    entries: list[_Entry]
    postings: dict[str, tuple[tuple[int, float], ...]]  # term -> (entry, BM25 weight)
    idf: dict[str, float]
    vocabulary: dict[str, str]  # folded word -> the book's word, for suggestions
    names: tuple[tuple[str, str], ...]  # (variant slug, name in this language)
    vectors: semantic.Vectors  # the places' and sentences' meaning (semantic.DATA)


_CACHE: dict[tuple[str, Any], _Book] = {}


def _book(translate: Translate, language: str) -> _Book:
    key = (language, translate)
    if key not in _CACHE:
        if len(_CACHE) > 32:
            _CACHE.clear()
        _CACHE[key] = _build(translate, language)
    return _CACHE[key]


def _build(translate: Translate, language: str) -> _Book:
    entries: list[_Entry] = []
    counts: list[Counter[str]] = []
    vocabulary: dict[str, str] = {}
    for hit in _index(translate):
        title = read(hit.title, language).terms
        sentences = []
        words = Counter(title * TITLE_WEIGHT)
        for sentence in _sentences(hit.text):
            found = read(sentence, language).terms
            words.update(found)
            sentences.append((sentence, frozenset(found)))
            _learn(vocabulary, sentence)
        _learn(vocabulary, hit.title)
        entries.append(_Entry(hit, frozenset(title), tuple(sentences)))
        counts.append(words)
    total = len(entries)
    average = sum(sum(c.values()) for c in counts) / max(total, 1)
    frequency: Counter[str] = Counter()
    for c in counts:
        frequency.update(c.keys())
    idf = {t: math.log(1 + (total - df + 0.5) / (df + 0.5)) for t, df in frequency.items()}
    postings: dict[str, list[tuple[int, float]]] = {}
    for n, c in enumerate(counts):
        length = sum(c.values())
        norm = K1 * (1 - B + B * length / average)
        for term, tf in c.items():
            postings.setdefault(term, []).append((n, idf[term] * tf * (K1 + 1) / (tf + norm)))
    names = []
    for variant in all_variants():
        for name in (variant.name, *variant.aka):
            names.append((variant.slug, translate(name)))
    return _Book(
        language,
        entries,
        {t: tuple(p) for t, p in postings.items()},
        idf,
        vocabulary,
        tuple(names),
        semantic.vectors(passages(entries)),
    )


def passages(entries: Iterable[_Entry]) -> list[tuple[str, list[str]]]:
    """Each place as (title, sentences): what the model reads of it."""
    return [(e.hit.title, [s for s, _terms in e.sentences]) for e in entries]


def _learn(vocabulary: dict[str, str], text: str) -> None:
    for word in _WORD.findall(text):
        if len(word) > 2 and not word.isdigit():
            vocabulary.setdefault(fold(word), word.casefold())


def _sentences(text: str) -> Iterable[str]:
    """The whole sentences of ``text``: never cut after a colon or inside a parenthesis; a
    short opening ("No.", "Yes!") stays with what follows, so an answer is never just
    "No."."""
    held = ""
    for part in _split(text):
        part = part.strip()
        if not part:
            continue
        if held:
            part = f"{held} {part}"
            held = ""
        if len(part) < 12:
            held = part
            continue
        yield part
    if held:
        yield held


def _split(text: str) -> Iterable[str]:
    start = 0
    for match in _SENTENCE_END.finditer(text):
        piece = text[start : match.start()]
        if piece.count("(") > piece.count(")") or piece.count("[") > piece.count("]"):
            continue  # inside a parenthesis: the sentence goes on
        if match.group(0).strip() == "" and "\n" not in match.group(0):
            nxt = text[match.end() : match.end() + 1]
            if nxt and nxt.islower() and not piece.rstrip().endswith(("!", "?")):
                continue  # "etc. and", "vs. the": a sentence starts with a capital
        yield piece
        start = match.end()
    yield text[start:]


# ------------------------------------------------------------------------------------------
# Asking
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Found:
    """A result: the place in the book (in the page's language), its score, and the sentence
    that answers.

    ``sentence``: the sentence that matched, in the language the question matched in;
    ``answer``: that sentence in the page's language (the place's whole text when the
    translation does not split into the same sentences); ``language``: set when the question
    matched in another language than the page's (a Czech question on an English page)."""

    hit: Hit
    score: float
    sentence: str
    language: str = ""
    answer: str = ""

    # The template reads these as it read a Hit's.
    @property
    def kind(self) -> str:
        return self.hit.kind

    @property
    def variant(self):
        return self.hit.variant

    @property
    def anchor(self) -> str:
        return self.hit.anchor

    @property
    def title(self) -> str:
        return self.hit.title

    @property
    def text(self) -> str:
        return self.hit.text


@dataclass(frozen=True)
class Answer:
    results: list[Found]
    suggestions: list[str]  # the book's nearest words, when nothing matched
    games: tuple[str, ...] = ()  # the variants ranked first: named in the question, or given
    language: str = ""  # the language the question was answered in


@dataclass(frozen=True)
class _Reading:
    language: str
    book: _Book
    reading: Reading
    coverage: float


def ask(
    query: str,
    translate: Translate,
    language: str = "en",
    *,
    limit: int = 30,
    elsewhere: Mapping[str, Translate] | None = None,
    variant: str | None = None,
    mode: str = FUSED,
) -> Answer:
    """The book's places that answer ``query``, best first, each with its answering sentence.

    ``elsewhere``: the other languages' renderings of the book ({language: translate}): a
    question the page's language does not explain word for word is also read in those, and the
    language that explains most of it answers (people at a mixed table type in their own
    language); its places are shown in the page's language, marked with ``Found.language``.
    ``variant``: the game the question is asked from (a game's page): its places come first
    unless the question names another game. ``mode``: rank by the question's words
    (``lexical``), by its meaning (``semantic``, sentence embeddings over the book in every
    language) or both, fused by reciprocal rank (``fused``); without the model, by words."""
    language = _base(language)
    page = _book(translate, language)
    if not _WORD.search(query):  # only punctuation, symbols or emoji: nothing to look up
        return Answer([], [], (variant,) if variant else (), language)
    named, rest = games_named(query, page.names)
    if variant:
        named = _as_the_table(named, variant, query, language)
    games = tuple(named) or ((variant,) if variant else ())
    here = _reading(rest, language, page, named)
    readings = [here]
    if elsewhere and here.coverage < 1:
        for other, other_translate in elsewhere.items():
            other = _base(other)
            if other == language:
                continue
            theirs = _book(other_translate, other)
            if len(theirs.entries) != len(page.entries):
                continue  # not the same book: its places could not be shown in the page's
            readings.append(_reading(rest, other, theirs, named))
    # the meaning is compared with the book in every language read
    books = {r.language: r.book for r in readings}
    worded = any(r.reading.words for r in readings)
    if not worded and named:  # the question only names a game: its summary answers
        return Answer(_summaries(page, named), [], games, language)
    ranked = {r.language: _rank(r) for r in readings}
    best = max(
        readings,
        key=lambda r: (r.coverage, r.language == language, _top(ranked[r.language])),
    )
    matched = any(ranked.values())  # some word of the question is a word of the book
    # the games named rank their places first already: the meaning is the rest's
    asked = rest if named and _WORD.search(rest) else query
    meaning = _meaning(asked, books) if mode != LEXICAL else None
    if meaning is not None and not matched and float(meaning.places.max()) < SEMANTIC_ALONE:
        meaning = None  # nothing of the book is near: the nearest words are suggested
    if meaning is not None and (mode == SEMANTIC or not matched):
        # by meaning alone: shown as the page's language reads it
        best = here
        order = [(here, _by_meaning(meaning))]
    else:
        if meaning is not None:
            order = [(best, _fuse(ranked[best.language], _by_meaning(meaning)))]
        else:
            order = [(best, ranked[best.language])]
        if best is not here:  # the page's own weaker matches follow
            order.append((here, ranked[here.language]))
    results: list[Found] = []
    shown: set[int] = set()
    seen: set[tuple[str, str]] = set()
    for r, ranking in order:
        for n, score in _tiered(ranking, r.book, games):
            if n in shown:
                continue
            shown.add(n)
            hit = page.entries[n].hit
            same = (hit.title, hit.text)
            if same in seen:
                continue  # the same rule in another game: shown once, the first game's
            seen.add(same)
            results.append(_found(n, score, r, page, language, meaning))
            if len(results) >= limit:
                break
        if len(results) >= limit:
            break
    if results:
        return Answer(results, [], games, best.language)
    return Answer([], suggest(query, page.vocabulary, language), games, language)


@dataclass(frozen=True)
class _Meaning:
    """How near the question's meaning each place and sentence is, in each language read."""

    places: Any  # numpy float32 (places,): each place's best similarity in any language
    rows: dict[str, Any]  # language -> similarity of each row of that book's vectors
    books: dict[str, _Book]


def _meaning(query: str, books: Mapping[str, _Book]) -> _Meaning | None:
    """The question's similarity to every place in every language's book; ``None`` when the
    model cannot load or the file has no vectors."""
    if not any(len(b.vectors.matrix) for b in books.values()):
        return None
    vector = semantic.embed_query(query)
    if vector is None:
        return None
    rows = {code: b.vectors.similarities(vector) for code, b in books.items()}
    places = None
    for code, b in books.items():
        mine = b.vectors.by_place(rows[code])
        places = mine if places is None else semantic.np.maximum(places, mine)
    return _Meaning(places, rows, dict(books))


def _by_meaning(meaning: _Meaning) -> list[tuple[int, float]]:
    order = semantic.np.argsort(-meaning.places, kind="stable")
    return [(int(n), float(meaning.places[n])) for n in order if meaning.places[n] > -1]


def _fuse(
    words: list[tuple[int, float]], meaning: list[tuple[int, float]]
) -> list[tuple[int, float]]:
    """Reciprocal rank fusion of the words' ranking and the meaning's first places."""
    scores: dict[int, float] = {}
    for ranking in (words, meaning[:SEMANTIC_DEPTH]):
        for rank, (n, _score) in enumerate(ranking, start=1):
            scores[n] = scores.get(n, 0.0) + RRF_SCALE / (RRF_K + rank)
    return sorted(scores.items(), key=lambda item: (-item[1], item[0]))


def _reading(query: str, language: str, book: _Book, named: list[str]) -> _Reading:
    reading = read(query, language)
    if named:
        # a game's name left in the question (a weak name: "phỏm") is not a word to match:
        # its places come first already; word pairs holding it stay ("phỏm dọc", a run)
        names = {
            t for slug, name in book.names if slug in named for t in read(name, language).terms
        } - {t for word in _ALSO_WORDS for t in read(word, language).terms}
        words = tuple(
            w for w in (tuple(t for t in word if t not in names) for word in reading.words) if w
        )
        reading = Reading(words, reading.small + len(reading.words) - len(words))
    known = sum(1 for word in reading.words if any(t in book.idf for t in word))
    total = len(reading.words) + reading.small
    coverage = (known + reading.small) / total if total else 0.0
    return _Reading(language, book, reading, coverage)


def _rank(r: _Reading) -> list[tuple[int, float]]:
    scores: dict[int, float] = {}
    for term in dict.fromkeys(r.reading.terms):
        for n, weight in r.book.postings.get(term, ()):
            scores[n] = scores.get(n, 0.0) + weight
    out = []
    for n, score in scores.items():
        if r.book.entries[n].hit.kind == "question":
            score *= DISPUTE_WEIGHT
        out.append((n, score))
    out.sort(key=lambda item: (-item[1], item[0]))
    return out


def _top(ranked: list[tuple[int, float]]) -> float:
    return ranked[0][1] if ranked else 0.0


def _tiered(ranked: list[tuple[int, float]], book: _Book, games: tuple[str, ...]):
    """The ranking with the places of ``games`` first (in their order), then the glossary,
    then every other game's."""
    if not games:
        return ranked

    def tier(item: tuple[int, float]) -> int:
        variant = book.entries[item[0]].hit.variant
        if variant is None:
            return len(games)
        return games.index(variant.slug) if variant.slug in games else len(games) + 1

    return sorted(ranked, key=lambda item: (tier(item), -item[1], item[0]))


def _found(
    n: int, score: float, r: _Reading, page: _Book, language: str, meaning: _Meaning | None
) -> Found:
    entry = r.book.entries[n]
    wanted = set(r.reading.terms)
    near = _sentence_meaning(meaning, r, n) if meaning is not None else {}
    index, sentence = _best_sentence(entry, wanted, r.book, near)
    mine = page.entries[n]
    if mine.hit.anchor.startswith("option-") or mine.hit.kind == "question":
        # what the house rule is and the book's value: both answer; a dispute's answer (one
        # or two short sentences, the second often going on from the first) is shown whole
        sentence, answer = entry.hit.text, mine.hit.text
    elif r.language == language:
        answer = sentence
    elif len(mine.sentences) == len(entry.sentences) and index >= 0:
        answer = mine.sentences[index][0]
    else:
        answer = mine.hit.text
    return Found(
        mine.hit,
        round(score, 3),
        sentence,
        language="" if r.language == language else r.language,
        answer=answer,
    )


def _sentence_meaning(meaning: _Meaning, r: _Reading, n: int) -> dict[int, float]:
    """How near the question each sentence of place ``n`` is, in the language read."""
    vectors = r.book.vectors
    sims = meaning.rows.get(r.language)
    if sims is None or not len(vectors.entry):
        return {}
    rows = semantic.np.flatnonzero((vectors.entry == n) & (vectors.sentence >= 0))
    return {int(vectors.sentence[i]): float(sims[i]) for i in rows}


def _best_sentence(
    entry: _Entry, wanted: set[str], book: _Book, near: Mapping[int, float] | None = None
) -> tuple[int, str]:
    """The sentence holding the question's rarest words beyond its title's, and (with
    ``near``, each sentence's similarity to the question's meaning) the nearest in meaning:
    each counts as a share of the best sentence's; ties go to the earlier sentence."""
    weights = [
        sum(
            book.idf.get(t, 0.0) * (TITLE_SHARE if t in entry.title else 1.0)
            for t in wanted & found
        )
        for _sentence, found in entry.sentences
    ]
    if not entry.sentences:
        return -1, entry.hit.text
    scores = list(weights)
    top = max(weights)
    if top > 0:
        scores = [w / top for w in weights]
    if near and len(near) == len(entry.sentences):
        # nearness counts by how much nearer a sentence is, not only by its rank: two
        # sentences a hair apart in meaning leave the choice to the words
        low, high = min(near.values()), max(near.values())
        if high > low:
            spread = max(high - low, NEAR_SPREAD)
            scores = [s + (near[i] - low) / spread for i, s in enumerate(scores)]
    best_index = max(range(len(scores)), key=lambda i: (scores[i], -i))
    if scores[best_index] <= 0:
        best_index = 0
    return best_index, entry.sentences[best_index][0]


def _summaries(page: _Book, slugs: list[str]) -> list[Found]:
    out = []
    for entry in page.entries:
        hit = entry.hit
        if hit.variant is not None and hit.variant.slug in slugs and hit.anchor == "glance":
            out.append(Found(hit, 1.0, hit.text, answer=hit.text))
    return out


_TABLES: dict[tuple, list[Hit]] = {}


def _table_hits(table: Any, translate: Translate) -> list[Hit]:
    """The places of the table's variant stating its numbers, in the book's order."""
    options = tuple(sorted((k, repr(v)) for k, v in table.options.items()))
    key = (table.variant.slug, options, table.players, translate)
    if key not in _TABLES:
        if len(_TABLES) > 256:
            _TABLES.clear()
        _TABLES[key] = list(variant_hits(table.variant, translate, table))
    return _TABLES[key]


def _places_of(book: _Book, slug: str) -> dict[int, tuple[int, int]]:
    """{id of a place's hit: (its place in the book, its place among the variant's)}."""
    out, k = {}, 0
    for n, entry in enumerate(book.entries):
        if entry.hit.variant is not None and entry.hit.variant.slug == slug:
            out[id(entry.hit)] = (n, k)
            k += 1
    return out


def at_table(
    answer: Answer, table: Any, translate: Translate, language: str = "en", query: str = ""
) -> tuple[Answer, frozenset[int]]:
    """``answer`` asked from a game: the places of the table's variant say the table's numbers
    (the book's beside a changed one: "a knock limit of 7 (at this table; the book says
    10)") and its house rules, in the sentence shown as in the place. Also the positions of the
    results so restated. A ``query`` that says a number this table plays instead of the
    book's ("we open at 60") asks about that house rule: its place comes first."""
    language = _base(language)
    page = _book(translate, language)
    slug = table.variant.slug
    places = _places_of(page, slug)
    hits = _table_hits(table, translate)
    results, restated = [], set()
    for i, found in enumerate(answer.results):
        at = places.get(id(found.hit)) if found.variant and found.variant.slug == slug else None
        hit = hits[at[1]] if at is not None and at[1] < len(hits) else None
        if at is None or hit is None or hit.anchor != found.anchor or hit.text == found.hit.text:
            results.append(found)
            continue
        book = [s for s, _terms in page.entries[at[0]].sentences]
        theirs = list(_sentences(hit.text))
        shown = found.answer or found.sentence
        if len(theirs) != len(book) or shown not in book:  # a place shown whole
            text = hit.text
        else:
            text = theirs[book.index(shown)]
        sentence = found.sentence if found.language else text
        results.append(replace(found, hit=hit, answer=text, sentence=sentence))
        restated.add(i)
    said = _house_rules_said(query, table, language) if query else frozenset()
    if said:
        first = [
            i
            for i, found in enumerate(results)
            if found.variant and found.variant.slug == slug and found.anchor in said
        ]
        order = first + [i for i in range(len(results)) if i not in first]
        results = [results[i] for i in order]
        restated = {order.index(i) for i in restated}
    return replace(answer, results=results), frozenset(restated)


def _house_rules_said(query: str, table: Any, language: str) -> frozenset[str]:
    """The places (``option-<slug>``) of the number house rules whose value at ``table``,
    away from the book's, the question says.

    >>> from scorekeeper.rules import get_variant
    >>> table = get_variant("caloochi").table({"initial-meld": 60}, players=2)
    >>> sorted(_house_rules_said("we open at 60, can I go down?", table, "en"))
    ['option-initial-meld']
    >>> sorted(_house_rules_said("can I open with 51?", table, "en"))
    []
    """
    numbers = {t for t in read(query, language).terms if t.isdigit()}
    changed = changed_options(table)
    return frozenset(
        f"option-{option.slug}"
        for option in table.variant.options
        if option.type != "bool"
        and option.slug in changed
        and str(table.options.get(option.slug)) in numbers
    )


@dataclass(frozen=True)
class InForce:
    """A number house rule a table set away from the book's, that a place states."""

    name: str  # the option's name (an N_-marked English template)
    value: Any  # at the table
    book: Any  # the book's (the variant's default)


def numbers_in_force(
    found: Found, table: Any, translate: Translate = render, language: str = "en"
) -> tuple[InForce, ...]:
    """The number house rules of ``table`` (a :class:`~scorekeeper.rules.variants.Table`)
    that differ from the book's and that ``found`` states: its own option, or a text that
    says the book's number and a word of the option's name ("a first meld ... worth 51" where
    the table plays an opening minimum of 40). ``translate`` and ``language``: the page's, in
    which ``found`` is written. Places of other games state nothing about this table.

    >>> from scorekeeper.rules import get_variant
    >>> from scorekeeper.rules.reference.book import render
    >>> table = get_variant("caloochi").table({"initial-meld": 40}, players=2)
    >>> best = ask("Kaluki first meld minimum", render, "en").results[0]
    >>> [(n.name, n.value, n.book) for n in numbers_in_force(best, table)]
    [('Opening minimum', 40, 51)]
    """
    variant = found.variant
    if variant is None or variant.slug != table.variant.slug:
        return ()
    book = table.variant.table({}, table.players).options
    out = []
    for option in table.variant.options:
        value, default = table.options.get(option.slug), book.get(option.slug)
        if option.type == "bool" or value == default or default is None:
            continue
        if found.anchor != f"option-{option.slug}":
            if not re.search(rf"(?<![\d.,]){default}(?![\d])", found.hit.text):
                continue
            name = {t for t in read(translate(option.name), language).terms if not t.isdigit()}
            if not name & set(read(found.hit.text, language).terms):
                continue
        out.append(InForce(option.name, value, default))
    return tuple(out)


def suggest(query: str, vocabulary: dict[str, str], language: str) -> list[str]:
    """The book's words nearest to the query's words (misspellings, other forms)."""
    small = _stop_words(_base(language))
    words = list(vocabulary)
    out: list[str] = []
    for word in _WORD.findall(fold(query)):
        if word in small or len(word) < 3:
            continue
        for near in difflib.get_close_matches(word, words, n=3, cutoff=0.7):
            shown = vocabulary[near]
            if shown not in out:
                out.append(shown)
    return out[:6]
