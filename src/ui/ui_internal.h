/* Shared between the ui module's files; not a public interface.
 *
 * The files of the ui module, top to bottom, each for one reason to
 * change; each calls only files listed below it (a call circle in the
 * module is a defect):
 *   window.c     the window: load, draw when something changed, sleep
 *   startscreen.c  the start screen: scenarios, lessons, recent games, a file (around.h)
 *   replayview.c the replay viewer of a saved game, a command at a time (around.h)
 *   headless.c   the same frames drawn without a display
 *   ui.c         the ui object, its caches and the frame: which layer when
 *   layout.c     where everything goes, worked out before a frame is drawn
 *   hud.c        toolbar, status bar, tooltip, help, error box
 *   input.c      mouse and keys to view changes (the planning tools)
 *   actionbar.c  the action bar
 *   prompts.c    decisions, picks, refusals and a lesson's caption
 *   panel.c      the side panel: forces, unit card, turn box, dice log
 *   scene.c      the table and what stands on it: terrain, figures, names
 *   overlay.c    planning overlays (bands, sight line, blast, way, integrity)
 *   pointer.c    the demonstrator's pointer: pings, the pen's arrows and rings
 *   fogview.c    fog of war: whose view, the hand-over, counters, zones
 *   endcard.c    the game's end: who won and why, places, losses, keys
 *   markers.c    the game's counters under the units
 *   cards.c      where a card goes on the table
 *   spots.c      what the frame has on the table (bases, names, labels,
 *                cards) and what a box there covers
 *   playinput.c  the game's keys and clicks, as commands
 *   kept.c       kept layers (textures redrawn when their key changes)
 *   pick.c       what the player is choosing in a game, as commands
 *   view.c       view state, layout and camera
 *   text.c, theme.c, gfx.c   text, the palette, the drawing primitives
 * A file low in the list is given what it needs as a parameter or reads
 * it from sl_ui, rather than calling up. */
#ifndef SIGHTLINE_UI_INTERNAL_H
#define SIGHTLINE_UI_INTERNAL_H

#include <SDL.h>
#include <cglm/cglm.h>

#include "gfx.h"
#include "sightline/show.h"
#include "sightline/sight.h"
#include "sightline/ui.h"
#include "text.h"
#include "theme.h"

#define SL_UI_VIS_MAX 16384

#define SL_MAX_BUTTONS 16
#define SL_MAX_ROWS 256

typedef enum sl_button_id {
    SL_BTN_SELECT,
    SL_BTN_RULER,
    SL_BTN_PATH,
    SL_BTN_BLAST,
    SL_BTN_BANDS,
    SL_BTN_INTEGRITY,
    SL_BTN_FIT,
    SL_BTN_GRID,
    SL_BTN_LABELS,
    SL_BTN_HELP,
    SL_BTN_SHOT,
    SL_BTN_COUNT
} sl_button_id;

typedef struct sl_layout {
    float s;                 /* UI scale: pixel ratio times the user's size */
    int compact;             /* the toolbar's words cut down for width: 0 none ... 3 keys only (hud_button_label) */
    int w, h;
    SDL_FRect toolbar, table, panel, status;
    SDL_FRect buttons[SL_BTN_COUNT];
    /* clickable unit rows in the side panel, filled while drawing */
    SDL_FRect rows[SL_MAX_ROWS];
    int row_unit[SL_MAX_ROWS];
    int nrows;
    /* the action bar, under the table when a game is in play */
    SDL_FRect actionbar;
    SDL_FRect abtn[SL_PLAY_MAX_ACTIONS];
    sl_play_action act[SL_PLAY_MAX_ACTIONS];
    int nact;
    int act_unit;            /* the unit the bar is for, -1 */
    int bar_pages, bar_page; /* every action (F4) in pages where they do not all fit: how many, the one shown */
    SDL_FRect caption;       /* a lesson's caption, between the table and the action bar (0 high: none) */
    bool present;            /* the presentation layout: cards and dice in the strip, not on the table */
    SDL_FRect strip;         /* the presentation's strip, beside the table (0 wide: none) */
    float caption_keys;      /* the caption's keys at its foot, high (a card too tall for the strip takes their room) */
    int caption_pages;       /* the pages the caption is shown in, its frame pared (0: none, or whole in its own frame) */
    int caption_most;        /* the same for the longest caption, which the strip is sized for */
    float caption_share;     /* the share of the strip the caption's pages take (0: all) */
    bool fits;               /* everything fits at this scale (the caption whole, the table large enough) */
} sl_layout;

/* World to screen: screen = origin + (world - centre) * scale. */
typedef struct sl_cam {
    vec2 centre;             /* inches */
    float scale;             /* pixels per inch */
    vec2 origin;             /* pixels: middle of the table view */
} sl_cam;

#define UI_MAX_CARDS 64
#define UI_MAX_TEXTS 64
#define UI_MAX_MARK_ROWS 256
#define UI_MAX_TAGS 64
#define UI_MAX_KEEP 512
/* the acting unit's men kept clear of cards */
#define UI_MAX_ACTOR 64

/* The obstacles by cells of the output (spots.c). */
typedef struct ui_spot_grid {
    bool on;
    int cols, rows;
    int *head, cap_cells;            /* a cell's first entry, -1: none */
    int *next, *obs, n, cap;         /* entries: the next in the cell, the obstacle */
    uint32_t *seen, cap_seen, query; /* an obstacle counted once a query */
} ui_spot_grid;

/* A texture the size of the output, kept between frames with the key of
 * what was drawn into it (key 0: nothing kept). */
typedef struct ui_kept {
    SDL_Texture *tex;
    int w, h;
    uint64_t key;            /* what was drawn, the camera's centre left out */
    SDL_BlendMode mode;      /* how it is copied onto the frame (0: blended) */
    SDL_Rect box;            /* where it was drawn */
    vec2 centre;             /* the camera's centre it was drawn for */
    bool shifted;            /* moved by whole pixels since: redrawn when the camera comes to rest */
    int ox, oy;              /* the screen's (x, y) is kept at ((x + ox) mod w, (y + oy) mod h) */
    uint8_t *tiles;          /* a blended layer: UI_TILE-pixel squares of the texture drawn in (1) */
    int cols, rows;
} ui_kept;
#define UI_TILE 16
/* The window's backdrop, round the table and under it (SDL_SetRenderDrawColor's last four) */
#define UI_BACKDROP 20, 20, 22, 255

