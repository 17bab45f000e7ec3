/* The solo opponent playing SkirmishCorps (issue 38): each action it
 * takes, on maps/lessons/tables/skirmish-example.json with fixed seeds,
 * and what a player sees of it: the command, and its reason in
 * SkirmishCorps terms (the range bracket, the modifiers, the chance to
 * hit by our reading), never Stargrunt's. Then the rule option
 * sc_attacks: the program's rolls, and what the players are told. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "game_fixture.h"
#include "skirmish/skirmish.h"

#define SC SL_SOURCE_DIR "/maps/lessons/tables/skirmish-example.json"

static sc_unit *SCS(T *t, const char *id)
{
    return sc_unit_of(&t->g, U(t, id));
}

/* A game where `first` goes first (the die gives Blue the choice). */
static T *sc_begin(const char *first, bool rolled)
{
    T *t = start_seed(SC, 1);
    set_option(&t->g.live.options, "opportunity_fire", 0);
    set_option(&t->g.live.options, "sc_attacks", rolled ? SC_ATTACKS_ROLLED : SC_ATTACKS_PLAYERS);
    /* a 1 gives Blue the choice; then every die a 3 */
    DICE(t, 1, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3);
    sl_game_begin(&t->g);
    char line[64];
    snprintf(line, sizeof line, "decide first %s", first);
    ok(t, line);
    return t;
}

/* The program's next command for side `side` (0 Blue, 1 Red) is the
 * word `word`, its reason says each of the NULL-ended `says`, and never a
 * Stargrunt word; it is given. */
static void solo_is(T *t, int side, const char *word, ...)
{
    sl_command c;
    assert_true(sl_game_solo_command(&t->g, side, SL_STANCE_BALANCED, &c));
    print_message("  solo: %s: %s\n", sl_cmd_name(c.kind), c.note);
    if (strcmp(sl_cmd_name(c.kind), word) != 0)
        fail_msg("the program chose %s (%s), not %s", sl_cmd_name(c.kind), c.note, word);
    va_list ap;
    va_start(ap, word);
    for (const char *s = va_arg(ap, const char *); s; s = va_arg(ap, const char *))
        if (!strstr(c.note, s))
            fail_msg("the reason \"%s\" does not say \"%s\"", c.note, s);
    va_end(ap);
    assert_null(strstr(c.note, "suppress"));
    if (!sl_game_apply(&t->g, &c, t->err, sizeof t->err))
        fail_msg("the program's %s was refused: %s", sl_cmd_name(c.kind), t->err);
}

/* --- the unit acting ------------------------------------------------------------------------ */

/* A foot-unit's firearm (-1 none) and speed, as the scenario might have
 * given them. */
static void set_firearm(T *t, const char *id, int fa)
{
    sl_scenario *s = &t->g.live;
    int u = U(t, id);
    assert_true(sc_unit_set(s, u, sc_unit_sp(s, u), sc_unit_re(s, u), sc_unit_alert(s, u), fa));
}

static void set_sp(T *t, const char *id, int sp)
{
    sl_scenario *s = &t->g.live;
    int u = U(t, id);
    assert_true(sc_unit_set(s, u, sp, sc_unit_re(s, u), sc_unit_alert(s, u), sc_unit_firearm(s, u)));
}

/* Its side assigns a unit and the unit moves by a way of moving it names:
 * the Runner (SP 7) runs toward the enemy, into the spinney's cover. */

static void test_move_with_a_mode(void **state)
{
    (void)state;
    T *t = sc_begin("red", true);
    solo_is(t, 1, "activate", "assigns Runner to act: it runs", "(a run allows 10\")", NULL);
    solo_is(t, 1, "move", "Runner runs 9.5\"", "nearer the enemy", NULL);
    SAID(t, "Runner runs 9.5\" to (25.2, 9.8)");
    assert_int_equal(SCS(t, "runner")->mode, SC_RUN);
    solo_is(t, 1, "end", "Runner ends its action", NULL);
    finish(t);
}

/* Its plan at the turn's start is in SkirmishCorps' words, never
 * Stargrunt's "advance to contact": the Trooper (pump shotgun, no
 * bracket it can shoot in at 20") closes; the Runner has an aimed shot
 * where it stands; a stunned unit lies stunned. */
