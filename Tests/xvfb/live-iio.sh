#!/usr/bin/env bash
# The tablet's own accelerometer, live: the real program under Xvfb reads a folder of plain
# files laid out as /sys/bus/iio/devices (TOUCHSCOPE_IIO_ROOT). Rewriting them shakes and
# turns the device; the recording gets `accel` lines only when a value changed, the program
# stays idle while nothing changes, and the live recording replays to the live trace byte for
# byte. Run by `make test` through xvfb-run; needs DISPLAY and xdotool.
set -euo pipefail
source "$(dirname "$0")/lib/setup.sh"

dev="$tmp/iio/iio:device0"
mkdir -p "$dev" "$tmp/iio/iio:device1"
echo als >"$tmp/iio/iio:device1/name"; echo 40 >"$tmp/iio/iio:device1/in_illuminance_raw"
echo accel_3d >"$dev/name"; echo 0.01 >"$dev/in_accel_scale"
accel() {   # accel X Y Z: raw values (hundredths of m/s²), written in place as sysfs would change
    printf '%s\n' "$1" >"$dev/in_accel_x_raw"; printf '%s\n' "$2" >"$dev/in_accel_y_raw"; printf '%s\n' "$3" >"$dev/in_accel_z_raw"
}
accel 0 -981 0    # upright in portrait

TOUCHSCOPE_IIO_ROOT="$tmp/iio" SDL_AUDIODRIVER=dummy "$bin" run media --trace "$tmp/trace.jsonl" --record "$tmp/rec.jsonl" \
    >"$tmp/out.log" 2>&1 &
pid=$!
timeout 20 xdotool search --sync --pid "$pid" >/dev/null 2>&1 || fail "no window appeared"
sleep 1

# Nothing changes: no accel line beyond the first reading, and almost no CPU.
ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
before=$(ticks); sleep 2; after=$(ticks)
used=$((after - before))
[ "$used" -le 20 ] || fail "idle with unchanged readings, the program used $used ticks of CPU in 2 s"
lines=$(grep -c '"type":"accel"' "$tmp/rec.jsonl" || true)
[ "$lines" -eq 1 ] || fail "unchanged readings made $lines accel lines (want the first reading only)"

# A shake: jolts far past gravity, then rest.
for v in "2500 -1400 50" "-2600 -600 50" "2400 -1600 50" "-2200 -300 50"; do accel $v; sleep 0.05; done
accel 0 -981 0; sleep 0.8
# Turned with the right edge up (landscapeLeft), then flat on its back (faceUp).
accel -981 0 0; sleep 0.5
accel 0 0 -981; sleep 0.5
kill -TERM "$pid"; { wait "$pid"; } 2>/dev/null || true; pid=

grep -q '"kind":"motion","phase":"began","subtype":"shake"' "$tmp/trace.jsonl" || fail "the jolts did not begin a shake"
grep -q '"kind":"motion","phase":"ended","subtype":"shake"' "$tmp/trace.jsonl" || fail "the shake did not end"
grep -q '"kind":"orientation","from":"portrait","to":"landscapeLeft"' "$tmp/trace.jsonl" || fail "no turn to landscapeLeft"
grep -q '"kind":"orientation","from":"landscapeLeft","to":"faceUp"' "$tmp/trace.jsonl" || fail "no turn to faceUp"
grep -q '"type":"accel","x":-9.81,"y":0,"z":0' "$tmp/rec.jsonl" || fail "the recording lacks the landscape reading in m/s²"
"$bin" replay media "$tmp/rec.jsonl" --headless --trace "$tmp/replay.jsonl" 2>"$tmp/replay.err" \
    || fail "the live recording does not replay: $(cat "$tmp/replay.err")"
# The capability notes are about the live machine's devices (a replay has none): left out.
grep -v '"topic":"capabilities"' "$tmp/trace.jsonl" >"$tmp/live.jsonl" || true
cmp -s "$tmp/live.jsonl" "$tmp/replay.jsonl" \
    || fail "the replay's trace differs from the live one: $(diff "$tmp/live.jsonl" "$tmp/replay.jsonl" | head -5)"
grep -q '"text":"the device has every capability the scene requires; has accelerometer"' "$tmp/trace.jsonl" \
    || fail "the IIO accelerometer does not count as the scene's accelerometer"
echo "live-iio: a fake IIO accelerometer shakes and turns the live window, idles at $used ticks in 2 s, and the recording replays to the live trace"
