// FrameLoop: the window's loop. It asks the frame schedule (`FrameSchedule`) for the next
// step and performs it: the schedule decides, this file only does what a step says, with SDL.
import CSDL2
import TouchCore
import TouchDraw
import TouchScene

extension SDLHost {
    /// Runs until the window closes, SIGINT / SIGTERM arrive, or `requestQuit()`. Returns
    /// the reason; the client got `.quit(reason)` just before.
    @discardableResult
    public func run(client: HostClient) -> QuitReason {
        withSignalsCaught {
            quitReason = nil
            client.hostDidStart(self)
            refreshLayout(sceneSize: client.sceneSize)
            layoutChangePending = false
            client.hostCommand(.layoutChanged(layout))
            if !pads.pads.isEmpty { client.hostCommand(.padsChanged(pads.pads)) }
            schedule.loopStarted(now: time)
            while true {
                let step = schedule.next(now: time, timer: client.nextWakeTime, poll: sources.nextPoll)
                if let reason = perform(step, client: client) { return reason }
            }
        }
    }

    /// Draws one frame with `client` and presents it, every part whole, reading no input
    /// (tests and the bench; not from inside `run`).
    public func drawFrame(_ client: HostClient) {
        schedule.beginFrame(inLoop: false, streaming: false)
        while let step = schedule.nextInFrame(now: time) { _ = perform(step, client: client) }
    }

    /// Draws one of the loop's frames as `run` would (the panels aside after the present),
    /// as if input did or did not stream; without `readsInput` the input waiting in SDL's
    /// queue stays there. Returns whether the loop would owe the next frame. For tests.
    func drawLoopFrame(_ client: HostClient, streaming: Bool, readsInput: Bool) -> Bool {
        schedule.beginFrame(inLoop: true, streaming: streaming)
        while let step = schedule.nextInFrame(now: time) {
            if step == .readInput && !readsInput {
                schedule.inputRead(events: false, inputs: false, now: time)
                continue
            }
            _ = perform(step, client: client)
        }
        return schedule.owesFrame
    }

    /// Performs one step of the schedule; the reason when the loop ends.
    private func perform(_ step: FrameStep, client: HostClient) -> QuitReason? {
        switch step {
        case let .wait(until), let .pace(until):
            let ms = max(0, ((until - time) * 1000).rounded(.up))
            if ms > 0 { SDL_WaitEventTimeout(nil, Int32(min(ms, 1000))) }
        case .readInput:
            return readInput(client)
        case .advance:
            schedule.advanced(animating: client.advance(to: time), at: time)
        case .beginFrame:
            beginFrame(client)
        case let .drawPart(part):
            guard let target = frameTarget else { break }
            var list = DisplayList(size: target.layout.canvasSize, background: options.background)
            client.draw(part, into: &list, layout: target.layout)
            painter.paintPart(part, list, surface: target.surface, fallback: options.background)
        case let .paintAside(part):
            guard let target = frameTarget else { break }
            var list = DisplayList(size: target.layout.canvasSize, background: options.background)
            client.draw(part, into: &list, layout: target.layout)
            if painter.shows(part, list) { break }
            switch aside.start(part, list, like: target.surface, main: painter, background: options.background) {
            case .painting?:
                aside.paintWhole()
                aside.copyIn(part, window: target.surface, main: painter)
            case .paintedAlready?:
                aside.copyIn(part, window: target.surface, main: painter)
            case .unchanged?, .paintedInWindow?, nil:
                painter.paintPart(part, list, surface: target.surface, fallback: options.background)
            }
        case .drawWhole:
            frameTarget = nil
            var list = DisplayList(size: layout.canvasSize, background: options.background)
            client.draw(into: &list, layout: layout)
            // SDL's software renderer draws into the window's own surface: shapes are written
            // straight into it, as offscreen (text and images still go through the renderer).
            painter.paint(list, directTarget: painter.usesSpans ? SDL_GetWindowSurface(window) : nil)
        case .cancelAside:
            aside.cancel()
        case .present:
            if frameTarget != nil { painter.endParts() }
            present(client)
            presentedAt = SDL_GetPerformanceCounter()
        case .lookForInput:
            let elapsed = Double(SDL_GetPerformanceCounter() - presentedAt) / Double(SDL_GetPerformanceFrequency())
            schedule.looked(inputWaiting: inputWaiting(), elapsed: elapsed)
        case let .startAside(part):
            guard let target = frameTarget else { break }
            var list = DisplayList(size: target.layout.canvasSize, background: options.background)
            client.draw(part, into: &list, layout: target.layout)
            if painter.shows(part, list) {
                schedule.asideStarted(part, .unchanged, now: time)
            } else if let start = aside.start(part, list, like: target.surface, main: painter, background: options.background) {
                schedule.asideStarted(part, start, now: time)
            } else {
                painter.paintPart(part, list, surface: target.surface, fallback: options.background)
                schedule.asideStarted(part, .paintedInWindow, now: time)
            }
        case let .paintSlice(_, seconds):
            schedule.slicePainted(finished: aside.paintSlice(seconds: seconds))
        case let .copyIn(part):
            if let target = frameTarget { aside.copyIn(part, window: target.surface, main: painter) }
        }
        return nil
    }

