// The frame schedule's rules, without SDL or a window: a pretend host performs the steps
// `FrameSchedule` gives and reports what a script says it found (input, a panel's slices).
import Testing
import TouchCore
@testable import TouchSDL

/// Performs a schedule's steps the way `SDLHost` does, with facts from the test.
struct PretendHost {
    var schedule: FrameSchedule
    var now = 0.0
    /// Every step taken, in order.
    var steps: [FrameStep] = []
    /// What the next reads find: true for input (consumed one per read).
    var inputs: [Bool] = []
    /// Whether input waits when the panels look for it after the present.
    var inputWaiting = false
    /// Slices a panel takes to paint whole.
    var slicesPerPanel = 3
    var slicesLeft = 0
    /// The panels the window holds; the client animates.
    var holding: Set<String> = ["side", "bottom", "toolbar", "scene"]
    var animating = false
    var timer: Double?
    var poll: Double?
    /// Whether the panels' picture changed since they were last painted.
    var panelsChanged = true
    /// When the next input arrives: it ends a wait or a pace there.
    var inputArrivesAt: Double?
    /// The step the last turn stopped at (the next turn's first).
    var pending: FrameStep?

    static let parts = [
        FramePart(name: "side", rect: Rect(x: 1000, y: 0, width: 280, height: 800), moment: .aside),
        FramePart(name: "bottom", rect: Rect(x: 0, y: 600, width: 1000, height: 200), moment: .aside),
        FramePart(name: "toolbar", rect: Rect(x: 0, y: 0, width: 1000, height: 40), moment: .beforeInput),
        FramePart(name: "scene", rect: Rect(x: 0, y: 40, width: 1000, height: 560), moment: .afterInput),
    ]

    init(presentWaits: Bool = false) {
        schedule = FrameSchedule(refreshInterval: 1.0 / 60, presentWaits: presentWaits)
        schedule.loopStarted(now: 0)
    }

    /// Takes steps until a frame is presented and its panels' work is over (the turn is back
    /// where it waits or reads input for the next); returns that turn's steps.
    @discardableResult
    mutating func turn(limit: Int = 200) -> [FrameStep] {
        var taken: [FrameStep] = []
        var presented = false
        for _ in 0..<limit {
            let step = nextStep()
            if presented, step == .readInput || isWait(step) {
                pending = step
                break
            }
            taken.append(step)
            perform(step)
            if step == .present { presented = true }
            if case .pace = step { break }
        }
        steps += taken
        return taken
    }

    /// Draws the frames owed until none is (at most 50).
    mutating func settle() {
        for _ in 0..<50 where schedule.owesFrame { turn() }
        #expect(!schedule.owesFrame, "frames are still owed after 50")
    }

    /// The step the schedule gives next (or the one the last turn stopped at).
    mutating func nextStep() -> FrameStep {
        if let p = pending {
            pending = nil
            return p
        }
        return schedule.next(now: now, timer: timer, poll: poll)
    }

    func isWait(_ step: FrameStep) -> Bool {
        if case .wait = step { return true }
        return false
    }

    mutating func perform(_ step: FrameStep) {
        switch step {
        case let .wait(until), let .pace(until):
            now = max(now, min(until, inputArrivesAt ?? until))
        case .readInput:
            let got = inputs.isEmpty ? false : inputs.removeFirst()
            schedule.inputRead(events: got, inputs: got, timerDue: timer.map { $0 <= now } ?? false, now: now)
        case .advance:
            schedule.advanced(animating: animating, at: now)
        case .beginFrame:
            schedule.frameBegan(parts: Self.parts, cleared: false, holding: holding)
        case let .drawPart(part), let .paintAside(part):
            holding.insert(part.name)
        case .drawWhole, .cancelAside, .present:
            break
        case .lookForInput:
            schedule.looked(inputWaiting: inputWaiting, elapsed: 0)
        case let .startAside(part):
            if panelsChanged {
                slicesLeft = slicesPerPanel
                schedule.asideStarted(part, .painting, now: now)
            } else {
                schedule.asideStarted(part, .unchanged, now: now)
            }
        case .paintSlice:
            slicesLeft -= 1
            schedule.slicePainted(finished: slicesLeft == 0)
        case .copyIn:
            break
        }
        now += 0.0002
    }
}

