// TraceText: a reason in the trace, kept as the code wrote it and formatted only when read.
//
//   fail("failed: lifted before \(fmt: slop) pt")  ──▶  pieces: "failed: lifted before ", 10.0, " pt"
//                                                        (one allocation, no number formatted)
//   .description (a trace file, a panel, a test)   ──▶  "failed: lifted before 10 pt"
//
// A recognizer's transition carries a reason; many of them hold numbers ("began: centroid
// moved 12.5 pt (slop 10)"). Building that string at the transition cost about 1,000
// instructions and an allocation or two on the input path, and most reasons are never shown
// (the trace log keeps the last few thousand; a trace file is only written with `--trace`).
// So the recognizer keeps the pieces, and the reader formats them: the trace writer when it
// writes the record, the trace log's worker thread when a panel asks.

/// A trace reason: a literal, a string, or literal pieces with values, formatted when read.
///
///     let r: TraceText = "failed: \(n) touches, more than \(fmt: limit)"
///     r.description   // "failed: 3 touches, more than 2"
///
/// `description` gives exactly the string that ordinary interpolation of the same pieces
/// would (`fmt:` and `show:` format as `fmt(_:)` and `GestureMath.show(_:)` do), so traces do
/// not change. Values of other types are formatted at once, as `String(describing:)`.
public struct TraceText: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    // Two plain fields rather than an enum of the cases: a message holding this copies as a
    // plain struct with one reference (an enum of a string and an object made every copy of
    // a gesture message go through its type's generic copy, which cost more than the
    // formatting saved), and a literal, the common case, has no reference at all.
    /// The text when it is a literal (then `pieces` is nil).
    let literal: StaticString
    /// The pieces of an interpolated or already formatted reason.
    nonisolated(unsafe) let pieces: Pieces?

    /// An already formatted reason.
    public init(_ string: String) {
        literal = ""
        pieces = Pieces.make(capacity: 1)
        pieces!.append(.string(string))
    }
    /// A literal reason (`"recognized"`): kept as the literal, no allocation.
    public init(stringLiteral value: StaticString) { literal = value; pieces = nil }
    /// An interpolated reason (`"failed: moved \(fmt: d) pt"`): kept as its pieces, formatted
    /// when read.
    public init(stringInterpolation: StringInterpolation) { literal = ""; pieces = stringInterpolation.pieces }

    /// The reason as text (formatted now, each time it is asked for).
    public var description: String { pieces?.formatted() ?? String(describing: literal) }

    /// The rule and numbers behind the reason, when a recognizer's transition named them
    /// (``GestureDecision``): kept with the pieces, never part of the text.
    public var decision: GestureDecision? { pieces?.decision }
    /// This reason with `decision` attached (nil: without one). The text is unchanged.
    public func with(decision: GestureDecision?) -> TraceText {
        let old = pieces?.count ?? 1
        let made = Pieces.make(capacity: old + 1)
        if let pieces {
            pieces.forEachPiece { if case .decision = $0 {} else { made.append($0) } }
        } else {
            made.append(.literal(literal))
        }
        if let decision { made.append(.decision(decision)) }
        return TraceText(pieces: made)
    }
    private init(pieces: Pieces) { literal = ""; self.pieces = pieces }
    /// The reason as text: `description`.
    public var string: String { description }

    /// Whether the two reasons read the same (compares the formatted text; a reason is
    /// equal to its text whatever decision it carries: compare ``decision`` for that).
    public static func == (a: TraceText, b: TraceText) -> Bool { a.description == b.description }
    /// Hashes the formatted text.
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }

    /// Collects the pieces of an interpolated reason (the compiler calls it).
    public struct StringInterpolation: StringInterpolationProtocol {
        let pieces: Pieces

        /// Room for the literal pieces and the values of one interpolation.
        public init(literalCapacity: Int, interpolationCount: Int) {
            // A literal between every two values, and one at each end, at most.
            pieces = Pieces.make(capacity: 2 * interpolationCount + 1)
        }
        /// A literal piece of the reason.
        public mutating func appendLiteral(_ literal: StaticString) {
            if literal.utf8CodeUnitCount > 0 { pieces.append(.literal(literal)) }
        }
        /// An integer, written in full.
        public mutating func appendInterpolation(_ value: Int) { pieces.append(.int(value)) }
        /// A string, as it is.
        public mutating func appendInterpolation(_ value: String) { pieces.append(.string(value)) }
        /// Another reason, formatted when this one is.
        public mutating func appendInterpolation(_ value: TraceText) { pieces.append(.text(value)) }
        /// A number as `fmt(_:)` writes it: an integer without a decimal point.
        public mutating func appendInterpolation(fmt value: Double) { pieces.append(.number(value)) }
        /// A measured value rounded to 2 decimals, as `GestureMath.show(_:)` writes it.
        public mutating func appendInterpolation(show value: Double) { pieces.append(.number((value * 100).rounded() / 100)) }
        /// Anything else, formatted now.
        @_disfavoredOverload
        public mutating func appendInterpolation<T>(_ value: T) { pieces.append(.string(String(describing: value))) }
    }

    /// One piece of an interpolated reason.
    enum Piece {
        case literal(StaticString)
        case string(String)
        case int(Int)
        /// Written by `fmt(_:)`.
        case number(Double)
        case text(TraceText)
        /// The decision behind the reason (not part of the text).
        case decision(GestureDecision)
    }

    /// The pieces, in one allocation: a count, then the pieces. Never changed once the
    /// reason is made (the interpolation appends while it builds it), so it may be shared
    /// between threads, as the trace log's worker does.
    final class Pieces: ManagedBuffer<Int, Piece> {
        static func make(capacity: Int) -> Pieces {
            unsafeDowncast(Pieces.create(minimumCapacity: capacity) { _ in 0 }, to: Pieces.self)
        }

        func append(_ piece: Piece) {
            withUnsafeMutablePointers { count, items in
                // The capacity is counted for the pieces the compiler announces; a literal is
                // only ever between two of them, so this cannot overflow it.
                precondition(count.pointee < capacity, "TraceText: more pieces than announced")
                (items + count.pointee).initialize(to: piece)
                count.pointee += 1
            }
        }

        /// How many pieces there are.
        var count: Int { withUnsafeMutablePointers { count, _ in count.pointee } }

        /// Calls `body` with each piece, in order.
        func forEachPiece(_ body: (Piece) -> Void) {
            withUnsafeMutablePointers { count, items in for i in 0..<count.pointee { body(items[i]) } }
        }

        /// The decision piece, if any (the last piece when there is one).
        var decision: GestureDecision? {
            withUnsafeMutablePointers { count, items in
                guard count.pointee > 0, case let .decision(d) = items[count.pointee - 1] else { return nil }
                return d
            }
        }

        func formatted() -> String {
            withUnsafeMutablePointers { count, items in
                var s = ""
                for i in 0..<count.pointee {
                    switch items[i] {
                    case let .literal(l): s += String(describing: l)
                    case let .string(v): s += v
                    case let .int(v): s += String(v)
                    case let .number(v): s += fmt(v)
                    case let .text(t): s += t.description
                    case .decision: break
                    }
                }
                return s
            }
        }

        deinit {
            _ = withUnsafeMutablePointers { count, items in items.deinitialize(count: count.pointee) }
        }
    }
}
