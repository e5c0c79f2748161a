#!/usr/bin/env bash
# End-to-end test of the gjk-lab window, driven like a person would drive it.
#
# Usage: scripts/e2e.sh [path/to/gjk-lab]     (default: target/release/gjk-lab)
#
# Starts its own Xvfb on a free display, opens a copy of a preset with --status, and
# checks through the status file (and a screenshot) that:
#   1. the app starts on the preset, at step 0;
#   2. pressing N three times and B once shows step 2;
#   3. dragging shape A by 100 px moves it by 100 px / zoom in world units (x right,
#      y unchanged);
#   4. overwriting the scene file with a broken one keeps the app running, reports an
#      error naming the file, and keeps the shapes; F5 does the same;
#   5. a screenshot of the window is not blank;
#   6. the many-shapes preset opens in the broad-phase mode with its shapes moving and
#      pairs and contacts reported; N steps its sweep (the step advances, the active
#      list and the reported pairs come with it), B steps back, Space runs again;
#   7. dragging a square's corner inwards makes it concave: it is split into two parts
#      and the stepped algorithm runs on a decisive part pair.
#   8. the SAT preset opens on SAT and N steps it to its last step; on sat-separated
#      SAT stops at the first axis with a gap (axis 3 of 9); the box-stack
#      preset opens on clipping and N steps it to its end; keys 5 and 7 choose SAT
#      and clipping;
#   9. --export writes a 4-frame animated GIF and a PNG sequence of a step range;
#  10. three wheel notches over the Scenes list scroll it by 120 px (40 a notch; it
#      was 0.4 px a notch): the list after the wheel matches the list before it,
#      120 px lower (screenshots compared with ImageMagick);
#  11. the sweep and prune lesson, page 1 to 7: one checkpoint answered right, one
#      wrong, through --status (score, verdict) and the progress file;
#  12. quit inside lesson 4 at page 3, start again, K: lesson 4 at page 3 (and F5
#      there keeps the lesson and the page); a first start offers the lessons (1.);
#  13. the many-shapes round trip keeps the pair: M, drift, Ctrl+S, M gives back the
#      exact poses, and the saved file holds them; a lesson's many-shapes page left
#      with K gives back the lesson file's poses;
#  14. lesson 7 page 4 (A and C apart): a click on a separating axis SAT does not test
#      first (C's edge, the most negative overlap) is judged right; the Hint shows the
#      rule; a wrong click is answered with its number and the answer's;
#  15. --my-trace with the trace of examples/gjk_wrong_direction.py: the status says
#      it diverges at line 7 (direction away from the origin), and stepping keeps it.
#  16. the window resized to 800×600, 390×844 and 844×390 takes the narrow and phone
#      layouts (status screen, layout) and refits: A and B inside the window, at least
#      30 px apart; a lesson page's link (status link) opens that page with
#      `gjk-lab open`; an idle window draws no frame and uses next to no CPU, and
#      still reloads its scene file when it changes on disk; input wakes it.
#  17. the seeds' versions: on seed 001's no-progress preset, V twice chooses seed
#      001's GJK without a progress test (status "variant"), its run ends at the
#      iteration cap (64 support points) far after gjk-lab's, the first step where
#      they differ is reported and its narration says so; V once more is gjk-lab's.
#  20. moving shapes (issue 34): on the bullet preset key T shows the time of impact and
#      End its hit, key X the SAT cast saying why it does not take the ball, key D the
#      discrete check and its miss (tunnelling named); dragging
#      the ring on the bullet's dashed end pose by 200 px shortens its velocity by
#      200 px / zoom (status motion), and the discrete check is run again.
#  18. the Advanced settings: the near-touching boxes at 1e6 with --precision f32
#      (status "settings"): the run ends on the wrong side and its last step says so,
#      the first step where it differs from gjk-lab's run is reported; with
#      --max-iterations 2 GJK on overlapping polygons ends as iteration_limit.
#  21. a lesson in Chinese (issue 35): lesson 2 with --lang zh reads Chinese (status
#      lang, page text), its three checkpoints answered right by clicks, the last
#      page reached; the language menu switches to English live (the page and the
#      step stay, the text is English) and back to 中文, and a start without --lang
#      comes back in Chinese (remembered).
# Progress is kept in a data folder of its own ($GJK_LAB_DATA_DIR), never the user's.
# It installs and builds nothing (scripts/test.sh does), needs Xvfb, xdpyinfo, xdotool,
# ImageMagick (import, convert) and python3 (to read the status JSON), and kills only
# the processes it started.

set -u
# The window starts in the system's language when none is chosen: these checks read
# English (section 21 chooses Chinese itself).
export LC_ALL=C.UTF-8

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BIN="${1:-$ROOT/target/release/gjk-lab}"
PRESET="$ROOT/scenes/overlapping-polygons.ron"
PASSED=0
FAILED=0
XVFB_PID=""
APP_PID=""
TMP="$(mktemp -d "${TMPDIR:-/tmp}/gjk-lab-e2e.XXXXXX")"

