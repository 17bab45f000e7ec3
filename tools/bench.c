/* sightline-bench: line-of-sight speed on a fixed, seeded workload.
 *
 * A 72" x 48" table with 200 convex polygons (4 to 8 corners, 1" to 6"
 * across, tall buildings) and 300 figures standing outside them. Every one
 * of the 44,850 figure pairs is asked "is the line blocked?".
 *
 * Prints sightline's queries per second (median of several runs), then,
 * when built with GEOS, the same workload through GEOS (prepared polygons
 * and an STRtree), checks both counted the same blocked pairs, and prints
 * the ratio. Also times the visibility polygon of one figure and one
 * headless frame at 1280x800 with every overlay on. The last line is
 * los_ratio_vs_geos=<number>, or los_ratio_vs_geos=none without GEOS.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sightline/sight.h"
#include "sightline/ui.h"

#ifdef SL_HAVE_GEOS
#include <geos_c.h>
#endif

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define NPOLY 200
#define NFIG 300
#define SEED 20261122u

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint64_t rng_state = SEED;

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

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The workload, built into a world so the UI can draw it too. */
static void build_world(sl_world *w)
{
    sl_world_init(w);
    sl_scenario *s = &w->scn;
    snprintf(s->name, sizeof s->name, "Benchmark: 200 buildings, 300 figures");
    sl_table_init(&s->table, 72000, 48000);
    snprintf(s->table.name, sizeof s->table.name, "benchmark");
    w->mat.r = 104;
    w->mat.g = 122;
    w->mat.b = 84;
    for (int i = 0; i < NPOLY; i++) {
        double cx = uniform(1, 71), cy = uniform(1, 47);
        double r = uniform(0.5, 3.0);
        int k = 4 + (int)(rng() % 5);
        double ang[8];
        sl_pt v[8];
        for (;;) {
            for (int j = 0; j < k; j++)
                ang[j] = uniform(0, 2 * M_PI);
            qsort(ang, (size_t)k, sizeof ang[0], cmp_double);
            /* corners on a circle in angle order make a convex polygon;
             * keep them apart so rounding cannot merge two */
            bool ok = true;
            for (int j = 0; j < k; j++) {
                double gap = j + 1 < k ? ang[j + 1] - ang[j] : ang[0] + 2 * M_PI - ang[j];
                if (gap < 0.2 || gap > M_PI - 0.05)
                    ok = false;
            }
            if (ok)
                break;
        }
        for (int j = 0; j < k; j++)
            v[j] = sl_pt_make((int32_t)lround((cx + r * cos(ang[j])) * 1000), (int32_t)lround((cy + r * sin(ang[j])) * 1000));
        sl_feature f = sl_feature_defaults(SL_TERRAIN_BUILDING);
        f.id = i + 1;
        f.height = 10000;
        snprintf(f.name, sizeof f.name, "Block %d", i + 1);
        sl_table_add_feature(&s->table, &f, v, k);
    }
    s->nsides = 2;
    snprintf(s->sides[0].id, sizeof s->sides[0].id, "blue");
    snprintf(s->sides[0].name, sizeof s->sides[0].name, "Blue");
    s->sides[0].r = 0, s->sides[0].g = 114, s->sides[0].b = 178;
    snprintf(s->sides[1].id, sizeof s->sides[1].id, "red");
    snprintf(s->sides[1].name, sizeof s->sides[1].name, "Red");
    s->sides[1].r = 213, s->sides[1].g = 94, s->sides[1].b = 0;
    s->sides[1].marker = SL_MARKER_SQUARE;
    s->units = calloc(NFIG / 10, sizeof(sl_unit));
    s->figures = calloc(NFIG, sizeof(sl_figure));
    for (int u = 0; u < NFIG / 10; u++) {
        sl_unit *un = &s->units[s->nunits++];
        snprintf(un->id, sizeof un->id, "u%d", u + 1);
        snprintf(un->name, sizeof un->name, "Unit %d", u + 1);
        un->side = u % 2;
        un->quality = SL_Q_REGULAR;
        un->leadership = 2;
        un->first_figure = s->nfigures;
        un->leader = -1;
        for (int k = 0; k < 10; k++) {
            sl_pt p;
            for (;;) {
                p = sl_pt_make((int32_t)lround(uniform(0.5, 71.5) * 1000), (int32_t)lround(uniform(0.5, 47.5) * 1000));
                if (sl_table_feature_at(&s->table, p, 500) < 0)
                    break;
            }
            sl_figure *f = &s->figures[s->nfigures++];
            snprintf(f->id, sizeof f->id, "u%d-%d", u + 1, k + 1);
            f->unit = u;
            f->pos = p;
            f->base_r = 492;
            f->weapon = sl_weapon_find("advanced-ar");
            f->support = -1;
            f->fireteam = -1;
            un->nfigures++;
        }
    }
}

