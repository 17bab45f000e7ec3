#!/bin/sh
# Ambushes (seeds 000, 003) from outside, on maps/ambush.json: the complex
# ambush sprung at the ambusher's point and sprung too early, each played
# with its dice as kept; a simple ambush; the refusals a player meets.
# usage: test_ambush.sh path/to/sightline
set -u
SL="$1"
. "$(dirname "$0")/lib.sh"

for ex in sprung early; do
    replay_kept "$SL" maps/ambush.json "ambush-$ex"
done
grep -q 'ESU Ambush HQ (leadership 1) makes no test' "$tmp/ambush-sprung.out" || fail "the leadership 1 HQ tested"
grep -q 'sprung by the ambusher where he chose' "$tmp/ambush-sprung.out" || fail "not sprung at the ambusher's point"
grep -q 'past the point the ambusher chose' "$tmp/ambush-early.out" || fail "the early move did not pass the point"
# the journal: roll events named ambush and ambush-move, the sprung state
"$SL" run maps/ambush.json --script tests/replays/ambush-early.txt --dice tests/replays/ambush-early.dice --json \
    2>/dev/null >"$tmp/early.json"
grep -q '"test":"ambush"' "$tmp/early.json" || fail "no ambush roll event"
grep -q '"test":"ambush-move"' "$tmp/early.json" || fail "no ambush-move roll event"
grep -q '"what":"sprung","first":"esu"' "$tmp/early.json" || fail "no sprung state naming who goes first"
# the column is written in secret: the ambusher's reading leaves out what
"$SL" run maps/ambush.json --script tests/replays/ambush-sprung.txt --dice tests/replays/ambush-sprung.dice \
    --view esu 2>/dev/null >"$tmp/esu.out"
grep -q 'column (written in secret)' "$tmp/esu.out" || fail "the ambusher reads the column's order before it is shown"

# a simple ambush: spring at once, the ambusher first
sed 's/"ambush": "complex"/"ambush": "simple"/' maps/ambush.json >maps/.ambush-simple.json
grep -v '^#' tests/replays/ambush-sprung.txt | head -7 >"$tmp/s.txt"
echo 'spring 10,17.5' >>"$tmp/s.txt"
expect 1 "s.txt:[0-9]*: error: .*the column is 20.3\" long" -- "$SL" run maps/.ambush-simple.json --script "$tmp/s.txt"
sed -i 's/^spring .*/spring 30,17.5/' "$tmp/s.txt"
"$SL" run maps/.ambush-simple.json --script "$tmp/s.txt" >"$tmp/simple.out" 2>/dev/null || fail "simple ambush refused"
grep -q 'a simple ambush: the ambusher activates first' "$tmp/simple.out" || fail "simple: not the ambusher first"
rm -f maps/.ambush-simple.json

# refusals
printf 'column nac-1 4 nac-hq\n' >"$tmp/r.txt"
expect 1 'r.txt:1: error: .*NAC 2nd Squad is not in the column' -- "$SL" run maps/ambush.json --script "$tmp/r.txt"
printf 'column nac-1 4 esu-1\n' >"$tmp/r.txt"
expect 1 "r.txt:1: error: .*ESU 1st Squad is not New Anglian Confederation's" -- "$SL" run maps/ambush.json --script "$tmp/r.txt"
grep -v '^#' tests/replays/ambush-sprung.txt | head -7 >"$tmp/r.txt"
echo 'spring 30,25' >>"$tmp/r.txt"
expect 1 "r.txt:[0-9]*: error: .*not on the column's route" -- "$SL" run maps/ambush.json --script "$tmp/r.txt"
sed -i 's/^spring .*/spring 40,17.5/' "$tmp/r.txt"
expect 1 "r.txt:[0-9]*: error: .*more than its full move" -- "$SL" run maps/ambush.json --script "$tmp/r.txt"
finish ambush
