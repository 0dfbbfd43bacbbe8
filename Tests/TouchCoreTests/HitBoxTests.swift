// Hit boxes (HitBoxes.swift) against a naive hit test written here from SPEC.md section 2:
// random trees (transforms with rotation, scale, singular and ill-conditioned ones,
// outsets, bounds origins, hidden / disabled / transparent views, every hit rule, classes
// that override point(inside:), one that rearranges the hierarchy while being asked),
// random points and points exactly on edges, and random mutations between hit tests.
// The accelerated result and its full path must equal the naive ones.
import Testing
@testable import TouchCore

// MARK: The reference

/// `convertFromSuperview` from the public geometry, computed the way View does (same
/// operations in the same order, so the same rounding).
private func naiveConvert(_ v: View, _ p: Point) -> Point {
    let c = v.center, b = v.bounds, t = v.transform
    var d = Point(x: p.x - c.x, y: p.y - c.y)
    if !t.isIdentity {
        guard let inv = t.inverted() else { return Point(x: .nan, y: .nan) }
        d = inv.apply(d)
    }
    return Point(x: d.x + b.origin.x + b.width / 2, y: d.y + b.origin.y + b.height / 2)
}

/// `point(inside:)` as SPEC.md section 2 and View's documentation state it, without calling
/// the production code: the bounds, grown by `touchOutset` on every side, half-open (the left
/// and top edges are inside, the right and bottom edges are not). A NaN point is inside nothing.
private func specInside(_ v: View, _ p: Point) -> Bool {
    let b = v.bounds, o = v.touchOutset
    let left = b.origin.x - o.width, right = b.origin.x + b.size.width + o.width
    let top = b.origin.y - o.height, bottom = b.origin.y + b.size.height + o.height
    return left <= p.x && p.x < right && top <= p.y && p.y < bottom
}

/// The reference's answer for each class of this file: the override's rule, restated here
/// on top of ``specInside`` (never View's own `point(inside:)`).
private func naiveInside(_ v: View, _ p: Point) -> Bool {
    switch v {
    case is TolerantView:
        let b = v.bounds
        return b.origin.x - 70 <= p.x && p.x < b.origin.x + b.size.width + 70
            && b.origin.y - 70 <= p.y && p.y < b.origin.y + b.size.height + 70
    case is NaNLovingView:
        return p.x.isNaN || specInside(v, p)
    case is NarrowButton:
        let mid = v.bounds.origin.x + v.bounds.size.width / 2
        return mid - 1 <= p.x && p.x < mid + 1 && specInside(v, p)
    case is MeddlingView:
        // Asked for its side effects (it rearranges its siblings, as in the tree under test);
        // its own area is the default one.
        _ = v.point(inside: p, with: nil)
        return specInside(v, p)
    default:
        return specInside(v, p)
    }
}

/// SPEC.md section 2, visiting every view (no boxes, no tables).
private func naiveHitTest(_ v: View, _ p: Point, _ path: inout [HitStep]) -> View? {
    if v.isHidden { path.append(HitStep(view: TraceName(v.id), verdict: .hidden)); return nil }
    if !v.isUserInteractionEnabled { path.append(HitStep(view: TraceName(v.id), verdict: .disabled)); return nil }
    if v.alpha < 0.01 { path.append(HitStep(view: TraceName(v.id), verdict: .transparent)); return nil }
    if !naiveInside(v, p) { path.append(HitStep(view: TraceName(v.id), verdict: .outside)); return nil }
    let me = path.count
    path.append(HitStep(view: TraceName(v.id), verdict: .inside))
    if v.hitRule != .selfOnly {
        for s in v.subviews.reversed() {
            if let hit = naiveHitTest(s, naiveConvert(s, p), &path) { return hit }
        }
    }
    if v.hitRule == .passThrough { return nil }
    path[me].verdict = .hit
    return v
}

