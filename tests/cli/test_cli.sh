#!/bin/sh
# The sightline command line as a user meets it: help, version, checks,
# measurements and renders, with the exit status each should give.
# usage: test_cli.sh path/to/sightline   (run from the source tree)
set -u
SL="$1"
. "$(dirname "$0")/lib.sh"

expect 0 '^sightline [0-9]+\.[0-9]+\.[0-9]+$' -- "$SL" --version
expect 0 'Commands:' -- "$SL" --help
for c in render check measure options; do
    expect 0 "usage: sightline $c" -- "$SL" $c --help
    expect 0 '^sightline [0-9]+\.[0-9]+\.[0-9]+$' -- "$SL" $c --version
done
expect 2 'unknown option' -- "$SL" --bogus

# check: good files pass, broken ones name file, line, column and field
expect 0 'maps/default.json: ok: Meeting at Hollow Brook, 72" x 48" table, 16 terrain features, 2 sides, 8 units, 56 figures' \
    -- "$SL" check maps/default.json
expect 0 'maps/town.tmj: ok' -- "$SL" check maps/town.tmj maps/farmland.tmj maps/town.json
expect 1 "bad_kind.tmj:6:15: error: \[layers\[0\]\.objects\[0\]\.type\] object 7 'Copse': 'wodos' is not a terrain kind \(did you mean 'woods'\?\)" \
    -- "$SL" check tests/data/broken/bad_kind.tmj
expect 1 "off_table.json:10:27: error: \[units\[0\]\.figures\[1\]\.x\]" -- "$SL" check tests/data/broken/off_table.json
expect 1 'nothing.json: error: cannot open' -- "$SL" check tests/data/nothing.json
# an image renamed .json is named for what it is (issue 20)
cp maps/town-mat.jpg "$tmp/mat.json"
expect 1 'mat.json:1:1: error: this file is a JPEG image, not JSON text' -- "$SL" check "$tmp/mat.json"
expect 2 'usage' -- "$SL" check

# measure: two bases 1.3" apart centre to centre have 0.32" between edges
expect 0 'centre to centre: 1\.30"' -- "$SL" measure maps/default.json nac-1-1 nac-1-2
expect 0 'edge to edge: +0\.32"' -- "$SL" measure maps/default.json nac-1-1 nac-1-2
expect 0 '"centre":1\.300,"edge":0\.316' -- "$SL" measure maps/default.json nac-1-1 nac-1-2 --json
expect 1 "no figure has id 'nac-1-9'" -- "$SL" measure maps/default.json nac-1-1 nac-1-9
expect 1 "did you mean 'esu-1-1'" -- "$SL" measure maps/default.json esu-1-l nac-1-1
expect 2 'usage' -- "$SL" measure maps/default.json nac-1-1

# render: a PNG of the asked size; bad arguments are refused
expect 0 '' -- "$SL" render maps/default.json --out "$tmp/a.png" --size 640x400 --select nac-2
# PNG signature, then the IHDR width and height as 32-bit big-endian numbers
if [ "$(od -An -tx1 -N24 "$tmp/a.png" | tr -d ' \n')" != "89504e470d0a1a0a0000000d494844520000028000000190" ]; then
    echo "FAIL: render did not write a 640x400 PNG"; fails=$((fails + 1))
fi
expect 1 "no unit or figure has id 'zzz'" -- "$SL" render maps/default.json --out "$tmp/b.png" --select zzz
expect 2 '--size takes' -- "$SL" render maps/default.json --out "$tmp/b.png" --size 10x10
expect 2 'needs a FILE and --out' -- "$SL" render maps/default.json
expect 1 'crosses itself' -- "$SL" render tests/data/broken/self_crossing.tmj --out "$tmp/c.png"

expect 0 'wood_edge_depth \(default 1\.00"\)' -- "$SL" options

# los: units, figures and points, text and JSON
expect 0 'NOT IN SIGHT: 1 of 4 figures seen' -- "$SL" los tests/data/overlays.json blue-a red-a
expect 0 'red-a-4    seen, hard cover from Farm wall$' -- "$SL" los tests/data/overlays.json blue-a red-a
# players' words: a feature by its name or kind, never the file's number (that is in --json)
for args in "tests/data/overlays.json blue-a red-a" "maps/farmland.tmj 54 18 66 18" "maps/default.json nac-1 esu-1"; do
    # shellcheck disable=SC2086
    if "$SL" los $args | grep -Eq '#[0-9]'; then fail "sightline los $args prints a feature's '#N'"; fi
