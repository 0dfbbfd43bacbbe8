#!/usr/bin/env bash
# The live what-if in the real window under Xvfb, driven with injected fingers (and the mouse
# for one step): on a copy of scenes/double-tap.yaml, a slow double tap (the second tap later
# than the scene's maximum tap interval) fails; a tap on doubleTap's row of the verdict card
# selects that recognizer; the inspector's "What if" button opens the editor; the + stepper
# of doubleTap's maximumTapInterval, by finger, raises it 0.05 s a tap until the what-if run
# says doubleTap would win. That must happen at the first value above the gap the trace
# measured, not before. The card then says what changed; "Write to file" puts the value into
# the copy of the scene file (checked byte for byte: one line added, everything else as it
# was) and Revert puts the file back. The window writes its state and each card's text for the
# script (TOUCHSCOPE_TEST_FINGERS=FILE: FILE.state and FILE.cards, see
# Sources/TouchScopeKit/Window/FingerScript.swift). Run by `make test` through xvfb-run; needs
# DISPLAY and xdotool. SHOTS=DIR keeps the screenshots there (to look at them).
set -euo pipefail
source "$(dirname "$0")/lib/setup.sh"
fingers=$tmp/fingers
cards=$fingers.cards
finger=100
exe=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
original=$PWD/scenes/double-tap.yaml
scene=$tmp/double-tap.yaml

