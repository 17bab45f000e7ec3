# Shared by the command-line tests (sourced): a scratch directory, a
# failure count, `expect`, `fail`, `replay_kept` and `finish`.
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fails=0

# expect STATUS PATTERN -- command...: the command exits STATUS and its
# combined output matches the grep -E PATTERN.
expect() {
    want="$1"; pat="$2"; shift 3
    "$@" >"$tmp/out" 2>&1
    got=$?
    if [ "$got" -ne "$want" ] || { [ -n "$pat" ] && ! grep -Eq -- "$pat" "$tmp/out"; }; then
        echo "FAIL: $* (exit $got, wanted $want, pattern '$pat')"
        sed 's/^/    /' "$tmp/out" | head -20
        fails=$((fails + 1))
    fi
}

# fail MESSAGE: count a failure found some other way.
fail() {
    echo "FAIL: $*"
    fails=$((fails + 1))
}

# replay_kept SL SCENARIO NAME: tests/replays/NAME.txt played with
# NAME.dice must use every die and print NAME.out exactly; the output is
# left in $tmp/NAME.out for further checks.
replay_kept() {
    "$1" run "$2" --script "tests/replays/$3.txt" --dice "tests/replays/$3.dice" >"$tmp/$3.out" 2>"$tmp/err" ||
        fail "$3.txt stopped: $(cat "$tmp/err")"
    grep -q 'never rolled' "$tmp/err" && fail "$3.dice has dice the replay never rolls"
    same_as_kept "$tmp/$3.out" "tests/replays/$3.out" "$3.txt's play"
}

# same_as_kept NEW KEPT WHAT: NEW must be KEPT byte for byte (a kept replay's
# output, a side's reading). With SL_UPDATE=1 (tools/update-kept.sh) a
# difference rewrites KEPT instead, and says so: look at `git diff` after.
same_as_kept() {
    cmp -s "$1" "$2" && return 0
    if [ "${SL_UPDATE:-}" = 1 ]; then
        cp "$1" "$2"
        echo "updated: $2"
        return 0
    fi
    fail "$3 is no longer as kept in $2:"
    diff "$2" "$1" | head -10
}

# finish NAME: the summary line and the exit status.
finish() {
    if [ "$fails" -ne 0 ]; then
        echo "$fails $1 check(s) failed"
        exit 1
    fi
    echo "all $1 checks passed"
}

# wait_for FILE PATTERN [SECONDS]: until PATTERN shows in FILE, bounded
# (10 s unless told)
wait_for() {
    i=0
    n=$(( ${3:-10} * 20 ))
    while ! grep -q "$2" "$1" 2>/dev/null; do
        i=$((i + 1))
        [ $i -gt $n ] && { fail "waited ${3:-10} s for '$2' in $1"; return 1; }
        sleep 0.05
    done
}
