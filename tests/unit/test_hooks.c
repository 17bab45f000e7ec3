/* The house rules' hooks as the base resolves them: the per-target fire
 * check (fire_at) asked by every kind of fire, with its range, and what
 * a rule it refuses leaves (not offered, not taken); a rule's state by
 * its name, and the plan copied with a game. A test-only rule, the spy,
 * is added to the real tables for it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "game_fixture.h"
#include "rules.h"

#define OUTPOST SL_SOURCE_DIR "/maps/outpost.json"
#define FOG SL_SOURCE_DIR "/tests/data/fog.json"
#define AMBUSH SL_SOURCE_DIR "/maps/ambush.json"
#define SC SL_SOURCE_DIR "/maps/lessons/tables/skirmish-example.json"
#define EVERY_KIND 99

/* --- the spy: counts what it is asked, refuses what it is told to -------------------------- */

static int asked[RL_FIRE_SC_ATTACK + 1];
static int refused = -1; /* a kind, EVERY_KIND or -1 */
static rl_fire_ask last;

static bool spy_fire_at(const sl_game *g, const rl_fire_ask *a, char *why, size_t whylen)
{
    (void)g;
    asked[a->kind]++;
    last = *a;
    if ((int)a->kind == refused || refused == EVERY_KIND)
        return rl_refuse(why, whylen, "the spy forbids fire of kind %d (test rule)", (int)a->kind);
    return true;
}

/* the unit it lets be placed now, -1 none */
static int spy_places = -1;

static bool spy_placeable(const sl_game *g, int unit)
{
    (void)g;
    return unit == spy_places;
}

/* its chance to suppress a mover it sees, fired on as it moves; < 0: it
 * fires on none */
static double spy_mover_p = -1;

static bool spy_fires_at_mover(const sl_game *at, int unit, int mover, double *p)
{
    (void)at, (void)unit, (void)mover;
    if (spy_mover_p < 0)
        return false;
    *p = spy_mover_p;
    return true;
}

static const rl_house spy_rule = {.name = "spy", .source = "tests", .title = "the spy test rule",
                                  .fire_at = spy_fire_at, .placeable = spy_placeable,
                                  .fires_at_mover = spy_fires_at_mover};

/* The real tables with the spy last, and SkirmishCorps admitting it. */
static const rl_ruleset *spy_rulesets[8];
static const rl_house *spy_houses[RL_MAX_RULES];
static const char *sc_admits[16];
static rl_ruleset sc_with_spy;
static rl_tables spy_tables;

static const rl_tables *tables(void)
{
    const rl_tables *t = &rl_the_tables;
    for (int i = 0; i < t->nrulesets; i++)
        spy_rulesets[i] = t->rulesets[i];
    sc_with_spy = *t->rulesets[1];
    int n = 0;
    for (const char *const *a = sc_with_spy.admits; a && *a; a++)
        sc_admits[n++] = *a;
    sc_admits[n++] = "spy";
    sc_admits[n] = NULL;
    sc_with_spy.admits = sc_admits;
    spy_rulesets[1] = &sc_with_spy;
    for (int i = 0; i < t->nhouses; i++)
        spy_houses[i] = t->houses[i];
    spy_houses[t->nhouses] = &spy_rule;
    spy_tables = (rl_tables){spy_rulesets, t->nrulesets, spy_houses, t->nhouses + 1};
    memset(asked, 0, sizeof asked);
    refused = -1;
    spy_places = -1;
    spy_mover_p = -1;
    return &spy_tables;
}

/* A game on `path` played with the spy. */
static T *spied(const char *path)
{
    T *t = start_seed(path, 1);
    sl_game_free(&t->g);
    assert_true(rl_game_init_with(&t->g, &t->w.scn, 1, tables(), t->err, sizeof t->err));
    assert_true(sl_game_house_rule(&t->g, "spy"));
    return t;
}

