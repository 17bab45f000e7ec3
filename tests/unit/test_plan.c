/* The plan is the move (issue 42): on every shipped scenario with forces,
 * for the biggest unit that can be activated, every way of moving it is
 * offered (Stargrunt's move and combat move, a travel column's move,
 * SkirmishCorps' jog, run, sprint and sneak) along ways drawn from one of its men in eight
 * directions and three lengths: the plan the window draws
 * (sl_play_way_command) says the command is refused exactly when the
 * game refuses it, for the same reason, and when it is allowed and the
 * move goes its whole way, the journal's distance and end, and where
 * every man stands, are the plan's to the mil. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sightline/io.h"
#include "sightline/play.h"

typedef struct tally {
    int compared, refused, interrupted, reach_taken;
} tally;

/* The journal's last "moved" event after `from`: its end and distance. */
static bool moved_event(const sl_game *g, int from, int unit, sl_pt *to, double *dist, bool *whole)
{
    for (int i = g->journal.n - 1; i >= from; i--) {
        const sl_event *e = &g->journal.ev[i];
        const char *m = strstr(e->json, "\"what\":\"moved\"");
        if (!m || e->unit != unit)
            continue;
        double x, y, d;
        const char *at = strstr(e->json, "\"to\":[");
        const char *dd = strstr(e->json, "\"distance\":");
        if (!at || !dd || sscanf(at, "\"to\":[%lf,%lf]", &x, &y) != 2 || sscanf(dd, "\"distance\":%lf", &d) != 1)
            fail_msg("a moved event without its end or distance: %s", e->json);
        *to = sl_pt_make((int32_t)lround(x * 1000), (int32_t)lround(y * 1000));
        *dist = d * 1000;
        *whole = !strstr(e->text, "stops there") && !strstr(e->text, "short of its destination");
        return true;
    }
    return false;
}

static void undo_to(sl_play *p, int ncommands)
{
    char undone[600], err[600];
    while (p->game.ncommands > ncommands)
        if (!sl_play_undo(p, undone, sizeof undone, err, sizeof err))
            fail_msg("undo failed: %s", err);
}

