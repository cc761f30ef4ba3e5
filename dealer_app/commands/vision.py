"""``dealer-app vision calibrate`` and ``dealer-app vision read``: the camera's card reader."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import cv2


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``vision`` with its ``calibrate`` and ``read`` sub-commands."""
    parser = subparsers.add_parser("vision", help="calibrate a deck, read cards from images")
    sub = parser.add_subparsers(dest="vision_command", metavar="ACTION")
    parser.set_defaults(func=lambda args: (parser.print_help(), 2)[1])

    calibrate = sub.add_parser("calibrate", help="build a deck profile from 52 card captures")
    calibrate.add_argument("--deck-dir", type=Path, required=True,
                           help="folder with one capture per card, named As.png, Td.png, ...")
    calibrate.add_argument("--out", type=Path, required=True, help="profile file to write (.npz)")
    calibrate.add_argument("--name", help="deck name stored in the profile (default: folder name)")
    calibrate.set_defaults(func=run_calibrate)

    read = sub.add_parser("read", help="read the face-up cards of images")
    read.add_argument("images", nargs="+", type=Path, metavar="IMAGE")
    read.add_argument("--profile", type=Path, help="deck profile from 'vision calibrate' "
                      "(default: the built-in reader for uncalibrated decks)")
    read.add_argument("--zones", type=Path, help="zones JSON (board/reader polygons, fractions 0..1)")
    read.add_argument("--json", action="store_true", help="one JSON object per image per line")
    read.set_defaults(func=run_read)


def run_calibrate(args: argparse.Namespace) -> int:
    """Calibrate from ``--deck-dir`` and write ``--out``; progress goes to stderr."""
    from vision.profiles import calibrate_dir
    from vision.read import NET_TRUST, ProfileError

    def progress(done: int, total: int, card: str) -> None:
        print(f"calibrate: {done}/{total} {card}", file=sys.stderr)

    try:
        profile = calibrate_dir(args.deck_dir, args.name, progress)
    except ProfileError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    profile.save(args.out)
    print(f"Wrote profile {args.out} (deck {profile.name!r})")
    share = f"{100 * profile.network_reads:.0f} %"
    if profile.network_reads >= NET_TRUST:
        print(f"Index network: read {share} of this deck's index corners right; it helps read this deck")
    else:
        print(f"Index network: read only {share} of this deck's index corners right (under "
              f"{100 * NET_TRUST:.0f} %); this deck is read by its own profile alone, and more cards "
              "will show as unknown: a deck with a plainer index reads better")
    return 0


def run_read(args: argparse.Namespace) -> int:
    """Read every image; exit 1 when an image or the profile cannot be used."""
    from vision.pipeline import FrameReader
    from vision.profiles import default_profile
    from vision.read import Profile, ProfileError, Reader
    from vision.zones import ZoneError, Zones

    try:
        profile = Profile.load(args.profile) if args.profile else default_profile()
        zones = Zones.load(args.zones) if args.zones else Zones()
    except (ProfileError, ZoneError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    # without a calibrated profile the default reader reads only what its parts agree on
    frame_reader = FrameReader(Reader(profile), zones, consensus=not args.profile)
    status = 0
    for path in args.images:
        frame = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if frame is None:
            print(f"error: cannot read image {path}", file=sys.stderr)
            status = 1
            continue
        cards = frame_reader.read(frame)
        if args.json:
            print(json.dumps({"image": str(path), "cards": [c.to_dict() for c in cards]}))
        else:
            shown = ", ".join(f"{c.card or '??'} ({c.confidence:.2f}, {c.zone})" for c in cards)
            print(f"{path}: {shown or 'no cards'}")
    return status
