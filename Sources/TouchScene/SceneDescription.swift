// SceneDescription: a scene file as typed, validated data (scenes/README.md documents every key).
//
// The loader fills every field with the file's value or the documented default, so a builder
// never needs to know the YAML. Every element keeps its `SourceLocation` for later messages.

/// A whole scene file. Produced by `SceneLoader`; all references in it are known to resolve.
///
///     let scene = try SceneLoader.load(path: "scenes/hit-test.yaml")
///     scene.views[0].id  // "A"
public struct SceneDescription: Sendable, Hashable {
    /// `scene`: the scene's name (required).
    public var name: String
    /// `title`: shown in the window title bar (nil: show `name`).
    public var title: String?
    /// `description`: a hint shown to the user.
    public var description: String?
    /// `window`: the scene window's size in points (required).
    public var window: Size
    /// `firstResponder`: the view made first responder when the scene loads.
    public var firstResponder: Reference?
    /// `capabilities`: device capabilities the scene needs.
    public var capabilities: [Capability]
    /// `defaults`: per-scene overrides of the documented thresholds.
    public var defaults: ThresholdOverrides
    /// `background`: the window's colour (default dark grey `#202020`).
    public var background: Color
    /// `views`: the window's subviews, back to front.
    public var views: [ViewDescription]
    /// `controllers`: extra responder information for view controllers. Every view
    /// controller named by a view's `controller` key appears here (with defaults when the
    /// file does not list it), in the order of first mention.
    public var controllers: [ControllerDescription]
    /// `application`: the application object as a responder.
    public var application: ResponderTraits
    /// `appDelegate`: present when the app delegate is a responder (the application's next).
    public var appDelegate: ResponderTraits?
    /// `player`: the media player ("now playing" information), if the scene has one.
    public var player: PlayerDescription?
    /// The file the scene came from (as given to the loader), for messages.
    public var file: String
    /// The folder the scene came from; relative asset paths start here.
    public var folder: String

    /// An empty scene called `name` with a window of `window` points: no views, default
    /// background, no capabilities; `file` and `folder` name where it came from.
    public init(name: String, window: Size, file: String = "<scene>", folder: String = ".") {
        self.name = name; self.window = window; self.file = file; self.folder = folder
        capabilities = []; defaults = ThresholdOverrides(); background = Color(r: 0x20, g: 0x20, b: 0x20)
        views = []; controllers = []; application = ResponderTraits()
    }

    /// All views, depth first, parents before their children (front-most last among siblings).
    public var allViews: [ViewDescription] {
        var out: [ViewDescription] = []
        var stack = views.reversed() as [ViewDescription]
        while let v = stack.popLast() {
            out.append(v)
            stack.append(contentsOf: v.children.reversed())
        }
        return out
    }

    /// The view with this id, anywhere in the tree.
    public func view(_ id: String) -> ViewDescription? { allViews.first { $0.id == id } }

    /// All recognizers with the id of the view they are attached to.
    public var allRecognizers: [(view: String, recognizer: RecognizerDescription)] {
        allViews.flatMap { v in v.recognizers.map { (v.id, $0) } }
    }
}

/// A reference to another element by id (a view, recognizer, controller, or one of the
/// reserved responders `application`, `appDelegate`, `window`), with where it was written.
public struct Reference: Sendable, Hashable, CustomStringConvertible {
    /// The referenced element's id.
    public var id: String
    /// Where the reference is written, for messages about it.
    public var location: SourceLocation
    /// A reference to `id`, written at `location`.
    public init(_ id: String, at location: SourceLocation = .start) { self.id = id; self.location = location }
    /// The id.
    public var description: String { id }
    /// Responder names that are not declared as views or controllers.
    public static let reservedResponders = ["application", "appDelegate", "window"]
}

/// A device capability a scene needs (`capabilities`).
public enum Capability: String, Sendable, Hashable, CaseIterable {
    /// `accelerometer`: shake and orientation from motion.
    case accelerometer
    /// `gyroscope`: rotation rate samples.
    case gyroscope
    /// `touchscreen`: real fingers (the mouse stands in otherwise).
    case touchscreen
    /// `gamepad`: a game controller (the keyboard stands in otherwise).
    case gamepad
}

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

