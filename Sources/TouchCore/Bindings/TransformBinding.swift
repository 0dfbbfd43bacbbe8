// TransformBinding: recognizer output driving a view's transform (direct manipulation,
// momentum after release, limits with a spring back), advanced by the host's clock.
import RealModule

/// The part of a view's transform a binding drives.
public enum TransformComponent: String, Sendable, Hashable {
    /// The scale factor, from a pinch's `scale` (scene: `bind: scale`).
    case scale
    /// The rotation, from a rotation's `rotation` (`bind: rotation`).
    case rotation
    /// The translation, from a pan's `translation` (`bind: translation`).
    case translation
}

/// A view's manipulated transform: `base`, then scale and rotation about the centre, then a
/// translation. Every binding on one view shares one of these, so pinch, rotation and pan
/// combine while they run simultaneously.
public final class ManipulatedTransform {
    /// The view it moves. Held weakly: the view owns its shared one (`View.manipulation`),
    /// and a program may keep this object, or make its own, longer than the view lives.
    /// Nil once the view is gone: changes then move nothing.
    public private(set) weak var view: View?
    /// The view's transform when the first binding attached: what scale, rotation and
    /// translation are applied on top of.
    public let base: AffineTransform
    /// The scale factor bound recognizers applied (1: as at ``base``).
    public var scale = 1.0 { didSet { apply() } }
    /// The rotation bound recognizers applied, in radians, positive clockwise on screen.
    public var rotation = 0.0 { didSet { apply() } }
    /// The translation bound recognizers applied, in the superview's points.
    public var translation = Point.zero { didSet { apply() } }

    /// A manipulation of `view` starting from its current transform; use ``of(_:)`` to share
    /// the view's one.
    public init(view: View) {
        self.view = view
        base = view.transform
    }
    func apply() {
        view?.transform = base
            .concatenating(AffineTransform(scaleX: scale, y: scale))
            .concatenating(AffineTransform(rotationAngle: rotation))
            .concatenating(AffineTransform(translationX: translation.x, y: translation.y))
    }
    /// The shared state for `view`, created on first use.
    public static func of(_ view: View) -> ManipulatedTransform {
        if let m = view.manipulation { return m }
        let m = ManipulatedTransform(view: view)
        view.manipulation = m
        return m
    }
}

/// Binds one recognizer's output (`outputs.scale`, `.rotation`, `.translation`, velocities)
/// to one component of a view's transform.
///
///     TransformBinding(recognizer: pinch, view: photo, component: .scale).install()
public final class TransformBinding: TimeListener {
    /// The recognizer whose output drives the view (pinch, rotation, pan).
    public let recognizer: GestureRecognizer
    /// The shared transform state of the bound view.
    public let target: ManipulatedTransform
    /// The part of the transform this binding drives.
    public let component: TransformComponent
    /// Keep moving after release with the recognizer's velocity, decelerating.
    public var momentum = false
    /// The lower limit: a scale factor, or a rotation in radians (unused for translation).
    public var minimum: Double?
    /// The upper limit, in the unit of ``component`` (for translation: the largest distance
    /// from where it started, in points).
    public var maximum: Double?
    /// Past a limit: follow with resistance and spring back on release (false: clamp).
    public var spring = false
    /// Velocity kept per millisecond during momentum (UIKit's normal deceleration rate).
    public var decelerationRate = 0.998
    /// How fast a spring returns to the limit (1/s).
    public var springStiffness = 12.0

    private var start = 0.0
    private var startTranslation = Point.zero
    private var velocity = 0.0
    private var velocityVector = Point.zero
    private var lastTime: Double?
    private var animating = false

    /// A binding of `recognizer`'s output to `view`'s `component`; call ``install()`` to start.
    public init(recognizer: GestureRecognizer, view: View, component: TransformComponent) {
        self.recognizer = recognizer
        self.target = ManipulatedTransform.of(view)
        self.component = component
    }

    /// Starts listening to the recognizer.
    public func install() {
        recognizer.addTarget { [weak self] r in self?.recognizerChanged(r) }
    }

