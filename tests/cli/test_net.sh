#!/bin/sh
# Network play from outside (issue 43): sightline serve --stdio with a
# scripted session, and sightline host with two `join` clients over ENet
# on 127.0.0.1 playing tests/replays/fog-swap.txt on the hidden set-up.
# Every wait is bounded (--seconds, timeout). usage: test_net.sh path/to/sightline
set -u
SL="$1"
. "$(dirname "$0")/lib.sh"
export SIGHTLINE_STATE_DIR="$tmp/state"
mkdir -p "$SIGHTLINE_STATE_DIR"
port=$((20000 + $$ % 20000))

# frame TYPE PAYLOAD: one message of the protocol (src/net/PROTOCOL.md)
frame() { printf '%s %d\n%s\n' "$1" "$(printf '%s' "$2" | wc -c)" "$2"; }

# --- serve --stdio: NAC by the script, ESU by the program opponent ---------------
{
    frame hello "sightline-net 1
role play
side nac"
    frame cmd "decide first nac"
    frame cmd "activate b"
    frame cmd "activate a"
    frame cmd "observe a ?E"
    frame chat "good luck"
    printf 'cmd 99999999\n'
    frame cmd "end"
} >"$tmp/in.bin"
timeout 60 "$SL" serve tests/data/fog.json --side nac --stdio --seed 1 <"$tmp/in.bin" >"$tmp/out.bin" 2>"$tmp/serve.err" ||
    fail "serve --stdio failed: $(cat "$tmp/serve.err")"
grep -q '^play nac$' "$tmp/out.bin" || fail "serve: no welcome to NAC's seat"
grep -q '^ok 16$' "$tmp/out.bin" || fail "serve: 'decide first nac' not acknowledged"
grep -q "activate b: no unit has id 'b'" "$tmp/out.bin" || fail "serve: a unit that is not on the table was not refused"
grep -q '"command":"observe a ?E"' "$tmp/out.bin" || fail "serve: NAC's observe is not in its reading"
grep -q '^nac: good luck$' "$tmp/out.bin" || fail "serve: the chat line did not come back"
grep -q "a 'cmd' message over the limit of 16384 bytes" "$tmp/out.bin" || fail "serve: an oversized message was not refused"
grep -q '"command":"end"' "$tmp/out.bin" && fail "serve: a command after a broken frame was played"
grep -q 'refused client 0 (nac), link closed' "$tmp/serve.err" || fail "serve: the broken frame is not in the log"
# Alpha's observe reveals Foxtrot (seed 1): nothing of it before; of Charlie and the dummies nothing
grep -q 'Counter E is revealed: it is Foxtrot' "$tmp/out.bin" || fail "serve: the observe did not reveal Foxtrot"
awk '/it is Foxtrot/ { exit } /Foxtrot|f-[0-9]/ { bad = 1 } END { exit bad }' "$tmp/out.bin" ||
    fail "serve: NAC was sent Foxtrot before its reveal"
grep -q 'Charlie\|c-[0-9]\|d1-1\|d2-1' "$tmp/out.bin" && fail "serve: NAC was sent a hidden ESU unit"
# a wrong side for the program's: refused
frame hello "sightline-net 1
side esu" | timeout 20 "$SL" serve tests/data/fog.json --side nac --stdio >"$tmp/out2.bin" 2>/dev/null
grep -q 'esu is played by the program on this host' "$tmp/out2.bin" || fail "serve: ESU's seat was given to the player of NAC"
expect 2 'usage: sightline serve' -- "$SL" serve tests/data/fog.json --side nac
expect 1 "no side has id 'zzz'" -- "$SL" serve tests/data/fog.json --side zzz --stdio

# --- host and two players over ENet ---------------------------------------------
esu_lines='place esu-dummy-1 64.5,44
done esu
decide first nac
activate esu-1
end
decide pass
activate esu-hq
end
activate esu-2
end
done esu
decide first esu
activate esu-1
end'
nac_lines='activate nac-hq
observe nac-hq ?A
end
activate nac-1
move nac-1 19,14
move nac-1 24,14
activate nac-2
move nac-2 17.5,37.5
end
activate nac-3
move nac-3 22,22.5
end'
printf '%s\n' "$esu_lines" >"$tmp/esu.txt"
printf '%s\n' "$nac_lines" >"$tmp/nac.txt"


