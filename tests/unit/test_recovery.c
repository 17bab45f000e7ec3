/* Cross training and equipment recovery (seed 000) on
 * maps/lessons/tables/recovery-example.json: the seed's two examples (the Veteran/2 Phalon
 * squad, and the NAC platoon whose command squad lost its EW and SAW
 * troopers), every restriction and exception, and the odds of the
 * threat level 2 test against enumeration. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "game_fixture.h"
#include "house/house.h"

#define RECOVERY SL_SOURCE_DIR "/maps/lessons/tables/recovery-example.json"

static T *game(const char *first, const char *unit)
{
    T *t = start_seed(RECOVERY, 1);
    sl_game_begin(&t->g);
    char line[64];
    snprintf(line, sizeof line, "decide first %s", first);
    ok(t, line);
    snprintf(line, sizeof line, "activate %s", unit);
    ok(t, line);
    return t;
}

/* The seed's Phalon example: D10 must beat 4; a 4 for the support pulser
 * fails and marks it, a 9 for the plasma projector hands it on. */
static void test_phalon_example(void **state)
{
    (void)state;
    T *t = game("ph", "ph-1");
    DICE(t, 4, 9);
    int from = t->g.journal.n;
    ok(t, "reorganise ph-1 recover ph-1-2 recover ph-1-3 untreated");
    dice_used(t);
    assert_int_equal(count_rolls(t, from, "recovery"), 2);
    assert_int_equal(count_rolls(t, from, "first-aid"), 0);
    const sl_event *e = last_roll(t, "recovery");
    assert_int_equal(e->value, 9);
    assert_int_equal(e->target, 4);
    assert_true(said_since(t, from, "D10 must beat leadership 2 + threat 2 = 4"));
    /* the pulser stays with its wounded trooper, marked */
    assert_int_equal(F(t, "ph-1-2")->support, sl_weapon_find("saw-gauss"));
    assert_true(rc_kit_lost(&t->g, (int)(F(t, "ph-1-2") - t->g.live.figures)) & RC_KIT_SUPPORT);
    assert_true(said_since(t, from, "\"what\":\"kit-unrecoverable\""));
    /* the projector goes to the nearest man with free hands, who keeps his rifle */
    assert_int_equal(F(t, "ph-1-3")->support, -1);
    assert_int_equal(F(t, "ph-1-7")->support, sl_weapon_find("plasma-gun"));
    assert_int_equal(F(t, "ph-1-7")->weapon, sl_weapon_find("gauss-rifle"));
    assert_true(said_since(t, from, "ph-1-7 takes up ph-1-3's Plasma gun"));
    /* no later reorganise may try the pulser again */
    no(t, "reorganise ph-1 recover ph-1-2",
       "ph-1-2's Squad automatic weapon (gauss) failed its recovery test and is marked unrecoverable");
    finish(t);
}

/* Treated and fit, the pulser trooper works his own weapon again. */
static void test_fit_again(void **state)
{
    (void)state;
    T *t = game("ph", "ph-1");
    DICE(t, 4, 9);
    ok(t, "reorganise ph-1 recover ph-1-2 recover ph-1-3 untreated");
    DICE(t, 6, 6); /* first aid: both back in action */
    ok(t, "reorganise ph-1");
    assert_int_equal(F(t, "ph-1-2")->status, SL_FIG_OK);
    assert_int_equal(rc_kit_lost(&t->g, (int)(F(t, "ph-1-2") - t->g.live.figures)), 0);
    assert_int_equal(F(t, "ph-1-2")->support, sl_weapon_find("saw-gauss"));
    finish(t);
}

/* A man with a support weapon puts it down to take another. */
static void test_drop_to_take(void **state)
{
    (void)state;
    T *t = game("ph", "ph-1");
    DICE(t, 7);
    int from = t->g.journal.n;
    ok(t, "reorganise ph-1 recover ph-1-3 to ph-1-4 untreated");
    assert_int_equal(F(t, "ph-1-4")->support, sl_weapon_find("plasma-gun"));
    assert_true(said_since(t, from, "ph-1-4 puts down his Guided missile system, portable to take up the Plasma gun"));
    finish(t);
}

