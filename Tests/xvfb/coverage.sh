#!/usr/bin/env bash
# The touch devices panel's coverage sheet in the real program under Xvfb (issue 29, item 7):
# opened by a finger on the panel's button, it covers the whole window; fingers injected on
# the four edges of the window, on the side panel and on the timeline are drawn where they
# landed (a cell of the device's colour in the screenshot, F12) and none of them reaches the
# scene; the edges they reached turn green; its Close button closes it. At 1200×760 and
# 800×1280 (SIZES="WxH ..." for others). SHOTS=DIR keeps the screenshots. Run by `make test` through xvfb-run.
set -euo pipefail
source "$(dirname "$0")/lib/setup.sh"
fingers=$tmp/fingers
finger=100
exe=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
scene=$PWD/scenes/photo.yaml
png() { python3 Tests/xvfb/png.py "$@"; }

state() { sed -n "s/^$1 //p" "$fingers.state" | head -1; }
centre() {
    local r; r=$(grep "^$1 " "$fingers.state" | head -1 | cut -d' ' -f2-)
    [ -n "$r" ] || fail "no $1 in the window's state: $(tr '\n' ';' < "$fingers.state")"
    set -- $r; echo "$(($1 + $3 / 2)) $(($2 + $4 / 2))"
}
panel() {    # panel on|off NAME WHAT
    for _ in $(seq 30); do
        case ",$(state panels)," in *",$2,"*) [ "$1" = on ] && return 0 ;; *) [ "$1" = off ] && return 0 ;; esac
        sleep 0.1
    done
    fail "$3: $2 is not $1 (panels: $(state panels))"
}
inject() { echo "$*" >> "$fingers"; }
ftap() { finger=$((finger + 1)); inject down $finger "$1" "$2"; sleep 0.1; inject up $finger "$1" "$2"; sleep 0.3; }
hits() { grep -c '"kind":"hit-test"' "$tmp/trace.jsonl" || true; }

for size in ${SIZES:-1200x760 800x1280}; do
    w=${size%x*}; h=${size#*x}
    rm -f "$tmp"/*.png "$tmp/trace.jsonl" "$fingers.state"
    : > "$fingers"
    (cd "$tmp" && SDL_AUDIODRIVER=dummy TOUCHSCOPE_TEST_FINGERS="$fingers" exec "$exe" run "$scene" --window "$size" \
        --trace "$tmp/trace.jsonl") >"$tmp/out.log" 2>&1 &
    pid=$!
    wid=$(timeout 20 xdotool search --sync --pid "$pid" 2>/dev/null | head -1) || fail "no window appeared: $(tail -3 "$tmp/out.log")"
    for _ in $(seq 50); do [ -s "$fingers.state" ] && break; sleep 0.1; done
    xdotool windowfocus --sync "$wid" 2>/dev/null || true
    # The touch devices panel (Shift+F6), then its button, by finger.
    xdotool key --window "$wid" shift+F6
    panel on devices "$size: Shift+F6"
    for _ in $(seq 30); do grep -q '^coverage-button ' "$fingers.state" && break; sleep 0.1; done
    # The panel as it is (SHOTS keeps it as devices-SIZE.png), then its button by finger.
    xdotool key --window "$wid" F12
    for _ in $(seq 50); do [ -s "$tmp/touchscope-1.png" ] && break; sleep 0.1; done
    if [ -n "${SHOTS:-}" ]; then sleep 0.3; mkdir -p "$SHOTS"; cp "$tmp/touchscope-1.png" "$SHOTS/devices-$size.png"; fi
    ftap $(centre coverage-button)
    panel on coverage "$size: a finger on the panel's coverage button"
    read sx sy sw sh <<< "$(state side)"
    read bx by bw bh <<< "$(state bottom)"
    # Fingers on the four edges, the side panel and the timeline (window units).
    points="0,$((h / 2)) $((w / 2)),$((h - 1)) $((w - 1)),$((h / 2)) $((w / 3)),0 $((sx + sw / 2)),$((sy + sh / 2)) $((bx + bw / 2)),$((by + bh / 2))"
    for p in $points; do ftap "${p%,*}" "${p#*,}"; done
    [ "$(state coverage-samples)" -ge 12 ] || fail "$size: the sheet counted $(state coverage-samples) samples"
    xdotool key --window "$wid" F12
    for _ in $(seq 50); do [ -s "$tmp/touchscope-2.png" ] && break; sleep 0.1; done
    [ -s "$tmp/touchscope-2.png" ] || fail "$size: F12 saved no screenshot"
    sleep 0.3
    if [ -n "${SHOTS:-}" ]; then mkdir -p "$SHOTS"; cp "$tmp/touchscope-2.png" "$SHOTS/coverage-$size.png"; fi
    # Where the fingers landed on the side panel and the timeline: a cell of the device's colour
    # (blue, #64d2ff), not the panel under the sheet.
    for p in "$((sx + sw / 2)),$((sy + sh / 2))" "$((bx + bw / 2)),$((by + bh / 2))"; do
        IFS=, read r g b <<< "$(png "$tmp/touchscope-2.png" "${p%,*}" "${p#*,}")"
        [ "$b" -ge 150 ] && [ "$r" -le 120 ] || fail "$size: no coverage cell at ($p): $r,$g,$b"
    done
    # The left edge, reached: green; a place nobody touched: the sheet's dark background.
    IFS=, read r g b <<< "$(png "$tmp/touchscope-2.png" 1 $((h / 2 + 40)))"
    [ "$g" -ge 150 ] && [ "$r" -le 120 ] || fail "$size: the left edge is not green: $r,$g,$b"
    IFS=, read r g b <<< "$(png "$tmp/touchscope-2.png" $((w / 2 + 40)) $((h / 2 + 40)))"
    [ "$r" -le 60 ] && [ "$g" -le 60 ] && [ "$b" -le 60 ] || fail "$size: untouched place is not the sheet's background: $r,$g,$b"
    [ "$(hits)" = 0 ] || fail "$size: fingers on the coverage sheet reached the scene ($(hits) hit tests)"
    # Close, by finger.
    ftap $(centre coverage-close)
    panel off coverage "$size: the Close button"
    kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
    echo "coverage: $size: opened by touch, fingers on the edges, the side panel and the timeline drawn where they landed, none reached the scene, closed by touch"
done
echo "coverage: ok"
