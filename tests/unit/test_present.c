/* Issue 40, "Done means": every shipped lesson step and every shipped
 * scenario's first decision, drawn as the window draws it at 1280x720,
 * 1920x1080 and 3840x2160, at 100%, 150%, 200% and 250% (or the largest
 * that fits, as the window does): no words cut in a card, a caption or a
 * hand-over, no label over another, no card on the table over what the
 * step or decision asks to keep clear; a lesson keeps a table at least
 * half the window's height and shows every unit's rolls of its step. No
 * picture is written (the checks are made while drawing), so the whole
 * sweep stays within a few minutes. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "input.h"
#include "sightline/lesson.h"
#include "sightline/play.h"
#include "sightline/ui.h"
#include "ui_internal.h"

static const int sizes[][2] = {{1280, 720}, {1920, 1080}, {3840, 2160}};
static const int scales[] = {100, 150, 200, 250};
#define NSIZES (int)(sizeof sizes / sizeof sizes[0])
#define NSCALES (int)(sizeof scales / sizeof scales[0])

static const char *const lessons[] = {"ambush", "boggy-ground", "fae-bunker", "fireteams", "overwatch", "recovery"};
static const char *const scenarios[] = {"ambush", "bunker", "default", "fireteams", "hidden", "outpost", "town"};

static int problems;

/* One picture's checks: what is wrong, said with where. */
static void check_one(const sl_world *w, sl_render_req *req, const char *what)
{
    char assets[1100], err[600];
    snprintf(assets, sizeof assets, "%s/assets", SL_SOURCE_DIR);
    sl_render_check c;
    req->check = &c;
    req->out_path = NULL;
    req->text = req->hud = true;
    if (!sl_render_png(w, assets, req, err, sizeof err))
        fail_msg("%s: %s", what, err);
    bool lesson = req->lesson_nsteps > 0;
    bool small = lesson && c.table_h < 0.5f * (float)req->height;
    /* a lesson step's rolls, what it is about, each shown (a box, else
     * the status bar's line of rolls) */
    bool rolls = lesson && c.rolls_shown < c.rolls;
    if (c.cuts || c.overlaps || c.covers || small || rolls) {
        problems++;
        print_message("%s %dx%d at %d%% (drawn at %.0f%%, %s): %s%s%s\n", what, req->width, req->height, req->scale_pct,
                      c.scale * 100, c.present ? "presentation" : "table", c.what,
                      small ? " (the table under half the window's height)" : "",
                      rolls ? " (not every unit's rolls shown)" : "");
    }
}

/* A shipped lesson (maps/lessons/NAME.json) loaded, its world and a
 * game for its steps; lesson_close frees them. */
static void lesson_open(const char *name, sl_lesson *l, sl_world *w, sl_play *play)
{
    char path[600];
    snprintf(path, sizeof path, "%s/maps/lessons/%s.json", SL_SOURCE_DIR, name);
    sl_diag d;
    sl_diag_init(&d);
    if (!sl_lesson_load(path, l, &d))
        fail_msg("%s did not load", path);
    sl_diag_free(&d);
    sl_load_opts opts = {true};
    assert_true(sl_lesson_load_world(l, &opts, w, NULL));
    sl_play_init(play);
}

static void lesson_close(sl_lesson *l, sl_world *w, sl_play *play)
{
    sl_play_free(play);
    sl_world_free(w);
    sl_lesson_free(l);
}

/* The request that draws a lesson's step (its rolls from `from`) at
 * wd x ht and pct%. */
static void lesson_req(sl_render_req *req, const sl_lesson *l, int step, int from, sl_play *play, int wd, int ht,
                       int pct)
{
    memset(req, 0, sizeof *req);
    req->view = -1;
    sl_lesson_request(l, step, req);
    req->rolls_from = from;
    req->play = play;
    req->width = wd;
    req->height = ht;
    req->scale_pct = pct;
}

static void test_lessons(void **state)
{
    (void)state;
    for (size_t li = 0; li < sizeof lessons / sizeof lessons[0]; li++) {
        sl_lesson l;
        sl_world w;
        sl_play play;
        lesson_open(lessons[li], &l, &w, &play);
        for (int step = 0; step < l.nsteps; step++) {
            char err[600];
            int from = 0;
            if (!sl_lesson_play_to(&l, &w, &play, step, &from, err, sizeof err))
                fail_msg("%s: %s", lessons[li], err);
            for (int z = 0; z < NSIZES; z++)
                for (int k = 0; k < NSCALES; k++) {
                    sl_render_req req;
                    lesson_req(&req, &l, step, from, &play, sizes[z][0], sizes[z][1], scales[k]);
                    char what[200];
                    snprintf(what, sizeof what, "lesson %s step %d", lessons[li], step + 1);
                    check_one(&w, &req, what);
                }
        }
        lesson_close(&l, &w, &play);
    }
}

/* The lesson steps (lesson, step from 1) that still cannot be drawn at
 * 1280x720 250%: a decision's card, a sight card or the step's rolls,
 * each some 250-450 px high at 250%, do not stand whole in the strip
 * under even three rows of the caption, and on the table they would hide
 * what the step is about; the window draws them at the largest size
 * that fits and says so in the status bar. */
static const struct {
    const char *lesson;
    int step;
} not_at_250[] = {
    {"ambush", 1},    {"ambush", 2},    {"ambush", 3},    {"ambush", 4},    {"ambush", 5},
    {"ambush", 6},    {"fae-bunker", 1}, {"fae-bunker", 3}, {"fae-bunker", 4}, {"fae-bunker", 5},
    {"fae-bunker", 6}, {"fae-bunker", 7}, {"fae-bunker", 8}, {"fireteams", 1},  {"fireteams", 4},
    {"overwatch", 1}, {"overwatch", 3}, {"overwatch", 7}, {"overwatch", 8}, {"overwatch", 10},
    {"overwatch", 11},
};

static bool known_not_at_250(const char *lesson, int step)
{
    for (size_t i = 0; i < sizeof not_at_250 / sizeof not_at_250[0]; i++)
        if (strcmp(not_at_250[i].lesson, lesson) == 0 && not_at_250[i].step == step)
            return true;
    return false;
}

/* Issue 40's Build 2: the steps of the shipped lessons at 1280x720 250%
 * drawn at 250% (the window fell back on every one: overwatch to 125%,
 * recovery to 150%, the rest to 200%), their caption whole (in pages
 * where one page cannot hold it, each page drawn and none cut), their
 * cards and rolls whole and shown, and a table at least half the
 * window's height; the steps above at the size the window falls to,
 * whole as well, and saying so on the caption's keys row ("150%: 250%
 * does not fit", or a shorter form where the row is narrow). */
static void test_lessons_720_at_250(void **state)
{
    (void)state;
    int bad = 0, at_250 = 0, steps = 0, unsaid = 0;
    for (size_t li = 0; li < sizeof lessons / sizeof lessons[0]; li++) {
        char err[600], assets[1100];
        snprintf(assets, sizeof assets, "%s/assets", SL_SOURCE_DIR);
        sl_lesson l;
        sl_world w;
        sl_play play;
        lesson_open(lessons[li], &l, &w, &play);
        for (int step = 0; step < l.nsteps; step++) {
            int from = 0;
            if (!sl_lesson_play_to(&l, &w, &play, step, &from, err, sizeof err))
                fail_msg("%s: %s", lessons[li], err);
            int pages = 1;
            for (int page = 0; page < pages; page++) {
                sl_render_req req;
                lesson_req(&req, &l, step, from, &play, 1280, 720, 250);
                req.caption_page = page;
                sl_render_check c;
                req.check = &c;
                req.text = req.hud = true;
                if (!sl_render_png(&w, assets, &req, err, sizeof err))
                    fail_msg("%s", err);
                pages = c.caption_pages > 1 ? c.caption_pages : 1;
                bool full = c.scale >= 2.5f - 1e-3f;
                if (page == 0) {
                    steps++;
                    at_250 += full;
                }
                if (!full && !c.scale_said) { /* a smaller size than asked, not said on the caption */
                    unsaid++;
                    print_message("lesson %s step %d page %d of %d at 1280x720 250%%: drawn at %.0f%%, not said\n",
                                  lessons[li], step + 1, page + 1, pages, c.scale * 100);
                }
                if ((!full && !known_not_at_250(lessons[li], step + 1)) || c.cuts || c.table_h < 360 || c.covers || c.rolls_shown < c.rolls ||
                    pages < 1) {
                    bad++;
                    print_message("lesson %s step %d page %d of %d at 1280x720 250%%: drawn at %.0f%%, table %.0f px "
                                  "high, %d cards on the table (%d over the step), rolls of %d of %d units shown%s%s\n",
                                  lessons[li], step + 1, page + 1, pages, c.scale * 100, c.table_h, c.on_table, c.covers,
                                  c.rolls_shown, c.rolls, c.cuts ? ", " : "", c.cuts ? c.what : "");
                }
            }
        }
        lesson_close(&l, &w, &play);
    }
    print_message("%d of %d lesson steps drawn at 250%% at 1280x720\n", at_250, steps);
    if (bad || unsaid)
        fail_msg("%d lesson pictures at 1280x720 250%% not drawn whole at 250%%, %d drawn smaller without saying so",
                 bad, unsaid);
}

/* A shipped lesson's step (from 0) drawn at each of these sizes and
 * scales: its cards all in the strip, none on the table, none cut. */
static void lesson_cards_in_strip(const char *name, int step, const int looks[][3], size_t nlooks)
{
    char err[600];
    sl_lesson l;
    sl_world w;
    sl_play play;
    lesson_open(name, &l, &w, &play);
    int from = 0;
    if (!sl_lesson_play_to(&l, &w, &play, step, &from, err, sizeof err))
        fail_msg("%s: %s", name, err);
    for (size_t i = 0; i < nlooks; i++) {
        sl_render_req req;
        lesson_req(&req, &l, step, from, &play, looks[i][0], looks[i][1], looks[i][2]);
        sl_render_check c;
        char assets[1100];
        snprintf(assets, sizeof assets, "%s/assets", SL_SOURCE_DIR);
        req.check = &c;
        req.text = req.hud = true;
        if (!sl_render_png(&w, assets, &req, err, sizeof err))
            fail_msg("%s", err);
        if (c.on_table || c.cuts || c.overlaps)
            fail_msg("%s step %d at %dx%d %d%% (drawn at %.0f%%): %d cards on the table%s%s", name, step + 1,
                     req.width, req.height, req.scale_pct, c.scale * 100, c.on_table, c.cuts || c.overlaps ? ", " : "",
                     c.cuts || c.overlaps ? c.what : "");
        /* and the rolls the step is about, beside them (the ambush's
         * step 4 at 1280x720 200% showed its card and none of them) */
        if (c.rolls_shown < c.rolls)
            fail_msg("%s step %d at %dx%d %d%% (drawn at %.0f%%): the rolls of %d of %d units shown", name, step + 1,
                     req.width, req.height, req.scale_pct, c.scale * 100, c.rolls_shown, c.rolls);
    }
    lesson_close(&l, &w, &play);
}

/* Leftover of point 1: the overwatch lesson's step 3 at 1920x1080 200%
 * (the opportunity-fire card, 398 px, under a caption that left 361):
 * the card stands in the strip, not on the table over the marines' way
 * and the best point the caption says is drawn. */
static void test_lesson_card_in_strip(void **state)
{
    (void)state;
    static const int looks[][3] = {{1920, 1080, 200}, {1920, 1080, 250}, {1280, 720, 200}, {1280, 720, 250}};
    lesson_cards_in_strip("overwatch", 2, looks, sizeof looks / sizeof looks[0]);
}

/* Point 3: the ambush lesson's step 4 at 1280x720 200% (drawn at 125%):
 * the ambusher's decision card, taller than the room under the caption,
 * fell on the table over the stretch of road the card says to click.
 * At 1920x1080 200% it did so still (no strip up to 55% of the window
 * held it at 200%: the text is now drawn at 150%); and where the strip
 * held the card, it had no room for the two nerve tests the step is
 * about (now beside it, or in the status bar's line of rolls). */
static void test_ambush_lesson_card_in_strip(void **state)
{
    (void)state;
    static const int looks[][3] = {{1280, 720, 200}, {1280, 720, 250}, {1280, 720, 150}, {1920, 1080, 200},
                                   {1920, 1080, 250}};
    lesson_cards_in_strip("ambush", 3, looks, sizeof looks / sizeof looks[0]);
}

/* The ambush lesson's step 4 in the table layout (F10, or lesson
 * --layout table): the ambusher's card and the two nerve tests' dice
 * cards lay over the yellow stretch of road the card says to click. At
 * each size and scale, no card on the table over what the decision asked
 * to keep clear. */
static void test_ambush_lesson_table_stretch_clear(void **state)
{
    (void)state;
    static const int looks[][3] = {{1280, 720, 100}, {1280, 720, 150}, {1280, 720, 200}, {1280, 800, 100},
                                   {1920, 1080, 100}, {1920, 1080, 200}, {1920, 1080, 250}};
    char err[600], assets[1100];
    snprintf(assets, sizeof assets, "%s/assets", SL_SOURCE_DIR);
    sl_lesson l;
    sl_world w;
    sl_play play;
    lesson_open("ambush", &l, &w, &play);
    int from = 0, bad = 0;
    if (!sl_lesson_play_to(&l, &w, &play, 3, &from, err, sizeof err))
        fail_msg("ambush: %s", err);
    for (size_t i = 0; i < sizeof looks / sizeof looks[0]; i++) {
        sl_render_req req;
        lesson_req(&req, &l, 3, from, &play, looks[i][0], looks[i][1], looks[i][2]);
        req.layout = SL_LAYOUT_TABLE;
        sl_render_check c;
        req.check = &c;
        req.text = req.hud = true;
        if (!sl_render_png(&w, assets, &req, err, sizeof err))
            fail_msg("%s", err);
        if (c.covers) {
            bad++;
            print_message("ambush step 4 at %dx%d %d%% (drawn at %.0f%%, %s): %s\n", looks[i][0], looks[i][1],
                          looks[i][2], c.scale * 100, c.present ? "presentation" : "table", c.what);
        }
    }
    lesson_close(&l, &w, &play);
    assert_int_equal(bad, 0);
}

