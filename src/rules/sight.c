/* Sight and range under the rules; see sight.h. */
#include "sightline/sight.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const sl_die ladder[] = {SL_D4, SL_D6, SL_D8, SL_D10, SL_D12};

static int rung(sl_die d)
{
    for (int i = 0; i < 5; i++)
        if (ladder[i] == d)
            return i;
    return -1;
}

sl_die sl_die_shift(sl_die d, int steps)
{
    int r = rung(d);
    if (r < 0)
        return SL_DIE_NONE;
    r += steps;
    if (r > 4)
        return SL_DIE_NONE;
    return ladder[r < 0 ? 0 : r];
}

void sl_range_judge(int64_t dist2, int32_t band_len, sl_cover cover, bool in_position, sl_range *out)
{
    memset(out, 0, sizeof *out);
    out->distance = sqrt((double)dist2);
    out->band_len = band_len;
    /* the smallest N with distance <= N bands, decided in integers */
    if (band_len > 0 && dist2 > 0) {
        int64_t n = (int64_t)(out->distance / band_len);
        if (n < 1)
            n = 1;
        while (n > 1 && dist2 <= (n - 1) * (int64_t)band_len * (n - 1) * band_len)
            n--;
        while (dist2 > n * (int64_t)band_len * n * band_len)
            n++;
        out->band = (int)n;
    }
    out->shifts = (int)cover + (in_position ? 1 : 0);
    out->max_bands = 5 - out->shifts;
    out->base_die = out->band >= 1 && out->band <= 5 ? ladder[out->band - 1] : out->band == 0 ? SL_D4 : SL_DIE_NONE;
    out->die = out->base_die == SL_DIE_NONE ? SL_DIE_NONE : sl_die_shift(out->base_die, out->shifts);
}

void sl_los_params_from_options(const sl_options *o, sl_los_params *p)
{
    sl_los_params_default(p);
    p->eye = o->figure_height;
    p->wood_edge = o->wood_edge_depth;
    p->cover_distance = o->cover_distance;
    p->crest_cover = (sl_cover)o->crest_cover;
}

bool sl_sight_init(sl_sight *s, const sl_scenario *scn)
{
    memset(s, 0, sizeof *s);
    s->scn = scn;
    sl_los_params_from_options(&scn->options, &s->params);
    s->scratch = calloc(1, sizeof *s->scratch);
    if (!s->scratch)
        return false;
    if (!sl_los_index_build(&s->ix, &scn->table, 0)) {
        free(s->scratch);
        s->scratch = NULL;
        return false;
    }
    if (!sl_los_scratch_init(s->scratch, &scn->table)) {
        sl_los_index_free(&s->ix);
        free(s->scratch);
        s->scratch = NULL;
        return false;
    }
    return true;
}

void sl_sight_free(sl_sight *s)
{
    sl_los_index_free(&s->ix);
    if (s->scratch)
        sl_los_scratch_free(s->scratch);
    free(s->scratch);
    s->scratch = NULL;
}

sl_pt sl_placed(const sl_scenario *scn, const sl_placement *pl, int fig)
{
    if (pl)
        for (int i = 0; i < pl->n; i++)
            if (pl->figs[i] == fig)
                return pl->pos[i];
    return scn->figures[fig].pos;
}

sl_pt sl_figs_centre(const sl_scenario *scn, const int *figs, int nfigs, int *figure)
{
    return sl_figs_centre_at(scn, NULL, figs, nfigs, figure);
}