/// The font family of a view's text (`font`): TouchCore's `FontFace`.
public typealias FontFamily = FontFace

/// A view's transform as the scene gives it (`transform`), applied about the view's centre
/// in the order scale, rotate, translate.
public struct TransformDescription: Sendable, Hashable {
    /// `scaleX` (or `scale`, both axes): the horizontal scale factor (default 1; never 0).
    public var scaleX: Double = 1
    /// `scaleY` (or `scale`): the vertical scale factor (default 1; never 0).
    public var scaleY: Double = 1
    /// Radians, positive is clockwise on screen.
    public var rotation: Double = 0
    /// `translate: [x, y]`: the translation in points (default none).
    public var translation: Point = .zero
    /// A transform with the given parts (default: identity).
    public init(scaleX: Double = 1, scaleY: Double = 1, rotation: Double = 0, translation: Point = .zero) {
        self.scaleX = scaleX; self.scaleY = scaleY; self.rotation = rotation; self.translation = translation
    }
    /// No scale, rotation or translation.
    public static let identity = TransformDescription()
    /// The affine transform: scale, then rotation, then translation.
    public var affine: AffineTransform {
        AffineTransform(scaleX: scaleX, y: scaleY)
            .concatenating(AffineTransform(rotationAngle: rotation))
            .concatenating(AffineTransform(translationX: translation.x, y: translation.y))
    }
}

/// Whether a responder implements things (used by views, controllers, the application and
/// the app delegate).
public struct ResponderTraits: Sendable, Hashable {
    /// `actions`: action messages this responder implements (`canPerformAction`).
    public var actions: [String] = []
    /// `handlesMotion`: it handles shake motion events itself (else they go up the chain).
    public var handlesMotion = false
    /// `handlesRemote`: it handles remote-control events (the legacy first-responder path).
    public var handlesRemote = false
    /// `canBecomeFirstResponder`.
    public var canBecomeFirstResponder = false
    /// Where the section was written.
    public var location: SourceLocation = .start
    /// A responder that implements nothing (every flag false, no actions).
    public init() {}
}

/// A custom edit-menu item (`menuItems`).
public struct MenuItem: Sendable, Hashable {
    /// The title the menu shows.
    public var title: String
    /// The action the item sends, nil-targeted from the first responder.
    public var action: String
    /// Where the item is written.
    public var location: SourceLocation
    /// An item showing `title` that sends `action`.
    public init(title: String, action: String, location: SourceLocation = .start) {
        self.title = title; self.action = action; self.location = location
    }
}

/// The control events a target can listen to (`targets[].event`).
public enum ControlEvent: String, Sendable, Hashable, CaseIterable {
    /// `ControlEvents/touchDown`.
    case touchDown
    /// `ControlEvents/touchDownRepeat`.
    case touchDownRepeat
    /// `ControlEvents/touchDragInside`.
    case touchDragInside
    /// `ControlEvents/touchDragOutside`.
    case touchDragOutside
    /// `ControlEvents/touchDragEnter`.
    case touchDragEnter
    /// `ControlEvents/touchDragExit`.
    case touchDragExit
    /// `ControlEvents/touchUpInside`.
    case touchUpInside
    /// `ControlEvents/touchUpOutside`.
    case touchUpOutside
    /// `ControlEvents/touchCancel`.
    case touchCancel
    /// `ControlEvents/valueChanged`.
    case valueChanged
    /// `ControlEvents/primaryActionTriggered`.
    case primaryActionTriggered
    /// `ControlEvents/editingDidBegin`.
    case editingDidBegin
    /// `ControlEvents/editingChanged`.
    case editingChanged
    /// `ControlEvents/editingDidEnd`.
    case editingDidEnd
    /// `ControlEvents/editingDidEndOnExit`.
    case editingDidEndOnExit
}

