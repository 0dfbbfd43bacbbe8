#!/usr/bin/env bash
# Builds circle-gesture, runs Recordings/ as a suite against the verdicts beside each
# (`circle-gesture test`), and replays every recording in Recordings/ headless; each trace must
# equal Expected/NAME.trace.jsonl byte for byte, and its decisions (recognizer transitions and
# actions) the hand-written Expected/NAME.decisions. `make test` runs it. UPDATE=1 rewrites
# the expected traces instead, printing the decisions that change; it refuses a trace whose
# decisions differ from the hand-written ones (read the diff before committing it).
set -euo pipefail
cd "$(dirname "$0")"
SWIFT=${SWIFT:-swift}
echo "== Examples/CircleGesture: building circle-gesture"
$SWIFT build --product circle-gesture
bin=$($SWIFT build --product circle-gesture --show-bin-path)/circle-gesture
# The recordings as a suite, as touchscope test runs the repository's: each against the
# verdicts beside it (Recordings/NAME.verdicts.json, written by hand from the recognizer's rules).
echo "== Examples/CircleGesture: circle-gesture test Recordings"
"$bin" test Recordings || { echo "circle-gesture: the recordings' verdicts differ (circle-gesture test Recordings)" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
failed=0
# The decisions of a trace, one a line as Expected/NAME.decisions writes them by hand: the
# recognizer transitions (without the resets to possible) with the rule that decided and its
# numbers (measured/limit unit, rounded), and the actions.
decisions() {
    python3 - "$1" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    t = format(r["t"], ".10g")
    if r["kind"] == "gesture" and r["to"] != "possible":
        rule = f" {r['rule']}" if "rule" in r else ""
        if "measured" in r and "limit" in r:
            rule += f" {r['measured']:.0f}/{r['limit']:.0f} {r.get('unit', '')}".rstrip()
        print(f"{t} gesture {r['recognizer']} {r['from']}>{r['to']}{rule}")
    elif r["kind"] == "action":
        print(f"{t} action {r['sender']} {r['action']} {r['handledBy'] or '-'}")
PY
}
for rec in Recordings/*.jsonl; do
    name=$(basename "$rec" .jsonl)
    expected=Expected/$name.trace.jsonl
    "$bin" replay "$rec" --headless --trace "$out/$name.trace.jsonl" \
        || { echo "circle-gesture: FAIL: replay of $rec exited $?" >&2; failed=1; continue; }
    decisions "$out/$name.trace.jsonl" >"$out/$name.decisions"
    if ! diff -q <(grep -v '^#' "Expected/$name.decisions") "$out/$name.decisions" >/dev/null; then
        echo "circle-gesture: FAIL: the decisions of $rec differ from the hand-written Expected/$name.decisions:" >&2
        diff <(grep -v '^#' "Expected/$name.decisions") "$out/$name.decisions" >&2 || true
        [ -n "${UPDATE:-}" ] && echo "circle-gesture: not writing $expected (change Expected/$name.decisions by hand first)" >&2
        failed=1; continue
    fi
    if [ -n "${UPDATE:-}" ]; then
        if [ -f "$expected" ]; then
            decisions "$expected" >"$out/$name.old.decisions"
            diff "$out/$name.old.decisions" "$out/$name.decisions" | sed "s/^/$name: decisions that change: /" || true
        fi
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
