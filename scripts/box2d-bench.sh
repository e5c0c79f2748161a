#!/usr/bin/env bash
# Times Box2D v3.1 (C, f32) on the very pose pairs of gjk-lab's interleaved narrow-phase
# benchmark (core/benches/narrow_interleaved.rs), for the table in docs/benchmarks.md. Not part of CI: it
# needs a Box2D source tree, which is never committed here.
#
#   bash scripts/box2d-bench.sh BOX2D_DIR [POSES_FILE]
#
# BOX2D_DIR: a Box2D v3.1 source tree (with src/ and include/), e.g. from
#   git clone --branch v3.1.1 https://github.com/erincatto/box2d
# POSES_FILE: the pose file of `GJK_LAB_POSES=FILE cargo bench --bench narrow_interleaved`;
#   without it, this script runs that benchmark first and writes target/narrow-poses.txt
#   (the benchmark's own table is printed too: gjk-lab and parry on the same pairs).
#
# Box2D is compiled as its CMake Release build compiles it with GCC on x86-64 Linux:
# -O3 -DNDEBUG (CMAKE_BUILD_TYPE=Release), -std=gnu17 (C_STANDARD 17, C_EXTENSIONS),
# -ffp-contract=off (Box2D's deterministic math), SSE2 only (BOX2D_AVX2 is OFF by
# default; no -march=native). CFLAGS="..." replaces these flags, e.g. to try -mavx2.
# Objects go to BOX2D_DIR/build-gjk-lab. Env: ROUNDS (400), TOLERANCE (1e-4).
set -euo pipefail

if [[ $# -lt 1 || ! -d "$1/src" || ! -f "$1/include/box2d/box2d.h" ]]; then
    echo "usage: $0 BOX2D_DIR [POSES_FILE]   (BOX2D_DIR: a Box2D v3.1 tree with src/ and include/box2d/)" >&2
    exit 2
fi
box2d=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
cc=${CC:-cc}
cflags=${CFLAGS:--O3 -DNDEBUG -std=gnu17 -ffp-contract=off}
build="$box2d/build-gjk-lab"
mkdir -p "$build"

if [[ $# -ge 2 ]]; then
    poses=$2
else
    poses="$repo/target/narrow-poses.txt"
    echo "== writing the pose pairs: GJK_LAB_POSES=$poses cargo bench --bench narrow_interleaved"
    (cd "$repo" && GJK_LAB_POSES="$poses" flock /tmp/cargo.lock cargo bench --bench narrow_interleaved)
fi
[[ -s "$poses" ]] || { echo "$0: no pose file at $poses" >&2; exit 1; }

# shellcheck source=box2d/compile.sh
source "$here/box2d/compile.sh"
compile_box2d "$box2d" "$build" "$here/box2d/harness.c" "$build/harness"

echo "== timing ($("$cc" --version | head -1))"
"$build/harness" "$poses" "${ROUNDS:-400}" "${TOLERANCE:-1e-4}"