/* ... its sides level, so a die of 1 gives the first side the choice. */
static T *spied_begin(const char *path, const char *first, bool opfire)
{
    T *t = spied(path);
    set_option(&t->g.live.options, "opportunity_fire", opfire);
    DICE(t, 1);
    sl_game_begin(&t->g);
    char line[64];
    snprintf(line, sizeof line, "decide first %s", first);
    ok(t, line);
    return t;
}

/* --- every kind of fire asks ------------------------------------------------------------- */

/* Own fire in an activation, its preview (the window's and the solo
 * opponent's), with the range in mils and its band. */
static void test_own_fire(void **state)
{
    (void)state;
    T *t = spied(RULES);
    ok(t, "decide first nac");
    ok(t, "activate a");
    sl_fire_preview pv;
    sl_game_fire_preview(&t->g, U(t, "a"), U(t, "b"), SL_FIRE_ALL, &pv);
    assert_true(pv.possible);
    assert_true(asked[RL_FIRE_OWN] > 0);
    assert_int_equal(last.firer, U(t, "a"));
    assert_int_equal(last.target, U(t, "b"));
    assert_int_equal(last.range, (int32_t)lround(pv.sight.range.distance));
    assert_int_equal(last.band, pv.sight.range.band);
    refused = RL_FIRE_OWN;
    sl_game_fire_preview(&t->g, U(t, "a"), U(t, "b"), SL_FIRE_ALL, &pv);
    assert_false(pv.possible);
    assert_non_null(strstr(pv.why, "the spy forbids"));
    no(t, "fire a at b", "the spy forbids fire of kind 0");
    finish(t);
}

/* p53: a refused firer is not among the reaction fire's choices. */
static void test_reaction_fire(void **state)
{
    (void)state;
    T *t = spied(RULES);
    ok(t, "decide first nac");
    ok(t, "activate a");
    ok(t, "move a 11.3,15");
    refused = RL_FIRE_REACTION;
    ok(t, "move a 11.3,20");
    assert_true(asked[RL_FIRE_REACTION] > 0);
    assert_false(t->g.pending.kind == SL_DECIDE_REACTION_FIRE && offered(t, "b"));
    finish(t);

    t = spied(RULES);
    ok(t, "decide first nac");
    ok(t, "activate a");
    ok(t, "move a 11.3,15");
    ok(t, "move a 11.3,20");
    assert_int_equal(t->g.pending.kind, SL_DECIDE_REACTION_FIRE);
    assert_true(offered(t, "b"));
    finish(t);
}

/* Opportunity fire and overwatch: asked for the offer (and the exposure
 * of a planned way); a refused unit is not offered. */
static void test_opportunity_and_overwatch(void **state)
{
    (void)state;
    T *t = spied_begin(OUTPOST, "nac", true);
    ok(t, "activate nac-1");
    ok(t, "move nac-1 25.4,5.0");
    assert_int_equal(t->g.pending.kind, of_decide_kind());
    assert_true(offered(t, "esu-1"));
    assert_true(asked[RL_FIRE_OPPORTUNITY] > 0);
    finish(t);

    t = spied_begin(OUTPOST, "nac", true);
    sl_pt c = sl_unit_centre(&t->g.live, U(t, "nac-1"), NULL), way[2] = {c, sl_pt_make(IN(25.4), IN(5.0))};
    sl_exposure_point ex[32];
    int n = sl_game_exposure(&t->g, U(t, "nac-1"), way, 2, 500, ex, 32), reacting = 0;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < ex[i].nseen; k++)
            reacting += ex[i].can_react[k];
    assert_true(reacting > 0);
    refused = RL_FIRE_OPPORTUNITY;
    n = sl_game_exposure(&t->g, U(t, "nac-1"), way, 2, 500, ex, 32);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < ex[i].nseen; k++)
            assert_false(ex[i].can_react[k]);
    ok(t, "activate nac-1");
    ok(t, "move nac-1 25.4,5.0");
    assert_false(t->g.pending.kind == of_decide_kind() && offered(t, "esu-1"));
    finish(t);

    t = spied_begin(OUTPOST, "nac", true);
    of_unit_of(&t->g, U(t, "esu-1"))->overwatch = true;
    refused = RL_FIRE_OVERWATCH;
    ok(t, "activate nac-1");
    ok(t, "move nac-1 25.4,5.0");
    assert_true(asked[RL_FIRE_OVERWATCH] > 0);
    assert_false(t->g.pending.kind == of_decide_kind() && offered(t, "esu-1"));
    finish(t);
}

