#!/usr/bin/env bash
# Install dealer-app into ./.venv (see install-dev.sh) and run the demo table.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-dev.sh
exec .venv/bin/dealer-app demo "$@"
