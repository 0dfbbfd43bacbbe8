// SceneLint: mistakes a scene file can hold that are not errors (`touchscope check --lint`):
// settings that make a gesture never fire, found before anything runs.
//
//     for w in SceneLint.check(scene) { print(w) }   // FILE:LINE:COLUMN: warning: ...

import TouchCore

/// One lint finding: `FILE:LINE:COLUMN: warning: message`.
public struct SceneLintWarning: Hashable, Sendable, CustomStringConvertible {
    /// The scene file.
    public var file: String
    /// The line the recognizer concerned is written at, from 1.
    public var line: Int
    /// Its column, from 1.
    public var column: Int
    /// Which check found it: `requirement`, `unreachable`, `default-action`, `delays-touches`, `exclusive-pair`.
    public var check: String
    /// What is wrong and what follows from it.
    public var message: String
    /// `FILE:LINE:COLUMN: warning: message [check]`.
    public var description: String { "\(file):\(line):\(column): warning: \(message) [\(check)]" }
}

/// The lint checks (docs/gestures.md, "Lint").
public enum SceneLint {
    /// Every finding for `scene` (already loaded and valid), in file order.
    public static func check(_ scene: SceneDescription) -> [SceneLintWarning] {
        // The description's views with their ancestors' ids, and where each recognizer is.
        var viewPath: [String: [String]] = [:]          // view id -> [root … itself]
        var viewDesc: [String: ViewDescription] = [:]
        var recognizerView: [String: String] = [:]
        var recognizerDesc: [String: RecognizerDescription] = [:]
        func walk(_ v: ViewDescription, _ path: [String]) {
            let p = path + [v.id]
            if viewPath[v.id] == nil { viewPath[v.id] = p; viewDesc[v.id] = v }
            for r in v.recognizers where recognizerDesc[r.id] == nil {
                recognizerDesc[r.id] = r
                recognizerView[r.id] = v.id
            }
            for c in v.children { walk(c, p) }
        }
        for v in scene.views { walk(v, []) }
        var out: [SceneLintWarning] = []
        func warn(_ at: SourceLocation, _ check: String, _ message: String) {
            out.append(SceneLintWarning(file: scene.file, line: at.line, column: at.column, check: check, message: message))
        }
        func related(_ a: String, _ b: String) -> Bool {
            guard let pa = viewPath[a], let pb = viewPath[b] else { return true }
            return pa.contains(b) || pb.contains(a)
        }

        // The scene as it runs: geometry, hit testing, the controls' default actions.
        let session = SceneSession(scene: scene)
        var views: [String: View] = [:]
        session.app.window.forEachInTree { if views[$0.id] == nil { views[$0.id] = $0 } }
        var recognizers: [String: GestureRecognizer] = [:]
        for v in views.values { for r in v.gestureRecognizers where recognizers[r.id] == nil { recognizers[r.id] = r } }

        let ordered = recognizerDesc.values.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        for r in ordered {
            guard let viewID = recognizerView[r.id] else { continue }
            // 1. A failure requirement on a recognizer that never sees the same touches.
            for ref in r.requireToFail + r.requireFailureOf {
                guard let otherView = recognizerView[ref.id], !related(viewID, otherView) else { continue }
                warn(r.location, "requirement",
                     "`\(r.id)` requires `\(ref.id)` to fail, but \(ref.id) is on `\(otherView)`, which neither holds nor is inside `\(viewID)`: "
                     + "\(ref.id) never sees a touch \(r.id) sees, stays possible while \(r.id) waits, and \(r.id) never recognizes")
            }
            // 2. A recognizer whose view no touch reaches.
            if let v = views[viewID], let why = unreachable(v, in: session.app.window, outset: viewDesc[viewID]?.touchOutset ?? .zero) {
                warn(r.location, "unreachable", "`\(r.id)` never gets a touch: its view `\(viewID)` \(why)")
            }
            // 5. Two recognizers of one view, the same kind, nothing between them.
            if let v = viewDesc[viewID] {
                for other in v.recognizers where other.id != r.id && other.type.name == r.type.name {
                    // Reported once, on the later of the two.
                    guard (other.location.line, other.location.column) < (r.location.line, r.location.column) else { continue }
                    if linked(r, other) { continue }
                    warn(r.location, "exclusive-pair",
                         "`\(r.id)` and `\(other.id)` on `\(viewID)` are both `\(r.type.name)` recognizers with no failure requirement, "
                         + "delegate answer or simultaneity between them: whichever recognizes first makes the other fail, so one never "
                         + "gets its chance (give the one that should wait `requireToFail: [\(other.id)]`, or `simultaneousWith`)")
                }
            }
            // 4. delaysTouchesBegan where there is nothing of the view's own to delay.
            if r.delaysTouchesBegan, let v = viewDesc[viewID], !v.handlesTouches, v.control == nil, v.scroll == nil {
                warn(r.location, "delays-touches",
                     "`\(r.id)` has `delaysTouchesBegan: true`, but its view `\(viewID)` handles no touches (`handlesTouches` is false): "
                     + "there is no touchesBegan of its own to hold back")
            }
        }
        // 3. A control's default action that keeps touches from an ancestor's recognizer which
        //    does not say so (shouldReceiveTouch leaving the control out): one finding per
        //    recognizer, naming every such control.
        var kept: [String: [String]] = [:]   // recognizer id -> controls, in file order
        for (controlID, desc) in viewDesc.sorted(by: { ($0.value.location.line, $0.value.location.column) < ($1.value.location.line, $1.value.location.column) })
        where desc.control != nil {
            guard let control = views[controlID], let path = viewPath[controlID] else { continue }
            for ancestorID in path.dropLast() {
                for rd in viewDesc[ancestorID]?.recognizers ?? [] {
                    guard let r = recognizers[rd.id], control.defaultActionWins(over: r) else { continue }
                    if excludes(rd.shouldReceiveTouch, controlID, path: path) { continue }
                    kept[rd.id, default: []].append(controlID)
                }
            }
        }
        for (id, controls) in kept {
            guard let rd = recognizerDesc[id], let viewID = recognizerView[id] else { continue }
            let list = controls.map { "`\($0)`" }.joined(separator: ", ")
            let one = controls.count == 1
            warn(rd.location, "default-action",
                 "touches on the control\(one ? "" : "s") \(list) inside `\(viewID)` go to \(one ? "its default action" : "their default actions") "
                 + "and never to `\(id)` (SPEC.md section 5); if that is meant, say so with "
                 + "`shouldReceiveTouch: {outside: [\(controls.joined(separator: ", "))]}`")
        }
        return out.sorted { ($0.line, $0.column, $0.check) < ($1.line, $1.column, $1.check) }
    }

