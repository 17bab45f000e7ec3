/* The game: state in play, the turn sequence, and applying commands
 * whole or not at all (rulebook p15-16). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_internal.h"

const char *side_name(const sl_game *g, int side)
{
    return side >= 0 && side < g->live.nsides ? g->live.sides[side].name : "?";
}

const char *unit_name(const sl_game *g, int unit)
{
    return unit >= 0 && unit < g->live.nunits ? g->live.units[unit].name : "?";
}

int living(const sl_game *g, int unit)
{
    const sl_unit *u = &g->live.units[unit];
    int n = 0;
    for (int i = 0; i < u->nfigures; i++)
        n += g->live.figures[u->first_figure + i].status == SL_FIG_OK;
    return n;
}

int sl_game_living(const sl_game *g, int unit)
{
    return living(g, unit);
}

sl_pt unit_centre(const sl_game *g, int unit)
{
    return sl_unit_centre(&g->live, unit, NULL);
}

bool refuse(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return false;
}

int roll(sl_game *g, sl_die die, int target, const char *test, int unit, const char *fmt, ...)
{
    if (g->failed)
        return 0;
    int v = 0;
    char err[200];
    if (!sl_dice_roll(&g->dice, die, &v, err, sizeof err)) {
        g->failed = true;
        snprintf(g->fail_msg, sizeof g->fail_msg, "%s", err);
        return 0;
    }
    char reason[800];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(reason, sizeof reason, fmt, ap);
    va_end(ap);
    char fields[400], uid[80];
    jesc(uid, sizeof uid, unit >= 0 ? g->live.units[unit].id : "");
    int k = snprintf(fields, sizeof fields, "\"die\":\"%s\",\"value\":%d", sl_die_name(die), v);
    if (target >= 0)
        k += snprintf(fields + k, sizeof fields - (size_t)k, ",\"target\":%d,\"pass\":%s", target,
                      v > target ? "true" : "false");
    snprintf(fields + k, sizeof fields - (size_t)k, ",\"test\":\"%s\",\"unit\":\"%s\"", test, uid);
    sl_event *e = jadd(g, SL_EV_ROLL, unit, reason, fields);
    if (e) {
        e->die = die;
        e->value = v;
        e->target = target;
        e->pass = target >= 0 ? v > target : -1;
        snprintf(e->test, sizeof e->test, "%s", test);
    }
    return v;
}

void add_suppression(sl_game *g, int unit, const char *why)
{
    if (has_teams(g, unit)) {
        /* suppression is the fireteams', each of them */
        const sl_unit *sq = &g->live.units[unit];
        for (int k = 0; k < sq->nteams; k++)
            if (living(g, sq->team_unit[k]) > 0)
                add_suppression(g, sq->team_unit[k], why);
        return;
    }
    sl_unit_state *s = &g->us[unit];
    if (s->last_stand) {
        jnote(g, unit, "%s, making its last stand, ignores the suppression (%s, p53)", unit_name(g, unit), why);
        return;
    }
    if (s->suppression >= 3) {
        jstate(g, unit, "suppressed", "%s already has three suppression markers; more are ignored (%s)",
               unit_name(g, unit), why);
        return;
    }
    int sq = squad_of(g, unit);
    bool leader_was = sq != unit && leader_suppressed(g, sq);
    s->suppression++;
    jstate(g, unit, "suppressed", "%s is suppressed (%s): %d marker%s", unit_name(g, unit), why, s->suppression,
           s->suppression == 1 ? "" : "s");
    if (sq != unit && !leader_was)
        ft_note_leader_suppressed(g, sq, unit);
}

static void start_turn(sl_game *g);

/* --- init and copies -------------------------------------------------------------- */

bool sl_game_init(sl_game *g, const sl_scenario *setup, uint64_t seed, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    g->setup = setup;
    g->live = *setup; /* the table is shared, read only */
    g->live.units = malloc(sizeof(sl_unit) * (size_t)(setup->nunits > 0 ? setup->nunits : 1));
    g->live.figures = malloc(sizeof(sl_figure) * (size_t)(setup->nfigures > 0 ? setup->nfigures : 1));
    g->us = calloc((size_t)(setup->nunits > 0 ? setup->nunits : 1), sizeof(sl_unit_state));
    if (!g->live.units || !g->live.figures || !g->us) {
        sl_game_free(g);
        return refuse(err, errlen, "out of memory");
    }
    memcpy(g->live.units, setup->units, sizeof(sl_unit) * (size_t)setup->nunits);
    memcpy(g->live.figures, setup->figures, sizeof(sl_figure) * (size_t)setup->nfigures);
    for (int u = 0; u < setup->nunits; u++) {
        g->us[u].revealed = !setup->units[u].hidden;
        g->us[u].aboard = setup->units[u].carrier;
        g->us[u].leader_with = g->us[u].leader_joined = -1;
    }
    /* troops aboard stand where their vehicle does */
    for (int u = 0; u < setup->nunits; u++)
        if (g->us[u].aboard >= 0)
            ride_with(g, u);
    if (!sl_sight_init(&g->sight, &g->live)) {
        sl_game_free(g);
        return refuse(err, errlen, "out of memory");
    }
    g->seed = seed;
    sl_dice_init(&g->dice, seed);
    g->turn = 0;
    g->spent_side = -1;
    g->last_first = -1;
    char fields[512], name[300];
    jesc(name, sizeof name, setup->name);
    snprintf(fields, sizeof fields, "\"format\":\"%s\",\"version\":%d,\"scenario\":\"%s\",\"seed\":%llu",
             SL_JOURNAL_FORMAT, SL_JOURNAL_VERSION, name, (unsigned long long)seed);
    char text[400];
    snprintf(text, sizeof text, "%s begins (seed %llu)", setup->name, (unsigned long long)seed);
    jadd(g, SL_EV_START, -1, text, fields);
    return true;
}

void sl_game_free(sl_game *g)
{
    sl_sight_free(&g->sight);
    free(g->live.units);
    free(g->live.figures);
    free(g->us);
    journal_free(&g->journal);
    sl_dice_free(&g->dice);
    memset(g, 0, sizeof *g);
}

