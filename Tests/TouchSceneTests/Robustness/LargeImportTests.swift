// A valid evemu file just under the 64 MiB limit is imported and replayed in bounded memory:
// the binary's own peak RSS (VmHWM) stays under 128 MiB, whatever the file's size.
import Foundation
import Testing
@testable import TouchScene
#if canImport(Glibc)
import Glibc
#endif

/// Runs the touchscope binary and follows its peak RSS (VmHWM in /proc/PID/status, read
/// every 2 ms until it exits). wait4's ru_maxrss is no use here: a child made by
/// posix_spawn (vfork) carries its parent's peak over exec, so it is never below the test
/// process's own size.
struct PeakRun {
    var status: Int32 = -1
    var signalled = false
    var timedOut = false
    var peakKiB = 0
    var stderr = ""

    static func run(_ args: [String], timeout: Double) -> PeakRun {
        var r = PeakRun()
        let errPath = Paths.temporary("peak-stderr-\(UInt32.random(in: 0...UInt32.max)).txt")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let binary = ChildRun.binary
        let argv = ([binary] + args).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, binary, &actions, nil, argv, environ) == 0 else {
            r.stderr = "cannot spawn \(binary)"
            return r
        }
        let start = ContinuousClock.now
        var status: Int32 = 0
        while true {
            if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
               let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
               let kib = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") {
                r.peakKiB = max(r.peakKiB, kib)
            }
            if waitpid(pid, &status, WNOHANG) == pid { break }
            if (ContinuousClock.now - start) > .seconds(timeout) {
                kill(pid, SIGKILL)
                r.timedOut = true
                _ = waitpid(pid, &status, 0)
                break
            }
            usleep(2_000)
        }
        if status & 0x7f == 0 { r.status = (status >> 8) & 0xff } else { r.signalled = true }
        r.stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        unlink(errPath)
        return r
    }
}

/// Whether the tests run under AddressSanitizer or ThreadSanitizer (`make test-sanitize`
/// sets TOUCHSCOPE_SANITIZER): a child's peak RSS then counts shadow memory and ASan's
/// 256 MiB quarantine of freed blocks, so a memory bound says nothing about the program.
let underSanitizer = ProcessInfo.processInfo.environment["TOUCHSCOPE_SANITIZER"] != nil

@Suite("Large device recordings", .serialized,
       .disabled(if: underSanitizer, "peak RSS under a sanitizer counts its shadow memory and quarantine"))
struct LargeImportTests {
    /// Peak RSS allowed to `import` or `replay --headless` of a file within the limit
    /// (stretched like the time limits under the sanitizers, which add their own memory).
    static let limitKiB = Int(128 * 1024 * testTimeScale)

