"""Rule lookups that take a question as people type it, in every language of the app.

A query and every text of the book (rules, house rules, disputes, glossary) go through the same
steps: fold case and accents, split into words, drop the language's small words ("can", "I",
"the"; "můžu", "na"), turn numbers and their words into digits ("10th", "tenth", "zehnte" → 10),
map glossary synonyms onto one word, and reduce each word to its stem (Snowball stemmers for
the languages they cover; Korean drops its particles, Vietnamese words are syllables already).
Each text is scored by the sentence that matches most of the query's words; the results come
best first with that sentence, and a query nothing matches gets the nearest words of the book
as suggestions.

Plain Python: no Django (the caller passes the language and a function rendering the texts).
"""

from __future__ import annotations

import difflib
import functools
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import snowballstemmer

from .book import Hit, _index

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

# Words that carry no meaning in a question about rules.
SMALL_WORDS = {
    "en": """a an the and or of to in on at by for with from is are be been was were am do does
        did can could may might must shall should will would i me my mine you your we our us
        they their he she it its his her who whom what which when where why how if then than
        that this these those there here any some all no not yes so as up out about into over
        get gets got have has had one's ones""",
    "it": """il lo la i gli le un uno una di a da in con su per tra fra e o ma se che chi cosa
        come quando dove perche posso puoi puo possiamo io tu lui lei noi voi loro mio mia miei
        mie tuo tua suo sua del della dei delle al alla ai alle nel nella sul sulla non si ci
        mi ti è e sono ha hanno ho""",
    "ro": """un o unei unui si sau dar de la in pe cu din pentru ca ce cine cand unde cum pot
        poti poate eu tu el ea noi voi ei ele meu mea mei mele tau ta sau sa al a ale este e
        sunt nu se ma imi""",
    "nb": """en ei et den det de og eller men av til i pa med for fra som hva hvem nar hvor
        hvordan kan jeg du han hun vi dere min mitt mine din ditt sin sitt er var ikke seg
        meg""",
    "cs": """a i o u v ve na do z ze s se k ke po pro za od ale nebo ze co kdo kdy kde jak
        jaky jaka muzu muze mohu muzeme muzete mam ma je jsou byt jsem ja ty on ona my vy oni
        muj moje moji sve svou svuj si ne tak""",
    "de": """der die das den dem des ein eine einen einem einer und oder aber von zu in im an
        am auf mit fur aus bei nach ist sind bin bist wer was wann wo wie warum kann konnen
        darf ich du er sie es wir ihr mein meine meinen meiner dein sein seine nicht sich mir
        mich""",
    "vi": """toi ban co the khong la va hay cua cho voi trong tren o thi ai gi nao khi dau
        nhu duoc minh em anh chi ta chung nay do mot cac nhung""",
    "ko": """나 내 제 저 너 그 이 것 수 있나요 있어요 있습니까 되나요 돼요 누가 무엇 뭐 언제 어디 어떻게 왜""",
}

