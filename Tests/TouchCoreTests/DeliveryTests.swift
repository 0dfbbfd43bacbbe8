import Testing
@testable import TouchCore

/// A two-finger tap: the discrete gesture of SPEC.md section 6's first sequence.
private func twoFingerTap(_ rig: Rig, on v: View, id: String = "twoFingerTap") -> TapGestureRecognizer {
    let r = TapGestureRecognizer(id: id)
    r.numberOfTouchesRequired = 2
    v.addGestureRecognizer(r)
    return r
}

@Suite("Delivery options (SPEC.md section 6)")
struct DeliveryOptionTests {
    @Test("double tap with delaysTouchesEnded: began, began, cancelled, cancelled")
    func doubleTapDelayed() {
        let rig = Rig()
        let v = rig.view("v", 0, 0, 800, 600, handles: true)
        let dt = TapGestureRecognizer(id: "dt"); dt.numberOfTapsRequired = 2
        v.addGestureRecognizer(dt)
        rig.tap(100, 100, at: 0)
        rig.tap(100, 100, at: 0.2)
        rig.advance(2)
        #expect(rig.messages(to: "v") == ["began 1", "began 2", "cancelled 1", "cancelled 2"])
        #expect(rig.transitions(of: "dt") == ["possible>recognized", "recognized>possible"])
    }

    @Test("double tap without delaysTouchesEnded: began, ended, began, cancelled")
    func doubleTapImmediate() {
        let rig = Rig()
        let v = rig.view("v", 0, 0, 800, 600, handles: true)
        let dt = TapGestureRecognizer(id: "dt"); dt.numberOfTapsRequired = 2
        dt.delaysTouchesEnded = false
        v.addGestureRecognizer(dt)
        rig.tap(100, 100, at: 0)
        rig.tap(100, 100, at: 0.2)
        rig.advance(2)
        #expect(rig.messages(to: "v") == ["began 1", "ended 1", "began 2", "cancelled 2"])
    }

    @Test("the view gets touchesCancelled before the recognizer's first action message")
    func cancelledBeforeAction() {
        let rig = Rig()
        let v = rig.view("v", 0, 0, 800, 600, handles: true)
        v.isMultipleTouchEnabled = true
        let r = twoFingerTap(rig, on: v)
        var seenAtAction: [String] = []
        r.addTarget { [unowned rig] _ in seenAtAction = rig.messages(to: "v") }  // no cycle through the recognizer
        rig.down(1, 100, 100, at: 0); rig.down(2, 200, 100, at: 0.01)
        rig.move(1, 101, 100, at: 0.02); rig.move(2, 201, 100, at: 0.03)
        rig.up(1, 101, 100, at: 0.05)
        // (3) one touch ends: the recognizer got it, the view not yet
        #expect(rig.messages(to: "v") == ["began 1", "began 2", "moved 1", "moved 2"])
        rig.up(2, 201, 100, at: 0.06)
        // (4) the other ends and it recognizes: the view gets touchesCancelled for both
        #expect(rig.messages(to: "v") == ["began 1", "began 2", "moved 1", "moved 2", "cancelled 1", "cancelled 2"])
        #expect(seenAtAction.suffix(2) == ["cancelled 1", "cancelled 2"])
    }

    @Test("had the two-finger recognizer failed, the view gets the held touchesEnded for both")
    func failedDeliversHeld() {
        let rig = Rig()
        let v = rig.view("v", 0, 0, 800, 600, handles: true)
        v.isMultipleTouchEnabled = true
        _ = twoFingerTap(rig, on: v)
        rig.down(1, 100, 100, at: 0); rig.down(2, 200, 100, at: 0.01)
        rig.up(1, 100, 100, at: 0.05)
        rig.move(2, 300, 100, at: 0.06)   // moves past the slop: fails
        #expect(rig.transitions(of: "twoFingerTap").first == "possible>failed")
        rig.up(2, 300, 100, at: 0.07)
        #expect(rig.messages(to: "v") == ["began 1", "began 2", "ended 1", "moved 2", "ended 2"])
    }

