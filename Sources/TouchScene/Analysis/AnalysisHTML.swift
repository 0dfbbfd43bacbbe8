// AnalysisHTML: `touchscope analyze --report OUT.html`: one self-contained page (no network,
// no script needed to read it): the verdicts, a coverage heat map of the touch area, the
// report-interval histogram, the jitter of every held finger and the linearity of every
// straight stroke, the anomalies, and the same figures as JSON.
import Foundation
import TouchCore

extension TouchAnalysis {
    /// The page for `devices`, from `file`; `coverage`, when given, is each device's heat map
    /// (the live test's, strokes between reports counted, cells near square), else the
    /// analysis's own.
    public static func htmlReport(_ devices: [DeviceAnalysis], file: String, coverage: [CoverageGrid]? = nil) -> String {
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
        for (k, d) in devices.enumerated() {
            h += "<h2>\(esc(d.name))</h2>\n<p>\(esc(d.format)), \(TraceFormat.fixed(d.duration, 2)) s; "
            if let r = d.resolution {
                h += "resolution \(r.x) × \(r.y) units/mm (figures in mm); "
            } else if d.unit == "mm" {
                h += "no resolution stated: sizes from the screen's size in mm (figures in mm); "
            } else {
                h += "<strong>no resolution stated: figures in \(esc(d.unit))</strong> (checks in mm not measured); "
            }
            h += "\(d.contactsMax) contact(s) at once, \(d.contactsTotal) in all.</p>\n"
            h += "<table><tr><th>check</th><th>verdict</th><th>value</th><th>limit</th><th>margin</th><th>note</th></tr>\n"
            for c in d.checks {
                let cls = c.pass.map { $0 ? "pass" : "fail" } ?? "nm"
                h += "<tr><td>\(c.name)</td><td class=\"\(cls)\">\(c.verdict)</td><td>\(c.shownValue)</td>"
                h += "<td>\(c.relation) \(TraceFormat.fixed(c.limit, min(1, c.digits))) \(c.unit)</td><td>\(c.margin.map { TraceFormat.fixed($0, c.digits) } ?? "")</td><td>\(esc(c.note))</td></tr>\n"
            }
            h += "</table>\n<div class=\"grid\">\n"
            let given = coverage.flatMap { k < $0.count ? $0[k] : nil }
            let grid = given ?? CoverageGrid(columns: DeviceAnalysis.coverageColumns, rows: DeviceAnalysis.coverageRows,
                                                          area: Size(width: 1, height: 1), cells: d.coverage)
            let counted = given == nil ? "reports" : "strokes"
            h += figure(heatMap(grid, counted: counted),
                        "Coverage: \(counted) per cell of the touch area (\(grid.columns) × \(grid.rows)); grey cells were never touched")
            let rateLimit = d.checks.first { $0.name == "report-rate" }?.limit
            h += figure(histogram(d.intervalHistogram, binMS: 2, limitMS: rateLimit.flatMap { $0 > 0 ? 1000 / $0 : nil }),
                        "Report intervals of each contact, 2 ms bins" + (d.reportRate.map { "; report rate per contact \(TraceFormat.fixed($0.p50, 1)) Hz (the median of \($0.stretches) stretch(es) of 10 or more reports)" } ?? "")
                        + (rateLimit.map { "; the line is the limit, \(TraceFormat.fixed(1000 / $0, 1)) ms (\(TraceFormat.fixed($0, 0)) Hz)" } ?? ""))
            let jitterLimit = d.unit == "mm" ? d.checks.first { $0.name == "stationary-jitter" }?.limit : nil
            h += figure(values(d.stretchJitters, limit: jitterLimit, unit: d.unit),
                        "Stationary jitter of each held finger (\(d.unit))" + (jitterLimit == nil || d.stretchJitters.isEmpty ? "" : "; the line is the limit"))
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

    /// The grid's cells, square, on white: never touched in light grey, touched in blues
    /// that darken with the count (log scale, the palest still clear of the grey), with a legend.
    private static func heatMap(_ g: CoverageGrid, counted: String) -> String {
        let cell = max(6, min(14, 420 / max(g.columns, g.rows)))
        let w = g.columns * cell, h = g.rows * cell
        let most = max(1, g.cells.max() ?? 1)
        func colour(_ n: Int) -> String {
            let k = log(1 + Double(n)) / log(1 + Double(most))
            // From #6baed6 (light blue) to #08306b (navy).
            let r = Int(107 + (8 - 107) * k), gg = Int(174 + (48 - 174) * k), b = Int(214 + (107 - 214) * k)
            return "rgb(\(r),\(gg),\(b))"
        }
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w + 2)\" height=\"\(h + 24)\">"
        s += "<rect x=\"0\" y=\"0\" width=\"\(w + 2)\" height=\"\(h + 2)\" fill=\"#fff\" stroke=\"#888\"/>"
        for (i, n) in g.cells.enumerated() {
            s += "<rect x=\"\(1 + i % g.columns * cell)\" y=\"\(1 + i / g.columns * cell)\" width=\"\(cell - 1)\" height=\"\(cell - 1)\" "
            s += n > 0 ? "fill=\"\(colour(n))\"><title>\(n) \(counted)</title></rect>" : "fill=\"#e4e4e8\"/>"
        }
        // The legend: never, 1, the most.
        let y = h + 8
        s += "<rect x=\"0\" y=\"\(y)\" width=\"12\" height=\"12\" fill=\"#e4e4e8\" stroke=\"#888\"/><text x=\"16\" y=\"\(y + 10)\" font-size=\"11\">never</text>"
        let one = counted.hasSuffix("s") ? String(counted.dropLast()) : counted
        if most > 1 {
            s += "<rect x=\"62\" y=\"\(y)\" width=\"12\" height=\"12\" fill=\"\(colour(1))\"/><text x=\"78\" y=\"\(y + 10)\" font-size=\"11\">1</text>"
            s += "<rect x=\"100\" y=\"\(y)\" width=\"12\" height=\"12\" fill=\"\(colour(most))\"/><text x=\"116\" y=\"\(y + 10)\" font-size=\"11\">\(most) \(counted)</text>"
        } else {
            s += "<rect x=\"62\" y=\"\(y)\" width=\"12\" height=\"12\" fill=\"\(colour(1))\"/><text x=\"78\" y=\"\(y + 10)\" font-size=\"11\">1 \(one)</text>"
        }
        return s + "</svg>"
    }

    /// The intervals' histogram: bars over a labelled y axis (intervals per bin) and x axis
    /// (ms), and the limit (`limitMS`, the longest interval the report-rate limit allows) as
    /// a red line.
    private static func histogram(_ counts: [Int], binMS: Int, limitMS: Double?) -> String {
        let w = 8, height = 120, left = 44, top = 8
        let most = max(1, counts.max() ?? 1)
        let width = left + counts.count * w + 20
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(top + height + 34)\" font-size=\"10\">"
        // The y axis: 0, half, the most; and its name.
        s += "<line x1=\"\(left - 2)\" y1=\"\(top)\" x2=\"\(left - 2)\" y2=\"\(top + height)\" stroke=\"#555\"/>"
        for v in Set([0, most / 2, most]).sorted() {
            let y = top + height - v * height / most
            s += "<line x1=\"\(left - 5)\" y1=\"\(y)\" x2=\"\(left - 2)\" y2=\"\(y)\" stroke=\"#555\"/>"
            s += "<text x=\"\(left - 7)\" y=\"\(y + 3)\" text-anchor=\"end\">\(v)</text>"
        }
        s += "<text transform=\"translate(10,\(top + height / 2)) rotate(-90)\" text-anchor=\"middle\">intervals</text>"
        s += "<line x1=\"\(left - 2)\" y1=\"\(top + height)\" x2=\"\(width - 10)\" y2=\"\(top + height)\" stroke=\"#555\"/>"
        for (i, n) in counts.enumerated() where n > 0 {
            let bh = max(1, n * height / most)
            s += "<rect x=\"\(left + i * w)\" y=\"\(top + height - bh)\" width=\"\(w - 1)\" height=\"\(bh)\" fill=\"#4a7\"><title>\(i * binMS)–\((i + 1) * binMS) ms: \(n)</title></rect>"
        }
        for i in stride(from: 0, to: counts.count + 1, by: 10) {
            s += "<text x=\"\(left + i * w)\" y=\"\(top + height + 13)\" text-anchor=\"middle\">\(i * binMS)</text>"
        }
        s += "<text x=\"\(left + counts.count * w / 2)\" y=\"\(top + height + 28)\" text-anchor=\"middle\">ms between reports</text>"
        if let limitMS, limitMS.isFinite {
            let x = left + Int((limitMS / Double(binMS) * Double(w)).rounded())
            if x <= width - 10 {
                s += "<line class=\"limit\" x1=\"\(x)\" y1=\"\(top)\" x2=\"\(x)\" y2=\"\(top + height)\" stroke=\"#c4161c\" stroke-width=\"2\" stroke-dasharray=\"4 3\"/>"
                s += "<text x=\"\(x + 3)\" y=\"\(top + 10)\" fill=\"#c4161c\">limit \(TraceFormat.fixed(limitMS, 1)) ms</text>"
            }
        }
        return s + "</svg>"
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
            s += "<line class=\"limit\" x1=\"0\" x2=\"\(max(120, v.count * w + 40))\" y1=\"\(y)\" y2=\"\(y)\" stroke=\"#c4161c\" stroke-dasharray=\"4 3\"/>"
        }
        return s + "<text x=\"0\" y=\"\(height + 14)\" font-size=\"10\">max \(TraceFormat.fixed(v.max() ?? 0, 3)) \(unit)</text></svg>"
    }
}
