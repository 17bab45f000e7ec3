/* Refusals in the window say where in words (issue 41): no refusal the
 * window shows, in its box, on the status line or as a preview's reason
 * at the pointer, quotes table coordinates ("cannot see (8.2, 27.1)");
 * it names the point ("that point near Farmhouse") and the point is
 * ringed on the table while the box shows. Over every shipped scenario,
 * from its start and through a few of the program's commands: each unit
 * of the side to act is given every action it is offered that takes a
 * point or a way, at points all over the table and off it, and every
 * enemy unit as a target; each refusal goes through the window's own
 * path (ui_run), the way a click gives it. */
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

#include "input.h"
#include "sightline/lesson.h"
#include "ui_internal.h"
#include "soft_window.h"

#include "shipped.h"

static SDL_Surface *surf;
static SDL_Renderer *ren;
static sl_ui *ui;
static sl_world world;
static sl_view view;
static sl_play play;
static int W = 1280, H = 800;

/* A window's size and its text size, as the tests try them. */
typedef struct window_size {
    int w, h;
    float scale;
} window_size;

/* A shipped scenario's game (seed), its first decision answered by line. */
static void open_game_seed(const char *file, uint64_t seed);
static void open_decided(const char *file, uint64_t seed, const char *line)
{
    char err[300];
    open_game_seed(file, seed);
    if (!sl_play_do_line(&play, line, err, sizeof err))
        fail_msg("%s: %s", line, err);
}

static void draw(void)
{
    sl_ui_draw(ui, &play.disp, &view, W, H);
}

/* A software window of w by h (its fonts and layers are the renderer's). */
static void make_window(int w, int h)
{
    W = w;
    H = h;
    soft_window(W, H, &surf, &ren, &ui);
}

/* The refusals' kinds met (the rules' words up to the point), and how
 * many of them quoted a point before the window's words. */
static char kinds[64][48];
static int nkinds, refusals, with_points, marked;

/* Where text quotes a point, "X, Y)" (two numbers and a comma, as in
 * "(8.2, 27.1)" or "(the leader at 8.2, 27.1)"), else NULL. */
static const char *quotes_point(const char *text)
{
    for (const char *p = text; *p; p++) {
        bool starts = (isdigit((unsigned char)*p) || (*p == '-' && isdigit((unsigned char)p[1]))) &&
                      (p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '.' || p[-1] == '-'));
        double x, y;
        int used = 0;
        const char *second = strchr(p, ',');
        while (second && *++second == ' ')
            ;
        /* as the rules print a point: no sign but a minus ("3, +1)" is a
         * modifier, not a point) */
        bool signed_ok = second && (isdigit((unsigned char)*second) || *second == '-');
        if (starts && sscanf(p, "%lf, %lf%n", &x, &y, &used) == 2 && used > 0 && p[used] == ')' && signed_ok)
            return p;
    }
    return NULL;
}

static void no_point(const char *what, const char *file, const char *raw, const char *text)
{
    const char *q = quotes_point(text);
    if (q)
        fail_msg("%s: %s quotes a point at \"%.20s\": \"%s\" (the rules said \"%s\")", file, what, q, text, raw);
}

static void open_game_seed(const char *file, uint64_t seed)
{
    char err[300];
    sl_world_free(&world);
    sl_load_opts opts = {false};
    assert_true(sl_world_load(file, &opts, &world, NULL));
    sl_play_free(&play);
    sl_play_init(&play);
    assert_true(sl_play_start(&play, &world, file, seed, err, sizeof err));
    sl_game_begin(&play.game);
    sl_ui_set_world(ui, &play.disp);
    sl_view_free(&view);
    sl_view_init(&view, &play.disp);
    view.play = &play;
    view.fog_handover = false; /* one player's window: no hand-over screens (F7) */
    draw();
}

/* The refusal's kind, by the rules' words for it. */
static void open_game(const char *file)
{
    open_game_seed(file, 7);
}

static void met(const char *raw)
{
    static const char *const words[] = {"would go", "would leave the table", "cannot see", "could reach",
                                        "troops get out", "no room to get out", "set-up zone", "in the open in sight",
                                        "fires no closer", "is off the table", "off", "column's route", "last seen"};
    char kind[48];
    snprintf(kind, sizeof kind, "%.40s", raw);
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strstr(raw, words[i])) {
            snprintf(kind, sizeof kind, "%s", words[i]);
            break;
        }
    for (int i = 0; i < nkinds; i++)
        if (strcmp(kinds[i], kind) == 0)
            return;
    if (nkinds < 64)
        snprintf(kinds[nkinds++], sizeof kinds[0], "%s", kind);
}

static bool met_kind(const char *kind)
{
    for (int i = 0; i < nkinds; i++)
        if (strcmp(kinds[i], kind) == 0)
            return true;
    return false;
}

/* The command refused by the rules given through the window: its words
 * hold no point; a point they spoke of is ringed on the table. */
static void try_command(const char *file, const sl_command *c)
{
    char raw[600];
    if (sl_game_can(&play.game, c, raw, sizeof raw))
        return;
    /* the words the window is given (the play's: a command that cannot
     * be written down is refused before the rules are asked) */
    assert_false(sl_play_do(&play, c, raw, sizeof raw));
    refusals++;
    bool quoted = quotes_point(raw) != NULL;
    assert_false(ui_run(&view, c));
    assert_true(view.pick.message_is_error);
    no_point("the refusal box", file, raw, view.pick.message);
    no_point("the status line", file, raw, view.status);
    if (!quoted)
        return;
    with_points++;
    met(raw);
    if (strstr(view.pick.message, "that point") == NULL && strstr(view.pick.message, "oint 1") == NULL)
        fail_msg("%s: the refusal does not name its point as the table's mark does: \"%s\"", file, view.pick.message);
    assert_true(view.pick.message_nat > 0);
    draw();
    /* the mark: the refusal's colour on a ring round the first point
     * that is in the table's view */
    sl_cam cam;
    cam_from_view(&view, &ui->lay.table, &cam);
    for (int i = 0; i < view.pick.message_nat; i++) {
        float x, y;
        cam_pt(&cam, view.pick.message_at[i], &x, &y);
        const SDL_FRect *T = &ui->lay.table;
        if (x < T->x + 20 || y < T->y + 20 || x > T->x + T->w - 20 || y > T->y + T->h - 20)
            continue;
        if (scene_rects_overlap(&(SDL_FRect){x - 12 * ui->lay.s, y - 12 * ui->lay.s, 24 * ui->lay.s, 24 * ui->lay.s},
                                &ui->refusal_box))
            continue; /* under the box itself */
        int n = 0;
        Uint32 *px = surf->pixels;
        float r = 9 * ui->lay.s;
        for (int a = 0; a < 360; a += 10) {
            int sx = (int)lroundf(x + r * cosf((float)a * 3.14159265f / 180)),
                sy = (int)lroundf(y + r * sinf((float)a * 3.14159265f / 180));
            Uint8 pr, pg, pb;
            SDL_GetRGB(px[sy * (surf->pitch / 4) + sx], surf->format, &pr, &pg, &pb);
            n += abs(pr - ui_pal.fail.r) < 30 && abs(pg - ui_pal.fail.g) < 30 && abs(pb - ui_pal.fail.b) < 30;
        }
        if (n < 18 && getenv("SL_FLOWS_SHOTS")) {
            char bmp[200];
            snprintf(bmp, sizeof bmp, "%s/unringed.bmp", getenv("SL_FLOWS_SHOTS"));
            SDL_SaveBMP(surf, bmp);
        }
        if (n < 18)
            fail_msg("%s: the point the refusal speaks of is not ringed (%d of 36): \"%s\"", file, n, view.pick.message);
        marked++;
        break;
    }
    view.pick.message_is_error = false;
    view.pick.message[0] = '\0';
}

/* A unit given each offer that takes a point, a way or a target. */
static void try_unit(const char *file, int u, bool targets)
{
    const sl_scenario *scn = &play.disp.scn;
    sl_offer offers[SL_MAX_OFFERS];
    int no = sl_game_offers(&play.game, u, offers, SL_MAX_OFFERS);
    double tw = scn->table.width, th = scn->table.height;
    for (int k = 0; k < no; k++) {
        const sl_offer *o = &offers[k];
        if (o->toggle)
            continue;
        if (o->needs_point || o->needs_path) {
            /* over the table, off it, and hard by each edge */
            sl_pt pts[12];
            int np = 0;
            for (int gx = -1; gx <= 3; gx++)
                for (int gy = 0; gy <= 1 && np < 10; gy++)
                    pts[np++] = (sl_pt){(int32_t)(tw * (gx + 0.5) / 3.0), (int32_t)(th * (gy + 0.5) / 2.0)};
            pts[np++] = (sl_pt){300, (int32_t)(th / 2)};
            pts[np++] = (sl_pt){(int32_t)(tw / 2), (int32_t)(th - 300)};
            for (int i = 0; i < np; i++) {
                sl_command c;
                sl_offer_command(&play.game, o, u, -1, &pts[i], 1, NULL, 0, false, &c);
                try_command(file, &c);
            }
        }
        if (o->needs_target && targets)
            for (int t = 0; t < scn->nunits; t++) {
                if (t == u || (o->enemy_target && scn->units[t].side == scn->units[u].side))
                    continue;
                sl_command c;
                sl_offer_command(&play.game, o, u, t, NULL, 0, NULL, 0, false, &c);
                try_command(file, &c);
            }
    }
}

/* A preview's reason at the pointer quotes no point either. */
static void try_previews(const char *file, int u)
{
    sl_offer offers[SL_MAX_OFFERS];
    int no = sl_game_offers(&play.game, u, offers, SL_MAX_OFFERS);
    const sl_scenario *scn = &play.disp.scn;
    static sl_preview pv;
    for (int k = 0; k < no; k++)
        for (int gx = 0; gx < 4 && offers[k].needs_point; gx++)
            for (int gy = 0; gy < 3; gy++) {
                sl_pt p = {(int32_t)(scn->table.width * (gx + 0.5) / 4.0), (int32_t)(scn->table.height * (gy + 0.5) / 3.0)};
                if (sl_game_pick_preview(&play.game, play.view_side, u, offers[k].kind, offers[k].variant, -1, p, &pv) &&
                    !pv.legal)
                    no_point("a preview's reason", file, pv.why, pv.why);
            }
}

static void test_no_refusal_quotes_a_point(void **state)
{
    (void)state;
    char err[600];
    make_window(1280, 800);
    for (size_t f = 0; f < NSHIPPED; f++) {
        open_game(shipped[f]);
        play.solo_side = SL_SOLO_BOTH;
        for (int step = 0; step < 5; step++) {
            sl_play_auto(&play, err, sizeof err);
            if (play.game.pending.kind == SL_DECIDE_NONE && step % 2 == 0)
                for (int u = 0; u < play.disp.scn.nunits; u++)
                    if (play.disp.scn.units[u].side == play.game.side_to_act) {
                        try_unit(shipped[f], u, step == 0);
                        try_previews(shipped[f], u);
                    }
            if (!sl_play_solo_step(&play, err, sizeof err))
                break;
        }
    }
    fprintf(stderr, "%d refusals, %d of them quoted a point (%d ringed on the table), %d kinds:\n", refusals,
            with_points, marked, nkinds);
    for (int i = 0; i < nkinds; i++)
        fprintf(stderr, "  %s\n", kinds[i]);
    /* the kinds a click can meet: too far, off the table, out of sight */
    assert_true(with_points > 50);
    assert_true(met_kind("would go") && met_kind("would leave the table") && met_kind("cannot see"));
    assert_true(marked > 10);
}

/* The bursts' words whole (point 4): on the bunker, a fuel-air mission
 * that strays onto the Hill 204 bunker (catching three units) and a
 * general purpose one on target by the APC, at 1600x1000, 1280x800 and
 * 1280x720 with text at 200%, fitted and zoomed in on the bunker, in
 * both layouts: no word of theirs is cut, each row whole inside the
 * table's view, on no card and over no unit's name. */
static bool rects_meet(const SDL_FRect *a, const SDL_FRect *b)
{
    return a->x + 0.5f < b->x + b->w && b->x + 0.5f < a->x + a->w && a->y + 0.5f < b->y + b->h &&
           b->y + 0.5f < a->y + a->h;
}

