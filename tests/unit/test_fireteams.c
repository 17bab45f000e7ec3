/* The fireteams house rule (seed 004), rule by rule on the fireteams
 * scenario (maps/fireteams.json, opportunity fire off unless a test wants
 * it) and on the examples table (maps/lessons/tables/fireteams-example.json, whose NAC
 * squad leader stands 2" from fireteam 1 and 3" from fireteam 2), with
 * scripted dice. The seed's worked examples are also scripted replays in
 * tests/replays/fireteams-*.txt, checked by the CLI test. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "game_fixture.h"
#include "house/house.h"
#include "rules.h"
#include "sightline/sight.h"

#define FT SL_SOURCE_DIR "/maps/fireteams.json"
#define EXAMPLES SL_SOURCE_DIR "/maps/lessons/tables/fireteams-example.json"

static int events(T *t)
{
    return t->g.journal.n;
}

/* --- organisation ------------------------------------------------------------------------- */

static void test_organisation(void **state)
{
    (void)state;
    T *t = begin(FT, "nac", false);
    /* NAC 1st Squad: a squad leader on his own and two teams of four */
    const sl_unit *sq = UN(t, "nac-1");
    assert_int_equal(sl_unit_nparts(&t->g.live, U(t, "nac-1")), 2);
    assert_int_equal(sq->nfigures, 9);
    assert_int_equal(UN(t, "nac-1.1")->nfigures, 4);
    assert_int_equal(sl_unit_whole(&t->g.live, U(t, "nac-1.1")), U(t, "nac-1"));
    assert_int_equal(sl_unit_part_no(&t->g.live, U(t, "nac-1.2")), 2);
    assert_int_equal(sl_unit_part(&t->g.live, U(t, "nac-1"), 1), U(t, "nac-1.2"));
    assert_int_equal(sl_figure_part(&t->g.live, (int)(F(t, "nac-1-2") - t->g.live.figures)), 1);
    assert_int_equal(F(t, "nac-1-1")->unit, U(t, "nac-1"));
    assert_int_equal(F(t, "nac-1-2")->unit, U(t, "nac-1.1"));
    /* Phalon 1st Squad: three teams of three, the leader in team 1 */
    assert_int_equal(sl_unit_nparts(&t->g.live, U(t, "ph-1")), 3);
    assert_int_equal(F(t, "ph-1-1")->unit, U(t, "ph-1.1"));
    /* quality and leadership are the squad's */
    assert_int_equal(UN(t, "ph-1.3")->quality, UN(t, "ph-1")->quality);
    assert_int_equal(UN(t, "ph-1.3")->leadership, 2);
    /* squad integrity: the Phalon team 3 on the hill is out of it */
    sl_parts_integrity si;
    assert_true(sl_parts_integrity_judge(&t->g.live, U(t, "ph-1"), &si));
    assert_int_equal(si.nparts, 3);
    assert_true(si.in[0]);
    assert_true(si.in[1]);
    assert_false(si.in[2]);
    /* the teams are not units a side counts for passing */
    finish(t);
}

/* A fireteam's leader is not modelled: with its first man down the team
 * goes on acting at once, without a reorganise. */
static void test_team_leader_replaced(void **state)
{
    (void)state;
    T *t = begin(FT, "nac", false);
    kill_figs(t, "nac-1.1", 1, 1);
    ok(t, "activate nac-1");
    ok(t, "teams nac-1");
    ok(t, "activate nac-1.1");
    ok(t, "move nac-1.1 19,18");
    assert_false(said(t, "reorganise"));
    finish(t);
}

/* --- the squad leader's two actions ---------------------------------------------------------- */

/* One action to every team, then the other: any order each time, one team
 * acting at a time. */
