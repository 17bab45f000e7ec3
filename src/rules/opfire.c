/* Actions that can be interrupted: the frames that carry an action, a
 * move or a fire through the decisions of the other player, and the
 * opportunity fire and overwatch house rule (seed 001) that makes them.
 *
 *  - An action (fire, rally, reorganise...) is offered to the enemy's
 *    eligible units first: each may declare opportunity fire; the action
 *    then resolves, and the declared fire after it, in order.
 *  - A move is offered along its way: an enemy picks the point, the mover
 *    goes there, the fire is resolved there, and the mover stops,
 *    carries on, or chooses a new way by the rule.
 *  - Opportunity fire is itself an action and may be answered the same
 *    way, to any depth.
 * With the house rule off, no offers are made and everything runs
 * straight through, as the base rules have it. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "game_internal.h"

enum {
    /* ACTION */
    AC_OFFER,
    AC_RESOLVE,
    AC_AFTER,
    AC_DONE,
    /* MOVE */
    MV_START,
    MV_OFFER,
    MV_AFTER_FIRE,
    MV_FINISH,
    MV_SPEND,
    /* OPFIRE */
    OF_TEST,
    OF_OFFER,
    OF_FIRE,
    OF_AFTER,
    OF_DONE
};

#define SAMPLE 250 /* mils between the points of a way looked at */

static bool of_on(const sl_game *g)
{
    return g->live.options.opportunity_fire;
}

void frame_push(sl_game *g, sl_frame_kind kind, int actor, const sl_command *c)
{
    if (g->nframes >= SL_FRAME_STACK) {
        g->failed = true;
        snprintf(g->fail_msg, sizeof g->fail_msg, "opportunity fire nested deeper than %d", SL_FRAME_STACK);
        return;
    }
    sl_frame *f = &g->frames[g->nframes++];
    memset(f, 0, sizeof *f);
    f->kind = kind;
    f->actor = actor;
    f->target = -1;
    if (c)
        f->cmd = *c;
    f->stage = kind == SL_FRAME_ACTION ? AC_OFFER : kind == SL_FRAME_MOVE ? MV_START : OF_TEST;
}

sl_frame *frame_push_opfire(sl_game *g, int firer, int target, sl_fire_with with, bool reaction)
{
    frame_push(g, SL_FRAME_OPFIRE, firer, NULL);
    if (g->failed)
        return NULL;
    sl_frame *f = &g->frames[g->nframes - 1];
    f->target = target;
    f->with = with;
    f->reaction = reaction;
    f->stage = reaction ? OF_OFFER : OF_TEST;
    return f;
}

static bool asked(const sl_frame *f, int u)
{
    for (int i = 0; i < f->nasked; i++)
        if (f->asked[i] == u)
            return true;
    return false;
}

static void ask(sl_frame *f, int u)
{
    if (!asked(f, u) && f->nasked < SL_FRAME_ASKED)
        f->asked[f->nasked++] = u;
}

/* Threat of the reaction test for opportunity fire: 0, 0, 1 for high,
 * medium and low motivation. */
static int of_threat(const sl_game *g, int u)
{
    return g->live.units[u].motivation == SL_MOT_LOW ? 1 : 0;
}

static double p_react(const sl_game *g, int u)
{
    if (g->us[u].overwatch)
        return 1.0;
    const sl_unit *un = &g->live.units[u];
    return sl_p_exceeds(sl_quality_die(un->quality), un->leadership + of_threat(g, u));
}

/* May `u` open opportunity fire at `target` as it stands now? */
static bool may_react(sl_game *g, int u, int target)
{
    const sl_unit *un = &g->live.units[u];
    const sl_unit_state *s = &g->us[u];
    if (un->side == g->live.units[target].side || un->kind == SL_UNIT_DUMMY || living(g, u) == 0 || has_teams(g, u))
        return false; /* a squad of fireteams reacts by its teams */
    if (un->confidence >= SL_CONF_BROKEN || s->panicked || s->damage > 0)
        return false;
    if (s->activated && !s->overwatch)
        return false;
    if (det_bound(g, u) && !s->overwatch)
        return false; /* an element acts only on its squad leader's orders (p17) */
    char why[200];
    return can_fire_shift(g, u, target, SL_FIRE_ALL, 1, why, sizeof why) ||
           can_fire_shift(g, u, target, SL_FIRE_MISSILE, 1, why, sizeof why);
}

static sl_fire_with best_weapon(sl_game *g, int u, int target)
{
    char why[200];
    if (can_fire_shift(g, u, target, SL_FIRE_ALL, 1, why, sizeof why))
        return SL_FIRE_ALL;
    return SL_FIRE_MISSILE;
}

