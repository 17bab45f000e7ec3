#!/bin/sh
# The windows of `host` and `join` (issue 43) on 127.0.0.1, under SDL's
# dummy video driver: the host's own window takes ESU's seat, a joined
# window NAC's; each draws some frames of the game from the host's state
# and closes. A player rejoins with its seat token; a machine without the
# host's scenario is told how to give it, one with another copy of it is
# refused by the table's digest; a spectator's window sees NAC's view (or
# the referee's where the host allows it) and is offered no actions.
# Every wait is bounded (--frames, timeout). usage: test_net_window.sh path/to/sightline
set -u
SL="$1"
. "$(dirname "$0")/lib.sh"
export SIGHTLINE_STATE_DIR="$tmp/state"
mkdir -p "$SIGHTLINE_STATE_DIR"
port=$((20000 + ($$ + 9973) % 20000))


timeout 200 "$SL" host tests/data/fog-swap-a.json --side esu --bind 127.0.0.1 --port "$port" --new --seed 42 \
    --spectators nac --size 640x400 --frames 600 2>"$tmp/host.err" &
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
# protocol 3: ESU sets up (the host's window has the decision to give and its actions); NAC's window
# waits on it, with nothing offered to do meanwhile
grep -Eq ' 0 actions offered, a decision for esu' "$tmp/join.err" ||
    fail "NAC's window did not wait on ESU's set-up: $(tail -1 "$tmp/join.err")"
# a spectator's window (the host lets one watch as NAC): NAC's view, ESU's hidden units as counters, no actions
timeout 60 "$SL" join "127.0.0.1:$port" --watch --size 640x400 --frames 20 2>"$tmp/watch.err" ||
    fail "the spectator's window: $(cat "$tmp/watch.err")"
grep -q 'watching as nac' "$tmp/watch.err" || fail "the spectator was not told it watches as NAC: $(cat "$tmp/watch.err")"
grep -Eq 'units on the table as nac sees it, [1-9][0-9]* of them counters; 0 actions offered' "$tmp/watch.err" ||
    fail "the spectator did not see NAC's view, counters and all, with no actions: $(tail -1 "$tmp/watch.err")"
# a table that is not the host's (fog-swap-b: ESU 3rd Squad and a dummy swapped): refused by its digest
timeout 60 "$SL" join "127.0.0.1:$port" --watch --table tests/data/fog-swap-b.json --frames 5 2>"$tmp/other.err" &&
    fail "a join with another table opened a window"
grep -q 'is not the table the host plays (digest [0-9a-f]* here, [0-9a-f]* at the host)' "$tmp/other.err" ||
    fail "a join with another table was not refused by its digest: $(cat "$tmp/other.err")"
# back with the token; a table this machine does not have: the way out said
timeout 60 "$SL" join "127.0.0.1:$port" --side nac --token-file "$tmp/nac.tok" --table "$tmp/none.json" \
    --frames 5 2>"$tmp/join2.err" && fail "a join with no table opened a window"
grep -q 'which this machine does not have: give a copy with --table FILE' "$tmp/join2.err" ||
    fail "a join with no table did not say why: $(cat "$tmp/join2.err")"
grep -q 'client [0-9]* rejoins nac' "$tmp/host.err" || fail "NAC did not rejoin with its token"
# a host that lets the referee's view be watched (a club projector): everything, no counters; one that
# lets nobody watch refuses
timeout 60 "$SL" host --headless tests/data/fog-swap-a.json --bind 127.0.0.1 --port $((port + 1)) --new --seed 42 \
    --spectators referee --seconds 30 2>"$tmp/host2.err" &
h2=$!
wait_for "$tmp/host2.err" 'port' 30
timeout 60 "$SL" join "127.0.0.1:$((port + 1))" --watch --size 640x400 --frames 20 2>"$tmp/ref.err" ||
    fail "the referee's spectator window: $(cat "$tmp/ref.err")"
grep -Eq 'units on the table as referee sees it, 0 of them counters; 0 actions offered' "$tmp/ref.err" ||
    fail "the referee's spectator did not see everything: $(tail -1 "$tmp/ref.err")"
kill $h2 2>/dev/null
wait $h2 2>/dev/null
timeout 60 "$SL" host --headless tests/data/fog-swap-a.json --bind 127.0.0.1 --port $((port + 2)) --new --seed 42 \
    --seconds 30 2>"$tmp/host3.err" &
h3=$!
wait_for "$tmp/host3.err" 'port' 30
timeout 60 "$SL" join "127.0.0.1:$((port + 2))" --watch --frames 5 2>"$tmp/nowatch.err" &&
    fail "a host with no --spectators let a window watch"
grep -q 'lets nobody watch' "$tmp/nowatch.err" || fail "the watcher was not told why: $(cat "$tmp/nowatch.err")"
kill $h3 2>/dev/null
wait $h3 2>/dev/null
# a side the scenario does not have: refused before any window
expect 1 "no side has id 'zzz'" -- timeout 30 "$SL" host tests/data/fog-swap-a.json --side zzz --port "$port" --new
wait $hp || fail "the host's window: $(grep -v '^ \|^$' "$tmp/host.err" | head -5)"
grep -Eq 'units on the table as esu sees it, 0 of them counters; [1-9][0-9]* actions offered, a decision for esu' \
    "$tmp/host.err" || fail "the host's window had no state, actions or set-up to give: $(grep closed "$tmp/host.err")"
grep -q 'refused' "$tmp/host.err" && fail "the host refused something: $(grep refused "$tmp/host.err")"

finish net_window
