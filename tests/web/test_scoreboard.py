"""The scoreboard's data and page: equity in an all-in run-out, showdown reasons, layouts,
languages."""

from __future__ import annotations

import pytest

from tests.web.conftest import START_HAND, THREE_PLAYERS, run

ALL_IN = (*THREE_PLAYERS, *START_HAND, {"cmd": "raise", "to": 100}, {"cmd": "call"}, {"cmd": "fold"})


def _equities(client) -> dict[int, float]:
    seats = client.get("/api/view?lang=en").get_json()["seats"]
    return {s["seat"]: s["equity"] for s in seats if s.get("equity") is not None}


def test_h5_exact_equity_of_tabled_hands_updates_at_every_street(dealer, client) -> None:
    run(dealer, *ALL_IN, {"cmd": "show", "seat": 1, "cards": ["As", "Ks"]})
    assert _equities(client) == {}  # seat 2 has not tabled yet
    run(dealer, {"cmd": "show", "seat": 2, "cards": ["Qh", "Qd"]})
    preflop = _equities(client)
    assert [round(preflop[1], 6), round(preflop[2], 6)] == [0.462145, 0.537855]
    run(dealer, {"cmd": "board", "cards": ["Js", "Th", "2c"]})
    flop = _equities(client)
    assert [round(flop[1], 6), round(flop[2], 6)] == [0.324242, 0.675758]
    run(dealer, {"cmd": "board", "cards": ["9c"]})
    turn = _equities(client)
    assert turn[1] + turn[2] == pytest.approx(1.0)
    # AK wins on three aces and the two queens left (broadway); a king gives QQ K-high straight
    assert turn == {1: 5 / 44, 2: 39 / 44}
    run(dealer, {"cmd": "board", "cards": ["3d"]})
    assert _equities(client) == {}  # the river is out: no more equity, the hands decide


def test_p4_showdown_says_which_pot_went_to_whom_and_why(dealer, client) -> None:
    run(
        dealer, *ALL_IN,
        {"cmd": "show", "seat": 1, "cards": ["As", "Ks"]},
        {"cmd": "show", "seat": 2, "cards": ["Qh", "Qd"]},
        {"cmd": "board", "cards": ["Js", "Th", "2c"]},
        {"cmd": "board", "cards": ["9c"]},
        {"cmd": "board", "cards": ["Qc"]},
    )  # fmt: skip
    view = client.get("/api/view?lang=en").get_json()
    assert view["push"] == [
        {
            "index": 0, "board": 1, "amount_text": "EUR 50.50", "odd_chip_seat": None,
            "winners": [{"seat": 1, "name": "Ann", "amount_text": "EUR 50.50",
                         "reason": "Straight, ace high"}],
        }
    ]  # fmt: skip
    names = {s["seat"]: s["hand_name"] for s in view["seats"] if s.get("hand_name")}
    assert names == {1: "Straight, ace high", 2: "Three of a kind, queens"}
    nl = client.get("/api/view?lang=nl").get_json()
    assert nl["push"][0]["winners"][0]["reason"] == "Straat, aas hoog"


def test_b4_a_pot_won_without_showdown_says_everyone_else_folded(dealer, client) -> None:
    run(dealer, *THREE_PLAYERS, *START_HAND, {"cmd": "fold"}, {"cmd": "fold"})
    view = client.get("/api/view?lang=en").get_json()
    # P2: the big blind's uncalled half goes back; the pot is the small blind and its match
    assert view["push"][0]["winners"] == [
        {"seat": 3, "name": "Cy", "amount_text": "EUR 0.50", "reason": "everyone else folded"}
    ]


@pytest.mark.parametrize(("query", "body_class"), [("", "layout-auto"), ("?layout=tv", "layout-tv"),
                                                  ("?layout=phone", "layout-phone"),
                                                  ("?layout=<b>", "layout-auto")])  # fmt: skip
def test_layouts(client, query, body_class) -> None:
    page = client.get(f"/{query}").get_data(as_text=True)
    assert f'<body class="scoreboard {body_class}">' in page


def test_language_is_switchable_and_remembered(client) -> None:
    assert '<html lang="en">' in client.get("/?lang=en").get_data(as_text=True)
    page = client.get("/").get_data(as_text=True)
    assert '<html lang="en">' in page and "Last actions" in page
    page = client.get("/?lang=nl").get_data(as_text=True)
    assert '<html lang="nl">' in page and "Laatste acties" in page


def test_default_language_is_dutch(client) -> None:
    page = client.get("/").get_data(as_text=True)
    assert '<html lang="nl">' in page and "Scorebord" in page
