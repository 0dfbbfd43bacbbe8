// The text a user reads in the window is never cut, at the sizes the window must work at
// (1280×800, 800×1280, 2560×1600, pixel scales 1 and 2): the help sheet (every row whole,
// the touch rows first on a touchscreen), the inspector, the toolbar's labels. Text is
// measured with the real DejaVu fonts when they are installed (as the window draws them),
// with the estimated measurer otherwise.
import Foundation
import Testing
@testable import TouchScopeKit
import TouchCore
import TouchDraw
import TouchScene
import TouchSDL

/// A window size and pixel scale the window must work at.
struct WindowSize: CustomStringConvertible, Sendable {
    var width: Double
    var height: Double
    var scale: Double
    var window: Size { Size(width: width, height: height) }
    var canvas: Size { Size(width: width * scale, height: height * scale) }
    var description: String { "\(Int(width))x\(Int(height))@\(Int(scale))" }

    static let all: [WindowSize] = [(1280.0, 800.0), (800, 1280), (2560, 1600)].flatMap { w, h in
        [1.0, 2].map { WindowSize(width: w, height: h, scale: $0) }
    }
}

/// The measurer the window draws with: SDL2_ttf with the located fonts, or the estimate
/// when no font file is found.
@MainActor
enum WindowMeasurer {
    static let shared: TextMeasurer = {
        let files = FontLocator.locate()
        return files.isBitmap ? EstimatedTextMeasurer() : FontCache(files: files)
    }()
}

/// A text run the user would not read whole: wider than its `maxWidth` (the painter cuts
/// it), or reaching out of the clip it is drawn in.
struct CutText: CustomStringConvertible {
    var run: TextRun
    var why: String
    var description: String { "\"\(run.string)\": \(why)" }
}

func cutTexts(_ commands: [DrawCommand], measurer: TextMeasurer, where include: (TextRun) -> Bool = { _ in true }) -> [CutText] {
    var clips: [Rect] = []
    var out: [CutText] = []
    for c in commands {
        switch c {
        case let .pushClip(r):
            let last = clips.last
            clips.append(last.map { l in
                let x0 = max(l.minX, r.minX), y0 = max(l.minY, r.minY)
                return Rect(x: x0, y: y0, width: max(0, min(l.maxX, r.maxX) - x0), height: max(0, min(l.maxY, r.maxY) - y0))
            } ?? r)
        case .popClip:
            _ = clips.popLast()
        case let .text(run) where include(run):
            let size = measurer.measure(run.string, size: run.size, font: run.font)
            if let mw = run.maxWidth, size.width > mw + 0.5 {
                out.append(CutText(run: run, why: "\(size.width) wide, maxWidth \(mw)"))
                continue
            }
            if run.string.hasSuffix("…") { out.append(CutText(run: run, why: "truncated")); continue }
            let box = Rect(origin: run.topLeft(for: size), size: size)
            if let clip = clips.last, box.minX < clip.minX - 0.5 || box.maxX > clip.maxX + 0.5 || box.midY < clip.minY || box.midY > clip.maxY {
                out.append(CutText(run: run, why: "box \(box) outside its clip \(clip)"))
            }
        default:
            break
        }
    }
    return out
}

func textRuns(_ list: DisplayList) -> [TextRun] { textRuns(list.commands) }
func textRuns(_ commands: [DrawCommand]) -> [TextRun] {
    commands.compactMap { if case let .text(r) = $0 { return r }; return nil }
}

/// The welcome scene (what `make run` opens) with the panels on.
@MainActor
final class WelcomeFrame {
    let session: SceneSession
    let frame = FrameState(overlays: true, threadedLog: false)

    init(scene: String = "welcome") throws {
        let description = try SceneLoader.load(path: Paths.scene(scene))
        session = SceneSession(scene: description)
        frame.follow(session)
    }

    func layout(_ size: WindowSize) -> HostLayout {
        HostLayout(canvasSize: size.canvas, windowSize: size.window, sceneSize: session.scene.window)
    }

