/* Travel movement (rulebook p24), the rule added as one file and one
 * table row to prove the rules-as-modules shape: forming the column,
 * the double move, what a column may not do, reorganising out of it,
 * fire at a column, and what the window offers and marks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "game_fixture.h"

static bool in_column(T *t, const char *unit)
{
    sl_mark m[16];
    int n = sl_game_marks(&t->g, U(t, unit), m, 16);
    for (int i = 0; i < n; i++)
        if (strcmp(m[i].text, "COLUMN") == 0)
            return true;
    return false;
}

static bool offers_column(T *t, const char *unit)
{
    sl_offer o[32];
    int n = sl_game_offers(&t->g, U(t, unit), o, 32);
    for (int i = 0; i < n; i++)
        if (strcmp(o[i].label, "Travel column") == 0) {
            assert_string_equal(o[i].key, "Shift+M");
            return true;
        }
    return false;
}

/* The centroid of the unit's living men. */
static sl_pt centroid(T *t, const char *unit)
{
    const sl_unit *u = UN(t, unit);
    int64_t x = 0, y = 0;
    int n = 0;
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &t->g.live.figures[u->first_figure + i];
        if (f->status != SL_FIG_DEAD) {
            x += f->pos.x;
            y += f->pos.y;
            n++;
        }
    }
    return sl_pt_make((int32_t)(x / n), (int32_t)(y / n));
}

/* Alpha (six men, 1.3" apart in two rows) forms up: one man wide, every
 * base touching the next, the leader at the head, the unit's centre where
 * it was; an action spent, and nothing else it may do but move. */
static void test_form_column(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    ok(t, "activate a");
    assert_true(offers_column(t, "a"));
    sl_pt before = centroid(t, "a");
    ok(t, "travel a 30,10.65");
    SAID(t, "forms a travel column");
    assert_true(in_column(t, "a"));
    assert_false(offers_column(t, "a"));
    assert_int_equal(ST(t, "a")->actions_done, 1);
    const sl_unit *u = UN(t, "a");
    sl_pt after = centroid(t, "a");
    assert_true(abs(after.x - before.x) <= 1 && abs(after.y - before.y) <= 1);
    /* toward x = 30: the leader furthest east, then each man behind him,
     * bases touching (within a mil of rounding) */
    const sl_figure *lead = F(t, "a-1");
    for (int i = 0; i < u->nfigures; i++)
        assert_true(t->g.live.figures[u->first_figure + i].pos.x <= lead->pos.x);
    for (int i = 0; i + 1 < u->nfigures; i++) {
        const sl_figure *f = &t->g.live.figures[u->first_figure + i];
        const sl_figure *n = &t->g.live.figures[u->first_figure + i + 1];
        double d = sqrt((double)sl_dist2(f->pos, n->pos));
        assert_true(fabs(d - (f->base_r + n->base_r)) <= 2.0);
        assert_true(abs(f->pos.y - IN(10.65)) <= 1);
    }
    /* forming again, firing, a combat move: refused and nothing changes */
    no(t, "travel a", "already in a travel column");
    no(t, "fire a at b", "travel column");
    no(t, "combat-move a 15,10.65", "travel column");
    finish(t);
}

/* In the column a move is twice the base move: 12" goes, a little more
 * does not. */
static void test_double_move(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    ok(t, "activate a");
    ok(t, "travel a 30,10.65");
    /* moves are measured from the unit's centre (p22) */
    sl_pt c = sl_unit_centre(&t->g.live, U(t, "a"), NULL);
    char line[64];
    snprintf(line, sizeof line, "move a %.3f,%.3f", c.x / 1000.0 + 12.2, c.y / 1000.0);
    no(t, line, "12");
    snprintf(line, sizeof line, "move a %.3f,%.3f", c.x / 1000.0 + 11.9, c.y / 1000.0);
    ok(t, line);
    assert_true(in_column(t, "a"));
    finish(t);

    /* not in a column, 6" is the limit */
    t = start();
    nac_first(t);
    ok(t, "activate a");
    c = sl_unit_centre(&t->g.live, U(t, "a"), NULL);
    snprintf(line, sizeof line, "move a %.3f,%.3f", c.x / 1000.0, c.y / 1000.0 + 11.9);
    no(t, line, "6");
    finish(t);
}

/* Bravo fires at Alpha in its column: the range die is one type lower and
 * the journal says why; the fire does nothing, yet Alpha is suppressed.
 * Then a reorganise puts Alpha back in combat order and it may fire. */
