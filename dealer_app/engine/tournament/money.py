"""Amounts in messages: integer cents and chip units written as euros (English, edge use only)."""

from __future__ import annotations


def eur(cents: int) -> str:
    """Write an amount of euro cents like ``25.00 EUR``.

    >>> eur(2500)
    '25.00 EUR'
    >>> eur(-25)
    '-0.25 EUR'
    """
    sign = "-" if cents < 0 else ""
    whole, rest = divmod(abs(cents), 100)
    return f"{sign}{whole}.{rest:02d} EUR"
