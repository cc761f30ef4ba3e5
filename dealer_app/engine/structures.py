"""Betting structures, forced bets and the set-up of one hand.

A :class:`Structure` says how much may be bet (No-Limit, Pot-Limit, Fixed-Limit or the
club's capped structure, rules L1-L4) and which house options apply. A :class:`HandSetup`
says who is in the hand (table seat numbers 1..10 with their stacks), where the button is
and which forced bets are posted, in order (:class:`Post`).

>>> nl = Structure(BettingKind.NO_LIMIT, small_blind=1, big_blind=2)
>>> setup = HandSetup.standard({1: 100, 4: 100, 6: 100}, button=6, structure=nl)
>>> [(p.seat, p.kind.value, p.amount) for p in setup.posts]
[(1, 'small_blind', 1), (4, 'big_blind', 2)]
>>> HandSetup.standard({2: 50, 5: 50}, button=5, structure=nl).posts[0]
Post(seat=5, kind=<PostKind.SMALL_BLIND: 'small_blind'>, amount=1)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from enum import Enum, StrEnum
from typing import Any

MAX_SEAT = 10


class SetupError(ValueError):
    """A structure or hand set-up that cannot be played; the message says what to fix."""


class BettingKind(StrEnum):
    """How much a player may bet (rules L1-L4)."""

    NO_LIMIT = "NL"
    POT_LIMIT = "PL"
    FIXED_LIMIT = "FL"
    CAPPED = "CAPPED"


class AnteMode(StrEnum):
    """Who pays the ante (F2): every player, the big blind for the table, or the button."""

    EACH = "each"
    BIG_BLIND = "big_blind"
    BUTTON = "button"


class PostKind(StrEnum):
    """A forced bet; see docs/engine-api.md for the meaning of each kind."""

    ANTE = "ante"
    BIG_BLIND_ANTE = "big_blind_ante"
    SMALL_BLIND = "small_blind"
    BIG_BLIND = "big_blind"
    STRADDLE = "straddle"
    LIVE = "live"
    DEAD = "dead"

    @property
    def is_live(self) -> bool:
        """True when the chips are part of the poster's pre-flop bet."""
        return self in (PostKind.SMALL_BLIND, PostKind.BIG_BLIND, PostKind.STRADDLE, PostKind.LIVE)


@dataclass(frozen=True)
class Structure:
    """Betting structure, blinds, antes and house options of a hand (amounts in chip units).

    Parameters: ``kind`` (:class:`BettingKind`), ``small_blind``, ``big_blind``, ``ante``
    (0 = none) with ``ante_mode``; Fixed-Limit ``small_bet``/``big_bet`` (default the big
    blind and twice that), ``max_raises`` after the opening bet (WSOP: 4; ``None`` =
    unlimited) and ``heads_up_unlimited`` (WL 127); capped ``round_cap``/``hand_cap`` (L4);
    ``chip_unit`` (smallest chip, L5, P5); ``straddle_min_raise`` ("straddle" or
    "big_blind", T21); ``pl_open_bb_multiple`` (T28, 0 = off); ``run_it_twice`` (P6).
    """

    kind: BettingKind = BettingKind.NO_LIMIT
    small_blind: int = 1
    big_blind: int = 2
    ante: int = 0
    ante_mode: AnteMode = AnteMode.EACH
    small_bet: int | None = None
    big_bet: int | None = None
    max_raises: int | None = 4
    heads_up_unlimited: bool = True
    round_cap: int | None = None
    hand_cap: int | None = None
    chip_unit: int = 1
    straddle_min_raise: str = "straddle"
    pl_open_bb_multiple: int = 0
    run_it_twice: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", BettingKind(self.kind))
        object.__setattr__(self, "ante_mode", AnteMode(self.ante_mode))
        self.validate()

    @property
    def fixed_small_bet(self) -> int:
        """Fixed-Limit bet size pre-flop and on the flop."""
        return self.small_bet if self.small_bet is not None else self.big_blind

    @property
    def fixed_big_bet(self) -> int:
        """Fixed-Limit bet size on the turn and river (L3: double)."""
        return self.big_bet if self.big_bet is not None else 2 * self.fixed_small_bet

    def validate(self) -> None:
        """Raise :class:`SetupError` naming the first thing that is wrong."""
        for name in ("small_blind", "big_blind", "ante", "chip_unit", "pl_open_bb_multiple"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise SetupError(f"{name} must be a whole number of chips >= 0, not {value!r}")
        if self.chip_unit < 1:
            raise SetupError("chip_unit must be at least 1")
        if self.big_blind < 1:
            raise SetupError("big_blind must be at least 1")
        for name in ("small_blind", "big_blind", "ante"):
            if getattr(self, name) % self.chip_unit:
                raise SetupError(f"{name} {getattr(self, name)} is not a whole number of chips of {self.chip_unit}")
        if self.straddle_min_raise not in ("straddle", "big_blind"):
            raise SetupError("straddle_min_raise must be 'straddle' or 'big_blind'")
        capped = self.kind is BettingKind.CAPPED
        if not capped and (self.round_cap is not None or self.hand_cap is not None):
            raise SetupError("round_cap and hand_cap belong to the capped structure only")
        if capped:
            if self.round_cap is None and self.hand_cap is None:
                raise SetupError("the capped structure needs a round_cap or a hand_cap")
            for name in ("round_cap", "hand_cap"):
                value = getattr(self, name)
                if value is not None and (not isinstance(value, int) or value < self.big_blind):
                    raise SetupError(f"{name} must be at least the big blind ({self.big_blind})")
        if self.kind is BettingKind.FIXED_LIMIT:
            if self.fixed_small_bet < 1 or self.fixed_big_bet < 1:
                raise SetupError("Fixed-Limit needs positive bet sizes")
            if self.max_raises is not None and self.max_raises < 0:
                raise SetupError("max_raises must be >= 0 or None")

    def to_dict(self) -> dict[str, Any]:
        """JSON form (enums as their values)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = value.value if isinstance(value, Enum) else value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Structure:
        """Inverse of :meth:`to_dict`; unknown keys raise :class:`SetupError`."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise SetupError(f"Unknown structure field {unknown[0]!r}")
        return cls(**dict(data))


@dataclass(frozen=True)
class Post:
    """One forced bet: ``seat`` posts ``amount`` as ``kind`` (a short stack posts what it has)."""

    seat: int
    kind: PostKind
    amount: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", PostKind(self.kind))

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind.value, "amount": self.amount}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Post:
        return cls(int(data["seat"]), PostKind(data["kind"]), int(data["amount"]))


