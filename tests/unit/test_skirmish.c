/* The SkirmishCorps foot-unit actions (seed 002), the second ruleset on
 * the same table and journal (rule option ruleset = skirmishcorps), on
 * maps/lessons/tables/skirmish-example.json: Unit A (SP 6, RE 4) stands 2" short of a 2"
 * strip of boggy ground, as in the seed's movement example; the Scout
 * (SP 6, RE 7) is in a copse; the Trooper (SP 4) in a spinney; the Runner
 * (SP 7, RE 3) in the open. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "game_fixture.h"
#include "skirmish/skirmish.h"
#include "sightline/show.h"

/* A unit's SkirmishCorps state (the ruleset's own bytes). */
static sc_unit *SCS(T *t, const char *id)
{
    return sc_unit_of(&t->g, U(t, id));
}

#define SC SL_SOURCE_DIR "/maps/lessons/tables/skirmish-example.json"

/* A game where the die gives Blue the choice and `first` goes first. */
static T *sc_begin(const char *first)
{
    T *t = begin(SC, first, false);
    assert_int_equal(t->g.live.options.ruleset, 1);
    return t;
}

static void test_seed_movement_example(void **state)
{
    (void)state;
    /* Unit A (SP 6) runs 2", crosses 2" of boggy ground at double cost
     * (4") and has 3" left on the other side: 9" of a 9" run */
    T *t = sc_begin("blue");
    ok(t, "activate unit-a");
    no(t, "move unit-a run 18,12", "too far: to run 8.0\" costs 10.0\"");
    no(t, "move unit-a jog 17,12", "of the 6.0\" a jog allows");
    ok(t, "move unit-a run 17,12");
    assert_int_equal(F(t, "a")->pos.x, IN(17));
    SAID(t, "Unit A runs 7.0\" to (17.0, 12.0): 9.0\" of its 9.0\" (difficult going counts double)");
    no(t, "move unit-a run 18,12", "already moved");
    ok(t, "end");
    /* one action a turn */
    ok(t, "activate runner");
    ok(t, "end");
    no(t, "activate unit-a", "already acted this turn");
    finish(t);
}

static void test_moves_and_stances(void **state)
{
    (void)state;
    T *t = sc_begin("red");
    /* SP 4 cannot sprint */
    ok(t, "activate trooper");
    no(t, "move trooper sprint 20,7", "SP 4 or less cannot sprint");
    no(t, "move trooper 20,7", "say how Trooper moves");
    ok(t, "end");
    /* prone: stand first, and then no sprint; a sprint is 2 x SP */
    ok(t, "activate scout");
    ok(t, "stance scout prone");
    no(t, "stance scout standing", "changes stance at the start of its action and at the end");
    no(t, "move scout jog 8,18", "is prone: it stands first");
    no(t, "move scout sneak 7,18", "must first hide");
    ok(t, "end");
    ok(t, "activate runner");
    ok(t, "move runner sprint 16,18"); /* 14" of 14" */
    ok(t, "end");
    ok(t, "activate unit-a");
    DICE(t, 1);
    ok(t, "end");
    ok(t, "decide first blue");
    ok(t, "activate scout");
    ok(t, "stance scout standing");
    no(t, "move scout sprint 12,18", "stood up at the start of this action");
    ok(t, "move scout run 12,18");
    finish(t);
}

static void test_hide_and_sneak(void **state)
{
    (void)state;
    T *t = sc_begin("blue");
    /* in the open there is nothing to hide in */
    ok(t, "activate unit-a");
    no(t, "hide unit-a", "not in cover");
    ok(t, "end");
    ok(t, "activate runner");
    ok(t, "end");
    /* the scout hides in the copse, prone */
    ok(t, "activate scout");
    ok(t, "hide scout");
    assert_true(SCS(t, "scout")->hiding);
    assert_true(SCS(t, "scout")->prone);
    SAID(t, "must pass a spot test to target it");
    /* next turn it sneaks (SP 6: 3") and keeps a sneaking marker */
    DICE(t, 1);
    ok(t, "activate trooper");
    ok(t, "end");
    ok(t, "decide first blue");
    ok(t, "activate scout");
    no(t, "move scout sneak 6,14", "of the 3.0\" a sneak allows");
    ok(t, "move scout sneak 6,16.6"); /* 1.4" through the copse: 2.8" */
    SAID(t, "it ends in cover and may hide at once");
    assert_true(SCS(t, "scout")->sneaking);
    assert_false(SCS(t, "scout")->hiding);
    ok(t, "end");
    assert_true(SCS(t, "scout")->sneaking);
    /* the turn after, it stands and runs: the marker goes */
    DICE(t, 1);
    ok(t, "activate runner");
    ok(t, "end");
    ok(t, "activate unit-a");
    ok(t, "end");
    ok(t, "activate trooper");
    ok(t, "end");
    ok(t, "decide first blue");
    ok(t, "activate scout");
    ok(t, "stance scout standing");
    assert_false(SCS(t, "scout")->sneaking);
    SAID(t, "stands up and gives up hiding");
    finish(t);
}

static void test_sprint_then_prone_stuns(void **state)
{
    (void)state;
    T *t = sc_begin("red");
    ok(t, "activate runner");
    ok(t, "move runner sprint 19,18");
    /* 2D6 of 6 + 1 = 7 is more than RE 3: stunned */
    DICE(t, 6, 1);
    ok(t, "stance runner prone");
    dice_used(t);
    const sl_event *e = last_roll(t, "stance");
    assert_int_equal(e->value, 1);
    SAID(t, "6 + 1 = 7 is more than its RE 3: Runner lands awkwardly and is stunned");
    assert_int_equal(sl_game_active_unit(&t->g), -1);
    /* next turn: the marker is flipped and it does nothing */
    ok(t, "activate unit-a");
    ok(t, "end");
    ok(t, "activate trooper");
    ok(t, "end");
    DICE(t, 2);
    ok(t, "activate scout");
    ok(t, "end");
    SAID(t, "Runner's stunned marker is flipped");
    ok(t, "decide first red");
    no(t, "activate runner", "stunned and may do nothing this turn");
    ok(t, "activate trooper");
    ok(t, "end");
    /* Red has only the stunned runner left: it is done for the turn */
    ok(t, "activate scout");
    ok(t, "end");
    ok(t, "done red");
    ok(t, "activate unit-a");
    DICE(t, 2);
    ok(t, "end");
    /* the turn after, the marker is removed */
    SAID(t, "Runner's stunned marker is removed");
    ok(t, "decide first red");
    ok(t, "activate runner");
    finish(t);

    /* a good landing: 1 + 2 is not more than RE 3 */
    t = sc_begin("red");
    ok(t, "activate runner");
    ok(t, "move runner sprint 19,18");
    DICE(t, 1, 2);
    ok(t, "stance runner prone");
    assert_int_equal(SCS(t, "runner")->stunned, 0);
    SAID(t, "lands well");
    finish(t);
}

