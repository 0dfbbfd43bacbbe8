#!/usr/bin/env bash
# `touchscope touchtest` loses nothing, and is finished by touch (fingers injected only):
# 1. SIGKILL 1.2 s after the last input (targets done, a held finger on the hold page): the
#    recording holds every input, its header the targets; the report has the targets' verdict.
# 2. SIGTERM with a finger still down on the draw page (which, before any input, passed
#    nothing: ghost-touches not measured): exit 0; the recording holds every input; the
#    report has the pages done.
# 3. The X server killed (SIGKILL) on the fingers page: exit 1 and one line saying where the
#    files are; the recording holds every input; the report has the pages done.
# 4. A full disk for the recording (`ulimit -f`, SIGXFSZ ignored, as a full disk gives
#    ENOSPC): the test goes on, the recording keeps every whole line up to the limit (analyze
#    reads it), the report is written; the end is exit 2 with FILE:1:1: cannot write the
#    recording.
# 5. "Finish and save" by finger, no --record / --report: both files in
#    $XDG_DATA_HOME/touchscope under a dated name, said on the summary and on standard output;
#    the program quits by itself with status 0. At 1280×800 and 800×1280; SHOTS=DIR keeps the
#    summary's screenshots.
# Starts its own Xvfb for case 3 (it runs under xvfb-run, whose display it leaves alone).
# CASES="2 4" runs only those (TOUCHSCOPE_BIN=OLD to see each fail on an older build).
set -euo pipefail
source "$(dirname "$0")/lib/setup.sh"
fingers=$tmp/fingers
finger=100
exe=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
xpid=
own_x_cleanup() { [ -n "$xpid" ] && kill -9 "$xpid" 2>/dev/null || true; cleanup; }
trap own_x_cleanup EXIT
home_display=$DISPLAY
want() { [[ " ${CASES:-1 2 3 4 5} " == *" $1 "* ]]; }

state() { sed -n "s/^$1 //p" "$fingers.state" | head -1; }
wait_state() {   # wait_state KEY VALUE WHAT
    for _ in $(seq 80); do [ "$(state "$1")" = "$2" ] && return 0; sleep 0.1; done
    fail "$3: $1 is $(state "$1"), not $2"
}
centre() {
    local r; r=$(state "$1")
    [ -n "$r" ] || fail "no $1 in the window's state: $(tr '\n' ';' < "$fingers.state")"
    set -- $r; echo "$(($1 + $3 / 2)) $(($2 + $4 / 2))"
}
inject() { echo "$*" >> "$fingers"; }
ftap() { finger=$((finger + 1)); inject down $finger "$1" "$2"; sleep 0.05; inject up $finger "$1" "$2"; sleep 0.15; }
press() { ftap $(centre "$1-button"); }
# start SIZE ARGS...: the test in a window of SIZE; sets pid and wid.
start() {
    local size=$1; shift
    rm -f "$fingers.state"; : > "$fingers"
    (cd "$tmp" && SDL_AUDIODRIVER=dummy TOUCHSCOPE_TEST_FINGERS="$fingers" XDG_DATA_HOME="$tmp/data" \
        exec "$exe" touchtest --window "$size" --size-mm 256x160 "$@") >"$tmp/out.log" 2>"$tmp/err.log" &
    pid=$!
    wid=$(timeout 20 xdotool search --sync --pid "$pid" 2>/dev/null | head -1) || fail "no window appeared: $(tail -3 "$tmp/err.log")"
    for _ in $(seq 50); do [ -s "$fingers.state" ] && break; sleep 0.1; done
    wait_state page targets "the first page"
}
targets() {
    for k in $(seq 0 16); do
        wait_state taps "$k" "before target $((k + 1))"
        read tx ty <<< "$(state target)"
        ftap $((tx + 3)) $((ty - 2))
    done
    wait_state status done "the targets page after 17 taps"
}
# finger lines in the recording, and the finger events that reached the test surface (the
# window prints none: count what was injected away from the panel, by the test's own count).
finger_lines() { grep -c '"type":"finger-' "$1" || true; }
wait_exit() {   # wait_exit SECONDS: waits for $pid; sets status (124: had to be killed)
    local deadline=$((SECONDS + $1))
    while kill -0 "$pid" 2>/dev/null && [ $SECONDS -lt $deadline ]; do sleep 0.05; done
    if kill -0 "$pid" 2>/dev/null; then kill -9 "$pid"; wait "$pid" 2>/dev/null || true; status=124
    else status=0; wait "$pid" || status=$?; fi
    pid=
}
hold() {   # a finger held 1.5 s on the ring, then lifted: 1 down, 30 moves, 1 up
    read hx hy <<< "$(state hold)"
    inject down 901 "$hx" "$hy"
    for i in $(seq 30); do inject move 901 $((hx + (i % 2))) "$hy"; sleep 0.05; done
    inject up 901 "$hx" "$hy"
    wait_state status done "the hold page"
}

