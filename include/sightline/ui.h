/* sightline: the table on screen (SDL2, SDL2_ttf, cglm).
 *
 * The window and the headless renderer draw through the same function,
 * sl_ui_draw, from a world (what is on the table) and a view (camera,
 * selection, tools, toggles). The UI never decides a rule; it asks the
 * core and draws the answer.
 */
#ifndef SIGHTLINE_UI_H
#define SIGHTLINE_UI_H

#include <stdbool.h>
#include <stdint.h>

#include "sightline/io.h"
#include "sightline/play.h"
#include "sightline/pointer.h"

#define SL_RULER_MAX 64

typedef enum sl_tool {
    SL_TOOL_SELECT,
    SL_TOOL_RULER,
    SL_TOOL_PATH,     /* plan a move from a selected figure */
    SL_TOOL_BLAST,    /* a blast template that follows the pointer */
    SL_TOOL_PEN       /* the demonstrator's pen: a drag an arrow, Shift+drag a ring, a click a ping */
} sl_tool;

/* Overlays drawn on the table. */
enum {
    SL_OVERLAY_BANDS = 1u << 0,     /* the selected unit's range bands, clipped to its sight */
    SL_OVERLAY_LOS = 1u << 1,       /* sight line from the selected unit to a target unit */
    SL_OVERLAY_INTEGRITY = 1u << 2, /* every unit's integrity circle */
    SL_OVERLAY_BLAST = 1u << 3,     /* a blast template */
    SL_OVERLAY_PATH = 1u << 4,      /* a planned move */
    SL_OVERLAY_ALL = 0x1f,
    SL_OVERLAY_SET = 1u << 30        /* in a render request: use exactly these */
};

#define SL_PATH_MAX_PTS 32

typedef struct sl_ruler {
    int npts;                 /* fixed points so far (0 = no ruler) */
    sl_pt pts[SL_RULER_MAX];
    sl_pt live;               /* the end following the mouse */
    bool has_live;
    bool dragging;
    bool finished;            /* frozen: no live end */
    int from_figure;          /* measure from this figure's base edge, -1 none */
    int to_figure;            /* live end over a figure: edge-to-edge, -1 none */
} sl_ruler;

/* The ruler's legs in inches, base edges taken off the ends that start or
 * finish on a figure; returns the total. `legs` has room for
 * SL_RULER_MAX entries. The label on the table shows these numbers. */
double sl_ruler_measure(const sl_world *w, const sl_ruler *r, double *legs, int *nlegs);

/* What the player is choosing in a game, and what the window last said
 * of it: the window's own state, never the game's. */
typedef struct sl_pick {
    int kind;                 /* a command waiting for a target, a way or men; SL_CMD_NONE */
    int variant;              /* the action's variant (sl_offer) */
    int target;               /* the target shown (hovered or chosen with Tab), -1 */
    int hovered;              /* the figure the pointer last chose a target from, -1 */
    bool typing;              /* the command line is open */
    char line[256];
    int det_fig[SL_CMD_MAX_PLACE]; /* detach: the men chosen so far (figure indices) */
    int ndet;
    /* a pick from a rule's list (SL_PICK_LIST): the unit giving the
     * command, the items chosen (bit i: sl_list_view's item i) and the
     * toggles on (bit t) */
    int list_unit;
    unsigned list_chosen;
    unsigned list_toggles;
    int log_scroll;           /* dice log: lines scrolled back */
    int chosen_answer;        /* a decision asking to confirm: the answer chosen (then Enter or the point); -1 */
    bool point;               /* the command waits for a click on the table (its one point) */
    sl_pt reroute[SL_CMD_MAX_PTS]; /* a new way for a mover not stopped by the fire */
    int nreroute;
    char message[1200];       /* the last refusal, for the box on the table */
    sl_pt message_at[4];      /* the points it speaks of, marked on the table while it shows */
    int message_nat;
    bool message_is_error;
    bool message_unread;      /* ... of a typed line that is no command at all (a typo), not a rule's */
    /* the unit's toggle offer is on (sl_offer's toggle: how its next
     * commands are given); cleared when the active unit changes */
    bool toggled;
    /* a decision that puts units in order (SL_CHOOSE_ORDER): the order as
     * the player has it, the number after each (mils), the row chosen;
     * norder 0 until first drawn (then the view's draft) */
    int order_unit[SL_DECISION_ORDER];
    int32_t order_num[SL_DECISION_ORDER];
    int norder;
    int order_sel;
    double along_at;          /* a point chosen along a decision's route by keys (SL_CHOOSE_ALONG), mils; -1 */
    int card_page;            /* the aiming card's page shown, where it is in pages (PgDn turns it) */
} sl_pick;

