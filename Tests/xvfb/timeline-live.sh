#!/usr/bin/env bash
# The live timeline in the real window under Xvfb (issue 29, item 2): on scenes/long-press.yaml
# a long press held 0.8 s, dragged and released with the mouse. While following live the time
# axis keeps up with the clock after the release (the window wakes to redraw it though no
# input comes), then stops with the gesture's end in view: its ended transitions are on
# screen, not off the right edge; the timeline 2 s and 4 s after the release is the same
# picture; a mouse move after the idle spell does not jump it; and the idle window costs
# next to no CPU. The window writes the timeline's right edge for the script
# (TOUCHSCOPE_TEST_FINGERS=FILE: FILE.state's `timeline-edge`, see
# Sources/TouchScopeKit/Window/FingerScript.swift). Run by `make test` through xvfb-run; needs
# DISPLAY and xdotool. SHOTS=DIR keeps the screenshots there (to look at them).
set -euo pipefail
source "$(dirname "$0")/lib/setup.sh"
fingers=$tmp/fingers
exe=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
scene=$PWD/scenes/long-press.yaml
: > "$fingers"
(cd "$tmp" && SDL_AUDIODRIVER=dummy TOUCHSCOPE_TEST_FINGERS="$fingers" exec "$exe" run "$scene" --window 1280x800 \
    --trace "$tmp/trace.jsonl") >"$tmp/out.log" 2>&1 &
pid=$!
wid=$(timeout 20 xdotool search --sync --pid "$pid" 2>/dev/null | head -1) || fail "no window appeared: $(tail -3 "$tmp/out.log")"
xdotool windowfocus --sync "$wid" 2>/dev/null || xdotool windowfocus "$wid"
for _ in $(seq 50); do [ -s "$fingers.state" ] && break; sleep 0.1; done
[ -s "$fingers.state" ] || fail "the window wrote no $fingers.state"
state() { sed -n "s/^$1 //p" "$fingers.state" | head -1; }
cpu() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }   # user + system clock ticks
shots=0
shot() {    # shot NAME: F12, the window's own screenshot; prints its path
    shots=$((shots + 1))
    xdotool key --window "$wid" F12
    for _ in $(seq 50); do [ -s "$tmp/touchscope-$shots.png" ] && break; sleep 0.1; done
    [ -s "$tmp/touchscope-$shots.png" ] || fail "F12 saved no touchscope-$shots.png: $(tail -3 "$tmp/out.log")"
    if [ -n "${SHOTS:-}" ]; then mkdir -p "$SHOTS"; cp "$tmp/touchscope-$shots.png" "$SHOTS/$1.png"; fi
    echo "$tmp/touchscope-$shots.png"
}

read sx sy sw sh <<< "$(state scene)"
read bx by bw bh <<< "$(state bottom)"
span=$(state timeline-edge >/dev/null; sed -n 's/^timeline-end .* span //p' "$fingers.state")
# The tile (scene frame 250,150 300×300 of 800×600): press its middle, hold, drag, release.
tx=$((sx + sw * 400 / 800)); ty=$((sy + sh * 300 / 600))
xdotool mousemove --window "$wid" "$tx" "$ty" mousedown 1
sleep 0.8
for i in 1 2 3 4 5 6; do xdotool mousemove --window "$wid" $((tx + i * 10)) "$ty"; sleep 0.03; done
xdotool mouseup 1
xdotool mousemove --window "$wid" $((tx + 60)) "$ty"

# Just after the release the axis still moves with the clock, with no input to wake the window.
sleep 0.3; e1=$(state timeline-edge); sleep 0.3; e2=$(state timeline-edge)
python3 -c "import sys; a, b = map(float, sys.argv[1:]); sys.exit(0 if b - a > 0.15 else 1)" "$e1" "$e2" \
    || fail "the live axis stood still after the release: $e1 then $e2"
# Then it stops: the same edge 2 s and 4 s after the release, and the same timeline.
sleep 1.4; edge2=$(state timeline-edge)
c0=$(cpu); sleep 2; c1=$(cpu)
edge4=$(state timeline-edge)
[ "$edge2" = "$edge4" ] || fail "the live axis went on moving once the gesture was shown: $edge2, then $edge4"
a=$(shot two-seconds); sleep 1.5; b=$(shot four-seconds)
# A mouse move after the idle spell: no jump.
xdotool mousemove --window "$wid" $((tx + 100)) $((ty + 40)); sleep 0.5
[ "$(state timeline-edge)" = "$edge2" ] || fail "a mouse move after idle moved the timeline: $edge2, then $(state timeline-edge)"
kill -TERM "$pid"; wait "$pid" || true; pid=
# Idle CPU: 2 s of it cost the window under a quarter of a core (a redraw every frame costs
# a core's worth in a debug build).
ticks=$(getconf CLK_TCK)
python3 -c "import sys; d, t = int(sys.argv[2]) - int(sys.argv[1]), int(sys.argv[3]); print(f'timeline-live: idle 2 s: {d / t:.2f} s CPU'); sys.exit(0 if d / t < 0.5 else 1)" \
    "$c0" "$c1" "$ticks" || fail "the idle window used the CPU: $c0 then $c1 ticks over 2 s"
# The timeline's pixels 2 s and 4 s after the release are the same (bottom panel, window
# units: the screenshots are at pixel scale 1).
python3 - "$a" "$b" "$bx" "$by" "$bw" "$bh" <<'PY' || fail "the timeline changed while idle"
import sys
sys.path.insert(0, "Tests/xvfb")
from png import read
a, b = read(sys.argv[1]), read(sys.argv[2])
x, y, w, h = map(int, sys.argv[3:7])
ch = a[2]
for row in range(y, y + h):
    ra, rb = a[3][row][x * ch:(x + w) * ch], b[3][row][x * ch:(x + w) * ch]
    assert ra == rb, f"row {row} differs"
PY
# Against the trace: the press ended and the drag ended inside the stopped window [edge - span, edge].
python3 - "$tmp/trace.jsonl" "$edge2" "$span" <<'PY' || fail "the gesture's end is not in the stopped timeline"
import json, sys
edge, span = float(sys.argv[2]), float(sys.argv[3])
recs = [r for r in map(json.loads, open(sys.argv[1])) if r["kind"] == "gesture"]
ends = {r["recognizer"]: r["t"] for r in recs if r["to"] == "ended"}
assert "press" in ends and "drag" in ends, f"no ended transitions: {sorted(ends)}"
held = next(r["t"] for r in recs if r["recognizer"] == "press" and r["to"] == "began")
for name, t in ends.items():
    assert edge - span <= t <= edge, f"{name} ended at {t}, the timeline shows {edge - span}..{edge}"
print(f"timeline-live: press began {held}, ended {ends['press']}, drag ended {ends['drag']}; the timeline stopped at {edge}")
PY
echo "timeline-live: ok"
