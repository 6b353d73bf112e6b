"""Hypothesis strategies for throwing junk at the app: random JSON, random unicode (lone
surrogates, NULs, invisible and bidi characters included) and huge numbers."""

from __future__ import annotations

from hypothesis import strategies as st

# Characters that have broken this app or others: lone surrogates, NUL, zero-width and bidi
# controls, a byte order mark, combining marks, the Unicode replacement character, a suit.
NASTY = [
    "\ud800",
    "\udfff",
    "\x00",
    "\x1b",
    "\u200b",
    "\u200d",
    "\u202e",
    "\u2066",
    "\ufeff",
    "\u0301",
    "\ufffd",
    "\u2660",
    "%",
    "'",
    '"',
    "<",
    "#",
    "/",
]

text = st.lists(
    st.one_of(st.characters(), st.sampled_from(NASTY)), max_size=30
).map("".join)

huge_int = st.one_of(
    st.integers(),
    st.integers(min_value=10**18, max_value=10**400),
    st.integers(min_value=-(10**400), max_value=-(10**18)),
    st.sampled_from([2**31, 2**63, -(2**63) - 1, 10**400]),
)

number = st.one_of(
    huge_int, st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([0, -1, 1, 7])
)

scalar = st.one_of(st.none(), st.booleans(), number, text)

json_value = st.recursive(
    scalar,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(text, inner, max_size=4)
    ),
    max_leaves=12,
)

VARIANTS = [
    "standard-rummy",
    "knock-rummy",
    "phom",
    "german-rummy",
    "continental-rum",
    "nowrang",
    "queen-city-rum",
    "block-rummy",
]
PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
CARDS = ["KH 7S 2D", "AS 2S 3S", "JK 5H 6H", "10H JH QH KH", "1H", "", "ZZ"]

# Keys that mean something somewhere in an entry, so junk lands where the code looks.
ENTRY_KEYS = [
    "out",
    "knocker",
    "blocked",
    "rummy",
    "draws",
    "jokers",
    "wild_deuces",
    "same_suit",
    "u",
    "u_cards",
    "fed_by",
    "hands",
    "melds",
    "points",
    "cards",
    "hand",
    "mom",
    "eats",
]

name = st.one_of(st.sampled_from(PLAYERS), text)
cards_text = st.one_of(st.sampled_from(CARDS), text)


@st.composite
def entry(draw) -> dict:
    """A hand entry shaped roughly like the real thing, with junk anywhere."""
    result: dict = {}
    for key in draw(st.lists(st.sampled_from(ENTRY_KEYS), max_size=5, unique=True)):
        if key == "hands":
            result[key] = draw(
                st.dictionaries(
                    name,
                    st.one_of(
                        st.fixed_dictionaries(
                            {},
                            optional={
                                "points": number,
                                "cards": cards_text,
                                "hand": cards_text,
                                "melds": st.lists(cards_text, max_size=3),
                                "mom": st.booleans(),
                            },
                        ),
                        json_value,
                    ),
                    max_size=4,
                )
            )
        elif key in ("out", "knocker", "u", "fed_by"):
            result[key] = draw(st.one_of(name, json_value))
        elif key == "melds":
            result[key] = draw(st.one_of(st.lists(cards_text, max_size=3), json_value))
        else:
            result[key] = draw(st.one_of(number, st.booleans(), json_value))
    if draw(st.booleans()):
        result[draw(text)] = draw(json_value)
    return result


@st.composite
def table(draw) -> dict:
    body: dict = {
        "variant": draw(st.one_of(st.sampled_from(VARIANTS), text)),
        "players": draw(st.one_of(st.lists(name, max_size=5), json_value)),
    }
    if draw(st.booleans()):
        body["options"] = draw(
            st.one_of(
                st.dictionaries(
                    st.sampled_from(["target", "hands", "match-games", "rummy-hidden"]), number
                ),
                json_value,
            )
        )
    if draw(st.booleans()):
        body["dealer"] = draw(st.one_of(name, json_value))
    return body
