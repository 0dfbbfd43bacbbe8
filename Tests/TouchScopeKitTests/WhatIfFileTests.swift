// The what-if editor's Write to file and Revert on the user's own scene file: written in place
// (a symlink's target changes and the link stays a link; the mode, the owner and a second hard
// link stay), Revert puts back only the lines it wrote and refuses when they changed since,
// and a write that fails says so at once. Driven through the window's `WhatIfWindow` as its
// buttons drive it (`WhatIfEdits.request`); no SDL.
import Foundation
import Testing
@testable import TouchScopeKit
import TouchDraw
import TouchScene

@MainActor
@Suite("What-if writes keep the user's scene file", .serialized)
struct WhatIfFileTests {
    /// The double-tap scene's text with a comment and an odd spacing, so byte-for-byte matters.
    static let scene = """
        # my scene
        scene: mine
        window: [800, 600]
        views:
          - id: pad
            frame: [100, 100, 600, 400]
            recognizers:
              - id: doubleTap
                type: tap
                taps: 2
                maximumInterval: 0.35    # seconds
              - id: singleTap
                type: tap
                requireToFail: [doubleTap]

        """
    static let written = scene.replacingOccurrences(of: "maximumInterval: 0.35    # seconds", with: "maximumInterval: 0.45    # seconds")

    /// A fresh folder for one test.
    static func folder(_ name: String) -> String {
        let dir = Paths.temporary("whatif-file-\(name)-\(UUID().uuidString.prefix(6))")
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    static func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "<unreadable>" }

    /// The window's what-if for `path` with `settings` changed, after one button `request`.
    static func press(_ request: WhatIfEdits.Request, _ window: WhatIfWindow, _ edits: inout WhatIfEdits) -> WhatIfShown? {
        edits.request = request
        _ = window.update(&edits, window: Size(width: 800, height: 600), selected: [], now: 0)
        return window.forPanels
    }

    static func edits(_ settings: [(String, String, String)]) -> WhatIfEdits {
        var e = WhatIfEdits()
        for (id, key, value) in settings { e.set(id, key, to: value, original: "") }
        return e
    }

    static func stat(_ path: String) -> (mode: Int, uid: Int, gid: Int, ino: Int, links: Int, isLink: Bool) {
        let fm = FileManager.default
        let a = (try? fm.attributesOfItem(atPath: path)) ?? [:]
        let isLink = (try? fm.destinationOfSymbolicLink(atPath: path)) != nil
        func int(_ k: FileAttributeKey) -> Int { (a[k] as? NSNumber)?.intValue ?? -1 }
        // attributesOfItem follows no link: the target's own, for a link.
        if isLink, let target = try? fm.destinationOfSymbolicLink(atPath: path) {
            let full = target.hasPrefix("/") ? target : (path as NSString).deletingLastPathComponent + "/" + target
            var s = Self.stat(full)
            s.isLink = true
            return s
        }
        return (int(.posixPermissions), int(.ownerAccountID), int(.groupOwnerAccountID), int(.systemFileNumber), int(.referenceCount), false)
    }

    @Test("Write to file through a symlink changes the file it names; the link stays a link; Revert restores the target")
    func symlink() throws {
        let dir = Self.folder("symlink")
        let target = dir + "/real.yaml", link = dir + "/scene.yaml"
        try Self.scene.write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.yaml")
        let w = WhatIfWindow(scenePath: link, types: SceneTypes())
        var e = Self.edits([("doubleTap", "maximumInterval", "0.45")])
        let shown = Self.press(.write, w, &e)
        #expect(shown?.fileNote?.hasPrefix("written to \(link)") == true, "\(shown?.fileNote ?? "no note")")
        #expect(Self.stat(link).isLink, "the symlink was replaced by a regular file")
        #expect(Self.read(target) == Self.written)
        _ = Self.press(.revert, w, &e)
        #expect(Self.stat(link).isLink)
        #expect(Self.read(target) == Self.scene)
    }

