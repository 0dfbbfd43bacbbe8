#!/usr/bin/env python3
"""A recording with N fingers down at once, for timing replay against the finger count.

    python3 bench/many-fingers.py N > /tmp/fingers.jsonl

Fingers 1..N land at 0.1 s, spread over an 800×600 window (scenes/photo.yaml's), and lift
at 0.5 s where they landed. Tests/touchscopeTests/ManyFingersTests.swift writes recordings of the same shape.
"""
import sys

n = int(sys.argv[1])
print('{"recording":1,"window":[800,600]}')


def position(i):
    return round((i * 0.6180339887) % 1 * 799, 1), round(i / n * 599, 1)


for t, kind in (("0.1", "finger-down"), ("0.5", "finger-up")):
    for i in range(n):
        x, y = position(i)
        print('{"t":%s,"type":"%s","finger":%d,"x":%s,"y":%s}' % (t, kind, i + 1, x, y))
