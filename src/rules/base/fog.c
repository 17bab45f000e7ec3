/* Fog of war (rulebook p25): hidden units and dummies stand on the table
 * as face-down counters, each with a public letter; what every side knows
 * of the others' units; how counters are flipped, revealed and removed;
 * and the journal as each side may read it.
 *
 * In Stargrunt II every reveal happens on the table, in front of both
 * players, so every side but the owner knows the same of a unit: a
 * counter, a counter flipped (a unit is there, strength unknown), or the
 * unit itself. Knowledge is still asked side by side (sl_game_knows), so
 * a rule that lets one side know more than another (SkirmishCorps spotting)
 * has one place to say so (known.c, with the journal as each side reads
 * it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

/* --- setting up ----------------------------------------------------------------------- */

static uint64_t mix(uint64_t *s)
{
    uint64_t x = *s += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

void rl_fog_init(sl_game *g)
{
    int order[256], n = 0;
    for (int u = 0; u < g->live.nunits && n < 256; u++) {
        sl_unit *un = &g->live.units[u];
        un->counter[0] = '\0';
        if (sl_unit_whole(&g->live, u) < 0 && un->parent < 0 && (un->hidden || un->kind == SL_UNIT_DUMMY))
            order[n++] = u;
    }
    /* the letters in an order the seed shuffles, so that neither the
     * scenario's listing nor a letter tells a dummy from a unit (its own
     * generator: the dice are not touched) */
    uint64_t st = g->seed ^ 0x66F09C0FD1E2A3B4ull;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(mix(&st) % (uint64_t)(i + 1));
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (int i = 0; i < n; i++) {
        sl_unit *un = &g->live.units[order[i]];
        if (i < 26)
            snprintf(un->counter, sizeof un->counter, "%c", 'A' + i);
        else
            snprintf(un->counter, sizeof un->counter, "%c%c", 'A' + i / 26 - 1, 'A' + i % 26);
        g->us[order[i]].revealed = false;
        g->us[order[i]].counter_at = rl_unit_centre(g, order[i]);
    }
    /* a squad's teams and its element stand under the squad's counter */
    for (int u = 0; u < g->live.nunits; u++) {
        int b = rl_base_unit(g, u);
        if (b != u && g->live.units[b].counter[0]) {
            memcpy(g->live.units[u].counter, g->live.units[b].counter, sizeof g->live.units[u].counter);
            g->us[u].revealed = false;
            g->us[u].counter_at = g->us[b].counter_at;
        }
    }
}

/* Sight from a unit to a counter: to its marker, the cover there, the
 * range band (the counter's men, if any, are not looked at). */
void rl_counter_sight(const sl_game *g, int viewer, int target, sl_unit_sight *out)
{
    int from[SL_SIGHT_MAX_FIGS], to[SL_SIGHT_MAX_FIGS], nf = 0, nt = 0;
    sl_pt at[SL_SIGHT_MAX_FIGS];
    const sl_unit *v = &g->live.units[viewer], *t = &g->live.units[target];
    for (int i = 0; i < v->nfigures && nf < SL_SIGHT_MAX_FIGS; i++)
        if (g->live.figures[v->first_figure + i].status == SL_FIG_OK)
            from[nf++] = v->first_figure + i;
    sl_pt m = sl_game_counter_at(g, target);
    for (int i = 0; i < t->nfigures && nt < SL_SIGHT_MAX_FIGS; i++)
        if (g->live.figures[t->first_figure + i].status != SL_FIG_DEAD) {
            to[nt] = t->first_figure + i;
            at[nt++] = m;
        }
    if (nt == 0 && t->nfigures > 0) {
        to[nt] = t->first_figure;
        at[nt++] = m;
    }
    sl_placement pl = {to, at, nt};
    sl_set_sight_judge_at(&g->sight, &pl, viewer, from, nf, to, nt, g->us[target].in_position, out);
}

/* --- changing what is known ----------------------------------------------------------- */

static void set_all(sl_game *g, int b, bool revealed, bool flipped)
{
    for (int u = 0; u < g->live.nunits; u++)
        if (rl_base_unit(g, u) == b) {
            if (revealed)
                g->us[u].revealed = true;
            if (flipped)
                g->us[u].flipped = true;
        }
}

void rl_reveal(sl_game *g, int u, const char *why)
{
    if (!rl_fog_counter(g, u))
        return;
    int b = rl_base_unit(g, u);
    sl_unit *un = &g->live.units[b];
    if (un->kind == SL_UNIT_DUMMY) {
        for (int i = 0; i < un->nfigures; i++)
            g->live.figures[un->first_figure + i].status = SL_FIG_DEAD;
        set_all(g, b, true, false);
        rl_state(g, b, "dummy-removed", "Counter %s was a dummy, with nothing under it: removed (%s, p25)",
                 un->counter, why);
        return;
    }
    set_all(g, b, true, true);
    rl_contact_reset(g, b); /* its figures are placed, in front of everyone */
    rl_state(g, b, "revealed", "Counter %s is revealed: it is %s, and its figures are placed (%s, p25)", un->counter,
             un->name, why);
}

void rl_flip(sl_game *g, int u, const char *why)
{
    if (!rl_fog_counter(g, u))
        return;
    int b = rl_base_unit(g, u);
    const sl_unit *un = &g->live.units[b];
    if (un->kind == SL_UNIT_DUMMY)
        return;
    if (g->us[b].flipped) {
        rl_note(g, b, "Counter %s is already flipped over: only a full success places its figures (p25)",
                un->counter);
        return;
    }
    set_all(g, b, false, true);
    rl_state(g, b, "flipped", "Counter %s is flipped over: there is a unit there, of a strength still unknown (%s, "
             "p25)", un->counter, why);
}

/* Counters in the open that an enemy now sees, and counters an enemy
 * figure stands in base contact with, are revealed (p25). */
void rl_fog_check(sl_game *g)
{
    if (g->pending.kind == SL_DECIDE_SETUP)
        return; /* counters are still being placed, out of the game */
    for (int u = 0; u < g->live.nunits; u++) {
        const sl_unit *un = &g->live.units[u];
        if (!un->counter[0] || sl_unit_whole(&g->live, u) >= 0 || un->parent >= 0 || g->us[u].revealed)
            continue;
        const char *why = NULL;
        char buf[200];
        /* base contact with any of the counter's men (or the dummy's marker) */
        for (int i = 0; i < un->nfigures && !why; i++) {
            const sl_figure *f = &g->live.figures[un->first_figure + i];
            if (f->status == SL_FIG_DEAD)
                continue;
            for (int k = 0; k < g->live.nfigures && !why; k++) {
                const sl_figure *e = &g->live.figures[k];
                const sl_unit *eu = &g->live.units[e->unit];
                if (e->status != SL_FIG_OK || eu->side == un->side || eu->kind == SL_UNIT_DUMMY ||
                    g->us[e->unit].aboard >= 0 || sl_game_not_yet_on(g, e->unit))
                    continue;
                int64_t r = (int64_t)f->base_r + e->base_r;
                if (sl_dist2(f->pos, e->pos) <= r * r) {
                    snprintf(buf, sizeof buf, "%s is in base contact with it", eu->name);
                    why = buf;
                }
            }
        }
        /* in the open, in sight of an enemy */
        sl_pt m = g->us[u].counter_at;
        if (!why && !sl_point_in_cover(&g->live, m)) {
            for (int v = 0; v < g->live.nunits && !why; v++) {
                const sl_unit *vu = &g->live.units[v];
                if (vu->side == un->side || vu->kind == SL_UNIT_DUMMY || g->us[v].aboard >= 0 || sl_game_not_yet_on(g, v) ||
                    rl_fog_counter(g, v))
                    continue;
                for (int i = 0; i < vu->nfigures && !why; i++) {
                    const sl_figure *f = &g->live.figures[vu->first_figure + i];
                    if (f->status == SL_FIG_OK && f->unit == v &&
                        sl_los_clear(&g->sight.ix, &g->sight.params, g->sight.scratch, f->pos, m)) {
                        snprintf(buf, sizeof buf, "it stands in the open in sight of %s", vu->name);
                        why = buf;
                    }
                }
            }
        }
        if (why)
            rl_reveal(g, u, why);
    }
    rl_contact_check(g);
}
