/* Compiled with the core's include path by the core_rejects_sdl test:
 * it must fail, proving the core cannot reach SDL. */
#include <SDL.h>
int sl_never(void);
int sl_never(void) { return SDL_GetTicks() > 0; }
