// A finger's trail keeps its touch's traits as last reported: a device's contact may change
// size (ABS_MT_TOUCH_MAJOR) and tool while it touches (the kernel's multi-touch protocol), and
// the overlays show the latest; an SDL finger's traits are the ones it landed with.
import Testing
import TouchCore
@testable import TouchDraw

@Suite("Trail traits")
struct TrailTraitsTests {
    static func sample(_ phase: TouchPhase, radius: Double, reported: Bool) -> TraceRecord {
        var s = FingerSample(touch: 1, key: TouchKey(device: 0, finger: 1), point: Point(x: 10, y: 10), phase: phase,
                             pressure: 0.5, isEmulated: false)
        s.traits = TouchTraits(majorRadius: radius, majorRadiusTolerance: 0.5)
        s.traits.isReported = reported
        return TraceRecord(t: phase == .began ? 0 : 0.01, .touchSample(s))
    }

    @Test("a reported contact's radius follows its samples")
    func reportedFollows() {
        let log = TraceLog()
        log.append(Self.sample(.began, radius: 0, reported: true))
        log.append(Self.sample(.moved, radius: 17.5, reported: true))
        #expect(log.trail(1)?.traits.majorRadius == 17.5)
        #expect(TouchesOverlay.traitsText(log.trail(1)!).contains("R: 17.5±0.5"))
    }

    @Test("traits no input reported are the landing's")
    func plainKept() {
        let log = TraceLog()
        log.append(Self.sample(.began, radius: 0, reported: false))
        log.append(Self.sample(.moved, radius: 3, reported: false))
        #expect(log.trail(1)?.traits.majorRadius == 0)
    }
}
