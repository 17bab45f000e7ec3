/* The window: load, draw when something changed, sleep otherwise. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "around.h"
#include "input.h"
#include "sightline/lesson.h"
#include "ui_internal.h"

typedef struct app {
    SDL_Window *win;
    SDL_Renderer *ren;
    sl_ui *ui;
    sl_world world;
    sl_view view;
    bool have_world;
    sl_play play;
    uint64_t seed;           /* for new games: given, or from the clock */
    /* the autosaved game offered at start */
    bool have_resume;
    sl_world rworld;
    sl_game rgame;
    sl_origin rorigin;
    /* a lesson shown (sightline lesson FILE): the step on screen */
    bool in_lesson;
    sl_lesson lesson;
    int step;
    /* the start screen (no file given, Ctrl+O) and a save replayed */
    ui_start start;
    ui_replay replay;
    /* the room's window (--mirror, F11): the table and the presentation's
     * strip, following this one; none when win is NULL */
    struct {
        SDL_Window *win;
        SDL_Renderer *ren;
        sl_ui *ui;
        const sl_world *world;   /* what its ui's caches were made for */
    } mirror;
} app;

/* What is drawn: the game's forces when one is in play, else the table. */
static const sl_world *shown(const app *a)
{
    return a->play.on ? &a->play.disp : &a->world;
}

/* Put a load's diagnostics on stderr and, when it failed, in the view's
 * error box so the window says why instead of closing. */
static void report(sl_view *v, const char *path, const sl_diag *d, bool failed)
{
    char line[1200];
    size_t at = 0;
    if (failed) {
        snprintf(v->error_title, sizeof v->error_title, "Could not open %s", path);
        v->error_text[0] = '\0';
    }
    for (int i = 0; i < d->n; i++) {
        sl_diag_format(&d->msgs[i], line, sizeof line);
        fprintf(stderr, "%s\n", line);
        if (failed && at + 2 < sizeof v->error_text) {
            int n = snprintf(v->error_text + at, sizeof v->error_text - at, "%s%s", at ? "\n" : "", line);
            if (n > 0)
                at += (size_t)n;
        }
    }
}

static void set_title(app *a)
{
    char title[300];
    snprintf(title, sizeof title, "sightline \xE2\x80\x94 %s", a->world.scn.name[0] ? a->world.scn.name : "no table");
    SDL_SetWindowTitle(a->win, title);
}

/* A fresh view of what is shown now, keeping the player's text size, grid
 * and labels from `old` (which it frees). */
static void new_view(app *a, sl_view *old)
{
    sl_view_init(&a->view, shown(a));
    a->view.play = &a->play;
    a->view.user_scale = old->user_scale;
    a->view.layout = old->layout;
    a->view.dice_secs = old->dice_secs;
    a->view.show_grid = old->show_grid;
    a->view.show_labels = old->show_labels;
    sl_view_free(old);
    sl_ui_set_world(a->ui, shown(a));
}

/* Open a file into the app, with the rule options `rules` chose over the
 * scenario's (NULL: none; the start screen's page). On failure the
 * current game stays. */
static bool open_file_with(app *a, const char *path, const sl_origin *rules)
{
    sl_diag d;
    sl_diag_init(&d);
    sl_world nw;
    sl_load_opts opts = {true};
    bool ok = sl_world_load_any(path, &opts, &nw, &d);
    char err[300];
    if (ok && rules && !sl_origin_rules_apply(rules, &nw.scn.options, err, sizeof err)) {
        sl_world_free(&nw);
        sl_diag_add(&d, SL_DIAG_ERROR, path, 0, 0, 0, "rules", "%s", err);
        ok = false;
    }
    if (!ok) {
        report(&a->view, path, &d, true);
        sl_diag_free(&d);
        return false;
    }
    report(&a->view, path, &d, false);
    sl_diag_free(&d);
    sl_view old = a->view;
    sl_play_free(&a->play);
    /* this scenario's own autosave: never another's game offered or overwritten */
    if (!sl_play_autosave_path(path, a->play.autosave, sizeof a->play.autosave))
        a->play.autosave[0] = '\0';
    if (a->have_world)
        sl_world_free(&a->world);
    a->world = nw;
    a->have_world = true;
    if (!sl_play_start(&a->play, &a->world, path, a->seed, err, sizeof err))
        fprintf(stderr, "sightline: %s\n", err);
    /* the next new game (the end card's N, a scenario chosen with Ctrl+O)
     * other dice: one chosen from the start screen rolled the dice of the
     * game it set aside */
    a->seed = a->seed * 6364136223846793005u + 1442695040888963407u;
    if (a->play.on)
        sl_game_begin(&a->play.game);
    char chosen[SL_ORIGIN_RULES * 100] = ""; /* the options the game was started with, kept by its saves */
    for (int i = 0; rules && i < rules->nrules; i++) {
        a->play.origin.rules[i] = rules->rules[i];
        size_t at = strlen(chosen);
        snprintf(chosen + at, sizeof chosen - at, "%s%s %s", i ? ", " : "", rules->rules[i].name,
                 rules->rules[i].value);
    }
    a->play.origin.nrules = rules ? rules->nrules : 0;
    new_view(a, &old);
    const char *base = strrchr(path, '/'); /* the file's name, not a long absolute path */
    if (chosen[0] && a->play.on)
        snprintf(a->view.status, sizeof a->view.status, "Opened %.200s: a new game with %.600s (F1 for help)",
                 base ? base + 1 : path, chosen);
    else
        snprintf(a->view.status, sizeof a->view.status, "Opened %s%s", base ? base + 1 : path,
                 a->play.on ? ": a new game (press : to type a command, F1 for help)" : "");
    set_title(a);
    return true;
}

static bool open_file(app *a, const char *path)
{
    return open_file_with(a, path, NULL);
}

/* An autosave that cannot be loaded: kept aside under a name of its own,
 * so the new game's first command does not write over it, and the player
 * told where it is (`why`: the load's first complaint). */
