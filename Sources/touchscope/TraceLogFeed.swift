// TraceLogFeed: the trace log filled on a thread of its own, so that the input path pays
// only a copy per trace message for the panels' index of the trace.
//
// The host's, not TouchDraw's: drawing has no threads. FrameState owns one.
//
//   Tracer ──records, messages──┐
//   host ──────noteInput────────┴─▶ ring (bounded; one writer, one reader) ──▶ worker thread ──▶ TraceLog
//   the host, before reading the log: sync() ── waits until the worker has applied everything
//
// The worker only ever touches the log (and its copy of the symbol table); the thread that
// feeds reads or changes the log only after `sync()`, which `log` does for it. Between the
// two, the ring's atomic cursors order every access (release when handing over, acquire
// when taking over), so the log is never used by both threads at once.
@_spi(TouchScopeInternals) import TouchCore
@_spi(TouchScopeInternals) import TouchDraw

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import TouchDraw

/// Feeds a `TraceLog` from a tracer and the host's inputs on a worker thread.
///
///     let feed = TraceLogFeed()
///     feed.follow(app.tracer)                       // instead of log.follow(app.tracer)
///     session.onInputEvent = { e, t in feed.noteInput(e, at: t) }
///     ... dispatch input ...
///     draw(feed.log)                                // waits for the worker, then reads
///
/// What the log holds after `sync()` is exactly what `TraceLog.follow` and `noteInput`
/// would have given it on the feeding thread: the same records and messages, in the same
/// order (the tests check this). Only the time the work is done moves: to the other core,
/// while the feeding thread goes on with the next input.
///
/// The ring is bounded (`capacity` items): when the worker falls that far behind, the
/// feeding thread waits for it, so memory stays flat. Idle, the worker sleeps.
final class TraceLogFeed {
    /// The log, with everything sent so far applied (waits for the worker).
    var log: TraceLog {
        sync()
        return worker.log
    }

    private let worker: Worker
    private var thread: pthread_t
    private let capacity: Int
    // The feeding thread's side (only it reads or writes these).
    /// The next item's position (items ever pushed).
    @exclusivity(unchecked) private var tail = 0
    /// The next gesture message's position in the gesture ring.
    @exclusivity(unchecked) private var gestureTail = 0
    /// The position the worker was last told about.
    @exclusivity(unchecked) private var published = 0
    /// Pushing stays without waiting up to this position (the worker's head plus the capacity).
    @exclusivity(unchecked) private var roomUntil: Int
    /// The position `sync()` last saw applied.
    @exclusivity(unchecked) private var applied = 0
    /// The followed tracer's symbol table, and how many of its ids the worker's copy has.
    @exclusivity(unchecked) private var table: TraceSymbols? {
        didSet { tableRef = table.map { Unmanaged.passUnretained($0) } }
    }
    /// `table`, read on every message without a retain and release (`table` keeps it alive).
    @exclusivity(unchecked) private var tableRef: Unmanaged<TraceSymbols>?
    @exclusivity(unchecked) private var mirrored = 0

    /// Items are published to the worker in batches: each publication is a write the other
    /// core must fetch, once per item it cost more than the item.
    private static let batch = 64

    /// A feed for `log` (a new one by default), with room for `capacity` items in flight.
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

    /// Connects the feed to an application's tracer, as `TraceLog.follow` does: every record
    /// and message goes to the log, and to `also` (a trace writer) on the calling thread.
    func follow(_ tracer: Tracer, also: ((TraceRecord) -> Void)? = nil) {
        sync()
        // The worker is idle: its symbol table can be replaced from here.
        let copy = TraceSymbols()
        worker.symbols = copy
        worker.log.use(copy)
        table = tracer.symbols
        mirrored = 0
        // The closure and the sink hold the feed strongly, as `TraceLog.follow` holds the log.
        let feed = self
        if let also {
            tracer.sink = { r in
                also(r)
                feed.push(.record(r))
            }
        } else {
            tracer.sink = { r in feed.push(.record(r)) }
        }
        tracer.messageSink = MessageSink(feed: self, table: tracer.symbols, also: also)
    }

    /// Records a touch input as the application received it (`TraceLog.noteInput`).
    func noteInput(_ input: InputEvent, at t: Double) { push(.input(input, t)) }

