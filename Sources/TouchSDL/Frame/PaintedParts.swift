// PaintedParts: what the painter last painted in each part of a frame (`FramePart`), so a
// part whose picture did not change is not painted again, and the unchanged start of a part
// (the static views under one that moves) is restored from a saved copy of its pixels.
//
// Only where the painter writes into a surface it keeps (SDL's software renderer and the
// window's own surface, `paint(_:directTarget:)`): an accelerated renderer's back buffer is
// not kept from one present to the next, so there every frame is painted whole.
import CSDL2
import TouchCore
import TouchDraw

/// What the painter keeps of the parts it painted.
struct PaintedParts {
    struct Part {
        /// The part's pixels (its rect, out to whole pixels) and the commands painted in it.
        var clip: SDL_Rect
        var commands: [DrawCommand]
        var layer: Layer?
    }

    /// The pixels of a part after its first `count` commands, and the clips those left in
    /// force (inside the part's own).
    struct Layer {
        var count: Int
        var pixels: [UInt32]
        var clips: [SDL_Rect]
    }

    /// The surface the parts were painted into, its size and row length, and the parts'
    /// layout (names and rects): a change of either forgets every part.
    var surface: (pixels: UnsafeMutableRawPointer, width: Int32, height: Int32, pitch: Int32)?
    var layout: [FramePart] = []
    var parts: [String: Part] = [:]
}

extension SDLPainter {
    /// Whether frames can be painted in parts into `surface`: the painter fills spans (SDL's
    /// software renderer) and the surface is one it can write (32-bit ARGB or XRGB).
    public func canPaintParts(into surface: UnsafeMutablePointer<SDL_Surface>?) -> Bool {
        usesSpans && surface.flatMap(DirectTarget.init) != nil
    }

    /// Starts a frame in `parts` (disjoint: `FramePart.areDisjoint`) on `surface`. When the
    /// surface or the parts' layout changed since the last frame, the whole surface is
    /// cleared to `background` and every part forgotten (all are painted this frame); returns
    /// whether that happened.
    @discardableResult
    public func beginParts(_ parts: [FramePart], surface: UnsafeMutablePointer<SDL_Surface>, background: Color) -> Bool {
        let s = surface.pointee
        guard let pixels = s.pixels, let d = DirectTarget(surface) else { forgetParts(); return true }
        let layout = parts.map { FramePart(name: $0.name, rect: $0.rect, moment: .afterInput) }
        if let old = painted.surface, old.pixels == pixels, old.width == s.w, old.height == s.h, old.pitch == s.pitch,
           painted.layout == layout {
            return false
        }
        painted = PaintedParts(surface: (pixels, s.w, s.h, s.pitch), layout: layout, parts: [:])
        d.clear(background)
        return true
    }

    /// Whether `part` holds what was last painted in it this way (it may then be left as it is).
    public func holds(_ part: FramePart) -> Bool {
        painted.parts[part.name].map { Self.same($0.clip, Self.partClip(part.rect)) } ?? false
    }

    /// Forgets every part: the next frame in parts clears the surface and paints them all.
    public func forgetParts() { painted = PaintedParts() }

    /// Whether `part` shows `list` already (painted there last time): it is then left as it
    /// is, and counted as kept.
    func shows(_ part: FramePart, _ list: DisplayList) -> Bool {
        guard holds(part), painted.parts[part.name]?.commands == list.commands else { return false }
        partStats.kept[part.name, default: 0] += 1
        return true
    }

    /// Records that `part` now holds `commands`, painted elsewhere and copied into its `clip`
    /// (the panels painted aside).
    func adoptPart(_ part: FramePart, clip: SDL_Rect, commands: [DrawCommand]) {
        painted.parts[part.name] = PaintedParts.Part(clip: clip, commands: commands, layer: nil)
        partStats.painted[part.name, default: 0] += 1
    }

    static func partClip(_ r: Rect) -> SDL_Rect { pixelClip(r, inside: nil) }
    static func same(_ a: SDL_Rect, _ b: SDL_Rect) -> Bool { a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h }