done
expect 0 '"visible":false,"cover":"hard","distance":36\.2' -- "$SL" los tests/data/overlays.json blue-a red-a --json
expect 0 '"blocked_by":\[14\],"cover_from":\[13\]' -- "$SL" los tests/data/overlays.json blue-a red-a --json
expect 0 '"band":2,"band_length":8,"base_die":"D6","range_die":"D6"' -- "$SL" los maps/farmland.tmj 30 30 42 30 --json
expect 0 '"visible":false.*"blocked_by":\[5\]' -- "$SL" los maps/farmland.tmj 6 6 18 6 --json
expect 0 'blocked by Farmhouse \(building\): 4\.0" tall' -- "$SL" los maps/farmland.tmj 54 18 66 18
# green: 6" bands, so 12" is band 2 (D6), and In Position makes it D8
expect 0 '"band":2,"band_length":6,"base_die":"D6","range_die":"D8","shifts":1' -- "$SL" los maps/farmland.tmj 30 30 42 30 --json --in-position --quality green
expect 0 'IN SIGHT; no cover' -- "$SL" los maps/default.json nac-1-1 nac-1-8
expect 1 'must lie on the 72" x 48" table' -- "$SL" los maps/farmland.tmj 30 30 80 30
expect 1 "no figure or unit has id 'esu-33' \(did you mean" -- "$SL" los maps/default.json nac-1 esu-33
expect 2 'usage: sightline los' -- "$SL" los maps/default.json nac-1
expect 0 '^\(6,6\) \(18,6\) 12\.000 hidden none 2 - 5 0$' -- "$SL" catalog maps/farmland.tmj

# run and replay: scripted games, worked examples with fixed dice, saves
expect 0 'usage: sightline run' -- "$SL" run --help
expect 0 'usage: sightline replay' -- "$SL" replay --help
expect 0 '3 potential hits \(18 / 8 = 2, and one more from the remainder\)' \
    -- "$SL" run tests/data/rules.json --script tests/replays/fire-example.txt --dice tests/replays/fire-example.dice
expect 0 'Hit 3: impact 9 against armour 4: a kill' \
    -- "$SL" run tests/data/rules.json --script tests/replays/fire-example.txt --dice tests/replays/fire-example.dice
# the battle's journal, byte for byte (after a deliberate change to the
# rules' wording: sightline run maps/default.json --script
# tests/replays/battle.txt --seed 42 --json > tests/replays/battle.journal)
"$SL" run maps/default.json --script tests/replays/battle.txt --seed 42 --json --save "$tmp/battle.save" \
    >"$tmp/battle.journal" 2>"$tmp/run.err"
same_as_kept "$tmp/battle.journal" tests/replays/battle.journal "the battle's journal"
expect 0 '73 commands replayed, 266 events, all as saved' -- "$SL" replay "$tmp/battle.save" --quiet
"$SL" replay "$tmp/battle.save" --json 2>/dev/null | cmp -s - "$tmp/battle.journal" ||
    { echo "FAIL: replay --json does not give the run's journal"; fails=$((fails + 1)); }
sed 's/"value":7,"target":6/"value":6,"target":6/' "$tmp/battle.save" >"$tmp/tampered.save"
expect 1 'tampered.save:16:1: error: the replay went out of step at event 15' -- "$SL" replay "$tmp/tampered.save"
# the replay viewer (issue 42): the window on the save, a few frames; a
# save that does not replay is refused, exit 1, with the loader's line
expect 0 '' -- env SDL_VIDEODRIVER=dummy "$SL" replay "$tmp/battle.save" --window --frames 3
expect 1 'tampered.save:16:1: error: the replay went out of step' \
    -- env SDL_VIDEODRIVER=dummy "$SL" replay "$tmp/tampered.save" --window --frames 3