struct sl_ui {
    SDL_Renderer *ren;
    sl_text text;
    sl_ui_opts opts;
    float foot;              /* pixels kept under the table for a window's own strip (the remote panel); 0 none */
    char asset_dir[1024];

    /* caches for the current world */
    const sl_world *world;
    SDL_Texture *mat_tex;
    int *tri;                /* triangle indices of every feature */
    int *tri_first, *tri_count;
    float *decor;            /* x, y, r (inches) of tree crowns and the like */
    int *decor_first, *decor_count;
    float *scr;              /* scratch: screen coordinates */
    int scr_cap;

    /* sight on the current world, and the last visibility polygon */
    sl_sight sight;
    bool have_sight;
    sl_pt *vis;
    int nvis, vis_unit;
    sl_pt vis_from;
    void *vis_work;
    size_t vis_work_bytes;
    double *radial;          /* SAMPLES distances in the visibility polygon, for the band overlay */

    /* this frame's figure bases and unit names on screen, for placing
     * labels and marker rows clear of them; nobstacles -1: not yet made */
    SDL_FRect *obstacles;
    int nobstacles, obstacles_cap;
    int nfig_obstacles; /* the first of them: the figures' bases */
    /* when there are many: the obstacles by UI_SPOT_CELL-pixel cells of the
     * output (those beyond it in the edge cells), so a label's place is
     * weighed against those near it only (spots.c) */
    ui_spot_grid spot_grid;
    ui_spot_grid fig_grid, name_grid; /* the men's bases and the names placed, while names are laid out */
    /* this frame's unit names, placed where they cover fewest figures and
     * other names (w 0: none), and the view they were placed for */
    SDL_FRect *names;
    int names_cap;
    /* this frame's places' labels and buildings' words: text, kept clear
     * of as names are (the words are placed before the names, which then
     * keep off them) */
    SDL_FRect texts[UI_MAX_TEXTS];
    int ntexts;
    SDL_FRect objective_label[SL_MAX_OBJECTIVES]; /* each place's label this frame (w 0: none drawn) */
    SDL_FRect edge; /* the table's own edge in view, where every label stays */
    sl_sketch sketches[SL_MAX_SKETCHES]; /* what the rules draw on the table this frame */
    int nsketches;
    struct ui_word { int sketch; float x, y; } words[32]; /* where each word on a feature goes */
    int nwords;
    SDL_FRect burst_rows[24]; /* this frame's rows of a burst's words (draw_words_beside) */
    int nburst_rows;
    /* this frame's leader lines from a burst (or an aim point) to its
     * words moved off it: the segment (x0, y0, x1, y1) and the block of
     * words it leads to; for the tests */
    struct ui_leader { float seg[4]; SDL_FRect to; } leaders[16];
    int nleaders;
    /* the bursts' and aim points' words, placed before the names */
    /* room: rows' width; brief: who was caught said by the rings alone;
     * lead: its leader line from the burst (x0, y0, x1, y1; x0 < 0: none) */
    struct ui_burst_block { int sketch; SDL_FRect box; float room; bool brief; float lead[4]; } burst_blocks[8];
    int nburst_blocks;
    /* where the rows of counters go first, as the bursts' words are
     * placed (before the rows are): those words keep off them */
    SDL_FRect row_homes[UI_MAX_MARK_ROWS];
    int nrow_homes;
    float pen_line[8][4]; /* a lesson's or the demonstrator's arrows this frame (x0, y0, x1, y1): rows keep off them */
    int npen_lines;
    int burst_cuts;           /* ... and their words cut (text.cuts while they were drawn) */
    SDL_FRect scale_bar;      /* the table layout's scale bar as drawn this frame (w 0: none) */
    SDL_FRect preview_rows[4]; /* the aimed burst's words at the pointer, as last drawn */
    int npreview_rows;
    SDL_FRect blast_row; /* the blast template's words ("Blast 8\" radius: ..."), as drawn this frame (w 0: none) */
    const struct sl_view *frame_view;
    int ringed[SL_DECISION_RINGS]; /* the units the decision waiting rings this frame (ui_rings_read) */
    int nringed;

