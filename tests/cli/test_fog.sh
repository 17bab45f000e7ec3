#!/bin/sh
# Fog of war from outside (issue 14): what each side's player reads and
# sees of maps/hidden.json, hunted for the hidden units' ids, names and
# figures. usage: test_fog.sh path/to/sightline   (run from the source tree)
set -u
SL="$1"
. "$(dirname "$0")/lib.sh"

run() { "$SL" run maps/hidden.json --script tests/replays/hidden.txt --seed 42 "$@" 2>"$tmp/err"; }

# NAC's reading, as kept: byte for byte
run --view nac >"$tmp/nac.txt" || fail "the hidden replay stopped: $(cat "$tmp/err")"
same_as_kept "$tmp/nac.txt" tests/replays/hidden-nac.out "NAC's view of hidden.txt"
run --view nac --json >"$tmp/nac.json"
# ESU 3rd Squad and the dummies not found are never revealed to NAC: not
# a word of them (the dummy in the reed marsh, counter A, is found)
for needle in esu-3 "ESU 3rd Squad" esu-d1 esu-d3 esu-dummy "ESU dummy" "Solar Union dummy"; do
    grep -q -- "$needle" "$tmp/nac.txt" "$tmp/nac.json" && fail "NAC reads '$needle', hidden from it"
done
# ESU 2nd Squad: nothing before the line that reveals it
for f in "$tmp/nac.txt" "$tmp/nac.json"; do
    awk '/is revealed: it is ESU 2nd Squad/ { exit } /esu-2|ESU 2nd Squad/ { print; bad = 1 } END { exit bad }' "$f" ||
        fail "NAC reads of ESU 2nd Squad before it is revealed ($f)"
done
grep -q 'Counter F is revealed: it is ESU 2nd Squad' "$tmp/nac.txt" || fail "the reveal is not in NAC's reading"
awk '/Counter A was a dummy/ { exit } /esu-d2|reed marsh/ { bad = 1 } END { exit bad }' "$tmp/nac.json" ||
    fail "NAC reads of the marsh dummy before it is found"
# ESU reads all of it, its own set-up included
run --view esu >"$tmp/esu.txt"
grep -q '> place esu-dummy-1 64.5,44' "$tmp/esu.txt" || fail "ESU does not read its own set-up"
# the save holds everything and replays; replayed as NAC it reads the same
"$SL" run maps/hidden.json --script tests/replays/hidden.txt --seed 42 --save "$tmp/h.save" >/dev/null 2>&1
expect 0 'all as saved' -- "$SL" replay "$tmp/h.save" --quiet
"$SL" replay "$tmp/h.save" --view nac >"$tmp/replay-nac.txt" 2>/dev/null
cmp -s "$tmp/replay-nac.txt" tests/replays/hidden-nac.out || fail "replay --view nac differs from run --view nac"
# a counter is named by its letter in commands; the other side's ids are not looked up in a view
printf 'place esu-dummy-1 64.5,44\ndone esu\ndecide first nac\nactivate nac-hq\nobserve nac-hq ?Z\n' >"$tmp/z.txt"
expect 1 'there is no counter Z on the table' -- "$SL" run maps/hidden.json --script "$tmp/z.txt" --seed 42
expect 1 "no unit or figure has id 'esu-3'" \
    -- "$SL" render maps/hidden.json --script tests/replays/hidden.txt --seed 42 --view nac --select esu-3 --out "$tmp/x.png"
# renders: NAC's view is not the referee's
"$SL" render maps/hidden.json --script tests/replays/hidden.txt --seed 42 --view nac --out "$tmp/nac.png" >/dev/null 2>&1 ||
    fail "render --view nac"
"$SL" render maps/hidden.json --script tests/replays/hidden.txt --seed 42 --out "$tmp/ref.png" >/dev/null 2>&1 ||
    fail "render (referee)"
cmp -s "$tmp/nac.png" "$tmp/ref.png" && fail "NAC's view draws the same as the referee's"
expect 1 "no side has id 'zzz'" -- "$SL" run maps/hidden.json --script tests/replays/hidden.txt --view zzz

# observe flips then reveals, orders reveal, fire at a dummy tells nothing
# (tests/replays/fog.txt with its dice), as NAC reads it, kept
"$SL" run tests/data/fog.json --script tests/replays/fog.txt --dice tests/replays/fog.dice --view nac \
    >"$tmp/fog-nac.txt" 2>"$tmp/err" || fail "fog.txt stopped: $(cat "$tmp/err")"
