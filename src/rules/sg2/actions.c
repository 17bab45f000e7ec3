/* Actions other than moving, fire and close assault (rulebook p13,
 * p15-18, p21, p25), and the commands of the turn: activate, end, pass,
 * done, decide. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sg2.h"

bool act_check(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    int active = sl_game_active_unit(g);
    if (active < 0)
        return rl_refuse(why, whylen, "no unit is active: %s must first activate one (activate UNIT)",
                         rl_side_name(g, g->side_to_act));
    if (c->unit != active)
        return rl_refuse(why, whylen, "%s is not the active unit; %s is", rl_unit_name(g, c->unit),
                         rl_unit_name(g, active));
    const rl_cmd_def *d = rl_command_row(g, c->kind);
    int need = d ? d->cost : 1;
    if (!rl_hook_cost_check(g, c, why, whylen))
        return false;
    if (sl_game_actions_left(g) < need)
        return rl_refuse(why, whylen, "%s needs %d actions and %s has %d left", rl_command_name(g, c->kind), need,
                         rl_unit_name(g, active), sl_game_actions_left(g));
    if (need == 2 && g->us[active].actions_done > 0 && c->kind != SL_CMD_REMOVE_PANIC)
        return rl_refuse(why, whylen, "%s takes a whole activation and must be its first action",
                         rl_command_name(g, c->kind));
    bool decided = false;
    bool ok = rl_hook_actor_check(g, c, &decided, why, whylen);
    if (decided)
        return ok;
    return act_unit_can(g, c->unit, c->kind, why, whylen);
}

/* --- the turn's commands --------------------------------------------------------------- */

bool act_can_activate(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    bool decided = false;
    bool ok = rl_hook_activate_can(g, c, &decided, why, whylen);
    if (decided)
        return ok;
    const sl_unit *u = &g->live.units[c->unit];
    if (u->parent >= 0 && u->nfigures == 0)
        return rl_refuse(why, whylen, "%s has formed no detached element (detach %s FIGURE ...)",
                         g->live.units[u->parent].name, g->live.units[u->parent].id);
    if (rl_det_bound(g, c->unit))
        return rl_refuse(why, whylen,
                         "%s is a detached element: it acts only when its squad leader spends an action on it in the "
                         "squad's activation (transfer %s to %s, p17)",
                         rl_unit_name(g, c->unit), g->live.units[u->parent].id, u->id);
    if (g->act_depth > 0)
        return rl_refuse(why, whylen, "%s is still active (end it first)", rl_unit_name(g, sl_game_active_unit(g)));
    if (u->side != g->side_to_act)
        return rl_refuse(why, whylen, "it is %s's turn to activate a unit, not %s's", rl_side_name(g, g->side_to_act),
                         rl_side_name(g, u->side));
    if (g->us[c->unit].activated)
        return rl_refuse(why, whylen, "%s has already been activated this turn", u->name);
    if (u->kind == SL_UNIT_DUMMY)
        return rl_refuse(why, whylen, "%s is a dummy counter and does not activate", u->name);
    if (rl_living(g, c->unit) == 0)
        return rl_refuse(why, whylen, "%s has no one left standing: it is out of the fight", u->name);
    return true;
}

bool act_activate(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    if (rl_hook_activate(g, c))
        return true;
    sl_unit_state *s = &g->us[c->unit];
    s->activated = true;
    s->moves = 0;
    s->actions_done = 0;
    g->act_depth = 0;
    rl_push_activation(g, c->unit, 2);
    rl_state(g, c->unit, "activated", "%s activates: two actions", rl_unit_name(g, c->unit));
    rl_hook_activated(g, c->unit, RL_BY_TURN);
    mor_panic_seen(g, c->unit);
    return true;
}

bool act_can_end(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    (void)c;
    if (g->act_depth == 0)
        return rl_refuse(why, whylen, "no unit is active");
    return true;
}

bool act_end(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    (void)c;
    (void)err;
    (void)errlen;
    rl_end_activation(g, "ended by its player");
    return true;
}

