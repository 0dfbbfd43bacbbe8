// Responder: anything that can receive events and pass them along the responder chain.

/// The subtype of a motion event.
public enum MotionSubtype: String, Sendable, Hashable {
    /// A shake of the device (`UIEvent.EventSubtype.motionShake`): Ctrl+Z, a gamepad's back
    /// button, or an accelerometer's jolt.
    case shake
}

/// An object that responds to and handles events, as `UIResponder`.
///
/// Unhandled events travel to `next`. Override the touch, motion and remote methods in a
/// subclass, or set the data-driven flags (`handledActions`, `handlesMotion`,
/// `handlesRemoteControl`) that scene files use.
///
///     final class Canvas: View { override func touchesBegan(_ t: [Touch], with e: Event) { ... } }
open class Responder {
    /// The id this responder has in the scene and the trace.
    public let id: String
    /// `id` as trace records name it (made once, here).
    public let traceName: TraceName
    /// The application this responder belongs to while it is in the application's window
    /// (or is the application, its delegate or a view controller there). A back reference:
    /// cleared when the responder leaves the window, when the application takes another
    /// delegate, when another view controller takes over a controller's view, and when the
    /// application goes away, so a responder kept longer reads nil, never a freed application.
    public internal(set) final var application: Application? {
        get { links.application?.takeUnretainedValue() }
        set { links.application = newValue.map { Unmanaged.passUnretained($0) } }
    }
    /// A scene-level override of `next` (`next:` in the scene file). Held weakly: it is
    /// any responder, not this one's owner.
    public var nextOverride: Responder? {
        get { links.nextOverride }
        set { links.nextOverride = newValue }
    }
    /// The responder's links, read for every touch message it passes on (and every record
    /// it traces): one internal field whose exclusivity is not checked at run time
    /// (docs/performance.md). The public properties are computed from it.
    @exclusivity(unchecked) final var links = ResponderLinks()

    /// A responder named `id` in the trace. Ids need not be unique, but the trace and scene
    /// files can only tell apart what is named apart.
    public init(id: String) { self.id = id; traceName = TraceName(id) }

    /// The next responder in the chain; `nextOverride` wins over the natural one.
    public var next: Responder? { nextOverride ?? naturalNext }
    /// The chain's natural next link (superview, view controller, window, application...).
    open var naturalNext: Responder? { nil }

    /// The chain from this responder up, this one first.
    public var responderChain: [Responder] {
        var out: [Responder] = []
        var seen = Set<ObjectIdentifier>()
        var r: Responder? = self
        while let cur = r, seen.insert(ObjectIdentifier(cur)).inserted {
            out.append(cur); r = cur.next
        }
        return out
    }

    // MARK: First responder

    /// Whether this responder accepts first-responder status (default false).
    open var canBecomeFirstResponder: Bool = false
    /// Whether this responder lets go of first-responder status when asked (default true). A
    /// responder that returns false keeps it against ``Application/makeFirstResponder(_:reason:)``.
    open var canResignFirstResponder: Bool { true }
    /// Whether this responder is its application's ``Application/firstResponder``.
    public var isFirstResponder: Bool { application?.firstResponder === self }

