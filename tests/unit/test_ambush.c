/* Ambushes (seeds 000 and 003) on the shipped maps/ambush.json (a road
 * through woods): each rule of the procedure with fixed dice, the options,
 * the solo policy, and the odds of the threat -1 tests against
 * enumeration. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "game_fixture.h"
#include "house/house.h"

#define AMBUSH SL_SOURCE_DIR "/maps/ambush.json"

/* The set-up of the replays: the column written, the ambusher's counters
 * placed (1st Squad at the woods' edge where the column can see it). */
static T *set_up(int kind, const char *spot_at)
{
    T *t = start_seed(AMBUSH, 1);
    set_option(&t->g.live.options, "ambush", kind);
    sl_game_begin(&t->g);
    ok(t, "column nac-1 4 nac-hq 4 nac-2");
    char line[64];
    snprintf(line, sizeof line, "place esu-1 %s", spot_at);
    ok(t, line);
    ok(t, "place esu-2 34,12");
    ok(t, "place esu-hq 28,11");
    ok(t, "place esu-dummy-1 40,10");
    ok(t, "place esu-dummy-2 6,11");
    ok(t, "done esu");
    return t;
}

/* Where the lead's front stands on the road (which runs along y 17.5 from
 * x 0.2): its x. */
static double lead_front(T *t)
{
    am_info in;
    assert_true(am_info_of(&t->g, &in));
    return sl_path_point_at(in.route, in.nroute, in.lead_at).x / 1000.0;
}

/* The side the sprung state event names first. */
static const char *first_side(T *t)
{
    static char side[32];
    for (int i = t->g.journal.n - 1; i >= 0; i--) {
        const char *j = strstr(t->g.journal.ev[i].json, "\"what\":\"sprung\",\"first\":\"");
        if (j) {
            j += strlen("\"what\":\"sprung\",\"first\":\"");
            snprintf(side, sizeof side, "%.*s", (int)strcspn(j, "\""), j);
            return side;
        }
    }
    fail_msg("never sprung");
    return "";
}

/* The order is secret until the ambusher has set up, and must name every
 * unit of the column's side once; the ambusher places only in his zone. */
static void test_setup_order(void **state)
{
    (void)state;
    T *t = start_seed(AMBUSH, 1);
    sl_game_begin(&t->g);
    am_info in;
    assert_true(am_info_of(&t->g, &in));
    assert_int_equal(in.phase, AM_COLUMN);
    no(t, "place esu-1 12,12", "writes the order of its column");
    no(t, "column nac-1 4 nac-hq", "NAC 2nd Squad is not in the column");
    no(t, "column nac-1 4 nac-hq 4 nac-1", "named twice");
    no(t, "spring 30,17.5", "writes the order of its column");
    ok(t, "column nac-2 3 nac-1 2 nac-hq");
    assert_true(am_info_of(&t->g, &in));
    assert_int_equal(in.phase, AM_PLACING);
    assert_int_equal(in.nunits, 3);
    assert_int_equal(in.gaps[0], 3000);
    /* the other side reads only that it was written */
    int esu = sl_scenario_find_side(&t->g.live, "esu"), nac = sl_scenario_find_side(&t->g.live, "nac");
    for (int i = t->g.journal.n - 1; i >= 0; i--)
        if (t->g.journal.ev[i].kind == SL_EV_COMMAND) {
            assert_non_null(strstr(sl_event_text_for(&t->g.journal.ev[i], nac), "nac-2 3"));
            assert_null(strstr(sl_event_text_for(&t->g.journal.ev[i], esu), "nac-2"));
            break;
        }
    no(t, "place esu-1 12,25", "outside Eurasian Solar Union's set-up zone");
    ok(t, "place esu-1 12,12");
    no(t, "done esu", "still to be placed");
    finish(t);
}

/* Simple: the column laid out behind the point, the ambusher first, no
 * test rolled. */
