"""The SSE hub: framing, one render per channel and event, resume by event id, keepalives."""

from __future__ import annotations

import threading
import time

from dealer_app.web.sse import EventHub, parse_last_event_id, sse_frame


def test_frame_has_id_event_and_one_data_line() -> None:
    assert sse_frame(7, "view", {"a": 1}) == 'id: 7\nevent: view\ndata: {"a": 1}\n\n'


def test_frame_splits_a_multiline_payload_into_data_lines() -> None:
    assert sse_frame(1, "view", "x\ny") == 'id: 1\nevent: view\ndata: "x\\ny"\n\n'


def test_last_event_id_parsing_refuses_junk() -> None:
    assert parse_last_event_id("42") == 42
    assert parse_last_event_id(" 42 ") == 42
    assert parse_last_event_id(None) is None
    assert parse_last_event_id("-1") is None
    assert parse_last_event_id("4e2") is None
    assert parse_last_event_id("٣") is None  # a non-ASCII digit
    assert parse_last_event_id("9" * 19) is None


def _renders() -> tuple[EventHub, list[tuple[object, int]]]:
    calls: list[tuple[object, int]] = []

    def render(channel: object, seq: int) -> dict:
        calls.append((channel, seq))
        return {"seq": seq, "channel": channel}

    return EventHub(render), calls


def test_new_stream_gets_the_current_snapshot_first() -> None:
    hub, _ = _renders()
    hub.publish(5)
    stream = hub.stream("public", last_id=None, keepalive_seconds=0.01)
    assert next(stream) == "retry: 2000\n\n"
    assert next(stream).startswith("id: 5\nevent: view\n")
    stream.close()


def test_resume_with_the_newest_id_sends_only_keepalives_until_the_next_event() -> None:
    hub, _ = _renders()
    hub.publish(5)
    stream = hub.stream("public", last_id=5, keepalive_seconds=0.01)
    next(stream)  # retry
    assert next(stream) == ": keepalive\n\n"
    hub.publish(6)
    assert next(stream).startswith("id: 6\n")
    stream.close()


def test_resume_with_an_older_id_gets_the_current_snapshot_at_once() -> None:
    hub, _ = _renders()
    hub.publish(9)
    stream = hub.stream("public", last_id=3, keepalive_seconds=10)
    next(stream)
    started = time.monotonic()
    assert next(stream).startswith("id: 9\n")
    assert time.monotonic() - started < 1


def test_an_id_from_the_future_gets_a_fresh_snapshot() -> None:
    hub, _ = _renders()
    hub.publish(2)
    stream = hub.stream("public", last_id=50, keepalive_seconds=10)
    next(stream)
    assert next(stream).startswith("id: 2\n")


def test_each_channel_is_rendered_once_per_event_whatever_the_stream_count() -> None:
    hub, calls = _renders()
    streams = [hub.stream(("spectator", "nl"), None, 0.05) for _ in range(20)]
    for s in streams:
        next(s), next(s)
    calls.clear()
    hub.publish(1)
    frames = {next(s) for s in streams}
    assert frames == {'id: 1\nevent: view\ndata: {"seq": 1, "channel": ["spectator", "nl"]}\n\n'}
    assert calls == [(("spectator", "nl"), 1)]
    assert hub.listeners == 20
    for s in streams:
        s.close()
    assert hub.listeners == 0


def test_a_channel_nobody_listens_to_is_not_rendered() -> None:
    hub, calls = _renders()
    hub.publish(1)
    hub.publish(2)
    assert calls == []


def test_a_waiting_stream_wakes_on_publish_from_another_thread() -> None:
    hub, _ = _renders()
    stream = hub.stream("public", last_id=0, keepalive_seconds=5)
    next(stream)
    threading.Timer(0.05, hub.publish, args=(1,)).start()
    started = time.monotonic()
    assert next(stream).startswith("id: 1\n")
    assert time.monotonic() - started < 1


def test_close_ends_every_stream() -> None:
    hub, _ = _renders()
    stream = hub.stream("public", last_id=0, keepalive_seconds=5)
    next(stream)
    threading.Timer(0.05, hub.close).start()
    assert list(stream) == []


def test_a_view_payload_seq_is_the_event_id() -> None:
    hub = EventHub(lambda channel, seq: {"seq": seq + 100})
    hub.publish(1)
    stream = hub.stream("public", None, 1)
    next(stream)
    assert next(stream).startswith("id: 101\n")


def test_one_failing_channel_does_not_hold_back_the_others() -> None:
    def render(channel: object, seq: int) -> dict:
        if channel == "broken" and seq == 2:
            raise RuntimeError("broken screen")
        return {"seq": seq}

    hub = EventHub(render)
    hub.publish(1)
    good = hub.stream("good", None, 5)
    bad = hub.stream("broken", None, 5)
    next(good), next(good), next(bad), next(bad)
    hub.publish(2)
    assert next(good).startswith("id: 2\n")
    good.close()
    bad.close()


def test_refresh_resends_every_stream_at_the_same_id() -> None:
    """News outside the log (a refused panel press) reaches waiting streams under the same id."""
    rendered = []

    def render(channel, seq):
        rendered.append(seq)
        return {"seq": seq, "n": len(rendered)}

    hub = EventHub(render)
    hub.publish(4)
    stream = hub.stream("dealer", last_id=4, keepalive_seconds=0.01)
    assert next(stream) == "retry: 2000\n\n"
    assert next(stream) == ": keepalive\n\n"
    hub.refresh()
    assert next(stream) == 'id: 4\nevent: view\ndata: {"seq": 4, "n": 1}\n\n'
    assert next(stream) == ": keepalive\n\n"
    stream.close()
