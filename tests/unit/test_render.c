/* Headless renders against golden images.
 *
 * Goldens without text must match pixel for pixel: they depend only on
 * our drawing code and SDL's software rasteriser. The one with text may
 * differ by a few pixels if FreeType changes, so it is compared with a
 * small tolerance. `test_render --update` rewrites the goldens; do that
 * only on purpose and look at the new images before committing them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sightline/lesson.h"
#include "sightline/ui.h"

static bool update;

typedef struct golden {
    const char *name;      /* tests/golden/<name>.png */
    const char *file;
    const char *select;
    int w, h;
    bool text, hud;
    double tolerance;      /* fraction of pixels allowed to differ */
    unsigned overlays;     /* 0: the window's own */
    const char *target;
    double blast[3];
    int npath;
    double path[6];
    /* a game: the script played on the scenario with this seed, and the
     * active unit's fire at `fire_at` shown before it is made */
    const char *script;
    uint64_t seed;
    const char *fire_at;
    const char *dice;      /* a dice file for the script */
    const char *view;      /* fog of war: the side whose view is drawn (NULL: the referee's) */
} golden;

static const golden goldens[] = {
    {"default", "maps/default.json", NULL, 1280, 800, false, true, 0.0, 0, NULL, {0}, 0, {0}, NULL, 0, NULL, NULL, NULL},
    {"default-selected", "maps/default.json", "nac-1", 1280, 800, false, true, 0.0, 0, NULL, {0}, 0, {0}, NULL, 0, NULL, NULL, NULL},
    {"town-table", "maps/town.json", NULL, 1200, 800, false, false, 0.0, 0, NULL, {0}, 0, {0}, NULL, 0, NULL, NULL, NULL},
    {"farmland-bare", "maps/farmland.tmj", NULL, 960, 640, false, false, 0.0, 0, NULL, {0}, 0, {0}, NULL, 0, NULL, NULL, NULL},
    {"default-text", "maps/default.json", "esu-3", 1280, 800, true, true, 0.005, 0, NULL, {0}, 0, {0}, NULL, 0, NULL, NULL, NULL},
    /* one golden per overlay, on a scenario set up to show each */
    {"overlay-bands", "tests/data/overlays.json", "blue-a", 1200, 800, false, false, 0.0,
     SL_OVERLAY_SET | SL_OVERLAY_BANDS, NULL, {0}, 0, {0}, NULL, 0, NULL, NULL, NULL},
    {"overlay-los", "tests/data/overlays.json", "blue-a", 1200, 800, false, false, 0.0,
     SL_OVERLAY_SET | SL_OVERLAY_LOS, "red-a", {0}, 0, {0}, NULL, 0, NULL, NULL, NULL},
    {"overlay-integrity", "tests/data/overlays.json", NULL, 1200, 800, false, false, 0.0,
     SL_OVERLAY_SET | SL_OVERLAY_INTEGRITY, NULL, {0}, 0, {0}, NULL, 0, NULL, NULL, NULL},
    {"overlay-blast", "tests/data/overlays.json", NULL, 1200, 800, false, false, 0.0,
     SL_OVERLAY_SET | SL_OVERLAY_BLAST, NULL, {65, 17, 4}, 0, {0}, NULL, 0, NULL, NULL, NULL},
    {"overlay-path", "tests/data/overlays.json", "blue-a", 1200, 800, false, false, 0.0, SL_OVERLAY_SET, NULL, {0},
     3, {34, 22, 40, 30, 46, 32}, NULL, 0, NULL, NULL, NULL},
    {"overlay-all-text", "tests/data/overlays.json", "blue-a", 1280, 800, true, true, 0.005,
     SL_OVERLAY_SET | SL_OVERLAY_ALL, "red-a", {24, 42, 3}, 3, {34, 22, 40, 30, 46, 32}, NULL, 0, NULL, NULL, NULL},
    /* the game on screen: markers, action bar, turn box and dice log after
     * three turns; the fire preview with its odds; the reaction fire prompt */
    /* a fuel-air round inside the pump house: the doubled radius cut at
     * its blast wall, the house's state word (seed 000) */
    {"artillery-fae-text", "maps/bunker.json", NULL, 1280, 800, true, true, 0.005, 0, NULL, {0}, 0, {0},
     "tests/replays/fae-pumphouse.txt", 1, NULL, "tests/replays/fae-pumphouse.dice", NULL},
    {"play-markers", "maps/default.json", NULL, 1280, 800, false, true, 0.0, 0, NULL, {0}, 0, {0},
     "tests/replays/battle.txt", 42, NULL, NULL, NULL},
    {"play-fire-text", "maps/default.json", NULL, 1280, 800, true, true, 0.005, 0, NULL, {0}, 0, {0},
     "tests/replays/battle-turn2.txt", 42, "esu-1", NULL, NULL},
    {"play-reaction-text", "maps/default.json", NULL, 1280, 800, true, true, 0.005, 0, NULL, {0}, 0, {0},
     "tests/replays/battle-reaction.txt", 42, NULL, NULL, NULL},
    /* opportunity fire: the prompt with the overwatch unit's stretch of the
     * mover's way; a planned way coloured by exposure under overwatch */
    {"opfire-prompt-text", "maps/outpost.json", NULL, 1280, 800, true, true, 0.005, SL_OVERLAY_SET, NULL, {0}, 0, {0},
     "tests/replays/overwatch-prompt.txt", 1, NULL, "tests/replays/overwatch-example.dice", NULL},
    {"opfire-exposure-text", "maps/outpost.json", "nac-2", 1280, 800, true, true, 0.005, SL_OVERLAY_SET, NULL, {0}, 2,
     {18.7, 13, 19.5, 19}, "tests/replays/overwatch-plan.txt", 1, NULL, "tests/replays/overwatch-example.dice", NULL},
    /* fireteams: each team's integrity and the squad's (each team within
     * one band of its leader, the Phalon team 3 on the hill out of it);
     * then with labels and the Phalon squad's card; then the markers in
     * play in the suppressed-leader example (squad markers by the leader, team
     * markers by the team) */
    {"fireteams-integrity", "maps/fireteams.json", NULL, 1280, 800, false, false, 0.0,
     SL_OVERLAY_SET | SL_OVERLAY_INTEGRITY, NULL, {0}, 0, {0}, NULL, 0, NULL, NULL, NULL},
    {"fireteams-integrity-text", "maps/fireteams.json", "ph-1", 1280, 800, true, true, 0.005,
     SL_OVERLAY_SET | SL_OVERLAY_INTEGRITY, NULL, {0}, 0, {0}, NULL, 0, NULL, NULL, NULL},
    {"fireteams-play-text", "maps/lessons/tables/fireteams-example.json", "nac-1", 1280, 800, true, true, 0.005, 0, NULL, {0}, 0,
     {0}, "tests/replays/fireteams-markers.txt", 1, NULL, "tests/replays/fireteams-leader.dice", NULL},
    /* a detached element away from its squad: its DET marker, its row in
     * the unit list under the squad, and its card */
    {"fireteams-detach-text", "maps/lessons/tables/fireteams-example.json", "nac-1.D", 1280, 800, true, true, 0.005, 0, NULL, {0}, 0,
     {0}, "tests/replays/fireteams-detach-markers.txt", 1, NULL, "tests/replays/fireteams-detach.dice", NULL},
    /* the second ruleset (SkirmishCorps foot-units, seed 002) in play: its
     * markers and its own action bar */
    {"skirmish-play-text", "maps/lessons/tables/skirmish-example.json", "trooper", 1280, 800, true, true, 0.005, 0, NULL, {0}, 0,
     {0}, "tests/replays/skirmish-markers.txt", 1, NULL, "tests/replays/skirmish.dice", NULL},
    /* V on a SkirmishCorps table: Unit A's automatic rifle brackets as
     * rings cut where its sight ends, each with its modifier to hit, and
     * its planned way marked where it comes into the Runner's short
     * bracket (issue 42, point 7) */
    {"skirmish-reach-text", "maps/lessons/tables/skirmish-example.json", "unit-a", 1280, 800, true, true, 0.005,
     SL_OVERLAY_SET | SL_OVERLAY_BANDS, NULL, {0}, 3, {10, 12, 16, 10, 21, 12}, "tests/data/skirmish-reach.txt", 1, NULL,
     NULL, NULL},
    /* fog of war: one position (after tests/replays/hidden.txt) as NAC
     * knows it (counters, one found and removed, ESU 2nd Squad revealed),
     * as ESU knows it (its hidden squad and dummies marked), and as the
     * referee sees it */
    {"hidden-nac-text", "maps/hidden.json", NULL, 1280, 800, true, true, 0.005, 0, NULL, {0}, 0, {0},
     "tests/replays/hidden.txt", 42, NULL, NULL, "nac"},
    {"hidden-esu-text", "maps/hidden.json", NULL, 1280, 800, true, true, 0.005, 0, NULL, {0}, 0, {0},
     "tests/replays/hidden.txt", 42, NULL, NULL, "esu"},
    {"hidden-referee-text", "maps/hidden.json", NULL, 1280, 800, true, true, 0.005, 0, NULL, {0}, 0, {0},
     "tests/replays/hidden.txt", 42, NULL, NULL, NULL},
    /* an ambush's set-up (seeds 000, 003) on maps/ambush.json: the column
     * written in secret (its route, the draft order card); the ambusher
     * placing (his zone, no column on the road); his spring (the stretch
     * where the lead may stop, the odds of his tests) and the column's
     * side's view of it (route and gaps, no zone) */
    {"ambush-column-nac-text", "maps/ambush.json", NULL, 1280, 800, true, true, 0.005, 0, NULL, {0}, 0, {0},
     "tests/replays/ambush-column.txt", 1, NULL, NULL, "nac"},
    {"ambush-placing-esu-text", "maps/ambush.json", NULL, 1280, 800, true, true, 0.005, 0, NULL, {0}, 0, {0},
     "tests/replays/ambush-placing.txt", 1, NULL, NULL, "esu"},
    {"ambush-spring-esu-text", "maps/ambush.json", NULL, 1280, 800, true, true, 0.005, 0, NULL, {0}, 0, {0},
     "tests/replays/ambush-spring.txt", 1, NULL, NULL, "esu"},
    {"ambush-spring-nac-text", "maps/ambush.json", NULL, 1280, 800, true, true, 0.005, 0, NULL, {0}, 0, {0},
     "tests/replays/ambush-spring.txt", 1, NULL, NULL, "nac"},
};

