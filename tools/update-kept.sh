#!/bin/sh
# Rewrites every kept output that a test compares byte for byte, on purpose
# (after a deliberate change of rules or wording): the kept replays' plays
# and the sides' readings (tests/replays/*.out, battle.journal), the sight
# catalogs (tests/golden/catalog) and the golden images (tests/golden), an
# image only when it moved more than 5,120 pixels. It prints each file it
# rewrote; read `git diff` (and look at each image)
# before committing, and say in the commit why each one moved.
set -eu
cd "$(dirname "$0")/.."
cmake -S . -B build/test -DCMAKE_BUILD_TYPE=Debug -DSL_SANITIZE=ON -DSL_WERROR=ON >/dev/null
cmake --build build/test -j "$(nproc)" >/dev/null
SL=build/test/sightline
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy ASAN_OPTIONS=detect_leaks=0
for t in cli fog ambush recovery catalog; do
    SL_UPDATE=1 sh "tests/cli/test_$t.sh" "$SL" | grep -E '^(updated|FAIL)' || true
done
build/test/tests/test_render --update >/dev/null 2>&1 || true
# A golden image is kept rewritten only when it really changed: more than
# 5,120 pixels apart from the committed one (ImageMagick's compare); the
# rest, text drawn a pixel apart, are put back.
if command -v compare >/dev/null; then
    tmp=$(mktemp)
    for f in $(git diff --name-only -- tests/golden | grep '\.png$'); do
        git show "HEAD:$f" >"$tmp" 2>/dev/null || continue
        n=$(compare -metric AE "$tmp" "$f" null: 2>&1 || true)
        n=${n%% *}
        case "$n" in
        '' | *[!0-9]*) ;; # sizes differ, or no figure: keep it for a look
        *) [ "$n" -gt 5120 ] || git checkout -q -- "$f" ;;
        esac
    done
    rm -f "$tmp"
fi
git status --short tests/replays tests/golden
