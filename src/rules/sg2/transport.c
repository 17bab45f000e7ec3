/* Troops riding in vehicles: getting in and out, going where the vehicle
 * goes, and what rounds that get through its armour do to them (rulebook
 * p18, p37 and the quick reference's troop transport). */
#include <stdio.h>
#include <string.h>

#include "sg2.h"

int tr_passengers(const sl_game *g, int vehicle)
{
    int n = 0;
    for (int u = 0; u < g->live.nunits; u++)
        if (g->us[u].aboard == vehicle)
            n += rl_living(g, u);
    return n;
}

void tr_ride_with(sl_game *g, int unit)
{
    int v = g->us[unit].aboard;
    if (v < 0)
        return;
    sl_pt at = rl_unit_centre(g, v);
    const sl_unit *u = &g->live.units[unit];
    for (int i = 0; i < u->nfigures; i++)
        g->live.figures[u->first_figure + i].pos = at;
}

void tr_follow(sl_game *g, int vehicle, int32_t dx, int32_t dy)
{
    for (int u = 0; u < g->live.nunits; u++) {
        if (g->us[u].aboard != vehicle)
            continue;
        const sl_unit *un = &g->live.units[u];
        for (int i = 0; i < un->nfigures; i++) {
            sl_figure *f = &g->live.figures[un->first_figure + i];
            f->pos = sl_pt_make(f->pos.x + dx, f->pos.y + dy);
        }
    }
}

void tr_hit(sl_game *g, int vehicle)
{
    for (int u = 0; u < g->live.nunits && !g->failed; u++) {
        if (g->us[u].aboard != vehicle)
            continue;
        const sl_unit *un = &g->live.units[u];
        sl_die own = un->armour > SL_D4 ? un->armour : SL_D4;
        for (int i = 0; i < un->nfigures && !g->failed; i++) {
            sl_figure *f = &g->live.figures[un->first_figure + i];
            if (f->status != SL_FIG_OK)
                continue;
            int r = rl_roll(g, own, -1, "casualty", u, "%s, aboard %s: %s, 1 dead, 2 wounded, 3 or more unhurt (p37)",
                         f->id, rl_unit_name(g, vehicle), sl_die_name(own));
            if (r == 1) {
                f->status = SL_FIG_DEAD;
                rl_state(g, u, "casualty", "%s is killed aboard %s", f->id, rl_unit_name(g, vehicle));
            } else if (r == 2) {
                f->status = SL_FIG_WOUNDED;
                rl_state(g, u, "casualty", "%s is wounded aboard %s", f->id, rl_unit_name(g, vehicle));
            }
        }
    }
}

/* Where the figures stand when they get out: two ranks round `at`. */
static void drop_point(const sl_game *g, int unit, sl_pt at, int k, sl_pt *out)
{
    int n = 0;
    const sl_unit *u = &g->live.units[unit];
    for (int i = 0; i < u->nfigures; i++)
        n += g->live.figures[u->first_figure + i].status != SL_FIG_DEAD;
    int cols = (n + 1) / 2;
    int col = k % cols, row = k / cols;
    *out = sl_pt_make(at.x + (int32_t)((col - (cols - 1) / 2.0) * 1300), at.y + row * 1300);
}

bool tr_can(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    const sl_unit *u = &g->live.units[c->unit];
    const sl_unit_state *s = &g->us[c->unit];
    if (c->kind == SL_CMD_EMBARK) {
        const sl_unit *v = &g->live.units[c->target];
        if (s->aboard >= 0)
            return rl_refuse(why, whylen, "%s is already aboard %s", u->name, g->live.units[s->aboard].name);
        if (u->kind != SL_UNIT_INFANTRY)
            return rl_refuse(why, whylen, "only infantry gets into a vehicle");
        if (v->kind != SL_UNIT_VEHICLE || v->side != u->side)
            return rl_refuse(why, whylen, "%s is not one of your vehicles", v->name);
        if (g->us[c->target].damage > 1 || rl_living(g, c->target) == 0)
            return rl_refuse(why, whylen, "%s is destroyed", v->name);
        if (v->capacity > 0 && tr_passengers(g, c->target) + rl_living(g, c->unit) > v->capacity)
            return rl_refuse(why, whylen, "%s carries %d figures and has %d aboard: no room for %d more", v->name,
                          v->capacity, tr_passengers(g, c->target), rl_living(g, c->unit));
        sl_pt at = rl_unit_centre(g, c->target);
        for (int i = 0; i < u->nfigures; i++) {
            const sl_figure *f = &g->live.figures[u->first_figure + i];
            if (f->status != SL_FIG_DEAD && !sl_within(f->pos, at, 6000))
                return rl_refuse(why, whylen, "%s is %.1f\" from %s: every figure must be within 6\" to get in", f->id,
                              sl_dist(f->pos, at) / 1000.0, v->name);
        }
        return true;
    }
    if (s->aboard < 0)
        return rl_refuse(why, whylen, "%s is not aboard a vehicle", u->name);
    int v = s->aboard;
    if (g->us[v].suppression > 0)
        return rl_refuse(why, whylen, "%s is suppressed: no one gets out while it is under fire (p18)",
                      g->live.units[v].name);
    sl_pt at = rl_unit_centre(g, v);
    sl_pt to = c->npts ? c->pts[0] : sl_pt_make(at.x, at.y + 3000);
    if (!sl_within(to, at, 6000))
        return rl_refuse(why, whylen, "(%.1f, %.1f) is %.1f\" from %s: troops get out within 6\" of it", to.x / 1000.0,
                      to.y / 1000.0, sl_dist(to, at) / 1000.0, g->live.units[v].name);
    int k = 0;
    for (int i = 0; i < u->nfigures; i++) {
        if (g->live.figures[u->first_figure + i].status == SL_FIG_DEAD)
            continue;
        sl_pt p;
        drop_point(g, c->unit, to, k++, &p);
        if (!sl_table_contains(&g->live.table, p))
            return rl_refuse(why, whylen, "there is no room to get out at (%.1f, %.1f): it is too near the table edge",
                          to.x / 1000.0, to.y / 1000.0);
    }
    return true;
}

bool tr_do(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    const sl_unit *u = &g->live.units[c->unit];
    if (c->kind == SL_CMD_EMBARK) {
        g->us[c->unit].aboard = c->target;
        g->us[c->unit].in_position = false;
        tr_ride_with(g, c->unit);
        rl_state(g, c->unit, "embarked", "%s gets into %s", u->name, rl_unit_name(g, c->target));
        return true;
    }
    int v = g->us[c->unit].aboard;
    sl_pt at = rl_unit_centre(g, v);
    sl_pt to = c->npts ? c->pts[0] : sl_pt_make(at.x, at.y + 3000);
    int k = 0;
    for (int i = 0; i < u->nfigures; i++) {
        sl_figure *f = &g->live.figures[u->first_figure + i];
        if (f->status == SL_FIG_DEAD)
            continue;
        drop_point(g, c->unit, to, k++, &f->pos);
    }
    g->us[c->unit].aboard = -1;
    rl_state(g, c->unit, "disembarked", "%s gets out of %s at (%.1f, %.1f)", u->name, rl_unit_name(g, v), to.x / 1000.0,
           to.y / 1000.0);
    return true;
}
