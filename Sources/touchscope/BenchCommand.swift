// touchscope bench: performance figures (docs/performance.md explains each one).
import ArgumentParser
import Foundation
import TouchCore
import TouchScene
import TouchBench
import TouchScopeKit

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure dispatch, hit testing, frames, latency and replay memory.",
        // Laid out for 80 columns (a test holds every line to it): a figure's name on its
        // line, what it measures indented below.
        discussion: """
            Figures (release build: swift build -c release --product touchscope), one
            JSON object on the last line with --json:
              dispatch_events_per_second
                  finger events through a generated scene of 10,000 leaf views
                  (fan-out 10, depth 4) with 1,000 recognizers, tracing on as in the
                  live program: the in-memory trace log, filled on its own thread
                  (FrameState); the time includes waiting for that thread
              dispatch_one_thread_…
                  the same, the log filled on the dispatching thread
              dispatch_traced_to_file_…
                  the first, plus every record encoded by a TraceWriter (as with
                  --trace; to /dev/null)
              hit_test_ns_p50/p99
                  hit tests at random points of that scene, path recorded
              frame_ms_p50/p99
                  1280×800 frames (photo + 500 labels, mid-gesture, panels on)
                  drawn as the live window draws them (SDLHost.drawFrame, SDL's
                  software renderer, headless); frame_renderer names the renderer
              frame_ms_p50_2560x1600
                  the same frame on a 2560×1600 canvas (a tablet at scale 2:
                  window 1280×800)
              frame_ms_offscreen_p50/p99
                  the 1280×800 frame through the offscreen canvas (screenshots,
                  headless replay), not the window's path
              latency_ms_p50/p99, latency_ms_p50/p99_2560x1600
                  push to present in the live frame loop: finger events pushed at
                  120 Hz a finger once the window shows its first frame, every
                  panel on, to the nanosecond
              latency_limit_ms_p50/p99, latency_ratio_p50
                  the same feeder against a minimal SDL loop (one quad per
                  finger): this machine's limit, and TouchScope ÷ limit
              animating_fps, streaming_fps
                  frames presented per second by the live loop while it animates
                  with no input, and while the fingers move
              replay_peak_rss_mib
                  peak RSS of `touchscope replay --headless --trace` on a generated
                  1,000,000-event recording (a child process)
              suite_recordings_per_second_1_core/_all_cores, suite_speedup
                  `touchscope test` on a generated suite of 1,000 recordings of 200
                  events, on one thread and on every core
              prediction_err_pt_p50/p99_at_N_ms, prediction_lag_pt_…
                  touch prediction N ms ahead (8, 17, 25, 33) on the device
                  recordings of --prediction-recordings: its miss in points,
                  and how far the fingers got in N ms without it
            --scale adds the same figures at 10× the views and 10× the events.
            With --device-replay FILE, only a fed device's figures:
              device_kernel_to_read_ms_p50/p99, device_read_to_dispatched_ms_p50/p99,
              device_dispatched_to_presented_ms_p50/p99,
              device_kernel_to_presented_ms_p50/p99
                  the file played as the device (its frames written into a pipe
                  at its own timing, read by the evdev reader) in the live
                  window's loop, headless (SDL's dummy video driver, software
                  renderer, every panel on): each frame with finger events from
                  its kernel time to the present that shows it (docs/devices.md)
            """)

    @Option(help: ArgumentHelp("Measure only a fed device's latency by stage: this evemu or libinput recording through the evdev reader.", valueName: "file"))
    var deviceReplay: String?
    @Option(help: "Times the --device-replay file is played, each in a fresh window.")
    var deviceRounds = 1
    @Flag(help: "Print one JSON object on the last line.")
    var json = false
    @Flag(help: "Also measure at 10× the views and 10× the events (slow: minutes).")
    var scale = false
    @Option(help: "Finger events for the dispatch figure.")
    var events = 1_000_000
    @Option(help: "Children per view in the generated scene.")
    var fanOut = 10
    @Option(help: "Levels of views below the window.")
    var depth = 4
    @Option(help: "Recognizers in the generated scene.")
    var recognizers = 1000
    @Option(help: "Hit tests to time.")
    var hitTests = 200_000
    @Option(help: "Frames to time (0: skip the frame figures).")
    var frames = 300
    @Flag(help: "Measure only the frame figures (1280×800 and 2560×1600, and the input-to-photon latency): no dispatch, hit test, replay or peer.")
    var framesOnly = false
    @Option(help: "Seconds of input for the latency figure (0: skip it).")
    var latencySeconds = 3.0
    @Option(help: "Events in the replayed recording (0: skip the replay figure).")
    var replayEvents = 1_000_000
    @Option(help: "Recordings in the generated suite for the test throughput figures (0: skip them).")
    var suiteRecordings = 1000
    @Option(help: ArgumentHelp("Where the generated scene, recordings and trace go.", valueName: "folder"))
    var workDir: String?
    @Flag(help: "Write the replay trace to /dev/null instead of a file in the work folder.")
    var traceToNull = false
    @Flag(help: "Do not run the Kivy peer.")
    var noPeer = false
    @Flag(help: "Skip the traced-to-file dispatch figure (to profile the live sink alone).")
    var noFileDispatch = false
    @Option(help: "Which dispatch figures to measure: thread (the trace log on its own thread, as live), inline (on the dispatching thread; one thread to profile) or both.")
    var dispatchLog: DispatchLog = .both
    @Option(help: "Events the Kivy peer dispatches (it manages a few hundred per second on the full tree).")
    var peerEvents = 5000
    @Option(help: ArgumentHelp("The device recordings (evemu, libinput record) the prediction figure replays.", valueName: "folder"))
    var predictionRecordings = "Tests/TouchSceneTests/Fixtures/import/real"
    @Flag(help: "Measure only the prediction figure (touch prediction's miss against the time it hides).")
    var predictionOnly = false

    func validate() throws {
        if events < 1 || fanOut < 1 || depth < 1 || recognizers < 0 || hitTests < 1 || frames < 0 || replayEvents < 0 || suiteRecordings < 0
            || !(latencySeconds >= 0 && latencySeconds <= 600) {
            throw ValidationError("sizes must be positive")
        }
        if framesOnly && frames == 0 { throw ValidationError("--frames-only needs --frames above 0") }
        if deviceRounds < 1 { throw ValidationError("--device-rounds must be 1 or more") }
        if framesOnly && scale { throw ValidationError("--frames-only and --scale measure different things: choose one") }
    }

    func run() throws {
        try MainActor.assumeIsolated { try runOnMain() }
    }

    @MainActor
    private func runOnMain() throws {
        var report = BenchReport()
        let shape = BenchScene.Shape(fanOut: fanOut, depth: depth, recognizers: recognizers)
        let work = workDir ?? NSTemporaryDirectory() + "touchscope-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { if workDir == nil { try? FileManager.default.removeItem(atPath: work) } }
        report.note("touchscope bench \(touchScopeVersion), \(ProcessInfo.processInfo.activeProcessorCount) cores, " + buildKind)
        if let path = deviceReplay {
            let d = try DeviceBench.run(path: path, rounds: deviceRounds)
            let of = "\(d.times.count) frames with finger events of \(path)"
            report.add("device_kernel_to_read_ms_p50", d.kernelToRead.p50, "ms", "\(of), played as the device: kernel time to read")
            report.add("device_kernel_to_read_ms_p99", d.kernelToRead.p99, "ms", "the same, p99")
            report.add("device_read_to_dispatched_ms_p50", d.readToDispatched.p50, "ms", "read to dispatched (\(d.touches) finger events through the event model)")
            report.add("device_read_to_dispatched_ms_p99", d.readToDispatched.p99, "ms", "the same, p99")
            report.add("device_dispatched_to_presented_ms_p50", d.dispatchedToPresented.p50, "ms",
                       "dispatched to presented (\(d.presents) frames, \(d.videoDriver) video driver, \(d.renderer) renderer)")
            report.add("device_dispatched_to_presented_ms_p99", d.dispatchedToPresented.p99, "ms", "the same, p99")
            report.add("device_kernel_to_presented_ms_p50", d.kernelToPresented.p50, "ms", "kernel time to presented, whole")
            report.add("device_kernel_to_presented_ms_p99", d.kernelToPresented.p99, "ms", "the same, p99")
            report.set("device_touches", d.touches)
            report.set("device_presents", d.presents)
            report.set("device_sdl_counter_minus_monotonic_us", d.counterOffset.us)
            report.note("SDL's performance counter − CLOCK_MONOTONIC: \(TraceFormat.fixed(d.counterOffset.us, 1)) µs "
                        + "(read within \(TraceFormat.fixed(d.counterOffset.within, 2)) µs); the stages are read on CLOCK_MONOTONIC")
            report.set("device_frames", d.frames)
            print(report.table())
            if json { print(report.json()) }
            return
        }
        if predictionOnly {
            try measurePrediction(into: &report)
            print(report.table())
            if json { print(report.json()) }
            return
        }
        if framesOnly {
            measureFrames(into: &report)
            print(report.table())
            if json { print(report.json()) }
            return
        }

        // Dispatch: the live program's way (the trace log filled on its own thread), then the
        // same with the log filled on the dispatching thread.
        let threaded = dispatchLog != .inline
        let d = dispatch(shape, events: events, threadedLog: threaded)
        report.add("dispatch_events_per_second", d.eventsPerSecond.rounded(), "events/s",
                   "\(d.events) finger events, \(d.views) views, \(d.recognizers) recognizers, tracing on as live: in-memory trace log (\(fmt1(d.recordsPerEvent)) records/event) filled \(threaded ? "on its own thread" : "on the dispatching thread")",
                   goal: "≥ 1,000,000", met: d.eventsPerSecond >= 1_000_000)
        report.set("dispatch_log_thread", threaded ? 1 : 0)
        if dispatchLog == .both {
            let d1 = dispatch(shape, events: events, threadedLog: false)
            report.add("dispatch_one_thread_events_per_second", d1.eventsPerSecond.rounded(), "events/s",
                       "the same, the trace log filled on the dispatching thread (one core)")
            report.set("dispatch_one_thread_seconds", d1.seconds)
        }
        report.set("dispatch_events", d.events)
        report.set("dispatch_views", d.views)
        report.set("dispatch_leaf_views", shape.leafCount)
        report.set("dispatch_recognizers", d.recognizers)
        report.set("dispatch_trace_records", d.records)
        report.set("dispatch_seconds", d.seconds)
        if !noFileDispatch {
            let df = dispatch(shape, events: events, toFile: true, threadedLog: threaded)
            report.add("dispatch_traced_to_file_events_per_second", df.eventsPerSecond.rounded(), "events/s",
                       "the same, every record also encoded by a TraceWriter (--trace; to /dev/null)")
            report.set("dispatch_traced_to_file_seconds", df.seconds)
        }

        // Hit testing.
        let h = Bench.hitTest(shape: shape, samples: hitTests)
        report.add("hit_test_ns_p50", h.traced.p50.rounded(), "ns", "\(h.samples) random points, path recorded (\(fmt1(h.meanPathLength)) views visited on average)")
        report.add("hit_test_ns_p99", h.traced.p99.rounded(), "ns", "", goal: "≤ 2,000", met: h.traced.p99 <= 2000)
        report.add("hit_test_untraced_ns_p50", h.untraced.p50.rounded(), "ns", "without a path (tracing off)")
        report.add("hit_test_untraced_ns_p99", h.untraced.p99.rounded(), "ns", "")
        report.set("hit_test_samples", h.samples)

        // Frames.
        if frames > 0 { measureFrames(into: &report) }
        try measurePrediction(into: &report)

        // Replay memory.
        var recording1: String?
        let replayShape = BenchScene.Shape(fanOut: fanOut, depth: min(depth, 3), recognizers: min(recognizers, 300))
        if replayEvents > 0 {
            let files = try ReplayBench.prepare(folder: work, shape: replayShape, events: replayEvents)
            recording1 = files.recording
            let trace = traceToNull ? "/dev/null" : work + "/bench-trace.jsonl"
            let r = try ReplayBench.run(scene: files.scene, recording: files.recording, events: replayEvents, trace: trace)
            report.add("replay_peak_rss_mib", round2(r.peakRSSMiB), "MiB",
                       "\(r.events) events into \(replayShape.viewCount) views, trace \(trace == "/dev/null" ? "to /dev/null" : "\(r.traceBytes / 1_048_576) MiB written"), \(fmt1(r.seconds)) s",
                       goal: "≤ 64", met: r.peakRSSMiB <= 64)
            report.set("replay_events", r.events)
            report.set("replay_views", replayShape.viewCount)
            report.set("replay_seconds", r.seconds)
            report.set("replay_trace_bytes", r.traceBytes)
            if trace != "/dev/null" { try? FileManager.default.removeItem(atPath: trace) }
            // Flatness: a tenth of the recording.
            let small = try ReplayBench.prepare(folder: work + "/small", shape: replayShape, events: max(1, replayEvents / 10))
            let r0 = try ReplayBench.run(scene: small.scene, recording: small.recording, events: max(1, replayEvents / 10), trace: "/dev/null")
            report.add("replay_peak_rss_mib_tenth", round2(r0.peakRSSMiB), "MiB", "the same with \(r0.events) events (flat: about equal)")
        }

        // Suite throughput: touchscope test's runner on one thread and on every core.
        if suiteRecordings > 0 {
            let plan = try SuiteBench.prepare(folder: work + "/suite", count: suiteRecordings, events: 200)
            let r = try SuiteBench.run(plan)
            let one = Double(r.recordings) / r.oneCore, all = Double(r.recordings) / r.allCores
            report.add("suite_recordings_per_second_1_core", one.rounded(), "rec/s",
                       "\(r.recordings) recordings, \(r.events) events: \(Int((Double(r.events) / r.oneCore).rounded())) events/s")
            report.add("suite_recordings_per_second_all_cores", all.rounded(), "rec/s",
                       "\(r.cores) jobs: \(Int((Double(r.events) / r.allCores).rounded())) events/s")
            report.add("suite_speedup", (all / one * 100).rounded() / 100, "×", "all cores ÷ one",
                       goal: "≥ \(fmt1(0.8 * Double(r.cores)))", met: all / one >= 0.8 * Double(r.cores))
            report.set("suite_events", r.events)
            report.set("suite_events_per_second_1_core", Double(r.events) / r.oneCore)
            report.set("suite_events_per_second_all_cores", Double(r.events) / r.allCores)
            report.set("suite_cores", r.cores)
        }

        if scale {
            let bigViews = BenchScene.Shape(fanOut: fanOut, depth: depth + 1, recognizers: recognizers)
            let dv = dispatch(bigViews, events: max(1, events / 4))
            report.add("scale_10x_views_dispatch_events_per_second", dv.eventsPerSecond.rounded(), "events/s",
                       "\(dv.views) views, \(dv.events) events")
            let hv = Bench.hitTest(shape: bigViews, samples: hitTests)
            report.add("scale_10x_views_hit_test_ns_p50", hv.traced.p50.rounded(), "ns", "\(bigViews.viewCount) views")
            report.add("scale_10x_views_hit_test_ns_p99", hv.traced.p99.rounded(), "ns", "")
            let de = dispatch(shape, events: events * 10)
            report.add("scale_10x_events_dispatch_events_per_second", de.eventsPerSecond.rounded(), "events/s", "\(de.events) events")
            if replayEvents > 0 {
                let big = replayEvents * 10
                let files = try ReplayBench.prepare(folder: work + "/big", shape: replayShape, events: big)
                let r = try ReplayBench.run(scene: files.scene, recording: files.recording, events: big, trace: "/dev/null")
                report.add("scale_10x_events_replay_peak_rss_mib", round2(r.peakRSSMiB), "MiB", "\(big) events, trace to /dev/null, \(fmt1(r.seconds)) s")
                try? FileManager.default.removeItem(atPath: files.recording)
            }
        }

        // The peer.
        if !noPeer, let rec = recording1 ?? (try? ReplayBench.prepare(folder: work, shape: replayShape, events: peerEvents).recording) {
            let peer = KivyPeer.run(recording: rec, fanOut: fanOut, depth: depth, maxEvents: peerEvents)
            switch peer {
            case let .measured(rate, views, peerEvents, version):
                report.add("kivy_events_per_second", rate.rounded(), "events/s", "Kivy \(version), \(views) Scatter widgets, \(peerEvents) events, no tracing")
                report.add("dispatch_vs_kivy_ratio", round2(d.eventsPerSecond / max(rate, 1e-9)), "×", "touchscope (tracing on) ÷ Kivy")
                report.set("kivy_views", views)
            case let .skipped(why):
                report.note("Kivy peer skipped: \(why)")
                report.set("kivy_skipped", why)
            }
        }

        print(report.table())
        if json { print(report.json()) }
    }

    /// The frame figures, drawn as the live window draws them: 1280×800 (`frame_ms_*`), then
    /// 2560×1600 (`frame_ms_*_2560x1600`), a tablet's screen at scale 2 (window 1280×800),
    /// every panel at that screen's size; then the offscreen canvas's figure for comparison.
    @MainActor
    private func measureFrames(into report: inout BenchReport) {
        do {
            let f = try FrameBench.run(frames: frames)
            report.add("frame_ms_p50", round2(f.ms.p50), "ms",
                       "\(f.frames) frames 1280×800 as the window draws them, photo + \(f.labels) labels, \(f.lanes) lanes, \(f.logRecords) log records, \(f.commands) draw commands",
                       goal: "≤ 8.3", met: f.ms.p50 <= 8.3)
            report.add("frame_ms_p99", round2(f.ms.p99), "ms", "")
            report.set("frame_frames", f.frames)
            report.set("frame_labels", f.labels)
            report.set("frame_lanes", f.lanes)
            report.set("frame_draw_commands", f.commands)
            report.set("frame_text_cache_misses", f.textMisses)
            report.set("frame_renderer", f.renderer)
        } catch {
            report.note("frame figure skipped: \(error)")
        }
        do {
            let f = try FrameBench.run(frames: frames, canvas: Size(width: 2560, height: 1600), window: Size(width: 1280, height: 800))
            report.add("frame_ms_p50_2560x1600", round2(f.ms.p50), "ms",
                       "the same at 2560×1600 (scale 2), \(f.commands) draw commands",
                       goal: "≤ 16.7", met: f.ms.p50 <= 1000.0 / 60)
            report.add("frame_ms_p99_2560x1600", round2(f.ms.p99), "ms", "")
            report.set("frame_2560x1600_draw_commands", f.commands)
            report.set("frame_2560x1600_text_cache_misses", f.textMisses)
        } catch {
            report.note("2560×1600 frame figure skipped: \(error)")
        }
        do {
            let f = try FrameBench.run(frames: frames, target: .offscreen)
            report.add("frame_ms_offscreen_p50", round2(f.ms.p50), "ms",
                       "the 1280×800 frame through the offscreen canvas (screenshots, headless replay; not the window's path)")
            report.add("frame_ms_offscreen_p99", round2(f.ms.p99), "ms", "")
        } catch {
            report.note("offscreen frame figure skipped: \(error)")
        }
        if latencySeconds > 0 { measureLatency(into: &report) }
    }

    /// The input-to-photon figures (`latency_ms_*`), the limit of a minimal SDL loop on this
    /// machine (`latency_limit_ms_*`) and the ratio of the two, and `animating_fps`.
    @MainActor
    private func measureLatency(into report: inout BenchReport) {
        var p50: Double?
        do {
            let l = try LatencyBench.run(seconds: latencySeconds)
            report.add("latency_ms_p50", round3(l.ms.p50), "ms",
                       "push to present in the live frame loop (\(l.videoDriver) video driver, \(l.renderer) renderer): \(l.inputs) finger events at 120 Hz a finger, \(l.frames) frames, every panel on" + (l.fine ? "" : "; millisecond timestamps"),
                       goal: "p99 ≤ 16.7", met: l.ms.p99 <= 1000.0 / 60)
            report.add("latency_ms_p99", round3(l.ms.p99), "ms", "")
            report.add("animating_fps", (l.animatingFPS * 10).rounded() / 10, "frames/s",
                       "frames presented per second while the scene animates with no input (no present that waits: the loop paces itself to the refresh)",
                       goal: "≤ 61", met: l.animatingFPS <= 61)
            report.add("streaming_fps", (l.streamingFPS * 10).rounded() / 10, "frames/s",
                       "frames presented per second while the fingers move (input ends the pacing wait; the panels are drawn every other frame)")
            report.set("latency_inputs", l.inputs)
            report.set("latency_video_driver", l.videoDriver)
            report.set("latency_renderer", l.renderer)
            p50 = l.ms.p50
        } catch {
            report.note("latency figure skipped: \(error)")
        }
        do {
            let l = try LatencyBench.run(seconds: latencySeconds, pixelScale: 2)
            report.add("latency_ms_p50_2560x1600", round3(l.ms.p50), "ms",
                       "the same at 2560×1600 (scale 2, headless), \(l.frames) frames",
                       goal: "p99 ≤ 16.7", met: l.ms.p99 <= 1000.0 / 60)
            report.add("latency_ms_p99_2560x1600", round3(l.ms.p99), "ms", "")
        } catch {
            report.note("2560×1600 latency figure skipped: \(error)")
        }
        do {
            let limit = try LatencyLimit.run(seconds: latencySeconds)
            report.add("latency_limit_ms_p50", round3(limit.p50), "ms",
                       "the same feeder against a minimal SDL loop (one quad per finger, software renderer): this machine's limit")
            report.add("latency_limit_ms_p99", round3(limit.p99), "ms", "")
            if let p50, limit.p50 > 0 {
                let ratio = p50 / limit.p50
                report.add("latency_ratio_p50", (ratio * 100).rounded() / 100, "×",
                           "latency_ms_p50 ÷ latency_limit_ms_p50", goal: "≤ 5", met: ratio <= 5)
            }
        } catch {
            report.note("latency limit skipped: \(error)")
        }
    }

    /// Dispatch with the live program's sink. `toFile` false: exactly what `FrameState.follow`
    /// installs (every record to the in-memory `TraceLog`, touch inputs to its trails), the
    /// live program without `--trace`. `toFile` true: the same plus a `TraceWriter` encoding
    /// every record (here to /dev/null: the same encoding and buffering, no disk), the live
    /// program with `--trace FILE`.
    /// `threadedLog` false: the log is filled on the dispatching thread instead.
    @MainActor
    private func dispatch(_ shape: BenchScene.Shape, events: Int, toFile: Bool = false, threadedLog: Bool = true) -> Bench.DispatchResult {
        let frame = FrameState(overlays: true, threadedLog: threadedLog)
        let writer = toFile ? try? TraceWriter(path: "/dev/null") : nil
        defer { writer?.close() }
        return Bench.dispatch(shape: shape, events: events, connect: { session in
            frame.follow(session, also: writer.map { [$0] } ?? [])
        }, settle: { frame.sync() })
    }

    enum DispatchLog: String, ExpressibleByArgument, CaseIterable { case thread, inline, both }

    private var buildKind: String {
        #if DEBUG
        "DEBUG build (figures are not meaningful; use -c release)"
        #else
        "release build"
        #endif
    }
}

