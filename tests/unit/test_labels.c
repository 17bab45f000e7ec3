/* Issue 40 in the table layout at projector sizes: the figure tooltip
 * beside the pointer and off what it describes, the scale bar small and
 * off the labels; and which units a decision rings, as the
 * ruleset says (their names keep off the rings). What is asserted is what
 * the player sees on the frame drawn. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"
#include "ui_internal.h"
#include "sightline/play.h"
#include "soft_window.h"

#define SC_TABLE "maps/lessons/tables/skirmish-example.json"

static SDL_Surface *surf;
static SDL_Renderer *ren;
static sl_ui *ui;

static int setup(void **state)
{
    return soft_window_setup(state);
}

static int teardown(void **state)
{
    (void)state;
    soft_window_close(&surf, &ren, &ui);
    return 0;
}

/* A new game of a shipped scenario, begun, seen by view v in a window of
 * W x H at pct percent. */
static void new_game(const char *scenario, uint64_t seed, sl_world *w, sl_play *p, sl_view *v, int W, int H, int pct)
{
    char scn[600], err[600];
    snprintf(scn, sizeof scn, "%s/%s", SL_SOURCE_DIR, scenario);
    sl_load_opts lo = {false};
    assert_true(sl_world_load(scn, &lo, w, NULL));
    sl_play_init(p);
    assert_true(sl_play_start(p, w, scn, seed, err, sizeof err));
    sl_game_begin(&p->game);
    soft_window(W, H, &surf, &ren, &ui);
    sl_view_init(v, &p->disp);
    v->play = p;
    v->user_scale = (float)pct / 100.0f;
    sl_ui_set_world(ui, &p->disp);
}

/* The same in the table layout, its first frame drawn. */
static void table_game(const char *scenario, sl_world *w, sl_play *p, sl_view *v, int W, int H, int pct)
{
    new_game(scenario, 5, w, p, v, W, H, pct);
    v->layout = SL_LAYOUT_TABLE;
    sl_ui_draw(ui, &p->disp, v, W, H);
}

static void end_game(sl_world *w, sl_play *p, sl_view *v)
{
    sl_view_free(v);
    sl_play_free(p);
    sl_world_free(w);
}

/* --- the rings a decision draws: the ruleset's, one source --------------- */

/* Every unit's "ringed" in the window (which its name keeps off) is what
 * the ruleset's view of the decision rings; false when some disagree. */
static bool rings_agree(sl_view *v, const char *where)
{
    sl_decision_view d;
    sl_decision_input in;
    ui_decision_input(v, &in);
    bool any = sl_game_decision_for(&v->play->game, v->play->view_side, &in, &d) && d.nlines > 0;
    bool ok = true;
    for (int u = 0; u < v->play->disp.scn.nunits; u++) {
        bool ruled = false;
        for (int i = 0; any && i < d.nrings; i++)
            ruled = ruled || d.rings[i].unit == u;
        if (ruled != ui_decision_ringed(ui, u)) {
            print_message("%s: %s is %sringed by the rules, %sin the window\n", where, v->play->disp.scn.units[u].name,
                          ruled ? "" : "not ", ui_decision_ringed(ui, u) ? "" : "not ");
            ok = false;
        }
    }
    return ok;
}

/* SkirmishCorps' "what happened?" rings only the target, not the attacker
 * (its mover is the target, its option the attacker). The window had
 * taken mover and options for rings. */
static void test_rings_are_the_rulesets(void **state)
{
    (void)state;
    sl_world w;
    sl_play p;
    sl_view v;
    new_game(SC_TABLE, 7, &w, &p, &v, 1280, 800, 100);
    assert_true(sl_view_solo_by_id(&v, "blue", (char[300]){0}, 300));
    sl_decision_view d;
    bool waits = false;
    char err[600];
    for (int i = 0; i < 60 && !waits; i++) {
        /* Red, the player, lets Blue go first and then waits */
        if (!sl_view_solo_step(&v) && !sl_play_do_line(&p, "decide first blue", err, sizeof err) &&
            !sl_play_do_line(&p, "done red", err, sizeof err))
            break;
        waits = sl_game_decision(&p.game, -1, -1, 0, &d) &&
                (strstr(d.title, "what happened") || strstr(d.title, "roll it for the program"));
    }
    if (!waits)
        fail_msg("no attack waited for the players' roll");
    sl_ui_draw(ui, &p.disp, &v, 1280, 800);
    assert_true(ui->nringed > 0);
    assert_true(rings_agree(&v, "SkirmishCorps, the program's attack"));
    end_game(&w, &p, &v);
    end_game(&w, &p, &v);
}

