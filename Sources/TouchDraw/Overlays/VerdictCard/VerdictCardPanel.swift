// VerdictCardPanel: the answer to "why did my gesture (not) fire?" for the last touch
// sequence, over the scene, as soon as its fingers are up and its recognizers have decided.
//
//   ┌──────────────────────────────────────────────────────┐
//   │ doubleTap won                                     ×  │  who won; × dismisses the card
//   │ 2 touch sequences 0.224 → 0.481 s (0.257 s), 2 tou…  │
//   │ views hit: pad (touches 1, 2)                        │
//   │ ✓ doubleTap recognized at 0.481 s, on pad            │  one row per recognizer's attempt:
//   │   tapCount: 2, limit 2                               │  a tap (or a click) selects its
//   │   reason: recognized: 2 taps of 1 finger             │  decision record in the timeline
//   │ ✗ singleTap failed at 0.481 s, on pad                │  and the detail box, and frames
//   │   failureRequirement, by doubleTap                   │  the sequence on the timeline
//   │   reason: failed: requires doubleTap to fail, …      │
//   │ waits                                                │
//   │   singleTap waited 0.257 s for doubleTap (0.224 → …) │
//   └──────────────────────────────────────────────────────┘
//
// A loser's row also says how close it came, in words ("0.16 s too late"). Every line wraps
// to the card's width, never cut; a card taller than the scene scrolls (a drag). It goes in
// the corner of the scene farthest from where the fingers landed, and is replaced by the next
// sequence's card. Where no corner is free (the views hit that leave it room, and the
// fingers' paths, under every corner) it collapses to a strip at the scene's edge: its title,
// a button that opens it and its close button. The verdicts come from the trace log (`TraceLog.latestGesture`: sequences
// that share recognizers' attempts make one card), so the card is the same live and replayed.

extension OverlayPanel {
    /// The verdict of the last touch sequence (over the scene).
    public static let verdictCard = OverlayPanel("verdictCard")
}

/// What a line of the card is, for its colour and size.
public enum VerdictCardLineKind: Sendable, Hashable {
    /// The card's title: who won.
    case title
    /// When the sequence ran, its touches, the views hit.
    case summary
    /// A section heading ("waits").
    case heading
    /// A recognizer that won (recognized or began).
    case winner
    /// A recognizer that did not.
    case loser
    /// The rule, the margin, the reason of the recognizer above.
    case detail
    /// The margin in words ("0.15 s too late").
    case margin
    /// One wait of the chain of waits.
    case wait
    /// The Fix row: a setting that makes the loser win, checked by a replay (a tap tries it).
    case fix
}

/// One paragraph of the card before wrapping: its text, its kind, and the recognizer's row
/// it belongs to (a tap on any of its lines selects that recognizer's decision).
public struct VerdictCardParagraph: Sendable, Hashable {
    public var text: String
    public var kind: VerdictCardLineKind
    /// The row: an index into `VerdictCard.rowOrder` of the card's verdict (nil: not part of
    /// a recognizer's row).
    public var row: Int?
    public init(_ text: String, _ kind: VerdictCardLineKind, row: Int? = nil) {
        self.text = text; self.kind = kind; self.row = row
    }
}

/// One drawn line of the card: its text (a whole paragraph or a piece of one) and where.
public struct VerdictCardLine: Sendable, Hashable {
    public var text: String
    public var kind: VerdictCardLineKind
    /// Where it is written: its left end, at the middle of its line.
    public var origin: Point
    public var size: Double
    public var font: FontFace
}

/// Where everything of the card is (canvas pixels), for drawing and for taps.
public struct VerdictCardLayout: Sendable {
    /// The card.
    public var rect: Rect
    /// The title band (the close button sits at its right end).
    public var header: Rect
    /// The close button: a touch target at least 44 units square.
    public var close: Rect
    /// The lines shown (those scrolled out of the body are not drawn, never drawn in part).
    public var lines: [VerdictCardLine]
    /// Each recognizer's row as shown (its index in `VerdictCard.rowOrder`): at least 44
    /// units high, the target a tap takes.
    public var rows: [(row: Int, rect: Rect)]
    /// The lines scrolled out above and below the body.
    public var hiddenAbove: Int
    public var hiddenBelow: Int
    /// How far the card scrolls (in lines); 0 when it all fits.
    public var maxScroll: Int
    /// The body's lines, every one, unwrapped: what the card says (`VerdictCard.text`).
    public var paragraphs: [VerdictCardParagraph]
    /// Whether it is collapsed to a strip (its title band only): no corner of the scene was
    /// free of the views the touches hit and their paths.
    public var collapsed = false
    /// The button that opens a collapsed card (a touch target at least 44 units square); nil
    /// on a card shown whole.
    public var expand: Rect?
    /// The Fix row as shown, at least 44 units high (nil: no fix found, or scrolled out).
    public var fix: Rect?
}

