// DeviceBench: a fed device's latency by stage (`touchscope bench --device-replay FILE`): the
// file's frames written into a pipe as fast as they are taken (each once the one before was
// read), each stamped on CLOCK_MONOTONIC
// when written (as the kernel stamps an event when the driver reports it), read by the evdev
// reader, and their finger events handed to the bench scene's event model. The present stage
// needs a window and is measured live (the devices panel, docs/devices.md).
import Foundation
import TouchCore
import TouchScene
import TouchScopeKit

@MainActor
enum DeviceBench {
    struct Result {
        var frames: Int
        var touches: Int
        var kernelToRead: (p50: Double, p99: Double)
        var readToDispatched: (p50: Double, p99: Double)
    }

    /// Plays `path` `rounds` times (for enough frames) through a pipe into the reader and the scene.
    static func run(path: String, rounds: Int = 20) throws -> Result {
        let file: EvdevFileDevice
        do { file = try EvdevFileDevice.read(path: path) } catch { throw CLIError.badInput(error.description) }
        let description = try FrameBench.scene(labels: 500, lanes: 50)
        let session = SceneSession(scene: description)
        var kernelToRead: [Double] = [], readToDispatched: [Double] = []
        var frames = 0, touches = 0
        for _ in 0..<rounds {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw BenchFailure(message: "cannot make a pipe") }
            let device = EvdevFeedDevice(info: file.info)
            let (r, w) = (fds[0], fds[1])
            let events = file.events
            // Lockstep: a frame is written once the reader took the one before, so the
            // figure is the reader's, not a queue in the pipe.
            let taken = DispatchSemaphore(value: 0)
            let writer = Thread {
                // Each frame stamped now: the times the reader sees are on CLOCK_MONOTONIC.
                var frame: [EvdevEvent] = []
                for e in events {
                    frame.append(e)
                    guard e.type == 0 && e.code == 0 else { continue }
                    let now = EvdevReader.monotonicMicroseconds()
                    for k in frame.indices { frame[k].time = now }
                    for x in frame { device.apply(x) }
                    guard EvdevRecords.write(EvdevRecords.encode(frame), to: w) else { break }
                    frame.removeAll(keepingCapacity: true)
                    taken.wait()
                }
                close(w)
            }
            writer.start()
            defer { close(r) }
            let reader: EvdevReader
            do {
                reader = try EvdevReader(fd: r, info: file.info, queries: device, window: description.window, label: path, protocolA: file.protocolA)
            } catch { throw BenchFailure(message: error.description) }
            let start = session.app.time
            while let f = try reader.nextFrame() {
                taken.signal()
                frames += 1
                guard !f.touches.isEmpty else { continue }
                for t in f.touches {
                    var input = t.input
                    input.t = max(session.app.time, start + input.t)
                    session.handle(input)
                    touches += 1
                }
                let dispatched = EvdevReader.monotonicMicroseconds()
                kernelToRead.append(Double(f.readAt - f.time) / 1000)
                readToDispatched.append(Double(dispatched - f.readAt) / 1000)
            }
        }
        guard let a = EvdevStages.percentiles(kernelToRead), let b = EvdevStages.percentiles(readToDispatched) else {
            throw BenchFailure(message: "\(path): no frame with finger events")
        }
        return Result(frames: frames, touches: touches, kernelToRead: a, readToDispatched: b)
    }
}

struct BenchFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
