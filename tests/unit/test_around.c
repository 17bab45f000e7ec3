/* Around the game (issue 42): the start screen and the replay viewer,
 * driven by keys and clicks as a person would, on saves written from
 * the kept replays (tests/replays) by the game itself. What is asserted
 * is what the user sees: the rows listed and chosen, the file that
 * opens, the step shown and its caption, the figures where the game had
 * them after that command, the side's view under fog of war. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "around.h"
#include "input.h"
#include "sightline/lesson.h"
#include "sightline/save.h"
#include "soft_window.h"

#define W 1280
#define H 800

static SDL_Surface *surf;
static SDL_Renderer *ren;
static sl_ui *ui;
static char dir[256];          /* a state folder of our own, with the saves */
static char battle[300], hidden[300], broken[300];

/* A save of a kept replay, written by the game as the window's J or
 * `sightline run --save` writes it. */
static void write_save(const char *scenario, const char *script, uint64_t seed, const char *out)
{
    char scn[600];
    snprintf(scn, sizeof scn, "%s/%s", SL_SOURCE_DIR, scenario);
    sl_world w;
    sl_load_opts opts = {false};
    assert_true(sl_world_load(scn, &opts, &w, NULL));
    sl_play p;
    sl_play_init(&p);
    char err[600];
    assert_true(sl_play_start(&p, &w, scn, seed, err, sizeof err));
    sl_game_begin(&p.game);
    FILE *f = fopen(script, "r");
    assert_non_null(f);
    char line[512];
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (!sl_play_do_line(&p, line, err, sizeof err))
            fail_msg("%s: '%s' refused: %s", script, line, err);
    }
    fclose(f);
    assert_true(sl_save_write(out, &p.origin, &p.game, err, sizeof err));
    sl_play_free(&p);
    sl_world_free(&w);
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
    if (!ui)
        return -1;
    snprintf(dir, sizeof dir, "/tmp/sightline-around-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    snprintf(battle, sizeof battle, "%s/default-battle.save", dir);
    snprintf(hidden, sizeof hidden, "%s/autosave-hidden.save", dir);
    snprintf(broken, sizeof broken, "%s/broken.save", dir);
    write_save("maps/default.json", "tests/replays/battle.txt", 42, battle);
    write_save("maps/hidden.json", "tests/replays/hidden.txt", 42, hidden);
    /* the battle with one roll changed: its loader refuses it, naming the line */
    FILE *in = fopen(battle, "r"), *out = fopen(broken, "w");
    if (!in || !out)
        return -1;
    char line[4096];
    int n = 0;
    while (fgets(line, sizeof line, in)) {
        char *v = ++n == 4 ? strstr(line, "\"value\":") : NULL;
        if (v)
            v[8] = v[8] == '1' ? '2' : '1';
        fputs(line, out);
    }
    fclose(in);
    fclose(out);
    /* newest first: the battle, then the hidden game, then the broken one */
    struct timespec t[2] = {{1000000, 0}, {1000000, 0}};
    utimensat(AT_FDCWD, broken, t, 0);
    t[0].tv_sec = t[1].tv_sec = 2000000;
    utimensat(AT_FDCWD, hidden, t, 0);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    unlink(battle);
    unlink(hidden);
    unlink(broken);
    rmdir(dir);
    soft_window_close(&surf, &ren, &ui);
    return 0;
}

/* --- the start screen -------------------------------------------------------------- */

static ui_start st;
static char chosen[SL_PATH_MAX];
static sl_shelf_kind kind;

static ui_start_act press(SDL_Keycode k, Uint16 mod)
{
    SDL_Event e = {0};
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = k;
    e.key.keysym.mod = mod;
    ui_start_act a = ui_start_event(&st, &e, chosen, sizeof chosen, &kind);
    ui_start_draw(ui, &st, W, H); /* drawn after every key, as the window does */
    return a;
}

static void type(const char *s)
{
    for (; *s; s++) {
        SDL_Event e = {0};
        e.type = SDL_TEXTINPUT;
        e.text.text[0] = *s;
        ui_start_event(&st, &e, chosen, sizeof chosen, &kind);
    }
    ui_start_draw(ui, &st, W, H);
}

static const char *chosen_title(void)
{
    const sl_shelf_entry *e = ui_start_chosen(&st);
    return e ? e->title : "(open a file)";
}

/* The default table drawn in the window under the start screen (the
 * scale the screen is drawn at). */
static void table_under(sl_view *v, sl_world *w)
{
    sl_load_opts opts = {false};
    assert_true(sl_world_load("maps/default.json", &opts, w, NULL));
    sl_view_init(v, w);
    sl_ui_set_world(ui, w);
    sl_ui_draw(ui, w, v, W, H);
}

/* Each scenario and lesson shows a picture of its table, drawn by the
 * program one a frame (the screen says how far it has got); a save has
 * none, and a scenario that cannot be read is left without one. */
static void test_start_screen_thumbnails(void **state)
{
    (void)state;
    sl_view v;
    sl_world w;
    table_under(&v, &w);
    ui_start_open(&st, SL_SOURCE_DIR, dir, NULL);
    int want = 0;
    for (int i = 0; i < st.shelf.n; i++)
        want += st.shelf.e[i].kind != SL_SHELF_SAVE;
    assert_int_equal(st.thumb_todo, want);
    assert_true(want >= 13); /* seven scenarios, six lessons */
    int steps = 0;
    while (ui_start_thumb_step(ui, &st) && steps < 200)
        steps++;
    assert_int_equal(steps, want);
    assert_int_equal(st.thumb_todo, 0);
    assert_false(ui_start_thumb_step(ui, &st));
    for (int i = 0; i < st.shelf.n; i++) {
        if (st.shelf.e[i].kind == SL_SHELF_SAVE) {
            assert_null(st.thumb[i]);
            continue;
        }
        if (!st.thumb[i])
            fail_msg("no picture of %s", st.shelf.e[i].path);
        int tw, th;
        assert_int_equal(SDL_QueryTexture(st.thumb[i], NULL, NULL, &tw, &th), 0);
        assert_int_equal(tw, 240);
        assert_int_equal(th, 160);
    }
    /* drawn in its row: the first scenario's row shows many colours at
     * the picture's place (the mat, the river, the figures) */
    ui_start_draw(ui, &st, W, H);
    int r = -1;
    for (int k = 0; k < st.nboxes && r < 0; k++)
        if (st.vis[st.row_vis[k]] >= 0 && st.shelf.e[st.vis[st.row_vis[k]]].kind == SL_SHELF_SCENARIO)
            r = k;
    assert_true(r >= 0);
    const SDL_FRect *b = &st.row_box[r];
    int colours = 0;
    Uint32 seen[64];
    for (int y = (int)(b->y + 4); y < (int)(b->y + b->h - 4); y += 2)
        for (int x = (int)(b->x + 30); x < (int)(b->x + 30 + 1.4f * b->h); x += 2) {
            Uint32 px = ((Uint32 *)surf->pixels)[y * (surf->pitch / 4) + x] & 0xFFFFFFu;
            bool known = false;
            for (int j = 0; j < colours && !known; j++)
                known = seen[j] == px;
            if (!known && colours < 64)
                seen[colours++] = px;
        }
    if (colours < 20)
        fail_msg("the scenario's row shows %d colours where its picture should be", colours);
    ui_start_close(&st);
    /* one painter for all the pictures draws each as a renderer and ui of
     * its own would: the default table after the town, pixel for pixel */
    char err[300], assets[1100];
    snprintf(assets, sizeof assets, "%s/assets", SL_SOURCE_DIR);
    ui_painter *pa = ui_painter_open(assets, 240, 160, err, sizeof err);
    assert_non_null(pa);
    sl_world town;
    sl_load_opts lo = {true};
    assert_true(sl_world_load("maps/town.json", &lo, &town, NULL));
    sl_render_req req;
    memset(&req, 0, sizeof req);
    req.width = 240;
    req.height = 160;
    req.view = -1;
    SDL_Surface *a = ui_painter_draw(pa, &town, &req, err, sizeof err);
    SDL_Surface *pb = ui_painter_draw(pa, &w, &req, err, sizeof err);
    SDL_Surface *own = ui_render_surface(&w, assets, &req, err, sizeof err);
    assert_non_null(a);
    assert_non_null(pb);
    assert_non_null(own);
    long differ = 0;
    for (int y = 0; y < 160; y++)
        differ += memcmp((Uint8 *)pb->pixels + y * pb->pitch, (Uint8 *)own->pixels + y * own->pitch, 240 * 4) != 0;
    assert_int_equal(differ, 0);
    SDL_FreeSurface(a);
    SDL_FreeSurface(pb);
    SDL_FreeSurface(own);
    ui_painter_close(pa);
    sl_world_free(&town);
    sl_view_free(&v);
    sl_world_free(&w);
}

/* Words with each run of spaces made one (a wrapped line's end is a space). */
static void one_spaced(const char *in, char *out, size_t len)
{
    size_t n = 0;
    for (; *in && n + 1 < len; in++)
        if (!(isspace((unsigned char)*in) && (n == 0 || out[n - 1] == ' ')))
            out[n++] = isspace((unsigned char)*in) ? ' ' : *in;
    out[n] = '\0';
}

/* Every row chosen in turn, on a screen of wd x ht with text asked at
 * `scale`: the chosen row shows its whole description (wrapped, each
 * word drawn inside the row), not one line cut with an ellipsis. */
/* A start screen drawn with every line it writes recorded (u->text.seen,
 * and where each was drawn). */
static const char *start_seen(sl_ui *u, ui_start *at, int wd, int ht)
{
    u->text.record = true;
    u->text.nseen = 0;
    u->text.nseen_at = 0;
    u->text.seen[0] = '\0';
    ui_start_draw(u, at, wd, ht);
    u->text.record = false;
    return u->text.seen;
}

static void descriptions_whole(sl_ui *u, int wd, int ht, float scale)
{
    sl_world w;
    sl_view v;
    sl_load_opts opts = {false};
    assert_true(sl_world_load("maps/default.json", &opts, &w, NULL));
    sl_view_init(&v, &w);
    v.user_scale = scale;
    sl_ui_set_world(u, &w);
    sl_ui_draw(u, &w, &v, wd, ht); /* the scale the screen is drawn at */
    static ui_start open; /* zeroed: ui_start_open frees what an open screen holds */
    ui_start_open(&open, SL_SOURCE_DIR, dir, NULL);
    int checked = 0;
    for (int vi = 0; vi < open.nvis; vi++) {
        int idx = open.vis[vi];
        if (idx < 0)
            continue;
        open.sel = vi;
        start_seen(u, &open, wd, ht);
        int r = -1;
        for (int k = 0; k < open.nboxes; k++)
            if (open.row_vis[k] == vi)
                r = k;
        if (r < 0)
            fail_msg("%dx%d at %.0f%%: the chosen row %d is not drawn", wd, ht, scale * 100, vi);
        /* the lines drawn inside the chosen row, in order */
        static char inside[8192], want[2048], got[8192];
        size_t n = 0;
        const char *line = u->text.seen;
        const SDL_FRect *b = &open.row_box[r];
        for (int i = 0; i < u->text.nseen_at && *line; i++) {
            const char *end = strchr(line, '\n');
            const SDL_Rect *at = &u->text.seen_at[i];
            if (at->y >= b->y - 1 && at->y + at->h <= b->y + b->h + 1 && n + (size_t)(end - line) + 2 < sizeof inside)
                n += (size_t)snprintf(inside + n, sizeof inside - n, "%.*s ", (int)(end - line), line);
            line = end + 1;
        }
        /* its description whole (the file's name after it may give way
         * where there is no room) */
        const sl_shelf_entry *e = &open.shelf.e[idx];
        one_spaced(e->about, want, sizeof want);
        one_spaced(inside, got, sizeof got);
        if (!strstr(got, want))
            fail_msg("%dx%d at %.0f%%: %s's description is not shown whole:\nwanted \"%s\"\ndrawn  \"%s\"", wd, ht,
                     scale * 100, e->title, want, got);
        checked++;
    }
    assert_true(checked >= 10); /* the shipped scenarios and lessons, and the saves */
    ui_start_close(&open);
    sl_view_free(&v);
    sl_world_free(&w);
}

/* Point 3: the scenarios' and lessons' descriptions were cut to one line
 * ("... Phalon...") in their rows; the chosen one is read whole, at
 * 1280x720 with text at 100% to 250% and on a 3840x2160 screen. */
static void test_start_screen_descriptions_whole(void **state)
{
    (void)state;
    static const float scales[] = {1.0f, 1.5f, 2.0f, 2.5f};
    for (size_t k = 0; k < sizeof scales / sizeof scales[0]; k++)
        descriptions_whole(ui, 1280, 720, scales[k]);
    SDL_Surface *big = SDL_CreateRGBSurfaceWithFormat(0, 3840, 2160, 32, SDL_PIXELFORMAT_RGB888);
    SDL_Renderer *bren = SDL_CreateSoftwareRenderer(big);
    char err[256], assets[1100];
    snprintf(assets, sizeof assets, "%s/assets", SL_SOURCE_DIR);
    sl_ui *bui = sl_ui_create(bren, assets, err, sizeof err);
    assert_non_null(bui);
    descriptions_whole(bui, 3840, 2160, 1.0f);
    descriptions_whole(bui, 3840, 2160, 2.0f);
    sl_ui_destroy(bui);
    SDL_DestroyRenderer(bren);
    SDL_FreeSurface(big);
}

/* A rules document's number ("seed 002", "seeds 000 and 003") in what a
 * player reads: a row's title or description on the start screen, a
 * lesson's title, its steps' headings and captions. */
static void no_seed_number(const char *where, const char *text)
{
    const char *p = strstr(text, "seed");
    for (; p; p = strstr(p + 1, "seed")) {
        const char *q = p + 4 + (p[4] == 's');
        if (q[0] == ' ' && isdigit((unsigned char)q[1]) && isdigit((unsigned char)q[2]) && isdigit((unsigned char)q[3]))
            fail_msg("%s reads a rules document's number: \"%s\"", where, text);
    }
}

