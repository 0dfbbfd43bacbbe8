// The latency stages of a device read through evdev in the Perfetto timeline: one track per
// stage (kernel → read, read → dispatched, dispatched → presented), a slice per frame with
// finger events on each, and flows chaining a frame's slices from the kernel to the present.
import TouchCore

/// One frame of a device read through evdev: its times on CLOCK_MONOTONIC (µs).
public struct DeviceStageTimes: Sendable, Equatable {
    /// The kernel's time of the frame; nil when it is not on CLOCK_MONOTONIC.
    public var kernel: Int64?
    /// When TouchScope read it from the device.
    public var read: Int64
    /// When the event model was done with it.
    public var dispatched: Int64
    /// When the frame showing it was presented.
    public var presented: Int64
    /// Its finger events.
    public var touches: Int

    /// One frame's times (µs on CLOCK_MONOTONIC) and its finger events.
    public init(kernel: Int64?, read: Int64, dispatched: Int64, presented: Int64, touches: Int) {
        self.kernel = kernel; self.read = read; self.dispatched = dispatched; self.presented = presented; self.touches = touches
    }
}

extension PerfettoWriter {
    /// Draws `frames`' stages; a trace time in µs is a monotonic time minus `monotonicOffset`
    /// (the host measures it: CLOCK_MONOTONIC now − the trace's time now).
    public func deviceStages(_ frames: [DeviceStageTimes], monotonicOffset: Int64) {
        guard !frames.isEmpty else { return }
        withTimeline { t, b in t.deviceStages(frames, offset: monotonicOffset, into: &b) }
    }
}

extension PerfettoTimeline {
    /// The stage tracks' ids, after the fixed tracks.
    static let stageTracks = (fixedBase + 900, fixedBase + 901, fixedBase + 902)
    static let stageNames = ("evdev: kernel → read", "evdev: read → dispatched", "evdev: dispatched → presented")

    mutating func deviceStages(_ frames: [DeviceStageTimes], offset: Int64, into b: inout [UInt8]) {
        let (a, r, d) = Self.stageTracks
        if namedFixed.insert(a).inserted {
            nameTrack(a, Self.stageNames.0, into: &b)
            nameTrack(r, Self.stageNames.1, into: &b)
            nameTrack(d, Self.stageNames.2, into: &b)
        }
        for f in frames {
            let read = f.read - offset, dispatched = f.dispatched - offset, presented = f.presented - offset
            func args(_ from: Int64, _ to: Int64) -> PerfettoArgs {
                var x = PerfettoArgs()
                x.number("touches", Double(f.touches))
                x.number("ms", Double(to - from) / 1000)
                return x
            }
            if let k = f.kernel.map({ $0 - offset }) {
                slice(Self.stageNames.0, cat: "device", start: k, end: read, tid: a, args: args(k, read), into: &b)
                flow(end: false, id: nextFlow, ts: k, tid: a, name: "device", into: &b)
            }
            slice(Self.stageNames.1, cat: "device", start: read, end: dispatched, tid: r, args: args(read, dispatched), into: &b)
            if f.kernel != nil {
                flow(end: true, id: nextFlow, ts: read, tid: r, name: "device", into: &b)
                nextFlow += 1
            }
            flow(end: false, id: nextFlow, ts: read, tid: r, name: "device", into: &b)
            slice(Self.stageNames.2, cat: "device", start: dispatched, end: presented, tid: d, args: args(dispatched, presented), into: &b)
            flow(end: true, id: nextFlow, ts: dispatched, tid: d, name: "device", into: &b)
            nextFlow += 1
        }
    }
}
