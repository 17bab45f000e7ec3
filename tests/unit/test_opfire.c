/* The opportunity fire and overwatch house rule (seed 001): the worked
 * example played out step by step, and every part of the rule on the
 * rules test table with scripted dice. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "game_fixture.h"
#include "house/house.h"

#define OUTPOST SL_SOURCE_DIR "/maps/outpost.json"

/* The rules table with the house rule on. */
static T *start_of(void)
{
    T *t = start();
    set_option(&t->g.live.options, "opportunity_fire", true);
    return t;
}

static int option_index(T *t, const char *id)
{
    for (int i = 0; i < t->g.pending.noptions; i++)
        if (t->g.pending.options[i] == U(t, id))
            return i;
    fail_msg("%s is not offered", id);
    return -1;
}

/* Journal index of the first event at or after `from` containing s. */
static int find(T *t, int from, const char *s)
{
    for (int i = from; i < t->g.journal.n; i++)
        if (strstr(t->g.journal.ev[i].text, s) || strstr(t->g.journal.ev[i].json, s))
            return i;
    return -1;
}

/* Let every opportunity fire offer now waiting go by. */
static void pass_offers(T *t)
{
    while (t->g.pending.kind == of_decide_kind())
        ok(t, "decide pass");
}

/* --- the worked example ---------------------------------------------------------------------- */

static void load_dice_file(T *t, const char *path)
{
    int *v, n;
    sl_diag d;
    sl_diag_init(&d);
    assert_true(sl_dice_file_load(path, &v, &n, &d));
    sl_diag_free(&d);
    assert_true(sl_game_script_dice(&t->g, v, n));
    free(v);
}