/* The first burst (a sketched area's index) whose drawn ring r crosses,
 * measured here on the screen apart from the window's own sums: a
 * circle's edge (its dark ring 5 px wide at 100%) passes between r's
 * nearest and farthest points; an outline's, one of its sides' points
 * (every px along it) lies in r. -1: none. */
static int name_on_ring(const SDL_FRect *r)
{
    sl_cam cam;
    cam_from_view(&view, &ui->lay.table, &cam);
    float hw = 2.5f * ui->lay.s;
    for (int i = 0; i < ui->nsketches; i++) {
        const sl_sketch *k = &ui->sketches[i];
        if (k->kind != SL_SKETCH_AREA)
            continue;
        float cx, cy;
        cam_pt(&cam, k->at, &cx, &cy);
        if (k->noutline <= 2) {
            float rad = (float)(k->radius / 1000.0) * cam.scale;
            float nx = fmaxf(r->x, fminf(cx, r->x + r->w)) - cx, ny = fmaxf(r->y, fminf(cy, r->y + r->h)) - cy;
            float fx = fmaxf(fabsf(r->x - cx), fabsf(r->x + r->w - cx)), fy = fmaxf(fabsf(r->y - cy), fabsf(r->y + r->h - cy));
            if (hypotf(nx, ny) < rad + hw && hypotf(fx, fy) > rad - hw)
                return i;
            continue;
        }
        for (int j = 0; j < k->noutline; j++) {
            float ax, ay, bx, by;
            cam_pt(&cam, k->outline[j], &ax, &ay);
            cam_pt(&cam, k->outline[(j + 1) % k->noutline], &bx, &by);
            int steps = (int)hypotf(bx - ax, by - ay) + 1;
            for (int t = 0; t <= steps; t++) {
                float x = ax + (bx - ax) * (float)t / (float)steps, y = ay + (by - ay) * (float)t / (float)steps;
                if (x > r->x - hw && x < r->x + r->w + hw && y > r->y - hw && y < r->y + r->h + hw)
                    return i;
            }
        }
    }
    return -1;
}

/* Counters or rings covered, over all the frames: each said (the first
 * twelve), the test failed at its end. */
static int covered;
/* Places' labels and bursts' rings under the bursts' words with text at
 * 200%: each said, at most two allowed (13 before fix12; the two left
 * are seed 3's first mission in the presentation at 1280x720, five rows
 * of "caught: ..." that find no spot on that table clear of both the
 * labels and the rings, over the top left building's "OPEN"). */
static int crowded;

static bool covered_say(void)
{
    return covered++ < 12;
}

static bool place_covered_say(void)
{
    if (view.user_scale > 1.5f)
        return crowded++ < 20;
    return covered_say();
}

static void burst_rows_whole(const char *when)
{
    int rows = 0;
    for (int i = 0; i < ui->nburst_rows; i++) {
        const SDL_FRect *r = &ui->burst_rows[i], *T = &ui->lay.table;
        rows++;
        if (r->x < T->x - 0.5f || r->y < T->y - 0.5f || r->x + r->w > T->x + T->w + 0.5f ||
            r->y + r->h > T->y + T->h + 0.5f)
            fail_msg("%s: a row of a burst's words (%.0f,%.0f %.0fx%.0f) is cut by the table's view (%.0f,%.0f %.0fx%.0f)",
                     when, r->x, r->y, r->w, r->h, T->x, T->y, T->w, T->h);
    }
    /* the scale bar, bottom left of the table layout's view, is drawn
     * over what lies there */
    for (int i = 0; i < ui->nburst_rows && ui->scale_bar.w > 0; i++)
        if (scene_rects_overlap(&ui->burst_rows[i], &ui->scale_bar))
            fail_msg("%s: the scale bar lies over a row of the bursts' words (%.0f,%.0f %.0fx%.0f)", when,
                     ui->burst_rows[i].x, ui->burst_rows[i].y, ui->burst_rows[i].w, ui->burst_rows[i].h);
    /* one row over another hides its words as surely as an ellipsis */
    for (int i = 0; i < ui->nburst_rows; i++)
        for (int j = i + 1; j < ui->nburst_rows; j++)
            if (scene_rects_overlap(&ui->burst_rows[i], &ui->burst_rows[j]))
                fail_msg("%s: two rows of the bursts' words lie one over the other (%.0f,%.0f %.0fx%.0f and %.0f,%.0f "
                         "%.0fx%.0f)",
                         when, ui->burst_rows[i].x, ui->burst_rows[i].y, ui->burst_rows[i].w, ui->burst_rows[i].h,
                         ui->burst_rows[j].x, ui->burst_rows[j].y, ui->burst_rows[j].w, ui->burst_rows[j].h);
    /* nor over a unit's name (issue 41: on a crowded table at 200% the
     * words were placed after the names and lay over them) */
    for (int i = 0; i < ui->nburst_rows; i++)
        for (int u = 0; u < world.scn.nunits && u < ui->names_cap; u++)
            if (ui->names[u].w > 0 && scene_rects_overlap(&ui->burst_rows[i], &ui->names[u]))
                fail_msg("%s: a row of the bursts' words (%.0f,%.0f %.0fx%.0f) lies over %s's name (%.0f,%.0f "
                         "%.0fx%.0f)",
                         when, ui->burst_rows[i].x, ui->burst_rows[i].y, ui->burst_rows[i].w, ui->burst_rows[i].h,
                         world.scn.units[u].name, ui->names[u].x, ui->names[u].y, ui->names[u].w, ui->names[u].h);
    /* nor over a unit's row of counters (at 1280x720 200% a fuel-air
     * block lay over the markers under a unit's name) */
    for (int i = 0; i < ui->nburst_rows; i++)
        for (int m = 0; m < ui->nmark_rows; m++)
            if (rects_meet(&ui->burst_rows[i], &ui->mark_rows[m]) && covered_say())
                fprintf(stderr, "%s: a row of the bursts' words (%.0f,%.0f %.0fx%.0f) lies over %s's row of counters "
                         "(%.0f,%.0f %.0fx%.0f)\n",
                         when, ui->burst_rows[i].x, ui->burst_rows[i].y, ui->burst_rows[i].w, ui->burst_rows[i].h,
                         world.scn.units[ui->mark_row_unit[m]].name, ui->mark_rows[m].x, ui->mark_rows[m].y,
                         ui->mark_rows[m].w, ui->mark_rows[m].h);
    /* nor over a place's label ("1 pt · NSL") or a building's word
     * ("DESTROYED"), nor on a burst's ring (at 1280x720 200% the first
     * mission's words ran over the second's ring and the command
     * bunker's label, the second's over "DESTROYED") */
    for (int i = 0; i < ui->nburst_rows; i++) {
        const SDL_FRect *r = &ui->burst_rows[i];
        for (int t = 0; t < ui->ntexts; t++)
            if (rects_meet(r, &ui->texts[t]) && place_covered_say())
                fprintf(stderr, "%s: a row of the bursts' words (%.0f,%.0f %.0fx%.0f) lies over a place's label or "
                        "a building's word (%.0f,%.0f %.0fx%.0f)\n",
                        when, r->x, r->y, r->w, r->h, ui->texts[t].x, ui->texts[t].y, ui->texts[t].w, ui->texts[t].h);
        if (name_on_ring(r) >= 0 && place_covered_say())
            fprintf(stderr, "%s: a row of the bursts' words (%.0f,%.0f %.0fx%.0f) lies on the ring of burst %d\n", when,
                    r->x, r->y, r->w, r->h, name_on_ring(r));
    }
    /* and no name lies on a burst's ring, the edge a player reads to
     * see who is caught */
    for (int u = 0; u < world.scn.nunits && u < ui->names_cap; u++)
        if (ui->names[u].w > 0 && name_on_ring(&ui->names[u]) >= 0 && covered_say())
            fprintf(stderr, "%s: %s's name (%.0f,%.0f %.0fx%.0f) lies on the ring of burst %d\n", when, world.scn.units[u].name,
                     ui->names[u].x, ui->names[u].y, ui->names[u].w, ui->names[u].h, name_on_ring(&ui->names[u]));
    assert_true(rows >= 2);
    if (ui->burst_cuts)
        fail_msg("%s: %d of a burst's words cut, the first \"%s\"", when, ui->burst_cuts, ui->text.first_cut);
}

/* Two turns' missions on the bunker: the lesson's dice (a fuel-air round
 * strays 14" and a shell lands on the APC), and a game of seed 3 played
 * in the window (a fuel-air round catches the three units in the Hill
 * 204 bunker, then the NSL mortar fires over open sights). */
static const int lesson_dice[] = {8, 2, 6, 7, 6, 6, 2, 8, 5, 4, 2, 7, 2};
static const struct {
    uint64_t seed;
    const int *dice;
    int ndice;
    const char *lines[7];
} plays[] = {
    {1, lesson_dice, (int)(sizeof lesson_dice / sizeof lesson_dice[0]),
     {"decide first phalon", "activate ph-fo", "call-fire ph-fo at 43,11 fae-bty fae",
      "call-fire ph-fo at 52,16 fae-bty gp", NULL}},
    {3, NULL, 0,
     {"decide first phalon", "activate ph-fo", "call-fire ph-fo at 51.841,16.019 fae", "call-fire ph-fo at 35.688,22.844 gp",
      "activate nsl-mortar", "call-fire nsl-mortar at 29.545,35.13 gp", NULL}},
};

static void test_burst_words_whole(void **state)
{
    (void)state;
    static const window_size sizes[] = {{1600, 1000, 1.0f}, {1280, 800, 1.0f}, {1280, 720, 2.0f}};
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
        for (size_t g = 0; g < sizeof plays / sizeof plays[0]; g++) {
            make_window(sizes[z].w, sizes[z].h);
            open_game_seed("maps/bunker.json", plays[g].seed);
            view.user_scale = sizes[z].scale;
            if (plays[g].ndice)
                sl_game_script_dice(&play.game, plays[g].dice, plays[g].ndice);
            char err[600];
            for (int i = 0; plays[g].lines[i]; i++)
                if (!sl_play_do_line(&play, plays[g].lines[i], err, sizeof err))
                    fail_msg("%s: %s", plays[g].lines[i], err);
            for (int layout = 0; layout < 2; layout++) {
                view.layout = layout == 0 ? SL_LAYOUT_PRESENTATION : SL_LAYOUT_TABLE;
                for (int zoom = 0; zoom < 2; zoom++) {
                    view.fitted = false;
                    draw();
                    if (zoom) {
                        view.scale *= 2.5;
                        view.cx = 45;
                        view.cy = 12;
                    }
                    ui->text.cuts = 0; /* the first cut named is this frame's */
                    draw();
                    char when[160];
                    snprintf(when, sizeof when, "game %d, %dx%d at %.0f%%, the %s layout%s", (int)g + 1, W, H,
                             sizes[z].scale * 100, layout == 0 ? "presentation" : "table",
                             zoom ? ", zoomed in on the bunker" : "");
                    if (getenv("SL_FLOWS_SHOTS")) {
                        char bmp[200];
                        snprintf(bmp, sizeof bmp, "%s/burst-%d-%d-%d-%d.bmp", getenv("SL_FLOWS_SHOTS"), (int)g, (int)z,
                                 layout, zoom);
                        SDL_SaveBMP(surf, bmp);
                    }
                    burst_rows_whole(when);
                }
            }
        }
    fprintf(stderr, "%d rows of counters or bursts' rings covered; at 200%%, %d places' labels or rings under the "
            "bursts' words\n", covered, crowded);
    assert_int_equal(covered, 0);
    assert_int_equal(crowded, 0);
}

/* Does the segment (x0, y0)-(x1, y1) pass through r (its edge shrunk by
 * a pixel: a line that only touches it does not hide its words)? */
static bool segment_crosses(const float *seg, const SDL_FRect *r)
{
    float lo = 0, hi = 1, dx = seg[2] - seg[0], dy = seg[3] - seg[1];
    const float p[4] = {-dx, dx, -dy, dy};
    const float q[4] = {seg[0] - (r->x + 1), (r->x + r->w - 1) - seg[0], seg[1] - (r->y + 1), (r->y + r->h - 1) - seg[1]};
    for (int i = 0; i < 4; i++) {
        if (fabsf(p[i]) < 1e-6f) {
            if (q[i] < 0)
                return false;
            continue;
        }
        float t = q[i] / p[i];
        if (p[i] < 0)
            lo = fmaxf(lo, t);
        else
            hi = fminf(hi, t);
        if (lo > hi)
            return false;
    }
    return true;
}

