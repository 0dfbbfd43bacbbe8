// HostLayout: where the scene and the panels lie in the output canvas, and the mapping
// from SDL window coordinates to scene points.
//
//   landscape (width ≥ 0.9 · height)          portrait
//   ┌──────────────────┬────────┐             ┌──────────────────┐
//   │  scene (fitted,  │  side  │             │  scene           │
//   │  letterboxed)    │  panel │             ├──────────────────┤
//   ├──────────────────┤        │             │  side panel      │
//   │  bottom panel    │        │             ├──────────────────┤
//   └──────────────────┴────────┘             │  bottom panel    │
//                                             └──────────────────┘
// With panels hidden the scene fills the canvas (still keeping its aspect ratio).
// Rects are canvas pixels; "window units" are SDL window coordinates (mouse events),
// which differ from canvas pixels on HiDPI outputs by `pixelScale`.
import TouchCore
import TouchDraw

/// Sizes of the panels, in window units (scaled by `pixelScale` into canvas pixels).
public struct LayoutOptions: Sendable, Hashable {
    public var panelsVisible: Bool
    /// Width of the side panel (height when it moves below the scene in portrait).
    public var sidePanelWidth: Double
    /// Height of the bottom panel (the recognizer timeline); 0 for none.
    public var bottomPanelHeight: Double
    /// Space around the scene area.
    public var margin: Double

    public init(panelsVisible: Bool = true, sidePanelWidth: Double = 340, bottomPanelHeight: Double = 170,
                margin: Double = 8) {
        self.panelsVisible = panelsVisible; self.sidePanelWidth = sidePanelWidth
        self.bottomPanelHeight = bottomPanelHeight; self.margin = margin
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
    /// Where the scene is drawn, in canvas pixels (aspect ratio kept).
    public var sceneRect: Rect
    /// The right-hand (landscape) or lower (portrait) panel; nil when panels are hidden.
    public var sidePanel: Rect?
    /// The panel under the scene; nil when hidden or of zero height.
    public var bottomPanel: Rect?

    public var panelsVisible: Bool { options.panelsVisible }
    /// Canvas pixels per scene point.
    public var sceneScale: Double { sceneSize.width > 0 ? sceneRect.width / sceneSize.width : 1 }
    /// Scene points → canvas pixels.
    public var sceneTransform: AffineTransform {
        AffineTransform(a: sceneScale, b: 0, c: 0, d: sceneScale, tx: sceneRect.minX, ty: sceneRect.minY)
    }

    public init(canvasSize: Size, windowSize: Size? = nil, sceneSize: Size, options: LayoutOptions = LayoutOptions()) {
        let window = windowSize ?? canvasSize
        self.canvasSize = canvasSize
        self.windowSize = window
        self.pixelScale = window.width > 0 ? max(0.01, canvasSize.width / window.width) : 1
        self.sceneSize = sceneSize
        self.options = options
        self.sceneRect = Rect(origin: .zero, size: canvasSize)
        self.sidePanel = nil
        self.bottomPanel = nil
        compute()
    }

    private mutating func compute() {
        let W = canvasSize.width, H = canvasSize.height, ps = pixelScale
        let margin = options.margin * ps
        var area = Rect(x: 0, y: 0, width: W, height: H)
        sidePanel = nil; bottomPanel = nil
        if options.panelsVisible {
            let landscape = W >= 0.9 * H
            if landscape {
                let side = min(options.sidePanelWidth * ps, W * 0.45)
                sidePanel = Rect(x: W - side, y: 0, width: side, height: H)
                area.size.width -= side
                let bottom = min(options.bottomPanelHeight * ps, H * 0.35)
                if bottom > 0 {
                    bottomPanel = Rect(x: 0, y: H - bottom, width: area.width, height: bottom)
                    area.size.height -= bottom
                }
            } else {
                let bottom = min(options.bottomPanelHeight * ps, H * 0.25)
                let side = min(options.sidePanelWidth * ps, H * 0.3)
                if bottom > 0 { bottomPanel = Rect(x: 0, y: H - bottom, width: W, height: bottom) }
                sidePanel = Rect(x: 0, y: H - bottom - side, width: W, height: side)
                area.size.height -= bottom + side
            }
        }
        let inner = area.insetBy(dx: margin, dy: margin)
        guard sceneSize.width > 0, sceneSize.height > 0, inner.width > 0, inner.height > 0 else {
            sceneRect = Rect(x: inner.minX, y: inner.minY, width: max(0, inner.width), height: max(0, inner.height))
            return
        }
        let s = min(inner.width / sceneSize.width, inner.height / sceneSize.height)
        let w = sceneSize.width * s, h = sceneSize.height * s
        sceneRect = Rect(x: inner.minX + (inner.width - w) / 2, y: inner.minY + (inner.height - h) / 2, width: w, height: h)
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