static void test_worked_example(void **state)
{
    (void)state;
    T *t = start_seed(OUTPOST, 1);
    load_dice_file(t, SL_SOURCE_DIR "/tests/replays/overwatch-example.dice");
    sl_game_begin(&t->g);
    ok(t, "decide first nac");

    /* the marines move; the ESU squad, unactivated, is offered the fire */
    ok(t, "activate nac-1");
    ok(t, "move nac-1 25.4,5.0");
    assert_int_equal(t->g.pending.kind, of_decide_kind());
    assert_int_equal(t->g.pending.side, 1);
    int k = option_index(t, "esu-1");
    assert_false(of_offer_of(&t->g)->overwatch[k]);
    assert_float_equal(of_offer_of(&t->g)->p_react[k], 6.0 / 8.0, 1e-9); /* D8 over 2 */
    assert_true(of_offer_of(&t->g)->nstretch[k] >= 1);
    /* it tries: the test rolls 1 and fails; not marked activated */
    ok(t, "decide fire esu-1 at 27.5,5");
    const sl_event *rt = last_roll(t, "reaction");
    assert_int_equal(rt->value, 1);
    assert_int_equal(rt->target, 2);
    assert_false(ST(t, "esu-1")->activated);
    assert_int_equal(ST(t, "nac-1")->suppression, 0);
    /* the marines were not stopped: they may go on */
    assert_int_equal(t->g.pending.kind, SL_DECIDE_CONTINUE);
    ok(t, "decide continue");
    assert_int_equal(sl_unit_centre(&t->g.live, U(t, "nac-1"), NULL).x, IN(25.4));

    /* In Position in the shell holes; ESU may try again (a new action) */
    ok(t, "in-position nac-1");
    assert_int_equal(t->g.pending.kind, of_decide_kind());
    assert_true(offered(t, "esu-1"));
    ok(t, "decide pass");
    assert_true(ST(t, "nac-1")->in_position);
    assert_int_equal(last_roll(t, "reaction")->target, 2); /* in cover: threat 0 */

    /* ESU's turn: the squad goes on overwatch, its whole activation */
    assert_int_equal(t->g.side_to_act, 1);
    ok(t, "activate esu-1");
    ok(t, "overwatch esu-1");
    ok(t, "decide pass");
    assert_true(sl_game_watching(&t->g, U(t, "esu-1")));
    assert_int_equal(sl_game_active_unit(&t->g), -1);
    assert_int_equal(t->g.side_to_act, 0);

    /* the second marine squad's combat move: the overwatch squad fires
     * without a test, at the closest point, D6 range up to a D8 */
    ok(t, "activate nac-2");
    ok(t, "combat-move nac-2 21.5,20");
    assert_int_equal(t->g.pending.kind, of_decide_kind());
    k = option_index(t, "esu-1");
    assert_true(of_offer_of(&t->g)->overwatch[k]);
    assert_float_equal(of_offer_of(&t->g)->p_react[k], 1.0, 1e-9);
    int before = t->g.journal.n;
    ok(t, "decide fire esu-1 at 20.2,13.4");
    assert_int_equal(count_rolls(t, before, "reaction"), 0);
    assert_false(sl_game_watching(&t->g, U(t, "esu-1"))); /* spent */
    /* the 3rd marine squad may answer the overwatch fire, and lets it go */
    assert_int_equal(t->g.pending.kind, of_decide_kind());
    assert_true(offered(t, "nac-3"));
    ok(t, "decide pass");
    const sl_event *range = NULL;
    for (int i = before; i < t->g.journal.n; i++)
        if (t->g.journal.ev[i].kind == SL_EV_ROLL && !strcmp(t->g.journal.ev[i].test, "fire") && !range)
            range = &t->g.journal.ev[i];
    assert_non_null(range);
    assert_int_equal(range->die, SL_D8); /* medium range D6, one type worse */
    SAID(t, "band 2 of 8\" (D6); no cover, hasty fire +1; range die D8");
    assert_int_equal(ST(t, "nac-2")->suppression, 1);
    assert_int_equal(F(t, "nac-2-4")->status, SL_FIG_WOUNDED);
    /* the marines carry their wounded on, 2" short */
    assert_int_equal(t->g.pending.kind, SL_DECIDE_CASUALTIES);
    sl_pt wounded_before = F(t, "nac-2-4")->pos;
    ok(t, "decide carry");
    assert_true(ST(t, "nac-2")->carrying_wounded);
    SAID(t, "dashes 9.7\"");
    assert_true(F(t, "nac-2-4")->pos.y > wounded_before.y + IN(3)); /* carried along */
    assert_int_equal(ST(t, "nac-2")->suppression, 1);
    ok(t, "end");
    /* the overwatch fire was not ESU's activation: ESU is next */
    assert_int_equal(t->g.side_to_act, 1);

    /* the HQ transfers an action to the squad, which has used its own
     * activation; it moves out toward the trees */
    ok(t, "activate esu-hq");
    ok(t, "transfer esu-hq to esu-1");
    assert_int_equal(sl_game_active_unit(&t->g), U(t, "esu-1"));
    ok(t, "move esu-1 15.0,13.0");
    assert_int_equal(t->g.pending.kind, of_decide_kind());
    assert_true(offered(t, "nac-3"));
    assert_false(offered(t, "nac-1")); /* activated, no counter */
    assert_false(offered(t, "nac-2"));
    ok(t, "decide fire nac-3 at 13.1,13.2");
    assert_int_equal(last_roll(t, "reaction")->value, 5);
    assert_true(ST(t, "nac-3")->activated);
    assert_int_equal(ST(t, "esu-1")->suppression, 1);
    /* a normal move: it stops where it was hit, in the open */
    sl_pt c = sl_unit_centre(&t->g.live, U(t, "esu-1"), NULL);
    assert_in_range(c.x, IN(13.0), IN(13.2));
    assert_in_range(c.y, IN(13.1), IN(13.3));
    assert_false(sl_game_unit_in_cover(&t->g, U(t, "esu-1")));
    ok(t, "end");
    ok(t, "end");
    dice_used(t);
    /* every unit has acted: a new turn */
    assert_int_equal(t->g.turn, 2);
    finish(t);
}

/* --- the rule, part by part ---------------------------------------------------------------------- */

/* Threat 0/0/1 for high/medium/low motivation; a pass turns the firer's
 * marker, a failure does not; one attempt per unit per enemy action. */
