"""Tournament set-up: fees, stacks, limits, rebuys and re-entries, with the "club" preset.

Money paid by players (fees) is in euro cents; chips (stacks, blinds, caps) are in chip
units, the smallest chip (rule L5). The club of [S0] uses a 0.25 EUR chip, so its 25.00 EUR
start stack is 100 units.

>>> club = club_setup()
>>> club.start_stack, club.big_blind, club.max_per_round, club.max_per_hand
(100, 2, 6, 25)
>>> validate_setup(club)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from dealer_app.engine.tournament.errors import TournamentError
from dealer_app.engine.tournament.money import eur

#: Compliance profile names (see :mod:`dealer_app.engine.tournament.compliance`).
PROFILE_BELGIUM = "belgium"
PROFILE_NONE = "none"
PROFILES = (PROFILE_BELGIUM, PROFILE_NONE)


@dataclass(frozen=True)
class TournamentSetup:
    """Everything the organiser fixes before registration opens.

    Parameters:
        name: shown on screens and exports.
        entry_fee: price of one entry, euro cents.
        start_stack: chips of one entry, chip units.
        chip_value: euro cents one chip unit stands for (0.25 EUR = 25).
        ante, small_blind, big_blind: forced bets, chip units (F1, F2).
        max_per_round: most one player may put in during one betting round (L4), or ``None``.
        max_per_hand: most one player may put in during one hand, ante included (L4), or ``None``.
        rebuys_per_player: rebuys a player may take after being eliminated (TO1); a rebuy keeps
            the seat.
        rebuy_fee: euro cents; rebuy_stack: chip units.
        rebuy_deadline_minutes: minutes after the start during which a rebuy is possible;
            ``None`` means until the final table is drawn.
        reentries_per_player: re-entries after elimination; a re-entry gets a new random seat.
        reentry_fee: euro cents (a re-entry brings ``start_stack`` chips).
        max_per_table: most players at one table (the chart of TO2 never seats more than 9).
        profile: compliance profile, ``"belgium"`` or ``"none"``.
        credit: whether an entry may be recorded as owed instead of paid.
        online: whether players take part over the internet.
        min_age: youngest age allowed to play.
        same_hand_ties: players busting in the same hand with equal starting chips either
            ``"draw"`` a card for the place (house default: every position used once) or
            ``"share"`` it (TDA 21).
    """

    name: str = "Club tournament"
    entry_fee: int = 2500
    start_stack: int = 100
    chip_value: int = 25
    ante: int = 1
    small_blind: int = 1
    big_blind: int = 2
    max_per_round: int | None = 6
    max_per_hand: int | None = 25
    rebuys_per_player: int = 1
    rebuy_fee: int = 2500
    rebuy_stack: int = 100
    rebuy_deadline_minutes: int | None = None
    reentries_per_player: int = 0
    reentry_fee: int = 2500
    max_per_table: int = 9
    profile: str = PROFILE_BELGIUM
    credit: bool = False
    online: bool = False
    min_age: int = 18
    same_hand_ties: str = "draw"

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TournamentSetup:
        """Inverse of :meth:`to_dict`; unknown keys are refused with their names."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise TournamentError(f"Unknown set-up field(s): {', '.join(unknown)}")
        return cls(**data)

    def chips_eur(self, chips: int) -> str:
        """Write an amount of chip units in euros, e.g. ``100`` -> ``'25.00 EUR'``."""
        return eur(chips * self.chip_value)


def club_setup(**changes: Any) -> TournamentSetup:
    """The preset "club" of [S0]: entry 25 EUR, start stack 25.00, chip 0.25, ante 0.25,
    SB 0.25, BB 0.50, at most 1.50 per player per round and 6.25 per hand, one rebuy of
    25 EUR, Belgian compliance profile on. ``changes`` override single fields."""
    return replace(TournamentSetup(), **changes)


PRESETS = {"club": club_setup}


def _whole(value: object, what: str, minimum: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise TournamentError(f"{what} must be a whole number of at least {minimum} (got {value!r})")


def validate_setup(setup: TournamentSetup) -> None:
    """Raise :class:`TournamentError` naming the first field that makes no sense.

    These checks hold for every profile; the law's limits are in
    :func:`dealer_app.engine.tournament.compliance.check_setup`.
    """
    if not setup.name.strip():
        raise TournamentError("The tournament needs a name")
    _whole(setup.entry_fee, "Entry fee (cents)", 0)
    _whole(setup.chip_value, "Chip value (cents)", 1)
    _whole(setup.start_stack, "Start stack (chips)", 1)
    _whole(setup.ante, "Ante (chips)", 0)
    _whole(setup.small_blind, "Small blind (chips)", 0)
    _whole(setup.big_blind, "Big blind (chips)", 1)
    _whole(setup.rebuys_per_player, "Rebuys per player", 0)
    _whole(setup.rebuy_fee, "Rebuy fee (cents)", 0)
    _whole(setup.rebuy_stack, "Rebuy stack (chips)", 1)
    _whole(setup.reentries_per_player, "Re-entries per player", 0)
    _whole(setup.reentry_fee, "Re-entry fee (cents)", 0)
    _whole(setup.max_per_table, "Players per table", 2)
    _whole(setup.min_age, "Minimum age", 0)
    if setup.max_per_table > 10:
        raise TournamentError(f"At most 10 players a table (got {setup.max_per_table})")
    if setup.rebuy_deadline_minutes is not None:
        _whole(setup.rebuy_deadline_minutes, "Rebuy deadline (minutes)", 0)
    if setup.profile not in PROFILES:
        raise TournamentError(
            f"Unknown compliance profile {setup.profile!r} (choose {' or '.join(PROFILES)})"
        )
    if setup.same_hand_ties not in ("draw", "share"):
        raise TournamentError(
            f"Same-hand ties are decided by 'draw' or 'share' (got {setup.same_hand_ties!r})"
        )
    if setup.small_blind > setup.big_blind:
        raise TournamentError(
            f"Small blind {setup.chips_eur(setup.small_blind)} is more than the big blind "
            f"{setup.chips_eur(setup.big_blind)} (F1)",
            "F1",
        )
    if setup.max_per_round is not None:
        _whole(setup.max_per_round, "Maximum per round (chips)", 1)
        if setup.max_per_round < setup.big_blind:
            raise TournamentError(
                f"Maximum per round {setup.chips_eur(setup.max_per_round)} is below the big "
                f"blind {setup.chips_eur(setup.big_blind)} (L4)",
                "L4",
            )
    if setup.max_per_hand is not None:
        _whole(setup.max_per_hand, "Maximum per hand (chips)", 1)
        if setup.max_per_hand < setup.ante + setup.big_blind:
            raise TournamentError(
                f"Maximum per hand {setup.chips_eur(setup.max_per_hand)} is below ante plus big "
                f"blind {setup.chips_eur(setup.ante + setup.big_blind)} (L4)",
                "L4",
            )
    if setup.start_stack < setup.ante + setup.big_blind:
        raise TournamentError(
            f"Start stack {setup.chips_eur(setup.start_stack)} cannot pay ante and big blind",
        )
