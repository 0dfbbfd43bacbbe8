import TouchCore

// Boundary tests (issue 33): every threshold of SPEC.md and Defaults.swift is tried just
// below, at and (where it means something) just above its value, and the exact outcome is
// checked: the transitions with their times and reasons, as the trace gives them.
//
// Floating point: "at the boundary" must be exactly the threshold, not a neighbour of it.
// Distances are taken along one axis with coordinates that are small integers or halves
// (exact in binary), times are sums of binary-exact steps (0.125, 0.25, 2^-10), and where a
// threshold such as 0.35 s is not binary-exact, the test states (with #require) that the
// times it uses differ by exactly that double.

extension GestureRig {
    /// Every transition of recognizer `id` as "time from>to: reason", time as traces write it.
    func log(_ id: String) -> [String] {
        transitions(id).map { "\(fmt($0.t)) \($0.from.rawValue)>\($0.to.rawValue): \($0.reason)" }
    }
}

/// 2^-10 s: a binary-exact step to stand just before or after a time threshold.
let tick = 1.0 / 1024
