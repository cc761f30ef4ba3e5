"""The organiser's tournament commands on the command line (``dealer-app tournament ...``).

Each command opens the tournament kept in ``--data DIR``, does one thing through
:class:`TournamentService`, prints what happened and closes it. A refusal prints
``error: <reason>`` and exits 2, changing nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from dealer_app.engine.tournament import (
    FINAL_TABLE,
    PRESETS,
    TournamentError,
    TournamentSetup,
    table_plan,
)
from dealer_app.engine.tournament.money import eur
from dealer_app.tournament.exports import results_text
from dealer_app.tournament.service import TournamentService


def add_organiser_commands(actions: argparse._SubParsersAction) -> None:
    """Register new, register, plan, draw, sync, rebuy, reenter, decline, exclude, payout,
    status."""

    def command(name: str, help_text: str, func: Callable[[TournamentService, Any], str]):
        parser = actions.add_parser(name, help=help_text)
        parser.add_argument("--data", type=Path, required=True, help="the tournament's data dir")
        parser.set_defaults(func=lambda args: _run(args, func))
        return parser

    new = command("new", "set up a tournament in DIR (preset club)", _new)
    new.add_argument("--preset", choices=sorted(PRESETS), default="club")
    new.add_argument(
        "--set", action="append", default=[], metavar="FIELD=VALUE",
        help="change one set-up field, e.g. --set entry_fee=3000 --set rebuy_deadline_minutes=90",
    )  # fmt: skip

    reg = command("register", "register a player (paid entry)", _register)
    reg.add_argument("name")
    reg.add_argument("--unpaid", action="store_true", help="record the entry as owed (credit)")
    reg.add_argument(
        "--age-confirmed", action="store_true", help="the organiser checked the player is adult"
    )

    plan = command("plan", "confirm the table plan: the chart row, the proposal or --sizes", _plan)
    plan.add_argument("--sizes", default=None, help="edited sizes, e.g. 8,6,5")

    draw = command("draw", "seat a table from the card draw (T4), or all tables at random", _draw)
    draw.add_argument("--table", default=None, help="table number, or 'final'")
    draw.add_argument(
        "--round", action="append", default=[], metavar="PLAYER=CARD,...",
        help="one round of drawn cards, e.g. --round 1=Ks,2=Kh,3=2d --round 1=3c,2=Jc",
    )  # fmt: skip
    draw.add_argument("--seed", type=int, default=None, help="draw at random with this seed")

    command("sync", "carry finished hands at every table into the tournament", _sync)

    for name, help_text, func in (
        ("rebuy", "an eliminated player rebuys (TO1)", _rebuy),
        ("reenter", "an eliminated player re-enters with a new random seat", _reenter),
        ("decline", "an eliminated player does not come back", _decline),
    ):
        parser = command(name, help_text, func)
        parser.add_argument("player", help="player number or name")
        parser.add_argument("--unpaid", action="store_true")
        parser.add_argument("--seed", type=int, default=None)

    exclude = command("exclude", "exclude a cheating player; the table shares the chips (I3)",
                      _exclude)  # fmt: skip
    exclude.add_argument("player", help="player number or name")
    exclude.add_argument("--reason", required=True, help='e.g. "marked cards"')

    payout = command("payout", "the payout split in whole percent, e.g. 50,30,20", _payout)
    payout.add_argument("percent")

    command("status", "phase, tables and standings", _status)


def _run(args: argparse.Namespace, func: Callable[[TournamentService, Any], str]) -> int:
    service = TournamentService.open(args.data)
    try:
        if service.state.setup is None and func is not _new:
            raise TournamentError(
                f"No tournament in {args.data}: set one up with dealer-app tournament new"
            )
        print(func(service, args))
    except TournamentError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    finally:
        service.close()
    return 0


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def _new(service: TournamentService, args: argparse.Namespace) -> str:
    changes: dict[str, Any] = {}
    for item in args.set:
        field, sep, value = item.partition("=")
        if not sep:
            raise TournamentError(f"Write --set FIELD=VALUE (got {item!r})")
        changes[field.strip()] = _value(value.strip())
    base = PRESETS[args.preset]().to_dict()
    setup = TournamentSetup.from_dict({**base, **changes})
    service.create(setup)
    return (
        f"{setup.name}: entry {eur(setup.entry_fee)}, start stack "
        f"{setup.chips_eur(setup.start_stack)}, profile {setup.profile}"
    )


def _player(service: TournamentService, text: str) -> int:
    players = service.state.players
    if text.isdigit() and int(text) in players:
        return int(text)
    for record in players.values():
        if record.name.casefold() == text.strip().casefold():
            return record.player
    raise TournamentError(f"No player {text!r}")


def _register(service: TournamentService, args: argparse.Namespace) -> str:
    number = service.register(args.name, paid=not args.unpaid, age_confirmed=args.age_confirmed)
    return f"Player {number}: {service.state.name_of(number)}"


def _numbers(text: str, what: str) -> list[int]:
    """Whole numbers separated by commas; refused with ``what`` and the text given."""
    try:
        return [int(part) for part in text.split(",")]
    except ValueError as exc:
        raise TournamentError(f"{what} separated by commas (got {text!r})") from exc


def _plan(service: TournamentService, args: argparse.Namespace) -> str:
    sizes = _numbers(args.sizes, "Sizes are numbers") if args.sizes else None
    chosen = service.plan_tables(sizes)
    source = table_plan(len(service.state.players)).describe()
    return f"{source}\nConfirmed: {' '.join(map(str, chosen))}"


def _parse_round(text: str, service: TournamentService) -> dict[int, str]:
    cards: dict[int, str] = {}
    for item in text.split(","):
        who, sep, card = item.partition("=")
        if not sep:
            raise TournamentError(f"Write a round as PLAYER=CARD,... (got {text!r})")
        cards[_player(service, who.strip())] = card.strip()
    return cards


def _draw(service: TournamentService, args: argparse.Namespace) -> str:
    state = service.state
    if args.round:
        if args.table is None:
            raise TournamentError("Say which table the cards were drawn for: --table N or final")
        rounds = [_parse_round(r, service) for r in args.round]
        players = list(rounds[0])
        seats = service.seat_table(args.table, players, rounds)
    else:
        rng = random.Random(args.seed)
        if state.phase == "final_draw":
            seats = service.draw_final_table(rng)
            args.table = FINAL_TABLE
        else:
            service.seat_all_at_random(rng)
            return "\n".join(_seating(service, t) for t in service.state.tables)
    del seats
    return _seating(service, args.table)


def _seating(service: TournamentService, table: str) -> str:
    state = service.state
    seats = ", ".join(f"seat {s} {state.name_of(p)}" for s, p in sorted(state.seated(table).items()))
    return f"Table {table}: {seats} (button in seat 1)"


def _sync(service: TournamentService, args: argparse.Namespace) -> str:
    lines = []
    for table in list(service.state.tables):
        if service.state.pending(table):
            continue
        for player in service.sync_table(table):
            record = service.state.players[player]
            if record.status == "busted":
                lines.append(
                    f"{record.name} (player {player}) is eliminated: rebuy, reenter or decline"
                )
            else:
                lines.append(f"{record.name} finishes {record.position}")
    lines.append(f"Phase: {service.state.phase}")
    return "\n".join(lines)


def _rebuy(service: TournamentService, args: argparse.Namespace) -> str:
    player = _player(service, args.player)
    service.rebuy(player, paid=not args.unpaid)
    return f"{service.state.name_of(player)} rebuys: {service.state.players[player].chips} chips"


def _reenter(service: TournamentService, args: argparse.Namespace) -> str:
    player = _player(service, args.player)
    table, seat = service.reenter(player, random.Random(args.seed), paid=not args.unpaid)
    return f"{service.state.name_of(player)} re-enters at table {table}, seat {seat}"


def _decline(service: TournamentService, args: argparse.Namespace) -> str:
    player = _player(service, args.player)
    service.decline(player)
    record = service.state.players[player]
    return f"{record.name} is out" + (f", finishes {record.position}" if record.position else "")


def _exclude(service: TournamentService, args: argparse.Namespace) -> str:
    player = _player(service, args.player)
    service.exclude(player, args.reason)
    record = service.state.players[player]
    return f"{record.name} is excluded ({args.reason}), finishes {record.position}"


def _payout(service: TournamentService, args: argparse.Namespace) -> str:
    percent = _numbers(args.percent, "Percentages are whole numbers")
    service.set_payout_split(percent)
    return "Payout split: " + " / ".join(f"{p} %" for p in percent)


def _status(service: TournamentService, args: argparse.Namespace) -> str:
    state = service.state
    lines = [f"Phase: {state.phase}"]
    for table in state.tables:
        seats = ", ".join(
            f"{s} {state.name_of(p)} ({state.players[p].chips})"
            for s, p in sorted(state.seated(table).items())
        )
        lines.append(f"Table {table}: {seats or '-'}")
    for bust in state.pending():
        lines.append(
            f"Waiting for {state.name_of(bust.player)} (player {bust.player}): rebuy, reenter "
            f"or decline"
        )
    lines.append(results_text(state))
    return "\n".join(lines)