void sl_pick_clear(sl_pick *p);

typedef struct sl_view {
    /* camera: the table point at the middle of the table view, and scale */
    double cx, cy;            /* inches */
    double scale;             /* pixels per inch */
    bool fitted;              /* camera set (else fit on next draw) */

    uint8_t *selected;        /* one flag per unit */
    int nunits;
    int focus_unit;           /* the unit the side panel describes, -1 */

    sl_tool tool;
    sl_ruler ruler;

    unsigned overlays;        /* SL_OVERLAY_* shown */
    int target_unit;          /* sight line target: keyboard choice (T) */
    /* blast template: where it is (inches), its radius, pinned by a click */
    double blast_x, blast_y, blast_r;
    bool blast_pinned, blast_placed;
    /* planned move: from a figure, through waypoints */
    int path_figure;          /* -1: no path */
    sl_pt path[SL_PATH_MAX_PTS];
    int npath;
    bool path_live;           /* the last point follows the pointer */

    /* pointer, in output pixels, and what is under it */
    int mouse_x, mouse_y;
    bool mouse_in_table;
    sl_pt cursor;             /* table point under the pointer, mils */
    int hover_figure, hover_feature, hover_button, hover_unit_row;
    bool tip_off;             /* a key or a click since the pointer last moved: no tooltip */
    int forces_scroll;        /* the side panel's force list: rows scrolled (wheel over it) */
    int forces_more;          /* rows it can scroll, as last drawn */

    /* gestures */
    bool panning;
    int pan_last_x, pan_last_y;
    bool boxing;
    sl_pt box_a, box_b;
    int press_x, press_y;
    bool pressed;

    bool show_help;
    bool hide_panel;          /* F3: the table takes the side panel's room too (projectors) */
    bool bar_all;             /* F4: every action in the bar, even when it takes many rows */
    int bar_page;             /* every action in pages where they do not all fit: the one shown (F4 turns them) */
    float last_table_y, last_table_w, last_table_h; /* the table's room last frame, to keep it still */
    /* the table's rectangle shown (centre and size, inches) when the room
     * last changed its width, and the camera fitted to it then: while the
     * camera stays so, each new room shows that rectangle again (the view
     * comes back when the strip narrows); a camera moved since is taken
     * as the rectangle to keep instead */
    double kept_rect[4], kept_cam[3];
    int help_page;            /* the help's page, when it needs more than one (PgDn) */
    bool show_labels;
    bool show_grid;
    float user_scale;         /* UI size multiplier (F2 cycles) */
    float scale_cap;          /* the largest size that fits the window (0: not yet worked out) */
    int layout;               /* SL_LAYOUT_*: how the window is laid out */
    float pixel_ratio;        /* HiDPI: output pixels per window point */

    char status[1024];        /* last message for the status bar */

    /* a lesson being shown: its title, the step (0...) of how many, the
     * step's heading and caption, drawn large on the table; nsteps 0:
     * no lesson */
    char lesson_title[200];
    char lesson_heading[120];
    char lesson_caption[1200];
    char lesson_longest[1200];  /* the lesson's longest caption: the strip is sized by it, so it never changes */
    int lesson_step, lesson_nsteps;
    int caption_page;         /* a caption too long for its room at this size is shown a page at a time: the page (0...) */
    int rolls_from;           /* the rolls shown on the table: journal events from here (a lesson's step), -1: the last command's */
    int rolls_closed;         /* the journal's length when Esc closed the last command's rolls (0: none closed) */
    /* the last command's rolls fade away dice_secs seconds after they
     * first show (0: they stay until the next command; Shift+F10 sets
     * it); a click on one unit's card closes that card */
    int dice_secs;
    int rolls_timed;          /* the journal's length the fade's clock runs for (-1: none) */
    uint32_t rolls_since;     /* when those rolls first showed, ms (sl_view_rolls_tick's clock) */
    float rolls_fade;         /* how much of the rolls shows: 1 whole, less while they fade */
    int rolls_shut[8];        /* units whose rolls card a click closed... */
    int nrolls_shut;
    int rolls_shut_n;         /* ... for the journal of this length */
    char error_title[160];    /* a refused action or file, shown until Esc */
    char error_text[2048];
    bool want_screenshot;
    bool quit;

    /* fog of war: whose view the table shows. FOLLOW: the player to act
     * or decide, with a hand-over screen between them; SIDE: one side's,
     * fixed; REFEREE: everything */
    int fog_mode;             /* SL_FOG_FOLLOW, SL_FOG_SIDE, SL_FOG_REFEREE */
    int fog_side;             /* the side shown now (-1: the referee; -2: none yet) */
    bool fog_handover;        /* hand-over screens between players (F7) */
    bool fog_waiting;         /* a hand-over screen is up, for side fog_next */
    int fog_next;

    sl_play *play;            /* the game in play, or NULL: planning only */
    /* solo play in the window: held (F8), and how fast the program plays
     * a command (Shift+F8: 0 normal, 1 fast, 2 slow) */
    bool solo_paused;
    int solo_speed;
    /* the end of the game: its card closed to look at the table (Enter
     * shows it again), and a new game on the same scenario asked for (N) */
    bool end_closed;
    bool want_new_game;
    bool want_replay;         /* R on the end card: the game just played, replayed from its start */
    sl_pick pick;             /* what the player is choosing in it */
    int hover_action;         /* action bar entry under the pointer, -1 */
    /* the demonstrator's pointer (issue 42), never the game's: the pen's
     * arrows and rings until cleared (Delete), and the pings pulsing */
    sl_pen_mark marks[SL_PEN_MAX];
    int nmarks;
    sl_ping pings[SL_PINGS_MAX];
    int npings;
} sl_view;

