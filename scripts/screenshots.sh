#!/usr/bin/env bash
# Regenerates screenshots/*.png from every preset in scenes/, with the app's own
# --screenshot mode under xvfb-run (1280 × 800).
#
# Usage: scripts/screenshots.sh [path/to/gjk-lab]   (default: target/release/gjk-lab)
#
# Each preset gets <name>.png: the algorithm of its `view` (GJK when it has none) at
# its last step, where the result is drawn. A few extra pictures show a step in the
# middle of a run, where the simplex or polytope is still growing.
set -eu
# A data folder of its own (no language or progress chosen by hand) and no system
# language: the pictures are English unless one asks for Chinese (`--lang zh`).
export GJK_LAB_DATA_DIR="$(mktemp -d)"
export LC_ALL=C.UTF-8

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BIN="${1:-$ROOT/target/release/gjk-lab}"
OUT="$ROOT/screenshots"
[ -x "$BIN" ] || { echo "no executable at $BIN (cargo build --release)" >&2; exit 1; }
command -v xvfb-run >/dev/null || { echo "xvfb-run is missing (apt-get install xvfb xauth)" >&2; exit 1; }

# Number of steps of an algorithm on a scene's pair (events of `gjk-lab trace`).
step_count() { "$BIN" trace "$1" --algo "$2" | grep -v '"kind":"result"' | grep -c '"index"'; }

# The algorithm named in a scene's view, or gjk.
view_algorithm() {
    local algo
    algo=$(grep -o 'algorithm"\?: *"[a-z-]*"' "$1" | head -1 | sed 's/.*"\([a-z-]*\)"$/\1/')
    echo "${algo:-gjk}"
}

# shot SCENE ALGO STEP NAME [ARGS…]: one picture; STEP is a number, "mid" or "end".
shot() {
    local scene="$1" algo="$2" step="$3" name="$4" n
    shift 4
    n=$(step_count "$scene" "$algo")
    case "$step" in
        end) step=$n ;;
        mid) step=$((n / 2)) ;;
    esac
    echo "$name.png: $(basename "$scene") $algo step $step of $n"
    printf '### %s\n\n`gjk-lab scenes/%s --algo %s --step %s%s` (of %s steps)\n\n![%s](%s.png)\n\n' \
        "$name" "$(basename "$scene")" "$algo" "$step" "${*:+ $*}" "$n" "$name" "$name" >>"$OUT/README.md"
    (cd "$ROOT" && xvfb-run -a -s "-screen 0 1280x800x24" "$BIN" "$scene" \
        --algo "$algo" --step "$step" "$@" --screenshot "$OUT/$name.png")
}

# many_shot SCENE NAME CAPTION ARGS…: one picture of the many-shapes mode.
many_shot() {
    local scene="$1" name="$2" caption="$3"
    shift 3
    echo "$name.png: $(basename "$scene") --mode many $*"
    printf '### %s\n\n%s: `gjk-lab scenes/%s --mode many %s`\n\n![%s](%s.png)\n\n' \
        "$name" "$caption" "$(basename "$scene")" "$*" "$name" "$name" >>"$OUT/README.md"
    (cd "$ROOT" && xvfb-run -a -s "-screen 0 1280x800x24" "$BIN" "$scene" --mode many "$@" \
        --screenshot "$OUT/$name.png")
}

# The last step of the first stepped frame of the many-shapes mode (after ADVANCE s).
sweep_count() {
    local dir
    dir=$(mktemp -d)
    (cd "$ROOT" && xvfb-run -a -s "-screen 0 1280x800x24" "$BIN" "$1" --mode many --advance "$2" \
        --step 1 --status "$dir/status.json" --screenshot "$dir/shot.png")
    grep -o '"sweep_count":[0-9]*' "$dir/status.json" | cut -d: -f2
    rm -rf "$dir"
}

mkdir -p "$OUT"
# Every picture this script makes (web-*.png come from the browser test: SHOTS=screenshots).
find "$OUT" -name '*.png' ! -name 'web-*.png' -delete
cat >"$OUT/README.md" <<'HEADER'
# Screenshots of the presets

