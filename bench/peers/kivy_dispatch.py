#!/usr/bin/env python3
"""Kivy peer for `touchscope bench`: the same synthetic finger stream, dispatched by Kivy.

Reads a touchscope recording (JSON Lines: finger-down / finger-move / finger-up, scene
points, y down), builds a tree of Scatter widgets laid out as touchscope's generated bench
scene (fan-out F, depth D, each child 90% of its grid cell), and dispatches every finger
event the way Kivy's window and event loop do without a real window:

  * down:   root.dispatch('on_touch_down')  (Scatter collides, transforms to local space,
            offers the touch to its children front to back, grabs it if none takes it)
  * move/up: root.dispatch('on_touch_move' / 'on_touch_up'), then the event loop's grab
            pass: every widget that grabbed the touch gets it again, transformed into its
            parent's space, with grab_current set (Scatter translates, scales and rotates
            from these).

Only dispatch is timed (parsing the file and building widgets are not). No drawing: no
window, no GL context, no Clock ticks. Prints a human line and, last, one JSON object:
  {"peer": "kivy", "kivy_version": ..., "views": N, "events": M, "seconds": s,
   "events_per_second": r}

Exit status: 0 measured; 3 Kivy missing (the JSON line says "skipped"); 2 bad arguments.
"""
import argparse
import json
import os
import sys
import time

# No window is opened; an SDL video driver set by the caller (touchscope bench sets
# SDL_VIDEODRIVER=dummy for its own frames) makes Kivy try X11 and exit.
os.environ.pop("SDL_VIDEODRIVER", None)
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("KIVY_NO_FILELOG", "1")
os.environ.setdefault("KIVY_NO_CONFIG", "1")


def skip(reason):
    print(f"kivy peer skipped: {reason}")
    print(json.dumps({"peer": "kivy", "skipped": reason}))
    sys.exit(3)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("recording", help="a touchscope recording (JSON Lines)")
    ap.add_argument("--fanout", type=int, default=10)
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--max-events", type=int, default=0, help="stop after this many events (0: all)")
    ap.add_argument("--max-views", type=int, default=20000, help="fewer levels if the tree would be larger")
    args = ap.parse_args()

    try:
        import kivy
        from kivy.uix.scatter import Scatter
        from kivy.uix.widget import Widget
        from kivy.input.motionevent import MotionEvent
    except Exception as e:  # ImportError, or Kivy failing to start headless
        skip(f"cannot import kivy ({type(e).__name__}: {e})")

    # --- the recording --------------------------------------------------------------
    events = []
    with open(args.recording) as f:
        header = json.loads(f.readline())
        W, H = header["window"]
        for line in f:
            if args.max_events and len(events) >= args.max_events:
                break
            d = json.loads(line)
            kind = d["type"]
            if kind not in ("finger-down", "finger-move", "finger-up"):
                continue
            # Kivy: normalized, y up.
            events.append((kind[7], d["finger"], d["x"] / W, 1.0 - d["y"] / H))

    # --- the widget tree (as BenchScene.make lays it out) ---------------------------
    depth = args.depth
    while depth > 1 and sum(args.fanout ** k for k in range(1, depth + 1)) > args.max_views:
        depth -= 1
    cols = max(1, int(-(-args.fanout ** 0.5 // 1)))
    rows = max(1, -(-args.fanout // cols))
    count = 0

    def build(parent, pw, ph, level):
        nonlocal count
        cw, ch = pw / cols, ph / rows
        for c in range(args.fanout):
            x0, y0 = (c % cols) * cw, (c // cols) * ch           # y down, in the parent
            w, h = cw * 0.9, ch * 0.9
            x, y = x0 + cw * 0.05, y0 + ch * 0.05
            s = Scatter(size=(w, h), pos=(x, ph - (y + h)), size_hint=(None, None))
            count += 1
            parent.add_widget(s)
            if level < depth:
                build(s, w, h, level + 1)

    t0 = time.perf_counter()
    root = Widget(size=(W, H))
    build(root, W, H, 1)
    build_s = time.perf_counter() - t0

    class BenchTouch(MotionEvent):
        def __init__(self, device, id, args):
            super().__init__(device, id, args, is_touch=True)

        def depack(self, args):
            self.sx, self.sy = args
            self.profile = ["pos"]
            super().depack(args)

    # --- dispatch ---------------------------------------------------------------------
    live = {}
    begin = time.perf_counter()
    for kind, finger, sx, sy in events:
        if kind == "d":
            me = BenchTouch("bench", finger, (sx, sy))
            live[finger] = me
            me.scale_for_screen(W, H)
            root.dispatch("on_touch_down", me)
            continue
        me = live.get(finger)
        if me is None:
            continue
        me.move((sx, sy))
        if kind == "u":
            me.update_time_end()
            del live[finger]
        me.scale_for_screen(W, H)
        name = "on_touch_move" if kind == "m" else "on_touch_up"
        root.dispatch(name, me)
        # The event loop's grab pass (EventLoopBase.post_dispatch_input).
        me.grab_state = True
        for ref in me.grab_list[:]:
            wid = ref()
            if wid is None:
                me.grab_list.remove(ref)
                continue
            me.push()
            parent = wid.parent
            if parent is not None:
                me.apply_transform_2d(parent.to_widget)   # window -> the grabber's parent space
            me.grab_current = wid
            wid.dispatch(name, me)
            me.grab_current = None
            me.pop()
        me.grab_state = False
    seconds = time.perf_counter() - begin

    n = len(events)
    rate = n / seconds if seconds > 0 else 0.0
    print(f"kivy {kivy.__version__}: {count} Scatter widgets (fan-out {args.fanout}, depth {depth}, built in {build_s:.1f} s), "
          f"{n} events in {seconds:.2f} s: {rate:,.0f} events/s")
    print(json.dumps({"peer": "kivy", "kivy_version": kivy.__version__, "views": count, "fanout": args.fanout,
                      "depth": depth, "events": n, "seconds": round(seconds, 4),
                      "events_per_second": round(rate, 1)}))


if __name__ == "__main__":
    main()