@Suite("The frame schedule, without a window")
struct FrameScheduleTests {
    @Test("a frame reads the newest input after the toolbar and before the scene, presents, then paints the changed panels aside and copies each in only when whole")
    func order() {
        var host = PretendHost()
        host.inputs = [true, true]
        let steps = host.turn()
        let begin = steps.firstIndex(of: .beginFrame) ?? -1
        let toolbar = steps.firstIndex(of: .drawPart(PretendHost.parts[2])) ?? -1
        let reads = steps.indices.filter { steps[$0] == .readInput }
        let scene = steps.firstIndex(of: .drawPart(PretendHost.parts[3])) ?? -1
        let present = steps.firstIndex(of: .present) ?? -1
        #expect(reads.count == 2, "the turn's read and the frame's read of the input that came meanwhile: \(steps)")
        #expect(begin < toolbar && toolbar < reads[1] && reads[1] < scene && scene < present, "\(steps)")
        #expect(steps[reads[1] + 1] == .advance, "the client advances for the input read in the frame")
        // After the present: each panel started, painted slice by slice, copied in once whole.
        let after = Array(steps[(present + 1)...])
        #expect(!after.contains(.drawPart(PretendHost.parts[0])), "the panels are painted aside, not in the window")
        for panel in PretendHost.parts[0...1] {
            guard let start = after.firstIndex(of: .startAside(panel)), let copy = after.firstIndex(of: .copyIn(panel)) else {
                Issue.record("\(panel.name) not painted aside and copied in: \(after)")
                continue
            }
            let slices = after[start..<copy].filter { $0 == .paintSlice(panel, seconds: host.schedule.slice) }.count
            #expect(slices == host.slicesPerPanel, "copied in before it was whole: \(slices) slices")
        }
        #expect(host.schedule.owesFrame, "panels copied in after the present show with the next frame, which is owed")
        let next = host.turn()
        #expect(next.first == .readInput, "an owed frame does not wait: \(next)")
        #expect(next.contains(.present))
    }

    @Test("input waiting stops the panels after one step, never two frames running, and a half-painted panel is never copied in")
    func inputWaitsForOneStep() {
        var host = PretendHost()
        host.inputWaiting = true
        host.slicesPerPanel = 4
        var stepsPerFrame: [Int] = []
        var copies = 0
        for _ in 0..<20 {
            host.inputs = [true, true]
            let steps = host.turn()
            guard let present = steps.firstIndex(of: .present) else { Issue.record("no present: \(steps)"); return }
            let panelSteps = steps[(present + 1)...].filter {
                if case .startAside = $0 { return true }
                if case .paintSlice = $0 { return true }
                return false
            }.count
            stepsPerFrame.append(panelSteps)
            copies += steps.filter { if case .copyIn = $0 { return true } else { return false } }.count
        }
        #expect(stepsPerFrame.allSatisfy { $0 <= 1 }, "at most one panel step a frame while input waits: \(stepsPerFrame)")
        for k in 1..<stepsPerFrame.count {
            #expect(stepsPerFrame[k - 1] + stepsPerFrame[k] >= 1, "two frames running without a panel step: \(stepsPerFrame)")
        }
        // Two panels of 4 slices each (plus their starts) over 20 frames: both copied in, whole.
        #expect(copies >= 2, "the panels got through: \(copies) copies")
    }

