/* The Stargrunt II rules core: dice, tests, fire, moves, command and
 * control, close assault, the turn sequence, journal, saves and replays.
 *
 * Most tests play commands on tests/data/rules.json (an open 48" x 36"
 * table: NAC HQ, Alpha and the Greens against ESU HQ, Bravo, Charlie in
 * the copse and a tank) with scripted dice, so each rule is checked with
 * the numbers the rulebook's own examples use. The odds tests roll the
 * real generator many times and compare with the exact probabilities. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sightline/dice.h"
#include "sightline/game.h"
#include "sightline/io.h"
#include "sightline/save.h"

#include "game_fixture.h"

/* --- dice ---------------------------------------------------------------------------- */

static void test_die_shifts(void **state)
{
    (void)state;
    assert_int_equal(sl_die_shift_closed(SL_D8, 1), SL_D10);
    assert_int_equal(sl_die_shift_closed(SL_D12, 2), SL_D12);
    assert_int_equal(sl_die_shift_closed(SL_D6, -3), SL_D4);
    int ex;
    assert_int_equal(sl_die_shift_open(SL_D10, 3, &ex), SL_D12);
    assert_int_equal(ex, 2); /* two steps left over, for the other die */
    assert_int_equal(sl_die_shift_open(SL_D6, -2, &ex), SL_D4);
    assert_int_equal(ex, -1);
    assert_int_equal(sl_die_shift_open(SL_D6, 1, &ex), SL_D8);
    assert_int_equal(ex, 0);
    /* the allocation die: fewest sides covering the figures */
    assert_int_equal(sl_die_at_least(3), SL_D4);
    assert_int_equal(sl_die_at_least(5), SL_D6);
    assert_int_equal(sl_die_at_least(8), SL_D8);
    assert_int_equal(sl_die_at_least(9), SL_D10);
    assert_int_equal(sl_die_at_least(12), SL_D12);
}

static void test_opposed_counts(void **state)
{
    (void)state;
    int beat;
    int a[] = {5, 3, 8};
    assert_int_equal(sl_count_success(a, 3, 5, &beat), SL_MINOR); /* the tie fails */
    assert_int_equal(beat, 1);
    int b[] = {6, 7, 2};
    assert_int_equal(sl_count_success(b, 3, 5, &beat), SL_MAJOR);
    assert_int_equal(beat, 2);
    int c[] = {5, 5};
    assert_int_equal(sl_count_success(c, 2, 5, &beat), SL_FAIL);
}

static void test_rng_is_fair_and_repeatable(void **state)
{
    (void)state;
    sl_rng a, b;
    sl_rng_seed(&a, 42);
    sl_rng_seed(&b, 42);
    for (int i = 0; i < 1000; i++)
        assert_int_equal(sl_rng_next(&a), sl_rng_next(&b));
    static const int sides[] = {4, 6, 8, 10, 12};
    for (int s = 0; s < 5; s++) {
        int n = sides[s], count[13] = {0};
        const int rolls = 12000 * n;
        sl_rng_seed(&a, 7 + (uint64_t)s);
        for (int i = 0; i < rolls; i++) {
            int v = sl_rng_die(&a, n);
            assert_in_range(v, 1, n);
            count[v]++;
        }
        /* every face within five standard deviations of a fair die */
        double p = 1.0 / n, sd = sqrt(rolls * p * (1 - p));
        for (int v = 1; v <= n; v++)
            if (fabs(count[v] - rolls * p) > 5 * sd)
                fail_msg("D%d face %d came up %d times in %d", n, v, count[v], rolls);
    }
}

/* Exact odds by enumeration, independently of the engine's formula. */
static void enumerate(const sl_die *d, int n, sl_die target, double out[3])
{
    out[0] = out[1] = out[2] = 0;
    int total = (int)target;
    for (int k = 0; k < n; k++)
        total *= (int)d[k];
    int v[8];
    for (int idx = 0; idx < total; idx++) {
        int r = idx;
        int t = r % (int)target + 1;
        r /= (int)target;
        for (int k = 0; k < n; k++) {
            v[k] = r % (int)d[k] + 1;
            r /= (int)d[k];
        }
        int beat;
        out[sl_count_success(v, n, t, &beat)] += 1.0 / total;
    }
}

static void test_opposed_odds_exact_and_sampled(void **state)
{
    (void)state;
    struct {
        sl_die firer[3];
        int n;
        sl_die target;
    } cases[] = {
        {{SL_D8, SL_D12, SL_D10}, 3, SL_D12},
        {{SL_D8, SL_D8}, 2, SL_D4},
        {{SL_D6, SL_D4}, 2, SL_D12},
        {{SL_D10, SL_D6}, 2, SL_D8},
    };
    sl_rng r;
    sl_rng_seed(&r, 2024);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        double want[3], p[3];
        enumerate(cases[c].firer, cases[c].n, cases[c].target, want);
        sl_p_opposed(cases[c].firer, cases[c].n, cases[c].target, &p[0], &p[1], &p[2]);
        for (int k = 0; k < 3; k++)
            assert_float_equal(p[k], want[k], 1e-12);
        /* and the generator lands on them */
        const int N = 60000;
        int seen[3] = {0};
        for (int i = 0; i < N; i++) {
            int v[3], beat;
            int t = sl_rng_die(&r, (int)cases[c].target);
            for (int k = 0; k < cases[c].n; k++)
                v[k] = sl_rng_die(&r, (int)cases[c].firer[k]);
            seen[sl_count_success(v, cases[c].n, t, &beat)]++;
        }
        for (int k = 0; k < 3; k++) {
            double sd = sqrt(N * want[k] * (1 - want[k])) + 1;
            if (fabs(seen[k] - N * want[k]) > 5 * sd)
                fail_msg("case %zu outcome %d: %d of %d, expected %.1f", c, k, seen[k], N, N * want[k]);
        }
    }
    assert_float_equal(sl_p_exceeds(SL_D8, 4), 0.5, 1e-12);
    assert_float_equal(sl_p_exceeds(SL_D6, 3), 0.5, 1e-12);
    assert_float_equal(sl_p_exceeds(SL_D10, 12), 0.0, 1e-12);
}

/* --- fire (p33-37) ---------------------------------------------------------------------- */

/* Alpha (Regular: D8 quality, firepower D12 from six rifles, a rotary SAW
 * D10) fires at Bravo 23" away: band 3 of 8", range die D8. */
static void test_fire_dice_and_range_die(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    ok(t, "activate a");
    sl_fire_preview pv;
    sl_game_fire_preview(&t->g, U(t, "a"), U(t, "b"), SL_FIRE_ALL, &pv);
    assert_true(pv.possible);
    assert_int_equal(pv.range_die, SL_D8);
    assert_int_equal(pv.nfirer, 3);
    assert_int_equal(pv.firer[0], SL_D8);
    assert_int_equal(pv.firer[1], SL_D12);
    assert_int_equal(pv.firer[2], SL_D10);
    double p[3];
    enumerate(pv.firer, pv.nfirer, pv.range_die, p);
    assert_float_equal(pv.p_fail, p[0], 1e-12);
    assert_float_equal(pv.p_minor, p[1], 1e-12);
    assert_float_equal(pv.p_major, p[2], 1e-12);
    finish(t);
}

