#!/usr/bin/env bash
# Takes the AppStream screenshots (resources/screenshots/*.png, listed in the metainfo) from the
# built planner under Xvfb at 1280x800, each once its design's first evaluation has landed.
#   installers/take_screenshots.sh [BUILD_DIR]     (needs xvfb: apt-get install xvfb xauth)
set -euo pipefail
cd "$(dirname "$0")/.."
app=${1:-build}/app/infraplan
out=resources/screenshots
command -v xvfb-run >/dev/null || { echo "xvfb-run is missing: apt-get install xvfb xauth" >&2; exit 1; }
[ -x "$app" ] || { echo "no $app: build first" >&2; exit 1; }
mkdir -p "$out"
settings=$(mktemp -d)  # default window layout, no recent files, no recovery offer
trap 'rm -rf "$settings"' EXIT
shoot() {
  XDG_CONFIG_HOME=$settings XDG_DATA_HOME=$settings XDG_CACHE_HOME=$settings \
    xvfb-run -a -s "-screen 0 1280x800x24" "$app" -geometry 1280x800+0+0 --screenshot "$out/$1.png" "$2"
  echo "$out/$1.png"
}
shoot training resources/examples/dgx-h100-training.json
shoot inference resources/examples/llama3-70b-inference.json
shoot hand-drawn resources/examples/hand-drawn-cxl.json