/// A target-action pair of a control (`targets`).
public struct TargetAction: Sendable, Hashable {
    /// `event`: the control event listened to.
    public var event: ControlEvent
    /// `action`: the action message sent.
    public var action: String
    /// nil: a nil-targeted action that travels the responder chain from the first responder.
    public var target: Reference?
    /// Where the pair is written.
    public var location: SourceLocation
    /// A pair sending `action` to `target` (nil: along the responder chain) on `event`.
    public init(event: ControlEvent, action: String, target: Reference? = nil, location: SourceLocation = .start) {
        self.event = event; self.action = action; self.target = target; self.location = location
    }
}

/// The properties of a control (kinds button … textField). Keys that do not apply to the
/// control's kind are refused by the loader.
public struct ControlDescription: Sendable, Hashable {
    /// `enabled` (default true). A disabled control still hit-tests (the `disabled` hit-test
    /// verdict is about `userInteraction`) but does not track touches or send events.
    public var enabled = true
    /// `selected` (default false).
    public var selected = false
    /// `title`: button title (falls back to the view's `text`).
    public var title: String?
    /// `value`: slider and stepper value (clamped into minimum…maximum; default minimum).
    public var value: Double = 0
    /// `minimum` (default 0).
    public var minimum: Double = 0
    /// `maximum` (default 1 for sliders, 100 for steppers).
    public var maximum: Double = 1
    /// `step`: stepper increment (default 1).
    public var step: Double = 1
    /// `on`: switch state (default false).
    public var isOn = false
    /// `segments`: segment titles of a segmented control.
    public var segments: [String] = []
    /// `selectedSegment` (default -1: none).
    public var selectedSegment = -1
    /// `pages`: number of pages of a page control (default 3).
    public var pages = 3
    /// `currentPage` (default 0).
    public var currentPage = 0
    /// `placeholder`: text field placeholder.
    public var placeholder: String?
    /// `continuous`: the slider sends valueChanged while dragging, not only at the end (default true).
    public var continuous = true
    /// `wraps`: stepper wraps around (default false).
    public var wraps = false
    /// `autorepeat`: stepper repeats while held (default true).
    public var autorepeat = true
    /// `targets`: target-action pairs.
    public var targets: [TargetAction] = []
    /// A control with every default: enabled, not selected, value 0 in 0…1, and so on.
    public init() {}
}

/// The scroll-view properties (`kind: scrollView`).
public struct ScrollDescription: Sendable, Hashable {
    /// `contentSize` (default: the view's size).
    public var contentSize: Size
    /// `contentOffset` (default [0, 0]); the same as the bounds origin.
    public var contentOffset: Point = .zero
    /// `delaysContentTouches` (default true).
    public var delaysContentTouches = true
    /// `canCancelContentTouches` (default true).
    public var canCancelContentTouches = true
    /// `bounces` (default true).
    public var bounces = true
    /// `decelerationRate`: velocity kept per millisecond (default 0.998, UIKit's normal).
    public var decelerationRate = 0.998
    /// A scroll view of `contentSize` at offset 0 with UIKit's defaults.
    public init(contentSize: Size) { self.contentSize = contentSize }
}