    /// Paints `list` in `part` (after `beginParts`): nothing when its commands are those
    /// painted there last time; otherwise the part is cleared to the list's background (or
    /// `fallback`) and the commands painted, clipped to the part. When the list begins with
    /// the commands that were painted there last time and those are worth keeping (they cost
    /// more than twice the copy), their pixels are saved as the part's layer after they are
    /// painted, and later frames that begin the same way start from the layer. Returns
    /// whether it painted.
    @discardableResult
    public func paintPart(_ part: FramePart, _ list: DisplayList, surface: UnsafeMutablePointer<SDL_Surface>,
                          fallback: Color = .black) -> Bool {
        guard var p = startPart(part, list, surface: surface, fallback: fallback) else { return false }
        _ = continuePart(&p, surface: surface, until: nil)
        return true
    }

    /// A part being painted (`startPart`, `continuePart`): its commands, the next one to
    /// paint, where a layer is to be saved, and the commands of the current stretch (up to the
    /// layer, or after it) that a later opaque fill hides.
    struct PartPaint {
        var part: FramePart
        var clip: SDL_Rect
        var commands: [DrawCommand]
        var next: Int
        /// After this many commands the pixels are saved as the part's layer (0: no layer to save).
        var saveLayerAt: Int
        var layer: PaintedParts.Layer?
        var hidden: [Bool]?
        /// The command `hidden` starts at.
        var hiddenFrom: Int
    }

    /// Starts painting `list` in `part` as `paintPart` does: nil when its commands are those
    /// painted there last time (the part is kept as it is); else the part is cleared, or
    /// restored from its layer, and `continuePart` paints the rest.
    func startPart(_ part: FramePart, _ list: DisplayList, surface: UnsafeMutablePointer<SDL_Surface>,
                   fallback: Color) -> PartPaint? {
        let clip = Self.partClip(part.rect)
        let before = painted.parts[part.name].flatMap { Self.same($0.clip, clip) ? $0 : nil }
        if let before, before.commands == list.commands {
            partStats.kept[part.name, default: 0] += 1
            return nil
        }
        guard let d = DirectTarget(surface), clip.w > 0, clip.h > 0 else { return nil }
        direct = d
        defer { direct = nil }
        partStats.painted[part.name, default: 0] += 1
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        clipStack = [clip]
        applyClip()
        let commands = list.commands
        var p = PartPaint(part: part, clip: clip, commands: commands, next: 0, saveLayerAt: 0, layer: nil,
                          hidden: nil, hiddenFrom: 0)
        if let old = before?.layer, old.count <= commands.count, let b = before,
           commands[..<old.count].elementsEqual(b.commands[..<old.count]) {
            // The start is unchanged: its pixels come from the layer.
            d.restore(old.pixels, in: clip)
            clipStack = [clip] + old.clips
            applyClip()
            p.layer = old
            p.next = old.count
            partStats.layered[part.name, default: 0] += 1
        } else {
            d.clear(list.background ?? fallback, in: clip)
            let keep = before.map { layerLength(commands, sharedWith: $0.commands, clip: clip) } ?? 0
            if keep > 0 {
                // Occlusion within the start only: the layer must not lack what a later
                // command hides this frame but may not hide in the next.
                p.saveLayerAt = keep
                p.hidden = skipsOccluded ? occlusion(of: commands[..<keep], clips: [clip]).hidden : nil
                return p
            }
        }
        p.hidden = skipsOccluded ? occlusion(of: commands[p.next...], clips: clipStack).hidden : nil
        p.hiddenFrom = p.next
        return p
    }

