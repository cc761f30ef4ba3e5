"""``dealer-app simulate``: random legal hands through the real table service and log."""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``simulate``."""
    parser = subparsers.add_parser(
        "simulate", help="play random legal hands at a table (soak test, demo data, crash test)"
    )
    parser.add_argument("--data", type=Path, required=True, help="the table's data directory")
    parser.add_argument("--hands", type=int, required=True, help="how many hands to play")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument(
        "--print-seq", action="store_true", help="print 'seq N' after each event is durable"
    )
    parser.add_argument(
        "--cash",
        action="store_true",
        help="a 6-max No-Limit cash table, SB 0.25 / BB 0.50, buy-in 10.00 to 50.00 (C1-C5); "
        "only where the law allows cash games (--profile none)",
    )
    parser.add_argument(
        "--profile",
        choices=("belgium", "none"),
        default="belgium",
        help="compliance profile (default belgium: tournaments only, cash tables refused, TO5)",
    )
    parser.set_defaults(func=run)


def cash_config(profile: str):
    """The simulated cash table (C1-C5), refused under the Belgian profile (TO5)."""
    from dealer_app.engine.tournament.cash import CashRules
    from dealer_app.tournament.cash import cash_table_config

    return cash_table_config(profile, CashRules(big_blind=2, min_buy_in=40, max_buy_in=200), small_blind=1)


def run(args: argparse.Namespace) -> int:
    """Play ``--hands`` hands, continuing whatever the log already holds."""
    from dealer_app.engine.tournament import TournamentError
    from dealer_app.service import TableService
    from dealer_app.service.simulate import Simulator

    if args.hands < 0:
        print("--hands must be 0 or more", file=sys.stderr)
        return 2
    config = None
    if args.cash:
        try:
            config = cash_config(args.profile)
        except TournamentError as err:
            print(f"{err}: a cash table needs --profile none, where the law allows cash games", file=sys.stderr)
            return 2

    def printed(seq: int) -> None:
        sys.stdout.write(f"seq {seq}\n")
        sys.stdout.flush()

    # the cash table's first button is drawn from the seed too (C1): one seed, one game
    with TableService.open(args.data, config, rng=random.Random(f"button:{args.seed}")) as svc:
        simulator = Simulator(svc, seed=args.seed, on_event=printed if args.print_seq else None)
        stats = simulator.run(args.hands)
        print(
            f"simulated {stats.hands} hands: {stats.events} events, {stats.commands} commands "
            f"({stats.refused} refused), {stats.undos} undos; log at seq {svc.last_seq}",
            file=sys.stderr,
        )
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m dealer_app.commands.simulate ...``: the same command without loading every
    other sub-command (a quicker start for the crash test)."""
    parser = argparse.ArgumentParser(prog="dealer-app")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["simulate", *(sys.argv[1:] if argv is None else argv)])
    return run(args)


if __name__ == "__main__":
    raise SystemExit(main())
