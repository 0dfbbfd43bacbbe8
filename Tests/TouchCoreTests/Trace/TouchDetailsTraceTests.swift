// A touch's type, force and size as fields of the trace records for touch events: the
// `hit-test` and `coalesced-touches` lines of trace files and the `touch-sample` records of
// the trace stream (docs/formats.md). UIKit's documentation of UITouch: `force` — "A value
// of 1.0 represents the force of an average touch (predetermined by the system, not
// user-specific)"; `maximumPossibleForce` — "The maximum possible force for a touch";
// `majorRadius` — "The radius (in points) of the touch"; `majorRadiusTolerance` — "The
// tolerance (in points) of the touch's radius".
import Testing
import TouchCore

@Suite("Touch details in trace records")
struct TouchDetailsTraceTests {
    /// A pen reported by a device: pressure 0.6 of its range is force 1.2 (UIKit's average
    /// touch, 1.0, at half the range), radius 5.1 ± 0.4 pt.
    static let penTraits: TouchTraits = {
        var t = TouchTraits(type: .pencil, maximumPossibleForce: 2, majorRadius: 5.1, majorRadiusTolerance: 0.4)
        t.isReported = true
        return t
    }()
    static let pen = TouchDetails(traits: penTraits, force: 1.2)
    /// A device finger with a size and no pressure axis.
    static let sized: TouchDetails = {
        var t = TouchTraits(maximumPossibleForce: 0, majorRadius: 17.25, majorRadiusTolerance: 0.125)
        t.isReported = true
        return TouchDetails(traits: t, force: 0)
    }()
    static let penSample: FingerSample = {
        var s = FingerSample(touch: 3, key: TouchKey(device: 0, finger: 1), point: Point(x: 10, y: 20), phase: .moved,
                             pressure: 0.6, isEmulated: false)
        s.traits = penTraits
        return s
    }()
    static let mouseSample: FingerSample = {
        var s = FingerSample(touch: 4, key: TouchKey(device: -1, finger: 2), point: Point(x: 1.5, y: 2), phase: .moved,
                             pressure: 0.25, isEmulated: true)
        s.traits = .mouse
        return s
    }()

    @Test("a hit-test line carries the touch's type, force and size after its other fields")
    func hitTestLine() {
        let r = TraceRecord(t: 0.125, .hitTest(touch: 3, point: Point(x: 10, y: 20), path: [], view: "pad", details: Self.pen))
        #expect(r.description == #"{"t":0.125,"kind":"hit-test","touch":3,"point":[10,20],"path":[],"view":"pad","#
                + #""type":"pencil","force":1.2,"maximumPossibleForce":2,"majorRadius":5.1,"majorRadiusTolerance":0.4}"#)
    }

    @Test("without a size the radius keys are left out; a touch-sample writes the force as pressure × maximum")
    func sampleLine() {
        var s = Self.penSample
        s.traits.majorRadius = 0
        s.traits.majorRadiusTolerance = 0
        #expect(TraceRecord(t: 1, .touchSample(s)).description
                == #"{"t":1,"kind":"touch-sample","touch":3,"device":0,"finger":1,"point":[10,20],"phase":"moved","#
                + #""pressure":0.6,"emulated":false,"type":"pencil","force":1.2,"maximumPossibleForce":2}"#)
    }

    @Test("an SDL finger and the mouse, whose traits no input reported, write the lines they always did")
    func plainLines() {
        let hit = TraceRecord(t: 1, .hitTest(touch: 1, point: Point(x: 1, y: 2), path: [], view: nil))
        #expect(hit.description == #"{"t":1,"kind":"hit-test","touch":1,"point":[1,2],"path":[],"view":null}"#)
        #expect(!TraceRecord(t: 1, .touchSample(Self.mouseSample)).description.contains("type"))
        var finger = Self.mouseSample
        finger.isEmulated = false
        finger.traits = .finger
        #expect(!TraceRecord(t: 1, .touchSample(finger)).description.contains("type"))
        // A device finger at the SDL finger's values is still described: the input reported it.
        var reported = TouchTraits.finger
        reported.isReported = true
        #expect(!reported.isPlain)
        finger.traits = reported
        #expect(TraceRecord(t: 1, .touchSample(finger)).description.hasSuffix(#","type":"direct","force":0.5,"maximumPossibleForce":2}"#))
    }

    @Test("lines written before the details read as before: no details, and a sample's traits a finger's or the mouse's")
    func oldLines() throws {
        let hit = try #require(TraceRecord(line: #"{"t":1,"kind":"hit-test","touch":1,"point":[1,2],"path":[],"view":"pad","recognizers":["tap"]}"#))
        guard case let .hitTest(_, _, _, _, recognizers, details) = hit.body else { Issue.record("\(hit)"); return }
        #expect(recognizers == ["tap"] && details == nil)
        let sample = try #require(TraceRecord(line: #"{"t":1,"kind":"touch-sample","touch":1,"device":-1,"finger":0,"point":[1,2],"phase":"began","pressure":1,"emulated":true}"#))
        guard case let .touchSample(s) = sample.body else { Issue.record("\(sample)"); return }
        #expect(s.traits == .mouse)
        let coalesced = try #require(TraceRecord(line: #"{"t":1,"kind":"coalesced-touches","touch":1,"samples":[[1,2,1]],"predicted":[]}"#))
        guard case let .coalescedTouches(_, _, _, none) = coalesced.body else { Issue.record("\(coalesced)"); return }
        #expect(none == nil)
    }
}