static void test_no_seed_numbers_read(void **state)
{
    (void)state;
    sl_shelf sh;
    sl_shelf_read(&sh, SL_SOURCE_DIR, dir, 20);
    int lessons = 0;
    for (int i = 0; i < sh.n; i++) {
        char where[SL_PATH_MAX + 40];
        snprintf(where, sizeof where, "the start screen's row of %s", sh.e[i].path);
        no_seed_number(where, sh.e[i].title);
        no_seed_number(where, sh.e[i].about);
        if (sh.e[i].kind != SL_SHELF_LESSON)
            continue;
        sl_lesson l;
        sl_diag d;
        sl_diag_init(&d);
        assert_true(sl_lesson_load(sh.e[i].path, &l, &d));
        sl_diag_free(&d);
        no_seed_number(l.path, l.title);
        for (int k = 0; k < l.nsteps; k++) {
            no_seed_number(l.path, l.steps[k].title);
            no_seed_number(l.path, l.steps[k].caption);
        }
        sl_world w;
        sl_load_opts opts = {false};
        assert_true(sl_lesson_load_world(&l, &opts, &w, NULL)); /* its table's description too */
        no_seed_number(l.scenario, w.scn.description);
        sl_world_free(&w);
        sl_lesson_free(&l);
        lessons++;
    }
    assert_int_equal(lessons, 6);
    sl_shelf_free(&sh);
}

static void test_start_screen_by_keys(void **state)
{
    (void)state;
    sl_view v;
    sl_world w;
    table_under(&v, &w);
    sl_load_opts opts = {false};
    ui_start_open(&st, SL_SOURCE_DIR, dir, "The game on the table is kept in its autosave.");
    ui_start_draw(ui, &st, W, H);
    /* the recent games first, newest first, with their turn and date;
     * the broken save is listed (it is refused when opened) */
    assert_int_equal(st.shelf.e[0].kind, SL_SHELF_SAVE);
    assert_string_equal(st.shelf.e[0].title, "Meeting at Hollow Brook");
    assert_non_null(strstr(st.shelf.e[0].about, "saved, turn 4, 73 commands"));
    assert_string_equal(st.shelf.e[1].title, "Hidden Positions at Hollow Brook");
    assert_true(st.shelf.e[1].autosave);
    assert_non_null(strstr(st.shelf.e[2].path, "broken.save"));
    assert_string_equal(chosen_title(), "Meeting at Hollow Brook");
    /* then the scenarios, the default first, and the lessons */
    assert_int_equal(st.shelf.e[3].kind, SL_SHELF_SCENARIO);
    assert_non_null(strstr(st.shelf.e[3].path, "maps/default.json"));
    int lessons = 0;
    for (int i = 0; i < st.shelf.n; i++)
        lessons += st.shelf.e[i].kind == SL_SHELF_LESSON;
    assert_int_equal(lessons, 6);

    /* typing finds: "hexton" leaves Street fight in Hexton and the file row */
    type("hexton");
    assert_int_equal(st.nvis, 2);
    assert_string_equal(chosen_title(), "Street fight in Hexton");
    assert_int_equal(press(SDLK_RETURN, KMOD_NONE), UI_START_OPEN);
    assert_int_equal(kind, SL_SHELF_SCENARIO);
    sl_world town;
    assert_true(sl_world_load(chosen, &opts, &town, NULL)); /* what the window then opens */
    assert_string_equal(town.scn.name, "Street fight in Hexton");
    sl_world_free(&town);
    /* Esc clears what was typed, then Down and Enter open the next row */
    assert_int_equal(press(SDLK_ESCAPE, KMOD_NONE), UI_START_TOOK);
    assert_int_equal(st.nvis, st.shelf.n + 1);
    press(SDLK_DOWN, KMOD_NONE);
    assert_string_equal(chosen_title(), "Hidden Positions at Hollow Brook");
    /* Ctrl+R replays a recent game; a scenario cannot be replayed */
    assert_int_equal(press(SDLK_r, KMOD_CTRL), UI_START_REPLAY);
    assert_string_equal(chosen, hidden);
    press(SDLK_DOWN, KMOD_NONE);
    press(SDLK_DOWN, KMOD_NONE);
    assert_non_null(strstr(ui_start_chosen(&st)->path, "maps/default.json"));
    assert_int_equal(press(SDLK_r, KMOD_CTRL), UI_START_TOOK);
    assert_non_null(strstr(st.hint, "Only a saved game"));
    /* Up past the top stays on the first row; End goes to "Open a file" */
    for (int i = 0; i < 6; i++)
        press(SDLK_UP, KMOD_NONE);
    assert_int_equal(st.sel, 0);
    press(SDLK_END, KMOD_NONE);
    assert_null(ui_start_chosen(&st));
    assert_int_equal(press(SDLK_RETURN, KMOD_NONE), UI_START_TOOK); /* no path typed: it asks for one */
    assert_non_null(strstr(st.hint, "Type the file's path"));
    sl_view_free(&v);
    sl_world_free(&w);
}

static void test_start_screen_mouse_and_refusal(void **state)
{
    (void)state;
    ui_start_open(&st, SL_SOURCE_DIR, dir, NULL);
    ui_start_draw(ui, &st, W, H);
    /* a click on the outpost's row opens it; one on a save's Replay box replays it */
    int outpost = -1;
    for (int i = 0; i < st.nboxes; i++)
        if (st.vis[st.row_vis[i]] >= 0 && strstr(st.shelf.e[st.vis[st.row_vis[i]]].path, "outpost.json"))
            outpost = i;
    assert_true(outpost >= 0);
    SDL_Event e = {0};
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.x = (int)(st.row_box[outpost].x + 40);
    e.button.y = (int)(st.row_box[outpost].y + 10);
    assert_int_equal(ui_start_event(&st, &e, chosen, sizeof chosen, &kind), UI_START_OPEN);
    assert_non_null(strstr(chosen, "maps/outpost.json"));
    assert_true(st.replay_box[0].w > 0);
    e.button.x = (int)(st.replay_box[0].x + 5);
    e.button.y = (int)(st.replay_box[0].y + 5);
    assert_int_equal(ui_start_event(&st, &e, chosen, sizeof chosen, &kind), UI_START_REPLAY);
    assert_string_equal(chosen, battle);

    /* a path typed opens that file, whatever it is */
    type("tests/data/broken/bad_kind.tmj");
    assert_null(ui_start_chosen(&st));
    assert_int_equal(press(SDLK_RETURN, KMOD_NONE), UI_START_OPEN);
    assert_string_equal(chosen, "tests/data/broken/bad_kind.tmj");
    assert_int_equal(kind, SL_SHELF_SCENARIO);
    assert_int_equal(ui_file_kind(battle), SL_SHELF_SAVE);
    assert_int_equal(ui_file_kind("maps/lessons/overwatch.json"), SL_SHELF_LESSON);

    /* the broken save: the loader's words (file, line, field) on the
     * screen, which stays; Esc puts them away, Esc again leaves */
    sl_world w;
    sl_game g;
    sl_origin o;
    sl_diag d;
    sl_diag_init(&d);
    assert_false(sl_save_load(broken, -1, &w, &g, &o, &d));
    char why[1200];
    sl_diag_format(&d.msgs[0], why, sizeof why);
    sl_diag_free(&d);
    assert_non_null(strstr(why, "broken.save:4:"));
    ui_start_refuse(&st, broken, why);
    ui_start_draw(ui, &st, W, H);
    assert_true(st.open);
    assert_non_null(strstr(st.refused, "broken.save:4:"));
    assert_int_equal(press(SDLK_ESCAPE, KMOD_NONE), UI_START_TOOK);
    assert_false(st.refused_title[0]);
    press(SDLK_ESCAPE, KMOD_NONE); /* the typed path */
    assert_int_equal(press(SDLK_ESCAPE, KMOD_NONE), UI_START_CLOSE);
    /* the window's own keys go through */
    assert_int_equal(press(SDLK_F2, KMOD_NONE), UI_START_IGNORED);
    assert_int_equal(press(SDLK_q, KMOD_CTRL), UI_START_IGNORED);
    ui_start_close(&st);
}

/* --- the replay viewer ------------------------------------------------------------- */

static sl_world RW;
static sl_play P;
static sl_view V;
static ui_replay R;
static char **CMDS;
static int NCMDS;

/* The save opened in the viewer, as the window opens it. */
/* The save at path in the replay viewer, begun with the text at `scale`. */
static void open_replay_at(const char *path, float scale)
{
    sl_game g;
    sl_origin o;
    sl_diag d;
    sl_diag_init(&d);
    assert_true(sl_save_load(path, -1, &RW, &g, &o, &d));
    sl_diag_free(&d);
    NCMDS = sl_journal_commands(&g, &CMDS);
    assert_true(ui_replay_take(&R, path, &g));
    sl_play_init(&P);
    sl_play_adopt(&P, &RW, &g, &o);
    sl_view_init(&V, &P.disp);
    V.play = &P;
    V.user_scale = scale;
    ui_replay_begin(&R, &V, 0);
    sl_ui_set_world(ui, &P.disp);
    sl_ui_draw(ui, &P.disp, &V, W, H);
}

static void open_replay(const char *path)
{
    open_replay_at(path, 1.0f);
}

static void close_replay(void)
{
    sl_commands_free(CMDS, NCMDS);
    ui_replay_free(&R);
    sl_view_free(&V);
    sl_play_free(&P);
    sl_world_free(&RW);
}

static void key(SDL_Keycode k, bool shift)
{
    assert_true(ui_replay_key(&R, &V, k, shift));
    sl_ui_draw(ui, &P.disp, &V, W, H);
}

/* The table shown is the game's after k commands, replayed on its own
 * from the save's seed: every figure in the same place and state, the
 * same journal (so the same rolls in the dice log). */
static void shows_step(int k)
{
    assert_int_equal(R.at, k);
    assert_int_equal(P.game.ncommands, k);
    sl_game g;
    int failed;
    char err[300];
    assert_true(sl_game_replay(&g, &RW.scn, &P.origin, CMDS, k, &failed, err, sizeof err));
    assert_int_equal(P.game.live.nfigures, g.live.nfigures);
    for (int i = 0; i < g.live.nfigures; i++) {
        assert_int_equal(P.game.live.figures[i].pos.x, g.live.figures[i].pos.x);
        assert_int_equal(P.game.live.figures[i].pos.y, g.live.figures[i].pos.y);
        assert_int_equal(P.game.live.figures[i].status, g.live.figures[i].status);
    }
    assert_int_equal(P.game.journal.n, g.journal.n);
    for (int i = 0; i < g.journal.n; i++)
        assert_string_equal(P.game.journal.ev[i].json, g.journal.ev[i].json);
    sl_game_free(&g);
    char head[200];
    if (k == 0)
        snprintf(head, sizeof head, "the start (of %d commands)", NCMDS);
    else
        snprintf(head, sizeof head, "command %d of %d, turn %d", k, NCMDS, P.game.turn);
    assert_non_null(strstr(V.lesson_heading, head));
}

static void test_replay_steps_by_keys(void **state)
{
    (void)state;
    FILE *f = fopen(battle, "rb");
    char before[65536];
    size_t nb = fread(before, 1, sizeof before, f);
    fclose(f);
    open_replay(battle);
    assert_int_equal(NCMDS, 73);
    shows_step(0);
    assert_non_null(strstr(V.lesson_caption, "before the first command"));
    key(SDLK_RIGHT, false);
    key(SDLK_RIGHT, false);
    key(SDLK_RIGHT, false);
    shows_step(3);
    /* the step's words, as the dice log gives them */
    assert_non_null(strstr(V.lesson_caption, "ESU Platoon HQ"));
    key(SDLK_LEFT, false);
    shows_step(2);
    key(SDLK_END, false);
    shows_step(73);
    key(SDLK_RIGHT, false); /* past the end stays there */
    shows_step(73);
    key(SDLK_HOME, false);
    shows_step(0);
    key(SDLK_SPACE, false);
    shows_step(1);
    key(SDLK_BACKSPACE, false);
    shows_step(0);

    /* read-only: a command, undo or the program's play is refused, the
     * journal as it was and the save untouched */
    char err[300];
    key(SDLK_END, false);
    int n = P.game.journal.n;
    assert_false(sl_play_do_line(&P, "end", err, sizeof err));
    assert_non_null(strstr(err, "replay"));
    char undone[100];
    assert_false(sl_play_undo(&P, undone, sizeof undone, err, sizeof err));
    P.solo_side = SL_SOLO_BOTH;
    assert_int_equal(sl_play_solo_turn(&P), -1);
    assert_int_equal(P.game.journal.n, n);
    assert_string_equal(P.autosave, "");
    f = fopen(battle, "rb");
    char after[65536];
    size_t na = fread(after, 1, sizeof after, f);
    fclose(f);
    assert_int_equal(na, nb);
    assert_memory_equal(after, before, nb);

    /* Ctrl+P: play on from command 5, a game again: the save's sixth
     * command goes in anew, autosaved elsewhere, the save as it was */
    P.solo_side = -1;
    key(SDLK_HOME, false);
    for (int i = 0; i < 5; i++)
        key(SDLK_RIGHT, false);
    char autosave[300];
    snprintf(autosave, sizeof autosave, "%s/playon.save", dir);
    ui_replay_play_on(&R, &V, autosave);
    assert_false(R.on);
    assert_int_equal(V.lesson_nsteps, 0);
    assert_non_null(strstr(V.status, "Playing on from command 5"));
    if (!sl_play_do_line(&P, CMDS[5], err, sizeof err))
        fail_msg("'%s' refused after playing on: %s", CMDS[5], err);
    assert_int_equal(P.game.ncommands, 6);
    assert_int_equal(access(autosave, R_OK), 0);
    unlink(autosave);
    f = fopen(battle, "rb");
    na = fread(after, 1, sizeof after, f);
    fclose(f);
    assert_int_equal(na, nb);
    assert_memory_equal(after, before, nb);
    close_replay();
}

/* A game of four turns, a turn at a time and back through the
 * snapshots (one every 64 commands); then a game under fog of war in
 * each side's view (F6). */
/* The timeline under the caption: a click goes to that moment of the
 * game, a drag scrubs through it (the table the game's at each step), a
 * click off the bar is left to the table. */
static SDL_Event mouse_ev(Uint32 type, float x, float y)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = type;
    if (type == SDL_MOUSEMOTION) {
        e.motion.x = (int)x;
        e.motion.y = (int)y;
        e.motion.state = SDL_BUTTON_LMASK;
    } else {
        e.button.button = SDL_BUTTON_LEFT;
        e.button.x = (int)x;
        e.button.y = (int)y;
    }
    return e;
}

