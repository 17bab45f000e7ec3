/* Opportunity fire and overwatch (house rule, seed 001; rule option
 * opportunity_fire). An enemy unit that has not activated, after a
 * reaction test, or one holding an overwatch counter, may answer any
 * action in its sight with fire whose range die is one type worse:
 *
 *  - against an action, the fire is declared before the action resolves
 *    and resolved after it;
 *  - against a move, at a point of its way the firer sees: the mover goes
 *    there, the fire is resolved, and the mover stops (pinned), goes on,
 *    or takes a new way; a combat mover that took casualties stops,
 *    carries them or abandons them;
 *  - the fire is itself an action and may be answered in turn.
 * The frames that carry all this are the base game's (sg2/frames.c); this
 * file makes the offers, answers them and runs the test before the fire. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "house.h"

/* Its option (listed after the base's missile_guidance), by index. */
enum { OF_OPPORTUNITY_FIRE };
static const rl_option_def of_options[] = {
    {{"opportunity_fire", SL_OPT_BOOL, 0, NULL, 0, 0, 0,
      "The opportunity fire and overwatch house rule: an enemy unit that has not "
      "activated (after a reaction test) or that holds an overwatch counter may fire "
      "at any unit acting in its sight, with the range die one type worse; against a "
      "mover, at a point of its path. Off by default: it is a house rule."},
     "missile_guidance"},
};

#define SAMPLE 250 /* mils between the points of a way looked at */

