# Shared set-up of the live-window scripts (sourced, not run): from the repository root,
# under xvfb-run, with the built binary, a temporary folder removed on exit (kept with
# KEEP_TMP=1), the program started as $pid killed on exit, and fail() naming the script.
# TOUCHSCOPE_BIN runs another build (an older one, to see a test fail).
cd "$(dirname "$0")/../.."
: "${DISPLAY:?run under xvfb-run}"
script=$(basename "$0" .sh)
bin=${TOUCHSCOPE_BIN:-.build/debug/touchscope}
[ -x "$bin" ] || swift build --product touchscope
tmp=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null || true; [ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"; }
trap cleanup EXIT
fail() { echo "$script: FAIL: $*" >&2; exit 1; }
