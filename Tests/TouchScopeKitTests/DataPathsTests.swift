// Where scene and recording names are looked up (DataPaths, docs/install.md "Running from
// anywhere"), and where the window saves the files it names itself (SavedFiles): built in a
// temporary tree with a current folder, a user's data folder, an installed PREFIX and a
// checkout, each holding a scene of the same name, so the order shows in which one wins.
import Foundation
import Testing
@testable import TouchScopeKit

@Suite("Scene and recording names, from anywhere")
struct DataPathsTests {
    /// A tree: here/ (the current folder), data/ (XDG_DATA_HOME), prefix/ (bin/touchscope and
    /// share/touchscope), checkout/ (Package.swift, scenes/, .build/debug/touchscope).
    struct Tree {
        let root: String
        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("datapaths-\(UUID().uuidString)").path
            for folder in ["here/scenes/recordings", "data/touchscope/scenes", "data/touchscope/recordings",
                           "prefix/bin", "prefix/share/touchscope/scenes/recordings",
                           "checkout/scenes/recordings", "checkout/.build/debug"] {
                try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            }
            try write("checkout/Package.swift")
        }
        func write(_ path: String) throws { try "x".write(toFile: root + "/" + path, atomically: true, encoding: .utf8) }
        func remove() { try? FileManager.default.removeItem(atPath: root) }
        func paths(binary: String, data: String? = nil) -> DataPaths {
            DataPaths(environment: ["XDG_DATA_HOME": data ?? root + "/data", "HOME": root + "/home"],
                      currentDirectory: root + "/here", executable: root + "/" + binary)
        }
    }

    @Test("a name resolves in the current folder, then the user's, then the installed tree, then the checkout")
    func order() throws {
        let t = try Tree()
        defer { t.remove() }
        let installed = t.paths(binary: "prefix/bin/touchscope")
        let checkout = t.paths(binary: "checkout/.build/debug/touchscope")
        let name = "zz-scene-\(getpid())"
        // Only in the checkout: found by the checkout's binary, not by the installed one.
        try t.write("checkout/scenes/\(name).yaml")
        #expect(checkout.scene(name) == t.root + "/checkout/scenes/\(name).yaml")
        #expect(installed.scene(name) == name)
        // The installed tree's comes before the checkout's.
        try t.write("prefix/share/touchscope/scenes/\(name).yaml")
        #expect(installed.scene(name) == t.root + "/prefix/share/touchscope/scenes/\(name).yaml")
        // The user's before the installed one.
        try t.write("data/touchscope/scenes/\(name).yaml")
        #expect(installed.scene(name) == t.root + "/data/touchscope/scenes/\(name).yaml")
        // The current folder's scenes/ before all, and the current folder itself before that.
        try t.write("here/scenes/\(name).yaml")
        #expect(installed.scene(name) == t.root + "/here/scenes/\(name).yaml")
        try t.write("here/\(name).yaml")
        #expect(installed.scene(name) == t.root + "/here/\(name).yaml")
        // The name as written is tried before NAME.yaml in each place.
        try t.write("here/\(name)")
        #expect(installed.scene(name) == t.root + "/here/\(name)")
    }

    @Test("recordings by name: NAME or NAME.jsonl, in the same places' recordings folders")
    func recordings() throws {
        let t = try Tree()
        defer { t.remove() }
        let installed = t.paths(binary: "prefix/bin/touchscope")
        let name = "zz-rec-\(getpid())"
        try t.write("prefix/share/touchscope/scenes/recordings/\(name).jsonl")
        #expect(installed.recording(name) == t.root + "/prefix/share/touchscope/scenes/recordings/\(name).jsonl")
        #expect(installed.recording(name + ".jsonl") == t.root + "/prefix/share/touchscope/scenes/recordings/\(name).jsonl")
        try t.write("data/touchscope/recordings/\(name).jsonl")
        #expect(installed.recording(name) == t.root + "/data/touchscope/recordings/\(name).jsonl")
        // A name found nowhere, and an absolute path, stay as written.
        #expect(installed.recording("zz-nowhere") == "zz-nowhere")
        #expect(installed.recording("/zz/abs.jsonl") == "/zz/abs.jsonl")
    }

    @Test("the installed tree is found from the binary's folder, so a moved PREFIX works; a relative XDG_DATA_HOME is ignored")
    func installedAndUserFolders() throws {
        let t = try Tree()
        defer { t.remove() }
        let installed = t.paths(binary: "prefix/bin/touchscope")
        #expect(installed.installed == t.root + "/prefix/share/touchscope")
        try FileManager.default.moveItem(atPath: t.root + "/prefix", toPath: t.root + "/moved")
        #expect(t.paths(binary: "moved/bin/touchscope").installed == t.root + "/moved/share/touchscope")
        #expect(t.paths(binary: "checkout/.build/debug/touchscope").installed == nil)
        #expect(installed.saved == t.root + "/data/touchscope")
        #expect(t.paths(binary: "prefix/bin/touchscope", data: "relative/data").saved == t.root + "/home/.local/share/touchscope")
        // Installed in the user's own ~/.local: the user's scenes are the installed ones, listed once.
        try FileManager.default.createDirectory(atPath: t.root + "/home/.local/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: t.root + "/home/.local/share/touchscope/scenes", withIntermediateDirectories: true)
        let local = DataPaths(environment: ["HOME": t.root + "/home"], currentDirectory: t.root + "/here",
                              executable: t.root + "/home/.local/bin/touchscope")
        #expect(local.scenes.filter { $0.folder == t.root + "/home/.local/share/touchscope/scenes" }.count == 1)
        #expect(local.scenes.last?.label == "your scenes ($XDG_DATA_HOME/touchscope/scenes); installed")
        // --paths names every place, in order, with its kind.
        let text = t.paths(binary: "moved/bin/touchscope").description
        let order = ["(current folder)", "(your scenes", "(installed)"].map { text.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order[0]! < order[1]! && order[1]! < order[2]!, "\(text)")
    }

    @Test("the window's own files: an installed binary's always in the folder for saved files, a checkout's in a writable current folder")
    func savedFiles() throws {
        let t = try Tree()
        defer { t.remove() }
        let installed = t.paths(binary: "prefix/bin/touchscope")
        let checkout = t.paths(binary: "checkout/.build/debug/touchscope")
        // Installed: wherever it was started, never the current folder.
        for folder in ["/here", "/prefix/bin", "/prefix", "/checkout"] {
            #expect(SavedFiles.folder(currentDirectory: t.root + folder, paths: installed) == t.root + "/data/touchscope", "\(folder)")
        }
        // A checkout's: the current folder when it can be written, else the folder for saved files.
        #expect(SavedFiles.folder(currentDirectory: t.root + "/here", paths: checkout) == nil)
        let readOnly = t.root + "/here/read-only"
        try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: true)
        chmod(readOnly, 0o555)
        defer { chmod(readOnly, 0o755) }
        if getuid() != 0 {  // root writes anywhere: access(2) says yes
            #expect(SavedFiles.folder(currentDirectory: readOnly, paths: checkout) == t.root + "/data/touchscope")
        }
        #expect(SavedFiles.folder(currentDirectory: t.root + "/no-such-folder", paths: checkout) == t.root + "/data/touchscope")
        #expect(SavedFiles.path("touchscope-3.png", folder: nil) == "touchscope-3.png")
        // 2026-12-07 10:15:02 local time.
        var parts = tm()
        parts.tm_year = 126; parts.tm_mon = 11; parts.tm_mday = 7; parts.tm_hour = 10; parts.tm_min = 15; parts.tm_sec = 2
        parts.tm_isdst = -1
        let date = Date(timeIntervalSince1970: TimeInterval(mktime(&parts)))
        let folder = t.root + "/data/touchscope"
        #expect(SavedFiles.path("touchscope-3.png", date: date, folder: folder) == folder + "/touchscope-2026-12-07-101502-3.png")
        #expect(SavedFiles.path("app-recording-12.jsonl", date: date, folder: folder) == folder + "/app-recording-2026-12-07-101502-12.jsonl")
        #expect(FileManager.default.fileExists(atPath: folder))
    }
}
