#!/usr/bin/env bash
# Real X11 input (xdotool) into a real SDL window, under Xvfb. Run by `make test` through
# xvfb-run; needs DISPLAY. Fails when the filter ran fewer tests than XvfbTests.swift holds
# (a filter that matches nothing passes in `swift test`).
set -euo pipefail
cd "$(dirname "$0")/../.."
: "${DISPLAY:?run under xvfb-run}"
want=$(grep -c '@Test(' Tests/TouchSDLTests/XvfbTests.swift)
# (Shown on standard error afterwards: `tee /dev/stderr` would truncate a log file that
# standard error is redirected to, as CI's is.)
status=0
out=$(TOUCHSCOPE_XVFB=1 swift test --filter XvfbTests 2>&1) || status=$?
printf '%s\n' "$out" >&2
[ "$status" -eq 0 ] || { echo "host-input: FAIL: swift test --filter XvfbTests exited $status" >&2; exit 1; }
# Swift Testing's summary: "Test run with N test(s) in M suite(s) passed after ...".
ran=$(printf '%s\n' "$out" | sed -n 's/.*Test run with \([0-9][0-9]*\) tests\{0,1\} .*passed.*/\1/p' | tail -1)
[ "${ran:-0}" = "$want" ] || { echo "host-input: FAIL: swift test --filter XvfbTests ran ${ran:-no} test(s), XvfbTests.swift has $want" >&2; exit 1; }
! printf '%s\n' "$out" | grep -q 'skipped' || { echo "host-input: FAIL: a test was skipped (is TOUCHSCOPE_XVFB passed on?)" >&2; exit 1; }
echo "host-input: $ran X11 test(s) ran and passed"
