#!/usr/bin/env bash
# Install the Debian 12 packages Infraplan needs to build, test and run, if any are missing.
#   scripts/deps.sh          what the build, the tests and the program need
#   scripts/deps.sh --fuzz   also clang 14 and its libFuzzer/sanitizer runtimes (scripts/fuzz.sh)
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev libqt6opengl6-dev
  libgl-dev libxkbcommon-dev fonts-dejavu-core
  libeigen3-dev nlohmann-json3-dev libsqlite3-dev libcli11-dev libbenchmark-dev
  # the package and its test (tests/packaging): dpkg-shlibdeps, the desktop-entry and
  # AppStream validators, the MIME database compiler, man
  dpkg-dev desktop-file-utils appstream shared-mime-info man-db
  # a faster linker for the test programs (CMake falls back to the default one without it)
  lld
)
[ "${1:-}" = "--fuzz" ] && packages+=(clang-14 libclang-rt-14-dev)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing missing packages: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "Run as root or install sudo: missing ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
