/* Faults a random soak found (issue 13), each played out on a real
 * scenario: a decision that could never be answered, and units with no
 * one standing that went on acting and being acted for. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "game_fixture.h"
#include "house/house.h"
#include "skirmish/skirmish.h"

#define OUTPOST SL_SOURCE_DIR "/maps/outpost.json"

/* Every figure of the unit but one lies wounded where it fell; the one
 * man standing has wandered 6" off. */
static void strand(T *t, const char *unit, int standing)
{
    const sl_unit *u = UN(t, unit);
    for (int i = 0; i < u->nfigures; i++) {
        sl_figure *f = &t->g.live.figures[u->first_figure + i];
        if (i + 1 == standing)
            f->pos.y += IN(6);
        else
            f->status = SL_FIG_WOUNDED;
    }
}

/* The softlock: Marines 2nd Squad's one man standing is out of
 * integrity from its wounded. Reorganising brings him back to them. It
 * used to be accepted, offered to the ESU as opportunity fire, and then
 * refused when it resolved ("still out of integrity"), so every answer to
 * the offer was refused for ever. Now the reorganise works (he goes back
 * to the wounded), the offer can be answered, and the game goes on. */
static void test_reorganise_offer_can_be_answered(void **state)
{
    (void)state;
    T *t = begin(OUTPOST, "nac", true);
    ok(t, "activate nac-2");
    strand(t, "nac-2", 5);
    sl_integrity in;
    sl_unit_integrity(&t->g.live, U(t, "nac-2"), NULL, NULL, &in);
    assert_false(in.intact);
    /* first aid for the seven wounded, after the answer: all stabilised */
    DICE(t, 4, 4, 4, 4, 4, 4, 4);
    ok(t, "reorganise nac-2");
    assert_int_equal(t->g.pending.kind, of_decide_kind());
    ok(t, "decide pass");
    assert_int_equal(t->g.pending.kind, SL_DECIDE_NONE);
    sl_unit_integrity(&t->g.live, U(t, "nac-2"), NULL, NULL, &in);
    assert_true(in.intact);
    SAID(t, "nac-2-5 comes back in");
    SAID(t, "Marines 2nd Squad reorganises: in integrity");
    finish(t);
}

/* A reorganise that cannot end in integrity (a man placed too far) is
 * refused before anyone is asked to answer it, and nothing changes. */
static void test_hopeless_reorganise_refused_up_front(void **state)
{
    (void)state;
    T *t = begin(OUTPOST, "nac", true);
    ok(t, "activate nac-2");
    sl_pt before = F(t, "nac-2-5")->pos;
    no(t, "reorganise nac-2 nac-2-5 18,14.5", "would still be out of integrity");
    assert_int_equal(t->g.pending.kind, SL_DECIDE_NONE);
    assert_int_equal(F(t, "nac-2-5")->pos.y, before.y);
    finish(t);
}

/* Bravo has no one left standing: it is out of the fight. Nothing may
 * be done by it, for it or to it. */
static void test_destroyed_unit(void **state)
{
    (void)state;
    T *t = start();
    ok(t, "decide first esu");
    const sl_unit *b = UN(t, "b");
    for (int i = 0; i < b->nfigures; i++)
        t->g.live.figures[b->first_figure + i].status = i % 2 ? SL_FIG_DEAD : SL_FIG_WOUNDED;
    no(t, "activate b", "Bravo has no one left standing");
    ok(t, "activate hq2");
    no(t, "transfer hq2 to b", "Bravo has no one left standing to take the action");
    no(t, "rally hq2 b", "Bravo has no one left standing to rally");
    no(t, "communicate hq2 with b", "Bravo has no one left standing to hear it");
    ok(t, "end");
    /* NAC's turn: Bravo's wounded are not a target */
    ok(t, "activate a");
    no(t, "fire a at b", "Bravo has no one left standing");
    no(t, "assault a b", "Bravo has no one left standing");
    /* its counter says so in the window */
    sl_mark m[4];
    assert_int_equal(sl_game_marks(&t->g, U(t, "b"), m, 4), 1);
    assert_string_equal(m[0].text, "LOST");
    finish(t);
}

