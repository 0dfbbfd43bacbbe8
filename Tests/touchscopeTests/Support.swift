// Support for the end-to-end tests: repository paths, headless replay, trace queries.
import Foundation
import Testing
import TouchCore
import TouchScene

/// Paths inside the repository, found from this file's location (nothing is declared in Package.swift).
enum Paths {
    static let root: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3) // Tests/touchscopeTests/Support.swift
        return parts.joined(separator: "/")
    }()
    static let scenes = root + "/scenes"
    static let recordings = root + "/Tests/touchscopeTests/Recordings"
    static let golden = root + "/Tests/touchscopeTests/Golden"
    static let demoRecordings = root + "/scenes/recordings"
    static func scene(_ name: String) -> String { scenes + "/\(name).yaml" }
    static func recording(_ name: String) -> String { recordings + "/\(name).jsonl" }
    static func golden(_ name: String) -> String { golden + "/\(name).trace.jsonl" }

    /// A fresh folder for this test process's output files.
    static let temporary: String = {
        let dir = NSTemporaryDirectory() + "touchscope-e2e-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }()
    static func temporary(_ name: String) -> String { temporary + "/" + name }
}

/// The recordings and the scene each one plays in: one golden trace per recording.
let recordingScenes: [(recording: String, scene: String)] = [
    ("hit-test", "hit-test"), ("controls", "controls"), ("media", "media"),
    ("photo-pinch", "photo"), ("photo-rotate", "photo"), ("photo-pan", "photo"), ("photo-alt-drag", "photo"),
    ("double-tap", "double-tap"), ("delivery", "delivery"), ("exclusive", "exclusive"),
    ("responder-chain", "responder-chain"), ("swipe-pan", "swipe-pan"), ("long-press", "long-press"),
    ("scroll", "scroll"), ("text-field", "text-field"), ("checkmark", "checkmark"),
    ("momentum-fling", "momentum"), ("momentum-pinch", "momentum"), ("tablet-accel", "media"),
]

/// The result of replaying one recording headless: the live session (for its view tree)
/// and every trace record, in order.
struct Replay {
    let session: SceneSession
    let records: [TraceRecord]

    /// The trace as the CLI writes it (JSON Lines).
    var traceText: String { records.filter(\.isWrittenToFiles).map { TraceWriter.line($0) + "\n" }.joined() }

    /// Replays `recording` (a name in Recordings/, or a path) into `scene` (a name in scenes/).
    init(scene: String, recording: String, until: Double? = nil) throws {
        let scenePath = Paths.scene(scene)
        let description = try SceneLoader.load(path: scenePath)
        let session = SceneSession(scene: description)
        var records: [TraceRecord] = []
        session.app.tracer.sink = TraceCallback { records.append($0) }
        let path = recording.hasPrefix("/") ? recording : Paths.recording(recording)
        let replayer = Replayer(session: session, recording: try RecordingReader(path: path))
        try replayer.run(until: until)
        self.session = replayer.session
        self.records = records
    }

    // MARK: Queries

    var hitTests: [(touch: Int, point: Point, path: [HitStep], view: TraceName?)] {
        records.compactMap {
            if case let .hitTest(touch, point, path, view, _, _) = $0.body { return (touch, point, path, view) }
            return nil
        }
    }

    /// The touch messages one responder received, in order.
    func touches(of view: String) -> [(phase: TouchPhase, touches: [Int], reason: String?)] {
        records.compactMap {
            if case let .touches(phase, v, touches, reason) = $0.body, v == view { return (phase, touches, reason) }
            return nil
        }
    }

    /// Just the phases of the touch messages one responder received.
    func phases(of view: String) -> [TouchPhase] { touches(of: view).map(\.phase) }

    /// The phases one responder received, without `moved`.
    func phasesWithoutMoves(of view: String) -> [TouchPhase] { phases(of: view).filter { $0 != .moved } }

    /// Every responder that received a touch message.
    var touchReceivers: Set<String> {
        Set(records.compactMap { if case let .touches(_, v, _, _) = $0.body { return v.string }; return nil })
    }

    /// One recognizer's transitions.
    func transitions(of recognizer: String) -> [(t: Double, from: GestureState, to: GestureState, reason: String, outputs: GestureOutputs)] {
        records.compactMap {
            if case let .gesture(r, _, from, to, reason, outputs) = $0.body, r == recognizer { return ($0.t, from, to, reason.description, outputs) }
            return nil
        }
    }

    /// The states one recognizer entered, in order, without its resets to `possible`.
    func states(of recognizer: String) -> [GestureState] { transitions(of: recognizer).map(\.to).filter { $0 != .possible } }

    var controlEvents: [(t: Double, control: TraceName, event: String)] {
        records.compactMap { if case let .control(c, e) = $0.body { return ($0.t, c, e) }; return nil }
    }

    var actions: [(sender: TraceName, action: String, target: TraceName?, handledBy: TraceName?)] {
        records.compactMap {
            if case let .action(s, a, target, h) = $0.body { return (s, a, target, h) }
            return nil
        }
    }

    var remotes: [(t: Double, command: String, handledBy: TraceName?)] {
        records.compactMap { if case let .remote(c, h, _) = $0.body { return ($0.t, c, h) }; return nil }
    }

    var motions: [(phase: MotionPhase, subtype: String, view: TraceName?)] {
        records.compactMap { if case let .motion(p, s, v, _) = $0.body { return (p, s, v) }; return nil }
    }

    var notes: [(topic: String, text: String)] {
        records.compactMap { if case let .note(topic, text) = $0.body { return (topic, text.string) }; return nil }
    }

    // MARK: The view tree

    /// The tree dump (DESIGN.md), parsed with Foundation: proves it is valid JSON.
    func treeDump() throws -> [[String: Any]] {
        let json = TreeDump.json(of: session.app.window)
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8))
        return try #require(value as? [[String: Any]])
    }

    /// One view's transform from the tree dump: a, b, c, d, tx, ty.
    func transform(of id: String) throws -> [String: Double] {
        try #require(Self.find(id, in: try treeDump()), "no view \(id) in the tree dump")
    }

    static func find(_ id: String, in nodes: [[String: Any]]) -> [String: Double]? {
        for n in nodes {
            if n["id"] as? String == id { return n["transform"] as? [String: Double] }
            if let found = find(id, in: n["children"] as? [[String: Any]] ?? []) { return found }
        }
        return nil
    }
}

/// `a` is within `tolerance` of `b`.
func close(_ a: Double?, _ b: Double, _ tolerance: Double = 0.02) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}
