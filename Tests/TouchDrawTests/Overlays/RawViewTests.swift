// Issue 31 item 6: the raw view of a device recording. The touch devices panel lists the
// device's axes (range, resolution, fuzz) exactly as the file's header gives them; a touch's
// label carries its slot and tracking id; its touch major/minor is an ellipse whose size in
// scene points is the size in mm (units / resolution) times the scene points per mm the
// positions are stretched by. Expected figures are worked out by hand in each test.
import Foundation
import Testing
@testable import TouchDraw
import TouchScene

@Suite("Raw view of a device recording")
struct RawViewTests {
    static let fixture = String("\(#filePath)".dropLast("Tests/TouchDrawTests/Overlays/RawViewTests.swift".count))
        + "Tests/TouchSceneTests/Fixtures/import/real/wacom-cintiq-13hd-touch-finger.evemu"

    /// The width and height of an outline (scene points).
    func extent(_ pts: [Point]) -> (w: Double, h: Double) {
        let xs = pts.map(\.x), ys = pts.map(\.y)
        return ((xs.max() ?? 0) - (xs.min() ?? 0), (ys.max() ?? 0) - (ys.min() ?? 0))
    }
    func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }

    @Test("the panel's lines for the Wacom Cintiq 13HD touch recording: protocol, then every A: line as range, resolution (and mm) and fuzz")
    func panelLines() throws {
        let r = try ImportedRecording(path: Self.fixture, window: Size(width: 800, height: 600))
        // The file's A: lines (code min max fuzz flat resolution):
        //   A: 00 0 2937 0 0 10 / A: 01 0 1652 0 0 10 / A: 2f 0 9 0 0 0 / A: 30 0 2937 0 0 0 / A: 32 0 2937 0 0 0
        //   A: 33 0 1652 0 0 0 / A: 34 0 1 0 0 0 / A: 35 0 2937 4 0 10 / A: 36 0 1652 4 0 10 / A: 39 0 65535 0 0 0
        #expect(DevicePanel.rawLines(r.rawDevice) == [
            "  raw: multitouch B (slots); axes: range, units/mm, fuzz",
            "  ABS_X  0…2937  10/mm (293.7 mm)  fuzz 0",
            "  ABS_Y  0…1652  10/mm (165.2 mm)  fuzz 0",
            "  ABS_MT_SLOT  0…9  no resolution  fuzz 0",
            "  ABS_MT_TOUCH_MAJOR  0…2937  no resolution  fuzz 0",
            "  ABS_MT_WIDTH_MAJOR  0…2937  no resolution  fuzz 0",
            "  ABS_MT_WIDTH_MINOR  0…1652  no resolution  fuzz 0",
            "  ABS_MT_ORIENTATION  0…1  no resolution  fuzz 0",
            "  ABS_MT_POSITION_X  0…2937  10/mm (293.7 mm)  fuzz 4",
            "  ABS_MT_POSITION_Y  0…1652  10/mm (165.2 mm)  fuzz 4",
            "  ABS_MT_TRACKING_ID  0…65535  no resolution  fuzz 0",
        ])
        // In the panel: the device's name row, then those lines, then the statistics.
        var info = try #require(TouchDeviceInfo.recorded(name: r.header.device, file: "f.evemu", format: "evemu"))
        info.raw = r.rawDevice
        let lines = DevicePanel.lines(DevicePanel.Row(info: info, stats: nil))
        #expect(lines.first == "Wacom Cintiq 13HD touch Finger  (replayed from f.evemu (evemu))")
        #expect(Array(lines.dropFirst().prefix(11)) == DevicePanel.rawLines(r.rawDevice))
        #expect(DevicePanel.rawLines(nil).isEmpty)
    }

    @Test("a major of 80 units at 10 units/mm is 8 mm: 40 points across a 100 mm axis stretched onto 500 points, 32 down one stretched onto 400")
    func ellipseWithResolution() throws {
        let device = RawDevice(name: "d", protocol: "multitouch B (slots)", axes: [
            RawAxis(name: "ABS_MT_ORIENTATION", code: 0x34, min: -90, max: 90),
            RawAxis(name: "ABS_MT_POSITION_X", code: 0x35, min: 0, max: 1000, resolution: 10),   // 100 mm onto 500 pt: 5 pt/mm
            RawAxis(name: "ABS_MT_POSITION_Y", code: 0x36, min: 0, max: 1000, resolution: 10),   // 100 mm onto 400 pt: 4 pt/mm
        ], window: Size(width: 500, height: 400))
        // Orientation 0: the major axis along y. 8 mm major -> 32 pt high; 4 mm minor -> 20 pt wide.
        let upright = try #require(ContactEllipse.outline(RawContact(touchMajor: 80, touchMinor: 40, orientation: 0), device: device))
        let mm = try #require(ContactEllipse.sizeMM(RawContact(touchMajor: 80, touchMinor: 40), device: device))
        #expect(mm.major == 8 && mm.minor == 4)
        #expect(near(extent(upright).h, 32) && near(extent(upright).w, 20), "\(extent(upright))")
        // Orientation 90 (the axis's maximum): a quarter turn, the major along x: 40 pt wide, 16 pt high.
        let turned = try #require(ContactEllipse.outline(RawContact(touchMajor: 80, touchMinor: 40, orientation: 90), device: device))
        #expect(near(extent(turned).w, 40) && near(extent(turned).h, 16), "\(extent(turned))")
        // No minor: a circle of the major's size (8 mm: 40 wide, 32 high here).
        let round = try #require(ContactEllipse.outline(RawContact(touchMajor: 80), device: device))
        #expect(near(extent(round).w, 40) && near(extent(round).h, 32))
        // No touch size: nothing to draw.
        #expect(ContactEllipse.outline(RawContact(slot: 0, trackingID: 3), device: device) == nil)
    }

    @Test("the Cintiq's major of 127 units at 10 units/mm is 12.7 mm: 12.7 × 10 × 600 / 1652 points high on an 800×600 scene")
    func ellipseOfTheRealDevice() throws {
        let r = try ImportedRecording(path: Self.fixture, window: Size(width: 800, height: 600))
        let contact = try #require(r.contacts.first { $0.touchMajor == 127 })
        let pts = try #require(ContactEllipse.outline(contact, device: r.rawDevice))
        // x: 0…2937 at 10/mm onto 800 pt; y: 0…1652 at 10/mm onto 600 pt. No minor: round in mm.
        #expect(near(extent(pts).h, 12.7 * 10 * 600 / 1652), "\(extent(pts))")
        #expect(near(extent(pts).w, 12.7 * 10 * 800 / 2937), "\(extent(pts))")
    }

    @Test("without a resolution the size stays in device units, stretched as x is: 20 units of a 0…799 axis on 800 points")
    func ellipseWithoutResolution() throws {
        let device = RawDevice(name: "d", protocol: "multitouch B (slots)", axes: [
            RawAxis(name: "ABS_MT_POSITION_X", code: 0x35, min: 0, max: 799),
            RawAxis(name: "ABS_MT_POSITION_Y", code: 0x36, min: 0, max: 479),
        ], window: Size(width: 800, height: 600))
        #expect(ContactEllipse.sizeMM(RawContact(touchMajor: 20), device: device) == nil)
        let pts = try #require(ContactEllipse.outline(RawContact(touchMajor: 20), device: device))
        #expect(near(extent(pts).w, 20 * 800.0 / 799) && near(extent(pts).h, 20 * 800.0 / 799), "\(extent(pts))")
    }

    @Test("the event log and the selection detail name a touch's slot and tracking id beside TouchScope's id")
    func logAndDetail() throws {
        let contacts = [3: RawContact(slot: 0, trackingID: 7), 4: RawContact(slot: 1, trackingID: 8)]
        let sample = TraceRecord(t: 0.1, .touchSample(FingerSample(touch: 3, key: TouchKey(device: 0, finger: 1),
                                                                   point: Point(x: 10, y: 10), phase: .began, pressure: 1, isEmulated: false)))
        #expect(RawTouches.annotation(sample.body, contacts: contacts) == "touch 3: slot 0 id 7")
        let both = TraceRecord.Body.touches(phase: .began, view: TraceName("photo"), touches: [3, 4], reason: nil)
        #expect(RawTouches.annotation(both, contacts: contacts) == "touch 3: slot 0 id 7, touch 4: slot 1 id 8")
        #expect(RawTouches.annotation(sample.body, contacts: [:]) == nil)
        // The selection detail of a touches message (the log keeps those, not samples): a
        // "device:" paragraph with the slots and ids.
        let log = TraceLog()
        log.append(TraceRecord(t: 0.1, both))
        let seq = try #require(log.seqs(of: Set(TraceKind.allCases), limit: 1, skippingNewest: 0).first)
        let style = OverlayStyle()
        let lines = try #require(SelectionDetail.lines(seq: seq, log: log, width: 2000, style: style, measurer: EstimatedTextMeasurer(),
                                                       raw: contacts))
        #expect(lines.contains("device: touch 3: slot 0 id 7, touch 4: slot 1 id 8"))
        let plain = try #require(SelectionDetail.lines(seq: seq, log: log, width: 2000, style: style, measurer: EstimatedTextMeasurer()))
        #expect(!plain.contains { $0.contains("slot") })
    }

    @Test("a touch's label: its id, then the device's slot and tracking id; the id alone without them")
    func labels() {
        #expect(TouchesOverlay.idLabel(3, RawContact(slot: 0, trackingID: 7)) == "3  slot 0 id 7")
        #expect(TouchesOverlay.idLabel(3, RawContact(slot: 2)) == "3  slot 2")
        #expect(TouchesOverlay.idLabel(3, RawContact()) == "3")
        #expect(TouchesOverlay.idLabel(3, nil) == "3")
    }
}