static void test_plan_in_its_words(void **state)
{
    (void)state;
    T *t = sc_begin("red", true);
    sl_command c;
    assert_true(sl_game_solo_command(&t->g, 1, SL_STANCE_BALANCED, &c));
    print_message("  solo: %s\n", c.note);
    assert_non_null(strstr(c.note, "[Red, turn 1: close to a range bracket they can shoot in (Trooper); aimed shots "
                                   "from where they stand (Runner)]"));
    assert_null(strstr(c.note, "advance to contact"));
    finish(t);
    t = sc_begin("blue", true);
    SCS(t, "unit-a")->stunned = 2;
    assert_true(sl_game_solo_command(&t->g, 0, SL_STANCE_BALANCED, &c));
    print_message("  solo: %s\n", c.note);
    assert_non_null(strstr(c.note, "lie stunned (Unit A)"));
    assert_null(strstr(c.note, "advance to contact"));
    finish(t);
}

/* Standing still with a target 16" off, it aims: the bracket and each
 * modifier, and the chance by our reading. */
static void test_aim(void **state)
{
    (void)state;
    T *t = sc_begin("blue", true);
    place(t, "runner", 26, 12);
    ok(t, "activate unit-a");
    solo_is(t, 0, "aim", "Unit A aims at Runner: medium range (16.0\", automatic rifle) -1, an aimed shot +1: +0 in all",
            "58% to hit (2D6 at or under 7, our reading)", "42% to hurt (its automatic rifle's 1D6+1 against DE 4)", NULL);
    SAID(t, "Unit A aims and shoots at Runner");
    finish(t);
}

/* After a move it may still shoot: a snap shot, never aimed. */
static void test_snap_shot(void **state)
{
    (void)state;
    T *t = sc_begin("blue", true);
    place(t, "runner", 20, 12);
    ok(t, "activate unit-a");
    ok(t, "move unit-a jog 10,14");
    solo_is(t, 0, "fire", "Unit A snap-shoots at Runner: short range (10.2\", automatic rifle) +0", NULL);
    SAID(t, "Unit A snap-shoots at Runner");
    finish(t);
}

/* A unit in cover that an enemy could hurt goes prone at the end of its
 * action (after a snap shot it may). */
static void test_prone_at_the_end(void **state)
{
    (void)state;
    T *t = sc_begin("blue", true);
    place(t, "runner", 18, 18);
    ok(t, "activate scout");
    ok(t, "move scout jog 7.6,18");
    solo_is(t, 0, "fire", "Scout snap-shoots at Runner", NULL);
    solo_is(t, 0, "stance", "Scout goes prone at the end of its action", "16% standing",
            "low cover counts -3 against a prone target", NULL);
    assert_true(SCS(t, "scout")->prone);
    finish(t);
}

/* Prone and wanting to move, it stands up first (a move is from standing). */
static void test_stand_up_to_move(void **state)
{
    (void)state;
    T *t = sc_begin("blue", true);
    SCS(t, "scout")->prone = true;
    SCS(t, "scout")->hiding = true;
    ok(t, "activate scout");
    solo_is(t, 0, "stance", "Scout stands up to move: it jogs", NULL);
    assert_false(SCS(t, "scout")->prone);
    solo_is(t, 0, "move", "Scout jogs", NULL);
    finish(t);
}

/* Hidden at the copse's edge with no firearm and SP 1, an enemy rifle in
 * sight out of a throw's reach, it stays hidden. */
static void test_hide(void **state)
{
    (void)state;
    T *t = sc_begin("blue", true);
    SCS(t, "scout")->hiding = SCS(t, "scout")->prone = true;
    set_firearm(t, "scout", -1);
    place(t, "scout", 7.6, 18);
    set_sp(t, "scout", 1); /* a crawl: nowhere to go */
    place(t, "runner", 16, 18);
    set_firearm(t, "runner", sc_firearm_find("automatic-rifle"));
    ok(t, "activate scout");
    solo_is(t, 0, "hide", "Scout hides in its cover, prone", "an enemy must first win a spot test", NULL);
    assert_true(SCS(t, "scout")->hiding);
    finish(t);
}

/* Sneaking in the open, it sneaks on (half its SP) rather than stand up in
 * the enemy's sight; then, a sneak's only attack, it throws. */
static void test_sneak_then_throw(void **state)
{
    (void)state;
    T *t = sc_begin("blue", true);
    SCS(t, "scout")->sneaking = SCS(t, "scout")->prone = true;
    set_firearm(t, "scout", -1);
    place(t, "scout", 9.5, 18);
    place(t, "runner", 18, 18);
    ok(t, "activate scout");
    solo_is(t, 0, "move", "Scout sneaks 2.7\"", "(a sneak allows 3\")", NULL);
    assert_true(SCS(t, "scout")->sneaking);
    solo_is(t, 0, "throw", "Scout throws at Runner, 5.8\" away (within 8\", our reading of a throw's reach)",
            "58% to hit", "(a thrown weapon's 1D6 against DE 4)", NULL);
    SAID(t, "Scout throws at Runner");
    finish(t);
}

