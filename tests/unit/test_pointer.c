/* The demonstrator's pointer (issue 42): a ping sent by a key or a click
 * pulses on the drawn table and goes when its time is up; the pen's
 * arrows and rings stay put on the table under pan and zoom until
 * cleared; neither touches the game's journal; a lesson step's pointer
 * entries are drawn at that step. Driven through the window's own event
 * handler and read back from the frame's pixels. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"
#include "sightline/lesson.h"
#include "ui_internal.h"
#include "soft_window.h"

#define W 1280
#define H 800

static SDL_Surface *surf;
static SDL_Renderer *ren;
static sl_ui *ui;
static sl_world world;
static sl_play play;
static sl_view view;
static const sl_world *shown;

static void draw(void)
{
    sl_ui_draw(ui, shown, &view, W, H);
}

static int setup(void **state)
{
    (void)state;
    if (SDL_Init(SDL_INIT_VIDEO) != 0)
        return -1;
    surf = SDL_CreateRGBSurfaceWithFormat(0, W, H, 32, SDL_PIXELFORMAT_RGB888);
    ren = SDL_CreateSoftwareRenderer(surf);
    char err[256], assets[1100];
    snprintf(assets, sizeof assets, "%s/assets", SL_SOURCE_DIR);
    ui = sl_ui_create(ren, assets, err, sizeof err);
    return ui ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    sl_view_free(&view);
    sl_play_free(&play);
    sl_world_free(&world);
    soft_window_close(&surf, &ren, &ui);
    return 0;
}

/* A game of the default scenario in the view, 12 px to the inch, the
 * table centred. */
/* The game begun drawn in the window's view (its first frame). */
static void show_game(void)
{
    shown = &play.disp;
    sl_ui_set_world(ui, shown);
    sl_view_init(&view, shown);
    view.play = &play;
    draw();
}

static int fresh_game(void **state)
{
    (void)state;
    sl_view_free(&view);
    sl_play_free(&play);
    sl_world_free(&world);
    sl_play_init(&play);
    sl_load_opts opts = {false};
    char err[300];
    if (!sl_world_load("maps/default.json", &opts, &world, NULL) ||
        !sl_play_start(&play, &world, "maps/default.json", 42, err, sizeof err))
        return -1;
    play.autosave[0] = '\0';
    sl_game_begin(&play.game);
    show_game();
    view.scale = 12.0;
    view.cx = 36.0;
    view.cy = 24.0;
    view.fitted = true;
    SDL_SetModState(KMOD_NONE);
    draw();
    return 0;
}

static void to_screen(double x, double y, int *sx, int *sy)
{
    sl_cam cam;
    cam_from_view(&view, &ui->lay.table, &cam);
    float fx, fy;
    cam_w2s(&cam, x, y, &fx, &fy);
    *sx = (int)lroundf(fx);
    *sy = (int)lroundf(fy);
}

