import Testing
@testable import TouchDraw

@Suite("Side panels")
struct PanelTests {
    @Test("the event log shows only the chosen kinds, newest last, one formatted line per visible row")
    func eventLogFilter() {
        let rig = OverlayRig()
        let v = rig.view("v", 0, 0, 800, 600)
        v.addGestureRecognizer(TapGestureRecognizer(id: "tap"))
        for i in 0..<5 { rig.tap(100, 100, at: Double(i)) }
        rig.advance(6)
        let gestures = EventLogPanel.lines(log: rig.log, kinds: [.gesture], visible: 100, scroll: 0)
        #expect(gestures.count == rig.log.count(of: [.gesture]))
        #expect(gestures.allSatisfy { $0.contains(" gesture tap ") })
        #expect(gestures.last == rig.log.line(rig.log.seqs(of: [.gesture], limit: 1)[0]))
        let hits = EventLogPanel.lines(log: rig.log, kinds: [.hitTest], visible: 3, scroll: 0)
        #expect(hits.count == 3 && hits.allSatisfy { $0.contains(" hit-test touch ") })
        #expect(hits.last?.contains("touch 5 ") == true)
        let back = EventLogPanel.lines(log: rig.log, kinds: [.hitTest], visible: 3, scroll: 2)
        #expect(back.first?.contains("touch 1 ") == true)

        var state = OverlayState()
        state.logKinds = [.gesture]
        state.toggleLogKind(.hitTest)
        #expect(state.logKinds == [.gesture, .hitTest])
        state.soloLogKind(.hitTest)
        #expect(state.logKinds == [.hitTest])
        var list = DisplayList(size: Size(width: 340, height: 200))
        EventLogPanel.draw(log: rig.log, state: state, in: Rect(x: 0, y: 0, width: 340, height: 200), style: OverlayStyle(),
                           measurer: EstimatedTextMeasurer(), into: &list)
        let runs = texts(list).map(\.string)
        #expect(runs.filter { $0.contains(" hit-test ") }.count == 5)
        #expect(!runs.contains { $0.contains(" gesture ") })
    }

    @Test("the responder chain runs from the hit-test view to the application and marks who got the touch")
    func responderChain() {
        let rig = OverlayRig()
        let outer = rig.view("outer", 0, 0, 400, 400)
        let inner = rig.view("inner", 10, 10, 200, 200, in: outer)
        rig.view("leaf", 10, 10, 50, 50, in: inner)
        inner.handlesTouches = true
        rig.tap(30, 30, at: 0)
        let rows = ResponderChainPanel.rows(app: rig.app, log: rig.log, pickedTouch: nil, views: DebugOverlay.viewsByID(rig.app.window))
        #expect(rows.map(\.id) == ["leaf", "inner", "outer", "window", "application"])
        #expect(rows.map(\.type) == ["View", "View", "View", "Window", "Application"])
        #expect(rows[0].marks == ["touches began,ended"])
        #expect(rows[1].marks == ["touches began,ended"])
        #expect(rows[2].marks.isEmpty && rows[4].marks.isEmpty)

        var list = DisplayList(size: Size(width: 340, height: 300))
        ResponderChainPanel.draw(app: rig.app, log: rig.log, pickedTouch: nil, views: DebugOverlay.viewsByID(rig.app.window),
                                 in: Rect(x: 0, y: 0, width: 340, height: 300), style: OverlayStyle(),
                                 measurer: EstimatedTextMeasurer(), into: &list)
        let runs = texts(list).map(\.string)
        #expect(runs.contains("from the hit-test view of touch 1"))
        #expect(runs.contains { $0.hasPrefix("↑ inner (View)") })
    }

    @Test("motion and remote handlers are marked in the chain from the first responder")
    func otherHandlers() {
        let rig = OverlayRig()
        let v = rig.view("editor", 0, 0, 100, 100)
        v.canBecomeFirstResponder = true
        v.handlesMotion = true
        v.becomeFirstResponder()
        rig.send(.shakeBegan, at: 0.1)
        rig.send(.shakeEnded, at: 0.4)
        rig.send(.remote(.play), at: 0.5)
        let rows = ResponderChainPanel.rows(app: rig.app, log: rig.log, pickedTouch: nil, views: DebugOverlay.viewsByID(rig.app.window))
        #expect(rows.first?.id == "editor" && rows.first?.isFirstResponder == true)
        #expect(rows.first?.marks == ["motion shake ended"])
        #expect(rig.log.lastRemote?.subject == nil)
    }

