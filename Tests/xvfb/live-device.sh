#!/usr/bin/env bash
# The touchscreen read through evdev, live: the real program under Xvfb plays an evemu
# recording as the device (`--device-replay`: the file's records through a pipe into the same
# reader a device node feeds, at the file's own timing). The window's recording gets the
# file's touches (as many finger-downs and -ups as `import` of the file gives), from the evdev
# device (device 90), each with the contact's slot and tracking id; `touchscope devices`
# and `run --device` on a fake tree say what they find. Run by `make test` through xvfb-run;
# needs DISPLAY and xdotool.
set -euo pipefail
source "$(dirname "$0")/lib/setup.sh"

file=Tests/TouchSceneTests/Fixtures/import/real/atmel-maxtouch.4-finger-drag-down.evemu
"$bin" import "$file" --output "$tmp/imported.jsonl" --window 1280x800 >/dev/null
want_down=$(grep -c '"type":"finger-down"' "$tmp/imported.jsonl")
want_up=$(grep -c '"type":"finger-up"' "$tmp/imported.jsonl")
[ "$want_down" -ge 4 ] || fail "the fixture should have at least 4 touches (has $want_down)"

SDL_AUDIODRIVER=dummy "$bin" run hit-test --no-overlays --device-replay "$file" --record "$tmp/rec.jsonl" --perfetto "$tmp/timeline.json" >"$tmp/out.log" 2>&1 &
pid=$!
timeout 20 xdotool search --sync --pid "$pid" >/dev/null 2>&1 || fail "no window appeared"
# The file lasts 0.57 s from the window's start.
for _ in $(seq 1 40); do
    [ "$(grep -c '"type":"finger-up"' "$tmp/rec.jsonl" 2>/dev/null || true)" -ge "$want_up" ] && break
    sleep 0.25
done
kill -TERM "$pid"; { wait "$pid"; } 2>/dev/null || true; pid=
down=$(grep -c '"type":"finger-down"' "$tmp/rec.jsonl" || true)
up=$(grep -c '"type":"finger-up"' "$tmp/rec.jsonl" || true)
[ "$down" -eq "$want_down" ] || fail "the live recording has $down finger-downs, import of the file $want_down"
[ "$up" -eq "$want_up" ] || fail "the live recording has $up finger-ups, import of the file $want_up"
grep '"type":"finger-down"' "$tmp/rec.jsonl" | grep -vq '"device":90' && fail "a finger-down not from the evdev device"
head -1 "$tmp/rec.jsonl" | grep -q '"device":"Atmel maXTouch Touchscreen".*"rawDevice":{"name":"Atmel maXTouch Touchscreen","protocol":"multitouch B (slots)"' \
    || fail "the live recording's header does not name the device and its axes: $(head -1 "$tmp/rec.jsonl")"
grep '"type":"finger-down"' "$tmp/rec.jsonl" | head -1 | grep -q '"raw":{"slot":' || fail "finger lines carry no raw contact: $(grep -m1 finger-down "$tmp/rec.jsonl")"

# analyze of the live recording gives the figures analyze of the device's own capture gives
# (the recording keeps the kernel's view: axes, slots, tracking ids, positions, kernel times).
"$bin" analyze "$file" --json 2>/dev/null | tail -1 > "$tmp/evemu-analysis.json" || true
"$bin" analyze "$tmp/rec.jsonl" --json 2>/dev/null | tail -1 > "$tmp/live-analysis.json" || true
python3 - "$tmp/evemu-analysis.json" "$tmp/live-analysis.json" <<'PY' || fail "analyze of the live recording differs from analyze of the device's capture"
import json, sys
def flat(d, p=""):
    if isinstance(d, dict): return {k2: v2 for k, v in d.items() for k2, v2 in flat(v, p + "." + k).items()}
    if isinstance(d, list): return {k2: v2 for i, v in enumerate(d) for k2, v2 in flat(v, p + "[%d]" % i).items()}
    return {p: d}
a = flat(json.load(open(sys.argv[1]))["devices"][0]); b = flat(json.load(open(sys.argv[2]))["devices"][0])
assert a[".contactsTotal"] >= 4 and a[".reportRateHz.p50"] > 0, a
diff = [k for k in sorted(set(a) | set(b)) if k != ".format" and a.get(k) != b.get(k)]
assert not diff, [(k, a.get(k), b.get(k)) for k in diff[:5]]
print("live-device: analyze of the live recording = analyze of the capture (%d figures)" % len(a))
PY