/* The mover's figures as if its centre stood `d` along its way. */
static void mover_at(sl_game *g, double d, sl_pt *saved)
{
    sl_move *mv = &g->mv;
    sl_pt now = sl_path_point_at(mv->way, mv->nway, mv->done), then = sl_path_point_at(mv->way, mv->nway, d);
    for (int i = 0; i < mv->nfigs; i++) {
        sl_figure *f = &g->live.figures[mv->figs[i]];
        saved[i] = f->pos;
        if (f->status == SL_FIG_OK || (f->status == SL_FIG_WOUNDED && mv->carry))
            f->pos = sl_pt_make(f->pos.x + then.x - now.x, f->pos.y + then.y - now.y);
    }
}

static void mover_back(sl_game *g, const sl_pt *saved)
{
    for (int i = 0; i < g->mv.nfigs; i++)
        g->live.figures[g->mv.figs[i]].pos = saved[i];
}

/* Write an offer's option: odds at the best point (for a move, along the
 * stretches it sees). */
static void fill_option(sl_game *g, int k, int u, int target, bool along_move)
{
    sl_pending *p = &g->pending;
    p->options[k] = u;
    p->overwatch[k] = g->us[u].overwatch;
    p->p_react[k] = p_react(g, u);
    p->nstretch[k] = 0;
    double best = -1, best_at = -1, best_major = 0, best_near = 1e300;
    if (!along_move) {
        sl_fire_preview pv;
        sl_game_fire_preview_shift(g, u, target, best_weapon(g, u, target), 1, &pv);
        best = pv.p_minor + pv.p_major;
        best_major = pv.p_major;
    } else {
        sl_move *mv = &g->mv;
        sl_pt saved[64];
        bool in = false;
        for (double d = mv->done;; d += SAMPLE) {
            if (d > mv->go)
                d = mv->go;
            mover_at(g, d, saved);
            bool sees = may_react(g, u, target);
            double ps = 0, pm = 0;
            if (sees) {
                sl_fire_preview pv;
                sl_game_fire_preview_shift(g, u, target, best_weapon(g, u, target), 1, &pv);
                ps = pv.p_minor + pv.p_major;
                pm = pv.p_major;
            }
            mover_back(g, saved);
            if (sees && !in && p->nstretch[k] < SL_MAX_STRETCH) {
                p->stretch[k][p->nstretch[k]][0] = d;
                p->stretch[k][p->nstretch[k]][1] = d;
                p->nstretch[k]++;
                in = true;
            } else if (!sees) {
                in = false;
            }
            if (sees && in)
                p->stretch[k][p->nstretch[k] - 1][1] = d;
            /* the most exposed point: the best odds, and of equal odds
             * the one nearest the firer */
            double near = sl_dist(sl_path_point_at(mv->way, mv->nway, d), sl_unit_centre(&g->live, u, NULL));
            if (sees && (ps > best + 1e-9 || (ps > best - 1e-9 && near < best_near))) {
                best = ps;
                best_major = pm;
                best_at = d;
                best_near = near;
            }
            if (d >= mv->go)
                break;
        }
    }
    p->p_suppress[k] = p->p_react[k] * (best < 0 ? 0 : best);
    p->p_hits[k] = p->p_react[k] * best_major;
    p->best_at[k] = best_at;
}

/* Offer opportunity fire against the frame's action. True when a
 * decision is now pending. */
