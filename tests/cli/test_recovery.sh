#!/bin/sh
# Cross training and equipment recovery (seed 000) from outside: the
# seed's two examples played with their dice as kept, the refusals a
# player meets, and a save that replays. usage: test_recovery.sh path/to/sightline
set -u
SL="$1"
. "$(dirname "$0")/lib.sh"

for ex in phalon platoon; do
    replay_kept "$SL" maps/lessons/tables/recovery-example.json "recovery-$ex"
done
grep -q 'D10 rolls 4 against 4: does not beat it. Equipment recovery test for ph-1-2' "$tmp/recovery-phalon.out" ||
    fail "the pulser's test is not the seed's 4 against 4"
grep -q "ph-1-2's Squad automatic weapon (gauss) cannot be recovered" "$tmp/recovery-phalon.out" || fail "the pulser is not marked"
grep -q "takes up ph-1-3's Plasma gun" "$tmp/recovery-phalon.out" || fail "the projector is not recovered"
grep -q "takes up cmd-4's Squad automatic weapon (conventional)" "$tmp/recovery-platoon.out" || fail "1st Squad does not take the SAW"
# the JSON roll: test recovery, the die, the value and the target
"$SL" run maps/lessons/tables/recovery-example.json --script tests/replays/recovery-phalon.txt --dice tests/replays/recovery-phalon.dice \
    --json 2>/dev/null | grep '"test":"recovery"' | head -1 >"$tmp/roll.json"
grep -q '"die":"D10","value":4,"target":4,"pass":false' "$tmp/roll.json" || fail "the recovery roll event: $(cat "$tmp/roll.json")"

# refusals, each naming the reason
t() { printf 'decide first %s\nactivate %s\n%s\n' "$1" "$2" "$3" >"$tmp/r.txt"; }
t ph ph-1 'reorganise ph-1 recover ph-1-5'
expect 1 'r.txt:3: error: .*ph-1-5 is not a casualty' -- "$SL" run maps/lessons/tables/recovery-example.json --script "$tmp/r.txt"
t nac nac-1 'reorganise nac-1 recover cmd-3'
expect 1 "r.txt:3: error: .*1st Squad may not take up cmd-3's EW kit: 1st Squad does not normally carry it" \
    -- "$SL" run maps/lessons/tables/recovery-example.json --script "$tmp/r.txt"
t nac fao 'reorganise fao recover cmd-4'
expect 1 'r.txt:3: error: .*FAO Team does not normally carry it' -- "$SL" run maps/lessons/tables/recovery-example.json --script "$tmp/r.txt"
t nac nac-2 'reorganise nac-2 recover cmd-4'
expect 1 'r.txt:3: error: .*out of its integrity range' -- "$SL" run maps/lessons/tables/recovery-example.json --script "$tmp/r.txt"
t nac nac-1 'reorganise nac-1 recover cmd-4 to nac-1-8'
expect 1 'r.txt:3: error: .*nac-1-8 is an attached independent' -- "$SL" run maps/lessons/tables/recovery-example.json --script "$tmp/r.txt"
t nac cmd 'reorganise cmd recover cmd-3:saw'
expect 1 "r.txt:3: error: .*cmd-3's support weapon|cmd-3 carries no support weapon" \
    -- "$SL" run maps/lessons/tables/recovery-example.json --script "$tmp/r.txt"
t nac cmd 'reorganise cmd recover cmd-3:rifle'
expect 1 "r.txt:3: error: .*'rifle' is not kit to recover" -- "$SL" run maps/lessons/tables/recovery-example.json --script "$tmp/r.txt"
sed 's/^reorganise ph-1$/reorganise ph-1 recover ph-1-2/' tests/replays/recovery-phalon.txt >"$tmp/again.txt"
expect 1 "again.txt:.*marked unrecoverable: no reorganise may try again" \
    -- "$SL" run maps/lessons/tables/recovery-example.json --script "$tmp/again.txt" --dice tests/replays/recovery-phalon.dice

# a save of it replays
"$SL" run maps/lessons/tables/recovery-example.json --script tests/replays/recovery-phalon.txt --dice tests/replays/recovery-phalon.dice \
    --save "$tmp/r.save" >/dev/null 2>&1
expect 0 'all as saved' -- "$SL" replay "$tmp/r.save" --quiet

finish recovery