    /* this frame's cards on the table and what they should not hide
     * (cards.c) */
    SDL_FRect cards[UI_MAX_CARDS];
    int ncards;
    SDL_FRect keep[UI_MAX_KEEP];
    int nkeep;
    /* the presentation's strip: where its next card goes, what the last
     * card placed asked to keep clear from (its leader line goes to the
     * first), and the clip the card's drawer had */
    float strip_y;
    bool caption_keys_off;   /* this frame's card in the strip took the caption's keys' room */
    bool scale_said;         /* this frame's caption said the text is smaller than asked ("150%: 250% does not fit") */
    int card_keep0;
    bool card_in_strip;
    float strip_reserve;     /* the strip's room kept at its foot for the decision's card to come (0: none) */
    int strip_overlaps;      /* cards this frame drawn in the strip over the cards before them */
    float panel_under_log;   /* pixels the side panel's unit card ran under the dice log this frame (0: none) */
    float panel_foot;        /* while the side panel's card is drawn: the foot no line of it passes (the log's top) */
    bool panel_full;         /* ... and a line of it found no room there: the lines after it are left out too */
    SDL_FRect opt_marks[8];  /* this frame's decision's numbers under its units (the "1" of an option) */
    int opt_mark_unit[8];
    int nopt_marks;
    SDL_Rect card_clip;
    bool card_clipped;
    /* the largest text size that fits the window, and what it was worked
     * out for */
    uint64_t cap_key;
    float cap;
    /* the caption's strip widened (layout.c caption_strip): the widths
     * chosen, each kept for the caption, window, text size, strip and
     * pages' share it was for (two: a frame asks from the strip as laid
     * out and again from the strip a card widened), the newer first */
    uint64_t capstrip_key[2];
    float capstrip_w[2];
    /* the share of the strip a caption in pages may take (0: all; less
     * where the step's card needs the rest), as the layout chose it */
    float pages_share;
    /* the planned way's reach (sl_game_way_reach) and what it was worked
     * out for (the unit, its way, the game as it stood): a drag that
     * leaves them does not work it out again */
    uint64_t reach_key;
    int nreach;
    sl_way_reach reach[SL_WAY_REACH_MAX];
    int reach_made;          /* how many times it was worked out (for the tests) */
    /* the selected unit's band (bracket) labels, put off this frame until
     * the planned way's words are placed, so that they keep clear of
     * them (overlay.c) */
    struct {
        bool due;
        sl_reach_ring ring[SL_MAX_REACH];
        int nring;
        float cx, cy, sc;
    } band_labels;
    SDL_FRect way_block;     /* where the planned way's words are this frame (w 0: none) */
    SDL_FRect label_room;    /* w > 0: where label_in_view keeps its words instead of the table
                              * (the way's words in the presentation's strip, overlay.c) */
    int covers;              /* cards placed on the table over what was to be kept clear, this frame */
    int card_pages;          /* the aiming card's pages this frame (0: not in pages; PgDn turns them) */
    /* the last command's roll boxes this frame (prompts.c; a click on one closes it):
     * where each is, the unit it speaks of, whether a leader line joins
     * them; for the tests */
    SDL_FRect roll_box[8];
    int roll_unit[8], nroll;
    int roll_aside[8], nroll_aside; /* units whose rolls found no clear place on the table */
    int nroll_units;                /* units with rolls to show this frame */
    int nroll_listed;               /* ... of which listed in the status bar (no room in the strip) */
    bool roll_led[8];
    char covers_what[160];   /* the first of them, in words ("" : said in general) */
    /* a list pick's marks on the table this frame (prompts.c): the men
     * ringed as those who would take an item up, and the tags placed by
     * the men (items' numbers, "takes N") and its card; for the tests */
    int list_taker[SL_LIST_MAX], nlist_takers;
    SDL_FRect list_tag[2 * SL_LIST_MAX];
    int list_tag_fig[2 * SL_LIST_MAX]; /* the man each tag speaks of */
    int nlist_tags;
    SDL_FRect list_box;      /* its card (w 0: none) */
    bool list_aside;         /* its card stood aside for the refusal box (no room for both) */
    SDL_FRect refusal_box;   /* the refusal box this frame (w 0: none) */
    SDL_FRect aside_box;     /* a decision's or a list's card standing beside the table, over the panel (w 0: none) */
    SDL_FRect status_box;    /* the long status sentence's box standing on the status bar (w 0: none) */
    SDL_FRect turn_strip;    /* the turn box in the presentation's strip this frame (w 0: none) */
    SDL_FRect refusal_words[4]; /* its points' words on the table ("that point") */
    int nrefusal_words;
    /* this frame's cards a player reads on the table (the decision's or
     * the pick's card, the sight card, a unit's rolls, the refusal box),
     * each with its first words; and the acting unit's men on the screen,
     * which no card covers (cards.c) */
    SDL_FRect read_card[UI_MAX_CARDS];
    char read_kind[UI_MAX_CARDS][48];
    int nread_cards;
    SDL_FRect actor[UI_MAX_ACTOR];
    int nactor;
    int actor_unit;          /* whose men they are (-1: none) */
    float prompt_reserve;    /* room a card leaves under it for the refusal box this frame */
    float prompt_rolls;      /* room a lesson's card leaves in the strip for its step's rolls, if smaller words make it */
    bool prompt_wide;        /* the box being laid out takes the table's whole width (a refusal too tall else) */
    /* the ruler's end and its length's box, as last drawn (w 0: none),
     * and the tooltip's box (w 0: none): a tooltip keeps off the one */
    SDL_FRect ruler_box;
    SDL_FRect ruler_words; /* the ruler's length alone, as drawn this frame (w 0: none) */
    SDL_FRect tip;
    /* this frame's rows of counters under the units (CO, DONE...) */
    SDL_FRect mark_rows[UI_MAX_MARK_ROWS];
    int mark_row_unit[UI_MAX_MARK_ROWS]; /* whose row each is */
    /* a row placed away from its men: the tie drawn from them to it
     * (x0, y0, x1, y1; x0 < 0: none) */
    float mark_row_tie[UI_MAX_MARK_ROWS][4];
    float mark_row_wrap[UI_MAX_MARK_ROWS]; /* the width its lines wrap at */
    int nmark_rows;
    /* this frame's fireteams' tags ("T1"...) as drawn, and whose: the
     * rows of counters placed after them keep off them */
    SDL_FRect tags[UI_MAX_TAGS];
    int tag_unit[UI_MAX_TAGS];
    int ntags;

    /* the mat, grid, terrain and table edge as last drawn, and the range
     * bands' shading: each redrawn only when what it depends on (its
     * key) changes */
    ui_kept ground, bands, integrity, bases;
    /* the whole window but what follows the pointer (the ruler, the
     * selection box, the scale bar, the status bar's coordinates, the
     * tooltip): copied while nothing else changed, the cards it placed
     * counted so the live part keeps off them */
    ui_kept frame;
    int frame_ncards, frame_nkeep;
    float frame_strip_y; /* the strip's next card as the kept frame left it */
    sl_layout frame_lay;     /* the layout with what drawing it filled in (the panel's rows...) */
    bool frame_split;        /* this frame draws the window in two parts */
    bool fitting;            /* ui_fit_scale is trying text sizes (layout's costly fits checks) */
    /* the camera moved since the last frame (a pan or a zoom under way):
     * a kept layer is then moved by whole pixels and only the strips
     * uncovered drawn (ui_kept_layer); the first frame with the camera
     * at rest draws anew whatever was moved so (settling) */
    uint64_t last_cam, last_zoom;
    bool cam_moving;
    /* the camera moved by a pan (its zoom the same): the kept frame is
     * not used and let go, the bases kept in their layer instead; at
     * rest the bases are drawn straight into the kept frame and their
     * layer let go (one full-window buffer fewer at either time) */
    bool panning;
    /* how many bases on the table make a pan keep them in their layer
     * (UI_BASES_KEPT_FROM; the tests lower it to cover that path) */
    int bases_kept_from;
    bool shifted;            /* this frame moved a layer */

    sl_layout lay;
};

/* Bases on the table from which a pan keeps them in a layer: fewer are
 * drawn straight away, cheaper than the layer's copy. */
#define UI_BASES_KEPT_FROM 500

