// hitmap: where touches land in a scene (issue 30): the view a touch at each point is
// delivered to, as JSON or a picture, with the views touches cannot reach marked.
import ArgumentParser
import Foundation
import TouchCore
import TouchDraw
import TouchScene
import TouchSDL

/// `hitmap SCENE [--png OUT] [--json] [--step PT]`.
package struct HitMapCommand: ParsableCommand {
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "hitmap",
            abstract: "Where touches land: the view a touch at each point of the scene is delivered to.",
            usage: helpUsage("\(SceneCommands.programName) hitmap <scene> [--png <file.png>] [--json] [--step <pt>]"),
            discussion: """
                Hit-tests the scene as it is when it opens (SPEC.md section 2) at the
                centre of every STEP x STEP cell (default 10 points). Without --json, a
                summary: the share of the scene each view takes, the recognizers a touch
                there is offered to, and the views drawn where touches do not reach them
                (hidden, interaction off, transparent, outside their superview). --json:
                {"window": {"width", "height"}, "step", "rows": [[id or null, ...], ...],
                "recognizers": {id: [...]}, "marks": [{"view", "why", "rect"}]}, rows from
                the top-left, null where the window takes the touch. --png: the scene's
                size, each cell in its view's colour, the views' ids where they take
                touches, and the marked views outlined with why; a scene larger than
                4096 points on a side is drawn scaled down to 4096 pixels on its longer side.
                """)
    }

    @Argument(help: "The scene: a path, or a name (photo), looked up where --paths says.")
    var scene: String
    @Option(help: ArgumentHelp("Write the map as a PNG.", valueName: "file.png"))
    var png: String?
    @Flag(help: "Print one JSON object (see docs/gestures.md).")
    var json = false
    @Option(help: ArgumentHelp("The side of a cell, in points (0.5 to 1000).", valueName: "pt"))
    var step = 10.0

    package init() {}

    package func validate() throws {
        if !(step >= 0.5 && step <= 1000) { throw ValidationError("--step must be from 0.5 to 1000 points") }
        if let png, !png.lowercased().hasSuffix(".png") { throw ValidationError("--png must name a .png file") }
    }

    package func run() throws {
        try MainActor.assumeIsolated {
            let source = try sceneSource(scene)
            try OutputFiles.check([.input("scene", source.scenePath), .output("--png", "hit map", png)])
            let session = source.makeSession()
            // A million cells at most: the JSON stays a few megabytes.
            let cells = (session.scene.window.width / step).rounded(.up) * (session.scene.window.height / step).rounded(.up)
            if cells > 1_000_000 {
                throw CLIError.badInput("\(SceneCommands.programName): --step \(TraceFormat.short(step, 3)) gives \(Int(cells)) cells for this scene; "
                    + "use a step that gives at most 1000000")
            }
            let map = HitMap(window: session.app.window, step: step)
            if let png { try Self.render(map, session: session, to: png) }
            print(json ? map.json : Self.summary(map), terminator: json ? "\n" : "")
        }
    }

    /// The share of the scene each view takes, its recognizers, and the marks, in words.
    static func summary(_ map: HitMap) -> String {
        var counts: [String: Int] = [:]
        var total = 0
        for row in map.rows { for id in row { counts[id ?? "(window)", default: 0] += 1; total += 1 } }
        var out = "Where touches land (\(TraceFormat.short(map.step, 3)) pt cells, \(total) in all):\n"
        for (id, n) in counts.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
            let share = TraceFormat.short(100 * Double(n) / Double(max(1, total)), 1)
            let recs = map.recognizers[id].map { $0.isEmpty ? "no recognizer" : "recognizers " + $0.joined(separator: ", ") } ?? "no recognizer"
            out += "  \(id): \(share) %, \(recs)\n"
        }
        if !map.marks.isEmpty {
            out += "Drawn where touches do not reach them:\n"
            for m in map.marks { out += "  \(m.view): \(m.why)\n" }
        }
        return out
    }

    /// The longest side of the picture, in pixels: a larger scene is drawn scaled down to it
    /// (4096 px square is 64 MiB of pixels; the whole run stays under 256 MiB).
    static let maxPictureSide = 4096.0

    /// The map as a picture of the scene's size (scaled down to `maxPictureSide` on its longer
    /// side when larger): cells in their views' colours, ids where their views take touches,
    /// marked views outlined in the refused colour with why.
    @MainActor
    static func render(_ map: HitMap, session: SceneSession, to path: String) throws {
        setenv("SDL_VIDEODRIVER", "dummy", 0)
        let k = min(1, maxPictureSide / max(1, map.window.width, map.window.height))
        let size = Size(width: max(1, (map.window.width * k).rounded()), height: max(1, (map.window.height * k).rounded()))
        var list = DisplayList(size: size, background: Color(r: 24, g: 24, b: 28))
        var sums: [String: (x: Double, y: Double, n: Double)] = [:]
        let colors = map.colors
        for (r, row) in map.rows.enumerated() {
            // One rectangle per run of cells of one view along the row (a million cells make
            // thousands of runs, not a million commands).
            var c = 0
            while c < row.count {
                guard let id = row[c] else { c += 1; continue }
                var end = c + 1
                while end < row.count, row[end] == id { end += 1 }
                let run = Rect(x: Double(c) * map.step * k, y: Double(r) * map.step * k,
                               width: Double(end - c) * map.step * k, height: map.step * k)
                list.fillRect(run, colors[id] ?? .gray)
                let n = Double(end - c)
                let s = sums[id] ?? (0, 0, 0)
                sums[id] = (s.x + (run.minX + run.maxX) / 2 * n, s.y + run.midY * n, s.n + n)
                c = end
            }
        }
        for (id, s) in sums.sorted(by: { $0.key < $1.key }) {
            list.text(id, at: Point(x: s.x / s.n, y: s.y / s.n), size: 14, color: .white, alignment: .center, baseline: .middle)
        }
        for m in map.marks {
            let r = Rect(x: m.rect.minX * k, y: m.rect.minY * k, width: m.rect.width * k, height: m.rect.height * k)
            list.polyline([Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
                           Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)],
                          OverlayStyle.refused, width: 2, closed: true)
            list.text("\(m.view): \(m.why)", at: Point(x: r.minX + 4, y: r.maxY - 4), size: 12,
                      color: OverlayStyle.refused, baseline: .bottom, maxWidth: max(40, r.width - 8))
        }
        do {
            let canvas = try OffscreenCanvas(size: size, fonts: FontLocator.locate())
            canvas.paint(list)
            try canvas.savePNG(path)
        } catch let refusal as FileRefusal {
            throw CLIError.badInput("\(path):1:1: cannot write the hit map: \(refusal.message)")
        } catch {
            throw CLIError.failure("hit map: \(error)")
        }
    }
}
