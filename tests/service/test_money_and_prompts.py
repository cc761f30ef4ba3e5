"""Money at the edge (L5) and the prompt texts in English and Dutch."""

from __future__ import annotations

from functools import partial

import pytest

from dealer_app.money import MoneyError, format_money, parse_money
from dealer_app.prompts import CODES, render

MONEY = partial(format_money, chip_cents=25, currency="EUR")


@pytest.mark.parametrize(
    ("units", "en", "nl"),
    [(0, "EUR 0.00", "EUR 0,00"), (1, "EUR 0.25", "EUR 0,25"), (6, "EUR 1.50", "EUR 1,50"),
     (25, "EUR 6.25", "EUR 6,25"), (4000, "EUR 1,000.00", "EUR 1.000,00"), (-3, "-EUR 0.75", "-EUR 0,75")],
)
def test_format_money_in_english_and_dutch(units: int, en: str, nl: str) -> None:
    assert (MONEY(units, lang="en"), MONEY(units, lang="nl")) == (en, nl)


def test_l5_parse_money_accepts_whole_chips_only() -> None:
    assert [parse_money(t, 25) for t in ("1,50", "1.50", "EUR 6,25", "€ 1.000,00", "12", "0.5")] == [6, 6, 25, 4000, 48, 2]
    with pytest.raises(MoneyError, match=r"^EUR 0.30 is not a whole number of EUR 0.25 chips$"):
        parse_money("0,30", 25)
    with pytest.raises(MoneyError, match="Not an amount: 'abc'"):
        parse_money("abc", 25)
    with pytest.raises(MoneyError, match="Money must be a whole number of chips, not 1.5"):
        format_money(1.5)  # type: ignore[arg-type]


def test_p4_p5_push_prompt_names_every_pot_split_and_odd_chip() -> None:
    """Pots come in pushing order (side pots first, P4) and are named by their index."""
    pots = [
        {"pot": 1, "board": 1, "amount": 7, "winners": {"7": 4, "3": 3}, "odd_chip_seat": 7},
        {"pot": 0, "board": 1, "amount": 15, "winners": {"2": 15}, "odd_chip_seat": None},
    ]
    assert render("push", {"pots": pots}, "en", MONEY) == (
        "Push side pot 1 of EUR 1.75 split: seat 7 EUR 1.00, seat 3 EUR 0.75, odd chip to seat 7 "
        "and the main pot of EUR 3.75 to seat 2"
    )
    assert render("push", {"pots": pots}, "nl", MONEY) == (
        "Schuif zijpot 1 van EUR 1,75 gedeeld: stoel 7 EUR 1,00, stoel 3 EUR 0,75, oneven fiche naar "
        "stoel 7 en de hoofdpot van EUR 3,75 naar stoel 2"
    )


def test_p6_push_prompt_names_the_second_board() -> None:
    pots = [
        {"pot": 0, "board": 1, "amount": 101, "winners": {"1": 101}, "odd_chip_seat": None},
        {"pot": 0, "board": 2, "amount": 100, "winners": {"2": 100}, "odd_chip_seat": None},
    ]
    assert render("push", {"pots": pots}, "en", MONEY) == (
        "Push the main pot of EUR 25.25 to seat 1 and the main pot (board 2) of EUR 25.00 to seat 2"
    )


def test_every_prompt_code_has_english_and_dutch_text() -> None:
    args = {
        "seat": 4, "street": "river", "seats": [3, 5], "pots": [], "reason": "x", "button": 1,
        "posts": [{"seat": 2, "kind": "sb", "amount": 1}], "redeal": False,
    }
    for code in CODES:
        en, nl = render(code, args, "en", MONEY), render(code, args, "nl", MONEY)
        assert en and nl and en != nl, code
    assert render("table_all", args, "en", MONEY) == "All in: seats 3 and 5 table their cards"
    assert render("burn_and_deal", args, "nl", MONEY) == "Brand een kaart en deel de river"
    returned = render("push", {"pots": [{"pot": 0, "amount": 8, "winners": {"2": 8}}], "returns": {"4": 20}}, "nl", MONEY)
    assert returned == "Geef de niet gevolgde EUR 5,00 terug aan stoel 4; schuif de hoofdpot van EUR 2,00 naar stoel 2"