static bool offer(sl_game *g, sl_frame *f, bool along_move)
{
    if (!of_on(g))
        return false;
    int target = f->kind == SL_FRAME_OPFIRE ? f->actor : action_target(g, f->actor, &f->cmd);
    sl_pending *p = &g->pending;
    memset(p, 0, sizeof *p);
    int n = 0;
    for (int u = 0; u < g->live.nunits && n < SL_MAX_OPTIONS; u++) {
        if (asked(f, u))
            continue;
        if (!along_move) {
            if (!may_react(g, u, target))
                continue;
            fill_option(g, n, u, target, false);
            n++;
        } else {
            /* quick test: does it see any point of the rest of the way? */
            const sl_unit *un = &g->live.units[u];
            const sl_unit_state *s = &g->us[u];
            if (un->side == g->live.units[target].side || un->kind == SL_UNIT_DUMMY || living(g, u) == 0 ||
                has_teams(g, u) ||
                un->confidence >= SL_CONF_BROKEN || s->panicked || s->damage > 0 || (s->activated && !s->overwatch))
                continue;
            fill_option(g, n, u, target, true);
            if (p->nstretch[n] > 0)
                n++;
        }
    }
    if (n == 0) {
        memset(p, 0, sizeof *p);
        return false;
    }
    p->kind = SL_DECIDE_OPFIRE;
    p->noptions = n;
    p->side = g->live.units[n > 0 ? p->options[0] : target].side;
    p->mover = target;
    /* the journal: every option, its stretches and its odds */
    char fields[2600], mid[80];
    jesc(mid, sizeof mid, g->live.units[target].id);
    size_t at = (size_t)snprintf(fields, sizeof fields, "\"decision\":\"opportunity-fire\",\"target\":\"%s\",\"action\":\"%s\",\"options\":[",
                                 mid, sl_cmd_name(f->kind == SL_FRAME_OPFIRE ? SL_CMD_FIRE : f->cmd.kind));
    char text[1600];
    const char *what = f->kind == SL_FRAME_OPFIRE ? (f->reaction ? "reaction fire" : "opportunity fire")
                       : along_move              ? "move"
                                                 : sl_cmd_name(f->cmd.kind);
    size_t tat;
    if (target != f->actor)
        tat = (size_t)snprintf(text, sizeof text,
                               "%s may answer the %s of %s's squad leader with opportunity fire (fire at him falls on "
                               "%s, the fireteam he counts with):",
                               side_name(g, p->side), what, unit_name(g, f->actor), unit_name(g, target));
    else
        tat = (size_t)snprintf(text, sizeof text, "%s may answer %s's %s with opportunity fire:", side_name(g, p->side),
                               unit_name(g, target), what);
    for (int k = 0; k < n && at < sizeof fields; k++) {
        char id[80];
        jesc(id, sizeof id, g->live.units[p->options[k]].id);
        at += (size_t)snprintf(fields + at, sizeof fields - at,
                               "%s{\"unit\":\"%s\",\"overwatch\":%s,\"p_react\":%.3f,\"p_suppress\":%.3f,\"p_hits\":%.3f",
                               k ? "," : "", id, p->overwatch[k] ? "true" : "false", p->p_react[k], p->p_suppress[k],
                               p->p_hits[k]);
        if (along_move && at < sizeof fields) {
            at += (size_t)snprintf(fields + at, sizeof fields - at, ",\"stretches\":[");
            for (int s = 0; s < p->nstretch[k] && at < sizeof fields; s++) {
                sl_pt a = sl_path_point_at(g->mv.way, g->mv.nway, p->stretch[k][s][0]);
                sl_pt b = sl_path_point_at(g->mv.way, g->mv.nway, p->stretch[k][s][1]);
                at += (size_t)snprintf(fields + at, sizeof fields - at, "%s[[%.2f,%.2f],[%.2f,%.2f]]", s ? "," : "",
                                       a.x / 1000.0, a.y / 1000.0, b.x / 1000.0, b.y / 1000.0);
            }
            if (at < sizeof fields)
                at += (size_t)snprintf(fields + at, sizeof fields - at, "]");
        }
        if (at < sizeof fields)
            at += (size_t)snprintf(fields + at, sizeof fields - at, "}");
        if (tat < sizeof text)
            tat += (size_t)snprintf(text + tat, sizeof text - tat, " %s (%s, suppression %.0f%%%s)",
                                    unit_name(g, p->options[k]),
                                    p->overwatch[k] ? "overwatch, no test" : "reaction test",
                                    p->p_suppress[k] * 100, along_move ? ", at its best point" : "");
    }
    if (at < sizeof fields)
        snprintf(fields + at, sizeof fields - at, "]");
    if (tat < sizeof text)
        snprintf(text + tat, sizeof text - tat, "; decide fire UNIT%s, or decide pass", along_move ? " at X,Y" : "");
    jadd(g, SL_EV_DECISION, target, text, fields);
    return true;
}

static int count_wounded(const sl_game *g, int unit)
{
    const sl_unit *u = &g->live.units[unit];
    int n = 0;
    for (int i = 0; i < u->nfigures; i++)
        n += g->live.figures[u->first_figure + i].status == SL_FIG_WOUNDED;
    return n;
}

/* --- running the frames ---------------------------------------------------------------- */

static void pop(sl_game *g)
{
    g->nframes--;
}

