/* The window's controls, driven as a person would: SDL events go through
 * the same handler the window uses, on the default scenario, and the
 * view must change the way the help overlay says it does. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <stdlib.h>

#include "house/house.h"
#include "input.h"
#include "ui_internal.h"
#include "house/house.h"
#include "skirmish/skirmish.h"

typedef struct fixture {
    SDL_Surface *surf;
    SDL_Renderer *ren;
    sl_ui *ui;
    sl_world w;
    sl_view v;
} fixture;

#define W 1280
#define H 800

static fixture F;
/* a game in play, for the play tests; WORLD is what is drawn */
static sl_play P;
static const sl_world *WORLD = &F.w;

static void draw(void)
{
    sl_ui_draw(F.ui, WORLD, &F.v, W, H);
}

static int setup(void **state)
{
    (void)state;
    memset(&F, 0, sizeof F);
    if (SDL_Init(SDL_INIT_VIDEO) != 0)
        return -1;
    F.surf = SDL_CreateRGBSurfaceWithFormat(0, W, H, 32, SDL_PIXELFORMAT_RGB888);
    F.ren = SDL_CreateSoftwareRenderer(F.surf);
    char err[256], assets[1100];
    snprintf(assets, sizeof assets, "%s/assets", SL_SOURCE_DIR);
    F.ui = sl_ui_create(F.ren, assets, err, sizeof err);
    sl_load_opts opts = {false};
    if (!F.ui || !sl_world_load("maps/default.json", &opts, &F.w, NULL))
        return -1;
    sl_ui_set_world(F.ui, &F.w);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    sl_ui_destroy(F.ui);
    sl_world_free(&F.w);
    SDL_DestroyRenderer(F.ren);
    SDL_FreeSurface(F.surf);
    TTF_Quit();
    SDL_Quit();
    return 0;
}

/* Each test starts from a fresh view with 12 px to the inch and the
 * table centred: all of it is in view and whole inches fall on whole
 * pixels. */
static int fresh_view(void **state)
{
    (void)state;
    sl_play_free(&P);
    WORLD = &F.w;
    sl_ui_set_world(F.ui, WORLD);
    sl_view_free(&F.v);
    sl_view_init(&F.v, &F.w);
    draw();
    F.v.scale = 12.0;
    F.v.cx = 36.0;
    F.v.cy = 24.0;
    F.v.fitted = true;
    SDL_SetModState(KMOD_NONE);
    draw();
    return 0;
}

static void to_screen(double x, double y, int *sx, int *sy)
{
    sl_cam cam;
    cam_from_view(&F.v, &F.ui->lay.table, &cam);
    float fx, fy;
    cam_w2s(&cam, x, y, &fx, &fy);
    *sx = (int)lroundf(fx);
    *sy = (int)lroundf(fy);
}

static void send(SDL_Event *e)
{
    sl_input_event(F.ui, WORLD, &F.v, e);
    draw();
}

static void move_px(int x, int y)
{
    SDL_Event e = {0};
    e.type = SDL_MOUSEMOTION;
    e.motion.x = x;
    e.motion.y = y;
    send(&e);
}

static void move_to(double x, double y)
{
    int sx, sy;
    to_screen(x, y, &sx, &sy);
    move_px(sx, sy);
}

static void button_px(Uint32 type, int button, int x, int y, int clicks)
{
    SDL_Event e = {0};
    e.type = type;
    e.button.button = (Uint8)button;
    e.button.x = x;
    e.button.y = y;
    e.button.clicks = (Uint8)clicks;
    send(&e);
}

static void click_px(int x, int y)
{
    move_px(x, y);
    button_px(SDL_MOUSEBUTTONDOWN, SDL_BUTTON_LEFT, x, y, 1);
    button_px(SDL_MOUSEBUTTONUP, SDL_BUTTON_LEFT, x, y, 1);
}

static void click(double x, double y)
{
    int sx, sy;
    to_screen(x, y, &sx, &sy);
    click_px(sx, sy);
}

static void drag(double x0, double y0, double x1, double y1)
{
    int ax, ay, bx, by;
    to_screen(x0, y0, &ax, &ay);
    to_screen(x1, y1, &bx, &by);
    move_px(ax, ay);
    button_px(SDL_MOUSEBUTTONDOWN, SDL_BUTTON_LEFT, ax, ay, 1);
    move_px((ax + bx) / 2, (ay + by) / 2);
    move_px(bx, by);
    button_px(SDL_MOUSEBUTTONUP, SDL_BUTTON_LEFT, bx, by, 1);
}

static void key(SDL_Keycode k)
{
    SDL_Event e = {0};
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = k;
    e.key.keysym.mod = (Uint16)SDL_GetModState(); /* a key carries the modifiers held as it was pressed */
    send(&e);
}

static int unit(const char *id)
{
    return sl_scenario_find_unit(&WORLD->scn, id);
}

static const sl_figure *fig(const char *id)
{
    return &WORLD->scn.figures[sl_scenario_find_figure(&WORLD->scn, id)];
}

/* A tooltip shows by the pointer over a figure, goes with a key or a
 * click, and comes back when the pointer moves; the pointer leaving the
 * window leaves nothing under it. */
static void test_tooltip_goes_and_comes(void **state)
{
    (void)state;
    const sl_figure *f = fig("nac-1-3");
    move_to(f->pos.x / 1000.0, f->pos.y / 1000.0);
    assert_true(F.v.hover_figure >= 0);
    assert_false(F.v.tip_off);
    key(SDLK_g);
    assert_true(F.v.tip_off);
    move_to(f->pos.x / 1000.0 + 0.05, f->pos.y / 1000.0);
    assert_false(F.v.tip_off);
    SDL_Event e = {0};
    e.type = SDL_WINDOWEVENT;
    e.window.event = SDL_WINDOWEVENT_LEAVE;
    send(&e);
    assert_int_equal(F.v.hover_figure, -1);
    assert_false(F.v.mouse_in_table);
}

static void test_click_selects_unit(void **state)
{
    (void)state;
    const sl_figure *f = fig("nac-1-3");
    click(f->pos.x / 1000.0, f->pos.y / 1000.0);
    assert_int_equal(sl_view_selected_count(&F.v), 1);
    assert_true(F.v.selected[unit("nac-1")]);
    assert_int_equal(F.v.focus_unit, unit("nac-1"));
    assert_non_null(strstr(F.v.status, "NAC 1st Squad"));
    /* shift adds a second unit */
    SDL_SetModState(KMOD_LSHIFT);
    f = fig("esu-2-5");
    click(f->pos.x / 1000.0, f->pos.y / 1000.0);
    assert_int_equal(sl_view_selected_count(&F.v), 2);
    assert_int_equal(F.v.focus_unit, unit("esu-2"));
    /* shift-click again removes it */
    click(f->pos.x / 1000.0, f->pos.y / 1000.0);
    assert_int_equal(sl_view_selected_count(&F.v), 1);
    SDL_SetModState(KMOD_NONE);
    /* a click on open ground clears, and so does Esc */
    f = fig("nac-2-1");
    click(f->pos.x / 1000.0, f->pos.y / 1000.0);
    click(45, 12);
    assert_int_equal(sl_view_selected_count(&F.v), 0);
    click(f->pos.x / 1000.0, f->pos.y / 1000.0);
    key(SDLK_ESCAPE);
    assert_int_equal(sl_view_selected_count(&F.v), 0);
}

static void test_box_select(void **state)
{
    (void)state;
    /* around 1st and 3rd squads, but not the HQ or 2nd squad */
    drag(11.5, 12.5, 22.5, 25);
    assert_int_equal(sl_view_selected_count(&F.v), 2);
    assert_true(F.v.selected[unit("nac-1")]);
    assert_true(F.v.selected[unit("nac-3")]);
    assert_false(F.v.boxing);
}

static void test_tab_cycles(void **state)
{
    (void)state;
    key(SDLK_TAB);
    assert_int_equal(F.v.focus_unit, 0);
    key(SDLK_TAB);
    assert_int_equal(F.v.focus_unit, 1);
    SDL_SetModState(KMOD_LSHIFT);
    key(SDLK_TAB);
    key(SDLK_TAB);
    /* back round to the last unit on the table (an empty detached element
     * in reserve is not one) */
    int last = F.w.scn.nunits - 1;
    while (!sl_unit_fielded(&F.w.scn, last))
        last--;
    assert_int_equal(F.v.focus_unit, last);
    assert_int_equal(sl_view_selected_count(&F.v), 1);
}

static double ruler_total(int *nlegs, double *legs)
{
    return sl_ruler_measure(&F.w, &F.v.ruler, legs, nlegs);
}

static void test_ruler(void **state)
{
    (void)state;
    double legs[SL_RULER_MAX];
    int n;
    key(SDLK_r);
    assert_int_equal(F.v.tool, SL_TOOL_RULER);
    /* a 3-4-5 drag on open ground */
    drag(30, 40, 33, 44);
    assert_int_equal(F.v.ruler.npts, 2);
    assert_true(F.v.ruler.finished);
    assert_float_equal(ruler_total(&n, legs), 5.0, 1e-9);
    /* a click adds a waypoint 6" further on */
    click(33, 50);
    assert_float_equal(ruler_total(&n, legs), 11.0, 1e-9);
    assert_int_equal(n, 2);
    assert_float_equal(legs[1], 6.0, 1e-9);
    /* Backspace takes it off again */
    key(SDLK_BACKSPACE);
    assert_float_equal(ruler_total(&n, legs), 5.0, 1e-9);
    /* Esc clears the ruler but stays in the tool; a second Esc leaves it */
    key(SDLK_ESCAPE);
    assert_int_equal(F.v.ruler.npts, 0);
    assert_int_equal(F.v.tool, SL_TOOL_RULER);
    key(SDLK_ESCAPE);
    assert_int_equal(F.v.tool, SL_TOOL_SELECT);
}

static void test_ruler_base_edges(void **state)
{
    (void)state;
    key(SDLK_r);
    const sl_figure *a = fig("nac-1-1"), *b = fig("esu-1-4");
    /* press a little off the first figure's centre: it still snaps */
    drag(a->pos.x / 1000.0 + 0.2, a->pos.y / 1000.0, b->pos.x / 1000.0, b->pos.y / 1000.0 - 0.2);
    assert_int_equal(F.v.ruler.from_figure, sl_scenario_find_figure(&F.w.scn, "nac-1-1"));
    assert_int_equal(F.v.ruler.to_figure, sl_scenario_find_figure(&F.w.scn, "esu-1-4"));
    double legs[SL_RULER_MAX];
    int n;
    double want = sl_base_edge_dist(a->pos, a->base_r, b->pos, b->base_r) / 1000.0;
    assert_float_equal(ruler_total(&n, legs), want, 1e-9);
}

