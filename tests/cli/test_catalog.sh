#!/bin/sh
# The sight catalog of every table and scenario in maps/ must match the
# copy kept in tests/golden/catalog. A difference means the sight rules or
# a map changed: look at the diff, and if it is meant, regenerate with
#   for f in maps/*.tmj maps/*.json; do sightline catalog $f > tests/golden/catalog/${f#maps/}.txt; done
set -u
SL="$1"
fails=0
for f in maps/*.tmj maps/*.json; do
    want="tests/golden/catalog/${f#maps/}.txt"
    if [ ! -f "$want" ]; then
        echo "FAIL: no catalog kept for $f ($want)"
        fails=$((fails + 1))
        continue
    fi
    if [ "${SL_UPDATE:-}" = 1 ] && ! "$SL" catalog "$f" | cmp -s - "$want"; then
        "$SL" catalog "$f" >"$want" && echo "updated: $want"
    fi
    if ! "$SL" catalog "$f" | diff -u "$want" - > /tmp/sightline-catalog.diff; then
        echo "FAIL: the catalog of $f changed:"
        head -40 /tmp/sightline-catalog.diff
        fails=$((fails + 1))
    fi
done
[ "$fails" -eq 0 ] && echo "catalogs match"
exit "$fails"
