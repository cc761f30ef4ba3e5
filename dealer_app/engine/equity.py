"""Exact all-in equity: every completion of the board, ties split (rules H2-H4, P5).

>>> [round(e, 6) for e in equity([["As", "Ks"], ["Qh", "Qd"]])]
[0.462145, 0.537855]
>>> [round(e, 6) for e in equity(["AsKs", "QhQd"], board=["Js", "Th", "2c"])]
[0.324242, 0.675758]

The boards are the colex-ordered subsets of the remaining deck (:mod:`.subsets`): their key
sums cost one vector add per board, then each hand is one add and one table lookup per board
(:mod:`.batch_eval`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

import numpy as np

from dealer_app.engine.batch_eval import (
    RANK_KEY_ARRAY,
    SUIT_COUNT_ARRAY,
    SUIT_MASK_KEY_ARRAY,
    flush_lookup,
    rank_lookup,
    strengths_from_sums,
)
from dealer_app.engine.cards import CardError, card_str, check_unique, parse_cards
from dealer_app.engine.eval_tables import KEY_START
from dealer_app.engine.subsets import subset_sums

#: A table seats at most 10, so an all-in run-out can have 10 tabled hands.
MIN_HANDS, MAX_HANDS = 2, 10
BOARD_SIZES = (0, 3, 4, 5)
#: Least common multiple of 1..10: a pot split k ways is SPLIT_UNIT // k units per winner.
SPLIT_UNIT = 2520

Cards = str | Sequence[str] | Sequence[int]


def _card_ints(cards: Cards) -> list[int]:
    """Card integers of ``"AsKs"``, ``["As", "Ks"]`` or ``[51, 47]``; bad cards raise
    :class:`~dealer_app.engine.cards.CardError` naming them."""
    if isinstance(cards, str) or any(isinstance(c, str) for c in cards):
        return parse_cards(cards, unique=False)
    ints = [int(c) for c in cards]
    for card in ints:
        card_str(card)
    return ints


@dataclass(frozen=True)
class EquityCounts:
    """Exact result of an enumeration.

    ``shares[i]`` is hand ``i``'s total pot share in units of ``1 / SPLIT_UNIT`` pot over all
    ``boards`` completions; ``wins[i]`` / ``ties[i]`` count the boards it wins alone / splits.
    """

    boards: int
    shares: tuple[int, ...]
    wins: tuple[int, ...]
    ties: tuple[int, ...]

    def equities(self) -> list[float]:
        """Each hand's expected share of the pot, 0.0 .. 1.0."""
        return [share / (SPLIT_UNIT * self.boards) for share in self.shares]


def parse_situation(
    hands: Sequence[Cards], board: Cards = (), dead: Cards = ()
) -> tuple[list[list[int]], list[int], list[int]]:
    """Parse and check hands, board and dead cards; raise a message a dealer can act on."""
    if not MIN_HANDS <= len(hands) <= MAX_HANDS:
        raise ValueError(f"Equity needs {MIN_HANDS} to {MAX_HANDS} hands, not {len(hands)}")
    parsed_hands = []
    for number, hand in enumerate(hands, start=1):
        cards = _card_ints(hand)
        if len(cards) != 2:
            raise ValueError(f"Hand {number} must have 2 cards, not {len(cards)}")
        parsed_hands.append(cards)
    parsed_board = _card_ints(board)
    if len(parsed_board) not in BOARD_SIZES:
        raise ValueError(f"The board has 0, 3, 4 or 5 cards, not {len(parsed_board)}")
    parsed_dead = _card_ints(dead)
    every_card = [c for h in parsed_hands for c in h] + parsed_board + parsed_dead
    try:
        check_unique(every_card)
    except CardError as error:
        raise CardError(f"{error} (hands, board and dead cards must all differ)") from None
    missing = 5 - len(parsed_board)
    left = 52 - len(every_card)
    if left < missing:
        raise ValueError(f"Only {left} cards left in the deck, the board needs {missing} more")
    return parsed_hands, parsed_board, parsed_dead


