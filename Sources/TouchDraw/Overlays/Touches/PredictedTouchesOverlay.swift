// PredictedTouchesOverlay: the path prediction puts ahead of each finger down (Event.predictedTouches).

/// Draws, for each finger down, its latest predicted touches as a thin line from the finger
/// through each predicted point, a small ring at each: what a drawing app would paint ahead
/// of the finger to hide latency (the trace's `coalesced-touches` records, `TraceLog.predictedPath`).
/// Part of the touches overlay: F3 shows and hides both.
public enum PredictedTouchesOverlay {
    /// Draws the predicted paths over the scene (`sceneTransform`: scene points to canvas).
    public static func draw(log: TraceLog, sceneTransform m: AffineTransform, sceneRect: Rect, style: OverlayStyle,
                            into list: inout DisplayList) {
        let u = style.scale
        list.clipped(to: sceneRect) { list in
            for tr in log.activeTrails {
                let path = log.predictedPath(tr.id)
                guard !path.isEmpty else { continue }
                let colour = TouchesOverlay.color(for: tr.id).fading(0.8)
                let pts = [m.apply(tr.location)] + path.map { m.apply($0) }
                list.polyline(pts, colour, width: 1.5 * u)
                for p in pts.dropFirst() { list.strokeCircle(center: p, radius: 3 * u, colour, width: u) }
            }
        }
    }
}
