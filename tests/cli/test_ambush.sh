#!/bin/sh
# Ambushes (seeds 000, 003) from outside, on maps/ambush.json: the complex
# ambush sprung at the ambusher's point, sprung too early, discovered by a
# spotting attempt, and (spotting by fire allowed) found by fire, each
# played with its dice as kept; a simple ambush; both sides played by the
# solo policy with no script; the refusals a player meets.
# usage: test_ambush.sh path/to/sightline
set -u
SL="$1"
. "$(dirname "$0")/lib.sh"

for ex in sprung early spotted; do
    replay_kept "$SL" maps/ambush.json "ambush-$ex"
done
sed 's/"spotting_by_fire": false/"spotting_by_fire": true/' maps/ambush.json >maps/.ambush-fire.json
replay_kept "$SL" maps/.ambush-fire.json ambush-by-fire
rm -f maps/.ambush-fire.json
grep -q 'it observes counter B' "$tmp/ambush-spotted.out" || fail "spotting by fire not allowed, yet no observation"
grep -q 'fires at counter' "$tmp/ambush-spotted.out" && fail "spotting by fire not allowed, yet it fired"
grep -q 'The ambush is discovered: New Anglian Confederation activates first' "$tmp/ambush-spotted.out" ||
    fail "the spotting attempt did not start the game with the column first"
grep -q 'fires at counter B (spotting by fire is allowed here)' "$tmp/ambush-by-fire.out" || fail "no spotting by fire"
grep -q 'ESU 1st Squad is suppressed' "$tmp/ambush-by-fire.out" || fail "the spotting fire did not suppress"
grep -q 'ESU Ambush HQ (leadership 1) makes no test' "$tmp/ambush-sprung.out" || fail "the leadership 1 HQ tested"
grep -q 'sprung by the ambusher where he chose' "$tmp/ambush-sprung.out" || fail "not sprung at the ambusher's point"
grep -q 'past the point the ambusher chose' "$tmp/ambush-early.out" || fail "the early move did not pass the point"
# the seeds' approach: the lead alone on the table's edge, the rest coming
# on behind it at their gaps, the units still off saying so
grep -q "its lead, NAC 1st Squad, at the table's edge" "$tmp/ambush-sprung.out" || fail "the lead did not come on alone"
grep -q 'Not yet on the table .*: NAC Patrol HQ, NAC 2nd Squad' "$tmp/ambush-sprung.out" ||
    fail "the units not yet on were not listed"
grep -q 'NAC 2nd Squad comes on along the route, 4.0" behind NAC Patrol HQ' "$tmp/ambush-sprung.out" ||
    fail "2nd Squad did not come on at its gap"
# sprung at once, before the HQ is on: it cannot be shot at, and comes on
# at the route's start when activated
grep -v '^#' tests/replays/ambush-sprung.txt | head -7 >"$tmp/on.txt"
printf 'spring 9,17.5\nactivate esu-hq\nend\nactivate nac-hq\n' >>"$tmp/on.txt"
printf '5 5\n' >"$tmp/on.dice"
"$SL" run maps/ambush.json --script "$tmp/on.txt" --dice "$tmp/on.dice" >"$tmp/on.out" 2>"$tmp/err" ||
    fail "sprung before all on: $(cat "$tmp/err")"
grep -q "NAC Patrol HQ comes on along the route, its rear at the table's edge" "$tmp/on.out" ||
    fail "the HQ did not come on when activated"
grep -v '^#' tests/replays/ambush-sprung.txt | head -7 >"$tmp/on.txt"
printf 'spring 9,17.5\nactivate esu-hq\nfire esu-hq at nac-hq\n' >>"$tmp/on.txt"
expect 1 "on.txt:[0-9]*: error: .*NAC Patrol HQ is not on the table yet" -- "$SL" run maps/ambush.json --script "$tmp/on.txt" \
    --dice "$tmp/on.dice"
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

# solo play: both sides by the policy, set-up to sprung with no script,
# the same journal twice, every decision with its reason
"$SL" run maps/ambush.json --solo both --seed 4 --json >"$tmp/solo1.json" 2>"$tmp/err" || fail "solo both: $(cat "$tmp/err")"
"$SL" run maps/ambush.json --solo both --seed 4 --json >"$tmp/solo2.json" 2>/dev/null
cmp -s "$tmp/solo1.json" "$tmp/solo2.json" || fail "solo both is not deterministic"
grep -q '"what":"sprung"' "$tmp/solo1.json" || fail "solo both never sprang the ambush"
[ "$(grep -c '"event":"command"' "$tmp/solo1.json")" -eq "$(grep -c '# solo: ' "$tmp/solo1.json")" ] ||
    fail "a solo decision without its reason"
# the column written by hand, the ambusher played by the program
printf 'column nac-2 3 nac-1 3 nac-hq\n' >"$tmp/col.txt"
"$SL" run maps/ambush.json --script "$tmp/col.txt" --solo esu >"$tmp/solo-esu.out" 2>"$tmp/err" || fail "solo esu: $(cat "$tmp/err")"
grep -q '^> place esu-1 .* # solo: ' "$tmp/solo-esu.out" || fail "solo esu did not place its counters"
grep -q 'The ambush is' "$tmp/solo-esu.out" || fail "solo esu did not play the approach to the end"
expect 1 "no side has id 'usa'" -- "$SL" run maps/ambush.json --solo usa

# refusals
printf 'column nac-1 4 nac-hq\n' >"$tmp/r.txt"
expect 1 'r.txt:1: error: .*NAC 2nd Squad is not in the column' -- "$SL" run maps/ambush.json --script "$tmp/r.txt"
# an ambusher's unit is hidden from the column's side: its id names nothing to NAC
printf 'column nac-1 4 esu-1\n' >"$tmp/r.txt"
expect 1 "r.txt:1: error: .*no unit has id 'esu-1'" -- "$SL" run maps/ambush.json --script "$tmp/r.txt"
grep -v '^#' tests/replays/ambush-sprung.txt | head -7 >"$tmp/r.txt"
echo 'spring 30,25' >>"$tmp/r.txt"
expect 1 "r.txt:[0-9]*: error: .*not on the column's route" -- "$SL" run maps/ambush.json --script "$tmp/r.txt"
sed -i 's/^spring .*/spring 40,17.5/' "$tmp/r.txt"
expect 1 "r.txt:[0-9]*: error: .*more than its full move" -- "$SL" run maps/ambush.json --script "$tmp/r.txt"
finish ambush
