/* Around the game (issue 42): the start screen, a way in without the
 * command line (startscreen.c), and the replay viewer of a saved game
 * (replayview.c). The window (window.c) opens what they choose; they
 * draw over its frame and take its keys while they are up. Internal. */
#ifndef SIGHTLINE_UI_AROUND_H
#define SIGHTLINE_UI_AROUND_H

#include <SDL.h>
#include <stdbool.h>

#include "sightline/save.h"
#include "sightline/shelf.h"
#include "ui_internal.h"

/* --- the start screen ------------------------------------------------------ */

#define UI_START_ROWS 96
#define UI_RULES_MAX 64

/* The rule options of the scenario chosen on the start screen (Tab): its
 * ruleset's options, each at the scenario's value with its documented
 * default beside it, changed by keys for the new game (ruleopts.c). */
typedef struct ui_rules_page {
    bool open;
    char path[SL_PATH_MAX];       /* the scenario they are for */
    char name[160], ruleset[80];  /* its name, the rules it is played by */
    sl_options file, now;         /* as the scenario gives them; as chosen */
    const sl_option_desc *d[UI_RULES_MAX];
    int n, sel, top;
} ui_rules_page;

typedef struct ui_start {
    bool open;
    sl_shelf shelf;
    char filter[SL_PATH_MAX]; /* typed: filters the list, or a file's path to open */
    int vis[UI_START_ROWS];   /* the shelf's entries shown, in order; -1: "Open a file" (always last) */
    int nvis;
    int sel;                  /* the chosen row of vis */
    int top;                  /* the first row drawn (scrolled) */
    int hover_replay;         /* the row whose Replay box is under the pointer, -1 */
    char game_kept[SL_PATH_MAX + 200]; /* where the game on the table is kept, "" when there is none */
    char refused_title[SL_PATH_MAX + 40]; /* the last file refused, and the loader's words */
    char refused[2048];
    char hint[300];
    /* where the rows were drawn, for the mouse */
    SDL_FRect row_box[UI_START_ROWS], replay_box[UI_START_ROWS];
    int row_vis[UI_START_ROWS];
    int nboxes;
    /* each scenario's and lesson's picture, drawn by the program one a
     * frame while the screen is up (thumb_todo: how many are still to
     * draw; a table that cannot be drawn is left without) */
    SDL_Texture **thumb;
    bool *thumb_tried;
    int thumb_todo;
    struct ui_painter *painter; /* the one renderer and ui they are all drawn with */
    ui_rules_page rules;        /* open over the list while the options are chosen */
} ui_start;

typedef enum ui_start_act {
    UI_START_IGNORED, /* not the start screen's: the window's own (F2, F12, Ctrl+Q) */
    UI_START_TOOK,    /* taken (a redraw) */
    UI_START_OPEN,    /* open the chosen file (a save: play on from it) */
    UI_START_REPLAY,  /* replay the chosen save */
    UI_START_CLOSE    /* back to the table */
} ui_start_act;

/* Open the start screen: the shelf read afresh; `kept` says where the
 * game on the table is kept ("" or NULL: none). */
void ui_start_open(ui_start *st, const char *data_dir, const char *save_dir, const char *kept);
void ui_start_close(ui_start *st);
/* An event while it is open: what to do, and the file chosen (`path`)
 * and its kind. */
ui_start_act ui_start_event(ui_start *st, const SDL_Event *e, char *path, size_t len, sl_shelf_kind *kind);
/* A file the window could not open: the screen stays, and says why. */
void ui_start_refuse(ui_start *st, const char *path, const char *why);
/* Over the whole window (after sl_ui_draw, whose scale it keeps). */
void ui_start_draw(sl_ui *ui, ui_start *st, int w, int h);
/* Draw the next thumbnail not yet drawn (one a call, so the screen shows
 * its progress): true when one was drawn (the screen wants a frame). */