/* A hiding target: it tries to spot it first (1D6 + RE each), then aims. */
static void test_spot(void **state)
{
    (void)state;
    T *t = sc_begin("blue", true);
    place(t, "runner", 23, 12); /* beyond a charge's reach (a charge would flush it out) */
    SCS(t, "runner")->hiding = SCS(t, "runner")->prone = true;
    ok(t, "activate unit-a");
    solo_is(t, 0, "spot", "Unit A tries to spot Runner (hiding): 72% to spot it (1D6 + RE 4 against 1D6 + RE 3)",
            "then it aims medium range (13.0\", automatic rifle)", NULL);
    solo_is(t, 0, "aim", "Unit A aims at Runner", NULL);
    finish(t);
}

/* An enemy 12" off in the open, its SMG weak at that range: the Runner
 * charges (+2 for a charge without a shot). */
static void test_charge(void **state)
{
    (void)state;
    T *t = sc_begin("red", true);
    place(t, "runner", 22, 12);
    ok(t, "activate runner");
    solo_is(t, 1, "charge", "Runner charges Unit A, 12.0\" away: +2 for a charge without a shot",
            "83% to hit (2D6 at or under 9, our reading)", "(ST 4 + 1D6 against DE 4 doubled in close combat)", NULL);
    SAID(t, "Runner charges Unit A and attacks in close combat");
    finish(t);
}

/* A hiding enemy within reach: a charge flushes it out, no spot test
 * (-1 to the charger); it used to be left alone, and a last enemy that
 * hid turn after turn ended the game a draw. */
static void test_charge_flushes(void **state)
{
    (void)state;
    T *t = sc_begin("red", true);
    place(t, "runner", 22, 12);
    SCS(t, "unit-a")->hiding = SCS(t, "unit-a")->prone = true;
    ok(t, "activate runner");
    solo_is(t, 1, "charge", "Runner charges Unit A, 12.0\" away: +2 for a charge without a shot, -1 it flushes it out",
            "72% to hit (2D6 at or under 8, our reading)", NULL);
    SAID(t, "Runner moves into base contact with Unit A and flushes it out");
    finish(t);
}

/* A friend stands where the straight charge would end: it comes in from
 * another side (its bases end clear), not standing on the friend. */
static void test_charge_round(void **state)
{
    (void)state;
    T *t = sc_begin("red", true);
    place(t, "runner", 22, 12);
    place(t, "trooper", 11.3, 12.5);
    ok(t, "activate runner");
    solo_is(t, 1, "charge", "Runner charges Unit A", NULL);
    SAID(t, "Runner charges Unit A and attacks in close combat");
    assert_true(sc_in_contact(&t->g, U(t, "runner"), U(t, "unit-a")));
    assert_true(sl_dist(F(t, "r")->pos, F(t, "t")->pos) > IN(0.9));
    finish(t);
}

/* Already in base contact with a knocked-out enemy: it steps round it,
 * staying in contact, and attacks again as that move ends (a charge is a
 * move that ends in contact); it used to stand there until the game was
 * called a draw. */
static void test_close_again(void **state)
{
    (void)state;
    T *t = sc_begin("blue", true);
    place(t, "runner", 11, 12);
    SCS(t, "runner")->ko = SCS(t, "runner")->prone = true;
    set_firearm(t, "unit-a", -1); /* no shot at it: only close combat */
    assert_true(sc_in_contact(&t->g, U(t, "unit-a"), U(t, "runner")));
    ok(t, "activate unit-a");
    solo_is(t, 0, "move", "Unit A steps round Runner, staying in base contact", NULL);
    assert_true(sc_in_contact(&t->g, U(t, "unit-a"), U(t, "runner")));
    solo_is(t, 0, "charge", "Unit A attacks Runner in close combat as its move ends in base contact", NULL);
    SAID(t, "Unit A charges Runner and attacks in close combat");
    finish(t);
}

/* The same against a hiding enemy: the step round flushes it out, and
 * the attack that comes with the move's end is at -1 for it. The reason
 * quoted +2 and 83% (the enemy no longer hiding when the attack was
 * weighed) while the game rolled it at +1 (218 of 2,519 charges in 200
 * games against random, seeds 12 and 86 among them). */
