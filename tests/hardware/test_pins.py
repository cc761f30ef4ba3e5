"""The pin map: documented defaults, loading a [pins] table, errors that name the key."""

from __future__ import annotations

import pytest

from hardware.pins import ButtonName, PinMap, PinMapError


def test_defaults_are_the_documented_bcm_numbers() -> None:
    pins = PinMap()
    assert pins.to_dict() == {
        "fold": 5, "check_call": 6, "bet_raise": 13, "all_in": 19, "undo": 26, "ok_next": 21,
        "encoder_a": 17, "encoder_b": 27, "encoder_push": 22, "buzzer": 18,
        "seat_lights": [4, 12, 16, 20, 23, 24, 25, 8, 7, 11],
    }
    assert pins.seats == 10
    assert pins.button_pin(ButtonName.DIAL) == 22


def test_from_dict_overrides_only_the_given_keys() -> None:
    pins = PinMap.from_dict({"fold": 9, "seat_lights": [4, 12, 16, 20, 23, 24]})
    assert pins.fold == 9
    assert pins.check_call == 6
    assert pins.seat_lights == (4, 12, 16, 20, 23, 24)
    assert PinMap.from_dict(pins.to_dict()) == pins


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ({"fold_button": 5}, "pins.fold_button: unknown key; known keys: fold, check_call,"),
        ({"fold": "5"}, "pins.fold: expected a BCM GPIO number (4-27), got '5'"),
        ({"fold": 5.0}, "pins.fold: expected a BCM GPIO number (4-27), got 5.0"),
        ({"buzzer": True}, "pins.buzzer: expected a BCM GPIO number (4-27), got True"),
        ({"undo": 28}, "pins.undo: BCM 28 is not on the 40-pin header (GPIO 0-27)"),
        ({"ok_next": 2}, "pins.ok_next: BCM 2 is reserved for the I2C display (SDA)"),
        ({"ok_next": 0}, "pins.ok_next: BCM 0 is reserved for the HAT ID EEPROM (ID_SD)"),
        ({"all_in": 5}, "pins.all_in: BCM 5 is already used by pins.fold"),
        ({"seat_lights": [4, 6]}, "pins.seat_lights[2]: BCM 6 is already used by pins.check_call"),
        ({"seat_lights": [4, 4]}, "pins.seat_lights[2]: BCM 4 is already used by pins.seat_lights[1]"),
        ({"seat_lights": []}, "pins.seat_lights: expected 1 to 10 seat lights, got 0"),
        ({"seat_lights": list(range(4, 15))}, "pins.seat_lights: expected 1 to 10 seat lights, got 11"),
        ({"seat_lights": "4,12"}, "pins.seat_lights: expected a list of BCM numbers, got '4,12'"),
        ({"seat_lights": [4, "x"]}, "pins.seat_lights[2]: expected a BCM GPIO number (4-27), got 'x'"),
    ],
)
def test_bad_tables_are_refused_naming_the_key(table: dict, message: str) -> None:
    with pytest.raises(PinMapError) as error:
        PinMap.from_dict(table)
    assert str(error.value).startswith(message)


def test_a_table_that_is_not_a_table_is_refused() -> None:
    with pytest.raises(PinMapError, match=r"^pins: expected a table of pin numbers, got \[5\]$"):
        PinMap.from_dict([5])  # type: ignore[arg-type]


def test_button_labels_are_the_printed_texts() -> None:
    assert [b.label for b in ButtonName] == [
        "FOLD", "CHECK/CALL", "BET/RAISE", "ALL-IN", "UNDO", "OK/NEXT", "DIAL PUSH",
    ]
