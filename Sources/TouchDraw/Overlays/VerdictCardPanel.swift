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
// sequence's card. The verdicts come from the trace log (`TraceLog.latestGesture`: sequences
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
}

public enum VerdictCard {
    // MARK: What it says

    /// The card's paragraphs for a gesture (`gesture`: one touch sequence, or the few that
    /// share recognizers' attempts, oldest first): the title (who won), when and how many
    /// touches, the views hit, one row per recognizer's attempt (winners first, in the order
    /// they analysed the touches; each with its rule, numbers, margin in words and reason),
    /// then the chain of waits.
    public static func paragraphs(for gesture: [SequenceVerdict]) -> [VerdictCardParagraph] {
        guard let v = merged(gesture) else { return [] }
        var out: [VerdictCardParagraph] = []
        let winners = unique(v.winners).map(\.string)
        out.append(.init(winners.isEmpty ? "nothing won" : list(winners) + " won", .title))
        let touches = v.touches.count == 1 ? "1 touch" : "\(v.touches.count) touches"
        let span = v.end.map { " → \(TraceFormat.fixed($0)) s (\(TraceFormat.fixed($0 - v.start)) s)" } ?? ", under way"
        let what = gesture.count == 1 ? "touch sequence" : "\(gesture.count) touch sequences"
        out.append(.init("\(what) \(TraceFormat.fixed(v.start))\(span), \(touches)", .summary))
        out.append(.init("views hit: " + viewsHit(v.touches), .summary))
        let rows = rowOrder(v)
        if rows.isEmpty { out.append(.init("no recognizer analysed these touches", .detail)) }
        for (i, r) in rows.enumerated() { out += row(r, index: i) }
        let waits = rows.flatMap { r in r.waits.map { (r.id, $0) } }
        if !waits.isEmpty {
            out.append(.init("waits", .heading))
            for (id, w) in waits { out.append(.init(waitText(id, w), .wait)) }
        }
        return out
    }

    /// What the window's what-if run changed for the gesture's sequences, in words: a heading
    /// naming the settings, then per sequence its winners before → after ("doubleTap would
    /// win instead of singleTap") or that they stay (nothing while no setting is changed).
    public static func whatIfParagraphs(_ gesture: [SequenceVerdict], _ w: WhatIfShown?) -> [VerdictCardParagraph] {
        guard let w else { return [] }
        var out: [VerdictCardParagraph] = []
        if let sweep = w.sweep {
            let mine = sweep.sequences.filter { s in gesture.contains { abs($0.start - s.start) < 1e-6 } }
            if sweep.running || sweep.failure != nil || !mine.isEmpty {
                out.append(.init("report rates " + sweep.rates.map(String.init).joined(separator: ", ") + " Hz", .heading))
            }
            if sweep.running { out.append(.init("replaying at each rate …", .detail)) }
            if let f = sweep.failure { out.append(.init("could not replay: \(f)", .detail)) }
            for s in mine {
                let at = gesture.count > 1 ? "at \(TraceFormat.fixed(s.start)) s: " : ""
                out.append(.init(at + sweep.words(s), s.stable ? .detail : .margin))
            }
        }
        guard !w.settings.isEmpty else { return out }
        out.append(.init("what if " + w.settings.joined(separator: ", "), .heading))
        switch w.status {
        case .running: out.append(.init("playing the input again …", .detail))
        case .failed(let m): out.append(.init("could not play it again: \(m)", .detail))
        case .ready:
            for s in gesture {
                let at = gesture.count > 1 ? "at \(TraceFormat.fixed(s.start)) s: " : ""
                if let c = w.changes.first(where: { abs($0.start - s.start) < 1e-6 }) {
                    out.append(.init(at + WhatIfShown.winnerWords(c), .margin))
                } else {
                    let winners = unique(s.winners).map(\.string)
                    out.append(.init(at + "the same winners: " + (winners.isEmpty ? "nothing" : list(winners)), .detail))
                }
            }
        }
        return out
    }

    /// The card's text with what the what-if run changed.
    public static func text(for gesture: [SequenceVerdict], whatIf: WhatIfShown?) -> String {
        (paragraphs(for: gesture) + whatIfParagraphs(gesture, whatIf)).map(\.text).joined(separator: "\n")
    }