static void test_reaction_test_and_attempts(void **state)
{
    (void)state;
    T *t = start_of();
    nac_first(t);
    ok(t, "activate a");
    ok(t, "in-position a");
    assert_int_equal(t->g.pending.kind, of_decide_kind());
    int k = option_index(t, "b");
    assert_float_equal(of_offer_of(&t->g)->p_react[k], 5.0 / 8.0, 1e-9); /* low motivation: D8 over 2 + 1 */
    assert_false(offered(t, "c")); /* in the copse: cannot see out */
    /* declared now, resolved after the In Position test */
    ok(t, "decide fire b");
    assert_int_equal(t->g.pending.kind, SL_DECIDE_NONE);
    (void)0;
    finish(t);

    t = start_of();
    nac_first(t);
    ok(t, "activate a");
    /* In Position test 5 (passes); Bravo's reaction test 3 against 3 fails */
    DICE(t, 5, 3);
    ok(t, "in-position a");
    ok(t, "decide fire b");
    dice_used(t);
    assert_true(ST(t, "a")->in_position);
    assert_false(ST(t, "b")->activated);
    const sl_event *e = last_roll(t, "reaction");
    assert_int_equal(e->unit, U(t, "b"));
    assert_int_equal(e->target, 3);
    /* the next action is a new chance */
    ok(t, "leave-position a");
    assert_int_equal(t->g.pending.kind, of_decide_kind());
    assert_true(offered(t, "b"));
    ok(t, "decide pass");
    finish(t);

    /* a high-motivation unit tests at threat 0 */
    t = start_of();
    UN(t, "b")->motivation = SL_MOT_HIGH;
    nac_first(t);
    ok(t, "activate a");
    ok(t, "in-position a");
    assert_float_equal(of_offer_of(&t->g)->p_react[option_index(t, "b")], 6.0 / 8.0, 1e-9);
    finish(t);
}

static void test_broken_units_do_not_react(void **state)
{
    (void)state;
    T *t = start_of();
    UN(t, "b")->confidence = SL_CONF_BROKEN;
    nac_first(t);
    ok(t, "activate a");
    DICE(t, 5);
    ok(t, "in-position a");
    assert_int_equal(t->g.pending.kind, SL_DECIDE_NONE);
    dice_used(t);
    finish(t);
    /* nor an activated one without a counter */
    t = start_of();
    ok(t, "decide first esu");
    ok(t, "activate b");
    ok(t, "end");
    ok(t, "activate a");
    DICE(t, 5);
    ok(t, "in-position a");
    assert_int_equal(t->g.pending.kind, SL_DECIDE_NONE);
    finish(t);
}

/* Against any other action: declared before it, resolved after it. The
 * fire's range die is one type worse. Play returns to whoever was due. */
static void test_declared_before_resolved_after(void **state)
{
    (void)state;
    T *t = start_of();
    nac_first(t);
    ok(t, "activate a");
    int before = t->g.journal.n;
    ok(t, "fire a at b");
    assert_int_equal(t->g.pending.kind, of_decide_kind());
    /* nothing has been rolled yet */
    assert_int_equal(count_rolls(t, before, "fire"), 0);
    /* Alpha's fire: range D8 8; 2 3 2: nothing. Bravo's test 6 (beats 3) */
    DICE(t, 8, 2, 3, 2, 6);
    ok(t, "decide fire b");
    /* NAC may answer Bravo's fire (its HQ sees Bravo), and lets it go */
    assert_int_equal(t->g.pending.kind, of_decide_kind());
    assert_int_equal(t->g.pending.side, 0);
    /* Bravo's fire: Alpha's range die D8 (band 3) one type worse: D10 9;
     * Bravo's 2 and 3: nothing */
    DICE(t, 9, 2, 3);
    pass_offers(t);
    dice_used(t);
    int alpha_fire = find(t, before, "Alpha fires at Bravo");
    int bravo_test = find(t, before, "Reaction test for Bravo");
    int bravo_fire = find(t, before, "Bravo fires at Alpha");
    assert_true(alpha_fire >= 0 && bravo_test > alpha_fire && bravo_fire > bravo_test);
    assert_true(said_since(t, before, "hasty fire +1; range die D10"));
    assert_true(ST(t, "b")->activated);
    /* still Alpha's activation, one action left; then ESU's turn */
    assert_int_equal(sl_game_active_unit(&t->g), U(t, "a"));
    assert_int_equal(sl_game_actions_left(&t->g), 1);
    ok(t, "end");
    assert_int_equal(t->g.side_to_act, 1);
    finish(t);
}

