"""``dealer-app equity``: exact equities and current hand names for people, clear errors."""

from __future__ import annotations

import pytest

from dealer_app.cli import main


def test_equity_command_on_the_flop(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AsKs", "QhQd", "--board", "JsTh2c"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "board: Js Th 2c   dead: -   boards enumerated: 990",
        "hand      equity       win       tie  now",
        "AsKs    32.4242%  32.4242%   0.0000%  High card, ace",
        "QhQd    67.5758%  67.5758%   0.0000%  Pair of queens",
    ]


def test_equity_command_preflop_in_dutch_with_dead_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AsKs", "QhQd", "--dead", "Qs", "--lang", "nl"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "board: -   dead: Qs   boards enumerated: 1,533,939"
    assert lines[1] == "hand      equity      wint    gelijk  nu"
    assert lines[2].startswith("AsKs ") and lines[2].endswith("Hoge kaart, aas")
    assert lines[3].startswith("QhQd ") and lines[3].endswith("Paar vrouwen")


def test_equity_command_refuses_a_repeated_card(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AsKs", "QhAs"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "dealer-app equity: Card As appears twice (hands, board and dead cards must all differ)\n"
    )


def test_equity_command_refuses_a_short_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AsKs", "QhQd", "--board", "JsTh"]) == 2
    assert capsys.readouterr().err == (
        "dealer-app equity: The board has 0, 3, 4 or 5 cards, not 2\n"
    )