    /// The paragraphs for one touch sequence.
    public static func paragraphs(for v: SequenceVerdict) -> [VerdictCardParagraph] { paragraphs(for: [v]) }

    /// The card as text, one paragraph a line (what `TOUCHSCOPE_TEST_FINGERS`'s card log gets).
    public static func text(for gesture: [SequenceVerdict]) -> String {
        paragraphs(for: gesture).map(\.text).joined(separator: "\n")
    }

    /// The card's rows in the order it shows them: the winners' attempts, then the others'.
    public static func rowOrder(_ v: SequenceVerdict) -> [RecognizerVerdict] { v.recognizers.filter(\.won) + v.losers }

    // MARK: One card, one gesture

    /// The touch sequences one card shows, oldest first: the newest settled sequence of
    /// `sequences` (a `VerdictBuilder`'s, in the order they started) and the settled ones
    /// just before it that it is linked to: they share a recognizer's attempt (a double tap's
    /// two taps are two sequences and one attempt), or the later one's landing was a
    /// too-slow multi-tap's late tap (its margin is measured to it). Empty when none settled.
    public static func gesture(in sequences: [SequenceVerdict]) -> [SequenceVerdict] {
        guard var i = sequences.lastIndex(where: \.settled) else { return [] }
        var out = [sequences[i]]
        while i > 0, sequences[i - 1].settled, linked(sequences[i - 1], sequences[i]) {
            i -= 1
            out.insert(sequences[i], at: 0)
        }
        return out
    }

    /// Whether `a` and the next sequence `b` belong to one gesture (see `gesture(in:)`).
    static func linked(_ a: SequenceVerdict, _ b: SequenceVerdict) -> Bool {
        for r in a.recognizers {
            if b.recognizers.contains(where: { sameAttempt($0, r) }) { return true }
            // A too-slow tap's failure measured to a landing of `b` (the wait began at at − limit).
            if let d = r.decision, d.rule == .tapInterval, let m = d.measured, let l = d.limit {
                let tap = r.at - l + m
                if tap >= b.start - 1e-9, tap <= (b.end ?? .infinity) + 1e-9 { return true }
            }
        }
        return false
    }

    /// Whether two recognizer verdicts are one attempt (the builder copies an attempt's verdict
    /// into every sequence it belongs to).
    static func sameAttempt(_ a: RecognizerVerdict, _ b: RecognizerVerdict) -> Bool {
        a.id == b.id && a.at == b.at && a.outcome == b.outcome
    }

    /// One verdict for a gesture's sequences: from the first start to the last end, every
    /// touch, every attempt once (in order), settled when the last is. Nil for none.
    public static func merged(_ gesture: [SequenceVerdict]) -> SequenceVerdict? {
        guard var v = gesture.first else { return nil }
        for s in gesture.dropFirst() {
            v.end = s.end
            v.touches += s.touches
            for r in s.recognizers where !v.recognizers.contains(where: { sameAttempt($0, r) }) { v.recognizers.append(r) }
            v.settled = s.settled
            v.settledAt = s.settledAt
        }
        return v
    }

    static func unique(_ names: [TraceName]) -> [TraceName] {
        var out: [TraceName] = []
        for n in names where !out.contains(n) { out.append(n) }
        return out
    }

    static func list(_ names: [String]) -> String {
        names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    }

    /// "pad (touches 1, 2), nothing (touch 3)": each view once, in landing order.
    static func viewsHit(_ touches: [VerdictTouch]) -> String {
        guard !touches.isEmpty else { return "none" }
        var order: [TraceName?] = []
        var ids: [TraceName?: [Int]] = [:]
        for t in touches {
            if ids[t.view] == nil { order.append(t.view) }
            ids[t.view, default: []].append(t.id)
        }
        return order.map { v in
            let n = ids[v] ?? []
            let name = v.map(\.string) ?? "nothing"
            return "\(name) (touch\(n.count == 1 ? "" : "es") \(n.map(String.init).joined(separator: ", ")))"
        }.joined(separator: ", ")
    }

