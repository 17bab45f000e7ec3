/* Exposure of a planned way, a sight question: for points along a
 * unit's centre path, the enemy units that would see it there; and of
 * those, the ones a rule in play would have open fire on it as it moves
 * (the `fires_at_mover` hook: opportunity fire), with the chance that at
 * least one of them suppresses it. Asked of the unit standing at each
 * point; nothing is moved to ask it. Without such a rule in play every
 * point still says who sees it (the solo opponent plans with that). */
#include <stdlib.h>
#include <string.h>

#include "base.h"

/* The enemies that see the mover where the what-if `at` has it: into e,
 * with the chance none of those a rule has fire on it suppresses it. */
static double seen_at(const sl_game *g, const sl_game *at, int unit, sl_exposure_point *e)
{
    const sl_unit *u = &g->live.units[unit];
    double miss = 1.0;
    for (int o = 0; o < g->live.nunits; o++) {
        const sl_unit *ou = &g->live.units[o];
        /* a counter's mover does not know what is under it (p25) */
        if (ou->side == u->side || ou->kind == SL_UNIT_DUMMY || rl_living(g, o) == 0 || rl_has_teams(g, o) ||
            rl_fog_counter(g, o))
            continue;
        sl_unit_sight s;
        sl_unit_sight_judge(&at->sight, o, unit, false, &s);
        if (!s.visible)
            continue;
        double p = 0;
        bool react = rl_hook_fires_at_mover(at, o, unit, &p);
        if (e->nseen < SL_EXPOSE_MAX) {
            e->seen[e->nseen] = o;
            e->can_react[e->nseen] = react;
            e->nseen++;
        }
        if (react)
            miss *= 1.0 - p;
    }
    return miss;
}

int sl_game_exposure(const sl_game *g, int unit, const sl_pt *way, int nway, double step, sl_exposure_point *out,
                     int max)
{
    if (nway < 1 || max < 1 || unit < 0 || unit >= g->live.nunits)
        return 0;
    if (step < 100)
        step = 100;
    const sl_unit *u = &g->live.units[unit];
    double length = sl_path_length(way, nway);
    sl_pt centre = sl_unit_centre(&g->live, unit, NULL);
    /* the mover's men along the way; and enemies out of its side's sight
     * (lose_contact) stand where that side last saw them: it plans with
     * what it knows */
    size_t cap = (size_t)(g->live.nfigures > 0 ? g->live.nfigures : 1);
    int *figs = malloc(sizeof(int) * cap);
    sl_pt *pos = malloc(sizeof(sl_pt) * cap);
    rl_view v;
    if (!figs || !pos || !rl_view_init(&v, g)) {
        free(figs);
        free(pos);
        return 0;
    }
    int nf = u->nfigures < SL_SIGHT_MAX_FIGS ? u->nfigures : SL_SIGHT_MAX_FIGS;
    for (int i = 0; i < nf; i++)
        figs[i] = u->first_figure + i;
    int nall = nf;
    for (int k = 0; k < g->live.nfigures; k++) {
        const sl_figure *f = &g->live.figures[k];
        if (g->live.units[f->unit].side != u->side && rl_contact_lost(g, u->side, rl_squad_of(g, f->unit))) {
            figs[nall] = k;
            pos[nall++] = f->seen[u->side].at;
        }
    }
    int n = 0;
    for (double d = 0; n < max; d += step) {
        if (d > length)
            d = length;
        sl_pt p = sl_path_point_at(way, nway, d);
        for (int i = 0; i < nf; i++) {
            sl_pt was = g->live.figures[figs[i]].pos;
            pos[i] = sl_pt_make(was.x + p.x - centre.x, was.y + p.y - centre.y);
        }
        sl_placement pl = {figs, pos, nall};
        rl_view_place(&v, &pl);
        sl_exposure_point *e = &out[n++];
        memset(e, 0, sizeof *e);
        e->at = d;
        e->centre = p;
        e->p_suppress = 1.0 - seen_at(g, &v.g, unit, e);
        if (d >= length)
            break;
    }
    rl_view_free(&v);
    free(figs);
    free(pos);
    return n;
}
