#!/usr/bin/env python3
"""A long recording for the memory figures of docs/performance.md ("why, test and replay
--expect: a million events"): 1,000,000 finger events on scenes/double-tap.yaml's pad, seeded:
taps and short drags of one finger (0 to 8 moves 8 ms apart), 0.05 to 0.55 s between them.

    python3 bench/long-recording.py /tmp/million.jsonl
"""
import random
import sys

def main(path, events=1_000_000, seed=1):
    random.seed(seed)
    with open(path, "w") as out:
        out.write('{"recording":1,"window":[800,600],"scene":"double-tap"}\n')
        t, n = 0.0, 0
        while n < events:
            x, y = random.uniform(150, 650), random.uniform(150, 450)
            t += 0.05 + random.random() * 0.5
            out.write('{"t":%.4f,"type":"finger-down","finger":1,"x":%.1f,"y":%.1f}\n' % (t, x, y)); n += 1
            for _ in range(random.randint(0, 8)):
                t += 0.008
                x += random.uniform(-3, 3)
                out.write('{"t":%.4f,"type":"finger-move","finger":1,"x":%.1f,"y":%.1f}\n' % (t, x, y)); n += 1
            t += 0.02
            out.write('{"t":%.4f,"type":"finger-up","finger":1,"x":%.1f,"y":%.1f}\n' % (t, x, y)); n += 1

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/million.jsonl")