Made by `scripts/screenshots.sh` with the app's own `--screenshot` mode (under
`xvfb-run`, 1280 × 800); do not edit by hand. Left: the shapes in the world; right: the
Minkowski difference A − B with its origin O; far right: the narration of the step, the
algorithm's pseudo-code with the current line highlighted, and the legend.

Run the window with `cargo run --release` (default preset) or
`cargo run --release -- scenes/NAME.ron`; the Help tab lists the mouse and keys.

HEADER
for scene in "$ROOT"/scenes/*.ron "$ROOT"/scenes/*.json; do
    [ -e "$scene" ] || continue
    name=$(basename "${scene%.*}")
    case "$name" in
        many-shapes-*) continue ;; # the many-shapes mode, below
    esac
    shot "$scene" "$(view_algorithm "$scene")" end "$name"
done
# The many-shapes mode: shapes drifted for a while, pairs (yellow) and contacts (red).
for scene in "$ROOT"/scenes/many-shapes-*.ron; do
    many_shot "$scene" "$(basename "${scene%.*}")" "After 20 s of drifting" --advance 20
done
# The sweep stepped: a box enters the active list; a candidate pair is tested; many
# strips; the next frame's insertion sort, swap by swap.
MANY200="$ROOT/scenes/many-shapes-200.ron"
many_shot "$MANY200" many-shapes-200-sweep-enter "Sweep step 30: a box enters the active list" \
    --advance 20 --step 30
many_shot "$MANY200" many-shapes-200-sweep-candidate "Sweep step 29: a candidate pair is tested" \
    --advance 20 --step 29
many_shot "$ROOT/scenes/many-shapes-2000.ron" many-shapes-2000-sweep \
    "2,000 shapes, 35 strips: the pairs of the strips already swept are lit" --advance 30 --step 2000
n=$(sweep_count "$MANY200" 20)
many_shot "$MANY200" many-shapes-200-sweep-swap \
    "The next frame's insertion sort: N pressed $((n + 3)) times (the first frame has $n steps)" \
    --advance 20 --step $((n + 3))
# Mid-run pictures: GJK's simplex and Voronoi region, EPA's growing polytope,
# GJK distance's closest point, pseudo-EPA's edge choice, GJK's separating axis.
shot "$ROOT/scenes/overlapping-polygons.ron" gjk 8 overlapping-polygons-gjk-region
shot "$ROOT/scenes/overlapping-polygons.ron" epa mid overlapping-polygons-epa-mid
shot "$ROOT/scenes/separated-polygons.ron" distance mid separated-polygons-distance-mid
shot "$ROOT/scenes/separated-polygons.ron" gjk end separated-polygons-gjk-separating-axis
shot "$ROOT/scenes/overlapping-polygons.ron" pseudo-epa 2 overlapping-polygons-pseudo-epa-choose
# SAT and clipping mid-run: an axis that does not beat the running minimum, the
# OBB fast path at its last axis, the parallel-edge tie, SAT on an ellipse (it does
# not apply), a side plane cutting the incident edge, the kept and dropped points.
shot "$ROOT/scenes/sat-overlapping.ron" sat 5 sat-overlapping-running-minimum
shot "$ROOT/scenes/sat-separated.ron" sat 3 sat-separated-axis
shot "$ROOT/scenes/sat-parallel-tie.ron" sat 5 sat-parallel-tie-axis
shot "$ROOT/scenes/ellipse-polygon.ron" sat end ellipse-polygon-sat-not-applicable
shot "$ROOT/scenes/box-stack.ron" clip 3 box-stack-side-plane
shot "$ROOT/scenes/vertex-contact.ron" clip 5 vertex-contact-keep-below
# Capsules: round ends touching (one contact, B's deepest point); SAT on a capsule
# (it does not apply).
shot "$ROOT/scenes/capsules-end-on.ron" clip 6 capsules-end-on-round-parts
shot "$ROOT/scenes/capsules.ron" sat end capsules-sat-not-applicable
# Moving shapes: the bullet tunnels through the discrete check and sub-stepping (the
# missed touch dotted); the shape cast's ray, λ jumping, and its hit; the SAT cast's
# gaps; conservative
# advancement crawling on the turning bar, the time of impact's deepest points and hit.
shot "$ROOT/scenes/cast-bullet-wall.ron" discrete end cast-bullet-wall-discrete
shot "$ROOT/scenes/cast-bullet-wall.ron" sub-stepping end cast-bullet-wall-sub-stepping
shot "$ROOT/scenes/cast-bullet-wall.ron" shape-cast 3 cast-bullet-wall-shape-cast-advance
shot "$ROOT/scenes/cast-ray-pick.ron" shape-cast 2 cast-ray-pick-support
# The SAT cast: a face whose gap closes latest so far (t_in moves, the ghost there),
# and its hit on the same scene.
shot "$ROOT/scenes/cast-sat-polygons.ron" sat-cast 3 cast-sat-polygons-face
shot "$ROOT/scenes/cast-sat-polygons.ron" sat-cast end cast-sat-polygons-hit
shot "$ROOT/scenes/cast-rotating-bar.ron" conservative-advancement mid cast-rotating-bar-advancement-mid
shot "$ROOT/scenes/cast-rotating-bar.ron" time-of-impact 4 cast-rotating-bar-toi-deepest
# Circle against polygon in closed form: the centre's face region, shaded, with q and n.
shot "$ROOT/scenes/circle-polygon-closed-form.ron" circle-polygon 8 circle-polygon-closed-form-region
# Face separation: a face's separation with the other polygon's deepest vertex w, then
# the reference face with its two clipped contacts.
shot "$ROOT/scenes/face-separation.ron" face-separation 3 face-separation-face
# Box against box: one axis's closed-form separation, the gap between the shadows.
shot "$ROOT/scenes/box-box.ron" box-box 3 box-box-axis
# Bounding circles first: apart, box vs box ends there; circle vs polygon's yes/no and
# contacts do too (its distance goes on).
shot "$ROOT/scenes/box-box-circles-apart.ron" box-box 1 box-box-circles-apart-circles
shot "$ROOT/scenes/circle-polygon-circles-apart.ron" circle-polygon 1 circle-polygon-circles-apart-circles
# Ellipse against polygon: an edge's squashed separation, the squashed centre's vertex
# region, and a Newton probe with the gap drawn in both views.
shot "$ROOT/scenes/ellipse-polygon-squash.ron" ellipse-polygon 7 ellipse-polygon-squash-edge
shot "$ROOT/scenes/ellipse-polygon-squash.ron" ellipse-polygon 8 ellipse-polygon-squash-region
shot "$ROOT/scenes/ellipse-polygon-squash.ron" ellipse-polygon 11 ellipse-polygon-squash-newton
# Overlapping: the tip's way out to its nearest boundary point, then the depth.
shot "$ROOT/scenes/ellipse-polygon-depth.ron" ellipse-polygon 7 ellipse-polygon-depth-vertex
shot "$ROOT/scenes/ellipse-polygon-depth.ron" ellipse-polygon 10 ellipse-polygon-depth-result
# A vertex outside a long ellipse, inside its evolute, holds the shortest way out.
shot "$ROOT/scenes/ellipse-polygon-outside-vertex.ron" ellipse-polygon 7 ellipse-polygon-outside-vertex
# Polygon distance: the bounding circles, then a vertex pair of the walk with d and the
# gap in both views.
shot "$ROOT/scenes/polygon-distance.ron" polygon-distance 1 polygon-distance-circles
shot "$ROOT/scenes/polygon-distance.ron" polygon-distance 6 polygon-distance-pair
# EPA on the scene where pseudo-EPA goes wrong, to compare the two answers.
[ -e "$ROOT/scenes/pseudo-epa-wrong.ron" ] && shot "$ROOT/scenes/pseudo-epa-wrong.ron" epa end pseudo-epa-wrong-epa
# A learner's own trace checked in the window (Load my trace): the trace of
# examples/gjk_wrong_direction.py on dyn4j's GJK example, beside gjk-lab's step 9.
if command -v python3 >/dev/null; then
    MYTRACE="$(mktemp -d)/buggy.jsonl"
    python3 "$ROOT/examples/gjk_wrong_direction.py" >"$MYTRACE"
    echo "my-trace-diverges.png: dyn4j-gjk.ron --my-trace buggy.jsonl --step 9"
    printf '### %s\n\n%s: `gjk-lab scenes/dyn4j-gjk.ron --step 9 --my-trace buggy.jsonl` (buggy.jsonl from `python3 examples/gjk_wrong_direction.py`)\n\n![%s](%s.png)\n\n' \
        my-trace-diverges "A learner's trace with the triple product the wrong way round, checked on the pair" \
        my-trace-diverges my-trace-diverges >>"$OUT/README.md"
    (cd "$ROOT" && xvfb-run -a -s "-screen 0 1280x800x24" "$BIN" "$ROOT/scenes/dyn4j-gjk.ron" \
        --algo gjk --step 9 --my-trace "$MYTRACE" --screenshot "$OUT/my-trace-diverges.png")
fi

# The seeds' versions (docs/seed-variants.md): each on its preset, at the first step
# where it differs from gjk-lab's run, and at its end.
# variant_first VARIANT: that first step (the status file's first_difference).
variant_first() {
    local dir scene
    dir=$(mktemp -d)
    scene=$("$BIN" trace --list-variants | grep "\"variant\":\"$1\"" | sed 's/.*"preset":"\([^"]*\)".*/\1/')
    (cd "$ROOT" && xvfb-run -a -s "-screen 0 1280x800x24" "$BIN" "$scene" --variant "$1" \
        --status "$dir/status.json" --screenshot "$dir/shot.png")
    grep -o '"first_difference":[0-9]*' "$dir/status.json" | cut -d: -f2
    rm -rf "$dir"
}
# variant_shot VARIANT STEP NAME: one picture of a seed's version ("end": its last step).
variant_shot() {
    local variant="$1" step="$2" name="$3" scene algo n
    scene=$("$BIN" trace --list-variants | grep "\"variant\":\"$variant\"" | sed 's/.*"preset":"\([^"]*\)".*/\1/')
    algo=$("$BIN" trace --list-variants | grep "\"variant\":\"$variant\"" | sed 's/.*"algo":"\([^"]*\)".*/\1/')
    n=$("$BIN" trace "$ROOT/$scene" --variant "$variant" | grep -v '"kind":"result"' | grep -c '"index"')
    [ "$step" = end ] && step=$n
    echo "$name.png: $scene --variant $variant step $step of $n"
    printf '### %s\n\nThe seed'"'"'s version beside gjk-lab'"'"'s: `gjk-lab %s --variant %s --step %s` (%s, of %s steps)\n\n![%s](%s.png)\n\n' \
        "$name" "$scene" "$variant" "$step" "$algo" "$n" "$name" "$name" >>"$OUT/README.md"
    (cd "$ROOT" && xvfb-run -a -s "-screen 0 1280x800x24" "$BIN" "$scene" --variant "$variant" \
        --step "$step" --screenshot "$OUT/$name.png")
}
for variant in $("$BIN" trace --list-variants | sed 's/.*"variant":"\([^"]*\)".*/\1/'); do
    variant_shot "$variant" "$(variant_first "$variant")" "variant-$variant-first-difference"
    variant_shot "$variant" end "variant-$variant"