/* spots.c: free the obstacles' grid. */
void ui_spot_grid_free(sl_ui *ui);
/* ui.c: forget every drawn or computed cache (the next frame draws all anew). */
void ui_drop_caches(sl_ui *ui);

/* kept.c: FNV-1a over bytes, chained from h (start with UI_HASH_START). */
#define UI_HASH_START 0xcbf29ce484222325ull
uint64_t ui_hash(uint64_t h, const void *data, size_t len);
/* The same for large arrays, eight bytes a step. */
uint64_t ui_hash_wide(uint64_t h, const void *data, size_t len);
/* The camera, into a hash. */
uint64_t ui_hash_cam(uint64_t h, const sl_cam *cam);
/* Make k's texture the output's size (blended onto the screen with
 * `mode`), dropping what it kept when the size changed. False when the
 * renderer cannot draw into a texture: then draw straight to the screen. */
bool ui_kept_ready(sl_ui *ui, ui_kept *k, SDL_BlendMode mode);
/* The pixel format an opaque layer (the ground, the kept frame, the mat
 * stretched into the ground) is made in: the render target's, where it
 * is known to be 32-bit RGB, so that copying it is a plain copy. */
Uint32 ui_opaque_format(SDL_Renderer *ren);
/* Free k's texture and tiles. */
void ui_kept_free(ui_kept *k);
/* SDL's big pixel buffers mapped apart on huge pages (pages.c): call
 * before SDL_Init. */
void ui_big_pages(void);
/* The camera but its centre (the scale, the table view's middle), into
 * a hash: a kept layer's key leaves the centre to ui_kept_layer. */
uint64_t ui_hash_zoom(uint64_t h, const sl_cam *cam);
/* A kept layer's key begun from what every one over the table depends
 * on (the camera's scale, the table's box, the UI scale), and that box. */
uint64_t ui_table_key(const sl_ui *ui, const sl_cam *cam, float s, SDL_Rect *box);
/* A layer of shapes over the table, through k: copied from its texture
 * when `key` and the camera's centre are what it was drawn for; while
 * the camera moves by whole pixels with the key unchanged, moved in the
 * texture and only the strips of `box` uncovered drawn; else drawn into
 * it anew (clear within `box`) and copied; drawn straight onto the
 * screen where the renderer has no texture. draw(ui, ctx) draws the
 * layer (within the clip it is given). */
void ui_kept_layer(sl_ui *ui, ui_kept *k, uint64_t key, const sl_cam *cam, const SDL_Rect *box,
                   void (*draw)(sl_ui *ui, void *ctx), void *ctx);
/* The frame is drawn with a layer moved by whole pixels (the camera in
 * motion): the next frame with the camera at rest draws it exactly. */
bool ui_settling(const sl_ui *ui);

/* view.c */
float ui_scale(const sl_view *v);

void cam_from_view(const sl_view *v, const SDL_FRect *table, sl_cam *c);
void cam_w2s(const sl_cam *c, double wx, double wy, float *sx, float *sy);
void cam_s2w(const sl_cam *c, float sx, float sy, double *wx, double *wy);
/* Mils to screen, the common case. */
void cam_pt(const sl_cam *c, sl_pt p, float *sx, float *sy);
/* Zoom by `factor` keeping the table point under (sx, sy) still. */
void view_zoom_at(sl_view *v, const SDL_FRect *table, float sx, float sy, double factor);
/* The table's room changed from old_w x old_h px to new_w x new_h: the
 * rectangle of the table kept (v->kept_rect, or what showed in the old
 * room if the camera moved since) fitted to the new room, centred. */
void view_keep_rect(sl_view *v, float old_w, float old_h, float new_w, float new_h);
/* ui.c: whether unit u is what the decision waiting or the lesson's step
 * is about: the decision's mover and the units it rings (those that may
 * answer), the units selected; with no decision, the active unit. Kept
 * inside the table when the strip beside it widens. */
bool ui_about_unit(const sl_ui *ui, const sl_view *v, int u);
/* The camera as the kept rectangle left it (a later one the same: not moved). */
void view_keep_cam(sl_view *v);
/* Pan, and zoom out if need be, so the box (x0, y0, x1, y1 inches) lies
 * inside room T at least pad px from its edges; true when it moved. */
bool view_bring_in(sl_view *v, const SDL_FRect *T, const double box[4], float pad);

/* Grow the screen scratch to hold n points. */
float *ui_scratch(sl_ui *ui, int n);

/* layout.c */
void ui_layout(sl_ui *ui, const sl_view *v, int w, int h, sl_layout *out);
/* F4 and the bar's toggle: every action, its next page, then only what
 * may be done now; what the player is told in msg. */
void ui_bar_all_step(sl_ui *ui, sl_view *v, char *msg, size_t n);
/* The largest of F2's sizes, up to the user's, at which everything fits a
 * w x h window (the caption whole, the table at least half the height):
 * sets v->scale_cap, worked out again only when what it depends on
 * changed. */
void ui_fit_scale(sl_ui *ui, sl_view *v, int w, int h);
/* F2's sizes, smallest first. */
#define UI_NSIZES 5
extern const float ui_sizes[UI_NSIZES];

/* scene.c: the table and everything on it, in three layers: the ground
 * (mat, grid, terrain), the forces (selection, figures, labels) and the
 * top (box selection, ruler, scale bar); sl_ui_draw puts the overlays,
 * counters and prompts between them */
void scene_draw_ground(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam);
void scene_draw_forces(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam);
void scene_draw_top(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam);
/* The scale bar, small, ending at `right` about the height `mid` (in the
 * presentation's status bar); returns the width it takes. */
float scene_scale_bar_small(sl_ui *ui, const sl_cam *cam, float right, float mid, float s);

/* prompts.c: a lesson's caption (before the decisions' cards). */
void play_draw_lesson(sl_ui *ui, const sl_view *v);
/* In the presentation, the caption is sized as if the room were the
 * strip's height times this (it takes at most a third of that room). */
#define UI_CAPTION_ROOM 1.5f
/* That room for v's caption (replayview.c): a replay's is larger, since
 * its strip has no lesson's cards to keep room for. */
float ui_caption_room(const sl_view *v);
/* the most rows a caption (a lesson's, a replay's step) wraps to */
#define UI_CAPTION_ROWS 24
/* The height of a lesson's caption strip across `width` (0: no lesson);
 * *cut: the caption does not fit whole. */
