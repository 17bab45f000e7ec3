/* The sightline core (src/table, src/rules) must not depend on SDL.
 * This header stands first on the core's include path so that any SDL
 * include there stops the build. Put drawing code in src/ui. */
#error "SDL included from the sightline core: move this code to src/ui"