    @Test("delaysTouchesBegan holds began from the view and drops it when the recognizer recognizes")
    func delaysBegan() {
        let rig = Rig()
        let v = rig.view("v", 0, 0, 800, 600, handles: true)
        let tap = TapGestureRecognizer(id: "tap")
        tap.delaysTouchesBegan = true
        v.addGestureRecognizer(tap)
        rig.tap(100, 100, at: 0)
        #expect(rig.messages(to: "v") == [])
        #expect(rig.transitions(of: "tap").first == "possible>recognized")
    }

    @Test("delaysTouchesBegan delivers began late when the recognizer fails")
    func delaysBeganThenFails() {
        let rig = Rig()
        let v = rig.view("v", 0, 0, 800, 600, handles: true)
        let tap = TapGestureRecognizer(id: "tap")
        tap.delaysTouchesBegan = true
        v.addGestureRecognizer(tap)
        rig.down(1, 100, 100, at: 0)
        #expect(rig.messages(to: "v") == [])
        rig.move(1, 150, 100, at: 0.1)
        rig.up(1, 150, 100, at: 0.2)
        #expect(rig.messages(to: "v") == ["began 1", "moved 1", "ended 1"])
    }

    @Test("cancelsTouchesInView false leaves the view its touches after recognition")
    func keepsTouches() {
        let rig = Rig()
        let v = rig.view("v", 0, 0, 800, 600, handles: true)
        let tap = TapGestureRecognizer(id: "tap")
        tap.cancelsTouchesInView = false
        v.addGestureRecognizer(tap)
        rig.tap(100, 100, at: 0)
        #expect(rig.messages(to: "v") == ["began 1", "ended 1"])
    }
}

@Suite("Failure requirements")
struct FailureRequirementTests {
    @Test("single tap waits for double tap to fail, then recognizes")
    func singleWaits() {
        let rig = Rig()
        let v = rig.view("pad", 0, 0, 800, 600, handles: true)
        let dt = TapGestureRecognizer(id: "doubleTap"); dt.numberOfTapsRequired = 2
        let st = TapGestureRecognizer(id: "singleTap"); st.require(toFail: dt)
        v.addGestureRecognizer(dt); v.addGestureRecognizer(st)
        rig.tap(100, 100, at: 0)
        #expect(rig.transitions(of: "singleTap") == [])
        // The wait is a record of its own: who waits, for whom (no text to parse).
        let waits = rig.records.compactMap { r -> [TraceName]? in
            if case let .failureWait(recognizer, waitingFor) = r.body { return [recognizer] + waitingFor }
            return nil
        }
        #expect(waits == [["singleTap", "doubleTap"]])
        rig.advance(0.3)
        #expect(rig.transitions(of: "singleTap") == [])
        rig.advance(0.5)
        #expect(rig.transitions(of: "doubleTap") == ["possible>failed", "failed>possible"])
        #expect(rig.transitions(of: "singleTap") == ["possible>recognized", "recognized>possible"])
        #expect(rig.gestureRecords(of: "singleTap")[0].reason == "recognized: doubleTap failed")
    }

    @Test("a double tap recognizes doubleTap and fails singleTap with the reason")
    func doubleWins() {
        let rig = Rig()
        let v = rig.view("pad", 0, 0, 800, 600, handles: true)
        let dt = TapGestureRecognizer(id: "doubleTap"); dt.numberOfTapsRequired = 2
        let st = TapGestureRecognizer(id: "singleTap"); st.require(toFail: dt)
        v.addGestureRecognizer(dt); v.addGestureRecognizer(st)
        rig.tap(100, 100, at: 0)
        rig.tap(100, 100, at: 0.2)
        rig.advance(2)
        #expect(rig.transitions(of: "doubleTap") == ["possible>recognized", "recognized>possible"])
        #expect(rig.transitions(of: "singleTap") == ["possible>failed", "failed>possible"])
        #expect(rig.gestureRecords(of: "singleTap")[0].reason == "failed: requires doubleTap to fail, which recognized")
    }