static void test_one_action_each_any_order(void **state)
{
    (void)state;
    T *t = begin(FT, "nac", false);
    no(t, "activate nac-1.1", "acts only on actions its squad leader gives it");
    ok(t, "activate nac-1");
    ok(t, "teams nac-1");
    assert_int_equal(ft_unit_of(&t->g, U(t, "nac-1.1"))->team_pending, 1);
    assert_int_equal(ft_unit_of(&t->g, U(t, "nac-1.2"))->team_pending, 1);
    no(t, "teams nac-1", "fireteams have actions still to take");
    ok(t, "activate nac-1.1");
    ok(t, "move nac-1.1 19,17");
    no(t, "activate nac-1.1", "no action from its squad leader now");
    ok(t, "activate nac-1.2");
    ok(t, "move nac-1.2 25,17");
    no(t, "move nac-1 22,16", "cannot act as a whole squad as well");
    ok(t, "teams nac-1");
    ok(t, "activate nac-1.2"); /* team 2 first this time */
    ok(t, "move nac-1.2 24,19");
    ok(t, "activate nac-1.1");
    ok(t, "move nac-1.1 19,19");
    /* the squad's activation is over: the Phalon act next */
    SAID(t, "NAC 1st Squad's activation ends (its actions went to its fireteams)");
    ok(t, "activate ph-2");
    finish(t);
}

/* Both actions at once: each team takes both before the next; a close
 * assault needs them both. */
static void test_both_actions_no_juggling(void **state)
{
    (void)state;
    T *t = begin(FT, "phalon", false);
    ok(t, "activate ph-1");
    /* team 3, out of squad integrity and of its leader's sight, needs a
     * communication roll at -1: a 3 on the D8 beats leadership 2 */
    DICE(t, 3);
    ok(t, "teams ph-1 both");
    assert_int_equal(last_roll(t, "communication")->value, 3);
    SAID(t, "outside squad integrity and out of the leader's sight, -1");
    for (int k = 1; k <= 3; k++) {
        char id[16];
        snprintf(id, sizeof id, "ph-1.%d", k);
        assert_int_equal(ft_unit_of(&t->g, U(t, id))->team_pending, 2);
    }
    ok(t, "activate ph-1.1");
    ok(t, "move ph-1.1 55,22");
    ok(t, "end ph-1.1"); /* its second action is given up */
    ok(t, "activate ph-1.2");
    ok(t, "move ph-1.2 54,14");
    no(t, "activate ph-1.3", "no juggling");
    ok(t, "end ph-1.2");
    ok(t, "activate ph-1.3");
    finish(t);
}

static void test_assault_needs_both(void **state)
{
    (void)state;
    T *t = begin(EXAMPLES, "phalon", false);
    ok(t, "activate ph-1");
    ok(t, "teams ph-1");
    ok(t, "activate ph-1.1");
    no(t, "assault ph-1.1 nac-1.2", "only with both actions given at once");
    finish(t);
}

/* A transfer to a team outside squad integrity: a communication roll,
 * -1 out of the leader's sight; failure loses the action, or both. */
static void test_communication_roll(void **state)
{
    (void)state;
    T *t = begin(FT, "phalon", false);
    ok(t, "activate ph-1");
    DICE(t, 2); /* the D8 must beat 2: it does not */
    ok(t, "teams ph-1");
    SAID(t, "Phalon 1st Squad, team 3 gets no action");
    assert_int_equal(ft_unit_of(&t->g, U(t, "ph-1.1"))->team_pending, 1);
    assert_int_equal(ft_unit_of(&t->g, U(t, "ph-1.3"))->team_pending, 0);
    ok(t, "activate ph-1.1");
    ok(t, "end ph-1.1");
    ok(t, "activate ph-1.2");
    ok(t, "end ph-1.2");
    /* the second action, both lost for team 3 again on a failure */
    finish(t);

    t = begin(FT, "phalon", false);
    ok(t, "activate ph-1");
    DICE(t, 1);
    ok(t, "teams ph-1 both");
    assert_int_equal(ft_unit_of(&t->g, U(t, "ph-1.2"))->team_pending, 2);
    assert_int_equal(ft_unit_of(&t->g, U(t, "ph-1.3"))->team_pending, 0);
    finish(t);

    /* a team within squad integrity gets its action with no roll */
    t = begin(FT, "nac", false);
    ok(t, "activate nac-1");
    int n = events(t);
    ok(t, "teams nac-1");
    assert_int_equal(count_rolls(t, n, "communication"), 0);
    finish(t);
}

