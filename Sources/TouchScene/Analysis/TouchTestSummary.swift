// TouchTestSummary: the summary page's verdicts, each taken from the page that measured it
// and saying so, so the summary always agrees with the pages (a hold page's PASS is never
// replaced by a slide on the fingers page that `analyze` of the whole session would judge).
//
//   targets ─▶ accuracy, edge-accuracy (before calibration)
//   lines ───▶ moving-jitter, report-rate ┐
//   hold ────▶ stationary-jitter, report-rate ├ report-rate: the worst of the pages that measured it
//   fingers ─▶ contacts, finger-separation   │
//   draw ────▶ ghost-touches, report-rate ┘
//
// A check no page measured is not measured, and says why (the page skipped, not done, or
// its own reason).
import TouchCore

extension TouchTest {
    /// One check of the summary and where it came from.
    public struct Verdict: Sendable, Equatable {
        /// The check, as the page judged it (its note says where it came from).
        public var check: DeviceCheck
        /// The page whose verdict it is; nil when no page measured it.
        public var page: Page?
        /// The same check on the other pages that measured it ("hold 118.2 Hz").
        public var others: [String]
    }

    /// The least data ghost-touches needs on a page: one contact that landed and lifted
    /// (two reports). Below it the check is not measured ("0 reports, at least 2 needed").
    static func ghostCheck(_ check: DeviceCheck, reports: Int, lifted: Int) -> DeviceCheck {
        guard check.name == "ghost-touches", lifted == 0 else { return check }
        return DeviceCheck(name: check.name, value: nil, limit: check.limit, unit: check.unit, pass: nil,
                           note: "\(reports) reports, at least 2 needed (a contact that landed and lifted)", margin: nil)
    }

    /// The summary's eight checks, each from the page that measured it: for a check two or
    /// more pages measure (report-rate), a FAIL before a PASS, and of those the least margin.
    public var verdicts: [Verdict] {
        Page.summary.checks.map { name in
            let pages = Page.allCases.filter { $0 != .summary && $0.checks.contains(name) }
            let judged: [(Page, DeviceCheck)] = pages.compactMap { p in
                results[p]?.checks.first { $0.name == name }.map { (p, $0) }
            }
            let measured = judged.filter { $0.1.pass != nil }
            let worst = measured.min { a, b in
                let fa = a.1.pass == false, fb = b.1.pass == false
                if fa != fb { return fa }
                return (a.1.margin ?? 0) < (b.1.margin ?? 0)
            }
            if let (page, c) = worst ?? judged.first {
                var check = c
                let others = measured.filter { $0.0 != page }.map { "\($0.0.rawValue) \($0.1.shownValue)" }
                var source = page == .targets && name.hasSuffix("accuracy") ? "targets page, before calibration" : "\(page.rawValue) page"
                if !others.isEmpty { source += "; also " + others.joined(separator: ", ") }
                check.note = check.note.isEmpty ? "from the \(source)" : "from the \(source): \(check.note)"
                return Verdict(check: check, page: page, others: others)
            }
            let why = pages.map { p in "the \(p.rawValue) page " + (status[p] == .skipped ? "was skipped" : "is not done") }
            let (limit, unit) = limitAndUnit(name)
            return Verdict(check: DeviceCheck(name: name, value: nil, limit: limit, unit: unit, pass: nil,
                                              note: why.joined(separator: ", "), margin: nil),
                           page: nil, others: [])
        }
    }

    /// A check's limit and unit (`TouchAnalysis`'s).
    private func limitAndUnit(_ name: String) -> (Double, String) {
        switch name {
        case "accuracy": (limits.accuracyMM, "mm")
        case "edge-accuracy": (limits.edgeAccuracyMM, "mm")
        case "stationary-jitter": (limits.stationaryJitterMM, "mm")
        case "moving-jitter": (limits.movingJitterMM, "mm")
        case "report-rate": (limits.reportRateHz, "Hz")
        case "contacts": (Double(limits.contacts), "contacts")
        case "finger-separation": (limits.fingerSeparationMM, "mm")
        default: (Double(limits.ghostTouches), "count")
        }
    }

    /// The session as the report shows it: `analyze` of the whole recording (its figures,
    /// coverage, anomalies), with the summary's checks, each saying which page it came from.
    public func sessionReport() -> (analysis: DeviceAnalysis, calibration: CalibrationResult?) {
        // On the summary, with no input since it was entered, its analysis is the session's.
        var (analysis, calibration) = page == .summary && inputs.count == attemptInputs
            ? (summary ?? sessionAnalysis().analysis, summaryCalibration) : sessionAnalysis()
        analysis.checks = verdicts.map(\.check)
        return (analysis, calibration)
    }
}