/* The firer picks the point of the way; range and cover are judged there. */
static void test_point_on_the_way(void **state)
{
    (void)state;
    for (int near = 0; near <= 1; near++) {
        T *t = start_of();
        nac_first(t);
        ok(t, "activate a");
        DICE(t, 6); /* the combat move: 12" */
        ok(t, "combat-move a 23.3,10");
        assert_int_equal(t->g.pending.kind, of_decide_kind());
        int k = option_index(t, "b");
        assert_int_equal(of_offer_of(&t->g)->nstretch[k], 1);
        /* test 6; range die; two misses */
        if (near)
            DICE(t, 6, 1, 1, 1);
        else
            DICE(t, 6, 1, 1, 1);
        int before = t->g.journal.n;
        ok(t, near ? "decide fire b at 23.3,10" : "decide fire b at 11.3,10");
        pass_offers(t); /* the NAC HQ could answer Bravo's fire */
        dice_used(t);
        const sl_event *r = NULL;
        for (int i = before; i < t->g.journal.n; i++)
            if (t->g.journal.ev[i].kind == SL_EV_ROLL && !strcmp(t->g.journal.ev[i].test, "fire") && !r)
                r = &t->g.journal.ev[i];
        assert_non_null(r);
        /* 11" away: band 2 (D6) -> D8; 23" away: band 3 (D8) -> D10 */
        assert_int_equal(r->die, near ? SL_D8 : SL_D10);
        finish(t);
    }
}

/* A normal move hit by suppressing fire stops there; one that is not
 * stopped may go on, or any other way with what is left, even back. */
static void test_normal_move_stop_or_go_on(void **state)
{
    (void)state;
    T *t = start_of();
    nac_first(t);
    ok(t, "activate a");
    ok(t, "move a 17.3,10");
    /* test 6; range die D8 1; Bravo's 5 and 1: suppression only; Alpha
     * (medium, first time) tests at 3: a 6 */
    DICE(t, 6, 1, 5, 1, 6);
    ok(t, "decide fire b at 14.3,10");
    pass_offers(t);
    dice_used(t);
    assert_int_equal(ST(t, "a")->suppression, 1);
    assert_int_equal(F(t, "a-2")->pos.x, IN(14.3));
    assert_int_equal(t->g.pending.kind, SL_DECIDE_NONE);
    SAID(t, "stops where it was hit");
    finish(t);

    t = start_of();
    nac_first(t);
    ok(t, "activate a");
    ok(t, "move a 17.3,10");
    DICE(t, 1); /* Bravo's test fails */
    ok(t, "decide fire b at 14.3,10");
    assert_int_equal(t->g.pending.kind, SL_DECIDE_CONTINUE);
    assert_int_equal(t->g.pending.side, 0);
    no(t, "decide continue 24.3,10", "too far");
    ok(t, "decide continue 12.3,10"); /* back toward where it came from */
    pass_offers(t);                   /* the HQ and the tank let it go */
    assert_int_equal(F(t, "a-2")->pos.x, IN(12.3));
    finish(t);
}

/* A combat mover keeps to its destination and takes its suppression at
 * the end; wounded men are stopped with, carried or abandoned. */
static void test_combat_move_and_casualties(void **state)
{
    (void)state;
    static const char *const choice[] = {"decide stop", "decide abandon"};
    for (int i = 0; i < 2; i++) {
        T *t = start_of();
        nac_first(t);
        ok(t, "activate a");
        DICE(t, 5); /* 10" */
        ok(t, "combat-move a 21.3,10");
        /* test 6; range D10 (19": band 3, one worse) 1; Bravo's 6 7 ->
         * major, 13/10 = 1 rem 3, reroll 8 (no extra); the hit: armour 5
         * vs impact 6, a wound; allocation D6 3 -> a-3; Alpha's test at 3: 7 */
        DICE(t, 6, 1, 6, 7, 8, 5, 6, 3, 7);
        ok(t, "decide fire b at 15.3,10");
        pass_offers(t);
        dice_used(t);
        assert_int_equal(F(t, "a-3")->status, SL_FIG_WOUNDED);
        assert_int_equal(t->g.pending.kind, SL_DECIDE_CASUALTIES);
        ok(t, choice[i]);
        pass_offers(t);
        int x = F(t, "a-2")->pos.x;
        if (i == 0) {
            assert_int_equal(x, IN(15.3));
        } else {
            assert_int_equal(x, IN(21.3)); /* went on to the destination */
            assert_true(ST(t, "a")->abandoned_wounded);
            assert_int_equal(F(t, "a-3")->pos.x, IN(12.6 + 4)); /* left where he fell */
        }
        finish(t);
    }
}

