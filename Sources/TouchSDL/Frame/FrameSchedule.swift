// FrameSchedule: when the window's loop waits, reads input, draws, presents and paints the
// panels: every fact that decides a frame, in a value with no SDL in it. The loop
// (`SDLHost.run`) asks `next` for a step, performs it and reports what it found; the
// schedule's rules are tested without a window (FrameScheduleTests).
//
//     var schedule = FrameSchedule(refreshInterval: 1 / 60, presentWaits: false)
//     while true {
//         switch schedule.next(now: time, timer: client.nextWakeTime, poll: sources.nextPoll) {
//         case let .wait(until): sleepUntilInput(until)
//         case .readInput: schedule.inputRead(readInput(), now: time)
//         …
//         }
//     }

/// One thing the window's loop does next (`FrameSchedule.next`).
public enum FrameStep: Sendable, Equatable {
    /// Nothing to draw: sleep until input arrives or until this time (a timer, an input
    /// source's poll, the heartbeat). Then `readInput`.
    case wait(until: Double)
    /// Read SDL's queue, the touch devices and the input sources and hand the input to the
    /// client; report it with `inputRead`.
    case readInput
    /// Advance the client's timers and animations to now; report with `advanced`.
    case advance
    /// Start a frame: ask the client for its parts and begin painting them; report with `frameBegan`.
    case beginFrame
    /// Draw a part and paint it into the window's surface (left as it is when its picture did
    /// not change).
    case drawPart(FramePart)
    /// Draw a panel and paint it whole aside, then copy it in, before the scene (outside the
    /// loop, a cleared window, a screenshot): the aside surface and its painter keep that
    /// picture, and their text, for the slices of the frames that follow.
    case paintAside(FramePart)
    /// Draw the whole frame in one list (no parts, or the window's surface was replaced).
    case drawWhole
    /// Drop the panel being painted aside (its picture is stale or the window was cleared).
    case cancelAside
    /// Flush, save the screenshots asked for, and present.
    case present
    /// Between the steps after the present: is input waiting? Report with `looked`.
    case lookForInput
    /// Draw a panel's display list and start painting it aside; report with `asideStarted`.
    case startAside(FramePart)
    /// Paint the panel being painted aside for at most `seconds` (one slice); report with `slicePainted`.
    case paintSlice(FramePart, seconds: Double)
    /// Copy a panel painted whole aside into the window's surface: it shows with the next present.
    case copyIn(FramePart)
    /// The frame is presented and the display does not pace the loop: sleep until input
    /// arrives or the display's next refresh.
    case pace(until: Double)
}

/// The window's frame schedule. Every turn of the loop:
///
/// 1. **Wait** only when idle (nothing animates and no frame is owed): until input, the
///    client's next timer, an input source's poll or the heartbeat (0.25 s, so signals and a
///    resized window are seen). A static scene costs almost no CPU. Woken by a poll that
///    found nothing, it waits on.
/// 2. **Read input** and hand it to the client; **advance** the client to now.
/// 3. **Draw a frame** when anything asks for one: input, an animation (and the frame after
///    it stops), a timer that fired, `setNeedsDisplay`, a screenshot, or a frame owed.
///    - In parts (`FramePart`), each painted only when its picture changed: first the parts
///      drawn `.beforeInput` (the toolbar); then the input that came meanwhile is read and
///      the client advanced; then the `.afterInput` parts (the scene, from that newest
///      input); then the present.
///    - The `.aside` parts (the panels) are painted after the present, off to the side, a
///      slice at a time (`slice`), looking for input between slices; when input waits they
///      stop where they are and the next frame draws the scene for it. A panel is copied into
///      the window only when whole, and shows with the next frame, which is then owed: no
///      frame shows half a panel. Waiting input never stops the panels two frames running.
///    - The panels are painted whole before the scene (aside, then copied in: the aside
///      painter keeps their picture and text for the slices that follow) outside the loop
///      (`SDLHost.drawFrame`), on a cleared window, when the window does not show one yet,
///      and for a screenshot.
///    - Input **streams** while this frame and the one before were both drawn for input,
///      under `streamingGap` apart: a panel is then drawn at most every other frame and no
///      more often than the display refreshes, and the panels get one slice a frame.
///    - Input that resized the window in the middle of a frame ends it drawn whole.
/// 4. **Pace**: when something animates or a frame is owed and the present does not wait for
///    the display, sleep until the display's next refresh (input ends the sleep at once), so
///    animation runs at the display's rate, not faster.
public struct FrameSchedule: Sendable {
    /// Seconds between the display's refreshes.
    public let refreshInterval: Double
    /// Whether the renderer's present waits for the display (then the loop does not pace itself).
    public let presentWaits: Bool
    /// The longest an idle loop sleeps before it looks again (signals, the window's size).
    public var heartbeat = 0.25
    /// Two frames drawn for input this close together mean input streams.
    public var streamingGap = 0.1
    /// How long one slice of a panel's aside painting runs before the loop looks for input.
    public var slice = 0.001

