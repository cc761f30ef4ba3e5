"""Cash tables where the compliance profile allows them (C1-C5; refused in Belgium, TO5).

The table service runs a cash table like any table; this module only opens one: it checks
the profile and gives the 6-max configuration of [S2]. The cash rules themselves (hand
start at 3 or 2, sit-out limit, leave-and-return buy-in, time-outs, buy-in window) are pure
functions in :mod:`dealer_app.engine.tournament.cash`.
"""

from __future__ import annotations

from dealer_app.engine.table import Level
from dealer_app.engine.tournament.cash import CashRules, open_cash_table
from dealer_app.service import TableConfig


def cash_table_config(
    profile: str, rules: CashRules, small_blind: int, name: str = "Cash table", chip_cents: int = 25
) -> TableConfig:
    """The table configuration of a 6-max No-Limit cash table (C1), refused under TO5.

    A new player posts one big blind out of position or waits for it (C1, F4): this product
    lets them post, as [S2] allows.
    """
    open_cash_table(profile, rules)
    return TableConfig(
        name=name,
        seats=rules.max_seats,
        chip_cents=chip_cents,
        structure="no-limit",
        levels=(Level(sb=small_blind, bb=rules.big_blind),),
        new_player_posts_bb=True,
        cash=rules,
    )