/// One view of the tree (`views`, `children`).
public struct ViewDescription: Sendable, Hashable {
    /// `id` (required), unique among views, recognizers and controllers.
    public var id: String
    /// Where the view's mapping starts.
    public var location: SourceLocation
    /// `kind` (default `view`).
    public var kind: ViewKind = .view
    /// `frame` [x, y, w, h] in the superview (required).
    public var frame: Rect
    /// `bounds` [x, y]: the bounds origin (default [0, 0]).
    public var boundsOrigin: Point = .zero
    /// `transform` (default identity).
    public var transform: TransformDescription = .identity
    /// `color`: fill (default clear).
    public var color: Color = .clear
    /// `borderColor` (default white), `borderWidth` (default 0), `cornerRadius` (default 0).
    public var borderColor: Color = .white
    /// `borderWidth` in points (default 0: no border).
    public var borderWidth: Double = 0
    /// `cornerRadius` in points (default 0); drawing only.
    public var cornerRadius: Double = 0
    /// `alpha` 0…1 (default 1). Below 0.01 the view is skipped by hit testing.
    public var alpha: Double = 1
    /// `hidden` (default false).
    public var hidden = false
    /// `clipsToBounds` (default false).
    public var clipsToBounds = false
    /// `userInteraction`: `isUserInteractionEnabled` (default true; false for labels and images).
    public var userInteraction = true
    /// `multipleTouch`: `isMultipleTouchEnabled` (default false).
    public var multipleTouch = false
    /// `exclusiveTouch`: `isExclusiveTouch` (default false).
    public var exclusiveTouch = false
    /// `handlesTouches`: the view handles touch messages itself (default false: it forwards
    /// them to its next responder). Controls always handle their touches.
    public var handlesTouches = false
    /// `hitRule` (default normal).
    public var hitRule: HitRule = .normal
    /// `touchOutset`: points added on each side of the touch area, (dx, dy) (default 0).
    public var touchOutset: Size = .zero
    /// `controller`: this view is the root view of a view controller with this id.
    public var controller: Reference?
    /// `next`: next-responder override (a view, controller, `window`, `application` or `appDelegate`).
    public var next: Reference?
    /// `actions`, `handlesMotion`, `handlesRemote`, `canBecomeFirstResponder`.
    /// Text fields can become first responder by default.
    public var responder = ResponderTraits()
    /// `menuItems`: custom edit-menu items.
    public var menuItems: [MenuItem] = []
    /// `text`, `textColor` (default white), `fontSize` (default 16), `font` (default sans),
    /// `align` (default left; center for buttons).
    public var text: String?
    /// `textColor` (default white).
    public var textColor: Color = .white
    /// `fontSize` in points (default 16).
    public var fontSize: Double = 16
    /// `font`: `sans` or `mono` (default sans).
    public var font: FontFamily = .sans
    /// `align`: `left`, `center` or `right` (default left; center for buttons).
    public var align: TextAlignment = .left
    /// `image`: an asset, resolved and checked to stay inside the scene's folder or assets/.
    public var image: AssetPath?
    /// Control properties; non-nil exactly when `kind.isControl`.
    public var control: ControlDescription?
    /// Scroll-view properties; non-nil exactly when `kind == .scrollView`.
    public var scroll: ScrollDescription?
    /// `recognizers`: gesture recognizers attached to this view, in order.
    public var recognizers: [RecognizerDescription] = []
    /// `children`: subviews, back to front.
    public var children: [ViewDescription] = []
    /// The keys the scene file wrote for this view. A registered view kind gets only these
    /// applied, so what its maker set (say `isMultipleTouchEnabled`, a corner radius) stays
    /// unless the file names the key; a built-in kind gets every key's value or default.
    public var writtenKeys: Set<String> = []

    /// A plain view `id` at `frame` in its superview, with every other key at its default.
    public init(id: String, frame: Rect, kind: ViewKind = .view, location: SourceLocation = .start) {
        self.id = id; self.frame = frame; self.kind = kind; self.location = location
    }
}

/// A file the scene uses (an image or a sound).
public struct AssetPath: Sendable, Hashable {
    /// The path as written in the scene.
    public var written: String
    /// The absolute path of the file (symlinks resolved).
    public var resolved: String
    /// Where the path is written.
    public var location: SourceLocation
    /// An asset written as `written` in the scene, found at `resolved`.
    public init(written: String, resolved: String, location: SourceLocation = .start) {
        self.written = written; self.resolved = resolved; self.location = location
    }
}

