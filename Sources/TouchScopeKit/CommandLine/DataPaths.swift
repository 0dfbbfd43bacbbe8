// DataPaths: where a scene or recording given by name is looked up, so that touchscope runs
// from any folder, from a checkout or installed (`make install`, docs/install.md):
//
//   1. the current folder (NAME, NAME.yaml, and scenes/ under it)
//   2. the user's own:   $XDG_DATA_HOME/touchscope/scenes (~/.local/share/touchscope/scenes)
//   3. the installed:    PREFIX/share/touchscope/scenes, PREFIX being the folder above the
//                        binary's own (/proc/self/exe), so a moved PREFIX still works
//   4. the checkout's:   scenes/ of the repository the binary was built in (a folder above
//                        it holding Package.swift and scenes/)
//
// A recording by name is looked up the same way, in each place's recordings/ folder
// (scenes/recordings/ in the current folder and the checkout). `touchscope --paths` prints
// the list. A name that is found nowhere is passed on as it is, so the message names it.
import Foundation
import TouchSDL

/// The folders scene and recording names are looked up in, in order.
package struct DataPaths: Sendable {
    /// One place to look: its kind, for `--paths`, and the folder.
    package struct Place: Sendable, Equatable {
        package var label: String
        package var folder: String
    }
    /// Where scenes are looked up, in order.
    package var scenes: [Place]
    /// Where recordings are looked up, in order.
    package var recordings: [Place]
    /// The installed data folder (PREFIX/share/touchscope), when the binary is installed.
    package var installed: String?
    /// The folder for saved files: screenshots and recordings of the window without a path.
    package var saved: String

    /// The places for this process: its current folder, environment and executable.
    package init(environment: [String: String] = ProcessInfo.processInfo.environment,
                 currentDirectory: String = FileManager.default.currentDirectoryPath,
                 executable: String? = DataPaths.executablePath()) {
        let fm = FileManager.default
        func isFolder(_ p: String) -> Bool {
            var d: ObjCBool = false
            return fm.fileExists(atPath: p, isDirectory: &d) && d.boolValue
        }
        let user = Self.userDataFolder(environment)
        saved = user
        var scenes = [Place(label: "current folder", folder: currentDirectory),
                      Place(label: "current folder", folder: currentDirectory + "/scenes"),
                      Place(label: "your scenes ($XDG_DATA_HOME/touchscope/scenes)", folder: user + "/scenes")]
        var recordings = [Place(label: "current folder", folder: currentDirectory),
                          Place(label: "current folder", folder: currentDirectory + "/scenes/recordings"),
                          Place(label: "your recordings ($XDG_DATA_HOME/touchscope/recordings)", folder: user + "/recordings")]
        if let exe = executable, exe.hasPrefix("/") {
            let bin = (exe as NSString).deletingLastPathComponent
            let share = ((bin as NSString).deletingLastPathComponent as NSString).appendingPathComponent("share/touchscope")
            if isFolder(share + "/scenes") {
                installed = share
                Self.add(Place(label: "installed", folder: share + "/scenes"), to: &scenes)
                Self.add(Place(label: "installed", folder: share + "/scenes/recordings"), to: &recordings)
            }
            // The checkout the binary was built in: .build/debug/touchscope is three folders down.
            var dir = bin
            for _ in 0..<6 {
                if fm.fileExists(atPath: dir + "/Package.swift") && isFolder(dir + "/scenes") {
                    scenes.append(Place(label: "checkout", folder: dir + "/scenes"))
                    recordings.append(Place(label: "checkout", folder: dir + "/scenes/recordings"))
                    break
                }
                let parent = (dir as NSString).deletingLastPathComponent
                if parent == dir { break }
                dir = parent
            }
        }
        self.scenes = scenes
        self.recordings = recordings
    }

    /// Appends `place`; a folder already listed (the user's scenes are the installed ones
    /// under PREFIX=~/.local) keeps its place and gets the other label too.
    private static func add(_ place: Place, to places: inout [Place]) {
        if let i = places.firstIndex(where: { $0.folder == place.folder }) {
            places[i].label += "; " + place.label
        } else {
            places.append(place)
        }
    }

    /// `$XDG_DATA_HOME/touchscope`, else `$HOME/.local/share/touchscope` (the XDG base
    /// directory rule: a relative `XDG_DATA_HOME` is ignored).
    package static func userDataFolder(_ environment: [String: String]) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/touchscope" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/touchscope"
    }

    /// This process's executable (`/proc/self/exe`), else `argv[0]` made absolute.
    package static func executablePath() -> String? {
        if let p = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return p }
        guard let arg = CommandLine.arguments.first else { return nil }
        return URL(fileURLWithPath: arg).resolvingSymlinksInPath().path
    }

    /// The scene `name` names: a file that exists as written, else NAME or NAME.yaml in the
    /// first place that has one; else `name` unchanged (the loader then says it is missing).
    package func scene(_ name: String) -> String {
        find(name, extensions: [".yaml", ".yml"], in: scenes)
    }

    /// The recording `name` names, looked up as `scene` does (NAME, NAME.jsonl).
    package func recording(_ name: String) -> String {
        find(name, extensions: [".jsonl"], in: recordings)
    }

    private func find(_ name: String, extensions: [String], in places: [Place]) -> String {
        let fm = FileManager.default
        func isFile(_ p: String) -> Bool {
            var d: ObjCBool = false
            return fm.fileExists(atPath: p, isDirectory: &d) && !d.boolValue
        }
        if isFile(name) || name.hasPrefix("/") || name.isEmpty { return name }
        for place in places {
            for candidate in [name] + extensions.map({ name + $0 }) {
                let path = place.folder + "/" + candidate
                if isFile(path) { return place.folder == fm.currentDirectoryPath ? candidate : Self.shortest(path) }
            }
        }
        return name
    }

    /// `path` relative to the current folder when it is under it (`scenes/photo.yaml`), else whole.
    static func shortest(_ path: String) -> String {
        let here = FileManager.default.currentDirectoryPath
        return path.hasPrefix(here + "/") && here != "/" ? String(path.dropFirst(here.count + 1)) : path
    }

    /// What `touchscope --paths` prints: every place, in order, and whether it exists.
    package var description: String {
        let fm = FileManager.default
        func lines(_ places: [Place]) -> String {
            places.map { p in
                "  \(p.folder)  (\(p.label)\(fm.fileExists(atPath: p.folder) ? "" : ", not there"))"
            }.joined(separator: "\n")
        }
        return """
            Scenes given by name (NAME, NAME.yaml) are looked up in, in order:
            \(lines(scenes))
            Recordings given by name (NAME, NAME.jsonl):
            \(lines(recordings))
            touchtest's files without a path, and the window's screenshots (F12) and recordings (F10)
            when the current folder cannot be written or is inside the installed tree:
              \(saved)
            Fonts: \(FontLocator.locate().description)
            """
    }
}
