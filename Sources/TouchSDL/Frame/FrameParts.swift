// FrameParts: a frame drawn in parts, each repainted only when its picture changed. When each
// part is drawn is the frame schedule's (`FrameSchedule`): the toolbar before the loop reads
// input again, the scene from the newest input, the panels aside after the present.
//
//     func frameParts(layout: HostLayout) -> [FramePart]? {
//         [FramePart(name: "panels", rect: layout.sidePanel!, moment: .aside),
//          FramePart(name: "scene", rect: layout.sceneArea, moment: .afterInput)]
//     }
//     func draw(_ part: FramePart, into list: inout DisplayList, layout: HostLayout) { … }
import TouchCore
import TouchDraw

/// One part of the window a client draws by itself (`HostClient.frameParts`).
///
/// A part whose display list is the one painted there last time is not painted again (the
/// window's surface still holds it); a part whose list starts with the same commands as last
/// time gets those from a saved copy of its pixels (`SDLPainter`'s layer), so a scene where
/// only a transform changes repaints from the first view that moved.
public struct FramePart: Sendable, Hashable {
    /// When in the frame the part is drawn (`FrameSchedule` states the whole schedule).
    public enum Moment: Sendable, Hashable {
        /// Before the loop reads the input that came while the frame began (the toolbar).
        case beforeInput
        /// From the newest input, just before the present (the scene, the touches over it).
        case afterInput
        /// After the present, painted off to the side a slice at a time and copied in whole
        /// (a panel whose drawing costs more than what one frame of it shows). While input
        /// streams it may be drawn every other frame only. Never the scene, never what
        /// follows the fingers.
        case aside
    }

    /// Names the part: the painter keeps what it painted under this name.
    public var name: String
    /// Where it goes, in canvas pixels. Its commands are clipped to it; parts never overlap.
    public var rect: Rect
    public var moment: Moment

    public init(name: String, rect: Rect, moment: Moment) {
        self.name = name; self.rect = rect; self.moment = moment
    }

    /// Whether no two of `parts` overlap, each has an area, and their names are distinct: the
    /// host draws a frame in parts only then.
    public static func areDisjoint(_ parts: [FramePart]) -> Bool {
        for (i, p) in parts.enumerated() {
            guard p.rect.width > 0, p.rect.height > 0 else { return false }
            for q in parts[(i + 1)...] {
                if q.name == p.name { return false }
                let overlapW = min(p.rect.maxX, q.rect.maxX) - max(p.rect.minX, q.rect.minX)
                let overlapH = min(p.rect.maxY, q.rect.maxY) - max(p.rect.minY, q.rect.minY)
                if overlapW > 0 && overlapH > 0 { return false }
            }
        }
        return true
    }
}
