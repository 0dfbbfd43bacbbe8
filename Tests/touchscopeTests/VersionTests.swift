// The version is written once (TouchScopeVersion.current); the changelog, the licence and the docs agree with it.
import Foundation
import Testing
import TouchCore

@Suite("Version, changelog and licence")
struct VersionTests {
    @Test("the newest release in CHANGELOG.md is TouchScopeVersion.current, and the version is semantic")
    func changelogMatchesVersion() throws {
        let text = try String(contentsOfFile: Paths.root + "/CHANGELOG.md", encoding: .utf8)
        // Release headings: "## [X.Y.Z] - YYYY-MM-DD" (Keep a Changelog); Unreleased comes first.
        let releases = text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("## ["), !line.hasPrefix("## [Unreleased]"),
                  let close = line.firstIndex(of: "]") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 4)..<close])
        }
        #expect(releases.first == TouchScopeVersion.current, "releases in CHANGELOG.md: \(releases)")
        let parts = TouchScopeVersion.current.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil }, "\(TouchScopeVersion.current)")
        let headings = text.split(separator: "\n").filter { $0.hasPrefix("## [") }
        #expect(headings.first == "## [Unreleased]", "the changelog starts with its Unreleased section")
    }

    @Test("the version is written in one place: no other source file spells it")
    func oneDefinition() throws {
        let sources = Paths.root + "/Sources"
        let files = FileManager.default.enumerator(atPath: sources)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") } ?? []
        #expect(!files.isEmpty)
        let spelled = try files.filter { f in
            let text = try String(contentsOfFile: sources + "/" + f, encoding: .utf8)
            return text.contains("\"\(TouchScopeVersion.current)\"")
        }
        #expect(spelled == ["TouchCore/Version.swift"])
    }

    @Test("each documentation archive's landing page names the version")
    func docsNameVersion() throws {
        for (module, file) in [("TouchCore", "TouchCore"), ("TouchScene", "TouchScene"), ("TouchScopeKit", "TouchScopeKit")] {
            let text = try String(contentsOfFile: Paths.root + "/Sources/\(module)/\(module).docc/\(file).md", encoding: .utf8)
            #expect(text.contains("This documentation is for TouchScope \(TouchScopeVersion.current) ("), "\(module)")
        }
    }

    @Test("the repository carries the MIT licence, and the README names it")
    func licence() throws {
        let licence = try String(contentsOfFile: Paths.root + "/LICENSE", encoding: .utf8)
        #expect(licence.hasPrefix("MIT License\n"))
        #expect(licence.contains("Permission is hereby granted, free of charge"))
        let readme = try String(contentsOfFile: Paths.root + "/README.md", encoding: .utf8)
        #expect(readme.contains("MIT licence ([LICENSE](LICENSE))"))
        #expect(FileManager.default.fileExists(atPath: Paths.root + "/assets/fonts/LICENSE-DejaVu.txt"))
        let notice = try String(contentsOfFile: Paths.root + "/NOTICE.md", encoding: .utf8)
        #expect(notice.contains("assets/fonts/LICENSE-DejaVu.txt"))
    }
}
