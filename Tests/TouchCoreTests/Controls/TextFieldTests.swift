import Testing
@testable import TouchCore

@Suite("Text field and edit menu")
struct TextFieldTests {
    /// window ▸ form (implements "define") ▸ name field; a button elsewhere.
    func formApp(text: String? = nil) -> (Application, Recorder, View, TextField) {
        let (app, rec) = makeApp()
        let form = View(id: "form", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let field = TextField(id: "name", frame: Rect(x: 20, y: 20, width: 200, height: 32), text: text, placeholder: "Name")
        form.addSubview(field)
        app.window.addSubview(form)
        app.pasteboard = MemoryPasteboard()
        return (app, rec, form, field)
    }

    @Test("a tap makes the text field first responder and sends editingDidBegin")
    func tapBecomesFirstResponder() {
        let (app, rec, _, field) = formApp()
        app.tap(100, 36, at: 0)
        #expect(app.firstResponder === field)
        #expect(field.isEditing)
        #expect(rec.events(of: "name") == ["touchDown", "editingDidBegin", "touchUpInside"])
        #expect(rec.records.contains { if case .firstResponder(_, "name", _) = $0.body { return true }; return false })
    }

    @Test("typing and deleting send editingChanged and edit at the caret")
    func typing() {
        let (app, rec, _, field) = formApp()
        app.tap(100, 36, at: 0)
        rec.clear()
        field.insertText("Ada")
        field.insertText("m")
        field.deleteBackward()
        #expect(field.text == "Ada")
        #expect(field.selectedRange == 3..<3)
        #expect(rec.events(of: "name") == ["editingChanged", "editingChanged", "editingChanged"])
    }

    @Test("text input is ignored while the field is not editing")
    func notEditing() {
        let (_, rec, _, field) = formApp(text: "x")
        field.insertText("y")
        field.deleteBackward()
        #expect(field.text == "x")
        #expect(rec.controlEvents.isEmpty)
    }

    @Test("return sends editingDidEndOnExit and resigns when a target listens; resigning sends editingDidEnd")
    func returnKey() {
        let (app, rec, _, field) = formApp()
        var done = 0
        field.addAction(for: .editingDidEndOnExit) { _ in done += 1 }
        app.tap(100, 36, at: 0)
        rec.clear()
        field.insertText("\n")
        #expect(done == 1)
        #expect(app.firstResponder == nil)
        #expect(rec.events(of: "name") == ["editingDidEndOnExit", "primaryActionTriggered", "editingDidEnd"])
    }

    @Test("another responder becoming first ends the field's editing")
    func otherBecomesFirst() {
        let (app, rec, form, _) = formApp()
        let other = TextField(id: "email", frame: Rect(x: 20, y: 80, width: 200, height: 32))
        form.addSubview(other)
        app.tap(100, 36, at: 0)
        app.tap(100, 96, at: 1)
        #expect(app.firstResponder === other)
        #expect(rec.events(of: "name").suffix(1) == ["editingDidEnd"])
        #expect(rec.events(of: "email").contains("editingDidBegin"))
    }

    @Test("the edit menu shows only the items the first responder can perform")
    func menuFiltering() {
        let (app, _, _, field) = formApp(text: "hello world")
        let menu = EditMenu(application: app)
        #expect(menu.visibleItems.isEmpty)          // no first responder
        app.tap(100, 36, at: 0)
        #expect(menu.visibleItems == [.select, .selectAll])   // caret at the end, empty pasteboard
        app.pasteboard.string = "clip"
        #expect(menu.visibleItems == [.paste, .select, .selectAll])
        menu.perform(.select)
        #expect(field.selectedText == "world")
        #expect(menu.visibleItems == [.cut, .copy, .paste, .selectAll, .delete])
        menu.perform(.selectAll)
        #expect(menu.visibleItems == [.cut, .copy, .paste, .delete])
        field.isSecureTextEntry = true
        #expect(menu.visibleItems == [.paste, .delete])
    }

    @Test("copy, cut and paste go through the pasteboard and the trace shows the chain")
    func clipboard() {
        let (app, rec, _, field) = formApp(text: "hello world")
        let menu = EditMenu(application: app)
        app.tap(100, 36, at: 0)
        menu.perform(.select)                // "world"
        menu.perform(.copy)
        #expect(app.pasteboard.string == "world")
        menu.perform(.cut)
        #expect(field.text == "hello ")
        field.selectedRange = 0..<0
        menu.perform(.paste)
        #expect(field.text == "worldhello ")
        #expect(field.selectedRange == 5..<5)
        #expect(rec.actions.map(\.action) == ["select", "copy", "cut", "paste"])
        #expect(rec.actions.allSatisfy { $0.sender == "editMenu" && $0.target == nil && $0.handledBy == "name" })
    }

    @Test("the edit menu's actions are traced with the sender name the program set (senderID)")
    func renamedSender() {
        let (app, rec, _, _) = formApp(text: "hello world")
        let menu = EditMenu(application: app)
        menu.senderID = "formatBar"
        app.tap(100, 36, at: 0)
        menu.perform(.select)
        menu.perform(.copy)
        #expect(rec.actions.map(\.action) == ["select", "copy"])
        #expect(rec.actions.allSatisfy { $0.sender == TraceName("formatBar") && $0.handledBy == "name" })
    }

    @Test("paste uses a pasteboard supplied by the host")
    func hostPasteboard() {
        let (app, _, _, field) = formApp()
        let board = MemoryPasteboard(string: "from host")
        field.pasteboard = board
        app.tap(100, 36, at: 0)
        #expect(EditMenu(application: app).perform(.paste) === field)
        #expect(field.text == "from host")
    }

    @Test("a custom item appears only when a responder on the chain implements it, and its action travels there")
    func customItem() {
        let (app, rec, form, field) = formApp(text: "hello")
        let define = EditMenuItem(title: "Define", action: "define")
        let menu = EditMenu(application: app, customItems: [define])
        app.tap(100, 36, at: 0)
        #expect(!menu.visibleItems.contains(define))
        #expect(menu.perform(define) == nil)
        form.handledActions = ["define"]
        var sent: [String] = []
        form.onAction = { a, _ in sent.append(a) }
        #expect(menu.visibleItems.last == define)
        #expect(menu.perform(define) === form)
        #expect(sent == ["define"])
        #expect(rec.actions.last?.handledBy == "form")
        #expect(field.text == "hello")
    }

    @Test("paste with an empty pasteboard travels past the field to an ancestor that can paste")
    func pasteFallsThrough() {
        let (app, _, form, field) = formApp(text: "a")
        form.handledActions = ["paste"]
        app.tap(100, 36, at: 0)
        #expect(EditMenu(application: app).perform(.paste) === form)
        #expect(field.text == "a")
    }
}