public enum VerdictCard {
    // MARK: Where it goes

    /// The card's text size: a little larger than the panels', it is read first.
    static func textSize(_ style: OverlayStyle) -> Double { style.fontSize * 1.15 }
    static func titleSize(_ style: OverlayStyle) -> Double { style.headerSize * 1.25 }
    static func lineHeight(_ size: Double) -> Double { (size * 1.35).rounded(.up) }
    /// The least size of a touch target, in units (as the toolbar's buttons).
    public static let target = 44.0
    /// The widest the card gets, in units.
    public static let maxWidth = 480.0
    /// The card's fill: opaque, so no text behind it shows through (it was 246 of 255).
    public static let fill = Color(r: 24, g: 27, b: 36, a: 255)

    /// The card for a gesture (`paragraphs(for:)`) in `scene` (canvas pixels): in the corner
    /// of the scene that covers none of `avoidingRects` (the views the touches hit, canvas
    /// pixels) where one does, and of those the one with the fewest of `avoiding` (where the
    /// fingers went, canvas pixels), bottom right on a tie; as wide as its text needs up to
    /// `maxWidth` units and the scene's width; as tall as every line wrapped, up to the
    /// scene's height, past which the body scrolls (`scroll` lines down, kept in range).
    /// A view that every corner would cover leaves the card no room and is not avoided (a
    /// backdrop, a pad as large as the scene's middle). When no corner is free of the rest
    /// and of the points, the card collapses (unless `collapse` is false: opened by hand) to
    /// a strip of its title band at the top or bottom edge, where it covers least.
    public static func layout(_ gesture: [SequenceVerdict], scene: Rect, avoiding: [Point] = [], avoidingRects: [Rect] = [],
                              scroll: Int = 0, whatIf: WhatIfShown? = nil, collapse: Bool = true, style: OverlayStyle,
                              measurer: TextMeasurer) -> VerdictCardLayout {
        let u = style.scale
        let margin = 8 * u, pad = 10 * u, gap = 3 * u
        let paragraphs = self.paragraphs(for: gesture) + whatIfParagraphs(gesture, whatIf)
        let size = textSize(style), tsize = titleSize(style)
        let lh = lineHeight(size), tlh = lineHeight(tsize)
        let indent = 16 * u
        let closeSide = target * u
        // As wide as the widest paragraph needs (up to the cap and the scene).
        let cap = max(0, min(maxWidth * u, scene.width - 2 * margin))
        var want = 0.0
        for p in paragraphs {
            let (s, f) = p.kind == .title ? (tsize, FontFace.sans) : (size, FontFace.sans)
            let extra = p.kind == .title ? closeSide : (isIndented(p.kind) ? indent : 0)
            want = max(want, measurer.measure(p.text, size: s, font: f).width + extra + 2 * pad)
        }
        let width = min(cap, max(want, min(cap, 260 * u)))
        // The title band: the title wrapped beside the close button.
        let title = paragraphs.first { $0.kind == .title }
        let titleLines = title.map { measurer.wrap($0.text, toWidth: max(1, width - 2 * pad - closeSide), size: tsize, font: .sans) } ?? []
        let headerH = max(closeSide, Double(titleLines.count) * tlh + 2 * gap)
        // The body: each paragraph wrapped; a recognizer's row at least a target high.
        struct Piece { var text: String; var kind: VerdictCardLineKind; var x: Double; var y: Double }
        var pieces: [Piece] = []
        var rowSpans: [(Int, Double, Double)] = []
        var fixSpan: (Double, Double)?
        var y = 0.0
        var k = 0
        let body = paragraphs.filter { $0.kind != .title }
        while k < body.count {
            let p = body[k]
            if let id = p.row, p.kind == .winner || p.kind == .loser {
                // The row: this paragraph and the details that follow it.
                let top = y
                let first = pieces.count
                var j = k
                repeat {
                    let q = body[j]
                    let x = isIndented(q.kind) ? indent : 0
                    for piece in measurer.wrap(q.text, toWidth: max(1, width - 2 * pad - x), size: size, font: .sans) {
                        pieces.append(Piece(text: piece, kind: q.kind, x: x, y: y)); y += lh
                    }
                    j += 1
                } while j < body.count && body[j].row == id && !(body[j].kind == .winner || body[j].kind == .loser)
                let h = max(y - top, target * u)
                // The row's lines in the middle of its target.
                for i in first..<pieces.count { pieces[i].y += (h - (y - top)) / 2 }
                y = top + h + gap
                rowSpans.append((id, top, top + h))
                k = j
            } else if p.kind == .fix {
                // The Fix row: a target of its own, its lines in the middle of it.
                let top = y, first = pieces.count
                for piece in measurer.wrap(p.text, toWidth: max(1, width - 2 * pad), size: size, font: .sans) {
                    pieces.append(Piece(text: piece, kind: p.kind, x: 0, y: y)); y += lh
                }
                let h = max(y - top, target * u)
                for i in first..<pieces.count { pieces[i].y += (h - (y - top)) / 2 }
                y = top + h + gap
                fixSpan = (top, top + h)
                k += 1
            } else {
                let x = isIndented(p.kind) ? indent : 0
                if p.kind == .heading { y += gap }
                for piece in measurer.wrap(p.text, toWidth: max(1, width - 2 * pad - x), size: size, font: .sans) {
                    pieces.append(Piece(text: piece, kind: p.kind, x: x, y: y)); y += lh
                }
                k += 1
            }
        }
        let contentH = y
        // The card's height: all of it, or the scene's height with the body scrolling.
        let maxH = max(0, scene.height - 2 * margin)
        var bodyH = contentH
        var scrollLines = 0, maxScroll = 0
        if headerH + contentH + pad > maxH {
            bodyH = max(0, maxH - headerH - pad - lh)   // a line at the foot says what is hidden
            let hidden = contentH - bodyH
            maxScroll = Int((hidden / lh).rounded(.up))
            scrollLines = min(max(0, scroll), maxScroll)
        }
        var height = min(maxH, headerH + bodyH + pad + (maxScroll > 0 ? lh : 0))
        // The corner that covers none of the views hit nor a point of the fingers' paths, then
        // with the fewest points near it (bottom right first).
        func corners(_ h: Double) -> [Point] {
            [Point(x: scene.maxX - margin - width, y: scene.maxY - margin - h), Point(x: scene.maxX - margin - width, y: scene.minY + margin),
             Point(x: scene.minX + margin, y: scene.maxY - margin - h), Point(x: scene.minX + margin, y: scene.minY + margin)]
        }
        let reach = target * u / 2
        func card(_ o: Point, _ h: Double) -> Rect { Rect(x: o.x, y: o.y, width: width, height: h) }
        // A view under every corner leaves the card no room: it is not avoided.
        let roomy = avoidingRects.filter { v in corners(height).contains { !v.intersects(card($0, height)) } }
        /// Views covered (a million each), points covered (a thousand each), points near.
        func count(_ o: Point, _ h: Double) -> Int {
            let r = Rect(x: o.x - reach, y: o.y - reach, width: width + 2 * reach, height: h + 2 * reach)
            let c = card(o, h)
            return roomy.filter { $0.intersects(c) }.count * 1_000_000 + avoiding.filter(c.contains).count * 1_000
                + avoiding.filter(r.contains).count
        }
        func best(_ places: [Point], _ h: Double) -> (Point, Int) {
            var origin = places[0], least = count(origin, h)
            for c in places.dropFirst() where count(c, h) < least { origin = c; least = count(c, h) }
            return (origin, least)
        }
        var (origin, least) = best(corners(height), height)
        // No corner free: a strip of the title band at the top or bottom edge, where it covers
        // least (right, left or middle).
        var collapsed = false
        // A strip's title leaves room for its open button too.
        let stripTitle = title.map { measurer.wrap($0.text, toWidth: max(1, width - 2 * pad - 2 * closeSide), size: tsize, font: .sans) } ?? []
        let stripH = max(closeSide, Double(stripTitle.count) * tlh + 2 * gap)
        if collapse, least >= 1_000 {
            collapsed = true
            height = min(maxH, stripH)
            let middle = scene.midX - width / 2
            let places = corners(height) + [Point(x: middle, y: scene.maxY - margin - height), Point(x: middle, y: scene.minY + margin)]
            origin = best(places, height).0
        }
        let rect = Rect(x: origin.x, y: origin.y, width: width, height: height)
        let header = Rect(x: rect.minX, y: rect.minY, width: width, height: collapsed ? height : headerH)
        let close = Rect(x: rect.maxX - closeSide, y: rect.minY, width: closeSide, height: closeSide)
        let expand = collapsed ? Rect(x: close.minX - closeSide, y: rect.minY, width: closeSide, height: closeSide) : nil
        var lines: [VerdictCardLine] = []
        for (i, t) in (collapsed ? stripTitle : titleLines).enumerated() {
            lines.append(VerdictCardLine(text: t, kind: .title,
                                         origin: Point(x: rect.minX + pad, y: header.minY + gap + (Double(i) + 0.5) * tlh),
                                         size: tsize, font: .sans))
        }
        // The body, shifted by the scroll; only whole lines inside it are shown.
        let bodyTop = header.maxY
        let offset = Double(scrollLines) * lh
        var above = 0, below = 0
        for piece in pieces where !collapsed {
            let top = bodyTop + piece.y - offset
            if top < bodyTop - 0.001 { above += 1; continue }
            if top + lh > bodyTop + bodyH + 0.001 { below += 1; continue }
            lines.append(VerdictCardLine(text: piece.text, kind: piece.kind,
                                         origin: Point(x: rect.minX + pad + piece.x, y: top + lh / 2), size: size, font: .sans))
        }
        var rows: [(Int, Rect)] = []
        for (id, top, bottom) in rowSpans where !collapsed {
            let y0 = max(bodyTop, bodyTop + top - offset), y1 = min(bodyTop + bodyH, bodyTop + bottom - offset)
            if y1 > y0 { rows.append((id, Rect(x: rect.minX, y: y0, width: width, height: y1 - y0))) }
        }
        var fix: Rect?
        if let (top, bottom) = fixSpan, !collapsed {
            let y0 = max(bodyTop, bodyTop + top - offset), y1 = min(bodyTop + bodyH, bodyTop + bottom - offset)
            if y1 > y0 { fix = Rect(x: rect.minX, y: y0, width: width, height: y1 - y0) }
        }
        return VerdictCardLayout(rect: rect, header: header, close: close, lines: lines, rows: rows,
                                 hiddenAbove: above, hiddenBelow: below, maxScroll: collapsed ? 0 : maxScroll, paragraphs: paragraphs,
                                 collapsed: collapsed, expand: expand, fix: fix)
    }