/* --- the table layout at 1920x1080 200% ---------------------------------- */

static void hover(sl_view *v, float x, float y)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEMOTION;
    e.motion.x = (int)x;
    e.motion.y = (int)y;
    sl_input_event(ui, &v->play->disp, v, &e);
}

/* How far the point (x, y) lies from box r across or down (0 inside it). */
static float off_box(const SDL_FRect *r, float x, float y)
{
    float dx = fmaxf(0, fmaxf(r->x - x, x - (r->x + r->w))), dy = fmaxf(0, fmaxf(r->y - y, y - (r->y + r->h)));
    return fmaxf(dx, dy);
}

/* Point 1's walk: the figure tooltip on the town at 1920x1080 200% in
 * the table layout sat some 170 px from the pointer, a whole unit away.
 * On every figure it must stand beside the pointer (its nearest edge
 * within 46 px at 100% across or down, where it was 62, under the pointer never) and off what it
 * describes (the figure, its unit's name and counters). */
static void test_tooltip_beside_pointer(void **state)
{
    (void)state;
    static const char *const maps[] = {"maps/town.json", "maps/default.json"};
    int far = 0, on_own = 0, shown = 0;
    for (int m = 0; m < 2; m++) {
        sl_world w;
        sl_play p;
        sl_view v;
        table_game(maps[m], &w, &p, &v, 1920, 1080, 200);
        const sl_world *d = &p.disp;
        for (int i = 0; i < d->scn.nfigures; i++) {
            sl_cam cam;
            cam_from_view(&v, &ui->lay.table, &cam);
            float x, y;
            cam_pt(&cam, d->scn.figures[i].pos, &x, &y);
            hover(&v, x, y);
            sl_ui_draw(ui, d, &v, 1920, 1080);
            const SDL_FRect *t = &ui->tip;
            if (t->w <= 0 || v.hover_figure < 0)
                continue;
            shown++;
            float s = ui->lay.s, gap = off_box(t, x, y);
            const sl_figure *f = &d->scn.figures[v.hover_figure];
            int u = f->unit;
            float fx, fy, rad = scene_figure_radius(f, &cam, s);
            cam_pt(&cam, f->pos, &fx, &fy);
            SDL_FRect hit, base = {fx - rad, fy - rad, 2 * rad, 2 * rad};
            if (gap > 46 * s || gap <= 0) {
                if (far++ < 4)
                    print_message("%s, figure %d: the tooltip %.0f px from the pointer\n", maps[m], i, gap);
            } else if (scene_rects_overlap(t, &base) || ui_unit_words_covered(ui, u, t, &hit)) {
                if (on_own++ < 4)
                    print_message("%s, figure %d: the tooltip covers %s (%s)\n", maps[m], i, d->scn.units[u].name,
                                  scene_rects_overlap(t, &base) ? "the figure" : "its words");
            }
        }
        end_game(&w, &p, &v);
    }
    print_message("%d tooltips: %d far from the pointer, %d on the unit they describe\n", shown, far, on_own);
    assert_true(shown > 20);
    assert_int_equal(far, 0);
    assert_int_equal(on_own, 0);
}

/* Point 1's walk: the table layout's scale bar, a box some 280 x 72 px at
 * 200%, lay over "the depot" and "the command bunker". Every scenario's
 * first frame in the table layout at 1920x1080 and 1280x720, 200% and
 * 250%: the bar drawn no larger than at 150%, on no label (names,
 * places' words, rows of counters). */
