// InputMapper with touch traits: a device contact's type, palm, pressure and size go to the
// application before the finger's input, and palms are kept out (docs/touch-types.md):
// - a contact that is a palm from its first frame is never delivered (its down, moves and
//   up are swallowed; the application notes it);
// - a finger down that turns into a palm is cancelled ("touch became a palm"), and the rest
//   of its life is swallowed, as after any cancel; turning back into a finger does not bring
//   it back (libinput keeps a palm a palm until it lifts too).

extension InputMapper {
    /// The reason given to a finger cancelled because the device now calls it a palm.
    public static let becamePalm = "touch became a palm (MT_TOOL_PALM)"

    /// Maps one raw input whose finger the input described (`traits`: a device recording's
    /// contact), appending to `out`; without traits, or for other input, as ``map(_:into:)``.
    public mutating func map(_ raw: RawInput, traits: TouchTraits?, into out: inout [InputEvent]) {
        guard let traits, raw.isFinite else { return map(raw, into: &out) }
        let k: TouchKey
        let isDown: Bool
        switch raw.kind {
        case let .fingerDown(finger, _, _, _, device):
            k = TouchKey(device: device ?? 0, finger: finger); isDown = true
        case let .fingerMove(finger, _, _, _, device):
            k = TouchKey(device: device ?? 0, finger: finger); isDown = false
        default:
            return map(raw, into: &out)
        }
        if !isDown, cancelledFingers.contains(k) { return map(raw, into: &out) }
        if traits.isPalm {
            cancelledFingers.insert(k)
            if let i = realFingers.position(of: k) {
                realFingers.swapRemove(at: i)
                out.append(.cancelTouch(k, reason: Self.becamePalm))
                return
            }
            // A palm from its first frame: the application notes it, its input is swallowed.
            out.append(.touchTraits(k, traits))
            return
        }
        out.append(.touchTraits(k, traits))
        map(raw, into: &out)
    }
}