# play V [NAC-OPTIONS]: host fog-swap-V, NAC then ESU join and play; a
# spectator watches as NAC (the host allows it)
play() {
    v=$1
    shift
    timeout 60 "$SL" host --headless "tests/data/fog-swap-$v.json" --bind 127.0.0.1 --port "$port" --seed 42 --new \
        --spectators nac --seconds 50 2>"$tmp/host-$v.err" &
    hp=$!
    wait_for "$tmp/host-$v.err" 'port'
    timeout 50 "$SL" join "127.0.0.1:$port" --side nac --name Ann --script "$tmp/nac.txt" --raw "$tmp/nac-$v.raw" \
        --wait-turn --seconds 40 "$@" >"$tmp/nac-$v.out" 2>"$tmp/nac-$v.err" &
    np=$!
    wait_for "$tmp/nac-$v.err" 'playing nac'
    timeout 50 "$SL" join "127.0.0.1:$port" --watch --seconds 40 --raw "$tmp/watch-$v.raw" \
        >"$tmp/watch-$v.out" 2>"$tmp/watch-$v.err" &
    wp=$!
    wait_for "$tmp/watch-$v.err" 'watching as nac'
    timeout 50 "$SL" join "127.0.0.1:$port" --side esu --script "$tmp/esu.txt" --seconds 40 \
        >"$tmp/esu-$v.out" 2>"$tmp/esu-$v.err" || fail "ESU's player on -$v: $(cat "$tmp/esu-$v.err")"
    wait $np || fail "NAC's player on -$v: $(cat "$tmp/nac-$v.err")"
    kill $wp $hp 2>/dev/null
    wait $wp $hp 2>/dev/null
}
for v in a b c; do
    play $v
    "$SL" run "tests/data/fog-swap-$v.json" --script tests/replays/fog-swap.txt --seed 42 --view nac --json \
        >"$tmp/ref-$v.json" 2>/dev/null
    cmp -s "$tmp/ref-$v.json" "$tmp/nac-$v.out" || fail "NAC's client on -$v did not read what run --view nac prints"
    # nothing of ESU 3rd Squad or the dummies not found, ever; nothing of ESU
    # 2nd Squad before its reveal; the places of 3rd Squad's men
    for needle in esu-3 "ESU 3rd Squad" esu-d1 esu-d3 esu-dummy "ESU dummy" "Solar Union dummy"; do
        grep -q -- "$needle" "$tmp/nac-$v.raw" && fail "NAC's client on -$v was sent '$needle'"
    done
    awk '/is revealed: it is ESU 2nd Squad/ { exit } /esu-2|ESU 2nd Squad/ { bad = 1 } END { exit bad }' \
        "$tmp/nac-$v.raw" || fail "NAC's client on -$v was sent ESU 2nd Squad before its reveal"
    # the state to draw (protocol 2): ESU's counters, by letter, with the rest
    grep -q '^state ' "$tmp/nac-$v.raw" || fail "NAC's client on -$v was sent no state to draw"
    grep -q "$(printf 'u\t?A\tesu\tinfantry\tcounter\t-\tCounter A')" "$tmp/nac-$v.raw" ||
        fail "NAC's state on -$v does not show ESU's counter A"
    # the files' names and digests differ (the welcome names the host's file), nothing else may
    sed 's/^token [0-9a-f]*$/token T/; s/^digest [0-9a-f]*$/digest D/; s/^file tests\/data\/fog-swap-[abc]\.json$/file F/' "$tmp/nac-$v.raw" \
        >"$tmp/nac-$v.masked"
    grep -q 'observe nac-hq ?A' "$tmp/watch-$v.out" || fail "the spectator on -$v did not read NAC's commands"
done
grep -q 'nac: connected (Ann)' "$tmp/nac-a.raw" || fail "the seats message does not name NAC's player"
grep -q 'esu: waiting for ESU.s player' "$tmp/nac-a.raw" || fail "NAC was not told the host waits for ESU's player"
for v in b c; do
    cmp -s "$tmp/nac-a.masked" "$tmp/nac-$v.masked" || {
        fail "NAC's client was sent other bytes with other units under ESU's counters (a against $v)"
        diff "$tmp/nac-a.masked" "$tmp/nac-$v.masked" | head -6
    }
done

# the host plays NAC itself from a script, on NAC's turns; ESU joins
timeout 60 "$SL" host tests/data/fog-swap-a.json --bind 127.0.0.1 --port "$port" --seed 42 --new --side nac \
    --script "$tmp/nac.txt" --seconds 40 2>"$tmp/host-s.err" &
hp=$!
wait_for "$tmp/host-s.err" 'port'
expect 1 "nac is played at the host itself" -- timeout 20 "$SL" join --headless "127.0.0.1:$port" --side nac --seconds 5
timeout 50 "$SL" join "127.0.0.1:$port" --side esu --script "$tmp/esu.txt" --seconds 40 >"$tmp/esu-s.out" \
    2>"$tmp/esu-s.err" || fail "ESU against the host's own NAC: $(cat "$tmp/esu-s.err")"
grep -q 'nac: played at the host' "$tmp/esu-s.err" || fail "ESU was not told NAC is played at the host"
kill $hp 2>/dev/null
wait $hp 2>/dev/null
"$SL" run tests/data/fog-swap-a.json --script tests/replays/fog-swap.txt --seed 42 --view esu --json >"$tmp/ref-esu.json" \
    2>/dev/null
cmp -s "$tmp/ref-esu.json" "$tmp/esu-s.out" || fail "ESU against the host's own NAC did not read what run --view esu prints"
grep -q '^sightline host: \(activate\|observe\|move\|end\)' "$tmp/host-s.err" && fail "the host's own NAC script was refused: $(cat "$tmp/host-s.err")"

