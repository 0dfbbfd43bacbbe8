// KivyPeer: runs bench/peers/kivy_dispatch.py on the same recording when python3 and Kivy
// are there; otherwise says why it was skipped.
import Foundation

enum KivyPeer {
    enum Outcome {
        case measured(eventsPerSecond: Double, views: Int, events: Int, version: String)
        case skipped(String)
    }

    /// The peer script: next to the current directory, or up from the binary (as scenes are found).
    static func script() -> String? {
        let name = "bench/peers/kivy_dispatch.py"
        let fm = FileManager.default
        if fm.fileExists(atPath: name) { return name }
        var dir = URL(fileURLWithPath: ReplayBench.executable).deletingLastPathComponent()
        for _ in 0..<6 {
            let p = dir.appendingPathComponent(name).path
            if fm.fileExists(atPath: p) { return p }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    static func python() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let p = "\(dir)/python3"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }

    static func run(recording: String, fanOut: Int, depth: Int, maxEvents: Int) -> Outcome {
        guard let script = script() else { return .skipped("bench/peers/kivy_dispatch.py not found") }
        guard let python = python() else { return .skipped("python3 not found on PATH") }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = [script, recording, "--fanout", String(fanOut), "--depth", String(depth), "--max-events", String(maxEvents)]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = nil   // the bench sets dummy for its frames; Kivy opens no window
        p.environment = env
        do { try p.run() } catch { return .skipped("cannot run python3: \(error)") }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard let last = text.split(separator: "\n").last,
              let obj = try? JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any] else {
            return .skipped("the Kivy peer printed no result (exit status \(p.terminationStatus))")
        }
        if let why = obj["skipped"] as? String { return .skipped(why) }
        guard let rate = obj["events_per_second"] as? Double else { return .skipped("the Kivy peer printed no rate") }
        return .measured(eventsPerSecond: rate, views: obj["views"] as? Int ?? 0, events: obj["events"] as? Int ?? 0,
                         version: obj["kivy_version"] as? String ?? "?")
    }
}
