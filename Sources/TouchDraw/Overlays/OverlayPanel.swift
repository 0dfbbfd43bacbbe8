// OverlayPanel: the id of one section of the debugging overlays; the sections themselves are
// listed in `PanelRegistry.all` (PanelRegistry.swift).

/// One section of the debugging overlays, by id. Each panel declares its id in its own file
/// (`extension OverlayPanel { public static let timeline = OverlayPanel("timeline") }`) and
/// describes itself in one entry of `PanelRegistry.all`.
public struct OverlayPanel: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Every registered panel, in the order of `PanelRegistry.all`.
    public static var allCases: [OverlayPanel] { PanelRegistry.all.map(\.id) }
}
