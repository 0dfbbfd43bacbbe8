#!/usr/bin/env bash
# The display going away (issue 25, item 9), with the panels on:
# 1. DISPLAY names a display nobody serves: "no display" in one line, exit 1 within 2 s.
# 2. The X server is killed mid-drag (SIGKILL, so it cannot say goodbye): the program ends
#    within 2 s with exit 1 and one line; the touch and the pan are cancelled ("display
#    lost"); the recording ends with `display-lost` and replays headless to the live trace
#    byte for byte; the Perfetto timeline is whole JSON.
# 3. The X server killed in the program's first 0.3 s, twenty times: always exit 1 within 5 s,
#    never a signal, never a program left running without its display; without a GPU, no
#    GL library is loaded at all.
# Starts Xvfb servers of its own on free display numbers (it still runs under `make test`'s
# xvfb-run, whose display it leaves alone). TOUCHSCOPE_BIN runs another build.
set -euo pipefail
source "$(dirname "$0")/lib/setup.sh"
command -v Xvfb >/dev/null || fail "Xvfb is not installed"

xpid=
own_x_cleanup() { [ -n "$xpid" ] && kill -9 "$xpid" 2>/dev/null || true; cleanup; }
trap own_x_cleanup EXIT

free_display() {   # a display number no server uses
    local n=150
    while [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ]; do n=$((n + 1)); done
    echo "$n"
}
start_x() {   # start_x: a fresh Xvfb; sets xdisplay and xpid
    xdisplay=:$(free_display)
    Xvfb "$xdisplay" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
    xpid=$!
    for _ in $(seq 1 100); do DISPLAY=$xdisplay xdotool getmouselocation >/dev/null 2>&1 && return; sleep 0.05; done
    fail "Xvfb $xdisplay did not start"
}
# wait_exit SECONDS: waits for $pid; sets status (124 when it had to be killed).
wait_exit() {
    local deadline=$((SECONDS + $1))
    while kill -0 "$pid" 2>/dev/null && [ $SECONDS -lt $deadline ]; do sleep 0.05; done
    if kill -0 "$pid" 2>/dev/null; then kill -9 "$pid"; wait "$pid" 2>/dev/null || true; status=124
    else status=0; wait "$pid" || status=$?; fi
    pid=
}
one_line() {   # one_line FILE WHAT PATTERN: FILE is exactly one line, matching PATTERN
    [ "$(wc -l <"$1")" -eq 1 ] || fail "$2: expected one line on standard error, got: $(cat "$1")"
    grep -q "$3" "$1" || fail "$2: the line does not say '$3': $(cat "$1")"
}

# 1. A display nobody serves.
nobody=:$(free_display)
start_ns=$(date +%s%N)
DISPLAY=$nobody SDL_AUDIODRIVER=dummy "$bin" run photo >"$tmp/out.log" 2>"$tmp/err.log" &
pid=$!
wait_exit 5
elapsed_ms=$((($(date +%s%N) - start_ns) / 1000000))
[ "$status" -eq 1 ] || fail "unserved display: exit status $status (expected 1)"
[ "$elapsed_ms" -lt 2000 ] || fail "unserved display: took $elapsed_ms ms (expected under 2000)"
one_line "$tmp/err.log" "unserved display" "no display (cannot open the X display $nobody)"
echo "display-lost: DISPLAY=$nobody (nobody serves it) says 'no display' in one line and exits 1 in $elapsed_ms ms"

# 2. The X server killed mid-drag, panels on, recording, tracing and writing Perfetto.
start_x
DISPLAY=$xdisplay SDL_AUDIODRIVER=dummy "$bin" run photo --trace "$tmp/trace.jsonl" --record "$tmp/rec.jsonl" \
    --perfetto "$tmp/timeline.json" >"$tmp/out.log" 2>"$tmp/err.log" &
pid=$!
wid=$(DISPLAY=$xdisplay timeout 20 xdotool search --sync --pid "$pid" 2>/dev/null | head -1) \
    || fail "no window appeared on $xdisplay in 20 s (the program is $(kill -0 "$pid" 2>/dev/null && echo running || echo gone); stderr: $(head -c 500 "$tmp/err.log"); Xvfb $(kill -0 "$xpid" 2>/dev/null && echo running || echo gone))"
