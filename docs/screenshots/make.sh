#!/usr/bin/env bash
# The demo screenshots (docs/window.md): each demo recording replayed headless at 1280×800 and
# photographed mid-gesture, every panel on. Run from the repository root after
# `swift build -c release --product touchscope` (B=path picks another binary).
set -euo pipefail
B=${B:-.build/release/touchscope}
R=Tests/touchscopeTests/Recordings
shot() {   # shot SCENE RECORDING SECONDS: docs/screenshots/RECORDING.png
    "$B" replay "$1" "$R/$2.jsonl" --headless --window 1280x800 --screenshot "docs/screenshots/$2.png" --at "$3" >/dev/null
}
shot hit-test hit-test 1.05       # a tap in B: the path with its verdicts
shot double-tap double-tap 0.45   # doubleTap recognized, singleTap failed by its requirement
shot photo photo-rotate 0.45      # pinch, rotation and pan together
shot swipe-pan swipe-pan 1.5      # pan waits for swipe to fail
shot controls controls 1.1        # the button keeps its tap; then the panel's tap
shot media media 2.5              # remote commands, shake, Now Playing
shot delivery delivery 2.5        # delaysTouchesBegan and cancelsTouchesInView
shot long-press long-press 1.0    # the long press and the drag together
