/* SkirmishCorps foot-unit actions (seed 002), played on the same table,
 * turn sequence and journal as Stargrunt II when the rule option ruleset
 * is skirmishcorps. Every unit is a foot-unit with a speed (SP) and
 * reactions (RE); once a turn it is assigned to act and takes one action:
 * it may change stance at the start, move (jog SP", run SP+3", sprint
 * 2xSP", or sneak SP/2" when hiding or sneaking), change stance at the
 * end, or hide in cover. Difficult going halves the distance. Going prone
 * after a sprint risks a stun (2D6 against RE). Hiding and sneaking
 * markers last until the unit's next action unless it keeps them up.
 *
 * The seed gives the actions but none of the rolls to hit or to wound, so
 * shooting, throwing and close combat are refused with that reason. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../game_internal.h"

static const char *const mode_name[] = {"", "jog", "run", "sprint", "sneak"};
static const char *const mode_verb[] = {"", "jogs", "runs", "sprints", "sneaks"};

bool sc_on(const sl_game *g)
{
    return g->live.options.ruleset == 1;
}

/* The commands this ruleset answers itself (the rest of the turn
 * sequence, passing and deciding, is shared). */
bool sc_handles(const sl_game *g, sl_cmd_kind k)
{
    return sc_on(g) && k != SL_CMD_PASS && k != SL_CMD_DONE && k != SL_CMD_DECIDE;
}

double sl_sc_allowance(const sl_unit *u, int mode)
{
    switch (mode) {
    case SL_SC_JOG: return u->sp;
    case SL_SC_RUN: return u->sp + 3;
    case SL_SC_SPRINT: return u->sp > 4 ? 2.0 * u->sp : 0;
    case SL_SC_SNEAK: return u->sp / 2.0;
    default: return 0;
    }
}

double sl_sc_way_cost(const sl_path_cost *pc)
{
    return pc->by_going[SL_GOING_CLEAR] + 2.0 * (pc->by_going[SL_GOING_POOR] + pc->by_going[SL_GOING_DIFFICULT]);
}

/* The unit's way (from its centre) and what it costs: difficult (and
 * poor) going counts double, since it halves the distance moved. */
static bool way_cost(const sl_game *g, const sl_command *c, double *length, double *cost, char *why, size_t whylen)
{
    sl_pt way[SL_CMD_MAX_PTS + 1];
    way[0] = unit_centre(g, c->unit);
    for (int i = 0; i < c->npts; i++)
        way[i + 1] = c->pts[i];
    sl_path_cost pc;
    sl_path_cost_of(&g->sight.ix, way, c->npts + 1, 1e12, &pc);
    if (pc.impassable)
        return refuse(why, whylen, "the way crosses impassable ground (%s)",
                      pc.first_impassable >= 0 ? g->live.table.features[pc.first_impassable].name : "?");
    *length = pc.length / 1000.0;
    *cost = sl_sc_way_cost(&pc) / 1000.0;
    return true;
}

static bool check_move(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    const sl_unit *u = &g->live.units[c->unit];
    const sl_unit_state *s = &g->us[c->unit];
    if (s->sc_step >= 2)
        return refuse(why, whylen, "%s has already moved in this action", u->name);
    if (c->mode == 0)
        return refuse(why, whylen, "say how %s moves: move %s jog|run|sprint|sneak X,Y", u->name, u->id);
    if (c->mode == SL_SC_SNEAK) {
        if (!s->sc_prone)
            return refuse(why, whylen, "%s is standing: a unit sneaks only from prone, hiding or already sneaking (seed "
                                       "002)",
                          u->name);
        if (!s->sc_hiding && !s->sc_sneaking)
            return refuse(why, whylen, "%s must first hide (or already be sneaking) to sneak (seed 002)", u->name);
    } else {
        if (s->sc_prone)
            return refuse(why, whylen, "%s is prone: it stands first (stance %s standing) to %s, or sneaks if it is "
                                       "hiding",
                          u->name, u->id, mode_name[c->mode]);
        if (c->mode == SL_SC_SPRINT && u->sp <= 4)
            return refuse(why, whylen, "%s has SP %d: a foot-unit of SP 4 or less cannot sprint (seed 002)", u->name,
                          u->sp);
        if (c->mode == SL_SC_SPRINT && s->sc_stood)
            return refuse(why, whylen, "%s stood up at the start of this action: it may jog or run, not sprint (seed "
                                       "002)",
                          u->name);
    }
    double length, cost;
    if (!way_cost(g, c, &length, &cost, why, whylen))
        return false;
    double allow = sl_sc_allowance(u, c->mode);
    if (cost > allow + 1e-6)
        return refuse(why, whylen, "too far: to %s %.1f\" costs %.1f\" (difficult going counts double) of the %.1f\" a "
                                   "%s allows (SP %d)",
                      mode_name[c->mode], length, cost, allow, mode_name[c->mode], u->sp);
    return true;
}