/* p35: a total of 18 against a D8 range die is two potential hits and a
 * third unless the target's reroll beats the remainder, 2. */
static void test_potential_hits_remainder(void **state)
{
    (void)state;
    for (int reroll = 2; reroll <= 3; reroll++) {
        T *t = start();
        nac_first(t);
        ok(t, "activate a");
        int from = t->g.journal.n;
        /* range 3; quality 6, firepower 7, SAW 5 = 18; remainder reroll;
         * then armour and impact per hit, all harmless; the test of
         * Bravo's nerve (first suppression, threat 2 at low motivation) */
        int extra = reroll == 2 ? 1 : 0;
        int v[] = {3, 6, 7, 5, reroll, 6, 1, 6, 1, 6, 1, 8};
        int nv = 0;
        int script[16];
        for (int i = 0; i < 5; i++)
            script[nv++] = v[i];
        for (int h = 0; h < 2 + extra; h++) {
            script[nv++] = 6;
            script[nv++] = 1;
        }
        script[nv++] = 8;
        assert_true(sl_game_script_dice(&t->g, script, nv));
        ok(t, "fire a at b");
        dice_used(t);
        assert_int_equal(count_rolls(t, from, "impact"), 2 + extra);
        const sl_event *rem = last_roll(t, "remainder");
        assert_int_equal(rem->target, 2);
        assert_int_equal(rem->pass, reroll > 2);
        assert_int_equal(ST(t, "b")->suppression, 1);
        finish(t);
    }
}

/* p36: impact D10 against armour D6: 3 against 5 does nothing, 6 against
 * 5 wounds, 9 against 4 kills. Casualties are allocated by a die counting
 * round the squad: Bravo has eight figures, so a D8, and a 5 is the fifth
 * man. */
static void test_impact_and_allocation(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    ok(t, "activate a");
    /* range 1; 6 7 5 = 18 -> 18/8 = 2, remainder reroll 1 -> a third hit;
     * armour, impact x3; allocation D8: 5 (wound), 7 (kill); confidence
     * D8: first suppression and casualties 2, one untreated +1 at low
     * motivation -> threat 3 + leadership 2 = 5; a 6 holds */
    DICE(t, 1, 6, 7, 5, 1, 5, 3, 5, 6, 4, 9, 5, 7, 6);
    ok(t, "fire a at b");
    dice_used(t);
    assert_int_equal(F(t, "b-5")->status, SL_FIG_WOUNDED);
    assert_int_equal(F(t, "b-7")->status, SL_FIG_DEAD);
    assert_int_equal(sl_game_living(&t->g, U(t, "b")), 6);
    const sl_event *c = last_roll(t, "confidence");
    assert_int_equal(c->target, 5);
    assert_int_equal(c->pass, 1);
    assert_int_equal(UN(t, "b")->confidence, SL_CONF_CONFIDENT);
    SAID(t, "Hit 1: impact 3 against armour 5: no effect");
    SAID(t, "Hit 2: impact 6 against armour 5: a wound");
    SAID(t, "Hit 3: impact 9 against armour 4: a kill");
    finish(t);
}

/* Casualties are counted round the figures still standing (b-8 is
 * already down, so seven, on a D8 that wraps round); a kill that lands on a
 * man already hit in this fire is lost. */
static void test_allocation_to_casualties(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    ok(t, "activate a");
    F(t, "b-8")->status = SL_FIG_DEAD;
    /* range 1; 8 12 10 = 30 -> 3 hits (30 = 3x8 + 6: the reroll 8 beats
     * 6, no extra); all three kill (impact 10 vs armour 1); allocation 2,
     * 2 again (already dead: lost), 3; confidence 8 */
    DICE(t, 1, 8, 12, 10, 8, 1, 10, 1, 10, 1, 10, 2, 2, 3, 8);
    ok(t, "fire a at b");
    dice_used(t);
    assert_int_equal(F(t, "b-2")->status, SL_FIG_DEAD);
    assert_int_equal(F(t, "b-3")->status, SL_FIG_DEAD);
    assert_int_equal(sl_game_living(&t->g, U(t, "b")), 5);
    SAID(t, "b-2 is already dead");
    finish(t);

    /* the D8 wraps: an 8 among seven is the first man, the leader */
    t = start();
    nac_first(t);
    ok(t, "activate a");
    F(t, "b-8")->status = SL_FIG_DEAD;
    /* one kill: range 1, 8 12 10, reroll 8; kill, miss, miss; allocation
     * 8 -> b-1; the new leader's D6 3 (no change); confidence 8 */
    DICE(t, 1, 8, 12, 10, 8, 1, 10, 6, 1, 6, 1, 8, 3, 8);
    ok(t, "fire a at b");
    dice_used(t);
    assert_int_equal(F(t, "b-1")->status, SL_FIG_DEAD);
    finish(t);
}

static void test_fire_minor_is_suppression_only(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    ok(t, "activate a");
    int from = t->g.journal.n;
    /* range 5: only the SAW's 6 beats it; Bravo is suppressed for the
     * first time (threat 2 at low motivation): D8 5 beats 4 */
    DICE(t, 5, 2, 3, 6, 5);
    ok(t, "fire a at b");
    dice_used(t);
    assert_int_equal(ST(t, "b")->suppression, 1);
    assert_int_equal(count_rolls(t, from, "impact"), 0);
    assert_int_equal(sl_game_living(&t->g, U(t, "b")), 8);
    /* the same weapons cannot fire twice in a turn */
    no(t, "fire a at b", "nothing left to fire");
    finish(t);
}

static void test_no_fire_when_unseen_or_out_of_range(void **state)
{
    (void)state;
    T *t = start();
    ok(t, "decide first esu");
    ok(t, "activate c");
    /* Charlie stands 3" inside the copse: it cannot see out to Alpha */
    no(t, "fire c at a", "cannot see");
    ok(t, "end");
    ok(t, "activate g");
    /* the Greens' band is 6": Bravo's 23"+ is past the fifth band only
     * when further than 30" */
    place(t, "g", 1, 34);
    no(t, "fire g at b", "beyond five range bands");
    finish(t);
}

/* --- confidence and reaction (p19-21) ----------------------------------------------------- */

/* p20: a Regular unit (D8) with leadership 2 at threat 2 must beat 4: 5+
 * holds, 3-4 lose one level, 1-2 (half the score or less) lose two. */