# Numbers in words, cardinal and ordinal, folded: each becomes its digits.
NUMBER_WORDS: dict[str, dict[str, int]] = {
    "en": {
        **dict.fromkeys(["one", "first"], 1), **dict.fromkeys(["two", "second"], 2),
        **dict.fromkeys(["three", "third"], 3), **dict.fromkeys(["four", "fourth"], 4),
        **dict.fromkeys(["five", "fifth"], 5), **dict.fromkeys(["six", "sixth"], 6),
        **dict.fromkeys(["seven", "seventh"], 7), **dict.fromkeys(["eight", "eighth"], 8),
        **dict.fromkeys(["nine", "ninth"], 9), **dict.fromkeys(["ten", "tenth"], 10),
        **dict.fromkeys(["eleven", "eleventh"], 11), **dict.fromkeys(["twelve", "twelfth"], 12),
        **dict.fromkeys(["thirteen", "thirteenth"], 13),
    },
    "de": {
        "eins": 1, "erste": 1, "ersten": 1, "zwei": 2, "zweite": 2, "zweiten": 2, "drei": 3,
        "dritte": 3, "dritten": 3, "vier": 4, "vierte": 4, "funf": 5, "funfte": 5, "sechs": 6,
        "sechste": 6, "sieben": 7, "siebte": 7, "acht": 8, "achte": 8, "neun": 9, "neunte": 9,
        "zehn": 10, "zehnte": 10, "zehnten": 10, "elf": 11, "elfte": 11, "zwolf": 12,
        "zwolfte": 12, "dreizehn": 13,
    },
    "it": {
        "uno": 1, "primo": 1, "prima": 1, "due": 2, "secondo": 2, "tre": 3, "terzo": 3,
        "quattro": 4, "quarto": 4, "cinque": 5, "quinto": 5, "sei": 6, "sesto": 6, "sette": 7,
        "settimo": 7, "otto": 8, "ottavo": 8, "nove": 9, "nono": 9, "dieci": 10, "decimo": 10,
        "decima": 10, "undici": 11, "dodici": 12, "tredici": 13,
    },
    "ro": {
        "unu": 1, "primul": 1, "prima": 1, "doi": 2, "doua": 2, "trei": 3, "patru": 4,
        "cinci": 5, "sase": 6, "sapte": 7, "opt": 8, "noua": 9, "zece": 10, "zecea": 10,
        "zecelea": 10, "unsprezece": 11, "doisprezece": 12, "treisprezece": 13,
    },
    "nb": {
        "en": 1, "forste": 1, "to": 2, "andre": 2, "tre": 3, "tredje": 3, "fire": 4,
        "fjerde": 4, "fem": 5, "femte": 5, "seks": 6, "sjette": 6, "sju": 7, "syv": 7,
        "sjuende": 7, "atte": 8, "attende": 8, "ni": 9, "niende": 9, "ti": 10, "tiende": 10,
        "elleve": 11, "tolv": 12, "tretten": 13,
    },
    "cs": {
        "jedna": 1, "prvni": 1, "dva": 2, "dve": 2, "druhy": 2, "druha": 2, "tri": 3,
        "treti": 3, "ctyri": 4, "ctvrty": 4, "pet": 5, "paty": 5, "sest": 6, "sesty": 6,
        "sedm": 7, "sedmy": 7, "osm": 8, "osmy": 8, "devet": 9, "devaty": 9, "deset": 10,
        "desaty": 10, "desata": 10, "desatou": 10, "desate": 10, "jedenact": 11, "dvanact": 12,
        "trinact": 13,
    },
    "vi": {"mot": 1, "hai": 2, "ba": 3, "bon": 4, "tu": 4, "nam": 5, "sau": 6, "bay": 7,
           "tam": 8, "chin": 9, "muoi": 10},
}  # fmt: skip

# Words a player may use for the book's word (folded, before stemming), per language.
SYNONYMS: dict[str, dict[str, str]] = {
    "en": {
        "throw": "discard", "thrown": "discard", "threw": "discard", "discarded": "discard",
        "claim": "call", "shout": "call", "say": "call", "combo": "meld", "combination": "meld",
        "finish": "out", "joker": "joker", "wildcard": "wild", "deadwood": "deadwood",
        "pickup": "draw", "pick": "draw", "take": "draw", "sequence": "run", "straight": "run",
        "group": "set", "trips": "set",
    },
    "cs": {"volat": "zvolat", "zavolat": "zvolat", "zvolani": "zvolat", "zvolanim": "zvolat",
           "odhoz": "odhozenou", "odhodit": "odhozenou", "odhozena": "odhozenou"},
    "de": {"werfen": "abwerfen", "abgeworfen": "abwerfen", "rufen": "ansagen"},
    "it": {"chiamare": "dichiarare", "scartata": "scarto", "scartare": "scarto"},
    "nb": {"kaste": "kast", "kastet": "kast", "rope": "melde"},
    "ro": {"strigi": "striga", "strig": "striga", "aruncata": "aruncare", "arunci": "aruncare"},
}  # fmt: skip

KOREAN_PARTICLES = ("에서는", "으로는", "에게", "에서", "으로", "까지", "부터", "은", "는", "이", "가",
                    "을", "를", "에", "의", "로", "와", "과", "도", "만")  # fmt: skip

_WORD = re.compile(r"\w+")
_NUMBER = re.compile(r"(\d+)(?:st|nd|rd|th|e|er|re|te|ten|ter|ste|sten|a|o|ea|lea|째)?")
_SENTENCE = re.compile(r"(?<=[.!?;:])\s+|\n+")


def fold(text: str) -> str:
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
def _small_words(language: str) -> frozenset[str]:
    return frozenset(fold(SMALL_WORDS.get(language, "")).split())


