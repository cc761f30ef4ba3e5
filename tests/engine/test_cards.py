"""Card parsing (H1): strict, errors name the card."""

import pytest

from dealer_app.engine.cards import (
    CARD_STRINGS,
    CardError,
    card_str,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)


def test_h1_deck_has_52_distinct_cards() -> None:
    assert len(set(CARD_STRINGS)) == 52
    assert [parse_card(c) for c in CARD_STRINGS] == list(range(52))
    assert card_str(parse_card("Td")) == "Td"
    assert (rank_of(parse_card("As")), suit_of(parse_card("As"))) == (12, 3)
    assert (rank_of(parse_card("2c")), suit_of(parse_card("2c"))) == (0, 0)


@pytest.mark.parametrize("bad", ["1x", "10h", "as", "AS", "", "A", "Asx", "Xs", "Tz"])
def test_bad_card_is_refused_with_its_name(bad: str) -> None:
    with pytest.raises(CardError, match=f"Not a card: {bad!r}"):
        parse_card(bad)


def test_card_twice_is_named() -> None:
    with pytest.raises(CardError, match="Card Ks appears twice"):
        parse_cards(["As", "Ks", "Qh", "Ks"])
    with pytest.raises(CardError, match="Card As appears twice"):
        parse_cards("AsKsAs")


def test_string_and_list_forms_agree() -> None:
    assert parse_cards("AsKs") == parse_cards(["As", "Ks"]) == parse_cards("As Ks") == [51, 47]
    with pytest.raises(CardError, match="Not a list of cards"):
        parse_cards("AsK")