static void test_replay_timeline_mouse(void **state)
{
    (void)state;
    open_replay(battle);
    V.pixel_ratio = 1.0f;
    const SDL_FRect *C = &ui->lay.caption;
    assert_true(C->h > 0);
    float s = ui->lay.s, bx = C->x + 14 * s, bw = C->w - 28 * s, by = C->y + C->h - 5 * s;
    SDL_Event e = mouse_ev(SDL_MOUSEBUTTONDOWN, bx + bw * 0.5f, by);
    assert_true(ui_replay_mouse(&R, ui, &V, &e));
    shows_step((int)lroundf(0.5f * 73)); /* half way through the game */
    e = mouse_ev(SDL_MOUSEMOTION, bx + bw * 0.25f, by - 40 * s); /* a drag need not keep to the bar */
    assert_true(ui_replay_mouse(&R, ui, &V, &e));
    shows_step((int)lroundf(0.25f * 73));
    e = mouse_ev(SDL_MOUSEMOTION, bx + bw + 200, by);
    assert_true(ui_replay_mouse(&R, ui, &V, &e));
    shows_step(73);
    e = mouse_ev(SDL_MOUSEBUTTONUP, bx + bw + 200, by);
    assert_true(ui_replay_mouse(&R, ui, &V, &e));
    assert_false(R.dragging);
    e = mouse_ev(SDL_MOUSEMOTION, bx, by); /* no button held: nothing */
    assert_false(ui_replay_mouse(&R, ui, &V, &e));
    shows_step(73);
    e = mouse_ev(SDL_MOUSEBUTTONDOWN, bx + bw * 0.1f, C->y - 100 * s); /* on the table */
    assert_false(ui_replay_mouse(&R, ui, &V, &e));
    shows_step(73);
    e = mouse_ev(SDL_MOUSEBUTTONDOWN, bx - 8 * s, by + 6 * s); /* by its start: the start */
    assert_true(ui_replay_mouse(&R, ui, &V, &e));
    shows_step(0);
    close_replay();
}

static void test_replay_turns_and_views(void **state)
{
    (void)state;
    open_replay(battle);
    assert_true(NCMDS > 64); /* long enough to step back through a snapshot */
    key(SDLK_RIGHT, true); /* the table before the first command of turn 2 */
    int second = R.at;
    assert_true(second > 0 && R.turn_of[second] == 2 && R.turn_of[second - 1] == 1);
    shows_step(second);
    key(SDLK_RIGHT, true);
    assert_int_equal(R.turn_of[R.at], 3);
    assert_int_equal(R.turn_of[R.at - 1], 2);
    shows_step(R.at);
    key(SDLK_LEFT, true); /* back to the start of turn 2 */
    shows_step(second);
    key(SDLK_LEFT, true);
    shows_step(0);
    key(SDLK_END, false);
    shows_step(NCMDS);
    key(SDLK_LEFT, false);
    shows_step(NCMDS - 1);
    key(SDLK_LEFT, true);
    assert_true(R.at < NCMDS - 1 && R.turn_of[R.at] == 3 && R.turn_of[R.at - 1] == 2);
    shows_step(R.at);
    close_replay();

    open_replay(hidden);
    /* F6: the referee sees every unit; NAC sees the hidden ones as
     * counters, and so does the caption */
    key(SDLK_HOME, false);
    key(SDLK_RIGHT, true);
    int esu2 = sl_scenario_find_unit(&P.game.live, "esu-2");
    assert_true(esu2 >= 0);
    assert_string_equal(P.disp.scn.units[esu2].id, "esu-2");
    assert_non_null(strstr(V.lesson_heading, "referee's view"));
    key(SDLK_F6, false);
    assert_int_equal(P.view_side, 0);
    assert_non_null(strstr(V.lesson_heading, "New Anglian Confederation's view"));
    bool counter = false;
    for (int u = 0; u < P.disp.scn.nunits; u++)
        counter |= sl_play_is_counter(&P.disp, u);
    assert_true(counter);
    assert_null(strstr(V.lesson_caption, "esu-"));
    key(SDLK_F6, false);
    assert_int_equal(P.view_side, 1);
    key(SDLK_F6, false);
    assert_int_equal(P.view_side, -1);
    close_replay();
}

/* Leftover of point 4: in NAC's view of the hidden game, the replay's
 * heading and the panel count the same commands, the ones NAC read (the
 * panel said "0 commands" under "command 1 of 8" while ESU set up in
 * secret); a step NAC did not see says so, and the set-up is not "turn 0". */
static void frame_text(const sl_world *w, sl_view *v, int wd, int ht);

static void test_replay_side_counts(void **state)
{
    (void)state;
    open_replay(hidden);
    key(SDLK_F6, false);
    assert_int_equal(P.view_side, 0);
    key(SDLK_END, false);
    int all = sl_game_commands_read(&P.game, 0), hidden_steps = 0;
    assert_true(all > 0 && all < NCMDS);
    for (int k = 0; k <= NCMDS; k++) {
        ui_replay_goto(&R, &V, k);
        frame_text(&P.disp, &V, W, H);
        const char *c = strstr(ui->text.seen, " command");
        while (c && !(c > ui->text.seen && isdigit((unsigned char)c[-1])))
            c = strstr(c + 1, " command");
        assert_non_null(c);
        const char *d = c;
        while (d > ui->text.seen && isdigit((unsigned char)d[-1]))
            d--;
        int panel = atoi(d), read = sl_game_commands_read(&P.game, 0), at = 0, of = 0;
        assert_int_equal(panel, read);
        const char *h = V.lesson_heading;
        if (strstr(h, "turn 0"))
            fail_msg("step %d: the set-up called turn 0: \"%s\"", k, h);
        if (strstr(h, "not seen by New Anglian Confederation")) {
            hidden_steps++;
        } else if (k > 0) {
            if (sscanf(h, "command %d of %d", &at, &of) != 2 || at != panel || of != all)
                fail_msg("step %d: the heading \"%s\" under the panel's %d commands (%d in all)", k, h, panel, all);
        }
    }
    assert_int_equal(hidden_steps, NCMDS - all);
    close_replay();
}

/* Point 3: every step's caption shows whole, at 1280x720 with text asked
 * at 200% (the window takes the largest size at which it fits) and at
 * 1600x1000: its last words are drawn, no ellipsis in their place; it
 * tells what was done and what changed, the dice being the roll boxes'. */
static void test_replay_captions_whole(void **state)
{
    (void)state;
    static const int sizes[2][2] = {{1280, 720}, {1280, 800}};
    open_replay(battle);
    V.user_scale = 2.0f;
    int longest = 0;
    for (int sz = 0; sz < 2; sz++)
        for (int k = 0; k <= NCMDS; k++) {
            ui_replay_goto(&R, &V, k);
            ui->text.record = true;
            ui->text.nseen = 0;
            ui->text.seen[0] = '\0';
            sl_ui_draw(ui, &P.disp, &V, sizes[sz][0], sizes[sz][1]);
            ui->text.record = false;
            const char *cap = V.lesson_caption;
            size_t n = strlen(cap);
            if (n > (size_t)longest)
                longest = (int)n;
            const char *sp = strrchr(cap, ' '); /* its last word, on the last row */
            char end[60];
            snprintf(end, sizeof end, "%.50s\n", sp ? sp + 1 : cap);
            if (!strstr(ui->text.seen, end) || strstr(cap, "\xE2\x80\xA6"))
                fail_msg("step %d at %dx%d: the caption is not shown whole (\"%s\")", k, sizes[sz][0], sizes[sz][1],
                         cap);
            assert_null(strstr(cap, "] D1")); /* no roll's line */
        }
    assert_true(longest > 170); /* the old cut */
    ui_replay_goto(&R, &V, 4); /* ESU 1st Squad's fire: what was done, what changed */
    assert_non_null(strstr(V.lesson_caption, "ESU 1st Squad fires at NAC 1st Squad. "));
    assert_non_null(strstr(V.lesson_caption, "NAC 1st Squad's man 8 (trooper) is killed."));
    assert_non_null(strstr(V.lesson_caption, "7 still standing"));
    assert_null(strstr(V.lesson_caption, "band 5 of 8"));
    close_replay();
}

/* The walk (words11): the replay at 1280x720 with the text at 200% fell
 * back to 100%, the caption's strip under the table (138 px) leaving the
 * table less than the table layout's three fifths of the window. Now the
 * replay keeps the size asked for at 1280x720, begun at 200% or raised to
 * it (F10's layout either way), every step's caption whole. */
static void test_replay_keeps_text_size(void **state)
{
    (void)state;
    /* begun at 200%, raised to it from 100% (Ctrl+=), and in the
     * presentation chosen with F10 */
    for (int how = 0; how < 3; how++) {
        open_replay_at(battle, how == 0 ? 2.0f : 1.0f);
        if (how == 2)
            V.layout = SL_LAYOUT_PRESENTATION;
        V.user_scale = 2.0f;
        V.pixel_ratio = 1.0f;
        for (int k = 0; k <= NCMDS; k++) {
            ui_replay_goto(&R, &V, k);
            frame_text(&P.disp, &V, 1280, 720);
            if (ui_scale(&V) < 2.0f - 1e-3f)
                fail_msg("the replay (%s) at 1280x720, step %d: the text at %.0f%%, 200%% asked (\"%s\")",
                         how == 0 ? "begun at 200%" : how == 1 ? "raised to 200%" : "F10's presentation", k,
                         ui_scale(&V) * 100, V.status);
            const char *cap = V.lesson_caption, *sp = strrchr(cap, ' ');
            char end[60];
            snprintf(end, sizeof end, "%.50s\n", sp ? sp + 1 : cap);
            if (!strstr(ui->text.seen, end) || strstr(cap, "\xE2\x80\xA6") || !strstr(ui->text.seen, "Esc: leave\n"))
                fail_msg("step %d at 1280x720 200%%: the caption or its keys not whole (\"%s\"):\n%s", k, cap,
                         ui->text.seen);
            if (getenv("SL_AROUND_SHOTS") && (k == 0 || k == 4)) {
                char shot[400];
                snprintf(shot, sizeof shot, "%s/replay-720-200-%d-step%d.bmp", getenv("SL_AROUND_SHOTS"), how, k);
                SDL_SaveBMP(surf, shot);
            }
        }
        close_replay();
    }
}

/* Issue 42's point 4, left by words12: a whole solo game's replay at
 * 1280x720 200% fell to 150% (steps of up to 556 characters did not fit
 * the strip's rows), and to 100% with the table layout chosen (F10, its
 * table three fifths of the window's height). Now every step is drawn at
 * 200% in either layout, its caption whole: in pages where one cannot
 * hold it, the first page saying "1/N" and Right turning to the next,
 * the caption's last word on the last page, and nothing cut. In the
 * table layout the last step's turn box says the game's end whole (it
 * was cut to two rows, "New Anglian / Confederation wins:", its points
 * left out). */
static bool solo_save(const char *scenario, int steps, const char *name, char *out, size_t len);

static void test_replay_whole_solo_game_at_200(void **state)
{
    (void)state;
    char save[400];
    assert_true(solo_save("maps/default.json", 2000, "whole.save", save, sizeof save));
    for (int layout = 0; layout < 2; layout++) {
        open_replay_at(save, 2.0f);
        V.layout = layout ? SL_LAYOUT_TABLE : SL_LAYOUT_AUTO;
        V.pixel_ratio = 1.0f;
        int paged = 0;
        for (int k = 0; k <= NCMDS; k++) {
            ui_replay_goto(&R, &V, k);
            ui->text.cuts = 0;
            ui->text.first_cut[0] = '\0';
            frame_text(&P.disp, &V, 1280, 720);
            if (ui_scale(&V) < 2.0f - 1e-3f)
                fail_msg("the replay (%s) at 1280x720, step %d of %d: the text at %.0f%%, 200%% asked (\"%s\")",
                         layout ? "table layout" : "presentation", k, NCMDS, ui_scale(&V) * 100, V.status);
            if (k == NCMDS && layout) { /* the end: its words in the side panel's turn box whole, none cut */
                const sl_outcome *o = &P.game.outcome;
                assert_true(o->over);
                /* (wrapped: the winner's name on a row, "wins:" and the points on the next) */
                char who[SL_NAME_LEN];
                snprintf(who, sizeof who, "%s", o->winner >= 0 ? RW.scn.sides[o->winner].name : "A draw");
                who[strcspn(who, " ")] = '\0';
                if (ui->text.cuts || !strstr(ui->text.seen, "Game over\n") || !strstr(ui->text.seen, who) ||
                    (o->winner >= 0 && !strstr(ui->text.seen, "wins")))
                    fail_msg("the last step (%s) at 1280x720 200%%: the game's end not whole (%d cut: \"%s\"):\n%s",
                             layout ? "table layout" : "presentation", ui->text.cuts, ui->text.first_cut,
                             ui->text.seen);
            }
            int pages = ui->lay.caption_pages > 1 ? ui->lay.caption_pages : 1;
            const char *cap = V.lesson_caption, *sp = strrchr(cap, ' ');
            char end[60], mark[20];
            snprintf(end, sizeof end, "%.50s\n", sp ? sp + 1 : cap);
            snprintf(mark, sizeof mark, "1/%d", pages);
            if (pages > 1 && !strstr(ui->text.seen, mark))
                fail_msg("step %d: a caption of %d pages without \"%s\":\n%s", k, pages, mark, ui->text.seen);
            for (int p = 1; p < pages; p++) {
                V.caption_page = p;
                frame_text(&P.disp, &V, 1280, 720);
            }
            paged += pages > 1;
            /* (the caption's own cut) */
            bool cut = ui->text.cuts && strncmp(ui->text.first_cut, cap, 40) == 0;
            if (!strstr(ui->text.seen, end) || strstr(cap, "\xE2\x80\xA6") || cut)
                fail_msg("step %d (%s) at 1280x720 200%%, page %d of %d: the caption not whole (\"%s\"; cut: \"%s\"):\n%s",
                         k, layout ? "table layout" : "presentation", pages, pages, cap,
                         ui->text.cuts ? ui->text.first_cut : "", ui->text.seen);
            V.caption_page = 0;
        }
        print_message("%s: %d of %d steps' captions in pages\n", layout ? "table layout" : "presentation", paged,
                      NCMDS + 1);
        close_replay();
    }
}

/* The walk (issue 42, 1600x1000 at 100%): the replay's keys line was
 * cut ("Ctrl+P: play on from here   E...", as at 1280x800) and offered "F6: whose view"
 * on a game without hidden units, where F6 then said nothing (its words
 * were written over by the caption's) and the heading still read
 * "referee's view". Now the keys line is whole at every size, offers F6
 * only where there are views to choose, and F6 there says why not. */
