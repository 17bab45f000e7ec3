/* SkirmishCorps moving and stance (seed 002): jog SP", run SP+3",
 * sprint 2xSP", or sneak SP/2" when hiding or sneaking; difficult going
 * halves the distance; a change of stance at the start of the action and
 * at its end; going prone after a sprint risks a stun (2D6 against RE). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "skirmish.h"

static const char *const mode_name[] = {"", "jog", "run", "sprint", "sneak"};

static const char *const mode_verb[] = {"", "jogs", "runs", "sprints", "sneaks"};

/* The unit's men moved together, as its centre goes from `from` to `to`. */
void sc_shift_unit(sl_game *g, int unit, sl_pt from, sl_pt to)
{
    const sl_unit *u = &g->live.units[unit];
    for (int i = 0; i < u->nfigures; i++) {
        sl_figure *f = &g->live.figures[u->first_figure + i];
        f->pos = sl_pt_make(f->pos.x + (to.x - from.x), f->pos.y + (to.y - from.y));
    }
}

int32_t sc_allowance(const sl_scenario *scn, int unit, int mode)
{
    int sp = sc_unit_sp(scn, unit);
    switch (mode) {
    case SC_JOG: return 1000 * sp;
    case SC_RUN: return 1000 * (sp + 3);
    case SC_SPRINT: return sp > 4 ? 2000 * sp : 0;
    case SC_SNEAK: return 500 * sp;
    default: return 0;
    }
}

/* What a way costs in inches as walked (difficult and poor going double),
 * and in whole mils, rounded once (half up), as the rules decide it. */
double sc_way_cost_exact(const sl_path_cost *pc)
{
    return pc->by_going[SL_GOING_CLEAR] + 2.0 * (pc->by_going[SL_GOING_POOR] + pc->by_going[SL_GOING_DIFFICULT]);
}

int64_t sc_way_cost(const sl_path_cost *pc)
{
    return llround(sc_way_cost_exact(pc));
}

/* The unit's way (from its centre) and what it costs: difficult (and
 * poor) going counts double, since it halves the distance moved. */
static bool way_cost(const sl_game *g, const sl_command *c, double *length, double *cost, int64_t *mils, char *why,
                     size_t whylen)
{
    sl_pt way[SL_CMD_MAX_PTS + 1];
    way[0] = rl_unit_centre(g, c->unit);
    for (int i = 0; i < c->npts; i++)
        way[i + 1] = c->pts[i];
    sl_path_cost pc;
    sl_path_cost_of(&g->sight.ix, way, c->npts + 1, 1e12, &pc);
    if (pc.impassable)
        return rl_refuse(why, whylen, "the way crosses impassable ground (%s)",
                      pc.first_impassable >= 0 ? g->live.table.features[pc.first_impassable].name : "?");
    *length = pc.length / 1000.0;
    *cost = sc_way_cost_exact(&pc) / 1000.0;
    *mils = sc_way_cost(&pc);
    return true;
}

/* The unit's men moved with its centre from `from` to `to` (each keeps
 * its place about the centre): none may end off the table, nor on
 * another unit's base (our reading, as under Stargrunt II: base/bases.c;
 * touching is clear, so a charge ends in base contact). */
bool sc_lands(const sl_game *g, int unit, sl_pt from, sl_pt to, char *why, size_t whylen)
{
    const sl_unit *u = &g->live.units[unit];
    int figs[SL_PLAN_MAX_FIGS];
    sl_pt ends[SL_PLAN_MAX_FIGS];
    int n = 0;
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &g->live.figures[u->first_figure + i];
        sl_pt q = sl_pt_make(f->pos.x + (to.x - from.x), f->pos.y + (to.y - from.y));
        if (f->status == SL_FIG_DEAD)
            continue;
        if (!sl_table_contains(&g->live.table, q))
            return rl_refuse(why, whylen, "%s would leave the table at (%.1f, %.1f)", f->id, q.x / 1000.0,
                             q.y / 1000.0);
        figs[n] = u->first_figure + i;
        ends[n++] = q;
        if (n == SL_PLAN_MAX_FIGS) { /* a foot-unit is a man or a few: weighed by the batch */
            if (!rl_ends_clear(g, unit, figs, ends, n, why, whylen))
                return false;
            n = 0;
        }
    }
    return rl_ends_clear(g, unit, figs, ends, n, why, whylen);
}

