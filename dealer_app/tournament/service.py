"""TournamentService: keeps the tournament as events in SQLite and drives its tables.

One appliance (the organiser's) holds the tournament for all its tables. The tournament's
own events (:mod:`dealer_app.engine.tournament.events`) go to ``DIR/events.sqlite3``,
the same hash-chained :class:`dealer_app.store.EventLog` a table uses; each table is a
:class:`dealer_app.service.TableService` in ``DIR/tables/<table>/``. A finished hand at a
table is carried into the tournament by :meth:`TournamentService.sync_table` as a
``hand_recorded`` event; seats, rebuys and re-entries go back to the tables as their
between-hands commands (``join``, ``leave``, ``set_stack``, ``button``).

Every method checks the event against the rules first (on a copy of the state), writes it
durably, and only then changes the state; a refusal raises
:class:`dealer_app.engine.tournament.TournamentError` and changes nothing.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path

from dealer_app.engine.table import Level
from dealer_app.engine.tournament import (
    FINAL_TABLE,
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
    TournamentError,
    TournamentEvent,
    TournamentSetup,
    TournamentState,
    draw_at_random,
    event_from_dict,
    replay_draw,
    table_plan,
)
from dealer_app.service import TableConfig, TableService
from dealer_app.store import LOG_NAME, EventLog

SOURCE = "console"
__all__ = ["LOG_NAME", "TournamentService", "table_config"]


def table_config(setup: TournamentSetup, table: str) -> TableConfig:
    """The table service configuration for one table of the tournament."""
    capped = setup.max_per_round is not None or setup.max_per_hand is not None
    level = Level(
        sb=setup.small_blind,
        bb=setup.big_blind,
        ante=setup.ante,
        round_cap=setup.max_per_round if capped else None,
        hand_cap=setup.max_per_hand if capped else None,
    )
    name = "Final table" if table == FINAL_TABLE else f"Table {table}"
    return TableConfig(
        name=name,
        seats=max(setup.max_per_table, 2),
        chip_cents=setup.chip_value,
        structure="capped" if capped else "no-limit",
        levels=(level,),
        new_player_posts_bb=True,
    )


def _start_stacks(payload: dict) -> dict[int, int]:
    """Seat -> stack at the start of a hand from a ``hand_started`` payload.

    docs/commands.md gives ``stacks``; the service writes the engine's ``setup`` (seats as
    [seat, stack] pairs). Both are read.
    """
    if "stacks" in payload:
        return {int(s): int(c) for s, c in payload["stacks"].items()}
    return {int(s): int(c) for s, c in payload["setup"]["seats"]}


class TournamentService:
    """The organiser's tournament: registration, seat draws, tables, busts, the final table.

    Use :meth:`open`. ``clock`` gives seconds since the epoch (tests inject their own).
    """

    def __init__(
        self,
        data_dir: Path,
        log: EventLog,
        state: TournamentState,
        clock: Callable[[], float],
        rng: random.Random,
    ) -> None:
        self.data_dir = data_dir
        self._rng = rng
        self._log = log
        self.state = state
        self._clock = clock
        self._tables: dict[str, TableService] = {}
        #: per table: how many of its events were read, and the start stacks by hand number
        self._cursor: dict[str, int] = {}
        self._starts: dict[str, dict[int, dict[int, int]]] = {}

    @classmethod
    def open(
        cls,
        data_dir: Path,
        clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
    ) -> TournamentService:
        """Open (or create) the tournament kept in ``data_dir`` and replay its events.

        ``rng`` draws for places when players with equal chips bust in the same hand.
        """
        data_dir = Path(data_dir)
        log = EventLog.open(data_dir / LOG_NAME)
        state = TournamentState.replay(
            event_from_dict({"type": e.type, **e.payload}) for e in log.events
        )
        return cls(data_dir, log, state, clock, rng or random.Random())

    def close(self) -> None:
        """Close every table service and the tournament log."""
        for service in self._tables.values():
            service.close()
        self._tables.clear()
        self._log.close()

    # ------------------------------------------------------------------ plumbing
    def now(self) -> str:
        """The service clock as an ISO-8601 UTC time (seconds)."""
        return datetime.fromtimestamp(self._clock(), UTC).isoformat(timespec="seconds")

    def _record(self, event: TournamentEvent, source: str = SOURCE) -> TournamentEvent:
        trial = self.state.copy()
        trial.apply(event)
        payload = event.to_dict()
        del payload["type"]
        self._log.append_many([(self._clock(), source, event.kind, payload)])
        self.state = trial
        return event

    def events(self) -> list[TournamentEvent]:
        """Every tournament event, in order."""
        return list(self.state.events)

    def table(self, table: str) -> TableService:
        """The table service of ``table`` (opened on first use)."""
        if table not in self.state.tables:
            raise TournamentError(f"No table {table!r}")
        service = self._tables.get(table)
        if service is None:
            config = table_config(self.state.rules, table)
            service = TableService.open(self.data_dir / "tables" / table, config, clock=self._clock)
            self._tables[table] = service
        return service

    def _between_hands(self, *tables: str) -> None:
        """Refuse (before anything is recorded) while a hand is running at one of ``tables``."""
        for table in tables:
            if self.table(table).view(role="public")["hand"] is not None:
                raise TournamentError(
                    f"Table {table} is in a hand: stacks and seats change only between hands (B5)",
                    "B5",
                )

    def _command(self, table: str, command: dict) -> None:
        result = self.table(table).execute(command, SOURCE)
        if not result.ok:
            raise TournamentError(f"Table {table} refused {command['cmd']}: {result.reason}")

    # ------------------------------------------------------------------ set-up
    def create(self, setup: TournamentSetup) -> None:
        """Fix the set-up (validated, compliance-checked)."""
        self._record(TournamentCreated(at=self.now(), setup=setup))

    def register(self, name: str, paid: bool = True, age_confirmed: bool = False) -> int:
        """Register a player with a paid entry; returns the player's number."""
        player = len(self.state.players) + 1
        self._record(
            PlayerRegistered(
                at=self.now(), player=player, name=name, paid=paid, age_confirmed=age_confirmed
            )
        )
        return player

    def set_payout_split(self, percent: Sequence[int]) -> None:
        """The organiser's split in whole percent, first place first."""
        self._record(PayoutSplitSet(at=self.now(), percent=tuple(percent)))

    def plan_tables(self, sizes: Sequence[int] | None = None) -> tuple[int, ...]:
        """Confirm the chart row (or the proposal), or the organiser's edited ``sizes``."""
        chosen = tuple(sizes) if sizes is not None else table_plan(len(self.state.players)).sizes
        self._record(TablesPlanned(at=self.now(), sizes=chosen))
        return chosen

    def seat_table(
        self, table: str, players: Sequence[int], draws: Sequence[Mapping[int, str]]
    ) -> dict[int, int]:
        """Seat ``players`` at ``table`` from entered draw cards (T4); returns seat -> player."""
        seats = replay_draw(list(players), list(draws)).seats()
        final = table == FINAL_TABLE
        self._record(
            TableSeated(
                at=self.now(),
                table=table,
                seats=tuple(seats.items()),
                draws=tuple(tuple(r.items()) for r in draws),
                final=final,
            )
        )
        if final:
            for other in [t for t in self.state.tables if t != FINAL_TABLE]:
                self._clear_table(other)
        self._open_table(table)
        return seats

    def seat_all_at_random(self, rng: random.Random) -> None:
        """Deal the registered players to the planned tables at random, then draw each table."""
        players = [p for p, r in self.state.players.items() if r.status == "registered"]
        rng.shuffle(players)
        first = 0
        for number, size in enumerate(self.state.sizes, start=1):
            group = players[first : first + size]
            first += size
            draw = draw_at_random(group, rng)
            self.seat_table(str(number), group, draw.rounds)

    def draw_final_table(self, rng: random.Random) -> dict[int, int]:
        """Draw the final table at random among the survivors (TO3, TO4)."""
        survivors = self.state.survivors()
        return self.seat_table(FINAL_TABLE, survivors, draw_at_random(survivors, rng).rounds)

    def _open_table(self, table: str) -> None:
        for seat, player in sorted(self.state.seated(table).items()):
            record = self.state.players[player]
            self._command(
                table,
                {"cmd": "join", "seat": seat, "name": record.name, "stack": record.chips},
            )
        self._command(table, {"cmd": "button", "seat": 1})

    def _clear_table(self, table: str) -> None:
        service = self.table(table)
        for seat_view in service.view(role="dealer")["seats"]:
            if seat_view["status"] != "empty":
                self._command(table, {"cmd": "leave", "seat": seat_view["seat"]})

    # ------------------------------------------------------------------ hands
    def sync_table(self, table: str) -> list[int]:
        """Carry every hand finished at ``table`` (and every exclusion, I3) into the tournament;
        returns the players who busted.

        Players who are out leave their seats; players deciding on a rebuy keep them, and
        reading stops at the next finished hand until they have decided (call again then).
        """
        busted: list[int] = []
        service = self.table(table)
        starts = self._starts.setdefault(table, {})
        events = service.events()
        for index in range(self._cursor.get(table, 0), len(events)):
            event = events[index]
            if event.type == "hand_started":
                starts[event.payload["hand"]] = _start_stacks(event.payload)
            elif event.type == "hand_ended" and event.payload["hand"] > self.state.tables[table].last_hand:
                if self.state.pending(table):
                    break
                busted += self._record_hand(table, event.payload, starts[event.payload["hand"]])
            elif event.type == "excluded":
                self._record_exclusion(table, event.payload)
            self._cursor[table] = index + 1
        self._leave_if_out(table, busted)
        return busted

    def _record_hand(self, table: str, payload: dict, start_by_seat: dict[int, int]) -> list[int]:
        end_by_seat = {int(s): c for s, c in payload["stacks"].items()}
        start: dict[int, int] = {}
        end: dict[int, int] = {}
        for seat, player in self.state.in_play(table).items():
            chips = self.state.players[player].chips
            start[player] = start_by_seat.get(seat, chips)
            end[player] = end_by_seat.get(seat, chips) if seat in start_by_seat else chips
        out = sorted(p for p, c in end.items() if c == 0)
        draw_ties = len(out) > 1 and self.state.rules.same_hand_ties == "draw"
        self._record(
            HandRecorded(
                at=self.now(),
                table=table,
                hand=payload["hand"],
                start_stacks=tuple(sorted(start.items())),
                end_stacks=tuple(sorted(end.items())),
                tie_order=draw_at_random(out, self._rng).order if draw_ties else (),
            ),
            source="system",
        )
        return out

    def _record_exclusion(self, table: str, payload: dict) -> None:
        seats = self.state.seated(table)
        player = seats.get(int(payload["seat"]))
        if player is None or self.state.name_of(player) != payload["name"]:
            return  # already carried in (a replay after a restart)
        shares = tuple(
            (seats[int(s)], int(c)) for s, c in sorted(payload["shares"].items()) if int(c)
        )
        self._record(
            PlayerExcluded(
                at=self.now(), player=player, table=table, reason=payload["reason"], shares=shares
            ),
            source="system",
        )

    def exclude(self, player: int, reason: str) -> None:
        """Exclude a cheating player (I3) at their table; the table shares the chips."""
        record = self.state.players[player]
        if record.table is None or record.seat is None or record.status != "playing":
            raise TournamentError(f"{record.name} is not in play at a table")
        table = record.table
        self.sync_table(table)
        if self.state.pending(table):
            names = ", ".join(self.state.name_of(b.player) for b in self.state.pending(table))
            raise TournamentError(f"First record whether {names} rebuys or is out (TO1)", "TO1")
        self._between_hands(table)
        self._command(table, {"cmd": "exclude", "seat": record.seat, "reason": reason})
        self.sync_table(table)

    def _leave_if_out(self, table: str, players: Sequence[int]) -> None:
        for player in players:
            record = self.state.players[player]
            if record.status == "out":
                seat = self._seat_at_table(table, record.name)
                if seat is not None:
                    self._command(table, {"cmd": "leave", "seat": seat})

    def _seat_at_table(self, table: str, name: str) -> int | None:
        for seat_view in self.table(table).view(role="dealer")["seats"]:
            if seat_view.get("name") == name and seat_view["status"] != "empty":
                return seat_view["seat"]
        return None

    def reconcile(self) -> list[str]:
        """After a restart: carry finished hands in, then make every table's seats and stacks
        match the tournament (a crash may have come between a tournament event and the table
        commands that follow it). Tables in the middle of a hand are left alone. Returns what
        was done, one line per command."""
        done: list[str] = []
        for table in list(self.state.tables):
            if self.table(table).view(role="dealer")["hand"] is not None:
                continue
            if not self.state.pending(table):
                self.sync_table(table)
            wanted = {
                seat: self.state.players[p] for seat, p in self.state.seated(table).items()
            }
            seen = {
                s["seat"]: s
                for s in self.table(table).view(role="dealer")["seats"]
                if s["status"] != "empty"
            }
            for seat, shown in seen.items():
                record = wanted.get(seat)
                if record is None or record.name != shown["name"]:
                    self._command(table, {"cmd": "leave", "seat": seat})
                    done.append(f"table {table}: {shown['name']} left seat {seat}")
            for seat, record in wanted.items():
                shown = seen.get(seat)
                if shown is None or shown["name"] != record.name:
                    self._command(
                        table,
                        {"cmd": "join", "seat": seat, "name": record.name, "stack": record.chips,
                         "post": True},
                    )  # fmt: skip
                    done.append(f"table {table}: {record.name} took seat {seat}")
                elif shown["stack"] != record.chips:
                    self._command(
                        table,
                        {"cmd": "set_stack", "seat": seat, "stack": record.chips,
                         "reason": "tournament"},
                    )  # fmt: skip
                    done.append(f"table {table}: seat {seat} stack set to {record.chips}")
        return done

    # ------------------------------------------------------------------ busts
    def rebuy(self, player: int, paid: bool = True) -> None:
        """A busted player buys the rebuy (TO1) and keeps the seat."""
        record = self.state.players[player]
        table, seat = record.table, record.seat
        if table is None or seat is None:
            raise TournamentError(f"{record.name} has no seat to rebuy at")
        self._between_hands(table)
        self._record(Rebought(at=self.now(), player=player, paid=paid))
        self._command(
            table,
            {"cmd": "set_stack", "seat": seat, "stack": self.state.rules.rebuy_stack,
             "reason": "rebuy"},
        )  # fmt: skip
        self._after_decision(table)

    def reenter(self, player: int, rng: random.Random, paid: bool = True) -> tuple[str, int]:
        """A busted player re-enters and draws a new random seat; returns (table, seat)."""
        record = self.state.players[player]
        old_table, old_seat = record.table, record.seat
        if old_table is None or old_seat is None:
            raise TournamentError(f"{record.name} has no seat to give up")
        free = self.state.open_seats(player)
        if not free:
            raise TournamentError("No free seat for a re-entry")
        table, seat = rng.choice(sorted(free))
        self._between_hands(old_table, table)
        self._record(ReEntered(at=self.now(), player=player, paid=paid, table=table, seat=seat))
        self._command(old_table, {"cmd": "leave", "seat": old_seat})
        self._command(
            table,
            {"cmd": "join", "seat": seat, "name": record.name, "stack": self.state.rules.start_stack,
             "post": True},
        )  # fmt: skip
        self._after_decision(old_table)
        return table, seat

    def decline(self, player: int) -> None:
        """A busted player does not come back: out for good."""
        table = self.state.players[player].table
        self._record(ReturnDeclined(at=self.now(), player=player))
        assert table is not None
        self._after_decision(table)

    def _after_decision(self, table: str) -> None:
        if self.state.pending(table):
            return
        out = [e.player for e in self.state.eliminations if e.outcome == "out"]
        self._leave_if_out(table, [p for p in out if self._seat_at_table(table, self.state.name_of(p))])
