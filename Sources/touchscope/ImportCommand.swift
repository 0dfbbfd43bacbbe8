// touchscope import: a `libinput record` or `evemu-record` file -> a recording.
import ArgumentParser
import Foundation
import TouchScene
import TouchCore
import TouchScopeKit

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn a libinput record (YAML) or evemu-record file into a recording (JSON Lines).",
        usage: helpUsage("touchscope import <input> --output <file.jsonl> [--window <WxH>] [--scene <scene>]"),
        discussion: """
            Reads the first touchscreen or touchpad of a libinput record, or the device
            of an evemu recording: multitouch protocol B (slots), protocol A and
            single-touch devices. One recording line per finger change per SYN_REPORT;
            the device's axis ranges are stretched onto the window; time starts at 0 at
            the first touch. The device's axes and each contact's slot, tracking id
            and size go along (`rawDevice`, `raw`) for the raw view. `replay` reads
            these files directly too. --scene names the scene the recording plays in
            (in its header, for `touchscope test`): a scene file is written relative
            to the recording's folder, a scene name as it is.
            Example: touchscope import touch.yml --output touch.jsonl --window 1280x800
            """)

    @Argument(help: "The libinput record or evemu file (the format is told from its content).")
    var input: String
    @Option(help: ArgumentHelp("Write the recording to this file.", valueName: "file.jsonl"))
    var output: String
    @Option(help: ArgumentHelp("The window the device's area is stretched onto (default 800x600).", valueName: "WxH"))
    var window: String = "800x600"
    @Option(help: ArgumentHelp("The scene the recording plays in (a path, or a name in scenes/), named in its header for touchscope test.",
                               valueName: "scene"))
    var scene: String?

    func validate() throws {
        if let problem = OutputOptions.windowProblem(window) { throw ValidationError(problem) }
    }

    func run() throws {
        let size = OutputOptions.parseWindow(window) ?? Size(width: 800, height: 600)
        // Before anything is written: the output may be written and is not the input.
        try OutputFiles.check([.input("input file", input), .output("--output", "recording", output)])
        // Streamed: the file is checked whole first, then read again as it is written.
        let imported: ImportedInputStream
        do { imported = try ImportedInputStream.open(path: input, window: size) } catch { throw CLIError.badInput(error.description) }
        let writer: RecordingWriter
        // The device's axes and each finger's contact go along (`rawDevice`, `raw`): the raw
        // view of the `.jsonl` shows what the device reported, as a replay of the file does.
        var header = imported.header
        header.rawDevice = imported.rawDevice
        if let scene { header.scene = try Self.sceneReference(scene, recording: output) }
        do { writer = try RecordingWriter(path: output, header: header) } catch { throw CLIError.badInput(error.description) }
        do { while let input = try imported.next() { writer.write(input, contact: imported.lastContact) } } catch {
            writer.close()
            throw CLIError.badInput(error.description)
        }
        writer.close()
        if let e = writer.writeError { throw CLIError.badInput(e.description) }
        let counts = imported.hoverCount == 0
            ? "\(imported.inputCount) finger events (\(imported.touchCount) touches, up to \(imported.fingerCount) fingers)"
            : "\(imported.inputCount - imported.hoverCount) finger events (\(imported.touchCount) touches, up to \(imported.fingerCount) fingers) and \(imported.hoverCount) pen hover events"
        print("\(output): \(counts) from \(imported.header.device ?? "an unnamed device") (\(imported.header.format ?? "?"))")
    }

    /// What the header says of `--scene`: a scene file relative to the recording's folder; a
    /// name the resolver finds (`scenes/NAME.yaml`) as it is. Neither: bad input.
    static func sceneReference(_ scene: String, recording: String) throws -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: scene, isDirectory: &isDirectory), !isDirectory.boolValue {
            return SceneReference.relative(scene: scene, recording: recording)
        }
        let resolved = resolveScene(scene)
        guard resolved != scene, FileManager.default.fileExists(atPath: resolved) else {
            throw CLIError.badInput("--scene: no scene file \(scene), nor a scene of that name in scenes/")
        }
        return scene
    }
}