bool act_can_pass(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    if (g->act_depth > 0)
        return rl_refuse(why, whylen, "%s is active; a side passes only between activations",
                         rl_unit_name(g, sl_game_active_unit(g)));
    int me = g->side_to_act, them = 1 - me;
    if (c->side != me)
        return rl_refuse(why, whylen, "it is %s's turn, not %s's", rl_side_name(g, me), rl_side_name(g, c->side));
    if (g->live.nsides >= 2 && g->done[them])
        return rl_refuse(why, whylen, "%s activates no more units this turn: there is no one to pass to",
                         rl_side_name(g, them));
    if (g->live.nsides < 2 || sl_game_unactivated(g, me) >= sl_game_unactivated(g, them))
        return rl_refuse(why, whylen,
                         "%s may pass only with fewer unactivated units than its opponent (%d against %d, p15)",
                         rl_side_name(g, me), sl_game_unactivated(g, me),
                         g->live.nsides < 2 ? 0 : sl_game_unactivated(g, them));
    return true;
}

bool act_pass(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    rl_state(g, -1, "pass", "%s passes: %s activates again (p15)", rl_side_name(g, c->side),
             rl_side_name(g, 1 - c->side));
    g->side_to_act = 1 - c->side;
    return true;
}

bool act_can_done(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    bool decided = false;
    bool ok = rl_hook_done_can(g, c->side, &decided, why, whylen);
    if (decided)
        return ok;
    if (g->act_depth > 0)
        return rl_refuse(why, whylen, "%s is active", rl_unit_name(g, sl_game_active_unit(g)));
    if (c->side != g->side_to_act)
        return rl_refuse(why, whylen, "it is %s's turn, not %s's", rl_side_name(g, g->side_to_act),
                         rl_side_name(g, c->side));
    return true;
}

bool act_done(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    if (rl_hook_done(g, c->side))
        return true;
    g->done[c->side] = true;
    rl_state(g, -1, "done", "%s activates no more units this turn", rl_side_name(g, c->side));
    int other = g->live.nsides > 1 ? 1 - c->side : c->side;
    if (rl_side_open(g, other))
        g->side_to_act = other;
    else
        rl_turn_start(g);
    return true;
}

bool act_can_decide(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    (void)c;
    if (g->pending.kind == SL_DECIDE_NONE)
        return rl_refuse(why, whylen, "there is no decision to make");
    return true;
}

bool act_decide(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    sl_pending p = g->pending;
    if (p.kind == SL_DECIDE_FIRST) {
        if (c->decide != SL_DECIDE_WORD_FIRST || c->side < 0 || c->side >= g->live.nsides)
            return rl_refuse(err, errlen, "%s is to say which side activates first: decide first SIDE",
                             rl_side_name(g, p.side));
        g->pending.kind = SL_DECIDE_NONE;
        char why[160];
        snprintf(why, sizeof why, "%s's choice", rl_side_name(g, p.side));
        rl_set_first(g, c->side, why);
        return true;
    }
    if (p.kind == SL_DECIDE_REACTION_FIRE)
        return rf_decide(g, c, err, errlen);
    bool handled = false;
    bool ok = rl_hook_decide(g, c, &handled, err, errlen);
    if (handled)
        return ok && fr_run(g, err, errlen);
    return rl_refuse(err, errlen, "there is no decision to make");
}

/* --- simple actions ---------------------------------------------------------------------- */

bool act_in_position(sl_game *g, int unit, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    bool cover = sl_game_unit_in_cover(g, unit);
    char what[80];
    snprintf(what, sizeof what, "go In Position %s", cover ? "in cover" : "in the open");
    if (mor_reaction_test(g, unit, cover ? 0 : 2, what)) {
        g->us[unit].in_position = true;
        rl_state(g, unit, "in-position", "%s is In Position: fire at it shifts the range die up one (p13)",
                 rl_unit_name(g, unit));
    } else if (!g->failed) {
        g->us[unit].failed_tests |= act_failed_bit(SL_CMD_IN_POSITION);
        rl_note(g, unit, "%s does not get into position; the action is lost", rl_unit_name(g, unit));
    }
    return !g->failed;
}

bool act_can_enter_position(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    if (g->us[c->unit].in_position)
        return rl_refuse(why, whylen, "%s is already In Position", rl_unit_name(g, c->unit));
    return true;
}

bool act_enter_position(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    return act_in_position(g, c->unit, err, errlen);
}

bool act_can_leave_position(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    if (!g->us[c->unit].in_position && !rl_has_teams(g, c->unit))
        return rl_refuse(why, whylen, "%s is not In Position", rl_unit_name(g, c->unit));
    return true;
}

