// One huge unknown name (an 8 MiB recording `type`, view kind or colour) is refused at the
// cost of reading it: limits come before "did you mean" suggestions, and a message repeats
// at most 60 characters of the value.
import Testing
@testable import TouchScene
#if canImport(Glibc)
import Glibc
#endif

/// The CPU time this thread spends in `body`, in seconds, with its result.
private func cpuTimed<T>(_ body: () -> T) -> (T, Double) {
    func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
    let start = now()
    let result = body()
    return (result, now() - start)
}

/// The longest message a refusal of one huge value may print (the message's own words, the
/// value cut to 60 characters, the list of known names).
private let maxMessageLength = 1_000

/// CPU seconds allowed to refuse one 8 MiB name in a debug build: reading it, no more.
private let cpuBound = 2.0 * testTimeScale

@Suite("Huge unknown names", .serialized)
struct HugeNameTests {
    static let huge = String(repeating: "q", count: 8 * 1024 * 1024)

    @Test("an 8 MiB recording `type` is a line too long, said at once and without the value")
    func hugeRecordingType() {
        let text = "{\"recording\":1,\"window\":[800,600]}\n{\"t\":0,\"type\":\"\(Self.huge)\"}\n"
        let (error, cpu) = cpuTimed { () -> InputFileError? in
            do throws(InputFileError) {
                let reader = try RecordingReader(text: text, file: "huge.jsonl")
                _ = try reader.readAll()
                return nil
            } catch { return error }
        }
        let d = error?.diagnostic
        #expect(d?.line == 2 && d?.column == 1, "\(String(describing: d?.rendered.prefix(200)))")
        #expect(d?.message == "line longer than 1024 KiB; refused", "\(String(describing: d?.message.prefix(200)))")
        #expect(cpu < cpuBound, "\(cpu) s of CPU")
    }

    @Test("an unknown recording `type` under the line limit (1 MiB) is echoed cut to 60 characters, quickly")
    func longRecordingType() {
        let name = String(repeating: "q", count: 1_000_000)
        let text = "{\"recording\":1,\"window\":[800,600]}\n{\"t\":0,\"type\":\"\(name)\"}\n"
        let (error, cpu) = cpuTimed { () -> InputFileError? in
            do throws(InputFileError) {
                _ = try RecordingReader(text: text, file: "long.jsonl").readAll()
                return nil
            } catch { return error }
        }
        let d = error?.diagnostic
        #expect(d?.line == 2 && d?.column == 15, "\(String(describing: d?.rendered.prefix(200)))")
        #expect(d?.message.hasPrefix("unknown type `" + String(repeating: "q", count: 60) + "…`") == true,
                "\(String(describing: d?.message.prefix(200)))")
        #expect((d?.rendered.count ?? .max) <= maxMessageLength, "\(d?.rendered.count ?? -1) characters")
        #expect(cpu < cpuBound, "\(cpu) s of CPU")
    }

    /// A scene whose one view has `key: <a name of nearly 8 MiB>` on line 4, column `column`.
    private static func scene(_ key: String) -> (text: String, column: Int) {
        let head = "scene: t\nwindow: [800, 600]\nviews:\n  - {id: a, frame: [0, 0, 10, 10], \(key): "
        let name = String(repeating: "q", count: SceneLimits.maxFileSize - head.utf8.count - 8)
        let column = head.split(separator: "\n", omittingEmptySubsequences: false).last.map { $0.count + 1 } ?? 0
        return (head + name + "}\n", column)
    }

    @Test("an 8 MiB unknown view kind or colour is refused quickly with a short message at its place", arguments: [
        ("kind", "unknown view kind `"),
        ("color", "invalid colour `"),
    ])
    func hugeSceneName(key: String, prefix: String) {
        let (text, column) = Self.scene(key)
        #expect(text.utf8.count <= SceneLimits.maxFileSize)
        let (diagnostics, cpu) = cpuTimed { () -> [SceneDiagnostic] in
            do throws(SceneLoadError) {
                _ = try SceneLoader.parse(text: text, file: "huge.yaml")
                return []
            } catch { return error.diagnostics }
        }
        let d = diagnostics.first
        #expect(diagnostics.count == 1, "\(diagnostics.count) diagnostics")
        #expect(d?.line == 4 && d?.column == column, "\(String(describing: d?.rendered.prefix(200)))")
        #expect(d?.message.hasPrefix(prefix + String(repeating: "q", count: 60) + "…`") == true,
                "\(String(describing: d?.message.prefix(200)))")
        #expect((d?.rendered.count ?? .max) <= maxMessageLength, "\(d?.rendered.count ?? -1) characters")
        #expect(cpu < cpuBound, "\(cpu) s of CPU")
    }

    @Test("a short misspelt name still gets its suggestion")
    func shortNamesStillSuggested() {
        #expect(suggestion(for: "finger-dwon", in: RecordingReader.typeNames) == "finger-down")
        #expect(suggestion(for: "buton", in: ["button", "slider", "switch"]) == "button")
        #expect(suggestion(for: String(repeating: "b", count: 65), in: ["button"]) == nil)
    }
}
