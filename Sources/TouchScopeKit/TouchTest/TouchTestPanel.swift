// TouchTestPanel: the live test's panel, laid out for one frame: the page's title, its
// instruction, its verdict (each check PASS, FAIL or not measured), the page's own figures,
// and buttons of at least 44 points along its bottom (Back, Skip, Next; the page's own:
// Try it, Write udev rule, Move panel, More anomalies, Finish and save).
import TouchCore
import TouchDraw
import TouchScene
import TouchSDL

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
    package init(_ test: TouchTest, upper: Bool, message: String?, udevPath: String, measurer: any TextMeasurer,
                 anomalyPage: Int = 0, saveTo: String? = nil) {
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
        if test.page == .summary { ids.append(("finish", "Finish and save")) }
        var own: [(String, String)] = []
        if test.page == .targets, test.status[.targets] == .done, test.results[.targets]?.calibration != nil {
            own.append(("try", test.tryCalibration ? "Try it: on" : "Try it: off"))
            own.append(("udev", "Write udev rule"))
        }
        if test.page == .draw { own.append(("move", "Move panel")) }
        if test.page == .summary, (test.summary?.anomalies.count ?? 0) > Self.anomaliesPerPage { own.append(("anomalies", "More anomalies ›")) }
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
        if test.page == .summary { checks = test.verdicts.map(\.check) } else { checks = test.results[test.page]?.checks ?? (test.page == .draw ? test.liveChecks : []) }
        if test.status[test.page] == .skipped { paragraphs.append(("Skipped: this page decides nothing.", .gray, false)) }
        for c in checks {
            let color: Color = c.pass.map { $0 ? .green : .red } ?? Color(r: 160, g: 160, b: 165)
            paragraphs.append((Self.checkLine(c, beforeCalibration: test.page == .targets), color, false))
        }
        paragraphs += Self.extras(test, udevPath: udevPath, anomalyPage: anomalyPage, saveTo: saveTo).map { ($0, Color(r: 200, g: 200, b: 205), false) }
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

    /// "PASS accuracy: 0.42 mm, limit ≤ 1.0 mm"; a check not measured says why; a summary's
    /// check says the page it came from ("(hold page)"). `beforeCalibration`: the targets
    /// page's accuracy checks say they judge the taps before calibration.
    static func checkLine(_ c: DeviceCheck, beforeCalibration: Bool = false) -> String {
        guard let v = c.value, let pass = c.pass else { return "not measured  \(c.name): \(c.note)" }
        let digits = c.unit == "count" || c.unit == "contacts" ? 0 : 2
        let relation = c.name == "report-rate" || c.name == "contacts" ? "≥" : "≤"
        let before = beforeCalibration && c.name.hasSuffix("accuracy") ? " before calibration" : ""
        let source = c.note.hasPrefix("from the ") ? "  (" + String(c.note.dropFirst("from the ".count).prefix { $0 != ":" }) + ")" : ""
        return "\(pass ? "PASS" : "FAIL")  \(c.name)\(before): \(TraceFormat.fixed(v, digits)) \(c.unit), limit \(relation) \(TraceFormat.fixed(c.limit, digits == 0 ? 0 : 1)) \(c.unit)\(source)"
    }

    /// Anomalies listed on one page of the summary ("More anomalies ›" shows the next).
    package static let anomaliesPerPage = 5

    /// The page's own figures: the matrix, the rule's file, fingers, coverage, anomalies.
    static func extras(_ test: TouchTest, udevPath: String, anomalyPage: Int = 0, saveTo: String? = nil) -> [String] {
        switch test.page {
        case .targets:
            guard let r = test.results[.targets] else { return [] }
            if let e = r.calibrationError { return ["No calibration: \(e)"] }
            guard let fit = r.calibration else { return [] }
            let leftMM = fit.residuals.compactMap(\.mm).max()
            var out = ["After calibration: largest error left \(TraceFormat.fixed(fit.maxResidualPx, 1)) px"
                       + (leftMM.map { " (\(TraceFormat.fixed($0, 2)) mm)" } ?? "") + ", at each target on the screen",
                       "Matrix: " + fit.matrix.map { TraceFormat.fixed($0, 4) }.joined(separator: " ")]
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
            var out = ["Coverage: \(test.coverageGrid.touched) of \(test.coverage.count) cells touched"]
            let anomalies = test.anomalies
            out.append("Anomalies: \(anomalies.count)" + (anomalies.isEmpty ? "" : " (newest last)"))
            for a in anomalies.suffix(3) { out.append("\(a.kind) at \(TraceFormat.fixed(a.at, 2)) s, slot \(a.slot) id \(a.trackingID): \(a.detail)") }
            return out
        case .summary:
            guard let a = test.summary else { return [] }
            var out = ["\(a.contactsTotal) contacts in all, \(TraceFormat.fixed(a.duration, 1)) s; figures in \(a.unit)"
                       + (a.unit == "px" ? " (no size in mm: give --size-mm WxH)" : "")]
            if let fit = test.results[.targets]?.calibration {
                let leftMM = fit.residuals.compactMap(\.mm).max()
                out.append("After calibration (targets page): largest error left \(TraceFormat.fixed(fit.maxResidualPx, 1)) px"
                           + (leftMM.map { " (\(TraceFormat.fixed($0, 2)) mm)" } ?? "") + "; matrix "
                           + fit.matrix.map { TraceFormat.fixed($0, 4) }.joined(separator: " "))
            }
            let n = a.anomalies.count, per = anomaliesPerPage
            if n == 0 { out.append("Anomalies: none") } else {
                let first = (anomalyPage * per) % n
                let shown = a.anomalies[first..<min(n, first + per)]
                out.append("Anomalies: \(n)" + (n > per ? ", \(first + 1) to \(first + shown.count) shown" : ""))
                for x in shown { out.append("\(x.kind) at \(TraceFormat.fixed(x.at, 2)) s, slot \(x.slot) id \(x.trackingID): \(x.detail)") }
            }
            if let saveTo { out.append("Finish and save writes " + saveTo) }
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
