"""Hand categories (rule H3) and their readable names in English and Dutch.

>>> class_name(Category.FULL_HOUSE, (11, 11, 11, 5, 5), "en")
'Full house, kings full of sevens'
>>> class_name(Category.FULL_HOUSE, (11, 11, 11, 5, 5), "nl")
'Full house, heren vol met zevens'
>>> class_name(Category.STRAIGHT, (3, 2, 1, 0, 12), "en")
'Straight, five high'
"""

from __future__ import annotations

from enum import IntEnum


class Category(IntEnum):
    """Hand categories, weakest first (rule H3)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8


LANGUAGES = ("en", "nl")

# Rank words by rank index 0 (deuce) .. 12 (ace): (singular, plural).
_RANK_WORDS = {
    "en": (
        ("two", "twos"), ("three", "threes"), ("four", "fours"), ("five", "fives"),
        ("six", "sixes"), ("seven", "sevens"), ("eight", "eights"), ("nine", "nines"),
        ("ten", "tens"), ("jack", "jacks"), ("queen", "queens"), ("king", "kings"),
        ("ace", "aces"),
    ),
    "nl": (
        ("twee", "tweeën"), ("drie", "drieën"), ("vier", "vieren"), ("vijf", "vijven"),
        ("zes", "zessen"), ("zeven", "zevens"), ("acht", "achten"), ("negen", "negens"),
        ("tien", "tienen"), ("boer", "boeren"), ("vrouw", "vrouwen"), ("heer", "heren"),
        ("aas", "azen"),
    ),
}  # fmt: skip

# Patterns per category; {h} = top rank singular, {p} = first rank plural, {q} = second plural.
_PATTERNS = {
    "en": {
        Category.HIGH_CARD: "High card, {h}",
        Category.PAIR: "Pair of {p}",
        Category.TWO_PAIR: "Two pair, {p} and {q}",
        Category.THREE_OF_A_KIND: "Three of a kind, {p}",
        Category.STRAIGHT: "Straight, {h} high",
        Category.FLUSH: "Flush, {h} high",
        Category.FULL_HOUSE: "Full house, {p} full of {q}",
        Category.FOUR_OF_A_KIND: "Four of a kind, {p}",
        Category.STRAIGHT_FLUSH: "Straight flush, {h} high",
    },
    "nl": {
        Category.HIGH_CARD: "Hoge kaart, {h}",
        Category.PAIR: "Paar {p}",
        Category.TWO_PAIR: "Twee paar, {p} en {q}",
        Category.THREE_OF_A_KIND: "Drie gelijke, {p}",
        Category.STRAIGHT: "Straat, {h} hoog",
        Category.FLUSH: "Flush, {h} hoog",
        Category.FULL_HOUSE: "Full house, {p} vol met {q}",
        Category.FOUR_OF_A_KIND: "Carré, {p}",
        Category.STRAIGHT_FLUSH: "Straight flush, {h} hoog",
    },
}
_ROYAL = {"en": "Royal flush", "nl": "Royal flush"}

# Where the "second" rank of a category sits in its five display ranks.
_SECOND_RANK_AT = {Category.TWO_PAIR: 2, Category.FULL_HOUSE: 3}


def class_name(category: Category, ranks: tuple[int, ...], lang: str = "en") -> str:
    """Name of a hand from its category and its five display ranks (highest group first).

    ``lang`` is ``"en"`` or ``"nl"``; anything else raises :class:`ValueError`.
    """
    if lang not in _PATTERNS:
        raise ValueError(f"Unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    if category == Category.STRAIGHT_FLUSH and ranks[0] == 12:
        return _ROYAL[lang]
    words = _RANK_WORDS[lang]
    first = ranks[0]
    second = ranks[_SECOND_RANK_AT.get(category, 0)]
    return _PATTERNS[lang][category].format(
        h=words[first][0], p=words[first][1], q=words[second][1]
    )
