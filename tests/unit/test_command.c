/* The command vocabulary: every kind of command, built as the window and
 * the solo policy build it, is written as a line that reads back to the
 * same command; points keep every mil; the parser and the journal agree. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sightline/game.h"
#include "sightline/io.h"
#include "house/house.h"
#include "skirmish/skirmish.h"

static sl_world W;

static int U(const char *id)
{
    int u = sl_scenario_find_unit(&W.scn, id);
    if (u < 0)
        fail_msg("no unit %s", id);
    return u;
}

static int F(const char *id)
{
    int f = sl_scenario_find_figure(&W.scn, id);
    if (f < 0)
        fail_msg("no figure %s", id);
    return f;
}

/* The fields a command's meaning is made of (text and note aside). */
static void same(const sl_command *a, const sl_command *b, const char *line)
{
    if (a->kind != b->kind || a->unit != b->unit || a->target != b->target || a->side != b->side ||
        a->npts != b->npts || a->with != b->with || a->nplace != b->nplace || a->decide != b->decide ||
        a->choice != b->choice || memcmp(a->actor, b->actor, sizeof a->actor) != 0 ||
        a->has_at != b->has_at || memcmp(a->rule, b->rule, sizeof a->rule) != 0)
        fail_msg("'%s' reads back to another command", line);
    for (int i = 0; i < a->npts; i++)
        if (a->pts[i].x != b->pts[i].x || a->pts[i].y != b->pts[i].y)
            fail_msg("'%s': point %d came back as (%d, %d), not (%d, %d)", line, i, b->pts[i].x, b->pts[i].y,
                     a->pts[i].x, a->pts[i].y);
    for (int i = 0; i < a->nplace; i++)
        if (a->place_fig[i] != b->place_fig[i] || a->place_at[i].x != b->place_at[i].x ||
            a->place_at[i].y != b->place_at[i].y)
            fail_msg("'%s': figure %d came back changed", line, i);
    if (a->has_at && (a->at.x != b->at.x || a->at.y != b->at.y))
        fail_msg("'%s': the point of fire came back changed", line);
}

/* A command as its words build it, its text dropped so it is written
 * anew: how a test builds a command whose rule's part is the rule's own. */
static void build(sl_command *c, const char *line)
{
    char err[400];
    if (!sl_command_parse(&W.scn, line, c, err, sizeof err))
        fail_msg("'%s' does not parse: %s", line, err);
    c->text[0] = '\0';
}

/* Format, parse, compare; the line must also be the one expected. */
static void round_trip(const sl_command *c, const char *want)
{
    char line[SL_CMD_TEXT + SL_CMD_NOTE + 8], err[400];
    sl_command_format(&W.scn, c, line, sizeof line);
    if (want)
        assert_string_equal(line, want);
    sl_command back;
    if (!sl_command_parse(&W.scn, line, &back, err, sizeof err))
        fail_msg("'%s' does not parse: %s", line, err);
    same(c, &back, line);
    /* a parsed command is written as it was read */
    char again[sizeof line];
    sl_command_format(&W.scn, &back, again, sizeof again);
    assert_string_equal(again, line);
}

