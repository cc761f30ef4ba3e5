"""The appliance's one configuration file (TOML): read, validate, write the commented default.

Every problem is reported as ``key: problem`` so a dealer can fix the file without reading
code, and all problems are reported at once::

    >>> load_config_text('[table]\\nseats = 12\\n')
    Traceback (most recent call last):
    ...
    dealer_app.config.ConfigError: <text>: table.seats: must be an integer from 2 to 10, got 12

Money is an integer number of the smallest chip (``limits.chip_value_cents`` says what one
chip is worth), never a float.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from dealer_app.engine.table import Level
from dealer_app.engine.tournament.cash import CashRules
from dealer_app.engine.tournament.compliance import check_cash_table
from dealer_app.engine.tournament.errors import TournamentError
from dealer_app.engine.tournament.setup import PROFILE_BELGIUM, PROFILES
from dealer_app.service.config import ConfigError as TableConfigError
from dealer_app.service.config import TableConfig
from hardware.pins import PinMap, PinMapError
from hardware.settings import PanelSettings as PanelTimings
from hardware.settings import PanelSettingsError
from vision.zones import ZoneError, Zones

#: Where ``dealer-app run`` looks when no ``--config`` is given (the file install.sh writes).
DEFAULT_CONFIG_PATH = Path("/etc/dealer-app/dealer-app.toml")

#: ``capped``: No-Limit sizing inside the house caps (rule L4, the club's structure).
STRUCTURES = ("capped", "no-limit", "pot-limit", "fixed-limit")
MISDEAL_BUTTON = ("same", "moves")
LANGUAGES = ("en", "nl")
CAMERA_SOURCES = ("none", "picamera2", "opencv", "replay")
PIN_FACTORIES = ("auto", "lgpio", "mock")
#: A cash table is 6-max (C1).
CASH_MAX_SEATS = CashRules(big_blind=1, min_buy_in=1, max_buy_in=1).max_seats


class ConfigError(ValueError):
    """The configuration file is unreadable or invalid; ``problems`` lists ``key: problem``."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = list(problems)
        super().__init__("\n".join(f"{source}: {p}" for p in self.problems))


@dataclass(frozen=True)
class CashSettings:
    """A cash table (``[table.cash]``, rules C1-C5): its blinds and posted rules, in chips.

    ``rules`` carries the big blind, the buy-in window, the house times (sit-out limit,
    return window; defaults from :class:`~dealer_app.engine.tournament.cash.CashRules`) and
    the optional rake percentage; ``rake_cap`` is the most rake one hand gives up (0: no cap).
    """

    small_blind: int
    rules: CashRules
    rake_cap: int = 0


@dataclass(frozen=True)
class TableSettings:
    """The table: its name on screens, its seat count (2-10), the UI language, the
    compliance profile (``belgium``: tournament form only, TO5; or ``none``) and, where the
    profile allows it, the cash table it runs (``None``: a tournament table)."""

    name: str = "Table 1"
    seats: int = 9
    language: str = "en"
    profile: str = PROFILE_BELGIUM
    cash: CashSettings | None = None


@dataclass(frozen=True)
class LimitSettings:
    """Betting structure and house limits, all amounts in chips of ``chip_value_cents``.

    The defaults are the club's (rule L4): one chip is 0.25 EUR; ante, SB 0.25, BB 0.50,
    at most 1.50 a player a round and 6.25 a player a hand; a 25 EUR starting stack.
    ``0`` for ``max_per_round`` / ``max_per_hand`` means no house cap (``capped`` needs both).
    The two house options: ``new_player_posts_bb`` (F4; default: a new player waits for the
    BB) and ``misdeal_button`` (D4; ``same``: redeal with the same button, or ``moves``).
    """

    structure: str = "capped"
    currency: str = "EUR"
    chip_value_cents: int = 25
    small_blind: int = 1
    big_blind: int = 2
    ante: int = 1
    max_per_round: int = 6
    max_per_hand: int = 25
    starting_stack: int = 100
    new_player_posts_bb: bool = False
    misdeal_button: str = "same"


