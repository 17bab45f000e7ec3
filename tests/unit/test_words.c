/* Players' words (issues 41 and 42): what the window shows of the
 * journal, a refusal or a decision's card (sl_game_plain_words), the
 * dice log's and the replay's lines (sl_game_log_words) and the status
 * line after each of the program's commands hold no id, no seed's number,
 * no "digest", no usage line and no script ("# solo"), over the kept
 * replays and solo games of every shipped scenario, in the full journal
 * and in each side's reading of it under fog of war; test_words_soak
 * plays each game to its end. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <ctype.h>
#include <stdlib.h>

#include "game_fixture.h"
#include "shipped.h"
#include "sightline/play.h"
#include "sightline/save.h"
#include "sightline/ui.h"

static int checked;
static int side_checked; /* texts only a side reads, censored for it */

/* An id the words could hold: with a dash, or letters and digits. */
static bool idlike(const char *id)
{
    bool dash = strchr(id, '-') != NULL, digit = strcspn(id, "0123456789") < strlen(id), alpha = false;
    for (const char *c = id; *c; c++)
        alpha |= isalpha((unsigned char)*c) != 0;
    return alpha && (dash || digit);
}

/* Does s hold the id as a word of its own (not a longer id's part)? */
static bool holds_id(const char *s, const char *id)
{
    if (!idlike(id))
        return false;
    size_t l = strlen(id);
    for (const char *p = strstr(s, id); p; p = strstr(p + 1, id)) {
        char after = p[l];
        bool starts = p == s || !(isalnum((unsigned char)p[-1]) || p[-1] == '-');
        bool ends = !(isalnum((unsigned char)after) || after == '-' || (after == '.' && isdigit((unsigned char)p[l + 1])));
        if (starts && ends)
            return true;
    }
    return false;
}

/* Why a text is not in players' words, NULL when it is. */
static const char *unplain(const sl_game *g, const char *s)
{
    /* a house rule's document ("seed 000"); the game's own seed, "(seed
     * 7)", is the players' to know */
    for (const char *p = strstr(s, "seed "); p; p = strstr(p + 1, "seed "))
        if (isdigit((unsigned char)p[5]) && isdigit((unsigned char)p[6]) && isdigit((unsigned char)p[7]))
            return "a seed's number";
    if (strstr(s, "digest"))
        return "\"digest\"";
    /* a page of Stargrunt II's rulebook ("(p15)") on another ruleset's table */
    if (strcmp(sl_game_ruleset(g), "stargrunt2") != 0)
        for (const char *p = strstr(s, "p"); p; p = strstr(p + 1, "p"))
            if (p > s && (p[-1] == '(' || (p[-1] == ' ' && p > s + 1 && p[-2] == ',')) && isdigit((unsigned char)p[1]))
                return "a Stargrunt II page";
    /* the program's reason as the script writes it ("... # solo: why") */
    if (strstr(s, "# solo"))
        return "a script's comment";
    /* a seed in brackets other than the game's own ("begins (seed 7)") */
    for (const char *p = strstr(s, "(seed"); p; p = strstr(p + 1, "(seed"))
        if (strtoull(p + 5, NULL, 10) != g->seed || !isdigit((unsigned char)p[6]))
            return "a seed's document";
    for (const char *p = strchr(s, '|'); p; p = strchr(p + 1, '|'))
        if (p > s && isalnum((unsigned char)p[-1]) && isalnum((unsigned char)p[1]))
            return "a usage line";
    static const char *const holders[] = {"UNIT", "SIDE", "X,Y", "GAP", "TARGET", "FIGURE"};
    for (size_t i = 0; i < sizeof holders / sizeof holders[0]; i++)
        for (const char *p = strstr(s, holders[i]); p; p = strstr(p + 1, holders[i]))
            if ((p == s || !isalnum((unsigned char)p[-1])) && !isalnum((unsigned char)p[strlen(holders[i])]))
                return "a usage line";
    for (int u = 0; u < g->live.nunits; u++)
        if (holds_id(s, g->live.units[u].id))
            return "a unit's id";
    for (int f = 0; f < g->live.nfigures; f++)
        if (holds_id(s, g->live.figures[f].id))
            return "a man's id";
    return NULL;
}

