"""firmware/install.sh on a fresh Debian Bookworm root, booted with systemd under systemd-nspawn.

The root is made by debootstrap (amd64 here; the Pi runs arm64 Raspberry Pi OS, which is
Bookworm too) and cached as a tarball between runs. The wheels are built and downloaded on
the host (the container has a private network: nothing reaches it from outside and it
reaches nothing), then ``install.sh --wheels`` installs from them. Checked: the install
runs to the end, the service starts and answers on its port, the unit verifies cleanly in
the real system, a hung main loop (SIGSTOP) is killed by the watchdog and restarted, an
upgrade keeps the configuration, ``--uninstall`` removes the appliance and keeps the data.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CACHE = Path(os.environ.get("DEALER_APP_TEST_CACHE", "/var/cache/dealer-app-tests"))
MIRROR = "http://deb.debian.org/debian"
#: What a stock Raspberry Pi OS Lite already has that a minbase debootstrap lacks.
ROOT_PACKAGES = ["systemd", "systemd-sysv", "dbus", "python3", "python3-venv", "ca-certificates", "procps"]
CONTAINER_ENV = ["env", "-i", "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "LANG=C.UTF-8"]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.geteuid() != 0, reason="debootstrap and systemd-nspawn need root"),
    pytest.mark.skipif(
        not all(shutil.which(t) for t in ("debootstrap", "systemd-nspawn", "nsenter")),
        reason="needs debootstrap, systemd-nspawn (systemd-container) and nsenter",
    ),
]


def run(cmd: list[str], timeout: float = 600, check: bool = True, **kwargs) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kwargs)
    if check and result.returncode != 0:
        raise AssertionError(f"{cmd} exited {result.returncode}:\n{result.stdout}\n{result.stderr}")
    return result


def bookworm_tarball(arch: str = "amd64") -> Path:
    """A minbase Bookworm root with systemd and python3, made once and cached."""
    key = hashlib.sha256(" ".join(["bookworm", MIRROR, *ROOT_PACKAGES]).encode()).hexdigest()[:12]
    tarball = CACHE / f"bookworm-{arch}-{key}.tar"
    if tarball.exists():
        return tarball
    CACHE.mkdir(parents=True, exist_ok=True)
    build = CACHE / f"build-{key}-{os.getpid()}"
    try:
        run(["debootstrap", f"--arch={arch}", "--variant=minbase", f"--include={','.join(ROOT_PACKAGES)}",
             "bookworm", str(build), MIRROR], timeout=1800)
        (build / "etc/hostname").write_text("dealer-pi\n")
        partial = tarball.with_suffix(".partial")
        run(["tar", "-C", str(build), "-cf", str(partial), "."])
        partial.rename(tarball)
    finally:
        shutil.rmtree(build, ignore_errors=True)
    return tarball


def source_tree(target: Path) -> Path:
    """The repository's tracked files as they are in the working tree."""
    files = run(["git", "ls-files", "-z"], cwd=REPO).stdout.split("\0")
    for name in filter(None, files):
        source = REPO / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def wheels(source: Path, target: Path, platform: str | None = None) -> Path:
    """dealer-app and every dependency as wheels, with the Pi's numpy/OpenCV pins; for
    another ``platform`` (``manylinux2014_aarch64``) the binary wheels are downloaded."""
    constraints = ["-c", str(source / "firmware/pi-constraints.txt")]
    pip = [sys.executable, "-m", "pip"]
    if platform is None:
        run([*pip, "wheel", "-q", "--wheel-dir", str(target), *constraints, str(source), "numpy", "opencv-python-headless"],
            timeout=900)
        return target
    run([*pip, "wheel", "-q", "--no-deps", "--wheel-dir", str(target), str(source)], timeout=900)
    (own,) = target.glob("dealer_app-*.whl")
    run([*pip, "download", "-q", "--dest", str(target), "--only-binary=:all:", "--platform", platform,
         "--python-version", "3.11", "--implementation", "cp", "--abi", "cp311", *constraints,
         str(own), "numpy", "opencv-python-headless"], timeout=900)
    return target


