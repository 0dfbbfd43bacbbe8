#!/usr/bin/env bash
# Real X11 input (xdotool) into a real SDL window, under Xvfb. Run by `make test` through
# xvfb-run; needs DISPLAY.
set -euo pipefail
cd "$(dirname "$0")/../.."
: "${DISPLAY:?run under xvfb-run}"
TOUCHSCOPE_XVFB=1 swift test --filter XvfbTests