static void test_simple(void **state)
{
    (void)state;
    T *t = set_up(1, "12,12");
    no(t, "wait", "sprung at once");
    no(t, "spring 10,17.5", "would not all be on the table");
    int from = t->g.journal.n;
    ok(t, "spring 30,17.5");
    assert_int_equal(count_rolls(t, from, "ambush"), 0);
    assert_string_equal(first_side(t), "esu");
    /* the lead's front rank at the point; NAC 1st Squad's last rank 4"
     * (and a base's room) ahead of the HQ's first */
    assert_true(fabs(lead_front(t) - 30.0) < 0.01);
    double lead_x = -1, hq_x = -1;
    for (int i = 0; i < UN(t, "nac-1")->nfigures; i++)
        lead_x = fmax(lead_x, t->g.live.figures[UN(t, "nac-1")->first_figure + i].pos.x / 1000.0);
    assert_true(lead_x < 30.0 && lead_x > 28.5);
    for (int i = 0; i < UN(t, "nac-hq")->nfigures; i++)
        hq_x = fmax(hq_x, t->g.live.figures[UN(t, "nac-hq")->first_figure + i].pos.x / 1000.0);
    double nac1_rear = 1e9;
    for (int i = 0; i < UN(t, "nac-1")->nfigures; i++)
        nac1_rear = fmin(nac1_rear, t->g.live.figures[UN(t, "nac-1")->first_figure + i].pos.x / 1000.0);
    assert_true(nac1_rear - hq_x > 4.0 && nac1_rear - hq_x < 6.0);
    finish(t);
}

/* Complex: each approach turn the two squads test (the leadership 1 HQ
 * does not); passed, the lead moves its full 6" and the column looks. */
static void test_approach(void **state)
{
    (void)state;
    T *t = set_up(2, "12,12");
    double lead = lead_front(t);
    assert_true(fabs(lead - 5.1) < 0.05); /* the lead's rear man at the route's start */
    int from = t->g.journal.n;
    DICE(t, 5, 5);
    ok(t, "wait");
    dice_used(t);
    assert_int_equal(count_rolls(t, from, "ambush"), 2);
    assert_true(said_since(t, from, "ESU Ambush HQ (leadership 1) makes no test"));
    assert_true(fabs(lead_front(t) - lead - 6.0) < 0.01);
    assert_int_equal(count_rolls(t, from, "spot"), 0); /* the counters lie too deep in the woods */
    /* a spring more than a full move ahead, or behind the lead, refused */
    no(t, "spring 40,17.5", "more than its full move");
    no(t, "spring 8,17.5", "already");
    no(t, "spring 30,25", "not on the column's route");
    finish(t);
}

/* The frontmost and rearmost x of a unit's men (the road runs east). */
static double front_x(T *t, const char *id)
{
    double x = -1e9;
    for (int i = 0; i < UN(t, id)->nfigures; i++)
        x = fmax(x, t->g.live.figures[UN(t, id)->first_figure + i].pos.x / 1000.0);
    return x;
}

static double rear_x(T *t, const char *id)
{
    double x = 1e9;
    for (int i = 0; i < UN(t, id)->nfigures; i++)
        x = fmin(x, t->g.live.figures[UN(t, id)->first_figure + i].pos.x / 1000.0);
    return x;
}

/* The seeds' approach: the lead alone comes on at the table's edge; each
 * approach turn it moves its full 6", and the units behind come on at
 * their gaps once they fit on the table, the others not yet on (not drawn,
 * beyond the edge, no spotting attempt). 1st Squad is 4.9" long (four
 * pairs of men 1.225" apart), the HQ 2.45": the HQ comes on in the second
 * approach turn, 2nd Squad in the third. */
