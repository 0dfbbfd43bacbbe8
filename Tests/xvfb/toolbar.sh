#!/usr/bin/env bash
# Touch-only operation of the real program under Xvfb: the toolbar and the panels driven with
# fingers (Xvfb has no touchscreen, so the program injects them itself from a file:
# TOUCHSCOPE_TEST_FINGERS, see Sources/TouchScopeKit/Window/FingerScript.swift) and with xdotool
# clicks. Help, pause, the menu, a screenshot, the timeline, the event log, quit; fingers on
# the debugger's UI never reach the scene or the recording. In landscape and in portrait
# (800×1280). Run by `make test` through xvfb-run; needs DISPLAY and xdotool.
# SHOTS=DIR keeps the screenshots there (to look at them).
set -euo pipefail
source "$(dirname "$0")/lib/setup.sh"
fingers=$tmp/fingers
finger=100
exe=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
scene=$PWD/scenes/photo.yaml

start() {   # start WxH: the photo scene with every panel, recording and tracing, in $tmp
    rm -f "$tmp"/*.png "$tmp/trace.jsonl" "$tmp/rec.jsonl" "$fingers.state"
    : > "$fingers"
    (cd "$tmp" && SDL_AUDIODRIVER=dummy TOUCHSCOPE_TEST_FINGERS="$fingers" exec "$exe" run "$scene" --window "$1" \
        --trace "$tmp/trace.jsonl" --record "$tmp/rec.jsonl") >"$tmp/out.log" 2>&1 &
    pid=$!
    wid=$(timeout 20 xdotool search --sync --pid "$pid" 2>/dev/null | head -1) || fail "no window appeared: $(tail -3 "$tmp/out.log")"
    for _ in $(seq 50); do [ -s "$fingers.state" ] && break; sleep 0.1; done
    [ -s "$fingers.state" ] || fail "the window wrote no $fingers.state"
    shots=0
}
state() { sed -n "s/^$1 //p" "$fingers.state" | head -1; }   # state KEY: its value
centre() {   # centre "button help" | "cell event_log": x y of its centre in window units
    local r; r=$(grep "^$1 " "$fingers.state" | head -1 | cut -d' ' -f3-)
    [ -n "$r" ] || fail "no $1 in the window's state: $(tr '\n' ';' < "$fingers.state")"
    set -- $r; echo "$(($1 + $3 / 2)) $(($2 + $4 / 2))"
}
panel() {    # panel on|off NAME WHAT: waits up to 3 s for the panel to be on or off
    for _ in $(seq 30); do
        case ",$(state panels)," in *",$2,"*) [ "$1" = on ] && return 0 ;; *) [ "$1" = off ] && return 0 ;; esac
        sleep 0.1
    done
    fail "$3: $2 is not $1 (panels: $(state panels))"
}
expect() {   # expect KEY VALUE WHAT: waits up to 5 s for the state to say it
    for _ in $(seq 50); do [ "$(state "$1")" = "$2" ] && return 0; sleep 0.1; done
    fail "$3: $1 is '$(state "$1")', expected '$2'"
}
inject() { echo "$*" >> "$fingers"; }
ftap() {    # ftap X Y: a finger tap (window units)
    finger=$((finger + 1)); inject down $finger "$1" "$2"; sleep 0.1; inject up $finger "$1" "$2"; sleep 0.4
}
fdrag() {   # fdrag X0 Y X1: a finger dragged horizontally
    finger=$((finger + 1)); inject down $finger "$1" "$2"
    for i in 1 2 3 4 5 6; do inject move $finger $(($1 + ($3 - $1) * i / 6)) "$2"; sleep 0.05; done
    inject up $finger "$3" "$2"; sleep 0.4
}
click() {   # click X Y: an xdotool mouse click in the window
    xdotool mousemove --window "$wid" "$1" "$2" click 1; sleep 0.4
}
shot() {    # shot NAME: the Shot button, by finger; the PNG must appear
    shots=$((shots + 1))
    ftap $(centre "button screenshot")
    for _ in $(seq 50); do [ -s "$tmp/touchscope-$shots.png" ] && break; sleep 0.1; done
    [ -s "$tmp/touchscope-$shots.png" ] || fail "the Shot button saved no touchscope-$shots.png: $(tail -3 "$tmp/out.log")"
    if [ -n "${SHOTS:-}" ]; then mkdir -p "$SHOTS"; cp "$tmp/touchscope-$shots.png" "$SHOTS/$1.png"; fi
}
finish() {  # the Quit button ends the program cleanly
    ftap $(centre "button quit")
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    ! kill -0 "$pid" 2>/dev/null || fail "the Quit button did not end the program"
    wait "$pid" || fail "the program ended with status $?"
    pid=
}
hits() { grep -c '"kind":"hit-test"' "$tmp/trace.jsonl" || true; }

for size in 1200x760 800x1280; do
    start $size
    # Help by finger, then by mouse click.
    ftap $(centre "button help"); panel on help "$size: a finger on Help"
    shot "$size-help"
    click $(centre "button help"); panel off help "$size: a click on Help"
    # Pause and follow live again.
    ftap $(centre "button pause"); expect live false "$size: Pause"
    click $(centre "button pause"); expect live true "$size: Pause clicked again"
    # A drag on the photo is the scene's: a hit test, a recorded finger.
    read sx sy sw sh <<< "$(state scene)"
    fdrag $((sx + sw / 2 - 40)) $((sy + sh / 2)) $((sx + sw / 2 + 40))
    for _ in $(seq 30); do [ "$(hits)" -ge 1 ] && break; sleep 0.1; done
    [ "$(hits)" = 1 ] || fail "$size: the drag on the photo gave $(hits) hit tests"
    # The menu: the event log off and on, then a touch on the scene closes it (not the scene's).
    ftap $(centre "button menu"); expect menu open "$size: Menu"
    ftap $(centre "cell event_log"); panel off eventLog "$size: the menu's event log cell"
    ftap $(centre "cell event_log"); panel on eventLog "$size: the menu's event log cell again"
    shot "$size-menu"
    ftap $((sx + sw / 2)) $((sy + sh / 2)); expect menu closed "$size: a touch outside the menu"
    # A tap on an event-log line selects its record, shown in full.
    read seq lx ly lw lh <<< "$(grep '^logrow ' "$fingers.state" | tail -1 | cut -d' ' -f2-)"
    [ -n "${seq:-}" ] || fail "$size: no event-log line to tap"
    ftap $((lx + lw / 2)) $((ly + lh / 2)); expect selected-record "$seq" "$size: a tap on the log line"
    grep -q '^detail ' "$fingers.state" || fail "$size: no selection detail"
    # One finger on the timeline drags it back in time (and pauses it).
    read bx by bw bh <<< "$(state bottom)"
    fdrag $((bx + bw / 2)) $((by + bh / 2)) $((bx + bw / 2 + 150)); expect live false "$size: a drag on the timeline"
    shot "$size-detail"
    [ "$(hits)" = 1 ] || fail "$size: fingers on the toolbar or panels reached the scene ($(hits) hit tests)"
    finish
    # The recording holds the scene's finger only: one down, one up, no UI taps; and it replays.
    [ "$(grep -c '"finger-down"' "$tmp/rec.jsonl")" = 1 ] || fail "$size: the recording holds UI fingers: $(grep -c finger-down "$tmp/rec.jsonl") downs"
    [ "$(grep -c '"mouse-' "$tmp/rec.jsonl")" = 0 ] || fail "$size: the recording holds the mouse's clicks on the toolbar"
    "$bin" replay photo "$tmp/rec.jsonl" --headless --trace "$tmp/replay.jsonl" >/dev/null 2>&1 || fail "$size: the recording does not replay"
    cmp -s "$tmp/trace.jsonl" "$tmp/replay.jsonl" || fail "$size: the replay's trace differs from the live one"
    echo "toolbar: $size: help, pause, menu, screenshot, log line, timeline drag and quit by touch; the scene and the recording saw only the scene's finger"
done
echo "toolbar: ok"
