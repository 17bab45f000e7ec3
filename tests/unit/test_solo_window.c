/* Solo play in the window, as the walk of issue 38 found it: the window's
 * --solo, each of the program's reasons written once in the players'
 * log, the turn box's count of the units still to activate, and F5 while
 * the program's attack waits for the players' roll. What is asserted is
 * what the player sees: the status line, the log's lines, the turn box. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"
#include "ui_internal.h"
#include "sightline/play.h"
#include "soft_window.h"

#define W 1280
#define H 800
#define SC_TABLE "maps/lessons/tables/skirmish-example.json"

static SDL_Surface *surf;
static SDL_Renderer *ren;
static sl_ui *ui;

static int setup(void **state)
{
    if (soft_window_setup(state) != 0)
        return -1;
    soft_window(W, H, &surf, &ren, &ui);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    soft_window_free(&surf, &ren, &ui);
    SDL_Quit();
    return 0;
}

/* A new game of a shipped scenario (sc_attacks rolled when `rolled`),
 * begun, seen by view v. */
static void new_game_with(const char *scenario, uint64_t seed, bool rolled, sl_world *w, sl_play *p, sl_view *v)
{
    char scn[600], err[600];
    snprintf(scn, sizeof scn, "%s/%s", SL_SOURCE_DIR, scenario);
    sl_load_opts lo = {false};
    assert_true(sl_world_load(scn, &lo, w, NULL));
    if (rolled)
        assert_true(sl_option_set_text(&w->scn.options, sl_option_find("sc_attacks"), "rolled", err, sizeof err));
    sl_play_init(p);
    assert_true(sl_play_start(p, w, scn, seed, err, sizeof err));
    sl_game_begin(&p->game);
    sl_view_init(v, &p->disp);
    v->play = p;
    sl_ui_set_world(ui, &p->disp);
}

static void new_game(const char *scenario, uint64_t seed, sl_world *w, sl_play *p, sl_view *v)
{
    new_game_with(scenario, seed, false, w, p, v);
}

static void end_game(sl_world *w, sl_play *p, sl_view *v)
{
    sl_view_free(v);
    sl_play_free(p);
    sl_world_free(w);
}

static void line_ok(sl_play *p, const char *line)
{
    char err[600];
    if (!sl_play_do_line(p, line, err, sizeof err))
        fail_msg("'%s' refused: %s", line, err);
}

/* The text of the frame drawn now. */
static const char *frame_text(sl_view *v)
{
    ui->text.record = true;
    ui->text.nseen = 0;
    ui->text.nseen_at = 0;
    ui->text.seen[0] = '\0';
    sl_ui_draw(ui, &v->play->disp, v, W, H);
    ui->text.record = false;
    return ui->text.seen;
}

/* `sightline FILE --solo SIDE`: the program takes that side as F5 would
 * (its turns, its decisions, said on the status line); an id the
 * scenario has not is refused with the reason. */
static void test_window_solo_option(void **state)
{
    (void)state;
    sl_world w;
    sl_play p;
    sl_view v;
    char err[300];
    new_game("maps/town.json", 3, &w, &p, &v);
    int esu = sl_scenario_find_side(&w.scn, "esu");
    assert_true(esu >= 0);
    assert_false(sl_view_solo_by_id(&v, "nobody", err, sizeof err));
    assert_non_null(strstr(err, "no side has id 'nobody'"));
    assert_int_equal(p.solo_side, -1);
    assert_true(sl_view_solo_by_id(&v, "esu", err, sizeof err));
    assert_int_equal(p.solo_side, esu);
    if (!strstr(v.status, "the program plays Eurasian Solar Union"))
        fail_msg("--solo esu says \"%s\"", v.status);
    /* it plays: the program's steps come while ESU is to act */
    int before = p.game.ncommands;
    for (int i = 0; i < 20 && sl_play_solo_turn(&p) >= 0; i++)
        sl_view_solo_step(&v);
    assert_true(p.game.ncommands > before || sl_play_solo_turn(&p) < 0);
    assert_true(sl_view_solo_by_id(&v, "both", err, sizeof err));
    assert_int_equal(p.solo_side, SL_SOLO_BOTH);
    end_game(&w, &p, &v);
}

/* The tail of a solo reason, after its last ": " (its why, its odds). */
static const char *why_tail(const char *text)
{
    const char *t = text, *c;
    while ((c = strstr(t, ": ")) != NULL)
        t = c + 2;
    return t;
}

/* The walk (SkirmishCorps, F5): "Solo play: Blue goes first: assigns Unit
 * A to act: it aims at Runner: <odds>", then "Solo play: assigns Unit A
 * to act: it aims at Runner: <odds>", then "Solo play: Unit A aims at
 * Runner: <odds>": one decision's reason three times in the log. Now a
 * why is written once, at the decision that does it. */
