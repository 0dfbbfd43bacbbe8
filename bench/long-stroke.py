#!/usr/bin/env python3
"""One finger moving all the time, for the memory figures of docs/robustness.md ("Long input: a
million events"): a landing, 999,998 moves at 1 kHz on an ellipse over scenes/photo.yaml's
photo, a lift at 1,000 s. One stroke: what `sweep` resamples and `diff` replays as a single pan.

    python3 bench/long-stroke.py /tmp/stroke.jsonl
"""
import math
import sys

def main(path, events=1_000_000):
    with open(path, "w") as out:
        out.write('{"recording":1,"window":[800,600],"scene":"photo"}\n')
        out.write('{"t":0.0010,"type":"finger-down","finger":1,"x":400.0,"y":300.0}\n')
        x, y = 400.0, 300.0
        for k in range(2, events):
            t = k / 1000
            x, y = 400 + 150 * math.sin(t * 0.7), 300 + 100 * math.cos(t * 0.5)
            out.write('{"t":%.4f,"type":"finger-move","finger":1,"x":%.2f,"y":%.2f}\n' % (t, x, y))
        out.write('{"t":%.4f,"type":"finger-up","finger":1,"x":%.2f,"y":%.2f}\n' % (events / 1000, x, y))

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/stroke.jsonl")
