"""Property test of the table rules over random evenings (joins, leaves, sit-outs, busts)."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from dealer_app.engine.table import Level, Table, TableError

LEVEL = Level(sb=1, bb=2, ante=1)
OPS = st.lists(
    st.tuples(st.sampled_from(["hand", "hand", "hand", "join", "leave", "sit_out", "sit_in", "bust"]),
              st.integers(1, 9), st.booleans()),
    min_size=5,
    max_size=60,
)


def _clockwise(table: Table, start: int, seat: int) -> int:
    """Steps clockwise from ``start`` to ``seat``."""
    return (seat - start) % table.seat_count


@settings(max_examples=300, deadline=None)
@given(ops=OPS)
# the last BB leaves and a new player takes that seat: the new player may be the next BB
@example(ops=[("hand", 1, False), ("leave", 7, False), ("join", 7, False), ("leave", 1, False), ("hand", 1, False)])
# the last hand's players bust or leave and three new players join to post at once, two of
# them between the button and the small blind (WL 158: they wait): all three play
@example(ops=[("hand", 4, False), ("hand", 8, False), ("hand", 6, True), ("bust", 7, True), ("hand", 7, False),
              ("leave", 1, True), ("join", 2, True), ("bust", 4, True), ("join", 8, True), ("join", 5, True),
              ("hand", 7, True)])
def test_t1_f4_wt85_wt87_invariants_over_random_evenings(ops) -> None:
    table = Table(9)
    for seat in (1, 4, 7):
        table.join(seat, f"P{seat}", 50)
    table.place_button(1)
    last_bb = None
    names = 10
    for op, seat, flag in ops:
        try:
            if op == "join":
                names += 1
                table.join(seat, f"N{names}", 50, post=flag)
            elif op == "leave":
                table.leave(seat)
            elif op == "sit_out":
                table.sit_out(seat)
            elif op == "sit_in":
                table.sit_in(seat, post=flag)
            elif op == "bust" and seat in table.players:
                table.set_stack(seat, 0)
        except TableError:
            continue
        if op != "hand":
            continue
        try:
            plan = table.plan_hand(LEVEL)
        except TableError as err:
            assert "two players" in str(err)
            continue
        playable = {s for s, p in table.players.items() if not p.sitting_out and p.stack > 0}
        assert set(plan.dealt) <= playable and len(plan.dealt) >= 2
        bb_player = (plan.bb, table.players[plan.bb].name)
        assert plan.bb in plan.dealt and bb_player != last_bb  # nobody pays the BB twice in a row
        assert {p.seat for p in plan.posts} <= set(plan.dealt)
        assert [p.seat for p in plan.posts if p.kind == "ante"] == plan.dealt
        assert plan.dealt == sorted(plan.dealt, key=lambda s: _clockwise(table, plan.button, s) or table.seat_count)
        if len(plan.dealt) == 2:  # T2: heads-up the button posts the small blind
            assert plan.sb == plan.button != plan.bb
        else:
            assert plan.button != plan.bb
            if plan.sb is not None:
                assert 0 < _clockwise(table, plan.button, plan.sb) < _clockwise(table, plan.button, plan.bb)
            assert plan.button_dead == (plan.button not in plan.dealt)
        table.start_hand(plan)
        table.end_hand({s: v for s, v in plan.stacks.items()})
        last_bb = bb_player