static void reasons_once(const char *scenario, bool rolled)
{
    sl_world w;
    sl_play p;
    sl_view v;
    char err[600];
    new_game_with(scenario, 5, rolled, &w, &p, &v);
    p.solo_side = SL_SOLO_BOTH;
    for (int i = 0; i < 120 && !p.game.outcome.over; i++) {
        sl_play_auto(&p, err, sizeof err);
        if (!sl_play_solo_step(&p, err, sizeof err))
            break;
    }
    int notes = 0;
    const char *prev[3] = {NULL, NULL, NULL};
    for (int i = 0; i < p.game.journal.n; i++) {
        const char *t = p.game.journal.ev[i].text;
        if (strncmp(t, "Solo play: ", 11) != 0)
            continue;
        notes++;
        for (int k = 0; k < 3; k++) {
            if (!prev[k])
                continue;
            const char *tail = why_tail(prev[k]);
            /* a why of its own: with its odds or distances, not a
             * stock phrase such as "nothing more worth doing in it" */
            bool own = strchr(tail, '%') || strchr(tail, '"');
            /* a lead-in to the next decision: who goes first, which unit
             * acts, a move made for a shot */
            bool lead = strstr(prev[k], " first") || strstr(prev[k], "assigns ") || strstr(prev[k], "activates ") ||
                        strstr(prev[k], ": then ");
            if (own && lead && strlen(tail) >= 30 && strstr(t, tail))
                fail_msg("%s: a reason written twice:\n  %s\n  %s", scenario, prev[k], t);
        }
        prev[2] = prev[1];
        prev[1] = prev[0];
        prev[0] = t;
    }
    assert_true(notes > 10);
    end_game(&w, &p, &v);
}

static void test_reasons_once(void **state)
{
    (void)state;
    reasons_once(SC_TABLE, true);
    reasons_once("maps/town.json", false);
}

/* The walk (SkirmishCorps, sc2-g.png): "Still to activate: Blue 2 units"
 * counted a knocked-out Unit A, which may do nothing. */
static void test_knocked_out_not_to_activate(void **state)
{
    (void)state;
    sl_world w;
    sl_play p;
    sl_view v;
    new_game(SC_TABLE, 7, &w, &p, &v);
    line_ok(&p, "decide first red");
    line_ok(&p, "activate trooper");
    line_ok(&p, "end");
    line_ok(&p, "activate unit-a");
    line_ok(&p, "fire unit-a at runner");
    line_ok(&p, "decide hit ko");
    line_ok(&p, "end");
    /* Red: the trooper has acted, the runner is knocked out */
    int red = sl_scenario_find_side(&w.scn, "red");
    assert_int_equal(sl_game_unactivated(&p.game, red), 0);
    const char *seen = frame_text(&v), *still = strstr(seen, "Still to activate:");
    assert_non_null(still);
    char line[200];
    snprintf(line, sizeof line, "%.*s", (int)strcspn(still, "\n"), still);
    if (!strstr(line, "Red 0"))
        fail_msg("the turn box says \"%s\" with Red's trooper done and its runner knocked out", line);
    end_game(&w, &p, &v);
}

static void press_f5(sl_view *v)
{
    SDL_Event e = {0};
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = SDLK_F5;
    sl_input_event(ui, &v->play->disp, v, &e);
}

/* The walk (sc-f5-2.png): the program's Unit A shot, its card "roll it for
 * the program" up; F5 then gave Blue to the player ("Blue: you · Red:
 * program") but the card and the turn box still called Blue the program.
 * Now the shot is the player's own to enter, and nothing says otherwise. */
static void test_f5_while_program_attack_waits(void **state)
{
    (void)state;
    sl_world w;
    sl_play p;
    sl_view v;
    new_game(SC_TABLE, 7, &w, &p, &v);
    int blue = sl_scenario_find_side(&w.scn, "blue");
    assert_true(sl_view_solo_by_id(&v, "blue", (char[300]){0}, 300));
    sl_decision_view d;
    bool waits = false;
    char err[600];
    for (int i = 0; i < 60 && !waits; i++) {
        /* Red, the player, lets Blue go first and then waits */
        if (!sl_view_solo_step(&v) && !sl_play_do_line(&p, "decide first blue", err, sizeof err) &&
            !sl_play_do_line(&p, "done red", err, sizeof err))
            break;
        waits = sl_game_decision(&p.game, -1, -1, 0, &d) && strstr(d.title, "roll it for the program");
    }
    if (!waits)
        fail_msg("the program's attack never waited for the players' roll");
    if (!strstr(frame_text(&v), "(the program)"))
        fail_msg("before F5 the turn box does not say the program attacked");
    press_f5(&v); /* Blue to the player, Red to the program */
    assert_true(p.solo_side >= 0 && p.solo_side != blue);
    assert_true(sl_game_decision(&p.game, -1, -1, 0, &d));
    if (strstr(d.title, "program") || strstr(d.duty, "program") || strstr(d.handover, "program"))
        fail_msg("after F5 the card still says \"%s\" / \"%s\"", d.title, d.duty);
    const char *seen = frame_text(&v);
    if (strstr(seen, "Blue (the program)") || strstr(seen, "roll it for the program"))
        fail_msg("after F5 the window still calls Blue the program:\n%s", seen);
    end_game(&w, &p, &v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_window_solo_option),
        cmocka_unit_test(test_reasons_once),
        cmocka_unit_test(test_knocked_out_not_to_activate),
        cmocka_unit_test(test_f5_while_program_attack_waits),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