    /// Reads every pending input and hands it to the client; the quit reason when the loop
    /// ends. In the middle of a frame, a window whose surface or layout the input replaced
    /// ends the frame drawn whole.
    private func readInput(_ client: HostClient) -> QuitReason? {
        let padsBefore = pads.pads
        let (inputs, events) = readPending()
        for input in inputs { client.handle(input) }
        // The evdev device's frames among them are dispatched now (the event model done).
        if !inputs.isEmpty, let device = sources.first(EvdevTouchscreen.self) {
            device.inputsHandled(atMonotonic: EvdevReader.monotonicMicroseconds())
        }
        if pads.pads != padsBefore { client.hostCommand(.padsChanged(pads.pads)) }
        noteSignals()
        // A quit asked for in the middle of a frame ends the loop after it (it may save a
        // screenshot asked for with the quit).
        if let reason = quitReason, !schedule.inFrame {
            client.hostCommand(.quit(reason))
            return reason
        }
        if let target = frameTarget {
            if SDL_GetWindowSurface(window) != target.surface || layout != target.layout {
                frameTarget = nil
                schedule.inputRead(events: events, inputs: !inputs.isEmpty, now: time)
                schedule.surfaceReplaced()
                return nil
            }
        } else {
            refreshLayout(sceneSize: client.sceneSize)
            if layoutChangePending {
                layoutChangePending = false
                schedule.setNeedsDisplay()
                client.hostCommand(.layoutChanged(layout))
            }
        }
        let timerDue = schedule.readingAfterWait && (client.nextWakeTime.map { $0 <= time } ?? false)
        schedule.inputRead(events: events, inputs: !inputs.isEmpty, timerDue: timerDue, now: time)
        return nil
    }

    /// Asks the client for the frame's parts and begins painting them into the window's
    /// surface, when the painter can keep parts there; else the frame is drawn whole.
    private func beginFrame(_ client: HostClient) {
        let surface = painter.usesSpans ? SDL_GetWindowSurface(window) : nil
        if let surface, painter.canPaintParts(into: surface), let parts = client.frameParts(layout: layout),
           FramePart.areDisjoint(parts) {
            frameTarget = (surface, layout)
            let cleared = painter.beginParts(parts, surface: surface, background: options.background)
            schedule.frameBegan(parts: parts, cleared: cleared, holding: Set(parts.filter(painter.holds).map(\.name)))
        } else {
            frameTarget = nil
            schedule.frameBegan(parts: nil, cleared: false, holding: [])
        }
    }

    /// Whether input is waiting in SDL's queue (the window system's events read first).
    func inputWaiting() -> Bool {
        SDL_PumpEvents()
        return SDL_HasEvents(SDL_KEYDOWN.rawValue, SDL_MULTIGESTURE.rawValue) == SDL_TRUE
    }
}