private func fmt1(_ v: Double) -> String { String(format: "%.1f", v) }
private func round2(_ v: Double) -> Double { (v * 100).rounded() / 100 }
private func round3(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }

/// The figures as rows (for the table) and as keys (for --json), in the order measured.
struct BenchReport {
    private var rows: [(key: String, value: Double, unit: String, detail: String, goal: String?, met: Bool?)] = []
    private var extra: [(String, String)] = []
    private var notes: [String] = []

    mutating func add(_ key: String, _ value: Double, _ unit: String, _ detail: String, goal: String? = nil, met: Bool? = nil) {
        rows.append((key, value, unit, detail, goal, met))
    }
    mutating func set(_ key: String, _ v: Int) { extra.append((key, String(v))) }
    mutating func set(_ key: String, _ v: Double) { extra.append((key, String(format: "%.4f", v))) }
    mutating func set(_ key: String, _ v: String) { extra.append((key, quote(v))) }
    mutating func note(_ s: String) { notes.append(s) }

    func table() -> String {
        var out = notes.map { $0 + "\n" }.joined()
        let w0 = max(28, rows.map(\.key.count).max() ?? 0)
        let values = rows.map { number($0.value) + " " + $0.unit }
        let w1 = max(12, values.map(\.count).max() ?? 0)
        out += pad("figure", w0) + "  " + pad("value", w1) + "  goal          what\n"
        out += String(repeating: "-", count: w0 + w1 + 30) + "\n"
        for (r, v) in zip(rows, values) {
            let goal = r.goal.map { g in "\(g) \(r.met == true ? "met" : "NOT met")" } ?? ""
            out += pad(r.key, w0) + "  " + pad(v, w1) + "  " + pad(goal, 12) + "  " + r.detail + "\n"
        }
        return out
    }

    func json() -> String {
        var parts = rows.map { "\(quote($0.key)):\(number($0.value))" }
        parts += extra.map { "\(quote($0.0)):\($0.1)" }
        return "{" + parts.joined(separator: ",") + "}"
    }

    private func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
    private func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
    private func quote(_ s: String) -> String {
        var o = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": o += "\\\""
            case "\\": o += "\\\\"
            case "\n": o += "\\n"
            default: if c.value < 0x20 { o += String(format: "\\u%04x", c.value) } else { o.unicodeScalars.append(c) }
            }
        }
        return o + "\""
    }
}