static void test_ruler_clicks_follow_pointer(void **state)
{
    (void)state;
    key(SDLK_r);
    click(10, 40);
    assert_int_equal(F.v.ruler.npts, 1);
    assert_false(F.v.ruler.finished);
    move_to(10, 46);
    double legs[SL_RULER_MAX];
    int n;
    /* the live leg follows the pointer */
    assert_float_equal(ruler_total(&n, legs), 6.0, 1e-9);
    click(10, 46);
    click(10, 46); /* the same point again: no leg of 0" (issue 20) */
    assert_int_equal(F.v.ruler.npts, 2);
    move_to(18, 46);
    assert_float_equal(ruler_total(&n, legs), 14.0, 1e-9);
    key(SDLK_RETURN);
    assert_true(F.v.ruler.finished);
    move_to(30, 46);
    assert_float_equal(ruler_total(&n, legs), 6.0, 1e-9);
}

static void test_zoom_about_cursor(void **state)
{
    (void)state;
    int sx, sy;
    to_screen(20, 30, &sx, &sy);
    move_px(sx, sy);
    double before = F.v.scale;
    SDL_Event e = {0};
    e.type = SDL_MOUSEWHEEL;
    e.wheel.preciseY = 2.0f;
    e.wheel.y = 2;
    send(&e);
    assert_true(F.v.scale > before * 1.3);
    /* the table point under the cursor did not move */
    assert_int_equal(F.v.cursor.x, 20000);
    assert_int_equal(F.v.cursor.y, 30000);
    key(SDLK_MINUS);
    key(SDLK_EQUALS);
    key(SDLK_HOME);
    assert_true(F.v.scale <= 12.0); /* the whole 72" table fits 900 px */
    assert_float_equal(F.v.cx, 36.0, 1e-9);
}

static void test_pan(void **state)
{
    (void)state;
    int sx, sy;
    to_screen(36, 24, &sx, &sy);
    move_px(sx, sy);
    button_px(SDL_MOUSEBUTTONDOWN, SDL_BUTTON_RIGHT, sx, sy, 1);
    move_px(sx + 120, sy - 48);
    button_px(SDL_MOUSEBUTTONUP, SDL_BUTTON_RIGHT, sx + 120, sy - 48, 1);
    /* dragging the table right by 120 px at 12 px/inch shows 10" further left */
    assert_float_equal(F.v.cx, 26.0, 1e-9);
    assert_float_equal(F.v.cy, 28.0, 1e-9);
    key(SDLK_RIGHT);
    assert_true(F.v.cx > 31.0);
}

static void test_hover(void **state)
{
    (void)state;
    move_to(60, 17);
    assert_true(F.v.mouse_in_table);
    assert_int_equal(F.v.cursor.x, 60000);
    assert_true(F.v.hover_feature >= 0);
    assert_string_equal(F.w.scn.table.features[F.v.hover_feature].name, "Farmhouse");
    const sl_figure *f = fig("esu-hq-2");
    move_to(f->pos.x / 1000.0, f->pos.y / 1000.0);
    assert_int_equal(F.v.hover_figure, sl_scenario_find_figure(&F.w.scn, "esu-hq-2"));
    assert_int_equal(F.v.hover_feature, -1);
}

static void test_keys_and_buttons(void **state)
{
    (void)state;
    /* Esc closes help first, and keeps the selection */
    key(SDLK_TAB);
    key(SDLK_F1);
    assert_true(F.v.show_help);
    key(SDLK_ESCAPE);
    assert_false(F.v.show_help);
    assert_int_equal(sl_view_selected_count(&F.v), 1);
    key(SDLK_g);
    assert_true(F.v.show_grid);
    key(SDLK_l);
    assert_false(F.v.show_labels);
    key(SDLK_F2);
    assert_float_equal(F.v.user_scale, 1.25, 1e-6);
    key(SDLK_F12);
    assert_true(F.v.want_screenshot);
    /* toolbar buttons do what their keys do */
    SDL_FRect r = F.ui->lay.buttons[SL_BTN_RULER];
    click_px((int)(r.x + r.w / 2), (int)(r.y + r.h / 2));
    assert_int_equal(F.v.tool, SL_TOOL_RULER);
    r = F.ui->lay.buttons[SL_BTN_GRID];
    click_px((int)(r.x + r.w / 2), (int)(r.y + r.h / 2));
    assert_false(F.v.show_grid);
}

static void test_panel_rows_select(void **state)
{
    (void)state;
    /* with nothing selected the panel lists every unit */
    int fielded = 0;
    for (int u = 0; u < F.w.scn.nunits; u++)
        fielded += sl_unit_fielded(&F.w.scn, u);
    assert_int_equal(F.ui->lay.nrows, fielded);
    int want = unit("esu-2");
    for (int i = 0; i < F.ui->lay.nrows; i++) {
        if (F.ui->lay.row_unit[i] != want)
            continue;
        SDL_FRect r = F.ui->lay.rows[i];
        click_px((int)(r.x + r.w / 2), (int)(r.y + r.h / 2));
    }
    assert_int_equal(F.v.focus_unit, want);
    assert_int_equal(sl_view_selected_count(&F.v), 1);
}

static void test_blast_tool(void **state)
{
    (void)state;
    move_to(30, 20);
    key(SDLK_b);
    assert_int_equal(F.v.tool, SL_TOOL_BLAST);
    assert_true(F.v.overlays & SL_OVERLAY_BLAST);
    move_to(31, 22);
    assert_float_equal(F.v.blast_x, 31.0, 1e-9);
    assert_float_equal(F.v.blast_y, 22.0, 1e-9);
    /* the rulebook sizes: 4" by default, ] gives 6", [ twice gives 3" */
    key(SDLK_RIGHTBRACKET);
    assert_float_equal(F.v.blast_r, 6.0, 1e-9);
    key(SDLK_LEFTBRACKET);
    key(SDLK_LEFTBRACKET);
    assert_float_equal(F.v.blast_r, 3.0, 1e-9);
    key(SDLK_LEFTBRACKET);
    assert_float_equal(F.v.blast_r, 3.0, 1e-9);
    /* a click pins it where it is; the pointer can then leave */
    click(40, 30);
    assert_true(F.v.blast_pinned);
    move_to(10, 10);
    assert_float_equal(F.v.blast_x, 40.0, 1e-9);
    key(SDLK_ESCAPE);
    assert_int_equal(F.v.tool, SL_TOOL_SELECT);
    assert_false(F.v.overlays & SL_OVERLAY_BLAST);
}

/* Numbers no table could hold never overflow the drawing (issue 36): the
 * drawing primitives take any radius, and a blast set on the view by any
 * way is drawn or left out, never an overflow (UBSan stops on one). A
 * request with such numbers is refused with a reason. */
static void test_huge_numbers_drawn_safely(void **state)
{
    (void)state;
    const float big[] = {1e30f, 3e9f, INFINITY, NAN, -1e30f};
    sl_rgba c = sl_rgba_make(230, 159, 0, 255);
    for (size_t i = 0; i < sizeof big / sizeof big[0]; i++) {
        gfx_disc(F.ren, 100.0f, 100.0f, big[i], c);
        gfx_disc(F.ren, big[i], 100.0f, 5.0f, c);
        gfx_ring(F.ren, 100.0f, 100.0f, big[i], 3.0f, c);
        gfx_dashed_ring(F.ren, 100.0f, 100.0f, big[i], 3.0f, 14.0f, 6.0f, c);
        float line[4] = {0.0f, 0.0f, big[i], 10.0f};
        gfx_dashed(F.ren, line, 2, false, 2.0f, 14.0f, 6.0f, c);
    }
    F.v.overlays |= SL_OVERLAY_BLAST;
    F.v.blast_placed = F.v.blast_pinned = true;
    F.v.blast_x = F.v.blast_y = F.v.blast_r = 1e308;
    draw();
    F.v.blast_x = F.v.blast_y = 20;
    draw();
    F.v.blast_r = NAN;
    draw();
    sl_render_req req = {.overlays = SL_OVERLAY_SET | SL_OVERLAY_BLAST, .blast_x = 1e308, .blast_y = 20,
                         .blast_r = 3, .view = -1};
    char err[200] = "";
    assert_false(sl_view_apply_request(&F.v, &F.w, &req, err, sizeof err));
    assert_non_null(strstr(err, "cannot be drawn"));
}

static void test_path_tool(void **state)
{
    (void)state;
    /* needs a unit first */
    key(SDLK_m);
    assert_int_equal(F.v.tool, SL_TOOL_SELECT);
    assert_non_null(strstr(F.v.status, "Select a unit first"));
    const sl_figure *f = fig("nac-3-4");
    click(f->pos.x / 1000.0, f->pos.y / 1000.0);
    key(SDLK_m);
    assert_int_equal(F.v.tool, SL_TOOL_PATH);
    /* the first click picks the unit's figure nearest it */
    click(f->pos.x / 1000.0 + 0.2, f->pos.y / 1000.0);
    assert_int_equal(F.v.path_figure, sl_scenario_find_figure(&F.w.scn, "nac-3-4"));
    assert_true(F.v.path_live);
    click(26, 30); /* across the road */
    move_to(30, 36);
    assert_int_equal(F.v.npath, 3); /* figure, waypoint, live end */
    key(SDLK_RETURN);
    assert_false(F.v.path_live);
    assert_int_equal(F.v.npath, 2);
    assert_int_equal(F.v.path[1].x, 26000);
    /* Backspace takes the waypoint off; Esc clears the path */
    key(SDLK_BACKSPACE);
    assert_int_equal(F.v.path_figure, -1);
    key(SDLK_ESCAPE);
    assert_int_equal(F.v.tool, SL_TOOL_SELECT);
}

static void test_target_and_toggles(void **state)
{
    (void)state;
    const sl_figure *f = fig("nac-1-1");
    click(f->pos.x / 1000.0, f->pos.y / 1000.0);
    /* T picks the enemy units in turn, never a friend */
    key(SDLK_t);
    int t1 = overlay_los_target(&F.w, &F.v);
    assert_true(t1 >= 0);
    assert_int_not_equal(F.w.scn.units[t1].side, F.w.scn.units[unit("nac-1")].side);
    key(SDLK_t);
    int t2 = overlay_los_target(&F.w, &F.v);
    assert_int_not_equal(t1, t2);
    /* hovering an enemy figure makes it the target */
    const sl_figure *e = fig("esu-2-3");
    move_to(e->pos.x / 1000.0, e->pos.y / 1000.0);
    assert_int_equal(overlay_los_target(&F.w, &F.v), unit("esu-2"));
    /* hovering a friend does not */
    const sl_figure *fr = fig("nac-2-1");
    move_to(fr->pos.x / 1000.0, fr->pos.y / 1000.0);
    assert_int_equal(overlay_los_target(&F.w, &F.v), t2);
    /* range bands are off until asked for (they cover the table) */
    assert_false(F.v.overlays & SL_OVERLAY_BANDS);
    key(SDLK_v);
    assert_true(F.v.overlays & SL_OVERLAY_BANDS);
    assert_non_null(strstr(F.v.status, "Range bands on"));
    key(SDLK_i);
    assert_true(F.v.overlays & SL_OVERLAY_INTEGRITY);
}

/* --- playing in the window -------------------------------------------------------------- */

/* A new game on the default scenario (seed 42: a die gives NAC the
 * choice of who goes first), no autosave, the same camera as above. */