static bool run_action(sl_game *g, sl_frame *f, char *err, size_t errlen)
{
    switch (f->stage) {
    case AC_OFFER:
        if (offer(g, f, false))
            return true;
        f->stage = AC_RESOLVE;
        return true;
    case AC_RESOLVE: {
        sl_command c = f->cmd;
        f->stage = AC_AFTER;
        if (c.kind == SL_CMD_OVERWATCH && g->us[c.unit].actions_done == 0 && sl_game_actions_left(g) > 1)
            jnote(g, c.unit, "%s gives up its first action to go on overwatch as its second", unit_name(g, c.unit));
        return resolve_action(g, &c, err, errlen);
    }
    case AC_AFTER:
        if (f->next < f->ndeclared) {
            int firer = f->declared[f->next++];
            int tgt = action_target(g, f->actor, &f->cmd);
            frame_push_opfire(g, firer, tgt, best_weapon(g, firer, tgt), false);
            return !g->failed;
        }
        f->stage = AC_DONE;
        return true;
    default: {
        sl_command c = f->cmd;
        pop(g);
        /* a transfer stacked the subordinate's activation on top: it is
         * not this action's to spend */
        int cost = action_cost(g, &c);
        if (cost > 0 && sl_game_active_unit(g) == c.unit)
            spend(g, cost);
        else if ((c.kind == SL_CMD_TRANSFER || c.kind == SL_CMD_TEAMS || c.kind == SL_CMD_REGROUP ||
                  c.kind == SL_CMD_DETACH) &&
                 sl_game_active_unit(g) == c.unit &&
                 sl_game_actions_left(g) <= 0 && !teams_pending(g, c.unit))
            end_activation(g, "both actions used"); /* the order did not get through */
        return true;
    }
    }
}

static bool run_move(sl_game *g, sl_frame *f, char *err, size_t errlen)
{
    sl_move *mv = &g->mv;
    switch (f->stage) {
    case MV_START: {
        sl_command c = f->cmd;
        char why[300];
        if (!unit_can_act(g, c.unit, c.kind, why, sizeof why) ||
            !can_move(g, &c, c.kind == SL_CMD_COMBAT_MOVE, why, sizeof why)) {
            jnote(g, c.unit, "%s cannot make its %s: %s; the action is lost", unit_name(g, c.unit),
                  g->us[c.unit].moves >= 1 ? "second move" : "move", why);
            f->stage = MV_SPEND;
            return true;
        }
        if (!move_begin(g, &c, c.kind == SL_CMD_COMBAT_MOVE, err, errlen))
            return false;
        f->stage = mv->on ? MV_OFFER : MV_SPEND;
        return true;
    }
    case MV_OFFER:
        if (!mv->on || mv->done >= mv->go - 0.5 || living(g, mv->unit) == 0) {
            f->stage = MV_FINISH;
            return true;
        }
        if (offer(g, f, true))
            return true;
        move_advance(g, mv->go);
        f->stage = MV_FINISH;
        return true;
    case MV_AFTER_FIRE: {
        f->stage = MV_OFFER;
        if (living(g, mv->unit) == 0) {
            f->stage = MV_FINISH;
            return true;
        }
        const sl_unit *u = &g->live.units[mv->unit];
        if (!mv->combat && f->hit_suppressed) {
            jnote(g, mv->unit, "%s is pinned by the fire and stops where it was hit (house rule)", u->name);
            mv->go = mv->done;
            return true;
        }
        if (mv->combat && f->hit_suppressed)
            jnote(g, mv->unit, "%s, on a combat move, goes on to the end of its move under its suppression (house rule)",
                  u->name);
        memset(&g->pending, 0, sizeof g->pending);
        g->pending.mover = mv->unit;
        g->pending.side = u->side;
        char fields[160], text[400], mid[80];
        jesc(mid, sizeof mid, u->id);
        if (mv->combat && f->hit_casualties) {
            g->pending.kind = SL_DECIDE_CASUALTIES;
            snprintf(fields, sizeof fields, "\"decision\":\"casualties\",\"mover\":\"%s\"", mid);
            snprintf(text, sizeof text,
                     "%s took casualties on its combat move: stop here, carry the wounded on (2\" less), or abandon "
                     "them (worse reaction tests): decide stop, decide carry or decide abandon",
                     u->name);
            jadd(g, SL_EV_DECISION, mv->unit, text, fields);
        } else if (!mv->combat && mv->allowance - mv->moved > 500) {
            g->pending.kind = SL_DECIDE_CONTINUE;
            snprintf(fields, sizeof fields, "\"decision\":\"continue\",\"mover\":\"%s\",\"left\":%.3f", mid,
                     (mv->allowance - mv->moved) / 1000.0);
            snprintf(text, sizeof text,
                     "%s is not stopped: it may go on its way, take a new way with its %.1f\" left (even back), or "
                     "stop: decide continue [X,Y ...] or decide stop",
                     u->name, (mv->allowance - mv->moved) / 1000.0);
            jadd(g, SL_EV_DECISION, mv->unit, text, fields);
        }
        return true;
    }
    case MV_FINISH:
        if (mv->on) {
            move_finish(g);
            g->us[f->actor].moves++;
        }
        f->stage = MV_SPEND;
        return true;
    default:
        pop(g);
        if (sl_game_active_unit(g) == f->actor)
            spend(g, 1);
        return true;
    }
}