def terms(text: str, language: str) -> list[str]:
    """The words of ``text`` as the search compares them: stems, digits, synonyms.

    >>> terms("Can I call Rummy on my own discard?", "en")
    ['call', 'rummi', 'own', 'discard']
    >>> terms("Who gets the tenth card in Phỏm?", "en")
    ['10', 'card', 'phom']
    >>> terms("the 10th card", "en")
    ['10', 'card']
    """
    language = _base(language)
    small = _small_words(language)
    numbers = NUMBER_WORDS.get(language, {})
    synonyms = SYNONYMS.get(language, {})
    stemmer = _stemmer(language)
    out: list[str] = []
    for raw in _WORD.findall(text.casefold()):
        if language == "ko":
            raw = _korean(raw)
        word = fold(raw)
        if not word or word in small:
            continue
        number = _NUMBER.fullmatch(word)
        if number:
            out.append(str(int(number.group(1))))
            continue
        if word in numbers:
            out.append(str(numbers[word]))
            continue
        word = synonyms.get(word, word)
        if stemmer is not None:
            word = _stem(language, word)
        out.append(word)
    return out


@functools.lru_cache(maxsize=1 << 16)
def _stem(language: str, word: str) -> str:
    """A word's stem, folded: the book says the same words again and again."""
    return fold(_stemmer(language).stemWord(word))


def _korean(word: str) -> str:
    """A Korean word without its particle (카드를 → 카드); Hangul syllables are kept."""
    for particle in KOREAN_PARTICLES:
        if word.endswith(particle) and len(word) > len(particle):
            return word[: -len(particle)]
    return word


@dataclass(frozen=True)
class Found:
    """A result: the place in the book, its score, and the sentence that matched.

    ``language``: set when the question matched in another language's text of the book than
    the page's (a Czech question on an English page); ``hit`` is then the place in the page's
    language and ``sentence`` the sentence that matched, in that other language."""

    hit: Hit
    score: float
    sentence: str
    language: str = ""

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


@dataclass(frozen=True)
class _Entry:
    hit: Hit
    title: frozenset[str]
    where: frozenset[str]  # the variant's names
    sentences: tuple[tuple[str, frozenset[str]], ...]


@dataclass(frozen=True)
class _Book:
    """The book in one language as the search reads it. ``entries`` come in the order of
    :func:`book._index` in every language, so the n-th entry is the same place in each."""

    entries: list[_Entry]
    vocabulary: dict[str, str]  # stem -> a word of the book that has it
    places: dict[str, frozenset[int]]  # stem -> the entries whose title, names or text hold it
    sentence_counts: dict[str, int]  # stem -> how many of the book's sentences hold it


_CACHE: dict[tuple[str, Any], _Book] = {}


def _book(translate: Translate, language: str) -> _Book:
    key = (language, translate)
    if key not in _CACHE:
        entries = []
        vocabulary: dict[str, str] = {}
        places: dict[str, set[int]] = {}
        counts: dict[str, int] = {}
        for n, hit in enumerate(_index(translate)):
            where = ""
            if hit.variant is not None:
                where = " ".join(translate(name) for name in (hit.variant.name, *hit.variant.aka))
            sentences = []
            for sentence in _sentences(hit.text):
                stems = frozenset(terms(sentence, language))
                sentences.append((sentence, stems))
                for stem in stems:
                    counts[stem] = counts.get(stem, 0) + 1
                _learn(vocabulary, sentence, language)
            _learn(vocabulary, hit.title, language)
            entry = _Entry(
                hit,
                frozenset(terms(hit.title, language)),
                frozenset(terms(where, language)),
                tuple(sentences),
            )
            for stem in entry.title.union(entry.where, *(st for _t, st in sentences)):
                places.setdefault(stem, set()).add(n)
            entries.append(entry)
        if len(_CACHE) > 32:
            _CACHE.clear()
        _CACHE[key] = _Book(
            entries, vocabulary, {k: frozenset(v) for k, v in places.items()}, counts
        )
    return _CACHE[key]


def _learn(vocabulary: dict[str, str], text: str, language: str) -> None:
    for word in _WORD.findall(text):
        if len(word) > 2 and not word.isdigit():
            vocabulary.setdefault(fold(word), word.casefold())


def _sentences(text: str) -> Iterable[str]:
    for part in _SENTENCE.split(text):
        part = part.strip()
        if part:
            yield part


