/* Line of sight over terrain; see los.h for what each kind of terrain
 * does to a line. */
#include "sightline/los.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* SL_NO_SIMD: the plain loops, as on machines without SSE2 (tested).
 * Machines with AVX2 walk in a copy compiled for it (sl_los_index.wide);
 * SL_NO_AVX2: never, as on machines without it (tested). */
#if defined(__SSE2__) && !defined(SL_NO_SIMD)
#define SL_LOS_SSE2 1
#include <emmintrin.h>
#if defined(__x86_64__) && defined(__GNUC__) && !defined(SL_NO_AVX2)
#define SL_LOS_AVX2 1
#include <immintrin.h>
#define WIDE_TARGET __attribute__((target("avx2")))
#endif
#endif

/* The walk's inner functions are kept inside it. */
#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/* whole numbers per small solid block in sl_los_index.eight: the last corner's
 * x, the eight corners' x, then the same for y, so that every corner's
 * predecessor lies just before it */
#define EIGHT 18

/* What the fast yes/no query needs to know of a feature. */
enum {
    F_MAY_BLOCK = 1,   /* can block at all */
    F_SOLID = 2,       /* a closed, convex, building-like block: touching means blocked */
    F_CONVEX = 4,
    F_EIGHT = 8,       /* a solid block of 3 to 8 corners near the origin: its corners in sl_los_index.eight */
    F_WOOD8 = 16,      /* a convex wood of 3 to 8 corners near the origin: its corners there too */
    F_ONCE = 32,       /* convex and simple: the outline turns once round (no star) */
    F_LINE = 64        /* a wall or hedge that blocks, of at most 16 corners: linear_fast may decide it */
};

void sl_los_params_default(sl_los_params *p)
{
    p->eye = 1000;
    p->wood_edge = 1000;
    p->cover_distance = 1000;
    p->crest_cover = SL_COVER_HARD;
}

/* --- index ------------------------------------------------------------------ */

/* Within SMALL of the origin, side tests in doubles are exact: every product
 * of a coordinate and a difference of two stays under 2^52. */
#define SMALL (1 << 25)

static bool small_pt(sl_pt p)
{
    return ((uint32_t)p.x + SMALL < 2u * SMALL) & ((uint32_t)p.y + SMALL < 2u * SMALL);
}

