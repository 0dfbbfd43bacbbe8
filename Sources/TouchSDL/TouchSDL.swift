// TouchSDL: the SDL host.
import CSDL2
import TouchCore