static void plain(const sl_game *g, const char *where, const char *text)
{
    char out[2000];
    sl_game_plain_words(g, text, out, sizeof out);
    const char *why = unplain(g, out);
    if (why)
        fail_msg("%s: %s in \"%s\" (from \"%s\")", where, why, out, text);
    checked++;
}

/* Text the window shows as it is (a status line): checked, not made plain. */
static void shown(const sl_game *g, const char *where, const char *text)
{
    const char *why = unplain(g, text);
    if (why)
        fail_msg("%s: %s in \"%s\"", where, why, text);
    checked++;
}

/* A journal line as the dice log and the replay's caption say it. */
static void logged(const sl_game *g, const char *where, const char *text)
{
    char out[2000];
    sl_game_log_words(g, text, out, sizeof out);
    shown(g, where, out);
}

static void events(const sl_game *g, const char *where, int from)
{
    for (int i = from; i < g->journal.n; i++)
        if (g->journal.ev[i].kind != SL_EV_COMMAND) {
            plain(g, where, g->journal.ev[i].text);
            logged(g, where, g->journal.ev[i].text);
        }
    /* and each side's reading: the censored text a side's player reads
     * under fog of war (a hidden unit by its counter), which the full
     * journal above never shows */
    for (int sd = 0; sd < g->live.nsides; sd++) {
        char side_where[400];
        snprintf(side_where, sizeof side_where, "%s, as %s reads it", where, g->live.sides[sd].name);
        for (int i = from; i < g->journal.n; i++) {
            const char *t = sl_event_text_for(&g->journal.ev[i], sd);
            if (g->journal.ev[i].kind != SL_EV_COMMAND && t && t[0] && t != g->journal.ev[i].text) {
                plain(g, side_where, t);
                logged(g, side_where, t);
                side_checked++;
            }
        }
    }
}

/* The kept replays: scenario, script, dice (NULL: the seed's). */
static const struct {
    const char *scenario, *script, *dice;
    uint64_t seed;
} kept[] = {
    {"maps/lessons/tables/skirmish-example.json", "skirmish", "skirmish", 1},
    {"maps/lessons/tables/skirmish-example.json", "skirmish-overwatch", NULL, 1},
    {"maps/lessons/tables/recovery-example.json", "recovery-phalon", "recovery-phalon", 1},
    {"maps/lessons/tables/fireteams-example.json", "fireteams-detach", NULL, 1},
    {"maps/lessons/tables/fireteams-example.json", "fireteams-phalon", NULL, 1},
    {"maps/bunker.json", "fae-bunker", "fae-bunker", 1},
    {"maps/hidden.json", "hidden", NULL, 42},
    {"maps/ambush.json", "ambush-sprung", "ambush-sprung", 1},
    {"maps/outpost.json", "overwatch-example", "overwatch-example", 1},
    {"maps/default.json", "battle", NULL, 42},
    {"tests/data/rules.json", "fire-example", "fire-example", 1},
};

static void test_kept_replays(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof kept / sizeof kept[0]; k++) {
        char path[300];
        T *t = start_seed(kept[k].scenario, kept[k].seed);
        if (kept[k].dice) {
            int *dv, dn;
            snprintf(path, sizeof path, "tests/replays/%s.dice", kept[k].dice);
            assert_true(sl_dice_file_load(path, &dv, &dn, NULL));
            sl_game_script_dice(&t->g, dv, dn);
            free(dv);
        }
        sl_game_begin(&t->g);
        snprintf(path, sizeof path, "tests/replays/%s.txt", kept[k].script);
        FILE *f = fopen(path, "r");
        assert_non_null(f);
        char line[1000];
        while (fgets(line, sizeof line, f)) {
            line[strcspn(line, "\r\n")] = '\0';
            if (!line[0] || line[0] == '#')
                continue;
            if (!sl_game_apply_line(&t->g, line, t->err, sizeof t->err))
                plain(&t->g, path, t->err);
        }
        fclose(f);
        events(&t->g, path, 0);
        finish(t);
    }
    assert_true(checked > 500);
}

/* What the window reads of a game now: every action's reason of every
 * unit of the side to act, and the decision's card. */
