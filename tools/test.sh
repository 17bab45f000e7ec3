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

# Fuzz the loaders for a short while from the shipped maps and the broken
# corpus. A crash, leak or silent refusal fails the run; libFuzzer saves
# the input that did it as crash-* in build/fuzz.
if command -v clang >/dev/null 2>&1; then
    cmake -S . -B build/fuzz -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSL_FUZZ=ON \
        -DSL_BUILD_TESTS=ON >/dev/null
    cmake --build build/fuzz -j "$jobs" --target fuzz_map fuzz_scenario
    secs="${SL_FUZZ_SECONDS:-20}"
    for t in fuzz_map fuzz_scenario; do
        mkdir -p "build/fuzz/corpus-$t"
        echo "fuzzing $t for ${secs}s"
        (cd build/fuzz && "./tests/$t" -max_total_time="$secs" -rss_limit_mb=2048 \
            -dict=../../tests/fuzz/json.dict "corpus-$t" ../../maps ../../tests/data ../../tests/data/broken \
            2>"$t.log") || { tail -40 "build/fuzz/$t.log"; exit 1; }
        tail -1 "build/fuzz/$t.log"
    done
else
    echo "clang not found: fuzzing skipped"
fi
echo "sightline: all tests passed"
