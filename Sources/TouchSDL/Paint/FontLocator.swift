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
    /// The files and where they came from, in one line (`touchscope --paths`).
    public var description: String {
        if source == FontLocator.noneFound.source { return "none found: the built-in bitmap font" }
        if isBitmap { return source }
        return [sans, mono].compactMap { $0 }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            .joined(separator: ", ") + " (\(source))"
    }
}

/// Finds fonts. Order:
/// 1. `TOUCHSCOPE_FONT` (one file for both faces), `TOUCHSCOPE_FONT_DIR` (a directory);
/// 2. `assets/fonts` under the current directory;
/// 3. `assets/fonts` next to the executable or in any directory above it (so
///    `.build/debug/touchscope` finds the repository's fonts);
/// 4. the installed `PREFIX/share/touchscope/assets/fonts` (the executable in `PREFIX/bin`);
/// 5. the system's DejaVu (`/usr/share/fonts/truetype/dejavu`), then fontconfig's choice for
///    `sans-serif` and `monospace` (`fc-match`), when it is a TrueType or OpenType file;
/// 6. nothing: the built-in bitmap font, with a message saying so once (`noneFound`).
///
/// `TOUCHSCOPE_FONT=bitmap` forces the bitmap font.
public enum FontLocator {
    public static let sansName = "DejaVuSans.ttf"
    public static let monoName = "DejaVuSansMono.ttf"
    public static let systemDirectory = "/usr/share/fonts/truetype/dejavu"

    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment,
                              currentDirectory: String = FileManager.default.currentDirectoryPath,
                              executablePath: String? = executablePath(),
                              system: String = systemDirectory, fontconfig useFontconfig: Bool = true) -> FontFiles {
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
        if let exe = executablePath {
            let prefix = ((exe as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
            let installed = (prefix as NSString).appendingPathComponent("share/touchscope/assets/fonts")
            if let f = fonts(in: installed, source: "installed share/touchscope/assets/fonts") { return f }
        }
        if let f = fonts(in: system, source: system) { return f }
        if useFontconfig, let sans = fontconfig("sans-serif") {
            return FontFiles(sans: sans, mono: fontconfig("monospace"), source: "fontconfig (fc-match)")
        }
        return noneFound
    }

    /// No font anywhere: the bitmap font, with the reason (`message`).
    public static let noneFound = FontFiles(sans: nil, mono: nil, source: "no font found")

    /// What to say when no font was found: where it looked and what to install.
    public static let message = "touchscope: no TrueType font found (TOUCHSCOPE_FONT, TOUCHSCOPE_FONT_DIR, assets/fonts, "
        + "PREFIX/share/touchscope/assets/fonts, \(systemDirectory), fontconfig); text is drawn with the built-in "
        + "bitmap font. Install one: sudo apt-get install fonts-dejavu-core"

    nonisolated(unsafe) private static var said = false
    /// Writes `message` to standard error, once a process.
    public static func sayNoneFound() {
        guard !said else { return }
        said = true
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// The file fontconfig matches for `family`, when fc-match is there and gives a TrueType
    /// or OpenType file that can be read.
    static func fontconfig(_ family: String) -> String? {
        let paths = ["/usr/bin/fc-match", "/usr/local/bin/fc-match"]
        guard let tool = paths.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        let process = Process(), pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-f", "%{file}", family]
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let file = String(data: data, encoding: .utf8), file.hasPrefix("/"),
              [".ttf", ".otf"].contains(where: { file.lowercased().hasSuffix($0) }),
              FileManager.default.isReadableFile(atPath: file) else { return nil }
        return file
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