/// The recognizer types (`type`): UIKit's built-in ones, whose parameters are fields of
/// `RecognizerDescription`, or one registered in the `SceneTypes` the scene was loaded with
/// (`checkmark`, or a program's own), which carries its parameters itself.
public enum RecognizerType: Sendable, Hashable, CustomStringConvertible {
    /// `tap`: a `TapGestureRecognizer`.
    case tap
    /// `pinch`: a `PinchGestureRecognizer`.
    case pinch
    /// `rotation`: a `RotationGestureRecognizer`.
    case rotation
    /// `pan`: a `PanGestureRecognizer`.
    case pan
    /// `swipe`: a `SwipeGestureRecognizer`.
    case swipe
    /// `longPress`: a `LongPressGestureRecognizer`.
    case longPress
    /// `screenEdgePan`: a `ScreenEdgePanGestureRecognizer`.
    case screenEdgePan
    /// A registered type, with the parameters its node gave and its maker.
    case registered(RegisteredRecognizer)

    /// The built-in types, in the order the documentation lists them.
    public static let builtIns: [RecognizerType] = [.tap, .pinch, .rotation, .pan, .swipe, .longPress, .screenEdgePan]

    /// The built-in type with this name (`longPress`), or nil.
    public init?(builtIn name: String) {
        guard let type = Self.builtIns.first(where: { $0.name == name }) else { return nil }
        self = type
    }

    /// The name a scene writes (`type: longPress`).
    public var name: String {
        switch self {
        case .tap: "tap"
        case .pinch: "pinch"
        case .rotation: "rotation"
        case .pan: "pan"
        case .swipe: "swipe"
        case .longPress: "longPress"
        case .screenEdgePan: "screenEdgePan"
        case .registered(let r): r.name
        }
    }
    /// The name a scene writes.
    public var description: String { name }
}

/// Swipe directions (`directions`, `direction`).
public enum SwipeDirection: String, Sendable, Hashable, CaseIterable {
    /// Toward +x.
    case right
    /// Toward -x.
    case left
    /// Up the screen (-y).
    case up
    /// Down the screen (+y).
    case down
}