static void test_confidence_levels(void **state)
{
    (void)state;
    static const struct {
        int roll, option;
        sl_confidence after;
    } cases[] = {
        {5, 0, SL_CONF_CONFIDENT}, {4, 0, SL_CONF_STEADY}, {3, 0, SL_CONF_STEADY},
        {2, 0, SL_CONF_SHAKEN},    {1, 0, SL_CONF_SHAKEN},
        /* the quick reference's "less than half": only the 1 drops two */
        {2, 1, SL_CONF_STEADY},    {1, 1, SL_CONF_SHAKEN},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        T *t = start();
        t->g.live.options.confidence_half = cases[i].option;
        nac_first(t);
        ok(t, "activate a");
        int script[] = {5, 2, 3, 6, cases[i].roll};
        assert_true(sl_game_script_dice(&t->g, script, 5));
        ok(t, "fire a at b");
        dice_used(t);
        const sl_event *c = last_roll(t, "confidence");
        assert_int_equal(c->target, 4);
        if (UN(t, "b")->confidence != cases[i].after)
            fail_msg("roll %d (option %d): %s, expected %s", cases[i].roll, cases[i].option,
                     sl_confidence_name(UN(t, "b")->confidence), sl_confidence_name(cases[i].after));
        finish(t);
    }
}

/* Threat levels: the highest plain value counts; high motivation needs no
 * test for a first suppression. */
static void test_confidence_threat_by_motivation(void **state)
{
    (void)state;
    T *t = start();
    UN(t, "b")->motivation = SL_MOT_HIGH;
    nac_first(t);
    ok(t, "activate a");
    int from = t->g.journal.n;
    DICE(t, 5, 2, 3, 6);
    ok(t, "fire a at b");
    dice_used(t);
    assert_int_equal(count_rolls(t, from, "confidence"), 0);
    assert_true(said_since(t, from, "needs no confidence test"));
    finish(t);

    /* medium motivation: first suppression 1, and a leader casualty 3
     * -> threat 3 (not 4) */
    t = start();
    UN(t, "b")->motivation = SL_MOT_MEDIUM;
    nac_first(t);
    ok(t, "activate a");
    /* range 1, 8 12 10 -> 30/8: 3 hits, remainder 6, reroll 8 no extra;
     * one kill (10 v 1), two misses; allocation 1 = the leader; the new
     * leader's D6 4 (no change); confidence D8 */
    DICE(t, 1, 8, 12, 10, 8, 1, 10, 6, 1, 6, 1, 1, 4, 6);
    ok(t, "fire a at b");
    dice_used(t);
    const sl_event *c = last_roll(t, "confidence");
    assert_int_equal(c->target, 2 + 3);
    assert_int_equal(F(t, "b-1")->status, SL_FIG_DEAD);
    /* the leader's loss suppresses the unit once more */
    assert_int_equal(ST(t, "b")->suppression, 2);
    SAID(t, "leader a casualty 3");
    finish(t);
}

/* p13, p21: going In Position is a reaction test at threat 2 in the open,
 * 0 in cover; a failed test may not be retried this turn. */
static void test_in_position(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    ok(t, "activate a");
    DICE(t, 4);
    ok(t, "in-position a");
    assert_int_equal(last_roll(t, "reaction")->target, 4);
    assert_false(ST(t, "a")->in_position);
    no(t, "in-position a", "may not try again");
    ok(t, "end");
    ok(t, "activate c");
    DICE(t, 3);
    ok(t, "in-position c"); /* Charlie in the copse: beat 2 + 0 */
    assert_int_equal(last_roll(t, "reaction")->target, 2);
    assert_true(ST(t, "c")->in_position);
    /* moving without first removing the marker: a reaction test at 2 */
    DICE(t, 4);
    ok(t, "move c 35,27");
    assert_int_equal(last_roll(t, "reaction")->target, 4);
    assert_true(ST(t, "c")->in_position);
    assert_int_equal(F(t, "c-1")->pos.x, IN(33));
    dice_used(t);
    finish(t);
}

/* p21: Untrained and Green units test for panic; a panicked unit does
 * nothing but try to calm down, with two actions. */
static void test_green_panic_when_first_fired_on(void **state)
{
    (void)state;
    T *t = start();
    ok(t, "decide first esu");
    ok(t, "activate b");
    place(t, "b", 20, 26);
    /* range die: the Greens are ~10" away in band 2 of 8": D6; all miss;
     * the Greens' panic test: D6 2 against 2 + 0 fails */
    DICE(t, 6, 1, 1, 2);
    ok(t, "fire b at g");
    dice_used(t);
    assert_true(ST(t, "g")->panicked);
    ok(t, "end");
    ok(t, "activate g");
    no(t, "move g 10,20", "panicking");
    DICE(t, 3);
    ok(t, "remove-panic g");
    assert_false(ST(t, "g")->panicked);
    dice_used(t);
    finish(t);
}

/* --- moving (p22-24) ------------------------------------------------------------------------- */

static void test_normal_move_and_terrain(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    ok(t, "activate a");
    /* Alpha's centre is a-2 at (11.3, 10) */
    no(t, "move a 17.9,10", "too far");
    ok(t, "move a 17.3,10");
    assert_int_equal(F(t, "a-2")->pos.x, IN(17.3));
    assert_int_equal(F(t, "a-1")->pos.x, IN(16)); /* the formation is kept */
    ok(t, "end");
    ok(t, "activate b");
    ok(t, "end");
    /* the Greens' east file enters the ploughed field at x 14: poor going
     * counts double, so 4" of clear and 1" of field is 6" */
    ok(t, "activate g");
    no(t, "move g 15.1,26", "poor ground counts double");
    finish(t);
}

/* p22: a combat move declares a destination and goes D6 x 2 inches: a 4
 * is 8"; it must go the full distance rolled, up to the destination. */
static void test_combat_move(void **state)
{
    (void)state;
    T *t = start();
    t->g.live.options.reaction_fire = false; /* two moves: Bravo would be asked */
    nac_first(t);
    ok(t, "activate a");
    DICE(t, 4);
    ok(t, "combat-move a 23.3,10"); /* 12" away */
    assert_int_equal(F(t, "a-2")->pos.x, IN(19.3));
    assert_int_equal(last_roll(t, "combat-move")->value, 4);
    DICE(t, 6);
    ok(t, "combat-move a 21.3,10"); /* 2" away: it stops there */
    assert_int_equal(F(t, "a-2")->pos.x, IN(21.3));
    dice_used(t);
    finish(t);
}

static void test_integrity_and_reorganise(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    F(t, "a-6")->pos = sl_pt_make(IN(20), IN(20));
    ok(t, "activate a");
    no(t, "move a 12,14", "out of unit integrity");
    ok(t, "reorganise a");
    sl_integrity in;
    sl_unit_integrity(&t->g.live, U(t, "a"), NULL, NULL, &in);
    assert_true(in.intact);
    ok(t, "move a 12,14");
    finish(t);
}

/* First aid in a reorganise (quick reference): D6 per wounded man, 1-2
 * dies, 3-5 stabilised, 6 back in action; +1 with a medic. */
