/* sightline-bench: sight queries and frames on fixed, seeded workloads,
 * against GEOS where GEOS can answer the same question.
 *
 *   sightline-bench [RUNS]      every table below, RUNS timed runs each (7)
 *   sightline-bench --check     answers only, no times: exits 1 when
 *                               sightline and GEOS disagree (the tests)
 *   sightline-bench --solo [ROUNDS]  the solo opponent's decision only
 *
 * The standard workload: a 72" x 48" table with 200 convex buildings (4 to
 * 8 corners, 1" to 6" across, taller than a man) and 300 figures standing
 * outside them; every one of the 44,850 figure pairs is asked each
 * question (the cover questions and one line of sight in a random order,
 * as a player or the solo policy asks about units all over the table). Scaling rows keep the same density on a larger or smaller
 * table (50, 200, 800 and 3,200 buildings) and vary the figures (100, 300
 * and 1,000) on the standard table.
 *
 * Fairness: sightline and its peer run in one process, one after the
 * other in alternating order within every round, after one untimed round
 * each to warm up (GEOS builds its indexes there), the same number of
 * rounds each; medians and minimums are printed. Each question is put to
 * GEOS in its fastest form that we know:
 *   line of sight   one prepared MultiPolygon of every building, asked
 *                   whether it intersects the line;
 *   cover           on the cover table (tall buildings, woods, low walls,
 *                   low and tall hedges): prepared geometries asked in turn,
 *                   each stopping at its first hit (the buildings and woods
 *                   on the whole line, the tall hedges on all but its inch
 *                   at each end, then the walls and the hedges on its last
 *                   inch), the same answer as sightline's sl_los_cover;
 *   every crossing  on the cover table: every feature the line meets
 *                   counted (an STRtree of prepared geometries), against
 *                   sightline's sl_los_check, which judges and lists each;
 *   visibility      the table less the union of every building's shadow
 *                   (one cascaded union), against sightline's polygon.
 * Answers are compared pair by pair (polygons by area) before any time
 * is printed. The last lines are the figures the issue tracker asks for,
 * one `name=value` each. */
#define _DEFAULT_SOURCE /* wait4: a child's CPU time and resident set */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sightline/play.h"
#include "sightline/sight.h"
#include "sightline/ui.h"

#include <SDL.h>

#ifdef SL_HAVE_GEOS
#include <geos_c.h>
#endif

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define SEED 20261122u
#define MAX_RUNS 64

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint64_t rng_state;