static void test_column_enters(void **state)
{
    (void)state;
    T *t = set_up(2, "12,12");
    /* the lead's rear man at the route's start (x 0.2), the others off */
    assert_true(fabs(lead_front(t) - 5.1) < 0.05);
    assert_true(rear_x(t, "nac-1") > 0.2 && rear_x(t, "nac-1") < 1.5);
    assert_true(sl_game_not_yet_on(&t->g, U(t, "nac-hq")) && sl_game_off_table(&t->g, U(t, "nac-hq")));
    assert_true(sl_game_not_yet_on(&t->g, U(t, "nac-2")) && sl_game_off_table(&t->g, U(t, "nac-2")));
    assert_false(sl_game_off_table(&t->g, U(t, "nac-1")));
    assert_true(front_x(t, "nac-hq") < 0 && front_x(t, "nac-2") < rear_x(t, "nac-hq"));
    SAID(t, "Not yet on the table (they come on behind the lead at their gaps as it advances): NAC Patrol HQ, "
            "NAC 2nd Squad");
    sl_card_line card[4];
    int nc = sl_game_card(&t->g, U(t, "nac-hq"), card, 4);
    assert_true(nc >= 2 && strstr(card[nc - 1].text, "not yet on the table"));
    double lead = lead_front(t);
    static const double hq_on[] = {0, 1, 1, 1}, two_on[] = {0, 0, 1, 1};
    for (int turn = 0; turn < 4; turn++) {
        int from = t->g.journal.n;
        DICE(t, 5, 5);
        ok(t, "wait");
        dice_used(t);
        assert_true(fabs(lead_front(t) - lead - 6.0 * (turn + 1)) < 0.01);
        assert_int_equal(!sl_game_not_yet_on(&t->g, U(t, "nac-hq")), hq_on[turn]);
        assert_int_equal(!sl_game_not_yet_on(&t->g, U(t, "nac-2")), two_on[turn]);
        assert_int_equal(said_since(t, from, "NAC 2nd Squad is not on the table yet: no spotting attempt"),
                         !two_on[turn]);
    }
    /* on, each unit stands its gap (and a base's room) behind the one ahead */
    assert_true(rear_x(t, "nac-1") - front_x(t, "nac-hq") > 4.0 && rear_x(t, "nac-1") - front_x(t, "nac-hq") < 6.0);
    assert_true(rear_x(t, "nac-hq") - front_x(t, "nac-2") > 4.0 && rear_x(t, "nac-hq") - front_x(t, "nac-2") < 6.0);
    assert_true(rear_x(t, "nac-2") > 0.2);
    SAID(t, "NAC 2nd Squad comes on along the route, 4.0\" behind NAC Patrol HQ");
    finish(t);
}

/* Sprung before the whole column is on: the units still off can be
 * neither shot at nor fire, and one comes on at the route's start, its
 * rear at the edge, when its side activates it. */
static void test_sprung_before_all_on(void **state)
{
    (void)state;
    T *t = set_up(2, "12,12");
    DICE(t, 5, 5);
    ok(t, "spring 9,17.5");
    dice_used(t);
    assert_string_equal(first_side(t), "esu");
    assert_true(sl_game_not_yet_on(&t->g, U(t, "nac-hq")));
    ok(t, "activate esu-hq");
    no(t, "fire esu-hq at nac-hq", "NAC Patrol HQ is not on the table yet");
    ok(t, "end");
    ok(t, "activate nac-hq");
    SAID(t, "NAC Patrol HQ comes on along the route, its rear at the table's edge");
    assert_false(sl_game_not_yet_on(&t->g, U(t, "nac-hq")));
    assert_false(sl_game_off_table(&t->g, U(t, "nac-hq")));
    assert_true(rear_x(t, "nac-hq") > 0.2 && front_x(t, "nac-hq") < 5.0);
    assert_true(sl_game_not_yet_on(&t->g, U(t, "nac-2")));
    finish(t);
}

/* A failed test: the lead moves its movement die, even past the chosen
 * point; the ambusher first. The random move comes whether or not he
 * meant to spring. */
static void test_premature(void **state)
{
    (void)state;
    for (int springing = 0; springing < 2; springing++) {
        T *t = set_up(2, "12,12");
        double lead = lead_front(t);
        DICE(t, 5, 2, 6);
        ok(t, springing ? "spring 9,17.5" : "wait");
        dice_used(t);
        assert_string_equal(last_roll(t, "ambush-move")->test, "ambush-move");
        assert_true(fabs(lead_front(t) - lead - 6.0) < 0.01);
        assert_string_equal(first_side(t), "esu");
        assert_int_equal(said(t, "past the point the ambusher chose"), springing);
        assert_int_equal(count_rolls(t, 0, "spot"), 0);
        finish(t);
    }
}