static void test_first_aid(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    F(t, "a-4")->status = SL_FIG_WOUNDED;
    F(t, "a-5")->status = SL_FIG_WOUNDED;
    F(t, "a-6")->status = SL_FIG_WOUNDED;
    ok(t, "activate a");
    DICE(t, 2, 5, 6);
    ok(t, "reorganise a");
    dice_used(t);
    assert_int_equal(F(t, "a-4")->status, SL_FIG_DEAD);
    assert_int_equal(F(t, "a-5")->status, SL_FIG_WOUNDED);
    assert_true(F(t, "a-5")->treated);
    assert_int_equal(F(t, "a-6")->status, SL_FIG_OK);
    finish(t);
}

/* p18: a suppressed unit may not move or fire; it may remove a marker
 * (quality die over leadership) and reorganise only in cover. */
static void test_suppression_limits(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    ST(t, "a")->suppression = 2;
    ST(t, "c")->suppression = 1;
    ok(t, "activate a");
    no(t, "move a 12,14", "suppressed");
    no(t, "fire a at b", "suppressed");
    no(t, "reorganise a", "only in cover");
    DICE(t, 2, 3);
    ok(t, "remove-suppression a");
    assert_int_equal(ST(t, "a")->suppression, 2); /* 2 does not beat 2 */
    ok(t, "remove-suppression a");
    assert_int_equal(ST(t, "a")->suppression, 1);
    dice_used(t);
    ok(t, "activate c");
    ok(t, "reorganise c"); /* in the copse */
    finish(t);
}

static void test_suppressed_move_option(void **state)
{
    (void)state;
    T *t = start();
    t->g.live.options.suppressed_move = 1;
    t->g.live.options.reaction_fire = false;
    nac_first(t);
    ST(t, "a")->suppression = 1;
    ok(t, "activate a");
    DICE(t, 3);
    ok(t, "move a 12,14");
    assert_int_equal(last_roll(t, "confidence")->target, 2);
    assert_int_equal(F(t, "a-2")->pos.y, IN(14));
    DICE(t, 1);
    ok(t, "move a 12,16"); /* fails: stays, loses a level */
    assert_int_equal(F(t, "a-2")->pos.y, IN(14));
    assert_int_equal(UN(t, "a")->confidence, SL_CONF_STEADY);
    finish(t);
}

/* --- command and control (p16-17) --------------------------------------------------------- */

/* A transfer within 6" needs no roll; further off it is a communication
 * roll by the sender's quality die against the poorer leadership; a
 * commander transfers to at most two units in one activation. */
static void test_transfers(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    ok(t, "activate hq");
    int from = t->g.journal.n;
    place(t, "hq", 10, 14);
    ok(t, "transfer hq to a");
    assert_int_equal(count_rolls(t, from, "communication"), 0);
    assert_int_equal(sl_game_active_unit(&t->g), U(t, "a"));
    assert_int_equal(sl_game_actions_left(&t->g), 2);
    ok(t, "end");
    assert_int_equal(sl_game_active_unit(&t->g), U(t, "hq"));
    assert_int_equal(sl_game_actions_left(&t->g), 1);
    /* the Greens are 12" off: a Veteran D10 must beat leadership 2 */
    DICE(t, 2);
    ok(t, "transfer hq to g");
    assert_int_equal(last_roll(t, "communication")->target, 2);
    assert_int_equal(last_roll(t, "communication")->die, SL_D10);
    SAID(t, "the action is wasted");
    dice_used(t);
    /* the HQ's actions are spent: ESU's turn */
    assert_int_equal(sl_game_active_unit(&t->g), -1);
    assert_int_equal(t->g.side_to_act, 1);
    assert_false(ST(t, "g")->activated);
    /* the transfer was an extra activation: Alpha may still activate on
     * its own marker (p16) */
    assert_false(ST(t, "a")->activated);
    ok(t, "activate b");
    ok(t, "end");
    ok(t, "activate a");
    ok(t, "end");
    finish(t);

    /* and a unit that has used its own activation may be given another */
    t = start();
    nac_first(t);
    place(t, "hq", 10, 14);
    ok(t, "activate a");
    ok(t, "end");
    ok(t, "activate b");
    ok(t, "end");
    ok(t, "activate hq");
    ok(t, "transfer hq to a");
    assert_int_equal(sl_game_active_unit(&t->g), U(t, "a"));
    no(t, "transfer a to a", "does not command");
    finish(t);

    t = start();
    nac_first(t);
    place(t, "hq", 10, 14);
    ok(t, "activate hq");
    ok(t, "transfer hq to a");
    ok(t, "end");
    place(t, "g", 10, 18);
    ok(t, "transfer hq to g");
    ok(t, "end");
    /* both actions went on transfers: the activation is over */
    assert_int_equal(t->g.side_to_act, 1);
    finish(t);
}

/* p16: Regular leadership 1 to Green leadership 2: D8 must beat 2; Green
 * leadership 3 to Veteran leadership 2: D6 must beat 3; a level passed
 * over lowers the die one type. */
static void test_communication_examples(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    UN(t, "hq")->quality = SL_Q_REGULAR;
    ok(t, "activate hq");
    DICE(t, 3);
    ok(t, "communicate hq with g");
    assert_int_equal(last_roll(t, "communication")->die, SL_D8);
    assert_int_equal(last_roll(t, "communication")->target, 2);
    UN(t, "hq")->quality = SL_Q_GREEN;
    UN(t, "hq")->leadership = 3;
    UN(t, "g")->quality = SL_Q_VETERAN;
    DICE(t, 3);
    ok(t, "communicate hq with g");
    assert_int_equal(last_roll(t, "communication")->die, SL_D6);
    assert_int_equal(last_roll(t, "communication")->target, 3);
    assert_int_equal(last_roll(t, "communication")->pass, 0);
    finish(t);

    t = start();
    nac_first(t);
    /* HQ -> Greens -> Alpha: the HQ speaking to Alpha passes over a level */
    UN(t, "a")->commander = U(t, "g");
    ok(t, "activate hq");
    DICE(t, 5);
    ok(t, "transfer hq to a");
    assert_int_equal(last_roll(t, "communication")->die, SL_D8);
    dice_used(t);
    finish(t);
}

/* p17: rallying a Regular leadership 2 Broken unit by a Veteran
 * leadership 1 HQ: the Regular's D8 must beat 2 + 1 = 3; a 4 makes it
 * Shaken. */
static void test_rally_example(void **state)
{
    (void)state;
    for (int r = 3; r <= 4; r++) {
        T *t = start();
        nac_first(t);
        UN(t, "a")->confidence = SL_CONF_BROKEN;
        place(t, "hq", 10, 14);
        ok(t, "activate hq");
        int v[] = {r};
        assert_true(sl_game_script_dice(&t->g, v, 1));
        ok(t, "rally hq a");
        dice_used(t);
        assert_int_equal(last_roll(t, "rally")->target, 3);
        assert_int_equal(UN(t, "a")->confidence, r == 4 ? SL_CONF_SHAKEN : SL_CONF_BROKEN);
        finish(t);
    }
    T *t = start();
    nac_first(t);
    ok(t, "activate hq");
    no(t, "rally hq a", "as high as its fatigue allows");
    finish(t);
}

