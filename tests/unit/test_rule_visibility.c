/* Limited visibility (rulebook p11, p57): src/rules/house/visibility.c.
 * With the option off, fire is as it always was; with a limit, no kind
 * of fire reaches a unit beyond it (fire in an activation and its
 * preview, reaction fire, opportunity fire and the exposure of a way),
 * while fire within it goes on. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "game_fixture.h"
#include "house/house.h"

#define OUTPOST SL_SOURCE_DIR "/maps/outpost.json"

/* A game whose scenario sets the limit (0: none) and opportunity fire,
 * begun as a scenario's would be. */
static T *with_limit(const char *path, double inches, bool opfire)
{
    T *t = start_seed(path, 1);
    set_option(&t->g.live.options, "visibility_limit", IN(inches));
    set_option(&t->g.live.options, "opportunity_fire", opfire);
    if (strcmp(path, OUTPOST) == 0)
        DICE(t, 1); /* its sides are level: a 1 gives NAC the choice */
    sl_game_begin(&t->g);
    return t;
}

/* How far a's fire at b reaches, as the fire measures it (inches). */
static double range_in(T *t, const char *a, const char *b)
{
    sl_fire_preview pv;
    sl_game_fire_preview(&t->g, U(t, a), U(t, b), SL_FIRE_ALL, &pv);
    if (!pv.possible)
        fail_msg("%s cannot fire at %s: %s", a, b, pv.why);
    return pv.sight.range.distance / 1000.0;
}

/* An option of its own, off by default, listed with the others and
 * checked as any length is. */
static void test_option(void **state)
{
    (void)state;
    const sl_option_desc *d = sl_option_find("visibility_limit");
    assert_non_null(d);
    assert_int_equal(d->type, SL_OPT_INCHES);
    assert_non_null(strstr(d->doc, "p11"));
    sl_options o;
    sl_options_default(&o);
    assert_int_equal(sl_option_value(&o, d), 0);
    char err[200];
    assert_false(sl_option_set_number(&o, d, -3, err, sizeof err));
    assert_true(sl_option_set_number(&o, d, 18, err, sizeof err));
    assert_int_equal(sl_option_value(&o, d), 18000);
    T *t = with_limit(RULES, 0, false);
    assert_false(sl_game_house_rule(&t->g, "visibility"));
    finish(t);
    t = with_limit(RULES, 10, false);
    assert_true(sl_game_house_rule(&t->g, "visibility"));
    finish(t);
}

/* Fire in an activation: refused beyond the limit (the preview says why,
 * as the window shows it), taken within it, and as before with no limit. */
static void test_own_fire(void **state)
{
    (void)state;
    T *t = with_limit(RULES, 0, false);
    nac_first(t);
    ok(t, "activate a");
    double r = range_in(t, "a", "b");
    finish(t);
    t = with_limit(RULES, r - 0.5, false);
    nac_first(t);
    ok(t, "activate a");
    sl_fire_preview pv;
    sl_game_fire_preview(&t->g, U(t, "a"), U(t, "b"), SL_FIRE_ALL, &pv);
    assert_false(pv.possible);
    assert_non_null(strstr(pv.why, "limited visibility, p11"));
    char why[120];
    snprintf(why, sizeof why, "beyond the %.1f\" anyone can see to shoot", r - 0.5);
    no(t, "fire a at b", why);
    finish(t);
    t = with_limit(RULES, r + 0.5, false);
    nac_first(t);
    ok(t, "activate a");
    ok(t, "fire a at b"); /* the same shot, now within reach */
    SAID(t, "Alpha fires");
    finish(t);
}

/* p53: a unit beyond the limit is not among the reaction fire's choices;
 * within it, it is. */
static void test_reaction_fire(void **state)
{
    (void)state;
    for (int far = 0; far < 2; far++) {
        T *t = with_limit(RULES, far ? 1.0 : 100.0, false);
        nac_first(t);
        ok(t, "activate a");
        ok(t, "move a 11.3,15");
        ok(t, "move a 11.3,20");
        bool asked = t->g.pending.kind == SL_DECIDE_REACTION_FIRE && offered(t, "b");
        assert_true(asked == !far);
        finish(t);
    }
}

/* Opportunity fire (seed 001): an enemy beyond the limit is neither shown
 * as a threat along a planned way nor offered the shot. */
static void test_opportunity_fire(void **state)
{
    (void)state;
    for (int far = 0; far < 2; far++) {
        T *t = with_limit(OUTPOST, far ? 1.0 : 100.0, true);
        ok(t, "decide first nac");
        sl_pt c = sl_unit_centre(&t->g.live, U(t, "nac-1"), NULL), way[2] = {c, sl_pt_make(IN(25.4), IN(5.0))};
        sl_exposure_point ex[32];
        int n = sl_game_exposure(&t->g, U(t, "nac-1"), way, 2, 500, ex, 32), reacting = 0;
        for (int i = 0; i < n; i++)
            for (int k = 0; k < ex[i].nseen; k++)
                reacting += ex[i].can_react[k];
        assert_true((reacting > 0) == !far);
        ok(t, "activate nac-1");
        ok(t, "move nac-1 25.4,5.0");
        bool asked = t->g.pending.kind == of_decide_kind() && offered(t, "esu-1");
        assert_true(asked == !far);
        finish(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_option),
        cmocka_unit_test(test_own_fire),
        cmocka_unit_test(test_reaction_fire),
        cmocka_unit_test(test_opportunity_fire),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
