/* SkirmishCorps close combat (seed 002): charges, spring attacks from
 * hiding, breaking off (with the free attack it gives, and pursuit). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "skirmish.h"

/* The point where the unit's man touches the target's nearest man,
 * coming from `from`. */
static sl_pt contact_point(const sl_game *g, int unit, int target, sl_pt from)
{
    const sl_unit *u = &g->live.units[unit], *t = &g->live.units[target];
    const sl_figure *me = &g->live.figures[u->first_figure], *best = NULL;
    double bd = 1e30;
    for (int i = 0; i < t->nfigures; i++) {
        const sl_figure *f = &g->live.figures[t->first_figure + i];
        double d = sl_dist(from, f->pos);
        if (f->status != SL_FIG_DEAD && d < bd) {
            bd = d;
            best = f;
        }
    }
    if (!best || bd < 1)
        return from;
    double gap = me->base_r + best->base_r + 20; /* touching, 0.02" short of overlapping */
    double k = (bd - gap) / bd;
    if (k < 0)
        k = 0;
    return sl_pt_make((int32_t)lround(from.x + (best->pos.x - from.x) * k),
                      (int32_t)lround(from.y + (best->pos.y - from.y) * k));
}

bool sc_close_lands(const sl_game *g, int unit, int target, sl_pt from, char *why, size_t whylen)
{
    return sc_lands(g, unit, rl_unit_centre(g, unit), contact_point(g, unit, target, from), why, whylen);
}

/* A charge as a move: the way given, then on to touching the target, by
 * the cheapest way of moving that reaches (jog, else run, else sprint). */
static bool charge_move(const sl_game *g, const sl_command *c, sl_command *mv, char *why, size_t whylen)
{
    sl_cmd_init(mv, SL_CMD_MOVE, c->unit);
    sl_pt last = c->npts ? c->pts[c->npts - 1] : rl_unit_centre(g, c->unit);
    for (int i = 0; i < c->npts && i < SL_CMD_MAX_PTS - 1; i++)
        mv->pts[mv->npts++] = c->pts[i];
    mv->pts[mv->npts++] = contact_point(g, c->unit, c->target, last);
    char first[240] = "";
    /* touching the target is clear; ending on another unit is not */
    if (!sc_lands(g, c->unit, rl_unit_centre(g, c->unit), mv->pts[mv->npts - 1], first, sizeof first))
        return rl_refuse(why, whylen, "no charge at %s by that way: %s", rl_unit_name(g, c->target), first);
    static const int modes[] = {SC_JOG, SC_RUN, SC_SPRINT};
    for (int k = 0; k < 3; k++) {
        sc_set_mode(mv, modes[k]);
        char w[240];
        if (sc_check_move(g, mv, w, sizeof w))
            return true;
        if (!first[0] || k == 1)
            snprintf(first, sizeof first, "%s", w);
    }
    return rl_refuse(why, whylen, "the charge does not reach %s: %s", rl_unit_name(g, c->target), first);
}

/* Close combat is between foot-units: not at a vehicle or a crew aboard one. */
bool sc_melee_target(const sl_game *g, int t, char *why, size_t whylen)
{
    if (g->live.units[t].kind == SL_UNIT_VEHICLE || g->us[t].aboard >= 0)
        return rl_refuse(why, whylen, "%s is %s: the seed's close combat is between foot-units on the ground",
                         rl_unit_name(g, t), g->live.units[t].kind == SL_UNIT_VEHICLE ? "a vehicle" : "aboard a vehicle");
    return true;
}