static void test_scale_bar_off_labels(void **state)
{
    (void)state;
    static const char *const maps[] = {"ambush", "bunker", "default", "fireteams", "hidden", "outpost", "town"};
    static const int looks[][3] = {{1920, 1080, 200}, {1920, 1080, 250}, {1280, 720, 200}, {1280, 720, 250}};
    int drawn = 0, big = 0, on = 0;
    for (size_t m = 0; m < sizeof maps / sizeof maps[0]; m++)
        for (size_t k = 0; k < sizeof looks / sizeof looks[0]; k++) {
            char path[100];
            snprintf(path, sizeof path, "maps/%s.json", maps[m]);
            sl_world w;
            sl_play p;
            sl_view v;
            int W = looks[k][0], H = looks[k][1];
            table_game(path, &w, &p, &v, W, H, looks[k][2]);
            const SDL_FRect *b = &ui->scale_bar;
            if (b->w > 0) {
                drawn++;
                if (b->h > 40 * 1.5f + 0.5f) {
                    if (big++ < 3)
                        print_message("%s %dx%d %d%%: the scale bar %.0f px tall\n", maps[m], W, H, looks[k][2], b->h);
                } else if (scene_name_hits(ui, &p.disp, b) > 0 && on++ < 6) {
                    print_message("%s %dx%d %d%% (drawn at %.0f%%): the scale bar on %d labels\n", maps[m], W, H,
                                  looks[k][2], ui->lay.s * 100, scene_name_hits(ui, &p.disp, b));
                }
            }
            end_game(&w, &p, &v);
        }
    print_message("%d scale bars: %d larger than at 150%%, %d on labels\n", drawn, big, on);
    assert_true(drawn > 10);
    assert_int_equal(big, 0);
    assert_int_equal(on, 0);
}

/* Point 4's walk: the ruler's length ("40.42\" from base edge") lay over
 * ESU Office Squad's name (the town, table layout, 1920x1080 200%). The
 * ruler from the table's middle to 48 points over it, on the town and
 * the default table: its length on a name or place's words at most 5
 * times (51 with the length always below right of the end; the 5 left
 * end on crowded spots of the town's and default's narrow streets). */
static void test_ruler_words_off_names(void **state)
{
    (void)state;
    static const char *const maps[] = {"maps/town.json", "maps/default.json"};
    int shown = 0, on = 0;
    for (int m = 0; m < 2; m++) {
        sl_world w;
        sl_play p;
        sl_view v;
        table_game(maps[m], &w, &p, &v, 1920, 1080, 200);
        const sl_world *d = &p.disp;
        for (int i = 0; i < 48; i++) {
            const SDL_FRect *T = &ui->lay.table;
            float x = T->x + T->w * (0.1f + 0.8f * (float)(i % 8) / 7.0f);
            float y = T->y + T->h * (0.1f + 0.8f * (float)(i / 8) / 5.0f);
            v.tool = SL_TOOL_RULER;
            v.ruler.npts = 1;
            v.ruler.pts[0] = sl_pt_make(d->scn.table.width / 2, d->scn.table.height / 2);
            v.ruler.has_live = true;
            hover(&v, x, y);
            sl_ui_draw(ui, d, &v, 1920, 1080);
            if (ui->ruler_words.w <= 0)
                continue;
            shown++;
            int hits = scene_name_hits(ui, d, &ui->ruler_words);
            if (hits > 0 && on++ < 4)
                print_message("%s, ruler to point %d: its length on %d labels\n", maps[m], i, hits);
        }
        end_game(&w, &p, &v);
    }
    print_message("%d rulers, %d with their length on a label\n", shown, on);
    assert_true(shown > 60);
    assert_true(on <= 5);
}


/* --- the forces list's rows beside the dice log ---------------------------- */

/* The walk: at projector scales the side panel's forces list lost its
 * rows to the dice log, which kept 42% of the panel whatever the list
 * needed (the bunker at 1280x720 200% in the table layout: "0 rows of 15
 * shown", the log 253 px where its heading and newest line take 90; 35
 * of these 35 panels had rows left out so). With no unit selected the log
 * gives the list room down to its heading and newest line: the list is
 * whole, or the log is at that least, and some rows always show. Every
 * scenario's first frame in the table layout (the presentation has no
 * side panel from 150%), 1280x720 and 1920x1080 at 150% to 250%. */
