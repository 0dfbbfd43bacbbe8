// FrameState: what a frame shows besides the scene (the debugging panels), fed by the trace.
import TouchScene
import TouchDraw
import TouchSDL

/// Holds the trace as the panels see it and draws a frame: the scene, then the panels.
/// Shared by the live window and headless screenshots, so both show the same thing.
final class FrameState {
    /// Whether the debugging panels are drawn (`--no-overlays` turns them off).
    var overlays: Bool
    /// A one-line message shown over the scene (a broken scene edit, recording on).
    var banner: String?
    private(set) var records: [TraceRecord] = []

    init(overlays: Bool) { self.overlays = overlays }

    func note(_ r: TraceRecord) {
        records.append(r)
        if records.count > 20_000 { records.removeFirst(records.count - 10_000) }
    }

    func draw(_ session: SceneSession, into list: inout DisplayList, layout: HostLayout) {
        SceneRenderer().draw(session.app.window, into: &list, toCanvas: layout.sceneTransform)
        if let banner {
            let r = layout.sceneRect
            list.fillRect(Rect(x: r.minX, y: r.minY, width: r.width, height: 28), Color(r: 150, g: 30, b: 30, a: 230))
            list.text(banner, at: Point(x: r.minX + 8, y: r.minY + 14), size: 13, color: .white,
                      baseline: .middle, maxWidth: r.width - 16)
        }
    }
}