/* The leader lines of this frame's bursts (from a burst's ring, or an aim
 * point, to its words moved off it) cross no other burst's words: each
 * crossing said (the first ten), counted in *n; the crossings of names
 * and places' labels counted in *labels. */
static void leaders_clear(const char *when, int *n, int *labels)
{
    for (int l = 0; l < ui->nleaders; l++) {
        const struct ui_leader *d = &ui->leaders[l];
        for (int i = 0; i < ui->nburst_rows; i++) {
            const SDL_FRect *r = &ui->burst_rows[i];
            if (scene_rects_overlap(r, &d->to) || !segment_crosses(d->seg, r))
                continue; /* its own words, or clear */
            if ((*n)++ < 10)
                fprintf(stderr, "%s: a burst's leader line (%.0f,%.0f to %.0f,%.0f) crosses another burst's words "
                        "(%.0f,%.0f %.0fx%.0f)\n",
                        when, d->seg[0], d->seg[1], d->seg[2], d->seg[3], r->x, r->y, r->w, r->h);
        }
        for (int u = 0; u < world.scn.nunits && u < ui->names_cap; u++)
            *labels += ui->names[u].w > 0 && segment_crosses(d->seg, &ui->names[u]);
        for (int t = 0; t < ui->ntexts; t++)
            *labels += segment_crosses(d->seg, &ui->texts[t]);
    }
}

/* Two missions landing in one turn on the bunker (the games above): no
 * burst's leader line runs across the other burst's words (issue 41: at
 * 1280x720 200% in the presentation, the second mission's leader line
 * from its words to its ring crossed the first mission's words), at
 * 1600x1000, 1280x800 and 1280x720 with text at 200% and 250%, both
 * layouts, fitted and zoomed in on the bunker. */
static void test_burst_leaders_clear(void **state)
{
    (void)state;
    static const window_size sizes[] = {{1600, 1000, 1.0f}, {1280, 800, 1.0f}, {1280, 720, 2.0f}, {1280, 720, 2.5f}};
    int crossings = 0, labels = 0, leaders = 0;
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
        for (size_t g = 0; g < sizeof plays / sizeof plays[0]; g++) {
            make_window(sizes[z].w, sizes[z].h);
            open_game_seed("maps/bunker.json", plays[g].seed);
            view.user_scale = sizes[z].scale;
            if (plays[g].ndice)
                sl_game_script_dice(&play.game, plays[g].dice, plays[g].ndice);
            char err[600];
            for (int i = 0; plays[g].lines[i]; i++)
                if (!sl_play_do_line(&play, plays[g].lines[i], err, sizeof err))
                    fail_msg("%s: %s", plays[g].lines[i], err);
            for (int layout = 0; layout < 2; layout++) {
                view.layout = layout == 0 ? SL_LAYOUT_PRESENTATION : SL_LAYOUT_TABLE;
                for (int zoom = 0; zoom < 2; zoom++) {
                    view.fitted = false;
                    draw();
                    if (zoom) {
                        view.scale *= 2.5;
                        view.cx = 45;
                        view.cy = 12;
                    }
                    draw();
                    char when[160];
                    snprintf(when, sizeof when, "game %d, %dx%d at %.0f%%, the %s layout%s", (int)g + 1, W, H,
                             sizes[z].scale * 100, layout == 0 ? "presentation" : "table",
                             zoom ? ", zoomed in on the bunker" : "");
                    int before = crossings;
                    leaders += ui->nleaders;
                    leaders_clear(when, &crossings, &labels);
                    if (getenv("SL_FLOWS_SHOTS") && crossings > before) {
                        char bmp[200];
                        snprintf(bmp, sizeof bmp, "%s/leader-%d-%d-%d-%d.bmp", getenv("SL_FLOWS_SHOTS"), (int)g,
                                 (int)z, layout, zoom);
                        SDL_SaveBMP(surf, bmp);
                    }
                }
            }
        }
    fprintf(stderr, "%d leader lines; %d cross another burst's words, %d a name or a place's label\n", leaders,
            crossings, labels);
    assert_true(leaders > 0);
    assert_int_equal(crossings, 0);
}

/* All the words a frame draws, whole (none copied from the kept frame),
 * a pair cut over two lines joined again. */
static const char *words_drawn(void)
{
    ui->text.record = true;
    ui->text.nseen = 0;
    ui->text.nseen_at = 0;
    ui->text.seen[0] = '\0';
    ui_drop_caches(ui);
    draw();
    ui->text.record = false;
    static char seen[sizeof ui->text.seen];
    snprintf(seen, sizeof seen, "%s", ui->text.seen);
    for (char *c = seen; *c; c++)
        *c = *c == '\n' ? ' ' : *c;
    return seen;
}

/* A SkirmishCorps unit's card names the firearm it carries (fix8: the
 * card showed none, in the local window and the joined one alike): each
 * unit of the examples' table, selected, its card in the side panel read,
 * in a small window too. */
static void test_skirmish_card_firearm(void **state)
{
    (void)state;
    static const struct {
        const char *unit, *firearm;
    } carries[] = {{"unit-a", "automatic rifle"},
                   {"scout", "small sniper rifle"},
                   {"trooper", "pump shotgun"},
                   {"runner", "SMG"}};
    static const int sizes[][2] = {{1280, 800}, {940, 760}};
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        make_window(sizes[z][0], sizes[z][1]);
        open_game("maps/lessons/tables/skirmish-example.json");
        for (size_t i = 0; i < sizeof carries / sizeof carries[0]; i++) {
            int u = sl_scenario_find_unit(&play.disp.scn, carries[i].unit);
            assert_true(u >= 0);
            view.layout = SL_LAYOUT_TABLE; /* the card is the side panel's */
            view.fitted = false;
            sl_view_select_unit(&view, u, false);
            const char *seen = words_drawn();
            if (!strstr(seen, "In the game"))
                fail_msg("%dx%d: %s's card is not shown: \"%s\"", sizes[z][0], sizes[z][1], carries[i].unit, seen);
            if (!strstr(seen, carries[i].firearm))
                fail_msg("%dx%d: %s's card does not name its %s: \"%s\"", sizes[z][0], sizes[z][1], carries[i].unit,
                         carries[i].firearm, seen);
        }
    }
}

/* The window's readings of the journal, the dice log and the roll cards
 * beside the units, name the points the rules' lines quote as the
 * refusals do ("calls fire at that point near ..."), while the journal
 * keeps its own words: game 2's missions, each command's rolls drawn in
 * both layouts. */
static void test_rolls_name_points(void **state)
{
    (void)state;
    make_window(1600, 1000);
    open_game_seed("maps/bunker.json", plays[1].seed);
    char err[600];
    int calls = 0;
    for (int i = 0; plays[1].lines[i]; i++) {
        if (!sl_play_do_line(&play, plays[1].lines[i], err, sizeof err))
            fail_msg("%s: %s", plays[1].lines[i], err);
        for (int layout = 0; layout < 2; layout++) {
            view.layout = layout == 0 ? SL_LAYOUT_PRESENTATION : SL_LAYOUT_TABLE;
            view.fitted = false;
            draw();
            const char *seen = words_drawn();
            calls += strstr(seen, "calls") != NULL;
            char what[200];
            snprintf(what, sizeof what, "after \"%s\", the %s layout's rolls%s", plays[1].lines[i],
                     layout == 0 ? "presentation" : "table", layout == 0 ? "" : " and dice log");
            no_point(what, "maps/bunker.json", "", seen);
        }
    }
    assert_true(calls > 0); /* the missions' rolls were drawn */
    int quoted = 0;
    for (int i = 0; i < play.game.journal.n; i++)
        quoted += play.game.journal.ev[i].kind == SL_EV_ROLL && quotes_point(play.game.journal.ev[i].text) != NULL;
    assert_true(quoted > 0); /* the journal's own words, kept */
}

/* A click beside the cloth while aiming (proj7 saw it on the bunker at
 * 1280x720 200%): refused as off the table, in a player's words, not as
 * a command that "cannot be written down as a command line". */
static void test_click_off_the_cloth(void **state)
{
    (void)state;
    make_window(1280, 800);
    open_decided("maps/bunker.json", 1, "decide first nsl");
    char err[600];
    assert_true(sl_play_do_line(&play, "activate nsl-mortar", err, sizeof err));
    sl_command c;
    assert_true(sl_command_parse(&play.game.live, "call-fire nsl-mortar at 16,17", &c, err, sizeof err));
    c.text[0] = '\0'; /* built by the window, not typed */
    c.at = sl_pt_make(-6402, 3847);
    int n = play.game.journal.n;
    assert_false(ui_run(&view, &c));
    assert_int_equal(play.game.journal.n, n);
    assert_true(view.pick.message_is_error);
    if (strstr(view.pick.message, "off the table") == NULL || strstr(view.pick.message, "command line") != NULL)
        fail_msg("a click off the cloth reads \"%s\"", view.pick.message);
    draw();
}

/* The unit acting (the mover a decision is about, else the active unit)
 * and the decision's own way and points, on the screen, under no card a
 * player reads (the roll cards, the decision's or the pick's card, the
 * sight card, the refusal box): what a player watches to answer is never
 * hidden by the words asking him. */
static int actor_overlaps, actor_frames, too_big;

static bool card_over(const SDL_FRect *r, float x, float y, float rad)
{
    float dx = fmaxf(0, fmaxf(r->x - x, x - (r->x + r->w))), dy = fmaxf(0, fmaxf(r->y - y, y - (r->y + r->h)));
    return dx * dx + dy * dy < rad * rad;
}

