// HostLayout: where the scene and the panels lie in the output canvas, how large the
// panels' text is, and the mapping from SDL window coordinates to scene points.
//
//   landscape (width ≥ 0.9 · height)          portrait
//   ┌──────────────────┬────────┐             ┌──────────────────┐
//   │  scene (fitted,  │toolbar │             │  scene           │
//   │  letterboxed)    ├────────┤             ├──────────────────┤
//   │                  │  side  │             │  toolbar         │
//   ├──────────────────┤  panel │             ├──────────────────┤
//   │  bottom panel    │        │             │  side panel      │
//   └──────────────────┴────────┘             ├──────────────────┤
//                                             │  bottom panel    │
//                                             └──────────────────┘
// With panels hidden the scene fills the canvas (still keeping its aspect ratio), under a
// one-row toolbar strip when `toolbarWhenHidden`.
//
// The toolbar (`Toolbar` in TouchDraw) is the debugger's touch targets: buttons at least
// `toolbarTarget` points (window units × `panelScale`) each way, in as many rows as the side
// panel's width needs (at most 40 % of the height), one row in portrait and in the strip;
// buttons that do not fit move into its menu.
// Rects are canvas pixels; "window units" are SDL window coordinates (mouse events),
// which differ from canvas pixels on HiDPI outputs by `pixelScale`.
//
// Sizes: panel sizes, text and margins are in panel units, `panelScale` canvas pixels
// each: the pixel scale, or more on a canvas larger than 1280×800 (the 1280×800 layout
// grown to fill it, so text is not tiny on a 2560×1600 tablet at scale 1). The scene
// keeps at least `LayoutOptions.sceneShare` of the canvas (by area): landscape panels
// that would take more shrink together, and portrait panels take at most the rest of
// the height. Text shrinks with its panels (`overlayScale`), but never below
// `minimumTextScale` (11 px at scale 1, 75 % of the normal size at scale 2).
import TouchCore
import TouchDraw

/// Sizes of the panels, in panel units (window units on a canvas up to 1280×800).
public struct LayoutOptions: Sendable, Hashable {
    public var panelsVisible: Bool
    /// Width of the side panel (height when it moves below the scene in portrait).
    public var sidePanelWidth: Double
    /// Height of the bottom panel (the recognizer timeline); 0 for none.
    public var bottomPanelHeight: Double
    /// Space around the scene area.
    public var margin: Double
    /// The least share of the canvas (by area) the scene area keeps when panels show.
    public var sceneShare: Double
    /// The toolbar along the panels when they show.
    public var toolbar: Bool
    /// A toolbar strip across the top while the panels are hidden (the live window's, so a
    /// finger can bring them back).
    public var toolbarWhenHidden: Bool
    /// How many buttons the toolbar has.
    public var toolbarButtons: Int
    /// The least size of a toolbar button each way, in points (window units at panel scale 1).
    public var toolbarTarget: Double

    public init(panelsVisible: Bool = true, sidePanelWidth: Double = 340, bottomPanelHeight: Double = 170,
                margin: Double = 8, sceneShare: Double = 0.5, toolbar: Bool = true, toolbarWhenHidden: Bool = false,
                toolbarButtons: Int = ToolbarButton.allCases.count, toolbarTarget: Double = 44) {
        self.panelsVisible = panelsVisible; self.sidePanelWidth = sidePanelWidth
        self.bottomPanelHeight = bottomPanelHeight; self.margin = margin
        self.sceneShare = min(1, max(0, sceneShare))
        self.toolbar = toolbar; self.toolbarWhenHidden = toolbarWhenHidden
        self.toolbarButtons = max(0, toolbarButtons); self.toolbarTarget = max(0, toolbarTarget)
    }
}

