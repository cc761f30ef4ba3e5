"""``dealer-app replay FILE... [--json]``: replay PHH hands strictly through our rules."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from dealer_app.engine.phh import PHHError, load_hands, replay_hand


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``replay``."""
    parser = subparsers.add_parser(
        "replay",
        help="replay .phh/.phhs hand histories strictly by our rules",
        description="Replay every hand of each file; the first illegal action ends that hand with "
        "its index and our reason. Exit status 0 only when every hand replayed.",
    )
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE", help=".phh or .phhs file")
    parser.add_argument("--json", action="store_true", help="one JSON object per hand per line")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Replay each file; print one result per hand, then a summary."""
    replayed = failed = 0
    for path in args.files:
        try:
            docs = load_hands(path)
        except (OSError, PHHError, UnicodeDecodeError) as err:
            print(f"{path}: cannot read: {err}", file=sys.stderr)
            failed += 1
            continue
        for number, doc in enumerate(docs, start=1):
            result = replay_hand(doc)
            if result.ok:
                replayed += 1
            else:
                failed += 1
            if args.json:
                print(json.dumps(result.to_dict(number)))
            elif result.ok:
                print(f"{path} hand {number}: ok, finishing stacks {result.finishing_stacks}")
            elif result.action_index is None:
                print(f"{path} hand {number}: FAILED: {result.reason}")
            else:
                shown = f" {result.action!r}" if result.action is not None else ""
                print(f"{path} hand {number}: FAILED at action {result.action_index}{shown}: {result.reason}")
    summary = f"{replayed + failed} hands: {replayed} replayed, {failed} failed"
    print(summary, file=sys.stderr if args.json else sys.stdout)
    return 0 if failed == 0 else 1