    @Test("a failure requirement found by the delegate per attempt holds the dependent")
    func delegateRequirement() {
        let rig = Rig()
        let v = rig.view("pad", 0, 0, 800, 600)
        let dt = TapGestureRecognizer(id: "doubleTap"); dt.numberOfTapsRequired = 2
        let st = TapGestureRecognizer(id: "singleTap")
        let answers = Answers(); answers.requireFailureOf = ["doubleTap"]
        st.ownedDelegate = answers
        v.addGestureRecognizer(dt); v.addGestureRecognizer(st)
        rig.tap(100, 100, at: 0)
        #expect(rig.transitions(of: "singleTap") == [])
        rig.advance(1)
        #expect(rig.transitions(of: "singleTap").first == "possible>recognized")
    }
}

@Suite("Arbitration")
struct ArbitrationTests {
    @Test("default exclusivity: the first to recognize fails the others on the same touches")
    func exclusivity() {
        let rig = Rig()
        let outer = rig.view("outer", 0, 0, 800, 600)
        let inner = rig.view("inner", 100, 100, 200, 200, in: outer)
        inner.addGestureRecognizer(TapGestureRecognizer(id: "innerTap"))
        outer.addGestureRecognizer(TapGestureRecognizer(id: "outerTap"))
        rig.tap(150, 150, at: 0)
        #expect(rig.transitions(of: "innerTap").first == "possible>recognized")
        #expect(rig.transitions(of: "outerTap").first == "possible>failed")
        #expect(rig.gestureRecords(of: "outerTap")[0].reason == "failed: innerTap recognized first (default exclusivity)")
    }

    @Test("simultaneous recognition when either delegate allows it")
    func simultaneous() {
        let rig = Rig()
        let outer = rig.view("outer", 0, 0, 800, 600)
        let inner = rig.view("inner", 100, 100, 200, 200, in: outer)
        let a = TapGestureRecognizer(id: "innerTap"), b = TapGestureRecognizer(id: "outerTap")
        let answers = Answers(); answers.simultaneousWith = ["innerTap"]
        b.ownedDelegate = answers
        inner.addGestureRecognizer(a); outer.addGestureRecognizer(b)
        rig.tap(150, 150, at: 0)
        #expect(rig.transitions(of: "innerTap").first == "possible>recognized")
        #expect(rig.transitions(of: "outerTap").first == "possible>recognized")
    }

    @Test("shouldBegin false fails the recognizer at once; shouldReceive false hides the touch")
    func delegateQuestions() {
        let rig = Rig()
        let v = rig.view("v", 0, 0, 800, 600, handles: true)
        let a = TapGestureRecognizer(id: "a"), b = TapGestureRecognizer(id: "b")
        let no = Answers(); no.shouldBegin = false
        a.ownedDelegate = no
        let deaf = Answers(); deaf.receivesTouches = false
        b.ownedDelegate = deaf
        v.addGestureRecognizer(a); v.addGestureRecognizer(b)
        rig.tap(100, 100, at: 0)
        #expect(rig.gestureRecords(of: "a")[0].reason == "failed: delegate's gestureRecognizerShouldBegin returned false")
        #expect(rig.transitions(of: "b") == [])
        #expect(rig.messages(to: "v") == ["began 1", "ended 1"])
    }

    @Test("disabling a recognizer while it waits fails it and delivers held touches")
    func disable() {
        let rig = Rig()
        let v = rig.view("v", 0, 0, 800, 600, handles: true)
        let dt = TapGestureRecognizer(id: "dt"); dt.numberOfTapsRequired = 2
        v.addGestureRecognizer(dt)
        rig.tap(100, 100, at: 0)
        #expect(rig.messages(to: "v") == ["began 1"])
        dt.isEnabled = false
        #expect(rig.transitions(of: "dt").first == "possible>failed")
        #expect(rig.messages(to: "v") == ["began 1", "ended 1"])
    }
}

