// Input-to-photon latency: an input's SDL timestamp to the present of the first frame drawn
// after it (the touch devices panel and the bench read it).
import Testing
import CSDL2
@testable import TouchSDL
import TouchDraw

@Suite("Input-to-photon latency")
struct InputLatencyTests {
    @Test("every input waiting is on screen at the next present; percentiles cover the last second")
    func meter() throws {
        var m = InputLatencyMeter()
        m.inputArrived(sdlTicks: 1000)
        m.inputArrived(sdlTicks: 1004)
        m.inputArrived(sdlTicks: 0)          // no timestamp: not counted
        m.framePresented(atTicks: 1010)      // 10 and 6 ms
        m.framePresented(atTicks: 1026)      // nothing waited: nothing added
        m.inputArrived(sdlTicks: 1020)
        m.framePresented(atTicks: 1042)      // 22 ms
        let recent = try #require(m.recent(now: 1042))
        #expect(recent.count == 3 && recent.p50 == 10 && recent.p99 == 22)
        #expect(m.all == [10, 6, 22])
        // A second later, those are out of the window.
        #expect(m.recent(now: 2100) == nil)
        #expect(InputLatency([]) == nil)
    }

    @MainActor
    @Test("a pushed finger event is measured when the host presents the frame that shows it")
    func hostMeasures() throws {
        let host = try HostTests.makeHost()
        pushFinger(host, SDL_FINGERDOWN, finger: 5, x: 0.5, y: 0.5)
        SDL_Delay(3)
        _ = host.pollInputs()
        #expect(host.recentLatency == nil)   // handled, not yet on screen
        host.drawFrame(LatencyClient())
        let l = try #require(host.recentLatency)
        #expect(l.count == 1 && l.p50 >= 3 && l.p50 < 1000)
    }
}

/// A client that draws nothing: the frame is the present the latency waits for.
@MainActor
final class LatencyClient: HostClient {
    var sceneSize: Size { Size(width: 400, height: 300) }
    func handle(_ input: RawInput) {}
    func advance(to time: Double) -> Bool { false }
    func draw(into list: inout DisplayList, layout: HostLayout) {}
}

@Suite("Input latency to the nanosecond")
struct PresentCounterTests {
    @Test("each input gets the counter of the present that showed it, in arrival order; inputs never shown get none")
    func counters() {
        var meter = InputLatencyMeter()
        meter.inputArrived(sdlTicks: 10)
        meter.inputArrived(sdlTicks: 11)
        meter.framePresented(atTicks: 20, counter: 1_000)
        meter.framePresented(atTicks: 30, counter: 2_000)   // nothing waiting: no entry
        meter.inputArrived(sdlTicks: 31)
        meter.framePresented(atTicks: 40, counter: 3_000)
        meter.inputArrived(sdlTicks: 41)                    // never presented
        #expect(meter.presentCounters == [1_000, 1_000, 3_000])
        #expect(meter.all == [10, 9, 9])
    }
}

@Suite("Input latency of scene input only")
struct SceneLatencyTests {
    @Test("an input set aside (it went to the debugger's toolbar or panels) is left out of the readout, not out of the bench's figures")
    func setAside() throws {
        var m = InputLatencyMeter()
        m.inputArrived(sdlTicks: 1000)   // a tap on the toolbar
        m.setLatestAside()
        m.inputArrived(sdlTicks: 1004)   // a finger on the scene
        m.otherEventArrived()            // a window event: setting aside now touches no input
        m.setLatestAside()
        m.framePresented(atTicks: 1010)  // 10 ms (aside) and 6 ms (scene)
        let recent = try #require(m.recent(now: 1010))
        #expect(recent.count == 1 && recent.p50 == 6 && recent.p99 == 6)
        #expect(m.all == [10, 6])
        // Only taps on the debugger: no scene input in the last second.
        m.inputArrived(sdlTicks: 2000)
        m.setLatestAside()
        m.framePresented(atTicks: 2020)
        #expect(m.recent(now: 2020) == nil)
        #expect(m.all == [10, 6, 20])
    }

    @MainActor
    @Test("the host leaves out of recentLatency the input its client sets aside")
    func hostSetsAside() throws {
        let host = try HostTests.makeHost()
        pushFinger(host, SDL_FINGERDOWN, finger: 5, x: 0.5, y: 0.5)
        _ = host.pollInputs()
        host.setInputAside()                  // the client's panels took it
        pushFinger(host, SDL_FINGERDOWN, finger: 6, x: 0.2, y: 0.2)
        _ = host.pollInputs()                 // the scene's
        host.drawFrame(LatencyClient())
        let l = try #require(host.recentLatency)
        #expect(l.count == 1)
        #expect(host.latency.all.count == 2)
    }
}