    /// Whether the client animates (it said so at its last advance).
    public private(set) var animating = true
    /// Whether a frame is owed: panel work is left, a panel was copied in since the present,
    /// or input came in the middle of a frame whose panels were painted before it.
    public private(set) var owesFrame = false
    private var needsDisplay = true
    private var screenshotsPending = 0

    // The turn.
    private enum Phase: Sendable, Equatable {
        case start
        case idle(since: Double)
        case reading(idleSince: Double?)
        case advancing
        case framing
        case pacing
        case paced
    }
    private var phase = Phase.start
    private var eventsThisTurn = false
    private var timerDue = false
    private var wasAnimating = true
    private var inputSinceFrame = false
    private var lastInputFrame = -1.0
    private var lastFrame = 0.0

    // The frame being drawn.
    private var frame: FramePlan?

    // The panels' aside painting, across frames.
    private var asideFrame = 0
    private var lastAsideStep = 0
    /// The aside frame each panel's list was last drawn in, and the frame and time its last
    /// aside painting started.
    private var drawnIn: [String: Int] = [:]
    private var started: [String: (frame: Int, time: Double)] = [:]
    /// The panel being painted aside.
    public private(set) var painting: FramePart?
    /// Steps the panels took after the last present (a list drawn, a slice painted).
    public private(set) var asideStepsInLastFrame = 0

    public init(refreshInterval: Double, presentWaits: Bool) {
        self.refreshInterval = refreshInterval
        self.presentWaits = presentWaits
    }

    // MARK: Facts from outside the turn

    /// Something changed outside input (a layout, a panel option): draw a frame.
    public mutating func setNeedsDisplay() { needsDisplay = true }
    /// A screenshot was asked for: the next frame draws every part now and saves it.
    public mutating func screenshotRequested() { screenshotsPending += 1 }
    /// The loop starts (again): the first turn draws.
    public mutating func loopStarted(now: Double) {
        phase = .start
        animating = true
        wasAnimating = true
        owesFrame = false
        needsDisplay = true
        lastFrame = now
        frame = nil
    }

    // MARK: The next step

    /// The step the loop takes next. `timer` is the client's next timer, `poll` an input
    /// source's next poll (both on the loop's clock, like `now`): read only when the loop
    /// is about to wait idle (a client's timer may cost a look at its state).
    public mutating func next(now: Double, timer: @autoclosure () -> Double?, poll: @autoclosure () -> Double?) -> FrameStep {
        while true {
            switch phase {
            case .start:
                eventsThisTurn = false
                timerDue = false
                if !animating && !owesFrame {
                    phase = .idle(since: now)
                    continue
                }
                phase = .reading(idleSince: nil)
                return .readInput
            case let .idle(since):
                var until = since + heartbeat
                if let timer = timer() { until = min(until, timer) }
                if let poll = poll() { until = min(until, poll) }
                phase = .reading(idleSince: since)
                return .wait(until: max(now, until))
            case .reading:
                return .readInput
            case .advancing:
                return .advance
            case .framing:
                if let step = nextInPlan(now: now) { return step }
                endFrame()
                phase = .pacing
                continue
            case .pacing:
                phase = .paced
                if (animating || owesFrame) && !presentWaits && now - lastFrame < refreshInterval {
                    return .pace(until: lastFrame + refreshInterval)
                }
                continue
            case .paced:
                lastFrame = now
                phase = .start
                continue
            }
        }
    }