float play_lesson_height(sl_ui *ui, const sl_view *v, float width, float table_h, bool *cut, float *keys, int pages[2]);
/* Would the decision's card stand whole in the presentation's strip as L
 * lays it out (true when no decision's card shows)? */
/* with_rolls: and a lesson step's rolls under it (their heads at least) */
bool play_card_fits_strip(sl_ui *ui, const sl_view *v, const sl_layout *L, bool with_rolls);
/* Would the card of the command being aimed (a rule's card, or a point's:
 * a call for fire's odds, whom it would catch, what a sealed building
 * does) stand whole in L's strip? True where there is none. */
bool play_pick_card_fits_strip(sl_ui *ui, const sl_view *v, const sl_layout *L);
/* a caption in pages (L's): do a lesson step's rolls stand under it? */
bool play_rolls_fit_strip(sl_ui *ui, const sl_view *v, const sl_layout *L);
/* The room the decision's card (with the refusal box under it) will take
 * in the presentation's strip this frame: 0 when none or no strip. */
float play_strip_card_room(sl_ui *ui, const sl_view *v);
/* Will the pick's card, or the refusal box, in the presentation's strip
 * say why the point pointed at is refused (pv its preview there)? Then
 * the pointer's words on the table need not. */
bool play_card_says_why(sl_ui *ui, const sl_view *v, const sl_preview *pv);
/* prompts.c: are the last command's rolls shown (Esc closes them; never a lesson step's)? */
bool play_rolls_shown(const sl_view *v);
/* Would the refusal shown stand whole in room px of L's strip? */
bool play_refusal_fits(sl_ui *ui, const sl_view *v, const sl_layout *L, float room);
/* The presentation: the rolls its strip had no room for, heads alone,
 * as one line of at most room px in the font f said ("Rolls: ESU 1st
 * Squad D8 5 vs 1 PASS · ..."), for the status bar; false: none. */
bool play_rolls_line(sl_ui *ui, const sl_world *w, const sl_view *v, float room, char *out, size_t len, sl_font *f);
/* prompts.c: the last command's rolls by the units they were for. */
void play_draw_rolls(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam);
void play_draw_rolls_aside(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam);
/* prompts.c: a decision's card too big for the table layout's table, over
 * the side panel once the panel is drawn. */
void play_draw_card_aside(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam);
/* prompts.c: a click at (x, y) on a rolls card closes it (the last one
 * closed, they all are until the next command); false: no card there. */
bool play_rolls_click(sl_ui *ui, sl_view *v, float x, float y);

/* cards.c: cards placed where they hide least. Each frame begins with no
 * card; a drawer marks what its card must leave visible (points with a
 * radius, boxes, a line of the way), then places the card, which is then
 * taken for the cards after it. */
typedef enum { UI_TOP_RIGHT, UI_TOP_LEFT, UI_BOTTOM_RIGHT, UI_BOTTOM_LEFT } ui_corner;
void ui_cards_begin(sl_ui *ui, const sl_view *v);
/* The acting unit's men this frame (the mover a decision is about, else
 * the active unit, else the unit aiming): no card is placed over them. */
void ui_cards_actor(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam);
/* A card a player reads, drawn at r on the table (kind: its first words). */
void ui_card_read(sl_ui *ui, const char *kind, SDL_FRect r);
/* Whether box r meets a ring of radius rad round (cx, cy) drawn hw either
 * side of it. */
bool ui_box_on_ring(const SDL_FRect *r, float cx, float cy, float rad, float hw);
/* Whether the decision waiting rings unit u (its mover, a unit that may
 * answer, as the ruleset's view of it says): rings UI_RING_OUT px (at
 * 100%) past its men's bases, which its name keeps off. The rings are
 * read once a frame (ui_rings_read, before anything is laid out). */
void ui_rings_read(sl_ui *ui, const sl_view *v);
bool ui_decision_ringed(const sl_ui *ui, int u);
#define UI_RING_OUT 10
/* Whether r lies on the rings ui_ring_unit draws round unit u's men. */
bool ui_on_own_rings(const sl_ui *ui, const sl_world *w, const sl_cam *cam, int u, const SDL_FRect *r);
/* How many of the acting unit's men r covers. */
int ui_actor_hits(const sl_ui *ui, const SDL_FRect *r);
/* How many of this frame's labels r lies on: units' names, places' and
 * buildings' words, teams' tags, rows of counters. */
int ui_label_hits(const sl_ui *ui, const SDL_FRect *r);
/* Whether r covers a live man of unit u, its name, a row of its counters
 * (ACTING...) or a tag of its teams; *hit: what it covers first. */
bool ui_unit_covered(const sl_ui *ui, const sl_world *w, const sl_cam *cam, int u, const SDL_FRect *r, SDL_FRect *hit);
/* The same for its words alone: its name, a row of its counters, a tag. */
bool ui_unit_words_covered(const sl_ui *ui, int u, const SDL_FRect *r, SDL_FRect *hit);
/* Where a card goes (on the table, or in the presentation's strip);
 * false when it is left out of the strip, the room under it kept for
 * the decision's card (ui->strip_reserve): then draw nothing. */
bool ui_place_card(sl_ui *ui, const sl_world *w, const sl_cam *cam, float bw, float bh, ui_corner prefer, float *bx,
                   float *by);
/* Whether some place ui_place_card tries on the table holds a card of
 * bw x bh clear of the acting unit's men, of all asked to be kept clear
 * (the mover's way, its best points...) and of every man, name, place's
 * words and row of counters. */
bool ui_card_spot_clear(sl_ui *ui, const sl_world *w, const sl_cam *cam, float bw, float bh);
/* After a card placed by ui_place_card is drawn: the table's clip again
 * (a card in the presentation's strip is drawn outside the table). */
void ui_card_end(sl_ui *ui);
/* The widest a card may be: the strip's width in the presentation layout
 * (its lines wrapped to it), else 0 (no limit but the table's). */
float ui_card_room(const sl_ui *ui);
/* A box bw x bh in the presentation's strip, under the cards before it,
 * with a leader line to (ax, ay) on the table (ax < 0: none); false when
 * the strip has no room left. The clip is off: call ui_card_end after
 * drawing it. */
