// TouchDraw: views and overlays as a display list.
import TouchCore