bool sc_check_move(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    const sl_unit *u = &g->live.units[c->unit];
    const sc_unit *sc = sc_unit_of(g, c->unit);
    bool leg = sc->step == 2 && sc->shot_after_move;
    if (!sc_vehicle_free(g, c->unit, "move", why, whylen))
        return false;
    if (sc->step >= 2 && !leg)
        return rl_refuse(why, whylen, "%s has already moved in this action", u->name);
    if (leg && sc_mode(c) != sc->mode)
        return rl_refuse(why, whylen, "%s goes on as it began: its move is a %s", u->name, mode_name[sc->mode]);
    if (sc->aimed)
        return rl_refuse(why, whylen, "%s aimed: a unit that aims does not move", u->name);
    if (sc_mode(c) == 0)
        return rl_refuse(why, whylen, "say how %s moves: move %s jog|run|sprint|sneak X,Y", u->name, u->id);
    if (sc_mode(c) == SC_SNEAK) {
        if (!sc->prone)
            return rl_refuse(why, whylen, "%s is standing: a unit sneaks only from prone, hiding or already sneaking (seed "
                                       "002)",
                          u->name);
        if (!sc->hiding && !sc->sneaking)
            return rl_refuse(why, whylen, "%s must first hide (or already be sneaking) to sneak (seed 002)", u->name);
    } else {
        if (sc->prone)
            return rl_refuse(why, whylen, "%s is prone: it stands first (stance %s standing) to %s, or sneaks if it is "
                                       "hiding",
                          u->name, u->id, mode_name[sc_mode(c)]);
        if (sc_mode(c) == SC_SPRINT && sc_unit_sp(&g->live, c->unit) <= 4)
            return rl_refuse(why, whylen, "%s has SP %d: a foot-unit of SP 4 or less cannot sprint (seed 002)", u->name,
                          sc_unit_sp(&g->live, c->unit));
        if (sc_mode(c) == SC_SPRINT && sc->stood)
            return rl_refuse(why, whylen, "%s stood up at the start of this action: it may jog or run, not sprint (seed "
                                       "002)",
                          u->name);
    }
    double length, cost;
    int64_t mils;
    if (!way_cost(g, c, &length, &cost, &mils, why, whylen))
        return false;
    double allow = sc_allowance(&g->live, c->unit, sc_mode(c)) / 1000.0;
    if (leg && mils + sc->used > sc_allowance(&g->live, c->unit, sc_mode(c)))
        return rl_refuse(why, whylen, "too far: the rest of the %s costs %.1f\" and %.1f\" of its %.1f\" are left",
                         mode_name[sc_mode(c)], cost, allow - sc->used / 1000.0, allow);
    if (mils > sc_allowance(&g->live, c->unit, sc_mode(c)))
        return rl_refuse(why, whylen, "too far: to %s %.1f\" costs %.1f\" (difficult going counts double) of the %.1f\" a "
                                   "%s allows (SP %d)",
                      mode_name[sc_mode(c)], length, cost, allow, mode_name[sc_mode(c)], sc_unit_sp(&g->live, c->unit));
    return sc_lands(g, c->unit, rl_unit_centre(g, c->unit), c->pts[c->npts - 1], why, whylen);
}

/* The cost of the way's first `d` mils, as the rules count it. */
static double prefix_cost(const sl_game *g, const sl_pt *way, int n, double d)
{
    sl_pt part[SL_CMD_MAX_PTS + 1];
    int k = 0;
    double acc = 0;
    part[k++] = way[0];
    for (int i = 1; i < n; i++) {
        double seg = sl_dist(way[i - 1], way[i]);
        if (acc + seg >= d) {
            part[k++] = sl_path_point_at(way, n, d);
            break;
        }
        acc += seg;
        part[k++] = way[i];
    }
    sl_path_cost pc;
    sl_path_cost_of(&g->sight.ix, part, k, 1e12, &pc);
    return sc_way_cost_exact(&pc);
}

