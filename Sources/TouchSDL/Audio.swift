// Audio: a tone player for the media-player scene, whose elapsed time is the audio clock.
//
// Samples (a generated melody, or a WAV file converted to 32-bit float mono) are fed with
// `SDL_QueueAudio`, about `queueAhead` seconds ahead; call `update()` every frame to refill.
// Elapsed time = (frames queued so far − frames still in SDL's queue) / sample rate, so the
// player's position follows what has actually been handed to the audio device, and stops
// while paused. With no sound card SDL's dummy driver is used (it consumes in real time).
import CSDL2
import Foundation

/// One note of a melody: `frequency` in Hz (0 for a rest) for `duration` seconds.
public struct Tone: Sendable, Hashable {
    public var frequency: Double
    public var duration: Double
    public init(_ frequency: Double, _ duration: Double) { self.frequency = frequency; self.duration = duration }

    /// A short tune (about 8 s) for the media-player scene.
    public static let demoMelody: [Tone] = {
        // MIDI note numbers; 0 is a rest.
        let notes: [(Int, Double)] = [
            (60, 0.4), (64, 0.4), (67, 0.4), (72, 0.8), (0, 0.2), (71, 0.4), (67, 0.4), (64, 0.8), (0, 0.2),
            (65, 0.4), (69, 0.4), (72, 0.4), (77, 0.8), (0, 0.2), (76, 0.4), (72, 0.4), (67, 1.2),
        ]
        return notes.map { n, d in Tone(n == 0 ? 0 : 440 * pow(2, Double(n - 69) / 12), d) }
    }()
}

@MainActor
public final class TonePlayer {
    public let sampleRate: Int
    /// The SDL audio driver in use ("pulseaudio", "alsa", "dummy", ...).
    public let driver: String
    /// Seconds of audio kept queued ahead of the device.
    public var queueAhead = 0.25
    /// Start again at the end instead of stopping.
    public var loops = false

    private let device: SDL_AudioDeviceID
    private var samples: [Float]
    private var queuedFrames = 0      // next frame of `samples` to queue (may pass the end when looping)
    public private(set) var isPlaying = false

    /// Opens the default audio device (the dummy driver when there is no usable one) with
    /// a melody, or the WAV file at `wavPath` when given.
    public init(melody: [Tone] = Tone.demoMelody, wavPath: String? = nil, sampleRate: Int = 44_100) throws {
        var opened: (SDL_AudioDeviceID, SDL_AudioSpec)? = Self.open(sampleRate: sampleRate)
        if opened == nil {
            // No sound server or card: SDL's dummy driver still keeps time.
            SDL_QuitSubSystem(SDL_INIT_AUDIO)
            setenv("SDL_AUDIODRIVER", "dummy", 1)
            opened = Self.open(sampleRate: sampleRate)
        }
        guard let (dev, have) = opened else { throw SDLError.last("SDL_OpenAudioDevice") }
        device = dev
        self.sampleRate = Int(have.freq)
        driver = SDL_GetCurrentAudioDriver().map { String(cString: $0) } ?? "unknown"
        if let wavPath {
            samples = try Self.loadWAV(wavPath, rate: Int(have.freq))
        } else {
            samples = Self.synthesize(melody, rate: Int(have.freq))
        }
    }

    private static func open(sampleRate: Int) -> (SDL_AudioDeviceID, SDL_AudioSpec)? {
        if SDL_WasInit(SDL_INIT_AUDIO) == 0, SDL_InitSubSystem(SDL_INIT_AUDIO) != 0 { return nil }
        var want = SDL_AudioSpec()
        want.freq = Int32(sampleRate)
        want.format = SDL_AudioFormat(AUDIO_F32LSB)
        want.channels = 1
        want.samples = 1024
        var have = SDL_AudioSpec()
        let dev = SDL_OpenAudioDevice(nil, 0, &want, &have, 0)
        guard dev > 0 else { return nil }
        have.format = want.format   // SDL converts from `want` for us (allowed_changes 0)
        have.channels = 1
        return (dev, have)
    }

    isolated deinit {
        SDL_CloseAudioDevice(device)
    }

    /// Total length in seconds.
    public var duration: Double { Double(samples.count) / Double(sampleRate) }

    /// Seconds played so far (the audio clock: queued minus still waiting in SDL's queue).
    public var elapsed: Double {
        let waiting = Int(SDL_GetQueuedAudioSize(device)) / MemoryLayout<Float>.size
        let played = max(0, queuedFrames - waiting)
        let position = samples.isEmpty ? 0 : (loops ? played % samples.count : min(played, samples.count))
        return Double(position) / Double(sampleRate)
    }

