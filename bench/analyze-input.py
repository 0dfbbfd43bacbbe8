#!/usr/bin/env python3
"""Writes three evemu recordings of about a million events each, for timing `touchscope analyze`
(docs/performance.md, "analyze: a million events"): a protocol B panel at 20 units/mm.

    python3 bench/analyze-input.py OUTDIR

  stroke-1m.evemu    one finger at 1 kHz, straight strokes along x (333,332 reports)
  straight-1m.evemu  one finger at 1 kHz, one slow straight stroke across the panel
  fingers-1m.evemu   ten fingers at once at 120 Hz drawing circles, each lifting and landing
                     again every 2 s (1,350 contacts)

Seeded: the same files every time.
"""
import sys, math, random
def header(out):
    out.write("# EVEMU 1.3\nN: Generated Panel\nI: 0018 056a 5256 0100\nA: 2f 0 9 0 0 0\nA: 35 0 4799 0 0 20\nA: 36 0 2699 0 0 20\nA: 39 0 65535 0 0 0\n")
def stroke(path, events):
    # one finger, one straight stroke back and forth along x at 1 kHz... reports: slot? only x,y, syn
    random.seed(1)
    with open(path, "w") as out:
        header(out)
        t = 1.0
        out.write("E: %.6f 0003 002f 0\nE: %.6f 0003 0039 1\n" % (t, t))
        n = 2; k = 0
        while n < events - 3:
            x = 200 + (k * 3) % 4000 + random.randint(-1, 1)
            y = 1300 + random.randint(-1, 1)
            out.write("E: %.6f 0003 0035 %d\nE: %.6f 0003 0036 %d\nE: %.6f 0000 0000 0\n" % (t, x, t, y, t))
            n += 3; k += 1; t += 0.001
        out.write("E: %.6f 0003 0039 -1\nE: %.6f 0000 0000 0\n" % (t, t))
def fingers(path, events):
    # ten fingers, each drawing circles, all down at once, 120 Hz frames, contacts lift and land again every 2 s
    random.seed(2)
    with open(path, "w") as out:
        header(out)
        t = 1.0; n = 0; frame = 0; tid = 100; ids = {}
        while n < events - 40:
            for s in range(10):
                phase = frame % 240
                if phase == 0:
                    out.write("E: %.6f 0003 002f %d\nE: %.6f 0003 0039 %d\n" % (t, s, t, tid)); ids[s] = tid; tid += 1; n += 2
                elif phase == 239:
                    out.write("E: %.6f 0003 002f %d\nE: %.6f 0003 0039 -1\n" % (t, s, t)); n += 2; continue
                a = frame / 60.0 + s
                x = int(400 + 400 * s + 150 * math.cos(a)); y = int(1300 + 150 * math.sin(a))
                if phase != 0: out.write("E: %.6f 0003 002f %d\n" % (t, s)); n += 1
                out.write("E: %.6f 0003 0035 %d\nE: %.6f 0003 0036 %d\n" % (t, x, t, y)); n += 2
            out.write("E: %.6f 0000 0000 0\n" % t); n += 1
            frame += 1; t += 1 / 120.0
        for s in range(10):
            out.write("E: %.6f 0003 002f %d\nE: %.6f 0003 0039 -1\n" % (t, s, t))
        out.write("E: %.6f 0000 0000 0\n" % t)
stroke(sys.argv[1] + "/stroke-1m.evemu", 1_000_000)
fingers(sys.argv[1] + "/fingers-1m.evemu", 1_000_000)
def straight(path, events):
    random.seed(3)
    with open(path, "w") as out:
        header(out)
        t = 1.0
        out.write("E: %.6f 0003 002f 0\nE: %.6f 0003 0039 1\n" % (t, t))
        n = 2; k = 0; total = (events - 5) // 3
        while n < events - 3:
            x = 200 + int(4400 * k / total) + random.randint(-1, 1)
            out.write("E: %.6f 0003 0035 %d\nE: %.6f 0003 0036 %d\nE: %.6f 0000 0000 0\n" % (t, x, t, 1300 + random.randint(-1, 1), t))
            n += 3; k += 1; t += 0.001
        out.write("E: %.6f 0003 0039 -1\nE: %.6f 0000 0000 0\n" % (t, t))
straight(sys.argv[1] + "/straight-1m.evemu", 1_000_000)
