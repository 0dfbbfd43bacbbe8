// run: the application in a window, with every panel, recording and the trace.
import TouchScene
import TouchSDL

extension AppSource {
    /// Opens the window and runs until it is closed (Ctrl+Q, SIGINT, SIGTERM); the recording
    /// and the trace are complete on disk on return. Throws `CLIError` (exit status 1 when
    /// there is no display or no window).
    @MainActor
    package func runWindow(_ options: RunOptions) throws {
        // The touchscreen's node can be read (one line and exit 1 when not: permissions).
        try options.device.check()
        if let message = noDisplayMessage() { throw CLIError(message: message, status: 1) }
        // Before anything is written: every output may be written, and none is an input or
        // another output.
        try OutputFiles.check([
            .input("scene", scenePath),
            .output("--trace", "trace", options.output.trace), .output("--perfetto", "Perfetto trace", options.output.perfetto),
            .output("--record", "recording", options.record),
        ])
        // SIGINT and SIGTERM are caught before any file is opened.
        SDLHost.catchSignals()
        let live = try LiveApp(source: self, options: LiveOptions(
            traceFile: options.output.trace, recordFile: options.record, noOverlays: options.output.noOverlays,
            fullscreen: options.fullscreen, display: options.display, window: options.output.windowSize,
            perfettoFile: options.output.perfetto, touchDevice: options.device.touchDevice,
            coalesce: !options.output.noCoalesce))
        try live.run()
    }

    /// One line when there is no display to open a window on; nil when a window can be tried.
    @MainActor
    func noDisplayMessage() -> String? {
        guard SDLHost.checkDisplay() != nil else { return nil }
        return "\(programName): no display (neither DISPLAY nor WAYLAND_DISPLAY is set); to run without one use: " + headlessHint
    }
}
