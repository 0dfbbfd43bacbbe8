// RawContactTable: TouchScope's touch ids joined to the contacts a device recording reported.
//
//   import: finger event + its RawContact (slot, tracking id, touch size)
//     └─▶ replay: the finger's key ─▶ the application's touch for that key ─▶ touch id ─▶ RawContact
//
// The join is made as each input is handled (the touch a finger event went to), so the raw
// view never matches touches to contacts by guesswork.
import TouchCore

/// Each touch id's contact as the device last reported it, filled while a device recording
/// (evemu, libinput record) is replayed.
///
///     var table = RawContactTable()
///     table.willHandle(input, reader.lastContact, app: session.app)
///     session.handle(input)
///     table.didHandle(input, reader.lastContact, app: session.app)
public struct RawContactTable: Sendable {
    /// Touch id → the contact as last reported.
    public private(set) var byTouch: [Int: RawContact] = [:]
    /// Touch ids in the order they were first joined (the oldest forgotten first).
    private var order: [Int] = []
    /// Most touches remembered (the oldest are forgotten: the panels show recent ones).
    public static let capacity = 256

    /// An empty table.
    public init() {}

    /// Before `input` is handled: a finger-up's touch is still down, so it is joined now.
    public mutating func willHandle(_ input: RawInput, _ contact: RawContact?, app: Application) {
        guard let contact, case let .fingerUp(finger, _, _, _, device) = input.kind else { return }
        join(TouchKey(device: device ?? 0, finger: finger), contact, app: app)
    }

    /// After `input` is handled: a finger-down's touch now exists; a move updates the size.
    public mutating func didHandle(_ input: RawInput, _ contact: RawContact?, app: Application) {
        guard let contact else { return }
        switch input.kind {
        case let .fingerDown(finger, _, _, _, device), let .fingerMove(finger, _, _, _, device):
            join(TouchKey(device: device ?? 0, finger: finger), contact, app: app)
        default:
            break
        }
    }

    private mutating func join(_ key: TouchKey, _ contact: RawContact, app: Application) {
        guard let id = app.touchID(for: key) else { return }
        if byTouch.updateValue(contact, forKey: id) == nil {
            order.append(id)
            if order.count > Self.capacity { byTouch[order.removeFirst()] = nil }
        }
    }
}