/* The platoon example: the command squad may recover either item; 1st
 * Squad (in range) the SAW but not the EW kit; the FAO team neither; 2nd
 * Squad is too far off; the attached sniper takes nothing. */
static void test_platoon_example(void **state)
{
    (void)state;
    T *t = game("nac", "cmd");
    DICE(t, 6, 6);
    ok(t, "reorganise cmd recover cmd-3 recover cmd-4 untreated");
    assert_true(F(t, "cmd-1")->equipment & SL_EQUIP_EW || F(t, "cmd-2")->equipment & SL_EQUIP_EW ||
                F(t, "cmd-5")->equipment & SL_EQUIP_EW || F(t, "cmd-6")->equipment & SL_EQUIP_EW ||
                F(t, "cmd-7")->equipment & SL_EQUIP_EW || F(t, "cmd-8")->equipment & SL_EQUIP_EW);
    finish(t);

    t = game("nac", "nac-1");
    no(t, "reorganise nac-1 recover cmd-3",
       "1st Squad may not take up cmd-3's EW kit: 1st Squad does not normally carry it");
    no(t, "reorganise nac-1 recover cmd-4 to nac-1-8", "nac-1-8 is an attached independent");
    DICE(t, 5);
    ok(t, "reorganise nac-1 recover cmd-4 untreated");
    assert_int_equal(F(t, "cmd-4")->support, -1);
    finish(t);

    t = game("nac", "fao");
    no(t, "reorganise fao recover cmd-4", "FAO Team does not normally carry it");
    no(t, "reorganise fao recover cmd-3", "FAO Team does not normally carry it");
    finish(t);

    t = game("nac", "nac-2");
    no(t, "reorganise nac-2 recover cmd-4", "out of its integrity range");
    finish(t);
}

/* The refusals of the command form: nothing to recover, not a casualty,
 * not his, named twice, one man one item. */
static void test_refusals(void **state)
{
    (void)state;
    T *t = game("ph", "ph-1");
    no(t, "reorganise ph-1 recover ph-1-5", "ph-1-5 is not a casualty");
    no(t, "reorganise ph-1 recover ph-1-2:medikit", "ph-1-2 carries no medikit");
    no(t, "reorganise ph-1 recover ph-1-2:plasma-gun", "ph-1-2's support weapon is the Squad automatic weapon (gauss)");
    no(t, "reorganise ph-1 recover ph-1-2 recover ph-1-2:support", "named twice");
    no(t, "reorganise ph-1 recover ph-1-2 to ph-1-5 recover ph-1-3 to ph-1-5", "ph-1-5 already takes up an item");
    no(t, "reorganise ph-1 recover ph-1-2 to cmd-1", "cmd-1 is not in Phalon Squad");
    no(t, "reorganise ph-1 recover cmd-4", "the enemy's");
    assert_int_equal(t->g.journal.n > 0, 1);
    finish(t);
}

/* Human squads not cross trained (the option off, or the scenario's
 * mark) recover nothing; Phalons still do; the scenario's exception 1
 * lets a squad take up what it does not carry. */
static void test_not_cross_trained(void **state)
{
    (void)state;
    T *t = start_seed(RECOVERY, 1);
    set_option(&t->g.live.options, "cross_training", false);
    sl_game_begin(&t->g);
    ok(t, "decide first nac");
    ok(t, "activate cmd");
    no(t, "reorganise cmd recover cmd-4", "Command Squad is not cross trained");
    finish(t);

    t = start_seed(RECOVERY, 1);
    set_option(&t->g.live.options, "cross_training", false);
    sl_game_begin(&t->g);
    ok(t, "decide first ph");
    ok(t, "activate ph-1");
    DICE(t, 5);
    ok(t, "reorganise ph-1 recover ph-1-3 untreated");
    finish(t);

    t = start_seed(RECOVERY, 1);
    rc_set_also_equipment(&t->g.live, U(t, "fao"), SL_EQUIP_EW);
    sl_game_begin(&t->g);
    ok(t, "decide first nac");
    ok(t, "activate fao");
    place(t, "fao", 9.0, 4.5); /* within 2" of cmd-3 */
    DICE(t, 5);
    ok(t, "reorganise fao recover cmd-3 untreated");
    finish(t);
}

