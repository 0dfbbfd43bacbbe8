#!/usr/bin/env bash
# The installed program's window, started as the desktop entry starts it: from a folder of the
# installed tree (PREFIX/bin), with the desktop entry's own command line. The welcome scene is
# found by name in PREFIX/share/touchscope, the text drawn with the installed fonts (no "no
# TrueType font" message), and F12 and F10 write into the folder for saved files under dated
# names, never into the installed tree. Run by `make test` through xvfb-run; needs DISPLAY,
# xdotool and the man pages of `make man` (built when missing).
set -euo pipefail
cd "$(dirname "$0")/../.."
: "${DISPLAY:?run under xvfb-run}"
root=$PWD
bin=$root/.build/debug/touchscope
[ -x "$bin" ] || swift build --product touchscope
tmp=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
fail() { echo "installed-window: FAIL: $*" >&2; exit 1; }

make --no-print-directory man >"$tmp/man.log" 2>&1 || { cat "$tmp/man.log"; fail "make man"; }
prefix=$tmp/prefix
packaging/install.sh install "$bin" .build/man "$prefix" >/dev/null
export XDG_DATA_HOME=$tmp/data HOME=$tmp/home
mkdir -p "$HOME"
# The desktop entry's main command, as the launcher runs it.
command=$(sed -n 's/^Exec=//p' "$prefix/share/applications/touchscope.desktop" | head -n 1)
[ "$command" = "$prefix/bin/touchscope run welcome" ] || fail "the entry runs: $command"
(cd "$prefix/bin" && SDL_AUDIODRIVER=dummy exec $command) >"$tmp/out.log" 2>&1 &
pid=$!
wid=$(timeout 20 xdotool search --sync --pid "$pid" 2>/dev/null | head -1) || fail "no window appeared: $(cat "$tmp/out.log")"
xdotool windowfocus --sync "$wid" 2>/dev/null || xdotool windowfocus "$wid"
sleep 0.5
xdotool key F12
for _ in $(seq 50); do ls "$XDG_DATA_HOME"/touchscope/touchscope-*-1.png >/dev/null 2>&1 && break; sleep 0.1; done
shot=$(ls "$XDG_DATA_HOME"/touchscope/touchscope-*-1.png 2>/dev/null) || fail "F12 saved no screenshot in \$XDG_DATA_HOME/touchscope: $(cat "$tmp/out.log")"
[[ ${shot##*/} =~ ^touchscope-[0-9]{4}-[0-9]{2}-[0-9]{2}-[0-9]{6}-1\.png$ ]] || fail "the screenshot's name is not dated: $shot"
xdotool key F10
sleep 0.5
xdotool key F10
for _ in $(seq 30); do ls "$XDG_DATA_HOME"/touchscope/touchscope-recording-*-1.jsonl >/dev/null 2>&1 && break; sleep 0.1; done
rec=$(ls "$XDG_DATA_HOME"/touchscope/touchscope-recording-*-1.jsonl 2>/dev/null) || fail "F10 saved no recording: $(cat "$tmp/out.log")"
kill -TERM "$pid"; wait "$pid" || fail "the window did not end cleanly on SIGTERM"; pid=
# Nothing of the session's in the installed tree: it holds exactly the manifest's files.
(cd "$prefix" && find . -type f | sed 's|^\./||' | sort) > "$tmp/found"
sed -n 's/^f //p' "$prefix/share/touchscope/install-manifest.txt" | sort > "$tmp/listed"
diff "$tmp/listed" "$tmp/found" >&2 || fail "the session wrote into the installed tree"
if grep -q "no TrueType font" "$tmp/out.log"; then fail "the installed fonts were not found: $(cat "$tmp/out.log")"; fi
head -c 100 "$rec" | grep -q '"recording"' || fail "the recording has no header: $(head -c 200 "$rec")"
echo "installed-window: started as the desktop entry does, from PREFIX/bin: the welcome scene by name, the installed fonts, F12 and F10 saved to \$XDG_DATA_HOME/touchscope as ${shot##*/} and ${rec##*/}"
echo "installed-window: ok"
