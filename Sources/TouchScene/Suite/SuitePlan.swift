// SuitePlan: the recordings a `touchscope test` run takes, in path order, and the slice of
// them one CI machine runs (`--shard K/N`).
//
//   test/ taps/double.jsonl taps/single.jsonl swipe.jsonl   (a folder is searched for *.jsonl)
//   ─▶ [test/swipe.jsonl, test/taps/double.jsonl, test/taps/single.jsonl]   (sorted by path)
//   --shard 2/2 ─▶ index 1 only (indexes ≡ K−1 mod N, from 0)

import Foundation

/// Which of a suite's expectations a recording is checked against.
public enum SuiteExpectationFile: Sendable, Hashable {
    /// `NAME.verdicts.json`: per sequence, winners and each recognizer's outcome and rule.
    case verdicts(String)
    /// `NAME.expect`: hand-written decisions (the repository's end-to-end format).
    case trace(String)
    /// None yet; a verdicts file would go at this path (`--update` writes it).
    case missing(String)
}

/// One recording of a suite, with where its scene, settings and expectation come from.
public struct SuiteItem: Sendable, Hashable {
    /// The recording's path.
    public var recording: String
    /// The scene `suite.yaml` names for it (nil: the recording's header names it).
    public var scene: String?
    /// The `--set` settings `suite.yaml` gives it.
    public var settings: [String]
    /// Its expectation.
    public var expectation: SuiteExpectationFile
}

/// The recordings of a suite, in path order.
public struct SuitePlan: Sendable {
    /// Every recording found, sorted by path.
    public var items: [SuiteItem]

    /// Finds the recordings of `paths` (a recording, or a folder searched, with its subfolders,
    /// for `*.jsonl` recordings: not `*.trace.jsonl` trace files, not hidden folders), sorted
    /// by path, each once, with its folder's `suite.yaml`. Throws `FILE:LINE:COLUMN: ...` for a
    /// path that is not there, a bad `suite.yaml`, or one that lists a recording not in its folder.
    public static func find(_ paths: [String]) throws(InputFileError) -> SuitePlan {
        let fm = FileManager.default
        var found = Set<String>()
        for p in paths {
            let path = p.count > 1 && p.hasSuffix("/") ? String(p.dropLast()) : p
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputFileError(file: path, line: 1, column: 1, "no such recording or folder")
            }
            if !isDirectory.boolValue { found.insert(path); continue }
            guard let walker = fm.enumerator(atPath: path) else {
                throw InputFileError(file: path, line: 1, column: 1, "cannot read the folder")
            }
            while let next = walker.nextObject() as? String {
                let name = next.split(separator: "/").last.map(String.init) ?? next
                if name.hasPrefix(".") { walker.skipDescendants(); continue }
                guard name.hasSuffix(".jsonl"), !name.hasSuffix(".trace.jsonl") else { continue }
                let full = path == "." ? next : path + "/" + next
                var d: ObjCBool = false
                if fm.fileExists(atPath: full, isDirectory: &d), !d.boolValue { found.insert(full) }
            }
        }
        var manifests: [String: SuiteManifest?] = [:]
        func manifest(_ folder: String) throws(InputFileError) -> SuiteManifest? {
            if let m = manifests[folder] { return m }
            let path = folder + "/" + SuiteManifest.fileName
            let m = fm.fileExists(atPath: path) ? try SuiteManifest.read(path: path) : nil
            if let m {
                for (name, entry) in m.recordings where !fm.fileExists(atPath: folder + "/" + name) {
                    throw InputFileError(file: entry.location, "suite.yaml lists \(name), which is not in \(folder)")
                }
            }
            manifests[folder] = m
            return m
        }
        var items: [SuiteItem] = []
        for recording in found.sorted() {
            let folder = SceneReference.folder(of: recording)
            let name = recording.split(separator: "/").last.map(String.init) ?? recording
            let entry = try manifest(folder)?.entry(for: name)
            let expectation: SuiteExpectationFile
            if let e = entry?.expect {
                let path = e.hasPrefix("/") ? e : folder + "/" + e
                expectation = e.hasSuffix(".expect") ? .trace(path) : (fm.fileExists(atPath: path) ? .verdicts(path) : .missing(path))
            } else if fm.fileExists(atPath: VerdictExpectation.path(for: recording)) {
                expectation = .verdicts(VerdictExpectation.path(for: recording))
            } else if fm.fileExists(atPath: TraceExpectation.path(for: recording)) {
                expectation = .trace(TraceExpectation.path(for: recording))
            } else {
                expectation = .missing(VerdictExpectation.path(for: recording))
            }
            items.append(SuiteItem(recording: recording, scene: entry?.scene, settings: entry?.settings ?? [], expectation: expectation))
        }
        return SuitePlan(items: items)
    }

    /// The items shard `k` of `n` runs (both from 1): those whose index in path order, from 0,
    /// is k − 1 modulo n. The shards 1…n together run every item exactly once.
    public func shard(_ k: Int, of n: Int) -> [SuiteItem] {
        items.enumerated().filter { $0.offset % n == k - 1 }.map(\.element)
    }

    /// Reads `--shard K/N`: whole numbers with 1 ≤ K ≤ N (nil: not of that form).
    public static func parseShard(_ s: String) -> (k: Int, n: Int)? {
        let parts = s.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, k >= 1, k <= n else { return nil }
        return (k, n)
    }
}

extension InputFileError {
    /// An error at a `FILE:LINE:COLUMN` already written out.
    init(file location: String, _ message: String) {
        let parts = location.split(separator: ":")
        if parts.count >= 3, let c = Int(parts[parts.count - 1]), let l = Int(parts[parts.count - 2]) {
            self.init(file: parts.dropLast(2).joined(separator: ":"), line: l, column: c, message)
        } else {
            self.init(file: location, line: 1, column: 1, message)
        }
    }
}