/* Start a game and play a script on it. */
static void play_script(sl_play *p, const sl_world *w, const char *scenario, const char *script, uint64_t seed,
                        const char *dice)
{
    char err[600];
    assert_true(sl_play_start(p, w, scenario, seed, err, sizeof err));
    if (dice) {
        int *v, n;
        assert_true(sl_dice_file_load(dice, &v, &n, NULL));
        assert_true(sl_game_script_dice(&p->game, v, n));
        free(v);
    }
    sl_game_begin(&p->game);
    FILE *f = fopen(script, "r");
    assert_non_null(f);
    char line[512];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        n++;
        line[strcspn(line, "\r\n")] = '\0';
        if (!sl_game_apply_line(&p->game, line, err, sizeof err))
            fail_msg("%s:%d: %s", script, n, err);
    }
    fclose(f);
}

static void asset_dir(char *out, size_t len)
{
    snprintf(out, len, "%s/assets", SL_SOURCE_DIR);
}

static void render_checked(const golden *g, const char *out, sl_render_check *check)
{
    sl_world w;
    sl_load_opts opts = {true};
    assert_true(sl_world_load_any(g->file, &opts, &w, NULL));
    sl_render_req req = {.width = g->w, .height = g->h, .select_unit = g->select, .text = g->text, .hud = g->hud,
                         .out_path = out, .overlays = g->overlays, .target = g->target, .blast_x = g->blast[0],
                         .blast_y = g->blast[1], .blast_r = g->blast[2], .path = g->path, .npath = g->npath,
                         .view = g->view ? sl_scenario_find_side(&w.scn, g->view) : -1, .check = check};
    char assets[1100], err[512];
    asset_dir(assets, sizeof assets);
    sl_play play;
    sl_play_init(&play);
    if (g->script) {
        play_script(&play, &w, g->file, g->script, g->seed, g->dice);
        req.play = &play;
        if (g->fire_at) {
            req.has_pick = true;
            req.pick_kind = SL_CMD_FIRE;
            req.pick_target = sl_scenario_find_unit(&play.game.live, g->fire_at);
        }
    }
    if (!sl_render_png(&w, assets, &req, err, sizeof err))
        fail_msg("render %s: %s", g->name, err);
    sl_play_free(&play);
    sl_world_free(&w);
}

