// SelectionDetail: the selected trace record (an event-log line or a timeline transition) in
// full — what happened, the reason and every output, wrapped over as many lines as it needs
// instead of cut with "…". Drawn in a box at the bottom of the event log (over the timeline
// when the event log is off). Its foot is a row of finger-sized buttons: ▲ older and ▼ newer
// select the neighbouring event-log line (a finger picks a 14-unit line roughly, then adjusts
// here), × closes the box, as does a tap elsewhere on it.
//
//     let paragraphs = SelectionDetail.paragraphs(for: record, seq: 12)
//     // ["#12  0.412 s  gesture", "doubleTap on photo: possible → recognized",
//     //  "reason: recognized: 2 taps of 1 finger", "location (120, 80)"]

public enum SelectionDetail {
    /// The record's text before wrapping: a heading (sequence number, time, kind), what
    /// happened, the reason, then one paragraph per output.
    public static func paragraphs(for r: TraceRecord, seq: Int) -> [String] {
        ["#\(seq)  \(TraceFormat.fixed(r.t)) s  \(r.kind)"] + TraceFormat.detail(r.body)
    }

    /// The lines the box shows for the record `seq` of `log` in a box `width` wide (nil
    /// when the record is no longer in the log): every paragraph wrapped to the text width.
    /// The heading says when the record is from: its time, and "earlier" once a newer
    /// decision is in the log (it no longer says what happened last).
    /// With a device recording's `raw` contacts, a touch the record names gets its slot and
    /// tracking id (`touch 3: slot 0 id 7`).
    public static func lines(seq: Int, log: TraceLog, width: Double, style: OverlayStyle, measurer: TextMeasurer,
                             raw: [Int: RawContact] = [:]) -> [String]? {
        guard let r = log.record(seq) else { return nil }
        let w = max(1, width - 2 * style.padding)
        var p = paragraphs(for: r, seq: seq)
        if let note = RawTouches.annotation(r.body, contacts: raw) { p.insert("device: " + note, at: min(2, p.count)) }
        if let newest = log.latestDecision?.seq, newest > seq { p[0] += "  · earlier" }
        return p.flatMap { measurer.wrap($0, toWidth: w, size: style.fontSize, font: .mono) }
    }

    /// The box's height for `lines`, padding and the button row included.
    public static func height(lines: Int, style: OverlayStyle) -> Double {
        Double(lines) * style.lineHeight + style.padding + buttonHeight(style)
    }

    /// The button row's height: a touch target (44 units).
    public static func buttonHeight(_ style: OverlayStyle) -> Double { 44 * style.scale }

    /// The buttons at the box's foot, left to right: "older" (▲, the event-log line before
    /// the selected one), "newer" (▼, the line after it) and "close" (×), each a third of
    /// the width and `buttonHeight` tall (less when the box is squeezed).
    public static func buttons(in rect: Rect, style: OverlayStyle) -> [(name: String, label: String, rect: Rect)] {
        let h = min(buttonHeight(style), rect.height)
        let w = rect.width / 3
        return [("older", "▲ older"), ("newer", "▼ newer"), ("close", "× close")].enumerated().map { i, b in
            (b.0, b.1, Rect(x: rect.minX + Double(i) * w, y: rect.maxY - h, width: w, height: h))
        }
    }

    /// Where the box goes: `width` wide, as tall as `lines` need, its bottom at `bottom`, and
    /// never above `top` (the text then runs out at the box's foot; only a window too small
    /// to show the panels at all gets there).
    public static func box(lines: Int, left: Double, width: Double, bottom: Double, top: Double, style: OverlayStyle) -> Rect {
        let h = min(height(lines: lines, style: style), max(0, bottom - top))
        return Rect(x: left, y: bottom - h, width: width, height: h)
    }

    /// Draws the box: a panel-coloured background outlined in the selection colour, the
    /// heading bright, the rest in the text colour.
    public static func draw(_ lines: [String], in rect: Rect, style: OverlayStyle, into list: inout DisplayList) {
        guard rect.width > 0, rect.height > 0 else { return }
        list.clipped(to: rect) { list in
            list.fillRect(rect, Color(r: 40, g: 36, b: 16, a: 250))
            list.strokeRect(rect.insetBy(dx: style.scale / 2, dy: style.scale / 2), style.selection, width: style.scale)
            let buttons = buttons(in: rect, style: style)
            for b in buttons {
                let r = b.rect.insetBy(dx: 2 * style.scale, dy: 3 * style.scale)
                list.fillRect(r, style.sectionBackground)
                list.strokeRect(r, style.selection.fading(0.6), width: style.scale)
                list.text(b.label, at: Point(x: r.midX, y: r.midY), size: style.fontSize, color: style.text, font: .mono,
                          alignment: .center, baseline: .middle, maxWidth: r.width)
            }
            var y = rect.minY + style.padding / 2
            let textBottom = (buttons.first?.rect.minY ?? rect.maxY)
            for (i, line) in lines.enumerated() where y + style.lineHeight <= textBottom + 0.5 {
                list.text(line, at: Point(x: rect.minX + style.padding, y: y + style.lineHeight / 2), size: style.fontSize,
                          color: i == 0 ? style.selection : style.text, font: .mono, baseline: .middle,
                          maxWidth: rect.width - 2 * style.padding)
                y += style.lineHeight
            }
        }
    }
}
