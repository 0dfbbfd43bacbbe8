// CoverageSheet: where fingers landed on the whole window, full size, for bringing up a
// touchscreen: a sheet over everything (the scene, the panels, the toolbar) on which every
// finger sample shades its cell where it landed, each device in its colour, with the window's
// parts outlined and each edge marked by how close a finger came to it. Opened by the touch
// devices panel's button or C; closed by its Close button, C or Escape; its Clear button
// starts over. While it is open, fingers only draw on it (`WindowCoverage` is fed by the host
// with every finger, whatever takes it).
//
//   ┌─ edge (green once a finger reached it) ───────────────────────────┐
//   │  Touch coverage of the whole window          [ Clear ] [ Close ]  │
//   │  ELAN touchscreen: 812 samples · closest to the edges: left 0 …   │
//   │   ▪▪▪▪▪                    ▪▪                                      │
//   │  (scene)          ▪▪▪▪▪▪▪▪▪▪▪         (side panel)                 │
//   └───────────────────────────────────────────────────────────────────┘

public enum CoverageSheet {
    /// The sheet's buttons (canvas pixels): Close at the top-right corner, Clear left of it,
    /// each at least a touch target (44 units) each way.
    public static func buttons(canvas: Size, unit u: Double) -> (close: Rect, clear: Rect) {
        let w = 96 * u, h = 44 * u, m = 8 * u
        let close = Rect(x: canvas.width - m - w, y: m, width: w, height: h)
        return (close, Rect(x: close.minX - m - w, y: m, width: w, height: h))
    }

    /// A part of the window to outline on the sheet (canvas pixels): "scene", "toolbar", ….
    public struct Region: Sendable {
        public var name: String
        public var rect: Rect
        public init(_ name: String, _ rect: Rect) { self.name = name; self.rect = rect }
    }

    /// The text lines of the sheet (what it says, wrapped to `width`).
    public static func lines(coverage: WindowCoverage, deviceNames: [Int: String], width: Double, style: OverlayStyle,
                             measurer: TextMeasurer) -> [String] {
        var out = ["Touch coverage of the whole window: touch everywhere, the edges and the panels too"]
        if coverage.isEmpty {
            out.append("no finger yet (the mouse is not counted)")
        }
        for device in coverage.samples.keys.sorted() {
            out.append("\(name(device, deviceNames)): \(coverage.samples[device] ?? 0) samples")
        }
        if !coverage.nearestEdge.isEmpty {
            let edges = WindowCoverage.Edge.allCases.map { e in
                "\(e.rawValue) " + (coverage.nearestEdge[e].map { TraceFormat.short($0, 0) } ?? "–")
            }
            out.append("closest to the edges (window units): " + edges.joined(separator: " · "))
        }
        out.append("C or Escape closes · Clear starts over")
        return out.flatMap { measurer.wrap($0, toWidth: width, size: style.fontSize, font: .sans) }
    }

    static func name(_ device: Int, _ names: [Int: String]) -> String {
        names[device] ?? (device < 0 ? "mouse" : "device \(device)")
    }

    /// Draws the sheet over the whole canvas. `windowScale`: canvas pixels per window unit.
    public static func draw(coverage: WindowCoverage, deviceNames: [Int: String], canvas: Size, windowScale: Double,
                            regions: [Region], unit u: Double, style: OverlayStyle, measurer: TextMeasurer,
                            into list: inout DisplayList) {
        let whole = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        list.fillRect(whole, Color(r: 14, g: 16, b: 22, a: 248))
        // The window's parts, outlined and named.
        for r in regions where r.rect.width > 0 && r.rect.height > 0 {
            list.strokeRect(r.rect, style.grid, width: u)
            list.text(r.name, at: Point(x: r.rect.minX + 8 * u, y: r.rect.maxY - 8 * u), size: style.fontSize, color: style.dim,
                      font: .sans, baseline: .bottom, maxWidth: max(0, r.rect.width - 16 * u))
        }
        // The text, under the cells.
        let (close, clear) = buttons(canvas: canvas, unit: u)
        let textWidth = max(40 * u, clear.minX - 24 * u)
        var y = 12 * u
        for line in lines(coverage: coverage, deviceNames: deviceNames, width: textWidth, style: style, measurer: measurer) {
            list.text(line, at: Point(x: 12 * u, y: y), size: style.fontSize, color: style.text, font: .sans, baseline: .top,
                      maxWidth: textWidth)
            y += style.lineHeight
        }
        // The cells, each device in its colour, shaded by its share of that device's busiest cell.
        let k = WindowCoverage.cell * windowScale
        for (device, cells) in coverage.cells.sorted(by: { $0.key < $1.key }) {
            let base = TouchesOverlay.color(for: device < 0 ? 0 : device + 2)
            let most = Double(cells.values.max() ?? 1)
            for (cell, n) in cells {
                let r = Rect(x: Double(cell.column) * k, y: Double(cell.row) * k, width: k, height: k).clamped(to: whole)
                guard r.width > 0, r.height > 0 else { continue }
                list.fillRect(r, base.withAlpha(0.35 + 0.6 * Double(n) / most))
            }
        }
        // The edges: green where a finger came within a cell of it.
        let t = 4 * u
        let strips: [(WindowCoverage.Edge, Rect)] = [
            (.left, Rect(x: 0, y: 0, width: t, height: canvas.height)), (.top, Rect(x: 0, y: 0, width: canvas.width, height: t)),
            (.right, Rect(x: canvas.width - t, y: 0, width: t, height: canvas.height)),
            (.bottom, Rect(x: 0, y: canvas.height - t, width: canvas.width, height: t)),
        ]
        for (edge, strip) in strips {
            let reached = (coverage.nearestEdge[edge] ?? .infinity) < WindowCoverage.cell
            list.fillRect(strip, reached ? Color.green.withAlpha(0.9) : Color(r: 120, g: 60, b: 60, a: 200))
        }
        for (label, r) in [("Clear", clear), ("Close", close)] {
            list.fillRect(r, Color(r: 44, g: 72, b: 110))
            list.strokeRect(r, style.accent, width: u)
            list.text(label, at: Point(x: r.midX, y: r.midY), size: style.headerSize, color: style.header, font: .sans,
                      alignment: .center, baseline: .middle, maxWidth: r.width - 8 * u)
        }
    }
}