static uint64_t rng(void)
{
    /* splitmix64 */
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static double uniform(double lo, double hi)
{
    return lo + (hi - lo) * ((rng() >> 11) * (1.0 / 9007199254740992.0));
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef struct stats {
    double t[MAX_RUNS];
    int n;
    double median, min;
} stats;

static void stats_done(stats *s)
{
    double v[MAX_RUNS];
    memcpy(v, s->t, sizeof(double) * (size_t)s->n);
    qsort(v, (size_t)s->n, sizeof v[0], cmp_double);
    s->median = s->n % 2 ? v[s->n / 2] : (v[s->n / 2 - 1] + v[s->n / 2]) / 2;
    s->min = v[0];
}

/* --- the workload ------------------------------------------------------------------- */

typedef struct workload {
    sl_world w;
    int npoly, nfig;
    double tw, th; /* inches */
    sl_los_index ix;
    sl_los_scratch sc;
    sl_los_params p;
    int *pi, *pj;   /* every pair in a random order (made when first asked) */
    long *pat;      /* where each answers in loop order */
} workload;

/* The cover table's mix: of every ten features one tall building, one
 * wood, four low walls (under the eye: a wall only gives hard cover to a
 * figure within 1" behind it), two low hedges (the same, soft cover) and
 * two tall hedges (taller than the eye: one blocks unless the line
 * crosses it within 1" of a figure, and then gives the target soft
 * cover). Off: every feature a building. */
static bool cover_mix;

/* A wall or hedge: an open line of 2 or 3 corners from (cx, cy), each
 * leg 1.5" to 4" long. */
static int cover_line(workload *k, double cx, double cy, sl_pt *v)
{
    int n = 2 + (int)(rng() % 2);
    double x = cx, y = cy, ang = uniform(0, 2 * M_PI);
    for (int j = 0; j < n; j++) {
        if (j > 0) {
            double leg = uniform(1.5, 4.0);
            ang += uniform(-1.2, 1.2);
            x += leg * cos(ang);
            y += leg * sin(ang);
        }
        x = x < 0.2 ? 0.2 : x > k->tw - 0.2 ? k->tw - 0.2 : x;
        y = y < 0.2 ? 0.2 : y > k->th - 0.2 ? k->th - 0.2 : y;
        v[j] = sl_pt_make((int32_t)lround(x * 1000), (int32_t)lround(y * 1000));
    }
    return n;
}

static sl_feature cover_feature(int i, bool *line)
{
    static const sl_terrain_kind kinds[10] = {SL_TERRAIN_BUILDING, SL_TERRAIN_WOODS, SL_TERRAIN_WALL, SL_TERRAIN_WALL,
                                              SL_TERRAIN_WALL,     SL_TERRAIN_WALL,  SL_TERRAIN_HEDGE, SL_TERRAIN_HEDGE,
                                              SL_TERRAIN_HEDGE,    SL_TERRAIN_HEDGE};
    sl_terrain_kind kind = cover_mix ? kinds[i % 10] : SL_TERRAIN_BUILDING;
    sl_feature f = sl_feature_defaults(kind);
    *line = kind == SL_TERRAIN_WALL || kind == SL_TERRAIN_HEDGE;
    if (*line)
        f.shape = SL_SHAPE_POLYLINE;
    if (kind == SL_TERRAIN_BUILDING)
        f.height = 10000;
    if (kind == SL_TERRAIN_WALL || (kind == SL_TERRAIN_HEDGE && i % 10 < 8))
        f.height = 500; /* low: under a standing man's eye */
    return f;
}

/* npoly buildings at the standard density (200 on 72" x 48") and nfig
 * figures outside them (with cover_mix, the cover table's mix). */
static bool build(workload *k, int npoly, int nfig)
{
    memset(k, 0, sizeof *k);
    rng_state = SEED;
    double grow = sqrt(npoly / 200.0);
    k->npoly = npoly;
    k->nfig = nfig;
    k->tw = 72.0 * grow;
    k->th = 48.0 * grow;
    sl_world *w = &k->w;
    sl_world_init(w);
    sl_scenario *s = &w->scn;
    snprintf(s->name, sizeof s->name, "Benchmark: %d buildings, %d figures", npoly, nfig);
    sl_table_init(&s->table, (int32_t)lround(k->tw * 1000), (int32_t)lround(k->th * 1000));
    snprintf(s->table.name, sizeof s->table.name, "benchmark");
    w->mat.r = 104;
    w->mat.g = 122;
    w->mat.b = 84;
    for (int i = 0; i < npoly; i++) {
        double cx = uniform(1, k->tw - 1), cy = uniform(1, k->th - 1);
        double r = uniform(0.5, 3.0);
        int n = 4 + (int)(rng() % 5);
        double ang[8];
        sl_pt v[8];
        for (;;) {
            for (int j = 0; j < n; j++)
                ang[j] = uniform(0, 2 * M_PI);
            qsort(ang, (size_t)n, sizeof ang[0], cmp_double);
            /* corners on a circle in angle order make a convex polygon;
             * keep them apart so rounding cannot merge two */
            bool ok = true;
            for (int j = 0; j < n; j++) {
                double gap = j + 1 < n ? ang[j + 1] - ang[j] : ang[0] + 2 * M_PI - ang[j];
                if (gap < 0.2 || gap > M_PI - 0.05)
                    ok = false;
            }
            if (ok)
                break;
        }
        for (int j = 0; j < n; j++)
            v[j] = sl_pt_make((int32_t)lround((cx + r * cos(ang[j])) * 1000), (int32_t)lround((cy + r * sin(ang[j])) * 1000));
        bool line = false;
        sl_feature f = cover_feature(i, &line);
        if (line)
            n = cover_line(k, cx, cy, v);
        f.id = i + 1;
        snprintf(f.name, sizeof f.name, "%s %d", f.kind == SL_TERRAIN_BUILDING ? "Block" : sl_terrain_kind_info(f.kind)->label,
                 i + 1);
        if (sl_table_add_feature(&s->table, &f, v, n) < 0)
            return false;
    }
    s->nsides = 2;
    snprintf(s->sides[0].id, sizeof s->sides[0].id, "blue");
    snprintf(s->sides[0].name, sizeof s->sides[0].name, "Blue");
    s->sides[0].r = 0, s->sides[0].g = 114, s->sides[0].b = 178;
    snprintf(s->sides[1].id, sizeof s->sides[1].id, "red");
    snprintf(s->sides[1].name, sizeof s->sides[1].name, "Red");
    s->sides[1].r = 213, s->sides[1].g = 94, s->sides[1].b = 0;
    s->sides[1].marker = SL_MARKER_SQUARE;
    int nunits = (nfig + 9) / 10;
    s->units = calloc((size_t)nunits, sizeof(sl_unit));
    s->figures = calloc((size_t)nfig, sizeof(sl_figure));
    if (!s->units || !s->figures)
        return false;
    for (int u = 0; u < nunits; u++) {
        sl_unit *un = &s->units[s->nunits++];
        snprintf(un->id, sizeof un->id, "u%d", u + 1);
        snprintf(un->name, sizeof un->name, "Unit %d", u + 1);
        un->side = u % 2;
        un->quality = SL_Q_REGULAR;
        un->leadership = 2;
        un->first_figure = s->nfigures;
        un->leader = -1;
        for (int j = 0; j < 10 && s->nfigures < nfig; j++) {
            sl_pt p;
            for (;;) {
                p = sl_pt_make((int32_t)lround(uniform(0.5, k->tw - 0.5) * 1000),
                               (int32_t)lround(uniform(0.5, k->th - 0.5) * 1000));
                if (sl_table_feature_at(&s->table, p, 500) < 0)
                    break;
            }
            sl_figure *f = &s->figures[s->nfigures++];
            snprintf(f->id, sizeof f->id, "u%d-%d", u + 1, j + 1);
            f->unit = u;
            f->pos = p;
            f->base_r = 492;
            f->weapon = sl_weapon_find("advanced-ar");
            f->support = -1;
            un->nfigures++;
        }
    }
    sl_los_params_default(&k->p);
    return sl_los_index_build(&k->ix, &s->table, 0) && sl_los_scratch_init(&k->sc, &s->table);
}

static void unbuild(workload *k)
{
    free(k->pi);
    free(k->pj);
    free(k->pat);
    sl_los_index_free(&k->ix);
    sl_los_scratch_free(&k->sc);
    sl_world_free(&k->w);
}

static long npairs(const workload *k)
{
    return (long)k->nfig * (k->nfig - 1) / 2;
}

/* Every pair once, in a random order (seeded): a query rarely starts
 * from the figure the one before started from, as when a player or the
 * solo policy asks about units all over the table. */
static bool random_pairs(workload *k)
{
    if (k->pi)
        return true;
    long n = npairs(k), at = 0;
    k->pi = malloc(sizeof(int) * (size_t)n);
    k->pj = malloc(sizeof(int) * (size_t)n);
    k->pat = malloc(sizeof(long) * (size_t)n);
    if (!k->pi || !k->pj || !k->pat)
        return false;
    for (int i = 0; i < k->nfig; i++)
        for (int j = i + 1; j < k->nfig; j++, at++) {
            k->pi[at] = i;
            k->pj[at] = j;
            k->pat[at] = at;
        }
    uint64_t keep = rng_state;
    rng_state = SEED ^ 0x5eedull;
    for (long i = n - 1; i > 0; i--) {
        long r = (long)(rng() % (uint64_t)(i + 1));
        int ti = k->pi[i], tj = k->pj[i];
        long ta = k->pat[i];
        k->pi[i] = k->pi[r], k->pj[i] = k->pj[r], k->pat[i] = k->pat[r];
        k->pi[r] = ti, k->pj[r] = tj, k->pat[r] = ta;
    }
    rng_state = keep;
    return true;
}

/* --- sightline's answers --------------------------------------------------------------- */

static void ours_los_random(workload *k, unsigned char *out)
{
    const sl_figure *f = k->w.scn.figures;
    long n = npairs(k);
    for (long q = 0; q < n; q++)
        out[k->pat[q]] = !sl_los_clear(&k->ix, &k->p, &k->sc, f[k->pi[q]].pos, f[k->pj[q]].pos);
}

/* One byte per pair: 1 blocked (any-blocker query). */
static void ours_los(workload *k, unsigned char *out)
{
    const sl_scenario *s = &k->w.scn;
    long at = 0;
    for (int i = 0; i < s->nfigures; i++)
        for (int j = i + 1; j < s->nfigures; j++)
            out[at++] = !sl_los_clear(&k->ix, &k->p, &k->sc, s->figures[i].pos, s->figures[j].pos);
}

/* The cover answer in one byte: 3 blocked, else the target's cover (0
 * none, 1 soft, 2 hard). */
#define COVER_BLOCKED 3

/* One byte per pair, in a random order: the cover answer. */
static void ours_cover(workload *k, unsigned char *out)
{
    const sl_figure *f = k->w.scn.figures;
    long n = npairs(k);
    for (long q = 0; q < n; q++) {
        sl_cover c;
        bool seen = sl_los_cover(&k->ix, &k->p, &k->sc, f[k->pi[q]].pos, f[k->pj[q]].pos, &c);
        out[k->pat[q]] = seen ? (unsigned char)c : COVER_BLOCKED;
    }
}

/* One byte per pair, in a random order: how many features the line meets
 * (every crossing judged and listed: sl_los_check). */
static void ours_cover_all(workload *k, unsigned char *out)
{
    const sl_figure *f = k->w.scn.figures;
    long n = npairs(k);
    sl_los_result r;
    for (long q = 0; q < n; q++) {
        sl_los_check(&k->ix, &k->p, &k->sc, f[k->pi[q]].pos, f[k->pj[q]].pos, &r);
        out[k->pat[q]] = (unsigned char)r.nhits;
    }
}

static double poly_area(const sl_pt *v, int n)
{
    double a = 0;
    for (int i = 0; i < n; i++) {
        const sl_pt *p = &v[i], *q = &v[(i + 1) % n];
        a += (double)p->x * q->y - (double)q->x * p->y;
    }
    return fabs(a) / 2e6; /* square inches */
}

typedef struct vis_buf {
    void *work;
    size_t bytes;
    sl_pt *poly;
} vis_buf;

#define VIS_MAX 65536

/* The visible area (square inches) of each of the first nobs figures. */
static void ours_vis(workload *k, vis_buf *b, int nobs, double *area)
{
    for (int i = 0; i < nobs; i++) {
        int n = sl_visibility_polygon(&k->ix, &k->p, k->w.scn.figures[i].pos, b->poly, VIS_MAX, b->work, b->bytes);
        area[i] = poly_area(b->poly, n);
    }
}

/* --- GEOS's answers ------------------------------------------------------------------- */

#ifdef SL_HAVE_GEOS
typedef struct peer {
    GEOSContextHandle_t h;
    int n;
    GEOSGeometry **polys;                /* owned by multi */
    GEOSGeometry *multi;                 /* every building and wood */
    const GEOSPreparedGeometry *prep_multi;
    GEOSGeometry *tall, *hedges, *walls; /* every wall or hedge taller than the eye, every hedge, every
                                          * wall (NULL: none) */
    const GEOSPreparedGeometry *prep_tall, *prep_hedges, *prep_walls;
    const GEOSPreparedGeometry **prep;   /* each building */
    GEOSSTRtree *tree;
    GEOSGeometry *table;                 /* the table's rectangle */
} peer;

static GEOSGeometry *open_line(GEOSContextHandle_t h, const double *xy, int n)
{
    GEOSCoordSequence *cs = GEOSCoordSeq_create_r(h, (unsigned)n, 2);
    for (int i = 0; i < n; i++)
        GEOSCoordSeq_setXY_r(h, cs, (unsigned)i, xy[2 * i], xy[2 * i + 1]);
    return GEOSGeom_createLineString_r(h, cs);
}

/* The collection of the n geometries (cloned), prepared; NULL when n is 0. */
static GEOSGeometry *collect(GEOSContextHandle_t h, int type, GEOSGeometry **g, int n,
                             const GEOSPreparedGeometry **prep)
{
    *prep = NULL;
    if (n == 0)
        return NULL;
    for (int i = 0; i < n; i++)
        g[i] = GEOSGeom_clone_r(h, g[i]);
    GEOSGeometry *c = GEOSGeom_createCollection_r(h, type, g, (unsigned)n);
    *prep = GEOSPrepare_r(h, c);
    return c;
}

static GEOSGeometry *ring_poly(GEOSContextHandle_t h, const double *xy, int n)
{
    GEOSCoordSequence *cs = GEOSCoordSeq_create_r(h, (unsigned)n + 1, 2);
    for (int i = 0; i <= n; i++)
        GEOSCoordSeq_setXY_r(h, cs, (unsigned)i, xy[2 * (i % n)], xy[2 * (i % n) + 1]);
    return GEOSGeom_createPolygon_r(h, GEOSGeom_createLinearRing_r(h, cs), NULL, 0);
}

/* Only the geometries: indexes and prepared forms are built lazily by
 * GEOS or in the warm-up round, as a user of GEOS would. */
static void peer_init(peer *g, const workload *k)
{
    GEOSContextHandle_t h = g->h = GEOS_init_r();
    const sl_table *t = &k->w.scn.table;
    g->n = t->nfeatures;
    g->polys = calloc((size_t)g->n, sizeof *g->polys);
    g->prep = calloc((size_t)g->n, sizeof *g->prep);
    GEOSGeometry **solid = calloc((size_t)g->n, sizeof *solid), **hedge = calloc((size_t)g->n, sizeof *hedge),
                 **wall = calloc((size_t)g->n, sizeof *wall), **tall = calloc((size_t)g->n, sizeof *tall);
    int nsolid = 0, nhedge = 0, nwall = 0, ntall = 0;
    g->tree = GEOSSTRtree_create_r(h, 10);
    for (int i = 0; i < g->n; i++) {
        const sl_feature *f = &t->features[i];
        const sl_pt *v = sl_feature_pts(t, f);
        double xy[16];
        for (int j = 0; j < f->npts; j++) {
            xy[2 * j] = v[j].x / 1000.0;
            xy[2 * j + 1] = v[j].y / 1000.0;
        }
        bool line = f->shape == SL_SHAPE_POLYLINE;
        g->polys[i] = line ? open_line(h, xy, f->npts) : ring_poly(h, xy, f->npts);
        if (line && f->height > k->p.eye)
            tall[ntall++] = g->polys[i];
        if (f->kind == SL_TERRAIN_HEDGE)
            hedge[nhedge++] = g->polys[i];
        else if (f->kind == SL_TERRAIN_WALL)
            wall[nwall++] = g->polys[i];
        else
            solid[nsolid++] = g->polys[i];
        g->prep[i] = GEOSPrepare_r(h, g->polys[i]);
        GEOSSTRtree_insert_r(h, g->tree, g->polys[i], (void *)(intptr_t)(i + 1));
    }
    g->multi = collect(h, GEOS_MULTIPOLYGON, solid, nsolid, &g->prep_multi);
    g->tall = collect(h, GEOS_MULTILINESTRING, tall, ntall, &g->prep_tall);
    g->hedges = collect(h, GEOS_MULTILINESTRING, hedge, nhedge, &g->prep_hedges);
    g->walls = collect(h, GEOS_MULTILINESTRING, wall, nwall, &g->prep_walls);
    free(solid);
    free(hedge);
    free(wall);
    free(tall);
    double tb[8] = {0, 0, k->tw, 0, k->tw, k->th, 0, k->th};
    g->table = ring_poly(h, tb, 4);
}

static void peer_free(peer *g)
{
    GEOSContextHandle_t h = g->h;
    GEOSSTRtree_destroy_r(h, g->tree);
    for (int i = 0; i < g->n; i++) {
        GEOSPreparedGeom_destroy_r(h, g->prep[i]);
        GEOSGeom_destroy_r(h, g->polys[i]);
    }
    GEOSGeometry *all[4] = {g->multi, g->tall, g->hedges, g->walls};
    const GEOSPreparedGeometry *prep[4] = {g->prep_multi, g->prep_tall, g->prep_hedges, g->prep_walls};
    for (int i = 0; i < 4; i++)
        if (all[i]) {
            GEOSPreparedGeom_destroy_r(h, prep[i]);
            GEOSGeom_destroy_r(h, all[i]);
        }
    GEOSGeom_destroy_r(h, g->table);
    free(g->prep);
    free(g->polys);
    GEOS_finish_r(h);
}

static GEOSGeometry *segment(GEOSContextHandle_t h, sl_pt a, sl_pt b)
{
    GEOSCoordSequence *cs = GEOSCoordSeq_create_r(h, 2, 2);
    GEOSCoordSeq_setXY_r(h, cs, 0, a.x / 1000.0, a.y / 1000.0);
    GEOSCoordSeq_setXY_r(h, cs, 1, b.x / 1000.0, b.y / 1000.0);
    return GEOSGeom_createLineString_r(h, cs);
}

static void geos_los(const workload *k, peer *g, unsigned char *out)
{
    const sl_scenario *s = &k->w.scn;
    long at = 0;
    for (int i = 0; i < s->nfigures; i++)
        for (int j = i + 1; j < s->nfigures; j++) {
            GEOSGeometry *line = segment(g->h, s->figures[i].pos, s->figures[j].pos);
            out[at++] = GEOSPreparedIntersects_r(g->h, g->prep_multi, line) == 1;
            GEOSGeom_destroy_r(g->h, line);
        }
}

static void geos_los_random(const workload *k, peer *g, unsigned char *out)
{
    const sl_figure *f = k->w.scn.figures;
    long n = npairs(k);
    for (long q = 0; q < n; q++) {
        GEOSGeometry *line = segment(g->h, f[k->pi[q]].pos, f[k->pj[q]].pos);
        out[k->pat[q]] = GEOSPreparedIntersects_r(g->h, g->prep_multi, line) == 1;
        GEOSGeom_destroy_r(g->h, line);
    }
}

typedef struct count_q {
    GEOSContextHandle_t h;
    const GEOSGeometry *line;
    const GEOSPreparedGeometry **prep;
    int count;
} count_q;

static void count_cb(void *item, void *ud)
{
    count_q *q = ud;
    q->count += GEOSPreparedIntersects_r(q->h, q->prep[(int)(intptr_t)item - 1], q->line) == 1;
}

/* The line from a to b less `cut` inches at each end (NULL when nothing
 * is left), or its last `cut` inches (all of it when shorter). */
static GEOSGeometry *part_of(GEOSContextHandle_t h, sl_pt a, sl_pt b, double cut, bool tail)
{
    double ax = a.x / 1000.0, ay = a.y / 1000.0, bx = b.x / 1000.0, by = b.y / 1000.0;
    double dx = bx - ax, dy = by - ay, len = sqrt(dx * dx + dy * dy);
    if (!tail && len <= 2 * cut)
        return NULL;
    double u = cut / len;
    GEOSCoordSequence *cs = GEOSCoordSeq_create_r(h, 2, 2);
    if (tail) {
        double s0 = len <= cut ? 0 : 1 - u;
        GEOSCoordSeq_setXY_r(h, cs, 0, ax + dx * s0, ay + dy * s0);
        GEOSCoordSeq_setXY_r(h, cs, 1, bx, by);
    } else {
        GEOSCoordSeq_setXY_r(h, cs, 0, ax + dx * u, ay + dy * u);
        GEOSCoordSeq_setXY_r(h, cs, 1, bx - dx * u, by - dy * u);
    }
    return GEOSGeom_createLineString_r(h, cs);
}

static bool prep_meets(GEOSContextHandle_t h, const GEOSPreparedGeometry *p, const GEOSGeometry *line)
{
    return p && line && GEOSPreparedIntersects_r(h, p, line) == 1;
}

/* The same cover answer as sightline's, GEOS's fastest way: prepared
 * geometries asked in turn, each stopping at its first hit. Blocked when
 * the line meets a building or a wood, or a tall hedge more than 1" from
 * both figures; else hard cover when a (low) wall crosses its last inch,
 * soft when a hedge does. */
static unsigned char geos_cover_one(peer *g, sl_pt a, sl_pt b, double cut)
{
    GEOSContextHandle_t h = g->h;
    GEOSGeometry *line = segment(h, a, b);
    bool blocked = prep_meets(h, g->prep_multi, line);
    GEOSGeom_destroy_r(h, line);
    if (!blocked && g->prep_tall) {
        GEOSGeometry *mid = part_of(h, a, b, cut, false);
        blocked = prep_meets(h, g->prep_tall, mid);
        if (mid)
            GEOSGeom_destroy_r(h, mid);
    }
    if (blocked)
        return COVER_BLOCKED;
    if (!g->prep_walls && !g->prep_hedges)
        return SL_COVER_NONE;
    GEOSGeometry *tail = part_of(h, a, b, cut, true);
    unsigned char c = prep_meets(h, g->prep_walls, tail)    ? SL_COVER_HARD
                      : prep_meets(h, g->prep_hedges, tail) ? SL_COVER_SOFT
                                                            : SL_COVER_NONE;
    GEOSGeom_destroy_r(h, tail);
    return c;
}

static void geos_cover(const workload *k, peer *g, unsigned char *out)
{
    const sl_figure *f = k->w.scn.figures;
    long n = npairs(k);
    double cut = k->p.cover_distance / 1000.0;
    for (long q = 0; q < n; q++)
        out[k->pat[q]] = geos_cover_one(g, f[k->pi[q]].pos, f[k->pj[q]].pos, cut);
}

/* Every feature the line meets, counted (an STRtree of prepared
 * geometries), as many as sightline lists at most. */
static void geos_cover_all(const workload *k, peer *g, unsigned char *out)
{
    const sl_figure *f = k->w.scn.figures;
    long n = npairs(k);
    count_q q = {g->h, NULL, g->prep, 0};
    for (long i = 0; i < n; i++) {
        GEOSGeometry *line = segment(g->h, f[k->pi[i]].pos, f[k->pj[i]].pos);
        q.line = line;
        q.count = 0;
        GEOSSTRtree_query_r(g->h, g->tree, line, count_cb, &q);
        out[k->pat[i]] = (unsigned char)(q.count < SL_LOS_MAX_HITS ? q.count : SL_LOS_MAX_HITS);
        GEOSGeom_destroy_r(g->h, line);
    }
}

/* The shadow of a convex building seen from o: its corners and their
 * images pushed far beyond the table, wrapped in one convex hull. */
static GEOSGeometry *shadow(GEOSContextHandle_t h, const sl_table *t, int fi, sl_pt o, double far)
{
    const sl_feature *f = &t->features[fi];
    const sl_pt *v = sl_feature_pts(t, f);
    GEOSCoordSequence *cs = GEOSCoordSeq_create_r(h, (unsigned)(2 * f->npts), 2);
    double ox = o.x / 1000.0, oy = o.y / 1000.0;
    for (int j = 0; j < f->npts; j++) {
        double x = v[j].x / 1000.0, y = v[j].y / 1000.0, dx = x - ox, dy = y - oy, d = sqrt(dx * dx + dy * dy);
        GEOSCoordSeq_setXY_r(h, cs, (unsigned)(2 * j), x, y);
        GEOSCoordSeq_setXY_r(h, cs, (unsigned)(2 * j + 1), x + dx / d * far, y + dy / d * far);
    }
    GEOSGeometry *pts = GEOSGeom_createLineString_r(h, cs);
    GEOSGeometry *hull = GEOSConvexHull_r(h, pts);
    GEOSGeom_destroy_r(h, pts);
    return hull;
}

static void geos_vis(const workload *k, peer *g, int nobs, double *area)
{
    const sl_table *t = &k->w.scn.table;
    double far = 4 * (k->tw + k->th);
    GEOSGeometry **sh = malloc(sizeof *sh * (size_t)g->n);
    for (int i = 0; i < nobs; i++) {
        for (int f = 0; f < g->n; f++)
            sh[f] = shadow(g->h, t, f, k->w.scn.figures[i].pos, far);
        GEOSGeometry *all = GEOSGeom_createCollection_r(g->h, GEOS_GEOMETRYCOLLECTION, sh, (unsigned)g->n);
        GEOSGeometry *hidden = GEOSUnaryUnion_r(g->h, all);
        GEOSGeometry *seen = GEOSDifference_r(g->h, g->table, hidden);
        double a = 0;
        GEOSArea_r(g->h, seen, &a);
        area[i] = a;
        GEOSGeom_destroy_r(g->h, seen);
        GEOSGeom_destroy_r(g->h, hidden);
        GEOSGeom_destroy_r(g->h, all);
    }
    free(sh);
}
#endif

/* --- racing ------------------------------------------------------------------------ */

typedef enum question { Q_LOS, Q_COVER, Q_VIS, Q_LOS_RANDOM, Q_COVER_ALL } question;

/* The thread's CPU time in seconds: what the machine's other work does
 * not add to. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

typedef struct race {
    workload *k;
    question q;
    int nobs;              /* observers for the visibility polygon */
    unsigned char *a, *b;  /* pair answers */
    double *va, *vb;       /* visible areas */
    vis_buf vb_ours;
#ifdef SL_HAVE_GEOS
    peer *g;
#endif
} race;

static double run_ours(race *r)
{
    double t0 = cpu_now();
    if (r->q == Q_LOS)
        ours_los(r->k, r->a);
    else if (r->q == Q_LOS_RANDOM)
        ours_los_random(r->k, r->a);
    else if (r->q == Q_COVER)
        ours_cover(r->k, r->a);
    else if (r->q == Q_COVER_ALL)
        ours_cover_all(r->k, r->a);
    else
        ours_vis(r->k, &r->vb_ours, r->nobs, r->va);
    return cpu_now() - t0;
}

static double run_peer(race *r)
{
#ifdef SL_HAVE_GEOS
    double t0 = cpu_now();
    if (r->q == Q_LOS)
        geos_los(r->k, r->g, r->b);
    else if (r->q == Q_LOS_RANDOM)
        geos_los_random(r->k, r->g, r->b);
    else if (r->q == Q_COVER)
        geos_cover(r->k, r->g, r->b);
    else if (r->q == Q_COVER_ALL)
        geos_cover_all(r->k, r->g, r->b);
    else
        geos_vis(r->k, r->g, r->nobs, r->vb);
    return cpu_now() - t0;
#else
    (void)r;
    return -1;
#endif
}

/* Warm both up, then `runs` rounds in alternating order. */
static void run_race(race *r, int runs, bool with_peer, stats *ours, stats *theirs)
{
    ours->n = theirs->n = 0;
    run_ours(r);
    if (with_peer)
        run_peer(r);
    for (int i = 0; i < runs && i < MAX_RUNS; i++) {
        if (i % 2 == 0) {
            ours->t[ours->n++] = run_ours(r);
            if (with_peer)
                theirs->t[theirs->n++] = run_peer(r);
        } else {
            if (with_peer)
                theirs->t[theirs->n++] = run_peer(r);
            ours->t[ours->n++] = run_ours(r);
        }
    }
    stats_done(ours);
    if (with_peer)
        stats_done(theirs);
}

/* Pair by pair, or area by area to 0.05% (and 0.02 square inch). Prints
 * what differs; false on any difference. */
static bool answers_agree(const race *r, const char *label)
{
    if (r->q == Q_VIS) {
        int bad = 0;
        double worst = 0;
        for (int i = 0; i < r->nobs; i++) {
            double d = fabs(r->va[i] - r->vb[i]), rel = d / (r->vb[i] > 1 ? r->vb[i] : 1);
            if (rel > worst)
                worst = rel;
            if (d > 0.02 && rel > 0.0005) {
                if (bad++ < 3)
                    printf("MISMATCH %s: figure %d sees %.3f sq in by sightline, %.3f by GEOS\n", label, i, r->va[i],
                           r->vb[i]);
            }
        }
        if (bad == 0)
            printf("  %s: %d visible areas agree (largest difference %.4f%%)\n", label, r->nobs, worst * 100);
        return bad == 0;
    }
    long n = npairs(r->k), bad = 0, met = 0;
    for (long i = 0; i < n; i++) {
        met += r->a[i] != 0;
        if (r->a[i] != r->b[i] && bad++ < 3)
            printf("MISMATCH %s: pair %ld answers %d by sightline, %d by GEOS\n", label, i, r->a[i], r->b[i]);
    }
    if (r->q == Q_COVER) {
        long each[4] = {0};
        for (long i = 0; i < n; i++)
            each[r->a[i] & 3]++;
        printf("  %s: %ld clear in the open, %ld in soft cover, %ld in hard cover, %ld blocked\n", label, each[0],
               each[SL_COVER_SOFT], each[SL_COVER_HARD], each[COVER_BLOCKED]);
    }
    if (bad == 0)
        printf("  %s: all %ld pairs agree (%ld not 0: %s)\n", label, n, met,
               r->q == Q_COVER_ALL ? "a feature met" : r->q == Q_COVER ? "blocked or in cover" : "blocked");
    return bad == 0;
}

typedef struct result {
    stats ours, peer;
    bool agree;
} result;

static bool with_geos(void)
{
#ifdef SL_HAVE_GEOS
    return true;
#else
    return false;
#endif
}

/* Ask one question of one workload: answers compared, then timed. */
static result ask(workload *k, question q, int nobs, int runs, bool check_only, const char *label)
{
    result res;
    memset(&res, 0, sizeof res);
    race r;
    memset(&r, 0, sizeof r);
    r.k = k;
    r.q = q;
    r.nobs = nobs < k->nfig ? nobs : k->nfig;
    if ((q == Q_LOS_RANDOM || q == Q_COVER || q == Q_COVER_ALL) && !random_pairs(k)) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    long n = npairs(k);
    r.a = calloc((size_t)n, 1);
    r.b = calloc((size_t)n, 1);
    r.va = calloc((size_t)r.nobs + 1, sizeof(double));
    r.vb = calloc((size_t)r.nobs + 1, sizeof(double));
    r.vb_ours.bytes = SL_VIS_WORK_BYTES(k->w.scn.table.nfeatures, k->w.scn.table.npts);
    r.vb_ours.work = malloc(r.vb_ours.bytes);
    r.vb_ours.poly = malloc(sizeof(sl_pt) * VIS_MAX);
#ifdef SL_HAVE_GEOS
    peer g;
    peer_init(&g, k);
    r.g = &g;
#endif
    res.agree = true;
    if (with_geos()) {
        run_ours(&r);
        run_peer(&r);
        res.agree = answers_agree(&r, label);
    }
    if (!check_only)
        run_race(&r, runs, with_geos(), &res.ours, &res.peer);
#ifdef SL_HAVE_GEOS
    peer_free(&g);
#endif
    free(r.a);
    free(r.b);
    free(r.va);
    free(r.vb);
    free(r.vb_ours.work);
    free(r.vb_ours.poly);
    return res;
}

/* --- frames -------------------------------------------------------------------------- */

static bool frame(const workload *k, int width, int height, sl_frame_motion motion, int runs, double *ms,
                  double *min_ms)
{
    char assets[1100], err[512];
    snprintf(assets, sizeof assets, "%s/assets", sl_data_dir());
    /* every overlay on, a unit selected, a target, a blast and a way */
    double way[6] = {k->tw / 2 - 6, k->th / 2 - 4, k->tw / 2, k->th / 2 - 2, k->tw / 2 + 5, k->th / 2 + 3};
    sl_render_req req = {.width = width, .height = height, .select_unit = "u1", .text = true, .hud = true};
    req.overlays = SL_OVERLAY_ALL | SL_OVERLAY_SET;
    req.target = "u2";
    req.blast_x = k->tw / 2;
    req.blast_y = k->th / 2;
    req.blast_r = 4.0;
    req.path = way;
    req.npath = 3;
    if (!sl_render_time(&k->w, assets, &req, motion, runs, ms, min_ms, err, sizeof err)) {
        printf("frame %dx%d: %s\n", width, height, err);
        return false;
    }
    return true;
}

/* The program itself (SDL's dummy video driver): `map` at width x height
 * for `frames` frames, run `runs` times; the median wall time from exec
 * to its exit, the median CPU time it used (user and system), and the
 * largest resident set any run reached (MiB). False when it cannot run. */
static bool run_program(const char *map, int width, int height, int frames, int runs, double *wall_ms,
                        double *cpu_ms, double *rss_mb)
{
    char self[1024], prog[1100], state[64], size[32], nframes[16];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return false;
    self[n] = 0;
    char *slash = strrchr(self, '/');
    if (!slash)
        return false;
    *slash = 0;
    snprintf(prog, sizeof prog, "%s/../sightline", self);
    if (access(prog, X_OK) != 0)
        return false;
    snprintf(state, sizeof state, "/tmp/sightline-bench-state");
    snprintf(size, sizeof size, "%dx%d", width, height);
    snprintf(nframes, sizeof nframes, "%d", frames);
    stats wall = {.n = 0}, cpu = {.n = 0};
    double rss = 0;
    for (int i = 0; i < runs && i < MAX_RUNS; i++) {
        fflush(stdout); /* the child must not write our buffered lines again */
        double t0 = now();
        pid_t pid = fork();
        if (pid == 0) {
            setenv("SDL_VIDEODRIVER", "dummy", 1);
            setenv("SIGHTLINE_STATE_DIR", state, 1);
            if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
                _exit(127);
            execl(prog, prog, map, "--size", size, "--frames", nframes, "--seed", "1", (char *)NULL);
            _exit(127);
        }
        int status = 0;
        struct rusage ru;
        if (pid < 0 || wait4(pid, &status, 0, &ru) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
            return false;
        wall.t[wall.n++] = now() - t0;
        cpu.t[cpu.n++] = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 + (double)ru.ru_stime.tv_sec +
                         ru.ru_stime.tv_usec * 1e-6;
        if (ru.ru_maxrss / 1024.0 > rss)
            rss = ru.ru_maxrss / 1024.0; /* kilobytes on Linux */
    }
    stats_done(&wall);
    stats_done(&cpu);
    *wall_ms = wall.median * 1e3;
    *cpu_ms = cpu.median * 1e3;
    *rss_mb = rss;
    return true;
}

/* The program itself, from exec to its first frame shown and closed
 * (the default scenario, 1920x1080): wall time, as before. */
static double start_to_first_frame(int runs)
{
    char map[1200];
    snprintf(map, sizeof map, "%s/maps/default.json", sl_data_dir());
    double wall = -1, cpu, rss;
    if (!run_program(map, 1920, 1080, 1, runs, &wall, &cpu, &rss))
        return -1;
    return wall;
}

/* A present: the frame's copy to the screen. In a real window where a
 * display exists (SDL's software renderer presenting a full-window
 * texture), else the copy a present makes (the frame blitted whole into
 * a window-sized surface). Thread CPU time, median and min of `runs`. */
static double thread_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

static bool present_time(int width, int height, int runs, double *ms, double *min_ms, bool *real)
{
    stats s = {.n = 0};
    *real = false;
    const char *disp = getenv("DISPLAY");
    if (disp && disp[0] && SDL_InitSubSystem(SDL_INIT_VIDEO) == 0) {
        SDL_Window *win = SDL_CreateWindow("sightline-bench", 0, 0, width, height, SDL_WINDOW_SHOWN);
        SDL_Renderer *ren = win ? SDL_CreateRenderer(win, -1, SDL_RENDERER_SOFTWARE) : NULL;
        SDL_Texture *tex =
            ren ? SDL_CreateTexture(ren, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING, width, height) : NULL;
        if (tex) {
            *real = true;
            for (int i = -2; i < runs && i < MAX_RUNS; i++) {
                SDL_Event e;
                while (SDL_PollEvent(&e)) {
                }
                SDL_RenderCopy(ren, tex, NULL, NULL);
                double t0 = thread_ms();
                SDL_RenderPresent(ren);
                if (i >= 0)
                    s.t[s.n++] = (thread_ms() - t0) * 1e-3;
            }
        }
        if (tex)
            SDL_DestroyTexture(tex);
        if (ren)
            SDL_DestroyRenderer(ren);
        if (win)
            SDL_DestroyWindow(win);
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
    }
    if (!*real) {
        SDL_Surface *a = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888);
        SDL_Surface *b = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGB888);
        if (!a || !b) {
            SDL_FreeSurface(a);
            SDL_FreeSurface(b);
            return false;
        }
        SDL_SetSurfaceBlendMode(a, SDL_BLENDMODE_NONE);
        for (int i = -2; i < runs && i < MAX_RUNS; i++) {
            double t0 = thread_ms();
            SDL_BlitSurface(a, NULL, b, NULL);
            if (i >= 0)
                s.t[s.n++] = (thread_ms() - t0) * 1e-3;
        }
        SDL_FreeSurface(a);
        SDL_FreeSurface(b);
    }
    if (s.n == 0)
        return false;
    stats_done(&s);
    *ms = s.median * 1e3;
    *min_ms = s.min * 1e3;
    return true;
}

