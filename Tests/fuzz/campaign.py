#!/usr/bin/env python3
"""The fuzz campaign: touchscope's command line against generated bad input, with fixed seeds.

Each case mutates a real input of the repository (a scene, a recording, a libinput record,
an evemu file), or adds `reload` / `accel` lines to a recording, or points an output at an
odd path (a directory, a FIFO, /dev/full, a symlink, a missing folder, two outputs on one
file, an output on an input), then runs one command (`check`, `replay --headless`,
`import`) twice and checks, for every run:

- the exit status is 0 or 2, never a signal;
- with 2, standard error starts `FILE:LINE:COLUMN:` and LINE:COLUMN lie inside FILE;
- it ends within 5 s and its peak RSS stays under 256 MiB;
- the second run gives the same status, the same output and the same files, byte for byte.

    Tests/fuzz/campaign.py [--bin .build/debug/touchscope] [--cases N] [--seed S] [--keep DIR]

After those, --edge-cases N more cases (default 16) try the edges of the newer commands:
`replay --set` and `edit --set` with values nested thousands deep, alias bombs, 120 KB ids,
keys and values, and 10,000 settings at once; `hitmap --png` of scenes up to 20000 points
square. Besides the rules above, no message may repeat more than 60 characters of an
argument, and `hitmap --png` writes a PNG at most 4096 px on its longer side.

`make test` runs it with the defaults (a fixed seed, so a failure is the same case on
every machine). A failing case is left in --keep DIR (default: a folder named in the
message) with the command that runs it.
"""
import argparse
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TIME_LIMIT = 5.0                      # seconds per run
RSS_LIMIT = 256 * 1024 * 1024         # bytes
LOCATED = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): ")

SCENES = sorted(f for f in os.listdir(os.path.join(REPO, "scenes")) if f.endswith(".yaml"))
RECORDINGS = os.path.join(REPO, "Tests", "touchscopeTests", "Recordings")
IMPORTS = os.path.join(REPO, "Tests", "TouchSceneTests", "Fixtures", "import")
# The scene each recording plays in (Tests/touchscopeTests/Support.swift's recordingScenes,
# for the ones whose name is not a scene's).
RECORDING_SCENE = {"momentum-fling": "momentum", "momentum-pinch": "momentum", "photo-alt-drag": "photo",
                   "photo-pan": "photo", "photo-pinch": "photo", "photo-rotate": "photo",
                   "tablet-accel": "media", "control-drags": "control-drags",
                   "double-tap-slow": "double-tap", "long-press-early": "long-press",
                   "long-press-flick": "long-press"}

ODD_TEXT = ["\u0085", "\u2028", "\u2029", "\r", "\x00", "\x1b", "\x7f", "\ufeff", "\t", "\udcff",
            "é", "\U0001F600", "\\", "\"", "'", "{", "}", "[", "]", ":", "- ", "#", "&a", "*a", "!!str",
            "%YAML 1.2", "---", "...", "|", ">"]
ODD_NUMBERS = ["0", "-1", "1e9", "1e9999", "-1e9999", "NaN", "nan", "inf", "1e-320", "99999999999999999999",
               "0.0000001", "-0", "1.5", "3", "65536", "2147483648", "-2147483649", "0x10", "1_000", "1e308"]


def line_count(data: bytes) -> int:
    """Lines as a reader that splits on LF counts them (a last line without LF counts)."""
    if not data:
        return 1
    return data.count(b"\n") + (0 if data.endswith(b"\n") else 1)


