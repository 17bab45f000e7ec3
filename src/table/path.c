/* Movement cost along a path over terrain. */
#include "sightline/los.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int going_cost(sl_going g)
{
    return g == SL_GOING_IMPASSABLE ? 0 : (int)g;
}

/* Worse going costs more; impassable is worst of all. */
static int badness(sl_going g)
{
    return g == SL_GOING_IMPASSABLE ? 4 : (int)g;
}

sl_going sl_going_at(const sl_los_index *ix, sl_pt p, int *feature)
{
    const sl_table *t = ix->table;
    sl_going worst = SL_GOING_CLEAR;
    int worst_f = -1, road = -1;
    if (feature)
        *feature = -1;
    if (ix->cols <= 0)
        return SL_GOING_CLEAR;
    int cx = (int)((p.x - ix->x0) / ix->cell), cy = (int)((p.y - ix->y0) / ix->cell);
    if (p.x < ix->x0 || p.y < ix->y0 || cx >= ix->cols || cy >= ix->rows)
        return SL_GOING_CLEAR;
    size_t k = (size_t)cy * (size_t)ix->cols + (size_t)cx;
    for (int j = ix->cell_start[k]; j < ix->cell_start[k + 1]; j++) {
        int fi = ix->cell_items[j];
        const sl_feature *f = &t->features[fi];
        if (f->shape == SL_SHAPE_POLYLINE)
            continue;
        if (p.x < f->lo.x || p.x > f->hi.x || p.y < f->lo.y || p.y > f->hi.y)
            continue;
        if (sl_poly_contains(sl_feature_pts(t, f), f->npts, p) == SL_OUTSIDE)
            continue;
        if (f->kind == SL_TERRAIN_ROAD) {
            road = fi;
            continue;
        }
        if (badness(f->going) > badness(worst)) {
            worst = f->going;
            worst_f = fi;
        }
    }
    if (road >= 0) {
        if (feature)
            *feature = road;
        return SL_GOING_CLEAR;
    }
    if (feature)
        *feature = worst_f;
    return worst;
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

#define MAX_BREAKS 512

void sl_path_cost_of(const sl_los_index *ix, const sl_pt *path, int n, double allowance, sl_path_cost *out)
{
    memset(out, 0, sizeof *out);
    out->first_impassable = -1;
    out->within = true;
    if (n <= 0)
        return;
    out->stop = path[0];
    const sl_table *t = ix->table;
    bool stopped = false;
    for (int leg = 0; leg + 1 < n; leg++) {
        sl_pt a = path[leg], b = path[leg + 1];
        double len = sl_dist(a, b);
        if (len <= 0)
            continue;
        /* where the leg crosses any terrain outline */
        double ts[MAX_BREAKS];
        int nt = 0;
        ts[nt++] = 0.0;
        ts[nt++] = 1.0;
        sl_pt lo = sl_pt_make(a.x < b.x ? a.x : b.x, a.y < b.y ? a.y : b.y);
        sl_pt hi = sl_pt_make(a.x < b.x ? b.x : a.x, a.y < b.y ? b.y : a.y);
        for (int fi = 0; fi < t->nfeatures && nt < MAX_BREAKS; fi++) {
            const sl_feature *f = &t->features[fi];
            if (f->shape == SL_SHAPE_POLYLINE || hi.x < f->lo.x || lo.x > f->hi.x || hi.y < f->lo.y ||
                lo.y > f->hi.y)
                continue;
            const sl_pt *v = sl_feature_pts(t, f);
            for (int e = 0; e < f->npts && nt < MAX_BREAKS; e++) {
                double tt;
                if (sl_seg_intersection(a, b, v[e], v[(e + 1) % f->npts], &tt))
                    ts[nt++] = tt;
            }
        }
        qsort(ts, (size_t)nt, sizeof ts[0], cmp_double);
        for (int i = 0; i + 1 < nt; i++) {
            double t0 = ts[i], t1 = ts[i + 1];
            if (t1 - t0 < 1e-12)
                continue;
            sl_pt mid = sl_pt_make((int32_t)lround(a.x + (t0 + t1) / 2 * ((double)b.x - a.x)),
                                   (int32_t)lround(a.y + (t0 + t1) / 2 * ((double)b.y - a.y)));
            int fid;
            sl_going g = sl_going_at(ix, mid, &fid);
            double piece = (t1 - t0) * len;
            out->by_going[g] += piece;
            out->length += piece;
            if (g == SL_GOING_IMPASSABLE) {
                if (!out->impassable) {
                    out->impassable = true;
                    out->first_impassable = fid;
                }
                if (!stopped) {
                    stopped = true;
                    out->within = false;
                    out->stop = sl_pt_make((int32_t)lround(a.x + t0 * ((double)b.x - a.x)),
                                           (int32_t)lround(a.y + t0 * ((double)b.y - a.y)));
                    out->stop_at = out->length - piece;
                }
                continue;
            }
            double c = piece * going_cost(g);
            /* decided once, in whole mils: the way fits when its cost
             * rounds (half up) to no more than the allowance */
            if (!stopped && out->cost + c >= allowance + 0.5) {
                /* the allowance runs out inside this piece */
                double left = (allowance - out->cost) / going_cost(g);
                double tt = t0 + left / len;
                out->stop = sl_pt_make((int32_t)lround(a.x + tt * ((double)b.x - a.x)),
                                       (int32_t)lround(a.y + tt * ((double)b.y - a.y)));
                out->stop_at = out->length - piece + left;
                stopped = true;
                out->within = false;
            }
            out->cost += c;
        }
    }
    if (!stopped) {
        out->stop = path[n - 1];
        out->stop_at = out->length;
    }
}