static bool run_opfire(sl_game *g, sl_frame *f, char *err, size_t errlen)
{
    int firer = f->actor;
    const sl_unit *u = &g->live.units[firer];
    sl_unit_state *s = &g->us[firer];
    switch (f->stage) {
    case OF_TEST:
        f->stage = OF_OFFER;
        if (s->overwatch) {
            s->overwatch = false;
            f->overwatch = true;
            s->activated = true;
            jstate(g, firer, "overwatch-used", "%s spends its overwatch counter: opportunity fire with no reaction test",
                   u->name);
            return true;
        }
        {
            static const char *const mot[] = {"low", "medium", "high"};
            char what[200];
            snprintf(what, sizeof what, "open opportunity fire on %s (%s motivation: threat %d; house rule)",
                     unit_name(g, f->target), mot[u->motivation], of_threat(g, firer));
            if (!reaction_test(g, firer, of_threat(g, firer), what)) {
                if (!g->failed)
                    jnote(g, firer, "%s does not fire, and is not marked as activated", u->name);
                f->stage = OF_DONE;
                return !g->failed;
            }
        }
        ft_spend_on_fire(g, firer);
        jstate(g, firer, "activated", "%s fires as its whole activation (its marker is turned)", u->name);
        return true;
    case OF_OFFER:
        /* the fire is an action too: the other side may answer it */
        if (offer(g, f, false))
            return true;
        f->stage = OF_FIRE;
        return true;
    case OF_FIRE: {
        f->stage = OF_AFTER;
        char why[300];
        int target = f->target;
        if (living(g, target) == 0 || !can_fire_shift(g, firer, target, f->with, f->reaction ? 0 : 1, why, sizeof why)) {
            jnote(g, firer, "%s cannot fire after all: %s", u->name,
                  living(g, target) == 0 ? "its target has no one standing" : why);
            return true;
        }
        if (!f->reaction)
            jnote(g, firer, "Opportunity fire: %s's range die is one type worse for the haste (house rule)",
                  unit_name(g, target));
        int supp = g->us[target].suppression, wounded = count_wounded(g, target);
        if (!do_fire(g, firer, target, f->with, f->reaction ? 0 : 1, err, errlen))
            return false;
        /* tell the move it interrupted what the fire did: suppressed, and
         * wounded men to carry or leave */
        if (g->nframes >= 2) {
            sl_frame *parent = &g->frames[g->nframes - 2];
            parent->hit_suppressed = g->last_fire_res != SL_FAIL || g->us[target].suppression > supp;
            parent->hit_casualties = count_wounded(g, target) > wounded;
        }
        return true;
    }
    case OF_AFTER:
        if (f->next < f->ndeclared) {
            int r = f->declared[f->next++];
            frame_push_opfire(g, r, firer, best_weapon(g, r, firer), false);
            return !g->failed;
        }
        f->stage = OF_DONE;
        return true;
    default:
        pop(g);
        return true;
    }
}

bool frames_run(sl_game *g, char *err, size_t errlen)
{
    int guard = 0;
    while (g->nframes > 0 && g->pending.kind == SL_DECIDE_NONE && !g->failed) {
        if (++guard > 10000) {
            snprintf(err, errlen, "the interrupted actions did not settle");
            return false;
        }
        sl_frame *f = &g->frames[g->nframes - 1];
        bool ok = f->kind == SL_FRAME_ACTION ? run_action(g, f, err, errlen)
                  : f->kind == SL_FRAME_MOVE ? run_move(g, f, err, errlen)
                                             : run_opfire(g, f, err, errlen);
        if (!ok)
            return false;
    }
    return !g->failed;
}

/* --- answering ----------------------------------------------------------------------------- */

/* Where `p` falls along the rest of the mover's way (mils), and how far
 * from it it lies. */
static double along_way(const sl_move *mv, sl_pt p, double *off)
{
    double best = mv->done, bestd = 1e300, acc = 0;
    for (int i = 0; i + 1 < mv->nway; i++) {
        sl_pt a = mv->way[i], b = mv->way[i + 1];
        double len = sl_dist(a, b);
        double t = 0;
        if (len > 0) {
            t = (((double)p.x - a.x) * ((double)b.x - a.x) + ((double)p.y - a.y) * ((double)b.y - a.y)) / (len * len);
            t = t < 0 ? 0 : t > 1 ? 1 : t;
        }
        double d = acc + t * len;
        if (d < mv->done)
            d = mv->done;
        if (d > mv->go)
            d = mv->go;
        sl_pt q = sl_path_point_at(mv->way, mv->nway, d);
        double e = sl_dist(q, p);
        if (e < bestd) {
            bestd = e;
            best = d;
        }
        acc += len;
    }
    *off = bestd;
    return best;
}