/* One card over what it should leave seen: counted, the first ten said. */
static void said(const char *fmt, ...)
{
    if (actor_overlaps++ >= 10)
        return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

/* The status line's box (a sentence too long for the bar stands over its
 * top edge) lies over no card a player reads: the table's, the one beside
 * the table over the panel, the refusal box. */
static void status_clear_of_cards(const char *when)
{
    const SDL_FRect *b = &ui->status_box;
    for (int c = 0; c < ui->nread_cards; c++)
        if (scene_rects_overlap(b, &ui->read_card[c]))
            said("%s: the status line's box (%.0f,%.0f %.0fx%.0f) lies over \"%s\" (%.0f,%.0f %.0fx%.0f)", when, b->x,
                 b->y, b->w, b->h, ui->read_kind[c], ui->read_card[c].x, ui->read_card[c].y, ui->read_card[c].w,
                 ui->read_card[c].h);
    const SDL_FRect *beside[] = {&ui->aside_box, &ui->list_box, &ui->refusal_box};
    for (size_t i = 0; i < sizeof beside / sizeof beside[0]; i++)
        if (beside[i]->w > 0 && scene_rects_overlap(b, beside[i]))
            said("%s: the status line's box (%.0f,%.0f %.0fx%.0f) lies over a card (%.0f,%.0f %.0fx%.0f)", when, b->x,
                 b->y, b->w, b->h, beside[i]->x, beside[i]->y, beside[i]->w, beside[i]->h);
}

/* The status line's box keeps off the units the flow is about (the one a
 * decision is about, the active one, the target of the command waiting
 * on the answer), or with every, off every unit on the table: their men,
 * names, rows of counters (ACTING...) and teams' tags. At 1280x720 200%
 * the box moved to the table's foot for a SkirmishCorps throw lay over
 * Unit A's ACTING tag and the Runner it was thrown at; hanging from the
 * table's top, over the Trooper beside them. */
static void status_clear_of_units(const char *when, bool every)
{
    const SDL_FRect *b = &ui->status_box;
    const sl_game *g = &play.game;
    const sl_scenario *scn = &play.disp.scn;
    bool deciding = g->pending.kind != SL_DECIDE_NONE;
    int units[64] = {deciding ? g->pending.mover : -1, sl_game_active_unit(g), deciding ? g->pending.resume.target : -1};
    int n = 3;
    for (int u = 0; every && u < scn->nunits && n < 64; u++)
        units[n++] = u;
    sl_cam cam;
    cam_from_view(&view, &ui->lay.table, &cam);
    for (int k = 0; k < n && b->w > 0; k++) {
        int u = units[k];
        if (u < 0 || u >= scn->nunits)
            continue;
        const char *name = scn->units[u].name;
        for (int f = 0; f < scn->units[u].nfigures; f++) {
            const sl_figure *fg = &scn->figures[scn->units[u].first_figure + f];
            float x, y;
            cam_pt(&cam, fg->pos, &x, &y);
            if (fg->status != SL_FIG_DEAD && card_over(b, x, y, scene_figure_radius(fg, &cam, ui->lay.s) - 1))
                fail_msg("%s: the status line's box (%.0f,%.0f %.0fx%.0f) covers a man of %s at %.0f,%.0f", when, b->x,
                         b->y, b->w, b->h, name, x, y);
        }
        if (u < ui->names_cap && ui->names[u].w > 0 && scene_rects_overlap(b, &ui->names[u]))
            fail_msg("%s: the status line's box (%.0f,%.0f %.0fx%.0f) covers %s's name", when, b->x, b->y, b->w, b->h,
                     name);
        for (int m = 0; m < ui->nmark_rows; m++)
            if (ui->mark_row_unit[m] == u && scene_rects_overlap(b, &ui->mark_rows[m]))
                fail_msg("%s: the status line's box (%.0f,%.0f %.0fx%.0f) covers %s's row of counters (%.0f,%.0f "
                         "%.0fx%.0f)",
                         when, b->x, b->y, b->w, b->h, name, ui->mark_rows[m].x, ui->mark_rows[m].y,
                         ui->mark_rows[m].w, ui->mark_rows[m].h);
        for (int t = 0; t < ui->ntags; t++)
            if (ui->tag_unit[t] == u && scene_rects_overlap(b, &ui->tags[t]))
                fail_msg("%s: the status line's box covers %s's team tag", when, name);
    }
}

static void cards_clear_of_actor(const char *when)
{
    const sl_game *g = &play.game;
    int u = g->pending.kind != SL_DECIDE_NONE && g->pending.mover >= 0 ? g->pending.mover : sl_game_active_unit(g);
    sl_cam cam;
    cam_from_view(&view, &ui->lay.table, &cam);
    const sl_scenario *scn = &play.disp.scn;
    static sl_decision_view d;
    sl_decision_input in;
    ui_decision_input(&view, &in);
    bool decision = sl_game_decision_for(g, play.view_side, &in, &d) && d.nlines > 0;
    actor_frames++;
    status_clear_of_cards(when);
    for (int c = 0; c < ui->nread_cards; c++) {
        const SDL_FRect *r = &ui->read_card[c];
        /* a card over half the table's view (a long prompt at 1280x720
         * with text at 200%: the outpost's opportunity fire, a
         * SkirmishCorps attack to roll) is checked too: it must find a
         * place clear of the unit acting, or stand beside the table */
        const SDL_FRect *T = &ui->lay.table;
        too_big += r->w * r->h > 0.5f * T->w * T->h;
        for (int o = c + 1; o < ui->nread_cards; o++) /* nor a card over another's words */
            if (scene_rects_overlap(r, &ui->read_card[o]))
                said("%s: \"%s\" and \"%s\" lie one over the other", when, ui->read_kind[c], ui->read_kind[o]);
        for (int f = 0; u >= 0 && f < scn->units[u].nfigures; f++) {
            const sl_figure *fg = &scn->figures[scn->units[u].first_figure + f];
            float x, y;
            cam_pt(&cam, fg->pos, &x, &y);
            if (fg->status != SL_FIG_DEAD && card_over(r, x, y, scene_figure_radius(fg, &cam, ui->lay.s) - 1)) {
                said("%s: \"%s\" (%.0f,%.0f %.0fx%.0f) covers a man of %s, the unit acting, at %.0f,%.0f", when,
                             ui->read_kind[c], r->x, r->y, r->w, r->h, scn->units[u].name, x, y);
            }
        }
        if (!decision || !(d.draw & SL_DRAW_WAY_REST) || g->mv.nway < 2)
            continue;
        /* the rest of the mover's way, every half inch, and each answer's best point */
        for (double a = g->mv.done; a <= g->mv.go; a += 500) {
            float x, y;
            cam_pt(&cam, sl_path_point_at(g->mv.way, g->mv.nway, a), &x, &y);
            if (card_over(r, x, y, 2) )
                said("%s: \"%s\" covers the mover's way at %.0f,%.0f", when, ui->read_kind[c], x, y);
        }
        for (int i = 0; i < d.nanswers; i++)
            if (d.answers[i].best_at >= 0) {
                float x, y;
                cam_pt(&cam, sl_path_point_at(g->mv.way, g->mv.nway, d.answers[i].best_at), &x, &y);
                if (card_over(r, x, y, 6 * ui->lay.s) )
                    said("%s: \"%s\" covers the best point of answer %d at %.0f,%.0f", when, ui->read_kind[c],
                             i + 1, x, y);
            }
    }
}

/* Both layouts of the frame as it stands, the table fitted. */
static void check_actor_frame(const char *what)
{
    for (int layout = 0; layout < 2; layout++) {
        view.layout = layout == 0 ? SL_LAYOUT_TABLE : SL_LAYOUT_PRESENTATION;
        view.fitted = false;
        draw();
        char when[300];
        snprintf(when, sizeof when, "%s, %dx%d at %.0f%%, the %s layout", what, W, H, view.user_scale * 100,
                 layout == 0 ? "table" : "presentation");
        int before = actor_overlaps;
        cards_clear_of_actor(when);
        if (getenv("SL_FLOWS_SHOTS") && actor_overlaps > before) {
            static int shot;
            char bmp[200];
            snprintf(bmp, sizeof bmp, "%s/actor-%d.bmp", getenv("SL_FLOWS_SHOTS"), shot++);
            SDL_SaveBMP(surf, bmp);
        }
    }
}

/* The outpost's worked example up to ESU's opportunity fire prompt, in a
 * window of size z; its last line, the marines' combat move, run as a
 * click runs it (ui_run) when by_window, so that the status line says
 * the offer as the window does. */
static void opfire_prompt(const window_size *z, bool by_window)
{
    char err[600];
    make_window(z->w, z->h);
    open_game_seed("maps/outpost.json", 1);
    view.user_scale = z->scale;
    int *dice, nd;
    assert_true(sl_dice_file_load("tests/replays/overwatch-example.dice", &dice, &nd, NULL));
    assert_true(sl_game_script_dice(&play.game, dice, nd));
    free(dice);
    FILE *f = fopen("tests/replays/overwatch-prompt.txt", "r");
    assert_non_null(f);
    char line[512], last[512] = "";
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (!line[0] || line[0] == '#')
            continue;
        if (last[0] && !sl_play_do_line(&play, last, err, sizeof err))
            fail_msg("%s: %s", last, err);
        snprintf(last, sizeof last, "%s", line);
    }
    fclose(f);
    if (by_window) {
        sl_command c;
        assert_true(sl_command_parse(&play.game.live, last, &c, err, sizeof err));
        assert_true(ui_run(&view, &c));
    } else if (!sl_play_do_line(&play, last, err, sizeof err)) {
        fail_msg("%s: %s", last, err);
    }
    assert_int_not_equal(play.game.pending.kind, SL_DECIDE_NONE);
}

/* The outpost's opportunity fire prompt (the golden opfire-prompt-text),
 * then every shipped scenario played by the program for a few commands,
 * each frame in both layouts at 1280x800 and at 1280x720 with text at
 * 200%. */
static void test_cards_clear_of_actor(void **state)
{
    (void)state;
    static const window_size sizes[] = {{1280, 800, 1.0f}, {1600, 1000, 1.0f}, {1280, 720, 2.0f}};
    char err[600];
    actor_overlaps = 0;
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        opfire_prompt(&sizes[z], false);
        check_actor_frame("the outpost's opportunity fire prompt");
    }
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z += 2) {
        make_window(sizes[z].w, sizes[z].h);
        for (size_t f = 0; f < NSHIPPED; f++) {
            open_game(shipped[f]);
            view.user_scale = sizes[z].scale;
            play.solo_side = SL_SOLO_BOTH;
            for (int step = 0; step < 8; step++) {
                if (!sl_play_solo_step(&play, err, sizeof err))
                    break;
                char what[200];
                snprintf(what, sizeof what, "%s after %d of the program's commands", shipped[f], step + 1);
                check_actor_frame(what);
            }
        }
    }
    fprintf(stderr, "%d frames, %d cards over the unit acting or its way; %d cards over half the table\n",
            actor_frames, actor_overlaps, too_big);
    assert_int_equal(actor_overlaps, 0);
}


/* The outpost's opportunity fire prompt as the window gives it (the
 * combat move run as a click runs it, so the status line says the offer
 * in its own long words): in the table layout at 1280x720 with text at
 * 200% the prompt's card stands beside the table, over the panel, down
 * to the panel's foot, and the status sentence's box (three rows) stood
 * over its last line ("[N] no (more) opportunity fire"); at 150% and at
 * 1280x800 too. The box keeps off every card, its words whole. */
static void test_status_box_off_cards(void **state)
{
    (void)state;
    static const window_size sizes[] = {{1280, 720, 2.0f}, {1280, 720, 1.5f}, {1366, 768, 2.0f}, {1280, 800, 2.0f}};
    int boxes = 0;
    actor_overlaps = 0;
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        opfire_prompt(&sizes[z], true);
        assert_non_null(strstr(view.status, "may answer Marines 2nd Squad's move with opportunity fire"));
        for (int layout = 0; layout < 2; layout++) {
            view.layout = layout == 0 ? SL_LAYOUT_TABLE : SL_LAYOUT_PRESENTATION;
            view.fitted = false;
            int cuts0 = ui->text.cuts;
            draw();
            char when[200];
            snprintf(when, sizeof when, "the opportunity fire prompt, %dx%d at %.0f%%, the %s layout", W, H,
                     sizes[z].scale * 100, layout == 0 ? "table" : "presentation");
            boxes += ui->status_box.w > 0;
            status_clear_of_cards(when);
            status_clear_of_units(when, false);
            if (ui->text.cuts != cuts0)
                fail_msg("%s: cut: %s", when, ui->text.first_cut);
        }
    }
    assert_true(boxes > 0); /* the sentence did stand in its box */
    assert_int_equal(actor_overlaps, 0);
}

/* In the presentation at 1280x720 with text at 200%, a SkirmishCorps
 * throw clicked on a unit: the card asking what happened fills the strip,
 * and the status line's long sentence (the throw, and that the players
 * roll it) stood in its box over the card's answers ([1] a miss ... [5]
 * out of action). The box keeps off the strip's cards, its words whole. */
static void test_status_box_off_strip_card(void **state)
{
    (void)state;
    make_window(1280, 720);
    int tried = 0, said_short = 0;
    for (int target = 0; target < 8; target++) {
        char err[600], line[120];
        open_decided("maps/lessons/tables/skirmish-example.json", 7, "decide first blue");
        view.user_scale = 2.0f;
        view.layout = SL_LAYOUT_PRESENTATION;
        assert_true(sl_play_do_line(&play, "activate unit-a", err, sizeof err));
        if (target >= play.disp.scn.nunits || play.disp.scn.units[target].side == play.game.live.units[0].side)
            continue;
        snprintf(line, sizeof line, "throw unit-a at %s", play.disp.scn.units[target].id);
        sl_command c;
        assert_true(sl_command_parse(&play.game.live, line, &c, err, sizeof err));
        if (!ui_run(&view, &c))
            continue;
        assert_int_not_equal(play.game.pending.kind, SL_DECIDE_NONE);
        int cuts0 = ui->text.cuts;
        draw();
        assert_true(ui->lay.present);
        const SDL_FRect *S = &ui->lay.strip, *b = &ui->status_box;
        SDL_FRect cards = {S->x, S->y, S->w, ui->strip_y - S->y};
        if (scene_rects_overlap(b, &cards))
            fail_msg("%s: the status line's box (%.0f,%.0f %.0fx%.0f) lies over the strip's cards (down to %.0f): \"%s\"",
                     line, b->x, b->y, b->w, b->h, ui->strip_y, view.status);
        if (ui->text.cuts != cuts0)
            fail_msg("%s: cut: %s", line, ui->text.first_cut);
        status_clear_of_units(line, true);
        if (getenv("SL_FLOWS_SHOTS")) {
            char bmp[200];
            snprintf(bmp, sizeof bmp, "%s/status-%d.bmp", getenv("SL_FLOWS_SHOTS"), target);
            SDL_SaveBMP(surf, bmp);
        }
        tried += b->w > 0;
        said_short += b->w <= 0 && strstr(words_drawn(), "the card says what to press") != NULL;
    }
    assert_true(tried + said_short > 0); /* the sentence did stand in its box, or the card says it */
}

