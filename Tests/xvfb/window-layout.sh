#!/usr/bin/env bash
# The window's labels cover neither each other nor what the scene shows, in the real window at
# 1280×800, 800×1280 and 2560×1600 (window units): on the welcome scene with the
# hit map on (Shift+F2) and recording by finger on the Rec button (its banner), the hit map's
# labels, the scene's text and controls and the banner's rect, as the window reports them
# (TOUCHSCOPE_TEST_FINGERS=FILE: FILE.state, see Sources/TouchScopeKit/FingerScript.swift),
# must not overlap. Then the hit-test scene with a finger on I (the view that sticks out of
# B): screenshots to look at. SHOTS=DIR keeps the screenshots there (touchscope's own, F12-
# style, from its Shot button; no ImageMagick needed). Run by `make test` through xvfb-run;
# needs DISPLAY, xdotool and python3. SIZES="WxH ..." runs only those.
set -euo pipefail
source "$(dirname "$0")/lib/setup.sh"
fingers=$tmp/fingers
finger=100
exe=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
root=$PWD

start() {   # start SCENE WxH
    rm -f "$tmp"/*.png "$fingers.state"
    : > "$fingers"
    (cd "$tmp" && SDL_AUDIODRIVER=dummy TOUCHSCOPE_TEST_FINGERS="$fingers" exec "$exe" run "$root/scenes/$1.yaml" \
        --window "$2") >"$tmp/out.log" 2>&1 &
    pid=$!
    wid=$(timeout 20 xdotool search --sync --pid "$pid" 2>/dev/null | head -1) || fail "no window appeared: $(tail -3 "$tmp/out.log")"
    for _ in $(seq 50); do [ -s "$fingers.state" ] && break; sleep 0.1; done
    [ -s "$fingers.state" ] || fail "the window wrote no $fingers.state"
    shots=0
}
state() { sed -n "s/^$1 //p" "$fingers.state" | head -1; }
centre() {
    local r; r=$(grep "^$1 " "$fingers.state" | head -1 | cut -d' ' -f3-)
    [ -n "$r" ] || fail "no $1 in the window's state"
    set -- $r; echo "$(($1 + $3 / 2)) $(($2 + $4 / 2))"
}
inject() { echo "$*" >> "$fingers"; }
ftap() { finger=$((finger + 1)); inject down $finger "$1" "$2"; sleep 0.1; inject up $finger "$1" "$2"; sleep 0.4; }
shot() {    # shot NAME: the Shot button, by finger
    shots=$((shots + 1))
    ftap $(centre "button screenshot")
    for _ in $(seq 50); do [ -s "$tmp/touchscope-$shots.png" ] && break; sleep 0.1; done
    [ -s "$tmp/touchscope-$shots.png" ] || fail "the Shot button saved no touchscope-$shots.png: $(tail -3 "$tmp/out.log")"
    if [ -n "${SHOTS:-}" ]; then mkdir -p "$SHOTS"; cp "$tmp/touchscope-$shots.png" "$SHOTS/$1.png"; fi
}
stop() { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; pid=; }

for size in ${SIZES:-1280x800 800x1280 2560x1600}; do
    name=$size
    start welcome "$size"
    xdotool windowfocus --sync "$wid" 2>/dev/null || xdotool windowfocus "$wid"
    xdotool key --window "$wid" shift+F2
    for _ in $(seq 30); do grep -q '^hitmap-label ' "$fingers.state" && break; sleep 0.1; done
    grep -q '^hitmap-label ' "$fingers.state" || fail "$name: Shift+F2 showed no hit map labels (panels: $(state panels))"
    ftap $(centre "button record")
    for _ in $(seq 30); do [ "$(state recording)" = true ] && break; sleep 0.1; done
    [ "$(state banner-rect)" != none ] || fail "$name: recording shows no banner: $(state banner)"
    shot "welcome-$name"
    python3 - "$fingers.state" "$name" <<'PY' || fail "$name: labels overlap (above)"
import sys
rects = {"label": [], "needed": [], "banner": []}
controls = {}
for line in open(sys.argv[1]):
    f = line.split()
    if not f: continue
    if f[0] == "hitmap-label": rects["label"].append((" ".join(f[5:]), tuple(map(int, f[1:5]))))
    if f[0] == "scene-needed": rects["needed"].append(("scene text/control", tuple(map(int, f[1:5]))))
    if f[0] == "scene-control": controls[f[5]] = tuple(map(int, f[1:5]))
    if f[0] == "banner-rect" and f[1] != "none": rects["banner"].append(("banner", tuple(map(int, f[1:5]))))
def meet(a, b):   # window units, rounded: a unit of slack
    return a[0] + a[2] > b[0] + 1 and b[0] + b[2] > a[0] + 1 and a[1] + a[3] > b[1] + 1 and b[1] + b[3] > a[1] + 1
bad = []
labels, needed, banner = rects["label"], rects["needed"], rects["banner"]
for i, a in enumerate(labels):
    # A control's own name may lie on it, off its middle third (its title).
    own = controls.get(a[0].split(":")[0])
    for b in labels[i + 1:] + needed:
        if own is not None and b[1] == own:
            x, y, w, h = own
            if meet(a[1], (x, y + h // 3, w, h // 3)): bad.append(f"{a[0]} {a[1]} × its own title {own}")
            continue
        if meet(a[1], b[1]): bad.append(f"{a[0]} {a[1]} × {b[0]} {b[1]}")
for b in banner:
    for n in needed:
        if meet(b[1], n[1]): bad.append(f"banner {b[1]} × {n[0]} {n[1]}")
if not labels: bad.append("no hit map labels")
for b in bad: print(sys.argv[2] + ": " + b)
sys.exit(1 if bad else 0)
PY
    echo "window-layout: $name: $(grep -c '^hitmap-label ' "$fingers.state") hit map labels, the banner and the scene's text: no overlap"
    stop

    # The hit-test scene: a finger on I where it sticks out of B (its hatched, untouchable part).
    start hit-test "$size"
    read -r sx sy sw sh <<< "$(state scene)"
    inject down 900 $((sx + sw * 305 / 800)) $((sy + sh * 305 / 600)); sleep 0.3
    shot "hit-test-$name"
    inject up 900 $((sx + sw * 305 / 800)) $((sy + sh * 305 / 600)); sleep 0.2
    stop
done
echo "window-layout: welcome and hit-test at ${SIZES:-1280x800 800x1280 2560x1600}${SHOTS:+ (screenshots in $SHOTS)}"
