/* The interrupt engine: the frames that carry an action, a move or a fire
 * out of turn through the decisions of the other player.
 *
 *  - An action (fire, rally, reorganise...) is declared first: the house
 *    rules in play may offer answers to it (opportunity fire); it then
 *    resolves, and the fire declared against it after it, in order.
 *  - A move is offered along its way: an answer picks a point, the mover
 *    goes there, the answer is resolved there, and the mover stops,
 *    carries on, or chooses a new way as the rule that answered it says.
 *  - Fire out of turn (reaction fire, opportunity fire) is itself an
 *    action and may be answered the same way, to any depth.
 * With no house rule answering, everything runs straight through, as the
 * base rules have it. Reaction fire (p53) uses the same frames. */
#include <stdio.h>
#include <string.h>

#include "sg2.h"

void fr_push(sl_game *g, sl_frame_kind kind, int actor, const sl_command *c)
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
    f->command_no = g->ncommands;
    f->target = -1;
    if (c)
        f->cmd = *c;
    f->stage = kind == SL_FRAME_ACTION ? FR_AC_OFFER : kind == SL_FRAME_MOVE ? FR_MV_START : FR_OF_TEST;
}

sl_frame *fr_push_fire(sl_game *g, int firer, int target, sl_fire_with with, bool reaction)
{
    fr_push(g, SL_FRAME_FIRE, firer, NULL);
    if (g->failed)
        return NULL;
    sl_frame *f = &g->frames[g->nframes - 1];
    f->target = target;
    f->with = with;
    f->reaction = reaction;
    f->stage = reaction ? FR_OF_OFFER : FR_OF_TEST;
    return f;
}

bool fr_moving(const sl_game *g)
{
    return g->nframes > 0 && g->frames[g->nframes - 1].kind == SL_FRAME_MOVE;
}

int fr_cost(const sl_game *g, const sl_command *c)
{
    const rl_cmd_def *d = rl_command_row(g, c->kind);
    if (!d)
        return 1;
    if (d->flags & RL_CMD_HANDS_ON)
        return 0; /* spent when the actions were handed on (or the men moved between teams) */
    if (d->flags & RL_CMD_ALL_LEFT)
        return sl_game_actions_left(g) > 0 ? sl_game_actions_left(g) : 1;
    return d->cost;
}

/* The effect of an action, once any answer to it has been declared; the
 * frame that holds it spends its actions afterwards. */
static bool resolve(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    bool handled;
    if (!rl_hook_resolve(g, c, &handled, err, errlen))
        return false;
    if (handled)
        return !g->failed;
    const rl_cmd_def *d = rl_command_row(g, c->kind);
    bool ok = d && d->apply ? d->apply(g, c, err, errlen) : true;
    return ok && !g->failed;
}

static int count_wounded(const sl_game *g, int unit)
{
    const sl_unit *u = &g->live.units[unit];
    int n = 0;
    for (int i = 0; i < u->nfigures; i++)
        n += g->live.figures[u->first_figure + i].status == SL_FIG_WOUNDED;
    return n;
}

static void pop(sl_game *g)
{
    g->nframes--;
}

static bool run_action(sl_game *g, sl_frame *f, char *err, size_t errlen)
{
    switch (f->stage) {
    case FR_AC_OFFER:
        if (rl_hook_declared(g, f, false))
            return true;
        f->stage = FR_AC_RESOLVE;
        return true;
    case FR_AC_RESOLVE: {
        sl_command c = f->cmd;
        f->stage = FR_AC_AFTER;
        if (f->command_no == g->ncommands)
            return resolve(g, &c, err, errlen); /* not interrupted: a refusal refuses the command */
        /* Resolved by a later command (the answer to an offer): the action
         * was accepted when it was declared, so whoever answered is never
         * refused for it. If it cannot be carried out after all, it is
         * undone and lost, and the game goes on. */
        rl_snapshot snap;
        if (!rl_snapshot_take(g, &snap)) {
            snprintf(err, errlen, "out of memory");
            return false;
        }
        int depth = g->nframes;
        char why[400] = "";
        bool ok = resolve(g, &c, why, sizeof why);
        if (!ok && !g->failed) {
            rl_snapshot_restore(g, &snap);
            f = &g->frames[depth - 1];
            f->stage = FR_AC_AFTER;
            rl_note(g, c.unit, "%s cannot carry out its %s after all: %s; the action is lost",
                    rl_unit_name(g, c.unit), rl_command_row(g, c.kind) ? rl_command_row(g, c.kind)->name : "action", why);
            ok = !g->failed;
        } else if (!ok) {
            snprintf(err, errlen, "%s", why);
        }
        rl_snapshot_drop(&snap);
        return ok;
    }
    case FR_AC_AFTER:
        if (f->next < f->ndeclared) {
            int firer = f->declared[f->next++];
            int tgt = rl_action_target(g, f->actor, &f->cmd);
            fr_push_fire(g, firer, tgt, fire_best_weapon(g, firer, tgt, RL_FIRE_OPPORTUNITY), false);
            return !g->failed;
        }
        f->stage = FR_AC_DONE;
        return true;
    default: {
        sl_command c = f->cmd;
        pop(g);
        /* a transfer stacked the subordinate's activation on top: it is
         * not this action's to spend */
        int cost = fr_cost(g, &c);
        const rl_cmd_def *d = rl_command_row(g, c.kind);
        if (cost > 0 && sl_game_active_unit(g) == c.unit)
            rl_spend(g, cost);
        else if (d && (d->flags & RL_CMD_HANDS_ON) && sl_game_active_unit(g) == c.unit &&
                 sl_game_actions_left(g) <= 0 && !rl_hook_holds_activation(g, c.unit))
            rl_end_activation(g, "both actions used"); /* the order did not get through */
        return true;
    }
    }
}