/* A refusal's word for its point ("that point") beside its ring, never on
 * a unit's row of counters: on the outpost, a point refused just left of
 * each row of counters on the table, at 1280x800 and 1280x720 at 200%. */
static void test_refusal_word_off_counters(void **state)
{
    (void)state;
    static const window_size sizes[] = {{1280, 800, 1.0f}, {1280, 720, 2.0f}};
    int tried = 0;
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        make_window(sizes[z].w, sizes[z].h);
        open_decided("maps/outpost.json", 7, "decide first nac");
        view.user_scale = sizes[z].scale;
        view.layout = SL_LAYOUT_TABLE;
        view.fitted = false;
        draw();
        sl_cam cam;
        cam_from_view(&view, &ui->lay.table, &cam);
        /* the screen to the table: cam_pt is x' = a x + b, y' = c y + d */
        float x0, y0, x1, y1;
        cam_pt(&cam, (sl_pt){0, 0}, &x0, &y0);
        cam_pt(&cam, (sl_pt){1000, 1000}, &x1, &y1);
        int nrows = ui->nmark_rows;
        SDL_FRect rows[UI_MAX_MARK_ROWS];
        memcpy(rows, ui->mark_rows, sizeof rows);
        for (int i = 0; i < nrows; i++) {
            float s = ui->lay.s, r = 9 * s;
            /* the ring's right where the word went, by the row's left end */
            float sx = rows[i].x - r - 6 * s, sy = rows[i].y + r;
            sl_pt p = {(int32_t)lroundf((sx - x0) / (x1 - x0) * 1000), (int32_t)lroundf((sy - y0) / (y1 - y0) * 1000)};
            snprintf(view.pick.message, sizeof view.pick.message, "Not allowed: cannot see that point");
            view.pick.message_is_error = true;
            view.pick.message_at[0] = p;
            view.pick.message_nat = 1;
            draw();
            assert_int_equal(ui->nrefusal_words, 1);
            tried++;
            for (int j = 0; j < ui->nmark_rows; j++)
                if (scene_rects_overlap(&ui->refusal_words[0], &ui->mark_rows[j]))
                    fail_msg("%dx%d at %.0f%%: the refusal's \"that point\" (%.0f,%.0f %.0fx%.0f) lies on %s's row of "
                             "counters (%.0f,%.0f %.0fx%.0f)",
                             W, H, view.user_scale * 100, ui->refusal_words[0].x, ui->refusal_words[0].y,
                             ui->refusal_words[0].w, ui->refusal_words[0].h,
                             play.disp.scn.units[ui->mark_row_unit[j]].name, ui->mark_rows[j].x, ui->mark_rows[j].y,
                             ui->mark_rows[j].w, ui->mark_rows[j].h);
        }
        view.pick.message_is_error = false;
        view.pick.message[0] = '\0';
        view.pick.message_nat = 0;
    }
    assert_true(tried >= 4);
}

/* The bunker in a window of size z, the NSL mortar team active. */
static void mortar_active(const window_size *z)
{
    char err[300];
    make_window(z->w, z->h);
    open_decided("maps/bunker.json", 1, "decide first nsl");
    assert_true(sl_play_do_line(&play, "activate nsl-mortar", err, sizeof err));
    view.user_scale = z->scale;
}

/* The same, and the mortar's offers (its index in u). */
static int mortar_offers(const window_size *z, sl_offer *offers, int *u)
{
    mortar_active(z);
    *u = sl_game_active_unit(&play.game);
    return sl_game_offers(&play.game, *u, offers, SL_MAX_OFFERS);
}

/* What a refusal's word for its point lies on: a unit's name, a row of
 * counters, a place's label or a building's word; NULL: nothing. */
static const char *refusal_word_on(const SDL_FRect *r, SDL_FRect *on)
{
    for (int u = 0; u < play.disp.scn.nunits && u < ui->names_cap; u++)
        if (ui->names[u].w > 0 && rects_meet(r, &ui->names[u]))
            return *on = ui->names[u], play.disp.scn.units[u].name;
    for (int m = 0; m < ui->nmark_rows; m++)
        if (rects_meet(r, &ui->mark_rows[m]))
            return *on = ui->mark_rows[m], "a row of counters";
    for (int t = 0; t < ui->ntexts; t++)
        if (rects_meet(r, &ui->texts[t]))
            return *on = ui->texts[t], "a place's label";
    for (int t = 0; t < ui->ntags; t++)
        if (rects_meet(r, &ui->tags[t]))
            return *on = ui->tags[t], "a team's tag";
    return NULL;
}

/* A refusal's word for its point ("that point") off every other label:
 * at 1280x720 200% in the presentation, the NSL mortar's fire over open
 * sights refused at Phalon 1st Warband behind the farmhouse put it on
 * "Phalon 1st Warband". Each of the mortar's point offers, refused on a
 * 2" grid round the Phalon warbands, at 1280x720 200% and 1600x1000. */
static void test_refusal_word_off_labels(void **state)
{
    (void)state;
    static const window_size sizes[] = {{1280, 720, 2.0f}, {1600, 1000, 1.0f}};
    int tried = 0, on = 0;
    char err[300];
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        mortar_active(&sizes[z]);
        view.layout = SL_LAYOUT_PRESENTATION;
        int u = sl_game_active_unit(&play.game);
        sl_offer offers[SL_MAX_OFFERS];
        int no = sl_game_offers(&play.game, u, offers, SL_MAX_OFFERS);
        for (int k = 0; k < no; k++) {
            if (!offers[k].needs_point || offers[k].toggle)
                continue;
            for (int32_t x = 4000; x <= 14000; x += 2000)
                for (int32_t y = 21000; y <= 33000; y += 2000) {
                    sl_command c;
                    sl_pt p = {x, y};
                    sl_offer_command(&play.game, &offers[k], u, -1, &p, 1, NULL, 0, false, &c);
                    if (sl_game_can(&play.game, &c, err, sizeof err) || ui_run(&view, &c))
                        continue;
                    view.fitted = false;
                    draw();
                    for (int i = 0; i < ui->nrefusal_words; i++) {
                        tried++;
                        SDL_FRect r = ui->refusal_words[i], what;
                        const char *name = refusal_word_on(&r, &what);
                        if (name && on++ < 10)
                            fprintf(stderr,
                                    "%dx%d at %.0f%%, offer %d refused at %.0f,%.0f: \"%s\" (%.0f,%.0f %.0fx%.0f) lies "
                                    "on %s (%.0f,%.0f %.0fx%.0f)\n",
                                    W, H, view.user_scale * 100, k, x / 1000.0, y / 1000.0,
                                    view.pick.message_nat == 1 ? "that point" : "point N", r.x, r.y, r.w, r.h, name,
                                    what.x, what.y, what.w, what.h);
                        if (getenv("SL_FLOWS_SHOTS") && ((name && on == 1) || (x == 6000 && y == 25000))) {
                            char bmp[200];
                            snprintf(bmp, sizeof bmp, "%s/refusal-word-%s%d-%d.bmp", getenv("SL_FLOWS_SHOTS"),
                                     name ? "on-" : "", (int)z, k);
                            SDL_SaveBMP(surf, bmp);
                        }
                    }
                    view.pick.message_is_error = false;
                    view.pick.message[0] = '\0';
                    view.pick.message_nat = 0;
                }
        }
    }
    fprintf(stderr, "%d refusal words, %d on another label\n", tried, on);
    assert_true(tried >= 10);
    assert_int_equal(on, 0);
}

/* A point in open ground, more than 2" from any named terrain, is named
 * by the nearest piece and how far ("that point 9\" from Clump of
 * trees"), not left a bare "that point": on every shipped scenario, the
 * open points of a 6" grid. Terrain only: never a unit's name. */
static void test_open_ground_named(void **state)
{
    (void)state;
    int open = 0;
    for (size_t f = 0; f < NSHIPPED; f++) {
        sl_world_free(&world);
        sl_load_opts opts = {false};
        assert_true(sl_world_load(shipped[f], &opts, &world, NULL));
        const sl_table *t = &world.scn.table;
        for (int32_t x = 3000; x < t->width; x += 6000)
            for (int32_t y = 3000; y < t->height; y += 6000) {
                char in[80], out[300];
                snprintf(in, sizeof in, "goes toward (%.1f, %.1f): too far", x / 1000.0, y / 1000.0);
                sl_pt at;
                assert_int_equal(sl_scenario_point_words(&world.scn, in, out, sizeof out, &at, 1), 1);
                if (strstr(out, "that point in ") || strstr(out, "that point near "))
                    continue;
                open++;
                double inches;
                char name[100];
                if (sscanf(out, "goes toward that point %lf\" from %99[^:]", &inches, name) != 2)
                    fail_msg("%s: a point in open ground reads \"%s\"", shipped[f], out);
                bool terrain = false;
                for (int i = 0; i < t->nfeatures; i++)
                    terrain |= strcmp(t->features[i].name, name) == 0;
                for (int u = 0; u < world.scn.nunits; u++)
                    if (strstr(name, world.scn.units[u].name))
                        fail_msg("%s: \"%s\" names a unit", shipped[f], out);
                if (!terrain || inches < 2)
                    fail_msg("%s: \"%s\" does not name the nearest terrain over 2\" away", shipped[f], out);
            }
    }
    assert_true(open > 20);
}

/* The pick of a point offer o made, the pointer on the table (false:
 * o takes no point). */
static bool aim_offer(const sl_offer *o)
{
    if (!o->needs_point || o->toggle)
        return false;
    view.pick.kind = o->kind;
    view.pick.variant = o->variant;
    view.pick.target = -1;
    view.pick.point = true;
    view.mouse_in_table = true;
    return true;
}

/* An aimed burst's words at the pointer (its odds, or why not there) in
 * rows one under another inside the table's view: at 1280x720 with text
 * at 200% a refusal's three rows above a burst at the top of the table
 * were each pushed in at the view's edge, over one another (the NSL
 * mortar's call of fire aimed at Phalon 1st Warband). Every point offer
 * of the mortar, aimed along the top and bottom edges and across the
 * middle of the bunker table, at 1280x720 200% and 1600x1000. */
static void test_aimed_words_whole(void **state)
{
    (void)state;
    static const window_size sizes[] = {{1280, 720, 2.0f}, {1600, 1000, 1.0f}};
    int drawn = 0;
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        sl_offer offers[SL_MAX_OFFERS];
        int u, no = mortar_offers(&sizes[z], offers, &u);
        const sl_table *t = &play.disp.scn.table;
        for (int k = 0; k < no; k++) {
            if (!aim_offer(&offers[k]))
                continue;
            for (int i = 0; i < 15; i++) {
                int32_t ys[3] = {1000, t->height / 2, t->height - 1000};
                view.cursor = (sl_pt){(int32_t)(t->width * ((i % 5) + 0.5) / 5), ys[i / 5]};
                view.fitted = false;
                draw();
                for (int a = 0; a < ui->npreview_rows; a++) {
                    const SDL_FRect *r = &ui->preview_rows[a], *T = &ui->lay.table;
                    drawn++;
                    if (r->y < T->y - 0.5f || r->y + r->h > T->y + T->h + 0.5f)
                        fail_msg("%dx%d at %.0f%%, offer %d at %.1f,%.1f: a row of the words at the pointer (%.0f,%.0f "
                                 "%.0fx%.0f) is cut by the table's view",
                                 W, H, view.user_scale * 100, k, view.cursor.x / 1000.0, view.cursor.y / 1000.0, r->x,
                                 r->y, r->w, r->h);
                    for (int b = a + 1; b < ui->npreview_rows; b++)
                        if (scene_rects_overlap(r, &ui->preview_rows[b]))
                            fail_msg("%dx%d at %.0f%%, offer %d at %.1f,%.1f: two rows of the words at the pointer lie "
                                     "one over the other (%.0f,%.0f and %.0f,%.0f)",
                                     W, H, view.user_scale * 100, k, view.cursor.x / 1000.0, view.cursor.y / 1000.0,
                                     r->x, r->y, ui->preview_rows[b].x, ui->preview_rows[b].y);
                }
            }
        }
        view.pick.kind = SL_CMD_NONE;
        view.pick.point = false;
    }
    assert_true(drawn > 20);
}

