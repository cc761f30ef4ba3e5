"""The Belgian profile (TO5) and set-up validation: every refusal with its message."""

from __future__ import annotations

import pytest

from dealer_app.engine.tournament import (
    TournamentError,
    check_cash_table,
    check_registration,
    check_setup,
    club_setup,
    validate_setup,
)


def test_club_preset_values() -> None:
    club = club_setup()
    assert (club.entry_fee, club.start_stack, club.chip_value) == (2500, 100, 25)
    assert (club.ante, club.small_blind, club.big_blind) == (1, 1, 2)
    assert (club.max_per_round, club.max_per_hand) == (6, 25)
    assert (club.rebuys_per_player, club.rebuy_fee, club.rebuy_stack) == (1, 2500, 100)
    assert club.profile == "belgium"
    assert club.chips_eur(club.max_per_hand) == "6.25 EUR"
    validate_setup(club)
    check_setup(club)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"entry_fee": 5001},
         "Entry fee 50.01 EUR is above the 50.00 EUR allowed by Belgian law (TO5): lower the entry fee"),
        ({"rebuy_fee": 6000},
         "Rebuy fee 60.00 EUR is above the 50.00 EUR allowed by Belgian law (TO5): lower the rebuy fee"),
        ({"reentries_per_player": 1, "rebuys_per_player": 0, "reentry_fee": 7500},
         "Re-entry fee 75.00 EUR is above the 50.00 EUR allowed by Belgian law (TO5): lower the "
         "re-entry fee"),
        ({"rebuys_per_player": 2},
         "2 rebuy(s) plus 0 re-entry(ies) per player: Belgian law allows at most one re-entry or "
         "rebuy after elimination (TO5)"),
        ({"reentries_per_player": 1},
         "1 rebuy(s) plus 1 re-entry(ies) per player: Belgian law allows at most one re-entry or "
         "rebuy after elimination (TO5)"),
        ({"credit": True},
         "No credit under Belgian law (TO5): every entry and rebuy must be paid"),
        ({"online": True},
         "Belgian law allows only play in the real world, not over the internet (TO5)"),
        ({"min_age": 16},
         "Minimum age 16: Belgian law allows adults only, 18 or older (TO5)"),
    ],
)  # fmt: skip
def test_to5_belgian_setup_refusals(changes: dict, message: str) -> None:
    setup = club_setup(**changes)
    with pytest.raises(TournamentError) as err:
        check_setup(setup)
    assert str(err.value) == message
    assert err.value.rule == "TO5"


def test_to5_entry_of_exactly_50_is_allowed() -> None:
    check_setup(club_setup(entry_fee=5000, rebuy_fee=5000))


def test_to5_profile_none_allows_what_belgium_refuses() -> None:
    check_setup(club_setup(profile="none", entry_fee=10000, rebuys_per_player=3, credit=True))
    check_cash_table("none")


def test_to5_cash_tables_refused_in_belgium() -> None:
    with pytest.raises(TournamentError) as err:
        check_cash_table("belgium")
    assert str(err.value) == "Cash tables are not allowed under Belgian law: tournament form only (TO5)"


def test_to5_registration_refusals() -> None:
    club = club_setup()
    with pytest.raises(TournamentError) as err:
        check_registration(club, "Ann", paid=True, age_confirmed=False)
    assert str(err.value) == (
        "Ann: adults only under Belgian law (TO5): the organiser must confirm the player is 18 or older"
    )
    with pytest.raises(TournamentError) as err:
        check_registration(club, "Ann", paid=False, age_confirmed=True)
    assert str(err.value) == (
        "No credit under Belgian law (TO5): the entry must be paid before it is recorded"
    )
    check_registration(club, "Ann", paid=True, age_confirmed=True)
    credit = club_setup(profile="none", credit=True)
    check_registration(credit, "Bob", paid=False, age_confirmed=False)
    with pytest.raises(TournamentError, match="this tournament gives no credit"):
        check_registration(club_setup(profile="none"), "Bob", paid=False, age_confirmed=True)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"start_stack": 0}, "Start stack (chips) must be a whole number of at least 1 (got 0)"),
        ({"small_blind": 3}, "Small blind 0.75 EUR is more than the big blind 0.50 EUR (F1)"),
        ({"max_per_round": 1}, "Maximum per round 0.25 EUR is below the big blind 0.50 EUR (L4)"),
        ({"max_per_hand": 2}, "Maximum per hand 0.50 EUR is below ante plus big blind 0.75 EUR (L4)"),
        ({"profile": "france"}, "Unknown compliance profile 'france' (choose belgium or none)"),
        ({"max_per_table": 11}, "At most 10 players a table (got 11)"),
        ({"entry_fee": 25.0}, "Entry fee (cents) must be a whole number of at least 0 (got 25.0)"),
        ({"name": " "}, "The tournament needs a name"),
    ],
)  # fmt: skip
def test_setup_validation_messages(changes: dict, message: str) -> None:
    with pytest.raises(TournamentError) as err:
        validate_setup(club_setup(**changes))
    assert str(err.value) == message