/* A new game on `w` (loaded from `path` the first time), with scripted
 * dice when given, shown in a fresh view; with scale > 0 the camera is
 * put there (inches: scale px an inch, centred on cx, cy). */
static int start_game(sl_world *w, const char *path, uint64_t seed, const int *dice, int ndice, double scale,
                      double cx, double cy)
{
    sl_play_free(&P);
    sl_play_init(&P);
    sl_load_opts opts = {false};
    if (!w->scn.units && !sl_world_load(path, &opts, w, NULL))
        return -1;
    char err[300];
    if (!sl_play_start(&P, w, path, seed, err, sizeof err))
        return -1;
    if (ndice > 0)
        sl_game_script_dice(&P.game, dice, ndice);
    sl_game_begin(&P.game);
    WORLD = &P.disp;
    sl_ui_set_world(F.ui, WORLD);
    sl_view_free(&F.v);
    sl_view_init(&F.v, WORLD);
    F.v.play = &P;
    draw();
    if (scale > 0) {
        F.v.scale = scale;
        F.v.cx = cx;
        F.v.cy = cy;
        F.v.fitted = true;
    }
    SDL_SetModState(KMOD_NONE);
    draw();
    return 0;
}

static int fresh_play(void **state)
{
    (void)state;
    return start_game(&F.w, "maps/default.json", 42, NULL, 0, 12.0, 36.0, 24.0);
}

static void text(const char *t)
{
    SDL_Event e = {0};
    e.type = SDL_TEXTINPUT;
    snprintf(e.text.text, sizeof e.text.text, "%s", t);
    send(&e);
}

static bool journal_has(const char *needle)
{
    for (int i = 0; i < P.game.journal.n; i++)
        if (strstr(P.game.journal.ev[i].text, needle))
            return true;
    return false;
}

static void click_fig(const char *id)
{
    const sl_figure *f = fig(id);
    click(f->pos.x / 1000.0, f->pos.y / 1000.0);
}

/* The action bar's button for a command, clicked. */
static void click_action(int k)
{
    const sl_layout *L = &F.ui->lay;
    for (int i = 0; i < L->nact; i++)
        if (L->act[i].kind == k) {
            click_px((int)(L->abtn[i].x + L->abtn[i].w / 2), (int)(L->abtn[i].y + L->abtn[i].h / 2));
            return;
        }
    fail_msg("no %s button", sl_cmd_name(k));
}

/* Everything by keyboard: the first decision by number, a unit by Tab,
 * activate, end. */
static void test_play_by_keyboard(void **state)
{
    (void)state;
    assert_int_equal(P.game.pending.kind, SL_DECIDE_FIRST);
    assert_int_equal(P.game.pending.side, 0);
    key(SDLK_a); /* nothing selected, and a decision waits: refused */
    assert_int_equal(P.game.pending.kind, SL_DECIDE_FIRST);
    key(SDLK_1);
    assert_int_equal(P.game.pending.kind, SL_DECIDE_NONE);
    assert_int_equal(P.game.side_to_act, 0);
    key(SDLK_TAB); /* the first unit: NAC Platoon HQ */
    assert_int_equal(F.v.focus_unit, unit("nac-hq"));
    key(SDLK_a);
    assert_int_equal(sl_game_active_unit(&P.game), unit("nac-hq"));
    assert_true(journal_has("NAC Platoon HQ activates"));
    key(SDLK_e);
    assert_int_equal(sl_game_active_unit(&P.game), -1);
    assert_int_equal(P.game.side_to_act, 1);
    /* ESU's turn now: Tab goes through ESU's units still to activate
     * (issue 20, item 7), never NAC's */
    for (int i = 0; i < 6; i++) {
        key(SDLK_TAB);
        assert_int_equal(WORLD->scn.units[F.v.focus_unit].side, 1);
        assert_true(sl_game_to_activate(&P.game, F.v.focus_unit));
    }
    /* activating a NAC unit is refused, with the reason */
    sl_view_select_unit(&F.v, unit("nac-1"), false);
    draw();
    key(SDLK_a);
    assert_true(F.v.pick.message_is_error);
    assert_non_null(strstr(F.v.status, "Eurasian Solar Union's turn"));
    assert_int_equal(sl_game_active_unit(&P.game), -1);
}

/* While set (test_kept_bases_layer_follows), each frame in motion must
 * have drawn the bases through their kept layer, the frames that moved
 * it counted, and every figure in the table's view must show at its
 * centre what a window drawn anew shows there. */
static bool kept_bases_checked;
static int kept_bases_shifts;

/* The figures in the table's view whose centre's pixel differs between
 * the window as drawn and one drawn anew (s2). */
static int figures_differ(const SDL_Surface *s2)
{
    sl_cam cam;
    cam_from_view(&F.v, &F.ui->lay.table, &cam);
    const SDL_FRect *T = &F.ui->lay.table;
    int n = 0;
    for (int i = 0; i < WORLD->scn.nfigures; i++) {
        float fx, fy;
        cam_pt(&cam, WORLD->scn.figures[i].pos, &fx, &fy);
        int x = (int)fx, y = (int)fy;
        if (x < T->x + 2 || y < T->y + 2 || x > T->x + T->w - 3 || y > T->y + T->h - 3)
            continue;
        const Uint32 a = ((const Uint32 *)((const Uint8 *)F.surf->pixels + y * F.surf->pitch))[x] & 0xFFFFFF;
        const Uint32 b = ((const Uint32 *)((const Uint8 *)s2->pixels + y * s2->pitch))[x] & 0xFFFFFF;
        if (a != b) {
            print_message("%s (figure %d) at %d,%d: %06x, drawn anew %06x\n", WORLD->scn.figures[i].id, i, x, y, a, b);
            n++;
        }
    }
    return n;
}

/* The window kept between frames (issue 19) shows exactly what a window
 * drawing everything anew would, after each change a player makes. */
/* How many pixels of the window as drawn differ from one drawn anew
 * (both kept in /tmp when any do). */
static long fresh_differ(void)
{
    SDL_Surface *s2 = SDL_CreateRGBSurfaceWithFormat(0, W, H, 32, SDL_PIXELFORMAT_RGB888);
    SDL_Renderer *r2 = SDL_CreateSoftwareRenderer(s2);
    char err[256], assets[1100];
    snprintf(assets, sizeof assets, "%s/assets", SL_SOURCE_DIR);
    sl_ui *u2 = sl_ui_create(r2, assets, err, sizeof err);
    assert_non_null(u2);
    sl_ui_set_world(u2, WORLD);
    sl_ui_draw(u2, WORLD, &F.v, W, H);
    SDL_RenderFlush(F.ren);
    SDL_RenderFlush(r2);
    long differ = 0; /* the colours: RGB888's fourth byte is no part of the picture */
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            differ += (((const Uint32 *)((const Uint8 *)F.surf->pixels + y * F.surf->pitch))[x] & 0xFFFFFF) !=
                      (((const Uint32 *)((const Uint8 *)s2->pixels + y * s2->pitch))[x] & 0xFFFFFF);
    int figs = kept_bases_checked ? figures_differ(s2) : 0;
    if (differ) {
        SDL_SaveBMP(F.surf, "/tmp/sightline-kept.bmp");
        SDL_SaveBMP(s2, "/tmp/sightline-fresh.bmp");
    }
    sl_ui_destroy(u2);
    SDL_DestroyRenderer(r2);
    SDL_FreeSurface(s2);
    if (figs)
        fail_msg("through the bases' layer: %d figures differ from a fresh window at their centre", figs);
    return differ;
}

static void matches_fresh(const char *when)
{
    draw();
    long differ = fresh_differ();
    if (differ)
        fail_msg("%s: %ld pixels differ from a fresh window (/tmp/sightline-kept.bmp, /tmp/sightline-fresh.bmp)", when,
                 differ);
}

static void test_kept_frame_follows(void **state)
{
    (void)state;
    matches_fresh("the first frame");
    key(SDLK_1);
    matches_fresh("after the first decision");
    key(SDLK_TAB);
    matches_fresh("a unit selected");
    const sl_figure *enemy = fig("esu-1-1");
    move_to(enemy->pos.x / 1000.0, enemy->pos.y / 1000.0);
    matches_fresh("the pointer on an enemy (its sight line and tooltip)");
    key(SDLK_r);
    drag(10, 10, 30, 20);
    matches_fresh("a ruler dragged");
    move_to(40, 30);
    matches_fresh("the pointer moved on");
    key(SDLK_v);
    matches_fresh("the range bands toggled");
    key(SDLK_a);
    assert_int_equal(sl_game_active_unit(&P.game), unit("nac-hq"));
    matches_fresh("the unit activated");
    char undone[200], err[300];
    assert_true(sl_play_undo(&P, undone, sizeof undone, err, sizeof err));
    matches_fresh("the activation undone");
    assert_true(sl_play_do_line(&P, "activate nac-1", err, sizeof err));
    matches_fresh("another unit activated (as many commands as before the undo)");
    key(SDLK_F1);
    matches_fresh("the help");
    key(SDLK_ESCAPE);
    matches_fresh("the help closed");
}

/* A frame in motion (the camera moving): how many pixels differ from a
 * window drawn anew. */
static long in_motion_differ(void)
{
    assert_true(ui_settling(F.ui));
    if (kept_bases_checked) {
        if (!F.ui->bases.tex || !F.ui->bases.key)
            fail_msg("a pan in motion did not keep the bases in their layer");
        kept_bases_shifts += F.ui->bases.shifted;
    }
    return fresh_differ();
}

/* The press and release of the right button, the pointer moved between
 * (a hand dragging the table). */
static void pan_px(int x0, int y0, int x1, int y1)
{
    move_px(x0, y0);
    button_px(SDL_MOUSEBUTTONDOWN, SDL_BUTTON_RIGHT, x0, y0, 1);
    move_px((x0 + x1) / 2, (y0 + y1) / 2);
    move_px(x1, y1);
    /* in motion the kept layers were moved by whole pixels: the picture
     * within a hair of one drawn anew (float rounding at shapes' edges),
     * and exact once the camera rests (the frame after the release) */
    long near = in_motion_differ();
    if (near > W * H / 200)
        fail_msg("a pan in motion: %ld pixels differ from a fresh window", near);
    print_message("a pan in motion: %ld of %d pixels differ from a fresh window\n", near, W * H);
    button_px(SDL_MOUSEBUTTONUP, SDL_BUTTON_RIGHT, x1, y1, 1);
    assert_false(ui_settling(F.ui));
}

/* A hand dragging the table round a square, `steps` moves a side of
 * (dx, dy) pixels each: the kept layers wrap round their textures both
 * ways; each frame in motion near one drawn anew, exact at rest. */
