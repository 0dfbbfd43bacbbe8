// EditMenu: the edit menu as a model: which items the first responder can perform, and performing one.
//
//   visibleItems: standard items (cut, copy, paste, select, selectAll, delete) then custom items,
//                 each kept only when some responder on the chain from the first responder
//                 `canPerformAction` it (UIKit's `target(forAction:withSender:)` walk)
//   perform(item): `Application.sendAction(item.action, to: nil, …)`: the nil-targeted action
//                 travels the chain from the first responder (an `action` trace record, sender "editMenu")

/// One item of the edit menu: a title and the action it sends.
public struct EditMenuItem: Hashable, Sendable {
    /// The label shown ("Copy").
    public var title: String
    /// The action sent when chosen (`copy`), nil-targeted along the responder chain.
    public var action: String
    /// An item that shows `title` and sends `action`.
    public init(title: String, action: String) { self.title = title; self.action = action }

    /// Cut: sends `cut`.
    public static let cut = EditMenuItem(title: "Cut", action: StandardEditAction.cut.rawValue)
    /// Copy: sends `copy`.
    public static let copy = EditMenuItem(title: "Copy", action: StandardEditAction.copy.rawValue)
    /// Paste: sends `paste`.
    public static let paste = EditMenuItem(title: "Paste", action: StandardEditAction.paste.rawValue)
    /// Select: sends `select`.
    public static let select = EditMenuItem(title: "Select", action: StandardEditAction.select.rawValue)
    /// Select All: sends `selectAll`.
    public static let selectAll = EditMenuItem(title: "Select All", action: StandardEditAction.selectAll.rawValue)
    /// Delete: sends `delete`.
    public static let delete = EditMenuItem(title: "Delete", action: StandardEditAction.delete.rawValue)
    /// The standard items, in the order the menu shows them.
    public static let standard: [EditMenuItem] = [.cut, .copy, .paste, .select, .selectAll, .delete]
}

/// The edit menu (`UIMenuController` / `UIEditMenuInteraction`) as data.
///
///     let menu = EditMenu(application: app, customItems: [EditMenuItem(title: "Define", action: "define")])
///     if let item = menu.visibleItems.first { menu.perform(item) }
public final class EditMenu {
    /// The application whose first responder the menu serves; held weakly.
    public private(set) weak var application: Application?
    /// Items added after the standard ones (`UIMenuController.menuItems`).
    public var customItems: [EditMenuItem]
    /// The sender id the trace shows for the menu's actions.
    public var senderID = "editMenu" { didSet { senderName = TraceName(senderID) } }
    /// `senderID` as a trace name, made when it is set.
    private var senderName = TraceName("editMenu")

    /// A menu for `application`, with `customItems` after the standard ones.
    public init(application: Application, customItems: [EditMenuItem] = []) {
        self.application = application
        self.customItems = customItems
    }

    /// The items the menu shows for the current first responder (none without one).
    public var visibleItems: [EditMenuItem] {
        guard let first = application?.firstResponder else { return [] }
        return (EditMenuItem.standard + customItems).filter {
            first.target(forAction: $0.action, withSender: nil) != nil
        }
    }

    /// Computes the visible items and records them in the trace (`note`, topic `edit-menu`).
    @discardableResult
    public func show() -> [EditMenuItem] {
        let items = visibleItems
        if let app = application {
            app.tracer.emit(app.time, .note(topic: "edit-menu",
                text: "edit menu for \(app.firstResponder?.id ?? "no first responder"): \(items.isEmpty ? "no items" : items.map(\.title).joined(separator: ", "))"))
        }
        return items
    }

    /// Sends the item's action along the responder chain from the first responder; returns
    /// who handled it. An item that is not visible now is not sent (nil, with a note).
    @discardableResult
    public func perform(_ item: EditMenuItem) -> Responder? {
        guard let app = application else { return nil }
        guard visibleItems.contains(item) else {
            app.tracer.emit(app.time, .note(topic: "edit-menu", text: "\(item.title) not sent: no responder on the chain from \(app.firstResponder?.id ?? "nothing") can perform \(item.action)"))
            return nil
        }
        return app.sendAction(item.action, to: nil, from: nil, senderName: senderName)
    }
}
