// The live test's summary, coverage and report, as a person reads them: each summary verdict
// is the page's own and names it; the draw page does not pass before anything touched it;
// coverage counts the strokes between reports on cells near square; each contact keeps its
// own tracking id; the HTML report's figures are labelled and draw their limits.
import Foundation
import Testing
import TestSupport
import TouchCore
@testable import TouchScene

@Suite("touchtest: the summary, the coverage and the report")
struct TouchTestSummaryTests {
    static let window = Size(width: 1280, height: 800), sizeMM = Size(width: 256, height: 160)

    /// A test moved on to `page` by skipping the pages before.
    static func at(_ page: TouchTest.Page, window: Size = window, sizeMM: Size? = sizeMM) -> TouchTest {
        var test = TouchTest(window: window, sizeMM: sizeMM)
        while test.page != page { test.skip(at: 0) }
        return test
    }

    @Test("the draw page does not PASS ghost-touches before any input: not measured, 0 reports, at least 2 needed; a clean tap then passes")
    func drawNotMeasuredBeforeInput() throws {
        var test = Self.at(.draw)
        let before = try #require(test.liveChecks.first { $0.name == "ghost-touches" })
        #expect(before.pass == nil && before.value == nil, "\(before)")
        #expect(before.note == "0 reports, at least 2 needed (a contact that landed and lifted)")
        var f = MadeFingers()
        f.t = 1
        f.contact(duration: 0.2) { s in Point(x: 200 + 100 * s, y: 300) }
        f.feed(&test)
        #expect(test.liveChecks.first { $0.name == "ghost-touches" }?.pass == true)
    }

    @Test("Finish on a draw page nobody touched: ghost-touches is not measured (never PASS), and the summary says so")
    func untouchedDrawPage() throws {
        var test = Self.at(.draw)
        test.next(at: 5)
        #expect(test.page == .summary)
        let page = try #require(test.results[.draw]?.checks.first { $0.name == "ghost-touches" })
        #expect(page.pass == nil, "\(page)")
        let summary = try #require(test.verdicts.first { $0.check.name == "ghost-touches" })
        #expect(summary.check.pass == nil && summary.page == .draw, "\(summary)")
    }

    @Test("the summary takes each check from the page that measured it and names it: the hold page's PASS stays a PASS whatever the fingers page slid")
    func summaryAgreesWithPages() throws {
        var test = TouchTest(window: Self.window, sizeMM: Self.sizeMM)
        test.skip(at: 0); test.skip(at: 0)
        #expect(test.page == .hold)
        var f = MadeFingers(); f.noise = 0.5   // ±0.1 mm
        f.contact(duration: 1.5) { _ in test.holdSpot }
        f.feed(&test)
        let hold = try #require(test.results[.hold]?.checks.first { $0.name == "stationary-jitter" })
        #expect(hold.pass == true)
        test.next(at: f.t)
        #expect(test.page == .fingers)
        // Two fingers; the second rests 0.5 s, then slides slowly 10 mm and back: a "held"
        // stretch with a large spread for analyze of the whole session.
        f.noise = 0
        f.contact(duration: 2, gap: 0, finger: 1) { _ in Point(x: 300, y: 300) }
        f.t -= 2
        f.contact(duration: 2, finger: 2) { s in Point(x: 400 + 12 * sin(s * .pi), y: 300) }
        f.feed(&test)
        #expect(test.status[.fingers] == .done)
        test.next(at: f.t); test.next(at: f.t)
        #expect(test.page == .summary)
        let v = try #require(test.verdicts.first { $0.check.name == "stationary-jitter" })
        #expect(v.page == .hold)
        #expect(v.check.pass == hold.pass && v.check.value == hold.value)
        #expect(v.check.note.hasPrefix("from the hold page"), "\(v.check.note)")
        let whole = try #require(test.summary?.checks.first { $0.name == "stationary-jitter" })
        #expect(whole.value != hold.value, "the whole session's figure differs: that is why the summary takes the page's")
        // Skipped pages decide nothing and say so.
        let acc = try #require(test.verdicts.first { $0.check.name == "accuracy" })
        #expect(acc.check.pass == nil && acc.check.note == "the targets page was skipped")
        #expect(test.verdicts.map(\.check.name) == TouchTest.Page.summary.checks)
    }