sl_pt sl_figs_centre_at(const sl_scenario *scn, const sl_placement *pl, const int *figs, int nfigs, int *figure)
{
    int64_t sx = 0, sy = 0;
    int n = 0;
    for (int i = 0; i < nfigs; i++) {
        const sl_figure *f = &scn->figures[figs[i]];
        if (f->status == SL_FIG_DEAD)
            continue;
        sl_pt q = sl_placed(scn, pl, figs[i]);
        sx += q.x;
        sy += q.y;
        n++;
    }
    if (n == 0) {
        if (figure)
            *figure = nfigs > 0 ? figs[0] : -1;
        return nfigs > 0 ? sl_placed(scn, pl, figs[0]) : sl_pt_make(0, 0);
    }
    /* round half away from zero, the same on every machine */
    sl_pt c = sl_pt_make((int32_t)((sx + (sx >= 0 ? n / 2 : -n / 2)) / n), (int32_t)((sy + (sy >= 0 ? n / 2 : -n / 2)) / n));
    if (scn->options.unit_centre == 1) {
        if (figure)
            *figure = -1;
        return c;
    }
    /* the living figure nearest the centroid (ties: the first listed) */
    int best = -1;
    int64_t bd = 0;
    for (int i = 0; i < nfigs; i++) {
        const sl_figure *f = &scn->figures[figs[i]];
        if (f->status == SL_FIG_DEAD)
            continue;
        int64_t d = sl_dist2(sl_placed(scn, pl, figs[i]), c);
        if (best < 0 || d < bd) {
            best = figs[i];
            bd = d;
        }
    }
    if (figure)
        *figure = best;
    return sl_placed(scn, pl, best);
}

/* A unit's figures as indices. */
static int unit_figs(const sl_scenario *scn, int unit, int *out)
{
    const sl_unit *u = &scn->units[unit];
    int n = 0;
    for (int i = 0; i < u->nfigures && n < SL_SIGHT_MAX_FIGS; i++)
        out[n++] = u->first_figure + i;
    return n;
}

sl_pt sl_unit_centre(const sl_scenario *scn, int unit, int *figure)
{
    int figs[SL_SIGHT_MAX_FIGS];
    int n = unit_figs(scn, unit, figs);
    return sl_figs_centre(scn, figs, n, figure);
}

/* Feature index of a result's blocking or cover hit. */
static int hit_feature(const sl_los_result *r, int hit)
{
    return hit >= 0 ? r->hits[hit].feature : -1;
}

void sl_unit_sight_judge(const sl_sight *s, int firer, int target, bool in_position, sl_unit_sight *out)
{
    int from[SL_SIGHT_MAX_FIGS], to[SL_SIGHT_MAX_FIGS];
    int nf = unit_figs(s->scn, firer, from), nt = unit_figs(s->scn, target, to);
    sl_set_sight_judge(s, firer, from, nf, to, nt, in_position, out);
}

void sl_set_sight_judge(const sl_sight *s, int band_unit, const int *from, int nfrom, const int *to, int nto,
                        bool in_position, sl_unit_sight *out)
{
    sl_set_sight_judge_at(s, NULL, band_unit, from, nfrom, to, nto, in_position, out);
}