    /// Whether a frame is being drawn (its steps run until its present and the panels' work after it).
    public var inFrame: Bool { phase == .framing }

    /// Whether the input being read is the first after an idle wait (a timer may have
    /// fired: `inputRead`'s `timerDue` is read only then).
    public var readingAfterWait: Bool {
        if case .reading(idleSince: .some) = phase { return true }
        return false
    }

    // MARK: Reports

    /// The loop read input: `events` when SDL had events or a source had input (a frame is
    /// drawn for it), `inputs` when input went to the client. `timerDue` when the client's
    /// next timer is at or before `now`.
    public mutating func inputRead(events: Bool, inputs: Bool, timerDue due: Bool = false, now: Double) {
        if inputs { inputSinceFrame = true }
        if phase == .framing, var f = frame {
            f.inputRead(inputs: inputs || events, screenshots: screenshotsPending > 0, painting: painting)
            if f.droppedPainting { painting = nil }
            frame = f
            return
        }
        guard case let .reading(idleSince) = phase else { return }
        eventsThisTurn = eventsThisTurn || events || inputs
        timerDue = timerDue || due
        // Woken to poll a source that had nothing: sleep on (a timer or the heartbeat ends it).
        if let since = idleSince, !events, !inputs, !due, now - since < heartbeat {
            phase = .idle(since: since)
            return
        }
        phase = .advancing
    }

    /// The client advanced to now; `animating` is what it said.
    public mutating func advanced(animating now: Bool, at time: Double) {
        if phase == .framing {
            animating = animating || now
            return
        }
        guard phase == .advancing else { return }
        wasAnimating = animating
        animating = now
        let frameWanted = animating || wasAnimating || eventsThisTurn || timerDue || needsDisplay || owesFrame
            || screenshotsPending > 0
        guard frameWanted else {
            phase = .pacing
            return
        }
        needsDisplay = false
        let hadInput = inputSinceFrame || eventsThisTurn
        let streaming = hadInput && time - lastInputFrame < streamingGap
        if hadInput { lastInputFrame = time }
        inputSinceFrame = false
        frame = FramePlan(inLoop: true, streaming: streaming)
        phase = .framing
    }

    /// Starts a frame outside the loop (`SDLHost.drawFrame`: every part whole, no input
    /// read), or, for tests, one of the loop's frames as if input did or did not stream.
    /// Not while `run`'s loop is in a turn.
    public mutating func beginFrame(inLoop: Bool, streaming: Bool) {
        if inLoop { inputSinceFrame = false }
        frame = FramePlan(inLoop: inLoop, streaming: streaming)
        phase = .framing
    }

    /// The next step of a frame begun with `beginFrame`; nil once it is done (the loop's
    /// turn then goes on as after any frame).
    public mutating func nextInFrame(now: Double) -> FrameStep? {
        guard phase == .framing else { return nil }
        if let step = nextInPlan(now: now) { return step }
        endFrame()
        phase = .start
        return nil
    }

    /// The frame's parts (nil: drawn whole), whether beginning them cleared the window, and
    /// the parts the window holds a picture of.
    public mutating func frameBegan(parts: [FramePart]?, cleared: Bool, holding: Set<String>) {
        guard var f = frame else { return }
        f.began(parts: parts, cleared: cleared, holding: holding, schedule: &self)
        frame = f
    }

    /// The window's surface or layout changed while the frame read input: it is drawn whole.
    public mutating func surfaceReplaced() {
        guard var f = frame else { return }
        f.surfaceReplaced()
        frame = f
    }

    /// The frame was presented: every screenshot asked for is saved.
    public mutating func presented() { screenshotsPending = 0 }

    /// Whether input waits, and how long the panels' work after this present took (seconds).
    public mutating func looked(inputWaiting: Bool, elapsed: Double) {
        guard var f = frame else { return }
        f.looked(inputWaiting: inputWaiting, elapsed: elapsed)
        frame = f
    }