/* Sprung where he chose: the lead stops there, no last spotting attempt
 * even with a counter in sight. */
static void test_sprung_at_point(void **state)
{
    (void)state;
    T *t = set_up(2, "12.5,13.4");
    DICE(t, 5, 5);
    ok(t, "spring 10,17.5");
    dice_used(t);
    assert_true(fabs(lead_front(t) - 10.0) < 0.01);
    assert_string_equal(first_side(t), "esu");
    assert_int_equal(count_rolls(t, 0, "spot"), 0);
    assert_int_equal(t->g.turn, 1);
    finish(t);
}

/* Spotting: 1st Squad, the lead, sees counter B at the woods' edge (the
 * others are not on the table yet); one die beating its concealment finds
 * the ambush (ambush_spot one-die), the column first; with both-dice one
 * is not enough; a dummy found is removed and finds nothing. */
static void test_spotting(void **state)
{
    (void)state;
    T *t = set_up(2, "12.5,13.4");
    DICE(t, 5, 5, 2, 6, 1);
    ok(t, "wait");
    dice_used(t);
    assert_int_equal(count_rolls(t, 0, "spot"), 3);
    assert_string_equal(first_side(t), "nac");
    assert_true(ST(t, "esu-1")->flipped);
    finish(t);

    t = set_up(2, "12.5,13.4");
    set_option(&t->g.live.options, "ambush_spot", 1);
    DICE(t, 5, 5, 2, 6, 1);
    ok(t, "wait");
    dice_used(t);
    SAID(t, "both must beat it");
    am_info in;
    am_info_of(&t->g, &in);
    assert_int_equal(in.phase, AM_SPRING);
    assert_int_equal(in.approach, 2);
    finish(t);

    /* the dummy where 1st Squad lay: found and removed, the approach goes on */
    t = start_seed(AMBUSH, 1);
    sl_game_begin(&t->g);
    ok(t, "column nac-1 4 nac-hq 4 nac-2");
    ok(t, "place esu-1 12,12");
    ok(t, "place esu-2 34,12");
    ok(t, "place esu-hq 28,11");
    ok(t, "place esu-dummy-1 12.5,13.4");
    ok(t, "place esu-dummy-2 6,11");
    ok(t, "done esu");
    DICE(t, 5, 5, 2, 6, 1);
    ok(t, "wait");
    dice_used(t);
    assert_true(ST(t, "esu-dummy-1")->revealed);
    am_info_of(&t->g, &in);
    assert_int_equal(in.phase, AM_SPRING);
    finish(t);
}

/* Spotting by fire: allowed, 1st Squad fires at the counter (rolls under
 * `spot`), two dice over the range die flip it and suppress 1st Squad;
 * not allowed, it only observes. */
static void test_spotting_by_fire(void **state)
{
    (void)state;
    T *t = set_up(2, "12.5,13.4");
    t->g.live.options.spotting_by_fire = true;
    DICE(t, 5, 5, 3, 4, 4, 4);
    ok(t, "wait");
    dice_used(t);
    SAID(t, "fires at counter B");
    assert_int_equal(count_rolls(t, 0, "spot"), 4);
    assert_int_equal(count_rolls(t, 0, "fire"), 0);
    assert_true(ST(t, "esu-1")->suppression > 0);
    assert_string_equal(first_side(t), "nac");
    finish(t);

    /* the fire not good enough: one die over, nothing told */
    t = set_up(2, "12.5,13.4");
    t->g.live.options.spotting_by_fire = true;
    DICE(t, 5, 5, 5, 6, 2, 3);
    ok(t, "wait");
    dice_used(t);
    assert_false(ST(t, "esu-1")->flipped);
    assert_int_equal(ST(t, "esu-1")->suppression, 0);
    finish(t);

    t = set_up(2, "12.5,13.4");
    t->g.live.options.spotting_by_fire = false;
    DICE(t, 5, 5, 4, 2, 3);
    ok(t, "wait");
    dice_used(t);
    SAID(t, "it observes counter B");
    assert_false(said(t, "fires at counter"));
    finish(t);
}

