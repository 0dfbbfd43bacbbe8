#!/usr/bin/env bash
# The real program under Xvfb, driven with xdotool, through what goes wrong in real use: a
# window made tiny mid-drag, ending mid-gesture, a kill, a hot reload. Each time the trace
# and the recording stay whole and a replay of the live recording gives the live trace
# byte for byte; a window made a few pixels small with the panels on still draws and ends on
# SIGTERM. Run by `make test` through xvfb-run; needs DISPLAY and xdotool.
# ONLY="tiny small quit kill reload" runs some of the parts.
set -euo pipefail
source "$(dirname "$0")/lib/setup.sh"
only=${ONLY:-tiny small quit kill reload}
wants() { [[ " $only " == *" $1 "* ]]; }

panels=--no-overlays
start() {   # start SCENE: opens the window (panels off unless panels= is empty), recording and tracing (also for Perfetto)
    rm -f "$tmp/trace.jsonl" "$tmp/rec.jsonl" "$tmp/timeline.json"
    SDL_AUDIODRIVER=dummy "$bin" run "$1" $panels --trace "$tmp/trace.jsonl" --record "$tmp/rec.jsonl" --perfetto "$tmp/timeline.json" \
        >"$tmp/out.log" 2>&1 &
    pid=$!
    wid=$(timeout 20 xdotool search --sync --pid "$pid" 2>/dev/null | head -1) || fail "no window appeared"
    xdotool windowfocus --sync "$wid" 2>/dev/null || xdotool windowfocus "$wid"
    eval "$(xdotool getwindowgeometry --shell "$wid")"   # X Y WIDTH HEIGHT
    cx=$((X + WIDTH / 2)); cy=$((Y + HEIGHT / 2))      # the scene's centre: the photo's centre
    sleep 0.5
}
stop() {   # stop [SIGNAL]: ends the program (SIGTERM by default) and waits for it
    kill -"${1:-TERM}" "$pid"; { wait "$pid"; } 2>/dev/null || true; pid=
}
drag() {   # drag DX N: moves the pressed mouse N steps of DX pixels to the right
    for i in $(seq 1 "$2"); do xdotool mousemove $((cx + i * $1)) "$cy"; sleep 0.03; done
}
# The live recording replays headless to the live trace, byte for byte.
same_as_replay() {   # same_as_replay SCENE WHAT
    "$bin" replay "$1" "$tmp/rec.jsonl" --headless --trace "$tmp/replay.jsonl" 2>"$tmp/replay.err" \
        || fail "$2: the live recording does not replay: $(cat "$tmp/replay.err")"
    cmp -s "$tmp/trace.jsonl" "$tmp/replay.jsonl" \
        || fail "$2: the replay's trace differs from the live one ($(wc -l <"$tmp/trace.jsonl") records live, $(wc -l <"$tmp/replay.jsonl") replayed): $(diff "$tmp/trace.jsonl" "$tmp/replay.jsonl" | head -5)"
}

# 1. The window made 12×12 mid-drag, then large again: nothing non-finite is traced or
#    recorded, the pan goes on, and the photo keeps a finite transform.
if wants tiny; then
    start photo
    xdotool mousemove "$cx" "$cy" mousedown 1
    drag 10 5
    xdotool windowsize "$wid" 12 12; sleep 0.3
    drag 12 5
    xdotool windowsize "$wid" "$WIDTH" "$HEIGHT"; sleep 0.3
    drag 14 5
    xdotool mouseup 1
    sleep 0.3
    stop
    # The fault happened: the recording holds the resize to 12×12 and the one back.
    python3 - "$tmp/rec.jsonl" "$WIDTH" "$HEIGHT" <<'PY' || fail "tiny: the recording does not hold the resize to 12×12 and back"
import json, sys
width, height = float(sys.argv[2]), float(sys.argv[3])
sizes = [(l["width"], l["height"]) for l in map(json.loads, open(sys.argv[1])) if l.get("type") == "resize"]
tiny = [k for k, s in enumerate(sizes) if s == (12, 12)]
assert tiny, sizes
assert (width, height) in sizes[tiny[0] + 1:], sizes
PY
    ! grep -q 'null\|nan\|inf' "$tmp/rec.jsonl" || fail "tiny: the recording holds a non-finite number: $(grep -m1 'null\|nan\|inf' "$tmp/rec.jsonl")"
    ! grep -q '"translation":null\|"velocity":null\|"location":null\|nan' "$tmp/trace.jsonl" \
        || fail "tiny: the trace holds a non-finite number: $(grep -m1 'null\|nan' "$tmp/trace.jsonl" | cut -c1-200)"
    grep -q '"recognizer":"pan","view":"photo","from":"changed","to":"ended"' "$tmp/trace.jsonl" || fail "tiny: the pan did not end"
    "$bin" replay photo "$tmp/rec.jsonl" --headless --dump-tree "$tmp/tree.json" >/dev/null 2>"$tmp/replay.err" \
        || fail "tiny: the live recording does not replay: $(cat "$tmp/replay.err")"
    python3 - "$tmp/tree.json" <<'PY' || fail "tiny: the photo's transform is not finite"
