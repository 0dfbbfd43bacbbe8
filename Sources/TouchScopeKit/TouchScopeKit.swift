// TouchScopeKit: the host as a library. A program that builds its Application in code gets
// the window with every panel, recording, the trace and headless replay, and touchscope's
// command line (`TouchScopeApp.main`).
@_exported import TouchCore
@_exported import TouchScene
