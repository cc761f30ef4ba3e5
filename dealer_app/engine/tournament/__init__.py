"""The club tournament as pure rules: set-up and presets, Belgian compliance, table chart,
seat draw, registration, rebuys and re-entries, play-down and final table, finishing
positions, prize pool and payouts, cash-table rules; the tournament events and their fold.

No I/O, no clock: times come in events, randomness through an injected RNG.
The service that stores these events and drives tables is :mod:`dealer_app.tournament`.
"""

from dealer_app.engine.tournament.chart import (
    TABLE_CHART,
    TablePlan,
    check_sizes,
    propose_sizes,
    survivors_per_table,
    table_plan,
)
from dealer_app.engine.tournament.compliance import (
    check_cash_table,
    check_registration,
    check_setup,
)
from dealer_app.engine.tournament.errors import TournamentError
from dealer_app.engine.tournament.events import (
    EVENT_TYPES,
    HandRecorded,
    PayoutSplitSet,
    PlayerExcluded,
    PlayerRegistered,
    Rebought,
    ReEntered,
    ReturnDeclined,
    TableSeated,
    TablesPlanned,
    TournamentCreated,
    TournamentEvent,
    event_from_dict,
)
from dealer_app.engine.tournament.finishing import finishing_positions
from dealer_app.engine.tournament.prizes import PrizePool, check_split, payouts
from dealer_app.engine.tournament.seat_draw import SeatDraw, draw_at_random, replay_draw
from dealer_app.engine.tournament.setup import PRESETS, TournamentSetup, club_setup, validate_setup
from dealer_app.engine.tournament.state import (
    FINAL_TABLE,
    Elimination,
    PlayerRecord,
    TournamentState,
)

__all__ = [
    "EVENT_TYPES",
    "FINAL_TABLE",
    "PRESETS",
    "TABLE_CHART",
    "Elimination",
    "HandRecorded",
    "PayoutSplitSet",
    "PlayerExcluded",
    "PlayerRecord",
    "PlayerRegistered",
    "PrizePool",
    "ReEntered",
    "Rebought",
    "ReturnDeclined",
    "SeatDraw",
    "TablePlan",
    "TableSeated",
    "TablesPlanned",
    "TournamentCreated",
    "TournamentError",
    "TournamentEvent",
    "TournamentSetup",
    "TournamentState",
    "check_cash_table",
    "check_registration",
    "check_setup",
    "check_sizes",
    "check_split",
    "club_setup",
    "draw_at_random",
    "event_from_dict",
    "finishing_positions",
    "payouts",
    "propose_sizes",
    "replay_draw",
    "survivors_per_table",
    "table_plan",
    "validate_setup",
]
