// JSON: a small, fast JSON Lines scanner (with columns) and the parsed value it gives. The
// trace reader reads lines with it; TouchScene's readers of recordings and other files too
// (`package`). It parses bytes it is given: it opens no file.

/// A parsed JSON value. Objects keep their key order.
public enum JSONValue: Hashable, Sendable, CustomStringConvertible {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number (JSON has one number type).
    case number(Double)
    /// A string, unescaped.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object: its key-value pairs in file order.
    case object([(String, JSONValue)])

    /// The value of `key` in an object (the first, if repeated); nil for a missing key or a
    /// value that is not an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let pairs) = self { return pairs.first { $0.0 == key }?.1 }
        return nil
    }
    /// The text of a string value; nil for any other kind.
    public var string: String? { if case .string(let s) = self { return s }; return nil }
    /// The number of a number value; nil for any other kind.
    public var number: Double? { if case .number(let n) = self { return n }; return nil }
    /// The elements of an array value; nil for any other kind.
    public var array: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    /// Whether this is `null`.
    public var isNull: Bool { if case .null = self { return true }; return false }
    /// The object's keys, in file order.
    public var keys: [String] { if case .object(let p) = self { return p.map(\.0) }; return [] }

    /// Whether two values are equal, objects key by key in order.
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)): return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }
    /// Hashes the compact JSON text.
    public func hash(into h: inout Hasher) { h.combine(description) }

    /// Compact JSON, numbers in the trace format.
    public var description: String {
        var out: [UInt8] = []
        JSONOut.value(self, into: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

/// A JSON syntax or content error at a byte offset of the line.
package struct JSONError: Error {
    package var offset: Int
    package var message: String
    package init(offset: Int, message: String) { self.offset = offset; self.message = message }
}

/// Scans one line of JSON held in a byte buffer. Columns are byte offset + 1 (ASCII lines).
package struct JSONScanner {
    package let bytes: UnsafeBufferPointer<UInt8>
    package var i = 0
    package init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    package var atEnd: Bool { i >= bytes.count }

    package mutating func skipSpace() {
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x20 || c == 0x09 || c == 0x0d || c == 0x0a { i += 1 } else { return }
        }
    }

    package func fail(_ message: String, at offset: Int? = nil) -> JSONError { JSONError(offset: offset ?? i, message: message) }

    package func describeHere() -> String {
        guard i < bytes.count else { return "the end of the line" }
        let c = bytes[i]
        return c >= 0x20 && c < 0x7f ? "`\(Character(UnicodeScalar(c)))`" : "byte 0x\(String(c, radix: 16))"
    }

    package mutating func expect(_ c: UInt8, _ what: String) throws(JSONError) {
        skipSpace()
        guard i < bytes.count, bytes[i] == c else { throw fail("bad JSON: expected \(what), found \(describeHere())") }
        i += 1
    }

    /// Peeks the next non-space byte.
    package mutating func peek() -> UInt8? { skipSpace(); return i < bytes.count ? bytes[i] : nil }

    /// The raw bytes of a string without escapes (fast path for keys), or nil if it has escapes.
    package mutating func rawKey() throws(JSONError) -> Range<Int> {
        try expect(0x22, "a key in double quotes")
        let start = i
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x22 { i += 1; return start..<(i - 1) }
            if c == 0x5c || c < 0x20 { break }
            i += 1
        }
        // Escaped keys: decode and refuse (keys in these formats are plain ASCII).
        throw fail("bad JSON: unexpected character in key", at: i)
    }

    package func bytesEqual(_ r: Range<Int>, _ s: StaticString) -> Bool {
        guard r.count == s.utf8CodeUnitCount else { return false }
        let p = s.utf8Start
        for k in 0..<r.count where bytes[r.lowerBound + k] != p[k] { return false }
        return true
    }

    package mutating func string() throws(JSONError) -> String {
        skipSpace()
        guard i < bytes.count, bytes[i] == 0x22 else { throw fail("bad JSON: expected a string, found \(describeHere())") }
        i += 1
        let start = i
        var plain = true
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x22 {
                if plain {
                    let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                    i += 1
                    return s
                }
                break
            }
            if c == 0x5c { plain = false; i += 2; continue }
            if c < 0x20 { throw fail("bad JSON: control character in a string") }
            i += 1
        }
        if i >= bytes.count { throw fail("bad JSON: unterminated string", at: start - 1) }
        // Slow path with escapes.
        i = start
        var out: [UInt8] = []
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x22 { i += 1; return String(decoding: out, as: UTF8.self) }
            if c == 0x5c {
                i += 1
                guard i < bytes.count else { break }
                switch bytes[i] {
                case 0x22: out.append(0x22)
                case 0x5c: out.append(0x5c)
                case 0x2f: out.append(0x2f)
                case 0x62: out.append(0x08)
                case 0x66: out.append(0x0c)
                case 0x6e: out.append(0x0a)
                case 0x72: out.append(0x0d)
                case 0x74: out.append(0x09)
                case 0x75:
                    var code = try hex4()
                    if code >= 0xD800, code < 0xDC00 {
                        guard i + 2 < bytes.count, bytes[i + 1] == 0x5c, bytes[i + 2] == 0x75 else {
                            throw fail("bad JSON: lone surrogate in \\u escape")
                        }
                        i += 2
                        let low = try hex4()
                        guard low >= 0xDC00, low < 0xE000 else { throw fail("bad JSON: bad surrogate pair") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if code >= 0xDC00, code < 0xE000 {
                        throw fail("bad JSON: lone surrogate in \\u escape")
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw fail("bad JSON: bad \\u escape") }
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: throw fail("bad JSON: unknown escape `\\\(Character(UnicodeScalar(bytes[i])))`")
                }
                i += 1
                continue
            }
            out.append(c)
            i += 1
        }
        throw fail("bad JSON: unterminated string", at: start - 1)
    }

    private mutating func hex4() throws(JSONError) -> UInt32 {
        guard i + 4 < bytes.count else { throw fail("bad JSON: short \\u escape") }
        var v: UInt32 = 0
        for k in 1...4 {
            let c = bytes[i + k]
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x41...0x46: d = UInt32(c - 0x41 + 10)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            default: throw fail("bad JSON: bad \\u escape")
            }
            v = v * 16 + d
        }
        i += 4
        return v
    }

    private static let exactPowers: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                                1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]

    /// A JSON number. Fast exact path for up to 15 significant digits without exponent
    /// (one correctly rounded division); otherwise the standard library's conversion.
    /// Numbers too large for a double give a non-finite value (the caller refuses it).
    package mutating func number() throws(JSONError) -> Double {
        skipSpace()
        let start = i
        var negative = false
        if i < bytes.count, bytes[i] == 0x2d { negative = true; i += 1 }
        var mantissa: Int64 = 0
        var digits = 0, fractionDigits = 0
        let intStart = i
        while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
            if digits < 18 { mantissa = mantissa * 10 + Int64(bytes[i] - 0x30) }
            if mantissa != 0 { digits += 1 }
            i += 1
        }
        let intLen = i - intStart
        guard intLen > 0 else { i = start; throw fail("bad JSON: expected a number, found \(describeHere())") }
        if intLen > 1, bytes[intStart] == 0x30 { throw fail("bad JSON: leading zero in a number", at: intStart) }
        var simple = true
        if i < bytes.count, bytes[i] == 0x2e {
            i += 1
            let fs = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                if digits < 18 { mantissa = mantissa * 10 + Int64(bytes[i] - 0x30) }
                if mantissa != 0 { digits += 1 }
                fractionDigits += 1
                i += 1
            }
            if i == fs { throw fail("bad JSON: expected digits after `.`") }
        }
        if i < bytes.count, bytes[i] == 0x65 || bytes[i] == 0x45 {
            simple = false
            i += 1
            if i < bytes.count, bytes[i] == 0x2b || bytes[i] == 0x2d { i += 1 }
            let es = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
            if i == es { throw fail("bad JSON: expected digits in the exponent") }
        }
        if simple, digits <= 15, fractionDigits <= 22 {
            let v = Double(mantissa) / JSONScanner.exactPowers[fractionDigits]
            return negative ? -v : v
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        guard let v = Double(text) else { throw fail("bad JSON: bad number", at: start) }
        return v
    }

    /// A finite number for field `name` (errors name the field).
    package mutating func finiteNumber(_ name: StaticString) throws(JSONError) -> Double {
        let at = i
        guard i < bytes.count, bytes[i] == 0x2d || (bytes[i] >= 0x30 && bytes[i] <= 0x39) else {
            throw fail("field `\(name)` must be a number")
        }
        let v = try number()
        guard v.isFinite else { throw JSONError(offset: at, message: "field `\(name)` is not a finite number") }
        return v
    }

    /// A string for field `name` (errors name the field).
    package mutating func stringValue(_ name: StaticString) throws(JSONError) -> String {
        guard i < bytes.count, bytes[i] == 0x22 else { throw fail("field `\(name)` must be a string") }
        return try string()
    }

    /// Any JSON value (recursion bounded by `depth`).
    package mutating func value(depth: Int = 0) throws(JSONError) -> JSONValue {
        guard depth < 64 else { throw fail("bad JSON: nested deeper than 64 levels") }
        guard let c = peek() else { throw fail("bad JSON: expected a value, found the end of the line") }
        switch c {
        case 0x22: return .string(try string())
        case 0x7b:
            i += 1
            var pairs: [(String, JSONValue)] = []
            if peek() == 0x7d { i += 1; return .object(pairs) }
            while true {
                skipSpace()
                let k = try string()
                try expect(0x3a, "`:`")
                pairs.append((k, try value(depth: depth + 1)))
                guard let n = peek() else { throw fail("bad JSON: unterminated object") }
                if n == 0x2c { i += 1; continue }
                if n == 0x7d { i += 1; return .object(pairs) }
                throw fail("bad JSON: expected `,` or `}`, found \(describeHere())")
            }
        case 0x5b:
            i += 1
            var items: [JSONValue] = []
            if peek() == 0x5d { i += 1; return .array(items) }
            while true {
                items.append(try value(depth: depth + 1))
                guard let n = peek() else { throw fail("bad JSON: unterminated list") }
                if n == 0x2c { i += 1; continue }
                if n == 0x5d { i += 1; return .array(items) }
                throw fail("bad JSON: expected `,` or `]`, found \(describeHere())")
            }
        case 0x74: try literal("true"); return .bool(true)
        case 0x66: try literal("false"); return .bool(false)
        case 0x6e: try literal("null"); return .null
        default:
            if c == 0x2d || (c >= 0x30 && c <= 0x39) { return .number(try number()) }
            throw fail("bad JSON: unexpected \(describeHere())")
        }
    }

    private mutating func literal(_ s: StaticString) throws(JSONError) {
        let n = s.utf8CodeUnitCount
        guard i + n <= bytes.count else { throw fail("bad JSON: unexpected \(describeHere())") }
        for k in 0..<n where bytes[i + k] != s.utf8Start[k] { throw fail("bad JSON: unexpected \(describeHere())") }
        i += n
    }
}

extension JSONOut {
    /// Compact JSON of `v`, numbers in the trace format.
    package static func value(_ v: JSONValue, into out: inout [UInt8]) {
        switch v {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): number(n, into: &out)
        case .string(let s): string(s, into: &out)
        case .array(let a):
            out.append(0x5b)
            for (k, x) in a.enumerated() { if k > 0 { out.append(0x2c) }; value(x, into: &out) }
            out.append(0x5d)
        case .object(let p):
            out.append(0x7b)
            for (k, x) in p.enumerated() {
                if k > 0 { out.append(0x2c) }
                string(x.0, into: &out); out.append(0x3a); value(x.1, into: &out)
            }
            out.append(0x7d)
        }
    }
}
