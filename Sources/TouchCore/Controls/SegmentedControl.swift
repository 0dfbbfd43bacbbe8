// SegmentedControl: equal-width segments; touch up inside selects the segment under the finger.
//
//   touchDown ──▶ (drag)* ──▶ up inside: the segment under the finger (clamped) is selected ──▶ valueChanged (if changed)

/// A segmented control, as `UISegmentedControl`.
///
///     let mode = SegmentedControl(id: "mode", frame: Rect(x: 0, y: 0, width: 240, height: 32),
///                                 segments: ["Day", "Week", "Month"])
open class SegmentedControl: Control {
    /// `selectedSegmentIndex` when nothing is selected.
    public static let noSegment = -1
    /// The segments' titles, left to right; they share the width equally.
    public var segments: [String]
    /// The selected segment (noSegment: none). Setting it sends no event.
    public var selectedSegmentIndex: Int
    /// Momentary: the segment is selected only while its valueChanged is sent.
    public var isMomentary = false

    /// A segmented control named `id` with `segments`, none selected unless
    /// `selectedSegmentIndex` is given.
    public init(id: String, frame: Rect, segments: [String], selectedSegmentIndex: Int = SegmentedControl.noSegment) {
        self.segments = segments
        self.selectedSegmentIndex = selectedSegmentIndex
        super.init(id: id, frame: frame)
    }
    /// How many segments there are.
    public var numberOfSegments: Int { segments.count }

    /// The segment under `x` (control space), clamped to the segments.
    public func segment(atX x: Double) -> Int {
        guard !segments.isEmpty, bounds.width > 0 else { return SegmentedControl.noSegment }
        let i = Int(((x - bounds.minX) / (bounds.width / Double(segments.count))).rounded(.down))
        return min(max(i, 0), segments.count - 1)
    }

    /// A touch lifted inside: selects the segment under it and sends `valueChanged` (a
    /// momentary control deselects it again after).
    override open func endTracking(_ touch: Touch, with event: Event) {
        guard isTouchInside else { return }
        let i = segment(atX: touch.location(in: self).x)
        guard i != SegmentedControl.noSegment, i != selectedSegmentIndex || isMomentary else { return }
        selectedSegmentIndex = i
        sendActions(for: .valueChanged)
        if isMomentary { selectedSegmentIndex = SegmentedControl.noSegment }
    }

    /// A single-finger single tap belongs to the segmented control.
    override open func keepsDefaultAction(from kind: DefaultActionKind, touch: Touch?) -> Bool {
        kind.isSingleFingerSingleTap
    }
}