expect 1 'rules.json.*nothing.txt|cannot open' -- "$SL" run tests/data/rules.json --script "$tmp/nothing.txt"
printf 'decide first nac\nactivate a\nmove a 40,10\n' >"$tmp/far.txt"
expect 1 'far.txt:3: error: move a 40,10: too far' -- "$SL" run tests/data/rules.json --script "$tmp/far.txt"
printf 'decide first nac\nactivate a\nfire a at b\n' >"$tmp/short.txt"
printf '1 6 7\n' >"$tmp/short.dice"
expect 1 'the scripted dice ran out at roll 4 \(a D10 was wanted\)' \
    -- "$SL" run tests/data/rules.json --script "$tmp/short.txt" --dice "$tmp/short.dice"
printf '1 6 x\n' >"$tmp/bad.dice"
expect 1 'bad.dice:1:5: error: expected a die value from 1 to 12' \
    -- "$SL" run tests/data/rules.json --script "$tmp/short.txt" --dice "$tmp/bad.dice"
expect 2 'usage: sightline run' -- "$SL" run tests/data/rules.json

# the opportunity fire worked example (seed 001), as a user replays it
expect 0 'ESU 1st Squad spends its overwatch counter' \
    -- "$SL" run maps/outpost.json --script tests/replays/overwatch-example.txt --dice tests/replays/overwatch-example.dice
expect 0 'ESU 1st Squad moves 2\.9" to \(13\.1, 13\.2\), and stops there' \
    -- "$SL" run maps/outpost.json --script tests/replays/overwatch-example.txt --dice tests/replays/overwatch-example.dice
expect 0 '"decision":"opportunity-fire","target":"nac-2","action":"combat-move","options":\[\{"unit":"esu-1","overwatch":true' \
    -- "$SL" run maps/outpost.json --script tests/replays/overwatch-example.txt --dice tests/replays/overwatch-example.dice --json

# solo play of a whole side: the script is NAC's, the program plays ESU's
# turns (which unit, which action, why) and its decisions
printf 'decide pass\ndecide pass\nactivate nac-3\ncombat-move nac-3 21.5,20\n' >"$tmp/solo.txt"
expect 0 '> activate esu-1 # solo: activates ESU 1st Squad: 90% to suppress Marines 2nd Squad from where it stands' \
    -- "$SL" run maps/outpost.json --script "$tmp/solo.txt" --solo esu --seed 3
expect 0 'Solo play: ESU 1st Squad fires at Marines 2nd Squad: 90% to suppress, the best of 3 targets' \
    -- "$SL" run maps/outpost.json --script "$tmp/solo.txt" --solo esu --seed 3
printf 'activate esu-1\n' >"$tmp/solo-esu.txt"
expect 1 "solo-esu.txt:1: error: activate esu-1: New Anglian Confederation must first answer a decision" \
    -- "$SL" run maps/outpost.json --script "$tmp/solo-esu.txt" --solo esu --seed 3
expect 2 "stance is cautious, balanced or aggressive, not 'reckless'" \
    -- "$SL" run maps/outpost.json --solo both --stance reckless
# the tournament: its table and last lines (a benchmark: the figures are
# reported, not asserted)
expect 0 'win_rate_vs_greedy=' -- "$SL" tournament maps/outpost.json --games 1
expect 0 'balance_worst=' -- "$SL" tournament maps/outpost.json --games 1 --opponent policy
expect 2 'opponent is random, greedy, policy or all' -- "$SL" tournament --opponent clever
expect 0 'outpost.json +nac +random +2 ' -- "$SL" tournament maps/outpost.json --games 2 --opponent random
expect 2 'games takes a number from 1 to 10000' -- "$SL" tournament --games 0
# a SkirmishCorps table ends: Red may put Blue out of the fight (seed 1),
# else the vehicles' range has a turn limit (Blue cannot harm the closed
# car, so it could never win or be done with it; seed 3)
expect 0 'The game is over: Red wins' -- "$SL" run maps/lessons/tables/skirmish-vehicles.json --solo both \
    --rule sc_attacks=rolled --seed 1
expect 0 'the turn limit: turn 8 was the last' -- "$SL" run maps/lessons/tables/skirmish-vehicles.json --solo both \
    --rule sc_attacks=rolled --seed 3
expect 0 'unfinished_games=0' -- "$SL" tournament maps/lessons/tables/skirmish-vehicles.json --games 1 \
    --opponent random --rule sc_attacks=rolled
