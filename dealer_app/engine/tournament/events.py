"""Tournament events: one frozen dataclass per thing that happened, with ``to_dict``/``from_dict``.

The tournament is kept as these events (in the same append-only log as a table's events),
so that other tables and screens can follow it. Every field is JSON-ready: players are
integer ids from registration, tables are short strings (``"1"``, ``"2"``, ``"final"``),
chips are integer chip units, fees integer cents, ``at`` an ISO-8601 UTC time given by the
service (the rules never read a clock). Mappings are tuples of pairs so that JSON keeps
integer keys.

>>> event = PlayerRegistered(player=1, name="Ann", paid=True, age_confirmed=True,
...                          at="2026-11-29T19:00:00+00:00")
>>> event_from_dict(event.to_dict()) == event
True
>>> event.to_dict()["type"]
'player_registered'
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar

from dealer_app.engine.tournament.errors import TournamentError
from dealer_app.engine.tournament.setup import TournamentSetup

Pairs = tuple[tuple[int, int], ...]


def _tupled(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_tupled(v) for v in value)
    return value


def _listed(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_listed(v) for v in value]
    return value


@dataclass(frozen=True)
class TournamentEvent:
    """Base of every tournament event; ``kind`` is its ``type`` in the dict form."""

    kind: ClassVar[str] = ""
    at: str

    def to_dict(self) -> dict[str, Any]:
        """``{"type": kind, field: value, ...}`` with lists for tuples."""
        data: dict[str, Any] = {"type": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = value.to_dict() if isinstance(value, TournamentSetup) else _listed(value)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TournamentEvent:
        """Rebuild the event from :meth:`to_dict` output (the ``type`` key is ignored here)."""
        values = {}
        for f in fields(cls):
            if f.name not in data:
                if f.default is not MISSING:
                    continue
                raise TournamentError(f"Event {cls.kind!r} lacks field {f.name!r}")
            raw = data[f.name]
            values[f.name] = (
                TournamentSetup.from_dict(raw) if f.name == "setup" else _tupled(raw)
            )
        return cls(**values)


@dataclass(frozen=True)
class TournamentCreated(TournamentEvent):
    """The organiser fixed the set-up (validated and compliance-checked)."""

    kind: ClassVar[str] = "tournament_created"
    setup: TournamentSetup


@dataclass(frozen=True)
class PlayerRegistered(TournamentEvent):
    """A player entered: paid entry (``paid``), age confirmed by the organiser."""

    kind: ClassVar[str] = "player_registered"
    player: int
    name: str
    paid: bool
    age_confirmed: bool


@dataclass(frozen=True)
class TablesPlanned(TournamentEvent):
    """The organiser confirmed the table sizes (the chart row, or a proposal, maybe edited)."""

    kind: ClassVar[str] = "tables_planned"
    sizes: tuple[int, ...]


@dataclass(frozen=True)
class TableSeated(TournamentEvent):
    """A table's seats from the card draw (T4): ``seats`` are (seat, player) pairs, the button
    in seat 1; ``draws`` holds every round's (player, card) pairs. ``final`` marks the final
    table, whose stacks carry over (TO3)."""

    kind: ClassVar[str] = "table_seated"
    table: str
    seats: Pairs
    draws: tuple[tuple[tuple[int, str], ...], ...]
    final: bool


@dataclass(frozen=True)
class HandRecorded(TournamentEvent):
    """A hand finished at ``table``: (player, chips) before and after, for every seated player.

    ``hand`` is the table's hand number (its own log keeps the actions). ``tie_order`` lists
    the players who busted in this hand in the order of their card draw, highest first: it
    decides the places of players who started the hand with equal chips (house option
    ``same_hand_ties="draw"``)."""

    kind: ClassVar[str] = "hand_recorded"
    table: str
    hand: int
    start_stacks: Pairs
    end_stacks: Pairs
    tie_order: tuple[int, ...] = ()


@dataclass(frozen=True)
class Rebought(TournamentEvent):
    """An eliminated player bought a rebuy (TO1) and keeps the seat."""

    kind: ClassVar[str] = "rebought"
    player: int
    paid: bool


@dataclass(frozen=True)
class ReEntered(TournamentEvent):
    """An eliminated player entered again and drew a new random seat."""

    kind: ClassVar[str] = "re_entered"
    player: int
    paid: bool
    table: str
    seat: int


@dataclass(frozen=True)
class ReturnDeclined(TournamentEvent):
    """An eliminated player who could rebuy or re-enter chose not to: out for good."""

    kind: ClassVar[str] = "return_declined"
    player: int


@dataclass(frozen=True)
class PlayerExcluded(TournamentEvent):
    """A cheating player was excluded at ``table`` (I3): out at once, the chips shared among
    the players still at that table as (player, chips) ``shares``."""

    kind: ClassVar[str] = "player_excluded"
    player: int
    table: str
    reason: str
    shares: Pairs


@dataclass(frozen=True)
class PayoutSplitSet(TournamentEvent):
    """The organiser's payout split in whole percent of the prize pool, first place first."""

    kind: ClassVar[str] = "payout_split_set"
    percent: tuple[int, ...]


EVENT_TYPES: dict[str, type[TournamentEvent]] = {
    cls.kind: cls
    for cls in (
        TournamentCreated,
        PlayerRegistered,
        TablesPlanned,
        TableSeated,
        HandRecorded,
        Rebought,
        ReEntered,
        ReturnDeclined,
        PlayerExcluded,
        PayoutSplitSet,
    )
}


def event_from_dict(data: dict[str, Any]) -> TournamentEvent:
    """Rebuild any tournament event from its dict form."""
    kind = data.get("type")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise TournamentError(f"Unknown tournament event type {kind!r}")
    return cls.from_dict(data)