/* --- undo at 10,000 commands ---------------------------------------------------------- */

/* A long game in play as the window holds it (the default scenario with
 * no turn limit, an autosave after every command): each side activates
 * its units in turn, each steps an inch east or west and ends, fire
 * offers are passed, every turn. Then undo, timed: each undo takes back
 * one command, the autosave cut back with it. */
static bool undo_bench(int ncmds, int runs, double *undo_ms, double *cmd_ms, long *save_bytes)
{
    sl_world w;
    sl_world_init(&w);
    char map[1200], err[600];
    snprintf(map, sizeof map, "%s/maps/default.json", sl_data_dir());
    sl_load_opts lo = {false};
    if (!sl_world_load(map, &lo, &w, NULL))
        return false;
    w.scn.turn_limit = 0;
    w.scn.nobjectives = 0;
    char dir[] = "/tmp/sightline-bench-undo-XXXXXX";
    if (!mkdtemp(dir))
        return false;
    sl_play p;
    sl_play_init(&p);
    snprintf(p.autosave, sizeof p.autosave, "%s/long.save", dir);
    bool ok = sl_play_start(&p, &w, map, 7, err, sizeof err);
    if (ok)
        sl_game_begin(&p.game);
    int east = 0;
    double t0 = now();
    while (ok && p.game.ncommands < ncmds && !p.game.outcome.over) {
        const sl_game *g = &p.game;
        char line[160];
        int a = sl_game_active_unit(g);
        if (g->pending.kind == SL_DECIDE_FIRST) {
            snprintf(line, sizeof line, "decide first %s", g->live.sides[g->pending.side].id);
        } else if (g->pending.kind != SL_DECIDE_NONE) {
            sl_command c;
            if (sl_game_choosing(g) == SL_CHOOSE_UNITS) /* reaction or opportunity fire */
                snprintf(line, sizeof line, "decide pass");
            else if (sl_game_auto_decide(g, &c))
                sl_command_format(&g->live, &c, line, sizeof line);
            else
                break;
        } else if (a >= 0 && g->us[a].actions_done == 0) {
            sl_pt c = sl_unit_centre(&g->live, a, NULL);
            int dx = (east++ / 2) % 2 ? -1000 : 1000;
            snprintf(line, sizeof line, "move %s %.3f,%.3f", g->live.units[a].id, (c.x + dx) / 1000.0, c.y / 1000.0);
            if (!sl_play_do_line(&p, line, err, sizeof err))
                snprintf(line, sizeof line, "end");
            else
                continue;
        } else if (a >= 0) {
            snprintf(line, sizeof line, "end");
        } else {
            int side = sl_game_side_to_act(g), u = -1;
            for (int k = 0; k < g->live.nunits && u < 0; k++)
                if (g->live.units[k].side == side && sl_game_to_activate(g, k))
                    u = k;
            if (u >= 0)
                snprintf(line, sizeof line, "activate %s", g->live.units[u].id);
            else
                snprintf(line, sizeof line, "done %s", g->live.sides[side].id);
        }
        ok = sl_play_do_line(&p, line, err, sizeof err);
    }
    if (!ok)
        printf("  undo bench: the long game stopped at command %d: %s\n", p.game.ncommands, err);
    *cmd_ms = p.game.ncommands > 0 ? (now() - t0) * 1e3 / p.game.ncommands : -1;
    struct stat st;
    *save_bytes = stat(p.autosave, &st) == 0 ? (long)st.st_size : -1;
    stats s = {.n = 0};
    char undone[600];
    for (int i = 0; ok && i < runs && i < MAX_RUNS; i++) {
        double t = now();
        ok = sl_play_undo(&p, undone, sizeof undone, err, sizeof err);
        s.t[s.n++] = now() - t;
    }
    if (ok && s.n > 0) {
        stats_done(&s);
        *undo_ms = s.median * 1e3;
    }
    int played = p.game.ncommands + s.n;
    /* what undo cost before snapshots: the whole game replayed */
    double replay_ms = -1;
    char **cmds;
    int nc = sl_journal_commands(&p.game, &cmds);
    sl_game g;
    int failed;
    double t1 = now();
    if (sl_game_replay(&g, &w.scn, &p.origin, cmds, nc, &failed, err, sizeof err))
        replay_ms = (now() - t1) * 1e3;
    sl_game_free(&g);
    sl_commands_free(cmds, nc);
    printf("  a game of %d commands (%d snapshots, one every %d), autosave %ld bytes: a command with its autosave "
           "%.3f ms, undo %.2f ms (min %.2f); the whole game replayed %.0f ms\n",
           played, p.nsnaps, SL_PLAY_SNAP_EVERY, *save_bytes, *cmd_ms, ok ? s.median * 1e3 : -1.0,
           ok ? s.min * 1e3 : -1.0, replay_ms);
    unlink(p.autosave);
    sl_play_free(&p);
    sl_world_free(&w);
    rmdir(dir);
    return ok && played >= ncmds;
}

