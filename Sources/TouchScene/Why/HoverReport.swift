// HoverReport: what `touchscope why` says about a scene's hover recognizers. A hover is no
// touch sequence, so it is answered in its own section, after the sequences:
//
//   Hovers:
//     pencilHover on canvas: began at 0 s at (368.83, 193.79), zOffset 0.4921; ended at 0.028 s, rule pointerTouched (4 changes, zOffset 0.4762 to 0.4921)
//       ended: the pen touched the screen
//     rollover on link: never began, rule pointerOver (measured 42.5 pt, limit 0 pt)
//       no hovering pointer came over link: the nearest was 42.5 pt from it, at 0.3 s (350, 150)
//
// Each hover comes from the recognizer's `gesture` records (began, changed, ended, with the
// rule that ended it: `pointerOver` the pointer left, `pointerTouched` a button went down or
// the pen touched, `penOutOfRange`, `interrupted`), its zOffset read from the recognizer as
// each record is made. Why one never began comes from the inputs: none hovered at all; the
// pointer never came over the view (how near it came, in points, measured in the view's
// own space); it came over only while touching (a button down, the pen on the screen); it
// hovered over the view but the hit test chose another view there; the recognizer is
// disabled.
import TouchCore

/// The hovers of a scene's hover recognizers during a replay, and why those that never
/// began did not. Feed it the trace (`receive`) and each input before it is handled (`note`).
public final class HoverWhy: TraceSink {
    /// One hover: from `began` to `ended`.
    public struct Hover: Sendable, Equatable {
        /// When it began, and where the pointer was then (window points).
        public var began: Double
        /// See `began`.
        public var location: Point
        /// The zOffset it began with (0 for the mouse).
        public var zOffset: Double
        /// The smallest and largest zOffset while it lasted.
        public var zMin: Double, zMax: Double
        /// How many `changed` it had.
        public var changes = 0
        /// When it ended (nil: still hovering when the replay ended), the rule and the reason.
        public var ended: Double?
        /// See `ended`.
        public var rule: GestureRule?
        /// See `ended`.
        public var reason = ""
    }

    /// One hover recognizer's answer.
    public struct Verdict: Sendable {
        /// The recognizer and its view.
        public var id: String
        /// See `id`.
        public var view: String
        /// Its hovers, in order (the latest ``HoverWhy/maxHovers``).
        public var hovers: [Hover]
        /// How many earlier hovers were only counted.
        public var earlier = 0
        /// Why it never began (nil when it did): the rule (`pointerOver`, with how near the
        /// pointer came, pt, against the limit 0) and the sentence.
        public var neverBegan: GestureDecision?
        /// See `neverBegan`.
        public var explanation: String?
    }

    private final class Watch {
        let recognizer: HoverGestureRecognizer
        var hovers: [Hover] = []
        /// Hovers past ``HoverWhy/maxHovers``, counted only (memory stays bounded).
        var more = 0
        /// The nearest a hovering pointer came to the view (points in its own space), when, where.
        var nearest: (distance: Double, t: Double, at: Point)?
        /// The first time a hovering pointer was over the view (it should have begun then).
        var overAt: (t: Double, at: Point)?
        /// How many inputs put the pointer over the view while touching.
        var touchingOver = 0
        init(_ r: HoverGestureRecognizer) { recognizer = r }
    }

    private var watches: [String: Watch] = [:]
    private var order: [String] = []
    private var hoverInputs = 0
    /// The mouse's button is held (its moves are drags, not hovers).
    private var buttonDown = false
    /// The sink the records go on to (the rest of `why`), if any.
    public var next: (any TraceSink)?

    /// Watches the hover recognizers of `app`'s views (a reloaded scene's replace theirs).
    public init(app: Application) { adopt(app) }

    /// The most hovers kept per recognizer (the latest); older ones are only counted.
    public static let maxHovers = 256

    /// Whether the scene has any hover recognizer (else `why` prints no hover section).
    public var isEmpty: Bool { order.isEmpty }

    /// Takes the hover recognizers of `app` (after a scene reload: same ids are followed on).
    public func adopt(_ app: Application) {
        app.window.forEachInTree { v in
            for case let r as HoverGestureRecognizer in v.gestureRecognizers {
                if let w = watches[r.id] {
                    let fresh = Watch(r)
                    fresh.hovers = w.hovers; fresh.more = w.more; fresh.nearest = w.nearest; fresh.overAt = w.overAt; fresh.touchingOver = w.touchingOver
                    watches[r.id] = fresh
                } else {
                    watches[r.id] = Watch(r)
                    order.append(r.id)
                }
            }
        }
    }

