/* Text through SDL2_ttf with a cache of rendered strings. Internal. */
#ifndef SIGHTLINE_UI_TEXT_H
#define SIGHTLINE_UI_TEXT_H

#include <SDL.h>
#include <SDL_ttf.h>
#include <stdbool.h>

#include "gfx.h"

typedef enum sl_font {
    SL_FONT_SMALL,
    SL_FONT_NORMAL,
    SL_FONT_BOLD,
    SL_FONT_LARGE,
    SL_FONT_TITLE,
    SL_FONT_COUNT
} sl_font;

typedef enum sl_align { SL_ALIGN_LEFT, SL_ALIGN_CENTRE, SL_ALIGN_RIGHT } sl_align;

#define SL_TEXT_CACHE 512

typedef struct sl_text_entry {
    uint32_t hash;
    sl_font font;
    sl_rgba colour;
    char *str;
    SDL_Texture *tex;
    int w, h;
    unsigned last_used;
} sl_text_entry;

typedef struct sl_text {
    SDL_Renderer *ren;
    char regular_path[1024];
    char bold_path[1024];
    TTF_Font *fonts[SL_FONT_COUNT];
    int sizes[SL_FONT_COUNT];
    float scale;
    bool enabled;
    bool bare;                /* not enabled, and no boxes where the words would be (thumbnails) */
    sl_text_entry cache[SL_TEXT_CACHE];
    unsigned clock;
    /* while `watch` is on (drawing words the user must read whole), each
     * text_fit that cuts and each text_wrap_lines that leaves words out
     * counts one; the first such text is kept */
    bool watch;
    int cuts;
    char first_cut[120];
    /* while `record` is on (the tests), every text drawn whole inside
     * the clip is added to `seen`, a line each */
    bool record;
    char seen[16384];
    size_t nseen;
    SDL_Rect seen_at[512];    /* where each of the first lines of `seen` was drawn */
    int nseen_at;
    SDL_Rect half_at[64];     /* lines drawn half in the clip (the rest cut off by its edge) */
    char half[64][80];        /* ... their words */
    int nhalf;
} sl_text;

bool text_init(sl_text *t, SDL_Renderer *ren, const char *asset_dir, char *err, size_t errlen);
void text_free(sl_text *t);
/* Reopen the fonts for a new UI scale (HiDPI times the user's choice). */
bool text_set_scale(sl_text *t, float scale);
int text_width(sl_text *t, sl_font f, const char *s);
int text_height(sl_text *t, sl_font f);
/* Draw at (x, y) = top of the line, aligned about x. Returns the width. */
int text_draw(sl_text *t, sl_font f, const char *s, float x, float y, sl_rgba colour, sl_align align);
/* Copy s into out, cut with an ellipsis so it fits max_w pixels. */
void text_fit(sl_text *t, sl_font f, const char *s, float max_w, char *out, size_t outlen);
/* Copy with truncation, never inside a character. */
void text_put(char *dst, size_t n, const char *src);
/* One line of text in a box or a prompt: room for two long unit names
 * and the words between them. */
#define UI_LINE 400
/* Words wrapped into lines of at most maxw pixels; returns how many. */
int text_wrap_lines(sl_text *t, sl_font f, const char *s, float maxw, char lines[][UI_LINE], int maxlines);
/* Text on a filled box with `pad` pixels around it; returns the box. */
SDL_FRect text_draw_boxed(sl_text *t, sl_font f, const char *s, float x, float y, sl_rgba fg, sl_rgba bg,
                          float pad, sl_align align);

#endif