/* --- what the user waits for: frames, the present, the start ---------------------------- */

typedef struct draw_figs {
    double ruler, plan, cold, floor, f1000, cold720;
    double pan_1080, pan_4k, pan_1000, pan_10000;
    double pan_first_1080, pan_first_4k, rest_1080, rest_4k; /* a pan's first frame, the rest after one */
    double way_1080, way_4k, way_10000;
    double present_1080, present_4k;
    double start_cpu, rss_4k;
} draw_figs;

static void frame_line(const workload *k, int width, int height, sl_frame_motion m, int runs, const char *what,
                       double *ms)
{
    double mn = 0;
    *ms = -1;
    if (frame(k, width, height, m, runs, ms, &mn))
        printf("  %4dx%-4d %-52s %8.2f ms (min %.2f)\n", width, height, what, *ms, mn);
}

/* Every drawing line, the software renderer as on a machine without a
 * GPU, in the thread's CPU time. */
static void draw_lines(workload *std, int runs, draw_figs *d)
{
    printf("\nframes on the software renderer, every overlay on (unit selected, sight line, blast, way, bands, "
           "integrity), thread CPU time:\n");
    frame_line(std, 1920, 1080, SL_FRAME_FLOOR, runs * 3, "floor (one full-window texture copied)", &d->floor);
    frame_line(std, 1920, 1080, SL_FRAME_RULER, runs * 3, "dragging a ruler", &d->ruler);
    frame_line(std, 1920, 1080, SL_FRAME_PLAN, runs * 3, "dragging the planned way", &d->plan);
    d->way_1080 = d->plan;
    frame_line(std, 3840, 2160, SL_FRAME_PLAN, runs * 2, "dragging the planned way", &d->way_4k);
    frame_line(std, 1920, 1080, SL_FRAME_PAN, runs * 3, "panning (the camera moved 24 px a frame)", &d->pan_1080);
    frame_line(std, 3840, 2160, SL_FRAME_PAN, runs * 2, "panning", &d->pan_4k);
    frame_line(std, 1920, 1080, SL_FRAME_PAN_FIRST, runs * 3, "a pan's first frame (the camera at rest before)",
               &d->pan_first_1080);
    frame_line(std, 3840, 2160, SL_FRAME_PAN_FIRST, runs * 2, "a pan's first frame", &d->pan_first_4k);
    frame_line(std, 1920, 1080, SL_FRAME_REST_AFTER_PAN, runs * 3, "the first frame at rest after a pan",
               &d->rest_1080);
    frame_line(std, 3840, 2160, SL_FRAME_REST_AFTER_PAN, runs * 2, "the first frame at rest after a pan",
               &d->rest_4k);
    frame_line(std, 1920, 1080, SL_FRAME_COLD, runs * 3, "cold (every cache dropped)", &d->cold);
    frame_line(std, 1280, 800, SL_FRAME_COLD, runs * 3, "cold", &d->cold720);
    workload big;
    d->f1000 = d->pan_1000 = -1;
    if (build(&big, 200, 1000)) {
        frame_line(&big, 1920, 1080, SL_FRAME_RULER, runs * 3, "1,000 figures, dragging a ruler", &d->f1000);
        frame_line(&big, 1920, 1080, SL_FRAME_PAN, runs * 2, "1,000 figures, panning", &d->pan_1000);
        unbuild(&big);
    }
    d->pan_10000 = d->way_10000 = -1;
    if (build(&big, 200, 10000)) {
        frame_line(&big, 1920, 1080, SL_FRAME_PAN, runs, "10,000 figures, panning", &d->pan_10000);
        frame_line(&big, 1920, 1080, SL_FRAME_PLAN, runs, "10,000 figures, dragging the planned way", &d->way_10000);
        unbuild(&big);
    }
    double mn = 0;
    bool real = false;
    d->present_1080 = d->present_4k = -1;
    if (present_time(1920, 1080, runs * 3, &d->present_1080, &mn, &real))
        printf("  1920x1080 present (%s) %8.2f ms (min %.2f)\n",
               real ? "a real window" : "no display: the frame's copy a present makes", d->present_1080, mn);
    if (present_time(3840, 2160, runs * 2, &d->present_4k, &mn, &real))
        printf("  3840x2160 present (%s) %8.2f ms (min %.2f)\n",
               real ? "a real window" : "no display: the frame's copy a present makes", d->present_4k, mn);
    char map[1200];
    snprintf(map, sizeof map, "%s/maps/town.json", sl_data_dir());
    double wall = -1, rss = -1;
    d->start_cpu = d->rss_4k = -1;
    if (run_program(map, 1920, 1080, 1, runs < 5 ? 5 : runs, &wall, &d->start_cpu, &rss))
        printf("  start to first frame, maps/town.json at 1920x1080: %.1f ms CPU (%.1f ms wall)\n", d->start_cpu,
               wall);
    if (run_program(map, 3840, 2160, 3, 3, &wall, &mn, &d->rss_4k))
        printf("  resident at most, maps/town.json at 3840x2160 for 3 frames: %.1f MiB\n", d->rss_4k);
}