if want 1; then
# 1. SIGKILL after the hold page's last input.
start 1280x800 --record "$tmp/rec.jsonl" --report "$tmp/report.html"
targets
press next; wait_state page lines "Next"
press skip; wait_state page hold "Skip"
hold
sleep 1.2
kill -9 "$pid"; wait "$pid" 2>/dev/null || true; pid=
n=$(finger_lines "$tmp/rec.jsonl")
# 17 taps (down, up) + the hold (32): 66 finger lines.
[ "$n" = 66 ] || fail "SIGKILL: the recording has $n finger lines, not 66 (17 taps and the hold)"
head -1 "$tmp/rec.jsonl" | grep -q '"targets":\[\[128,80\],' || fail "SIGKILL: the recording's header has no targets: $(head -1 "$tmp/rec.jsonl")"
grep -q '<td>accuracy</td><td class="pass">PASS</td>' "$tmp/report.html" || fail "SIGKILL: the report has no targets verdict"
grep -q '<td>stationary-jitter</td><td class="pass">PASS</td>' "$tmp/report.html" || fail "SIGKILL: the report has no hold verdict"
"$exe" analyze "$tmp/rec.jsonl" >/dev/null || [ $? -eq 1 ] || fail "SIGKILL: analyze cannot read the recording"
echo "touchtest-saved: SIGKILL 1.2 s after the last input: all 66 finger inputs and the targets in the recording; the report has the targets and hold verdicts"
fi

if want 2; then
# 2. SIGTERM with a finger down on the draw page.
rm -f "$tmp/rec.jsonl" "$tmp/report.html"
start 1280x800 --record "$tmp/rec.jsonl" --report "$tmp/report.html"
for _ in 1 2 3 4; do press skip; sleep 0.1; done
wait_state page draw "four Skips"
# Before any input the draw page passes nothing.
[ "$(state 'check ghost-touches')" = not-measured ] || fail "the draw page before any input: ghost-touches $(state 'check ghost-touches')"
if [ -n "${SHOTS:-}" ]; then
    xdotool key --window "$wid" F12
    for _ in $(seq 50); do [ -s "$tmp/touchtest-1.png" ] && break; sleep 0.1; done
    sleep 0.3; mkdir -p "$SHOTS"; cp "$tmp/touchtest-1.png" "$SHOTS/touchtest-draw-untouched-1280x800.png"; rm -f "$tmp/touchtest-1.png"
fi
inject down 930 100 100
for i in $(seq 20); do inject move 930 $((100 + 40 * i)) 100; sleep 0.02; done
sleep 0.3
kill -TERM "$pid"; wait_exit 5
[ "$status" = 0 ] || fail "SIGTERM: exit $status: $(cat "$tmp/err.log")"
n=$(finger_lines "$tmp/rec.jsonl")
[ "$n" = 21 ] || fail "SIGTERM: the recording has $n finger lines, not 21"
grep -q '<td>accuracy</td><td class="nm">not measured</td>' "$tmp/report.html" || fail "SIGTERM: the report has no verdicts"
grep -q 'the targets page was skipped' "$tmp/report.html" || fail "SIGTERM: the report does not say the targets were skipped"
echo "touchtest-saved: SIGTERM mid-stroke on the draw page: exit 0, all 21 inputs recorded, the report of the pages done"
fi