static void test_close_again_flushes(void **state)
{
    (void)state;
    T *t = sc_begin("blue", true);
    place(t, "runner", 11, 12);
    SCS(t, "runner")->ko = SCS(t, "runner")->prone = SCS(t, "runner")->hiding = true;
    set_firearm(t, "unit-a", -1);
    assert_true(sc_in_contact(&t->g, U(t, "unit-a"), U(t, "runner")));
    ok(t, "activate unit-a");
    solo_is(t, 0, "move", "Unit A steps round Runner, staying in base contact", NULL);
    SAID(t, "flushes it out");
    solo_is(t, 0, "charge", "Unit A attacks Runner in close combat as its move ends in base contact: +1, 72% to hit "
                            "(2D6 at or under 8",
            NULL);
    SAID(t, "the modifiers add up to +1");
    finish(t);
}

/* Hidden, an enemy within its SP: a spring attack (+2, ST doubled). */
static void test_spring(void **state)
{
    (void)state;
    T *t = sc_begin("blue", true);
    SCS(t, "scout")->hiding = SCS(t, "scout")->prone = true;
    place(t, "runner", 10, 18);
    ok(t, "activate scout");
    solo_is(t, 0, "spring", "Scout springs from hiding at Runner, 4.0\" away (within its SP 6): +2",
            "(ST 8 (doubled for a spring) + 1D6 against DE 4 doubled in close combat)", NULL);
    SAID(t, "Scout springs from hiding");
    finish(t);
}

/* Two enemies in base contact: it breaks off. */
static void test_break_off(void **state)
{
    (void)state;
    T *t = sc_begin("blue", true);
    place(t, "runner", 11, 12);
    place(t, "trooper", 9, 12);
    ok(t, "activate unit-a");
    solo_is(t, 0, "break-off", "Unit A breaks off: 2 enemies in base contact", NULL);
    SAID(t, "Unit A breaks off from");
    finish(t);
}

/* --- its side, and its answers -------------------------------------------------------------- */

/* Facing an enemy still to act that could hurt it, its side puts it on
 * overwatch rather than shoot first. */
static void test_overwatch(void **state)
{
    (void)state;
    T *t = sc_begin("blue", true);
    place(t, "runner", 23, 12); /* 13": beyond a charge */
    set_firearm(t, "runner", sc_firearm_find("automatic-rifle"));
    solo_is(t, 0, "overwatch", "assigns Unit A to overwatch: an enemy still to act could hurt it (24%)",
            "its aimed shot (24% to hurt) goes before that enemy's action", NULL);
    assert_true(SCS(t, "unit-a")->overwatch);
    finish(t);
}

/* On overwatch, it reacts to an enemy acting in its sight: it aims. */
static void test_reaction(void **state)
{
    (void)state;
    T *t = sc_begin("blue", true);
    place(t, "scout", 7.6, 18);
    ok(t, "overwatch scout");
    place(t, "runner", 16, 18);
    ok(t, "activate runner");
    ok(t, "move runner run 18,18");
    assert_int_equal(t->g.pending.kind, sc_decide_kind(SC_DECIDE_REACT));
    solo_is(t, 0, "aim", "Scout reacts from overwatch: it aims at Runner before its action resolves",
            "short range (8.4\", small sniper rifle) -1, an aimed shot +1", NULL);
    finish(t);
}

/* An enemy breaks off from it: with no shot at it, it pursues; with a good
 * shot, it keeps its action. */
static void test_pursuit(void **state)
{
    (void)state;
    T *t = sc_begin("blue", true);
    place(t, "runner", 11, 12);
    set_firearm(t, "runner", -1);
    ok(t, "activate unit-a");
    ok(t, "break-off unit-a run 4,12");
    assert_int_equal(t->g.pending.kind, sc_decide_kind(SC_DECIDE_PURSUE));
    solo_is(t, 1, "decide", "Runner pursues Unit A", "it has no shot at it", NULL);
    finish(t);

    t = sc_begin("blue", true);
    place(t, "runner", 11, 12);
    ok(t, "activate unit-a");
    ok(t, "break-off unit-a run 4,12");
    solo_is(t, 1, "decide", "Runner lets Unit A go and keeps its action for an aimed shot", "72% to hit", NULL);
    finish(t);
}

/* --- sc_attacks ----------------------------------------------------------------------------- */

/* rolled: the program rolls the hit (our reading), the damage and the
 * injury, each die in the journal with what it was for. */