/* One way of one action: the plan against what the game does. */
static void try_way(sl_play *p, const sl_play_action *a, int unit, sl_pt from, sl_pt to, const char *scen, tally *t)
{
    sl_command c;
    sl_way_plan pl;
    if (!sl_play_way_command(p, a, unit, from, &to, 1, NULL, 0, false, &c, &pl))
        fail_msg("%s: %s has no plan", scen, a->label);
    char why[600] = "";
    bool can = sl_game_can(&p->game, &c, why, sizeof why);
    if (can != pl.ok || (!can && strcmp(why, pl.why) != 0))
        fail_msg("%s: %s to (%.2f, %.2f): the plan says %s (%s), the game %s (%s)", scen, a->label, to.x / 1000.0,
                 to.y / 1000.0, pl.ok ? "yes" : "no", pl.why, can ? "yes" : "no", why);
    if (!can) {
        t->refused++;
        /* a refusal that names the furthest the unit could go names a
         * point the same move then takes, as typed (to a tenth) */
        const char *r = strstr(why, "could reach (");
        double rx, ry;
        if (r && sscanf(r, "could reach (%lf, %lf)", &rx, &ry) == 2) {
            sl_command there = c;
            there.npts = 1;
            there.pts[0] = sl_pt_make((int32_t)lround(rx * 1000), (int32_t)lround(ry * 1000));
            char again[600] = "";
            if (!sl_game_can(&p->game, &there, again, sizeof again))
                fail_msg("%s: %s to (%.2f, %.2f) was refused as '%s'; the point it names is refused too: %s", scen,
                         a->label, to.x / 1000.0, to.y / 1000.0, why, again);
            t->reach_taken++;
        }
        return;
    }
    /* the way drawn and the way moved are the same length */
    assert_true(fabs(pl.length - sl_dist(from, to)) < 1.0);
    int n0 = p->game.ncommands, e0 = p->game.journal.n;
    char err[600];
    if (!sl_play_do(p, &c, err, sizeof err))
        fail_msg("%s: %s refused on doing it: %s", scen, a->label, err);
    sl_pt end;
    double dist;
    bool whole;
    bool moved = moved_event(&p->game, e0, unit, &end, &dist, &whole);
    /* what stopped it, if anything did: a decision or a die other than
     * the combat move's own */
    bool stopped_by = false;
    int roll = 0;
    for (int i = e0; i < p->game.journal.n; i++) {
        const sl_event *e = &p->game.journal.ev[i];
        if (e->kind == SL_EV_ROLL && strcmp(e->test, "combat-move") == 0)
            roll = e->value;
        else if (e->kind == SL_EV_DECISION || e->kind == SL_EV_ROLL)
            stopped_by = true;
    }
    if (!moved || (!whole && !pl.rolled)) {
        if (!stopped_by)
            fail_msg("%s: %s to (%.2f, %.2f): planned to go the whole way, it %s with nothing to stop it", scen,
                     a->label, to.x / 1000.0, to.y / 1000.0, moved ? "stopped short" : "did not move");
        t->interrupted++; /* stopped on its way (a reaction, a decision): the plan cannot know */
        undo_to(p, n0);
        return;
    }
    /* a combat move reaches exactly when its roll, doubled, pays for the
     * dearest man's way: the odds the plan states */
    if (pl.rolled && roll > 0 && !stopped_by && (2000.0 * roll >= pl.cost - 0.5) != whole)
        fail_msg("%s: %s: rolled %d against a way costing %.2f\", yet it %s", scen, a->label, roll, pl.cost / 1000.0,
                 whole ? "reached" : "fell short");
    if (whole) {
        if (fabs(dist - pl.go) > 1.0 || sl_dist(end, pl.end) > 1.5)
            fail_msg("%s: %s: the plan goes %.3f\" to (%.3f, %.3f), the journal %.3f\" to (%.3f, %.3f)", scen,
                     a->label, pl.go / 1000.0, pl.end.x / 1000.0, pl.end.y / 1000.0, dist / 1000.0, end.x / 1000.0,
                     end.y / 1000.0);
        for (int i = 0; i < pl.nfigs; i++) {
            sl_pt at = p->game.live.figures[pl.fig[i]].pos;
            if (sl_dist(at, pl.fig_end[i]) > 1.5)
                fail_msg("%s: %s: %s planned to end at (%.3f, %.3f), stands at (%.3f, %.3f)", scen, a->label,
                         p->game.live.figures[pl.fig[i]].id, pl.fig_end[i].x / 1000.0, pl.fig_end[i].y / 1000.0,
                         at.x / 1000.0, at.y / 1000.0);
        }
        t->compared++;
    } else {
        assert_true(dist < pl.length); /* a combat move short of its mark */
    }
    undo_to(p, n0);
}

/* Activate the first unit of the side to act that may be activated. */
static int activate_one(sl_play *p)
{
    const sl_scenario *s = &p->game.live;
    char err[600];
    for (int tries = 0; tries < 4; tries++) {
        int side = sl_play_side_to_act(p);
        /* the biggest unit first: a squad's men each on their own way */
        for (int k = 0; k < s->nunits; k++) {
            int u = -1;
            for (int v = 0; v < s->nunits; v++) {
                int bigger = 0;
                for (int x = 0; x < s->nunits; x++)
                    bigger += s->units[x].nfigures > s->units[v].nfigures ||
                              (s->units[x].nfigures == s->units[v].nfigures && x < v);
                if (bigger == k)
                    u = v;
            }
            if (u < 0 || s->units[u].side != side || !sl_unit_fielded(s, u))
                continue;
            char line[80];
            snprintf(line, sizeof line, "activate %s", s->units[u].id);
            sl_command c;
            if (sl_command_parse(s, line, &c, err, sizeof err) && sl_play_do(p, &c, err, sizeof err))
                return u;
        }
        sl_play_auto(p, err, sizeof err);
    }
    return -1;
}

