"""The table's TOML configuration: defaults, the written default file, every validation message."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_app.cli import main
from dealer_app.config import (
    DEFAULT_CONFIG_TEXT,
    AppConfig,
    ConfigError,
    load_config,
    load_config_text,
)
from dealer_app.web.server import waitress_options
from hardware.pins import PinMap
from hardware.settings import PanelSettings as PanelTimings


def problems_of(text: str) -> list[str]:
    with pytest.raises(ConfigError) as info:
        load_config_text(text)
    return info.value.problems


def test_empty_file_gives_the_documented_defaults() -> None:
    config = load_config_text("")
    assert config.table.name == "Table 1"
    assert config.table.seats == 9
    assert config.table.language == "en"
    assert (config.limits.small_blind, config.limits.big_blind, config.limits.ante) == (1, 2, 1)
    assert (config.limits.max_per_round, config.limits.max_per_hand) == (6, 25)
    assert config.limits.chip_value_cents == 25
    assert config.panel.pins == PinMap()
    assert config.camera.source == "none"
    assert config.data_dir == Path("/var/lib/dealer-app")
    assert config.web.port == 8000
    assert config.web.threads == 128


def test_web_threads_default_is_the_web_apps_waitress_default_in_code_and_file() -> None:
    """platform.md: threads = expected streams + ~30; one figure everywhere."""
    assert load_config_text("").web.threads == waitress_options()["threads"] == 128
    assert load_config_text(DEFAULT_CONFIG_TEXT).web.threads == 128


def test_l4_default_file_holds_the_club_limits_in_chips_of_25_cents() -> None:
    """Rule L4: ante 0.25, SB 0.25, BB 0.50, 1.50 a round, 6.25 a hand."""
    config = load_config_text(DEFAULT_CONFIG_TEXT)
    cents = config.limits.chip_value_cents
    assert [v * cents for v in (config.limits.ante, config.limits.small_blind, config.limits.big_blind)] == [25, 25, 50]
    assert config.limits.max_per_round * cents == 150
    assert config.limits.max_per_hand * cents == 625
    assert config.limits.structure == "capped"
    assert config.camera.source == "picamera2"
    assert config.panel.pins == PinMap()


def test_full_file_is_read_into_typed_settings(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    path.write_text(
        """