static void keys_line_whole(const char *what, bool f6)
{
    static const int sizes[][2] = {{1024, 640}, {1280, 720}, {W, H}}; /* the software window's at most */
    static const float scales[] = {1.0f, 1.5f, 2.0f, 2.5f};
    for (size_t sz = 0; sz < sizeof sizes / sizeof sizes[0]; sz++)
        for (size_t sc = 0; sc < sizeof scales / sizeof scales[0]; sc++) {
            V.user_scale = scales[sc];
            frame_text(&P.disp, &V, sizes[sz][0], sizes[sz][1]);
            const char *seen = ui->text.seen, *end = strstr(seen, "Esc: leave\n");
            if (!end)
                fail_msg("%s at %dx%d %.0f%%: the replay's keys line is not whole:\n%s", what, sizes[sz][0],
                         sizes[sz][1], scales[sc] * 100, seen);
            const char *line = end;
            while (line > seen && line[-1] != '\n')
                line--;
            bool offers = strstr(line, "F6") && strstr(line, "F6") < end;
            if (offers != f6 && !(f6 && !offers && end - line < 40)) /* the shortest line names no F6 */
                fail_msg("%s at %dx%d %.0f%%: the keys line \"%.*s\" %s F6", what, sizes[sz][0], sizes[sz][1],
                         scales[sc] * 100, (int)(end - line) + 10, line, offers ? "offers" : "does not offer");
        }
    V.user_scale = 1.0f;
}

static void test_replay_keys_line(void **state)
{
    (void)state;
    open_replay(battle);
    assert_false(sl_game_fog(&P.game));
    key(SDLK_RIGHT, false);
    keys_line_whole("the battle", false);
    assert_null(strstr(V.lesson_heading, "view"));
    key(SDLK_F6, false);
    assert_int_equal(P.view_side, -1);
    assert_non_null(strstr(V.status, "No hidden units"));
    close_replay();
    open_replay(hidden);
    key(SDLK_RIGHT, false);
    keys_line_whole("the hidden game", true);
    assert_non_null(strstr(V.lesson_heading, "referee's view"));
    close_replay();
}

/* A new game of a shipped scenario (its path under the source tree),
 * seed 7, begun: w and p are the caller's to free. */
static void new_game(const char *scenario, sl_world *w, sl_play *p)
{
    char scn[600], err[600];
    snprintf(scn, sizeof scn, "%s/%s", SL_SOURCE_DIR, scenario);
    sl_load_opts lo = {false};
    assert_true(sl_world_load(scn, &lo, w, NULL));
    sl_play_init(p);
    assert_true(sl_play_start(p, w, scn, 7, err, sizeof err));
    sl_game_begin(&p->game);
}

/* The program's game of both sides, up to `steps` commands or its end,
 * saved as dir/name (its path in `out`); gives whether it ended. */
static bool solo_save(const char *scenario, int steps, const char *name, char *out, size_t len)
{
    sl_world w;
    sl_play p;
    char err[600];
    new_game(scenario, &w, &p);
    p.solo_side = SL_SOLO_BOTH;
    for (int i = 0; i < steps && !p.game.outcome.over; i++) {
        sl_play_auto(&p, err, sizeof err);
        if (!sl_play_solo_step(&p, err, sizeof err))
            break;
    }
    bool over = p.game.outcome.over;
    snprintf(out, len, "%s/%s", dir, name);
    assert_true(sl_save_write(out, &p.origin, &p.game, err, sizeof err));
    sl_play_free(&p);
    sl_world_free(&w);
    return over;
}

/* The walk (a solo game of Hidden Positions replayed at 1600x1000): a
 * step of the program's read "Solo play. ESU Platoon HQ moves 5.7\" ...",
 * its reason cut at its first colon, and the status bar repeated the
 * whole caption, standing a box over the keys line and the timeline.
 * Now the program's step says what it did once, after "Solo play: ",
 * and the bar says where the replay is, in the bar. */
static void test_replay_solo_steps(void **state)
{
    (void)state;
    char save[400];
    solo_save("maps/hidden.json", 40, "solo.save", save, sizeof save);

    open_replay(save);
    int reasons = 0, plans = 0;
    for (int view = 0; view < 3; view++) {
        key(SDLK_F6, false);
        for (int k = 1; k <= NCMDS; k++) {
            ui_replay_goto(&R, &V, k);
            const char *cap = V.lesson_caption, *said = strstr(cap, "Solo play: ");
            if (strstr(cap, "Solo play."))
                fail_msg("step %d: the program's reason cut to \"Solo play.\": \"%s\"", k, cap);
            /* the walk (words10): "Solo plan." alone, the plan cut off */
            if (strstr(cap, "Solo plan."))
                fail_msg("step %d: the program's plan cut to \"Solo plan.\": \"%s\"", k, cap);
            plans += strstr(cap, "Solo plan: ") != NULL;
            if (said) {
                reasons++;
                char what[300];
                sl_utf8_copy(what, sizeof what, said + 11);
                char *stop = strstr(what, ". ");
                if (stop)
                    *stop = '\0';
                if (stop && strlen(what) > 10 && strstr(said + 11 + strlen(what), what))
                    fail_msg("step %d: the caption says it twice: \"%s\"", k, cap);
            }
            if (strstr(V.status, "Solo play") || strlen(V.status) > 160)
                fail_msg("step %d: the status bar repeats the caption: \"%s\"", k, V.status);
            if (k % 7 != 0)
                continue;
            for (float sc = 1.0f; sc <= 2.0f; sc += 1.0f) {
                V.user_scale = sc;
                frame_text(&P.disp, &V, W, H);
                const char *line = ui->text.seen;
                for (int i = 0; i < ui->text.nseen_at && *line; i++) {
                    if (strncmp(line, "Replay of", 9) == 0 && ui->text.seen_at[i].y < ui->lay.status.y - 1)
                        fail_msg("step %d at %.0f%%: the status \"%s\" stands over the strip", k, sc * 100, V.status);
                    line = strchr(line, '\n');
                    line = line ? line + 1 : "";
                }
            }
            V.user_scale = 1.0f;
        }
    }
    assert_true(reasons > 10);
    assert_true(plans > 0); /* the plans are told, in words */
    close_replay();
}

/* The walk (SkirmishCorps example table, F5 three times): the window
 * said "Solo off: it cannot play both sides here: SkirmishCorps with
 * the rule option sc_attacks at players: ... set sc_attacks to rolled
 * (the scenario's "rules", or --rule sc_attacks=rolled)", an option
 * the window does not take. Now it says why in players' words and what
 * F5 does there; the option stays for `sightline run`'s message. */
static void test_solo_both_refused_in_words(void **state)
{
    (void)state;
    sl_world w;
    sl_play p;
    char err[600];
    new_game("maps/lessons/tables/skirmish-example.json", &w, &p);
    sl_view v;
    sl_view_init(&v, &p.disp);
    v.play = &p;
    sl_ui_set_world(ui, &p.disp);
    for (int i = 0; i < 3; i++) {
        SDL_Event e = {0};
        e.type = SDL_KEYDOWN;
        e.key.keysym.sym = SDLK_F5;
        sl_input_event(ui, &p.disp, &v, &e);
    }
    assert_int_equal(p.solo_side, -1);
    if (!strstr(v.status, "cannot play both sides") || !strstr(v.status, "the players roll every attack") ||
        strstr(v.status, "--") || strstr(v.status, "sc_attacks") || strstr(v.status, "rule option"))
        fail_msg("F5 to both sides says \"%s\"", v.status);
    assert_true(sl_game_solo_plays_all(&p.game, err, sizeof err) == false && strstr(err, "--rule sc_attacks=rolled"));
    sl_view_free(&v);
    sl_play_free(&p);
    sl_world_free(&w);
}

/* The end card as the walk found it: on the SkirmishCorps table "Unit A:
 * all 1 killed", "Trooper: no losses (1 men)"; on Hollow Brook a place's
 * line began "the stone barn (1 point)"; J said "sightline replay FILE
 * steps through it", which only checks a save. Now a unit of one is
 * "killed" or "no losses", each place's line begins with a capital, and
 * J says where the window replays the save. The turn box said "Active:
 * Trooper, 1 action left" and "Still to activate: Blue 0 units, Red 1
 * unit" under "Game over"; now only the end. */
/* A game played to its end: side_lost all killed, winner the winner. */
static void end_game(const char *scenario, int winner, int side_lost, sl_world *w, sl_play *p)
{
    /* the game ends with a unit acting (the program's first) */
    char err[600];
    new_game(scenario, w, p);
    snprintf(p->autosave, sizeof p->autosave, "%s/autosave-end.save", dir);
    p->solo_side = SL_SOLO_BOTH;
    for (int i = 0; i < 6 && sl_game_active_unit(&p->game) < 0; i++) {
        sl_play_auto(p, err, sizeof err);
        sl_play_solo_step(p, err, sizeof err);
    }
    assert_true(sl_game_active_unit(&p->game) >= 0);
    p->solo_side = -1;
    for (int f = 0; f < p->game.live.nfigures; f++)
        if (p->game.live.units[p->game.live.figures[f].unit].side == side_lost)
            p->game.live.figures[f].status = SL_FIG_DEAD;
    /* the core ends it, with its own reason, after the next command */
    if (!sl_game_apply_line(&p->game, "end", err, sizeof err))
        fail_msg("end: %s", err);
    assert_true(p->game.outcome.over);
    assert_int_equal(p->game.outcome.winner, winner);
}

static void end_card_text(const char *scenario, int winner, int side_lost, int wd, int ht, float scale, char *seen,
                          size_t len)
{
    sl_world w;
    sl_play p;
    end_game(scenario, winner, side_lost, &w, &p);
    sl_view v;
    sl_view_init(&v, &p.disp);
    v.play = &p;
    v.user_scale = scale;
    sl_ui_set_world(ui, &p.disp);
    frame_text(&p.disp, &v, wd, ht);
    snprintf(seen, len, "%s", ui->text.seen);
    assert_true(ui_end_key(&v, SDLK_j));
    size_t at = strlen(seen);
    snprintf(seen + at, len - at, "J: %s\n", v.status);
    sl_view_free(&v);
    sl_play_free(&p);
    sl_world_free(&w);
}

static void test_end_card_words(void **state)
{
    (void)state;
    static char seen[20000];
    end_card_text("maps/lessons/tables/skirmish-example.json", 1, 0, W, H, 1.0f, seen, sizeof seen);
    if (!strstr(seen, "Red wins") || !strstr(seen, "Unit A: killed\n") || !strstr(seen, "Trooper: no losses\n") ||
        strstr(seen, "1 men") || strstr(seen, "all 1 killed"))
        fail_msg("the SkirmishCorps end card reads:\n%s", seen);
    if (strstr(seen, "sightline replay") || !strstr(seen, "Ctrl+R replays it"))
        fail_msg("J says: %s", strstr(seen, "J: "));
    /* the turn box: the end, not the unit it ended on nor who was still to activate */
    if (strstr(seen, "Active:") || strstr(seen, "Still to activate") || !strstr(seen, "Red wins: "))
        fail_msg("the turn box after the end reads:\n%s", seen);
    /* why, in SkirmishCorps' words, not points nobody scored (the walk read
     * "Red wins: Blue 0, Red 0"); and no unit is still called active (the
     * line above the action bar read "Trooper \xE2\x80\x94 active") */
    if (!strstr(seen, "Blue's units are all out of the fight") || strstr(seen, "destroyed or routed") ||
        strstr(seen, "Blue 0, Red 0") || strstr(seen, "\xE2\x80\x94 active"))
        fail_msg("the SkirmishCorps ending reads:\n%s", seen);
    end_card_text("maps/default.json", 0, 1, W, H, 1.0f, seen, sizeof seen);
    if (!strstr(seen, "The stone barn (1 point)") || strstr(seen, "\nthe stone barn (1 point)") ||
        !strstr(seen, "ESU 1st Squad: all 8 killed") || !strstr(seen, "NAC 1st Squad: no losses (8 men)") ||
        !strstr(seen, "Eurasian Solar Union is destroyed or routed") || strstr(seen, "\xE2\x80\x94 active"))
        fail_msg("the Hollow Brook end card reads:\n%s", seen);
    /* the walk at 1280x720 200%: the card, beside the side panel, cut each
     * line at two rows: the why lost its end, the keys stopped at "Esc:",
     * and the losses were left off without a word. Now it takes the
     * window's width when the table's is too narrow, every line it shows
     * is whole, and what it leaves off is said */
    end_card_text("maps/default.json", 0, 1, 1280, 720, 2.0f, seen, sizeof seen);
    if (!strstr(seen, "New game [N]") || !strstr(seen, "Quit [Ctrl+Q]") ||
        !strstr(seen, "Eurasian Solar Union is destroyed or routed in turn 1\n") || !strstr(seen, "The places\n"))
        fail_msg("the end card at 1280x720 200%% is cut:\n%s", seen);
    if (!strstr(seen, "ESU 1st Squad: all 8 killed") && !strstr(seen, "more lines: F2 makes the text smaller"))
        fail_msg("the end card at 1280x720 200%% leaves lines off without a word:\n%s", seen);
}

/* The walk (words10): the end card's New game, Replay, Save the journal
 * and Quit were a line of keys, nothing to click. Now each is a button
 * drawn with its key, and a click on it does what its key does, at
 * 1600x1000 and at 1280x720 with the text at 200%. */
static bool end_button_click(const char *label, int wd, int ht, float scale, sl_view *v, sl_play *p)
{
    sl_view_init(v, &p->disp);
    v->play = p;
    v->user_scale = scale;
    v->pixel_ratio = 1.0f;
    frame_text(&p->disp, v, wd, ht);
    const char *line = ui->text.seen;
    for (int i = 0; i < ui->text.nseen_at && *line; i++) {
        size_t n = strcspn(line, "\n");
        if (n == strlen(label) && strncmp(line, label, n) == 0) {
            const SDL_Rect *at = &ui->text.seen_at[i];
            /* the walk at 1280x720 200%: the card's last row of buttons
             * stood under the status bar */
            if ((float)(at->y + at->h) > ui->lay.status.y)
                fail_msg("\"%s\" at %dx%d %.0f%% is under the status bar (%d+%d > %.0f)", label, wd, ht, scale * 100,
                         at->y, at->h, ui->lay.status.y);
            SDL_Event e = mouse_ev(SDL_MOUSEBUTTONDOWN, (float)at->x + (float)at->w / 2, (float)at->y + (float)at->h / 2);
            sl_input_event(ui, &p->disp, v, &e);
            e = mouse_ev(SDL_MOUSEBUTTONUP, e.button.x, e.button.y);
            sl_input_event(ui, &p->disp, v, &e);
            return true;
        }
        line += n + (line[n] == '\n');
    }
    fail_msg("no \"%s\" on the end card at %dx%d %.0f%%:\n%s", label, wd, ht, scale * 100, ui->text.seen);
    return false;
}

