// Shot and Rec give feedback in the window (issue 29, item 10): each file saved is named, with
// its full path, at the foot of the scene for a few seconds, then the notice goes by itself.
import Foundation
import Testing
@testable import TouchScopeKit
import TouchCore
import TouchDraw

@Suite("Files saved are shown in the window")
@MainActor
struct FileNoticeTests {
    func texts(_ rig: LiveRig) -> [String] {
        var list = DisplayList(size: rig.layout.canvasSize)
        rig.live.draw(into: &list, layout: rig.layout)
        return list.commands.compactMap { if case let .text(run) = $0 { run.string } else { nil } }
    }

    @Test("stopping a recording (Rec or F10) names the file saved, with its full path, for 4 seconds")
    func recordingSaved() throws {
        let rig = try LiveRig()
        let now = rig.app.time
        rig.live.toggleRecording()                      // the --record file stops
        let notice = try #require(rig.frame.notice)
        #expect(notice.text == "recording saved: \(rig.recordPath)")
        #expect(rig.frame.banner == nil)
        #expect(texts(rig).contains(notice.text))
        // The window wakes for the notice to go, and it goes after 4 s, not before.
        #expect(rig.live.nextWakeTime == now + FrameState.noticeSeconds)
        _ = rig.live.advance(to: now + 3.9)
        #expect(rig.frame.notice != nil)
        _ = rig.live.advance(to: now + 4)
        #expect(rig.frame.notice == nil)
        #expect(!texts(rig).contains(notice.text))
    }

    @Test("a screenshot saved is named with its full path; one that failed says why")
    func screenshotSaved() throws {
        let rig = try LiveRig()
        rig.live.hostCommand(.screenshotSaved(path: "touchscope-3.png"))
        #expect(rig.frame.notice?.text == "screenshot saved: \(FileManager.default.currentDirectoryPath)/touchscope-3.png")
        rig.live.hostCommand(.screenshotFailed(path: "/nowhere/x.png", message: "No such file or directory"))
        #expect(rig.frame.notice?.text == "screenshot not saved: No such file or directory")
    }
}