/// The frame's geometry: canvas, scene area, panels, and the scene ↔ canvas ↔ window maps.
public struct HostLayout: Sendable, Hashable {
    /// The renderer's output in pixels.
    public var canvasSize: Size
    /// The SDL window in window units (`SDL_GetWindowSize`).
    public var windowSize: Size
    /// Canvas pixels per window unit (1, or 2 on a HiDPI output).
    public var pixelScale: Double
    /// The scene's window size in scene points.
    public var sceneSize: Size
    public var options: LayoutOptions
    /// Canvas pixels per panel unit before panels shrink to leave the scene its share: the
    /// pixel scale, or the factor that grows the 1280×800 layout to fill a larger canvas.
    public var panelScale: Double
    /// Canvas pixels per unit of the panels' text, line heights and paddings (`overlayStyle`):
    /// `panelScale`, less when the panels had to shrink, never below `minimumTextScale`.
    public var overlayScale: Double
    /// What the panels leave to the scene, in canvas pixels (the whole canvas with panels hidden).
    public var sceneArea: Rect
    /// Where the scene is drawn, in canvas pixels (aspect ratio kept), inside `sceneArea`.
    public var sceneRect: Rect
    /// The right-hand (landscape) or lower (portrait) panel; nil when panels are hidden.
    public var sidePanel: Rect?
    /// The panel under the scene; nil when hidden or of zero height.
    public var bottomPanel: Rect?
    /// The toolbar: atop the side panel (landscape), between the scene and the panels
    /// (portrait), or a strip across the top while the panels are hidden; nil for none.
    public var toolbar: Rect?
    /// The toolbar's rows and buttons per row (the last row may hold fewer).
    public var toolbarRows: Int
    public var toolbarColumns: Int

    public var panelsVisible: Bool { options.panelsVisible }
    /// Whether the panels stack under the scene (the canvas is narrower than 0.9 × its height).
    public var isPortrait: Bool { canvasSize.width < 0.9 * canvasSize.height }
    /// Canvas pixels per scene point.
    public var sceneScale: Double { sceneSize.width > 0 ? sceneRect.width / sceneSize.width : 1 }
    /// Scene points → canvas pixels.
    public var sceneTransform: AffineTransform {
        AffineTransform(a: sceneScale, b: 0, c: 0, d: sceneScale, tx: sceneRect.minX, ty: sceneRect.minY)
    }
    /// The panels' colours and sizes for this layout (text, lines, paddings in canvas pixels).
    public var overlayStyle: OverlayStyle { OverlayStyle().scaled(by: overlayScale) }

    /// The smallest text scale for a pixel scale: 1 (11 px text) at scale 1; at higher
    /// scales 75 % of the pixel scale (8.25 window units of text), so a small window on a
    /// HiDPI screen keeps readable panels without text as large as a full-size one's.
    public static func minimumTextScale(pixelScale: Double) -> Double { max(1, 0.75 * pixelScale) }

    /// The factor that grows the 1280×800 (or 800×1280) layout to fill `canvas`, at least 0.
    public static func fillScale(_ canvas: Size) -> Double {
        let short = min(canvas.width, canvas.height), long = max(canvas.width, canvas.height)
        return max(0, min(short / 800, long / 1280))
    }

    public init(canvasSize: Size, windowSize: Size? = nil, sceneSize: Size, options: LayoutOptions = LayoutOptions()) {
        let window = windowSize ?? canvasSize
        self.canvasSize = canvasSize
        self.windowSize = window
        self.pixelScale = window.width > 0 ? max(0.01, canvasSize.width / window.width) : 1
        self.sceneSize = sceneSize
        self.options = options
        self.panelScale = 1
        self.overlayScale = 1
        self.sceneArea = Rect(origin: .zero, size: canvasSize)
        self.sceneRect = sceneArea
        self.sidePanel = nil
        self.bottomPanel = nil
        self.toolbar = nil
        self.toolbarRows = 0
        self.toolbarColumns = 0
        compute()
    }

