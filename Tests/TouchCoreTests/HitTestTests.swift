import Testing
@testable import TouchCore

/// The seed documents' figure (A to E) plus the three ways a view is skipped (scenes/hit-test.yaml).
private func hitTestScene() -> Rig {
    let rig = Rig()
    let a = rig.view("A", 0, 0, 800, 600, handles: true)
    let b = rig.view("B", 40, 40, 300, 240, in: a)
    rig.view("I", 250, 200, 150, 100, in: b)
    let g = rig.view("G", 40, 320, 140, 240, in: a); g.isHidden = true
    let h = rig.view("H", 200, 320, 140, 240, in: a); h.isUserInteractionEnabled = false
    let c = rig.view("C", 380, 40, 380, 520, in: a)
    rig.view("D", 20, 20, 340, 220, in: c)
    rig.view("E", 20, 260, 340, 240, in: c)
    return rig
}

@Suite("Hit testing (SPEC.md section 2)")
struct HitTestTests {
    @Test("a tap in E visits A, C, E and hits E")
    func tapInE() {
        let rig = hitTestScene()
        rig.tap(500, 400, at: 0)
        let ht = rig.hitTests[0]
        #expect(ht.path.map(\.view) == ["A", "C", "E"])
        #expect(ht.path.map(\.verdict) == [.inside, .inside, .hit])
        #expect(ht.view == "E")
    }

    @Test("a tap in B skips C (outside), H (disabled) and G (hidden), front to back")
    func tapInB() {
        let rig = hitTestScene()
        rig.tap(100, 100, at: 0)
        let ht = rig.hitTests[0]
        #expect(Array(ht.path.prefix(5)) == [HitStep(view: "A", verdict: .inside), HitStep(view: "C", verdict: .outside),
                                      HitStep(view: "H", verdict: .disabled), HitStep(view: "G", verdict: .hidden),
                                      HitStep(view: "B", verdict: .hit)])
        #expect(ht.path.last == HitStep(view: "I", verdict: .outside))
        #expect(ht.view == "B")
    }

    @Test("a subview drawn outside its superview cannot be touched there")
    func outsideSuperview() {
        let rig = hitTestScene()
        rig.tap(300, 300, at: 0)   // inside I's drawn area, outside B
        #expect(rig.hitTests[0].view == "A")
    }

    @Test("an alpha below 0.01 skips the view and its subtree")
    func transparent() {
        let rig = Rig()
        let a = rig.view("A", 0, 0, 800, 600)
        let b = rig.view("B", 0, 0, 400, 400, in: a); b.alpha = 0.005
        rig.view("C", 0, 0, 100, 100, in: b)
        rig.tap(50, 50, at: 0)
        #expect(rig.hitTests[0].path == [HitStep(view: "A", verdict: .hit), HitStep(view: "B", verdict: .transparent)])
        #expect(rig.hitTests[0].view == "A")
    }

    @Test("a pass-through view returns only its subviews; self-only returns itself")
    func customRules() {
        let rig = Rig()
        let a = rig.view("A", 0, 0, 800, 600)
        let pass = rig.view("pass", 0, 0, 400, 600, in: a); pass.hitRule = .passThrough
        rig.view("child", 0, 0, 100, 100, in: pass)
        let only = rig.view("only", 400, 0, 400, 600, in: a); only.hitRule = .selfOnly
        rig.view("inner", 0, 0, 100, 100, in: only)
        rig.tap(50, 50, at: 0)
        rig.tap(200, 200, at: 1)
        rig.tap(450, 50, at: 2)
        #expect(rig.hitTests.map(\.view) == ["child", "A", "only"])
    }

    @Test("an enlarged touch area catches touches just outside the bounds")
    func enlarged() {
        let rig = Rig()
        let a = rig.view("A", 0, 0, 800, 600)
        let small = rig.view("small", 100, 100, 20, 20, in: a)
        small.touchOutset = Size(width: 15, height: 15)
        rig.tap(90, 90, at: 0)
        rig.tap(80, 80, at: 1)
        #expect(rig.hitTests.map(\.view) == ["small", "A"])
    }

    @Test("transformed and scrolled views hit-test in their own space")
    func transformed() {
        let rig = Rig()
        let a = rig.view("A", 0, 0, 800, 600)
        let rotated = rig.view("rot", 300, 200, 200, 100, in: a)   // centre (400, 250)
        rotated.transform = AffineTransform(rotationAngle: .pi / 2) // now 100 wide, 200 tall
        rig.tap(400, 330, at: 0)   // below the untransformed frame, inside the rotated one
        rig.tap(320, 250, at: 1)   // inside the untransformed frame, outside the rotated one
        let scroller = rig.view("scroll", 0, 400, 200, 200, in: a)
        scroller.bounds.origin = Point(x: 0, y: 100)
        rig.view("row", 0, 150, 200, 50, in: scroller)  // drawn at window y 450…500
        rig.tap(50, 460, at: 2)
        #expect(rig.hitTests.map(\.view) == ["rot", "A", "row"])
    }
}

@Suite("Geometry")
struct GeometryTests {
    @Test("points convert between any two views through transforms and bounds origins")
    func convert() {
        let rig = Rig()
        let a = rig.view("A", 100, 100, 400, 400)
        a.bounds.origin = Point(x: 10, y: 20)
        let b = rig.view("B", 50, 50, 100, 100, in: a)
        b.transform = AffineTransform(scaleX: 2, y: 2)
        let c = rig.view("C", 500, 0, 100, 100)
        let p = Point(x: 25, y: 75)
        let there = b.convert(p, to: c)
        let back = b.convert(there, from: c)
        #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
        // B's centre (100,100) in A; A's bounds origin shifts it by (-10,-20); A's frame origin adds (100,100).
        let centre = b.convert(Point(x: 50, y: 50), to: nil)
        #expect(centre == Point(x: 190, y: 180))
        // scaled ×2 about the centre: (0,0) in B is 100 pt up-left of the centre in the window
        #expect(b.convert(Point(x: 0, y: 0), to: nil) == Point(x: 90, y: 80))
        let r = b.convert(Rect(x: 0, y: 0, width: 100, height: 100), to: nil)
        #expect(r == Rect(x: 90, y: 80, width: 200, height: 200))
    }

    @Test("a transform's inverse undoes it; a singular one has none")
    func inverse() {
        let t = AffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: 3).translatedBy(x: 5, y: -4)
        let p = Point(x: 3, y: 9)
        let q = t.inverted()!.apply(t.apply(p))
        #expect(abs(q.x - p.x) < 1e-9 && abs(q.y - p.y) < 1e-9)
        #expect(AffineTransform(scaleX: 0, y: 1).inverted() == nil)
    }
}