/* The chance that no ambusher opens up early, against every face of every
 * die: ESU 1st Squad D8 over 1, 2nd Squad D6 over 2, the HQ no test. */
static void test_odds(void **state)
{
    (void)state;
    T *t = set_up(2, "12,12");
    am_info in;
    assert_true(am_info_of(&t->g, &in));
    assert_int_equal(in.ntests, 3);
    int held = 0, all = 0;
    for (int a = 1; a <= 8; a++)
        for (int b = 1; b <= 6; b++) {
            all++;
            held += a > 1 && b > 2;
        }
    assert_true(fabs(in.p_hold - (double)held / all) < 1e-12);
    for (int i = 0; i < in.ntests; i++) {
        const sl_unit *u = &t->g.live.units[in.test_unit[i]];
        int faces = (int)sl_quality_die(u->quality), pass = 0;
        for (int v = 1; v <= faces; v++)
            pass += u->leadership <= 1 || v > u->leadership - 1;
        assert_true(fabs(in.p_pass[i] - (double)pass / faces) < 1e-12);
    }
    finish(t);
}

/* A solo answer built as a command says what its words in the journal
 * say: read back, the words give the same command (a replay reads them). */
static void said_as_built(T *t, const sl_command *c)
{
    if (!c->text[0])
        return;
    sl_command back;
    char e[300];
    if (!sl_command_parse(&t->g.live, c->text, &back, e, sizeof e))
        fail_msg("'%s' does not read back: %s", c->text, e);
    assert_int_equal(back.kind, c->kind);
    assert_int_equal(back.npts, c->npts);
    for (int k = 0; k < c->npts; k++) {
        assert_int_equal(back.pts[k].x, c->pts[k].x);
        assert_int_equal(back.pts[k].y, c->pts[k].y);
    }
    assert_int_equal(back.nplace, c->nplace);
    for (int k = 0; k < c->nplace; k++)
        assert_int_equal(back.place_fig[k], c->place_fig[k]);
    assert_memory_equal(back.rule, c->rule, sizeof c->rule);
}

/* Solo play: both sides played by the policy go from set-up to sprung,
 * the same way each time, every decision with its reason. */
static void test_solo(void **state)
{
    (void)state;
    char *first = NULL;
    for (int run = 0; run < 2; run++) {
        T *t = start_seed(AMBUSH, 4);
        sl_game_begin(&t->g);
        int n = 0;
        sl_command c;
        while (t->g.pending.kind == SL_DECIDE_SETUP && n++ < 64) {
            assert_true(sl_game_auto_decide(&t->g, &c));
            assert_non_null(strstr(c.note, "solo: "));
            said_as_built(t, &c);
            assert_true(sl_game_apply(&t->g, &c, t->err, sizeof t->err));
        }
        am_info in;
        am_info_of(&t->g, &in);
        assert_int_equal(in.phase, AM_SPRUNG);
        SAID(t, "marches its strongest unit first");
        /* the HQ second */
        assert_int_equal(in.units[1], U(t, "nac-hq"));
        size_t len = 1;
        for (int i = 0; i < t->g.journal.n; i++)
            len += strlen(t->g.journal.ev[i].json) + 1;
        char *j = calloc(1, len);
        assert_non_null(j);
        for (int i = 0; i < t->g.journal.n; i++)
            strcat(strcat(j, t->g.journal.ev[i].json), "\n");
        if (run == 0)
            first = j;
        else {
            assert_string_equal(first, j);
            free(j);
        }
        finish(t);
    }
    free(first);
}

/* Solo play with the route plotted by the column's player, on a map with
 * no route of its own (straight across the table's middle), a table an
 * odd number of mils high as a Tiled map's may be: its route, its column,
 * the ambusher's counters and spring, each built as a command that reads
 * back the same from its words. */
