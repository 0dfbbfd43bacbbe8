// WhatIfFix: the verdict card's Fix row in the window. When the card shows a gesture a
// recognizer lost (`VerdictCard.fixTarget`: the selected loser, else the first), the window
// hands `why --fix`'s search (`FixSearch`: each proposal checked by replaying the window's
// input with it) to a thread of its own and shows "checking …" meanwhile; the frame never
// waits for it. A newer card's loser supersedes a search under way (`WhatIfRunner`); the
// answer is for the input as it was when the search began.
import Foundation
import TouchScene
import TouchDraw

extension WhatIfWindow {
    /// One loop turn's part for the Fix row: a search started when the card's loser changed,
    /// a finished one picked up. True: what the panels show changed.
    func updateFix(_ target: WhatIfShown.FixTarget?, window: Size) -> Bool {
        var changed = false
        if target != fix?.target {
            fixer.cancel()
            fix = target.map { startFix($0, window: window) }
            changed = true
        }
        if let found = fixer.take(), found.target == fix?.target {
            fix = found
            changed = true
        }
        return changed
    }

    /// Hands the search for `target`'s fix over to its thread: "checking" until it ends.
    private func startFix(_ target: WhatIfShown.FixTarget, window: Size) -> WhatIfShown.Fix {
        guard let path = scenePath else {
            return WhatIfShown.Fix(target: target, status: .none("the application is built in code: there is no scene file to change"))
        }
        let inputs = self.inputs, types = self.types
        fixer.submit {
            Self.searchFix(target, scenePath: path, inputs: inputs, window: window, types: types)
        }
        return WhatIfShown.Fix(target: target, status: .checking)
    }

    /// `why --fix` for one loser of the window's input (replayed as `WhatIf.recordingText` holds it).
    nonisolated static func searchFix(_ target: WhatIfShown.FixTarget, scenePath: String, inputs: [RawInput], window: Size,
                                      types: SceneTypes) -> WhatIfShown.Fix {
        let name = "the window's input"
        let text = WhatIf.recordingText(window: window, inputs: inputs)
        do {
            let scene = try SceneLoader.load(path: scenePath, types: types)
            let search = try FixSearch(scenePath: scenePath, scene: scene, recording: name, types: types, pick: target.start) {
                () throws(InputFileError) in try RecordingReader(text: text, file: name)
            }
            guard let f = search.fix(recognizer: target.recognizer, start: target.start) else {
                return WhatIfShown.Fix(target: target, status: .failed("the window's input, replayed, has no such loss"))
            }
            if let set = f.set, f.verified {
                return WhatIfShown.Fix(target: target, status: .found(set: set, from: f.from, changes: f.changes.count))
            }
            return WhatIfShown.Fix(target: target, status: .none(f.none ?? "no single setting"))
        } catch let e as SceneLoadError {
            return WhatIfShown.Fix(target: target, status: .failed(e.diagnostics.first?.description ?? "the scene does not load"))
        } catch let e as CLIError {
            return WhatIfShown.Fix(target: target, status: .failed(e.message))
        } catch {
            return WhatIfShown.Fix(target: target, status: .failed("\(error)"))
        }
    }
}