static void test_end_card_buttons(void **state)
{
    (void)state;
    static const struct {
        int wd, ht;
        float scale;
    } sizes[] = {{1600, 1000, 1.0f}, {1280, 720, 2.0f}};
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        int wd = sizes[z].wd, ht = sizes[z].ht;
        float sc = sizes[z].scale;
        sl_world w;
        sl_play p;
        end_game("maps/default.json", 0, 1, &w, &p);
        sl_ui_set_world(ui, &p.disp);
        sl_view v;
        end_button_click("New game [N]", wd, ht, sc, &v, &p);
        assert_true(v.want_new_game);
        assert_false(v.want_replay || v.quit);
        sl_view_free(&v);
        end_button_click("Replay [R]", wd, ht, sc, &v, &p);
        assert_true(v.want_replay);
        assert_false(v.want_new_game || v.quit);
        sl_view_free(&v);
        end_button_click("Save the journal [J]", wd, ht, sc, &v, &p);
        if (strncmp(v.status, "Saved the game as ", 18) != 0)
            fail_msg("Save the journal clicked: \"%s\"", v.status);
        char *saved = v.status + 18, *colon = strstr(saved, ": Ctrl+O");
        assert_non_null(colon);
        *colon = '\0';
        assert_int_equal(access(saved, R_OK), 0);
        unlink(saved);
        assert_false(v.want_new_game || v.want_replay || v.quit);
        sl_view_free(&v);
        end_button_click("Quit [Ctrl+Q]", wd, ht, sc, &v, &p);
        assert_true(v.quit);
        assert_false(v.want_new_game || v.want_replay);
        sl_view_free(&v);
        sl_play_free(&p);
        sl_world_free(&w);
    }
}

/* The walk (words11) at 1280x720 200%: after J the status sentence's box
 * stood over most of the end card's Replay button (the click still got
 * there). Now every button's words are clear of the status box and of
 * anything drawn after them. */
static void test_end_card_buttons_clear(void **state)
{
    (void)state;
    static const char *const labels[] = {"New game [N]", "Replay [R]", "Save the journal [J]", "Quit [Ctrl+Q]"};
    static const struct {
        int wd, ht;
        float scale;
    } sizes[] = {{1280, 720, 2.0f}, {1280, 720, 1.5f}, {1280, 800, 2.0f}, {1280, 800, 1.0f}};
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        sl_world w;
        sl_play p;
        end_game("maps/default.json", 0, 1, &w, &p);
        /* a why of two rows, as a game played to its last turn has (the
         * walk saw its first row alone, the rest left off) */
        snprintf(p.game.outcome.why, sizeof p.game.outcome.why, "objectives held at the end of turn 6, the last: "
                 "New Anglian Confederation 3, Eurasian Solar Union 1");
        sl_ui_set_world(ui, &p.disp);
        sl_view v;
        sl_view_init(&v, &p.disp);
        v.play = &p;
        v.user_scale = sizes[z].scale;
        v.pixel_ratio = 1.0f;
        frame_text(&p.disp, &v, sizes[z].wd, sizes[z].ht);
        assert_true(ui_end_key(&v, SDLK_j)); /* the long sentence: where the game was saved */
        char saved[600];
        sl_utf8_copy(saved, sizeof saved, v.status + 18);
        saved[strcspn(saved, ":")] = '\0';
        frame_text(&p.disp, &v, sizes[z].wd, sizes[z].ht);
        if (!strstr(ui->text.seen, "Saved the game as") || !strstr(ui->text.seen, "replays it\n") ||
            !strstr(ui->text.seen, "Solar Union 1\n"))
            fail_msg("at %dx%d %.0f%% why the game ended or where it was saved is not said whole:\n%s", sizes[z].wd, sizes[z].ht,
                     sizes[z].scale * 100, ui->text.seen);
        for (size_t b = 0; b < sizeof labels / sizeof labels[0]; b++) {
            const char *line = ui->text.seen;
            int at = -1;
            for (int i = 0; i < ui->text.nseen_at && *line; i++) {
                size_t n = strcspn(line, "\n");
                if (n == strlen(labels[b]) && strncmp(line, labels[b], n) == 0)
                    at = i;
                line += n + (line[n] == '\n');
            }
            if (at < 0)
                fail_msg("no \"%s\" at %dx%d %.0f%%:\n%s", labels[b], sizes[z].wd, sizes[z].ht, sizes[z].scale * 100,
                         ui->text.seen);
            const SDL_Rect *r = &ui->text.seen_at[at];
            SDL_FRect br = {(float)r->x, (float)r->y, (float)r->w, (float)r->h};
            if (scene_rects_overlap(&br, &ui->status_box))
                fail_msg("at %dx%d %.0f%% the status box (%.0f,%.0f %.0fx%.0f) covers \"%s\" (%d,%d %dx%d)",
                         sizes[z].wd, sizes[z].ht, sizes[z].scale * 100, ui->status_box.x, ui->status_box.y,
                         ui->status_box.w, ui->status_box.h, labels[b], r->x, r->y, r->w, r->h);
            line = ui->text.seen;
            for (int i = 0; i < ui->text.nseen_at && *line; i++) {
                size_t n = strcspn(line, "\n");
                SDL_FRect o = {(float)ui->text.seen_at[i].x, (float)ui->text.seen_at[i].y,
                               (float)ui->text.seen_at[i].w, (float)ui->text.seen_at[i].h};
                if (i > at && scene_rects_overlap(&br, &o))
                    fail_msg("at %dx%d %.0f%% \"%.*s\" is drawn over \"%s\"", sizes[z].wd, sizes[z].ht,
                             sizes[z].scale * 100, (int)n, line, labels[b]);
                line += n + (line[n] == '\n');
            }
        }
        unlink(saved);
        /* the program's last command in a solo game says the result: the
         * card gives it once, not again over its buttons */
        snprintf(v.status, sizeof v.status, "The game is over: New Anglian Confederation wins (%s)",
                 p.game.outcome.why);
        frame_text(&p.disp, &v, sizes[z].wd, sizes[z].ht);
        int times = 0; /* on the card: above the status bar */
        const char *row = ui->text.seen;
        for (int i = 0; i < ui->text.nseen_at && *row; i++) {
            size_t n = strcspn(row, "\n");
            char one[UI_LINE];
            snprintf(one, sizeof one, "%.*s", (int)n, row);
            times += strstr(one, "Solar Union 1") && (float)ui->text.seen_at[i].y < ui->lay.status.y;
            row += n + (row[n] == '\n');
        }
        if (times != 1)
            fail_msg("at %dx%d %.0f%% the result is said %d times:\n%s", sizes[z].wd, sizes[z].ht,
                     sizes[z].scale * 100, times, ui->text.seen);
        sl_view_free(&v);
        sl_play_free(&p);
        sl_world_free(&w);
    }
}

/* The walk's start screen listed the games played to their end as
 * "autosaved, turn 3, 34 commands, ..." beside "Enter: open (a recent
 * game goes on)": nothing said they were over. Now a finished game's
 * line says so and who won. */
static void test_recent_game_over(void **state)
{
    (void)state;
    char over[400], line[4096];
    snprintf(over, sizeof over, "%s/default-over.save", dir);
    FILE *in = fopen(battle, "r"), *out = fopen(over, "w");
    assert_non_null(in);
    assert_non_null(out);
    while (fgets(line, sizeof line, in))
        fputs(line, out);
    fputs("{\"seq\":9999,\"event\":\"state\",\"what\":\"win\",\"text\":\"The game is over: New Anglian "
          "Confederation wins (objectives held at the end of turn 3, the last: New Anglian Confederation 2, Eurasian "
          "Solar Union 1)\"}\n",
          out);
    fclose(in);
    fclose(out);
    sl_shelf sh;
    sl_shelf_read(&sh, SL_SOURCE_DIR, dir, 20);
    int seen = 0;
    for (int i = 0; i < sh.n; i++) {
        const sl_shelf_entry *e = &sh.e[i];
        if (strcmp(e->path, over) == 0) {
            seen++;
            if (!strstr(e->about, "saved, over (New Anglian Confederation wins), turn 4, 73 commands"))
                fail_msg("a finished game's line: \"%s\"", e->about);
        } else if (strcmp(e->path, battle) == 0) {
            seen++;
            assert_null(strstr(e->about, "over"));
        }
    }
    assert_int_equal(seen, 2);
    sl_shelf_free(&sh);
    unlink(over);
}

/* The walk: a scenario chosen on the start screen offered "Resume the
 * last game? Hidden Positions at Hollow Brook: turn 6, 156 commands
 * played", a game played to its end, and Enter went back to its end
 * card. A finished game is not offered (the start screen lists it to
 * replay); one going on is. */
static void test_finished_game_not_resumed(void **state)
{
    (void)state;
    char save[400];
    assert_true(solo_save("maps/default.json", 2000, "ended.save", save, sizeof save));
    const char *saves[2] = {save, battle};
    for (int k = 0; k < 2; k++) {
        sl_world rw;
        sl_game g;
        sl_origin o;
        sl_diag d;
        sl_diag_init(&d);
        assert_true(sl_save_load(saves[k], -1, &rw, &g, &o, &d));
        sl_diag_free(&d);
        assert_true(g.ncommands > 0);
        if (sl_play_resumable(&g) != (k == 1))
            fail_msg("%s (%s) %s offered to go on with", saves[k], g.outcome.over ? "over" : "going on",
                     k == 1 ? "is not" : "is");
        sl_game_free(&g);
        sl_origin_free(&o);
        sl_world_free(&rw);
    }
}

static void copy_file(const char *from, const char *to)
{
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    assert_non_null(in);
    assert_non_null(out);
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        assert_int_equal(fwrite(buf, 1, n, out), n);
    fclose(in);
    fclose(out);
}

/* The walk: the start screen says "A scenario starts a new game at
 * once", yet the default scenario chosen there offered "Resume the last
 * game?" of its unfinished autosave. Now a scenario chosen starts a new
 * game: the earlier one is kept under Recent games (where going on with
 * it is offered), listed with its turn, and the player is told so. */
static void test_scenario_starts_new_game(void **state)
{
    (void)state;
    setenv("SIGHTLINE_STATE_DIR", dir, 1);
    char scn[600], slot[SL_PATH_MAX], said[600];
    snprintf(scn, sizeof scn, "%s/maps/default.json", SL_SOURCE_DIR);
    assert_true(sl_play_autosave_path(scn, slot, sizeof slot));
    copy_file(battle, slot); /* the default scenario's game, turn 4, not over */
    ui_start_open(&st, SL_SOURCE_DIR, dir, NULL);
    ui_start_draw(ui, &st, W, H);
    while (ui_start_chosen(&st) && ui_start_chosen(&st)->kind != SL_SHELF_SCENARIO)
        press(SDLK_DOWN, KMOD_NONE);
    assert_string_equal(chosen_title(), "Meeting at Hollow Brook");
    assert_int_equal(press(SDLK_RETURN, KMOD_NONE), UI_START_OPEN);
    assert_int_equal(kind, SL_SHELF_SCENARIO);
    ui_start_close(&st);
    /* what the window does with the scenario's autosave as it opens it */
    char opened[SL_PATH_MAX];
    assert_true(sl_play_autosave_path(chosen, opened, sizeof opened));
    assert_string_equal(opened, slot);
    assert_true(ui_keep_last_game(opened, NULL, said, sizeof said));
    /* nothing left where the offer to resume looks, nothing written over */
    if (access(slot, F_OK) == 0)
        fail_msg("the scenario's autosave is still there to be offered (or overwritten): said \"%s\"", said);
    if (!strstr(said, "unfinished game of Meeting at Hollow Brook (turn 4) is kept under Recent games"))
        fail_msg("the player is told: \"%s\"", said);
    /* the earlier game is a recent game, with its turn, and goes on */
    sl_shelf sh;
    sl_shelf_read(&sh, SL_SOURCE_DIR, dir, 20);
    char kept[SL_PATH_MAX] = "";
    for (int i = 0; i < sh.n; i++)
        if (sh.e[i].kind == SL_SHELF_SAVE && strstr(sh.e[i].path, ".kept")) {
            sl_utf8_copy(kept, sizeof kept, sh.e[i].path);
            assert_string_equal(sh.e[i].title, "Meeting at Hollow Brook");
            if (!strstr(sh.e[i].about, "kept when a new game began, turn 4, 73 commands"))
                fail_msg("the kept game's line: \"%s\"", sh.e[i].about);
        }
    sl_shelf_free(&sh);
    assert_true(kept[0]);
    sl_world rw;
    sl_game g;
    sl_origin o;
    sl_diag d;
    sl_diag_init(&d);
    assert_true(sl_save_load(kept, -1, &rw, &g, &o, &d));
    assert_true(sl_play_resumable(&g));
    sl_diag_free(&d);
    sl_game_free(&g);
    sl_origin_free(&o);
    sl_world_free(&rw);
    /* the autosave played on from itself stays where it is */
    copy_file(battle, slot);
    assert_true(ui_keep_last_game(slot, slot, said, sizeof said));
    assert_string_equal(said, "");
    assert_int_equal(access(slot, F_OK), 0);
    /* another save played on (the walk: the end card's save of a game,
     * opened from Recent games): the game on the table is that save's,
     * not "a new one" as the status bar said */
    char other[SL_PATH_MAX + 16];
    snprintf(other, sizeof other, "%s/other.save", dir);
    copy_file(battle, other);
    unlink(kept);
    assert_true(ui_keep_last_game(slot, other, said, sizeof said));
    if (strstr(said, "new one") || !strstr(said, "kept under Recent games") || !strstr(said, "this saved game"))
        fail_msg("a save played on is told: \"%s\"", said);
    unlink(other);
    unlink(kept); /* the same name: the slot's game kept again */
    unsetenv("SIGHTLINE_STATE_DIR");
}

/* Press Down on the rule options page until option `name` is chosen. */
static void rule_chosen(const char *name)
{
    for (int i = 0; i < st.rules.n && strcmp(st.rules.d[st.rules.sel]->name, name) != 0; i++)
        press(SDLK_DOWN, KMOD_NONE);
    if (strcmp(st.rules.d[st.rules.sel]->name, name) != 0)
        fail_msg("the rule options page does not list %s", name);
}

/* The walk: the rule options page shows each option's meaning to the
 * players, and four read as a script writes them ("decide hit
 * none|stunned|ko|out", "`last-stand UNIT`", "`route X,Y X,Y ...`",
 * "(`seal`, `open`)") or named "the digest". Every option listed on the
 * page open now: its meaning in players' words, no command's usage. */