/* Issue 40's walk, point 1: the overwatch lesson's last step at 1280x720
 * 250% held a sight card, then the "who goes first" card: the strip
 * overfilled and the second card was drawn over the first's last line.
 * Cards in the strip never overlap: the decision keeps its room and the
 * card before it is left out, said so in a line. */
static void test_strip_cards_apart(void **state)
{
    (void)state;
    static const int looks[][3] = {{1280, 720, 250}, {1280, 720, 200}, {1280, 720, 150}, {1920, 1080, 250}};
    lesson_cards_in_strip("overwatch", 10, looks, sizeof looks / sizeof looks[0]);
}

/* A shipped scenario's (maps/NAME.json) game started with this seed, not
 * yet begun (its dice may be scripted first). */
static void scenario_game(const char *name, uint64_t seed, sl_world *w, sl_play *play)
{
    char path[600], err[600];
    snprintf(path, sizeof path, "%s/maps/%s.json", SL_SOURCE_DIR, name);
    sl_load_opts opts = {true};
    assert_true(sl_world_load_any(path, &opts, w, NULL));
    sl_play_init(play);
    if (!sl_play_start(play, w, path, seed, err, sizeof err))
        fail_msg("%s: %s", path, err);
}

/* Each line played, or the test fails naming it. */
static void play_lines(sl_play *play, const char *const *lines, size_t n)
{
    char err[600];
    for (size_t i = 0; i < n; i++)
        if (!sl_play_do_line(play, lines[i], err, sizeof err))
            fail_msg("%s: %s", lines[i], err);
}

/* A shipped scenario (maps/NAME.json) loaded and its game begun, seed 1. */
static void start_scenario(const char *name, char *path, size_t len, sl_world *w, sl_play *play)
{
    snprintf(path, len, "%s/maps/%s.json", SL_SOURCE_DIR, name);
    scenario_game(name, 1, w, play);
    sl_game_begin(&play->game);
}

static void test_scenarios(void **state)
{
    (void)state;
    for (size_t si = 0; si < sizeof scenarios / sizeof scenarios[0]; si++) {
        char path[600];
        sl_world w;
        sl_play play;
        start_scenario(scenarios[si], path, sizeof path, &w, &play);
        /* the first decision, in the view of the side that makes it */
        int view = -1;
        for (int s = 0; s < play.game.live.nsides && w.scn.nsides > 0; s++) {
            static sl_decision_view dv;
            if (sl_game_decision(&play.game, s, -1, 0, &dv) && dv.side == s)
                view = s;
        }
        for (int z = 0; z < NSIZES; z++)
            for (int k = 0; k < NSCALES; k++) {
                sl_render_req req;
                memset(&req, 0, sizeof req);
                req.view = view;
                req.play = &play;
                req.width = sizes[z][0];
                req.height = sizes[z][1];
                req.scale_pct = scales[k];
                char what[200];
                snprintf(what, sizeof what, "scenario %s, first decision", scenarios[si]);
                check_one(&w, &req, what);
            }
        sl_play_free(&play);
        sl_world_free(&w);
    }
}

/* --- the points fixed one by one (issue 40's list), each on a real game ----- */

/* A game on the default table where ESU 1st Squad has just fired at NAC
 * 1st Squad (seed 42: rolls for both squads, one line longer than a card
 * at 100%). */
static void fired_game(sl_world *w, sl_play *play)
{
    scenario_game("default", 42, w, play);
    sl_game_begin(&play->game);
    static const char *const lines[] = {"decide first esu", "activate esu-hq", "transfer esu-hq to esu-1",
                                        "fire esu-1 at nac-1"};
    play_lines(play, lines, sizeof lines / sizeof lines[0]);
}

/* Point 5: the dice cards of the last command, on the table (the table
 * layout) or in the strip, never over the unit the next player selected
 * or over a label, their words whole. */
static void test_dice_cards_clear(void **state)
{
    (void)state;
    sl_world w;
    sl_play play;
    fired_game(&w, &play);
    static const int layouts[] = {SL_LAYOUT_TABLE, SL_LAYOUT_AUTO};
    static const char *const chosen[] = {"nac-1", "nac-3", "esu-1"};
    int bad = 0;
    for (int z = 0; z < NSIZES; z++)
        for (int k = 0; k < NSCALES; k++)
            for (int l = 0; l < 2; l++)
                for (int c = 0; c < 3; c++) {
                    sl_render_req req;
                    memset(&req, 0, sizeof req);
                    req.view = -1;
                    req.play = &play;
                    req.width = sizes[z][0];
                    req.height = sizes[z][1];
                    req.scale_pct = scales[k];
                    req.layout = layouts[l];
                    req.select_unit = chosen[c];
                    req.overlays = SL_OVERLAY_SET;
                    sl_render_check ck;
                    char assets[1100], err[600];
                    snprintf(assets, sizeof assets, "%s/assets", SL_SOURCE_DIR);
                    req.check = &ck;
                    req.text = req.hud = true;
                    if (!sl_render_png(&play.disp, assets, &req, err, sizeof err))
                        fail_msg("%s", err);
                    if (ck.cuts || ck.covers) {
                        bad++;
                        print_message("rolls, %s selected, %dx%d at %d%% (%s): %s\n", chosen[c], req.width,
                                      req.height, req.scale_pct, ck.present ? "presentation" : "table", ck.what);
                    }
                }
    sl_play_free(&play);
    sl_world_free(&w);
    assert_int_equal(bad, 0);
}

/* Point 5: the rolls stay their time, fade, then close; a lesson step's
 * never do; 0 seconds keeps them until the next command. */
static void test_dice_cards_fade(void **state)
{
    (void)state;
    sl_world w;
    sl_play play;
    fired_game(&w, &play);
    sl_view v;
    assert_true(sl_view_init(&v, &play.disp));
    v.play = &play;
    int n = play.game.journal.n;
    uint32_t wait;
    sl_view_rolls_tick(&v, 1000, &wait);
    assert_int_equal(wait, (uint32_t)v.dice_secs * 1000u); /* shown whole, their clock started */
    assert_false(sl_view_rolls_tick(&v, 1000 + 11000, &wait));
    assert_true(v.rolls_fade == 1.0f);
    assert_true(sl_view_rolls_tick(&v, 1000 + 12500, &wait)); /* half a second into the fade */
    assert_true(v.rolls_fade > 0.0f && v.rolls_fade < 1.0f);
    assert_true(wait > 0 && wait < 200);
    assert_true(sl_view_rolls_tick(&v, 1000 + 13100, &wait)); /* gone, as Esc closes them */
    assert_int_equal(v.rolls_closed, n);
    assert_true(v.rolls_fade == 1.0f);
    /* 0 seconds: they stay */
    v.rolls_closed = 0;
    v.dice_secs = 0;
    assert_false(sl_view_rolls_tick(&v, 1000, &wait));
    assert_false(sl_view_rolls_tick(&v, 100000, &wait));
    assert_int_equal(v.rolls_closed, 0);
    /* a lesson's step: its rolls stay while it shows */
    v.dice_secs = 5;
    v.lesson_nsteps = 3;
    v.rolls_from = 0;
    sl_view_rolls_tick(&v, 1000, &wait);
    assert_false(sl_view_rolls_tick(&v, 100000, &wait));
    assert_int_equal(v.rolls_closed, 0);
    sl_view_free(&v);
    sl_play_free(&play);
    sl_world_free(&w);
}

/* A software window for the click tests: the ui drawing the game's forces. */
typedef struct window {
    SDL_Surface *surf;
    SDL_Renderer *ren;
    sl_ui *ui;
} window;

static void window_open(window *win, const sl_world *w, int width, int height)
{
    char err[256], assets[1100];
    snprintf(assets, sizeof assets, "%s/assets", SL_SOURCE_DIR);
    assert_int_equal(SDL_Init(SDL_INIT_VIDEO), 0);
    win->surf = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGB888);
    win->ren = SDL_CreateSoftwareRenderer(win->surf);
    win->ui = sl_ui_create(win->ren, assets, err, sizeof err);
    assert_non_null(win->ui);
    sl_ui_set_opts(win->ui, &(sl_ui_opts){true, true, false});
    sl_ui_set_world(win->ui, w);
}

static void window_close(window *win)
{
    sl_ui_destroy(win->ui);
    SDL_DestroyRenderer(win->ren);
    SDL_FreeSurface(win->surf);
}

static void click(window *win, const sl_world *w, sl_view *v, float x, float y)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.x = (int)x;
    e.button.y = (int)y;
    e.button.clicks = 1;
    sl_input_event(win->ui, w, v, &e);
    e.type = SDL_MOUSEBUTTONUP;
    sl_input_event(win->ui, w, v, &e);
}

/* A window of W by H on the game, and a view of it played from play. */
static void view_open(window *win, sl_view *v, const sl_world *d, sl_play *play, int W, int H)
{
    window_open(win, d, W, H);
    assert_true(sl_view_init(v, d));
    v->play = play;
}

/* The view, the window, the game and its world, freed (a test's end). */
static void game_close(sl_view *v, window *win, sl_play *play, sl_world *w)
{
    sl_view_free(v);
    window_close(win);
    sl_play_free(play);
    sl_world_free(w);
}

/* A window of look[0] by look[1] on the game at look[2] percent, drawn once. */
static void look_open(window *win, sl_view *v, const sl_world *d, sl_play *play, const int look[3])
{
    view_open(win, v, d, play, look[0], look[1]);
    v->user_scale = (float)look[2] / 100.0f;
    sl_ui_draw(win->ui, d, v, look[0], look[1]);
}

/* ... and closed. */
static void look_close(window *win, sl_view *v)
{
    sl_view_free(v);
    window_close(win);
}

static void key_mod(window *win, const sl_world *w, sl_view *v, SDL_Keycode k, Uint16 mod)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = k;
    e.key.keysym.mod = mod;
    sl_input_event(win->ui, w, v, &e);
}

static void key(window *win, const sl_world *w, sl_view *v, SDL_Keycode k)
{
    key_mod(win, w, v, k, KMOD_NONE);
}

/* Point 5: a click on a rolls card closes that card (the others stay);
 * Esc closes the rest. */
static void test_dice_cards_close(void **state)
{
    (void)state;
    sl_world w;
    sl_play play;
    fired_game(&w, &play);
    const sl_world *d = &play.disp;
    window win;
    window_open(&win, d, 1920, 1080);
    sl_view v;
    assert_true(sl_view_init(&v, d));
    v.play = &play;
    v.layout = SL_LAYOUT_TABLE;
    sl_ui_draw(win.ui, d, &v, 1920, 1080);
    int before = win.ui->nroll, gone = win.ui->roll_unit[0];
    assert_true(before >= 2);
    SDL_FRect r = win.ui->roll_box[0];
    click(&win, d, &v, r.x + r.w / 2, r.y + r.h / 2);
    sl_ui_draw(win.ui, d, &v, 1920, 1080);
    assert_int_equal(win.ui->nroll, before - 1);
    for (int k = 0; k < win.ui->nroll; k++)
        assert_int_not_equal(win.ui->roll_unit[k], gone);
    key(&win, d, &v, SDLK_ESCAPE);
    sl_ui_draw(win.ui, d, &v, 1920, 1080);
    assert_int_equal(win.ui->nroll, 0);
    game_close(&v, &win, &play, &w);
}

/* Point 5 and the last session's leftover: the last command's rolls are
 * seen without opening the dice log. After the fire of seed 42 (rolls for
 * both squads), whatever the window, the text size and the unit the next
 * player selected, each squad's rolls stand in a box, in the strip (the
 * presentation, from 150%) or on the table (at 100%), over no unit's name,
 * no row of counters and not over the unit selected. */
static void test_dice_cards_shown(void **state)
{
    (void)state;
    sl_world w;
    sl_play play;
    fired_game(&w, &play);
    const sl_world *d = &play.disp;
    static const int layouts[] = {SL_LAYOUT_TABLE, SL_LAYOUT_AUTO};
    static const char *const chosen[] = {"nac-1", "nac-3", "esu-1"};
    int bad = 0;
    for (int z = 0; z < NSIZES; z++)
        for (int k = 0; k < NSCALES; k++)
            for (int l = 0; l < 2; l++)
                for (int c = 0; c < 3; c++) {
                    int W = sizes[z][0], H = sizes[z][1];
                    window win;
                    sl_view v;
                    view_open(&win, &v, d, &play, W, H);
                    v.layout = layouts[l];
                    v.user_scale = (float)scales[k] / 100.0f;
                    v.overlays = 0;
                    sl_view_select_unit(&v, sl_scenario_find_unit(&d->scn, chosen[c]), false);
                    sl_ui_draw(win.ui, d, &v, W, H);
                    const sl_ui *ui = win.ui;
                    char what[240] = "";
                    /* the table layout asked for at projector scale (F10): where a
                     * small table has no clear place, the rolls' heads, two
                     * side by side, anywhere on it, else in the side panel
                     * with a leader line (1280x720 at 150-250% and 1920x1080
                     * at 250% sent both squads' rolls to the dice log) */
                    int want = 2;
                    if (ui->nroll < want)
                        snprintf(what, sizeof what, "%d of 2 squads' rolls shown", ui->nroll);
                    else if (ui->covers)
                        snprintf(what, sizeof what, "%s", ui->covers_what);
                    for (int i = 0; i < ui->nroll && !what[0]; i++)
                        for (int r = 0; r < ui->nmark_rows; r++)
                            if (scene_rects_overlap(&ui->roll_box[i], &ui->mark_rows[r]))
                                snprintf(what, sizeof what, "the rolls of %.60s cover the counters of %.60s",
                                         d->scn.units[ui->roll_unit[i]].name, d->scn.units[ui->mark_row_unit[r]].name);
                    if (what[0]) {
                        bad++;
                        print_message("rolls, %s selected, %dx%d at %d%% (%s): %s\n", chosen[c], W, H, scales[k],
                                      ui->lay.present ? "presentation" : "table", what);
                        if (getenv("SL_PRESENT_SHOTS")) {
                            char bmp[1200];
                            snprintf(bmp, sizeof bmp, "%s/rolls-%s-%dx%d-%d-%s.bmp", getenv("SL_PRESENT_SHOTS"),
                                     chosen[c], W, H, scales[k], ui->lay.present ? "present" : "table");
                            SDL_SaveBMP(win.surf, bmp);
                        }
                    }
                    sl_view_free(&v);
                    window_close(&win);
                }
    sl_play_free(&play);
    sl_world_free(&w);
    assert_int_equal(bad, 0);
}