# an option only some rulesets play by: `options` says which, and --rule
# on another ruleset's scenario says it changes nothing
expect 0 'Only under Stargrunt II' -- "$SL" options
expect 0 'potential_hits is not a rule of SkirmishCorps, this scenario.s ruleset' -- "$SL" run \
    maps/lessons/tables/skirmish-example.json --solo both --rule sc_attacks=rolled --rule potential_hits=round-down
expect 0 'sc_attacks is not a rule of Stargrunt II' -- "$SL" run maps/outpost.json --solo both --seed 3 \
    --rule sc_attacks=rolled
# quiet_turns is for tables with no turn limit, SkirmishCorps' among them:
# in play there, no warning
"$SL" run maps/lessons/tables/skirmish-example.json --rule quiet_turns=3 --script /dev/null 2>&1 |
    grep -q 'quiet_turns=3 changes nothing' && fail "--rule quiet_turns on a SkirmishCorps table is said to change nothing"
# --rule with --save: the save keeps the option in its header and its
# replay plays by it (it was refused, though a save now holds rules)
expect 0 'The game is over' -- "$SL" run maps/lessons/tables/skirmish-vehicles.json --solo both \
    --rule sc_attacks=rolled --seed 1 --save "$tmp/rolled.save"
head -n 1 "$tmp/rolled.save" | grep -q '"rules":{"sc_attacks":"rolled"}' ||
    fail "the save of a game run with --rule sc_attacks=rolled does not keep it: $(head -n 1 "$tmp/rolled.save")"
expect 0 'commands replayed, [0-9]+ events, all as saved' -- "$SL" replay "$tmp/rolled.save" --quiet
# objectives in a scenario: errors name the file, line and field
sed 's/"radius": 4, "points": 2}/"radius": 4, "points": 2, "reach": "usa"}/' maps/outpost.json >maps/.obj-bad.json
expect 1 '.obj-bad.json:[0-9]*:[0-9]*: error: .*reach.*no side has id .usa.' -- "$SL" check maps/.obj-bad.json
rm -f maps/.obj-bad.json
# --solo both plays the game to its end: a winner (or a draw) with the reason
expect 0 '"what":("winner","side":"[a-z]*"|"draw"),"reason":"objectives held at the end of turn 5, the last' \
    -- "$SL" run maps/outpost.json --solo both --seed 3 --json
expect 1 "no side has id 'usa'" -- "$SL" run maps/outpost.json --script "$tmp/solo.txt" --solo usa
# the program's stance from the scenario (a side's "solo_stance"), which
# --stance overrides; a stance that is none is refused at its field (the
# outpost gives NAC the cautious stance: st0 plays both sides balanced)
sed 's/"id": "esu",/"id": "esu", "solo_stance": "aggressive",/' maps/outpost.json >maps/.stance.json
"$SL" run maps/outpost.json --solo both --seed 3 --stance balanced >"$tmp/st0.txt" 2>&1
"$SL" run maps/.stance.json --solo both --seed 3 >"$tmp/st1.txt" 2>&1
"$SL" run maps/.stance.json --solo both --seed 3 --stance balanced >"$tmp/st2.txt" 2>&1
cmp -s "$tmp/st0.txt" "$tmp/st1.txt" && { echo "FAIL: a side's solo_stance aggressive plays as balanced"; fails=$((fails + 1)); }
cmp -s "$tmp/st0.txt" "$tmp/st2.txt" || { echo "FAIL: --stance balanced does not override the scenario's solo_stance"; fails=$((fails + 1)); }
sed 's/"id": "esu",/"id": "esu", "solo_stance": "reckless",/' maps/outpost.json >maps/.stance.json
expect 1 'stance.json:19:[0-9]*: error: .sides.1..solo_stance. .reckless. is not a valid solo_stance' \
    -- "$SL" check maps/.stance.json
rm -f maps/.stance.json

