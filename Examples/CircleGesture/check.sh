#!/usr/bin/env bash
# Builds circle-gesture and replays every recording in Recordings/ headless; each trace must
# equal Expected/NAME.trace.jsonl byte for byte. `make test` runs it. UPDATE=1 rewrites the
# expected traces instead (read the diff before committing it).
set -euo pipefail
cd "$(dirname "$0")"
SWIFT=${SWIFT:-swift}
echo "== Examples/CircleGesture: building circle-gesture"
$SWIFT build --product circle-gesture
bin=$($SWIFT build --product circle-gesture --show-bin-path)/circle-gesture
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
failed=0
for rec in Recordings/*.jsonl; do
    name=$(basename "$rec" .jsonl)
    expected=Expected/$name.trace.jsonl
    "$bin" replay "$rec" --headless --trace "$out/$name.trace.jsonl" \
        || { echo "circle-gesture: FAIL: replay of $rec exited $?" >&2; failed=1; continue; }
    if [ -n "${UPDATE:-}" ]; then
        cp "$out/$name.trace.jsonl" "$expected"
        echo "wrote $expected"
    elif [ ! -f "$expected" ]; then
        echo "circle-gesture: FAIL: no $expected (UPDATE=1 $0 writes it)" >&2; failed=1
    elif ! cmp -s "$out/$name.trace.jsonl" "$expected"; then
        echo "circle-gesture: FAIL: the trace of $rec differs from $expected:" >&2
        diff "$expected" "$out/$name.trace.jsonl" | head -20 >&2 || true
        failed=1
    else
        echo "ok $name: $(grep -o '"reason":"\(recognized\|failed\)[^"]*"' "$expected" | head -1)"
    fi
done
[ "$failed" = 0 ] || { echo "circle-gesture: the example's traces differ (Examples/CircleGesture/check.sh)" >&2; exit 1; }
echo "circle-gesture: every recording replays to its expected trace"
