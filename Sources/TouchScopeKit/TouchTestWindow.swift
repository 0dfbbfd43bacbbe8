// TouchTestWindow: `touchscope touchtest`, the live test mode: the pages of `TouchTest`
// (TouchScene) on the whole window, operated by touch alone.
//
//   SDL fingers ─▶ panel buttons (Back, Skip, Next, Try it, Write udev rule, Move panel)
//               └▶ the test surface ─▶ TouchTest.handle ─▶ the page's verdict, at once
//
// The window's units are the test's points (the scene is the window as it opened; a resize
// scales it). A finger that lands on the panel belongs to the panel until it lifts: it is not
// part of the test, nor of the recording. The mouse's left button stands in for one finger
// (finger -1) where there is no touchscreen. At the end (the window closed, SIGINT, SIGTERM)
// `--record` writes the recording and `--report` the HTML report, and the whole session's
// verdicts are printed as `touchscope analyze` prints them.
import Foundation
import TouchCore
import TouchDraw
import TouchScene
import TouchSDL

/// What `touchscope touchtest` is told.
package struct TouchTestOptions: Sendable {
    package var fullscreen = false
    package var display: Int?
    package var window: Size?
    package var record: String?
    package var report: String?
    package var sizeMM: Size?
    package var udevRule = "99-touchscreen-calibration.rules"
    package var limits = CheckLimits()
    package init() {}
}