/* --- the turn (p15) ------------------------------------------------------------------------- */

static void test_turn_sequence_and_pass(void **state)
{
    (void)state;
    T *t = start();
    /* NAC has three units to ESU's four, so NAC chooses */
    no(t, "activate a", "must first answer a decision");
    assert_int_equal(t->g.turn, 0); /* the refused command changed nothing */
    ok(t, "decide first esu");
    assert_int_equal(t->g.turn, 1);
    no(t, "pass esu", "fewer unactivated units");
    ok(t, "activate b");
    no(t, "activate c", "still active");
    no(t, "fire a at b", "not the active unit");
    ok(t, "end");
    assert_int_equal(t->g.side_to_act, 0);
    /* NAC 3 unactivated, ESU 3: no pass */
    no(t, "pass nac", "fewer unactivated units");
    ok(t, "activate a");
    ok(t, "end");
    ok(t, "activate c");
    ok(t, "end");
    /* NAC 2 against ESU 2 */
    ok(t, "activate g");
    ok(t, "end");
    ok(t, "activate hq2");
    ok(t, "end");
    /* NAC 1 (the HQ) against ESU 1 (the tank) */
    no(t, "activate hq2", "NAC's turn");
    ok(t, "activate hq");
    ok(t, "end");
    /* ESU alone is left: it activates on */
    assert_int_equal(t->g.side_to_act, 1);
    ok(t, "activate v");
    ok(t, "end");
    /* a new turn: every marker face up, a new first choice */
    assert_int_equal(t->g.turn, 2);
    assert_false(ST(t, "a")->activated);
    assert_int_equal(t->g.pending.kind, SL_DECIDE_FIRST);
    finish(t);

    /* passing: NAC with fewer unactivated units may pass */
    t = start();
    ok(t, "decide first nac");
    ok(t, "pass nac");
    assert_int_equal(t->g.side_to_act, 1);
    finish(t);
}

static void test_done_for_the_turn(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    ok(t, "done nac");
    /* ESU activates all its units in a row */
    ok(t, "activate b");
    ok(t, "end");
    assert_int_equal(t->g.side_to_act, 1);
    ok(t, "done esu");
    assert_int_equal(t->g.turn, 2);
    finish(t);
}

/* p53: a unit that moves twice may be fired on between the moves by one
 * unactivated enemy in sight; that is the firer's activation and counts as
 * its side's turn. */
static void test_reaction_fire(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    ok(t, "activate a");
    ok(t, "move a 11.3,15");
    ok(t, "move a 11.3,20");
    assert_int_equal(t->g.pending.kind, SL_DECIDE_REACTION_FIRE);
    assert_int_equal(t->g.pending.side, 1);
    bool bravo = false;
    for (int i = 0; i < t->g.pending.noptions; i++)
        bravo |= t->g.pending.options[i] == U(t, "b");
    assert_true(bravo);
    /* the move has not happened yet */
    assert_int_equal(F(t, "a-2")->pos.y, IN(15));
    no(t, "move a 11.3,20", "must first answer");
    no(t, "decide fire c", "may not fire now");
    /* Bravo fires: one die beats the range die -> suppressed -> Alpha
     * (medium) tests at threat 1 and holds; its second move is lost */
    DICE(t, 8, 2, 9, 6);
    ok(t, "decide fire b");
    dice_used(t);
    assert_true(ST(t, "b")->activated);
    assert_int_equal(ST(t, "a")->suppression, 1);
    assert_int_equal(F(t, "a-2")->pos.y, IN(15));
    SAID(t, "cannot make its second move");
    /* Bravo's fire was ESU's turn: NAC activates again */
    assert_int_equal(t->g.side_to_act, 0);
    assert_int_equal(sl_game_active_unit(&t->g), -1);
    finish(t);

    /* letting it pass: the move goes ahead, nothing fires */
    t = start();
    nac_first(t);
    ok(t, "activate a");
    ok(t, "move a 11.3,15");
    ok(t, "move a 11.3,20");
    ok(t, "decide pass");
    assert_int_equal(F(t, "a-2")->pos.y, IN(20));
    assert_false(ST(t, "b")->activated);
    assert_int_equal(t->g.side_to_act, 1);
    finish(t);

    /* with the option off, no decision is asked */
    t = start();
    t->g.live.options.reaction_fire = false;
    nac_first(t);
    ok(t, "activate a");
    ok(t, "move a 11.3,15");
    ok(t, "move a 11.3,20");
    assert_int_equal(t->g.pending.kind, SL_DECIDE_NONE);
    finish(t);
}

/* --- close assault (p41-43) ------------------------------------------------------------------ */

static void test_assault_defender_falls_back(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    place(t, "a", 27, 10); /* 6" from Bravo */
    ok(t, "activate a");
    /* the attackers' reaction test (Confident: threat 0): D8 5 > 2; the
     * charge D6 4 = 8"; Bravo, six against eight, odds 0: D8 2 does not
     * beat 2 -> it falls back 6" and loses a level */
    DICE(t, 5, 4, 2);
    ok(t, "assault a b");
    dice_used(t);
    assert_int_equal(UN(t, "b")->confidence, SL_CONF_STEADY);
    assert_true(F(t, "b-1")->pos.x > IN(33 + 5));
    /* the assault took both actions */
    assert_int_equal(sl_game_active_unit(&t->g), -1);
    finish(t);
}

static void test_assault_melee_round(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    place(t, "a", 29, 10);
    kill_figs(t, "a", 3, 6); /* two attackers: a-1, a-2 */
    kill_figs(t, "b", 3, 8); /* two defenders: b-1, b-2 */
    ok(t, "activate a");
    /* test 5; charge 3 (6"); Bravo at 2:2 odds 1: D8 4 > 3 holds;
     * pairs: a-1 7 v b-1 3, a-2 6 v b-2 2: both defenders down;
     * downed D6: b-1 1 (dead: the leader, so the new leader's D6 4
     * keeps leadership 2), b-2 5 (stunned); Bravo lost 1, tests at
     * 2 + 1: D8 2 fails -> falls back, its stunned man is captured */
    DICE(t, 5, 3, 4, 7, 3, 6, 2, 1, 4, 5, 2);
    ok(t, "assault a b");
    dice_used(t);
    assert_int_equal(F(t, "b-1")->status, SL_FIG_DEAD);
    assert_int_equal(F(t, "b-2")->status, SL_FIG_DEAD);
    SAID(t, "taken prisoner");
    SAID(t, "wiped out");
    finish(t);
}

