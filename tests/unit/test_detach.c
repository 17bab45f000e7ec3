/* Detached elements (p17-18, and the fireteams house rule's costs, seed
 * 004): forming one, activating it through its squad leader (no roll
 * within 6", a communication roll beyond), the DET marker once it is out
 * of unit integrity, and rejoining when it comes back; on the default
 * scenario (plain squads) and on the fireteam examples table. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "game_fixture.h"
#include "sg2/sg2.h"

#define EXAMPLES SL_SOURCE_DIR "/maps/lessons/tables/fireteams-example.json"
#define FT SL_SOURCE_DIR "/maps/fireteams.json"

/* Both sides done: the next turn, NAC first again. */
static void next_turn(T *t, const char *other)
{
    char line[64];
    snprintf(line, sizeof line, "done %s", other);
    ok(t, line);
    ok(t, "done nac");
    ok(t, "decide first nac");
}

/* NAC 1st Squad's leader sends two men off, and they go north 5.5",
 * out of integrity with the squad; their action is still theirs. */
static void send_north(T *t)
{
    ok(t, "activate nac-1");
    ok(t, "detach nac-1 nac-1-7 nac-1-8");
    ok(t, "transfer nac-1 to nac-1.D");
    ok(t, "move nac-1.D 16.25,20.8");
}

static int figure_index(T *t, const char *id)
{
    return sl_scenario_find_figure(&t->g.live, id);
}

/* --- plain squads (the base rule, p17) ------------------------------------------------------ */

static void test_form_and_refusals(void **state)
{
    (void)state;
    T *t = begin(DEFAULT, "nac", false);
    int nac = 0;
    int before = sl_game_unactivated(&t->g, nac);
    /* each squad keeps an empty element in reserve: not on the table */
    assert_int_equal(UN(t, "nac-1.D")->nfigures, 0);
    assert_false(sl_unit_fielded(&t->g.live, U(t, "nac-1.D")));
    no(t, "activate nac-1.D", "has formed no detached element");
    ok(t, "activate nac-1");
    no(t, "transfer nac-1 to nac-1.D", "has formed no detached element");
    no(t, "detach nac-1 nac-1-1", "is the squad leader");
    no(t, "detach nac-1 nac-2-3", "is not one of NAC 1st Squad's men");
    no(t, "detach nac-1", "usage: detach SQUAD FIGURE");
    no(t, "detach nac-1 nac-1-7 nac-1-7", "named twice");
    ST(t, "nac-1")->suppression = 1;
    no(t, "detach nac-1 nac-1-7", "suppressed");
    ST(t, "nac-1")->suppression = 0;

    ok(t, "detach nac-1 nac-1-7 nac-1-8");
    assert_int_equal(sl_game_actions_left(&t->g), 1);
    const sl_unit *sq = UN(t, "nac-1"), *el = UN(t, "nac-1.D");
    assert_int_equal(sq->nfigures, 6);
    assert_int_equal(el->nfigures, 2);
    assert_int_equal(F(t, "nac-1-7")->unit, U(t, "nac-1.D"));
    assert_int_equal(F(t, "nac-1-2")->unit, U(t, "nac-1"));
    /* the squad leader is still the squad's leader figure */
    assert_int_equal(sq->leader, figure_index(t, "nac-1-1"));
    assert_true(sl_unit_fielded(&t->g.live, U(t, "nac-1.D")));
    /* the element starts with the squad's morale */
    assert_int_equal(el->quality, sq->quality);
    assert_int_equal(el->leadership, sq->leadership);
    assert_int_equal(el->confidence, sq->confidence);
    SAID(t, "sends nac-1-7 and nac-1-8 off as a detached element, nac-1.D");
    /* one at a time, and it is not a unit of its own for passing */
    no(t, "detach nac-1 nac-1-6", "already has a detached element (nac-1.D)");
    assert_int_equal(sl_game_unactivated(&t->g, nac), before - 1);
    /* the platoon commander cannot order it past its squad leader */
    ok(t, "end");
    ok(t, "done esu");
    ok(t, "activate nac-hq");
    no(t, "transfer nac-hq to nac-1.D", "only NAC 1st Squad's own squad leader");
    ok(t, "end");
    no(t, "activate nac-1.D", "acts only when its squad leader spends an action on it");
    finish(t);
}