if want 3; then
# 3. The X server killed on the fingers page.
free_display() { local n=170; while [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ]; do n=$((n + 1)); done; echo "$n"; }
xdisplay=:$(free_display)
Xvfb "$xdisplay" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xpid=$!
disown "$xpid"   # its death is the test, not news
for _ in $(seq 1 100); do DISPLAY=$xdisplay xdotool getmouselocation >/dev/null 2>&1 && break; sleep 0.05; done
rm -f "$tmp/rec.jsonl" "$tmp/report.html"
export DISPLAY=$xdisplay
start 1280x800 --record "$tmp/rec.jsonl" --report "$tmp/report.html"
press skip; press skip; wait_state page hold "two Skips"
hold
press next; wait_state page fingers "Next"
for k in 1 2 3; do inject down $((940 + k)) $((300 + 100 * k)) 300; sleep 0.1; done
sleep 0.3
kill -9 "$xpid"; xpid=
wait_exit 5
[ "$status" = 1 ] || fail "X server killed: exit $status (expected 1): $(cat "$tmp/err.log")"
grep -q "display lost.*complete on disk: recording $tmp/rec.jsonl, report $tmp/report.html" "$tmp/err.log" || fail "X server killed: $(cat "$tmp/err.log")"
n=$(finger_lines "$tmp/rec.jsonl")
[ "$n" = 35 ] || fail "X server killed: the recording has $n finger lines, not 35 (the hold and three fingers down)"
grep -q '<td>stationary-jitter</td><td class="pass">PASS</td>' "$tmp/report.html" || fail "X server killed: the report has no hold verdict"
echo "touchtest-saved: the X server killed on the fingers page: exit 1, one line says where, all 35 inputs recorded, the report of the pages done"
export DISPLAY=$home_display
fi

if want 4; then
# 4. A full disk for the recording: 120 KiB at most per file (the report is smaller than that;
#    the recording grows past it on the draw page).
rm -f "$tmp/rec.jsonl" "$tmp/report.html"
rm -f "$fingers.state"; : > "$fingers"
(cd "$tmp" && trap '' XFSZ && ulimit -f 120 && SDL_AUDIODRIVER=dummy TOUCHSCOPE_TEST_FINGERS="$fingers" \
    exec "$exe" touchtest --window 1280x800 --size-mm 256x160 --record "$tmp/rec.jsonl" --report "$tmp/report.html") \
    >"$tmp/out.log" 2>"$tmp/err.log" &
pid=$!
wid=$(timeout 20 xdotool search --sync --pid "$pid" 2>/dev/null | head -1) || fail "full disk: no window appeared: $(tail -3 "$tmp/err.log")"
for _ in $(seq 50); do [ -s "$fingers.state" ] && break; sleep 0.1; done
wait_state page targets "full disk: the first page"
targets
press next; press skip; wait_state page hold "full disk: to the hold page"
hold
press next; press skip; wait_state page draw "full disk: to the draw page"
# 2500 moves: about 250 KB of recording.
{ echo "down 950 10 10"; for i in $(seq 2500); do echo "move 950 $((10 + (i * 7) % 1260)) $((10 + (i / 180) * 90))"; done; echo "up 950 10 730"; } >> "$fingers"
for _ in $(seq 100); do grep -q 'cannot write the recording' "$tmp/err.log" && break; sleep 0.1; done
grep -q "^$tmp/rec.jsonl:1:1: cannot write the recording: File too large; recording stopped" "$tmp/err.log" || fail "full disk: the recording did not say it stopped: $(cat "$tmp/err.log")"
sleep 1
wait_state page draw "full disk: the test goes on"
press next; wait_state page summary "full disk: Finish"
kill -TERM "$pid"; wait_exit 5
[ "$status" = 2 ] || fail "full disk: exit $status (expected 2): $(cat "$tmp/err.log")"
tail -1 "$tmp/err.log" | grep -q "^$tmp/rec.jsonl:1:1: cannot write the recording: File too large" || fail "full disk: the last line: $(tail -1 "$tmp/err.log")"
size=$(stat -c %s "$tmp/rec.jsonl")
# Every whole line the limit had room for: within a line of it (not cut back to a last
# complete write, tens of KiB short).
[ "$size" -le 122880 ] && [ "$size" -gt $((122880 - 512)) ] || fail "full disk: the recording is $size bytes, not every whole line up to the 122880 the disk took"
[ "$(tail -c 1 "$tmp/rec.jsonl" | od -An -c | tr -d ' ')" = '\n' ] || fail "full disk: the recording ends in half a line"
"$exe" analyze "$tmp/rec.jsonl" >/dev/null 2>"$tmp/analyze.err" || [ $? -eq 1 ] || fail "full disk: analyze cannot read the recording: $(cat "$tmp/analyze.err")"
grep -q '<td>stationary-jitter</td><td class="pass">PASS</td>' "$tmp/report.html" || fail "full disk: the report has no hold verdict"
grep -q '<td>ghost-touches</td>' "$tmp/report.html" || fail "full disk: the report has no summary"
echo "touchtest-saved: a full disk for the recording ($size bytes kept, whole lines, analyze reads it): the test went on, the report written, exit 2 with FILE:1:1"
fi

