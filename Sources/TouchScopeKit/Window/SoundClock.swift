// SoundClock: the media player's tone through SDL audio; its elapsed time follows the audio clock.
import TouchScene
import TouchSDL

/// Plays a tone (or the scene's WAV) while the scene's media player plays, and moves the
/// player's elapsed time by what the audio device really played (SDL's dummy driver keeps
/// time too), so Now Playing shows the sound's own time.
@MainActor
struct SoundClock {
    private var tone: TonePlayer?
    /// Whether opening the tone was tried (it is tried once per scene).
    private var tried = false
    /// The audio clock at the last `sync`.
    private var lastAudioClock = 0.0

    /// Once per frame: starts, pauses or resumes the tone as `player` does, and moves its elapsed time.
    mutating func sync(_ player: MediaPlayer?, scene: SceneDescription) {
        guard let mp = player else { return }
        if mp.isPlaying && tone == nil && !tried {
            tried = true
            let f = scene.player?.tone ?? 440
            let melody = [1.0, 1.25, 1.5, 1.25].map { Tone(f * $0, 0.4) }
            tone = try? TonePlayer(melody: melody, wavPath: scene.player?.sound?.resolved)
            tone?.loops = true
            if let tone { mp.followsHostTime = false; lastAudioClock = tone.playedSeconds }
        }
        guard let tone else { return }
        if mp.isPlaying != tone.isPlaying {
            if mp.isPlaying { tone.play() } else { tone.pause() }
        }
        _ = tone.update()
        let clock = tone.playedSeconds
        if mp.isPlaying, clock > lastAudioClock {
            mp.syncElapsed(mp.elapsed + (clock - lastAudioClock) * max(mp.rate, 0))
        }
        lastAudioClock = clock
    }

    /// The window is closing: the sound stops.
    func pause() { tone?.pause() }

    /// The scene is being replaced: this tone stops for good, and the next scene's player starts its own.
    mutating func stop() {
        tone?.pause()
        tone = nil
        tried = false
    }
}