void sl_set_sight_judge_at(const sl_sight *s, const sl_placement *pl, int band_unit, const int *from, int nfrom,
                           const int *to, int nto, bool in_position, sl_unit_sight *out)
{
    const sl_scenario *scn = s->scn;
    memset(out, 0, sizeof *out);
    out->from = sl_figs_centre_at(scn, pl, from, nfrom, &out->from_figure);
    out->to = sl_figs_centre_at(scn, pl, to, nto, &out->to_figure);
    /* answers only: the centre line (for drawing and explaining) is not
     * judged, and each figure's line stops at its first blocker */
    if (s->answers_only)
        out->line.block_hit = out->line.cover_hit = -1;
    else
        sl_los_check(&s->ix, &s->params, s->scratch, out->from, out->to, &out->line);
    int by_cover[3] = {0, 0, 0};
    for (int i = 0; i < nto && out->nfigs < SL_SIGHT_MAX_FIGS; i++) {
        int fi = to[i];
        const sl_figure *f = &scn->figures[fi];
        if (f->status == SL_FIG_DEAD)
            continue;
        sl_fig_sight *fs = &out->figs[out->nfigs++];
        fs->figure = fi;
        if (s->answers_only) {
            fs->visible = sl_los_cover(&s->ix, &s->params, s->scratch, out->from, sl_placed(scn, pl, fi), &fs->cover);
            fs->block_feature = fs->cover_feature = -1;
        } else {
            sl_los_result r;
            sl_los_check(&s->ix, &s->params, s->scratch, out->from, sl_placed(scn, pl, fi), &r);
            fs->visible = r.visible;
            fs->cover = r.cover;
            fs->block_feature = hit_feature(&r, r.block_hit);
            fs->cover_feature = hit_feature(&r, r.cover_hit);
        }
        out->total++;
        if (fs->visible) {
            out->seen++;
            by_cover[fs->cover]++;
        }
    }
    /* at least half seen; cover held by more than half of those seen, an
     * even split taking the lesser */
    out->visible = out->total > 0 && 2 * out->seen >= out->total;
    out->cover = SL_COVER_NONE;
    if (out->seen > 0) {
        if (2 * by_cover[SL_COVER_HARD] > out->seen)
            out->cover = SL_COVER_HARD;
        else if (2 * (by_cover[SL_COVER_HARD] + by_cover[SL_COVER_SOFT]) > out->seen)
            out->cover = SL_COVER_SOFT;
    }
    sl_range_judge(sl_dist2(out->from, out->to), sl_quality_band(scn->units[band_unit].quality), out->cover,
                   in_position, &out->range);
}

void sl_figure_sight_judge(const sl_sight *s, int firer_fig, int target_fig, bool in_position, sl_los_result *line,
                           sl_range *range)
{
    const sl_scenario *scn = s->scn;
    const sl_figure *a = &scn->figures[firer_fig], *b = &scn->figures[target_fig];
    sl_los_check(&s->ix, &s->params, s->scratch, a->pos, b->pos, line);
    sl_range_judge(sl_dist2(a->pos, b->pos), sl_quality_band(scn->units[a->unit].quality), line->cover, in_position,
                   range);
}

int sl_figures_in_circle(const sl_scenario *scn, sl_circle c, bool living_only, int *out, int max)
{
    int n = 0;
    for (int i = 0; i < scn->nfigures; i++) {
        const sl_figure *f = &scn->figures[i];
        if (living_only && f->status == SL_FIG_DEAD)
            continue;
        if (!sl_circle_touches_base(c, f->pos, f->base_r))
            continue;
        if (n < max)
            out[n] = i;
        n++;
    }
    return n;
}

void sl_unit_integrity(const sl_scenario *scn, int unit, int *group_of, bool *stray, sl_integrity *out)
{
    /* the living figures only: the dead are no longer part of the unit */
    const sl_unit *u = &scn->units[unit];
    sl_pt pos[SL_SIGHT_MAX_FIGS] = {{0, 0}};
    int32_t rad[SL_SIGHT_MAX_FIGS] = {0};
    int which[SL_SIGHT_MAX_FIGS], g[SL_SIGHT_MAX_FIGS];
    bool st[SL_SIGHT_MAX_FIGS];
    int n = 0;
    for (int i = 0; i < u->nfigures && i < SL_SIGHT_MAX_FIGS; i++) {
        const sl_figure *f = &scn->figures[u->first_figure + i];
        if (group_of)
            group_of[i] = -1;
        if (stray)
            stray[i] = false;
        if (f->status == SL_FIG_DEAD)
            continue;
        pos[n] = f->pos;
        rad[n] = f->base_r;
        which[n++] = i;
    }
    sl_integrity_params p = {scn->options.integrity_circle, scn->options.integrity_chain,
                             scn->options.integrity_measure == 1};
    sl_integrity_check(pos, rad, n, &p, g, st, out);
    for (int k = 0; k < n; k++) {
        if (group_of)
            group_of[which[k]] = g[k];
        if (stray)
            stray[which[k]] = st[k];
    }
}