static void hover(window *win, const sl_world *w, sl_view *v, float x, float y)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEMOTION;
    e.motion.x = (int)x;
    e.motion.y = (int)y;
    sl_input_event(win->ui, w, v, &e);
}

/* What the tooltip shown hides or cuts, said in `what`; 0: nothing. */
static int tip_faults(window *win, const sl_world *w, const sl_cam *cam, char *what, size_t len)
{
    const SDL_FRect *t = &win->ui->tip;
    if (t->w <= 0)
        return 0;
    float s = win->ui->lay.s;
    int names = scene_name_hits(win->ui, w, t);
    int marks = scene_spot_hits(win->ui, w, cam, s, t) - scene_figure_hits(win->ui, w, cam, s, t) - names;
    bool ruler = win->ui->ruler_box.w > 0 && scene_rects_overlap(t, &win->ui->ruler_box);
    if (names || marks > 0 || ruler || win->ui->text.cuts)
        snprintf(what, len, "%d labels, %d markers%s%s%s", names, marks, ruler ? ", the ruler's end" : "",
                 win->ui->text.cuts ? ", cut: " : "", win->ui->text.cuts ? win->ui->text.first_cut : "");
    return names + (marks > 0 ? marks : 0) + ruler + win->ui->text.cuts;
}

/* Point 7: a tooltip on any figure of the default table, and on the
 * ground at the ruler's end, at 1280x720 250%, 1920x1080 200% and
 * 3840x2160 100%: its words whole, off the labels (places', units'),
 * the marker rows (CO...) and the ruler's end and length. */
static void test_tooltips_clear(void **state)
{
    (void)state;
    sl_world w;
    sl_play play;
    fired_game(&w, &play);
    const sl_world *d = &play.disp;
    static const int looks[3][3] = {{1280, 720, 250}, {1920, 1080, 200}, {3840, 2160, 100}};
    int bad = 0, shown = 0;
    for (int l = 0; l < 3; l++) {
        int W = looks[l][0], H = looks[l][1];
        window win;
        sl_view v;
        view_open(&win, &v, d, &play, W, H);
        v.user_scale = (float)looks[l][2] / 100.0f;
        v.rolls_closed = play.game.journal.n; /* the rolls closed: the table as the next player sees it */
        sl_ui_draw(win.ui, d, &v, W, H);
        for (int pass = 0; pass < 2; pass++) {
            int n = pass == 0 ? d->scn.nfigures : 48;
            for (int i = 0; i < n; i++) {
                float x, y;
                sl_cam cam;
                cam_from_view(&v, &win.ui->lay.table, &cam);
                if (pass == 0) {
                    cam_pt(&cam, d->scn.figures[i].pos, &x, &y);
                } else { /* the ruler from the table's middle to points round it */
                    const SDL_FRect *T = &win.ui->lay.table;
                    x = T->x + T->w * (0.1f + 0.8f * (float)(i % 8) / 7.0f);
                    y = T->y + T->h * (0.1f + 0.8f * (float)(i / 8) / 5.0f);
                    v.tool = SL_TOOL_RULER;
                    v.ruler.npts = 1;
                    v.ruler.pts[0] = sl_pt_make(d->scn.table.width / 2, d->scn.table.height / 2);
                    v.ruler.has_live = true;
                }
                hover(&win, d, &v, x, y);
                win.ui->text.cuts = 0;
                sl_ui_draw(win.ui, d, &v, W, H);
                char what[300] = "";
                if (win.ui->tip.w > 0)
                    shown++;
                if (tip_faults(&win, d, &cam, what, sizeof what)) {
                    bad++;
                    print_message("tooltip %s %d at %dx%d %d%% covers %s\n", pass ? "at point" : "on figure", i, W,
                                  H, looks[l][2], what);
                }
            }
        }
        sl_view_free(&v);
        window_close(&win);
    }
    sl_play_free(&play);
    sl_world_free(&w);
    assert_true(shown > 60);
    assert_int_equal(bad, 0);
}

/* The texts a frame drew whole inside their clip, a line each. */
static const char *drawn(window *win, const sl_world *w, sl_view *v, int W, int H)
{
    win->ui->text.record = true;
    win->ui->text.nseen = 0;
    win->ui->text.seen[0] = '\0';
    win->ui->text.cuts = 0;
    win->ui->text.nhalf = 0;
    sl_ui_draw(win->ui, w, v, W, H);
    win->ui->text.record = false;
    return win->ui->text.seen;
}

/* Point 8: the table layout's side panel with a unit selected, at
 * 1400x900 100%, 1920x1080 200% and 3840x2160 250%: its "In the game"
 * part shows quality, armour and figures above the dice log, which keeps
 * its place; the turn box's "Active:" line is whole (wrapped, never cut);
 * no heading shows without a line under it. */
static void test_side_panel(void **state)
{
    (void)state;
    sl_world w;
    sl_play play;
    fired_game(&w, &play);
    const sl_world *d = &play.disp;
    static const int looks[3][3] = {{1400, 900, 100}, {1920, 1080, 200}, {3840, 2160, 250}};
    int bad = 0;
    for (int l = 0; l < 3; l++) {
        int W = looks[l][0], H = looks[l][1];
        window win;
        window_open(&win, d, W, H);
        for (int u = 0; u < d->scn.nunits; u++) {
            sl_view v;
            assert_true(sl_view_init(&v, d));
            v.play = &play;
            v.layout = SL_LAYOUT_TABLE;
            v.user_scale = (float)looks[l][2] / 100.0f;
            sl_view_select_unit(&v, u, false);
            const char *seen = drawn(&win, d, &v, W, H);
            const sl_unit *un = &d->scn.units[u];
            char fig[80] = "\n";
            if (un->nfigures > 0)
                snprintf(fig, sizeof fig, "\n%s ", d->scn.figures[un->first_figure].id);
            const char *why = NULL;
            if (!strstr(seen, "Quality") || !strstr(seen, "Armour") || !strstr(seen, "Figures"))
                why = "no quality, armour or figures shown";
            else if (!strstr(seen, "Dice log"))
                why = "no dice log";
            else if (strstr(seen, "\nFigures\n") && !strstr(seen, fig))
                why = "a Figures heading with no figure under it";
            else if (!strstr(seen, "Active: ESU 1st Squad") || win.ui->text.cuts)
                why = "the turn box's Active line cut";
            if (why) {
                bad++;
                print_message("side panel, %s selected, %dx%d at %d%%: %s\n", un->id, W, H, looks[l][2], why);
            }
            sl_view_free(&v);
        }
        window_close(&win);
    }
    sl_play_free(&play);
    sl_world_free(&w);
    assert_int_equal(bad, 0);
}

/* Points 8 and 10 under F10 (the walk): the table layout at 1280x720
 * 250% had no cap on the text's size: the table 410x280 under the scale
 * bar's box, the turn box cut, no "In the game" part, the toolbar bare
 * letters. As in the presentation, F2 stops at the largest size that
 * fits, and says so: the table three fifths of the window's height or
 * more, words on the most used tools, the turn box's lines whole and the
 * selected unit's "In the game" part begun (its quality line may still
 * stand under the dice log at 1280x720: the panel's own share). */
static void test_table_layout_capped(void **state)
{
    (void)state;
    sl_world w;
    sl_play play;
    fired_game(&w, &play);
    const sl_world *d = &play.disp;
    static const int looks[][3] = {{1280, 720, 250}, {1280, 720, 200}, {1920, 1080, 250}, {1280, 800, 250}};
    for (size_t l = 0; l < sizeof looks / sizeof looks[0]; l++) {
        int W = looks[l][0], H = looks[l][1];
        window win;
        sl_view v;
        look_open(&win, &v, d, &play, looks[l]);
        v.layout = SL_LAYOUT_TABLE;
        sl_view_select_unit(&v, 1, false);
        const char *seen = drawn(&win, d, &v, W, H);
        const sl_layout *L = &win.ui->lay;
        assert_false(L->present);
        const char *why = NULL;
        if (L->table.h < 0.6f * (float)H)
            why = "the table under three fifths of the window's height";
        else if (L->compact > 2)
            why = "the toolbar bare letters";
        else if (!strstr(seen, "In the game"))
            why = "the selected unit's \"In the game\" part not shown";
        else if (!strstr(seen, "Active: ESU 1st Squad") || win.ui->text.cuts)
            why = "the turn box's Active line cut";
        else if (v.scale_cap + 1e-3f < v.user_scale && !strstr(v.status, "does not fit"))
            why = "a smaller size than asked, not said";
        if (why)
            fail_msg("table layout %dx%d at %d%% (drawn at %.0f%%, the table %.0fx%.0f): %s\n%s", W, H, looks[l][2],
                     L->s * 100, L->table.w, L->table.h, why, seen);
        look_close(&win, &v);
    }
    sl_play_free(&play);
    sl_world_free(&w);
}

/* The selected unit's card in the side panel against the dice log at
 * the foot of the panel, every unit of one game selected in turn, at
 * every size and scale of the Done means (or the largest that fits), in
 * the table layout (the presentation has no side panel); the faults
 * counted and the first of each look said. */
static int unit_cards_over_log(const char *game, const sl_world *d, sl_play *play)
{
    int bad = 0;
    for (int z = 0; z < NSIZES; z++) {
        const int look[3] = {sizes[z][0], sizes[z][1], 100};
        window win;
        sl_view v;
        look_open(&win, &v, d, play, look);
        v.layout = SL_LAYOUT_TABLE;
        for (int k = 0; k < NSCALES; k++) {
            v.user_scale = (float)scales[k] / 100.0f;
            int was = bad;
            for (int u = 0; u < d->scn.nunits; u++) {
                sl_view_select_unit(&v, u, false);
                win.ui->text.nhalf = 0;
                const char *seen = drawn(&win, d, &v, look[0], look[1]);
                const sl_ui *ui = win.ui;
                if (ui->lay.panel.w <= 0)
                    continue;
                /* a unit's own card (not a counter's, a dummy's or one out of sight) */
                bool full = !sl_play_is_counter(d, u) && d->scn.units[u].kind != SL_UNIT_DUMMY &&
                            !sl_play_last_seen(play, u, NULL);
                char why[200] = "";
                if (ui->panel_under_log > 0.5f)
                    snprintf(why, sizeof why, "its card runs %.0f px under the dice log", ui->panel_under_log);
                else if (!strstr(seen, "Dice log"))
                    snprintf(why, sizeof why, "no dice log");
                else if (full && (!strstr(seen, "In the game\n") || !strstr(seen, "Quality")))
                    snprintf(why, sizeof why, "no \"In the game\" with its quality line");
                for (int i = 0; i < ui->text.nhalf && !why[0]; i++)
                    if (ui->text.half_at[i].x >= (int)ui->lay.panel.x)
                        snprintf(why, sizeof why, "'%s' cut through by the edge of its part", ui->text.half[i]);
                if (why[0] && bad++ == was)
                    print_message("%s, %s selected, %dx%d at %d%% (drawn at %.0f%%): %s\n", game, d->scn.units[u].id,
                                  look[0], look[1], scales[k], ui->lay.s * 100, why);
            }
        }
        look_close(&win, &v);
    }
    return bad;
}

/* The walk at 1280x720 150%, table layout (F10): the selected unit's
 * quality and armour line stood under the dice log. The unit's card and
 * the log never overlap, and the log is always there: after the first
 * fire of the default game (wounds, suppression), and at the first
 * decision of the fireteams and the hidden games (teams, counters). */
static void test_unit_card_clear_of_log(void **state)
{
    (void)state;
    sl_world w;
    sl_play play;
    fired_game(&w, &play);
    int bad = unit_cards_over_log("default", &play.disp, &play);
    sl_play_free(&play);
    sl_world_free(&w);
    static const char *const others[] = {"fireteams", "hidden"};
    for (int i = 0; i < 2; i++) {
        char path[600];
        start_scenario(others[i], path, sizeof path, &w, &play);
        bad += unit_cards_over_log(others[i], &play.disp, &play);
        sl_play_free(&play);
        sl_world_free(&w);
    }
    assert_int_equal(bad, 0);
}

/* One look at one game, in the table layout: its faults (said). */
typedef int (*table_look_fn)(window *win, sl_view *v, const sl_world *d, const char *game, const int look[3]);

/* Each game (maps/NAME.json, its first decision) at each look, in a
 * window of its own in the table layout, drawn once: fn's faults summed. */
static int table_looks(const char *const *games, size_t ngames, const int looks[][3], size_t nlooks, table_look_fn fn)
{
    int bad = 0;
    for (size_t g = 0; g < ngames; g++) {
        char path[600];
        sl_world w;
        sl_play play;
        start_scenario(games[g], path, sizeof path, &w, &play);
        const sl_world *d = &play.disp;
        for (size_t l = 0; l < nlooks; l++) {
            window win;
            sl_view v;
            view_open(&win, &v, d, &play, looks[l][0], looks[l][1]);
            v.user_scale = (float)looks[l][2] / 100.0f;
            v.layout = SL_LAYOUT_TABLE;
            sl_ui_draw(win.ui, d, &v, looks[l][0], looks[l][1]);
            bad += fn(&win, &v, d, games[g], looks[l]);
            look_close(&win, &v);
        }
        sl_play_free(&play);
        sl_world_free(&w);
    }
    return bad;
}

/* The size drawn with nothing selected, each unit selected in turn, and
 * nothing again: the same. */