private func naiveHitTestScene(_ w: Window, _ p: Point, _ path: inout [HitStep]) -> View? {
    for s in w.subviews.reversed() {
        if let hit = naiveHitTest(s, naiveConvert(s, p), &path) { return hit }
    }
    return nil
}

// MARK: Views that override point(inside:)

/// A control-like enlarged area: 70 pt around the bounds.
private final class TolerantView: View {
    override func point(inside p: Point, with event: Event?) -> Bool {
        let b = bounds
        return p.x >= b.minX - 70 && p.x < b.maxX + 70 && p.y >= b.minY - 70 && p.y < b.maxY + 70
    }
}

/// Accepts what the default accepts, and NaN points too (a singular transform).
private final class NaNLovingView: View {
    override func point(inside p: Point, with event: Event?) -> Bool {
        p.x.isNaN || super.point(inside: p, with: event)
    }
}

/// A subclass of a listed class (Button) that shrinks the touch area: must not get a box.
private final class NarrowButton: Button {
    override func point(inside p: Point, with event: Event?) -> Bool {
        let b = bounds
        return p.x >= b.midX - 1 && p.x < b.midX + 1 && super.point(inside: p, with: event)
    }
}

/// Rearranges the hierarchy while it is being asked: each time, moves a sibling in front of
/// it by 40 pt and hides or shows the one behind it, then hit-tests its superview again (a
/// rebuild of the table the outer loop walks): exercises the mid-test fallback.
private final class MeddlingView: View {
    var busy = false
    override func point(inside p: Point, with event: Event?) -> Bool {
        if !busy, let s = superview, let i = s.subviews.firstIndex(where: { $0 === self }) {
            busy = true
            defer { busy = false }
            if i + 1 < s.subviews.count { s.subviews[i + 1].center.x += 40 }
            if i > 0 { s.subviews[i - 1].isHidden.toggle() }
            if i % 2 == 0 { _ = s.hitTest(convertToSuperview(p), with: event) }
        }
        return super.point(inside: p, with: event)
    }
}

// MARK: Random trees

/// SplitMix64, seeded: the same seed, the same tree, points and mutations.
private struct TestRandom {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }
    mutating func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func chance(_ p: Double) -> Bool { unit() < p }
    /// A coordinate: often a multiple of 1/2 (so edges are exact), sometimes any double.
    mutating func coordinate(_ lo: Double, _ hi: Double) -> Double {
        chance(0.6) ? (uniform(lo, hi) * 2).rounded() / 2 : uniform(lo, hi)
    }
}

/// Everything a random view is made of, so that two identical trees can be built.
private struct ViewSpec {
    var id: String
    var kind: Int
    var frame: Rect
    var boundsOrigin: Point
    var transform: AffineTransform
    var outset: Size
    var hidden: Bool
    var enabled: Bool
    var alpha: Double
    var rule: HitRule
    var children: [ViewSpec]
}

private func randomTransform(_ r: inout TestRandom) -> AffineTransform {
    switch r.int(13) {
    case 0, 1: return AffineTransform(rotationAngle: r.uniform(-4, 4))
    case 2: return AffineTransform(rotationAngle: Double(r.int(4)) * .pi / 2)
    case 3: return AffineTransform(scaleX: r.uniform(0.2, 3), y: r.uniform(0.2, 3))
    case 4: return AffineTransform(scaleX: r.uniform(0.3, 2), y: r.uniform(0.3, 2))
        .concatenating(AffineTransform(rotationAngle: r.uniform(-3, 3)))
        .concatenating(AffineTransform(translationX: r.coordinate(-40, 40), y: r.coordinate(-40, 40)))
    case 5: return AffineTransform(scaleX: 0, y: 1)                       // singular
    case 6: return AffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 3, ty: 0) // singular, not a scale
    case 7: return AffineTransform(scaleX: 1e-5, y: 1e5)                  // ill-conditioned: no box
    case 8: return AffineTransform(scaleX: -1, y: 1)                      // mirrored
    case 9: // nearly singular (the inverse loses digits to cancellation): no box
        return AffineTransform(a: 1, b: 1, c: 1, d: 1 + Double(1 + r.int(999)) * 1e-13, tx: r.chance(0.5) ? 0 : 2, ty: 0)
    default: return .identity
    }
}

