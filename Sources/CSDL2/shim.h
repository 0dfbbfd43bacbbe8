#ifndef TOUCHSCOPE_CSDL2_SHIM_H
#define TOUCHSCOPE_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
#include <SDL2/SDL_image.h>

/* Macros that do not import into Swift (see SDL-NOTES.md). */
static inline Uint32 ts_touch_mouse_id(void) { return SDL_TOUCH_MOUSEID; }
static inline Sint64 ts_mouse_touch_id(void) { return (Sint64)SDL_MOUSE_TOUCHID; }
static inline int ts_windowpos_undefined(void) { return SDL_WINDOWPOS_UNDEFINED; }
static inline int ts_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }
static inline int ts_windowpos_centered_display(int d) { return SDL_WINDOWPOS_CENTERED_DISPLAY(d); }
#endif
