// The corpus of bad and hostile files (Fixtures/bad-scenes, Fixtures/bad-recordings, indexed
// by Fixtures/expected.tsv): each is refused with FILE:LINE:COLUMN through the library and
// with exit status 2 through the binary, within a second and 256 MiB, never a crash or hang.
import Foundation
import Testing
import TestSupport
@testable import TouchScene
#if canImport(Glibc)
import Glibc
#endif

/// One row of expected.tsv.
struct CorpusEntry: Sendable, CustomStringConvertible {
    var file: String, line: Int, column: Int, fragment: String
    var path: String { Paths.fixtures + "/" + file }
    var isScene: Bool { file.hasPrefix("bad-scenes/") }
    var description: String { file }

    static let all: [CorpusEntry] = {
        guard let text = try? String(contentsOfFile: Paths.fixtures + "/expected.tsv", encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { row in
            if row.hasPrefix("#") { return nil }
            let f = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 4, let l = Int(f[1]), let c = Int(f[2]) else { return nil }
            return CorpusEntry(file: f[0], line: l, column: c, fragment: f[3])
        }
    }()
}

/// Runs the touchscope binary with posix_spawn and wait4: exit status, standard error, wall
/// time and the child's own peak RSS. A child running past `timeout` is killed.
struct ChildRun {
    var status: Int32 = -1
    var stderr = ""
    var seconds = 0.0
    /// The child's own CPU time (user and system, from wait4): what it cost, whatever else
    /// the machine was running meanwhile.
    var cpuSeconds = 0.0
    var maxRSSKiB = 0
    /// The child's own high-water RSS (`VmHWM` of /proc/PID/status), read while it runs (the
    /// last reading before it exits). Unlike `maxRSSKiB` (wait4's `ru_maxrss`, which counts the
    /// test process's own pages the spawned child shared before it ran the binary), it is the
    /// binary's memory alone. 0 when /proc could not be read.
    var highWaterKiB = 0
    /// The binary's peak RSS: `highWaterKiB` when /proc was read, else `maxRSSKiB` (an upper
    /// bound: it may count the test process's pages too, as it does under a sanitizer).
    var peakKiB: Int { highWaterKiB > 0 ? highWaterKiB : maxRSSKiB }
    var timedOut = false
    var signalled = false

    /// The binary next to this test bundle (the same scratch path), else <repo>/.build/debug.
    static let binary = BuiltBinary.touchscope(repositoryRoot: Paths.root)

    static func run(_ args: [String], timeout: Double = 10 * testTimeScale) -> ChildRun {
        var r = ChildRun()
        let errPath = Paths.temporary("stderr-\(UInt32.random(in: 0...UInt32.max)).txt")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([binary] + args).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        guard posix_spawn(&pid, binary, &actions, nil, argv, environ) == 0 else {
            r.stderr = "cannot spawn \(binary)"
            return r
        }
        var status: Int32 = 0
        var usage = rusage()
        while true {
            if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
               let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
               let kib = Int(line.split(separator: " ").dropFirst().first ?? "") {
                r.highWaterKiB = max(r.highWaterKiB, kib)
            }
            let w = wait4(pid, &status, WNOHANG, &usage)
            if w == pid { break }
            if (ContinuousClock.now - start) > .seconds(timeout) {
                kill(pid, SIGKILL)
                r.timedOut = true
                _ = wait4(pid, &status, 0, &usage)
                break
            }
            usleep(2_000)
        }
        let d = ContinuousClock.now - start
        r.seconds = Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
        r.maxRSSKiB = usage.ru_maxrss
        r.cpuSeconds = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        if status & 0x7f == 0 { r.status = (status >> 8) & 0xff } else { r.signalled = true }
        r.stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        unlink(errPath)
        return r
    }
}

@Suite("Bad and hostile files")
struct CorpusTests {
    static let limitSeconds = 1.0 * testTimeScale
    static let limitKiB = Int(256 * 1024 * testTimeScale)

