// WindowedReplay: plays a recording into the live window (`replay` without --headless).
import Foundation
import TouchScene
import TouchSDL

/// A recording the window plays on its own clock: the entry that comes next, when the replay
/// ends, the screenshot still to take, and the first problem met. While it plays, live input
/// other than the window's keys is ignored (`LiveApp.handle`).
@MainActor
final class WindowedReplay {
    /// What a recording line does to the window's scene.
    enum Step {
        case input(RawInput)
        /// A hot reload the recorded program made: this scene replaces the scene.
        case scene(SceneDescription)
    }

    private let reader: RecordingReader
    /// The next entry to play; nil at the end of the recording, after a `quit` or a problem.
    private var next: RecordingEntry?
    /// `--until`, or the time of the recorded `quit`.
    private var end: Double?
    /// `--screenshot` and `--at` (nil: at the end), until it is taken.
    private var shot: (path: String, at: Double?)?
    /// The first problem (`FILE:LINE:COLUMN: ...`): the window closes, and `replay` exits 2 with it.
    private(set) var error: String?
    /// The program's name when it builds its views in code: a `reload` line is then a problem.
    private let builtInCode: String?

    /// The types a reloaded scene may name.
    private let types: SceneTypes
    /// Called once, with the end time, when the replay reaches its end; the window then stays
    /// open. Nil: the window closes at the end.
    var atEnd: ((Double) -> Void)?
    /// Whether the end was reached (the screenshot then taken, nothing more to play).
    private(set) var finished = false

    init(_ reader: RecordingReader, until: Double?, screenshot: String?, at: Double?, builtInCode: String? = nil,
         types: SceneTypes = SceneTypes()) {
        self.types = types
        self.reader = reader
        self.builtInCode = builtInCode
        end = until
        shot = screenshot.map { ($0, at) }
        pull(host: nil)
    }

    /// The contact (slot, tracking id, touch size) of the entry being played, as a device
    /// recording gives it: the reader reads the next entry only after it is played.
    var currentContact: RawContact? { reader.lastContact }
    /// Whether the recording keeps its window's delivery instants (`touch-frame` lines): moves
    /// are then delivered there, not at this window's frames.
    var hasTouchFrames: Bool { reader.header.touchFrames }
    /// The device a device recording describes (its axes give its contacts' size).
    var rawDevice: RawDevice? { reader.rawDevice }

    /// When the next entry is due (the window wakes for it).
    var nextTime: Double? { next?.t }

    /// Plays the entries due by `time` into `play`, takes the screenshot when it is due, and
    /// closes the window at the end: one second after the last input (`lastInputTime`, which
    /// this returns moved to the last entry played) unless `--until` or a `quit` says when.
    /// `sceneFolder` is where the current scene's assets are: reloaded scenes resolve theirs
    /// there too.
    func feed(upTo time: Double, lastInputTime: Double, sceneFolder: String, host: SDLHost?, play: (Step) -> Void) -> Double {
        var lastInputTime = lastInputTime
        var sceneFolder = sceneFolder
        while let entry = next, entry.t <= time, end.map({ entry.t <= $0 }) ?? true {
            lastInputTime = entry.t
            guard case .input(let input) = entry else {
                if case .reload(let r) = entry, let scene = reloadedScene(r, fallback: sceneFolder, host: host) {
                    play(.scene(scene))
                    sceneFolder = scene.folder
                }
                pull(host: host)
                continue
            }
            play(.input(input))
            if input.isEnd {
                // The recorded program ended here: so does the replay.
                next = nil
                end = input.t
                break
            }
            pull(host: host)
        }
        if let shot, time >= (shot.at ?? .infinity) {
            self.shot = nil
            host?.saveScreenshot(to: shot.path)
        }
        let end = end ?? (next == nil ? lastInputTime + 1 : .infinity)
        if time >= end, !finished {
            if let shot { self.shot = nil; host?.saveScreenshot(to: shot.path) }
            if let atEnd, error == nil {
                finished = true
                next = nil
                atEnd(end)
            } else {
                host?.requestQuit()
            }
        }
        return lastInputTime
    }

    /// Reads the next entry; a problem ends the replay.
    private func pull(host: SDLHost?) {
        do { next = try reader.nextEntry() } catch {
            self.error = error.description
            next = nil
            host?.requestQuit()
        }
    }

    /// The scene a `reload` line brings, its assets resolved in `fallback` (the folder of the
    /// scene given on the command line); nil, and the replay ends, when it does not load.
    private func reloadedScene(_ r: SceneReload, fallback: String, host: SDLHost?) -> SceneDescription? {
        if let program = builtInCode {
            self.error = "\(reader.file):\(reader.lineNumber):1: a `reload` line, but \(program) builds its views in code: there is no scene to reload"
            next = nil
            host?.requestQuit()
            return nil
        }
        do {
            // The assets are resolved as the scene given on the command line resolves them
            // (`fallback`, its folder): the path a `reload` line names only labels messages,
            // so a recording cannot widen what a replay reads.
            return try SceneLoader.parse(text: r.scene, file: r.path, folder: fallback, types: types)
        } catch {
            self.error = "\(reader.file):\(reader.lineNumber):1: the reloaded scene does not load: "
                + (error.diagnostics.first?.rendered ?? "not a scene")
            next = nil
            host?.requestQuit()
            return nil
        }
    }
}