private func randomSpec(_ r: inout TestRandom, depth: Int, serial: inout Int, parentSize: Size) -> ViewSpec {
    serial += 1
    let id = "v\(serial)"
    let w = r.chance(0.05) ? 0 : r.coordinate(1, max(2, parentSize.width * 0.8))
    let h = r.chance(0.05) ? 0 : r.coordinate(1, max(2, parentSize.height * 0.8))
    let frame = Rect(x: r.coordinate(-20, parentSize.width - w * 0.5), y: r.coordinate(-20, parentSize.height - h * 0.5),
                     width: w, height: h)
    let origin = r.chance(0.25) ? Point(x: r.coordinate(-300, 300), y: r.coordinate(-300, 300))
        : (r.chance(0.03) ? Point(x: 1e7 + 0.1, y: -3e6) : .zero)
    let outset = r.chance(0.25) ? Size(width: r.coordinate(-5, 30), height: r.coordinate(-5, 30)) : .zero
    let alphas: [Double] = [1, 1, 1, 0.5, 0.01, 0.005, 0, .nan]
    let kids = depth > 0 ? r.int(depth >= 3 ? 6 : 4) : 0
    var children: [ViewSpec] = []
    for _ in 0..<kids {
        children.append(randomSpec(&r, depth: depth - 1, serial: &serial, parentSize: Size(width: max(w, 10), height: max(h, 10))))
    }
    return ViewSpec(id: id, kind: r.int(14), frame: frame, boundsOrigin: origin,
                    transform: r.chance(0.35) ? randomTransform(&r) : .identity, outset: outset,
                    hidden: r.chance(0.08), enabled: !r.chance(0.08), alpha: r.chance(0.1) ? alphas[r.int(alphas.count)] : 1,
                    rule: r.chance(0.2) ? HitRule.allCases[r.int(3)] : .normal, children: children)
}

private func makeView(_ s: ViewSpec) -> View {
    let v: View
    switch s.kind {
    case 0: v = Button(id: s.id, frame: s.frame, title: "b")
    case 1: v = ScrollView(id: s.id, frame: s.frame)
    case 2: v = Slider(id: s.id, frame: s.frame)
    case 3: v = TolerantView(id: s.id, frame: s.frame)
    case 4: v = NaNLovingView(id: s.id, frame: s.frame)
    case 5: v = NarrowButton(id: s.id, frame: s.frame)
    case 6: v = MeddlingView(id: s.id, frame: s.frame)
    case 7: v = Switch(id: s.id, frame: s.frame)
    default: v = View(id: s.id, frame: s.frame)
    }
    v.bounds.origin = s.boundsOrigin
    v.transform = s.transform
    v.touchOutset = s.outset
    v.isHidden = s.hidden
    v.isUserInteractionEnabled = s.enabled
    v.alpha = s.alpha
    v.hitRule = s.rule
    for c in s.children { v.addSubview(makeView(c)) }
    return v
}

private func allViews(_ w: Window) -> [View] {
    var out: [View] = []
    for s in w.subviews { s.forEachInTree { out.append($0) } }
    return out
}

