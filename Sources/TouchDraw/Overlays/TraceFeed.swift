// TraceFeed: the in-memory trace log, kept up to date by a second thread.
//
// The event model emits a trace record for every decision, and the live window keeps them
// all in a `TraceLog` for its panels. Indexing a record there (the touch spans, receivers,
// recognizer lanes, the ring) costs about as much as the decision itself. The panels only
// read the log when a frame is drawn, 60 times a second, so the feed hands records and
// touch inputs to a worker thread through a bounded single-producer, single-consumer queue
// and the event model goes on at once. Reading `log` waits until the worker has applied
// everything queued so far: whoever reads it sees exactly the log a direct `append` would
// have built (same records, same order; the tests compare them).
//
//     let feed = TraceFeed()
//     app.tracer.sink = { feed.append($0) }
//     feed.log.latestHitTest        // waits for the worker, then reads
//
// Threading contract: one thread (the host's main thread) calls `append`, `noteInput` and
// `log`; a `TraceLog` obtained from `log` is read before more records are appended (the
// frame loop does: it draws, then dispatches the next inputs). When the queue is full the
// producer waits for the worker, so memory stays bounded and a benchmark measures what the
// two threads sustain together, not a growing backlog.
import Synchronization
import TouchCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The trace log behind a worker thread (or, with `threaded: false`, applied at once).
public final class TraceFeed {
    /// One queued item: a trace record, or a touch input for the trails. The record is an
    /// optional so that the worker can take it out without copying it (a copy there would
    /// touch reference counts the producer is touching at the same time).
    struct Item {
        var record: TraceRecord?
        var input: InputEvent?
        var t: Double
    }

    private let core: Core
    /// Whether items go through the worker (false without one, and once closed).
    private var threaded: Bool
    private var thread: pthread_t?

    /// `threaded: false` applies every record at once on the caller's thread (no worker);
    /// the log is the same either way. `capacity` is the queue's length (rounded up to a
    /// power of two).
    public init(log: TraceLog = TraceLog(), threaded: Bool = true, capacity: Int = 8192) {
        var size = 64
        while size < capacity { size *= 2 }
        core = Core(log: log, capacity: size)
        var started = false
        if threaded {
            var t = pthread_t()
            let context = Unmanaged.passRetained(core).toOpaque()
            if pthread_create(&t, nil, { raw in
                // The worker owns one reference to the core until it returns.
                let core = Unmanaged<Core>.fromOpaque(raw!).takeRetainedValue()
                core.run()
                return nil
            }, context) == 0 {
                thread = t
                started = true
            } else {
                Unmanaged<Core>.fromOpaque(context).release()   // no worker: apply inline
            }
        }
        self.threaded = started
    }

    deinit { close() }

    /// The log with everything appended so far applied (waits for the worker).
    public var log: TraceLog {
        if threaded { core.drain() }
        return core.log
    }

    /// Appends a record (the tracer's sink): queued for the worker, or applied at once.
    public func append(_ r: consuming TraceRecord) {
        if threaded { core.push(Item(record: r, input: nil, t: 0)) } else { core.log.append(r) }
    }

    /// Records a touch input for the trails (`TraceLog.noteInput`), in order with the records.
    public func noteInput(_ input: InputEvent, at t: Double) {
        if threaded { core.push(Item(record: nil, input: input, t: t)) } else { core.log.noteInput(input, at: t) }
    }

    /// Waits for the worker to apply everything queued (reading `log` does this too).
    public func drain() { if threaded { core.drain() } }

    /// Applies what is queued and stops the worker; later items are applied at once.
    /// Called by `deinit`; calling it twice is harmless.
    public func close() {
        guard let t = thread else { return }
        thread = nil
        core.drain()
        threaded = false
        core.stop()
        pthread_join(t, nil)
    }

    /// Whether a worker thread applies the records (false when one could not be started,
    /// or once the feed is closed).
    public var isThreaded: Bool { threaded }

    /// The queue and the log, shared by the producer and the worker.
    final class Core: @unchecked Sendable {
        let log: TraceLog
        private let slots: UnsafeMutablePointer<Item>
        private let mask: Int
        /// Items ever pushed (written by the producer only).
        private let tail = Atomic<Int>(0)
        /// Items ever applied (written by the worker only).
        private let head = Atomic<Int>(0)
        /// The worker is about to wait, or waits, on `wake`.
        private let sleeping = Atomic<Bool>(false)
        private let stopping = Atomic<Bool>(false)
        private let wake: UnsafeMutablePointer<sem_t>
        /// Records the full ring dropped, on their way back to the producer, which made them
        /// and releases them (a record's boxes and strings freed on the worker would make
        /// both threads contend for the allocator's lock and for their reference counts).
        private let returned: UnsafeMutablePointer<TraceRecord>
        private let returnedTail = Atomic<Int>(0)   // written by the worker only
        private let returnedHead = Atomic<Int>(0)   // written by the producer only