import json, math, sys
t = json.load(open(sys.argv[1]))[0]["children"][0]["transform"]
assert all(isinstance(v, (int, float)) and math.isfinite(v) for v in t.values()), t
PY
    echo "live-faults: a window made 12×12 mid-drag keeps every number finite, and the recording replays"
fi

# 1b. With the panels and the toolbar on, the window made 16×16, 20×20 and 30×30 (no window
#    manager enforces the 320×240 minimum): each size is drawn, and SIGTERM then ends the
#    program cleanly within a few seconds, its recording ending with `quit`.
if wants small; then
    panels= start photo
    for size in 16 20 30; do
        xdotool windowsize "$wid" "$size" "$size"; sleep 0.5
        kill -0 "$pid" 2>/dev/null || fail "small: the program ended at ${size}×${size}: $(tail -3 "$tmp/out.log")"
    done
    xdotool mousemove $((X + 8)) $((Y + 8)) click 1; sleep 0.3   # a tap on whatever is under it, at 30×30
    kill -TERM "$pid"
    for i in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$pid" 2>/dev/null; then
        kill -KILL "$pid"; pid=
        fail "small: still running 5 s after SIGTERM, the window made 16×16, 20×20, 30×30 with the panels on (hung drawing a frame)"
    fi
    status=0; wait "$pid" || status=$?; pid=
    [ "$status" = 0 ] || fail "small: exit status $status after SIGTERM: $(tail -3 "$tmp/out.log")"
    tail -1 "$tmp/rec.jsonl" | grep -q '"type":"quit"' || fail "small: the recording does not end with quit: $(tail -1 "$tmp/rec.jsonl")"
    grep -q '"type":"resize","width":16,"height":16' "$tmp/rec.jsonl" || fail "small: the window never became 16×16: $(grep resize "$tmp/rec.jsonl" | head -3)"
    echo "live-faults: windows of 16×16, 20×20 and 30×30 with the panels on draw, and SIGTERM ends the program cleanly"
fi

# 2. Ending mid-drag (SIGTERM, SIGINT, Ctrl+Q, closing the window): the touch is cancelled
#    and the pan too ("program ending"), the recording ends with `quit`, and it replays to the
#    live trace byte for byte.
if wants quit; then
    for how in TERM INT ctrl+q close; do
        start photo
        xdotool mousemove "$cx" "$cy" mousedown 1
        drag 10 6
        sleep 0.2
        case $how in
            TERM|INT) stop "$how" ;;
            ctrl+q) xdotool key ctrl+q; wait "$pid" || true; pid= ;;
            close) python3 Tests/xvfb/wm-close.py "$wid"; wait "$pid" || true; pid= ;;
        esac
        xdotool mouseup 1
        # The photo lost the touch when the pan began (cancelsTouchesInView), once; ending the
        # program then cancels the touch itself.
        [ "$(grep -c '"kind":"touches","phase":"cancelled","view":"photo","touches":\[1\],"reason":"cancelled: pan began (cancelsTouchesInView)"' "$tmp/trace.jsonl")" = 1 ] \
            || fail "$how: the photo did not get touchesCancelled once when the pan began"
        grep -q '"kind":"note","topic":"cancel","text":"cancelling 1 touch(es): program ending"' "$tmp/trace.jsonl" \
            || fail "$how: ending the program did not cancel the touch"
        grep -q '"recognizer":"pan","view":"photo","from":"changed","to":"cancelled","reason":"cancelled: touches cancelled by program ending"' "$tmp/trace.jsonl" \
            || fail "$how: the pan was not cancelled: $(grep '"recognizer":"pan"' "$tmp/trace.jsonl" | tail -1 | cut -c1-200)"
        tail -1 "$tmp/rec.jsonl" | grep -q '"type":"quit"' || fail "$how: the recording does not end with quit: $(tail -1 "$tmp/rec.jsonl")"
        # The Perfetto timeline is whole JSON, and shows the pan cancelled and the touch's end.
        python3 - "$tmp/timeline.json" <<'PY' || fail "$how: the Perfetto timeline is not whole or lacks the cancelled pan"
