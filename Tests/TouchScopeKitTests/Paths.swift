// Repository paths for the tests of the host library: the demo scenes and the end-to-end
// tests' recordings (Tests/touchscopeTests/Recordings), found from this file's location.
import Foundation

enum Paths {
    static let root: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3) // Tests/TouchScopeKitTests/Paths.swift
        return parts.joined(separator: "/")
    }()
    static func scene(_ name: String) -> String { root + "/scenes/\(name).yaml" }
    static func recording(_ name: String) -> String { root + "/Tests/touchscopeTests/Recordings/\(name).jsonl" }

    /// A fresh folder for this test process's output files.
    static let temporary: String = {
        let dir = NSTemporaryDirectory() + "touchscope-kit-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }()
    static func temporary(_ name: String) -> String { temporary + "/" + name }
}
