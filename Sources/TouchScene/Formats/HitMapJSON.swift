// HitMap as JSON (`touchscope hitmap --json`); the map itself is TouchCore's.

import TouchCore

/// The hit map as `touchscope hitmap --json` writes it.
extension HitMap {
    /// One JSON object on one line: `{"window": {"width", "height"}, "step", "rows":
    /// [[viewId|null, ...], ...], "recognizers": {viewId: [...]}, "marks": [{"view", "why",
    /// "rect": [x, y, w, h]}]}`.
    public var json: String {
        var b: [UInt8] = []
        func s(_ t: String) { b += Array(t.utf8) }
        func q(_ t: String) { JSONOut.string(t, into: &b) }
        func n(_ v: Double) { JSONOut.number(JSONOut.tidy(v), into: &b) }
        s("{\"window\":{\"width\":"); n(window.width); s(",\"height\":"); n(window.height); s("},\"step\":"); n(step)
        s(",\"rows\":[")
        for (i, row) in rows.enumerated() {
            if i > 0 { s(",") }
            s("[")
            for (k, id) in row.enumerated() {
                if k > 0 { s(",") }
                if let id { q(id) } else { s("null") }
            }
            s("]")
        }
        s("],\"recognizers\":{")
        for (i, id) in recognizers.keys.sorted().enumerated() {
            if i > 0 { s(",") }
            q(id); s(":[")
            for (k, r) in (recognizers[id] ?? []).enumerated() { if k > 0 { s(",") }; q(r) }
            s("]")
        }
        s("},\"marks\":[")
        for (i, m) in marks.enumerated() {
            if i > 0 { s(",") }
            s("{\"view\":"); q(m.view); s(",\"why\":"); q(m.why); s(",\"rect\":[")
            n(m.rect.minX); s(","); n(m.rect.minY); s(","); n(m.rect.width); s(","); n(m.rect.height); s("]}")
        }
        s("]}")
        return String(decoding: b, as: UTF8.self)
    }

}
