"""The organiser's live tournament on the command line, with hands played at the real table."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dealer_app.cli import main
from dealer_app.service import TableService
from dealer_app.tournament.simulate import play_hand


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["tournament", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_organiser_runs_a_one_table_tournament(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = str(tmp_path)
    code, out, _ = run(capsys, "new", "--data", data, "--set", "max_per_round=null",
                       "--set", "max_per_hand=null", "--set", 'name="Friday"')  # fmt: skip
    assert code == 0 and out == "Friday: entry 25.00 EUR, start stack 25.00 EUR, profile belgium\n"
    code, _, err = run(capsys, "new", "--data", data)
    assert code == 2 and err == "error: This tournament is already set up\n"
    code, _, err = run(capsys, "register", "--data", data, "Ann")
    assert code == 2 and "adults only under Belgian law (TO5)" in err
    for name in ("Ann", "Bob", "Cas"):
        assert run(capsys, "register", "--data", data, name, "--age-confirmed")[0] == 0
    code, _, err = run(capsys, "register", "--data", data, "Dirk", "--age-confirmed", "--unpaid")
    assert code == 2 and err.startswith("error: No credit under Belgian law (TO5)")
    code, out, _ = run(capsys, "plan", "--data", data)
    assert out.splitlines() == ["3 players: 1 table (chart TO2)", "Confirmed: 3"]
    code, _, err = run(capsys, "draw", "--data", data, "--table", "1", "--round", "Ann=Ks,Bob=Kh,Cas=2d")
    assert code == 2 and "draw again" in err
    code, out, _ = run(capsys, "draw", "--data", data, "--table", "1",
                       "--round", "Ann=Ks,Bob=Kh,Cas=2d", "--round", "Ann=3c,Bob=Jc")  # fmt: skip
    assert out == "Table 1: seat 1 Bob, seat 2 Ann, seat 3 Cas (button in seat 1)\n"
    assert run(capsys, "payout", "--data", data, "70,30")[0] == 0
    rng = random.Random(8)
    declined = 0
    for _ in range(200):
        table = TableService.open(tmp_path / "tables" / "1")
        play_hand(table, rng)
        table.close()
        code, out, _ = run(capsys, "sync", "--data", data)
        assert code == 0
        for line in out.splitlines():
            if "is eliminated" in line:
                name = line.split(" (")[0]
                assert f"Waiting for {name} (player " in run(capsys, "status", "--data", data)[1]
                assert run(capsys, "decline", "--data", data, name)[0] == 0
                declined += 1
        if run(capsys, "status", "--data", data)[1].startswith("Phase: finished"):
            break
    assert declined >= 1
    code, out, _ = run(capsys, "status", "--data", data)
    assert "Phase: finished" in out and "Winner: " in out
    code, out, _ = run(capsys, "results", "--data", data, "--format", "json")
    assert '"total_cents": 7500' in out and '"payout_cents": 5250' in out


def test_organiser_excludes_a_cheat(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = str(tmp_path)
    run(capsys, "new", "--data", data)
    for name in ("Ann", "Bob", "Cas"):
        run(capsys, "register", "--data", data, name, "--age-confirmed")
    run(capsys, "plan", "--data", data)
    run(capsys, "draw", "--data", data, "--seed", "3")
    code, out, _ = run(capsys, "exclude", "--data", data, "Bob", "--reason", "marked cards")
    assert code == 0 and out == "Bob is excluded (marked cards), finishes 3\n"
    code, _, err = run(capsys, "exclude", "--data", data, "Bob", "--reason", "again")
    assert code == 2 and err == "error: Bob is not in play at a table\n"
    code, out, _ = run(capsys, "status", "--data", data)
    assert "Ann (150)" in out and "Cas (150)" in out


def test_lists_of_numbers_are_refused_with_what_was_typed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = str(tmp_path / "t")
    run(capsys, "new", "--data", data)
    for name in ("Ann", "Bob", "Cas"):
        run(capsys, "register", "--data", data, name, "--age-confirmed")
    code, _, err = run(capsys, "payout", "--data", data, "70,thirty")
    assert code == 2 and err == "error: Percentages are whole numbers separated by commas (got '70,thirty')\n"
    code, _, err = run(capsys, "plan", "--data", data, "--sizes", "2,x")
    assert code == 2 and err == "error: Sizes are numbers separated by commas (got '2,x')\n"