class Container:
    """A booted systemd-nspawn container; commands run inside through nsenter."""

    def __init__(self, root: Path, binds: dict[Path, str], log: Path) -> None:
        self.log = log.open("w")
        args = ["systemd-nspawn", "-q", "-D", str(root), "-b", "--register=no", "--keep-unit",
                "--private-network", f"--machine=dealer-test-{os.getpid()}"]
        args += [f"--bind-ro={host}:{inside}" for host, inside in binds.items()]
        self.process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=self.log, stderr=subprocess.STDOUT)
        self.leader = 0
        try:
            self.leader = self._find_leader()
            deadline = time.monotonic() + 300
            state = ""
            while state not in ("running", "degraded"):  # empty while systemd's socket is not up
                assert time.monotonic() < deadline, f"the container did not boot: {state!r}"
                time.sleep(1)
                state = self.sh("systemctl is-system-running", check=False, timeout=60).stdout.strip()
        except BaseException:
            self.stop()
            raise

    def _find_leader(self) -> int:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.process.poll() is None, "systemd-nspawn exited: see its log"
            for entry in Path("/proc").iterdir():
                if not entry.name.isdigit():
                    continue
                try:
                    stat = (entry / "stat").read_text()
                except OSError:
                    continue
                comm = stat[stat.index("(") + 1 : stat.rindex(")")]
                ppid = int(stat[stat.rindex(")") + 2 :].split()[1])
                if ppid == self.process.pid and comm == "systemd":
                    return int(entry.name)
            time.sleep(0.2)
        raise AssertionError("the container's systemd did not start")

    def sh(self, command: str, check: bool = True, timeout: float = 600) -> subprocess.CompletedProcess[str]:
        return run(["nsenter", "-t", str(self.leader), "-a", *CONTAINER_ENV, "/bin/bash", "-c", command],
                   timeout=timeout, check=check)

    def unit(self, *properties: str) -> dict[str, str]:
        out = self.sh("systemctl show dealer-app.service " + " ".join(f"-p {p}" for p in properties)).stdout
        return dict(line.split("=", 1) for line in out.splitlines() if "=" in line)

    def http_json(self, path: str, timeout: float = 120) -> dict:
        """GET from the service inside the container, retrying until it answers."""
        script = (
            "import json, sys, time, urllib.request\n"
            f"deadline = time.time() + {timeout}\n"
            "while True:\n"
            "    try:\n"
            f"        print(urllib.request.urlopen('http://127.0.0.1:8000{path}', timeout=5).read().decode()); break\n"
            "    except OSError as exc:\n"
            "        if time.time() > deadline: sys.exit(f'no answer: {exc}')\n"
            "        time.sleep(0.5)\n"
        )
        return json.loads(self.sh(f"python3 -c \"{script}\"", timeout=timeout + 30).stdout)

    def stop(self) -> None:
        if self.process.poll() is None:
            if self.leader:
                self.sh("systemctl poweroff", check=False, timeout=30)
            else:
                self.process.terminate()
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=30)
        self.log.close()


