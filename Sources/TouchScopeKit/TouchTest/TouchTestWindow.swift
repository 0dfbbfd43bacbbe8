// TouchTestWindow: `touchscope touchtest`, the live test mode: the pages of `TouchTest`
// (TouchScene) on the whole window, operated by touch alone; its files written as it goes
// (`TouchTestFiles`), its panel laid out by `TouchTestPanel`.
//
//   SDL fingers ─▶ panel buttons (Back, Skip, Next, Try it, Write udev rule, Move panel,
//               │                More anomalies, Finish and save)
//               └▶ the test surface ─▶ TouchTest.handle ─▶ the page's verdict, at once
//
// The window's units are the test's points (the scene is the window as it opened; a resize
// scales it). A finger that lands on the panel belongs to the panel until it lifts: it is not
// part of the test, nor of the recording. The mouse's left button stands in for one finger
// (finger -1) where there is no touchscreen. The recording and the report of the pages done
// are on disk as the test goes (`--record`, `--report`, else the folder for saved files);
// "Finish and save" on the summary, closing the window, SIGINT, SIGTERM or the display going
// away complete them, and the whole session's verdicts are printed as `touchscope analyze`
// prints them, then the summary's.
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
    /// Where the files not named by --record / --report go (`TouchTestFiles.savedFolder()` when nil).
    package var savedFolder: String?
    /// The touchscreen read through evdev (`--device`, `--device-replay`).
    package var touchDevice = TouchDeviceOptions()
    package init() {}
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
    /// The recording and the report, written as the test goes.
    let files: TouchTestFiles
    /// Which five of the summary's anomalies are shown ("More anomalies ›" turns the page).
    private var anomalyPage = 0
    /// When "Finish and save" quits (it shows where the files went for a moment first).
    private var quitAt: Double?

    package init(window: Size, device: String?, options: TouchTestOptions, now: Date = Date()) {
        self.options = options
        udevPath = options.udevRule
        test = TouchTest(window: window, sizeMM: options.sizeMM, limits: options.limits, device: device)
        files = TouchTestFiles(record: options.record, report: options.report,
                               folder: options.savedFolder ?? TouchTestFiles.savedFolder(), date: now)
        if let e = files.folderError { message = e; FileHandle.standardError.write(Data("\(e)\n".utf8)) }
        syncFiles()
    }

    package var sceneSize: Size { test.window }

    package func hostDidStart(_ host: SDLHost) { self.host = host }

    package func advance(to time: Double) -> Bool {
        // The draw page's clock: a finger held still becomes a stuck touch with no input.
        if test.tick(at: time) { sayAnomalies(); host?.setNeedsDisplay() }
        // Once per loop turn, after the turn's input: what was recorded is on disk.
        if let e = files.flush() { recordingStopped(e) }
        if let quitAt, time >= quitAt { host?.requestQuit() }
        return (test.page == .hold && !test.down.isEmpty) || quitAt != nil
    }

    /// The new inputs into the recording; a recording that cannot be written stops, and the
    /// panel and standard error say so (the test goes on; the report is still written).
    private func syncFiles() {
        let headerError = files.headerError
        if let e = files.sync(test) { recordingStopped(e) } else if let e = files.headerError, e != headerError {
            // The inputs go on being recorded, after the old header.
            message = e
            FileHandle.standardError.write(Data("\(e)\n".utf8))
            host?.setNeedsDisplay()
        }
    }

    private func recordingStopped(_ e: String) {
        message = "recording stopped: \(e)"
        FileHandle.standardError.write(Data("\(e); recording stopped (the test goes on, the report is still written)\n".utf8))
        host?.setNeedsDisplay()
    }

    /// The report of the pages done, on disk now (a page done, skipped or entered).
    private func saveReport() {
        if let e = files.writeReport(test) { FileHandle.standardError.write(Data("\(e)\n".utf8)) }
    }

    /// Where "Finish and save" writes, for the summary page.
    private var saveTo: String {
        let parts = [files.recordPath.map { "the recording to \(LiveRecording.fullPath($0))" },
                     files.reportPath.map { "the report to \(LiveRecording.fullPath($0))" }].compactMap { $0 }
        return parts.isEmpty ? "nothing (no folder for saved files)" : parts.joined(separator: " and ")
    }

    package func hostCommand(_ command: HostCommand) {
        if case let .screenshotSaved(path) = command { say("touchtest: screenshot \(path)") }
    }

    private var panel: TouchTestPanel {
        TouchTestPanel(test, upper: upper, message: message, udevPath: udevPath, measurer: host?.textMeasurer ?? measurer ?? EstimatedTextMeasurer(),
                       anomalyPage: anomalyPage, saveTo: saveTo)
    }

    // MARK: Input

    package func handle(_ input: RawInput) {
        let now = input.t
        // A finger of the evdev device that the test takes: its contact goes in the recording
        // (set first: a page finished by this input writes the recording before `handle` ends).
        let taken = test.inputs.count
        files.contacts[taken] = host?.sources.first(EvdevTouchscreen.self)?.recordedContact(for: input)
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
            if key == "F12" { shots += 1; host?.saveScreenshot(to: SavedFiles.path("touchtest-\(shots).png")) }
            else if key == "Q" && mods.contains(.ctrl) { host?.requestQuit() }
            else if test.page == .targets, test.results[.targets]?.calibration != nil { edit(key, shift: mods.contains(.shift)) }
        default:
            break
        }
        if test.inputs.count == taken { files.contacts[taken] = nil }
        syncFiles()
        sayAnomalies()
        publish()
    }

    /// The draw page's anomalies printed as they are found (`touchtest: anomaly: ...`).
    private var anomaliesSaid = 0
    private func sayAnomalies() {
        let all = test.anomalies
        if all.count < anomaliesSaid { anomaliesSaid = 0 }
        for a in all[anomaliesSaid...] { say("touchtest: anomaly: \(a.kind) at \(TraceFormat.fixed(a.at, 3)) s, slot \(a.slot) id \(a.trackingID): \(a.detail)") }
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
        if before != .done, test.status[test.page] == .done { announce(test.page); syncFiles(); saveReport() }
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
        case "anomalies": anomalyPage += 1
        case "finish": finishAndSave(at: time)
        default: break
        }
        if test.page != from {
            message = nil
            oldInk = []
            ink = [:]
            upper = false
            anomalyPage = 0
            if from == .draw, test.status[.draw] == .done { announce(.draw) }
            if test.page == .summary { announce(.summary) }
            syncFiles()
            saveReport()
        }
        host?.setNeedsDisplay()
    }

    /// "Finish and save": the recording and the report complete on disk, where they went
    /// shown and printed, then the program quits (after a moment to read it).
    private func finishAndSave(at time: Double) {
        let (saved, errors) = files.finish(test)
        for e in errors { FileHandle.standardError.write(Data("\(e)\n".utf8)) }
        message = (saved.isEmpty ? "Nothing saved" : "Saved " + saved.joined(separator: " and "))
            + (errors.isEmpty ? "" : "; " + errors.joined(separator: "; ")) + ". Closing…"
        say("touchtest: saved: " + (saved.isEmpty ? "nothing" : saved.joined(separator: ", ")))
        quitAt = time + 2
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
        let checks = p == .summary ? test.verdicts.map(\.check) : test.results[p]?.checks ?? []
        say("touchtest: \(p.rawValue): " + checks.map { TouchTestPanel.checkLine($0) }.joined(separator: "; "))
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
        // The verdicts shown: "check NAME PASS|FAIL|not-measured".
        let shown = test.page == .summary ? test.verdicts.map(\.check) : test.results[test.page]?.checks ?? (test.page == .draw ? test.liveChecks : [])
        for c in shown { out.append("check \(c.name) " + (c.pass.map { $0 ? "PASS" : "FAIL" } ?? "not-measured")) }
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
            let cols = test.coverageGrid.columns, rows = test.coverageGrid.rows
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

    /// Completes the recording and writes the report (the report even when the recording
    /// failed), prints the session's verdicts, then throws the first file that could not
    /// be written (`FILE:1:1: cannot write ...`, exit status 2).
    package func finish() throws(CLIError) {
        let (saved, errors) = files.finish(test)
        let (analysis, calibration) = test.sessionAnalysis()
        print(analysis.text)
        if let calibration { print(calibration.text) }
        fflush(nil)
        say("touchtest: summary: " + test.verdicts.map { TouchTestPanel.checkLine($0.check) }.joined(separator: "; "))
        if !saved.isEmpty { say("touchtest: saved: " + saved.joined(separator: ", ")) }
        if let e = errors.first { throw CLIError.badInput(errors.count > 1 ? errors.joined(separator: "\n") : e) }
    }

    /// The display went away (called inside the X call that noticed: no SDL, no X here):
    /// the files complete on disk, and one line says where.
    func displayLost() {
        let (saved, errors) = files.finish(test)
        for e in errors { FileHandle.standardError.write(Data("\(e)\n".utf8)) }
        FileHandle.standardError.write(Data(("touchscope: display lost (the window's display went away); "
            + (saved.isEmpty ? "nothing saved" : "complete on disk: " + saved.joined(separator: ", ")) + "\n").utf8))
    }
}