/// A random change, applied the same way to both trees (views found by id).
private func mutate(_ r: inout TestRandom, _ trees: [Window], serial: inout Int) {
    let count = allViews(trees[0]).count
    guard count > 0 else { return }
    let pick = r.int(count)
    let op = r.int(15)
    let x = r.coordinate(-50, 500), y = r.coordinate(-50, 400), t = randomTransform(&r)
    let other = r.int(count + 1), index = r.int(6)
    serial += 1
    let newSpec = ViewSpec(id: "n\(serial)", kind: r.int(14), frame: Rect(x: x, y: y, width: r.coordinate(0, 200), height: r.coordinate(0, 200)),
                           boundsOrigin: .zero, transform: r.chance(0.3) ? randomTransform(&r) : .identity, outset: .zero,
                           hidden: false, enabled: true, alpha: 1, rule: .normal, children: [])
    for w in trees {
        let views = allViews(w)
        let v = views[pick]
        switch op {
        case 0: v.center = Point(x: x, y: y)
        case 1: v.center.x += x / 10
        case 2: v.bounds.size = Size(width: abs(x), height: abs(y))
        case 3: v.bounds.origin = Point(x: x, y: y)
        case 4: v.transform = t
        case 5: v.touchOutset = Size(width: x / 20, height: y / 20)
        case 6: v.isHidden.toggle()
        case 7: v.isUserInteractionEnabled.toggle()
        case 8: v.alpha = v.alpha < 0.01 ? 1 : 0.001
        case 9: v.hitRule = HitRule.allCases[index % 3]
        case 10: v.removeFromSuperview()
        case 11: v.addSubview(makeView(newSpec))
        case 12: v.insertSubview(makeView(newSpec), at: index)
        case 13:
            // Move the view under another one (or the window), unless that is inside it.
            let target: View = other < views.count ? views[other] : w
            if !target.isDescendant(of: v) { target.insertSubview(v, at: index) }
        default: v.frame = Rect(x: x, y: y, width: abs(y) / 2, height: abs(x) / 2)
        }
    }
}

/// Points to try in the window: random ones, edges of random views (exact when the
/// geometry is dyadic), the next doubles on either side of them, and non-finite ones.
private func testPoints(_ r: inout TestRandom, _ w: Window, count: Int) -> [Point] {
    var pts: [Point] = []
    let views = allViews(w)
    for _ in 0..<count {
        switch r.int(10) {
        case 0..<4: pts.append(Point(x: r.coordinate(-60, 700), y: r.coordinate(-60, 560)))
        case 4..<9 where !views.isEmpty:
            let v = views[r.int(views.count)]
            let b = v.bounds, o = v.touchOutset
            let xs = [b.minX - o.width, b.maxX + o.width, b.minX, b.maxX, b.midX]
            let ys = [b.minY - o.height, b.maxY + o.height, b.minY, b.maxY, b.midY]
            var p = v.convertToRoot(Point(x: xs[r.int(xs.count)], y: ys[r.int(ys.count)]))
            switch r.int(6) {
            case 0: p.x = p.x.nextUp
            case 1: p.y = p.y.nextDown
            case 2, 3:
                // Just beyond (or before) the edge in the view's own space, by a hair of its size.
                let f = [1e-9, -1e-9, 1e-6, -1e-6, 1e-4, -1e-4][r.int(6)]
                let t = r.chance(0.5) ? -f : 1 + f
                p = v.convertToRoot(r.chance(0.5) ? Point(x: xs[0] + (xs[1] - xs[0]) * t, y: ys[r.int(ys.count)])
                                                  : Point(x: xs[r.int(xs.count)], y: ys[0] + (ys[1] - ys[0]) * t))
            default: break
            }
            pts.append(p)
        default:
            let odd: [Point] = [Point(x: .nan, y: 10), Point(x: .infinity, y: 5), Point(x: -.infinity, y: .infinity),
                                Point(x: 1e300, y: -1e300), Point(x: 0, y: 0), Point(x: -0.0, y: 0)]
            pts.append(odd[r.int(odd.count)])
        }
    }
    return pts
}

private func describe(_ path: [HitStep]) -> String {
    path.map { "\($0.view):\($0.verdict.rawValue)" }.joined(separator: " ")
}