/* Fire at a face-down counter (recon by fire). */
static void test_fire_at_counter(void **state)
{
    (void)state;
    T *t = spied_begin(FOG, "nac", false);
    ok(t, "activate a");
    char line[64];
    snprintf(line, sizeof line, "fire a at ?%s", sl_game_counter(&t->g, U(t, "f")));
    refused = RL_FIRE_COUNTER;
    no(t, line, "the spy forbids fire of kind 4");
    assert_true(asked[RL_FIRE_COUNTER] > 0);
    finish(t);
}

/* An ambushed column's spotting by fire: refused, the unit observes. */
static void test_ambush_spotting(void **state)
{
    (void)state;
    for (int refuse = 0; refuse < 2; refuse++) {
        T *t = spied(AMBUSH);
        set_option(&t->g.live.options, "ambush", 2);
        sl_game_begin(&t->g);
        ok(t, "column nac-1 4 nac-hq 4 nac-2");
        ok(t, "place esu-1 12.5,13.4");
        ok(t, "place esu-2 34,12");
        ok(t, "place esu-hq 28,11");
        ok(t, "place esu-dummy-1 40,10");
        ok(t, "place esu-dummy-2 6,11");
        ok(t, "done esu");
        t->g.live.options.spotting_by_fire = true;
        refused = refuse ? RL_FIRE_SPOTTING : -1;
        if (refuse)
            DICE(t, 5, 5, 4, 2, 3);
        else
            DICE(t, 5, 5, 3, 4, 4, 4);
        ok(t, "wait");
        assert_true(asked[RL_FIRE_SPOTTING] > 0);
        assert_true(said(t, refuse ? "it observes counter" : "it fires at counter"));
        finish(t);
    }
}

/* A SkirmishCorps attack, and its card for the players. */
static void test_skirmish_attack(void **state)
{
    (void)state;
    T *t = spied_begin(SC, "red", false);
    ok(t, "activate trooper");
    ok(t, "end");
    ok(t, "activate unit-a");
    sc_attack_info a;
    sc_attack_judge(&t->g, U(t, "unit-a"), U(t, "runner"), SC_SNAP, &a);
    assert_true(a.legal);
    assert_true(asked[RL_FIRE_SC_ATTACK] > 0);
    assert_int_equal(last.band, a.bracket);
    assert_int_equal(last.range, (int32_t)lround(a.inches * 1000.0));
    refused = RL_FIRE_SC_ATTACK;
    sc_attack_judge(&t->g, U(t, "unit-a"), U(t, "runner"), SC_SNAP, &a);
    assert_false(a.legal);
    no(t, "fire unit-a at runner", "the spy forbids fire of kind 6");
    finish(t);
}

/* --- a rule's state and the game's plan ---------------------------------------------------- */

static void test_state_by_name_and_copies(void **state)
{
    (void)state;
    T *t = spied(RULES);
    int a = U(t, "a");
    assert_non_null(rl_rule_state(&t->g, "travel", a));
    assert_ptr_equal(rl_rule_state(&t->g, "travel", a), rl_house_state(&t->g, &tv_rule, a));
    assert_null(rl_rule_state(&t->g, "spy", a)); /* it keeps none */
    assert_null(rl_rule_state(&t->g, "no such rule", a));
    sl_game c;
    assert_true(sl_game_clone(&c, &t->g, t->err, sizeof t->err));
    assert_true(sl_game_house_rule(&c, "spy"));
    assert_ptr_not_equal(rl_rule_state(&c, "travel", a), rl_rule_state(&t->g, "travel", a));
    assert_ptr_equal(rl_rule_state(&c, "travel", a), rl_house_state(&c, &tv_rule, a));
    sl_game_free(&c);
    finish(t);
}

