// TextWrap: text broken into lines no wider than a width, at spaces, for the panels that show
// something in full (the selection detail) instead of cutting it with "…".
//
//     measurer.wrap("failed: requires doubleTap to fail, which recognized", toWidth: 120, size: 11, font: .mono)
//     // ["failed: requires", "doubleTap to fail,", "which recognized"]

extension TextMeasurer {
    /// `string` broken into lines no wider than `width`: at spaces, greedily (as many words
    /// on a line as fit); a word wider than the width on its own is broken between
    /// characters. Line breaks in `string` are kept (an empty line stays one). Nothing is
    /// lost but the spaces a line breaks at: joined with those spaces, the lines give the
    /// text back (runs of spaces become one). Any width ends: a width narrower than every
    /// character (zero or negative too) gives one character per line, never an empty piece.
    public func wrap(_ string: String, toWidth width: Double, size: Double, font: FontFace) -> [String] {
        var lines: [String] = []
        for paragraph in string.split(separator: "\n", omittingEmptySubsequences: false) {
            let start = lines.count
            var line = ""
            for word in paragraph.split(separator: " ") {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if fits(candidate, width, size, font) {
                    line = candidate
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                // The word alone: whole when it fits, else in pieces that do.
                var rest = Substring(word)
                while !rest.isEmpty && !fits(String(rest), width, size, font) {
                    let n = longestFittingPrefix(rest, width, size, font)
                    lines.append(String(rest.prefix(n)))
                    rest = rest.dropFirst(n)
                }
                line = String(rest)
            }
            // The last line, unless a width narrower than a character left nothing for it.
            if !line.isEmpty || lines.count == start { lines.append(line) }
        }
        return lines
    }

    private func fits(_ s: String, _ width: Double, _ size: Double, _ font: FontFace) -> Bool {
        measure(s, size: size, font: font).width <= width
    }

    /// How many leading characters of a non-empty `s` fit in `width`: at least one, so a
    /// width narrower than any character still makes progress.
    private func longestFittingPrefix(_ s: Substring, _ width: Double, _ size: Double, _ font: FontFace) -> Int {
        var lo = 1, hi = s.count   // the first character is taken even when it does not fit
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if fits(String(s.prefix(mid)), width, size, font) { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}
