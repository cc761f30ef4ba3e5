"""The rules of a table across hands: seats, button, blinds owed, levels, exclusion.

Pure: no I/O and no clock (elapsed time is passed in). The table service folds its
events into a :class:`Table` and asks :meth:`Table.plan_hand` who is dealt in, where the
button and the blinds are and who posts what.

The button follows the *moving big blind* (dead-button) rule of WT 85 / TDA 32: the big
blind moves to the next player who can take it; the small blind is placed on the seat of
last hand's big blind (dead when that player is gone or sitting out); the button on the
seat of last hand's small blind (dead when nobody plays from it). Heads-up, the button
posts the small blind and the big blind still moves on, so nobody pays it twice in a row
when the table goes heads-up (WT 87).

>>> t = Table(seat_count=6)
>>> for seat, name in [(1, "Ann"), (3, "Bob"), (5, "Cas")]:
...     t.join(seat, name, 100)
>>> t.place_button(1)
>>> plan = t.plan_hand(Level(sb=1, bb=2))
>>> plan.button, plan.sb, plan.bb, plan.dealt
(1, 3, 5, [3, 5, 1])
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field

MIN_SEATS = 2
MAX_SEATS = 10


class TableError(ValueError):
    """A seat command that the table rules refuse; the message is for the dealer."""


@dataclass(frozen=True)
class Level:
    """The forced bets and caps of one level; ``minutes`` 0 means it never ends."""

    sb: int
    bb: int
    ante: int = 0
    minutes: int = 0
    round_cap: int | None = None
    hand_cap: int | None = None

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> Level:
        return cls(**data)


def level_index(levels: tuple[Level, ...] | list[Level], elapsed_seconds: float) -> int:
    """The level in force after ``elapsed_seconds`` of running clock (WT 79).

    >>> level_index([Level(1, 2, minutes=20), Level(2, 4, minutes=20), Level(5, 10)], 2500)
    2
    """
    end = 0.0
    for index, level in enumerate(levels):
        if level.minutes <= 0:
            return index
        end += level.minutes * 60
        if elapsed_seconds < end:
            return index
    return len(levels) - 1


@dataclass
class Player:
    """A seated player as the table rules see them (between hands)."""

    seat: int
    name: str
    stack: int
    sitting_out: bool = False
    waiting_for_bb: bool = False
    post_next: bool = False
    missed: str | None = None  # None | "sb" | "bb": blinds owed after sitting out

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class Post:
    """A forced bet of the coming hand. ``kind``: ante, sb, bb or dead (a dead small blind
    owed by a returning player: it goes to the pot and is not part of the bet)."""

    seat: int
    kind: str
    amount: int

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class HandPlan:
    """Who plays the next hand and what they post; ``sb`` is ``None`` for a dead small blind."""

    button: int
    button_dead: bool
    sb: int | None
    sb_position: int
    bb: int
    dealt: list[int]
    stacks: dict[int, int]
    posts: list[Post]
    level: Level

    def to_dict(self) -> dict:
        return {
            "button": self.button,
            "button_dead": self.button_dead,
            "sb": self.sb,
            "sb_position": self.sb_position,
            "bb": self.bb,
            "dealt": list(self.dealt),
            "stacks": {str(s): v for s, v in self.stacks.items()},
            "posts": [p.to_dict() for p in self.posts],
            "level": self.level.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict) -> HandPlan:
        return cls(
            button=data["button"],
            button_dead=data["button_dead"],
            sb=data["sb"],
            sb_position=data["sb_position"],
            bb=data["bb"],
            dealt=list(data["dealt"]),
            stacks={int(s): v for s, v in data["stacks"].items()},
            posts=[Post(**p) for p in data["posts"]],
            level=Level.from_dict(data["level"]),
        )


def share_equally(amount: int, seats_from_left_of_button: list[int]) -> dict[int, int]:
    """Split ``amount`` equally; odd chips one at a time in the given (clockwise) order (I3, P5).

    >>> share_equally(11, [4, 6, 1])
    {4: 4, 6: 4, 1: 3}
    """
    if not seats_from_left_of_button:
        raise TableError("Nobody is left at the table to share the chips")
    each, odd = divmod(amount, len(seats_from_left_of_button))
    return {s: each + (1 if i < odd else 0) for i, s in enumerate(seats_from_left_of_button)}


@dataclass
class Table:
    """Seats, the button and blinds owed, between hands.

    Seat commands raise :class:`TableError` and change nothing when refused. The
    service applies a started hand with :meth:`start_hand` and its end with
    :meth:`end_hand`.
    """

    seat_count: int
    players: dict[int, Player] = field(default_factory=dict)
    button: int | None = None
    last_bb: int | None = None
    last_sb_position: int | None = None
    hands_started: int = 0

    def __post_init__(self) -> None:
        if not MIN_SEATS <= self.seat_count <= MAX_SEATS:
            raise TableError(f"A table has {MIN_SEATS} to {MAX_SEATS} seats, not {self.seat_count}")

    def copy(self) -> Table:
        return copy.deepcopy(self)

    # -- seats -------------------------------------------------------------------------

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= self.seat_count:
            raise TableError(f"Seat must be 1 to {self.seat_count}, not {seat!r}")

    def player(self, seat: int) -> Player:
        """The player in ``seat``; refuses an empty seat."""
        self._check_seat(seat)
        if seat not in self.players:
            raise TableError(f"Seat {seat} is empty")
        return self.players[seat]

    def join(self, seat: int, name: str, stack: int, post: bool = False) -> None:
        """Seat a new player. Before the first hand everyone is dealt in; later a new player
        waits for the big blind or, with ``post``, posts one out of position (F4)."""
        self._check_seat(seat)
        if seat in self.players:
            raise TableError(f"Seat {seat} is taken by {self.players[seat].name}")
        if not isinstance(name, str) or not name.strip():
            raise TableError("A player needs a name")
        if any(p.name == name.strip() for p in self.players.values()):
            raise TableError(f"{name.strip()} is already seated")
        _check_amount(stack, "Stack")
        if stack == 0:
            raise TableError("A new player needs chips")
        started = self.last_bb is not None
        self.players[seat] = Player(
            seat, name.strip(), stack, waiting_for_bb=started and not post, post_next=started and post
        )

    def leave(self, seat: int) -> Player:
        """Remove the player from ``seat`` and return them (with their stack)."""
        return self.players.pop(self.player(seat).seat)

    def sit_out(self, seat: int) -> None:
        """No cards and no blinds from the next hand on (C2)."""
        player = self.player(seat)
        if player.sitting_out:
            raise TableError(f"Seat {seat} is already sitting out")
        player.sitting_out = True
        player.post_next = False

    def sit_in(self, seat: int, post: bool = False) -> None:
        """Back in. With blinds owed: post them (``post``) or wait for the big blind (F4)."""
        player = self.player(seat)
        if not player.sitting_out:
            raise TableError(f"Seat {seat} is not sitting out")
        player.sitting_out = False
        if player.missed:  # with nothing owed ``post`` does not matter: back in at once
            player.post_next = post
            player.waiting_for_bb = not post

    def set_stack(self, seat: int, stack: int) -> int:
        """Change a stack between hands (B5); return the old stack."""
        player = self.player(seat)
        _check_amount(stack, "Stack")
        old, player.stack = player.stack, stack
        return old

    def place_button(self, seat: int) -> None:
        """Put the button on a seated player before the first hand (T4)."""
        player = self.player(seat)
        if self.last_bb is not None:
            raise TableError("The button moves by itself once play has started")
        self.button = player.seat

    def exclusion_shares(self, seat: int) -> dict[int, int]:
        """How an excluded player's chips are shared among everyone else seated (I3)."""
        excluded = self.player(seat)
        others = [s for s in self._clockwise_from(self.button or 0) if s in self.players and s != seat]
        return share_equally(excluded.stack, others)

    def exclude(self, seat: int) -> dict[int, int]:
        """Remove a cheating player and share their chips (I3); return the shares."""
        shares = self.exclusion_shares(seat)
        del self.players[seat]
        for s, amount in shares.items():
            self.players[s].stack += amount
        return shares

    # -- hands -------------------------------------------------------------------------

    def _clockwise_from(self, seat: int) -> list[int]:
        """Every seat number after ``seat``, clockwise, ending with ``seat`` itself."""
        n = self.seat_count
        return [(seat + i - 1) % n + 1 for i in range(1, n + 1)]

    def _can_play(self, seat: int) -> bool:
        p = self.players.get(seat)
        return p is not None and not p.sitting_out and p.stack > 0

    def plan_hand(self, level: Level) -> HandPlan:
        """Button, blinds and players of the next hand; raises :class:`TableError` when no hand
        can start."""
        candidates = self._dealable()
        if self.last_bb is None:
            return self._plan_first(level, candidates)
        bb = next(s for s in self._clockwise_from(self.last_bb) if s in candidates)
        dealt = [
            s
            for s in candidates
            if s == bb or not self.players[s].waiting_for_bb or self.players[s].post_next
        ]
        if len(dealt) > 2:
            sb_position = self.last_bb
            button = self.last_sb_position if self.last_sb_position is not None else self.button
            if not self._button_fits(button, sb_position, bb):
                button = self._seat_before(sb_position, exclude=bb, among=dealt)
            # WL 158: nobody posts in between the button and the small blind; they wait.
            between = self._clockwise_from(button)[: self._clockwise_from(button).index(sb_position)]
            dealt = [s for s in dealt if s == bb or not (self.players[s].post_next and s in between)]
            if len(dealt) > 2:
                sb = sb_position if sb_position in dealt and sb_position != bb else None
                return self._make_plan(level, button, button not in dealt, sb, sb_position, bb, dealt)
        if len(dealt) < 2:
            # too few to deal (newcomers waiting for the BB, or every player but the BB a new
            # poster between the button and the small blind): all play, as on a first hand
            return self._plan_first(level, candidates)
        other = dealt[0] if dealt[1] == bb else dealt[1]
        return self._make_plan(level, other, False, other, other, bb, dealt)

    def plan_restart(self, level: Level) -> HandPlan:
        """Every player sitting in with chips is dealt in, waiting or not; the button one player
        on from the last. A cash table whose usual plan would deal too few restarts so (C1).

        >>> t = Table(seat_count=6)
        >>> for seat in (1, 3):
        ...     t.join(seat, f"P{seat}", 100)
        >>> t.place_button(1)
        >>> t.start_hand(t.plan_hand(Level(sb=1, bb=2)))
        >>> t.join(2, "P2", 100)  # waits: the big blind moves from seat 3 to seat 1
        >>> t.plan_hand(Level(sb=1, bb=2)).dealt, t.plan_restart(Level(sb=1, bb=2)).dealt
        ([1, 3], [3, 1, 2])
        """
        candidates = self._dealable()
        if self.button is None:
            return self._plan_first(level, candidates)
        button = next(s for s in self._clockwise_from(self.button) if s in candidates)
        return self._plan_around(level, button, candidates)

    def _plan_first(self, level: Level, dealt: list[int]) -> HandPlan:
        """Everyone plays; the button where it was placed (or on the next player)."""
        start = self.button if self.button is not None else None
        if start is None:
            raise TableError("Place the button first (card draw)")
        button = start if start in dealt else next(s for s in self._clockwise_from(start) if s in dealt)
        return self._plan_around(level, button, dealt)

    def _plan_around(self, level: Level, button: int, dealt: list[int]) -> HandPlan:
        """Everyone in ``dealt`` plays, blinds the next players on from ``button`` (heads-up:
        the button posts the small blind)."""
        order = [s for s in self._clockwise_from(button) if s in dealt]
        if len(dealt) == 2:
            return self._make_plan(level, button, False, button, button, order[0], dealt)
        return self._make_plan(level, button, False, order[0], order[0], order[1], dealt)

    def _dealable(self) -> list[int]:
        """Seats that could be dealt in (sitting in, with chips); at least two, or refused."""
        candidates = [s for s in sorted(self.players) if self._can_play(s)]
        if len(candidates) < 2:
            raise TableError("At least two players with chips must be sitting in")
        return candidates

    def _button_fits(self, button: int | None, sb_position: int, bb: int) -> bool:
        if button is None or button in (sb_position, bb):
            return False
        order = self._clockwise_from(button)
        return order.index(sb_position) < order.index(bb)

    def _seat_before(self, seat: int, exclude: int, among: list[int]) -> int:
        """The nearest seat counter-clockwise of ``seat`` held by one of ``among`` (not
        ``exclude``), else the seat right before it (a dead button)."""
        counter = list(reversed(self._clockwise_from(seat)[:-1]))
        for s in counter:
            if s in among and s != exclude:
                return s
        return counter[0]

    def _make_plan(
        self,
        level: Level,
        button: int,
        button_dead: bool,
        sb: int | None,
        sb_position: int,
        bb: int,
        dealt: list[int],
    ) -> HandPlan:
        order = [s for s in self._clockwise_from(button) if s in dealt]
        posts: list[Post] = []
        if level.ante:
            posts += [Post(s, "ante", level.ante) for s in order]
        if sb is not None:
            posts.append(Post(sb, "sb", level.sb))
        posts.append(Post(bb, "bb", level.bb))
        for s in order:
            p = self.players[s]
            if s in (sb, bb) or not p.post_next:
                continue
            if p.missed == "sb":
                posts.append(Post(s, "dead", level.sb))
            else:  # a new player, or one who missed the big blind: BB live (+ SB dead)
                posts.append(Post(s, "bb", level.bb))
                if p.missed == "bb":
                    posts.append(Post(s, "dead", level.sb))
        stacks = {s: self.players[s].stack for s in order}
        return HandPlan(button, button_dead, sb, sb_position, bb, order, stacks, posts, level)

    def start_hand(self, plan: HandPlan) -> None:
        """Record that ``plan`` was dealt: blinds owed by sitting-out players, flags cleared."""
        if self.last_bb is not None:
            passed = self._clockwise_from(self.last_bb)
            for s in passed[: passed.index(plan.bb)]:
                p = self.players.get(s)
                if p is not None and p.sitting_out:
                    p.missed = "bb"
            sb_player = self.players.get(plan.sb_position)
            if sb_player is not None and sb_player.sitting_out and sb_player.missed is None:
                sb_player.missed = "sb"
        for s in plan.dealt:
            p = self.players[s]
            p.waiting_for_bb = p.post_next = False
            p.missed = None
        self.button = plan.button
        self.last_bb = plan.bb
        self.last_sb_position = plan.sb_position
        self.hands_started += 1

    def end_hand(self, stacks: dict[int, int]) -> None:
        """Take the stacks at the end of a hand."""
        for s, stack in stacks.items():
            self.players[s].stack = stack

    def to_dict(self) -> dict:
        return {
            "seat_count": self.seat_count,
            "button": self.button,
            "last_bb": self.last_bb,
            "players": [p.to_dict() for _, p in sorted(self.players.items())],
        }


def _check_amount(amount: object, what: str) -> None:
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise TableError(f"{what} must be a whole number of chips, 0 or more, not {amount!r}")
