"""A whole tournament with random legal play, through the real table services and logs.

Used by ``dealer-app tournament simulate`` and by the tests: registration, the table plan,
the seat draws, hands at every table in turn (each action chosen among the legal ones the
dealer view offers; cards from a shuffled deck), busts with random rebuy decisions, the
final table, until one player holds every chip. Time is a simulated clock, so a seed gives
the same tournament every run.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from dealer_app.engine.cards import CARD_STRINGS
from dealer_app.engine.tournament import TournamentError, TournamentSetup, club_setup
from dealer_app.service import TableService
from dealer_app.tournament.service import TournamentService

#: Simulated start: 19:00 UTC on the day of the first club night in the seeds.
START = datetime(2026, 11, 29, 19, 0, tzinfo=UTC).timestamp()
MAX_STEPS_PER_HAND = 400


class SimClock:
    """A clock that moves one second each time it is read (deterministic times)."""

    def __init__(self, start: float = START) -> None:
        self.now = start

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def _ok(service: TableService, command: dict) -> None:
    result = service.execute(command, "console")
    if not result.ok:
        raise TournamentError(f"Simulated {command} refused: {result.reason}")


def choose_action(legal: dict, rng: random.Random) -> dict:
    """A random legal betting command from the dealer view's ``legal`` block.

    Checks 40 % of the time when it can; facing a bet folds 15 % and calls 35 % of the
    time; otherwise bets or raises to a random size in the legal window, half of those to
    its top (all the chips the seat may put in), so that stacks move fast.
    """
    actions = legal["actions"]
    sizing = [a for a in ("bet", "raise") if a in actions]
    roll = rng.random()
    if "check" in actions and (roll < 0.4 or not sizing):
        return {"cmd": "check"}
    if "check" not in actions:
        if roll < 0.15 and "fold" in actions:
            return {"cmd": "fold"}
        if (roll < 0.5 or not sizing) and "call" in actions:
            return {"cmd": "call"}
    if not sizing:
        return {"cmd": actions[0]}
    low, high = legal["min_to"], legal["max_to"]
    to = high if rng.random() < 0.5 or high <= low else rng.randint(low, high)
    return {"cmd": sizing[0], "to": to}


def play_hand(service: TableService, rng: random.Random) -> int:
    """Play one hand at ``service`` from the start prompt to ``hand_ended``; return its number."""
    deck = list(CARD_STRINGS)
    rng.shuffle(deck)
    hole: dict[int, list[str]] = {}

    def cards_of(seat: int) -> list[str]:
        if seat not in hole:
            hole[seat] = [deck.pop(), deck.pop()]
        return hole[seat]

    for _ in range(MAX_STEPS_PER_HAND):
        view = service.view(role="dealer")
        prompt = view["prompt"]
        code, args = prompt["code"], prompt["args"]
        if code in ("start_hand", "start_hand_dead", "shuffle", "deal", "voided"):
            if code == "deal":
                for seat in sorted(s["seat"] for s in view["seats"] if s["status"] == "in_hand"):
                    cards_of(seat)
            _ok(service, {"cmd": "ok"})
        elif code == "action":
            _ok(service, choose_action(view["legal"], rng))
        elif code == "burn_and_deal":
            deck.pop()  # the burn card (D2)
            count = 3 if len(view["hand"]["board"]) % 5 == 0 else 1  # flop, else turn/river
            _ok(service, {"cmd": "board", "cards": [deck.pop() for _ in range(count)]})
        elif code == "table_all":
            for seat in args["seats"]:
                _ok(service, {"cmd": "show", "seat": seat, "cards": cards_of(seat)})
        elif code in ("show_first", "must_show", "show"):
            seat = args["seat"]
            if code == "show" and rng.random() < 0.3:
                _ok(service, {"cmd": "muck", "seat": seat})
            else:
                _ok(service, {"cmd": "show", "seat": seat, "cards": cards_of(seat)})
        elif code == "push":
            _ok(service, {"cmd": "ok"})
            last = service.events()[-1]
            if last.type == "hand_ended":
                return int(last.payload["hand"])
        else:
            raise TournamentError(f"Simulation cannot answer the prompt {code!r}: {prompt['text']}")
    raise TournamentError(f"Hand did not finish within {MAX_STEPS_PER_HAND} steps")


def settle_busts(tournament: TournamentService, busted: list[int], rng: random.Random,
                 rebuy_percent: int) -> None:  # fmt: skip
    """Each busted player who may come back does so with ``rebuy_percent`` chance."""
    state = tournament.state
    for player in busted:
        if state.players[player].status != "busted":
            continue
        at = tournament.now()
        wants = rng.randrange(100) < rebuy_percent
        if wants and state.return_refusal(player, at, "rebuy") is None:
            tournament.rebuy(player)
        elif wants and state.return_refusal(player, at, "re-entry") is None:
            tournament.reenter(player, rng)
        else:
            tournament.decline(player)
        state = tournament.state


def simulate_tournament(
    data_dir: Path,
    players: int,
    seed: int = 1,
    rebuy_percent: int = 50,
    setup: TournamentSetup | None = None,
    after_hand: Callable[[TournamentService, str], None] | None = None,
    max_hands: int = 50_000,
) -> TournamentService:
    """Run a whole tournament in ``data_dir``; returns the (open) service when it is finished.

    ``after_hand(service, table)`` is called after every hand is carried into the tournament
    and its busts are settled (tests check invariants there).
    """
    rng = random.Random(seed)
    tournament = TournamentService.open(Path(data_dir), clock=SimClock(), rng=rng)
    try:
        tournament.create(setup or club_setup(name=f"Simulated club tournament (seed {seed})"))
        for number in range(1, players + 1):
            tournament.register(f"Player {number:02d}", paid=True, age_confirmed=True)
        tournament.plan_tables()
        tournament.seat_all_at_random(rng)
        hands = 0
        while tournament.state.phase != "finished":
            if tournament.state.phase == "final_draw":
                tournament.draw_final_table(rng)
                continue
            for table in tournament.state.playing_tables():
                if table not in tournament.state.playing_tables():
                    continue
                play_hand(tournament.table(table), rng)
                busted = tournament.sync_table(table)
                settle_busts(tournament, busted, rng, rebuy_percent)
                hands += 1
                if after_hand is not None:
                    after_hand(tournament, table)
            if hands > max_hands:
                raise TournamentError(f"No winner after {max_hands} hands")
    except BaseException:
        tournament.close()
        raise
    return tournament