static int size_steady(window *win, sl_view *v, const sl_world *d, const char *game, const int look[3])
{
    float none = win->ui->lay.s;
    char why[200] = "";
    for (int u = -1; u <= d->scn.nunits && !why[0]; u++) {
        /* -1 and nunits: nothing selected (before, and cleared after) */
        sl_view_select_unit(v, u < d->scn.nunits ? u : -1, false);
        sl_ui_draw(win->ui, d, v, look[0], look[1]);
        if (fabsf(win->ui->lay.s - none) > 1e-3f)
            snprintf(why, sizeof why, "drawn at %.0f%% with %s, at %.0f%% with nothing selected", win->ui->lay.s * 100,
                     u >= 0 && u < d->scn.nunits ? d->scn.units[u].id : "nothing selected", none * 100);
    }
    if (why[0])
        print_message("%s, table layout %dx%d at %d%%: %s\n", game, look[0], look[1], look[2], why);
    return why[0] != 0;
}

/* The walk at 1280x720 200%, table layout (F10), the fireteams: the
 * text was drawn at 200% with nothing selected and at 150% the moment a
 * unit was selected (the panel's cap counted the card only while one
 * showed), the whole screen resizing before the room. The size drawn is
 * the same with nothing selected, each unit selected in turn, and the
 * selection cleared again, in each of these games and looks. */
static void test_text_size_steady(void **state)
{
    (void)state;
    static const char *const games[] = {"fireteams", "lessons/tables/fireteams-example", "default", "hidden", "outpost"};
    static const int looks[][3] = {{1280, 720, 200}, {1280, 720, 250}, {1920, 1080, 250}, {1280, 800, 200}};
    assert_int_equal(table_looks(games, sizeof games / sizeof games[0], looks, sizeof looks / sizeof looks[0],
                                 size_steady),
                     0);
}

static int cards_read;

/* Each card read on the table: over no man, name, place's words or row
 * of counters. */
static int cards_off_labels(window *win, sl_view *v, const sl_world *d, const char *game, const int look[3])
{
    sl_ui *ui = win->ui;
    sl_cam cam;
    cam_from_view(v, &ui->lay.table, &cam);
    int bad = 0;
    for (int c = 0; c < ui->nread_cards; c++) {
        const SDL_FRect *r = &ui->read_card[c];
        cards_read++;
        int labels = ui_label_hits(ui, r), men = scene_figure_hits(ui, d, &cam, ui->lay.s, r);
        if (labels + men > 0 && bad++ >= 0)
            print_message("%s, %dx%d at %d%%: \"%s\" (%.0f,%.0f %.0fx%.0f) covers %d labels and %d men\n", game,
                          look[0], look[1], look[2], ui->read_kind[c], r->x, r->y, r->w, r->h, labels, men);
    }
    return bad;
}

/* Point 6 (the walk: the default game at 1920x1080 200%, table layout):
 * the "who goes first" card lay on the table over NAC 1st Squad's men and
 * name. Every shipped scenario's first decision in the table layout, at
 * these looks: a card read on the table covers no man, name, place's
 * words or row of counters (where none is clear it stands beside the
 * table, over the side panel). */
static void test_first_card_off_labels(void **state)
{
    (void)state;
    static const int looks[][3] = {{1920, 1080, 200}, {1920, 1080, 100}, {1280, 720, 100}, {1280, 800, 100}};
    cards_read = 0;
    int bad = table_looks(scenarios, sizeof scenarios / sizeof scenarios[0], looks, sizeof looks / sizeof looks[0],
                          cards_off_labels);
    print_message("%d cards on the table, %d over labels or men\n", cards_read, bad);
    assert_true(cards_read > 10);
    assert_int_equal(bad, 0);
}

static bool inside(const SDL_FRect *r, const SDL_FRect *T)
{
    return r->x >= T->x - 0.5f && r->y >= T->y - 0.5f && r->x + r->w <= T->x + T->w + 0.5f &&
           r->y + r->h <= T->y + T->h + 0.5f;
}

/* What of one frame's labels (units' names, places' words, band labels,
 * rows of counters) lies over another or off the table; said in `what`. */
static int label_faults(const sl_ui *ui, const sl_world *w, const sl_view *v, char *what, size_t len)
{
    sl_cam cam;
    cam_from_view(v, &ui->lay.table, &cam);
    SDL_FRect edge = scene_table_box(ui, w, &cam); /* the table's own edge */
    const SDL_FRect *T = &edge;
    int bad = ui_label_overlaps(ui, w, what, len);
    for (int i = 0; i < ui->nmark_rows; i++) {
        const SDL_FRect *m = &ui->mark_rows[i];
        if (m->w <= T->w && !inside(m, T) && bad++ == 0)
            snprintf(what, len, "%s's row of counters runs off the table", w->scn.units[ui->mark_row_unit[i]].name);
        /* a row far from its men on a long tie reads as another's (the
         * walk: NAC 1st Squad's row 270 px off at 1280x720 250%) */
        const float *tie = ui->mark_row_tie[i];
        float far = tie[0] >= 0 ? hypotf(tie[2] - tie[0], tie[3] - tie[1]) : 0;
        if (far > ui_mark_tie_max((sl_ui *)ui) + 0.5f && bad++ == 0)
            snprintf(what, len, "%s's row of counters %.0f px from its men (at most %.0f)",
                     w->scn.units[ui->mark_row_unit[i]].name, far, ui_mark_tie_max((sl_ui *)ui));
    }
    return bad;
}

/* Point 4 and build point 3: every shipped scenario's first decision, in
 * every side's view and the referee's, at 1280x720 and 1920x1080, 100%
 * and 250%, with and without the range bands (V) of a selected unit: no
 * label (name, place's words, band label, row of counters) over another
 * and none off the table at its edge (maps/hidden.json's names ran off). */
static void test_labels_on_table(void **state)
{
    (void)state;
    static const int looks[4][3] = {{1280, 720, 100}, {1280, 720, 250}, {1920, 1080, 100}, {1920, 1080, 250}};
    int bad = 0, frames = 0;
    for (size_t si = 0; si < sizeof scenarios / sizeof scenarios[0]; si++) {
        char path[600];
        sl_world w;
        sl_play play;
        start_scenario(scenarios[si], path, sizeof path, &w, &play);
        for (int side = -1; side < play.game.live.nsides; side++) {
            sl_play_set_view(&play, side);
            const sl_world *d = &play.disp;
            for (int l = 0; l < 4; l++)
                for (int bands = 0; bands < 2; bands++) {
                    int W = looks[l][0], H = looks[l][1];
                    window win;
                    sl_view v;
                    view_open(&win, &v, d, &play, W, H);
                    v.fog_mode = side < 0 ? SL_FOG_REFEREE : SL_FOG_SIDE;
                    v.fog_side = side;
                    v.fog_handover = false;
                    v.user_scale = (float)looks[l][2] / 100.0f;
                    if (bands) { /* the first unit on the table of the side in view (the referee's: the first) */
                        for (int u = 0; u < d->scn.nunits; u++)
                            if ((side < 0 || d->scn.units[u].side == side) && d->scn.units[u].nfigures > 0 &&
                                !sl_game_off_table(&play.game, u) && !sl_play_is_counter(d, u)) {
                                sl_view_select_unit(&v, u, false);
                                break;
                            }
                        v.overlays |= SL_OVERLAY_BANDS;
                    }
                    sl_ui_draw(win.ui, d, &v, W, H);
                    frames++;
                    char what[200] = "";
                    if (label_faults(win.ui, d, &v, what, sizeof what)) {
                        bad++;
                        print_message("%s, view %d, %dx%d at %d%%%s: %s\n", scenarios[si], side, W, H, looks[l][2],
                                      bands ? " with V" : "", what);
                        if (getenv("SL_PRESENT_SHOTS")) { /* a directory: each faulty frame, to look at */
                            char bmp[1200];
                            snprintf(bmp, sizeof bmp, "%s/labels-%s-%d-%dx%d-%d%s.bmp", getenv("SL_PRESENT_SHOTS"),
                                     scenarios[si], side, W, H, looks[l][2], bands ? "-V" : "");
                            SDL_SaveBMP(win.surf, bmp);
                        }
                    }
                    sl_view_free(&v);
                    window_close(&win);
                }
        }
        sl_play_free(&play);
        sl_world_free(&w);
    }
    assert_true(frames >= 7 * 2 * 8);
    assert_int_equal(bad, 0);
}

/* The mean difference of two surfaces' pixels within r, per channel. */
static float box_difference(SDL_Surface *a, SDL_Surface *b, const SDL_FRect *r)
{
    long sum = 0, n = 0;
    for (int y = (int)r->y; y < (int)(r->y + r->h) && y < a->h; y++)
        for (int x = (int)r->x; x < (int)(r->x + r->w) && x < a->w; x++) {
            const uint8_t *p = (const uint8_t *)a->pixels + y * a->pitch + 4 * x;
            const uint8_t *q = (const uint8_t *)b->pixels + y * b->pitch + 4 * x;
            for (int c = 0; c < 3; c++)
                sum += labs((long)p[c] - (long)q[c]);
            n += 3;
        }
    return n ? (float)sum / (float)n : 0.0f;
}

/* Leftover of point 4: the range bands' shading (V) lies under the
 * places' rings and words, not over them. The fireteams' NAC Platoon HQ
 * selected, whose bands reach the stone barn and the ford: each place's
 * words, where they stand with V as without, read the same (their plate
 * lets a little of what is under it through; the shading drawn over them
 * tinted them by a mean of 10 to 34 levels; through the plate, 2 to 5). */
static void test_places_over_bands(void **state)
{
    (void)state;
    char path[600];
    sl_world w;
    sl_play play;
    start_scenario("fireteams", path, sizeof path, &w, &play);
    const sl_world *d = &play.disp;
    static const int looks[2][3] = {{1920, 1080, 250}, {1280, 720, 250}};
    int compared = 0, tinted = 0;
    for (int l = 0; l < 2; l++) {
        int W = looks[l][0], H = looks[l][1];
        window win;
        sl_view v;
        view_open(&win, &v, d, &play, W, H);
        v.user_scale = (float)looks[l][2] / 100.0f;
        sl_view_select_unit(&v, sl_scenario_find_unit(&d->scn, "nac-hq"), false);
        v.overlays &= ~SL_OVERLAY_BANDS;
        sl_ui_draw(win.ui, d, &v, W, H);
        SDL_Surface *plain = SDL_DuplicateSurface(win.surf);
        SDL_FRect before[64];
        int nb = win.ui->ntexts < 64 ? win.ui->ntexts : 64;
        memcpy(before, win.ui->texts, sizeof before[0] * (size_t)nb);
        v.overlays |= SL_OVERLAY_BANDS;
        sl_ui_draw(win.ui, d, &v, W, H);
        for (int i = 0; i < nb; i++) {
            bool kept = false;
            for (int j = 0; j < win.ui->ntexts; j++)
                kept |= memcmp(&before[i], &win.ui->texts[j], sizeof before[i]) == 0;
            if (!kept)
                continue;
            float diff = box_difference(plain, win.surf, &before[i]);
            compared++;
            if (diff > 8.0f) {
                tinted++;
                print_message("%dx%d at %d%%: a place's words at %.0f,%.0f tinted by the bands (mean %.1f levels)\n", W,
                              H, looks[l][2], before[i].x, before[i].y, diff);
            }
        }
        SDL_FreeSurface(plain);
        sl_view_free(&v);
        window_close(&win);
    }
    sl_play_free(&play);
    sl_world_free(&w);
    assert_true(compared >= 2);
    assert_int_equal(tinted, 0);
}

/* Leftover of point 2: a long sentence in the status line (a notice of
 * the window's) reads whole at 1280x720 200% and 250%, in both layouts,
 * and the table keeps its room (the bar does not grow over it). */
static void test_long_status(void **state)
{
    (void)state;
    sl_world w;
    sl_play play;
    fired_game(&w, &play);
    const sl_world *d = &play.disp;
    static const int looks[][2] = {{200, SL_LAYOUT_AUTO}, {250, SL_LAYOUT_AUTO}, {200, SL_LAYOUT_TABLE}, {250, SL_LAYOUT_TABLE}};
    static const char *const said[] = {
        "Presentation: the table kept clear, cards and dice in the strip beside it (F10: back)",
        "Saved the game to /home/demonstrator/club nights/tuesday/outpost crossing, second try.sightline "
        "(F3 reads it back; the journal beside it replays every command and roll)"};
    int bad = 0;
    for (size_t l = 0; l < sizeof looks / sizeof looks[0]; l++)
        for (size_t k = 0; k < sizeof said / sizeof said[0]; k++) {
            window win;
            sl_view v;
            view_open(&win, &v, d, &play, 1280, 720);
            v.user_scale = (float)looks[l][0] / 100.0f;
            v.layout = looks[l][1];
            sl_ui_draw(win.ui, d, &v, 1280, 720);
            float table_h = win.ui->lay.table.h;
            snprintf(v.status, sizeof v.status, "%s", said[k]);
            win.ui->text.cuts = 0;
            sl_ui_draw(win.ui, d, &v, 1280, 720);
            if (getenv("SL_PRESENT_SHOTS")) {
                char bmp[1200];
                snprintf(bmp, sizeof bmp, "%s/status-%d-%s-%zu.bmp", getenv("SL_PRESENT_SHOTS"), looks[l][0],
                         win.ui->lay.present ? "present" : "table", k);
                SDL_SaveBMP(win.surf, bmp);
            }
            if (win.ui->text.cuts || win.ui->lay.table.h != table_h) {
                bad++;
                print_message("1280x720 at %d%% (%s), status of %zu bytes: %s%s\n", looks[l][0],
                              win.ui->lay.present ? "presentation" : "table", strlen(said[k]),
                              win.ui->text.cuts ? "cut: " : "the table's room changed",
                              win.ui->text.cuts ? win.ui->text.first_cut : "");
            }
            sl_view_free(&v);
            window_close(&win);
        }
    sl_play_free(&play);
    sl_world_free(&w);
    assert_int_equal(bad, 0);
}

/* Build point 2 (issue 40's point 10): with every action shown (F4) the
 * action bar takes three rows or more at 200%; the table's room shrinks
 * above it and the table, shown whole before, is fitted again: no part
 * of it under the bar. A view zoomed in keeps its top still instead. */