bool ui_strip_place(sl_ui *ui, float bw, float bh, float ax, float ay, float *bx, float *by);
/* The stretch [a, b] mils along a polyline as screen points (xy holds
 * max points); returns how many. */
int ui_path_part(const sl_pt *pts, int npts, double a, double b, const sl_cam *cam, float *xy, int max);

/* spots.c: what this frame has on the table, for placing labels and
 * cards (the cards of cards.c are taken here, with what they keep clear) */
/* A figure's base radius on screen, never less than a visible dot. */
float scene_figure_radius(const sl_figure *f, const sl_cam *cam, float s);
/* Is this screen box clear of every figure and unit name? (for placing
 * labels; worked out once a frame) */
bool scene_spot_clear(sl_ui *ui, const sl_world *w, const sl_cam *cam, float s, const SDL_FRect *r);
/* How many figures and unit names the screen box covers. */
int scene_spot_hits(sl_ui *ui, const sl_world *w, const sl_cam *cam, float s, const SDL_FRect *r);
/* Something drawn on the table this frame that later labels keep clear of
 * (an objective's name). */
void scene_add_obstacle(sl_ui *ui, const sl_world *w, const sl_cam *cam, float s, const SDL_FRect *r);
/* The same for a text label (an objective's): later labels and marker
 * rows count it as they count a unit's name. */
void scene_add_text(sl_ui *ui, const sl_world *w, const sl_cam *cam, float s, const SDL_FRect *r);
/* How many figures' bases r covers, without laying out the names. */
int scene_figure_hits(const sl_ui *ui, const sl_world *w, const sl_cam *cam, float s, const SDL_FRect *r);
/* How many of this frame's unit names, rows of counters and places'
 * labels r covers (text
 * hidden is worse than a base: call after scene_spot_hits has laid the
 * names out). */
int scene_name_hits(const sl_ui *ui, const sl_world *w, const SDL_FRect *r);
/* How many rows of counters of units but `except` r lies over (this
 * frame's, once laid out). */
/* The table's own edge on screen, within the table's view. */
SDL_FRect scene_table_box(const sl_ui *ui, const sl_world *w, const sl_cam *cam);
/* Do two rectangles overlap (more than touch)? */
bool scene_rects_overlap(const SDL_FRect *a, const SDL_FRect *b);
/* Does the segment a-b pass through r? */
bool scene_segment_meets(const float a[2], const float b[2], const SDL_FRect *r);
/* The screen extent of the figures a unit's name and tag go by (false:
 * none). */
bool scene_label_anchor(const sl_world *w, int ui_unit, const sl_cam *cam, float s, float *cx, float *top,
                        float *left, float *bottom);
/* The name a unit shows, if any; *faded: out of the viewer's sight. */
bool scene_name_text(const sl_world *w, const sl_view *v, int u, char *buf, size_t len, bool *faded);
/* A unit's labels' rank this frame: 0 what the pick is aimed at, 1 a
 * selected or acting unit, 2 the rest (placed in that order). */
int scene_label_rank(const sl_ui *ui, int u);
/* A selected or acting unit's name, and a row of counters, go before the
 * rules' words on terrain features ("SEALED"): those the box would lie
 * on are left off this frame (the feature's tooltip still says them). */
void scene_drop_words_under(sl_ui *ui, const SDL_FRect *box);
void ui_card_taken(sl_ui *ui, SDL_FRect r);
void ui_keep_clear(sl_ui *ui, float x, float y, float r);
void ui_keep_rect(sl_ui *ui, SDL_FRect r);
void ui_keep_line(sl_ui *ui, const float *xy, int n, float r);
/* What covering r costs a card: cards dearest, then what was asked to be
 * kept clear, then figures and names. */
float ui_spot_cost(sl_ui *ui, const sl_world *w, const sl_cam *cam, const SDL_FRect *r);
/* Whether r hides nothing of the table (ui_spot_cost's terms but the
 * cards'): no man of the acting unit, nothing kept clear, no figure,
 * name, place's words or row of counters. */
bool ui_spot_clear(sl_ui *ui, const sl_world *w, const sl_cam *cam, const SDL_FRect *r);
/* The same before the names are laid out (a burst's words placed first,
 * so the names keep off them): the acting unit's men and cards dearest,
 * what is kept clear, then figures and the words already placed. */
float ui_spot_cost_early(sl_ui *ui, const sl_world *w, const sl_cam *cam, const SDL_FRect *r);
/* Where the rows of counters go first, for ui_spot_cost_early. */
void ui_spot_rows_early(sl_ui *ui, const sl_world *w, const sl_cam *cam);
/* How many of this frame's bursts' rings (its areas' edges) r lies on. */
int scene_ring_hits(const sl_ui *ui, const sl_cam *cam, const SDL_FRect *r);
/* Does the box lie over a card of this frame? (tooltips keep off them) */
bool ui_card_covers(const sl_ui *ui, const SDL_FRect *r);
/* The room's window's view (--mirror) made from the demonstrator's: no
 * panel, the presentation layout, no pointer, tooltip, help or ruler, his
 * camera (centre, and what he sees fitted to the room's table region as
 * `room` last laid it out), and under fog the side whose turn it is
 * unless he shows the referee's view. */
void ui_mirror_view(const struct sl_view *demo, const SDL_FRect *demo_table, const sl_ui *room, struct sl_view *m);
/* One frame of the room's window (ui_mirror_view), drawn again while the
 * frame changes the room's table region, so its camera fits the layout
 * it is drawn in; m: the view it was drawn from. */
void ui_mirror_draw(const struct sl_view *demo, const SDL_FRect *demo_table, sl_ui *room, const struct sl_world *w,
                    float pixel_ratio, int ow, int oh, struct sl_view *m);
/* How many of this frame's labels (unit names, places' labels, rows of
 * counters) lie over one another or off the table; the first in words. */
int ui_label_overlaps(const sl_ui *ui, const sl_world *w, char *what, size_t len);
/* How many of the decision's numbers on the table lie over a unit's
 * name, a place's words, a row of counters or a tag; the first said in
 * `what`. */
int ui_option_marks_over(const sl_ui *ui, const sl_world *w, char *what, size_t len);
/* Does r cover anything asked to be kept clear (ui_keep_*)? */
bool ui_keep_covers(const sl_ui *ui, const SDL_FRect *r);