/// Screen edges (`edges`).
public enum ScreenEdge: String, Sendable, Hashable, CaseIterable {
    /// The window's left edge.
    case left
    /// The window's right edge.
    case right
    /// The window's top edge.
    case top
    /// The window's bottom edge.
    case bottom
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

/// An action message sent by a recognizer on every state change except to `failed` (`action`).
public struct RecognizerAction: Sendable, Hashable {
    /// `action`: the action message's name.
    public var action: String
    /// nil: travels the responder chain from the recognizer's view.
    public var target: Reference?
    /// Where the action is written.
    public var location: SourceLocation
    /// An action `action` sent to `target` (nil: along the responder chain).
    public init(action: String, target: Reference? = nil, location: SourceLocation = .start) {
        self.action = action; self.target = target; self.location = location
    }
}

/// The property of a view's transform a recognizer drives (`bind.property`).
public enum BoundProperty: String, Sendable, Hashable, CaseIterable {
    /// `scale`: a pinch's scale factor.
    case scale
    /// `rotation`: a rotation's angle.
    case rotation
    /// `translation`: a pan's translation.
    case translation
}

/// A recognizer's output driving a view transform (`bind`), direct manipulation.
public struct BindingDescription: Sendable, Hashable {
    /// `view`: the view moved (default: the recognizer's view).
    public var view: Reference?
    /// `property`: which part of the transform (default: scale for pinch, rotation for
    /// rotation, translation for pan and screen-edge pan).
    public var property: BoundProperty
    /// `momentum`: keep moving with the end velocity, decelerating (default false).
    public var momentum = false
    /// `limits`: {min, max} for the scale factor or the rotation (radians); for translation,
    /// the maximum distance from the start (only `max`). Nil: unlimited.
    public var minimum: Double?
    /// `limits.max`: the upper limit (for translation, the largest distance in points).
    public var maximum: Double?
    /// `spring`: beyond the limits, follow with resistance and spring back on release
    /// (default false: clamp).
    public var spring = false
    /// Where `bind` is written.
    public var location: SourceLocation
    /// A binding of `property` to `view` (nil: the recognizer's view), no limits or momentum.
    public init(property: BoundProperty, view: Reference? = nil, location: SourceLocation = .start) {
        self.property = property; self.view = view; self.location = location
    }
}

/// One gesture recognizer (`recognizers`). Parameters that do not apply to its type are
/// refused by the loader; nil thresholds mean "the scene's default".
public struct RecognizerDescription: Sendable, Hashable {
    /// `id` (required), unique among views, recognizers and controllers; the trace's
    /// `recognizer`.
    public var id: String
    /// `type`: a built-in type or a registered one.
    public var type: RecognizerType
    /// Where the recognizer's mapping starts.
    public var location: SourceLocation
    /// `enabled` (default true).
    public var enabled = true
    /// `taps`: taps required (tap: default 1; long press: default 0).
    public var taps: Int
    /// `touches`: touches required (tap, swipe, long press: default 1).
    public var touches = 1
    /// `minTouches` (pan, default 1) and `maxTouches` (pan, default nil: unbounded).
    public var minTouches = 1
    /// `maxTouches` (pan; nil: unbounded).
    public var maxTouches: Int?
    /// `directions` or `direction` (swipe, default [right]).
    public var directions: [SwipeDirection] = [.right]
    /// `duration`: minimum press duration in seconds (long press; default `longPressDuration`).
    public var duration: Double?
    /// `allowableMovement` in points (long press; default `allowableMovement`).
    public var allowableMovement: Double?
    /// `edges` (screen-edge pan, default [left]).
    public var edges: [ScreenEdge] = [.left]
    /// `maximumInterval`: seconds between taps (tap; default `tapInterval`).
    public var maximumInterval: Double?
    /// `maximumDistance`: how far a tap may move, points (tap; default `tapSlop`).
    public var maximumDistance: Double?
    /// `minimumDistance`: points (pan and screen-edge pan: default `panSlop`; swipe: default `swipeMinDistance`).
    public var minimumDistance: Double?
    /// `minimumSpeed`: points/s (swipe; default `swipeMinSpeed`).
    public var minimumSpeed: Double?
    /// `maximumAngle`: radians off the direction (swipe; default `swipeMaxAngle`).
    public var maximumAngle: Double?
    /// `threshold`: pinch scale change or rotation angle (radians) before beginning
    /// (default `pinchThreshold` / `rotationThreshold`).
    public var threshold: Double?
    /// `cancelsTouchesInView` (default true), `delaysTouchesBegan` (default false),
    /// `delaysTouchesEnded` (default true).
    public var cancelsTouchesInView = true
    /// `delaysTouchesBegan` (default false).
    public var delaysTouchesBegan = false
    /// `delaysTouchesEnded` (default true).
    public var delaysTouchesEnded = true
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

