// CoverageGrid: how much of a touch area the fingers went over, cell by cell: a contact's
// landing counts its cell, and each move counts every cell the straight stroke from the
// report before crosses (so a fast stroke, reported far apart, leaves no checkerboard).
// The cells are near square: 32 along the area's longer side, as many as fit along the other.
import TouchCore

/// Cells over a touch area, each counting the strokes (and landings) that went over it.
public struct CoverageGrid: Sendable, Equatable {
    /// Cells across and down.
    public let columns: Int, rows: Int
    /// The area the grid covers (scene points), from (0, 0).
    public let area: Size
    /// Strokes per cell, row by row from the top left.
    public private(set) var cells: [Int]

    /// A grid over `area`: `long` cells along its longer side and as many along the shorter
    /// as keep them near square (32 × 20 at 1280 × 800, 20 × 32 at 800 × 1280, 32 × 18 at
    /// 1920 × 1080).
    public init(area: Size, long: Int = DeviceAnalysis.coverageColumns) {
        let portrait = area.height > area.width
        let a = max(area.width, area.height), b = min(area.width, area.height)
        let short = a > 0 && b.isFinite ? max(1, Int((Double(long) * b / a).rounded())) : long
        self.init(columns: portrait ? short : long, rows: portrait ? long : short, area: area)
    }

    /// A grid of `columns` × `rows` cells over `area`, with `cells` counted (none: empty).
    public init(columns: Int, rows: Int, area: Size, cells: [Int]? = nil) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        self.area = area
        let n = self.columns * self.rows
        self.cells = cells.map { $0.count == n ? $0 : [Int](repeating: 0, count: n) } ?? [Int](repeating: 0, count: n)
    }

    /// How many cells were touched.
    public var touched: Int { cells.reduce(0) { $0 + ($1 > 0 ? 1 : 0) } }

    /// Every cell back to none.
    public mutating func clear() { for i in cells.indices { cells[i] = 0 } }

    /// A contact landed at `p`: its cell counts once.
    public mutating func land(_ p: Point) {
        guard let (c, r) = cell(p) else { return }
        cells[r * columns + c] += 1
    }

    /// A stroke from `a` to `b` (a contact's report before and this one): every cell the
    /// segment crosses counts once, but `a`'s own (counted by the report before).
    public mutating func stroke(from a: Point, to b: Point) {
        guard let (c0, r0) = cell(a), let (c1, r1) = cell(b) else { return }
        if c0 == c1 && r0 == r1 { return }
        let p = clamped(a), q = clamped(b)
        let cw = area.width / Double(columns), ch = area.height / Double(rows)
        let dx = q.x - p.x, dy = q.y - p.y
        let stepX = dx > 0 ? 1 : -1, stepY = dy > 0 ? 1 : -1
        // Amanatides and Woo's walk: the segment's parameter at the next column and row line.
        var tMaxX = dx == 0 ? Double.infinity : ((Double(c0 + (stepX > 0 ? 1 : 0)) * cw) - p.x) / dx
        var tMaxY = dy == 0 ? Double.infinity : ((Double(r0 + (stepY > 0 ? 1 : 0)) * ch) - p.y) / dy
        let tDeltaX = dx == 0 ? Double.infinity : cw / abs(dx), tDeltaY = dy == 0 ? Double.infinity : ch / abs(dy)
        var c = c0, r = r0
        for _ in 0..<(2 * (columns + rows) + 4) {
            if c == c1 && r == r1 { break }
            let (pc, pr) = (c, r)
            if tMaxX < tMaxY { c += c == c1 ? 0 : stepX; tMaxX += tDeltaX } else { r += r == r1 ? 0 : stepY; tMaxY += tDeltaY }
            c = min(columns - 1, max(0, c)); r = min(rows - 1, max(0, r))
            if c != pc || r != pr { cells[r * columns + c] += 1 }
        }
        if c != c1 || r != r1 { cells[r1 * columns + c1] += 1 }
    }

    /// The cell under `p` (a point outside the area: the nearest cell on its edge); nil for
    /// a point that is not a finite number.
    public func cell(_ p: Point) -> (column: Int, row: Int)? {
        guard p.x.isFinite, p.y.isFinite, area.width > 0, area.height > 0 else { return nil }
        let q = clamped(p)
        return (min(columns - 1, max(0, Int(q.x / area.width * Double(columns)))),
                min(rows - 1, max(0, Int(q.y / area.height * Double(rows)))))
    }

    private func clamped(_ p: Point) -> Point {
        Point(x: min(area.width, max(0, p.x)), y: min(area.height, max(0, p.y)))
    }
}
