"""The event vocabulary of one hand: one frozen dataclass per operation.

Every event has a ``type`` string and round-trips through JSON:

>>> BetRaise(seat=4, to=18).to_dict()
{'type': 'bet_raise', 'seat': 4, 'to': 18}
>>> event_from_dict({'type': 'fold', 'seat': 3})
Fold(seat=3)
>>> event_from_dict({'type': 'show', 'seat': 3, 'cards': 'AsKs'}).cards
'AsKs'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from dealer_app.engine.structures import HandSetup


class EventFormatError(ValueError):
    """A stored event that cannot be read back."""


class IllegalAction(Exception):
    """An event that is not legal now; the hand state is unchanged.

    ``reason`` is English for the dealer ("Minimum raise is to 18"); ``code`` is a stable id
    for translations and ``amounts`` the chip amounts the reason mentions, so the edge can
    render it in Dutch or as money. ``seat`` is the seat concerned, if any.
    """

    def __init__(
        self, code: str, reason: str, seat: int | None = None, amounts: tuple[int, ...] = ()
    ) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.seat = seat
        self.amounts = amounts


@dataclass(frozen=True)
class Event:
    """Base class: subclasses set ``type`` and declare their fields."""

    type: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        """``{"type": ..., **fields}`` ready for JSON."""
        out: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            out[f.name] = getattr(self, f.name)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        """Rebuild the event from :meth:`to_dict` output."""
        names = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - names - {"type"})
        if unknown:
            raise EventFormatError(f"Unknown field {unknown[0]!r} for {cls.type}")
        return cls(**{k: v for k, v in data.items() if k in names})


@dataclass(frozen=True)
class HandStarted(Event):
    """The hand begins; every forced bet of ``setup.posts`` is posted."""

    type: ClassVar[str] = "hand_started"
    setup: HandSetup

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "setup": self.setup.to_dict()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HandStarted:
        return cls(HandSetup.from_dict(data["setup"]))


@dataclass(frozen=True)
class HoleCardsDealt(Event):
    """Hole cards dealt face down: to everyone (``seat=None``) or to one seat.

    ``cards`` is known only in replays; at a live table it is ``None``.
    """

    type: ClassVar[str] = "hole_cards_dealt"
    seat: int | None = None
    cards: str | None = None


@dataclass(frozen=True)
class CardBurned(Event):
    """The dealer burned a card (D2); the card is never known."""

    type: ClassVar[str] = "card_burned"


@dataclass(frozen=True)
class BoardDealt(Event):
    """Board cards: the flop (3), the turn (1) or the river (1)."""

    type: ClassVar[str] = "board_dealt"
    cards: str


@dataclass(frozen=True)
class Fold(Event):
    """The seat folds (binding even when a check was possible, T41)."""

    type: ClassVar[str] = "fold"
    seat: int


@dataclass(frozen=True)
class Check(Event):
    """The seat checks (nothing owed)."""

    type: ClassVar[str] = "check"
    seat: int


@dataclass(frozen=True)
class Call(Event):
    """The seat matches the current bet, or calls all-in for less (A1)."""

    type: ClassVar[str] = "call"
    seat: int


@dataclass(frozen=True)
class BetRaise(Event):
    """The seat bets, raises or completes to ``to`` chips in this round."""

    type: ClassVar[str] = "bet_raise"
    seat: int
    to: int


@dataclass(frozen=True)
class Show(Event):
    """The seat tables its two hole cards."""

    type: ClassVar[str] = "show"
    seat: int
    cards: str


@dataclass(frozen=True)
class Muck(Event):
    """The seat gives up its hand at showdown without showing."""

    type: ClassVar[str] = "muck"
    seat: int


@dataclass(frozen=True)
class RunTwice(Event):
    """Everyone all-in agreed to run the rest of the board twice (P6, house option)."""

    type: ClassVar[str] = "run_twice"


@dataclass(frozen=True)
class HandVoided(Event):
    """The hand cannot be completed (I1, T45): every chip goes back, nothing is awarded."""

    type: ClassVar[str] = "hand_voided"
    reason: str = ""


EVENT_TYPES: dict[str, type[Event]] = {
    cls.type: cls
    for cls in (
        HandStarted,
        HoleCardsDealt,
        CardBurned,
        BoardDealt,
        Fold,
        Check,
        Call,
        BetRaise,
        Show,
        Muck,
        RunTwice,
        HandVoided,
    )
}

#: Events that are a player's betting action.
ACTION_TYPES = (Fold, Check, Call, BetRaise)


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """Rebuild any event from its dict form; unknown types raise :class:`EventFormatError`."""
    cls = EVENT_TYPES.get(data.get("type", ""))
    if cls is None:
        raise EventFormatError(f"Unknown event type {data.get('type')!r}")
    return cls.from_dict(data)