# A kept replay: SCENARIO NAME plays tests/replays/NAME.txt with its dice
# exactly as kept in NAME.out, every die rolled (a replay with no NAME.dice
# must roll none).
kept() {
    if [ -f "tests/replays/$2.dice" ]; then
        dice="--dice tests/replays/$2.dice"
    else
        dice="--seed 1"
        "$SL" run "$1" --script "tests/replays/$2.txt" --seed 1 --json 2>/dev/null | grep -q '"event":"roll"' &&
            { echo "FAIL: $2.txt rolls dice but has no $2.dice"; fails=$((fails + 1)); }
    fi
    # shellcheck disable=SC2086 # $dice is two words
    "$SL" run "$1" --script "tests/replays/$2.txt" $dice >"$tmp/$2.out" 2>"$tmp/$2.err" ||
        { echo "FAIL: $2.txt stopped:"; cat "$tmp/$2.err"; fails=$((fails + 1)); }
    same_as_kept "$tmp/$2.out" "tests/replays/$2.out" "$2.txt's play"
    grep -q 'never rolled' "$tmp/$2.err" && { echo "FAIL: $2.dice has dice never rolled"; fails=$((fails + 1)); }
}

# the fireteams house rule's worked examples (seed 004), each played out as
# the seed tells it, compared line by line with the kept output (after a
# deliberate change of wording: sightline run maps/lessons/tables/fireteams-example.json
# --script tests/replays/fireteams-X.txt --dice tests/replays/fireteams-X.dice
# > tests/replays/fireteams-X.out)
for ex in nac phalon leader detach; do
    "$SL" run maps/lessons/tables/fireteams-example.json --script "tests/replays/fireteams-$ex.txt" \
        --dice "tests/replays/fireteams-$ex.dice" >"$tmp/ft.out" 2>"$tmp/ft.err" ||
        { echo "FAIL: fireteams-$ex.txt stopped:"; cat "$tmp/ft.err"; fails=$((fails + 1)); }
    if grep -q 'never rolled' "$tmp/ft.err"; then
        echo "FAIL: fireteams-$ex.dice has dice the example never rolls"; fails=$((fails + 1))
    fi
    same_as_kept "$tmp/ft.out" "tests/replays/fireteams-$ex.out" "fireteams-$ex.txt's play"
done
# the order of the NAC example: team 1, team 2; then team 2 first, team 1
order="$(grep -o 'team [12] acts' tests/replays/fireteams-nac.out | tr '\n' ' ')"
[ "$order" = "team 1 acts team 2 acts team 2 acts team 1 acts " ] ||
    { echo "FAIL: the NAC example's teams acted in the order: $order"; fails=$((fails + 1)); }
ft() { expect "$1" "$2" -- "$SL" run maps/lessons/tables/fireteams-example.json --script "tests/replays/fireteams-$3.txt" \
    --dice "tests/replays/fireteams-$4.dice"; }
ft 0 'NAC 1st Squad, team 1 with its squad leader fires at .*firing D8 \(quality\), D10 \(firepower 10\)' nac nac
ft 0 'NAC 1st Squad, team 1 with its squad leader moves' nac nac
ft 1 'fireteams-nac-refused.txt:13: error: .*the squad leader has gone with NAC 1st Squad, team 1 this turn' nac-refused nac
ft 0 'leader gives both actions to each of its fireteams' phalon phalon
ft 0 'Phalon 1st Squad, team 1 reaches NAC 1st Squad, team 2: close combat' phalon phalon
ft 1 'fireteams-juggling.txt:14: error: activate ph-1.3: .*no juggling' juggling juggling
ft 0 "squad leader is not suppressed: team 1 \(2\.0\"\) is nearer him than team 2 \(3\.0\"\)" leader leader
ft 0 'squad leader is suppressed too: team 1 is the fireteam nearest him \(2\.0"\)' leader leader
ft 0 'each team within squad integrity loses one marker' leader leader
ft 1 'fireteams-leader-refused.txt:15: error: .*counts as suppressed' leader-refused leader-refused
ft 0 'sends nac-1-2 and nac-1-3 off as a detached element, nac-1.D' detach detach
ft 0 'D8 rolls 2 against 2: does not beat it' detach detach
ft 0 'The order does not get through: the action is wasted' detach detach
ft 0 'rejoins NAC 1st Squad \(back within fireteam integrity of the team its men came from\)' detach detach
printf 'decide first nac\nactivate nac-1\ndetach nac-1 nac-1-2 nac-1-3 nac-1-4\n' >"$tmp/det.txt"
expect 1 'det.txt:3: error: .*NAC 1st Squad, team 1 would be left with 1 man' \
    -- "$SL" run maps/lessons/tables/fireteams-example.json --script "$tmp/det.txt" --dice tests/replays/fireteams-detach.dice
