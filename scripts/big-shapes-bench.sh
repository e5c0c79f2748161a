#!/usr/bin/env bash
# Big shapes across sizes (issue 22): the window's frame time while A turns every frame
# (as a drag does) and the time to open a scene to a screenshot, for two regular
# n-gons and for a concave star against a box, at 16 … 100,000 vertices; then every
# algorithm's `trace` time on two 5,000-gons and two 40,000-gons, with the ratio.
# Prints Markdown tables (docs/benchmarks.md keeps a run). Not a test: it times.
#
# Usage: bash scripts/big-shapes-bench.sh [BINARY]   (default target/release/gjk-lab)
# Needs Xvfb and python3 (the test command installs Xvfb); builds nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${1:-target/release/gjk-lab}"
OUT="target/big-shapes"
mkdir -p "$OUT"

# The scenes: two regular n-gons overlapping; a star of n vertices (concave) and a box.
python3 - "$OUT" <<'EOF'
import math, sys
out = sys.argv[1]
def ring(n, radius=lambda k: 1.0):
    return ", ".join("(%.12f, %.12f)" % (radius(k) * math.cos(2 * math.pi * k / n),
                                         radius(k) * math.sin(2 * math.pi * k / n))
                     for k in range(n))
def scene(a, b):
    return ('(title: "big", shapes: [(name: "A", shape: Polygon(vertices: [%s]), '
            'position: (0.0, 0.0), rotation: 0.1), (name: "B", shape: Polygon(vertices: '
            '[%s]), position: (1.5, 0.3))])\n' % (a, b))
box = "(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)"
for n in [16, 100, 1000, 5000, 10000, 40000, 100000]:
    open("%s/convex-%d.ron" % (out, n), "w").write(scene(ring(n), ring(n)))
for n in [16, 100, 1000]:
    star = ring(n, lambda k: 1.5 if k % 2 == 0 else 0.9)
    open("%s/concave-%d.ron" % (out, n), "w").write(scene(star, box))
EOF

# A display of our own.
for n in $(seq 150 190); do
    [ -e "/tmp/.X$n-lock" ] || { DISPLAY_NUM=$n; break; }
done
Xvfb ":$DISPLAY_NUM" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
XVFB=$!
trap 'kill $XVFB 2>/dev/null || true' EXIT
export DISPLAY=":$DISPLAY_NUM"
for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done

# Mean frame time (ms) over 40 frames with A turning; the best of three runs.
frame_ms() {
    local best=""
    for _ in 1 2 3; do
        local m
        m=$("$BIN" "$1" --frames 40 --animate 2>&1 | sed -n 's/.*mean: \([0-9.]*\) ms.*/\1/p' | tail -1)
        if [ -z "$best" ] || awk "BEGIN{exit !($m < $best)}"; then best=$m; fi
    done
    echo "$best"
}
# Seconds from start to a written screenshot (the whole open: parse, record, draw).
open_s() {
    local t0 t1
    t0=$(date +%s.%N)
    "$BIN" "$1" --screenshot "$OUT/shot.png" >/dev/null 2>&1
    t1=$(date +%s.%N)
    awk "BEGIN{printf \"%.2f\", $t1 - $t0}"
}

echo "| vertices | two regular n-gons: frame | open to a screenshot | concave star vs box: frame | open |"
echo "| ---: | ---: | ---: | ---: | ---: |"
for n in 16 100 1000 10000 100000; do
    convex_frame=$(frame_ms "$OUT/convex-$n.ron")
    convex_open=$(open_s "$OUT/convex-$n.ron")
    if [ -e "$OUT/concave-$n.ron" ]; then
        concave_frame="$(frame_ms "$OUT/concave-$n.ron") ms"
        concave_open="$(open_s "$OUT/concave-$n.ron") s"
    else
        concave_frame="—"
        concave_open="—"
    fi
    echo "| $n | $convex_frame ms | $convex_open s | $concave_frame | $concave_open |"
done

# trace: the best of three runs, output discarded.
trace_s() {
    local best=""
    for _ in 1 2 3; do
        local t0 t1 s
        t0=$(date +%s.%N)
        "$BIN" trace "$1" --algo "$2" >/dev/null
        t1=$(date +%s.%N)
        s=$(awk "BEGIN{printf \"%.4f\", $t1 - $t0}")
        if [ -z "$best" ] || awk "BEGIN{exit !($s < $best)}"; then best=$s; fi
    done
    echo "$best"
}
echo
echo "| algorithm | trace, two 5,000-gons | two 40,000-gons | ratio (8× the vertices) |"
echo "| --- | ---: | ---: | ---: |"
for algo in gjk distance epa pseudo-epa sat clip face-separation polygon-distance; do
    small=$(trace_s "$OUT/convex-5000.ron" "$algo")
    large=$(trace_s "$OUT/convex-40000.ron" "$algo")
    echo "| $algo | $small s | $large s | $(awk "BEGIN{printf \"%.1f\", $large / $small}") |"
done