    /// Seconds played since the player was made, never wrapped or reset by seeks: the
    /// audio clock a media player follows (deltas of this are real playback time).
    public var playedSeconds: Double {
        let waiting = Int(SDL_GetQueuedAudioSize(device)) / MemoryLayout<Float>.size
        return Double(max(0, totalQueued - waiting)) / Double(sampleRate)
    }
    private var totalQueued = 0

    public func play() {
        if !loops, queuedFrames >= samples.count, SDL_GetQueuedAudioSize(device) == 0 { seek(to: 0) }
        isPlaying = true
        update()
        SDL_PauseAudioDevice(device, 0)
    }

    public func pause() {
        isPlaying = false
        SDL_PauseAudioDevice(device, 1)
    }

    public func togglePlayPause() { isPlaying ? pause() : play() }

    /// Jumps to `seconds` (drops what is queued).
    public func seek(to seconds: Double) {
        SDL_ClearQueuedAudio(device)
        queuedFrames = max(0, min(samples.count, Int(seconds * Double(sampleRate))))
        if isPlaying { update() }
    }

    /// Refills SDL's queue up to `queueAhead` seconds; call once per frame. Returns whether
    /// it is still playing (false once a non-looping tune has finished).
    @discardableResult
    public func update() -> Bool {
        guard isPlaying, !samples.isEmpty else { return isPlaying }
        let waiting = Int(SDL_GetQueuedAudioSize(device)) / MemoryLayout<Float>.size
        var want = Int(queueAhead * Double(sampleRate)) - waiting
        while want > 0 {
            let start = loops ? queuedFrames % samples.count : queuedFrames
            if start >= samples.count { break }
            let n = min(want, samples.count - start)
            samples.withUnsafeBufferPointer { buf in
                if let base = buf.baseAddress {
                    if SDL_QueueAudio(device, base + start, UInt32(n * MemoryLayout<Float>.size)) == 0 { totalQueued += n }
                }
            }
            queuedFrames += n
            want -= n
        }
        if !loops, queuedFrames >= samples.count, waiting == 0 {
            isPlaying = false
            SDL_PauseAudioDevice(device, 1)
        }
        return isPlaying
    }

    // MARK: Sources

    /// Sine tones with a 10 ms attack and release, amplitude 0.2.
    static func synthesize(_ melody: [Tone], rate: Int) -> [Float] {
        var out: [Float] = []
        let r = Double(rate)
        for tone in melody {
            let n = Int(tone.duration * r)
            let ramp = max(1, Int(0.01 * r))
            out.reserveCapacity(out.count + n)
            for i in 0..<n {
                guard tone.frequency > 0 else { out.append(0); continue }
                let env = min(1, Double(i) / Double(ramp), Double(n - i) / Double(ramp))
                out.append(Float(0.2 * env * sin(2 * Double.pi * tone.frequency * Double(i) / r)))
            }
        }
        return out
    }

    /// A WAV file converted to float mono at `rate`.
    static func loadWAV(_ path: String, rate: Int) throws -> [Float] {
        var spec = SDL_AudioSpec()
        var buf: UnsafeMutablePointer<UInt8>? = nil
        var len: UInt32 = 0
        // Read without blocking, and only from a regular file (a FIFO is refused, not waited on).
        let bytes: [UInt8]
        switch RegularFile.read(path, limit: 64 << 20, what: "sound") {
        case .success(let b): bytes = b
        case .failure(let e): throw SDLError("\(path): \(e.message)")
        }
        let loaded = bytes.withUnsafeBytes { raw -> Bool in
            guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(clamping: raw.count)) else { return false }
            return SDL_LoadWAV_RW(rw, 1, &spec, &buf, &len) != nil
        }
        guard loaded, let buf else {
            throw SDLError.last("SDL_LoadWAV(\(path))")
        }
        defer { SDL_FreeWAV(buf) }
        var cvt = SDL_AudioCVT()
        let built = SDL_BuildAudioCVT(&cvt, spec.format, spec.channels, spec.freq, SDL_AudioFormat(AUDIO_F32LSB), 1, Int32(rate))
        guard built >= 0 else { throw SDLError.last("SDL_BuildAudioCVT(\(path))") }
        let capacity = Int(len) * Int(max(1, cvt.len_mult))
        let work = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { work.deallocate() }
        work.update(from: buf, count: Int(len))
        cvt.buf = work
        cvt.len = Int32(len)
        if built > 0, SDL_ConvertAudio(&cvt) != 0 { throw SDLError.last("SDL_ConvertAudio(\(path))") }
        let count = Int(built > 0 ? cvt.len_cvt : cvt.len) / MemoryLayout<Float>.size
        let out = work.withMemoryRebound(to: Float.self, capacity: count) { Array(UnsafeBufferPointer(start: $0, count: count)) }
        return out
    }
}
