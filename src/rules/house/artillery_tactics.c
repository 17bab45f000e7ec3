/* The solo opponent's artillery (rulebook pp44-47): which fire mission
 * it calls, asked through the artillery row's `tactics` hook. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "artillery_common_internal.h"

static double dist_in(sl_pt a, sl_pt b)
{
    double dx = (double)a.x - b.x, dy = (double)a.y - b.y;
    return sqrt(dx * dx + dy * dy) / SL_MILS_PER_INCH;
}

/* The chance an impact die beats an armour die (the man hurt). */
static double p_beats(sl_die impact, sl_die armour)
{
    double p = 0;
    for (int a = 1; a <= (int)armour; a++)
        p += sl_p_exceeds(impact, a);
    return p / (double)armour;
}

/* Its own men within the burst and a scatter's reach of `at`. */
static bool near_own(const sl_game *g, int side, sl_pt at, double r)
{
    for (int f = 0; f < g->live.nfigures; f++) {
        const sl_figure *fg = &g->live.figures[f];
        if (fg->status != SL_FIG_DEAD && g->live.units[fg->unit].side == side && !sl_game_off_table(g, fg->unit) &&
            dist_in(fg->pos, at) < r + 6)
            return true;
    }
    return false;
}

/* The enemy men within r of `at` a warhead would hurt, on the average. */
static double men_hurt(const sl_game *g, int side, int w, sl_die impact, sl_pt at, double r)
{
    double men = 0;
    for (int k = 0; k < g->live.nfigures; k++) {
        const sl_figure *fg = &g->live.figures[k];
        const sl_unit *fu = &g->live.units[fg->unit];
        if (fg->status == SL_FIG_DEAD || fu->side == side || sl_game_off_table(g, fg->unit) ||
            fu->kind != SL_UNIT_INFANTRY || dist_in(fg->pos, at) > r)
            continue;
        bool sealed_off = art_rigid_armour(&g->live, fg->unit) || fu->power_armour || rc_phalon(&g->live, fg->unit);
        sl_die armour = w == ART_WH_FAE && !sealed_off ? SL_D4 : fu->armour;
        men += p_beats(impact, armour);
    }
    return men;
}

/* Each warhead its side's assets fire, at the centre of each enemy unit
 * it knows, weighed by the chance it comes down where aimed (or near),
 * the men under it and the chance each is hurt; never where its own men
 * are within the burst and a scatter's reach. */
void art_tactics(const rl_policy *p, int u, rl_tactic *best)
{
    const sl_game *g = rl_policy_game(p);
    int side = rl_policy_side(p);
    static const sl_die vs_men[] = {SL_D8, SL_D12, SL_D6, SL_D10};
    int kind = sl_cmd_find("call-fire");
    const int *enemies;
    int nenemies = rl_policy_enemies(p, &enemies);
    for (int i = 0; i < nenemies; i++) {
        int e = enemies[i];
        const sl_unit *eu = &g->live.units[e];
        if (eu->kind != SL_UNIT_INFANTRY)
            continue;
        sl_pt at = rl_unit_centre(g, e);
        for (int w = 0; w < 4; w++) {
            art_odds o;
            art_call_odds(g, u, -1, w, 0, at, &o);
            if (o.asset < 0 || o.radius <= 0)
                continue;
            double r = (o.doubled ? 2.0 : 1.0) * o.radius / (double)SL_MILS_PER_INCH;
            if (near_own(g, side, at, r))
                continue;
            sl_die impact = w == ART_WH_FAE ? art_fae_impact(&g->live) : vs_men[w];
            if (w == ART_WH_FAE && !impact)
                continue;
            double men = men_hurt(g, side, w, impact, at, r);
            double lands = o.p_call * (o.p_accurate + 0.25 * (1 - o.p_accurate));
            double eff = lands * (1.0 + 0.6 * men);
            if (eff < 0.7)
                continue;
            sl_command c;
            sl_cmd_init(&c, kind, u);
            c.at = sl_pt_make(rl_hundredths(at.x), rl_hundredths(at.y));
            c.has_at = true;
            art_cmd_set(&c, &(art_cmd){o.asset, w, 0, -1});
            if (!sl_table_contains(&g->live.table, c.at))
                continue;
            char why[SL_CMD_NOTE - 8];
            snprintf(why, sizeof why, "calls %s on %s: the call %.0f%%, on target %.0f%%, %.1f of the men within "
                                      "%.0f inches hurt on the average",
                     art_warhead_name((art_warhead)w), eu->name, o.p_call * 100, o.p_accurate * 100, men, r);
            snprintf(c.note, sizeof c.note, "solo: %s", why);
            sl_utf8_trim(c.note);
            if (!rl_policy_allowed(p, &c))
                continue;
            rl_tactic_consider(best, 0.2 + eff, &c, why);
        }
    }
}
