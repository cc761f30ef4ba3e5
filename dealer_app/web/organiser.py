"""The organiser's area (password): tournament set-up and registration, seat draw, table chart,
final table, busted players' rebuys, and the downloads of hand logs and results.

Every form posts, does one thing through the
:class:`~dealer_app.tournament.service.TournamentService`, and comes back to the page with
either a confirmation or the rule's refusal; a refusal changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for

from dealer_app.engine.tournament import TournamentError, table_plan
from dealer_app.engine.tournament.setup import club_setup
from dealer_app.money import MoneyError, format_cents, parse_cents
from dealer_app.web.auth import require_role
from dealer_app.web.downloads import DOWNLOAD_FORMATS, hand_download, results_download
from dealer_app.web.i18n import current_lang
from dealer_app.web.roles import Role
from dealer_app.web.state import web_state

bp = Blueprint("organiser", __name__, url_prefix="/organiser")

#: Seat draws and re-entry seats are random for real: no predictable generator.
_RANDOM = random.SystemRandom()


class FormError(ValueError):
    """A form field that cannot be read; the message names it."""


def _tournament() -> Any:
    tournament = web_state().tournament
    if tournament is None:
        abort(404, description="No tournament is run from this table")
    return tournament


def _done(action: Callable[[], str | None]) -> Any:
    """Run ``action``; flash its confirmation or the refusal; back to the page."""
    try:
        message = action()
    except (TournamentError, FormError, MoneyError) as refusal:
        flash(str(refusal), "error")
    else:
        if message:
            flash(message, "info")
    return redirect(url_for("organiser.index"))


def _int(name: str, *, blank: int | None = None, allow_blank: bool = False) -> int | None:
    text = request.form.get(name, "").strip()
    if not text and allow_blank:
        return blank
    if not text.isdigit() or len(text) > 9:
        raise FormError(f"{name}: a whole number, not {text!r}")
    return int(text)


def _cents(name: str) -> int:
    text = request.form.get(name, "").strip()
    try:
        return parse_cents(text)
    except MoneyError as problem:
        raise FormError(f"{name}: {problem}") from problem


@bp.route("/")
@require_role(Role.ORGANISER)
def index() -> Any:
    """The organiser's page: what is next for the tournament, and the downloads."""
    state = web_state()
    lang = current_lang(state.settings.default_lang)
    tournament = state.tournament
    context: dict[str, Any] = {"tournament": tournament, "formats": DOWNLOAD_FORMATS}
    if tournament is not None:
        t_state = tournament.state
        context["ts"] = t_state
        context["euro"] = lambda cents: format_cents(cents, "EUR", lang)
        if t_state.setup is not None and t_state.players and not t_state.sizes:
            try:
                context["plan"] = table_plan(len(t_state.players))
            except TournamentError as problem:
                context["plan_problem"] = str(problem)
        context["busted"] = [
            (bust, t_state.name_of(bust.player)) for bust in t_state.pending()
        ]
        context["standings"] = t_state.standings()
        context["preset"] = club_setup()
    return render_template("organiser.html", **context)


@bp.post("/setup")
@require_role(Role.ORGANISER)
def setup() -> Any:
    """Create the tournament from the club preset with the organiser's changes."""
    tournament = _tournament()

    def create() -> str:
        changes: dict[str, Any] = {
            "name": request.form.get("name", "").strip() or "Club tournament",
            "entry_fee": _cents("entry_fee"),
            "start_stack": _int("start_stack"),
            "ante": _int("ante"),
            "small_blind": _int("small_blind"),
            "big_blind": _int("big_blind"),
            "max_per_round": _int("max_per_round", allow_blank=True),
            "max_per_hand": _int("max_per_hand", allow_blank=True),
            "rebuys_per_player": _int("rebuys_per_player"),
            "rebuy_fee": _cents("rebuy_fee"),
            "rebuy_stack": _int("start_stack"),
            "rebuy_deadline_minutes": _int("rebuy_deadline_minutes", allow_blank=True),
            "reentries_per_player": _int("reentries_per_player"),
            "profile": request.form.get("profile", "belgium"),
        }
        tournament.create(club_setup(**changes))
        return f"Tournament {changes['name']!r} created"

    return _done(create)


@bp.post("/register")
@require_role(Role.ORGANISER)
def register() -> Any:
    """Register a player (entry paid; the organiser confirms the age)."""
    tournament = _tournament()

    def add() -> str:
        name = request.form.get("name", "").strip()
        if not name or len(name) > 40:
            raise FormError("name: 1 to 40 characters")
        number = tournament.register(
            name,
            paid=request.form.get("paid") == "on",
            age_confirmed=request.form.get("age_confirmed") == "on",
        )
        return f"{name} registered as player {number}"

    return _done(add)


@bp.post("/payout")
@require_role(Role.ORGANISER)
def payout() -> Any:
    """The organiser's payout split, e.g. ``50 30 20``."""
    tournament = _tournament()

    def split() -> str:
        parts = request.form.get("percent", "").replace(",", " ").split()
        if not parts or not all(p.isdigit() and len(p) <= 3 for p in parts):
            raise FormError("percent: whole percentages, e.g. 50 30 20")
        tournament.set_payout_split([int(p) for p in parts])
        return "Payout split saved"

    return _done(split)


