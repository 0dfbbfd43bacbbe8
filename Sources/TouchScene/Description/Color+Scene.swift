// Color: the colours a scene file can write (`#RGB`, `#RRGGBB`, `#RRGGBBAA`, a name).

/// Scene colours: `#RGB`, `#RRGGBB`, `#RRGGBBAA`, or a name such as `red`, `clear`.
extension Color {
    /// The colour names a scene may use.
    public static let named: [String: Color] = [
        "clear": .clear, "black": .black, "white": .white,
        "red": Color(r: 0xe0, g: 0x40, b: 0x40), "green": Color(r: 0x40, g: 0xb0, b: 0x50),
        "blue": Color(r: 0x33, g: 0x66, b: 0xcc), "yellow": Color(r: 0xf0, g: 0xd0, b: 0x40),
        "orange": Color(r: 0xf0, g: 0x90, b: 0x30), "purple": Color(r: 0x90, g: 0x50, b: 0xc0),
        "pink": Color(r: 0xf0, g: 0x80, b: 0xb0), "cyan": Color(r: 0x40, g: 0xc0, b: 0xd0),
        "magenta": Color(r: 0xd0, g: 0x40, b: 0xd0), "brown": Color(r: 0x8b, g: 0x5a, b: 0x2b),
        "gray": Color(r: 0x80, g: 0x80, b: 0x80), "grey": Color(r: 0x80, g: 0x80, b: 0x80),
        "lightGray": Color(r: 0xc0, g: 0xc0, b: 0xc0), "darkGray": Color(r: 0x40, g: 0x40, b: 0x40),
    ]
    /// Parses `#RGB`, `#RRGGBB`, `#RRGGBBAA` or a name; nil when invalid.
    public init?(parsing text: String) {
        if let c = Color.named[text] { self = c; return }
        guard text.hasPrefix("#"), [4, 7, 9].contains(text.count), let c = Color(hex: text) else { return nil }
        self = c
    }
}
