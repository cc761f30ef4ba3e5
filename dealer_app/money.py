"""Money at the edge: integer money units (the smallest chip) <-> text a person reads.

Inside the product every amount is an ``int`` number of the smallest chip; only display
formats it. ``chip_cents`` is the value of one unit in cents (the club: 25).

>>> format_money(6, chip_cents=25, currency="EUR", lang="nl")
'EUR 1,50'
>>> format_money(6, chip_cents=25, currency="EUR", lang="en")
'EUR 1.50'
>>> format_money(4000, chip_cents=25, lang="nl")
'EUR 1.000,00'
>>> parse_money("1,50", chip_cents=25)
6
>>> parse_money("0.30", chip_cents=25)
Traceback (most recent call last):
...
dealer_app.money.MoneyError: EUR 0.30 is not a whole number of EUR 0.25 chips
"""

from __future__ import annotations

import re

LANGUAGES = ("en", "nl")


class MoneyError(ValueError):
    """Text that is not an amount, or not a whole number of chips."""


def _group(digits: str, sep: str) -> str:
    parts = []
    while len(digits) > 3:
        parts.insert(0, digits[-3:])
        digits = digits[:-3]
    parts.insert(0, digits)
    return sep.join(parts)


def format_cents(cents: int, currency: str = "EUR", lang: str = "en") -> str:
    """``150`` -> ``"EUR 1.50"`` (en) or ``"EUR 1,50"`` (nl); thousands grouped."""
    if lang not in LANGUAGES:
        raise MoneyError(f"Unknown language {lang!r} (use one of {', '.join(LANGUAGES)})")
    sign = "-" if cents < 0 else ""
    whole, frac = divmod(abs(int(cents)), 100)
    decimal, thousands = (",", ".") if lang == "nl" else (".", ",")
    return f"{sign}{currency} {_group(str(whole), thousands)}{decimal}{frac:02d}"


def format_money(amount: int, chip_cents: int = 25, currency: str = "EUR", lang: str = "en") -> str:
    """Format ``amount`` money units (each worth ``chip_cents`` cents)."""
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise MoneyError(f"Money must be a whole number of chips, not {amount!r}")
    return format_cents(amount * chip_cents, currency, lang)


_AMOUNT = re.compile(r"^\s*(?:[A-Za-z€]+\s*)?(-?)(\d[\d., ]*)\s*$")


def parse_cents(text: str) -> int:
    """Parse ``"1,50"``, ``"1.50"``, ``"EUR 1.000,00"``, ``"12"`` into cents.

    The last ``,`` or ``.`` followed by exactly one or two digits is the decimal mark;
    other separators group thousands.
    """
    match = _AMOUNT.match(text)
    if not match:
        raise MoneyError(f"Not an amount: {text!r}")
    sign, body = match.group(1), match.group(2).replace(" ", "")
    decimal_match = re.search(r"[.,](\d{1,2})$", body)
    if decimal_match:
        whole_text = body[: decimal_match.start()]
        frac_text = decimal_match.group(1).ljust(2, "0")
    else:
        whole_text, frac_text = body, "00"
    whole_digits = re.sub(r"[.,]", "", whole_text)
    if not whole_digits.isdigit():
        raise MoneyError(f"Not an amount: {text!r}")
    cents = int(whole_digits) * 100 + int(frac_text)
    return -cents if sign else cents


def parse_money(text: str, chip_cents: int = 25, currency: str = "EUR") -> int:
    """Parse an amount typed by a person into money units; refuse partial chips."""
    cents = parse_cents(text)
    if cents % chip_cents:
        raise MoneyError(
            f"{format_cents(cents, currency)} is not a whole number of "
            f"{format_cents(chip_cents, currency)} chips"
        )
    return cents // chip_cents