/* Only wounded men left: fire at them used to go ahead, rolling armour
 * and allocation for men already down. */
static void test_fire_at_only_wounded_refused(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    const sl_unit *b = UN(t, "b");
    for (int i = 0; i < b->nfigures; i++)
        t->g.live.figures[b->first_figure + i].status = SL_FIG_WOUNDED;
    ok(t, "activate a");
    int n = t->g.journal.n;
    no(t, "fire a at b", "no one left standing");
    assert_int_equal(t->g.journal.n, n);
    sl_fire_preview pv;
    sl_game_fire_preview(&t->g, U(t, "a"), U(t, "b"), SL_FIRE_ALL, &pv);
    assert_false(pv.possible);
    finish(t);
}

/* A command built rather than typed (the window, the solo player) is
 * played as the line the journal writes for it: one that line cannot say
 * is refused, never accepted and then unreplayable. The soak found a
 * combat move with a SkirmishCorps way of moving, an "end" with the
 * squad leader, a regroup of nobody: all accepted, all saved as lines
 * the save could not replay. */
static void test_built_commands_replay(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    ok(t, "activate a");
    sl_command c;
    sl_pt to = sl_pt_make(IN(11.3), IN(15));
    sl_cmd_move(&c, SL_CMD_COMBAT_MOVE, U(t, "a"), &to, 1);
    sc_set_mode(&c, SC_SPRINT);
    int n = t->g.journal.n;
    assert_false(sl_game_apply(&t->g, &c, t->err, sizeof t->err));
    assert_non_null(strstr(t->err, "cannot be written down as a command line"));
    assert_int_equal(t->g.journal.n, n);
    sl_cmd_init(&c, SL_CMD_END_ACTIVATION, U(t, "a"));
    ft_set_with_leader(&c, true);
    assert_false(sl_game_apply(&t->g, &c, t->err, sizeof t->err));
    assert_non_null(strstr(t->err, "with-leader"));
    /* a point off the table, as a stray click could give */
    to = sl_pt_make(IN(-0.001), IN(15));
    sl_cmd_move(&c, SL_CMD_MOVE, U(t, "a"), &to, 1);
    assert_false(sl_game_apply(&t->g, &c, t->err, sizeof t->err));
    assert_non_null(strstr(t->err, "off the"));
    /* a good one is played as its line, which replays */
    to = sl_pt_make(IN(11.3), IN(14.1234));
    sl_cmd_move(&c, SL_CMD_MOVE, U(t, "a"), &to, 1);
    assert_true(sl_game_apply(&t->g, &c, t->err, sizeof t->err));
    SAID(t, "move a 11.3,14.123");
    finish(t);
}

/* SkirmishCorps: no figure is moved off the table (the soak found the
 * window's way of building a move put one at -0.001"). */
static void test_skirmish_stays_on_table(void **state)
{
    (void)state;
    T *t = start_seed(SL_SOURCE_DIR "/maps/lessons/tables/skirmish-example.json", 1);
    sl_game_begin(&t->g);
    ok(t, "decide first blue");
    ok(t, "activate scout");
    sl_command c;
    sl_pt to = sl_pt_make(-1, 1);
    sl_cmd_move(&c, SL_CMD_MOVE, U(t, "scout"), &to, 1);
    sc_set_mode(&c, SC_RUN);
    int n = t->g.journal.n;
    assert_false(sl_game_apply(&t->g, &c, t->err, sizeof t->err));
    assert_non_null(strstr(t->err, "off the"));
    assert_int_equal(t->g.journal.n, n);
    ok(t, "move scout run 0,18"); /* the edge itself is on the table */
    finish(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reorganise_offer_can_be_answered),
        cmocka_unit_test(test_hopeless_reorganise_refused_up_front),
        cmocka_unit_test(test_destroyed_unit),
        cmocka_unit_test(test_fire_at_only_wounded_refused),
        cmocka_unit_test(test_built_commands_replay),
        cmocka_unit_test(test_skirmish_stays_on_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
