// A checker for Chrome Trace Event JSON (what `--perfetto` writes): parses a file with
// Foundation's JSON parser and checks it against the format's rules, as the tests read them.
import Foundation

/// One parsed Chrome Trace Event file: its events (as Foundation's JSON parser gives them)
/// and every rule of the format it breaks.
public struct ChromeTrace {
    /// The `traceEvents` array, in file order.
    public var events: [[String: Any]] = []
    /// Each broken rule, as a sentence naming the event.
    public var problems: [String] = []

    /// The rules (the Trace Event Format document, as Perfetto and chrome://tracing read it):
    /// - the file is a JSON object with a `traceEvents` array of objects;
    /// - every event has `name` (string), `ph` (one of the phases used: `X`, `i`, `M`), `ts`
    ///   (a whole number of microseconds, 0 or more), `pid` and `tid` (integers);
    /// - a complete event (`X`) has a `dur`, a whole number 0 or more;
    /// - an instant (`i`) has a scope `s`: `t`, `p` or `g`;
    /// - a metadata event (`M`) is `process_name` or `thread_name` with a string `args.name`,
    ///   or `process_sort_index` or `thread_sort_index` with an integer `args.sort_index`;
    /// - `args`, when present, is an object;
    /// - every process that has events is named, and so is every (pid, tid) track used by an
    ///   event other than metadata;
    /// - on one track, complete events in file order start no earlier than the previous one
    ///   ended (they never overlap, so they nest trivially);
    /// - a flow start (`s`) and a flow end (`f`, with `bp` "e": it ends on the enclosing
    ///   slice) have an integer `id`; each id starts once and ends once, its end after its
    ///   start in the file and not earlier in time.
    public init(data: Data) {
        let root: Any
        do { root = try JSONSerialization.jsonObject(with: data) } catch {
            problems.append("not JSON: \(error)")
            return
        }
        guard let object = root as? [String: Any] else { problems.append("the top level is not an object"); return }
        guard let list = object["traceEvents"] as? [Any] else { problems.append("no traceEvents array"); return }
        var namedThreads: Set<[Int]> = [], namedProcesses: Set<Int> = []
        var usedThreads: [[Int]] = [], usedProcesses: Set<Int> = []
        var lastEnd: [[Int]: Int] = [:]
        var flowStarts: [Int: Int] = [:], flowEnds: Set<Int> = []
        for (k, item) in list.enumerated() {
            guard let e = item as? [String: Any] else { problems.append("event \(k) is not an object"); continue }
            events.append(e)
            let label = "event \(k) (\(e["name"] ?? "?"))"
            guard let name = e["name"] as? String else { problems.append("\(label): no string name"); continue }
            guard let ph = e["ph"] as? String else { problems.append("\(label): no ph"); continue }
            guard let ts = Self.integer(e["ts"]), ts >= 0 else { problems.append("\(label): ts is not whole microseconds ≥ 0"); continue }
            guard let pid = Self.integer(e["pid"]), let tid = Self.integer(e["tid"]) else {
                problems.append("\(label): pid and tid must be integers"); continue
            }
            if let args = e["args"], !(args is [String: Any]) { problems.append("\(label): args is not an object") }
            let args = e["args"] as? [String: Any] ?? [:]
            switch ph {
            case "M":
                switch name {
                case "process_name", "thread_name":
                    guard args["name"] is String else { problems.append("\(label): no args.name"); continue }
                    if name == "process_name" { namedProcesses.insert(pid) } else { namedThreads.insert([pid, tid]) }
                case "process_sort_index", "thread_sort_index":
                    if Self.integer(args["sort_index"]) == nil { problems.append("\(label): no integer args.sort_index") }
                default:
                    problems.append("\(label): unknown metadata")
                }
            case "X":
                guard let dur = Self.integer(e["dur"]), dur >= 0 else { problems.append("\(label): X without a dur ≥ 0"); continue }
                if let end = lastEnd[[pid, tid]], ts < end {
                    problems.append("\(label): starts at \(ts), before the track's previous slice ended (\(end))")
                }
                lastEnd[[pid, tid]] = ts + dur
                usedThreads.append([pid, tid]); usedProcesses.insert(pid)
            case "i":
                guard let s = e["s"] as? String, ["t", "p", "g"].contains(s) else { problems.append("\(label): instant without scope"); continue }
                usedThreads.append([pid, tid]); usedProcesses.insert(pid)
            case "s", "f":
                guard let id = Self.integer(e["id"]) else { problems.append("\(label): flow without an integer id"); continue }
                usedThreads.append([pid, tid]); usedProcesses.insert(pid)
                if ph == "s" {
                    if flowStarts[id] != nil { problems.append("\(label): flow \(id) starts twice") }
                    flowStarts[id] = ts
                } else {
                    if e["bp"] as? String != "e" { problems.append("\(label): flow end without bp \"e\"") }
                    if let start = flowStarts[id] {
                        if ts < start { problems.append("\(label): flow \(id) ends before it starts") }
                    } else {
                        problems.append("\(label): flow \(id) ends before any start")
                    }
                    if !flowEnds.insert(id).inserted { problems.append("\(label): flow \(id) ends twice") }
                }
            default:
                problems.append("\(label): unexpected ph \(ph)")
            }
        }
        for id in flowStarts.keys.sorted() where !flowEnds.contains(id) { problems.append("flow \(id) never ends") }
        for t in Set(usedThreads).sorted(by: { $0.lexicographicallyPrecedes($1) }) where !namedThreads.contains(t) {
            problems.append("track pid \(t[0]) tid \(t[1]) has no thread_name")
        }
        for p in usedProcesses.sorted() where !namedProcesses.contains(p) { problems.append("process \(p) has no process_name") }
    }

    public init(path: String) throws {
        self.init(data: try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// A JSON number that is a whole number, as an Int.
    public static func integer(_ v: Any?) -> Int? {
        guard let n = v as? NSNumber else { return nil }
        let d = n.doubleValue
        guard d.isFinite, d == d.rounded(), abs(d) < 1e15 else { return nil }
        return Int(d)
    }

    /// Each (pid, tid) track's name from its `thread_name` metadata.
    public var trackNames: [Int: String] {
        var names: [Int: String] = [:]
        for e in events where e["ph"] as? String == "M" && e["name"] as? String == "thread_name" {
            if let tid = Self.integer(e["tid"]), let name = (e["args"] as? [String: Any])?["name"] as? String { names[tid] = name }
        }
        return names
    }

    /// The process's name from its `process_name` metadata.
    public var processName: String? {
        events.first { $0["ph"] as? String == "M" && $0["name"] as? String == "process_name" }
            .flatMap { ($0["args"] as? [String: Any])?["name"] as? String }
    }

    /// The events of the track named `track`, in file order, of phase `ph` (nil: all but metadata).
    public func events(on track: String, ph: String? = nil) -> [[String: Any]] {
        let tids = Set(trackNames.filter { $0.value == track }.keys)
        return events.filter { e in
            guard let tid = Self.integer(e["tid"]), tids.contains(tid), let p = e["ph"] as? String, p != "M" else { return false }
            return ph.map { $0 == p } ?? true
        }
    }
}