/* The card asking what a SkirmishCorps throw did (issue 41, point 3): its
 * lines whole, none cut with "...", in the players' words (not "the
 * digest could not read", not "the players judge it"), saying the throw's
 * range in inches, that what is thrown and whether it reaches are the
 * players' to agree, and that the rules give a throw's range from ST:
 * Unit A's throw at each enemy it may throw at on the examples' table, in
 * both layouts, at 1600x1000 and at 1280x720 with text at 200%. */
static void throw_card_whole(const char *when, double inches)
{
    const char *seen = words_drawn();
    static char card[4096];
    card[0] = '\0';
    const char *t = strstr(ui->text.seen, "happened?");
    if (!t)
        fail_msg("%s: the throw's card is not shown whole: \"%s\"", when, seen);
    /* the card's rows, from its title's last row to its last key line */
    const char *row = strchr(t, '\n') + 1;
    bool keys = false;
    while (*row && !keys) {
        const char *end = strchr(row, '\n');
        size_t n = end ? (size_t)(end - row) : strlen(row);
        char one[600];
        snprintf(one, sizeof one, "%.*s", (int)n, row);
        keys = strstr(one, "[5]") != NULL;
        if (n >= 3 && memcmp(row + n - 3, "\xE2\x80\xA6", 3) == 0)
            fail_msg("%s: a row of the throw's card is cut: \"%.*s\"", when, (int)n, row);
        size_t at = strlen(card);
        snprintf(card + at, sizeof card - at, "%.*s ", (int)n, row);
        row = end ? end + 1 : row + n;
    }
    if (!keys)
        fail_msg("%s: the throw's card has no key line for 5: \"%s\"", when, card);
    static const char *const never[] = {"digest", "could not read", "judge it", "seed 0", "..."};
    for (size_t i = 0; i < sizeof never / sizeof never[0]; i++)
        if (strstr(card, never[i]))
            fail_msg("%s: the throw's card says \"%s\": \"%s\"", when, never[i], card);
    char range[32];
    snprintf(range, sizeof range, "%.1f\"", inches);
    if (!strstr(card, range) || !strstr(card, "thrown") || !strstr(card, "ST"))
        fail_msg("%s: the throw's card does not say its range (%s), what is thrown and the rules' ST: \"%s\"", when,
                 range, card);
}

/* What a throw did, in the status words, whole (issue 41: at 1600x1000
 * the line read "Unit A throws at Runner, 20.9\" away (the players agree
 * what is thrown and whether it reaches \xE2\x80\xA6 The rules give no
 * roll...": a bracket cut open, an ellipsis). The throw given as the
 * window gives it, at 1600x1000 and 1280x720 200%, both layouts: the
 * sentence has no ellipsis, its brackets close, and the frame draws it
 * without a cut. */
static void test_throw_status_whole(void **state)
{
    (void)state;
    static const window_size sizes[] = {{1600, 1000, 1.0f}, {1280, 720, 2.0f}};
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
        for (int layout = 0; layout < 2; layout++) {
            char err[600];
            make_window(sizes[z].w, sizes[z].h);
            open_decided("maps/lessons/tables/skirmish-example.json", 7, "decide first blue");
            view.user_scale = sizes[z].scale;
            view.layout = layout == 0 ? SL_LAYOUT_TABLE : SL_LAYOUT_PRESENTATION;
            assert_true(sl_play_do_line(&play, "activate unit-a", err, sizeof err));
            sl_command c;
            assert_true(sl_command_parse(&play.game.live, "throw unit-a at runner", &c, err, sizeof err));
            assert_true(ui_run(&view, &c));
            int open = 0;
            for (const char *q = view.status; *q; q++)
                open += *q == '(' ? 1 : *q == ')' ? -1 : 0;
            if (strstr(view.status, "\xE2\x80\xA6") || open != 0 || !strstr(view.status, "20.9\" away"))
                fail_msg("%dx%d at %.0f%%: the throw's status words are not whole: \"%s\"", W, H,
                         view.user_scale * 100, view.status);
            view.fitted = false;
            ui->text.cuts = 0;
            draw();
            if (getenv("SL_FLOWS_SHOTS")) {
                char bmp[200];
                snprintf(bmp, sizeof bmp, "%s/throw-status-%d-%d.bmp", getenv("SL_FLOWS_SHOTS"), (int)z, layout);
                SDL_SaveBMP(surf, bmp);
            }
            if (ui->text.cuts)
                fail_msg("%dx%d at %.0f%%, layout %d: %d words cut, the first \"%s\"", W, H, view.user_scale * 100,
                         layout, ui->text.cuts, ui->text.first_cut);
        }
}

static void test_throw_card_words(void **state)
{
    (void)state;
    static const window_size sizes[] = {{1600, 1000, 1.0f}, {1280, 720, 2.0f}};
    int cards = 0;
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        make_window(sizes[z].w, sizes[z].h);
        const sl_scenario *scn = &play.disp.scn;
        for (int target = 0; target < 8; target++) {
            char err[600], line[120];
            open_decided("maps/lessons/tables/skirmish-example.json", 7, "decide first blue");
            view.user_scale = sizes[z].scale;
            assert_true(sl_play_do_line(&play, "activate unit-a", err, sizeof err));
            if (target >= play.disp.scn.nunits || scn->units[target].side == play.game.live.units[0].side)
                continue;
            snprintf(line, sizeof line, "throw unit-a at %s", play.disp.scn.units[target].id);
            if (!sl_play_do_line(&play, line, err, sizeof err))
                continue;
            assert_int_not_equal(play.game.pending.kind, SL_DECIDE_NONE);
            /* the range as the journal keeps it: the attack's "12.3\"" */
            double inches = -1;
            for (int i = play.game.journal.n - 1; i >= 0 && inches < 0; i--) {
                const char *q = strchr(play.game.journal.ev[i].text, '"');
                while (q && inches < 0) {
                    const char *b = q;
                    while (b > play.game.journal.ev[i].text && (isdigit((unsigned char)b[-1]) || b[-1] == '.'))
                        b--;
                    if (b < q && strchr(b, '.') && strchr(b, '.') < q)
                        inches = strtod(b, NULL);
                    q = strchr(q + 1, '"');
                }
            }
            assert_true(inches > 0);
            for (int layout = 0; layout < 2; layout++) {
                view.layout = layout == 0 ? SL_LAYOUT_TABLE : SL_LAYOUT_PRESENTATION;
                view.fitted = false;
                char when[200];
                snprintf(when, sizeof when, "%dx%d at %.0f%%, the %s layout, %s", W, H, view.user_scale * 100,
                         layout == 0 ? "table" : "presentation", line);
                if (getenv("SL_FLOWS_SHOTS")) {
                    char bmp[200];
                    draw();
                    snprintf(bmp, sizeof bmp, "%s/throw-%s-%d-%d.bmp", getenv("SL_FLOWS_SHOTS"),
                             play.disp.scn.units[target].id, (int)z, layout);
                    SDL_SaveBMP(surf, bmp);
                }
                throw_card_whole(when, inches);
                cards++;
            }
        }
    }
    assert_true(cards >= 4);
}

/* The reorganise's card on the recovery example (issue 41, point 9: at
 * 1280x720 with text at 200% it dropped its odds' line and its keys'):
 * Command Squad's list of kit to recover, in both layouts, at 1600x1000
 * and at 1280x720 200%, says the odds of each test and what Enter and
 * Esc do, whole. */
static void test_recovery_card_keys(void **state)
{
    (void)state;
    static const window_size sizes[] = {{1600, 1000, 1.0f}, {1280, 720, 2.0f}};
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        make_window(sizes[z].w, sizes[z].h);
        open_game("maps/lessons/tables/recovery-example.json");
        char err[600];
        if (play.game.pending.kind != SL_DECIDE_NONE)
            assert_true(sl_play_do_line(&play, "decide first nac", err, sizeof err));
        assert_true(sl_play_do_line(&play, "activate cmd", err, sizeof err));
        view.user_scale = sizes[z].scale;
        int u = sl_scenario_find_unit(&play.disp.scn, "cmd");
        sl_list_view lv;
        assert_true(sl_game_pick_list(&play.game, u, SL_CMD_REORGANISE, 0, 0, &lv));
        for (int layout = 0; layout < 2; layout++) {
            view.layout = layout == 0 ? SL_LAYOUT_TABLE : SL_LAYOUT_PRESENTATION;
            view.fitted = false;
            sl_view_select_unit(&view, u, false);
            view.pick.kind = SL_CMD_REORGANISE;
            view.pick.variant = 0;
            view.pick.target = -1;
            view.pick.list_unit = u;
            view.pick.list_chosen = 0;
            view.pick.list_toggles = 0;
            const char *seen = words_drawn();
            if (getenv("SL_FLOWS_SHOTS")) {
                char bmp[200];
                snprintf(bmp, sizeof bmp, "%s/recovery-%d-%d.bmp", getenv("SL_FLOWS_SHOTS"), (int)z, layout);
                SDL_SaveBMP(surf, bmp);
            }
            static const char *const want[] = {"One test per item", "Enter: reorganise", "Esc: cancel"};
            for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
                if (!strstr(seen, want[i]))
                    fail_msg("%dx%d at %.0f%%, the %s layout: the reorganise's card does not say \"%s\": \"%s\"", W, H,
                             view.user_scale * 100, layout == 0 ? "table" : "presentation", want[i], seen);
        }
        view.pick.kind = SL_CMD_NONE;
    }
}

/* A vehicle's passengers are inside it, off the table: the pointer over
 * the vehicle names the vehicle, never a man riding in it (issue 41: the
 * bunker's NSL APC, hit, gave "NSL 2nd Panzergrenadiers's man 4"). Each
 * figure of every vehicle carrying men on the bunker table, pointed at
 * its middle and a few pixels off it, at 1600x1000 and 1280x720 200%. */
static void test_hover_vehicle_not_rider(void **state)
{
    (void)state;
    static const window_size sizes[] = {{1600, 1000, 1.0f}, {1280, 720, 2.0f}};
    int tried = 0;
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        mortar_active(&sizes[z]);
        view.fitted = false;
        draw();
        const sl_scenario *scn = &play.disp.scn;
        sl_cam cam;
        cam_from_view(&view, &ui->lay.table, &cam);
        for (int u = 0; u < scn->nunits; u++) {
            if (sl_game_off_table(&play.game, u))
                continue;
            for (int i = 0; i < scn->units[u].nfigures; i++) {
                const sl_figure *f = &scn->figures[scn->units[u].first_figure + i];
                bool carries = false; /* a rider off the table under this figure */
                for (int r = 0; r < scn->nfigures && !carries; r++)
                    carries = sl_game_off_table(&play.game, scn->figures[r].unit) &&
                              sl_within(scn->figures[r].pos, f->pos, f->base_r);
                if (!carries)
                    continue;
                float x, y;
                cam_pt(&cam, f->pos, &x, &y);
                for (int d = -1; d <= 1; d++) {
                    SDL_Event e;
                    memset(&e, 0, sizeof e);
                    e.type = SDL_MOUSEMOTION;
                    e.motion.x = (int)(x + (float)d * 3 * ui->lay.s);
                    e.motion.y = (int)y;
                    sl_input_event(ui, &play.disp, &view, &e);
                    tried++;
                    if (view.hover_figure < 0 || scn->figures[view.hover_figure].unit != u)
                        fail_msg("%dx%d at %.0f%%: the pointer on %s finds %s", W, H, view.user_scale * 100,
                                 scn->units[u].name,
                                 view.hover_figure < 0 ? "nobody" : scn->units[scn->figures[view.hover_figure].unit].name);
                }
            }
        }
    }
    assert_true(tried >= 6);
}

/* A vehicle under the pointer is spoken of as players would: its name,
 * its damage and who rides it, never "NSL APC's man 1 \xC2\xB7 crew"
 * (issue 41). Each APC of the bunker hovered, at 1600x1000 and 1280x720
 * 200%, the words of the frame read; then the buttoned-up one with a
 * suspension hit. */