static void rule_docs_plain(const ui_rules_page *p)
{
    static const char *const holders[] = {"UNIT", "SIDE", "X,Y", "`", "digest"};
    for (int i = 0; i < p->n; i++) {
        const char *doc = p->d[i]->doc;
        for (const char *c = strchr(doc, '|'); c; c = strchr(c + 1, '|'))
            if (c > doc && isalnum((unsigned char)c[-1]) && isalnum((unsigned char)c[1]))
                fail_msg("%s's meaning reads as a usage line: %s", p->d[i]->name, doc);
        for (size_t k = 0; k < sizeof holders / sizeof holders[0]; k++)
            if (strstr(doc, holders[k]))
                fail_msg("%s's meaning holds \"%s\": %s", p->d[i]->name, holders[k], doc);
    }
}

/* The walk: the window could not play a SkirmishCorps table with its
 * attacks rolled (issue 38's sc_attacks=rolled), which only `--rule` or
 * an edited scenario set. Now Tab on the start screen shows the chosen
 * scenario's rule options, its ruleset's only, each with its documented
 * default; Right changes one, Enter starts the game with it, the program
 * may then play both sides, and the game's save keeps the option, so it
 * loads and replays by the same rules. */
static void test_rule_options_page(void **state)
{
    (void)state;
    sl_view v;
    sl_world tw;
    table_under(&v, &tw);
    char scn[600];
    snprintf(scn, sizeof scn, "%s/maps/lessons/tables/skirmish-example.json", SL_SOURCE_DIR);
    ui_start_open(&st, SL_SOURCE_DIR, dir, NULL);
    type(scn);
    assert_int_equal(press(SDLK_TAB, KMOD_NONE), UI_START_TOOK);
    assert_true(st.rules.open);
    const char *seen = start_seen(ui, &st, W, H);
    if (!strstr(seen, "Rule options: "))
        fail_msg("the page reads:\n%s", seen);
    assert_non_null(strstr(seen, "Played by SkirmishCorps"));
    /* only the options SkirmishCorps plays by: not Stargrunt II's fire,
     * morale or squads (the walk's page listed potential_hits here), nor
     * the house rules of Stargrunt squads, which change nothing on its
     * one-figure units (issue 42's walk: opportunity fire, fireteams and
     * cross training were listed, and a game with them set played the
     * same, die for die); but sight on the table and its own */
    static const char *const sg2_only[] = {"potential_hits",      "reaction_fire",     "confidence_half",
                                           "integrity_circle",    "missile_guidance",  "last_stand",
                                           "opportunity_fire",    "cross_training",    "recover_enemy_kit",
                                           "untrained_fireteams", "fireteam_reaction"};
    bool sight = false;
    for (int i = 0; i < st.rules.n; i++) {
        sight |= strcmp(st.rules.d[i]->name, "figure_height") == 0;
        for (size_t k = 0; k < sizeof sg2_only / sizeof sg2_only[0]; k++)
            if (strcmp(st.rules.d[i]->name, sg2_only[k]) == 0)
                fail_msg("a SkirmishCorps table lists %s", sg2_only[k]);
    }
    assert_true(sight);
    rule_docs_plain(&st.rules);
    rule_chosen("sc_attacks");
    seen = start_seen(ui, &st, W, H);
    assert_non_null(strstr(seen, "players   (default players)"));
    press(SDLK_RIGHT, KMOD_NONE);
    seen = start_seen(ui, &st, W, H);
    if (!strstr(seen, "rolled   (default players)"))
        fail_msg("sc_attacks after Right:\n%s", seen);
    assert_non_null(strstr(seen, "changed for this game"));
    /* Backspace: the scenario's own again; Space: rolled again */
    press(SDLK_BACKSPACE, KMOD_NONE);
    assert_non_null(strstr(start_seen(ui, &st, W, H), "players   (default players)"));
    press(SDLK_SPACE, KMOD_NONE);
    assert_int_equal(press(SDLK_RETURN, KMOD_NONE), UI_START_OPEN);
    assert_string_equal(chosen, scn);
    sl_origin rules;
    memset(&rules, 0, sizeof rules);
    assert_int_equal(ui_rules_chosen(&st.rules, &rules), 1);
    assert_string_equal(rules.rules[0].name, "sc_attacks");
    assert_string_equal(rules.rules[0].value, "rolled");
    ui_start_close(&st);
    /* the game as the window starts it: the program may play both sides */
    sl_world w;
    sl_load_opts opts = {false};
    assert_true(sl_world_load(chosen, &opts, &w, NULL));
    char err[300];
    assert_true(sl_origin_rules_apply(&rules, &w.scn.options, err, sizeof err));
    sl_play p;
    sl_play_init(&p);
    assert_true(sl_play_start(&p, &w, chosen, 7, err, sizeof err));
    p.origin.rules[0] = rules.rules[0];
    p.origin.nrules = 1;
    sl_game_begin(&p.game);
    char why[300];
    if (!sl_game_solo_plays_all(&p.game, why, sizeof why))
        fail_msg("the program may not play both sides: %s", why);
    p.solo_side = SL_SOLO_BOTH;
    for (int i = 0; i < 60 && !p.game.outcome.over; i++) {
        sl_play_auto(&p, err, sizeof err);
        if (!sl_play_solo_step(&p, err, sizeof err))
            fail_msg("the program's step %d: %s", i, err);
    }
    assert_true(p.game.ncommands > 0);
    /* its save names the option and replays by it */
    char save[400];
    snprintf(save, sizeof save, "%s/rolled.save", dir);
    assert_true(sl_save_write(save, &p.origin, &p.game, err, sizeof err));
    sl_world rw;
    sl_game g;
    sl_origin o;
    sl_diag d;
    sl_diag_init(&d);
    if (!sl_save_load(save, -1, &rw, &g, &o, &d))
        fail_msg("the save of a game with sc_attacks rolled does not load (%d diagnostics)", d.n);
    assert_int_equal(o.nrules, 1);
    assert_int_equal(g.ncommands, p.game.ncommands);
    assert_int_equal(sl_option_value(&g.live.options, sl_option_find("sc_attacks")), 1);
    sl_diag_free(&d);
    sl_game_free(&g);
    sl_origin_free(&o);
    sl_world_free(&rw);
    unlink(save);
    sl_play_free(&p);
    sl_world_free(&w);
    /* a Stargrunt II table: its own options, SkirmishCorps' not among them */
    snprintf(scn, sizeof scn, "%s/maps/default.json", SL_SOURCE_DIR);
    ui_start_open(&st, SL_SOURCE_DIR, dir, NULL);
    while (ui_start_chosen(&st) && ui_start_chosen(&st)->kind != SL_SHELF_SCENARIO)
        press(SDLK_DOWN, KMOD_NONE);
    press(SDLK_TAB, KMOD_NONE);
    assert_true(st.rules.open);
    for (int i = 0; i < st.rules.n; i++)
        if (strcmp(st.rules.d[i]->name, "sc_attacks") == 0 || strcmp(st.rules.d[i]->name, "ruleset") == 0)
            fail_msg("a Stargrunt II table lists %s", st.rules.d[i]->name);
    bool hits = false;
    for (int i = 0; i < st.rules.n; i++)
        hits |= strcmp(st.rules.d[i]->name, "potential_hits") == 0;
    assert_true(hits);
    rule_docs_plain(&st.rules);
    rule_chosen("reaction_fire");
    assert_non_null(strstr(start_seen(ui, &st, W, H), "true   (default true)"));
    /* Esc: back to the list, the options dropped */
    press(SDLK_ESCAPE, KMOD_NONE);
    assert_false(st.rules.open);
    assert_int_equal(ui_rules_chosen(&st.rules, &rules), 0);
    ui_start_close(&st);
    sl_view_free(&v);
    sl_world_free(&tw);
}

/* The walk (issue 42 point 6, seen again on the SkirmishCorps example
 * table): the sight card from Unit A to Runner read "20.9\" \xC2\xB7 band 3 of
 * 8\" (D8) \xC2\xB7 no cover \xE2\x86\x92 range die D8", Stargrunt's range bands on a
 * table whose weapons have brackets. Now it gives the firer's bracket at
 * that distance, as V draws it. */
static void test_sight_card_brackets(void **state)
{
    (void)state;
    sl_world w;
    sl_load_opts opts = {false};
    assert_true(sl_world_load("maps/lessons/tables/skirmish-example.json", &opts, &w, NULL));
    sl_view v;
    sl_view_init(&v, &w);
    sl_ui_set_world(ui, &w);
    int a = sl_scenario_find_unit(&w.scn, "unit-a"), r = sl_scenario_find_unit(&w.scn, "runner");
    if (a < 0 || r < 0)
        fail_msg("the table's units are not unit-a and runner");
    sl_view_select_unit(&v, a, false);
    v.target_unit = r;
    frame_text(&w, &v, W, H);
    const char *seen = ui->text.seen;
    const char *card = strstr(seen, "IN SIGHT: Runner");
    if (!card)
        fail_msg("no sight card:\n%s", seen);
    if (strstr(card, "band ") || strstr(card, "range die"))
        fail_msg("the sight card speaks of range bands on a SkirmishCorps table:\n%.300s", card);
    if (!strstr(card, "to 24\": -1 to hit"))
        fail_msg("the sight card does not give the firer's bracket:\n%.300s", card);
    sl_view_free(&v);
    sl_world_free(&w);
}

/* The forces list's row of a unit (issue 42 point 6, left by words11): on
 * the SkirmishCorps example table it read "Unit A  \xC2\xB7 D8/2 \xC2\xB7 1 strong",
 * Stargrunt's quality die and leadership for a foot-unit of one. Now it
 * gives the unit in SkirmishCorps' terms (its SP and RE), whole, and
 * a man down as the end card says it; a Stargrunt table keeps its own. */
static const char *forces_row(const char *seen, const char *name, char *row, size_t len)
{
    char head[80];
    snprintf(head, sizeof head, "\n%s  \xC2\xB7 ", name);
    const char *at = strstr(seen, head);
    if (!at)
        return NULL;
    snprintf(row, len, "%.*s", (int)strcspn(at + 1, "\n"), at + 1);
    return row;
}

static void test_forces_list_terms(void **state)
{
    (void)state;
    sl_world w;
    sl_play p;
    new_game("maps/lessons/tables/skirmish-example.json", &w, &p);
    sl_ui_set_world(ui, &p.disp);
    sl_view v;
    sl_view_init(&v, &p.disp);
    v.play = &p;
    frame_text(&p.disp, &v, W, H);
    char row[200];
    if (!forces_row(ui->text.seen, "Unit A", row, sizeof row))
        fail_msg("no forces list row for Unit A:\n%s", ui->text.seen);
    if (strstr(row, "D8") || strstr(row, "strong") || !strstr(row, "SP 6 \xC2\xB7 RE 4") || strstr(row, "\xE2\x80\xA6"))
        fail_msg("the SkirmishCorps forces list reads \"%s\"", row);
    /* Unit A's man out of the fight */
    int a = sl_scenario_find_unit(&p.game.live, "unit-a");
    assert_true(a >= 0);
    p.game.live.figures[p.game.live.units[a].first_figure].status = SL_FIG_DEAD;
    frame_text(&p.disp, &v, W, H);
    if (!forces_row(ui->text.seen, "Unit A", row, sizeof row) || !strstr(row, "RE 4 \xC2\xB7 killed") ||
        strstr(row, "0 of 1"))
        fail_msg("Unit A with its man killed reads \"%s\"", forces_row(ui->text.seen, "Unit A", row, sizeof row));
    sl_view_free(&v);
    sl_play_free(&p);
    sl_world_free(&w);
    /* Stargrunt's table: the quality die and leadership, the men standing */
    new_game("maps/default.json", &w, &p);
    sl_ui_set_world(ui, &p.disp);
    sl_view_init(&v, &p.disp);
    v.play = &p;
    frame_text(&p.disp, &v, W, H);
    if (!forces_row(ui->text.seen, "NAC 1st Squad", row, sizeof row) || !strstr(row, "D8/2 \xC2\xB7 8 strong"))
        fail_msg("the Stargrunt forces list reads \"%s\"\n%s", row, ui->text.seen);
    sl_view_free(&v);
    sl_play_free(&p);
    sl_world_free(&w);
}

/* F12 in the replay: the key is the window's screenshot (the replay
 * leaves it), and what it writes is a PNG of the step shown, pixel for
 * pixel the frame drawn. */
static void test_replay_f12_picture(void **state)
{
    (void)state;
    open_replay(battle);
    /* a refusal left from the game just played (R on its end card) is
     * not laid over the replay */
    snprintf(V.pick.message, sizeof V.pick.message, "Done for the turn: the game is over");
    V.pick.message_is_error = true;
    ui_replay_begin(&R, &V, 0);
    assert_string_equal(V.pick.message, "");
    assert_false(V.pick.message_is_error);
    key(SDLK_RIGHT, false);
    key(SDLK_RIGHT, false);
    key(SDLK_RIGHT, false);
    key(SDLK_RIGHT, false); /* ESU 1st Squad's fire, its rolls by the units */
    assert_false(ui_replay_key(&R, &V, SDLK_F12, false));
    SDL_Event e = {0};
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = SDLK_F12;
    sl_input_event(ui, &P.disp, &V, &e);
    assert_true(V.want_screenshot);
    sl_ui_draw(ui, &P.disp, &V, W, H);
    char png[400], said[300];
    snprintf(png, sizeof png, "%s/step4.png", dir);
    ui_screenshot(ren, W, H, png, said, sizeof said);
    assert_non_null(strstr(said, "Screenshot saved"));
    sl_image img;
    char err[256];
    assert_true(sl_image_load(png, &img, err, sizeof err));
    assert_int_equal(img.w, W);
    assert_int_equal(img.h, H);
    long differ = 0;
    SDL_LockSurface(surf);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            Uint8 r, g, b;
            SDL_GetRGB(((Uint32 *)((Uint8 *)surf->pixels + y * surf->pitch))[x], surf->format, &r, &g, &b);
            const unsigned char *q = img.rgba + 4 * ((size_t)y * W + x);
            differ += q[0] != r || q[1] != g || q[2] != b;
        }
    SDL_UnlockSurface(surf);
    assert_int_equal(differ, 0);
    sl_image_free(&img);
    unlink(png);
    close_replay();
}

/* The frame drawn last as text, a line each (ui->text.seen). */
static void frame_text(const sl_world *w, sl_view *v, int wd, int ht)
{
    ui->text.record = true;
    ui->text.nseen = 0;
    ui->text.nseen_at = 0;
    ui->text.seen[0] = '\0';
    sl_ui_draw(ui, w, v, wd, ht);
    ui->text.record = false;
}