    /// How a panel's aside painting started.
    public enum AsideStart: Sendable, Equatable {
        /// Its list is the one the window shows: nothing to paint.
        case unchanged
        /// Painting began; slices follow.
        case painting
        /// The aside surface holds that picture already: it is copied in.
        case paintedAlready
        /// No aside surface could be made: the panel was painted whole straight into the
        /// window (after the present: the next frame shows it).
        case paintedInWindow
    }

    /// A panel's list was drawn and its aside painting started as `start` says.
    public mutating func asideStarted(_ part: FramePart, _ start: AsideStart, now: Double) {
        drawnIn[part.name] = asideFrame
        guard var f = frame else { return }
        switch start {
        case .unchanged:
            break
        case .painting:
            started[part.name] = (asideFrame, now)
            painting = part
        case .paintedAlready:
            started[part.name] = (asideFrame, now)
            f.copyIn(part)
        case .paintedInWindow:
            started[part.name] = (asideFrame, now)
            f.shownNextFrame()
        }
        frame = f
    }

    /// A slice of the panel being painted aside was painted; `finished` when it is whole.
    public mutating func slicePainted(finished: Bool) {
        guard finished, let part = painting, var f = frame else { return }
        painting = nil
        f.copyIn(part)
        frame = f
    }

    /// The frame's next step; nil when it is done.
    private mutating func nextInPlan(now: Double) -> FrameStep? {
        guard var f = frame else { return nil }
        let step = f.next(schedule: &self, now: now)
        frame = f
        return step
    }

    private mutating func endFrame() {
        if let f = frame { owesFrame = f.owes }
        frame = nil
    }

    // MARK: The panels' rules (used by FramePlan)

    /// Starts the panels' work after a present.
    fileprivate mutating func asideBegins() -> (mustStep: Bool, frame: Int) {
        asideFrame += 1
        asideStepsInLastFrame = 0
        return (asideFrame - lastAsideStep >= 2, asideFrame)
    }

    fileprivate mutating func asideStepped() {
        lastAsideStep = asideFrame
        asideStepsInLastFrame += 1
    }

    /// The panel drawn longest ago that is due: not drawn this frame, and while input
    /// streams, not started in the last frame nor within a refresh.
    fileprivate func duePanel(_ panels: [FramePart], streaming: Bool, now: Double) -> FramePart? {
        panels.filter { part in
            guard drawnIn[part.name] != asideFrame else { return false }
            guard streaming, let s = started[part.name] else { return true }
            return asideFrame - s.frame >= 2 && now - s.time >= refreshInterval
        }.min { (drawnIn[$0.name] ?? -1) < (drawnIn[$1.name] ?? -1) }
    }

    /// Whether a panel was not drawn in this aside frame (work left for the next).
    fileprivate func panelLeft(_ panels: [FramePart]) -> Bool {
        panels.contains { drawnIn[$0.name] != asideFrame }
    }

    fileprivate mutating func dropPainting() { painting = nil }
}

/// One frame's steps (`FrameSchedule`): a queue decided when the frame begins, extended by
/// what the host reports (input read in the middle, a replaced surface, the panels' work).
private struct FramePlan: Sendable {
    let inLoop: Bool
    let streaming: Bool
    private var queue: [FrameStep] = [.beginFrame]
    private var afterInput: [FrameStep] = []
    private var panels: [FramePart] = []
    private var panelsWholeFirst = true
    /// The steps after the present: the panels aside.
    private var asideActive = false
    private var mustStep = false
    private var stepped = false
    private var looking: (inputWaiting: Bool, elapsed: Double)?
    private var copied = false
    private var inputDuringFrame = false
    private var drawnWhole = false
    private(set) var owes = false

    init(inLoop: Bool, streaming: Bool) {
        self.inLoop = inLoop
        self.streaming = streaming
    }

