// --perfetto: opening the timeline file `run` and `replay` write (TouchScene's PerfettoWriter).
import TouchScene

/// Opens `--perfetto`'s file for `scene` (nil: not asked for). A path that cannot be written
/// is bad input: exit 2 with `FILE:1:1: cannot write the Perfetto trace: ...`.
func openPerfetto(_ path: String?, scene: SceneDescription) throws -> PerfettoWriter? {
    guard let path else { return nil }
    do { return try PerfettoWriter(path: path, scene: scene.name) } catch { throw CLIError.badInput(error.description) }
}

/// The tracer's sink for a list of readers: nil for none, the reader itself for one, a tee
/// for more.
func traceSink(_ sinks: [any TraceSink]) -> (any TraceSink)? {
    sinks.count > 1 ? TraceTee(sinks) : sinks.first
}
