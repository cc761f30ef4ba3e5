"""Main and side pots, and splitting a pot among tied winners (rules P1, P2, P5).

Contributions are per player in action order (index 0 = first seat left of the button).
Each distinct contribution level of a player still in the hand closes a pot; a pot is
contested by the players still in who reached its level. Dead money (a big-blind ante,
dead blinds) belongs to the main pot.

>>> [(p.amount, p.eligible) for p in build_pots([20, 5, 20, 0], [False, False, False, True])]
[(15, (0, 1, 2)), (30, (0, 2))]
>>> split_pot(225, [2, 0], unit=25)
[(2, 125), (0, 100)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Pot:
    """``amount`` chips contested by ``eligible`` (player indexes or, at the API, seat numbers)."""

    amount: int
    eligible: tuple[int, ...]

    def to_dict(self) -> dict[str, object]:
        return {"amount": self.amount, "eligible": list(self.eligible)}


def build_pots(
    contributions: Sequence[int], folded: Sequence[bool], dead: int = 0
) -> list[Pot]:
    """Split contributions into the main pot (first) and side pots (P1).

    A folded player's chips stay in the pots but give no claim. Consecutive levels with the
    same claimants merge into one pot. ``dead`` chips go to the main pot.
    """
    levels = sorted({c for c, f in zip(contributions, folded, strict=True) if not f and c > 0})
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in contributions if c > previous)
        eligible = tuple(
            i for i, c in enumerate(contributions) if not folded[i] and c >= level
        )
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
        previous = level
    overflow = sum(c - previous for c in contributions if c > previous)
    if overflow:
        if pots:
            pots[-1] = Pot(pots[-1].amount + overflow, pots[-1].eligible)
        else:
            live = tuple(i for i, f in enumerate(folded) if not f)
            pots.append(Pot(overflow, live))
    if dead:
        if pots:
            pots[0] = Pot(pots[0].amount + dead, pots[0].eligible)
        else:
            pots.append(Pot(dead, tuple(i for i, f in enumerate(folded) if not f)))
    return pots


def unmatched_excess(bets: Sequence[int]) -> tuple[int, int] | None:
    """(index, chips) of the part of the largest bet that nobody matched (P2), else ``None``."""
    if len(bets) < 2:
        return None
    top = max(bets)
    top_index = bets.index(top)
    second = max(b for i, b in enumerate(bets) if i != top_index)
    if top > second:
        return top_index, top - second
    return None


def split_pot(amount: int, winners_in_order: Sequence[int], unit: int = 1) -> list[tuple[int, int]]:
    """Share ``amount`` among ``winners_in_order`` (clockwise from the button, P5).

    Every winner gets the same whole number of ``unit`` chips; the odd chips left over go
    one ``unit`` at a time to the winners in the given order (the first winner left of the
    button first). Returns ``(winner, chips)`` in the given order.
    """
    count = len(winners_in_order)
    if count == 0:
        raise ValueError("A pot needs at least one winner")
    each = (amount // (count * unit)) * unit
    shares = [each] * count
    left = amount - each * count
    i = 0
    while left > 0:
        piece = min(unit, left)
        shares[i % count] += piece
        left -= piece
        i += 1
    return list(zip(winners_in_order, shares, strict=True))