    @Test("the corpus is complete: at least 40 bad scenes and 20 bad recordings, every file indexed")
    func corpusIsComplete() throws {
        let scenes = try FileManager.default.contentsOfDirectory(atPath: Paths.fixtures + "/bad-scenes")
        let recordings = try FileManager.default.contentsOfDirectory(atPath: Paths.fixtures + "/bad-recordings")
        #expect(scenes.count >= 40)
        #expect(recordings.count >= 20)
        let indexed = Set(CorpusEntry.all.map(\.file))
        for f in scenes { #expect(indexed.contains("bad-scenes/" + f), "\(f) is not in expected.tsv") }
        for f in recordings { #expect(indexed.contains("bad-recordings/" + f), "\(f) is not in expected.tsv") }
    }

    @Test("the library refuses each file at the expected FILE:LINE:COLUMN, quickly", arguments: CorpusEntry.all)
    func library(entry: CorpusEntry) {
        let clock = ContinuousClock()
        var first: SceneDiagnostic?
        let elapsed = clock.measure {
            if entry.isScene {
                do throws(SceneLoadError) {
                    _ = try SceneLoader.load(path: entry.path)
                } catch {
                    first = error.diagnostics.first
                }
            } else {
                do throws(InputFileError) {
                    _ = try RecordingReader(path: entry.path).readAll()
                } catch {
                    first = error.diagnostic
                }
            }
        }
        guard let d = first else {
            Issue.record("\(entry.file) was accepted")
            return
        }
        #expect(d.file == entry.path)
        #expect(d.line == entry.line && d.column == entry.column, "\(d.rendered)")
        #expect(d.message.contains(entry.fragment), "\(d.rendered)")
        #expect(elapsed < .seconds(Self.limitSeconds))
    }

    @Test("the binary exits with status 2 and FILE:LINE:COLUMN, within a second and 256 MiB", arguments: CorpusEntry.all)
    func binary(entry: CorpusEntry) {
        let args = entry.isScene ? ["check", entry.path] : ["replay", Paths.scenes + "/hit-test.yaml", entry.path, "--headless"]
        let r = ChildRun.run(args)
        #expect(!r.timedOut && !r.signalled, "\(entry.file): hung or crashed: \(r.stderr)")
        #expect(r.status == 2, "\(entry.file): status \(r.status): \(r.stderr)")
        let first = r.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("\(entry.path):\(entry.line):\(entry.column): "), "\(first)")
        #expect(first.contains(entry.fragment), "\(first)")
        #expect(r.seconds < Self.limitSeconds, "\(entry.file) took \(r.seconds) s")
        #expect(r.peakKiB < Self.limitKiB, "\(entry.file) peaked at \(r.peakKiB) KiB")
    }

    @Test("a scene file over the 8 MiB limit is refused before it is read, by the library and the binary")
    func hugeScene() {
        let path = Paths.temporary("huge-\(getpid()).yaml")
        let f = fopen(path, "wb")
        fputs("scene: big\nwindow: [8, 6]\n", f)
        fseek(f, 9 * 1024 * 1024, SEEK_SET)   // sparse: 9 MiB without writing 9 MiB
        fputc(0x0a, f)
        fclose(f)
        defer { unlink(path) }
        let r = ChildRun.run(["check", path])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix(path + ":1:1: ") && r.stderr.contains("8 MiB limit"), "\(r.stderr)")
        #expect(r.seconds < Self.limitSeconds && r.peakKiB < Self.limitKiB, "\(r.seconds) s, \(r.peakKiB) KiB")
    }

    @Test("a recording line over 1 MiB is refused, by the library and the binary")
    func hugeLine() {
        let path = Paths.temporary("long-line-\(getpid()).jsonl")
        let text = "{\"recording\":1,\"window\":[8,6]}\n{\"t\":0,\"type\":\"focus-lost\",\"pad\":\"" + String(repeating: "x", count: 2 << 20) + "\"}\n"
        writeFile(path, Array(text.utf8))
        defer { unlink(path) }
        #expect(throws: InputFileError.self) { _ = try RecordingReader(path: path).readAll() }
        let r = ChildRun.run(["replay", Paths.scenes + "/hit-test.yaml", path, "--headless"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix(path + ":2:1: ") && r.stderr.contains("longer than"), "\(r.stderr)")
        #expect(r.seconds < Self.limitSeconds && r.peakKiB < Self.limitKiB, "\(r.seconds) s, \(r.peakKiB) KiB")
    }

    @Test("a directory, a missing file and /dev/zero are refused, never read forever")
    func specialFiles() {
        for path in [Paths.fixtures, Paths.fixtures + "/no-such-file.yaml", "/dev/zero"] {
            let r = ChildRun.run(["check", path])
            #expect(r.status == 2, "\(path): \(r.status) \(r.stderr)")
            #expect(r.stderr.hasPrefix(path + ":1:1: "), "\(r.stderr)")
            #expect(!r.timedOut && r.seconds < Self.limitSeconds)
            let rr = ChildRun.run(["replay", Paths.scenes + "/hit-test.yaml", path, "--headless"])
            #expect(rr.status == 2 || path == "/dev/zero", "\(path): \(rr.status) \(rr.stderr)")
            #expect(!rr.timedOut && !rr.signalled && rr.seconds < Self.limitSeconds, "\(path): \(rr.seconds) s")
        }
    }
}