bool act_leave_position(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    g->us[c->unit].in_position = false;
    rl_state(g, c->unit, "left-position", "%s gives up its In Position marker (one action, no test)",
             rl_unit_name(g, c->unit));
    return true;
}

bool act_remove_suppression(sl_game *g, int unit, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    const sl_unit *u = &g->live.units[unit];
    int v = rl_roll(g, sl_quality_die(u->quality), u->leadership, "suppression", unit,
                    "%s's leader tries to rally his men from suppression: %s must beat leadership %d (p18)", u->name,
                    sl_die_name(sl_quality_die(u->quality)), u->leadership);
    if (g->failed)
        return false;
    if (v > u->leadership) {
        g->us[unit].suppression--;
        rl_state(g, unit, "unsuppressed", "%s removes a suppression marker: %d left", u->name,
                 g->us[unit].suppression);
    } else {
        rl_note(g, unit, "%s stays suppressed", u->name);
    }
    return true;
}

bool act_can_unsuppress(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    if (g->us[c->unit].suppression == 0 && !rl_has_teams(g, c->unit))
        return rl_refuse(why, whylen, "%s is not suppressed", rl_unit_name(g, c->unit));
    return true;
}

bool act_unsuppress(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    return act_remove_suppression(g, c->unit, err, errlen);
}

bool act_can_calm(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    if (!g->us[c->unit].panicked)
        return rl_refuse(why, whylen, "%s is not panicking", rl_unit_name(g, c->unit));
    return true;
}

bool act_calm(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    int unit = c->unit;
    const sl_unit *u = &g->live.units[unit];
    int v = rl_roll(g, sl_quality_die(u->quality), u->leadership, "reaction", unit,
                    "%s's leader spends his whole activation calming the panic: %s must beat leadership %d; a 1 "
                    "costs a level of confidence (p21)",
                    u->name, sl_die_name(sl_quality_die(u->quality)), u->leadership);
    if (g->failed)
        return false;
    if (v > u->leadership) {
        g->us[unit].panicked = false;
        rl_state(g, unit, "panic-over", "%s has got over its panic for good", u->name);
        rl_teams_sync(g);
    } else {
        rl_note(g, unit, "%s is still panicking", u->name);
        if (v == 1)
            mor_drop_confidence(g, unit, 1, "a 1 while trying to end the panic");
    }
    return true;
}

/* --- reorganise ---------------------------------------------------------------------------- */

bool act_can_reorganise(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    const sl_unit *u = &g->live.units[c->unit];
    if (g->us[c->unit].suppression > 0 && !sl_game_unit_in_cover(g, c->unit))
        return rl_refuse(why, whylen, "%s is suppressed in the open: it may reorganise only in cover (p17)", u->name);
    for (int i = 0; i < c->nplace; i++) {
        const sl_figure *f = &g->live.figures[c->place_fig[i]];
        if (f->unit != c->unit)
            return rl_refuse(why, whylen, "%s is not in %s", f->id, u->name);
        if (f->status != SL_FIG_OK)
            return rl_refuse(why, whylen, "%s is a casualty and is not moved about", f->id);
        if (!sl_within(f->pos, c->place_at[i], 6000))
            return rl_refuse(why, whylen,
                             "%s would move %.1f\": a reorganise moves figures short distances (at most a 6\" move)",
                             f->id, sl_dist(f->pos, c->place_at[i]) / 1000.0);
    }
    /* where the men would stand after it (the game untouched): the unit
     * must end in integrity, and its centre where it was */
    int figs[SL_SIGHT_MAX_FIGS], nf = 0;
    sl_pt pos[SL_SIGHT_MAX_FIGS];
    for (int i = 0; i < u->nfigures && nf < SL_SIGHT_MAX_FIGS; i++) {
        figs[nf] = u->first_figure + i;
        pos[nf++] = g->live.figures[u->first_figure + i].pos;
    }
    int moved[SL_SIGHT_MAX_FIGS];
    sl_pt to[SL_SIGHT_MAX_FIGS];
    int nm = 0;
    if (c->nplace > 0) {
        for (int i = 0; i < c->nplace && nm < SL_SIGHT_MAX_FIGS; i++) {
            moved[nm] = c->place_fig[i];
            to[nm++] = c->place_at[i];
        }
    } else {
        nm = mv_gather_plan(g, c->unit, 1e300, moved, to, NULL);
    }
    for (int k = 0; k < nm; k++)
        for (int i = 0; i < nf; i++)
            if (figs[i] == moved[k])
                pos[i] = to[k];
    sl_placement pl = {figs, pos, nf};
    sl_integrity in;
    sl_figs_intact(&g->live, &pl, figs, nf, &in);
    if (!in.intact)
        return rl_refuse(why, whylen,
                         "after that %s would still be out of integrity (%d astray): place them within %.0f\" of each "
                         "other or in a %.0f\" circle",
                         u->name, in.nstray, g->live.options.integrity_chain / 1000.0,
                         g->live.options.integrity_circle / 1000.0);
    if (!rl_hook_reorganise_check(g, c, why, whylen))
        return false;
    if (c->nplace > 0) {
        sl_pt before = sl_figs_centre_at(&g->live, NULL, figs, nf, NULL);
        sl_pt after = sl_figs_centre_at(&g->live, &pl, figs, nf, NULL);
        if (!sl_within(before, after, 2000))
            return rl_refuse(why, whylen, "that moves %s's centre %.1f\": a reorganise does not move the unit (use move)",
                             u->name, sl_dist(before, after) / 1000.0);
    }
    return true;
}