printf 'decide first nac\nactivate nac-2\nend\nactivate nac-1.D\n' >"$tmp/det.txt"
expect 1 'det.txt:4: error: .*has formed no detached element' \
    -- "$SL" run maps/lessons/tables/fireteams-example.json --script "$tmp/det.txt" --dice tests/replays/fireteams-detach.dice
"$SL" run maps/lessons/tables/fireteams-example.json --script tests/replays/fireteams-detach.txt \
    --dice tests/replays/fireteams-detach.dice --save "$tmp/det.save" >/dev/null 2>&1
expect 0 'commands replayed, [0-9]+ events, all as saved' -- "$SL" replay "$tmp/det.save" --quiet
# a fireteam game saves and replays like any other
"$SL" run maps/lessons/tables/fireteams-example.json --script tests/replays/fireteams-phalon.txt \
    --dice tests/replays/fireteams-phalon.dice --save "$tmp/ft.save" >/dev/null 2>&1
expect 0 'commands replayed, [0-9]+ events, all as saved' -- "$SL" replay "$tmp/ft.save" --quiet
printf 'decide first nac\n' >"$tmp/first.txt"
printf '3 5 5\n' >"$tmp/extra.dice"
expect 0 'extra.dice: warning: 2 of the 3 scripted dice were never rolled \(the first unused is number 2\)' \
    -- "$SL" run maps/lessons/tables/fireteams-example.json --script "$tmp/first.txt" --dice "$tmp/extra.dice"

# artillery and fuel-air explosives (rulebook pp44-47, seed 000): the
# seed's NSL bunker example plays out as kept, every die used; its JSON
# journal has the call, accuracy and blast state lines; a save replays
kept maps/bunker.json fae-bunker
expect 0 '"test":"call-fire".*' -- "$SL" run maps/bunker.json --script tests/replays/fae-bunker.txt \
    --dice tests/replays/fae-bunker.dice --json
expect 0 '"what":"in-blast","unit":"nsl-pa","who":"nsl-pa-1","radius":8.000,"why":"inside"' -- "$SL" run maps/bunker.json \
    --script tests/replays/fae-bunker.txt --dice tests/replays/fae-bunker.dice --json
"$SL" run maps/bunker.json --script tests/replays/fae-bunker.txt --dice tests/replays/fae-bunker.dice \
    --save "$tmp/fae.save" >/dev/null 2>&1
expect 0 'commands replayed, [0-9]+ events, all as saved' -- "$SL" replay "$tmp/fae.save" --quiet

# the second ruleset (SkirmishCorps foot-units, seed 002) on the same
# table and journal: played as kept, refusals, JSON roll events, a save
kept maps/lessons/tables/skirmish-example.json skirmish
sc() { w="$1"; p="$2"; shift 2; expect "$w" "$p" -- "$SL" run maps/lessons/tables/skirmish-example.json \
    --script tests/replays/skirmish.txt --dice tests/replays/skirmish.dice "$@"; }
sc 0 'Unit A runs 7\.0" to \(17\.0, 12\.0\): 9\.0" of its 9\.0" \(difficult going counts double\)'
sc 0 '6 \+ 1 = 7 is more than its RE 3: Runner lands awkwardly and is stunned'
sc 0 '"event":"roll".*"die":"D6","value":6.*"test":"stance","unit":"runner"' --json
printf 'decide first blue\nactivate unit-a\nassault unit-a runner\n' >"$tmp/sc.txt"
expect 1 'sc.txt:3: error: .*SkirmishCorps close combat is a charge' -- "$SL" run maps/lessons/tables/skirmish-example.json \
    --script "$tmp/sc.txt" --dice tests/replays/skirmish.dice
# a shot: everything the rules give, then the players' own entry
printf 'decide first blue\nactivate unit-a\nfire unit-a at runner\ndecide hit ko\n' >"$tmp/sc.txt"
expect 0 '"what":"attack-result","unit":"runner","text":"Entered by the players: a hit: knocked out' -- "$SL" run \
    maps/lessons/tables/skirmish-example.json --script "$tmp/sc.txt" --dice tests/replays/skirmish.dice --json