import json, sys
events = json.load(open(sys.argv[1]))["traceEvents"]
tracks = {e["tid"]: e["args"]["name"] for e in events if e["ph"] == "M" and e["name"] == "thread_name"}
pan = [e for e in events if e["ph"] == "X" and tracks.get(e["tid"]) == "pan"]
assert pan and pan[-1]["name"] == "cancelled", [e["name"] for e in pan]
assert pan[-1]["args"]["reason"] == "cancelled: touches cancelled by program ending", pan[-1]["args"]
assert any(e["ph"] == "X" and tracks.get(e["tid"]) == "touch 1" for e in events)
PY
        same_as_replay photo "$how"
        echo "live-faults: $how mid-drag cancels the touch and the pan, and the recording replays to the same trace"
    done
fi

# 3. SIGKILL after a drag: the recording already holds the drag's input (it is written out
#    when input stops and at least every 0.1 s of input), and it replays.
if wants kill; then
    start photo
    xdotool mousemove "$cx" "$cy" mousedown 1
    drag 10 15
    xdotool mouseup 1
    sleep 0.3
    stop KILL
    # Expected: the press at the photo's centre, x 400 in scene points, then 15 moves of one
    # step each (10 px, whatever that is in points) and the release where the last move was.
    python3 - "$tmp/rec.jsonl" 400 15 <<'PY' || fail "kill: the recording lost input"
import json, sys
press_x, steps = float(sys.argv[2]), int(sys.argv[3])
lines = [json.loads(l) for l in open(sys.argv[1]) if l.endswith("\n")]
downs = [l for l in lines if l.get("type") == "mouse-down"]
moves = [l for l in lines if l.get("type") == "mouse-move"]
ups = [l for l in lines if l.get("type") == "mouse-up"]
assert ups, f"no mouse-up in the recording ({len(moves)} moves, last t {lines[-1].get('t')})"
assert len(downs) == 1 and abs(downs[0]["x"] - press_x) <= 0.5, f"press at {[d['x'] for d in downs]}, expected x {press_x}"
assert len(moves) == steps, f"{len(moves)} moves, expected {steps}"
xs = [press_x] + [m["x"] for m in moves]
step = xs[1] - xs[0]
assert step > 0 and all(abs((b - a) - step) < 1e-6 for a, b in zip(xs, xs[1:])), f"uneven steps: {xs}"
assert ups[-1]["x"] == moves[-1]["x"], f"release at x {ups[-1]['x']}, the last move at {moves[-1]['x']}"
print(f"live-faults: after SIGKILL the recording holds the press, {len(moves)} moves of {step:.3f} pt and the release (last input at t={lines[-1]['t']})")
PY
    "$bin" replay photo "$tmp/rec.jsonl" --headless >/dev/null 2>"$tmp/replay.err" \
        || fail "kill: the recording does not replay: $(cat "$tmp/replay.err")"
fi

# 4. A hot reload mid-drag: the recording keeps the reloaded scene, so its replay gives the
#    live trace byte for byte (touch cancelled "scene reloaded", then the new scene). The
#    edit removes the pan, so the drag after it behaves differently in the new scene.
if wants reload; then
    cp scenes/photo.yaml "$tmp/reload.yaml"
    start "$tmp/reload.yaml"
    xdotool mousemove "$cx" "$cy" mousedown 1
    drag 10 5
    python3 - "$tmp/reload.yaml" <<'PY'
import re, sys
p = sys.argv[1]
s = open(p).read().replace("#c8a060", "#40a0c8").replace("            type: pan\n", "            type: pan\n            enabled: false\n")
assert "enabled: false" in s
open(p, "w").write(s)
PY
    sleep 1.5
    drag 12 5
    xdotool mouseup 1
    sleep 0.3
    xdotool mousemove "$cx" "$cy" mousedown 1
    drag 8 8
    xdotool mouseup 1
    sleep 0.5
    stop
    grep -q '"type":"reload"' "$tmp/rec.jsonl" || fail "reload: the recording has no reload line"
    grep -q '"recognizer":"pan","view":"photo","from":"changed","to":"cancelled","reason":"cancelled: touches cancelled by scene reloaded"' "$tmp/trace.jsonl" \
        || fail "reload: the pan under way was not cancelled by the reload"
    cp "$tmp/reload.yaml" "$tmp/edited.yaml"; cp scenes/photo.yaml "$tmp/reload.yaml"   # replay from the scene as it began
    [ "$(grep -c '"recognizer":"pan","view":"photo","from":"possible","to":"began"' "$tmp/trace.jsonl")" = 1 ] \
        || fail "reload: the drag after the reload panned (the new scene's pan is disabled)"
    same_as_replay "$tmp/reload.yaml" reload
    echo "live-faults: a hot reload is in the recording, and its replay gives the live trace byte for byte ($(wc -l <"$tmp/trace.jsonl") records)"
fi

echo "live-faults: ok"
