import CSDL2
import Foundation
import Testing
@testable import TouchSDL

@MainActor
@Suite("Tone player under the dummy audio driver", .serialized)
struct AudioTests {
    init() { setenv("SDL_AUDIODRIVER", "dummy", 1) }

    /// Calls `update()` until `done` or `limit` seconds of wall time pass (the audio clock
    /// is real time by nature, so this test waits for it).
    func pump(_ player: TonePlayer, limit: Double = 3, until done: () -> Bool) {
        let start = SDL_GetTicks64()
        while !done(), Double(SDL_GetTicks64() - start) / 1000 < limit {
            player.update()
            SDL_Delay(10)
        }
    }

    @Test("elapsed follows the audio clock: it advances while playing and holds while paused")
    func elapsedFollowsAudio() throws {
        let player = try TonePlayer(melody: [Tone(440, 0.3), Tone(0, 0.1), Tone(660, 0.6)])
        #expect(player.driver == "dummy")
        #expect(abs(player.duration - 1.0) < 0.001)
        #expect(player.elapsed == 0)
        player.play()
        #expect(player.isPlaying)
        pump(player) { player.elapsed > 0.1 }
        let e = player.elapsed
        #expect(e > 0.1 && e <= player.duration)
        player.pause()
        let paused = player.elapsed
        SDL_Delay(150)
        #expect(abs(player.elapsed - paused) < 0.03, "holds while paused (one device buffer of slack)")
        player.play()
        pump(player) { !player.isPlaying }
        #expect(!player.isPlaying, "stops at the end")
        #expect(abs(player.elapsed - player.duration) < 0.001)
    }

    @Test("seek moves the position; a finished tune restarts on play")
    func seek() throws {
        let player = try TonePlayer(melody: [Tone(440, 2)])
        player.seek(to: 1.5)
        #expect(abs(player.elapsed - 1.5) < 0.001)
        player.seek(to: 10)
        #expect(player.elapsed == player.duration)
        player.play()
        #expect(player.elapsed < 0.1)
        player.pause()
    }

    @Test("a WAV file is converted to the device rate")
    func wav() throws {
        // 0.25 s of 16-bit mono PCM at 22050 Hz.
        let rate = 22_050, n = rate / 4
        var d = Data()
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { d.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { d.append(contentsOf: $0) } }
        d.append(contentsOf: Array("RIFF".utf8)); u32(36 + 2 * n); d.append(contentsOf: Array("WAVEfmt ".utf8))
        u32(16); u16(1); u16(1); u32(rate); u32(rate * 2); u16(2); u16(16)
        d.append(contentsOf: Array("data".utf8)); u32(2 * n)
        for i in 0..<n { u16(Int(UInt16(bitPattern: Int16(8000 * sin(Double(i) * 0.1))))) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-\(getpid()).wav").path
        try d.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let player = try TonePlayer(wavPath: path)
        #expect(abs(player.duration - 0.25) < 0.01)
        #expect(throws: SDLError.self) { try TonePlayer(wavPath: "/nonexistent.wav") }
    }
}
