#!/usr/bin/env bash
# The verdict card in the real window under Xvfb, driven with xdotool as a person at a desk
# would: on scenes/double-tap.yaml, a double-tap (two clicks 0.15 s apart) and a too-slow
# double-tap (two clicks 0.45 s apart, longer than the scene's maximum tap interval). The
# card must say, for the first, doubleTap recognized and singleTap failed by its failure
# requirement; for the second, singleTap recognized and doubleTap failed by the tap interval,
# with how late the second tap came. A click on a loser's row selects its decision record;
# the close button dismisses the card. The window writes its state and each card's text
# for the script (TOUCHSCOPE_TEST_FINGERS=FILE: FILE.state and FILE.cards, see
# Sources/TouchScopeKit/Window/FingerScript.swift). Run by `make test` through xvfb-run; needs
# DISPLAY and xdotool. SHOTS=DIR keeps the screenshots there (to look at them).
set -euo pipefail
source "$(dirname "$0")/lib/setup.sh"
fingers=$tmp/fingers
cards=$fingers.cards
exe=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
scene=$PWD/scenes/double-tap.yaml

# The longest pause between the taps of doubleTap: its `maximumInterval`, else the scene's
# `defaults: {tapInterval}`, else the documented default (scenes/README.md's table).
interval=$(python3 - "$scene" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
block = re.search(r"- id: doubleTap\n((?:\s{8,}.*\n?)*)", text)
m = block and re.search(r"maximumInterval:\s*([0-9.]+)", block.group(1))
m = m or re.search(r"tapInterval:\s*([0-9.]+)", text)
if not m:
    m = re.search(r"^\| `tapInterval` \| ([0-9.]+) s \|", open("scenes/README.md").read(), re.M)
print(m.group(1))
PY
)

