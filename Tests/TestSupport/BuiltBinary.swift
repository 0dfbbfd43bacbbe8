// Support shared by the test targets that run the built `touchscope` binary.
import Foundation

public enum BuiltBinary {
    /// The `touchscope` binary next to the running test bundle (the same scratch path:
    /// `.build/debug`, or `.build-asan/debug` under `make test-sanitize`), else
    /// `<root>/.build/debug/touchscope`.
    /// TOUCHSCOPE_BIN, when set, runs another build (an older one, to see a test fail).
    public static func touchscope(repositoryRoot root: String) -> String {
        if let other = ProcessInfo.processInfo.environment["TOUCHSCOPE_BIN"], !other.isEmpty { return other }
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            var dir = (exe as NSString).deletingLastPathComponent
            if dir.hasSuffix(".xctest") || dir.hasSuffix("/MacOS") { dir = (dir as NSString).deletingLastPathComponent }
            let candidate = dir + "/touchscope"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return root + "/.build/debug/touchscope"
    }
}