    /// A recognizer `id` of `type` with every parameter at its default (taps: 0 for a long
    /// press, 1 otherwise).
    public init(id: String, type: RecognizerType, location: SourceLocation = .start) {
        self.id = id; self.type = type; self.location = location
        taps = type == .longPress ? 0 : 1
    }
}

/// A view controller as a responder (`controllers`).
public struct ControllerDescription: Sendable, Hashable {
    /// `id`: the controller's id (the trace names it as a responder).
    public var id: String
    /// The id of the view that is its root view.
    public var view: String
    /// `actions`, `handlesMotion`, `handlesRemote`, `canBecomeFirstResponder` of the
    /// controller.
    public var responder = ResponderTraits()
    /// `next`: next-responder override.
    public var next: Reference?
    /// Where the controller is written (or first mentioned).
    public var location: SourceLocation
    /// A controller `id` managing the view `view`.
    public init(id: String, view: String, location: SourceLocation = .start) {
        self.id = id; self.view = view; self.location = location
    }
}

/// The media player (`player`): what the Now Playing panel shows and what plays.
public struct PlayerDescription: Sendable, Hashable {
    /// `title`, `artist`, `album`.
    public var title = ""
    /// `artist`.
    public var artist = ""
    /// `album` (shown when given).
    public var album: String?
    /// `duration` in seconds (default 180).
    public var duration: Double = 180
    /// `rate`: playback rate when playing (default 1).
    public var rate: Double = 1
    /// `tone`: frequency in Hz of a generated tone (default 440 when there is no `sound`).
    public var tone: Double?
    /// `sound`: a sound asset played instead of the tone.
    public var sound: AssetPath?
    /// `skipInterval`: seconds skipped by skip forward/backward (default 15).
    public var skipInterval: Double = 15
    /// Where the `player` section is written.
    public var location: SourceLocation = .start
    /// A player with the defaults: a 180 s untitled item at rate 1.
    public init() {}
}

/// Per-scene overrides of the documented thresholds (`defaults`); nil keeps the default.
/// `Thresholds.standard` holds the documented values.
public struct ThresholdOverrides: Sendable, Hashable {
    /// The overridden thresholds by key (absent: the standard value).
    public var values: [ThresholdKey: Double] = [:]
    /// No overrides.
    public init() {}
    /// The override of `key`, nil when the scene keeps the standard value.
    public subscript(key: ThresholdKey) -> Double? {
        get { values[key] }
        set { values[key] = newValue }
    }
    /// The standard thresholds with these overrides applied.
    public var resolved: [ThresholdKey: Double] {
        var out: [ThresholdKey: Double] = [:]
        for k in ThresholdKey.allCases { out[k] = values[k] ?? k.standard }
        return out
    }
}

/// The thresholds a scene may override, with the values TouchScope proposes (UIKit-like).
public enum ThresholdKey: String, Sendable, Hashable, CaseIterable {
    /// Seconds allowed between the taps of a multi-tap (0.35).
    case tapInterval
    /// Points a tap may move and still be a tap (10).
    case tapSlop
    /// Points outside a control still counted as inside while tracking (70).
    case controlTolerance
    /// Seconds a shake may last before it is cancelled (3).
    case shakeMaxDuration
    /// Long press minimum duration, seconds (0.5).
    case longPressDuration
    /// Long press allowable movement, points (10).
    case allowableMovement
    /// Swipe minimum distance, points (50).
    case swipeMinDistance
    /// Swipe minimum speed, points/s (200).
    case swipeMinSpeed
    /// Swipe maximum angle off its direction, radians (0.4636, about 26.6°).
    case swipeMaxAngle
    /// Pinch: change in finger distance before beginning, points (8).
    case pinchThreshold
    /// Rotation: angle before beginning, radians (0.1, about 5.7°).
    case rotationThreshold
    /// Pan: distance before beginning, points (10).
    case panSlop
    /// Velocity fit horizon, seconds (0.1).
    case velocityWindow
    /// Scroll view content-touch delay, seconds (0.15).
    case scrollDelay

    /// The documented value.
    public var standard: Double { Defaults()[keyPath: keyPath] }

    /// The `Defaults` field this key overrides (TouchCore's Defaults.swift is the one place
    /// the numbers and their units are documented).
    public var keyPath: WritableKeyPath<Defaults, Double> {
        switch self {
        case .tapInterval: \.tapInterval
        case .tapSlop: \.tapSlop
        case .controlTolerance: \.controlTolerance
        case .shakeMaxDuration: \.shakeMaxDuration
        case .longPressDuration: \.longPressDuration
        case .allowableMovement: \.allowableMovement
        case .swipeMinDistance: \.swipeMinDistance
        case .swipeMinSpeed: \.swipeMinSpeed
        case .swipeMaxAngle: \.swipeMaxAngle
        case .pinchThreshold: \.pinchThreshold
        case .rotationThreshold: \.rotationThreshold
        case .panSlop: \.panSlop
        case .velocityWindow: \.velocityWindow
        case .scrollDelay: \.scrollDelay
        }
    }
}

extension ThresholdOverrides {
    /// TouchCore's `Defaults` with these overrides applied.
    public func apply(to d: Defaults = Defaults()) -> Defaults {
        var out = d
        for (k, v) in values { out[keyPath: k.keyPath] = v }
        return out
    }
}
