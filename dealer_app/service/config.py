"""The configuration of one table: seats, structure, levels, house options."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from dealer_app.engine.structures import BettingKind, Structure
from dealer_app.engine.table import MAX_SEATS, MIN_SEATS, Level
from dealer_app.engine.tournament.cash import CashRules
from dealer_app.engine.tournament.errors import TournamentError

STRUCTURES = {
    "no-limit": BettingKind.NO_LIMIT,
    "pot-limit": BettingKind.POT_LIMIT,
    "fixed-limit": BettingKind.FIXED_LIMIT,
    "capped": BettingKind.CAPPED,
}
MISDEAL_BUTTON = ("same", "moves")
LANGUAGES = ("en", "nl")


class ConfigError(ValueError):
    """A table configuration that cannot be played; the message names the field."""


@dataclass(frozen=True)
class TableConfig:
    """One table. Amounts are money units (the smallest chip, worth ``chip_cents`` cents).

    ``levels`` with one level: fixed limits. Several: a schedule; the level clock moves
    to the next level between hands once ``minutes`` have run (WT 79); the last level, or
    one with ``minutes`` 0, lasts for ever.

    ``cash``: the posted rules of a cash table (C1-C5: buy-in window, sit-out limit, return
    window, rake percentage), ``None`` for a tournament table. A cash table has one level
    whose big blind is ``cash.big_blind`` and at most ``cash.max_seats`` seats. Open one
    with :func:`dealer_app.tournament.cash.cash_table_config`, which checks the compliance
    profile (TO5).

    ``rake_cap``: the most rake one hand gives up, in chips (0: no cap); only at a cash
    table that takes a rake (``cash.rake_percent`` > 0, C5 "optional rake";
    :mod:`dealer_app.service.rake`).
    """

    name: str = "Table 1"
    seats: int = 9
    currency: str = "EUR"
    chip_cents: int = 25
    structure: str = "capped"
    levels: tuple[Level, ...] = field(
        default_factory=lambda: (Level(sb=1, bb=2, ante=1, round_cap=6, hand_cap=25),)
    )
    new_player_posts_bb: bool = False
    misdeal_button: str = "same"
    language: str = "en"
    cash: CashRules | None = None
    rake_cap: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "levels", tuple(self.levels))
        self.validate()

    @classmethod
    def club(cls, **changes: Any) -> TableConfig:
        """The club preset (L4): ante 0.25, SB 0.25, BB 0.50, 1.50 a round, 6.25 a hand."""
        return replace(cls(), **changes)

    def validate(self) -> None:
        """Raise :class:`ConfigError` naming the first bad field."""
        if not isinstance(self.name, str) or not self.name.strip():
            raise ConfigError("name: must not be empty")
        if not isinstance(self.seats, int) or not MIN_SEATS <= self.seats <= MAX_SEATS:
            raise ConfigError(f"seats: must be {MIN_SEATS} to {MAX_SEATS}, got {self.seats!r}")
        if self.chip_cents < 1:
            raise ConfigError(f"chip_cents: must be at least 1, got {self.chip_cents}")
        if self.structure not in STRUCTURES:
            raise ConfigError(
                f"structure: must be one of {', '.join(STRUCTURES)}, got {self.structure!r}"
            )
        if self.misdeal_button not in MISDEAL_BUTTON:
            raise ConfigError(f"misdeal_button: must be same or moves, got {self.misdeal_button!r}")
        if self.language not in LANGUAGES:
            raise ConfigError(f"language: must be en or nl, got {self.language!r}")
        if not self.levels:
            raise ConfigError("levels: at least one level")
        for index, level in enumerate(self.levels, 1):
            try:
                self.structure_for(level).validate()
            except ValueError as exc:
                raise ConfigError(f"levels[{index}]: {exc}") from exc
            if level.minutes < 0:
                raise ConfigError(f"levels[{index}]: minutes must be 0 or more")
        if self.cash is not None:
            self._validate_cash(self.cash)
        if isinstance(self.rake_cap, bool) or not isinstance(self.rake_cap, int) or self.rake_cap < 0:
            raise ConfigError(f"rake_cap: must be a whole number of chips, 0 or more, got {self.rake_cap!r}")
        if self.rake_cap and (self.cash is None or not self.cash.rake_percent):
            raise ConfigError("rake_cap: only a cash table that takes a rake (cash.rake_percent > 0) has a rake cap")

    def _validate_cash(self, cash: CashRules) -> None:
        if not isinstance(cash, CashRules):
            raise ConfigError("cash: must be the cash-table rules or None")
        if len(self.levels) != 1:
            raise ConfigError("cash: a cash table plays one fixed level (no level clock)")
        if cash.big_blind != self.levels[0].bb:
            raise ConfigError(
                f"cash.big_blind: must equal the level's big blind {self.levels[0].bb}, got {cash.big_blind}"
            )
        if self.seats > cash.max_seats:
            raise ConfigError(f"seats: a cash table seats at most {cash.max_seats} (C1), got {self.seats}")

    def structure_for(self, level: Level) -> Structure:
        """The engine's betting structure for one level."""
        kind = STRUCTURES[self.structure]
        capped = kind is BettingKind.CAPPED
        return Structure(
            kind=kind,
            small_blind=level.sb,
            big_blind=level.bb,
            ante=level.ante,
            round_cap=level.round_cap if capped else None,
            hand_cap=level.hand_cap if capped else None,
        )

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "seats": self.seats,
            "currency": self.currency,
            "chip_cents": self.chip_cents,
            "structure": self.structure,
            "levels": [level.to_dict() for level in self.levels],
            "new_player_posts_bb": self.new_player_posts_bb,
            "misdeal_button": self.misdeal_button,
            "language": self.language,
            **({"cash": self.cash.to_dict()} if self.cash is not None else {}),
            **({"rake_cap": self.rake_cap} if self.rake_cap else {}),
        }

    @classmethod
    def from_dict(cls, data: dict) -> TableConfig:
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(data) - known)
        if unknown:
            raise ConfigError(f"{unknown[0]}: unknown field")
        values = dict(data)
        if "levels" in values:
            try:
                values["levels"] = tuple(Level.from_dict(d) for d in values["levels"])
            except TypeError as exc:
                raise ConfigError(f"levels: {exc}") from exc
        if values.get("cash") is not None:
            try:
                values["cash"] = CashRules.from_dict(values["cash"])
            except (TypeError, TournamentError) as exc:
                raise ConfigError(f"cash: {exc}") from exc
        return cls(**values)