    mutating func began(parts: [FramePart]?, cleared: Bool, holding: Set<String>, schedule: inout FrameSchedule) {
        guard let parts else {
            drawnWhole = true
            queue = [.cancelAside]
            if schedule.painting != nil { schedule.dropPainting() }
            afterInput = [.drawWhole, .present]
            if inLoop { queue.append(.readInput) } else { queue += afterInput; afterInput = [] }
            return
        }
        panels = parts.filter { $0.moment == .aside }
        let whole = !inLoop || cleared || schedule.screenshotsWaiting
            || panels.contains { !holding.contains($0.name) }
        panelsWholeFirst = whole
        queue = []
        if let p = schedule.painting, cleared || whole || !panels.contains(p) {
            schedule.dropPainting()
            queue.append(.cancelAside)
        }
        queue += parts.filter { $0.moment == .beforeInput }.map(FrameStep.drawPart)
        if whole { queue += panels.map(FrameStep.paintAside) }
        afterInput = parts.filter { $0.moment == .afterInput }.map(FrameStep.drawPart) + [.present]
        if inLoop { queue.append(.readInput) } else { queue += afterInput; afterInput = [] }
    }

    /// The panel being painted aside was dropped for the panels painted whole (a screenshot).
    private(set) var droppedPainting = false

    /// The input that came in the middle of the frame was read: the client advances for it,
    /// and a screenshot it asked for shows every panel as it is now.
    mutating func inputRead(inputs: Bool, screenshots: Bool, painting: FramePart?) {
        inputDuringFrame = inputDuringFrame || inputs
        queue = inputs ? [.advance] : []
        if screenshots && !panelsWholeFirst {
            panelsWholeFirst = true
            if painting != nil {
                droppedPainting = true
                queue.append(.cancelAside)
            }
            queue += panels.map(FrameStep.paintAside)
        }
        queue += afterInput
        afterInput = []
    }

    /// After `inputRead`: the input resized the window; the frame is drawn whole.
    mutating func surfaceReplaced() {
        queue = (queue.first == .advance ? [.advance] : []) + [.cancelAside, .drawWhole, .present]
        drawnWhole = true
    }

    mutating func looked(inputWaiting: Bool, elapsed: Double) { looking = (inputWaiting, elapsed) }

    mutating func copyIn(_ part: FramePart) {
        copied = true
        queue.append(.copyIn(part))
    }

    /// A panel changed in the window after the present: the next frame shows it.
    mutating func shownNextFrame() { copied = true }

    mutating func next(schedule: inout FrameSchedule, now: Double) -> FrameStep? {
        if !queue.isEmpty {
            let step = queue.removeFirst()
            if step == .present { presentQueued(schedule: &schedule) }
            if case .cancelAside = step, schedule.painting != nil { schedule.dropPainting() }
            return step
        }
        guard asideActive else { return nil }
        // The panels after the present: one step at a time while they may go on.
        if !(mustStep && !stepped) {
            guard let look = looking else { return .lookForInput }
            looking = nil
            if streaming && look.elapsed >= schedule.slice { return finishAside(schedule) }
            if look.inputWaiting { return finishAside(schedule) }
        }
        stepped = true
        schedule.asideStepped()
        if let part = schedule.painting { return .paintSlice(part, seconds: schedule.slice) }
        guard let part = schedule.duePanel(panels, streaming: streaming, now: now) else { return finishAside(schedule) }
        return .startAside(part)
    }

    /// The present is about to be performed: what follows it.
    private mutating func presentQueued(schedule: inout FrameSchedule) {
        schedule.presented()
        if drawnWhole || !inLoop {
            owes = false
            return
        }
        if panelsWholeFirst {
            // Input handed over between the panels and the scene changed what they show.
            owes = inputDuringFrame
            return
        }
        guard !panels.isEmpty else { owes = false; return }
        asideActive = true
        (mustStep, _) = schedule.asideBegins()
        stepped = false
        copied = false
    }

    private mutating func finishAside(_ schedule: FrameSchedule) -> FrameStep? {
        asideActive = false
        owes = schedule.painting != nil || schedule.panelLeft(panels) || copied
        return nil
    }
}

extension FrameSchedule {
    fileprivate var screenshotsWaiting: Bool { screenshotsPending > 0 }
}
