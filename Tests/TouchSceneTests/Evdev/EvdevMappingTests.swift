// Device units onto the screen in libinput's convention (libinput's "Static device
// configuration via udev" doc: LIBINPUT_CALIBRATION_MATRIX works on coordinates normalized
// to 0…1 over the device; "0 -1 1 1 0 0" turns it a quarter clockwise, "-1 0 1 0 -1 1" a half).
import Testing
import TouchCore
@testable import TouchScene

@Suite struct EvdevMappingTests {
    static let info = EvdevDeviceInfo(name: "Panel", properties: [1], axes: [
        0x35: EvdevAxis(min: 0, max: 4000), 0x36: EvdevAxis(min: 0, max: 2000), 0x2f: EvdevAxis(min: 0, max: 9),
    ])
    static let output = Rect(x: 1920, y: 0, width: 1280, height: 800)

    @Test func identityStretchesTheAxesOverTheOutput() throws {
        let m = try #require(EvdevMapping(info: Self.info))
        #expect(m.screenPoint(x: 0, y: 0, output: Self.output) == Point(x: 1920, y: 0))
        #expect(m.screenPoint(x: 4000, y: 2000, output: Self.output) == Point(x: 3200, y: 800))
        #expect(m.screenPoint(x: 1000, y: 500, output: Self.output) == Point(x: 1920 + 320, y: 200))
    }

    @Test func aHalfTurnMatrixPutsTheTopLeftBottomRight() throws {
        let m = try #require(EvdevMapping(info: Self.info, matrix: [-1, 0, 1, 0, -1, 1]))
        #expect(m.screenPoint(x: 0, y: 0, output: Self.output) == Point(x: 3200, y: 800))
        #expect(m.screenPoint(x: 1000, y: 500, output: Self.output) == Point(x: 1920 + 960, y: 600))
    }

    @Test func aQuarterTurnSwapsTheAxes() throws {
        // x' = -y + 1, y' = x: the device's top-left (0, 0) is the output's top-right.
        let m = try #require(EvdevMapping(info: Self.info, matrix: [0, -1, 1, 1, 0, 0]))
        let corner = m.normalized(x: 0, y: 0)
        #expect(corner.x == 1 && corner.y == 0)
        let p = m.normalized(x: 4000, y: 500)
        #expect(p.x == 0.75 && p.y == 1)
    }

    @Test func calibrationTextIsSixNumbers() {
        #expect(EvdevMapping.parseMatrix("1 0 0 0 1 0").matrix == [1, 0, 0, 0, 1, 0])
        #expect(EvdevMapping.parseMatrix("0 -1 1 1 0 0").matrix == [0, -1, 1, 1, 0, 0])
        #expect(EvdevMapping.parseMatrix("1 0 0").problem?.contains("six numbers") == true)
        #expect(EvdevMapping.parseMatrix("1 0 0 0 1 x").problem == "--calibration: `x` is not a number")
        #expect(EvdevMapping.parseMatrix("1 0 0 0 1 inf").matrix == nil)
    }

    @Test func aDeviceWithoutPositionAxesHasNoMapping() {
        #expect(EvdevMapping(info: EvdevDeviceInfo(name: "Keys", axes: [:])) == nil)
    }
}

@Suite struct LiveRawContactTests {
    @Test func aLiveContactKeepsItsDeviceReadingAndKernelTime() throws {
        // tool: ABS_MT_TOOL_TYPE, MT_TOOL_PEN = 1 (linux/input.h).
        var c = RawContact(slot: 2, trackingID: 41, touchMajor: 30, touchMinor: 20, orientation: -5)
        c.x = 1234; c.y = 567; c.pressure = 88; c.distance = 0; c.toolType = 1; c.kernelTime = 5123.000417
        var b = Array(#"{"recording":1,"window":[800,600]}"#.utf8) + [0x0a]
        RecordingWriter.encode(RawInput(t: 0.5, .fingerDown(finger: 1, x: 10, y: 20, pressure: nil, device: 90)), contact: c, into: &b)
        let text = String(decoding: b, as: UTF8.self)
        #expect(text.contains(#""raw":{"slot":2,"id":41,"major":30,"minor":20,"orientation":-5,"x":1234,"y":567,"pressure":88,"distance":0,"tool":1,"kernelTime":5123.000417}"#))
        let reader = try RecordingReader(text: text)
        _ = try reader.next()
        #expect(reader.lastContact == c)
        // A file from before these fields reads as it did.
        let old = try RecordingReader(text: #"{"recording":1,"window":[800,600]}"# + "\n" + #"{"t":0,"type":"finger-down","finger":1,"x":1,"y":2,"raw":{"slot":0,"id":3}}"#)
        _ = try old.next()
        #expect(old.lastContact == RawContact(slot: 0, trackingID: 3))
    }
}