    /// Paints `p`'s commands on from where it stopped until the performance counter passes
    /// `deadline` (checked after each command; nil: to the end). Returns whether the part is
    /// painted whole; it is then recorded as what the part holds.
    func continuePart(_ p: inout PartPaint, surface: UnsafeMutablePointer<SDL_Surface>, until deadline: UInt64?) -> Bool {
        guard let d = DirectTarget(surface) else { return true }
        direct = d
        defer { direct = nil }
        updateSpanRows()
        let commands = p.commands
        while p.next < commands.count {
            // To the layer's end (or the list's) at once, or one command when the time is counted.
            let end = p.saveLayerAt > p.next ? p.saveLayerAt : commands.count
            let stop = deadline == nil ? end : p.next + 1
            paintCommands(commands[p.next..<stop], hidden: p.hidden, hiddenFrom: p.hiddenFrom)
            p.next = stop
            if p.next == p.saveLayerAt {
                flush()
                SDL_RenderFlush(renderer)
                p.layer = PaintedParts.Layer(count: p.saveLayerAt, pixels: d.copy(p.clip), clips: Array(clipStack.dropFirst()))
                p.saveLayerAt = 0
                p.hidden = skipsOccluded ? occlusion(of: commands[p.next...], clips: clipStack).hidden : nil
                p.hiddenFrom = p.next
            }
            if let deadline, p.next < commands.count, SDL_GetPerformanceCounter() >= deadline {
                flush()
                SDL_RenderFlush(renderer)
                return false
            }
        }
        flush()
        SDL_RenderFlush(renderer)
        clipStack.removeAll()
        SDL_RenderSetClipRect(renderer, nil)
        painted.parts[p.part.name] = PaintedParts.Part(clip: p.clip, commands: commands, layer: p.layer)
        return true
    }

    /// Ends a frame in parts (after every `paintPart`).
    public func endParts() { text.endFrame() }

    /// How many of `commands`' first commands to keep as a layer, given the commands painted
    /// there last time: their longest shared start, if painting it costs more than twice
    /// copying the part (its commands' footprints inside the clip, text counted four times
    /// for its blending); else 0.
    private func layerLength(_ commands: [DrawCommand], sharedWith old: [DrawCommand], clip: SDL_Rect) -> Int {
        var cost = 0.0
        let area = Double(clip.w) * Double(clip.h)
        var k = 0
        let n = min(commands.count, old.count)
        while k < n, commands[k] == old[k] {
            if let box = Self.footprint(of: commands[k], measurer: text.measurer) {
                let r = Occlusion.intersect(Occlusion.pixelBounds(box), clip)
                var a = Double(max(0, r.w)) * Double(max(0, r.h))
                if case .text = commands[k] { a *= 4 }
                cost += a
            }
            k += 1
        }
        return cost > 2 * area ? k : 0
    }
}

/// How many times the painter painted each part (by name), left it as it was, and started
/// it from its layer, since it was made (for tests and the bench).
public struct PartStats: Sendable, Hashable {
    public var painted: [String: Int] = [:]
    public var kept: [String: Int] = [:]
    public var layered: [String: Int] = [:]
}

extension DirectTarget {
    /// Sets the pixels of `r` (inside the surface) to `c`, as `clear` sets the whole surface.
    func clear(_ c: Color, in r: SDL_Rect) {
        let v = UInt32(hasAlpha ? c.a : 255) << 24 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
        let k = Occlusion.intersect(r, SDL_Rect(x: 0, y: 0, w: width, h: height))
        guard k.w > 0, k.h > 0 else { return }
        for y in Int(k.y)..<Int(k.y + k.h) {
            UnsafeMutableBufferPointer(start: pixels + y * stride + Int(k.x), count: Int(k.w)).update(repeating: v)
        }
    }

    /// A copy of the pixels of `r` (inside the surface), row after row.
    func copy(_ r: SDL_Rect) -> [UInt32] {
        let c = Occlusion.intersect(r, SDL_Rect(x: 0, y: 0, w: width, h: height))
        guard c.w > 0, c.h > 0 else { return [] }
        var out = [UInt32](repeating: 0, count: Int(c.w) * Int(c.h))
        out.withUnsafeMutableBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            for y in 0..<Int(c.h) {
                (base + y * Int(c.w)).update(from: pixels + (Int(c.y) + y) * stride + Int(c.x), count: Int(c.w))
            }
        }
        return out
    }

    /// Puts back pixels `copy(r)` took.
    func restore(_ saved: [UInt32], in r: SDL_Rect) {
        let c = Occlusion.intersect(r, SDL_Rect(x: 0, y: 0, w: width, h: height))
        guard c.w > 0, c.h > 0, saved.count == Int(c.w) * Int(c.h) else { return }
        saved.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            for y in 0..<Int(c.h) {
                (pixels + (Int(c.y) + y) * stride + Int(c.x)).update(from: base + y * Int(c.w), count: Int(c.w))
            }
        }
    }
}