same_as_kept "$tmp/fog-nac.txt" tests/replays/fog-nac.out "NAC's view of fog.txt"
grep -q 'never rolled' "$tmp/err" && fail "fog.dice has dice the replay never rolls"
for f in "$tmp/fog-nac.txt"; do
    awk '/it is Charlie/ { exit } /Charlie|c-[0-9]/ { bad = 1 } END { exit bad }' "$f" ||
        fail "NAC reads of Charlie before it is revealed"
    awk '/it is Foxtrot/ { exit } /Foxtrot|f-[0-9]/ { bad = 1 } END { exit bad }' "$f" ||
        fail "NAC reads of Foxtrot before it is revealed"
done
grep -q 'Dummy\|d1-1\|d2-1' "$tmp/fog-nac.txt" && fail "NAC reads of a dummy it has not found"

# last seen (lose_contact, on in maps/hidden.json): NAC 1st Squad into the
# north-west wood and out again (tests/replays/contact.txt), as ESU reads
# it, kept; ESU reads where it was last seen, never where it went
"$SL" run maps/hidden.json --script tests/replays/contact.txt --seed 42 --view esu >"$tmp/contact-esu.txt" 2>"$tmp/err" ||
    fail "contact.txt stopped: $(cat "$tmp/err")"
same_as_kept "$tmp/contact-esu.txt" tests/replays/contact-esu.out "ESU's view of contact.txt"
grep -q 'loses sight of NAC 1st Squad: last seen at (13.4, 10.8) in turn 1' "$tmp/contact-esu.txt" ||
    fail "ESU is not told where it last saw NAC 1st Squad"
grep -q 'has NAC 1st Squad in sight again, at (13.4, 10.9) in turn 2' "$tmp/contact-esu.txt" ||
    fail "ESU is not told NAC 1st Squad is in sight again"
grep -q '13\.2' "$tmp/contact-esu.txt" && fail "ESU reads where NAC 1st Squad went out of its sight"
"$SL" run maps/hidden.json --script tests/replays/contact.txt --seed 42 --view nac >"$tmp/contact-nac.txt" 2>/dev/null
grep -q 'loses sight of NAC' "$tmp/contact-nac.txt" && fail "NAC reads that ESU lost sight of its squad"
grep -q '> move nac-1 13.2,8' "$tmp/contact-nac.txt" || fail "NAC does not read its own move in full"
# fire at it while it is out of sight is refused, saying where it was last seen
sed '/^activate esu-1$/q' tests/replays/contact.txt >"$tmp/c-lost.txt"
{ cat "$tmp/c-lost.txt"; echo 'fire esu-1 nac-1'; } >"$tmp/c-fire.txt"
expect 1 'NAC 1st Squad is out of sight of every man of Eurasian Solar Union.s: it was last seen at \(13.4, 10.8\) in turn 1' \
    -- "$SL" run maps/hidden.json --script "$tmp/c-fire.txt" --seed 42
# ESU's view draws the squad faded where it was last seen, not where it is
"$SL" render maps/hidden.json --script "$tmp/c-lost.txt" --seed 42 --view esu --out "$tmp/c-esu.png" >/dev/null 2>&1 ||
    fail "render --view esu after the squad was lost"
"$SL" render maps/hidden.json --script "$tmp/c-lost.txt" --seed 42 --out "$tmp/c-ref.png" >/dev/null 2>&1
cmp -s "$tmp/c-esu.png" "$tmp/c-ref.png" && fail "ESU's view of a squad out of its sight draws as the referee's"

# Issue 36: nothing NAC reads depends on which of ESU's counters are real.
# tests/data/fog-swap-a.json is maps/hidden.json; -b swaps ESU 3rd Squad
# (counter B) and the Long Wood dummy (counter E): same ids, same places;
# in -c counter B is a dummy too. NAC's reading of the same commands (two
# turns, its initiative, its refusals) is the same, byte for byte.
for j in "" --json; do
    for v in a b c; do
        "$SL" run "tests/data/fog-swap-$v.json" --script tests/replays/fog-swap.txt --seed 42 --view nac $j \
            >"$tmp/swap-$v.txt" 2>"$tmp/swap-$v.err" || fail "fog-swap.txt stopped on -$v: $(cat "$tmp/swap-$v.err")"
    done
    for v in b c; do
        cmp -s "$tmp/swap-a.txt" "$tmp/swap-$v.txt" || {
            fail "NAC's reading${j:+ ($j)} differs with what is under ESU's counters (a against $v):"
            diff "$tmp/swap-a.txt" "$tmp/swap-$v.txt" | head -6
        }
    done
