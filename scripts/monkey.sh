#!/usr/bin/env bash
# The gjk-lab window under abuse: random keys, drags, clicks and wheel turns, and edits
# to the scene file while the app runs (broken text, other presets, out-of-range
# numbers, an empty file, the file deleted and restored), for SECONDS (default 30).
#
# Usage: scripts/monkey.sh [path/to/gjk-lab] [SECONDS] [SEED]
#
# After every action it checks that the app is still running and that its --status file
# parses as JSON (Python's json module, as python3 -m json.tool). It prints the figures (actions by kind, status
# reads) and exits 1 on a crash or an invalid status file, keeping the app's log.
# Like scripts/e2e.sh it starts its own Xvfb, installs and builds nothing, and kills only
# the processes it started. SEED (default 13) makes the sequence of actions repeatable.

set -u

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BIN="${1:-$ROOT/target/release/gjk-lab}"
DURATION="${2:-30}"
RANDOM="${3:-13}"
XVFB_PID=""
APP_PID=""
TMP="$(mktemp -d "${TMPDIR:-/tmp}/gjk-lab-monkey.XXXXXX")"
KEEP_TMP=0

cleanup() {
    [ -n "$APP_PID" ] && kill "$APP_PID" 2>/dev/null
    [ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null
    [ -n "${JSONCHECK_PID:-}" ] && kill "$JSONCHECK_PID" 2>/dev/null
    wait 2>/dev/null
    [ "$KEEP_TMP" = 1 ] || rm -rf "$TMP"
}
trap cleanup EXIT

for tool in Xvfb xdpyinfo xdotool python3; do
    command -v "$tool" >/dev/null 2>&1 || { echo "monkey: missing $tool" >&2; exit 1; }
done
[ -x "$BIN" ] || { echo "monkey: no executable at $BIN" >&2; exit 1; }
BIN="$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")" # it runs from another folder

# --- a display of our own ---------------------------------------------------------
DISPLAY_NUM=""
for n in $(seq 141 190); do
    if [ ! -e "/tmp/.X11-unix/X$n" ] && [ ! -e "/tmp/.X$n-lock" ]; then
        DISPLAY_NUM=$n
        break
    fi
done
[ -z "$DISPLAY_NUM" ] && { echo "monkey: no free X display" >&2; exit 1; }
Xvfb ":$DISPLAY_NUM" -screen 0 1280x800x24 -nolisten tcp >"$TMP/xvfb.log" 2>&1 &
XVFB_PID=$!
export DISPLAY=":$DISPLAY_NUM"
for _ in $(seq 100); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done

# --- the app on a copy of a preset ---------------------------------------------------
SCENE="$TMP/scene.ron"
STATUS="$TMP/status.json"
LOG="$TMP/app.log"
PRESETS=()
for f in "$ROOT"/scenes/*.ron "$ROOT"/scenes/lessons/*.ron; do
    case "$f" in *many-shapes-2000*) ;; *) PRESETS+=("$f") ;; esac
done
cp "$ROOT/scenes/overlapping-polygons.ron" "$SCENE"
# The app lists and saves presets in the working folder's scenes/: give it a copy, so
# that a random click on a preset and Ctrl+S never rewrite the repository's files.
mkdir -p "$TMP/work"
cp -r "$ROOT/scenes" "$TMP/work/scenes"
cd "$TMP/work" || exit 1

WID=""
start_app() {
    "$BIN" "$SCENE" --status "$STATUS" >>"$LOG" 2>&1 &
    APP_PID=$!
    for _ in $(seq 150); do
        WID=$(xdotool search --onlyvisible --name "^gjk-lab$" 2>/dev/null | head -1)
        [ -n "$WID" ] && [ -s "$STATUS" ] && return 0
        kill -0 "$APP_PID" 2>/dev/null || break
        sleep 0.1
    done
    return 1
}
# A loaded machine may refuse the first GL context: one more try (as in e2e.sh).
start_app || { sleep 1; start_app; } || {
    echo "monkey: the app did not start: $(head -5 "$LOG")" >&2
    exit 1
}

# --- actions ------------------------------------------------------------------------
KEYS=(n b space r f l m k s Left Right Up Down Home End Prior Next F5 1 2 3 4 5 6 7
    ctrl+s ctrl+z ctrl+y Tab Return Escape BackSpace Delete plus minus a x q w e shift+n
    ctrl+a F1 F11 alt+F4 d u c t)
declare -A COUNT=([key]=0 [drag]=0 [click]=0 [wheel]=0 [edit]=0)
READS=0
declare -A SEEN=()
INVALID=0
CRASHES=0

rand() { echo $((RANDOM % $1)); }
pos() { echo "$(($(rand 1240) + 20)) $(($(rand 760) + 20))"; }

do_key() {
    xdotool key --window "$WID" "${KEYS[$(rand ${#KEYS[@]})]}" 2>/dev/null
    COUNT[key]=$((COUNT[key] + 1))
}
do_drag() {
    read -r x y <<<"$(pos)"
    xdotool mousemove --window "$WID" "$x" "$y" mousedown $((1 + $(rand 3))) 2>/dev/null
    for _ in $(seq $((1 + $(rand 5)))); do
        # Within the window: xdotool takes a negative coordinate for an option.
        x=$(((x + $(rand 161) - 80 + 1280) % 1280))
        y=$(((y + $(rand 161) - 80 + 800) % 800))
        sleep 0.03
        xdotool mousemove --window "$WID" "$x" "$y" 2>/dev/null
    done
    sleep 0.03
    xdotool mouseup 1 mouseup 2 mouseup 3 2>/dev/null
    COUNT[drag]=$((COUNT[drag] + 1))
}
do_click() {
    read -r x y <<<"$(pos)"
    xdotool mousemove --window "$WID" "$x" "$y" click --repeat $((1 + $(rand 2))) 1 2>/dev/null
    COUNT[click]=$((COUNT[click] + 1))
}
do_wheel() {
    read -r x y <<<"$(pos)"
    xdotool mousemove --window "$WID" "$x" "$y" click --repeat $((1 + $(rand 5))) $((4 + $(rand 2))) 2>/dev/null
    COUNT[wheel]=$((COUNT[wheel] + 1))
}
do_edit() {
    local preset="${PRESETS[$(rand ${#PRESETS[@]})]}"
    case $(rand 8) in
        0) cp "$preset" "$SCENE" ;;
        1) head -c $(($(rand 400) + 1)) "$preset" >"$SCENE" ;;
        2) : >"$SCENE" ;;
        3) printf '(shapes: [(shape: Polygon(vertices: [(0.0, 0.0), (1e155, 0.0), (0.0, 1e155)]), position: (0.0, 0.0)), (shape: Circle(radius: 1.0), position: (1e154, 0.0))])\n' >"$SCENE" ;;
        4) printf '{"shapes": [], "a\\nb": 1}\n' >"$SCENE" ;;
        5) rm -f "$SCENE"; sleep 0.2; cp "$preset" "$SCENE" ;;
        6) sed 's/[0-9]\.[0-9]*/1e-170/3' "$preset" >"$SCENE" ;;
        *) sed "s/[0-9]\.[0-9]*/$(rand 100)e$(($(rand 30) - 15))/2" "$preset" >"$SCENE" ;;
    esac
    COUNT[edit]=$((COUNT[edit] + 1))
}