@dataclass(frozen=True)
class PanelSettings:
    """The GPIO button panel: fitted or not, the pin factory, its timings and its pin map.

    ``hardware`` (debounce, hold time, buzzer and display kind) and ``pins`` are validated
    by the panel's own classes (:class:`hardware.settings.PanelSettings`,
    :class:`hardware.pins.PinMap`), so the file and the panel never disagree.
    """

    enabled: bool = True
    pin_factory: str = "auto"
    hardware: PanelTimings = field(default_factory=PanelTimings)
    pins: PinMap = field(default_factory=PinMap)


@dataclass(frozen=True)
class CameraSettings:
    """The camera above the felt, the deck profile and the zones.

    ``source``: ``none`` (cards entered by hand), ``picamera2`` (Pi camera), ``opencv``
    (``device``: a video device number or a file), ``replay`` (``replay_dir``: image files).
    ``profile``: the deck profile made by calibration (empty: the default reader).
    ``zones``: polygons in fractions of the image (0..1), as the console saves them.
    """

    source: str = "none"
    device: str = "0"
    replay_dir: str = ""
    width: int = 2304
    height: int = 1296
    fps: int = 10
    profile: str = ""
    zones: dict[str, tuple[tuple[float, float], ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class WebSettings:
    """The web server of the scoreboard and the dealer console (waitress)."""

    host: str = "0.0.0.0"
    port: int = 8000
    #: Waitress worker threads: expected event streams + ~30 (platform.md); the web app's
    #: own default (dealer_app.web.server.waitress_options) is the same 98 + 30.
    threads: int = 128


@dataclass(frozen=True)
class AppConfig:
    """A validated configuration; ``path`` is the file it came from (``None``: built in)."""

    table: TableSettings = field(default_factory=TableSettings)
    limits: LimitSettings = field(default_factory=LimitSettings)
    panel: PanelSettings = field(default_factory=PanelSettings)
    camera: CameraSettings = field(default_factory=CameraSettings)
    data_dir: Path = Path("/var/lib/dealer-app")
    web: WebSettings = field(default_factory=WebSettings)
    path: Path | None = None


class _Reader:
    """Reads one TOML table, remembering the key path and collecting problems."""

    def __init__(self, data: dict[str, Any], prefix: str, problems: list[str]) -> None:
        self.data = data
        self.prefix = prefix
        self.problems = problems
        self.used: set[str] = set()

    def key(self, name: str) -> str:
        return f"{self.prefix}.{name}" if self.prefix else name

    def problem(self, name: str, text: str) -> None:
        self.problems.append(f"{self.key(name)}: {text}")

    def section(self, name: str) -> _Reader:
        """The sub-table ``name`` (an empty one when absent)."""
        self.used.add(name)
        value = self.data.get(name, {})
        if not isinstance(value, dict):
            self.problem(name, f"must be a table ([{self.key(name)}]), got {_show(value)}")
            value = {}
        return _Reader(value, self.key(name), self.problems)

    def int(self, name: str, default: int, low: int, high: int | None = None) -> int:
        self.used.add(name)
        value = self.data.get(name, default)
        if isinstance(value, bool) or not isinstance(value, int):
            self.problem(name, f"must be a whole number, got {_show(value)}")
            return default
        if value < low or (high is not None and value > high):
            if high is None:
                self.problem(name, f"must be at least {low}, got {value}")
            else:
                self.problem(name, f"must be an integer from {low} to {high}, got {value}")
            return default
        return value

    def str(self, name: str, default: str, choices: tuple[str, ...] = (), empty: bool = True) -> str:
        self.used.add(name)
        value = self.data.get(name, default)
        if not isinstance(value, str):
            self.problem(name, f"must be text in quotes, got {_show(value)}")
            return default
        if choices and value not in choices:
            self.problem(name, f"must be one of {', '.join(choices)}, got {value!r}")
            return default
        if not empty and not value.strip():
            self.problem(name, "must not be empty")
            return default
        return value

    def bool(self, name: str, default: bool) -> bool:
        self.used.add(name)
        value = self.data.get(name, default)
        if not isinstance(value, bool):
            self.problem(name, f"must be true or false, got {_show(value)}")
            return default
        return value

    def raw(self, name: str, default: Any) -> Any:
        self.used.add(name)
        return self.data.get(name, default)

    def unknown_keys(self) -> None:
        for name in self.data:
            if name not in self.used:
                self.problem(name, "unknown key (check the spelling; see `dealer-app config init`)")


def _show(value: Any) -> str:
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def load_config(path: str | Path) -> AppConfig:
    """Read and validate the TOML file at ``path``; raise :class:`ConfigError` on any problem."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(str(path), ["file not found (write one with `dealer-app config init`)"]) from None
    except OSError as exc:
        raise ConfigError(str(path), [f"cannot read the file: {exc.strerror}"]) from None
    except UnicodeDecodeError:
        raise ConfigError(str(path), ["the file is not UTF-8 text"]) from None
    return load_config_text(text, source=str(path), path=path)


def load_config_text(text: str, source: str = "<text>", path: Path | None = None) -> AppConfig:
    """Validate configuration ``text``; relative ``storage.data_dir`` is taken from ``path``'s folder."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(source, [f"not valid TOML: {exc}"]) from None
    problems: list[str] = []
    root = _Reader(data, "", problems)
    config = AppConfig(
        table=_table(root.section("table")),
        limits=_limits(root.section("limits")),
        panel=_panel(root.section("panel"), root.section("pins")),
        camera=_camera(root.section("camera")),
        data_dir=_data_dir(root.section("storage"), path),
        web=_web(root.section("web")),
        path=path,
    )
    root.unknown_keys()
    if config.panel.enabled and config.panel.pins.seats < config.table.seats:
        problems.append(
            f"pins.seat_lights: {config.table.seats} seats (table.seats) need {config.table.seats} "
            f"seat lights, got {config.panel.pins.seats}"
        )
    if not problems:
        try:
            table_config(config)
        except (TableConfigError, TournamentError) as exc:  # the table service's own checks, as a last word
            problems.append(f"limits: {exc}")
    if problems:
        raise ConfigError(source, problems)
    return config


def table_config(config: AppConfig) -> TableConfig:
    """The table service's configuration from the appliance's file (one fixed level).

    A cash table (``[table.cash]``) is opened through
    :func:`dealer_app.tournament.cash.cash_table_config`, which refuses it under the Belgian
    profile (TO5, :class:`~dealer_app.engine.tournament.errors.TournamentError`): 6-max
    No-Limit with the blinds of ``[table.cash]``; of ``[limits]`` only the currency, the chip
    value and the misdeal option apply.
    """
    limits = config.limits
    cash = config.table.cash
    if cash is not None:
        from dealer_app.tournament.cash import cash_table_config

        opened = cash_table_config(
            config.table.profile, cash.rules, cash.small_blind, config.table.name, limits.chip_value_cents
        )
        return replace(
            opened,
            seats=config.table.seats,
            currency=limits.currency,
            misdeal_button=limits.misdeal_button,
            language=config.table.language,
            rake_cap=cash.rake_cap,
        )
    capped = limits.structure == "capped"
    return TableConfig(
        name=config.table.name,
        seats=config.table.seats,
        currency=limits.currency,
        chip_cents=limits.chip_value_cents,
        structure=limits.structure,
        levels=(
            Level(
                sb=limits.small_blind,
                bb=limits.big_blind,
                ante=limits.ante,
                round_cap=limits.max_per_round if capped else None,
                hand_cap=limits.max_per_hand if capped else None,
            ),
        ),
        new_player_posts_bb=limits.new_player_posts_bb,
        misdeal_button=limits.misdeal_button,
        language=config.table.language,
    )


def _table(r: _Reader) -> TableSettings:
    d = TableSettings()
    has_cash = "cash" in r.data
    cash = _cash(r.section("cash")) if has_cash else None
    seats_given = "seats" in r.data
    settings = TableSettings(
        name=r.str("name", d.name, empty=False),
        seats=r.int("seats", d.seats, 2, 10),
        language=r.str("language", d.language, LANGUAGES),
        profile=r.str("profile", d.profile, PROFILES),
        cash=cash,
    )
    if len(settings.name) > 40:
        r.problem("name", f"must be at most 40 characters, got {len(settings.name)}")
    if has_cash:
        try:
            check_cash_table(settings.profile)
        except TournamentError as exc:
            r.problem(
                "cash",
                f'{exc}: remove [table.cash], or set table.profile = "none" (the default is '
                '"belgium") only where the law allows cash games',
            )
    if has_cash:
        most = cash.rules.max_seats if cash is not None else CASH_MAX_SEATS
        if not seats_given:
            settings = replace(settings, seats=most)
        elif settings.seats > most:
            r.problem("seats", f"a cash table seats at most {most} (C1), got {settings.seats}")
    r.unknown_keys()
    return settings


def _cash(r: _Reader) -> CashSettings | None:
    """``[table.cash]``: blinds and buy-in window in chips, house times in minutes."""
    d = CashRules(big_blind=2, min_buy_in=1, max_buy_in=1)
    problems = len(r.problems)
    for name in ("big_blind", "min_buy_in", "max_buy_in"):
        if name not in r.data:
            r.problem(name, "missing (a cash table posts its big blind and its buy-in window, C5)")
    big_blind = r.int("big_blind", 2, 1)
    small_blind = r.int("small_blind", max(1, big_blind // 2), 1)
    min_buy_in = r.int("min_buy_in", 1, 1)
    max_buy_in = r.int("max_buy_in", 1, 1)
    sit_out = r.int("sit_out_minutes", d.sit_out_limit // 60, 1, 24 * 60)
    back = r.int("return_minutes", d.return_window // 60, 0, 24 * 60)
    return_bb = r.int("return_big_blinds", d.return_big_blinds, 1)
    rake_percent = r.int("rake_percent", 0, 0, 99)
    rake_cap = r.int("rake_cap", 0, 0)
    r.unknown_keys()
    if rake_cap and not rake_percent:
        r.problem("rake_cap", f"a cap needs a rake: set rake_percent, or remove rake_cap (got {rake_cap})")
    if small_blind > big_blind:
        r.problem("small_blind", f"must not be more than big_blind ({big_blind}), got {small_blind}")
    if min_buy_in > max_buy_in:
        r.problem("min_buy_in", f"must not be more than max_buy_in ({max_buy_in}), got {min_buy_in}")
    if len(r.problems) > problems:
        return None
    try:
        rules = CashRules(
            big_blind=big_blind,
            min_buy_in=min_buy_in,
            max_buy_in=max_buy_in,
            sit_out_limit=sit_out * 60,
            return_window=back * 60,
            return_big_blinds=return_bb,
            rake_percent=rake_percent,
        )
    except TournamentError as exc:
        r.problems.append(f"{r.prefix}: {exc}")
        return None
    return CashSettings(small_blind=small_blind, rules=rules, rake_cap=rake_cap)


def _limits(r: _Reader) -> LimitSettings:
    d = LimitSettings()
    s = LimitSettings(
        structure=r.str("structure", d.structure, STRUCTURES),
        currency=r.str("currency", d.currency),
        chip_value_cents=r.int("chip_value_cents", d.chip_value_cents, 1),
        small_blind=r.int("small_blind", d.small_blind, 0),
        big_blind=r.int("big_blind", d.big_blind, 1),
        ante=r.int("ante", d.ante, 0),
        max_per_round=r.int("max_per_round", d.max_per_round, 0),
        max_per_hand=r.int("max_per_hand", d.max_per_hand, 0),
        starting_stack=r.int("starting_stack", d.starting_stack, 1),
        new_player_posts_bb=r.bool("new_player_posts_bb", d.new_player_posts_bb),
        misdeal_button=r.str("misdeal_button", d.misdeal_button, MISDEAL_BUTTON),
    )
    if s.structure == "capped":
        for name in ("max_per_round", "max_per_hand"):
            if getattr(s, name) == 0:
                r.problem(name, 'must be more than 0 when structure = "capped" (the house caps, rule L4)')
    if not re.fullmatch(r"[A-Z]{3}", s.currency):
        r.problem("currency", f"must be a three-letter code like EUR, got {s.currency!r}")
    if s.small_blind > s.big_blind:
        r.problem("small_blind", f"must not be more than big_blind ({s.big_blind}), got {s.small_blind}")
    if s.max_per_round and s.max_per_round < s.big_blind:
        r.problem("max_per_round", f"must be 0 (no cap) or at least big_blind ({s.big_blind}), got {s.max_per_round}")
    if s.max_per_hand and s.max_per_hand < s.max_per_round + s.ante:
        r.problem(
            "max_per_hand",
            f"must be 0 (no cap) or at least max_per_round + ante ({s.max_per_round + s.ante}), got {s.max_per_hand}",
        )
    if s.starting_stack < s.big_blind + s.ante:
        r.problem("starting_stack", f"must be at least big_blind + ante ({s.big_blind + s.ante}), got {s.starting_stack}")
    r.unknown_keys()
    return s


def _panel(r: _Reader, pins_reader: _Reader) -> PanelSettings:
    d = PanelSettings()
    enabled = r.bool("enabled", d.enabled)
    factory = r.str("pin_factory", d.pin_factory, PIN_FACTORIES)
    hardware_keys = {k: v for k, v in r.data.items() if k not in ("enabled", "pin_factory")}
    r.used.update(hardware_keys)
    try:
        hardware = PanelTimings.from_dict(hardware_keys)
    except PanelSettingsError as exc:
        r.problems.append(str(exc))
        hardware = d.hardware
    pins_reader.used.update(pins_reader.data)
    try:
        pins = PinMap.from_dict(pins_reader.data)
    except PinMapError as exc:
        pins_reader.problems.append(str(exc))
        pins = d.pins
    r.unknown_keys()
    return PanelSettings(enabled=enabled, pin_factory=factory, hardware=hardware, pins=pins)


def _camera(r: _Reader) -> CameraSettings:
    d = CameraSettings()
    source = r.str("source", d.source, CAMERA_SOURCES)
    device = r.raw("device", d.device)
    if isinstance(device, bool) or not isinstance(device, int | str):
        r.problem("device", f"must be a video device number or a file name, got {_show(device)}")
        device = d.device
    replay_dir = r.str("replay_dir", d.replay_dir)
    if source == "replay" and not replay_dir:
        r.problem("replay_dir", "must name a folder of images when source = \"replay\"")
    width = r.int("width", d.width, 160, 4608)
    height = r.int("height", d.height, 120, 2592)
    fps = r.int("fps", d.fps, 1, 60)
    profile = r.str("profile", d.profile)
    zones_reader = r.section("zones")
    zones_reader.used.update(zones_reader.data)
    zones: dict[str, tuple[tuple[float, float], ...]] = {}
    try:
        zones = {z.name: z.polygon for z in Zones.from_dict(zones_reader.data).zones}
    except ZoneError as exc:
        zones_reader.problems.append(f"camera.zones: {exc}")
    r.unknown_keys()
    return CameraSettings(source, str(device), replay_dir, width, height, fps, profile, zones)


def _data_dir(r: _Reader, path: Path | None) -> Path:
    raw = r.str("data_dir", str(AppConfig.data_dir), empty=False)
    r.unknown_keys()
    data_dir = Path(raw).expanduser()
    if not data_dir.is_absolute() and path is not None:
        data_dir = path.parent / data_dir
    return data_dir


def _web(r: _Reader) -> WebSettings:
    d = WebSettings()
    s = WebSettings(
        host=r.str("host", d.host, empty=False),
        port=r.int("port", d.port, 1, 65535),
        threads=r.int("threads", d.threads, 8, 1024),
    )
    r.unknown_keys()
    return s


_DEFAULT_CONFIG_TEMPLATE = """\
# dealer-app: the configuration of one table (one Raspberry Pi).
# Checked at every start; a mistake is reported as `key: problem` and nothing starts.
# Amounts are whole numbers of the smallest chip (limits.chip_value_cents says its worth).

[table]
name = "Table 1"        # shown on the scoreboard and the dealer console
seats = 9               # 2 to 10 (a cash table: at most 6, default 6)
language = "en"         # en or nl: the language of the screens
profile = "belgium"     # compliance profile: belgium (Belgian law: tournaments only, no cash tables, TO5) or none

# A cash table (rules C1-C5), only where the law allows cash games (profile = "none"):
# 6-max No-Limit with these blinds; of [limits] only currency, chip_value_cents and
# misdeal_button apply. Under profile = "belgium" the table does not start (TO5).
# [table.cash]
# big_blind = 2           # 0.50
# small_blind = 1         # 0.25 (default: half the big blind)
# min_buy_in = 40         # 10.00: the posted buy-in window, the stack after a buy-in or rebuy (C5)
# max_buy_in = 200        # 50.00
# sit_out_minutes = 10    # C2: a player sitting out this long is removed
# return_minutes = 30     # C3: who leaves with return_big_blinds or more and comes back within
# return_big_blinds = 100 #     this time brings that stack back
# rake_percent = 0        # C5 optional rake: this % of each pot of a hand that saw a flop (no flop, no drop)
# rake_cap = 0            # the most rake one hand gives up, in chips (0: no cap)

[limits]
structure = "capped"    # capped (no-limit sizing inside the caps below), no-limit, pot-limit, fixed-limit
currency = "EUR"
chip_value_cents = 25   # one chip = 0.25 EUR
small_blind = 1         # 0.25
big_blind = 2           # 0.50
ante = 1                # 0.25, paid by everyone in the hand (0: no ante)
max_per_round = 6       # 1.50: the most one player puts in during one betting round (0: no cap)
max_per_hand = 25       # 6.25: the most one player puts in during one hand (0: no cap)
starting_stack = 100    # 25.00: the stack a new player buys in for
new_player_posts_bb = false  # house option: true = a new player may post one BB instead of waiting
misdeal_button = "same" # house option after a misdeal: same (redeal, same button) or moves

[panel]
enabled = true          # false: no button panel fitted, the dealer console does everything
pin_factory = "auto"    # auto (lgpio on a Pi, simulated pins elsewhere), lgpio or mock
debounce_ms = 20        # one press, however much the contacts bounce
hold_ms = 1000          # a long press (UNDO held: take back the last action)
buzzer = "active"       # active, or passive (a piezo on a PWM pin)
display = "none"        # none, ssd1306 or sh1106 (128x64 I2C OLED)

[pins]                  # BCM numbers (GPIO17 = 17), not header pin positions; see docs/hardware.md
{pins}
[camera]
source = "picamera2"    # none (cards by hand), picamera2, opencv (device) or replay (replay_dir)
device = 0              # opencv only: video device number or a video file
replay_dir = ""         # replay only: a folder of images played in name order
width = 2304            # Camera Module 3 binned full view
height = 1296
fps = 10

profile = ""            # the deck profile from calibration (empty: the reader for standard decks)

# The zones are set on a camera snapshot in the dealer console; they may also be written
# here, as polygons in fractions of the image (0 = left/top, 1 = right/bottom):
# [camera.zones]
# board = [[0.2, 0.25], [0.8, 0.25], [0.8, 0.5], [0.2, 0.5]]
# reader = [[0.35, 0.6], [0.65, 0.6], [0.65, 0.9], [0.35, 0.9]]

[storage]
data_dir = "/var/lib/dealer-app"  # the event log and exports; on the writable partition

[web]
host = "0.0.0.0"        # listen on every network
port = 8000
threads = 128           # open scoreboards (event streams) + 30
"""


def _pin_lines() -> str:
    pins = PinMap().to_dict()
    lines = [f"{key} = {value}" for key, value in pins.items() if key != "seat_lights"]
    lights = ", ".join(str(n) for n in pins["seat_lights"])
    lines.append(f"seat_lights = [{lights}]  # seat 1 first, one per seat")
    return "\n".join(lines)


#: The commented default file ``dealer-app config init`` writes.
DEFAULT_CONFIG_TEXT = _DEFAULT_CONFIG_TEMPLATE.replace("{pins}", _pin_lines())
