#!/bin/sh
# The faults a random soak and hostile files found (issue 13), each as a
# user meets it on the command line: nothing cut inside a character,
# nothing written half, nothing refused or lost without a word.
# usage: test_faults.sh path/to/sightline   (run from the source tree)
set -u
SL="$1"
. "$(dirname "$0")/lib.sh"

# --- names are never cut inside a character --------------------------------
# A unit name of 100 bytes (50 two-byte characters) is refused where it stands.
expect 1 'long_name.json:[0-9]+:[0-9]+: error: \[units\[0\]\.name\] .name. is 100 bytes long \(50 characters\); at most 96 bytes fit' \
    -- "$SL" check tests/data/broken/long_name.json
# Names as long as they may be, the two-byte characters where the old cuts
# (64 and 52 bytes) fell inside one: the journal is UTF-8, the save replays.
printf 'decide first blue\nactivate b1\nteams b1\nactivate b1.1\nmove b1.1 5,5\n' >"$tmp/ln.txt"
expect 0 '' -- "$SL" run tests/data/long_names.json --script "$tmp/ln.txt" --json --save "$tmp/ln.save"
"$SL" run tests/data/long_names.json --script "$tmp/ln.txt" --json >"$tmp/ln.json" 2>/dev/null
if ! iconv -f UTF-8 -t UTF-8 "$tmp/ln.json" >/dev/null 2>&1; then
    fail "run --json on long names wrote bytes that are not UTF-8"
fi
squad="ab$(for i in $(seq 47); do printf '\303\251'; done)"
grep -q "$squad, team 1" "$tmp/ln.json" || fail "the fireteam's name is not the squad's whole name, team 1"
expect 0 'all as saved' -- "$SL" replay "$tmp/ln.save"

# --- ids are one namespace ----------------------------------------------------
expect 1 "dup_unit_figure.json:[0-9]+:[0-9]+: error: \[units\[1\]\.id\] unit id 'r1' is already a figure's id" \
    -- "$SL" check tests/data/broken/dup_unit_figure.json
expect 1 "dup_side_unit.json:[0-9]+:[0-9]+: error: \[units\[0\]\.id\] unit id 'blue' is already a side's id" \
    -- "$SL" check tests/data/broken/dup_side_unit.json
expect 1 "team_id_clash.json:[0-9]+:[0-9]+: error: \[units\[0\]\.id\] 'b1\.2', the id sightline gives one of this squad's fireteams, is already a unit's id" \
    -- "$SL" check tests/data/broken/team_id_clash.json
# a support asset is named by its id in call-fire, as units and figures are
expect 1 "support_unit_id.json:44:[0-9]+: error: \[support\[0\]\.id\] support asset id 'r1' is already a unit's id" \
    -- "$SL" check tests/data/broken/support_unit_id.json

# --- dice and seeds -------------------------------------------------------------
: >"$tmp/empty.dice"
printf 'decide first nac\n' >"$tmp/one.txt"
expect 1 'empty.dice:1:1: error: no die values in it' \
    -- "$SL" run maps/default.json --script "$tmp/one.txt" --dice "$tmp/empty.dice"
# a dice file that is a directory, a device or some other file: a clear
# reason, and nothing of that file quoted
expect 1 'tests/data: error: cannot open: it is a directory' \
    -- "$SL" run maps/default.json --script "$tmp/one.txt" --dice tests/data
expect 1 '/dev/zero: error: cannot open: it is a device, not a file' \
    -- "$SL" run maps/default.json --script "$tmp/one.txt" --dice /dev/zero
expect 1 'sdl_in_core.c:1:1: error: expected a die value from 1 to 12, found something that is not a number' \
    -- "$SL" run maps/default.json --script "$tmp/one.txt" --dice tests/data/sdl_in_core.c
grep -q 'Compiled\|/\*' "$tmp/out" && fail "run --dice quotes a file that is not a dice file: $(cat "$tmp/out")"
expect 1 'sdl_in_core.c:1:1: error: not valid JSON: it does not start with \{ or \[' \
    -- "$SL" check tests/data/sdl_in_core.c
grep -q 'Compiled\|near' "$tmp/out" && fail "check quotes a file that is not JSON: $(cat "$tmp/out")"
expect 2 '--seed takes a whole number from 0 to 18446744073709551615' \
    -- "$SL" run maps/default.json --script "$tmp/one.txt" --seed 99999999999999999999999