pass() { echo "PASS: $*"; PASSED=$((PASSED + 1)); }
fail() { echo "FAIL: $*"; FAILED=$((FAILED + 1)); }
finish() {
    echo "$PASSED passed, $FAILED failed"
    [ "$FAILED" -eq 0 ] && exit 0 || exit 1
}
cleanup() {
    [ -n "$APP_PID" ] && kill "$APP_PID" 2>/dev/null
    [ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null
    wait 2>/dev/null
    rm -rf "$TMP"
}
trap cleanup EXIT

# --- prerequisites -----------------------------------------------------------------
missing=""
for tool in Xvfb xdpyinfo xdotool import convert awk python3; do
    command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
done
if [ -n "$missing" ]; then
    fail "missing tools:$missing (install: apt-get install xvfb x11-utils xdotool imagemagick)"
    finish
fi
if [ ! -x "$BIN" ]; then
    fail "no executable at $BIN (build it with: cargo build --release)"
    finish
fi

# --- helpers -----------------------------------------------------------------------
STATUS="$TMP/status.json"
export GJK_LAB_DATA_DIR="$TMP/data"

# A top-level number from the status file: json_number step
json_number() { grep -o "\"$1\":-\?[0-9.eE+-]*" "$STATUS" 2>/dev/null | head -1 | cut -d: -f2; }
# The i-th (0-based) array value of a shape key: shape_array position 0 -> "x y"
shape_array() {
    grep -o "\"$1\":\[[^]]*\]" "$STATUS" 2>/dev/null | sed -n "$(($2 + 1))p" |
        sed 's/.*\[\(.*\)\]/\1/; s/,/ /'
}
error_text() { grep -o '"error":\(null\|"[^"]*"\)' "$STATUS" 2>/dev/null | head -1 | cut -d: -f2-; }
all_positions() { grep -o '"position":\[[^]]*\]' "$STATUS" 2>/dev/null | tr '\n' ' '; }
# Waits until a shell condition holds (up to $2 seconds, default 5).
wait_for() {
    local deadline=$((SECONDS + ${2:-5}))
    while [ $SECONDS -lt $deadline ]; do
        eval "$1" && return 0
        sleep 0.1
    done
    return 1
}
app_running() { kill -0 "$APP_PID" 2>/dev/null; }
# zoom_of AX AY BX BY SX SY TX TY: pixels per world unit, from two shapes' world
# positions (A, B) and screen positions (S, T).
zoom_of() {
    awk -v ax="$1" -v ay="$2" -v bx="$3" -v by="$4" -v sx="$5" -v sy="$6" -v tx="$7" -v ty="$8" \
        'BEGIN { w = sqrt((bx-ax)^2 + (by-ay)^2); s = sqrt((tx-sx)^2 + (ty-sy)^2); if (w > 0) print s / w; else print 0 }'
}
key() { xdotool key --window "$WID" --delay 120 "$@" 2>/dev/null; sleep 0.2; }

# --- a display of our own ---------------------------------------------------------
DISPLAY_NUM=""
for n in $(seq 90 140); do
    if [ ! -e "/tmp/.X11-unix/X$n" ] && [ ! -e "/tmp/.X$n-lock" ]; then
        DISPLAY_NUM=$n
        break
    fi
done
[ -z "$DISPLAY_NUM" ] && { fail "no free X display between :90 and :140"; finish; }
Xvfb ":$DISPLAY_NUM" -screen 0 1280x800x24 -nolisten tcp >"$TMP/xvfb.log" 2>&1 &
XVFB_PID=$!
export DISPLAY=":$DISPLAY_NUM"
if wait_for "xdpyinfo >/dev/null 2>&1" 10; then
    pass "Xvfb answers on $DISPLAY"
else
    fail "Xvfb did not start on $DISPLAY: $(cat "$TMP/xvfb.log")"
    finish
fi

# start_app LABEL LOG ARGS…: starts the app with --status, waits for its window and
# its first status file (sets APP_PID and WID); stops the test if either never comes.
# Starts the app and waits for its window and first status. If the app dies before its
# window appears (the X server or Mesa refusing a GL context right after the previous
# window closed happens on loaded CI machines), it is started once more and the first
# log is kept in the report; a second failure fails the test with the panic's message.
start_app() {
    local label="$1" log="$2" attempt
    shift 2
    for attempt in 1 2; do
        "$BIN" "$@" --status "$STATUS" >"$log" 2>&1 &
        APP_PID=$!
        WID=""
        wait_for 'WID=$(xdotool search --onlyvisible --name "^gjk-lab$" 2>/dev/null | head -1); [ -n "$WID" ] || ! app_running' 15
        if [ -n "$WID" ] && wait_for '[ -s "$STATUS" ]' 10; then
            pass "$label window is up (id $WID) and writes its status"
            return
        fi
        if [ "$attempt" = 1 ] && ! app_running; then
            echo "note: $label: the app exited before its window appeared; starting it again. Its log:"
            grep -v '^ *[0-9]*: \|^ *at ' "$log" | head -5 | sed 's/^/    /'
            cp "$log" "$log.first"
            sleep 1
            continue
        fi
        break
    done
    fail "$label: no window or no status file; app log: $(grep -v '^ *[0-9]*: \|^ *at ' "$log" | head -5)"
    finish
}

# --- 1. start on a preset ---------------------------------------------------------
SCENE="$TMP/scene.ron"
cp "$PRESET" "$SCENE"
start_app "gjk-lab" "$TMP/app.log" "$SCENE"
sleep 0.5
if [ "$(json_number step)" = "0" ] && grep -q "\"scene\":\"$SCENE\"" "$STATUS"; then
    pass "starts on the preset at step 0"
else
    fail "start state: $(cat "$STATUS")"
fi
if grep -q '"welcome":true' "$STATUS"; then
    pass "a first start (no progress yet) offers the lessons"
else
    fail "no offer of the lessons on a first start: $(grep -o '"welcome":[a-z]*' "$STATUS")"
fi

# --- 2. N N N B -> step 2 ---------------------------------------------------------
key n n n b
if wait_for '[ "$(json_number step)" = "2" ]' 5; then
    pass "N three times and B once shows step 2 (of $(json_number step_count))"
else
    fail "after N N N B the step is $(json_number step), expected 2"
fi

# --- 3. drag shape A by 100 px ----------------------------------------------------
A=$(json_number a)
B=$(json_number b)
read -r AX AY <<<"$(shape_array position "$A")"
read -r SX SY <<<"$(shape_array screen "$A")"
read -r BX BY <<<"$(shape_array position "$B")"
read -r TX TY <<<"$(shape_array screen "$B")"
ZOOM=$(zoom_of "$AX" "$AY" "$BX" "$BY" "$SX" "$SY" "$TX" "$TY")
PX=$(printf '%.0f' "$SX")
PY=$(printf '%.0f' "$SY")
xdotool mousemove --window "$WID" "$PX" "$PY" 2>/dev/null
sleep 0.3
xdotool mousedown 1 2>/dev/null
sleep 0.2
for dx in 20 40 60 80 100; do
    xdotool mousemove --window "$WID" $((PX + dx)) "$PY" 2>/dev/null
    sleep 0.12
done
sleep 0.2
xdotool mouseup 1 2>/dev/null
sleep 0.3
wait_for '[ "$(shape_array position "$A")" != "$AX $AY" ]' 5
read -r NX NY <<<"$(shape_array position "$A")"
VERDICT=$(awk -v ax="$AX" -v ay="$AY" -v nx="$NX" -v ny="$NY" -v z="$ZOOM" 'BEGIN {
    if (z <= 0) { print "bad zoom " z; exit }
    want = 100 / z; dx = nx - ax; dy = ny - ay
    ok = (dx > 0) && ((dx - want) < 0.02 * want) && ((want - dx) < 0.02 * want) && (dy < 0.5 / z) && (-dy < 0.5 / z)
    printf "%s dx=%.4f dy=%.4f expected dx=%.4f (zoom %.2f px/unit)", (ok ? "ok" : "wrong"), dx, dy, want, z }')
case "$VERDICT" in
    ok*) pass "drag A by 100 px: ${VERDICT#ok }" ;;
    *) fail "drag A by 100 px: $VERDICT" ;;
esac
if [ "$(json_number step)" = "2" ]; then
    pass "after the drag the app still shows step 2 of the new run"
else
    fail "after the drag the step is $(json_number step)"
fi

# --- 4. a broken scene file -------------------------------------------------------
BEFORE=$(all_positions)
sleep 1.1 # a new modification time, whatever the file system's resolution
printf '(\n  shapes: [\n    (name: "A", shape: Circle(radius: 1.0), position: (0.0, 0.0)\n' >"$SCENE"
if wait_for '[ "$(error_text)" != "null" ] && [ -n "$(error_text)" ]' 6; then
    ERR=$(error_text)
    case "$ERR" in
        *scene.ron*) pass "broken file reloaded by itself: error names the file: $ERR" ;;
        *) fail "error does not name the file: $ERR" ;;
    esac
else
    fail "no error after breaking the scene file: $(cat "$STATUS")"
fi
if app_running; then pass "app still running after the broken file"; else fail "app died on a broken file"; fi
if [ "$(all_positions)" = "$BEFORE" ]; then
    pass "shapes unchanged after the broken file"
else
    fail "shapes changed: before $BEFORE, after $(all_positions)"
fi
key F5
if app_running && [ "$(error_text)" != "null" ] && [ "$(all_positions)" = "$BEFORE" ]; then
    pass "F5 on the broken file: still running, error shown, shapes kept"
else
    fail "F5 on the broken file: running=$(app_running && echo yes || echo no) error=$(error_text)"
fi

# --- 5. a screenshot that is not blank --------------------------------------------
SHOT="$TMP/shot.png"
if import -window "$WID" "$SHOT" 2>"$TMP/import.log"; then
    COLOURS=$(convert "$SHOT" -format %k info: 2>/dev/null)
    SIZE=$(convert "$SHOT" -format '%wx%h' info: 2>/dev/null)
    if [ "${COLOURS:-0}" -gt 100 ]; then
        pass "screenshot $SIZE has $COLOURS distinct colours"
    else
        fail "screenshot $SIZE looks blank ($COLOURS colours)"
    fi
else
    fail "import -window failed: $(cat "$TMP/import.log")"