static int32_t clampi(int32_t v, int32_t lo, int32_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* May feature i meet the cell whose low corner is (x, y)? Its box does
 * (the caller sees to that). A convex outline is listed only in the cells
 * it meets, edges and corners included: it does not when the whole cell
 * lies strictly outside one of its edges. Anything else: yes. */
static bool meets_cell(const sl_los_index *ix, const sl_table *t, int i, int32_t x, int32_t y)
{
    const int32_t *bx = ix->box + SL_LOS_BOX * i;
    if (!(ix->flags[i] & F_CONVEX) || bx[7] == 0)
        return true;
    const sl_pt *v = t->pts + bx[5];
    int n = bx[6];
    int64_t x1 = (int64_t)x + ix->cell, y1 = (int64_t)y + ix->cell;
    const int64_t cx[4] = {x, x1, x1, x}, cy[4] = {y, y, y1, y1};
    for (int e = 0, h = n - 1; e < n; h = e++) {
        int64_t ex = (int64_t)v[e].x - v[h].x, ey = (int64_t)v[e].y - v[h].y;
        bool apart = true;
        for (int q = 0; q < 4 && apart; q++) {
            int64_t side = ex * (cy[q] - v[h].y) - ey * (cx[q] - v[h].x);
            /* the inside is on the left of an anticlockwise outline */
            apart = bx[7] > 0 ? side < 0 : side > 0;
        }
        if (apart)
            return false;
    }
    return true;
}

/* Does the segment from a to b meet the box from (x0, y0) to (x1, y1),
 * edges included? Exact for coordinates under 2^27: the boxes overlap and
 * the box's corners are not all strictly on one side of the line. */
static bool leg_meets_box(sl_pt a, sl_pt b, int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
    if ((a.x < x0 && b.x < x0) || (a.x > x1 && b.x > x1) || (a.y < y0 && b.y < y0) || (a.y > y1 && b.y > y1))
        return false;
    int64_t dx = (int64_t)b.x - a.x, dy = (int64_t)b.y - a.y;
    const int64_t cx[4] = {x0, x1, x1, x0}, cy[4] = {y0, y0, y1, y1};
    int pos = 0, neg = 0;
    for (int q = 0; q < 4; q++) {
        int64_t side = dx * (cy[q] - a.y) - dy * (cx[q] - a.x);
        pos += side > 0;
        neg += side < 0;
    }
    return pos < 4 && neg < 4;
}

/* May listing j (a record of cell k) stay in the yes/no walks' listing?
 * Not when the walk passes over it anyway (its rec[7] no more than
 * blk_low), nor when it is a wall or hedge none of whose legs (widened by
 * the index's pad) meets the cell. */
static bool keeps_blocker(const sl_los_index *ix, const sl_table *t, int j, size_t k)
{
    const int32_t *rec = ix->cell_recs + SL_LOS_CELL * j;
    if (rec[7] <= ix->blk_low)
        return false;
    const sl_feature *f = &t->features[rec[4]];
    if (f->shape != SL_SHAPE_POLYLINE || !small_pt(f->lo) || !small_pt(f->hi) || ix->cell >= SMALL)
        return true;
    int64_t pad = f->thickness / 2 + 1;
    int64_t x0 = (int64_t)ix->x0 + (int64_t)(k % (size_t)ix->cols) * ix->cell - pad;
    int64_t y0 = (int64_t)ix->y0 + (int64_t)(k / (size_t)ix->cols) * ix->cell - pad;
    int64_t x1 = x0 + ix->cell + 2 * pad, y1 = y0 + ix->cell + 2 * pad;
    if (x0 < -2 * (int64_t)SMALL || y0 < -2 * (int64_t)SMALL || x1 > 2 * (int64_t)SMALL || y1 > 2 * (int64_t)SMALL ||
        pad > SMALL)
        return true;
    const sl_pt *v = sl_feature_pts(t, f);
    for (int i = 1; i < f->npts; i++)
        if (leg_meets_box(v[i - 1], v[i], x0, y0, x1, y1))
            return true;
    return f->npts < 2;
}

/* The yes/no walks' listing (sl_los_index.blk_start): the full one's
 * records that keeps_blocker keeps, in the same order. */
static bool build_blockers(sl_los_index *ix, const sl_table *t)
{
    size_t ncells = (size_t)ix->cols * (size_t)ix->rows;
    /* on a table without hills the walk passes over what is no taller than
     * the default eye; with hills, only what never blocks */
    sl_los_params d;
    sl_los_params_default(&d);
    ix->blk_low = ix->nhills > 0 ? INT32_MIN + 1 : d.eye;
    ix->blk_start = calloc(ncells + 1, sizeof(int));
    if (!ix->blk_start)
        return false;
    int n = 0;
    for (size_t k = 0; k < ncells; k++)
        for (int j = ix->cell_start[k]; j < ix->cell_start[k + 1]; j++)
            n += keeps_blocker(ix, t, j, k);
    ix->blk_recs = malloc(sizeof(int32_t) * SL_LOS_CELL * (size_t)(n > 0 ? n : 1));
    if (!ix->blk_recs)
        return false;
    n = 0;
    for (size_t k = 0; k < ncells; k++) {
        for (int j = ix->cell_start[k]; j < ix->cell_start[k + 1]; j++)
            if (keeps_blocker(ix, t, j, k))
                memcpy(ix->blk_recs + SL_LOS_CELL * n++, ix->cell_recs + SL_LOS_CELL * j, sizeof(int32_t) * SL_LOS_CELL);
        ix->blk_start[k + 1] = n;
    }
    return true;
}

/* The small blocks' corners (sl_los_index.eight) moved into the order the
 * cells list their features, row by row, so that a walk reads those of
 * neighbouring cells from neighbouring memory (on a large table the
 * features' own order is anywhere). Returns each feature's place there
 * (NULL: out of memory). */
static int *order_eight(sl_los_index *ix, int nf)
{
    int *slot = malloc(sizeof(int) * (size_t)nf);
    int32_t *moved = malloc(sizeof(int32_t) * EIGHT * (size_t)nf);
    if (!slot || !moved) {
        free(slot);
        free(moved);
        return NULL;
    }
    for (int i = 0; i < nf; i++)
        slot[i] = -1;
    int n = 0;
    for (int j = 0; j < ix->nitems; j++)
        if (slot[ix->cell_items[j]] < 0)
            slot[ix->cell_items[j]] = n++;
    for (int i = 0; i < nf; i++) {
        if (slot[i] < 0)
            slot[i] = n++;
        memcpy(moved + EIGHT * slot[i], ix->eight + EIGHT * i, sizeof(int32_t) * EIGHT);
    }
    free(ix->eight);
    ix->eight = moved;
    return slot;
}

bool sl_los_index_build(sl_los_index *ix, const sl_table *t, int32_t cell)
{
    memset(ix, 0, sizeof *ix);
    ix->table = t;
    /* The grid covers the table and every feature. */
    sl_pt lo = sl_pt_make(0, 0), hi = sl_pt_make(t->width, t->height);
    for (int i = 0; i < t->nfeatures; i++) {
        const sl_feature *f = &t->features[i];
        int32_t pad = f->shape == SL_SHAPE_POLYLINE ? f->thickness / 2 + 1 : 0;
        if (f->lo.x - pad < lo.x) lo.x = f->lo.x - pad;
        if (f->lo.y - pad < lo.y) lo.y = f->lo.y - pad;
        if (f->hi.x + pad > hi.x) hi.x = f->hi.x + pad;
        if (f->hi.y + pad > hi.y) hi.y = f->hi.y + pad;
    }
    if (cell <= 0) {
        double area = (double)t->width * (double)t->height;
        double per = area / (t->nfeatures > 0 ? t->nfeatures : 1);
        cell = (int32_t)(sqrt(per) / 2.0);
        cell = clampi(cell, 1000, 6000);
    }
    ix->cell = cell;
    ix->x0 = lo.x;
    ix->y0 = lo.y;
    ix->cols = (int)((hi.x - lo.x) / cell) + 1;
    ix->rows = (int)((hi.y - lo.y) / cell) + 1;
    if (ix->cols > 4096 || ix->rows > 4096) {
        /* Features far off the table: widen the cells instead. */
        int32_t span = hi.x - lo.x > hi.y - lo.y ? hi.x - lo.x : hi.y - lo.y;
        ix->cell = cell = span / 4000 + 1;
        ix->cols = (int)((hi.x - lo.x) / cell) + 1;
        ix->rows = (int)((hi.y - lo.y) / cell) + 1;
    }
    /* An empty cell all round: a walk between two cells inside it then
     * never leaves the grid, nor looks beyond it at a corner, and needs no
     * bounds checks (walk_whole). */
    if (lo.x > INT32_MIN / 2 && lo.y > INT32_MIN / 2) {
        ix->x0 -= cell;
        ix->y0 -= cell;
        ix->cols += 2;
        ix->rows += 2;
        ix->border = 1;
    }
    /* floor(d / cell) = d * magic >> 40, exactly for 0 <= d < 2^26 when
     * 16 <= cell < 2^13: the error, d * (magic - 2^40 / cell) / 2^40, stays
     * under 2^-14, less than the 1 / cell by which d / cell falls short of
     * the next whole number */
    ix->cell_magic = cell >= 16 && cell < (1 << 13) ? ((1ull << 40) + (uint64_t)cell - 1) / (uint64_t)cell : 0;
#if defined(SL_LOS_AVX2)
    __builtin_cpu_init();
    ix->wide = __builtin_cpu_supports("avx2");
#endif
    int nf = t->nfeatures > 0 ? t->nfeatures : 1;
    ix->box = malloc(sizeof(int32_t) * SL_LOS_BOX * (size_t)nf);
    ix->flags = calloc((size_t)nf, 1);
    ix->eight = calloc((size_t)nf, sizeof(int32_t) * EIGHT);
    if (!ix->box || !ix->flags || !ix->eight)
        return false;
    for (int i = 0; i < t->nfeatures; i++) {
        const sl_feature *f = &t->features[i];
        int32_t pad = f->shape == SL_SHAPE_POLYLINE ? f->thickness / 2 : 0;
        int32_t *bx = ix->box + SL_LOS_BOX * i;
        bx[0] = f->lo.x - pad;
        bx[1] = f->lo.y - pad;
        bx[2] = f->hi.x + pad;
        bx[3] = f->hi.y + pad;
        bx[4] = f->height;
        bx[5] = f->first_pt;
        bx[6] = f->npts;
        int64_t a2 = f->shape != SL_SHAPE_POLYLINE ? sl_poly_area2(sl_feature_pts(t, f), f->npts) : 0;
        bx[7] = (a2 > 0) - (a2 < 0); /* the outline's turn: 1 anticlockwise, -1 clockwise, 0 none */
        uint8_t fl = 0;
        if (f->blocks_los || f->kind == SL_TERRAIN_HILL)
            fl |= F_MAY_BLOCK;
        bool convex = false;
        if (f->shape != SL_SHAPE_POLYLINE) {
            const sl_pt *v = sl_feature_pts(t, f);
            int sign = 0;
            convex = true;
            for (int k = 0; k < f->npts && convex; k++) {
                int o = sl_orient(v[k], v[(k + 1) % f->npts], v[(k + 2) % f->npts]);
                if (o != 0 && sign != 0 && o != sign)
                    convex = false;
                if (o != 0)
                    sign = o;
            }
        }
        if (convex)
            fl |= F_CONVEX;
        if (f->shape == SL_SHAPE_POLYLINE && f->blocks_los && f->npts <= 16 &&
            (f->kind == SL_TERRAIN_WALL || f->kind == SL_TERRAIN_HEDGE))
            fl |= F_LINE;
        if (convex && sl_poly_is_simple(sl_feature_pts(t, f), f->npts, NULL))
            fl |= F_ONCE;
        bool building_like = f->blocks_los && f->kind != SL_TERRAIN_HILL && f->kind != SL_TERRAIN_WOODS &&
                             f->kind != SL_TERRAIN_WALL && f->kind != SL_TERRAIN_HEDGE;
        if (convex && building_like)
            fl |= F_SOLID;
        /* A convex wood blocks a line that runs any way through it (both
         * figures outside, taller than the eye): as a block does, but
         * only when the line runs some length inside it (eight_touch's
         * `area`). */
        bool wood = convex && f->blocks_los && f->kind == SL_TERRAIN_WOODS;
        if ((building_like || wood) && convex && f->npts >= 3 && f->npts <= 8 && small_pt(f->lo) && small_pt(f->hi)) {
            /* anticlockwise (the inside on each edge's left), and padded to
             * eight by repeating the last corner: an edge of no length,
             * which crosses nothing; the last again in front (EIGHT) */
            const sl_pt *v = sl_feature_pts(t, f);
            int32_t *e = ix->eight + EIGHT * i;
            for (int k = 0; k < 8; k++) {
                int c = k < f->npts ? k : f->npts - 1;
                sl_pt q = v[bx[7] < 0 ? f->npts - 1 - c : c];
                e[1 + k] = q.x;
                e[10 + k] = q.y;
            }
            e[0] = e[8];
            e[9] = e[17];
            fl |= wood ? F_WOOD8 : F_EIGHT;
        }
        ix->flags[i] = fl;
    }
    size_t ncells = (size_t)ix->cols * (size_t)ix->rows;
    ix->cell_start = calloc(ncells + 1, sizeof(int));
    if (!ix->cell_start)
        return false;
    /* two passes: count, then fill */
    for (int pass = 0; pass < 2; pass++) {
        int *fill = NULL;
        if (pass == 1) {
            for (size_t c = 1; c <= ncells; c++)
                ix->cell_start[c] += ix->cell_start[c - 1];
            ix->nitems = ix->cell_start[ncells];
            ix->cell_items = malloc(sizeof(int) * (size_t)(ix->nitems > 0 ? ix->nitems : 1));
            fill = calloc(ncells, sizeof(int));
            if (!ix->cell_items || !fill) {
                free(fill);
                return false;
            }
        }
        for (int i = 0; i < t->nfeatures; i++) {
            const sl_feature *f = &t->features[i];
            int32_t pad = f->shape == SL_SHAPE_POLYLINE ? f->thickness / 2 + 1 : 0;
            int c0 = (f->lo.x - pad - ix->x0) / cell, c1 = (f->hi.x + pad - ix->x0) / cell;
            int r0 = (f->lo.y - pad - ix->y0) / cell, r1 = (f->hi.y + pad - ix->y0) / cell;
            for (int r = r0; r <= r1; r++)
                for (int c = c0; c <= c1; c++) {
                    if (!meets_cell(ix, t, i, ix->x0 + c * cell, ix->y0 + r * cell))
                        continue;
                    size_t k = (size_t)r * (size_t)ix->cols + (size_t)c;
                    if (pass == 0)
                        ix->cell_start[k + 1]++;
                    else
                        ix->cell_items[ix->cell_start[k] + fill[k]++] = i;
                }
        }
        free(fill);
    }
    /* each cell's records beside its list, in the same order */
    ix->cell_recs = malloc(sizeof(int32_t) * SL_LOS_CELL * (size_t)(ix->nitems > 0 ? ix->nitems : 1));
    int *slot = order_eight(ix, nf);
    if (!ix->cell_recs || !slot) {
        free(slot);
        return false;
    }
    for (int j = 0; j < ix->nitems; j++) {
        int fi = ix->cell_items[j];
        int32_t *rec = ix->cell_recs + SL_LOS_CELL * j;
        const int32_t *bx = ix->box + SL_LOS_BOX * fi;
        /* the box as the walk compares it (walker.want): high corner, then
         * the low one complemented, so that "apart" is one "less than" */
        rec[0] = bx[2];
        rec[1] = bx[3];
        rec[2] = ~bx[0];
        rec[3] = ~bx[1];
        rec[4] = fi;
        rec[5] = (ix->flags[fi] & (F_EIGHT | F_WOOD8)) ? ix->box[SL_LOS_BOX * fi + 4] : INT32_MIN;
        /* eight_touch's area (a wood), and where the corners are kept */
        rec[6] = (int32_t)((uint32_t)slot[fi] << 1) | ((ix->flags[fi] & F_WOOD8) != 0);
        /* what the yes/no walks pass over (walker.low): what never blocks
         * (INT32_MIN + 1); on a table without hills, anything but a wood
         * no taller than the eye (its height); a wood, never (INT32_MAX) */
        rec[7] = !(ix->flags[fi] & F_MAY_BLOCK)                    ? INT32_MIN + 1
                 : t->features[fi].kind == SL_TERRAIN_WOODS ? INT32_MAX
                                                            : ix->box[SL_LOS_BOX * fi + 4];
    }
    free(slot);
    for (int i = 0; i < t->nfeatures; i++)
        ix->nhills += t->features[i].kind == SL_TERRAIN_HILL && t->features[i].shape != SL_SHAPE_POLYLINE;
    ix->hills = malloc(sizeof(int) * (size_t)(ix->nhills > 0 ? ix->nhills : 1));
    if (!ix->hills)
        return false;
    int k = 0;
    for (int i = 0; i < t->nfeatures; i++)
        if (t->features[i].kind == SL_TERRAIN_HILL && t->features[i].shape != SL_SHAPE_POLYLINE)
            ix->hills[k++] = i;
    return build_blockers(ix, t);
}

bool sl_los_convex(const sl_los_index *ix, int feature)
{
    return (ix->flags[feature] & F_CONVEX) != 0;
}

int sl_los_turn(const sl_los_index *ix, int feature)
{
    return ix->box[SL_LOS_BOX * feature + 7];
}

void sl_los_index_free(sl_los_index *ix)
{
    free(ix->cell_start);
    free(ix->cell_items);
    free(ix->cell_recs);
    free(ix->blk_start);
    free(ix->blk_recs);
    free(ix->hills);
    free(ix->box);
    free(ix->flags);
    free(ix->eight);
    memset(ix, 0, sizeof *ix);
}

bool sl_los_scratch_init(sl_los_scratch *s, const sl_table *t)
{
    s->nfeatures = t->nfeatures;
    s->now = 0;
    s->stamp = calloc((size_t)(t->nfeatures > 0 ? t->nfeatures : 1), sizeof(uint32_t));
    return s->stamp != NULL;
}

void sl_los_scratch_free(sl_los_scratch *s)
{
    free(s->stamp);
    s->stamp = NULL;
}

static uint32_t next_stamp(sl_los_scratch *s)
{
    if (++s->now == 0) {
        memset(s->stamp, 0, sizeof(uint32_t) * (size_t)(s->nfeatures > 0 ? s->nfeatures : 1));
        s->now = 1;
    }
    return s->now;
}

static bool in_bbox(const sl_feature *f, sl_pt p, int32_t pad)
{
    return p.x >= f->lo.x - pad && p.x <= f->hi.x + pad && p.y >= f->lo.y - pad && p.y <= f->hi.y + pad;
}

int32_t sl_ground_at(const sl_los_index *ix, sl_pt p)
{
    int32_t g = 0;
    const sl_table *t = ix->table;
    for (int k = 0; k < ix->nhills; k++) {
        const sl_feature *f = &t->features[ix->hills[k]];
        if (f->height <= g || !in_bbox(f, p, 0))
            continue;
        if (sl_poly_contains(sl_feature_pts(t, f), f->npts, p) != SL_OUTSIDE)
            g = f->height;
    }
    return g;
}

/* --- one line against one feature --------------------------------------------- */

typedef struct line {
    sl_pt a, b;
    int32_t za, zb;
    double len;           /* mils */
    sl_pt lo, hi;         /* bounding box */
} line;

/* The line's length, mils: kept by sl_los_check, else measured here. */
static double line_len(const line *L)
{
    return L->len >= 0 ? L->len : sl_dist(L->a, L->b);
}

static double z_at(const line *L, double t)
{
    return L->za + t * ((double)L->zb - L->za);
}

/* (int32_t)lround(x), without the library call for values well inside
 * int32_t: x less its whole part is exact, so halves round away from
 * zero as lround rounds them. */
static inline int32_t round_i32(double x)
{
    if (!(fabs(x) < 1073741824.0))
        return (int32_t)lround(x); /* far off (and as lround does it) */
    int32_t i = (int32_t)x;
    double f = x - (double)i;
    return i + (f >= 0.5) - (f <= -0.5);
}

static ALWAYS_INLINE sl_pt point_at(const line *L, double t)
{
    return sl_pt_make(round_i32(L->a.x + t * ((double)L->b.x - L->a.x)),
                      round_i32(L->a.y + t * ((double)L->b.y - L->a.y)));
}

/* The few meeting points of a line and a feature in order (an insertion
 * sort: as qsort orders them, without its calls). */
static void sort_small(double *v, int n)
{
    for (int i = 1; i < n; i++) {
        double x = v[i];
        int j = i;
        for (; j > 0 && v[j - 1] > x; j--)
            v[j] = v[j - 1];
        v[j] = x;
    }
}

/* The sign of the side of line ab that p lies on. */
static inline int side_of(sl_pt a, sl_pt b, sl_pt p)
{
    int64_t c = ((int64_t)b.x - a.x) * ((int64_t)p.y - a.y) - ((int64_t)b.y - a.y) * ((int64_t)p.x - a.x);
    return (c > 0) - (c < 0);
}

#define MAX_T 64

/* The stretches [t0, t1] of the line inside a feature (touching counts:
 * a stretch may be a single point). Returns their number. */
/* Is the point at t along the line inside polygon v, or on its outline?
 * Worked out at the point itself, not rounded to a whole mil: a piece of
 * line under a mil long beside an outline (a figure a mil from a wall)
 * would round onto the outline and count as inside. A point within a
 * thousandth of a mil of an edge is on the outline. */
static bool inside_at(const line *L, const sl_pt *v, int n, double t)
{
    double px = L->a.x + t * ((double)L->b.x - L->a.x), py = L->a.y + t * ((double)L->b.y - L->a.y);
    bool in = false;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        double xi = v[i].x, yi = v[i].y, xj = v[j].x, yj = v[j].y, ex = xi - xj, ey = yi - yj;
        double l2 = ex * ex + ey * ey, u = l2 > 0 ? ((px - xj) * ex + (py - yj) * ey) / l2 : 0;
        u = u < 0 ? 0 : u > 1 ? 1 : u;
        double qx = xj + u * ex - px, qy = yj + u * ey - py;
        if (qx * qx + qy * qy <= 1e-6)
            return true;
        if ((yi > py) != (yj > py) && px < xj + (py - yj) * ex / ey)
            in = !in;
    }
    return in;
}

