"""Bad input from any edge gets a reason and changes nothing (property test)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_app.service.model import COMMANDS
from tests.service.conftest import deal, run, seat_players

VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-10, max_value=10**6),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=6),
    st.lists(st.sampled_from(["As", "Kd", "7c", "2h", "Ax", "10h", "As"]), max_size=4),
)
KEYS = st.sampled_from(["seat", "to", "cards", "name", "stack", "post", "seq", "reason", "action", "out_of_turn", "chips", "amount"])
COMMAND = st.fixed_dictionaries({"cmd": st.sampled_from([*COMMANDS, "dance", 5])}).flatmap(
    lambda base: st.dictionaries(KEYS, VALUES, max_size=4).map(lambda extra: {**extra, **base})
)


def test_random_commands_never_raise_and_a_refusal_changes_nothing(open_table) -> None:
    svc = open_table()
    seat_players(svc, {1: 100, 3: 100, 5: 100, 7: 100}, button=1)
    deal(svc)
    run(svc, {"cmd": "raise", "to": 4})

    @settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(command=COMMAND, source=st.sampled_from(["button", "camera", "console", "system", "phone"]))
    def check(command: dict, source: str) -> None:
        before_view, before_seq = svc.view("dealer"), svc.last_seq
        result = svc.execute(command, source)
        if result.ok:
            assert result.seqs == list(range(before_seq + 1, svc.last_seq + 1))
        else:
            assert isinstance(result.reason, str) and result.reason
            assert (svc.last_seq, svc.view("dealer")) == (before_seq, before_view)

    check()
