"""One process per table: the table service, the button panel, the camera and the web server.

:class:`Runtime` opens the table's log, starts what the configuration asks for and serves
the web app; :meth:`Runtime.run` is the main loop that feeds systemd's watchdog, so a hung
loop gets the process restarted. A part that cannot start or fails later does not stop the
table: without a camera the dealer enters cards in the console; without a working panel the
console still takes every action. What works and what does not is kept in an
:class:`ApplianceStatus`, shown by ``systemctl status`` and served as JSON at
``/appliance/status`` for the dealer console and the scoreboard footer.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from flask import Blueprint, Flask, jsonify

from dealer_app.config import AppConfig, CameraSettings, table_config
from dealer_app.sdnotify import Watchdog, notify_ready, notify_status, notify_stopping
from dealer_app.service import TableService

log = logging.getLogger(__name__)

#: Seconds between two rounds of the main loop (the watchdog is fed at most every half period).
LOOP_INTERVAL = 0.5
PARTS = ("table", "web", "panel", "camera")
#: Every this many rounds the main loop asks the table service for a view (a liveness probe).
SERVICE_PROBE_ROUNDS = 10
#: Seconds between two rounds of panel processing, and after a failed round.
PANEL_LOOP_SECONDS = 0.005
PANEL_RETRY_SECONDS = 1.0
#: The zones the dealer console saves, in the data directory (vision.zones JSON).
ZONES_FILE = "zones.json"
#: Camera alarms kept for the console.
MAX_ALARMS = 20
#: A button down this long is reported as stuck (a shorted switch or a broken wire).
STUCK_BUTTON_SECONDS = 30.0


@dataclass(frozen=True)
class PartStatus:
    """How one part of the appliance is doing.

    ``state``: ``ok``; ``off`` (not fitted or switched off in the configuration: nothing to
    fix); ``degraded`` (it failed: the table goes on without it, the dealer should look).
    ``code`` is stable for screens to translate; ``text`` is the English explanation.
    """

    state: str
    code: str
    text: str


class ApplianceStatus:
    """Thread-safe status of every part; :meth:`snapshot` is what the screens show."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._parts: dict[str, PartStatus] = {}
        self._alarms: list[dict[str, Any]] = []
        self.changes = 0

    def set(self, part: str, state: str, code: str, text: str) -> None:
        """Record ``part``'s state (one of ok, off, degraded)."""
        if part not in PARTS:
            raise ValueError(f"unknown part {part!r}; parts: {', '.join(PARTS)}")
        if state not in ("ok", "off", "degraded"):
            raise ValueError(f"unknown state {state!r}")
        status = PartStatus(state, code, text)
        with self._lock:
            if self._parts.get(part) != status:
                self._parts[part] = status
                self.changes += 1
                log.log(logging.WARNING if state == "degraded" else logging.INFO, "%s: %s", part, text)

    def add_alarm(self, alarm: dict[str, Any]) -> None:
        """Keep a camera alarm (``code``, ``cards``, ``text``, ``at``) for the console; the
        last :data:`MAX_ALARMS` are kept."""
        with self._lock:
            self._alarms.append(alarm)
            del self._alarms[:-MAX_ALARMS]

    def get(self, part: str) -> PartStatus | None:
        with self._lock:
            return self._parts.get(part)

    def snapshot(self) -> dict[str, Any]:
        """``{"ok": bool, "parts": {part: {"state", "code", "text"}}, "alarms": [...]}``;
        ``ok`` is false while a part is degraded."""
        with self._lock:
            parts = {p: asdict(self._parts[p]) for p in PARTS if p in self._parts}
            alarms = list(self._alarms)
        return {"ok": all(p["state"] != "degraded" for p in parts.values()), "parts": parts, "alarms": alarms}

    def summary(self) -> str:
        """One line for ``systemctl status``: ``table ok; web ok; panel off: ...``."""
        with self._lock:
            items = [(p, self._parts[p]) for p in PARTS if p in self._parts]
        return "; ".join(p + (" ok" if s.state == "ok" else f" {s.state}: {s.text}") for p, s in items)


def status_blueprint(status: ApplianceStatus) -> Blueprint:
    """``GET /appliance/status``: the parts' status as JSON (public: it holds no secret)."""
    bp = Blueprint("appliance", __name__, url_prefix="/appliance")

    @bp.get("/status")
    def appliance_status() -> Any:
        return jsonify(status.snapshot())

    return bp