static void keep_unloadable(app *a, const char *why)
{
    char kept[SL_PATH_MAX + 32];
    snprintf(a->view.error_title, sizeof a->view.error_title, "The last game cannot be resumed");
    if (sl_play_keep_aside(a->play.autosave, kept, sizeof kept)) {
        fprintf(stderr, "sightline: the last game's autosave is kept as %s\n", kept);
        snprintf(a->view.error_text, sizeof a->view.error_text,
                 "Its autosave is kept, renamed, as\n%s\nso nothing of it is lost (sightline replay FILE says why "
                 "it does not load).\nThis is a new game, autosaved afresh.\n\n%s",
                 kept, why);
        return;
    }
    fprintf(stderr, "sightline: the last game's autosave, %s, could not be set aside (%s): this game is not autosaved\n",
            a->play.autosave, strerror(errno));
    snprintf(a->view.error_text, sizeof a->view.error_text,
             "Its autosave could not be set aside (%s), so it is left as it is:\n%s\nand this game is not "
             "autosaved, so as not to write over it.\n\n%s",
             strerror(errno), a->play.autosave, why);
    a->play.autosave[0] = '\0';
}

/* The game on the table is a new one for its autosave: what the slot
 * held (unless it is `opening`, the save played on) is kept as a recent
 * game and the player told; no autosave when it could not be moved. */
static void keep_last(app *a, const char *opening)
{
    char said[sizeof a->view.status];
    if (!ui_keep_last_game(a->play.autosave, opening, said, sizeof said))
        a->play.autosave[0] = '\0';
    if (said[0])
        snprintf(a->view.status, sizeof a->view.status, "%s", said);
}

/* The last game, if the autosave holds one that still replays; one that
 * does not is kept aside (keep_unloadable). */
static void find_resume(app *a)
{
    if (!a->play.autosave[0] || access(a->play.autosave, R_OK) != 0)
        return;
    sl_diag d;
    sl_diag_init(&d);
    sl_world_init(&a->rworld);
    bool ok = sl_save_load(a->play.autosave, -1, &a->rworld, &a->rgame, &a->rorigin, &d);
    char line[1200], first[1200] = "";
    for (int i = 0; i < d.n; i++) {
        sl_diag_format(&d.msgs[i], line, sizeof line);
        fprintf(stderr, "sightline: %s%s\n", ok ? "" : "the last game cannot be resumed: ", line);
        if (!first[0])
            snprintf(first, sizeof first, "%s", line);
    }
    a->play.resume_note[0] = '\0';
    if (ok) /* the save's own warning in a player's words (the loaders' notes stay on stderr) */
        sl_save_resume_note(&d, a->play.autosave, a->play.resume_note, sizeof a->play.resume_note);
    sl_diag_free(&d);
    if (!ok) {
        keep_unloadable(a, first);
        return;
    }
    if (!sl_play_resumable(&a->rgame)) { /* not begun, or played to its end: a new game */
        sl_game_free(&a->rgame);
        sl_world_free(&a->rworld);
        sl_origin_free(&a->rorigin);
        keep_last(a, NULL); /* a finished one stays under Recent games, not written over */
        return;
    }
    sl_game_moved(&a->rgame);
    a->have_resume = true;
    a->play.offer_resume = true;
    snprintf(a->play.resume_text, sizeof a->play.resume_text, "%s: turn %d, %d command%s played",
             a->rworld.scn.name, a->rgame.turn, a->rgame.ncommands, a->rgame.ncommands == 1 ? "" : "s");
}

static void drop_resume(app *a)
{
    if (!a->have_resume)
        return;
    sl_game_free(&a->rgame);
    sl_world_free(&a->rworld);
    sl_origin_free(&a->rorigin);
    a->have_resume = false;
    a->play.offer_resume = false;
}

/* A game loaded from a save becomes the table (the world, game and
 * origin are taken over); its autosave is `autosave` ("": none). */
static void adopt_game(app *a, sl_world *nw, sl_game *g, sl_origin *o, const char *autosave)
{
    sl_view old = a->view;
    sl_play_free(&a->play);
    snprintf(a->play.autosave, sizeof a->play.autosave, "%s", autosave);
    if (a->have_world)
        sl_world_free(&a->world);
    a->world = *nw;
    a->have_world = true;
    sl_play_adopt(&a->play, &a->world, g, o);
    new_view(a, &old);
    int act = sl_game_active_unit(&a->play.game);
    if (act >= 0)
        sl_view_select_unit(&a->view, act, false);
    set_title(a);
}

/* The side the next window's program plays (--solo; NULL: none). */
static const char *start_solo;

void sl_window_solo(const char *side)
{
    start_solo = side;
}

/* --solo on the game now on the table, as F5 would; false (and why on
 * standard error) when the game has no such side. */
static bool apply_solo(app *a)
{
    char err[300];
    if (!start_solo || sl_view_solo_by_id(&a->view, start_solo, err, sizeof err))
        return true;
    fprintf(stderr, "sightline: %s\n", err);
    snprintf(a->view.status, sizeof a->view.status, "%s", err);
    return false;
}

/* Take the offered game: its scenario becomes the table. */
static void resume(app *a)
{
    if (!a->have_resume)
        return;
    char what[sizeof a->play.resume_text], autosave[SL_PATH_MAX];
    snprintf(what, sizeof what, "%s", a->play.resume_text); /* sl_play_free clears it */
    snprintf(autosave, sizeof autosave, "%s", a->play.autosave); /* the scenario's own */
    adopt_game(a, &a->rworld, &a->rgame, &a->rorigin, autosave);
    a->have_resume = false;
    snprintf(a->view.status, sizeof a->view.status, "Resumed: %s", what);
    apply_solo(a);
}

static void screenshot(app *a, int w, int h)
{
    char name[96];
    time_t now = time(NULL);
    struct tm tmv;
    localtime_r(&now, &tmv);
    strftime(name, sizeof name, "sightline-%Y%m%d-%H%M%S.png", &tmv);
    ui_screenshot(a->ren, w, h, name, a->view.status, sizeof a->view.status);
}

