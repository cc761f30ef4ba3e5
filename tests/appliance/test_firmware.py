"""The firmware files: systemd units verified and scored by systemd itself, scripts by shellcheck."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"
UNITS = sorted((FIRMWARE / "systemd").glob("*.service"))
SCRIPTS = [FIRMWARE / "install.sh", FIRMWARE / "kiosk-browser"]
#: Executables the units start, made as stand-ins inside the fake root the units are verified in.
EXECUTABLES = ["opt/dealer-app/venv/bin/dealer-app", "opt/dealer-app/kiosk-browser", "usr/bin/cage"]

needs_systemd = pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed")


def unit_root(tmp_path: Path, unit_text: dict[str, str] | None = None) -> Path:
    """A file-system root with the system's own units, ours and the executables they start."""
    root = tmp_path / "root"
    shutil.copytree("/usr/lib/systemd/system", root / "usr/lib/systemd/system", symlinks=True)
    target = root / "etc/systemd/system"
    target.mkdir(parents=True)
    for unit in UNITS:
        text = (unit_text or {}).get(unit.name, unit.read_text())
        (target / unit.name).write_text(text)
    for executable in EXECUTABLES:
        path = root / executable
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("#!/bin/sh\n")
        path.chmod(0o755)
    return root


def analyze(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["systemd-analyze", *args], capture_output=True, text=True, timeout=60)


def test_units_and_scripts_are_present() -> None:
    assert [u.name for u in UNITS] == ["dealer-app-kiosk.service", "dealer-app.service"]
    assert all(script.stat().st_mode & 0o111 for script in SCRIPTS)


@needs_systemd
@pytest.mark.parametrize("unit", [u.name for u in UNITS])
def test_unit_passes_systemd_analyze_verify_with_no_output(unit: str, tmp_path: Path) -> None:
    root = unit_root(tmp_path)
    result = analyze("verify", f"--root={root}", f"/etc/systemd/system/{unit}")
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


@needs_systemd
def test_verify_check_catches_a_misspelt_key(tmp_path: Path) -> None:
    """systemd-analyze verify exits 0 on unknown keys: only its output shows them (platform.md)."""
    text = (FIRMWARE / "systemd/dealer-app.service").read_text().replace("WatchdogSec=", "WatchDogSec=")
    root = unit_root(tmp_path, {"dealer-app.service": text})
    result = analyze("verify", f"--root={root}", "/etc/systemd/system/dealer-app.service")
    assert "Unknown key 'WatchDogSec' in section [Service], ignoring." in result.stderr


def exposure(unit: str, tmp_path: Path) -> float:
    root = unit_root(tmp_path)
    result = analyze("security", "--offline=yes", f"--root={root}", f"/etc/systemd/system/{unit}")
    match = re.search(rf"Overall exposure level for {re.escape(unit)}: (\d+\.\d)", result.stdout)
    assert match, result.stdout + result.stderr
    return float(match.group(1))


@needs_systemd
def test_service_security_exposure_is_ok(tmp_path: Path) -> None:
    """systemd scores 0 (locked down) to 10 (exposed); 'OK' is below 5. Ours measured 1.7."""
    assert exposure("dealer-app.service", tmp_path) <= 2.0


@needs_systemd
def test_kiosk_security_exposure_is_ok(tmp_path: Path) -> None:
    """A compositor plus a browser needs more (screen, input, Chromium's sandbox); measured 4.2."""
    assert exposure("dealer-app-kiosk.service", tmp_path) <= 4.5


def unit_settings(name: str) -> dict[str, list[str]]:
    settings: dict[str, list[str]] = {}
    for line in (FIRMWARE / "systemd" / name).read_text().splitlines():
        if "=" in line and not line.startswith("#"):
            key, value = line.split("=", 1)
            settings.setdefault(key, []).append(value)
    return settings


def test_service_is_notify_with_watchdog_restart_and_device_access() -> None:
    s = unit_settings("dealer-app.service")
    assert s["Type"] == ["notify"] and s["NotifyAccess"] == ["main"]
    assert s["WatchdogSec"] == ["15s"] and s["Restart"] == ["on-failure"]
    assert s["WorkingDirectory"] == ["/var/lib/dealer-app"] and s["StateDirectory"] == ["dealer-app"]
    assert s["DevicePolicy"] == ["closed"]
    assert {"char-gpiochip rw", "char-video4linux rw", "char-media rw"} <= set(s["DeviceAllow"])
    assert s["ExecStart"] == ["/opt/dealer-app/venv/bin/dealer-app run --config /etc/dealer-app/dealer-app.toml"]


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck not installed")
@pytest.mark.parametrize("script", SCRIPTS + sorted((FIRMWARE.parent / "scripts").glob("*.sh")), ids=lambda p: p.name)
def test_script_passes_shellcheck(script: Path) -> None:
    result = subprocess.run(["shellcheck", str(script)], capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stdout) == (0, "")


def test_install_sh_refuses_unknown_options_and_shows_usage() -> None:
    result = subprocess.run(["bash", str(FIRMWARE / "install.sh"), "--frobnicate"], capture_output=True, text=True, timeout=30)
    assert result.returncode == 1
    assert result.stderr.splitlines()[-1] == "install.sh: error: unknown option: --frobnicate"
    assert "sudo bash firmware/install.sh --uninstall" in result.stderr


def test_pi_constraints_are_the_picamera2_compatible_pins() -> None:
    pins = [
        line.strip()
        for line in (FIRMWARE / "pi-constraints.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert pins == ["numpy==1.24.2", "opencv-python-headless==4.10.0.84"]


def test_kiosk_browser_opens_the_tv_scoreboard_on_the_configured_port(tmp_path: Path) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "chromium"
    fake.write_text('#!/bin/sh\nprintf "%s\\n" "$@"\n')
    fake.chmod(0o755)
    config = tmp_path / "dealer-app.toml"
    config.write_text("[table]\nname = 'T'\n[web]\nhost = \"0.0.0.0\"\nport = 8123\n")
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "DEALER_APP_CONFIG": str(config)}
    result = subprocess.run([str(FIRMWARE / "kiosk-browser")], capture_output=True, text=True, env=env, timeout=30)
    assert result.returncode == 0, result.stderr
    args = result.stdout.splitlines()
    assert args[0] == "--kiosk" and args[-1] == "http://127.0.0.1:8123/?layout=tv"
    config.unlink()  # no configuration yet: the default port
    result = subprocess.run([str(FIRMWARE / "kiosk-browser")], capture_output=True, text=True, env=env, timeout=30)
    assert result.stdout.splitlines()[-1] == "http://127.0.0.1:8000/?layout=tv"


def test_kiosk_browser_without_chromium_says_what_to_install(tmp_path: Path) -> None:
    for tool in ("sed", "head"):  # what the script needs, without this machine's chromium
        (tmp_path / tool).symlink_to(shutil.which(tool))
    env = {"PATH": str(tmp_path), "DEALER_APP_CONFIG": str(tmp_path / "none.toml")}
    result = subprocess.run(["/bin/sh", str(FIRMWARE / "kiosk-browser")], capture_output=True, text=True, env=env, timeout=30)
    assert result.returncode == 1
    assert result.stderr == "kiosk-browser: no chromium found (install chromium-browser or chromium)\n"