fi
if app_running; then pass "app still running at the end"; else fail "app is not running at the end"; fi

# --- 6. the many-shapes mode: step the sweep --------------------------------------
kill "$APP_PID" 2>/dev/null
wait "$APP_PID" 2>/dev/null
APP_PID=""
rm -f "$STATUS"
MANY="$TMP/many.ron"
cp "$ROOT/scenes/many-shapes-200.ron" "$MANY"
start_app "many-shapes" "$TMP/many.log" "$MANY" --advance 20
json_string() { grep -o "\"$1\":\"[^\"]*\"" "$STATUS" 2>/dev/null | head -1 | cut -d'"' -f4; }
sleep 0.5
MOVING_BEFORE=$(shape_array position 5)
sleep 0.5
if [ "$(json_string mode)" = "many" ] && [ "$(shape_array position 5)" != "$MOVING_BEFORE" ] &&
    grep -q '"sweep":null' "$STATUS"; then
    pass "opens in the many-shapes mode, shapes moving, not stepping"
else
    fail "many-shapes start: mode=$(json_string mode) sweep=$(grep -o '"sweep":[^,]*' "$STATUS")"
fi
PAIRS=$(json_number pairs)
CONTACTS=$(json_number contacts)
if [ "${PAIRS:-0}" -gt 0 ] && [ "${CONTACTS:-0}" -gt 0 ] && [ "$CONTACTS" -le "$PAIRS" ]; then
    pass "broad phase reports $PAIRS pairs, narrow phase $CONTACTS contacts"
else
    fail "pairs=$PAIRS contacts=$CONTACTS"
fi
key n n n n n n
if wait_for '[ "$(json_number sweep)" = "6" ]' 5; then
    pass "N six times: sweep step 6 of $(json_number sweep_count)"
else
    fail "after N x6 the sweep step is $(json_number sweep), expected 6"
fi
FROZEN=$(shape_array position 5)
sleep 0.5
if [ "$(shape_array position 5)" = "$FROZEN" ]; then
    pass "the shapes stop while the sweep is stepped"
else
    fail "shapes still moving while stepping"
fi
key End
COUNT=$(json_number sweep_count)
if wait_for '[ "$(json_number sweep)" = "$COUNT" ]' 5 && [ "$(json_number sweep_pairs)" = "$(json_number pairs)" ] &&
    [ "${COUNT:-0}" -gt 6 ]; then
    pass "End: the frame's last step ($COUNT) has reported all $(json_number sweep_pairs) pairs"
else
    fail "End: sweep=$(json_number sweep) of $COUNT, sweep_pairs=$(json_number sweep_pairs) pairs=$(json_number pairs)"
fi
key n
if wait_for '[ "$(json_number sweep_frame)" = "1" ] && [ "$(json_number sweep)" = "1" ]' 5; then
    pass "N past the end starts the next frame (frame 1, step 1)"
else
    fail "next frame: sweep_frame=$(json_number sweep_frame) sweep=$(json_number sweep)"
fi
key b
if wait_for '[ "$(json_number sweep)" = "0" ]' 5; then
    pass "B steps the sweep back"
else
    fail "after B the sweep step is $(json_number sweep)"
fi
key space
if wait_for 'grep -q "\"sweep\":null" "$STATUS"' 5; then
    pass "Space leaves the stepping and the shapes move again"
else
    fail "after Space: $(grep -o '"sweep":[^,]*' "$STATUS")"
fi
if app_running; then pass "many-shapes app still running"; else fail "many-shapes app died"; fi

# --- 7. a vertex drag makes a polygon concave ---------------------------------------
kill "$APP_PID" 2>/dev/null
wait "$APP_PID" 2>/dev/null
APP_PID=""
rm -f "$STATUS"
SQUARE="$TMP/square.ron"
cat >"$SQUARE" <<'RON'
(shapes: [
  (name: "A", shape: Polygon(vertices: [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]), position: (0.0, 0.0)),
  (name: "B", shape: Polygon(vertices: [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)]), position: (3.0, 0.0)),
], view: (a: 0, b: 1, algorithm: "gjk"))
RON
start_app "concave" "$TMP/concave.log" "$SQUARE"
sleep 0.5
json_parts() { grep -o '"parts":[0-9]*' "$STATUS" 2>/dev/null | sed -n "$(($1 + 1))p" | cut -d: -f2; }
read -r SX SY <<<"$(shape_array screen 0)"
read -r TX TY <<<"$(shape_array screen 1)"
ZOOM=$(awk -v sx="$SX" -v tx="$TX" 'BEGIN { print (tx - sx) / 3.0 }')
# Corner (1, 1) of A on screen (y down), dragged to (−0.3, −0.3) in small moves.
read -r CX CY EX EY <<<"$(awk -v sx="$SX" -v sy="$SY" -v z="$ZOOM" \
    'BEGIN { printf "%.0f %.0f %.0f %.0f", sx + z, sy - z, sx - 0.3 * z, sy + 0.3 * z }')"
xdotool mousemove --window "$WID" "$CX" "$CY" 2>/dev/null
sleep 0.3
xdotool mousedown 1 2>/dev/null
sleep 0.2
for k in 1 2 3 4 5 6; do
    xdotool mousemove --window "$WID" $((CX + (EX - CX) * k / 6)) $((CY + (EY - CY) * k / 6)) 2>/dev/null
    sleep 0.15
done
sleep 0.2
xdotool mouseup 1 2>/dev/null
if wait_for '[ "$(json_parts 0)" = "2" ]' 5 && grep -q '"decisive_parts":\[' "$STATUS"; then
    pass "dragging a corner inwards makes A concave: 2 parts, decisive parts $(grep -o '"decisive_parts":\[[^]]*\]' "$STATUS" | cut -d: -f2)"
else
    fail "corner drag: parts=$(json_parts 0) $(grep -o '"decisive_parts":[^,]*' "$STATUS") (zoom $ZOOM, corner at $CX,$CY)"
fi
if app_running; then pass "concave app still running"; else fail "concave app died"; fi

# --- 8. step through one SAT run and one clipping run ----------------------------
# step_through LABEL: Home, then N until the status step reaches step_count (at most
# step_count presses); passes when it does.
step_through() {
    local count
    count=$(json_number step_count)
    key Home
    wait_for '[ "$(json_number step)" = "0" ]' 5
    for _ in $(seq 1 "${count:-0}"); do
        key n
    done
    if [ "${count:-0}" -gt 0 ] && wait_for '[ "$(json_number step)" = "$count" ]' 5; then
        pass "$1: N $count times reaches the last step ($count of $count)"
    else
        fail "$1: after N x$count the step is $(json_number step) of $(json_number step_count)"
    fi
}
# restart_app LABEL PRESET: the window on a copy of a preset.
restart_app() {
    kill "$APP_PID" 2>/dev/null
    wait "$APP_PID" 2>/dev/null
    APP_PID=""
    rm -f "$STATUS"
    cp "$ROOT/scenes/$2" "$TMP/$2"
    start_app "$1" "$TMP/$1.log" "$TMP/$2"
    sleep 0.5
}
restart_app sat sat-overlapping.ron
if [ "$(json_string algorithm)" = "sat" ] && [ "$(json_number step_count)" = "10" ]; then
    pass "sat-overlapping.ron opens on SAT (9 axes and the result: 10 steps)"
else
    fail "SAT preset: algorithm=$(json_string algorithm) step_count=$(json_number step_count)"
