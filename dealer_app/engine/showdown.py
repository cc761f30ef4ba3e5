"""Showdown: who shows first (P3), who may muck, and who wins which pot (P4, P5, P6).

Players are indexes in action order (0 = first seat left of the button), so "clockwise
from the button" is simply increasing index.

>>> showdown_order(contenders=[0, 1, 3], last_aggressor=1, n=4)
[1, 3, 0]
>>> showdown_order(contenders=[0, 1, 3], last_aggressor=None, n=4)
[0, 1, 3]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from dealer_app.engine.evaluator import hand_strength
from dealer_app.engine.pots import Pot, split_pot


@dataclass(frozen=True)
class Award:
    """One pot (or one board's half of it) pushed to its winners.

    ``pot_index`` 0 is the main pot; ``board`` is 1, or 2 for the second run (P6).
    ``shares`` maps seat -> chips; ``odd_chip_seats`` got one more chip unit than the rest.
    """

    pot_index: int
    amount: int
    shares: dict[int, int]
    board: int = 1
    odd_chip_seats: tuple[int, ...] = field(default_factory=tuple)

    def to_dict(self) -> dict[str, object]:
        return {
            "pot_index": self.pot_index,
            "amount": self.amount,
            "shares": {str(k): v for k, v in self.shares.items()},
            "board": self.board,
            "odd_chip_seats": list(self.odd_chip_seats),
        }


def showdown_order(contenders: Sequence[int], last_aggressor: int | None, n: int) -> list[int]:
    """P3 / T38: the last bettor or raiser of the last betting round shows first, else the
    first contender left of the button; then clockwise."""
    start = last_aggressor if last_aggressor is not None else 0
    return sorted(contenders, key=lambda i: (i - start) % n)


def strengths(board: Sequence[int], holes: Mapping[int, Sequence[int]]) -> dict[int, int]:
    """Hand strength (higher wins) of every player whose two hole cards are known."""
    return {i: hand_strength([*cards, *board]) for i, cards in holes.items()}


def award_pots(
    pots: Sequence[Pot],
    board_strengths: Sequence[Mapping[int, int]],
    seats: Sequence[int],
    unit: int,
) -> list[Award]:
    """Award every pot, side pots first (P4), to its best shown hand(s) (P5).

    ``board_strengths`` has one mapping (index -> strength of shown hands) per board; with
    two boards (run it twice, P6) each pot is halved and the first board gets the odd chip.
    ``seats`` maps indexes to seat numbers. A pot nobody eligible has shown is not awarded
    (the caller never lets that happen: a winner must show).
    """
    awards: list[Award] = []
    runs = len(board_strengths)
    for pot_index in range(len(pots) - 1, -1, -1):
        pot = pots[pot_index]
        if runs == 1:
            parts = [pot.amount]
        else:
            second = (pot.amount // (2 * unit)) * unit
            parts = [pot.amount - second, second]
        for board_no, (part, known) in enumerate(zip(parts, board_strengths, strict=True), start=1):
            shown = [i for i in pot.eligible if i in known]
            if not shown or part == 0:
                continue
            best = max(known[i] for i in shown)
            winners = sorted(i for i in shown if known[i] == best)
            shares = split_pot(part, winners, unit)
            low = min(c for _, c in shares)
            awards.append(
                Award(
                    pot_index=pot_index,
                    amount=part,
                    shares={seats[i]: c for i, c in shares},
                    board=board_no,
                    odd_chip_seats=tuple(seats[i] for i, c in shares if c > low),
                )
            )
    return awards