def hand_strengths_over_boards(
    hands: list[list[int]], board: list[int], dead: list[int]
) -> np.ndarray:
    """``uint16`` array ``(len(hands), boards)``: each hand's 7-card strength on every completion
    of ``board`` from the cards not in hands, board or dead (colex order of the completions)."""
    used = {c for h in hands for c in h} | set(board) | set(dead)
    deck = np.array([c for c in range(52) if c not in used], dtype=np.intp)
    missing = 5 - len(board)
    board_rank_sums = subset_sums(RANK_KEY_ARRAY[deck], missing)
    board_rank_sums += int(RANK_KEY_ARRAY[board].sum())
    board_suit_counts = subset_sums(SUIT_COUNT_ARRAY[deck], missing)
    board_suit_counts += KEY_START + int(SUIT_COUNT_ARRAY[board].sum())
    board_masks: list[np.ndarray] = []

    def masks_of(rows: np.ndarray) -> np.ndarray:
        if not board_masks:
            masks = subset_sums(SUIT_MASK_KEY_ARRAY[deck], missing)
            board_masks.append(masks + int(SUIT_MASK_KEY_ARRAY[board].sum()))
        return board_masks[0][rows]

    strengths = np.empty((len(hands), board_rank_sums.size), dtype=np.uint16)
    rank_sums = np.empty_like(board_rank_sums)
    suit_counts = np.empty_like(board_suit_counts)
    for row, hand in enumerate(hands):
        np.add(board_rank_sums, int(RANK_KEY_ARRAY[hand].sum()), out=rank_sums)
        np.add(board_suit_counts, int(SUIT_COUNT_ARRAY[hand].sum()), out=suit_counts)
        hand_mask = int(SUIT_MASK_KEY_ARRAY[hand].sum())
        strengths[row] = strengths_from_sums(
            7, rank_sums, suit_counts, lambda rows, hand_mask=hand_mask: masks_of(rows) + hand_mask
        )
    return strengths


def count_shares(strengths: np.ndarray) -> EquityCounts:
    """Exact wins, ties and pot shares from a ``(hands, boards)`` strength array."""
    boards = strengths.shape[1]
    if strengths.shape[0] == 2:
        first, second = strengths
        first_wins = int(np.count_nonzero(first > second))
        split = int(np.count_nonzero(first == second))
        second_wins = boards - first_wins - split
        half = SPLIT_UNIT // 2
        shares = (first_wins * SPLIT_UNIT + split * half, second_wins * SPLIT_UNIT + split * half)
        return EquityCounts(boards, shares, (first_wins, second_wins), (split, split))
    best = strengths.max(axis=0)
    winners = strengths == best
    winner_count = winners.sum(axis=0)
    unit_per_winner = (SPLIT_UNIT // np.maximum(winner_count, 1)).astype(np.int64)
    shares = tuple(int(unit_per_winner[row].sum()) for row in winners)
    alone = winner_count == 1
    wins = tuple(int(np.count_nonzero(row & alone)) for row in winners)
    ties = tuple(int(np.count_nonzero(row & ~alone)) for row in winners)
    return EquityCounts(boards, shares, wins, ties)


def equity_counts(hands: Sequence[Cards], board: Cards = (), dead: Cards = ()) -> EquityCounts:
    """Like :func:`equity`, with the exact counts behind it."""
    parsed_hands, parsed_board, parsed_dead = parse_situation(hands, board, dead)
    strengths = hand_strengths_over_boards(parsed_hands, parsed_board, parsed_dead)
    return count_shares(strengths)


def equity(hands: Sequence[Cards], board: Cards = (), dead: Cards = ()) -> list[float]:
    """Each hand's expected share of the pot over every completion of the board (ties split).

    ``hands``: 2 to 10 hands of 2 cards (``[["As", "Ks"], ["Qh", "Qd"]]``, ``["AsKs", ...]`` or
    card integers);
    ``board``: 0, 3, 4 or 5 cards; ``dead``: cards out of the deck (burned, exposed, mucked face
    up). Raises :class:`~dealer_app.engine.cards.CardError` for a bad or repeated card and
    :class:`ValueError` for wrong counts.
    """
    return equity_counts(hands, board, dead).equities()


def prepare() -> None:
    """Build the lookup tables now (about 0.1 s) so the first all-in on screen does not wait."""
    rank_lookup(7)
    flush_lookup()


def board_count(hands: int, board: int, dead: int = 0) -> int:
    """How many board completions an enumeration visits."""
    return comb(52 - 2 * hands - board - dead, 5 - board)