static long count_ours(const sl_los_index *ix, const sl_los_params *p, sl_los_scratch *s, const sl_scenario *scn)
{
    long blocked = 0;
    for (int i = 0; i < scn->nfigures; i++)
        for (int j = i + 1; j < scn->nfigures; j++)
            blocked += !sl_los_clear(ix, p, s, scn->figures[i].pos, scn->figures[j].pos);
    return blocked;
}

#ifdef SL_HAVE_GEOS
typedef struct geos_q {
    GEOSContextHandle_t h;
    const GEOSGeometry *line;
    const GEOSPreparedGeometry **prep;
    const GEOSGeometry **polys;
    int hit;
} geos_q;

static void geos_cb(void *item, void *ud)
{
    geos_q *q = ud;
    if (q->hit)
        return;
    int k = (int)(intptr_t)item - 1;
    if (GEOSPreparedIntersects_r(q->h, q->prep[k], q->line) == 1)
        q->hit = 1;
}

static long count_geos(GEOSContextHandle_t h, GEOSSTRtree *tree, const GEOSPreparedGeometry **prep,
                       const sl_scenario *scn)
{
    long blocked = 0;
    geos_q q = {h, NULL, prep, NULL, 0};
    for (int i = 0; i < scn->nfigures; i++) {
        for (int j = i + 1; j < scn->nfigures; j++) {
            GEOSCoordSequence *cs = GEOSCoordSeq_create_r(h, 2, 2);
            GEOSCoordSeq_setXY_r(h, cs, 0, scn->figures[i].pos.x / 1000.0, scn->figures[i].pos.y / 1000.0);
            GEOSCoordSeq_setXY_r(h, cs, 1, scn->figures[j].pos.x / 1000.0, scn->figures[j].pos.y / 1000.0);
            GEOSGeometry *line = GEOSGeom_createLineString_r(h, cs);
            q.line = line;
            q.hit = 0;
            GEOSSTRtree_query_r(h, tree, line, geos_cb, &q);
            blocked += q.hit;
            GEOSGeom_destroy_r(h, line);
        }
    }
    return blocked;
}
#endif

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 7;
    if (runs < 1)
        runs = 1;
    double t_start = now();
    sl_world w;
    build_world(&w);
    const sl_scenario *scn = &w.scn;
    long pairs = (long)scn->nfigures * (scn->nfigures - 1) / 2;
    printf("workload: %d convex polygons (4-8 corners, 1-6\" across) and %d figures on a 72\" x 48\" table, "
           "%ld pairs, seed %u\n",
           scn->table.nfeatures, scn->nfigures, pairs, SEED);

    sl_los_index ix;
    sl_los_scratch sc;
    sl_los_params p;
    sl_los_params_default(&p);
    if (!sl_los_index_build(&ix, &scn->table, 0) || !sl_los_scratch_init(&sc, &scn->table)) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    double times[64];
    long blocked = 0;
    for (int r = 0; r < runs && r < 64; r++) {
        double t0 = now();
        blocked = count_ours(&ix, &p, &sc, scn);
        times[r] = now() - t0;
    }
    double ours = median(times, runs < 64 ? runs : 64);
    double ours_qps = pairs / ours;
    printf("sightline: %ld of %ld pairs blocked; median of %d runs %.2f ms = %.0f queries/s (%.0f ns/query)\n", blocked,
           pairs, runs, ours * 1e3, ours_qps, ours * 1e9 / pairs);

    /* the visibility polygon of one figure, and on average over all */
    size_t bytes = SL_VIS_WORK_BYTES(scn->table.nfeatures, scn->table.npts);
    void *work = malloc(bytes);
    sl_pt *poly = malloc(sizeof(sl_pt) * 16384);
    int n = 0, reps = 2000;
    double t0 = now();
    for (int k = 0; k < reps; k++)
        n = sl_visibility_polygon(&ix, &p, scn->figures[0].pos, poly, 16384, work, bytes);
    double one = (now() - t0) / reps;
    t0 = now();
    long verts = 0;
    for (int k = 0; k < scn->nfigures; k++)
        verts += sl_visibility_polygon(&ix, &p, scn->figures[k].pos, poly, 16384, work, bytes);
    double all = (now() - t0) / scn->nfigures;
    printf("visibility polygon: figure %s %.1f us (%d corners); mean over all %d figures %.1f us (%.0f corners)\n",
           scn->figures[0].id, one * 1e6, n, scn->nfigures, all * 1e6, (double)verts / scn->nfigures);
    free(work);
    free(poly);

    /* one headless frame with every overlay */
    char assets[1100], err[512];
    snprintf(assets, sizeof assets, "%s/assets", sl_data_dir());
    sl_render_req req = {.width = 1280, .height = 800, .select_unit = "u1", .text = true, .hud = true,
                         .out_path = "/tmp/sightline-bench-frame.png"};
    req.overlays = SL_OVERLAY_ALL | SL_OVERLAY_SET;
    req.target = "u2";
    req.blast_x = 36.0;
    req.blast_y = 24.0;
    req.blast_r = 4.0;
    double frame_ms = -1;
    if (sl_render_time(&w, assets, &req, 5, &frame_ms, err, sizeof err))
        printf("headless frame 1280x800, every overlay on: %.1f ms (median of 5, drawing only)\n", frame_ms);
    else
        printf("headless frame: %s\n", err);

    double ratio = -1;
