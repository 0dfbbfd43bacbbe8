#!/usr/bin/env python3
"""A recording with N fingers down at once, for timing replay against the finger count.

    python3 bench/many-fingers.py N [--moving] > /tmp/fingers.jsonl

Fingers 1..N land at 0.1 s, spread over an 800×600 window (scenes/photo.yaml's), and lift
at 0.5 s where they landed. With --moving, each finger also moves 1 pt right at 0.2, 0.3
and 0.4 s, finger by finger, and lifts 3 pt below its last place (every move and lift
moves one finger while all the others rest). Tests/touchscopeTests/ManyFingersTests.swift
writes recordings of the same shapes.
"""
import sys

n = int(sys.argv[1])
moving = "--moving" in sys.argv[2:]
print('{"recording":1,"window":[800,600]}')


def fmt(v):
    return ("%.10g" % v)


if not moving:
    def position(i):
        return round((i * 0.6180339887) % 1 * 799, 1), round(i / n * 599, 1)

    for t, kind in (("0.1", "finger-down"), ("0.5", "finger-up")):
        for i in range(n):
            x, y = position(i)
            print('{"t":%s,"type":"%s","finger":%d,"x":%s,"y":%s}' % (t, kind, i + 1, x, y))
else:
    def position(i):
        return round((i * 0.6180339887) % 1 * 795, 1), round(i / n * 595, 1)

    steps = [("0.1", "finger-down", 0, 0), ("0.2", "finger-move", 1, 0), ("0.3", "finger-move", 2, 0),
             ("0.4", "finger-move", 3, 0), ("0.5", "finger-up", 3, 3)]
    for t, kind, dx, dy in steps:
        for i in range(n):
            x, y = position(i)
            print('{"t":%s,"type":"%s","finger":%d,"x":%s,"y":%s}' % (t, kind, i + 1, fmt(x + dx), fmt(y + dy)))