    static func isIndented(_ kind: VerdictCardLineKind) -> Bool {
        kind == .detail || kind == .margin || kind == .wait
    }

    // MARK: Drawing

    static func color(_ kind: VerdictCardLineKind, style: OverlayStyle) -> Color {
        switch kind {
        case .title: style.header
        case .summary: style.dim
        case .heading: style.header
        case .winner: OverlayStyle.color(of: GestureState.recognized)
        case .loser: Color(r: 255, g: 105, b: 97)
        case .detail: style.text
        case .margin: style.selection
        case .wait: style.text
        case .fix: style.accent
        }
    }

    /// Draws the card: a dark rounded panel outlined in the accent, the title band with its
    /// close button, the rows (the selected record's row outlined), and a line at the foot
    /// when the body scrolls.
    public static func draw(_ L: VerdictCardLayout, selected: Int? = nil, style: OverlayStyle,
                            into list: inout DisplayList) {
        guard L.rect.width > 0, L.rect.height > 0 else { return }
        let u = style.scale
        list.roundedRect(L.rect, radius: 8 * u, fill: VerdictCard.fill, stroke: style.accent.fading(0.6),
                         lineWidth: 1.5 * u)
        list.clipped(to: L.rect) { list in
            list.fillRect(L.header, style.sectionBackground)
            for (id, r) in L.rows {
                if id == selected {
                    list.fillRect(r, Color(r: 80, g: 70, b: 20, a: 140))
                    list.strokeRect(r.insetBy(dx: u, dy: u / 2), style.selection, width: u)
                } else {
                    list.line(from: Point(x: r.minX + 6 * u, y: r.maxY), to: Point(x: r.maxX - 6 * u, y: r.maxY), style.grid, width: u)
                }
            }
            // The close button: an × in the middle of its target.
            let c = Point(x: L.close.midX, y: L.close.midY), a = 7 * u
            list.line(from: Point(x: c.x - a, y: c.y - a), to: Point(x: c.x + a, y: c.y + a), style.text, width: 2 * u)
            list.line(from: Point(x: c.x - a, y: c.y + a), to: Point(x: c.x + a, y: c.y - a), style.text, width: 2 * u)
            // A strip's open button: a chevron pointing down (the card unfolds).
            if let e = L.expand {
                let m = Point(x: e.midX, y: e.midY)
                list.line(from: Point(x: m.x - a, y: m.y - a / 2), to: Point(x: m.x, y: m.y + a / 2), style.text, width: 2 * u)
                list.line(from: Point(x: m.x, y: m.y + a / 2), to: Point(x: m.x + a, y: m.y - a / 2), style.text, width: 2 * u)
            }
            // The Fix row: outlined, a button.
            if let f = L.fix { list.strokeRect(f.insetBy(dx: 3 * u, dy: 2 * u), style.accent.fading(0.7), width: u) }
            for line in L.lines {
                list.text(line.text, at: line.origin, size: line.size, color: color(line.kind, style: style), font: line.font,
                          baseline: .middle)
            }
            if L.maxScroll > 0 {
                let size = textSize(style), lh = lineHeight(size)
                let more = [L.hiddenAbove > 0 ? "▲ \(L.hiddenAbove) above" : nil, L.hiddenBelow > 0 ? "▼ \(L.hiddenBelow) below" : nil]
                    .compactMap { $0 }.joined(separator: "  ") + " · drag to scroll"
                list.text(more, at: Point(x: L.rect.minX + 10 * u, y: L.rect.maxY - lh / 2 - 2 * u), size: size * 0.9,
                          color: style.dim, font: .sans, baseline: .middle)
            }
        }
    }
}

