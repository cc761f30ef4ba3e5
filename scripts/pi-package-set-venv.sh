#!/usr/bin/env bash
# Make ./.venv-pi: dealer-app with its test extra on the Raspberry Pi OS Bookworm package set
# (numpy 1.24.2, opencv-python-headless 4.10.0.84: firmware/pi-constraints.txt), so the test
# suite can run on the versions the appliance really has as well as on the newest ones.
# Run scripts/install-dev.sh first (apt packages). Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
[ -x .venv-pi/bin/python ] || "$PYTHON" -m venv .venv-pi
.venv-pi/bin/python -m pip install -q --upgrade pip
.venv-pi/bin/python -m pip install -q -c firmware/pi-constraints.txt -e '.[test]' numpy opencv-python-headless
.venv-pi/bin/python - <<'PY'
import cv2
import numpy

assert numpy.__version__ == "1.24.2", numpy.__version__
assert cv2.__version__.startswith("4.10.0"), cv2.__version__
print(f"Pi package set: numpy {numpy.__version__}, OpenCV {cv2.__version__}")
PY
