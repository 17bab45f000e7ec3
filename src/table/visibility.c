/* The visibility polygon of one observer.
 *
 * 1. Each feature is opaque or not for this observer: solid terrain taller
 *    than a standing figure is, unless the observer stands in it (a
 *    building he is in, a hill he is on) or right at it (a wall he fires
 *    over). Open ground never is.
 * 2. Features are gathered from the sight index's grid in square rings
 *    round the observer and taken strictly nearest first (a heap holds
 *    those gathered but not yet nearer than the rings done). An angular
 *    depth buffer of NB buckets records, for each direction, how far one
 *    can see at most: first to the table's edge, then, where a nearer
 *    convex feature covers the whole bucket, to that feature's far side.
 *    A feature lying wholly beyond that in every bucket it spans is
 *    hidden and dropped, and once every bucket is shut nearer than the
 *    rings reach, the rest of the table is never looked at: the work
 *    follows what the observer can see, not how big the table is.
 * 3. Of what is left, only edges facing the observer can be the first
 *    thing a ray meets (a ray from outside enters a shape through an edge
 *    whose outer side faces it), so the others are dropped too.
 * 4. Rays are cast at every corner that is left, and just either side of
 *    it; each ray meets only the segments listed in its bucket, nearest
 *    first, and stops once the rest are farther than what it has met. The
 *    nearest meeting point of each ray, in angle order, is the polygon,
 *    with a corner added where two outlines cross between two rays
 *    (overlapping buildings). Rays stopped by woods or a hill reach
 *    `wood_edge` into the wood, or `cover_distance` past the crest, since
 *    a target there is seen.
 *
 * Directions are compared by "diamond angle", a cheap stand-in for atan2
 * with the same order: 0 to 4 round the circle, +2 for a half turn.
 * Nothing here allocates: all working memory comes from the caller.
 */
#include <math.h>
#include <string.h>

#include "sightline/los.h"

#define NB 512        /* angular buckets: a power of two, so a bucket wraps round by & (NB - 1) */
#define NSORT 2048    /* bins for sorting rays by angle */
_Static_assert((NB & (NB - 1)) == 0, "NB is a power of two");

typedef struct vseg {
    double ax, ay, bx, by; /* relative to the observer */
    double dmin;           /* nearest distance to the observer */
    float reach;           /* how far past this segment a target is still seen */
    int b0, b1;            /* buckets spanned */
} vseg;

typedef struct vfeat {
    int index;
    double dmin2, dmax2;
    double p0, p1;         /* angular span (diamond angle), p1 - p0 < 2 when known */
    bool span_known, convex, inside;
    float reach;
} vfeat;

typedef struct ray {
    double pa;             /* diamond angle */
    double dx, dy;         /* unit direction */
} ray;

typedef struct arena {
    char *p;
    size_t left;
} arena;

static void *take(arena *a, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    if (n > a->left)
        return NULL;
    void *r = a->p;
    a->p += n;
    a->left -= n;
    return r;
}

/* Diamond angle of (x, y): 0..4, increasing anticlockwise like atan2. */
static double pangle(double x, double y)
{
    if (y >= 0)
        return x >= 0 ? (x + y > 0 ? y / (x + y) : 0.0) : 1.0 - x / (-x + y);
    return x < 0 ? 2.0 - y / (-x - y) : 3.0 + x / (x - y);
}

static double pwrap(double p)
{
    while (p < 0)
        p += 4.0;
    while (p >= 4.0)
        p -= 4.0;
    return p;
}

static int bucket_of(double p)
{
    int b = (int)(pwrap(p) * (NB / 4.0));
    return b < 0 ? 0 : b >= NB ? NB - 1 : b;
}

static bool in_bbox_pt(const sl_feature *f, sl_pt p)
{
    return p.x >= f->lo.x && p.x <= f->hi.x && p.y >= f->lo.y && p.y <= f->hi.y;
}

