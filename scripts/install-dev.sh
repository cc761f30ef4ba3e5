#!/usr/bin/env bash
# Install what dealer-app and its tests need on a Debian / Raspberry Pi OS machine
# (not the appliance install: that is firmware/install.sh). Safe to run again.
# Creates ./.venv with dealer-app installed editable with its test extra.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

APT_PACKAGES=(
  python3-venv python3-dev
  mosquitto            # multi-table tests start their own broker
  chromium chromium-driver  # page tests (Playwright drives Debian's Chromium)
  librsvg2-bin         # renders card artwork for the vision fixtures
  gnome-cards-data     # AisleRiot card themes: unseen designs for vision tests (rendered at test time)
  fonts-dejavu-core fonts-liberation  # font decks: the index network's training data (vision/index_data.py)
  shellcheck           # firmware script checks
  systemd-container debootstrap  # appliance install test
  qemu-user-static binfmt-support  # the same install test on an arm64 root, emulated
)
missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi
# The broker is started by the tests themselves, never as a system service.
if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet mosquitto 2>/dev/null; then
  $SUDO systemctl disable --now mosquitto || true
fi

PYTHON=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[test]'