    func draw(_ size: WindowSize) -> DisplayList {
        var list = DisplayList(size: size.canvas, background: Color(r: 24, g: 24, b: 28))
        frame.draw(session, into: &list, layout: layout(size), measurer: WindowMeasurer.shared)
        if let dir = ProcessInfo.processInfo.environment["TOUCHSCOPE_LAYOUT_SHOTS"],
           let canvas = try? OffscreenCanvas(size: size.canvas, fonts: FontLocator.locate()) {
            canvas.paint(list)
            try? canvas.savePNG(dir + "/\(shotName)-\(size).png")
        }
        return list
    }
    var shotName = "frame"
}

@MainActor
@Suite("Window text is never cut", .serialized)
struct WindowTextFitTests {
    @Test("the help sheet shows every row whole at 1280×800, 800×1280 and 2560×1600, scales 1 and 2",
          arguments: WindowSize.all)
    func helpWhole(size: WindowSize) throws {
        let w = try WelcomeFrame()
        w.shotName = "help"
        w.frame.state.set(.help, true)
        let list = w.draw(size)
        let m = WindowMeasurer.shared
        let layout = w.layout(size)
        // Every row laid out, none left for a drag.
        let L = HelpPanel.layout(entries: w.frame.help, touchFirst: false, regions: layout.sheetRegions,
                                 style: layout.overlayStyle, measurer: m)
        #expect(L.hidden == 0, "\(size): \(L.hidden) rows left out")
        // Every row's words are drawn (wrapped lines joined give the row back).
        let drawn = textRuns(list).map(\.string)
        for e in HelpPanel.ordered(w.frame.help, touchFirst: false) {
            for text in [e.input, e.effect] {
                #expect(Self.wrappedIn(drawn, text), "\(size): not shown whole: \(text)")
            }
        }
        // No text of the sheet is cut (the sheet: the commands in its clip, its regions' box).
        let sheet = layout.sheetRegions
        let box = sheet.dropFirst().reduce(sheet[0]) { a, r in
            Rect(x: min(a.minX, r.minX), y: min(a.minY, r.minY), width: max(a.maxX, r.maxX) - min(a.minX, r.minX),
                 height: max(a.maxY, r.maxY) - min(a.minY, r.minY))
        }
        let start = try #require(list.commands.firstIndex(of: .pushClip(box)), "\(size): no sheet drawn")
        let sheetCommands = Array(list.commands[start...])
        let cut = cutTexts(sheetCommands, measurer: m)
        #expect(cut.isEmpty, "\(size): \(cut)")
        #expect(textRuns(sheetCommands).count > 100)
    }

    @Test("in a smaller window (640×480, 1024×640) the rows shown are whole, the rest are counted, and dragging shows the last",
          arguments: [WindowSize(width: 640, height: 480, scale: 1), WindowSize(width: 1024, height: 640, scale: 1)])
    func smallerWindows(size: WindowSize) throws {
        let w = try WelcomeFrame()
        w.frame.state.set(.help, true)
        let layout = w.layout(size)
        let m = WindowMeasurer.shared
        let rows = HelpPanel.ordered(w.frame.help, touchFirst: false)
        var scroll = 0
        var sawLast = false
        for _ in 0..<rows.count {
            w.frame.state.helpScroll = scroll
            let list = w.draw(size)
            let L = HelpPanel.layout(entries: w.frame.help, touchFirst: false, scroll: scroll, regions: layout.sheetRegions,
                                     style: layout.overlayStyle, measurer: m)
            let cut = cutTexts(list.commands, measurer: m) { run in layout.sheetRegions.contains { $0.contains(run.position) } }
            #expect(cut.isEmpty, "\(size) from row \(scroll): \(cut)")
            if L.hidden == 0 { sawLast = true; break }
            #expect(textRuns(list).contains { $0.string == "… \(L.hidden) more rows: drag the help up to read them" })
            scroll += 5
        }
        #expect(sawLast, "\(size): the last row never shows")
    }

    /// Whether `text` is drawn as consecutive runs (its wrapped lines).
    static func wrappedIn(_ runs: [String], _ text: String) -> Bool {
        let words = text.split(separator: " ").joined(separator: " ")
        for start in runs.indices {
            var acc = ""
            for r in runs[start...] {
                acc = acc.isEmpty ? r : acc + " " + r
                if acc == words { return true }
                if !words.hasPrefix(acc) { break }
            }
        }
        return false
    }