/* p21: Broken troops that are close assaulted rout at once. */
static void test_assault_on_broken_unit(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    place(t, "a", 27, 10);
    UN(t, "b")->confidence = SL_CONF_BROKEN;
    ok(t, "activate a");
    DICE(t, 5, 4); /* the attackers' test, the charge: no test for Bravo */
    ok(t, "assault a b");
    dice_used(t);
    assert_int_equal(UN(t, "b")->confidence, SL_CONF_ROUTED);
    assert_int_equal(sl_game_living(&t->g, U(t, "b")), 8);
    finish(t);
}

static void test_assault_refusals(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    UN(t, "a")->confidence = SL_CONF_BROKEN;
    ok(t, "activate a");
    no(t, "assault a b", "will not close assault");
    finish(t);
    t = start();
    nac_first(t);
    ok(t, "activate a");
    no(t, "assault a b", "a charge reaches at most");
    ok(t, "move a 17,10");
    no(t, "assault a b", "needs 2 actions");
    finish(t);
}

/* --- the last stand (optional, p53) ------------------------------------------------------------ */

static void test_last_stand(void **state)
{
    (void)state;
    T *t = start();
    ok(t, "decide first esu");
    no(t, "last-stand b", "optional rule");
    t->g.live.options.last_stand = true;
    no(t, "last-stand b", "cover or In Position");
    ST(t, "b")->in_position = true;
    no(t, "last-stand b", "friendly unit is within 12");
    place(t, "hq2", 44, 34);
    place(t, "v", 44, 30);
    no(t, "last-stand a", "that side's turn");
    UN(t, "b")->confidence = SL_CONF_BROKEN;
    no(t, "last-stand b", "too far");
    UN(t, "b")->confidence = SL_CONF_SHAKEN;
    DICE(t, 6);
    ok(t, "last-stand b");
    dice_used(t);
    assert_true(ST(t, "b")->last_stand);
    /* fire at it: the suppression is ignored and no test is taken */
    ok(t, "activate c");
    ok(t, "end");
    ok(t, "activate a");
    int from = t->g.journal.n;
    DICE(t, 5, 2, 3, 6);
    ok(t, "fire a at b");
    dice_used(t);
    assert_int_equal(ST(t, "b")->suppression, 0);
    assert_int_equal(count_rolls(t, from, "confidence"), 0);
    assert_true(said_since(t, from, "ignores the suppression"));
    finish(t);

    /* a failed test: the unit breaks up and leaves the table */
    t = start();
    t->g.live.options.last_stand = true;
    ok(t, "decide first esu");
    ST(t, "b")->in_position = true;
    place(t, "hq2", 44, 34);
    place(t, "v", 44, 30);
    DICE(t, 5);
    ok(t, "last-stand b");
    assert_int_equal(sl_game_living(&t->g, U(t, "b")), 0);
    SAID(t, "drop their weapons and scatter");
    finish(t);
}

/* --- point targets (p37-40) ------------------------------------------------------------------ */

/* Small arms against armour class 2: two dice beating the range die
 * suppress it but do no damage. */
static void test_small_arms_against_vehicle(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    ok(t, "activate a");
    int from = t->g.journal.n;
    DICE(t, 1, 8, 12, 10);
    ok(t, "fire a at v");
    dice_used(t);
    assert_int_equal(ST(t, "v")->suppression, 1);
    assert_int_equal(ST(t, "v")->damage, 0);
    assert_int_equal(count_rolls(t, from, "impact"), 0);
    finish(t);
}

/* Guided missiles (p40): quality and guidance dice against the target's
 * ECM die (enhanced: D8); armour class 2 rolls two D12 and adds them (the
 * house rules' reading; the option armour_class_roll=1 is one D12 x 2). */
static void test_guided_missile_and_vehicle_armour(void **state)
{
    (void)state;
    for (int opt = 0; opt <= 1; opt++) {
        T *t = start();
        t->g.live.options.armour_class_roll = opt;
        nac_first(t);
        place(t, "g", 30, 8);
        ok(t, "activate g");
        no(t, "fire g at b missile", "vehicles and other point targets");
        int from = t->g.journal.n;
        if (opt == 0)
            DICE(t, 2, 5, 6, 11, 5, 6); /* ECM 2; 5 6 beat it (major); impact 11, x2 = 22; armour 5+6 = 11 */
        else
            DICE(t, 2, 5, 6, 11, 6); /* armour 6 x 2 = 12 */
        ok(t, "fire g at v missile");
        dice_used(t);
        assert_int_equal(count_rolls(t, from, "armour"), opt == 0 ? 2 : 1);
        const sl_event *ecm = NULL;
        for (int i = from; i < t->g.journal.n; i++)
            if (t->g.journal.ev[i].kind == SL_EV_ROLL && t->g.journal.ev[i].die == SL_D8 && !ecm)
                ecm = &t->g.journal.ev[i];
        assert_non_null(ecm); /* the ECM die */
        /* 22 is not more than twice 11 but beats it: disabled; 22 against 12 likewise */
        assert_int_equal(ST(t, "v")->damage, 1);
        finish(t);
    }
}

/* --- troops in vehicles ----------------------------------------------------------------------- */

#define TRANSPORT SL_SOURCE_DIR "/tests/data/transport.json"

static void test_transport(void **state)
{
    (void)state;
    T *t = start_seed(TRANSPORT, 1);
    /* the squad starts aboard, where the APC stands */
    assert_int_equal(ST(t, "sq")->aboard, U(t, "apc"));
    assert_int_equal(F(t, "sq-3")->pos.x, F(t, "apc-1")->pos.x);
    nac_first(t);
    ok(t, "activate sq");
    no(t, "move sq 20,10", "aboard APC");
    no(t, "embark sq into apc", "aboard APC");
    ok(t, "end");
    ok(t, "activate e");
    no(t, "fire e at sq", "fire at the vehicle");
    ok(t, "end");
    /* the APC drives 6" east: the squad goes with it */
    ok(t, "activate apc");
    ok(t, "move apc 16,10");
    assert_int_equal(F(t, "sq-1")->pos.x, IN(16));
    ok(t, "end");
    ok(t, "activate e2");
    ok(t, "end");
    /* the foot squad is within 6" and gets in; the APC is then full */
    ok(t, "activate sq2");
    no(t, "embark sq2 into apc", "no room");
    finish(t);

    /* getting out; not while the vehicle is suppressed */
    t = start_seed(TRANSPORT, 1);
    nac_first(t);
    ST(t, "apc")->suppression = 1;
    ok(t, "activate sq");
    no(t, "disembark sq", "under fire");
    ST(t, "apc")->suppression = 0;
    no(t, "disembark sq 30,30", "within 6\"");
    ok(t, "disembark sq 11,12");
    assert_int_equal(ST(t, "sq")->aboard, -1);
    assert_int_equal(F(t, "sq-1")->pos.y, IN(12));
    /* now it can be fired at, and gets in again */
    ok(t, "embark sq into apc");
    assert_int_equal(ST(t, "sq")->aboard, U(t, "apc"));
    finish(t);

    /* rounds through an armour class 1 vehicle: everyone aboard rolls */
    t = start_seed(TRANSPORT, 1);
    ok(t, "decide first esu");
    ok(t, "activate e");
    /* range 1; 8 12: major; the one penetration roll: impact D10 10
     * against the APC's one D12 3; the six aboard roll their D6: 1 (dead),
     * 2 (wounded), then 4s */
    DICE(t, 1, 8, 12, 10, 3, 1, 2, 4, 4, 4, 4);
    ok(t, "fire e at apc");
    dice_used(t);
    assert_int_equal(F(t, "sq-1")->status, SL_FIG_DEAD);
    assert_int_equal(F(t, "sq-2")->status, SL_FIG_WOUNDED);
    assert_int_equal(ST(t, "apc")->damage, 1); /* 10 is more than twice 3: disabled */
    finish(t);
}

