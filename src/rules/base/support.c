/* Names, refusals, who is standing and who is in cover, what-if copies,
 * who is on the table: what every rule file needs. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

const char *rl_fire_test_name(rl_fire_kind kind)
{
    return kind == RL_FIRE_SPOTTING ? "spot" : "fire";
}

const char *rl_side_name(const sl_game *g, int side)
{
    return side >= 0 && side < g->live.nsides ? g->live.sides[side].name : "?";
}

const char *rl_unit_name(const sl_game *g, int unit)
{
    return unit >= 0 && unit < g->live.nunits ? g->live.units[unit].name : "?";
}

int rl_reason_head(const char *why)
{
    const char *colon = strstr(why, ": ");
    return colon ? (int)(colon - why) : (int)strlen(why);
}

int rl_living(const sl_game *g, int unit)
{
    const sl_unit *u = &g->live.units[unit];
    int n = 0;
    for (int i = 0; i < u->nfigures; i++)
        n += g->live.figures[u->first_figure + i].status == SL_FIG_OK;
    return n;
}

int sl_game_living(const sl_game *g, int unit)
{
    return rl_living(g, unit);
}

sl_pt rl_unit_centre(const sl_game *g, int unit)
{
    return sl_unit_centre(&g->live, unit, NULL);
}

int rl_unit_centre_figure(const sl_game *g, int unit)
{
    int f;
    sl_pt c = sl_unit_centre(&g->live, unit, &f);
    if (f >= 0)
        return f;
    const sl_unit *u = &g->live.units[unit];
    int best = u->first_figure;
    for (int i = 0; i < u->nfigures; i++)
        if (sl_dist2(g->live.figures[u->first_figure + i].pos, c) < sl_dist2(g->live.figures[best].pos, c))
            best = u->first_figure + i;
    return best;
}

bool rl_refuse(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    if (errlen)
        sl_utf8_trim(err);
    return false;
}

bool rl_unit_in_cover_at(const sl_game *g, int unit, const sl_placement *pl)
{
    const sl_unit *u = &g->live.units[unit];
    int in = 0, n = 0;
    for (int i = 0; i < u->nfigures; i++) {
        int fi = u->first_figure + i;
        if (g->live.figures[fi].status != SL_FIG_OK)
            continue;
        n++;
        in += sl_point_in_cover(&g->live, sl_placed(&g->live, pl, fi));
    }
    return n > 0 && 2 * in > n;
}

bool sl_game_unit_in_cover(const sl_game *g, int unit)
{
    return rl_unit_in_cover_at(g, unit, NULL);
}

bool rl_view_init(rl_view *v, const sl_game *g)
{
    v->of = g;
    v->g = *g;
    v->g.live.figures = malloc(sizeof(sl_figure) * (size_t)(g->live.nfigures > 0 ? g->live.nfigures : 1));
    if (!v->g.live.figures)
        return false;
    memcpy(v->g.live.figures, g->live.figures, sizeof(sl_figure) * (size_t)g->live.nfigures);
    v->g.sight.scn = &v->g.live;
    return true;
}

void rl_view_place(rl_view *v, const sl_placement *pl)
{
    memcpy(v->g.live.figures, v->of->live.figures, sizeof(sl_figure) * (size_t)v->of->live.nfigures);
    for (int i = 0; pl && i < pl->n; i++)
        v->g.live.figures[pl->figs[i]].pos = pl->pos[i];
}

void rl_view_free(rl_view *v)
{
    free(v->g.live.figures);
    v->g.live.figures = NULL;
}

/* --- on the table or not ------------------------------------------------------------------ */

int rl_base_unit(const sl_game *g, int unit)
{
    const sl_unit *un = &g->live.units[unit];
    return sl_unit_whole(&g->live, unit) >= 0 ? sl_unit_whole(&g->live, unit) : un->parent >= 0 ? un->parent : unit;
}

bool sl_game_not_yet_on(const sl_game *g, int unit)
{
    if (unit < 0 || unit >= g->live.nunits)
        return false;
    return rl_hook_off_table(g, rl_base_unit(g, unit)) == RL_TO_COME_ON;
}

bool sl_game_placeable(const sl_game *g, int unit)
{
    return unit >= 0 && unit < g->live.nunits && rl_hook_placeable(g, unit);
}

bool sl_game_still_to_place(const sl_game *g, int unit)
{
    return unit >= 0 && unit < g->live.nunits && g->live.units[unit].must_place && !g->us[unit].placed;
}

bool sl_game_off_table(const sl_game *g, int unit)
{
    if (unit < 0 || unit >= g->live.nunits)
        return false;
    if (g->us[unit].aboard >= 0) /* a ruleset may show an open top's crew: they may be shot at (seed 002) */
        return !(rl_ruleset_of(g)->open_top_crews_exposed && g->live.units[g->us[unit].aboard].open_top);
    int top = rl_base_unit(g, unit);
    /* a dummy the set-up has not placed yet waits beside the table */
    if (g->turn == 0 && g->pending.kind == SL_DECIDE_SETUP && g->live.units[top].kind == SL_UNIT_DUMMY &&
        !g->us[top].placed)
        return true;
    return rl_hook_off_table(g, top) != RL_ON_TABLE;
}

/* A length in mils as "%.2f" writes it in inches, read back: to the
 * nearest 10 mils; halfway (5 mils over), the way the double v / 1000.0
 * lies from it, and to even when it is exactly halfway. */
int32_t rl_hundredths(int32_t v)
{
    int64_t m = v < 0 ? -(int64_t)v : v;
    int64_t n = m / 10, r = m % 10;
    bool up = r > 5;
    if (r == 5) {
        double off = fma((double)m / 1000.0, 1000.0, -(double)m); /* exact */
        up = off > 0 || (off == 0 && n % 2 == 1);
    }
    int64_t out = (n + up) * 10;
    return (int32_t)(v < 0 ? -out : out);
}
