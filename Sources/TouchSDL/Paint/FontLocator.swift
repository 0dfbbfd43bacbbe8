// FontLocator: where the TrueType fonts come from, in a fixed order.
import Foundation
import TouchDraw

/// The font files the painter uses: one per face, or nil for the bitmap fallback.
public struct FontFiles: Sendable, Hashable {
    public var sans: String?
    public var mono: String?
    /// Where they were found, for diagnostics ("TOUCHSCOPE_FONT_DIR", "assets/fonts", ...).
    public var source: String
    public init(sans: String?, mono: String?, source: String) {
        self.sans = sans; self.mono = mono; self.source = source
    }
    /// No font files: text is drawn with the built-in 8×8 bitmap font.
    public static let bitmap = FontFiles(sans: nil, mono: nil, source: "built-in bitmap font")
    public func path(for face: FontFace) -> String? { face == .mono ? mono ?? sans : sans ?? mono }
    public var isBitmap: Bool { sans == nil && mono == nil }
}

/// Finds fonts. Order:
/// 1. `TOUCHSCOPE_FONT` (one file for both faces), `TOUCHSCOPE_FONT_DIR` (a directory);
/// 2. `assets/fonts` under the current directory;
/// 3. `assets/fonts` next to the executable or in any directory above it (so
///    `.build/debug/touchscope` finds the repository's fonts);
/// 4. the system's DejaVu (`/usr/share/fonts/truetype/dejavu`);
/// 5. nothing: the built-in bitmap font.
///
/// `TOUCHSCOPE_FONT=bitmap` forces the bitmap font.
public enum FontLocator {
    public static let sansName = "DejaVuSans.ttf"
    public static let monoName = "DejaVuSansMono.ttf"
    public static let systemDirectory = "/usr/share/fonts/truetype/dejavu"

    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment,
                              currentDirectory: String = FileManager.default.currentDirectoryPath,
                              executablePath: String? = executablePath()) -> FontFiles {
        let fm = FileManager.default
        if let file = environment["TOUCHSCOPE_FONT"], !file.isEmpty {
            if file == "bitmap" { return .bitmap }
            if fm.isReadableFile(atPath: file) { return FontFiles(sans: file, mono: file, source: "TOUCHSCOPE_FONT") }
        }
        if let dir = environment["TOUCHSCOPE_FONT_DIR"], !dir.isEmpty, let f = fonts(in: dir, source: "TOUCHSCOPE_FONT_DIR") {
            return f
        }
        if let f = fonts(in: (currentDirectory as NSString).appendingPathComponent("assets/fonts"), source: "assets/fonts") {
            return f
        }
        if let exe = executablePath {
            var dir = (exe as NSString).deletingLastPathComponent
            while !dir.isEmpty {
                if let f = fonts(in: (dir as NSString).appendingPathComponent("assets/fonts"), source: "assets/fonts above the executable") {
                    return f
                }
                let parent = (dir as NSString).deletingLastPathComponent
                if parent == dir { break }
                dir = parent
            }
        }
        if let f = fonts(in: systemDirectory, source: systemDirectory) { return f }
        return .bitmap
    }

    /// DejaVuSans.ttf / DejaVuSansMono.ttf in `dir`, else its first `.ttf` for both faces.
    static func fonts(in dir: String, source: String) -> FontFiles? {
        let fm = FileManager.default
        let sans = (dir as NSString).appendingPathComponent(sansName)
        let mono = (dir as NSString).appendingPathComponent(monoName)
        let hasSans = fm.isReadableFile(atPath: sans), hasMono = fm.isReadableFile(atPath: mono)
        if hasSans || hasMono {
            return FontFiles(sans: hasSans ? sans : nil, mono: hasMono ? mono : nil, source: source)
        }
        let any = (try? fm.contentsOfDirectory(atPath: dir))?.filter { $0.lowercased().hasSuffix(".ttf") }.sorted().first
        return any.map { FontFiles(sans: (dir as NSString).appendingPathComponent($0), mono: nil, source: source) }
    }

    /// This process's executable (`/proc/self/exe`), or `argv[0]` elsewhere.
    public static func executablePath() -> String? {
        if let p = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return p }
        return CommandLine.arguments.first
    }
}