@Suite("Touch delivery (SPEC.md sections 1 and 4)")
struct TouchDeliveryTests {
    @Test("a view that does not handle touches forwards them up the chain, one record per responder")
    func forwarding() {
        let rig = Rig()
        let a = rig.view("A", 0, 0, 800, 600, handles: true)
        rig.view("B", 0, 0, 100, 100, in: a)
        rig.tap(50, 50, at: 0)
        #expect(rig.messages(to: "B") == ["began 1", "ended 1"])
        #expect(rig.messages(to: "A") == ["began 1", "ended 1"])
    }

    @Test("a controller's root view forwards to the controller, which forwards to the superview")
    func controllerInChain() {
        let rig = Rig()
        let a = rig.view("A", 0, 0, 800, 600, handles: true)
        let root = rig.view("root", 0, 0, 400, 400, in: a)
        let vc = ViewController(id: "vc", view: root)
        #expect(root.next === vc)
        #expect(vc.next === a)
        #expect(a.next === rig.app.window)
        #expect(rig.app.window.next === rig.app)
        rig.tap(50, 50, at: 0)
        #expect(rig.messages(to: "vc") == ["began 1", "ended 1"])
        #expect(rig.messages(to: "A") == ["began 1", "ended 1"])
    }

    @Test("a next-responder override redirects the chain")
    func override() {
        let rig = Rig()
        let a = rig.view("A", 0, 0, 400, 600, handles: true)
        let z = rig.view("Z", 400, 0, 400, 600, handles: true)
        let b = rig.view("B", 0, 0, 100, 100, in: a)
        b.nextOverride = z
        rig.tap(50, 50, at: 0)
        #expect(rig.messages(to: "Z") == ["began 1", "ended 1"])
        #expect(rig.messages(to: "A") == [])
    }

    @Test("with multiple touch off a view gets only the first touch; recognizers still see all")
    func multipleTouchOff() {
        let rig = Rig()
        let v = rig.view("v", 0, 0, 800, 600, handles: true)
        let two = twoFingerTap(rig, on: v)
        two.cancelsTouchesInView = false
        rig.down(1, 100, 100, at: 0); rig.down(2, 200, 100, at: 0.01)
        rig.up(1, 100, 100, at: 0.05); rig.up(2, 200, 100, at: 0.06)
        #expect(rig.messages(to: "v") == ["began 1", "ended 1"])
        #expect(rig.transitions(of: "twoFingerTap").first == "possible>recognized")
    }

    @Test("with multiple touch on a view gets every touch")
    func multipleTouchOn() {
        let rig = Rig()
        let v = rig.view("v", 0, 0, 800, 600, handles: true)
        v.isMultipleTouchEnabled = true
        rig.down(1, 100, 100, at: 0); rig.down(2, 200, 100, at: 0.01)
        rig.up(1, 100, 100, at: 0.05); rig.up(2, 200, 100, at: 0.06)
        #expect(rig.messages(to: "v") == ["began 1", "began 2", "ended 1", "ended 2"])
    }

    @Test("an exclusive-touch view that tracks a touch keeps other views from getting touches, and the reverse")
    func exclusive() {
        let rig = Rig()
        let ex = rig.view("ex", 0, 0, 400, 600, handles: true); ex.isExclusiveTouch = true
        rig.view("other", 400, 0, 400, 600, handles: true)
        rig.down(1, 100, 100, at: 0)
        rig.down(2, 500, 100, at: 0.1)
        rig.up(2, 500, 100, at: 0.2); rig.up(1, 100, 100, at: 0.3)
        #expect(rig.messages(to: "other") == [])
        rig.down(3, 500, 100, at: 1)
        rig.down(4, 100, 100, at: 1.1)
        rig.up(4, 100, 100, at: 1.2); rig.up(3, 500, 100, at: 1.3)
        #expect(rig.messages(to: "ex") == ["began 1", "ended 1"])
        #expect(rig.messages(to: "other") == ["began 3", "ended 3"])
    }

