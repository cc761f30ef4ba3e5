"""The live streams over HTTP: framing, resume by Last-Event-ID, keepalives, roles."""

from __future__ import annotations

import json

from tests.web.conftest import THREE_PLAYERS, run


def _open(client, path: str, **headers: str):
    response = client.get(path, buffered=False, headers=headers)
    return response, iter(response.response)


def _text(chunk: bytes | str) -> str:
    return chunk.decode() if isinstance(chunk, bytes) else chunk


def _frame(chunk: bytes | str) -> tuple[int, str, dict]:
    lines = _text(chunk).splitlines()
    assert lines[0].startswith("id: ") and lines[1].startswith("event: ")
    data = "".join(line[6:] for line in lines[2:] if line.startswith("data: "))
    return int(lines[0][4:]), lines[1][7:], json.loads(data)


def test_public_stream_headers_and_first_frame(client, service) -> None:
    response, chunks = _open(client, "/events?lang=en")
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    assert response.headers["Cache-Control"] == "no-cache"
    assert _text(next(chunks)) == "retry: 2000\n\n"
    event_id, kind, payload = _frame(next(chunks))
    assert (event_id, kind) == (service.last_seq, "view")
    assert payload["seq"] == service.last_seq and payload["lang"] == "en"
    response.close()


def test_a_new_event_reaches_an_open_stream(client, dealer, service) -> None:
    response, chunks = _open(client, "/api/events?lang=nl")
    next(chunks), next(chunks)
    seqs = run(dealer, {"cmd": "join", "seat": 5, "name": "Eve", "stack": 100})
    event_id, _, payload = _frame(next(chunks))
    assert event_id == seqs[-1]
    assert payload["seats"][4]["name"] == "Eve" and payload["seats"][4]["stack_text"] == "EUR 25,00"
    response.close()


def test_resume_with_last_event_id_sends_nothing_stale(client, service) -> None:
    response, chunks = _open(client, "/events", **{"Last-Event-ID": str(service.last_seq)})
    next(chunks)
    assert _text(next(chunks)) == ": keepalive\n\n"
    response.close()


def test_resume_after_missed_events_gets_the_current_state_at_once(client, dealer, service) -> None:
    seen = service.last_seq
    run(dealer, *THREE_PLAYERS)
    response, chunks = _open(client, "/events?lang=en", **{"Last-Event-ID": str(seen)})
    next(chunks)
    event_id, _, payload = _frame(next(chunks))
    assert event_id == service.last_seq > seen
    assert [s["name"] for s in payload["seats"][:3]] == ["Ann", "Bob", "Cy"]
    response.close()


def test_a_junk_last_event_id_is_treated_as_none(client, service) -> None:
    response, chunks = _open(client, "/events", **{"Last-Event-ID": "abc"})
    next(chunks)
    assert _frame(next(chunks))[0] == service.last_seq
    response.close()


def test_dealer_stream_carries_the_legal_actions(dealer) -> None:
    run(dealer, *THREE_PLAYERS, {"cmd": "ok"}, {"cmd": "ok"}, {"cmd": "ok"})
    response, chunks = _open(dealer, "/api/dealer/events?lang=en")
    next(chunks)
    _, _, payload = _frame(next(chunks))
    assert payload["legal"]["seat"] == 1 and payload["legal"]["call_text"] == "EUR 0.50"
    response.close()


def test_public_stream_has_no_dealer_fields(client) -> None:
    response, chunks = _open(client, "/events")
    next(chunks)
    _, _, payload = _frame(next(chunks))
    assert not {"legal", "held", "admin", "next_hand", "can_undo"} & set(payload)
    response.close()
