#!/usr/bin/env bash
# The man pages, generated from the command line by swift-argument-parser's generate-manual
# plugin (`swift package generate-manual --multi-page`): touchscope(1) and one page per
# subcommand. The plugin names a subcommand's page touchscope.why.1; it is installed as
# touchscope-why.1 (so `man touchscope-why` finds it, as git's and libinput's pages are named),
# with its title and cross-references to match. touchscope(1) gets EXIT STATUS, ENVIRONMENT
# and FILES (packaging/touchscope.1.extra) before its SEE ALSO.
#
#   packaging/man.sh OUTDIR [CONFIGURATION]     (CONFIGURATION: debug, the default, or release)
set -euo pipefail
out=${1:?usage: packaging/man.sh OUTDIR [debug|release]}
configuration=${2:-debug}
here=$(cd "$(dirname "$0")/.." && pwd)
swift=${SWIFT:-swift}
cd "$here"
# The date the pages carry: the last commit's, so the same tree gives the same pages.
date=$(git log -1 --format=%cs 2>/dev/null || date +%F)
"$swift" package generate-manual --multi-page --configuration "$configuration" --date "$date" \
    --authors "TouchScope's authors" >/dev/null
generated=$(ls -d .build/plugins/GenerateManual/outputs/touchscope 2>/dev/null || true)
[ -f "$generated/touchscope.1" ] || { echo "packaging/man.sh: the plugin wrote no touchscope.1 (in .build/plugins/GenerateManual/outputs/touchscope)" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out"
for page in "$generated"/*.1; do
    name=$(basename "$page" .1)
    new=${name//./-}
    # .Dt TOUCHSCOPE.WHY 1, .Nm touchscope.why, .Xr touchscope.why 1 -> touchscope-why
    sed -E -e '/^\.(Dt|Nm|Xr|It Xr) /s/(touchscope|TOUCHSCOPE)\.([A-Za-z])/\1-\2/g' "$page" > "$out/$new.1"
done
# The generator's EXIT STATUS says only "0 on success, >0 if an error occurs": touchscope(1)
# gets the statuses, ENVIRONMENT and FILES in its place (packaging/touchscope.1.extra), each
# subcommand's page the statuses and a SEE ALSO naming touchscope(1).
python3 - "$out" "$here/packaging/touchscope.1.extra" <<'PY'
import os, re, sys
out, extra = sys.argv[1], open(sys.argv[2]).read()
statuses = extra[:extra.index(".Sh ENVIRONMENT")]
generated = re.compile(r'^\.Sh "EXIT STATUS"\n\.Ex -std\n', re.M)
for name in os.listdir(out):
    path = os.path.join(out, name)
    page = open(path).read()
    if not generated.search(page):
        sys.exit(f"packaging/man.sh: {name}: no generated EXIT STATUS section to replace")
    own = extra if name == "touchscope.1" else statuses + ".Sh SEE ALSO\n.Xr touchscope 1\n"
    open(path, "w").write(generated.sub(lambda m: own, page, count=1))
PY
ls "$out"