/* A move's plan (sl_game_way_plan): the centre's way, what it costs of
 * the mode's allowance, and where it would run out when it is too long. */
bool sc_way_plan(const sl_game *g, const sl_command *c, sl_way_plan *out)
{
    if (c->kind != SL_CMD_MOVE)
        return false;
    out->start = rl_unit_centre(g, c->unit);
    if (c->npts <= 0)
        return true;
    const sl_unit *u = &g->live.units[c->unit];
    const sc_unit *sc = sc_unit_of(g, c->unit);
    int mode = sc_mode(c);
    bool leg = sc->step == 2 && sc->shot_after_move;
    sl_pt way[SL_CMD_MAX_PTS + 1];
    way[0] = out->start;
    for (int i = 0; i < c->npts; i++)
        way[i + 1] = c->pts[i];
    int n = c->npts + 1;
    sl_path_cost pc;
    sl_path_cost_of(&g->sight.ix, way, n, 1e12, &pc);
    out->length = pc.length;
    out->cost = sc_way_cost_exact(&pc);
    out->allowance = sc_allowance(&g->live, c->unit, mode) - (leg ? sc->used : 0);
    out->go = out->length;
    if (mode && sc_way_cost(&pc) > out->allowance) {
        double lo = 0, hi = out->length; /* the furthest point whose cost fits */
        for (int it = 0; it < 24; it++) {
            double mid = (lo + hi) / 2;
            if (prefix_cost(g, way, n, mid) <= out->allowance)
                lo = mid;
            else
                hi = mid;
        }
        out->go = lo;
    }
    out->end = sl_path_point_at(way, n, out->go);
    for (int i = 0; i < u->nfigures && out->nfigs < SL_PLAN_MAX_FIGS; i++) {
        const sl_figure *f = &g->live.figures[u->first_figure + i];
        out->fig[out->nfigs] = u->first_figure + i;
        out->fig_end[out->nfigs++] = sl_pt_make(f->pos.x + out->end.x - out->start.x, f->pos.y + out->end.y - out->start.y);
    }
    static const char *const word[] = {"Move", "Jog", "Run", "Sprint", "Sneak"};
    snprintf(out->line[0], sizeof out->line[0], "%s %.1f\" \xC2\xB7 costs %.1f\"%s", word[mode >= 0 && mode <= 4 ? mode : 0],
             out->length / 1000.0, out->cost / 1000.0, mode ? "" : " (say jog, run, sprint or sneak)");
    if (mode)
        snprintf(out->line[0] + strlen(out->line[0]), sizeof out->line[0] - strlen(out->line[0]), " of %.1f\"",
                 out->allowance / 1000.0);
    snprintf(out->line[1], sizeof out->line[1], "%s",
             out->cost > out->length + 0.5 ? "difficult going counts double" : "clear going all the way");
    if (out->ok)
        snprintf(out->line[2], sizeof out->line[2], "Allowed: %.1f\" to spare; it ends in the rings",
                 (out->allowance - out->cost) / 1000.0);
    else
        snprintf(out->line[2], sizeof out->line[2], "Not allowed: %.200s", out->why);
    return true;
}

/* A move's way walked: the unit's men shifted with its centre, the
 * allowance spent, hiding and sneaking markers kept or lost, and anyone
 * hiding where it ends flushed out. */