/* Opportunity fire answers opportunity fire, to any depth: here three. */
static void test_chain_of_three(void **state)
{
    (void)state;
    T *t = start_of();
    place(t, "hq2", 24, 14); /* ESU HQ, near enough to answer Alpha */
    place(t, "g", 16, 18);   /* the Greens, near enough to answer the HQ */
    ok(t, "decide first esu");
    ok(t, "activate b");
    ok(t, "move b 30,10");
    /* every fire misses (range die 4, the firers' dice 1) */
    DICE(t, 6,          /* Alpha's reaction test */
         4, 1, 1, 1,    /* Alpha's fire */
         6,             /* the HQ's reaction test */
         4, 1, 1,       /* the HQ's fire */
         6,             /* the Greens' reaction test */
         4, 1, 1);      /* the Greens' fire */
    /* NAC: Alpha fires at Bravo as it moves */
    assert_true(offered(t, "a"));
    int before = t->g.journal.n;
    ok(t, "decide fire a at 32,10");
    /* ESU answers Alpha's fire with its HQ (declared, resolved after it) */
    assert_int_equal(t->g.pending.kind, of_decide_kind());
    assert_int_equal(t->g.pending.side, 1);
    assert_true(offered(t, "hq2"));
    ok(t, "decide fire hq2");
    /* Alpha fires; the HQ passes its test; NAC answers the HQ with the
     * Greens */
    assert_int_equal(t->g.pending.kind, of_decide_kind());
    assert_int_equal(t->g.pending.side, 0);
    assert_true(offered(t, "g"));
    ok(t, "decide fire g");
    pass_offers(t);
    dice_used(t);
    int a_fire = find(t, before, "Alpha fires at Bravo");
    int hq_fire = find(t, before, "ESU HQ fires at Alpha");
    int g_fire = find(t, before, "Greens fires at ESU HQ");
    assert_true(a_fire >= 0 && hq_fire > a_fire && g_fire > hq_fire);
    assert_true(ST(t, "a")->activated && ST(t, "hq2")->activated && ST(t, "g")->activated);
    /* back to Bravo's move, which was not stopped */
    assert_int_equal(t->g.pending.kind, SL_DECIDE_CONTINUE);
    ok(t, "decide continue");
    pass_offers(t);
    assert_int_equal(t->g.nframes, 0);
    assert_int_equal(F(t, "b-2")->pos.x, IN(30));
    finish(t);
}

/* Overwatch: not after a fire; the rest of the activation; a counter lets
 * an activated unit fire with no test, once; lost on the next activation. */
static void test_overwatch(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    ok(t, "activate a");
    no(t, "overwatch a", "house rule");
    finish(t);

    t = start_of();
    ok(t, "decide first esu");
    ok(t, "activate b");
    DICE(t, 1, 1, 1); /* Bravo's fire at Alpha: nothing (no NAC unit is offered: Alpha cannot see far enough... ) */
    ok(t, "fire b at a");
    pass_offers(t);
    no(t, "overwatch b", "may not follow a fire action");
    ok(t, "end");
    ok(t, "activate a");
    ok(t, "end");
    place(t, "hq2", 30, 20);
    ok(t, "activate hq2");
    ok(t, "overwatch hq2"); /* as its first action: it gives the first up */
    pass_offers(t);
    SAID(t, "gives up its first action");
    assert_true(sl_game_watching(&t->g, U(t, "hq2")));
    assert_int_equal(sl_game_active_unit(&t->g), -1);
    /* the HQ, activated, with a counter: offered against the Greens
     * moving in its sight, with no test */
    place(t, "g", 28, 27);
    ok(t, "activate g");
    ok(t, "move g 26,27");
    assert_int_equal(t->g.pending.kind, of_decide_kind());
    int k = option_index(t, "hq2");
    assert_true(of_offer_of(&t->g)->overwatch[k]);
    int before = t->g.journal.n;
    DICE(t, 1, 1, 1, 6); /* a miss; the Greens' panic test on first being fired on */
    ok(t, "decide fire hq2");
    pass_offers(t);
    dice_used(t);
    for (int i = before; i < t->g.journal.n; i++) /* no test for the HQ */
        assert_false(t->g.journal.ev[i].kind == SL_EV_ROLL && t->g.journal.ev[i].unit == U(t, "hq2") &&
                     !strcmp(t->g.journal.ev[i].test, "reaction"));
    assert_false(sl_game_watching(&t->g, U(t, "hq2")));
    if (t->g.pending.kind == SL_DECIDE_CONTINUE)
        ok(t, "decide continue");
    finish(t);

    /* the counter is lost when the unit is next activated */
    t = start_of();
    ok(t, "decide first esu");
    ok(t, "activate b");
    ok(t, "overwatch b");
    pass_offers(t);
    assert_true(sl_game_watching(&t->g, U(t, "b")));
    place(t, "hq2", 36, 13);
    ok(t, "activate a");
    ok(t, "end");
    ok(t, "activate hq2");
    ok(t, "transfer hq2 to b");
    pass_offers(t);
    assert_false(sl_game_watching(&t->g, U(t, "b")));
    SAID(t, "loses its overwatch counter");
    finish(t);
}