bool sc_can_charge(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    const sl_unit *u = &g->live.units[c->unit], *t = &g->live.units[c->target];
    const sc_unit *s = sc_unit_of(g, c->unit);
    if (t->side == u->side || rl_living(g, c->target) == 0)
        return rl_refuse(why, whylen, "%s is not an enemy in the fight", t->name);
    if (!sc_vehicle_free(g, c->unit, "charge", why, whylen) || !sc_melee_target(g, c->target, why, whylen))
        return false;
    if (s->broke_from == c->target + 1 && s->broke_turn == g->turn)
        return rl_refuse(why, whylen, "%s broke off from %s this turn: it may not go back into contact with it "
                                      "(seed 002)",
                         u->name, t->name);
    if (s->struck)
        return rl_refuse(why, whylen, "%s has made its close combat attack in this action", u->name);
    if (sc_in_contact(g, c->unit, c->target)) {
        /* its move ended in base contact (a flush, say): the attack that
         * comes with it, no further way */
        if (s->step != 2 || c->npts > 0)
            return rl_refuse(why, whylen, "%s is already in base contact with %s: a charge is a move that ends there",
                             u->name, t->name);
        return true;
    }
    sl_command mv;
    return charge_move(g, c, &mv, why, whylen);
}

int sc_charge_modifier(const sl_game *g, int unit, int target, bool shot, bool flushes)
{
    const sc_unit *ts = sc_unit_of(g, target);
    bool flushed = flushes || (ts->flushed_by == unit + 1 && ts->flushed_turn == g->turn);
    return (shot ? 0 : 2) - (flushed ? 1 : 0);
}

bool sc_do_charge(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    const sl_unit *u = &g->live.units[c->unit], *t = &g->live.units[c->target];
    sc_unit *s = sc_unit_of(g, c->unit), *ts = sc_unit_of(g, c->target);
    if (!sc_in_contact(g, c->unit, c->target)) {
        sl_command mv;
        if (!charge_move(g, c, &mv, err, errlen) || !sc_walk(g, &mv, err, errlen))
            return false;
    }
    s->struck = true;
    /* it flushed the target out, now or with the move that brought it here */
    bool was_hidden = ts->flushed_by == c->unit + 1 && ts->flushed_turn == g->turn;
    int total = sc_charge_modifier(g, c->unit, c->target, s->shot, false);
    char mods[300] = "";
    size_t at = 0;
    if (!s->shot) {
        at += (size_t)snprintf(mods + at, sizeof mods - at, "+2 a charge by a unit that has not shot or thrown this "
                                                            "turn");
    }
    if (was_hidden && at < sizeof mods) {
        at += (size_t)snprintf(mods + at, sizeof mods - at, "%s-1 it flushed %s out (and %s dodges or parries it at "
                                                            "+1)",
                               at ? ", " : "", t->name, t->name);
    }
    rl_state(g, c->target, "close-combat", "%s charges %s and attacks in close combat: %s; the modifiers add up to %+d",
             u->name, t->name, at ? mods : "no modifiers", total);
    sc_ask_outcome(g, c, c->unit, c->target, total);
    return !g->failed;
}

bool sc_can_spring(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    const sl_unit *u = &g->live.units[c->unit], *t = &g->live.units[c->target];
    const sc_unit *s = sc_unit_of(g, c->unit), *ts = sc_unit_of(g, c->target);
    if (!s->hiding)
        return rl_refuse(why, whylen, "%s is not hiding: only a hidden unit makes a spring attack (seed 002)", u->name);
    if (s->step != 0 || s->shot || s->spotted)
        return rl_refuse(why, whylen, "a spring attack takes %s's whole action", u->name);
    if (t->side == u->side || rl_living(g, c->target) == 0)
        return rl_refuse(why, whylen, "%s is not an enemy in the fight", t->name);
    if (!sc_melee_target(g, c->target, why, whylen))
        return false;
    bool flushed_by_friend = ts->flushed_by && ts->flushed_turn == g->turn &&
                             g->live.units[ts->flushed_by - 1].side == u->side;
    if ((ts->hiding || ts->sneaking) && !flushed_by_friend)
        return rl_refuse(why, whylen, "%s is %s: no spring attack on it unless a friend flushed it out this turn "
                                      "(seed 002)",
                         t->name, ts->hiding ? "hiding" : "sneaking");
    sl_pt from = rl_unit_centre(g, c->unit), to = contact_point(g, c->unit, c->target, from);
    double d = sl_dist(from, to) / 1000.0;
    int sp = sc_unit_sp(&g->live, c->unit);
    if (d > sp + 1e-6)
        return rl_refuse(why, whylen, "%s is %.1f\" from base contact: a spring attack reaches SP, %d\" (seed 002)",
                         t->name, d, sp);
    return sc_lands(g, c->unit, from, to, why, whylen);
}