/* Whether a unit may be placed now is the rules' answer (placeable), any
 * rule in play saying yes: on a table with no set-up none does, until the
 * spy says so of one unit. */
static void test_placeable_asks_the_rules(void **state)
{
    (void)state;
    T *t = spied(RULES);
    int a = U(t, "a"), b = U(t, "b");
    assert_false(sl_game_placeable(&t->g, a));
    spy_places = a;
    assert_true(sl_game_placeable(&t->g, a));
    assert_false(sl_game_placeable(&t->g, b));
    assert_false(sl_game_placeable(&t->g, -1));
    assert_false(sl_game_placeable(&t->g, t->g.live.nunits));
    spy_places = -1;
    finish(t);
}

/* A planned way's exposure is a sight query of the base: with no rule in
 * play that fires on movers (opportunity fire off) it still says who sees
 * the way, none of them firing; a rule that does fire on movers (the spy,
 * at 50%) is asked of each enemy that sees it, and the odds combine. */
static void test_exposure_asks_the_rules(void **state)
{
    (void)state;
    T *t = spied_begin(OUTPOST, "nac", false);
    assert_false(sl_game_house_rule(&t->g, "opportunity_fire"));
    sl_pt c = sl_unit_centre(&t->g.live, U(t, "nac-1"), NULL), way[2] = {c, sl_pt_make(IN(25.4), IN(5.0))};
    sl_exposure_point ex[32];
    int n = sl_game_exposure(&t->g, U(t, "nac-1"), way, 2, 500, ex, 32), seen = 0;
    assert_true(n > 1);
    for (int i = 0; i < n; i++) {
        seen += ex[i].nseen;
        for (int k = 0; k < ex[i].nseen; k++)
            assert_false(ex[i].can_react[k]);
        assert_true(ex[i].p_suppress == 0.0);
    }
    assert_true(seen > 0);
    spy_mover_p = 0.5;
    sl_exposure_point fired[32];
    assert_int_equal(sl_game_exposure(&t->g, U(t, "nac-1"), way, 2, 500, fired, 32), n);
    for (int i = 0; i < n; i++) {
        assert_int_equal(fired[i].nseen, ex[i].nseen);
        for (int k = 0; k < fired[i].nseen; k++)
            assert_true(fired[i].can_react[k]);
        assert_true(fabs(fired[i].p_suppress - (1.0 - pow(0.5, fired[i].nseen))) < 1e-12);
    }
    spy_mover_p = -1;
    finish(t);
}

/* Every word the rules add to commands they do not own has its stretch
 * within a command's rule bytes, one after another (rl_cmd_extra_of would
 * give none to one that did not fit, and its words would be refused). */
static void test_extras_fit(void **state)
{
    (void)state;
    sl_command c;
    sl_cmd_init(&c, SL_CMD_MOVE, -1);
    size_t at = 0;
    const rl_cmd_extra *x;
    for (int i = 0; (x = rl_rows_extra(&rl_the_tables, i)) != NULL; i++) {
        assert_int_equal(rl_rows_extra_at(&rl_the_tables, x), at);
        assert_ptr_equal(rl_cmd_extra_of(&c, x), c.rule + at);
        at += x->bytes;
    }
    assert_true(at <= SL_CMD_RULE_BYTES);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_own_fire),
        cmocka_unit_test(test_reaction_fire),
        cmocka_unit_test(test_opportunity_and_overwatch),
        cmocka_unit_test(test_fire_at_counter),
        cmocka_unit_test(test_ambush_spotting),
        cmocka_unit_test(test_skirmish_attack),
        cmocka_unit_test(test_state_by_name_and_copies),
        cmocka_unit_test(test_extras_fit),
        cmocka_unit_test(test_placeable_asks_the_rules),
        cmocka_unit_test(test_exposure_asks_the_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
