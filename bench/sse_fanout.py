"""Benchmark: 200 scoreboards on Server-Sent Events; event-to-all-clients latency and memory.

A child process runs the real table service and web app in waitress, sized as
``dealer_app.web.server.waitress_options`` (threads = streams + 30). This process opens N
event streams on loopback, then plays console commands through the JSON API and times, for
every command, how long until each stream received the frame carrying the new event id.

    python bench/sse_fanout.py [--clients 200] [--events 60]

Printed next to the reference measured for ``platform.md`` (100 clients, waitress with 128
threads: fan-out p50 4-12 ms, 35 MB). Target: p95 <= 100 ms for all 200 clients.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
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


def run_server(data: str, threads: int, port_pipe: multiprocessing.connection.Connection) -> None:
    """Child: the table service and the web app on a free loopback port."""
    from dealer_app.service import TableConfig, TableService
    from dealer_app.web import WebAppSettings, create_app, make_server

    service = TableService.open(Path(data) / "table", TableConfig.club())
    app = create_app(service, config=WebAppSettings(data_dir=Path(data) / "web"))
    app.extensions["dealer_web"].credentials.choose(PIN, PASSWORD)
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

    def __init__(self, port: int, count: int) -> None:
        self.selector = selectors.DefaultSelector()
        self.buffers: dict[socket.socket, bytes] = {}
        self.seen: dict[socket.socket, dict[int, float]] = {}
        for _ in range(count):
            sock = socket.create_connection(("127.0.0.1", port))
            sock.sendall(b"GET /events?lang=en HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n")
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
        self.request("POST", "/api/session", {"role": "dealer", "secret": PIN})

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--events", type=int, default=60)
    args = parser.parse_args()
    threads = args.clients + 30

    with tempfile.TemporaryDirectory() as data:
        parent, child = multiprocessing.Pipe()
        server = multiprocessing.get_context("fork").Process(
            target=run_server, args=(data, threads, child), daemon=True
        )
        server.start()
        port = parent.recv()
        idle_mb = rss_mb(server.pid)
        console = Console(port)
        console.command({"cmd": "join", "seat": 1, "name": "Ann", "stack": 100})
        streams = Streams(port, args.clients)
        streams.pump(2.0)
        connected = sum(1 for seen in streams.seen.values() if seen)
        per_client: list[float] = []
        to_all: list[float] = []
        missed = 0
        for index in range(args.events):
            command = {"cmd": "sit_out" if index % 2 == 0 else "sit_in", "seat": 1}
            started = time.perf_counter()
            seq = console.command(command)
            deadline = time.perf_counter() + 2.0
            while not streams.all_have(seq) and time.perf_counter() < deadline:
                streams.pump(0.002)
            arrivals = [streams.arrival(sock, seq) for sock in streams.seen]
            got = [a - started for a in arrivals if a is not None]
            missed += len(arrivals) - len(got)
            per_client.extend(got)
            if len(got) == len(arrivals):
                to_all.append(max(got))
            streams.pump(0.05)
        busy_mb = rss_mb(server.pid)
        streams.close()
        server.terminate()
        server.join()

    ms = 1000.0
    print(f"SSE fan-out, {args.clients} clients on loopback, {args.events} console commands")
    print(f"{'':34} {'ours':>18}   reference (platform.md, 100 clients)")
    print(f"{'streams connected':34} {connected:>18}   100 of 100")
    print(f"{'frames missed':34} {missed:>18}   0")
    print(f"{'command->one client p50':34} {statistics.median(per_client) * ms:>15.1f} ms   4-12 ms (fan-out p50)")
    print(f"{'command->one client p95':34} {percentile(per_client, 95) * ms:>15.1f} ms   -")
    print(f"{'command->ALL clients p50':34} {statistics.median(to_all) * ms:>15.1f} ms   -")
    print(f"{'command->ALL clients p95':34} {percentile(to_all, 95) * ms:>15.1f} ms   target <= 100 ms")
    print(f"{'server RSS idle / with streams':34} {idle_mb:>7.1f} / {busy_mb:>5.1f} MB   35 MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