void sl_game_begin(sl_game *g)
{
    if (g->turn != 0)
        return;
    int n = g->journal.n;
    start_turn(g);
    if (g->failed) {
        /* scripted dice that cannot make the first roll: the first
         * command will try again and say why */
        journal_truncate(&g->journal, n);
        g->turn = 0;
        g->failed = false;
        g->pending.kind = SL_DECIDE_NONE;
    }
}

void sl_game_moved(sl_game *g)
{
    g->sight.scn = &g->live;
    g->sight.ix.table = &g->live.table;
}

bool sl_game_script_dice(sl_game *g, const int *values, int n)
{
    return sl_dice_script(&g->dice, values, n);
}

/* Everything a command can change, so a refused one changes nothing. */
typedef struct snapshot {
    sl_unit *units;
    sl_figure *figures;
    sl_unit_state *us;
    sl_dice dice;
    int turn, side_to_act, act_depth, spent_side, last_first, ncommands, journal_n;
    int act_unit[SL_ACT_STACK], act_left[SL_ACT_STACK], act_transfers[SL_ACT_STACK];
    bool done[SL_MAX_SIDES];
    sl_pending pending;
    sl_frame frames[SL_FRAME_STACK];
    int nframes;
    sl_move mv;
} snapshot;

static bool take_snapshot(const sl_game *g, snapshot *s)
{
    size_t nu = (size_t)(g->live.nunits > 0 ? g->live.nunits : 1), nf = (size_t)(g->live.nfigures > 0 ? g->live.nfigures : 1);
    s->units = malloc(sizeof(sl_unit) * nu);
    s->figures = malloc(sizeof(sl_figure) * nf);
    s->us = malloc(sizeof(sl_unit_state) * nu);
    if (!s->units || !s->figures || !s->us) {
        free(s->units);
        free(s->figures);
        free(s->us);
        return false;
    }
    memcpy(s->units, g->live.units, sizeof(sl_unit) * (size_t)g->live.nunits);
    memcpy(s->figures, g->live.figures, sizeof(sl_figure) * (size_t)g->live.nfigures);
    memcpy(s->us, g->us, sizeof(sl_unit_state) * (size_t)g->live.nunits);
    s->dice = g->dice; /* the script pointer is shared; only `at` moves */
    s->turn = g->turn;
    s->side_to_act = g->side_to_act;
    s->act_depth = g->act_depth;
    s->spent_side = g->spent_side;
    s->last_first = g->last_first;
    s->ncommands = g->ncommands;
    s->journal_n = g->journal.n;
    memcpy(s->act_unit, g->act_unit, sizeof s->act_unit);
    memcpy(s->act_left, g->act_left, sizeof s->act_left);
    memcpy(s->act_transfers, g->act_transfers, sizeof s->act_transfers);
    memcpy(s->done, g->done, sizeof s->done);
    s->pending = g->pending;
    memcpy(s->frames, g->frames, sizeof s->frames);
    s->nframes = g->nframes;
    s->mv = g->mv;
    return true;
}

static void restore_snapshot(sl_game *g, snapshot *s)
{
    memcpy(g->live.units, s->units, sizeof(sl_unit) * (size_t)g->live.nunits);
    memcpy(g->live.figures, s->figures, sizeof(sl_figure) * (size_t)g->live.nfigures);
    memcpy(g->us, s->us, sizeof(sl_unit_state) * (size_t)g->live.nunits);
    g->dice.rng = s->dice.rng;
    g->dice.at = s->dice.at;
    g->dice.rolls = s->dice.rolls;
    g->turn = s->turn;
    g->side_to_act = s->side_to_act;
    g->act_depth = s->act_depth;
    g->spent_side = s->spent_side;
    g->last_first = s->last_first;
    g->ncommands = s->ncommands;
    memcpy(g->act_unit, s->act_unit, sizeof s->act_unit);
    memcpy(g->act_left, s->act_left, sizeof s->act_left);
    memcpy(g->act_transfers, s->act_transfers, sizeof s->act_transfers);
    memcpy(g->done, s->done, sizeof s->done);
    g->pending = s->pending;
    memcpy(g->frames, s->frames, sizeof s->frames);
    g->nframes = s->nframes;
    g->mv = s->mv;
    journal_truncate(&g->journal, s->journal_n);
}

static void drop_snapshot(snapshot *s)
{
    free(s->units);
    free(s->figures);
    free(s->us);
}

/* --- the turn sequence ------------------------------------------------------------- */

int sl_game_active_unit(const sl_game *g)
{
    return g->act_depth > 0 ? g->act_unit[g->act_depth - 1] : -1;
}

int sl_game_actions_left(const sl_game *g)
{
    return g->act_depth > 0 ? g->act_left[g->act_depth - 1] : 0;
}

int sl_game_unactivated(const sl_game *g, int side)
{
    int n = 0;
    for (int u = 0; u < g->live.nunits; u++)
        if (g->live.units[u].side == side && !g->us[u].activated && living(g, u) > 0 &&
            g->live.units[u].kind != SL_UNIT_DUMMY && g->live.units[u].squad < 0 && !det_bound(g, u))
            n++;
    return n;
}

/* A side still to activate units this turn. */
static bool side_open(const sl_game *g, int side)
{
    return !g->done[side] && sl_game_unactivated(g, side) > 0;
}

static int units_on_table(const sl_game *g, int side)
{
    int n = 0;
    for (int u = 0; u < g->live.nunits; u++)
        n += g->live.units[u].side == side && living(g, u) > 0 && g->live.units[u].kind != SL_UNIT_DUMMY &&
             g->live.units[u].squad < 0 && !det_bound(g, u);
    return n;
}

static void set_first(sl_game *g, int side, const char *why)
{
    g->side_to_act = side;
    g->last_first = side;
    char fields[96], sid[64];
    jesc(sid, sizeof sid, g->live.sides[side].id);
    snprintf(fields, sizeof fields, "\"first\":\"%s\"", sid);
    char text[300];
    snprintf(text, sizeof text, "%s activates first this turn (%s)", side_name(g, side), why);
    jadd(g, SL_EV_DECISION, -1, text, fields);
}

