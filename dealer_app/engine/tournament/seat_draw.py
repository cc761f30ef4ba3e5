"""The seat and button draw (rule T4, used at every table and the final table, TO4).

Everyone draws a card; the highest card gets the button, the second highest sits directly
left of it, and so on clockwise. Suits have no rank (H1): players tied on a rank draw again,
and only they; a tie inside a redraw is drawn again by those players only.

The cards are entered (by the dealer or the camera) round by round, or drawn at random with
an injected RNG.

>>> draw = SeatDraw([1, 2, 3])
>>> draw.enter({1: "Kd", 2: "Ks", 3: "4c"})
>>> draw.to_draw
(1, 2)
>>> draw.enter({1: "2h", 2: "9c"})
>>> draw.order
(2, 1, 3)
>>> draw.seats()
{1: 2, 2: 1, 3: 3}
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Generic, TypeVar

from dealer_app.engine.cards import CARD_STRINGS, CardError, parse_card, rank_of
from dealer_app.engine.tournament.errors import TournamentError

P = TypeVar("P", bound=Hashable)


class SeatDraw(Generic[P]):
    """A card draw in rounds until every player has a distinct place.

    Parameters:
        players: the players at the table (any hashable ids), at least 2, no repeats.
    """

    def __init__(self, players: Sequence[P]) -> None:
        if len(players) < 2:
            raise TournamentError("A seat draw needs at least 2 players", "T4")
        if len(set(players)) != len(players):
            raise TournamentError("A player appears twice in the seat draw", "T4")
        #: Places from highest to lowest; a group of more than one is still tied.
        self._groups: list[list[P]] = [list(players)]
        #: Every round's cards, for the record: one {player: card} per round.
        self.rounds: list[dict[P, str]] = []

    @property
    def to_draw(self) -> tuple[P, ...]:
        """The players who must draw (again) now, in place order; empty when done."""
        return tuple(p for group in self._groups if len(group) > 1 for p in group)

    @property
    def done(self) -> bool:
        """True when every place is decided."""
        return not self.to_draw

    def enter(self, cards: Mapping[P, str]) -> None:
        """Record one round: exactly one card for each player in :attr:`to_draw`.

        Refused (nothing changes) when a player is missing or extra, a card is not a card,
        or a card appears twice in the round.
        """
        expected = self.to_draw
        if not expected:
            raise TournamentError("The seat draw is already decided", "T4")
        missing = [p for p in expected if p not in cards]
        extra = [p for p in cards if p not in expected]
        if missing or extra:
            parts = []
            if missing:
                parts.append(f"missing a card for {', '.join(map(str, missing))}")
            if extra:
                parts.append(f"{', '.join(map(str, extra))} must not draw now")
            raise TournamentError(f"Seat draw: {'; '.join(parts)} (T4)", "T4")
        seen: dict[int, P] = {}
        parsed: dict[P, int] = {}
        for player in expected:
            try:
                card = parse_card(cards[player])
            except CardError as exc:
                raise TournamentError(f"Seat draw, {player}: {exc}", "T4") from exc
            if card in seen:
                raise TournamentError(
                    f"Seat draw: {CARD_STRINGS[card]} drawn by both {seen[card]} and {player}; "
                    f"one deck has each card once",
                    "T4",
                )
            seen[card] = player
            parsed[player] = card
        self.rounds.append({p: CARD_STRINGS[parsed[p]] for p in expected})
        regrouped: list[list[P]] = []
        for group in self._groups:
            if len(group) == 1:
                regrouped.append(group)
                continue
            ranks = sorted({rank_of(parsed[p]) for p in group}, reverse=True)
            for rank in ranks:
                regrouped.append([p for p in group if rank_of(parsed[p]) == rank])
        self._groups = regrouped

    @property
    def order(self) -> tuple[P, ...]:
        """Players from the highest card (button) clockwise; only when :attr:`done`."""
        if not self.done:
            raise TournamentError(
                f"Seat draw not decided: {', '.join(map(str, self.to_draw))} draw again", "T4"
            )
        return tuple(group[0] for group in self._groups)

    def seats(self) -> dict[int, P]:
        """Seat number -> player: the button in seat 1, then clockwise (T1, T4)."""
        return {seat: player for seat, player in enumerate(self.order, start=1)}


def draw_at_random(players: Sequence[P], rng: random.Random) -> SeatDraw[P]:
    """Run a whole draw with cards from a freshly shuffled deck each round."""
    draw = SeatDraw(players)
    while not draw.done:
        deck = list(CARD_STRINGS)
        rng.shuffle(deck)
        draw.enter(dict(zip(draw.to_draw, deck, strict=False)))
    return draw


def replay_draw(players: Sequence[P], rounds: Sequence[Mapping[P, str]]) -> SeatDraw[P]:
    """Rebuild a draw from its recorded rounds (refused if they do not decide it exactly)."""
    draw = SeatDraw(players)
    for cards in rounds:
        draw.enter(cards)
    if not draw.done:
        draw.order  # noqa: B018 - raises the "draw again" refusal
    return draw