static void render(const golden *g, const char *out)
{
    render_checked(g, out, NULL);
}

static void test_goldens(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof goldens / sizeof goldens[0]; i++) {
        const golden *g = &goldens[i];
        char gpath[512], tmp[512];
        snprintf(gpath, sizeof gpath, "tests/golden/%s.png", g->name);
        if (update) {
            render(g, gpath);
            printf("wrote %s\n", gpath);
            continue;
        }
        snprintf(tmp, sizeof tmp, "/tmp/sightline-test-%d-%s.png", (int)getpid(), g->name);
        render(g, tmp);
        sl_image want, got;
        char err[256];
        if (!sl_image_load(gpath, &want, err, sizeof err))
            fail_msg("%s: %s (run test_render --update to create it)", gpath, err);
        assert_true(sl_image_load(tmp, &got, err, sizeof err));
        assert_int_equal(want.w, got.w);
        assert_int_equal(want.h, got.h);
        long differ = 0, total = (long)want.w * want.h;
        for (long p = 0; p < total; p++)
            differ += memcmp(want.rgba + 4 * p, got.rgba + 4 * p, 4) != 0;
        if ((double)differ > g->tolerance * (double)total)
            fail_msg("%s: %ld of %ld pixels differ from the golden (allowed %.2f%%); the new render is %s",
                     g->name, differ, total, g->tolerance * 100, tmp);
        sl_image_free(&want);
        sl_image_free(&got);
        unlink(tmp);
    }
}