static void test_solo_plotted(void **state)
{
    (void)state;
    T *t = start_seed(AMBUSH, 4);
    set_option(&t->g.live.options, "ambush_route", 1);
    t->g.live.table.nroutes = 0;
    t->g.live.table.height += 29; /* 36.029": its middle 18.0145", which the words give as 18.01 */
    sl_game_begin(&t->g);
    int n = 0;
    sl_command c;
    bool routed = false;
    while (t->g.pending.kind == SL_DECIDE_SETUP && n++ < 64) {
        assert_true(sl_game_auto_decide(&t->g, &c));
        routed |= strncmp(c.text, "route ", 6) == 0;
        said_as_built(t, &c);
        assert_true(sl_game_apply(&t->g, &c, t->err, sizeof t->err));
    }
    assert_true(routed);
    am_info in;
    am_info_of(&t->g, &in);
    assert_int_equal(in.phase, AM_SPRUNG);
    finish(t);
}

/* The whole journal as one string (the caller frees it). */
static char *journal_of(T *t)
{
    size_t len = 1;
    for (int i = 0; i < t->g.journal.n; i++)
        len += strlen(t->g.journal.ev[i].json) + 1;
    char *j = calloc(1, len);
    assert_non_null(j);
    for (int i = 0; i < t->g.journal.n; i++)
        strcat(strcat(j, t->g.journal.ev[i].json), "\n");
    return j;
}

/* Give what a player chose at the screen: the answer its key gives. */
static void answer(T *t, int viewer, const sl_decision_input *in, int key)
{
    sl_command c;
    assert_true(sl_game_decision_answer(&t->g, viewer, in, key, &c));
    if (!sl_game_apply(&t->g, &c, t->err, sizeof t->err))
        fail_msg("'%s' refused: %s", c.text, t->err);
}

/* The set-up played through the decision's view alone, as the window
 * plays it (kind: 1 simple, 2 complex): the column's draft put in another
 * order with a wider gap and written, the counters placed, a point along
 * the route chosen and sprung; its journal is the one the same commands
 * typed give. The fog: neither side's view holds the other's choice. */