static void plan_scenario(const char *path, int want_compared, bool column)
{
    sl_world w;
    sl_world_init(&w);
    sl_diag d;
    sl_diag_init(&d);
    sl_load_opts lo = {false};
    if (!sl_world_load(path, &lo, &w, &d))
        fail_msg("cannot load %s", path);
    sl_diag_free(&d);
    sl_play *p = calloc(1, sizeof *p);
    assert_non_null(p);
    sl_play_init(p);
    char err[600];
    assert_true(sl_play_start(p, &w, path, 1, err, sizeof err));
    p->solo_side = SL_SOLO_BOTH; /* the program answers every decision: set-up, who goes first, reactions */
    sl_game_begin(&p->game);
    sl_play_auto(p, err, sizeof err);
    int unit = activate_one(p);
    if (unit < 0)
        fail_msg("%s: no unit could be activated", path);
    if (column) { /* a travel column: its moves are twice as long */
        char line[80];
        snprintf(line, sizeof line, "travel %s", p->game.live.units[unit].id);
        if (!sl_play_do_line(p, line, err, sizeof err))
            fail_msg("%s: %s", line, err);
    }
    tally t = {0, 0, 0, 0};
    sl_play_action acts[SL_PLAY_MAX_ACTIONS];
    int n = sl_play_actions(p, unit, false, acts, SL_PLAY_MAX_ACTIONS);
    int actions = 0;
    for (int i = 0; i < n; i++) {
        if (!acts[i].needs_path || (acts[i].kind != SL_CMD_MOVE && acts[i].kind != SL_CMD_COMBAT_MOVE))
            continue;
        actions++;
        const sl_unit *u = &p->game.live.units[unit];
        sl_pt from = p->game.live.figures[u->first_figure].pos;
        for (int dir = 0; dir < 8; dir++)
            for (int len = 0; len < 3; len++) {
                static const double lens[] = {2.0, 4.5, 7.5};
                double a = dir * M_PI / 4, r = lens[len] * 1000;
                sl_pt to = sl_pt_make(from.x + (int32_t)lround(r * cos(a)), from.y + (int32_t)lround(r * sin(a)));
                try_way(p, &acts[i], unit, from, to, path, &t);
            }
    }
    print_message("%s: %s, %d ways of moving: %d compared, %d refused alike (%d named a point the move takes), "
                  "%d interrupted\n",
                  path, p->game.live.units[unit].name, actions, t.compared, t.refused, t.reach_taken, t.interrupted);
    if (actions == 0 || t.compared < want_compared)
        fail_msg("%s: only %d moves compared (%d ways of moving)", path, t.compared, actions);
    sl_play_free(p);
    free(p);
    sl_world_free(&w);
}

#define MAP(name) SL_SOURCE_DIR "/maps/" name

static void test_default(void **s) { (void)s; plan_scenario(MAP("default.json"), 10, false); }
static void test_default_column(void **s) { (void)s; plan_scenario(MAP("default.json"), 10, true); }
static void test_town(void **s) { (void)s; plan_scenario(MAP("town.json"), 5, false); }
static void test_outpost(void **s) { (void)s; plan_scenario(MAP("outpost.json"), 5, false); }
static void test_fireteams(void **s) { (void)s; plan_scenario(MAP("fireteams.json"), 5, false); }
static void test_hidden(void **s) { (void)s; plan_scenario(MAP("hidden.json"), 5, false); }
static void test_ambush(void **s) { (void)s; plan_scenario(MAP("ambush.json"), 5, false); }
static void test_bunker(void **s) { (void)s; plan_scenario(MAP("bunker.json"), 5, false); }
static void test_skirmish(void **s) { (void)s; plan_scenario(MAP("lessons/tables/skirmish-example.json"), 5, false); }
static void test_skirmish_vehicles(void **s) { (void)s; plan_scenario(MAP("lessons/tables/skirmish-vehicles.json"), 3, false); }
static void test_fireteams_example(void **s) { (void)s; plan_scenario(MAP("lessons/tables/fireteams-example.json"), 5, false); }
static void test_recovery_example(void **s) { (void)s; plan_scenario(MAP("lessons/tables/recovery-example.json"), 5, false); }

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default),   cmocka_unit_test(test_default_column), cmocka_unit_test(test_town),
        cmocka_unit_test(test_outpost),   cmocka_unit_test(test_fireteams),
        cmocka_unit_test(test_hidden),    cmocka_unit_test(test_ambush),
        cmocka_unit_test(test_bunker),    cmocka_unit_test(test_skirmish),
        cmocka_unit_test(test_skirmish_vehicles), cmocka_unit_test(test_fireteams_example),
        cmocka_unit_test(test_recovery_example), /* the last shipped table (tests/unit/shipped.h) */
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