        init(log: TraceLog, capacity: Int) {
            self.log = log
            slots = .allocate(capacity: capacity)
            mask = capacity - 1
            wake = .allocate(capacity: 1)
            sem_init(wake, 0, 0)
            returned = .allocate(capacity: capacity)
        }

        deinit {
            // Only reached once the worker has returned (it holds a reference until then),
            // after a drain: every slot between head and tail is initialized.
            let h = head.load(ordering: .acquiring), t = tail.load(ordering: .acquiring)
            for i in h..<t { (slots + (i & mask)).deinitialize(count: 1) }
            slots.deallocate()
            let rh = returnedHead.load(ordering: .acquiring), rt = returnedTail.load(ordering: .acquiring)
            for i in rh..<rt { (returned + (i & mask)).deinitialize(count: 1) }
            returned.deallocate()
            sem_destroy(wake)
            wake.deallocate()
        }

        // MARK: Producer side

        /// Items pushed but not yet published to the worker (the producer's own count).
        private var pushed = 0

        @inline(__always)
        func push(_ item: consuming Item) {
            let t = pushed
            if t - head.load(ordering: .relaxed) > mask { waitForRoom(t) }
            (slots + (t & mask)).initialize(to: item)
            pushed = t + 1
            if pushed & 63 == 0 { publish(); releaseReturned() }
        }

        /// Releases the records the worker handed back.
        func releaseReturned() {
            var h = returnedHead.load(ordering: .relaxed)
            let t = returnedTail.load(ordering: .acquiring)
            if h == t { return }
            while h != t {
                (returned + (h & mask)).deinitialize(count: 1)
                h += 1
            }
            returnedHead.store(h, ordering: .releasing)
        }

        /// Makes the pushed items visible to the worker, waking it if it sleeps.
        func publish() {
            // Sequentially consistent, paired with the worker's store of `sleeping` and load
            // of `tail`: either the worker sees these items, or this sees it going to sleep.
            tail.store(pushed, ordering: .sequentiallyConsistent)
            if sleeping.load(ordering: .sequentiallyConsistent) { wakeWorker() }
        }

        private func waitForRoom(_ t: Int) {
            publish()
            var spins = 0
            while t - head.load(ordering: .acquiring) > mask {
                spins += 1
                if spins > 64 { sched_yield() }
            }
        }

        private func wakeWorker() {
            if sleeping.exchange(false, ordering: .sequentiallyConsistent) { sem_post(wake) }
        }

        func drain() {
            let t = pushed
            if head.load(ordering: .acquiring) == t { return }
            publish()
            var spins = 0
            while head.load(ordering: .acquiring) != t {
                spins += 1
                if spins > 64 { sched_yield() }
            }
            releaseReturned()
        }

        func stop() {
            stopping.store(true, ordering: .sequentiallyConsistent)
            sleeping.store(false, ordering: .sequentiallyConsistent)
            sem_post(wake)
        }

        // MARK: Worker side

        func run() {
            var h = head.load(ordering: .relaxed)
            var rt = returnedTail.load(ordering: .relaxed)
            while true {
                let t = tail.load(ordering: .acquiring)
                if h == t {
                    if stopping.load(ordering: .acquiring) { return }
                    if spinUntilWork(h) { continue }
                    // Announce the sleep, then look once more: an item pushed before the
                    // announcement is seen here; one pushed after it sees `sleeping`.
                    sleeping.store(true, ordering: .sequentiallyConsistent)
                    if tail.load(ordering: .sequentiallyConsistent) != h || stopping.load(ordering: .sequentiallyConsistent) {
                        sleeping.store(false, ordering: .sequentiallyConsistent)
                        continue
                    }
                    while sem_wait(wake) != 0 && errno == EINTR {}
                    continue
                }
                // Apply a batch, then publish it (the log's writes happen before `head`).
                while h != t {
                    let slot = slots + (h & mask)
                    if let r = slot.pointee.record.take() {
                        if let old = log.appendEvicting(r) {
                            // Back to the producer; released here only if its queue is full.
                            if rt - returnedHead.load(ordering: .acquiring) <= mask {
                                (returned + (rt & mask)).initialize(to: old)
                                rt += 1
                                returnedTail.store(rt, ordering: .releasing)
                            }
                        }
                    } else if let e = slot.pointee.input {
                        log.noteInput(e, at: slot.pointee.t)
                    }
                    slot.deinitialize(count: 1)
                    h += 1
                    if h & 255 == 0 { head.store(h, ordering: .releasing) }
                }
                head.store(h, ordering: .releasing)
            }
        }

        /// Spins a little before sleeping: under a stream of input the next item is
        /// usually microseconds away, and waking from a semaphore costs more than that.
        private func spinUntilWork(_ h: Int) -> Bool {
            for _ in 0..<20_000 where tail.load(ordering: .acquiring) != h { return true }
            return tail.load(ordering: .acquiring) != h
        }
    }
}