/* --- whole-squad activations ---------------------------------------------------------------- */

static void test_whole_squad_fire_combines(void **state)
{
    (void)state;
    T *t = begin(EXAMPLES, "nac", false);
    ok(t, "activate nac-1");
    /* the whole squad fires as one: both teams' firepower and the
     * leader's together, with team 1's SAW; the range die's 6 is beaten
     * by nothing */
    DICE(t, 6, 1, 1, 1);
    ok(t, "fire nac-1 at ph-1.1");
    SAID(t, "firepower 18"); /* eight rifles and the leader's */
    dice_used(t);
    no(t, "teams nac-1", "acted as a whole squad this activation");
    /* the other action may be the leader's own */
    ok(t, "move nac-1.L 12,14");
    finish(t);
}

/* One team In Position fails its test on a whole-squad move: nobody moves. */
static void test_whole_move_in_position(void **state)
{
    (void)state;
    T *t = begin(EXAMPLES, "nac", false);
    ST(t, "nac-1.1")->in_position = true;
    sl_pt before = F(t, "nac-1-6")->pos;
    ok(t, "activate nac-1");
    DICE(t, 3); /* team 1's D8 must beat 2 + 2 */
    ok(t, "move nac-1 12,16");
    assert_int_equal(count_rolls(t, 0, "reaction"), 1);
    assert_true(F(t, "nac-1-6")->pos.x == before.x && F(t, "nac-1-6")->pos.y == before.y);
    dice_used(t);
    finish(t);

    /* both In Position, both pass: everyone moves */
    t = begin(EXAMPLES, "nac", false);
    ST(t, "nac-1.1")->in_position = true;
    ST(t, "nac-1.2")->in_position = true;
    ok(t, "activate nac-1");
    DICE(t, 5, 6);
    ok(t, "move nac-1 12,16");
    assert_int_equal(count_rolls(t, 0, "reaction"), 2);
    assert_false(F(t, "nac-1-6")->pos.y == IN(12.0));
    dice_used(t);
    finish(t);
}

/* --- the squad leader with a team --------------------------------------------------------- */

static void test_leader_with_team(void **state)
{
    (void)state;
    T *t = begin(EXAMPLES, "nac", false);
    ok(t, "activate nac-1");
    ok(t, "teams nac-1");
    /* team 2 is 3" from him: not within fireteam integrity to fight along */
    ok(t, "activate nac-1.1");
    DICE(t, 6, 1, 1, 1);
    ok(t, "fire nac-1.1 at ph-1.1 with-leader");
    SAID(t, "team 1 with its squad leader fires");
    SAID(t, "firepower 10");
    ok(t, "activate nac-1.2");
    no(t, "move nac-1.2 14,15 with-leader", "has gone with NAC 1st Squad, team 1 this turn");
    ok(t, "move nac-1.2 14,15");
    ok(t, "teams nac-1");
    ok(t, "activate nac-1.1");
    sl_pt l0 = F(t, "nac-1-1")->pos;
    ok(t, "move nac-1.1 10,13 with-leader");
    assert_false(F(t, "nac-1-1")->pos.y == l0.y);
    finish(t);

    /* fighting with a team needs fireteam integrity */
    t = begin(EXAMPLES, "nac", false);
    ok(t, "activate nac-1");
    ok(t, "teams nac-1");
    ok(t, "activate nac-1.2");
    F(t, "nac-1-1")->pos = sl_pt_make(IN(12), IN(18)); /* 5.7" from team 2, no 6" circle holds them */
    no(t, "fire nac-1.2 at ph-1.1 with-leader", "must be within fireteam integrity");
    finish(t);
}

/* --- suppression and the squad leader ---------------------------------------------------------- */

