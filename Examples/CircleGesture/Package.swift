// swift-tools-version:6.0
// circle-gesture: a program of its own with TouchScope around it. It builds its views and a
// custom recognizer in code (no scene file) and gets touchscope's window, panels, recording
// and replay from the TouchScopeKit library.
import PackageDescription

let package = Package(
    name: "CircleGesture",
    dependencies: [
        // This repository, by path (the name is what the products below are looked up by,
        // whatever the folder of the clone is called).
        .package(name: "TouchScope", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "circle-gesture",
            dependencies: [
                .product(name: "TouchScopeKit", package: "TouchScope"),
                // For SceneTypesSample.swift, which imports TouchScene as the docs show it.
                .product(name: "TouchScene", package: "TouchScope"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