expect 2 '--seed takes a whole number' -- "$SL" run maps/default.json --script "$tmp/one.txt" --seed -1
# the largest seed is a seed: its save replays (saves past 2^63 used to be unreadable)
expect 0 '' -- "$SL" run maps/default.json --script "$tmp/one.txt" --seed 18446744073709551615 --save "$tmp/big.save"
expect 0 'all as saved' -- "$SL" replay "$tmp/big.save"

# --- saves name themselves ---------------------------------------------------------
sed '1s|"scenario":"[^"]*"|"scenario":"no_such_scenario.json"|' "$tmp/big.save" >"$tmp/missing.save"
expect 1 'missing.save:1:[0-9]+: error: \[scenario\] the scenario this game was played on, no_such_scenario.json, cannot be loaded' \
    -- "$SL" replay "$tmp/missing.save"
sed '1s|"scenario":"[^"]*"|"scenario":""|' "$tmp/big.save" >"$tmp/noname.save"
expect 1 'noname.save:1:[0-9]+: error: \[scenario\] the header must name the scenario' -- "$SL" replay "$tmp/noname.save"
sed 's/$/\r/' "$tmp/big.save" >"$tmp/crlf.save"
expect 0 'all as saved' -- "$SL" replay "$tmp/crlf.save"

# --- a save cut inside its last command's events (issue 36, point 4) --------------
# The autosave appends each command's events as they come; a kill or a full
# disk between two writes leaves the file ending inside one command. Cut at
# every line of the last command's events, and in the middle of each line:
# each loads, that command left out, with a warning naming its line.
"$SL" run maps/hidden.json --solo both --seed 1 --save "$tmp/solo.save" >/dev/null 2>&1 ||
    fail "the solo game on hidden.json did not save"