    @Test("while input streams a panel is drawn at most every other frame and no more often than the display refreshes; the scene every frame")
    func streaming() {
        var host = PretendHost()
        host.slicesPerPanel = 1
        var sidesStarted: [(frame: Int, time: Double)] = []
        var frames = 0
        for k in 0..<60 {
            // Input every 4 ms: it ends the pacing wait, and frames follow it under the streaming gap.
            host.inputs = [true, false]
            host.inputArrivesAt = host.now + 1.0 / 240
            let steps = host.turn()
            if steps.contains(.drawPart(PretendHost.parts[3])) { frames += 1 }
            if let i = steps.firstIndex(of: .startAside(PretendHost.parts[0])), i >= 0 { sidesStarted.append((k, host.now)) }
        }
        #expect(frames == 60, "the scene is drawn every frame: \(frames)")
        let pairs = zip(sidesStarted.dropFirst(), sidesStarted)
        #expect(pairs.allSatisfy { $0.frame - $1.frame >= 2 },
                "the side panel drawn in consecutive frames while streaming: \(sidesStarted.map(\.frame))")
        #expect(pairs.allSatisfy { $0.time - $1.time >= 1.0 / 60 - 0.001 },
                "the side panel drawn more often than the display refreshes: \(sidesStarted.map(\.time))")
        #expect(sidesStarted.count >= 8, "the panels must still follow: \(sidesStarted.count) of 60 frames")
    }

    @Test("an idle loop waits until the earliest of the heartbeat, the client's timer and a source's poll; a poll that finds nothing waits on; a timer that fires draws")
    func idleDeadlines() {
        var host = PretendHost()
        host.panelsChanged = false
        host.turn()                                   // the first frame
        host.settle()
        let idle = host.nextStep()
        #expect(idle == .wait(until: host.now + 0.25), "\(idle)")
        host.perform(idle)
        #expect(host.nextStep() == .readInput)
        host.perform(.readInput)
        #expect(host.nextStep() == .advance, "the heartbeat ends the wait")
        host.perform(.advance)
        // Nothing asked for a frame: no frame, and back to waiting.
        let afterHeartbeat = host.nextStep()
        #expect(host.isWait(afterHeartbeat), "a heartbeat with nothing to show draws nothing: \(afterHeartbeat)")

        // A source polled at +0.01 s that has nothing, and a timer at +0.05 s.
        let t0 = host.now
        host.timer = t0 + 0.05
        host.poll = t0 + 0.01
        host.schedule.loopStarted(now: t0)
        host.pending = nil
        host.turn()                                   // the loop's first frame after a start
        host.settle()
        let waitForPoll = host.nextStep()
        #expect(waitForPoll == .wait(until: t0 + 0.01), "\(waitForPoll)")
        host.perform(waitForPoll)
        #expect(host.nextStep() == .readInput)
        host.perform(.readInput)                      // the poll found nothing
        host.poll = t0 + 0.02
        #expect(host.nextStep() == .wait(until: t0 + 0.02), "woken by a poll that found nothing, the loop waits on")
        host.poll = nil
        host.perform(.wait(until: t0 + 0.02))
        #expect(host.nextStep() == .readInput)
        host.perform(.readInput)
        #expect(host.nextStep() == .wait(until: t0 + 0.05))
        host.perform(.wait(until: t0 + 0.05))
        #expect(host.nextStep() == .readInput)
        host.perform(.readInput)
        #expect(host.nextStep() == .advance)
        host.perform(.advance)
        #expect(host.nextStep() == .beginFrame, "a timer that fired draws a frame")
    }

    @Test("while the client animates the loop never waits idle, and without a present that waits for the display it paces to the refresh; with one it does not")
    func pacing() {
        var host = PretendHost()
        host.animating = true
        host.panelsChanged = false
        var presents: [Double] = []
        for _ in 0..<30 {
            let steps = host.turn()
            #expect(!steps.contains { host.isWait($0) }, "an animating loop waited idle: \(steps)")
            if steps.contains(.present) { presents.append(host.now) }
        }
        let span = (presents.last ?? 0) - (presents.first ?? 0)
        let fps = Double(presents.count - 1) / span
        #expect(fps <= 61 && fps >= 55, "animating without vsync paces to 60 Hz: \(fps)")

        var vsync = PretendHost(presentWaits: true)
        vsync.animating = true
        vsync.panelsChanged = false
        for _ in 0..<5 {
            #expect(!vsync.turn().contains { if case .pace = $0 { return true } else { return false } },
                    "a present that waits for the display paces the loop itself")
        }
    }

    @Test("a screenshot, a cleared window or a panel the window does not show yet gets the panels drawn whole before the scene")
    func wholeFirst() {
        var host = PretendHost()
        host.panelsChanged = false
        host.turn()
        host.settle()
        host.schedule.screenshotRequested()
        let steps = host.turn()
        let scene = steps.firstIndex(of: .drawPart(PretendHost.parts[3])) ?? -1
        for panel in PretendHost.parts[0...1] {
            let i = steps.firstIndex(of: .paintAside(panel)) ?? .max
            #expect(i < scene, "\(panel.name) drawn whole before the scene for a screenshot: \(steps)")
        }
        #expect(!steps.contains { if case .startAside = $0 { return true } else { return false } })

        var fresh = PretendHost()
        fresh.holding = ["toolbar", "scene"]          // the window does not show the panels yet
        let first = fresh.turn()
        #expect(first.contains(.paintAside(PretendHost.parts[0])) && first.contains(.paintAside(PretendHost.parts[1])))
        #expect((first.firstIndex(of: .paintAside(PretendHost.parts[0])) ?? .max)
                < (first.firstIndex(of: .drawPart(PretendHost.parts[3])) ?? -1))
    }

    @Test("outside the loop a frame reads no input and paints every part whole before its present; a frame whose surface the input replaced is drawn whole after the client advances")
    func outsideAndReplaced() {
        var s = FrameSchedule(refreshInterval: 1.0 / 60, presentWaits: false)
        s.beginFrame(inLoop: false, streaming: false)
        var steps: [FrameStep] = []
        while let step = s.nextInFrame(now: 0) {
            steps.append(step)
            if step == .beginFrame { s.frameBegan(parts: PretendHost.parts, cleared: false, holding: []) }
        }
        #expect(steps == [.beginFrame, .drawPart(PretendHost.parts[2]), .paintAside(PretendHost.parts[0]),
                          .paintAside(PretendHost.parts[1]), .drawPart(PretendHost.parts[3]), .present])

        var r = FrameSchedule(refreshInterval: 1.0 / 60, presentWaits: false)
        r.beginFrame(inLoop: true, streaming: false)
        var seen: [FrameStep] = []
        while let step = r.nextInFrame(now: 0) {
            seen.append(step)
            switch step {
            case .beginFrame: r.frameBegan(parts: PretendHost.parts, cleared: false, holding: ["side", "bottom", "toolbar", "scene"])
            case .readInput:
                r.inputRead(events: true, inputs: true, now: 0)
                r.surfaceReplaced()
            default: break
            }
        }
        #expect(seen == [.beginFrame, .drawPart(PretendHost.parts[2]), .readInput, .advance, .cancelAside, .drawWhole, .present])
        #expect(!r.owesFrame)
    }

    @Test("input read in the middle of a frame whose panels were painted before it owes the next frame")
    func inputMidFrameOwes() {
        var s = FrameSchedule(refreshInterval: 1.0 / 60, presentWaits: false)
        s.beginFrame(inLoop: true, streaming: false)
        while let step = s.nextInFrame(now: 0) {
            switch step {
            case .beginFrame: s.frameBegan(parts: PretendHost.parts, cleared: true, holding: [])
            case .readInput: s.inputRead(events: true, inputs: true, now: 0)
            default: break
            }
        }
        #expect(s.owesFrame, "the panels painted before the input do not show it: the next frame is owed")
    }
}