    @Test("the help puts the touch rows first when SDL lists a touchscreen or the trace saw a finger, the mouse's first otherwise")
    func touchFirst() throws {
        let size = WindowSize(width: 1280, height: 800, scale: 1)
        func sections(_ w: WelcomeFrame) -> [String] {
            let list = w.draw(size)
            let titles = Set(w.frame.help.map(\.section) + [HelpPanel.coloursSection])
            return textRuns(list).map(\.string).filter { titles.contains($0) }
        }
        let mouse = try WelcomeFrame()
        mouse.frame.state.set(.help, true)
        #expect(sections(mouse).first == "Mouse")
        // SDL lists a touchscreen.
        let screen = try WelcomeFrame()
        screen.frame.state.set(.help, true)
        screen.frame.touchDevices = [TouchDeviceInfo(sdlID: 7, traceDevice: nil, name: "ELAN touch", kind: .direct, display: "display 0")]
        #expect(sections(screen).first == HelpPanel.touchSection)
        // A touchpad is not a touchscreen.
        let pad = try WelcomeFrame()
        pad.frame.state.set(.help, true)
        pad.frame.touchDevices = [TouchDeviceInfo(sdlID: 7, traceDevice: nil, name: "pad", kind: .indirectRelative, display: nil)]
        #expect(sections(pad).first == "Mouse")
        // A finger of a touch device (device 0) seen in the trace; the mouse's (-1) is not one.
        let seen = try WelcomeFrame()
        seen.frame.state.set(.help, true)
        seen.session.app.send(.touchDown(TouchKey(device: -1, finger: 0), Point(x: 100, y: 300)), at: 0.1)
        seen.session.app.send(.touchUp(TouchKey(device: -1, finger: 0), Point(x: 100, y: 300)), at: 0.15)
        #expect(sections(seen).first == "Mouse")
        seen.session.app.send(.touchDown(TouchKey(device: 0, finger: 1), Point(x: 100, y: 300)), at: 0.3)
        seen.session.app.send(.touchUp(TouchKey(device: 0, finger: 1), Point(x: 100, y: 300)), at: 0.35)
        #expect(sections(seen).first == HelpPanel.touchSection)
    }
}

@MainActor
@Suite("The inspector shows settings by name, whole", .serialized)
struct InspectorTextFitTests {
    /// The commands drawn in a side section's clip (its panel's drawing).
    static func sectionCommands(_ list: DisplayList, clip: Rect) -> [DrawCommand] {
        guard let start = list.commands.firstIndex(of: .pushClip(clip)) else { return [] }
        var depth = 0
        var out: [DrawCommand] = []
        for c in list.commands[start...] {
            out.append(c)
            if case .pushClip = c { depth += 1 }
            if case .popClip = c { depth -= 1; if depth == 0 { break } }
        }
        return out
    }

    func inspectorRuns(_ w: WelcomeFrame, _ size: WindowSize, select view: String) throws -> (runs: [DrawCommand], cut: [CutText]) {
        w.frame.state.selectedViewID = view
        w.shotName = "inspector-\(view)"
        let list = w.draw(size)
        let layout = w.layout(size)
        let side = try #require(layout.sidePanel)
        let c = w.frame.panelSurface(w.session, layout: layout, measurer: WindowMeasurer.shared).context
        let section = try #require(DebugOverlay.sections(c, side: side).first { $0.panel == .inspector }, "\(size): no inspector")
        let commands = Self.sectionCommands(list, clip: section.clip)
        return (commands, cutTexts(commands, measurer: WindowMeasurer.shared))
    }

    @Test("at 1280×800, 800×1280 and 2560×1600, scales 1 and 2, no inspector text is cut, the tap pad's and the photo's recognizers alike",
          arguments: WindowSize.all)
    func nothingCut(size: WindowSize) throws {
        for view in ["tapPad", "photo", "pressArea", "swipeArea"] {
            let w = try WelcomeFrame()
            let (commands, cut) = try inspectorRuns(w, size, select: view)
            #expect(textRuns(commands).count > 5, "\(size) \(view): the inspector drew nothing")
            #expect(cut.isEmpty, "\(size) \(view): \(cut)")
        }
    }