static int stretches(const line *L, const sl_pt *v, int n, bool closed, bool convex, double *t0, double *t1, int max)
{
    double ts[MAX_T + 2];
    int nt = 0;
    ts[nt++] = 0.0;
    ts[nt++] = 1.0;
    int edges = closed ? n : n - 1;
    int touches = 0;
    /* Each corner's side of the line, once: an edge with both corners
     * strictly on one side misses it, and one whose corners lie strictly
     * either side of the line, and the line's ends strictly either side
     * of the edge, is crossed where sl_seg_intersection works it out;
     * anything else (a corner or an end on the other's line) is left to
     * the general tests. */
    int side_c = side_of(L->a, L->b, v[0]);
    bool mixed = side_c == 0;
    /* any edge left to the general tests: only then may an end of the
     * line lie on the feature */
    bool general = false;
    /* the proper crossings' first two: where, and whether the end before
     * (after) it lies clearly apart from the edge crossed (far_a, far_b) */
    double tx[2];
    bool far_a[2], far_b[2];
    int nx = 0;
    for (int i = 0; i < edges && nt < MAX_T; i++) {
        sl_pt c = v[i], d = v[i + 1 < n ? i + 1 : 0];
        int side_d = side_of(L->a, L->b, d), both = side_c * side_d;
        mixed |= side_d != side_c;
        side_c = side_d;
        if (both > 0)
            continue;
        if (both < 0) {
            int oa = side_of(c, d, L->a), ob = side_of(c, d, L->b);
            if (oa * ob > 0)
                continue;
            if (oa * ob < 0) {
                touches++;
                int64_t ex = (int64_t)d.x - c.x, ey = (int64_t)d.y - c.y;
                int64_t den = ((int64_t)L->b.x - L->a.x) * ey - ((int64_t)L->b.y - L->a.y) * ex;
                int64_t num = ((int64_t)c.x - L->a.x) * ey - ((int64_t)c.y - L->a.y) * ex;
                double t = (double)num / (double)den;
                ts[nt++] = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
                if (nx < 2 && convex) {
                    /* an end's distance from the edge's line, squared,
                     * against 4e-3 mils (inside_at's 1e-3 and more) */
                    double e2 = (double)ex * ex + (double)ey * ey, near = 16e-6 * e2;
                    double ca = (double)ex * ((double)L->a.y - c.y) - (double)ey * ((double)L->a.x - c.x);
                    double cb = (double)ex * ((double)L->b.y - c.y) - (double)ey * ((double)L->b.x - c.x);
                    tx[nx] = ts[nt - 1];
                    far_a[nx] = ca * ca > near;
                    far_b[nx] = cb * cb > near;
                }
                nx++;
                continue;
            }
        }
        general = true;
        if (!sl_seg_intersects(L->a, L->b, c, d))
            continue;
        touches++;
        int oc = sl_orient(L->a, L->b, c), od = sl_orient(L->a, L->b, d);
        if (oc == 0 && od == 0) {
            /* collinear overlap: both ends of the shared part */
            double dx = (double)L->b.x - L->a.x, dy = (double)L->b.y - L->a.y, l2 = dx * dx + dy * dy;
            if (l2 > 0) {
                double tc = (((double)c.x - L->a.x) * dx + ((double)c.y - L->a.y) * dy) / l2;
                double td = (((double)d.x - L->a.x) * dx + ((double)d.y - L->a.y) * dy) / l2;
                ts[nt++] = tc < 0 ? 0 : tc > 1 ? 1 : tc;
                if (nt < MAX_T)
                    ts[nt++] = td < 0 ? 0 : td > 1 ? 1 : td;
            }
        } else {
            double t;
            if (sl_seg_intersection(L->a, L->b, c, d, &t))
                ts[nt++] = t;
        }
    }
    general |= nt >= MAX_T; /* not every edge looked at */
    if (touches == 0) {
        /* No edge met: the whole line is inside or outside; outside when
         * every corner lies strictly on one side of it (an end inside
         * would put corners on both). */
        if (closed && mixed && sl_poly_contains(v, n, L->a) != SL_OUTSIDE && max > 0) {
            t0[0] = 0.0;
            t1[0] = 1.0;
            return 1;
        }
        return 0;
    }
    sort_small(ts, nt);
    int k = 0;
    if (!closed) {
        /* A line: every meeting point is a stretch of its own, collinear
         * runs joined. */
        for (int i = 0; i < nt; i++) {
            if ((ts[i] == 0.0 || ts[i] == 1.0) && i > 0 && i < nt - 1)
                continue;
            if ((ts[i] == 0.0 && i == 0) || (ts[i] == 1.0 && i == nt - 1)) {
                /* the line's own ends: meeting only if on the feature */
                bool on = false;
                sl_pt p = ts[i] == 0.0 ? L->a : L->b;
                for (int e = 0; e < edges && !on && general; e++)
                    on = sl_orient(v[e], v[e + 1], p) == 0 && sl_seg_intersects(v[e], v[e + 1], p, p);
                if (!on)
                    continue;
            }
            if (k > 0 && ts[i] - t1[k - 1] < 1e-9) {
                t1[k - 1] = ts[i];
                continue;
            }
            if (k < max) {
                t0[k] = t1[k] = ts[i];
                k++;
            }
        }
        return k;
    }
    /* A convex outline (and simple: F_ONCE) crossed twice, properly, the
     * line's ends outside it (a line meets such an outline no more than
     * twice) and each
     * clearly apart from the edge it crosses first or last: the piece
     * between the crossings is inside, the two outside. inside_at would
     * say so: the middle of an outer piece lies outside the outline at
     * least half as far from it as its end from the edge crossed, more
     * than its 1e-3 mils; the middle piece's middle is inside, or near
     * enough the outline to count. Pieces under 1e-12 long are the
     * general code's. */
    if (convex && !general && nx == 2 && nt == 4) {
        int lo = tx[0] < tx[1] ? 0 : 1, hi = 1 - lo;
        double ta = ts[1], tb = ts[2];
        if (far_a[lo] && far_b[hi] && ta >= 1e-12 && tb - ta >= 1e-12 && 1.0 - tb >= 1e-12 && max > 0) {
            t0[0] = ta;
            t1[0] = tb;
            return 1;
        }
    }
    /* A closed shape: test the middle of each piece between meeting points. */
    for (int i = 0; i + 1 < nt; i++) {
        double a = ts[i], b = ts[i + 1];
        bool inside;
        if (b - a < 1e-12) {
            continue;
        }
        inside = inside_at(L, v, n, (a + b) / 2);
        if (!inside)
            continue;
        if (k > 0 && a - t1[k - 1] < 1e-9) {
            t1[k - 1] = b;
        } else if (k < max) {
            t0[k] = a;
            t1[k] = b;
            k++;
        }
    }
    if (k == 0) {
        /* it only touches: a single point, at the first meeting */
        for (int i = 0; i < nt && k == 0; i++) {
            sl_pt p = point_at(L, ts[i]);
            bool meets = (ts[i] > 0.0 && ts[i] < 1.0) || sl_poly_contains(v, n, p) != SL_OUTSIDE;
            if (meets && max > 0) {
                t0[0] = t1[0] = ts[i];
                k = 1;
            }
        }
    }
    return k;
}