class Runtime:
    """Everything one table runs, in one process.

    Parameters:
        config: the validated configuration.
        virtual_panel: drive the panel's simulated pins from the dealer console (the demo).
        camera_factory: makes the camera source from the started runtime instead of
            :func:`open_camera` (the demo's simulated camera).
        clock: seconds since the epoch for the table service (tests inject one).
    """

    def __init__(
        self,
        config: AppConfig,
        *,
        virtual_panel: bool = False,
        camera_factory: Callable[[Runtime], Any] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.config = config
        self.camera_factory = camera_factory
        self.virtual_panel_wanted = virtual_panel
        self.clock = clock
        self.status = ApplianceStatus()
        self.service: TableService | None = None
        self.app: Flask | None = None
        self.panel: Any = None
        self.panel_controller: Any = None
        self.virtual_panel: Any = None
        self.camera: Any = None
        self._server: Any = None
        self._server_thread: threading.Thread | None = None
        self._stop_parts = threading.Event()
        self._panel_thread: threading.Thread | None = None
        self._panel_error: str | None = None
        self._panel_status_ok: tuple[str, str, str] | None = None
        self._down_since: dict[Any, float] = {}
        self._rounds = 0

    # -- start ---------------------------------------------------------------------------

    def start(self) -> None:
        """Open the table, start the panel and camera (degrading on failure), serve the web."""
        self.config.data_dir.mkdir(parents=True, exist_ok=True)
        self.service = TableService.open(self.config.data_dir, table_config(self.config), clock=self.clock)
        self.status.set("table", "ok", "table_open", f"{self.service.config.name}: {self.service.last_seq} events in the log")
        self._start_panel()
        self._start_camera()
        self._start_web()
        self._run_camera()

    def _start_panel(self) -> None:
        settings = self.config.panel
        if not settings.enabled and not self.virtual_panel_wanted:
            self.status.set(
                "panel", "off", "panel_disabled",
                "no button panel (panel.enabled = false): the dealer console takes every action",
            )
            return
        try:
            from hardware.factory import choose_pin_factory, mock_factory
            from hardware.panel import Panel

            if self.virtual_panel_wanted:
                factory, kind = mock_factory(), "mock"
            else:
                factory, kind = choose_pin_factory(settings.pin_factory)
            self.panel = Panel(settings.pins, settings.hardware, pin_factory=factory)
            if kind == "mock":
                from hardware.virtual import VirtualPanel

                self.virtual_panel = VirtualPanel(self.panel)
            self.panel_controller = self._panel_controller()
        except Exception as exc:  # the table goes on without buttons
            log.exception("the button panel did not start")
            self._drop_panel()
            self.status.set(
                "panel", "degraded", "panel_failed",
                f"the button panel did not start ({exc}): the dealer console takes every action",
            )
            return
        if self.virtual_panel is not None and self.virtual_panel_wanted:
            self._panel_status_ok = ("ok", "panel_virtual", "simulated buttons, driven from the dealer console")
        elif self.virtual_panel is not None:
            self._panel_status_ok = (
                "off", "panel_simulated",
                "no GPIO here (not a Raspberry Pi): simulated pins; the dealer console takes every action",
            )
        else:
            self._panel_status_ok = ("ok", "panel_ok", "button panel ready")
        self.status.set("panel", *self._panel_status_ok)

    def _drop_panel(self) -> None:
        for part, method in ((self.panel_controller, "stop"), (self.panel, "close")):
            try:
                if part is not None:
                    getattr(part, method)()
            except Exception:
                log.exception("closing the failed panel")
        self.panel = self.panel_controller = self.virtual_panel = None

    def _start_camera(self) -> None:
        camera = self.config.camera
        if camera.source == "none":
            self.status.set(
                "camera", "off", "camera_none",
                "no camera (camera.source = none): enter the cards in the dealer console",
            )
            return
        try:
            self.camera = self._camera_watcher()
        except Exception as exc:  # manual card entry instead
            log.exception("the camera did not start")
            self.camera = None
            self.status.set(
                "camera", "degraded", "camera_failed",
                f"the camera did not start ({exc}): enter the cards in the dealer console",
            )
            return
        self._check_camera()

    def _run_camera(self) -> None:
        """Start the camera's thread, once the web app is built.

        The thread first loads the deck profile (``np.load``, which parses each array's
        header with :mod:`ast`), while building the web app has werkzeug compile every route
        with :mod:`ast`. CPython 3.11 (Raspberry Pi OS bookworm's 3.11.2, this project's
        3.11.7) counts the AST constructor's depth in one counter per interpreter
        (python/cpython gh-95185, gh-106905), so two threads using :mod:`ast` at once can fail
        with "AST constructor recursion depth mismatch": the two never overlap.
        """
        if self.camera is not None:
            self.camera.start()

    def _start_web(self) -> None:
        from dealer_app.web import create_app
        from dealer_app.web.server import make_server
        from dealer_app.web.settings import WebAppSettings

        settings = WebAppSettings(
            data_dir=self.config.data_dir,
            default_lang=self.config.table.language,
            table_name=self.config.table.name,
        )
        self.app = create_app(
            self.service,
            panel=self.virtual_panel,
            config=settings,
            camera=self.camera,
            zones_file=self._zones_file(),
            default_zones={name: [list(p) for p in points] for name, points in self.config.camera.zones.items()},
        )
        self.app.register_blueprint(status_blueprint(self.status))
        self.app.config["APPLIANCE_STATUS"] = self.status
        if self.panel_controller is not None:
            # A refused press beeps on the panel and shows its reason on the dealer console.
            self.panel_controller.add_listener(self.app.extensions["dealer_web"].panel_notices.listener)
        web = self.config.web
        self._server = make_server(self.app, web.host, web.port, web.threads)
        self._server_thread = threading.Thread(target=self._server.run, name="web", daemon=True)
        self._server_thread.start()
        self.status.set("web", "ok", "web_serving", f"serving on port {self.port}")
        token = self.app.config.get("SETUP_TOKEN")
        if token:
            print(f"First start: open {self.url}/setup and enter the code {token} to choose the PINs", flush=True)

    @property
    def port(self) -> int:
        """The port the web server listens on (the chosen one when configured as 0)."""
        return int(self._server.effective_port) if self._server is not None else self.config.web.port

    @property
    def url(self) -> str:
        host = self.config.web.host
        return f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{self.port}"

    # -- main loop -----------------------------------------------------------------------

    def check(self) -> None:
        """One health round: a dead web server is fatal (systemd restarts us); a dead panel
        or camera only degrades. The table service's clock acts too: at a cash table a
        player sitting out for the limit is removed between hands (C2) without waiting for
        the next command."""
        if self._server_thread is not None and not self._server_thread.is_alive():
            self.status.set("web", "degraded", "web_stopped", "the web server stopped")
            raise RuntimeError("the web server stopped")
        self._rounds += 1
        if self.service is not None:
            self.service.tick()
        if self.service is not None and self._rounds % SERVICE_PROBE_ROUNDS == 0:
            # Takes the service's lock: a table stuck inside a command blocks this loop, the
            # watchdog starves and systemd restarts the process, which replays the log.
            self.service.view(role="public")
        self._check_panel()
        self._check_camera()

    def run(self, stop: threading.Event, watchdog: Watchdog | None = None) -> int:
        """The main loop: health checks, status to systemd, watchdog feeding; until ``stop``."""
        watchdog = watchdog or Watchdog.from_environ()
        notify_ready(self.status.summary())
        reported = -1
        try:
            while not stop.is_set():
                self.check()
                if self.status.changes != reported:
                    reported = self.status.changes
                    notify_status(self.status.summary())
                watchdog.feed()
                stop.wait(LOOP_INTERVAL)
        except Exception:
            log.exception("main loop failed")
            return 1
        finally:
            notify_stopping()
        return 0

    # -- stop ----------------------------------------------------------------------------

    def close(self) -> None:
        """Stop everything this runtime started, the log last. Safe to call twice."""
        if self._server is not None:
            from dealer_app.web.app import shutdown

            if self.app is not None:
                shutdown(self.app)
            self._server.close()
            if self._server_thread is not None:
                self._server_thread.join(timeout=5)
            self._server = None
        self._stop_parts.set()
        if self._panel_thread is not None:
            self._panel_thread.join(timeout=5)
            self._panel_thread = None
        for part, method in ((self.camera, "close"), (self.panel_controller, "stop"), (self.panel, "close")):
            if part is not None:
                try:
                    getattr(part, method)()
                except Exception:  # a broken device must not keep the log open
                    log.exception("closing %r failed", part)
        self.camera = self.panel_controller = self.panel = self.virtual_panel = None
        if self.service is not None:
            self.service.close()
            self.service = None

    # -- the parts others build ----------------------------------------------------------

    def _panel_controller(self) -> Any:
        from dealer_app.panel import PanelController

        controller = PanelController(self.panel, self.service, lang=self.config.table.language)
        self._panel_thread = threading.Thread(target=self._panel_loop, args=(controller,), name="panel", daemon=True)
        self._panel_thread.start()
        return controller

    def _panel_loop(self, controller: Any) -> None:
        """Process panel input until stopped; a failure degrades the panel, never the table."""
        while not self._stop_parts.is_set():
            try:
                controller.process()
            except Exception as exc:
                log.exception("the button panel failed")
                self._panel_error = f"the button panel failed ({exc}): the dealer console takes every action"
                self._stop_parts.wait(PANEL_RETRY_SECONDS)
                continue
            self._panel_error = None
            self._stop_parts.wait(PANEL_LOOP_SECONDS)

    def _check_panel(self) -> None:
        """Report a failing panel loop or a button stuck down (the console still works)."""
        if self.panel_controller is None or self._panel_status_ok is None:
            return
        if self._panel_thread is not None and not self._panel_thread.is_alive() and not self._stop_parts.is_set():
            self.status.set("panel", "degraded", "panel_stopped", "the button panel stopped: the dealer console takes every action")
            return
        if self._panel_error:
            self.status.set("panel", "degraded", "panel_failed", self._panel_error)
            return
        now = time.monotonic()
        pressed = self.panel.pressed()
        for button in pressed:
            self._down_since.setdefault(button, now)
        for button in list(self._down_since):
            if button not in pressed:
                del self._down_since[button]
        stuck = sorted(b.label for b, since in self._down_since.items() if now - since >= STUCK_BUTTON_SECONDS)
        if stuck:
            self.status.set(
                "panel", "degraded", "panel_button_stuck",
                f"button {', '.join(stuck)} has been down for {STUCK_BUTTON_SECONDS:.0f} s: "
                "check its wiring; the dealer console takes every action",
            )
        else:
            self.status.set("panel", *self._panel_status_ok)

    def _camera_watcher(self) -> CameraLoop:
        from dealer_app.card_watch import CardWatch

        source = self.camera_factory(self) if self.camera_factory else open_camera(self.config.camera)
        watch = CardWatch(self.service, lang=self.config.table.language, on_alarm=self._record_alarm)
        return CameraLoop(source, watch, self.config.camera, self._zones_file())

    def _zones_file(self) -> Path:
        return self.config.data_dir / ZONES_FILE

    def _record_alarm(self, alarm: Any) -> None:
        """Every camera alarm goes to the status list (the integrity alarms also reach the
        table's log and the dealer's prompt: CardWatch sends them; ``seq`` is their event)."""
        log.warning("camera alarm %s: %s", alarm.code, alarm.text)
        self.status.add_alarm(
            {"code": alarm.code, "cards": list(alarm.cards), "text": alarm.text, "at": self.clock(), "seq": alarm.seq}
        )

    def _check_camera(self) -> None:
        if self.camera is None:
            return
        problem = self.camera.problem
        if problem is not None:
            self.status.set("camera", "degraded", problem[0], problem[1] + ": enter the cards in the dealer console")
        else:
            self.status.set("camera", "ok", "camera_ok", f"reading cards from the {self.config.camera.source} camera")


def open_camera(settings: CameraSettings) -> Any:
    """The camera source the configuration names (raises vision's CameraError if it fails)."""
    from vision.sources import OpenCVSource, PiCameraSource, ReplaySource

    size = (settings.width, settings.height)
    if settings.source == "picamera2":
        return PiCameraSource(size)
    if settings.source == "opencv":
        device: int | str = int(settings.device) if settings.device.isdigit() else settings.device
        return OpenCVSource(device, size)
    return ReplaySource.from_dir(settings.replay_dir, loop=True)


class CameraLoop:
    """Reads frames, finds and reads cards, stabilises them and hands the facts to CardWatch.

    Runs in its own thread at ``settings.fps``. It never stops the table: a source that
    runs dry or raises, or missing zones, is kept in :attr:`problem` (``(code, text)``) and
    the dealer enters the cards by hand meanwhile. Zones come from ``zones_file`` (saved by
    the dealer console's zone editor), re-read when that file changes; while it does not
    exist, from the configuration's ``[camera.zones]``. Pictures are read even without zones:
    :meth:`latest_frame` is the snapshot the dealer marks the zones on.
    """

    def __init__(self, source: Any, watch: Any, settings: CameraSettings, zones_file: Path) -> None:
        self.source = source
        self.watch = watch
        self.settings = settings
        self.zones_file = zones_file
        self.problem: tuple[str, str] | None = ("camera_starting", "the camera is starting (loading the deck profile)")
        self.frames = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._zones_stamp: int | str | None = None
        self._latest: Any = None

    @property
    def zones_origin(self) -> str | None:
        """Where the zones in use come from: ``saved`` (zones.json), ``configuration``, or None."""
        stamp = self._zones_stamp
        return None if stamp is None else "configuration" if stamp == "configuration" else "saved"

    def latest_frame(self) -> Any:
        """The last picture the camera gave (a BGR array), or None before the first."""
        return self._latest

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="camera", daemon=True)
        self._thread.start()

    def _zones(self) -> Any:
        from vision.zones import Zones

        try:
            stat = self.zones_file.stat()
            stamp: int | str | None = f"{stat.st_mtime_ns}:{stat.st_size}:{stat.st_ino}"
        except FileNotFoundError:
            stamp = "configuration" if self.settings.zones else None
        if stamp is None:
            self._zones_stamp = None
            return None
        if stamp == self._zones_stamp:
            return False  # unchanged
        if stamp == "configuration":
            zones = Zones.from_dict({name: list(points) for name, points in self.settings.zones.items()})
        else:
            zones = Zones.load(self.zones_file)
        self._zones_stamp = stamp
        return zones

    def _run(self) -> None:
        from vision.pipeline import FrameReader
        from vision.profiles import default_profile
        from vision.read import Profile, Reader
        from vision.stabilise import Stabiliser
        from vision.zones import ZoneError

        try:
            profile = Profile.load(Path(self.settings.profile)) if self.settings.profile else default_profile()
        except Exception as exc:
            self.problem = ("camera_profile", f"the deck profile {self.settings.profile} cannot be used ({exc})")
            return
        reader = Reader(profile)
        frame_reader: Any = None
        stabiliser = Stabiliser()
        interval = 1.0 / self.settings.fps
        while not self._stop.is_set():
            started = time.monotonic()
            try:
                frame = self.source.read()
                if frame is None:
                    self.problem = ("camera_no_frames", "the camera gives no pictures")
                    self._stop.wait(1.0)
                    continue
                self._latest = frame
                try:
                    zones = self._zones()
                except ZoneError as exc:
                    self.problem = ("camera_zones", f"the zones cannot be used ({exc}); set them again in the dealer console")
                    frame_reader = None
                    self._stop.wait(1.0)
                    continue
                if zones is None:
                    self.problem = ("camera_no_zones", "the board and reader zones are not set yet (dealer console)")
                    frame_reader = None
                    self._stop.wait(max(0.0, interval - (time.monotonic() - started)))
                    continue
                if zones is not False or frame_reader is None:
                    if zones is False:  # the reader was dropped: load the unchanged zones again
                        self._zones_stamp = None
                        zones = self._zones()
                    # the default profile was not made from this deck: read only what agrees
                    frame_reader = FrameReader(reader, zones, consensus=not self.settings.profile)
                for fact in stabiliser.update(frame_reader.read(frame)):
                    self.watch.handle(fact)
                self.watch.resume()  # facts held while an alarm was open
                self.frames += 1
                self.problem = None
            except Exception as exc:
                log.exception("camera round failed")
                self.problem = ("camera_failed", f"the camera failed ({exc})")
                self._stop.wait(1.0)
                continue
            self._stop.wait(max(0.0, interval - (time.monotonic() - started)))

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
        self.source.close()


#: Exit status for a configuration that cannot run (sysexits' EX_CONFIG); the systemd unit
#: does not restart on it, since restarting cannot fix the file.
EXIT_CONFIG = 78


def serve_until_stopped(runtime: Runtime, after_start: Callable[[Runtime], None] | None = None) -> int:
    """Start ``runtime`` (then call ``after_start``), run its main loop until SIGTERM or
    SIGINT, close it; return the exit status."""
    import signal

    stop = threading.Event()

    def request_stop(signum: int, frame: Any) -> None:
        log.info("signal %d: stopping", signum)
        stop.set()

    previous = {sig: signal.signal(sig, request_stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        runtime.start()
        if after_start is not None:
            after_start(runtime)
        print(f"dealer-app: {runtime.config.table.name} on {runtime.url} ({runtime.status.summary()})", flush=True)
        return runtime.run(stop)
    finally:
        runtime.close()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