bool opfire_decide(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    sl_pending p = g->pending;
    sl_frame *f = &g->frames[g->nframes - 1];
    const char *side = side_name(g, p.side);
    if (p.kind == SL_DECIDE_CONTINUE) {
        sl_move *mv = &g->mv;
        if (c->decide == SL_DECIDE_WORD_STOP) {
            g->pending.kind = SL_DECIDE_NONE;
            mv->go = mv->done;
            jadd(g, SL_EV_DECISION, mv->unit, "It stops where it is",
                 "\"decision\":\"continue\",\"chosen\":\"stop\"");
            return true;
        }
        if (c->decide != SL_DECIDE_WORD_CONTINUE)
            return refuse(err, errlen, "%s is to say how %s goes on: decide continue [X,Y ...] or decide stop", side,
                          unit_name(g, mv->unit));
        g->pending.kind = SL_DECIDE_NONE;
        if (c->npts > 0) {
            if (!move_reroute(g, c->pts, c->npts, err, errlen))
                return false;
            char text[200];
            sl_pt e = c->pts[c->npts - 1];
            snprintf(text, sizeof text, "%s takes a new way, to (%.1f, %.1f)", unit_name(g, mv->unit), e.x / 1000.0,
                     e.y / 1000.0);
            jadd(g, SL_EV_DECISION, mv->unit, text, "\"decision\":\"continue\",\"chosen\":\"new-way\"");
        } else {
            char text[200];
            snprintf(text, sizeof text, "%s goes on its way", unit_name(g, mv->unit));
            jadd(g, SL_EV_DECISION, mv->unit, text, "\"decision\":\"continue\",\"chosen\":\"on\"");
        }
        return true;
    }
    if (p.kind == SL_DECIDE_CASUALTIES) {
        sl_move *mv = &g->mv;
        sl_unit_state *s = &g->us[mv->unit];
        const char *name = unit_name(g, mv->unit);
        char text[300];
        if (c->decide == SL_DECIDE_WORD_STOP) {
            mv->go = mv->done;
            snprintf(text, sizeof text, "%s stops with its wounded", name);
            jadd(g, SL_EV_DECISION, mv->unit, text, "\"decision\":\"casualties\",\"chosen\":\"stop\"");
        } else if (c->decide == SL_DECIDE_WORD_CARRY) {
            mv->carry = true;
            s->carrying_wounded = true;
            mv->go = mv->go - 2000 > mv->done ? mv->go - 2000 : mv->done;
            snprintf(text, sizeof text, "%s picks up its wounded and goes on, 2\" shorter (house rule)", name);
            jadd(g, SL_EV_DECISION, mv->unit, text, "\"decision\":\"casualties\",\"chosen\":\"carry\"");
        } else if (c->decide == SL_DECIDE_WORD_ABANDON) {
            s->abandoned_wounded = true;
            snprintf(text, sizeof text,
                     "%s leaves its wounded where they fell and goes on; it will be harder to steady (house rule)",
                     name);
            jadd(g, SL_EV_DECISION, mv->unit, text, "\"decision\":\"casualties\",\"chosen\":\"abandon\"");
        } else {
            return refuse(err, errlen, "%s is to say what %s does with its wounded: decide stop, carry or abandon",
                          side, name);
        }
        g->pending.kind = SL_DECIDE_NONE;
        return true;
    }
    /* opportunity fire */
    bool move = f->kind == SL_FRAME_MOVE;
    if (c->decide == SL_DECIDE_WORD_PASS) {
        g->pending.kind = SL_DECIDE_NONE;
        for (int i = 0; i < p.noptions; i++)
            ask(f, p.options[i]);
        char text[200];
        snprintf(text, sizeof text, "%s holds its fire", side);
        jadd(g, SL_EV_DECISION, -1, text, "\"decision\":\"opportunity-fire\",\"chosen\":null");
        if (move) {
            move_advance(g, g->mv.go);
            f->stage = MV_FINISH;
        } else {
            f->stage = f->kind == SL_FRAME_ACTION ? AC_RESOLVE : OF_FIRE;
        }
        return true;
    }
    if (c->decide != SL_DECIDE_WORD_FIRE)
        return refuse(err, errlen, "%s is to decide on opportunity fire: decide fire UNIT%s or decide pass", side,
                      move ? " at X,Y" : "");
    int k = -1;
    for (int i = 0; i < p.noptions; i++)
        if (p.options[i] == c->choice)
            k = i;
    if (k < 0)
        return refuse(err, errlen, "%s may not open opportunity fire now: the choices are those listed",
                      unit_name(g, c->choice));
    int firer = c->choice;
    sl_fire_with with = c->with;
    char why[240];
    int ftarget = f->kind == SL_FRAME_OPFIRE ? f->actor : action_target(g, f->actor, &f->cmd);
    if (!move && !can_fire_shift(g, firer, ftarget, with, 1, why, sizeof why))
        return refuse(err, errlen, "%s: %s", unit_name(g, firer), why);
    g->pending.kind = SL_DECIDE_NONE;
    ask(f, firer);
    char fields[300], fid[80];
    jesc(fid, sizeof fid, g->live.units[firer].id);
    if (!move) {
        /* declared now, resolved after the action */
        if (f->ndeclared < SL_MAX_OPTIONS)
            f->declared[f->ndeclared++] = firer;
        snprintf(fields, sizeof fields, "\"decision\":\"opportunity-fire\",\"chosen\":\"%s\"", fid);
        char text[300];
        snprintf(text, sizeof text, "%s declares opportunity fire at %s: it comes after the %s (house rule)",
                 unit_name(g, firer), unit_name(g, f->actor),
                 f->kind == SL_FRAME_OPFIRE ? "fire it answers" : "action it answers");
        jadd(g, SL_EV_DECISION, firer, text, fields);
        return true; /* the offer is made again to the others */
    }
    /* against a mover: at the chosen point, or the best one */
    sl_move *mv = &g->mv;
    double d = p.best_at[k];
    if (c->has_at) {
        double off;
        d = along_way(mv, c->at, &off);
        if (off > 1000)
            return refuse(err, errlen, "(%.1f, %.1f) is %.1f\" off %s's way", c->at.x / 1000.0, c->at.y / 1000.0,
                          off / 1000.0, unit_name(g, mv->unit));
    }
    bool inside = false;
    for (int s = 0; s < p.nstretch[k]; s++)
        if (d >= p.stretch[k][s][0] - SAMPLE && d <= p.stretch[k][s][1] + SAMPLE)
            inside = true;
    if (!inside)
        return refuse(err, errlen, "%s cannot see %s at that point of its way", unit_name(g, firer),
                      unit_name(g, mv->unit));
    move_advance(g, d);
    if (with == SL_FIRE_ALL)
        with = best_weapon(g, firer, ftarget);
    sl_pt at = sl_path_point_at(mv->way, mv->nway, mv->done);
    snprintf(fields, sizeof fields, "\"decision\":\"opportunity-fire\",\"chosen\":\"%s\",\"at\":[%.2f,%.2f]", fid,
             at.x / 1000.0, at.y / 1000.0);
    char text[300];
    snprintf(text, sizeof text, "%s opens opportunity fire on %s as it reaches (%.1f, %.1f)%s", unit_name(g, firer),
             unit_name(g, mv->unit), at.x / 1000.0, at.y / 1000.0, c->has_at ? "" : ", the most exposed point");
    jadd(g, SL_EV_DECISION, firer, text, fields);
    f->stage = MV_AFTER_FIRE;
    f->hit_suppressed = f->hit_casualties = false;
    frame_push_opfire(g, firer, ftarget, with, false);
    return !g->failed;
}