class Mutator:
    def __init__(self, rng: random.Random):
        self.rng = rng

    def text(self, s: str, rounds: int = None) -> str:
        r = self.rng
        for _ in range(rounds or r.randint(1, 3)):
            lines = s.split("\n")
            k = r.randrange(len(lines))
            op = r.randrange(10)
            if op == 0 and len(lines) > 1:
                del lines[k]
            elif op == 1:
                lines.insert(k, lines[r.randrange(len(lines))])
            elif op == 2:
                j = r.randrange(len(lines)); lines[k], lines[j] = lines[j], lines[k]
            elif op == 3:
                nums = list(re.finditer(r"-?\d+(\.\d+)?", lines[k]))
                if nums:
                    m = r.choice(nums)
                    lines[k] = lines[k][:m.start()] + r.choice(ODD_NUMBERS) + lines[k][m.end():]
            elif op == 4:
                pos = r.randint(0, len(lines[k]))
                lines[k] = lines[k][:pos] + r.choice(ODD_TEXT) + lines[k][pos:]
            elif op == 5:
                words = list(re.finditer(r"[A-Za-z][\w-]*", lines[k]))
                if words:
                    m = r.choice(words)
                    long = m.group(0) * r.choice([2, 50, 5000, 200000])
                    lines[k] = lines[k][:m.start()] + long + lines[k][m.end():]
            elif op == 6:
                cut = r.randint(0, len(s))
                return s[:cut]
            elif op == 7:
                lines[k] = " " * r.randint(0, 9) + lines[k].lstrip()
            elif op == 8:
                words = list(re.finditer(r"[A-Za-z][\w-]*", lines[k]))
                if words:
                    m = r.choice(words)
                    lines[k] = lines[k][:m.start()] + m.group(0)[::-1] + lines[k][m.end():]
            else:
                lines[k] = lines[k] * r.randint(2, 4)
            s = "\n".join(lines)
        return s


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def write(path, text):
    with open(path, "w", encoding="utf-8", errors="surrogatepass", newline="") as f:
        f.write(text)