// MARK: The card in the window

extension VerdictCard {
    /// The touch sequences the card shows (`gesture(in:)` of the log's verdicts), unless the
    /// card is off or that gesture's card was dismissed (nil: no card).
    public static func shown(log: TraceLog, state: OverlayState) -> [SequenceVerdict]? {
        guard state.isOn(.verdictCard) else { return nil }
        let g = log.latestGesture
        guard let last = g.last, !state.isDismissed(last) else { return nil }
        return g
    }

    /// `shown(log:state:)` for a panel context.
    public static func shown(_ c: PanelContext) -> [SequenceVerdict]? { shown(log: c.log, state: c.state) }

    /// Where the gesture's fingers went on the canvas: where they landed (their hit tests)
    /// and the paths their trails still hold.
    static func landings(_ g: [SequenceVerdict], _ c: PanelContext) -> [Point] {
        let touches = g.flatMap(\.touches)
        let landed = touches.compactMap { c.log.hitTest(forTouch: $0.id) }.map { c.sceneTransform.apply($0.point) }
        let paths = touches.flatMap { t in (c.log.trail(t.id)?.samples ?? []).map { c.sceneTransform.apply($0.location) } }
        return landed + paths
    }

    /// The canvas rectangles of the views the gesture's touches hit, those that leave room
    /// for the card (a view of more than half the scene, such as a backdrop, is left out).
    static func viewsHit(_ g: [SequenceVerdict], _ c: PanelContext) -> [Rect] {
        var out: [Rect] = []
        for id in Set(g.flatMap(\.touches).compactMap { $0.view?.string }) {
            guard let v = c.views[id] else { continue }
            let r = v.convert(v.bounds, to: nil)
            let a = c.sceneTransform.apply(Point(x: r.minX, y: r.minY)), b = c.sceneTransform.apply(Point(x: r.maxX, y: r.maxY))
            let rect = Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
            if rect.width * rect.height <= c.sceneRect.width * c.sceneRect.height / 2 { out.append(rect) }
        }
        return out.sorted { ($0.minX, $0.minY) < ($1.minX, $1.minY) }
    }