done
grep -q 'with fewer units on the table, chooses' "$tmp/swap-a.txt" || fail "fog-swap.txt no longer reaches the initiative"
# Issue 38: the solo opponent decides from what its side knows. NAC played
# by the program to the end of the game against ESU's fixed answers
# (tests/replays/fog-swap-solo.txt): every one of its commands and reasons
# is the same whatever is under ESU's counters.
for v in a b c; do
    "$SL" run "tests/data/fog-swap-$v.json" --script tests/replays/fog-swap-solo.txt --solo nac --seed 42 --view nac \
        >"$tmp/solo-$v.txt" 2>"$tmp/solo-$v.err" || fail "fog-swap-solo.txt stopped on -$v: $(cat "$tmp/solo-$v.err")"
done
for v in b c; do
    cmp -s "$tmp/solo-a.txt" "$tmp/solo-$v.txt" || {
        fail "NAC's solo play differs with what is under ESU's counters (a against $v):"
        diff "$tmp/solo-a.txt" "$tmp/solo-$v.txt" | head -6
    }
done
[ "$(grep -c '# solo:' "$tmp/solo-a.txt")" -ge 40 ] || fail "the solo NAC gave fewer than 40 commands on the fog-swap table"
grep -q 'The game is over' "$tmp/solo-a.txt" || fail "the solo game on the fog-swap table did not reach its end"
# a hidden unit's id, its men's, said by NAC: refused as an id that names
# nothing, not "cannot see Counter B" (which told NAC what is under it)
head -9 tests/replays/fog-swap.txt >"$tmp/pre.txt"
for cmd in "fire nac-1 at esu-3:esu-3" "fire nac-1 at esu-d1:esu-d1" "fire nac-1 at esu-dummy-1:esu-dummy-1" \
    "observe nac-1 esu-3-4:esu-3-4" "assault nac-1 esu-d1-1:esu-d1-1"; do
    line="${cmd%%:*}" id="${cmd##*:}"
    { cat "$tmp/pre.txt"; echo "$line"; } >"$tmp/ref.txt"
    for v in a b c; do
        "$SL" run "tests/data/fog-swap-$v.json" --script "$tmp/ref.txt" --seed 42 --view nac >/dev/null 2>"$tmp/ref-$v.err"
    done
    grep -q "error: $line: no unit has id '$id'" "$tmp/ref-a.err" ||
        fail "'$line' is not refused as an unknown id: $(cat "$tmp/ref-a.err")"
    grep -q "Counter" "$tmp/ref-a.err" && fail "'$line' names a counter: $(cat "$tmp/ref-a.err")"
    cmp -s "$tmp/ref-a.err" "$tmp/ref-b.err" && cmp -s "$tmp/ref-a.err" "$tmp/ref-c.err" ||
        fail "'$line' is refused differently with what is under the counters"
done
# a command at counter B (ESU 3rd Squad, or a dummy) by its letter: refused
# in the same words whatever is under it (a charge's reach is measured to
# the marker, not to the men under it, found by the soak's twins)
for line in "assault nac-1 ?B" "assault nac-1 ?E" "fire nac-1 at ?B"; do
    { cat "$tmp/pre.txt"; echo "$line"; } >"$tmp/ref.txt"
    for v in a b c; do
        "$SL" run "tests/data/fog-swap-$v.json" --script "$tmp/ref.txt" --seed 42 --view nac >/dev/null 2>"$tmp/ref-$v.err"
    done
    grep -q "error: $line: " "$tmp/ref-a.err" || fail "'$line' was not refused: $(cat "$tmp/ref-a.err")"
    cmp -s "$tmp/ref-a.err" "$tmp/ref-b.err" && cmp -s "$tmp/ref-a.err" "$tmp/ref-c.err" ||
        fail "'$line' is refused differently with what is under the counters: $(cat "$tmp/ref-a.err" "$tmp/ref-c.err")"
done

finish fog