static void test_every_kind_round_trips(void **state)
{
    (void)state;
    bool covered[64] = {false};
    sl_command c;
    sl_pt a = sl_pt_make(18125, 13000), b = sl_pt_make(20501, 15250), odd = sl_pt_make(1, 35999);

    sl_cmd_init(&c, SL_CMD_ACTIVATE, U("nac-1"));
    round_trip(&c, "activate nac-1");
    sl_cmd_init(&c, SL_CMD_ACTIVATE, U("nac-1.2"));
    round_trip(&c, "activate nac-1.2");
    sl_pt ab[2] = {a, b};
    sl_cmd_move(&c, SL_CMD_MOVE, U("nac-2"), ab, 2);
    round_trip(&c, "move nac-2 18.125,13 20.501,15.25");
    build(&c, "move nac-2 18.125,13 20.501,15.25 opening"); /* a rule's word: built from its words */
    round_trip(&c, "move nac-2 18.125,13 20.501,15.25 opening");
    sl_cmd_move(&c, SL_CMD_MOVE, U("nac-1.1"), &odd, 1);
    ft_set_with_leader(&c, true);
    round_trip(&c, "move nac-1.1 0.001,35.999 with-leader");
    sl_cmd_move(&c, SL_CMD_MOVE, U("nac-1"), &a, 1);
    ft_set_leader_only(&c, true);
    round_trip(&c, "move nac-1.L 18.125,13");
    sl_cmd_move(&c, SL_CMD_MOVE, U("nac-2"), &a, 1);
    sc_set_mode(&c, SC_SPRINT);
    round_trip(&c, "move nac-2 sprint 18.125,13");
    sl_cmd_move(&c, SL_CMD_COMBAT_MOVE, U("nac-2"), &b, 1);
    round_trip(&c, "combat-move nac-2 20.501,15.25");
    sl_cmd_fire(&c, U("nac-2"), U("ph-2"), SL_FIRE_ALL);
    round_trip(&c, "fire nac-2 at ph-2");
    sl_cmd_fire(&c, U("nac-1.1"), U("ph-1.2"), SL_FIRE_SUPPORT);
    ft_set_combined(&c, true);
    ft_set_with_leader(&c, true);
    round_trip(&c, "fire nac-1.1 at ph-1.2 combined support with-leader");
    sl_cmd_fire(&c, U("nac-2"), U("ph-2"), SL_FIRE_MISSILE);
    round_trip(&c, "fire nac-2 at ph-2 missile");
    sl_cmd_fire(&c, U("nac-2"), U("ph-2"), SL_FIRE_SMALL_ARMS);
    round_trip(&c, "fire nac-2 at ph-2 small-arms");
    static const struct {
        int kind;
        const char *line;
    } plain[] = {{SL_CMD_IN_POSITION, "in-position nac-2"},
                 {SL_CMD_LEAVE_POSITION, "leave-position nac-2"},
                 {SL_CMD_REMOVE_SUPPRESSION, "remove-suppression nac-2"},
                 {SL_CMD_REMOVE_PANIC, "remove-panic nac-2"},
                 {SL_CMD_LAST_STAND, "last-stand nac-2"}};
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++) {
        sl_cmd_init(&c, plain[i].kind, U("nac-2"));
        round_trip(&c, plain[i].line);
        covered[plain[i].kind] = true;
    }
    sl_cmd_init(&c, SL_CMD_REMOVE_SUPPRESSION, U("nac-1"));
    ft_set_leader_only(&c, true);
    round_trip(&c, "remove-suppression nac-1.L");
    sl_cmd_init(&c, SL_CMD_REORGANISE, U("nac-2"));
    round_trip(&c, "reorganise nac-2");
    c.place_fig[0] = F("nac-2-3");
    c.place_at[0] = b;
    c.nplace = 1;
    round_trip(&c, "reorganise nac-2 nac-2-3 20.501,15.25");
    static const struct {
        int kind;
        const char *line;
    } two[] = {{SL_CMD_TRANSFER, "transfer nac-1 to nac-2"},   {SL_CMD_COMMUNICATE, "communicate nac-1 with nac-2"},
               {SL_CMD_RALLY, "rally nac-1 nac-2"},           {SL_CMD_OBSERVE, "observe nac-1 nac-2"},
               {SL_CMD_ASSAULT, "assault nac-1 nac-2"},       {SL_CMD_EMBARK, "embark nac-1 into nac-2"}};
    for (size_t i = 0; i < sizeof two / sizeof two[0]; i++) {
        sl_cmd_target(&c, two[i].kind, U("nac-1"), U("nac-2"));
        round_trip(&c, two[i].line);
        covered[two[i].kind] = true;
    }
    sl_cmd_init(&c, sl_cmd_find("teams"), U("nac-1"));
    round_trip(&c, "teams nac-1");
    build(&c, "teams nac-1 both");
    round_trip(&c, "teams nac-1 both");
    build(&c, "regroup ph-1 ph-1-4 2 ph-1-5 ph-1.3");
    assert_int_equal(c.place_fig[1], F("ph-1-5"));
    round_trip(&c, "regroup ph-1 ph-1-4 2 ph-1-5 3");
    sl_cmd_init(&c, SL_CMD_DISEMBARK, U("nac-2"));
    round_trip(&c, "disembark nac-2");
    c.pts[0] = a;
    c.npts = 1;
    round_trip(&c, "disembark nac-2 18.125,13");
    sl_cmd_init(&c, SL_CMD_DETACH, U("nac-1"));
    c.place_fig[0] = F("nac-1-2");
    c.place_fig[1] = F("nac-1-3");
    c.nplace = 2;
    round_trip(&c, "detach nac-1 nac-1-2 nac-1-3");
    build(&c, "stance nac-2 prone");
    round_trip(&c, "stance nac-2 prone");
    build(&c, "stance nac-2 standing");
    round_trip(&c, "stance nac-2 standing");
    sl_cmd_init(&c, SL_CMD_END_ACTIVATION, -1);
    round_trip(&c, "end");
    sl_cmd_init(&c, SL_CMD_END_ACTIVATION, U("nac-2"));
    round_trip(&c, "end nac-2");
    sl_cmd_side(&c, SL_CMD_PASS, 1);
    round_trip(&c, "pass phalon");
    sl_cmd_side(&c, SL_CMD_DONE, 0);
    round_trip(&c, "done nac");
    sl_cmd_decide_first(&c, 1);
    round_trip(&c, "decide first phalon");
    sl_cmd_decide_fire(&c, U("ph-2"), NULL);
    round_trip(&c, "decide fire ph-2");
    sl_cmd_decide_fire(&c, U("ph-2"), &b);
    round_trip(&c, "decide fire ph-2 at 20.501,15.25");
    sl_cmd_decide_fire(&c, U("ph-2"), NULL);
    c.with = SL_FIRE_MISSILE;
    round_trip(&c, "decide fire ph-2 missile");
    static const struct {
        int word;
        const char *line;
    } words[] = {{SL_DECIDE_WORD_PASS, "decide pass"},
                 {SL_DECIDE_WORD_STOP, "decide stop"},
                 {SL_DECIDE_WORD_CARRY, "decide carry"},
                 {SL_DECIDE_WORD_ABANDON, "decide abandon"}};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        sl_cmd_decide(&c, words[i].word);
        round_trip(&c, words[i].line);
    }
    /* a ruleset's own words (SkirmishCorps') */
    sl_cmd_decide(&c, sc_word(SC_WORD_MISS));
    round_trip(&c, "decide miss");
    for (int h = 0; h < SC_HIT_COUNT; h++) {
        char want[40];
        sl_cmd_decide(&c, sc_word(SC_WORD_HIT));
        c.choice = h;
        snprintf(want, sizeof want, "decide hit %s", sc_hit_word(h));
        round_trip(&c, want);
    }
    sl_cmd_decide_continue(&c, NULL, 0);
    round_trip(&c, "decide continue");
    sl_cmd_decide_continue(&c, ab, 2);
    round_trip(&c, "decide continue 18.125,13 20.501,15.25");
    /* a solo answer keeps its reasoning for the journal */
    sl_cmd_decide(&c, SL_DECIDE_WORD_PASS);
    snprintf(c.note, sizeof c.note, "solo: Phalon holds its fire");
    round_trip(&c, "decide pass # solo: Phalon holds its fire");

    /* every kind there is was written and read above (the house rules'
     * own kinds are tried one by one below) */
    int built_in[] = {SL_CMD_ACTIVATE, SL_CMD_MOVE, SL_CMD_COMBAT_MOVE, SL_CMD_FIRE, SL_CMD_REORGANISE,
                      SL_CMD_DISEMBARK, SL_CMD_DETACH, SL_CMD_END_ACTIVATION, SL_CMD_PASS, SL_CMD_DONE,
                      SL_CMD_DECIDE};
    for (size_t i = 0; i < sizeof built_in / sizeof built_in[0]; i++)
        covered[built_in[i]] = true;
    for (int k = 0; k < SL_CMD_COUNT; k++)
        if (!covered[k])
            fail_msg("command kind %s (%d) is not tried", sl_cmd_name(k), k);
    for (int k = SL_CMD_COUNT; k < sl_cmd_kinds(); k++) {
        /* a house rule's own kind: the shape of a unit's action */
        char line[80];
        const char *name = sl_cmd_name(k);
        /* the ambush's: points, or a column of units with gaps */
        if (strcmp(name, "spring") == 0 && strstr(sl_cmd_usage(k), "TARGET"))
            snprintf(line, sizeof line, "spring nac-2 nac-1"); /* SkirmishCorps': the word the ambush also uses */
        else if (strcmp(name, "charge") == 0)
            snprintf(line, sizeof line, "charge nac-2 nac-1 1,2 3.5,4");
        else if (strcmp(name, "break-off") == 0)
            snprintf(line, sizeof line, "break-off nac-2 run 1,2 3.5,4");
        else if (strcmp(name, "route") == 0 || strcmp(name, "spring") == 0)
            snprintf(line, sizeof line, "%s 1,2 3.5,4", name);
        else if (strcmp(name, "wait") == 0)
            snprintf(line, sizeof line, "wait");
        else if (strcmp(name, "column") == 0)
            snprintf(line, sizeof line, "column nac-2 4 nac-1");
        else if (strcmp(name, "call-fire") == 0)
            snprintf(line, sizeof line, "call-fire nac-2 at 1,2.5 ap chits 2");
        else if (strcmp(name, "spot") == 0)
            snprintf(line, sizeof line, "spot nac-2 nac-1");
        else if (strcmp(name, "aim") == 0 || strcmp(name, "throw") == 0)
            snprintf(line, sizeof line, "%s nac-2 at nac-1", name);
        else if (strcmp(name, "stance") == 0)
            snprintf(line, sizeof line, "stance nac-2 prone");
        else if (strcmp(name, "teams") == 0 || strcmp(name, "regroup") == 0)
            continue; /* built and read above */
        else
            snprintf(line, sizeof line, "%s nac-2", name);
        char err[300];
        if (!sl_command_parse(&W.scn, line, &c, err, sizeof err))
            fail_msg("%s does not read: %s", line, err);
        /* a word two rulesets use (overwatch) reads as the scenario's
         * ruleset's: the other's under that one */
        int ruleset = W.scn.options.ruleset;
        if (c.kind != k) {
            W.scn.options.ruleset = !ruleset;
            if (!sl_command_parse(&W.scn, line, &c, err, sizeof err))
                fail_msg("%s does not read under the other ruleset: %s", line, err);
        }
        assert_int_equal(c.kind, k);
        c.text[0] = '\0';
        round_trip(&c, line);
        W.scn.options.ruleset = ruleset;
    }
}