static void test_suppressed_leader_by_distance(void **state)
{
    (void)state;
    T *t = begin(EXAMPLES, "nac", false);
    int sq = U(t, "nac-1");
    /* the seed's example: team 1 at 2", team 2 at 3" */
    ST(t, "nac-1.1")->suppression = 1;
    assert_true(rl_game_leader_suppressed(&t->g, sq));
    assert_int_equal(rl_game_leader_team(&t->g, sq), U(t, "nac-1.1"));
    ST(t, "nac-1.1")->suppression = 0;
    ST(t, "nac-1.2")->suppression = 1;
    assert_false(rl_game_leader_suppressed(&t->g, sq));
    /* equally near (3" each): not suppressed unless both are */
    F(t, "nac-1-1")->pos = sl_pt_make(IN(12), IN(13));
    assert_false(rl_game_leader_suppressed(&t->g, sq));
    ST(t, "nac-1.1")->suppression = 1;
    assert_true(rl_game_leader_suppressed(&t->g, sq));
    finish(t);

    /* the exception: acting with a team that is suppressed in its own
     * activation, he is too, though another team is nearer */
    t = begin(EXAMPLES, "nac", false);
    sq = U(t, "nac-1");
    ok(t, "activate nac-1");
    ok(t, "teams nac-1");
    ok(t, "activate nac-1.2");
    F(t, "nac-1-1")->pos = sl_pt_make(IN(14), IN(12)); /* 1" from team 2, 2" from team 1 */
    ok(t, "move nac-1.2 15.65,14 with-leader");
    ST(t, "nac-1.2")->suppression = 0;
    ST(t, "nac-1.1")->suppression = 0;
    F(t, "nac-1-1")->pos = sl_pt_make(IN(12), IN(12)); /* back: team 1 nearer */
    ST(t, "nac-1.2")->suppression = 1;
    assert_true(rl_game_leader_suppressed(&t->g, sq));
    finish(t);
}

/* His remove-suppression: one roll, one marker off every team within
 * squad integrity. */
static void test_leader_remove_suppression(void **state)
{
    (void)state;
    T *t = begin(FT, "phalon", false);
    ST(t, "ph-1.1")->suppression = 2;
    ST(t, "ph-1.2")->suppression = 1;
    ST(t, "ph-1.3")->suppression = 1; /* out of squad integrity */
    ok(t, "activate ph-1");
    DICE(t, 5);
    ok(t, "remove-suppression ph-1.L");
    assert_int_equal(count_rolls(t, 0, "suppression"), 1);
    assert_int_equal(ST(t, "ph-1.1")->suppression, 1);
    assert_int_equal(ST(t, "ph-1.2")->suppression, 0);
    assert_int_equal(ST(t, "ph-1.3")->suppression, 1);
    dice_used(t);
    finish(t);
}

/* With the suppressed_move option a suppressed team may move after the
 * squad passes a confidence test; a failure costs the squad a level. */
static void test_move_while_suppressed(void **state)
{
    (void)state;
    T *t = begin(EXAMPLES, "nac", false);
    ST(t, "nac-1.2")->suppression = 1;
    ok(t, "activate nac-1");
    ok(t, "teams nac-1");
    ok(t, "activate nac-1.2");
    no(t, "move nac-1.2 15.65,15", "suppressed");
    finish(t);

    t = begin(EXAMPLES, "nac", false);
    t->g.live.options.suppressed_move = 1;
    ST(t, "nac-1.2")->suppression = 1;
    ok(t, "activate nac-1");
    ok(t, "teams nac-1");
    ok(t, "activate nac-1.2");
    DICE(t, 2); /* the squad's D8 must beat 2 */
    sl_confidence before = UN(t, "nac-1")->confidence;
    ok(t, "move nac-1.2 15.65,15");
    assert_int_equal(last_roll(t, "confidence")->unit, U(t, "nac-1"));
    assert_int_equal(UN(t, "nac-1")->confidence, (int)before + 1);
    assert_int_equal(UN(t, "nac-1.1")->confidence, (int)before + 1); /* the teams share it */
    assert_true(F(t, "nac-1-6")->pos.y == IN(12.0)); /* it did not move */
    dice_used(t);
    finish(t);
}

/* --- concentrating fire ----------------------------------------------------------------------- */