static void test_forces_rows_shown(void **state)
{
    (void)state;
    static const char *const maps[] = {"ambush", "bunker", "default", "fireteams", "hidden", "outpost", "town"};
    static const int looks[][3] = {{1280, 720, 150}, {1280, 720, 200}, {1280, 720, 250},
                                   {1920, 1080, 200}, {1920, 1080, 250}};
    int looked = 0, short_of = 0;
    for (size_t m = 0; m < sizeof maps / sizeof maps[0]; m++)
        for (size_t k = 0; k < sizeof looks / sizeof looks[0]; k++) {
            char path[100];
            snprintf(path, sizeof path, "maps/%s.json", maps[m]);
            sl_world w;
            sl_play p;
            sl_view v;
            int W = looks[k][0], H = looks[k][1];
            new_game(path, 5, &w, &p, &v, W, H, looks[k][2]);
            v.layout = SL_LAYOUT_TABLE;
            v.fog_handover = false; /* the hidden game's table, not its hand-over screen */
            sl_ui_draw(ui, &p.disp, &v, W, H);
            const SDL_FRect *P = &ui->lay.panel;
            if (P->w > 0 && v.focus_unit < 0) {
                looked++;
                int shown = ui->lay.nrows, more = v.forces_more;
                float log_h = P->y + P->h - ui->panel_foot;
                float least = (float)text_height(&ui->text, SL_FONT_BOLD) * 1.4f +
                              (float)text_height(&ui->text, SL_FONT_SMALL) * 1.3f + 12 * ui->lay.s;
                if ((shown == 0 || (more > 0 && log_h > least + 1)) && short_of++ < 8)
                    print_message("%s %dx%d %d%%: %d rows of %d shown, the dice log %.0f px (its least %.0f)\n",
                                  maps[m], W, H, looks[k][2], shown, shown + more, log_h, least);
            }
            end_game(&w, &p, &v);
        }
    print_message("%d panels: %d with rows left out while the log kept more than its least\n", looked, short_of);
    assert_true(looked > 20);
    assert_int_equal(short_of, 0);
}

/* --- a card set aside over the side panel --------------------------------- */

/* Pixels of the card in box r (the frame's) that the card's own colour
 * does not account for: in each of its rows with no words of the card
 * (no pixel more than 40 off its ground in any channel; what shows
 * through at 19 parts in 255 stays under that), every pixel not exactly
 * its ground (16, 18, 22). */
static int shows_through(const SDL_FRect *r)
{
    float s = ui->lay.s;
    int x0 = (int)ceilf(r->x + 3 * s) + 2, x1 = (int)floorf(r->x + r->w - 3 * s) - 2;
    int y0 = (int)ceilf(r->y + 3 * s) + 2, y1 = (int)floorf(r->y + r->h - 3 * s) - 2;
    int n = 0;
    SDL_LockSurface(surf);
    for (int y = y0; y < y1 && y < surf->h; y++) {
        const uint32_t *row = (const uint32_t *)((const uint8_t *)surf->pixels + (size_t)y * (size_t)surf->pitch);
        int worst = 0, off = 0;
        for (int x = x0; x < x1 && x < surf->w; x++) {
            int d = abs((int)((row[x] >> 16) & 0xFF) - 16);
            d = fmaxf(d, abs((int)((row[x] >> 8) & 0xFF) - 18));
            d = fmaxf(d, abs((int)(row[x] & 0xFF) - 22));
            worst = d > worst ? d : worst;
            off += d > 0;
        }
        if (worst <= 40)
            n += off;
    }
    SDL_UnlockSurface(surf);
    return n;
}

/* The walk: a card set aside (the bunker's "who goes first" at 1280x720
 * 200% in the table layout, over the side panel's turn box) was drawn as
 * the table's cards are, translucent, and the turn box's words showed
 * through it. Every scenario's first frame at projector sizes in the
 * table layout: each card set aside opaque. */
static void test_aside_card_opaque(void **state)
{
    (void)state;
    static const char *const maps[] = {"ambush", "bunker", "default", "fireteams", "hidden", "outpost", "town"};
    static const int looks[][3] = {{1280, 720, 150}, {1280, 720, 200}, {1920, 1080, 200}, {1920, 1080, 250}};
    int aside = 0, through = 0;
    for (size_t m = 0; m < sizeof maps / sizeof maps[0]; m++)
        for (size_t k = 0; k < sizeof looks / sizeof looks[0]; k++) {
            char path[100];
            snprintf(path, sizeof path, "maps/%s.json", maps[m]);
            sl_world w;
            sl_play p;
            sl_view v;
            int W = looks[k][0], H = looks[k][1];
            new_game(path, 5, &w, &p, &v, W, H, looks[k][2]);
            v.layout = SL_LAYOUT_TABLE;
            v.fog_handover = false;
            sl_ui_draw(ui, &p.disp, &v, W, H);
            if (ui->aside_box.w > 0) {
                aside++;
                int n = shows_through(&ui->aside_box);
                if (n > 0)
                    print_message("%s %dx%d %d%%: %d pixels show through the card aside\n", maps[m], W, H,
                                  looks[k][2], n);
                through += n;
            }
            end_game(&w, &p, &v);
        }
    print_message("%d cards aside, %d pixels showing through\n", aside, through);
    assert_true(aside >= 3);
    assert_int_equal(through, 0);
}