static void test_rolled(void **state)
{
    (void)state;
    T *t = start_seed(SC, 1);
    set_option(&t->g.live.options, "opportunity_fire", 0);
    set_option(&t->g.live.options, "sc_attacks", SC_ATTACKS_ROLLED);
    DICE(t, 1, 2, 3, 6, 5);
    sl_game_begin(&t->g);
    ok(t, "decide first blue");
    place(t, "runner", 20, 12);
    ok(t, "activate unit-a");
    ok(t, "aim unit-a at runner"); /* short +0, aimed +1: 8 or under */
    assert_int_equal(t->g.pending.kind, SL_DECIDE_NONE);
    SAID(t, "Unit A's roll to hit Runner: first D6 of 2D6, a hit at or under 8");
    SAID(t, "Unit A rolls 5 on 2D6, 8 or under: a hit; damage 7 against a threshold of 4: 1 wound");
    SAID(t, "Runner's injury die 1 of 1 (the highest counts)");
    SAID(t, "Rolled by the program: a hit: out of action");
    assert_int_equal(count_rolls(t, 0, "to-hit"), 2);
    assert_int_equal(count_rolls(t, 0, "damage"), 1);
    dice_used(t);
    finish(t);
}

/* players: the program's attack waits for the human, and the card says
 * so; the program cannot play both sides. */
static void test_players(void **state)
{
    (void)state;
    T *t = sc_begin("red", false);
    char why[400];
    assert_false(sl_game_solo_plays_all(&t->g, why, sizeof why));
    assert_non_null(strstr(why, "set sc_attacks to rolled"));
    place(t, "runner", 22, 12);
    ok(t, "activate runner");
    solo_is(t, 1, "charge", "Runner charges Unit A", NULL);
    sl_decision_view *d = malloc(sizeof *d);
    assert_true(sl_game_decision(&t->g, 0, -1, 0, d));
    assert_string_equal(d->title,
                        "The program's Runner charged your Unit A: roll it for the program");
    assert_string_equal(d->duty, "(the program): you roll its attack");
    free(d);
    ok(t, "decide miss");
    SAID(t, "Entered by the players: Runner misses Unit A");
    finish(t);
}

/* --- a game that ends -------------------------------------------------------------------- */

/* The program plays every side until the game is over or it has given
 * `max` commands; how many it gave. */
static int solo_both(T *t, int max)
{
    int n = 0;
    while (!t->g.outcome.over && n < max) {
        sl_command c;
        int side = sl_game_side_to_act(&t->g);
        if (!sl_game_solo_command(&t->g, side, SL_STANCE_BALANCED, &c))
            fail_msg("the program found nothing to play for side %d in turn %d", side, t->g.turn);
        if (!sl_game_apply(&t->g, &c, t->err, sizeof t->err))
            fail_msg("the program's %s was refused: %s", sl_cmd_name(c.kind), t->err);
        n++;
    }
    return n;
}

/* With lose_contact, each side soon loses sight of the other: a side that
 * knows of no enemy goes to look for it where it was last seen (the
 * table's middle before any was seen) instead of watching for ever, and
 * the game is played to its end (issue 38: it ran past turn 200). */
static void test_looks_for_the_enemy(void **state)
{
    (void)state;
    T *t = start_seed(SC, 1);
    set_option(&t->g.live.options, "sc_attacks", SC_ATTACKS_ROLLED);
    set_option(&t->g.live.options, "lose_contact", 1);
    sl_game_begin(&t->g);
    int n = solo_both(t, 3000);
    print_message("  over after %d commands, in turn %d: %s\n", n, t->g.turn, t->g.outcome.why);
    assert_true(t->g.outcome.over);
    assert_int_not_equal(t->g.outcome.winner, -1); /* by the fighting, not quiet_turns */
    assert_in_range(t->g.turn, 1, 30);
    assert_true(said(t, "nearer where it looks for the enemy (out of its side's sight)"));
    finish(t);
}

/* Seed 10, the policy on both sides (as `tournament --opponent policy`
 * plays it): in turn 2 Unit A charges the Runner, misses and goes prone
 * in base contact; the Runner and then the Trooper are knocked out. A
 * prone unit was never weighed for a charge or for stepping round an
 * enemy in contact (both need it to stand first), so Unit A aimed at the
 * Trooper, 11.4" off in cover, turn after turn, and once the Trooper was
 * out of action passed beside the knocked-out Runner until quiet_turns
 * drew the game in turn 87. It stands up to attack again, and the game
 * ends by the fighting. */
