// The display the window opens on: which driver is tried, and when SDL's fallback means no display.
import Testing
@testable import TouchSDL
import CSDL2
import Foundation
#if canImport(Glibc)
import Glibc
#endif

@Suite("Opening the display")
@MainActor
struct DisplayChoiceTests {
    @Test("only the kind of display the environment names is tried, unless SDL_VIDEODRIVER chooses")
    func onlyDriver() {
        #expect(SDLContext.onlyDriver(environment: ["DISPLAY": ":0"]) == "x11")
        #expect(SDLContext.onlyDriver(environment: ["WAYLAND_DISPLAY": "wayland-0"]) == "wayland")
        // Both named: SDL's own order (it prefers X11).
        #expect(SDLContext.onlyDriver(environment: ["DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"]) == nil)
        #expect(SDLContext.onlyDriver(environment: [:]) == nil)
        #expect(SDLContext.onlyDriver(environment: ["DISPLAY": ":0", "SDL_VIDEODRIVER": "kmsdrm"]) == nil)
        #expect(SDLContext.onlyDriver(environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""]) == nil)
    }

    @Test("SDL falling back to a driver that shows nothing is 'no display', naming the display")
    func fallbackIsNoDisplay() {
        #expect(SDLContext.unreachableDisplay(driver: "offscreen", environment: ["DISPLAY": ":77"])
                == "cannot open the X display :77")
        #expect(SDLContext.unreachableDisplay(driver: "dummy", environment: ["WAYLAND_DISPLAY": "w-1"])
                == "cannot open the Wayland display w-1")
        #expect(SDLContext.unreachableDisplay(driver: "offscreen", environment: ["DISPLAY": ":1", "WAYLAND_DISPLAY": "w-1"])
                == "cannot open the X display :1 or the Wayland display w-1")
        #expect(SDLContext.unreachableDisplay(driver: "offscreen", environment: [:]) == "no display to open")
        // A real display's driver, or a driver the user asked for, is never an error.
        #expect(SDLContext.unreachableDisplay(driver: "x11", environment: ["DISPLAY": ":0"]) == nil)
        #expect(SDLContext.unreachableDisplay(driver: "offscreen", environment: ["SDL_VIDEODRIVER": "offscreen"]) == nil)
        #expect(SDLContext.unreachableDisplay(driver: nil, environment: ["DISPLAY": ":0"]) == nil)
    }
}

@Suite("Choosing the renderer")
struct RendererChoiceTests {
    @Test("a machine with a DRM render node or card has a GPU; none, or no /dev/dri, has none")
    func gpuDetection() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("dri-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: base) }
        #expect(!RendererChoice.machineHasGPU(devices: base.path))
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        #expect(!RendererChoice.machineHasGPU(devices: base.path))
        #expect(FileManager.default.createFile(atPath: base.appendingPathComponent("by-path").path, contents: nil))
        #expect(!RendererChoice.machineHasGPU(devices: base.path))
        #expect(FileManager.default.createFile(atPath: base.appendingPathComponent("renderD128").path, contents: nil))
        #expect(RendererChoice.machineHasGPU(devices: base.path))
        try FileManager.default.removeItem(at: base.appendingPathComponent("renderD128"))
        #expect(FileManager.default.createFile(atPath: base.appendingPathComponent("card0").path, contents: nil))
        #expect(RendererChoice.machineHasGPU(devices: base.path))
    }

    @Test("only a present that waits paces frames: SDL's software renderer never does, even reporting vsync")
    func presentWaits() {
        let vsync = SDL_RENDERER_PRESENTVSYNC.rawValue
        #expect(RendererChoice.presentWaits(flags: SDL_RENDERER_ACCELERATED.rawValue | vsync))
        #expect(!RendererChoice.presentWaits(flags: SDL_RENDERER_ACCELERATED.rawValue))
        #expect(!RendererChoice.presentWaits(flags: SDL_RENDERER_SOFTWARE.rawValue | vsync))
        #expect(!RendererChoice.presentWaits(flags: SDL_RENDERER_SOFTWARE.rawValue))
    }
}