# hostile clients over the link: refused, logged, the game goes on
timeout 60 "$SL" host --headless tests/data/fog-swap-a.json --bind 127.0.0.1 --port "$port" --seed 42 --new --password brook \
    --seconds 40 2>"$tmp/host-h.err" &
hp=$!
wait_for "$tmp/host-h.err" 'port'
expect 1 'refused: wrong password' -- timeout 20 "$SL" join --headless "127.0.0.1:$port" --side nac --password reed --seconds 5
expect 1 'refused: this host lets nobody watch' -- timeout 20 "$SL" join --headless "127.0.0.1:$port" --watch --password brook \
    --seconds 5
printf 'activate esu-1\n' >"$tmp/bad.txt"
printf '0123456789abcdef0123456789abcdef\n' >"$tmp/stolen.tok"
expect 1 'no seat of esu has that token' -- timeout 20 "$SL" join --headless "127.0.0.1:$port" --side esu --password brook \
    --token-file "$tmp/stolen.tok" --seconds 5
timeout 20 "$SL" join "127.0.0.1:$port" --side esu --password brook --script "$tmp/esu.txt" --stop-after 3 \
    --token-file "$tmp/esu-h.tok" --seconds 10 >/dev/null 2>&1
expect 1 "only Eurasian Solar Union.s player may give that order \\(you play New Anglian Confederation\\)" -- timeout 20 "$SL" join "127.0.0.1:$port" \
    --side nac --password brook --script "$tmp/bad.txt" --token-file "$tmp/nac-h.tok" --seconds 5
printf 'activate nac-hq\n' >"$tmp/good.txt"
expect 0 '' -- timeout 20 "$SL" join "127.0.0.1:$port" --side nac --password brook --script "$tmp/good.txt" \
    --token-file "$tmp/nac-h.tok" --seconds 5
kill $hp 2>/dev/null
wait $hp 2>/dev/null
grep -q 'refused client [0-9]* (no seat), link closed: wrong password' "$tmp/host-h.err" || fail "no wrong password in the log"
grep -q "(nac): activate esu-1" "$tmp/host-h.err" || fail "the command for ESU's unit is not in the log"
grep -q 'client [0-9]* rejoins nac' "$tmp/host-h.err" || fail "NAC's player did not rejoin with its token"

# a client killed mid-game (its link left hanging) rejoins with its token
# and what it has; a host killed mid-game is started again on its autosave
# and both players rejoin: NAC ends with the journal of the uninterrupted game
save="$tmp/kill.save"
host_up() {
    timeout 60 "$SL" host --headless tests/data/fog-swap-a.json --bind 127.0.0.1 --port "$port" --seed 42 --save "$save" \
        --seconds 50 "$@" 2>>"$tmp/host-k.err" &
    hp=$!
    wait_for "$tmp/host-k.err" port
}
: >"$tmp/host-k.err"
host_up --new
timeout 50 "$SL" join "127.0.0.1:$port" --side nac --script "$tmp/nac.txt" --stop-after 3 --token-file "$tmp/nac.tok" \
    --seconds 40 >"$tmp/k-nac.out" 2>"$tmp/k-nac.err" &
np=$!
wait_for "$tmp/k-nac.err" 'playing nac'
timeout 50 "$SL" join "127.0.0.1:$port" --side esu --script "$tmp/esu.txt" --stop-after 5 --token-file "$tmp/esu.tok" \
    --seconds 40 >/dev/null 2>"$tmp/k-esu.err"
wait $np
kill -9 $hp
wait $hp 2>/dev/null
: >"$tmp/host-k.err"
host_up
grep -q 'the game goes on from' "$tmp/host-k.err" || fail "the restarted host did not take up its autosave"
tail -n +4 "$tmp/nac.txt" >"$tmp/nac-rest.txt"
tail -n +6 "$tmp/esu.txt" >"$tmp/esu-rest.txt"
timeout 50 "$SL" join "127.0.0.1:$port" --side nac --script "$tmp/nac-rest.txt" --token-file "$tmp/nac.tok" \
    --have "$(wc -l <"$tmp/k-nac.out")" --wait-turn --seconds 40 >>"$tmp/k-nac.out" 2>"$tmp/k-nac2.err" &
np=$!
timeout 50 "$SL" join "127.0.0.1:$port" --side esu --script "$tmp/esu-rest.txt" --token-file "$tmp/esu.tok" \
    --seconds 40 >/dev/null 2>"$tmp/k-esu2.err" || fail "ESU did not rejoin the restarted host: $(cat "$tmp/k-esu2.err")"
wait $np || fail "NAC did not rejoin the restarted host: $(cat "$tmp/k-nac2.err")"
kill $hp 2>/dev/null
wait $hp 2>/dev/null
cmp -s "$tmp/ref-a.json" "$tmp/k-nac.out" || {
    fail "NAC's journal across a dropped link and a restarted host is not the uninterrupted game's"
    diff "$tmp/ref-a.json" "$tmp/k-nac.out" | head -6
}
grep -q 'client [0-9]* rejoins esu' "$tmp/host-k.err" || fail "ESU did not rejoin with its token"

finish net
