"""The scoreboard's tournament panel: players left, average stack, rebuys, prize pool.

Read from the organiser's :class:`dealer_app.tournament.service.TournamentService` state; the
level clock comes with the table's own view.
"""

from __future__ import annotations

from typing import Any

from dealer_app.money import format_cents


def tournament_panel(
    tournament: Any, money: Any
) -> dict[str, Any] | None:
    """The panel's numbers (``money`` formats chip amounts), or None without a created tournament."""
    if tournament is None:
        return None
    state = tournament.state
    if state.setup is None:
        return None
    # Still in: not finished (registered players have no chips until they are seated).
    left = [p for p in state.players.values() if p.position is None and p.status != "out"]
    holding = state.survivors()
    chips = state.chips_in_play()
    pool = state.prize_pool()
    return {
        "name": state.setup.name,
        "phase": state.phase,
        "players_left": len(left),
        "entries": pool.entries,
        "average_stack_text": money(chips // len(holding)) if holding else None,
        "rebuys": pool.rebuys + pool.reentries,
        "prize_pool_text": format_cents(pool.total, currency="EUR", lang=money.lang),
    }