static bool linear_kind(const sl_feature *f)
{
    return f->kind == SL_TERRAIN_WALL || f->kind == SL_TERRAIN_HEDGE;
}

/* How much an effect matters, to keep the most telling stretch. */
static int weight(sl_los_effect e)
{
    switch (e) {
    case SL_LOS_BLOCKS: return 4;
    case SL_LOS_COVER: return 3;
    case SL_LOS_EDGE: return 2;
    case SL_LOS_OVER: return 1;
    default: return 0;
    }
}

/* Judge one stretch [t0, t1] of the line inside feature f. */
static void judge(const sl_los_index *ix, const sl_los_params *p, const line *L, const sl_feature *f, double t0,
                  double t1, sl_los_hit *h)
{
    const double len = line_len(L);
    bool has_a = t0 <= 0.0, has_b = t1 >= 1.0;
    double inside_len = (t1 - t0) * len;
    double z0 = z_at(L, t0), z1 = z_at(L, t1);
    double zmin = z0 < z1 ? z0 : z1;
    int32_t top = f->kind == SL_TERRAIN_HILL ? f->height
                  : ix->nhills                 ? sl_ground_at(ix, point_at(L, (t0 + t1) / 2)) + f->height
                                               : f->height;
    double d_from_a = t0 * len, d_to_b = (1.0 - t1) * len;
    h->t0 = (float)t0;
    h->t1 = (float)t1;
    h->at = point_at(L, t0);
    h->line_z = round_i32(zmin);
    h->top = top;
    h->depth = round_i32(inside_len);
    h->cover = SL_COVER_NONE;
    h->effect = SL_LOS_THROUGH;
    h->why = SL_WHY_GROUND;

    if (f->kind == SL_TERRAIN_HILL && f->shape != SL_SHAPE_POLYLINE) {
        if (has_a && has_b) {
            h->why = SL_WHY_INSIDE;
            return;
        }
        /* the height to test: where the line leaves the hill (firer on it),
         * enters it (target on it), or its lowest point over it */
        double z = has_a ? z1 : has_b ? z0 : zmin;
        h->line_z = round_i32(z);
        if (z < top) {
            h->effect = SL_LOS_BLOCKS;
            h->why = SL_WHY_CREST;
            h->at = point_at(L, has_a ? t1 : t0);
            return;
        }
        double crest_to_b = has_b ? (1.0 - t0) * len : d_to_b;
        if (!has_a && crest_to_b <= p->cover_distance && p->crest_cover != SL_COVER_NONE) {
            h->effect = SL_LOS_COVER;
            h->why = SL_WHY_BEHIND_CREST;
            h->cover = p->crest_cover;
            return;
        }
        h->effect = has_a || has_b ? SL_LOS_THROUGH : SL_LOS_OVER;
        h->why = has_a || has_b ? SL_WHY_INSIDE : SL_WHY_LOWER;
        return;
    }
    if (!f->blocks_los) {
        /* open ground of some kind: cover only */
        if ((has_b || d_to_b <= p->cover_distance) && f->cover != SL_COVER_NONE) {
            h->effect = SL_LOS_COVER;
            h->why = has_b ? SL_WHY_INSIDE : SL_WHY_BEHIND;
            h->cover = f->cover;
        }
        return;
    }
    if (f->kind == SL_TERRAIN_WOODS) {
        if (has_a || has_b) {
            if (inside_len > p->wood_edge) {
                h->effect = SL_LOS_BLOCKS;
                h->why = SL_WHY_WOODS_DEEP;
                h->at = point_at(L, has_a ? t0 + p->wood_edge / len : t1 - p->wood_edge / len);
            } else if (has_b) {
                h->effect = SL_LOS_COVER;
                h->why = SL_WHY_WOODS_EDGE;
                h->cover = f->cover;
            } else {
                h->effect = SL_LOS_EDGE;
                h->why = SL_WHY_WOODS_EDGE;
            }
            return;
        }
        if (inside_len > 0.0 && zmin < top) {
            h->effect = SL_LOS_BLOCKS;
            h->why = SL_WHY_WOODS_DEEP;
        } else if (inside_len > 0.0) {
            h->effect = SL_LOS_OVER;
            h->why = SL_WHY_LOWER;
        }
        return;
    }
    if (f->kind == SL_TERRAIN_SMOKE) {
        if ((inside_len > 0.0 || has_a || has_b) && zmin < top) {
            h->effect = SL_LOS_BLOCKS;
            h->why = has_a || has_b ? SL_WHY_INSIDE : SL_WHY_TALLER;
        } else if (inside_len > 0.0) {
            h->effect = SL_LOS_OVER;
            h->why = SL_WHY_LOWER;
        }
        return;
    }
    /* Buildings, bunkers, walls, hedges and anything else marked as
     * blocking sight. A figure inside one is at it; for walls and hedges,
     * so is one within cover_distance of where the line crosses. */
    bool linear = linear_kind(f);
    bool at_b = has_b || (linear && d_to_b <= p->cover_distance);
    bool at_a = has_a || (linear && d_from_a <= p->cover_distance);
    if (at_b) {
        h->effect = SL_LOS_COVER;
        h->why = linear ? SL_WHY_BEHIND : SL_WHY_INSIDE;
        h->cover = f->cover;
    } else if (at_a) {
        h->effect = SL_LOS_EDGE;
        h->why = linear ? SL_WHY_BEHIND : SL_WHY_INSIDE;
    } else if (zmin < top) {
        h->effect = SL_LOS_BLOCKS;
        h->why = SL_WHY_TALLER;
    } else {
        h->effect = SL_LOS_OVER;
        h->why = SL_WHY_LOWER;
    }
}

/* Evaluate a feature against the line. Returns false when the line does
 * not meet it at all; otherwise *h is its most telling effect. (Every
 * caller is a walk's visit, which has seen the boxes meet: the line's
 * box, or within it a piece's, and the feature's padded as the index
 * keeps it.) */
static bool meet_feature(const sl_los_index *ix, const sl_los_params *p, const line *L, int fi, sl_los_hit *h)
{
    const sl_table *t = ix->table;
    const sl_feature *f = &t->features[fi];
    const int32_t *bx = ix->box + SL_LOS_BOX * fi; /* its first corner and their number (as sl_feature_pts) */
    const sl_pt *v = t->pts + bx[5];
    double t0[16], t1[16];
    int k = stretches(L, v, bx[6], f->shape != SL_SHAPE_POLYLINE, (ix->flags[fi] & F_ONCE) != 0, t0, t1, 16);
    if (k == 0)
        return false;
    /* the first stretch judged in place (most features have one: no
     * copy), each other one kept only when it tells more */
    h->feature = fi;
    judge(ix, p, L, f, t0[0], t1[0], h);
    for (int i = 1; i < k; i++) {
        sl_los_hit cand;
        cand.feature = fi;
        judge(ix, p, L, f, t0[i], t1[i], &cand);
        if (weight(cand.effect) > weight(h->effect))
            *h = cand;
    }
    return true;
}

static void make_line(const sl_los_index *ix, const sl_los_params *p, sl_pt a, sl_pt b, line *L)
{
    L->a = a;
    L->b = b;
    L->za = (ix->nhills ? sl_ground_at(ix, a) : 0) + p->eye;
    L->zb = (ix->nhills ? sl_ground_at(ix, b) : 0) + p->eye;
    L->len = -1; /* measured when a judgement needs it (line_len) */
    L->lo = sl_pt_make(a.x < b.x ? a.x : b.x, a.y < b.y ? a.y : b.y);
    L->hi = sl_pt_make(a.x < b.x ? b.x : a.x, a.y < b.y ? b.y : a.y);
}

/* Is p strictly outside convex polygon v? (On the outline is not.) */
static bool outside_convex(const sl_pt *v, int n, sl_pt p)
{
    int sign = 0;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        int64_t c = ((int64_t)v[i].x - v[j].x) * ((int64_t)p.y - v[j].y) -
                    ((int64_t)v[i].y - v[j].y) * ((int64_t)p.x - v[j].x);
        int o = (c > 0) - (c < 0);
        if (o == 0)
            continue;
        if (sign == 0)
            sign = o;
        else if (o != sign)
            return true;
    }
    /* every corner turn agrees: inside or on the outline */
    return false;
}

#if defined(SL_LOS_SSE2)
/* Two whole-number coordinates of the blocks' corners (sl_los_index.eight)
 * as doubles, exactly. */
static inline __m128d two(const int32_t *v)
{
    return _mm_cvtepi32_pd(_mm_loadl_epi64((const __m128i *)v));
}
#endif

#if defined(SL_LOS_AVX2)
/* Four of them. */
WIDE_TARGET static inline __m256d wide4(const int32_t *v)
{
    return _mm256_cvtepi32_pd(_mm_loadu_si128((const __m128i *)v));
}