static void window_words(sl_play *p, const char *where)
{
    sl_play_action acts[SL_PLAY_MAX_ACTIONS];
    for (int u = 0; u < p->game.live.nunits; u++) {
        if (p->game.live.units[u].side != p->game.side_to_act)
            continue;
        int n = sl_play_actions(p, u, false, acts, SL_PLAY_MAX_ACTIONS);
        for (int i = 0; i < n; i++)
            if (!acts[i].enabled)
                plain(&p->game, where, acts[i].why);
    }
    static sl_decision_view d;
    if (sl_game_decision(&p->game, p->view_side, -1, -1, &d))
        for (int i = 0; i < d.nlines; i++)
            plain(&p->game, where, d.lines[i]);
}

/* A solo game of both sides on one shipped scenario (seed 7), played as
 * the window plays it (sl_view_solo_step), to its end (which must come
 * within `most` commands) or, `most` 60, its first 60 commands
 * (SkirmishCorps' attacks rolled, else the program cannot play both): the
 * status line after every command, every few commands what the window
 * reads of the game, then the whole journal and each side's reading. A
 * whole game is some 80 to 170 commands. */
static void solo_game(const char *scenario, int most)
{
    sl_world w;
    sl_world_init(&w);
    sl_load_opts lo = {false};
    assert_true(sl_world_load(scenario, &lo, &w, NULL));
    char err[600];
    const sl_option_desc *rolled = sl_option_find("sc_attacks");
    if (rolled && sl_option_in_play(&w.scn.options, rolled))
        assert_true(sl_option_set_text(&w.scn.options, rolled, "rolled", err, sizeof err));
    sl_play p;
    sl_play_init(&p);
    assert_true(sl_play_start(&p, &w, scenario, 7, err, sizeof err));
    sl_game_begin(&p.game);
    p.solo_side = SL_SOLO_BOTH;
    sl_view v;
    assert_true(sl_view_init(&v, &p.disp));
    v.play = &p;
    int step = 0;
    char where[400];
    for (; step < most && !p.game.outcome.over; step++) {
        sl_play_auto(&p, err, sizeof err);
        if (step % 6 == 0)
            window_words(&p, scenario);
        v.status[0] = '\0';
        if (!sl_view_solo_step(&v))
            break;
        snprintf(where, sizeof where, "%s, the status line after command %d", scenario, p.game.ncommands);
        shown(&p.game, where, v.status);
    }
    if (most > 60 && !p.game.outcome.over)
        fail_msg("%s: no end after %d commands (turn %d): %s", scenario, step, p.game.turn, v.status);
    events(&p.game, scenario, 0);
    sl_view_free(&v);
    sl_play_free(&p);
    sl_world_free(&w);
}

/* The quick set's: 60 commands of each; SL_WORDS_SOAK (test_words_soak,
 * 25 s of CPU under the sanitizers, outside the quick set) plays every game
 * to its end. */
static void test_every_scenario(void **state)
{
    (void)state;
    for (size_t s = 0; s < NSHIPPED; s++)
        solo_game(shipped[s], getenv("SL_WORDS_SOAK") ? 3000 : 60);
    /* the fogged scenarios (hidden units, an ambush) gave sides readings
     * of their own, and each was read */
    assert_true(side_checked > 0);
}

/* A weapon's id is read as the catalog names it; a dashless one only in
 * brackets of its own, so the word "saw" of a sentence stays. */