    /// A trace record: a hover recognizer's transitions make and end its hovers.
    public func receive(_ record: consuming TraceRecord) {
        if case let .gesture(name, _, _, to, reason, _) = record.body, let w = watches[name.string] {
            let r = w.recognizer
            let z = r.zOffset
            switch to {
            case .began:
                let p = r.hoverLocation ?? .zero
                // Past the limit the oldest finished hover is dropped and counted.
                if w.hovers.count >= Self.maxHovers { w.hovers.removeFirst(); w.more += 1 }
                w.hovers.append(Hover(began: record.t, location: p, zOffset: z, zMin: z, zMax: z))
            case .changed:
                if var h = w.hovers.popLast() {
                    h.changes += 1; h.zMin = min(h.zMin, z); h.zMax = max(h.zMax, z)
                    w.hovers.append(h)
                }
            case .ended, .cancelled:
                if var h = w.hovers.popLast() {
                    h.ended = record.t; h.rule = record.decision?.rule; h.reason = reason.string
                    w.hovers.append(h)
                }
            default:
                break
            }
        }
        next?.receive(record)
    }

    /// An input, before it is handled: where a hovering (or touching) pointer was.
    public func note(_ input: RawInput) {
        let p: Point
        let hovering: Bool
        switch input.kind {
        case let .mouseMove(x, y, button, _): p = Point(x: x, y: y); hovering = button == nil && !buttonDown
        case let .mouseDown(x, y, b, _): p = Point(x: x, y: y); hovering = false; if b != .right { buttonDown = true }
        case let .mouseUp(x, y, _, _): p = Point(x: x, y: y); hovering = false; buttonDown = false
        case let .penHover(x, y, _, _, _): p = Point(x: x, y: y); hovering = true
        case let .fingerDown(_, x, y, _, _), let .fingerMove(_, x, y, _, _): p = Point(x: x, y: y); hovering = false
        default: return
        }
        if hovering { hoverInputs += 1 }
        for id in order {
            guard let w = watches[id], let v = w.recognizer.view else { continue }
            let q = v.convertFromRoot(p)
            let dx = max(0, -q.x, q.x - v.bounds.width), dy = max(0, -q.y, q.y - v.bounds.height)
            let d = (dx * dx + dy * dy).squareRoot()
            if !hovering {
                if d == 0 { w.touchingOver += 1 }
                continue
            }
            if w.nearest.map({ d < $0.distance }) ?? true { w.nearest = (d, input.t, p) }
            if d == 0, w.overAt == nil { w.overAt = (input.t, p) }
        }
    }

    /// Every hover recognizer's answer, in the order first seen.
    public var verdicts: [Verdict] {
        order.compactMap { id in
            guard let w = watches[id] else { return nil }
            let view = w.recognizer.view?.id ?? ""
            var v = Verdict(id: id, view: view, hovers: w.hovers)
            v.earlier = w.more
            guard w.hovers.isEmpty else { return v }
            let touching = w.touchingOver > 0
                ? "; the pointer was over \(view) \(w.touchingOver) time\(w.touchingOver == 1 ? "" : "s") while touching (a button down or the pen on the screen): a touch, not a hover"
                : ""
            if !w.recognizer.isEnabled {
                v.neverBegan = GestureDecision(.pointerOver, neverBegan: true)
                v.explanation = "it is disabled (isEnabled is false)"
            } else if hoverInputs == 0 {
                v.neverBegan = GestureDecision(.pointerOver, neverBegan: true)
                v.explanation = "the recording has no hover: no mouse move without a button down, no pen in range" + touching
            } else if let over = w.overAt {
                v.neverBegan = GestureDecision(.pointerOver, measured: 0, limit: 0, unit: .pt, neverBegan: true)
                v.explanation = "the pointer hovered over \(view) at \(WhyReport.seconds(over.t)) \(Self.point(over.at)), but the hit test chose another view there (\(view) is covered, hidden or takes no touches)" + touching
            } else if let n = w.nearest {
                let d = GestureDecision(.pointerOver, measured: n.distance, limit: 0, unit: .pt, neverBegan: true)
                v.neverBegan = d
                v.explanation = "no hovering pointer came over \(view): the nearest was \(d.shown(n.distance)) pt from it, at \(WhyReport.seconds(n.t)) \(Self.point(n.at))" + touching
            }
            return v
        }
    }

