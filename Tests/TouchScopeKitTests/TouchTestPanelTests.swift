// The touchtest window's panel: at 1280×800, 800×1280 and 2560×1600, on every page and with
// the targets' verdict shown, every line of text fits whole inside the panel above its
// buttons, and every button is a touch target of at least 44 points inside the panel,
// none overlapping another.
import Testing
import TouchCore
import TouchDraw
@testable import TouchScene
@testable import TouchScopeKit

@Suite("touchtest: the panel's layout")
struct TouchTestPanelTests {
    /// The test on every page in turn, the targets page with its verdict.
    static func states(_ window: Size) -> [TouchTest] {
        var test = TouchTest(window: window, sizeMM: nil, device: "Synthetic Panel")
        var t = 0.0, f = 0
        for target in test.targets {
            f += 1
            test.handle(RawInput(t: t, .fingerDown(finger: f, x: target.x + 3, y: target.y - 2)))
            test.handle(RawInput(t: t + 0.05, .fingerUp(finger: f, x: target.x + 3, y: target.y - 2)))
            t += 0.3
        }
        var out = [test]
        for _ in 0..<5 { test.next(at: t); out.append(test) }
        return out
    }

    @Test("every page's text and buttons fit at 1280×800, 800×1280 and 2560×1600")
    func fits() throws {
        let measurer = EstimatedTextMeasurer()
        for window in [Size(width: 1280, height: 800), Size(width: 800, height: 1280), Size(width: 2560, height: 1600)] {
            let states = Self.states(window)
            #expect(states.first?.status[.targets] == .done)
            #expect(states.map(\.page) == TouchTest.Page.allCases)
            for test in states {
                for upper in [false, true] {
                    let p = TouchTestPanel(test, upper: upper, message: "Wrote /tmp/99-touchscreen-calibration.rules; copy it to /etc/udev/rules.d/",
                                           udevPath: "99-touchscreen-calibration.rules", measurer: measurer)
                    let at = "\(window) \(test.page)"
                    #expect(p.fits, "\(at)")
                    let top = p.buttons.map(\.rect.minY).min() ?? p.rect.maxY
                    for line in p.lines {
                        let size = measurer.measure(line.text, size: line.size, font: .sans)
                        #expect(line.origin.x >= p.rect.minX && line.origin.x + size.width <= p.rect.maxX, "\(at): \(line.text)")
                        #expect(line.origin.y >= p.rect.minY && line.origin.y + size.height <= top, "\(at): \(line.text)")
                    }
                    for (i, b) in p.buttons.enumerated() {
                        #expect(b.rect.width >= 44 && b.rect.height >= 44, "\(at): \(b.id)")
                        #expect(p.rect.contains(b.rect.origin) && b.rect.maxX <= p.rect.maxX && b.rect.maxY <= p.rect.maxY, "\(at): \(b.id)")
                        #expect(measurer.measure(b.label, size: b.size, font: .sans).width <= b.rect.width, "\(at): \(b.id)")
                        for c in p.buttons[(i + 1)...] {
                            #expect(b.rect.maxX <= c.rect.minX || c.rect.maxX <= b.rect.minX, "\(at): \(b.id) overlaps \(c.id)")
                        }
                    }
                    let ids = Set(p.buttons.map(\.id))
                    switch test.page {
                    case .targets: #expect(ids == ["skip", "next", "try", "udev"], "\(at)")
                    case .summary: #expect(ids == ["back"], "\(at)")
                    case .draw: #expect(ids == ["back", "skip", "next", "move"], "\(at)")
                    default: #expect(ids == ["back", "skip", "next"], "\(at)")
                    }
                }
            }
        }
    }
}