enum { SL_FOG_FOLLOW, SL_FOG_SIDE, SL_FOG_REFEREE };

/* The window's layout. TABLE: cards and dice on the table, where they
 * hide least, the side panel beside it; PRESENTATION (for a projector):
 * the table with nothing laid over it and a strip beside it for the
 * decision's cards and the dice, each tied to what it speaks of by a
 * leader line. AUTO: the presentation when text is 150% or larger or a
 * lesson runs, else the table. */
enum { SL_LAYOUT_AUTO, SL_LAYOUT_TABLE, SL_LAYOUT_PRESENTATION };
/* "presentation", "table" (or "auto") to SL_LAYOUT_*; -1 for anything else. */
int sl_layout_parse(const char *s);
/* Is the view laid out for a presentation? */
bool sl_view_presenting(const sl_view *v);

typedef struct sl_ui sl_ui;

typedef struct sl_ui_opts {
    bool text;                /* draw text (off for font-independent goldens) */
    bool hud;                 /* toolbar, side panel and status bar */
    bool mirror;              /* the room's window (--mirror): the table and the presentation's strip alone */
} sl_ui_opts;

/* Views belong to one world: init sizes the selection to its units. */
bool sl_view_init(sl_view *v, const sl_world *w);
void sl_view_free(sl_view *v);
void sl_view_fit(sl_view *v, const sl_world *w, int out_w, int out_h, float ui_scale);
/* The last command's rolls as time goes by (now_ms: any clock in ms):
 * shown whole for v->dice_secs seconds, then fading for a second, then
 * closed (never a lesson step's). True when the view changed and must be
 * drawn again; *wait_ms: how long until it next changes (0: no change
 * coming). */
