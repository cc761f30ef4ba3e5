"""Files the organiser downloads: hand logs (one hand, one table, or the whole night as a zip)
and the tournament results. Every file is a projection of the logs, made on request."""

from __future__ import annotations

import io
import json
import zipfile
from dataclasses import dataclass
from typing import Any

from flask import Response, abort

from dealer_app.exports import export


@dataclass(frozen=True)
class HandFormat:
    """One hand-log format of :func:`dealer_app.exports.export`: media type, suffix, label."""

    name: str
    mimetype: str
    suffix: str
    label: str


#: URL suffix -> format. ``zip`` is every format of every table in one file.
HAND_FORMATS: dict[str, HandFormat] = {
    "phh": HandFormat("phh", "text/plain", "phhs", "PHH"),
    "txt": HandFormat("pokerstars", "text/plain", "txt", "Hand history (PokerStars style)"),
    "csv": HandFormat("csv", "text/csv", "csv", "CSV (one row per action)"),
    "json": HandFormat("json", "application/json", "json", "JSON"),
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
    try:
        body = export(service.events(), chosen.name, hands or None)
    except ValueError as problem:
        abort(400, description=str(problem))
    suffix = chosen.suffix
    if chosen.name == "phh" and body.count("variant = ") == 1 and hands:
        suffix = "phh"  # one hand: a single PHH document
    label = f"-hands-{hands.replace(',', '_')}" if hands else ""
    return _attachment(body, chosen.mimetype, f"table-{name}{label}.{suffix}")


def _night_zip(tables: dict[str, Any]) -> Response:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, service in tables.items():
            events = service.events()
            for fmt in HAND_FORMATS.values():
                archive.writestr(f"table-{name}.{fmt.suffix}", export(events, fmt.name))
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