/// Where the panel and its buttons lie (scene points), and its text, for one frame.
package struct TouchTestPanel {
    /// A button: its label, what it does, its rect.
    package struct Button: Equatable {
        package var id: String
        package var label: String
        package var rect: Rect
        /// The label's font size (points).
        package var size: Double
    }
    /// One line of the panel's text, with its colour.
    package struct Line: Equatable {
        package var text: String
        package var color: Color
        package var size: Double
        package var origin: Point
    }
    package var rect: Rect
    package var buttons: [Button] = []
    package var lines: [Line] = []
    /// Whether every line fits inside the panel, above the buttons, with no line cut.
    package var fits = true

    /// The least size of a button each way (points): the touch target of the Human Interface Guidelines.
    package static let target = 44.0

    /// Lays out `test`'s panel in its window; `upper` puts it in the upper half (the draw
    /// page's "Move panel"), `message` is a line under the verdicts (the udev rule written).
    package init(_ test: TouchTest, upper: Bool, message: String?, udevPath: String, measurer: any TextMeasurer) {
        let w = test.window.width, h = test.window.height
        let u = max(1, min(w, h) / 800)
        if test.page == .summary {
            rect = Rect(x: w * 0.08, y: h * 0.08, width: w * 0.84, height: h * 0.84)
        } else {
            let top = upper ? 0.13 : 0.55
            rect = Rect(x: w * 0.15, y: h * top, width: w * 0.7, height: h * 0.32)
        }
        // Buttons along the bottom, right to left: Next, Skip, Back; then the page's own.
        var ids: [(String, String)] = []
        if let i = TouchTest.Page.allCases.firstIndex(of: test.page), i > 0 { ids.append(("back", "‹ Back")) }
        if test.page != .summary { ids.append(("skip", "Skip")) }
        if test.page != .summary { ids.append(("next", test.page == .draw ? "Finish ›" : "Next ›")) }
        var own: [(String, String)] = []
        if test.page == .targets, test.status[.targets] == .done, test.results[.targets]?.calibration != nil {
            own.append(("try", test.tryCalibration ? "Try it: on" : "Try it: off"))
            own.append(("udev", "Write udev rule"))
        }
        if test.page == .draw { own.append(("move", "Move panel")) }
        let pad = 8 * u, bh = Self.target * u
        var font = 15 * u
        // The buttons' labels must fit: the font shrinks until they do (to 11 points).
        func widths(_ f: Double) -> [Double] { (own + ids).map { max(Self.target * u, measurer.measure($0.1, size: f, font: .sans).width + 2 * pad) } }
        while font > 11, widths(font).reduce(0, +) + pad * Double(own.count + ids.count + 1) > rect.width { font -= 1 }
        let ws = widths(font)
        var x = rect.minX + pad
        let y = rect.maxY - pad - bh
        for (k, b) in own.enumerated() {
            buttons.append(Button(id: b.0, label: b.1, rect: Rect(x: x, y: y, width: ws[k], height: bh), size: font))
            x += ws[k] + pad
        }
        var right = rect.maxX - pad
        for (k, b) in ids.enumerated().reversed() {
            let bw = ws[own.count + k]
            right -= bw
            buttons.append(Button(id: b.0, label: b.1, rect: Rect(x: right, y: y, width: bw, height: bh), size: font))
            right -= pad
        }
        if x > right + pad { fits = false }

        // Text: title, instruction, verdicts, extras; wrapped to the width; smaller until it fits.
        var paragraphs: [(String, Color, Bool)] = []   // text, colour, title
        let n = (TouchTest.Page.allCases.firstIndex(of: test.page) ?? 0) + 1
        paragraphs.append(("\(n)/\(TouchTest.Page.allCases.count)  \(test.page.title)", .white, true))
        paragraphs.append((test.instruction, Color(r: 200, g: 200, b: 205), false))
        let checks: [DeviceCheck]
        if test.page == .summary { checks = test.summary?.checks ?? [] } else { checks = test.results[test.page]?.checks ?? (test.page == .draw ? test.liveChecks : []) }
        if test.status[test.page] == .skipped { paragraphs.append(("Skipped: this page decides nothing.", .gray, false)) }
        for c in checks {
            let color: Color = c.pass.map { $0 ? .green : .red } ?? Color(r: 160, g: 160, b: 165)
            paragraphs.append((Self.checkLine(c), color, false))
        }
        paragraphs += Self.extras(test, udevPath: udevPath).map { ($0, Color(r: 200, g: 200, b: 205), false) }
        if let message { paragraphs.append((message, .yellow, false)) }
        let textBottom = buttons.map(\.rect.minY).min() ?? rect.maxY
        var size = 15 * u
        while true {
            lines = []
            var yy = rect.minY + pad
            for (text, color, title) in paragraphs {
                let s = title ? size * 1.2 : size
                for piece in Self.wrap(text, width: rect.width - 2 * pad, size: s, measurer: measurer) {
                    lines.append(Line(text: piece, color: color, size: s, origin: Point(x: rect.minX + pad, y: yy)))
                    yy += measurer.measure(piece, size: s, font: .sans).height + 2
                }
            }
            if yy <= textBottom - 4 || size <= 9 { fits = fits && yy <= textBottom - 4; break }
            size -= 1
        }
    }

    /// "PASS accuracy: 0.42 mm, limit ≤ 1.0 mm"; a check not measured says why.
    static func checkLine(_ c: DeviceCheck) -> String {
        guard let v = c.value, let pass = c.pass else { return "not measured  \(c.name): \(c.note)" }
        let digits = c.unit == "count" || c.unit == "contacts" ? 0 : 2
        let relation = c.name == "report-rate" || c.name == "contacts" ? "≥" : "≤"
        return "\(pass ? "PASS" : "FAIL")  \(c.name): \(TraceFormat.fixed(v, digits)) \(c.unit), limit \(relation) \(TraceFormat.fixed(c.limit, digits == 0 ? 0 : 1)) \(c.unit)"
    }

    /// The page's own figures: the matrix, the rule's file, fingers, coverage, anomalies.
    static func extras(_ test: TouchTest, udevPath: String) -> [String] {
        switch test.page {
        case .targets:
            guard let r = test.results[.targets] else { return [] }
            if let e = r.calibrationError { return ["No calibration: \(e)"] }
            guard let fit = r.calibration else { return [] }
            var out = ["Matrix: " + fit.matrix.map { TraceFormat.fixed($0, 4) }.joined(separator: " ")
                       + "; error left: largest \(TraceFormat.fixed(fit.maxResidualPx, 1)) px (at each target on the screen)"]
            if test.sizeMM == nil { out.append("No size in mm (--size-mm WxH): errors in pixels, accuracy not measured.") }
            out.append("udev rule file: \(udevPath)  (a keyboard may edit it; Return writes)")
            return out
        case .lines:
            guard let a = test.results[.lines]?.analysis else { return [] }
            return ["Linearity: " + (a.linearity.map { "\(TraceFormat.fixed($0, 2)) \(a.unit)" } ?? "no straight stroke of 10 mm")
                    + "; report rate " + (a.reportRate.map { "\(TraceFormat.fixed($0.p50, 1)) Hz median, \(TraceFormat.fixed($0.min, 1)) Hz least" } ?? "—")]
        case .hold:
            guard let a = test.results[.hold]?.analysis else { return [] }
            return ["Stationary jitter: " + (a.stationaryJitter.map { "\(TraceFormat.fixed($0, 2)) \(a.unit)" } ?? "no finger held still for 0.3 s")]
        case .fingers:
            guard let a = test.results[.fingers]?.analysis else { return [] }
            return ["\(a.contactsMax) at once; closest two told apart: " + (a.fingerSeparation.map { "\(TraceFormat.fixed($0, 1)) \(a.unit)" } ?? "—")]
        case .draw:
            let touched = test.coverage.filter { $0 > 0 }.count
            var out = ["Coverage: \(touched) of \(test.coverage.count) cells touched"]
            let anomalies = test.anomalies
            out.append("Anomalies: \(anomalies.count)" + (anomalies.isEmpty ? "" : " (newest last)"))
            for a in anomalies.suffix(3) { out.append("\(a.kind) at \(TraceFormat.fixed(a.at, 2)) s: \(a.detail)") }
            return out
        case .summary:
            guard let a = test.summary else { return [] }
            var out = ["\(a.contactsTotal) contacts in all, \(TraceFormat.fixed(a.duration, 1)) s; figures in \(a.unit)"
                       + (a.unit == "px" ? " (no size in mm: give --size-mm WxH)" : ""),
                       "Anomalies: \(a.anomalies.count)"]
            for x in a.anomalies.prefix(4) { out.append("\(x.kind) at \(TraceFormat.fixed(x.at, 2)) s: \(x.detail)") }
            if let fit = test.summaryCalibration { out.append("Matrix: " + fit.matrix.map { TraceFormat.fixed($0, 4) }.joined(separator: " ")) }
            return out
        }
    }

    /// `text` broken at spaces into lines no wider than `width` (a word longer than the
    /// width is broken where it must be).
    static func wrap(_ text: String, width: Double, size: Double, measurer: any TextMeasurer) -> [String] {
        var out: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if measurer.measure(candidate, size: size, font: .sans).width <= width { line = candidate; continue }
            if !line.isEmpty { out.append(line) }
            var rest = word
            while measurer.measure(rest, size: size, font: .sans).width > width, rest.count > 1 {
                var cut = rest.count - 1
                while cut > 1, measurer.measure(String(rest.prefix(cut)), size: size, font: .sans).width > width { cut -= 1 }
                out.append(String(rest.prefix(cut)))
                rest = String(rest.dropFirst(cut))
            }
            line = rest
        }
        if !line.isEmpty { out.append(line) }
        return out
    }
}

