import CSDL2
import Foundation
import Testing
import TouchCore
import TouchDraw
@testable import TouchSDL

/// Real X11 input into a real SDL window: run by Tests/xvfb/host-input.sh under xvfb-run
/// (`TOUCHSCOPE_XVFB=1`); skipped otherwise.
@MainActor
@Suite("X11 window under Xvfb", .serialized,
       .enabled(if: ProcessInfo.processInfo.environment["TOUCHSCOPE_XVFB"] == "1"))
struct XvfbTests {
    func xdotool(_ args: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["xdotool"] + args
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        p.waitUntilExit()
        return String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// Polls the host until `count` inputs matching `keep` arrived (at most 3 s).
    func collect(_ host: SDLHost, count: Int, _ keep: (RawInput) -> Bool) -> [RawInput] {
        var got: [RawInput] = []
        let start = SDL_GetTicks64()
        while got.count < count, SDL_GetTicks64() - start < 3000 {
            got += host.pollInputs().filter(keep)
            SDL_Delay(10)
        }
        return got
    }

    @Test("xdotool clicks and keys reach the window as scene-point mouse input and SDL key names")
    func mouseAndKeys() throws {
        unsetenv("SDL_VIDEODRIVER")
        let host = try SDLHost(options: HostOptions(sceneName: "xvfb", windowSize: Size(width: 800, height: 600),
                                                    layout: LayoutOptions(panelsVisible: false, margin: 0), fonts: .bitmap),
                               sceneSize: Size(width: 400, height: 300))
        #expect(SDLContext.videoDriver == "x11")
        for _ in 0..<30 { _ = host.pollInputs(); SDL_Delay(10) }   // let the window map
        let id = try xdotool(["search", "--sync", "--pid", String(getpid())])
            .split(separator: "\n").last.map(String.init) ?? ""
        #expect(!id.isEmpty)
        _ = try xdotool(["mousemove", "--window", id, "200", "150", "mousedown", "1",
                         "mousemove", "--window", id, "300", "150", "mouseup", "1"])
        let mouse = collect(host, count: 3) { i in
            switch i.kind { case .mouseDown, .mouseUp, .mouseMove: true; default: false }
        }
        #expect(mouse.first?.kind == .mouseDown(x: 100, y: 75, button: .left, mods: []))
        #expect(mouse.last?.kind == .mouseUp(x: 150, y: 75, button: .left, mods: []))

        _ = try xdotool(["windowfocus", "--sync", id, "key", "z"])
        let keys = collect(host, count: 2) { i in
            switch i.kind { case .keyDown, .keyUp: true; default: false }
        }
        #expect(keys.map(\.kind) == [.keyDown(key: "Z"), .keyUp(key: "Z")])

        // A screenshot of the live window.
        final class Blue: HostClient {
            var sceneSize = Size(width: 400, height: 300)
            var n = 0
            weak var host: SDLHost?
            func hostDidStart(_ host: SDLHost) { self.host = host }
            func handle(_ input: RawInput) {}
            func advance(to time: Double) -> Bool { true }
            func draw(into list: inout DisplayList, layout: HostLayout) {
                list.fillRect(layout.sceneRect, .blue)
                n += 1
                if n == 2 { host?.requestQuit() }
            }
        }
        let path = NSTemporaryDirectory() + "touchscope-xvfb-\(getpid()).png"
        host.saveScreenshot(to: path)
        host.run(client: Blue())
        // The file is the window's pixels: 800×600, the scene filled blue (no panels, no margin).
        let loaded = try #require(IMG_Load(path), "\(path) is not an image SDL_image reads")
        defer { SDL_FreeSurface(loaded) }
        let rgba = try #require(SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ABGR8888.rawValue, 0))
        defer { SDL_FreeSurface(rgba) }
        #expect(rgba.pointee.w == 800 && rgba.pointee.h == 600, "\(rgba.pointee.w)×\(rgba.pointee.h)")
        let pitch = Int(rgba.pointee.pitch)
        let bytes = try #require(rgba.pointee.pixels).assumingMemoryBound(to: UInt8.self)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { (0..<3).map { bytes[y * pitch + x * 4 + $0] } }
        let blue = [Color.blue.r, Color.blue.g, Color.blue.b]
        for (x, y) in [(400, 300), (1, 1), (798, 1), (1, 598), (798, 598), (200, 450)] {
            #expect(pixel(x, y) == blue, "pixel (\(x), \(y)) is \(pixel(x, y)), not the scene's blue")
        }
        try? FileManager.default.removeItem(atPath: path)
    }
}