    @Test("a recognizer shows the settings a user sets, by their UIKit names with the scene file's key, not private fields")
    func settingsByName() throws {
        let w = try WelcomeFrame()
        let views = DebugOverlay.viewsByID(w.session.app.window)
        // welcome.yaml: doubleTap `taps: 2`; singleTap the default (1).
        let pad = try #require(views["tapPad"])
        let doubleTap = try #require(pad.gestureRecognizers.first { $0.id == "doubleTap" })
        let tap = InspectorPanel.settings(of: doubleTap)
        #expect(tap.contains("numberOfTapsRequired (taps): 2"))
        #expect(tap.contains("numberOfTouchesRequired (touches): 1"))
        // SPEC / Defaults: the tap interval 0.35 s and the slop 10 pt unless the scene sets them.
        #expect(tap.contains("maximumTapInterval (maximumInterval): 0.35 s (default)"), "\(tap)")
        #expect(tap.contains("allowableMovement (maximumDistance): 10 pt (default)"), "\(tap)")
        let press = try #require(views["pressArea"]?.gestureRecognizers.first)
        let long = InspectorPanel.settings(of: press)
        // Defaults.longPressDuration 0.5 s, allowableMovement 10 pt.
        #expect(long.contains("minimumPressDuration (duration): 0.5 s (default)"), "\(long)")
        #expect(long.contains("allowableMovement: 10 pt (default)"), "\(long)")
        let swipe = try #require(views["swipeArea"]?.gestureRecognizers.first)
        #expect(InspectorPanel.settings(of: swipe).first == "direction (directions): right,left")
        // The photo's pinch and pan: settings only, none of their private state.
        let photo = try #require(views["photo"])
        let lines = InspectorPanel.details(of: photo, log: w.frame.log).joined(separator: "\n")
        #expect(lines.contains("pinchThreshold (threshold):"))
        #expect(lines.contains("minimumNumberOfTouches (minTouches): 1"))
        for secret in ["factor:", "baseRaw", "baseSpread", "pinchThresholdOverride", "travelled", "lastCentroid", "tracker", "beginRequested"] {
            #expect(!lines.contains(secret), "the inspector shows the private \(secret): \(lines)")
        }
    }

    @Test("a partly shown tree says which views of how many it lists, not '… N views'")
    func treeCount() throws {
        #expect(InspectorPanel.treeCountLine(first: 3, shown: 5, total: 12) == "views 4–8 of 12 in the tree ([ / ] or a tap selects)")
        let w = try WelcomeFrame()
        let (commands, _) = try inspectorRuns(w, WindowSize(width: 1280, height: 800, scale: 1), select: "tapPad")
        let strings = textRuns(commands).map(\.string)
        #expect(!strings.contains { $0.hasPrefix("… ") && $0.hasSuffix(" views") }, "\(strings)")
    }
}

