"""``dealer-app demo``: a whole table on this computer, no Raspberry Pi needed.

The demo runs the appliance's own runtime with the button panel on gpiozero's simulated
pins (driven from the virtual panel in the dealer console) and a simulated camera: it
pictures the real card artwork on felt, the board when the dealer is prompted to deal it
and a player's hand in the reader zone when the player must show, and the real vision
pipeline reads those pictures. Four players are seated at the first start, so a newcomer
can press OK and play a hand at once, and watch the scoreboard in another tab.
"""

from __future__ import annotations

import argparse
import logging
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np

from dealer_app.config import AppConfig, CameraSettings, PanelSettings, TableSettings, WebSettings
from vision import DEFAULT_PROFILE_PATH

DEMO_PLAYERS = (("Ann", 1), ("Bob", 2), ("Cor", 3), ("Dirk", 4))
DEMO_STACK = 100
DEMO_DECK = "heruka-4color"
#: Where the simulated camera lays the cards: board row and reader zone (image fractions).
DEMO_ZONES = {
    "board": ((0.05, 0.05), (0.95, 0.05), (0.95, 0.55), (0.05, 0.55)),
    "reader": ((0.25, 0.6), (0.75, 0.6), (0.75, 1.0), (0.25, 1.0)),
}
FRAME_SIZE = (1280, 720)
CARD_HEIGHT = 180
FELT_BGR = (40, 110, 30)
STREET_CARDS = {"flop": 3, "turn": 1, "river": 1}


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``demo``."""
    parser = subparsers.add_parser(
        "demo", help="run a demo table in the browser: simulated buttons and camera"
    )
    parser.add_argument("--port", type=int, default=8000, help="web port (default: %(default)s)")
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on; 0.0.0.0 for other devices (default: %(default)s)"
    )
    parser.add_argument(
        "--data", type=Path, default=Path("data/demo"), help="the demo table's folder; kept between runs (default: %(default)s)"
    )
    parser.add_argument("--no-camera", action="store_true", help="no simulated camera: enter the cards in the console")
    parser.set_defaults(func=run_demo)


def demo_config(data: Path, host: str, port: int, camera: bool) -> AppConfig:
    """The demo table: 6 seats, the club's limits, simulated pins, the simulated camera."""
    return AppConfig(
        table=TableSettings(name="Demo table", seats=6, language="en"),
        panel=PanelSettings(enabled=True, pin_factory="mock"),
        camera=CameraSettings(
            source="simulated" if camera else "none",
            fps=5,
            # the demo deck is the one the committed profile was made from: read it as calibrated
            profile=str(DEFAULT_PROFILE_PATH) if camera else "",
            zones=DEMO_ZONES if camera else {},
        ),
        data_dir=data,
        web=WebSettings(host=host, port=port),
    )


def seat_demo_players(service: Any) -> None:
    """On a new demo table: four players with 25.00 each and the button on seat 1."""
    if any(seat["status"] != "empty" for seat in service.view()["seats"]):
        return  # a table kept from an earlier run
    for name, seat in DEMO_PLAYERS:
        service.execute({"cmd": "join", "seat": seat, "name": name, "stack": DEMO_STACK}, source="console")
    service.execute({"cmd": "button", "seat": 1}, source="console")


class SimulatedCamera:
    """A camera source that pictures what a dealer would lay out, from real card artwork.

    It follows the table's dealer view: when the dealer is prompted to burn and deal a
    street it shows the board with that street's new cards (drawn from its own shuffled
    deck); when a seat must show, that seat's two cards lie in the reader zone. The frames
    go through the same vision pipeline and CardWatch as a real camera's.
    """

    def __init__(self, service: Any, seed: int | None = None) -> None:
        from vision.art import committed_deck

        self.service = service
        self.faces = committed_deck(DEMO_DECK)
        self.rng = random.Random(seed)
        self._hand: int | None = None
        self._deck: list[str] = []
        self._street_cards: dict[str, list[str]] = {}
        self._hole: dict[int, list[str]] = {}

    def _draw(self, count: int, known: set[str]) -> list[str]:
        cards = []
        while len(cards) < count:
            card = self._deck.pop()
            if card not in known:
                cards.append(card)
        return cards

    def layout(self) -> tuple[list[str], list[str]]:
        """The board cards and the reader-zone cards to picture now."""
        view = self.service.view(role="dealer")
        hand = view["hand"]
        if hand is None:
            return [], []
        if hand["number"] != self._hand:
            from vision.art import CARD_NAMES

            self._hand = hand["number"]
            self._deck = list(CARD_NAMES)
            self.rng.shuffle(self._deck)
            self._street_cards, self._hole = {}, {}
        board = list(hand["board"])
        known = set(board) | {c for s in view["seats"] for c in (s.get("cards") or [])}
        prompt = view["prompt"]
        reader: list[str] = []
        if prompt["code"] == "burn_and_deal":
            street = prompt["args"]["street"]
            if street not in self._street_cards:
                self._street_cards[street] = self._draw(STREET_CARDS[street], known)
            board += self._street_cards[street]
        elif prompt["code"] in ("show_first", "show", "table_all"):
            seats = prompt["args"]["seats"] if prompt["code"] == "table_all" else [prompt["args"]["seat"]]
            tabled = {s["seat"] for s in view["seats"] if s.get("cards")}
            waiting = [seat for seat in seats if seat not in tabled]
            if waiting:
                if waiting[0] not in self._hole:
                    self._hole[waiting[0]] = self._draw(2, known)
                reader = self._hole[waiting[0]]
        return board, reader

    def read(self) -> np.ndarray:
        import cv2

        board, reader = self.layout()
        width, height = FRAME_SIZE
        image = np.empty((height, width, 3), np.uint8)
        image[:] = FELT_BGR
        for cards, top in ((board, int(0.12 * height)), (reader, int(0.66 * height))):
            if not cards:
                continue
            face_w = int(CARD_HEIGHT * 200 / 280)
            gap = int(face_w * 1.15)
            left = (width - gap * (len(cards) - 1) - face_w) // 2
            for i, card in enumerate(cards):
                face = cv2.resize(self.faces[card], (face_w, CARD_HEIGHT), interpolation=cv2.INTER_AREA)
                x = left + i * gap
                image[top : top + CARD_HEIGHT, x : x + face_w] = face
        return image

    def close(self) -> None:
        """Nothing to release."""


def run_demo(args: argparse.Namespace) -> int:
    """Start the demo table and serve it until Ctrl+C."""
    from dealer_app.runtime import Runtime, serve_until_stopped

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    data: Path = args.data.resolve()
    config = demo_config(data, args.host, args.port, camera=not args.no_camera)
    runtime = Runtime(
        config,
        virtual_panel=True,
        camera_factory=None if args.no_camera else lambda rt: SimulatedCamera(rt.service),
    )

    def seat_and_explain(runtime: Runtime) -> None:
        seat_demo_players(runtime.service)
        print(
            f"\nDemo table: scoreboard {runtime.url}/  dealer console {runtime.url}/dealer/\n"
            "In the console press OK on the virtual panel to start a hand; the simulated camera\n"
            "deals the board and the showdown hands. Ctrl+C stops; the table is kept in "
            f"{data}.\n",
            flush=True,
        )

    try:
        return serve_until_stopped(runtime, after_start=seat_and_explain)
    except OSError as exc:
        print(f"dealer-app demo: {exc} (is port {args.port} taken? try --port)", file=sys.stderr)
        return 1

