/* Activations and the turn sequence (rulebook p15-16): the units of a
 * side activate in turn, each with its actions; a transfer stacks the
 * subordinate's activation over its leader's; once every side is done
 * the markers turn face up again. Shared by every ruleset. */
#include <stdio.h>
#include <string.h>

#include "base.h"

int sl_game_active_unit(const sl_game *g)
{
    return g->act_depth > 0 ? g->act_unit[g->act_depth - 1] : -1;
}

int sl_game_actions_left(const sl_game *g)
{
    return g->act_depth > 0 ? g->act_left[g->act_depth - 1] : 0;
}

bool sl_game_to_activate(const sl_game *g, int u)
{
    return u >= 0 && u < g->live.nunits && !g->us[u].activated && rl_living(g, u) > 0 &&
           g->live.units[u].kind != SL_UNIT_DUMMY && sl_unit_whole(&g->live, u) < 0 && !rl_det_bound(g, u);
}

/* Fog of war (rule option fog_counts): a face-down counter of a side, a
 * hidden unit's or a dummy's, counts for nothing (table), for one unit
 * (counters), or as what is under it (real: the one reading that tells
 * the other side which counters are units). Whatever is under them,
 * under table and counters each side reads the same counts. */
enum { FOG_COUNT_TABLE, FOG_COUNT_COUNTERS, FOG_COUNT_REAL };

static bool face_down(const sl_game *g, int u)
{
    const sl_unit *un = &g->live.units[u];
    return sl_unit_whole(&g->live, u) < 0 && un->parent < 0 && rl_fog_counter(g, u) && rl_living(g, u) > 0;
}

/* The counters of a side still face down, and what they count for. */
static int counted_counters(const sl_game *g, int side, int *face_down_n)
{
    int n = 0;
    for (int u = 0; u < g->live.nunits; u++)
        n += g->live.units[u].side == side && face_down(g, u);
    if (face_down_n)
        *face_down_n = n;
    return g->live.options.fog_counts == FOG_COUNT_COUNTERS ? n : 0;
}

/* A unit to count as itself: under a counter only when counting real units. */
static bool counted_as_itself(const sl_game *g, int u)
{
    return g->live.options.fog_counts == FOG_COUNT_REAL || !rl_fog_counter(g, u);
}

/* The side's units not yet activated; `able`: only those the ruleset
 * lets act this turn (a knocked-out trooper is not still to activate,
 * though its side is asked until it says it is done). */
static int unactivated(const sl_game *g, int side, bool able)
{
    const rl_ruleset *rs = rl_ruleset_of(g);
    int n = counted_counters(g, side, NULL);
    for (int u = 0; u < g->live.nunits; u++)
        n += g->live.units[u].side == side && sl_game_to_activate(g, u) && counted_as_itself(g, u) &&
             (!able || !rs->may_act || rs->may_act(g, u));
    return n;
}

int sl_game_unactivated(const sl_game *g, int side)
{
    return unactivated(g, side, true);
}

int sl_game_counters_down(const sl_game *g, int side)
{
    int n;
    counted_counters(g, side, &n);
    return g->live.options.fog_counts == FOG_COUNT_TABLE ? n : 0;
}

bool rl_side_open(const sl_game *g, int side)
{
    if (g->done[side])
        return false;
    /* a side with counters down is asked while it may have a unit under
     * one, which only its own player knows */
    int down;
    counted_counters(g, side, &down);
    if (g->live.options.fog_counts != FOG_COUNT_REAL && down > 0)
        return true;
    return unactivated(g, side, false) > 0;
}

static int units_on_table(const sl_game *g, int side)
{
    int n = counted_counters(g, side, NULL);
    for (int u = 0; u < g->live.nunits; u++)
        n += g->live.units[u].side == side && rl_living(g, u) > 0 && g->live.units[u].kind != SL_UNIT_DUMMY &&
             sl_unit_whole(&g->live, u) < 0 && !rl_det_bound(g, u) && counted_as_itself(g, u) &&
             !sl_game_not_yet_on(g, u); /* an ambushed column's units still to come on */
    return n;
}

void rl_set_first(sl_game *g, int side, const char *why)
{
    g->side_to_act = side;
    g->last_first = side;
    char fields[96], sid[64];
    sl_json_escape(sid, sizeof sid, g->live.sides[side].id);
    snprintf(fields, sizeof fields, "\"first\":\"%s\"", sid);
    char text[300];
    snprintf(text, sizeof text, "%s activates first this turn (%s)", rl_side_name(g, side), why);
    rl_event(g, SL_EV_DECISION, -1, text, fields);
}

/* The turn begins: every marker face up, the ruleset's end phase and the
 * rules' turn start. False when there is no turn (the last was played). */