    /// Whether a failure requirement, a delegate answer or simultaneity links `a` and `b`.
    static func linked(_ a: RecognizerDescription, _ b: RecognizerDescription) -> Bool {
        func names(_ r: RecognizerDescription, _ other: String) -> Bool {
            let refs = r.requireToFail + r.requireFailureOf + r.requiredToFailBy
            if refs.contains(where: { $0.id == other }) { return true }
            switch r.simultaneousWith {
            case .all: return true
            case .recognizers(let list): return list.contains { $0.id == other }
            case .none: return false
            }
        }
        return names(a, b.id) || names(b, a.id) || !a.shouldBegin || !b.shouldBegin || !a.enabled || !b.enabled
    }

    /// Whether `filter` keeps out touches on the control `id` (whose path from the root is `path`).
    static func excludes(_ filter: TouchFilter, _ id: String, path: [String]) -> Bool {
        switch filter {
        case .never: return true
        case .always: return false
        case .outside(let refs): return refs.contains { path.contains($0.id) }
        case .insideOnly(let refs): return !refs.contains { path.contains($0.id) }
        }
    }

    /// Why no touch reaches `v` or a view inside it, or nil when one does: the view's box
    /// (with its touch outset) is sampled on a grid of up to 32 × 32 points and each hit-tested.
    static func unreachable(_ v: View, in window: Window, outset: Size) -> String? {
        var cur: View? = v
        while let x = cur, !(x is Window) {
            let who = x === v ? "is" : "is inside `\(x.id)`, which is"
            if x.isHidden { return "\(who) hidden" }
            if !x.isUserInteractionEnabled { return "\(who) set to userInteraction: false" }
            if x.alpha < 0.01 { return "\(who) transparent (alpha under 0.01)" }
            if x.bounds.width <= 0 || x.bounds.height <= 0 { return "\(who) of zero size" }
            cur = x.superview
        }
        let pts = v.cornersInRoot()
        guard let x0 = pts.map(\.x).min(), let x1 = pts.map(\.x).max(), let y0 = pts.map(\.y).min(), let y1 = pts.map(\.y).max() else { return nil }
        let box = Rect(x: x0 - outset.width, y: y0 - outset.height, width: x1 - x0 + 2 * outset.width, height: y1 - y0 + 2 * outset.height)
        let n = 32
        var covering: [String: Int] = [:]
        var inWindow = 0
        for i in 0..<n {
            for k in 0..<n {
                let p = Point(x: box.minX + (Double(i) + 0.5) * box.width / Double(n), y: box.minY + (Double(k) + 0.5) * box.height / Double(n))
                guard p.x >= 0, p.y >= 0, p.x < window.bounds.width, p.y < window.bounds.height else { continue }
                inWindow += 1
                var path: [HitStep]? = nil
                guard let hit = window.hitTestScene(p, path: &path) else { continue }
                var h: View? = hit
                while let x = h { if x === v { return nil }; h = x.superview }
                covering[hit.id, default: 0] += 1
            }
        }
        if inWindow == 0 { return "is outside the window" }
        if let s = v.superview, !(s is Window) {
            let sp = s.cornersInRoot()
            if let sx0 = sp.map(\.x).min(), let sx1 = sp.map(\.x).max(), let sy0 = sp.map(\.y).min(), let sy1 = sp.map(\.y).max(),
               x1 <= sx0 || x0 >= sx1 || y1 <= sy0 || y0 >= sy1 {
                return "lies outside its superview `\(s.id)`, where hit testing never looks"
            }
        }
        if let (id, _) = covering.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) {
            return "is covered everywhere by `\(id)`, which takes the touches first"
        }
        return "is never the view a hit test finds"
    }
}