static void test_stargrunt_actions_refused(void **state)
{
    (void)state;
    T *t = sc_begin("blue");
    ok(t, "activate unit-a");
    no(t, "assault unit-a runner", "SkirmishCorps close combat is a charge");
    no(t, "in-position unit-a", "is a Stargrunt II action");
    no(t, "combat-move unit-a 12,12", "move UNIT jog|run|sprint|sneak");
    finish(t);
}

/* The seed's spot test on a hiding or sneaking enemy: 1D6 + RE against
 * 1D6 + RE, equal or more spots; each side's die is a roll event "spot"
 * with the roller as its unit; a failed test burns the action. */
static void test_spot(void **state)
{
    (void)state;
    T *t = sc_begin("red");
    ok(t, "activate trooper");
    ok(t, "hide trooper");
    /* unit A (RE 4) against the hiding trooper (RE 5): 15 of 36 */
    place(t, "trooper", 24.5, 7); /* just inside the spinney, in sight from outside it */
    place(t, "unit-a", 20, 7);
    ok(t, "activate unit-a");
    no(t, "spot unit-a runner", "neither hiding nor sneaking");
    int bonus = -1;
    double p = sc_spot_odds(&t->g, U(t, "unit-a"), U(t, "trooper"), &bonus, NULL, 0);
    assert_int_equal(bonus, 0);
    assert_true(fabs(p - 15.0 / 36.0) < 1e-12);
    /* the window's line for it while the target is picked */
    static sl_preview pv;
    assert_true(sl_game_pick_preview(&t->g, -1, U(t, "unit-a"), sl_cmd_find("spot"), 0, U(t, "trooper"),
                                     sl_pt_make(0, 0), &pv));
    assert_false(pv.card);
    assert_string_equal(pv.lines[0], "Trooper: 42% to spot it (1D6 + 4 against 1D6 + 5); click or Enter");
    DICE(t, 6, 2);
    int from = t->g.journal.n;
    ok(t, "spot unit-a trooper");
    dice_used(t);
    assert_int_equal(count_rolls(t, from, "spot"), 2);
    const sl_event *e = last_roll(t, "spot");
    assert_int_equal(e->unit, U(t, "trooper")); /* the hiding unit's own die */
    SAID(t, "10 against 7: Unit A spots Trooper");
    assert_int_equal(SCS(t, "unit-a")->spotted, U(t, "trooper") + 1);
    assert_true(SCS(t, "trooper")->hiding); /* spotted, not revealed */
    no(t, "spot unit-a trooper", "has spotted Trooper in this action already");
    ok(t, "end");
    finish(t);

    /* a failed test burns the action */
    t = sc_begin("red");
    ok(t, "activate trooper");
    ok(t, "hide trooper");
    place(t, "trooper", 24.5, 7);
    place(t, "unit-a", 20, 7);
    ok(t, "activate unit-a");
    DICE(t, 1, 6);
    ok(t, "spot unit-a trooper");
    SAID(t, "5 against 11: Unit A does not spot Trooper; the failed test burns its action");
    assert_int_equal(sl_game_active_unit(&t->g), -1);
    assert_true(ST(t, "unit-a")->activated);
    finish(t);
}

/* The odds against enumeration: +3 when the target sneaks out of cover,
 * + the Alert tag; nothing for one sneaking in cover. */
static void test_spot_odds(void **state)
{
    (void)state;
    T *t = sc_begin("blue");
    int runner = U(t, "runner"), scout = U(t, "scout");
    for (int re_a = 1; re_a <= 12; re_a += 3)
        for (int re_b = 1; re_b <= 12; re_b += 2)
            for (int alert = 0; alert <= 2; alert += 2)
                for (int open = 0; open < 2; open++) {
                    sl_scenario *s = &t->g.live;
                    sc_unit_set(s, runner, sc_unit_sp(s, runner), re_a, alert, sc_unit_firearm(s, runner));
                    sc_unit_set(s, scout, sc_unit_sp(s, scout), re_b, sc_unit_alert(s, scout),
                                sc_unit_firearm(s, scout));
                    SCS(t, "scout")->sneaking = true;
                    SCS(t, "scout")->prone = true;
                    place(t, "scout", open ? 20 : 6, 18); /* the open, or the copse */
                    int wins = 0;
                    for (int a = 1; a <= 6; a++)
                        for (int d = 1; d <= 6; d++)
                            wins += a + re_a + alert + (open ? 3 : 0) >= d + re_b;
                    int bonus;
                    char why[160];
                    double p = sc_spot_odds(&t->g, runner, scout, &bonus, why, sizeof why);
                    assert_int_equal(bonus, alert + (open ? 3 : 0));
                    assert_true(fabs(p - wins / 36.0) < 1e-12);
                    if (open)
                        assert_non_null(strstr(why, "+3 as Scout sneaks out of cover"));
                }
    finish(t);
}

/* The trooper hides at (24.5, 7) and Unit A jogs into base contact with
 * it (the scout beside Unit A when asked); the journal's length before
 * the move. */
static int flush_trooper(T *t, bool scout)
{
    ok(t, "activate trooper");
    ok(t, "hide trooper");
    place(t, "trooper", 24.5, 7);
    place(t, "unit-a", 20, 7);
    if (scout)
        place(t, "scout", 20, 9);
    ok(t, "activate unit-a");
    double touch = 24.5 - (F(t, "a")->base_r + F(t, "t")->base_r) / 1000.0;
    char line[80];
    snprintf(line, sizeof line, "move unit-a jog %.3f,7", touch);
    int from = t->g.journal.n;
    ok(t, line);
    return from;
}

/* Flushing: Unit A ends a move in base contact with the hiding trooper:
 * no spot test, the marker goes, the trooper stands up. */
static void test_flushing(void **state)
{
    (void)state;
    T *t = sc_begin("red");
    int from = flush_trooper(t, false);
    assert_int_equal(count_rolls(t, from, "spot"), 0);
    assert_false(SCS(t, "trooper")->hiding);
    assert_false(SCS(t, "trooper")->prone);
    assert_int_equal(SCS(t, "trooper")->flushed_by, U(t, "unit-a") + 1);
    SAID(t, "Unit A moves into base contact with Trooper and flushes it out: no spot test");
    /* the close combat that comes with that move: -1 to the flusher */
    no(t, "charge unit-a trooper 24,7", "a charge is a move that ends there");
    ok(t, "charge unit-a trooper");
    SAID(t, "-1 it flushed Trooper out (and Trooper dodges or parries it at +1)");
    ok(t, "decide miss");
    no(t, "charge unit-a trooper", "has made its close combat attack in this action");
    finish(t);
}

/* The unit that flushes an enemy out makes no ranged attack on it: not
 * a snap shot, an aimed shot nor a throw, for the rest of that turn (our
 * reading of how long it lasts); a friend may shoot the flushed unit, and
 * next turn the flusher may too. */