bool sl_figs_intact(const sl_scenario *scn, const sl_placement *pl, const int *figs, int nfigs, sl_integrity *out)
{
    sl_pt pos[SL_SIGHT_MAX_FIGS];
    int32_t rad[SL_SIGHT_MAX_FIGS];
    int n = 0;
    for (int i = 0; i < nfigs && n < SL_SIGHT_MAX_FIGS; i++) {
        const sl_figure *f = &scn->figures[figs[i]];
        if (f->status == SL_FIG_DEAD)
            continue;
        pos[n] = sl_placed(scn, pl, figs[i]);
        rad[n++] = f->base_r;
    }
    sl_integrity_params p = {scn->options.integrity_circle, scn->options.integrity_chain,
                             scn->options.integrity_measure == 1};
    sl_integrity tmp;
    if (!out)
        out = &tmp;
    int group[SL_SIGHT_MAX_FIGS];
    bool stray[SL_SIGHT_MAX_FIGS];
    sl_integrity_check(pos, rad, n, &p, group, stray, out);
    return out->intact;
}

bool sl_point_in_cover(const sl_scenario *scn, sl_pt p)
{
    const sl_table *t = &scn->table;
    int32_t reach = scn->options.cover_distance;
    for (int k = 0; k < t->nfeatures; k++) {
        const sl_feature *ft = &t->features[k];
        if (ft->cover == SL_COVER_NONE)
            continue;
        const sl_pt *v = sl_feature_pts(t, ft);
        if (ft->shape == SL_SHAPE_POLYLINE) {
            /* at a wall or hedge: within cover distance of it */
            for (int e = 0; e + 1 < ft->npts; e++)
                if (sl_seg_within(v[e], v[e + 1], p, reach))
                    return true;
            continue;
        }
        if (sl_poly_contains(v, ft->npts, p) != SL_OUTSIDE)
            return true;
        if (ft->kind == SL_TERRAIN_WALL || ft->kind == SL_TERRAIN_HEDGE || ft->kind == SL_TERRAIN_BUILDING ||
            ft->kind == SL_TERRAIN_BUNKER)
            for (int e = 0; e < ft->npts; e++)
                if (sl_seg_within(v[e], v[(e + 1) % ft->npts], p, reach))
                    return true;
    }
    return false;
}

bool sl_parts_integrity_judge(const sl_scenario *scn, int whole, sl_parts_integrity *out)
{
    memset(out, 0, sizeof *out);
    out->leader = -1;
    int n = sl_unit_nparts(scn, whole);
    if (n == 0)
        return false;
    const sl_unit *s = &scn->units[whole];
    out->band = sl_quality_band(s->quality);
    if (s->leader >= 0 && scn->figures[s->leader].status == SL_FIG_OK)
        out->leader = s->leader;
    out->nparts = n;
    for (int k = 0; k < n; k++) {
        const sl_unit *t = &scn->units[sl_unit_part(scn, whole, k)];
        out->part[k] = sl_unit_part(scn, whole, k);
        out->nearest[k] = -1;
        out->in[k] = out->leader < 0; /* no leader: nothing to be out of */
        if (out->leader < 0)
            continue;
        sl_pt lp = scn->figures[out->leader].pos;
        int64_t best = INT64_MAX;
        for (int i = 0; i < t->nfigures; i++) {
            int fi = t->first_figure + i;
            if (scn->figures[fi].status != SL_FIG_OK)
                continue;
            int64_t d = sl_dist2(scn->figures[fi].pos, lp);
            if (d < best) {
                best = d;
                out->nearest[k] = fi;
            }
        }
        if (out->nearest[k] < 0) {
            out->in[k] = true; /* a part with no one standing */
            continue;
        }
        out->dist[k] = sl_dist(scn->figures[out->nearest[k]].pos, lp);
        out->in[k] = sl_within(scn->figures[out->nearest[k]].pos, lp, out->band);
    }
    return true;
}