fi
step_through "SAT"
# The textbook SAT stops at the first axis whose shadows have a gap: on
# sat-separated that is axis 3 of 9, so the run has 3 axis steps and the result.
restart_app sat sat-separated.ron
key Home
wait_for '[ "$(json_number step)" = "0" ]' 5
key n n n
if wait_for '[ "$(json_number step)" = "3" ]' 5 && [ "$(json_string step_title)" = "Separating axis" ] \
    && [ "$(json_number step_count)" = "4" ]; then
    pass "sat-separated.ron: SAT stops at axis 3, the first with a gap (step 3 of 4: $(json_string step_title))"
else
    fail "sat-separated.ron: step $(json_number step) of $(json_number step_count), title $(json_string step_title)"
fi
import -window "$WID" "$TMP/sat-separated.png" 2>/dev/null
if [ -s "$TMP/sat-separated.png" ] && [ "$(convert "$TMP/sat-separated.png" -format '%k' info: 2>/dev/null || echo 0)" -gt 50 ]; then
    pass "the window shows the separating axis (screenshot has $(convert "$TMP/sat-separated.png" -format '%k' info:) colours)"
else
    fail "sat-separated screenshot is missing or blank"
fi
key End
if wait_for '[ "$(json_number step)" = "4" ] && [ "$(json_string step_title)" = "Result" ]' 5; then
    pass "sat-separated.ron: the result follows the separating axis at once"
else
    fail "sat-separated.ron: after End the step is $(json_number step), title $(json_string step_title)"
fi
restart_app clip box-stack.ron
if [ "$(json_string algorithm)" = "clip" ] && [ "$(json_number step_count)" = "6" ]; then
    pass "box-stack.ron opens on clipping (reference, incident, 2 clips, keep, result: 6 steps)"
else
    fail "clip preset: algorithm=$(json_string algorithm) step_count=$(json_number step_count)"
fi
step_through "clipping"
key 5
if wait_for '[ "$(json_string algorithm)" = "sat" ]' 5; then
    pass "key 5 selects SAT"
else
    fail "after key 5 the algorithm is $(json_string algorithm)"
fi
key 7
if wait_for '[ "$(json_string algorithm)" = "clip" ] && [ "$(json_number step)" = "0" ]' 5; then
    pass "key 7 selects clipping again, from step 0"
else
    fail "after key 7: algorithm=$(json_string algorithm) step=$(json_number step)"
fi
if app_running; then pass "clipping app still running"; else fail "clipping app died"; fi
restart_app ellipse-polygon ellipse-polygon-squash.ron
if [ "$(json_string algorithm)" = "ellipse-polygon" ] && [ "$(json_number step_count)" = "13" ]; then
    pass "ellipse-polygon-squash.ron opens on squash and climb (squash, 6 edges, region, direction, 3 Newton probes, result: 13 steps)"
else
    fail "squash-and-climb preset: algorithm=$(json_string algorithm) step_count=$(json_number step_count)"
fi
step_through "squash and climb"
key 1
wait_for '[ "$(json_string algorithm)" = "gjk" ]' 5
key minus
if wait_for '[ "$(json_string algorithm)" = "ellipse-polygon" ] && [ "$(json_number step)" = "0" ]' 5; then
    pass "key - (minus), the eleventh, selects squash and climb again, from step 0"
else
    fail "after key minus: algorithm=$(json_string algorithm) step=$(json_number step)"
fi
key equal
if wait_for '[ "$(json_string algorithm)" = "polygon-distance" ]' 5; then
    pass "key = (equal), the twelfth, selects polygon distance"
else
    fail "after key equal: algorithm=$(json_string algorithm)"
fi
restart_app ellipse-depth ellipse-polygon-depth.ron
if [ "$(json_string algorithm)" = "ellipse-polygon" ] && [ "$(json_number step_count)" = "10" ]; then
    pass "ellipse-polygon-depth.ron opens on squash and climb's ways out (squash, 3 edges, region, a face's way out, 3 vertices' ways out, result: 10 steps)"
else
    fail "ways-out preset: algorithm=$(json_string algorithm) step_count=$(json_number step_count)"
fi
step_through "squash and climb's ways out"
# Box vs box, far apart: the bounding circles end it at once; dragged within reach,
# the axes decide.
restart_app box-box box-box-circles-apart.ron
if [ "$(json_string algorithm)" = "box-box" ] && [ "$(json_number step_count)" = "2" ]; then
    pass "box-box-circles-apart.ron opens on box vs box: bounding circles apart, then the result (2 steps)"
else
    fail "box-box circles preset: algorithm=$(json_string algorithm) step_count=$(json_number step_count)"
fi
key n
if wait_for '[ "$(json_number step)" = "1" ] && [ "$(json_string step_title)" = "Bounding circles" ]' 5; then
    pass "box-box-circles-apart.ron: step 1 is the bounding circles"
else
    fail "box-box circles preset: step $(json_number step), title $(json_string step_title)"
fi
# Drag the crate (B) 2 units left, towards the plank: the circles then overlap.
read -r AX AY <<<"$(shape_array position 0)"
read -r BX BY <<<"$(shape_array position 1)"
read -r SX SY <<<"$(shape_array screen 0)"
read -r TX TY <<<"$(shape_array screen 1)"
ZOOM=$(zoom_of "$AX" "$AY" "$BX" "$BY" "$SX" "$SY" "$TX" "$TY")
PX=$(printf '%.0f' "$TX")
PY=$(printf '%.0f' "$TY")
SHIFT=$(awk -v z="$ZOOM" 'BEGIN { printf "%.0f", 2.0 * z }')
xdotool mousemove --window "$WID" "$PX" "$PY" 2>/dev/null
sleep 0.3
xdotool mousedown 1 2>/dev/null
sleep 0.2
for k in 1 2 3 4 5; do
    xdotool mousemove --window "$WID" $((PX - SHIFT * k / 5)) "$PY" 2>/dev/null
    sleep 0.12
done
sleep 0.2
xdotool mouseup 1 2>/dev/null
if wait_for '[ "$(json_number step_count)" -gt 2 ] 2>/dev/null' 5 && [ "$(json_string algorithm)" = "box-box" ]; then
    pass "dragging the crate within reach of the plank makes the axes decide ($(json_number step_count) steps)"
else
    fail "after the crate drag: algorithm=$(json_string algorithm) step_count=$(json_number step_count) (zoom $ZOOM)"
fi

# --- 9. export for teaching: a GIF and a PNG sequence, headless -----------------------
if "$BIN" "$ROOT/scenes/sat-separated.ron" --algo sat --export "$TMP/sat.gif" --steps 1..4 --fps 2 \
    >"$TMP/export.log" 2>&1 && [ "$(identify "$TMP/sat.gif" 2>/dev/null | wc -l)" = "4" ]; then
    pass "--export writes an animated GIF of steps 1..4: $(identify "$TMP/sat.gif" | wc -l) frames, $(identify -format '%T ' "$TMP/sat.gif" | cut -d' ' -f1)0 ms each"
else
    fail "--export GIF: $(cat "$TMP/export.log"), frames: $(identify "$TMP/sat.gif" 2>/dev/null | wc -l)"
fi
if "$BIN" "$ROOT/scenes/box-stack.ron" --algo clip --export "$TMP/clip-%d.png" --steps 2..3 \
    >"$TMP/export.log" 2>&1 && [ -s "$TMP/clip-2.png" ] && [ -s "$TMP/clip-3.png" ] && [ ! -e "$TMP/clip-1.png" ]; then
    pass "--export writes one PNG per step (clip-2.png, clip-3.png)"
else
    fail "--export PNG sequence: $(cat "$TMP/export.log"); $(ls "$TMP"/clip-* 2>/dev/null)"
fi