# The Perfetto timeline draws the device's stages as slices chained by flows.
python3 - "$tmp/timeline.json" <<'PY' || fail "the Perfetto timeline lacks the device's stages"
import json, sys
ev = json.load(open(sys.argv[1]))["traceEvents"]
stages = [e for e in ev if e.get("cat") == "device" and e["ph"] == "X"]
flows = [e for e in ev if e.get("cat") == "device" and e["ph"] in "sf"]
names = {e["name"] for e in stages}
assert {"evdev: read → dispatched", "evdev: dispatched → presented"} <= names, names
assert all(e["dur"] >= 0 for e in stages)
assert len(flows) >= 2 and len(flows) % 2 == 0, len(flows)
PY

# The device's tool types reach the scene live as they do in a replay of its import: a palm
# from its first frame is never delivered, a finger that turns into a palm is cancelled, and
# a pen is a pencil touch (docs/touch-types.md).
types=Tests/TouchSceneTests/Fixtures/import/tool-types.evemu
SDL_AUDIODRIVER=dummy "$bin" run hit-test --no-overlays --device-replay "$types" --trace "$tmp/types.jsonl" >"$tmp/types.log" 2>&1 &
pid=$!
timeout 20 xdotool search --sync --pid "$pid" >/dev/null 2>&1 || fail "no window appeared for the tool-types device"
for _ in $(seq 1 40); do
    grep -q 'pencil' "$tmp/types.jsonl" 2>/dev/null && break
    sleep 0.25
done
kill -TERM "$pid"; { wait "$pid"; } 2>/dev/null || true; pid=
grep -q 'not delivered: the device reports MT_TOOL_PALM' "$tmp/types.jsonl" || fail "a palm from its first frame was not kept out live: $(grep -c . "$tmp/types.jsonl") trace lines"
grep -q '"phase":"cancelled".*touch became a palm (MT_TOOL_PALM)' "$tmp/types.jsonl" || fail "a finger that became a palm was not cancelled live"
grep -q 'touch [0-9]*: pencil' "$tmp/types.jsonl" || fail "the pen did not land as a pencil touch live"

# A pen hovering in range reaches a hover recognizer live, as in a replay of its import: the
# window's recording gets the pen-hover lines (zOffset = ABS_DISTANCE / 63: 31 / 63 = 0.4921
# first), the hover ends when the pen touches and when it leaves the range
# (docs/modern-touches.md, "Pen hover").
pen=Tests/TouchSceneTests/Fixtures/import/pen-hover.cintiq-13hd.evemu
cat > "$tmp/hover.yaml" <<'YAML'
scene: hover
window: [800, 600]
views:
  - {id: canvas, frame: [0, 0, 800, 600], recognizers: [{id: pencilHover, type: hover}]}
YAML
SDL_AUDIODRIVER=dummy "$bin" run "$tmp/hover.yaml" --no-overlays --device-replay "$pen" --record "$tmp/pen.jsonl" --trace "$tmp/pen-trace.jsonl" >"$tmp/pen.log" 2>&1 &
pid=$!
timeout 20 xdotool search --sync --pid "$pid" >/dev/null 2>&1 || fail "no window appeared for the pen device"
for _ in $(seq 1 40); do
    grep -q '"type":"pen-hover-end"' "$tmp/pen.jsonl" 2>/dev/null && break
    sleep 0.25
done
kill -TERM "$pid"; { wait "$pid"; } 2>/dev/null || true; pid=
grep -m1 '"type":"pen-hover"' "$tmp/pen.jsonl" | grep -q '"z":0.4921,"device":90' || fail "the first live pen-hover is not zOffset 31/63 from the device: $(grep -m1 pen-hover "$tmp/pen.jsonl" || cat "$tmp/pen.log")"
grep -q '"type":"pen-hover-end"' "$tmp/pen.jsonl" || fail "no pen-hover-end when the pen left the range"
grep -q '"recognizer":"pencilHover".*"to":"began"' "$tmp/pen-trace.jsonl" || fail "the hover recognizer did not begin live"
grep -q 'ended: the pen touched the screen' "$tmp/pen-trace.jsonl" || fail "the pen touching did not end the hover live"
grep -q 'ended: the pen left the range' "$tmp/pen-trace.jsonl" || fail "the pen leaving did not end the hover live"