/* --- exposure of a planned way ------------------------------------------------------------------ */

int sl_game_exposure(sl_game *g, int unit, const sl_pt *way, int nway, double step, sl_exposure_point *out, int max)
{
    if (nway < 1 || max < 1 || unit < 0 || unit >= g->live.nunits)
        return 0;
    if (step < 100)
        step = 100;
    const sl_unit *u = &g->live.units[unit];
    double length = sl_path_length(way, nway);
    sl_pt centre = sl_unit_centre(&g->live, unit, NULL);
    sl_pt saved[64];
    int nf = u->nfigures < 64 ? u->nfigures : 64;
    for (int i = 0; i < nf; i++)
        saved[i] = g->live.figures[u->first_figure + i].pos;
    int n = 0;
    for (double d = 0; n < max; d += step) {
        if (d > length)
            d = length;
        sl_pt p = sl_path_point_at(way, nway, d);
        for (int i = 0; i < nf; i++) {
            sl_figure *f = &g->live.figures[u->first_figure + i];
            f->pos = sl_pt_make(saved[i].x + p.x - centre.x, saved[i].y + p.y - centre.y);
        }
        sl_exposure_point *e = &out[n++];
        memset(e, 0, sizeof *e);
        e->at = d;
        e->centre = p;
        double miss = 1.0;
        for (int o = 0; o < g->live.nunits; o++) {
            const sl_unit *ou = &g->live.units[o];
            if (ou->side == u->side || ou->kind == SL_UNIT_DUMMY || living(g, o) == 0 || has_teams(g, o))
                continue;
            sl_unit_sight s;
            sl_unit_sight_judge(&g->sight, o, unit, false, &s);
            if (!s.visible)
                continue;
            bool react = g->live.options.opportunity_fire && may_react(g, o, unit);
            if (e->nseen < SL_EXPOSE_MAX) {
                e->seen[e->nseen] = o;
                e->can_react[e->nseen] = react;
                e->nseen++;
            }
            if (react) {
                sl_fire_preview pv;
                sl_game_fire_preview_shift(g, o, unit, best_weapon(g, o, unit), 1, &pv);
                miss *= 1.0 - p_react(g, o) * (pv.p_minor + pv.p_major);
            }
        }
        e->p_suppress = 1.0 - miss;
        if (d >= length)
            break;
    }
    for (int i = 0; i < nf; i++)
        g->live.figures[u->first_figure + i].pos = saved[i];
    return n;
}