    /// Writes an evemu file of about `size` bytes as evemu-record writes them (a comment on
    /// every line): a protocol B touchscreen, a frame every 0.1 ms with its MSC_TIMESTAMP,
    /// the finger moving every 64th frame and lifting for a new touch every 4096th.
    /// Returns the number of finger events it holds (downs, moves and ups).
    static func writeEvemu(path: String, size: Int) throws -> Int {
        try #require(FileManager.default.createFile(atPath: path, contents: nil))
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? out.close() }
        var chunk = """
            # EVEMU 1.3
            # Kernel: 6.1.0
            N: Large Test Touchscreen
            I: 0018 056a 5256 0100
            P: 02 00 00 00 00 00 00 00
            A: 2f 0 9 0 0 0
            A: 35 0 27120 0 0 100
            A: 36 0 16960 0 0 100
            A: 39 0 65535 0 0 0
            ################################
            #      Waiting for events      #
            ################################

            """
        var written = 0, frame = 0, fingerEvents = 0
        let tail = 200  // room for the last lift
        /// `v` with zeros in front up to `width` digits (a minus first).
        func padded(_ v: Int, _ width: Int) -> String {
            let digits = String(v.magnitude)
            return (v < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count - (v < 0 ? 1 : 0))) + digits
        }
        func line(_ t: String, _ type: String, _ code: String, _ value: Int, _ comment: String) {
            chunk += "E: \(t) \(type) \(code) \(padded(value, 4))\t# \(comment)\n"
        }
        var down = false
        while written + chunk.utf8.count < size - tail {
            let us = frame * 100
            let t = "\(us / 1_000_000).\(padded(us % 1_000_000, 6))"
            if frame % 4096 == 0 {
                if down {
                    line(t, "0003", "0039", -1, "EV_ABS / ABS_MT_TRACKING_ID   -1")
                    fingerEvents += 1
                }
                line(t, "0003", "0039", frame / 4096, "EV_ABS / ABS_MT_TRACKING_ID   \(frame / 4096)")
                line(t, "0003", "0035", 1000 + frame % 20000, "EV_ABS / ABS_MT_POSITION_X    \(1000 + frame % 20000)")
                line(t, "0003", "0036", 8000, "EV_ABS / ABS_MT_POSITION_Y    8000")
                down = true
                fingerEvents += 1
            } else if frame % 64 == 0 {
                line(t, "0003", "0035", 1000 + frame % 20000, "EV_ABS / ABS_MT_POSITION_X    \(1000 + frame % 20000)")
                fingerEvents += 1
            }
            line(t, "0004", "0005", us % 10000, "EV_MSC / MSC_TIMESTAMP        \(us % 10000)")
            line(t, "0000", "0000", 0, "------------ SYN_REPORT (0) ---------- +0ms")
            frame += 1
            if chunk.utf8.count > 1 << 20 {
                out.write(Data(chunk.utf8))
                written += chunk.utf8.count
                chunk = ""
            }
        }
        let us = frame * 100
        let t = "\(us / 1_000_000).\(padded(us % 1_000_000, 6))"
        line(t, "0003", "0039", -1, "EV_ABS / ABS_MT_TRACKING_ID   -1")
        line(t, "0000", "0000", 0, "------------ SYN_REPORT (0) ---------- +0ms")
        fingerEvents += 1
        out.write(Data(chunk.utf8))
        return fingerEvents
    }

    @Test("a 63 MiB evemu file is imported and replayed headless in under 128 MiB of peak RSS")
    func largeEvemu() throws {
        let path = Paths.temporary("large-\(getpid()).evemu")
        defer { unlink(path) }
        let events = try Self.writeEvemu(path: path, size: 63 * 1024 * 1024)
        var st = stat()
        #expect(stat(path, &st) == 0)
        #expect(Int(st.st_size) > 62 * 1024 * 1024 && Int(st.st_size) <= ImportLimits.maxFileSize, "\(st.st_size) bytes")

        let output = Paths.temporary("large-\(getpid()).jsonl")
        defer { unlink(output) }
        let imported = PeakRun.run(["import", path, "--output", output], timeout: 120 * testTimeScale)
        #expect(imported.status == 0 && !imported.signalled && !imported.timedOut, "\(imported.stderr)")
        #expect(imported.peakKiB < Self.limitKiB, "import: \(imported.peakKiB / 1024) MiB peak RSS")
        // Every finger event made it: the recording has them all, after its header.
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == events + 1, "\(lines.count - 1) of \(events) finger events")

        let replayed = PeakRun.run(["replay", Paths.scenes + "/photo.yaml", path, "--headless"], timeout: 120 * testTimeScale)
        #expect(replayed.status == 0 && !replayed.signalled && !replayed.timedOut, "\(replayed.stderr)")
        #expect(replayed.peakKiB < Self.limitKiB, "replay: \(replayed.peakKiB / 1024) MiB peak RSS")
    }

    /// Writes a libinput record of about `size` bytes: the fixture's keyboard and touchscreen,
    /// then one touch (down, then up) among frames of MSC_TIMESTAMP and SYN_REPORT, a
    /// frame every millisecond.
    static func writeLibinput(path: String, size: Int) throws {
        let fixture = try String(contentsOfFile: Paths.fixtures + "/import/touch.yml", encoding: .utf8)
        let lines = fixture.split(separator: "\n", omittingEmptySubsequences: false)
        // Up to the touchscreen's `events:` (the second device's).
        let eventsAt = try #require(lines.indices.filter { lines[$0] == "  events:" }.last)
        try #require(FileManager.default.createFile(atPath: path, contents: nil))
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? out.close() }
        var chunk = lines[...eventsAt].joined(separator: "\n") + "\n"
        chunk += "  - evdev:\n    - [  0,      0,   3,  47,     0] # EV_ABS / ABS_MT_SLOT   0\n"
        chunk += "    - [  0,      0,   3,  57,     1] # EV_ABS / ABS_MT_TRACKING_ID   1\n"
        chunk += "    - [  0,      0,   3,  53,   500] # EV_ABS / ABS_MT_POSITION_X   500\n"
        chunk += "    - [  0,      0,   3,  54,   500] # EV_ABS / ABS_MT_POSITION_Y   500\n"
        chunk += "    - [  0,      0,   0,   0,     0] # ------------ SYN_REPORT (0) ---------- +0ms\n"
        var written = 0, k = 1
        let tail = 400
        while written + chunk.utf8.count < size - tail {
            let sec = String(k / 1000), usec = String((k % 1000) * 1000)
            let s = String(repeating: " ", count: max(0, 3 - sec.count)) + sec, u = String(repeating: " ", count: max(0, 6 - usec.count)) + usec
            chunk += "  - evdev:\n    - [\(s), \(u),   4,   5, \(k % 10000)] # EV_MSC / MSC_TIMESTAMP   \(k % 10000)\n"
            chunk += "    - [\(s), \(u),   0,   0,     0] # ------------ SYN_REPORT (0) ---------- +0ms\n"
            k += 1
            if chunk.utf8.count > 1 << 20 {
                out.write(Data(chunk.utf8))
                written += chunk.utf8.count
                chunk = ""
            }
        }
        let sec = String(k / 1000), usec = String((k % 1000) * 1000)
        chunk += "  - evdev:\n    - [\(sec), \(usec),   3,  57,    -1] # EV_ABS / ABS_MT_TRACKING_ID   -1\n"
        chunk += "    - [\(sec), \(usec),   0,   0,     0] # ------------ SYN_REPORT (0) ---------- +0ms\n"
        out.write(Data(chunk.utf8))
    }

    @Test("a 12 MiB libinput record is imported holding its bytes once: peak RSS under the file's size plus 48 MiB")
    func largeLibinput() throws {
        // YAML is read by libyaml from memory, so a libinput record is held whole; what is
        // bounded is the rest: no copies of the text, no list of its events (the binary
        // itself takes about 30 MiB). Smaller than the evemu file: libyaml in a debug
        // build reads about 1 MiB a second.
        let path = Paths.temporary("large-\(getpid()).yml")
        defer { unlink(path) }
        try Self.writeLibinput(path: path, size: 12 * 1024 * 1024)
        var st = stat()
        #expect(stat(path, &st) == 0)
        let sizeKiB = Int(st.st_size) / 1024
        #expect(sizeKiB > 11 * 1024 && sizeKiB <= 12 * 1024, "\(sizeKiB) KiB")

        let output = Paths.temporary("large-\(getpid())-libinput.jsonl")
        defer { unlink(output) }
        let imported = PeakRun.run(["import", path, "--output", output], timeout: 120 * testTimeScale)
        #expect(imported.status == 0 && !imported.signalled && !imported.timedOut, "\(imported.stderr)")
        #expect(imported.peakKiB < Int(Double(sizeKiB + 48 * 1024) * testTimeScale), "import: \(imported.peakKiB / 1024) MiB peak RSS")
        // The touch made it: a finger-down and a finger-up after the header.
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3, "\(lines.count) lines")
        #expect(lines.dropFirst().first?.contains("\"finger-down\"") == true)
    }
}
