"""Finishing positions of players eliminated in the same hand (TDA 21, issue 5).

Players busting in the same hand: the one who started the hand with more chips finishes
higher. Players who started with equal chips tie for the place (TDA 21) and share the best
position of their block, unless a ``tie_order`` is given (the house default: they draw a
card for the place, highest first), so that every position is used once.

>>> finishing_positions([(7, 10), (8, 30), (9, 10)], still_in=10)
{7: 9, 9: 9, 8: 8}
>>> finishing_positions([(7, 10), (8, 30), (9, 10)], still_in=10, tie_order=(9, 8, 7))
{7: 10, 9: 9, 8: 8}
>>> finishing_positions([(4, 50)], still_in=2)
{4: 2}
"""

from __future__ import annotations

from collections.abc import Sequence


def finishing_positions(
    busted: Sequence[tuple[int, int]], still_in: int, tie_order: Sequence[int] = ()
) -> dict[int, int]:
    """Positions for ``busted`` (player, chips at the start of the hand).

    ``still_in`` counts the players without a finishing position before this hand's
    eliminations, the busted ones included. The fewest starting chips takes the worst place.
    ``tie_order`` (players, best first) breaks ties of equal starting chips; without it tied
    players share the place.
    """
    if tie_order:
        rank = {player: index for index, player in enumerate(tie_order)}
        missing = [p for p, _ in busted if p not in rank]
        if missing:
            raise ValueError(f"tie_order lacks players {missing}")
        order = sorted(busted, key=lambda item: (item[1], -rank[item[0]]))
        return {player: still_in - index for index, (player, _) in enumerate(order)}
    order = sorted(busted, key=lambda item: item[1])
    positions: dict[int, int] = {}
    for player, chips in order:
        # The place of the best-placed player of the same tie block: the last with equal chips.
        last_equal = max(i for i, (_, c) in enumerate(order) if c == chips)
        positions[player] = still_in - last_equal
    return positions