# A multitouch pen (MT_TOOL_PEN, ABS_MT_DISTANCE 0...50) hovers live too: its pen-hover lines
# carry its finger number (1; zOffset 40 / 50 = 0.8 first), the finger landing in slot 1
# leaves the hover alone, the pen touching (distance 0) and its tracking id -1 end it: two
# ends in all (docs/modern-touches.md, "Pen hover").
mtpen=Tests/TouchSceneTests/Fixtures/import/pen-hover-mt.evemu
SDL_AUDIODRIVER=dummy "$bin" run "$tmp/hover.yaml" --no-overlays --device-replay "$mtpen" --record "$tmp/mtpen.jsonl" --trace "$tmp/mtpen-trace.jsonl" >"$tmp/mtpen.log" 2>&1 &
pid=$!
timeout 20 xdotool search --sync --pid "$pid" >/dev/null 2>&1 || fail "no window appeared for the multitouch pen device"
for _ in $(seq 1 40); do
    grep -q '"type":"pen-hover-end"' "$tmp/mtpen.jsonl" 2>/dev/null && break
    sleep 0.25
done
kill -TERM "$pid"; { wait "$pid"; } 2>/dev/null || true; pid=
grep -m1 '"type":"pen-hover"' "$tmp/mtpen.jsonl" | grep -q '"z":0.8,"device":90,"finger":1' || fail "the first live multitouch pen-hover is not zOffset 40/50 with finger 1: $(grep -m1 pen-hover "$tmp/mtpen.jsonl" || cat "$tmp/mtpen.log")"
grep -q '"type":"pen-hover-end","device":90,"finger":1' "$tmp/mtpen.jsonl" || fail "no pen-hover-end with finger 1 when the pen's contact ended"
[ "$(grep -c '"recognizer":"pencilHover".*"to":"ended"' "$tmp/mtpen-trace.jsonl")" -eq 2 ] || fail "the multitouch pen's hover did not end exactly twice (touch, contact end) live: $(grep -c '"to":"ended"' "$tmp/mtpen-trace.jsonl")"
grep -q 'ended: the pen touched the screen' "$tmp/mtpen-trace.jsonl" || fail "the multitouch pen touching did not end the hover live"
grep -q 'ended: the pen left the range' "$tmp/mtpen-trace.jsonl" || fail "the multitouch pen's contact ending did not end the hover live"

# touchtest reads the same device: every finger line of its recording carries the contact.
SDL_AUDIODRIVER=dummy "$bin" touchtest --device-replay "$file" --record "$tmp/tt.jsonl" --report "$tmp/tt.html" >"$tmp/tt.log" 2>&1 &
pid=$!
timeout 20 xdotool search --sync --pid "$pid" >/dev/null 2>&1 || fail "no touchtest window appeared"
for _ in $(seq 1 40); do
    [ "$(grep -c '"type":"finger-up"' "$tmp/tt.jsonl" 2>/dev/null || true)" -ge "$want_up" ] && break
    sleep 0.25
done
kill -TERM "$pid"; { wait "$pid"; } 2>/dev/null || true; pid=
fingers=$(grep -c '"type":"finger-' "$tmp/tt.jsonl" || true)
raws=$(grep '"type":"finger-' "$tmp/tt.jsonl" | grep -c '"raw":{"slot":' || true)
[ "$fingers" -gt 0 ] && [ "$raws" -eq "$fingers" ] || fail "touchtest: $raws of $fingers finger lines carry the contact"

# No touchscreen in an empty tree: one line, exit 1.
mkdir -p "$tmp/root/dev/input"
set +e
"$bin" run hit-test --device auto --dev-root "$tmp/root" >"$tmp/auto.out" 2>"$tmp/auto.err"; status=$?
set -e
[ "$status" -eq 1 ] || fail "--device auto without a touchscreen: exit $status (want 1)"
[ "$(wc -l <"$tmp/auto.err")" -eq 1 ] || fail "--device auto without a touchscreen: want one line, got: $(cat "$tmp/auto.err")"
grep -q "no input devices under $tmp/root/dev/input" "$tmp/auto.err" || fail "unexpected message: $(cat "$tmp/auto.err")"
echo "$script: ok"