/* Start turn n: markers face up, who goes first. */
static void start_turn(sl_game *g)
{
    g->turn++;
    for (int u = 0; u < g->live.nunits; u++) {
        sl_unit_state *s = &g->us[u];
        s->activated = false;
        s->leader_joined = -1;
        s->team_reacted = false;
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
    jadd(g, SL_EV_TURN, -1, text, fields);
    if (sc_on(g))
        sc_turn_start(g); /* the end phase: stunned markers */
    if (g->live.nsides < 2) {
        g->side_to_act = 0;
        return;
    }
    int mode = g->live.options.first_activation;
    if (mode == 1) {
        int side = g->last_first < 0 ? 0 : (g->last_first + 1) % g->live.nsides;
        set_first(g, side, "the sides alternate");
    } else if (mode == 2) {
        int v = roll(g, SL_D6, -1, "initiative", -1, "Who activates first: odd %s, even %s", side_name(g, 0),
                     side_name(g, 1));
        set_first(g, v % 2 ? 0 : 1, "by the die");
    } else {
        int a = units_on_table(g, 0), b = units_on_table(g, 1);
        bool tie = a == b;
        if (tie) {
            int v = roll(g, SL_D6, -1, "initiative", -1,
                         "Both sides have %d units on the table, so a die decides who chooses: odd %s, even %s", a,
                         side_name(g, 0), side_name(g, 1));
            g->pending.kind = SL_DECIDE_FIRST;
            g->pending.side = v % 2 ? 0 : 1;
        } else {
            g->pending.kind = SL_DECIDE_FIRST;
            g->pending.side = a < b ? 0 : 1;
        }
        g->pending.noptions = 0;
        char fields2[96], sid[64], text2[300];
        jesc(sid, sizeof sid, g->live.sides[g->pending.side].id);
        snprintf(fields2, sizeof fields2, "\"decision\":\"first\",\"side\":\"%s\"", sid);
        snprintf(text2, sizeof text2, "%s, %s, chooses who activates first (p15): decide first SIDE",
                 side_name(g, g->pending.side), tie ? "given the choice by the die" : "with fewer units on the table");
        jadd(g, SL_EV_DECISION, -1, text2, fields2);
    }
}

/* After an activation ends: whose turn is it, or is the turn over? */
static void next_activation(sl_game *g)
{
    if (g->live.nsides < 2) {
        if (!side_open(g, 0))
            start_turn(g);
        return;
    }
    int cur = g->side_to_act, other = 1 - cur;
    int next = other;
    if (g->spent_side == other) {
        /* the other side's reaction fire was its turn (p53) */
        next = cur;
        g->spent_side = -1;
    }
    if (!side_open(g, next))
        next = side_open(g, 1 - next) ? 1 - next : -1;
    if (next < 0) {
        start_turn(g);
        return;
    }
    g->side_to_act = next;
}

void end_activation(sl_game *g, const char *why)
{
    if (g->act_depth == 0)
        return;
    int u = g->act_unit[--g->act_depth];
    g->us[u].moves = 0;
    g->us[u].team_pending = 0;
    g->us[u].leader_with = -1;
    jstate(g, u, "activation-ended", "%s's activation ends (%s)", unit_name(g, u), why);
    if (has_teams(g, u)) {
        /* fireteams that had actions from it lose them */
        const sl_unit *s = &g->live.units[u];
        for (int k = 0; k < s->nteams; k++)
            if (g->us[s->team_unit[k]].team_pending > 0) {
                g->us[s->team_unit[k]].team_pending = 0;
                jnote(g, s->team_unit[k], "%s's action is lost with its squad leader's activation",
                      unit_name(g, s->team_unit[k]));
            }
    }
    if (g->act_depth > 0 && g->act_left[g->act_depth - 1] <= 0 && !teams_pending(g, g->act_unit[g->act_depth - 1])) {
        /* back to a commander whose actions are spent */
        end_activation(g, g->live.units[u].squad >= 0 ? "its actions went to its fireteams"
                                                      : "its actions were spent on transfers");
        return;
    }
    if (g->act_depth == 0)
        next_activation(g);
}

/* Spend actions of the active unit; end its activation when none are left. */
void spend(sl_game *g, int n)
{
    if (g->act_depth == 0)
        return;
    int top = g->act_depth - 1;
    g->act_left[top] -= n;
    g->us[g->act_unit[top]].actions_done += n;
    if (g->act_left[top] <= 0 && !teams_pending(g, g->act_unit[top]))
        end_activation(g, g->live.units[g->act_unit[top]].squad >= 0 ? "its orders carried out" : "both actions used");
}

bool unit_can_act(const sl_game *g, int unit, sl_cmd_kind k, char *why, size_t whylen)
{
    const sl_unit_state *s = &g->us[unit];
    const sl_unit *u = &g->live.units[unit];
    if (living(g, unit) == 0)
        return refuse(why, whylen, "%s has no figures left standing", u->name);
    if (s->panicked && k != SL_CMD_REMOVE_PANIC && k != SL_CMD_END_ACTIVATION)
        return refuse(why, whylen, "%s is panicking: it can do nothing but try to remove the panic (two actions)",
                      u->name);
    if (s->suppression > 0) {
        bool allowed = k == SL_CMD_REMOVE_SUPPRESSION || k == SL_CMD_OBSERVE || k == SL_CMD_COMMUNICATE ||
                       k == SL_CMD_REORGANISE || k == SL_CMD_END_ACTIVATION || k == SL_CMD_TRANSFER ||
                       k == SL_CMD_RALLY || k == SL_CMD_REMOVE_PANIC ||
                       ((k == SL_CMD_MOVE || k == SL_CMD_COMBAT_MOVE) && g->live.options.suppressed_move == 1);
        if (!allowed)
            return refuse(why, whylen,
                          "%s is suppressed: it may only remove suppression, observe, communicate, or "
                          "reorganise in cover (p18)",
                          u->name);
    }
    if (s->aboard >= 0 && k != SL_CMD_DISEMBARK && k != SL_CMD_END_ACTIVATION && k != SL_CMD_REMOVE_SUPPRESSION &&
        k != SL_CMD_COMMUNICATE && k != SL_CMD_TRANSFER && k != SL_CMD_RALLY && k != SL_CMD_REORGANISE)
        return refuse(why, whylen, "%s is aboard %s: it goes where the vehicle goes, and must disembark to do that",
                      u->name, g->live.units[s->aboard].name);
    if (s->failed_tests & (1u << k))
        return refuse(why, whylen, "%s failed its reaction test to %s this turn and may not try again until next turn (p21)",
                      u->name, sl_cmd_name(k));
    return true;
}

/* --- commands -------------------------------------------------------------------------- */

static const char *const cmd_names[SL_CMD_COUNT] = {
    [SL_CMD_ACTIVATE] = "activate",
    [SL_CMD_MOVE] = "move",
    [SL_CMD_COMBAT_MOVE] = "combat-move",
    [SL_CMD_FIRE] = "fire",
    [SL_CMD_IN_POSITION] = "in-position",
    [SL_CMD_LEAVE_POSITION] = "leave-position",
    [SL_CMD_REMOVE_SUPPRESSION] = "remove-suppression",
    [SL_CMD_REORGANISE] = "reorganise",
    [SL_CMD_TRANSFER] = "transfer",
    [SL_CMD_COMMUNICATE] = "communicate",
    [SL_CMD_RALLY] = "rally",
    [SL_CMD_OBSERVE] = "observe",
    [SL_CMD_ASSAULT] = "assault",
    [SL_CMD_REMOVE_PANIC] = "remove-panic",
    [SL_CMD_LAST_STAND] = "last-stand",
    [SL_CMD_OVERWATCH] = "overwatch",
    [SL_CMD_TEAMS] = "teams",
    [SL_CMD_REGROUP] = "regroup",
    [SL_CMD_EMBARK] = "embark",
    [SL_CMD_DISEMBARK] = "disembark",
    [SL_CMD_DETACH] = "detach",
    [SL_CMD_STANCE] = "stance",
    [SL_CMD_HIDE] = "hide",
    [SL_CMD_END_ACTIVATION] = "end",
    [SL_CMD_PASS] = "pass",
    [SL_CMD_DONE] = "done",
    [SL_CMD_DECIDE] = "decide",
};

const char *sl_cmd_name(sl_cmd_kind k)
{
    return (int)k >= 0 && k < SL_CMD_COUNT ? cmd_names[k] : "?";
}

/* Actions each command costs the active unit. */
static int cost_of(sl_cmd_kind k)
{
    switch (k) {
    case SL_CMD_ASSAULT:
    case SL_CMD_REMOVE_PANIC: return 2;
    case SL_CMD_ACTIVATE:
    case SL_CMD_LAST_STAND:
    case SL_CMD_END_ACTIVATION:
    case SL_CMD_PASS:
    case SL_CMD_DONE:
    case SL_CMD_DECIDE: return 0;
    default: return 1;
    }
}

/* Checks common to every action of the active unit. */
static bool check_action(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    int active = sl_game_active_unit(g);
    if (active < 0)
        return refuse(why, whylen, "no unit is active: %s must first activate one (activate UNIT)",
                      side_name(g, g->side_to_act));
    if (c->unit != active)
        return refuse(why, whylen, "%s is not the active unit; %s is", unit_name(g, c->unit), unit_name(g, active));
    int need = cost_of(c->kind);
    if (c->kind == SL_CMD_ASSAULT && g->live.units[active].squad >= 0 && sl_game_actions_left(g) < 2)
        return refuse(why, whylen, "a fireteam closes assault only with both actions given at once (teams %s both, "
                                   "house rule)",
                      g->live.units[g->live.units[active].squad].id);
    if (sl_game_actions_left(g) < need)
        return refuse(why, whylen, "%s needs %d actions and %s has %d left", sl_cmd_name(c->kind), need,
                      unit_name(g, active), sl_game_actions_left(g));
    if (need == 2 && g->us[active].actions_done > 0 && c->kind != SL_CMD_REMOVE_PANIC)
        return refuse(why, whylen, "%s takes a whole activation and must be its first action", sl_cmd_name(c->kind));
    if (has_teams(g, active) && teams_pending(g, active))
        return refuse(why, whylen, "%s's fireteams have actions to take first (activate %s.N), or end", unit_name(g, active),
                      g->live.units[active].id);
    return ft_check(g, c, why, whylen);
}

bool sl_game_can(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    if (g->pending.kind != SL_DECIDE_NONE && c->kind != SL_CMD_DECIDE)
        return refuse(why, whylen, "%s must first answer a decision (decide ...)", side_name(g, g->pending.side));
    if (sc_handles(g, c->kind))
        return sc_can(g, c, why, whylen);
    switch (c->kind) {
    case SL_CMD_ACTIVATE: {
        if (g->live.units[c->unit].squad >= 0)
            return ft_can_activate_team(g, c->unit, why, whylen);
        if (g->live.units[c->unit].parent >= 0 && g->live.units[c->unit].nfigures == 0)
            return refuse(why, whylen, "%s has formed no detached element (detach %s FIGURE ...)",
                          g->live.units[g->live.units[c->unit].parent].name,
                          g->live.units[g->live.units[c->unit].parent].id);
        if (det_bound(g, c->unit))
            return refuse(why, whylen, "%s is a detached element: it acts only when its squad leader spends an action "
                                       "on it in the squad's activation (transfer %s to %s, p17)",
                          unit_name(g, c->unit), g->live.units[g->live.units[c->unit].parent].id,
                          g->live.units[c->unit].id);
        if (g->act_depth > 0)
            return refuse(why, whylen, "%s is still active (end it first)", unit_name(g, sl_game_active_unit(g)));
        const sl_unit *u = &g->live.units[c->unit];
        if (u->side != g->side_to_act)
            return refuse(why, whylen, "it is %s's turn to activate a unit, not %s's", side_name(g, g->side_to_act),
                          side_name(g, u->side));
        if (g->us[c->unit].activated)
            return refuse(why, whylen, "%s has already been activated this turn", u->name);
        if (u->kind == SL_UNIT_DUMMY)
            return refuse(why, whylen, "%s is a dummy counter and does not activate", u->name);
        if (living(g, c->unit) == 0)
            return refuse(why, whylen, "%s has no figures left standing", u->name);
        return true;
    }
    case SL_CMD_END_ACTIVATION:
        if (g->act_depth == 0)
            return refuse(why, whylen, "no unit is active");
        return true;
    case SL_CMD_LAST_STAND:
        return can_last_stand(g, c->unit, why, whylen);
    case SL_CMD_TEAMS:
        return ft_can_teams(g, c, why, whylen);
    case SL_CMD_DETACH: {
        if (!check_action(g, c, why, whylen))
            return false;
        if (squad_leader(g, c->unit) < 0)
            return refuse(why, whylen, "%s has no squad leader standing to form a detached element",
                          unit_name(g, c->unit));
        int cost = det_cost(g, c, why, whylen);
        if (cost == 0)
            return false;
        if (sl_game_actions_left(g) < cost)
            return refuse(why, whylen, "forming that element takes two actions (the fireteams it draws on are not "
                                       "within fireteam integrity of each other) and %s has %d left",
                          unit_name(g, c->unit), sl_game_actions_left(g));
        return true;
    }
    case SL_CMD_REGROUP: {
        if (!check_action(g, c, why, whylen))
            return false;
        int cost = ft_regroup_cost(g, c, why, whylen);
        if (cost == 0)
            return false;
        if (sl_game_actions_left(g) < cost)
            return refuse(why, whylen, "that regroup takes two actions (the teams are not within fireteam integrity "
                                       "of each other) and %s has %d left",
                          unit_name(g, c->unit), sl_game_actions_left(g));
        return true;
    }
    case SL_CMD_EMBARK:
    case SL_CMD_DISEMBARK:
        return check_action(g, c, why, whylen) && can_embark(g, c, why, whylen);
    case SL_CMD_OVERWATCH:
        if (!g->live.options.opportunity_fire)
            return refuse(why, whylen, "overwatch belongs to the opportunity fire house rule, which this scenario does "
                                       "not use (rule option opportunity_fire)");
        if (!check_action(g, c, why, whylen))
            return false;
        if (g->us[c->unit].fired_this_activation)
            return refuse(why, whylen, "%s has fired in this activation: overwatch may not follow a fire action "
                                       "(house rule)",
                          unit_name(g, c->unit));
        if (g->us[c->unit].overwatch)
            return refuse(why, whylen, "%s already holds an overwatch counter", unit_name(g, c->unit));
        return true;
    case SL_CMD_PASS: {
        if (g->act_depth > 0)
            return refuse(why, whylen, "%s is active; a side passes only between activations",
                          unit_name(g, sl_game_active_unit(g)));
        int me = g->side_to_act, them = 1 - me;
        if (c->side != me)
            return refuse(why, whylen, "it is %s's turn, not %s's", side_name(g, me), side_name(g, c->side));
        if (g->live.nsides < 2 || sl_game_unactivated(g, me) >= sl_game_unactivated(g, them))
            return refuse(why, whylen,
                          "%s may pass only with fewer unactivated units than its opponent (%d against %d, p15)",
                          side_name(g, me), sl_game_unactivated(g, me),
                          g->live.nsides < 2 ? 0 : sl_game_unactivated(g, them));
        return true;
    }
    case SL_CMD_DONE:
        if (g->act_depth > 0)
            return refuse(why, whylen, "%s is active", unit_name(g, sl_game_active_unit(g)));
        if (c->side != g->side_to_act)
            return refuse(why, whylen, "it is %s's turn, not %s's", side_name(g, g->side_to_act), side_name(g, c->side));
        return true;
    case SL_CMD_DECIDE:
        if (g->pending.kind == SL_DECIDE_NONE)
            return refuse(why, whylen, "there is no decision to make");
        return true;
    case SL_CMD_MOVE:
    case SL_CMD_COMBAT_MOVE:
        return check_action(g, c, why, whylen) && can_move(g, c, c->kind == SL_CMD_COMBAT_MOVE, why, whylen);
    case SL_CMD_FIRE:
        return check_action(g, c, why, whylen) && can_fire_cmd(g, c, why, whylen);
    case SL_CMD_REORGANISE:
        return check_action(g, c, why, whylen) && can_reorganise(g, c, why, whylen);
    case SL_CMD_IN_POSITION:
        if (!check_action(g, c, why, whylen))
            return false;
        if (g->us[c->unit].in_position)
            return refuse(why, whylen, "%s is already In Position", unit_name(g, c->unit));
        return true;
    case SL_CMD_LEAVE_POSITION:
        if (!check_action(g, c, why, whylen))
            return false;
        if (!g->us[c->unit].in_position && !has_teams(g, c->unit))
            return refuse(why, whylen, "%s is not In Position", unit_name(g, c->unit));
        return true;
    case SL_CMD_REMOVE_SUPPRESSION:
        if (!check_action(g, c, why, whylen))
            return false;
        if (g->us[c->unit].suppression == 0 && !has_teams(g, c->unit))
            return refuse(why, whylen, "%s is not suppressed", unit_name(g, c->unit));
        return true;
    case SL_CMD_REMOVE_PANIC:
        if (!check_action(g, c, why, whylen))
            return false;
        if (!g->us[c->unit].panicked)
            return refuse(why, whylen, "%s is not panicking", unit_name(g, c->unit));
        return true;
    case SL_CMD_TRANSFER: {
        if (!check_action(g, c, why, whylen))
            return false;
        const sl_unit *sub = &g->live.units[c->target];
        if (sub->parent >= 0 && sub->nfigures == 0)
            return refuse(why, whylen, "%s has formed no detached element to pass an action to",
                          g->live.units[sub->parent].name);
        if (sub->parent >= 0 && sub->parent != c->unit)
            return refuse(why, whylen, "only %s's own squad leader activates its detached element (p17)",
                          g->live.units[sub->parent].name);
        if (sl_command_distance(&g->live, c->target, c->unit) == 0)
            return refuse(why, whylen, "%s does not command %s", unit_name(g, c->unit), sub->name);
        for (int d = 0; d < g->act_depth; d++)
            if (g->act_unit[d] == c->target)
                return refuse(why, whylen, "%s is already acting in this chain of orders", sub->name);
        if (g->act_transfers[g->act_depth - 1] >= 2)
            return refuse(why, whylen, "a commander may transfer actions to at most two units in one activation (p16)");
        if (g->act_depth >= SL_ACT_STACK)
            return refuse(why, whylen, "the chain of transfers is too deep");
        return true;
    }
    case SL_CMD_COMMUNICATE:
    case SL_CMD_RALLY:
        if (!check_action(g, c, why, whylen))
            return false;
        if (c->target == c->unit)
            return refuse(why, whylen, "a unit does not %s itself", sl_cmd_name(c->kind));
        if (g->live.units[c->target].side != g->live.units[c->unit].side)
            return refuse(why, whylen, "%s is an enemy unit", unit_name(g, c->target));
        if (g->live.units[c->unit].squad < 0 && (g->live.units[c->unit].leader < 0 ||
            g->live.figures[g->live.units[c->unit].leader].status != SL_FIG_OK))
            return refuse(why, whylen, "%s has no leader standing to %s", unit_name(g, c->unit), sl_cmd_name(c->kind));
        if (c->kind == SL_CMD_RALLY && g->live.units[c->target].squad >= 0)
            return refuse(why, whylen, "confidence is the squad's, not the fireteam's: rally %s",
                          g->live.units[g->live.units[c->target].squad].id);
        if (c->kind == SL_CMD_RALLY) {
            if (sl_command_distance(&g->live, c->target, c->unit) == 0)
                return refuse(why, whylen, "only a superior command unit may rally %s (p17)", unit_name(g, c->target));
            sl_confidence ceiling = sl_fatigue_start_confidence(g->live.units[c->target].fatigue);
            if (g->live.units[c->target].confidence <= ceiling)
                return refuse(why, whylen, "%s is %s, as high as its fatigue allows it to rally (p19)",
                              unit_name(g, c->target), sl_confidence_name(g->live.units[c->target].confidence));
        }
        return true;
    case SL_CMD_OBSERVE:
        if (!check_action(g, c, why, whylen))
            return false;
        if (g->live.units[c->unit].leader < 0 && g->live.units[c->unit].squad < 0)
            return refuse(why, whylen, "observing is a leader's action and %s has no leader", unit_name(g, c->unit));
        if (g->live.units[c->target].side == g->live.units[c->unit].side)
            return refuse(why, whylen, "%s is a friendly unit", unit_name(g, c->target));
        if (g->us[c->target].revealed && g->live.units[c->target].kind != SL_UNIT_DUMMY)
            return refuse(why, whylen, "%s is already in plain sight: observing is for hidden units and dummies (p25)",
                          unit_name(g, c->target));
        return true;
    case SL_CMD_ASSAULT: {
        if (!check_action(g, c, why, whylen))
            return false;
        const sl_unit *u = &g->live.units[c->unit];
        if (u->confidence >= SL_CONF_BROKEN)
            return refuse(why, whylen, "%s is %s and will not close assault (p41)", u->name,
                          sl_confidence_name(u->confidence));
        if (g->live.units[c->target].side == u->side)
            return refuse(why, whylen, "%s is a friendly unit", unit_name(g, c->target));
        if (living(g, c->target) == 0)
            return refuse(why, whylen, "%s has no figures left", unit_name(g, c->target));
        /* the charge is a combat move: the best roll must reach */
        double gap = 1e300;
        const sl_unit *d = &g->live.units[c->target];
        figset as;
        tgroup tg;
        acting_set(g, c, &as);
        if (!target_group((sl_game *)g, c->unit, c->target, false, false, false, &tg, why, whylen))
            return false;
        for (int i = 0; i < as.n; i++) {
            const sl_figure *x = &g->live.figures[as.fig[i]];
            for (int j = 0; j < tg.f.n && x->status == SL_FIG_OK; j++) {
                const sl_figure *y = &g->live.figures[tg.f.fig[j]];
                if (y->status != SL_FIG_OK)
                    continue;
                double e = sl_base_edge_dist(x->pos, x->base_r, y->pos, y->base_r);
                if (e < gap)
                    gap = e;
            }
        }
        int reach = 2 * (int)sl_mobility_die(u->mobility);
        if (gap > reach * 1000.0)
            return refuse(why, whylen, "%s is %.1f\" from %s: a charge reaches at most %d\" (%s x 2, p41)",
                          d->name, gap / 1000.0, u->name, reach, sl_die_name(sl_mobility_die(u->mobility)));
        return true;
    }
    default:
        return refuse(why, whylen, "that command is not known");
    }
}

/* Reaction fire, before a unit's second move of an activation (p53). */
static bool reaction_fire_candidates(sl_game *g, int mover, int *out, int *n)
{
    *n = 0;
    if (!g->live.options.reaction_fire)
        return false;
    int side = g->live.units[mover].side;
    for (int u = 0; u < g->live.nunits && *n < SL_MAX_OPTIONS; u++) {
        const sl_unit *un = &g->live.units[u];
        if (un->side == side || g->us[u].activated || un->kind == SL_UNIT_DUMMY || living(g, u) == 0 ||
            has_teams(g, u) || det_bound(g, u))
            continue;
        char why[160];
        if (!can_fire(g, u, mover, SL_FIRE_ALL, why, sizeof why))
            continue;
        out[(*n)++] = u;
    }
    return *n > 0;
}

/* The effect of an action, once any opportunity fire against it has been
 * declared; the frame that holds it spends its actions afterwards. */
bool resolve_action(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    bool handled;
    if (!ft_resolve(g, c, &handled, err, errlen))
        return false;
    if (handled)
        return !g->failed;
    bool ok = true;
    switch (c->kind) {
    case SL_CMD_FIRE:
        ok = do_fire_cmd(g, c, err, errlen);
        g->us[c->unit].fired_this_activation = true;
        break;
    case SL_CMD_IN_POSITION:
        ok = do_in_position(g, c->unit, err, errlen);
        break;
    case SL_CMD_LEAVE_POSITION:
        g->us[c->unit].in_position = false;
        jstate(g, c->unit, "left-position", "%s gives up its In Position marker (one action, no test)",
               unit_name(g, c->unit));
        break;
    case SL_CMD_REMOVE_SUPPRESSION:
        ok = do_remove_suppression(g, c->unit, err, errlen);
        break;
    case SL_CMD_REMOVE_PANIC:
        ok = do_remove_panic(g, c->unit, err, errlen);
        break;
    case SL_CMD_REORGANISE:
        ok = do_reorganise(g, c, err, errlen);
        break;
    case SL_CMD_TRANSFER:
        ok = do_transfer(g, c->unit, c->target, err, errlen);
        break;
    case SL_CMD_COMMUNICATE:
        ok = do_communicate(g, c->unit, c->target, err, errlen);
        break;
    case SL_CMD_RALLY:
        ok = do_rally(g, c->unit, c->target, err, errlen);
        break;
    case SL_CMD_OBSERVE:
        ok = do_observe(g, c->unit, c->target, err, errlen);
        break;
    case SL_CMD_ASSAULT:
        ok = do_assault(g, c, err, errlen);
        break;
    case SL_CMD_EMBARK:
    case SL_CMD_DISEMBARK:
        ok = do_embark(g, c, err, errlen);
        break;
    case SL_CMD_TEAMS:
        ok = ft_do_teams(g, c, err, errlen);
        break;
    case SL_CMD_REGROUP:
        ok = ft_do_regroup(g, c, err, errlen);
        break;
    case SL_CMD_DETACH:
        ok = det_do(g, c, err, errlen);
        break;
    case SL_CMD_OVERWATCH:
        g->us[c->unit].overwatch = true;
        jstate(g, c->unit, "overwatch",
               "%s goes on overwatch: it may open opportunity fire without a reaction test, even once activated, "
               "until it uses the counter or next activates (house rule)",
               unit_name(g, c->unit));
        break;
    default:
        break;
    }
    return ok && !g->failed;
}

/* Actions an action spends, now. */
int action_cost(const sl_game *g, const sl_command *c)
{
    if (c->kind == SL_CMD_TRANSFER || c->kind == SL_CMD_TEAMS || c->kind == SL_CMD_REGROUP || c->kind == SL_CMD_DETACH)
        return 0; /* spent when the actions were handed on (or the men moved between teams) */
    if (c->kind == SL_CMD_OVERWATCH)
        return sl_game_actions_left(g) > 0 ? sl_game_actions_left(g) : 1;
    return cost_of(c->kind);
}

static bool apply_action(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    if (c->kind == SL_CMD_MOVE || c->kind == SL_CMD_COMBAT_MOVE) {
        /* a second move may first be answered by reaction fire (p53) */
        int opts[SL_MAX_OPTIONS], n;
        if (g->us[c->unit].moves >= 1 && reaction_fire_candidates(g, c->unit, opts, &n)) {
            memset(&g->pending, 0, sizeof g->pending);
            g->pending.kind = SL_DECIDE_REACTION_FIRE;
            g->pending.side = 1 - g->live.units[c->unit].side;
            g->pending.mover = c->unit;
            g->pending.noptions = n;
            memcpy(g->pending.options, opts, sizeof(int) * (size_t)n);
            g->pending.resume = *c;
            char fields[800], list[500] = "";
            size_t at = 0;
            for (int i = 0; i < n; i++) {
                char id[80];
                jesc(id, sizeof id, g->live.units[opts[i]].id);
                at += (size_t)snprintf(list + at, sizeof list - at, "%s\"%s\"", i ? "," : "", id);
            }
            char mid[80];
            jesc(mid, sizeof mid, g->live.units[c->unit].id);
            snprintf(fields, sizeof fields, "\"decision\":\"reaction-fire\",\"mover\":\"%s\",\"options\":[%s]", mid,
                     list);
            char text[400];
            snprintf(text, sizeof text,
                     "%s moves a second time: %s may fire at it between the moves with one unactivated unit "
                     "that sees it (reaction fire, p53), or let it pass",
                     unit_name(g, c->unit), side_name(g, g->pending.side));
            jadd(g, SL_EV_DECISION, c->unit, text, fields);
            return true; /* the move waits for the answer */
        }
        frame_push(g, SL_FRAME_MOVE, c->unit, c);
    } else {
        frame_push(g, SL_FRAME_ACTION, c->unit, c);
    }
    return frames_run(g, err, errlen);
}

static bool apply_decide(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    sl_pending p = g->pending;
    if (p.kind == SL_DECIDE_FIRST) {
        if (c->decide != SL_DECIDE_WORD_FIRST || c->side < 0 || c->side >= g->live.nsides)
            return refuse(err, errlen, "%s is to say which side activates first: decide first SIDE",
                          side_name(g, p.side));
        g->pending.kind = SL_DECIDE_NONE;
        char why[160];
        snprintf(why, sizeof why, "%s's choice", side_name(g, p.side));
        set_first(g, c->side, why);
        return true;
    }
    if (p.kind == SL_DECIDE_REACTION_FIRE) {
        if (c->decide != SL_DECIDE_WORD_FIRE && c->decide != SL_DECIDE_WORD_PASS)
            return refuse(err, errlen, "%s is to decide on reaction fire: decide fire UNIT or decide pass",
                          side_name(g, p.side));
        int firer = c->decide == SL_DECIDE_WORD_FIRE ? c->choice : -1;
        g->pending.kind = SL_DECIDE_NONE;
        /* the second move, to go ahead once the fire is over */
        frame_push(g, SL_FRAME_MOVE, p.mover, &p.resume);
        if (firer >= 0) {
            bool listed = false;
            for (int i = 0; i < p.noptions; i++)
                listed |= p.options[i] == firer;
            if (!listed)
                return refuse(err, errlen, "%s may not fire now: the choices are those listed", unit_name(g, firer));
            char fields[320], fid[80], mid[80];
            jesc(fid, sizeof fid, g->live.units[firer].id);
            jesc(mid, sizeof mid, g->live.units[p.mover].id);
            snprintf(fields, sizeof fields, "\"decision\":\"reaction-fire\",\"chosen\":\"%s\",\"mover\":\"%s\"", fid, mid);
            char text[300];
            snprintf(text, sizeof text, "%s fires at %s between its moves; that is %s's activation (p53)",
                     unit_name(g, firer), unit_name(g, p.mover), side_name(g, g->live.units[firer].side));
            jadd(g, SL_EV_DECISION, firer, text, fields);
            ft_spend_on_fire(g, firer);
            g->spent_side = g->live.units[firer].side;
            frame_push_opfire(g, firer, p.mover, SL_FIRE_ALL, true);
        } else {
            char fields[200], mid[80];
            jesc(mid, sizeof mid, g->live.units[p.mover].id);
            snprintf(fields, sizeof fields, "\"decision\":\"reaction-fire\",\"chosen\":null,\"mover\":\"%s\"", mid);
            char text[200];
            snprintf(text, sizeof text, "%s lets %s move on", side_name(g, p.side), unit_name(g, p.mover));
            jadd(g, SL_EV_DECISION, -1, text, fields);
        }
        return frames_run(g, err, errlen);
    }
    if (p.kind == SL_DECIDE_OPFIRE || p.kind == SL_DECIDE_CONTINUE || p.kind == SL_DECIDE_CASUALTIES)
        return opfire_decide(g, c, err, errlen) && frames_run(g, err, errlen);
    return refuse(err, errlen, "there is no decision to make");
}

static void journal_command(sl_game *g, const sl_command *c)
{
    char fields[700], text[600];
    jesc(text, sizeof text, c->text);
    snprintf(fields, sizeof fields, "\"n\":%d,\"command\":\"%s\"", g->ncommands + 1, text);
    jadd(g, SL_EV_COMMAND, c->unit, c->text, fields);
    g->ncommands++;
    /* a decision the program took in solo play carries its reasoning */
    const char *solo = strstr(c->text, "# solo: ");
    if (solo)
        jnote(g, -1, "Solo play: %s", solo + 8);
}

bool sl_game_apply(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    snapshot snap;
    if (!take_snapshot(g, &snap))
        return refuse(err, errlen, "out of memory");
    g->failed = false;
    /* the first command starts the first turn; a refused one takes even
     * that back */
    if (g->turn == 0)
        start_turn(g);
    char why[400];
    if (g->failed || !sl_game_can(g, c, why, sizeof why)) {
        snprintf(err, errlen, "%s", g->failed ? g->fail_msg : why);
        restore_snapshot(g, &snap);
        g->failed = false;
        drop_snapshot(&snap);
        return false;
    }
    journal_command(g, c);
    bool ok = true;
    if (sc_handles(g, c->kind))
        ok = sc_apply(g, c, err, errlen);
    else
    switch (c->kind) {
    case SL_CMD_ACTIVATE: {
        if (g->live.units[c->unit].squad >= 0) {
            ft_activate_team(g, c->unit);
            break;
        }
        sl_unit_state *s = &g->us[c->unit];
        s->activated = true;
        if (has_teams(g, c->unit))
            ft_activate_squad(g, c->unit);
        s->moves = 0;
        s->actions_done = 0;
        s->fired_this_activation = false;
        g->act_unit[0] = c->unit;
        g->act_left[0] = 2;
        g->act_transfers[0] = 0;
        g->act_depth = 1;
        jstate(g, c->unit, "activated", "%s activates: two actions", unit_name(g, c->unit));
        if (s->overwatch) {
            s->overwatch = false;
            jstate(g, c->unit, "overwatch-lost", "%s loses its overwatch counter on activating", unit_name(g, c->unit));
        }
        panic_check_seen(g, c->unit);
        break;
    }
    case SL_CMD_END_ACTIVATION:
        end_activation(g, "ended by its player");
        break;
    case SL_CMD_LAST_STAND:
        do_last_stand(g, c->unit);
        break;
    case SL_CMD_PASS:
        jstate(g, -1, "pass", "%s passes: %s activates again (p15)", side_name(g, c->side), side_name(g, 1 - c->side));
        g->side_to_act = 1 - c->side;
        break;
    case SL_CMD_DONE:
        g->done[c->side] = true;
        jstate(g, -1, "done", "%s activates no more units this turn", side_name(g, c->side));
        {
            int other = g->live.nsides > 1 ? 1 - c->side : c->side;
            if (side_open(g, other))
                g->side_to_act = other;
            else
                start_turn(g);
        }
        break;
    case SL_CMD_DECIDE:
        ok = apply_decide(g, c, err, errlen);
        break;
    default:
        ok = apply_action(g, c, err, errlen);
        break;
    }
    if (g->failed) {
        /* say which rolls were made before the dice ran out or did not
         * fit, so a dice file can be put right */
        size_t at = (size_t)snprintf(err, errlen, "%s", g->fail_msg);
        const char *lead = " (the rolls before it: ";
        for (int i = snap.journal_n; i < g->journal.n && at < errlen; i++) {
            const sl_event *e = &g->journal.ev[i];
            if (e->kind != SL_EV_ROLL)
                continue;
            at += (size_t)snprintf(err + at, errlen - at, "%s%s %s %d", lead, e->test, sl_die_name(e->die), e->value);
            lead = ", ";
        }
        if (*lead == ',' && at < errlen)
            snprintf(err + at, errlen - at, ")");
        ok = false;
    }
    if (!ok) {
        restore_snapshot(g, &snap);
        g->failed = false;
    } else {
        det_update(g);
        ft_sync(g);
    }
    drop_snapshot(&snap);
    return ok;
}

bool sl_game_apply_line(sl_game *g, const char *line, char *err, size_t errlen)
{
    sl_command c;
    if (!sl_command_parse(&g->live, line, &c, err, errlen))
        return false;
    if (c.kind == SL_CMD_COUNT)
        return true; /* blank or comment */
    return sl_game_apply(g, &c, err, errlen);
}

bool sl_game_unit_in_cover(const sl_game *g, int unit)
{
    const sl_unit *u = &g->live.units[unit];
    const sl_table *t = &g->live.table;
    int in = 0, n = 0;
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &g->live.figures[u->first_figure + i];
        if (f->status != SL_FIG_OK)
            continue;
        n++;
        for (int k = 0; k < t->nfeatures; k++) {
            const sl_feature *ft = &t->features[k];
            if (ft->cover == SL_COVER_NONE)
                continue;
            const sl_pt *v = sl_feature_pts(t, ft);
            bool at = false;
            if (ft->shape == SL_SHAPE_POLYLINE) {
                /* at a wall or hedge: within cover distance of it */
                double d2 = (double)g->live.options.cover_distance * g->live.options.cover_distance;
                for (int e = 0; e + 1 < ft->npts && !at; e++)
                    at = sl_seg_point_dist2(v[e], v[e + 1], f->pos) <= d2;
            } else {
                at = sl_poly_contains(v, ft->npts, f->pos) != SL_OUTSIDE;
                if (!at && (ft->kind == SL_TERRAIN_WALL || ft->kind == SL_TERRAIN_HEDGE || ft->kind == SL_TERRAIN_BUILDING ||
                            ft->kind == SL_TERRAIN_BUNKER)) {
                    double d2 = (double)g->live.options.cover_distance * g->live.options.cover_distance;
                    for (int e = 0; e < ft->npts && !at; e++)
                        at = sl_seg_point_dist2(v[e], v[(e + 1) % ft->npts], f->pos) <= d2;
                }
            }
            if (at) {
                in++;
                break;
            }
        }
    }
    return n > 0 && 2 * in > n;
}