/* A bare table's head in the side panel (the walk: the Crossroads tile
 * map at 1280x800 read "... 4 terrain feature" cut at the window's
 * edge): its line wraps, every word drawn inside the window. */
static void test_table_head_whole(void **state)
{
    (void)state;
    sl_world w;
    sl_world_init(&w);
    sl_load_opts lo = {false};
    assert_true(sl_world_load_any("maps/crossroads.tmj", &lo, &w, NULL));
    sl_view v;
    sl_view_init(&v, &w);
    sl_ui_set_world(ui, &w);
    frame_text(&w, &v, W, H);
    static char seen[sizeof ui->text.seen];
    one_spaced(ui->text.seen, seen, sizeof seen); /* its lines read on */
    if (!strstr(seen, "Crossroads (a tile map) \xC2\xB7 48\" x 32\" \xC2\xB7 4 terrain features"))
        fail_msg("the table's head is not shown whole:\n%s", ui->text.seen);
    sl_view_free(&v);
    sl_world_free(&w);
}

/* A counter in a window with no game of its own (the joined window's
 * state: id "?A", blank strength and quality): the forces list says it is
 * face-down, never the blank values as if they were known. */
static void test_counter_row_without_game(void **state)
{
    (void)state;
    sl_world w;
    sl_world_init(&w);
    sl_load_opts lo = {false};
    assert_true(sl_world_load("maps/hidden.json", &lo, &w, NULL));
    int u = sl_scenario_find_unit(&w.scn, "esu-3");
    assert_true(u >= 0);
    sl_unit *un = &w.scn.units[u];
    snprintf(un->id, sizeof un->id, "?A");
    snprintf(un->name, sizeof un->name, "Counter A");
    sl_view v;
    sl_view_init(&v, &w);
    sl_ui_set_world(ui, &w);
    frame_text(&w, &v, W, H);
    if (!strstr(ui->text.seen, "Counter A  \xC2\xB7 face-down"))
        fail_msg("the forces list does not say Counter A is face-down:\n%s", ui->text.seen);
    if (strstr(ui->text.seen, "Counter A  \xC2\xB7 D"))
        fail_msg("the forces list gives Counter A a quality:\n%s", ui->text.seen);
    sl_view_free(&v);
    sl_world_free(&w);
}

/* --- the plan's words and the way (leftover of point 1) ---------------------------- */

/* A game of scn (seed 1) after `first` (who goes first), `unit`
 * activated, selected and its way planned in the window from its first
 * man through way[n] (inches), as clicks leave it. Returns the unit. */
static int way_planned(const char *scn, const char *first, const char *unit, const int (*way)[2], int n, sl_world *w,
                       sl_play *p, sl_view *v)
{
    sl_world_init(w);
    sl_load_opts lo = {false};
    assert_true(sl_world_load(scn, &lo, w, NULL));
    char err[600], line[120];
    sl_play_init(p);
    assert_true(sl_play_start(p, w, scn, 1, err, sizeof err));
    sl_game_begin(&p->game);
    assert_true(sl_play_do_line(p, first, err, sizeof err));
    snprintf(line, sizeof line, "activate %s", unit);
    assert_true(sl_play_do_line(p, line, err, sizeof err));
    sl_view_init(v, &p->disp);
    v->play = p;
    int u = sl_scenario_find_unit(&p->disp.scn, unit);
    assert_true(u >= 0);
    sl_view_select_unit(v, u, false);
    v->focus_unit = u;
    const sl_unit *un = &p->disp.scn.units[u];
    v->path_figure = un->first_figure;
    v->npath = 0;
    v->path[v->npath++] = p->disp.scn.figures[un->first_figure].pos;
    for (int i = 0; i < n; i++)
        v->path[v->npath++] = sl_pt_make(way[i][0] * 1000, way[i][1] * 1000);
    sl_ui_set_world(ui, &p->disp);
    return u;
}

/* The way's words, as last drawn, leave the way itself in sight: at most
 * a tenth of it (sampled every 2 px; its end's tip, where the words are
 * tight under it) lies under their block. */
static void way_in_sight(const sl_view *v, int wd, int ht, float scale)
{
    sl_cam cam;
    cam_from_view(v, &ui->lay.table, &cam);
    int under = 0, samples = 0;
    for (int i = 0; i + 1 < v->npath; i++) {
        float ax, ay, bx, by;
        cam_pt(&cam, v->path[i], &ax, &ay);
        cam_pt(&cam, v->path[i + 1], &bx, &by);
        int steps = 1 + (int)(hypotf(bx - ax, by - ay) / 2);
        for (int j = 0; j <= steps; j++, samples++) {
            SDL_FPoint pt = {ax + (bx - ax) * (float)j / (float)steps, ay + (by - ay) * (float)j / (float)steps};
            under += SDL_PointInFRect(&pt, &ui->way_block);
        }
    }
    if (ui->way_block.w <= 0 || under * 10 > samples)
        fail_msg("%dx%d at %.0f%%: the way's words (%.0f,%.0f %.0fx%.0f) cover %d of the way's %d points", wd, ht,
                 scale * 100, ui->way_block.x, ui->way_block.y, ui->way_block.w, ui->way_block.h, under, samples);
}

/* At 1280x720 with text at 200% the table is about 640 px wide and the
 * plan's words, wrapped, covered the way they speak of. A move of NAC
 * 1st Squad as the player plans it (M, clicks), allowed or too far, at
 * 200% and 250%: the way stays in sight, and the words still say the
 * length, the cost and the verdict. */
static void test_plan_leaves_way_in_sight(void **state)
{
    (void)state;
    static const int ways[2][2][2] = {{{18, 16}, {19, 17}}, {{25, 19}, {29, 27}}};
    static const float scales[2] = {2.0f, 2.5f};
    for (int k = 0; k < 2; k++)
        for (int c = 0; c < 2; c++) {
            sl_world w;
            sl_play p;
            sl_view v;
            way_planned("maps/default.json", "decide first nac", "nac-1", ways[k], 2, &w, &p, &v);
            v.pick.kind = SL_CMD_MOVE; /* M: the rules' plan of the command Enter sends */
            v.overlays |= SL_OVERLAY_PATH;
            v.user_scale = scales[c];
            frame_text(&p.disp, &v, 1280, 720);
            const char *len = strstr(ui->text.seen, "\nMove ");
            if (!len || !strchr(len + 6, '"') || strchr(len + 1, '\n') < strchr(len + 6, '"') ||
                !strstr(ui->text.seen, "costs"))
                fail_msg("way %d at %.0f%%: the plan's length and cost are not shown:\n%s", k, scales[c] * 100,
                         ui->text.seen);
            if (k == 1 && !strstr(ui->text.seen, "Not allowed: too far"))
                fail_msg("at %.0f%%: the verdict is not shown:\n%s", scales[c] * 100, ui->text.seen);
            /* in the strip, in its few words, whole (at 200% its whole
             * reason took more than the four rows a line may wrap to, and
             * the last were lost: "... would go 12.7", and a normal") */
            if (k == 1 && ui->lay.strip.w > 0 && !strstr(ui->text.seen, "\nNot allowed: too far\n"))
                fail_msg("at %.0f%%: the verdict is not whole in few words:\n%s", scales[c] * 100, ui->text.seen);
            way_in_sight(&v, 1280, 720, scales[c]);
            sl_view_free(&v);
            sl_play_free(&p);
            sl_world_free(&w);
        }
}

/* --- SkirmishCorps brackets under a planned way (point 7) --------------------------- */

/* Unit A's brackets (V) and a way planned east past the bog, as in the
 * golden skirmish-reach-text, at 1280x720 and 1280x800 with text at 100%
 * and 200%: every bracket's label is shown and none lies over a line of
 * the way's words (its length and cost, the brackets it comes into),
 * which are read whole (wrapped, never cut). */
static void test_brackets_clear_of_plan(void **state)
{
    (void)state;
    sl_world w;
    sl_play p;
    sl_view v;
    const int way[3][2] = {{10, 12}, {16, 10}, {21, 12}};
    int u = way_planned("maps/lessons/tables/skirmish-example.json", "decide first blue", "unit-a", way, 3, &w, &p, &v);
    v.overlays = SL_OVERLAY_SET | SL_OVERLAY_BANDS | SL_OVERLAY_PATH;
    sl_reach_ring ring[SL_MAX_REACH];
    int nring = sl_unit_reach(&p.disp.scn, u, ring, 5, NULL);
    assert_true(nring >= 3);
    sl_ui_set_world(ui, &p.disp);
    const int sizes[2][2] = {{1280, 720}, {1280, 800}};
    const float scales[2] = {1.0f, 2.0f};
    for (int z = 0; z < 2; z++)
        for (int k = 0; k < 2; k++) {
            v.user_scale = scales[k];
            frame_text(&p.disp, &v, sizes[z][0], sizes[z][1]);
            SDL_Rect labels[16], plan[16];
            int nl = 0, np = 0;
            const char *line = ui->text.seen;
            for (int i = 0; i < ui->text.nseen_at && *line; i++) {
                const char *end = strchr(line, '\n');
                char t[UI_LINE];
                snprintf(t, sizeof t, "%.*s", (int)(end - line), line);
                line = end + 1;
                bool is_label = false;
                for (int r = 0; r < nring; r++)
                    is_label |= strcmp(t, ring[r].label) == 0;
                if (is_label && nl < 16)
                    labels[nl++] = ui->text.seen_at[i];
                else if ((strncmp(t, "Move ", 5) == 0 || strncmp(t, "too far", 7) == 0 || strstr(t, "\" along")) &&
                         np < 16)
                    plan[np++] = ui->text.seen_at[i];
                if (!is_label && strstr(t, "\xE2\x80\xA6") && (strstr(t, "along") || strstr(t, "costs") || strstr(t, "too far")))
                    fail_msg("%dx%d at %.0f%%: the way's words are cut: \"%s\"", sizes[z][0], sizes[z][1], scales[k] * 100, t);
            }
            if (getenv("SL_AROUND_SHOT")) {
                char bmp[600];
                snprintf(bmp, sizeof bmp, "%s-%dx%d-%.0f.bmp", getenv("SL_AROUND_SHOT"), sizes[z][0], sizes[z][1], scales[k] * 100);
                SDL_SaveBMP(surf, bmp);
            }
            if (np < 2 || nl < 2)
                fail_msg("%dx%d at %.0f%%: %d lines of the way's words and %d bracket labels shown:\n%s", sizes[z][0],
                         sizes[z][1], scales[k] * 100, np, nl, ui->text.seen);
            /* at 200% (the presentation) the block is most of the table
             * there: in the strip beside it (issue 42's leftover) */
            way_in_sight(&v, sizes[z][0], sizes[z][1], scales[k]);
            for (int a = 0; a < nl; a++)
                for (int b = 0; b < np; b++)
                    if (SDL_HasIntersection(&labels[a], &plan[b]))
                        fail_msg("%dx%d at %.0f%%: a bracket's label at (%d,%d) lies under the way's words at (%d,%d)",
                                 sizes[z][0], sizes[z][1], scales[k] * 100, labels[a].x, labels[a].y, plan[b].x,
                                 plan[b].y);
        }
    sl_view_free(&v);
    sl_play_free(&p);
    sl_world_free(&w);
}

/* --- players' words in the status line and the turn box (point 6) ----------------- */

/* The id of one of the game's units or men that text holds as a word of
 * its own (not a longer word's part), NULL when it holds none. */
static const char *id_in(const sl_scenario *scn, const char *text)
{
    for (int k = 0; k < scn->nunits + scn->nfigures; k++) {
        const char *id = k < scn->nunits ? scn->units[k].id : scn->figures[k - scn->nunits].id;
        size_t n = strlen(id);
        bool idlike = strchr(id, '-') || strcspn(id, "0123456789") < n;
        for (const char *p = strstr(text, id); p && idlike; p = strstr(p + 1, id)) {
            bool before = p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '-');
            bool after = !(isalnum((unsigned char)p[n]) || p[n] == '-' || p[n] == '_');
            if (before && after)
                return id;
        }
    }
    return NULL;
}

/* The turn box's "Still to activate:" lines of the frame drawn last,
 * joined by spaces. */
static void still_lines(const char *seen, char *out, size_t len)
{
    out[0] = '\0';
    const char *p = strstr(seen, "Still to activate:");
    size_t at = 0;
    while (p && *p) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        char line[UI_LINE];
        snprintf(line, sizeof line, "%.*s", (int)n, p);
        /* the foot ("12 commands \xC2\xB7 seed 7") or the solo badge ends them */
        if (at > 0 && (strstr(line, " command") || strncmp(line, "Solo", 4) == 0))
            break;
        at += (size_t)snprintf(out + at, len - at, "%s%s", at ? " " : "", line);
        if (!e || at >= len - 1)
            break;
        p = e + 1;
    }
}

/* A weapon's id (not its name) in text as a word of its own. */
static const char *weapon_id_in(const char *text)
{
    for (int k = 0; k < sl_weapon_count(); k++) {
        const char *id = sl_weapon_get(k)->id;
        size_t n = strlen(id);
        for (const char *p = strstr(text, id); p; p = strstr(p + 1, id)) {
            bool before = p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '-');
            bool after = !(isalnum((unsigned char)p[n]) || p[n] == '-');
            if (before && after)
                return id;
        }
    }
    return NULL;
}

/* What a player should never read in the window, NULL when text holds
 * none of it: a unit's or man's id (id_in), a weapon's id ("saw-rotary",
 * or "(agl)" in brackets of its own, not the word "saw" of a sentence) or
 * an internal number ("#2"). */
static const char *not_words_in(const sl_scenario *scn, const char *text)
{
    static char said[64];
    const char *id = id_in(scn, text);
    if (id)
        return id;
    for (int k = 0; k < sl_weapon_count(); k++) {
        id = sl_weapon_get(k)->id;
        size_t n = strlen(id);
        bool idlike = strchr(id, '-') || strcspn(id, "0123456789") < n;
        for (const char *p = strstr(text, id); p; p = strstr(p + 1, id)) {
            bool before = p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '-');
            bool after = !(isalnum((unsigned char)p[n]) || p[n] == '-' || p[n] == '_');
            bool bracketed = p > text && p[-1] == '(' && p[n] == ')';
            if (before && after && (idlike || bracketed))
                return id;
        }
    }
    for (const char *p = strchr(text, '#'); p; p = strchr(p + 1, '#'))
        if (isdigit((unsigned char)p[1])) {
            snprintf(said, sizeof said, "%.*s", (int)strspn(p + 1, "0123456789") + 1, p);
            return said;
        }
    return NULL;
}

