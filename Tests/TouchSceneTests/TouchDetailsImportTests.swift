// The touch's type, force and size as fields of the trace records and of the Perfetto export,
// on device recordings imported as `touchscope import` reads them. UIKit's documentation of
// UITouch: `force` — "A value of 1.0 represents the force of an average touch (predetermined
// by the system, not user-specific)"; `majorRadius` — "The radius (in points) of the touch";
// `majorRadiusTolerance` — "The tolerance (in points) of the touch's radius". The kernel's
// multi-touch protocol (Documentation/input/multi-touch-protocol.rst): ABS_MT_TOUCH_MAJOR is
// "the length of the major axis of the contact", in surface units; an axis's resolution is
// in units per millimetre.
import Foundation
import Testing
import TestSupport
import TouchCore
@testable import TouchScene

@Suite("Touch details from device recordings")
struct TouchDetailsImportTests {
    static let window = Size(width: 800, height: 600)
    static let pad = "scene: s\nwindow: [800, 600]\nviews:\n  - id: pad\n    frame: [0, 0, 800, 600]\n    handlesTouches: true\n"

    /// Every record of a headless replay of the fixture at `path`, and its Perfetto export's events.
    static func replay(_ path: String, perfetto: String? = nil) throws -> [TraceRecord] {
        let session = SceneSession(scene: try scene(Self.pad))
        var records: [TraceRecord] = []
        let writer = try perfetto.map { try PerfettoWriter(path: $0, scene: "s") }
        let callback = TraceCallback { records.append($0) }
        session.app.tracer.sink = writer.map { TraceTee([$0, callback]) } ?? callback
        try Replayer(session: session, recording: try RecordingReader.open(path: path, window: Self.window)).run(until: nil)
        writer?.close()
        return records
    }

    // The Wacom Cintiq 13HD's touch sensor (real, Fixtures/import/real): ABS_MT_POSITION_X
    // 0…2937 at 10 units/mm, so 293.7 mm across the 800 pt window; ABS_MT_TOUCH_MAJOR fuzz
    // 0; no pressure axis. Its finger lands with no major, reports 127 at 0.047993 s and 84
    // at 0.100006 s, and lifts at 0.247867 s (the import counts time from the first event,
    // at 0.000001 s).
    static let mmPerPoint = 293.7 / 800
    /// A major of `units` as UIKit's radius: half the axis, in mm through the resolution, in points.
    static func radius(major units: Double) -> Double { units / 2 / 10 / mmPerPoint }
    /// The tolerance: half a unit (the axis's step, its fuzz being 0), in points.
    static let tolerance = 0.5 / 10 / mmPerPoint

    @Test("a real device's contact size: majorRadius is half ABS_MT_TOUCH_MAJOR through the axis resolution, in the trace file's records")
    func cintiqSize() throws {
        let records = try Self.replay(Paths.fixtures + "/import/real/wacom-cintiq-13hd-touch-finger.evemu")
        // The landing: the input reported the contact (no pressure axis, no size yet).
        let hit = try #require(records.first { if case .hitTest = $0.body { return true }; return false })
        guard case let .hitTest(_, _, _, _, _, landing?) = hit.body else { Issue.record("no details: \(hit)"); return }
        #expect(landing.type == .direct && landing.force == 0 && landing.maximumPossibleForce == 0 && landing.majorRadius == 0)
        #expect(hit.description.hasSuffix(#","type":"direct","force":0,"maximumPossibleForce":0}"#))
        // The delivery of the sample with major 127: 127 units = 12.7 mm across, 6.35 mm radius.
        let deliveries = records.compactMap { r -> (samples: [TouchSample], details: TouchDetails?)? in
            if case let .coalescedTouches(_, samples, _, details) = r.body { return (samples, details) }
            return nil
        }
        let first = try #require(deliveries.first { $0.samples.contains { abs($0.timestamp - 0.047993) < 1e-5 } })
        let d = try #require(first.details)
        #expect(abs(d.majorRadius - Self.radius(major: 127)) < 1e-9)
        #expect(abs(d.majorRadius - 17.2966) < 1e-4)
        #expect(abs(d.majorRadiusTolerance - Self.tolerance) < 1e-9)
        // Written to the trace file and read back.
        let line = try #require(records.first { if case .coalescedTouches = $0.body { return $0.description.contains("majorRadius") }; return false })
        let back = try #require(TraceRecord(line: line.description))
        guard case let .coalescedTouches(_, _, _, read?) = back.body else { Issue.record("not read back: \(line)"); return }
        #expect(abs(read.majorRadius - Self.radius(major: 127)) < 1e-8)
        #expect(line.isWrittenToFiles)
        // Each sample of the stream carries the size it was reported with.
        let sizes = records.compactMap { r -> Double? in
            if case let .touchSample(s) = r.body { return s.traits.majorRadius }
            return nil
        }
        #expect(sizes.count == 5)
        #expect(zip(sizes, [0, 127, 84, 84, 84].map { Self.radius(major: $0) }).allSatisfy { abs($0 - $1) < 1e-9 }, "\(sizes)")
    }

