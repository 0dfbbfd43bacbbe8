// TraceLogFeed: the trace log filled on a thread of its own, so that the input path pays
// only a copy per trace record for the panels' index of the trace.
//
// The host's, not TouchDraw's: drawing has no threads. FrameState owns one.
//
//   Tracer ──records──▶ ring (bounded; one writer, one reader) ──▶ worker thread ──▶ TraceLog
//   the host, before reading the log: sync() ── waits until the worker has applied everything
//
// The worker only ever touches the log; the thread that feeds reads or changes the log only
// after `sync()`, which `log` does for it. Between the two, the ring's atomic cursors order
// every access (release when handing over, acquire when taking over), so the log is never
// used by both threads at once.
import TouchCore
import TouchDraw

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Feeds a `TraceLog` from a tracer on a worker thread: a `TraceSink`.
///
///     let feed = TraceLogFeed()
///     app.tracer.sink = feed                        // instead of the log itself
///     ... dispatch input ...
///     draw(feed.log)                                // waits for the worker, then reads
///
/// What the log holds after `sync()` is exactly what it would hold as the tracer's sink
/// itself: the same records, in the same order (the tests check this). Only the time the
/// work is done moves: to the other core, while the feeding thread goes on with the next
/// input.
///
/// The ring is bounded (`capacity` records): when the worker falls that far behind, the
/// feeding thread waits for it, so memory stays flat. Idle, the worker sleeps.
final class TraceLogFeed: TraceSink {
    /// The log, with everything sent so far applied (waits for the worker).
    var log: TraceLog {
        sync()
        return worker.log
    }

    private let worker: Worker
    private var thread: pthread_t
    private let capacity: Int
    // The feeding thread's side (only it reads or writes these).
    /// The next record's position (records ever pushed).
    private var tail = 0
    /// The position the worker was last told about.
    private var published = 0
    /// Pushing stays without waiting up to this position (the worker's head plus the capacity).
    private var roomUntil: Int
    /// The position `sync()` last saw applied.
    private var applied = 0

    /// Records are published to the worker in batches: each publication is a write the
    /// other core must fetch, once per record it cost more than the record.
    private static let batch = 64

    /// A feed for `log` (a new one by default), with room for `capacity` records in flight.
    init(log: TraceLog = TraceLog(), capacity: Int = 8192) {
        var size = 64
        while size < capacity { size *= 2 }
        self.capacity = size
        roomUntil = size
        worker = Worker(log: log, capacity: size)
        thread = Self.start(worker)
    }

    deinit {
        sync()
        worker.stop()
        pthread_join(thread, nil)
        worker.free()
    }

    // MARK: Feeding

    /// Passes a record to the worker (the tracer's sink).
    func receive(_ record: consuming TraceRecord) {
        if tail == roomUntil { waitForRoom() }
        (worker.records + (tail & worker.mask)).initialize(to: record)
        tail += 1
        if tail - published >= Self.batch { publish() }
    }

    /// Hands the pushed records to the worker. A sleeping worker is woken only once a good
    /// amount waits for it (`wakeAfter` records), or when `urgent` (the feeder is about to
    /// wait for it): a wake-up is a system call on each side, and waking it for every batch
    /// cost the feeding thread more than the work it handed over.
    private func publish(urgent: Bool = false) {
        published = tail
        worker.tail.value.store(tail, ordering: .sequentiallyConsistent)
        if (urgent || tail - worker.head.value.load(ordering: .relaxed) >= Self.wakeAfter)
            && worker.sleeping.load(ordering: .sequentiallyConsistent) {
            worker.wake()
        }
    }
    private static let wakeAfter = 1024

    private func waitForRoom() {
        publish(urgent: true)
        var spins = 0
        while true {
            let head = worker.head.value.load(ordering: .acquiring)
            if tail - head < capacity { roomUntil = head + capacity; return }
            spins += 1
            if spins > 64 { sched_yield() }
        }
    }