start() {   # start WxH: the double-tap scene with every panel, tracing, in $tmp
    rm -f "$tmp"/*.png "$fingers.state" "$cards"
    : > "$fingers"
    (cd "$tmp" && SDL_AUDIODRIVER=dummy TOUCHSCOPE_TEST_FINGERS="$fingers" exec "$exe" run "$scene" --window "$1" \
        --trace "$tmp/trace.jsonl") >"$tmp/out.log" 2>&1 &
    pid=$!
    wid=$(timeout 20 xdotool search --sync --pid "$pid" 2>/dev/null | head -1) || fail "no window appeared: $(tail -3 "$tmp/out.log")"
    xdotool windowfocus --sync "$wid" 2>/dev/null || xdotool windowfocus "$wid"
    for _ in $(seq 50); do [ -s "$fingers.state" ] && break; sleep 0.1; done
    [ -s "$fingers.state" ] || fail "the window wrote no $fingers.state"
    shots=0
}
state() { sed -n "s/^$1 //p" "$fingers.state" | head -1; }   # state KEY: its value
expect() {   # expect KEY VALUE WHAT: waits up to 5 s for the state to say it
    for _ in $(seq 50); do [ "$(state "$1")" = "$2" ] && return 0; sleep 0.1; done
    fail "$3: $1 is '$(state "$1")', expected '$2'"
}
ncards() { grep -c '^card$' "$cards" 2>/dev/null || true; }
card() {    # card N: the text of the Nth card written (1 = the first)
    awk -v n="$1" '/^card$/ { k++; next } k == n' "$cards"
}
wait_card() {   # wait_card N WHAT: waits up to 3 s for at least N cards
    for _ in $(seq 30); do [ "$(ncards)" -ge "$1" ] && return 0; sleep 0.1; done
    fail "$2: no card appeared ($(ncards) cards): $(tail -3 "$tmp/out.log")"
}
settle() {   # settle: waits until no new card has come for a second (the sequence and any late margin are in)
    local n; n=$(ncards)
    for _ in $(seq 10); do sleep 1; [ "$(ncards)" = "$n" ] && return 0; n=$(ncards); done
}
shot() {    # shot NAME: F12, the window's own screenshot
    shots=$((shots + 1))
    xdotool key --window "$wid" F12
    for _ in $(seq 50); do [ -s "$tmp/touchscope-$shots.png" ] && break; sleep 0.1; done
    [ -s "$tmp/touchscope-$shots.png" ] || fail "F12 saved no touchscope-$shots.png: $(tail -3 "$tmp/out.log")"
    if [ -n "${SHOTS:-}" ]; then mkdir -p "$SHOTS"; cp "$tmp/touchscope-$shots.png" "$SHOTS/$1.png"; fi
}
has() {     # has TEXT WHAT CARD: the card's text holds TEXT
    grep -qF -- "$1" <<< "$3" || fail "$2: the card does not say '$1':"$'\n'"$3"
}
outside_card() {   # outside_card X Y: the point is not under the card
    local r; r=$(state card)
    [ "$r" = none ] && return 0
    set -- "$1" "$2" $r
    [ "$1" -lt "$3" ] || [ "$1" -ge $(($3 + $5)) ] || [ "$2" -lt "$4" ] || [ "$2" -ge $(($4 + $6)) ]
}

start 1280x800
eval "$(xdotool getwindowgeometry --shell "$wid")"   # X Y WIDTH HEIGHT of the window on the screen
read sx sy sw sh <<< "$(state scene)"
# A point on the pad (scene frame 100,100 600×400 of 800×600), off the middle, where the card
# (in the corner farthest from the fingers) does not go.
px=$((sx + sw * 200 / 800)); py=$((sy + sh * 180 / 600))
[ "$(state card)" = none ] || fail "a card before any touch: $(state card)"

# 1. A double-tap: two clicks 0.15 s apart.
xdotool mousemove --window "$wid" "$px" "$py" click 1 sleep 0.15 click 1
wait_card 1 "double-tap"; settle
c=$(card "$(ncards)")
has "doubleTap won" "double-tap" "$c"
has "✓ doubleTap recognized" "double-tap" "$c"
has "✗ singleTap failed" "double-tap" "$c"
has "failureRequirement, by doubleTap" "double-tap" "$c"
has "views hit: pad" "double-tap" "$c"
has "singleTap waited" "double-tap" "$c"
shot double-tap
echo "verdict-card: a double-tap: doubleTap recognized, singleTap failed (failureRequirement)"

# A click on singleTap's row selects its decision record (as the timeline does) and pauses
# the timeline on the sequence.
read seq rx ry rw rh <<< "$(grep '^card-row singleTap ' "$fingers.state" | head -1 | cut -d' ' -f3-)"
[ -n "${seq:-}" ] && [ "$seq" != none ] || fail "no singleTap row on the card: $(grep '^card' "$fingers.state" | tr '\n' ';')"
xdotool mousemove --window "$wid" $((rx + rw / 2)) $((ry + rh / 2)) click 1; sleep 0.4
expect selected-record "$seq" "a click on singleTap's row"
expect live false "a click on singleTap's row"
shot selected
# The close button dismisses the card; the scene is the pointer's again.
read cx cy cw ch <<< "$(state card-close)"
xdotool mousemove --window "$wid" $((cx + cw / 2)) $((cy + ch / 2)) click 1
expect card none "the close button"
xdotool key --window "$wid" Home; sleep 0.2   # follow live again

# 2. A too-slow double-tap: two clicks 0.45 s apart, more than the interval.
outside_card "$px" "$py" || fail "the card covers the pad's point"
before=$(ncards)
xdotool mousemove --window "$wid" "$px" "$py" click 1 sleep 0.45 click 1
wait_card $((before + 1)) "too-slow double-tap"; settle
# The card of the first tap, once the late second tap filled in its margin.
late=""
for n in $(seq $((before + 1)) "$(ncards)"); do
    c=$(card "$n")
    grep -qF "too late" <<< "$c" && late=$c
done
[ -n "$late" ] || fail "too-slow double-tap: no card says how late the second tap came:"$'\n'"$(awk -v b="$before" '/^card$/ {k++} k > b' "$cards")"
has "singleTap won" "too-slow double-tap" "$late"
has "✓ singleTap recognized" "too-slow double-tap" "$late"
has "✗ doubleTap failed" "too-slow double-tap" "$late"
has "tapInterval: " "too-slow double-tap" "$late"
has "limit $interval s" "too-slow double-tap" "$late"
# The card shown now is the second tap's: singleTap recognized after doubleTap failed.
c=$(card "$(ncards)")
has "✓ singleTap recognized" "too-slow double-tap, second tap" "$c"
has "✗ doubleTap failed" "too-slow double-tap, second tap" "$c"
has "tapInterval" "too-slow double-tap, second tap" "$c"
shot too-slow
echo "verdict-card: a too-slow double-tap: singleTap recognized, doubleTap failed (tapInterval, $(grep -o '^[0-9.]* s too late' <<< "$late"))"

kill -TERM "$pid"; wait "$pid" || true; pid=
# The numbers against the trace (complete now): the clicks as the window got them (xdotool
# adds its own delays to the pauses asked for). The double-tap's second click came within the
# interval, the too-slow one's after it; the card measured the late tap from the first lift
# (xdotool's click lifts at once: within 0.02 s of the landing) and the margin is the
# measure less the interval.
python3 - "$tmp/trace.jsonl" "$late" "$interval" <<'PY' || fail "too-slow double-tap: the card's numbers disagree with the trace"
import json, re, sys
hits = [r["t"] for r in map(json.loads, open(sys.argv[1])) if r["kind"] == "hit-test"]
card, interval = sys.argv[2], float(sys.argv[3])
assert len(hits) == 4, f"{len(hits)} hit tests"
assert hits[1] - hits[0] < interval, f"the double-tap's clicks came {hits[1] - hits[0]:.3f} s apart: not a double-tap"
gap = hits[3] - hits[2]
assert gap > interval, f"the too-slow double-tap's clicks came {gap:.3f} s apart"
measured = float(re.search(r"^tapInterval: ([0-9.]+) s, limit", card, re.M).group(1))
assert abs(measured - gap) <= 0.02 + 0.005, f"measured {measured} s, the clicks came {gap:.3f} s apart"
margin = float(re.search(r"^([0-9.]+) s too late$", card, re.M).group(1))
assert abs(margin - (gap - interval)) <= 0.02 + 0.005, f"{margin} s too late, the clicks came {gap:.3f} s apart against {interval} s"
print(f"verdict-card: the second click came {gap:.3f} s after the first: {margin} s too late")
PY
# Only the four clicks on the pad reached the scene: the clicks on the card never did.
[ "$(grep -c '"kind":"hit-test"' "$tmp/trace.jsonl")" = 4 ] \
    || fail "clicks on the card reached the scene: $(grep -c '"kind":"hit-test"' "$tmp/trace.jsonl") hit tests, expected 4"
echo "verdict-card: ok"