/* Show step `step` of the lesson: its game replayed from the start to
 * the end of that step, its overlays and caption; the camera stays. */
static bool lesson_goto(app *a, int step)
{
    if (step < 0 || step >= a->lesson.nsteps)
        return false;
    char err[700], failed[700] = "";
    int failed_step = step;
    sl_view old = a->view;
    int from = 0;
    if (!sl_lesson_play_to(&a->lesson, &a->world, &a->play, step, &from, failed, sizeof failed)) {
        fprintf(stderr, "sightline: %s\n", failed);
        /* show what was played up to the step before */
        step = step > a->step ? a->step : 0;
        sl_lesson_play_to(&a->lesson, &a->world, &a->play, step, &from, err, sizeof err);
    }
    sl_view kept = old; /* its scalars: new_view frees what it owns */
    new_view(a, &old);
    a->view.hide_panel = kept.hide_panel;
    if (kept.fitted) {
        a->view.cx = kept.cx;
        a->view.cy = kept.cy;
        a->view.scale = kept.scale;
        a->view.fitted = true;
        a->view.last_table_y = kept.last_table_y;
        a->view.last_table_w = kept.last_table_w;
        a->view.last_table_h = kept.last_table_h;
        memcpy(a->view.kept_rect, kept.kept_rect, sizeof kept.kept_rect);
        memcpy(a->view.kept_cam, kept.kept_cam, sizeof kept.kept_cam);
    }
    sl_render_req req;
    memset(&req, 0, sizeof req);
    req.view = -1;
    sl_lesson_request(&a->lesson, step, &req);
    req.rolls_from = from;
    if (!sl_view_apply_request(&a->view, shown(a), &req, err, sizeof err)) {
        snprintf(a->view.error_title, sizeof a->view.error_title, "Step %d of the lesson names what is not there",
                 step + 1);
        snprintf(a->view.error_text, sizeof a->view.error_text, "%s:%d: %s", a->lesson.path, a->lesson.steps[step].line,
                 err);
    }
    a->view.mouse_x = a->view.mouse_y = -1000;
    a->step = step;
    /* (the lesson's title is in the window's title bar and the caption's
     * heading: at 1280x720 250% "Opportunity fire and overwatch (a house
     * rule): step 2 of 11" stood in a box over the caption's last row) */
    snprintf(a->view.status, sizeof a->view.status, "Step %d of %d", step + 1, a->lesson.nsteps);
    if (failed[0]) {
        snprintf(a->view.error_title, sizeof a->view.error_title, "The lesson cannot go on at step %d", failed_step + 1);
        snprintf(a->view.error_text, sizeof a->view.error_text, "%s", failed);
        return false;
    }
    return true;
}

/* A caption in pages (ui->lay.caption_pages): Right, Space or PgDn
 * (dir +1) turn to its next page, Left, Backspace or PgUp (-1) back, before
 * they step the lesson or the replay; true when one was turned. */
static bool caption_page_key(app *a, SDL_Keycode k)
{
    int dir = k == SDLK_RIGHT || k == SDLK_SPACE || k == SDLK_PAGEDOWN ? 1
              : k == SDLK_LEFT || k == SDLK_BACKSPACE || k == SDLK_PAGEUP ? -1
                                                                          : 0;
    int to = a->view.caption_page + dir;
    if (dir == 0 || to < 0 || to >= a->ui->lay.caption_pages)
        return false;
    a->view.caption_page = to;
    snprintf(a->view.status, sizeof a->view.status, "The caption, page %d of %d", to + 1, a->ui->lay.caption_pages);
    return true;
}

/* The lesson's keys: true when the event was one. */
static bool lesson_key(app *a, const SDL_Event *e)
{
    if (!a->in_lesson || e->type != SDL_KEYDOWN || a->view.pick.typing || a->view.show_help)
        return false;
    SDL_Keycode k = e->key.keysym.sym;
    bool ctrl = (e->key.keysym.mod & KMOD_CTRL) != 0;
    if (a->view.error_title[0] && (k == SDLK_ESCAPE || k == SDLK_RETURN)) {
        a->view.error_title[0] = '\0';
        return true;
    }
    if ((k != SDLK_BACKSPACE || a->view.tool != SL_TOOL_PEN) && caption_page_key(a, k))
        return true;
    if (k == SDLK_RIGHT || k == SDLK_SPACE || k == SDLK_PAGEDOWN) {
        if (a->step + 1 < a->lesson.nsteps)
            lesson_goto(a, a->step + 1);
        else
            snprintf(a->view.status, sizeof a->view.status, "The last step of the lesson (Left goes back)");
        return true;
    }
    if (k == SDLK_LEFT || (k == SDLK_BACKSPACE && a->view.tool != SL_TOOL_PEN) || k == SDLK_PAGEUP) {
        if (a->step > 0)
            lesson_goto(a, a->step - 1);
        else
            snprintf(a->view.status, sizeof a->view.status, "The first step of the lesson (Right goes on)");
        return true;
    }
    if (ctrl && k == SDLK_HOME) {
        lesson_goto(a, 0);
        return true;
    }
    return false;
}

static int run(const char *path, const char *lesson_path, const char *replay_path, const char *asset_dir, int width,
               int height, int max_frames, const uint64_t *seed);
static int open_lesson(app *a, const char *lesson_path);

/* --- the start screen and the replay viewer (around.h) -------------------- */

/* A save loaded whole (every command replayed and checked); false with
 * the loader's words in the view's error box. */
static bool load_save(app *a, const char *path, sl_world *nw, sl_game *g, sl_origin *o)
{
    sl_diag d;
    sl_diag_init(&d);
    bool ok = sl_save_load(path, -1, nw, g, o, &d);
    report(&a->view, path, &d, !ok);
    sl_diag_free(&d);
    return ok;
}

/* Out of the offer, a lesson or a replay, once something else opens
 * (the game it replaces is started afresh by what opens). */