/* llround() for a coordinate, without the library call: halves away
 * from zero, exact (x less than 2^52 in size). */
static inline int32_t round_mils(double x)
{
    long long i = (long long)x;
    double f = x - (double)i;
    return (int32_t)(i + (f >= 0.5) - (f <= -0.5));
}

/* A feature's corners, without a call into another file. */
static inline const sl_pt *corners(const sl_table *t, const sl_feature *f)
{
    return t->pts + f->first_pt;
}

/* Squared distance from the origin to a segment given relative to it. */
static double seg_dist2(double ax, double ay, double bx, double by)
{
    double dx = bx - ax, dy = by - ay, l2 = dx * dx + dy * dy;
    double dot = -(ax * dx + ay * dy);
    /* the nearest point's place along it, clamped to the ends: divided
     * only when it falls between them (the same t as dividing first) */
    double t = !(l2 > 0) || dot <= 0 ? 0 : dot >= l2 ? 1 : dot / l2;
    double x = ax + t * dx, y = ay + t * dy;
    return x * x + y * y;
}

/* Is this feature opaque for an observer at o (ground g)? */
static bool opaque_for(const sl_los_params *p, const sl_table *t, const sl_feature *f, sl_pt o, int32_t g,
                       float *reach, bool *inside_out)
{
    const sl_pt *v = corners(t, f);
    *reach = 0;
    bool closed = f->shape != SL_SHAPE_POLYLINE;
    bool inside = closed && in_bbox_pt(f, o) && sl_poly_contains(v, f->npts, o) != SL_OUTSIDE;
    *inside_out = inside;
    if (f->kind == SL_TERRAIN_HILL && closed) {
        if (inside || g >= f->height)
            return false;
        *reach = (float)p->cover_distance;
        return true;
    }
    if (!f->blocks_los || inside)
        return false; /* open ground, or the building he stands in */
    if (f->kind == SL_TERRAIN_WOODS) {
        *reach = (float)p->wood_edge;
        return true;
    }
    if (f->kind == SL_TERRAIN_WALL || f->kind == SL_TERRAIN_HEDGE) {
        /* a wall he stands at does not hide anything from him */
        int edges = closed ? f->npts : f->npts - 1;
        for (int i = 0; i < edges; i++)
            if (sl_seg_point_dist2(v[i], v[(i + 1) % f->npts], o) <= (double)p->cover_distance * p->cover_distance)
                return false;
    }
    return g + f->height > p->eye;
}

/* Distance from o to the nearest point of a polygon's outline. */
static double outline_dist(const sl_pt *v, int n, sl_pt o)
{
    double best = 1e300;
    for (int i = 0; i < n; i++) {
        double d = sl_seg_point_dist2(v[i], v[(i + 1) % n], o);
        if (d < best)
            best = d;
    }
    return sqrt(best);
}

static int circle_poly(sl_pt o, double r, sl_pt *out, int max)
{
    /* a 32-gon, from the directions of a diamond (no trigonometry) */
    int n = max < 32 ? max : 32;
    for (int i = 0; i < n; i++) {
        double q = 4.0 * i / n, x, y;
        if (q < 1) { x = 1 - q; y = q; }
        else if (q < 2) { x = 1 - q; y = 2 - q; }
        else if (q < 3) { x = q - 3; y = 2 - q; }
        else { x = q - 3; y = q - 4; }
        double l = sqrt(x * x + y * y);
        out[i] = sl_pt_make(round_mils(o.x + r * x / l), round_mils(o.y + r * y / l));
    }
    return n;
}

/* Sort by a key in [0, kmax) with bins and insertion: linear for the
 * evenly spread keys met here. `idx` receives the order. */