static void play_generic(int kind, char **journal, char *spring, size_t springlen)
{
    T *t = start_seed(AMBUSH, 1);
    set_option(&t->g.live.options, "ambush", kind);
    sl_game_begin(&t->g);
    int nac = sl_scenario_find_side(&t->g.live, "nac"), esu = sl_scenario_find_side(&t->g.live, "esu");
    static sl_decision_view d;
    sl_decision_input in;
    sl_decision_input_init(&in);
    /* the column's order: the ambusher's view has neither draft nor answer */
    assert_true(sl_game_decision_for(&t->g, esu, &in, &d));
    assert_int_equal(d.chooses, SL_CHOOSE_ORDER);
    assert_int_equal(d.order.n, 0);
    assert_int_equal(d.nanswers, 0);
    assert_false(d.draw & SL_DRAW_ROUTE);
    assert_true(sl_game_decision_for(&t->g, nac, &in, &d));
    assert_int_equal(d.chooses, SL_CHOOSE_ORDER);
    assert_string_equal(d.duty, "to write its column");
    assert_true(d.draw & SL_DRAW_ROUTE);
    assert_int_equal(d.order.n, 3);
    assert_int_equal(d.order.units[0], U(t, "nac-1"));
    assert_int_equal(d.order.units[1], U(t, "nac-hq"));
    assert_int_equal(d.order.between[0], 4000);
    assert_int_equal(d.order.step, 500);
    /* the HQ moved to the lead ([ on the second row), its gap widened (+) */
    in.norder = d.order.n;
    memcpy(in.order, d.order.units, sizeof in.order);
    memcpy(in.between, d.order.between, sizeof in.between);
    in.order[0] = d.order.units[1];
    in.order[1] = d.order.units[0];
    in.between[0] += d.order.step;
    in.sel = 0;
    assert_true(sl_game_decision_for(&t->g, nac, &in, &d));
    assert_non_null(strstr(d.lines[0], "1. NAC Patrol HQ, then 4.5\" to the next"));
    answer(t, nac, &in, '\r');
    /* the ambusher places (the hidden set-up's own commands) */
    ok(t, "place esu-1 12,12");
    ok(t, "place esu-2 34,12");
    ok(t, "place esu-hq 28,11");
    ok(t, "place esu-dummy-1 40,10");
    ok(t, "place esu-dummy-2 6,11");
    ok(t, "done esu");
    /* the spring: the column's side sees the route, not the stretch */
    sl_decision_input_init(&in);
    assert_true(sl_game_decision_for(&t->g, nac, &in, &d));
    assert_int_equal(d.chooses, SL_CHOOSE_ALONG);
    assert_true(d.draw & SL_DRAW_ROUTE);
    assert_int_equal(d.along.step, 0);
    assert_int_equal(d.nanswers, 0);
    assert_true(sl_game_decision_for(&t->g, esu, &in, &d));
    assert_int_equal(d.along.step, 500);
    assert_true(d.along.to > d.along.from);
    assert_int_equal(sl_decision_key(&d, '\r'), -1); /* no point chosen yet */
    assert_true((sl_decision_key(&d, 'w') >= 0) == (kind == 2));
    /* a point off the road snaps to it */
    sl_pt on;
    double along;
    assert_true(sl_decision_snap(&d, sl_pt_make(20000, 25000), &on, &along));
    assert_true(abs(on.y - 17500) < 600);
    /* two steps (Left twice) back from the stretch's far end */
    in.along = d.along.to - 2 * d.along.step;
    sl_pt p = sl_path_point_at(d.route.pts, d.route.npts, in.along);
    snprintf(spring, springlen, "spring %.2f,%.2f", p.x / 1000.0, p.y / 1000.0);
    if (kind == 2)
        DICE(t, 5, 5);
    answer(t, esu, &in, '\r');
    assert_int_equal(t->g.pending.kind, SL_DECIDE_NONE);
    assert_true(said(t, "The ambush is sprung"));
    /* the card while no decision waits, until the first command */
    assert_true(sl_game_notice(&t->g, esu, &d));
    assert_string_equal(d.title, "The ambush is sprung!");
    *journal = journal_of(t);
    finish(t);
}

static void play_typed(int kind, const char *spring, char **journal)
{
    T *t = start_seed(AMBUSH, 1);
    set_option(&t->g.live.options, "ambush", kind);
    sl_game_begin(&t->g);
    ok(t, "column nac-hq 4.5 nac-1 4.0 nac-2");
    ok(t, "place esu-1 12,12");
    ok(t, "place esu-2 34,12");
    ok(t, "place esu-hq 28,11");
    ok(t, "place esu-dummy-1 40,10");
    ok(t, "place esu-dummy-2 6,11");
    ok(t, "done esu");
    if (kind == 2)
        DICE(t, 5, 5);
    ok(t, spring);
    *journal = journal_of(t);
    finish(t);
}

static void test_generic_setup(void **state)
{
    (void)state;
    for (int kind = 1; kind <= 2; kind++) {
        char *generic, *typed, spring[64];
        play_generic(kind, &generic, spring, sizeof spring);
        play_typed(kind, spring, &typed);
        assert_string_equal(generic, typed);
        free(generic);
        free(typed);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_generic_setup),   cmocka_unit_test(test_setup_order),     cmocka_unit_test(test_simple),
        cmocka_unit_test(test_approach),        cmocka_unit_test(test_column_enters),
        cmocka_unit_test(test_sprung_before_all_on), cmocka_unit_test(test_premature),
        cmocka_unit_test(test_sprung_at_point), cmocka_unit_test(test_spotting),
        cmocka_unit_test(test_spotting_by_fire), cmocka_unit_test(test_odds),
        cmocka_unit_test(test_solo),
        cmocka_unit_test(test_solo_plotted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