# --- 10. the wheel scrolls the Scenes list -----------------------------------------
# Open the Scenes tab, wheel down three notches over the list, and find by how much
# the list moved: crop a band of the panel after the wheel and look for it in the
# panel before, 0 to 160 px lower.
xdotool mousemove --window "$WID" 934 104 click 1 2>/dev/null
sleep 0.8
import -window "$WID" "$TMP/list-before.png" 2>/dev/null
# The wheel turns below the compared band and right of the file names: the row under
# the pointer is highlighted, and must not be in the band, before or after the scroll.
xdotool mousemove --window "$WID" 1200 700 2>/dev/null
sleep 0.3
for _ in 1 2 3; do
    xdotool click 5 2>/dev/null
    sleep 0.15
done
sleep 1.2
import -window "$WID" "$TMP/list-after.png" 2>/dev/null
convert "$TMP/list-after.png" -crop 440x200+820+250 +repage "$TMP/band.png" 2>/dev/null
SHIFT=""
for s in 0 40 80 120 160; do
    convert "$TMP/list-before.png" -crop 440x200+820+$((250 + s)) +repage "$TMP/band-$s.png" 2>/dev/null
    AE=$(compare -metric AE "$TMP/band.png" "$TMP/band-$s.png" null: 2>&1)
    [ "${AE%%.*}" = "0" ] && SHIFT=$s
done
if [ "$SHIFT" = "120" ]; then
    pass "three wheel notches scroll the Scenes list by 120 px"
else
    fail "the Scenes list moved by '${SHIFT:-none of 0-160}' px for three wheel notches, expected 120"
fi

# --- 11. a lesson from its first page to its last -----------------------------------
# The sweep and prune lesson: page through it with Page Down, answer its first
# checkpoint by clicking the right candidate and its second by clicking another one,
# and find the score and the progress file as they should be.
# status_py EXPR: prints EXPR of the status JSON `d`; status_is EXPR: whether it holds.
status_py() {
    python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' \
        "$STATUS" "$1" 2>/dev/null
}
status_is() {
    python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(0 if eval(sys.argv[2]) else 1)' \
        "$STATUS" "$1" 2>/dev/null
}
kill "$APP_PID" 2>/dev/null
wait "$APP_PID" 2>/dev/null
APP_PID=""
rm -f "$STATUS"
export GJK_LAB_DATA_DIR="$TMP/data"
start_app "lesson" "$TMP/lesson.log" --lesson sweep-and-prune
if wait_for 'status_is "(d[\"mode\"], d[\"lesson\"], d[\"page\"], d[\"pages\"]) == (\"lesson\", \"10-sweep-and-prune.ron\", 1, 7)"' 5; then
    pass "--lesson sweep-and-prune opens the lesson at page 1 of 7 (mode lesson)"
else
    fail "lesson start: $(status_py '(d["mode"], d["lesson"], d["page"], d["pages"])')"
fi
# Page Down until page $1, where a question waits.
page_to() {
    local tries=0
    while ! status_is "d[\"page\"] >= $1" && [ $tries -lt 10 ]; do
        key Next
        tries=$((tries + 1))
    done
    wait_for "status_is 'd[\"page\"] == $1 and d[\"question\"] is not None'" 5
}
# Clicks candidate $1 of the waiting question (window pixels from --status).
click_candidate() {
    read -r CX CY <<<"$(status_py "' '.join(str(round(v)) for v in d['question']['candidates'][$1])")"
    xdotool mousemove --window "$WID" "$CX" "$CY" click 1 2>/dev/null
}
if page_to 4 && status_is 'd["checkpoint"] == "next-swap"'; then
    pass "page 4 asks which end points swap next ($(status_py 'len(d["question"]["candidates"])') candidates)"
else
    fail "page 4: page $(status_py 'd["page"]'), checkpoint $(status_py 'd["checkpoint"]')"
fi
click_candidate "$(status_py 'd["question"]["answer"]')"
if wait_for 'status_is "(d[\"verdict\"], d[\"score\"]) == (\"right\", {\"right\": 1, \"wrong\": 0})"' 5; then
    pass "a click on the right pair is judged right (score 1 right, 0 wrong) and the swap is shown"
else
    fail "right answer: verdict $(status_py 'd["verdict"]'), score $(status_py 'd["score"]')"
fi
page_to 5
click_candidate "$(status_py '(d["question"]["answer"] + 3) % len(d["question"]["candidates"])')"
if wait_for 'status_is "(d[\"verdict\"], d[\"score\"]) == (\"wrong\", {\"right\": 1, \"wrong\": 1})"' 5; then
    pass "a click on another pair is judged wrong (score 1 right, 1 wrong)"
else
    fail "wrong answer: verdict $(status_py 'd["verdict"]'), score $(status_py 'd["score"]')"
fi
key Next Next
if wait_for 'status_is "(d[\"page\"], d[\"checkpoint\"]) == (7, None)"' 5 \
    && python3 -c 'import json, sys; p = json.load(open(sys.argv[1]))["lessons"]["10-sweep-and-prune.ron"]; sys.exit(0 if p["seen"] == 7 and p["score"] == {"right": 1, "wrong": 1} else 1)' \
        "$GJK_LAB_DATA_DIR/progress.json" 2>/dev/null; then
    pass "the last page (7 of 7) is reached, and the progress file keeps 7 pages seen and the score"
else
    fail "lesson end: page $(status_py 'd["page"]'); progress: $(cat "$GJK_LAB_DATA_DIR/progress.json" 2>/dev/null)"
fi
import -window "$WID" "$TMP/lesson.png" 2>/dev/null
if [ "$(convert "$TMP/lesson.png" -format '%k' info: 2>/dev/null || echo 0)" -gt 50 ]; then
    pass "the lesson window is drawn ($(convert "$TMP/lesson.png" -format '%k' info:) colours)"
else
    fail "the lesson screenshot is missing or blank"
fi

# --- 12. quit inside a lesson, start again, K: the same lesson and page ---------------
# stop_app: ends the app started last (as closing its window would; the progress file
# is written at every page turn, atomically).
stop_app() {
    kill "$APP_PID" 2>/dev/null
    wait "$APP_PID" 2>/dev/null
    APP_PID=""
    rm -f "$STATUS"
}
# positions: every shape's position, as JSON.
positions() { status_py 'json.dumps([s["position"] for s in d["shapes"]])'; }
# same_positions JSON: whether the shapes are at those positions (to 1e-9).
same_positions() {
    python3 -c 'import json, sys
d = json.load(open(sys.argv[1])); want = json.loads(sys.argv[2])
got = [s["position"] for s in d["shapes"]]
sys.exit(0 if len(got) == len(want) and all(abs(g - w) <= 1e-9 for p, q in zip(got, want) for g, w in zip(p, q)) else 1)' \
        "$STATUS" "$1" 2>/dev/null
}
stop_app
export GJK_LAB_DATA_DIR="$TMP/resume"
start_app "lesson 4" "$TMP/resume.log" --lesson epa
page_to_plain() {
    local tries=0
    while ! status_is "d[\"page\"] >= $1" && [ $tries -lt 10 ]; do
        key Next
        tries=$((tries + 1))
    done
    wait_for "status_is 'd[\"page\"] == $1'" 5
}
if page_to_plain 3 && status_is 'd["lesson"] == "04-epa.ron"'; then
    pass "lesson 4 at page 3 ($(status_py 'd["lesson_title"]'))"
else
    fail "lesson 4: lesson $(status_py 'd["lesson"]'), page $(status_py 'd["page"]')"
fi
stop_app
cp "$PRESET" "$SCENE"
start_app "started again" "$TMP/again.log" "$SCENE"
if status_is 'd["mode"] == "pair" and d["lesson"] is None and d["welcome"] is False'; then
    pass "started again: the two-shape mode, no lesson, no offer (a lesson was opened before)"