printf 'decide first blue\nactivate unit-a\nfire unit-a at runner\nend\n' >"$tmp/sc.txt"
expect 1 'sc.txt:4: error: .*Blue must first answer a decision' -- "$SL" run maps/lessons/tables/skirmish-example.json \
    --script "$tmp/sc.txt" --dice tests/replays/skirmish.dice
expect 1 "skirmish_no_sp.json:11:5: error: \[units\[1\]\] missing field 'sp'" -- "$SL" check tests/data/broken/skirmish_no_sp.json
"$SL" run maps/lessons/tables/skirmish-example.json --script tests/replays/skirmish.txt --dice tests/replays/skirmish.dice \
    --save "$tmp/sc.save" >/dev/null 2>&1
expect 0 'commands replayed, [0-9]+ events, all as saved' -- "$SL" replay "$tmp/sc.save" --quiet
# the spot test (one roll event "spot" for each side's die, the roller
# its unit) and flushing, as kept
kept maps/lessons/tables/skirmish-example.json skirmish-spot
expect 0 '"value":2,"test":"spot","unit":"trooper"' -- "$SL" run maps/lessons/tables/skirmish-example.json \
    --script tests/replays/skirmish-spot.txt --dice tests/replays/skirmish-spot.dice --json
expect 0 '"what":"flushed","unit":"trooper"' -- "$SL" run maps/lessons/tables/skirmish-example.json \
    --script tests/replays/skirmish-spot.txt --dice tests/replays/skirmish-spot.dice --json
# close combat as kept: a charge, a break-off with its free blow
kept maps/lessons/tables/skirmish-example.json skirmish-melee
# overwatch as kept: a chain of reactions resolved the last declared first,
# and a spring attack from overwatch
kept maps/lessons/tables/skirmish-example.json skirmish-overwatch
# vehicles (seed 002's open top): the gunner of an open-topped buggy shot at,
# the closed car's crew out of reach, a grenade thrown into the open top
kept maps/lessons/tables/skirmish-vehicles.json skirmish-vehicles
"$SL" run maps/lessons/tables/skirmish-example.json --script tests/replays/skirmish-overwatch.txt \
    --dice tests/replays/skirmish-overwatch.dice --save "$tmp/ow.save" >/dev/null 2>&1
expect 0 'commands replayed, [0-9]+ events, all as saved' -- "$SL" replay "$tmp/ow.save" --quiet


# plan: what the window draws for a move is what the move does (issue 42):
# NAC 1st Squad, clicked by nac-1-7 and dragged 3.4" right and 2.7" down,
# moves its centre man nac-1-2 the same way; the journal says the same
printf 'decide first nac\nactivate nac-1\n' > "$tmp/plan.txt"
expect 0 '"command":"move nac-1 17.7,15.7","ok":true,"why":"","start":\[14.300,14.000\],"length":3.801,"cost":3.801,"allowance":6.000,"rolled":false,"distance":3.801,"to":\[17.700,15.700\]' \
    -- "$SL" plan maps/default.json --script "$tmp/plan.txt" --unit nac-1 --start 15.6,15.3 --way 19,17 --json
printf 'move nac-1 17.7,15.7\n' >> "$tmp/plan.txt"
expect 0 '"what":"moved","unit":"nac-1","to":\[17.700,15.700\],"distance":3.801' \
    -- "$SL" run maps/default.json --script "$tmp/plan.txt" --json
expect 0 'not allowed' -- "$SL" plan maps/default.json --script "$tmp/plan.txt" --unit nac-1 --start 17,17 --way 30,17
expect 0 'Not allowed: too far' -- "$SL" plan maps/default.json --script "$tmp/plan.txt" --unit nac-1 --start 17,17 --way 30,17
expect 2 "mode is move, combat, jog, run, sprint or sneak, not 'fly'" \
    -- "$SL" plan maps/default.json --unit nac-1 --start 15,15 --way 16,16 --mode fly
expect 1 "has id 'nac-9' \(did you mean 'nac-1'\?\)" -- "$SL" plan maps/default.json --unit nac-9 --start 15,15 --way 16,16
expect 2 'usage: sightline plan' -- "$SL" plan maps/default.json --unit nac-1
finish CLI