if want 5; then
# 5. Finish and save by finger, no paths given.
for size in ${SIZES:-1280x800 800x1280}; do
    rm -rf "$tmp/data"
    start "$size"
    press skip; press skip; wait_state page hold "$size: to the hold page"
    hold
    press next; press skip; wait_state page draw "$size: to the draw page"
    inject down 960 100 100
    for i in $(seq 10); do inject move 960 $((100 + 30 * i)) 100; sleep 0.02; done
    inject up 960 400 100; sleep 0.2
    press next; wait_state page summary "$size: Finish"
    [ "$(state fits)" = true ] || fail "$size: the summary's text does not fit"
    read _ _ bw bh <<< "$(state finish-button)"
    [ "$bw" -ge 44 ] && [ "$bh" -ge 44 ] || fail "$size: the Finish and save button is $bw × $bh"
    if [ -n "${SHOTS:-}" ]; then
        xdotool key --window "$wid" F12
        for _ in $(seq 50); do [ -s "$tmp/touchtest-1.png" ] && break; sleep 0.1; done
        sleep 0.3; mkdir -p "$SHOTS"; cp "$tmp/touchtest-1.png" "$SHOTS/touchtest-summary-finish-$size.png"; rm -f "$tmp/touchtest-1.png"
    fi
    press finish
    wait_exit 6
    [ "$status" = 0 ] || fail "$size: Finish and save: exit $status (124: it did not quit): $(cat "$tmp/err.log")"
    rec=$(ls "$tmp"/data/touchscope/touchtest-*.jsonl 2>/dev/null | head -1)
    html=${rec%.jsonl}.html
    [ -n "$rec" ] && [ -s "$html" ] || fail "$size: nothing in $tmp/data/touchscope: $(ls -R "$tmp/data" 2>&1)"
    case "$(basename "$rec")" in touchtest-20[0-9][0-9]-[01][0-9]-[0-3][0-9]-[0-2][0-9][0-5][0-9][0-5][0-9].jsonl) ;; *) fail "$size: not a dated name: $rec" ;; esac
    grep -q "^touchtest: saved: recording $rec, report $html" "$tmp/out.log" || fail "$size: where the files went was not said: $(grep saved "$tmp/out.log")"
    n=$(finger_lines "$rec")
    [ "$n" = 44 ] || fail "$size: the saved recording has $n finger lines, not 44"
    grep -q '<td>stationary-jitter</td><td class="pass">PASS</td>' "$html" || fail "$size: the saved report has no hold verdict"
    echo "touchtest-saved: $size: Finish and save by finger wrote $(basename "$rec") and .html to \$XDG_DATA_HOME/touchscope, said so, and quit with status 0"
done
fi

echo "touchtest-saved: ok"
