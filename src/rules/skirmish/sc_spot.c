/* SkirmishCorps hiding, spotting and flushing (seed 002): a unit in
 * cover hides, prone; the spot test is 1D6 + RE against 1D6 + RE; moving
 * into base contact with a hiding or sneaking unit flushes it out. */
#include <stdio.h>
#include <string.h>

#include "skirmish.h"

/* The spotter's bonus over its RE: its Alert tag, and 3 when the target
 * sneaks out of cover. */
static int spot_bonus(const sl_game *g, int spotter, int target, char *why, size_t whylen)
{
    int alert = sc_unit_alert(&g->live, spotter), bonus = alert;
    bool open = sc_unit_of(g, target)->sneaking && !sl_game_unit_in_cover(g, target);
    if (open)
        bonus += 3;
    if (why && whylen) {
        size_t at = 0;
        why[0] = '\0';
        if (alert)
            at += (size_t)snprintf(why + at, whylen - at, ", +%d for its Alert tag", alert);
        if (open && at < whylen)
            snprintf(why + at, whylen - at, ", +3 as %s sneaks out of cover", rl_unit_name(g, target));
    }
    return bonus;
}

double sc_spot_odds(const sl_game *g, int spotter, int target, int *bonus, char *why, size_t whylen)
{
    int b = spot_bonus(g, spotter, target, why, whylen);
    if (bonus)
        *bonus = b;
    int mine = sc_unit_re(&g->live, spotter) + b, theirs = sc_unit_re(&g->live, target);
    int wins = 0;
    for (int a = 1; a <= 6; a++)
        for (int d = 1; d <= 6; d++)
            wins += a + mine >= d + theirs;
    return wins / 36.0;
}

bool sc_can_spot(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    const sl_unit *u = &g->live.units[c->unit];
    const sc_unit *sc = sc_unit_of(g, c->unit);
    if (c->target < 0 || c->target >= g->live.nunits)
        return rl_refuse(why, whylen, "spot which unit? spot %s TARGET", u->id);
    const sl_unit *t = &g->live.units[c->target];
    if (t->side == u->side)
        return rl_refuse(why, whylen, "%s is on %s's own side", t->name, u->name);
    if (!sc_unit_of(g, c->target)->hiding && !sc_unit_of(g, c->target)->sneaking)
        return rl_refuse(why, whylen, "%s is neither hiding nor sneaking: it may be targeted without a spot test",
                         t->name);
    if (sc->step >= 3)
        return rl_refuse(why, whylen, "%s's action is over", u->name);
    if (sc->mode == SC_SPRINT)
        return rl_refuse(why, whylen, "%s sprinted: a sprinting unit cannot shoot, so it has nothing to spot for (seed "
                                      "002)",
                         u->name);
    if (sc->spotted)
        return rl_refuse(why, whylen, "%s has spotted %s in this action already", u->name,
                         rl_unit_name(g, sc->spotted - 1));
    sl_unit_sight sight;
    sl_unit_sight_judge(&g->sight, c->unit, c->target, false, &sight);
    if (!sight.visible)
        return rl_refuse(why, whylen, "%s has no line of sight to %s", u->name, t->name);
    return true;
}

bool sc_do_spot(sl_game *g, const sl_command *c)
{
    const sl_unit *u = &g->live.units[c->unit], *t = &g->live.units[c->target];
    char why[160];
    int bonus = spot_bonus(g, c->unit, c->target, why, sizeof why);
    const char *how = sc_unit_of(g, c->target)->sneaking ? "sneaking" : "hiding";
    int a = rl_roll(g, SL_D6, -1, "spot", c->unit, "%s's spot test on %s (%s): 1D6 + RE %d%s", u->name, t->name, how,
                    sc_unit_re(&g->live, c->unit), why);
    int d = rl_roll(g, SL_D6, -1, "spot", c->target, "%s's 1D6 + RE %d against it", t->name,
                    sc_unit_re(&g->live, c->target));
    if (g->failed)
        return false;
    int mine = a + sc_unit_re(&g->live, c->unit) + bonus, theirs = d + sc_unit_re(&g->live, c->target);
    if (mine >= theirs) {
        sc_unit_of(g, c->unit)->spotted = c->target + 1;
        rl_state(g, c->target, "spotted", "%d against %d: %s spots %s and may target it in this action (seed 002)",
                 mine, theirs, u->name, t->name);
        return true;
    }
    rl_note(g, c->unit, "%d against %d: %s does not spot %s; the failed test burns its action (seed 002)", mine,
            theirs, u->name, t->name);
    sc_unit_of(g, c->unit)->step = 3;
    sc_finish_action(g, c->unit, "its spot test failed");
    return !g->failed;
}