/* Guided missiles: the target's ECM die is one type worse. */
static void test_missile_ecm(void **state)
{
    (void)state;
    T *t = start_of();
    place(t, "g", 36, 4); /* the Greens, with a guided missile, near the tank */
    ok(t, "decide first esu");
    ok(t, "activate v");
    ok(t, "move v 44,12");
    assert_int_equal(t->g.pending.kind, of_decide_kind());
    assert_true(offered(t, "g"));
    int before = t->g.journal.n;
    /* the Greens' test (D6 over 2: 6); the ECM die, enhanced D8 one type
     * worse: D10 10; their quality and guidance dice miss */
    DICE(t, 6, 10, 1, 1);
    ok(t, "decide fire g missile at 44,8");
    pass_offers(t);
    dice_used(t);
    const sl_event *ecm = NULL;
    for (int i = before; i < t->g.journal.n; i++)
        if (t->g.journal.ev[i].kind == SL_EV_ROLL && !strcmp(t->g.journal.ev[i].test, "fire") && !ecm)
            ecm = &t->g.journal.ev[i];
    assert_non_null(ecm);
    assert_int_equal(ecm->die, SL_D10);
    finish(t);
}

/* The base game's reaction fire still works with the house rule on. */
static void test_reaction_fire_alongside(void **state)
{
    (void)state;
    T *t = start_of();
    nac_first(t);
    ok(t, "activate a");
    ok(t, "move a 11.3,15");
    assert_int_equal(t->g.pending.kind, of_decide_kind());
    ok(t, "decide pass");
    ok(t, "move a 11.3,20");
    assert_int_equal(t->g.pending.kind, SL_DECIDE_REACTION_FIRE);
    DICE(t, 8, 2, 9, 6);
    ok(t, "decide fire b");
    assert_int_equal(t->g.pending.kind, of_decide_kind()); /* NAC may answer it */
    pass_offers(t);
    dice_used(t);
    assert_int_equal(ST(t, "a")->suppression, 1);
    SAID(t, "cannot make its second move");
    assert_int_equal(t->g.side_to_act, 0); /* the reaction fire was ESU's turn */
    finish(t);
}

/* A solo answer as its line and its reasoning. */
static void answer(T *t, const sl_command *c, char *line, size_t len, char *why, size_t whylen)
{
    sl_command bare = *c;
    bare.note[0] = '\0';
    sl_command_format(&t->g.live, &bare, line, len);
    assert_true(strncmp(c->note, "solo: ", 6) == 0);
    snprintf(why, whylen, "%s", c->note + 6);
}

/* Solo play: the program answers by a stated policy, and says why. */
static void test_solo_policy(void **state)
{
    (void)state;
    T *t = start_of();
    char line[800], why[400];
    sl_command c;
    assert_false(sl_game_auto_decide(&t->g, &c));
    sl_game_begin(&t->g);
    assert_true(sl_game_auto_decide(&t->g, &c));
    answer(t, &c, line, sizeof line, why, sizeof why);
    assert_string_equal(line, "decide first nac"); /* NAC chooses, and goes first */
    ok(t, line);
    ok(t, "activate a");
    ok(t, "combat-move a 23.3,10");
    assert_int_equal(t->g.pending.kind, of_decide_kind());
    int k = -1;
    for (int i = 0; i < t->g.pending.noptions; i++)
        if (k < 0 || of_offer_of(&t->g)->p_suppress[i] > of_offer_of(&t->g)->p_suppress[k])
            k = i;
    assert_true(sl_game_auto_decide(&t->g, &c));
    answer(t, &c, line, sizeof line, why, sizeof why);
    if (of_offer_of(&t->g)->p_suppress[k] >= 0.35) {
        char want[80];
        snprintf(want, sizeof want, "decide fire %s at ", t->g.live.units[t->g.pending.options[k]].id);
        assert_non_null(strstr(line, want));
        assert_non_null(strstr(why, "most exposed"));
    } else {
        assert_string_equal(line, "decide pass");
    }
    /* the reasoning goes into the journal with the command, which a
     * replay reads back to the same answer */
    int before = t->g.journal.n;
    if (!sl_game_apply(&t->g, &c, t->err, sizeof t->err))
        fail_msg("the solo answer was refused: %s", t->err);
    assert_true(said_since(t, before, "Solo play: "));
    char journalled[900];
    snprintf(journalled, sizeof journalled, "\"command\":\"%s # solo: ", line);
    assert_true(said_since(t, before, journalled));
    finish(t);

    /* a poor chance is let go */
    t = start_of();
    nac_first(t);
    UN(t, "b")->leadership = 3; /* its reaction test: D8 over 4 */
    ok(t, "activate a");
    ok(t, "in-position a");
    assert_int_equal(t->g.pending.kind, of_decide_kind());
    assert_true(sl_game_auto_decide(&t->g, &c));
    answer(t, &c, line, sizeof line, why, sizeof why);
    assert_string_equal(line, "decide pass");
    assert_non_null(strstr(why, "under 35%"));
    finish(t);
}