static void test_one_team_at_a_time(void **state)
{
    (void)state;
    T *t = begin(FT, "nac", false);
    ok(t, "activate nac-1");
    ok(t, "teams nac-1");
    ok(t, "activate nac-1.1");
    no(t, "fire nac-1.1 at ph-1", "not within fireteam integrity of each other");
    no(t, "fire nac-1.1 at ph-1.2 combined", "nothing to combine it with");
    /* two NAC teams firing separately at one target: two suppressions */
    DICE(t, 1, 8, 1, 1);
    ok(t, "fire nac-1.1 at ph-1.2");
    ok(t, "activate nac-1.2");
    DICE(t, 1, 8, 1, 1);
    ok(t, "fire nac-1.2 at ph-1.2");
    assert_int_equal(ST(t, "ph-1.2")->suppression, 2);
    assert_int_equal(ST(t, "ph-1.1")->suppression, 0);
    dice_used(t);
    finish(t);
}

/* Enemy teams within fireteam integrity of each other, even of two
 * squads, are one target: suppression falls on each. */
static void test_combined_target(void **state)
{
    (void)state;
    T *t = begin(FT, "nac", false);
    place(t, "ph-1.2", 45.0, 12.6);
    place(t, "ph-1.3", 49.0, 12.6); /* 1.4" from team 2 */
    place(t, "ph-2.1", 45.0, 10.6); /* 0.7" from team 2 */
    ok(t, "activate nac-1");
    ok(t, "teams nac-1");
    ok(t, "activate nac-1.1");
    DICE(t, 1, 8, 1, 1);
    ok(t, "fire nac-1.1 at ph-1.2 combined");
    assert_int_equal(ST(t, "ph-1.2")->suppression, 1);
    assert_int_equal(ST(t, "ph-1.3")->suppression, 1);
    assert_int_equal(ST(t, "ph-2.1")->suppression, 1);
    assert_int_equal(ST(t, "ph-1.1")->suppression, 0);
    dice_used(t);
    finish(t);
}

/* --- morale over the squad ---------------------------------------------------------------------- */

/* Losing a fireteam: threat 3 at medium motivation; the casualties are
 * counted over the squad, which still has more men than it lost. */
static void test_fireteam_lost(void **state)
{
    (void)state;
    T *t = begin(EXAMPLES, "phalon", false);
    kill_figs(t, "nac-1.2", 2, 4); /* one man left in team 2 */
    ok(t, "activate ph-1");
    ok(t, "teams ph-1");
    ok(t, "activate ph-1.1");
    /* 5.7" away, a D4 range die rolls 4; quality 10 and firepower 5
     * beat it, the plasma gun's 1 does not: four potential hits for the
     * one man standing. Armour 1 against impact 12 kills him; the other
     * three do nothing (armour 6, impact 1); the allocation die 1. The
     * NAC squad's confidence test must beat leadership 2 + 3: a 6. */
    DICE(t, 4, 10, 5, 1, 1, 12, 6, 1, 6, 1, 6, 1, 1, 6);
    ok(t, "fire ph-1.1 at nac-1.2");
    SAID(t, "loses a fireteam");
    const sl_event *c = last_roll(t, "confidence");
    assert_int_equal(c->target, 5);
    assert_non_null(strstr(c->text, "a fireteam lost"));
    /* one lost against four of the squad still standing: not "more
     * casualties than survivors", as it would be for the team alone */
    assert_null(strstr(c->text, "more casualties"));
    dice_used(t);
    finish(t);
}

/* Panic is the squad's: fire on one Green team tests the whole squad,
 * and a panicked squad's teams can do nothing. */
static void test_panic_whole_squad(void **state)
{
    (void)state;
    T *t = begin(EXAMPLES, "phalon", false);
    UN(t, "nac-1")->quality = SL_Q_GREEN;
    ok(t, "activate ph-1");
    ok(t, "teams ph-1");
    ok(t, "activate ph-1.2");
    /* the fire misses (range 6, quality 1, firepower 1); the first time
     * fired on, the squad's D6 must beat 2 and rolls 1 */
    DICE(t, 6, 1, 1, 1);
    ok(t, "fire ph-1.2 at nac-1.1");
    dice_used(t);
    assert_int_equal(last_roll(t, "reaction")->unit, U(t, "nac-1"));
    assert_true(ST(t, "nac-1")->panicked);
    assert_true(ST(t, "nac-1.2")->panicked);
    finish(t);
}