static void test_tall_action_bar(void **state)
{
    (void)state;
    sl_world w;
    sl_play play;
    fired_game(&w, &play);
    const sl_world *d = &play.disp;
    static const int looks[2][2] = {{1280, 720}, {1920, 1080}};
    for (int l = 0; l < 2; l++) {
        int W = looks[l][0], H = looks[l][1];
        window win;
        sl_view v;
        view_open(&win, &v, d, &play, W, H);
        v.layout = SL_LAYOUT_TABLE;
        v.user_scale = 2.0f;
        sl_ui_draw(win.ui, d, &v, W, H);
        float short_bar = win.ui->lay.actionbar.h;
        key(&win, d, &v, SDLK_F4); /* every action */
        sl_ui_draw(win.ui, d, &v, W, H);
        const sl_layout *L = &win.ui->lay;
        float s = L->s, row = 26 * s; /* every action's rows: closer (23 high, 3 apart) */
        assert_true(v.bar_all);
        /* taller (three rows of buttons and more), every action on it as
         * the toggle promises, and the table fitted above it, not under */
        assert_true(L->actionbar.h >= short_bar + row);
        assert_true(L->actionbar.h >= 3 * row);
        for (int i = 0; i < L->nact; i++)
            assert_true(L->abtn[i].w > 0);
        assert_true(L->table.y + L->table.h <= L->actionbar.y + 0.5f);
        sl_cam cam;
        cam_from_view(&v, &L->table, &cam);
        float x0, y0, x1, y1;
        cam_pt(&cam, sl_pt_make(0, 0), &x0, &y0);
        cam_pt(&cam, sl_pt_make(d->scn.table.width, d->scn.table.height), &x1, &y1);
        SDL_FRect whole = {x0, y0, x1 - x0, y1 - y0};
        if (!inside(&whole, &L->table))
            fail_msg("%dx%d 200%%: the table (%.0f,%.0f to %.0f,%.0f) runs under the bar at y %.0f", W, H, x0, y0, x1,
                     y1, L->actionbar.y);
        /* zoomed in: the top stays where it was */
        v.scale *= 2;
        sl_ui_draw(win.ui, d, &v, W, H);
        double cy = v.cy, scale = v.scale;
        key(&win, d, &v, SDLK_F4);
        sl_ui_draw(win.ui, d, &v, W, H);
        assert_true(v.scale == scale);
        assert_true(W == 1280 || v.cy != cy); /* 1280x720: two rows either way */
        sl_view_free(&v);
        window_close(&win);
    }
    sl_play_free(&play);
    sl_world_free(&w);
}

/* A window of 1280x720 on the game, text at 200% in the presentation,
 * drawn once. */
static void open_720_200(window *win, sl_view *v, const sl_world *d, sl_play *play)
{
    view_open(win, v, d, play, 1280, 720);
    v->layout = SL_LAYOUT_PRESENTATION;
    v->user_scale = 2.0f;
    sl_ui_draw(win->ui, d, v, 1280, 720);
}

/* maps/bunker.json, seed 3: the Phalon observer's two calls for fire
 * made, the NSL mortar team activated (a long bar: fire, call for fire,
 * pack up and the rest). */
static void mortar_game(sl_world *w, sl_play *play)
{
    scenario_game("bunker", 3, w, play);
    sl_game_begin(&play->game);
    static const char *const lines[] = {"decide first phalon", "activate ph-fo", "call-fire ph-fo at 51.841,16.019 fae",
                                        "call-fire ph-fo at 35.688,22.844 gp", "activate nsl-mortar"};
    play_lines(play, lines, sizeof lines / sizeof lines[0]);
}

/* Every action the bar offers for a unit, whole in the window: F4's
 * every-action mode from its first page to its last, in the layout `lay`
 * at W by H, text at pct. Returns what was missing, said in `what`. */
static int every_action_shown(sl_play *play, int lay, int W, int H, int pct, char *what, size_t len, const char *tag)
{
    const sl_world *d = &play->disp;
    window wn, *win = &wn;
    sl_view view, *v = &view;
    view_open(win, v, d, play, W, H);
    v->layout = lay;
    v->user_scale = (float)pct / 100.0f;
    sl_ui_draw(win->ui, d, v, W, H);
    const sl_layout *L = &win->ui->lay;
    /* what sl_play_actions offers for the bar's unit */
    sl_play_action acts[SL_PLAY_MAX_ACTIONS];
    int n = sl_play_actions(v->play, L->act_unit, v->pick.toggled, acts, SL_PLAY_MAX_ACTIONS - 2);
    bool seen[SL_PLAY_MAX_ACTIONS] = {false};
    SDL_FRect window_r = {0, 0, (float)W, (float)H};
    key(win, d, v, SDLK_F4); /* every action */
    for (int page = 0; page < 16 && v->bar_all; page++) {
        sl_ui_draw(win->ui, d, v, W, H);
        bool toggle = L->nact == n + 1; /* every action and Undo on one page: no toggle needed */
        for (int i = 0; i < L->nact; i++) {
            const SDL_FRect *b = &L->abtn[i];
            if (b->w <= 0 || !inside(b, &window_r) || !inside(b, &L->actionbar))
                continue;
            toggle |= L->act[i].all;
            for (int a = 0; a < n; a++)
                if (!strcmp(acts[a].label, L->act[i].label) && !strcmp(acts[a].key, L->act[i].key))
                    seen[a] = true;
        }
        if (!toggle)
            snprintf(what, len, "page %d has no toggle (F4) drawn", page + 1);
        if (getenv("SL_PRESENT_SHOTS")) { /* a directory: each page, to look at */
            char bmp[1200];
            snprintf(bmp, sizeof bmp, "%s/bar-%s-%dx%d-%d-%s-p%d.bmp", getenv("SL_PRESENT_SHOTS"), tag, W, H, pct,
                     L->present ? "present" : "table", page + 1);
            SDL_SaveBMP(win->surf, bmp);
        }
        key(win, d, v, SDLK_F4); /* its next page, or only what may be done now */
    }
    int missing = 0;
    for (int a = 0; a < n; a++)
        if (!seen[a]) {
            size_t at = strlen(what);
            snprintf(what + at, len - at, "%s%s [%s]", missing++ ? ", " : "", acts[a].label, acts[a].key);
        }
    sl_view_free(v);
    window_close(win);
    return missing + (strstr(what, "no toggle") != NULL);
}

/* Issue 41 points 6/10 (bar8): at 1280x720 200% F4 said the bar showed
 * every action while it showed six: the NSL mortar team's fire, call for
 * fire and pack-up (maps/bunker.json), SkirmishCorps' Charge, Throw and
 * shots (skirmish-example) had no button. Now every action the unit is
 * offered has its button whole in the window, on one of the pages F4
 * turns, in the presentation and the table layout. */
static void test_every_action_button(void **state)
{
    (void)state;
    static const int looks[3][3] = {{1280, 720, 200}, {1280, 720, 250}, {1920, 1080, 250}};
    static const int lays[2] = {SL_LAYOUT_PRESENTATION, SL_LAYOUT_TABLE};
    int bad = 0;
    for (int g = 0; g < 2; g++) {
        sl_world w;
        sl_play play;
        if (g == 0) {
            mortar_game(&w, &play);
        } else {
            scenario_game("lessons/tables/skirmish-example", 1, &w, &play);
            sl_game_begin(&play.game);
            static const char *const lines[] = {"decide first blue", "activate unit-a"};
            play_lines(&play, lines, sizeof lines / sizeof lines[0]);
        }
        const sl_world *d = &play.disp;
        for (int c = 0; c < 6; c++) {
            const int *look = looks[c / 2];
            char what[600] = "";
            if (every_action_shown(&play, lays[c % 2], look[0], look[1], look[2], what, sizeof what,
                                   g ? "skirmish" : "bunker")) {
                print_message("%s %dx%d %d%% %s: no button whole in the window for %s\n", g ? "skirmish" : "bunker",
                              look[0], look[1], look[2], c % 2 ? "table" : "presentation", what);
                bad++;
            }
        }
        if (g == 0) {
            /* on the last page, the mortar's fire (on the first) still
             * answers its key, Shift+F: its aim is asked for */
            window win;
            sl_view v;
            open_720_200(&win, &v, d, &play);
            key(&win, d, &v, SDLK_F4);
            sl_ui_draw(win.ui, d, &v, 1280, 720);
            const sl_layout *L = &win.ui->lay;
            assert_true(L->bar_pages > 1);
            while (L->bar_page + 1 < L->bar_pages) {
                key(&win, d, &v, SDLK_F4);
                sl_ui_draw(win.ui, d, &v, 1280, 720);
            }
            int fire = -1;
            for (int i = 0; i < L->nact; i++)
                if (!strcmp(L->act[i].key, "Shift+F"))
                    fire = i;
            assert_true(fire >= 0 && L->act[fire].enabled);
            assert_true(L->abtn[fire].w <= 0); /* not on this page */
            key_mod(&win, d, &v, SDLK_f, KMOD_LSHIFT);
            assert_true(v.pick.kind == L->act[fire].kind && v.pick.kind != SL_CMD_NONE);
            sl_view_free(&v);
            window_close(&win);
        }
        sl_play_free(&play);
        sl_world_free(&w);
    }
    assert_int_equal(bad, 0);
}

/* Issue 40 point 1 (the strip's room): at 1280x720 with text at 200% the
 * table is fitted to the window's height, so the action bar under it made
 * it small (7.4 px an inch) while the strip beside it stood empty with no
 * card open. The bar stands at the strip's foot: the table keeps the room
 * from the toolbar to the status bar, larger, and does not move when the
 * rolls' cards close, a unit is selected or every action is shown. */
static void test_strip_holds_bar(void **state)
{
    (void)state;
    sl_world w;
    sl_play play;
    fired_game(&w, &play);
    const sl_world *d = &play.disp;
    static const int looks[3][3] = {{1280, 720, 200}, {1920, 1080, 200}, {1280, 800, 200}};
    for (int l = 0; l < 3; l++) {
        int W = looks[l][0], H = looks[l][1];
        window win;
        sl_view v;
        view_open(&win, &v, d, &play, W, H);
        v.layout = SL_LAYOUT_PRESENTATION;
        v.user_scale = (float)looks[l][2] / 100.0f;
        sl_ui_draw(win.ui, d, &v, W, H);
        const sl_layout *L = &win.ui->lay;
        assert_true(L->present && L->strip.w > 0);
        assert_true(L->nact > 0);
        /* the bar beside the table, not under it */
        if (L->actionbar.x < L->strip.x - 0.5f || L->table.y + L->table.h < L->status.y - 0.5f)
            fail_msg("%dx%d %d%%: the action bar at (%.0f,%.0f) under the table (%.0f high, the status bar at %.0f)",
                     W, H, looks[l][2], L->actionbar.x, L->actionbar.y, L->table.h, L->status.y);
        sl_cam cam;
        cam_from_view(&v, &L->table, &cam);
        float x0, y0, x1, y1;
        cam_pt(&cam, sl_pt_make(0, 0), &x0, &y0);
        cam_pt(&cam, sl_pt_make(d->scn.table.width, d->scn.table.height), &x1, &y1);
        float per_inch = (x1 - x0) / ((float)d->scn.table.width / 1000.0f); /* mils */
        if (W == 1280 && H == 720 && per_inch < 10.0f)
            fail_msg("1280x720 200%%: the table at %.1f px an inch (10 or more with the bar in the strip)", per_inch);
        SDL_FRect table0 = L->table;
        float scale0 = (float)v.scale;
        key(&win, d, &v, SDLK_ESCAPE); /* the rolls' cards close */
        sl_ui_draw(win.ui, d, &v, W, H);
        key(&win, d, &v, SDLK_TAB); /* a unit selected */
        sl_ui_draw(win.ui, d, &v, W, H);
        key(&win, d, &v, SDLK_F4); /* every action */
        sl_ui_draw(win.ui, d, &v, W, H);
        if (L->table.y != table0.y || L->table.h != table0.h || L->table.w != table0.w || (float)v.scale != scale0)
            fail_msg("%dx%d %d%%: the table moved (%.0fx%.0f at %.0f, then %.0fx%.0f at %.0f)", W, H, looks[l][2],
                     table0.w, table0.h, table0.y, L->table.w, L->table.h, L->table.y);
        sl_view_free(&v);
        window_close(&win);
    }
    sl_play_free(&play);
    sl_world_free(&w);
}

/* With the action bar at the strip's foot (1280x720 200%), a status
 * sentence too long for the status bar stood in its box over the bar's
 * buttons (seen in the window after a fire): the box stands above the
 * bar, every button drawn as without it. */
static void test_long_status_clear_of_bar(void **state)
{
    (void)state;
    sl_world w;
    sl_play play;
    fired_game(&w, &play);
    const sl_world *d = &play.disp;
    window win;
    sl_view v;
    open_720_200(&win, &v, d, &play);
    SDL_Surface *before = SDL_ConvertSurface(win.surf, win.surf->format, 0);
    assert_non_null(before);
    snprintf(v.status, sizeof v.status, "%s",
             "ESU 1st Squad fires at NAC 1st Squad with its rifles and its rotary squad automatic weapon; NAC 1st "
             "Squad takes a casualty and drops 1 level of confidence (the test failed): steady");
    sl_ui_draw(win.ui, d, &v, 1280, 720);
    const sl_layout *L = &win.ui->lay;
    assert_true(L->actionbar.h > 0 && L->actionbar.x >= L->strip.x);
    for (int i = 0; i < L->nact; i++)
        if (L->abtn[i].w > 0 && box_difference(before, win.surf, &L->abtn[i]) > 1.0f)
            fail_msg("the status line's box over the action bar's \"%s\" button (%.0f,%.0f)", L->act[i].label,
                     L->abtn[i].x, L->abtn[i].y);
    SDL_FreeSurface(before);
    game_close(&v, &win, &play, &w);
}

