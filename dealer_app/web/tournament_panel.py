"""The scoreboard's tournament panel: players left, average stack, rebuys, prize pool."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def tournament_panel(tournament: Any, money: Callable[[int | None], str | None]) -> dict[str, Any] | None:
    """The panel's numbers, or None when this table plays no tournament."""
    if tournament is None:
        return None
    summary = tournament.summary()
    return {
        "players_left": summary["players_left"],
        "average_stack_text": money(summary["average_stack"]),
        "rebuys": summary["rebuys"],
        "prize_pool_text": summary["prize_pool_text"],
    }