/* The corners' sides as in eight_touch, four at a time. */
WIDE_TARGET static inline unsigned eight_sides_wide(const int32_t *xy, double dx, double dy, double k, unsigned *zero)
{
    __m256d DX = _mm256_set1_pd(dx), DY = _mm256_set1_pd(dy), K = _mm256_set1_pd(k);
    __m256d t0 = _mm256_sub_pd(_mm256_mul_pd(DX, wide4(xy + 10)), _mm256_mul_pd(DY, wide4(xy + 1)));
    __m256d t1 = _mm256_sub_pd(_mm256_mul_pd(DX, wide4(xy + 14)), _mm256_mul_pd(DY, wide4(xy + 5)));
    *zero = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(t0, K, _CMP_EQ_OQ)) |
            (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(t1, K, _CMP_EQ_OQ)) << 4;
    return (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(t0, K, _CMP_GT_OQ)) |
           (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(t1, K, _CMP_GT_OQ)) << 4;
}

/* The ends' sides of crossed edges i and j (from corner i - 1 to i), all
 * four at once: bit 0 a on the inner side of i (or on it), bit 1 b, bits
 * 2 and 3 the same for j. */
WIDE_TARGET static inline unsigned eight_ends_wide(const int32_t *xy, int i, int j, double ax, double ay, double bx,
                                                   double by)
{
    /* each edge's two corners lie side by side (EIGHT) */
    __m256d X = _mm256_insertf128_pd(_mm256_castpd128_pd256(two(xy + i)), two(xy + j), 1);
    __m256d Y = _mm256_insertf128_pd(_mm256_castpd128_pd256(two(xy + 9 + i)), two(xy + 9 + j), 1);
    __m256d XH = _mm256_unpacklo_pd(X, X), YH = _mm256_unpacklo_pd(Y, Y);
    __m256d EX = _mm256_sub_pd(_mm256_unpackhi_pd(X, X), XH), EY = _mm256_sub_pd(_mm256_unpackhi_pd(Y, Y), YH);
    __m256d PX = _mm256_set_pd(bx, ax, bx, ax), PY = _mm256_set_pd(by, ay, by, ay);
    __m256d S = _mm256_sub_pd(_mm256_mul_pd(EX, _mm256_sub_pd(PY, YH)), _mm256_mul_pd(EY, _mm256_sub_pd(PX, XH)));
    return (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(S, _mm256_setzero_pd(), _CMP_GE_OQ));
}
#endif

/* Does the segment from (ax, ay) to (bx, by) touch the small solid block
 * whose corners are at xy (F_EIGHT: eight, padded, anticlockwise, laid out
 * as EIGHT says)? k is dx * ay - dy * ax. The corners' sides of the line
 * are worked out two (wide: four) at a time in doubles, which are exact
 * near the origin (small_pt).
 * 0: the whole line passes the block by. Else the line crosses two edges,
 * and on the line the block is what lies on the inner side of both: an end
 * on the inner side of both is inside or on the outline (-1: the general
 * test decides), and the segment meets the block when each edge has an end
 * on its inner side (1 touches) and not otherwise (2). -1 as well when a
 * corner lies exactly on the line, or the outline is not convex after
 * all. With `area` (a wood), 1 only when the line runs more than a
 * rounding's length inside (the general test counts a piece under 1e-12
 * of the line as none): a shorter piece is -1. */
static ALWAYS_INLINE int eight_touch(const int32_t *xy, double dx, double dy, double k, double ax, double ay, double bx,
                                     double by, int area, const bool wide)
{
    unsigned pos = 0, zero = 0;
    (void)wide;
#if defined(SL_LOS_AVX2)
    if (wide)
        pos = eight_sides_wide(xy, dx, dy, k, &zero);
    else
#endif
    {
#if defined(SL_LOS_SSE2)
        __m128d DX = _mm_set1_pd(dx), DY = _mm_set1_pd(dy), K = _mm_set1_pd(k);
        for (int i = 0; i < 8; i += 2) {
            __m128d t =
                _mm_sub_pd(_mm_mul_pd(DX, two(xy + 10 + i)), _mm_mul_pd(DY, two(xy + 1 + i)));
            pos |= (unsigned)_mm_movemask_pd(_mm_cmpgt_pd(t, K)) << i;
            zero |= (unsigned)_mm_movemask_pd(_mm_cmpeq_pd(t, K)) << i;
        }
#else
        for (int i = 0; i < 8; i++) {
            double t = dx * xy[10 + i] - dy * xy[1 + i];
            pos |= (unsigned)(t > k) << i;
            zero |= (unsigned)(t == k) << i;
        }
#endif
    }
    if (zero)
        return -1;
    if (pos == 0 || pos == 0xffu)
        return 0;
    /* bit i set: edge (i-1, i) crosses the line */
    unsigned cross = (pos ^ ((pos << 1) | (pos >> 7))) & 0xffu;
    int i = __builtin_ctz(cross), j = 31 - __builtin_clz(cross);
    if ((cross & ~(1u << i) & ~(1u << j)) != 0)
        return -1;
    unsigned in;
#if defined(SL_LOS_AVX2)
    if (wide)
        in = eight_ends_wide(xy, i, j, ax, ay, bx, by);
    else
#endif
    {
        /* edge i runs from the corner at xy[i] (x) and xy[9 + i] (y) to the
         * one after it (EIGHT) */
        double eix = xy[1 + i] - xy[i], eiy = xy[10 + i] - xy[9 + i];
        double ejx = xy[1 + j] - xy[j], ejy = xy[10 + j] - xy[9 + j];
        in = (unsigned)(eix * (ay - xy[9 + i]) - eiy * (ax - xy[i]) >= 0) |
             (unsigned)(eix * (by - xy[9 + i]) - eiy * (bx - xy[i]) >= 0) << 1 |
             (unsigned)(ejx * (ay - xy[9 + j]) - ejy * (ax - xy[j]) >= 0) << 2 |
             (unsigned)(ejx * (by - xy[9 + j]) - ejy * (bx - xy[j]) >= 0) << 3;
    }
    /* an end on the inner side of both edges is inside or on the outline */
    if ((in & 5u) == 5u || (in & 10u) == 10u)
        return -1;
    /* each edge with an end on its inner side */
    if (!((in & 3u) && (in & 12u)))
        return 2;
    if (area) {
        /* where along the line it crosses edges i and j (not parallel to
         * it: their corners lie on either side) */
        double eix = xy[1 + i] - xy[i], eiy = xy[10 + i] - xy[9 + i];
        double ejx = xy[1 + j] - xy[j], ejy = xy[10 + j] - xy[9 + j];
        double ti = ((xy[i] - ax) * eiy - (xy[9 + i] - ay) * eix) / (dx * eiy - dy * eix);
        double tj = ((xy[j] - ax) * ejy - (xy[9 + j] - ay) * ejx) / (dx * ejy - dy * ejx);
        if (fabs(ti - tj) <= 1e-9)
            return -1;
    }
    return 1;
}

/* Walk the grid cells the line passes through, in order, calling `visit`
 * for each feature listed there the first time it is met. `visit` returns
 * false to stop. */
typedef bool (*visit_fn)(void *ctx, int feature);

/* How a walk ended: at the line's end, because visit said stop, or at a
 * small solid block the line touches (the yes/no queries' walks decide
 * those themselves: see walker.top). */
enum { W_END, W_STOP, W_TOUCH };

/* What a walk needs in its cells. */
typedef struct walker {
    const sl_los_index *ix;
    const int *start;                 /* the listing walked: the index's full one or its blockers' */
    const int32_t *recs;
    sl_los_scratch *s;
    uint32_t stamp;
    sl_pt a, b;                       /* the line */
    /* its box, as the listings' boxes are kept (cell_recs): low corner,
     * then the high one complemented. A box is apart from it when any of
     * its four is less than the one here. */
    int32_t want[4];
    /* Small solid blocks (F_EIGHT) and woods (F_WOOD8) taller than top,
     * with both ends outside them, are decided in the walk by eight_touch:
     * touching one (running through a wood) ends the walk (W_TOUCH), and
     * visit hears nothing of them. INT32_MAX: none are. */
    int32_t top;
    /* Listings whose rec[7] is no more than this are passed over: the
     * yes/no walks' visit would do nothing with them (clear_visit's first
     * tests). INT32_MIN: none are. */
    int32_t low;
    /* both ends near the origin (small_pt): the blocks' and woods' corners
     * may be tested in the walk, and one the line does not meet at all is
     * passed over whatever the visit */
    bool small;
    double dx, dy, k;                 /* for eight_touch */
    visit_fn visit;
    void *ctx;
} walker;

/* Visit the features of one cell whose boxes the line's box meets, each the
 * first time it is met; W_END to go on, else how the walk ends. Each
 * listing's record (cell_recs) holds what is needed first, so most features
 * are passed over, and small blocks decided, without being looked up
 * elsewhere. */
static ALWAYS_INLINE int visit_cell_at(const walker *w, size_t k, const bool wide)
{
    const sl_los_index *ix = w->ix;
#if defined(SL_LOS_SSE2)
    const __m128i want = _mm_loadu_si128((const __m128i *)w->want);
#endif
    for (int j = w->start[k], end = w->start[k + 1]; j < end; j++) {
        const int32_t *cb = w->recs + SL_LOS_CELL * j; /* box, feature, small block's height, a wood */
        /* the boxes apart: four comparisons at once, or | not ||: one
         * branch, not four hard to foresee */
#if defined(SL_LOS_SSE2)
        if (_mm_movemask_epi8(_mm_cmpgt_epi32(want, _mm_loadu_si128((const __m128i *)cb))))
            continue;
#else
        if ((cb[0] < w->want[0]) | (cb[1] < w->want[1]) | (cb[2] < w->want[2]) | (cb[3] < w->want[3]))
            continue;
#endif
        if (cb[7] <= w->low)
            continue;
        int fi = cb[4];
        if (w->s->stamp[fi] == w->stamp)
            continue;
        w->s->stamp[fi] = w->stamp;
        if (cb[5] > w->top) {
            int t = eight_touch(ix->eight + EIGHT * (cb[6] >> 1), w->dx, w->dy, w->k, w->a.x, w->a.y, w->b.x, w->b.y,
                                cb[6] & 1, wide);
            if (t == 1)
                return W_TOUCH;
            if (t >= 0)
                continue; /* both ends outside, and the line passes it by or stops short */
        } else if (cb[5] != INT32_MIN && w->small) {
            int t = eight_touch(ix->eight + EIGHT * (cb[6] >> 1), w->dx, w->dy, w->k, w->a.x, w->a.y, w->b.x, w->b.y,
                                cb[6] & 1, wide);
            if (t == 0 || t == 2)
                continue; /* a block or wood the line does not meet: nothing to any visit */
        }
        if (!w->visit(w->ctx, fi))
            return W_STOP;
    }
    return W_END;
}

