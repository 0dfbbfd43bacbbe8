// RecognizerDescription: one gesture recognizer (`recognizers`) and its delegate answers.

/// One gesture recognizer (`recognizers`): the keys every recognizer has. The parameters
/// of its type (`taps`, `edges`, a program's own) are read by the type's reader in
/// `SceneTypes` and travel in `type`; keys that do not apply to the type are refused by the
/// loader.
public struct RecognizerDescription: Sendable, Hashable {
    /// `id` (required), unique among views, recognizers and controllers; the trace's
    /// `recognizer`.
    public var id: String
    /// `type`: the registered type (UIKit's, TouchScope's or a program's) with the node's
    /// parameters and the maker its reader returned.
    public var type: RecognizerType
    /// Where the recognizer's mapping starts.
    public var location: SourceLocation
    /// `enabled` (default true).
    public var enabled = true
    /// `cancelsTouchesInView` (default true), `delaysTouchesBegan` (default false),
    /// `delaysTouchesEnded` (default true).
    public var cancelsTouchesInView = true
    /// `delaysTouchesBegan` (default false).
    public var delaysTouchesBegan = false
    /// `delaysTouchesEnded` (default true).
    public var delaysTouchesEnded = true
    /// `allowedTouchTypes` (default every type: direct, indirect, pencil, indirectPointer).
    public var allowedTouchTypes: [TouchType] = TouchType.allCases
    /// `requiresExclusiveTouchType` (default true).
    public var requiresExclusiveTouchType = true
    /// `requireToFail`: permanent failure requirements.
    public var requireToFail: [Reference] = []
    /// `simultaneousWith` (default none).
    public var simultaneousWith: SimultaneityRule = .none
    /// `shouldBegin` (default true).
    public var shouldBegin = true
    /// `shouldReceiveTouch` (default true).
    public var shouldReceiveTouch: TouchFilter = .always
    /// `requireFailureOf`: the delegate's `shouldRequireFailureOf` answers, asked per attempt.
    public var requireFailureOf: [Reference] = []
    /// `requiredToFailBy`: the delegate's `shouldBeRequiredToFailBy` answers.
    public var requiredToFailBy: [Reference] = []
    /// `action`: the action message sent on state changes.
    public var action: RecognizerAction?
    /// `bind`: drive a view transform.
    public var bind: BindingDescription?

    /// A recognizer `id` of `type` with every shared key at its default. Make `type` with
    /// `SceneTypes.recognizer(_:id:parameters:)`.
    public init(id: String, type: RecognizerType, location: SourceLocation = .start) {
        self.id = id; self.type = type; self.location = location
    }
}

/// The delegate's `shouldRecognizeSimultaneouslyWith` answer (`simultaneousWith`).
public enum SimultaneityRule: Sendable, Hashable {
    /// Never (UIKit's default).
    case none
    /// `all`: with any other recognizer.
    case all
    /// With these recognizers only.
    case recognizers([Reference])
}

/// The delegate's `shouldReceive(touch)` answer (`shouldReceiveTouch`).
///
/// - `true` / `false`: always / never.
/// - `{outside: [ids]}`: every touch except those whose hit-test view is one of these views
///   or inside one of them (e.g. ignore touches on a button inside the recognizer's view).
/// - `{insideOnly: [ids]}`: only touches whose hit-test view is one of these views or inside one.
public enum TouchFilter: Sendable, Hashable {
    /// `true`: every touch (UIKit's default).
    case always
    /// `false`: no touch.
    case never
    /// `{outside: [ids]}`: every touch but those that land in these views or inside them.
    case outside([Reference])
    /// `{insideOnly: [ids]}`: only touches that land in these views or inside them.
    case insideOnly([Reference])
}
