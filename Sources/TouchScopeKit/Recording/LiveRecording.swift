// LiveRecording: the window's input recording (--record FILE, F10), on disk as it happens.
import Foundation
import TouchScene

/// The recording the live window writes, if any: `--record FILE` from the start, and F10
/// to stop it or start the next `touchscope-recording-N.jsonl`. Inputs and hot reloads go
/// in as they happen; `flush` once per loop turn puts them on disk.
struct LiveRecording {
    private var writer: RecordingWriter?
    /// The file being written (nil: none).
    private(set) var currentPath: String?
    /// The N of the last `touchscope-recording-N.jsonl` F10 started.
    private var number = 0
    /// Whether a recording stopped because it could not be written (`stopIfFailed`).
    private(set) var failed = false

    /// The evdev device read (`--device`): the header names it and keeps its axes.
    private var device: (name: String, raw: RawDevice)?
    /// The scene file the window shows (nil: an application built in code): each recording's
    /// header names it (`"scene"`, relative to the recording's folder) for `touchscope test`.
    let scenePath: String?
    /// Whether the window delivers moves once per frame: the header says the recording keeps
    /// the delivery instants (`touchFrames`).
    private let touchFrames: Bool

    /// Starts recording to `path` (the recording's header names `window`, the scene file
    /// `scenePath`, `device` when the touchscreen is read through evdev, and `touchFrames`
    /// when moves are delivered once per frame); none when nil.
    init(path: String?, window: Size, scenePath: String? = nil, device: (name: String, raw: RawDevice)? = nil,
         touchFrames: Bool = true) throws(CLIError) {
        self.scenePath = scenePath
        self.device = device
        self.touchFrames = touchFrames
        guard let path else { return }
        do { writer = try RecordingWriter(path: path, header: Self.header(window: window, scenePath: scenePath, device: device, touchFrames: touchFrames, recording: path)) }
        catch { throw CLIError.failure(error.description) }
        currentPath = path
    }

    /// The header of a recording at `recording`: the window, the scene file relative to the
    /// recording's folder, and the evdev device with its axes.
    static func header(window: Size, scenePath: String?, device: (name: String, raw: RawDevice)? = nil,
                       touchFrames: Bool = true, recording: String) -> RecordingHeader {
        var h = RecordingHeader(window: window, device: device?.name)
        h.rawDevice = device?.raw
        h.touchFrames = touchFrames
        h.scene = scenePath.map { SceneReference.relative(scene: $0, recording: recording) }
        return h
    }

    /// `path` as an absolute path (a relative one is in the current folder), for messages.
    static func fullPath(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// Whether a recording is being written (the toolbar's Rec button shows it).
    var isRecording: Bool { writer != nil }

    func write(_ input: RawInput) { writer?.write(input) }
    /// A finger input with its contact as the device reported it (the evdev source's: `raw`).
    func write(_ input: RawInput, contact: RawContact?) { writer?.write(input, contact: contact) }

    /// The `reload` line: the scene's text, so a replay reloads the same scene.
    func write(_ reload: SceneReload) { writer?.write(reload) }

    /// What was recorded is on disk after this (a kill loses at most what came since).
    func flush() { writer?.flush() }

    /// Closes the recording; the error when it could not be written whole (nil: it was, or
    /// it was reported already by `stopIfFailed`).
    @discardableResult
    mutating func close() -> InputFileError? {
        guard let writer else { return nil }
        writer.close()
        self.writer = nil
        currentPath = nil
        return writer.writeError
    }

    /// When the recording could not be written (`FILE:1:1: cannot write the recording:
    /// REASON`): stops it (the file keeps the whole lines written before) and returns why;
    /// nil while it is written.
    mutating func stopIfFailed() -> InputFileError? {
        guard let e = writer?.writeError else { return nil }
        _ = close()
        failed = true
        return e
    }

    /// F10: stops the recording under way, or starts the next numbered one. Returns the
    /// banner to show over the scene (nil: none).
    /// `program` names the file: `touchscope-recording-N.jsonl`, or the program's name.
    mutating func toggle(window: Size, program: String = "touchscope") -> String? {
        if writer != nil {
            if let e = close() {
                failed = true
                FileHandle.standardError.write(Data("\(e.description); recording stopped\n".utf8))
                return "recording stopped: " + e.description
            }
            return nil
        }
        number += 1
        let path = SavedFiles.path("\(program)-recording-\(number).jsonl")
        do {
            writer = try RecordingWriter(path: path, header: Self.header(window: window, scenePath: scenePath, device: device, touchFrames: touchFrames, recording: path))
            currentPath = path
            return "● recording to \(Self.fullPath(path)) (Rec or F10 stops)"
        } catch {
            return "cannot record: \(error.description)"
        }
    }
}