/* The same by column and row, for any cell: off the grid, nothing. */
static ALWAYS_INLINE int visit_cell(const walker *w, int cx, int cy)
{
    const sl_los_index *ix = w->ix;
    if ((unsigned)cx >= (unsigned)ix->cols || (unsigned)cy >= (unsigned)ix->rows)
        return W_END;
    return visit_cell_at(w, (size_t)cy * (size_t)ix->cols + (size_t)cx, false);
}

/* floor() as an int, without the library call */
static inline int floor_int(double x)
{
    int i = (int)x;
    return i - (x < (double)i);
}

/* The walk in whole numbers, for lines with both ends inside the grid's
 * border (-1: not this line; else how it ended). Cells come from
 * multiplying by cell_magic, and which boundary comes next needs no
 * division and is exact at corners: the next one across x comes first when
 * (its distance in x) * |dy| is less than (the next one's distance in y) *
 * |dx|. Inlined into each walk, so the walker's fields can live in
 * registers. */
static ALWAYS_INLINE int walk_whole(const walker *w, const bool wide)
{
    const sl_los_index *ix = w->ix;
    const int64_t cell = ix->cell;
    const uint64_t magic = ix->cell_magic;
    int64_t rax = (int64_t)w->a.x - ix->x0, ray = (int64_t)w->a.y - ix->y0;
    int64_t rbx = (int64_t)w->b.x - ix->x0, rby = (int64_t)w->b.y - ix->y0;
    if (((uint64_t)(rax | ray | rbx | rby) >> 26) != 0 || magic == 0)
        return -1; /* below the grid's origin, or too far for the multiplying */
    int cx = (int)(((uint64_t)rax * magic) >> 40), cy = (int)(((uint64_t)ray * magic) >> 40);
    int ex = (int)(((uint64_t)rbx * magic) >> 40), ey = (int)(((uint64_t)rby * magic) >> 40);
    /* Both ends' cells inside the border: so is every cell between, and a
     * cell beside one of them at a corner is on the grid. */
    const unsigned inner_x = ix->cols > 2 ? (unsigned)ix->cols - 2 : 0;
    const unsigned inner_y = ix->rows > 2 ? (unsigned)ix->rows - 2 : 0;
    if (((unsigned)cx - 1 >= inner_x) | ((unsigned)ex - 1 >= inner_x) | ((unsigned)cy - 1 >= inner_y) |
        ((unsigned)ey - 1 >= inner_y))
        return -1;
    int64_t dx = rbx - rax, dy = rby - ray, adx = dx < 0 ? -dx : dx, ady = dy < 0 ? -dy : dy;
    /* a line along a column never steps across (nx below), nor along a row up */
    int sx = dx < 0 ? -1 : 1, sy = dy < 0 ? -1 : 1;
    /* the distances to the first boundaries ahead, without branching on
     * the direction (anyone's guess) */
    int64_t fx = (cx + (dx > 0)) * cell - rax, fy = (cy + (dy > 0)) * cell - ray;
    int64_t nx = dx ? (fx < 0 ? -fx : fx) * ady : INT64_MAX, ny = dy ? (fy < 0 ? -fy : fy) * adx : INT64_MAX;
    const int64_t stepx = cell * ady, stepy = cell * adx;
    /* Each step is one cell across or up, so the end's cell is this many
     * steps away: counting them down ends the walk there, and ends it
     * whatever happens. */
    int left = (ex > cx ? ex - cx : cx - ex) + (ey > cy ? ey - cy : cy - ey);
    /* the cell's place in the grid, and a step's change to it */
    size_t k = (size_t)cy * (size_t)ix->cols + (size_t)cx;
    const size_t kx = (size_t)(ptrdiff_t)sx, ky = (size_t)((ptrdiff_t)sy * ix->cols);
    for (;;) {
        /* the next cell's listing asked for from memory while this one is
         * visited: on a big table the walk waits on memory (the next cell
         * is inside the border too, so on the grid, even past the end) */
        __builtin_prefetch(w->recs + SL_LOS_CELL * w->start[k + (nx < ny ? kx : ky)]);
        int r = visit_cell_at(w, k, wide);
        if (r != W_END || left == 0)
            return r;
        if (nx < ny) {
            k += kx;
            nx += stepx;
            left--;
        } else if (ny < nx) {
            k += ky;
            ny += stepy;
            left--;
        } else {
            /* through a corner: both side cells as well as the diagonal one;
             * a line ending on the corner ends in one of them (one step
             * left) */
            if ((r = visit_cell_at(w, k + kx, wide)) != W_END || (r = visit_cell_at(w, k + ky, wide)) != W_END ||
                left < 2)
                return r;
            k += kx + ky;
            nx += stepx;
            ny += stepy;
            left -= 2;
        }
    }
}

/* The same walk in doubles, for any line. */
static int walk_far(const walker *w)
{
    const sl_los_index *ix = w->ix;
    double cell = ix->cell;
    double ax = (double)w->a.x - ix->x0, ay = (double)w->a.y - ix->y0;
    double dx = (double)w->b.x - w->a.x, dy = (double)w->b.y - w->a.y;
    double inv = 1.0 / cell;
    int cx = floor_int(ax * inv), cy = floor_int(ay * inv);
    int ex = floor_int((ax + dx) * inv), ey = floor_int((ay + dy) * inv);
    int sx = dx > 0 ? 1 : dx < 0 ? -1 : 0, sy = dy > 0 ? 1 : dy < 0 ? -1 : 0;
    double idx = sx ? 1.0 / dx : 0, idy = sy ? 1.0 / dy : 0;
    double tmx = sx ? (((cx + (sx > 0)) * cell) - ax) * idx : INFINITY;
    double tmy = sy ? (((cy + (sy > 0)) * cell) - ay) * idy : INFINITY;
    double tdx = sx ? cell * fabs(idx) : INFINITY, tdy = sy ? cell * fabs(idy) : INFINITY;
    int guard = ix->cols + ix->rows + 4;
    for (;;) {
        int r = visit_cell(w, cx, cy);
        if (r != W_END || (cx == ex && cy == ey) || --guard < 0)
            return r;
        if ((tmx < tmy ? tmx : tmy) > 1 + 1e-9) {
            /* past the end without meeting its cell (rounding near a
             * corner): the end's own cell, for what touches the end */
            return visit_cell(w, ex, ey);
        }
        /* Near enough a corner (rounding may split an exact one) step both
         * ways, so no cell is skipped. */
        if (tmx < tmy - 1e-9) {
            cx += sx;
            tmx += tdx;
        } else if (tmy < tmx - 1e-9) {
            cy += sy;
            tmy += tdy;
        } else {
            /* through a corner, as in walk_whole */
            if ((r = visit_cell(w, cx + sx, cy)) != W_END || (r = visit_cell(w, cx, cy + sy)) != W_END ||
                (cx + sx == ex && cy == ey) || (cx == ex && cy + sy == ey))
                return r;
            cx += sx;
            cy += sy;
            tmx += tdx;
            tmy += tdy;
        }
    }
}

/* The walk from a to b; top: decide small solid blocks above it in the
 * walk (see walker), or INT32_MAX. Returns how it ended. */
static ALWAYS_INLINE int walk_with(const sl_los_index *ix, sl_los_scratch *s, sl_pt a, sl_pt b, int32_t top,
                                   int32_t low, visit_fn visit, void *ctx, const bool wide)
{
    /* all four within SMALL of the origin (small_pt): 2 * SMALL is a power of two */
    bool small = (((uint32_t)a.x + SMALL) | ((uint32_t)a.y + SMALL) | ((uint32_t)b.x + SMALL) |
                  ((uint32_t)b.y + SMALL)) < 2u * SMALL;
    double dx = (double)b.x - a.x, dy = (double)b.y - a.y;
    /* the blockers' listing when the walk passes over all it leaves out */
    const bool blk = low >= ix->blk_low;
    walker w = {ix,
                blk ? ix->blk_start : ix->cell_start,
                blk ? ix->blk_recs : ix->cell_recs,
                s,
                next_stamp(s),
                a,
                b,
                {a.x < b.x ? a.x : b.x, a.y < b.y ? a.y : b.y, ~(a.x < b.x ? b.x : a.x), ~(a.y < b.y ? b.y : a.y)},
                small ? top : INT32_MAX,
                low,
                small,
                dx,
                dy,
                dx * a.y - dy * a.x,
                visit,
                ctx};
    int r = walk_whole(&w, wide);
    return r >= 0 ? r : walk_far(&w);
}

static int walk_narrow(const sl_los_index *ix, sl_los_scratch *s, sl_pt a, sl_pt b, int32_t top, int32_t low,
                       visit_fn visit, void *ctx)
{
    return walk_with(ix, s, a, b, top, low, visit, ctx, false);
}

#if defined(SL_LOS_AVX2)
/* The same compiled for AVX2: four corners at a time, and three-operand
 * instructions throughout (about 4% faster on this machine). */
WIDE_TARGET static int walk_wide(const sl_los_index *ix, sl_los_scratch *s, sl_pt a, sl_pt b, int32_t top,
                                 int32_t low, visit_fn visit, void *ctx)
{
    return walk_with(ix, s, a, b, top, low, visit, ctx, true);
}
#endif

static inline int walk(const sl_los_index *ix, sl_los_scratch *s, sl_pt a, sl_pt b, int32_t top, int32_t low,
                       visit_fn visit, void *ctx)
{
#if defined(SL_LOS_AVX2)
    if (ix->wide)
        return walk_wide(ix, s, a, b, top, low, visit, ctx);
#endif
    return walk_narrow(ix, s, a, b, top, low, visit, ctx);
}

