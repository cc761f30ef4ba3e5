"""Benchmark: 200 scoreboards on Server-Sent Events; event-to-all-clients latency and memory.

A child process runs the real table service and web app in waitress, sized as
``dealer_app.web.server.waitress_options`` (threads = streams + 30). This process opens N
event streams on loopback, then plays console commands through the JSON API and times, for
every command, how long until each stream received the frame carrying the new event id.

    python bench/sse_fanout.py [--clients 200] [--events 60]

In the same run, the reference: the straightforward endpoint where every client follows the
log itself and renders its own view (``/naive-events``, added by this script only). Also
quoted: ``platform.md`` (100 clients, waitress 128 threads: fan-out p50 4-12 ms, 35 MB).
Target: event to all 200 clients p95 <= 100 ms.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import selectors
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

PIN = "2468"
PASSWORD = "river-card-7"


def add_naive_stream(app) -> None:
    """The reference: the straightforward SSE endpoint, ``/naive-events``. Each client has its
    own log subscription and renders the public view itself for every event (N renders per
    event instead of one per channel)."""
    from flask import Response

    from dealer_app.web.projection import public_payload
    from dealer_app.web.sse import sse_frame

    state = app.extensions["dealer_web"]

    def naive_events() -> Response:
        def body():
            sub = state.service.subscribe(after_seq=state.service.last_seq)
            try:
                with app.app_context():
                    payload = public_payload(state, "en")
                yield sse_frame(payload["seq"], "view", payload)
                while True:
                    event = sub.get(timeout=15)
                    if event is None:
                        yield ": keepalive\n\n"
                        continue
                    with app.app_context():
                        payload = public_payload(state, "en")
                    yield sse_frame(event.seq, "view", payload)
            finally:
                sub.close()

        return Response(body(), mimetype="text/event-stream")

    app.add_url_rule("/naive-events", "naive_events", naive_events)


def run_server(
    data: str, threads: int, naive: bool, port_pipe: multiprocessing.connection.Connection
) -> None:
    """Child: the table service and the web app on a free loopback port."""
    from dealer_app.service import TableConfig, TableService
    from dealer_app.web import WebAppSettings, create_app, make_server

    service = TableService.open(Path(data) / "table", TableConfig.club())
    app = create_app(service, config=WebAppSettings(data_dir=Path(data) / "web"))
    app.extensions["dealer_web"].credentials.choose(PIN, PASSWORD)
    if naive:
        add_naive_stream(app)
    server = make_server(app, "127.0.0.1", 0, threads=threads)
    port_pipe.send(server.effective_port)
    server.run()


def rss_mb(pid: int) -> float:
    """Resident memory of ``pid`` in MB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Streams:
    """N raw SSE connections read by one selector thread (no client-side thread per stream)."""

    def __init__(self, port: int, count: int, path: str) -> None:
        self.selector = selectors.DefaultSelector()
        self.buffers: dict[socket.socket, bytes] = {}
        self.seen: dict[socket.socket, dict[int, float]] = {}
        request = f"GET {path} HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n"
        for _ in range(count):
            sock = socket.create_connection(("127.0.0.1", port))
            sock.sendall(request.encode())
            sock.setblocking(False)
            self.selector.register(sock, selectors.EVENT_READ)
            self.buffers[sock] = b""
            self.seen[sock] = {}

    def pump(self, seconds: float) -> None:
        """Read whatever arrives for ``seconds``, recording when each event id reached each stream."""
        deadline = time.perf_counter() + seconds
        while (left := deadline - time.perf_counter()) > 0:
            for key, _ in self.selector.select(timeout=left):
                sock = key.fileobj
                try:
                    data = sock.recv(65536)
                except BlockingIOError:
                    continue
                now = time.perf_counter()
                buffer = self.buffers[sock] + data
                *lines, rest = buffer.split(b"\n")
                self.buffers[sock] = rest
                for line in lines:
                    if line.startswith(b"id: "):
                        self.seen[sock].setdefault(int(line[4:]), now)

    def all_have(self, seq: int) -> bool:
        return all(any(s >= seq for s in seen) for seen in self.seen.values())

    def arrival(self, sock: socket.socket, seq: int) -> float | None:
        times = [t for s, t in self.seen[sock].items() if s >= seq]
        return min(times) if times else None

    def close(self) -> None:
        for sock in self.buffers:
            sock.close()


