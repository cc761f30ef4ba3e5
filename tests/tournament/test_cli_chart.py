"""``dealer-app tournament chart N``: the chart TO2 or a proposal; last line = table sizes."""

from __future__ import annotations

import subprocess
import sys

import pytest

from dealer_app.cli import main


def test_to2_chart_27_prints_three_tables(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "chart", "27"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "27 players: 3 tables (chart TO2)",
        "Table 1: 9",
        "Table 2: 9",
        "Table 3: 9",
        "Final table: the last 3 of each table, 9 players (TO3)",
        "9 9 9",
    ]


@pytest.mark.parametrize(
    ("players", "last"),
    [(2, "2"), (9, "9"), (10, "5 5"), (15, "9 6"), (19, "7 6 6"), (20, "8 6 6"), (30, "8 8 7 7")],
)
def test_to2_chart_last_line(players: int, last: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "chart", str(players)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == last


def test_to3_four_tables_final_of_eight(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "chart", "30"]) == 0
    out = capsys.readouterr().out
    assert "30 players: 4 tables (proposal: no chart row, organiser confirms)" in out
    assert "Final table: the last 2 of each table, 8 players (TO3)" in out


def test_chart_refuses_40_with_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "chart", "40"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("error: 40 players need more than 4 tables")


def test_chart_through_the_console_script_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "dealer_app", "tournament", "chart", "13"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert done.stdout.splitlines()[-1] == "7 6"