static void draw_values(const draw_figs *d)
{
    printf("frame_pan_1080p_ms=%.2f\n", d->pan_1080);
    printf("frame_pan_4k_ms=%.2f\n", d->pan_4k);
    printf("frame_pan_1000figs_ms=%.2f\n", d->pan_1000);
    printf("frame_pan_10000figs_ms=%.2f\n", d->pan_10000);
    printf("frame_pan_first_1080p_ms=%.2f\n", d->pan_first_1080);
    printf("frame_pan_first_4k_ms=%.2f\n", d->pan_first_4k);
    printf("frame_rest_after_pan_ms=%.2f\n", d->rest_1080);
    printf("frame_rest_after_pan_4k_ms=%.2f\n", d->rest_4k);
    printf("drag_way_1080p_ms=%.2f\n", d->way_1080);
    printf("drag_way_4k_ms=%.2f\n", d->way_4k);
    printf("drag_way_10000figs_ms=%.2f\n", d->way_10000);
    printf("present_1080p_ms=%.2f\n", d->present_1080);
    printf("present_4k_ms=%.2f\n", d->present_4k);
    printf("start_cpu_ms=%.1f\n", d->start_cpu);
    printf("rss_4k_mb=%.1f\n", d->rss_4k);
}

/* --- the solo opponent's decision ------------------------------------------------------ */