check() {
    if ! kill -0 "$APP_PID" 2>/dev/null; then
        CRASHES=$((CRASHES + 1))
        echo "monkey: the app exited after $1; its log:"
        grep -v '^ *[0-9]*: \|^ *at ' "$LOG" | tail -15 | sed 's/^/    /'
        return 1
    fi
    READS=$((READS + 1))
    local reply
    echo "$STATUS" >&"${JSONCHECK[1]}"
    read -r reply <&"${JSONCHECK[0]}"
    if [ "${reply%% *}" = ok ]; then
        SEEN[${reply#ok }]=1
    else
        INVALID=$((INVALID + 1))
        echo "monkey: invalid status file after $1: $reply"
        cp "$STATUS" "$TMP/invalid-status-$INVALID.json" 2>/dev/null
    fi
}

# One Python reads the status file after every action (what `python3 -m json.tool`
# does, without starting Python each time): "ok" and a hash of the text (to count the
# different states the app went through), or "bad" and the parser's message.
coproc JSONCHECK {
    python3 -u -c '
import hashlib, json, sys
for line in sys.stdin:
    try:
        with open(line.strip(), "rb") as f:
            text = f.read()
        json.loads(text)
        print("ok", hashlib.md5(text).hexdigest())
    except Exception as e:
        print("bad", str(e).replace("\n", " "))
'
}

END=$((SECONDS + DURATION))
while [ $SECONDS -lt $END ]; do
    r=$(rand 100)
    if [ "$r" -lt 45 ]; then do_key; what=key
    elif [ "$r" -lt 70 ]; then do_drag; what=drag
    elif [ "$r" -lt 82 ]; then do_click; what=click
    elif [ "$r" -lt 96 ]; then do_wheel; what=wheel
    else do_edit; what=edit
    fi
    sleep 0.0$(rand 10)
    check "$what" || break
done

TOTAL=$((COUNT[key] + COUNT[drag] + COUNT[click] + COUNT[wheel] + COUNT[edit]))
echo "monkey: $DURATION s: $TOTAL actions (${COUNT[key]} keys, ${COUNT[drag]} drags, ${COUNT[click]} clicks, ${COUNT[wheel]} wheel turns, ${COUNT[edit]} file edits), $READS status reads (${#SEEN[@]} different states), $INVALID invalid, $CRASHES crashes"
if [ "$CRASHES" -gt 0 ] || [ "$INVALID" -gt 0 ]; then
    KEEP_TMP=1
    echo "monkey: FAILED (log and status files kept in $TMP)"
    exit 1
fi
echo "monkey: PASS"
