#!/usr/bin/env bash
# Build Infraplan and open the planner on an example design with the built-in catalog.
#   scripts/run.sh [DESIGN.json]
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build --parallel "$(nproc 2>/dev/null || echo 2)"

design="${1:-resources/examples/dgx-h100-training.json}"
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
  echo "No display found (DISPLAY and WAYLAND_DISPLAY are unset), so the window cannot open."
  echo "The same design from the command line:"
  echo "  build/app/infraplan-cli evaluate $design"
  echo
  exec build/app/infraplan-cli evaluate "$design"
fi
exec build/app/infraplan "$design"