/* --- opportunity fire ---------------------------------------------------------------------------- */

/* Teams react, not their squad; by default a team's reacting fire spends
 * its squad's activation; with fireteam_reaction "team" only the team's. */
static void test_opportunity_fire_by_teams(void **state)
{
    (void)state;
    for (int opt = 0; opt < 2; opt++) {
        T *t = begin(EXAMPLES, "nac", true);
        set_option(&t->g.live.options, "fireteam_reaction", opt);
        ok(t, "activate nac-1");
        assert_int_equal(t->g.pending.kind, SL_DECIDE_NONE);
        ok(t, "teams nac-1");
        if (t->g.pending.kind == of_decide_kind())
            ok(t, "decide pass");
        ok(t, "activate nac-1.2");
        ok(t, "move nac-1.2 15.65,15");
        assert_int_equal(t->g.pending.kind, of_decide_kind());
        assert_true(offered(t, "ph-1.2"));
        assert_false(offered(t, "ph-1"));
        /* the reaction test passes; the fire misses */
        DICE(t, 9, 6, 1, 1);
        ok(t, "decide fire ph-1.2");
        while (t->g.pending.kind != SL_DECIDE_NONE)
            ok(t, t->g.pending.kind == of_decide_kind() ? "decide pass" : "decide continue");
        dice_used(t);
        if (opt == 0) {
            assert_true(ST(t, "ph-1")->activated);
        } else {
            assert_false(ST(t, "ph-1")->activated);
            assert_true(ft_unit_of(&t->g, U(t, "ph-1.2"))->team_reacted);
        }
        finish(t);
    }
}

/* A fireteam goes on overwatch with the one action its leader gave it and
 * holds its counter for an enemy team's move: offered with no test. */
static void test_team_overwatch(void **state)
{
    (void)state;
    T *t = begin(EXAMPLES, "phalon", true);
    ok(t, "activate ph-1");
    ok(t, "teams ph-1");
    while (t->g.pending.kind == of_decide_kind())
        ok(t, "decide pass");
    ok(t, "activate ph-1.2");
    ok(t, "overwatch ph-1.2");
    while (t->g.pending.kind == of_decide_kind())
        ok(t, "decide pass");
    assert_true(sl_game_watching(&t->g, U(t, "ph-1.2")));
    assert_false(sl_game_watching(&t->g, U(t, "ph-1.1")));
    ok(t, "end ph-1");
    ok(t, "activate nac-1");
    ok(t, "teams nac-1");
    while (t->g.pending.kind == of_decide_kind())
        ok(t, "decide pass");
    ok(t, "activate nac-1.2");
    ok(t, "move nac-1.2 15.65,15");
    assert_int_equal(t->g.pending.kind, of_decide_kind());
    bool found = false;
    for (int i = 0; i < t->g.pending.noptions; i++)
        if (t->g.pending.options[i] == U(t, "ph-1.2")) {
            found = true;
            assert_true(of_offer_of(&t->g)->overwatch[i]);
            assert_true(of_offer_of(&t->g)->p_react[i] == 1.0);
        }
    assert_true(found);
    finish(t);
}

/* --- regrouping and integrity ---------------------------------------------------------------------- */

static void test_regroup(void **state)
{
    (void)state;
    T *t = begin(FT, "phalon", false);
    ok(t, "activate ph-1");
    no(t, "regroup ph-1 ph-1-7 2", "outside squad integrity");
    no(t, "regroup ph-1 ph-1-3 2", "a fireteam keeps two or more");
    ok(t, "regroup ph-1 ph-1-4 1");
    SAID(t, "2 actions (the teams are within squad integrity but not fireteam integrity");
    assert_int_equal(F(t, "ph-1-4")->unit, U(t, "ph-1.1"));
    assert_int_equal(UN(t, "ph-1.1")->nfigures, 4);
    assert_int_equal(UN(t, "ph-1.2")->nfigures, 2);
    finish(t);

    /* teams within fireteam integrity of each other: one action */
    t = begin(FT, "phalon", false);
    place(t, "ph-1.2", 57.5, 19.8);
    ok(t, "activate ph-1");
    ok(t, "regroup ph-1 ph-1-4 1");
    SAID(t, "1 action");
    DICE(t, 5); /* team 3's communication roll */
    ok(t, "teams ph-1");
    finish(t);
}