/* What a solo player waits for: one decision of the solo opponent
 * (sl_game_solo_command: the side's copy of the game made, the policy's
 * choice and its plan), at a fixed point of a fixed game. The game: the
 * scenario with seed SOLO_SEED, the policy playing both sides as the
 * tournament does; the point: after `ahead` of its commands, the side to
 * act then deciding. Each round asks the same decision of the same game
 * (nothing is applied), so every round must give the same command; after
 * one untimed round (the side's reading of the journal is made there and
 * kept, as in play), thread CPU time, min and median over the rounds. */
#define SOLO_SEED 1

static sl_stance solo_stance_of(const sl_scenario *scn, int side)
{
    return scn->sides[side].solo_stance >= 0 ? (sl_stance)scn->sides[side].solo_stance : SL_STANCE_BALANCED;
}

static bool solo_decide(const char *map, int ahead, int runs, stats *st, char *said, size_t saidlen)
{
    char path[1200], err[600];
    snprintf(path, sizeof path, "%s/maps/%s", sl_data_dir(), map);
    sl_world w;
    sl_world_init(&w);
    sl_load_opts lo = {false};
    if (!sl_world_load(path, &lo, &w, NULL)) {
        fprintf(stderr, "sightline-bench: cannot load %s\n", path);
        return false;
    }
    sl_game g;
    if (!sl_game_init(&g, &w.scn, SOLO_SEED, err, sizeof err)) {
        fprintf(stderr, "sightline-bench: %s: %s\n", map, err);
        sl_world_free(&w);
        return false;
    }
    sl_game_begin(&g);
    bool ok = true;
    for (int n = 0; ok && n < ahead; n++) {
        int side = sl_game_side_to_act(&g);
        if (side < 0 || g.outcome.over) {
            fprintf(stderr, "sightline-bench: %s: the game stopped after %d commands, before the point timed\n", map,
                    n);
            ok = false;
            break;
        }
        sl_command c;
        if (sl_game_solo_command(&g, side, solo_stance_of(&w.scn, side), &c) && sl_game_apply(&g, &c, err, sizeof err))
            continue;
        /* as the tournament: end the activation, else be done for the turn */
        sl_cmd_init(&c, SL_CMD_END_ACTIVATION, -1);
        if (sl_game_active_unit(&g) >= 0 && sl_game_apply(&g, &c, err, sizeof err))
            continue;
        sl_cmd_side(&c, SL_CMD_DONE, side);
        ok = sl_game_apply(&g, &c, err, sizeof err);
    }
    int side = ok ? sl_game_side_to_act(&g) : -1;
    if (ok && (side < 0 || g.outcome.over)) {
        fprintf(stderr, "sightline-bench: %s: no side to act after %d commands\n", map, ahead);
        ok = false;
    }
    char first[SL_CMD_TEXT] = "", line[SL_CMD_TEXT];
    st->n = 0;
    for (int i = -1; ok && i < runs && i < MAX_RUNS; i++) {
        sl_command c;
        double t0 = cpu_now();
        bool got = sl_game_solo_command(&g, side, solo_stance_of(&w.scn, side), &c);
        double dt = cpu_now() - t0;
        if (!got) {
            fprintf(stderr, "sightline-bench: %s: the solo opponent found nothing to do\n", map);
            ok = false;
            break;
        }
        sl_command_format(&g.live, &c, line, sizeof line); /* its note too: "# solo: ..." */
        if (i < 0) {
            memcpy(first, line, sizeof line);
            continue;
        }
        if (strcmp(line, first) != 0) {
            fprintf(stderr, "sightline-bench: %s: the same decision gave '%s', then '%s'\n", map, first, line);
            ok = false;
            break;
        }
        st->t[st->n++] = dt;
    }
    if (ok)
        stats_done(st);
    snprintf(said, saidlen, "%s", first);
    sl_game_free(&g);
    sl_world_free(&w);
    return ok;
}

