"""``dealer-app simulate``: random legal hands through the real table service and log."""

from __future__ import annotations

import argparse
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
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Play ``--hands`` hands, continuing whatever the log already holds."""
    from dealer_app.service import TableService
    from dealer_app.service.simulate import Simulator

    if args.hands < 0:
        print("--hands must be 0 or more", file=sys.stderr)
        return 2

    def printed(seq: int) -> None:
        sys.stdout.write(f"seq {seq}\n")
        sys.stdout.flush()

    with TableService.open(args.data) as svc:
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
