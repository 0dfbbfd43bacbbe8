// The window's what-if machinery without a window: the background runner (the caller's
// thread only hands jobs over and picks finished results up) and the write-back of a setting
// into a scene file's text (everything but the value stays byte for byte).
import Foundation
import Testing
import TouchCore
@testable import TouchScene

@Suite("What if in the window: the background runner")
struct WhatIfRunnerTests {
    /// The jobs that ran, in order (written from the runner's thread).
    final class Ran: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [Int] = []
        func add(_ n: Int) { lock.lock(); list.append(n); lock.unlock() }
        var all: [Int] { lock.lock(); defer { lock.unlock() }; return list }
    }

    static func waitForResult<R>(_ runner: WhatIfRunner<R>, seconds: Double = 10) -> R? {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if let r = runner.take() { return r }
            usleep(2_000)
        }
        return nil
    }

    @Test("submit and take return at once while a job runs; a newer job supersedes the running and the waiting ones")
    func neverBlocks() {
        let runner = WhatIfRunner<Int>()
        let gate = DispatchSemaphore(value: 0)
        let ran = Ran()
        // The gate opens by itself after 2 s, so a take that waited for the job would take that long.
        DispatchQueue.global().asyncAfter(deadline: .now() + 2) { gate.signal() }
        let t0 = Date()
        let started = DispatchSemaphore(value: 0)
        runner.submit { started.signal(); gate.wait(); ran.add(1); return 1 }
        let first = runner.take()
        started.wait()   // job 1 runs (and waits at the gate)
        runner.submit { ran.add(2); return 2 }
        runner.submit { ran.add(3); return 3 }
        let second = runner.take()
        let elapsed = Date().timeIntervalSince(t0)
        #expect(first == nil && second == nil, "a result before the job finished")
        #expect(runner.isBusy)
        #expect(elapsed < 1, "the caller's thread waited \(elapsed) s for the running job")
        // Job 1 ends (its result is dropped: 3 is newer); 2 never runs; 3's result is handed over once.
        #expect(Self.waitForResult(runner) == 3)
        #expect(ran.all == [1, 3])
        #expect(runner.take() == nil)
    }

    @Test("cancel drops the running job's result")
    func cancel() {
        let runner = WhatIfRunner<Int>()
        let gate = DispatchSemaphore(value: 0)
        runner.submit { gate.wait(); return 7 }
        runner.cancel()
        gate.signal()
        let end = Date().addingTimeInterval(5)
        while runner.isBusy && Date() < end { usleep(2_000) }
        #expect(!runner.isBusy)
        #expect(runner.take() == nil)
    }
}

@Suite("What if in the window: a setting written back into the scene file")
struct SceneFileEditTests {
    static let commented = """
        # A scene with comments: every byte but the edited value stays.
        scene: commented   # the name
        window: [800, 600]

        views:
          - id: pad            # the pad
            frame: [100, 100, 600, 400]
            recognizers:
              # the double tap
              - id: doubleTap
                type: tap
                taps: 2        # two taps
                maximumInterval: 0.35   # seconds
              - id: singleTap
                type: tap
                requireToFail: [doubleTap]   # waits
              - {id: flowTap, type: tap}

        """

    static func edit(_ setting: String, _ text: String = commented) throws -> String {
        try SceneFileEdit.apply(SceneSetting(parsing: setting), to: text)
    }

    @Test("an existing value is replaced where it stands; its comment and every other byte stay")
    func replaceValue() throws {
        let want = Self.commented.replacingOccurrences(of: "maximumInterval: 0.35   # seconds", with: "maximumInterval: 0.45   # seconds")
        #expect(want != Self.commented)
        #expect(try Self.edit("doubleTap.maximumInterval=0.45") == want)
        // The UIKit name of a shipped recognizer's property names the same key.
        #expect(try Self.edit("doubleTap.maximumTapInterval=0.45") == want)
        // A list.
        #expect(try Self.edit("singleTap.requireToFail=[]")
                == Self.commented.replacingOccurrences(of: "requireToFail: [doubleTap]   # waits", with: "requireToFail: []   # waits"))
    }

    @Test("a missing key gets a line of its own after `id:`, indented as the mapping's keys; nothing else changes")
    func addKey() throws {
        #expect(try Self.edit("singleTap.maximumInterval=0.2")
                == Self.commented.replacingOccurrences(of: "      - id: singleTap\n",
                                                       with: "      - id: singleTap\n        maximumInterval: 0.2\n"))
        #expect(try Self.edit("pad.userInteraction=false")
                == Self.commented.replacingOccurrences(of: "  - id: pad            # the pad\n",
                                                       with: "  - id: pad            # the pad\n    userInteraction: false\n"))
        // A mapping written on one line gets the key before its `}`.
        #expect(try Self.edit("flowTap.taps=2")
                == Self.commented.replacingOccurrences(of: "{id: flowTap, type: tap}", with: "{id: flowTap, type: tap, taps: 2}"))
    }

    @Test("Windows line endings stay; the edited file loads with the new value")
    func crlfAndLoads() throws {
        let crlf = Self.commented.replacingOccurrences(of: "\n", with: "\r\n")
        let edited = try Self.edit("singleTap.maximumInterval=0.2", crlf)
        #expect(edited == crlf.replacingOccurrences(of: "      - id: singleTap\r\n",
                                                    with: "      - id: singleTap\r\n        maximumInterval: 0.2\r\n"))
        let scene = try SceneLoader.parse(text: try Self.edit("doubleTap.maximumInterval=0.45"), file: "t.yaml", folder: "/tmp")
        let doubleTap = try #require(SceneSession(scene: scene).built.recognizers["doubleTap"] as? TapGestureRecognizer)
        #expect(doubleTap.maximumTapInterval == 0.45)
    }

    @Test("an unknown id, and a value that cannot be written in place, are refused with the setting named")
    func refused() throws {
        #expect(throws: SceneSettingError.self) { try Self.edit("ghost.taps=2") }
        let multiline = "scene: m\nwindow: [800, 600]\nviews:\n  - id: v\n    frame: [0, 0, 10, 10]\n    text: >\n      folded\n      text\n"
        #expect(throws: SceneSettingError.self) { try Self.edit("v.text=plain", multiline) }
    }
}