bool sl_view_rolls_tick(sl_view *v, uint32_t now_ms, uint32_t *wait_ms);
/* The pings as time goes by (now_ms: any clock in ms): a ping's clock
 * starts at the first tick after it was sent; it pulses for SL_PING_MS,
 * then goes. True when the view changed and must be drawn again;
 * *wait_ms: how long until it next changes (0: no ping pulsing). */
bool sl_view_pings_tick(sl_view *v, uint32_t now_ms, uint32_t *wait_ms);
/* Send a ping at p (mils), or put an arrow or a ring on the table: false
 * (said in the status bar) when the pen holds SL_PEN_MAX marks. */
bool sl_view_pen_add(sl_view *v, const sl_pen_mark *m);
/* Select (or with `add`, toggle) a unit; -1 clears. */
void sl_view_select_unit(sl_view *v, int unit, bool add);
int sl_view_selected_count(const sl_view *v);

/* The UI's drawing resources for one renderer. `asset_dir` holds fonts/. */
sl_ui *sl_ui_create(void *sdl_renderer, const char *asset_dir, char *err, size_t errlen);
void sl_ui_destroy(sl_ui *ui);
/* Prepare per-world caches (triangulated terrain, mat texture). */
bool sl_ui_set_world(sl_ui *ui, const sl_world *w);
void sl_ui_set_opts(sl_ui *ui, const sl_ui_opts *opts);
/* Draw one frame of the whole window layout at out_w x out_h pixels. */
void sl_ui_draw(sl_ui *ui, const sl_world *w, sl_view *v, int out_w, int out_h);

/* What a render found wrong with what it drew (for the tests of issue
 * 40: every lesson step and scenario at every size and scale). */
typedef struct sl_render_check {
    int cuts;                 /* words cut short (an ellipsis, or lines left out) in a card, a caption or a hand-over */
    int overlaps;             /* labels on the table lying over one another */
    int covers;               /* cards on the table over what the step or decision asked to keep clear */
    float scale;              /* the text size drawn (1 = 100%), after the window's cap */
    bool scale_said;          /* a size smaller than asked, said where it is read (a lesson's: on the caption's keys row) */
    float table_h;            /* the table's height on screen, pixels */
    bool present;             /* drawn in the presentation layout */
    int on_table;             /* cards laid on the table (in the presentation: those the strip had no room for) */
    int caption_pages;        /* the pages a lesson's or replay's caption takes (0: none shown) */
    int rolls, rolls_shown;   /* units with rolls of the last command (or the lesson's step) to show, and those shown */
    char what[300];           /* the first problem, in words */
} sl_render_check;

/* Headless: render the window layout to a PNG with SDL's software
 * renderer, no display needed. Same bytes every run. */
typedef struct sl_render_req {
    int width, height;
    const char *select_unit;  /* unit id to select, or NULL */
    bool text;
    bool hud;
    const char *out_path;
    unsigned overlays;        /* SL_OVERLAY_* */
    const char *target;       /* unit or figure id for the sight line */
    double blast_x, blast_y, blast_r;
    const double *path;       /* x, y pairs in inches: a move for the selected unit */
    int npath;
    sl_play *play;            /* a game to draw (markers, panels, action bar), or NULL */
    int view;                 /* with a game and fog of war: the side whose view is drawn, -1 the referee's */
    bool has_pick;            /* with a game: the active unit's command waiting on a target */
    int pick_kind;
    int pick_target;
    /* a lesson's step: drawn as its caption (lesson_nsteps 0: none) */
    const char *lesson_title, *lesson_heading, *lesson_caption, *lesson_longest;
    int lesson_step, lesson_nsteps;
    int caption_page;         /* with a lesson: the caption's page drawn (0: the first) */
    int rolls_from;           /* with a lesson: the step's first journal event (its rolls are shown) */
    int scale_pct;            /* text and controls, 100 to 250 (0: 100), as F2 sets them in the window */
    int layout;               /* SL_LAYOUT_*, as in the window */
    sl_render_check *check;   /* if not NULL: filled with what was found wrong (out_path NULL: no picture) */
    const sl_pen_mark *marks; /* the pointer's pings, arrows and rings (a lesson step's), or NULL */
    int nmarks;
} sl_render_req;