    @Test("an interruption cancels every active touch for views and recognizers")
    func interruption() {
        let rig = Rig()
        let v = rig.view("v", 0, 0, 800, 600, handles: true)
        v.isMultipleTouchEnabled = true
        let dt = TapGestureRecognizer(id: "dt"); dt.numberOfTouchesRequired = 2
        v.addGestureRecognizer(dt)
        rig.down(1, 100, 100, at: 0); rig.down(2, 200, 100, at: 0.01)
        rig.app.send(.cancelAllTouches(reason: "window lost focus"), at: 0.1)
        #expect(rig.messages(to: "v") == ["began 1", "began 2", "cancelled 1", "cancelled 2"])
        #expect(rig.gestureRecords(of: "dt")[0].reason == "failed: touches cancelled by window lost focus")
        rig.up(1, 100, 100, at: 0.2)   // the finger-up that follows is for an unknown touch: dropped
        #expect(rig.messages(to: "v").count == 4)
    }

    @Test("touches are dropped while the application ignores interaction events, nested")
    func ignoring() {
        let rig = Rig()
        rig.view("v", 0, 0, 800, 600, handles: true)
        rig.app.beginIgnoringInteractionEvents(); rig.app.beginIgnoringInteractionEvents()
        rig.tap(10, 10, at: 0)
        rig.app.endIgnoringInteractionEvents()
        rig.tap(10, 10, at: 1)
        rig.app.endIgnoringInteractionEvents()
        rig.tap(10, 10, at: 2)
        #expect(rig.messages(to: "v") == ["began 1", "ended 1"])  // dropped touches get no id
    }

    @Test("tap count rises for quick taps close together and restarts when slow or far")
    func tapCount() {
        let rig = Rig()
        let v = rig.view("v", 0, 0, 800, 600, handles: true)
        var counts: [Int] = []
        v.onTouches = { phase, touches, _ in if phase == .began { counts.append(touches[0].tapCount) } }
        rig.tap(100, 100, at: 0); rig.tap(105, 100, at: 0.2); rig.tap(100, 100, at: 0.4)
        rig.tap(100, 100, at: 2)
        rig.tap(400, 400, at: 2.2)
        #expect(counts == [1, 2, 3, 1, 1])
    }

    @Test("a touch keeps its hit-test view and reports locations in any view")
    func touchIdentity() {
        let rig = Rig()
        let a = rig.view("A", 0, 0, 800, 600, handles: true)
        let b = rig.view("B", 100, 100, 100, 100, in: a)
        b.handlesTouches = true
        var seen: [(String, Point, Point)] = []
        b.onTouches = { [unowned a, unowned b] _, touches, _ in   // no cycle: b keeps this closure
            let t = touches[0]
            seen.append((t.view?.id ?? "-", t.location(in: b), t.previousLocation(in: a)))
        }
        rig.down(1, 150, 150, at: 0)
        rig.move(1, 450, 450, at: 0.1)   // far outside B: still B's touch
        rig.up(1, 450, 450, at: 0.2)
        #expect(seen.map(\.0) == ["B", "B", "B"])
        #expect(seen[1].1 == Point(x: 350, y: 350))
        #expect(seen[1].2 == Point(x: 150, y: 150))
    }

    @Test("a repeated finger-down is patched with the missing up first, as SDL does")
    func repeatedDown() {
        let rig = Rig()
        rig.view("v", 0, 0, 800, 600, handles: true)
        rig.down(1, 10, 10, at: 0)
        rig.down(1, 20, 20, at: 0.1)
        rig.up(1, 20, 20, at: 0.2)
        #expect(rig.messages(to: "v") == ["began 1", "ended 1", "began 2", "ended 2"])
    }
}

@Suite("Time")
struct TimeTests {
    @Test("a timer fires at its own deadline however coarsely time advances")
    func exactDeadline() {
        let rig = Rig()
        let v = rig.view("v", 0, 0, 800, 600)
        let dt = TapGestureRecognizer(id: "dt"); dt.numberOfTapsRequired = 2
        v.addGestureRecognizer(dt)
        rig.tap(100, 100, at: 0)        // up at 0.05: waits until 0.40
        rig.advance(5)
        let failed = rig.records.first { if case .gesture(_, _, _, .failed, _, _) = $0.body { return true }; return false }
        #expect(failed.map { abs($0.t - 0.4) < 1e-9 } == true)
    }
}