done
# Runs with other settings than gjk-lab's (docs/settings.md, the Advanced panel open):
# settings_shot SCENE ALGO STEP NAME CAPTION OPTIONS…
settings_shot() {
    local scene="$1" algo="$2" step="$3" name="$4" caption="$5" n
    shift 5
    n=$("$BIN" trace "$ROOT/scenes/$scene" --algo "$algo" "$@" | grep -v '"kind":"result"' | grep -c '"index"')
    [ "$step" = end ] && step=$n
    echo "$name.png: $scene --algo $algo $* step $step of $n"
    printf '### %s\n\n%s: `gjk-lab scenes/%s --algo %s %s --step %s` (of %s steps)\n\n![%s](%s.png)\n\n' \
        "$name" "$caption" "$scene" "$algo" "$*" "$step" "$n" "$name" "$name" >>"$OUT/README.md"
    (cd "$ROOT" && xvfb-run -a -s "-screen 0 1280x800x24" "$BIN" "scenes/$scene" --algo "$algo" \
        "$@" --step "$step" --screenshot "$OUT/$name.png")
}
settings_shot gallery-near-touch-far.ron gjk end settings-f32-far \
    "Boxes 0.001 apart at 1e6 in f32: the gap is lost, the wrong side" --precision f32
settings_shot ellipse-polygon.ron distance 20 settings-f32-curved \
    "A curved pair in f32 with f64's convergence tolerance: gjk-lab's run (rings) has converged" --precision f32
