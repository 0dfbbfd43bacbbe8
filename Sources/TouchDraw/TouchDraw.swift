// TouchDraw: views and overlays as a display list.
@_exported import TouchCore