else
    fail "started again: mode $(status_py 'd["mode"]'), welcome $(status_py 'd["welcome"]')"
fi
key k
if wait_for 'status_is "(d[\"mode\"], d[\"lesson\"], d[\"page\"]) == (\"lesson\", \"04-epa.ron\", 3)"' 5; then
    pass "K resumes lesson 4 at page 3, where the last run was left"
else
    fail "K after a restart: lesson $(status_py 'd["lesson"]'), page $(status_py 'd["page"]')"
fi
key F5
sleep 0.5
if wait_for 'status_is "(d[\"mode\"], d[\"lesson\"], d[\"page\"], d[\"error\"]) == (\"lesson\", \"04-epa.ron\", 3, None)"' 5; then
    pass "F5 in the lesson reloads it and stays at page 3"
else
    fail "F5 in a lesson: mode $(status_py 'd["mode"]'), lesson $(status_py 'd["lesson"]'), page $(status_py 'd["page"]')"
fi

# --- 13. the many-shapes round trip keeps the pair -----------------------------------
# The two-shape preset: M starts the drift, Ctrl+S while the shapes move, M again:
# the pair is back at its exact poses, and the saved file holds those poses too.
stop_app
cp "$PRESET" "$SCENE"
start_app "round trip" "$TMP/round.log" "$SCENE"
PAIR=$(positions)
key m
if wait_for 'status_is "d[\"mode\"] == \"many\"" && ! same_positions "$PAIR"' 5; then
    pass "M: the many-shapes mode moves the shapes"
else
    fail "M: mode $(status_py 'd["mode"]'), positions $(positions) (before: $PAIR)"
fi
key ctrl+s
sleep 0.3
key m
if wait_for 'status_is "d[\"mode\"] == \"pair\"" && same_positions "$PAIR"' 5; then
    pass "M again: the two-shape mode with the pair's exact poses"
else
    fail "back to the pair: mode $(status_py 'd["mode"]'), positions $(positions), expected $PAIR"
fi
stop_app
start_app "saved file" "$TMP/saved.log" "$SCENE"
if same_positions "$PAIR"; then
    pass "Ctrl+S in the many-shapes mode saved the pair's poses, not the drift"
else
    fail "the saved file: positions $(positions), expected $PAIR"
fi
# A lesson's many-shapes pages (a copy of lesson 10, so nothing is written over it):
# frame 1 moved the boxes; K leaves the lesson with the file's poses back.
stop_app
cp "$ROOT/scenes/lessons/10-sweep-and-prune.ron" "$TMP/boxes.ron"
start_app "boxes lesson" "$TMP/boxes.log" --lesson "$TMP/boxes.ron"
BOXES=$(positions)
page_to_plain 3
if status_is 'd["mode"] == "lesson" and d["sweep_frame"] == 1' && ! same_positions "$BOXES"; then
    pass "lesson 10, page 3: frame 1 has moved the boxes"
else
    fail "lesson 10 page 3: frame $(status_py 'd.get("sweep_frame")'), positions $(positions)"
fi
key k
if wait_for 'status_is "(d[\"mode\"], d[\"lesson\"]) == (\"pair\", None)" && same_positions "$BOXES"' 5; then
    pass "K leaves the lesson for the two-shape mode with the lesson file's exact poses"
else
    fail "leaving lesson 10: mode $(status_py 'd["mode"]'), positions $(positions), expected $BOXES"
fi

# --- 14. every right answer accepted: a separating axis SAT does not test first ------
stop_app
export GJK_LAB_DATA_DIR="$TMP/axes"
start_app "lesson 7" "$TMP/axes.log" --lesson sat-obb --page 4
wait_for 'status_is "d[\"question\"] is not None and d[\"checkpoint\"] == \"separating-axis\""' 5
# The accepted candidate with the most negative overlap: one of C's edges, tested after
# A's (the OBB path tests A's two axes first, and the first of them already shows a gap).
LATE=$(status_py 'min(d["question"]["accepted"], key=lambda k: d["question"]["values"][k])')
FIRST=$(status_py 'd["question"]["answer"]')
if [ -n "$LATE" ] && [ "$LATE" != "$FIRST" ] && status_is "len(d['question']['accepted']) >= 2"; then
    pass "lesson 7 page 4 accepts $(status_py 'len(d["question"]["accepted"])') separating edges, not only the first SAT tests"
else
    fail "lesson 7 page 4: accepted $(status_py 'd["question"]["accepted"]'), answer $FIRST"
fi
click_candidate "$LATE"
if wait_for 'status_is "(d[\"verdict\"], d[\"score\"]) == (\"right\", {\"right\": 1, \"wrong\": 0})"' 5; then
    pass "a click on C's separating edge (not SAT's first axis) is judged right"
else
    fail "non-first separating axis: verdict $(status_py 'd["verdict"]'), score $(status_py 'd["score"]')"
fi
stop_app
start_app "lesson 7 again" "$TMP/axes2.log" --lesson sat-obb --page 4
wait_for 'status_is "d[\"question\"] is not None"' 5
WRONG=$(status_py '[k for k in range(len(d["question"]["values"])) if k not in d["question"]["accepted"]][0]')
click_candidate "$WRONG"
if wait_for 'status_is "d[\"verdict\"] == \"wrong\" and \"the answer\" in d[\"verdict_text\"]"' 5; then
    pass "a wrong click is answered with both numbers: $(status_py 'd["verdict_text"][:90]')"
else
    fail "wrong click: verdict $(status_py 'd["verdict"]'), text $(status_py 'd.get("verdict_text")')"
fi

# --- 15. your own trace: loaded, checked, drawn, kept as the steps change ----------
# The Python example with the triple-product bug writes a trace; the window opens on
# the scene with --my-trace (as the Scenes tab's "Load my trace" does), says where it
# diverges through --status, and keeps the check while the learner steps.
stop_app
export GJK_LAB_DATA_DIR="$TMP/mytrace"
if python3 "$ROOT/examples/gjk_wrong_direction.py" >"$TMP/buggy.jsonl" 2>"$TMP/buggy.err"; then
    start_app "my trace" "$TMP/mytrace.log" "$ROOT/scenes/dyn4j-gjk.ron" --my-trace "$TMP/buggy.jsonl"
    if wait_for 'status_is "d[\"my_trace\"] is not None and (d[\"my_trace\"][\"agree\"], d[\"my_trace\"][\"line\"], d[\"my_trace\"][\"cause\"]) == (False, 7, \"direction_away_from_origin\")"' 5; then
        pass "--my-trace: the buggy example diverges at line 7, direction away from the origin"
    else
        fail "my trace: $(status_py 'd.get("my_trace")')"
    fi
    key n n n
    if wait_for 'status_is "d[\"step\"] == 3 and d[\"my_trace\"][\"line\"] == 7"' 5; then
        pass "stepping gjk-lab's run keeps the check of the learner's trace"
    else
        fail "my trace while stepping: step $(status_py 'd["step"]'), $(status_py 'd.get("my_trace")')"
    fi
else
    fail "the Python example did not run: $(head -3 "$TMP/buggy.err")"
fi

