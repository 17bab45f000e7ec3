/* Decisions and picks as the rules show them (sl_game_decision,
 * sl_cmd_pick): the overwatch worked example's decisions, each with its
 * side, the panel's words, its answers by key (the commands they give
 * are the lines the players type), and the picks commands declare. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "game_fixture.h"

#define OUTPOST SL_SOURCE_DIR "/maps/outpost.json"

static sl_decision_view dv;

/* The line the answer a key gives is written as ("" none). */
static const char *keyed(T *t, int key)
{
    static char line[SL_CMD_TEXT];
    int i = sl_decision_key(&dv, key);
    line[0] = '\0';
    if (i >= 0)
        sl_command_format(&t->g.live, &dv.answers[i].cmd, line, sizeof line);
    return line;
}

static void give(T *t, int key)
{
    int i = sl_decision_key(&dv, key);
    assert_true(i >= 0);
    assert_true(sl_game_apply(&t->g, &dv.answers[i].cmd, t->err, sizeof t->err));
}

static void test_overwatch_example(void **state)
{
    (void)state;
    T *t = start_seed(OUTPOST, 1);
    int *v, n;
    sl_diag d;
    sl_diag_init(&d);
    assert_true(sl_dice_file_load(SL_SOURCE_DIR "/tests/replays/overwatch-example.dice", &v, &n, &d));
    sl_diag_free(&d);
    assert_true(sl_game_script_dice(&t->g, v, n));
    free(v);
    sl_game_begin(&t->g);
    /* who goes first: a number per side */
    assert_true(sl_game_decision(&t->g, -1, -1, 0, &dv));
    assert_string_equal(dv.duty, "to choose who goes first");
    assert_string_equal(keyed(t, '1'), "decide first nac");
    assert_string_equal(keyed(t, 'n'), "");
    give(t, '1');
    ok(t, "activate nac-1");
    assert_false(sl_game_decision(&t->g, -1, -1, 0, &dv));
    assert_int_equal(sl_game_choosing(&t->g), SL_CHOOSE_NONE);
    ok(t, "move nac-1 25.4,5.0");
    /* opportunity fire along the move: a number chooses, then a point */
    assert_true(sl_game_decision(&t->g, 1, -1, 0, &dv));
    assert_int_equal(dv.side, 1);
    assert_string_equal(dv.duty, "to decide: opportunity fire?");
    assert_int_equal(dv.chooses, SL_CHOOSE_POINT);
    assert_true(dv.confirm && dv.solo);
    assert_string_equal(keyed(t, 'n'), "decide pass");
    assert_string_equal(keyed(t, '0'), "decide pass");
    int i = sl_decision_unit(&dv, U(t, "esu-1"));
    assert_true(i >= 0);
    assert_int_equal(dv.answers[i].key, '1' + i);
    assert_string_equal(dv.lines[dv.nlines - 1], "[N] no (more) opportunity fire");
    ok(t, "decide fire esu-1 at 27.5,5");
    /* the mover goes on: Enter, or stop */
    assert_true(sl_game_decision(&t->g, 0, -1, 2, &dv));
    assert_int_equal(dv.chooses, SL_CHOOSE_WAY);
    assert_string_equal(keyed(t, '\r'), "decide continue");
    assert_string_equal(keyed(t, 's'), "decide stop");
    assert_string_equal(dv.said_click, "A new way: 2 points; Enter goes, Backspace takes one back");
    give(t, '\r');
    assert_int_equal(sl_unit_centre(&t->g.live, U(t, "nac-1"), NULL).x, IN(25.4));
    finish(t);
}

static void test_picks(void **state)
{
    (void)state;
    sl_pick_info p;
    sl_cmd_pick(SL_CMD_FIRE, &p);
    assert_int_equal(p.kind, SL_PICK_UNIT);
    assert_true(p.enemy);
    assert_int_equal(p.card, SL_PICK_CARD_FIRE);
    assert_string_equal(sl_cmd_pick_verb(SL_CMD_TRANSFER), "transfer an action to");
    assert_string_equal(sl_cmd_pick_verb(SL_CMD_EMBARK), "embark");
    sl_cmd_pick(SL_CMD_COMBAT_MOVE, &p);
    assert_int_equal(p.kind, SL_PICK_PATH);
    assert_true(p.destination);
    sl_cmd_pick(SL_CMD_DONE, &p);
    assert_int_equal(p.kind, SL_PICK_SIDE);
    sl_cmd_pick(sl_cmd_find("aim"), &p);
    assert_int_equal(p.kind, SL_PICK_UNIT);
    assert_true(p.enemy);
    sl_cmd_pick(sl_cmd_find("call-fire"), &p);
    assert_int_equal(p.kind, SL_PICK_POINT);
    /* every kind answers, a house rule's too */
    for (int k = 0; k < sl_cmd_kinds(); k++)
        assert_non_null(sl_cmd_pick_verb(k));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_overwatch_example),
        cmocka_unit_test(test_picks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
