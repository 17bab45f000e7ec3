/* The window's palette, in one place. Hues that carry meaning come from
 * the Okabe-Ito set, which survives colour blindness; every meaning is
 * also a word, a shape, a dash or a pattern on screen. Internal. */
#ifndef SIGHTLINE_UI_THEME_H
#define SIGHTLINE_UI_THEME_H

#include "gfx.h"
#include "sightline/game.h"
#include "sightline/io.h"

typedef struct ui_palette {
    /* panels and text */
    sl_rgba panel;      /* toolbar, side panel, action bar, status bar */
    sl_rgba button;     /* a toolbar button, a hovered row of the forces */
    sl_rgba raised;     /* an action bar button, the turn box */
    sl_rgba hover;      /* a button under the pointer */
    sl_rgba disabled;   /* an action that is not allowed now */
    sl_rgba disabled_text;
    sl_rgba rule;       /* thin separating lines */
    sl_rgba text;
    sl_rgba dim;        /* keys, ids, hints in the panel */
    sl_rgba faint;      /* the turn box's and the action bar's small print */
    sl_rgba accent;     /* the active thing, headings, the pointer's position */
    sl_rgba black, white;
    /* meanings (Okabe-Ito) */
    sl_rgba pass;       /* sky blue: a roll that passed, a decision */
    sl_rgba fail;       /* orange: a roll that failed, a refusal */
    sl_rgba vermilion;  /* suppressed, stunned, danger */
    sl_rgba green;      /* bluish green */
    sl_rgba blue;       /* overwatch, hiding */
    sl_rgba purple;     /* reddish purple: panic, blast */
    sl_rgba yellow;
} ui_palette;

extern const ui_palette ui_pal;

/* A counter's colours by its style: the box and the word on it. */
void ui_mark_colours(sl_mark_style style, sl_rgba *bg, sl_rgba *fg);
/* A side's colour as its scenario gives it (grey for no side). */
sl_rgba ui_side_colour(const sl_world *w, int side);

#endif
