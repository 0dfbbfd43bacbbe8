#!/usr/bin/env bash
# The example program (Examples/CircleGesture: views and a custom recognizer built in code,
# touchscope around it through TouchScopeKit) in a real X11 window under Xvfb: a circle drawn
# with the mouse is recognized, Ctrl+R says there is no scene file to reload, the live
# recording replays headless to the live trace, and `run` opens with every panel. Run by
# `make test` through xvfb-run (after Examples/CircleGesture/check.sh built the program).
set -euo pipefail
cd "$(dirname "$0")/../.."
: "${DISPLAY:?run under xvfb-run}"
root=$PWD
bin=$root/Examples/CircleGesture/.build/debug/circle-gesture
[ -x "$bin" ] || swift build --package-path Examples/CircleGesture --product circle-gesture
export PYTHONPATH="$root/Tests/xvfb${PYTHONPATH:+:$PYTHONPATH}"
tmp=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null || true; [ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"; }
trap cleanup EXIT
fail() { echo "circle-gesture: FAIL: $*" >&2; exit 1; }

start() {   # start ARGS...: the program in $tmp (where F12 saves circle-gesture-N.png)
    (cd "$tmp" && SDL_AUDIODRIVER=dummy exec "$bin" run "$@") >"$tmp/out.log" 2>&1 &
    pid=$!
    wid=$(timeout 20 xdotool search --sync --pid "$pid" 2>/dev/null | head -1) || fail "no window appeared: $(tail -3 "$tmp/out.log")"
    xdotool windowfocus --sync "$wid" 2>/dev/null || xdotool windowfocus "$wid"
    eval "$(xdotool getwindowgeometry --shell "$wid")"   # X Y WIDTH HEIGHT
    sleep 0.5
}
stop() {    # the program ends cleanly on SIGTERM: status 0, files complete
    kill -TERM "$pid"
    local status=0
    wait "$pid" || status=$?
    pid=
    [ "$status" = 0 ] || fail "exited $status on SIGTERM: $(tail -3 "$tmp/out.log")"
}
shot() {    # shot N FILE: F12's screenshot circle-gesture-N.png (a program names its files after itself), moved to FILE
    xdotool key F12
    for _ in $(seq 50); do grep -q "screenshot saved to circle-gesture-$1.png" "$tmp/out.log" && break; sleep 0.1; done
    mv "$tmp/circle-gesture-$1.png" "$2" 2>/dev/null || fail "F12 saved no screenshot: $(tail -3 "$tmp/out.log")"
}

# 1. Without the panels the scene fills the window: draw a circle of 100 points around the
#    centre with the mouse (one finger), in one xdotool call, in about a second.
start --no-overlays --trace "$tmp/live.trace.jsonl" --record "$tmp/rec.jsonl"
moves=$(python3 - "$X" "$Y" "$WIDTH" "$HEIGHT" <<'PY'
import math, sys
x, y, w, h = map(int, sys.argv[1:])
scale = min(w / 800, h / 600)
cx, cy, r = x + w / 2, y + h / 2, 100 * scale
print(f"mousemove {round(cx + r)} {round(cy)} mousedown 1", end=" ")
for i in range(1, 37):
    a = 2 * math.pi * i / 36
    print(f"sleep 0.02 mousemove {round(cx + r * math.cos(a))} {round(cy - r * math.sin(a))}", end=" ")
print("sleep 0.05 mouseup 1")
PY
)
# shellcheck disable=SC2086
xdotool $moves
sleep 0.3
xdotool key ctrl+r
sleep 0.3
shot 1 "$tmp/reload.png"
stop
grep -q '"recognizer":"circle","view":"canvas","from":"possible","to":"recognized"' "$tmp/live.trace.jsonl" \
    || fail "the circle was not recognized: $(grep '"recognizer":"circle"' "$tmp/live.trace.jsonl" | head -2)"
echo "circle-gesture: a circle drawn with the mouse is recognized"
python3 - "$tmp/reload.png" "$WIDTH" "$HEIGHT" <<'PY' || fail "Ctrl+R: no banner over the scene"
import sys
import png as png_file
png, w, h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
scale = min(w / 800, h / 600)
top = png_file.pixel(png, w // 2, int((h - 600 * scale) / 2 + 10))
assert all(abs(a - b) <= 40 for a, b in zip(top, (150, 30, 30))), f"banner {top}"
print("circle-gesture: Ctrl+R shows that there is no scene file to reload")
PY
"$bin" replay "$tmp/rec.jsonl" --headless --trace "$tmp/replay.trace.jsonl"
cmp -s "$tmp/live.trace.jsonl" "$tmp/replay.trace.jsonl" \
    || fail "the live recording replays to another trace: $(diff "$tmp/live.trace.jsonl" "$tmp/replay.trace.jsonl" | head -5)"
echo "circle-gesture: the live recording replays headless to the live trace, byte for byte"

# 2. `run` opens the window with every panel: the right edge of the window shows them (text in
#    many colours), where the window without panels shows only the margin's one colour.
start
shot 1 "$tmp/panels.png"
stop
python3 - "$tmp/panels.png" "$tmp/reload.png" <<'PY' || fail "run: the window has no panels"
import sys
import png as png_file
def colours(path):
    w, h, _, _ = png_file.read(path)
    return len({png_file.pixel(path, x, y) for x in range(w - 100, w - 4, 2) for y in range(4, h - 4, 5)})
panels, plain = colours(sys.argv[1]), colours(sys.argv[2])
assert panels >= 8 and plain <= 3, f"{panels} colours on the right with the panels, {plain} without"
print(f"circle-gesture: run opens the window with its panels ({panels} colours on the right, {plain} without)")
PY
echo "circle-gesture: ok"