    /// The card for `g` as the window lays it out in `c` (over `c.sceneRect`), off the views
    /// its touches hit where a corner allows.
    public static func layout(_ c: PanelContext, _ g: [SequenceVerdict]) -> VerdictCardLayout {
        layout(g, scene: c.sceneRect, avoiding: landings(g, c), avoidingRects: viewsHit(g, c),
               scroll: g.last.map { c.state.verdictScroll(of: $0) } ?? 0,
               whatIf: c.extras.whatIf, collapse: !(g.last.map(c.state.isVerdictOpened) ?? false), style: c.style, measurer: c.measurer)
    }

    /// The trace transition that decided a recognizer's outcome: its transition at `r.at`
    /// into the outcome's state (the last one at that time), else the last one at or before
    /// `r.at`. Nil when the log holds none (an undecided recognizer, a dropped record).
    public static func decision(of r: RecognizerVerdict, in log: TraceLog) -> GestureTransition? {
        let list = log.transitions(of: r.id.string)
        let states: Set<GestureState> = switch r.outcome {
        case .recognized: [.recognized, .ended]
        case .began: [.began, .changed]
        case .failed, .neverBegan: [.failed]
        case .cancelled: [.cancelled]
        case .undecided: []
        }
        guard !states.isEmpty else { return nil }
        let end = TraceLog.upperBound(list, r.at) { $0.t }
        var i = end - 1
        while i >= 0, list[i].t == r.at {
            if states.contains(list[i].to) { return list[i] }
            i -= 1
        }
        return end > 0 ? list[end - 1] : nil
    }

