#!/bin/sh
# Lessons (maps/lessons/*.json): every shipped lesson still plays with the
# rules as they are, every die it brings is rolled, and it renders one
# picture a step, each different from the one before; the window opens a
# lesson; a broken lesson is refused naming the file, line and field.
# usage: test_lesson.sh path/to/sightline
set -u
SL="$1"
. "$(dirname "$0")/lib.sh"

for l in maps/lessons/*.json; do
    name=$(basename "$l" .json)
    steps=$(grep -c '"caption"' "$l")
    "$SL" lesson "$l" --render "$tmp/$name" --size 800x500 >"$tmp/$name.out" 2>"$tmp/$name.err" ||
        fail "$l: $(cat "$tmp/$name.err")"
    grep -q 'never rolled' "$tmp/$name.err" && fail "$l: $(cat "$tmp/$name.err")"
    n=$(ls "$tmp/$name"/step-*.png 2>/dev/null | wc -l)
    [ "$n" -eq "$steps" ] || fail "$l: $n pictures for $steps steps"
    prev=""
    for p in "$tmp/$name"/step-*.png; do
        [ -n "$prev" ] && cmp -s "$prev" "$p" && fail "$l: $(basename "$p") shows nothing new"
        prev="$p"
    done
done
# the overwatch story shows the offer with its odds, and the roll's result
[ -f "$tmp/overwatch/step-07.png" ] || fail "no picture of the overwatch offer"

# the window on a lesson (SDL's dummy driver), and its bad inputs
expect 0 '' -- env SDL_VIDEODRIVER=dummy "$SL" lesson maps/lessons/overwatch.json --frames 3
expect 2 'which lesson' -- "$SL" lesson
expect 1 'no such file|cannot open|No such' -- "$SL" lesson "$tmp/none.json"
sed 's/"show": \["bands"\]/"show": ["bends"]/' maps/lessons/overwatch.json >"$tmp/bad-show.json"
expect 1 "bad-show.json:[0-9]+:[0-9]+: .*steps\[5\]\.show\[0\].*'bends' is not an overlay" -- "$SL" lesson "$tmp/bad-show.json" --render "$tmp/x"
sed 's/"format": "sightline-lesson"/"format": "sightline-scenario"/' maps/lessons/overwatch.json >"$tmp/bad-format.json"
expect 1 'not a lesson' -- "$SL" lesson "$tmp/bad-format.json" --render "$tmp/x"
# a command the rules refuse: the step, its line and the reason
sed 's/"move nac-1 25.4,5.0"/"move nac-1 95,5"/' maps/lessons/overwatch.json >"$tmp/bad-move.json"
sed -i 's|"scenario": "../outpost.json"|"scenario": "'"$PWD"'/maps/outpost.json"|' "$tmp/bad-move.json"
expect 1 "bad-move.json:[0-9]+: step 3, command 'move nac-1 95,5' refused" -- "$SL" lesson "$tmp/bad-move.json" --render "$tmp/y"
# broken lessons (tests/data/broken/lesson_*.json, issue 36): each is refused
# with exit 1 and an error at its own line and field, before any picture;
# no overlay number reaches the drawing, nothing of a file it names is shown
for l in tests/data/broken/lesson_*.json; do
    name=$(basename "$l" .json)
    expect 1 "$name\.json:[0-9]+:[0-9]+: error: \[" -- "$SL" lesson "$l" --render "$tmp/b-$name" --size 640x480
    grep -q 'runtime error\|Compiled' "$tmp/out" && fail "$l: $(head -3 "$tmp/out")"
    [ -n "$(ls "$tmp/b-$name" 2>/dev/null)" ] && fail "$l: pictures made of a refused lesson"
done
expect 1 "lesson_seed_string\.json:15:10: error: \[seed\]" \
    -- "$SL" lesson tests/data/broken/lesson_seed_string.json --render "$tmp/s"
expect 1 "lesson_scenario_dir\.json:5:14: error: \[scenario\] cannot open '[^']*': it is a directory" \
    -- "$SL" lesson tests/data/broken/lesson_scenario_dir.json --render "$tmp/s"
# the window refuses them too: one found only with the table, and the exit says so
expect 1 "lesson_blast_off\.json:13:13: error: \[steps\[1\]\.blast\] the blast's centre \(30, 5\) is off" \
    -- env SDL_VIDEODRIVER=dummy "$SL" lesson tests/data/broken/lesson_blast_off.json --frames 3
expect 1 "lesson_no_forces\.json:5:14: error: \[scenario\] '[^']*small.tmj' has no forces to play" \
    -- env SDL_VIDEODRIVER=dummy "$SL" lesson tests/data/broken/lesson_no_forces.json --frames 3
finish lesson
