"""Best five of 5, 6 or 7 cards (rules H2-H4): strength, category, the five cards, a name.

:func:`hand_strength` is the hot path (about a microsecond): card integers in, an ``int`` out,
higher is better and equal strengths split the pot. :func:`evaluate` takes strings or integers,
checks them, and returns a :class:`HandValue` for screens and logs.

>>> value = evaluate(["Kh", "Kd", "7s", "Kc", "7d", "2c", "3h"])
>>> value.category.name, value.best_five
('FULL_HOUSE', ('Kh', 'Kd', 'Kc', '7s', '7d'))
>>> value.name(), value.name("nl")
('Full house, kings full of sevens', 'Full house, heren vol met zevens')
>>> evaluate("As2d3c4h5s9d").name()
'Straight, five high'
>>> hand_strength([51, 47, 43, 39, 35]) == evaluate("AsKsQsJsTs").strength == 7462
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dealer_app.engine.cards import CARD_STRINGS, CardError, check_unique, parse_cards
from dealer_app.engine.eval_tables import (
    CARD_KEYS,
    CLASSES,
    FLUSH_BITS,
    KEY_START,
    RANK_SHIFT,
    flush_table,
    rank_tables,
)
from dealer_app.engine.hand_names import Category, class_name

__all__ = ["Category", "HandValue", "best_five", "current_hand_name", "evaluate", "hand_strength"]

_RANK_BY_SIZE = rank_tables()
_FLUSH = flush_table()
_CARD_KEY = dict(enumerate(CARD_KEYS))
_HAND_SIZES = (5, 6, 7)


def _flush_suit(key: int) -> int:
    """Suit index of the flush flagged in ``key & FLUSH_BITS``."""
    return ((key & FLUSH_BITS).bit_length() - 4) >> 2


def hand_strength(cards: Sequence[int]) -> int:
    """Strength of the best 5 of 5, 6 or 7 card integers: 1 .. 7462, higher wins, equal splits.

    Raises :class:`~dealer_app.engine.cards.CardError` for a card number outside 0..51 or a
    card given twice, and :class:`ValueError` for a wrong number of cards.
    """
    key = KEY_START
    try:
        for card in cards:
            key += _CARD_KEY[card]
        table = _RANK_BY_SIZE[len(cards)]
    except KeyError:
        _check_hand(cards)
        raise  # pragma: no cover - _check_hand raised already
    if key & FLUSH_BITS:
        suit = _flush_suit(key)
        mask = 0
        for card in cards:
            if card & 3 == suit:
                mask |= 1 << (card >> 2)
        strength = _FLUSH[mask]
    else:
        strength = table.get(key >> RANK_SHIFT, 0)
    if len(set(cards)) != len(cards):
        check_unique(cards)
    return strength


def _check_hand(cards: Sequence[int]) -> None:
    """Raise the error a dealer can act on for a hand :func:`hand_strength` could not read."""
    _check_hand_cards(cards)
    if len(cards) not in _HAND_SIZES:
        raise ValueError(f"A hand has 5, 6 or 7 cards, not {len(cards)}")


@dataclass(frozen=True)
class HandValue:
    """What a hand is worth: ``strength`` orders hands, the rest is for people.

    ``best_five`` are the five cards that play, in reading order (``Kh Kd Kc 7s 7d``).
    """

    strength: int
    category: Category
    best_five: tuple[str, ...]

    def name(self, lang: str = "en") -> str:
        """Readable name in ``"en"`` or ``"nl"``, e.g. ``"Full house, kings full of sevens"``."""
        return CLASSES[self.strength - 1].name(lang)


def best_five(cards: Sequence[int], strength: int) -> tuple[int, ...]:
    """The five of ``cards`` that make ``strength``, in reading order (highest group first)."""
    hand_class = CLASSES[strength - 1]
    pool = sorted(cards, reverse=True)
    if hand_class.category in (Category.FLUSH, Category.STRAIGHT_FLUSH):
        suits = [c & 3 for c in pool]
        suit = max(range(4), key=suits.count)
        pool = [c for c in pool if c & 3 == suit]
    chosen: list[int] = []
    for rank in hand_class.ranks:
        card = next(c for c in pool if c >> 2 == rank)
        pool.remove(card)
        chosen.append(card)
    return tuple(chosen)


def evaluate(cards: str | Sequence[str] | Sequence[int]) -> HandValue:
    """Evaluate 5, 6 or 7 cards given as strings (``["As", "Kd", ...]`` or ``"AsKd..."``) or ints.

    Raises :class:`~dealer_app.engine.cards.CardError` naming a bad or repeated card and
    :class:`ValueError` for a wrong number of cards.
    """
    if isinstance(cards, str) or any(isinstance(c, str) for c in cards):
        ints = parse_cards(cards)
    else:
        ints = list(cards)
        _check_hand(ints)
    if len(ints) not in _HAND_SIZES:
        raise ValueError(f"A hand has 5, 6 or 7 cards, not {len(ints)}")
    strength = hand_strength(ints)
    five = best_five(ints, strength)
    return HandValue(
        strength=strength,
        category=CLASSES[strength - 1].category,
        best_five=tuple(CARD_STRINGS[c] for c in five),
    )


def current_hand_name(
    hole: str | Sequence[str] | Sequence[int],
    board: str | Sequence[str] | Sequence[int] = (),
    lang: str = "en",
) -> str:
    """Name of what a player holds now, for screens: the best hand of hole cards plus board once
    the flop is out, before it the hole cards' pair or high card.

    >>> current_hand_name("QhQd", lang="nl"), current_hand_name("AsKs", "JsTh2c")
    ('Paar vrouwen', 'High card, ace')
    """
    cards = parse_cards(hole) if isinstance(hole, str) else list(hole)
    cards += parse_cards(board) if isinstance(board, str) else list(board)
    if len(cards) >= 5:
        return evaluate(cards).name(lang)
    ints = parse_cards(cards) if any(isinstance(c, str) for c in cards) else cards
    _check_hand_cards(ints)
    ranks = sorted((c >> 2 for c in ints), reverse=True)
    category = Category.PAIR if len(set(ranks)) < len(ranks) else Category.HIGH_CARD
    return class_name(category, tuple(ranks), lang)


def _check_hand_cards(cards: Sequence[int]) -> None:
    """Raise :class:`CardError` for a card number outside 0..51 or a card given twice."""
    for card in cards:
        if card not in _CARD_KEY:
            raise CardError(f"Not a card number: {card!r}")
    check_unique(cards)