def ask(
    query: str,
    translate: Translate,
    language: str = "en",
    *,
    limit: int = 30,
    elsewhere: Mapping[str, Translate] | None = None,
) -> Answer:
    """The book's places that answer ``query``, best first, each with its best sentence.

    ``elsewhere``: the other languages' renderings of the book ({language: translate}). When
    the page's language finds nothing, or only places holding part of the question's words, the
    question is also asked of those: people at a mixed table type in their own language. The
    language that holds more of the question's words than the page's gives its places first,
    each shown in the page's language (``Found.language`` names where it matched)."""
    language = _base(language)
    wanted = list(dict.fromkeys(terms(query, language)))
    if not wanted:
        return Answer([], [])
    book = _book(translate, language)
    found = _search(wanted, book)
    strength = max((covered for _n, covered, _f in found), default=0.0)
    results = [f for _n, _c, f in found]
    if elsewhere and strength < 1:
        other = _elsewhere(query, book, elsewhere, language, strength)
        if other:
            shown = {n for n, _f in other}
            results = [f for _n, f in other] + [f for n, _c, f in found if n not in shown]
    if results:
        return Answer(results[:limit], [])
    return Answer([], suggest(query, book.vocabulary, language))


def _search(wanted: list[str], book: _Book) -> list[tuple[int, float, Found]]:
    """(entry number, share of the words found, Found) for the places holding enough of the
    ``wanted`` words, best first."""
    need = len(wanted) if len(wanted) <= 2 else max(2, -(-len(wanted) * 3 // 5))
    # How many of the book's sentences hold each word: of two sentences matching as many
    # words, the one with the rarer words answers the question ("vlastní odhozenou kartu"
    # over the common "odhozená karta").
    common = {w: book.sentence_counts.get(w, 0) for w in wanted}
    # Only the places holding at least ``need`` of the words are read (the index says which).
    holding: dict[int, int] = {}
    for w in wanted:
        for n in book.places.get(w, ()):
            holding[n] = holding.get(n, 0) + 1
    found = []
    for n in sorted(n for n, covered in holding.items() if covered >= need):
        entry = book.entries[n]
        best_sentence, best, rarest = entry.hit.text, -1, -1.0
        for sentence, stems in entry.sentences:
            hits = sum(1 for w in wanted if w in stems or w in entry.title)
            rare = sum(1 / (1 + common[w]) for w in wanted if w in stems)
            if hits > best or (hits == best and rare > rarest):
                best_sentence, best, rarest = sentence, hits, rare
        covered = holding[n]
        in_title = sum(1 for w in wanted if w in entry.title)
        score = covered + max(best, 0) * 0.5 + in_title * 0.75
        if entry.title:
            score += in_title / len(entry.title)  # a title about just this beats a longer one
        if entry.hit.kind == "question":
            score += 0.25  # a dispute answers a question directly
        found.append((n, covered / len(wanted), Found(entry.hit, score, best_sentence)))
    found.sort(key=lambda item: -item[2].score)
    return found


def _elsewhere(
    query: str,
    book: _Book,
    elsewhere: Mapping[str, Translate],
    language: str,
    strength: float,
) -> list[tuple[int, Found]]:
    """The places found by the language of the book holding the largest share of the
    question's words, if larger than ``strength`` (the page's), as the page's places."""
    best: tuple[float, float, str, list] | None = None
    for other, translate in elsewhere.items():
        other = _base(other)
        if other == language:
            continue
        wanted = list(dict.fromkeys(terms(query, other)))
        if not wanted:
            continue
        theirs = _book(translate, other)
        if len(theirs.entries) != len(book.entries):
            continue  # not the same book: its places could not be shown in the page's language
        found = _search(wanted, theirs)
        if not found:
            continue
        share = max(covered for _n, covered, _f in found)
        top = found[0][2].score
        if share > strength and (best is None or (share, top) > best[:2]):
            best = (share, top, other, found)
    if best is None:
        return []
    _share, _top, other, found = best
    return [
        (n, Found(book.entries[n].hit, f.score, f.sentence, language=other)) for n, _c, f in found
    ]


def suggest(query: str, vocabulary: dict[str, str], language: str) -> list[str]:
    """The book's words nearest to the query's words (misspellings, other forms)."""
    small = _small_words(language)
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