    @Test("report-rate, measured by three pages, comes from the one that did worst, and names the others' figures")
    func reportRateFromTheWorstPage() throws {
        var test = TouchTest(window: Self.window, sizeMM: Self.sizeMM)
        test.skip(at: 0)
        var f = MadeFingers(); f.rate = 120
        for g in test.guides { f.contact(duration: 1) { s in Point(x: g.from.x + (g.to.x - g.from.x) * s, y: g.from.y + (g.to.y - g.from.y) * s) } }
        f.feed(&test)
        #expect(test.status[.lines] == .done)
        test.next(at: f.t)
        f.rate = 40
        f.contact(duration: 1.5) { _ in test.holdSpot }
        f.feed(&test)
        #expect(test.results[.hold]?.checks.first { $0.name == "report-rate" }?.pass == false)
        for _ in 0..<3 { test.next(at: f.t) }
        let v = try #require(test.verdicts.first { $0.check.name == "report-rate" })
        #expect(v.page == .hold && v.check.pass == false)
        #expect(v.others.count == 1 && v.others[0].hasPrefix("lines 1"), "\(v.others)")
        #expect(v.check.note.hasPrefix("from the hold page; also lines 1"), "\(v.check.note)")
    }

    @Test("coverage counts every cell a fast stroke crosses between two reports, not only the reports' cells")
    func coverageCountsStrokes() {
        var test = Self.at(.draw)
        // Three reports across the top row: 0, 640 and 1270 points (a stroke of 32 cells).
        test.handle(RawInput(t: 1, .fingerDown(finger: 1, x: 5, y: 10)))
        test.handle(RawInput(t: 1.01, .fingerMove(finger: 1, x: 640, y: 10)))
        test.handle(RawInput(t: 1.02, .fingerMove(finger: 1, x: 1275, y: 10)))
        test.handle(RawInput(t: 1.03, .fingerUp(finger: 1, x: 1275, y: 10)))
        #expect(test.coverage[0..<32].allSatisfy { $0 == 1 }, "\(Array(test.coverage[0..<32]))")
        #expect(test.coverage[32...].allSatisfy { $0 == 0 })
        // A diagonal from corner to corner: each cell it crosses, nothing twice, a connected path.
        var grid = CoverageGrid(area: Self.window)
        grid.land(Point(x: 1, y: 1))
        grid.stroke(from: Point(x: 1, y: 1), to: Point(x: 1279, y: 799))
        #expect(grid.cells.max() == 1)
        #expect(grid.touched >= 32 && grid.touched <= 52, "\(grid.touched)")
        #expect(grid.cells[0] == 1 && grid.cells[grid.cells.count - 1] == 1)
    }

    @Test("coverage cells are near square: 32 × 20 in landscape, 20 × 32 in portrait, 32 × 18 at 16:9, 24 × 32 at 3:4")
    func squareCells() {
        let portrait = Self.at(.draw, window: Size(width: 800, height: 1280), sizeMM: Size(width: 160, height: 256))
        #expect(portrait.coverageGrid.columns == 20 && portrait.coverageGrid.rows == 32)
        let landscape = Self.at(.draw)
        #expect(landscape.coverageGrid.columns == 32 && landscape.coverageGrid.rows == 20)
        let wide = CoverageGrid(area: Size(width: 1920, height: 1080)), tall = CoverageGrid(area: Size(width: 768, height: 1024))
        #expect(wide.columns == 32 && wide.rows == 18 && tall.columns == 24 && tall.rows == 32)
        for g in [portrait.coverageGrid, landscape.coverageGrid, wide, tall] {
            let cw = g.area.width / Double(g.columns), ch = g.area.height / Double(g.rows)
            #expect(abs(cw / ch - 1) < 0.05, "\(cw) × \(ch)")
        }
    }