class Campaign:
    def __init__(self, binary, cases, seed, keep, edge_cases=16):
        self.binary = os.path.abspath(binary)
        self.cases = cases
        self.edge_cases = edge_cases
        self.seed = seed
        self.keep = keep
        self.failures = []
        self.runs = 0
        self.statuses = {0: 0, 2: 0}

    # A case: a folder of files, a command line, and the files it writes.
    def make_case(self, n, root):
        rng = random.Random(self.seed * 1_000_003 + n)
        mut = Mutator(rng)
        os.makedirs(root)
        os.symlink(os.path.join(REPO, "assets"), os.path.join(root, "assets"))
        kind = rng.choice(["scene", "scene", "recording", "recording", "reload", "accel", "libinput", "evemu",
                           "outputs", "outputs"])
        rec_name = rng.choice(sorted(f[:-6] for f in os.listdir(RECORDINGS) if f.endswith(".jsonl")))
        scene_name = RECORDING_SCENE.get(rec_name, rec_name)
        scene = os.path.join(root, "scene.yaml")
        write(scene, read(os.path.join(REPO, "scenes", scene_name + ".yaml")))
        rec = os.path.join(root, "rec.jsonl")
        rec_text = read(os.path.join(RECORDINGS, rec_name + ".jsonl"))
        write(rec, rec_text)
        trace = os.path.join(root, "trace.jsonl")
        outputs = [trace]
        if kind == "scene":
            name = rng.choice(SCENES)
            write(scene, mut.text(read(os.path.join(REPO, "scenes", name))))
            if rng.random() < 0.5:
                return kind, ["check", scene], [], [scene]
            return kind, ["replay", scene, rec, "--headless", "--trace", trace], outputs, [scene, rec]
        if kind == "recording":
            write(rec, mut.text(rec_text))
            return kind, ["replay", scene, rec, "--headless", "--trace", trace], outputs, [scene, rec]
        if kind in ("reload", "accel"):
            lines = rec_text.rstrip("\n").split("\n")
            body = lines[1:]
            k = rng.randint(0, len(body))
            t = 0.0
            if body and k > 0:
                m = re.search(r'"t":\s*([0-9.e+-]+)', body[k - 1])
                t = float(m.group(1)) if m else 0.0
            if kind == "reload":
                other = rng.choice(SCENES)
                text = read(os.path.join(REPO, "scenes", other))
                if rng.random() < 0.7:
                    text = mut.text(text)
                import json
                path = rng.choice(["scene.yaml", "/etc/x.yaml", "../x.yaml", "sub/dir/x.yaml", "", "x" * 300])
                new = json.dumps({"t": t, "type": "reload", "path": path, "scene": text}, ensure_ascii=rng.random() < 0.5)
            else:
                vals = [rng.choice([0.0, 9.81, -9.81, 30.0, 1e6, -1e-9, float(rng.randint(-50, 50))]) for _ in range(3)]
                new = '{"t":%s,"type":"accel","x":%r,"y":%r,"z":%r}' % (t, vals[0], vals[1], vals[2])
                if rng.random() < 0.4:
                    new = mut.text(new, 1)
            body.insert(k, new)
            write(rec, "\n".join([lines[0]] + body) + "\n")
            args = ["replay", scene, rec, "--headless", "--trace", trace]
            if rng.random() < 0.3:
                shot = os.path.join(root, "shot.png")
                args += ["--screenshot", shot, "--no-overlays"]
                outputs.append(shot)
            return kind, args, outputs, [scene, rec]
        if kind in ("libinput", "evemu"):
            src = "touch.yml" if kind == "libinput" else rng.choice(["protocol-a.evemu", "protocol-b.evemu", "single-touch.evemu"])
            inp = os.path.join(root, "input." + ("yml" if kind == "libinput" else "evemu"))
            write(inp, mut.text(read(os.path.join(IMPORTS, src))))
            if rng.random() < 0.5:
                out = os.path.join(root, "out.jsonl")
                return kind, ["import", inp, "--output", out], [out], [inp]
            return kind, ["replay", scene, inp, "--headless", "--trace", trace], outputs, [scene, inp]
        # Odd output paths: each output of a replay points somewhere a file may not be written.
        perfetto = os.path.join(root, "timeline.json")
        tree = os.path.join(root, "tree.json")
        targets = {"trace": trace, "perfetto": perfetto, "tree": tree}
        victim = rng.choice(sorted(targets))
        oddity = rng.choice(["directory", "fifo", "devfull", "symlink", "missing-folder", "same-as-other",
                             "the-recording", "the-scene", "dangling-symlink", "readonly"])
        path = targets[victim]
        if oddity == "directory":
            os.mkdir(path)
        elif oddity == "fifo":
            os.mkfifo(path)
        elif oddity == "devfull":
            path = "/dev/full"
        elif oddity == "symlink":
            real = os.path.join(root, "real-" + victim)
            write(real, "old\n")
            os.symlink(real, path)
        elif oddity == "dangling-symlink":
            os.symlink(os.path.join(root, "nowhere", "x"), path)
        elif oddity == "missing-folder":
            path = os.path.join(root, "no", "such", "folder", victim)
        elif oddity == "same-as-other":
            path = targets[rng.choice([k for k in sorted(targets) if k != victim])]
        elif oddity == "the-recording":
            path = rec
        elif oddity == "the-scene":
            path = scene
        elif oddity == "readonly":
            write(path, "old\n")
            os.chmod(path, 0o444)
        targets[victim] = path
        args = ["replay", scene, rec, "--headless", "--trace", targets["trace"], "--perfetto", targets["perfetto"],
                "--dump-tree", targets["tree"]]
        files = [p for p in targets.values() if p.startswith(root) and oddity not in ("fifo", "directory")]
        return "outputs:" + oddity, args, sorted(set(files)), [scene, rec]

    # An edge case of the newer commands: `--set` values and `hitmap --png` sizes.
    def make_edge_case(self, n, root):
        rng = random.Random(self.seed * 1_000_003 + n)
        os.makedirs(root)
        os.symlink(os.path.join(REPO, "assets"), os.path.join(root, "assets"))
        kind = rng.choice(["set-deep", "set-bomb", "set-long", "set-many", "edit", "hitmap"])
        if kind == "hitmap":
            side = rng.choice([4096, 8000, 16384, 20000])
            other = rng.choice([1, 600, side // 3, side])
            w, h = (side, other) if rng.random() < 0.5 else (other, side)
            text = ("scene: big\nwindow: [%d, %d]\nviews:\n  - id: a\n    frame: [0, 0, %d, %d]\n    children:\n"
                    "      - id: b\n        frame: [%d, %d, %d, %d]\n        recognizers:\n          - {id: t, type: tap}\n"
                    "      - id: c\n        frame: [-40, 10, 300, 200]\n" % (w, h, w, h, w // 7, h // 5, w // 2, h // 3))
            scene = os.path.join(root, "scene.yaml")
            write(scene, text)
            png = os.path.join(root, "map.png")
            step = max(10, max(w, h) // 400)
            return "edge:" + kind, ["hitmap", scene, "--step", str(step), "--png", png], [png], [scene]
        name = rng.choice(SCENES)
        scene = os.path.join(root, "scene.yaml")
        text = read(os.path.join(REPO, "scenes", name))
        write(scene, text)
        ids = re.findall(r"\bid: *([A-Za-z][\w.]*)", text) or ["defaults"]
        key = rng.choice(["taps", "maximumInterval", "userInteraction", "hidden", "requireToFail", "duration", "enabled"])
        depth = rng.choice([300, 5000, 20000])
        if kind == "set-deep":
            value = rng.choice(["[" * depth + "]" * depth, "{a: " * depth + "1" + "}" * depth, "- " * min(depth, 3000) + "1"])
            settings = [rng.choice(ids) + "." + key + "=" + value]
        elif kind == "set-bomb":
            layers = ["&a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]"] + ["&%s [%s]" % (chr(98 + i), ", ".join(["*" + chr(97 + i)] * 10)) for i in range(7)]
            settings = [rng.choice(ids) + "." + key + "=[" + ", ".join(layers) + "]"]
        elif kind == "set-long":
            big = "x" * rng.choice([61, 5000, 120_000])
            settings = [rng.choice([big + "." + key + "=1", rng.choice(ids) + "." + big + "=1",
                                    rng.choice(ids) + "." + key + "=" + big, rng.choice(ids) + "." + key + "=[" + big])]
        elif kind == "set-many":
            values = ["1", "2", "0.4", "true", "false", "[]", "0", "-1", "x"]
            settings = [rng.choice(ids) + "." + rng.choice(["taps", "enabled", "hidden", "userInteraction"]) + "=" + rng.choice(values)
                        for _ in range(10_000)]
        else:  # edit: the scene file written in place, or refused and left as it was
            settings = [rng.choice(ids) + "." + key + "=" + rng.choice(["2", "0.5", "false", "[" * depth + "]" * depth,
                                                                           "y" * 120_000, "!!float 0.35"])]
            args = ["edit", scene]
            for v in settings:
                args += ["--set", v]
            return "edge:" + kind, args, [scene], [scene]
        rec_name = rng.choice(sorted(f[:-6] for f in os.listdir(RECORDINGS) if f.endswith(".jsonl")))
        rec = os.path.join(root, "rec.jsonl")
        write(rec, read(os.path.join(RECORDINGS, rec_name + ".jsonl")))
        trace = os.path.join(root, "trace.jsonl")
        args = ["replay", scene, rec, "--headless", "--trace", trace]
        for v in settings:
            args += ["--set", v]
        return "edge:" + kind, args, [trace], [scene, rec]

    def run_once(self, args, cwd):
        """(status or -signal, stdout, stderr, seconds, peak RSS bytes); status None on timeout."""
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        env.pop("DISPLAY", None)
        with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
            start = time.monotonic()
            p = subprocess.Popen([self.binary] + args, cwd=cwd, stdout=out, stderr=err,
                                 stdin=subprocess.DEVNULL, env=env, start_new_session=True)
            # wait4 gives this child's own peak RSS (ru_maxrss, KiB).
            while True:
                pid, wstatus, usage = os.wait4(p.pid, os.WNOHANG)
                if pid:
                    break
                if time.monotonic() - start > TIME_LIMIT:
                    os.killpg(p.pid, signal.SIGKILL)
                    pid, wstatus, usage = os.wait4(p.pid, 0)
                    wstatus = None
                    break
                time.sleep(0.005)
            elapsed = time.monotonic() - start
            p.returncode = 0  # reaped here, not by Popen
            out.seek(0); err.seek(0)
            stdout, stderr = out.read(), err.read()
        if wstatus is None:
            status = None
        elif os.WIFSIGNALED(wstatus):
            status = -os.WTERMSIG(wstatus)
        else:
            status = os.WEXITSTATUS(wstatus)
        return status, stdout, stderr, elapsed, usage.ru_maxrss * 1024

    def check_run(self, n, kind, args, inputs, result, root):
        status, out, err, elapsed, rss = result
        problems = []
        if status is None:
            problems.append(f"still running after {TIME_LIMIT:.0f} s (killed)")
        elif status < 0:
            problems.append(f"ended by signal {-status} ({signal.Signals(-status).name})")
        elif status not in (0, 2):
            problems.append(f"exit status {status} (expected 0 or 2)")
        elif elapsed > TIME_LIMIT:
            problems.append(f"took {elapsed:.1f} s (limit {TIME_LIMIT:.0f} s)")
        if rss > RSS_LIMIT:
            problems.append(f"peak RSS {rss / 2**20:.0f} MiB (limit {RSS_LIMIT / 2**20:.0f} MiB)")
        if status == 2:
            first = err.decode("utf-8", "replace").split("\n", 1)[0]
            m = LOCATED.match(first)
            if not m:
                problems.append(f"exit 2 without FILE:LINE:COLUMN: {first[:200]!r}")
            else:
                f = m.group("file")
                line, col = int(m.group("line")), int(m.group("col"))
                full = f if os.path.isabs(f) else os.path.join(root, f)
                if line < 1 or col < 1:
                    problems.append(f"position {line}:{col} is not a position: {first[:200]!r}")
                elif os.path.isfile(full) and full in inputs:
                    with open(full, "rb") as fh:
                        data = fh.read()
                    lines = data.split(b"\n")
                    count = line_count(data)
                    if line > count:
                        problems.append(f"line {line} is past the end of {os.path.basename(f)} ({count} lines): {first[:200]!r}")
                    else:
                        text = lines[line - 1].decode("utf-8", "replace")
                        if col > len(text) + 1:
                            problems.append(f"column {col} is past the end of line {line} ({len(text)} characters): {first[:200]!r}")
                if len(first) > 2000:
                    problems.append(f"the error line is {len(first)} characters long")
        # A message repeats at most 60 characters of an argument.
        text = err.decode("utf-8", "replace") + out.decode("utf-8", "replace")
        for a in set(args):
            if len(a) > 60 and a[:61] in text:
                problems.append(f"a message repeats more than 60 characters of an argument of {len(a)}")
                break
        if args and args[0] == "hitmap" and status == 0 and "--png" in args:
            png = args[args.index("--png") + 1]
            png = png if os.path.isabs(png) else os.path.join(root, png)
            try:
                with open(png, "rb") as fh:
                    head = fh.read(24)
                w, h = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
                if max(w, h) > 4096:
                    problems.append(f"the hit map is {w}x{h} px (at most 4096 on its longer side)")
            except OSError as e:
                problems.append(f"no hit map PNG: {e}")
        return problems

    def snapshot(self, files):
        snap = {}
        for f in files:
            try:
                with open(f, "rb") as fh:
                    snap[f] = fh.read()
            except OSError as e:
                snap[f] = f"<{e.__class__.__name__}>"
        return snap

    def run(self):
        base = tempfile.mkdtemp(prefix="touchscope-fuzz-")
        started = time.monotonic()
        kinds = {}
        for n in range(self.cases + self.edge_cases):
            root = os.path.join(base, f"case-{n}")
            if n < self.cases:
                kind, args, outputs, inputs = self.make_case(n, root)
            else:
                kind, args, outputs, inputs = self.make_edge_case(n, root)
            kinds[kind.split(":")[0]] = kinds.get(kind.split(":")[0], 0) + 1
            inputs = [os.path.abspath(p) for p in inputs]
            results, snaps = [], []
            for attempt in range(2):
                for f in outputs:
                    # Between the two runs, what the first wrote is removed (an odd target stays).
                    if attempt == 1 and os.path.isfile(f) and not os.path.islink(f) and f not in inputs \
                            and os.access(f, os.W_OK):
                        os.remove(f)
                r = self.run_once(args, root)
                self.runs += 1
                results.append(r)
                snaps.append(self.snapshot(outputs))
                problems = self.check_run(n, kind, args, inputs, r, root)
                if problems:
                    break
            else:
                problems = []
                a, b = results
                if (a[0], a[1], a[2]) != (b[0], b[1], b[2]):
                    problems.append("the second run's status or messages differ from the first's: "
                                    f"{a[0]} {a[2][:200]!r} / {b[0]} {b[2][:200]!r}")
                elif snaps[0] != snaps[1]:
                    differing = [os.path.basename(f) for f in outputs if snaps[0].get(f) != snaps[1].get(f)]
                    problems.append(f"the second run wrote different files: {', '.join(differing)}")
            status = results[-1][0]
            if status in self.statuses:
                self.statuses[status] += 1
            if problems:
                keep = os.path.join(self.keep or base, f"case-{n}")
                if self.keep:
                    shutil.copytree(root, keep, symlinks=True, dirs_exist_ok=True)
                with open(os.path.join(keep if self.keep else root, "COMMAND"), "w") as fh:
                    fh.write("cd " + (keep if self.keep else root) + " && " + " ".join(repr(a) for a in [self.binary] + args) + "\n")
                self.failures.append((n, kind, problems, keep if self.keep else root))
        elapsed = time.monotonic() - started
        print(f"fuzz campaign: seed {self.seed}, {self.cases + self.edge_cases} cases ({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))}), "
              f"{self.runs} runs in {elapsed:.0f} s: {self.statuses[0]} cases accepted, {self.statuses[2]} refused (exit 2)")
        for n, kind, problems, where in self.failures:
            print(f"FAIL case {n} ({kind}): " + "; ".join(problems) + f"  [files and COMMAND in {where}]")
        if not self.failures and not self.keep:
            shutil.rmtree(base, ignore_errors=True)
        return 1 if self.failures else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=os.path.join(REPO, ".build", "debug", "touchscope"))
    ap.add_argument("--cases", type=int, default=int(os.environ.get("FUZZ_CASES", "150")))
    ap.add_argument("--seed", type=int, default=int(os.environ.get("FUZZ_SEED", "25")))
    ap.add_argument("--keep", help="copy failing cases here")
    ap.add_argument("--edge-cases", type=int, default=int(os.environ.get("FUZZ_EDGE_CASES", "16")),
                    help="cases of --set values and hitmap sizes after the others")
    a = ap.parse_args()
    if not os.access(a.bin, os.X_OK):
        print(f"fuzz campaign: {a.bin} is not built (run swift build)", file=sys.stderr)
        return 1
    return Campaign(a.bin, a.cases, a.seed, a.keep, a.edge_cases).run()


if __name__ == "__main__":
    sys.exit(main())
