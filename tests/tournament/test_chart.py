"""Table distribution: the published chart TO2 exactly, proposals for 19 and 28-36, TO3 numbers."""

from __future__ import annotations

import pytest

from dealer_app.engine.tournament import (
    TournamentError,
    check_sizes,
    survivors_per_table,
    table_plan,
)

# The chart of [S0] typed from the Dutch source, independently of the module's table.
PUBLISHED = {
    10: (5, 5), 11: (6, 5), 12: (6, 6), 13: (7, 6), 14: (8, 6), 15: (9, 6), 16: (8, 8),
    17: (9, 8), 18: (9, 9), 20: (8, 6, 6), 21: (9, 6, 6), 22: (8, 8, 6), 23: (9, 8, 6),
    24: (8, 8, 8), 25: (9, 8, 8), 26: (9, 9, 8), 27: (9, 9, 9),
}  # fmt: skip


@pytest.mark.parametrize("players", range(2, 10))
def test_to2_chart_one_table_for_2_to_9(players: int) -> None:
    plan = table_plan(players)
    assert plan.sizes == (players,)
    assert plan.from_chart


@pytest.mark.parametrize("players", sorted(PUBLISHED))
def test_to2_chart_rows_exactly(players: int) -> None:
    plan = table_plan(players)
    assert plan.sizes == PUBLISHED[players]
    assert plan.from_chart


def test_to2_chart_covers_2_to_27_except_19() -> None:
    from_chart = [n for n in range(2, 28) if table_plan(n).from_chart]
    assert from_chart == [n for n in range(2, 28) if n != 19]


def test_to2_proposal_for_19() -> None:
    plan = table_plan(19)
    assert plan.sizes == (7, 6, 6)
    assert not plan.from_chart
    assert plan.describe() == "19 players: 3 tables (proposal: no chart row, organiser confirms)"


EXPECTED_PROPOSALS = {
    28: (7, 7, 7, 7), 29: (8, 7, 7, 7), 30: (8, 8, 7, 7), 31: (8, 8, 8, 7), 32: (8, 8, 8, 8),
    33: (9, 8, 8, 8), 34: (9, 9, 8, 8), 35: (9, 9, 9, 8), 36: (9, 9, 9, 9),
}  # fmt: skip


@pytest.mark.parametrize("players", range(28, 37))
def test_to2_proposals_for_28_to_36(players: int) -> None:
    plan = table_plan(players)
    assert plan.sizes == EXPECTED_PROPOSALS[players]
    assert not plan.from_chart
    assert sum(plan.sizes) == players and max(plan.sizes) <= 9
    assert max(plan.sizes) - min(plan.sizes) <= 1
    assert check_sizes(players, plan.sizes) == plan.sizes


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (1, "A tournament needs at least 2 players (got 1)"),
        (37, "37 players need more than 4 tables; the club's final-table rule (TO3) covers at "
             "most 4 tables of 9 (36 players)"),
    ],
)  # fmt: skip
def test_to2_counts_outside_the_rules_are_refused(players: int, message: str) -> None:
    with pytest.raises(TournamentError) as err:
        table_plan(players)
    assert str(err.value) == message


def test_to2_organiser_edits_are_checked() -> None:
    assert check_sizes(19, [8, 6, 5]) == (8, 6, 5)
    with pytest.raises(TournamentError, match=r"Table sizes 8 \+ 6 \+ 6 = 20 do not seat 19 players"):
        check_sizes(19, [8, 6, 6])
    with pytest.raises(TournamentError, match="At most 9 players a table"):
        check_sizes(19, [10, 9])
    with pytest.raises(TournamentError, match="5 tables: the final-table rule"):
        check_sizes(30, [6, 6, 6, 6, 6])


def test_to3_survivors_per_table() -> None:
    assert [survivors_per_table(n) for n in (1, 2, 3, 4)] == [1, 3, 3, 2]
    with pytest.raises(TournamentError):
        survivors_per_table(5)