/* Found walking the Done means (hidden.json at 1280x720 250%): a status
 * sentence too long for the bar stood in its box at the strip's foot
 * over the who-goes-first card's answers. The box keeps off the
 * strip's cards (in smaller words where the normal would not): every
 * card line drawn before it is as it was. */
static void test_long_status_clear_of_cards(void **state)
{
    (void)state;
    char path[600];
    sl_world w;
    sl_play play;
    start_scenario("default", path, sizeof path, &w, &play);
    const sl_world *d = &play.disp;
    static const int looks[][3] = {{1280, 720, 200}, {1280, 720, 250}, {1920, 1080, 250}};
    for (size_t l = 0; l < sizeof looks / sizeof looks[0]; l++) {
        int W = looks[l][0], H = looks[l][1];
        window win;
        sl_view v;
        look_open(&win, &v, d, &play, looks[l]);
        v.status[0] = '\0';
        sl_ui *ui = win.ui;
        ui->text.nseen_at = 0;
        ui->frame.key = 0; /* the kept part drawn again, its words recorded */
        drawn(&win, d, &v, W, H);
        SDL_Surface *before = SDL_ConvertSurface(win.surf, win.surf->format, 0);
        SDL_Rect at[64];
        int nat = 0;
        for (int i = 0; i < ui->text.nseen_at && nat < 64; i++)
            if (ui->text.seen_at[i].x >= ui->lay.strip.x && ui->text.seen_at[i].y < ui->strip_y)
                at[nat++] = ui->text.seen_at[i]; /* the strip's cards' lines */
        assert_true(nat >= 3);
        snprintf(v.status, sizeof v.status, "%s",
                 "Eurasian Solar Union has set up ... Eurasian Solar Union, with fewer units on the table, chooses who "
                 "activates first (p15)");
        sl_ui_draw(win.ui, d, &v, W, H);
        for (int i = 0; i < nat; i++) {
            SDL_FRect r = {(float)at[i].x, (float)at[i].y, (float)at[i].w, (float)at[i].h};
            if (box_difference(before, win.surf, &r) > 1.0f)
                fail_msg("%dx%d %d%%: the status line's box over a card's line at %d,%d", W, H, looks[l][2], at[i].x,
                         at[i].y);
        }
        SDL_FreeSurface(before);
        look_close(&win, &v);
    }
    sl_play_free(&play);
    sl_world_free(&w);
}

/* Issue 40's leftover: at 1280x720 200% the status bar's help hint read
 * "F1 or ? for h", cut by the scale bar at its right end. At projector
 * sizes the help's key and the ruler's use are read whole before the
 * bar (in fewer words, or with the scale's figure given way, where the
 * whole do not fit), never cut by it. */
static void test_status_hints_whole(void **state)
{
    (void)state;
    char path[600];
    sl_world w;
    sl_play play;
    start_scenario("default", path, sizeof path, &w, &play);
    const sl_world *d = &play.disp;
    static const int looks[5][3] = {
        {1280, 720, 150}, {1280, 720, 200}, {1280, 720, 250}, {1920, 1080, 200}, {1920, 1080, 250}};
    for (int l = 0; l < 5; l++)
        for (int tool = 0; tool < 2; tool++) {
            int W = looks[l][0], H = looks[l][1];
            window win;
            sl_view v;
            view_open(&win, &v, d, &play, W, H);
            v.user_scale = (float)looks[l][2] / 100.0f;
            v.tool = tool ? SL_TOOL_RULER : SL_TOOL_SELECT;
            const char *seen = drawn(&win, d, &v, W, H);
            const char *want = tool ? "\nDrag" : "\nF1";
            /* (at 1280x720 250% the ruler's says nothing rather than be cut) */
            bool room = !tool || W > 1280 || looks[l][2] <= 200;
            if (room && !strstr(seen, want))
                fail_msg("%dx%d %d%%: no whole %s hint in the status bar (cut by the scale bar):\n%s", W, H,
                         looks[l][2], tool ? "ruler's" : "help's", seen);
            sl_view_free(&v);
            window_close(&win);
        }
    sl_play_free(&play);
    sl_world_free(&w);
}

/* Whether `seen` (a line each) holds a line that begins `desc` and ends
 * where desc does, at one of its " · " or at a bracket (the whole, or its
 * first parts: "NAC 1st Squad's man 7"). */
static bool seen_start_of(const char *seen, const char *desc)
{
    for (const char *l = seen; *l;) {
        const char *e = strchr(l, '\n');
        size_t n = e ? (size_t)(e - l) : strlen(l);
        if (n > 0 && strncmp(l, desc, n) == 0 && (desc[n] == '\0' || strncmp(desc + n, " \xC2\xB7 ", 4) == 0 || strncmp(desc + n, " (", 2) == 0))
            return true;
        l += n + (e ? 1 : 0);
    }
    return false;
}

/* Issue 40's leftover: at 1280x720 200% the status bar gave the ground
 * under the pointer as "Old N", the rest of "Old Mill Road · road ·
 * height..." cut off by the scale bar at its end. With the pointer on
 * any figure or ground of the default table, the status bar names it
 * whole (all it says, or its name when the rest has no room: the
 * tooltip says the rest), never cut, at projector sizes in both layouts. */
static void test_hover_words_whole(void **state)
{
    (void)state;
    char path[600];
    sl_world w;
    sl_play play;
    start_scenario("default", path, sizeof path, &w, &play);
    const sl_world *d = &play.disp;
    /* the table layout at 1280x720: 150%, the largest that fits it (200
     * and 250% stop there, the status bar saying so) */
    static const int looks[][4] = {{1280, 720, 200, SL_LAYOUT_AUTO},  {1280, 720, 250, SL_LAYOUT_AUTO},
                                   {1280, 720, 150, SL_LAYOUT_TABLE}, {1920, 1080, 250, SL_LAYOUT_AUTO},
                                   {1920, 1080, 200, SL_LAYOUT_TABLE}};
    int bad = 0, named = 0;
    for (size_t l = 0; l < sizeof looks / sizeof looks[0]; l++) {
        int W = looks[l][0], H = looks[l][1];
        window win;
        sl_view v;
        look_open(&win, &v, d, &play, looks[l]);
        v.layout = looks[l][3];
        sl_ui_draw(win.ui, d, &v, W, H);
        const SDL_FRect T = win.ui->lay.table;
        for (int i = 0; i < 16 * 10; i++) {
            hover(&win, d, &v, T.x + T.w * (0.03f + 0.94f * (float)(i % 16) / 15.0f),
                  T.y + T.h * (0.03f + 0.94f * (float)(i / 16) / 9.0f));
            char desc[400];
            if (v.hover_figure >= 0)
                ui_describe_figure(d, v.hover_figure, desc, sizeof desc);
            else if (v.hover_feature >= 0)
                ui_describe_feature(d, v.hover_feature, desc, sizeof desc);
            else
                continue;
            v.tip_off = true; /* the status bar alone names it */
            const char *seen = drawn(&win, d, &v, W, H);
            if (v.status[0])
                continue; /* a notice said instead ("Text at 200%: 250% does not fit") */
            named++;
            if (!seen_start_of(seen, desc) && bad++ < 6)
                print_message("%dx%d %d%% (%s): the status bar does not name \"%s\" whole\n", W, H, looks[l][2],
                              win.ui->lay.present ? "presentation" : "table", desc);
        }
        look_close(&win, &v);
    }
    sl_play_free(&play);
    sl_world_free(&w);
    assert_true(named > 150);
    assert_int_equal(bad, 0);
}

/* maps/bunker.json, seed 3, at 1280x720 200% in the presentation: the
 * NSL mortar active (Phalon's two fire missions made), its fire mission
 * aimed (Shift+F). */
static void mortar_aimed(sl_world *w, sl_play *play, window *win, sl_view *v)
{
    mortar_game(w, play);
    const sl_world *d = &play->disp;
    open_720_200(win, v, d, play);
    key_mod(win, d, v, SDLK_f, KMOD_LSHIFT);
    sl_ui_draw(win->ui, d, v, 1280, 720);
    assert_true(v->pick.kind != SL_CMD_NONE);
}

/* Found walking the Done means (default.json at 1280x720 250%): NAC goes
 * first, its platoon HQ activated, F pressed where no target will do:
 * the refusal's box, taller than the strip over the action bar, stood
 * on the table over its middle. The bar steps out until Esc closes the
 * box, which stands in the strip, off the table. */
static void test_refusal_box_in_strip(void **state)
{
    (void)state;
    char path[600];
    sl_world w;
    sl_play play;
    start_scenario("default", path, sizeof path, &w, &play);
    const sl_world *d = &play.disp;
    static const int looks[][3] = {{1280, 720, 250}, {1280, 720, 200}, {1920, 1080, 250}};
    for (size_t l = 0; l < sizeof looks / sizeof looks[0]; l++) {
        int W = looks[l][0], H = looks[l][1];
        window win;
        sl_view v;
        look_open(&win, &v, d, &play, looks[l]);
        if (l == 0) {
            static const SDL_Keycode keys[] = {SDLK_1, SDLK_TAB, SDLK_a};
            for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
                key(&win, d, &v, keys[k]);
                sl_ui_draw(win.ui, d, &v, W, H);
            }
        }
        key(&win, d, &v, SDLK_f);
        sl_ui_draw(win.ui, d, &v, W, H);
        const SDL_FRect *R = &win.ui->refusal_box, *T = &win.ui->lay.table;
        if (!v.pick.message_is_error || R->w <= 0)
            fail_msg("%dx%d %d%%: no refusal shown (%s)", W, H, looks[l][2], v.pick.message);
        if (scene_rects_overlap(R, T))
            fail_msg("%dx%d %d%%: the refusal box (%.0f,%.0f %.0fx%.0f) on the table (%.0f,%.0f %.0fx%.0f)", W, H,
                     looks[l][2], R->x, R->y, R->w, R->h, T->x, T->y, T->w, T->h);
        key(&win, d, &v, SDLK_ESCAPE); /* closed: the bar back in the strip */
        sl_ui_draw(win.ui, d, &v, W, H);
        assert_true(win.ui->lay.actionbar.h > 0 && win.ui->lay.actionbar.x >= win.ui->lay.strip.x);
        look_close(&win, &v);
    }
    sl_play_free(&play);
    sl_world_free(&w);
}

/* Issue 40's leftover: the aiming card in the strip sometimes lacked
 * its unit's name. At 1280x720 200% the NSL mortar aiming its fire
 * mission (maps/bunker.json, seed 3) with the pointer anywhere on the
 * table: where the rule's lines about the point made the card too tall,
 * the name gave way before the lines did ("where should the fire
 * mission land?" alone). The card is headed by the name wherever it
 * points. */
static void test_aiming_card_named(void **state)
{
    (void)state;
    sl_world w;
    sl_play play;
    window win;
    sl_view v;
    mortar_aimed(&w, &play, &win, &v);
    const sl_world *d = &play.disp;
    const SDL_FRect T = win.ui->lay.table, S = win.ui->lay.strip;
    int bad = 0, cards = 0;
    for (int i = 0; i < 14 * 9; i++) {
        hover(&win, d, &v, T.x + T.w * (0.03f + 0.94f * (float)(i % 14) / 13.0f),
              T.y + T.h * (0.03f + 0.94f * (float)(i / 14) / 8.0f));
        sl_ui *ui = win.ui;
        ui->text.nseen_at = 0;
        const char *seen = drawn(&win, d, &v, 1280, 720);
        bool named = false, card = false;
        const char *line = seen;
        for (int k = 0; k < ui->text.nseen_at && *line; k++) {
            const char *end = strchr(line, '\n');
            if (ui->text.seen_at[k].x >= S.x && ui->text.seen_at[k].y < S.y + S.h) {
                named |= strncmp(line, "NSL Mortar Team", 15) == 0;
                /* its question (a call's or the crew's own shot's), its
                 * odds ("Call GP here: ..."), whom it would catch, why
                 * not there, what to click */
                card |= strncmp(line, "Click the point", 15) == 0 || strncmp(line, "Would catch", 11) == 0 ||
                        strncmp(line, "Not allowed", 11) == 0 || strstr(line, " land?") != NULL ||
                        strncmp(line, "Call ", 5) == 0 || strncmp(line, "Order ", 6) == 0 ||
                        strncmp(line, "Fire ", 5) == 0;
            }
            line = end ? end + 1 : line + strlen(line);
        }
        cards += card;
        if (card && !named && bad++ < 4)
            print_message("the aiming card at point %d (%.0f,%.0f) without its unit's name:\n%s", i, (double)v.mouse_x,
                          (double)v.mouse_y, seen);
    }
    game_close(&v, &win, &play, &w);
    assert_true(cards > 100);
    assert_int_equal(bad, 0);
}

/* Issue 40 point 1, flows6's leftover: at 1280x720 200% the NSL mortar
 * aiming its fire mission (maps/bunker.json, seed 3) at a point it
 * cannot see; the refusal box stood over the aiming card in the strip.
 * The box now keeps off every other card and off the bar, and the
 * aiming card shows beside it with its unit's name (it had stood aside,
 * or kept only "where should the fire mission land?"). */