static void bin_sort(const double *key, int n, double kmax, int nbins, int *bins, int *idx)
{
    memset(bins, 0, sizeof(int) * (size_t)(nbins + 1));
    double scale = nbins / kmax; /* a bin is monotone in the key: equal keys share one, so the order is the same */
    for (int i = 0; i < n; i++) {
        int b = (int)(key[i] * scale);
        b = b < 0 ? 0 : b >= nbins ? nbins - 1 : b;
        bins[b + 1]++;
    }
    for (int b = 0; b < nbins; b++)
        bins[b + 1] += bins[b];
    for (int i = 0; i < n; i++) {
        int b = (int)(key[i] * scale);
        b = b < 0 ? 0 : b >= nbins ? nbins - 1 : b;
        idx[bins[b]++] = i;
    }
    /* bins now hold each bin's end; insertion sort tidies within bins */
    for (int i = 1; i < n; i++) {
        int x = idx[i], j = i - 1;
        while (j >= 0 && key[idx[j]] > key[x]) {
            idx[j + 1] = idx[j];
            j--;
        }
        idx[j + 1] = x;
    }
}

/* What the polygon needs of one opaque feature seen from o. */
static void describe_feature(const sl_los_index *ix, const sl_feature *f, int index, sl_pt o, float reach,
                             bool inside, vfeat *vf)
{
    const sl_pt *v = corners(ix->table, f);
    vf->index = index;
    vf->reach = reach;
    vf->inside = inside;
    vf->convex = sl_los_convex(ix, index); /* a closed convex outline, known from the index */
    double dmin2 = 1e300, dmax2 = 0, base = 0, lo = 0, hi = 0;
    int edges = f->shape == SL_SHAPE_POLYLINE ? f->npts - 1 : f->npts;
    for (int k = 0; k < f->npts; k++) {
        double x = (double)v[k].x - o.x, y = (double)v[k].y - o.y;
        double d2 = x * x + y * y;
        if (d2 > dmax2)
            dmax2 = d2;
        double a = pangle(x, y);
        if (k == 0) {
            base = a;
        } else {
            double rel = a - base;
            if (rel > 2)
                rel -= 4;
            else if (rel <= -2)
                rel += 4;
            if (rel < lo)
                lo = rel;
            if (rel > hi)
                hi = rel;
        }
    }
    for (int k = 0; k < edges; k++) {
        sl_pt a = v[k], b = v[k + 1 < f->npts ? k + 1 : 0];
        double d2 = seg_dist2((double)a.x - o.x, (double)a.y - o.y, (double)b.x - o.x, (double)b.y - o.y);
        if (d2 < dmin2)
            dmin2 = d2;
    }
    vf->dmin2 = dmin2;
    vf->dmax2 = dmax2;
    vf->p0 = base + lo;
    vf->p1 = base + hi;
    vf->span_known = hi - lo < 2 - 1e-9;
}

/* The unit direction of diamond angle q (0..4). */
static void pdir(double q, double *dx, double *dy)
{
    double x, y;
    if (q < 1) {
        x = 1 - q;
        y = q;
    } else if (q < 2) {
        x = 1 - q;
        y = 2 - q;
    } else if (q < 3) {
        x = q - 3;
        y = 2 - q;
    } else {
        x = q - 3;
        y = q - 4;
    }
    double l = sqrt(x * x + y * y);
    *dx = x / l;
    *dy = y / l;
}

/* How far from o along (dx, dy) the table ends. */
static double to_table_edge(const sl_table *t, sl_pt o, double dx, double dy)
{
    double tx = dx > 1e-12 ? (t->width - (double)o.x) / dx : dx < -1e-12 ? -(double)o.x / dx : 1e300;
    double ty = dy > 1e-12 ? (t->height - (double)o.y) / dy : dy < -1e-12 ? -(double)o.y / dy : 1e300;
    return tx < ty ? tx : ty;
}

/* Each bucket's farthest sight before anything stands in the way: the
 * table's edge (past it there is nothing to see). The distance along a
 * direction to one side of the table is largest at the bucket's bounds,
 * or at a table corner inside it. Squared, as the depths are. */