bool sc_can(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    int active = sl_game_active_unit(g);
    const sl_unit *u = c->unit >= 0 ? &g->live.units[c->unit] : NULL;
    const sl_unit_state *s = c->unit >= 0 ? &g->us[c->unit] : NULL;
    switch (c->kind) {
    case SL_CMD_ACTIVATE:
        if (active >= 0)
            return refuse(why, whylen, "%s is still acting (end it first)", unit_name(g, active));
        if (u->side != g->side_to_act)
            return refuse(why, whylen, "it is %s's turn to assign a unit to act, not %s's", side_name(g, g->side_to_act),
                          side_name(g, u->side));
        if (s->activated)
            return refuse(why, whylen, "%s has already acted this turn", u->name);
        if (u->kind == SL_UNIT_DUMMY || living(g, c->unit) == 0)
            return refuse(why, whylen, "%s cannot act", u->name);
        if (s->sc_stunned > 0)
            return refuse(why, whylen, "%s is stunned and may do nothing this turn (seed 002)", u->name);
        return true;
    case SL_CMD_END_ACTIVATION:
        if (active < 0)
            return refuse(why, whylen, "no unit is acting");
        return true;
    case SL_CMD_MOVE:
    case SL_CMD_STANCE:
    case SL_CMD_HIDE:
        if (active < 0)
            return refuse(why, whylen, "no unit is acting: %s first assigns one (activate UNIT)",
                          side_name(g, g->side_to_act));
        if (c->unit != active)
            return refuse(why, whylen, "%s is not the unit acting; %s is", u->name, unit_name(g, active));
        break;
    case SL_CMD_COMBAT_MOVE:
        return refuse(why, whylen, "SkirmishCorps foot-units move with move UNIT jog|run|sprint|sneak X,Y");
    case SL_CMD_FIRE:
    case SL_CMD_ASSAULT:
        return refuse(why, whylen, "the SkirmishCorps actions (seed 002) give no rolls to hit or to wound, so "
                                   "shooting, throwing and close combat are not played yet");
    default:
        return refuse(why, whylen, "%s is a Stargrunt II action; this scenario plays the SkirmishCorps foot-unit "
                                   "actions (rule option ruleset)",
                      sl_cmd_name(c->kind));
    }
    if (c->kind == SL_CMD_MOVE)
        return check_move(g, c, why, whylen);
    if (c->kind == SL_CMD_STANCE) {
        if (s->sc_step == 1 || s->sc_step == 3)
            return refuse(why, whylen, "a unit changes stance at the start of its action and at the end, once each");
        if (c->prone == s->sc_prone)
            return refuse(why, whylen, "%s is already %s", u->name, c->prone ? "prone" : "standing");
        return true;
    }
    /* hide: in cover, not after a move (unless a sneak ended in cover) */
    if (s->sc_step == 2 && s->sc_mode != SL_SC_SNEAK)
        return refuse(why, whylen, "a unit that hides does not move (it may hide at the end of a sneak into cover)");
    if (s->sc_stood)
        return refuse(why, whylen, "%s stood up this action: a hiding unit stays prone", u->name);
    if (!sl_game_unit_in_cover(g, c->unit))
        return refuse(why, whylen, "%s is not in cover: only a unit in cover can hide (seed 002)", u->name);
    return true;
}

static void finish_action(sl_game *g, int u, const char *why)
{
    sl_unit_state *s = &g->us[u];
    if (s->sc_hiding && s->sc_step != 3) {
        s->sc_hiding = false;
        jstate(g, u, "hiding-ended", "%s no longer hides: its hiding marker is removed", unit_name(g, u));
    }
    if (s->sc_sneaking && s->sc_mode != SL_SC_SNEAK) {
        s->sc_sneaking = false;
        jstate(g, u, "sneaking-ended", "%s no longer sneaks: its sneaking marker is removed", unit_name(g, u));
    }
    end_activation(g, why);
}

