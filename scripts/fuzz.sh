#!/usr/bin/env bash
# Runs every fuzz target of fuzz/ (cargo-fuzz, libFuzzer) for SECONDS each (default 30),
# from its seed corpus (fuzz/seeds/TARGET, written from the presets) and what earlier
# runs kept (fuzz/corpus/TARGET), and prints each target's executions and rate. A
# finding stops the script with libFuzzer's report and the input in fuzz/artifacts/.
#
#   scripts/fuzz.sh [SECONDS]
#
# FUZZ_SEED=N fixes libFuzzer's random seed (the test command uses 1, so that a CI run
# explores the same inputs each time; long local runs leave it random).
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
    echo "== fuzzing $target for $seconds s"
    if ! cargo fuzz run "$target" --sanitizer none --fuzz-dir fuzz \
        "fuzz/corpus/$target" "fuzz/seeds/$target" \
        -- -max_total_time="$seconds" -print_final_stats=1 ${FUZZ_SEED:+-seed="$FUZZ_SEED"} >"$log" 2>&1; then
        # libFuzzer's report, then the panic's message last, where a log's tail shows
        # it (the report's tail is mostly the input's bytes and how to reproduce it).
        grep -vE '^#[0-9]+' "$log" | tail -40
        echo "== what $target found"
        grep -A4 -m1 'panicked at' "$log" | cut -c1-2000 ||
            grep -m3 -E 'ERROR: libFuzzer|out-of-memory|timeout' "$log" || true
        echo "error: fuzz target $target found a problem (input in fuzz/artifacts/$target/)" >&2
        exit 1
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    echo "$target: $runs executions, $rate per second, no finding"
done
