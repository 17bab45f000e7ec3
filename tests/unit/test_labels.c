/* Issue 40 in the table layout at projector sizes: the figure tooltip
 * beside the pointer and off what it describes, the cards and the scale
 * bar off the places' labels; and which units a decision rings, as the
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
        waits = sl_game_decision(&p.game, -1, -1, 0, &d) && (strstr(d.title, "what happened") || strstr(d.title, "roll it for the program"));
    }
    if (!waits)
        fail_msg("no attack waited for the players' roll");
    sl_ui_draw(ui, &p.disp, &v, 1280, 800);
    assert_true(ui->nringed > 0);
    assert_true(rings_agree(&v, "SkirmishCorps, the program's attack"));
    end_game(&w, &p, &v);
    end_game(&w, &p, &v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rings_are_the_rulesets),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