static void test_flusher_no_ranged_attack(void **state)
{
    (void)state;
    T *t = sc_begin("red");
    flush_trooper(t, true);
    assert_int_equal(SCS(t, "trooper")->flushed_by, U(t, "unit-a") + 1);
    const char *why = "Unit A flushed Trooper out this turn: the unit that flushes an enemy out may not shoot or "
                      "throw at it (flushing)";
    no(t, "fire unit-a at trooper", why);
    no(t, "aim unit-a at trooper", why);
    no(t, "throw unit-a at trooper", why);
    sc_attack_info a;
    sc_attack_judge(&t->g, U(t, "unit-a"), U(t, "trooper"), SC_SNAP, &a);
    assert_false(a.legal);
    /* the window's attack card says why, under its own title */
    static sl_preview pv;
    assert_true(sl_game_pick_preview(&t->g, -1, U(t, "unit-a"), SL_CMD_FIRE, 0, U(t, "trooper"), sl_pt_make(0, 0),
                                     &pv));
    assert_true(pv.card);
    assert_false(pv.legal);
    assert_string_equal(pv.title, "a snap shot at");
    assert_true(strncmp(pv.lines[0], "Trooper: not allowed: Unit A flushed Trooper out", 48) == 0);
    ok(t, "end");
    ok(t, "activate runner");
    ok(t, "end");
    /* a friend of the flusher may shoot it: it is no longer hidden */
    ok(t, "activate scout");
    ok(t, "fire scout at trooper");
    ok(t, "decide miss");
    DICE(t, 1);
    ok(t, "end");
    /* next turn the flusher may shoot it too */
    ok(t, "decide first blue");
    ok(t, "activate unit-a");
    ok(t, "fire unit-a at trooper");
    finish(t);
}

/* Ranged attacks: everything the rules give is worked out and shown
 * (legal or not, the bracket, each modifier with its reason), and the
 * players enter what happened; the journal keeps it as their entry. */
static void test_snap_shot_and_outcomes(void **state)
{
    (void)state;
    T *t = sc_begin("red");
    ok(t, "activate trooper");
    ok(t, "end");
    ok(t, "activate unit-a");
    sc_attack_info a;
    sc_attack_judge(&t->g, U(t, "unit-a"), U(t, "runner"), SC_SNAP, &a);
    assert_true(a.legal);
    assert_int_equal(a.bracket, 1); /* 20.9": medium */
    assert_int_equal(a.total, -1);  /* the automatic rifle at medium range */
    int from = t->g.journal.n;
    ok(t, "fire unit-a at runner");
    assert_int_equal(count_rolls(t, from, ""), 0); /* no die: the players' entry */
    SAID(t, "Unit A snap-shoots at Runner, 20.9\", medium range: -1 medium range (20.9\", automatic rifle)");
    assert_int_equal(t->g.pending.kind, sc_decide_kind(SC_DECIDE_OUTCOME));
    no(t, "end", "must first answer a decision");
    no(t, "decide pass", "decide miss, or decide hit none|stunned|ko|out");
    ok(t, "decide hit stunned");
    SAID(t, "Entered by the players: a hit: stunned");
    assert_int_equal(SCS(t, "runner")->stunned, 2);
    assert_true(SCS(t, "runner")->prone);
    no(t, "fire unit-a at runner", "has shot or thrown in this action already");
    ok(t, "end");
    no(t, "activate runner", "stunned");
    finish(t);

    /* stunned again is knocked out; knocked out does nothing; out of action is gone */
    t = sc_begin("red");
    ok(t, "activate trooper");
    ok(t, "end");
    SCS(t, "runner")->stunned = 1;
    ok(t, "activate unit-a");
    ok(t, "fire unit-a at runner");
    ok(t, "decide hit stunned");
    SAID(t, "(stunned again: knocked out)");
    assert_true(SCS(t, "runner")->ko);
    ok(t, "end");
    SCS(t, "runner")->stunned = 0; /* KO outlasts any stun */
    no(t, "activate runner", "knocked out: it does nothing until it has medical attention");
    finish(t);
}

static void test_aimed_and_limits(void **state)
{
    (void)state;
    T *t = sc_begin("blue");
    /* aimed: +1, then no stance change */
    ok(t, "activate unit-a");
    sc_attack_info a;
    sc_attack_judge(&t->g, U(t, "unit-a"), U(t, "runner"), SC_AIMED, &a);
    if (!a.legal)
        fail_msg("%s", a.why);
    assert_int_equal(a.total, 0); /* -1 medium, +1 aimed */
    /* the window's card: the range and the total, a line a modifier, what
     * comes next and how to pick */
    static sl_preview pv;
    assert_true(sl_game_pick_preview(&t->g, -1, U(t, "unit-a"), sl_cmd_find("aim"), 0, U(t, "runner"),
                                     sl_pt_make(0, 0), &pv));
    assert_true(pv.card && pv.legal);
    assert_string_equal(pv.title, "aim");
    assert_int_equal(pv.nlines, a.nmods + 3);
    assert_non_null(strstr(pv.lines[0], ": modifiers +0"));
    assert_string_equal(pv.lines[a.nmods + 1], "Click or Enter: then the players enter what happened");
    /* a throw's card: how far, and that what is thrown and its reach are
     * the players' to say, and what to press after their own roll */
    assert_true(sl_game_pick_preview(&t->g, -1, U(t, "unit-a"), sl_cmd_find("throw"), 0, U(t, "runner"),
                                     sl_pt_make(0, 0), &pv));
    assert_true(pv.card && pv.legal);
    assert_non_null(strstr(pv.lines[0], "Runner, 20.9\" away: modifiers"));
    assert_non_null(strstr(pv.lines[pv.nlines - 3], "You say what is thrown and if 20.9\" is in its reach"));
    assert_non_null(strstr(pv.lines[pv.nlines - 2], "roll it, then 1 (a miss) to 5 (out of action)"));
    ok(t, "aim unit-a at runner");
    ok(t, "decide miss");
    SAID(t, "Entered by the players: Unit A misses Runner");
    no(t, "stance unit-a prone", "fired an aimed shot: no stance change after it");
    no(t, "move unit-a jog 12,12", "aimed: a unit that aims does not move");
    ok(t, "end");
    /* the runner ran (-2 to its own shot) to 20.0" of Unit A: its SMG is
     * -2 at medium range; run on to 26" and it cannot fire at all */
    ok(t, "activate runner");
    ok(t, "move runner run 30,12");
    sc_attack_judge(&t->g, U(t, "runner"), U(t, "unit-a"), SC_SNAP, &a);
    assert_true(a.legal);
    assert_int_equal(a.total, -4);
    place(t, "runner", 36, 12);
    sc_attack_judge(&t->g, U(t, "runner"), U(t, "unit-a"), SC_SNAP, &a);
    assert_false(a.legal);
    assert_non_null(strstr(a.why, "its SMG cannot fire at long range (26.0\")"));
    /* Unit A, shot at after that run: -1 more for the target's run */
    place(t, "runner", 30, 12);
    ok(t, "end");
    finish(t);

    /* a moved unit snaps, not aims; a sneaking unit throws, not shoots;
     * a hiding target must be spotted first */
    t = sc_begin("red");
    ok(t, "activate trooper");
    ok(t, "hide trooper");
    place(t, "trooper", 24.5, 7);
    ok(t, "activate unit-a");
    ok(t, "move unit-a run 16,9");
    no(t, "aim unit-a at runner", "has moved: only a unit that does not move aims");
    no(t, "fire unit-a at trooper", "Trooper is hiding: Unit A must first spot it");
    DICE(t, 6, 1);
    ok(t, "spot unit-a trooper");
    sc_attack_judge(&t->g, U(t, "unit-a"), U(t, "trooper"), SC_SNAP, &a);
    assert_true(a.legal);
    assert_true(a.spotted);
    ok(t, "fire unit-a at trooper");
    SAID(t, "spotted this action");
    ok(t, "decide hit out");
    assert_int_equal(sl_game_living(&t->g, U(t, "trooper")), 0);
    finish(t);
}

