// Calibration with numbers of every size: a triangle is a triangle whatever its scale.
import Testing
import TouchCore
@testable import TouchScene

@Suite("Calibration: numbers of every size")
struct CalibrationNumbersTests {
    @Test("a valid triangle of targets is never called on one line because its numbers are large (or small); a line is, at any scale")
    func collinearAtAnyScale() {
        for scale in [1e-200, 1e-3, 1, 1e5, 1e150, 1e200, 1e300] {
            let triangle = [Point(x: 0, y: 0), Point(x: scale, y: 0), Point(x: 0, y: scale)]
            #expect(!Calibration.collinear(triangle), "scale \(scale)")
            let line = [Point(x: 0, y: 0), Point(x: scale, y: scale), Point(x: 2 * scale, y: 2 * scale)]
            #expect(Calibration.collinear(line), "scale \(scale)")
        }
    }
}