/* pointer.c: the demonstrator's pointer (issue 42), the window's, never
 * the game's. Its keys (. a ping at the pointer, , the pen, Delete
 * clears, Backspace in the pen takes back a mark, Ctrl+C copies them as
 * a lesson step's "pointer"): true when k was one.
 * A Ctrl+click pings (true when it did); the pen's release leaves an
 * arrow (Shift: a ring) from where the button went down, or a ping where
 * it did not move. The marks are drawn in the kept frame, the pings and
 * the pen's drag over it. */
bool pointer_key(sl_view *v, SDL_Keycode k, bool ctrl);
/* The pen's marks and the pings as a lesson step's "pointer" field
 * (Ctrl+C puts it on the clipboard); how many marks. */
int pointer_json(const sl_view *v, char *buf, size_t len);
bool pointer_click(sl_view *v, bool ctrl);
void pointer_release(sl_view *v, bool shift);
void pointer_draw_marks(sl_ui *ui, const sl_view *v, const sl_cam *cam);
void pointer_draw_live(sl_ui *ui, const sl_view *v, const sl_cam *cam);

/* overlay.c: under the figures (bands, integrity) and over them (sight
 * line, blast, path) */
/* The range bands' shading, sight edge and rings, under the places'
 * rings and words (their labels follow in overlay_draw_under). */
void overlay_draw_bands(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam);
void overlay_draw_under(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam);
void overlay_draw_over(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam);
/* What follows the pointer (the path tool's planned way while its end is
 * live, the blast template before it is pinned): not in the kept frame,
 * drawn over it each frame with the ruler. */
bool overlay_way_follows(const sl_view *v);
bool overlay_blast_follows(const sl_view *v);
void overlay_draw_live(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam);
/* Where each airtight building's state word goes, before the names are
 * laid out (drawn later, with the artillery). */
void overlay_place_words(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam);
int overlay_los_target(const sl_world *w, const sl_view *v);
void overlay_draw_overwatch(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam);
/* hud.c: toolbar, status bar, tooltips, help, errors */
void hud_draw(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam);
/* Help rows a window of its own adds before the rest (NULL: none). */
void ui_help_more(const char *const (*rows)[2], int n);
/* The status bar and the tooltip: what follows the pointer, over the kept frame. */
void hud_draw_live(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam);
/* A button's words: compact 0 all in full, 1 the most used tools in
 * full and keys for the rest, 2 their words alone, 3 keys only. */
const char *hud_button_label(const sl_ui *ui, sl_button_id b, int compact);

/* view.c: is a game in play in this view? */
bool play_on(const sl_view *v);

/* markers.c */
void play_draw_markers(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam);
/* A small counter: text on a box with a dark edge; returns its width. */
float ui_counter(sl_ui *ui, float x, float y, const char *text, sl_rgba bg, sl_rgba fg);
/* A rules' mark as a counter, with its shape; its width in a row. */
float ui_mark_counter(sl_ui *ui, float x, float y, const sl_mark *m);
float ui_mark_width(sl_ui *ui, const sl_mark *m);
/* Where unit u's row of counters goes first (under its men), for the
 * names to keep off; false when it shows none. */
bool ui_mark_row_home(sl_ui *ui, const sl_world *w, const struct sl_view *v, const sl_cam *cam, int u, SDL_FRect *r);
/* The rows of counters of the units of one label rank (scene_label_rank;
 * rank 0 starts the frame's rows): ranks 0 and 1 while the names are laid
 * out, rank 2 when play_draw_markers draws them (after the places'
 * labels); each clear of the figures' bases figs, the names and places'
 * words placed so far and the rows placed before it, else where it covers
 * least (rank 2: else left off). */
void ui_place_mark_rows(sl_ui *ui, const sl_world *w, const sl_cam *cam, int rank, const SDL_FRect *figs, int nfigs);
/* The longest a row of counters' tie back to its men may be (three rows'
 * height): a row that finds no clear place within it is left off (the
 * unit's tooltip and the panel list its counters). */
float ui_mark_tie_max(sl_ui *ui);
/* The middle and the bottom edge of a unit's figures on screen. */
void ui_unit_bottom(const sl_world *w, int unit, const sl_cam *cam, float s, float *cx, float *by);
/* Rings round the figures of a unit. */
void ui_ring_unit(sl_ui *ui, const sl_world *w, int unit, const sl_cam *cam, sl_rgba c, float width);

/* prompts.c */
void play_draw_table(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam);
void play_draw_modal(sl_ui *ui, const sl_view *v);


/* panel.c */
void panel_draw(sl_ui *ui, const sl_world *w, sl_view *v);
/* A unit's name as the panel shows it: its own side's dummy is "Dummy D", after its counter. */
const char *ui_unit_name(const sl_world *w, const sl_view *v, int ui_unit, char *buf, size_t len);
/* Whether the side panel laid out in L holds, in a game, its turn box,
 * any unit's card down to its quality line and the dice log's heading. */
bool play_panel_fits(sl_ui *ui, const sl_view *v, const sl_layout *L);
/* The panel's turn box at y; returns the y below it. */
float play_draw_turn(sl_ui *ui, const sl_world *w, const sl_view *v, float x, float y, float wd);
/* In the presentation, the game's turn box (whose turn, the unit acting,
 * who is still to activate, the program's side) in the strip under its
 * cards, where it has room above the action bar (ui->turn_strip). */
void play_draw_turn_strip(sl_ui *ui, const sl_world *w, const sl_view *v);
void play_draw_log(sl_ui *ui, const sl_view *v, float x, float y, float wd, float h);
/* A unit card's lines for the game state, wrapped to wd (drawn or only
 * measured); drawn, only the lines with room above the panel's foot, the
 * others counted in *left (if not NULL); returns the next y. */
float play_draw_unit_state(sl_ui *ui, const sl_world *w, const sl_view *v, int unit, float x, float y, float wd,
                           bool draw, int *left);
void ui_side_swatch(sl_ui *ui, const sl_world *w, int side, float x, float y, float r);


/* actionbar.c */
void ui_action_button(sl_ui *ui, SDL_FRect b, const char *label, const char *key, bool enabled, bool picked, bool hover);
/* The hovered button b's words over the bar r ("Label [key]", or why not
 * now), wrapped in rows, never cut; the window's bar and a joined
 * window's bar show theirs with it. */