/* What the yes/no queries' visits share. The line, with its heights, is
 * made only when a feature needs it: most walks end without one. */
typedef struct clear_ctx {
    const sl_los_index *ix;
    const sl_los_params *p;
    sl_pt a, b;
    bool made;
    line L;
} clear_ctx;

static const line *the_line(clear_ctx *c)
{
    if (!c->made) {
        make_line(c->ix, c->p, c->a, c->b, &c->L);
        c->made = true;
    }
    return &c->L;
}

/* Does segment ab touch convex polygon v (a and b outside it)?
 * Exact: the corners' sides of the line first, then only the edges the
 * line crosses are tested against the segment. */
static bool touches_convex(const line *L, const sl_pt *v, int n)
{
    int64_t ax = L->a.x, ay = L->a.y, dx = (int64_t)L->b.x - ax, dy = (int64_t)L->b.y - ay;
    int64_t prev = dx * (v[n - 1].y - ay) - dy * (v[n - 1].x - ax);
    for (int i = 0; i < n; i++) {
        int64_t side = dx * (v[i].y - ay) - dy * (v[i].x - ax);
        /* edge (i-1, i) meets the line: does the segment reach it? */
        if ((side >= 0) != (prev >= 0) || side == 0 || prev == 0) {
            sl_pt e0 = v[i == 0 ? n - 1 : i - 1], e1 = v[i];
            int64_t ex = (int64_t)e1.x - e0.x, ey = (int64_t)e1.y - e0.y;
            int64_t sa = ex * (ay - e0.y) - ey * (ax - e0.x);
            int64_t sb = ex * ((int64_t)L->b.y - e0.y) - ey * ((int64_t)L->b.x - e0.x);
            if ((sa >= 0 && sb <= 0) || (sa <= 0 && sb >= 0)) {
                /* the segment reaches the edge's line; the crossing lies on
                 * the edge because the edge's ends straddle the segment's
                 * line. Collinear cases fall back to the full test. */
                if (sa == 0 && sb == 0)
                    return sl_seg_intersects(L->a, L->b, e0, e1);
                return true;
            }
        }
        prev = side;
    }
    return false;
}

/* The fast path for solid blocks taller than both eyes with the figures
 * outside them: touching means blocked, and not touching means nothing
 * (neither end is inside, so it gives no cover). 1 blocked, 0 nothing,
 * -1 the general test is needed. */
static int solid_fast(clear_ctx *c, int fi)
{
    const sl_los_index *ix = c->ix;
    const int32_t *bx = ix->box + SL_LOS_BOX * fi; /* box, height, first corner, corners */
    if (!(ix->flags[fi] & F_SOLID) || ix->nhills > 0)
        return -1;
    const line *L = the_line(c);
    if (bx[4] <= L->za || bx[4] <= L->zb)
        return -1;
    const sl_pt *v = ix->table->pts + bx[5];
    int n = bx[6];
    bool a_out = ((L->a.x < bx[0]) | (L->a.x > bx[2]) | (L->a.y < bx[1]) | (L->a.y > bx[3])) || outside_convex(v, n, L->a);
    bool b_out = ((L->b.x < bx[0]) | (L->b.x > bx[2]) | (L->b.y < bx[1]) | (L->b.y > bx[3])) || outside_convex(v, n, L->b);
    if (!a_out || !b_out)
        return -1;
    return touches_convex(L, v, n) ? 1 : 0;
}

/* The fast path for a wall or hedge taller than the eye on a table
 * without hills, both figures off it: it blocks when the line crosses it
 * more than cover_distance from both figures (judge's rule for a line
 * feature). 1 blocked, 0 not, -1 the general test is needed: a corner on
 * the line or an end on the feature's, a crossing too near cover_distance
 * from a figure for rounding to be sure (judge works from stretches()
 * joined within 1e-9 of the line), or more corners than stretches() takes. */
static int linear_fast(clear_ctx *c, int fi)
{
    const sl_los_params *p = c->p;
    const int32_t *bx = c->ix->box + SL_LOS_BOX * fi; /* height, first corner, corners */
    if (!(c->ix->flags[fi] & F_LINE) || p->cover_distance < 1 || c->ix->nhills > 0 || bx[4] <= p->eye)
        return -1;
    const sl_pt *v = c->ix->table->pts + bx[5];
    const int npts = bx[6];
    sl_pt a = c->a, b = c->b;
    int64_t dx = (int64_t)b.x - a.x, dy = (int64_t)b.y - a.y;
    double len = -1, margin = 0;
    int blocks = 0;
    int64_t prev = dx * ((int64_t)v[0].y - a.y) - dy * ((int64_t)v[0].x - a.x);
    if (prev == 0)
        return -1;
    for (int i = 1; i < npts; i++) {
        int64_t side = dx * ((int64_t)v[i].y - a.y) - dy * ((int64_t)v[i].x - a.x);
        if (side == 0)
            return -1;
        bool straddles = (side > 0) != (prev > 0);
        prev = side;
        if (!straddles)
            continue;
        sl_pt e0 = v[i - 1], e1 = v[i];
        int64_t ex = (int64_t)e1.x - e0.x, ey = (int64_t)e1.y - e0.y;
        int64_t sa = ex * ((int64_t)a.y - e0.y) - ey * ((int64_t)a.x - e0.x);
        int64_t sb = ex * ((int64_t)b.y - e0.y) - ey * ((int64_t)b.x - e0.x);
        if (sa == 0 || sb == 0)
            return -1;
        if ((sa > 0) == (sb > 0))
            continue; /* the segment stops short of this leg */
        /* where it crosses, as sl_seg_intersection works it out */
        int64_t den = dx * ey - dy * ex;
        int64_t num = ((int64_t)e0.x - a.x) * ey - ((int64_t)e0.y - a.y) * ex;
        double t = (double)num / (double)den;
        if (len < 0) {
            len = sl_dist(a, b);
            margin = 1e-6 * len + 1e-3;
        }
        double from_a = t * len, to_b = (1.0 - t) * len, cd = p->cover_distance;
        if (from_a > cd + margin && to_b > cd + margin)
            blocks = 1;
        else if (!(from_a < cd - margin || to_b < cd - margin))
            return -1;
    }
    return blocks;
}

/* false (stop) only when the feature blocks the line */
static bool clear_visit(void *vctx, int fi)
{
    clear_ctx *c = vctx;
    const sl_los_index *ix = c->ix;
    if (!(ix->flags[fi] & F_MAY_BLOCK))
        return true;
    /* no hills: the line runs at eye height all along, over anything no
     * taller (a low wall or hedge), which then cannot block it; not so
     * woods, which block a line deep in them whatever their height */
    if (ix->nhills == 0 && ix->box[SL_LOS_BOX * fi + 4] <= c->p->eye &&
        ix->table->features[fi].kind != SL_TERRAIN_WOODS)
        return true;
    /* a wall or hedge from its corners and the index's box alone, not the
     * feature's own record */
    int fast = ix->flags[fi] & F_LINE ? linear_fast(c, fi) : solid_fast(c, fi);
    sl_los_hit h;
    return !(fast == 1 || (fast < 0 && meet_feature(c->ix, c->p, the_line(c), fi, &h) && h.effect == SL_LOS_BLOCKS));
}

typedef struct cover_ctx {
    clear_ctx clear;
    sl_cover best;
} cover_ctx;

static bool cover_visit(void *vctx, int fi)
{
    cover_ctx *cc = vctx;
    clear_ctx *c = &cc->clear;
    const sl_los_index *ix = c->ix;
    const sl_feature *f = &ix->table->features[fi];
    /* open ground without cover does nothing to a line */
    if (!(ix->flags[fi] & F_MAY_BLOCK) && f->cover == SL_COVER_NONE)
        return true;
    int fast = solid_fast(c, fi);
    if (fast == 0)
        return true;
    sl_los_hit h;
    bool met = fast == 1 || meet_feature(ix, c->p, the_line(c), fi, &h);
    if (fast == 1 || (met && h.effect == SL_LOS_BLOCKS))
        return false;
    if (met && h.effect == SL_LOS_COVER && h.cover > cc->best)
        cc->best = h.cover;
    return true;
}

/* For the yes/no queries: blocks above this may be decided in the walk
 * (solid_fast's rule: no hills, and taller than both eyes, which then
 * stand on the flat table). */
static int32_t blocks_top(const sl_los_index *ix, const sl_los_params *p)
{
    return ix->nhills > 0 ? INT32_MAX : p->eye;
}

/* What clear_visit passes over at once, for the walk to pass over first
 * (walker.low): what never blocks, and on a table without hills anything
 * but a wood no taller than the eye. */
static int32_t clear_low(const sl_los_index *ix, const sl_los_params *p)
{
    return ix->nhills > 0 || p->eye == INT32_MAX ? INT32_MIN + 1 : p->eye;
}

bool sl_los_clear(const sl_los_index *ix, const sl_los_params *p, sl_los_scratch *s, sl_pt from, sl_pt to)
{
    clear_ctx c;
    c.ix = ix;
    c.p = p;
    c.a = from;
    c.b = to;
    c.made = false;
    return walk(ix, s, from, to, blocks_top(ix, p), clear_low(ix, p), clear_visit, &c) == W_END;
}

/* Where the line from a to b comes within `near` of b (a when it is no
 * longer than that). */
static sl_pt near_end(sl_pt a, sl_pt b, int32_t near)
{
    double dx = (double)b.x - a.x, dy = (double)b.y - a.y, len = sqrt(dx * dx + dy * dy);
    if (len <= near)
        return a;
    double u = 1.0 - near / len;
    return sl_pt_make(round_i32(a.x + dx * u), round_i32(a.y + dy * u));
}

/* The column (row) of a point d mils past the grid's origin, kept to 0
 * to last: by cell_magic where walk_whole would use it (no division) */
static int cell_of(const sl_los_index *ix, int64_t d, int last)
{
    if (d <= 0)
        return 0;
    int c = d < (1 << 26) && ix->cell_magic ? (int)(((uint64_t)d * ix->cell_magic) >> 40) : (int32_t)(d / ix->cell);
    return clampi(c, 0, last);
}

