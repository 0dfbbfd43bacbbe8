// TouchScene: scene files, recordings and traces (DESIGN.md "Interchange formats").
@_exported import TouchCore