/* --- solo play: the program's answers ------------------------------------------------------------ */

/* React when the chance to at least suppress is this good. */
#define SOLO_THRESHOLD 0.35

bool sl_game_auto_decide(sl_game *g, char *line, size_t linelen, char *why, size_t whylen)
{
    const sl_pending *p = &g->pending;
    const char *side = p->kind != SL_DECIDE_NONE ? side_name(g, p->side) : "";
    switch (p->kind) {
    case SL_DECIDE_FIRST:
        snprintf(line, linelen, "decide first %s", g->live.sides[p->side].id);
        snprintf(why, whylen, "%s goes first itself, to act before the enemy can", side);
        return true;
    case SL_DECIDE_REACTION_FIRE: {
        int best = -1;
        double bp = 0;
        for (int i = 0; i < p->noptions; i++) {
            sl_fire_preview pv;
            sl_game_fire_preview(g, p->options[i], p->mover, SL_FIRE_ALL, &pv);
            double ps = pv.p_minor + pv.p_major;
            if (pv.possible && ps > bp) {
                bp = ps;
                best = p->options[i];
            }
        }
        if (best >= 0 && bp >= SOLO_THRESHOLD) {
            snprintf(line, linelen, "decide fire %s", g->live.units[best].id);
            snprintf(why, whylen, "%s fires with %s: %.0f%% to suppress (it fires at %.0f%% or better)", side,
                     unit_name(g, best), bp * 100, SOLO_THRESHOLD * 100);
        } else {
            snprintf(line, linelen, "decide pass");
            snprintf(why, whylen, "%s holds: the best chance to suppress is %.0f%%, under %.0f%%", side, bp * 100,
                     SOLO_THRESHOLD * 100);
        }
        return true;
    }
    case SL_DECIDE_OPFIRE: {
        int best = -1;
        for (int i = 0; i < p->noptions; i++)
            if (best < 0 || p->p_suppress[i] > p->p_suppress[best] + 1e-9)
                best = i;
        if (best >= 0 && p->p_suppress[best] >= SOLO_THRESHOLD) {
            int u = p->options[best];
            const sl_frame *f = &g->frames[g->nframes - 1];
            if (f->kind == SL_FRAME_MOVE && p->best_at[best] >= 0) {
                sl_pt at = sl_path_point_at(g->mv.way, g->mv.nway, p->best_at[best]);
                snprintf(line, linelen, "decide fire %s at %.2f,%.2f", g->live.units[u].id, at.x / 1000.0,
                         at.y / 1000.0);
                snprintf(why, whylen,
                         "%s fires with %s where the mover is most exposed, (%.1f, %.1f): %.0f%% to suppress%s (it "
                         "fires at %.0f%% or better)",
                         side, unit_name(g, u), at.x / 1000.0, at.y / 1000.0, p->p_suppress[best] * 100,
                         p->overwatch[best] ? " with its overwatch counter" : " after its reaction test",
                         SOLO_THRESHOLD * 100);
            } else {
                snprintf(line, linelen, "decide fire %s", g->live.units[u].id);
                snprintf(why, whylen, "%s fires with %s: %.0f%% to suppress (it fires at %.0f%% or better)", side,
                         unit_name(g, u), p->p_suppress[best] * 100, SOLO_THRESHOLD * 100);
            }
        } else {
            snprintf(line, linelen, "decide pass");
            snprintf(why, whylen, "%s holds its fire: the best chance to suppress is %.0f%%, under %.0f%%", side,
                     best >= 0 ? p->p_suppress[best] * 100 : 0.0, SOLO_THRESHOLD * 100);
        }
        return true;
    }
    case SL_DECIDE_CONTINUE:
        snprintf(line, linelen, "decide continue");
        snprintf(why, whylen, "%s keeps to its way", unit_name(g, p->mover));
        return true;
    case SL_DECIDE_CASUALTIES:
        snprintf(line, linelen, "decide carry");
        snprintf(why, whylen, "%s carries its wounded: leaving them would cost it its nerve", unit_name(g, p->mover));
        return true;
    default:
        return false;
    }
}