static void test_weapon_names(void **state)
{
    (void)state;
    sl_world w;
    sl_world_init(&w);
    sl_load_opts lo = {false};
    assert_true(sl_world_load("maps/default.json", &lo, &w, NULL));
    sl_play p;
    sl_play_init(&p);
    char err[600], out[600];
    assert_true(sl_play_start(&p, &w, "maps/default.json", 7, err, sizeof err));
    sl_game_plain_words(&p.game, "firing D8 (quality), D10 (saw-rotary), D12 (agl); the saw-gauss die", out,
                        sizeof out);
    /* no brackets in brackets: the catalog's "Squad automatic weapon
     * (rotary)" reads as a sentence says it */
    assert_string_equal(out, "firing D8 (quality), D10 (rotary squad automatic weapon), D12 (automatic grenade "
                             "launcher); the gauss squad automatic weapon die");
    sl_game_plain_words(&p.game, "takes up nac-1-3's Squad automatic weapon (gauss) and the gms-p", out, sizeof out);
    assert_string_equal(out, "takes up NAC 1st Squad's man 3 (trooper)'s gauss squad automatic weapon and the "
                             "portable guided missile system");
    sl_game_plain_words(&p.game, "he saw the agl team", out, sizeof out);
    assert_string_equal(out, "he saw the agl team");
    /* a feature the map left unnamed by its kind, as the tooltip says it,
     * not by the loader's "Road 2" and the file's number (the farmland's
     * road, object 2, named as the loader names an unnamed one) */
    int road = sl_table_find_feature(&p.game.live.table, 2);
    assert_true(road >= 0);
    snprintf(p.game.live.table.features[road].name, sizeof p.game.live.table.features[road].name, "Road 2");
    sl_game_plain_words(&p.game, "would enter Road 2 (#2), which is impassable", out, sizeof out);
    assert_string_equal(out, "would enter the road, which is impassable");
    sl_game_plain_words(&p.game, "nac-1-2 would stand in Road 2", out, sizeof out);
    assert_string_equal(out, "NAC 1st Squad's man 2 (support) would stand in the road");
    sl_game_plain_words(&p.game, "Road 29 and Road 2x stay", out, sizeof out);
    assert_string_equal(out, "Road 29 and Road 2x stay");
    sl_play_free(&p);
    sl_world_free(&w);
}

/* Stargrunt II's pages on a SkirmishCorps table (its dice log read
 * "chooses who activates first (p15)"): left out there, kept on
 * Stargrunt's. */
static void game_words(const char *scenario, const char *in, char *out, size_t len)
{
    sl_world w;
    sl_world_init(&w);
    sl_load_opts lo = {false};
    assert_true(sl_world_load(scenario, &lo, &w, NULL));
    sl_play p;
    sl_play_init(&p);
    char err[600];
    assert_true(sl_play_start(&p, &w, scenario, 7, err, sizeof err));
    sl_game_plain_words(&p.game, in, out, len);
    sl_play_free(&p);
    sl_world_free(&w);
}

static void test_pages_by_ruleset(void **state)
{
    (void)state;
    static const char in[] = "Red chooses who activates first (p15). Red may pass only with fewer units (2 against "
                             "2, p15); suppressed (p53, fired on), see pp (p12-13)";
    char out[600];
    game_words("maps/lessons/tables/skirmish-example.json", in, out, sizeof out);
    assert_string_equal(out, "Red chooses who activates first. Red may pass only with fewer units (2 against 2); "
                             "suppressed (fired on), see pp");
    game_words("maps/default.json", in, out, sizeof out);
    assert_string_equal(out, in);
}

/* The unit card's "Figures" counts the men standing, as the forces list
 * ("6 of 8") and the fire's "6 still standing" do: a squad with two men
 * down read "Figures 8 of 8" on its card (seen in the window after a
 * solo game of Street fight in Hexton). */
static void test_card_figures_standing(void **state)
{
    (void)state;
    sl_world w;
    sl_world_init(&w);
    sl_load_opts lo = {false};
    assert_true(sl_world_load("maps/default.json", &lo, &w, NULL));
    int unit = -1;
    for (int i = 0; i < w.scn.nunits; i++)
        if (w.scn.units[i].nfigures == 8 && unit < 0)
            unit = i;
    assert_true(unit >= 0);
    const sl_unit *u = &w.scn.units[unit];
    w.scn.figures[u->first_figure + 1].status = SL_FIG_WOUNDED;
    w.scn.figures[u->first_figure + 7].status = SL_FIG_DEAD;
    sl_profile_line lines[SL_MAX_PROFILE];
    bool figures = false;
    int n = sl_unit_profile(&w.scn, unit, lines, SL_MAX_PROFILE, &figures);
    const char *value = NULL;
    for (int i = 0; i < n; i++)
        if (!strcmp(lines[i].key, "Figures"))
            value = lines[i].value;
    assert_non_null(value);
    assert_string_equal(value, "6 of 8");
    sl_world_free(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kept_replays),
        cmocka_unit_test(test_every_scenario),
        cmocka_unit_test(test_weapon_names),
        cmocka_unit_test(test_pages_by_ruleset),
        cmocka_unit_test(test_card_figures_standing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
