"""Tournament results as JSON, CSV and text: projections of the tournament's events.

Standings, eliminations (with time, table and hand), entries, rebuys, re-entries, prize pool
and the organiser's payouts. Money appears twice: integer cents (``*_cents``) and formatted.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from dealer_app.engine.tournament import Rebought, ReEntered, TournamentState
from dealer_app.engine.tournament.money import eur

STANDINGS_COLUMNS = [
    "position",
    "player",
    "name",
    "status",
    "chips",
    "entries",
    "rebuys",
    "eliminated_table",
    "eliminated_hand",
    "eliminated_at",
    "payout_cents",
]


def _final_elimination(state: TournamentState) -> dict[int, Any]:
    return {e.player: e for e in state.eliminations if e.outcome == "out"}


def standings_rows(state: TournamentState) -> list[dict[str, Any]]:
    """One dict per player in standings order, with the columns of :data:`STANDINGS_COLUMNS`."""
    out = _final_elimination(state)
    paid = state.payouts()
    rows = []
    for record in state.standings():
        elimination = out.get(record.player)
        rows.append(
            {
                "position": record.position,
                "player": record.player,
                "name": record.name,
                "status": record.status,
                "chips": record.chips,
                "entries": record.entries,
                "rebuys": record.rebuys,
                "eliminated_table": elimination.table if elimination else None,
                "eliminated_hand": elimination.hand if elimination else None,
                "eliminated_at": elimination.at if elimination else None,
                "payout_cents": paid.get(record.player, 0),
            }
        )
    return rows


def results_dict(state: TournamentState) -> dict[str, Any]:
    """Everything an organiser downloads after the night, JSON-ready."""
    setup = state.rules
    pool = state.prize_pool()
    winner = state.winner()
    returns = [
        {
            "player": e.player,
            "name": state.name_of(e.player),
            "kind": "rebuy" if isinstance(e, Rebought) else "re-entry",
            "at": e.at,
            "paid": e.paid,
            **({"table": e.table, "seat": e.seat} if isinstance(e, ReEntered) else {}),
        }
        for e in state.events
        if isinstance(e, Rebought | ReEntered)
    ]
    return {
        "name": setup.name,
        "setup": setup.to_dict(),
        "phase": state.phase,
        "started_at": state.started_at,
        "tables": list(state.sizes),
        "hands": {t: r.last_hand for t, r in state.tables.items()},
        "winner": {"player": winner, "name": state.name_of(winner)} if winner else None,
        "prize_pool": {
            "entries": pool.entries,
            "rebuys": pool.rebuys,
            "reentries": pool.reentries,
            "total_cents": pool.total,
            "total": eur(pool.total),
        },
        "chips": {"issued": state.chips_issued(), "in_play": state.chips_in_play()},
        "payout_split_percent": list(state.payout_percent),
        "standings": standings_rows(state),
        "eliminations": [
            {
                "player": e.player,
                "name": state.name_of(e.player),
                "table": e.table,
                "hand": e.hand,
                "at": e.at,
                "start_chips": e.start_chips,
                "outcome": e.outcome,
                "position": e.position,
            }
            for e in state.eliminations
        ],
        "entries": [
            {"player": p.player, "name": p.name, "entries": p.entries, "rebuys": p.rebuys}
            for p in sorted(state.players.values(), key=lambda p: p.player)
        ],
        "returns": returns,
    }


def results_csv(state: TournamentState) -> str:
    """The standings as CSV (header + one row per player)."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=STANDINGS_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in standings_rows(state):
        writer.writerow({k: "" if v is None else v for k, v in row.items()})
    return buffer.getvalue()


def eliminations_csv(state: TournamentState) -> str:
    """Every bust (rebuys and re-entries included) as CSV."""
    buffer = io.StringIO()
    columns = ["player", "name", "table", "hand", "at", "start_chips", "outcome", "position"]
    writer = csv.DictWriter(buffer, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    for row in results_dict(state)["eliminations"]:
        writer.writerow({k: "" if v is None else v for k, v in row.items()})
    return buffer.getvalue()


def results_text(state: TournamentState) -> str:
    """A short report for the terminal."""
    data = results_dict(state)
    pool = data["prize_pool"]
    lines = [
        f"{data['name']}: {len(state.players)} players, tables {' '.join(map(str, data['tables']))}",
        f"Entries {pool['entries']}, rebuys {pool['rebuys']}, re-entries {pool['reentries']}, "
        f"prize pool {pool['total']}",
        f"Chips issued {data['chips']['issued']}, in play {data['chips']['in_play']}",
        f"Hands: {', '.join(f'table {t} {n}' for t, n in data['hands'].items())}",
    ]
    if data["winner"]:
        lines.append(f"Winner: {data['winner']['name']}")
    lines.append("Standings:")
    for row in data["standings"]:
        place = row["position"] if row["position"] is not None else "-"
        where = (
            f"out at table {row['eliminated_table']} hand {row['eliminated_hand']}"
            if row["eliminated_table"]
            else f"{row['chips']} chips"
        )
        lines.append(
            f"  {place:>3}  {row['name']:<12} entries {row['entries']} rebuys {row['rebuys']}  {where}"
        )
    return "\n".join(lines)