bool sc_walk(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    sc_unit *sc = sc_unit_of(g, c->unit);
    const sl_unit *u = &g->live.units[c->unit];
    double length, cost;
    int64_t mils;
    if (!way_cost(g, c, &length, &cost, &mils, err, errlen))
        return false;
    sl_pt from = rl_unit_centre(g, c->unit), to = c->pts[c->npts - 1];
    sc_shift_unit(g, c->unit, from, to);
    if (sc->step != 2)
        sc->used = 0;
    sc->used += (int32_t)mils;
    sc->shot_after_move = false;
    sc->step = 2;
    sc->mode = sc_mode(c);
    double allow = sc_allowance(&g->live, c->unit, sc_mode(c)) / 1000.0;
    rl_moved(g, c->unit, to, length * 1000.0, "%s %s %.1f\" to (%.1f, %.1f): %.1f\" of its %.1f\"%s", u->name,
           mode_verb[sc_mode(c)], length, to.x / 1000.0, to.y / 1000.0, cost, allow,
           cost > length + 1e-6 ? " (difficult going counts double)" : "");
    if (sc_mode(c) == SC_SNEAK) {
        sc->hiding = false;
        sc->sneaking = true;
        rl_note(g, c->unit, "%s keeps a sneaking marker%s", u->name,
              sl_game_unit_in_cover(g, c->unit) ? "; it ends in cover and may hide at once" : "");
    } else if (sc->hiding || sc->sneaking) {
        sc->hiding = sc->sneaking = false;
        rl_state(g, c->unit, "revealed", "%s moves in the open: its hiding or sneaking marker is removed", u->name);
    }
    sc_flush(g, c->unit);
    return true;
}

/* May the unit acting change stance now: at the start of its action and
 * at the end, once each, and not after an aimed shot (seed 002)? */
bool sc_can_stance(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    bool prone = sc_cmd_of(c).prone;
    const sl_unit *u = &g->live.units[c->unit];
    const sc_unit *sc = sc_unit_of(g, c->unit);
    if (sc->aimed)
        return rl_refuse(why, whylen, "%s fired an aimed shot: no stance change after it (seed 002)", u->name);
    if (sc->step == 1 || sc->step == 3)
        return rl_refuse(why, whylen, "a unit changes stance at the start of its action and at the end, once each");
    if (prone == sc->prone)
        return rl_refuse(why, whylen, "%s is already %s", u->name, prone ? "prone" : "standing");
    return true;
}

/* A change of stance: at the start of the action, or at its end (which
 * ends it; going prone after a sprint risks a stun, 2D6 against RE). */
bool sc_stance(sl_game *g, const sl_command *c)
{
    bool prone = sc_cmd_of(c).prone;
    sc_unit *sc = sc_unit_of(g, c->unit);
    const sl_unit *u = &g->live.units[c->unit];
    if (sc->step == 0) {
        sc->step = 1;
        sc->stood = !prone;
        sc->prone = prone;
        if (!prone && (sc->hiding || sc->sneaking)) {
            sc->hiding = sc->sneaking = false;
            rl_state(g, c->unit, "revealed", "%s stands up and gives up hiding", u->name);
        }
        rl_state(g, c->unit, "stance", "%s %s at the start of its action", u->name,
                 prone ? "goes prone" : "stands up");
        return true;
    }
    /* the end of the action */
    sc->prone = prone;
    rl_state(g, c->unit, "stance", "%s %s at the end of its action", u->name, prone ? "goes prone" : "stands up");
    if (prone && sc->mode == SC_SPRINT) {
        int a = rl_roll(g, SL_D6, -1, "stance", c->unit, "%s throws itself down after a sprint: first D6 of 2D6",
                        u->name);
        int re = sc_unit_re(&g->live, c->unit);
        int b = rl_roll(g, SL_D6, -1, "stance", c->unit, "%s's second D6 of 2D6, against RE %d", u->name, re);
        if (g->failed)
            return false;
        if (a + b > re) {
            sc->stunned = 2;
            rl_state(g, c->unit, "stunned", "%d + %d = %d is more than its RE %d: %s lands awkwardly and is stunned; "
                                            "it does nothing next turn (seed 002)",
                     a, b, a + b, re, u->name);
        } else {
            rl_note(g, c->unit, "%d + %d = %d is not more than its RE %d: %s lands well", a, b, a + b, re,
                    u->name);
        }
    }
    sc->step = 3;
    sc_finish_action(g, c->unit, "its action is over");
    return true;
}
