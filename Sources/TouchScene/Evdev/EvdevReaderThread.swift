// EvdevReaderThread: an EvdevReader read on a thread of its own, which can be stopped. A
// device node that sends nothing leaves a plain `read` blocked for ever; the reader waits on
// its descriptor and a wake pipe together, so `stop()` wakes it, and the thread is joined.
//
//   start ─▶ thread: while let f = reader.nextFrame() { onFrame(f) } ─▶ onEnd(why) ─▶ exits
//   stop  ─▶ reader.stop() (a byte in the wake pipe) ─▶ wait for the exit ─▶ pthread_join
import Dispatch
import TouchCore
#if canImport(Glibc)
import Glibc
#endif

/// Reads `reader` on its own thread until the input ends or `stop()`.
///
///     let t = EvdevReaderThread(reader: r, onFrame: { queue.push($0) }, onEnd: { queue.end($0) })
///     t.start()
///     ...
///     t.stop(timeout: 2)   // true: the thread has exited
public final class EvdevReaderThread: @unchecked Sendable {
    /// What is read.
    public let reader: EvdevReader
    private let onFrame: (EvdevFrame) -> Void
    private let onEnd: (String?) -> Void
    private var thread: pthread_t?
    private let exit = DispatchSemaphore(value: 0)
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var exitedFlag = false
    private var joined = false

    /// `onFrame` gets each frame and `onEnd` the end (nil at the end of the input or after
    /// `stop()`, else why reading failed), both on the reader's thread.
    public init(reader: EvdevReader, onFrame: @escaping (EvdevFrame) -> Void, onEnd: @escaping (String?) -> Void) {
        self.reader = reader
        self.onFrame = onFrame
        self.onEnd = onEnd
        pthread_mutex_init(lock, nil)
    }

    deinit {
        // The thread holds the object while it runs, so it has ended here (this may even run
        // on it, as it lets go): detached, its resources go when it returns.
        if let t = thread, !joined { pthread_detach(t) }
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// Whether the thread's body has returned (it reads no more and calls nothing more).
    public var hasExited: Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return exitedFlag
    }

    /// Starts the thread (once); false when the system cannot make one.
    @discardableResult
    public func start() -> Bool {
        guard thread == nil else { return true }
        let context = Unmanaged.passRetained(self).toOpaque()
        var t = pthread_t()
        let made = pthread_create(&t, nil, { context in
            let me = Unmanaged<EvdevReaderThread>.fromOpaque(context!).takeRetainedValue()
            me.body()
            return nil
        }, context)
        guard made == 0 else {
            Unmanaged<EvdevReaderThread>.fromOpaque(context).release()
            return false
        }
        thread = t
        return true
    }

    private func body() {
        var why: String?
        do {
            while let f = try reader.nextFrame() { onFrame(f) }
        } catch {
            why = error.description
        }
        onEnd(why)
        pthread_mutex_lock(lock)
        exitedFlag = true
        pthread_mutex_unlock(lock)
        exit.signal()
    }

    /// Wakes the reader and waits up to `timeout` seconds for the thread to end, then joins
    /// it. True when the thread has exited (or never started); false when it did not end in
    /// time (a later call waits again). Call from one thread, not the reader's.
    @discardableResult
    public func stop(timeout: Double) -> Bool {
        guard let t = thread, !joined else { return true }
        reader.stop()
        guard exit.wait(timeout: .now() + timeout) == .success else { return false }
        pthread_join(t, nil)
        joined = true
        thread = nil
        return true
    }
}
