"""Table distribution (rule TO2) and the final-table rule's numbers (TO3).

The club publishes a chart for 2 to 27 players with no row for 19. For 19 and for 28 to 36
players the product proposes a split (at most 9 a table, as even as possible, fewest tables)
that the organiser confirms or edits.

>>> table_plan(15).sizes
(9, 6)
>>> table_plan(19)
TablePlan(players=19, sizes=(7, 6, 6), from_chart=False)
>>> survivors_per_table(4)
2
"""

from __future__ import annotations

from dataclasses import dataclass

from dealer_app.engine.tournament.errors import TournamentError

#: The published chart of [S0] (TO2): players -> table sizes, table 1 first.
TABLE_CHART: dict[int, tuple[int, ...]] = {
    **{n: (n,) for n in range(2, 10)},
    10: (5, 5),
    11: (6, 5),
    12: (6, 6),
    13: (7, 6),
    14: (8, 6),
    15: (9, 6),
    16: (8, 8),
    17: (9, 8),
    18: (9, 9),
    20: (8, 6, 6),
    21: (9, 6, 6),
    22: (8, 8, 6),
    23: (9, 8, 6),
    24: (8, 8, 8),
    25: (9, 8, 8),
    26: (9, 9, 8),
    27: (9, 9, 9),
}
MIN_PLAYERS = 2
#: The final-table rule of [S0] covers at most 4 tables of 9.
MAX_TABLES = 4
MAX_PER_TABLE = 9
MAX_PLAYERS = MAX_TABLES * MAX_PER_TABLE


@dataclass(frozen=True)
class TablePlan:
    """Table sizes for a number of players; ``from_chart`` is False for a proposal."""

    players: int
    sizes: tuple[int, ...]
    from_chart: bool

    def describe(self) -> str:
        """One line for the organiser, e.g. ``27 players: 3 tables (chart TO2)``."""
        source = "chart TO2" if self.from_chart else "proposal: no chart row, organiser confirms"
        tables = "1 table" if len(self.sizes) == 1 else f"{len(self.sizes)} tables"
        return f"{self.players} players: {tables} ({source})"


def propose_sizes(players: int, max_per_table: int = MAX_PER_TABLE) -> tuple[int, ...]:
    """Fewest tables of at most ``max_per_table``, sizes differing by at most one, larger first."""
    tables = -(-players // max_per_table)
    base, extra = divmod(players, tables)
    return tuple(base + 1 if i < extra else base for i in range(tables))


def table_plan(players: int) -> TablePlan:
    """The chart row for ``players`` (TO2), or a proposal where the chart has none."""
    if not isinstance(players, int) or isinstance(players, bool):
        raise TournamentError(f"Number of players must be a whole number (got {players!r})")
    if players < MIN_PLAYERS:
        raise TournamentError(f"A tournament needs at least {MIN_PLAYERS} players (got {players})")
    if players > MAX_PLAYERS:
        raise TournamentError(
            f"{players} players need more than {MAX_TABLES} tables; the club's final-table rule "
            f"(TO3) covers at most {MAX_TABLES} tables of {MAX_PER_TABLE} ({MAX_PLAYERS} players)",
            "TO3",
        )
    if players in TABLE_CHART:
        return TablePlan(players, TABLE_CHART[players], True)
    return TablePlan(players, propose_sizes(players), False)


def check_sizes(players: int, sizes: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """Check table sizes the organiser confirmed or edited; return them as a tuple."""
    sizes = tuple(sizes)
    if not sizes or any(not isinstance(s, int) or s < 2 for s in sizes):
        raise TournamentError(f"Every table needs at least 2 players (got {list(sizes)})")
    if sum(sizes) != players:
        raise TournamentError(
            f"Table sizes {' + '.join(map(str, sizes))} = {sum(sizes)} do not seat {players} players"
        )
    if len(sizes) > MAX_TABLES:
        raise TournamentError(
            f"{len(sizes)} tables: the final-table rule (TO3) covers at most {MAX_TABLES}", "TO3"
        )
    if max(sizes) > MAX_PER_TABLE:
        raise TournamentError(f"At most {MAX_PER_TABLE} players a table (got {max(sizes)})", "TO2")
    return sizes


def survivors_per_table(tables: int) -> int:
    """How many players each table plays down to before the final table (TO3).

    2 or 3 tables: the last 3; 4 tables: the last 2; one table plays to the end (1).
    """
    if tables == 1:
        return 1
    if tables in (2, 3):
        return 3
    if tables == 4:
        return 2
    raise TournamentError(f"The final-table rule (TO3) covers 1 to 4 tables (got {tables})", "TO3")