bool ui_start_thumb_step(sl_ui *ui, ui_start *st);
/* The row chosen: its entry (NULL for "Open a file"). */
const sl_shelf_entry *ui_start_chosen(const ui_start *st);
/* What a file is, from its first bytes: a save, a lesson, else a
 * scenario or map. */
sl_shelf_kind ui_file_kind(const char *path);

/* A new game is about to be autosaved to `slot` (its scenario's): an
 * earlier game begun there (unless it is `opening` itself, a save played
 * on where it stopped) is kept as a recent game, never written over, and
 * `said` tells the player so ("" when there was nothing to keep). False
 * when it could not be moved: the new game must then not be autosaved. */
bool ui_keep_last_game(const char *slot, const char *opening, char *said, size_t len);

/* Open the rule options of scenario `path` (the page over the list); false
 * with the loader's words in `why` when it cannot be read. */
bool ui_rules_open(ui_rules_page *p, const char *path, char *why, size_t len);
/* A key while the page is open: Enter gives UI_START_OPEN (the game
 * started with these options, `path` the scenario), Esc closes the page. */
ui_start_act ui_rules_key(ui_rules_page *p, SDL_Keycode k, char *path, size_t len, sl_shelf_kind *kind);
void ui_rules_draw(sl_ui *ui, ui_rules_page *p, int w, int h);
/* The options chosen that differ from the scenario's, by name and value
 * as a scenario writes them, into o->rules (the game's origin, which its
 * saves keep); how many. None when the page is not open. */
int ui_rules_chosen(const ui_rules_page *p, sl_origin *o);

/* --- the replay viewer ----------------------------------------------------- */

typedef struct ui_replay {
    bool on;
    char path[SL_PATH_MAX];
    char **cmds;              /* the save's commands, in order */
    int n;
    int *ev_at;               /* each command's event in the saved journal */
    int *turn_of;             /* the turn each was given in */
    int at;                   /* commands played on the table shown (0: the start) */
    int side_n[SL_MAX_SIDES]; /* the commands each side reads in the whole game (fog of war) */
    bool dragging;            /* the timeline's knob held by the mouse */
    char longest[1200];       /* the game's longest caption: the strip is sized by it */
} ui_replay;

/* Take the commands of a saved game (sl_save_load's), to step through. */
bool ui_replay_take(ui_replay *r, const char *path, const sl_game *g);
void ui_replay_free(ui_replay *r);
/* The view's game made the replay's: read-only, no autosave, the
 * referee's view, at step `at`. */
void ui_replay_begin(ui_replay *r, sl_view *v, int at);
/* Go to the table after `k` commands: the view's game, the rolls of that
 * step shown. */
bool ui_replay_goto(ui_replay *r, sl_view *v, int k);
/* The replay's keys: Left/Right (Space/Backspace) a command,
 * Shift+Left/Right a turn, Home/End the start and the end, F6 whose
 * view; true when taken. */
bool ui_replay_key(ui_replay *r, sl_view *v, SDL_Keycode k, bool shift);
/* Where the replay is, for the status bar: "Replay of FILE, command 12
 * of 80, turn 2, referee's view" (what the step did is the caption
 * strip's: the bar repeating it stood a box over the timeline). */
void ui_replay_caption(const ui_replay *r, const sl_view *v, char *out, size_t len);
/* The timeline along the foot of the caption strip, after sl_ui_draw. */
void ui_replay_draw(sl_ui *ui, const ui_replay *r, const sl_view *v);
/* The mouse on the timeline: a click goes to that step, a drag scrubs
 * through the game; true when taken (the event is the timeline's). */
bool ui_replay_mouse(ui_replay *r, const sl_ui *ui, sl_view *v, const SDL_Event *e);
/* Ctrl+P: play on from the step shown, a game again (the replay is
 * over), autosaved to `autosave` ("" or NULL: not at all); the save
 * replayed is never written. */
void ui_replay_play_on(ui_replay *r, sl_view *v, const char *autosave);

#endif
