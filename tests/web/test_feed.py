"""The log follower: recent actions (undo and corrections applied) and resilience."""

from __future__ import annotations

from dealer_app.web.feed import TableFeed
from tests.web.conftest import START_HAND, THREE_PLAYERS


def _run(service, *commands: dict) -> None:
    for command in commands:
        result = service.execute(command, "console")
        assert result.ok, (command, result.reason)


def test_recent_actions_follow_undo_and_correction(service) -> None:
    published: list[int] = []
    feed = TableFeed(service, published.append)
    feed.start()
    try:
        _run(service, *THREE_PLAYERS, *START_HAND, {"cmd": "raise", "to": 6}, {"cmd": "call"})
        assert feed.wait_for(service.last_seq, 5)
        recent = feed.recent_actions()
        assert [(a["seat"], a["action"]) for a in recent] == [(1, "raise"), (2, "call")]
        assert recent[0]["to"] == 6
        _run(service, {"cmd": "undo"})
        assert feed.wait_for(service.last_seq, 5)
        assert [(a["seat"], a["action"]) for a in feed.recent_actions()] == [(1, "raise")]
        raise_seq = feed.recent_actions()[0]["seq"]
        _run(service, {"cmd": "correct", "seq": raise_seq, "to": 8})
        assert feed.wait_for(service.last_seq, 5)
        assert feed.recent_actions()[0]["to"] == 8
        assert published[-1] == service.last_seq
    finally:
        feed.stop()


def test_the_last_hand_stays_listed_until_the_next_hand_starts(service) -> None:
    feed = TableFeed(service, lambda seq: None)
    feed.start()
    try:
        _run(service, *THREE_PLAYERS, *START_HAND, {"cmd": "fold"}, {"cmd": "fold"}, {"cmd": "ok"})
        assert feed.wait_for(service.last_seq, 5)
        assert [a["action"] for a in feed.recent_actions()] == ["fold", "fold"]
        _run(service, {"cmd": "ok"})  # the next hand starts
        assert feed.wait_for(service.last_seq, 5)
        assert feed.recent_actions() == []
    finally:
        feed.stop()


def test_a_failing_render_does_not_stop_the_feed(service) -> None:
    calls: list[int] = []

    def flaky(seq: int) -> None:
        calls.append(seq)
        if len(calls) == 1:
            raise RuntimeError("screen broke")

    feed = TableFeed(service, flaky)
    feed.start()
    try:
        assert feed.wait_caught_up(5)
        _run(service, {"cmd": "join", "seat": 1, "name": "Ann", "stack": 100})
        assert feed.wait_for(service.last_seq, 5)
        _run(service, {"cmd": "join", "seat": 2, "name": "Bob", "stack": 100})
        assert feed.wait_for(service.last_seq, 5)
        assert calls[-1] == service.last_seq and len(calls) >= 2
    finally:
        feed.stop()
