#!/usr/bin/env bash
# Times Box2D v3.1 (C, f32) b2ShapeCast and b2TimeOfImpact on the very moving pairs of
# gjk-lab's interleaved cast benchmark (core/benches/cast_interleaved.rs), for the
# "Moving shapes" table in docs/benchmarks.md, and checks Box2D's answers against
# gjk-lab's. Not part of CI: it needs a Box2D source tree, which is never committed.
#
#   bash scripts/box2d-cast-bench.sh BOX2D_DIR [POSES_FILE]
#
# BOX2D_DIR: a Box2D v3.1 source tree (with src/ and include/), e.g. from
#   git clone --branch v3.1.1 https://github.com/erincatto/box2d
# POSES_FILE: the file of `GJK_LAB_CAST_POSES=FILE cargo bench --bench cast_interleaved`;
#   without it, this script runs that benchmark first and writes target/cast-poses.txt
#   (the benchmark's own table is printed too: gjk-lab and parry on the same pairs).
#
# Box2D is compiled with -O2 -DNDEBUG -std=gnu17 -ffp-contract=off (issue 34 asks for
# -O2; scripts/box2d-bench.sh uses CMake's Release -O3), SSE2 only, no -march=native.
# CFLAGS="..." replaces these flags. Objects go to BOX2D_DIR/build-gjk-lab-cast.
# Env: ROUNDS (300), TOLERANCE (1e-2, on t: see scripts/box2d/cast_harness.c); COUNTS=1
# also prints Box2D's distance evaluations and root iterations per b2TimeOfImpact call
# (from a second, debug build of Box2D with its counters: the work, not the time).
set -euo pipefail

if [[ $# -lt 1 || ! -d "$1/src" || ! -f "$1/include/box2d/box2d.h" ]]; then
    echo "usage: $0 BOX2D_DIR [POSES_FILE]   (BOX2D_DIR: a Box2D v3.1 tree with src/ and include/box2d/)" >&2
    exit 2
fi
box2d=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
cc=${CC:-cc}
cflags=${CFLAGS:--O2 -DNDEBUG -std=gnu17 -ffp-contract=off}
build="$box2d/build-gjk-lab-cast"
mkdir -p "$build"

if [[ $# -ge 2 ]]; then
    poses=$2
else
    poses="$repo/target/cast-poses.txt"
    echo "== writing the pairs: GJK_LAB_CAST_POSES=$poses cargo bench --bench cast_interleaved"
    (cd "$repo" && GJK_LAB_CAST_POSES="$poses" flock /tmp/gjk-cargo.lock nice -n 15 \
        cargo bench -p gjk-lab-core --bench cast_interleaved)
fi
[[ -s "$poses" ]] || { echo "$0: no pose file at $poses" >&2; exit 1; }

# shellcheck source=box2d/compile.sh
source "$here/box2d/compile.sh"
compile_box2d "$box2d" "$build" "$here/box2d/cast_harness.c" "$build/cast_harness"

echo "== timing ($("$cc" --version | head -1))"
"$build/cast_harness" "$poses" "${ROUNDS:-300}" "${TOLERANCE:-1e-2}"

if [[ "${COUNTS:-0}" == 1 ]]; then
    # Box2D's counters of its time of impact's work exist only in its debug build
    # (B2_SNOOP_TOI_COUNTERS, core.h): a second build without NDEBUG, its times not
    # comparable, for the counts alone.
    echo "== Box2D's work per b2TimeOfImpact call (a debug build with its counters)"
    cflags="${CFLAGS_COUNTS:--O2 -std=gnu17 -ffp-contract=off -Dbox2d_EXPORTS -DGJK_LAB_TOI_COUNTS}"
    compile_box2d "$box2d" "$build-counts" "$here/box2d/cast_harness.c" "$build/cast_harness_counts"
    "$build/cast_harness_counts" "$poses" 1 "${TOLERANCE:-1e-2}" | grep b2TimeOfImpact |
        sed -E 's/ +hits .*per call:/: per call/; s/ +states:.*//'
fi