static void test_refusal_clear_of_aiming_card(void **state)
{
    (void)state;
    sl_world w;
    sl_play play;
    window win;
    sl_view v;
    mortar_aimed(&w, &play, &win, &v);
    const sl_world *d = &play.disp;
    const sl_layout *L = &win.ui->lay;
    /* points across the table until one is refused */
    for (int gx = 0; gx < 6 && !v.pick.message_is_error; gx++)
        for (int gy = 0; gy < 4 && !v.pick.message_is_error; gy++) {
            float x = L->table.x + L->table.w * ((float)gx + 0.5f) / 6, y = L->table.y + L->table.h * ((float)gy + 0.5f) / 4;
            hover(&win, d, &v, x, y);
            sl_ui_draw(win.ui, d, &v, 1280, 720);
            click(&win, d, &v, x, y);
        }
    assert_true(v.pick.message_is_error);
    sl_ui *ui = win.ui;
    ui->text.record = true;
    ui->text.nseen = 0;
    ui->text.nseen_at = 0;
    ui->text.seen[0] = '\0';
    sl_ui_draw(win.ui, d, &v, 1280, 720);
    ui->text.record = false;
    const SDL_FRect *R = &ui->refusal_box;
    assert_true(R->w > 0);
    if (getenv("SL_PRESENT_SHOTS"))
        SDL_SaveBMP(win.surf, getenv("SL_PRESENT_SHOTS"));
    /* the box's title, and every line drawn before it where the box lies:
     * another card's, under the box */
    SDL_Rect box = {(int)R->x, (int)R->y, (int)R->w, (int)R->h};
    const char *line = ui->text.seen;
    int first = -1;
    for (int i = 0; i < ui->text.nseen_at && *line && first < 0; i++) {
        const char *end = strchr(line, '\n');
        if (strncmp(line, "Not allowed", 11) == 0 && SDL_HasIntersection(&ui->text.seen_at[i], &box))
            first = i;
        line = end ? end + 1 : line + strlen(line);
    }
    assert_true(first >= 0);
    line = ui->text.seen;
    for (int i = 0; i < first; i++) {
        const char *end = strchr(line, '\n');
        if (SDL_HasIntersection(&ui->text.seen_at[i], &box))
            fail_msg("the refusal box (%.0f,%.0f %.0fx%.0f) over a card's words \"%.*s\"", R->x, R->y, R->w, R->h,
                     (int)(end - line), line);
        line = end + 1;
    }
    /* the aiming card beside the box, headed by its unit's name (it
     * stood aside, or lost the name, for want of room above the bar) */
    if (!strstr(ui->text.seen, "\nNSL Mortar Team\n") && !strstr(ui->text.seen, "\nNSL Mortar Team: "))
        fail_msg("no aiming card headed \"NSL Mortar Team\" beside the refusal box:\n%s", ui->text.seen);
    /* nor the status line's long box, saying it again over it */
    line = ui->text.seen;
    for (int i = 0; i < ui->text.nseen_at && *line; i++) {
        const char *end = strchr(line, '\n');
        if (strncmp(line, "Refused:", 8) == 0 && SDL_HasIntersection(&ui->text.seen_at[i], &box))
            fail_msg("the status line's box over the refusal box: \"%.*s\"", (int)(end - line), line);
        line = end ? end + 1 : line + strlen(line);
    }
    if (L->actionbar.h > 0 && scene_rects_overlap(&L->actionbar, R))
        fail_msg("the refusal box (%.0f,%.0f %.0fx%.0f) under the action bar (%.0f,%.0f %.0fx%.0f)", R->x, R->y, R->w,
                 R->h, L->actionbar.x, L->actionbar.y, L->actionbar.w, L->actionbar.h);
    game_close(&v, &win, &play, &w);
}

/* The rows of words drawn on the table (left of the strip) from the
 * one recorded at i: it and each next one just under it, across the
 * same middle. */
static int rows_from(const sl_ui *ui, int i)
{
    const SDL_FRect *S = &ui->lay.strip;
    int rows = 1;
    for (int j = i + 1; j < ui->text.nseen_at; j++) {
        const SDL_Rect *a = &ui->text.seen_at[j - 1], *b = &ui->text.seen_at[j];
        bool under = b->y > a->y && b->y <= a->y + 2 * a->h && (float)(b->x + b->w) <= S->x;
        bool across = b->x < a->x + a->w && a->x < b->x + b->w;
        if (!under || !across)
            break;
        rows++;
    }
    return rows;
}

/* Point 3's leftover: at 1280x720 200% the mortar's aim pointed at a
 * point it may not take (maps/bunker.json): the pointer's "Not allowed
 * here: ..." lay across the table in three rows, saying again what the
 * aiming card in the strip says. One row on the table. */
static void test_pointer_refusal_short(void **state)
{
    (void)state;
    sl_world w;
    sl_play play;
    window win;
    sl_view v;
    mortar_aimed(&w, &play, &win, &v);
    const sl_world *d = &play.disp;
    sl_ui *ui = win.ui;
    const SDL_FRect *T = &ui->lay.table;
    int seen = 0, boxed = 0;
    /* pass 1: each point clicked as well, so that the refusal's box in
     * the strip gives the reason the pointer would repeat */
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < 24; k++) {
            float px = T->x + T->w * ((float)(k / 4) + 0.5f) / 6, py = T->y + T->h * ((float)(k % 4) + 0.5f) / 4;
            hover(&win, d, &v, px, py);
            if (pass == 1) {
                sl_ui_draw(win.ui, d, &v, 1280, 720);
                click(&win, d, &v, px, py);
                if (!v.pick.message_is_error)
                    continue;
                boxed++;
                hover(&win, d, &v, px, py);
            }
            ui->text.record = true;
            ui->text.nseen = 0;
            ui->text.nseen_at = 0;
            ui->text.seen[0] = '\0';
            sl_ui_draw(win.ui, d, &v, 1280, 720);
            ui->text.record = false;
            const char *line = ui->text.seen;
            for (int i = 0; i < ui->text.nseen_at && *line; i++) {
                const char *end = strchr(line, '\n');
                const SDL_Rect *r = &ui->text.seen_at[i];
                if (strncmp(line, "Not allowed here", 16) == 0 && (float)(r->x + r->w) <= ui->lay.strip.x) {
                    seen++;
                    int rows = rows_from(ui, i);
                    if (rows > 1)
                        fail_msg("the pointer's words in %d rows on the table: \"%.*s\"...", rows, (int)(end - line),
                                 line);
                }
                line = end ? end + 1 : line + strlen(line);
            }
        }
    assert_true(seen > 0); /* some point was refused, and said so at the pointer */
    assert_true(boxed > 0);
    game_close(&v, &win, &play, &w);
}

/* Seen live at 1280x720 200% (bunker, the NSL mortar): F4 put the bar
 * under the table, which shrank to a third of its size, because "Fire
 * mortar: GP (open sights) [Shift+F]" was wider than the strip, and then
 * turned eight pages of two buttons while the strip above stood empty.
 * With every action asked for and nothing aimed, the bar stays in the
 * strip (the table does not move), a too-wide button drops its label's
 * last bracket, and the pages are few. Then, aiming the mortar's fire,
 * the status line's instruction stood in a box over the aiming card's
 * lines: no two lines drawn in the strip lie one over the other. */
static void test_every_action_in_strip(void **state)
{
    (void)state;
    sl_world w;
    sl_play play;
    mortar_game(&w, &play);
    const sl_world *d = &play.disp;
    window win;
    sl_view v;
    open_720_200(&win, &v, d, &play);
    const sl_layout *L = &win.ui->lay;
    SDL_FRect table = L->table;
    key(&win, d, &v, SDLK_F4);
    sl_ui_draw(win.ui, d, &v, 1280, 720);
    assert_true(v.bar_all);
    if (L->table.w != table.w || L->table.h != table.h || L->actionbar.x < L->strip.x - 0.5f)
        fail_msg("F4 moved the bar out of the strip: the table %.0fx%.0f, was %.0fx%.0f", L->table.w, L->table.h,
                 table.w, table.h);
    if (L->bar_pages > 3)
        fail_msg("F4 takes %d pages of the bar with the strip empty above it", L->bar_pages);
    key(&win, d, &v, SDLK_F4); /* through the pages back to what may be done now */
    for (int i = 0; i < 8 && v.bar_all; i++)
        key(&win, d, &v, SDLK_F4);
    game_close(&v, &win, &play, &w);
    mortar_aimed(&w, &play, &win, &v);
    sl_ui *ui = win.ui;
    hover(&win, d, &v, ui->lay.table.x + ui->lay.table.w * 0.6f, ui->lay.table.y + ui->lay.table.h * 0.6f);
    ui->text.record = true;
    ui->text.nseen = 0;
    ui->text.nseen_at = 0;
    ui->text.seen[0] = '\0';
    sl_ui_draw(ui, d, &v, 1280, 720);
    ui->text.record = false;
    for (int i = 0; i < ui->text.nseen_at; i++)
        for (int j = i + 1; j < ui->text.nseen_at; j++) {
            const SDL_Rect *a = &ui->text.seen_at[i], *b = &ui->text.seen_at[j];
            if ((float)a->x < ui->lay.strip.x || (float)b->x < ui->lay.strip.x)
                continue;
            SDL_Rect both;
            if (SDL_IntersectRect(a, b, &both) && both.h > 2 && both.w > 2)
                fail_msg("two lines drawn in the strip lie one over the other, at (%d, %d) and (%d, %d):\n%s", a->x,
                         a->y, b->x, b->y, ui->text.seen);
        }
    game_close(&v, &win, &play, &w);
}

/* Issue 41's leftover: at 1280x720 200%, zoomed in on the NSL APC after
 * a suspension hit (maps/bunker.json, test_input's dice), its counters
 * (IMMOBILE with the rest) take most of the view in one row, so from
 * the APC's middle they ran past its edge: the row wraps, every counter
 * inside the table's view. */
static void test_counter_rows_wrap(void **state)
{
    (void)state;
    sl_world w;
    sl_play play;
    scenario_game("bunker", 1, &w, &play);
    static const int dice[] = {8, 2, 6, 7, 6, 6, 2, 8, 5, 4, 2, 7, 2};
    assert_true(sl_game_script_dice(&play.game, dice, (int)(sizeof dice / sizeof dice[0])));
    sl_game_begin(&play.game);
    static const char *const lines[] = {"decide first phalon", "activate ph-fo", "call-fire ph-fo at 43,11 fae-bty fae",
                                        "call-fire ph-fo at 52,16 fae-bty gp"};
    play_lines(&play, lines, sizeof lines / sizeof lines[0]);
    const sl_world *d = &play.disp;
    int apc = sl_scenario_find_unit(&d->scn, "nsl-apc");
    assert_true(apc >= 0);
    sl_mark marks[SL_MAX_MARKS];
    int nm = sl_game_marks(&play.game, apc, marks, SL_MAX_MARKS);
    bool immobile = false;
    for (int i = 0; i < nm; i++)
        immobile |= strcmp(marks[i].text, "IMMOBILE") == 0;
    assert_true(immobile);
    window win;
    window_open(&win, d, 1280, 720);
    sl_view v;
    assert_true(sl_view_init(&v, d));
    v.play = &play;
    v.user_scale = 2.0f;
    v.rolls_closed = play.game.journal.n;
    sl_ui_draw(win.ui, d, &v, 1280, 720);
    const sl_figure *f = &d->scn.figures[d->scn.units[apc].first_figure];
    v.scale = 40.0; /* zoomed in on the APC */
    v.cx = f->pos.x / 1000.0;
    v.cy = f->pos.y / 1000.0;
    sl_ui_draw(win.ui, d, &v, 1280, 720);
    const SDL_FRect *T = &win.ui->lay.table;
    float one_row = 0;
    for (int i = 0; i < nm; i++)
        one_row += ui_mark_width(win.ui, &marks[i]);
    if (!(one_row > 0.5f * T->w)) /* in one row: most of the view, past its edge from the APC's middle */
        fail_msg("%d counters, %.0f px in one row, the view %.0f px (scale %.2f)", nm, one_row, T->w, win.ui->lay.s);
    int found = 0;
    for (int i = 0; i < win.ui->nmark_rows; i++)
        if (win.ui->mark_row_unit[i] == apc) {
            found++;
            if (!inside(&win.ui->mark_rows[i], T))
                fail_msg("the APC's counters (%.0f,%.0f %.0fx%.0f) leave the view (%.0f,%.0f %.0fx%.0f)",
                         win.ui->mark_rows[i].x, win.ui->mark_rows[i].y, win.ui->mark_rows[i].w,
                         win.ui->mark_rows[i].h, T->x, T->y, T->w, T->h);
        }
    assert_int_equal(found, 1);
    for (int i = 0; i < win.ui->nmark_rows; i++) /* wrapped: two lines, none wider than the view */
        if (win.ui->mark_row_unit[i] == apc)
            assert_true(win.ui->mark_rows[i].w < one_row && win.ui->mark_rows[i].h > 1.5f * 12 * win.ui->lay.s);
    game_close(&v, &win, &play, &w);
}

/* A room's window (--mirror) beside a demonstrator's: a software
 * window with the mirror's options. */
static void mirror_open(window *win, const sl_world *w)
{
    char err[256], assets[1100];
    snprintf(assets, sizeof assets, "%s/assets", SL_SOURCE_DIR);
    win->surf = SDL_CreateRGBSurfaceWithFormat(0, 1280, 720, 32, SDL_PIXELFORMAT_RGB888);
    win->ren = SDL_CreateSoftwareRenderer(win->surf);
    win->ui = sl_ui_create(win->ren, assets, err, sizeof err);
    assert_non_null(win->ui);
    sl_ui_set_opts(win->ui, &(sl_ui_opts){true, false, true});
    sl_ui_set_world(win->ui, w);
}

/* One frame of the room's window from the demonstrator's view, as
 * window.c's mirror_draw makes it; the words it drew, and in m the view
 * it was drawn from. */
static const char *mirror_frame(window *room, window *demo, const sl_world *w, const sl_view *v, sl_view *m)
{
    sl_ui *ui = room->ui;
    ui->text.record = true;
    ui->text.nseen = 0;
    ui->text.seen[0] = '\0';
    ui->text.cuts = 0;
    ui->text.nhalf = 0;
    ui_mirror_draw(v, &demo->ui->lay.table, ui, w, 1.0f, 1280, 720, m);
    ui->text.record = false;
    return ui->text.seen;
}

/* All the demonstrator sees of the table (his view v in his table
 * region D) is in the room's view m of its region R, as large as fits. */
static void room_sees_all(const sl_view *v, const SDL_FRect *D, const sl_view *m, const SDL_FRect *R, const char *when)
{
    double seen_w = D->w / v->scale, seen_h = D->h / v->scale, room_w = R->w / m->scale, room_h = R->h / m->scale;
    if (room_w < seen_w - 1e-6 || room_h < seen_h - 1e-6)
        fail_msg("%s: the room sees %.4f\" x %.4f\" of the %.4f\" x %.4f\" the demonstrator sees", when, room_w, room_h,
                 seen_w, seen_h);
    if (fabs(room_w - seen_w) >= 1e-3 && fabs(room_h - seen_h) >= 1e-3)
        fail_msg("%s: the room's table is not as large as it fits", when);
}