    @Test("the Perfetto export: the touch's slice and its moves carry type, force and radius as args")
    func cintiqPerfetto() throws {
        let path = Paths.temporary("touch-details-perfetto.json")
        _ = try Self.replay(Paths.fixtures + "/import/real/wacom-cintiq-13hd-touch-finger.evemu", perfetto: path)
        let trace = ChromeTrace(data: try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(trace.problems.isEmpty, "\(trace.problems)")
        let slice = try #require(trace.events(on: "touch 1", ph: "X").first { $0["name"] as? String == "touch 1" })
        let args = slice["args"] as? [String: Any] ?? [:]
        #expect(args["type"] as? String == "direct")
        #expect((args["maximumPossibleForce"] as? NSNumber)?.doubleValue == 0)
        // As last reported: 84 units.
        #expect(abs(((args["majorRadius"] as? NSNumber)?.doubleValue ?? 0) - Self.radius(major: 84)) < 1e-8)
        let moved = trace.events(on: "touch 1", ph: "i").filter { $0["name"] as? String == "moved" }
        let radii = moved.compactMap { (($0["args"] as? [String: Any])?["majorRadius"] as? NSNumber)?.doubleValue }
        #expect(radii.count == 3)
        #expect(abs((radii.first ?? 0) - Self.radius(major: 127)) < 1e-8)
        let hit = try #require(trace.events(on: "touch 1", ph: "i").first { ($0["name"] as? String)?.hasPrefix("hit test") == true })
        #expect((hit["args"] as? [String: Any])?["type"] as? String == "direct")
    }

    @Test("pressure: a contact at half its device's ABS_MT_PRESSURE range has force 1.0, UIKit's average touch, of 2")
    func pressureForce() throws {
        // protocol-b.evemu: ABS_MT_PRESSURE 0…100; finger 1 lands at 50, finger 2 at 40.
        let records = try Self.replay(Paths.fixtures + "/import/protocol-b.evemu")
        let landings = records.compactMap { r -> (Int, TouchDetails?)? in
            if case let .hitTest(touch, _, _, _, _, details) = r.body { return (touch, details) }
            return nil
        }
        try #require(landings.count >= 2)
        #expect(landings[0].1?.force == 1.0)
        #expect(landings[0].1?.maximumPossibleForce == 2)
        #expect(abs((landings[1].1?.force ?? 0) - 0.8) < 1e-12)
        let line = try #require(records.first { if case .hitTest = $0.body { return true }; return false }).description
        #expect(line.hasSuffix(#""type":"direct","force":1,"maximumPossibleForce":2}"#), "\(line)")
    }

    @Test("a recording without device contacts (SDL's fingers) writes its records as before")
    func plainRecording() throws {
        let path = Paths.temporary("touch-details-plain.jsonl")
        try """
        {"recording":1,"window":[800,600]}
        {"t":0.1,"type":"finger-down","finger":1,"x":300,"y":300,"pressure":0.5}
        {"t":0.2,"type":"finger-move","finger":1,"x":310,"y":300,"pressure":0.5}
        {"t":0.3,"type":"finger-up","finger":1,"x":310,"y":300}

        """.write(toFile: path, atomically: true, encoding: .utf8)
        let records = try Self.replay(path)
        let written = records.filter(\.isWrittenToFiles).map(\.description)
        #expect(!written.isEmpty)
        #expect(written.allSatisfy { !$0.contains("\"type\"") && !$0.contains("majorRadius") }, "\(written)")
    }
}