def clockwise_from(seats: list[int] | tuple[int, ...], button: int) -> tuple[int, ...]:
    """Seats ordered clockwise starting with the first seat left of ``button``."""
    ordered = sorted(seats)
    after = [s for s in ordered if s > button]
    before = [s for s in ordered if s <= button]
    return tuple(after + before)


@dataclass(frozen=True)
class HandSetup:
    """Who plays the hand, where the button is, which forced bets are posted, and how.

    ``seats`` are ``(seat, stack)`` pairs (table seat numbers 1..10); ``posts`` are posted
    in order before the deal. Use :meth:`standard` for the usual blinds and antes.
    """

    seats: tuple[tuple[int, int], ...]
    button: int
    structure: Structure
    posts: tuple[Post, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple((int(s), int(k)) for s, k in self.seats))
        object.__setattr__(self, "posts", tuple(self.posts))
        self.validate()

    @property
    def order(self) -> tuple[int, ...]:
        """Seats in the hand, clockwise from the first seat left of the button."""
        return clockwise_from([s for s, _ in self.seats], self.button)

    @property
    def stacks(self) -> dict[int, int]:
        """Starting stack by seat."""
        return dict(self.seats)

    def validate(self) -> None:
        """Raise :class:`SetupError` for a hand that cannot be dealt."""
        numbers = [s for s, _ in self.seats]
        if len(numbers) < 2:
            raise SetupError("A hand needs at least two players")
        if len(set(numbers)) != len(numbers):
            raise SetupError("A seat appears twice in the hand")
        for seat, stack in self.seats:
            if not 1 <= seat <= MAX_SEAT:
                raise SetupError(f"Seat {seat} does not exist (seats are 1..{MAX_SEAT})")
            if stack < 1:
                raise SetupError(f"Seat {seat} has no chips and cannot be dealt in")
        if not 1 <= self.button <= MAX_SEAT:
            raise SetupError(f"Button seat {self.button} does not exist")
        unit = self.structure.chip_unit
        for post in self.posts:
            if post.seat not in numbers:
                raise SetupError(f"Seat {post.seat} posts but is not in the hand")
            if post.amount < 0 or post.amount % unit:
                raise SetupError(f"Post of {post.amount} by seat {post.seat} is not a whole number of chips")
        has_bb = any(p.kind is PostKind.BIG_BLIND for p in self.posts)
        if not has_bb and any(p.kind is PostKind.SMALL_BLIND for p in self.posts):
            raise SetupError("A small blind without a big blind")

    @classmethod
    def standard(
        cls,
        stacks: Mapping[int, int],
        button: int,
        structure: Structure,
        straddle: tuple[int, int] | None = None,
    ) -> HandSetup:
        """The usual forced bets: antes, SB left of the button, BB next (heads-up: button = SB, T2)."""
        seats = tuple(sorted((int(s), int(k)) for s, k in stacks.items()))
        if len(seats) < 2:
            raise SetupError("A hand needs at least two players")
        order = clockwise_from([s for s, _ in seats], button)
        if len(order) == 2:
            sb_seat, bb_seat = order[1], order[0]
        else:
            sb_seat, bb_seat = order[0], order[1]
        posts: list[Post] = []
        if structure.ante and structure.ante_mode is AnteMode.EACH:
            posts += [Post(s, PostKind.ANTE, structure.ante) for s in order]
        if structure.ante and structure.ante_mode is AnteMode.BUTTON:
            posts.append(Post(order[-1], PostKind.ANTE, structure.ante))
        if structure.small_blind:
            posts.append(Post(sb_seat, PostKind.SMALL_BLIND, structure.small_blind))
        posts.append(Post(bb_seat, PostKind.BIG_BLIND, structure.big_blind))
        if structure.ante and structure.ante_mode is AnteMode.BIG_BLIND:
            posts.append(Post(bb_seat, PostKind.BIG_BLIND_ANTE, structure.ante))
        if straddle is not None:
            posts.append(Post(straddle[0], PostKind.STRADDLE, straddle[1]))
        return cls(seats=seats, button=button, structure=structure, posts=tuple(posts))

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "seats": [[s, k] for s, k in self.seats],
            "button": self.button,
            "structure": self.structure.to_dict(),
            "posts": [p.to_dict() for p in self.posts],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HandSetup:
        """Inverse of :meth:`to_dict`."""
        return cls(
            seats=tuple((int(s), int(k)) for s, k in data["seats"]),
            button=int(data["button"]),
            structure=Structure.from_dict(data["structure"]),
            posts=tuple(Post.from_dict(p) for p in data.get("posts", ())),
        )
