// OverlayStyle: colours and sizes shared by every overlay, and the text-column helper the
// panels write their lines with (clipped to the panel, truncated with the measurer).

/// Colours and sizes of the overlays, in canvas pixels. `scaled(by:)` for HiDPI and large
/// canvases (the host's `HostLayout.overlayStyle`).
///
/// Colours: one meaning each, the same in every panel (the help's "Colours" section and
/// `StateLegend` show them):
/// - grey: possible (a recognizer still watching); also what is not hit ("outside").
/// - blue: began / changed (a continuous gesture under way).
/// - green: recognized / ended (a gesture that fired).
/// - orange: cancelled (a gesture or touch taken away by the system).
/// - red: failed: a recognizer failed, or what makes it fail (a finger moved past the tap's
///   slop). Nothing else in the panels is red; the toolbar's Rec button is red while
///   recording (`recording`), the one exception, kept to the universal record light and
///   never drawn in a panel.
/// - yellow (`selection`): what you are looking at: the selection, and the hit-test view
///   (the view a touch was delivered to, and the responder that handled it).
/// - cyan: a view the hit-test passed through (inside, not the hit). Purple: hidden.
///   Light blue: transparent (alpha too low). Pink (`refused`): refuses touches
///   (userInteraction disabled): a view that said no, not a recognizer that failed.
public struct OverlayStyle: Sendable, Hashable {
    /// Canvas pixels per overlay unit: the factor the sizes below were scaled by, for the
    /// panels' other lengths (lane heights, rings, gaps) written at scale 1.
    public var scale: Double = 1
    public var fontSize: Double = 11
    public var lineHeight: Double = 14
    public var headerSize: Double = 12
    public var padding: Double = 6
    public var panelBackground = Color(r: 22, g: 24, b: 30, a: 235)
    public var sectionBackground = Color(r: 34, g: 37, b: 46, a: 255)
    public var text = Color(r: 220, g: 224, b: 232)
    public var dim = Color(r: 140, g: 146, b: 160)
    public var header = Color(r: 255, g: 255, b: 255)
    public var accent = Color.cyan
    public var selection = Color(r: 255, g: 214, b: 10)
    public var grid = Color(r: 70, g: 75, b: 88)

    public init() {}

    /// Every size multiplied by `s` (canvas pixels per window unit).
    public func scaled(by s: Double) -> OverlayStyle {
        var o = self
        o.scale *= s
        o.fontSize *= s; o.lineHeight *= s; o.headerSize *= s; o.padding *= s
        return o
    }

    /// The colour of a recognizer state on the timeline and in the inspector.
    public static func color(of state: GestureState) -> Color {
        switch state {
        case .possible: Color(r: 120, g: 124, b: 134)
        case .began, .changed: Color.blue
        case .recognized, .ended: Color.green
        case .cancelled: Color.orange
        case .failed: Color.red
        }
    }

    /// The colour of a hit-test verdict.
    public static func color(of verdict: HitVerdict) -> Color {
        switch verdict {
        case .hit: Color.yellow
        case .inside: Color.cyan
        case .outside: Color(r: 150, g: 150, b: 160)
        case .hidden: Color(r: 175, g: 82, b: 222)
        case .transparent: Color(r: 90, g: 200, b: 250)
        case .disabled: OverlayStyle.refused
        }
    }

    /// A view that refuses touches (userInteraction disabled): pink, not the red of failure.
    public static let refused = Color(r: 255, g: 112, b: 190)
    /// The Rec button while recording: the record light's red (the one red outside failure,
    /// on the toolbar only).
    public static let recording = Color.red
}

/// Writes lines of text top to bottom inside a rect; lines that do not fit are dropped
/// (and counted), text is truncated to the width with the measurer.
struct TextColumn {
    let rect: Rect
    let style: OverlayStyle
    let measurer: TextMeasurer
    private(set) var y: Double
    private(set) var dropped = 0

    init(_ rect: Rect, style: OverlayStyle, measurer: TextMeasurer) {
        self.rect = rect; self.style = style; self.measurer = measurer; y = rect.minY
    }

    var remaining: Double { rect.maxY - y }
    var linesLeft: Int { max(0, Int((remaining / style.lineHeight).rounded(.down))) }
    func fits(_ h: Double) -> Bool { y + h <= rect.maxY + 0.001 }

    /// One line; returns false (and draws nothing) when there is no room left.
    @discardableResult
    mutating func line(_ s: String, color: Color? = nil, font: FontFace = .mono, indent: Double = 0,
                       size: Double? = nil, background: Color? = nil, into list: inout DisplayList) -> Bool {
        let h = size.map { max(style.lineHeight, $0 * 1.25) } ?? style.lineHeight
        guard fits(h) else { dropped += 1; return false }
        if let background { list.fillRect(Rect(x: rect.minX, y: y, width: rect.width, height: h), background) }
        let sz = size ?? style.fontSize
        let w = rect.width - indent
        if w > 4 {
            let t = measurer.truncate(s, toWidth: w, size: sz, font: font)
            list.text(t, at: Point(x: rect.minX + indent, y: y + h / 2), size: sz, color: color ?? style.text,
                      font: font, alignment: .left, baseline: .middle, maxWidth: w)
        }
        y += h
        return true
    }

    /// A section title with a band behind it.
    @discardableResult
    mutating func header(_ s: String, into list: inout DisplayList) -> Bool {
        line(s, color: style.header, font: .sans, size: style.headerSize, background: style.sectionBackground, into: &list)
    }

    mutating func skip(_ h: Double) { y = min(rect.maxY, y + h) }

    /// Reserves a band of height `h` (for bars); nil when it does not fit.
    mutating func band(_ h: Double) -> Rect? {
        guard fits(h) else { return nil }
        defer { y += h }
        return Rect(x: rect.minX, y: y, width: rect.width, height: h)
    }
}

extension Rect {
    /// The rect clamped inside `outer` (never negative).
    func clamped(to outer: Rect) -> Rect {
        let x0 = max(minX, outer.minX), y0 = max(minY, outer.minY)
        let x1 = min(maxX, outer.maxX), y1 = min(maxY, outer.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}
