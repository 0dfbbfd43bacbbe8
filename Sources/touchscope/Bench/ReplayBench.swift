// ReplayBench: peak resident memory of `touchscope replay --headless --trace` on a generated
// recording, measured on a child process (wait4's rusage: that child's own peak, in KiB).
import Foundation
import TouchScene
import TouchBench
import TouchScopeKit

enum ReplayBench {
    struct Result {
        var events: Int
        var peakRSSMiB: Double
        var seconds: Double
        var traceBytes: Int
    }

    /// The running binary (to spawn `touchscope replay` as a child).
    static var executable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Writes the scene (`shape`) and a recording of `events` events into `folder`.
    static func prepare(folder: String, shape: BenchScene.Shape, events: Int) throws -> (scene: String, recording: String) {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let scene = folder + "/bench-scene.yaml"
        try BenchScene.yaml(BenchScene.make(shape)).write(toFile: scene, atomically: true, encoding: .utf8)
        let recording = folder + "/bench-\(events).jsonl"
        do { try Bench.writeRecording(path: recording, window: shape.window, events: events) }
        catch { throw CLIError.failure(error.description) }
        return (scene, recording)
    }

    /// Runs `touchscope replay SCENE RECORDING --headless --trace TRACE` and returns the
    /// child's peak RSS. `trace` may be /dev/null (the writer does the same work).
    static func run(scene: String, recording: String, events: Int, trace: String) throws -> Result {
        let args = [executable, "replay", scene, recording, "--headless", "--trace", trace]
        let start = Date()
        let (status, peakKiB) = try spawnAndWatch(args)
        let seconds = Date().timeIntervalSince(start)
        guard status == 0 else { throw CLIError.failure("bench: the replay child exited with status \(status): \(args.joined(separator: " "))") }
        let size = (try? FileManager.default.attributesOfItem(atPath: trace)[.size] as? Int) ?? 0
        return Result(events: events, peakRSSMiB: Double(peakKiB) / 1024, seconds: seconds, traceBytes: size)
    }

    /// posix_spawn, then watch the child's VmHWM (peak RSS of its own address space) in
    /// /proc until it exits. Not wait4's ru_maxrss: a child spawned with vfork semantics
    /// inherits the parent's high-water mark, and the parent holds the big bench scene.
    static func spawnAndWatch(_ args: [String]) throws -> (Int32, Int) {
        var pid: pid_t = 0
        var cargs: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) }
        cargs.append(nil)
        defer { for p in cargs { free(p) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let rc = posix_spawn(&pid, args[0], &actions, nil, cargs, environ)
        guard rc == 0 else { throw CLIError.failure("bench: cannot start \(args[0]): \(String(cString: strerror(rc)))") }
        var peak = 0
        var status: Int32 = 0
        let statusPath = "/proc/\(pid)/status"
        var sawExec = false
        while true {
            if let hwm = vmHWM(statusPath) {
                // Until the exec happens, /proc shows the spawning copy, not the replay.
                if sawExec || (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) == args[0] {
                    sawExec = true
                    peak = max(peak, hwm)
                }
            }
            let w = waitpid(pid, &status, WNOHANG)
            if w == pid { break }
            if w < 0 && errno != EINTR { throw CLIError.failure("bench: waitpid failed: \(String(cString: strerror(errno)))") }
            usleep(2000)
        }
        let exited = (status & 0x7f) == 0
        return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), peak)
    }

    /// VmHWM from /proc/PID/status, in KiB.
    static func vmHWM(_ path: String) -> Int? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
        }
        return nil
    }
}