/* A snap shot at a point of the move: the move stops, the shot, and the
 * move goes on with what is left of the allowance, the same way. */
static void test_shot_mid_move(void **state)
{
    (void)state;
    T *t = sc_begin("red");
    ok(t, "activate trooper");
    ok(t, "end");
    ok(t, "activate unit-a");
    ok(t, "move unit-a jog 10,16"); /* 4" of its 6" */
    no(t, "move unit-a jog 10,17", "already moved in this action");
    ok(t, "fire unit-a at runner");
    ok(t, "decide miss");
    no(t, "move unit-a run 10,17", "goes on as it began: its move is a jog");
    no(t, "move unit-a jog 10,19", "too far: the rest of the jog costs 3.0\" and 2.0\" of its 6.0\" are left");
    ok(t, "move unit-a jog 10,18");
    assert_int_equal(F(t, "a")->pos.y, IN(18));
    finish(t);
}

/* Close combat: a charge is a move into base contact (the cheapest way of
 * moving that reaches) and an attack, +2 for a unit that has not shot or
 * thrown this turn; the players enter what it did. */
static void test_charge(void **state)
{
    (void)state;
    T *t = sc_begin("red");
    ok(t, "activate trooper");
    ok(t, "end");
    ok(t, "activate unit-a");
    no(t, "charge unit-a runner", "the charge does not reach Runner");
    place(t, "runner", 20, 12);
    int from = t->g.journal.n;
    ok(t, "charge unit-a runner");
    SAID(t, "Unit A sprints");
    SAID(t, "Unit A charges Runner and attacks in close combat: +2 a charge by a unit that has not shot or thrown this "
            "turn; the modifiers add up to +2");
    assert_int_equal(count_rolls(t, from, ""), 0);
    assert_int_equal(t->g.pending.kind, sc_decide_kind(SC_DECIDE_OUTCOME));
    ok(t, "decide hit out");
    assert_int_equal(sl_game_living(&t->g, U(t, "runner")), 0);
    finish(t);

    /* a charge into a hiding unit flushes it: -1 to the flusher */
    t = sc_begin("red");
    ok(t, "activate trooper");
    ok(t, "hide trooper");
    place(t, "trooper", 24.5, 7);
    place(t, "unit-a", 20, 7);
    ok(t, "activate unit-a");
    ok(t, "charge unit-a trooper");
    SAID(t, "flushes it out");
    SAID(t, "-1 it flushed Trooper out (and Trooper dodges or parries it at +1); the modifiers add up to +1");
    ok(t, "decide miss");
    finish(t);
}

/* A spring attack: a hiding unit burns its action to stand, go up to SP
 * into base contact and attack at +2 (ST doubled); not on a hiding enemy
 * nobody flushed. */
static void test_spring(void **state)
{
    (void)state;
    T *t = sc_begin("blue");
    ok(t, "activate scout");
    ok(t, "hide scout");
    ok(t, "activate runner");
    ok(t, "end");
    DICE(t, 1);
    ok(t, "activate unit-a");
    ok(t, "end");
    ok(t, "activate trooper");
    ok(t, "end");
    ok(t, "decide first blue");
    ok(t, "activate scout");
    no(t, "spring scout runner", "a spring attack reaches SP, 6\"");
    place(t, "runner", 10, 18);
    ok(t, "spring scout runner");
    SAID(t, "Scout springs from hiding");
    SAID(t, "Scout's spring attack on Runner: +2 to hit, its ST doubled; Runner may not dodge or parry it");
    assert_false(SCS(t, "scout")->hiding);
    ok(t, "decide hit stunned");
    no(t, "move scout jog 6,16", "already moved");
    finish(t);
}

/* Breaking off: the enemy in contact strikes once, undodgeable, then the
 * unit moves away; it may not shoot at, or go back to, that enemy this
 * turn. */
static void test_break_off(void **state)
{
    (void)state;
    T *t = sc_begin("red");
    ok(t, "activate trooper");
    ok(t, "end");
    place(t, "runner", 20, 12);
    ok(t, "activate unit-a");
    ok(t, "charge unit-a runner");
    ok(t, "decide miss");
    ok(t, "end");
    ok(t, "activate runner");
    no(t, "move runner 30,12", "say how Runner moves");
    int from = t->g.journal.n;
    ok(t, "break-off runner run 26,12");
    SAID(t, "Runner breaks off from Unit A: Unit A gets a free close combat attack on it, which it cannot dodge or parry");
    assert_int_equal(t->g.pending.kind, sc_decide_kind(SC_DECIDE_OUTCOME));
    assert_int_equal(t->g.pending.side, 0); /* Blue enters what Unit A's blow did */
    assert_int_equal(F(t, "r")->pos.x, IN(20)); /* not gone yet */
    ok(t, "decide hit none");
    assert_int_equal(F(t, "r")->pos.x, IN(26));
    assert_true(said_since(t, from, "Runner runs 6.0\""));
    no(t, "fire runner at unit-a", "broke off from Unit A this turn: no shooting or throwing at it");
    finish(t);

    /* knocked out by the blow, it does not get away */
    t = sc_begin("red");
    ok(t, "activate trooper");
    ok(t, "end");
    place(t, "runner", 20, 12);
    ok(t, "activate unit-a");
    ok(t, "charge unit-a runner");
    ok(t, "decide miss");
    ok(t, "end");
    ok(t, "activate runner");
    ok(t, "break-off runner run 26,12");
    ok(t, "decide hit ko");
    SAID(t, "Runner does not get away");
    assert_int_equal(F(t, "r")->pos.x, IN(20));
    finish(t);
}

/* Every SkirmishCorps move ends with its man's base clear of the other
 * units' bases (our reading, as under Stargrunt II): a jog, run or
 * sprint, a sneak, a charge that would stand on a third unit, a spring
 * attack and a break-off are refused, naming both units; touching is
 * clear, so a charge still ends in base contact (test_charge). */