typedef struct solo_figs {
    stats town, bunker;
    bool ok;
} solo_figs;

/* The fixed points: commands played before the decision timed, each a
 * unit's action chosen in contact with the enemy, its moves planned and
 * weighed against firing from where it stands (town: turn 3, the NAC
 * Section HQ moves then fires; bunker: turn 2, Phalon 1st Warband fires
 * at the NSL Mortar Team, then moves). */
#define SOLO_TOWN_AHEAD 34
#define SOLO_BUNKER_AHEAD 24

static void solo_lines(int runs, solo_figs *s)
{
    char said[SL_CMD_TEXT];
    printf("\nthe solo opponent's decision (seed %d, the policy playing both sides; thread CPU time):\n", SOLO_SEED);
    s->ok = solo_decide("town.json", SOLO_TOWN_AHEAD, runs, &s->town, said, sizeof said);
    if (s->ok)
        printf("  maps/town.json after %d commands, %d rounds: %.2f ms (min %.2f): %.160s\n", SOLO_TOWN_AHEAD,
               s->town.n, s->town.median * 1e3, s->town.min * 1e3, said);
    bool b = solo_decide("bunker.json", SOLO_BUNKER_AHEAD, runs, &s->bunker, said, sizeof said);
    if (b)
        printf("  maps/bunker.json after %d commands, %d rounds: %.2f ms (min %.2f): %.160s\n", SOLO_BUNKER_AHEAD,
               s->bunker.n, s->bunker.median * 1e3, s->bunker.min * 1e3, said);
    s->ok = s->ok && b;
}

static void solo_values(const solo_figs *s)
{
    if (!s->ok) {
        printf("solo_decide_ms=none\nsolo_decide_bunker_ms=none\n");
        return;
    }
    printf("solo_decide_ms=%.3f (min %.3f)\n", s->town.median * 1e3, s->town.min * 1e3);
    printf("solo_decide_bunker_ms=%.3f (min %.3f)\n", s->bunker.median * 1e3, s->bunker.min * 1e3);
}

/* --- main ---------------------------------------------------------------------------- */

static void row(const char *what, const result *r, double per, const char *unit)
{
    if (with_geos())
        printf("  %-34s sightline %9.2f %s (min %9.2f)   GEOS %10.2f %s (min %10.2f)   %6.1fx\n", what,
               r->ours.median * per, unit, r->ours.min * per, r->peer.median * per, unit, r->peer.min * per,
               r->peer.median / r->ours.median);
    else
        printf("  %-34s sightline %9.2f %s (min %9.2f)\n", what, r->ours.median * per, unit, r->ours.min * per);
}

/* The sight and cover name=value lines. */
static void print_sight(const result *los, const result *losr, const result *cov, const result *cova,
                        const result *vis, const result *los12800, long pairs, int vis_obs, const double *vis_at)
{
    if (with_geos()) {
        printf("los_ratio_vs_geos=%.1f\n", los->peer.median / los->ours.median);
        printf("los_random_ratio_vs_geos=%.1f\n", losr->peer.median / losr->ours.median);
        printf("cover_ratio_vs_geos=%.1f\n", cov->peer.median / cov->ours.median);
        printf("cover_all_ratio_vs_geos=%.1f\n", cova->peer.median / cova->ours.median);
        printf("vis_ratio_vs_geos=%.1f\n", vis->peer.median / vis->ours.median);
    } else {
        printf("los_ratio_vs_geos=none\nlos_random_ratio_vs_geos=none\ncover_ratio_vs_geos=none\ncover_all_ratio_vs_geos=none\n"
               "vis_ratio_vs_geos=none\n");
    }
    printf("los_12800_random_ns=%.1f\n", los12800->ours.median * 1e9 / (double)pairs);
    printf("vis_us=%.1f\n", vis->ours.median * 1e6 / vis_obs);
    printf("vis_3200_over_200=%.2f\n", vis_at[1] > 0 ? vis_at[3] / vis_at[1] : -1.0);
}

int main(int argc, char **argv)
{
    bool check = argc > 1 && strcmp(argv[1], "--check") == 0;
    if (argc > 1 && strcmp(argv[1], "--frames") == 0) {
        /* only the 1080p ruler frame (or a pan, or the way dragged),
         * many times over: for a profiler */
        const char *what = argc > 2 ? argv[2] : "ruler";
        sl_frame_motion m = strcmp(what, "pan") == 0     ? SL_FRAME_PAN
                            : strcmp(what, "first") == 0 ? SL_FRAME_PAN_FIRST
                            : strcmp(what, "rest") == 0  ? SL_FRAME_REST_AFTER_PAN
                            : strcmp(what, "way") == 0   ? SL_FRAME_PLAN
                                                         : SL_FRAME_RULER;
        int figures = argc > 3 ? atoi(argv[3]) : 300; /* --frames pan 10000: the big table's */
        bool uhd = argc > 4 && strcmp(argv[4], "4k") == 0; /* --frames first 300 4k */
        workload k;
        double ms = -1, mn = 0;
        if (figures < 1 || !build(&k, 200, figures) ||
            !frame(&k, uhd ? 3840 : 1920, uhd ? 2160 : 1080, m, MAX_RUNS, &ms, &mn))
            return 1;
        printf("frame_%s_ms=%.2f (min %.2f, %d frames, %s, %d figures)\n", uhd ? "4k" : "1080p", ms, mn, MAX_RUNS,
               what, figures);
        unbuild(&k);
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "--solo") == 0) {
        /* only the solo opponent's decisions: what a solo player waits for */
        int r = argc > 2 ? atoi(argv[2]) : 7;
        if (r < 1 || r > MAX_RUNS) {
            fprintf(stderr, "sightline-bench: --solo takes a number of rounds from 1 to %d\n", MAX_RUNS);
            return 2;
        }
        solo_figs sf;
        solo_lines(r, &sf);
        solo_values(&sf);
        return sf.ok ? 0 : 1;
    }
    if (argc > 1 && strcmp(argv[1], "--draw") == 0) {
        /* only what the user waits for: frames, the present, the start */
        int r = argc > 2 ? atoi(argv[2]) : 5;
        workload k;
        draw_figs d;
        if (r < 1 || r > MAX_RUNS / 3 || !build(&k, 200, 300))
            return 1;
        draw_lines(&k, r, &d);
        printf("frame_1080p_ms=%.2f\n", d.ruler);
        draw_values(&d);
        unbuild(&k);
        return 0;
    }
    if (argc > 1 && (strcmp(argv[1], "--cover") == 0 || strcmp(argv[1], "--cover-all") == 0 ||
                     strcmp(argv[1], "--los12800") == 0 || strcmp(argv[1], "--los-random") == 0)) {
        /* one question of the cover table (or the sight lines of the
         * standard table or of the 12,800 buildings), pairs in the bench's
         * random order, many times over: for a profiler */
        bool sight = argv[1][2] == 'l', big = sight && argv[1][5] == '1', all = !sight && argv[1][7] == '-';
        int reps = argc > 2 ? atoi(argv[2]) : 10;
        workload k;
        cover_mix = !sight;
        bool ok = build(&k, big ? 12800 : 200, 300) && random_pairs(&k);
        cover_mix = false;
        unsigned char *out = ok ? malloc((size_t)npairs(&k)) : NULL;
        if (!out || reps < 1)
            return 1;
        double t0 = cpu_now();
        for (int r = 0; r < reps; r++) {
            if (sight)
                ours_los_random(&k, out);
            else if (all)
                ours_cover_all(&k, out);
            else
                ours_cover(&k, out);
        }
        double dt = cpu_now() - t0;
        unsigned sum = 0;
        for (long i = 0; i < npairs(&k); i++)
            sum = sum * 31u + out[i];
        const sl_figure *f = k.w.scn.figures;
        for (long q = 0; all && q < npairs(&k); q++) {
            /* every crossing's judgement in the sum, not only how many */
            sl_los_result res;
            sl_los_check(&k.ix, &k.p, &k.sc, f[k.pi[q]].pos, f[k.pj[q]].pos, &res);
            sum = sum * 31u + (unsigned)res.visible * 7u + (unsigned)res.cover;
            for (int h = 0; h < res.nhits; h++) {
                const sl_los_hit *x = &res.hits[h];
                float tt[2] = {x->t0, x->t1};
                unsigned bits[2];
                memcpy(bits, tt, sizeof bits);
                sum = sum * 31u + (unsigned)x->feature * 17u + (unsigned)x->effect * 5u + (unsigned)x->why + bits[0] +
                      bits[1] * 3u + (unsigned)x->at.x + (unsigned)x->at.y * 7u + (unsigned)x->depth +
                      (unsigned)x->line_z + (unsigned)x->cover;
            }
        }
        printf("%s_ns=%.2f answers=%08x\n", argv[1] + 2, dt * 1e9 / reps / (double)npairs(&k), sum);
        if (!sight && !all) {
            /* what the cover ratio is measured on: the answers' classes */
            long each[4] = {0};
            for (long i = 0; i < npairs(&k); i++)
                each[out[i] & 3]++;
            double n = (double)npairs(&k) / 100;
            printf("cover_classes: %.1f%% open, %.1f%% partly covered (%.1f%% soft, %.1f%% hard), %.1f%% blocked, "
                   "of %ld pairs\n",
                   each[SL_COVER_NONE] / n, (each[SL_COVER_SOFT] + each[SL_COVER_HARD]) / n, each[SL_COVER_SOFT] / n,
                   each[SL_COVER_HARD] / n, each[COVER_BLOCKED] / n, npairs(&k));
        }
        free(out);
        unbuild(&k);
        return 0;
    }
    if (argc > 1 && (strcmp(argv[1], "--los") == 0 || strcmp(argv[1], "--vis") == 0)) {
        /* only sightline's side of one question, many times over: for a profiler */
        workload k;
        if (!build(&k, 200, 300))
            return 1;
        bool los = argv[1][2] == 'l';
        unsigned char *out = malloc((size_t)npairs(&k));
        vis_buf vb = {.bytes = SL_VIS_WORK_BYTES(k.w.scn.table.nfeatures, k.w.scn.table.npts)};
        vb.work = malloc(vb.bytes);
        vb.poly = malloc(sizeof(sl_pt) * VIS_MAX);
        double *area = malloc(sizeof(double) * (size_t)k.nfig);
        int reps = los ? 100 : 20;
        double t0 = now();
        for (int r = 0; r < reps && out && vb.work && vb.poly && area; r++) {
            if (los)
                ours_los(&k, out);
            else
                ours_vis(&k, &vb, k.nfig, area);
        }
        double dt = now() - t0;
        if (los)
            printf("los_ns=%.2f\n", dt * 1e9 / reps / (double)npairs(&k));
        else
            printf("vis_us=%.2f\n", dt * 1e6 / reps / k.nfig);
        free(out);
        free(vb.work);
        free(vb.poly);
        free(area);
        unbuild(&k);
        return 0;
    }
    int runs = argc > 1 && !check ? atoi(argv[1]) : 7;
    /* "sightline-bench N sight": the sight and cover lines only, not the
     * frames, the undo or the start */
    bool sight_only = !check && argc > 2 && strcmp(argv[2], "sight") == 0;
    if (runs < 1)
        runs = 1;
    if (runs > MAX_RUNS)
        runs = MAX_RUNS;
    double t_start = now();
    bool agree = true;