/* Kit carried by a casualty is not handed on by a plain reorganise: it
 * takes an equipment recovery test (cross training, seed 000), and a
 * regular squad of leadership 2 must beat 4 on its D8. */
static void test_equipment_recovery(void **state)
{
    (void)state;
    T *t = start_seed(TRANSPORT, 1);
    nac_first(t);
    ok(t, "activate sq");
    ok(t, "disembark sq 12,14");
    F(t, "sq-2")->status = SL_FIG_DEAD; /* the medic */
    ok(t, "reorganise sq");
    assert_int_equal(F(t, "sq-2")->equipment, SL_EQUIP_MEDIKIT);
    finish(t);

    t = start_seed(TRANSPORT, 1);
    nac_first(t);
    ok(t, "activate sq");
    F(t, "sq-2")->status = SL_FIG_DEAD;
    DICE(t, 5);
    ok(t, "reorganise sq recover sq-2");
    dice_used(t);
    assert_int_equal(F(t, "sq-2")->equipment, 0u);
    bool taken = false;
    for (int i = 1; i <= 6; i++) {
        char id[16];
        snprintf(id, sizeof id, "sq-%d", i);
        taken |= (F(t, id)->equipment & SL_EQUIP_MEDIKIT) != 0;
    }
    assert_true(taken);
    SAID(t, "takes up sq-2's medikit");
    finish(t);
}

/* --- commands and the journal ---------------------------------------------------------------- */

static void test_bad_commands(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    no(t, "activate hq3", "did you mean");
    no(t, "activate nobody", "no unit has id 'nobody'");
    no(t, "flank a", "unknown command 'flank'");
    no(t, "xyzzy", "unknown command 'xyzzy': the commands are ");
    no(t, "move a 100,10", "off the");
    no(t, "move a", "needs more");
    ok(t, "activate a");
    no(t, "fire a", "needs more");
    no(t, "fire a at b sideways", "not a way to fire");
    finish(t);
}

/* A command that cannot finish (here: the scripted dice run out half way)
 * changes nothing at all. */
static void test_commands_are_atomic(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    ok(t, "activate a");
    int n = t->g.journal.n;
    sl_figure before[64];
    memcpy(before, t->g.live.figures, sizeof(sl_figure) * (size_t)t->g.live.nfigures);
    DICE(t, 1, 8, 12, 10, 8, 1, 10);
    if (sl_game_apply_line(&t->g, "fire a at b", t->err, sizeof t->err))
        fail_msg("the fire should have run out of dice");
    assert_non_null(strstr(t->err, "ran out"));
    assert_int_equal(t->g.journal.n, n);
    assert_int_equal(ST(t, "b")->suppression, 0);
    assert_memory_equal(before, t->g.live.figures, sizeof(sl_figure) * (size_t)t->g.live.nfigures);
    assert_int_equal(t->g.dice.at, 0);
    assert_int_equal(sl_game_actions_left(&t->g), 2);
    finish(t);
}

static const char *const battle_path = SL_SOURCE_DIR "/tests/replays/battle.txt";

/* Play a script file on a game; returns the number of commands. */
static int play_file(T *t, const char *path)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[512];
    int n = 0, lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\r\n")] = '\0';
        if (!sl_game_apply_line(&t->g, line, t->err, sizeof t->err))
            fail_msg("%s:%d: %s", path, lineno, t->err);
        if (line[0] && line[0] != '#')
            n++;
    }
    fclose(f);
    return n;
}

static char *journal_text(const sl_game *g)
{
    size_t len = sl_journal_write(&g->journal, NULL, 0);
    char *buf = malloc(len + 1);
    assert_non_null(buf);
    sl_journal_write(&g->journal, buf, len + 1);
    return buf;
}

/* Every roll is an event with its die, value, target, pass, test, unit
 * and a reason; the same seed and commands give the same bytes. */
static void test_journal_is_deterministic(void **state)
{
    (void)state;
    T *a = start_seed(DEFAULT, 42), *b = start_seed(DEFAULT, 42);
    play_file(a, battle_path);
    play_file(b, battle_path);
    char *ja = journal_text(&a->g), *jb = journal_text(&b->g);
    assert_string_equal(ja, jb);
    int rolls = 0;
    for (int i = 0; i < a->g.journal.n; i++) {
        const sl_event *e = &a->g.journal.ev[i];
        if (e->kind != SL_EV_ROLL)
            continue;
        rolls++;
        assert_non_null(strstr(e->json, "\"event\":\"roll\""));
        assert_non_null(strstr(e->json, "\"die\":\"D"));
        assert_non_null(strstr(e->json, "\"value\":"));
        assert_non_null(strstr(e->json, "\"test\":"));
        assert_non_null(strstr(e->json, "\"unit\":"));
        assert_non_null(strstr(e->json, "\"reason\":"));
        if (e->target >= 0) {
            assert_non_null(strstr(e->json, "\"target\":"));
            assert_non_null(strstr(e->json, "\"pass\":"));
        }
        assert_true(strlen(e->text) > 10);
    }
    assert_true(rolls > 50);
    /* a different seed, a different battle */
    T *c = start_seed(DEFAULT, 43);
    sl_command cmd;
    (void)cmd;
    FILE *f = fopen(battle_path, "r");
    char line[512];
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (!sl_game_apply_line(&c->g, line, c->err, sizeof c->err))
            break; /* the script was written for seed 42 */
    }
    fclose(f);
    char *jc = journal_text(&c->g);
    assert_true(strcmp(ja, jc) != 0);
    free(ja);
    free(jb);
    free(jc);
    finish(a);
    finish(b);
    finish(c);
}

/* A save replays to the same journal; a save that does not replay the
 * same way names the first event that differs; undo is replaying one
 * command fewer. */
