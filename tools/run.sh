#!/bin/sh
# Set up, build (Release) and open sightline on the default scenario.
#   ./tools/run.sh               the default scenario (maps/default.json)
#   ./tools/run.sh maps/town.json   any scenario or Tiled map
set -eu
cd "$(dirname "$0")/.."
SL_EXTRA_PACKAGES=""
. tools/deps.sh
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release
cmake --build build/release -j "$(nproc)"
exec build/release/sightline "$@"
