"""PHH (Poker Hand History) export and strict replay (see reference/phh.md).

Export writes a finished hand as one ``.phh`` TOML document (variant ``NT`` or ``FT``).
Import reads ``.phh`` (one hand) or ``.phhs`` (tables ``[1]``, ``[2]``, ...) and replays
every action through our rules: the first illegal action ends that hand with its index and
our reason; nothing is repaired or inserted. Fields starting with ``_`` are ignored.

Player order is PHH's: ``p1`` is the first seat left of the button, the last is the button
(heads-up ``p1`` is the big blind).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dealer_app.engine.events import (
    BetRaise,
    BoardDealt,
    Call,
    CardBurned,
    Check,
    Event,
    Fold,
    HandVoided,
    HoleCardsDealt,
    IllegalAction,
    Muck,
    RunTwice,
    Show,
)
from dealer_app.engine.hand import HandState, Phase
from dealer_app.engine.structures import (
    AnteMode,
    BettingKind,
    HandSetup,
    Post,
    PostKind,
    SetupError,
    Structure,
    clockwise_from,
)


class PHHError(ValueError):
    """A hand history that cannot be read or a hand that cannot be written as PHH."""


# ----- export -----------------------------------------------------------------------------


def forced_bet_arrays(state: HandState) -> tuple[list[int], list[int], bool]:
    """(antes, blinds_or_straddles, ante_trimming_status) as PHH writes them."""
    n = len(state.seats)
    index = {seat: i for i, seat in enumerate(state.seats)}
    antes = [0] * n
    blinds = [0] * n
    trimming = True
    for post in state.setup.posts:
        i = index[post.seat]
        if post.kind is PostKind.ANTE:
            antes[i] += post.amount
        elif post.kind in (PostKind.BIG_BLIND_ANTE, PostKind.DEAD):
            antes[i] += post.amount
            trimming = False
        elif post.kind is PostKind.LIVE:
            blinds[i] -= post.amount
        else:
            blinds[i] += post.amount
    if trimming and len(set(antes)) > 1:
        trimming = False
    if n == 2:  # heads-up PHH lists the button's (small) blind first
        antes.reverse()
        blinds.reverse()
    return antes, blinds, trimming


def _action_lines(state: HandState) -> list[str]:
    """The hand's events as PHH action lines; shows (in the order they happened) come
    before any board cards dealt after the betting closed (an all-in run-out)."""
    index = {seat: i for i, seat in enumerate(state.seats)}
    lines: list[str] = []
    pending_board: list[str] = []
    shows: list[tuple[int, str]] = []
    closed_at: int | None = None
    replay = HandState(state.setup)
    for event in state.events[1:]:
        if isinstance(event, (RunTwice, HandVoided)):
            raise PHHError("PHH export: run-it-twice and void hands cannot be written")
        replay.apply(event)
        if isinstance(event, HoleCardsDealt):
            targets = state.seats if event.seat is None else (event.seat,)
            for seat in targets:
                cards = event.cards if event.seat is not None and event.cards else "????"
                lines.append(f"d dh p{index[seat] + 1} {cards}")
        elif isinstance(event, BoardDealt):
            (pending_board if closed_at is not None else lines).append(f"d db {event.cards}")
        elif isinstance(event, Fold):
            lines.append(f"p{index[event.seat] + 1} f")
        elif isinstance(event, (Check, Call)):
            lines.append(f"p{index[event.seat] + 1} cc")
        elif isinstance(event, BetRaise):
            lines.append(f"p{index[event.seat] + 1} cbr {event.to}")
        elif isinstance(event, Show):
            shows.append((index[event.seat], f"p{index[event.seat] + 1} sm {event.cards}"))
        elif isinstance(event, Muck):
            shows.append((index[event.seat], f"p{index[event.seat] + 1} sm"))
        elif isinstance(event, CardBurned):
            continue
        if closed_at is None and replay.closed:
            closed_at = len(lines)
    lines += [line for _, line in shows]
    lines += pending_board
    return lines


def export_phh(state: HandState, extra: Mapping[str, Any] | None = None) -> str:
    """One finished hand as a PHH document (``NT`` for No-Limit and capped, ``FT`` for
    Fixed-Limit). ``extra`` adds optional fields (``players``, ``table``, ``hand``, ...)."""
    if state.phase is not Phase.FINISHED:
        raise PHHError("Only a finished hand can be exported")
    s = state.setup.structure
    antes, blinds, trimming = forced_bet_arrays(state)
    fields: dict[str, Any] = {}
    if s.kind is BettingKind.FIXED_LIMIT:
        fields["variant"] = "FT"
    elif s.kind in (BettingKind.NO_LIMIT, BettingKind.CAPPED):
        fields["variant"] = "NT"
    else:
        raise PHHError("PHH has no pot-limit Texas hold'em variant")
    fields["ante_trimming_status"] = trimming
    fields["antes"] = antes
    fields["blinds_or_straddles"] = blinds
    if s.kind is BettingKind.FIXED_LIMIT:
        fields["small_bet"] = s.fixed_small_bet
        fields["big_bet"] = s.fixed_big_bet
    else:
        fields["min_bet"] = s.big_blind
    start = state.setup.stacks
    fields["starting_stacks"] = [start[seat] for seat in state.seats]
    fields["actions"] = _action_lines(state)
    fields["seats"] = list(state.seats)
    fields["seat_count"] = 10
    final = state.final_stacks()
    fields["finishing_stacks"] = [final[seat] for seat in state.seats]
    if s.kind is BettingKind.CAPPED:
        fields["_round_cap"] = s.round_cap
        fields["_hand_cap"] = s.hand_cap
    if s.chip_unit != 1:
        fields["_chip_unit"] = s.chip_unit
    for key, value in (extra or {}).items():
        fields[key] = value
    return "".join(f"{key} = {_toml_value(value)}\n" for key, value in fields.items() if value is not None)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise PHHError(f"Cannot write {value!r} as PHH")


# ----- reading ----------------------------------------------------------------------------

_LINE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.+?)\s*$")
_HEADER = re.compile(r"^\[\s*(\d+)\s*\]\s*$")
_INT = re.compile(r"^-?\d+$")
_STRING = re.compile(r'^"([^"\\]*)"$|^\'([^\']*)\'$')


def _fast_value(text: str) -> Any:
    """The TOML values PHH writers use: ints, booleans, strings, flat arrays of those."""
    if _INT.match(text):
        return int(text)
    if text == "true":
        return True
    if text == "false":
        return False
    m = _STRING.match(text)
    if m:
        return m.group(1) if m.group(1) is not None else m.group(2)
    if text.startswith("[") and text.endswith("]"):
        inner = text[1:-1].strip()
        if not inner:
            return []
        if '"' not in inner and "'" not in inner:
            return [_fast_value(part.strip()) for part in inner.split(",") if part.strip()]
        quote = inner[0]
        if quote in "\"'" and inner[-1] == quote and "\\" not in inner:
            items = inner[1:-1].split(f"{quote}, {quote}")
            if not any(quote in item for item in items):
                return items
        items = re.findall(r'"([^"\\]*)"|\'([^\']*)\'', inner)
        rest = re.sub(r'"[^"\\]*"|\'[^\']*\'', "", inner).replace(",", "").strip()
        if rest:
            raise ValueError(text)
        return [a if a or not b else b for a, b in items]
    raise ValueError(text)


def _fast_parse(text: str) -> dict[str, Any]:
    """Parse the one-line-per-key TOML subset; raise ValueError for anything else."""
    root: dict[str, Any] = {}
    table = root
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        header = _HEADER.match(line)
        if header:
            table = root.setdefault(header.group(1), {})
            continue
        m = _LINE.match(line)
        if not m:
            raise ValueError(line)
        table[m.group(1)] = _fast_value(m.group(2))
    return root


def parse_phh_text(text: str) -> list[dict[str, Any]]:
    """The hands of a ``.phh`` or ``.phhs`` text, in file order, without ``_`` fields."""
    try:
        data = _fast_parse(text)
    except ValueError:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as err:
            raise PHHError(f"Not a PHH file: {err}") from None
    if "actions" in data or "variant" in data:
        hands = [data]
    else:
        keys = sorted(data, key=lambda k: int(k) if str(k).isdigit() else 1 << 30)
        hands = [data[k] for k in keys if isinstance(data[k], dict)]
    return [{k: v for k, v in hand.items() if not k.startswith("_")} for hand in hands]


def load_hands(source: str | Path) -> list[dict[str, Any]]:
    """Hands of a ``.phh``/``.phhs`` file (a path) or of PHH text."""
    if isinstance(source, Path) or ("\n" not in source and Path(source).exists()):
        return parse_phh_text(Path(source).read_text(encoding="utf-8"))
    return parse_phh_text(source)


# ----- replay -----------------------------------------------------------------------------


@dataclass
class ReplayResult:
    """Outcome of replaying one hand: ``ok`` or the first illegal action with our reason."""

    ok: bool
    finishing_stacks: list[int] | None = None
    action_index: int | None = None
    action: str | None = None
    reason: str | None = None
    state: HandState | None = None

    def to_dict(self, hand: int) -> dict[str, Any]:
        if self.ok:
            return {"hand": hand, "ok": True, "finishing_stacks": self.finishing_stacks}
        return {
            "hand": hand,
            "ok": False,
            "action_index": self.action_index,
            "action": self.action,
            "reason": self.reason,
        }


def _int_list(doc: Mapping[str, Any], key: str, n: int, default: int = 0) -> list[int]:
    value = doc.get(key, default)
    if isinstance(value, int):
        return [value] * n
    if not isinstance(value, list) or len(value) != n or not all(isinstance(v, int) for v in value):
        raise PHHError(f"{key} must be {n} whole numbers")
    return list(value)


def setup_from_phh(doc: Mapping[str, Any]) -> HandSetup:
    """Our :class:`HandSetup` for a PHH hand (``NT`` or ``FT``)."""
    variant = doc.get("variant")
    stacks = doc.get("starting_stacks")
    if not isinstance(stacks, list) or len(stacks) < 2:
        raise PHHError("starting_stacks must list at least two players")
    n = len(stacks)
    antes = _int_list(doc, "antes", n)
    blinds = _int_list(doc, "blinds_or_straddles", n)
    if n == 2:  # heads-up PHH lists the button's (small) blind first
        antes.reverse()
        blinds.reverse()
    trimming = bool(doc.get("ante_trimming_status", False))
    seats = doc.get("seats")
    if not _usable_seats(seats, n):
        seats = list(range(1, n + 1))
    if n > 10:
        raise PHHError("At most 10 players")
    if variant == "NT":
        min_bet = doc.get("min_bet")
        if not isinstance(min_bet, int) or min_bet < 1:
            raise PHHError("min_bet must be a positive whole number")
        kind, extra = BettingKind.NO_LIMIT, {}
        big = min_bet
    elif variant == "FT":
        small_bet, big_bet = doc.get("small_bet"), doc.get("big_bet")
        if not isinstance(small_bet, int) or not isinstance(big_bet, int):
            raise PHHError("FT needs small_bet and big_bet")
        kind, extra = BettingKind.FIXED_LIMIT, {"small_bet": small_bet, "big_bet": big_bet}
        big = small_bet
    else:
        raise PHHError(f"Unsupported variant {variant!r} (NT and FT only)")
    sb_index, bb_index = (1, 0) if n == 2 else (0, 1)
    posts: list[Post] = []
    if trimming or len(set(antes)) == 1:
        posts += [Post(seats[i], PostKind.ANTE, a) for i, a in enumerate(antes) if a > 0]
        late_antes: list[Post] = []
    else:
        late_antes = [
            Post(seats[i], PostKind.BIG_BLIND_ANTE if i == bb_index else PostKind.DEAD, a)
            for i, a in enumerate(antes)
            if a > 0
        ]
        posts += [p for p in late_antes if p.kind is PostKind.DEAD]
    if blinds[sb_index] > 0:
        posts.append(Post(seats[sb_index], PostKind.SMALL_BLIND, blinds[sb_index]))
    if blinds[bb_index] > 0:
        posts.append(Post(seats[bb_index], PostKind.BIG_BLIND, blinds[bb_index]))
    posts += [p for p in late_antes if p.kind is PostKind.BIG_BLIND_ANTE]
    others = [i for i in range(n) if i not in (sb_index, bb_index) and blinds[i] != 0]
    for i in sorted(others, key=lambda i: (blinds[i], i)):
        kind_of = PostKind.STRADDLE if blinds[i] > 0 else PostKind.LIVE
        posts.append(Post(seats[i], kind_of, abs(blinds[i])))
    small = blinds[sb_index] if blinds[sb_index] > 0 else 0
    ante_value = antes[0] if len(set(antes)) == 1 else 0
    structure = Structure(
        kind,
        small_blind=small,
        big_blind=max(big, 1),
        ante=ante_value,
        ante_mode=AnteMode.EACH,
        **extra,  # type: ignore[arg-type]
    )
    button = seats[-1]
    return HandSetup(tuple(zip(seats, stacks, strict=True)), button, structure, tuple(posts))


def _usable_seats(seats: object, n: int) -> bool:
    """True for ``n`` distinct table seats 1..10 listed clockwise, the button (last) last."""
    if not isinstance(seats, list) or len(seats) != n or len(set(seats)) != n:
        return False
    if not all(isinstance(s, int) and not isinstance(s, bool) and 1 <= s <= 10 for s in seats):
        return False
    return list(clockwise_from(seats, seats[-1])) == seats


def _event_for(state: HandState, action: str, seats: Sequence[int]) -> Event:
    words = action.split("#", 1)[0].split()
    if not words:
        raise IllegalAction("bad_action", "Empty action")
    if words[0] == "d":
        if len(words) >= 3 and words[1] == "dh" and words[2].startswith("p"):
            seat = _seat(words[2], seats)
            cards = words[3] if len(words) > 3 else None
            return HoleCardsDealt(seat, None if cards is None or set(cards) == {"?"} else cards)
        if len(words) == 3 and words[1] == "db":
            return BoardDealt(words[2])
        raise IllegalAction("bad_action", f"Unknown dealer action {action!r}")
    seat = _seat(words[0], seats)
    verb = words[1] if len(words) > 1 else ""
    if verb == "f" and len(words) == 2:
        return Fold(seat)
    if verb == "cc" and len(words) == 2:
        return Check(seat) if state.can_check(seat) else Call(seat)
    if verb == "cbr" and len(words) == 3:
        try:
            return BetRaise(seat, int(words[2]))
        except ValueError:
            raise IllegalAction("bad_amount", f"Not an amount: {words[2]!r}", seat) from None
    if verb == "sm":
        if len(words) == 2:
            return Muck(seat)
        if len(words) == 3 and words[2] != "-" and "?" not in words[2]:
            return Show(seat, words[2])
        raise IllegalAction("bad_card", "A show needs the two cards", seat)
    raise IllegalAction("bad_action", f"Unknown action {action!r}")


def _seat(word: str, seats: Sequence[int]) -> int:
    if word.startswith("p") and word[1:].isdigit() and 1 <= int(word[1:]) <= len(seats):
        return seats[int(word[1:]) - 1]
    raise IllegalAction("bad_action", f"No player {word!r} in this hand")


def replay_hand(doc: Mapping[str, Any]) -> ReplayResult:
    """Replay one PHH hand strictly through our rules."""
    try:
        setup = setup_from_phh(doc)
    except (PHHError, SetupError) as err:
        return ReplayResult(False, action_index=None, action=None, reason=str(err))
    actions = doc.get("actions", [])
    if not isinstance(actions, list):
        return ReplayResult(False, reason="actions must be a list of strings")
    state = HandState(setup)
    seats = state.seats
    dealt_all = False
    for index, action in enumerate(actions):
        if not isinstance(action, str):
            return ReplayResult(False, None, index, repr(action), "An action must be a string", state)
        try:
            if not dealt_all and state.phase is Phase.DEAL and not action.startswith("d dh"):
                raise IllegalAction("out_of_order", "The hole cards are not all dealt")
            event = _event_for(state, action, seats)
            state.apply(event)
            dealt_all = dealt_all or state.phase is not Phase.DEAL
        except IllegalAction as err:
            return ReplayResult(False, None, index, action, err.reason, state)
    finished = state.phase is Phase.FINISHED
    final = None
    if finished:
        by_seat = state.final_stacks()
        final = [by_seat[seat] for seat in seats]
    expected = doc.get("finishing_stacks")
    if expected is not None and expected != final:
        reason = (
            f"Finishing stacks differ: the file says {expected}, ours are {final}"
            if finished
            else f"The hand is not finished (waiting for {state.prompt().kind.value})"
        )
        return ReplayResult(False, None, len(actions), None, reason, state)
    return ReplayResult(True, final, state=state)


def replay_text(text: str) -> Iterator[ReplayResult]:
    """Replay every hand of a PHH text."""
    for doc in parse_phh_text(text):
        yield replay_hand(doc)


__all__ = [
    "PHHError",
    "ReplayResult",
    "export_phh",
    "load_hands",
    "parse_phh_text",
    "replay_hand",
    "replay_text",
    "setup_from_phh",
]
