"""The tournament as a fold over its events: registration, tables, busts, rebuys, the final table.

:meth:`TournamentState.apply` checks an event against the rules and either refuses it with a
:class:`TournamentError` (nothing changes) or folds it in. Phases::

    registration -> seating -> playing -> final_draw -> final -> finished
                                      \\-> finished        (one table: play to the end)

A player with no chips after a hand is *busted* (TO1). If a rebuy or re-entry is still
possible the bust waits for the player's decision (:class:`Rebought`, :class:`ReEntered`,
:class:`ReturnDeclined`) and the table deals no further hand until every bust of its last hand
is decided. Then the players who are out get finishing positions (:mod:`.finishing`).
With 2-4 tables each table stops at its last 3 or 2 (TO3); when every table has stopped the
final table is drawn (T4, TO4) and stacks carry over.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from dealer_app.engine.tournament.chart import check_sizes, survivors_per_table
from dealer_app.engine.tournament.compliance import check_payment, check_registration, check_setup
from dealer_app.engine.tournament.errors import TournamentError
from dealer_app.engine.tournament.events import (
    HandRecorded,
    PayoutSplitSet,
    PlayerExcluded,
    PlayerRegistered,
    Rebought,
    ReEntered,
    ReturnDeclined,
    TableSeated,
    TablesPlanned,
    TournamentCreated,
    TournamentEvent,
)
from dealer_app.engine.tournament.finishing import finishing_positions
from dealer_app.engine.tournament.prizes import PrizePool, check_split, payouts
from dealer_app.engine.tournament.seat_draw import replay_draw
from dealer_app.engine.tournament.setup import (
    PROFILE_BELGIUM,
    TournamentSetup,
    validate_setup,
)

FINAL_TABLE = "final"

#: Player status values.
REGISTERED = "registered"
PLAYING = "playing"
BUSTED = "busted"  # no chips, deciding on a rebuy or re-entry
OUT = "out"
WINNER = "winner"


@dataclass
class PlayerRecord:
    """One player: entries, rebuys, where they sit, chips, finishing position."""

    player: int
    name: str
    entries: int = 1
    rebuys: int = 0
    status: str = REGISTERED
    table: str | None = None
    seat: int | None = None
    chips: int = 0
    position: int | None = None

    @property
    def returns(self) -> int:
        """Rebuys plus re-entries taken after elimination."""
        return self.rebuys + self.entries - 1


@dataclass(frozen=True)
class Bust:
    """A player who ran out of chips: where, when, with how many chips the hand started."""

    player: int
    table: str
    hand: int
    at: str
    start_chips: int


@dataclass(frozen=True)
class Elimination:
    """A settled bust for the results: ``outcome`` is ``rebuy``, ``re-entry`` or ``out``."""

    player: int
    table: str
    hand: int
    at: str
    start_chips: int
    outcome: str
    position: int | None


@dataclass
class TableRecord:
    """A table: seat -> player, the last hand number, and the busts of that hand."""

    table: str
    seats: dict[int, int]
    final: bool
    last_hand: int = 0
    open_busts: list[Bust] = field(default_factory=list)
    outcomes: dict[int, str] = field(default_factory=dict)
    tie_order: tuple[int, ...] = ()


def _time(at: str) -> datetime:
    try:
        return datetime.fromisoformat(at)
    except (TypeError, ValueError) as exc:
        raise TournamentError(f"Not an ISO-8601 time: {at!r}") from exc


class TournamentState:
    """Everything known about one tournament, rebuilt from its events."""

    def __init__(self) -> None:
        self.setup: TournamentSetup | None = None
        self.phase = "new"
        self.players: dict[int, PlayerRecord] = {}
        self.sizes: tuple[int, ...] = ()
        self.tables: dict[str, TableRecord] = {}
        self.started_at: str | None = None
        self.eliminations: list[Elimination] = []
        self.payout_percent: tuple[int, ...] = ()
        self.events: list[TournamentEvent] = []

    @classmethod
    def replay(cls, events: Iterable[TournamentEvent]) -> TournamentState:
        """Fold ``events`` from the start."""
        state = cls()
        for event in events:
            state.apply(event)
        return state

    def copy(self) -> TournamentState:
        """An independent copy (the event list is shared item by item: events are frozen)."""
        clone = TournamentState.__new__(TournamentState)
        clone.__dict__ = copy.deepcopy({k: v for k, v in self.__dict__.items() if k != "events"})
        clone.events = list(self.events)
        return clone

    # ----------------------------------------------------------------- queries
    @property
    def rules(self) -> TournamentSetup:
        """The set-up; refused before :class:`TournamentCreated`."""
        if self.setup is None:
            raise TournamentError("No tournament has been set up yet")
        return self.setup

    def name_of(self, player: int) -> str:
        """The registered name of ``player``."""
        return self.players[player].name

    def seated(self, table: str) -> dict[int, int]:
        """Seat -> player at ``table`` (busted players deciding on a rebuy included)."""
        return dict(self.tables[table].seats)

    def in_play(self, table: str) -> dict[int, int]:
        """Seat -> player for the players with chips at ``table``: those dealt the next hand."""
        return {s: p for s, p in self.tables[table].seats.items() if self.players[p].chips > 0}

    def survivors_target(self) -> int:
        """How many players each table plays down to (TO3): 3, 2, or 1 with one table."""
        return survivors_per_table(len(self.sizes))

    def pending(self, table: str | None = None) -> list[Bust]:
        """Busts still waiting for a rebuy/re-entry decision, at one table or everywhere."""
        tables = [self.tables[table]] if table else list(self.tables.values())
        return [
            b for t in tables for b in t.open_busts if self.players[b.player].status == BUSTED
        ]

    def table_done(self, table: str) -> bool:
        """True when ``table`` has played down to its last 3 or 2 (TO3) with no bust pending."""
        record = self.tables[table]
        if record.final or len(self.sizes) == 1:
            return self.phase == "finished"
        if self.pending(table):
            return False
        return len(self.in_play(table)) <= self.survivors_target()

    def playing_tables(self) -> list[str]:
        """Tables that deal hands now."""
        if self.phase == "final":
            return [FINAL_TABLE]
        if self.phase != "playing":
            return []
        return [t for t in self.tables if not self.table_done(t)]

    def survivors(self) -> list[int]:
        """Players still holding chips, by player id."""
        return sorted(p.player for p in self.players.values() if p.chips > 0)

    def chips_issued(self) -> int:
        """Chips put into play: entries, re-entries and rebuys (start and rebuy stacks)."""
        rules = self.rules
        return sum(
            p.entries * rules.start_stack + p.rebuys * rules.rebuy_stack
            for p in self.players.values()
            if p.status != REGISTERED
        )

    def chips_in_play(self) -> int:
        """Chips in front of all players."""
        return sum(p.chips for p in self.players.values())

    def prize_pool(self) -> PrizePool:
        """Entries + rebuys + re-entries with their fees."""
        rules = self.rules
        return PrizePool(
            entries=len(self.players),
            rebuys=sum(p.rebuys for p in self.players.values()),
            reentries=sum(p.entries - 1 for p in self.players.values()),
            entry_fee=rules.entry_fee,
            rebuy_fee=rules.rebuy_fee,
            reentry_fee=rules.reentry_fee,
        )

    def payouts(self) -> dict[int, int]:
        """Cents per player by finishing position under the organiser's split ({} if none)."""
        if not self.payout_percent:
            return {}
        positions = {p.player: p.position for p in self.players.values() if p.position}
        return payouts(self.prize_pool().total, self.payout_percent, positions)

    def standings(self) -> list[PlayerRecord]:
        """Players still in (most chips first), then finished players by position."""
        still_in = [p for p in self.players.values() if p.position is None]
        finished = [p for p in self.players.values() if p.position is not None]
        still_in.sort(key=lambda p: (-p.chips, p.player))
        finished.sort(key=lambda p: (p.position, p.player))
        return still_in + finished

    def winner(self) -> int | None:
        """The winner once the tournament is finished."""
        for p in self.players.values():
            if p.status == WINNER:
                return p.player
        return None

    def return_refusal(self, player: int, at: str, kind: str) -> str | None:
        """Why ``player`` may not take a ``"rebuy"`` or ``"re-entry"`` now, or None if allowed."""
        rules = self.rules
        record = self.players.get(player)
        if record is None:
            return f"No player {player}"
        if record.status != BUSTED:
            return f"{record.name} is not eliminated: a {kind} comes only after elimination (TO1)"
        allowed, used = (
            (rules.rebuys_per_player, record.rebuys)
            if kind == "rebuy"
            else (rules.reentries_per_player, record.entries - 1)
        )
        if used >= allowed:
            return (
                f"{record.name} has no {kind} left: {allowed} per player in this tournament (TO1)"
            )
        if rules.profile == PROFILE_BELGIUM and record.returns >= 1:
            return (
                f"{record.name} already came back once: Belgian law allows at most one re-entry or "
                f"rebuy after elimination (TO5)"
            )
        if self.phase not in ("playing",) or record.table == FINAL_TABLE:
            return f"No {kind} once the final table is drawn"
        if rules.rebuy_deadline_minutes is not None and self.started_at is not None:
            elapsed = (_time(at) - _time(self.started_at)).total_seconds()
            if elapsed > rules.rebuy_deadline_minutes * 60:
                return (
                    f"The {kind} deadline has passed ({rules.rebuy_deadline_minutes} minutes after "
                    f"the start)"
                )
        return None

    def open_seats(self, player: int | None = None) -> list[tuple[str, int]]:
        """(table, seat) pairs a re-entry may draw: empty seats of tables still playing down,
        plus the seat of ``player`` (a busted player re-entering gives it up)."""
        seats: list[tuple[str, int]] = []
        for table, record in self.tables.items():
            if record.final or self.table_done(table):
                continue
            taken = {s for s, p in record.seats.items() if p != player}
            seats += [(table, s) for s in range(1, self.rules.max_per_table + 1) if s not in taken]
        return seats

    # ----------------------------------------------------------------- folding
    def apply(self, event: TournamentEvent) -> None:
        """Fold one event in, or raise :class:`TournamentError` and change nothing."""
        handler = getattr(self, f"_apply_{event.kind}", None)
        if handler is None:
            raise TournamentError(f"Unknown tournament event {event.kind!r}")
        if self.setup is None and not isinstance(event, TournamentCreated):
            raise TournamentError("No tournament has been set up yet")
        _time(event.at)
        handler(event)
        self.events.append(event)

    def _apply_tournament_created(self, event: TournamentCreated) -> None:
        if self.setup is not None:
            raise TournamentError("This tournament is already set up")
        validate_setup(event.setup)
        check_setup(event.setup)
        self.setup = event.setup
        self.phase = "registration"

    def _apply_player_registered(self, event: PlayerRegistered) -> None:
        if self.phase != "registration":
            raise TournamentError("Registration is closed: the tables are already planned")
        name = event.name.strip()
        if not name:
            raise TournamentError("A player needs a name")
        for other in self.players.values():
            if other.name.casefold() == name.casefold():
                raise TournamentError(f"{other.name} is already registered")
        if event.player != len(self.players) + 1:
            raise TournamentError(f"Player number {event.player} is not the next one")
        check_registration(self.rules, name, event.paid, event.age_confirmed)
        self.players[event.player] = PlayerRecord(event.player, name)

    def _apply_tables_planned(self, event: TablesPlanned) -> None:
        if self.phase != "registration":
            raise TournamentError("The tables are already planned")
        sizes = check_sizes(len(self.players), event.sizes)
        target = survivors_per_table(len(sizes))
        if len(sizes) > 1 and min(sizes) <= target:
            raise TournamentError(
                f"With {len(sizes)} tables each table plays down to {target} (TO3): every table "
                f"must start with more than {target} players",
                "TO3",
            )
        if len(sizes) > 1 and target * len(sizes) > self.rules.max_per_table:
            raise TournamentError(
                f"The final table could seat {target * len(sizes)} players (the last {target} of "
                f"{len(sizes)} tables, TO3), more than {self.rules.max_per_table} a table",
                "TO3",
            )
        if max(sizes) > self.rules.max_per_table:
            raise TournamentError(
                f"At most {self.rules.max_per_table} players a table in this set-up "
                f"(got {max(sizes)})"
            )
        self.sizes = sizes
        self.phase = "seating"

    def _apply_table_seated(self, event: TableSeated) -> None:
        seats = dict(event.seats)
        players = list(seats.values())
        if len(seats) != len(event.seats) or len(set(players)) != len(players):
            raise TournamentError("A seat or a player appears twice in the seating")
        for player in players:
            if player not in self.players:
                raise TournamentError(f"No player {player}")
        if event.final:
            if self.phase != "final_draw" or event.table != FINAL_TABLE:
                raise TournamentError("The final table is drawn when every table has finished (TO3)")
            expected = set(self.survivors())
            if set(players) != expected:
                raise TournamentError(
                    "The final table seats exactly the players still holding chips (TO3)", "TO3"
                )
        else:
            if self.phase != "seating":
                raise TournamentError("Tables are seated once, after the plan is confirmed")
            number = int(event.table) if event.table.isdigit() else 0
            if not 1 <= number <= len(self.sizes) or event.table in self.tables:
                raise TournamentError(f"Table {event.table!r} is not an unseated planned table")
            if len(seats) != self.sizes[number - 1]:
                raise TournamentError(
                    f"Table {event.table} seats {self.sizes[number - 1]} players (got {len(seats)})"
                )
            for player in players:
                if self.players[player].status != REGISTERED:
                    raise TournamentError(f"{self.name_of(player)} already has a seat")
        if any(not 1 <= s <= max(self.rules.max_per_table, len(seats)) for s in seats):
            raise TournamentError(f"Seats run from 1 to {self.rules.max_per_table}")
        rounds = [dict(r) for r in event.draws]
        if replay_draw(players, rounds).seats() != seats:
            raise TournamentError(
                "The seats do not follow the card draw: the highest card takes the button in "
                "seat 1, the next sits to its left (T4)",
                "T4",
            )
        if event.final:
            for record in self.tables.values():
                record.seats = {}
        self.tables[event.table] = TableRecord(event.table, seats, event.final)
        for seat, player in seats.items():
            record = self.players[player]
            record.table, record.seat = event.table, seat
            if not event.final:
                record.status, record.chips = PLAYING, self.rules.start_stack
        if event.final:
            self.phase = "final"
        elif len(self.tables) == len(self.sizes):
            self.phase = "playing"
            self.started_at = event.at

    def _apply_hand_recorded(self, event: HandRecorded) -> None:
        table = self.tables.get(event.table)
        if table is None:
            raise TournamentError(f"No table {event.table!r}")
        if event.table not in self.playing_tables():
            raise TournamentError(
                f"Table {event.table} deals no hands now: it has finished its play-down (TO3)"
                if self.phase == "playing"
                else f"Table {event.table} deals no hands in phase {self.phase}"
            )
        waiting = self.pending(event.table)
        if waiting:
            names = ", ".join(self.name_of(b.player) for b in waiting)
            raise TournamentError(f"First record whether {names} rebuys or is out (TO1)", "TO1")
        if event.hand <= table.last_hand:
            raise TournamentError(f"Hand {event.hand} at table {event.table} is already recorded")
        start, end = dict(event.start_stacks), dict(event.end_stacks)
        dealt = {p: self.players[p].chips for p in self.in_play(event.table).values()}
        if start != dealt:
            raise TournamentError(
                f"Hand {event.hand} at table {event.table}: start stacks {start} differ from the "
                f"tournament's {dealt}"
            )
        if set(end) != set(start) or any(c < 0 for c in end.values()):
            raise TournamentError("End stacks must name the same players, none below 0")
        busted = sorted(p for p, c in end.items() if c == 0)
        if event.tie_order and sorted(event.tie_order) != busted:
            raise TournamentError(
                f"The tie draw must order exactly the busted players {busted} (got "
                f"{list(event.tie_order)})"
            )
        if sum(end.values()) != sum(start.values()):
            raise TournamentError(
                f"Hand {event.hand} at table {event.table}: chips changed from "
                f"{sum(start.values())} to {sum(end.values())} (B5)"
            )
        for player, chips in end.items():
            self.players[player].chips = chips
        table.last_hand = event.hand
        table.open_busts, table.outcomes = [], {}
        table.tie_order = event.tie_order if self.rules.same_hand_ties == "draw" else ()
        for player in busted:
            record = self.players[player]
            record.status = BUSTED
            table.open_busts.append(Bust(player, event.table, event.hand, event.at, start[player]))
            if (
                self.return_refusal(player, event.at, "rebuy")
                and self.return_refusal(player, event.at, "re-entry")
            ):
                record.status = OUT
                table.outcomes[player] = "out"
        self._settle(event.table)

    def _apply_rebought(self, event: Rebought) -> None:
        refusal = self.return_refusal(event.player, event.at, "rebuy")
        if refusal:
            raise TournamentError(refusal, "TO1")
        check_payment(self.rules, "rebuy", event.paid)
        record = self.players[event.player]
        record.rebuys += 1
        record.chips = self.rules.rebuy_stack
        record.status = PLAYING
        self.tables[record.table or ""].outcomes[event.player] = "rebuy"
        self._settle(record.table or "")

    def _apply_re_entered(self, event: ReEntered) -> None:
        refusal = self.return_refusal(event.player, event.at, "re-entry")
        if refusal:
            raise TournamentError(refusal, "TO1")
        check_payment(self.rules, "re-entry", event.paid)
        record = self.players[event.player]
        old_table = record.table or ""
        if (event.table, event.seat) not in self.open_seats(event.player):
            raise TournamentError(f"Seat {event.seat} at table {event.table} is not free")
        del self.tables[old_table].seats[record.seat or 0]
        self.tables[event.table].seats[event.seat] = event.player
        record.table, record.seat = event.table, event.seat
        record.entries += 1
        record.chips = self.rules.start_stack
        record.status = PLAYING
        self.tables[old_table].outcomes[event.player] = "re-entry"
        self._settle(old_table)

    def _apply_return_declined(self, event: ReturnDeclined) -> None:
        record = self.players.get(event.player)
        if record is None or record.status != BUSTED:
            raise TournamentError(f"Player {event.player} has no rebuy decision to make")
        record.status = OUT
        self.tables[record.table or ""].outcomes[event.player] = "out"
        self._settle(record.table or "")

    def _apply_player_excluded(self, event: PlayerExcluded) -> None:
        record = self.players.get(event.player)
        table = self.tables.get(event.table)
        if record is None or table is None or record.table != event.table:
            raise TournamentError(f"Player {event.player} is not seated at table {event.table!r}")
        if record.status != PLAYING:
            raise TournamentError(f"{record.name} is not in play: nothing to exclude")
        waiting = self.pending(event.table)
        if waiting:
            names = ", ".join(self.name_of(b.player) for b in waiting)
            raise TournamentError(f"First record whether {names} rebuys or is out (TO1)", "TO1")
        shares = dict(event.shares)
        others = set(self.in_play(event.table).values()) - {event.player}
        if not set(shares) <= others or sum(shares.values()) != record.chips:
            raise TournamentError(
                f"The {record.chips} chips of {record.name} must be shared among the players "
                f"still at table {event.table} (I3)",
                "I3",
            )
        for player, chips in shares.items():
            self.players[player].chips += chips
        still_in = sum(1 for p in self.players.values() if p.position is None)
        self.eliminations.append(
            Elimination(
                event.player, event.table, table.last_hand, event.at, record.chips, "excluded",
                still_in,
            )
        )  # fmt: skip
        record.chips, record.status, record.position = 0, OUT, still_in
        del table.seats[record.seat or 0]
        record.table = record.seat = None
        self._advance()

    def _apply_payout_split_set(self, event: PayoutSplitSet) -> None:
        self.payout_percent = check_split(event.percent)

    # ----------------------------------------------------------------- settling
    def _settle(self, table_id: str) -> None:
        """Give positions once every bust of the table's last hand is decided; move phases."""
        table = self.tables[table_id]
        if not table.open_busts or self.pending(table_id):
            self._advance()
            return
        outs = [(b.player, b.start_chips) for b in table.open_busts if table.outcomes[b.player] == "out"]
        still_in = sum(1 for p in self.players.values() if p.position is None)
        order = [p for p in table.tie_order if table.outcomes[p] == "out"]
        positions = finishing_positions(outs, still_in, order)
        for bust in table.open_busts:
            outcome = table.outcomes[bust.player]
            position = positions.get(bust.player)
            if position is not None:
                record = self.players[bust.player]
                record.position = position
                if record.seat is not None and table.seats.get(record.seat) == bust.player:
                    del table.seats[record.seat]
                record.table = record.seat = None
            self.eliminations.append(
                Elimination(
                    bust.player, bust.table, bust.hand, bust.at, bust.start_chips, outcome, position
                )
            )
        table.open_busts, table.outcomes = [], {}
        self._advance()

    def _advance(self) -> None:
        if self.phase not in ("playing", "final") or self.pending():
            return
        unfinished = [p for p in self.players.values() if p.position is None]
        if len(unfinished) == 1:
            unfinished[0].position = 1
            unfinished[0].status = WINNER
            self.phase = "finished"
            return
        if self.phase == "playing" and len(self.sizes) > 1 and not self.playing_tables():
            self.phase = "final_draw"
