/* A move's men end with their bases clear of the other units' bases: a
 * figure cannot stand on another. Neither ruleset's sources say it in
 * words; the models would not fit, so this is our reading, and every
 * ruleset's move check asks it (Stargrunt II's in sg2/move.c,
 * SkirmishCorps' in skirmish/sc_move.c). An enemy whose men the moving
 * side has lost sight of (lose_contact) still stands in the way, but the
 * refusal names neither it nor where it stands. */
#include "base.h"

/* The whole a unit is part of (a squad split in fireteams), or itself:
 * its parts' men stand on its figures. */
static int whole_of(const sl_game *g, int u)
{
    int w = sl_unit_whole(&g->live, u);
    return w >= 0 ? w : u;
}

bool rl_ends_clear(const sl_game *g, int unit, const int *figs, const sl_pt *ends, int n, char *why, size_t whylen)
{
    int side = g->live.units[unit].side, mine = whole_of(g, unit);
    for (int o = 0; o < g->live.nfigures; o++) {
        const sl_figure *of = &g->live.figures[o];
        int ou = of->unit;
        if (of->status == SL_FIG_DEAD || whole_of(g, ou) == mine || g->us[ou].aboard >= 0 ||
            sl_game_not_yet_on(g, ou) || (g->live.units[ou].side != side && rl_fog_counter(g, ou)))
            continue;
        for (int k = 0; k < n; k++) {
            const sl_figure *f = &g->live.figures[figs[k]];
            double gap = (double)f->base_r + of->base_r - 100; /* a tenth of an inch: touching */
            if (!(gap > 0 && sl_dist2(ends[k], of->pos) < gap * gap))
                continue;
            /* an enemy out of the side's sight (lose_contact): its men
             * are there, but the refusal must not say whose or where */
            if (g->live.units[ou].side != side && sl_game_knows(g, side, ou) == SL_KNOW_LAST_SEEN)
                return rl_refuse(why, whylen,
                                 "%s cannot end there: the ground there is taken by something %s cannot see, so end "
                                 "the move elsewhere",
                                 g->live.units[unit].name, g->live.sides[side].name);
            return rl_refuse(why, whylen,
                             "%s would end on %s's base (a man at %.1f\", %.1f\"): figures cannot stand on one "
                             "another, so end the move clear of them",
                             g->live.units[unit].name, g->live.units[ou].name, of->pos.x / 1000.0, of->pos.y / 1000.0);
        }
    }
    return true;
}