static void send(SDL_Event *e)
{
    sl_input_event(ui, shown, &view, e);
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

static void button_px(Uint32 type, int x, int y)
{
    SDL_Event e = {0};
    e.type = type;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.x = x;
    e.button.y = y;
    e.button.clicks = 1;
    send(&e);
}

/* The left button pressed at (x0, y0) inches and let go at (x1, y1). */
static void drag(double x0, double y0, double x1, double y1)
{
    int ax, ay, bx, by;
    to_screen(x0, y0, &ax, &ay);
    to_screen(x1, y1, &bx, &by);
    move_px(ax, ay);
    button_px(SDL_MOUSEBUTTONDOWN, ax, ay);
    move_px((ax + bx) / 2, (ay + by) / 2);
    move_px(bx, by);
    button_px(SDL_MOUSEBUTTONUP, bx, by);
}

static void key(SDL_Keycode k)
{
    SDL_Event e = {0};
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = k;
    e.key.keysym.mod = (Uint16)SDL_GetModState();
    send(&e);
}

/* The frame's pixels (0x00RRGGBB). */
static uint32_t *frame(void)
{
    uint32_t *px = malloc((size_t)W * H * 4);
    assert_non_null(px);
    SDL_LockSurface(surf);
    for (int y = 0; y < H; y++)
        memcpy(px + (size_t)y * W, (const uint8_t *)surf->pixels + (size_t)y * (size_t)surf->pitch, (size_t)W * 4);
    SDL_UnlockSurface(surf);
    return px;
}

/* Pixels of the drawn frame that differ from `base` within r pixels of
 * the table point (x, y) inches. */
static int changed_near(const uint32_t *base, double x, double y, int r)
{
    uint32_t *now = frame();
    int cx, cy, n = 0;
    to_screen(x, y, &cx, &cy);
    for (int py = cy - r; py <= cy + r; py++)
        for (int px = cx - r; px <= cx + r; px++)
            if (px >= 0 && py >= 0 && px < W && py < H && now[(size_t)py * W + px] != base[(size_t)py * W + px])
                n++;
    free(now);
    return n;
}

/* Pure white pixels (the pointer's light) within r of (x, y) inches. */
static int white_near(double x, double y, int r)
{
    uint32_t *now = frame();
    int cx, cy, n = 0;
    to_screen(x, y, &cx, &cy);
    for (int py = cy - r; py <= cy + r; py++)
        for (int px = cx - r; px <= cx + r; px++)
            if (px >= 0 && py >= 0 && px < W && py < H && (now[(size_t)py * W + px] & 0xFFFFFF) == 0xFFFFFF)
                n++;
    free(now);
    return n;
}

/* The journal in one string and the count of commands, to compare. */
static char *journal_text(int *ncommands)
{
    size_t len = 1;
    for (int i = 0; i < play.game.journal.n; i++)
        len += strlen(play.game.journal.ev[i].text) + 1;
    char *s = malloc(len);
    assert_non_null(s);
    s[0] = '\0';
    for (int i = 0; i < play.game.journal.n; i++) {
        strcat(s, play.game.journal.ev[i].text);
        strcat(s, "\n");
    }
    *ncommands = play.game.ncommands;
    return s;
}

/* The pings as the window's clock sees them. */
static bool tick(uint32_t now, uint32_t *wait)
{
    return sl_view_pings_tick(&view, now, wait);
}

/* A ping by the key (.) where the pointer is and by a Ctrl+click: each
 * shows on the drawn table, pulses (the frame changes while the window
 * is asked to draw again), and is gone once its time is up, the frame
 * then as it was; the journal and the selection are untouched. */
static void test_ping_pulses_then_goes(void **state)
{
    (void)state;
    int n0, n1;
    char *j0 = journal_text(&n0);
    uint32_t *base = frame();
    int sx, sy;
    to_screen(40.0, 30.0, &sx, &sy);
    move_px(sx, sy);
    uint32_t *before = frame(); /* the pointer moved: the status bar's numbers */
    key(SDLK_PERIOD);
    assert_int_equal(view.npings, 1);
    assert_true(changed_near(before, 40.0, 30.0, 40) > 200);
    assert_true(white_near(40.0, 30.0, 30) > 20);
    uint32_t wait;
    tick(1000, &wait); /* its clock starts */
    assert_int_equal(wait, SL_PING_FRAME_MS);
    draw();
    uint32_t *young = frame();
    uint64_t kept = ui->frame.key; /* the frame kept under the pointer's part */
    assert_true(kept != 0);
    assert_true(tick(1000 + SL_PING_PERIOD_MS / 2, &wait)); /* half a pulse on: drawn anew */
    assert_true(wait > 0);
    draw();
    assert_true(changed_near(young, 40.0, 30.0, 70) > 100); /* the ring has grown */
    assert_true(ui->frame.key == kept); /* ... over the same kept frame: only the pointer's part was drawn */
    free(young);
    /* a Ctrl+click pings where it is, and selects nothing */
    const sl_figure *f = &shown->scn.figures[sl_scenario_find_figure(&shown->scn, "nac-1-3")];
    int fx, fy;
    to_screen(f->pos.x / 1000.0, f->pos.y / 1000.0, &fx, &fy);
    move_px(fx, fy);
    SDL_SetModState(KMOD_LCTRL);
    button_px(SDL_MOUSEBUTTONDOWN, fx, fy);
    button_px(SDL_MOUSEBUTTONUP, fx, fy);
    SDL_SetModState(KMOD_NONE);
    assert_int_equal(view.npings, 2);
    assert_int_equal(sl_view_selected_count(&view), 0);
    assert_true(changed_near(before, f->pos.x / 1000.0, f->pos.y / 1000.0, 30) > 100);
    /* the first ping's time is up, the second's not yet */
    tick(1000 + SL_PING_MS - 10, &wait);
    assert_int_equal(view.npings, 2);
    assert_true(tick(1000 + SL_PING_MS + 1, &wait));
    assert_int_equal(view.npings, 1);
    assert_true(wait > 0);
    assert_true(tick(1000 + 2 * SL_PING_MS + 10, &wait));
    assert_int_equal(view.npings, 0);
    assert_int_equal(wait, 0); /* nothing pulses: the window sleeps */
    assert_false(tick(1000 + 3 * SL_PING_MS, &wait));
    move_px(sx, sy);
    draw();
    assert_int_equal(changed_near(before, 40.0, 30.0, 80), 0);
    assert_int_equal(changed_near(base, f->pos.x / 1000.0, f->pos.y / 1000.0, 30), 0);
    char *j1 = journal_text(&n1);
    assert_string_equal(j0, j1);
    assert_int_equal(n0, n1);
    free(j0);
    free(j1);
    free(before);
    free(base);
}

/* The pen (,): a drag leaves an arrow, a Shift+drag a ring, a click a
 * ping; they stay on the same table inches under a pan and a zoom; the
 * journal is untouched; Delete clears them and the frame is as before. */
/* The walk: a ping said "Ping at 60.0", 23.6"", inches the room does not
 * read. Now it names the place as a refusal does ("near the mill yard"),
 * and where nothing named is near, no numbers either. */
static void test_ping_says_where_in_words(void **state)
{
    (void)state;
    static const double at[][2] = {{60.0, 19.0}, {40.5, 24.5}, {36.0, 40.0}};
    int named = 0;
    for (int i = 0; i < 3; i++) {
        int sx, sy;
        to_screen(at[i][0], at[i][1], &sx, &sy);
        move_px(sx, sy);
        key(SDLK_PERIOD);
        const char *st = view.status;
        if (strncmp(st, "Ping", 4) != 0)
            fail_msg("a ping at (%.1f, %.1f) says \"%s\"", at[i][0], at[i][1], st);
        char rest[sizeof view.status];
        snprintf(rest, sizeof rest, "%s", st);
        char *four = strstr(rest, "4 seconds");
        if (four)
            *four = '\0';
        if (strpbrk(rest, "0123456789\""))
            fail_msg("a ping at (%.1f, %.1f) says where in inches: \"%s\"", at[i][0], at[i][1], st);
        named += strstr(st, "Ping near ") != NULL || strstr(st, "Ping in ") != NULL;
    }
    assert_true(named >= 1);
}

static void test_pen_stays_until_cleared(void **state)
{
    (void)state;
    int n0, n1;
    char *j0 = journal_text(&n0);
    move_px(W / 2, H / 2);
    key(SDLK_COMMA);
    assert_int_equal(view.tool, SL_TOOL_PEN);
    uint32_t *base = frame();
    drag(30.0, 30.0, 50.0, 30.0);
    assert_int_equal(view.nmarks, 1);
    assert_int_equal(view.marks[0].kind, SL_PEN_ARROW);
    assert_true(white_near(40.0, 30.0, 4) > 10); /* the shaft's middle */
    assert_true(white_near(49.0, 30.0, 6) > 20); /* the head */
    SDL_SetModState(KMOD_LSHIFT);
    drag(20.0, 40.0, 24.0, 40.0);
    SDL_SetModState(KMOD_NONE);
    assert_int_equal(view.nmarks, 2);
    assert_int_equal(view.marks[1].kind, SL_PEN_RING);
    assert_int_equal(view.marks[1].r, 4000);
    assert_true(white_near(20.0, 36.0, 3) > 3); /* on the ring, 4" above its middle */
    assert_true(white_near(20.0, 44.0, 3) > 3);
    /* a pan and a zoom: the marks go with the table */
    view.cx += 7.0;
    view.cy -= 3.0;
    view.scale = 15.0;
    draw();
    assert_true(white_near(40.0, 30.0, 4) > 10);
    assert_true(white_near(20.0, 36.0, 3) > 3);
    /* a click without a drag pings */
    int sx, sy;
    to_screen(60.0, 10.0, &sx, &sy);
    move_px(sx, sy);
    button_px(SDL_MOUSEBUTTONDOWN, sx, sy);
    button_px(SDL_MOUSEBUTTONUP, sx, sy);
    assert_int_equal(view.npings, 1);
    assert_int_equal(view.nmarks, 2);
    /* Backspace takes back the last mark; Delete clears them all */
    key(SDLK_BACKSPACE);
    assert_int_equal(view.nmarks, 1);
    key(SDLK_DELETE);
    assert_int_equal(view.nmarks, 0);
    assert_int_equal(view.npings, 0);
    view.cx -= 7.0;
    view.cy += 3.0;
    view.scale = 12.0;
    move_px(W / 2, H / 2);
    assert_int_equal(changed_near(base, 40.0, 30.0, 150), 0);
    assert_int_equal(changed_near(base, 20.0, 40.0, 60), 0);
    char *j1 = journal_text(&n1);
    assert_string_equal(j0, j1);
    assert_int_equal(n0, n1);
    key(SDLK_COMMA);
    assert_int_equal(view.tool, SL_TOOL_SELECT);
    free(j0);
    free(j1);
    free(base);
}

/* What the pen drew, copied (Ctrl+C's text), pasted into a lesson's step
 * and read back: the same arrow, ring and ping, to the thousandth. */
static void test_pen_copies_into_a_lesson(void **state)
{
    (void)state;
    key(SDLK_COMMA);
    drag(30.0, 30.0, 50.5, 31.25);
    SDL_SetModState(KMOD_LSHIFT);
    drag(20.0, 40.0, 24.0, 40.0);
    SDL_SetModState(KMOD_NONE);
    int sx, sy;
    to_screen(60.0, 10.0, &sx, &sy);
    move_px(sx, sy);
    button_px(SDL_MOUSEBUTTONDOWN, sx, sy);
    button_px(SDL_MOUSEBUTTONUP, sx, sy);
    char json[4096];
    assert_int_equal(pointer_json(&view, json, sizeof json), 3);
    assert_non_null(strstr(json, "\"pointer\": [{\"arrow\": [["));
    char path[] = "/tmp/sightline-pointer-XXXXXX.json";
    int fd = mkstemps(path, 5);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fprintf(f, "{\"format\": \"sightline-lesson\", \"title\": \"Pasted\", \"scenario\": \"%s/maps/default.json\",\n"
               " \"steps\": [{\"caption\": \"Where to look.\", %s}]}\n",
            SL_SOURCE_DIR, json);
    fclose(f);
    sl_lesson l;
    sl_diag d;
    sl_diag_init(&d);
    bool ok = sl_lesson_load(path, &l, &d);
    remove(path);
    assert_true(ok);
    assert_int_equal(l.steps[0].nmarks, 3);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(l.steps[0].marks[i].kind, view.marks[i].kind);
        assert_int_equal(l.steps[0].marks[i].a.x, view.marks[i].a.x);
        assert_int_equal(l.steps[0].marks[i].a.y, view.marks[i].a.y);
        assert_int_equal(l.steps[0].marks[i].r, view.marks[i].r);
    }
    assert_int_equal(l.steps[0].marks[0].b.x, view.marks[0].b.x);
    assert_int_equal(l.steps[0].marks[0].b.y, view.marks[0].b.y);
    assert_int_equal(l.steps[0].marks[2].kind, SL_PEN_PING);
    assert_int_equal(l.steps[0].marks[2].a.x, view.pings[0].at.x);
    sl_lesson_free(&l);
    sl_diag_free(&d);
}