class Console:
    """A signed-in dealer console speaking the JSON API."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.cookie = ""
        self.csrf = self.request("GET", "/api/session")["csrf_token"]
        signed_in = self.request("POST", "/api/session", {"role": "dealer", "secret": PIN})
        self.csrf = signed_in["csrf_token"]  # a new session after signing in

    def request(self, method: str, path: str, body: dict | None = None) -> dict:
        headers = {"Content-Type": "application/json", "Cookie": self.cookie}
        if method != "GET":
            headers["X-CSRF-Token"] = self.csrf
        self.conn.request(method, path, json.dumps(body) if body else None, headers)
        response = self.conn.getresponse()
        cookie = response.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";")[0]
        return json.loads(response.read())

    def command(self, command: dict) -> int:
        answer = self.request("POST", "/api/commands", command)
        if not answer.get("ok"):
            raise RuntimeError(f"refused: {answer}")
        return answer["seqs"][-1]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def measure(clients: int, events: int, naive: bool) -> dict[str, float]:
    """One run: serve, connect ``clients`` streams, play ``events`` commands, time delivery."""
    threads = clients + 30
    with tempfile.TemporaryDirectory() as data:
        parent, child = multiprocessing.Pipe()
        server = multiprocessing.get_context("fork").Process(
            target=run_server, args=(data, threads, naive, child), daemon=True
        )
        server.start()
        port = parent.recv()
        idle_mb = rss_mb(server.pid)
        console = Console(port)
        console.command({"cmd": "join", "seat": 1, "name": "Ann", "stack": 100})
        streams = Streams(port, clients, "/naive-events" if naive else "/events?lang=en")
        streams.pump(2.0)
        connected = sum(1 for seen in streams.seen.values() if seen)
        per_client: list[float] = []
        to_all: list[float] = []
        missed = 0
        cpu_before = cpu_seconds(server.pid)
        for index in range(events):
            command = {"cmd": "sit_out" if index % 2 == 0 else "sit_in", "seat": 1}
            started = time.perf_counter()
            seq = console.command(command)
            deadline = time.perf_counter() + 5.0
            while not streams.all_have(seq) and time.perf_counter() < deadline:
                streams.pump(0.002)
            arrivals = [streams.arrival(sock, seq) for sock in streams.seen]
            got = [a - started for a in arrivals if a is not None]
            missed += len(arrivals) - len(got)
            per_client.extend(got)
            if len(got) == len(arrivals):
                to_all.append(max(got))
            streams.pump(0.05)
        cpu = cpu_seconds(server.pid) - cpu_before
        busy_mb = rss_mb(server.pid)
        streams.close()
        server.terminate()
        server.join()
    return {
        "connected": connected,
        "missed": missed,
        "one_p50": statistics.median(per_client) * 1000,
        "one_p95": percentile(per_client, 95) * 1000,
        "all_p50": statistics.median(to_all) * 1000 if to_all else float("nan"),
        "all_p95": percentile(to_all, 95) * 1000 if to_all else float("nan"),
        "idle_mb": idle_mb,
        "busy_mb": busy_mb,
        "cpu_ms_per_event": cpu / events * 1000,
    }


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of ``pid`` (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--events", type=int, default=60)
    args = parser.parse_args()
    ours = measure(args.clients, args.events, naive=False)
    naive = measure(args.clients, args.events, naive=True)
    rows = [
        ("streams connected", "connected", "{:.0f}"),
        ("frames missed", "missed", "{:.0f}"),
        ("command -> one client p50 (ms)", "one_p50", "{:.1f}"),
        ("command -> one client p95 (ms)", "one_p95", "{:.1f}"),
        ("command -> ALL clients p50 (ms)", "all_p50", "{:.1f}"),
        ("command -> ALL clients p95 (ms)", "all_p95", "{:.1f}"),
        ("server CPU per event (ms)", "cpu_ms_per_event", "{:.1f}"),
        ("server RSS idle (MB)", "idle_mb", "{:.1f}"),
        ("server RSS with streams (MB)", "busy_mb", "{:.1f}"),
    ]
    print(f"SSE fan-out: {args.clients} clients on loopback, {args.events} console commands each run")
    print(f"{'':34} {'ours (hub)':>12} {'naive':>12}")
    for label, key, fmt in rows:
        print(f"{label:34} {fmt.format(ours[key]):>12} {fmt.format(naive[key]):>12}")
    print("naive = one log subscription and one view render per client per event.")
    print("platform.md (100 clients, waitress 128 threads): fan-out p50 4-12 ms, 35 MB.")
    print(f"target: command -> ALL clients p95 <= 100 ms: {'met' if ours['all_p95'] <= 100 else 'MISSED'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