static void test_activate_away_and_rejoin(void **state)
{
    (void)state;
    T *t = begin(DEFAULT, "nac", false);
    ok(t, "activate nac-1");
    ok(t, "detach nac-1 nac-1-7 nac-1-8");
    /* within 6" of the squad leader: no roll, two actions for the element */
    int n = t->g.journal.n;
    ok(t, "transfer nac-1 to nac-1.D");
    assert_int_equal(count_rolls(t, n, "communication"), 0);
    assert_int_equal(sl_game_active_unit(&t->g), U(t, "nac-1.D"));
    assert_int_equal(sl_game_actions_left(&t->g), 2);
    /* off it goes: out of unit integrity with the squad it carries DET */
    ok(t, "move nac-1.D 16.25,20.8");
    assert_true(det_unit_of(&t->g, U(t, "nac-1.D"))->away);
    SAID(t, "out of unit integrity with NAC 1st Squad: it carries a DET marker");
    ok(t, "move nac-1.D 11,22");
    /* the element's moves were its own: the squad did not move */
    assert_int_equal(F(t, "nac-1-2")->pos.y, IN(14.0));
    assert_int_equal(sl_game_active_unit(&t->g), -1);

    /* next turn, more than 6" away: a communication roll against the
     * leader's leadership 2 with his Regular D8. A 2 fails and the
     * action is lost; a 5 gets through. */
    DICE(t, 1, 2, 5);
    next_turn(t, "esu");
    ok(t, "activate nac-1");
    n = t->g.journal.n;
    ok(t, "transfer nac-1 to nac-1.D");
    const sl_event *e = last_roll(t, "communication");
    assert_int_equal(e->value, 2);
    assert_int_equal(e->target, 2);
    assert_false(e->pass);
    assert_true(said_since(t, n, "The order does not get through"));
    assert_int_equal(sl_game_active_unit(&t->g), U(t, "nac-1"));
    ok(t, "transfer nac-1 to nac-1.D");
    assert_int_equal(sl_game_active_unit(&t->g), U(t, "nac-1.D"));
    dice_used(t);
    /* back within unit integrity (here, all in a 6" circle with the
     * squad): it rejoins, and its activation ends with a move unused */
    ok(t, "move nac-1.D 14.5,18.5");
    SAID(t, "rejoins NAC 1st Squad");
    /* the squad leader's two actions went on the transfers: all done */
    assert_int_equal(sl_game_active_unit(&t->g), -1);
    assert_int_equal(UN(t, "nac-1")->nfigures, 8);
    assert_int_equal(UN(t, "nac-1.D")->nfigures, 0);
    assert_false(sl_unit_fielded(&t->g.live, U(t, "nac-1.D")));
    assert_int_equal(F(t, "nac-1-7")->unit, U(t, "nac-1"));
    assert_int_equal(UN(t, "nac-1")->leader, figure_index(t, "nac-1-1"));
    assert_false(det_unit_of(&t->g, U(t, "nac-1.D"))->away);
    /* a new element can be formed now */
    finish(t);
}

static void test_rejoin_brings_markers(void **state)
{
    (void)state;
    T *t = begin(DEFAULT, "nac", false);
    send_north(t);
    ok(t, "end");
    /* shot at and shaken on its errand */
    ST(t, "nac-1.D")->suppression = 1;
    UN(t, "nac-1.D")->confidence = SL_CONF_SHAKEN;
    /* the squad walks over to it next turn and takes on its state: the
     * heavier suppression, the worse confidence */
    DICE(t, 1);
    next_turn(t, "esu");
    ok(t, "activate nac-1");
    ok(t, "move nac-1 14.95,18.3");
    SAID(t, "rejoins NAC 1st Squad");
    assert_int_equal(ST(t, "nac-1")->suppression, 1);
    assert_int_equal(UN(t, "nac-1")->confidence, SL_CONF_SHAKEN);
    SAID(t, "the worse of the two");
    assert_int_equal(UN(t, "nac-1")->nfigures, 8);
    finish(t);
}

static void test_element_fights_on_its_own(void **state)
{
    (void)state;
    T *t = begin(DEFAULT, "nac", false);
    send_north(t);
    ok(t, "end");
    /* a target of its own: a suppression on it is not on the squad */
    place(t, "esu-1", 24, 20);
    ok(t, "activate esu-1");
    /* the range die rolls 5; only the quality die beats it: suppression
     * only, and the element's first suppression tests its own confidence */
    DICE(t, 5, 6, 3, 2, 8);
    ok(t, "fire esu-1 at nac-1.D");
    dice_used(t);
    assert_int_equal(ST(t, "nac-1.D")->suppression, 1);
    assert_int_equal(ST(t, "nac-1")->suppression, 0);
    const sl_event *e = last_roll(t, "confidence");
    assert_int_equal(e->unit, U(t, "nac-1.D"));
    finish(t);
}

static void test_lost_squad_or_element(void **state)
{
    (void)state;
    /* the element wiped out: folded back into the squad, which may form
     * another */
    T *t = begin(DEFAULT, "nac", false);
    ok(t, "activate nac-1");
    ok(t, "detach nac-1 nac-1-7 nac-1-8");
    kill_figs(t, "nac-1.D", 1, 2);
    ok(t, "end"); /* the check after every command folds it back */
    SAID(t, "no one of it is left standing");
    assert_int_equal(UN(t, "nac-1.D")->nfigures, 0);
    assert_int_equal(UN(t, "nac-1")->nfigures, 8);
    assert_int_equal(sl_game_living(&t->g, U(t, "nac-1")), 6);
    finish(t);

    /* the squad wiped out: the element fights on, activated as a unit of
     * its own and counted among its side's units */
    t = begin(DEFAULT, "nac", false);
    int before = sl_game_unactivated(&t->g, 0);
    ok(t, "activate nac-1");
    ok(t, "detach nac-1 nac-1-7 nac-1-8");
    ok(t, "end");
    kill_figs(t, "nac-1", 1, 6);
    assert_int_equal(sl_game_unactivated(&t->g, 0), before - 1); /* nac-1 is gone, nac-1.D not yet counted: activated */
    DICE(t, 1);
    next_turn(t, "esu");
    ok(t, "activate nac-1.D");
    assert_int_equal(sl_game_active_unit(&t->g), U(t, "nac-1.D"));
    finish(t);
}