    /// One recognizer's row (row `index`): what happened and when, then its rule, numbers,
    /// margin and reason.
    static func row(_ r: RecognizerVerdict, index: Int) -> [VerdictCardParagraph] {
        let outcome: String = switch r.outcome {
        case .recognized: "recognized"
        case .began: "began"
        case .failed: "failed"
        case .cancelled: "was cancelled"
        case .neverBegan: "never began"
        case .undecided: "undecided"
        }
        let at = r.outcome == .undecided ? "" : " at \(TraceFormat.fixed(r.at)) s"
        let view = r.view.isEmpty ? "" : ", on \(r.view.string)"
        var out = [VerdictCardParagraph("\(r.won ? "✓" : "✗") \(r.id.string) \(outcome)\(at)\(view)", r.won ? .winner : .loser,
                                        row: index)]
        if let d = r.decision {
            var rule = d.rule.rawValue
            if !d.by.isEmpty { rule += ", by " + list(d.by.map(\.string)) }
            if let numbers = numbers(d) { rule += ": " + numbers }
            out.append(.init(rule, .detail, row: index))
            // How close it came to the other outcome: for those that did not win.
            if !r.won, let margin = d.marginText { out.append(.init(margin, .margin, row: index)) }
        }
        if !r.reason.isEmpty { out.append(.init("reason: " + r.reason, .detail, row: index)) }
        return out
    }

    /// "0.45 s, limit 0.3 s" / "limit 0.3 s" / "2 touches, limit 1": the numbers that decided.
    static func numbers(_ d: GestureDecision) -> String? {
        let unit = d.unit.map { $0 == .deg ? "°" : $0 == .touches ? "" : " " + $0.rawValue } ?? ""
        func q(_ x: Double) -> String { TraceFormat.short(x, 2) + unit }
        switch (d.measured, d.limit) {
        case let (m?, l?): return "\(q(m)), limit \(q(l))"
        case let (m?, nil): return "measured \(q(m))"
        case let (nil, l?): return "limit \(q(l))"
        case (nil, nil): return nil
        }
    }

    /// "singleTap waited 0.152 s for doubleTap (1.200 → 1.352 s)".
    static func waitText(_ id: TraceName, _ w: VerdictWait) -> String {
        let whom = list(w.waitedFor.map(\.string))
        guard let until = w.until, let d = w.duration else {
            return "\(id.string) waiting for \(whom) since \(TraceFormat.fixed(w.from)) s"
        }
        return "\(id.string) waited \(TraceFormat.fixed(d)) s for \(whom) (\(TraceFormat.fixed(w.from)) → \(TraceFormat.fixed(until)) s)"
    }

    // MARK: Where it goes

    /// The card's text size: a little larger than the panels', it is read first.
    static func textSize(_ style: OverlayStyle) -> Double { style.fontSize * 1.15 }
    static func titleSize(_ style: OverlayStyle) -> Double { style.headerSize * 1.25 }
    static func lineHeight(_ size: Double) -> Double { (size * 1.35).rounded(.up) }
    /// The least size of a touch target, in units (as the toolbar's buttons).
    public static let target = 44.0
    /// The widest the card gets, in units.
    public static let maxWidth = 480.0

