#!/bin/sh
# Set up, build (Release) and open sightline on the default scenario.
#   ./tools/run.sh               the default scenario (maps/default.json)
#   ./tools/run.sh maps/town.json   any scenario or Tiled map
# (sightline with no file opens its start screen instead: Ctrl+O in the window)
set -eu
cd "$(dirname "$0")/.."
SL_EXTRA_PACKAGES=""
. tools/deps.sh
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release
cmake --build build/release -j "$(nproc)"
if [ $# -eq 0 ]; then
    set -- maps/default.json
fi
exec build/release/sightline "$@"