/* Enemy kit only with recover_enemy_kit; then within integrity range. */
static void test_enemy_kit(void **state)
{
    (void)state;
    T *t = start_seed(RECOVERY, 1);
    set_option(&t->g.live.options, "recover_enemy_kit", true);
    sl_game_begin(&t->g);
    ok(t, "decide first ph");
    ok(t, "activate ph-1");
    no(t, "reorganise ph-1 recover cmd-4", "out of its integrity range");
    place(t, "ph-1", 11.0, 4.6);
    DICE(t, 5);
    ok(t, "reorganise ph-1 recover cmd-4 untreated");
    finish(t);
}

/* The odds of the threat 2 test: the quality die over leadership + 2,
 * checked against counting the faces, at every quality and leadership. */
static void test_odds(void **state)
{
    (void)state;
    T *t = start_seed(RECOVERY, 1);
    int u = U(t, "ph-1");
    const sl_quality qs[] = {SL_Q_UNTRAINED, SL_Q_GREEN, SL_Q_REGULAR, SL_Q_VETERAN,
                             SL_Q_ELITE};
    for (int q = 0; q < 5; q++)
        for (int l = 1; l <= 3; l++) {
            t->g.live.units[u].quality = qs[q];
            t->g.live.units[u].leadership = l;
            int sides = (int)sl_quality_die(qs[q]), pass = 0;
            for (int face = 1; face <= sides; face++)
                pass += face > l + 2;
            assert_true(fabs(rc_recovery_odds(&t->g, u) - (double)pass / sides) < 1e-12);
        }
    finish(t);
}

/* What the window lists for a reorganise: each item in reach with who
 * would take it up (different men for two picked items), the reasons
 * for the ones that may not be tried, and the command the picks make,
 * which plays the seed's example exactly as typed. */
static void test_window_list(void **state)
{
    (void)state;
    T *t = game("ph", "ph-1");
    int ph = U(t, "ph-1");
    sl_recoverable r[SL_MAX_RECOVERABLE];
    int n = sl_game_recoverables(&t->g, ph, 0, r, SL_MAX_RECOVERABLE);
    assert_int_equal(n, 2);
    assert_string_equal(t->g.live.figures[r[0].figure].id, "ph-1-2");
    assert_string_equal(t->g.live.figures[r[1].figure].id, "ph-1-3");
    assert_true(r[0].ok && r[1].ok);
    assert_true(fabs(r[0].odds - 0.6) < 1e-12);
    assert_string_equal(t->g.live.figures[r[1].taker].id, "ph-1-7");
    assert_string_equal(r[1].drops, "");
    /* both picked: the second goes to another man, as the command will do it */
    n = sl_game_recoverables(&t->g, ph, 3u, r, SL_MAX_RECOVERABLE);
    assert_int_not_equal(r[0].taker, r[1].taker);
    sl_command c;
    sl_game_recover_command(&t->g, ph, 3u, true, &c);
    char line[SL_CMD_TEXT];
    sl_command_format(&t->g.live, &c, line, sizeof line);
    assert_non_null(strstr(line, "recover ph-1-2"));
    assert_non_null(strstr(line, "recover ph-1-3"));
    assert_non_null(strstr(line, "untreated"));
    DICE(t, 4, 9);
    int from = t->g.journal.n;
    char err[300];
    assert_true(sl_game_apply(&t->g, &c, err, sizeof err));
    dice_used(t);
    assert_int_equal(count_rolls(t, from, "recovery"), 2);
    assert_int_equal(count_rolls(t, from, "first-aid"), 0);
    /* the failed one is listed with its reason; the passed one is gone */
    n = sl_game_recoverables(&t->g, ph, 0, r, SL_MAX_RECOVERABLE);
    assert_int_equal(n, 1);
    assert_false(r[0].ok);
    assert_non_null(strstr(r[0].why, "marked unrecoverable"));
    finish(t);

    /* 1st Squad sees the command squad's casualties (in range): the SAW
     * it may take up, the EW kit not, with the seed's reason */
    t = game("nac", "nac-1");
    n = sl_game_recoverables(&t->g, U(t, "nac-1"), 0, r, SL_MAX_RECOVERABLE);
    assert_int_equal(n, 2);
    assert_false(r[0].ok);
    assert_non_null(strstr(r[0].why, "does not normally carry it"));
    assert_true(r[1].ok);
    assert_string_equal(t->g.live.figures[r[1].taker].id, "nac-1-4");
    finish(t);

    /* 2nd Squad is out of range: nothing listed, O reorganises at once */
    t = game("nac", "nac-2");
    assert_int_equal(sl_game_recoverables(&t->g, U(t, "nac-2"), 0, r, SL_MAX_RECOVERABLE), 0);
    finish(t);
}

