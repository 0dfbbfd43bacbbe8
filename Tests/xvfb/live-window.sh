#!/usr/bin/env bash
# The real program in a real X11 window under Xvfb, driven with xdotool as a person would:
# a mouse drag becomes a touch sequence, and an Alt-drag pinches scenes/photo.yaml ×2.
# The live recording then replays headless to the same transform. Run by `make test`
# through xvfb-run; needs DISPLAY, xdotool and python3. The window's screenshots are
# touchscope's own (F12), read with Tests/xvfb/png.py: no ImageMagick.
set -euo pipefail
cd "$(dirname "$0")/../.."
: "${DISPLAY:?run under xvfb-run}"
root=$PWD
bin=$root/.build/debug/touchscope
[ -x "$bin" ] || swift build --product touchscope
export PYTHONPATH="$root/Tests/xvfb${PYTHONPATH:+:$PYTHONPATH}"
tmp=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null || true; [ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"; }
trap cleanup EXIT
keep=${KEEP_TMP:-}
fail() { echo "live-window: FAIL: $*" >&2; exit 1; }

start() {   # start SCENE: opens the window with the panels off, recording and tracing
    # In $tmp, where F12 saves its screenshots (touchscope-1.png, -2, ...).
    (cd "$tmp" && SDL_AUDIODRIVER=dummy exec "$bin" run "$1" --no-overlays --trace "$tmp/trace.jsonl" \
        --record "$tmp/rec.jsonl") >"$tmp/out.log" 2>&1 &
    pid=$!
    shots=0
    wid=$(timeout 20 xdotool search --sync --pid "$pid" 2>/dev/null | head -1) || fail "no window appeared"
    xdotool windowfocus --sync "$wid" 2>/dev/null || xdotool windowfocus "$wid"
    eval "$(xdotool getwindowgeometry --shell "$wid")"   # X Y WIDTH HEIGHT
    cx=$((X + WIDTH / 2)); cy=$((Y + HEIGHT / 2))      # the scene's centre: the photo's centre
    sleep 0.5
}
stop() {
    kill -TERM "$pid"; wait "$pid" || true; pid=
}
shot() {    # shot FILE: the window's screenshot, taken by touchscope itself (F12)
    shots=$((shots + 1))
    xdotool key F12
    for _ in $(seq 50); do
        grep -q "screenshot saved to touchscope-$shots.png" "$tmp/out.log" && break
        sleep 0.1
    done
    mv "$tmp/touchscope-$shots.png" "$1" 2>/dev/null || fail "F12 saved no screenshot: $(tail -3 "$tmp/out.log")"
}

# 1. A plain drag on the photo: one touch, began → moved, then the pan begins and (by
#    cancelsTouchesInView) the photo gets touchesCancelled; the pan ends on release.
start "$root/scenes/photo.yaml"
xdotool mousemove "$cx" "$cy" mousedown 1
for i in 1 2 3 4 5; do xdotool mousemove $((cx + i * 10)) "$cy"; sleep 0.03; done
xdotool mouseup 1
sleep 0.3
stop
grep -q '"kind":"touches","phase":"began","view":"photo"' "$tmp/trace.jsonl" || fail "drag: no touchesBegan on photo"
grep -q '"kind":"touches","phase":"moved","view":"photo"' "$tmp/trace.jsonl" || fail "drag: no touchesMoved on photo"
grep -q '"kind":"touches","phase":"cancelled","view":"photo","touches":\[1\],"reason":"cancelled: pan began (cancelsTouchesInView)"' "$tmp/trace.jsonl" \
    || fail "drag: the pan did not cancel the photo's touch"
grep -q '"recognizer":"pan","view":"photo","from":"changed","to":"ended"' "$tmp/trace.jsonl" || fail "drag: pan did not end"
echo "live-window: a mouse drag is a touch sequence and pans the photo"

# 2. Alt-drag from 50 px right of the centre to 100 px: the mirrored finger doubles the distance.
start "$root/scenes/photo.yaml"
xdotool mousemove $((cx + 50)) "$cy" keydown alt mousedown 1
for i in 1 2 3 4 5 6 7 8 9 10; do xdotool mousemove $((cx + 50 + i * 5)) "$cy"; sleep 0.03; done
sleep 0.1
xdotool mouseup 1 keyup alt
sleep 0.3
xdotool mousemove "$X" "$Y"   # keep the pointer off the photo for the screenshot
shot "$tmp/live.png"
stop
python3 - "$tmp/trace.jsonl" <<'PY' || fail "alt-drag: pinch did not scale ×2"
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
ends = [r for r in recs if r["kind"] == "gesture" and r["recognizer"] == "pinch" and r["to"] == "ended"]
assert ends, "pinch never ended"
scale = ends[-1]["scale"]
assert abs(scale - 2) < 0.05, f"scale {scale}"
print(f"live-window: Alt-drag pinched the photo, scale {scale:.3f}")
PY
# The live window shows it: photo colour (#c8a060) at 1.5× the photo's half width from the
# centre, which only a ×2 photo reaches; the same pixel outside the photo before scaling.
python3 - "$tmp/live.png" "$WIDTH" "$HEIGHT" <<'PY' || fail "screenshot does not show a ×2 photo"
import sys
import png as png_file
png, w, h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
scale = min(w / 800, h / 600)          # upper bound of the scene's scale in the window
def pixel(x, y): return png_file.pixel(png, x, y)
def near(c, ref, tol=40): return all(abs(a - b) <= tol for a, b in zip(c, ref))
photo = (0xc8, 0xa0, 0x60)
cx, cy = w // 2, h // 2
probe = (int(cx + 0.75 * 400 * 0.5 * 2 * scale * 0.9), cy - int(60 * scale))
assert near(pixel(*probe), photo), f"{probe}: {pixel(*probe)}"
print("live-window: the screenshot shows the photo at twice its size")
PY
# The recording of the live input replays headless to the same transform.
"$bin" replay photo "$tmp/rec.jsonl" --headless --dump-tree "$tmp/tree.json" >/dev/null
python3 - "$tmp/tree.json" <<'PY' || fail "the live recording does not replay to the same scale"
import json, sys
photo = json.load(open(sys.argv[1]))[0]["children"][0]
t = photo["transform"]
assert abs(t["a"] - 2) < 0.05 and abs(t["d"] - 2) < 0.05, t
print(f"live-window: the live recording replays headless to scale {t['a']:.3f}")
PY
# 3. Hot reload: editing the scene file mid-touch cancels the touch ("scene reloaded") and
#    loads the new scene; a broken edit keeps the old scene running.
cp scenes/photo.yaml "$tmp/reload.yaml"
start "$tmp/reload.yaml"
xdotool mousemove "$cx" "$cy" mousedown 1
sleep 0.2
sed -i 's/#c8a060/#40a0c8/' "$tmp/reload.yaml"
sleep 1.5
xdotool mouseup 1
echo "views: [ {id: broken" >> "$tmp/reload.yaml"    # a broken edit
sleep 1.5
xdotool mousemove "$cx" "$cy" mousedown 1 mousemove $((cx + 30)) "$cy" mouseup 1
sleep 0.5
shot "$tmp/broken.png"
stop   # the trace is complete on disk once the program has ended
grep -q '"text":"cancelling 1 touch(es): scene reloaded"' "$tmp/trace.jsonl" || fail "reload: the touch was not cancelled"
grep -q '"kind":"touches","phase":"cancelled","view":"photo","touches":\[1\],"reason":"cancelled: scene reloaded"' "$tmp/trace.jsonl" \
    || fail "reload: the photo did not get touchesCancelled"
[ "$(grep -c '"kind":"hit-test"' "$tmp/trace.jsonl")" -ge 2 ] || fail "reload: the scene stopped taking touches after a broken edit"
python3 - "$tmp/broken.png" "$WIDTH" "$HEIGHT" <<'PY' || fail "reload: the new colour or the error banner is not on screen"
import sys
import png as png_file
png, w, h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def pixel(x, y): return png_file.pixel(png, x, y)
near = lambda c, ref: all(abs(a - b) <= 40 for a, b in zip(c, ref))
centre = pixel(w // 2 + 60, h // 2 + 40)
assert near(centre, (0x40, 0xa0, 0xc8)), f"photo colour {centre}"
scale = min(w / 800, h / 600)
top = pixel(w // 2, int((h - 600 * scale) / 2 + 10))
assert near(top, (150, 30, 30)), f"banner {top}"
print("live-window: the reloaded scene shows, and a broken edit shows its error over the old scene")
PY
echo "live-window: ok"
