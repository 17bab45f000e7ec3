# Shared by the command-line tests (sourced): a scratch directory, a
# failure count, and `expect`.
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

# finish NAME: the summary line and the exit status.
finish() {
    if [ "$fails" -ne 0 ]; then
        echo "$fails $1 check(s) failed"
        exit 1
    fi
    echo "all $1 checks passed"
}