static void table_depths(const sl_table *t, sl_pt o, double *depth)
{
    /* the buckets' bounds as unit directions: the same for every
     * observer, so worked out once (the program draws from one thread) */
    static double bound[NB + 1][2];
    static bool bounds_made;
    if (!bounds_made) {
        for (int b = 0; b <= NB; b++)
            pdir(4.0 * b / NB, &bound[b][0], &bound[b][1]);
        bounds_made = true;
    }
    double prev = 0;
    for (int b = 0; b <= NB; b++) {
        double dx = bound[b][0], dy = bound[b][1];
        double d = to_table_edge(t, o, dx, dy);
        if (b > 0)
            depth[b - 1] = (prev > d ? prev : d) + 2.0;
        prev = d;
    }
    sl_pt corner[4] = {sl_pt_make(0, 0), sl_pt_make(t->width, 0), sl_pt_make(t->width, t->height),
                       sl_pt_make(0, t->height)};
    for (int k = 0; k < 4; k++) {
        double x = (double)corner[k].x - o.x, y = (double)corner[k].y - o.y;
        double d = sqrt(x * x + y * y) + 2.0;
        int b = bucket_of(pangle(x, y));
        if (d > depth[b])
            depth[b] = d;
    }
    for (int b = 0; b < NB; b++)
        depth[b] *= depth[b];
}

/* A min-heap of feature slots by distance (then index, so the order is
 * the same every run): the gathered features not yet added. */
static bool heap_less(const vfeat *f, int a, int b)
{
    if (f[a].dmin2 != f[b].dmin2)
        return f[a].dmin2 < f[b].dmin2;
    return f[a].index < f[b].index;
}

static void heap_push(int *h, int *n, const vfeat *f, int slot)
{
    int i = (*n)++;
    h[i] = slot;
    while (i > 0 && heap_less(f, h[i], h[(i - 1) / 2])) {
        int up = (i - 1) / 2, tmp = h[i];
        h[i] = h[up];
        h[up] = tmp;
        i = up;
    }
}

static int heap_pop(int *h, int *n, const vfeat *f)
{
    int top = h[0];
    h[0] = h[--(*n)];
    int i = 0;
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        if (l < *n && heap_less(f, h[l], h[m]))
            m = l;
        if (r < *n && heap_less(f, h[r], h[m]))
            m = r;
        if (m == i)
            break;
        int tmp = h[i];
        h[i] = h[m];
        h[m] = tmp;
        i = m;
    }
    return top;
}

/* Drop the feature if nearer ones hide it in every direction it spans;
 * else record what it hides and add its edges that face the observer.
 * Returns the new number of segments. */
static int add_feature(const sl_los_index *ix, const vfeat *vf, sl_pt o, double *depth, vseg *segs, int ns)
{
    const sl_table *t = ix->table;
    const sl_feature *f = &t->features[vf->index];
    if (vf->span_known) {
        int b0 = bucket_of(vf->p0), b1 = bucket_of(vf->p1);
        bool hidden = true;
        for (int b = b0;; b = (b + 1) & (NB - 1)) {
            if (depth[b] > vf->dmin2) {
                hidden = false;
                break;
            }
            if (b == b1)
                break;
        }
        if (hidden)
            return ns;
        if (vf->convex && vf->reach == 0) {
            /* buckets wholly inside the span are covered by it */
            for (int b = (b0 + 1) & (NB - 1); b != b1; b = (b + 1) & (NB - 1))
                if (vf->dmax2 < depth[b])
                    depth[b] = vf->dmax2;
        }
    }
    const sl_pt *v = corners(t, f);
    bool closed = f->shape != SL_SHAPE_POLYLINE;
    int area2 = closed ? sl_los_turn(ix, vf->index) : 0; /* its sign, from the index */
    int edges = closed ? f->npts : f->npts - 1;
    for (int k = 0; k < edges; k++) {
        sl_pt a = v[k], b = v[k + 1 < f->npts ? k + 1 : 0];
        /* only edges whose outer side faces the observer */
        if (closed && !vf->inside) {
            int64_t side = sl_cross(a, b, o);
            if ((area2 > 0 && side >= 0) || (area2 < 0 && side <= 0))
                continue;
        }
        vseg *s = &segs[ns++];
        s->ax = (double)a.x - o.x;
        s->ay = (double)a.y - o.y;
        s->bx = (double)b.x - o.x;
        s->by = (double)b.y - o.y;
        s->reach = vf->reach;
    }
    return ns;
}