void ui_action_tip(sl_ui *ui, const char *label, const char *key, bool enabled, const char *why, SDL_FRect b,
                   SDL_FRect r);
void play_draw_bar(sl_ui *ui, const sl_world *w, sl_view *v);
/* The bar's buttons in rows at the foot of R (the table, or the
 * presentation's strip), taking at most `share` of R's height with every
 * action shown (F4; in pages beyond it); its height taken from R's and
 * returned, infinite where a button is wider than R (a wider place wanted). */
float ui_bar_place(sl_ui *ui, const sl_view *v, sl_layout *L, SDL_FRect *R, float share);
/* An action bar's pages: `page_rows(ctx, from, &next)` lays out one page
 * from action `from` on, sets where the next starts and returns its rows.
 * Fills starts[] (at most `max`), raises *most (unless NULL) to the
 * tallest page's rows and returns the count of pages. */
int ui_bar_pages(float (*page_rows)(void *ctx, int from, int *next), void *ctx, int nact, int *starts, int max,
                 float *most);
/* The toggle's words on page `page` of `n`: "More (1/2)", the last "Fewer (2/2)". */
void ui_bar_page_label(char *out, size_t len, int page, int n);

/* playinput.c: the game's keys and clicks */
bool play_key(sl_ui *ui, const sl_world *w, sl_view *v, SDL_Keycode k, bool shift, bool ctrl);

/* fogview.c: fog of war in the window */
void ui_fog_update(sl_view *v);
bool ui_fog_key(sl_view *v, SDL_Keycode k);
void ui_fog_draw_handover(sl_ui *ui, const sl_world *w, const sl_view *v);
/* The end card while the game is over (endcard.c), and its keys. */
void ui_end_draw(sl_ui *ui, const sl_view *v);
bool ui_end_key(sl_view *v, SDL_Keycode k);
/* Is the end card up? It says the status sentence itself, over its
 * buttons: no box of the status bar stands over it. */
bool ui_end_shown(const sl_view *v);
/* The end card's button under (px, py): its key (Ctrl+Q's q for Quit),
 * else SDLK_UNKNOWN. */
SDL_Keycode ui_end_button_at(sl_ui *ui, const sl_view *v, float px, float py);
void ui_draw_counter(sl_ui *ui, const sl_world *w, const sl_view *v, int unit, const sl_cam *cam, float s);
int ui_units_in_order(const sl_world *w, int *out, int max);
void ui_draw_zones(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam);
void ui_draw_objectives(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam);
/* How many objectives other than `self` (-1: none) box lies on: their
 * dashed rings or their flags. */
int ui_objective_hits(const sl_ui *ui, const sl_world *w, const sl_cam *cam, const SDL_FRect *box, int self);
void ui_draw_route(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam);
/* pick.c: what the player has chosen so far for the decision pending,
 * and an order's draft taken from its view (SL_CHOOSE_ORDER) when none
 * is begun */
void ui_decision_input(const sl_view *v, sl_decision_input *in);
void ui_order_draft(sl_view *v, const sl_decision_view *d);
bool play_text(sl_ui *ui, const sl_world *w, sl_view *v, const char *text);
/* A left click on the table or the bar; true when the game took it. */
bool play_click(sl_ui *ui, const sl_world *w, sl_view *v);
void play_hover(sl_ui *ui, const sl_world *w, sl_view *v);
/* The path tool finished a way: in play, move the unit along it. */
bool play_path_done(sl_ui *ui, const sl_world *w, sl_view *v);
/* Give a command, as the player did: a refusal is kept for the box on
 * the table. */
bool ui_run(sl_view *v, const sl_command *c);

/* pick.c: the command being chosen, for a unit, a target and a way */
void ui_picked_command(const sl_ui *ui, const sl_view *v, int unit, int target, const sl_pt *pts, int npts,
                       sl_command *out);
/* The move command the way drawn gives (from the clicked man's spot, the
 * rules' own reference point going the same way), and the rules' plan of
 * it: false when they plan none. */
bool ui_path_command(const sl_ui *ui, const sl_view *v, int unit, sl_command *out, sl_way_plan *plan);
/* May the command being chosen be given to `target`? */
bool ui_pick_allowed(const sl_ui *ui, const sl_view *v, int target, char *why, size_t whylen);
/* The detached element being chosen, as a command. */
void ui_detach_command(const sl_ui *ui, const sl_view *v, sl_command *out);
/* "fire at", "rally"...: a command waiting on its target, in words */
const char *ui_pick_verb(int kind);
/* What the command kind has the player pick (SL_PICK_NONE for none). */
sl_pick_kind ui_pick_of(int kind);
/* Is its way given by its destination alone (a combat move)? */
bool ui_pick_destination(int kind);

/* scene.c: what the tooltips say of a figure and a feature */
/* A figure's one-line description: "nac-1-3 · 1st Squad · support · SAW". */
void ui_describe_figure(const sl_world *w, int fig, char *buf, size_t len);
void ui_arms_words(const sl_weapon *wp, const sl_weapon *sp, char *buf, size_t len);
/* F12: the frame drawn last (w by h) written as the PNG `name`; what
 * came of it ("Screenshot saved: NAME") in `said`. */
void ui_screenshot(SDL_Renderer *ren, int w, int h, const char *name, char *said, size_t len);
void ui_describe_feature(const sl_world *w, int feat, char *buf, size_t len);
/* A feature as a player calls it: its name, or for one the map left
 * unnamed its kind ("the road"), never its number in the file. */
void ui_feature_name(const sl_world *w, int feat, char *buf, size_t len);

/* A headless picture of w as sl_render_png draws it, as an RGB888
 * surface the caller frees (NULL, with err, when it cannot be made):
 * the start screen's thumbnails. */
SDL_Surface *ui_render_surface(const sl_world *w, const char *asset_dir, const sl_render_req *req, char *err,
                               size_t errlen);
/* One renderer and ui for many pictures of one size (headless.c): each
 * drawn as ui_render_surface draws it, given as a copy (the caller's). */
typedef struct ui_painter ui_painter;
ui_painter *ui_painter_open(const char *asset_dir, int width, int height, char *err, size_t errlen);
SDL_Surface *ui_painter_draw(ui_painter *p, const sl_world *w, const sl_render_req *req, char *err, size_t errlen);
void ui_painter_close(ui_painter *p);

#endif
