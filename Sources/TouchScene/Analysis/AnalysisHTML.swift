// AnalysisHTML: `touchscope analyze --report OUT.html`: one self-contained page (no network,
// no script needed to read it): the verdicts, a coverage heat map of the touch area, the
// report-interval histogram, the jitter of every held finger and the linearity of every
// straight stroke, the anomalies, and the same figures as JSON.
import TouchCore

extension TouchAnalysis {
    /// The page for `devices`, from `file`.
    public static func htmlReport(_ devices: [DeviceAnalysis], file: String) -> String {
        var h = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>TouchScope: \(esc(file))</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1d1d1f; background: #fbfbfd; }
            h1 { font-size: 20px; } h2 { font-size: 17px; margin-top: 28px; } h3 { font-size: 15px; }
            table { border-collapse: collapse; margin: 8px 0; } td, th { padding: 4px 10px; border-bottom: 1px solid #ddd; text-align: left; }
            .pass { color: #0a7d28; font-weight: 600; } .fail { color: #c4161c; font-weight: 600; } .nm { color: #777; }
            .grid { display: flex; flex-wrap: wrap; gap: 24px; } figure { margin: 0; } figcaption { color: #555; font-size: 12px; }
            pre { background: #f0f0f3; padding: 8px; white-space: pre-wrap; word-break: break-all; font-size: 11px; }
            td:nth-child(2), td:nth-child(3), td:nth-child(4) { white-space: nowrap; }
            </style></head><body>
            <h1>Touch device report: \(esc(file))</h1>

            """
        for d in devices {
            h += "<h2>\(esc(d.name))</h2>\n<p>\(esc(d.format)), \(TraceFormat.fixed(d.duration, 2)) s; "
            if let r = d.resolution { h += "resolution \(r.x) × \(r.y) units/mm; " } else { h += "no resolution stated (figures in \(d.unit)); " }
            h += "\(d.contactsMax) contact(s) at once, \(d.contactsTotal) in all.</p>\n"
            h += "<table><tr><th>check</th><th>verdict</th><th>value</th><th>limit</th><th>margin</th><th>note</th></tr>\n"
            for c in d.checks {
                let cls = c.pass.map { $0 ? "pass" : "fail" } ?? "nm"
                h += "<tr><td>\(c.name)</td><td class=\"\(cls)\">\(c.verdict)</td><td>\(c.shownValue)</td>"
                h += "<td>\(c.relation) \(TraceFormat.fixed(c.limit, min(1, c.digits))) \(c.unit)</td><td>\(c.margin.map { TraceFormat.fixed($0, c.digits) } ?? "")</td><td>\(esc(c.note))</td></tr>\n"
            }
            h += "</table>\n<div class=\"grid\">\n"
            h += figure(heatMap(d), "Coverage: reports per cell of the touch area (\(DeviceAnalysis.coverageColumns) × \(DeviceAnalysis.coverageRows)); empty cells were never touched")
            h += figure(bars(d.intervalHistogram, label: { "\($0 * 2)" }, unit: "ms between reports"),
                        "Report intervals of each contact, 2 ms bins" + (d.reportRate.map { "; report rate per contact \(TraceFormat.fixed($0.p50, 1)) Hz (the median of \($0.stretches) stretch(es) of 10 or more reports)" } ?? ""))
            h += figure(values(d.stretchJitters, limit: d.unit == "mm" ? d.checks.first { $0.name == "stationary-jitter" }?.limit : nil, unit: d.unit),
                        "Stationary jitter of each held finger (\(d.unit)); the line is the limit")
            h += figure(values(d.strokeLinearities, limit: nil, unit: d.unit), "Linearity of each straight stroke (\(d.unit))")
            h += "</div>\n<h3>Anomalies (\(d.anomalies.count))</h3>\n"
            if d.anomalies.isEmpty { h += "<p>None.</p>\n" } else {
                h += "<table><tr><th>time (s)</th><th>kind</th><th>slot</th><th>tracking id</th><th>detail</th></tr>\n"
                for a in d.anomalies.prefix(500) {
                    h += "<tr><td>\(TraceFormat.fixed(a.at, 3))</td><td>\(a.kind)</td><td>\(a.slot)</td><td>\(a.trackingID)</td><td>\(esc(a.detail))</td></tr>\n"
                }
                h += "</table>\n"
            }
        }
        h += "<h2>The same figures as JSON</h2>\n<pre id=\"json\">\(esc(json(devices)))</pre>\n</body></html>\n"
        return h
    }

    private static func esc(_ s: String) -> String {
        var o = ""
        for ch in s {
            switch ch {
            case "&": o += "&amp;"
            case "<": o += "&lt;"
            case ">": o += "&gt;"
            case "\"": o += "&quot;"
            default: o.append(ch)
            }
        }
        return o
    }

    private static func figure(_ svg: String, _ caption: String) -> String {
        "<figure>\(svg)<figcaption>\(esc(caption))</figcaption></figure>\n"
    }

    private static func heatMap(_ d: DeviceAnalysis) -> String {
        let cols = DeviceAnalysis.coverageColumns, rows = DeviceAnalysis.coverageRows, cell = 12
        let most = max(1, d.coverage.max() ?? 1)
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(cols * cell)\" height=\"\(rows * cell)\" style=\"background:#fff;border:1px solid #ccc\">"
        for (i, n) in d.coverage.enumerated() where n > 0 {
            let level = 0.15 + 0.85 * Double(n) / Double(most)
            s += "<rect x=\"\(i % cols * cell)\" y=\"\(i / cols * cell)\" width=\"\(cell)\" height=\"\(cell)\" fill=\"rgb(20,110,220)\" fill-opacity=\"\(TraceFormat.fixed(level, 2))\"/>"
        }
        return s + "</svg>"
    }

    private static func bars(_ counts: [Int], label: (Int) -> String, unit: String) -> String {
        let w = 8, height = 120
        let most = max(1, counts.max() ?? 1)
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(counts.count * w + 40)\" height=\"\(height + 30)\">"
        for (i, n) in counts.enumerated() where n > 0 {
            let bh = max(1, n * height / most)
            s += "<rect x=\"\(i * w)\" y=\"\(height - bh)\" width=\"\(w - 1)\" height=\"\(bh)\" fill=\"#4a7\"><title>\(label(i))–\(label(i + 1)) ms: \(n)</title></rect>"
        }
        for i in stride(from: 0, to: counts.count, by: 10) {
            s += "<text x=\"\(i * w)\" y=\"\(height + 14)\" font-size=\"10\">\(label(i))</text>"
        }
        return s + "<text x=\"0\" y=\"\(height + 28)\" font-size=\"10\">\(esc(unit))</text></svg>"
    }

    private static func values(_ v: [Double], limit: Double?, unit: String) -> String {
        let w = 10, height = 120
        let top = max(v.max() ?? 0, limit ?? 0, 1e-9)
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(max(120, v.count * w + 40))\" height=\"\(height + 20)\">"
        if v.isEmpty { s += "<text x=\"0\" y=\"60\" font-size=\"12\" fill=\"#777\">none in this input</text>" }
        for (i, x) in v.prefix(200).enumerated() {
            let bh = max(1, Int(x / top * Double(height)))
            s += "<rect x=\"\(i * w)\" y=\"\(height - bh)\" width=\"\(w - 2)\" height=\"\(bh)\" fill=\"\((limit.map { x > $0 } ?? false) ? "#c4161c" : "#468")\"><title>\(TraceFormat.fixed(x, 3)) \(unit)</title></rect>"
        }
        if let limit {
            let y = height - Int(limit / top * Double(height))
            s += "<line x1=\"0\" x2=\"\(max(120, v.count * w + 40))\" y1=\"\(y)\" y2=\"\(y)\" stroke=\"#c4161c\" stroke-dasharray=\"4 3\"/>"
        }
        return s + "<text x=\"0\" y=\"\(height + 14)\" font-size=\"10\">max \(TraceFormat.fixed(v.max() ?? 0, 3)) \(unit)</text></svg>"
    }
}