# --- 16. layouts by the window's size, refit on resize; a lesson page's link -------
stop_app
export GJK_LAB_DATA_DIR="$TMP/shape"
cp "$PRESET" "$TMP/layouts.ron"
start_app "layouts" "$TMP/shape.log" "$TMP/layouts.ron"
# pair_inside W H: A and B drawn inside a W×H window, at least 30 px apart.
pair_inside() {
    status_is "(lambda p, q: all(0 < v[0] < $1 and 0 < v[1] < $2 for v in (p, q)) and ((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5 >= 30)(d['shapes'][d['a']]['screen'], d['shapes'][d['b']]['screen'])"
}
for shape in "800 600 narrow side-by-side" "390 844 phone world" "844 390 phone world" "1280 800 wide side-by-side"; do
    read -r W H SCREEN LAYOUT <<<"$shape"
    xdotool windowsize "$WID" "$W" "$H" 2>/dev/null
    if wait_for "status_is '(d[\"screen\"], d[\"layout\"]) == (\"$SCREEN\", \"$LAYOUT\")' && pair_inside $W $H" 5; then
        pass "at ${W}×${H}: the $SCREEN layout ($LAYOUT), A and B refitted inside the window"
    else
        fail "at ${W}×${H}: $(status_py '(d["screen"], d["layout"], d["shapes"][d["a"]]["screen"], d["shapes"][d["b"]]["screen"])')"
    fi
done
# An idle window (nothing moves, no input for 1.5 s) rests: no frame drawn (status
# "frames") and next to no CPU time over 3 s; the scene file edited on disk meanwhile
# is still reloaded (auto-reload), and input wakes it.
sleep 2
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$APP_PID/stat"; }
F0=$(json_number frames)
T0=$(cpu_ticks)
sleep 3
F1=$(json_number frames)
T1=$(cpu_ticks)
IDLE_MS=$(( (T1 - T0) * 1000 / $(getconf CLK_TCK) ))
if [ -n "$F0" ] && [ "$F1" = "$F0" ] && [ "$IDLE_MS" -le 60 ]; then
    pass "an idle window draws no frame in 3 s and uses ${IDLE_MS} ms of CPU (under 2 % of a core)"
else
    fail "an idle window drew $((${F1:-0} - ${F0:-0})) frames in 3 s and used ${IDLE_MS} ms of CPU"
fi
A_X=$(status_py 'd["shapes"][0]["position"][0]')
python3 "$ROOT/scripts/nudge-scene.py" "$TMP/layouts.ron"
if wait_for "status_is 'abs(d[\"shapes\"][0][\"position\"][0] - ($A_X + 1.0)) < 1e-9'" 3; then
    pass "the scene file edited on disk while the window is idle is reloaded (A moved by 1 unit, $(( $(json_number frames) - F1 )) frames drawn)"
else
    fail "auto-reload while idle: A at $(status_py 'd["shapes"][0]["position"]'), was $A_X"
fi
sleep 2
F2=$(json_number frames)
xdotool mousemove --window "$WID" 600 400 2>/dev/null
if wait_for '[ "$(json_number frames)" -gt "$F2" ]' 3; then
    pass "a mouse move wakes the idle window: it draws again"
else
    fail "the idle window did not draw after a mouse move (frames $F2)"
fi
stop_app
start_app "lesson 4" "$TMP/link.log" --lesson epa --page 3
LINK=$(status_py 'd["link"]')
stop_app
start_app "lesson link" "$TMP/link2.log" open "$LINK"
if wait_for 'status_is "(d[\"mode\"], d[\"lesson\"], d[\"page\"]) == (\"lesson\", \"04-epa.ron\", 3)"' 5; then
    pass "gjk-lab open with a lesson page's link (${#LINK} characters) opens lesson 4 at page 3"
else
    fail "lesson link $LINK: $(status_py '(d["mode"], d["lesson"], d["page"])')"
fi

# --- 17. a seed's version beside gjk-lab's ------------------------------------------
stop_app
export GJK_LAB_DATA_DIR="$TMP/seed"
cp "$ROOT/scenes/seed-001-no-progress.ron" "$TMP/seed.ron"
start_app "seed's version" "$TMP/seed.log" "$TMP/seed.ron"
OURS=$(json_number step_count)
key v v
if wait_for '[ "$(json_string variant)" = "no-progress-test" ]' 5; then
    pass "V twice chooses seed 001's GJK without a progress test"
else
    fail "after V V the variant is $(status_py 'd.get("variant")')"
fi
FIRST=$(json_number first_difference)
key End
if wait_for 'status_is "d[\"step\"] == d[\"step_count\"] > 3 * '"${OURS:-0}"'"' 5; then
    pass "the seed's loop runs $(json_number step_count) steps to the cap (gjk-lab's: $OURS)"
else
    fail "seed's run: step $(json_number step) of $(json_number step_count), gjk-lab's $OURS"
fi
if [ -n "$FIRST" ] && [ "$FIRST" -ge 1 ] && [ "$FIRST" -le "${OURS:-0}" ]; then
    key Home
    for _ in $(seq 1 "$FIRST"); do key n; done
    if wait_for '[ "$(json_number step)" = "'"$FIRST"'" ]' 5; then
        pass "the first step where the runs differ is step $FIRST ($(json_string step_title))"
    else
        fail "could not step to the first difference $FIRST: at $(json_number step)"
    fi
else
    fail "no first difference reported: $(status_py 'd.get("first_difference")')"
fi
key v
if wait_for 'status_is "d[\"variant\"] is None and d[\"step_count\"] == '"${OURS:-0}"'"' 5; then
    pass "V once more is gjk-lab's version again ($OURS steps)"
else
    fail "after the third V: variant $(status_py 'd.get("variant")'), $(json_number step_count) steps"
fi

# --- 18. the Advanced settings ------------------------------------------------------
stop_app
export GJK_LAB_DATA_DIR="$TMP/settings"
cp "$ROOT/scenes/gallery-near-touch-far.ron" "$TMP/far.ron"
start_app "f32 settings" "$TMP/far.log" "$TMP/far.ron" --precision f32
key End
if wait_for 'status_is "d[\"settings\"][\"precision\"] == \"f32\" and d[\"step\"] == d[\"step_count\"] > 0"' 5; then
    pass "--precision f32 runs GJK with values stored in float ($(json_number step_count) steps)"
else
    fail "f32 run: settings $(status_py 'd.get("settings")'), step $(json_number step)"
fi
if status_is '"wrong side" in d["narration"]["text"] and d["first_difference"] is not None'; then
    pass "its last step says it ends on the wrong side; first difference at step $(json_number first_difference)"
else
    fail "f32 run's end: $(status_py 'd.get("narration")') (first difference $(status_py 'd.get("first_difference")'))"
fi
stop_app
cp "$ROOT/scenes/overlapping-polygons.ron" "$TMP/capped.ron"
start_app "capped" "$TMP/capped.log" "$TMP/capped.ron" --algo gjk --max-iterations 2
key End
if wait_for 'status_is "\"iteration_limit\" in d[\"narration\"][\"text\"] and d[\"settings\"][\"max_iterations\"] == 2"' 5; then
    pass "--max-iterations 2: GJK ends as iteration_limit and says so"
else
    fail "capped run: $(status_py 'd.get("narration")')"
fi


# --- 20. moving shapes: the casts in the window, the end pose's handle -------------
restart_app cast cast-bullet-wall.ron
key t
if wait_for '[ "$(json_string algorithm)" = "time-of-impact" ]' 5; then
    pass "key T selects the time of impact"
else
    fail "after key T the algorithm is $(json_string algorithm)"
fi
key End
if wait_for 'status_is "d[\"step\"] == d[\"step_count\"] and \"Hit at t = 0.4750\" in str(d[\"narration\"])"' 5; then
    pass "End: the time of impact's last step says the hit at t = 0.4750"
else
    fail "time of impact's end: $(status_py 'd["narration"]')"
fi
key x End
if wait_for 'status_is "d[\"algorithm\"] == \"sat-cast\" and \"The SAT cast measures\" in str(d[\"narration\"])"' 5; then
    pass "key X: the SAT cast says why it does not take the ball (and which algorithm does)"
else
    fail "SAT cast on the bullet: $(status_py 'd["algorithm"], d["narration"]')"