#ifdef SL_HAVE_GEOS
    GEOSContextHandle_t h = GEOS_init_r();
    GEOSSTRtree *tree = GEOSSTRtree_create_r(h, 10);
    const GEOSPreparedGeometry **prep = calloc((size_t)scn->table.nfeatures, sizeof *prep);
    GEOSGeometry **polys = calloc((size_t)scn->table.nfeatures, sizeof *polys);
    for (int i = 0; i < scn->table.nfeatures; i++) {
        const sl_feature *f = &scn->table.features[i];
        const sl_pt *v = sl_feature_pts(&scn->table, f);
        GEOSCoordSequence *cs = GEOSCoordSeq_create_r(h, (unsigned)f->npts + 1, 2);
        for (int k = 0; k <= f->npts; k++)
            GEOSCoordSeq_setXY_r(h, cs, (unsigned)k, v[k % f->npts].x / 1000.0, v[k % f->npts].y / 1000.0);
        GEOSGeometry *ring = GEOSGeom_createLinearRing_r(h, cs);
        polys[i] = GEOSGeom_createPolygon_r(h, ring, NULL, 0);
        prep[i] = GEOSPrepare_r(h, polys[i]);
        GEOSSTRtree_insert_r(h, tree, polys[i], (void *)(intptr_t)(i + 1));
    }
    int gruns = runs < 3 ? runs : 3;
    long gblocked = 0;
    double gt[8];
    for (int r = 0; r < gruns; r++) {
        double g0 = now();
        gblocked = count_geos(h, tree, prep, scn);
        gt[r] = now() - g0;
    }
    double geos = median(gt, gruns);
    double geos_qps = pairs / geos;
    printf("GEOS %s: %ld of %ld pairs blocked; median of %d runs %.2f ms = %.0f queries/s\n", GEOSversion(), gblocked,
           pairs, gruns, geos * 1e3, geos_qps);
    if (gblocked != blocked)
        printf("MISMATCH: sightline counts %ld blocked pairs, GEOS %ld\n", blocked, gblocked);
    else
        printf("counts agree: %ld blocked pairs\n", blocked);
    ratio = ours_qps / geos_qps;
    printf("sightline is %.1f times GEOS's rate on one thread (goal: 25)\n", ratio);
    GEOSSTRtree_destroy_r(h, tree);
    for (int i = 0; i < scn->table.nfeatures; i++) {
        GEOSPreparedGeom_destroy_r(h, prep[i]);
        GEOSGeom_destroy_r(h, polys[i]);
    }
    free(prep);
    free(polys);
    GEOS_finish_r(h);
#endif
    sl_los_index_free(&ix);
    sl_los_scratch_free(&sc);
    sl_world_free(&w);
    printf("bench took %.1f s\n", now() - t_start);
    if (ratio > 0)
        printf("los_ratio_vs_geos=%.1f\n", ratio);
    else
        printf("los_ratio_vs_geos=none\n");
    return 0;
}