bool of_on(const sl_game *g)
{
    return rl_option(g, &of_rule, OF_OPPORTUNITY_FIRE) != 0;
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

of_unit *of_unit_of(const sl_game *g, int u)
{
    return rl_house_state(g, &of_rule, u);
}

of_offer *of_offer_of(const sl_game *g)
{
    return rl_house_game_state(g, &of_rule);
}

/* Threat of the reaction test for opportunity fire: 0, 0, 1 for high,
 * medium and low motivation. */
static int threat(const sl_game *g, int u)
{
    return g->live.units[u].motivation == SL_MOT_LOW ? 1 : 0;
}

double of_p_react(const sl_game *g, int u)
{
    if (of_unit_of(g, u)->overwatch)
        return 1.0;
    const sl_unit *un = &g->live.units[u];
    return sl_p_exceeds(sl_quality_die(un->quality), un->leadership + threat(g, u));
}

/* The fire a unit opens: from an overwatch counter, or opportunity fire. */
static rl_fire_kind fire_kind(const sl_game *g, int u)
{
    return of_unit_of(g, u)->overwatch ? RL_FIRE_OVERWATCH : RL_FIRE_OPPORTUNITY;
}

bool of_may_react(const sl_game *g, int u, int target)
{
    const sl_unit *un = &g->live.units[u];
    const sl_unit_state *s = &g->us[u];
    if (un->side == g->live.units[target].side || un->kind == SL_UNIT_DUMMY || rl_living(g, u) == 0 ||
        rl_has_teams(g, u))
        return false; /* a squad of fireteams reacts by its teams */
    if (un->confidence >= SL_CONF_BROKEN || s->panicked || s->damage > 0)
        return false;
    if (s->activated && !of_unit_of(g, u)->overwatch)
        return false;
    if (rl_det_bound(g, u) && !of_unit_of(g, u)->overwatch)
        return false; /* an element acts only on its squad leader's orders (p17) */
    char why[200];
    return fire_can(g, u, target, SL_FIRE_ALL, fire_kind(g, u), why, sizeof why) ||
           fire_can(g, u, target, SL_FIRE_MISSILE, fire_kind(g, u), why, sizeof why);
}

/* The mover's figures as if its centre stood `d` along its way. */
static sl_placement mover_at(const sl_game *g, double d, sl_pt *pos)
{
    const sl_move *mv = &g->mv;
    sl_pt now = sl_path_point_at(mv->way, mv->nway, mv->done), then = sl_path_point_at(mv->way, mv->nway, d);
    for (int i = 0; i < mv->nfigs; i++) {
        const sl_figure *f = &g->live.figures[mv->figs[i]];
        pos[i] = f->pos;
        if (f->status == SL_FIG_OK || (f->status == SL_FIG_WOUNDED && mv->carry))
            pos[i] = sl_pt_make(f->pos.x + then.x - now.x, f->pos.y + then.y - now.y);
    }
    sl_placement pl = {mv->figs, pos, mv->nfigs};
    return pl;
}

/* Write an offer's option: odds at the best point (for a move, along the
 * stretches it sees). */
static void fill_option(sl_game *g, int k, int u, int target, bool along_move)
{
    g->pending.options[k] = u;
    of_offer *p = of_offer_of(g);
    p->overwatch[k] = of_unit_of(g, u)->overwatch;
    p->p_react[k] = of_p_react(g, u);
    p->nstretch[k] = 0;
    double best = -1, best_at = -1, best_major = 0, best_near = 1e300;
    if (!along_move) {
        sl_fire_preview pv;
        fire_preview(g, u, target, fire_best_weapon(g, u, target, fire_kind(g, u)), fire_kind(g, u), &pv);
        best = pv.p_minor + pv.p_major;
        best_major = pv.p_major;
    } else {
        const sl_move *mv = &g->mv;
        sl_pt pos[SL_SIGHT_MAX_FIGS];
        bool in = false;
        rl_view v;
        if (!rl_view_init(&v, g)) {
            g->failed = true;
            snprintf(g->fail_msg, sizeof g->fail_msg, "out of memory");
            return;
        }
        for (double d = mv->done;; d += SAMPLE) {
            if (d > mv->go)
                d = mv->go;
            sl_placement pl = mover_at(g, d, pos);
            rl_view_place(&v, &pl);
            bool sees = of_may_react(&v.g, u, target);
            double ps = 0, pm = 0;
            if (sees) {
                sl_fire_preview pv;
                rl_fire_kind kind = fire_kind(g, u);
                fire_preview(&v.g, u, target, fire_best_weapon(&v.g, u, target, kind), kind, &pv);
                ps = pv.p_minor + pv.p_major;
                pm = pv.p_major;
            }
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
        rl_view_free(&v);
    }
    p->p_suppress[k] = p->p_react[k] * (best < 0 ? 0 : best);
    p->p_hits[k] = p->p_react[k] * best_major;
    p->best_at[k] = best_at;
}

/* The declared hook: offer opportunity fire against the frame's action.
 * True when a decision is now pending. */
static bool offer(sl_game *g, sl_frame *f, bool along_move)
{
    int target = f->kind == SL_FRAME_FIRE ? f->actor : rl_action_target(g, f->actor, &f->cmd);
    sl_pending *p = &g->pending;
    memset(p, 0, sizeof *p);
    of_offer *o = of_offer_of(g);
    memset(o, 0, sizeof *o);
    int n = 0;
    for (int u = 0; u < g->live.nunits && n < SL_MAX_OPTIONS; u++) {
        if (asked(f, u))
            continue;
        if (!along_move) {
            if (!of_may_react(g, u, target))
                continue;
            fill_option(g, n, u, target, false);
            n++;
        } else {
            /* quick test: does it see any point of the rest of the way? */
            const sl_unit *un = &g->live.units[u];
            const sl_unit_state *s = &g->us[u];
            if (un->side == g->live.units[target].side || un->kind == SL_UNIT_DUMMY || rl_living(g, u) == 0 ||
                rl_has_teams(g, u) || un->confidence >= SL_CONF_BROKEN || s->panicked || s->damage > 0 ||
                (s->activated && !of_unit_of(g, u)->overwatch))
                continue;
            fill_option(g, n, u, target, true);
            if (o->nstretch[n] > 0)
                n++;
        }
    }
    if (n == 0) {
        memset(p, 0, sizeof *p);
        return false;
    }
    p->kind = of_decide_kind();
    p->noptions = n;
    p->side = g->live.units[n > 0 ? p->options[0] : target].side;
    p->mover = target;
    /* the journal: every option, its stretches and its odds */
    char fields[2600], mid[80];
    sl_json_escape(mid, sizeof mid, g->live.units[target].id);
    size_t at = (size_t)snprintf(fields, sizeof fields,
                                 "\"decision\":\"opportunity-fire\",\"target\":\"%s\",\"action\":\"%s\",\"options\":[",
                                 mid, rl_command_name(g, f->kind == SL_FRAME_FIRE ? SL_CMD_FIRE : f->cmd.kind));
    char text[1600];
    const char *what = f->kind == SL_FRAME_FIRE ? (f->reaction ? "reaction fire" : "opportunity fire")
                       : along_move              ? "move"
                                                 : rl_command_name(g, f->cmd.kind);
    size_t tat;
    if (target != f->actor)
        tat = (size_t)snprintf(text, sizeof text,
                               "%s may answer the %s of %s's squad leader with opportunity fire (fire at him falls on "
                               "%s, the fireteam he counts with):",
                               rl_side_name(g, p->side), what, rl_unit_name(g, f->actor), rl_unit_name(g, target));
    else
        tat = (size_t)snprintf(text, sizeof text, "%s may answer %s's %s with opportunity fire:",
                               rl_side_name(g, p->side), rl_unit_name(g, target), what);
    char pub[1600];
    size_t pubat = (size_t)snprintf(pub, sizeof pub, "%s", text);
    int hidden_options = 0;
    for (int k = 0; k < n && at < sizeof fields; k++) {
        char id[80];
        sl_json_escape(id, sizeof id, g->live.units[p->options[k]].id);
        if (rl_fog_counter(g, p->options[k]))
            hidden_options++;
        else if (pubat < sizeof pub)
            pubat += (size_t)snprintf(pub + pubat, sizeof pub - pubat, " %s", rl_unit_name(g, p->options[k]));
        at += (size_t)snprintf(fields + at, sizeof fields - at,
                               "%s{\"unit\":\"%s\",\"overwatch\":%s,\"p_react\":%.3f,\"p_suppress\":%.3f,\"p_hits\":%.3f",
                               k ? "," : "", id, o->overwatch[k] ? "true" : "false", o->p_react[k], o->p_suppress[k],
                               o->p_hits[k]);
        if (along_move && at < sizeof fields) {
            at += (size_t)snprintf(fields + at, sizeof fields - at, ",\"stretches\":[");
            for (int s = 0; s < o->nstretch[k] && at < sizeof fields; s++) {
                sl_pt a = sl_path_point_at(g->mv.way, g->mv.nway, o->stretch[k][s][0]);
                sl_pt b = sl_path_point_at(g->mv.way, g->mv.nway, o->stretch[k][s][1]);
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
                                    rl_unit_name(g, p->options[k]),
                                    o->overwatch[k] ? "overwatch, no test" : "reaction test",
                                    o->p_suppress[k] * 100, along_move ? ", at its best point" : "");
    }
    if (at < sizeof fields)
        snprintf(fields + at, sizeof fields - at, "]");
    if (tat < sizeof text)
        snprintf(text + tat, sizeof text - tat, "; decide fire UNIT%s, or decide pass", along_move ? " at X,Y" : "");
    /* the other side is told of no counter among the choices, and no odds */
    if (hidden_options > 0) {
        char pub_fields[300];
        snprintf(pub_fields, sizeof pub_fields, "\"decision\":\"opportunity-fire\",\"target\":\"%s\",\"action\":\"%s\"",
                 mid, rl_command_name(g, f->kind == SL_FRAME_FIRE ? SL_CMD_FIRE : f->cmd.kind));
        rl_event_private(g, SL_EV_DECISION, target, text, fields, p->side, pub, pub_fields);
    } else {
        rl_event(g, SL_EV_DECISION, target, text, fields);
    }
    return true;
}

static bool of_declared(sl_game *g, sl_frame *f, bool along_move)
{
    return of_on(g) && offer(g, f, along_move);
}

/* --- the test before the fire, and what it did to a mover --------------------------------- */

static bool of_fire_test(sl_game *g, sl_frame *f)
{
    int firer = f->actor;
    const sl_unit *u = &g->live.units[firer];
    sl_unit_state *s = &g->us[firer];
    of_unit *o = of_unit_of(g, firer);
    if (o->overwatch) {
        o->overwatch = false;
        f->watching = true;
        s->activated = true;
        rl_state(g, firer, "overwatch-used", "%s spends its overwatch counter: opportunity fire with no reaction test",
                 u->name);
        return true;
    }
    static const char *const mot[] = {"low", "medium", "high"};
    char what[200];
    snprintf(what, sizeof what, "open opportunity fire on %s (%s motivation: threat %d; house rule)",
             rl_unit_name(g, f->target), mot[u->motivation], threat(g, firer));
    if (!mor_reaction_test(g, firer, threat(g, firer), what)) {
        if (!g->failed)
            rl_note(g, firer, "%s does not fire, and is not marked as activated", u->name);
        f->stage = FR_OF_DONE;
        return !g->failed;
    }
    rl_spend_on_fire(g, firer);
    rl_state(g, firer, "activated", "%s fires as its whole activation (its marker is turned)", u->name);
    return true;
}

static void of_after_fire(sl_game *g, sl_frame *f)
{
    sl_move *mv = &g->mv;
    const sl_unit *u = &g->live.units[mv->unit];
    if (!mv->combat && f->hit_suppressed) {
        rl_note(g, mv->unit, "%s is pinned by the fire and stops where it was hit (house rule)", u->name);
        mv->go = mv->done;
        return;
    }
    if (mv->combat && f->hit_suppressed)
        rl_note(g, mv->unit, "%s, on a combat move, goes on to the end of its move under its suppression (house rule)",
                u->name);
    memset(&g->pending, 0, sizeof g->pending);
    g->pending.mover = mv->unit;
    g->pending.side = u->side;
    char fields[160], text[400], mid[80];
    sl_json_escape(mid, sizeof mid, u->id);
    if (mv->combat && f->hit_casualties) {
        g->pending.kind = SL_DECIDE_CASUALTIES;
        snprintf(fields, sizeof fields, "\"decision\":\"casualties\",\"mover\":\"%s\"", mid);
        snprintf(text, sizeof text,
                 "%s took casualties on its combat move: stop here, carry the wounded on (2\" less), or abandon them "
                 "(worse reaction tests): decide stop, decide carry or decide abandon",
                 u->name);
        rl_event(g, SL_EV_DECISION, mv->unit, text, fields);
    } else if (!mv->combat && mv->allowance - mv->moved > 500) {
        g->pending.kind = SL_DECIDE_CONTINUE;
        snprintf(fields, sizeof fields, "\"decision\":\"continue\",\"mover\":\"%s\",\"left\":%.3f", mid,
                 (mv->allowance - mv->moved) / 1000.0);
        snprintf(text, sizeof text,
                 "%s is not stopped: it may go on its way, take a new way with its %.1f\" left (even back), or stop: "
                 "decide continue [X,Y ...] or decide stop",
                 u->name, (mv->allowance - mv->moved) / 1000.0);
        rl_event(g, SL_EV_DECISION, mv->unit, text, fields);
    }
}

/* --- answering -------------------------------------------------------------------------- */

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

static bool decide_continue(sl_game *g, const sl_command *c, const char *side, char *err, size_t errlen)
{
    sl_move *mv = &g->mv;
    if (c->decide == SL_DECIDE_WORD_STOP) {
        g->pending.kind = SL_DECIDE_NONE;
        mv->go = mv->done;
        rl_event(g, SL_EV_DECISION, mv->unit, "It stops where it is", "\"decision\":\"continue\",\"chosen\":\"stop\"");
        return true;
    }
    if (c->decide != SL_DECIDE_WORD_CONTINUE)
        return rl_refuse(err, errlen, "%s is to say how %s goes on: decide continue [X,Y ...] or decide stop", side,
                         rl_unit_name(g, mv->unit));
    g->pending.kind = SL_DECIDE_NONE;
    if (c->npts > 0) {
        if (!mv_reroute(g, c->pts, c->npts, err, errlen))
            return false;
        char text[200];
        sl_pt e = c->pts[c->npts - 1];
        snprintf(text, sizeof text, "%s takes a new way, to (%.1f, %.1f)", rl_unit_name(g, mv->unit), e.x / 1000.0,
                 e.y / 1000.0);
        rl_event(g, SL_EV_DECISION, mv->unit, text, "\"decision\":\"continue\",\"chosen\":\"new-way\"");
    } else {
        char text[200];
        snprintf(text, sizeof text, "%s goes on its way", rl_unit_name(g, mv->unit));
        rl_event(g, SL_EV_DECISION, mv->unit, text, "\"decision\":\"continue\",\"chosen\":\"on\"");
    }
    return true;
}

static bool decide_casualties(sl_game *g, const sl_command *c, const char *side, char *err, size_t errlen)
{
    sl_move *mv = &g->mv;
    sl_unit_state *s = &g->us[mv->unit];
    const char *name = rl_unit_name(g, mv->unit);
    char text[300];
    if (c->decide == SL_DECIDE_WORD_STOP) {
        mv->go = mv->done;
        snprintf(text, sizeof text, "%s stops with its wounded", name);
        rl_event(g, SL_EV_DECISION, mv->unit, text, "\"decision\":\"casualties\",\"chosen\":\"stop\"");
    } else if (c->decide == SL_DECIDE_WORD_CARRY) {
        mv->carry = true;
        s->carrying_wounded = true;
        mv->go = mv->go - 2000 > mv->done ? mv->go - 2000 : mv->done;
        snprintf(text, sizeof text, "%s picks up its wounded and goes on, 2\" shorter (house rule)", name);
        rl_event(g, SL_EV_DECISION, mv->unit, text, "\"decision\":\"casualties\",\"chosen\":\"carry\"");
    } else if (c->decide == SL_DECIDE_WORD_ABANDON) {
        s->abandoned_wounded = true;
        snprintf(text, sizeof text,
                 "%s leaves its wounded where they fell and goes on; it will be harder to steady (house rule)", name);
        rl_event(g, SL_EV_DECISION, mv->unit, text, "\"decision\":\"casualties\",\"chosen\":\"abandon\"");
    } else {
        return rl_refuse(err, errlen, "%s is to say what %s does with its wounded: decide stop, carry or abandon", side,
                         name);
    }
    g->pending.kind = SL_DECIDE_NONE;
    return true;
}

static bool decide_fire(sl_game *g, const sl_command *c, const char *side, char *err, size_t errlen)
{
    sl_pending p = g->pending;
    of_offer o = *of_offer_of(g); /* as offered: firing may offer again */
    sl_frame *f = &g->frames[g->nframes - 1];
    bool move = f->kind == SL_FRAME_MOVE;
    if (c->decide == SL_DECIDE_WORD_PASS) {
        g->pending.kind = SL_DECIDE_NONE;
        for (int i = 0; i < p.noptions; i++)
            ask(f, p.options[i]);
        char text[200];
        snprintf(text, sizeof text, "%s holds its fire", side);
        rl_event(g, SL_EV_DECISION, -1, text, "\"decision\":\"opportunity-fire\",\"chosen\":null");
        if (move) {
            mv_advance(g, g->mv.go);
            f->stage = FR_MV_FINISH;
        } else {
            f->stage = f->kind == SL_FRAME_ACTION ? FR_AC_RESOLVE : FR_OF_FIRE;
        }
        return true;
    }
    if (c->decide != SL_DECIDE_WORD_FIRE)
        return rl_refuse(err, errlen, "%s is to decide on opportunity fire: decide fire UNIT%s or decide pass", side,
                         move ? " at X,Y" : "");
    int k = -1;
    for (int i = 0; i < p.noptions; i++)
        if (p.options[i] == c->choice)
            k = i;
    if (k < 0)
        return rl_refuse(err, errlen, "%s may not open opportunity fire now: the choices are those listed",
                         rl_unit_name(g, c->choice));
    int firer = c->choice;
    sl_fire_with with = c->with;
    char why[240];
    int ftarget = f->kind == SL_FRAME_FIRE ? f->actor : rl_action_target(g, f->actor, &f->cmd);
    if (!move && !fire_can(g, firer, ftarget, with, fire_kind(g, firer), why, sizeof why))
        return rl_refuse(err, errlen, "%s: %s", rl_unit_name(g, firer), why);
    g->pending.kind = SL_DECIDE_NONE;
    ask(f, firer);
    rl_reveal(g, firer, "it opens opportunity fire"); /* firing is activating it (p25) */
    char fields[300], fid[80];
    sl_json_escape(fid, sizeof fid, g->live.units[firer].id);
    if (!move) {
        /* declared now, resolved after the action */
        if (f->ndeclared < SL_MAX_OPTIONS)
            f->declared[f->ndeclared++] = firer;
        snprintf(fields, sizeof fields, "\"decision\":\"opportunity-fire\",\"chosen\":\"%s\"", fid);
        char text[300];
        snprintf(text, sizeof text, "%s declares opportunity fire at %s: it comes after the %s (house rule)",
                 rl_unit_name(g, firer), rl_unit_name(g, f->actor),
                 f->kind == SL_FRAME_FIRE ? "fire it answers" : "action it answers");
        rl_event(g, SL_EV_DECISION, firer, text, fields);
        return true; /* the offer is made again to the others */
    }
    /* against a mover: at the chosen point, or the best one */
    sl_move *mv = &g->mv;
    double d = o.best_at[k];
    if (c->has_at) {
        double off;
        d = along_way(mv, c->at, &off);
        if (off > 1000)
            return rl_refuse(err, errlen, "(%.1f, %.1f) is %.1f\" off %s's way", c->at.x / 1000.0, c->at.y / 1000.0,
                             off / 1000.0, rl_unit_name(g, mv->unit));
    }
    bool inside = false;
    for (int s = 0; s < o.nstretch[k]; s++)
        if (d >= o.stretch[k][s][0] - SAMPLE && d <= o.stretch[k][s][1] + SAMPLE)
            inside = true;
    if (!inside)
        return rl_refuse(err, errlen, "%s cannot see %s at that point of its way", rl_unit_name(g, firer),
                         rl_unit_name(g, mv->unit));
    mv_advance(g, d);
    if (with == SL_FIRE_ALL)
        with = fire_best_weapon(g, firer, ftarget, fire_kind(g, firer));
    sl_pt at = sl_path_point_at(mv->way, mv->nway, mv->done);
    snprintf(fields, sizeof fields, "\"decision\":\"opportunity-fire\",\"chosen\":\"%s\",\"at\":[%.2f,%.2f]", fid,
             at.x / 1000.0, at.y / 1000.0);
    char text[300];
    snprintf(text, sizeof text, "%s opens opportunity fire on %s as it reaches (%.1f, %.1f)%s", rl_unit_name(g, firer),
             rl_unit_name(g, mv->unit), at.x / 1000.0, at.y / 1000.0, c->has_at ? "" : ", the most exposed point");
    rl_event(g, SL_EV_DECISION, firer, text, fields);
    f->stage = FR_MV_AFTER_FIRE;
    f->hit_suppressed = f->hit_casualties = false;
    fr_push_fire(g, firer, ftarget, with, false);
    return !g->failed;
}

static bool of_decide(sl_game *g, const sl_command *c, bool *handled, char *err, size_t errlen)
{
    int k = g->pending.kind;
    if (k != of_decide_kind() && k != SL_DECIDE_CONTINUE && k != SL_DECIDE_CASUALTIES)
        return true;
    *handled = true;
    const char *side = rl_side_name(g, g->pending.side);
    if (k == SL_DECIDE_CONTINUE)
        return decide_continue(g, c, side, err, errlen);
    if (k == SL_DECIDE_CASUALTIES)
        return decide_casualties(g, c, side, err, errlen);
    return decide_fire(g, c, side, err, errlen);
}

/* --- overwatch ------------------------------------------------------------------------------ */

static bool can_overwatch(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    if (of_unit_of(g, c->unit)->fired_this_activation)
        return rl_refuse(why, whylen,
                         "%s has fired in this activation: overwatch may not follow a fire action (house rule)",
                         rl_unit_name(g, c->unit));
    if (of_unit_of(g, c->unit)->overwatch)
        return rl_refuse(why, whylen, "%s already holds an overwatch counter", rl_unit_name(g, c->unit));
    return true;
}

static bool overwatch(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    if (rl_role_of(g, c) == RL_WHOLE) {
        const sl_unit *s = &g->live.units[c->unit];
        for (int k = 0; k < sl_unit_nparts(&g->live, c->unit); k++)
            if (rl_living(g, sl_unit_part(&g->live, c->unit, k)) > 0)
                of_unit_of(g, sl_unit_part(&g->live, c->unit, k))->overwatch = true;
        rl_state(g, c->unit, "overwatch",
                 "Every fireteam of %s goes on overwatch: each may open opportunity fire without a reaction test "
                 "until it uses its counter or the squad next activates (house rule)",
                 s->name);
        return true;
    }
    of_unit_of(g, c->unit)->overwatch = true;
    rl_state(g, c->unit, "overwatch",
             "%s goes on overwatch: it may open opportunity fire without a reaction test, even once activated, until "
             "it uses the counter or next activates (house rule)",
             rl_unit_name(g, c->unit));
    return true;
}

static bool of_resolve(sl_game *g, const sl_command *c, bool *handled, char *err, size_t errlen)
{
    (void)handled;
    (void)err;
    (void)errlen;
    if (c->kind == SL_CMD_FIRE)
        of_unit_of(g, c->unit)->fired_this_activation = true;
    if (c->kind == of_overwatch_kind() && g->us[c->unit].actions_done == 0 && sl_game_actions_left(g) > 1)
        rl_note(g, c->unit, "%s gives up its first action to go on overwatch as its second", rl_unit_name(g, c->unit));
    return true;
}

static void of_activated(sl_game *g, int unit, rl_how how)
{
    (void)how;
    of_unit *o = of_unit_of(g, unit);
    o->fired_this_activation = false;
    if (o->overwatch) {
        o->overwatch = false;
        rl_state(g, unit, "overwatch-lost", "%s loses its overwatch counter on activating", rl_unit_name(g, unit));
    }
}

static int of_offers(const sl_game *g, int unit, sl_offer *out, int max)
{
    (void)unit;
    if (!of_on(g) || max < 1)
        return 0;
    memset(out, 0, sizeof *out);
    out->kind = of_overwatch_kind();
    snprintf(out->label, sizeof out->label, "Overwatch");
    snprintf(out->key, sizeof out->key, "Shift+O");
    out->order = 130;
    return 1;
}

static bool of_watching(const sl_game *g, int unit)
{
    return of_unit_of(g, unit)->overwatch;
}

/* A planned way's exposure (sl_game_exposure): an enemy that sees the
 * mover there opens fire if it may react, passing its reaction test
 * (none with an overwatch counter) and then at least suppressing it. */
static bool of_fires_at_mover(const sl_game *at, int u, int mover, double *p)
{
    if (!of_may_react(at, u, mover))
        return false;
    sl_fire_preview pv;
    fire_preview(at, u, mover, fire_best_weapon(at, u, mover, RL_FIRE_OPPORTUNITY), RL_FIRE_OPPORTUNITY, &pv);
    *p = of_p_react(at, u) * (pv.p_minor + pv.p_major);
    return true;
}

static int of_marks(const sl_game *g, int unit, sl_mark *out, int max)
{
    if (!of_unit_of(g, unit)->overwatch || max < 1)
        return 0;
    snprintf(out->text, sizeof out->text, "OW");
    out->style = SL_MARK_INFO;
    out->order = 45;
    return 1;
}

static const rl_cmd_def of_commands[] = {
    {RL_KIND_NEW, "overwatch", NULL, RL_SHAPE_UNIT, NULL, "overwatch UNIT", 1, RL_CMD_ACTION | RL_CMD_ALL_LEFT,
     can_overwatch, overwatch, RL_PICK_NONE, NULL},
};

int of_overwatch_kind(void)
{
    return rl_cmd_kind_of(&of_commands[0]);
}

/* The keys of its action-bar entries and decisions, for the window's
 * help page. */
static const rl_help_row of_help[] = {
    {"Shift+O", "Overwatch (house rule)"},
    {"1, 2 ... Enter / N", "Opportunity fire: choose a unit, then Enter; N: let it pass"},
    {NULL, NULL},
};

const rl_house of_rule = {
    .name = "opportunity_fire",
    .help = of_help,
    .source = "seed 001: opportunity fire and overwatch",
    .title = "the opportunity fire house rule",
    .option = "opportunity_fire",
    .on = of_on,
    .commands = of_commands,
    .ncommands = 1,
    .unit_bytes = sizeof(of_unit),
    .game_bytes = sizeof(of_offer),
    .activated = of_activated,
    .declared = of_declared,
    .resolve = of_resolve,
    .decide = of_decide,
    .fire_test = of_fire_test,
    .shows = SL_SHOW_EXPOSURE,
    .after_fire = of_after_fire,
    .offers = of_offers,
    .marks = of_marks,
    .watching = of_watching,
    .fires_at_mover = of_fires_at_mover,
    .options = of_options,
    .noptions = (int)(sizeof of_options / sizeof of_options[0]),
    .decisions = of_decisions,
};
