// Bench: the measurements behind `touchscope bench` that need no display (dispatch, hit
// testing, a generated recording). Sizes are parameters, so tests run them small.
import TouchCore
import TouchScene

/// Headless benchmarks of the event model. Each returns plain numbers; the command prints them.
///
///     let r = Bench.dispatch(shape: .init(fanOut: 3, depth: 2, recognizers: 6), events: 1000)
///     r.eventsPerSecond
public enum Bench {
    /// What a dispatch run did.
    public struct DispatchResult: Sendable, Hashable {
        public var views: Int
        public var recognizers: Int
        public var events: Int
        /// Wall time spent in `SceneSession.handle`/`advance` (generation excluded).
        public var seconds: Double
        /// Trace records the sink received.
        public var records: Int
        public var eventsPerSecond: Double { seconds > 0 ? Double(events) / seconds : 0 }
        public var recordsPerEvent: Double { events > 0 ? Double(records) / Double(events) : 0 }
    }

    /// Builds the generated scene as the live program would (scene description, builder,
    /// input mapper), then pushes `events` synthetic finger events through it, stepping the
    /// clock every 1/60 s as the frame loop does. `makeSink` is called once with the session
    /// and returns the tracer sink (the live program's: the in-memory log and the trace writer).
    /// Only dispatch is timed: the stream is generated in batches outside the timed region.
    public static func dispatch(shape: BenchScene.Shape, events: Int, seed: UInt64 = 0x5eed,
                                makeSink: (SceneSession) -> (any TraceSink)? = { _ in nil }) -> DispatchResult {
        dispatch(shape: shape, events: events, seed: seed, connect: { session in
            if let sink = makeSink(session) { session.app.tracer.sink = sink }
        })
    }

    /// The same, with `connect` wiring the session as a host does (for the live program:
    /// `FrameState.follow`, which installs the tracer sink and the input hook). The records
    /// reaching the installed sink are counted. `settle` runs in the timed region as often
    /// as the live program draws a frame (after the batch of events during which 1/60 s of
    /// wall time passed) and once at the end: a sink that finishes its work elsewhere (the
    /// live program's trace log, filled on a worker thread, which a frame waits for) waits
    /// there until it has, so the time counts all of it.
    public static func dispatch(shape: BenchScene.Shape, events: Int, seed: UInt64 = 0x5eed,
                                connect: (SceneSession) -> Void, settle: () -> Void = {}) -> DispatchResult {
        let scene = BenchScene.make(shape)
        let session = SceneSession(scene: scene)
        /// Counts the records on their way to the installed sink.
        final class CountingSink: TraceSink {
            let inner: any TraceSink
            /// Unchecked: the bench's own counting, not the program's cost.
            @exclusivity(unchecked) var n = 0
            init(_ inner: any TraceSink) { self.inner = inner }
            func receive(_ record: consuming TraceRecord) { n &+= 1; inner.receive(record) }
        }
        connect(session)
        let counting = session.app.tracer.sink.map(CountingSink.init)
        if let counting { session.app.tracer.sink = counting }
        var stream = FingerStream(window: shape.window, seed: seed)
        var batch: [RawInput] = []
        batch.reserveCapacity(4096)
        var left = events
        var elapsed: Duration = .zero
        var nextFrame = 1.0 / 60
        let clock = ContinuousClock()
        var sinceSettle: Duration = .zero
        while left > 0 {
            let n = min(left, 4096)
            stream.fill(&batch, count: n)
            let start = clock.now
            for input in batch {
                if input.t >= nextFrame {
                    session.advance(to: nextFrame)
                    nextFrame += 1.0 / 60
                }
                session.handle(input)
            }
            left -= n
            sinceSettle += clock.now - start
            if left == 0 || sinceSettle >= .milliseconds(1000) / 60 {
                settle()
                sinceSettle = .zero
            }
            elapsed += clock.now - start
        }
        return DispatchResult(views: shape.viewCount, recognizers: session.built.recognizers.count,
                              events: events, seconds: seconds(elapsed), records: counting?.n ?? 0)
    }

    /// Hit-test latencies in nanoseconds at `samples` random points of the generated scene.
    public struct HitTestResult: Sendable, Hashable {
        public var samples: Int
        /// With the visiting path recorded (as when tracing is on, the live program's case).
        public var traced: Percentiles
        /// Without a path (tracing off; `UIView.hitTest` as an app would call it).
        public var untraced: Percentiles
        /// Mean number of views visited per hit test.
        public var meanPathLength: Double
    }

    public struct Percentiles: Sendable, Hashable {
        public var p50: Double
        public var p99: Double
        public var mean: Double
        public init(_ values: [Double]) {
            let s = values.sorted()
            func at(_ q: Double) -> Double { s.isEmpty ? 0 : s[min(s.count - 1, Int(Double(s.count) * q))] }
            p50 = at(0.5); p99 = at(0.99)
            mean = s.isEmpty ? 0 : s.reduce(0, +) / Double(s.count)
        }
    }

    /// Times `samples` hit tests one by one (each timed on its own; the clock read costs a
    /// few tens of nanoseconds and is included).
    public static func hitTest(shape: BenchScene.Shape, samples: Int, seed: UInt64 = 0x417) -> HitTestResult {
        let session = SceneSession(scene: BenchScene.make(shape))
        let window = session.app.window
        var rng = BenchRandom(seed: seed)
        let points = (0..<samples).map { _ in Point(x: rng.uniform(0, shape.window.width), y: rng.uniform(0, shape.window.height)) }
        let clock = ContinuousClock()
        var traced: [Double] = [], untraced: [Double] = []
        traced.reserveCapacity(samples); untraced.reserveCapacity(samples)
        var visited = 0
        var sink = 0
        // Warm up caches and lazy state.
        for p in points.prefix(1000) { var path: [HitStep]? = []; if window.hitTestScene(p, path: &path) != nil { sink &+= 1 } }
        for p in points {
            let start = clock.now
            var path: [HitStep]? = []
            let hit = window.hitTestScene(p, path: &path)
            let end = clock.now
            traced.append(nanoseconds(end - start))
            visited += path?.count ?? 0
            if hit != nil { sink &+= 1 }
        }
        for p in points {
            let start = clock.now
            var path: [HitStep]? = nil
            let hit = window.hitTestScene(p, path: &path)
            let end = clock.now
            untraced.append(nanoseconds(end - start))
            if hit != nil { sink &+= 1 }
        }
        blackHole(sink)
        return HitTestResult(samples: samples, traced: Percentiles(traced), untraced: Percentiles(untraced),
                             meanPathLength: samples > 0 ? Double(visited) / Double(samples) : 0)
    }

    /// Writes a recording of `events` synthetic finger events for `window` to `path`, streaming
    /// (memory does not grow with `events`).
    public static func writeRecording(path: String, window: Size, events: Int, seed: UInt64 = 0x5eed) throws(InputFileError) {
        let w = try RecordingWriter(path: path, window: window)
        var stream = FingerStream(window: window, seed: seed)
        for _ in 0..<events { w.write(stream.next()) }
        w.close()
    }

    public static func seconds(_ d: Duration) -> Double {
        let c = d.components
        return Double(c.seconds) + Double(c.attoseconds) * 1e-18
    }
    public static func nanoseconds(_ d: Duration) -> Double { seconds(d) * 1e9 }

    @inline(never) static func blackHole(_ x: Int) { if x == -42 { print(x) } }
}
