// SceneValidator: ids, references and cycles across the whole scene.

/// Checks what no single element can check alone: unique ids, references that resolve,
/// failure-requirement cycles, next-responder cycles, the first responder.
struct SceneValidator {
    let r: NodeReader
    /// Ids already reported as broken; references to them are not reported again.
    var ignored: Set<String> = []

    private enum Kind: String { case view, recognizer, controller }

    func validate(_ scene: SceneDescription) {
        let views = scene.allViews
        var ids: [String: (Kind, SourceLocation)] = [:]
        func declare(_ id: String, _ kind: Kind, _ loc: SourceLocation) {
            guard !id.isEmpty else { return }
            if Reference.reservedResponders.contains(id) {
                r.error(loc, "`\(id)` is a reserved responder name; choose another id")
            } else if let (k, first) = ids[id] {
                r.error(loc, "duplicate id `\(id)`: already used by the \(k.rawValue) at line \(first.line), column \(first.column)")
            } else {
                ids[id] = (kind, loc)
            }
        }
        for v in views {
            declare(v.id, .view, v.location)
            for g in v.recognizers { declare(g.id, .recognizer, g.location) }
        }
        for c in scene.controllers { declare(c.id, .controller, c.location) }

        func names(_ kind: Kind) -> [String] { ids.filter { $0.value.0 == kind }.map(\.key).sorted() }
        let viewNames = names(.view), recognizerNames = names(.recognizer), controllerNames = names(.controller)
        var responderNames = viewNames + controllerNames + ["window", "application"]
        if scene.appDelegate != nil { responderNames.append("appDelegate") }

        func check(_ ref: Reference?, _ kind: Kind, _ key: String) {
            guard let ref, !ignored.contains(ref.id) else { return }
            let known = kind == .view ? viewNames : recognizerNames
            if ids[ref.id]?.0 == kind { return }
            let other = ids[ref.id].map { " (`\(ref.id)` is a \($0.0.rawValue))" } ?? ""
            r.error(ref.location, "unknown \(kind.rawValue) `\(shown(ref.id))` in `\(key)`\(other)\(other.isEmpty ? didYouMean(ref.id, known) : "")")
        }
        func checkResponder(_ ref: Reference?, _ key: String) {
            guard let ref, !responderNames.contains(ref.id) else { return }
            if ref.id == "appDelegate" {
                r.error(ref.location, "`\(key)` names `appDelegate`, but the scene has no `appDelegate` section")
                return
            }
            let other = ids[ref.id].map { " (`\(ref.id)` is a \($0.0.rawValue))" } ?? ""
            r.error(ref.location, "unknown responder `\(shown(ref.id))` in `\(key)` (expected a view id, a controller id, `window`, `application` or `appDelegate`)\(other)\(other.isEmpty ? didYouMean(ref.id, responderNames) : "")")
        }

        if let fr = scene.firstResponder {
            if let v = views.first(where: { $0.id == fr.id }) {
                if !v.responder.canBecomeFirstResponder {
                    r.error(fr.location, "view `\(fr.id)` cannot become first responder: give it `canBecomeFirstResponder: true`")
                }
            } else if let c = scene.controllers.first(where: { $0.id == fr.id }) {
                if !c.responder.canBecomeFirstResponder {
                    r.error(fr.location, "controller `\(fr.id)` cannot become first responder: give it `canBecomeFirstResponder: true`")
                }
            } else {
                check(fr, .view, "firstResponder")
            }
        }
        for v in views {
            checkResponder(v.next, "next")
            if let n = v.next, n.id == v.id { r.error(n.location, "view `\(v.id)` cannot be its own next responder") }
            for t in v.control?.targets ?? [] { checkResponder(t.target, "targets.target") }
            for g in v.recognizers {
                for ref in g.requireToFail { check(ref, .recognizer, "requireToFail") }
                for ref in g.requireFailureOf { check(ref, .recognizer, "requireFailureOf") }
                for ref in g.requiredToFailBy { check(ref, .recognizer, "requiredToFailBy") }
                if case .recognizers(let refs) = g.simultaneousWith {
                    for ref in refs {
                        check(ref, .recognizer, "simultaneousWith")
                        if ref.id == g.id { r.error(ref.location, "recognizer `\(g.id)` lists itself in `simultaneousWith`") }
                    }
                }
                switch g.shouldReceiveTouch {
                case .always, .never: break
                case .outside(let refs), .insideOnly(let refs): for ref in refs { check(ref, .view, "shouldReceiveTouch") }
                }
                check(g.bind?.view, .view, "bind.view")
                checkResponder(g.action?.target, "action.target")
            }
        }
        for c in scene.controllers { checkResponder(c.next, "next") }
        failureCycles(views)
        nextCycles(scene, views)
    }

