#!/usr/bin/env bash
# The verdict card's Fix row in the real window under Xvfb, at 800×1280 and 1280×800 (window
# units): on scenes/double-tap.yaml a too-slow double tap (two clicks 0.45 s apart, longer
# than doubleTap's maximum interval) loses doubleTap its sequence. The card must say the fix
# is being checked or found, then "Fix: doubleTap.maximumInterval=V (verified; ...)" where V
# is the least value, in the what-if editor's 0.05 s steps up from the interval, past the gap
# the card measured (worked out here from the card's own numbers, not read from a run). The
# row must lie inside the card and inside the window, at least 44 units high, and cover
# neither the card's close button nor a recognizer's row. A click on it tries the setting in
# the what-if editor: the card then says what would win. The window reports its geometry
# (TOUCHSCOPE_TEST_FINGERS=FILE: FILE.state, FILE.cards, see
# Sources/TouchScopeKit/Window/FingerScript.swift). SHOTS=DIR keeps the screenshots (F12, the
# window's own) there. Run by `make test` through xvfb-run; needs DISPLAY and xdotool.
set -euo pipefail
source "$(dirname "$0")/lib/setup.sh"
fingers=$tmp/fingers
cards=$fingers.cards
exe=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
scene=$PWD/scenes/double-tap.yaml

start() {   # start WxH
    rm -f "$tmp"/*.png "$fingers.state" "$cards"
    : > "$fingers"
    (cd "$tmp" && SDL_AUDIODRIVER=dummy TOUCHSCOPE_TEST_FINGERS="$fingers" exec "$exe" run "$scene" --window "$1") >"$tmp/out.log" 2>&1 &
    pid=$!
    wid=$(timeout 20 xdotool search --sync --pid "$pid" 2>/dev/null | head -1) || fail "no window appeared: $(tail -3 "$tmp/out.log")"
    xdotool windowfocus --sync "$wid" 2>/dev/null || xdotool windowfocus "$wid"
    for _ in $(seq 50); do [ -s "$fingers.state" ] && break; sleep 0.1; done
    [ -s "$fingers.state" ] || fail "the window wrote no $fingers.state"
    shots=0
}
state() { sed -n "s/^$1 //p" "$fingers.state" | head -1; }
last_card() { awk '/^card$/ { k++; t = ""; next } { t = t $0 "\n" } END { printf "%s", t }' "$cards" 2>/dev/null; }
shot() {    # shot NAME: F12, the window's own screenshot
    shots=$((shots + 1))
    xdotool key --window "$wid" F12
    for _ in $(seq 50); do [ -s "$tmp/touchscope-$shots.png" ] && break; sleep 0.1; done
    [ -s "$tmp/touchscope-$shots.png" ] || fail "F12 saved no touchscope-$shots.png: $(tail -3 "$tmp/out.log")"
    if [ -n "${SHOTS:-}" ]; then mkdir -p "$SHOTS"; cp "$tmp/touchscope-$shots.png" "$SHOTS/$1.png"; fi
}
stop() { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; pid=; }

for size in ${SIZES:-800x1280 1280x800}; do
    start "$size"
    read sx sy sw sh <<< "$(state scene)"
    # A point on the pad (scene frame 100,100 600×400 of 800×600), off the middle.
    px=$((sx + sw * 200 / 800)); py=$((sy + sh * 180 / 600))
    xdotool mousemove --window "$wid" "$px" "$py" click 1 sleep 0.45 click 1
    # The card, then its Fix row found (the search runs on its own thread: up to 20 s).
    for _ in $(seq 200); do grep -q '^Fix: doubleTap.maximumInterval=' <<< "$(last_card)" && break; sleep 0.1; done
    c=$(last_card)
    grep -q '^Fix: doubleTap.maximumInterval=' <<< "$c" || fail "$size: no Fix row found for doubleTap:"$'\n'"$c"
    grep -q '^Fix: checking doubleTap' "$cards" || echo "card-fix: $size: (the search ended before a card said it was checking)"
    for _ in $(seq 20); do [ -n "$(state card-fix)" ] && break; sleep 0.1; done
    shot "card-fix-$size"
    python3 - "$fingers.state" "$size" "$c" <<'PY' || fail "$size: the Fix row (above)"
import re, sys
state, size, card = open(sys.argv[1]).read().splitlines(), sys.argv[2], sys.argv[3]
def rect(line): return [int(v) for v in line.split()[-4:]]
get = lambda k: [rect(l) for l in state if l.startswith(k + " ")]
fix, (cardr,), (close,) = get("card-fix"), get("card"), get("card-close")
rows = get("card-row")
win = [int(v) for v in size.split("x")]
assert len(fix) == 1, f"card-fix lines: {fix}"
fix = fix[0]
def inside(a, b): return a[0] >= b[0] and a[1] >= b[1] and a[0] + a[2] <= b[0] + b[2] and a[1] + a[3] <= b[1] + b[3]
def meets(a, b): return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]
assert fix[3] >= 44, f"the row is {fix[3]} high"
assert inside(fix, cardr), f"the row {fix} is not inside the card {cardr}"
assert inside(cardr, [0, 0] + win), f"the card {cardr} is not inside the window {win}"
assert not meets(fix, close), f"the row {fix} covers the close button {close}"
for r in rows: assert not meets(fix, r), f"the row {fix} covers a recognizer's row {r}"
# The least value in the editor's 0.05 s steps past the measured gap.
measured = float(re.search(r"^tapInterval: ([0-9.]+) s, limit ([0-9.]+) s", card, re.M).group(1))
limit = float(re.search(r"^tapInterval: [0-9.]+ s, limit ([0-9.]+) s", card, re.M).group(1))
k = 1
while limit + 0.05 * k <= measured: k += 1
want = f"{limit + 0.05 * k:.2f}".rstrip("0").rstrip(".")
assert f"Fix: doubleTap.maximumInterval={want} (verified; changes " in card, f"expected {want} for a gap of {measured} s:\n{card}"
print(f"card-fix: {size}: the row {fix} in the card {cardr}; doubleTap.maximumInterval={want} for a {measured} s gap")
PY
    # A click on the row: the what-if editor gets the setting, and the card says what would win.
    read fx fy fw fh <<< "$(state card-fix)"
    xdotool mousemove --window "$wid" $((fx + fw / 2)) $((fy + fh / 2)) click 1
    for _ in $(seq 200); do grep -q 'would win instead of' <<< "$(last_card)" && break; sleep 0.1; done
    c=$(last_card)
    grep -q 'doubleTap would win instead of singleTap' <<< "$c" || fail "$size: a click on the Fix row:"$'\n'"$c"
    grep -q '· in the what-if editor' <<< "$c" || fail "$size: the row does not say it is in the editor:"$'\n'"$c"
    shot "card-fix-tried-$size"
    echo "card-fix: $size: a click on the row tries it: doubleTap would win instead of singleTap"
    stop
done
echo "card-fix: ok"