settings_shot overlapping-polygons.ron epa end settings-epa-cap \
    "EPA capped at 2 support points: iteration_limit, its depth an upper bound" --max-iterations 2
# The lessons: each lesson's first checkpoint, asked and then answered (right); every
# checkpoint, asked and answered wrong (the reply sets the learner's number beside the
# answer's, and every candidate's number is drawn); and the figures of lessons 0 and 1.
# lesson_shot FILE PAGE NAME CAPTION [--answer right]: one picture of a lesson page.
lesson_shot() {
    local file="$1" page="$2" name="$3" caption="$4"
    shift 4
    echo "$name.png: $(basename "$file") page $page $*"
    printf '### %s\n\n%s: `gjk-lab --lesson %s --page %s %s`\n\n![%s](%s.png)\n\n' \
        "$name" "$caption" "$(basename "${file%.*}")" "$page" "$*" "$name" "$name" >>"$OUT/README.md"
    (cd "$ROOT" && GJK_LAB_DATA_DIR="$(mktemp -d)" xvfb-run -a -s "-screen 0 1280x800x24" "$BIN" \
        --lesson "$file" --page "$page" "$@" --screenshot "$OUT/$name.png")
}
# The 1-based number of a lesson file's first page with a checkpoint.
first_checkpoint() {
    awk '/\(text:/ { n++ } /checkpoint:/ { print n; exit }' "$1"
}
# The 1-based numbers of all its pages with a checkpoint.
checkpoint_pages() {
    awk '/\(text:/ { n++ } /checkpoint:/ { print n }' "$1"
}
for file in "$ROOT"/scenes/lessons/*.ron; do
    name="lesson-$(basename "${file%.*}")"
    page=$(first_checkpoint "$file")
    lesson_shot "$file" "$page" "$name" "Its first checkpoint, waiting for a click"
    lesson_shot "$file" "$page" "$name-answered" "The same checkpoint answered right" --answer right
    for page in $(checkpoint_pages "$file"); do
        lesson_shot "$file" "$page" "$name-p$page" "Page $page's checkpoint, waiting for a click"
        lesson_shot "$file" "$page" "$name-p$page-wrong" "Page $page's checkpoint answered wrong" \
            --answer wrong
    done
done
LESSON0="$ROOT/scenes/lessons/00-minkowski.ron"
lesson_shot "$LESSON0" 3 lesson-00-minkowski-differences "Every vertex difference and their hull"
lesson_shot "$LESSON0" 4 lesson-00-minkowski-sweep "A swept by -B"
lesson_shot "$ROOT/scenes/lessons/01-support.ron" 2 lesson-01-support-drag \
    "The support points along the dragged direction d"

# In Chinese (issue 35): a lesson page with its question, a step of an algorithm, and
# the Help tab.
echo "## In Chinese (--lang zh)" >>"$OUT/README.md"
echo >>"$OUT/README.md"
lesson_shot "$ROOT/scenes/lessons/02-gjk.ron" 4 zh-lesson-02-gjk-p4 \
    "Lesson 2's page 4 in Chinese, its question waiting" --lang zh
shot "$ROOT/scenes/box-box.ron" sat 3 zh-box-box-sat --lang zh
zh_help() {
    echo "zh-help.png: the Help tab in Chinese"
    printf '### zh-help\n\nThe Help tab in Chinese: `gjk-lab --lang zh --tab help`\n\n![zh-help](zh-help.png)\n\n' \
        >>"$OUT/README.md"
    (cd "$ROOT" && xvfb-run -a -s "-screen 0 1280x800x24" "$BIN" --lang zh --tab help \
        --screenshot "$OUT/zh-help.png")
}
zh_help
ls -1 "$OUT"
