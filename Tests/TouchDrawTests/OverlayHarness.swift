import Testing
@testable import TouchDraw

/// An application with its trace going into a TraceLog, and a hand-moved clock.
final class OverlayRig {
    let app: Application
    let log: TraceLog
    var t = 0.0

    init(width: Double = 800, height: Double = 600, capacity: Int = 20_000) {
        app = Application(windowSize: Size(width: width, height: height))
        log = TraceLog(capacity: capacity)
        let log = self.log
        app.tracer.sink = log
    }

    @discardableResult
    func view(_ id: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double, in parent: View? = nil) -> View {
        let v = View(id: id, frame: Rect(x: x, y: y, width: w, height: h))
        (parent ?? app.window).addSubview(v)
        return v
    }

    func send(_ e: InputEvent, at time: Double) {
        t = time
        app.send(e, at: time)   // the trace's touch samples feed the log's trails
    }
    func down(_ f: Int, _ x: Double, _ y: Double, at time: Double) {
        send(.touchDown(TouchKey(device: 0, finger: f), Point(x: x, y: y)), at: time)
    }
    func move(_ f: Int, _ x: Double, _ y: Double, at time: Double) {
        send(.touchMove(TouchKey(device: 0, finger: f), Point(x: x, y: y)), at: time)
    }
    func up(_ f: Int, _ x: Double, _ y: Double, at time: Double) {
        send(.touchUp(TouchKey(device: 0, finger: f), Point(x: x, y: y)), at: time)
    }
    /// doubleTap and singleTap (requires doubleTap to fail) on a pad at (100, 100, 600, 400):
    /// SPEC's failure requirement.
    @discardableResult
    func doubleTapPad() -> View {
        let pad = view("pad", 100, 100, 600, 400)
        let double = TapGestureRecognizer(id: "doubleTap")
        double.numberOfTapsRequired = 2
        let single = TapGestureRecognizer(id: "singleTap")
        single.require(toFail: double)
        pad.addGestureRecognizer(double)
        pad.addGestureRecognizer(single)
        return pad
    }
    func tap(_ x: Double, _ y: Double, at time: Double, finger: Int = 1) {
        down(finger, x, y, at: time)
        up(finger, x, y, at: time + 0.05)
    }
    func advance(_ time: Double) { t = time; app.advance(to: time) }
}

/// The geometry of the host's landscape layout at scale 1 up to 1280×800 (TouchSDL.HostLayout's
/// defaults; larger canvases grow the panels), rebuilt here because TouchDraw's tests do not
/// link SDL. The overlays are tested in these rects at any canvas size.
struct Panels {
    var canvas: Size
    var scene: Rect
    var side: Rect
    var bottom: Rect
    var sceneTransform: AffineTransform

    init(canvas: Size, sceneSize: Size) {
        self.canvas = canvas
        let sideW = min(340, canvas.width * 0.45), bottomH = min(170, canvas.height * 0.35)
        side = Rect(x: canvas.width - sideW, y: 0, width: sideW, height: canvas.height)
        bottom = Rect(x: 0, y: canvas.height - bottomH, width: canvas.width - sideW, height: bottomH)
        let area = Rect(x: 8, y: 8, width: canvas.width - sideW - 16, height: canvas.height - bottomH - 16)
        let s = min(area.width / sceneSize.width, area.height / sceneSize.height)
        let w = sceneSize.width * s, h = sceneSize.height * s
        scene = Rect(x: area.minX + (area.width - w) / 2, y: area.minY + (area.height - h) / 2, width: w, height: h)
        sceneTransform = AffineTransform(a: s, b: 0, c: 0, d: s, tx: scene.minX, ty: scene.minY)
    }
}

extension Rect {
    func contains(_ r: Rect, tolerance: Double) -> Bool {
        r.minX >= minX - tolerance && r.minY >= minY - tolerance && r.maxX <= maxX + tolerance && r.maxY <= maxY + tolerance
    }
    func intersection(_ r: Rect) -> Rect {
        let x0 = max(minX, r.minX), y0 = max(minY, r.minY)
        return Rect(x: x0, y: y0, width: max(0, min(maxX, r.maxX) - x0), height: max(0, min(maxY, r.maxY) - y0))
    }
}

func boundingBox(_ pts: [Point]) -> Rect {
    let xs = pts.map(\.x), ys = pts.map(\.y)
    let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
    return Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
}

/// Every drawing command's box, with the clip in force when it was recorded (nil: none).
func commandBoxes(_ list: DisplayList, measurer: TextMeasurer) -> [(box: Rect, clip: Rect?, command: DrawCommand)] {
    var clips: [Rect] = []
    var out: [(Rect, Rect?, DrawCommand)] = []
    for c in list.commands {
        let box: Rect?
        switch c {
        case let .polygon(points, _): box = boundingBox(points)
        case let .polyline(points, _, _, _): box = boundingBox(points)
        case let .roundedRect(rr): box = boundingBox(rr.outline())
        case let .circle(center, radius, _, _): box = Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
        case let .text(run):
            var size = measurer.measure(run.string, size: run.size, font: run.font)
            if let mw = run.maxWidth { size.width = min(size.width, mw) }
            box = Rect(origin: run.topLeft(for: size), size: size)
        case let .image(_, corners, _): box = boundingBox(corners)
        case let .pushClip(r):
            clips.append(clips.last.map { $0.intersection(r) } ?? r); box = nil
        case .popClip:
            _ = clips.popLast(); box = nil
        }
        if let box { out.append((box, clips.last, c)) }
    }
    return out
}

func texts(_ list: DisplayList) -> [TextRun] {
    list.commands.compactMap { if case let .text(r) = $0 { return r }; return nil }
}

extension TraceLog {
    /// Appends a touch sample of touch `touch` (finger `finger` of device 0; default: the
    /// touch id), as the application traces one.
    func sample(_ touch: Int, _ x: Double, _ y: Double, _ phase: TouchPhase, at t: Double, finger: Int? = nil,
                pressure: Double = 1) {
        append(TraceRecord(t: t, .touchSample(FingerSample(touch: touch, key: TouchKey(device: 0, finger: finger ?? touch),
                                                           point: Point(x: x, y: y), phase: phase, pressure: pressure,
                                                           isEmulated: false))))
    }
}