static void test_vehicle_tooltip_words(void **state)
{
    (void)state;
    static const window_size sizes[] = {{1600, 1000, 1.0f}, {1280, 720, 2.0f}};
    static const struct {
        const char *id, *says;
    } apcs[] = {{"nsl-apc", "NSL APC (Neu Swabian League) \xC2\xB7 vehicle \xC2\xB7 no damage \xC2\xB7 crewed, carrying NSL 2nd "
                            "Panzergrenadiers (4 men)"},
                {"nsl-apc2", "carrying NSL 2nd Jagers (4 men)"}};
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
        for (int hit = 0; hit < 2; hit++)
            for (size_t a = 0; a < sizeof apcs / sizeof apcs[0]; a++) {
                mortar_active(&sizes[z]);
                const sl_scenario *scn = &play.disp.scn;
                int u = sl_scenario_find_unit(scn, apcs[a].id);
                assert_true(u >= 0);
                if (hit)
                    play.game.us[u].immobile = true;
                view.fitted = false;
                draw();
                sl_cam cam;
                cam_from_view(&view, &ui->lay.table, &cam);
                float x, y;
                cam_pt(&cam, scn->figures[scn->units[u].first_figure].pos, &x, &y);
                SDL_Event e;
                memset(&e, 0, sizeof e);
                e.type = SDL_MOUSEMOTION;
                e.motion.x = (int)x;
                e.motion.y = (int)y;
                sl_input_event(ui, &play.disp, &view, &e);
                const char *seen = words_drawn();
                const char *want = hit ? "a suspension hit: it cannot move" : apcs[a].says;
                if (!strstr(seen, want) || strstr(seen, "'s man 1"))
                    fail_msg("%dx%d at %.0f%%: the pointer on %s%s does not read \"%s\"; the frame ends: %s", W, H,
                             view.user_scale * 100, scn->units[u].name, hit ? " (a suspension hit)" : "", want,
                             strlen(seen) > 900 ? seen + strlen(seen) - 900 : seen);
            }
}

/* A vehicle's tooltip keeps off the strip's status card as it keeps off
 * the other cards (issue 41: in the presentation at 1280x720 200% the
 * APC's tooltip, at the strip's foot, lay over the status card there).
 * Each APC of the bunker hovered, the NSL mortar team active (its status
 * card in the strip) and with a sentence too long for the status bar
 * standing in its box, in both layouts at 1280x720 200% and 250% and at
 * 1600x1000: the tooltip lies over no card, no status box and no row of
 * the action bar. */
static void test_tooltip_off_status_card(void **state)
{
    (void)state;
    static const window_size sizes[] = {{1280, 720, 2.0f}, {1280, 720, 2.5f}, {1600, 1000, 1.0f}};
    static const char *const apcs[] = {"nsl-apc", "nsl-apc2"};
    int tips = 0, over = 0;
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
        for (int layout = 0; layout < 2; layout++)
            for (int longs = 0; longs < 2; longs++)
                for (size_t a = 0; a < sizeof apcs / sizeof apcs[0]; a++) {
                    mortar_active(&sizes[z]);
                    view.layout = layout == 0 ? SL_LAYOUT_PRESENTATION : SL_LAYOUT_TABLE;
                    const sl_scenario *scn = &play.disp.scn;
                    int u = sl_scenario_find_unit(scn, apcs[a]);
                    assert_true(u >= 0);
                    view.fitted = false;
                    draw();
                    sl_cam cam;
                    cam_from_view(&view, &ui->lay.table, &cam);
                    float x, y;
                    cam_pt(&cam, scn->figures[scn->units[u].first_figure].pos, &x, &y);
                    SDL_Event e;
                    memset(&e, 0, sizeof e);
                    e.type = SDL_MOUSEMOTION;
                    e.motion.x = (int)x;
                    e.motion.y = (int)y;
                    sl_input_event(ui, &play.disp, &view, &e);
                    if (longs)
                        snprintf(view.status, sizeof view.status,
                                 "NSL Mortar Team is active: it may fire over open sights, call the off-table section "
                                 "for a mission, or move; the card in the strip says what each would do and what it "
                                 "would catch");
                    ui_drop_caches(ui);
                    draw();
                    char when[200];
                    snprintf(when, sizeof when, "%dx%d at %.0f%%, the %s layout, %s hovered%s", W, H,
                             view.user_scale * 100, layout == 0 ? "presentation" : "table", scn->units[u].name,
                             longs ? ", a long status sentence" : "");
                    if (getenv("SL_FLOWS_SHOTS")) {
                        char bmp[200];
                        snprintf(bmp, sizeof bmp, "%s/tip-%d-%d-%d-%d.bmp", getenv("SL_FLOWS_SHOTS"), (int)z, layout,
                                 longs, (int)a);
                        SDL_SaveBMP(surf, bmp);
                    }
                    const SDL_FRect *t = &ui->tip;
                    if (t->w <= 0)
                        continue;
                    tips++;
                    const SDL_FRect *cards[] = {&ui->status_box, &ui->aside_box, &ui->list_box, &ui->refusal_box};
                    const char *names[] = {"the status box", "the card aside", "the list's card", "the refusal box"};
                    for (size_t c = 0; c < sizeof cards / sizeof cards[0]; c++)
                        if (cards[c]->w > 0 && scene_rects_overlap(t, cards[c]) && over++ < 10)
                            fprintf(stderr, "%s: the tooltip (%.0f,%.0f %.0fx%.0f) lies over %s (%.0f,%.0f %.0fx%.0f)\n",
                                    when, t->x, t->y, t->w, t->h, names[c], cards[c]->x, cards[c]->y, cards[c]->w,
                                    cards[c]->h);
                    for (int c = 0; c < ui->nread_cards; c++)
                        if (scene_rects_overlap(t, &ui->read_card[c]) && over++ < 10)
                            fprintf(stderr, "%s: the tooltip lies over \"%s\"\n", when, ui->read_kind[c]);
                    for (int b = 0; b < SL_PLAY_MAX_ACTIONS; b++)
                        if (ui->lay.abtn[b].w > 0 && scene_rects_overlap(t, &ui->lay.abtn[b]) && over++ < 10)
                            fprintf(stderr, "%s: the tooltip (%.0f,%.0f %.0fx%.0f) lies over the action bar's button %d\n",
                                    when, t->x, t->y, t->w, t->h, b);
                }
    fprintf(stderr, "%d tooltips, %d over a card\n", tips, over);
    assert_true(tips >= 8);
    assert_int_equal(over, 0);
}

/* Whether a row of the words at the pointer (offer k aimed at p) lies on
 * a name, a row of counters, a place's label or a tag; said when say. */
static bool row_on_label(const SDL_FRect *r, int k, sl_pt p, bool say)
{
    SDL_FRect what;
    const char *name = refusal_word_on(r, &what);
    if (name && say)
        fprintf(stderr, "%dx%d at %.0f%%, offer %d at %.0f,%.0f: the words at the pointer (%.0f,%.0f %.0fx%.0f) lie on "
                "%s (%.0f,%.0f %.0fx%.0f)\n",
                W, H, view.user_scale * 100, k, p.x / 1000.0, p.y / 1000.0, r->x, r->y, r->w, r->h, name, what.x,
                what.y, what.w, what.h);
    return name != NULL;
}

/* The words at the pointer where an aimed point is refused keep off the
 * table's names and labels, and are one short row when the aiming card
 * already gives the reason (issue 41, point 2: at 1600x1000 the NSL
 * mortar's shot over open sights, pointed at Phalon 1st Warband behind
 * the farmhouse, wrote the whole reason across the table's width over
 * Phalon 2nd Warband's name and the command bunker's label). Each of
 * the mortar's point offers on a 2" grid round the Phalon warbands, in
 * the table layout at 1600x1000 and 1280x800 and at 1280x720 200%. */
static void test_pointer_refusal_off_labels(void **state)
{
    (void)state;
    static const window_size sizes[] = {{1600, 1000, 1.0f}, {1280, 800, 1.0f}, {1280, 720, 2.0f}};
    int refused = 0, on = 0, long_rows = 0;
    static sl_preview pv;
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        sl_offer offers[SL_MAX_OFFERS];
        int u, no = mortar_offers(&sizes[z], offers, &u);
        for (int k = 0; k < no; k++) {
            if (!aim_offer(&offers[k]))
                continue;
            for (int32_t x = 4000; x <= 14000; x += 2000)
                for (int32_t y = 21000; y <= 33000; y += 2000) {
                    view.cursor = (sl_pt){x, y};
                    if (!sl_game_pick_preview(&play.game, play.view_side, u, view.pick.kind, view.pick.variant, -1,
                                              view.cursor, &pv) ||
                        pv.legal || !pv.why[0])
                        continue;
                    view.fitted = false;
                    draw();
                    refused++;
                    /* the whole reason, as it was written at the pointer */
                    char whole[SL_PREVIEW_LINE + 40];
                    snprintf(whole, sizeof whole, "Not allowed here: %s", pv.why);
                    float full = (float)text_width(&ui->text, SL_FONT_NORMAL, whole);
                    for (int a = 0; a < ui->npreview_rows; a++) {
                        SDL_FRect r = ui->preview_rows[a];
                        if (a > 0 || r.w > 0.6f * full) {
                            if (long_rows++ < 6)
                                fprintf(stderr, "%dx%d at %.0f%%, offer %d at %.0f,%.0f: the reason at the pointer runs "
                                        "%d rows, %.0f px wide (the whole reason %.0f)\n",
                                        W, H, view.user_scale * 100, k, x / 1000.0, y / 1000.0, ui->npreview_rows, r.w,
                                        full);
                        }
                        if (row_on_label(&r, k, view.cursor, on < 10))
                            on++;
                    }
                }
        }
        view.pick.kind = SL_CMD_NONE;
        view.pick.point = false;
    }
    fprintf(stderr, "%d refused points, %d rows on a label, %d long\n", refused, on, long_rows);
    assert_true(refused >= 10);
    assert_int_equal(long_rows, 0);
    assert_int_equal(on, 0);
}

/* A call for fire being aimed gives its odds in the aiming card, whole,
 * above whom the burst would catch; at the point only a short mark of
 * them, one row (issue 41: the whole sentence at the pointer lay over the
 * table's names, 162 times on a 4" grid at 1280x720 200%). Offer k of
 * unit u aimed at the view's cursor, where allowed; true when tried. */
static bool odds_in_card(int k, int u)
{
    static sl_preview pv;
    if (!sl_game_pick_preview(&play.game, play.view_side, u, view.pick.kind, view.pick.variant, -1, view.cursor,
                              &pv) ||
        !pv.legal || pv.nodds == 0)
        return false;
    const char *seen = words_drawn();
    char odds[40];
    snprintf(odds, sizeof odds, "on target %.0f%%,", 100 * pv.odds[pv.nodds - 1].p);
    if (!strstr(seen, odds) || !strstr(seen, "\" burst"))
        fail_msg("%dx%d at %.0f%%, offer %d at %.0f,%.0f: the aiming card does not give the odds (\"%s ... burst\"); "
                 "the frame reads: %.600s",
                 W, H, view.user_scale * 100, k, view.cursor.x / 1000.0, view.cursor.y / 1000.0, odds, seen);
    if (ui->npreview_rows != 1 || ui->preview_rows[0].w > 0.6f * ui->lay.table.w)
        fail_msg("%dx%d at %.0f%%, offer %d at %.0f,%.0f: the odds at the point are %d rows, the first %.0f px wide "
                 "(the table %.0f): not a short mark",
                 W, H, view.user_scale * 100, k, view.cursor.x / 1000.0, view.cursor.y / 1000.0, ui->npreview_rows,
                 ui->npreview_rows ? ui->preview_rows[0].w : 0, ui->lay.table.w);
    return true;
}

/* Whether seen holds the words of line (spaces and rows aside: a line
 * wrapped over rows reads as its rows joined). */
static bool holds_words(const char *seen, const char *line)
{
    static char a[1 << 16], b[SL_PREVIEW_LINE + 40];
    size_t n = 0;
    for (const char *c = seen; *c && n + 1 < sizeof a; c++)
        if (*c != ' ')
            a[n++] = *c;
    a[n] = '\0';
    n = 0;
    for (const char *c = line; *c && n + 1 < sizeof b; c++)
        if (*c != ' ')
            b[n++] = *c;
    b[n] = '\0';
    return strstr(a, b) != NULL;
}

/* The call-fire card (issue 41, point 5) shows every line it has: at
 * 1280x720 with text at 200% it showed fewer (the odds, who would be
 * caught, what sealing does: the last went). Each point offer of the NSL
 * mortar aimed on an 8" grid over the bunker table and on the sealed
 * command bunker, in both layouts, at 1280x720 with text at 200% and
 * 250% and at 1600x1000: each of the rule's lines (and why the point
 * is refused) is drawn whole on one of its pages (PgDn turns them),
 * none cut; what to do (click, Esc) may give way to them, the status
 * line says it. */
