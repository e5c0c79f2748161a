#!/usr/bin/env bash
# Runs every fuzz target of fuzz/ (cargo-fuzz, libFuzzer) for SECONDS each (default 30),
# from its seed corpus (fuzz/seeds/TARGET, written from the presets) and what earlier
# runs kept (fuzz/corpus/TARGET), and prints each target's executions and rate. A
# finding stops the script with libFuzzer's report and the input in fuzz/artifacts/.
#
#   scripts/fuzz.sh [SECONDS]
#
# FUZZ_SEED=N fixes libFuzzer's random seed; long local runs leave it random.
#
# FUZZ_RUNS=N (the test command's way) runs each target for N executions instead of a
# time, from its seeds alone, in a fresh corpus: with FUZZ_SEED about the same inputs on
# every machine (libFuzzer is not exactly repeatable: two runs of 100,000 differ by a
# few coverage features), so that what passes here passes on CI (a time limit let a
# faster machine explore further than the last local run, and a local corpus differs
# from a clean clone's). SECONDS still caps each target, for a slow machine.
#
# Installs cargo-fuzz if missing. The targets build on this stable toolchain through
# RUSTC_BOOTSTRAP=1, without a sanitizer (the core has no unsafe code; what we look
# for is panics and broken contracts, which debug assertions and the checks of
# gjk_lab::invariants turn into crashes).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-30}"

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "== installing cargo-fuzz"
    cargo install cargo-fuzz --locked --quiet
fi
export RUSTC_BOOTSTRAP=1

echo "== building the fuzz targets"
cargo fuzz build --sanitizer none --fuzz-dir fuzz

for target in $(cargo fuzz list --fuzz-dir fuzz); do
    mkdir -p "fuzz/corpus/$target" "fuzz/artifacts/$target"
    log="fuzz/artifacts/$target/last-run.log"
    corpus="fuzz/corpus/$target"
    if [ -n "${FUZZ_RUNS:-}" ]; then
        corpus=$(mktemp -d)
        echo "== fuzzing $target for $FUZZ_RUNS executions (at most $seconds s)"
    else
        echo "== fuzzing $target for $seconds s"
    fi
    if ! cargo fuzz run "$target" --sanitizer none --fuzz-dir fuzz \
        "$corpus" "fuzz/seeds/$target" \
        -- -max_total_time="$seconds" ${FUZZ_RUNS:+-runs="$FUZZ_RUNS"} -print_final_stats=1 \
        ${FUZZ_SEED:+-seed="$FUZZ_SEED"} >"$log" 2>&1; then
        # libFuzzer's report, then the panic's message last, where a log's tail shows
        # it (the report's tail is mostly the input's bytes and how to reproduce it).
        grep -vE '^#[0-9]+' "$log" | tail -40
        echo "== what $target found"
        grep -A4 -m1 'panicked at' "$log" | cut -c1-2000 ||
            grep -m3 -E 'ERROR: libFuzzer|out-of-memory|timeout' "$log" || true
        echo "error: fuzz target $target found a problem (input in fuzz/artifacts/$target/)" >&2
        exit 1
    fi
    [ -n "${FUZZ_RUNS:-}" ] && rm -rf "$corpus"
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    echo "$target: $runs executions, $rate per second, no finding"
done