    /// Asks to become first responder; returns whether it did.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        application?.makeFirstResponder(self, reason: "becomeFirstResponder") ?? false
    }
    /// Gives up first-responder status, as `UIResponder.resignFirstResponder()`. Returns false
    /// when this responder is not first responder or refuses (``Responder/canResignFirstResponder``).
    /// The trace's `first-responder` record gives the reason "`id` resigned".
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard isFirstResponder, canResignFirstResponder, let app = application else { return false }
        return app.makeFirstResponder(nil, reason: "\(id) resigned")
    }
    /// Called after this responder became first responder (text fields begin editing here).
    open func didBecomeFirstResponder() {}
    /// Called after this responder stopped being first responder, however that happened.
    open func didResignFirstResponder() {}

    // MARK: Touches (default: pass to the next responder)

    /// One or more touches landed on this responder (`UIResponder.touchesBegan(_:with:)`).
    /// The default passes the message to ``Responder/next``; the trace shows it as a `touches` record
    /// with the reason "forwarded by `id`". Override to handle touches yourself.
    open func touchesBegan(_ touches: [Touch], with event: Event) { forward(.began, touches, event) }
    /// Touches of this responder moved (`UIResponder.touchesMoved(_:with:)`). The default
    /// passes the message to ``Responder/next``.
    open func touchesMoved(_ touches: [Touch], with event: Event) { forward(.moved, touches, event) }
    /// Touches of this responder lifted (`UIResponder.touchesEnded(_:with:)`). The default
    /// passes the message to ``Responder/next``.
    open func touchesEnded(_ touches: [Touch], with event: Event) { forward(.ended, touches, event) }
    /// Touches of this responder were cancelled: a recognizer took them, the window lost focus,
    /// the scene reloaded (`UIResponder.touchesCancelled(_:with:)`). The touch's sequence is over;
    /// release what you hold for it. The default passes the message to ``Responder/next``.
    open func touchesCancelled(_ touches: [Touch], with event: Event) { forward(.cancelled, touches, event) }

    /// Passes a touch message to the next responder, as UIResponder's default does.
    public func forward(_ phase: TouchPhase, _ touches: [Touch], _ event: Event) {
        guard let next else { return }
        next.receive(phase, touches, event, forwardedBy: self)
    }
    /// The trace reason of forwarded touch messages, built once (it is sent on every move).
    private var forwardedReason: String {
        if let s = links.forwardedReason { return s }
        let s = "forwarded by \(id)"
        links.forwardedReason = s
        return s
    }

    /// Delivers one touch message to this responder and records it in the trace.
    public func receive(_ phase: TouchPhase, _ touches: [Touch], _ event: Event, reason: String?) {
        // A view removed from the window mid-touch still gets its touch's messages (as in
        // UIKit), traced through the touch's window.
        let attached: Void? = withApp { app in
            if app.tracer.isOn {
                app.tracer.emit(app.time, .touches(phase: phase, view: traceName, touches: Self.traceIDs(touches), reason: reason))
            }
        }
        if attached == nil, let app = touches.first?.window?.application, app.tracer.isOn {
            app.tracer.emit(app.time, .touches(phase: phase, view: traceName, touches: Self.traceIDs(touches), reason: reason))
        }
        handle(phase, touches, event)
    }

    /// `receive` for a message passed on by `forwarder` ("forwarded by …").
    private func receive(_ phase: TouchPhase, _ touches: [Touch], _ event: Event, forwardedBy forwarder: Responder) {
        _ = withApp { app in
            app.tracer.emit(app.time, .touches(phase: phase, view: traceName, touches: Self.traceIDs(touches),
                                               reason: forwarder.forwardedReason))
        }
        handle(phase, touches, event)
    }

    /// The touch ids of a message's record (a one-touch message shares its touch's list).
    private static func traceIDs(_ touches: [Touch]) -> [Int] {
        touches.count == 1 ? touches[0].idAsList : touches.map(\.id)
    }

    private func handle(_ phase: TouchPhase, _ touches: [Touch], _ event: Event) {
        switch phase {
        case .began: touchesBegan(touches, with: event)
        case .moved, .stationary: touchesMoved(touches, with: event)
        case .ended: touchesEnded(touches, with: event)
        case .cancelled: touchesCancelled(touches, with: event)
        }
    }

    // MARK: Motion

    /// Whether this responder handles shake motion itself (scene: `handlesMotion`).
    public var handlesMotion = false
    /// A shake started (`UIResponder.motionBegan(_:with:)`). Shake goes to the first
    /// responder (the application when there is none). The default handles it when
    /// ``Responder/handlesMotion`` is set (the event's `handledBy` becomes this responder), and passes it
    /// to ``Responder/next`` otherwise.
    open func motionBegan(_ motion: MotionSubtype, with event: Event) { forwardMotion(.began, motion, event) }
    /// A shake ended (`UIResponder.motionEnded(_:with:)`); handled or passed on as
    /// ``Responder/motionBegan(_:with:)``.
    open func motionEnded(_ motion: MotionSubtype, with event: Event) { forwardMotion(.ended, motion, event) }
    /// A shake was cancelled: it lasted longer than ``Defaults/shakeMaxDuration``, or input was
    /// interrupted (`UIResponder.motionCancelled(_:with:)`); handled or passed on as
    /// ``Responder/motionBegan(_:with:)``.
    open func motionCancelled(_ motion: MotionSubtype, with event: Event) { forwardMotion(.cancelled, motion, event) }

    /// Delivers one motion message here; returns the responder that handled it, or nil.
    @discardableResult
    public func receiveMotion(_ phase: MotionPhase, _ motion: MotionSubtype, _ event: Event) -> Responder? {
        event.hot.handledBy = nil
        switch phase {
        case .began: motionBegan(motion, with: event)
        case .ended: motionEnded(motion, with: event)
        case .cancelled: motionCancelled(motion, with: event)
        }
        if handlesMotion, event.handledBy == nil { event.hot.handledBy = self }
        return event.handledBy
    }
    private func forwardMotion(_ phase: MotionPhase, _ motion: MotionSubtype, _ event: Event) {
        if handlesMotion { event.hot.handledBy = self; return }
        if let next { _ = next.receiveMotion(phase, motion, event) }
    }

    // MARK: Remote control (the legacy first-responder path)

    /// Whether this responder handles remote-control events (scene: `handlesRemote`).
    public var handlesRemoteControl = false
    /// A remote-control command reached this responder on the legacy path
    /// (`UIResponder.remoteControlReceived(with:)`): a command no ``RemoteCommandCenter`` handler
    /// takes goes to the first responder (the application when there is none) and up the chain.
    /// The default handles it when ``Responder/handlesRemoteControl`` is set, and passes it to ``Responder/next``
    /// otherwise; the `remote` trace record names who handled it.
    open func remoteControlReceived(with event: Event) {
        if handlesRemoteControl { event.hot.handledBy = self; return }
        next?.remoteControlReceived(with: event)
    }

    // MARK: Actions

    /// Action names this responder implements (scene: `actions`).
    public var handledActions: Set<String> = []
    /// Called when an action this responder implements arrives; the default records nothing.
    public var onAction: ((String, Responder?) -> Void)?

    /// Whether this responder can perform `action` (UIKit's `canPerformAction(_:withSender:)`).
    open func canPerformAction(_ action: String, withSender sender: Responder?) -> Bool {
        handledActions.contains(action)
    }
    /// Performs an action this responder implements.
    open func perform(_ action: String, sender: Responder?) { onAction?(action, sender) }

    /// The responder that would receive `action` travelling the chain from here.
    public func target(forAction action: String, withSender sender: Responder?) -> Responder? {
        for r in responderChain where r.canPerformAction(action, withSender: sender) { return r }
        return nil
    }
}

extension Responder {
    /// `body` with the application, or nil when the responder is attached to none.
    func withApp<R>(_ body: (Application) -> R) -> R? {
        guard let app = links.application else { return nil }
        return app._withUnsafeGuaranteedRef(body)
    }
}

/// What a ``Responder`` keeps of its chain (its stored field `links`).
struct ResponderLinks {
    /// `Responder.application`: a back reference (see `View.superview`).
    /// Unmanaged, as an `unowned(unsafe)` reference is, and read borrowed by `withApp`.
    var application: Unmanaged<Application>?
    /// `Responder.nextOverride`: held weakly (not this responder's owner).
    weak var nextOverride: Responder?
    /// "forwarded by `id`", made the first time the responder passes a touch message on.
    var forwardedReason: String?
}
