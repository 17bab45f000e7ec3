/* Tiled tile layers drawn into the mat, as Tiled draws them: orthogonal
 * maps, embedded and external tilesets (.tsx and .tsj), single-image and
 * image-collection sets, flipped and rotated tiles, layer opacity, offsets
 * and tint. Internal to the io module: tiled.c calls it for each layer in
 * the order Tiled stacks them, image layers included, and takes the
 * finished picture as the mat. */
#ifndef SIGHTLINE_IO_TILES_H
#define SIGHTLINE_IO_TILES_H
#include <stdbool.h>
#include <stdint.h>

#include "jsonread.h"

/* What a layer is painted with: its own opacity and tint times its
 * groups'. */
typedef struct tl_paint {
    double opacity;
    double tint[4]; /* r, g, b, a multipliers, 0..1 */
} tl_paint;

typedef struct tl_set tl_set;

typedef struct tl_canvas {
    long cols, rows, tw, th;  /* the map's grid */
    double scale;             /* canvas pixels per map pixel (<= 1) */
    int w, h;                 /* canvas size in pixels */
    unsigned char *rgba;      /* NULL when images are not loaded */
    tl_set *sets;
    int nsets;
    const char *base_dir;
    const char *render_order; /* "right-down" (Tiled's default) and the others */
    bool images;
    bool warned_gid, warned_missing;
    int drawn;                /* tiles drawn, for tests and messages */
} tl_canvas;

/* True when any visible tile layer is in `layers` (groups searched). */
bool tl_has_tile_layers(json_t *layers);
tl_paint tl_paint_of(jr *r, json_t *layer, const tl_paint *outer);
/* Read the map's tilesets and make the canvas (when images are wanted).
 * Problems with a tileset are warnings: its tiles are left out. */
bool tl_open(tl_canvas *c, jr *r, json_t *root, const char *base_dir, bool images, long cols, long rows,
             long tw, long th);
/* A tile layer's data is checked whether or not images are drawn; broken
 * data is an error naming the field. */
void tl_tile_layer(tl_canvas *c, jr *r, json_t *layer, double ox, double oy, const tl_paint *p);
void tl_image_layer(tl_canvas *c, jr *r, json_t *layer, double ox, double oy, const tl_paint *p);
/* Hand the picture over (rgba malloc'ed, w x h) and free the rest. */
void tl_close(tl_canvas *c, unsigned char **rgba, int *w, int *h);

/* External .tsx tilesets (tsx.c). Fills what a tileset needs; false
 * with a message naming the file and line. */
typedef struct tl_desc {
    char name[64];
    long tilew, tileh, count, columns, margin, spacing, offx, offy;
    bool grid_size;
    char image[1024];          /* as written, relative to the tileset's file */
    char trans[16];            /* transparent colour, "" if none */
    long image_w, image_h;
    int ntiles;                /* image-collection tiles */
    struct tl_desc_tile {
        long id;
        char image[1024];
    } *tiles;
} tl_desc;

bool tl_read_tsx(const char *text, size_t len, const char *file, tl_desc *out, sl_diag *d);
void tl_desc_free(tl_desc *t);
#endif