    private mutating func compute() {
        let W = max(0, canvasSize.width), H = max(0, canvasSize.height)
        let u = max(pixelScale, Self.fillScale(canvasSize))
        panelScale = u
        let margin = options.margin * u
        var area = Rect(x: 0, y: 0, width: W, height: H)
        sidePanel = nil; bottomPanel = nil; toolbar = nil; toolbarRows = 0; toolbarColumns = 0
        var shrink = 1.0   // how much the panels shrank from their size in panel units
        let buttons = options.toolbarButtons
        let row = (options.toolbarTarget * u).rounded(.up)   // a toolbar row's height
        /// Rows and columns for the toolbar `width` wide holding at most `maxRows` rows.
        func grid(width: Double, maxRows: Int) -> (rows: Int, columns: Int) {
            guard buttons > 0, row > 0 else { return (0, 0) }
            let fit = max(1, Int((width / row).rounded(.down)))
            let rows = min(max(1, maxRows), (buttons + fit - 1) / fit)
            return (rows, min(fit, (buttons + rows - 1) / rows))
        }
        if options.panelsVisible {
            let share = options.sceneShare
            let wantSide = max(0, options.sidePanelWidth * u), wantBottom = max(0, options.bottomPanelHeight * u)
            if !isPortrait {
                var side = min(wantSide, W * 0.45)
                var bottom = min(wantBottom, H * 0.35)
                let k = Self.shrinkToKeep(share, width: W, height: H, side: side, bottom: bottom)
                // Whole pixels (rounded down: the scene keeps its share).
                side = (side * k).rounded(.down); bottom = (bottom * k).rounded(.down)
                shrink = min(wantSide > 0 ? side / wantSide : 1, wantBottom > 0 ? bottom / wantBottom : 1)
                sidePanel = Rect(x: W - side, y: 0, width: side, height: H)
                // The toolbar takes the top of the side panel's column.
                if options.toolbar, side > 0, case let g = grid(width: side, maxRows: Int((0.4 * H / row).rounded(.down))), g.rows > 0 {
                    let T = Double(g.rows) * row
                    toolbar = Rect(x: W - side, y: 0, width: side, height: T)
                    (toolbarRows, toolbarColumns) = g
                    sidePanel = Rect(x: W - side, y: T, width: side, height: max(0, H - T))
                }
                area.size.width -= side
                if bottom > 0 {
                    bottomPanel = Rect(x: 0, y: H - bottom, width: area.width, height: bottom)
                    area.size.height -= bottom
                }
            } else {
                // The panels get what they ask for, and the height the scene, fitted to the
                // width, cannot use; never more than the scene's share allows.
                let want = wantSide + wantBottom
                let sceneHeight = sceneSize.width > 0 && sceneSize.height > 0
                    ? max(0, W - 2 * margin) * sceneSize.height / sceneSize.width + 2 * margin : H
                // One toolbar row above the panels, kept whole: the panels shrink instead.
                let g = options.toolbar ? grid(width: W, maxRows: 1) : (rows: 0, columns: 0)
                let T = min(Double(g.rows) * row, (H * (1 - share)).rounded(.down))
                let panels = max(0, min(H * (1 - share), max(want + T, H - sceneHeight))).rounded(.down)
                shrink = want > 0 ? min(1, max(0, panels - T) / want) : 1
                // The timeline keeps its height (or shrinks with the rest); the sections get the extra.
                let bottom = (wantBottom * shrink).rounded(.down)
                let side = max(0, panels - T - bottom)
                if bottom > 0 { bottomPanel = Rect(x: 0, y: H - bottom, width: W, height: bottom) }
                if T > 0 {
                    toolbar = Rect(x: 0, y: H - panels, width: W, height: T)
                    (toolbarRows, toolbarColumns) = g
                }
                sidePanel = Rect(x: 0, y: H - panels + T, width: W, height: side)
                area.size.height -= panels
            }
        } else if options.toolbarWhenHidden, case let g = grid(width: W, maxRows: 1), g.rows > 0, row <= H / 2 {
            toolbar = Rect(x: 0, y: 0, width: W, height: row)
            (toolbarRows, toolbarColumns) = g
            area = Rect(x: 0, y: row, width: W, height: H - row)
        }
        overlayScale = min(u, max(Self.minimumTextScale(pixelScale: pixelScale), u * shrink))
        sceneArea = area
        let inner = area.insetBy(dx: margin, dy: margin)
        guard sceneSize.width > 0, sceneSize.height > 0, inner.width > 0, inner.height > 0 else {
            sceneRect = Rect(x: inner.minX, y: inner.minY, width: max(0, inner.width), height: max(0, inner.height))
            return
        }
        let s = min(inner.width / sceneSize.width, inner.height / sceneSize.height)
        let w = sceneSize.width * s, h = sceneSize.height * s
        sceneRect = Rect(x: inner.minX + (inner.width - w) / 2, y: inner.minY + (inner.height - h) / 2, width: w, height: h)
    }

    /// How many of the toolbar's buttons the bar shows (the rest are in its menu).
    public var toolbarButtonsShown: Int { min(options.toolbarButtons, toolbarRows * toolbarColumns) }

    /// The toolbar buttons' frames, in bar order, row by row (canvas pixels).
    public var toolbarButtonFrames: [Rect] {
        guard let bar = toolbar, toolbarRows > 0, toolbarColumns > 0 else { return [] }
        let w = bar.width / Double(toolbarColumns), h = bar.height / Double(toolbarRows)
        return (0..<toolbarButtonsShown).map { i in
            Rect(x: bar.minX + Double(i % toolbarColumns) * w, y: bar.minY + Double(i / toolbarColumns) * h, width: w, height: h)
        }
    }

