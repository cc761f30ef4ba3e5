"""Cards as two-character strings at every boundary, small integers inside.

A card is written rank then suit: ``As``, ``Td``, ``2c``. Ranks ``23456789TJQKA``,
suits ``cdhs`` (suits have no rank, rule H1). Inside the engine a card is an ``int``
from 0 to 51: ``rank_index * 4 + suit_index`` with ``2`` = rank 0 and ``A`` = rank 12,
``c`` = suit 0 ... ``s`` = suit 3.

>>> parse_card("As")
51
>>> card_str(0)
'2c'
>>> parse_cards("AsKs")
[51, 47]
>>> parse_cards(["Td", "10h"])
Traceback (most recent call last):
...
dealer_app.engine.cards.CardError: Not a card: '10h' (write rank then suit, e.g. 'Th')
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK_SIZE = 52

#: Every card as its string, indexed by its integer.
CARD_STRINGS: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)
_CARD_INDEX: dict[str, int] = {c: i for i, c in enumerate(CARD_STRINGS)}


class CardError(ValueError):
    """A card that is not a card, or a card that appears twice where it may appear once."""


def parse_card(text: str) -> int:
    """Return the integer of one card written like ``As``; raise :class:`CardError` otherwise."""
    if isinstance(text, str):
        index = _CARD_INDEX.get(text)
        if index is not None:
            return index
    raise CardError(f"Not a card: {text!r} (write rank then suit, e.g. 'Th')")


def split_cards(text: str) -> list[str]:
    """Split ``"AsKs"`` or ``"As Ks"`` or ``"As,Ks"`` into ``["As", "Ks"]`` without checking them."""
    compact = "".join(text.replace(",", " ").split())
    if len(compact) % 2:
        raise CardError(f"Not a list of cards: {text!r} (two characters a card, e.g. 'AsKs')")
    return [compact[i : i + 2] for i in range(0, len(compact), 2)]


def parse_cards(cards: str | Iterable[str], *, unique: bool = True) -> list[int]:
    """Parse cards given as one string (``"AsKs"``) or as an iterable of two-character strings.

    With ``unique`` (the default) a card given twice raises :class:`CardError` naming it.
    """
    items = split_cards(cards) if isinstance(cards, str) else list(cards)
    parsed = [parse_card(c) for c in items]
    if unique:
        check_unique(parsed)
    return parsed


def check_unique(cards: Iterable[int]) -> None:
    """Raise :class:`CardError` naming the first card that appears twice."""
    seen: set[int] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"Card {CARD_STRINGS[card]} appears twice")
        seen.add(card)


def card_str(card: int) -> str:
    """Return the two-character string of a card integer."""
    if not 0 <= card < DECK_SIZE:
        raise CardError(f"Not a card number: {card!r}")
    return CARD_STRINGS[card]


def cards_str(cards: Iterable[int], sep: str = "") -> str:
    """Return card integers written as one string, e.g. ``"AsKs"`` (or with ``sep`` between)."""
    return sep.join(card_str(c) for c in cards)


def rank_of(card: int) -> int:
    """Rank index 0 (deuce) .. 12 (ace)."""
    return card >> 2


def suit_of(card: int) -> int:
    """Suit index 0 (clubs) .. 3 (spades)."""
    return card & 3
