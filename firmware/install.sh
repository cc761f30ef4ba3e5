#!/usr/bin/env bash
# Turn a stock Raspberry Pi OS (Bookworm, 64-bit) into the dealer-app appliance.
#
#   sudo bash firmware/install.sh [--kiosk] [--wheels DIR]   install, or upgrade in place
#   sudo bash firmware/install.sh --uninstall                remove it; keeps the data and config
#
# Installs the apt packages, the service user, a venv with the system site packages and the
# Pi's numpy/OpenCV pins (pi-constraints.txt), dealer-app itself, the configuration
# (/etc/dealer-app/dealer-app.toml, never overwritten), the data directory
# (/var/lib/dealer-app) and the systemd unit; with --kiosk also the HDMI scoreboard.
# --wheels DIR installs from a folder of wheels (dealer-app's own included) without PyPI.
set -euo pipefail

APP_USER=dealer-app
KIOSK_USER=dealer-kiosk
PREFIX=/opt/dealer-app
VENV=$PREFIX/venv
CONFIG_DIR=/etc/dealer-app
CONFIG=$CONFIG_DIR/dealer-app.toml
DATA_DIR=/var/lib/dealer-app
KIOSK_HOME=/var/lib/dealer-kiosk
UNIT_DIR=/etc/systemd/system
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SOURCE=$(dirname "$HERE")

ACTION=install
KIOSK=no
WHEELS=""

log() { printf 'install.sh: %s\n' "$*"; }
die() { printf 'install.sh: error: %s\n' "$*" >&2; exit 1; }