    @Test("the inspector shows the selected view's geometry, flags and recognizers")
    func inspector() {
        let rig = OverlayRig()
        let v = rig.view("card", 100, 100, 200, 100)
        v.transform = AffineTransform(rotationAngle: Double.pi / 6).scaledBy(x: 2, y: 2)
        v.clipsToBounds = true
        let tap = TapGestureRecognizer(id: "tap"); tap.numberOfTapsRequired = 2
        v.addGestureRecognizer(tap)
        let lines = InspectorPanel.details(of: v, log: rig.log)
        #expect(lines[0] == "card  View")
        #expect(lines.contains("transform scale 2×2  rot 30°  tr (0, 0)"))
        #expect(lines.contains { $0.contains("+clipsToBounds") && $0.contains("-hidden") && $0.contains("+userInteraction") })
        #expect(lines.contains("◆ tap (TapGestureRecognizer)  possible"))
        #expect(lines.contains("   numberOfTapsRequired (taps): 2"))
        let extra = InspectorPanel.details(of: v, log: rig.log) { _ in ["value: 0.5"] }
        #expect(extra.suffix(2) == ["▸ View", "   value: 0.5"])
        #expect(InspectorPanel.treeRows(rig.app.window).map(\.view.id) == ["window", "card"])
    }

    @Test("the help sheet lists every row in columns when there is room, and says how many are left out when not")
    func help() {
        let entries = (1...30).map { HelpEntry(input: "Key \($0)", effect: "does thing \($0)", section: "Keys") }
        var list = DisplayList(size: Size(width: 800, height: 600))
        HelpPanel.draw(entries: entries, in: Rect(x: 0, y: 0, width: 800, height: 600), style: OverlayStyle(),
                       measurer: EstimatedTextMeasurer(), into: &list)
        let runs = Set(texts(list).map(\.string))
        for e in entries { #expect(runs.contains(e.input) && runs.contains(e.effect)) }
        // The colour legend follows, one meaning per colour.
        for m in StateLegend.meanings { #expect(runs.contains(m.input)) }
        var small = DisplayList(size: Size(width: 340, height: 200))
        let L = HelpPanel.layout(entries: entries, touchFirst: false, regions: [Rect(x: 0, y: 0, width: 340, height: 200)],
                                 style: OverlayStyle(), measurer: EstimatedTextMeasurer())
        HelpPanel.draw(entries: entries, in: Rect(x: 0, y: 0, width: 340, height: 200), style: OverlayStyle(),
                       measurer: EstimatedTextMeasurer(), into: &small)
        let shown = texts(small).filter { $0.string.hasPrefix("Key ") }.count
        let total = entries.count + StateLegend.meanings.count
        #expect(L.hidden == total - shown && shown > 0)
        #expect(texts(small).contains { $0.string == "… \(total - shown) more rows: drag the help up to read them" })
        // Scrolled (a finger dragged it up): from row 11.
        var scrolled = DisplayList(size: Size(width: 340, height: 200))
        HelpPanel.draw(entries: entries, scroll: 10, in: Rect(x: 0, y: 0, width: 340, height: 200), style: OverlayStyle(),
                       measurer: EstimatedTextMeasurer(), into: &scrolled)
        #expect(texts(scrolled).contains { $0.string == "Key 11" } && !texts(scrolled).contains { $0.string == "Key 10" })
        #expect(texts(scrolled).contains { $0.string.hasSuffix("(from row 11 of \(total))") })
    }

    @Test("Now Playing shows title, artist, progress and rate, pads and orientation")
    func nowPlaying() {
        let rig = OverlayRig()
        rig.app.remote.nowPlaying = NowPlayingInfo(title: "Song", artist: "Band", duration: 200)
        rig.app.remote.nowPlaying.elapsed = 65
        rig.app.remote.nowPlaying.rate = 1
        var list = DisplayList(size: Size(width: 340, height: 300))
        NowPlayingPanel.draw(app: rig.app, pads: [ConnectedPad(name: "DualSense", hasAccel: true, hasGyro: true)],
                             in: Rect(x: 0, y: 0, width: 340, height: 300), style: OverlayStyle(),
                             measurer: EstimatedTextMeasurer(), into: &list)
        let runs = texts(list).map(\.string)
        #expect(runs.contains("Song") && runs.contains("Band"))
        #expect(runs.contains("1:05 / 3:20   rate 1  playing"))
        #expect(runs.contains("pad DualSense  accel yes  gyro yes"))
        #expect(runs.contains("orientation portrait"))
    }

    @Test("the device panel lists the tablet's accelerometer by name with its latest x, y, z")
    func tabletAccelerometer() {
        let rig = OverlayRig()
        var list = DisplayList(size: Size(width: 400, height: 300))
        let accels = [
            DeviceAccelerometer(name: "accel_3d", latest: MotionSample(.accelerometer, x: 0.125, y: -9.79, z: 0.3)),
            DeviceAccelerometer(name: "accel_base", inUse: false),
        ]
        NowPlayingPanel.draw(app: rig.app, pads: [], accelerometers: accels, in: Rect(x: 0, y: 0, width: 400, height: 300),
                             style: OverlayStyle(), measurer: EstimatedTextMeasurer(), into: &list)
        let runs = texts(list).map(\.string)
        #expect(runs.contains("tablet accel_3d  x 0.13  y -9.79  z 0.3 m/s²"), "\(runs)")
        #expect(runs.contains("tablet accel_base  not read (the screen's accelerometer is)"))
        #expect(NowPlayingPanel.line(DeviceAccelerometer(name: "mma8451")) == "tablet mma8451  no reading yet")
        #expect(NowPlayingPanel.preferredHeight(pads: 0, accelerometers: 2, style: OverlayStyle())
                > NowPlayingPanel.preferredHeight(pads: 0, style: OverlayStyle()))
    }

    @Test("the touches header reads like Android's pointer location and turns red past the slop")
    func touchesHeader() throws {
        let rig = OverlayRig()
        rig.view("v", 0, 0, 800, 600)
        rig.down(1, 100, 100, at: 0)
        for i in 1...5 { rig.move(1, 100 + 4 * Double(i), 100, at: 0.02 * Double(i)) }
        let tr = try #require(rig.log.trail(1))
        #expect(TouchesOverlay.headerLine(tr, current: 1, max: 1) == "P: 1/1  X: 120  Y: 100  dX: 20  dY: 0  Xv: 200  Yv: 0  Prs: 1.00")
        var list = DisplayList(size: Size(width: 800, height: 600))
        TouchesOverlay.draw(log: rig.log, now: 0.1, pickedTouch: nil, slop: 10, sceneTransform: .identity,
                            sceneRect: Rect(x: 0, y: 0, width: 800, height: 600), style: OverlayStyle(),
                            measurer: EstimatedTextMeasurer(), into: &list)
        #expect(list.commands.contains(.polygon(points: DisplayList.corners(of: Rect(x: 0, y: 0, width: 800, height: 18)),
                                                color: Color(r: 120, g: 20, b: 20, a: 210))))
        #expect(texts(list).contains { $0.string == "1" })
        // An emulated finger gets a dashed ring and a tag.
        rig.send(.touchDown(TouchKey(device: -1, finger: 0), Point(x: 400, y: 400), emulated: true), at: 0.2)
        var list2 = DisplayList(size: Size(width: 800, height: 600))
        TouchesOverlay.draw(log: rig.log, now: 0.2, pickedTouch: nil, slop: 10, sceneTransform: .identity,
                            sceneRect: Rect(x: 0, y: 0, width: 800, height: 600), style: OverlayStyle(),
                            measurer: EstimatedTextMeasurer(), into: &list2)
        #expect(texts(list2).contains { $0.string == "emulated" })
        // The tag is white on a dark plate, readable on any view (it was the ring's colour).
        let tag = try #require(texts(list2).first { $0.string == "emulated" })
        #expect(tag.color == .white)
        #expect(list2.commands.contains { cmd in
            guard case let .polygon(points, color) = cmd, color == TouchesOverlay.tagPlate, let minY = points.map(\.y).min(),
                  let maxY = points.map(\.y).max(), let minX = points.map(\.x).min(), let maxX = points.map(\.x).max() else { return false }
            return minX < tag.position.x && maxX > tag.position.x && minY < tag.position.y && maxY > tag.position.y
        })
    }
}

@Suite("Overlay state")
struct OverlayStateTests {
    @Test("panels toggle one by one")
    func toggles() {
        var s = OverlayState()
        #expect(!s.isOn(.help))
        s.toggle(.help)
        #expect(s.isOn(.help))
    }

    @Test("views and touches are selected by stepping and by clicking")
    func selection() {
        let rig = OverlayRig()
        let a = rig.view("a", 0, 0, 100, 100)
        rig.view("b", 10, 10, 20, 20, in: a)
        var s = OverlayState()
        s.selectNextView(in: rig.app.window)
        #expect(s.selectedViewID == "window")
        s.selectNextView(in: rig.app.window, step: -1)
        #expect(s.selectedViewID == "b")
        s.selectView(at: Point(x: 15, y: 15), in: rig.app.window)
        #expect(s.selectedViewID == "b")
        rig.tap(50, 50, at: 0); rig.tap(60, 60, at: 1)
        s.pickNextTouch(in: rig.log)
        #expect(s.pickedTouchID == 1)
        s.pickNextTouch(in: rig.log)
        #expect(s.pickedTouchID == 2)
        s.pickNextTouch(in: rig.log)
        #expect(s.pickedTouchID == nil)
    }
}