start() {   # start WxH: a fresh copy of the scene, every panel, tracing, in $tmp
    rm -f "$tmp"/*.png "$fingers.state" "$cards" "$tmp/trace.jsonl" "$tmp/rec.jsonl"
    cp "$original" "$scene"
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
expect() {   # expect KEY VALUE WHAT: waits up to 10 s for the state to say it
    for _ in $(seq 100); do [ "$(state "$1")" = "$2" ] && return 0; sleep 0.1; done
    fail "$3: $1 is '$(state "$1")', expected '$2'"
}
centre() {   # centre x y w h: x y of the middle
    echo "$(($1 + $3 / 2)) $(($2 + $4 / 2))"
}
inject() { echo "$*" >> "$fingers"; }
ftap() {    # ftap X Y: a finger tap (window units)
    finger=$((finger + 1)); inject down $finger "$1" "$2"; sleep 0.08; inject up $finger "$1" "$2"; sleep 0.4
}
click() { xdotool mousemove --window "$wid" "$1" "$2" click 1; sleep 0.4; }
row() {     # row ID.KEY: "INDEX VALUE target x y w h ..." of the editor's row
    grep "^whatif-row $1 " "$fingers.state" | head -1 | cut -d' ' -f3-
}
target() {  # target ID.KEY NAME: the centre of the row's target
    local r; r=$(row "$1")
    [ -n "$r" ] || fail "no row $1 in the editor: $(grep '^whatif' "$fingers.state" | tr '\n' ';')"
    set -- $r "$2"
    local want=${!#} i
    shift 2
    while [ $# -ge 5 ]; do
        if [ "$1" = "$want" ]; then centre "$2" "$3" "$4" "$5"; return; fi
        shift 5
    done
    fail "the row has no $want target"
}
settled() { # settled WHAT: waits until the what-if run is not running
    for _ in $(seq 100); do s=$(state whatif-status); [ "$s" != running ] && return 0; sleep 0.1; done
    fail "$1: the what-if run did not finish"
}
ncards() { grep -c '^card$' "$cards" 2>/dev/null || true; }
lastcard() { awk '/^card$/ { k++; text = ""; next } { text = text $0 "\n" } END { printf "%s", text }' "$cards"; }
shot() {    # shot NAME: F12, the window's own screenshot (once the last one's notice is gone)
    for _ in $(seq 60); do [ "$(state notice)" = none ] && break; sleep 0.1; done
    shots=$((shots + 1))
    xdotool key --window "$wid" F12
    for _ in $(seq 50); do [ -s "$tmp/touchscope-$shots.png" ] && break; sleep 0.1; done
    [ -s "$tmp/touchscope-$shots.png" ] || fail "F12 saved no touchscope-$shots.png: $(tail -3 "$tmp/out.log")"
    if [ -n "${SHOTS:-}" ]; then mkdir -p "$SHOTS"; cp "$tmp/touchscope-$shots.png" "$SHOTS/$1.png"; fi
}

for size in 1280x800 800x1280; do
    start $size
    read sx sy sw sh <<< "$(state scene)"
    # A point on the pad (scene frame 100,100 600×400 of 800×600), off the middle.
    px=$((sx + sw * 200 / 800)); py=$((sy + sh * 180 / 600))

    # 1. A slow double tap: the second finger lands about 0.65 s after the first lifts (the
    # injected fingers' times vary by a tenth of a second on a loaded machine).
    finger=$((finger + 1)); inject down $finger $px $py; sleep 0.06; inject up $finger $px $py; sleep 0.65
    finger=$((finger + 1)); inject down $finger $px $py; sleep 0.06; inject up $finger $px $py
    for _ in $(seq 50); do grep -q "doubleTap failed" "$cards" 2>/dev/null && [ "$(state card)" != none ] && break; sleep 0.1; done
    sleep 1   # both taps' sequences decided
    grep -qF "✗ doubleTap failed" <<< "$(lastcard)" || fail "$size: the slow double tap did not fail: $(lastcard)"
    # The gap the window got, from the first lift to the second landing (its recording of the input).
    gap=$(python3 - "$tmp/rec.jsonl" <<'PY'
import json, sys
rs = [json.loads(l) for l in open(sys.argv[1])][1:]
ups = [r["t"] for r in rs if r["type"] == "finger-up"]
downs = [r["t"] for r in rs if r["type"] == "finger-down"]
print(f"{downs[1] - ups[0]:.4f}")
PY
)
    echo "whatif: $size: the second tap came $gap s after the first lift"

    # 2. Select doubleTap: a tap on its row of the card.
    read seq rx ry rw rh <<< "$(grep '^card-row doubleTap ' "$fingers.state" | head -1 | cut -d' ' -f3-)"
    [ -n "${seq:-}" ] || fail "$size: no doubleTap row on the card"
    ftap $(centre $rx $ry $rw $rh)
    # 3. Open the editor by finger.
    open=$(state whatif-open)
    [ -n "$open" ] || fail "$size: no What if button in the inspector: $(grep '^whatif' "$fingers.state" | tr '\n' ';')"
    ftap $(centre $open)
    for _ in $(seq 30); do [ -n "$(row doubleTap.maximumInterval)" ] && break; sleep 0.1; done
    read index value rest <<< "$(row doubleTap.maximumInterval)"
    [ "$value" = 0.35 ] || fail "$size: maximumInterval shows '$value', expected the scene's default 0.35"
    shot "$size-editor"

    # 4. + by finger until the what-if says doubleTap would win (at most 1 s).
    won=""; last_same=""
    for want in 0.4 0.45 0.5 0.55 0.6 0.65 0.7 0.75 0.8 0.85 0.9 0.95 1; do
        ftap $(target doubleTap.maximumInterval plus)
        expect whatif-settings "doubleTap.maximumInterval=$want" "$size: + to $want"
        settled "$size: $want"
        if [ "$(state whatif-status)" = differ ]; then won=$want; break; fi
        [ "$(state whatif-status)" = same ] || fail "$size: at $want the what-if says '$(state whatif-status)': $(state whatif-summary)"
        last_same=$want
    done
    last_same=${last_same:-}
    [ -n "$won" ] || fail "$size: doubleTap never won up to 1 s (gap $gap s)"
    python3 - "$gap" "$won" "${last_same:-0.35}" <<'PY' || fail "$size: the verdict changed at the wrong interval"
import sys
gap, won, before = map(float, sys.argv[1:])
# The tap interval is measured from the lift to the next landing: doubleTap wins once the
# limit is at least the gap, and not while it is below it.
assert won >= gap > before, f"won at {won} s, same at {before} s, gap {gap} s"
PY
    summary=$(state whatif-summary)
    grep -qF "doubleTap would win instead of singleTap" <<< "$summary" || fail "$size: the editor says: $summary"
    for _ in $(seq 30); do grep -qF "doubleTap would win instead of singleTap" <<< "$(lastcard)" && break; sleep 0.1; done
    card=$(lastcard)
    grep -qF "what if doubleTap.maximumInterval=$won" <<< "$card" || fail "$size: the card does not name the setting: $card"
    grep -qF "doubleTap would win instead of singleTap" <<< "$card" || fail "$size: the card does not say what changed: $card"
    shot "$size-changed"
    echo "whatif: $size: doubleTap wins with maximumInterval $won s (same at ${last_same:-0.35} s)"

    # 5. The mouse: − then + again (the same targets, clicked).
    click $(target doubleTap.maximumInterval minus)
    if [ -n "${last_same:-}" ]; then before="doubleTap.maximumInterval=$last_same"; else before=none; fi
    expect whatif-settings "$before" "$size: − clicked"
    click $(target doubleTap.maximumInterval plus)
    expect whatif-settings "doubleTap.maximumInterval=$won" "$size: + clicked"
    settled "$size: + clicked"

    # 6. The report-rate sweep of the card's sequences, with the setting: the fingers never
    # move, so every rate gives the same winner (doubleTap, the setting making it a double tap).
    read bx by bw bh <<< "$(grep '^whatif-button sweep ' "$fingers.state" | cut -d' ' -f3-)"
    ftap $(centre $bx $by $bw $bh)
    for _ in $(seq 100); do case "$(state whatif-sweep)" in "report rates at"*) break ;; esac; sleep 0.1; done
    sweep=$(state whatif-sweep)
    grep -qF "stable: doubleTap at 60, 90, 120, 240 Hz" <<< "$sweep" || fail "$size: the sweep says: $sweep"
    echo "whatif: $size: $sweep"
    shot "$size-sweep"

    # 7. Write to file: one line added under doubleTap's id, indented as its keys; the rest byte for byte.
    read bx by bw bh <<< "$(grep '^whatif-button write ' "$fingers.state" | cut -d' ' -f3-)"
    ftap $(centre $bx $by $bw $bh)
    for _ in $(seq 50); do grep -q "^whatif-file written" "$fingers.state" && break; sleep 0.1; done
    grep -q "^whatif-file written" "$fingers.state" || fail "$size: not written: $(state whatif-file)"
    python3 - "$original" "$scene" "$won" <<'PY' || fail "$size: the written scene file is not the original with one line added"
import sys
orig, new, won = open(sys.argv[1], "rb").read(), open(sys.argv[2], "rb").read(), sys.argv[3]
anchor = b"      - id: doubleTap\n"
assert orig.count(anchor) == 1
want = orig.replace(anchor, anchor + b"        maximumInterval: " + won.encode() + b"\n")
assert new == want, new.decode()
PY
    echo "whatif: $size: written: '        maximumInterval: $won' under '- id: doubleTap', the rest byte for byte"
    shot "$size-written"
    # 8. Revert: the file as it was.
    read bx by bw bh <<< "$(grep '^whatif-button revert ' "$fingers.state" | cut -d' ' -f3-)"
    ftap $(centre $bx $by $bw $bh)
    for _ in $(seq 50); do grep -q "^whatif-file .* restored" "$fingers.state" && break; sleep 0.1; done
    cmp -s "$original" "$scene" || fail "$size: Revert did not restore the scene file: $(diff "$original" "$scene")"
    echo "whatif: $size: Revert restored the file"

    kill -TERM "$pid"; wait "$pid" || true; pid=
done
echo "whatif: ok"
