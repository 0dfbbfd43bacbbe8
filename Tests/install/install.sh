#!/usr/bin/env bash
# Installs TouchScope into a temporary PREFIX and uses it as a user would, from `/`, with
# nothing of the checkout's on the way (`make test` runs this after `swift test`):
#
#   - the layout: bin/, share/touchscope/ (scenes, recordings, fonts), man pages, completions,
#     the desktop entry and icon, the manifest; a file of someone else's in PREFIX stays;
#   - names resolve from anywhere: `touchscope check welcome`, a replay by scene and
#     recording name (the same trace as from the checkout by path), the user's own scenes
#     first, a moved PREFIX, `--paths`;
#   - `man touchscope-why` through MANPATH and `man -l`; a page for every subcommand, every
#     option of each named in its page;
#   - bash and fish completion complete subcommands and options, each shell finding the
#     installed script where it looks; zsh autoloads its function;
#   - desktop-file-validate passes the desktop entry, whose actions run the installed binary;
#   - `make uninstall` leaves PREFIX as it was, and DESTDIR installs stay under DESTDIR.
#
# It installs the debug build (INSTALL_BIN), so `make test` needs no release build; the
# release binary's static runtime is checked by `make dist` (docs/install.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
bin=${BIN:-.build/debug/touchscope}
[ -x "$bin" ] || { echo "Tests/install: no $bin (swift build first)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
fail() { echo "Tests/install: FAIL: $*" >&2; exit 1; }
pass() { echo "ok: $*"; }
# The man pages first (swift package caches in the real home), then everything runs with a
# home of its own: the install must write nothing there.
make --no-print-directory man SWIFT="${SWIFT:-swift}" >"$tmp/man.log" 2>&1 || { cat "$tmp/man.log"; fail "make man"; }
export HOME=$tmp/home
unset XDG_DATA_HOME
mkdir -p "$HOME" "$prefix/bin" "$prefix/share/man/man1"
echo other > "$prefix/bin/someone-else"
echo other > "$prefix/share/man/man1/someone-else.1"

make --no-print-directory install PREFIX="$prefix" INSTALL_BIN="$bin" >"$tmp/install.log" 2>&1 \
    || { cat "$tmp/install.log"; fail "make install"; }
[ -z "$(ls -A "$HOME")" ] || fail "make install wrote into HOME: $(ls -A "$HOME")"
for f in bin/touchscope share/touchscope/scenes/welcome.yaml share/touchscope/scenes/photo.yaml \
         share/touchscope/scenes/recordings/photo-pinch.jsonl share/touchscope/assets/fonts/DejaVuSans.ttf \
         share/man/man1/touchscope.1 share/man/man1/touchscope-why.1 \
         share/bash-completion/completions/touchscope share/zsh/site-functions/_touchscope \
         share/fish/vendor_completions.d/touchscope.fish share/applications/touchscope.desktop \
         share/icons/hicolor/scalable/apps/touchscope.svg share/touchscope/install-manifest.txt; do
    [ -s "$prefix/$f" ] || fail "make install did not write $f"
done
# Every file under PREFIX is in the manifest, but the two that were there before.
(cd "$prefix" && find . -type f | sed 's|^\./||' | sort) > "$tmp/found"
(sed -n 's/^f //p' "$prefix/share/touchscope/install-manifest.txt"; printf '%s\n' bin/someone-else share/man/man1/someone-else.1) \
    | sort > "$tmp/listed"
diff "$tmp/listed" "$tmp/found" || fail "the manifest does not list exactly the files installed"
pass "layout: $(grep -c '^f ' "$prefix/share/touchscope/install-manifest.txt") files, all in the manifest"
# Installing again replaces the earlier install: the same files, the same manifest.
cp "$prefix/share/touchscope/install-manifest.txt" "$tmp/manifest-1"
make --no-print-directory install PREFIX="$prefix" INSTALL_BIN="$bin" >"$tmp/install.log" 2>&1 \
    || { cat "$tmp/install.log"; fail "make install again"; }
cmp -s "$tmp/manifest-1" "$prefix/share/touchscope/install-manifest.txt" || fail "a second install lists other files or folders"
(cd "$prefix" && find . -type f | sed 's|^\./||' | sort) | diff "$tmp/found" - >/dev/null || fail "a second install left other files"
pass "installing again gives the same files and manifest"

# From /, by name. PATH has the installed bin first; the checkout is nowhere near.
export PATH="$prefix/bin:$PATH"
cd /
out=$(touchscope check welcome 2>&1) || fail "touchscope check welcome from /: $out"
[ "$out" = "1 scene(s) valid" ] || fail "check welcome printed: $out"
touchscope replay photo photo-pinch --headless --trace "$tmp/by-name.jsonl" >/dev/null 2>"$tmp/err" \
    || fail "replay photo photo-pinch from /: $(cat "$tmp/err")"
(cd "$repo" && "$bin" replay scenes/photo.yaml scenes/recordings/photo-pinch.jsonl --headless --trace "$tmp/by-path.jsonl" >/dev/null)
cmp -s "$tmp/by-name.jsonl" "$tmp/by-path.jsonl" || fail "the replay by name gives another trace than by path from the checkout"
why=$(touchscope why double-tap double-tap.jsonl) || fail "why double-tap double-tap.jsonl from /"
grep -q '^  winner: doubleTap$' <<< "$why" || fail "why by name: $why"
pass "from /: check welcome, replay photo photo-pinch (the checkout's trace, $(wc -l < "$tmp/by-name.jsonl") lines), why by name"
paths=$(touchscope --paths)
grep -qF "$prefix/share/touchscope/scenes  (installed)" <<< "$paths" || fail "--paths does not name the installed scenes:\n$paths"
grep -qF "$HOME/.local/share/touchscope/scenes" <<< "$paths" || fail "--paths does not name the user's scenes:\n$paths"
grep -qF "$prefix/share/touchscope/assets/fonts/DejaVuSans.ttf" <<< "$paths" || fail "--paths: the installed fonts are not used:\n$paths"
pass "--paths names the user's and the installed folders, and the installed fonts"
# The user's own scene comes before the installed one: a broken welcome there is the one checked.
mkdir -p "$HOME/.local/share/touchscope/scenes"
printf 'scene: mine\nwindow: [800, 600]\nviews: 3\n' > "$HOME/.local/share/touchscope/scenes/welcome.yaml"
if out=$(touchscope check welcome 2>&1); then fail "check welcome took the installed scene over the user's"; fi
grep -qF "$HOME/.local/share/touchscope/scenes/welcome.yaml:" <<< "$out" || fail "the user's scene: $out"
rm -r "$HOME/.local"
pass "the user's scenes come first"
# A moved PREFIX: the binary finds its share/ beside it.
cp -a "$prefix" "$tmp/moved"
out=$("$tmp/moved/bin/touchscope" check photo 2>&1) || fail "a moved PREFIX: $out"
grep -qF "$tmp/moved/share/touchscope/scenes" <<< "$("$tmp/moved/bin/touchscope" --paths)" || fail "a moved PREFIX: --paths"
rm -rf "$tmp/moved"
pass "a moved PREFIX finds its scenes"

# man: every subcommand has its page, every option is in it.
export MANPATH="$prefix/share/man:"
[ "$(man -w touchscope-why)" = "$prefix/share/man/man1/touchscope-why.1" ] || fail "man -w touchscope-why: $(man -w touchscope-why 2>&1)"
MANWIDTH=200 man touchscope-why 2>/dev/null | col -b > "$tmp/why.txt"
grep -q -- '--at seconds' "$tmp/why.txt" || fail "man touchscope-why has no --at: $(head -20 "$tmp/why.txt")"
MANWIDTH=200 man -l "$prefix/share/man/man1/touchscope.1" 2>/dev/null | col -b > "$tmp/root.txt"
for section in "EXIT STATUS" ENVIRONMENT FILES; do grep -q "^$section" "$tmp/root.txt" || fail "touchscope(1) has no $section"; done
touchscope --experimental-dump-help > "$tmp/help.json"
python3 - "$tmp/help.json" "$prefix/share/man/man1" <<'PY' || fail "man pages"
import json, subprocess, sys, os
tool = json.load(open(sys.argv[1]))["command"]
bad, pages = [], 0
def walk(cmd, names):
    global pages
    page = os.path.join(sys.argv[2], "-".join(names) + ".1")
    if not os.path.exists(page):
        bad.append(f"no page {os.path.basename(page)} for `{' '.join(names)}`"); return
    pages += 1
    text = subprocess.run(["man", "-l", page], capture_output=True, text=True, env=dict(os.environ, MANWIDTH="200")).stdout
    text = subprocess.run(["col", "-b"], input=text, capture_output=True, text=True).stdout
    for arg in cmd.get("arguments", []):
        if arg.get("shouldDisplay") is False: continue
        for n in arg.get("names", []):
            spelled = ("--" if n["kind"] == "long" else "-") + n["name"] if n["kind"] != "longWithSingleDash" else "-" + n["name"]
            if spelled not in text: bad.append(f"{os.path.basename(page)}: {spelled} is not in the page")
        if not arg.get("abstract"): bad.append(f"{os.path.basename(page)}: {arg.get('valueName')} has no help text")
    for sub in cmd.get("subcommands", []):
        if sub["commandName"] != "help": walk(sub, names + [sub["commandName"]])
walk(tool, [tool["commandName"]])
for b in bad: print(b, file=sys.stderr)
print(f"{pages} pages")
sys.exit(1 if bad or pages < 14 else 0)
PY
pass "man touchscope-why through MANPATH; a page per subcommand, every option in its page"

# bash completion, as bash-completion loads it (XDG_DATA_DIRS), or sourced directly.
completion=$prefix/share/bash-completion/completions/touchscope
words=$(bash -c '
    source "$1"
    COMP_WORDS=(touchscope wh); COMP_CWORD=1; COMP_LINE="touchscope wh"; COMP_POINT=${#COMP_LINE}
    _touchscope touchscope wh touchscope; printf "%s\n" "${COMPREPLY[@]}"' _ "$completion")
grep -qx why <<< "$words" || fail "bash completion of 'touchscope wh': $words"
words=$(bash -c '
    source "$1"
    COMP_WORDS=(touchscope why --); COMP_CWORD=2; COMP_LINE="touchscope why --"; COMP_POINT=${#COMP_LINE}
    _touchscope touchscope -- why; printf "%s\n" "${COMPREPLY[@]}"' _ "$completion")
grep -qx -- --json <<< "$words" || fail "bash completion of 'touchscope why --': $words"
if [ -f /usr/share/bash-completion/bash_completion ]; then
    found=$(XDG_DATA_DIRS="$prefix/share:/usr/share" bash -c '
        source /usr/share/bash-completion/bash_completion
        if declare -F _comp_load >/dev/null; then _comp_load touchscope; else __load_completion touchscope; fi
        complete -p touchscope' 2>&1) || fail "bash-completion does not load the installed completion: $found"
    pass "bash completion: touchscope wh -> why, why -- -> --json; bash-completion loads it ($found)"
else
    pass "bash completion: touchscope wh -> why, why -- -> --json (bash-completion not installed: its loader not tried)"
fi
command -v zsh >/dev/null && command -v fish >/dev/null || fail "zsh or fish is missing (make test installs them)"
zsh -n "$prefix/share/zsh/site-functions/_touchscope" || fail "zsh -n _touchscope"
out=$(zsh -fc 'fpath=("$1" $fpath); autoload -U _touchscope; whence -w _touchscope' _ "$prefix/share/zsh/site-functions") \
    || fail "zsh does not autoload _touchscope: $out"
words=$(XDG_DATA_DIRS="$prefix/share:/usr/share" fish -c 'complete -C "touchscope wh"; complete -C "touchscope why --j"' 2>&1)
grep -q '^why'$'\t' <<< "$words" && grep -q '^--json'$'\t' <<< "$words" \
    || fail "fish (finding vendor_completions.d through XDG_DATA_DIRS) completes 'touchscope wh' and 'why --j' as: $words"
pass "zsh autoloads _touchscope; fish finds its completion and completes why and --json"

# The desktop entry.
desktop=$prefix/share/applications/touchscope.desktop
if command -v desktop-file-validate >/dev/null; then
    out=$(desktop-file-validate "$desktop" 2>&1) || fail "desktop-file-validate: $out"
    [ -z "$out" ] || fail "desktop-file-validate warns: $out"
    pass "desktop-file-validate passes the desktop entry"
else
    fail "desktop-file-validate is missing (make test installs desktop-file-utils)"
fi
grep -qx "Exec=$prefix/bin/touchscope run welcome" "$desktop" || fail "the entry does not open the welcome scene with the installed binary"
grep -qx "Exec=$prefix/bin/touchscope touchtest --fullscreen" "$desktop" || fail "no touchtest --fullscreen action"
grep -qx "Icon=touchscope" "$desktop" || fail "Icon"

# Uninstall: PREFIX as it was before, the other files kept.
cd "$repo"
make --no-print-directory uninstall PREFIX="$prefix" >/dev/null
left=$(cd "$prefix" && find . -mindepth 1 | sed 's|^\./||' | sort | tr '\n' ' ')
[ "$left" = "bin bin/someone-else share share/man share/man/man1 share/man/man1/someone-else.1 " ] \
    || fail "make uninstall left: $left"
pass "make uninstall removes what it installed and keeps the rest"
# DESTDIR: the files go under it, named for PREFIX; nothing is made at PREFIX itself.
make --no-print-directory install DESTDIR="$tmp/stage" PREFIX=/opt/touchscope-test INSTALL_BIN="$bin" >/dev/null 2>&1 \
    || fail "make install DESTDIR"
[ -x "$tmp/stage/opt/touchscope-test/bin/touchscope" ] && [ ! -e /opt/touchscope-test ] || fail "DESTDIR install"
grep -qx "Exec=/opt/touchscope-test/bin/touchscope run welcome" "$tmp/stage/opt/touchscope-test/share/applications/touchscope.desktop" \
    || fail "DESTDIR: the desktop entry names the final path"
make --no-print-directory uninstall DESTDIR="$tmp/stage" PREFIX=/opt/touchscope-test >/dev/null
[ -z "$(cd "$tmp/stage/opt/touchscope-test" && find . -mindepth 1)" ] || fail "DESTDIR uninstall left files"
pass "DESTDIR install and uninstall"
echo "Tests/install: all passed"