/* A man's team is the game's, not the scenario's: a regroup moves him in
 * the game (and in a copy of it), while the scenario it was made from
 * still has him where the file put him. */
static void test_regroup_is_the_games(void **state)
{
    (void)state;
    T *t = begin(FT, "phalon", false);
    int was = sl_scenario_find_figure(&t->w.scn, "ph-1-4");
    assert_int_equal(sl_figure_part(&t->w.scn, was), 2);
    ok(t, "activate ph-1");
    ok(t, "regroup ph-1 ph-1-4 1");
    int now = sl_scenario_find_figure(&t->g.live, "ph-1-4");
    assert_int_equal(sl_figure_part(&t->g.live, now), 1);
    assert_int_equal(sl_figure_part(&t->w.scn, was), 2);
    sl_game copy;
    assert_true(sl_game_clone(&copy, &t->g, t->err, sizeof t->err));
    assert_int_equal(sl_figure_part(&copy.live, now), 1);
    assert_int_equal(copy.live.figures[now].unit, U(t, "ph-1.1"));
    sl_game_free(&copy);
    finish(t);
}

/* A hidden squad of fireteams: the side it is hidden from sees a counter
 * with no teams and men in none (its view, and the game it plays its
 * solo opponent on), though the teams stay the squad's; its owner sees
 * every team. */
static void test_hidden_squad_shows_no_teams(void **state)
{
    (void)state;
    T *t = load_only(FT);
    int sq = sl_scenario_find_unit(&t->w.scn, "ph-1");
    t->w.scn.units[sq].hidden = true;
    assert_true(sl_game_init(&t->g, &t->w.scn, 1, t->err, sizeof t->err));
    int nac = sl_scenario_find_side(&t->g.live, "nac"), ph = sl_scenario_find_side(&t->g.live, "phalon");
    int team = U(t, "ph-1.1"), first = t->g.live.units[sq].first_figure, n = t->g.live.units[sq].nfigures;
    assert_int_equal(sl_game_knows(&t->g, nac, sq), SL_KNOW_COUNTER);
    struct sl_parts *parts = NULL;
    assert_true(sl_game_parts_for(&t->g, nac, &parts));
    sl_scenario view = t->g.live;
    view.parts = parts;
    assert_int_equal(sl_unit_nparts(&view, sq), 0);
    assert_int_equal(sl_unit_part(&view, sq, 0), -1);
    assert_int_equal(sl_unit_whole(&view, team), sq);
    for (int i = 0; i < n; i++)
        assert_int_equal(sl_figure_part(&view, first + i), 0);
    /* NAC's own squads keep their teams */
    int nac1 = sl_scenario_find_unit(&t->g.live, "nac-1");
    assert_int_equal(sl_unit_nparts(&view, nac1), sl_unit_nparts(&t->g.live, nac1));
    /* the owner's view: every team */
    assert_true(sl_game_parts_for(&t->g, ph, &parts));
    view.parts = parts;
    assert_int_equal(sl_unit_nparts(&view, sq), 3);
    assert_int_equal(sl_figure_part(&view, first), 1);
    sl_parts_free(parts);
    /* the game NAC's solo opponent plays: no teams, no team numbers */
    rl_known k;
    assert_true(rl_known_make(&t->g, nac, &k, t->err, sizeof t->err));
    assert_int_equal(sl_unit_nparts(&k.game.live, sq), 0);
    assert_int_equal(sl_unit_whole(&k.game.live, team), sq);
    assert_int_equal(sl_unit_part_no(&k.game.live, team), 0);
    assert_int_equal(sl_figure_part(&k.game.live, first), 0);
    assert_int_equal(sl_unit_nparts(&k.setup, sq), 0);
    rl_known_free(&k);
    assert_int_equal(sl_unit_nparts(&t->g.live, sq), 3); /* the game itself is untouched */
    finish(t);
}