    @Test("each contact of a recording has its own tracking id, though SDL gives the next contact the same finger number")
    func ownTrackingIDs() throws {
        var text = RecordingWriter.headerLine(Size(width: 100, height: 100))
        for k in 0..<3 {
            let t = Double(k)
            text += "{\"t\":\(t),\"type\":\"finger-down\",\"finger\":1,\"x\":10,\"y\":10}\n"
            text += "{\"t\":\(t + 0.01),\"type\":\"finger-up\",\"finger\":1,\"x\":10,\"y\":10}\n"
        }
        let capture = try ContactCapture.read(bytes: Array(text.utf8), file: "ids.jsonl")
        #expect(capture.tracks.map(\.slot) == [1, 1, 1])
        #expect(capture.tracks.map(\.trackingID) == [1, 2, 3])
        let a = TouchAnalysis.analyze(capture)
        #expect(a.anomalies.filter { $0.kind == "ghost-touch" }.map(\.trackingID) == [1, 2, 3])
    }

    @Test("the report: the interval histogram has a labelled y axis and the limit as a line; the stationary-jitter figure says 'the line is the limit' only where it draws one")
    func reportFigures() throws {
        var d = SyntheticDevice()
        d.contact(slot: 0, at: 0, duration: 1.0) { _ in (60, 60) }
        d.contact(slot: 0, at: 1.5, duration: 1.0) { s in (30 + 100 * s, 80) }
        let mm = TouchAnalysis.analyze(try d.capture())
        let page = TouchAnalysis.htmlReport([mm], file: "t.evemu")
        let histogram = try #require(page.components(separatedBy: "<figure>").first { $0.contains("Report intervals") })
        #expect(histogram.contains(">intervals</text>"), "a y axis named")
        #expect(histogram.contains("ms between reports"))
        #expect(histogram.contains("class=\"limit\""), "the limit drawn")
        #expect(histogram.contains("the line is the limit, 16.7 ms (60 Hz)"))
        // Without a resolution: figures in px, no limit line on the jitter, and no caption claiming one.
        var px = SyntheticDevice(); px.resolution = 0
        px.contact(slot: 0, at: 0, duration: 1.0) { _ in (60, 60) }
        let a = TouchAnalysis.analyze(try px.capture(), options: AnalysisOptions(screen: Size(width: 800, height: 600)))
        #expect(a.unit == "px")
        let pxPage = TouchAnalysis.htmlReport([a], file: "px.evemu")
        #expect(pxPage.contains("figures in px"))
        let jitter = try #require(pxPage.components(separatedBy: "<figure>").first { $0.contains("Stationary jitter") })
        #expect(!jitter.contains("class=\"limit\"") && !jitter.contains("the line is the limit"))
    }

    @Test("the report's coverage map: untouched cells grey, touched ones blue from a clear contrast, a legend; the live test's grid as given")
    func reportCoverage() throws {
        var test = Self.at(.draw, window: Size(width: 800, height: 1280), sizeMM: nil)
        test.handle(RawInput(t: 1, .fingerDown(finger: 1, x: 5, y: 10)))
        test.handle(RawInput(t: 1.02, .fingerMove(finger: 1, x: 795, y: 10)))
        test.handle(RawInput(t: 1.03, .fingerUp(finger: 1, x: 795, y: 10)))
        let (analysis, _) = test.sessionReport()
        let page = TouchAnalysis.htmlReport([analysis], file: "t.jsonl", coverage: [test.sessionCoverage])
        let map = try #require(page.components(separatedBy: "<figure>").first { $0.contains("Coverage") })
        #expect(map.contains("(20 × 32)"))
        #expect(map.components(separatedBy: "fill=\"#e4e4e8\"").count - 1 == 20 * 32 - 20 + 1)   // 20 touched, one legend swatch
        #expect(map.contains(">never</text>"))
        #expect(!map.contains("fill-opacity"))
    }
}