@Suite("Hit boxes agree with a naive hit test")
struct HitBoxTests {
    /// One seed: two identical trees, hit tests through the tables on one and the naive
    /// walk on the other, with mutations in between. Returns the first difference.
    private func run(seed: UInt64, rounds: Int = 12, pointsPerRound: Int = 60) -> String? {
        var r = TestRandom(state: seed)
        var serial = 0
        var specs: [ViewSpec] = []
        for _ in 0..<(1 + r.int(6)) { specs.append(randomSpec(&r, depth: 3, serial: &serial, parentSize: Size(width: 640, height: 480))) }
        let fast = Window(size: Size(width: 640, height: 480)), slow = Window(size: Size(width: 640, height: 480))
        for s in specs { fast.addSubview(makeView(s)); slow.addSubview(makeView(s)) }
        for round in 0..<rounds {
            for p in testPoints(&r, slow, count: pointsPerRound) {
                // The whole scene, with a path.
                var path: [HitStep]? = []
                let hit = fast.hitTestScene(p, path: &path)
                var expected: [HitStep] = []
                let expectedHit = naiveHitTestScene(slow, p, &expected)
                if hit?.id != expectedHit?.id || path! != expected {
                    return "seed \(seed) round \(round) point \(p): got \(hit?.id ?? "nil") [\(describe(path!))], expected \(expectedHit?.id ?? "nil") [\(describe(expected))]"
                }
                // A subtree, with and without a path (the subtree's own checks come first).
                let views = allViews(fast), others = allViews(slow)
                guard !views.isEmpty else { continue }
                let k = r.int(views.count)
                let q = others[k].convert(p, from: nil)
                var subPath: [HitStep]? = []
                let subHit = views[k].hitTest(q, with: nil, path: &subPath)
                var subExpected: [HitStep] = []
                let subExpectedHit = naiveHitTest(others[k], q, &subExpected)
                if subHit?.id != subExpectedHit?.id || subPath! != subExpected {
                    return "seed \(seed) round \(round) subtree \(views[k].id) point \(q): got \(subHit?.id ?? "nil") [\(describe(subPath!))], expected \(subExpectedHit?.id ?? "nil") [\(describe(subExpected))]"
                }
                var unused: [HitStep] = []
                let plain = views[k].hitTest(q, with: nil)
                if plain?.id != naiveHitTest(others[k], q, &unused)?.id {
                    return "seed \(seed) round \(round) subtree \(views[k].id) point \(q) without a path: \(plain?.id ?? "nil")"
                }
            }
            for _ in 0..<(1 + r.int(4)) { mutate(&r, [fast, slow], serial: &serial) }
        }
        return nil
    }

    @Test("random trees, points, edges and mutations: same hit and same path as the naive walk")
    func randomTrees() {
        for seed in UInt64(1)...200 {
            if let failure = run(seed: seed) {
                Issue.record("\(failure)")
                return
            }
        }
    }

    @Test("the bench layout with edge points (grid cells, untransformed)")
    func gridEdges() {
        let fast = Window(size: Size(width: 1280, height: 800)), slow = Window(size: Size(width: 1280, height: 800))
        for w in [fast, slow] {
            for c in 0..<10 {
                let cell = View(id: "c\(c)", frame: Rect(x: Double(c % 4) * 320 + 16, y: Double(c / 4) * 266.6 + 13.3, width: 288, height: 240))
                for g in 0..<10 {
                    cell.addSubview(View(id: "c\(c)_\(g)", frame: Rect(x: Double(g % 4) * 72 + 3.6, y: Double(g / 4) * 80 + 4, width: 64.8, height: 72)))
                }
                w.addSubview(cell)
            }
        }
        var r = TestRandom(state: 7)
        for p in testPoints(&r, slow, count: 20_000) {
            var path: [HitStep]? = []
            let hit = fast.hitTestScene(p, path: &path)
            var expected: [HitStep] = []
            let expectedHit = naiveHitTestScene(slow, p, &expected)
            #expect(hit?.id == expectedHit?.id && path! == expected, "point \(p): \(describe(path!)) vs \(describe(expected))")
            if hit?.id != expectedHit?.id || path! != expected { return }
        }
    }