/* --- an overwatch's reach ring on the table ------------------------------- */

/* The opfire golden's walk: ESU 1st Squad on overwatch (the outpost), its
 * dashed reach ring (32") ran past the table's edge, over the window's
 * backdrop round the table and under the toolbar's row. Pixels in the
 * squad's side colour in the table view more than 4 px (at 100%) off
 * the table itself: none, at 1280x800 100% and in the table layout at
 * 1920x1080 200% and 1280x720 150%. */
static void test_overwatch_ring_on_table(void **state)
{
    (void)state;
    static const int looks[][3] = {{1280, 800, 100}, {1920, 1080, 200}, {1280, 720, 150}};
    static const char *const lines[] = {"decide first esu", "activate esu-1", "overwatch esu-1", "decide pass"};
    int outside = 0;
    for (size_t k = 0; k < sizeof looks / sizeof looks[0]; k++) {
        sl_world w;
        sl_play p;
        sl_view v;
        int W = looks[k][0], H = looks[k][1];
        new_game("maps/outpost.json", 1, &w, &p, &v, W, H, looks[k][2]);
        char err[600];
        for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
            if (!sl_play_do_line(&p, lines[i], err, sizeof err))
                fail_msg("%s: %s", lines[i], err);
        v.layout = SL_LAYOUT_TABLE;
        sl_ui_draw(ui, &p.disp, &v, W, H);
        const sl_world *d = &p.disp;
        int u = sl_scenario_find_unit(&d->scn, "esu-1");
        assert_true(sl_game_watching(&p.game, u));
        sl_rgba c = ui_side_colour(d, d->scn.units[u].side);
        uint32_t want = ((uint32_t)c.r << 16) | ((uint32_t)c.g << 8) | c.b;
        sl_cam cam;
        cam_from_view(&v, &ui->lay.table, &cam);
        float x0, y0, x1, y1, m = 4 * ui->lay.s;
        cam_w2s(&cam, 0, 0, &x0, &y0);
        cam_w2s(&cam, d->scn.table.width / 1000.0, d->scn.table.height / 1000.0, &x1, &y1);
        const SDL_FRect *T = &ui->lay.table;
        int n = 0;
        SDL_LockSurface(surf);
        for (int y = (int)T->y; y < (int)(T->y + T->h) && y < surf->h; y++) {
            const uint32_t *row = (const uint32_t *)((const uint8_t *)surf->pixels + (size_t)y * (size_t)surf->pitch);
            for (int x = (int)T->x; x < (int)(T->x + T->w) && x < surf->w; x++) {
                bool off = (float)x < fminf(x0, x1) - m || (float)x > fmaxf(x0, x1) + m || (float)y < fminf(y0, y1) - m ||
                           (float)y > fmaxf(y0, y1) + m;
                n += off && (row[x] & 0xFFFFFF) == want;
            }
        }
        SDL_UnlockSurface(surf);
        if (n > 0)
            print_message("outpost %dx%d %d%% (drawn at %.0f%%): %d pixels of the overwatch's rings off the table\n", W,
                          H, looks[k][2], ui->lay.s * 100, n);
        outside += n;
        end_game(&w, &p, &v);
    }
    assert_int_equal(outside, 0);
}

/* --- point 4: labels pile up at 200-250% ----------------------------------- */

/* Every label box on the table this frame (units' names, places' and band
 * labels, tags, rows of counters), counted: pairs lying over one another
 * (a row over its own unit's name excepted), boxes off the table's edge,
 * and places' labels cut to less than the place's name. */
static bool meet(const SDL_FRect *a, const SDL_FRect *b)
{
    return a->x + 0.5f < b->x + b->w && b->x + 0.5f < a->x + a->w && a->y + 0.5f < b->y + b->h &&
           b->y + 0.5f < a->y + a->h;
}

