/* What one burst of an artillery mission does to one man (rulebook p47;
 * the rule: artillery.c): whether it reaches his base (a fuel-air
 * explosive's doubled radius stops at a blast wall, seed 000), his roll
 * of armour against impact, the tally of his unit and the journal's
 * in-blast line. Shared by artillery_blast.c and fae.c. */
#include <stdio.h>

#include "artillery_common_internal.h"

int art_blast_wall_hit(const sl_game *g, sl_pt a, sl_pt b, double *at)
{
    const sl_table *t = &g->live.table;
    int found = -1;
    double best = 2.0;
    for (int f = 0; f < t->nfeatures; f++) {
        const sl_feature *ft = &t->features[f];
        if (!art_feature_is(ft, "blast_wall"))
            continue;
        const sl_pt *v = sl_feature_pts(t, ft);
        int edges = ft->shape == SL_SHAPE_POLYLINE ? ft->npts - 1 : ft->npts;
        for (int k = 0; k < edges; k++) {
            double hit;
            if (sl_seg_intersection(a, b, v[k], v[(k + 1) % ft->npts], &hit) && hit < best) {
                best = hit;
                found = f;
            }
        }
    }
    if (at)
        *at = found >= 0 ? best : 1.0;
    return found;
}

/* Does the segment cross a blast wall (which, in *wall)? */
bool art_crosses_blast_wall(const sl_game *g, sl_pt a, sl_pt b, int *wall)
{
    int f = art_blast_wall_hit(g, a, b, NULL);
    if (wall)
        *wall = f;
    return f >= 0;
}

static int hurt_slot(art_hurt *h, int unit)
{
    for (int i = 0; i < h->n; i++)
        if (h->unit[i] == unit)
            return i;
    if (h->n >= 64)
        return -1;
    h->unit[h->n] = unit;
    h->cas[h->n] = 0;
    h->leader[h->n] = false;
    h->first[h->n] = false;
    return h->n++;
}

/* A man caught by the burst: his unit's tally, and the blast's list the
 * window rings. */
void art_caught(sl_game *g, art_hurt *h, int fig)
{
    int m = rl_squad_of(g, g->live.figures[fig].unit);
    int k = hurt_slot(h, m);
    if (k >= 0 && !g->us[m].suppressed_before)
        h->first[k] = true;
    art_blast *b = art_blast_now(g);
    if (b && b->ncaught < ART_BLAST_MAX_CAUGHT)
        b->caught[b->ncaught++] = fig;
}

/* One figure's roll: impact against armour; more than the armour wounds,
 * more than twice kills; a second wound kills. */
void art_figure_roll(sl_game *g, art_hurt *h, int caller, int fig, sl_die impact, sl_die armour, const char *why)
{
    sl_figure *f = &g->live.figures[fig];
    int u = f->unit;
    int av = rl_roll(g, armour, -1, "armour", u, "%s's armour %s%s", f->id, sl_die_name(armour), why);
    int iv = rl_roll(g, impact, av, "impact", caller,
                     "The burst's impact %s against %s: it must beat %d to wound, %d to kill (p47)",
                     sl_die_name(impact), f->id, av, 2 * av);
    if (g->failed)
        return;
    int m = rl_squad_of(g, u);
    int k = hurt_slot(h, m);
    if (iv <= av) {
        rl_note(g, u, "%s is unhurt (impact %d, armour %d)", f->id, iv, av);
        return;
    }
    bool kill = iv > 2 * av || f->status == SL_FIG_WOUNDED;
    if (k >= 0 && f->status == SL_FIG_OK)
        h->cas[k]++;
    if (k >= 0 && fig == g->live.units[m].leader)
        h->leader[k] = true;
    if (kill) {
        f->status = SL_FIG_DEAD;
        rl_state(g, u, "casualty", "%s is killed (impact %d against armour %d%s)", f->id, iv, av,
                 iv > 2 * av ? ", more than twice" : ", a second wound");
    } else {
        f->status = SL_FIG_WOUNDED;
        f->treated = false;
        rl_state(g, u, "casualty", "%s is wounded (impact %d against armour %d): an untreated casualty", f->id, iv,
                 av);
    }
}

void art_blast_event(sl_game *g, int unit, const char *who, int32_t radius, const char *why, double dist,
                     const char *text)
{
    char fields[300], uid[80], wid[80];
    sl_json_escape(uid, sizeof uid, unit >= 0 ? g->live.units[unit].id : "");
    sl_json_escape(wid, sizeof wid, who);
    snprintf(fields, sizeof fields,
             "\"what\":\"in-blast\",\"unit\":\"%s\",\"who\":\"%s\",\"radius\":%.3f,\"why\":\"%s\",\"distance\":%.3f",
             uid, wid, radius / 1000.0, why, dist / 1000.0);
    rl_event(g, SL_EV_STATE, unit, text, fields);
}

/* The effective radius at a figure or building: the plain radius, or
 * for a FAE inside a building twice that unless a blast wall stands in
 * between. */
bool art_within_blast(const sl_game *g, sl_pt c, int32_t r, bool doubled, sl_pt p, int32_t base_r, char *why,
                      size_t whylen)
{
    why[0] = '\0';
    sl_circle plain = {c, r};
    if (sl_circle_touches_base(plain, p, base_r))
        return true;
    if (!doubled)
        return false;
    sl_circle two = {c, 2 * r};
    if (!sl_circle_touches_base(two, p, base_r))
        return false;
    int wall = -1;
    if (art_crosses_blast_wall(g, c, p, &wall)) {
        snprintf(why, whylen, "beyond %.0f\", %s stops the doubled blast", r / 1000.0, art_feature_name(g, wall));
        return false;
    }
    return true;
}

/* Does the burst reach the man (fig) on foot on the table? Not one
 * dead, aboard, not yet on or no infantry (NONE); nor one in a building a
 * FAE caught (done[]: taken with it); OUT past its reach, why what
 * stopped a doubled one ("" nothing to say); a shell's, SHIELDED by a
 * building between them (why: by what); IN, with the line from the
 * burst (a shell's: his cover). Asked alike by the burst and the call's
 * preview. */
art_reach art_troop_reach(const sl_game *g, const art_burst *b, int fig, const bool *done, sl_los_result *line,
                          char *why, size_t whylen)
{
    const sl_figure *f = &g->live.figures[fig];
    why[0] = '\0';
    if (f->status == SL_FIG_DEAD || g->live.units[f->unit].kind != SL_UNIT_INFANTRY || g->us[f->unit].aboard >= 0 ||
        sl_game_not_yet_on(g, f->unit))
        return ART_REACH_NONE;
    bool fae = b->warhead == ART_WH_FAE;
    int bin = fae ? art_building_at(g, f->pos) : -1;
    if (bin >= 0 && bin < ART_MAX_BUILDINGS && done && done[bin])
        return ART_REACH_NONE; /* taken with its building */
    if (!art_within_blast(g, b->c, b->r, b->doubled, f->pos, f->base_r, why, whylen))
        return ART_REACH_OUT;
    if (fae)
        return ART_REACH_IN;
    /* the cover between the burst and the man; a building between
     * them shields him whole (p47) */
    sl_los_check(&g->sight.ix, &g->sight.params, g->sight.scratch, b->c, f->pos, line);
    if (!line->visible) {
        snprintf(why, whylen, "%s",
                 line->block_hit >= 0 ? art_feature_name(g, line->hits[line->block_hit].feature) : "the ground");
        return ART_REACH_SHIELDED;
    }
    return ART_REACH_IN;
}