/* The same list through the window's generic list pick: the numbered
 * lines and what each says, the U toggle, and the command the picks make
 * with the toggle on (the reorganise gives none when nothing is in reach). */
static void test_pick_list(void **state)
{
    (void)state;
    T *t = game("ph", "ph-1");
    int ph = U(t, "ph-1");
    sl_list_view lv;
    assert_true(sl_game_pick_list(&t->g, ph, SL_CMD_REORGANISE, 1u, 0, &lv));
    assert_int_equal(lv.nitems, 2);
    char title[200];
    snprintf(title, sizeof title, "Reorganise %s: kit to recover", t->g.live.units[ph].name);
    assert_string_equal(lv.title, title);
    assert_true(lv.items[0].chosen && !lv.items[1].chosen);
    assert_true(lv.items[0].ok && lv.items[0].to >= 0);
    assert_int_equal(lv.items[0].figure, F(t, "ph-1-2") - t->g.live.figures);
    /* the men by their place in the squad, never by id */
    assert_non_null(strstr(lv.items[0].line, "[x] man 2 (support)'s Squad automatic weapon \xE2\x86\x92 man 6 (trooper), puts down nothing"));
    assert_non_null(strstr(lv.items[1].said_on, "a recovery test (60%)"));
    assert_string_equal(lv.foot, "Enter: reorganise with 1 test   Esc: cancel");
    assert_int_equal(lv.ntoggles, 1);
    assert_int_equal(lv.toggles[0].key, 'u');
    /* leaving the wounded untreated costs the Phalons nothing on their
     * confidence tests at medium motivation (p20) */
    assert_string_equal(lv.toggles[0].line, "[U] [ ] 2 wounded untreated: no first aid, no confidence cost (medium motivation)");
    sl_command c, d;
    sl_game_pick_list_command(&t->g, ph, SL_CMD_REORGANISE, 3u, 1u, &c);
    sl_game_recover_command(&t->g, ph, 3u, true, &d);
    char a[SL_CMD_TEXT], b[SL_CMD_TEXT];
    sl_command_format(&t->g.live, &c, a, sizeof a);
    sl_command_format(&t->g.live, &d, b, sizeof b);
    assert_string_equal(a, b);
    assert_false(sl_game_pick_list(&t->g, ph, SL_CMD_RALLY, 0, 0, &lv));
    finish(t);
    t = game("nac", "nac-2");
    assert_false(sl_game_pick_list(&t->g, U(t, "nac-2"), SL_CMD_REORGANISE, 0, 0, &lv));
    sl_game_pick_list_command(&t->g, U(t, "nac-2"), SL_CMD_REORGANISE, 0, 0, &c);
    assert_int_equal(c.kind, SL_CMD_REORGANISE);
    assert_int_equal(rc_cmd_of(&c).n, 0);
    finish(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_phalon_example), cmocka_unit_test(test_fit_again),
        cmocka_unit_test(test_drop_to_take),   cmocka_unit_test(test_platoon_example),
        cmocka_unit_test(test_refusals),       cmocka_unit_test(test_not_cross_trained),
        cmocka_unit_test(test_enemy_kit),      cmocka_unit_test(test_odds),
        cmocka_unit_test(test_window_list),    cmocka_unit_test(test_pick_list),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
