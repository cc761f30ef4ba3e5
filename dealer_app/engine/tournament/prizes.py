"""Prize pool (entries + rebuys + re-entries) and the organiser's payout split.

The product imposes no split: the organiser enters whole percentages, first place first.
Amounts are euro cents; rounding leftovers go to the best-placed paid player. Players tied
for places share those places' prizes equally (left-over cents to the first listed).

>>> pool = PrizePool(entries=27, rebuys=5, reentries=0, entry_fee=2500, rebuy_fee=2500,
...                  reentry_fee=2500)
>>> pool.total
80000
>>> payouts(80000, (50, 30, 20), {1: 1, 2: 2, 3: 3})
{1: 40000, 2: 24000, 3: 16000}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from dealer_app.engine.tournament.errors import TournamentError


@dataclass(frozen=True)
class PrizePool:
    """Money taken in, euro cents."""

    entries: int
    rebuys: int
    reentries: int
    entry_fee: int
    rebuy_fee: int
    reentry_fee: int

    @property
    def total(self) -> int:
        """Entries + rebuys + re-entries, in cents."""
        return (
            self.entries * self.entry_fee
            + self.rebuys * self.rebuy_fee
            + self.reentries * self.reentry_fee
        )


def check_split(percent: Sequence[int]) -> tuple[int, ...]:
    """Refuse a split that is not whole percentages adding up to exactly 100."""
    split = tuple(percent)
    if not split:
        raise TournamentError("A payout split needs at least one place")
    if any(not isinstance(p, int) or isinstance(p, bool) or p <= 0 for p in split):
        raise TournamentError(f"Every paid place needs a whole percentage above 0 (got {list(split)})")
    if sum(split) != 100:
        raise TournamentError(f"The payout split adds up to {sum(split)} %, not 100 %")
    return split


def payouts(pool: int, percent: Sequence[int], positions: Mapping[int, int]) -> dict[int, int]:
    """Cents per player from finishing ``positions`` (player -> place, 1 = winner).

    Players without a paid place get nothing and are left out.
    """
    split = check_split(percent)
    place_prize = [pool * p // 100 for p in split]
    place_prize[0] += pool - sum(place_prize)
    by_place: dict[int, list[int]] = {}
    for player, place in sorted(positions.items(), key=lambda item: (item[1], item[0])):
        by_place.setdefault(place, []).append(player)
    result: dict[int, int] = {}
    for place, players in sorted(by_place.items()):
        shares = place_prize[place - 1 : place - 1 + len(players)]
        money = sum(shares)
        if not money:
            continue
        each, left = divmod(money, len(players))
        for index, player in enumerate(players):
            result[player] = each + (left if index == 0 else 0)
    return result