struct sl_lesson;
/* The render request that shows a lesson's step: its selection, sight
 * line, overlays, blast and planned way, and its caption. */
void sl_lesson_request(const struct sl_lesson *l, int step, sl_render_req *req);

bool sl_render_png(const sl_world *w, const char *asset_dir, const sl_render_req *req, char *err,
                   size_t errlen);
/* What changes between the frames sl_render_time draws. */
typedef enum sl_frame_motion {
    SL_FRAME_STILL, /* nothing: the window's frame while the user reads */
    SL_FRAME_RULER, /* a ruler's end follows the pointer across the table */
    SL_FRAME_PLAN,  /* the selected unit's planned way follows the pointer */
    SL_FRAME_COLD,  /* every cache dropped, as when the camera moves */
    SL_FRAME_FLOOR, /* only one full-window texture copied and presented:
                     * the least a frame costs on this renderer */
    SL_FRAME_PAN,   /* the camera moves a few pixels, as a hand dragging the table */
    SL_FRAME_PAN_FIRST,     /* the first frame of a pan, the camera at rest before it */
    SL_FRAME_REST_AFTER_PAN /* the first frame at rest after a pan */
} sl_frame_motion;

/* Draw the request `reps` times (after one frame to warm up) and report
 * the median time of one frame (drawing only, not setting up), in
 * milliseconds of the thread's CPU time; `min_ms`, if not NULL, the fastest. */
bool sl_render_time(const sl_world *w, const char *asset_dir, const sl_render_req *req, sl_frame_motion motion,
                    int reps, double *ms, double *min_ms, char *err, size_t errlen);
/* Apply a render request's selection and overlays to a view (for the CLI
 * and the tests); false and a reason when an id is unknown. */
bool sl_view_apply_request(sl_view *v, const sl_world *w, const sl_render_req *req, char *err, size_t errlen);

/* The window. `max_frames` > 0 closes it after that many frames (for
 * smoke tests under SDL's dummy video driver); `seed` (or NULL: from the
 * clock) seeds new games. Returns the exit status: 0, or 1 when the file
 * given could not be opened. */
int sl_run_window(const char *path, const char *asset_dir, int width, int height, int max_frames,
                  const uint64_t *seed);
/* The window on a lesson (sightline lesson FILE): its steps forward and
 * back with Right/Space/PgDn and Left/Backspace/PgUp. 1 when the lesson
 * cannot be read or its scenario opened. */
int sl_run_lesson(const char *lesson_path, const char *asset_dir, int width, int height, int max_frames);
/* The window on a saved game replayed (sightline replay SAVE --window):
 * stepped through a command at a time, read-only. 1 when the save cannot
 * be loaded. */
int sl_run_replay(const char *save_path, const char *asset_dir, int width, int height, int max_frames);
/* What the next window opens with: text at scale_pct (0: 100%) and a
 * layout (SL_LAYOUT_*). */
void sl_window_start_with(int scale_pct, int layout);

/* The next window opens a second one for the room (--mirror; F11 in
 * the window): the table, the lesson's caption, the cards and the dice,
 * no controls, following the first (SDL puts it on the second display
 * where there is one). */
void sl_window_mirror(bool on);
/* How long the next window shows the last command's rolls before they
 * fade, in seconds (0: until the next command). */
void sl_window_dice_seconds(int secs);

/* Solo play in the window: when it is the solo side's turn, play one
 * command for it and show what it did. False when there was nothing to
 * play. */
bool sl_view_solo_step(sl_view *v);
/* The program plays the side with id `id` ("both": every side), as F5
 * does for it (the window's --solo). False and a reason when the game
 * has no such side or no forces. */
bool sl_view_solo_by_id(sl_view *v, const char *id, char *err, size_t errlen);
/* The next window's program plays this side (its id, or "both"; NULL:
 * none), its new game or the one resumed (--solo). */
void sl_window_solo(const char *side);

/* Where fonts and the default scenario live: $SIGHTLINE_DATA, the
 * directory holding the executable's ../share/sightline, or the source
 * tree the program was built from. */
const char *sl_data_dir(void);

#endif