    /// Where the toolbar's menu may open: everything under the bar, full width. It opens at
    /// least `toolbarMenuMinWidth` wide (the panels' width), at the right.
    public var toolbarMenuRegion: Rect? {
        guard let bar = toolbar else { return nil }
        return Rect(x: 0, y: bar.maxY, width: canvasSize.width, height: max(0, canvasSize.height - bar.maxY))
    }
    public var toolbarMenuMinWidth: Double {
        guard let bar = toolbar else { return 0 }
        return panelsVisible ? bar.width : min(bar.width, options.sidePanelWidth * panelScale)
    }

    /// Where a sheet over the whole window goes (the help, `DebugOverlayExtras.sheet`): the
    /// canvas without the toolbar: beside and below it (landscape: the bar at the top right; the
    /// strip while panels are hidden), or above and below it (portrait, where it lies between
    /// the scene and the panels). The toolbar stays uncovered, so its Help button closes the
    /// sheet.
    public var sheetRegions: [Rect] {
        let canvas = Rect(origin: .zero, size: canvasSize)
        guard let bar = toolbar, bar.height > 0 else { return [canvas] }
        let below = Rect(x: 0, y: bar.maxY, width: canvasSize.width, height: max(0, canvasSize.height - bar.maxY))
        // Above the bar (portrait), or beside it (landscape: the bar sits at the top right).
        let above = bar.minY > 0 ? Rect(x: 0, y: 0, width: canvasSize.width, height: bar.minY)
            : Rect(x: 0, y: 0, width: max(0, bar.minX), height: bar.maxY)
        return [above, below].filter { $0.height > 0 && $0.width > 0 }
    }

    /// Whether a canvas point is on the debugger's own UI: the toolbar or a panel.
    public func isOnDebuggerUI(_ p: Point) -> Bool {
        [toolbar, sidePanel, bottomPanel].contains { $0?.contains(p) == true }
    }

    /// Scene points → canvas pixels, the exact inverse of `canvasToScene` (which counts a
    /// pixel as a point when the scene cannot be shown at all).
    public func sceneToCanvasExact(_ p: Point) -> Point {
        var s = sceneScale
        if !(s > 0 && s.isFinite) { s = 1 }
        return Point(x: sceneRect.minX + p.x * s, y: sceneRect.minY + p.y * s)
    }

    /// The factor k ≤ 1 for a side panel `side` wide and a bottom panel `bottom` high so that
    /// what they leave, (W − k·side) × (H − k·bottom), is at least `share` of W × H.
    static func shrinkToKeep(_ share: Double, width W: Double, height H: Double, side: Double, bottom: Double) -> Double {
        guard W > 0, H > 0, (W - side) * (H - bottom) < share * W * H else { return 1 }
        // s·b·k² − (W·b + H·s)·k + (1 − share)·W·H = 0, the smaller root.
        let a = side * bottom, b = W * bottom + H * side, c = (1 - share) * W * H
        guard b > 0 else { return 1 }
        let k = a > 0 ? (b - (max(0, b * b - 4 * a * c)).squareRoot()) / (2 * a) : c / b
        // A hair smaller, so rounding never leaves the scene a hair under its share.
        return max(0, min(1, k * (1 - 1e-12)))
    }

    /// Canvas pixels → scene points (may fall outside the scene). Always finite: in a
    /// window too small to show any of the scene (its area is empty, the scale 0) a pixel
    /// counts as one scene point from the area's corner, so a drag goes on moving.
    public func canvasToScene(_ p: Point) -> Point {
        var s = sceneScale
        if !(s > 0 && s.isFinite) { s = 1 }
        let q = Point(x: (p.x - sceneRect.minX) / s, y: (p.y - sceneRect.minY) / s)
        return Point(x: q.x.isFinite ? q.x : 0, y: q.y.isFinite ? q.y : 0)
    }

    /// Scene points → canvas pixels.
    public func sceneToCanvas(_ p: Point) -> Point { sceneTransform.apply(p) }

    /// SDL window units (mouse coordinates) → scene points.
    public func windowToScene(_ p: Point) -> Point {
        canvasToScene(Point(x: p.x * pixelScale, y: p.y * pixelScale))
    }

    /// The same layout with other panel options.
    public func with(options: LayoutOptions) -> HostLayout {
        HostLayout(canvasSize: canvasSize, windowSize: windowSize, sceneSize: sceneSize, options: options)
    }
}
