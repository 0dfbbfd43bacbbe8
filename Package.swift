// swift-tools-version:6.0
// TouchScope: the UIKit event-handling model on Linux, made visible.
import PackageDescription

let package = Package(
    name: "TouchScope",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "TouchCore", targets: ["TouchCore"]),
        .library(name: "TouchScene", targets: ["TouchScene"]),
        // The host as a library: a program that builds its Application in code gets the
        // window, the panels, recording and replay, and touchscope's command line.
        .library(name: "TouchScopeKit", targets: ["TouchScopeKit"]),
        .executable(name: "touchscope", targets: ["touchscope"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        // RealModule: cos, atan2, exp, pow... as `Double.cos(_:)`, with no C library import of our own.
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        // Tests only: property-based tests with shrinking (docs/robustness.md).
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // Documentation only: `make docs` (swift package generate-documentation).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // SDL2, SDL2_ttf and SDL2_image from Debian's -dev packages (headers under
        // /usr/include/SDL2, found as <SDL2/SDL.h>; the module map links the libraries).
        // No pkgConfig: sdl2's flags carry -D_REENTRANT, which SwiftPM refuses with a
        // warning in every package that depends on this one; glibc needs no such flag.
        .systemLibrary(
            name: "CSDL2",
            providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev"])]
        ),
        // The Linux evdev ioctls and `struct input_event` records, which Swift cannot import
        // (the EVIOC* request numbers are function-like macros); used by TouchScene's reader.
        .target(name: "CEvdev"),
        // The event model of SPEC.md. Pure Swift: no SDL, no files, no wall clock.
        .target(name: "TouchCore", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        // The rule every file the tool reads or writes follows (regular files only, never
        // waited on, written in place, whole or not at all): FileAccess, for TouchScene and TouchSDL.
        .target(name: "TouchFiles"),
        // Scene YAML -> TouchCore objects; recordings and traces as JSON Lines.
        .target(name: "TouchScene", dependencies: ["TouchCore", "TouchFiles", "Yams", "CEvdev"]),
        // Views and overlays -> a display list (data, no SDL).
        .target(name: "TouchDraw", dependencies: ["TouchCore", .product(name: "RealModule", package: "swift-numerics")]),
        // The SDL host: window, input translation, painter, text, audio, gamepad, input sources
        // (TouchScene for the evdev touchscreen's reader, EvdevReader).
        .target(name: "TouchSDL", dependencies: ["CSDL2", "TouchCore", "TouchDraw", "TouchFiles", "TouchScene"]),
        // The headless workloads behind `touchscope bench`: generated scenes and finger streams.
        .target(name: "TouchBench", dependencies: ["TouchCore", "TouchScene", .product(name: "RealModule", package: "swift-numerics")]),
        // The host: the window and its frame loop, the panels' trace log, recording, hot
        // reload, replay, and the command line of `run` and `replay` (TouchScopeApp).
        .target(
            name: "TouchScopeKit",
            dependencies: [
                "TouchCore", "TouchScene", "TouchDraw", "TouchSDL", "TouchFiles",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The command line: run, replay, check, import, bench (the host is TouchScopeKit's).
        .executableTarget(
            name: "touchscope",
            dependencies: [
                "TouchCore", "TouchScene", "TouchDraw", "TouchSDL", "TouchBench", "TouchScopeKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Helpers the test targets share (not part of any product).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "TouchCoreTests", dependencies: [
            "TouchCore", .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "TouchSceneTests", dependencies: [
            "TouchScene", "TouchCore", "TouchBench", "TestSupport", "CEvdev", .product(name: "PropertyBased", package: "swift-property-based"),
        ], resources: [.copy("Fixtures")]),
        .testTarget(name: "TouchDrawTests", dependencies: ["TouchDraw", "TouchScene", "TouchCore", "TouchBench"]),
        .testTarget(name: "TouchSDLTests", dependencies: ["TouchSDL", "TouchCore", "CSDL2"]),
        // Unit tests of the host library's own parts (`@testable import TouchScopeKit`); they read
        // the demo scenes and the end-to-end tests' recordings by path (Paths.swift).
        .testTarget(name: "TouchScopeKitTests", dependencies: ["TouchScopeKit", "TouchScene", "TouchCore", "TouchDraw", "TouchSDL", "TouchBench"],
                    exclude: ["README.md"]),
        // End-to-end tests: the touchscope binary and command line, golden traces, and host
        // behaviour seen through the command's code (`@testable import touchscope`).
        // Golden traces and recordings are read from the source tree by path (Support.swift).
        .testTarget(name: "touchscopeTests", dependencies: ["touchscope", "TouchScopeKit", "TouchScene", "TouchCore", "TouchDraw", "TouchBench", "TestSupport"],
                    exclude: ["Golden", "Recordings", "Expectations", "README.md"]),
    ],
    swiftLanguageModes: [.v6]
)