static void count_labels(const sl_world *w, int *over, int *off, int *cut, const char *where)
{
    enum { MAXL = 600 };
    SDL_FRect r[MAXL];
    int who[MAXL], n = 0;
    for (int u = 0; u < w->scn.nunits && u < ui->names_cap && n < MAXL; u++)
        if (ui->names[u].w > 0) {
            who[n] = u;
            r[n++] = ui->names[u];
        }
    for (int i = 0; i < ui->ntexts && n < MAXL; i++) {
        who[n] = -1;
        r[n++] = ui->texts[i];
    }
    for (int t = 0; t < ui->ntags && n < MAXL; t++) {
        who[n] = -2;
        r[n++] = ui->tags[t];
    }
    int rows = n;
    for (int m = 0; m < ui->nmark_rows && n < MAXL; m++) {
        who[n] = ui->mark_row_unit[m];
        r[n++] = ui->mark_rows[m];
    }
    const SDL_FRect *E = &ui->edge;
    for (int i = 0; i < n; i++)
        if (r[i].x < E->x - 0.5f || r[i].y < E->y - 0.5f || r[i].x + r[i].w > E->x + E->w + 0.5f ||
            r[i].y + r[i].h > E->y + E->h + 0.5f) {
            if ((*off)++ < 4)
                print_message("%s: a label (%s) off the table\n", where, who[i] >= 0 ? w->scn.units[who[i]].name : "");
        }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            if (j >= rows && i < rows && who[i] == who[j] && who[i] >= 0)
                continue; /* a row by its own unit's name */
            if (meet(&r[i], &r[j]) && (*over)++ < 6)
                print_message("%s: labels over one another (%s / %s)\n", where,
                              who[i] >= 0 ? w->scn.units[who[i]].name : who[i] == -1 ? "a place or band" : "a tag",
                              who[j] >= 0 ? w->scn.units[who[j]].name : who[j] == -1 ? "a place or band" : "a tag");
        }
    for (int i = 0; i < w->scn.nobjectives; i++)
        if (ui->objective_label[i].w > 0 &&
            ui->objective_label[i].w < (float)text_width(&ui->text, SL_FONT_SMALL, w->scn.objectives[i].name) &&
            (*cut)++ < 4)
            print_message("%s: %s's label cut\n", where, w->scn.objectives[i].name);
}

static void test_labels_at_projector_scale(void **state)
{
    (void)state;
    static const char *const maps[] = {"default", "hidden", "town", "bunker"};
    static const int looks[][3] = {{1920, 1080, 200}, {1920, 1080, 250}, {1280, 720, 200}, {1280, 720, 250}};
    int over = 0, off = 0, cut = 0, frames = 0;
    for (size_t m = 0; m < sizeof maps / sizeof maps[0]; m++)
        for (size_t k = 0; k < sizeof looks / sizeof looks[0]; k++)
            for (int layout = 0; layout < 2; layout++)
                for (int side = 0; side < 2; side++)
                    for (int bands = 0; bands < 2; bands++) {
                        char path[100], where[200];
                        snprintf(path, sizeof path, "maps/%s.json", maps[m]);
                        int W = looks[k][0], H = looks[k][1];
                        snprintf(where, sizeof where, "%s %dx%d %d%% %s side %d%s", maps[m], W, H, looks[k][2],
                                 layout ? "table" : "default", side, bands ? " V" : "");
                        sl_world w;
                        sl_play p;
                        sl_view v;
                        new_game(path, 5, &w, &p, &v, W, H, looks[k][2]);
                        if (layout)
                            v.layout = SL_LAYOUT_TABLE;
                        if (p.view_side >= 0)
                            p.view_side = side;
                        if (bands) {
                            v.focus_unit = 0;
                            v.overlays |= SL_OVERLAY_BANDS;
                        }
                        sl_ui_draw(ui, &p.disp, &v, W, H);
                        sl_ui_draw(ui, &p.disp, &v, W, H);
                        count_labels(&p.disp, &over, &off, &cut, where);
                        frames++;
                        end_game(&w, &p, &v);
                    }
    print_message("%d frames: %d overlaps between labels, %d labels off the table, %d places' labels cut\n", frames,
                  over, off, cut);
    /* before the name-and-points form and the further spots: 0, 0, 90 */
    assert_int_equal(over, 0);
    assert_int_equal(off, 0);
    assert_in_range(cut, 0, 38);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rings_are_the_rulesets),
        cmocka_unit_test(test_tooltip_beside_pointer),
        cmocka_unit_test(test_scale_bar_off_labels),
        cmocka_unit_test(test_ruler_words_off_names),
        cmocka_unit_test(test_forces_rows_shown),
        cmocka_unit_test(test_aside_card_opaque),
        cmocka_unit_test(test_overwatch_ring_on_table),
        cmocka_unit_test(test_labels_at_projector_scale),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