@bp.post("/plan")
@require_role(Role.ORGANISER)
def plan() -> Any:
    """Confirm the table chart (TO2), or the organiser's own sizes."""
    tournament = _tournament()

    def confirm() -> str:
        text = request.form.get("sizes", "").replace(",", " ").split()
        if text and not all(p.isdigit() and len(p) <= 2 for p in text):
            raise FormError("sizes: players per table, e.g. 9 8 8")
        sizes = tournament.plan_tables([int(p) for p in text] if text else None)
        return "Tables: " + " ".join(str(s) for s in sizes)

    return _done(confirm)


@bp.post("/draw")
@require_role(Role.ORGANISER)
def draw() -> Any:
    """Seat draw (T4) at random for every planned table."""
    tournament = _tournament()

    def seat_everyone() -> str:
        tournament.seat_all_at_random(_RANDOM)
        return "Seats drawn"

    return _done(seat_everyone)


def parse_rounds(text: str) -> list[dict[int, str]]:
    r"""Draw rounds typed one a line, ``player:card`` pairs: ``"1:As 2:Kd 3:7c"``.

    >>> parse_rounds("1:As 2:Kd\n2:Qh 1:Qc")
    [{1: 'As', 2: 'Kd'}, {2: 'Qh', 1: 'Qc'}]
    """
    rounds = []
    for number, line in enumerate(text.strip().splitlines(), start=1):
        pairs: dict[int, str] = {}
        for item in line.replace(",", " ").split():
            player, _, card = item.partition(":")
            if not player.isdigit() or len(player) > 4 or not card:
                raise FormError(f"round {number}: write player:card, e.g. 3:As, not {item!r}")
            pairs[int(player)] = card
        if pairs:
            rounds.append(pairs)
    if not rounds:
        raise FormError("rounds: one line per round of the draw, e.g. 1:As 2:Kd 3:7c")
    return rounds


@bp.post("/draw-cards")
@require_role(Role.ORGANISER)
def draw_cards() -> Any:
    """Seat draw (T4) of one table from the cards the players drew, round by round; players
    tied on a rank that matters draw again in the next line."""
    tournament = _tournament()

    def seat() -> str:
        table = request.form.get("table", "").strip() or "1"
        rounds = parse_rounds(request.form.get("rounds", ""))
        seats = tournament.seat_table(table, list(rounds[0]), rounds)
        order = ", ".join(
            f"{seat} {tournament.state.name_of(player)}" for seat, player in sorted(seats.items())
        )
        return f"Table {table} seated: {order}"

    return _done(seat)


@bp.post("/final")
@require_role(Role.ORGANISER)
def final_table() -> Any:
    """Draw the final table among the survivors (TO3, TO4)."""
    tournament = _tournament()

    def draw_final() -> str:
        seats = tournament.draw_final_table(_RANDOM)
        return f"Final table drawn: {len(seats)} players"

    return _done(draw_final)


@bp.post("/sync/<table>")
@require_role(Role.ORGANISER)
def sync(table: str) -> Any:
    """Carry the hands finished at ``table`` into the tournament (busts, standings)."""
    tournament = _tournament()

    def carry() -> str:
        busted = tournament.sync_table(table)
        names = ", ".join(tournament.state.name_of(p) for p in busted)
        return f"Table {table} up to date" + (f"; busted: {names}" if names else "")

    return _done(carry)


@bp.post("/player/<int:player>/<decision>")
@require_role(Role.ORGANISER)
def decide(player: int, decision: str) -> Any:
    """A busted player's choice: ``rebuy``, ``reenter`` or ``out``."""
    tournament = _tournament()
    if decision not in ("rebuy", "reenter", "out"):
        abort(404, description=f"No decision {decision!r}: rebuy, reenter or out")
    if player not in tournament.state.players:
        abort(404, description=f"No player {player}")

    def apply() -> str:
        name = tournament.state.name_of(player)
        if decision == "rebuy":
            tournament.rebuy(player)
            return f"{name}: rebuy"
        if decision == "reenter":
            table, seat = tournament.reenter(player, _RANDOM)
            return f"{name}: re-entry at table {table}, seat {seat}"
        tournament.decline(player)
        return f"{name} is out"

    return _done(apply)


@bp.get("/results.<fmt>")
@require_role(Role.ORGANISER)
def results(fmt: str) -> Any:
    """Tournament results as ``csv`` or ``json``."""
    return results_download(_tournament(), fmt)


@bp.get("/hands.<fmt>")
@require_role(Role.ORGANISER)
def hands(fmt: str) -> Any:
    """Hand logs: ``?table=`` (default: this table), ``?hands=3,5-7`` (default: all);
    ``fmt`` is ``phh``, ``txt`` (PokerStars-style), ``csv``, ``json`` or ``zip`` (the whole
    night, every table, every format)."""
    return hand_download(web_state(), fmt, request.args.get("table"), request.args.get("hands"))