# A point on the photo: the photo fills the middle of the scene, which takes the window's
# left part beside the panels.
eval "$(DISPLAY=$xdisplay xdotool getwindowgeometry --shell "$wid")"   # X Y WIDTH HEIGHT
sleep 0.5
x0=$((X + WIDTH / 4)); y0=$((Y + HEIGHT / 2))
DISPLAY=$xdisplay xdotool mousemove "$x0" "$y0" mousedown 1
for i in $(seq 1 8); do DISPLAY=$xdisplay xdotool mousemove $((x0 + i * 8)) "$y0"; sleep 0.03; done
sleep 0.3
start_ns=$(date +%s%N)
kill -9 "$xpid"; wait "$xpid" 2>/dev/null || true; xpid=
wait_exit 5
elapsed_ms=$((($(date +%s%N) - start_ns) / 1000000))
[ "$status" -eq 1 ] || fail "X killed mid-drag: exit status $status (expected 1); stderr: $(cat "$tmp/err.log")"
[ "$elapsed_ms" -lt 2000 ] || fail "X killed mid-drag: took $elapsed_ms ms to end (expected under 2000)"
one_line "$tmp/err.log" "X killed mid-drag" "display lost"
tail -n 1 "$tmp/rec.jsonl" | grep -q '"type":"display-lost"' \
    || fail "X killed mid-drag: the recording does not end with display-lost: $(tail -n 1 "$tmp/rec.jsonl")"
grep -q '"recognizer":"pan","view":"photo","from":"possible","to":"began"' "$tmp/trace.jsonl" \
    || fail "X killed mid-drag: the drag did not pan the photo: $(grep -m3 '"kind":"gesture"' "$tmp/trace.jsonl")"
grep -q '"recognizer":"pan","view":"photo","from":"changed","to":"cancelled".*display lost' "$tmp/trace.jsonl" \
    || fail "X killed mid-drag: the pan under way was not cancelled ('display lost'): $(grep '"kind":"gesture"' "$tmp/trace.jsonl" | tail -n 2)"
"$bin" replay photo "$tmp/rec.jsonl" --headless --trace "$tmp/replay.jsonl" 2>"$tmp/replay.err" \
    || fail "X killed mid-drag: the live recording does not replay: $(cat "$tmp/replay.err")"
cmp -s "$tmp/trace.jsonl" "$tmp/replay.jsonl" \
    || fail "X killed mid-drag: the replay's trace differs from the live one: $(diff "$tmp/trace.jsonl" "$tmp/replay.jsonl" | head -5)"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["traceEvents"], "no events"' "$tmp/timeline.json" \
    || fail "X killed mid-drag: the Perfetto timeline is not whole JSON"
echo "display-lost: X killed mid-drag: exit 1 in $elapsed_ms ms, one line, the pan cancelled ('display lost'), the recording replays to the live trace, Perfetto whole"

# 3. The X server killed while the program starts: exit 1 every time, never a signal, never
#    a program left running without its display. Twenty tries spread over the first 0.3 s
#    reach every stage of start-up (SDL_Init, the window, the renderer, the first frames).
#    On a machine without a GPU no GL library is loaded at all (checked first): Mesa's
#    software GL could crash starting up on a display that has just gone.
start_x
DISPLAY=$xdisplay SDL_AUDIODRIVER=dummy "$bin" run photo >"$tmp/out.log" 2>"$tmp/err.log" &
pid=$!
sleep 1.5
if [ ! -e /dev/dri ] && grep -E 'lib(GL|GLX|EGL)[^/]*\.so' "/proc/$pid/maps" >/dev/null 2>&1; then
    fail "no GPU here, yet the window loaded a GL library: $(grep -oE 'lib(GL|GLX|EGL)[^/ ]*' "/proc/$pid/maps" | sort -u | tr '\n' ' ')"
fi
kill -TERM "$pid"; wait_exit 5
kill -9 "$xpid"; wait "$xpid" 2>/dev/null || true; xpid=
for i in $(seq 0 19); do
    start_x
    DISPLAY=$xdisplay SDL_AUDIODRIVER=dummy "$bin" run photo >"$tmp/out.log" 2>"$tmp/err.log" &
    pid=$!
    sleep "$(printf '0.%03d' $((i * 15)))"
    kill -9 "$xpid"; wait "$xpid" 2>/dev/null || true; xpid=
    wait_exit 5
    [ "$status" -ne 124 ] || fail "X killed at start (try $i): still running 5 s later without its display"
    [ "$status" -eq 1 ] || fail "X killed at start (try $i): exit status $status (expected 1); stderr: $(cat "$tmp/err.log")"
done
echo "display-lost: X killed in the first 0.3 s, twenty times: exit 1 each time; no GL library loaded without a GPU"
