"""The Belgian compliance profile (rule TO5): what the law allows a club to organise.

Kansspelcommissie note of 12 October 2022, as quoted in [S0]: adults only; no credit;
played in the real world, not over the internet; tournament form only (no cash games);
entry at most 50 EUR; at most one re-entry after elimination. With the profile ``"none"``
every check passes. Each refusal names the rule and says what to change.

>>> from dealer_app.engine.tournament.setup import club_setup
>>> check_setup(club_setup(entry_fee=6000))
Traceback (most recent call last):
...
dealer_app.engine.tournament.errors.TournamentError: Entry fee 60.00 EUR is above the 50.00 EUR allowed by Belgian law (TO5): lower the entry fee
"""

from __future__ import annotations

from dealer_app.engine.tournament.errors import TournamentError
from dealer_app.engine.tournament.money import eur
from dealer_app.engine.tournament.setup import PROFILE_BELGIUM, TournamentSetup

#: Highest price of one participation under the Belgian profile, euro cents.
BELGIUM_MAX_ENTRY = 5000
#: Most re-entries or rebuys after elimination, together, under the Belgian profile.
BELGIUM_MAX_RETURNS = 1
#: Adults only.
BELGIUM_MIN_AGE = 18


def _refuse(message: str) -> None:
    raise TournamentError(f"{message}", "TO5")


def check_setup(setup: TournamentSetup) -> None:
    """Refuse a set-up that breaks the profile (TO5)."""
    if setup.profile != PROFILE_BELGIUM:
        return
    for what, fee in (
        ("Entry fee", setup.entry_fee),
        ("Rebuy fee", setup.rebuy_fee if setup.rebuys_per_player else 0),
        ("Re-entry fee", setup.reentry_fee if setup.reentries_per_player else 0),
    ):
        if fee > BELGIUM_MAX_ENTRY:
            _refuse(
                f"{what} {eur(fee)} is above the {eur(BELGIUM_MAX_ENTRY)} allowed by Belgian "
                f"law (TO5): lower the {what.lower()}"
            )
    returns = setup.rebuys_per_player + setup.reentries_per_player
    if returns > BELGIUM_MAX_RETURNS:
        _refuse(
            f"{setup.rebuys_per_player} rebuy(s) plus {setup.reentries_per_player} re-entry(ies) "
            f"per player: Belgian law allows at most one re-entry or rebuy after elimination (TO5)"
        )
    if setup.credit:
        _refuse("No credit under Belgian law (TO5): every entry and rebuy must be paid")
    if setup.online:
        _refuse("Belgian law allows only play in the real world, not over the internet (TO5)")
    if setup.min_age < BELGIUM_MIN_AGE:
        _refuse(f"Minimum age {setup.min_age}: Belgian law allows adults only, 18 or older (TO5)")


def check_payment(setup: TournamentSetup, what: str, paid: bool) -> None:
    """Refuse an entry, rebuy or re-entry recorded as owed when credit is not allowed."""
    if paid:
        return
    if setup.profile == PROFILE_BELGIUM:
        _refuse(f"No credit under Belgian law (TO5): the {what} must be paid before it is recorded")
    if not setup.credit:
        raise TournamentError(f"The {what} must be paid: this tournament gives no credit")


def check_registration(setup: TournamentSetup, name: str, paid: bool, age_confirmed: bool) -> None:
    """Refuse a registration that breaks the profile: unpaid entry, age not confirmed."""
    if setup.profile == PROFILE_BELGIUM and not age_confirmed:
        _refuse(
            f"{name}: adults only under Belgian law (TO5): the organiser must confirm the player "
            f"is {max(setup.min_age, BELGIUM_MIN_AGE)} or older"
        )
    check_payment(setup, "entry", paid)


def check_cash_table(profile: str) -> None:
    """Refuse a cash table under the Belgian profile (tournament form only)."""
    if profile == PROFILE_BELGIUM:
        _refuse("Cash tables are not allowed under Belgian law: tournament form only (TO5)")