static void pan_round(int x0, int y0, int steps, int d)
{
    static const int dir[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
    int x = x0, y = y0;
    move_px(x, y);
    button_px(SDL_MOUSEBUTTONDOWN, SDL_BUTTON_RIGHT, x, y, 1);
    for (int side = 0; side < 4; side++)
        for (int i = 0; i < steps; i++) {
            x += d * dir[side][0];
            y += d * dir[side][1];
            move_px(x, y);
            long near = in_motion_differ();
            if (near > W * H / 200)
                fail_msg("a pan round a square, side %d step %d: %ld pixels differ from a fresh window", side, i, near);
        }
    button_px(SDL_MOUSEBUTTONUP, SDL_BUTTON_RIGHT, x, y, 1);
    assert_false(ui_settling(F.ui));
}

static void wheel_by(float y)
{
    SDL_Event e = {0};
    e.type = SDL_MOUSEWHEEL;
    e.wheel.preciseY = y;
    e.wheel.y = (Sint32)y;
    send(&e);
}

/* A pan, a small one and one round a square, each against a window
 * drawn anew in motion and at rest. */
static void pans_match_fresh(int ax, int ay)
{
    pan_px(ax, ay, ax + 37, ay - 21);
    matches_fresh("a pan");
    pan_px(ax, ay, ax - 5, ay + 3);
    matches_fresh("a small pan");
    pan_round(ax, ay, 5, 23);
    matches_fresh("a pan round a square, at rest");
}

/* The kept layers (issue 39) against a window drawn anew, in planning:
 * a pan, a zoom, and a drag of each overlay that follows the pointer. */
static void test_kept_layers_follow(void **state)
{
    (void)state;
    F.v.overlays |= SL_OVERLAY_BANDS | SL_OVERLAY_INTEGRITY;
    const sl_figure *f = fig("nac-1-3");
    click(f->pos.x / 1000.0, f->pos.y / 1000.0);
    assert_true(F.v.focus_unit >= 0);
    matches_fresh("a unit selected, bands and integrity on");
    int ax, ay;
    to_screen(30, 20, &ax, &ay);
    pans_match_fresh(ax, ay);
    move_to(40, 26);
    wheel_by(1.0f);
    matches_fresh("a zoom in");
    wheel_by(-2.0f);
    matches_fresh("a zoom out");
    key(SDLK_m); /* the path tool: a click starts the way, its end follows the pointer */
    click(f->pos.x / 1000.0 + 1, f->pos.y / 1000.0);
    assert_true(F.v.path_live);
    move_to(30, 28);
    matches_fresh("the planned way's end dragged");
    move_to(33, 18);
    matches_fresh("the planned way's end dragged on");
    click(33, 18);
    move_to(38, 22);
    matches_fresh("a waypoint fixed, the end dragged");
    pan_px(ax, ay, ax + 12, ay + 30);
    matches_fresh("a pan with the way live");
    key(SDLK_RETURN);
    assert_false(F.v.path_live);
    matches_fresh("the way finished");
    key(SDLK_b); /* the blast template follows the pointer until pinned */
    move_to(25, 25);
    matches_fresh("the blast template dragged");
    move_to(28, 21);
    matches_fresh("the blast template dragged on");
    click(28, 21);
    assert_true(F.v.blast_pinned);
    matches_fresh("the blast template pinned");
    key(SDLK_r);
    drag(10, 10, 30, 20);
    matches_fresh("a ruler over the way and the template");
    key(SDLK_i);
    matches_fresh("integrity off");
}

/* The same pans with the bases kept in their layer, as a table of more
 * than UI_BASES_KEPT_FROM figures keeps them (the threshold lowered: no
 * shipped table has so many): the layer moved and its strips drawn give
 * the bases a window drawn anew gives, in motion and at rest. */
static void test_kept_bases_layer_follows(void **state)
{
    (void)state;
    F.ui->bases_kept_from = 0;
    const sl_figure *f = fig("nac-1-3");
    matches_fresh("the bases' layer forced");
    /* near enough that the pans bring figures in across the view's edges
     * (drawn in the strips uncovered) */
    move_to(f->pos.x / 1000.0, f->pos.y / 1000.0);
    wheel_by(3.0f);
    matches_fresh("zoomed in on the unit");
    int ax, ay;
    to_screen(f->pos.x / 1000.0, f->pos.y / 1000.0, &ax, &ay);
    kept_bases_checked = true;
    pans_match_fresh(ax, ay);
    /* the squad out past the view's left edge and back in through the
     * strips uncovered, 40 px a frame */
    pan_round(ax, ay, 8, -40);
    matches_fresh("the squad panned out of the view and back");
    kept_bases_checked = false;
    assert_true(kept_bases_shifts > 0);
    F.ui->bases_kept_from = UI_BASES_KEPT_FROM;
}

/* The same through a command, its undo and a hand-over between the
 * players (the ambush: fog of war, a hand-over screen between sides). */
static void test_kept_layers_handover(void **state)
{
    (void)state;
    matches_fresh("the ambush's first frame (the hand-over screen to NAC)");
    assert_true(F.v.fog_waiting);
    key(SDLK_RETURN);
    matches_fresh("after the hand-over to NAC");
    key(SDLK_DOWN);
    matches_fresh("the column's draft changed");
    key(SDLK_LEFTBRACKET);
    key(SDLK_EQUALS);
    key(SDLK_RETURN); /* the column written: ESU sets up next */
    matches_fresh("the column written (a command)");
    if (F.v.fog_waiting) {
        matches_fresh("the hand-over screen to ESU");
        key(SDLK_RETURN);
    }
    matches_fresh("after the hand-over to ESU");
    int ax, ay;
    to_screen(20, 15, &ax, &ay);
    pan_px(ax, ay, ax - 40, ay + 16);
    matches_fresh("a pan after the hand-over");
    char undone[200], err[300];
    if (!sl_play_do_line(&P, "place esu-1 12,12", err, sizeof err))
        fail_msg("place: %s", err);
    matches_fresh("a counter placed (a command)");
    if (!sl_play_undo(&P, undone, sizeof undone, err, sizeof err))
        fail_msg("undo: %s", err);
    matches_fresh("the placing undone");
}

static sl_world PROJ_TOWN, PROJ_OUTPOST;

static bool rects_meet(const SDL_FRect *a, const SDL_FRect *b)
{
    return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h && b->y < a->y + a->h;
}

/* At projector scale (200%) on the default scenario and the town, the
 * table's text does not pile up (issue 20): no unit's name lies on another
 * or on a place's label, every name stays inside the table's view, a
 * selected unit's name is always shown, and a place's label too crowded
 * for its whole text shows its points alone. */
static void names_clear(const char *when, int must_name)
{
    const SDL_FRect *T = &F.ui->lay.table;
    int shown = 0;
    for (int u = 0; u < WORLD->scn.nunits; u++) {
        const SDL_FRect *a = &F.ui->names[u];
        if (a->w <= 0)
            continue;
        shown++;
        if (a->x < T->x - 0.5f || a->y < T->y - 0.5f || a->x + a->w > T->x + T->w + 0.5f ||
            a->y + a->h > T->y + T->h + 0.5f)
            fail_msg("%s: %s's name leaves the table's view", when, WORLD->scn.units[u].name);
        for (int o = u + 1; o < WORLD->scn.nunits; o++)
            if (F.ui->names[o].w > 0 && rects_meet(a, &F.ui->names[o]))
                fail_msg("%s: the names of %s and %s overlap", when, WORLD->scn.units[u].name,
                         WORLD->scn.units[o].name);
        for (int i = 0; i < F.ui->ntexts; i++)
            if (rects_meet(a, &F.ui->texts[i]))
                fail_msg("%s: %s's name lies under a place's label", when, WORLD->scn.units[u].name);
    }
    assert_true(shown >= 3);
    if (must_name >= 0)
        assert_true(F.ui->names[must_name].w > 0);
}

/* The game's first choice made (key 1), then the table drawn at 200%. */
static void first_choice_at_200(void)
{
    key(SDLK_1);
    F.v.user_scale = 2.0f;
    F.v.fitted = false;
    draw();
}

static void test_projector_labels(void **state)
{
    (void)state;
    first_choice_at_200();
    names_clear("the default scenario at 200%", -1);
    key(SDLK_TAB);
    names_clear("a unit selected", F.v.focus_unit);
    /* the town's places at 200%: some labels fall back to their points */
    assert_int_equal(start_game(&PROJ_TOWN, "maps/town.json", 1, NULL, 0, 0, 0, 0), 0);
    first_choice_at_200();
    names_clear("the town at 200%", -1);
    assert_true(F.ui->ntexts == WORLD->scn.nobjectives);
    /* the outpost's crowded corner */
    assert_int_equal(start_game(&PROJ_OUTPOST, "maps/outpost.json", 1, NULL, 0, 0, 0, 0), 0);
    first_choice_at_200();
    names_clear("the outpost at 200%", -1);
}

/* Fire by mouse: the unit, A, F, point at the target (the card shows the
 * odds), click. The button is then greyed with the reason. */
static void test_play_fire_by_mouse(void **state)
{
    (void)state;
    key(SDLK_1);
    click_fig("nac-1-2");
    assert_int_equal(F.v.focus_unit, unit("nac-1"));
    click_action(SL_CMD_ACTIVATE);
    assert_int_equal(sl_game_active_unit(&P.game), unit("nac-1"));
    key(SDLK_f);
    assert_int_equal(F.v.pick.kind, SL_CMD_FIRE);
    const sl_figure *t = fig("esu-1-3");
    move_to(t->pos.x / 1000.0, t->pos.y / 1000.0);
    assert_int_equal(F.v.pick.target, unit("esu-1"));
    click(t->pos.x / 1000.0, t->pos.y / 1000.0);
    assert_int_equal(F.v.pick.kind, SL_CMD_NONE);
    assert_true(journal_has("fire nac-1 at esu-1"));
    assert_true(P.game.us[unit("esu-1")].fired_upon);
    key(SDLK_f);
    assert_non_null(strstr(F.v.status, "not now"));
    assert_non_null(strstr(F.v.status, "each weapon fires once a turn"));
}

/* At 200% (a projector) the table stays the main area: the action bar
 * folds to two rows of what may be done now, with its toggle (F4) and
 * Undo always on it; F4 shows every action; F2 refits the table. */
static void test_play_projector_scale(void **state)
{
    (void)state;
    key(SDLK_1);
    click_fig("nac-1-2");
    key(SDLK_a);
    F.v.user_scale = 2.0f;
    F.v.fitted = false;
    draw();
    const sl_layout *L = &F.ui->lay;
    int all = -1, undo = -1, hidden = 0;
    float ys[SL_PLAY_MAX_ACTIONS];
    int nys = 0;
    for (int i = 0; i < L->nact; i++) {
        if (L->act[i].all)
            all = i;
        if (L->act[i].undo)
            undo = i;
        if (L->abtn[i].w <= 0) {
            hidden++;
            continue;
        }
        bool seen = false;
        for (int k = 0; k < nys; k++)
            seen = seen || ys[k] == L->abtn[i].y;
        if (!seen)
            ys[nys++] = L->abtn[i].y;
    }
    assert_true(all >= 0 && undo >= 0);
    assert_true(L->abtn[all].w > 0);
    assert_true(L->abtn[undo].w > 0);
    assert_true(nys <= 2);
    assert_true(L->table.h > 0.4f * (float)H);
    print_message("at 200%%: %d buttons hidden, table %.0f of %d px high\n", hidden, L->table.h, H);
    double fit = F.v.scale;
    key(SDLK_F4);
    draw();
    draw();
    int shown_all = 0;
    for (int i = 0; i < L->nact; i++)
        shown_all += L->abtn[i].w > 0;
    assert_true(shown_all > L->nact - hidden); /* more actions shown */
    /* the whole table refitted to the room the bar leaves, not squeezed
     * to a speck; and back to its size when the bar folds again */
    print_message("F4: table %.0f px high, %.2f px/inch (was %.2f)\n", L->table.h, F.v.scale, fit);
    assert_true(L->table.h > 0.25f * (float)H);
    assert_true(F.v.scale > 0.4 * fit);
    key(SDLK_F4);
    draw();
    draw();
    assert_float_equal(F.v.scale, fit, 1e-6 * fit);
    F.v.user_scale = 1.0f;
}

/* Tab picks among the units the command may go to; Enter does it. */
static void test_play_tab_targets(void **state)
{
    (void)state;
    key(SDLK_1);
    click_fig("nac-1-2");
    key(SDLK_a);
    key(SDLK_f);
    key(SDLK_TAB);
    int t = F.v.pick.target;
    assert_true(t >= 0);
    char why[200];
    bool ok = ui_pick_allowed(F.ui, &F.v, t, why, sizeof why);
    if (!ok)
        print_message("pick %d refused: %s (status %s)\n", t, why, F.v.status);
    assert_true(ok);
    key(SDLK_RETURN);
    assert_true(P.game.us[t].fired_upon);
    /* Esc leaves a pick without doing anything */
    key(SDLK_p); /* In Position: no target needed, done at once */
    assert_true(journal_has("In Position"));
}

/* A move drawn with the path tool, then Enter: the unit goes that way. */
static void test_play_move(void **state)
{
    (void)state;
    key(SDLK_1);
    click_fig("nac-1-2");
    key(SDLK_a);
    key(SDLK_m);
    assert_int_equal(F.v.tool, SL_TOOL_PATH);
    sl_pt before = fig("nac-1-2")->pos;
    const sl_figure *f = fig("nac-1-2");
    click(f->pos.x / 1000.0, f->pos.y / 1000.0);
    click(f->pos.x / 1000.0 + 4.0, f->pos.y / 1000.0);
    key(SDLK_RETURN);
    assert_true(journal_has("NAC 1st Squad moves"));
    /* clicks land on whole pixels: a twelfth of an inch */
    assert_in_range(fig("nac-1-2")->pos.x, before.x + 4000 - 84, before.x + 4000 + 84);
    assert_in_range(fig("nac-1-2")->pos.y, before.y - 84, before.y + 84);
    before = fig("nac-1-2")->pos;
    assert_int_equal(F.v.tool, SL_TOOL_SELECT);
    /* too far: refused with the reason on the table, nothing moves */
    key(SDLK_m);
    f = fig("nac-1-2");
    click(f->pos.x / 1000.0, f->pos.y / 1000.0);
    click(f->pos.x / 1000.0 + 9.0, f->pos.y / 1000.0);
    key(SDLK_RETURN);
    assert_true(F.v.pick.message_is_error);
    assert_non_null(strstr(F.v.pick.message, "too far"));
    assert_int_equal(fig("nac-1-2")->pos.x, before.x);
    key(SDLK_ESCAPE);
    assert_false(F.v.pick.message_is_error);
}

/* The command line takes any script command; Ctrl+Z undoes. */
static void test_play_command_line_and_undo(void **state)
{
    (void)state;
    /* Tab completes a command's name, then an id (issue 20, item 9) */
    text(":");
    text("dec");
    key(SDLK_TAB);
    assert_string_equal(F.v.pick.line, "decide ");
    text("first e");
    key(SDLK_TAB);
    assert_string_equal(F.v.pick.line, "decide first esu");
    assert_non_null(strstr(F.v.status, "esu-hq"));
    key(SDLK_ESCAPE);
    F.v.pick.line[0] = '\0';
    text(":");
    assert_true(F.v.pick.typing);
    text("decide first esu");
    key(SDLK_RETURN);
    assert_false(F.v.pick.typing);
    assert_int_equal(P.game.side_to_act, 1);
    text(":");
    text("activate esu-1");
    key(SDLK_RETURN);
    assert_int_equal(sl_game_active_unit(&P.game), unit("esu-1"));
    SDL_SetModState(KMOD_LCTRL);
    key(SDLK_z);
    SDL_SetModState(KMOD_NONE);
    assert_int_equal(sl_game_active_unit(&P.game), -1);
    assert_int_equal(P.game.ncommands, 1);
    assert_non_null(strstr(F.v.status, "Undone: ESU 1st Squad activates"));
    /* a bad command is refused with its reason */
    text(":");
    text("fire nobody at nac-1");
    key(SDLK_RETURN);
    assert_true(F.v.pick.message_is_error);
    assert_non_null(strstr(F.v.pick.message, "no unit has id 'nobody'"));
}

/* Reaction fire: the choices are numbered; a number answers. */
static void test_play_reaction_prompt(void **state)
{
    (void)state;
    FILE *fp = fopen("tests/replays/battle-reaction.txt", "r");
    assert_non_null(fp);
    char line[300], err[600];
    while (fgets(line, sizeof line, fp)) {
        line[strcspn(line, "\n")] = '\0';
        if (line[0] && line[0] != '#' && !sl_play_do_line(&P, line, err, sizeof err))
            fail_msg("%s: %s", line, err);
    }
    fclose(fp);
    draw();
    assert_int_equal(P.game.pending.kind, SL_DECIDE_REACTION_FIRE);
    assert_int_equal(P.game.pending.options[1], unit("esu-1"));
    key(SDLK_a); /* other keys do nothing while the decision waits */
    assert_int_equal(P.game.pending.kind, SL_DECIDE_REACTION_FIRE);
    key(SDLK_2);
    assert_int_equal(P.game.pending.kind, SL_DECIDE_NONE);
    assert_true(journal_has("ESU 1st Squad fires at NAC 2nd Squad between its moves"));
}

/* Opportunity fire at the screen: on the worked example's table, the
 * overwatch squad is chosen by its number, and a click on the mover's way
 * says where it fires; the casualty prompt answers to C. */
static sl_world OUT;

static int fresh_outpost(void **state)
{
    (void)state;
    int *dv, dn;
    if (!sl_dice_file_load("tests/replays/overwatch-example.dice", &dv, &dn, NULL))
        return -1;
    int r = start_game(&OUT, "maps/outpost.json", 1, dv, dn, 14.0, 24.0, 18.0);
    free(dv);
    return r;
}

static void test_play_opportunity_fire(void **state)
{
    (void)state;
    static const char *const before[] = {"decide first nac", "activate nac-1", "move nac-1 25.4,5.0",
                                         "decide fire esu-1 at 27.5,5", "decide continue", "in-position nac-1",
                                         "decide pass", "activate esu-1", "overwatch esu-1", "decide pass",
                                         "activate nac-2"};
    char err[600];
    for (size_t i = 0; i < sizeof before / sizeof before[0]; i++)
        if (!sl_play_do_line(&P, before[i], err, sizeof err))
            fail_msg("%s: %s", before[i], err);
    /* the combat move typed, as the command line would */
    text(":");
    text("combat-move nac-2 21.5,20");
    key(SDLK_RETURN);
    assert_int_equal(P.game.pending.kind, of_decide_kind());
    draw();
    /* the offer's card hides none of what it asks the player to click:
     * the mover's way, the units offered, their numbers */
    {
        assert_true(F.ui->ncards > 0 && F.ui->nkeep > 10);
        const SDL_FRect *card = &F.ui->cards[F.ui->ncards - 1];
        for (int i = 0; i < F.ui->nkeep; i++) {
            const SDL_FRect *k = &F.ui->keep[i];
            bool apart = k->x + k->w <= card->x || card->x + card->w <= k->x || k->y + k->h <= card->y ||
                         card->y + card->h <= k->y;
            if (!apart)
                fail_msg("the offer's card (%.0f,%.0f %.0fx%.0f) covers a point to click (%.0f,%.0f)", card->x, card->y,
                         card->w, card->h, k->x + k->w / 2, k->y + k->h / 2);
        }
    }
    /* 1 picks the overwatch squad; a click on the way fires there */
    key(SDLK_1);
    assert_int_equal(F.v.pick.chosen_answer, 0);
    click(20.2, 13.4);
    assert_true(journal_has("opens opportunity fire on Marines 2nd Squad as it reaches (20.2, 13.4)"));
    /* the marines' 3rd Squad could answer: N lets it go */
    assert_int_equal(P.game.pending.kind, of_decide_kind());
    key(SDLK_n);
    /* the casualty prompt: C carries the wounded */
    assert_int_equal(P.game.pending.kind, SL_DECIDE_CASUALTIES);
    key(SDLK_c);
    assert_true(P.game.us[unit("nac-2")].carrying_wounded);
    assert_int_equal(P.game.pending.kind, SL_DECIDE_NONE);
}

/* A mover not stopped goes on, or a new way drawn by clicks. */
static void test_play_new_way(void **state)
{
    (void)state;
    static const char *const before[] = {"decide first nac", "activate nac-1", "move nac-1 25.4,5.0",
                                         "decide fire esu-1 at 27.5,5"};
    char err[600];
    for (size_t i = 0; i < sizeof before / sizeof before[0]; i++)
        if (!sl_play_do_line(&P, before[i], err, sizeof err))
            fail_msg("%s: %s", before[i], err);
    draw();
    assert_int_equal(P.game.pending.kind, SL_DECIDE_CONTINUE);
    click(28.5, 7.0); /* a new way, south */
    assert_int_equal(F.v.pick.nreroute, 1);
    key(SDLK_RETURN);
    assert_int_equal(P.game.pending.kind, SL_DECIDE_NONE);
    assert_true(journal_has("takes a new way"));
}

/* An ambush at the screen (maps/ambush.json): the column's card by keys
 * (down to the HQ, [ moves it to the lead, = widens its gap, Enter
 * writes it); after the ambusher's set-up, W waits, a click off the
 * lit stretch of road is refused, a click on it springs the ambush. */
static sl_world AMB;

static int fresh_ambush(void **state)
{
    (void)state;
    static const int dv[] = {5, 5, 5, 5};
    return start_game(&AMB, "maps/ambush.json", 1, dv, 4, 14.0, 24.0, 18.0);
}

/* Fireteams (maps/fireteams.json): T gives every team its orders, and
 * the Phalon may answer with opportunity fire at once; a digit then only
 * chooses the firer, so the 1 meant for "activate team 1" opens no fire
 * by itself: Enter does, N lets it pass, and then 1 activates team 1. */
static sl_world FT;

static int fresh_fireteams(void **state)
{
    (void)state;
    return start_game(&FT, "maps/fireteams.json", 1, NULL, 0, 0, 0, 0);
}

static void test_play_fireteam_keys(void **state)
{
    (void)state;
    char err[600];
    static const char *const before[] = {"decide first nac", "activate nac-1"};
    for (size_t i = 0; i < sizeof before / sizeof before[0]; i++)
        if (!sl_play_do_line(&P, before[i], err, sizeof err))
            fail_msg("%s: %s", before[i], err);
    draw();
    key(SDLK_t);
    assert_int_equal(P.game.pending.kind, of_decide_kind());
    int nj = P.game.journal.n;
    key(SDLK_1);
    assert_int_equal(P.game.pending.kind, of_decide_kind());
    assert_int_equal(P.game.journal.n, nj); /* nothing done */
    assert_non_null(strstr(F.v.status, "Enter opens fire"));
    draw();
    key(SDLK_n);
    for (int i = 0; i < 4 && P.game.pending.kind == of_decide_kind(); i++)
        key(SDLK_n);
    assert_int_equal(P.game.pending.kind, SL_DECIDE_NONE);
    assert_false(journal_has("opens opportunity fire"));
    key(SDLK_1);
    assert_int_equal(sl_game_active_unit(&P.game), unit("nac-1.1"));
    assert_true(journal_has("activate nac-1.1"));
}

static void test_play_ambush(void **state)
{
    (void)state;
    am_info am;
    assert_true(am_info_of(&P.game, &am));
    assert_int_equal(am.phase, AM_COLUMN);
    key(SDLK_RETURN); /* the hand-over screen to NAC */
    /* the draft begins as the solo policy writes it: 1st Squad, HQ, 2nd */
    assert_int_equal(F.v.pick.norder, 3);
    assert_int_equal(F.v.pick.order_unit[0], unit("nac-1"));
    key(SDLK_DOWN);
    key(SDLK_LEFTBRACKET);
    key(SDLK_EQUALS);
    key(SDLK_RETURN);
    assert_true(am_info_of(&P.game, &am));
    assert_int_equal(am.phase, AM_PLACING);
    assert_int_equal(am.units[0], unit("nac-hq"));
    assert_int_equal(am.units[1], unit("nac-1"));
    assert_int_equal(am.gaps[0], 4500);
    /* the words the window has always written for it */
    assert_true(journal_has("column nac-hq 4.5 nac-1 4.0 nac-2"));
    /* the ambusher places by keys and clicks (issue 20): Tab picks a
     * counter still to be placed first, M and a click place it */
    if (F.v.fog_waiting)
        key(SDLK_RETURN); /* the hand-over screen to ESU */
    key(SDLK_TAB);
    assert_int_equal(F.v.focus_unit, unit("esu-dummy-1"));
    key(SDLK_m);
    click(40, 10);
    assert_true(P.game.us[unit("esu-dummy-1")].placed);
    key(SDLK_TAB);
    assert_int_equal(F.v.focus_unit, unit("esu-dummy-2"));
    static const char *const setup[] = {"place esu-1 12,12", "place esu-2 34,12", "place esu-hq 28,11",
                                        "place esu-dummy-2 6,11", "done esu"};
    char err[600];
    for (size_t i = 0; i < sizeof setup / sizeof setup[0]; i++)
        if (!sl_play_do_line(&P, setup[i], err, sizeof err))
            fail_msg("%s: %s", setup[i], err);
    draw();
    key(SDLK_RETURN); /* the hand-over screen to ESU, if up; else it asks for a point first */
    key(SDLK_w);
    assert_true(am_info_of(&P.game, &am));
    assert_int_equal(am.approach, 2);
    double lead = am.lead_at;
    /* 9" ahead of the lead: more than its full move, refused */
    click(0.2 + lead / 1000.0 + 9.0, 17.5);
    assert_true(F.v.pick.message_is_error);
    assert_non_null(strstr(F.v.pick.message, "more than its full move"));
    assert_true(am_info_of(&P.game, &am));
    assert_int_equal(am.phase, AM_SPRING);
    click(0.2 + lead / 1000.0 + 4.0, 17.6);
    assert_true(am_info_of(&P.game, &am));
    assert_int_equal(am.phase, AM_SPRUNG);
    assert_true(journal_has("sprung by the ambusher where he chose"));
    assert_true(journal_has("spring "));
    assert_true(fabs(am.lead_at - lead - 4000.0) < 100.0);
    draw(); /* the banner */
}

/* SkirmishCorps at the screen (the skirmish example table): F is a snap
 * shot, Tab picks the runner, Enter shoots; the card asks the players
 * what happened, and 4 enters "knocked out". */
static sl_world SCW;

static int fresh_skirmish(void **state)
{
    (void)state;
    return start_game(&SCW, "maps/lessons/tables/skirmish-example.json", 1, NULL, 0, 0, 0, 0);
}

static void test_play_skirmish_outcome(void **state)
{
    (void)state;
    char err[600];
    static const char *const before[] = {"decide first red", "activate trooper", "end", "activate unit-a"};
    for (size_t i = 0; i < sizeof before / sizeof before[0]; i++)
        if (!sl_play_do_line(&P, before[i], err, sizeof err))
            fail_msg("%s: %s", before[i], err);
    draw();
    key(SDLK_f);
    draw();
    key(SDLK_TAB);
    assert_int_equal(F.v.pick.target, unit("runner"));
    key(SDLK_RETURN);
    assert_int_equal(P.game.pending.kind, sc_decide_kind(SC_DECIDE_OUTCOME));
    draw();
    key(SDLK_4);
    assert_int_equal(P.game.pending.kind, SL_DECIDE_NONE);
    assert_true(journal_has("Entered by the players: a hit: knocked out"));
    sl_mark marks[SL_MAX_MARKS];
    int nm = sl_game_marks(&P.game, unit("runner"), marks, SL_MAX_MARKS);
    bool ko = false;
    for (int i = 0; i < nm; i++)
        ko |= strcmp(marks[i].text, "KO") == 0;
    assert_true(ko); /* shown knocked out */
}


/* V on a SkirmishCorps table (issue 42, point 7): the status says the
 * brackets are on and what is not drawn; the frame draws Unit A's
 * automatic rifle brackets, each ring's modifier to hit; and the way M
 * plans east past the bog names the Runner's short bracket it comes into. */
static void test_skirmish_reach(void **state)
{
    (void)state;
    char err[600];
    static const char *const before[] = {"decide first blue", "activate unit-a"};
    for (size_t i = 0; i < sizeof before / sizeof before[0]; i++)
        if (!sl_play_do_line(&P, before[i], err, sizeof err))
            fail_msg("%s: %s", before[i], err);
    sl_view_select_unit(&F.v, unit("unit-a"), false);
    /* what each frame draws whole (a frame with nothing new is kept) */
    F.ui->text.record = true;
    F.ui->text.nseen = 0;
    F.ui->text.seen[0] = '\0';
    key(SDLK_v);
    assert_true(F.v.overlays & SL_OVERLAY_BANDS);
    assert_non_null(strstr(F.v.status, "Range brackets on for Unit A (no throw reach:"));
    assert_non_null(strstr(F.ui->text.seen, "short to 12\": 0 to hit"));
    assert_non_null(strstr(F.ui->text.seen, "medium to 24\": -1 to hit"));
    assert_null(strstr(F.ui->text.seen, "Runner's short"));
    key(SDLK_m);
    assert_int_equal(F.v.tool, SL_TOOL_PATH);
    click(10, 12);
    click(16, 10);
    F.ui->text.nseen = 0;
    F.ui->text.seen[0] = '\0';
    click(21, 12);
    F.ui->text.record = false;
    assert_non_null(strstr(F.ui->text.seen, "A: Runner's short to 12\": +1 to hit, from 10."));
    assert_null(strstr(F.ui->text.seen, "Trooper's"));
    /* the way's brackets are worked out for the way and the game as they
     * are: frames that change neither (a ping's pulse, the rolls fading)
     * do not work them out again; the way's end following the pointer
     * does */
    int made = F.ui->reach_made;
    draw();
    draw();
    assert_int_equal(F.ui->reach_made, made);
    move_px(320, 310);
    assert_true(F.ui->reach_made > made);
    made = F.ui->reach_made;
    draw();
    assert_int_equal(F.ui->reach_made, made);
    /* at 1280x720 with text at 200%: the plan's words and the brackets'
     * each drawn whole */
    F.v.user_scale = 2.0f;
    F.ui->text.record = true;
    F.ui->text.nseen = 0;
    F.ui->text.seen[0] = '\0';
    sl_ui_draw(F.ui, WORLD, &F.v, 1280, 720);
    F.ui->text.record = false;
    assert_non_null(strstr(F.ui->text.seen, "A: Runner's short to 12\""));
    assert_non_null(strstr(F.ui->text.seen, "short to 12\": 0 to hit"));
    F.v.user_scale = 1.0f;
}

/* Solo play in the window (issue 42): F8 holds the program, F9 plays one
 * command while held, its commands leave the player's selection alone,
 * and the game's end brings the end card: Esc puts it away, Enter brings
 * it back, N asks for a new game. */
static void test_solo_controls_and_end_card(void **state)
{
    (void)state;
    sl_view_select_unit(&F.v, unit("nac-2"), false);
    P.solo_side = SL_SOLO_BOTH;
    key(SDLK_F8);
    assert_true(F.v.solo_paused);
    assert_non_null(strstr(F.v.status, "Solo held"));
    int before = P.game.ncommands;
    key(SDLK_F9);
    assert_true(P.game.ncommands > before);
    assert_true(F.v.selected[unit("nac-2")]);
    assert_int_equal(sl_view_selected_count(&F.v), 1);
    key(SDLK_F8);
    assert_false(F.v.solo_paused);
    for (int i = 0; i < 4000 && !P.game.outcome.over; i++)
        if (!sl_view_solo_step(&F.v))
            break;
    assert_true(P.game.outcome.over);
    assert_true(F.v.selected[unit("nac-2")]); /* still the player's choice */
    draw();
    assert_false(F.v.end_closed);
    /* typing on the command line, N is a letter, not a new game */
    text(":");
    key(SDLK_n);
    assert_false(F.v.want_new_game);
    key(SDLK_ESCAPE);
    assert_false(F.v.pick.typing);
    assert_false(F.v.end_closed);
    key(SDLK_ESCAPE);
    assert_true(F.v.end_closed);
    key(SDLK_RETURN);
    assert_false(F.v.end_closed);
    key(SDLK_r); /* R: this game in the replay viewer */
    assert_true(F.v.want_replay);
    key(SDLK_n);
    assert_true(F.v.want_new_game);
    P.solo_side = -1;
}

/* Keys belong to actions (issue 41): on every shipped scenario, from the
 * start and through a few of the program's commands, no two actions a
 * unit is offered share a key, and the key of an action not allowed now,
 * pressed with the unit in the bar, puts that action's own reason in the
 * box (Shift+H a SkirmishCorps charge's, never its hide's). */
#include "shipped.h"
static sl_world SHIP[NSHIPPED];

/* The SDL key of a key as the bar shows it ("Shift+H", "K", "3"); false
 * for the window's own (F4, Ctrl+Z). */
static bool key_of(const char *name, SDL_Keycode *k, bool *shift)
{
    *shift = strncmp(name, "Shift+", 6) == 0;
    const char *c = *shift ? name + 6 : name;
    if (c[0] == '\0' || c[1] != '\0')
        return false;
    if (c[0] >= 'A' && c[0] <= 'Z')
        *k = SDLK_a + (c[0] - 'A');
    else if (c[0] >= '1' && c[0] <= '9')
        *k = SDLK_1 + (c[0] - '1');
    else
        return false;
    return true;
}

/* Is key one of the keys listed ("Shift+F  Shift+G", "X, K, Y")? */
static bool has_token(const char *list, const char *key)
{
    size_t kl = strlen(key);
    for (const char *p = list; (p = strstr(p, key)) != NULL; p += kl) {
        bool starts = p == list || strchr(" ,/|`", p[-1]);
        bool ends = p[kl] == '\0' || strchr(" ,/|`", p[kl]);
        if (starts && ends)
            return true;
    }
    return false;
}

/* README's key tables: each row's keys (its first cell) and what they
 * do (the rest), lower case. */
#define README_ROWS 400
static char readme_keys[README_ROWS][200], readme_does[README_ROWS][1200];
static int nreadme;

static void lower(char *s)
{
    for (; *s; s++)
        *s = (char)tolower((unsigned char)*s);
}

static void read_readme_keys(void)
{
    if (nreadme)
        return;
    FILE *f = fopen("README.md", "r");
    assert_non_null(f);
    char line[2000];
    while (fgets(line, sizeof line, f)) {
        if (line[0] != '|' || strncmp(line, "| key", 5) == 0 || strncmp(line, "|---", 4) == 0)
            continue;
        assert_true(nreadme < README_ROWS);
        size_t cell = strcspn(line + 1, "|");
        snprintf(readme_keys[nreadme], sizeof readme_keys[0], "%.*s", (int)cell, line + 1);
        snprintf(readme_does[nreadme], sizeof readme_does[0], "%s", line + 1 + cell);
        lower(readme_does[nreadme++]);
    }
    fclose(f);
}

/* The word an action's row must use for it: the start of its label's
 * first word ("detac" for "Detach men", "call" for "Call fire: GP"), or
 * of its longest where the first is short ("activ" for "End
 * activation", "posit" for "In Position"). */
static void action_stem(const char *label, char *stem, size_t len)
{
    char l[40];
    snprintf(l, sizeof l, "%.*s", (int)strcspn(label, ":"), label);
    lower(l);
    const char *best = l;
    size_t bl = strcspn(l, " ");
    for (const char *p = l; bl < 4 && *p; p += strcspn(p, " "), p += strspn(p, " "))
        if (strcspn(p, " ") > bl) {
            best = p;
            bl = strcspn(p, " ");
        }
    snprintf(stem, len, "%.*s", (int)(bl < 5 ? bl : 5), best);
}

/* Does a row that gives the key say what the action is? (README's or
 * the help page's: a key given to another action there is a lie) */
static bool row_says(const char *keys, const char *does, const char *key, const char *stem)
{
    char d[1200];
    snprintf(d, sizeof d, "%s", does);
    lower(d);
    return has_token(keys, key) && strstr(d, stem) != NULL;
}

/* No two of a unit's actions share a key, and each key is on the help
 * page and in README's key table, in a row that says what the action
 * is. */
static void keys_unique(const char *file, int u, int *misses)
{
    sl_play_action acts[SL_PLAY_MAX_ACTIONS];
    int n = sl_play_actions(&P, u, false, acts, SL_PLAY_MAX_ACTIONS);
    sl_help_row help[SL_MAX_HELP_ROWS];
    int nh = sl_game_help(&P.game, help, SL_MAX_HELP_ROWS);
    read_readme_keys();
    for (int i = 0; i < n; i++) {
        if (!acts[i].key[0])
            continue;
        for (int j = i + 1; j < n; j++)
            if (strcmp(acts[i].key, acts[j].key) == 0)
                fail_msg("%s, %s: %s and %s share the key %s", file, WORLD->scn.units[u].id, acts[i].label,
                         acts[j].label, acts[i].key);
        char stem[40];
        action_stem(acts[i].label, stem, sizeof stem);
        bool helped = false, told = false;
        for (int h = 0; h < nh && !helped; h++)
            helped = row_says(help[h].keys, help[h].text, acts[i].key, stem);
        if (!helped) {
            print_message("%s: %s [%s] is not on the help page as \"%s\"\n", file, acts[i].label, acts[i].key, stem);
            (*misses)++;
        }
        for (int r = 0; r < nreadme && !told; r++)
            told = row_says(readme_keys[r], readme_does[r], acts[i].key, stem);
        if (!told) {
            print_message("%s: %s [%s] is not in README's key table as \"%s\"\n", file, acts[i].label, acts[i].key,
                          stem);
            (*misses)++;
        }
    }
}

/* Each refused key of the bar's unit, pressed: its own action's reason. */
static int refused_keys_say_their_action(const char *file)
{
    const sl_layout *L = &F.ui->lay;
    int pressed = 0;
    sl_play_action acts[SL_PLAY_MAX_ACTIONS];
    int n = L->nact;
    memcpy(acts, L->act, sizeof acts[0] * (size_t)n);
    for (int i = 0; i < n; i++) {
        SDL_Keycode k;
        bool shift;
        if (acts[i].enabled || !key_of(acts[i].key, &k, &shift))
            continue;
        F.v.pick.message[0] = '\0';
        F.v.pick.message_is_error = false;
        SDL_SetModState(shift ? KMOD_LSHIFT : KMOD_NONE);
        key(k);
        SDL_SetModState(KMOD_NONE);
        char want[300];
        snprintf(want, sizeof want, "%s: %s", acts[i].label, acts[i].why);
        if (!F.v.pick.message_is_error || strncmp(F.v.pick.message, want, strlen(want)) != 0)
            fail_msg("%s: %s [%s] refused says \"%s\", not \"%s\"", file, acts[i].label, acts[i].key,
                     F.v.pick.message, want);
        pressed++;
    }
    F.v.pick.message[0] = '\0';
    F.v.pick.message_is_error = false;
    return pressed;
}

static void test_keys_belong_to_actions(void **state)
{
    (void)state;
    int pressed = 0, misses = 0;
    for (size_t f = 0; f < NSHIPPED; f++) {
        assert_int_equal(start_game(&SHIP[f], shipped[f], 1, NULL, 0, 0, 0, 0), 0);
        P.solo_side = SL_SOLO_BOTH;
        char err[600];
        for (int step = 0; step < 6; step++) {
            sl_play_auto(&P, err, sizeof err);
            draw();
            for (int u = 0; u < WORLD->scn.nunits; u++)
                if (step == 0 || WORLD->scn.units[u].side == P.game.side_to_act)
                    keys_unique(shipped[f], u, &misses);
            bool free_keys = step % 2 == 0 && P.game.pending.kind == SL_DECIDE_NONE && !F.v.fog_waiting;
            int a = sl_game_active_unit(&P.game);
            for (int u = 0; free_keys && u < WORLD->scn.nunits; u++) {
                if (a >= 0 && u != a)
                    continue;
                sl_view_select_unit(&F.v, u, false);
                draw();
                if (F.ui->lay.act_unit == u)
                    pressed += refused_keys_say_their_action(shipped[f]);
            }
            if (!sl_play_solo_step(&P, err, sizeof err))
                break;
        }
    }
    assert_int_equal(misses, 0);
    assert_true(pressed > 30);
}


/* Issue 42's walk: a Shift key a unit is not offered is refused in the
 * box, naming the key and what the rules give it, and never does its
 * plain key's work (Shift+V is never V's range bands). */
static sl_world SHIFT_W;
static void test_shift_keys_never_plain(void **state)
{
    (void)state;
    assert_int_equal(start_game(&SHIFT_W, "maps/bunker.json", 1, NULL, 0, 0, 0, 0), 0);
    key(SDLK_1);
    int refused = 0;
    for (int u = 0; u < WORLD->scn.nunits; u++) {
        sl_view_select_unit(&F.v, u, false);
        draw();
        if (F.ui->lay.act_unit != u)
            continue;
        bool offered = false;
        for (int i = 0; i < F.ui->lay.nact; i++)
            offered = offered || strcmp(F.ui->lay.act[i].key, "Shift+V") == 0;
        if (offered)
            continue;
        unsigned before = F.v.overlays;
        F.v.pick.message[0] = '\0';
        SDL_SetModState(KMOD_LSHIFT);
        key(SDLK_v);
        SDL_SetModState(KMOD_NONE);
        if (F.v.overlays != before)
            fail_msg("Shift+V on %s toggled an overlay (%s)", WORLD->scn.units[u].name, F.v.status);
        assert_true(F.v.pick.message_is_error);
        if (strncmp(F.v.pick.message, "Shift+V is Call fire", 20) != 0 || !strstr(F.v.pick.message, WORLD->scn.units[u].name))
            fail_msg("Shift+V on %s says \"%s\"", WORLD->scn.units[u].name, F.v.pick.message);
        refused++;
    }
    assert_true(refused > 0);
}

/* The unit card's Support row names the weapon as players do (not its
 * id), whole: wrapped in its column, never cut, at 100% and 150%. */
static void test_support_row_names_weapon(void **state)
{
    (void)state;
    int u = unit("nac-1");
    sl_profile_line prof[SL_MAX_PROFILE];
    bool figures;
    int np = sl_unit_profile(&F.w.scn, u, prof, SL_MAX_PROFILE, &figures);
    const char *sup = NULL;
    for (int i = 0; i < np; i++)
        if (strcmp(prof[i].key, "Support") == 0)
            sup = prof[i].value;
    assert_non_null(sup);
    if (!strstr(sup, "Gauss squad automatic weapon") || strstr(sup, "saw-"))
        fail_msg("Support reads \"%s\"", sup);
    const float sizes[] = {1.0f, 1.5f};
    for (int k = 0; k < 2; k++) {
        F.v.user_scale = sizes[k];
        F.v.fitted = false;
        sl_view_select_unit(&F.v, -1, false);
        draw();
        int cuts = F.ui->text.cuts;
        sl_view_select_unit(&F.v, u, false);
        draw();
        if (F.ui->text.cuts != cuts)
            fail_msg("at %.0f%% the card cuts %d texts", sizes[k] * 100, F.ui->text.cuts - cuts);
    }
    F.v.user_scale = 1.0f;
}

/* Type a command on the window's command line, as a player would. */
static void typed(const char *line)
{
    text(":");
    for (const char *c = line; *c; c += strlen(c) < 16 ? strlen(c) : 16) {
        char part[20];
        snprintf(part, sizeof part, "%.16s", c); /* a text event holds 32 bytes */
        text(part);
    }
    key(SDLK_RETURN);
}

/* Issue 41, point 4: a fuel-air round in the open Hill 204 bunker
 * (maps/bunker.json, the lesson's dice). Each unit's rolls stand in a box
 * on the table that names it, every line whole, joined to it by a leader
 * line unless it touches its men, and never over the men it reports on
 * or over the state word of the bunker they are in (OPEN, DISABLED). */
static sl_world PROJ_FAE;
static void test_fae_result_cards(void **state)
{
    (void)state;
    static const int dice[] = {8, 8, 10, 5, 3, 7, 12, 10, 4, 6, 8, 2, 2, 9, 1, 3, 4, 4, 3, 5, 7, 9, 10, 4, 4, 4, 4, 6, 3, 5};
    assert_int_equal(start_game(&PROJ_FAE, "maps/bunker.json", 1, dice, (int)(sizeof dice / sizeof dice[0]), 0, 0, 0), 0);
    typed("decide first phalon");
    typed("activate ph-fo");
    typed("call-fire ph-fo at 43,11 fae-bty fae");
    if (!journal_has("fuel-air"))
        fail_msg("the call was not made: %s", F.v.status);
    int cuts0 = F.ui->text.cuts;
    /* the observers and the bunkers in view, at 15 px to the inch in a
     * 1280x800 window */
    F.v.scale = 15.0;
    F.v.cx = 34.0;
    F.v.cy = 16.0;
    draw();
    /* on so crowded a table some boxes find no place clear of the men,
     * the units' names and the place words: those are in the dice log */
    if (F.ui->nroll < 1)
        fail_msg("%d roll boxes (%s)", F.ui->nroll, F.v.status);
    assert_int_equal(F.ui->text.cuts, cuts0);
    sl_cam cam;
    cam_from_view(&F.v, &F.ui->lay.table, &cam);
    float s = F.ui->lay.s;
    for (int k = 0; k < F.ui->nroll; k++) {
        const SDL_FRect *b = &F.ui->roll_box[k];
        const sl_unit *ru = &WORLD->scn.units[F.ui->roll_unit[k]];
        bool touches = false;
        for (int j = 0; j < F.ui->nroll; j++) {
            const sl_unit *u = &WORLD->scn.units[F.ui->roll_unit[j]];
            for (int f = 0; f < u->nfigures; f++) {
                const sl_figure *fg = &WORLD->scn.figures[u->first_figure + f];
                float fx, fy, r = scene_figure_radius(fg, &cam, s);
                cam_pt(&cam, fg->pos, &fx, &fy);
                SDL_FRect fb = {fx - r, fy - r, 2 * r, 2 * r};
                if (scene_rects_overlap(b, &fb))
                    fail_msg("%s's rolls lie over %s's men", ru->name, u->name);
                /* the bunker the men are in: its state word by them */
                SDL_FRect place = {fx - 40 * s, fy - 40 * s, 80 * s, 80 * s};
                for (int t = 0; t < F.ui->ntexts; t++)
                    if (scene_rects_overlap(&place, &F.ui->texts[t]) && scene_rects_overlap(b, &F.ui->texts[t]))
                        fail_msg("%s's rolls lie over the label of %s's place", ru->name, u->name);
                SDL_FRect near = {fx - r - 20 * s, fy - r - 20 * s, 2 * r + 40 * s, 2 * r + 40 * s};
                touches |= j == k && scene_rects_overlap(b, &near);
            }
        }
        if (!touches && !F.ui->roll_led[k])
            fail_msg("%s's rolls stand away from it with no leader line", ru->name);
    }
}

/* Issue 41, point 8: every burst of the turn stays drawn until the turn
 * ends (maps/bunker.json, fixed dice): a fuel-air round falls 14" off
 * target, then a GP round on the NSL APC, whose armour holds but takes a
 * suspension hit. Both bursts are drawn, numbered, each with its words;
 * the APC wears IMMOBILE with its shape; the kept frame is what a fresh
 * window draws after each mission and after the turn ends, when the
 * bursts are gone. */
static int burst_areas(sl_hue hue)
{
    int n = 0;
    for (int i = 0; i < F.ui->nsketches; i++)
        n += F.ui->sketches[i].kind == SL_SKETCH_AREA && F.ui->sketches[i].hue == hue;
    return n;
}

static bool burst_words(const char *needle)
{
    for (int i = 0; i < F.ui->nsketches; i++)
        if (F.ui->sketches[i].kind == SL_SKETCH_WORDS && strstr(F.ui->sketches[i].lines[0], needle))
            return true;
    return false;
}

static Uint32 pixel_at(double x, double y)
{
    int sx, sy;
    to_screen(x, y, &sx, &sy);
    SDL_RenderFlush(F.ren);
    return ((const Uint32 *)((const Uint8 *)F.surf->pixels + sy * F.surf->pitch))[sx] & 0xFFFFFF;
}

static void test_bursts_stay_for_the_turn(void **state)
{
    (void)state;
    static const int dice[] = {8, 2, 6, 7, 6, 6, 2, 8, 5, 4, 2, 7, 2};
    assert_int_equal(start_game(&PROJ_FAE, "maps/bunker.json", 1, dice, (int)(sizeof dice / sizeof dice[0]), 15.0,
                                34.0, 16.0), 0);
    draw();
    Uint32 ground = pixel_at(27.0, 13.0); /* inside where the first burst will fall, clear of words */
    typed("decide first phalon");
    typed("activate ph-fo");
    typed("call-fire ph-fo at 43,11 fae-bty fae");
    assert_true(journal_has("The mission falls 14\" off"));
    matches_fresh("the first mission landed");
    assert_int_equal(burst_areas(SL_HUE_PURPLE), 1);
    Uint32 first = pixel_at(27.0, 13.0);
    assert_true(first != ground);
    typed("call-fire ph-fo at 52,16 fae-bty gp");
    assert_true(journal_has("NSL APC takes a suspension hit and cannot move"));
    matches_fresh("the second mission landed");
    /* both drawn, each labelled with which mission and what it fired */
    assert_int_equal(burst_areas(SL_HUE_PURPLE), 1);
    assert_int_equal(burst_areas(SL_HUE_ORANGE), 1);
    assert_true(burst_words("1st of 2 this turn: FAE 4\", off target, by Phalon FAE battery"));
    assert_true(burst_words("2nd of 2 this turn: GP 4\", on target, by Phalon FAE battery"));
    assert_true(pixel_at(27.0, 13.0) != ground); /* the first still there, lighter */
    /* the APC's damage: a counter with its word and shape, and its card */
    sl_mark marks[SL_MAX_MARKS];
    int nm = sl_game_marks(&P.game, unit("nsl-apc"), marks, SL_MAX_MARKS);
    bool immobile = false;
    for (int i = 0; i < nm; i++)
        immobile |= strcmp(marks[i].text, "IMMOBILE") == 0 && marks[i].shape == SL_SHAPE_WHEEL_STRUCK &&
                    marks[i].style == SL_MARK_DAMAGE;
    assert_true(immobile);
    sl_card_line lines[SL_MAX_CARD];
    int nl = sl_game_card(&P.game, unit("nsl-apc"), lines, SL_MAX_CARD);
    bool card = false;
    for (int i = 0; i < nl; i++)
        card |= strcmp(lines[i].mark.text, "IMMOBILE") == 0 && strstr(lines[i].text, "cannot move");
    assert_true(card);
    /* the damage roll's card says why the armour held and what the hit did */
    assert_true(journal_has("NSL APC's armour 9 holds against impact 4, but a suspension hit leaves it unable to "
                            "move:"));
    /* the turn ends: the bursts go */
    typed("done nsl");
    typed("done phalon");
    assert_int_equal(P.game.turn, 2);
    matches_fresh("the turn ended");
    assert_int_equal(burst_areas(SL_HUE_PURPLE) + burst_areas(SL_HUE_ORANGE), 0);
    assert_int_equal(pixel_at(27.0, 13.0), ground);
}

int main(void)
{
    /* SL_INPUT_ONLY=test_keys* runs only those */
    if (getenv("SL_INPUT_ONLY"))
        cmocka_set_test_filter(getenv("SL_INPUT_ONLY"));
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_tooltip_goes_and_comes, fresh_view),
        cmocka_unit_test_setup(test_huge_numbers_drawn_safely, fresh_view),
        cmocka_unit_test_setup(test_click_selects_unit, fresh_view),
        cmocka_unit_test_setup(test_box_select, fresh_view),
        cmocka_unit_test_setup(test_tab_cycles, fresh_view),
        cmocka_unit_test_setup(test_ruler, fresh_view),
        cmocka_unit_test_setup(test_ruler_base_edges, fresh_view),
        cmocka_unit_test_setup(test_ruler_clicks_follow_pointer, fresh_view),
        cmocka_unit_test_setup(test_zoom_about_cursor, fresh_view),
        cmocka_unit_test_setup(test_pan, fresh_view),
        cmocka_unit_test_setup(test_hover, fresh_view),
        cmocka_unit_test_setup(test_keys_and_buttons, fresh_view),
        cmocka_unit_test_setup(test_panel_rows_select, fresh_view),
        cmocka_unit_test_setup(test_blast_tool, fresh_view),
        cmocka_unit_test_setup(test_path_tool, fresh_view),
        cmocka_unit_test_setup(test_target_and_toggles, fresh_view),
        cmocka_unit_test_setup(test_play_by_keyboard, fresh_play),
        cmocka_unit_test_setup(test_play_fire_by_mouse, fresh_play),
        cmocka_unit_test_setup(test_play_tab_targets, fresh_play),
        cmocka_unit_test_setup(test_play_projector_scale, fresh_play),
        cmocka_unit_test_setup(test_play_move, fresh_play),
        cmocka_unit_test_setup(test_play_command_line_and_undo, fresh_play),
        cmocka_unit_test_setup(test_play_reaction_prompt, fresh_play),
        cmocka_unit_test_setup(test_play_opportunity_fire, fresh_outpost),
        cmocka_unit_test_setup(test_play_fireteam_keys, fresh_fireteams),
        cmocka_unit_test_setup(test_play_ambush, fresh_ambush),
        cmocka_unit_test_setup(test_kept_layers_handover, fresh_ambush),
        cmocka_unit_test_setup(test_play_new_way, fresh_outpost),
        cmocka_unit_test_setup(test_play_skirmish_outcome, fresh_skirmish),
        cmocka_unit_test_setup(test_skirmish_reach, fresh_skirmish),
        cmocka_unit_test_setup(test_kept_frame_follows, fresh_play),
        cmocka_unit_test_setup(test_kept_layers_follow, fresh_view),
        cmocka_unit_test_setup(test_kept_bases_layer_follows, fresh_view),
        cmocka_unit_test_setup(test_projector_labels, fresh_play),
        cmocka_unit_test_setup(test_solo_controls_and_end_card, fresh_play),
        cmocka_unit_test_setup(test_keys_belong_to_actions, fresh_play),
        cmocka_unit_test_setup(test_fae_result_cards, fresh_play),
        cmocka_unit_test_setup(test_bursts_stay_for_the_turn, fresh_play),
        cmocka_unit_test_setup(test_shift_keys_never_plain, fresh_play),
        cmocka_unit_test_setup(test_support_row_names_weapon, fresh_view),
    };
    int rc = cmocka_run_group_tests(tests, setup, teardown);
    sl_view_free(&F.v);
    sl_play_free(&P);
    sl_world_free(&OUT);
    sl_world_free(&PROJ_TOWN);
    sl_world_free(&PROJ_OUTPOST);
    sl_world_free(&PROJ_FAE);
    sl_world_free(&SHIFT_W);
    sl_world_free(&AMB);
    sl_world_free(&SCW);
    for (size_t f = 0; f < NSHIPPED; f++)
        sl_world_free(&SHIP[f]);
    return rc;
}
