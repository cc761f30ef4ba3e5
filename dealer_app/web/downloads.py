"""Files the organiser downloads: hand logs (one hand, one table, or the whole night as a zip)
and the tournament results. Every file is a projection of the logs, made on request."""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Response, abort

from dealer_app.exports.hands import read_hands, select_hands


@dataclass(frozen=True)
class HandFormat:
    """One hand-log format: how to render selected hands, its media type and file suffix."""

    render: Callable[[list[Any]], str]
    mimetype: str
    suffix: str
    label: str


def _phh(records: list[Any]) -> str:
    from dealer_app.exports.phh import night_to_phhs

    return night_to_phhs(records)


def _pokerstars(records: list[Any]) -> str:
    from dealer_app.exports.pokerstars import night_to_text

    return night_to_text(records)


def _csv(records: list[Any]) -> str:
    from dealer_app.exports.csvjson import hands_to_csv

    return hands_to_csv(records)


def _json(records: list[Any]) -> str:
    from dealer_app.exports.csvjson import hands_to_json

    return hands_to_json(records)


#: URL suffix -> format. ``zip`` is every format of every table in one file.
HAND_FORMATS: dict[str, HandFormat] = {
    "phh": HandFormat(_phh, "text/plain", "phhs", "PHH"),
    "txt": HandFormat(_pokerstars, "text/plain", "txt", "Hand history (PokerStars style)"),
    "csv": HandFormat(_csv, "text/csv", "csv", "CSV (one row per action)"),
    "json": HandFormat(_json, "application/json", "json", "JSON"),
}
DOWNLOAD_FORMATS = {key: f.label for key, f in HAND_FORMATS.items()} | {"zip": "Whole night (zip)"}


def _attachment(body: str | bytes, mimetype: str, filename: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _tables(state: Any) -> dict[str, Any]:
    """Table name -> its service: the tournament's tables, else this table as ``"1"``."""
    tournament = state.tournament
    if tournament is not None and tournament.state.tables:
        return {name: tournament.table(name) for name in tournament.state.tables}
    return {"1": state.service}


def hand_download(state: Any, fmt: str, table: str | None, hands: str | None) -> Response:
    """The hands of one table (all, or those named by ``hands`` like ``3,5-7``), or the zip."""
    tables = _tables(state)
    if fmt == "zip":
        return _night_zip(tables)
    chosen = HAND_FORMATS.get(fmt)
    if chosen is None:
        abort(404, description=f"No format {fmt!r}: {', '.join(DOWNLOAD_FORMATS)}")
    name = table or next(iter(tables))
    service = tables.get(name)
    if service is None:
        abort(404, description=f"No table {name!r}: {', '.join(tables)}")
    records = read_hands(service.events())
    try:
        records = select_hands(records, hands)
    except ValueError as problem:
        abort(400, description=str(problem))
    suffix = f"-hands-{hands.replace(',', '_')}" if hands else ""
    return _attachment(
        chosen.render(records), chosen.mimetype, f"table-{name}{suffix}.{chosen.suffix}"
    )


def _night_zip(tables: dict[str, Any]) -> Response:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, service in tables.items():
            records = read_hands(service.events())
            for fmt in HAND_FORMATS.values():
                archive.writestr(f"table-{name}.{fmt.suffix}", fmt.render(records))
    return _attachment(buffer.getvalue(), "application/zip", "night.zip")


def results_download(tournament: Any, fmt: str) -> Response:
    """Tournament results (standings, eliminations, entries, rebuys, prize pool)."""
    from dealer_app.tournament.exports import results_csv, results_dict

    if fmt == "csv":
        return _attachment(results_csv(tournament.state), "text/csv", "results.csv")
    if fmt == "json":
        body = json.dumps(results_dict(tournament.state), ensure_ascii=False, indent=2)
        return _attachment(body, "application/json", "results.json")
    abort(404, description=f"No results format {fmt!r}: csv or json")
