"""``dealer-app equity AsKs QhQd [--board JsTh2c] [--dead 9s]``: exact all-in equity for people."""

from __future__ import annotations

import argparse
import sys

from dealer_app.engine.cards import CardError, split_cards
from dealer_app.engine.equity import SPLIT_UNIT, equity_counts
from dealer_app.engine.evaluator import current_hand_name
from dealer_app.engine.hand_names import LANGUAGES

_HEADINGS = {
    "en": ("hand", "equity", "win", "tie", "now"),
    "nl": ("hand", "equity", "wint", "gelijk", "nu"),
}


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``equity``."""
    parser = subparsers.add_parser(
        "equity",
        help="exact equity of 2-10 hands over every completion of the board",
        description="Print each hand's exact share of the pot over every possible completion "
        "of the board (ties split), with what the hand is now.",
    )
    parser.add_argument("hands", nargs="+", metavar="HAND", help="two cards each, e.g. AsKs QhQd")
    parser.add_argument("--board", default="", help="0, 3, 4 or 5 board cards, e.g. JsTh2c")
    parser.add_argument("--dead", default="", help="cards out of the deck (burned, exposed, mucked)")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the hand names")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the table of equities; a bad input prints the reason and returns 2."""
    try:
        counts = equity_counts(args.hands, board=args.board, dead=args.dead)
        names = [current_hand_name(hand, args.board, args.lang) for hand in args.hands]
    except (CardError, ValueError) as error:
        print(f"dealer-app equity: {error}", file=sys.stderr)
        return 2
    board = " ".join(split_cards(args.board)) or "-"
    dead = " ".join(split_cards(args.dead)) or "-"
    print(f"board: {board}   dead: {dead}   boards enumerated: {counts.boards:,}")
    heading = _HEADINGS[args.lang]
    print(f"{heading[0]:<6} {heading[1]:>9} {heading[2]:>9} {heading[3]:>9}  {heading[4]}")
    for i, hand in enumerate(args.hands):
        share = 100 * counts.shares[i] / (SPLIT_UNIT * counts.boards)
        win = 100 * counts.wins[i] / counts.boards
        tie = 100 * counts.ties[i] / counts.boards
        cards = "".join(split_cards(hand))
        print(f"{cards:<6} {share:8.4f}% {win:8.4f}% {tie:8.4f}%  {names[i]}")
    return 0
