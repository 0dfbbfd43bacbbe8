// ViewKind: the view kinds a scene can declare (`kind`).

/// The kinds of view a scene can declare (`kind`): UIKit's built-in ones, or one registered
/// in the `SceneTypes` the scene was loaded with.
public enum ViewKind: Sendable, Hashable, CustomStringConvertible {
    /// `view`: a plain `View`.
    case view
    /// `label`: a view that shows `text`; user interaction off by default.
    case label
    /// `image`: a view that shows `image`; user interaction off by default.
    case image
    /// `button`: a `Button`.
    case button
    /// `switch`: a `Switch`.
    case `switch`
    /// `slider`: a `Slider`.
    case slider
    /// `stepper`: a `Stepper`.
    case stepper
    /// `segmented`: a `SegmentedControl`.
    case segmented
    /// `pageControl`: a `PageControl`.
    case pageControl
    /// `textField`: a `TextField`.
    case textField
    /// `scrollView`: a `ScrollView`; `children` are its content.
    case scrollView
    /// `player`: a view showing the scene's media player (its `MediaPlayer`).
    case player
    /// A registered kind, with the parameters its node gave and its maker.
    case registered(RegisteredView)

    /// The built-in kinds, in the order the documentation lists them.
    public static let builtIns: [ViewKind] = [.view, .label, .image, .button, .switch, .slider, .stepper,
                                              .segmented, .pageControl, .textField, .scrollView, .player]

    /// The built-in kind with this name (`slider`), or nil.
    public init?(builtIn name: String) {
        guard let kind = Self.builtIns.first(where: { $0.name == name }) else { return nil }
        self = kind
    }

    /// The name a scene writes (`kind: slider`).
    public var name: String {
        switch self {
        case .view: "view"
        case .label: "label"
        case .image: "image"
        case .button: "button"
        case .switch: "switch"
        case .slider: "slider"
        case .stepper: "stepper"
        case .segmented: "segmented"
        case .pageControl: "pageControl"
        case .textField: "textField"
        case .scrollView: "scrollView"
        case .player: "player"
        case .registered(let r): r.name
        }
    }
    /// The name a scene writes.
    public var description: String { name }

    /// Kinds that are controls (they track touches and send control events).
    public var isControl: Bool {
        switch self {
        case .button, .switch, .slider, .stepper, .segmented, .pageControl, .textField: true
        case .view, .label, .image, .scrollView, .player: false
        case .registered(let r): r.isControl
        }
    }
}