    private final class MessageSink: TraceMessageSink {
        let feed: TraceLogFeed
        let table: TraceSymbols
        let also: ((TraceRecord) -> Void)?
        init(feed: TraceLogFeed, table: TraceSymbols, also: ((TraceRecord) -> Void)?) {
            self.feed = feed; self.table = table; self.also = also
        }
        override func take(_ m: TouchMessage) {
            if let also { also(m.record(table)) }
            feed.shareNewSymbols()
            feed.push(.touch(m))
        }
        override func take(_ m: borrowing GestureMessage) {
            if let also { also(m.record(table)) }
            feed.shareNewSymbols()
            feed.pushGesture(m)
        }
    }

    /// Sends the ids the tracer's table gained since the last message (a message names its
    /// responders by number; the worker's copy must know them first).
    @inline(__always)
    private func shareNewSymbols() {
        tableRef?._withUnsafeGuaranteedRef { table in
            guard table.count != mirrored else { return }
            push(.names(table.names(from: mirrored)))
            mirrored = table.count
        }
    }

    @inline(__always)
    private func push(_ item: consuming Item) {
        if tail == roomUntil { waitForRoom() }
        (worker.items + (tail & worker.mask)).initialize(to: item)
        tail += 1
        if tail - published >= Self.batch { publish() }
    }

    /// A gesture message goes to a ring of its own, in order, and the item only says "the
    /// next gesture message": items stay small (a gesture message is 176 bytes, the others
    /// at most 64), and every byte pushed is a byte the other core must fetch.
    @inline(__always)
    private func pushGesture(_ m: borrowing GestureMessage) {
        if tail == roomUntil { waitForRoom() }
        // The gesture ring has a slot per item slot, so it has room whenever the item ring has.
        (worker.gestures + (gestureTail & worker.mask)).initialize(to: copy m)
        gestureTail += 1
        push(.gesture)
    }

    /// Hands the pushed items to the worker. A sleeping worker is woken only once a good
    /// amount waits for it (`wakeAfter` items), or when `urgent` (the feeder is about to
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

    /// Waits until the worker has applied every item pushed so far. After it, this thread
    /// may read and change the log until it feeds the next item.
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

    private enum Item {
        case record(TraceRecord)
        case touch(TouchMessage)
        /// The next message of the gesture ring.
        case gesture
        case input(InputEvent, Double)
        /// Ids for the worker's copy of the symbol table.
        case names([String])
    }

    /// An atomic position alone on its cache line (the two sides write one each; sharing a
    /// line would move it between the cores on every write of either).
    private final class Cursor {
        let value = Atomic<Int>(0)
        private var padding: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
    }

    /// What both threads share: the ring, its cursors, the sleep and stop flags. The log and
    /// the symbol copy belong to whichever side the cursors say (see the file's comment).
    private final class Worker: @unchecked Sendable {
        let log: TraceLog
        @exclusivity(unchecked) var symbols = TraceSymbols()
        let items: UnsafeMutablePointer<Item>
        let gestures: UnsafeMutablePointer<GestureMessage>
        /// The worker's position in `gestures`.
        @exclusivity(unchecked) private var gestureHead = 0
        let mask: Int
        /// Items the worker has applied (written by the worker).
        let head = Cursor()
        /// Items published (written by the feeding thread).
        let tail = Cursor()
        let sleeping = Atomic<Bool>(false)
        let stopping = Atomic<Bool>(false)
        private let mutex: UnsafeMutablePointer<pthread_mutex_t>
        private let condition: UnsafeMutablePointer<pthread_cond_t>

        init(log: TraceLog, capacity: Int) {
            self.log = log
            items = .allocate(capacity: capacity)
            gestures = .allocate(capacity: capacity)
            mask = capacity - 1
            mutex = .allocate(capacity: 1)
            condition = .allocate(capacity: 1)
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(condition, nil)
        }

        /// After the thread ended, with the ring empty.
        func free() {
            items.deallocate()
            gestures.deallocate()
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
                        apply((items + (h & mask)).move())
                        h += 1
                        // Room for a feeder waiting on a full ring, without a write per item.
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

        private func apply(_ item: consuming Item) {
            switch consume item {
            case let .record(r): log.append(r)
            case let .touch(m): log.append(m)
            case .gesture:
                let m = (gestures + (gestureHead & mask)).move()
                gestureHead += 1
                log.append(m)
            case let .input(e, t): log.noteInput(e, at: t)
            case let .names(ids): symbols.append(contentsOf: ids)
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