/* Where the nearest outline changes from segment i (seen along the ray
 * d0) to segment j (along the next ray d1) because the two cross between
 * those rays: the crossing, appended to out. False only when out is full. */
static bool crossing_between(const vseg *segs, int i, int j, double d0x, double d0y, double d1x, double d1y, sl_pt o,
                             const sl_table *t, sl_pt *out, int *n, int max)
{
    if (i == j || i < 0 || j < 0 || segs[i].reach != 0 || segs[j].reach != 0)
        return true;
    const vseg *a = &segs[i], *b = &segs[j];
    double ex = a->bx - a->ax, ey = a->by - a->ay, fx = b->bx - b->ax, fy = b->by - b->ay;
    double den = ex * fy - ey * fx;
    if (fabs(den) < 1e-9)
        return true;
    double u = ((b->ax - a->ax) * fy - (b->ay - a->ay) * fx) / den;
    double v = ((b->ax - a->ax) * ey - (b->ay - a->ay) * ex) / den;
    if (u <= 0 || u >= 1 || v <= 0 || v >= 1)
        return true;
    double x = a->ax + u * ex, y = a->ay + u * ey;
    /* strictly between the two rays, turning anticlockwise */
    if (d0x * y - d0y * x <= 0 || x * d1y - y * d1x <= 0)
        return true;
    sl_pt q = sl_pt_make(round_mils(o.x + x), round_mils(o.y + y));
    if (q.x < 0 || q.y < 0 || q.x > t->width || q.y > t->height)
        return true;
    if (*n > 0 && out[*n - 1].x == q.x && out[*n - 1].y == q.y)
        return true;
    if (*n == max)
        return false;
    out[(*n)++] = q;
    return true;
}

