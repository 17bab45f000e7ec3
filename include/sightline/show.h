/* What the rules show on the table, for the window: sketches in table
 * coordinates that a rule fills in (a mission on its way, where a burst
 * fell, a building's state), and the preview a rule gives while the point
 * or target of one of its commands is being picked (the odds, the
 * modifiers, whether it is allowed). The window draws any rule's sketches
 * and previews the same way and names no rule. Every sketch has a hue of a
 * small colour-blind-safe palette and reads without it (a pattern, a
 * mark or words). */
#ifndef SIGHTLINE_SHOW_H
#define SIGHTLINE_SHOW_H

#include <stdbool.h>
#include <stdint.h>

#include "sightline/game.h"

/* The palette (the Okabe-Ito colours): the window gives each hue a line
 * colour, a fill and a dark ground for white words. */
typedef enum sl_hue {
    SL_HUE_GREY,                /* white lines; words on dark grey */
    SL_HUE_ORANGE,
    SL_HUE_VERMILLION,
    SL_HUE_BLUE,
    SL_HUE_PURPLE               /* reddish purple */
} sl_hue;

typedef enum sl_sketch_kind {
    SL_SKETCH_AREA,              /* an area of `radius` round `at`, filled, its edge dashed: where `outline`
                                   gives points, the area they close (a burst cut short by walls); a circle of
                                   `inner` dashed inside it (0: none); an X on its centre with SL_SKETCH_CROSS;
                                   its words under it */
    SL_SKETCH_MARK,              /* a cross-hair at `at` (something on its way there); its words under it */
    SL_SKETCH_AIM,               /* a small ring at `at` (where something was aimed); its words over it */
    SL_SKETCH_LINE,              /* a dashed line from `at` to `to` */
    SL_SKETCH_FIGURES,           /* the figures `figs` ringed (each once) */
    SL_SKETCH_WORDS,             /* words beside the circle of `radius` round `at`, where they hide least */
    SL_SKETCH_WORD               /* a word on terrain feature `feature`, at a corner where it hides least */
} sl_sketch_kind;

enum {
    SL_SKETCH_CROSS = 1u << 0,   /* an area's centre crossed */
    SL_SKETCH_FAINT = 1u << 1    /* an area lightly filled (a preview at the pointer) */
};

#define SL_SKETCH_OUTLINE 96
#define SL_SKETCH_FIGS 128
#define SL_SKETCH_LINES 2
#define SL_SKETCH_TEXT 600

typedef struct sl_sketch {
    sl_sketch_kind kind;
    sl_hue hue;                 /* its lines and fill */
    sl_hue words_hue;           /* the ground of its words */
    unsigned flags;             /* SL_SKETCH_CROSS, SL_SKETCH_FAINT */
    sl_pt at, to;
    int32_t radius, inner;      /* mils */
    sl_pt outline[SL_SKETCH_OUTLINE];
    int noutline;               /* 0: a circle */
    int figs[SL_SKETCH_FIGS];
    int nfigs;
    int feature;
    char lines[SL_SKETCH_LINES][SL_SKETCH_TEXT]; /* its words, "" none */
} sl_sketch;

#define SL_MAX_SKETCHES 64
/* What the rules in play draw on the table now, as side `viewer` sees it
 * (-1: the referee), in the order they are drawn; how many. */
int sl_game_sketches(const sl_game *g, int viewer, sl_sketch *out, int max);

/* What a rule shows while `unit` picks for a command of `kind` (with the
 * bar entry's `variant`): the `target` unit pointed at (-1 none) or the
 * point `at` under the pointer. `card`: its title and lines are the whole
 * prompt; else its title names what is picked ("" the window's words)
 * and its lines stand for the window's line about the target. */
/* One roll the pick's command would make, as its preview gives the odds:
 * the journal's name for the roll (its "test"), the die, the number it
 * must beat and the chance; the command rolls that die against that
 * number (test_previews holds them to it). */
typedef struct sl_preview_odds {
    char test[20];
    sl_die die;
    int need;
    double p;
} sl_preview_odds;
#define SL_PREVIEW_ODDS 4
#define SL_PREVIEW_LINES 16
#define SL_PREVIEW_LINE 400
#define SL_PREVIEW_SKETCHES 4
typedef struct sl_preview {
    bool card;
    char title[SL_PREVIEW_LINE]; /* after the unit's name: "a snap shot at" */
    char lines[SL_PREVIEW_LINES][SL_PREVIEW_LINE];
    int nlines;
    bool legal;                 /* the pick as it stands is allowed; else why */
    char why[240];
    sl_sketch sketches[SL_PREVIEW_SKETCHES]; /* drawn at the pointer */
    int nsketches;
    sl_preview_odds odds[SL_PREVIEW_ODDS]; /* the odds its words give, as numbers */
    int nodds;
} sl_preview;

/* False when no rule shows anything of its own for the pick. */
bool sl_game_pick_preview(const sl_game *g, int viewer, int unit, int kind, int variant, int target, sl_pt at,
                          sl_preview *out);

#endif
