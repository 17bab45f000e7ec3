#!/bin/sh
# Set up, build with AddressSanitizer + UndefinedBehaviorSanitizer and
# warnings as errors, run every test, then fuzz each loader briefly.
set -eu
cd "$(dirname "$0")/.."
SL_EXTRA_PACKAGES="libcmocka-dev clang libclang-rt-dev"
. tools/deps.sh
jobs="$(nproc)"
cmake -S . -B build/test -DCMAKE_BUILD_TYPE=Debug -DSL_SANITIZE=ON -DSL_WERROR=ON
cmake --build build/test -j "$jobs"
(cd build/test && ctest --output-on-failure -j "$jobs")

# Fuzz for a short while: the two file loaders from the shipped maps and
# the broken corpus, the command parser and rules from the kept scripts,
# and the save loader from saves of the kept games. A crash, leak or
# silent refusal fails the run; libFuzzer saves the input that did it as
# crash-* in build/fuzz.
if command -v clang >/dev/null 2>&1; then
    cmake -S . -B build/fuzz -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSL_FUZZ=ON \
        -DSL_BUILD_TESTS=ON >/dev/null
    targets="fuzz_map fuzz_scenario fuzz_command fuzz_save fuzz_net"
    cmake --build build/fuzz -j "$jobs" --target $targets
    mkdir -p build/fuzz/seed-saves
    for g in battle fire-example overwatch-example; do
        dice=""
        [ -f "tests/replays/$g.dice" ] && dice="--dice tests/replays/$g.dice"
        scen=maps/default.json
        [ "$g" = fire-example ] && scen=tests/data/rules.json
        [ "$g" = overwatch-example ] && scen=maps/outpost.json
        # shellcheck disable=SC2086
        build/test/sightline run "$scen" --script "tests/replays/$g.txt" --seed 42 $dice \
            --save "build/fuzz/seed-saves/$g.save" >/dev/null 2>&1 || true
    done
    secs="${SL_FUZZ_SECONDS:-20}"
    for t in $targets; do
        dict=json.dict
        [ "$t" = fuzz_net ] && dict=net.dict
        case "$t" in
        fuzz_command) seeds="../../tests/replays" ;;
        fuzz_save) seeds="seed-saves" ;;
        fuzz_net) seeds="../../tests/fuzz/net" ;;
        *) seeds="../../maps ../../tests/data ../../tests/data/broken" ;;
        esac
        mkdir -p "build/fuzz/corpus-$t"
        echo "fuzzing $t for ${secs}s"
        # shellcheck disable=SC2086
        (cd build/fuzz && "./tests/$t" -max_total_time="$secs" -rss_limit_mb=2048 \
            -dict="../../tests/fuzz/$dict" "corpus-$t" $seeds 2>"$t.log") ||
            { tail -40 "build/fuzz/$t.log"; exit 1; }
        tail -1 "build/fuzz/$t.log"
    done
else
    echo "clang not found: fuzzing skipped"
fi
echo "sightline: all tests passed"