@MainActor
@Suite("The welcome scene's text is whole at every size", .serialized)
struct WelcomeTextFitTests {
    @Test("every label of the welcome scene (the hint's three lines too) is drawn whole at the six window sizes",
          arguments: WindowSize.all)
    func labelsWhole(size: WindowSize) throws {
        let w = try WelcomeFrame()
        w.shotName = "welcome"
        let list = w.draw(size)
        var texts: [String] = []
        w.session.app.window.forEachInTree { if let t = $0.text, !t.isEmpty { texts.append(t) } }
        let cut = cutTexts(list.commands, measurer: WindowMeasurer.shared) { texts.contains($0.string) }
        #expect(cut.isEmpty, "\(size): \(cut)")
        // Each label is drawn (not dropped).
        let drawn = Set(textRuns(list).map(\.string))
        for t in texts { #expect(drawn.contains(t), "\(size): not drawn: \(t)") }
    }

    @Test("the hint tells a touch user and a mouse user what to try, and where help is")
    func hintSaysWhatToTry() throws {
        let w = try WelcomeFrame()
        var hints: [String] = []
        w.session.app.window.forEachInTree { v in if v.id.hasPrefix("hint"), let t = v.text { hints.append(t) } }
        #expect(hints.contains { $0.hasPrefix("Touch:") && $0.contains("two fingers") })
        #expect(hints.contains { $0.hasPrefix("Mouse:") && $0.contains("Alt-drag") })
        #expect(hints.contains { $0.contains("F1") && $0.contains("Help button") })
    }
}

@MainActor
@Suite("The toolbar's labels are consistent and whole", .serialized)
struct ToolbarLabelTests {
    @Test("every bar button's label is on the same number of lines (one, or two: symbol above word), none cut, at the six sizes",
          arguments: WindowSize.all)
    func sameLines(size: WindowSize) throws {
        let w = try WelcomeFrame()
        let layout = w.layout(size)
        let list = w.draw(size)
        let frames = layout.toolbarButtonFrames
        #expect(frames.count >= 6, "\(size): \(frames.count) buttons")
        let runs = textRuns(list)
        var counts: [Int] = []
        for f in frames {
            let inside = runs.filter { f.contains($0.position) }
            #expect(!inside.isEmpty, "\(size): a button without a label at \(f)")
            counts.append(inside.count)
        }
        #expect(Set(counts).count == 1, "\(size): labels on \(counts) lines")
        guard let bar = layout.toolbar else { Issue.record("\(size): no toolbar"); return }
        let cut = cutTexts(list.commands, measurer: WindowMeasurer.shared) { bar.contains($0.position) }
        #expect(cut.isEmpty, "\(size): \(cut)")
    }
}

@MainActor
@Suite("Panel text keeps a margin from the window's edge", .serialized)
struct PanelMarginTests {
    @Test("in portrait (800×1280, scales 1 and 2) no side-panel text starts closer than the style's padding to the window's left edge",
          arguments: WindowSize.all.filter { $0.height > $0.width })
    func portraitMargin(size: WindowSize) throws {
        let w = try WelcomeFrame()
        w.frame.state.selectedViewID = "tapPad"
        let layout = w.layout(size)
        let side = try #require(layout.sidePanel)
        #expect(side.minX == 0)
        let list = w.draw(size)
        let pad = layout.overlayStyle.padding
        let runs = textRuns(list).filter { side.contains($0.position) && $0.alignment == .left }
        #expect(runs.count > 10)
        let tight = runs.filter { $0.position.x < side.minX + pad - 0.5 }
        #expect(tight.isEmpty, "\(size): \(tight.map { "\($0.string) at x \($0.position.x)" })")
    }
}

@MainActor
@Suite("The inspector of every demo scene is whole", .serialized)
struct DemoInspectorTextFitTests {
    nonisolated static let scenes: [String] = {
        let dir = Paths.root + "/scenes"
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".yaml") }
            .map { String($0.dropLast(5)) }.sorted()
    }()

    @Test("each view of each demo scene selected in turn: no inspector text cut at 1280×800 and 800×1280", arguments: scenes)
    func everyView(scene: String) throws {
        let w = try WelcomeFrame(scene: scene)
        var ids: [String] = []
        w.session.app.window.forEachInTree { ids.append($0.id) }
        #expect(ids.count >= 2)
        for size in [WindowSize(width: 1280, height: 800, scale: 1), WindowSize(width: 800, height: 1280, scale: 1)] {
            let layout = w.layout(size)
            let side = try #require(layout.sidePanel)
            for id in ids {
                w.frame.state.selectedViewID = id
                var list = DisplayList(size: size.canvas)
                w.frame.draw(w.session, into: &list, layout: layout, measurer: WindowMeasurer.shared)
                let c = w.frame.panelSurface(w.session, layout: layout, measurer: WindowMeasurer.shared).context
                let section = try #require(DebugOverlay.sections(c, side: side).first { $0.panel == .inspector })
                let commands = InspectorTextFitTests.sectionCommands(list, clip: section.clip)
                #expect(textRuns(commands).count > 5, "\(scene) \(id) \(size): the inspector drew nothing")
                let cut = cutTexts(commands, measurer: WindowMeasurer.shared)
                #expect(cut.isEmpty, "\(scene) \(id) \(size): \(cut)")
            }
        }
    }
}