/* Fog of war (the ambush): what one player drew with the pen is gone
 * when the screen is handed over to the other. */
static void test_handover_clears_the_pen(void **state)
{
    (void)state;
    sl_view_free(&view);
    sl_play_free(&play);
    sl_world_free(&world);
    sl_play_init(&play);
    sl_load_opts opts = {false};
    char err[300];
    static const int dv[] = {5, 5, 5, 5};
    assert_true(sl_world_load("maps/ambush.json", &opts, &world, NULL));
    assert_true(sl_play_start(&play, &world, "maps/ambush.json", 1, err, sizeof err));
    play.autosave[0] = '\0';
    sl_game_script_dice(&play.game, dv, 4);
    sl_game_begin(&play.game);
    show_game();
    view.scale = 14.0;
    view.cx = 24.0;
    view.cy = 18.0;
    view.fitted = true;
    draw();
    assert_true(view.fog_waiting);
    key(SDLK_RETURN); /* the hand-over to NAC */
    assert_false(view.fog_waiting);
    key(SDLK_COMMA);
    drag(10.0, 10.0, 20.0, 12.0);
    key(SDLK_PERIOD);
    assert_int_equal(view.nmarks, 1);
    assert_int_equal(view.npings, 1);
    key(SDLK_ESCAPE); /* the pen put away: the column's keys */
    key(SDLK_DOWN);
    key(SDLK_RETURN); /* the column written: ESU's turn to set up, behind a hand-over */
    assert_true(view.fog_waiting);
    assert_int_equal(view.nmarks, 0);
    assert_int_equal(view.npings, 0);
}