static void test_call_fire_card_whole(void **state)
{
    (void)state;
    static const window_size sizes[] = {{1280, 720, 2.0f}, {1280, 720, 2.5f}, {1600, 1000, 1.0f}};
    static sl_preview pv;
    int cards = 0, dropped = 0, cut = 0, paged = 0;
    bool turned = false;
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        sl_offer offers[SL_MAX_OFFERS];
        int u, no = mortar_offers(&sizes[z], offers, &u);
        const sl_scenario *scn = &play.disp.scn;
        const sl_pt bunker = {51000, 26500}; /* the command bunker, sealed */
        for (int k = 0; k < no; k++) {
            if (!aim_offer(&offers[k]))
                continue;
            for (int layout = 0; layout < 2; layout++) {
                view.layout = layout == 0 ? SL_LAYOUT_PRESENTATION : SL_LAYOUT_TABLE;
                for (int i = -1; i < 48; i++) {
                    view.cursor = i < 0 ? bunker
                                        : (sl_pt){4000 + 8000 * (i % 8), 4000 + 8000 * (i / 8)};
                    if (view.cursor.x > scn->table.width || view.cursor.y > scn->table.height)
                        continue;
                    if (!sl_game_pick_preview(&play.game, play.view_side, u, view.pick.kind, view.pick.variant, -1,
                                              view.cursor, &pv) ||
                        pv.nlines == 0)
                        continue;
                    view.fitted = false;
                    view.pick.card_page = 0;
                    draw();
                    int cuts0 = ui->text.cuts;
                    /* the card's words on every page (PgDn turns them) */
                    static char seen[1 << 16];
                    snprintf(seen, sizeof seen, "%s", words_drawn());
                    int pages = ui->card_pages;
                    if (getenv("SL_FLOWS_SHOTS") && i < 0) {
                        char bmp[200];
                        snprintf(bmp, sizeof bmp, "%s/callfire-page0-%d-%d-%d.bmp", getenv("SL_FLOWS_SHOTS"), (int)z,
                                 layout, k);
                        SDL_SaveBMP(surf, bmp);
                    }
                    for (int pg = 1; pg < pages; pg++) {
                        if (!turned) { /* the key turns it, as a player would */
                            SDL_Event e;
                            memset(&e, 0, sizeof e);
                            e.type = SDL_KEYDOWN;
                            e.key.keysym.sym = SDLK_PAGEDOWN;
                            sl_pt at = view.cursor;
                            sl_input_event(ui, &play.disp, &view, &e);
                            assert_int_equal(view.pick.card_page, 1);
                            turned = true;
                            view.cursor = at; /* (the event's pointer: none) */
                            view.mouse_in_table = true;
                        }
                        view.pick.card_page = pg;
                        size_t at = strlen(seen);
                        snprintf(seen + at, sizeof seen - at, " %s", words_drawn());
                        if (getenv("SL_FLOWS_SHOTS") && i < 0) {
                            char bmp[200];
                            snprintf(bmp, sizeof bmp, "%s/callfire-page%d-%d-%d.bmp", getenv("SL_FLOWS_SHOTS"), pg,
                                     (int)z, layout);
                            SDL_SaveBMP(surf, bmp);
                        }
                    }
                    view.pick.card_page = 0;
                    paged += pages > 1;
                    cards++;
                    bool whole = true;
                    for (int l = 0; l < pv.nlines; l++)
                        if (!holds_words(seen, pv.lines[l])) {
                            whole = false;
                            if (dropped++ < 8)
                                fprintf(stderr, "%dx%d at %.0f%%, the %s layout, offer %d at %.0f,%.0f: the card's line "
                                        "\"%s\" is not shown\n",
                                        W, H, view.user_scale * 100, layout == 0 ? "presentation" : "table", k,
                                        view.cursor.x / 1000.0, view.cursor.y / 1000.0, pv.lines[l]);
                        }
                    if (ui->text.cuts != cuts0 && cut++ < 4)
                        fprintf(stderr, "%dx%d at %.0f%%, offer %d: cut: %s\n", W, H, view.user_scale * 100, k,
                                ui->text.first_cut);
                    if (getenv("SL_FLOWS_SHOTS") && (i < 0 || !whole)) {
                        static int shot;
                        char bmp[200];
                        snprintf(bmp, sizeof bmp, "%s/callfire-%s%d.bmp", getenv("SL_FLOWS_SHOTS"),
                                 whole ? "" : "dropped-", shot++);
                        SDL_SaveBMP(surf, bmp);
                    }
                }
            }
        }
        view.pick.kind = SL_CMD_NONE;
        view.pick.point = false;
    }
    fprintf(stderr, "%d cards (%d in pages); %d lines not shown, %d cut\n", cards, paged, dropped, cut);
    assert_true(cards >= 20);
    assert_int_equal(dropped, 0);
    assert_int_equal(cut, 0);
}

/* An aimed burst's odds at the pointer keep off places' labels, names,
 * rows of counters and tags (issue 41, point 5: the call-fire's odds row
 * under a burst on the command bunker lay over "the command bunker · 1
 * pt" label). Every point offer of the NSL mortar aimed on a 4" grid
 * over the bunker table, at 1600x1000 and at 1280x720 200%: the rows on
 * a label counted (before: 221 at 1600x1000, 406 at 200%, every row
 * under its circle). None at 1600x1000; at 200%, where the rows are
 * nearly as wide as the table's view, fewer than half as many. */
static void test_aimed_odds_off_labels(void **state)
{
    (void)state;
    static const window_size sizes[] = {{1600, 1000, 1.0f}, {1280, 720, 2.0f}};
    int rows = 0, on[2] = {0, 0}, carded = 0;
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        sl_offer offers[SL_MAX_OFFERS];
        int u, no = mortar_offers(&sizes[z], offers, &u);
        const sl_pt far = {play.disp.scn.table.width, play.disp.scn.table.height}; /* the 4" grid's end */
        for (int k = 0; k < no; k++) {
            if (!aim_offer(&offers[k]))
                continue;
            for (int32_t x = 2000; x < far.x; x += 4000)
                for (int32_t y = 2000; y < far.y; y += 4000) {
                    view.cursor = (sl_pt){x, y};
                    view.fitted = false;
                    draw();
                    if (getenv("SL_FLOWS_SHOTS") && (x == 46000 || x == 10000) && y == 26000) {
                        char bmp[200];
                        snprintf(bmp, sizeof bmp, "%s/odds-%d-%d-%d.bmp", getenv("SL_FLOWS_SHOTS"), (int)z, k, x / 1000);
                        SDL_SaveBMP(surf, bmp);
                    }
                    for (int a = 0; a < ui->npreview_rows; a++) {
                        SDL_FRect r = ui->preview_rows[a];
                        rows++;
                        if (row_on_label(&r, k, view.cursor, on[z] < 4))
                            on[z]++;
                    }
                    if (x % 8000 == 2000 && y % 8000 == 2000) /* on an 8" grid: the odds in the card */
                        carded += odds_in_card(k, u);
                }
        }
        view.pick.kind = SL_CMD_NONE;
        view.pick.point = false;
    }
    fprintf(stderr, "%d rows at the pointer, on a label: %d at 1600x1000, %d at 1280x720 200%%\n", rows, on[0], on[1]);
    assert_true(rows >= 100);
    assert_int_equal(on[0], 0);
    assert_int_equal(on[1], 0);
    assert_true(carded >= 20);
}

/* The fuel-air lesson's step 6 (the bunker itself): the blast template's
 * words ("Blast 8\" radius: 6 figures ...") off the burst's ring and off
 * every name and label, and each place's label off the ring (issue 41,
 * point 4: at 1600x1000 the template's row lay over the burst's ring and
 * "the Hill 204 bunker" label ran across it), at 1600x1000 and 1280x720
 * 200%. */
static void test_fae_lesson_words_clear(void **state)
{
    (void)state;
    static const window_size sizes[] = {{1600, 1000, 1.0f}, {1280, 720, 2.0f}};
    char path[600], err[600];
    snprintf(path, sizeof path, "%s/maps/lessons/fae-bunker.json", SL_SOURCE_DIR);
    int faults = 0;
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        make_window(sizes[z].w, sizes[z].h);
        sl_lesson l;
        assert_true(sl_lesson_load(path, &l, NULL));
        sl_world_free(&world);
        sl_load_opts opts = {false};
        assert_true(sl_lesson_load_world(&l, &opts, &world, NULL));
        sl_play_free(&play);
        sl_play_init(&play);
        int from = 0;
        if (!sl_lesson_play_to(&l, &world, &play, 5, &from, err, sizeof err))
            fail_msg("%s: %s", path, err);
        sl_ui_set_world(ui, &play.disp);
        sl_view_free(&view);
        sl_view_init(&view, &play.disp);
        view.play = &play;
        view.fog_handover = false;
        sl_render_req req;
        memset(&req, 0, sizeof req);
        req.view = -1;
        sl_lesson_request(&l, 5, &req);
        req.rolls_from = from;
        assert_true(sl_view_apply_request(&view, &play.disp, &req, err, sizeof err));
        view.user_scale = sizes[z].scale;
        view.fitted = false;
        draw();
        if (getenv("SL_FLOWS_SHOTS")) {
            char bmp[200];
            snprintf(bmp, sizeof bmp, "%s/fae-step6-%d.bmp", getenv("SL_FLOWS_SHOTS"), (int)z);
            SDL_SaveBMP(surf, bmp);
        }
        SDL_FRect b = ui->blast_row, what;
        assert_true(b.w > 0);
        const char *on = refusal_word_on(&b, &what);
        if (on && faults++ < 8)
            fprintf(stderr, "%dx%d at %.0f%%: the blast's words (%.0f,%.0f %.0fx%.0f) lie on %s (%.0f,%.0f %.0fx%.0f)\n",
                    W, H, view.user_scale * 100, b.x, b.y, b.w, b.h, on, what.x, what.y, what.w, what.h);
        if (name_on_ring(&b) >= 0 && faults++ < 8)
            fprintf(stderr, "%dx%d at %.0f%%: the blast's words (%.0f,%.0f %.0fx%.0f) lie on burst %d's ring\n", W, H,
                    view.user_scale * 100, b.x, b.y, b.w, b.h, name_on_ring(&b));
        for (int t = 0; t < ui->ntexts; t++)
            if (name_on_ring(&ui->texts[t]) >= 0 && faults++ < 8)
                fprintf(stderr, "%dx%d at %.0f%%: a place's label (%.0f,%.0f %.0fx%.0f) lies on burst %d's ring\n", W,
                        H, view.user_scale * 100, ui->texts[t].x, ui->texts[t].y, ui->texts[t].w, ui->texts[t].h,
                        name_on_ring(&ui->texts[t]));
        sl_lesson_free(&l);
    }
    assert_int_equal(faults, 0);
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

int main(void)
{
    /* SL_FLOWS_ONLY=test_throw* runs only those */
    if (getenv("SL_FLOWS_ONLY"))
        cmocka_set_test_filter(getenv("SL_FLOWS_ONLY"));
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_skirmish_card_firearm),
        cmocka_unit_test(test_no_refusal_quotes_a_point),
        cmocka_unit_test(test_burst_words_whole),
        cmocka_unit_test(test_burst_leaders_clear),
        cmocka_unit_test(test_rolls_name_points),
        cmocka_unit_test(test_click_off_the_cloth),
        cmocka_unit_test(test_status_box_off_cards),
        cmocka_unit_test(test_status_box_off_strip_card),
        cmocka_unit_test(test_cards_clear_of_actor),
        cmocka_unit_test(test_refusal_word_off_counters),
        cmocka_unit_test(test_refusal_word_off_labels),
        cmocka_unit_test(test_open_ground_named),
        cmocka_unit_test(test_aimed_words_whole),
        cmocka_unit_test(test_throw_card_words),
        cmocka_unit_test(test_throw_status_whole),
        cmocka_unit_test(test_recovery_card_keys),
        cmocka_unit_test(test_hover_vehicle_not_rider),
        cmocka_unit_test(test_vehicle_tooltip_words),
        cmocka_unit_test(test_tooltip_off_status_card),
        cmocka_unit_test(test_pointer_refusal_off_labels),
        cmocka_unit_test(test_aimed_odds_off_labels),
        cmocka_unit_test(test_call_fire_card_whole),
        cmocka_unit_test(test_fae_lesson_words_clear),
    };
    return cmocka_run_group_tests(tests, soft_window_setup, teardown);
}