    /// Failure requirements must not form a cycle: each recognizer would wait for the other forever.
    /// Edges: A → B when A waits for B to fail (A.requireToFail / A.requireFailureOf contain B,
    /// or B.requiredToFailBy contains A). Iterative depth-first search.
    private func failureCycles(_ views: [ViewDescription]) {
        var edges: [String: [Reference]] = [:]
        var order: [String] = []
        var known = Set<String>()
        for v in views {
            for g in v.recognizers where !g.id.isEmpty {
                order.append(g.id)
                known.insert(g.id)
                edges[g.id, default: []] += g.requireToFail + g.requireFailureOf
                for by in g.requiredToFailBy { edges[by.id, default: []].append(Reference(g.id, at: by.location)) }
            }
        }
        for id in order {
            for ref in edges[id] ?? [] where ref.id == id {
                r.error(ref.location, "recognizer `\(id)` requires itself to fail: it could never recognize")
            }
        }
        enum Mark { case active, done }
        var mark: [String: Mark] = [:]
        for start in order where mark[start] == nil {
            // Stack of (node, next edge index); `path` mirrors the active nodes.
            var stack: [(String, Int)] = [(start, 0)]
            mark[start] = .active
            while let (node, index) = stack.last {
                let out = (edges[node] ?? []).filter { $0.id != node && known.contains($0.id) }
                if index < out.count {
                    stack[stack.count - 1].1 += 1
                    let next = out[index]
                    switch mark[next.id] {
                    case .active?:
                        let path = stack.map(\.0)
                        let cycle = Array(path[(path.firstIndex(of: next.id) ?? 0)...]) + [next.id]
                        r.error(next.location, "failure requirements form a cycle: \(cycle.map { "`\($0)`" }.joined(separator: " → ")) (each waits for the next to fail, so none could recognize)")
                    case .done?: break
                    case nil:
                        mark[next.id] = .active
                        stack.append((next.id, 0))
                    }
                } else {
                    mark[node] = .done
                    stack.removeLast()
                }
            }
        }
    }

    /// Next-responder overrides must not make the responder chain loop.
    private func nextCycles(_ scene: SceneDescription, _ views: [ViewDescription]) {
        var next: [String: String] = [:]
        var overrides: [String: Reference] = [:]
        var controllerOf: [String: String] = [:]
        for c in scene.controllers { controllerOf[c.view] = c.id }
        var stack: [([ViewDescription], String)] = [(scene.views, "window")]
        // Iterative version of walk (bounded depth anyway, but keep stack use flat).
        while let (list, superview) = stack.popLast() {
            for v in list where !v.id.isEmpty {
                if let o = v.next { next[v.id] = o.id; overrides[v.id] = o }
                else { next[v.id] = controllerOf[v.id] ?? superview }
                for c in scene.controllers where c.view == v.id {
                    if let o = c.next { next[c.id] = o.id; overrides[c.id] = o } else { next[c.id] = superview }
                }
                stack.append((v.children, v.id))
            }
        }
        next["window"] = "application"
        if scene.appDelegate != nil { next["application"] = "appDelegate" }
        var reported = Set<String>()
        for (start, ref) in overrides.sorted(by: { $0.value.location < $1.value.location }) {
            var seen: [String] = [start]
            var current = ref.id
            while current != start, !seen.contains(current), let n = next[current] {
                seen.append(current)
                current = n
            }
            guard current == start else { continue }
            let key = seen.sorted().joined(separator: ",")
            if reported.insert(key).inserted {
                r.error(ref.location, "next-responder overrides make the responder chain loop: \((seen + [start]).map { "`\($0)`" }.joined(separator: " → "))")
            }
        }
    }
}