static void test_moves_end_clear_of_bases(void **state)
{
    (void)state;
    /* a run onto the Scout, a friend: refused; 1" off, touching: allowed */
    T *t = sc_begin("blue");
    ok(t, "activate unit-a");
    no(t, "move unit-a run 6,17.5", "Unit A would end on Scout's base (a man at 6.0\", 18.0\")");
    no(t, "move unit-a sprint 6,18.2", "Unit A would end on Scout's base");
    ok(t, "move unit-a run 6,17");
    ok(t, "end");
    /* a charge whose contact point is on the Trooper, beside the Runner */
    place(t, "runner", 20, 12);
    place(t, "trooper", 18.8, 12.6);
    ok(t, "activate runner");
    ok(t, "end");
    ok(t, "activate scout");
    place(t, "scout", 10, 12);
    no(t, "charge scout runner", "no charge at Runner by that way: Scout would end on Trooper's base");
    place(t, "trooper", 18.8, 14);
    ok(t, "charge scout runner");
    assert_true(sc_in_contact(&t->g, U(t, "scout"), U(t, "runner")));
    ok(t, "decide miss");
    ok(t, "end");
    /* breaking off onto the Trooper, next turn */
    ok(t, "activate trooper");
    DICE(t, 2);
    ok(t, "end");
    ok(t, "decide first red");
    ok(t, "activate runner");
    no(t, "break-off runner jog 19,14.5", "Runner would end on Trooper's base");
    finish(t);

    /* a sneak onto Unit A, then a spring attack whose contact point is on it */
    t = sc_begin("blue");
    ok(t, "activate unit-a");
    ok(t, "end");
    ok(t, "activate runner");
    ok(t, "end");
    ok(t, "activate scout");
    ok(t, "hide scout");
    DICE(t, 1);
    ok(t, "activate trooper");
    ok(t, "end");
    ok(t, "decide first blue");
    ok(t, "activate scout");
    place(t, "unit-a", 6.5, 16.3);
    no(t, "move scout sneak 6,16.6", "Scout would end on Unit A's base");
    place(t, "unit-a", 10, 12);
    place(t, "runner", 10, 18);
    place(t, "unit-a", 9, 18.7);
    no(t, "spring scout runner", "Scout would end on Unit A's base");
    place(t, "unit-a", 9, 20);
    ok(t, "spring scout runner");
    finish(t);
}

/* Under lose_contact a move that would end on the men of an enemy its
 * side has lost sight of is still refused (the men are there), but the
 * refusal names neither the unit nor where its man stands: the ground is
 * taken by something the side cannot see. The same move onto an enemy in
 * sight names it. */
static void test_bases_unseen_name_nothing(void **state)
{
    (void)state;
    T *t = start_seed(SC, 1);
    set_option(&t->g.live.options, "lose_contact", 1);
    DICE(t, 1);
    sl_game_begin(&t->g);
    ok(t, "decide first blue");
    int blue = UN(t, "unit-a")->side;
    place(t, "unit-a", 21, 7);
    place(t, "trooper", 28, 7); /* deep in the spinney, out of Blue's sight */
    ok(t, "activate unit-a");
    assert_int_equal(sl_game_knows(&t->g, blue, U(t, "trooper")), SL_KNOW_LAST_SEEN);
    place(t, "trooper", 27.5, 8); /* moved where Blue did not see it go */
    no(t, "move unit-a sprint 27.5,8.2", "ground there is taken by something Blue cannot see");
    if (strstr(t->err, "Trooper") || strstr(t->err, "27.5") || strstr(t->err, "8.0"))
        fail_msg("the refusal tells what Blue cannot see: %s", t->err);
    /* in sight again: the refusal names it, as before */
    for (int i = 0; i < UN(t, "trooper")->nfigures; i++)
        t->g.live.figures[UN(t, "trooper")->first_figure + i].seen[blue].lost = false;
    assert_int_equal(sl_game_knows(&t->g, blue, U(t, "trooper")), SL_KNOW_ALL);
    no(t, "move unit-a sprint 27.5,8.2", "Unit A would end on Trooper's base (a man at 27.5\", 8.0\")");
    finish(t);
}

/* Overwatch (the digest): the runner on overwatch reacts to Unit A's
 * move with a shot; the scout, on overwatch too, reacts to that reaction;
 * nothing resolves until both sides pass; then the last declared first,
 * and the move last. A stunned unit does not carry out its action. */
static void test_overwatch_chain(void **state)
{
    (void)state;
    T *t = sc_begin("red");
    place(t, "runner", 20, 16);
    place(t, "scout", 8, 16);
    ok(t, "overwatch runner");
    SAID(t, "Runner is assigned to overwatch");
    assert_int_equal(sl_game_active_unit(&t->g), -1);
    ok(t, "overwatch scout");
    ok(t, "activate trooper");
    ok(t, "end");
    ok(t, "activate unit-a");
    int from = t->g.journal.n;
    ok(t, "move unit-a jog 10,16");
    /* held: Red may react */
    assert_int_equal(t->g.pending.kind, sc_decide_kind(SC_DECIDE_REACT));
    assert_int_equal(t->g.pending.side, 1);
    assert_int_equal(F(t, "a")->pos.y, IN(12));
    no(t, "end", "must first answer a decision");
    ok(t, "fire runner at unit-a");
    SAID(t, "Runner turns its overwatch marker and declares a reaction: fire runner at unit-a");
    /* Blue's scout may react to that reaction */
    assert_int_equal(t->g.pending.side, 0);
    ok(t, "aim scout at runner");
    /* Red, whose runner aims at Unit A, has the last word: pass or force */
    assert_int_equal(t->g.pending.side, 1);
    SAID(t, "No one else can react: Red says decide pass and everything resolves");
    /* the chain is the ruleset's own state, copied with the game: a clone
     * resolves it as the game does */
    sl_game copy;
    char err[256];
    assert_true(sl_game_clone(&copy, &t->g, err, sizeof err));
    assert_true(sl_game_apply_line(&copy, "decide pass", err, sizeof err));
    assert_int_equal(copy.pending.kind, sc_decide_kind(SC_DECIDE_OUTCOME));
    assert_int_equal(copy.pending.options[0], U(t, "scout"));
    sl_game_free(&copy);
    ok(t, "decide pass");
    /* it resolves, the scout's aimed shot (the last declared) first */
    SAID(t, "The reactions resolve, the last declared first; Unit A's own action last");
    assert_int_equal(t->g.pending.kind, sc_decide_kind(SC_DECIDE_OUTCOME));
    assert_int_equal(t->g.pending.options[0], U(t, "scout"));
    ok(t, "decide miss");
    /* then the runner's shot */
    assert_int_equal(t->g.pending.kind, sc_decide_kind(SC_DECIDE_OUTCOME));
    assert_int_equal(t->g.pending.options[0], U(t, "runner"));
    ok(t, "decide hit stunned");
    /* and Unit A, stunned, does not move */
    assert_int_equal(t->g.pending.kind, SL_DECIDE_NONE);
    assert_int_equal(F(t, "a")->pos.y, IN(12));
    assert_true(said_since(t, from, "Unit A is in no state to carry out its action"));
    assert_int_equal(count_rolls(t, from, ""), 0);
    finish(t);

    /* a direct reaction may force the instigator's action to resolve
     * first: the move, then the shot */
    t = sc_begin("red");
    place(t, "runner", 20, 16);
    ok(t, "overwatch runner");
    ok(t, "activate unit-a");
    ok(t, "move unit-a jog 10,16");
    no(t, "decide force", "only a reaction aimed at Unit A itself forces it");
    ok(t, "fire runner at unit-a");
    ok(t, "decide force");
    SAID(t, "A direct reaction forces Unit A's hand: its action resolves first");
    ok(t, "decide pass");
    assert_int_equal(F(t, "a")->pos.y, IN(16)); /* moved first */
    assert_int_equal(t->g.pending.kind, sc_decide_kind(SC_DECIDE_OUTCOME));
    ok(t, "decide miss");
    assert_false(SCS(t, "runner")->overwatch);
    finish(t);
}