/* A team out of fireteam integrity must move or reorganise first; its move
 * brings it back together. */
static void test_team_integrity_restored_by_move(void **state)
{
    (void)state;
    T *t = begin(FT, "nac", false);
    F(t, "nac-1-2")->pos = sl_pt_make(IN(14.0), IN(15.6)); /* 3" from the team */
    ok(t, "activate nac-1");
    ok(t, "teams nac-1");
    ok(t, "activate nac-1.1");
    no(t, "in-position nac-1.1", "out of fireteam integrity (1 astray): it must first gather");
    ok(t, "move nac-1.1 19,17");
    sl_integrity in;
    int group_of[16];
    bool stray[16];
    sl_unit_integrity(&t->g.live, U(t, "nac-1.1"), group_of, stray, &in);
    assert_true(in.intact);
    finish(t);
}

/* The whole squad reorganising: fireteam 2 stands off beyond squad
 * integrity and its four men come back in around the main group without
 * any two bases overlapping (they used to pile onto one point); with a
 * casualty of fireteam 1, its SAW is taken up by a man of the squad. */
static void test_reorganise_whole_squad(void **state)
{
    (void)state;
    T *t = begin(FT, "nac", false);
    F(t, "nac-1-3")->status = SL_FIG_WOUNDED;
    ok(t, "activate nac-1");
    DICE(t, 6, 3); /* the recovery test, nac-1-3's first aid */
    int from = events(t);
    ok(t, "reorganise nac-1 recover nac-1-3");
    dice_used(t);
    assert_int_equal(count_rolls(t, from, "recovery"), 1);
    assert_int_equal(F(t, "nac-1-3")->support, -1);
    assert_true(said_since(t, from, "takes up nac-1-3's Squad automatic weapon (gauss)"));
    assert_true(said_since(t, from, "nac-1-9 comes back in"));
    const sl_unit *u = UN(t, "nac-1");
    for (int i = 0; i < u->nfigures; i++)
        for (int k = i + 1; k < u->nfigures; k++) {
            const sl_figure *a = &t->g.live.figures[u->first_figure + i], *b = &t->g.live.figures[u->first_figure + k];
            double gap = (double)a->base_r + b->base_r;
            if (sl_dist(a->pos, b->pos) < gap)
                fail_msg("%s and %s overlap: %.2f\" apart", a->id, b->id, sl_dist(a->pos, b->pos) / 1000.0);
        }
    finish(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_organisation),
        cmocka_unit_test(test_team_leader_replaced),
        cmocka_unit_test(test_one_action_each_any_order),
        cmocka_unit_test(test_both_actions_no_juggling),
        cmocka_unit_test(test_assault_needs_both),
        cmocka_unit_test(test_communication_roll),
        cmocka_unit_test(test_whole_squad_fire_combines),
        cmocka_unit_test(test_whole_move_in_position),
        cmocka_unit_test(test_leader_with_team),
        cmocka_unit_test(test_suppressed_leader_by_distance),
        cmocka_unit_test(test_leader_remove_suppression),
        cmocka_unit_test(test_move_while_suppressed),
        cmocka_unit_test(test_one_team_at_a_time),
        cmocka_unit_test(test_combined_target),
        cmocka_unit_test(test_fireteam_lost),
        cmocka_unit_test(test_panic_whole_squad),
        cmocka_unit_test(test_opportunity_fire_by_teams),
        cmocka_unit_test(test_team_overwatch),
        cmocka_unit_test(test_regroup),
        cmocka_unit_test(test_regroup_is_the_games),
        cmocka_unit_test(test_hidden_squad_shows_no_teams),
        cmocka_unit_test(test_team_integrity_restored_by_move),
        cmocka_unit_test(test_reorganise_whole_squad),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