static void leave_shows(app *a)
{
    drop_resume(a);
    if (a->in_lesson) {
        sl_lesson_free(&a->lesson);
        a->in_lesson = false;
        a->view.lesson_nsteps = 0;
    }
    ui_replay_free(&a->replay);
}

/* The status said before (`told`) and what keep_last said since, both,
 * when keep_last said something. */
static void say_both(app *a, const char *told)
{
    if (strcmp(told, a->view.status) == 0)
        return;
    char kept[sizeof a->view.status];
    snprintf(kept, sizeof kept, "%s", a->view.status);
    snprintf(a->view.status, sizeof a->view.status, "%.400s. %.560s", told, kept);
}

/* A save opened: played on (its scenario's autosave goes on from it), or
 * replayed, read-only. */
static bool open_save(app *a, const char *path, bool replay)
{
    sl_world nw;
    sl_game g;
    sl_origin o;
    if (!load_save(a, path, &nw, &g, &o))
        return false;
    leave_shows(a);
    char autosave[SL_PATH_MAX] = "";
    if (!replay && !sl_play_autosave_path(o.scenario_path, autosave, sizeof autosave))
        autosave[0] = '\0';
    if (replay && !ui_replay_take(&a->replay, path, &g)) {
        snprintf(a->view.error_title, sizeof a->view.error_title, "Could not replay %s", path);
        snprintf(a->view.error_text, sizeof a->view.error_text, "out of memory");
        sl_game_free(&g);
        sl_origin_free(&o);
        sl_world_free(&nw);
        return false;
    }
    int turn = g.turn, ncmd = g.ncommands;
    adopt_game(a, &nw, &g, &o, autosave);
    if (replay) {
        ui_replay_begin(&a->replay, &a->view, 0);
        char title[SL_PATH_MAX + 40];
        snprintf(title, sizeof title, "sightline \xE2\x80\x94 replay of %s", path);
        SDL_SetWindowTitle(a->win, title);
        return true;
    }
    char playing[400];
    const char *base = strrchr(path, '/'); /* its name: Ctrl+O lists where */
    snprintf(playing, sizeof playing, "Playing on from %.300s: turn %d, %d commands played", base ? base + 1 : path,
             turn, ncmd);
    snprintf(a->view.status, sizeof a->view.status, "%s", playing);
    keep_last(a, path); /* the scenario's autosave goes on from this save */
    say_both(a, playing);
    return true;
}

/* R on the end card: the game just played, from its first command, in
 * the replay viewer (its autosave is left as it is). */
static void replay_this_game(app *a)
{
    char label[SL_PATH_MAX];
    snprintf(label, sizeof label, "the game of %.900s just played",
             a->world.scn.name[0] ? a->world.scn.name : a->play.origin.scenario_path);
    if (!ui_replay_take(&a->replay, label, &a->play.game)) {
        snprintf(a->view.status, sizeof a->view.status, "Could not replay the game: out of memory");
        return;
    }
    ui_replay_begin(&a->replay, &a->view, 0);
    char title[SL_PATH_MAX + 40];
    snprintf(title, sizeof title, "sightline \xE2\x80\x94 replay of %s", label);
    SDL_SetWindowTitle(a->win, title);
}

/* What the start screen chose, opened in place of what is on the table;
 * a file that cannot be opened is refused on the screen, which stays. */
static void open_chosen(app *a, ui_start_act act, const char *path, sl_shelf_kind kind)
{
    a->view.error_title[0] = '\0';
    bool ok;
    if (kind == SL_SHELF_SAVE) {
        ok = open_save(a, path, act == UI_START_REPLAY);
    } else if (kind == SL_SHELF_LESSON) {
        sl_lesson probe;
        sl_diag d;
        sl_diag_init(&d);
        ok = sl_lesson_load(path, &probe, &d); /* a lesson that cannot be read leaves the table as it is */
        if (ok)
            sl_lesson_free(&probe);
        report(&a->view, path, &d, !ok);
        sl_diag_free(&d);
        if (ok) {
            leave_shows(a);
            a->view.fitted = false; /* the lesson's table in view, not the last one's camera */
            ok = open_lesson(a, path) == 0;
        }
    } else {
        /* a new game, as the screen says: an earlier one of the scenario
         * is kept under Recent games (its offer lives there) */
        sl_origin rules;
        memset(&rules, 0, sizeof rules);
        ui_rules_chosen(&a->start.rules, &rules); /* none unless chosen on the rule options page */
        ok = open_file_with(a, path, &rules);
        if (ok) {
            leave_shows(a);
            char told[sizeof a->view.status];
            snprintf(told, sizeof told, "%s", a->view.status);
            keep_last(a, NULL);
            if (rules.nrules > 0)
                say_both(a, told);
        }
    }
    if (!ok) {
        ui_start_refuse(&a->start, path, a->view.error_text);
        a->view.error_title[0] = '\0';
        return;
    }
    ui_start_close(&a->start);
}

/* Ctrl+O, or no file given: the start screen over the table. */
static void start_screen(app *a)
{
    char dir[SL_PATH_MAX], kept[SL_PATH_MAX + 200] = "";
    bool have_dir = sl_shelf_save_dir(dir, sizeof dir);
    if (a->replay.on)
        snprintf(kept, sizeof kept, "The replay on the table is closed; its save is left as it was.");
    else if (a->in_lesson)
        snprintf(kept, sizeof kept, "The lesson on the table is closed.");
    else if (a->play.on && a->play.autosave[0] && a->play.game.ncommands > 0)
        snprintf(kept, sizeof kept,
                 "The game on the table (%.200s, turn %d) is kept in its autosave: it comes back under Recent "
                 "games, until a new game of the same scenario is played.",
                 a->world.scn.name, a->play.game.turn);
    ui_start_open(&a->start, sl_data_dir(), have_dir ? dir : NULL, kept);
}

/* How long the program waits between its commands, by the view's
 * solo speed (Shift+F8): normal, fast, slow. */