bool act_reorganise(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    int unit = c->unit;
    sl_unit *u = &g->live.units[unit];
    sl_pt before = sl_unit_centre(&g->live, unit, NULL);
    for (int i = 0; i < c->nplace; i++) {
        sl_figure *f = &g->live.figures[c->place_fig[i]];
        rl_state(g, unit, "repositioned", "%s moves to (%.1f, %.1f)", f->id, c->place_at[i].x / 1000.0,
                 c->place_at[i].y / 1000.0);
        f->pos = c->place_at[i];
    }
    if (c->nplace == 0)
        mv_gather(g, unit, 1e300);
    sl_integrity in;
    sl_unit_integrity(&g->live, unit, NULL, NULL, &in);
    if (!in.intact)
        return rl_refuse(err, errlen,
                         "after that %s would still be out of integrity (%d astray): place them within %.0f\" of each "
                         "other or in a %.0f\" circle",
                         u->name, in.nstray, g->live.options.integrity_chain / 1000.0,
                         g->live.options.integrity_circle / 1000.0);
    /* the unit as a whole must not creep (p17) */
    sl_pt after = sl_unit_centre(&g->live, unit, NULL);
    if (c->nplace > 0 && !sl_within(before, after, 2000))
        return rl_refuse(err, errlen, "that moves %s's centre %.1f\": a reorganise does not move the unit (use move)",
                         u->name, sl_dist(before, after) / 1000.0);
    /* kit taken up from casualties (cross training, seed 000), before
     * first aid; the same reorganise may leave the wounded untreated */
    if (!rl_hook_reorganise(g, c, err, errlen))
        return false;
    /* first aid for the wounded (p39) */
    bool medic = false, withheld = rl_hook_first_aid_withheld(g, c);
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &g->live.figures[u->first_figure + i];
        if (f->status == SL_FIG_OK && (f->role == SL_ROLE_MEDIC || (f->equipment & SL_EQUIP_MEDIKIT)))
            medic = true;
    }
    for (int i = 0; i < u->nfigures && !g->failed; i++) {
        sl_figure *f = &g->live.figures[u->first_figure + i];
        if (f->status != SL_FIG_WOUNDED || f->treated || withheld)
            continue;
        int v = rl_roll(g, SL_D6, -1, "first-aid", unit,
                        "First aid for %s: D6%s, 1-2 dies, 3-5 stabilised, 6 or more back in action (p39)", f->id,
                        medic ? " +1 for the medic" : "");
        int score = v + (medic ? 1 : 0);
        if (g->failed)
            break;
        if (score <= 2) {
            f->status = SL_FIG_DEAD;
            rl_state(g, unit, "casualty", "%s dies of his wounds", f->id);
        } else if (score <= 5) {
            f->treated = true;
            rl_state(g, unit, "treated", "%s is stabilised: no longer an untreated casualty", f->id);
        } else {
            f->status = SL_FIG_OK;
            rl_hook_back_in_action(g, u->first_figure + i); /* fit, he works his own kit again (seed 000) */
            rl_state(g, unit, "recovered", "%s is back in action", f->id);
        }
    }
    if (g->us[unit].in_position) {
        bool cover = sl_game_unit_in_cover(g, unit);
        if (!mor_reaction_test(g, unit, cover ? 0 : 2, "stay In Position while reorganising") && !g->failed) {
            g->us[unit].in_position = false;
            rl_state(g, unit, "left-position", "%s loses its In Position marker", u->name);
        }
    }
    if (!g->failed) {
        rl_state(g, unit, "reorganised", "%s reorganises: in integrity", u->name);
        rl_hook_reorganised(g, unit);
    }
    return !g->failed;
}