/* The same inputs give the same bytes, run to run. */
static void test_deterministic(void **state)
{
    (void)state;
    if (update)
        return;
    char a[256], b[256];
    snprintf(a, sizeof a, "/tmp/sightline-det-a-%d.png", (int)getpid());
    snprintf(b, sizeof b, "/tmp/sightline-det-b-%d.png", (int)getpid());
    render(&goldens[4], a);
    render(&goldens[4], b);
    size_t la, lb;
    char err[128];
    char *da = sl_read_file(a, &la, err, sizeof err), *db = sl_read_file(b, &lb, err, sizeof err);
    assert_non_null(da);
    assert_non_null(db);
    assert_int_equal(la, lb);
    assert_memory_equal(da, db, la);
    free(da);
    free(db);
    unlink(a);
    unlink(b);
}

/* Issue 40: with fireteams, a team's row of counters keeps off the other
 * squad's team tags ("SUP 1" of NAC 1st Squad's team 2 lay over Phalon
 * 1st Squad's "T1" in fireteams-play-text), and no label lies over
 * another there. */
static void test_rows_clear_of_tags(void **state)
{
    (void)state;
    if (update)
        return;
    for (size_t i = 0; i < sizeof goldens / sizeof goldens[0]; i++) {
        if (strcmp(goldens[i].name, "fireteams-play-text") != 0)
            continue;
        sl_render_check c;
        render_checked(&goldens[i], NULL, &c);
        if (c.overlaps)
            fail_msg("%s: %d overlaps: %s", goldens[i].name, c.overlaps, c.what);
        return;
    }
    fail_msg("no golden fireteams-play-text");
}

