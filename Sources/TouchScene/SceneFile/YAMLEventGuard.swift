// YAMLEventGuard: measures a YAML document's nesting and expanded size with libyaml's
// event parser (iterative, no recursion) before the recursive composer is allowed to run.

import CYaml

enum YAMLEventGuard {
    /// The first limit the document breaks, with its position; nil when it is within limits
    /// (or when it has a syntax error before any limit is reached: the composer then reports
    /// that error, having recursed no deeper than the limit).
    ///
    /// Depth counts open sequences and mappings. The node count counts every scalar,
    /// sequence and mapping, and every alias as the full size of the node it names, so an
    /// alias expansion bomb is caught without expanding it. `what` names the kind of file in
    /// messages (default: scene files).
    static func problem(in text: String, maxDepth: Int = SceneLimits.maxYAMLDepth,
                        budget: Int = SceneLimits.nodeBudget,
                        what: String? = nil) -> (line: Int, column: Int, message: String)? {
        problem(in: Array(text.utf8), maxDepth: maxDepth, budget: budget, what: what)
    }

    /// The same, for the bytes of UTF-8 text (read where they are, not copied).
    static func problem(in bytes: [UInt8], maxDepth: Int = SceneLimits.maxYAMLDepth,
                        budget: Int = SceneLimits.nodeBudget,
                        what: String? = nil) -> (line: Int, column: Int, message: String)? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return (1, 1, "out of memory while reading YAML") }
        defer { yaml_parser_delete(&parser) }
        return bytes.withUnsafeBufferPointer { buf -> (Int, Int, String)? in
            yaml_parser_set_input_string(&parser, buf.baseAddress, buf.count)
            var open: [(countBefore: Int, anchor: String?)] = []
            var sizes: [String: Int] = [:]
            var count = 0
            func anchorName(_ p: UnsafeMutablePointer<yaml_char_t>?) -> String? {
                p.map { String(cString: UnsafePointer($0)) }
            }
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                let line = Int(event.start_mark.line) + 1, column = Int(event.start_mark.column) + 1
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return nil
                case YAML_SCALAR_EVENT:
                    count += 1
                    if let a = anchorName(event.data.scalar.anchor) { sizes[a] = 1 }
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    let anchor = event.type == YAML_SEQUENCE_START_EVENT
                        ? anchorName(event.data.sequence_start.anchor) : anchorName(event.data.mapping_start.anchor)
                    open.append((count, anchor))
                    count += 1
                    if open.count > maxDepth {
                        let limits = what.map { "the limit for \($0)" }
                            ?? "scene files are limited to \(maxDepth) levels of YAML and \(SceneLimits.maxViewDepth) levels of views"
                        return (line, column, "YAML nested deeper than \(maxDepth) levels; refused (\(limits))")
                    }
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    if let (before, anchor) = open.popLast(), let anchor { sizes[anchor] = count - before }
                case YAML_ALIAS_EVENT:
                    count += anchorName(event.data.alias.anchor).flatMap { sizes[$0] } ?? 1
                default:
                    break
                }
                if count > budget {
                    return (line, column, "the document expands to more than \(budget) YAML nodes (alias re-uses counted); refused (an alias expansion bomb?)")
                }
            }
        }
    }
}