int sl_visibility_polygon(const sl_los_index *ix, const sl_los_params *p, sl_pt o, sl_pt *out, int max, void *work,
                          size_t work_bytes)
{
    const sl_table *t = ix->table;
    if (max < 32 || !sl_table_contains(t, o))
        return 0;
    int32_t g = sl_ground_at(ix, o);
    arena A = {work, work_bytes};

    vfeat *feats = take(&A, sizeof(vfeat) * (size_t)(t->nfeatures + 1));
    int *heap = take(&A, sizeof(int) * (size_t)(t->nfeatures + 1));
    int *bins = take(&A, sizeof(int) * (NSORT + 1));
    unsigned char *seen = take(&A, (size_t)t->nfeatures + 1);
    double *depth = take(&A, sizeof(double) * NB);
    vseg *segs = take(&A, sizeof(vseg) * (size_t)(t->npts + 4));
    if (!feats || !heap || !bins || !seen || !depth || !segs)
        return 0;
    memset(seen, 0, (size_t)t->nfeatures + 1);
    table_depths(t, o, depth);
    int ns = 0;
    /* Features are gathered from the sight index's grid in square rings
     * round the observer's cell, nearest ring first; once every direction
     * is hidden nearer than anything outside the rings done could be, the
     * rest of the table cannot show and is never looked at. */
    int ocx = (int)floor(((double)o.x - ix->x0) / ix->cell), ocy = (int)floor(((double)o.y - ix->y0) / ix->cell);
    int rmax = 0;
    /* the grid's empty border holds nothing */
    const int bord = ix->border;
    {
        int far_x = ocx - bord > ix->cols - 1 - bord - ocx ? ocx - bord : ix->cols - 1 - bord - ocx;
        int far_y = ocy - bord > ix->rows - 1 - bord - ocy ? ocy - bord : ix->rows - 1 - bord - ocy;
        rmax = far_x > far_y ? far_x : far_y;
        if (rmax < 0)
            rmax = 0;
    }
    int hidden_upto = 0, nf = 0, nheap = 0;
    for (int r = 0; r <= rmax; r++) {
        int cy0 = ocy - r < bord ? bord : ocy - r, cy1 = ocy + r >= ix->rows - bord ? ix->rows - 1 - bord : ocy + r;
        for (int cy = cy0; cy <= cy1; cy++) {
            bool edge_row = cy == ocy - r || cy == ocy + r;
            int step = edge_row || r == 0 ? 1 : 2 * r;
            int cx = ocx - r;
            if (edge_row && cx < bord)
                cx = bord;
            for (; cx <= ocx + r && cx < ix->cols - bord; cx += step) {
                if (cx < bord)
                    continue;
                size_t cell = (size_t)cy * (size_t)ix->cols + (size_t)cx;
                for (int k = ix->cell_start[cell]; k < ix->cell_start[cell + 1]; k++) {
                    int i = ix->cell_items[k];
                    if (seen[i])
                        continue;
                    seen[i] = 1;
                    const sl_feature *f = &t->features[i];
                    float reach;
                    bool inside;
                    if (!opaque_for(p, t, f, o, g, &reach, &inside)) {
                        /* deep in woods or in smoke, he sees only what is close by */
                        if (inside && f->kind == SL_TERRAIN_SMOKE)
                            return circle_poly(o, 250, out, max);
                        if (inside && f->kind == SL_TERRAIN_WOODS &&
                            outline_dist(corners(t, f), f->npts, o) > p->wood_edge)
                            return circle_poly(o, p->wood_edge, out, max);
                        continue;
                    }
                    describe_feature(ix, f, i, o, reach, inside, &feats[nf]);
                    heap_push(heap, &nheap, feats, nf++);
                }
            }
        }
        /* nearest point outside the rings done: nothing not yet gathered
         * is nearer */
        double lx = (double)o.x - (ix->x0 + (double)(ocx - r) * ix->cell);
        double hx = ix->x0 + (double)(ocx + r + 1) * ix->cell - (double)o.x;
        double ly = (double)o.y - (ix->y0 + (double)(ocy - r) * ix->cell);
        double hy = ix->y0 + (double)(ocy + r + 1) * ix->cell - (double)o.y;
        double beyond = r == rmax ? 1e300 : fmin(fmin(lx, hx), fmin(ly, hy));
        /* the gathered features nearer than that, nearest first (so the
         * nearer hide the farther), hidden ones dropped; the rest wait */
        while (nheap > 0 && feats[heap[0]].dmin2 < beyond * beyond)
            ns = add_feature(ix, &feats[heap_pop(heap, &nheap, feats)], o, depth, segs, ns);
        /* depths only shrink and `beyond` only grows, so a bucket found
         * hidden stays hidden: each is passed once in all */
        while (hidden_upto < NB && beyond > 0 && depth[hidden_upto] < beyond * beyond)
            hidden_upto++;
        if (hidden_upto == NB)
            break;
    }
    /* the table's edge */
    sl_pt corner[4] = {sl_pt_make(0, 0), sl_pt_make(t->width, 0), sl_pt_make(t->width, t->height),
                       sl_pt_make(0, t->height)};
    for (int k = 0; k < 4; k++) {
        vseg *s = &segs[ns++];
        s->ax = (double)corner[k].x - o.x;
        s->ay = (double)corner[k].y - o.y;
        s->bx = (double)corner[(k + 1) % 4].x - o.x;
        s->by = (double)corner[(k + 1) % 4].y - o.y;
        s->reach = 0;
    }

    /* each segment's buckets: the short arc between its ends' directions,
     * or every bucket when it passes (nearly) through the observer */
    double *skey = take(&A, sizeof(double) * (size_t)ns);
    int *sorder = take(&A, sizeof(int) * (size_t)ns);
    int *bstart = take(&A, sizeof(int) * (NB + 1));
    int *bfill = take(&A, sizeof(int) * NB);
    if (!skey || !sorder || !bstart || !bfill)
        return 0;
    memset(bstart, 0, sizeof(int) * (NB + 1));
    long total = 0;
    double farthest = 1;
    for (int i = 0; i < ns; i++) {
        vseg *s = &segs[i];
        s->dmin = sqrt(seg_dist2(s->ax, s->ay, s->bx, s->by));
        skey[i] = s->dmin;
        if (s->dmin > farthest)
            farthest = s->dmin;
        double pa = pangle(s->ax, s->ay), pb = pangle(s->bx, s->by);
        double rel = pb - pa;
        if (rel > 2)
            rel -= 4;
        else if (rel <= -2)
            rel += 4;
        if (fabs(rel) >= 2 - 1e-9 || s->dmin < 1.0) {
            s->b0 = 0;
            s->b1 = NB - 1;
            total += NB;
        } else {
            s->b0 = bucket_of(rel >= 0 ? pa : pb);
            s->b1 = bucket_of(rel >= 0 ? pb : pa);
            total += ((s->b1 - s->b0 + NB) & (NB - 1)) + 1;
        }
    }
    /* each bucket's count: a segment adds one from its first bucket and
     * takes it away after its last (bfill holds the changes), so it costs
     * the same however many buckets it spans */
    memset(bfill, 0, sizeof(int) * NB);
    for (int i = 0; i < ns; i++) {
        int b0 = segs[i].b0, b1 = segs[i].b1;
        bfill[b0]++;
        if (b1 < b0)
            bfill[0]++; /* round past the last bucket to the first */
        if (b1 + 1 < NB)
            bfill[b1 + 1]--;
    }
    for (int b = 0, count = 0; b < NB; b++) {
        count += bfill[b];
        bstart[b + 1] = bstart[b] + count;
    }
    int *items = take(&A, sizeof(int) * (size_t)(total > 0 ? total : 1));
    if (!items)
        return 0;
    /* filled nearest first, so every bucket's list is in distance order */
    bin_sort(skey, ns, farthest + 1, ns < NSORT ? ns : NSORT, bins, sorder);
    memset(bfill, 0, sizeof(int) * NB);
    for (int oi = 0; oi < ns; oi++) {
        int i = sorder[oi];
        int span = segs[i].b0 == 0 && segs[i].b1 == NB - 1 ? NB : ((segs[i].b1 - segs[i].b0 + NB) & (NB - 1)) + 1;
        for (int k = 0, b = segs[i].b0; k < span; k++, b = (b + 1) & (NB - 1))
            items[bstart[b] + bfill[b]++] = i;
    }

    /* rays at each segment end and just either side of it (turned by
     * about 1e-5 radians), and 64 more round the circle so long open
     * stretches of table edge are followed */
    int nrays_max = 6 * ns + 64;
    ray *rays = take(&A, sizeof(ray) * (size_t)nrays_max);
    double *rkey = take(&A, sizeof(double) * (size_t)nrays_max);
    int *rorder = take(&A, sizeof(int) * (size_t)nrays_max);
    if (!rays || !rkey || !rorder)
        return 0;
    const double ce = 0.99999999995, se = 1e-5;
    int nr = 0;
    for (int i = 0; i < ns; i++) {
        const vseg *s = &segs[i];
        double ends[2][2] = {{s->ax, s->ay}, {s->bx, s->by}};
        /* an outline's next edge starts where this one ends: its rays are
         * those at that start, made once */
        int nends = i + 1 < ns && segs[i + 1].ax == s->bx && segs[i + 1].ay == s->by ? 1 : 2;
        for (int e = 0; e < nends; e++) {
            double x = ends[e][0], y = ends[e][1], l = sqrt(x * x + y * y);
            if (l <= 0)
                continue;
            x /= l;
            y /= l;
            double dirs[3][2] = {{x * ce - y * se, x * se + y * ce}, {x, y}, {x * ce + y * se, -x * se + y * ce}};
            for (int k = 0; k < 3; k++) {
                rays[nr].dx = dirs[k][0];
                rays[nr].dy = dirs[k][1];
                rays[nr].pa = pangle(dirs[k][0], dirs[k][1]);
                nr++;
            }
        }
    }
    for (int k = 0; k < 64; k++) {
        double q = 4.0 * k / 64, x, y;
        if (q < 1) { x = 1 - q; y = q; }
        else if (q < 2) { x = 1 - q; y = 2 - q; }
        else if (q < 3) { x = q - 3; y = 2 - q; }
        else { x = q - 3; y = q - 4; }
        double l = sqrt(x * x + y * y);
        rays[nr].dx = x / l;
        rays[nr].dy = y / l;
        rays[nr].pa = q;
        nr++;
    }
    for (int r = 0; r < nr; r++)
        rkey[r] = rays[r].pa;
    bin_sort(rkey, nr, 4.0, nr < NSORT ? nr : NSORT, bins, rorder);

    int n = 0, prev_seg = -1, first_seg = -1;
    double last = -1, prev_dx = 0, prev_dy = 0, first_dx = 0, first_dy = 0;
    for (int oi = 0; oi < nr; oi++) {
        const ray *ry = &rays[rorder[oi]];
        if (ry->pa - last < 1e-12)
            continue;
        last = ry->pa;
        double dx = ry->dx, dy = ry->dy;
        int b = bucket_of(ry->pa);
        double best = 1e300;
        float reach = 0;
        int hit = -1;
        for (int j = bstart[b]; j < bstart[b + 1]; j++) {
            const vseg *s = &segs[items[j]];
            if (s->dmin >= best)
                break; /* the rest are farther still */
            double ex = s->bx - s->ax, ey = s->by - s->ay;
            double den = dx * ey - dy * ex;
            if (fabs(den) < 1e-12)
                continue;
            double w = (s->ax * dy - s->ay * dx) / den; /* where along the segment: most miss it */
            if (!(w >= -1e-9 && w <= 1 + 1e-9))
                continue;
            double u = (s->ax * ey - s->ay * ex) / den;
            if (u > 0 && u < best) {
                best = u;
                reach = s->reach;
                hit = items[j];
            }
        }
        if (best >= 1e299)
            continue;
        /* two outlines that cross (overlapping buildings, a wall through
         * one) hand the nearest over at their crossing, not at a corner:
         * that point is a corner of the polygon too */
        if (n > 0 && prev_seg >= 0 && !crossing_between(segs, prev_seg, hit, prev_dx, prev_dy, dx, dy, o, t, out, &n, max))
            return 0;
        if (n == 0) {
            first_seg = hit;
            first_dx = dx;
            first_dy = dy;
        }
        prev_seg = hit;
        prev_dx = dx;
        prev_dy = dy;
        best += reach;
        sl_pt q = sl_pt_make(round_mils(o.x + best * dx), round_mils(o.y + best * dy));
        /* reaching into woods must not leave the table */
        if (q.x < 0) q.x = 0;
        if (q.y < 0) q.y = 0;
        if (q.x > t->width) q.x = t->width;
        if (q.y > t->height) q.y = t->height;
        if (n > 0 && out[n - 1].x == q.x && out[n - 1].y == q.y)
            continue;
        if (n == max)
            return 0;
        out[n++] = q;
    }
    if (n > 0 && first_seg >= 0 &&
        !crossing_between(segs, prev_seg, first_seg, prev_dx, prev_dy, first_dx, first_dy, o, t, out, &n, max))
        return 0;
    return n;
}