/* Build point 5: the room's window shows the table alone (no toolbar,
 * panel or status bar, no tooltip), with the presentation strip and the
 * last command's rolls in it; it follows the demonstrator's camera (his
 * centre in its middle, what he sees in view); under fog it shows the
 * side whose turn it is, even while he looks at the other side's view,
 * and the referee's only when he shows that. */
static void test_room_window(void **state)
{
    (void)state;
    sl_world w;
    sl_play play;
    fired_game(&w, &play);
    const sl_world *d = &play.disp;
    window demo, room;
    window_open(&demo, d, 1600, 1000);
    mirror_open(&room, d);
    sl_view v, m;
    assert_true(sl_view_init(&v, d));
    v.play = &play;
    sl_view_select_unit(&v, sl_scenario_find_unit(&d->scn, "nac-1"), false);
    sl_ui_draw(demo.ui, d, &v, 1600, 1000);
    const char *seen = mirror_frame(&room, &demo, d, &v, &m);
    const sl_layout *L = &room.ui->lay;
    assert_true(L->present && L->toolbar.h == 0 && L->status.h == 0 && L->panel.w == 0);
    assert_true(L->strip.w > 0 && L->table.w > 0.5f * 1280);
    if (strstr(seen, "Ruler") || strstr(seen, "Dice log") || strstr(seen, "Tool:"))
        fail_msg("the room's window drew a control: %s", seen);
    assert_true(room.ui->nroll > 0); /* the fire's rolls, in the strip */
    for (int i = 0; i < room.ui->nroll; i++)
        assert_true(inside(&room.ui->roll_box[i], &L->strip));
    /* the demonstrator zooms in on the ford: the room follows */
    v.scale *= 3;
    v.cx = 36;
    v.cy = 20;
    sl_ui_draw(demo.ui, d, &v, 1600, 1000);
    mirror_frame(&room, &demo, d, &v, &m);
    sl_cam dc, rc;
    cam_from_view(&v, &demo.ui->lay.table, &dc);
    cam_from_view(&m, &room.ui->lay.table, &rc);
    float x, y;
    cam_pt(&rc, sl_pt_make(36000, 20000), &x, &y);
    const SDL_FRect *R = &room.ui->lay.table, *D = &demo.ui->lay.table;
    assert_true(fabsf(x - (R->x + R->w / 2)) < 2 && fabsf(y - (R->y + R->h / 2)) < 2);
    room_sees_all(&v, D, &m, R, "zoomed in");
    assert_true(m.scale > 2 * demo.ui->lay.table.w / 80.0); /* zoomed, not the whole table */
    /* he sets the text to 150% (F2): the room's strip widens, and in the
     * same frame its table still shows all he sees (it had shown a cut
     * table until the next event: its camera fitted to the strip before) */
    v.user_scale = 1.5f;
    sl_ui_draw(demo.ui, d, &v, 1600, 1000);
    SDL_FRect before = room.ui->lay.table;
    mirror_frame(&room, &demo, d, &v, &m);
    assert_true(room.ui->lay.table.w != before.w); /* the room was laid out anew */
    room_sees_all(&v, D, &m, R, "after F2");
    sl_view_free(&v);
    window_close(&room);
    window_close(&demo);
    sl_play_free(&play);
    sl_world_free(&w);

    /* fog: maps/hidden.json's set-up, ESU placing its units in secret */
    char path[600];
    start_scenario("hidden", path, sizeof path, &w, &play);
    int esu = sl_scenario_find_side(&w.scn, "esu"), nac = sl_scenario_find_side(&w.scn, "nac");
    assert_int_equal(sl_play_side_to_act(&play), esu);
    d = &play.disp;
    window_open(&demo, d, 1600, 1000);
    mirror_open(&room, d);
    assert_true(sl_view_init(&v, d));
    v.play = &play;
    v.fog_handover = false;
    static const int modes[3] = {SL_FOG_FOLLOW, SL_FOG_SIDE, SL_FOG_REFEREE};
    for (int k = 0; k < 3; k++) {
        v.fog_mode = modes[k];
        v.fog_side = modes[k] == SL_FOG_SIDE ? nac : -1; /* he looks at NAC's side while ESU sets up */
        sl_ui_draw(demo.ui, d, &v, 1600, 1000);
        assert_int_equal(play.view_side, modes[k] == SL_FOG_REFEREE ? -1 : modes[k] == SL_FOG_SIDE ? nac : esu);
        mirror_frame(&room, &demo, d, &v, &m);
        assert_int_equal(play.view_side, modes[k] == SL_FOG_REFEREE ? -1 : esu);
    }
    sl_view_free(&v);
    window_close(&room);
    window_close(&demo);
    sl_play_free(&play);
    sl_world_free(&w);
}

/* A game's picture drawn as the window would (text, panels), no file
 * written: what the check found wrong in c. */
static void game_checked(const sl_world *w, sl_render_req *req, sl_render_check *c)
{
    char assets[1100], err[600];
    snprintf(assets, sizeof assets, "%s/assets", SL_SOURCE_DIR);
    req->check = c;
    req->text = req->hud = true;
    if (!sl_render_png(w, assets, req, err, sizeof err))
        fail_msg("%s", err);
}

/* The ambush's set-up at 1280x720, 200% and 250% (capped to what fits),
 * in the view of the side that decides (side, the scenario's index)
 * after these commands: its card stands whole in the strip, nothing on
 * the table. */
static void ambush_card_in_strip(const char *const *cmds, size_t ncmds, int side, const char *what)
{
    sl_world w;
    sl_play play;
    scenario_game("ambush", 1, &w, &play);
    sl_game_begin(&play.game);
    play_lines(&play, cmds, ncmds);
    static const int scales_seen[] = {200, 250};
    for (size_t i = 0; i < sizeof scales_seen / sizeof scales_seen[0]; i++) {
        sl_render_req req;
        memset(&req, 0, sizeof req);
        req.view = side;
        req.play = &play;
        req.width = 1280;
        req.height = 720;
        req.scale_pct = scales_seen[i];
        sl_render_check c;
        game_checked(&w, &req, &c);
        if (!c.present || c.on_table || c.cuts)
            fail_msg("the ambush's %s at 1280x720 %d%% (drawn at %.0f%%): %s, %d cards on the table%s%s", what,
                     req.scale_pct, c.scale * 100, c.present ? "presentation" : "table", c.on_table,
                     c.cuts ? ", " : "", c.cuts ? c.what : "");
    }
    sl_play_free(&play);
    sl_world_free(&w);
}

/* Point 3: maps/ambush.json's column card (the order and gaps NAC
 * writes in secret) at 1280x720, 200% and 250% (capped to what fits):
 * taller than the strip over the action bar, it fell on the table over
 * the column's route with its key lines cut below the table; then ESU's
 * set-up card fell on its zone the same way. Both stand whole in the
 * strip. */
static void test_column_card_whole(void **state)
{
    (void)state;
    ambush_card_in_strip(NULL, 0, 0, "column card");
    static const char *const column[] = {"column nac-1 4.0 nac-hq 4.0 nac-2"};
    ambush_card_in_strip(column, 1, 1, "set-up card (ESU's)");
}

/* Issue 40's walk: the ambusher's "springs it or waits" card at 1280x720
 * 200% and 250% fell on the table over the road it asks to click, its
 * title cut after "springs it or" and its body at "Click the yellow
 * stretch of", while the strip stood empty. Whole in the strip. */
static void test_spring_card_whole(void **state)
{
    (void)state;
    static const char *const spring[] = {"column nac-1 4 nac-hq 4 nac-2", "place esu-1 12,12", "place esu-2 34,12",
                                         "place esu-hq 28,11", "place esu-dummy-1 40,10", "place esu-dummy-2 6,11",
                                         "done esu"};
    ambush_card_in_strip(spring, sizeof spring / sizeof spring[0], 1, "spring card (ESU's)");
}

/* Issue 40's walk: maps/hidden.json at 1280x720 250% (drawn at 200%),
 * NAC's view: NAC 1st Squad fires at ESU 1st Squad, the pointer still on
 * the target. The sight card took the strip and the fire's rolls showed
 * nowhere (no box, no line). Each squad's rolls shown, there and at
 * 1920x1080 200%, the sight card or not. */
static void test_fire_rolls_beside_sight_card(void **state)
{
    (void)state;
    sl_world w;
    sl_play play;
    scenario_game("hidden", 42, &w, &play);
    sl_game_begin(&play.game);
    static const char *const lines[] = {"place esu-dummy-1 64.5,44", "done esu", "decide first nac", "activate nac-1",
                                        "fire nac-1 at esu-1"};
    play_lines(&play, lines, sizeof lines / sizeof lines[0]);
    static const int looks[][3] = {{1280, 720, 250}, {1280, 720, 200}, {1920, 1080, 200}};
    int bad = 0;
    for (size_t i = 0; i < sizeof looks / sizeof looks[0]; i++)
        for (int aim = 0; aim < 2; aim++) {
            sl_render_req req;
            memset(&req, 0, sizeof req);
            req.view = sl_scenario_find_side(&play.disp.scn, "nac");
            req.play = &play;
            req.width = looks[i][0];
            req.height = looks[i][1];
            req.scale_pct = looks[i][2];
            req.select_unit = "nac-1";
            req.target = aim ? "esu-1" : NULL;
            sl_render_check c;
            game_checked(&w, &req, &c);
            if (c.rolls < 2 || c.rolls_shown < c.rolls) {
                bad++;
                print_message("hidden.json, NAC's fire, %dx%d at %d%% (drawn at %.0f%%)%s: %d of %d squads' rolls shown\n",
                              req.width, req.height, req.scale_pct, c.scale * 100, aim ? ", the sight card on ESU 1st Squad" : "",
                              c.rolls_shown, c.rolls);
            }
        }
    sl_play_free(&play);
    sl_world_free(&w);
    assert_int_equal(bad, 0);
}

/* maps/town.json begun (and this line played, if any), in a window of
 * look[0] x look[1] in the table layout (F10) at look[2] percent. */
static const sl_world *town_table(sl_world *w, sl_play *play, window *win, sl_view *v, const int look[3],
                                  const char *line)
{
    char path[600];
    start_scenario("town", path, sizeof path, w, play);
    if (line)
        play_lines(play, &line, 1);
    view_open(win, v, &play->disp, play, look[0], look[1]);
    v->layout = SL_LAYOUT_TABLE;
    v->user_scale = (float)look[2] / 100.0f;
    return &play->disp;
}

/* Issue 40's walk: maps/town.json in the table layout at 1920x1080 200%:
 * the forces list's last line, "8 more: the wheel over the list scrolls
 * it", ran past the side panel's edge. Whole, in fewer words. */
static void test_forces_more_whole(void **state)
{
    (void)state;
    sl_world w;
    sl_play play;
    window win;
    sl_view v;
    static const int look[3] = {1920, 1080, 200};
    const sl_world *d = town_table(&w, &play, &win, &v, look, "decide first nac");
    const char *seen = drawn(&win, d, &v, 1920, 1080);
    for (int i = 0; i < win.ui->text.nhalf; i++)
        if (strstr(win.ui->text.half[i], " more"))
            fail_msg("the forces' line cut at the panel's edge: %s", win.ui->text.half[i]);
    if (!strstr(seen, " more"))
        fail_msg("no forces' \"more\" line to check (the list held every unit)");
    game_close(&v, &win, &play, &w);
}

static void test_none(void **state)
{
    (void)state;
    if (problems)
        fail_msg("%d pictures with words cut, labels over labels or cards over what they speak of", problems);
}

int main(void)
{
    /* SL_PRESENT_ONLY=test_dice* runs only those (the whole sweep takes minutes) */
    if (getenv("SL_PRESENT_ONLY"))
        cmocka_set_test_filter(getenv("SL_PRESENT_ONLY"));
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dice_cards_clear),
        cmocka_unit_test(test_dice_cards_fade),
        cmocka_unit_test(test_dice_cards_close),
        cmocka_unit_test(test_dice_cards_shown),
        cmocka_unit_test(test_tooltips_clear),
        cmocka_unit_test(test_side_panel),
        cmocka_unit_test(test_table_layout_capped),
        cmocka_unit_test(test_unit_card_clear_of_log),
        cmocka_unit_test(test_text_size_steady),
        cmocka_unit_test(test_first_card_off_labels),
        cmocka_unit_test(test_labels_on_table),
        cmocka_unit_test(test_places_over_bands),
        cmocka_unit_test(test_long_status),
        cmocka_unit_test(test_tall_action_bar),
        cmocka_unit_test(test_every_action_button),
        cmocka_unit_test(test_strip_holds_bar),
        cmocka_unit_test(test_status_hints_whole),
        cmocka_unit_test(test_hover_words_whole),
        cmocka_unit_test(test_long_status_clear_of_bar),
        cmocka_unit_test(test_long_status_clear_of_cards),
        cmocka_unit_test(test_refusal_clear_of_aiming_card),
        cmocka_unit_test(test_aiming_card_named),
        cmocka_unit_test(test_refusal_box_in_strip),
        cmocka_unit_test(test_counter_rows_wrap),
        cmocka_unit_test(test_room_window),
        cmocka_unit_test(test_lesson_card_in_strip),
        cmocka_unit_test(test_column_card_whole),
        cmocka_unit_test(test_spring_card_whole),
        cmocka_unit_test(test_fire_rolls_beside_sight_card),
        cmocka_unit_test(test_forces_more_whole),
        cmocka_unit_test(test_ambush_lesson_card_in_strip),
        cmocka_unit_test(test_ambush_lesson_table_stretch_clear),
        cmocka_unit_test(test_strip_cards_apart),
        cmocka_unit_test(test_pointer_refusal_short),
        cmocka_unit_test(test_every_action_in_strip),
        cmocka_unit_test(test_lessons_720_at_250),
        cmocka_unit_test(test_lessons),
        cmocka_unit_test(test_scenarios),
        cmocka_unit_test(test_none),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
