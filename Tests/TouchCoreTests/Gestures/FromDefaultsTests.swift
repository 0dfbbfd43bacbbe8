import Testing
@testable import TouchCore

// @FromDefaults: a recognizer's number follows the application's Defaults until the program
// sets it (the values below are Defaults.swift's documented defaults).
@Suite("@FromDefaults settings")
struct FromDefaultsTests {
    @Test("a pan's slop reads the application's defaults, live, until the program sets its own")
    func followsTheApplicationUntilSet() {
        let app = Application(windowSize: Size(width: 200, height: 200))
        let pan = PanGestureRecognizer(id: "pan")
        app.window.addGestureRecognizer(pan)
        #expect(pan.panSlop == 10)
        #expect(pan.$panSlop == nil)
        app.defaults.panSlop = 30
        #expect(pan.panSlop == 30)
        pan.panSlop = 5
        app.defaults.panSlop = 40
        #expect(pan.panSlop == 5)
        #expect(pan.$panSlop == 5)
    }

    @Test("each setting follows its own entry; a recognizer in no application reads Defaults()")
    func eachSettingItsOwnEntry() {
        let press = LongPressGestureRecognizer(id: "press")
        let swipe = SwipeGestureRecognizer(id: "swipe")
        #expect(press.minimumPressDuration == 0.5)
        #expect(swipe.minimumDistance == 50)
        let app = Application(windowSize: Size(width: 200, height: 200))
        app.window.addGestureRecognizer(press)
        app.window.addGestureRecognizer(swipe)
        app.defaults.longPressDuration = 0.8
        #expect(press.minimumPressDuration == 0.8)
        #expect(swipe.minimumDistance == 50)
        swipe.minimumDistance = 70
        #expect(swipe.minimumDistance == 70 && press.minimumPressDuration == 0.8)
    }
}
