"""Draw the wiring diagram (``docs/wiring.svg``) from a pin map.

``python -m hardware.wiring > docs/wiring.svg`` regenerates the committed picture; a test
checks that it still matches the default pin map.
"""

from __future__ import annotations

import sys

from hardware.pins import ButtonName, PinMap

BCM_TO_HEADER = {
    2: 3, 3: 5, 4: 7, 17: 11, 27: 13, 22: 15, 10: 19, 9: 21, 11: 23, 0: 27, 5: 29, 6: 31,
    13: 33, 19: 35, 26: 37, 14: 8, 15: 10, 18: 12, 23: 16, 24: 18, 25: 22, 8: 24, 7: 26,
    1: 28, 12: 32, 16: 36, 20: 38, 21: 40,
}
"""BCM GPIO number -> physical pin of the 40-pin header."""
POWER = {
    1: "3V3", 17: "3V3", 2: "5V", 4: "5V", 6: "GND", 9: "GND", 14: "GND", 20: "GND",
    25: "GND", 30: "GND", 34: "GND", 39: "GND",
}
COLORS = {
    "button": "#c0392b", "encoder": "#8e44ad", "led": "#d68910", "buzzer": "#2471a3",
    "oled": "#117a65",
}
WIDTH, ROW, TOP = 1240, 34, 130
CENTRE = WIDTH // 2
LEGEND = (
    ("button", "push button / switch to GND"),
    ("encoder", "rotary encoder A/B (its C pin to GND, pin 14)"),
    ("led", "seat light: 330 &#937; + LED to GND"),
    ("buzzer", "buzzer driver (transistor, 5V)"),
    ("oled", "I2C OLED (VCC 3V3 pin 1, GND pin 9)"),
)


def header_uses(pins: PinMap) -> dict[int, tuple[str, str]]:
    """Physical header pin -> (kind, label) for every wired device."""
    uses: dict[int, tuple[str, str]] = {}
    for button in ButtonName:
        label = "dial push switch" if button is ButtonName.DIAL else f"{button.label} button"
        uses[BCM_TO_HEADER[pins.button_pin(button)]] = ("button", label)
    uses[BCM_TO_HEADER[pins.encoder_a]] = ("encoder", "dial encoder A")
    uses[BCM_TO_HEADER[pins.encoder_b]] = ("encoder", "dial encoder B")
    uses[BCM_TO_HEADER[pins.buzzer]] = ("buzzer", "buzzer")
    for seat, bcm in enumerate(pins.seat_lights, start=1):
        uses[BCM_TO_HEADER[bcm]] = ("led", f"seat {seat} light")
    uses.update({1: ("oled", "OLED VCC"), 3: ("oled", "OLED SDA"), 5: ("oled", "OLED SCL"),
                 9: ("oled", "OLED GND")})
    return uses


def _ground(x: float, y: float) -> str:
    return (
        f'<line x1="{x}" y1="{y}" x2="{x}" y2="{y + 6}" stroke="black"/>'
        f'<line x1="{x - 7}" y1="{y + 6}" x2="{x + 7}" y2="{y + 6}" stroke="black"/>'
        f'<line x1="{x - 4}" y1="{y + 9}" x2="{x + 4}" y2="{y + 9}" stroke="black"/>'
        f'<line x1="{x - 1}" y1="{y + 12}" x2="{x + 1}" y2="{y + 12}" stroke="black"/>'
    )


def _symbol(kind: str, x: float, y: float, s: int) -> str:
    """A device symbol whose wire end is at ``x``; ``s`` = -1 draws leftwards."""
    if kind in ("button", "encoder"):
        return (
            f'<circle cx="{x + s * 6}" cy="{y}" r="3" fill="none" stroke="black"/>'
            f'<line x1="{x + s * 9}" y1="{y - 2}" x2="{x + s * 32}" y2="{y - 10}" '
            f'stroke="black" stroke-width="2"/>'
            f'<circle cx="{x + s * 36}" cy="{y}" r="3" fill="none" stroke="black"/>'
            f'<line x1="{x + s * 39}" y1="{y}" x2="{x + s * 52}" y2="{y}" stroke="black"/>'
            + _ground(x + s * 52, y)
        )
    if kind == "led":
        tip = x + s * 50
        return (
            f'<rect x="{min(x + s * 4, x + s * 30)}" y="{y - 5}" width="26" height="10" '
            f'fill="white" stroke="black"/>'
            f'<line x1="{x + s * 30}" y1="{y}" x2="{x + s * 36}" y2="{y}" stroke="black"/>'
            f'<polygon points="{x + s * 36},{y - 7} {x + s * 36},{y + 7} {tip},{y}" '
            f'fill="#f5b041" stroke="black"/>'
            f'<line x1="{tip}" y1="{y - 7}" x2="{tip}" y2="{y + 7}" stroke="black" stroke-width="2"/>'
            f'<line x1="{tip}" y1="{y}" x2="{tip + s * 8}" y2="{y}" stroke="black"/>'
            + _ground(tip + s * 8, y)
        )
    fill, text = ("#d6eaf8", "NPN+BZ") if kind == "buzzer" else ("#d1f2eb", "OLED")
    return (
        f'<rect x="{min(x + s * 4, x + s * 58)}" y="{y - 9}" width="54" height="18" rx="3" '
        f'fill="{fill}" stroke="black"/>'
        f'<text x="{x + s * 31}" y="{y + 4}" text-anchor="middle" font-size="11">{text}</text>'
    )