/* Issue 40 point 11: after ESU placed a counter and handed over, NAC's
 * view opened with that counter selected and its wood outlined. The
 * hidden set-up (maps/hidden.json) in each layout (the window's own,
 * which at 1280x800 100% is the table's, the table's and the
 * presentation's): ESU picks a counter (Tab), places it by M and a click,
 * the pointer left on it and a ruler begun; once ESU is done, the
 * hand-over to NAC and NAC's view keep none of it. */
static void test_handover_clears_the_last_players(void **state)
{
    (void)state;
    static const int layouts[] = {SL_LAYOUT_AUTO, SL_LAYOUT_TABLE, SL_LAYOUT_PRESENTATION};
    static const char *const names[] = {"the window's own", "the table", "the presentation"};
    for (int l = 0; l < 3; l++) {
        sl_view_free(&view);
        sl_play_free(&play);
        sl_world_free(&world);
        sl_play_init(&play);
        sl_load_opts opts = {false};
        char err[300];
        assert_true(sl_world_load("maps/hidden.json", &opts, &world, NULL));
        assert_true(sl_play_start(&play, &world, "maps/hidden.json", 1, err, sizeof err));
        play.autosave[0] = '\0';
        sl_game_begin(&play.game);
        show_game();
        view.layout = layouts[l];
        view.scale = 12.0;
        view.cx = 36.0;
        view.cy = 24.0;
        view.fitted = true;
        draw();
        assert_true(view.fog_waiting);
        key(SDLK_RETURN); /* the hand-over to ESU, who sets up */
        assert_false(view.fog_waiting);
        key(SDLK_TAB);
        int u = view.focus_unit;
        assert_true(u >= 0);
        key(SDLK_m);
        int sx, sy;
        to_screen(62.0, 38.5, &sx, &sy); /* in the Long Wood */
        button_px(SDL_MOUSEBUTTONDOWN, sx, sy);
        button_px(SDL_MOUSEBUTTONUP, sx, sy);
        if (!play.game.us[u].placed)
            fail_msg("%s: %s not placed: %s", names[l], play.disp.scn.units[u].name, view.status);
        move_px(sx, sy);
        view.tool = SL_TOOL_RULER;
        view.ruler.npts = 1;
        view.ruler.pts[0] = sl_pt_make(50000, 30000);
        view.ruler.has_live = true;
        draw();
        if (sl_view_selected_count(&view) == 0 || view.hover_figure < 0)
            fail_msg("%s: before the hand-over, %d selected, figure %d under the pointer", names[l],
                     sl_view_selected_count(&view), view.hover_figure);
        /* the rest of ESU's set-up, by its commands, and done */
        for (int k = 0; k < play.game.live.nunits; k++) {
            const sl_unit *un = &play.game.live.units[k];
            if (k == u || un->parent >= 0 || !(un->hidden || un->kind == SL_UNIT_DUMMY) || play.game.us[k].placed)
                continue;
            char line[120];
            snprintf(line, sizeof line, "place %s %.1f,%.1f", un->id, play.game.live.figures[un->first_figure].pos.x / 1000.0,
                     play.game.live.figures[un->first_figure].pos.y / 1000.0);
            if (!sl_play_do_line(&play, line, err, sizeof err))
                fail_msg("%s: %s", line, err);
        }
        /* done, and ESU (fewer units on the table) lets NAC go first */
        if (!sl_play_do_line(&play, "done esu", err, sizeof err))
            fail_msg("done esu: %s", err);
        draw();
        assert_false(view.fog_waiting);
        assert_true(view.selected[u]);
        if (!sl_play_do_line(&play, "decide first nac", err, sizeof err))
            fail_msg("decide first nac: %s", err);
        draw();
        assert_true(view.fog_waiting); /* the hand-over screen to NAC */
        key(SDLK_RETURN);
        assert_false(view.fog_waiting);
        draw();
        int left = sl_view_selected_count(&view);
        if (left > 0 || view.focus_unit >= 0 || view.hover_figure >= 0 || view.hover_feature >= 0 ||
            view.ruler.npts > 0 || view.tool != SL_TOOL_SELECT)
            fail_msg("%s: NAC's view opens with %d selected (focus %d), figure %d and feature %d under the pointer, a "
                     "ruler of %d points, tool %d",
                     names[l], left, view.focus_unit, view.hover_figure, view.hover_feature, view.ruler.npts,
                     (int)view.tool);
    }
}

