// DisplayLoss: the X server going away ends the program through the client, not through Xlib's exit().
//
// Xlib calls its I/O error handler from inside whatever X call found the connection broken
// (SDL's event poll, a present) and exits the process when the handler returns. Its default
// handler prints "X connection to :N broken" and calls exit(1): files being written stay
// half done, and a recording ends without its `quit`. We install our own handler before SDL
// opens the display; it runs the client's `DisplayLoss.handler` (which must call neither SDL
// nor X: the connection is gone) and then ends the process with status 1.
//
// SDL loads libX11 itself (dynamically); the handler is process-wide in libX11, so we reach
// the same library by its soname. Without libX11 (a Wayland-only or KMS system) there is
// nothing to install and nothing to catch.
import CSDL2
import Foundation

/// What the program does when its display goes away while the window is open.
@MainActor
public enum DisplayLoss {
    /// Runs on the main thread, inside the X call that found the connection broken; must not
    /// call SDL or X. When it returns, standard output and error are flushed and the process
    /// exits with status 1. Nil: one line ("display lost") and the same exit.
    public static var handler: (@MainActor () -> Void)?

    private static var installed = false

    /// Installs the X I/O error handler (once; before SDL opens the display).
    static func install() {
        guard !installed else { return }
        installed = true
        typealias IOErrorHandler = @convention(c) (OpaquePointer?) -> Int32
        typealias SetIOErrorHandler = @convention(c) (IOErrorHandler?) -> IOErrorHandler?
        guard let lib = dlopen("libX11.so.6", RTLD_NOW | RTLD_GLOBAL),
              let symbol = dlsym(lib, "XSetIOErrorHandler") else { return }
        let set = unsafeBitCast(symbol, to: SetIOErrorHandler.self)
        _ = set { _ in DisplayLoss.connectionBroke() }
    }

    /// Xlib found the connection broken: the client saves what it writes, then the process ends.
    nonisolated private static func connectionBroke() -> Never {
        MainActor.assumeIsolated {
            if let handler { handler() } else { FileHandle.standardError.write(Data("display lost\n".utf8)) }
        }
        fflush(nil)
        // Not exit(): the atexit handlers of the GL and X libraries would talk to the dead
        // connection again.
        _exit(1)
    }
}
