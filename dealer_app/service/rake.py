"""The optional rake of a cash table (C5) applied to the pots the dealer pushes.

How much each pot gives up is the engine's rule, :func:`~dealer_app.engine.tournament.cash.hand_rake`
(a percentage of each pot, main pot first, up to the hand's cap; "no flop, no drop"). The
rest of each pot goes to its winners, shared as the engine shares a pot (P5): equal whole
chips, the odd chips one at a time clockwise from the first winner left of the button (the
order of the pot's ``winners``).

>>> from dealer_app.engine.tournament.cash import CashRules
>>> rules = CashRules(big_blind=2, min_buy_in=40, max_buy_in=200, rake_percent=5)
>>> pots = [{"pot": 0, "board": 1, "amount": 101, "winners": {"2": 51, "5": 50}, "odd_chip_seat": 2}]
>>> raked, total = take_rake(pots, rules, cap=0, flop_seen=True)
>>> total, raked[0]["amount"], raked[0]["rake"], raked[0]["winners"], raked[0]["odd_chip_seat"]
(5, 96, 5, {'2': 48, '5': 48}, None)
>>> take_rake(pots, rules, cap=3, flop_seen=True)[1], take_rake(pots, rules, cap=0, flop_seen=False)[1]
(3, 0)
"""

from __future__ import annotations

from dealer_app.engine.pots import split_pot
from dealer_app.engine.tournament.cash import CashRules, hand_rake


def take_rake(pots: list[dict], rules: CashRules, cap: int, flop_seen: bool) -> tuple[list[dict], int]:
    """The pushed pots (``service.decide.pots_pushed`` dicts) after the rake, and the rake.

    A raked pot's ``amount`` becomes what its winners share, and it gains ``rake`` (the
    chips taken from it); pots not raked are returned unchanged.
    """
    main_first = sorted(pots, key=lambda p: (p["pot"], p.get("board", 1)))
    taken_main_first = hand_rake(rules, [pot["amount"] for pot in main_first], cap, flop_seen)
    rake_of = {id(pot): taken for pot, taken in zip(main_first, taken_main_first, strict=True)}
    raked = []
    for pot in pots:
        taken = rake_of[id(pot)]
        if taken == 0:
            raked.append(pot)
            continue
        winners = [int(seat) for seat in pot["winners"]]
        shares = split_pot(pot["amount"] - taken, winners)
        low = min(chips for _, chips in shares)
        odd = [seat for seat, chips in shares if chips > low]
        raked.append(
            {
                **pot,
                "amount": pot["amount"] - taken,
                "rake": taken,
                "winners": {str(seat): chips for seat, chips in shares},
                "odd_chip_seat": odd[0] if odd else None,
            }
        )
    return raked, sum(rake_of.values())


def rake_paid(before: list[dict], after: list[dict]) -> dict[int, int]:
    """Chips each winner gave up to the rake: the pots' shares before minus after."""
    paid: dict[int, int] = {}
    for old, new in zip(before, after, strict=True):
        for seat, chips in old["winners"].items():
            paid[int(seat)] = paid.get(int(seat), 0) + chips - new["winners"][seat]
    return paid