static void test_save_replay_and_undo(void **state)
{
    (void)state;
    T *t = start_seed(DEFAULT, 42);
    int ncmd = play_file(t, battle_path);
    sl_origin o;
    memset(&o, 0, sizeof o);
    snprintf(o.scenario_path, sizeof o.scenario_path, "%s", DEFAULT);
    o.seed = 42;
    char path[] = "/tmp/sightline-test-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    assert_true(sl_save_write(path, &o, &t->g, t->err, sizeof t->err));

    sl_world w;
    sl_game g;
    sl_origin o2;
    sl_diag d;
    sl_diag_init(&d);
    sl_world_init(&w);
    if (!sl_save_load(path, -1, &w, &g, &o2, &d))
        fail_msg("the save did not load: %s", d.n ? d.msgs[0].text : "?");
    char *ja = journal_text(&t->g), *jb = journal_text(&g);
    assert_string_equal(ja, jb);
    free(jb);
    assert_int_equal(g.ncommands, ncmd);
    sl_game_free(&g);
    sl_world_free(&w);
    sl_origin_free(&o2);

    /* undo: one command fewer is the game as it was before the last */
    T *u = start_seed(DEFAULT, 42);
    char **cmds;
    int n = sl_journal_commands(&t->g, &cmds);
    assert_int_equal(n, ncmd);
    for (int i = 0; i < n - 1; i++)
        ok(u, cmds[i]);
    sl_world_init(&w);
    assert_true(sl_save_load(path, n - 1, &w, &g, &o2, &d));
    char *ju = journal_text(&u->g), *jg = journal_text(&g);
    assert_string_equal(ju, jg);
    free(ju);
    free(jg);
    sl_commands_free(cmds, n);
    sl_game_free(&g);
    sl_world_free(&w);
    sl_origin_free(&o2);
    finish(u);

    /* tamper with one roll: the replay names the event */
    FILE *f = fopen(path, "r");
    char *text = malloc(1 << 20);
    size_t len = fread(text, 1, (1 << 20) - 1, f);
    text[len] = '\0';
    fclose(f);
    char *at = strstr(text, "\"test\":\"fire\"");
    assert_non_null(at);
    char *val = NULL;
    for (char *p = at; p > text && *p != '\n'; p--)
        if (strncmp(p, "\"value\":", 8) == 0)
            val = p + 8;
    assert_non_null(val);
    *val = *val == '1' ? '2' : '1';
    f = fopen(path, "w");
    fwrite(text, 1, len, f);
    fclose(f);
    free(text);
    sl_diag_free(&d);
    sl_diag_init(&d);
    sl_world_init(&w);
    assert_false(sl_save_load(path, -1, &w, &g, &o2, &d));
    assert_true(d.n > 0);
    assert_non_null(strstr(d.msgs[0].text, "went out of step at event"));
    assert_true(d.msgs[0].line > 1);
    sl_diag_free(&d);
    unlink(path);
    free(ja);
    finish(t);
}

/* --- odds in play ------------------------------------------------------------------------------ */

/* The preview's odds against what the dice do in many games. */
static void test_fire_odds_in_play(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    ok(t, "activate a");
    sl_fire_preview pv;
    sl_game_fire_preview(&t->g, U(t, "a"), U(t, "b"), SL_FIRE_ALL, &pv);
    finish(t);
    const int N = 300;
    int seen[3] = {0}, ip_pass = 0;
    for (int s = 0; s < N; s++) {
        t = start_seed(RULES, 1000 + (uint64_t)s);
        nac_first(t);
        ok(t, "activate a");
        int from = t->g.journal.n;
        ok(t, "fire a at b");
        /* the result event says how many dice beat the range die */
        for (int i = from; i < t->g.journal.n; i++) {
            const char *r = strstr(t->g.journal.ev[i].json, "\"result\":\"");
            if (r) {
                r += 10;
                seen[strncmp(r, "fail", 4) == 0 ? 0 : strncmp(r, "minor", 5) == 0 ? 1 : 2]++;
                break;
            }
        }
        /* Alpha goes In Position in the open: D8 over 4, even odds */
        ok(t, "in-position a");
        ip_pass += ST(t, "a")->in_position;
        finish(t);
    }
    double want[3] = {pv.p_fail, pv.p_minor, pv.p_major};
    for (int k = 0; k < 3; k++) {
        double sd = sqrt(N * want[k] * (1 - want[k])) + 1;
        if (fabs(seen[k] - N * want[k]) > 4.5 * sd)
            fail_msg("outcome %d: %d of %d, expected %.1f", k, seen[k], N, N * want[k]);
    }
    double sd = sqrt(N * 0.25);
    if (fabs(ip_pass - N * 0.5) > 4.5 * sd)
        fail_msg("In Position passed %d of %d, expected about %d", ip_pass, N, N / 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_die_shifts),
        cmocka_unit_test(test_opposed_counts),
        cmocka_unit_test(test_rng_is_fair_and_repeatable),
        cmocka_unit_test(test_opposed_odds_exact_and_sampled),
        cmocka_unit_test(test_fire_dice_and_range_die),
        cmocka_unit_test(test_potential_hits_remainder),
        cmocka_unit_test(test_impact_and_allocation),
        cmocka_unit_test(test_allocation_to_casualties),
        cmocka_unit_test(test_fire_minor_is_suppression_only),
        cmocka_unit_test(test_no_fire_when_unseen_or_out_of_range),
        cmocka_unit_test(test_confidence_levels),
        cmocka_unit_test(test_confidence_threat_by_motivation),
        cmocka_unit_test(test_in_position),
        cmocka_unit_test(test_green_panic_when_first_fired_on),
        cmocka_unit_test(test_normal_move_and_terrain),
        cmocka_unit_test(test_combat_move),
        cmocka_unit_test(test_integrity_and_reorganise),
        cmocka_unit_test(test_first_aid),
        cmocka_unit_test(test_suppression_limits),
        cmocka_unit_test(test_suppressed_move_option),
        cmocka_unit_test(test_transfers),
        cmocka_unit_test(test_communication_examples),
        cmocka_unit_test(test_rally_example),
        cmocka_unit_test(test_turn_sequence_and_pass),
        cmocka_unit_test(test_done_for_the_turn),
        cmocka_unit_test(test_reaction_fire),
        cmocka_unit_test(test_assault_defender_falls_back),
        cmocka_unit_test(test_assault_melee_round),
        cmocka_unit_test(test_assault_on_broken_unit),
        cmocka_unit_test(test_assault_refusals),
        cmocka_unit_test(test_last_stand),
        cmocka_unit_test(test_small_arms_against_vehicle),
        cmocka_unit_test(test_guided_missile_and_vehicle_armour),
        cmocka_unit_test(test_transport),
        cmocka_unit_test(test_equipment_recovery),
        cmocka_unit_test(test_bad_commands),
        cmocka_unit_test(test_commands_are_atomic),
        cmocka_unit_test(test_journal_is_deterministic),
        cmocka_unit_test(test_save_replay_and_undo),
        cmocka_unit_test(test_fire_odds_in_play),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