    /// The card for a gesture (`paragraphs(for:)`) in `scene` (canvas pixels): in the corner
    /// of the scene with the fewest of `avoiding` (where the fingers landed, canvas pixels),
    /// bottom right on a tie; as wide as its text needs up to `maxWidth` units and the scene's
    /// width; as tall as every line wrapped, up to the scene's height, past which the body
    /// scrolls (`scroll` lines down, kept in range).
    public static func layout(_ gesture: [SequenceVerdict], scene: Rect, avoiding: [Point] = [], scroll: Int = 0,
                              whatIf: WhatIfShown? = nil, style: OverlayStyle, measurer: TextMeasurer) -> VerdictCardLayout {
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
        let height = min(maxH, headerH + bodyH + pad + (maxScroll > 0 ? lh : 0))
        // The corner with the fewest fingers under it (bottom right first).
        let corners = [Point(x: scene.maxX - margin - width, y: scene.maxY - margin - height),
                       Point(x: scene.maxX - margin - width, y: scene.minY + margin),
                       Point(x: scene.minX + margin, y: scene.maxY - margin - height),
                       Point(x: scene.minX + margin, y: scene.minY + margin)]
        let reach = target * u / 2
        func count(_ o: Point) -> Int {
            let r = Rect(x: o.x - reach, y: o.y - reach, width: width + 2 * reach, height: height + 2 * reach)
            return avoiding.filter(r.contains).count
        }
        var origin = corners[0]
        var least = count(origin)
        for c in corners.dropFirst() where count(c) < least { origin = c; least = count(c) }
        let rect = Rect(x: origin.x, y: origin.y, width: width, height: height)
        let header = Rect(x: rect.minX, y: rect.minY, width: width, height: headerH)
        let close = Rect(x: rect.maxX - closeSide, y: rect.minY, width: closeSide, height: closeSide)
        var lines: [VerdictCardLine] = []
        for (i, t) in titleLines.enumerated() {
            lines.append(VerdictCardLine(text: t, kind: .title,
                                         origin: Point(x: rect.minX + pad, y: header.minY + gap + (Double(i) + 0.5) * tlh),
                                         size: tsize, font: .sans))
        }
        // The body, shifted by the scroll; only whole lines inside it are shown.
        let bodyTop = header.maxY
        let offset = Double(scrollLines) * lh
        var above = 0, below = 0
        for piece in pieces {
            let top = bodyTop + piece.y - offset
            if top < bodyTop - 0.001 { above += 1; continue }
            if top + lh > bodyTop + bodyH + 0.001 { below += 1; continue }
            lines.append(VerdictCardLine(text: piece.text, kind: piece.kind,
                                         origin: Point(x: rect.minX + pad + piece.x, y: top + lh / 2), size: size, font: .sans))
        }
        var rows: [(Int, Rect)] = []
        for (id, top, bottom) in rowSpans {
            let y0 = max(bodyTop, bodyTop + top - offset), y1 = min(bodyTop + bodyH, bodyTop + bottom - offset)
            if y1 > y0 { rows.append((id, Rect(x: rect.minX, y: y0, width: width, height: y1 - y0))) }
        }
        return VerdictCardLayout(rect: rect, header: header, close: close, lines: lines, rows: rows,
                                 hiddenAbove: above, hiddenBelow: below, maxScroll: maxScroll, paragraphs: paragraphs)
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
        }
    }

    /// Draws the card: a dark rounded panel outlined in the accent, the title band with its
    /// close button, the rows (the selected record's row outlined), and a line at the foot
    /// when the body scrolls.
    public static func draw(_ L: VerdictCardLayout, selected: Int? = nil, style: OverlayStyle,
                            into list: inout DisplayList) {
        guard L.rect.width > 0, L.rect.height > 0 else { return }
        let u = style.scale
        list.roundedRect(L.rect, radius: 8 * u, fill: Color(r: 24, g: 27, b: 36, a: 246), stroke: style.accent.fading(0.6),
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

    /// Where the gesture's fingers landed on the canvas (from their hit tests).
    static func landings(_ g: [SequenceVerdict], _ c: PanelContext) -> [Point] {
        g.flatMap(\.touches).compactMap { c.log.hitTest(forTouch: $0.id) }.map { c.sceneTransform.apply($0.point) }
    }

    /// The card for `g` as the window lays it out in `c` (over `c.sceneRect`).
    public static func layout(_ c: PanelContext, _ g: [SequenceVerdict]) -> VerdictCardLayout {
        layout(g, scene: c.sceneRect, avoiding: landings(g, c), scroll: g.last.map { c.state.verdictScroll(of: $0) } ?? 0,
               whatIf: c.extras.whatIf, style: c.style, measurer: c.measurer)
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

    /// Taps: the close button dismisses the card, a recognizer's row selects its decision
    /// (`OverlayState.selectDecision`), anywhere else on the card does nothing (and never
    /// reaches the scene); a drag scrolls a card taller than the scene.
    public static let interaction = PanelInteraction(
        hit: { c, at in
            guard let g = shown(c) else { return nil }
            let L = layout(c, g)
            guard L.rect.contains(at.point) else { return nil }
            if L.close.contains(at.point) { return .item(.verdictCard, "close") }
            if let row = L.rows.first(where: { $0.rect.contains(at.point) }) { return .item(.verdictCard, "row \(row.row)") }
            return .panel(.verdictCard)
        },
        tap: { hit, c, state in
            guard case let .item(.verdictCard, what) = hit, let g = shown(c), let v = merged(g), let last = g.last else { return }
            if what == "close" { state.dismissVerdict(last); return }
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