static void test_fire_at_column_and_reorganise(void **state)
{
    (void)state;
    T *t = start();
    nac_first(t);
    ok(t, "activate a");
    ok(t, "travel a 30,10.65");
    ok(t, "end a");
    ok(t, "activate b");
    int from = t->g.journal.n;
    /* Bravo at 22.5": band 3 for regulars (8"), a D8 range die, one type
     * lower for the column: a D6, rolling 6; Bravo's quality D8 and
     * firepower D12 roll 1 and 1: the fire does nothing, yet the column is
     * suppressed, its first suppression, so it tests its confidence
     * (D8 rolls 8 against leadership 2 + threat 1) */
    DICE(t, 6, 1, 1, 8);
    ok(t, "fire b at a");
    dice_used(t);
    const sl_event *range = NULL;
    for (int i = from; i < t->g.journal.n && !range; i++)
        if (t->g.journal.ev[i].kind == SL_EV_ROLL && strcmp(t->g.journal.ev[i].test, "fire") == 0)
            range = &t->g.journal.ev[i];
    assert_non_null(range);
    assert_int_equal(range->die, SL_D6);
    assert_int_equal(range->value, 6);
    assert_true(said_since(t, from, "band 3 of 8\" (D8)"));
    assert_true(said_since(t, from, "caught in a travel column, one type lower; range die D6"));
    assert_true(said_since(t, from, "does nothing") || said_since(t, from, "no effect"));
    assert_true(said_since(t, from, "caught in a travel column, whatever the fire did"));
    assert_int_equal(count_rolls(t, from, "impact"), 0);
    assert_int_equal(ST(t, "a")->suppression, 1);
    const sl_event *conf = last_roll(t, "confidence");
    assert_int_equal(conf->target, 3);
    assert_true(strstr(conf->text, "caught in a travel column") != NULL);
    assert_int_equal(sl_game_living(&t->g, U(t, "a")), 6);
    ok(t, "end b");
    ok(t, "done nac");
    ok(t, "done esu");
    assert_int_equal(t->g.turn, 2);
    ok(t, "decide first nac");

    /* Alpha's next activation: still in its column, it removes the
     * suppression (D8 rolls 6 against 2) and then reorganises, back in
     * combat order */
    assert_true(in_column(t, "a"));
    ok(t, "activate a");
    no(t, "fire a at b", "travel column");
    DICE(t, 6);
    ok(t, "remove-suppression a");
    assert_int_equal(ST(t, "a")->suppression, 0);
    assert_true(in_column(t, "a"));
    no(t, "fire a at b", "travel column");
    ok(t, "reorganise a");
    SAID(t, "back in combat order");
    assert_false(in_column(t, "a"));
    assert_true(offers_column(t, "a"));
    finish(t);
}

/* Who may not form one: a vehicle, a squad split into fireteams, or one of
 * its teams. */
static void test_who_may_not(void **state)
{
    (void)state;
    T *t = start();
    ok(t, "decide first esu");
    ok(t, "activate v");
    assert_false(offers_column(t, "v"));
    no(t, "travel v", "only troops on foot");
    finish(t);

    t = begin(SL_SOURCE_DIR "/maps/fireteams.json", "nac", false);
    ok(t, "activate nac-1");
    assert_false(offers_column(t, "nac-1"));
    /* the fireteams rule answers first for the whole squad */
    no(t, "travel nac-1", "not something a whole squad does at once");
    ok(t, "teams nac-1");
    ok(t, "activate nac-1.1");
    no(t, "travel nac-1.1", "a squad split into fireteams does not form a travel column");
    finish(t);

    /* the SkirmishCorps ruleset has no travel columns */
    t = start_seed(SL_SOURCE_DIR "/maps/lessons/tables/skirmish-example.json", 1);
    sl_game_begin(&t->g);
    ok(t, "decide first blue");
    ok(t, "activate unit-a");
    assert_false(offers_column(t, "unit-a"));
    no(t, "travel unit-a", "travel is a Stargrunt II action");
    finish(t);
}

/* Weapons shouldered: a column does not fire out of its turn either.
 * Bravo forms up in turn 1; in turn 2 Alpha moves twice in its sight,
 * and Bravo, unactivated, is not among those offered reaction fire (p53),
 * as it is in test_rules' test_reaction_fire when not in a column. */
static void test_no_reaction_fire(void **state)
{
    (void)state;
    T *t = start();
    ok(t, "decide first esu");
    ok(t, "activate b");
    ok(t, "travel b");
    ok(t, "end");
    ok(t, "done nac");
    ok(t, "done esu");
    ok(t, "decide first nac");
    assert_true(in_column(t, "b"));
    ok(t, "activate a");
    ok(t, "move a 11.3,15");
    ok(t, "move a 11.3,20");
    assert_int_equal(t->g.pending.kind, SL_DECIDE_REACTION_FIRE);
    assert_false(offered(t, "b"));
    assert_true(t->g.pending.noptions >= 1); /* others in sight still are */
    no(t, "decide fire b", "may not fire now");
    finish(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_form_column),
        cmocka_unit_test(test_double_move),
        cmocka_unit_test(test_fire_at_column_and_reorganise),
        cmocka_unit_test(test_who_may_not),
        cmocka_unit_test(test_no_reaction_fire),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
