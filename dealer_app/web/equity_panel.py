"""Numbers for tabled hands: exact equity during an all-in run-out, hand names at showdown.

Only tabled cards (the service's public ``cards`` of a seat) are used, so nothing here can
reveal a hidden card. Equity is exact (every remaining board), computed once per
(hands, board) and cached, because every screen asks for the same numbers.
"""

from __future__ import annotations

import functools
from typing import Any

from dealer_app.engine.evaluator import evaluate

#: Phases in which tabled hands of every remaining player get an equity.
RUNOUT_PHASES = frozenset({"preflop", "flop", "turn", "river", "board", "dealing"})


def contenders(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Seats still in the hand (dealt, not folded)."""
    return [
        s
        for s in view.get("seats", [])
        if s.get("status") == "in_hand" and not s.get("folded")
    ]


def showdown_equities(view: dict[str, Any]) -> dict[int, float]:
    """``{seat: equity}`` (0..1) when every remaining player has tabled and cards are to come."""
    hand = view.get("hand") or {}
    board = list(hand.get("board", []))
    players = contenders(view)
    if hand.get("phase") not in RUNOUT_PHASES or len(board) >= 5 or len(players) < 2:
        return {}
    if any(not s.get("cards") for s in players):
        return {}
    seats = tuple(s["seat"] for s in players)
    holes = tuple(tuple(s["cards"]) for s in players)
    shares = _exact_equity(holes, tuple(board))
    return dict(zip(seats, shares, strict=True))


@functools.lru_cache(maxsize=256)
def _exact_equity(holes: tuple[tuple[str, ...], ...], board: tuple[str, ...]) -> tuple[float, ...]:
    from dealer_app.engine.equity import equity

    result = equity([list(h) for h in holes], list(board))
    return tuple(float(x) for x in result)


def hand_names(view: dict[str, Any], lang: str) -> dict[int, str]:
    """``{seat: "Full house, kings full of sevens"}`` for every tabled hand once the board has 3+ cards."""
    board = list((view.get("hand") or {}).get("board", []))
    if len(board) < 3:
        return {}
    names = {}
    for seat in view.get("seats", []):
        if seat.get("cards"):
            names[seat["seat"]] = evaluate(list(seat["cards"]) + board).name(lang)
    return names