/* A missing mat draws the table in plain colour: the render still works. */
static void test_missing_mat(void **state)
{
    (void)state;
    if (update)
        return;
    golden g = {.name = "small", .file = "tests/data/small.json", .select = "b1", .w = 800, .h = 600, .text = true,
                .hud = true};
    char out[256];
    snprintf(out, sizeof out, "/tmp/sightline-small-%d.png", (int)getpid());
    render(&g, out);
    sl_image img;
    char err[128];
    assert_true(sl_image_load(out, &img, err, sizeof err));
    assert_int_equal(img.w, 800);
    sl_image_free(&img);
    unlink(out);
}

/* In the table layout a lesson's caption has a strip of its own under the table: the same
 * height for a short caption and for the longest (the table keeps still
 * from step to step), across the table's whole width, in the lower part
 * of the window, and the table above it is drawn, not covered. */
static int strip_top(const char *lesson, int step, int wpx, int hpx)
{
    sl_lesson l;
    sl_diag d;
    sl_diag_init(&d);
    if (!sl_lesson_load(lesson, &l, &d))
        fail_msg("%s did not load", lesson);
    sl_world w;
    sl_load_opts opts = {true};
    assert_true(sl_world_load_any(l.scenario, &opts, &w, NULL));
    sl_play play;
    sl_play_init(&play);
    char err[512];
    int from = 0;
    if (!sl_lesson_play_to(&l, &w, &play, step, &from, err, sizeof err))
        fail_msg("%s", err);
    sl_render_req req;
    memset(&req, 0, sizeof req);
    req.view = -1;
    sl_lesson_request(&l, step, &req);
    req.rolls_from = from;
    req.width = wpx;
    req.height = hpx;
    req.text = req.hud = true;
    req.play = &play;
    req.layout = SL_LAYOUT_TABLE; /* the presentation has the caption beside the table */
    char out[256], assets[1100];
    snprintf(out, sizeof out, "/tmp/sightline-strip-%d.png", (int)getpid());
    req.out_path = out;
    asset_dir(assets, sizeof assets);
    if (!sl_render_png(&w, assets, &req, err, sizeof err))
        fail_msg("render: %s", err);
    sl_image img;
    assert_true(sl_image_load(out, &img, err, sizeof err));
    /* up from the status bar, in a column left of the side panel: the
     * strip's colour, to its top */
    int x = 10, y = hpx - 60, top = -1; /* the pad left of the text */
    while (y > 0 && !(img.rgba[4 * (y * img.w + x)] == 12 && img.rgba[4 * (y * img.w + x) + 1] == 14 &&
                      img.rgba[4 * (y * img.w + x) + 2] == 18))
        y--;
    while (y > 0 && img.rgba[4 * (y * img.w + x)] == 12 && img.rgba[4 * (y * img.w + x) + 1] == 14 &&
           img.rgba[4 * (y * img.w + x) + 2] == 18)
        top = y--;
    /* the strip spans the table's width at its top row */
    for (int xx = 10; xx < wpx / 2; xx += 37) {
        const unsigned char *p = img.rgba + 4 * ((top + 1) * img.w + xx);
        if (!(p[0] == 12 && p[1] == 14 && p[2] == 18))
            fail_msg("step %d: (%d, %d) is %d,%d,%d, not the strip (top %d)", step, xx, top + 1, p[0], p[1], p[2], top);
    }
    sl_image_free(&img);
    unlink(out);
    sl_play_free(&play);
    sl_world_free(&w);
    sl_lesson_free(&l);
    sl_diag_free(&d);
    return top;
}

static void test_lesson_caption_strip(void **state)
{
    (void)state;
    if (update)
        return;
    const char *l = SL_SOURCE_DIR "/maps/lessons/fae-bunker.json";
    int a = strip_top(l, 0, 1400, 900), b = strip_top(l, 2, 1400, 900), c = strip_top(l, 3, 1400, 900);
    assert_true(a > 900 / 2);
    assert_int_equal(a, b);
    assert_int_equal(a, c);
}

int main(int argc, char **argv)
{
    update = argc > 1 && strcmp(argv[1], "--update") == 0;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_goldens),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_missing_mat),
        cmocka_unit_test(test_rows_clear_of_tags),
        cmocka_unit_test(test_lesson_caption_strip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