def wiring_svg(pins: PinMap) -> str:
    """The wiring diagram of ``pins`` as an SVG document."""
    uses = header_uses(pins)
    header_bcm = {header: bcm for bcm, header in BCM_TO_HEADER.items()}
    height = TOP + 20 * ROW + 150
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="DejaVu Sans, Arial, sans-serif" '
        f'font-size="13">',
        "<title>dealer-app button panel wiring (BCM numbering)</title>",
        '<rect width="100%" height="100%" fill="#ffffff"/>',
        f'<text x="{WIDTH / 2}" y="32" text-anchor="middle" font-size="20" font-weight="bold">'
        "Dealer button panel: wiring to the Raspberry Pi 40-pin header</text>",
        f'<text x="{WIDTH / 2}" y="56" text-anchor="middle">Pin map of hardware.pins.PinMap. '
        "Buttons and encoder: contact to GND, internal pull-up. "
        "Lights: GPIO - 330 &#937; - LED - GND.</text>",
        f'<text x="{WIDTH / 2}" y="76" text-anchor="middle">Buzzer: GPIO - 1 k&#937; - NPN base '
        "(BC337); buzzer between 5V and collector; emitter to GND. "
        "OLED: SSD1306/SH1106 on I2C-1.</text>",
        f'<rect x="{CENTRE - 70}" y="{TOP - 14}" width="140" height="{20 * ROW + 8}" rx="8" '
        'fill="#1d5e2e" stroke="#0b2e14"/>',
        f'<text x="{CENTRE}" y="{TOP - 22}" text-anchor="middle" font-weight="bold">'
        "J8 header (pin 1 top left)</text>",
    ]
    for row in range(20):
        y = TOP + row * ROW + 8
        for header in (2 * row + 1, 2 * row + 2):
            side = -1 if header % 2 else 1
            x = CENTRE + side * 28
            power = POWER.get(header, "")
            fill = "#e74c3c" if power.endswith("V") else "#222" if power == "GND" else "#f4d03f"
            ink = "#000" if fill == "#f4d03f" else "#fff"
            out.append(f'<circle cx="{x}" cy="{y}" r="8" fill="{fill}" stroke="#555"/>')
            out.append(f'<text x="{x}" y="{y + 4}" text-anchor="middle" font-size="9" '
                       f'fill="{ink}">{header}</text>')
            anchor = "end" if side < 0 else "start"
            name = power or f"BCM {header_bcm[header]}"
            name_y = y - 6 if header in uses else y + 4
            out.append(f'<text x="{CENTRE + side * 80}" y="{name_y}" text-anchor="{anchor}" '
                       f'font-size="11" fill="#555">{name}</text>')
            if header not in uses:
                continue
            kind, label = uses[header]
            end = CENTRE + side * 220
            out.append(f'<line x1="{x + side * 8}" y1="{y}" x2="{end}" y2="{y}" '
                       f'stroke="{COLORS[kind]}" stroke-width="3"/>')
            out.append(_symbol(kind, end, y, side))
            out.append(f'<text x="{end + side * 80}" y="{y + 5}" text-anchor="{anchor}" '
                       f'font-weight="bold" fill="{COLORS[kind]}">{label}</text>')
    legend_y = TOP + 20 * ROW + 40
    out.append(f'<text x="40" y="{legend_y}" font-weight="bold">Legend</text>')
    for index, (kind, text) in enumerate(LEGEND):
        x = 40 + (index % 3) * 400
        y = legend_y + 24 + (index // 3) * 24
        out.append(f'<line x1="{x}" y1="{y - 4}" x2="{x + 30}" y2="{y - 4}" '
                   f'stroke="{COLORS[kind]}" stroke-width="3"/>')
        out.append(f'<text x="{x + 38}" y="{y}">{text}</text>')
    out.append(f'<text x="40" y="{legend_y + 80}" fill="#555">Numbers in circles are physical '
               "header pins; BCM numbers are what the [pins] table of the configuration uses."
               "</text>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.stdout.write(wiring_svg(PinMap()))