bool sc_do_spring(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    const sl_unit *u = &g->live.units[c->unit], *t = &g->live.units[c->target];
    sc_unit *s = sc_unit_of(g, c->unit), *ts = sc_unit_of(g, c->target);
    sl_pt from = rl_unit_centre(g, c->unit), to = contact_point(g, c->unit, c->target, from);
    s->hiding = false;
    s->prone = false;
    sc_shift_unit(g, c->unit, from, to);
    rl_moved(g, c->unit, to, sl_dist(from, to), "%s springs from hiding: it stands and goes %.1f\" into base contact "
                                                "with %s; its hiding marker is removed",
             u->name, sl_dist(from, to) / 1000.0, t->name);
    s->step = 3; /* the whole action */
    (void)err;
    (void)errlen;
    if (ts->overwatch && !ts->reacted) {
        ts->overwatch = false;
        ts->reacted = true;
        rl_state(g, c->target, "close-combat", "%s's spring attack on %s: +2 to hit, its ST doubled; %s is on "
                                               "overwatch and has not acted, so it must dodge or parry, and that "
                                               "spends its overwatch; no ranged weapons; the modifiers add up to +2",
                 u->name, t->name, t->name);
    } else {
        rl_state(g, c->target, "close-combat", "%s's spring attack on %s: +2 to hit, its ST doubled; %s may not dodge "
                                               "or parry it; no ranged weapons; the modifiers add up to +2",
                 u->name, t->name, t->name);
    }
    sc_ask_outcome(g, c, c->unit, c->target, 2);
    return !g->failed;
}

/* The enemy a unit breaks off from: the first in base contact with it. */
static int contact_enemy(const sl_game *g, int unit)
{
    for (int e = 0; e < g->live.nunits; e++)
        if (g->live.units[e].side != g->live.units[unit].side && rl_living(g, e) > 0 && sc_in_contact(g, unit, e))
            return e;
    return -1;
}

bool sc_check_breakoff(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    int e = contact_enemy(g, c->unit);
    if (e < 0)
        return rl_refuse(why, whylen, "%s is in base contact with no enemy: an ordinary move will do",
                         rl_unit_name(g, c->unit));
    sl_command mv = *c;
    mv.kind = SL_CMD_MOVE;
    if (sc_mode(&mv) == 0)
        sc_set_mode(&mv, SC_JOG);
    return sc_check_move(g, &mv, why, whylen);
}

/* The move away, once the free attack (if any) is entered. */
bool sc_breakoff_walk(sl_game *g, const sl_command *c, int from_enemy, char *err, size_t errlen)
{
    sl_command mv = *c;
    mv.kind = SL_CMD_MOVE;
    if (sc_mode(&mv) == 0)
        sc_set_mode(&mv, SC_JOG);
    if (!sc_walk(g, &mv, err, errlen))
        return false;
    sc_unit *s = sc_unit_of(g, c->unit);
    s->broke_from = from_enemy + 1;
    s->broke_turn = g->turn;
    if (sc_in_contact(g, c->unit, from_enemy)) {
        rl_note(g, c->unit, "%s is still in base contact with %s", rl_unit_name(g, c->unit),
                rl_unit_name(g, from_enemy));
        return true;
    }
    /* an enemy that has not acted this turn may burn its action to pursue */
    if (!g->us[from_enemy].activated && sc_able(g, from_enemy)) {
        memset(&g->pending, 0, sizeof g->pending);
        g->pending.kind = sc_decide_kind(SC_DECIDE_PURSUE);
        g->pending.side = g->live.units[from_enemy].side;
        g->pending.mover = c->unit;
        g->pending.options[0] = from_enemy;
        g->pending.noptions = 1;
        char text[300], fields[200], eid[80];
        sl_json_escape(eid, sizeof eid, g->live.units[from_enemy].id);
        snprintf(fields, sizeof fields, "\"decision\":\"pursue\",\"unit\":\"%s\"", eid);
        snprintf(text, sizeof text, "%s has not acted this turn: it may burn its action to pursue %s (decide pursue) or "
                                    "let it go (decide pass)",
                 rl_unit_name(g, from_enemy), rl_unit_name(g, c->unit));
        rl_event(g, SL_EV_DECISION, from_enemy, text, fields);
    }
    return true;
}