/* What the panel shows between commands, as the player reads it: the
 * dice log (its command lines too) and the whole frame name no unit or
 * man by id; each unit's card lists its men's weapons by name; the
 * forces list gives a unit with men down as "7 of 8". Gives the rows
 * checked. */
static int panel_words(const char *scenario, const char *after, sl_play *b, sl_view *v)
{
    const sl_world *w = &b->disp;
    int checked = 0;
    float scale = v->user_scale;
    int focus = v->focus_unit;
    v->user_scale = 1.0f;
    /* the forces list: no unit in focus */
    v->focus_unit = -1;
    frame_text(w, v, W, H);
    const char *id = not_words_in(&b->game.live, ui->text.seen);
    if (id)
        fail_msg("%s, after \"%s\": the window shows the id %s:\n%s", scenario, after, id, ui->text.seen);
    for (int u = 0; u < w->scn.nunits; u++) {
        const sl_unit *un = &w->scn.units[u];
        int up = 0;
        for (int i = 0; i < un->nfigures; i++)
            up += w->scn.figures[un->first_figure + i].status == SL_FIG_OK;
        char row[SL_NAME_LEN + 8], want[40];
        snprintf(row, sizeof row, "\n%s  \xC2\xB7 ", un->name);
        const char *at = strstr(ui->text.seen, row);
        if (!at || up == un->nfigures || sl_unit_whole(&w->scn, u) >= 0 || un->parent >= 0)
            continue;
        const char *end = strchr(at + 1, '\n');
        char line[UI_LINE];
        snprintf(line, sizeof line, "%.*s", end ? (int)(end - at - 1) : (int)strlen(at + 1), at + 1);
        if (strstr(line, "face-down") || strstr(line, "out of sight") || strstr(line, "not yet") ||
            strstr(line, "dummy") || strstr(line, "removed"))
            continue;
        snprintf(want, sizeof want, "%d of %d", up, un->nfigures);
        if (!strstr(line, want))
            fail_msg("%s, after \"%s\": the forces list's row \"%s\" does not say %s", scenario, after, line, want);
        checked++;
    }
    /* each unit's card, with its Figures rows */
    for (int u = 0; u < w->scn.nunits; u++) {
        v->focus_unit = u;
        frame_text(w, v, W, H);
        const char *seen = ui->text.seen;
        if ((id = not_words_in(&b->game.live, seen)))
            fail_msg("%s, after \"%s\": %s's card shows the id %s:\n%s", scenario, after, w->scn.units[u].name, id,
                     seen);
        /* out of play, the card has room for every man's row */
        sl_play *was = v->play;
        v->play = NULL;
        frame_text(w, v, W, H);
        v->play = was;
        const char *rows = strstr(seen, "\nFigures\n");
        for (const char *p = rows; p && *p; p = strchr(p + 1, '\n')) {
            const char *end = strchr(p + 1, '\n');
            char line[UI_LINE];
            snprintf(line, sizeof line, "%.*s", end ? (int)(end - p - 1) : (int)strlen(p + 1), p + 1);
            if (strncmp(line, "Leader", 6) != 0 && strncmp(line, "Man ", 4) != 0)
                continue;
            if ((id = weapon_id_in(line)))
                fail_msg("%s: %s's card lists a weapon by its id %s: \"%s\"", scenario, w->scn.units[u].name, id,
                         line);
            checked++;
        }
    }
    v->focus_unit = focus;
    v->user_scale = scale;
    return checked;
}

/* A whole game of each shipped scenario played by the program for both
 * sides, then given again command by command as the window's keys and
 * clicks give them (ui_run): after every command the status line says
 * what was done in players' words (no unit's or man's id, no command's
 * syntax); the turn box at 1280x720 with text at 200% names the sides
 * (never by id) and says every side's count whole; the status line's
 * description of any man hovered over names him, not his id; every
 * thirtieth command, the whole window (the dice log's lines, each unit's
 * card and the forces list) names no unit or man by id, the cards' rows
 * give weapons by name and the forces list "7 of 8" (panel_words). */
/* Issue 42, the walk: a solo game of the town (the program playing ESU)
 * at 1280x720 200% in the default layout, the presentation, had no side
 * panel and so no turn box: nothing said whose turn it was, what was
 * left to activate or which side the program plays (F5's sentence said
 * it once, in the status box, then went). Now a turn box stands in the
 * strip beside the table (whose turn, the unit acting, who is still to
 * activate, the program's side) under a decision's card or the last
 * rolls where they leave it room, and the status box keeps off it. */
static void test_turn_box_in_strip(void **state)
{
    (void)state;
    sl_world w;
    sl_play p;
    char err[600];
    new_game("maps/town.json", &w, &p);
    sl_view v;
    sl_view_init(&v, &p.disp);
    v.play = &p;
    assert_true(sl_view_solo_by_id(&v, "esu", err, sizeof err));
    v.user_scale = 2.0f;
    v.pixel_ratio = 1.0f;
    sl_ui_set_world(ui, &p.disp);
    int looked = 0, gave_way = 0;
    for (int step = 0; step < 60 && !p.game.outcome.over; step++) {
        sl_play_auto(&p, err, sizeof err);
        bool program = sl_view_solo_step(&v);
        ui->frame.key = 0; /* the kept part drawn again, its words recorded */
        frame_text(&p.disp, &v, 1280, 720);
        assert_true(ui->lay.present); /* the default layout at 200% */
        bool deciding = p.game.pending.kind != SL_DECIDE_NONE || sl_game_choosing(&p.game) != SL_CHOOSE_NONE;
        /* a decision's card fills the strip (it says whose the choice
         * is), or the last command's rolls take its room till they fade */
        if (deciding || ui->nroll_units > 0) {
            gave_way++;
            continue;
        }
        looked++;
        const char *seen = ui->text.seen;
        if (!strstr(seen, "Turn ") || !strstr(seen, "Still to activate") || !strstr(seen, "ESU: program") ||
            !strstr(seen, "NAC: you"))
            fail_msg("the town, solo (the program ESU) at 1280x720 200%%, step %d: no turn box in the strip "
                     "(turn, still to activate, the program's side):\n%s",
                     step, seen);
        if (ui->status_box.w > 0 && scene_rects_overlap(&ui->status_box, &ui->turn_strip))
            fail_msg("step %d: the status box over the strip's turn box", step);
        if (!program) { /* the player's turn: a command for him, the program's choice */
            int solo = p.solo_side;
            p.solo_side = SL_SOLO_BOTH;
            bool played = sl_play_solo_step(&p, err, sizeof err);
            p.solo_side = solo;
            if (!played)
                break;
        }
    }
    print_message("the turn box in the strip in %d frames, giving way to a card or rolls in %d\n", looked, gave_way);
    assert_true(looked >= 10);
    sl_view_free(&v);
    sl_play_free(&p);
    sl_world_free(&w);
}

static void test_status_and_turn_box_words(void **state)
{
    (void)state;
    static const char *const shipped[] = {
        "maps/default.json", "maps/town.json", "maps/outpost.json", "maps/fireteams.json", "maps/hidden.json",
        "maps/bunker.json", "maps/ambush.json", "maps/lessons/tables/fireteams-example.json",
        "maps/lessons/tables/recovery-example.json", "maps/lessons/tables/skirmish-example.json",
        "maps/lessons/tables/skirmish-vehicles.json",
    };
    int said = 0, boxes = 0, rows = 0;
    for (size_t s = 0; s < sizeof shipped / sizeof shipped[0]; s++) {
        sl_world w;
        sl_world_init(&w);
        sl_load_opts lo = {false};
        assert_true(sl_world_load(shipped[s], &lo, &w, NULL));
        char err[600];
        /* the program's game, seen through the window's status line */
        sl_play a;
        sl_play_init(&a);
        assert_true(sl_play_start(&a, &w, shipped[s], 7, err, sizeof err));
        sl_game_begin(&a.game);
        a.solo_side = SL_SOLO_BOTH;
        sl_view va;
        sl_view_init(&va, &a.disp);
        va.play = &a;
        for (int step = 0; step < 40; step++) {
            sl_play_auto(&a, err, sizeof err);
            if (!sl_view_solo_step(&va))
                break;
            const char *id = id_in(&a.game.live, va.status);
            if (id || strstr(va.status, "# solo"))
                fail_msg("%s, the program's command %d: the status line says %s: \"%s\"", shipped[s], step,
                         id ? id : "the command's comment", va.status);
            said++;
        }
        char **cmds;
        int n = sl_journal_commands(&a.game, &cmds);
        sl_view_free(&va);
        sl_play_free(&a);
        /* the same commands given by the window */
        sl_play b;
        sl_play_init(&b);
        assert_true(sl_play_start(&b, &w, shipped[s], 7, err, sizeof err));
        sl_game_begin(&b.game);
        sl_view v;
        sl_view_init(&v, &b.disp);
        v.play = &b;
        v.user_scale = 2.0f;
        v.layout = SL_LAYOUT_TABLE; /* the side panel, with the turn box */
        sl_ui_set_world(ui, &b.disp);
        for (int i = 0; i < n; i++) {
            sl_command c;
            assert_true(sl_command_parse(&b.game.live, cmds[i], &c, err, sizeof err));
            c.note[0] = '\0';
            if (!ui_run(&v, &c))
                fail_msg("%s: \"%s\" refused: %s", shipped[s], cmds[i], v.status);
            const char *id = id_in(&b.game.live, v.status);
            if (id || strstr(v.status, cmds[i]))
                fail_msg("%s, after \"%s\": the status line says %s: \"%s\"", shipped[s], cmds[i],
                         id ? id : "the command", v.status);
            said++;
            if (i % 10 != 9 && i != n - 1)
                continue;
            /* the turn box at 1280x720, text at 200% */
            ui->text.record = true;
            ui->text.nseen = 0;
            ui->text.seen[0] = '\0';
            sl_ui_draw(ui, &b.disp, &v, 1280, 720);
            ui->text.record = false;
            char still[1200];
            still_lines(ui->text.seen, still, sizeof still);
            bool over = b.game.outcome.over; /* the end: no unit is still to activate (test_end_card_words) */
            if (over && still[0])
                fail_msg("%s: the turn box after the end says \"%s\"", shipped[s], still);
            id = id_in(&b.game.live, still);
            if (id || (!still[0] && !over))
                fail_msg("%s, after \"%s\": the turn box's \"%s\" %s", shipped[s], cmds[i], still,
                         id ? "names an id" : "is not shown");
            for (int sd = 0; sd < b.game.live.nsides && !over; sd++) {
                char count[60];
                int left = sl_game_unactivated(&b.game, sd);
                snprintf(count, sizeof count, " %d", left); /* "4 units", or "4" where room is short */
                const char *nm = b.game.live.sides[sd].name, *at = strstr(still, nm);
                bool whole = at && strncmp(at + strlen(nm), count, strlen(count)) == 0;
                if (!whole && !strstr(still, count))
                    fail_msg("%s: the turn box's \"%s\" does not give %s's count whole", shipped[s], still, nm);
                if (!strstr(still, nm) && strstr(still, b.game.live.sides[sd].id))
                    fail_msg("%s: the turn box's \"%s\" calls a side by its id", shipped[s], still);
            }
            boxes++;
            if (i % 30 == 29 || i == n - 1)
                rows += panel_words(shipped[s], cmds[i], &b, &v);
        }
        for (int f = 0; f < b.disp.scn.nfigures; f++) {
            char buf[400];
            ui_describe_figure(&b.disp, f, buf, sizeof buf);
            if (id_in(&b.disp.scn, buf))
                fail_msg("%s: hovering over a man says \"%s\"", shipped[s], buf);
        }
        for (int f = 0; f < b.disp.scn.table.nfeatures; f++) {
            char buf[400];
            ui_describe_feature(&b.disp, f, buf, sizeof buf);
            const sl_feature *ft = &b.disp.scn.table.features[f];
            char made[SL_NAME_LEN + 40];
            snprintf(made, sizeof made, "%s %d", sl_terrain_kind_info(ft->kind)->label, ft->id);
            if (not_words_in(&b.disp.scn, buf) || strstr(buf, made))
                fail_msg("%s: hovering over terrain says \"%s\"", shipped[s], buf);
        }
        sl_commands_free(cmds, n);
        sl_view_free(&v);
        sl_play_free(&b);
        sl_world_free(&w);
    }
    assert_true(said > 300);
    assert_true(boxes > 20);
    assert_true(rows > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_start_screen_by_keys),
        cmocka_unit_test(test_start_screen_descriptions_whole),
        cmocka_unit_test(test_no_seed_numbers_read),
        cmocka_unit_test(test_start_screen_thumbnails),
        cmocka_unit_test(test_start_screen_mouse_and_refusal),
        cmocka_unit_test(test_replay_steps_by_keys),
        cmocka_unit_test(test_replay_timeline_mouse),
        cmocka_unit_test(test_replay_turns_and_views),
        cmocka_unit_test(test_replay_captions_whole),
        cmocka_unit_test(test_replay_side_counts),
        cmocka_unit_test(test_replay_f12_picture),
        cmocka_unit_test(test_replay_keys_line),
        cmocka_unit_test(test_replay_keeps_text_size),
        cmocka_unit_test(test_replay_whole_solo_game_at_200),
        cmocka_unit_test(test_replay_solo_steps),
        cmocka_unit_test(test_solo_both_refused_in_words),
        cmocka_unit_test(test_end_card_words),
        cmocka_unit_test(test_end_card_buttons),
        cmocka_unit_test(test_end_card_buttons_clear),
        cmocka_unit_test(test_recent_game_over),
        cmocka_unit_test(test_finished_game_not_resumed),
        cmocka_unit_test(test_scenario_starts_new_game),
        cmocka_unit_test(test_rule_options_page),
        cmocka_unit_test(test_sight_card_brackets),
        cmocka_unit_test(test_forces_list_terms),
        cmocka_unit_test(test_status_and_turn_box_words),
        cmocka_unit_test(test_turn_box_in_strip),
        cmocka_unit_test(test_brackets_clear_of_plan),
        cmocka_unit_test(test_plan_leaves_way_in_sight),
        cmocka_unit_test(test_counter_row_without_game),
        cmocka_unit_test(test_table_head_whole),
    };
    if (getenv("SL_AROUND_ONLY")) /* one test by name, while working on it */
        cmocka_set_test_filter(getenv("SL_AROUND_ONLY"));
    return cmocka_run_group_tests(tests, setup, teardown);
}