/* --- command and control ---------------------------------------------------------------------- */

bool act_in_contact(const sl_game *g, int unit, int other)
{
    if (rl_hook_comm(g, unit, other, NULL, 0) != RL_COMM_USUAL)
        return false; /* a sealed vehicle: a roll however close (seed 000) */
    const sl_unit *u = &g->live.units[unit], *o = &g->live.units[other];
    sl_pt from = u->leader >= 0 && g->live.figures[u->leader].status == SL_FIG_OK ? g->live.figures[u->leader].pos
                                                                                  : rl_unit_centre(g, unit);
    for (int i = 0; i < o->nfigures; i++) {
        const sl_figure *f = &g->live.figures[o->first_figure + i];
        if (f->status == SL_FIG_OK && sl_within(from, f->pos, 6000))
            return true;
    }
    return false;
}

bool act_comm_roll(sl_game *g, int sender, int receiver, int shift, const char *what)
{
    const sl_unit *s = &g->live.units[sender], *r = &g->live.units[receiver];
    char why[200];
    if (rl_hook_comm(g, sender, receiver, why, sizeof why) == RL_COMM_ROLL)
        rl_note(g, sender, "%s", why);
    int levels = sl_command_distance(&g->live, receiver, sender);
    if (levels == 0)
        levels = sl_command_distance(&g->live, sender, receiver);
    int bypassed = levels > 1 ? levels - 1 : 0;
    sl_die die = sl_die_shift_closed(sl_quality_die(s->quality), -bypassed + shift);
    int target = s->leadership > r->leadership ? s->leadership : r->leadership;
    int v = rl_roll(g, die, target, "communication", sender,
                    "%s's communication to %s (%s): %s%s must beat the poorer leadership, %d (p16)", s->name, r->name,
                    what, sl_die_name(die),
                    bypassed || shift ? " (down one type for each level passed over or lost)" : "", target);
    return !g->failed && v > target;
}

bool act_can_transfer(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    const sl_unit *sub = &g->live.units[c->target];
    if (sub->nfigures > 0 && rl_living(g, c->target) == 0)
        return rl_refuse(why, whylen, "%s has no one left standing to take the action: it is out of the fight",
                         sub->name);
    if (sub->parent >= 0 && sub->nfigures == 0)
        return rl_refuse(why, whylen, "%s has formed no detached element to pass an action to",
                         g->live.units[sub->parent].name);
    if (sub->parent >= 0 && sub->parent != c->unit)
        return rl_refuse(why, whylen, "only %s's own squad leader activates its detached element (p17)",
                         g->live.units[sub->parent].name);
    if (sl_command_distance(&g->live, c->target, c->unit) == 0)
        return rl_refuse(why, whylen, "%s does not command %s", rl_unit_name(g, c->unit), sub->name);
    if (rl_hook_comm(g, c->unit, c->target, why, whylen) == RL_COMM_NONE)
        return false;
    for (int d = 0; d < g->act_depth; d++)
        if (g->act_unit[d] == c->target)
            return rl_refuse(why, whylen, "%s is already acting in this chain of orders", sub->name);
    if (g->act_transfers[g->act_depth - 1] >= 2)
        return rl_refuse(why, whylen,
                         "a commander may transfer actions to at most two units in one activation (p16)");
    if (g->act_depth >= SL_ACT_STACK)
        return rl_refuse(why, whylen, "the chain of transfers is too deep");
    return true;
}