static bool markers_up(sl_game *g)
{
    if (g->turn > 0 && rl_outcome_turn_end(g))
        return false; /* that was the last turn */
    g->turn++;
    for (int u = 0; u < g->live.nunits; u++) {
        sl_unit_state *s = &g->us[u];
        s->activated = false;
        s->fired_upon = false;
        s->failed_tests = 0;
        s->moves = 0;
        s->actions_done = 0;
    }
    for (int f = 0; f < g->live.nfigures; f++)
        g->live.figures[f].fired = 0;
    memset(g->done, 0, sizeof g->done);
    g->spent_side = -1;
    char fields[64], text[64];
    snprintf(fields, sizeof fields, "\"turn\":%d", g->turn);
    snprintf(text, sizeof text, "Turn %d: every activation marker is face up", g->turn);
    rl_event(g, SL_EV_TURN, -1, text, fields);
    const rl_ruleset *rs = rl_ruleset_of(g);
    if (rs->turn_start)
        rs->turn_start(g); /* the end phase of the last turn */
    rl_hook_turn_start(g);
    rl_fog_check(g); /* counters in the open in sight from the start */
    if (g->live.nsides < 2) {
        g->side_to_act = 0;
        return false;
    }
    return true;
}

void rl_turn_start_first(sl_game *g, int side, const char *why)
{
    if (markers_up(g))
        rl_set_first(g, side, why);
}

void rl_turn_start(sl_game *g)
{
    if (!markers_up(g))
        return;
    int mode = g->live.options.first_activation;
    if (mode == 1) {
        int side = g->last_first < 0 ? 0 : (g->last_first + 1) % g->live.nsides;
        rl_set_first(g, side, "the sides alternate");
    } else if (mode == 2) {
        int v = rl_roll(g, SL_D6, -1, "initiative", -1, "Who activates first: odd %s, even %s", rl_side_name(g, 0),
                        rl_side_name(g, 1));
        rl_set_first(g, v % 2 ? 0 : 1, "by the die");
    } else {
        int a = units_on_table(g, 0), b = units_on_table(g, 1);
        bool tie = a == b;
        if (tie) {
            int v = rl_roll(g, SL_D6, -1, "initiative", -1,
                            "Both sides have %d units on the table, so a die decides who chooses: odd %s, even %s", a,
                            rl_side_name(g, 0), rl_side_name(g, 1));
            g->pending.kind = SL_DECIDE_FIRST;
            g->pending.side = v % 2 ? 0 : 1;
        } else {
            g->pending.kind = SL_DECIDE_FIRST;
            g->pending.side = a < b ? 0 : 1;
        }
        g->pending.noptions = 0;
        char fields2[96], sid[64], text2[300];
        sl_json_escape(sid, sizeof sid, g->live.sides[g->pending.side].id);
        snprintf(fields2, sizeof fields2, "\"decision\":\"first\",\"side\":\"%s\"", sid);
        snprintf(text2, sizeof text2, "%s, %s, chooses who activates first (p15): decide first SIDE",
                 rl_side_name(g, g->pending.side),
                 tie ? "given the choice by the die" : "with fewer units on the table");
        rl_event(g, SL_EV_DECISION, -1, text2, fields2);
    }
}

void rl_game_start(sl_game *g)
{
    if (!rl_hook_game_start(g))
        rl_turn_start(g);
}

void rl_next_activation(sl_game *g)
{
    if (g->live.nsides < 2) {
        if (!rl_side_open(g, 0))
            rl_turn_start(g);
        return;
    }
    int cur = g->side_to_act, other = 1 - cur;
    int next = other;
    if (g->spent_side == other) {
        /* the other side's reaction fire was its turn (p53) */
        next = cur;
        g->spent_side = -1;
    }
    if (!rl_side_open(g, next))
        next = rl_side_open(g, 1 - next) ? 1 - next : -1;
    if (next < 0) {
        rl_turn_start(g);
        return;
    }
    g->side_to_act = next;
}

void rl_push_activation(sl_game *g, int unit, int actions)
{
    /* a hidden unit is revealed when its player first activates it (p25) */
    rl_reveal(g, unit, "its player activates it");
    g->act_unit[g->act_depth] = unit;
    g->act_left[g->act_depth] = actions;
    g->act_transfers[g->act_depth] = 0;
    g->act_depth++;
}

void rl_end_activation(sl_game *g, const char *why)
{
    if (g->act_depth == 0)
        return;
    int u = g->act_unit[--g->act_depth];
    g->us[u].moves = 0;
    rl_state(g, u, "activation-ended", "%s's activation ends (%s)", rl_unit_name(g, u), why);
    rl_hook_activation_ended(g, u);
    if (g->act_depth > 0 && g->act_left[g->act_depth - 1] <= 0 &&
        !rl_hook_holds_activation(g, g->act_unit[g->act_depth - 1])) {
        /* back to a commander whose actions are spent */
        rl_end_activation(g, sl_unit_whole(&g->live, u) >= 0 ? "its actions went to its fireteams"
                                                         : "its actions were spent on transfers");
        return;
    }
    if (g->act_depth == 0)
        rl_next_activation(g);
}

void rl_spend(sl_game *g, int n)
{
    if (g->act_depth == 0)
        return;
    int top = g->act_depth - 1;
    g->act_left[top] -= n;
    g->us[g->act_unit[top]].actions_done += n;
    if (g->act_left[top] <= 0 && !rl_hook_holds_activation(g, g->act_unit[top]))
        rl_end_activation(g, sl_unit_whole(&g->live, g->act_unit[top]) >= 0 ? "its orders carried out"
                                                                        : "both actions used");
}

void rl_spend_on_fire(sl_game *g, int u)
{
    g->us[u].activated = true;
    rl_hook_spent_on_fire(g, u);
}