/// The live test's window.
@MainActor
package final class TouchTestWindow: HostClient {
    package private(set) var test: TouchTest
    let options: TouchTestOptions
    private weak var host: SDLHost?
    private var upper = false
    private var message: String?
    /// Fingers (and the mouse, -1) that landed on the panel: the button under them.
    private var onPanel: [Int: String?] = [:]
    /// The strokes drawn on the page (bounded), each finger's own.
    private var ink: [Int: [Point]] = [:]
    private var oldInk: [[Point]] = []
    private let script = FingerScript()
    private var reported: Set<TouchTest.Page> = []
    private var shots = 0
    /// Measures text when there is no window (a frame drawn offscreen); else the window's.
    package var measurer: (any TextMeasurer)?
    /// Where "Write udev rule" writes: `--udev-rule`, or what was typed over it.
    private var udevPath: String

    package init(window: Size, device: String?, options: TouchTestOptions) {
        self.options = options
        udevPath = options.udevRule
        test = TouchTest(window: window, sizeMM: options.sizeMM, limits: options.limits, device: device)
    }

    package var sceneSize: Size { test.window }

    package func hostDidStart(_ host: SDLHost) { self.host = host }

    package func advance(to time: Double) -> Bool {
        // The draw page's clock: a finger held still becomes a stuck touch with no input.
        if test.tick(at: time) { sayAnomalies(); host?.setNeedsDisplay() }
        return test.page == .hold && !test.down.isEmpty
    }

    package func hostCommand(_ command: HostCommand) {
        if case let .screenshotSaved(path) = command { say("touchtest: screenshot \(path)") }
    }

    private var panel: TouchTestPanel {
        TouchTestPanel(test, upper: upper, message: message, udevPath: udevPath, measurer: host?.textMeasurer ?? measurer ?? EstimatedTextMeasurer())
    }

    // MARK: Input

    package func handle(_ input: RawInput) {
        let now = input.t
        switch input.kind {
        case let .fingerDown(f, x, y, _, _): down(f, Point(x: x, y: y), input)
        case let .fingerMove(f, x, y, _, _): if onPanel[f] == nil { surface(f, Point(x: x, y: y), input) }
        case let .fingerUp(f, x, y, _, _): up(f, Point(x: x, y: y), input, at: now)
        case let .mouseDown(x, y, button, _) where button == .left:
            down(-1, Point(x: x, y: y), RawInput(t: now, .fingerDown(finger: -1, x: x, y: y)))
        case let .mouseMove(x, y, button, _) where button == .left:
            if onPanel[-1] == nil { surface(-1, Point(x: x, y: y), RawInput(t: now, .fingerMove(finger: -1, x: x, y: y))) }
        case let .mouseUp(x, y, button, _) where button == .left:
            up(-1, Point(x: x, y: y), RawInput(t: now, .fingerUp(finger: -1, x: x, y: y)), at: now)
        case let .keyDown(key, mods):
            if key == "F12" { shots += 1; host?.saveScreenshot(to: "touchtest-\(shots).png") }
            else if key == "Q" && mods.contains(.ctrl) { host?.requestQuit() }
            else if test.page == .targets, test.results[.targets]?.calibration != nil { edit(key, shift: mods.contains(.shift)) }
        default:
            break
        }
        sayAnomalies()
        publish()
    }

    /// The draw page's anomalies printed as they are found (`touchtest: anomaly: ...`).
    private var anomaliesSaid = 0
    private func sayAnomalies() {
        let all = test.anomalies
        if all.count < anomaliesSaid { anomaliesSaid = 0 }
        for a in all[anomaliesSaid...] { say("touchtest: anomaly: \(a.kind) at \(TraceFormat.fixed(a.at, 3)) s, slot \(a.slot): \(a.detail)") }
        anomaliesSaid = all.count
    }

    private func down(_ f: Int, _ p: Point, _ input: RawInput) {
        let layout = panel
        if layout.rect.contains(p) {
            onPanel[f] = layout.buttons.first { $0.rect.insetBy(dx: -4, dy: -4).contains(p) }?.id
            return
        }
        ink[f] = [p]
        test.handle(input)
    }

    private func surface(_ f: Int, _ p: Point, _ input: RawInput) {
        guard ink[f] != nil else { return }
        if test.page != .draw { ink[f]?.append(p) } else if var trail = ink[f] { trail.append(p); ink[f] = Array(trail.suffix(300)) }
        test.handle(input)
    }

    private func up(_ f: Int, _ p: Point, _ input: RawInput, at time: Double) {
        if let pressed = onPanel.removeValue(forKey: f) {
            // A button acts when the finger lifts on it (as a UIButton's touchUpInside).
            if let id = pressed, panel.buttons.first(where: { $0.id == id })?.rect.insetBy(dx: -4, dy: -4).contains(p) == true {
                press(id, at: time)
            }
            return
        }
        guard let trail = ink.removeValue(forKey: f) else { return }
        if test.page == .lines || test.page == .targets { oldInk.append(trail); if oldInk.count > 40 { oldInk.removeFirst() } }
        let before = test.status[test.page]
        test.handle(input)
        if before != .done, test.status[test.page] == .done { announce(test.page) }
    }

    private func press(_ id: String, at time: Double) {
        let from = test.page
        switch id {
        case "next": test.next(at: time)
        case "back": test.back(at: time)
        case "skip": test.skip(at: time)
        case "try": test.tryCalibration.toggle()
        case "move": upper.toggle()
        case "udev": writeRule()
        default: break
        }
        if test.page != from {
            message = nil
            oldInk = []
            ink = [:]
            upper = false
            if from == .draw, test.status[.draw] == .done { announce(.draw) }
            if test.page == .summary { announce(.summary) }
        }
        host?.setNeedsDisplay()
    }

    /// A key on the targets page once it is done: edits the udev rule's path (a keyboard is
    /// optional: the path shown is `--udev-rule`'s until typed over). Backspace deletes,
    /// Return writes the rule.
    private func edit(_ key: String, shift: Bool) {
        switch key {
        case "Backspace": if !udevPath.isEmpty { udevPath.removeLast() }
        case "Return": writeRule()
        case "Space": udevPath += " "
        default:
            guard key.count == 1 else { return }
            udevPath += shift ? (key == "-" ? "_" : key.uppercased()) : key.lowercased()
        }
        host?.setNeedsDisplay()
    }

    private func writeRule() {
        guard let fit = test.results[.targets]?.calibration else { return }
        let name = String((test.device ?? "the touchscreen").map { $0 == "\n" ? " " : $0 })
        let text = "# touchscope touchtest: libinput calibration for \(name)\n\(fit.udevRule)\n"
        do {
            try RegularFile.write(Array(text.utf8), to: udevPath)
            message = "Wrote \(LiveRecording.fullPath(udevPath)); copy it to /etc/udev/rules.d/ (as root), then: udevadm trigger"
            say("touchtest: udev rule written to \(udevPath)")
        } catch {
            message = "Cannot write \(udevPath): \(error.message)"
        }
    }

    /// One line on standard output, at once (a script reads it while the window runs).
    private func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

    /// Prints a page's verdict when it is done (once per result).
    private func announce(_ p: TouchTest.Page) {
        let checks = p == .summary ? test.summary?.checks ?? [] : test.results[p]?.checks ?? []
        say("touchtest: \(p.rawValue): " + checks.map(TouchTestPanel.checkLine).joined(separator: "; "))
        if p == .targets, let fit = test.results[.targets]?.calibration {
            say("touchtest: targets: matrix " + fit.matrix.map { TraceFormat.fixed($0, 6) }.joined(separator: " ")
                  + "; largest error left \(TraceFormat.fixed(fit.maxResidualPx, 2)) px")
        }
    }

    /// FILE.state for the Xvfb scripts (TOUCHSCOPE_TEST_FINGERS): the page, its status, the
    /// buttons, the next target, in window units.
    private func publish() {
        guard let script, let host else { return }
        let l = panel, s = host.layout.windowSize.width / max(1, test.window.width)
        var out = ["page \(test.page.rawValue)", "status \(test.status[test.page]?.rawValue ?? "waiting")",
                   "taps \(test.tapsDone)", "stray \(test.strayTap)", "strokes \(test.strokesDone)", "down \(test.down.count)",
                   "panel \(Int(l.rect.minX * s)) \(Int(l.rect.minY * s)) \(Int(l.rect.width * s)) \(Int(l.rect.height * s))",
                   "fits \(l.fits)"]
        for b in l.buttons { out.append("\(b.id)-button \(Int(b.rect.minX * s)) \(Int(b.rect.minY * s)) \(Int(b.rect.width * s)) \(Int(b.rect.height * s))") }
        if test.page == .targets, test.tapsDone < test.targets.count {
            let t = test.targets[test.tapsDone]
            out.append("target \(Int((t.x * s).rounded())) \(Int((t.y * s).rounded()))")
        }
        for g in test.guides { out.append("guide \(Int(g.from.x * s)) \(Int(g.from.y * s)) \(Int(g.to.x * s)) \(Int(g.to.y * s))") }
        out.append("hold \(Int(test.holdSpot.x * s)) \(Int(test.holdSpot.y * s))")
        script.report(out.joined(separator: "\n") + "\n")
    }

    // MARK: Drawing

    package func draw(into list: inout DisplayList, layout: HostLayout) {
        if script != nil && test.inputs.isEmpty { publish() }
        list.background = Color(r: 16, g: 16, b: 20)
        list.save()
        list.concatenate(layout.sceneTransform)
        let w = test.window.width, h = test.window.height, u = max(1, min(w, h) / 800)
        let faint = Color(r: 90, g: 90, b: 100), ring = Color(r: 170, g: 170, b: 180)
        switch test.page {
        case .targets:
            let fit = test.results[.targets]?.calibration
            for (i, t) in test.targets.enumerated() {
                let next = i == test.tapsDone && fit == nil
                list.strokeCircle(center: t, radius: (next ? 22 : 14) * u, next ? .yellow : ring, width: next ? 3 : 1.5)
                list.line(from: Point(x: t.x - 6 * u, y: t.y), to: Point(x: t.x + 6 * u, y: t.y), next ? .yellow : faint)
                list.line(from: Point(x: t.x, y: t.y - 6 * u), to: Point(x: t.x, y: t.y + 6 * u), next ? .yellow : faint)
                if i < test.tapPoints.count {
                    list.line(from: t, to: test.tapPoints[i], .orange, width: 1.5)
                    list.fillCircle(center: test.tapPoints[i], radius: 3 * u, .orange)
                }
                if let r = fit?.residuals[safe: i] {
                    let label = "\(TraceFormat.fixed(r.px, 1)) px" + (r.mm.map { " \(TraceFormat.fixed($0, 2)) mm" } ?? "")
                    // Beside the target, towards the middle; the left and right edges' below it,
                    // clear of the grid's labels on the same row.
                    let left = t.x > w / 2, side = i == 10 || i == 12 ? 0.0 : 1.0
                    let dy = side == 0 ? 28.0 : (t.y > h / 2 ? -20 : 4)
                    list.text(label, at: Point(x: t.x + (left ? -18 : 18) * u * side, y: t.y + dy * u), size: 12 * u,
                              color: .green, alignment: side == 0 ? (left ? .right : .left) : (left ? .right : .left))
                }
            }
        case .lines:
            for (k, g) in test.guides.enumerated() {
                let done = k < test.strokesDone
                let n = 40
                for i in stride(from: 0, to: n, by: 2) {
                    let a = Double(i) / Double(n), b = Double(i + 1) / Double(n)
                    list.line(from: Point(x: g.from.x + (g.to.x - g.from.x) * a, y: g.from.y + (g.to.y - g.from.y) * a),
                              to: Point(x: g.from.x + (g.to.x - g.from.x) * b, y: g.from.y + (g.to.y - g.from.y) * b),
                              done ? .green : ring, width: 2 * u)
                }
                list.fillCircle(center: g.from, radius: 6 * u, done ? .green : .yellow)
            }
        case .hold:
            list.strokeCircle(center: test.holdSpot, radius: 34 * u, .yellow, width: 3)
            list.strokeCircle(center: test.holdSpot, radius: 6 * u, .yellow, width: 2)
            if let start = test.inputs.last(where: { if case .fingerDown = $0.kind { return true }; return false })?.t,
               !test.down.isEmpty, let now = host?.time {
                list.text("\(TraceFormat.fixed(max(0, now - start), 1)) s", at: Point(x: test.holdSpot.x, y: test.holdSpot.y + 44 * u),
                          size: 18 * u, color: .white, alignment: .center)
            }
        case .fingers:
            list.text("\(test.down.count) down · \(test.mostDown) most", at: Point(x: w / 2, y: h * 0.08), size: 28 * u,
                      color: .white, alignment: .center)
        case .draw:
            let cols = DeviceAnalysis.coverageColumns, rows = DeviceAnalysis.coverageRows
            let cw = w / Double(cols), ch = h / Double(rows)
            let most = max(1, test.coverage.max() ?? 1)
            for r in 0..<rows {
                for c in 0..<cols where test.coverage[r * cols + c] > 0 {
                    let k = 0.35 + 0.65 * Double(test.coverage[r * cols + c]) / Double(most)
                    list.fillRect(Rect(x: Double(c) * cw + 1, y: Double(r) * ch + 1, width: cw - 2, height: ch - 2),
                                  Color(r: 30, g: UInt8(80 + 60 * k), b: UInt8(120 + 120 * k)))
                }
            }
            for c in 1..<cols { list.line(from: Point(x: Double(c) * cw, y: 0), to: Point(x: Double(c) * cw, y: h), Color(r: 40, g: 40, b: 48)) }
            for r in 1..<rows { list.line(from: Point(x: 0, y: Double(r) * ch), to: Point(x: w, y: Double(r) * ch), Color(r: 40, g: 40, b: 48)) }
        case .summary:
            break
        }
        for trail in oldInk where trail.count > 1 { list.polyline(trail, Color(r: 120, g: 180, b: 255), width: 2 * u) }
        for (_, trail) in ink where trail.count > 1 { list.polyline(trail, Color(r: 120, g: 180, b: 255), width: 2 * u) }
        for (f, p) in test.down.sorted(by: { $0.key < $1.key }) {
            if test.tryCalibration {
                list.strokeCircle(center: p, radius: 16 * u, faint, width: 1.5)
                list.fillCircle(center: test.calibrated(p), radius: 12 * u, .green)
            } else {
                list.fillCircle(center: p, radius: 14 * u, Color(r: 100, g: 170, b: 255))
            }
            list.text("\(f)", at: Point(x: p.x, y: p.y - 30 * u), size: 12 * u, color: .white, alignment: .center)
        }
        // The panel.
        let l = panel
        list.roundedRect(l.rect, radius: 10 * u, fill: Color(r: 32, g: 32, b: 38, a: 235), stroke: Color(r: 80, g: 80, b: 90), lineWidth: 1)
        for line in l.lines { list.text(line.text, at: line.origin, size: line.size, color: line.color) }
        for b in l.buttons {
            let pressed = onPanel.values.contains { $0 == b.id }
            list.roundedRect(b.rect, radius: 8 * u, fill: pressed ? Color(r: 70, g: 110, b: 170) : Color(r: 55, g: 55, b: 65),
                             stroke: Color(r: 120, g: 120, b: 135), lineWidth: 1)
            list.text(b.label, at: b.rect.center, size: b.size, color: .white, alignment: .center, baseline: .middle)
        }
        list.restore()
    }

    // MARK: The end

    /// Writes the recording and the report, prints the session's verdicts. Errors are the
    /// files' (`FILE:1:1: cannot write ...`).
    package func finish() throws(CLIError) {
        let (analysis, calibration) = test.sessionAnalysis()
        print(analysis.text)
        if let calibration { print(calibration.text) }
        if let path = options.record {
            do { try RegularFile.write(Array(test.recordingText.utf8), to: path) } catch {
                throw CLIError.badInput("\(path):1:1: cannot write the recording: \(error.message)")
            }
        }
        if let path = options.report {
            do { try RegularFile.write(Array(TouchAnalysis.htmlReport([analysis], file: options.record ?? "touchtest").utf8), to: path) } catch {
                throw CLIError.badInput("\(path):1:1: cannot write the report: \(error.message)")
            }
        }
    }
}

