// Touch types in delivery: the traits a finger takes when it lands, a palm that is never
// delivered or that cancels a finger, and the recognizers that leave a touch out for its
// type (`allowedTouchTypes`, `requiresExclusiveTouchType`; rule `touchType`).

extension GestureRecognizer {
    /// Why this recognizer does not analyse `touch` for its type (a trace note carrying a
    /// ``GestureRule/touchType`` decision), or nil when it does: UIKit's `allowedTouchTypes`
    /// ("the default value of this property contains all touch types") and
    /// `requiresExclusiveTouchType` ("automatically ignores new touches whose type doesn't
    /// match the type of the initial touch"; the initial touch is the first it tracks since
    /// it was last reset).
    func touchTypeRefusal(_ touch: Touch) -> TraceText? {
        let type = touch.type
        if !allowedTouchTypes.contains(type) {
            let allowed = allowedTouchTypes.sorted().map(\.rawValue).joined(separator: ", ")
            let note: TraceText = "\(id) does not analyse touch \(touch.id): it is \(type.rawValue), and allowedTouchTypes is [\(allowed)]"
            return note.with(decision: GestureDecision(.touchType, about: traceName, by: [TraceName(type.rawValue)]))
        }
        if requiresExclusiveTouchType, let first = hot.trackedTouches.first, first.type != type {
            let note: TraceText = "\(id) does not analyse touch \(touch.id): it is \(type.rawValue), and with requiresExclusiveTouchType it follows only \(first.type.rawValue) touches since touch \(first.id)"
            return note.with(decision: GestureDecision(.touchType, about: traceName, by: [TraceName(type.rawValue)]))
        }
        return nil
    }
}

extension Application {
    /// Whether the mouse is an indirect pointer (``TouchType/indirectPointer``) rather than
    /// an emulated finger (``TouchType/direct``, the default): what an app opts in to with
    /// `UIApplicationSupportsIndirectInputEvents`, a scene with `supportsIndirectInputEvents:
    /// true`. Read when a touch lands.
    public var supportsIndirectInputEvents: Bool {
        get { hot.supportsIndirectInputEvents }
        set { hot.supportsIndirectInputEvents = newValue }
    }

    /// The traits of a finger landing now: those sent for it (`touchTraits`), else a mouse's
    /// or a touchscreen finger's.
    func traits(for key: TouchKey, emulated: Bool) -> TouchTraits {
        if !hot.pendingTraits.isEmpty, let t = hot.pendingTraits.removeValue(forKey: key) { return t }
        guard emulated else { return .finger }
        var t = TouchTraits.mouse
        if hot.supportsIndirectInputEvents { t.type = .indirectPointer }
        return t
    }

    /// Traits sent for finger `key`: the touch down for it takes them (its type stays the one
    /// it landed with, as a `UITouch`'s), or they wait for the finger to land. A palm not
    /// down is noted and never delivered.
    func receive(_ traits: TouchTraits, for key: TouchKey) {
        var traits = traits
        traits.isReported = true
        if let touch = hot.activeTouches[key] {
            let type = touch.hot.traits.type
            touch.hot.traits = traits
            touch.hot.traits.type = type
            return
        }
        if traits.isPalm {
            tracer.emit(time, .note(topic: "delivery", text: "palm on finger \(key.finger) not delivered: the device reports MT_TOOL_PALM"))
            return
        }
        hot.pendingTraits[key] = traits
    }

    /// A note of what the input reported of a touch that is not a plain finger or mouse
    /// (`touch 3: pencil, force 1.2 of 2, radius 5.1 ± 0.4 pt`): its type, force and size.
    func traceTraits(_ touch: Touch) {
        tracer.emit(time, .note(topic: "touch", text: TraceText("touch \(touch.id): " + touch.details.text)))
    }

    /// Cancels the touch down for `key` alone (a finger that turned into a palm): its
    /// recognizers and view get `cancelled` with `reason`; the other fingers go on.
    public func cancelTouch(_ key: TouchKey, reason: String) {
        hot.pendingTraits[key] = nil
        guard let touch = hot.activeTouches.removeValue(forKey: key), let event = hot.currentEvent else { return }
        tracer.emit(time, .note(topic: "cancel", text: "cancelling touch \(touch.id): \(reason)"))
        traceSample(touch, .cancelled)
        touch.lift(as: .cancelled)
        hot.arena.touchLeft()
        touch.hot.timestamp = time
        event.hot.timestamp = time
        for r in touch.gestureRecognizers where r.isTracking(touch) && !r.state.isTerminal { r.touchCancelled(touch, event: event, reason: reason) }
        deliverToView(touch, .cancelled, event, reason: "cancelled: \(reason)")
        endSequenceIfDone()
    }
}