usage() {
  sed -n '2,11p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

while [ $# -gt 0 ]; do
  case "$1" in
    --uninstall) ACTION=uninstall ;;
    --kiosk) KIOSK=yes ;;
    --wheels)
      [ $# -ge 2 ] || die "--wheels needs a folder"
      WHEELS=$(cd "$2" && pwd) || die "--wheels: no such folder: $2"
      shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown option: $1" ;;
  esac
  shift
done

[ "$(id -u)" -eq 0 ] || die "run as root: sudo bash $0"
if [ "$(findmnt -n -o FSTYPE / 2>/dev/null)" = overlay ] && [ -e /boot/firmware/cmdline.txt ]; then
  die "the root file system is the read-only overlay: turn it off (sudo raspi-config nonint do_overlayfs 1), reboot, run this again"
fi

is_pi() { grep -qas "Raspberry Pi" /proc/device-tree/model; }
systemd_running() { [ -d /run/systemd/system ]; }
have_group() { getent group "$1" >/dev/null; }

apt_install() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "apt: installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

add_to_existing_groups() {
  local user=$1 group
  shift
  for group in "$@"; do
    if have_group "$group"; then usermod -a -G "$group" "$user"; fi
  done
}

install_packages() {
  local packages=(python3 python3-venv ca-certificates)
  if is_pi; then
    # picamera2 and lgpio come from the Raspberry Pi archive, built for its numpy 1.24.2.
    packages+=(python3-picamera2 python3-lgpio python3-numpy)
  fi
  if [ "$KIOSK" = yes ]; then
    packages+=(cage fonts-dejavu-core)
    if apt-cache show chromium-browser >/dev/null 2>&1; then
      packages+=(chromium-browser)
    else
      packages+=(chromium)
    fi
  fi
  apt_install "${packages[@]}"
}

create_user() {
  if ! id -u "$APP_USER" >/dev/null 2>&1; then
    log "creating the service user $APP_USER"
    useradd --system --user-group --home-dir "$DATA_DIR" --no-create-home \
      --shell /usr/sbin/nologin "$APP_USER"
  fi
  # GPIO chip, camera, I2C display: the groups Raspberry Pi OS gives these devices.
  add_to_existing_groups "$APP_USER" gpio video i2c render
  if is_pi && command -v raspi-config >/dev/null 2>&1; then
    raspi-config nonint do_i2c 0  # the optional panel display; the camera is auto-detected
  fi
}

install_venv() {
  mkdir -p "$PREFIX"
  if [ ! -x "$VENV/bin/python" ]; then
    log "creating $VENV (with the system site packages, for picamera2 and lgpio)"
    python3 -m venv --system-site-packages "$VENV"
  fi
  local pip=("$VENV/bin/python" -m pip install --quiet --disable-pip-version-check)
  local target="$SOURCE"
  if [ -n "$WHEELS" ]; then
    pip+=(--no-index --find-links "$WHEELS")
    target=dealer-app
  fi
  log "installing the Pi package set and dealer-app into $VENV"
  "${pip[@]}" --upgrade -c "$HERE/pi-constraints.txt" numpy opencv-python-headless "$target"
  # Same version number on an upgrade from a newer checkout: replace dealer-app itself.
  "${pip[@]}" --force-reinstall --no-deps "$target"
  install -m 0755 "$HERE/kiosk-browser" "$PREFIX/kiosk-browser"
}

install_config() {
  mkdir -p "$CONFIG_DIR"
  if [ ! -e "$CONFIG" ]; then
    "$VENV/bin/dealer-app" config init --out "$CONFIG"
  else
    log "keeping $CONFIG"
  fi
  chown root:"$APP_USER" "$CONFIG_DIR" "$CONFIG"
  chmod 0750 "$CONFIG_DIR"
  chmod 0640 "$CONFIG"
  "$VENV/bin/dealer-app" config check --config "$CONFIG" || die "fix $CONFIG, then run this again"
  mkdir -p "$DATA_DIR"
  chown -R "$APP_USER:$APP_USER" "$DATA_DIR"
  chmod 0750 "$DATA_DIR"
}

install_kiosk() {
  if ! id -u "$KIOSK_USER" >/dev/null 2>&1; then
    log "creating the kiosk user $KIOSK_USER"
    useradd --system --user-group --home-dir "$KIOSK_HOME" --create-home \
      --shell /usr/sbin/nologin "$KIOSK_USER"
  fi
  add_to_existing_groups "$KIOSK_USER" video render input tty
  install -m 0644 "$HERE/systemd/dealer-app-kiosk.service" "$UNIT_DIR/dealer-app-kiosk.service"
  systemctl enable dealer-app-kiosk.service
  systemctl set-default graphical.target
}

install_units() {
  install -m 0644 "$HERE/systemd/dealer-app.service" "$UNIT_DIR/dealer-app.service"
  if [ "$KIOSK" = yes ]; then install_kiosk; fi
  if systemd_running; then
    systemctl daemon-reload
    systemctl enable dealer-app.service
    log "starting dealer-app.service"
    systemctl restart dealer-app.service
    if [ "$KIOSK" = yes ]; then systemctl restart dealer-app-kiosk.service || true; fi
  else
    systemctl enable dealer-app.service
    log "systemd is not running here: dealer-app.service starts at the next boot"
  fi
}

uninstall() {
  local unit
  for unit in dealer-app-kiosk.service dealer-app.service; do
    if systemd_running; then systemctl disable --now "$unit" 2>/dev/null || true
    else systemctl disable "$unit" 2>/dev/null || true
    fi
    rm -f "$UNIT_DIR/$unit"
  done
  if systemd_running; then systemctl daemon-reload; fi
  rm -rf "$PREFIX"
  if id -u "$KIOSK_USER" >/dev/null 2>&1; then userdel --remove "$KIOSK_USER" 2>/dev/null || true; fi
  if id -u "$APP_USER" >/dev/null 2>&1; then userdel "$APP_USER"; fi
  log "removed dealer-app; kept the event log in $DATA_DIR and the configuration in $CONFIG_DIR"
}

if [ "$ACTION" = uninstall ]; then
  uninstall
  exit 0
fi
install_packages
create_user
install_venv
install_config
install_units
log "done: the scoreboard is on port $(sed -n 's/^port *= *\([0-9][0-9]*\).*/\1/p' "$CONFIG" | head -n 1) of this Pi"
