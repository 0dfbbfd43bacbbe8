#!/usr/bin/env bash
# A replay in a window stays open at its end, paused with the whole timeline, until closed;
# --exit-at-end closes it when the recording ends, as scripts want.
# 1. --exit-at-end: the window closes by itself (exit 0) about a second after the last input.
# 2. Without it: the window is still open 4 s after that; SIGTERM then ends it with exit 0
#    and its trace is whole and the same as the first run's.
source "$(dirname "$0")/lib/setup.sh"
rec=scenes/recordings/double-tap.jsonl
last=$(python3 -c 'import json,sys; print(max(json.loads(l).get("t", 0) for l in open(sys.argv[1]) if l.strip()))' "$rec")

start_ns=$(date +%s%N)
SDL_AUDIODRIVER=dummy timeout 30 "$bin" replay double-tap "$rec" --window 800x1280 --exit-at-end \
    --trace "$tmp/a.jsonl" >"$tmp/a.out" 2>&1 || fail "--exit-at-end: exit status $? ($(cat "$tmp/a.out"))"
elapsed_ms=$((($(date +%s%N) - start_ns) / 1000000))
limit_ms=$(python3 -c "print(int(($last + 1 + 4) * 1000))")
[ "$elapsed_ms" -lt "$limit_ms" ] || fail "--exit-at-end: took $elapsed_ms ms (the recording ends at $last s)"
echo "replay-window: --exit-at-end closed the window by itself after $elapsed_ms ms (last input at $last s)"

SDL_AUDIODRIVER=dummy "$bin" replay double-tap "$rec" --window 800x1280 --trace "$tmp/b.jsonl" >"$tmp/b.out" 2>&1 &
pid=$!
wait_s=$(python3 -c "print($last + 1 + 4)")
sleep "$wait_s"
kill -0 "$pid" 2>/dev/null || fail "without --exit-at-end the window closed by itself ($(cat "$tmp/b.out"))"
kill -TERM "$pid"
status=0; wait "$pid" || status=$?
pid=
[ "$status" -eq 0 ] || fail "closed with SIGTERM: exit status $status ($(cat "$tmp/b.out"))"
cmp -s "$tmp/a.jsonl" "$tmp/b.jsonl" || fail "the trace of the window left open differs: $(diff "$tmp/a.jsonl" "$tmp/b.jsonl" | head -5)"
echo "replay-window: without --exit-at-end the window stayed open ${wait_s} s, closed on SIGTERM with exit 0, the same trace"
