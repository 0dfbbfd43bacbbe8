// TextField: a one-line text control that becomes first responder when tapped and edits text.
//
//   not editing ──tap (touch up inside)──▶ becomeFirstResponder ──▶ editing      editingDidBegin
//   editing ──insertText / deleteBackward / cut / paste / delete──▶ editing       editingChanged
//   editing ──insertText("\n")──▶ editingDidEndOnExit (+ primaryActionTriggered); resigns if someone listens
//   editing ──resignFirstResponder (or another responder becomes first)──▶ not editing   editingDidEnd
//
// Edit actions (`StandardEditAction`) and `canPerformAction` follow UITextField: cut and delete
// need a selection, copy needs a selection, paste needs text on the pasteboard, select needs
// text and no selection, select all needs text not already all selected. Edit actions are
// only offered while the field is first responder (editing).

/// The standard edit-menu actions, as UIResponderStandardEditActions (names without the colon).
public enum StandardEditAction: String, CaseIterable, Sendable {
    /// `cut`: the selection to the pasteboard, then deleted.
    case cut
    /// `copy`: the selection to the pasteboard.
    case copy
    /// `paste`: the pasteboard's text over the selection.
    case paste
    /// `select`: the word at the caret.
    case select
    /// `selectAll`: all the text.
    case selectAll
    /// `delete`: the selection deleted.
    case delete
}

/// A text field, as `UITextField`. Its text is the view's `text`; `selectedRange` counts characters.
///
///     let name = TextField(id: "name", frame: Rect(x: 0, y: 0, width: 200, height: 32), placeholder: "Name")
///     name.addTarget(action: "nameChanged", target: nil, for: .editingChanged)
open class TextField: Control {
    /// Grey text shown while the field is empty (`UITextField.placeholder`).
    public var placeholder: String?
    /// Secure entry (passwords): cut and copy are refused.
    public var isSecureTextEntry = false
    /// The selection (an empty range is the caret), in characters.
    public var selectedRange: Range<Int> = 0..<0
    /// The pasteboard this field uses; nil: the application's.
    public var pasteboard: Pasteboard?

    /// A field named `id` at `frame` with `text` (caret at its end) and `placeholder`. It can
    /// become first responder.
    public init(id: String, frame: Rect, text: String? = nil, placeholder: String? = nil) {
        self.placeholder = placeholder
        super.init(id: id, frame: frame)
        self.text = text
        canBecomeFirstResponder = true
        let n = (text ?? "").count
        selectedRange = n..<n
    }

    /// The field's text, "" when nil.
    public var content: String { text ?? "" }
    /// Whether the field has any text (`UIKeyInput.hasText`).
    public var hasText: Bool { !content.isEmpty }
    /// Whether the field is being edited (it is first responder).
    public var isEditing: Bool { isFirstResponder }
    /// The selected text ("" for a caret).
    public var selectedText: String { String(Array(content)[clamped(selectedRange)]) }
    private var activePasteboard: Pasteboard? { pasteboard ?? application?.pasteboard }

    private func clamped(_ r: Range<Int>) -> Range<Int> {
        let n = content.count
        let lo = min(max(r.lowerBound, 0), n), hi = min(max(r.upperBound, lo), n)
        return lo..<hi
    }

    // MARK: Becoming first responder

    /// A touch lifted inside: the field becomes first responder and starts editing.
    override open func endTracking(_ touch: Touch, with event: Event) {
        if isTouchInside && !isFirstResponder { becomeFirstResponder() }
    }
    /// Editing began: the caret goes to the end, and `editingDidBegin` is sent.
    override open func didBecomeFirstResponder() {
        let n = content.count
        selectedRange = n..<n
        sendActions(for: .editingDidBegin)
    }
    /// Editing ended (however first responder moved on): `editingDidEnd` is sent.
    override open func didResignFirstResponder() {
        sendActions(for: .editingDidEnd)
    }

    // MARK: Text input (UIKeyInput)

    /// Types `s` over the selection. "\n" is the return key.
    public func insertText(_ s: String) {
        guard isEditing else { return }
        if s == "\n" {
            sendActions(for: .editingDidEndOnExit)
            sendActions(for: .primaryActionTriggered)
            if hasTargets(for: .editingDidEndOnExit) { resignFirstResponder() }
            return
        }
        replaceSelection(with: s)
    }
    /// Deletes the selection, or the character before the caret.
    public func deleteBackward() {
        guard isEditing else { return }
        let r = clamped(selectedRange)
        if r.isEmpty {
            guard r.lowerBound > 0 else { return }
            selectedRange = (r.lowerBound - 1)..<r.lowerBound
        }
        replaceSelection(with: "")
    }

    private func replaceSelection(with s: String) {
        var chars = Array(content)
        let r = clamped(selectedRange)
        guard !(r.isEmpty && s.isEmpty) else { return }
        chars.replaceSubrange(r, with: Array(s))
        text = String(chars)
        let caret = r.lowerBound + s.count
        selectedRange = caret..<caret
        sendActions(for: .editingChanged)
    }

    // MARK: Edit actions

    /// The standard edit actions as UITextField allows them while editing: cut and copy need a
    /// selection (and no secure entry), paste needs pasteboard text, select needs text and no
    /// selection, select all needs text not all selected, delete needs a selection. Other
    /// actions: as ``Responder/canPerformAction(_:withSender:)``.
    override open func canPerformAction(_ action: String, withSender sender: Responder?) -> Bool {
        guard let a = StandardEditAction(rawValue: action) else { return super.canPerformAction(action, withSender: sender) }
        guard isEditing else { return false }
        let sel = clamped(selectedRange)
        switch a {
        case .cut: return !sel.isEmpty && !isSecureTextEntry
        case .copy: return !sel.isEmpty && !isSecureTextEntry
        case .paste: return activePasteboard?.hasStrings ?? false
        case .select: return sel.isEmpty && hasText
        case .selectAll: return hasText && sel.count < content.count
        case .delete: return !sel.isEmpty
        }
    }

    /// Performs a standard edit action on the text, the selection and the pasteboard (cut,
    /// copy, paste, select a word, select all, delete); other actions as ``Responder``'s.
    override open func perform(_ action: String, sender: Responder?) {
        guard let a = StandardEditAction(rawValue: action) else { super.perform(action, sender: sender); return }
        switch a {
        case .cut:
            activePasteboard?.string = selectedText
            replaceSelection(with: "")
        case .copy:
            activePasteboard?.string = selectedText
        case .paste:
            replaceSelection(with: activePasteboard?.string ?? "")
        case .select:
            selectedRange = wordRange(around: clamped(selectedRange).lowerBound)
        case .selectAll:
            selectedRange = 0..<content.count
        case .delete:
            replaceSelection(with: "")
        }
    }

    /// The word touching `caret` (letters, digits and marks between whitespace/punctuation);
    /// the word before it when the caret follows a word.
    public func wordRange(around caret: Int) -> Range<Int> {
        let chars = Array(content)
        func isWord(_ i: Int) -> Bool { i >= 0 && i < chars.count && (chars[i].isLetter || chars[i].isNumber) }
        var lo = min(max(caret, 0), chars.count)
        if !isWord(lo) && isWord(lo - 1) { lo -= 1 }
        guard isWord(lo) else { return lo..<lo }
        var hi = lo
        while isWord(lo - 1) { lo -= 1 }
        while isWord(hi) { hi += 1 }
        return lo..<hi
    }
}
