"""``dealer-app replay FILE... [--json]``."""

from __future__ import annotations

import json

from dealer_app.cli import main
from dealer_app.engine.phh import export_phh
from tests.engine.test_phh import t35_hand


def write_files(tmp_path):
    good = export_phh(t35_hand())
    bad = good.replace('"p4 cbr 100"', '"p4 cbr 26"')
    one = tmp_path / "one.phh"
    one.write_text(good)
    many = tmp_path / "night.phhs"
    many.write_text(f"[1]\n{good}\n[2]\n{bad}")
    return one, many


def test_replay_text_output_and_exit_status(tmp_path, capsys):
    one, many = write_files(tmp_path)
    assert main(["replay", str(one)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"{one} hand 1: ok, finishing stacks [199, 61, 25, 100, 100]",
        "1 hands: 1 replayed, 0 failed",
    ]
    assert main(["replay", str(one), str(many)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[2] == f"{many} hand 2: FAILED at action 6 'p4 cbr 26': Minimum raise is to 48"
    assert lines[3] == "3 hands: 2 replayed, 1 failed"


def test_replay_json_lines(tmp_path, capsys):
    _, many = write_files(tmp_path)
    assert main(["replay", "--json", str(many)]) == 1
    captured = capsys.readouterr()
    assert [json.loads(line) for line in captured.out.splitlines()] == [
        {"hand": 1, "ok": True, "finishing_stacks": [199, 61, 25, 100, 100]},
        {"hand": 2, "ok": False, "action_index": 6, "action": "p4 cbr 26", "reason": "Minimum raise is to 48"},
    ]
    assert captured.err.strip() == "2 hands: 1 replayed, 1 failed"


def test_replay_unreadable_file_fails(tmp_path, capsys):
    missing = tmp_path / "missing.phh"
    assert main(["replay", str(missing)]) == 1
    assert "cannot read" in capsys.readouterr().err