/* Every kind has its word, and the word finds the kind. */
static void test_names(void **state)
{
    (void)state;
    for (int k = 0; k < sl_cmd_kinds(); k++) {
        const char *name = sl_cmd_name(k);
        assert_string_not_equal(name, "?");
        /* a word two rules share (spring) finds the first; the words
         * after it tell them apart */
        int first = k;
        for (int j = 0; j < k; j++)
            if (strcmp(sl_cmd_name(j), name) == 0) {
                first = j;
                break;
            }
        if (first != k && strcmp(name, "spring") != 0)
            assert_string_equal(name, "overwatch");
        assert_int_equal(sl_cmd_find(name), first);
    }
    assert_int_equal(sl_cmd_find("reorganize"), SL_CMD_REORGANISE);
    assert_int_equal(sl_cmd_find("end-activation"), SL_CMD_END_ACTIVATION);
    assert_int_equal(sl_cmd_find("sprint"), SL_CMD_NONE);
    sl_command c;
    char err[300];
    assert_false(sl_command_parse(&W.scn, "activat nac-1", &c, err, sizeof err));
    assert_non_null(strstr(err, "did you mean 'activate'"));
    assert_true(sl_command_parse(&W.scn, "   # only a comment", &c, err, sizeof err));
    assert_int_equal(c.kind, SL_CMD_NONE);
}

