#!/bin/sh
# SkirmishCorps odds that tell the truth (issues 38, 41): over seeded games
# of the SkirmishCorps tables against random, every target to hit that
# the solo opponent's reason quotes (an aim, a snap shot, a throw, a
# charge, a reaction from overwatch) must be the target the game then
# rolls for that unit's attack. A charge after a step round a hiding enemy
# was quoted at 2D6 at or under 9 and rolled at 8.
# usage: test_sc_odds.sh path/to/sightline   (run from the source tree)
set -u
SL="$1"
. "$(dirname "$0")/lib.sh"

mkdir -p "$tmp/j"
"$SL" tournament maps/lessons/tables/skirmish-*.json --games 16 --opponent random \
    --rule sc_attacks=rolled --journals "$tmp/j" >"$tmp/out" 2>&1 || fail "the tournament stopped: $(tail -3 "$tmp/out")"

# One line a quoted target: FILE:LINE quoted N rolled M (or none).
for f in "$tmp"/j/*.txt; do
    awk -v F="$(basename "$f")" '
    { line[NR] = $0 }
    END {
        split(" aims | fires | charges | throws | attacks | reacts | snap", verbs, "|")
        for (i = 1; i <= NR; i++) {
            l = line[i]
            if (substr(l, 1, 2) != "> " || substr(l, 3, 7) == "decide ") continue
            s = index(l, "# solo: "); if (!s) continue
            r = substr(l, s + 8)
            q = index(r, "% to hit (2D6 at or under "); if (!q) continue
            n = substr(r, q + 26) + 0
            who = 0
            for (v in verbs) { p = index(r, verbs[v]); if (p && (!who || p < who)) who = p }
            if (!who) continue
            actor = substr(r, 1, who - 1)
            got = "none"
            for (j = i + 1; j <= NR && j <= i + 150; j++) {
                if (index(line[j], "[to-hit]") && index(line[j], actor "\047s roll to hit")) {
                    a = index(line[j], "a hit at or under ")
                    if (a) { got = substr(line[j], a + 18) + 0; break }
                }
            }
            print F ":" i " quoted " n " rolled " got
        }
    }' "$f"
done >"$tmp/odds"

total=$(grep -c rolled "$tmp/odds")
rolled=$(grep -vc 'rolled none' "$tmp/odds")
[ "$rolled" -ge 200 ] || fail "only $rolled of $total quoted targets were rolled (wanted 200 or more to compare)"
grep -v 'rolled none' "$tmp/odds" | awk '$3 != $5' >"$tmp/wrong"
if [ -s "$tmp/wrong" ]; then
    fail "$(wc -l <"$tmp/wrong") of $rolled targets quoted by the solo opponent's reasons are not the ones rolled:"
    head -5 "$tmp/wrong" | while read -r w; do
        echo "    $w"
        file=${w%%:*}; ln=${w#*:}; ln=${ln%% *}
        sed -n "${ln}p" "$tmp/j/$file" | cut -c1-220 | sed 's/^/      /'
    done
fi
echo "sc_odds: $rolled quoted targets compared with the rolls ($total quoted)"
finish sc_odds