bool act_transfer(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    int unit = c->unit, sub = c->target;
    int top = g->act_depth - 1;
    g->act_left[top]--;
    g->us[unit].actions_done++;
    g->act_transfers[top]++;
    bool ok;
    if (act_in_contact(g, unit, sub)) {
        ok = true;
        rl_note(g, unit, "%s is within 6\" of %s: the transfer needs no roll (p16)", rl_unit_name(g, unit),
                rl_unit_name(g, sub));
    } else {
        ok = act_comm_roll(g, unit, sub, 0, "transferring an action");
    }
    if (g->failed)
        return false;
    if (!ok) {
        rl_note(g, unit, "The order does not get through: the action is wasted");
        return true; /* the frame ends the activation if that was the last action */
    }
    /* an extra activation: the subordinate's own marker is not turned,
     * and one already used does not stop it (p16) */
    g->us[sub].moves = 0;
    g->us[sub].actions_done = 0;
    rl_push_activation(g, sub, 2);
    rl_state(g, sub, "activated", "%s, ordered by %s, activates at once: two extra actions (p16)",
             rl_unit_name(g, sub), rl_unit_name(g, unit));
    rl_hook_activated(g, sub, RL_BY_TRANSFER);
    mor_panic_seen(g, sub);
    return true;
}

bool act_can_talk(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    const char *verb = rl_command_name(g, c->kind);
    if (c->target == c->unit)
        return rl_refuse(why, whylen, "a unit does not %s itself", verb);
    if (g->live.units[c->target].side != g->live.units[c->unit].side)
        return rl_refuse(why, whylen, "%s is an enemy unit", rl_unit_name(g, c->target));
    /* (a squad's detached element not yet formed has no figures; talking
     * to it was always allowed and saves hold it) */
    if (g->live.units[c->target].nfigures > 0 && rl_living(g, c->target) == 0)
        return rl_refuse(why, whylen, "%s has no one left standing to %s: it is out of the fight",
                         rl_unit_name(g, c->target), c->kind == SL_CMD_RALLY ? "rally" : "hear it");
    if (sl_unit_whole(&g->live, c->unit) < 0 &&
        (g->live.units[c->unit].leader < 0 || g->live.figures[g->live.units[c->unit].leader].status != SL_FIG_OK))
        return rl_refuse(why, whylen, "%s has no leader standing to %s", rl_unit_name(g, c->unit), verb);
    if (rl_hook_comm(g, c->unit, c->target, why, whylen) == RL_COMM_NONE)
        return false;
    if (c->kind == SL_CMD_RALLY && sl_unit_whole(&g->live, c->target) >= 0)
        return rl_refuse(why, whylen, "confidence is the squad's, not the fireteam's: rally %s",
                         g->live.units[sl_unit_whole(&g->live, c->target)].id);
    if (c->kind == SL_CMD_RALLY) {
        if (sl_command_distance(&g->live, c->target, c->unit) == 0)
            return rl_refuse(why, whylen, "only a superior command unit may rally %s (p17)",
                             rl_unit_name(g, c->target));
        sl_confidence ceiling = sl_fatigue_start_confidence(g->live.units[c->target].fatigue);
        if (g->live.units[c->target].confidence <= ceiling)
            return rl_refuse(why, whylen, "%s is %s, as high as its fatigue allows it to rally (p19)",
                             rl_unit_name(g, c->target), sl_confidence_name(g->live.units[c->target].confidence));
    }
    return true;
}

bool act_communicate(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    int unit = c->unit, other = c->target;
    if (act_in_contact(g, unit, other)) {
        rl_note(g, unit, "%s speaks to %s directly (within 6\")", rl_unit_name(g, unit), rl_unit_name(g, other));
        return true;
    }
    bool ok = act_comm_roll(g, unit, other, 0, "passing a message");
    if (!g->failed)
        rl_note(g, unit, "%s", ok ? "The message gets through" : "The message does not get through");
    return !g->failed;
}