bool sc_apply(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    sl_unit_state *s = c->unit >= 0 ? &g->us[c->unit] : NULL;
    const sl_unit *u = c->unit >= 0 ? &g->live.units[c->unit] : NULL;
    switch (c->kind) {
    case SL_CMD_ACTIVATE:
        s->activated = true;
        s->sc_step = 0;
        s->sc_mode = 0;
        s->sc_stood = false;
        g->act_unit[0] = c->unit;
        g->act_left[0] = 1;
        g->act_transfers[0] = 0;
        g->act_depth = 1;
        jstate(g, c->unit, "activated", "%s is assigned to act: one action (%s%s%s)", u->name,
               s->sc_prone ? "prone" : "standing", s->sc_hiding ? ", hiding" : "", s->sc_sneaking ? ", sneaking" : "");
        return true;
    case SL_CMD_END_ACTIVATION:
        finish_action(g, sl_game_active_unit(g), "ended by its player");
        return true;
    case SL_CMD_STANCE:
        if (s->sc_step == 0) {
            s->sc_step = 1;
            s->sc_stood = !c->prone;
            s->sc_prone = c->prone;
            if (!c->prone && (s->sc_hiding || s->sc_sneaking)) {
                s->sc_hiding = s->sc_sneaking = false;
                jstate(g, c->unit, "revealed", "%s stands up and gives up hiding", u->name);
            }
            jstate(g, c->unit, "stance", "%s %s at the start of its action", u->name,
                   c->prone ? "goes prone" : "stands up");
            return true;
        }
        /* the end of the action */
        s->sc_prone = c->prone;
        jstate(g, c->unit, "stance", "%s %s at the end of its action", u->name, c->prone ? "goes prone" : "stands up");
        if (c->prone && s->sc_mode == SL_SC_SPRINT) {
            int a = roll(g, SL_D6, -1, "landing", c->unit, "%s throws itself down after a sprint: first D6 of 2D6",
                         u->name);
            int b = roll(g, SL_D6, -1, "landing", c->unit, "%s's second D6 of 2D6, against RE %d", u->name, u->re);
            if (g->failed)
                return false;
            if (a + b > u->re) {
                s->sc_stunned = 2;
                jstate(g, c->unit, "stunned", "%d + %d = %d is more than its RE %d: %s lands awkwardly and is stunned; "
                                              "it does nothing next turn (seed 002)",
                       a, b, a + b, u->re, u->name);
            } else {
                jnote(g, c->unit, "%d + %d = %d is not more than its RE %d: %s lands well", a, b, a + b, u->re,
                      u->name);
            }
        }
        s->sc_step = 3;
        finish_action(g, c->unit, "its action is over");
        return true;
    case SL_CMD_HIDE:
        s->sc_prone = true;
        s->sc_hiding = true;
        s->sc_sneaking = false;
        s->sc_step = 3;
        jstate(g, c->unit, "hiding", "%s hides in cover, prone: an enemy must pass a spot test to target it; the "
                                     "marker stays until its next action (seed 002)",
               u->name);
        finish_action(g, c->unit, "it hides");
        return true;
    case SL_CMD_MOVE: {
        double length, cost;
        if (!way_cost(g, c, &length, &cost, err, errlen))
            return false;
        sl_pt from = unit_centre(g, c->unit), to = c->pts[c->npts - 1];
        for (int i = 0; i < u->nfigures; i++) {
            sl_figure *f = &g->live.figures[u->first_figure + i];
            f->pos = sl_pt_make(f->pos.x + (to.x - from.x), f->pos.y + (to.y - from.y));
        }
        s->sc_step = 2;
        s->sc_mode = c->mode;
        double allow = sl_sc_allowance(u, c->mode);
        jstate(g, c->unit, "moved", "%s %s %.1f\" to (%.1f, %.1f): %.1f\" of its %.1f\"%s", u->name,
               mode_verb[c->mode], length, to.x / 1000.0, to.y / 1000.0, cost, allow,
               cost > length + 1e-6 ? " (difficult going counts double)" : "");
        if (c->mode == SL_SC_SNEAK) {
            s->sc_hiding = false;
            s->sc_sneaking = true;
            jnote(g, c->unit, "%s keeps a sneaking marker%s", u->name,
                  sl_game_unit_in_cover(g, c->unit) ? "; it ends in cover and may hide at once" : "");
        } else if (s->sc_hiding || s->sc_sneaking) {
            s->sc_hiding = s->sc_sneaking = false;
            jstate(g, c->unit, "revealed", "%s moves in the open: its hiding or sneaking marker is removed", u->name);
        }
        return true;
    }
    default:
        return refuse(err, errlen, "not a SkirmishCorps action");
    }
}

/* The end phase: a stunned marker is flipped, then removed a turn later. */
void sc_turn_start(sl_game *g)
{
    for (int u = 0; u < g->live.nunits; u++) {
        sl_unit_state *s = &g->us[u];
        if (s->sc_stunned <= 0)
            continue;
        s->sc_stunned--;
        if (s->sc_stunned == 1)
            jstate(g, u, "stunned", "%s's stunned marker is flipped: it does nothing this turn", unit_name(g, u));
        else
            jstate(g, u, "stun-over", "%s's stunned marker is removed", unit_name(g, u));
    }
}
