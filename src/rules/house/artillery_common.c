/* What every part of the artillery rule shares, and nothing more: its
 * state (the one place that names the rule's row for it), whether it is
 * in play, and who can call fire and see where it falls. It calls no
 * part. The parts: artillery_common_internal.h. */
#include <string.h>

#include "artillery_common_internal.h"

/* The rule's bytes: the game's (unit -1) or a unit's. */
static void *state_of(const sl_game *g, int unit)
{
    /* by the rule's name, resolved with the game: no part names the row */
    return unit < 0 ? rl_rule_game_state(g, "artillery") : rl_rule_state(g, "artillery", unit);
}

art_game *art_game_of(const sl_game *g)
{
    return state_of(g, -1);
}

art_unit *art_unit_of(const sl_game *g, int unit)
{
    return state_of(g, unit);
}

art_blast *art_blast_new(sl_game *g)
{
    art_game *a = art_game_of(g);
    if (a->nblasts > 0 && a->blasts[a->nblasts - 1].turn != g->turn)
        a->nblasts = 0; /* the last turn's: no longer drawn */
    if (a->nblasts == ART_MAX_BLASTS) {
        memmove(a->blasts, a->blasts + 1, sizeof a->blasts[0] * (ART_MAX_BLASTS - 1));
        a->nblasts--;
    }
    art_blast *b = &a->blasts[a->nblasts++];
    memset(b, 0, sizeof *b);
    return b;
}

art_blast *art_blast_now(const sl_game *g)
{
    art_game *a = art_game_of(g);
    return a && a->nblasts > 0 && a->blasts[a->nblasts - 1].on ? &a->blasts[a->nblasts - 1] : NULL;
}

bool art_on(const sl_game *g)
{
    (void)g;
    return true; /* where its ruleset admits it (tables.c) */
}

bool art_has_support(const sl_game *g)
{
    return art_on(g) && art_nassets(g) > 0;
}

/* A standing man of the unit's squad with an observer's kit. */
bool art_has_observer(const sl_game *g, int unit)
{
    const sl_unit *u = &g->live.units[rl_squad_of(g, unit)];
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &g->live.figures[u->first_figure + i];
        if (f->status == SL_FIG_OK && (f->equipment & SL_EQUIP_FAO))
            return true;
    }
    return false;
}

/* The figures through whom the unit calls: its standing leader, or a
 * standing man with an observer's kit. */
bool art_has_caller(const sl_game *g, int unit)
{
    const sl_unit *u = &g->live.units[rl_squad_of(g, unit)];
    return art_has_observer(g, unit) || (u->leader >= 0 && g->live.figures[u->leader].status == SL_FIG_OK);
}

bool art_sees_point(const sl_game *g, int unit, sl_pt p)
{
    sl_los_result r;
    sl_los_check(&g->sight.ix, &g->sight.params, g->sight.scratch, rl_unit_centre(g, unit), p, &r);
    return r.visible;
}