    @Test("a hit entry, with the view's trace name in it, is one cache line (64 bytes)")
    func entryIsOneCacheLine() {
        #expect(MemoryLayout<HitEntry>.size <= 64)
        #expect(MemoryLayout<HitEntry>.stride == 64)
    }

    @Test("the classes that get boxes keep View's own point(inside:)")
    func listedClassesKeepTheDefault() {
        let frame = Rect(x: 10, y: 20, width: 120, height: 44)
        let views: [View] = [View(id: "v", frame: frame), Window(size: Size(width: 120, height: 44)),
                             Control(id: "c", frame: frame), Button(id: "b", frame: frame), Slider(id: "s", frame: frame),
                             Switch(id: "w", frame: frame), Stepper(id: "st", frame: frame), TextField(id: "t", frame: frame),
                             PageControl(id: "p", frame: frame), SegmentedControl(id: "sg", frame: frame, segments: ["a", "b"]),
                             ScrollView(id: "sv", frame: frame)]
        var r = TestRandom(state: 99)
        for v in views {
            #expect(keepsDefaultPointInside(v), "\(type(of: v)) is not listed")
            v.touchOutset = Size(width: 3, height: 5)
            v.bounds.origin = Point(x: 7, y: -2)
            for _ in 0..<2000 {
                let p = Point(x: r.coordinate(-150, 300), y: r.coordinate(-150, 200))
                #expect(v.point(inside: p, with: nil) == v.defaultPointInside(p), "\(type(of: v)) at \(p)")
            }
        }
        // Subclasses, even of listed classes, are not assumed to keep it.
        #expect(!keepsDefaultPointInside(NarrowButton(id: "n", frame: frame)))
        #expect(!keepsDefaultPointInside(TolerantView(id: "t", frame: frame)))
    }

    @Test("a removed subview is freed at once, even after hit tests listed it in a table")
    func removedSubviewIsFreed() {
        let w = Window(size: Size(width: 400, height: 400))
        weak var gone: View?
        do {
            let v = View(id: "v", frame: Rect(x: 0, y: 0, width: 90, height: 90))
            w.addSubview(v)
            gone = v
            var path: [HitStep]? = []
            #expect(w.hitTestScene(Point(x: 5, y: 5), path: &path)?.id == "v")
            v.removeFromSuperview()
        }
        #expect(gone == nil)
        var path: [HitStep]? = []
        #expect(w.hitTestScene(Point(x: 5, y: 5), path: &path) == nil && path == [])
    }

    @Test("boxes reject: siblings clearly outside are settled without the exact test")
    func boxesReject() {
        let w = Window(size: Size(width: 400, height: 400))
        for i in 0..<4 { w.addSubview(View(id: "s\(i)", frame: Rect(x: Double(i) * 100, y: 0, width: 90, height: 90))) }
        var path: [HitStep]? = []
        #expect(w.hitTestScene(Point(x: 5, y: 5), path: &path)?.id == "s0")
        let table = w.hit.table!
        #expect(table.count == 4)
        // s3's box is about [300, 390] x [0, 90]; a point at x = 5 is strictly outside it.
        #expect(table.entries[3].minX > 299 && table.entries[3].minX < 300 && table.entries[3].maxX > 390 && table.entries[3].maxX < 391)
        // A move marks the window's table dirty; the next hit test rebuilds it.
        w.subviews[3].center.x = 45
        #expect(w.hit.tableDirty)
        path = []
        #expect(w.hitTestScene(Point(x: 5, y: 5), path: &path)?.id == "s3")
        #expect(!w.hit.tableDirty && w.hit.table !== table)
    }
}
