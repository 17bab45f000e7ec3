/* Snapshots: everything a command can change, taken before it and put
 * back when it is refused, so a refused command changes nothing; and
 * around an action resolved after an interruption, so one that cannot be
 * carried out after all is lost without a trace. */
#include <stdlib.h>
#include <string.h>

#include "base.h"

void rl_snapshot_drop(rl_snapshot *s)
{
    free(s->units);
    free(s->figures);
    free(s->us);
    free(s->house);
}

bool rl_snapshot_take(const sl_game *g, rl_snapshot *s)
{
    size_t nu = (size_t)(g->live.nunits > 0 ? g->live.nunits : 1),
           nf = (size_t)(g->live.nfigures > 0 ? g->live.nfigures : 1);
    memset(s, 0, sizeof *s);
    s->units = malloc(sizeof(sl_unit) * nu);
    s->figures = malloc(sizeof(sl_figure) * nf);
    s->us = malloc(sizeof(sl_unit_state) * nu);
    s->house = g->house_bytes ? malloc(g->house_bytes) : NULL;
    if (!s->units || !s->figures || !s->us || (g->house_bytes && !s->house)) {
        rl_snapshot_drop(s);
        return false;
    }
    memcpy(s->units, g->live.units, sizeof(sl_unit) * (size_t)g->live.nunits);
    memcpy(s->figures, g->live.figures, sizeof(sl_figure) * (size_t)g->live.nfigures);
    memcpy(s->us, g->us, sizeof(sl_unit_state) * (size_t)g->live.nunits);
    if (g->house_bytes)
        memcpy(s->house, g->house, g->house_bytes);
    s->dice = g->dice; /* the script pointer is shared; only `at` moves */
    s->turn = g->turn;
    s->side_to_act = g->side_to_act;
    s->act_depth = g->act_depth;
    s->spent_side = g->spent_side;
    s->last_first = g->last_first;
    s->ncommands = g->ncommands;
    s->journal_n = g->journal.n;
    memcpy(s->act_unit, g->act_unit, sizeof s->act_unit);
    memcpy(s->act_left, g->act_left, sizeof s->act_left);
    memcpy(s->act_transfers, g->act_transfers, sizeof s->act_transfers);
    memcpy(s->done, g->done, sizeof s->done);
    s->pending = g->pending;
    memcpy(s->frames, g->frames, sizeof s->frames);
    s->nframes = g->nframes;
    s->mv = g->mv;
    s->outcome = g->outcome;
    return true;
}

void rl_snapshot_restore(sl_game *g, rl_snapshot *s)
{
    memcpy(g->live.units, s->units, sizeof(sl_unit) * (size_t)g->live.nunits);
    memcpy(g->live.figures, s->figures, sizeof(sl_figure) * (size_t)g->live.nfigures);
    memcpy(g->us, s->us, sizeof(sl_unit_state) * (size_t)g->live.nunits);
    if (g->house_bytes)
        memcpy(g->house, s->house, g->house_bytes);
    g->dice.rng = s->dice.rng;
    g->dice.at = s->dice.at;
    g->dice.rolls = s->dice.rolls;
    g->turn = s->turn;
    g->side_to_act = s->side_to_act;
    g->act_depth = s->act_depth;
    g->spent_side = s->spent_side;
    g->last_first = s->last_first;
    g->ncommands = s->ncommands;
    memcpy(g->act_unit, s->act_unit, sizeof s->act_unit);
    memcpy(g->act_left, s->act_left, sizeof s->act_left);
    memcpy(g->act_transfers, s->act_transfers, sizeof s->act_transfers);
    memcpy(g->done, s->done, sizeof s->done);
    g->pending = s->pending;
    memcpy(g->frames, s->frames, sizeof s->frames);
    g->nframes = s->nframes;
    g->mv = s->mv;
    g->outcome = s->outcome;
    rl_journal_truncate(&g->journal, s->journal_n);
}