extension Array {
    subscript(safe i: Int) -> Element? { indices.contains(i) ? self[i] : nil }
}

extension TouchTestWindow {
    /// Opens the window and runs the test until it is closed; then `finish`.
    package static func run(_ options: TouchTestOptions) throws {
        if SDLHost.checkDisplay() != nil {
            throw CLIError(message: "touchscope: no display (neither DISPLAY nor WAYLAND_DISPLAY is set): touchtest needs a window on the touchscreen", status: 1)
        }
        try OutputFiles.check([.output("--record", "recording", options.record), .output("--report", "report", options.report),
                               .output("--udev-rule", "udev rule", options.udevRule)])
        SDLHost.catchSignals()
        let host: SDLHost
        do {
            host = try SDLHost(options: HostOptions(sceneName: "touchtest", fullscreen: options.fullscreen, displayIndex: options.display,
                                                    windowSize: options.window,
                                                    layout: LayoutOptions(panelsVisible: false, margin: 0, toolbar: false)),
                               sceneSize: options.window ?? Size(width: 1280, height: 800))
        } catch let error as SDLError where error.isNoDisplay {
            throw CLIError(message: "touchscope: no display (\(error.message))", status: 1)
        } catch {
            throw CLIError.failure("cannot open a window: \(error)")
        }
        _ = host.refreshLayout()
        let device = host.touchDevices().first?.name
        // --size-mm is the screen's: the window's size in mm at the display's units per mm
        // (the whole of it when full screen).
        var o = options
        let window = host.layout.windowSize
        if let mm = options.sizeMM, let display = host.displaySize {
            o.sizeMM = Size(width: mm.width * window.width / display.width, height: mm.height * window.height / display.height)
        }
        let app = TouchTestWindow(window: window, device: device, options: o)
        _ = host.run(client: app)
        try app.finish()
    }
}