/* Pursuit (seed 002): the unit broken off from spends its action for the
 * turn following into base contact, by the cheapest way of moving that
 * reaches. The seed's text stops there: no attack comes with it. *resume:
 * a chain of reactions may resolve on (the dispatcher does it). */
bool sc_decide_pursue(sl_game *g, const sl_command *c, bool *resume, char *err, size_t errlen)
{
    *resume = false;
    int pursuer = g->pending.options[0], quarry = g->pending.mover;
    if (c->decide != sc_word(SC_WORD_PURSUE) && c->decide != SL_DECIDE_WORD_PASS)
        return rl_refuse(err, errlen, "decide pursue, or decide pass");
    memset(&g->pending, 0, sizeof g->pending);
    if (c->decide == SL_DECIDE_WORD_PASS) {
        rl_note(g, pursuer, "%s lets %s go", rl_unit_name(g, pursuer), rl_unit_name(g, quarry));
        *resume = true;
        return true;
    }
    sl_command chase;
    sl_cmd_target(&chase, sc_kind_of(SC_ROW_CHARGE), pursuer, quarry);
    sl_command mv;
    char why[300];
    sc_unit was = *sc_unit_of(g, pursuer);
    sc_fresh_action(sc_unit_of(g, pursuer)); /* the way it would take, as an action of its own */
    bool reaches = charge_move(g, &chase, &mv, why, sizeof why);
    *sc_unit_of(g, pursuer) = was;
    if (!reaches) {
        rl_note(g, pursuer, "%s cannot pursue: %s", rl_unit_name(g, pursuer), why);
        *resume = true; /* nothing happened: a chain of reactions goes on as after a pass */
        return true;
    }
    sl_unit_state *ps = &g->us[pursuer];
    sc_unit *psc = sc_unit_of(g, pursuer);
    ps->activated = true; /* its action for the turn is burnt */
    sc_fresh_action(psc);
    rl_state(g, pursuer, "pursues", "%s burns its action for the turn to pursue %s (seed 002)", rl_unit_name(g, pursuer),
             rl_unit_name(g, quarry));
    bool ok = sc_walk(g, &mv, err, errlen);
    psc->step = 3;
    *resume = true;
    return ok;
}

bool sc_do_breakoff(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    int e = contact_enemy(g, c->unit);
    const char *un = rl_unit_name(g, c->unit), *en = rl_unit_name(g, e);
    if (sc_able(g, e)) {
        rl_state(g, c->unit, "close-combat", "%s breaks off from %s: %s gets a free close combat attack on it, which it "
                                             "cannot dodge or parry (it burns no action); then %s moves away, and "
                                             "may not shoot, throw at or go back to %s this turn (seed 002)",
                 un, en, en, un, en);
        sc_ask_outcome(g, c, e, c->unit, 0);
        return !g->failed;
    }
    rl_note(g, c->unit, "%s breaks off from %s, which is in no state to strike at it", un, en);
    return sc_breakoff_walk(g, c, e, err, errlen);
}