    @Test("Write to file and Revert keep the file's mode 0600, its owner (another uid and gid), its inode and a second hard link")
    func modeOwnerLinks() throws {
        let dir = Self.folder("mode")
        let path = dir + "/scene.yaml", other = dir + "/hard.yaml"
        try Self.scene.write(toFile: path, atomically: false, encoding: .utf8)
        #expect(chmod(path, 0o600) == 0)
        // Tests run as root here: the file is given away to another user; a write as root
        // by rename would make it root's.
        let owned = chown(path, 4242, 4343) == 0
        #expect(link(path, other) == 0)
        let before = Self.stat(path)
        let w = WhatIfWindow(scenePath: path, types: SceneTypes())
        var e = Self.edits([("doubleTap", "maximumInterval", "0.45")])
        _ = Self.press(.write, w, &e)
        for (label, s) in [("written", Self.stat(path)), ("hard link", Self.stat(other))] {
            #expect(s.mode == 0o600, "\(label): mode \(String(s.mode, radix: 8))")
            if owned { #expect(s.uid == 4242 && s.gid == 4343, "\(label): owner \(s.uid):\(s.gid)") }
            #expect(s.ino == before.ino && s.links == 2, "\(label): inode \(s.ino) (was \(before.ino)), \(s.links) links")
        }
        #expect(Self.read(other) == Self.written, "the second hard link keeps the old text")
        _ = Self.press(.revert, w, &e)
        #expect(Self.read(other) == Self.scene)
        #expect(Self.stat(path).mode == 0o600 && Self.stat(path).ino == before.ino)
    }

    @Test("Revert puts back only the lines it wrote: a line edited elsewhere since the write, and a line added above, stay")
    func revertKeepsOtherEdits() throws {
        let path = Self.folder("concurrent") + "/scene.yaml"
        try Self.scene.write(toFile: path, atomically: false, encoding: .utf8)
        let w = WhatIfWindow(scenePath: path, types: SceneTypes())
        // One value replaced, one key added (a line of its own after doubleTap's `id:`).
        var e = Self.edits([("doubleTap", "maximumInterval", "0.45"), ("singleTap", "enabled", "false")])
        _ = Self.press(.write, w, &e)
        let written = Self.written.replacingOccurrences(of: "      - id: singleTap\n", with: "      - id: singleTap\n        enabled: false\n")
        #expect(Self.read(path) == written)
        // Meanwhile, in an editor: the title changed, a comment added above the views.
        let edited = written.replacingOccurrences(of: "scene: mine\n", with: "scene: theirs\n# a new line\n")
        try edited.write(toFile: path, atomically: false, encoding: .utf8)
        let shown = Self.press(.revert, w, &e)
        #expect(Self.read(path) == Self.scene.replacingOccurrences(of: "scene: mine\n", with: "scene: theirs\n# a new line\n"))
        #expect(shown?.fileNote == "\(path): the lines written for doubleTap.maximumInterval=0.45, singleTap.enabled=false restored",
                "\(shown?.fileNote ?? "no note")")
    }

    @Test("Revert refuses, changing nothing, when a line it wrote was changed since the write, and says what to put back")
    func revertRefusesChangedLine() throws {
        let path = Self.folder("refuse") + "/scene.yaml"
        try Self.scene.write(toFile: path, atomically: false, encoding: .utf8)
        let w = WhatIfWindow(scenePath: path, types: SceneTypes())
        var e = Self.edits([("doubleTap", "maximumInterval", "0.45")])
        _ = Self.press(.write, w, &e)
        // Meanwhile, in an editor: the written value changed again.
        let edited = Self.written.replacingOccurrences(of: "0.45    # seconds", with: "0.5    # seconds")
        try edited.write(toFile: path, atomically: false, encoding: .utf8)
        let shown = Self.press(.revert, w, &e)
        #expect(Self.read(path) == edited, "Revert dropped the edit made in the editor")
        #expect(shown?.fileNote == "not restored: line 11 changed since doubleTap.maximumInterval=0.45 was written there "
                + "(`maximumInterval: 0.45    # seconds`): the file is left as it is; to undo the write by hand, make it "
                + "`maximumInterval: 0.35    # seconds`", "\(shown?.fileNote ?? "no note")")
    }

    @Test("a write that fails (a value written with a tag) shows its message at once, while the setting stays changed")
    func failedWriteSaysSoAtOnce() throws {
        let path = Self.folder("tagged") + "/scene.yaml"
        let tagged = Self.scene.replacingOccurrences(of: "maximumInterval: 0.35", with: "maximumInterval: !!float 0.35")
        try tagged.write(toFile: path, atomically: false, encoding: .utf8)
        let w = WhatIfWindow(scenePath: path, types: SceneTypes())
        var e = Self.edits([("doubleTap", "maximumInterval", "0.45")])
        // A run of the setting is under way (or done): the note must not wait for the next.
        _ = w.update(&e, window: Size(width: 800, height: 600), selected: [], now: 0)
        let shown = Self.press(.write, w, &e)
        #expect(shown?.fileNote == "not written: `maximumInterval` of `doubleTap` is written with a tag, anchor or alias in the file "
                + "(`maximumInterval: !!float 0.35    # seconds`): change it there by hand", "\(shown?.fileNote ?? "no note")")
        #expect(Self.read(path) == tagged)
        #expect(e.settings.map(\.argument) == ["doubleTap.maximumInterval=0.45"])
    }
}
