/* Issue 40, "Done means": every shipped lesson step and every shipped
 * scenario's first decision, drawn as the window draws it at 1280x720,
 * 1920x1080 and 3840x2160, at 100%, 150%, 200% and 250% (or the largest
 * that fits, as the window does): no words cut in a card, a caption or a
 * hand-over, no label over another, no card on the table over what the
 * step or decision asks to keep clear; a lesson keeps a table at least
 * half the window's height. No picture is written (the checks are made
 * while drawing), so the whole sweep stays within a few minutes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sightline/lesson.h"
#include "sightline/play.h"
#include "sightline/ui.h"

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
    if (c.cuts || c.overlaps || c.covers || small) {
        problems++;
        print_message("%s %dx%d at %d%% (drawn at %.0f%%, %s): %s%s\n", what, req->width, req->height, req->scale_pct,
                      c.scale * 100, c.present ? "presentation" : "table", c.what,
                      small ? " (the table under half the window's height)" : "");
    }
}

static void test_lessons(void **state)
{
    (void)state;
    for (size_t li = 0; li < sizeof lessons / sizeof lessons[0]; li++) {
        char path[600];
        snprintf(path, sizeof path, "%s/maps/lessons/%s.json", SL_SOURCE_DIR, lessons[li]);
        sl_lesson l;
        sl_diag d;
        sl_diag_init(&d);
        if (!sl_lesson_load(path, &l, &d))
            fail_msg("%s did not load", path);
        sl_diag_free(&d);
        sl_world w;
        sl_load_opts opts = {true};
        assert_true(sl_lesson_load_world(&l, &opts, &w, NULL));
        sl_play play;
        sl_play_init(&play);
        for (int step = 0; step < l.nsteps; step++) {
            char err[600];
            int from = 0;
            if (!sl_lesson_play_to(&l, &w, &play, step, &from, err, sizeof err))
                fail_msg("%s: %s", path, err);
            for (int z = 0; z < NSIZES; z++)
                for (int k = 0; k < NSCALES; k++) {
                    sl_render_req req;
                    memset(&req, 0, sizeof req);
                    req.view = -1;
                    sl_lesson_request(&l, step, &req);
                    req.rolls_from = from;
                    req.play = &play;
                    req.width = sizes[z][0];
                    req.height = sizes[z][1];
                    req.scale_pct = scales[k];
                    char what[200];
                    snprintf(what, sizeof what, "lesson %s step %d", lessons[li], step + 1);
                    check_one(&w, &req, what);
                }
        }
        sl_play_free(&play);
        sl_world_free(&w);
        sl_lesson_free(&l);
    }
}

static void test_scenarios(void **state)
{
    (void)state;
    for (size_t si = 0; si < sizeof scenarios / sizeof scenarios[0]; si++) {
        char path[600], err[600];
        snprintf(path, sizeof path, "%s/maps/%s.json", SL_SOURCE_DIR, scenarios[si]);
        sl_world w;
        sl_load_opts opts = {true};
        assert_true(sl_world_load_any(path, &opts, &w, NULL));
        sl_play play;
        sl_play_init(&play);
        if (!sl_play_start(&play, &w, path, 1, err, sizeof err))
            fail_msg("%s: %s", path, err);
        sl_game_begin(&play.game);
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

static void test_none(void **state)
{
    (void)state;
    if (problems)
        fail_msg("%d pictures with words cut, labels over labels or cards over what they speak of", problems);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lessons),
        cmocka_unit_test(test_scenarios),
        cmocka_unit_test(test_none),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
