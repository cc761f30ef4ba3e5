"""Serve the web app with waitress, sized for event streams.

Every open event stream holds one waitress thread, so the default four threads stop the
app answering as soon as four scoreboards are open (measured, ``platform.md``). Size the
thread pool to the expected streams plus about 30 for ordinary requests.
"""

from __future__ import annotations

from typing import Any

from flask import Flask

#: Threads kept free for page and API requests on top of the event streams.
SPARE_THREADS = 30
#: Default stream count a table expects (TV, dealer tablet, a room of phones).
DEFAULT_STREAMS = 98


def waitress_options(threads: int | None = None) -> dict[str, Any]:
    """The waitress settings for ``threads`` worker threads (default: 98 streams + 30 spare).

    >>> waitress_options(64)["connection_limit"]
    164
    """
    count = threads if threads is not None else DEFAULT_STREAMS + SPARE_THREADS
    if count < SPARE_THREADS // 3:
        raise ValueError(f"web.threads: at least {SPARE_THREADS // 3} threads, not {count}")
    return {
        "threads": count,
        # Connections beyond the thread count wait in the queue instead of being refused.
        "connection_limit": count + 100,
        # poll() instead of select(): no 1024-descriptor ceiling.
        "asyncore_use_poll": True,
        # A stream writes at least every keepalive period, so idle channels can be dropped.
        "channel_timeout": 120,
        "ident": "dealer-app",
    }


def serve(app: Flask, host: str = "0.0.0.0", port: int = 8000, threads: int | None = None) -> None:
    """Serve ``app`` on ``host:port`` until interrupted (blocks)."""
    from waitress import serve as waitress_serve

    waitress_serve(app, host=host, port=port, **waitress_options(threads))


def make_server(app: Flask, host: str = "127.0.0.1", port: int = 0, threads: int | None = None) -> Any:
    """A waitress server not yet running: ``.run()`` blocks, ``.close()`` stops it.

    ``port=0`` picks a free port; read it back from ``server.effective_port``.
    """
    from waitress.server import create_server

    return create_server(app, host=host, port=port, **waitress_options(threads))
