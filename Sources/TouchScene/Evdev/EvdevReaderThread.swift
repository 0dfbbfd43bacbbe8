// EvdevReaderThread: an EvdevReader read on a thread of its own, which can be stopped. A
// device node that sends nothing leaves a plain `read` blocked for ever; the reader waits on
// its descriptor and a wake pipe together, so `stop()` wakes it, and waits for the thread's end.
//
//   start ─▶ thread: while let f = reader.nextFrame() { onFrame(f) } ─▶ onEnd(why) ─▶ exits
//   stop  ─▶ reader.stop() (a byte in the wake pipe) ─▶ wait for the body's last step
import Dispatch
import Foundation
import TouchCore

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
    private var started = false
    private let exit = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var exitedFlag = false
    private var joined = false

    /// `onFrame` gets each frame and `onEnd` the end (nil at the end of the input or after
    /// `stop()`, else why reading failed), both on the reader's thread.
    public init(reader: EvdevReader, onFrame: @escaping (EvdevFrame) -> Void, onEnd: @escaping (String?) -> Void) {
        self.reader = reader
        self.onFrame = onFrame
        self.onEnd = onEnd
    }

    /// Whether the thread's body has returned (it reads no more and calls nothing more).
    public var hasExited: Bool { lock.withLock { exitedFlag } }

    /// Starts the thread (once). The thread holds this object until its body returns.
    @discardableResult
    public func start() -> Bool {
        guard !started else { return true }
        started = true
        let thread = Thread { [self] in body() }
        thread.name = "evdev reader: \(reader.label)"
        thread.start()
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
        lock.withLock { exitedFlag = true }
        exit.signal()   // its last step: nothing of the thread's runs after this but its return
    }

    /// Wakes the reader and waits up to `timeout` seconds for the thread's body to return
    /// (its join). True when it has (or the thread never started); false when it did not end
    /// in time (a later call waits again). Call from one thread, not the reader's.
    @discardableResult
    public func stop(timeout: Double) -> Bool {
        guard started, !joined else { return true }
        reader.stop()
        guard exit.wait(timeout: .now() + timeout) == .success else { return false }
        joined = true
        return true
    }
}
