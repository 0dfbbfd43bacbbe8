#!/usr/bin/env bash
# Stepping through a double-tap in the real window under Xvfb (issue 29, item 3): on
# scenes/double-tap.yaml a double-tap (two clicks 0.15 s apart), then ◀ Prev once — by the
# Left key, and by a finger on the ◀ Prev button. The timeline's header and the selection
# detail must name one and the same record, and it is singleTap's decision (it fails because
# doubleTap recognized: its failure requirement), not the reset that follows it. Up keeps the
# place in time: Left then goes to doubleTap's decision before it; E steps over every record,
# so Right then reaches the reset. Home follows live again and drops the selection. The window
# writes what it shows for the script (TOUCHSCOPE_TEST_FINGERS=FILE: FILE.state, see
# Sources/TouchScopeKit/Window/FingerScript.swift): `selected-record N`, `timeline-header #N ...`
# and `detail-text #N ...`. Run by `make test` through xvfb-run; needs DISPLAY and xdotool.
# SHOTS=DIR keeps the screenshots there (to look at them).
set -euo pipefail
source "$(dirname "$0")/lib/setup.sh"
fingers=$tmp/fingers
exe=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
scene=$PWD/scenes/double-tap.yaml

start() {   # start WxH: the double-tap scene, tracing, in $tmp
    rm -f "$tmp"/*.png "$fingers.state" "$fingers.cards"
    : > "$fingers"
    (cd "$tmp" && SDL_AUDIODRIVER=dummy TOUCHSCOPE_TEST_FINGERS="$fingers" exec "$exe" run "$scene" --window "$1" \
        --trace "$tmp/trace.jsonl") >"$tmp/out.log" 2>&1 &
    pid=$!
    wid=$(timeout 20 xdotool search --sync --pid "$pid" 2>/dev/null | head -1) || fail "no window appeared: $(tail -3 "$tmp/out.log")"
    xdotool windowfocus --sync "$wid" 2>/dev/null || xdotool windowfocus "$wid"
    for _ in $(seq 50); do [ -s "$fingers.state" ] && break; sleep 0.1; done
    [ -s "$fingers.state" ] || fail "the window wrote no $fingers.state"
    shots=0; finger=0
}
state() { sed -n "s/^$1 //p" "$fingers.state" | head -1; }   # state KEY: its value
expect() {   # expect KEY VALUE WHAT: waits up to 5 s for the state to say it
    for _ in $(seq 50); do [ "$(state "$1")" = "$2" ] && return 0; sleep 0.1; done
    fail "$3: $1 is '$(state "$1")', expected '$2'"
}
centre() {   # centre "button stepBack": x y of its centre in window units
    local r; r=$(grep "^$1 " "$fingers.state" | head -1 | cut -d' ' -f3-)
    [ -n "$r" ] || fail "no $1 in the window's state: $(tr '\n' ';' < "$fingers.state")"
    set -- $r; echo "$(($1 + $3 / 2)) $(($2 + $4 / 2))"
}
inject() { echo "$*" >> "$fingers"; }
ftap() {    # ftap X Y: a finger tap (window units)
    finger=$((finger + 1)); inject down $finger "$1" "$2"; sleep 0.1; inject up $finger "$1" "$2"; sleep 0.4
}
key() { xdotool key --window "$wid" "$1"; sleep 0.3; }
shot() {    # shot NAME: F12, the window's own screenshot
    shots=$((shots + 1))
    xdotool key --window "$wid" F12
    for _ in $(seq 50); do [ -s "$tmp/touchscope-$shots.png" ] && break; sleep 0.1; done
    [ -s "$tmp/touchscope-$shots.png" ] || fail "F12 saved no touchscope-$shots.png: $(tail -3 "$tmp/out.log")"
    if [ -n "${SHOTS:-}" ]; then mkdir -p "$SHOTS"; cp "$tmp/touchscope-$shots.png" "$SHOTS/$1.png"; fi
}
# one WHAT: the header and the detail name the selected record; prints its number.
one() {
    local seq header detail
    for _ in $(seq 30); do seq=$(state selected-record); [ "$seq" != none ] && break; sleep 0.1; done
    [ "$seq" != none ] || fail "$1: nothing selected"
    header=$(state timeline-header); detail=$(state detail-text)
    [[ "$header" == "#$seq "* ]] || fail "$1: the header names another record than #$seq: '$header'"
    [[ "$detail" == "#$seq "* ]] || fail "$1: the detail names another record than #$seq: '$detail'"
    echo "$seq"
}
# record SEQ: the trace's record with that sequence number (its line in --trace, 0-based
# among the records the log keeps: every kind but touch samples).
record() {
    python3 - "$tmp/trace.jsonl" "$1" <<'PY'
import json, sys
recs = [r for r in map(json.loads, open(sys.argv[1])) if r["kind"] != "touch-sample"]
r = recs[int(sys.argv[2])]
print(r.get("recognizer", r["kind"]), r.get("from", ""), r.get("to", ""), r.get("reason", ""))
PY
}

for size in 1280x800 800x1280; do
    start "$size"
    read sx sy sw sh <<< "$(state scene)"
    # A point on the pad (scene frame 100,100 600×400 of 800×600).
    px=$((sx + sw * 200 / 800)); py=$((sy + sh * 180 / 600))
    xdotool mousemove --window "$wid" "$px" "$py" click 1 sleep 0.15 click 1
    # Both recognizers decide within the double-tap interval; the card says so once settled.
    for _ in $(seq 50); do [ "$(state card)" != none ] && break; sleep 0.1; done
    [ "$(state card)" != none ] || fail "$size: no verdict card after the double-tap"
    sleep 0.5

    # ◀ Prev once (Left): singleTap's decision, named by both.
    key Left
    seq=$(one "$size, Left once")
    expect live false "$size, Left once"
    header=$(state timeline-header)
    [[ "$header" == "#$seq singleTap possible→failed @"*"requires doubleTap to fail"* ]] \
        || fail "$size, Left once: not singleTap's failure by its failure requirement: '$header'"
    [[ "$(state detail-text)" == *"singleTap on pad: possible → failed"* ]] \
        || fail "$size, Left once: the detail is not singleTap's failure: '$(state detail-text)'"
    shot "$size-prev"
    failed=$seq

    # Up: doubleTap's lane, the place in time kept (the header still names singleTap's
    # failure); Left: doubleTap's decision before it, its recognition.
    key Up
    [ "$(one "$size, Up")" = "$failed" ] || fail "$size, Up: the selection moved off the place in time"
    key Left
    seq=$(one "$size, Up then Left")
    [[ "$(state timeline-header)" == "#$seq doubleTap possible→recognized @"* ]] \
        || fail "$size, Up then Left: not doubleTap's recognition: '$(state timeline-header)'"
    [ "$seq" -lt "$failed" ] || fail "$size, Up then Left: #$seq is not before singleTap's failure #$failed"

    # Down, then E (every record) and Right from singleTap's failure: its reset, named by both.
    key Down; key Right
    [ "$(one "$size, Down then Right")" = "$failed" ] || fail "$size, Down then Right: not back at singleTap's failure"
    key e; key Right
    seq=$(one "$size, every record, Right")
    [[ "$(state timeline-header)" == "#$seq singleTap failed→possible @"* ]] \
        || fail "$size, every record, Right: not singleTap's reset: '$(state timeline-header)'"
    key e

    # Home: following live again drops the selection.
    key Home
    expect selected-record none "$size, Home"
    expect live true "$size, Home"

    # ◀ Prev by finger: the same record as the key found.
    ftap $(centre "button stepBack")
    seq=$(one "$size, the ◀ Prev button")
    [ "$seq" = "$failed" ] || fail "$size, the ◀ Prev button: #$seq, the key gave #$failed"
    shot "$size-prev-finger"

    kill -TERM "$pid"; wait "$pid" || true; pid=
    # Against the trace (complete now): the record named is singleTap's failure, and the one
    # before it in doubleTap's lane its recognition.
    got=$(record "$failed")
    [[ "$got" == "singleTap possible failed "* ]] || fail "$size: #$failed in the trace is '$got'"
    echo "timeline-step: $size: ◀ Prev names #$failed in the header and the detail: $got"
done
echo "timeline-step: ok"
