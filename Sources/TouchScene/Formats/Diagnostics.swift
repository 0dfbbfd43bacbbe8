// Diagnostics: where a scene, recording or trace is wrong, and why (`FILE:LINE:COLUMN: message`).

/// A position in a source file. Lines and columns start at 1; columns count Unicode scalars.
///
///     SourceLocation(line: 12, column: 5)
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in Unicode scalars.
    public var column: Int
    /// The position at `line`, `column`.
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    /// The start of a file, used when no better position is known.
    public static let start = SourceLocation(line: 1, column: 1)
    /// Orders positions by line, then column: file order.
    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
    /// `LINE:COLUMN`.
    public var description: String { "\(line):\(column)" }
}

/// One problem found in an input file, rendered as `FILE:LINE:COLUMN: message`.
///
///     SceneDiagnostic(file: "scenes/a.yaml", line: 3, column: 7, message: "expected a number")
public struct SceneDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's path as the user gave it (or a name such as `<stdin>`).
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in Unicode scalars.
    public var column: Int
    /// What is wrong, as one sentence ("`radius` must be at least 10, found `4`").
    public var message: String

    /// A problem in `file` at `line`:`column`.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file; self.line = line; self.column = column; self.message = message
    }
    /// A problem in `file` at `location`.
    public init(file: String, at location: SourceLocation, _ message: String) {
        self.init(file: file, line: location.line, column: location.column, message: message)
    }
    /// `line` and `column` as a ``SourceLocation``.
    public var location: SourceLocation { SourceLocation(line: line, column: column) }
    /// `FILE:LINE:COLUMN: message`, the form the command line prints.
    public var rendered: String { "\(file):\(line):\(column): \(message)" }
    /// The rendered form, `FILE:LINE:COLUMN: message`.
    public var description: String { rendered }
}

/// Loading a scene failed: every problem found, in file order.
public struct SceneLoadError: Error, Sendable, CustomStringConvertible {
    /// Every problem found, sorted by position.
    public var diagnostics: [SceneDiagnostic]
    /// A load error made of `diagnostics`.
    public init(diagnostics: [SceneDiagnostic]) { self.diagnostics = diagnostics }
    /// One rendered diagnostic per line.
    public var description: String { diagnostics.map(\.rendered).joined(separator: "\n") }
}

/// Reading a recording or a trace failed at one place (the first problem stops the reader).
public struct InputFileError: Error, Sendable, CustomStringConvertible {
    /// Where the file is wrong, and why.
    public var diagnostic: SceneDiagnostic
    /// The error of `diagnostic`.
    public init(_ diagnostic: SceneDiagnostic) { self.diagnostic = diagnostic }
    /// The error at `file`:`line`:`column` with `message`.
    public init(file: String, line: Int, column: Int, _ message: String) {
        diagnostic = SceneDiagnostic(file: file, line: line, column: column, message: message)
    }
    /// `FILE:LINE:COLUMN: message`.
    public var description: String { diagnostic.rendered }
}

/// Levenshtein distance, for "did you mean `x`?" suggestions.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased().unicodeScalars), b = Array(b.lowercased().unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var prev = Array(0...b.count)
    var cur = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        cur[0] = i
        for j in 1...b.count {
            cur[j] = Swift.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&prev, &cur)
    }
    return prev[b.count]
}

/// The longest word a "did you mean" suggestion is looked for (in bytes): a longer one is no
/// typo of a short name, and the search is then skipped (it costs the word's length times
/// each candidate's).
let maxSuggestedWordLength = 64

/// The closest candidate to `word`, if it is close enough to be a likely typo. Only short
/// words are compared, and only with candidates of about their length (a typo is at most
/// three edits, so the lengths differ by at most three).
func suggestion(for word: String, in candidates: [String]) -> String? {
    guard word.utf8.count <= maxSuggestedWordLength else { return nil }
    let length = word.unicodeScalars.count
    var best: (String, Int)?
    for c in candidates where abs(c.unicodeScalars.count - length) <= 3 {
        let d = editDistance(word, c)
        if d < (best?.1 ?? Int.max) { best = (c, d) }
    }
    guard let (c, d) = best else { return nil }
    let limit = Swift.max(1, Swift.min(3, (word.count + 2) / 3))
    return d <= limit ? c : nil
}

/// The most characters of a value a message repeats: `shown` cuts the rest.
let maxShownLength = 60

/// A value from the input as a message repeats it: up to 60 characters, then "…" (an 8 MiB
/// unknown name makes a one-line message, not an 8 MiB one).
func shown(_ value: String) -> String {
    if value.utf8.count <= maxShownLength { return value }
    let head = value.prefix(maxShownLength)
    return head.endIndex == value.endIndex ? value : head + "…"
}

/// " (did you mean `x`?)" or "".
func didYouMean(_ word: String, _ candidates: [String]) -> String {
    suggestion(for: word, in: candidates).map { "; did you mean `\($0)`?" } ?? ""
}