/* Points keep every mil both ways; a point past the table is refused. */
static void test_points(void **state)
{
    (void)state;
    char buf[64];
    sl_point_format(sl_pt_make(0, 0), buf, sizeof buf);
    assert_string_equal(buf, "0,0");
    sl_point_format(sl_pt_make(18500, 7050), buf, sizeof buf);
    assert_string_equal(buf, "18.5,7.05");
    sl_point_format(sl_pt_make(71999, 1), buf, sizeof buf);
    assert_string_equal(buf, "71.999,0.001");
    sl_command c;
    char err[300];
    for (int x = 0; x < 3000; x += 7) {
        sl_pt p = sl_pt_make(10000 + x, 20000 - x);
        char line[120];
        sl_point_format(p, buf, sizeof buf);
        snprintf(line, sizeof line, "move nac-2 %s", buf);
        assert_true(sl_command_parse(&W.scn, line, &c, err, sizeof err));
        assert_int_equal(c.pts[0].x, p.x);
        assert_int_equal(c.pts[0].y, p.y);
    }
    assert_false(sl_command_parse(&W.scn, "move nac-2 80,10", &c, err, sizeof err));
    assert_non_null(strstr(err, "off the"));
}

/* A command the window builds lands in the journal as the line that
 * replays it. */
static void test_built_commands_journal_as_lines(void **state)
{
    (void)state;
    sl_game g;
    char err[400];
    assert_true(sl_game_init(&g, &W.scn, 1, err, sizeof err));
    int dice[] = {1};
    sl_game_script_dice(&g, dice, 1);
    sl_game_begin(&g);
    sl_command c;
    sl_cmd_decide_first(&c, 0);
    if (!sl_game_apply(&g, &c, err, sizeof err))
        fail_msg("%s", err);
    sl_cmd_init(&c, SL_CMD_ACTIVATE, U("nac-2"));
    assert_true(sl_game_apply(&g, &c, err, sizeof err));
    sl_pt to = sl_pt_make(8321, 22007);
    sl_cmd_move(&c, SL_CMD_MOVE, U("nac-2"), &to, 1);
    if (!sl_game_apply(&g, &c, err, sizeof err))
        fail_msg("%s", err);
    bool found = false;
    for (int i = 0; i < g.journal.n; i++)
        found |= strstr(g.journal.ev[i].json, "\"command\":\"move nac-2 8.321,22.007\"") != NULL;
    assert_true(found);
    sl_game_free(&g);
}

int main(void)
{
    sl_load_opts lo = {false};
    sl_world_init(&W);
    if (!sl_world_load(SL_SOURCE_DIR "/maps/lessons/tables/fireteams-example.json", &lo, &W, NULL))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_kind_round_trips),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_points),
        cmocka_unit_test(test_built_commands_journal_as_lines),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    sl_world_free(&W);
    return r;
}