static Uint32 solo_step_ms(const sl_view *v)
{
    static const Uint32 ms[] = {700, 200, 2000};
    return ms[v->solo_speed >= 0 && v->solo_speed < 3 ? v->solo_speed : 0];
}
/* The pings pulse (issue 42): true when one changed and the window (and
 * the room's) must be drawn again; *idle cut to the pulse's next frame. */
static bool pings_tick(app *a, int *idle)
{
    uint32_t wait;
    bool changed = sl_view_pings_tick(&a->view, SDL_GetTicks(), &wait);
    if (wait > 0 && (int)wait < *idle)
        *idle = (int)wait;
    return changed;
}

/* how long the pointer rests before a panned table is drawn exactly */
#define SETTLE_MS 80

int sl_run_window(const char *path, const char *asset_dir, int width, int height, int max_frames, const uint64_t *seed)
{
    return run(path, NULL, NULL, asset_dir, width, height, max_frames, seed);
}

int sl_run_lesson(const char *lesson_path, const char *asset_dir, int width, int height, int max_frames)
{
    return run(NULL, lesson_path, NULL, asset_dir, width, height, max_frames, NULL);
}

int sl_run_replay(const char *save_path, const char *asset_dir, int width, int height, int max_frames)
{
    return run(NULL, NULL, save_path, asset_dir, width, height, max_frames, NULL);
}

/* The window, its renderer and the ui's fonts and art: false when one
 * cannot be had (said on stderr, what was made undone). */
