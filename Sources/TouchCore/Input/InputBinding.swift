// InputBinding: one row of the input map (input → effect), for docs/window.md and the in-window help.

/// One row of the input map.
///
///     InputBinding(device: .keyboard, input: "F8", effect: "remote togglePlayPause")
public struct InputBinding: Sendable, Hashable {
    /// The device column of the input map.
    public enum Device: String, Sendable, Hashable, CaseIterable {
        /// Fingers on a touchscreen.
        case touchscreen
        /// The mouse: emulated fingers and the inspector.
        case mouse
        /// Keys: interrupt, shake, orientation, remote commands.
        case keyboard
        /// A game controller: remote commands, shake, its accelerometer.
        case gamepad
        /// The tablet itself: its own accelerometer (Linux IIO).
        case tablet
        /// The host window: focus, device removal.
        case window
    }
    /// The device the input comes from.
    public var device: Device
    /// The input as a person names it (`Alt + left drag`, `Ctrl+Z (hold)`).
    public var input: String
    /// What it does, in the event model's words.
    public var effect: String
    /// A row: `input` on `device` does `effect`.
    public init(device: Device, input: String, effect: String) {
        self.device = device; self.input = input; self.effect = effect
    }
}

extension InputMapper {
    /// The input map: every input the mapper understands and what it does. The numbers
    /// come from `defaults`, so the table matches the scene's settings.
    public static func help(defaults: Defaults = Defaults()) -> [InputBinding] {
        let g = fmt((standardGravity * 100).rounded() / 100)
        return [
            .init(device: .touchscreen, input: "finger down / move / up",
                  effect: "touch began / moved / ended, keyed by (device, finger), with the device's pressure"),
            .init(device: .mouse, input: "left drag",
                  effect: "one finger (emulated touch, key device -1 finger 0)"),
            .init(device: .mouse, input: "Alt + left drag",
                  effect: "a second finger mirrored about the window's centre: pinch and rotate"),
            .init(device: .mouse, input: "Alt + Shift + left drag",
                  effect: "two fingers moving together (the second keeps its offset): two-finger pan"),
            .init(device: .mouse, input: "Shift + left drag",
                  effect: "the finger and every resting finger move together: three- and four-finger pans"),
            .init(device: .mouse, input: "middle click, or Ctrl + left click",
                  effect: "drops a resting finger that stays down; on a resting finger (within \(fmt(InputMapper.restingRadius)) pt) lifts it"),
            .init(device: .mouse, input: "right click",
                  effect: "selects the view under the pointer in the inspector (not a touch)"),
            .init(device: .keyboard, input: "Escape",
                  effect: "interrupt: cancels every touch (\"interrupt key (Escape)\") and a shake under way"),
            .init(device: .keyboard, input: "Ctrl+Z (hold)",
                  effect: "shake: motionBegan on press, motionEnded on release; cancelled when held over \(fmt(defaults.shakeMaxDuration)) s"),
            .init(device: .keyboard, input: "Ctrl+Up / Ctrl+Down",
                  effect: "orientation portrait / portraitUpsideDown"),
            .init(device: .keyboard, input: "Ctrl+Left / Ctrl+Right",
                  effect: "orientation landscapeLeft / landscapeRight"),
            .init(device: .keyboard, input: "Ctrl+PageUp / Ctrl+PageDown",
                  effect: "orientation faceUp / faceDown"),
            .init(device: .keyboard, input: "F7 / F8 / F9",
                  effect: "remote previousTrack / togglePlayPause / nextTrack"),
            .init(device: .keyboard, input: "Shift+F7 / Shift+F9",
                  effect: "remote skipBackward / skipForward (the command centre's preferred interval, 15 s)"),
            .init(device: .keyboard, input: "AudioPlay / AudioStop",
                  effect: "remote togglePlayPause / stop"),
            .init(device: .keyboard, input: "AudioPrev / AudioNext",
                  effect: "remote previousTrack / nextTrack"),
            .init(device: .keyboard, input: "AudioRewind (hold)",
                  effect: "remote beginSeekingBackward, endSeekingBackward on release"),
            .init(device: .keyboard, input: "AudioFastForward (hold)",
                  effect: "remote beginSeekingForward, endSeekingForward on release"),
            .init(device: .keyboard, input: "Mute / AudioMute",
                  effect: "nothing (the remote command centre has no mute command)"),
            .init(device: .gamepad, input: "back (hold)",
                  effect: "shake, as Ctrl+Z"),
            .init(device: .gamepad, input: "a",
                  effect: "remote togglePlayPause"),
            .init(device: .gamepad, input: "leftshoulder / rightshoulder",
                  effect: "remote previousTrack / nextTrack"),
            .init(device: .gamepad, input: "lefttrigger / righttrigger (hold past half)",
                  effect: "remote begin/endSeekingBackward / begin/endSeekingForward"),
            .init(device: .gamepad, input: "dpleft / dpright",
                  effect: "remote skipBackward / skipForward"),
            .init(device: .gamepad, input: "shaking (accelerometer)",
                  effect: "shake while the acceleration's length differs from gravity (\(g) m/s²) by more than \(fmt(defaults.shakeAccelThreshold)) m/s²; ended after \(fmt(defaults.shakeQuietTime)) s of quiet"),
            .init(device: .gamepad, input: "tilting (accelerometer at rest)",
                  effect: "orientation from gravity: +y up portrait, -y upside down, +x up landscapeLeft, -x up landscapeRight, +z up faceUp, -z up faceDown"),
            .init(device: .gamepad, input: "accelerometer samples",
                  effect: "to motion subscribers (Core Motion style), not the responder chain"),
            .init(device: .gamepad, input: "pad removed",
                  effect: "cancels a gamepad shake (\"gamepad removed\"), ends held seeks"),
            .init(device: .tablet, input: "shaking it (its own accelerometer, Linux IIO)",
                  effect: "shake as the gamepad's, a source of its own: while the acceleration's length differs from gravity by more than \(fmt(defaults.shakeAccelThreshold)) m/s²; ended after \(fmt(defaults.shakeQuietTime)) s of quiet"),
            .init(device: .tablet, input: "tilting it (accelerometer at rest)",
                  effect: "orientation from gravity on IIO's axes (x right, y up, z toward the user, held in portrait): y up portrait, y down upside down, x up landscapeLeft, x down landscapeRight, screen up faceUp, down faceDown; it alone sets the orientation once it has reported"),
            .init(device: .window, input: "focus lost",
                  effect: "cancels every touch (\"window lost focus\"), a shake under way and held seeks"),
            .init(device: .window, input: "touch device removed",
                  effect: "cancels every touch (\"touch device removed\")"),
            .init(device: .window, input: "focus gained, pad added, resize",
                  effect: "nothing for the event model"),
        ]
    }

    /// The input map as a Markdown table (for docs/window.md).
    public static func markdownTable(_ rows: [InputBinding]) -> String {
        var out = "| device | input | effect |\n|---|---|---|\n"
        for r in rows {
            let cells = [r.device.rawValue, r.input, r.effect].map { $0.replacingAll("|", with: "\\|") }
            out += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return out
    }

    /// The input map with this mapper's defaults.
    public var help: [InputBinding] { Self.help(defaults: defaults) }
}

extension String {
    /// Replaces every occurrence of one character (no Foundation in TouchCore).
    fileprivate func replacingAll(_ c: Character, with s: String) -> String {
        var out = ""
        for ch in self { if ch == c { out += s } else { out.append(ch) } }
        return out
    }
}
