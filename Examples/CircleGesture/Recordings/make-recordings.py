#!/usr/bin/env python3
"""Writes the example's recordings (docs/formats.md): one finger drawing a circle, a
straight line, two fingers, a tap, and a circle drawn too slowly. Run from this folder:
python3 Recordings/make-recordings.py"""
import json
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def num(v):
    """A coordinate or time as a person would write it: 300, 312.5."""
    v = round(v, 3)
    return int(v) if v == int(v) else v


def write(name, events):
    with open(os.path.join(HERE, name + ".jsonl"), "w") as f:
        f.write(json.dumps({"recording": 1, "window": [800, 600]}, separators=(",", ":")) + "\n")
        for t, kind, finger, x, y in events:
            f.write(json.dumps({"t": num(t), "type": kind, "finger": finger,
                                "x": num(round(x, 1)), "y": num(round(y, 1))}, separators=(",", ":")) + "\n")


def loop(start, duration, steps, centre=(400, 300), radius=120, turn=340, wobble=8):
    """A hand-drawn loop: a finger going round `centre` anticlockwise on screen from the
    right, for `turn` degrees, its distance from the centre wobbling by `wobble` points and
    its speed easing in and out."""
    events = []
    for i in range(steps + 1):
        s = i / steps
        eased = s - math.sin(2 * math.pi * s) / (2 * math.pi) * 0.3
        a = -math.radians(turn * eased)
        r = radius + wobble * math.sin(3 * a)
        x, y = centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)
        kind = "finger-down" if i == 0 else "finger-up" if i == steps else "finger-move"
        events.append((start + duration * i / steps, kind, 1, x, y))
    return events


write("circle", loop(0.1, 1.0, 60))
# A line drawn by hand: left to right, a little off straight.
write("line", [(0.1 + 0.5 * i / 30, "finger-down" if i == 0 else "finger-up" if i == 30 else "finger-move",
                1, 200 + 400 * i / 30, 300 + 3 * math.sin(i / 4)) for i in range(31)])
write("two-fingers", [(0.1, "finger-down", 1, 300, 300), (0.12, "finger-down", 2, 500, 300)]
      + [(0.12 + 0.02 * i, "finger-move", f, x + 5 * i, 300) for i in range(1, 11) for f, x in ((1, 300), (2, 500))]
      + [(0.4, "finger-up", 1, 350, 300), (0.4, "finger-up", 2, 550, 300)])
write("tap", [(0.1, "finger-down", 1, 400, 300), (0.18, "finger-up", 1, 400, 300)])
write("slow-circle", loop(0.1, 3.0, 90))
write("small-circle", loop(0.1, 0.8, 48, radius=25, wobble=2))
