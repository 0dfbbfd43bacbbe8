// Color: an sRGB colour with straight alpha, shared by views, scenes and drawing.

/// An sRGB colour with straight (not premultiplied) alpha, 0–255 per channel.
///
///     Color.hex("#36c")  // (51, 102, 204, 255)
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0…255.
    public var r: UInt8
    /// Green, 0…255.
    public var g: UInt8
    /// Blue, 0…255.
    public var b: UInt8
    /// Alpha, 0 (transparent) …255 (opaque).
    public var a: UInt8

    /// The colour with these channels, opaque unless `a` is given.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// Components 0…1 (clamped).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func c(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        self.init(r: c(red), g: c(green), b: c(blue), a: c(alpha))
    }

    /// Parses `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional). Nil when malformed.
    public init?(hex: String) {
        var s = Substring(hex.filter { !$0.isWhitespace })
        if s.hasPrefix("#") { s = s.dropFirst() }
        guard s.allSatisfy(\.isHexDigit) else { return nil }
        let digits = s.compactMap { $0.hexDigitValue }.map(UInt8.init)
        switch digits.count {
        case 3, 4:
            let v = digits.map { $0 * 17 }
            self.init(r: v[0], g: v[1], b: v[2], a: digits.count == 4 ? v[3] : 255)
        case 6, 8:
            var v: [UInt8] = []
            for i in stride(from: 0, to: digits.count, by: 2) { v.append(digits[i] << 4 | digits[i + 1]) }
            self.init(r: v[0], g: v[1], b: v[2], a: digits.count == 8 ? v[3] : 255)
        default:
            return nil
        }
    }

    /// `Color(hex:)` for literals known to be valid; magenta when malformed (visible, never a crash).
    public static func hex(_ s: String) -> Color { Color(hex: s) ?? .magenta }

    /// `#RRGGBB` or `#RRGGBBAA` when not opaque.
    public var hexString: String {
        func h(_ v: UInt8) -> String { let s = String(v, radix: 16); return s.count == 1 ? "0" + s : s }
        return "#" + h(r) + h(g) + h(b) + (a == 255 ? "" : h(a))
    }
    /// The colour as ``hexString`` writes it.
    public var description: String { hexString }

    /// The same colour with alpha 0…1.
    public func withAlpha(_ alpha: Double) -> Color {
        Color(r: r, g: g, b: b, a: UInt8(max(0, min(255, (alpha * 255).rounded()))))
    }
    /// The same colour with its alpha multiplied by `f` (0…1), e.g. a view's `alpha`.
    public func fading(_ f: Double) -> Color {
        Color(r: r, g: g, b: b, a: UInt8(max(0, min(255, (Double(a) * f).rounded()))))
    }
    /// Linear mix towards `other` by `t` (0 = self, 1 = other).
    public func mixed(with other: Color, _ t: Double) -> Color {
        func m(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8(max(0, min(255, (Double(x) + (Double(y) - Double(x)) * t).rounded()))) }
        return Color(r: m(r, other.r), g: m(g, other.g), b: m(b, other.b), a: m(a, other.a))
    }

    /// Fully transparent black: draws nothing (a view's default background).
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
    /// Black, #000000.
    public static let black = Color(r: 0, g: 0, b: 0)
    /// White, #ffffff (the default text colour).
    public static let white = Color(r: 255, g: 255, b: 255)
    /// Mid grey, #808080.
    public static let gray = Color(r: 128, g: 128, b: 128)
    /// iOS system red, #ff3b30.
    public static let red = Color(r: 255, g: 59, b: 48)
    /// iOS system green, #34c759.
    public static let green = Color(r: 52, g: 199, b: 89)
    /// iOS system blue, #007aff.
    public static let blue = Color(r: 0, g: 122, b: 255)
    /// iOS system yellow, #ffcc00.
    public static let yellow = Color(r: 255, g: 204, b: 0)
    /// iOS system orange, #ff9500.
    public static let orange = Color(r: 255, g: 149, b: 0)
    /// Magenta, #ff00ff: what ``hex(_:)`` gives for a malformed literal.
    public static let magenta = Color(r: 255, g: 0, b: 255)
    /// Cyan, #32ade6.
    public static let cyan = Color(r: 50, g: 173, b: 230)
}

/// The two faces the painter knows: DejaVu Sans and DejaVu Sans Mono (or the bitmap fallback).
public enum FontFace: String, Hashable, Sendable, CaseIterable {
    /// A proportional face, DejaVu Sans: labels and controls.
    case sans
    /// A fixed-width face, DejaVu Sans Mono: numbers and logs that line up.
    case mono
}

/// How a line of text lines up on its anchor's x.
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    /// `position.x` is the left edge.
    case left
    /// `position.x` is the centre.
    case center
    /// `position.x` is the right edge.
    case right
}

