#!/usr/bin/env python3
"""Lists the public declarations of the given modules that have no doc comment of their own.

    swift package dump-symbol-graph --skip-synthesized-members
    .ci/undocumented.py .build/x86_64-unknown-linux-gnu/symbolgraph TouchCore TouchScene

Reads the symbol graphs SwiftPM wrote (MODULE.symbols.json and MODULE@OTHER.symbols.json,
the extensions MODULE makes to OTHER's types) and prints one `FILE:LINE: kind name` line
per public or open declaration written in Sources/MODULE whose doc comment is missing, or
is only inherited (an override or a protocol requirement's implementation showing the
documentation of the declaration it implements). Exit status 1 when it printed any.
`--summary` prints only the counts.
"""
import glob
import json
import os
import sys


def undocumented(folder, module):
    found = []
    total = 0
    seen = set()
    for path in sorted(glob.glob(os.path.join(folder, f"{module}.symbols.json")) +
                       glob.glob(os.path.join(folder, f"{module}@*.symbols.json"))):
        graph = json.load(open(path))
        for s in graph["symbols"]:
            if s.get("accessLevel") not in ("public", "open"):
                continue
            loc = s.get("location")
            if not loc or f"/Sources/{module}/" not in loc["uri"]:
                continue  # synthesized, or inherited from another module
            key = (loc["uri"], loc["position"]["line"], s["identifier"]["precise"])
            if key in seen:
                continue
            seen.add(key)
            total += 1
            doc = s.get("docComment")
            own = doc and doc.get("uri") == loc["uri"] and any(l["text"].strip() for l in doc["lines"])
            if own:
                continue
            file = loc["uri"].removeprefix("file://")
            file = os.path.relpath(file)
            name = ".".join(s["pathComponents"])
            kind = s["kind"]["displayName"].lower()
            found.append((file, loc["position"]["line"] + 1, kind, name, "inherited" if doc else ""))
    return total, sorted(found)


def main(argv):
    summary = "--summary" in argv
    args = [a for a in argv if a != "--summary"]
    if len(args) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    folder, modules = args[0], args[1:]
    missing = 0
    for module in modules:
        total, found = undocumented(folder, module)
        missing += len(found)
        inherited = sum(1 for f in found if f[4])
        if not summary:
            for file, line, kind, name, note in found:
                print(f"{file}:{line}: {kind} {name}" + (f" (only {note} docs)" if note else ""))
        print(f"{module}: {len(found)} of {total} public declarations undocumented"
              f" ({inherited} of them with only inherited docs)", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