bool act_rally(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    int unit = c->unit, other = c->target;
    if (!act_in_contact(g, unit, other)) {
        bool ok = act_comm_roll(g, unit, other, 0, "rallying");
        if (g->failed)
            return false;
        if (!ok) {
            rl_note(g, unit, "%s cannot get through to rally %s", rl_unit_name(g, unit), rl_unit_name(g, other));
            return true;
        }
    }
    sl_unit *r = &g->live.units[other];
    const sl_unit *cu = &g->live.units[unit];
    int target = r->leadership + cu->leadership;
    int v = rl_roll(g, sl_quality_die(r->quality), target, "rally", other,
                    "Rally test for %s: its %s die must beat the two leaderships added, %d + %d = %d (p17)", r->name,
                    sl_die_name(sl_quality_die(r->quality)), r->leadership, cu->leadership, target);
    if (g->failed)
        return false;
    if (v > target) {
        r->confidence = (sl_confidence)((int)r->confidence - 1);
        rl_state(g, other, "confidence", "%s is rallied: %s", r->name, sl_confidence_name(r->confidence));
        rl_teams_sync(g);
    } else {
        rl_note(g, other, "%s is not rallied", r->name);
    }
    return true;
}

/* --- observing (p25) --------------------------------------------------------------------------- */

bool act_can_observe(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    if (g->live.units[c->unit].leader < 0 && sl_unit_whole(&g->live, c->unit) < 0)
        return rl_refuse(why, whylen, "observing is a leader's action and %s has no leader", rl_unit_name(g, c->unit));
    if (g->live.units[c->target].side == g->live.units[c->unit].side)
        return rl_refuse(why, whylen, "%s is a friendly unit", rl_unit_name(g, c->target));
    if (!rl_fog_counter(g, c->target))
        return rl_refuse(why, whylen, "%s is in plain sight: observing is for counters (hidden units and dummies, p25)",
                         rl_unit_name(g, c->target));
    sl_unit_sight s;
    rl_counter_sight(g, c->unit, c->target, &s);
    if (!s.visible)
        return rl_refuse(why, whylen, "%s cannot see counter %s", rl_unit_name(g, c->unit),
                         sl_game_counter(g, c->target));
    return true;
}

/* The observer's two dice against the counter's concealment die (p25),
 * rolled under `test`: how many beat it, -1 when a roll could not be made. */
int act_observe_dice(sl_game *g, int unit, int target, const char *test)
{
    const sl_unit *u = &g->live.units[unit];
    const char *ctr = sl_game_counter(g, target);
    sl_unit_sight s;
    rl_counter_sight(g, unit, target, &s);
    /* sensors: the eye D4, an enhanced sensor D8 (p25) */
    sl_die sensor = SL_D4;
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &g->live.figures[u->first_figure + i];
        if (f->status == SL_FIG_OK && (f->equipment & SL_EQUIP_SENSOR))
            sensor = SL_D8;
    }
    int twelves = (int)(s.range.distance / 12000.0);
    int shift = twelves + (int)s.cover + (g->us[target].in_position ? 1 : 0);
    sl_die hide = sl_die_shift_closed(SL_D4, shift);
    int hv = rl_roll(g, hide, -1, test, target,
                     "Counter %s's concealment: D4, up one per full 12\" (%d), for %s cover%s: %s (p25)", ctr, twelves,
                     s.cover == SL_COVER_HARD ? "hard" : s.cover == SL_COVER_SOFT ? "soft" : "no",
                     g->us[target].in_position ? " and In Position" : "", sl_die_name(hide));
    int qv = rl_roll(g, sl_quality_die(u->quality), hv, test, unit, "%s's quality die against %d", u->name, hv);
    int sv = rl_roll(g, sensor, hv, test, unit, "%s's sensor die %s against %d", u->name, sl_die_name(sensor), hv);
    if (g->failed)
        return -1;
    return (qv > hv) + (sv > hv);
}

/* What an observation that beat the concealment with `beat` dice does:
 * nothing, a unit's counter flipped, or revealed (a dummy removed). */
void act_observe_settle(sl_game *g, int unit, int target, int beat)
{
    const sl_unit *u = &g->live.units[unit];
    char why[300];
    snprintf(why, sizeof why, "%s observed it and beat its concealment with %s", u->name,
             beat == 2 ? "both dice" : "one die");
    if (beat <= 0)
        rl_note(g, unit, "%s cannot make out what is at counter %s", u->name, sl_game_counter(g, target));
    else if (beat == 2 || g->live.units[target].kind == SL_UNIT_DUMMY)
        rl_reveal(g, target, why); /* a dummy found by either success is removed */
    else
        rl_flip(g, target, why);
}

bool act_observe(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    int beat = act_observe_dice(g, c->unit, c->target, "observe");
    if (beat < 0)
        return false;
    act_observe_settle(g, c->unit, c->target, beat);
    return true;
}