/* --- fireteams (house rule, seed 004) -------------------------------------------------------- */

static void test_fireteam_costs(void **state)
{
    (void)state;
    T *t = begin(EXAMPLES, "nac", false);
    ok(t, "activate nac-1");
    /* a team keeps two men */
    no(t, "detach nac-1 nac-1-2 nac-1-3 nac-1-4", "would be left with 1 man");
    /* men from teams 1 and 2, which are not within fireteam integrity of
     * each other (but within squad integrity): two actions */
    ok(t, "detach nac-1 nac-1-5 nac-1-6");
    assert_int_equal(sl_game_actions_left(&t->g), 0);
    SAID(t, "Forming it takes 2 actions");
    assert_int_equal(UN(t, "nac-1.1")->nfigures, 3);
    assert_int_equal(UN(t, "nac-1.2")->nfigures, 3);
    assert_int_equal(UN(t, "nac-1.D")->nfigures, 2);
    /* the teams are still whole stretches of the squad's figures */
    const sl_unit *sq = UN(t, "nac-1");
    assert_int_equal(sq->nfigures, 7);
    int sqi = U(t, "nac-1");
    assert_int_equal(sl_unit_nparts(&t->g.live, sqi), 2);
    for (int k = 0; k < sl_unit_nparts(&t->g.live, sqi); k++) {
        int tu = sl_unit_part(&t->g.live, sqi, k);
        const sl_unit *tm = &t->g.live.units[tu];
        for (int i = 0; i < tm->nfigures; i++)
            assert_int_equal(sl_figure_part(&t->g.live, tm->first_figure + i), sl_unit_part_no(&t->g.live, tu));
    }
    assert_int_equal(sq->leader, figure_index(t, "nac-1-1"));
    finish(t);

    /* men of one team: one action; with one action left, a two-action
     * element is refused */
    t = begin(EXAMPLES, "nac", false);
    ok(t, "activate nac-1");
    ok(t, "teams nac-1");
    ok(t, "activate nac-1.1");
    /* the teams do not form elements; the squad leader does */
    no(t, "detach nac-1.1 nac-1-2", "a fireteam does not form a detached element");
    ok(t, "end");
    ok(t, "activate nac-1.2");
    ok(t, "end");
    no(t, "detach nac-1 nac-1-5 nac-1-6", "takes two actions");
    ok(t, "detach nac-1 nac-1-2 nac-1-3");
    SAID(t, "Forming it takes 1 action");
    finish(t);
}

static void test_fireteam_out_of_squad_integrity(void **state)
{
    (void)state;
    /* Phalon's team 3 stands on the hill, out of squad integrity */
    T *t = begin(FT, "phalon", false);
    ok(t, "activate ph-1");
    no(t, "detach ph-1 ph-1-8", "outside squad integrity");
    finish(t);
}

static void test_fireteam_rejoins_its_team(void **state)
{
    (void)state;
    T *t = begin(EXAMPLES, "nac", false);
    ok(t, "activate nac-1");
    ok(t, "detach nac-1 nac-1-2 nac-1-3");
    ok(t, "transfer nac-1 to nac-1.D");
    ok(t, "move nac-1.D 8.75,4.2");
    assert_true(det_unit_of(&t->g, U(t, "nac-1.D"))->away);
    /* back within fireteam integrity of team 1, where its men came from
     * (Phalon lets the second move pass); team 1 was In Position, the
     * element is not, so the team no longer is */
    ST(t, "nac-1.1")->in_position = true;
    ok(t, "move nac-1.D 8.75,9");
    ok(t, "decide pass");
    assert_false(ST(t, "nac-1.1")->in_position);
    SAID(t, "rejoins NAC 1st Squad");
    assert_int_equal(UN(t, "nac-1.1")->nfigures, 4);
    assert_int_equal(F(t, "nac-1-2")->unit, U(t, "nac-1.1"));
    assert_int_equal(UN(t, "nac-1")->nfigures, 9);
    assert_int_equal(UN(t, "nac-1.D")->nfigures, 0);
    finish(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_form_and_refusals),
        cmocka_unit_test(test_activate_away_and_rejoin),
        cmocka_unit_test(test_rejoin_brings_markers),
        cmocka_unit_test(test_element_fights_on_its_own),
        cmocka_unit_test(test_lost_squad_or_element),
        cmocka_unit_test(test_fireteam_costs),
        cmocka_unit_test(test_fireteam_out_of_squad_integrity),
        cmocka_unit_test(test_fireteam_rejoins_its_team),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
