// TouchScene: scene files, recordings and traces.
@_exported import TouchCore