static bool open_display(app *a, const char *asset_dir, int width, int height)
{
    ui_big_pages(); /* before SDL allocates anything */
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "sightline: cannot start the display: %s\n", SDL_GetError());
        return false;
    }
    a->win = SDL_CreateWindow("sightline", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height,
                              SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (!a->win) {
        fprintf(stderr, "sightline: cannot open a window: %s\n", SDL_GetError());
        SDL_Quit();
        return false;
    }
    a->ren = SDL_CreateRenderer(a->win, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    if (!a->ren)
        a->ren = SDL_CreateRenderer(a->win, -1, SDL_RENDERER_SOFTWARE);
    if (!a->ren) {
        fprintf(stderr, "sightline: cannot draw in the window: %s\n", SDL_GetError());
        SDL_DestroyWindow(a->win);
        SDL_Quit();
        return false;
    }
    char err[512];
    a->ui = sl_ui_create(a->ren, asset_dir, err, sizeof err);
    if (!a->ui) {
        fprintf(stderr, "sightline: %s\n", err);
        SDL_DestroyRenderer(a->ren);
        SDL_DestroyWindow(a->win);
        SDL_Quit();
        return false;
    }
    return true;
}

/* What the next window opens with (sl_window_start_with). */
static int start_scale_pct, start_layout;

void sl_window_start_with(int scale_pct, int layout)
{
    start_scale_pct = scale_pct;
    start_layout = layout;
}

/* The next window opens the room's window too (--mirror). */
static bool start_mirror;

void sl_window_mirror(bool on)
{
    start_mirror = on;
}

/* How long the next window's rolls stay (sl_window_dice_seconds; -1: its default). */
static int start_dice_secs = -1;

void sl_window_dice_seconds(int secs)
{
    start_dice_secs = secs;
}

/* An empty table to stand on if the first file cannot be read. */
static void empty_table(app *a)
{
    sl_world_init(&a->world);
    sl_table_init(&a->world.scn.table, 72000, 48000);
    snprintf(a->world.scn.name, sizeof a->world.scn.name, "no table loaded");
    a->world.mat.r = 90;
    a->world.mat.g = 96;
    a->world.mat.b = 90;
    a->have_world = true;
    sl_view_init(&a->view, &a->world);
    if (start_scale_pct >= 100)
        a->view.user_scale = (float)start_scale_pct / 100.0f;
    a->view.layout = start_layout;
    if (start_dice_secs >= 0)
        a->view.dice_secs = start_dice_secs;
    sl_ui_set_world(a->ui, &a->world);
}

/* A lesson: its scenario, never an autosave offered or written; the
 * program's status (1: it cannot be shown). */
static int open_lesson(app *a, const char *lesson_path)
{
    int status = 0;
    sl_diag d;
    sl_diag_init(&d);
    sl_world nw;
    sl_load_opts opts = {true};
    if (!sl_lesson_load(lesson_path, &a->lesson, &d)) {
        report(&a->view, lesson_path, &d, true);
        status = 1;
    } else if (!sl_lesson_load_world(&a->lesson, &opts, &nw, &d)) {
        report(&a->view, lesson_path, &d, true);
        sl_lesson_free(&a->lesson);
        status = 1;
    } else {
        sl_world_free(&a->world);
        a->world = nw;
        a->in_lesson = true;
        if (!lesson_goto(a, 0))
            status = 1;
        char title[300];
        snprintf(title, sizeof title, "sightline \xE2\x80\x94 lesson: %s", a->lesson.title);
        SDL_SetWindowTitle(a->win, title);
    }
    sl_diag_free(&d);
    if (status != 0)
        fprintf(stderr, "sightline: the lesson %s cannot be shown\n", lesson_path);
    return status;
}

/* A file dropped on the window: that file opened (a lesson shown is
 * closed), the offer to resume dropped. */
/* A file given on the command line or dropped on the window, by what it
 * is: a save goes on as a game (its own autosave), a lesson starts at its
 * first step, anything else is a scenario or map. */
static bool open_any(app *a, const char *path)
{
    switch (ui_file_kind(path)) {
    case SL_SHELF_SAVE:
        return open_save(a, path, false);
    case SL_SHELF_LESSON:
        a->view.fitted = false;
        return open_lesson(a, path) == 0;
    default:
        return open_file(a, path);
    }
}

static void drop_file(app *a, char *file, int *status)
{
    drop_resume(a);
    if (a->in_lesson) {
        /* a file dropped on a lesson: that file, the lesson closed */
        sl_lesson_free(&a->lesson);
        a->in_lesson = false;
        a->view.lesson_nsteps = 0;
    }
    if (open_any(a, file)) {
        *status = 0;
        if (ui_file_kind(file) == SL_SHELF_SCENARIO)
            find_resume(a); /* a save goes on from itself */
    }
    SDL_free(file);
}

/* While the autosaved game is offered: Y or Enter resumes it, N or Esc
 * starts a new one; the offer is modal, so nothing else reaches the
 * table behind it until it is answered (Ctrl+Q still quits). True when
 * the offer took the event, with *redraw when the window must be drawn
 * again. */
static bool offer_event(app *a, const SDL_Event *e, bool *redraw)
{
    *redraw = false;
    if (!a->play.offer_resume)
        return false;
    bool key = e->type == SDL_KEYDOWN;
    if (key && (e->key.keysym.sym == SDLK_y || e->key.keysym.sym == SDLK_RETURN)) {
        resume(a);
        *redraw = true;
        return true;
    }
    if (key && (e->key.keysym.sym == SDLK_n || e->key.keysym.sym == SDLK_ESCAPE)) {
        drop_resume(a);
        snprintf(a->view.status, sizeof a->view.status, "A new game: the last one is replaced at the first command");
        *redraw = true;
        return true;
    }
    if (key && e->key.keysym.sym == SDLK_q && (e->key.keysym.mod & KMOD_CTRL))
        return false;
    if (!(key || e->type == SDL_TEXTINPUT || e->type == SDL_MOUSEBUTTONDOWN || e->type == SDL_MOUSEWHEEL))
        return false;
    if (key || e->type == SDL_MOUSEBUTTONDOWN) {
        snprintf(a->view.status, sizeof a->view.status,
                 "First answer the offer: Y or Enter resumes the last game, N or Esc starts a new one");
        *redraw = true;
    }
    return true;
}

/* While the start screen is up, it takes the events (a file dropped is
 * opened as if chosen); false for those it leaves to the window. */
static bool start_event(app *a, SDL_Event *e)
{
    if (e->type == SDL_DROPFILE) {
        open_chosen(a, UI_START_OPEN, e->drop.file, ui_file_kind(e->drop.file));
        SDL_free(e->drop.file);
        return true;
    }
    char path[SL_PATH_MAX];
    sl_shelf_kind kind = SL_SHELF_SCENARIO;
    ui_start_act act = ui_start_event(&a->start, e, path, sizeof path, &kind);
    if (act == UI_START_IGNORED)
        return false;
    if (act == UI_START_CLOSE) {
        ui_start_close(&a->start);
        snprintf(a->view.status, sizeof a->view.status, "Ctrl+O: the start screen again");
    }
    if (act == UI_START_OPEN || act == UI_START_REPLAY)
        open_chosen(a, act, path, kind);
    return true;
}

/* The replay viewer's keys; Esc with nothing else to close leaves it for
 * the start screen. */
static bool replay_event(app *a, const SDL_Event *e)
{
    if (!a->replay.on || e->type != SDL_KEYDOWN || a->view.error_title[0] || a->view.show_help)
        return false;
    SDL_Keycode k = e->key.keysym.sym;
    if (k == SDLK_ESCAPE && a->view.tool == SL_TOOL_SELECT && a->view.ruler.npts == 0) {
        start_screen(a);
        return true;
    }
    if (k == SDLK_p && (e->key.keysym.mod & KMOD_CTRL)) {
        char autosave[SL_PATH_MAX];
        if (!sl_play_autosave_path(a->play.origin.scenario_path, autosave, sizeof autosave))
            autosave[0] = '\0';
        ui_replay_play_on(&a->replay, &a->view, autosave);
        set_title(a);
        return true;
    }
    bool shift = (e->key.keysym.mod & KMOD_SHIFT) != 0;
    if (!shift && !a->view.pick.typing && !a->view.show_help && caption_page_key(a, k))
        return true;
    return ui_replay_key(&a->replay, &a->view, k, shift);
}

static bool mirror_open(app *a);
static void mirror_close(app *a);

/* One event: true when the window must be drawn again. */
static bool handle_event(app *a, SDL_Event *e, int *status)
{
    if (a->mirror.win) { /* the room's window: closed by its own button; the pointer over it does nothing */
        Uint32 mid = SDL_GetWindowID(a->mirror.win);
        if (e->type == SDL_WINDOWEVENT && e->window.windowID == mid) {
            if (e->window.event == SDL_WINDOWEVENT_CLOSE)
                mirror_close(a);
            return true;
        }
        if ((e->type == SDL_MOUSEMOTION && e->motion.windowID == mid) ||
            ((e->type == SDL_MOUSEBUTTONDOWN || e->type == SDL_MOUSEBUTTONUP) && e->button.windowID == mid) ||
            (e->type == SDL_MOUSEWHEEL && e->wheel.windowID == mid))
            return false;
    }
    if (a->start.open && start_event(a, e))
        return true;
    if (e->type == SDL_DROPFILE) {
        drop_file(a, e->drop.file, status);
        return true;
    }
    if (e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_F11 && !a->view.pick.typing) {
        if (a->mirror.win) {
            mirror_close(a);
            snprintf(a->view.status, sizeof a->view.status, "The room's window closed (F11 opens it)");
        } else
            mirror_open(a);
        return true;
    }
    if (e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_o && (e->key.keysym.mod & KMOD_CTRL)) {
        start_screen(a);
        return true;
    }
    bool redraw;
    if (offer_event(a, e, &redraw))
        return redraw;
    if (a->replay.on && ui_replay_mouse(&a->replay, a->ui, &a->view, e))
        return true;
    return replay_event(a, e) || lesson_key(a, e) || sl_input_event(a->ui, shown(a), &a->view, e);
}

/* The frame: the table, then the replay's banner or the start screen over it. */
static void frame(app *a, int ow, int oh)
{
    sl_ui_draw(a->ui, shown(a), &a->view, ow, oh);
    if (a->replay.on)
        ui_replay_draw(a->ui, &a->replay, &a->view);
    if (a->start.open)
        ui_start_draw(a->ui, &a->start, ow, oh);
}

/* Where a window w by h is made so that SDL makes it on display d: SDL
 * takes the first display holding the window's middle, so the middle
 * goes to a point of d that the displays before it do not hold (where
 * the displays are X screens of their own, all at 0,0, only a point past
 * the first's size is). False when there is none. */
static bool display_spot(int d, int w, int h, int *x, int *y)
{
    SDL_Rect b;
    if (SDL_GetDisplayBounds(d, &b) != 0)
        return false;
    const SDL_Point tries[5] = {{b.x + b.w / 2, b.y + b.h / 2},
                                {b.x + b.w - 1, b.y + b.h - 1},
                                {b.x + b.w - 1, b.y + b.h / 2},
                                {b.x + b.w / 2, b.y + b.h - 1},
                                {b.x, b.y}};
    for (int t = 0; t < 5; t++) {
        bool first = true;
        for (int o = 0; o < d && first; o++) {
            SDL_Rect ob;
            first = SDL_GetDisplayBounds(o, &ob) != 0 || !SDL_PointInRect(&tries[t], &ob);
        }
        if (first) {
            *x = tries[t].x - w / 2;
            *y = tries[t].y - h / 2;
            return true;
        }
    }
    return false;
}

/* The room's window: filling the second display where there is one (the
 * projector), else a window of 1280x720 beside this one. False (said in
 * the status bar) when it cannot be opened. */
static bool mirror_open(app *a)
{
    int x = (int)SDL_WINDOWPOS_UNDEFINED, y = x;
    SDL_Rect b = {0, 0, 1280, 720};
    bool second = SDL_GetNumVideoDisplays() > 1 && SDL_GetDisplayBounds(1, &b) == 0 && b.w > 0 && b.h > 0 &&
                  display_spot(1, b.w, b.h, &x, &y);
    if (!second)
        b = (SDL_Rect){0, 0, 1280, 720}, x = y = (int)SDL_WINDOWPOS_UNDEFINED;
    a->mirror.win = SDL_CreateWindow("sightline \xE2\x80\x94 for the room", x, y, b.w, b.h,
                                     SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (a->mirror.win)
        a->mirror.ren = SDL_CreateRenderer(a->mirror.win, -1, SDL_RENDERER_SOFTWARE);
    if (a->mirror.ren && second && (x != b.x || y != b.y)) /* made on its display: now filling it (after */
        SDL_SetWindowPosition(a->mirror.win, b.x, b.y);     /* the renderer, which puts it back) */
    char err[300] = "";
    if (a->mirror.ren)
        a->mirror.ui = sl_ui_create(a->mirror.ren, a->ui->asset_dir, err, sizeof err);
    if (!a->mirror.ui) {
        snprintf(a->view.status, sizeof a->view.status, "The room's window cannot be opened: %.200s",
                 err[0] ? err : SDL_GetError());
        if (a->mirror.ren)
            SDL_DestroyRenderer(a->mirror.ren);
        if (a->mirror.win)
            SDL_DestroyWindow(a->mirror.win);
        memset(&a->mirror, 0, sizeof a->mirror);
        return false;
    }
    sl_ui_set_opts(a->mirror.ui, &(sl_ui_opts){true, false, true});
    a->mirror.world = NULL;
    snprintf(a->view.status, sizeof a->view.status, "The room's window%s: the table and the cards, no controls (F11 closes it)",
             second ? "" : " (not on a second display: drag it to the projector)");
    return true;
}

static void mirror_close(app *a)
{
    if (!a->mirror.win)
        return;
    sl_ui_destroy(a->mirror.ui);
    SDL_DestroyRenderer(a->mirror.ren);
    SDL_DestroyWindow(a->mirror.win);
    memset(&a->mirror, 0, sizeof a->mirror);
}

void ui_mirror_view(const sl_view *demo, const SDL_FRect *demo_table, const sl_ui *room, sl_view *m)
{
    *m = *demo; /* a copy: its selection is only read */
    m->hide_panel = true;
    m->layout = SL_LAYOUT_PRESENTATION;
    m->mouse_in_table = false;
    m->mouse_x = m->mouse_y = -1000;
    m->tip_off = true;
    m->show_help = false;
    m->error_title[0] = '\0';
    m->ruler.npts = 0;
    m->last_table_h = 0;
    /* the demonstrator's look at one side is his own: the room sees the
     * side whose turn it is (the referee's view only when he shows it) */
    if (m->fog_mode == SL_FOG_SIDE)
        m->fog_mode = SL_FOG_FOLLOW;
    m->fog_handover = demo->fog_waiting; /* blank while he hands over, never a hand-over of its own */
    /* the demonstrator's view: what he sees of the table, centred and as
     * large as the room's table region holds (fitted whole until that
     * region is known, after the room's first frame) */
    const SDL_FRect *R = &room->lay.table;
    if (!demo->fitted || demo_table->w <= 0 || demo_table->h <= 0 || R->w <= 0 || R->h <= 0) {
        m->fitted = false;
        return;
    }
    m->fitted = true;
    m->cx = demo->cx;
    m->cy = demo->cy;
    m->scale = demo->scale * fmin((double)R->w / demo_table->w, (double)R->h / demo_table->h);
}

/* One frame of the room's window from the demonstrator's view. Its
 * camera is fitted to the table region the room laid out last; when this
 * frame lays the room out anew (a card or a caption widened its strip,
 * the text size changed) the camera is fitted again and the frame drawn
 * again, at most twice more, so the room never shows a cut table until
 * the next event. */
void ui_mirror_draw(const sl_view *demo, const SDL_FRect *demo_table, sl_ui *room, const sl_world *w,
                    float pixel_ratio, int ow, int oh, sl_view *m)
{
    for (int pass = 0; pass < 3; pass++) {
        SDL_FRect before = room->lay.table;
        ui_mirror_view(demo, demo_table, room, m);
        m->pixel_ratio = pixel_ratio;
        sl_ui_draw(room, w, m, ow, oh);
        const SDL_FRect *R = &room->lay.table;
        if (R->x == before.x && R->y == before.y && R->w == before.w && R->h == before.h)
            break;
    }
}

/* The room's window drawn from this one's view (ui_mirror_view): the
 * same game, lesson, cards and camera, without the pointer, help or
 * messages. */
static void mirror_draw(app *a)
{
    if (!a->mirror.win)
        return;
    const sl_world *w = shown(a);
    if (a->mirror.world != w) {
        sl_ui_set_world(a->mirror.ui, w);
        a->mirror.world = w;
    }
    int ow, oh, ww, wh;
    SDL_GetRendererOutputSize(a->mirror.ren, &ow, &oh);
    SDL_GetWindowSize(a->mirror.win, &ww, &wh);
    sl_view m;
    ui_mirror_draw(&a->view, &a->ui->lay.table, a->mirror.ui, w, ww > 0 ? (float)ow / (float)ww : 1.0f, ow, oh, &m);
    SDL_RenderPresent(a->mirror.ren);
}

/* Draw the window (and a screenshot when one was asked for). */
static void draw(app *a)
{
    int ow, oh, ww, wh;
    SDL_GetRendererOutputSize(a->ren, &ow, &oh);
    SDL_GetWindowSize(a->win, &ww, &wh);
    a->view.pixel_ratio = ww > 0 ? (float)ow / (float)ww : 1.0f;
    frame(a, ow, oh);
    if (a->view.want_screenshot) {
        a->view.want_screenshot = false;
        screenshot(a, ow, oh);
        frame(a, ow, oh); /* show the message */
    }
    SDL_RenderPresent(a->ren);
    mirror_draw(a);
}

static void close_app(app *a)
{
    mirror_close(a);
    drop_resume(a);
    ui_start_close(&a->start);
    ui_replay_free(&a->replay);
    if (a->in_lesson)
        sl_lesson_free(&a->lesson);
    sl_view_free(&a->view);
    sl_play_free(&a->play);
    sl_world_free(&a->world);
    sl_ui_destroy(a->ui);
    SDL_DestroyRenderer(a->ren);
    SDL_DestroyWindow(a->win);
    TTF_Quit();
    SDL_Quit();
}

static int run(const char *path, const char *lesson_path, const char *replay_path, const char *asset_dir, int width,
               int height, int max_frames, const uint64_t *seed)
{
    app a;
    memset(&a, 0, sizeof a);
    sl_play_init(&a.play);
    a.seed = seed ? *seed : ((uint64_t)time(NULL) * 2654435761u) ^ (uint64_t)getpid();
    if (!open_display(&a, asset_dir, width, height))
        return 1;
    empty_table(&a);
    int status = 0;
    if (lesson_path) {
        status = open_lesson(&a, lesson_path);
    } else if (replay_path) {
        if (!open_save(&a, replay_path, true))
            status = 1;
    } else {
        if (path && !open_any(&a, path))
            status = 1;
        set_title(&a);
        if (!path || ui_file_kind(path) == SL_SHELF_SCENARIO)
            find_resume(&a); /* a save goes on from itself */
        if (!path)
            start_screen(&a); /* no file given: the way in */
        else if (status == 0 && !apply_solo(&a)) {
            close_app(&a); /* a side it does not have: bad usage, said on standard error */
            return 2;
        }
    }
    SDL_EventState(SDL_DROPFILE, SDL_ENABLE);
    SDL_StartTextInput();
    if (start_mirror)
        mirror_open(&a);

    bool dirty = true, settle = false;
    int frames = 0;
    Uint32 solo_at = 0;
    while (!a.view.quit && (max_frames <= 0 || frames < max_frames)) {
        SDL_Event e;
        /* solo play goes a command at a time, slowly enough to follow */
        bool solo = !a.in_lesson && !a.start.open && !a.play.offer_resume && !a.view.solo_paused &&
                    sl_play_solo_turn(&a.play) >= 0;
        if (solo && SDL_GetTicks() - solo_at >= solo_step_ms(&a.view)) {
            solo_at = SDL_GetTicks();
            if (sl_view_solo_step(&a.view))
                dirty = true;
        }
        /* the last command's rolls fade in their time */
        uint32_t rolls_wait;
        if (sl_view_rolls_tick(&a.view, SDL_GetTicks(), &rolls_wait))
            dirty = true;
        int idle = solo ? (int)solo_step_ms(&a.view) / 4 : 1000;
        if (rolls_wait > 0 && (int)rolls_wait < idle)
            idle = (int)rolls_wait;
        if (pings_tick(&a, &idle))
            dirty = true;
        /* a frame drawn with the table moved by whole pixels (a pan under
         * way) is drawn exactly once the pointer has rested a moment */
        bool got = dirty    ? SDL_PollEvent(&e)
                   : settle ? SDL_WaitEventTimeout(&e, SETTLE_MS)
                            : SDL_WaitEventTimeout(&e, idle);
        if (!dirty && settle && !got)
            dirty = true;
        while (got) {
            if (handle_event(&a, &e, &status))
                dirty = true;
            got = SDL_PollEvent(&e);
        }
        if (a.view.want_new_game) {
            /* N on the end card: the same scenario again, other dice */
            char again[SL_PATH_MAX];
            snprintf(again, sizeof again, "%s", a.play.origin.scenario_path);
            a.view.want_new_game = false;
            if (!open_file(&a, again))
                snprintf(a.view.status, sizeof a.view.status, "Could not open %.900s again", again);
            else
                leave_shows(&a); /* a new game from a replay's end: the replay is over */
            dirty = true;
        }
        if (a.view.want_replay) {
            a.view.want_replay = false;
            replay_this_game(&a);
            dirty = true;
        }
        if (!dirty)
            continue;
        draw(&a);
        settle = ui_settling(a.ui);
        dirty = max_frames > 0; /* smoke tests draw every pass */
        if (a.start.open && ui_start_thumb_step(a.ui, &a.start))
            dirty = true; /* the start screen's next picture drawn: a frame to show it */
        frames++;
    }
    close_app(&a);
    return status;
}
