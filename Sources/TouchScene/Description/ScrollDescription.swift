// ScrollDescription: the scroll-view properties (`kind: scrollView`).

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