fi
key d End
if wait_for 'status_is "d[\"algorithm\"] == \"discrete\" and \"tunnelled\" in str(d[\"narration\"])"' 5; then
    pass "key D and End: the discrete check misses, and its last step names the tunnelling"
else
    fail "discrete check: $(status_py 'd["algorithm"], d["narration"]')"
fi
read -r VX VY <<<"$(status_py '" ".join(map(str, d["shapes"][1]["motion"]["velocity"]))')"
read -r EX EY <<<"$(status_py '" ".join("%.0f" % v for v in d["shapes"][1]["motion"]["end_screen"])')"
read -r AX AY <<<"$(shape_array position 0)"
read -r SX SY <<<"$(shape_array screen 0)"
read -r BX BY <<<"$(shape_array position 1)"
read -r TX TY <<<"$(shape_array screen 1)"
ZOOM=$(zoom_of "$AX" "$AY" "$BX" "$BY" "$SX" "$SY" "$TX" "$TY")
xdotool mousemove --window "$WID" "$EX" "$EY" 2>/dev/null
sleep 0.3
xdotool mousedown 1 2>/dev/null
sleep 0.2
for dx in 40 80 120 160 200; do
    xdotool mousemove --window "$WID" $((EX - dx)) "$EY" 2>/dev/null
    sleep 0.12
done
sleep 0.2
xdotool mouseup 1 2>/dev/null
wait_for '[ "$(status_py "d[\"shapes\"][1][\"motion\"][\"velocity\"][0]")" != "$VX" ]' 5
NVX=$(status_py 'd["shapes"][1]["motion"]["velocity"][0]')
VERDICT=$(awk -v vx="$VX" -v nx="$NVX" -v z="$ZOOM" 'BEGIN {
    want = 200 / z; d = vx - nx
    ok = (z > 0) && (d - want < 0.03 * want) && (want - d < 0.03 * want)
    printf "%s velocity x %.3f -> %.3f, expected %.3f less (zoom %.2f px/unit)", (ok ? "ok" : "wrong"), vx, nx, want, z }')
case "$VERDICT" in
    ok*) pass "dragging the end pose's ring by 200 px: ${VERDICT#ok }" ;;
    *) fail "dragging the end pose's ring: $VERDICT" ;;
esac
if status_is 'd["algorithm"] == "discrete" and d["step_count"] >= 2'; then
    pass "the discrete check is run again on the new motion ($(status_py 'd["step_count"]') steps)"
else
    fail "after the drag: $(status_py 'd["algorithm"], d["step_count"]')"
fi

# --- 19. a touch screen (issue 32): a finger's controls, a question from the keys -----
stop_app
export GJK_LAB_DATA_DIR="$TMP/touch"
GJK_LAB_TOUCH=1 start_app "touch" "$TMP/touch.log" --lesson 02-gjk --page 4
if wait_for 'status_is "d[\"touch\"] and len(d[\"controls\"]) > 5"' 5 && status_is \
    'all(c["rect"][2] >= 44 and c["rect"][3] >= 44 for c in d["controls"])'; then
    pass "GJK_LAB_TOUCH=1: every control ($(status_py 'len(d["controls"])')) is at least 44 px each way"
else
    fail "touch controls: $(status_py '[(c["label"], c["rect"]) for c in d["controls"] if c["rect"][2] < 44 or c["rect"][3] < 44]')"
fi
if status_is 'd["checkpoint"] is not None and all(k in d["rects"] for k in ("question", "page_text"))'; then
    pass "page 4 asks $(status_py 'd["checkpoint"]'); the question and the page's text are drawn (rects)"
else
    fail "page 4: checkpoint $(status_py 'd["checkpoint"]'), rects $(status_py 'sorted(d["rects"])')"
fi
right=$(status_py 'd["question"]["answer"]')
for _ in $(seq 0 "$right"); do key Tab; done
key Return
if wait_for 'status_is "d[\"verdict\"] == \"right\" and \"reply\" in d[\"rects\"]"' 5; then
    pass "Tab $((right + 1)) times and Enter answer with candidate $right: judged right, the reply drawn"
else
    fail "keyboard answer: verdict $(status_py 'd["verdict"]'), narration $(status_py 'd["narration"].get("choice")')"
fi

# --- 21. a lesson in Chinese (issue 35) -------------------------------------------------
stop_app
export GJK_LAB_DATA_DIR="$TMP/zh"
# Touch mode lists every control in the status, so the language menu can be clicked.
CHINESE='any("\u4e00" <= c <= "\u9fff" for c in (d["narration"]["page_text"] or ""))'
GJK_LAB_TOUCH=1 start_app "lesson in Chinese" "$TMP/zh.log" --lesson 02-gjk --lang zh
if wait_for "status_is 'd[\"lang\"] == \"zh\" and d[\"page\"] == 1 and $CHINESE'" 5; then
    pass "--lang zh: lesson 2 opens in Chinese (status lang zh; page 1 reads \"$(status_py 'd["narration"]["page_text"][:24]')…\")"
else
    fail "--lang zh: lang $(status_py 'd["lang"]'), page text $(status_py 'd["narration"]["page_text"][:60]')"
fi
RIGHT=0
for page in 4 5 7; do
    if page_to "$page"; then
        click_candidate "$(status_py 'd["question"]["answer"]')"
        RIGHT=$((RIGHT + 1))
        wait_for "status_is 'd[\"score\"] == {\"right\": $RIGHT, \"wrong\": 0}'" 5
    fi
done
key Next
if wait_for "status_is 'd[\"page\"] == 8 and d[\"score\"] == {\"right\": 3, \"wrong\": 0} and $CHINESE'" 5; then
    pass "its three checkpoints answered by clicks in Chinese (3 right), page 8 of 8 reached, still in Chinese"
else
    fail "the Chinese lesson: page $(status_py 'd["page"]'), score $(status_py 'd["score"]')"
fi
import -window "$WID" "$TMP/zh.png" 2>/dev/null
# click_control LABEL: clicks the middle of the control the status lists by LABEL.
click_control() {
    read -r CX CY <<<"$(status_py "' '.join(str(round(r[0] + r[2] / 2)) + ' ' + str(round(r[1] + r[3] / 2)) for r in [c['rect'] for c in d['controls'] if c['label'] == '$1'][:1])")"
    [ -n "${CX:-}" ] && xdotool mousemove --window "$WID" "$CX" "$CY" click 1 2>/dev/null
    sleep 0.3
}
STEP=$(status_py 'd["step"]')
click_control language
wait_for "status_is 'any(c[\"label\"] == \"English\" for c in d[\"controls\"])'" 5
click_control English
if wait_for "status_is 'd[\"lang\"] == \"en\" and d[\"page\"] == 8 and d[\"step\"] == $STEP and d[\"narration\"][\"page_text\"].startswith(\"When the origin\")'" 5; then
    pass "the language menu shows English live: page 8 and step $STEP stay, the page reads English"
else
    fail "language menu: lang $(status_py 'd["lang"]'), page $(status_py 'd["page"]'), step $(status_py 'd["step"]')"
fi
click_control language
wait_for "status_is 'any(c[\"label\"] == \"中文\" for c in d[\"controls\"])'" 5
click_control 中文
wait_for "status_is 'd[\"lang\"] == \"zh\"'" 5
stop_app
start_app "a start without --lang" "$TMP/zh2.log" --lesson 02-gjk
if wait_for "status_is 'd[\"lang\"] == \"zh\" and $CHINESE'" 5; then
    pass "the language chosen in the menu is remembered: a start without --lang is in Chinese"
else
    fail "remembered language: $(status_py 'd["lang"]')"
fi

finish