    static func point(_ p: Point) -> String { "(\(TraceFormat.short(p.x, 2)), \(TraceFormat.short(p.y, 2)))" }

    /// The hovers as text: a "Hovers:" line, then each recognizer (its hovers, or why none
    /// began), each reason indented below. `at`: only the hovers under way then (a recognizer
    /// with none is left out). Empty when there is nothing to say.
    public static func text(_ verdicts: [Verdict], at: Double? = nil) -> String {
        var lines: [String] = []
        for v in verdicts {
            let on = v.view.isEmpty ? "" : " on \(v.view)"
            let hovers = at.map { t in v.hovers.filter { $0.began <= t && ($0.ended ?? .infinity) >= t } } ?? v.hovers
            if at != nil && hovers.isEmpty { continue }
            if at == nil && v.earlier > 0 { lines.append("  \(v.id)\(on): \(v.earlier) earlier hover\(v.earlier == 1 ? "" : "s") not listed") }
            for h in hovers {
                var s = "\(v.id)\(on): began at \(WhyReport.seconds(h.began)) at \(point(h.location))"
                if h.zMax > 0 { s += ", zOffset \(TraceFormat.short(h.zOffset, 4))" }
                var detail = ["\(h.changes) change\(h.changes == 1 ? "" : "s")"]
                if h.zMax > 0 { detail.append(h.zMin == h.zMax ? "zOffset \(TraceFormat.short(h.zMin, 4))"
                                              : "zOffset \(TraceFormat.short(h.zMin, 4)) to \(TraceFormat.short(h.zMax, 4))") }
                if let e = h.ended {
                    s += "; ended at \(WhyReport.seconds(e))" + (h.rule.map { ", rule \($0)" } ?? "")
                } else {
                    s += "; hovering when the replay ended"
                }
                lines.append("  " + s + " (" + detail.joined(separator: ", ") + ")")
                if !h.reason.isEmpty { lines.append("    " + h.reason) }
            }
            if at == nil, let d = v.neverBegan {
                var s = "\(v.id)\(on): never began, rule \(d.rule)"
                if let n = WhyReport.numbers(d, margin: false) { s += " (\(n))" }
                lines.append("  " + s)
                if let e = v.explanation { lines.append("    " + e) }
            }
        }
        guard !lines.isEmpty else { return "" }
        return (["Hovers:"] + lines).map { $0 + "\n" }.joined()
    }

    /// The hovers as a JSON array (no newline): `[{"id", "view", "earlierHovers" (hovers before
    /// the latest ``maxHovers``, counted only), "hovers": [{"began", "at":
    /// [x, y], "zOffset", "zOffsetRange": [min, max], "changes", "ended", "rule", "reason"}],
    /// "neverBegan": null or {"rule", "measured", "limit", "unit", "reason"}}]`.
    public static func json(_ verdicts: [Verdict]) -> String {
        "[" + verdicts.map { v in
            var o = JSONObjectWriter()
            o.string("id", v.id)
            o.optionalString("view", v.view.isEmpty ? nil : v.view)
            o.int("earlierHovers", v.earlier)
            o.raw("hovers", "[" + v.hovers.map { h in
                var x = JSONObjectWriter()
                x.number("began", h.began)
                x.raw("at", "[\(TraceFormat.short(h.location.x, 3)),\(TraceFormat.short(h.location.y, 3))]")
                x.number("zOffset", h.zOffset)
                x.raw("zOffsetRange", "[\(TraceFormat.short(h.zMin, 4)),\(TraceFormat.short(h.zMax, 4))]")
                x.int("changes", h.changes)
                x.optional("ended", h.ended)
                x.optionalString("rule", h.rule?.rawValue)
                x.string("reason", h.reason)
                return x.closed
            }.joined(separator: ",") + "]")
            if let d = v.neverBegan {
                var x = JSONObjectWriter()
                x.string("rule", d.rule.rawValue)
                x.optional("measured", d.measured)
                x.optional("limit", d.limit)
                x.optionalString("unit", d.unit?.rawValue)
                x.string("reason", v.explanation ?? "")
                o.raw("neverBegan", x.closed)
            } else {
                o.raw("neverBegan", "null")
            }
            return o.closed
        }.joined(separator: ",") + "]"
    }
}