static void test_prone_in_contact_stands_to_finish(void **state)
{
    (void)state;
    T *t = start_seed(SC, 10);
    set_option(&t->g.live.options, "sc_attacks", SC_ATTACKS_ROLLED);
    sl_game_begin(&t->g);
    int n = solo_both(t, 3000);
    print_message("  over after %d commands, in turn %d: %s\n", n, t->g.turn, t->g.outcome.why);
    assert_true(t->g.outcome.over);
    assert_int_not_equal(t->g.outcome.winner, -1); /* by the fighting, not quiet_turns */
    assert_in_range(t->g.turn, 1, 20);
    finish(t);
}

#define SCV SL_SOURCE_DIR "/maps/lessons/tables/skirmish-vehicles.json"

/* On the vehicles table: no charge is weighed at a vehicle (close combat
 * is between foot-units), not even in choosing whom to assign, and a
 * shot at a vehicle is worth its chance to wreck it, a critical fault (a
 * 6 on a fault die), not a man's chance of more than a flesh wound (Blue
 * aimed at the Buggy 123 times in 20 games against random, its Gunner 11). */
static void test_vehicles_weighed(void **state)
{
    (void)state;
    T *t = start_seed(SCV, 1);
    set_option(&t->g.live.options, "sc_attacks", SC_ATTACKS_ROLLED);
    sl_game_begin(&t->g);
    solo_both(t, 3000);
    assert_true(t->g.outcome.over);
    assert_false(said(t, "charges Buggy"));
    assert_false(said(t, "charges Car"));
    sc_damage d;
    sc_attack_damage(&t->g, U(t, "unit-a"), SC_AIMED, &d); /* 1D6+1 against DE 4: one wound on 4 to 6 */
    assert_true(fabs(sc_p_harm(&d, false) - 0.5 * 5 / 6) < 1e-9);
    assert_true(fabs(sc_p_harm(&d, true) - 0.5 / 6) < 1e-9);
    finish(t);
}

/* Both sides done at once, turn after turn. */
static void pass_turns(T *t, int turns)
{
    for (int k = 0; k < turns && !t->g.outcome.over; k++) {
        ok(t, "decide first blue");
        ok(t, "done blue");
        ok(t, "done red");
    }
}

/* A table with no turn limit where no one attacks or is hurt for
 * quiet_turns whole turns ends in a draw, and says why; 0 never. */
static void test_quiet_turns(void **state)
{
    (void)state;
    T *t = start_seed(SC, 1);
    assert_int_equal(t->g.live.turn_limit, 0);
    assert_int_equal(t->g.live.options.quiet_turns, 10); /* the default */
    set_option(&t->g.live.options, "quiet_turns", 2);
    sl_game_begin(&t->g);
    pass_turns(t, 10);
    assert_true(t->g.outcome.over);
    assert_int_equal(t->g.outcome.winner, -1);
    assert_int_equal(t->g.turn, 3);
    SAID(t, "no attack made and no man hurt or shaken in the 2 turns to the end of turn 3, on a table with no turn "
            "limit (rule option quiet_turns)");
    finish(t);
    t = start_seed(SC, 1);
    set_option(&t->g.live.options, "quiet_turns", 0);
    sl_game_begin(&t->g);
    pass_turns(t, 12);
    assert_false(t->g.outcome.over);
    finish(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_move_with_a_mode), cmocka_unit_test(test_plan_in_its_words), cmocka_unit_test(test_aim),
        cmocka_unit_test(test_snap_shot),        cmocka_unit_test(test_prone_at_the_end),
        cmocka_unit_test(test_stand_up_to_move), cmocka_unit_test(test_hide),
        cmocka_unit_test(test_sneak_then_throw), cmocka_unit_test(test_spot),
        cmocka_unit_test(test_charge),           cmocka_unit_test(test_spring),
        cmocka_unit_test(test_charge_flushes),   cmocka_unit_test(test_charge_round),
        cmocka_unit_test(test_vehicles_weighed), cmocka_unit_test(test_close_again), cmocka_unit_test(test_close_again_flushes),
        cmocka_unit_test(test_break_off),        cmocka_unit_test(test_overwatch),
        cmocka_unit_test(test_reaction),         cmocka_unit_test(test_pursuit),
        cmocka_unit_test(test_rolled),           cmocka_unit_test(test_players),
        cmocka_unit_test(test_looks_for_the_enemy),
        cmocka_unit_test(test_prone_in_contact_stands_to_finish),
        cmocka_unit_test(test_quiet_turns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