/* Base to base: any two bases of the units touching (0.05" of slack). */
bool sc_in_contact(const sl_game *g, int a, int b)
{
    const sl_unit *ua = &g->live.units[a], *ub = &g->live.units[b];
    for (int i = 0; i < ua->nfigures; i++) {
        const sl_figure *fa = &g->live.figures[ua->first_figure + i];
        if (fa->status == SL_FIG_DEAD)
            continue;
        for (int k = 0; k < ub->nfigures; k++) {
            const sl_figure *fb = &g->live.figures[ub->first_figure + k];
            if (fb->status != SL_FIG_DEAD && sl_dist(fa->pos, fb->pos) <= fa->base_r + fb->base_r + 50)
                return true;
        }
    }
    return false;
}

/* Flushing (seed 002): a move that ends in base contact with a hiding or
 * sneaking enemy reveals it at once, no spot test; it stands up. */
void sc_flush(sl_game *g, int mover)
{
    for (int e = 0; e < g->live.nunits; e++) {
        sc_unit *es = sc_unit_of(g, e);
        if (g->live.units[e].side == g->live.units[mover].side || (!es->hiding && !es->sneaking) ||
            rl_living(g, e) == 0 || !sc_in_contact(g, mover, e))
            continue;
        const char *was = es->hiding ? "hiding" : "sneaking";
        es->hiding = es->sneaking = false;
        es->prone = false;
        es->flushed_by = mover + 1;
        es->flushed_turn = g->turn;
        rl_state(g, e, "flushed", "%s moves into base contact with %s and flushes it out: no spot test, its %s marker "
                                  "is removed and it stands up; in close combat with %s it dodges or parries at +1, "
                                  "and %s attacks it at -1 (seed 002)",
                 rl_unit_name(g, mover), rl_unit_name(g, e), was, rl_unit_name(g, mover), rl_unit_name(g, mover));
    }
}

/* May the unit acting hide: in cover, not after a move (unless a sneak
 * ended in cover), and not after standing up (seed 002)? */
bool sc_can_hide(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    const sl_unit *u = &g->live.units[c->unit];
    const sc_unit *sc = sc_unit_of(g, c->unit);
    if (sc->step == 2 && sc->mode != SC_SNEAK)
        return rl_refuse(why, whylen, "a unit that hides does not move (it may hide at the end of a sneak into cover)");
    if (sc->stood)
        return rl_refuse(why, whylen, "%s stood up this action: a hiding unit stays prone", u->name);
    if (!sl_game_unit_in_cover(g, c->unit))
        return rl_refuse(why, whylen, "%s is not in cover: only a unit in cover can hide (seed 002)", u->name);
    return true;
}

/* It hides in cover, prone: its action is over. */
bool sc_hide(sl_game *g, const sl_command *c)
{
    sc_unit *sc = sc_unit_of(g, c->unit);
    const sl_unit *u = &g->live.units[c->unit];
    sc->prone = true;
    sc->hiding = true;
    sc->sneaking = false;
    sc->step = 3;
    rl_state(g, c->unit, "hiding", "%s hides in cover, prone: an enemy must pass a spot test to target it; the "
                                   "marker stays until its next action (seed 002)",
             u->name);
    sc_finish_action(g, c->unit, "it hides");
    return true;
}