    /// The row (in `rowOrder`) whose decision is the selected record (nil: none of the card's).
    static func selectedRow(_ rows: [RecognizerVerdict], log: TraceLog, state: OverlayState) -> Int? {
        guard let seq = state.selectedRecord else { return nil }
        return rows.firstIndex { decision(of: $0, in: log)?.seq == seq }
    }

    static func draw(_ c: PanelContext, into list: inout DisplayList) {
        guard let g = shown(c), let v = merged(g) else { return }
        draw(layout(c, g), selected: selectedRow(rowOrder(v), log: c.log, state: c.state), style: c.style, into: &list)
    }

    /// Taps: the close button dismisses the card, a strip's open button shows it whole, a
    /// recognizer's row selects its decision, the Fix row tries its setting in the what-if
    /// editor
    /// (`OverlayState.selectDecision`); a touch anywhere else on the card is the scene's, so
    /// the card never takes a touch the scene would have got but on its own buttons. A drag
    /// from a row scrolls a card taller than the scene.
    public static let interaction = PanelInteraction(
        hit: { c, at in
            guard let g = shown(c) else { return nil }
            let L = layout(c, g)
            guard L.rect.contains(at.point) else { return nil }
            if L.close.contains(at.point) { return .item(.verdictCard, "close") }
            if L.expand?.contains(at.point) == true { return .item(.verdictCard, "open") }
            if let row = L.rows.first(where: { $0.rect.contains(at.point) }) { return .item(.verdictCard, "row \(row.row)") }
            if L.fix?.contains(at.point) == true { return .item(.verdictCard, "fix") }
            return nil
        },
        tap: { hit, c, state in
            guard case let .item(.verdictCard, what) = hit, let g = shown(c), let v = merged(g), let last = g.last else { return }
            if what == "close" { state.dismissVerdict(last); return }
            if what == "open" { state.openVerdict(last); return }
            if what == "fix" {
                // The fix tried in the what-if editor: the input plays again with it.
                guard let e = c.extras.whatIf?.fix?.edit else { return }
                state.whatIf.set(e.id, e.key, to: e.value, original: e.original)
                state.whatIf.editing = true
                return
            }
            let rows = rowOrder(v)
            guard what.hasPrefix("row "), let i = Int(what.dropFirst(4)), rows.indices.contains(i) else { return }
            state.selectDecision(of: rows[i], in: v, log: c.log, now: c.now)
        },
        drag: { step, c, _, state in
            guard step.isDrag, let g = shown(c), let last = g.last else { return false }
            let L = layout(c, g)
            let lines = Int((-(step.point.y - step.start.y) / lineHeight(textSize(c.style))).rounded())
            state.setVerdictScroll(min(L.maxScroll, max(0, step.startState.verdictScroll(of: last) + lines)), of: last)
            return false
        },
        area: { c, _ in shown(c).map { layout(c, $0).rect } })
}