static bool run_move(sl_game *g, sl_frame *f, char *err, size_t errlen)
{
    sl_move *mv = &g->mv;
    switch (f->stage) {
    case FR_MV_START: {
        sl_command c = f->cmd;
        char why[300];
        if (!act_unit_can(g, c.unit, c.kind, why, sizeof why) || !mv_can(g, &c, why, sizeof why)) {
            rl_note(g, c.unit, "%s cannot make its %s: %s; the action is lost", rl_unit_name(g, c.unit),
                    g->us[c.unit].moves >= 1 ? "second move" : "move", why);
            f->stage = FR_MV_SPEND;
            return true;
        }
        if (!mv_begin(g, &c, err, errlen))
            return false;
        f->stage = mv->on ? FR_MV_OFFER : FR_MV_SPEND;
        return true;
    }
    case FR_MV_OFFER:
        if (!mv->on || mv->done >= mv->go - 0.5 || rl_living(g, mv->unit) == 0) {
            f->stage = FR_MV_FINISH;
            return true;
        }
        if (rl_hook_declared(g, f, true))
            return true;
        mv_advance(g, mv->go);
        f->stage = FR_MV_FINISH;
        return true;
    case FR_MV_AFTER_FIRE:
        f->stage = FR_MV_OFFER;
        if (rl_living(g, mv->unit) == 0) {
            f->stage = FR_MV_FINISH;
            return true;
        }
        rl_hook_after_fire(g, f);
        return true;
    case FR_MV_FINISH:
        if (mv->on) {
            mv_finish(g);
            g->us[f->actor].moves++;
        }
        f->stage = FR_MV_SPEND;
        return true;
    default:
        pop(g);
        if (sl_game_active_unit(g) == f->actor)
            rl_spend(g, 1);
        return true;
    }
}

static bool run_fire(sl_game *g, sl_frame *f, char *err, size_t errlen)
{
    int firer = f->actor;
    const sl_unit *u = &g->live.units[firer];
    switch (f->stage) {
    case FR_OF_TEST:
        f->stage = FR_OF_OFFER;
        return rl_hook_fire_test(g, f);
    case FR_OF_OFFER:
        /* the fire is an action too: the other side may answer it */
        if (rl_hook_declared(g, f, false))
            return true;
        f->stage = FR_OF_FIRE;
        return true;
    case FR_OF_FIRE: {
        f->stage = FR_OF_AFTER;
        char why[300];
        int target = f->target;
        rl_fire_kind kind = f->reaction ? RL_FIRE_REACTION : f->watching ? RL_FIRE_OVERWATCH : RL_FIRE_OPPORTUNITY;
        if (rl_living(g, target) == 0 || !fire_can(g, firer, target, f->with, kind, why, sizeof why)) {
            rl_note(g, firer, "%s cannot fire after all: %s", u->name,
                    rl_living(g, target) == 0 ? "its target has no one standing" : why);
            return true;
        }
        if (!f->reaction)
            rl_note(g, firer, "Opportunity fire: %s's range die is one type worse for the haste (house rule)",
                    rl_unit_name(g, target));
        int supp = g->us[target].suppression, wounded = count_wounded(g, target);
        if (!fire_at_unit(g, firer, target, f->with, kind, err, errlen))
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
    case FR_OF_AFTER:
        if (f->next < f->ndeclared) {
            int r = f->declared[f->next++];
            fr_push_fire(g, r, firer, fire_best_weapon(g, r, firer, RL_FIRE_OPPORTUNITY), false);
            return !g->failed;
        }
        f->stage = FR_OF_DONE;
        return true;
    default:
        pop(g);
        return true;
    }
}

bool fr_run(sl_game *g, char *err, size_t errlen)
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
                                             : run_fire(g, f, err, errlen);
        if (!ok)
            return false;
    }
    return !g->failed;
}

bool fr_apply_action(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    if (c->kind == SL_CMD_MOVE || c->kind == SL_CMD_COMBAT_MOVE) {
        /* a second move may first be answered by reaction fire (p53) */
        if (rf_offer(g, c))
            return true; /* the move waits for the answer */
        fr_push(g, SL_FRAME_MOVE, c->unit, c);
    } else {
        fr_push(g, SL_FRAME_ACTION, c->unit, c);
    }
    return fr_run(g, err, errlen);
}
