"""``dealer-app tournament``: the table chart, a whole simulated tournament, results, and the
organiser's commands for a live tournament (new, register, plan, draw, sync, rebuy, ...)."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from dealer_app.engine.tournament import (
    TournamentError,
    TournamentState,
    club_setup,
    survivors_per_table,
    table_plan,
)


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``tournament chart``, ``simulate``, ``results`` and the organiser's commands."""
    parser = subparsers.add_parser("tournament", help="the club tournament (rules TO1-TO5)")
    actions = parser.add_subparsers(dest="tournament_command", metavar="ACTION")

    chart = actions.add_parser("chart", help="table distribution for N players (TO2)")
    chart.add_argument("players", type=int, help="number of players")
    chart.set_defaults(func=run_chart)

    simulate = actions.add_parser(
        "simulate", help="run a whole tournament with random legal play through the table service"
    )
    simulate.add_argument("--players", type=int, required=True, help="number of players (2-36)")
    simulate.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    simulate.add_argument("--json", action="store_true", help="print the results as JSON")
    simulate.add_argument("--csv", action="store_true", help="print the standings as CSV")
    simulate.add_argument(
        "--data", type=Path, default=None, help="keep the logs in DIR (default: a temporary dir)"
    )
    simulate.add_argument(
        "--limits",
        choices=("no-caps", "club"),
        default="no-caps",
        help="no-caps (default): the club preset without its caps, finishes in seconds; club: "
        "with the caps of 1.50 a round and 6.25 a hand (L4), which random play needs thousands "
        "of hands to finish (9 players: 2385 hands, about 6 minutes on a busy 2-core machine)",
    )
    simulate.add_argument(
        "--rebuy-percent", type=int, default=50, help="chance a busted player rebuys (default 50)"
    )
    simulate.set_defaults(func=run_simulate)

    results = actions.add_parser("results", help="results of the tournament kept in DIR")
    results.add_argument("--data", type=Path, required=True, help="the tournament's data dir")
    results.add_argument(
        "--format", choices=("text", "json", "csv", "eliminations-csv"), default="text"
    )
    results.add_argument("--out", type=Path, default=None, help="write to FILE, not stdout")
    results.set_defaults(func=run_results)

    from dealer_app.tournament.organiser_cli import add_organiser_commands

    add_organiser_commands(actions)
    parser.set_defaults(func=lambda args: parser.print_help() or 2)


def chart_lines(players: int) -> list[str]:
    """The chart (or proposal) for ``players`` as text; the last line is the sizes."""
    plan = table_plan(players)
    lines = [plan.describe()]
    lines += [f"Table {number}: {size}" for number, size in enumerate(plan.sizes, start=1)]
    tables = len(plan.sizes)
    if tables == 1:
        lines.append("One table: play to the end (TO3)")
    else:
        target = survivors_per_table(tables)
        lines.append(
            f"Final table: the last {target} of each table, {target * tables} players (TO3)"
        )
    lines.append(" ".join(str(size) for size in plan.sizes))
    return lines


def run_chart(args: argparse.Namespace) -> int:
    """Print the chart for ``args.players``; exit 2 with the reason when there is none."""
    try:
        lines = chart_lines(args.players)
    except TournamentError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0


def format_results(state: TournamentState, form: str) -> str:
    """The results of ``state`` as text, JSON, standings CSV or eliminations CSV."""
    from dealer_app.tournament.exports import (
        eliminations_csv,
        results_csv,
        results_dict,
        results_text,
    )

    if form == "json":
        return json.dumps(results_dict(state), indent=2, ensure_ascii=False) + "\n"
    if form == "csv":
        return results_csv(state)
    if form == "eliminations-csv":
        return eliminations_csv(state)
    return results_text(state) + "\n"


def run_results(args: argparse.Namespace) -> int:
    """Print (or write) the results of the tournament in ``args.data``."""
    from dealer_app.tournament import TournamentService
    from dealer_app.tournament.service import LOG_NAME

    if not (args.data / LOG_NAME).exists():
        print(f"error: no tournament in {args.data} (no {LOG_NAME})", file=sys.stderr)
        return 2
    service = TournamentService.open(args.data)
    try:
        if service.state.setup is None:
            print(f"error: the tournament in {args.data} has not been set up", file=sys.stderr)
            return 2
        text = format_results(service.state, args.format)
    finally:
        service.close()
    if args.out is not None:
        args.out.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def run_simulate(args: argparse.Namespace) -> int:
    """Run a whole tournament through the real table service; print its results."""
    from dealer_app.tournament.simulate import simulate_tournament

    if not 0 <= args.rebuy_percent <= 100:
        print("error: --rebuy-percent must be between 0 and 100", file=sys.stderr)
        return 2
    name = f"Simulated club tournament (seed {args.seed})"
    setup = club_setup(name=name)
    if args.limits == "no-caps":
        setup = club_setup(name=f"{name}, no caps", max_per_round=None, max_per_hand=None)
    try:
        table_plan(args.players)
        with tempfile.TemporaryDirectory(prefix="dealer-tournament-") as tmp:
            data = args.data if args.data is not None else Path(tmp)
            service = simulate_tournament(
                data, args.players, seed=args.seed, setup=setup, rebuy_percent=args.rebuy_percent
            )
            state = service.state
            service.close()
    except TournamentError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    sys.stdout.write(format_results(state, "json" if args.json else "csv" if args.csv else "text"))
    return 0