#ifdef SL_HAVE_GEOS
    printf("peer: GEOS %s\n", GEOSversion());
#else
    printf("peer: none (built without GEOS)\n");
#endif
    printf("rounds: %d per question after one warm-up round each, sightline and GEOS alternating\n", runs);

    /* the standard workload, each question */
    workload std;
    if (!build(&std, 200, 300)) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    long pairs = npairs(&std);
    printf("\nstandard workload: %d buildings (4-8 corners, 1-6\" across) and %d figures on a %.0f\" x %.0f\" table, "
           "%ld pairs, seed %u\n",
           std.npoly, std.nfig, std.tw, std.th, pairs, SEED);
    int vis_obs = check ? 10 : 40;
    result los = ask(&std, Q_LOS, 0, runs, check, "line of sight");
    result vis = ask(&std, Q_VIS, vis_obs, runs, check, "visibility polygon");
    result losr = ask(&std, Q_LOS_RANDOM, 0, runs, check, "line of sight, pairs in a random order");
    /* the cover table: the standard one's places as buildings, woods,
     * low walls and hedges (cover_feature) */
    workload ctab;
    cover_mix = true;
    bool built = build(&ctab, 200, 300);
    cover_mix = false;
    if (!built) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    printf("\ncover table: %d features (a tenth tall buildings, a tenth woods, two fifths low walls, a fifth low "
           "hedges, a fifth tall hedges), %d figures\n",
           ctab.npoly, ctab.nfig);
    result cov = ask(&ctab, Q_COVER, 0, runs, check, "cover (random order)");
    result cova = ask(&ctab, Q_COVER_ALL, 0, runs, check, "every crossing (random order)");
    unbuild(&ctab);
    agree = los.agree && cov.agree && vis.agree && losr.agree && cova.agree;
    if (!check) {
        row("line of sight, per query", &los, 1e9 / pairs, "ns");
        row("line of sight, random order", &losr, 1e9 / pairs, "ns");
        row("visibility polygon, per figure", &vis, 1e6 / vis_obs, "us");
        row("cover table: cover, per query", &cov, 1e9 / pairs, "ns");
        row("cover table: every crossing, per query", &cova, 1e9 / pairs, "ns");
    }

    /* scaling: the same density on tables of other sizes */
    double vis_at[4] = {0};
    int sizes[4] = {50, 200, 800, 3200};
    int scale_obs = 10;
    printf("\nscaling with buildings (same density, %d figures; visibility over the first %d figures):\n", std.nfig,
           scale_obs);
    for (int i = 0; i < 4; i++) {
        if (check && sizes[i] > 200)
            break;
        workload k;
        if (!build(&k, sizes[i], 300))
            return 1;
        char label[64];
        snprintf(label, sizeof label, "%d buildings", sizes[i]);
        printf(" %s on %.0f\" x %.0f\":\n", label, k.tw, k.th);
        result a = ask(&k, Q_LOS, 0, check ? 1 : (runs + 1) / 2, check, "line of sight");
        result b = ask(&k, Q_COVER, 0, check ? 1 : (runs + 1) / 2, check, "cover");
        result c = ask(&k, Q_VIS, scale_obs, check ? 1 : (runs + 1) / 2, check, "visibility polygon");
        agree = agree && a.agree && b.agree && c.agree;
        if (!check) {
            row("line of sight, per query", &a, 1e9 / npairs(&k), "ns");
            row("cover, per query", &b, 1e9 / npairs(&k), "ns");
            row("visibility polygon, per figure", &c, 1e6 / scale_obs, "us");
            vis_at[i] = c.ours.median * 1e6 / scale_obs;
        }
        unbuild(&k);
    }
    result los12800 = {0};
    if (!check) {
        workload k;
        if (!build(&k, 12800, 300))
            return 1;
        printf(" 12800 buildings on %.0f\" x %.0f\":\n", k.tw, k.th);
        los12800 = ask(&k, Q_LOS_RANDOM, 0, (runs + 1) / 2, false, "line of sight, random order");
        row("line of sight, random order", &los12800, 1e9 / npairs(&k), "ns");
        agree = agree && los12800.agree;
        unbuild(&k);
    }
    if (!check) {
        int figs[3] = {100, 300, 1000};
        printf("\nscaling with figures (%d buildings, every pair):\n", std.npoly);
        for (int i = 0; i < 3; i++) {
            workload k;
            if (!build(&k, 200, figs[i]))
                return 1;
            char label[64];
            snprintf(label, sizeof label, "%d figures, %ld pairs", figs[i], npairs(&k));
            result a = ask(&k, Q_LOS, 0, (runs + 1) / 2, false, label);
            row(label, &a, 1e3, "ms");
            agree = agree && a.agree;
            unbuild(&k);
        }
    }

    if (check) {
        unbuild(&std);
        printf("%s\n", agree ? "answers agree" : "MISMATCH: the answers differ (see above)");
        return agree ? 0 : 1;
    }

    if (sight_only) {
        unbuild(&std);
        print_sight(&los, &losr, &cov, &cova, &vis, &los12800, pairs, vis_obs, vis_at);
        return agree ? 0 : 1;
    }
    draw_figs df;
    draw_lines(&std, runs, &df);
    printf("\nundo in a long game:\n");
    double undo_ms = -1, cmd_ms = -1;
    long save_bytes = -1;
    if (!undo_bench(10000, runs, &undo_ms, &cmd_ms, &save_bytes))
        undo_ms = -1;
    solo_figs sf;
    solo_lines(runs, &sf);
    double start = start_to_first_frame(runs < 5 ? runs : 5);
    if (start >= 0)
        printf("  start to first frame (the program on the default scenario)     %7.1f ms\n", start);
    unbuild(&std);

    printf("\nbench took %.1f s\n", now() - t_start);
    print_sight(&los, &losr, &cov, &cova, &vis, &los12800, pairs, vis_obs, vis_at);
    printf("frame_1080p_ms=%.2f\n", df.ruler);
    printf("frame_floor_1080p_ms=%.2f\n", df.floor);
    printf("frame_1080p_1000figs_ms=%.2f\n", df.f1000);
    draw_values(&df);
    printf("start_to_first_frame_ms=%.1f\n", start);
    printf("undo_ms_at_10000=%.2f\n", undo_ms);
    solo_values(&sf);
    return agree ? 0 : 1;
}