total=$(wc -l <"$tmp/solo.save")
last=$(grep -n '"event":"command"' "$tmp/solo.save" | tail -1 | cut -d: -f1)
ncmd=$(grep -c '"event":"command"' "$tmp/solo.save")
head -n $((last - 1)) "$tmp/solo.save" >"$tmp/before.save"
"$SL" replay "$tmp/before.save" --json >"$tmp/before.json" 2>/dev/null || fail "the save before its last command does not load"
# cut_loads FILE WHAT PATTERN...: FILE loads, each PATTERN is among its
# warnings, and the game is the one before the last command
cut_loads() {
    f=$1; what=$2; shift 2
    if ! "$SL" replay "$f" --json >"$tmp/got.json" 2>"$tmp/err"; then
        fail "$what: refused: $(head -c 300 "$tmp/err")"
        return
    fi
    for pat in "$@"; do
        grep -Eq -- "$pat" "$tmp/err" || fail "$what: no warning '$pat' in: $(head -c 600 "$tmp/err")"
    done
    [ -z "$fixed" ] || grep -qF -- "$fixed" "$tmp/err" || fail "$what: the warning does not quote the command left out ($fixed)"
    cmp -s "$tmp/got.json" "$tmp/before.json" || fail "$what: the game loaded is not the game before its last command"
}
whole=$((total - last + 1)) # the last command's events, its own line first
# the command left out, quoted at the end of the warning
quoted="the game is as it was before it: $(sed -n "${last}p" "$tmp/solo.save" | sed 's/.*"command":"\([^"#]*\).*/\1/')"
fixed="$quoted"
keep=$last
while [ "$keep" -lt "$total" ]; do
    head -n "$keep" "$tmp/solo.save" >"$tmp/cut.save"
    cut_loads "$tmp/cut.save" "cut after line $keep" \
        "cut.save:$last:1: warning: \\[command\\] the last command \\(command $ncmd\\) was written only in part \\($((keep - last + 1)) of its $whole events: an unfinished write\\) and is left out; the game is as it was before it: "
    keep=$((keep + 1))
done
keep=$((last - 1))
while [ "$keep" -lt "$total" ]; do
    { head -n "$keep" "$tmp/solo.save"; sed -n "$((keep + 1))p" "$tmp/solo.save" | head -c 40; } >"$tmp/torn.save"
    if [ "$keep" -lt "$last" ]; then # the command's own line torn: the command before it is the last
        fixed=""
        cut_loads "$tmp/torn.save" "torn in line $((keep + 1))" "torn.save:$((keep + 1)):1: warning: the last line was cut short"
    else
        fixed="$quoted"
        cut_loads "$tmp/torn.save" "torn in line $((keep + 1))" "torn.save:$((keep + 1)):1: warning: the last line was cut short" \
            "torn.save:$last:1: warning: \\[command\\] the last command \\(command $ncmd\\) was written only in part \\($((keep - last + 1)) of its $whole events"
    fi
    keep=$((keep + 1))
done
# the whole save loads as before, without a word; one broken in the middle
# (an event of an earlier command missing) is still refused
expect 0 "^[^ ]*solo.save: $ncmd commands replayed, $((total - 1)) events, all as saved\$" -- "$SL" replay "$tmp/solo.save" --quiet
grep -q warning "$tmp/out" && fail "the whole save loads with a warning"
sed "$((last - 1))d" "$tmp/solo.save" >"$tmp/middle.save"
expect 1 "middle.save:$((last - 1)):1: error: the replay went out of step at event $((last - 2))" \
    -- "$SL" replay "$tmp/middle.save" --quiet
head -n $((last + 2)) "$tmp/solo.save" | sed "$((last - 1))d" >"$tmp/middle.save"
expect 1 "middle.save:$((last - 1)):1: error: the replay went out of step" -- "$SL" replay "$tmp/middle.save" --quiet

# The window at start: an autosave cut inside its last command is offered,
# untouched, with the warning; one that cannot be loaded is kept aside under
# a name of its own (never written over by the new game), and said where.
full=$(cd maps && pwd -P)/hidden.json
h=2166136261 # the autosave's name: FNV-1a of the scenario's full path, as play.c makes it
for b in $(printf %s "$full" | od -An -v -tu1); do h=$(( ((h ^ b) * 16777619) & 4294967295 )); done
auto="$tmp/state/autosave-hidden-$(printf %08x "$h").save"
mkdir -p "$tmp/state"
window() { env SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy SIGHTLINE_STATE_DIR="$tmp/state" "$SL" maps/hidden.json --frames 3; }
head -n $((last + 2)) "$tmp/solo.save" >"$auto"
cp "$auto" "$tmp/cut.save"
expect 0 "autosave-hidden-[0-9a-f]{8}\.save:$last:1: warning: \\[command\\] the last command \\(command $ncmd\\) was written only in part" -- window
cmp -s "$auto" "$tmp/cut.save" || fail "the window changed an autosave it offered to resume"
grep -q 'cannot be resumed' "$tmp/out" && fail "the window refused an autosave cut inside its last command"
cp "$tmp/middle.save" "$auto"
expect 0 "the last game cannot be resumed: .*autosave-hidden-[0-9a-f]{8}\.save:$((last - 1)):1: error: the replay went out of step" -- window
grep -q "the last game's autosave is kept as $tmp/state/autosave-hidden-[0-9a-f]*\.unloadable\.save\$" "$tmp/out" ||
    fail "the window did not say where it kept the unloadable autosave: $(cat "$tmp/out")"
[ -e "$auto" ] && fail "the unloadable autosave is still where the new game's first command would write over it"
cmp -s "${auto%.save}.unloadable.save" "$tmp/middle.save" || fail "the unloadable autosave was not kept as it was"
sed "$((last - 3))d" "$tmp/solo.save" >"$auto" # another one: kept beside the first, which stays
expect 0 "autosave is kept as .*autosave-hidden-[0-9a-f]{8}\.unloadable-2\.save" -- window
cmp -s "${auto%.save}.unloadable.save" "$tmp/middle.save" || fail "a second unloadable autosave replaced the first kept"
[ -e "${auto%.save}.unloadable-2.save" ] && [ ! -e "$auto" ] || fail "the second unloadable autosave was not kept aside"

# --- scripts: a BOM, CRLF, a NUL; a refused line keeps the good ones ----------------
printf '\357\273\277decide first nac\r\nactivate nac-1\r\n' >"$tmp/bom.txt"
expect 0 'NAC 1st Squad activates' -- "$SL" run maps/default.json --script "$tmp/bom.txt" --seed 3
printf 'decide first nac\nactivate nac-1\000 and the rest\n' >"$tmp/nul.txt"
expect 1 'nul.txt:2:15: error: a NUL byte' -- "$SL" run maps/default.json --script "$tmp/nul.txt" --seed 3
printf 'decide first nac\nactivate nac-1\nactivate esu-1\n' >"$tmp/refused.txt"
expect 1 'holds the game up to the last command accepted \(2 commands\)' \
    -- "$SL" run maps/default.json --script "$tmp/refused.txt" --seed 3 --save "$tmp/refused.save"
expect 0 '2 commands replayed' -- "$SL" replay "$tmp/refused.save"

# --- overlay numbers (issue 36): finite, on the table, a radius in range ---------------
for o in blast:nan,20,3 blast:20,inf,3 blast:20,20,nan blast:20,20,0 blast:20,20,101; do
    expect 2 "--overlay 'blast:[^']*' is not a list of" -- "$SL" render maps/default.json --out "$tmp/o.png" --overlay "$o"
done
expect 2 "default.json: --overlay blast:100,20,3: the centre is off the 72\" x 48\" table" \
    -- "$SL" render maps/default.json --out "$tmp/o.png" --overlay blast:100,20,3
expect 2 "default.json: --overlay blast:1e\+308,1e\+308,3: the centre is off" \
    -- "$SL" render maps/default.json --out "$tmp/o.png" --overlay blast:1e308,1e308,3
expect 2 "--path takes X,Y" -- "$SL" render maps/default.json --out "$tmp/o.png" --select nac-1 --path 'nan,5;5,5'
expect 2 "default.json: --path: point 1 \(1e\+308, -1e\+308\) is off the 72\" x 48\" table" \
    -- "$SL" render maps/default.json --out "$tmp/o.png" --select nac-1 --path '1e308,-1e308;5,5'
[ -e "$tmp/o.png" ] && fail "a render with an overlay off the table wrote a picture"

# --- SkirmishCorps moves say where they went -------------------------------------------
"$SL" run maps/lessons/tables/skirmish-example.json --script tests/replays/skirmish.txt --dice tests/replays/skirmish.dice --json \
    >"$tmp/sc.json" 2>/dev/null
grep '"what":"moved"' "$tmp/sc.json" | grep -vq '"to":\[' && fail "a SkirmishCorps moved event has no \"to\""
grep -q '"what":"moved".*"to":\[' "$tmp/sc.json" || fail "no SkirmishCorps moved event with \"to\""

# --- nothing written half, nothing lost silently -------------------------------------------
if [ -w /dev/full ]; then
    expect 1 'cannot write the output: No space left on device' -- sh -c "\"$SL\" check maps/default.json >/dev/full"
    expect 1 'cannot write the output' \
        -- sh -c "\"$SL\" run maps/default.json --script tests/replays/battle.txt --seed 42 --json >/dev/full"
    expect 1 'cannot write the output' -- sh -c "\"$SL\" replay \"$tmp/big.save\" >/dev/full"
fi
# a full disk under --out and --save: an error naming the file, and the good
# file that was there is still there, whole (needs a small tmpfs: as root)
mkdir -p "$tmp/tiny"
if mount -t tmpfs -o size=96k tmpfs "$tmp/tiny" 2>/dev/null; then
    "$SL" render maps/default.json --out "$tmp/tiny/good.png" --size 320x200 >/dev/null 2>&1 || fail "small render"
    cp "$tmp/tiny/good.png" "$tmp/good.png"
    dd if=/dev/zero of="$tmp/tiny/filler" bs=1k count=200 2>/dev/null
    expect 1 'cannot write .*tiny/good.png: No space left on device' \
        -- "$SL" render maps/default.json --out "$tmp/tiny/good.png"
    cmp -s "$tmp/good.png" "$tmp/tiny/good.png" || fail "a failed render damaged the PNG that was there"
    [ -e "$tmp/tiny/good.png.tmp" ] && fail "a failed render left its temporary file"
    expect 1 'cannot write .*tiny/b.save: No space left on device' \
        -- "$SL" run maps/default.json --script tests/replays/battle.txt --seed 42 --save "$tmp/tiny/b.save"
    [ -e "$tmp/tiny/b.save" ] && fail "a failed save left a file"
    umount "$tmp/tiny"
else
    echo "note: no tmpfs (not root?): the full-disk checks were skipped"
fi

finish fault
