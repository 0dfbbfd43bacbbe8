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
    /// `supportsIndirectInputEvents` (default false): the mouse is an indirect pointer
    /// (`TouchType.indirectPointer`) rather than a finger, as an app's
    /// `UIApplicationSupportsIndirectInputEvents`.
    public var supportsIndirectInputEvents = false
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