/* The counter is the rule's own state (its bytes): kept when a command
 * is refused, copied with a clone, and gone again when the command that
 * took it is undone (the game rewound to a snapshot from before it). */
static void test_overwatch_undone(void **state)
{
    (void)state;
    T *t = start_seed(OUTPOST, 3);
    sl_game_begin(&t->g);
    ok(t, "decide first esu");
    ok(t, "activate esu-1");
    char err[256];
    sl_game snap, copy;
    int snap_events = t->g.journal.n;
    assert_true(sl_game_clone_upto(&snap, &t->g, 0, err, sizeof err));
    ok(t, "overwatch esu-1");
    while (t->g.pending.kind != SL_DECIDE_NONE)
        ok(t, "decide pass");
    int esu = U(t, "esu-1");
    assert_true(sl_game_watching(&t->g, esu));
    assert_false(sl_game_apply_line(&t->g, "overwatch esu-1", err, sizeof err));
    assert_true(sl_game_watching(&t->g, esu));
    assert_true(sl_game_clone(&copy, &t->g, err, sizeof err));
    assert_true(sl_game_watching(&copy, esu));
    assert_true(sl_game_rewind(&t->g, &snap, snap_events, NULL, 0, 0, err, sizeof err));
    assert_false(sl_game_watching(&t->g, esu));
    assert_true(sl_game_watching(&copy, esu)); /* the clone's bytes are its own */
    ok(t, "overwatch esu-1"); /* and it may be taken again */
    while (t->g.pending.kind != SL_DECIDE_NONE)
        ok(t, "decide pass");
    assert_true(sl_game_watching(&t->g, esu));
    sl_game_free(&copy);
    sl_game_free(&snap);
    finish(t);
}

/* The window draws a planned way's exposure where opportunity fire is
 * in play, as the rule's row says, never the range bands on its account;
 * and not without it. */
static void test_window_shows_exposure(void **state)
{
    (void)state;
    T *t = begin(RULES, "nac", true);
    assert_true(sl_game_shows(&t->g, SL_SHOW_EXPOSURE));
    assert_true(sl_game_shows(&t->g, SL_SHOW_EXPOSURE | SL_SHOW_RANGE_BANDS));
    finish(t);
    t = begin(RULES, "nac", false);
    assert_false(sl_game_shows(&t->g, SL_SHOW_EXPOSURE));
    assert_true(sl_game_shows(&t->g, SL_SHOW_RANGE_BANDS));
    finish(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_worked_example),
        cmocka_unit_test(test_reaction_test_and_attempts),
        cmocka_unit_test(test_broken_units_do_not_react),
        cmocka_unit_test(test_declared_before_resolved_after),
        cmocka_unit_test(test_point_on_the_way),
        cmocka_unit_test(test_normal_move_stop_or_go_on),
        cmocka_unit_test(test_combat_move_and_casualties),
        cmocka_unit_test(test_chain_of_three),
        cmocka_unit_test(test_overwatch),
        cmocka_unit_test(test_missile_ecm),
        cmocka_unit_test(test_reaction_fire_alongside),
        cmocka_unit_test(test_solo_policy),
        cmocka_unit_test(test_overwatch_undone),
        cmocka_unit_test(test_window_shows_exposure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