extension OverlayState {
    /// A sequence's key in `panelValues`: its start in microseconds, plus one (never 0, the
    /// value of a key never set). A card is known by its newest sequence.
    static func verdictKey(_ v: SequenceVerdict) -> Int { Int((v.start * 1_000_000).rounded()) + 1 }

    /// Dismisses the card whose newest sequence is `v` (the close button): the next card shows.
    public mutating func dismissVerdict(_ v: SequenceVerdict) { self[.verdictCard, "dismissed"] = Self.verdictKey(v) }
    /// Whether the card whose newest sequence is `v` was dismissed.
    public func isDismissed(_ v: SequenceVerdict) -> Bool { self[.verdictCard, "dismissed"] == Self.verdictKey(v) }

    /// Opens the card whose newest sequence is `v` when it was collapsed to a strip (its open
    /// button): shown whole, in the corner that covers least.
    public mutating func openVerdict(_ v: SequenceVerdict) { self[.verdictCard, "opened"] = Self.verdictKey(v) }
    /// Whether the card whose newest sequence is `v` was opened from its strip.
    public func isVerdictOpened(_ v: SequenceVerdict) -> Bool { self[.verdictCard, "opened"] == Self.verdictKey(v) }

    /// How many lines the card whose newest sequence is `v` is scrolled down (0 until scrolled).
    public func verdictScroll(of v: SequenceVerdict) -> Int {
        self[.verdictCard, "scrollOf"] == Self.verdictKey(v) ? self[.verdictCard, "scroll"] : 0
    }
    public mutating func setVerdictScroll(_ lines: Int, of v: SequenceVerdict) {
        self[.verdictCard, "scrollOf"] = Self.verdictKey(v)
        self[.verdictCard, "scroll"] = lines
    }

    /// Selects the record of `r`'s deciding transition, as a tap on it in the timeline does
    /// (its lane, its time, the record in the detail box), and frames the gesture `v` on the
    /// timeline: paused, from a little before its start to a little after its last decision.
    public mutating func selectDecision(of r: RecognizerVerdict, in v: SequenceVerdict, log: TraceLog, now: Double) {
        guard let tr = VerdictCard.decision(of: r, in: log) else { return }
        selectedLane = .recognizer(r.id.string)
        selectedTime = tr.t
        selectedRecord = tr.seq
        let last = ([v.end ?? now, tr.t] + v.recognizers.filter { $0.outcome != .undecided }.map(\.at)).max() ?? now
        let pad = max(0.05, (last - v.start) * 0.1)
        if spanBeforeFraming == nil { spanBeforeFraming = timelineSpan }
        followLive = false
        timelineEnd = min(now, last + pad)
        timelineSpan = min(Self.maxSpan, max(Self.minSpan, timelineEnd - (v.start - pad)))
    }

    /// Steps the selection through the card's rows (the V key; `step` −1: back), selecting
    /// each one's decision as a tap on it does. Nothing without a card.
    public mutating func stepVerdictRow(step: Int, log: TraceLog, now: Double) {
        guard let g = VerdictCard.shown(log: log, state: self), let v = VerdictCard.merged(g) else { return }
        let rows = VerdictCard.rowOrder(v)
        guard !rows.isEmpty else { return }
        let current = VerdictCard.selectedRow(rows, log: log, state: self)
        let i = current.map { (($0 + step) % rows.count + rows.count) % rows.count } ?? (step > 0 ? 0 : rows.count - 1)
        selectDecision(of: rows[i], in: v, log: log, now: now)
    }
}