/* Every order of declaring, passing and forcing (the digest): Unit A
 * (Blue) moves in sight of the runner (Red) and the scout (Blue), both on
 * overwatch. Red is asked first; the runner's reaction is aimed at Unit A
 * (or, in one row, at the scout); the scout may answer it. Nothing
 * resolves until both sides have stopped declaring, and while declaring
 * is open `decide force` is Red's, whichever side is to declare (the
 * command names no side: only the instigator's enemies can aim at it).
 * Each row's steps: "?red"/"?blue" the side asked now; "!" a force that
 * is refused for the reason after it; anything else a command accepted.
 * Then the order things resolve (every attack entered as a miss) and,
 * once declaring has closed, a force refused. */
typedef struct react_row {
    const char *steps[10];
    const char *order;
} react_row;

static const char *const DIRECT = "fire runner at unit-a";
static const char *const ANSWER = "aim scout at runner";
static const char *const NO_DIRECT = "!only a reaction aimed at Unit A itself";

static const react_row react_rows[] = {
    /* Red passes at once: nothing declared, nothing to force */
    {{"?red", NO_DIRECT, "decide pass"}, "move"},
    /* Red declares, Blue passes: Red has not stopped yet, and may force */
    {{"?red", DIRECT, "?blue", "decide pass", "?red", "decide pass"}, "runner,move"},
    {{"?red", DIRECT, "?blue", "decide pass", "?red", "decide force", "?red", "!already forced", "decide pass"},
     "move,runner"},
    /* Red forces while it is Blue's turn to declare */
    {{"?red", DIRECT, "?blue", "decide force", "?blue", "decide pass"}, "move,runner"},
    {{"?red", DIRECT, "?blue", "decide force", ANSWER, "?blue", "decide pass"}, "move,scout,runner"},
    /* Blue answers: Red, with nothing left to declare, may still force */
    {{"?red", DIRECT, "?blue", ANSWER, "?red", "decide pass"}, "scout,runner,move"},
    {{"?red", DIRECT, "?blue", ANSWER, "?red", "decide force", "decide pass"}, "move,scout,runner"},
    /* a reaction aimed elsewhere forces nothing, at any point */
    {{"?red", "fire runner at scout", "?blue", NO_DIRECT, "decide pass"}, "runner,move"},
};

/* Enter a miss for each attack as it resolves; the order, from the journal. */
static void resolve_order(T *t, int from, char *order, size_t len)
{
    for (int guard = 0; t->g.pending.kind == sc_decide_kind(SC_DECIDE_OUTCOME) && guard < 8; guard++)
        ok(t, "decide miss");
    assert_int_equal(t->g.pending.kind, SL_DECIDE_NONE);
    static const char *const lead[][2] = {
        {"Unit A jogs", "move"}, {"Runner snap-shoots", "runner"}, {"Scout aims and shoots", "scout"}};
    order[0] = 0;
    for (int i = from; i < t->g.journal.n; i++)
        for (int k = 0; k < 3; k++)
            if (strncmp(t->g.journal.ev[i].text, lead[k][0], strlen(lead[k][0])) == 0)
                snprintf(order + strlen(order), len - strlen(order), "%s%s", order[0] ? "," : "", lead[k][1]);
}

static void test_reaction_orders(void **state)
{
    (void)state;
    for (size_t r = 0; r < sizeof react_rows / sizeof react_rows[0]; r++) {
        print_message("row %zu\n", r);
        T *t = sc_begin("red");
        place(t, "runner", 20, 16);
        place(t, "scout", 8, 16);
        ok(t, "overwatch runner");
        ok(t, "overwatch scout");
        ok(t, "activate trooper");
        ok(t, "end");
        ok(t, "activate unit-a");
        int from = t->g.journal.n;
        ok(t, "move unit-a jog 10,16");
        for (int k = 0; k < 10 && react_rows[r].steps[k]; k++) {
            const char *st = react_rows[r].steps[k];
            if (st[0] == '?') {
                if (t->g.pending.kind != sc_decide_kind(SC_DECIDE_REACT))
                    fail_msg("row %zu step %d: no side is asked to declare (resolving has begun)", r, k);
                if (t->g.pending.side != (st[1] == 'r' ? 1 : 0))
                    fail_msg("row %zu step %d: the other side is asked", r, k);
            } else if (st[0] == '!') {
                no(t, "decide force", st + 1);
            } else {
                ok(t, st);
            }
        }
        if (t->g.pending.kind == sc_decide_kind(SC_DECIDE_OUTCOME)) /* declaring has closed */
            no(t, "decide force", "only while reactions are being declared");
        char order[80];
        resolve_order(t, from, order, sizeof order);
        if (strcmp(order, react_rows[r].order) != 0)
            fail_msg("row %zu resolved %s, not %s", r, order, react_rows[r].order);
        finish(t);
    }
}

/* A spring attack on a unit on overwatch that has not reacted: it must
 * dodge or parry, and that spends its overwatch. */
static void test_spring_on_overwatch(void **state)
{
    (void)state;
    T *t = sc_begin("blue");
    ok(t, "activate scout");
    ok(t, "hide scout");
    place(t, "runner", 10, 18);
    ok(t, "activate runner");
    ok(t, "end");
    DICE(t, 1);
    ok(t, "activate unit-a");
    ok(t, "end");
    ok(t, "activate trooper");
    ok(t, "end");
    ok(t, "decide first red"); /* turn 2: the runner watches, the scout springs */
    ok(t, "overwatch runner");
    ok(t, "activate scout");
    ok(t, "spring scout runner");
    if (t->g.pending.kind == sc_decide_kind(SC_DECIDE_REACT))
        ok(t, "decide pass"); /* the runner does not react to it */
    SAID(t, "Runner is on overwatch and has not acted, so it must dodge or parry, and that spends its overwatch");
    assert_false(SCS(t, "runner")->overwatch);
    ok(t, "decide miss");
    finish(t);
}

/* Pursuit: Unit A charged in turn 1; in turn 2 the runner breaks off
 * before Unit A has acted, so Unit A may burn its action to follow it
 * into base contact. */
static void test_pursuit(void **state)
{
    (void)state;
    T *t = sc_begin("red");
    ok(t, "activate trooper");
    ok(t, "end");
    place(t, "runner", 20, 12);
    ok(t, "activate unit-a");
    ok(t, "charge unit-a runner");
    ok(t, "decide miss");
    ok(t, "end");
    ok(t, "activate runner");
    ok(t, "end");
    DICE(t, 2);
    ok(t, "activate scout");
    ok(t, "end");
    ok(t, "decide first red");
    ok(t, "activate runner");
    ok(t, "break-off runner run 26,12");
    ok(t, "decide miss"); /* Unit A's free blow */
    assert_int_equal(t->g.pending.kind, sc_decide_kind(SC_DECIDE_PURSUE));
    assert_int_equal(t->g.pending.side, 0);
    ok(t, "decide pursue");
    SAID(t, "Unit A burns its action for the turn to pursue Runner");
    assert_true(ST(t, "unit-a")->activated);
    assert_true(sl_dist(F(t, "a")->pos, F(t, "r")->pos) < IN(1.1));
    ok(t, "end");
    no(t, "activate unit-a", "already acted this turn");
    finish(t);
}

