#!/usr/bin/env bash
# What an idle window costs: frames drawn (the status's "frames") and CPU time (from
# /proc/PID/stat) of a paused default scene under Xvfb over SECONDS, after 4 s to start
# and settle; then the scene file is edited on disk (A moved by 1 unit) and the script
# says whether the idle window reloaded it and how many frames that took.
#
# Usage: bash scripts/idle-cost.sh [path/to/gjk-lab] [SECONDS]   (default: release, 10)
# Needs Xvfb, xdpyinfo and python3; kills only the processes it started.
set -u
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BIN="${1:-$ROOT/target/release/gjk-lab}"
SECS="${2:-10}"
TMP="$(mktemp -d "${TMPDIR:-/tmp}/gjk-lab-idle.XXXXXX")"
N=""
for n in $(seq 150 190); do
    if [ ! -e "/tmp/.X11-unix/X$n" ] && [ ! -e "/tmp/.X$n-lock" ]; then N=$n; break; fi
done
[ -z "$N" ] && { echo "no free X display between :150 and :190"; exit 1; }
Xvfb ":$N" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
XVFB_PID=$!
APP_PID=""
trap 'kill $APP_PID $XVFB_PID 2>/dev/null; wait 2>/dev/null; rm -rf "$TMP"' EXIT
export DISPLAY=":$N" GJK_LAB_DATA_DIR="$TMP/data"
for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
cp "$ROOT/scenes/overlapping-polygons.ron" "$TMP/scene.ron"
"$BIN" "$TMP/scene.ron" --status "$TMP/status.json" >"$TMP/app.log" 2>&1 &
APP_PID=$!
sleep 4
status() { python3 -c "import json, sys; d = json.load(open('$TMP/status.json')); print($1)"; }
ticks() { awk '{ print $14 + $15 }' "/proc/$APP_PID/stat"; }
F0=$(status 'd.get("frames")'); T0=$(ticks)
sleep "$SECS"
F1=$(status 'd.get("frames")'); T1=$(ticks)
CPU_MS=$(( (T1 - T0) * 1000 / $(getconf CLK_TCK) ))
echo "idle ${SECS} s: $((F1 - F0)) frames drawn, ${CPU_MS} ms of CPU ($(awk -v c="$CPU_MS" -v s="$SECS" 'BEGIN { printf "%.1f", c / s / 10 }') % of a core)"
X0=$(status 'd["shapes"][0]["position"][0]')
python3 "$ROOT/scripts/nudge-scene.py" "$TMP/scene.ron"
sleep 1.5
echo "scene file edited: A's x $X0 -> $(status 'd["shapes"][0]["position"][0]') after 1.5 s, $(( $(status 'd.get("frames")') - F1 )) frames drawn"