    /// Waits until the worker has applied every record pushed so far. After it, this thread
    /// may read and change the log until it feeds the next record.
    func sync() {
        guard applied != tail else { return }
        publish(urgent: true)
        var spins = 0
        while true {
            let head = worker.head.value.load(ordering: .acquiring)
            if head == tail { break }
            spins += 1
            if spins > 64 { sched_yield() }
        }
        applied = tail
        roomUntil = tail + capacity
    }

    // MARK: The worker

    /// An atomic position alone on its cache line (the two sides write one each; sharing a
    /// line would move it between the cores on every write of either).
    private final class Cursor {
        let value = Atomic<Int>(0)
        private var padding: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
    }

    /// What both threads share: the ring, its cursors, the sleep and stop flags. The log
    /// belongs to whichever side the cursors say (see the file's comment).
    private final class Worker: @unchecked Sendable {
        let log: TraceLog
        let records: UnsafeMutablePointer<TraceRecord>
        let mask: Int
        /// Records the worker has applied (written by the worker).
        let head = Cursor()
        /// Records published (written by the feeding thread).
        let tail = Cursor()
        let sleeping = Atomic<Bool>(false)
        let stopping = Atomic<Bool>(false)
        private let mutex: UnsafeMutablePointer<pthread_mutex_t>
        private let condition: UnsafeMutablePointer<pthread_cond_t>

        init(log: TraceLog, capacity: Int) {
            self.log = log
            records = .allocate(capacity: capacity)
            mask = capacity - 1
            mutex = .allocate(capacity: 1)
            condition = .allocate(capacity: 1)
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(condition, nil)
        }

        /// After the thread ended, with the ring empty.
        func free() {
            records.deallocate()
            pthread_cond_destroy(condition)
            pthread_mutex_destroy(mutex)
            condition.deallocate()
            mutex.deallocate()
        }

        func wake() {
            pthread_mutex_lock(mutex)
            pthread_cond_signal(condition)
            pthread_mutex_unlock(mutex)
        }

        func stop() {
            pthread_mutex_lock(mutex)
            stopping.store(true, ordering: .sequentiallyConsistent)
            pthread_cond_signal(condition)
            pthread_mutex_unlock(mutex)
        }

        /// The thread's loop: apply what is published, spin a little when there is nothing
        /// (the next batch is usually microseconds away), then sleep until woken.
        func run() {
            var h = 0
            while true {
                let t = tail.value.load(ordering: .acquiring)
                if h != t {
                    while h != t {
                        log.append((records + (h & mask)).move())
                        h += 1
                        // Room for a feeder waiting on a full ring, without a write per record.
                        if h & 63 == 0 { head.value.store(h, ordering: .releasing) }
                    }
                    head.value.store(h, ordering: .releasing)
                    continue
                }
                if stopping.load(ordering: .acquiring) { return }
                var spins = 0
                while spins < 200_000 && tail.value.load(ordering: .acquiring) == h { spins += 1 }
                if spins < 200_000 { continue }
                pthread_mutex_lock(mutex)
                sleeping.store(true, ordering: .sequentiallyConsistent)
                while tail.value.load(ordering: .sequentiallyConsistent) == h && !stopping.load(ordering: .sequentiallyConsistent) {
                    pthread_cond_wait(condition, mutex)
                }
                sleeping.store(false, ordering: .relaxed)
                pthread_mutex_unlock(mutex)
            }
        }
    }

    private static func start(_ worker: Worker) -> pthread_t {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(worker).toOpaque()
        let status = pthread_create(&thread, nil, { context in
            let worker = Unmanaged<Worker>.fromOpaque(context!).takeRetainedValue()
            worker.run()
            return nil
        }, context)
        precondition(status == 0, "TraceLogFeed: cannot start the worker thread (pthread_create: \(status))")
        return thread
    }
}
