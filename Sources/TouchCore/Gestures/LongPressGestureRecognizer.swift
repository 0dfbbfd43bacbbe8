// LongPressGestureRecognizer: fingers held still long enough, then moved; as UILongPressGestureRecognizer.
//
//   possible ──(held minimumPressDuration within allowableMovement)──▶ began ──(move)──▶ changed* ──(lift)──▶ ended
//   possible ──(moved too far / lifted early / wrong touch or tap count)──▶ failed
//   began | changed ──(touches cancelled, disabled, prevented)──▶ cancelled

/// Recognizes a long press, continuous: it begins when `numberOfTouchesRequired` fingers
/// have stayed down for `minimumPressDuration` (0.5 s, a timer through `deadline`) without
/// any of them moving more than `allowableMovement` (10 pt) from where it landed; after
/// that each move is `changed` (the fingers may go anywhere) and the lift `ended`.
///
/// It fails when a finger moves too far or lifts before the duration, and when more
/// fingers land than required. A finger landing after it began is ignored.
/// `numberOfTapsRequired` (UIKit default 0) counts the taps just before the press: the
/// press must be touch number `numberOfTapsRequired + 1` of a multi-tap (`Touch.tapCount`),
/// otherwise it fails when the finger lands.
///
///     let press = LongPressGestureRecognizer(id: "press")
///     press.minimumPressDuration = 1
public final class LongPressGestureRecognizer: ContinuousGestureRecognizer {
    /// How many fingers must press (UIKit default 1).
    public var numberOfTouchesRequired = 1
    /// Taps just before the press (UIKit default 0).
    public var numberOfTapsRequired = 0
    /// How long the fingers must stay down (default `Defaults.longPressDuration`).
    @FromDefaults({ $0.longPressDuration }) public var minimumPressDuration: Double
    /// How far a finger may stray before the press begins (default `Defaults.allowableMovement`).
    @FromDefaults({ $0.allowableMovement }) public var allowableMovement: Double
    private var beginRequested = false

    /// A one-finger, no-tap long press named `id`, with the defaults' duration and movement.
    public override init(id: String) { super.init(id: id) }

    /// A finger landed: fails when it is not the tap ``numberOfTapsRequired`` asks for or when
    /// too many fingers are down; starts the ``minimumPressDuration`` timer once
    /// ``numberOfTouchesRequired`` are down. Fingers landing after the press began are ignored.
    public override func touchesBegan(_ touches: [Touch], with event: Event) {
        if beginRequested {
            for t in touches { ignore(t, for: event) }
            return
        }
        guard state == .possible else { return }
        if let t = touches.first, t.tapCount != numberOfTapsRequired + 1 {
            fail("failed: touch is tap \(t.tapCount) of a multi-tap; long press needs \(numberOfTapsRequired) tap(s) first",
                 because: GestureDecision(.tapCount, measured: Double(t.tapCount - 1), limit: Double(numberOfTapsRequired)))
            return
        }
        if numberOfTouches > numberOfTouchesRequired {
            fail("failed: \(numberOfTouches) touches, long press requires \(numberOfTouchesRequired)",
                 because: GestureDecision(.touchCount, measured: Double(numberOfTouches),
                                          limit: Double(numberOfTouchesRequired), unit: .touches))
        } else if numberOfTouches == numberOfTouchesRequired {
            deadline = time + minimumPressDuration
        }
    }

    /// Before the press begins: fails when a finger strays more than ``allowableMovement``.
    /// After: each move is a `changed` transition.
    public override func touchesMoved(_ touches: [Touch], with event: Event) {
        if state.isActive { change(); return }
        guard state == .possible, !beginRequested else { return }
        for t in activeTouches {
            let moved = t.locationInWindow.distance(to: t.startLocationInWindow)
            if moved > allowableMovement {
                fail("failed: moved \(show: moved) pt, more than allowableMovement \(fmt: allowableMovement)",
                     because: GestureDecision(.pressMovement, measured: moved, limit: allowableMovement, unit: .pt))
                return
            }
        }
    }

    /// Before the press begins a lift fails it ("lifted after … s, before the minimum press
    /// duration"); after, the lift ends it.
    public override func touchesEnded(_ touches: [Touch], with event: Event) {
        if beginRequested {
            if state.isActive || state == .possible { end("ended: touch lifted") }
            return
        }
        guard state == .possible else { return }
        let held = touches.first.map { time - $0.startTimestamp } ?? 0
        fail("failed: lifted after \(show: held) s, before the minimum press duration \(fmt: minimumPressDuration) s",
             because: GestureDecision(.pressDuration, measured: held, limit: minimumPressDuration, unit: .s, neverBegan: true))
    }

    /// The fingers stayed down and still for ``minimumPressDuration``: the press begins.
    public override func deadlineReached() {
        guard state == .possible, !beginRequested, numberOfTouches == numberOfTouchesRequired else { return }
        beginRequested = true
        let held = trackedTouches.first.map { time - $0.startTimestamp } ?? minimumPressDuration
        begin("began: held \(fmt: minimumPressDuration) s within \(fmt: allowableMovement) pt",
              because: GestureDecision(.pressDuration, measured: held, limit: minimumPressDuration, unit: .s))
    }

    /// Forgets that the press began.
    public override func reset() { beginRequested = false }
}