[table]
name = "Final table"
seats = 10
language = "nl"
[limits]
structure = "pot-limit"
small_blind = 2
big_blind = 4
ante = 0
max_per_round = 0
max_per_hand = 0
starting_stack = 400
[panel]
enabled = false
pin_factory = "mock"
hold_ms = 800
[pins]
fold = 14
seat_lights = [9, 10]
[camera]
source = "replay"
replay_dir = "frames"
profile = "club-deck.npz"
[camera.zones]
board = [[0, 0], [1, 0], [0.5, 0.5]]
[storage]
data_dir = "data"
[web]
host = "127.0.0.1"
port = 8123
threads = 40
""",
        encoding="utf-8",
    )
    config = load_config(path)
    assert config.table == config.table.__class__("Final table", 10, "nl")
    assert config.limits.structure == "pot-limit"
    assert config.limits.max_per_hand == 0
    assert config.panel.enabled is False
    assert config.panel.pin_factory == "mock"
    assert config.panel.hardware == PanelTimings(hold_time=0.8)
    assert config.panel.pins.fold == 14
    assert config.panel.pins.seat_lights == (9, 10)
    assert config.panel.pins.check_call == 6
    assert config.camera.zones == {"board": ((0.0, 0.0), (1.0, 0.0), (0.5, 0.5))}
    assert config.camera.profile == "club-deck.npz"
    assert config.data_dir == tmp_path / "data"
    assert (config.web.host, config.web.port, config.web.threads) == ("127.0.0.1", 8123, 40)
    assert config.path == path


BAD_VALUES: list[tuple[str, str | None]] = [
    ("[table]\nname = 3", "table.name: must be text in quotes, got 3"),
    ("[table]\nname = ' '", "table.name: must not be empty"),
    ("[table]\nname = '" + "x" * 41 + "'", "table.name: must be at most 40 characters, got 41"),
    ("[table]\nseats = 12", "table.seats: must be an integer from 2 to 10, got 12"),
    ("[table]\nseats = 1", "table.seats: must be an integer from 2 to 10, got 1"),
    ("[table]\nseats = 6.0", "table.seats: must be a whole number, got 6.0"),
    ("[table]\nseats = '6'", "table.seats: must be a whole number, got '6'"),
    ("[table]\nseats = true", "table.seats: must be a whole number, got True"),
    ("[table]\nlanguage = 'fr'", "table.language: must be one of en, nl, got 'fr'"),
    ("[table]\ncolour = 'green'", "table.colour: unknown key (check the spelling; see `dealer-app config init`)"),
    ("table = 5", "table: must be a table ([table]), got 5"),
    ("[limits]\nstructure = 'spread'", "limits.structure: must be one of capped, no-limit, pot-limit, fixed-limit, got 'spread'"),
    ("[limits]\nmax_per_round = 0", 'limits.max_per_round: must be more than 0 when structure = "capped" (the house caps, rule L4)'),
    ("[limits]\nnew_player_posts_bb = 1", "limits.new_player_posts_bb: must be true or false, got 1"),
    ("[limits]\nmisdeal_button = 'left'", "limits.misdeal_button: must be one of same, moves, got 'left'"),
    ("[limits]\ncurrency = 'euro'", "limits.currency: must be a three-letter code like EUR, got 'euro'"),
    ("[limits]\nchip_value_cents = 0", "limits.chip_value_cents: must be at least 1, got 0"),
    ("[limits]\nsmall_blind = -1", "limits.small_blind: must be at least 0, got -1"),
    ("[limits]\nsmall_blind = 3", "limits.small_blind: must not be more than big_blind (2), got 3"),
    ("[limits]\nbig_blind = 0", "limits.big_blind: must be at least 1, got 0"),
    ("[limits]\nbig_blind = 0.5", "limits.big_blind: must be a whole number, got 0.5"),
    ("[limits]\nante = -2", "limits.ante: must be at least 0, got -2"),
    ("[limits]\nmax_per_round = 1", "limits.max_per_round: must be 0 (no cap) or at least big_blind (2), got 1"),
    ("[limits]\nmax_per_hand = 6", "limits.max_per_hand: must be 0 (no cap) or at least max_per_round + ante (7), got 6"),
    ("[limits]\nstructure = 'no-limit'\nmax_per_round = 0\nmax_per_hand = 0", None),
    ("[limits]\nstarting_stack = 2", "limits.starting_stack: must be at least big_blind + ante (3), got 2"),
    ("[limits]\nrake = 5", "limits.rake: unknown key (check the spelling; see `dealer-app config init`)"),
    ("[panel]\nenabled = 'yes'", "panel.enabled: must be true or false, got 'yes'"),
    ("[panel]\npin_factory = 'rpigpio'", "panel.pin_factory: must be one of auto, lgpio, mock, got 'rpigpio'"),
    # [panel] timings and [pins] are checked by the panel's own classes (hardware/):
    ("[panel]\nhold_ms = 'long'", "panel.hold_ms: expected a whole number, got 'long'"),
    ("[panel]\ndisplay = 'lcd'", "panel.display: expected one of none, ssd1306, sh1106, got 'lcd'"),
    ("[panel]\nflash = 1", "panel.flash: unknown key; known keys: debounce_ms, hold_ms, buzzer, display, display_address, i2c_port"),
    ("[pins]\nfold = 40", "pins.fold: BCM 40 is not on the 40-pin header (GPIO 0-27)"),
    ("[pins]\nok_next = 2", "pins.ok_next: BCM 2 is reserved for the I2C display (SDA)"),
    ("[pins]\nfold = 6", "pins.check_call: BCM 6 is already used by pins.fold"),
    ("[pins]\nraise = 3", "pins.raise: unknown key; known keys: fold, check_call, bet_raise, all_in, undo, ok_next, encoder_a, encoder_b, encoder_push, buzzer, seat_lights"),
    ("[pins]\nseat_lights = [4, 12]", "pins.seat_lights: 9 seats (table.seats) need 9 seat lights, got 2"),
    ("[table]\nseats = 2\n[pins]\nseat_lights = [4, 12]", None),
    ("[panel]\nenabled = false\n[pins]\nseat_lights = [4]", None),
    ("pins = 3", "pins: must be a table ([pins]), got 3"),
    ("[camera]\nsource = 'usb'", "camera.source: must be one of none, picamera2, opencv, replay, got 'usb'"),
    ("[camera]\ndevice = [0]", "camera.device: must be a video device number or a file name, got a list"),
    ("[camera]\nsource = 'replay'", 'camera.replay_dir: must name a folder of images when source = "replay"'),
    ("[camera]\nwidth = 100", "camera.width: must be an integer from 160 to 4608, got 100"),
    ("[camera]\nheight = 3000", "camera.height: must be an integer from 120 to 2592, got 3000"),
    ("[camera]\nfps = 0", "camera.fps: must be an integer from 1 to 60, got 0"),
    # zones are checked by vision's own class (fractions of the image):
    ("[camera.zones]\nboard = [[0, 0], [1, 1]]", "camera.zones: Zone 'board' needs at least 3 points, got 2"),
    ("[camera.zones]\nreader = [[0, 0], [1, 1], [1, 'a']]", "camera.zones: Zone 'reader': points must be [x, y] pairs"),
    ("[camera.zones]\nboard = [[0, 0], [500, 0], [0, 1]]", "camera.zones: Zone 'board': coordinates are fractions of the image, 0 to 1"),
    ("[camera.zones]\nmuck = [[0, 0], [1, 0], [0, 1]]", "camera.zones: Unknown zone 'muck': use board or reader"),
    ("[camera]\nprofile = 3", "camera.profile: must be text in quotes, got 3"),
    ("[storage]\ndata_dir = ''", "storage.data_dir: must not be empty"),
    ("[storage]\ndata_dir = 7", "storage.data_dir: must be text in quotes, got 7"),
    ("[web]\nport = 0", "web.port: must be an integer from 1 to 65535, got 0"),
    ("[web]\nport = 70000", "web.port: must be an integer from 1 to 65535, got 70000"),
    ("[web]\nthreads = 4", "web.threads: must be an integer from 8 to 1024, got 4"),
    ("[web]\nhost = ''", "web.host: must not be empty"),
    ("[network]\nssid = 'x'", "network: unknown key (check the spelling; see `dealer-app config init`)"),
]


@pytest.mark.parametrize(("text", "message"), BAD_VALUES, ids=[(m or "ok").split(":")[0] + "-" + str(i) for i, (_, m) in enumerate(BAD_VALUES)])
def test_each_bad_value_is_named_with_its_key_and_problem(text: str, message: str | None) -> None:
    if message is None:  # the same keys with good values: no problem
        load_config_text(text)
    else:
        assert problems_of(text) == [message]


def test_all_problems_are_reported_at_once_each_line_prefixed_by_the_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("[table]\nseats = 0\n[web]\nport = -1\n", encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert str(info.value).splitlines() == [
        f"{path}: table.seats: must be an integer from 2 to 10, got 0",
        f"{path}: web.port: must be an integer from 1 to 65535, got -1",
    ]


def test_toml_syntax_error_names_line_and_column() -> None:
    assert problems_of("[table]\nseats = = 3\n") == ["not valid TOML: Invalid value (at line 2, column 9)"]


def test_missing_file_says_how_to_make_one(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as info:
        load_config(tmp_path / "nope.toml")
    assert info.value.problems == ["file not found (write one with `dealer-app config init`)"]


def test_non_utf8_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes("[table]\nname = 'Caf\xe9'\n".encode("latin-1"))
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert info.value.problems == ["the file is not UTF-8 text"]


def test_absolute_data_dir_is_kept(tmp_path: Path) -> None:
    config = load_config_text("[storage]\ndata_dir = '/srv/poker'\n", path=tmp_path / "x.toml")
    assert config.data_dir == Path("/srv/poker")


def test_config_init_writes_the_default_and_refuses_to_overwrite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "etc" / "dealer-app.toml"
    assert main(["config", "init", "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == DEFAULT_CONFIG_TEXT
    out.write_text("[table]\nseats = 4\n", encoding="utf-8")
    assert main(["config", "init", "--out", str(out)]) == 1
    assert capsys.readouterr().err == f"{out}: already exists; keep it, or replace it with --force\n"
    assert out.read_text(encoding="utf-8") == "[table]\nseats = 4\n"
    assert main(["config", "init", "--out", str(out), "--force"]) == 0
    assert out.read_text(encoding="utf-8") == DEFAULT_CONFIG_TEXT


def test_config_check_prints_ok_or_every_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.toml"
    good.write_text(DEFAULT_CONFIG_TEXT, encoding="utf-8")
    assert main(["config", "check", "--config", str(good)]) == 0
    assert capsys.readouterr().out == f"OK: {good} (table 'Table 1', 9 seats, port 8000)\n"
    bad = tmp_path / "bad.toml"
    bad.write_text("[table]\nlanguage = 'de'\n", encoding="utf-8")
    assert main(["config", "check", "--config", str(bad)]) == 1
    assert capsys.readouterr().err == f"{bad}: table.language: must be one of en, nl, got 'de'\n"


def test_default_file_pins_are_the_panels_documented_defaults() -> None:
    assert "[pins]" in DEFAULT_CONFIG_TEXT
    assert load_config_text(DEFAULT_CONFIG_TEXT).panel.pins == PinMap()


def test_app_config_default_matches_an_empty_file() -> None:
    assert AppConfig() == load_config_text("")


def test_table_config_for_the_service_drops_the_caps_outside_the_capped_structure() -> None:
    from dealer_app.config import table_config

    config = load_config_text("[table]\nname = 'NL'\nseats = 6\n[limits]\nstructure = 'no-limit'\nante = 0\n")
    service_config = table_config(config)
    assert (service_config.name, service_config.seats, service_config.structure) == ("NL", 6, "no-limit")
    (level,) = service_config.levels
    assert (level.sb, level.bb, level.ante, level.round_cap, level.hand_cap) == (1, 2, 0, None, None)


# -- cash tables (C1-C5), only where the compliance profile allows them (TO5) ------------

CASH_SECTION = "[table.cash]\nbig_blind = 2\nmin_buy_in = 40\nmax_buy_in = 200\n"
TO5_REFUSAL = (
    "table.cash: Cash tables are not allowed under Belgian law: tournament form only (TO5): remove "
    '[table.cash], or set table.profile = "none" (the default is "belgium") only where the law '
    "allows cash games"
)


def test_c1_c5_cash_section_with_profile_none_gives_a_cash_table_config() -> None:
    from dealer_app.config import table_config
    from dealer_app.engine.table import Level
    from dealer_app.engine.tournament.cash import CashRules

    config = load_config_text(
        '[table]\nname = "Cash 1"\nlanguage = "nl"\nprofile = "none"\n'
        f"{CASH_SECTION}sit_out_minutes = 5\nreturn_minutes = 20\n[limits]\nchip_value_cents = 10\n"
    )
    assert (config.table.profile, config.table.seats) == ("none", 6)  # 6-max when seats is not given
    service = table_config(config)
    assert service.cash == CashRules(
        big_blind=2, min_buy_in=40, max_buy_in=200, sit_out_limit=300, return_window=1200, return_big_blinds=100
    )
    assert (service.name, service.seats, service.structure, service.language, service.chip_cents) == (
        "Cash 1", 6, "no-limit", "nl", 10,
    )  # fmt: skip
    assert service.levels == (Level(sb=1, bb=2),)
    assert service.new_player_posts_bb is True  # C1/F4: a newcomer posts one BB or waits for it


def test_c5_cash_section_with_a_rake_and_a_cap() -> None:
    from dealer_app.config import table_config

    config = load_config_text(f'[table]\nprofile = "none"\n{CASH_SECTION}rake_percent = 5\nrake_cap = 6\n')
    service = table_config(config)
    assert service.cash is not None
    assert (service.cash.rake_percent, service.rake_cap) == (5, 6)


def test_to5_cash_section_under_the_belgian_profile_is_refused_with_the_reason() -> None:
    assert problems_of(CASH_SECTION) == [TO5_REFUSAL]  # belgium is the default profile
    assert problems_of(f'[table]\nprofile = "belgium"\n{CASH_SECTION}') == [TO5_REFUSAL]


def test_to5_a_tournament_table_under_either_profile_has_no_cash_rules() -> None:
    from dealer_app.config import table_config

    for text in ("", '[table]\nprofile = "none"\n'):
        assert table_config(load_config_text(text)).cash is None


def test_c5_the_default_files_cash_block_uncommented_opens_a_cash_table() -> None:
    import re

    from dealer_app.config import table_config

    text = re.sub(r"^# (\[table\.cash\]|[a-z_]+ = \d+)", r"\1", DEFAULT_CONFIG_TEXT, flags=re.M)
    assert problems_of(text.replace("seats = 9 ", "seats = 6 ")) == [TO5_REFUSAL]
    text = text.replace('profile = "belgium"', 'profile = "none"').replace("seats = 9 ", "seats = 6 ")
    rules = table_config(load_config_text(text)).cash
    assert rules is not None
    assert (rules.big_blind, rules.min_buy_in, rules.max_buy_in, rules.sit_out_limit, rules.return_window) == (
        2, 40, 200, 600, 1800,
    )  # fmt: skip


BAD_CASH = [
    ("[table.cash]\n", [
        "table.cash.big_blind: missing (a cash table posts its big blind and its buy-in window, C5)",
        "table.cash.min_buy_in: missing (a cash table posts its big blind and its buy-in window, C5)",
        "table.cash.max_buy_in: missing (a cash table posts its big blind and its buy-in window, C5)",
    ]),
    (f"{CASH_SECTION}rake = 5\n", ["table.cash.rake: unknown key (check the spelling; see `dealer-app config init`)"]),
    (f"{CASH_SECTION}rake_percent = 100\n", ["table.cash.rake_percent: must be an integer from 0 to 99, got 100"]),
    (f"{CASH_SECTION}rake_cap = 6\n", ["table.cash.rake_cap: a cap needs a rake: set rake_percent, or remove rake_cap (got 6)"]),
    ("[table.cash]\nbig_blind = 2\nmin_buy_in = 400\nmax_buy_in = 200\n", ["table.cash.min_buy_in: must not be more than max_buy_in (200), got 400"]),
    (f"{CASH_SECTION}small_blind = 3\n", ["table.cash.small_blind: must not be more than big_blind (2), got 3"]),
    (f"{CASH_SECTION}sit_out_minutes = 0\n", ["table.cash.sit_out_minutes: must be an integer from 1 to 1440, got 0"]),
    (f"{CASH_SECTION}big_blind = 'two'\n".replace("big_blind = 2\n", ""), ["table.cash.big_blind: must be a whole number, got 'two'"]),
    ("[table]\nseats = 9\n" + CASH_SECTION, ["table.seats: a cash table seats at most 6 (C1), got 9"]),
    ("[table]\nprofile = 'nl'\n", ["table.profile: must be one of belgium, none, got 'nl'"]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "messages"), BAD_CASH, ids=[m[0].split(":")[0] + f"-{i}" for i, (_, m) in enumerate(BAD_CASH)])
def test_c5_each_bad_cash_value_is_named_with_its_key(text: str, messages: list[str]) -> None:
    if "profile" not in text:
        text = '[table]\nprofile = "none"\n' + text if "[table]\n" not in text else text.replace("[table]\n", '[table]\nprofile = "none"\n')
    assert problems_of(text) == messages
