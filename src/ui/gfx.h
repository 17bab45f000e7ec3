/* Drawing primitives over SDL_Renderer: filled triangles, thick and
 * dashed lines, discs, rings and marker shapes. Coordinates are output
 * pixels. Internal to the ui module. */
#ifndef SIGHTLINE_UI_GFX_H
#define SIGHTLINE_UI_GFX_H

#include <SDL.h>
#include <stdbool.h>

#include "sightline/model.h"

typedef struct sl_rgba {
    uint8_t r, g, b, a;
} sl_rgba;

static inline sl_rgba sl_rgba_make(uint8_t r, uint8_t g, uint8_t b, uint8_t a)
{
    sl_rgba c = {r, g, b, a};
    return c;
}

/* Triangles given as vertex xy pairs and an index list. */
/* Until called again with NULL, everything drawn marks (sets to 1) the
 * tiles of `size` pixels it may touch in a grid of cols x rows over the
 * render target (in its pixels, the viewport's offset added): a kept
 * layer then copies only the tiles something was drawn in. */
void gfx_mark_to(uint8_t *tiles, int cols, int rows, int size);
void gfx_triangles(SDL_Renderer *ren, const float *xy, int nverts, const int *idx, int nidx, sl_rgba c);
void gfx_rect(SDL_Renderer *ren, float x, float y, float w, float h, sl_rgba c);
void gfx_rect_outline(SDL_Renderer *ren, float x, float y, float w, float h, float width, sl_rgba c);
void gfx_line(SDL_Renderer *ren, float x0, float y0, float x1, float y1, float width, sl_rgba c);
/* A thick polyline with round joins; closed joins the ends. */
void gfx_polyline(SDL_Renderer *ren, const float *xy, int n, bool closed, float width, sl_rgba c);
/* Dashes of `on` pixels separated by `off` pixels. */
void gfx_dashed(SDL_Renderer *ren, const float *xy, int n, bool closed, float width, float on, float off,
                sl_rgba c);
void gfx_disc(SDL_Renderer *ren, float cx, float cy, float r, sl_rgba c);
void gfx_ring(SDL_Renderer *ren, float cx, float cy, float r, float width, sl_rgba c);
void gfx_dashed_ring(SDL_Renderer *ren, float cx, float cy, float r, float width, float on, float off,
                     sl_rgba c);
/* A side marker shape centred on cx,cy fitting a circle of radius r. */
void gfx_marker(SDL_Renderer *ren, sl_marker m, float cx, float cy, float r, sl_rgba fill);

/* Parallel hatching lines clipped to a polygon (even-odd), `spacing`
 * pixels apart at `angle_deg` and passing through the anchor (ox, oy), for
 * patterns that read without colour. */
void gfx_hatch(SDL_Renderer *ren, const float *xy, int n, float ox, float oy, float spacing, float angle_deg,
               float width, sl_rgba c);

#endif
