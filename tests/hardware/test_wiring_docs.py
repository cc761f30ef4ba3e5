"""The wiring picture and table in the docs match the default pin map."""

from __future__ import annotations

import re
from pathlib import Path

from hardware.pins import PinMap
from hardware.wiring import BCM_TO_HEADER, header_uses, wiring_svg

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_committed_wiring_svg_is_the_drawing_of_the_default_pins() -> None:
    assert (DOCS / "wiring.svg").read_text() == wiring_svg(PinMap())


def test_every_device_is_drawn_on_its_header_pin() -> None:
    uses = header_uses(PinMap())
    assert uses[29] == ("button", "FOLD button")
    assert uses[40] == ("button", "OK/NEXT button")
    assert uses[12] == ("buzzer", "buzzer")
    assert uses[23] == ("led", "seat 10 light")
    assert len([kind for kind, _ in uses.values() if kind == "led"]) == 10
    assert len(uses) == 7 + 2 + 1 + 10 + 4


def test_wiring_table_in_docs_matches_the_defaults_and_header_pins() -> None:
    text = (DOCS / "hardware.md").read_text()
    rows = re.findall(r"^\| `([a-z_]+(?:\[\d+\])?)` \| (\d+) \| (\d+) \|", text, flags=re.M)
    assert {key: int(bcm) for key, bcm, _ in rows} == dict(PinMap().uses())
    assert all(BCM_TO_HEADER[int(bcm)] == int(header) for _, bcm, header in rows)