extension Array {
    subscript(safe i: Int) -> Element? { indices.contains(i) ? self[i] : nil }
}

extension TouchTestWindow {
    /// Opens the window and runs the test until it is closed; then `finish`.
    package static func run(_ options: TouchTestOptions) throws {
        do throws(TouchDeviceFailure) { try EvdevTouchscreen.check(options.touchDevice) } catch {
            throw CLIError(message: error.message, status: error.status, namesProgram: true)
        }
        if SDLHost.checkDisplay() != nil {
            throw CLIError(message: "touchscope: no display (neither DISPLAY nor WAYLAND_DISPLAY is set): touchtest needs a window on the touchscreen", status: 1)
        }
        try OutputFiles.check([.output("--record", "recording", options.record), .output("--report", "report", options.report),
                               .output("--udev-rule", "udev rule", options.udevRule)])
        SDLHost.catchSignals()
        let host: SDLHost
        do {
            var hostOptions = HostOptions(sceneName: "touchtest", fullscreen: options.fullscreen, displayIndex: options.display,
                                          windowSize: options.window,
                                          layout: LayoutOptions(panelsVisible: false, margin: 0, toolbar: false))
            hostOptions.touchDevice = options.touchDevice
            host = try SDLHost(options: hostOptions, sceneSize: options.window ?? Size(width: 1280, height: 800))
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
        DisplayLoss.handler = { [weak app] in app?.displayLost() }
        _ = host.run(client: app)
        try app.finish()
    }
}