@pytest.fixture
def workdir() -> Iterator[Path]:
    """A scratch folder outside pytest's temporary folders, which a concurrent pytest run may
    prune while a container still runs from it."""
    path = Path(tempfile.mkdtemp(prefix="dealer-app-nspawn-", dir="/var/tmp"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="module")
def container() -> Iterator[Container]:
    work = Path(tempfile.mkdtemp(prefix="dealer-app-nspawn-", dir="/var/tmp"))
    try:
        source = source_tree(work / "src")
        wheel_dir = wheels(source, work / "wheels")
        root = work / "root"
        root.mkdir()
        run(["tar", "-C", str(root), "-xf", str(bookworm_tarball())])
        box = Container(root, {source: "/root/dealer-app", wheel_dir: "/root/wheels"}, work / "boot.log")
        try:
            yield box
        finally:
            box.stop()
    finally:
        shutil.rmtree(work, ignore_errors=True)


def wait_until(predicate, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(1)


def test_install_runs_to_the_end_and_the_service_answers(container: Container) -> None:
    result = container.sh("bash /root/dealer-app/firmware/install.sh --wheels /root/wheels", timeout=900)
    assert "install.sh: done: the scoreboard is on port 8000 of this Pi" in result.stdout
    assert container.unit("ActiveState", "Type", "User")  == {"ActiveState": "active", "Type": "notify", "User": "dealer-app"}
    status = container.http_json("/appliance/status")
    parts = status["parts"]
    assert (parts["table"]["state"], parts["web"]["state"]) == ("ok", "ok")
    assert parts["panel"]["code"] == "panel_simulated"  # no GPIO in a container: the console works
    assert parts["camera"]["code"] == "camera_failed"  # no Pi camera: manual card entry
    assert "Picamera2 is not installed" in parts["camera"]["text"]
    assert container.unit("StatusText")["StatusText"].startswith("table ok; web ok; panel off:")
    versions = container.sh("/opt/dealer-app/venv/bin/python -c 'import numpy, cv2; print(numpy.__version__, cv2.__version__)'")
    assert versions.stdout.split() == ["1.24.2", "4.10.0"]
    verify = container.sh("systemd-analyze verify /etc/systemd/system/dealer-app.service 2>&1", check=False)
    assert (verify.returncode, verify.stdout) == (0, "")
    assert container.sh("stat -c '%U %a' /var/lib/dealer-app /etc/dealer-app/dealer-app.toml").stdout.split("\n")[:2] == [
        "dealer-app 750", "root 640",
    ]


def test_watchdog_restarts_a_hung_service(container: Container) -> None:
    before = container.unit("MainPID", "NRestarts", "ActiveState")
    assert before["ActiveState"] == "active" and before["MainPID"] != "0", before
    container.sh(f"kill -STOP {before['MainPID']}")
    wait_until(
        lambda: container.unit("NRestarts")["NRestarts"] != before["NRestarts"],
        timeout=120, what="the watchdog restart",
    )
    wait_until(lambda: container.unit("ActiveState")["ActiveState"] == "active", timeout=120, what="the restarted service")
    after = container.unit("MainPID", "NRestarts")
    assert int(after["NRestarts"]) == int(before["NRestarts"]) + 1
    assert after["MainPID"] != before["MainPID"]
    journal = container.sh("journalctl -u dealer-app.service --no-pager").stdout
    assert "Watchdog timeout" in journal
    assert container.http_json("/appliance/status")["parts"]["table"]["state"] == "ok"


def test_upgrade_keeps_the_configuration(container: Container) -> None:
    container.sh("sed -i 's/^name = \"Table 1\"/name = \"Table 7\"/' /etc/dealer-app/dealer-app.toml")
    result = container.sh("bash /root/dealer-app/firmware/install.sh --wheels /root/wheels", timeout=900)
    assert "install.sh: keeping /etc/dealer-app/dealer-app.toml" in result.stdout
    assert container.unit("ActiveState")["ActiveState"] == "active"
    text = container.http_json("/appliance/status")["parts"]["table"]["text"]
    assert text.startswith("Table 7: ")


def test_uninstall_removes_the_appliance_and_keeps_the_data(container: Container) -> None:
    result = container.sh("bash /root/dealer-app/firmware/install.sh --uninstall")
    assert result.stdout.strip().endswith(
        "install.sh: removed dealer-app; kept the event log in /var/lib/dealer-app and the configuration in /etc/dealer-app"
    )
    gone = container.sh(
        "test ! -e /opt/dealer-app && test ! -e /etc/systemd/system/dealer-app.service && ! id dealer-app && echo gone",
        check=False,
    )
    assert gone.stdout.strip() == "gone"
    kept = container.sh("ls /var/lib/dealer-app /etc/dealer-app").stdout.split()
    assert "events.sqlite3" in kept and "dealer-app.toml" in kept


# -- the Pi's architecture, emulated ------------------------------------------------------

QEMU_AARCH64 = Path("/proc/sys/fs/binfmt_misc/qemu-aarch64")


def aarch64_emulation() -> bool:
    """qemu-user-static registered for aarch64 with the F flag (usable inside a container)."""
    try:
        text = QEMU_AARCH64.read_text()
    except OSError:
        return False
    flags = next((line.split(":", 1)[1] for line in text.splitlines() if line.startswith("flags:")), "")
    return text.startswith("enabled") and "F" in flags


@pytest.mark.skipif(not aarch64_emulation(), reason="qemu-user-static is not registered for aarch64 (binfmt_misc)")
def test_arm64_root_installs_and_serves_under_emulation(workdir: Path) -> None:
    """The same install on an arm64 Bookworm root (the Pi's architecture) with the aarch64
    wheels of the Pi's numpy and OpenCV, run through qemu: a smoke test of the package set."""
    source = source_tree(workdir / "src")
    wheel_dir = wheels(source, workdir / "wheels", platform="manylinux2014_aarch64")
    root = workdir / "root"
    root.mkdir()
    run(["tar", "-C", str(root), "-xf", str(bookworm_tarball("arm64"))])
    # Emulated, Python starts ~10x slower than on a Pi: give the first start more time.
    dropin = root / "etc/systemd/system/dealer-app.service.d"
    dropin.mkdir(parents=True)
    (dropin / "emulation.conf").write_text("[Service]\nTimeoutStartSec=900\nWatchdogSec=120\n")
    box = Container(root, {source: "/root/dealer-app", wheel_dir: "/root/wheels"}, workdir / "boot.log")
    try:
        assert box.sh("uname -m").stdout.strip() == "aarch64"
        result = box.sh("bash /root/dealer-app/firmware/install.sh --wheels /root/wheels", timeout=1800)
        assert "install.sh: done: the scoreboard is on port 8000 of this Pi" in result.stdout
        parts = box.http_json("/appliance/status", timeout=600)["parts"]
        assert (parts["table"]["state"], parts["web"]["state"]) == ("ok", "ok")
        versions = box.sh("/opt/dealer-app/venv/bin/python -c 'import numpy, cv2; print(numpy.__version__, cv2.__version__)'")
        assert versions.stdout.split() == ["1.24.2", "4.10.0"]
    finally:
        box.stop()
        shutil.rmtree(root, ignore_errors=True)