/* The features listed (in the full listing) in the cells round the
 * target's end b of line ab that may give it cover: each whose box meets
 * the part of the line's box within `near` of b, visited once by
 * cover_visit against the whole line. That part's box holds the line's
 * last `near` (near_end's point rounds by under a mil: one more allowed),
 * so this visits all the tail's walk would (sl_los_cover), at no cost of
 * stepping, nor a square root. */
static void cover_tail(const sl_los_index *ix, sl_los_scratch *s, sl_pt a, sl_pt b, int32_t near, cover_ctx *c)
{
    int64_t r = (int64_t)near + 2;
    int64_t lx = a.x < b.x ? a.x : b.x, hx = a.x < b.x ? b.x : a.x;
    int64_t ly = a.y < b.y ? a.y : b.y, hy = a.y < b.y ? b.y : a.y;
    int64_t x0 = b.x - r > lx ? b.x - r : lx, x1 = b.x + r < hx ? b.x + r : hx;
    int64_t y0 = b.y - r > ly ? b.y - r : ly, y1 = b.y + r < hy ? b.y + r : hy;
    walker w = {ix, ix->cell_start, ix->cell_recs, s, next_stamp(s), a, b,
                {(int32_t)x0, (int32_t)y0, ~(int32_t)x1, ~(int32_t)y1}, INT32_MAX, INT32_MIN, true,
                (double)b.x - a.x, (double)b.y - a.y, 0.0, cover_visit, c};
    w.k = w.dx * a.y - w.dy * a.x;
    /* the cells of that box, a mil wider so that one whose edge it lies
     * on is read too, kept to the grid (none beyond it lists anything) */
    int c0 = cell_of(ix, x0 - 1 - ix->x0, ix->cols - 1), c1 = cell_of(ix, x1 + 1 - ix->x0, ix->cols - 1);
    int r0 = cell_of(ix, y0 - 1 - ix->y0, ix->rows - 1), r1 = cell_of(ix, y1 + 1 - ix->y0, ix->rows - 1);
    for (int cy = r0; cy <= r1; cy++)
        for (int cx = c0; cx <= c1; cx++)
            visit_cell_at(&w, (size_t)cy * (size_t)ix->cols + (size_t)cx, false);
}

/* Only what lies within cover_distance of the target can give it cover
 * (a wall or hedge crossed there, ground it stands in or just behind, a
 * crest just before it): so the line is walked first for what blocks it,
 * as sl_los_clear walks it, and only when it is seen are the features of
 * its last cover_distance (and 2 mils for rounding) judged for cover,
 * each against the whole line as before. A line with an end far off the
 * table is walked once, as before. */
bool sl_los_cover(const sl_los_index *ix, const sl_los_params *p, sl_los_scratch *s, sl_pt from, sl_pt to,
                  sl_cover *cover)
{
    cover_ctx c;
    c.clear.ix = ix;
    c.clear.p = p;
    c.clear.a = from;
    c.clear.b = to;
    c.clear.made = false;
    c.best = SL_COVER_NONE;
    *cover = SL_COVER_NONE;
    if (!small_pt(from) || !small_pt(to)) {
        /* far off the table the walk is in doubles: one walk, as
         * sl_los_check's, so that both see the same features */
        bool seen = walk(ix, s, from, to, blocks_top(ix, p), INT32_MIN, cover_visit, &c) == W_END;
        *cover = seen ? c.best : SL_COVER_NONE;
        return seen;
    }
    if (walk(ix, s, from, to, blocks_top(ix, p), clear_low(ix, p), clear_visit, &c.clear) != W_END)
        return false;
    int32_t near = (p->cover_distance > 0 ? p->cover_distance : 0) + 2;
    if (ix->cover_tail_walked)
        walk(ix, s, near_end(from, to, near), to, INT32_MAX, INT32_MIN, cover_visit, &c);
    else
        cover_tail(ix, s, from, to, near, &c);
    *cover = c.best;
    return true;
}

#define MAX_COLLECT 128

typedef struct check_ctx {
    const sl_los_index *ix;
    const sl_los_params *p;
    const line *L;
    sl_los_hit hits[MAX_COLLECT];
    int n;
    bool overflow;
} check_ctx;

static bool check_visit(void *vctx, int fi)
{
    check_ctx *c = vctx;
    sl_los_hit h;
    if (!meet_feature(c->ix, c->p, c->L, fi, &h))
        return true;
    if (c->n < MAX_COLLECT)
        c->hits[c->n++] = h;
    else
        c->overflow = true;
    return true;
}

/* Hits in order along the line (then by feature: no two are equal, each
 * feature met once), by insertion: there are few. */
static bool hit_after(const sl_los_hit *a, const sl_los_hit *b)
{
    return a->t0 != b->t0 ? a->t0 > b->t0 : a->feature > b->feature;
}

static void sort_hits(sl_los_hit *h, int n)
{
    for (int i = 1; i < n; i++) {
        sl_los_hit x = h[i];
        int j = i;
        for (; j > 0 && hit_after(&h[j - 1], &x); j--)
            h[j] = h[j - 1];
        h[j] = x;
    }
}

void sl_los_check(const sl_los_index *ix, const sl_los_params *p, sl_los_scratch *s, sl_pt from, sl_pt to,
                  sl_los_result *out)
{
    line L;
    make_line(ix, p, from, to, &L);
    L.len = sl_dist(from, to);
    /* every byte zero but the hits kept (the tail cleared below) */
    memset(out, 0, offsetof(sl_los_result, hits));
    out->distance = L.len;
    out->z_from = L.za;
    out->z_to = L.zb;
    out->cover_hit = out->block_hit = -1;
    check_ctx ctx; /* on the stack: queries never allocate */
    check_ctx *c = &ctx;
    c->ix = ix;
    c->p = p;
    c->L = &L;
    c->n = 0;
    c->overflow = false;
    walk(ix, s, from, to, INT32_MAX, INT32_MIN, check_visit, c);
    sort_hits(c->hits, c->n);
    /* Keep every hit that matters; drop plain crossings first if full
     * (else every hit, as sorted). */
    int kept = 0;
    if (c->n <= SL_LOS_MAX_HITS) {
        memcpy(out->hits, c->hits, sizeof c->hits[0] * (size_t)c->n);
        kept = c->n;
    }
    for (int pass = 0; pass < 2 && kept < c->n; pass++) {
        for (int i = 0; i < c->n; i++) {
            bool important = c->hits[i].effect == SL_LOS_BLOCKS || c->hits[i].effect == SL_LOS_COVER;
            if ((pass == 0) != important)
                continue;
            if (kept < SL_LOS_MAX_HITS)
                out->hits[kept++] = c->hits[i];
            else
                out->truncated = true;
        }
    }
    out->truncated |= c->overflow;
    out->nhits = kept;
    if (c->n > SL_LOS_MAX_HITS)
        sort_hits(out->hits, kept);
    memset(out->hits + kept, 0, sizeof out->hits[0] * (size_t)(SL_LOS_MAX_HITS - kept));
    out->visible = true;
    for (int i = 0; i < out->nhits; i++) {
        const sl_los_hit *h = &out->hits[i];
        if (h->effect == SL_LOS_BLOCKS) {
            if (out->visible)
                out->block_hit = i;
            out->visible = false;
        } else if (h->effect == SL_LOS_COVER && h->cover > out->cover) {
            out->cover = h->cover;
            out->cover_hit = i;
        }
    }
}

void sl_los_describe_hit(const sl_table *t, const sl_los_hit *h, char *buf, size_t len)
{
    const sl_feature *f = &t->features[h->feature];
    /* in players' words: "Farmhouse (building)", or "the road" for a
     * feature the map left unnamed; never the file's number */
    char what[sizeof f->name + 40];
    sl_feature_words(f, what, sizeof what);
    if (!sl_feature_unnamed(f)) {
        size_t l = strlen(what);
        snprintf(what + l, sizeof what - l, " (%s)", sl_terrain_kind_info(f->kind)->name);
    }
    double x = h->at.x / 1000.0, y = h->at.y / 1000.0;
    switch (h->why) {
    case SL_WHY_TALLER:
        snprintf(buf, len, "blocked by %s: %.1f\" tall where the line is %.1f\" high, at (%.1f, %.1f)",
                 what, h->top / 1000.0, h->line_z / 1000.0, x, y);
        break;
    case SL_WHY_WOODS_DEEP:
        snprintf(buf, len, "blocked by %s: the line runs %.1f\" through the trees, at (%.1f, %.1f)",
                 what, h->depth / 1000.0, x, y);
        break;
    case SL_WHY_WOODS_EDGE:
        snprintf(buf, len, "%s at the edge of %s, %.1f\" in%s", h->effect == SL_LOS_COVER ? "target" : "firer",
                 what, h->depth / 1000.0,
                 h->effect == SL_LOS_COVER ? ": soft cover" : ": sees out");
        break;
    case SL_WHY_INSIDE:
        snprintf(buf, len, "%s inside %s%s%s", h->effect == SL_LOS_COVER ? "target" : "firer", what,
                 h->effect == SL_LOS_COVER ? ": " : "", h->effect == SL_LOS_COVER ? sl_cover_phrase(h->cover) : "");
        break;
    case SL_WHY_BEHIND:
        snprintf(buf, len, "%s directly behind %s at (%.1f, %.1f)%s%s",
                 h->effect == SL_LOS_COVER ? "target" : "firer", what, x, y,
                 h->effect == SL_LOS_COVER ? ": " : ": fires over it",
                 h->effect == SL_LOS_COVER ? sl_cover_phrase(h->cover) : "");
        break;
    case SL_WHY_CREST:
        snprintf(buf, len, "hidden by the crest of %s: %.1f\" high where the line is %.1f\", at (%.1f, %.1f)",
                 what, h->top / 1000.0, h->line_z / 1000.0, x, y);
        break;
    case SL_WHY_BEHIND_CREST:
        snprintf(buf, len, "target just behind the crest of %s: %s", what,
                 sl_cover_phrase(h->cover));
        break;
    case SL_WHY_LOWER:
        snprintf(buf, len, "passes over %s: %.1f\" tall, the line %.1f\" high", what,
                 h->top / 1000.0, h->line_z / 1000.0);
        break;
    default:
        snprintf(buf, len, "crosses %s", what);
        break;
    }
}
