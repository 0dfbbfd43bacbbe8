// The trace log's touch trails with thousands of fingers down: each input costs the same
// with 12,000 fingers down as with 3,000.
import Testing
@testable import TouchDraw
#if canImport(Glibc)
import Glibc
#endif

/// The CPU time this thread spends in `body` (what other tests running in parallel on the
/// same cores do not lengthen, as they lengthen the wall-clock time).
private func threadCPUTime(_ body: () -> Void) -> Duration {
    func now() -> Duration {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return .seconds(Int64(ts.tv_sec)) + .nanoseconds(Int64(ts.tv_nsec))
    }
    let start = now()
    body()
    return now() - start
}

@Suite("Trace log, many fingers", .serialized)
struct TraceLogManyFingersTests {
    /// `fingers` fingers landing, then lifting, fed straight to a log (no application: the
    /// trails alone), timed.
    private func feedTime(_ fingers: Int) -> Duration {
        let log = TraceLog(capacity: 1_000)
        let elapsed = threadCPUTime {
            for f in 1...fingers {
                log.sample(f, Double(f % 800), Double(f / 800), .began, at: 0.1)
            }
            for f in 1...fingers {
                log.sample(f, Double(f % 800), Double(f / 800), .ended, at: 0.5)
            }
        }
        #expect(log.maxPointers == fingers)
        #expect(log.activeTrails.isEmpty)
        return elapsed
    }

    // Timed as `ManyFingersTests.linearInFingers` is (see there: this thread's CPU time): the two sizes in turn,
    // best of five each, a bound between linear (8 for eight times the fingers, up to about
    // 13 once the larger set leaves the caches) and quadratic (64). When the log scanned a
    // list of the fingers down for every input, four times the fingers took 15 times as long.
    @Test("feeding eight times the fingers takes well under sixty-four times as long (linear, not quadratic)")
    func linearInFingers() {
        var small = Duration.seconds(1_000), large = Duration.seconds(1_000)
        for _ in 0..<5 {
            small = min(small, feedTime(2_000))
            large = min(large, feedTime(16_000))
        }
        let ratio = large / small
        #expect(ratio < 24, "2,000 fingers: \(small), 16,000 fingers: \(large), ratio \(ratio)")
    }
}