/* A pursuit that cannot reach, inside a chain of reactions: the runner
 * breaks off on a sprint Unit A cannot match, the scout on overwatch
 * has declared a shot at it and forced the runner's hand, so the break-off
 * resolves first; Unit A is offered the pursuit, tries, cannot reach, and
 * the chain goes on to the scout's shot (it used to stop there, the shot
 * never resolved). */
static void test_pursuit_out_of_reach(void **state)
{
    (void)state;
    T *t = sc_begin("red");
    ok(t, "activate trooper");
    ok(t, "end");
    place(t, "runner", 20, 12);
    ok(t, "activate unit-a");
    ok(t, "charge unit-a runner");
    ok(t, "decide miss");
    ok(t, "end");
    ok(t, "activate runner");
    ok(t, "end");
    DICE(t, 2);
    ok(t, "activate scout");
    ok(t, "end");
    ok(t, "decide first red");
    ok(t, "activate trooper");
    ok(t, "end");
    place(t, "scout", 26, 16);
    ok(t, "overwatch scout");
    ok(t, "activate runner");
    ok(t, "break-off runner sprint 34,12");
    assert_int_equal(t->g.pending.kind, sc_decide_kind(SC_DECIDE_REACT));
    ok(t, "fire scout at runner");
    ok(t, "decide force");
    ok(t, "decide pass");
    if (t->g.pending.kind == sc_decide_kind(SC_DECIDE_REACT))
        ok(t, "decide pass"); /* the other side declares nothing */
    ok(t, "decide miss"); /* Unit A's free blow */
    assert_int_equal(F(t, "r")->pos.x, IN(34));
    assert_int_equal(t->g.pending.kind, sc_decide_kind(SC_DECIDE_PURSUE));
    ok(t, "decide pursue");
    SAID(t, "Unit A cannot pursue");
    assert_false(ST(t, "unit-a")->activated);
    /* the chain goes on: the scout's shot, whose outcome the players enter */
    assert_int_equal(t->g.pending.kind, sc_decide_kind(SC_DECIDE_OUTCOME));
    assert_int_equal(t->g.pending.options[0], U(t, "scout"));
    ok(t, "decide miss");
    finish(t);
}

/* A line of communication (the side's comms_link): the runner, deep in
 * the spinney, sees nothing, but the trooper at its edge tells it of Unit
 * A's move, so it may react; without the link it may not. */
static void test_overwatch_comms_link(void **state)
{
    (void)state;
    for (int link = 0; link < 2; link++) {
        T *t = sc_begin("red");
        sc_side_set_comms_link(&t->g.live, 1, link);
        place(t, "runner", 27, 7);
        place(t, "trooper", 24.5, 7);
        place(t, "unit-a", 18, 8);
        ok(t, "overwatch runner");
        ok(t, "activate unit-a");
        ok(t, "move unit-a jog 18,10");
        if (link) {
            assert_int_equal(t->g.pending.kind, sc_decide_kind(SC_DECIDE_REACT));
            assert_int_equal(t->g.pending.options[0], U(t, "runner"));
            ok(t, "decide pass");
        } else {
            assert_int_equal(t->g.pending.kind, SL_DECIDE_NONE);
        }
        assert_int_equal(F(t, "a")->pos.y, IN(10));
        finish(t);
    }
}

/* Vehicles (seed 002's open top): on maps/lessons/tables/skirmish-vehicles.json
 * Red has parked an open-topped buggy with a gunner aboard 7" from Unit A,
 * and a closed car with its driver 5" away. */
static void test_open_top(void **state)
{
    (void)state;
    T *t = begin(SL_SOURCE_DIR "/maps/lessons/tables/skirmish-vehicles.json", "blue", false);
    ok(t, "activate unit-a");
    /* the crew of an open top may be targeted, with no bonus for it */
    sc_attack_info a;
    sc_attack_judge(&t->g, U(t, "unit-a"), U(t, "gunner"), SC_AIMED, &a);
    assert_true(a.legal);
    assert_int_equal(a.total, 1); /* short range +0, crew +0, aimed +1 */
    /* the closed car's driver may not be, though the car may */
    no(t, "fire unit-a at driver", "Driver rides inside Car, a closed vehicle: only the crew of an open-topped vehicle");
    sc_attack_judge(&t->g, U(t, "unit-a"), U(t, "car"), SC_THROW, &a);
    assert_true(a.legal);
    assert_int_equal(a.total, 0); /* a throw at a closed hull: nothing for the top */
    /* a throw into the open top from standing still: -1 */
    ok(t, "throw unit-a at buggy");
    SAID(t, "Unit A throws at Buggy, 7.2\"");
    SAID(t, "-1 thrown into Buggy's open top from standing still");
    SAID(t, "decide hit none|out (a vehicle is not stunned or knocked out)");
    /* a vehicle is not stunned: refused, nothing changes, then wrecked */
    no(t, "decide hit stunned", "Buggy is a vehicle: it is not stunned or knocked out");
    assert_int_equal(t->g.pending.kind, sc_decide_kind(SC_DECIDE_OUTCOME));
    ok(t, "decide hit out");
    assert_int_equal(sl_game_living(&t->g, U(t, "buggy")), 0);
    SAID(t, "Gunner is aboard the wreck");
    ok(t, "end");
    /* vehicles and crews are not driven or moved, and fight no close combat */
    ok(t, "activate car");
    no(t, "move car jog 20,17", "Car is a vehicle: SkirmishCorps vehicles are not driven here");
    ok(t, "end");
    ok(t, "activate scout");
    ok(t, "end");
    ok(t, "activate driver");
    no(t, "fire driver at unit-a", "Driver rides inside Car, a closed vehicle: it neither shoots nor throws out");
    no(t, "stance driver prone", "Driver rides in Car: getting out is not played");
    ok(t, "end");
    finish(t);

    /* a thrower that has moved cannot throw into the open top; it may
     * still shoot the gunner, who may shoot back from the buggy */
    t = begin(SL_SOURCE_DIR "/maps/lessons/tables/skirmish-vehicles.json", "blue", false);
    ok(t, "activate unit-a");
    ok(t, "move unit-a jog 12,12");
    no(t, "throw unit-a at gunner", "Unit A has moved: a throw into Buggy's open top is only from standing still");
    no(t, "charge unit-a gunner", "Gunner is aboard a vehicle: the seed's close combat is between foot-units");
    ok(t, "fire unit-a at gunner");
    SAID(t, "+0 Gunner, crew of the open-topped Buggy: no bonus");
    ok(t, "decide miss");
    ok(t, "end");
    ok(t, "activate gunner");
    ok(t, "fire gunner at unit-a");
    ok(t, "decide miss");
    finish(t);
}

