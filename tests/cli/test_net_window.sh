#!/bin/sh
# The windows of `host` and `join` (issue 43) on 127.0.0.1, under SDL's
# dummy video driver: the host's own window takes ESU's seat, a joined
# window NAC's; each draws some frames of the game from the host's state
# and closes. A player rejoins with its seat token; a machine without the
# host's scenario is told how to give it. Every wait is bounded (--frames,
# timeout). usage: test_net_window.sh path/to/sightline
set -u
SL="$1"
. "$(dirname "$0")/lib.sh"
export SIGHTLINE_STATE_DIR="$tmp/state"
mkdir -p "$SIGHTLINE_STATE_DIR"
port=$((20000 + ($$ + 9973) % 20000))


timeout 200 "$SL" host tests/data/fog-swap-a.json --side esu --bind 127.0.0.1 --port "$port" --new --seed 42 \
    --size 640x400 --frames 600 2>"$tmp/host.err" &
hp=$!
wait_for "$tmp/host.err" 'client 0 takes the seat of esu' 30
timeout 120 "$SL" join "127.0.0.1:$port" --side nac --name Ann --token-file "$tmp/nac.tok" --size 640x400 \
    --frames 30 2>"$tmp/join.err" || fail "NAC's window: $(cat "$tmp/join.err")"
grep -q 'playing nac' "$tmp/join.err" || fail "NAC's window was not seated: $(cat "$tmp/join.err")"
grep -q 'client 1 takes the seat of nac' "$tmp/host.err" || fail "the host did not seat NAC's window"
[ -s "$tmp/nac.tok" ] || fail "NAC's window did not keep its seat token"
# it read the game and drew NAC's view: its four units and ESU's (counters among them)
grep -Eq 'the window closed: [1-9][0-9]* events read, [1-9][0-9]* units on the table as nac sees it' \
    "$tmp/join.err" || fail "NAC's window drew no state of the game: $(tail -1 "$tmp/join.err")"
# back with the token; a table this machine does not have: the way out said
timeout 60 "$SL" join "127.0.0.1:$port" --side nac --token-file "$tmp/nac.tok" --table "$tmp/none.json" \
    --frames 5 2>"$tmp/join2.err" && fail "a join with no table opened a window"
grep -q 'which this machine does not have: give a copy with --table FILE' "$tmp/join2.err" ||
    fail "a join with no table did not say why: $(cat "$tmp/join2.err")"
grep -q 'client [0-9]* rejoins nac' "$tmp/host.err" || fail "NAC did not rejoin with its token"
# a side the scenario does not have: refused before any window
expect 1 "no side has id 'zzz'" -- timeout 30 "$SL" host tests/data/fog-swap-a.json --side zzz --port "$port" --new
wait $hp || fail "the host's window: $(grep -v '^ \|^$' "$tmp/host.err" | head -5)"
grep -q 'units on the table as esu sees it' "$tmp/host.err" || fail "the host's window drew no state of the game"
grep -q 'refused' "$tmp/host.err" && fail "the host refused something: $(grep refused "$tmp/host.err")"

finish net_window
