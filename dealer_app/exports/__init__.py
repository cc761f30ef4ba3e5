"""Exports of a table's hands, all projections of its event log.

``export(events, fmt, hands=None) -> str`` with ``fmt`` one of :data:`FORMATS`.
"""

from __future__ import annotations

from collections.abc import Iterable

from dealer_app.exports.hands import HandRecord, read_hands, select_hands
from dealer_app.exports.phh import hand_to_phh, night_to_phhs
from dealer_app.exports.pokerstars import hand_to_pokerstars, night_to_pokerstars
from dealer_app.exports.tables import hand_to_json, night_to_csv, night_to_json
from dealer_app.store import Event

FORMATS = ("phh", "pokerstars", "csv", "json")


def export(events: Iterable[Event], fmt: str, hands: str | None = None) -> str:
    """The hands of the log (all, or those in ``hands`` like ``"3,5-7"``) in format ``fmt``.

    PHH: one ``.phh`` document when exactly one hand is selected, else a ``.phhs`` night.
    """
    if fmt not in FORMATS:
        raise ValueError(f"Unknown format {fmt!r} (use {', '.join(FORMATS)})")
    records = select_hands(read_hands(events), hands)
    if fmt == "phh":
        played = [r for r in records if r.outcome == "played"]
        return hand_to_phh(played[0]) if len(played) == 1 and hands else night_to_phhs(played)
    if fmt == "pokerstars":
        return night_to_pokerstars(records)
    if fmt == "csv":
        return night_to_csv(records)
    return night_to_json(records)


__all__ = [
    "FORMATS",
    "HandRecord",
    "export",
    "hand_to_json",
    "hand_to_phh",
    "hand_to_pokerstars",
    "read_hands",
    "select_hands",
]