/* V's reach (sl_unit_reach): a SkirmishCorps unit's firearm brackets as
 * the digest's table gives them, each ring at a bracket's outer edge with
 * its modifier to hit, up to the last its firearm fires in; Stargrunt's
 * five range bands of the unit's quality with their dice. */
static void test_reach_brackets_and_bands(void **state)
{
    (void)state;
    T *t = start_seed(SC, 1);
    sl_reach_ring r[SL_MAX_REACH];
    const char *why = NULL;
    /* Unit A's automatic rifle: 0, -1, -2, no shot at extreme range */
    assert_int_equal(sl_unit_reach(&t->g.live, U(t, "unit-a"), r, SL_MAX_REACH, &why), 3);
    assert_int_equal(r[0].r, IN(12));
    assert_int_equal(r[1].r, IN(24));
    assert_int_equal(r[2].r, IN(48));
    assert_string_equal(r[0].label, "short to 12\": 0 to hit");
    assert_string_equal(r[1].label, "medium to 24\": -1 to hit");
    assert_string_equal(r[2].label, "long to 48\": -2 to hit");
    /* no throw reach: the digest gives a throw's brackets from ST, unread */
    assert_non_null(why);
    assert_non_null(strstr(why, "throw"));
    /* the Scout's small sniper rifle reaches every bracket, extreme open */
    assert_int_equal(sl_unit_reach(&t->g.live, U(t, "scout"), r, SL_MAX_REACH, NULL), 4);
    assert_string_equal(r[0].label, "short to 12\": -1 to hit");
    assert_string_equal(r[2].label, "long to 48\": 0 to hit");
    assert_int_equal(r[3].r, SL_REACH_OPEN);
    assert_string_equal(r[3].label, "extreme 48\"+: -1 to hit");
    /* the Runner's SMG: +1 short, -2 medium, nothing further */
    assert_int_equal(sl_unit_reach(&t->g.live, U(t, "runner"), r, SL_MAX_REACH, NULL), 2);
    assert_string_equal(r[0].label, "short to 12\": +1 to hit");
    assert_string_equal(r[1].label, "medium to 24\": -2 to hit");
    assert_string_equal(sl_reach_word(&t->g.live), "range brackets");
    /* a unit with no firearm has none, and is told why */
    assert_true(sc_unit_set(&t->w.scn, U(t, "runner"), 7, 3, 0, -1));
    assert_int_equal(sl_unit_reach(&t->w.scn, U(t, "runner"), r, SL_MAX_REACH, &why), 0);
    assert_non_null(strstr(why, "no firearm"));
    finish(t);
    /* Stargrunt: NAC 1st Squad is regular, so D8: 8" bands, D4 to D12 */
    t = start_seed(DEFAULT, 1);
    why = "x";
    assert_int_equal(sl_unit_reach(&t->g.live, U(t, "nac-1"), r, SL_MAX_REACH, &why), 5);
    assert_null(why);
    for (int k = 0; k < 5; k++)
        assert_int_equal(r[k].r, IN(8 * (k + 1)));
    assert_string_equal(r[0].label, "D4 \xC2\xB7 8\"");
    assert_string_equal(r[4].label, "D12 \xC2\xB7 40\"");
    assert_string_equal(sl_reach_word(&t->g.live), "range bands");
    finish(t);
}

/* The planned way and the enemies' brackets it goes into: Unit A's way
 * east past the boggy strip comes into the Runner's short bracket (+1)
 * where it is 12" from him, found to a hundredth of an inch; it starts in
 * his medium one (-2), which is worse for the Runner, so the short one is
 * named; the Trooper, deep in his spinney, sees none of it. Under
 * Stargrunt no way has brackets. */
static void test_way_reach(void **state)
{
    (void)state;
    T *t = sc_begin("blue");
    ok(t, "activate unit-a");
    sl_pt way[3] = {sl_pt_make(IN(10), IN(12)), sl_pt_make(IN(16), IN(10)), sl_pt_make(IN(21), IN(12))};
    sl_way_reach wr[SL_WAY_REACH_MAX];
    int n = sl_game_way_reach(&t->g, U(t, "unit-a"), way, 3, wr, SL_WAY_REACH_MAX);
    assert_int_equal(n, 1);
    assert_int_equal(wr[0].unit, U(t, "runner"));
    assert_int_equal(wr[0].ring, 0);
    assert_string_equal(wr[0].label, "short to 12\": +1 to hit");
    /* 12" from (30,18) on the second leg: 6.32" + 0.7758 x 5.39" along */
    double seg1 = sqrt(40.0), seg2 = sqrt(29.0), tt = (172.0 - sqrt(172.0 * 172.0 - 4 * 29.0 * 116.0)) / 58.0;
    assert_true(fabs(wr[0].at / 1000.0 - (seg1 + tt * seg2)) < 0.02);
    assert_true(sl_dist(wr[0].where, F(t, "r")->pos) <= IN(12));
    assert_true(sl_dist(wr[0].where, F(t, "r")->pos) > IN(11.95));
    /* a short way west stays in his medium bracket, -2 */
    sl_pt west[2] = {sl_pt_make(IN(10), IN(12)), sl_pt_make(IN(8), IN(12))};
    n = sl_game_way_reach(&t->g, U(t, "unit-a"), west, 2, wr, SL_WAY_REACH_MAX);
    assert_int_equal(n, 1);
    assert_int_equal(wr[0].ring, 1);
    assert_int_equal(wr[0].at, 0);
    assert_string_equal(wr[0].label, "medium to 24\": -2 to hit");
    finish(t);
    t = start_seed(DEFAULT, 1);
    assert_int_equal(sl_game_way_reach(&t->g, U(t, "nac-1"), way, 3, wr, SL_WAY_REACH_MAX), 0);
    finish(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seed_movement_example),
        cmocka_unit_test(test_moves_and_stances),
        cmocka_unit_test(test_hide_and_sneak),
        cmocka_unit_test(test_sprint_then_prone_stuns),
        cmocka_unit_test(test_stargrunt_actions_refused),
        cmocka_unit_test(test_spot),
        cmocka_unit_test(test_spot_odds),
        cmocka_unit_test(test_flushing),
        cmocka_unit_test(test_flusher_no_ranged_attack),
        cmocka_unit_test(test_snap_shot_and_outcomes),
        cmocka_unit_test(test_aimed_and_limits),
        cmocka_unit_test(test_shot_mid_move),
        cmocka_unit_test(test_charge),
        cmocka_unit_test(test_spring),
        cmocka_unit_test(test_break_off),
        cmocka_unit_test(test_moves_end_clear_of_bases),
        cmocka_unit_test(test_bases_unseen_name_nothing),
        cmocka_unit_test(test_overwatch_chain),
        cmocka_unit_test(test_reaction_orders),
        cmocka_unit_test(test_spring_on_overwatch),
        cmocka_unit_test(test_pursuit),
        cmocka_unit_test(test_pursuit_out_of_reach),
        cmocka_unit_test(test_overwatch_comms_link),
        cmocka_unit_test(test_open_top),
        cmocka_unit_test(test_reach_brackets_and_bands),
        cmocka_unit_test(test_way_reach),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