/* While typing a command, . and , are letters of the line, not the pointer. */
static void test_typing_is_not_pointing(void **state)
{
    (void)state;
    SDL_Event e = {0};
    e.type = SDL_TEXTINPUT;
    snprintf(e.text.text, sizeof e.text.text, ":");
    send(&e);
    assert_true(view.pick.typing);
    key(SDLK_PERIOD);
    key(SDLK_COMMA);
    assert_int_equal(view.npings, 0);
    assert_int_equal(view.tool, SL_TOOL_SELECT);
    key(SDLK_ESCAPE);
}

/* A lesson step's pointer (the shipped overwatch lesson's first step: an
 * arrow to the shell holes, a ring round the ESU squad, a ping) is in the
 * step's request and drawn; the next step, which has none, draws none. */
static void test_lesson_step_draws_pointer(void **state)
{
    (void)state;
    sl_lesson l;
    sl_diag d;
    sl_diag_init(&d);
    assert_true(sl_lesson_load("maps/lessons/overwatch.json", &l, &d));
    sl_world lw;
    sl_load_opts opts = {false};
    assert_true(sl_lesson_load_world(&l, &opts, &lw, &d));
    assert_int_equal(l.steps[0].nmarks, 3);
    assert_int_equal(l.steps[1].nmarks, 0);
    sl_play lp;
    sl_play_init(&lp);
    char err[700];
    for (int step = 0; step < 2; step++) {
        assert_true(sl_lesson_play_to(&l, &lw, &lp, step, NULL, err, sizeof err));
        sl_view_free(&view);
        sl_view_init(&view, &lp.disp);
        view.play = &lp;
        shown = &lp.disp;
        sl_ui_set_world(ui, shown);
        sl_render_req req;
        memset(&req, 0, sizeof req);
        req.view = -1;
        sl_lesson_request(&l, step, &req);
        assert_true(sl_view_apply_request(&view, shown, &req, err, sizeof err));
        draw();
        view.scale = 20.0;
        view.cx = 18.0;
        view.cy = 12.0;
        view.fitted = true;
        draw();
        int arrows = 0, rings = 0;
        for (int i = 0; i < view.nmarks; i++) {
            arrows += view.marks[i].kind == SL_PEN_ARROW;
            rings += view.marks[i].kind == SL_PEN_RING;
        }
        assert_int_equal(arrows, step == 0 ? 1 : 0);
        assert_int_equal(rings, step == 0 ? 1 : 0);
        assert_int_equal(view.npings, step == 0 ? 1 : 0);
        /* the arrow's shaft, and the ring 5.5" left of the squad's middle (10.2, 14) */
        int shaft = white_near(27.5, 5.47, 3), ring = white_near(10.2 - 5.5, 14.0, 3);
        if (step == 0) {
            assert_true(shaft > 5);
            assert_true(ring > 3);
        } else {
            assert_int_equal(shaft, 0);
            assert_int_equal(ring, 0);
        }
    }
    view.play = NULL;
    sl_play_free(&lp);
    sl_world_free(&lw);
    sl_lesson_free(&l);
    sl_diag_free(&d);
    sl_view_free(&view);
    sl_view_init(&view, &world);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_ping_pulses_then_goes, fresh_game),
        cmocka_unit_test_setup(test_ping_says_where_in_words, fresh_game),
        cmocka_unit_test_setup(test_pen_stays_until_cleared, fresh_game),
        cmocka_unit_test_setup(test_pen_copies_into_a_lesson, fresh_game),
        cmocka_unit_test_setup(test_typing_is_not_pointing, fresh_game),
        cmocka_unit_test_setup(test_handover_clears_the_pen, fresh_game),
        cmocka_unit_test_setup(test_handover_clears_the_last_players, fresh_game),
        cmocka_unit_test_setup(test_lesson_step_draws_pointer, fresh_game),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