    private func recognizerChanged(_ r: GestureRecognizer) {
        let out = r.outputs
        switch r.state {
        case .began:
            animating = false
            start = component == .scale ? target.scale : target.rotation
            startTranslation = target.translation
            follow(out)
        case .changed:
            follow(out)
        case .ended, .recognized, .cancelled:
            follow(out)
            velocity = out.velocity ?? 0
            velocityVector = superviewVector(out.velocityVector ?? .zero)
            if r.state == .cancelled { velocity = 0; velocityVector = .zero }
            if (momentum && (abs(velocity) > 1e-3 || velocityVector.length > 1)) || isBeyondLimits {
                animating = true
                lastTime = r.application?.time
                r.application?.addTimeListener(self)
            }
        case .possible, .failed:
            break
        }
    }

    private func follow(_ out: GestureOutputs) {
        switch component {
        case .scale:
            if let s = out.scale { target.scale = limited(start * s) }
        case .rotation:
            if let a = out.rotation { target.rotation = limited(start + a) }
        case .translation:
            if let t = out.translation {
                let d = superviewVector(t)
                target.translation = limitedTranslation(startTranslation + d)
            }
        }
    }

    /// Window-space vectors into the view's superview space (where its centre moves).
    private func superviewVector(_ v: Point) -> Point {
        guard let sup = target.view?.superview else { return v }
        let a = sup.convert(Point.zero, from: nil), b = sup.convert(v, from: nil)
        return b - a
    }

    // MARK: Limits

    private var isBeyondLimits: Bool {
        switch component {
        case .scale: return clamp(target.scale) != target.scale
        case .rotation: return clamp(target.rotation) != target.rotation
        case .translation: return maximum.map { target.translation.length > $0 } ?? false
        }
    }
    private func clamp(_ v: Double) -> Double {
        var x = v
        if let lo = minimum { x = max(x, lo) }
        if let hi = maximum { x = min(x, hi) }
        return x
    }
    /// Clamps, or with `spring` follows beyond the limit with resistance (a third of the excess).
    private func limited(_ v: Double) -> Double {
        let c = clamp(v)
        return spring ? c + (v - c) / 3 : c
    }
    private func limitedTranslation(_ p: Point) -> Point {
        guard let hi = maximum, p.length > hi, p.length > 0 else { return p }
        let allowed = spring ? hi + (p.length - hi) / 3 : hi
        return p * (allowed / p.length)
    }

    // MARK: Animation (momentum, spring back)

    /// Runs momentum after release (slowing by ``decelerationRate``) and the spring back to a
    /// limit; asks for more calls while either moves.
    public func timeDidAdvance(to time: Double) -> Bool {
        guard animating, recognizer.state != .began, recognizer.state != .changed else { animating = false; return false }
        let dt = max(0, time - (lastTime ?? time))
        lastTime = time
        if dt == 0 { return true }
        let keep = Double.pow(decelerationRate, dt * 1000)
        switch component {
        case .scale:
            target.scale = clampOrSpring(target.scale, dt)
            if momentum { target.scale = clampOrSpring(target.scale + velocity * dt, dt) }
        case .rotation:
            if momentum { target.rotation += velocity * dt }
            target.rotation = clampOrSpring(target.rotation, dt)
        case .translation:
            if momentum { target.translation = target.translation + velocityVector * dt }
            if let hi = maximum, target.translation.length > hi {
                let p = target.translation
                let goal = p * (hi / p.length)
                target.translation = spring ? goal + (p - goal) * Double.exp(-springStiffness * dt) : goal
                if (target.translation - goal).length < 0.5 { target.translation = goal }
            }
        }
        velocity *= keep
        velocityVector = velocityVector * keep
        let moving = momentum && (abs(velocity) > 1e-3 || velocityVector.length > 1)
        animating = moving || isBeyondLimits
        return animating
    }

    private func clampOrSpring(_ v: Double, _ dt: Double) -> Double {
        let c = clamp(v)
        if c == v { return v }
        if !spring { velocity = 0; return c }
        velocity = 0
        let next = c + (v - c) * Double.exp(-springStiffness * dt)
        return abs(next - c) < 1e-3 ? c : next
    }
}
