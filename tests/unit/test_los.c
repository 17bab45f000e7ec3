/* Line of sight, cover, range, integrity, templates and movement cost,
 * with answers worked out by hand, and the rulebook's own examples. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sightline/io.h"
#include "sightline/sight.h"
#include "shipped.h"

#define IN(x) ((int32_t)lround((x) * 1000.0))

static sl_pt P(double x, double y)
{
    return sl_pt_make(IN(x), IN(y));
}

/* The tests' random numbers: a linear congruential step, the new state. */
static uint32_t lcg(uint32_t *seed)
{
    return *seed = *seed * 1664525u + 1013904223u;
}

/* --- building tables by hand --------------------------------------------------- */

typedef struct fixture {
    sl_table t;
    sl_los_index ix;
    sl_los_scratch s;
    sl_los_params p;
} fixture;

static void start(fixture *f, double w, double h)
{
    sl_table_init(&f->t, IN(w), IN(h));
    sl_los_params_default(&f->p);
}

static void rect(fixture *f, sl_terrain_kind kind, int id, double x0, double y0, double x1, double y1, double height)
{
    sl_feature ft = sl_feature_defaults(kind);
    ft.id = id;
    snprintf(ft.name, sizeof ft.name, "%s %d", sl_terrain_kind_info(kind)->label, id);
    if (height >= 0)
        ft.height = IN(height);
    sl_pt v[4] = {P(x0, y0), P(x1, y0), P(x1, y1), P(x0, y1)};
    assert_true(sl_table_add_feature(&f->t, &ft, v, 4) >= 0);
}

static void wall_line(fixture *f, int id, double x0, double y0, double x1, double y1, double height)
{
    sl_feature ft = sl_feature_defaults(SL_TERRAIN_WALL);
    ft.id = id;
    snprintf(ft.name, sizeof ft.name, "Wall %d", id);
    ft.shape = SL_SHAPE_POLYLINE;
    ft.height = IN(height);
    sl_pt v[2] = {P(x0, y0), P(x1, y1)};
    assert_true(sl_table_add_feature(&f->t, &ft, v, 2) >= 0);
}

static void ready(fixture *f)
{
    assert_true(sl_los_index_build(&f->ix, &f->t, 0));
    assert_true(sl_los_scratch_init(&f->s, &f->t));
}

static void done(fixture *f)
{
    sl_los_index_free(&f->ix);
    sl_los_scratch_free(&f->s);
    sl_table_free(&f->t);
}

static sl_los_result look(fixture *f, double x0, double y0, double x1, double y1)
{
    sl_los_result r;
    sl_los_check(&f->ix, &f->p, &f->s, P(x0, y0), P(x1, y1), &r);
    /* the fast answer always agrees with the full one */
    assert_int_equal(sl_los_clear(&f->ix, &f->p, &f->s, P(x0, y0), P(x1, y1)), r.visible);
    /* and so does the cover query, on cover too */
    sl_cover c;
    assert_int_equal(sl_los_cover(&f->ix, &f->p, &f->s, P(x0, y0), P(x1, y1), &c), r.visible);
    if (r.visible)
        assert_int_equal(c, r.cover);
    return r;
}

static void test_open_and_buildings(void **state)
{
    (void)state;
    fixture f;
    start(&f, 48, 48);
    rect(&f, SL_TERRAIN_BUILDING, 14, 10, 10, 14, 14, 3);
    rect(&f, SL_TERRAIN_BUILDING, 15, 10, 30, 14, 34, 0.5); /* a low ruin */
    ready(&f);
    sl_los_result r = look(&f, 2, 2, 5, 6);
    assert_true(r.visible);
    assert_int_equal(r.cover, SL_COVER_NONE);
    assert_float_equal(r.distance, 5000.0, 1e-9);
    assert_int_equal(r.nhits, 0);

    /* straight through the tall building: blocked where the line meets it */
    r = look(&f, 5, 12, 20, 12);
    assert_false(r.visible);
    assert_int_equal(r.block_hit, 0);
    assert_int_equal(f.t.features[r.hits[0].feature].id, 14);
    assert_int_equal(r.hits[0].why, SL_WHY_TALLER);
    assert_int_equal(r.hits[0].at.x, IN(10));
    assert_int_equal(r.hits[0].at.y, IN(12));
    char text[256];
    sl_los_describe_hit(&f.t, &r.hits[0], text, sizeof text);
    assert_string_equal(text, "blocked by the building: 3.0\" tall where the line is 1.0\" high, at (10.0, 12.0)");

    /* grazing a corner still blocks: the line touches the wall */
    r = look(&f, 6, 6, 18, 18);
    assert_false(r.visible);

    /* over the half-inch ruin */
    r = look(&f, 5, 32, 20, 32);
    assert_true(r.visible);
    assert_int_equal(r.hits[0].effect, SL_LOS_OVER);

    /* inside the building: the firer sees out; a target inside is in hard cover */
    r = look(&f, 12, 12, 30, 12);
    assert_true(r.visible);
    assert_int_equal(r.hits[0].effect, SL_LOS_EDGE);
    r = look(&f, 30, 12, 12, 12);
    assert_true(r.visible);
    assert_int_equal(r.cover, SL_COVER_HARD);
    assert_int_equal(r.hits[r.cover_hit].why, SL_WHY_INSIDE);
    done(&f);
}

static void test_woods(void **state)
{
    (void)state;
    fixture f;
    start(&f, 48, 48);
    rect(&f, SL_TERRAIN_WOODS, 5, 20, 0, 30, 10, -1);
    ready(&f);
    /* at the edge (half an inch in): seen, soft cover */
    sl_los_result r = look(&f, 10, 5, 20.5, 5);
    assert_true(r.visible);
    assert_int_equal(r.cover, SL_COVER_SOFT);
    assert_int_equal(r.hits[r.cover_hit].why, SL_WHY_WOODS_EDGE);
    /* two inches in: hidden */
    r = look(&f, 10, 5, 22, 5);
    assert_false(r.visible);
    assert_int_equal(r.hits[r.block_hit].why, SL_WHY_WOODS_DEEP);
    /* through the wood: blocked */
    r = look(&f, 10, 5, 40, 5);
    assert_false(r.visible);
    /* from the edge out: the firer sees */
    r = look(&f, 29.2, 5, 40, 5);
    assert_true(r.visible);
    assert_int_equal(r.cover, SL_COVER_NONE);
    /* a deeper edge option lets him see from deeper in */
    f.p.wood_edge = IN(2.5);
    r = look(&f, 10, 5, 22, 5);
    assert_true(r.visible);
    done(&f);
}

static void test_walls_are_directional(void **state)
{
    (void)state;
    fixture f;
    start(&f, 48, 48);
    wall_line(&f, 7, 10, 0, 10, 20, 2);
    wall_line(&f, 8, 30, 0, 30, 20, 0.5);
    ready(&f);
    /* target just behind the wall: seen, hard cover */
    sl_los_result r = look(&f, 0, 5, 10.5, 5);
    assert_true(r.visible);
    assert_int_equal(r.cover, SL_COVER_HARD);
    /* firing from the same side as the target: no cover (rulebook p12 X/Y) */
    r = look(&f, 5, 8, 9.5, 5);
    assert_true(r.visible);
    assert_int_equal(r.cover, SL_COVER_NONE);
    /* the firer at the wall fires over it */
    r = look(&f, 9.6, 5, 20, 5);
    assert_true(r.visible);
    assert_int_equal(r.hits[0].effect, SL_LOS_EDGE);
    /* neither at the wall: a 2" wall hides a standing figure */
    r = look(&f, 0, 5, 20, 5);
    assert_false(r.visible);
    /* a half-inch wall does not, and gives no cover away from it */
    r = look(&f, 20, 5, 40, 5);
    assert_true(r.visible);
    assert_int_equal(r.cover, SL_COVER_NONE);
    done(&f);
}

static void test_hills(void **state)
{
    (void)state;
    fixture f;
    start(&f, 48, 48);
    rect(&f, SL_TERRAIN_HILL, 3, 20, 20, 30, 30, 2);
    ready(&f);
    /* both below the 2" crest: hidden */
    sl_los_result r = look(&f, 10, 25, 40, 25);
    assert_false(r.visible);
    assert_int_equal(r.hits[r.block_hit].why, SL_WHY_CREST);
    /* from the hilltop (eye 3") to 10" beyond the edge: the line leaves the
     * hill at 2.33" high, over the crest */
    r = look(&f, 25, 25, 40, 25);
    assert_true(r.visible);
    /* but just below the crest is dead ground: the line leaves at 1.33" */
    r = look(&f, 25, 25, 31, 25);
    assert_false(r.visible);
    /* a target half an inch up the hill is at the crest: hard cover */
    r = look(&f, 0, 25, 20.5, 25);
    assert_true(r.visible);
    assert_int_equal(r.cover, SL_COVER_HARD);
    assert_int_equal(r.hits[r.cover_hit].why, SL_WHY_BEHIND_CREST);
    /* deeper on the hilltop: seen, no cover */
    r = look(&f, 0, 25, 25, 25);
    assert_true(r.visible);
    assert_int_equal(r.cover, SL_COVER_NONE);
    assert_int_equal(sl_ground_at(&f.ix, P(25, 25)), 2000);
    assert_int_equal(sl_ground_at(&f.ix, P(35, 25)), 0);
    done(&f);
}

static void test_smoke_and_ground(void **state)
{
    (void)state;
    fixture f;
    start(&f, 48, 48);
    rect(&f, SL_TERRAIN_SMOKE, 1, 10, 0, 12, 10, -1);
    rect(&f, SL_TERRAIN_RUBBLE, 2, 30, 0, 34, 10, -1);
    ready(&f);
    assert_false(look(&f, 0, 5, 20, 5).visible);
    /* in rubble: soft cover; rubble far from the target: none */
    sl_los_result r = look(&f, 20, 5, 32, 5);
    assert_true(r.visible);
    assert_int_equal(r.cover, SL_COVER_SOFT);
    r = look(&f, 20, 5, 45, 5);
    assert_true(r.visible);
    assert_int_equal(r.cover, SL_COVER_NONE);
    /* just behind it (within an inch): soft cover */
    r = look(&f, 20, 5, 34.8, 5);
    assert_int_equal(r.cover, SL_COVER_SOFT);
    done(&f);
}

static void test_range(void **state)
{
    (void)state;
    sl_range r;
    int32_t band = 8000; /* regular */
    sl_range_judge((int64_t)8000 * 8000, band, SL_COVER_NONE, false, &r);
    assert_int_equal(r.band, 1);
    assert_int_equal(r.die, SL_D4);
    sl_range_judge((int64_t)8001 * 8001, band, SL_COVER_NONE, false, &r);
    assert_int_equal(r.band, 2);
    assert_int_equal(r.die, SL_D6);
    sl_range_judge((int64_t)40000 * 40000, band, SL_COVER_NONE, false, &r);
    assert_int_equal(r.band, 5);
    assert_int_equal(r.die, SL_D12);
    sl_range_judge((int64_t)40001 * 40001, band, SL_COVER_NONE, false, &r);
    assert_int_equal(r.band, 6);
    assert_int_equal(r.die, SL_DIE_NONE);
    /* the book's regular maxima: 40" open, 32" soft, 24" hard */
    sl_range_judge((int64_t)32000 * 32000, band, SL_COVER_SOFT, false, &r);
    assert_int_equal(r.die, SL_D12);
    sl_range_judge((int64_t)32001 * 32001, band, SL_COVER_SOFT, false, &r);
    assert_int_equal(r.die, SL_DIE_NONE);
    sl_range_judge((int64_t)24000 * 24000, band, SL_COVER_HARD, false, &r);
    assert_int_equal(r.die, SL_D12);
    assert_int_equal(r.max_bands, 3);
    sl_range_judge((int64_t)24001 * 24001, band, SL_COVER_HARD, false, &r);
    assert_int_equal(r.die, SL_DIE_NONE);
    /* In Position adds one: medium range (D6) in soft cover and IP is D10 */
    sl_range_judge((int64_t)12000 * 12000, band, SL_COVER_SOFT, true, &r);
    assert_int_equal(r.base_die, SL_D6);
    assert_int_equal(r.shifts, 2);
    assert_int_equal(r.die, SL_D10);
    assert_int_equal(sl_die_shift(SL_D12, 1), SL_DIE_NONE);
    assert_int_equal(sl_die_shift(SL_D4, -1), SL_D4);
    assert_int_equal(sl_die_shift(SL_D6, 2), SL_D10);
}

/* --- the rulebook's majority examples (p12) -------------------------------- */

static void add_unit(sl_scenario *s, const char *id, int side, const double (*xy)[2], int n)
{
    sl_unit *u = &s->units[s->nunits];
    memset(u, 0, sizeof *u);
    snprintf(u->id, sizeof u->id, "%s", id);
    snprintf(u->name, sizeof u->name, "%s", id);
    u->side = side;
    u->quality = SL_Q_REGULAR;
    u->leadership = 2;
    u->first_figure = s->nfigures;
    u->nfigures = n;
    u->leader = -1;
    for (int i = 0; i < n; i++) {
        sl_figure *f = &s->figures[s->nfigures++];
        memset(f, 0, sizeof *f);
        snprintf(f->id, sizeof f->id, "%s-%d", id, i + 1);
        f->unit = s->nunits;
        f->pos = P(xy[i][0], xy[i][1]);
        f->base_r = 492;
        f->weapon = -1;
        f->support = -1;
    }
    s->nunits++;
}

static void test_unit_majorities(void **state)
{
    (void)state;
    sl_scenario s;
    sl_scenario_init(&s);
    sl_table_init(&s.table, IN(48), IN(48));
    s.units = calloc(4, sizeof(sl_unit));
    s.figures = calloc(32, sizeof(sl_figure));
    s.nsides = 2;
    /* a stone wall along x = 30 and a rubble field short of it */
    sl_feature wall = sl_feature_defaults(SL_TERRAIN_WALL);
    wall.id = 1;
    wall.shape = SL_SHAPE_POLYLINE;
    wall.height = IN(1.5);
    sl_pt wv[2] = {P(30, 0), P(30, 48)};
    sl_table_add_feature(&s.table, &wall, wv, 2);
    sl_feature rub = sl_feature_defaults(SL_TERRAIN_RUBBLE);
    rub.id = 2;
    sl_pt rv[4] = {P(22, 0), P(28, 0), P(28, 28), P(22, 28)};
    sl_table_add_feature(&s.table, &rub, rv, 4);
    /* a building hiding part of a squad */
    sl_feature bld = sl_feature_defaults(SL_TERRAIN_BUILDING);
    bld.id = 3;
    sl_pt bv[4] = {P(10, 30), P(14, 30), P(14, 34), P(10, 34)};
    sl_table_add_feature(&s.table, &bld, bv, 4);

    const double firer[3][2] = {{2, 20}, {2, 21}, {2, 22}};
    add_unit(&s, "firer", 0, firer, 3);
    /* three behind the wall (hard), three in the rubble (soft) */
    const double a[6][2] = {{30.5, 18}, {30.5, 19.5}, {30.5, 21}, {25, 18}, {25, 19.5}, {25, 21}};
    add_unit(&s, "split", 1, a, 6);
    /* four behind the wall, two in the rubble */
    const double b[6][2] = {{30.5, 24}, {30.5, 25.5}, {30.5, 27}, {30.5, 28.5}, {25, 24}, {25, 25.5}};
    add_unit(&s, "mostly", 1, b, 6);
    /* three of six out of sight behind the building */
    const double c[6][2] = {{20, 40}, {20, 41.5}, {20, 43}, {19, 22}, {19, 23.5}, {19, 25}};
    add_unit(&s, "half", 1, c, 6);

    sl_sight sg;
    assert_true(sl_sight_init(&sg, &s));
    sl_unit_sight us;
    /* firing from the centre of the firer unit (middle figure: firer-2) */
    sl_unit_sight_judge(&sg, 0, 1, false, &us);
    assert_int_equal(us.from_figure, 1);
    assert_true(us.visible);
    assert_int_equal(us.seen, 6);
    assert_int_equal(us.cover, SL_COVER_SOFT); /* three and three: the lesser */
    sl_unit_sight_judge(&sg, 0, 2, false, &us);
    assert_int_equal(us.cover, SL_COVER_HARD); /* four of six behind the wall */
    sl_unit_sight_judge(&sg, 0, 3, false, &us);
    assert_int_equal(us.seen, 3);
    assert_int_equal(us.total, 6);
    assert_true(us.visible); /* at least half in view */
    assert_int_equal(us.cover, SL_COVER_NONE);
    for (int i = 0; i < us.nfigs; i++)
        if (!us.figs[i].visible)
            assert_int_equal(s.table.features[us.figs[i].block_feature].id, 3);
    /* moving one more behind the building hides the unit */
    s.figures[s.units[3].first_figure + 3].pos = P(20, 44.5);
    sl_unit_sight_judge(&sg, 0, 3, false, &us);
    assert_false(us.visible);
    sl_sight_free(&sg);

    /* the centroid option measures from the average position */
    s.options.unit_centre = 1;
    int fig;
    sl_pt c0 = sl_unit_centre(&s, 0, &fig);
    assert_int_equal(fig, -1);
    assert_int_equal(c0.x, IN(2));
    assert_int_equal(c0.y, IN(21));
    sl_scenario_free(&s);
}

static void test_integrity(void **state)
{
    (void)state;
    sl_integrity_params p = {6000, 2000, false};
    sl_integrity r;
    int g[16];
    bool stray[16];
    sl_pt two_rows[8];
    for (int i = 0; i < 8; i++)
        two_rows[i] = P(10 + 1.3 * (i % 4), 10 + 1.3 * (i / 4));
    sl_integrity_check(two_rows, NULL, 8, &p, g, stray, &r);
    assert_true(r.intact);
    assert_true(r.by_circle);
    /* a line of six figures 1.9" apart: too long for the circle, but chained */
    sl_pt line6[6];
    for (int i = 0; i < 6; i++)
        line6[i] = P(10 + 1.9 * i, 10);
    sl_integrity_check(line6, NULL, 6, &p, g, stray, &r);
    assert_true(r.intact);
    assert_false(r.by_circle);
    assert_true(r.by_chain);
    /* the last one wanders 2.5" off: broken, and it is the stray */
    line6[5] = P(10 + 1.9 * 4 + 2.5, 10);
    sl_integrity_check(line6, NULL, 6, &p, g, stray, &r);
    assert_false(r.intact);
    assert_int_equal(r.groups, 2);
    assert_int_equal(r.nstray, 1);
    assert_true(stray[5]);
    assert_false(stray[0]);
    assert_int_equal(g[0], 0);
    assert_int_equal(g[5], 1);
    /* whole bases: 6" apart centres do not fit once bases count */
    sl_pt pair[2] = {P(0, 0), P(5.5, 0)};
    int32_t rad[2] = {492, 492};
    sl_integrity_params wb = {6000, 2000, true};
    sl_integrity_check(pair, rad, 2, &wb, g, stray, &r);
    assert_false(r.by_circle);
    sl_integrity_check(pair, rad, 2, &p, g, stray, &r);
    assert_true(r.by_circle);
}

static void test_templates(void **state)
{
    (void)state;
    sl_scenario s;
    sl_scenario_init(&s);
    sl_table_init(&s.table, IN(48), IN(48));
    s.units = calloc(1, sizeof(sl_unit));
    s.figures = calloc(8, sizeof(sl_figure));
    const double xy[3][2] = {{13.4, 10}, {13.6, 10}, {10, 10}};
    add_unit(&s, "u", 0, xy, 3);
    int out[8];
    /* a 3" burst at (10,10): the base 3.4" away overlaps it, 3.6" does not */
    sl_circle c = {P(10, 10), IN(3)};
    int n = sl_figures_in_circle(&s, c, true, out, 8);
    assert_int_equal(n, 2);
    assert_int_equal(out[0], 0);
    assert_int_equal(out[1], 2);
    sl_scenario_free(&s);
}

static void test_movement_cost(void **state)
{
    (void)state;
    fixture f;
    start(&f, 48, 48);
    rect(&f, SL_TERRAIN_WOODS, 1, 14, 0, 20, 10, -1);     /* poor: 2 per inch */
    rect(&f, SL_TERRAIN_DIFFICULT, 2, 20, 0, 24, 10, -1); /* 3 per inch */
    rect(&f, SL_TERRAIN_WATER, 3, 30, 0, 34, 20, -1);
    rect(&f, SL_TERRAIN_ROAD, 4, 0, 14, 48, 16, -1);      /* a ford */
    rect(&f, SL_TERRAIN_BUNKER, 5, 40, 0, 44, 10, -1);
    ready(&f);
    sl_path_cost c;
    /* 4" of clear then 2" in the wood: 8" of allowance; a 6" move stops
     * one inch into the wood */
    sl_pt path[2] = {P(10, 5), P(16, 5)};
    sl_path_cost_of(&f.ix, path, 2, 6000, &c);
    assert_float_equal(c.length, 6000, 1e-6);
    assert_float_equal(c.cost, 8000, 1e-6);
    assert_false(c.within);
    assert_int_equal(c.stop.x, IN(15));
    assert_float_equal(c.by_going[SL_GOING_POOR], 2000, 1e-6);
    /* two legs through wood and difficult ground */
    sl_pt path2[3] = {P(14, 5), P(20, 5), P(22, 5)};
    sl_path_cost_of(&f.ix, path2, 3, 100000, &c);
    assert_float_equal(c.cost, 6000 * 2 + 2000 * 3, 1e-6);
    assert_true(c.within);
    /* the road carries the move over the water at clear going */
    sl_pt ford[2] = {P(28, 15), P(36, 15)};
    sl_path_cost_of(&f.ix, ford, 2, 100000, &c);
    assert_float_equal(c.cost, 8000, 1e-6);
    sl_pt wade[2] = {P(28, 5), P(36, 5)};
    sl_path_cost_of(&f.ix, wade, 2, 100000, &c);
    assert_float_equal(c.cost, 4000 + 4000 * 3, 1e-6);
    /* into the bunker: stops at its wall */
    sl_pt into[2] = {P(38, 5), P(46, 5)};
    sl_path_cost_of(&f.ix, into, 2, 100000, &c);
    assert_true(c.impassable);
    assert_int_equal(c.stop.x, IN(40));
    assert_int_equal(f.t.features[c.first_impassable].id, 5);
    int fid;
    assert_int_equal(sl_going_at(&f.ix, P(32, 15), &fid), SL_GOING_CLEAR);
    assert_int_equal(f.t.features[fid].id, 4);
    done(&f);
}

/* The visibility polygon agrees with point-to-point sight, away from its
 * edges, on a table with buildings. */
static void test_visibility_polygon(void **state)
{
    (void)state;
    fixture f;
    start(&f, 72, 48);
    rect(&f, SL_TERRAIN_BUILDING, 1, 20, 20, 26, 26, 3);
    rect(&f, SL_TERRAIN_BUILDING, 2, 40, 5, 44, 30, 4);
    rect(&f, SL_TERRAIN_BUILDING, 3, 10, 36, 30, 38, 3);
    ready(&f);
    size_t bytes = SL_VIS_WORK_BYTES(f.t.nfeatures, f.t.npts);
    void *work = malloc(bytes);
    sl_pt poly[1024];
    sl_pt eye = P(15, 15);
    int n = sl_visibility_polygon(&f.ix, &f.p, eye, poly, 1024, work, bytes);
    assert_true(n > 8);
    /* in front of the first building: seen; right behind it: not */
    assert_int_equal(sl_poly_contains(poly, n, P(18, 18)), SL_INSIDE);
    assert_int_equal(sl_poly_contains(poly, n, P(30, 30)), SL_OUTSIDE);
    /* sampled points: inside the polygon exactly when the line is clear */
    uint32_t seed = 12345;
    int checked = 0;
    for (int k = 0; k < 4000; k++) {
        int32_t x = (int32_t)(lcg(&seed) % 72000);
        int32_t y = (int32_t)(lcg(&seed) % 48000);
        sl_pt q = sl_pt_make(x, y);
        if (sl_table_feature_at(&f.t, q, 0) >= 0)
            continue;
        /* skip points within 0.05" of the polygon's edge */
        bool near = false;
        for (int i = 0; i < n && !near; i++)
            near = sl_seg_point_dist2(poly[i], poly[(i + 1) % n], q) < 50.0 * 50.0;
        if (near)
            continue;
        bool in = sl_poly_contains(poly, n, q) != SL_OUTSIDE;
        bool clear = sl_los_clear(&f.ix, &f.p, &f.s, eye, q);
        if (in != clear)
            fail_msg("(%d, %d): polygon says %d, line of sight says %d", x, y, in, clear);
        checked++;
    }
    assert_true(checked > 3000);
    free(work);
    done(&f);
}

/* On the shipped tables, the fast, cover and full answers always agree. */
static void test_real_maps_agree(void **state)
{
    (void)state;
    const char *maps[] = {"maps/farmland.tmj", "maps/town.tmj"};
    for (int m = 0; m < 2; m++) {
        sl_map map;
        sl_load_opts o = {false};
        assert_true(sl_map_load(maps[m], &o, &map, NULL));
        sl_los_index ix;
        sl_los_scratch s;
        sl_los_params p;
        sl_los_params_default(&p);
        assert_true(sl_los_index_build(&ix, &map.table, 0));
        assert_true(sl_los_scratch_init(&s, &map.table));
        uint32_t seed = 99;
        int blocked = 0, covered = 0;
        for (int k = 0; k < 3000; k++) {
            int32_t c[4];
            for (int j = 0; j < 4; j++)
                c[j] = (int32_t)(lcg(&seed) % (uint32_t)(j % 2 ? 48000 : 72000));
            sl_los_result r;
            sl_los_check(&ix, &p, &s, sl_pt_make(c[0], c[1]), sl_pt_make(c[2], c[3]), &r);
            assert_int_equal(sl_los_clear(&ix, &p, &s, sl_pt_make(c[0], c[1]), sl_pt_make(c[2], c[3])), r.visible);
            sl_cover cov;
            assert_int_equal(sl_los_cover(&ix, &p, &s, sl_pt_make(c[0], c[1]), sl_pt_make(c[2], c[3]), &cov),
                             r.visible);
            if (r.visible) {
                assert_int_equal(cov, r.cover);
                covered += cov != SL_COVER_NONE;
            }
            blocked += !r.visible;
        }
        assert_true(blocked > 300 && blocked < 2900);
        assert_true(covered > 20); /* the cover answer was tried, not only "none" */
        sl_los_index_free(&ix);
        sl_los_scratch_free(&s);
        sl_map_free(&map);
    }
}

/* The same answers from a fine grid, the default one and a grid of one or
 * two cells (every feature looked at, the walk in doubles): on real maps,
 * for lines from corners of buildings, through their corners, along the
 * grid's lines and through its corners, across open ground, and from far
 * off the table. */
static void test_walks_agree(void **state)
{
    (void)state;
    const char *maps[] = {"maps/farmland.tmj", "maps/town.tmj", "maps/bunker.tmj", "maps/outpost.tmj"};
    for (int m = 0; m < 4; m++) {
        sl_map map;
        sl_load_opts o = {false};
        assert_true(sl_map_load(maps[m], &o, &map, NULL));
        const sl_table *t = &map.table;
        int32_t cells[3] = {1000, 0, (t->width > t->height ? t->width : t->height) + 1};
        sl_los_index ix[3];
        sl_los_scratch s;
        sl_los_params p;
        sl_los_params_default(&p);
        for (int g = 0; g < 3; g++)
            assert_true(sl_los_index_build(&ix[g], t, cells[g]));
        assert_true(sl_los_scratch_init(&s, t));
        uint32_t seed = 7u + (uint32_t)m;
#define NEXT() (lcg(&seed) >> 8)
        int blocked = 0, clear = 0;
        for (int k = 0; k < 4000; k++) {
            sl_pt a, b;
            a.x = (int32_t)(NEXT() % (uint32_t)t->width);
            a.y = (int32_t)(NEXT() % (uint32_t)t->height);
            b.x = (int32_t)(NEXT() % (uint32_t)t->width);
            b.y = (int32_t)(NEXT() % (uint32_t)t->height);
            const sl_feature *f = &t->features[NEXT() % (uint32_t)t->nfeatures];
            const sl_feature *f2 = &t->features[NEXT() % (uint32_t)t->nfeatures];
            switch (k % 6) {
            case 1: /* from a corner: an end on an outline */
                a = sl_feature_pts(t, f)[NEXT() % (uint32_t)f->npts];
                break;
            case 2: /* corner to corner: corners on the line */
                a = sl_feature_pts(t, f)[NEXT() % (uint32_t)f->npts];
                b = sl_feature_pts(t, f2)[NEXT() % (uint32_t)f2->npts];
                break;
            case 3: /* along a line of the fine grid */
                a.x = b.x = a.x / 1000 * 1000;
                break;
            case 4: /* through the fine grid's corners, at 45 degrees or not */
                a = sl_pt_make(a.x / 1000 * 1000, a.y / 1000 * 1000);
                b.x = a.x + (int32_t)(NEXT() % 20) * 1000 - 10000;
                b.y = a.y + (int32_t)(NEXT() % 20) * 1000 - 10000;
                if (k % 12 == 4)
                    b.y = a.y + (b.x - a.x);
                break;
            case 5: /* from far off the table: the walk in doubles throughout */
                if (k % 60 == 5)
                    a.x = -40000000 + (int32_t)(NEXT() % 1000);
                break;
            default:
                break;
            }
            sl_los_result want;
            sl_los_check(&ix[2], &p, &s, a, b, &want);
            for (int g = 0; g < 3; g++) {
                sl_los_result r;
                sl_los_check(&ix[g], &p, &s, a, b, &r);
                sl_cover cov;
                bool seen = sl_los_cover(&ix[g], &p, &s, a, b, &cov);
                if (r.visible != want.visible || r.cover != want.cover || r.nhits != want.nhits ||
                    sl_los_clear(&ix[g], &p, &s, a, b) != want.visible || seen != want.visible ||
                    (seen && cov != want.cover))
                    fail_msg("%s, grid %d: (%d, %d) to (%d, %d): visible %d cover %d hits %d, not %d %d %d", maps[m],
                             g, a.x, a.y, b.x, b.y, r.visible, r.cover, r.nhits, want.visible, want.cover,
                             want.nhits);
            }
            blocked += !want.visible;
            clear += want.visible;
        }
#undef NEXT
        assert_true(blocked > 200 && clear > 200);
        for (int g = 0; g < 3; g++)
            sl_los_index_free(&ix[g]);
        sl_los_scratch_free(&s);
        sl_map_free(&map);
    }
}

/* A feature of k corners on a circle (anticlockwise, or clockwise when
 * `way`), its column by k and its row by `way`, corners on a quarter-inch
 * lattice. */
static void add_ring(fixture *f, const sl_feature *ft, int k, int way)
{
    double cx = 3 + 3 * (k - 3), cy = way ? 17 : 7, r = 1.5;
    sl_pt v[9];
    for (int i = 0; i < k; i++) {
        double a = (way ? -1 : 1) * 2 * M_PI * i / k;
        v[i] = sl_pt_make((int32_t)(IN(cx + r * cos(a)) / 250 * 250), (int32_t)(IN(cy + r * sin(a)) / 250 * 250));
    }
    assert_true(sl_table_add_feature(&f->t, ft, v, k) >= 0);
}

/* Small solid blocks (3 to 8 corners) are decided in the sight query's
 * walk, which keeps their corners one way round: blocks drawn either way
 * round give the answers of the full check, for lines that pass them by,
 * stop short of them, touch a corner or an edge, run along an edge, or
 * start or end inside or on the outline. */
static void test_blocks_either_way_round(void **state)
{
    (void)state;
    fixture f;
    start(&f, 24, 24);
    for (int k = 3; k <= 9; k++) {
        for (int way = 0; way < 2; way++) {
            sl_feature ft = sl_feature_defaults(SL_TERRAIN_BUILDING);
            ft.id = 2 * k + way;
            snprintf(ft.name, sizeof ft.name, "Block %d", ft.id);
            ft.height = IN(3);
            add_ring(&f, &ft, k, way);
        }
    }
    ready(&f);
    uint32_t seed = 11;
    int blocked = 0, clear = 0;
    for (int k = 0; k < 6000; k++) {
        double c[4];
        for (int j = 0; j < 4; j++)
            c[j] = (double)((lcg(&seed) >> 8) % 97) * 0.25; /* on a quarter-inch lattice, as the corners are */
        sl_los_result r = look(&f, c[0], c[1], c[2], c[3]);
        blocked += !r.visible;
        clear += r.visible;
    }
    assert_true(blocked > 1000 && clear > 1000);
    done(&f);
}

/* Woods (3 to 8 corners, convex) and walls and hedges taller than the eye
 * are decided by quick tests of their own in the yes/no queries (a wood
 * in the walk, a line feature before the general test): drawn either way
 * round, beside low walls, they give the answers of the full check for
 * lines on a quarter-inch lattice (through corners, along edges, ending
 * on outlines and inside woods, crossing a hedge about an inch from a
 * figure). */
static void test_woods_and_hedges_either_way_round(void **state)
{
    (void)state;
    fixture f;
    start(&f, 24, 24);
    for (int k = 3; k <= 9; k++) {
        for (int way = 0; way < 2; way++) {
            sl_feature ft = sl_feature_defaults(SL_TERRAIN_WOODS);
            ft.id = 2 * k + way;
            snprintf(ft.name, sizeof ft.name, "Wood %d", ft.id);
            add_ring(&f, &ft, k, way);
        }
    }
    for (int k = 0; k < 8; k++) {
        sl_feature ft = sl_feature_defaults(k % 2 ? SL_TERRAIN_HEDGE : SL_TERRAIN_WALL);
        ft.id = 100 + k;
        snprintf(ft.name, sizeof ft.name, "Line %d", ft.id);
        ft.shape = SL_SHAPE_POLYLINE;
        ft.height = k % 4 < 2 ? IN(2) : IN(0.5); /* taller than the eye, or under it */
        double y = 2.5 + 2.5 * k;
        sl_pt v[3] = {P(1 + k, y), P(8 + k, y + (k % 3)), P(14 + k, y - 1)};
        assert_true(sl_table_add_feature(&f.t, &ft, v, 2 + k % 2) >= 0);
    }
    ready(&f);
    uint32_t seed = 23;
    int blocked = 0, clear = 0, covered = 0;
    for (int k = 0; k < 8000; k++) {
        double c[4];
        for (int j = 0; j < 4; j++)
            c[j] = (double)((lcg(&seed) >> 8) % 97) * 0.25;
        sl_los_result r = look(&f, c[0], c[1], c[2], c[3]);
        blocked += !r.visible;
        clear += r.visible;
        covered += r.visible && r.cover != SL_COVER_NONE;
    }
    assert_true(blocked > 1000 && clear > 1000 && covered > 50);
    done(&f);

    /* what a player sees: through a wood, blocked; past its edge by a
     * quarter inch, seen; a tall hedge crossed midway, blocked; crossed
     * half an inch before the target, soft cover; half an inch after the
     * firer, no cover */
    start(&f, 24, 24);
    rect(&f, SL_TERRAIN_WOODS, 1, 14, 2, 18, 6, -1);
    sl_feature ft = sl_feature_defaults(SL_TERRAIN_HEDGE);
    ft.id = 2;
    snprintf(ft.name, sizeof ft.name, "Hedge 2");
    ft.shape = SL_SHAPE_POLYLINE;
    ft.height = IN(2);
    sl_pt hv[2] = {P(2, 10), P(10, 10)};
    assert_true(sl_table_add_feature(&f.t, &ft, hv, 2) >= 0);
    ready(&f);
    assert_false(look(&f, 12, 4, 20, 4).visible);
    assert_true(look(&f, 12, 6.25, 20, 6.25).visible);
    assert_false(look(&f, 6, 5, 6, 15).visible);
    sl_los_result r = look(&f, 6, 5, 6, 10.5);
    assert_true(r.visible);
    assert_int_equal(r.cover, SL_COVER_SOFT);
    r = look(&f, 6, 9.5, 6, 15);
    assert_true(r.visible);
    assert_int_equal(r.cover, SL_COVER_NONE);
    done(&f);
}

/* The index and scratch for table t, and the default parameters. */
static void with_index(const sl_table *t, sl_los_index *ix, sl_los_scratch *s, sl_los_params *p)
{
    sl_los_params_default(p);
    assert_true(sl_los_index_build(ix, t, 0));
    assert_true(sl_los_scratch_init(s, t));
}

/* A random line for the agreement tests: from a point on or up to 2"
 * off the table to one on it; every third (k) between two figures
 * instead. Returns whether the caller may make this one its own kind
 * (k % 3 == 1). */
static bool some_line(const sl_table *t, const sl_figure *figs, int nfigs, uint32_t *seed, int k, sl_pt *a, sl_pt *b)
{
    a->x = (int32_t)(lcg(seed) >> 8) % (t->width + 4000) - 2000;
    a->y = (int32_t)(lcg(seed) >> 8) % (t->height + 4000) - 2000;
    b->x = (int32_t)(lcg(seed) >> 8) % t->width;
    b->y = (int32_t)(lcg(seed) >> 8) % t->height;
    if (k % 3 == 0 && nfigs > 1) {
        *a = figs[(lcg(seed) >> 8) % (uint32_t)nfigs].pos;
        *b = figs[(lcg(seed) >> 8) % (uint32_t)nfigs].pos;
        return false;
    }
    return k % 3 == 1 && t->nfeatures > 0;
}

/* One table's answers through the yes/no walks' own listing (the
 * blockers', sl_los_index.blk_start) and through the full one, as before
 * it was made: the same index with the blockers' listing never chosen.
 * Lines between figures, from corners of walls and hedges to random
 * points, and between random points, some from off the table. Returns how
 * many were blocked. */
static int blockers_agree(const char *name, const sl_table *t, const sl_figure *figs, int nfigs, uint32_t seed,
                          int *more)
{
    (void)more;
    sl_los_index ix, old;
    sl_los_scratch s;
    sl_los_params p;
    with_index(t, &ix, &s, &p);
    old = ix;
    old.blk_low = INT32_MAX; /* no walk's low reaches it: always the full listing */
    int blocked = 0;
    for (int k = 0; k < 6000; k++) {
        sl_pt a, b;
        lcg(&seed);
        if (some_line(t, figs, nfigs, &seed, k, &a, &b)) {
            const sl_feature *f = &t->features[(lcg(&seed) >> 8) % (uint32_t)t->nfeatures];
            a = sl_feature_pts(t, f)[(lcg(&seed) >> 8) % (uint32_t)f->npts];
        }
        bool was = sl_los_clear(&old, &p, &s, a, b), now = sl_los_clear(&ix, &p, &s, a, b);
        sl_cover cwas = SL_COVER_NONE, cnow = SL_COVER_NONE;
        bool swas = sl_los_cover(&old, &p, &s, a, b, &cwas), snow = sl_los_cover(&ix, &p, &s, a, b, &cnow);
        if (was != now || swas != snow || cwas != cnow)
            fail_msg("%s: (%d, %d) to (%d, %d): clear %d cover %d %d before, now %d %d %d", name, a.x, a.y, b.x, b.y,
                     was, swas, cwas, now, snow, cnow);
        blocked += !now;
    }
    sl_los_index_free(&ix);
    sl_los_scratch_free(&s);
    return blocked;
}

/* One table's agreement test (6,000 lines, seeded), counting into *more
 * what it likes; returns its own count. */
typedef int (*table_check)(const char *name, const sl_table *t, const sl_figure *figs, int nfigs, uint32_t seed,
                           int *more);

/* The check on every shipped scenario's table and every shipped map, each
 * its own seed from `seed`: the sum of its counts; *lines, how many lines
 * it asked about. */
static int every_table(table_check check, uint32_t seed, int *more, int *lines)
{
    int sum = 0;
    for (size_t m = 0; m < NSHIPPED; m++) {
        sl_world w;
        sl_world_init(&w);
        sl_load_opts lo = {false};
        assert_true(sl_world_load(shipped[m], &lo, &w, NULL));
        sum += check(shipped[m], &w.scn.table, w.scn.figures, w.scn.nfigures, seed + (uint32_t)m, more);
        *lines += 6000;
        sl_world_free(&w);
    }
    const char *maps[] = {"maps/farmland.tmj", "maps/town.tmj",     "maps/bunker.tmj",
                          "maps/outpost.tmj",  "maps/crossroads.tmj", "maps/forest-road.tmj"};
    for (int m = 0; m < 6; m++) {
        sl_map map;
        sl_load_opts o = {false};
        assert_true(sl_map_load(maps[m], &o, &map, NULL));
        sum += check(maps[m], &map.table, NULL, 0, seed + 90u + (uint32_t)m, more);
        *lines += 6000;
        sl_map_free(&map);
    }
    return sum;
}

/* The yes/no walks' listing leaves out low walls and hedges and lists a
 * wall or hedge only in the cells its legs meet: on every shipped table
 * the sight and cover answers are the same as through the full listing. */
static void test_blockers_listing_agrees(void **state)
{
    (void)state;
    int lines = 0, blocked = every_table(blockers_agree, 11u, NULL, &lines);
    /* both answers were asked of many lines */
    assert_true(blocked > lines / 10 && blocked < lines * 9 / 10);
}

/* One table's cover answers with the target's last inch read from the
 * cells round it and walked cell by cell as before
 * (sl_los_index.cover_tail_walked): lines between figures, lines ending
 * just behind a wall or hedge (where its cover counts) and just beyond
 * that inch, and lines between random points, some from off the table.
 * Counts the answers in cover into *covered; returns how many were
 * seen. */
static int cover_tail_agrees(const char *name, const sl_table *t, const sl_figure *figs, int nfigs, uint32_t seed,
                             int *covered)
{
    sl_los_index ix, old;
    sl_los_scratch s;
    sl_los_params p;
    with_index(t, &ix, &s, &p);
    old = ix;
    old.cover_tail_walked = true;
    int seen = 0;
    for (int k = 0; k < 6000; k++) {
        sl_pt a, b;
        if (some_line(t, figs, nfigs, &seed, k, &a, &b)) {
            /* b on a leg of a feature, then moved along the line past it
             * by up to 1.5": in and out of the inch where it gives cover */
            const sl_feature *f = &t->features[(lcg(&seed) >> 8) % (uint32_t)t->nfeatures];
            const sl_pt *v = sl_feature_pts(t, f);
            int i = (int)((lcg(&seed) >> 8) % (uint32_t)f->npts), j = (i + 1) % f->npts;
            double u = (double)((lcg(&seed) >> 8) % 1000u) / 1000.0;
            sl_pt on = sl_pt_make((int32_t)lround(v[i].x + (v[j].x - v[i].x) * u),
                                  (int32_t)lround(v[i].y + (v[j].y - v[i].y) * u));
            double dx = (double)on.x - a.x, dy = (double)on.y - a.y, len = sqrt(dx * dx + dy * dy);
            double past = (double)((lcg(&seed) >> 8) % 1500u);
            if (len < 1.0)
                continue;
            b = sl_pt_make((int32_t)lround(on.x + dx / len * past), (int32_t)lround(on.y + dy / len * past));
        }
        sl_cover cwas = SL_COVER_NONE, cnow = SL_COVER_NONE;
        bool swas = sl_los_cover(&old, &p, &s, a, b, &cwas), snow = sl_los_cover(&ix, &p, &s, a, b, &cnow);
        if (swas != snow || cwas != cnow)
            fail_msg("%s: (%d, %d) to (%d, %d): seen %d cover %d walked, %d %d read round the end", name, a.x, a.y,
                     b.x, b.y, swas, cwas, snow, cnow);
        seen += snow;
        *covered += snow && cnow != SL_COVER_NONE;
    }
    sl_los_index_free(&ix);
    sl_los_scratch_free(&s);
    return seen;
}

/* The cover query reads the target's last inch from the cells round it,
 * not by walking them: on every shipped table the answers are those of
 * the walk, and many lines were seen and many in cover. */
static void test_cover_tail_agrees(void **state)
{
    (void)state;
    int covered = 0, lines = 0, seen = every_table(cover_tail_agrees, 23u, &covered, &lines);
    assert_true(seen > lines / 10 && seen < lines * 9 / 10);
    assert_true(covered > lines / 50);
    print_message("cover tail: %d lines, %d seen, %d in cover\n", lines, seen, covered);
}

/* The index as a plain walk reads it: no block, wood, wall or hedge
 * decided in the walk (every listing's fifth entry INT32_MIN), each
 * judged by the query's own visit. Its two listings are copies, freed by
 * plain_free. */
static void plain_index(const sl_los_index *ix, sl_los_index *plain)
{
    *plain = *ix;
    size_t ncells = (size_t)ix->cols * (size_t)ix->rows;
    size_t n[2] = {(size_t)ix->cell_start[ncells], (size_t)ix->blk_start[ncells]};
    const int32_t *from[2] = {ix->cell_recs, ix->blk_recs};
    int32_t *to[2];
    for (int l = 0; l < 2; l++) {
        size_t bytes = sizeof(int32_t) * SL_LOS_CELL * (n[l] > 0 ? n[l] : 1);
        to[l] = malloc(bytes);
        assert_non_null(to[l]);
        memcpy(to[l], from[l], bytes);
        for (size_t j = 0; j < n[l]; j++)
            to[l][SL_LOS_CELL * j + 5] = INT32_MIN;
    }
    plain->cell_recs = to[0];
    plain->blk_recs = to[1];
}

static void plain_free(sl_los_index *plain)
{
    free(plain->cell_recs);
    free(plain->blk_recs);
}

/* A table like the bench's cover table: 200 features on 72" x 48", of
 * every ten one tall building, one wood, four low walls, two low hedges
 * and two hedges taller than the eye; walls and hedges of 2 or 3 corners,
 * blocks and woods of 4 to 6 on a circle. */
static void cover_table(fixture *f, uint32_t *seed)
{
    static const sl_terrain_kind kinds[10] = {SL_TERRAIN_BUILDING, SL_TERRAIN_WOODS, SL_TERRAIN_WALL, SL_TERRAIN_WALL,
                                              SL_TERRAIN_WALL,     SL_TERRAIN_WALL,  SL_TERRAIN_HEDGE, SL_TERRAIN_HEDGE,
                                              SL_TERRAIN_HEDGE,    SL_TERRAIN_HEDGE};
    start(f, 72, 48);
    for (int i = 0; i < 200; i++) {
        sl_feature ft = sl_feature_defaults(kinds[i % 10]);
        ft.id = i + 1;
        snprintf(ft.name, sizeof ft.name, "Feature %d", i + 1);
        double cx = 2 + (double)((lcg(seed) >> 8) % 6800) / 100, cy = 2 + (double)((lcg(seed) >> 8) % 4400) / 100;
        sl_pt v[6];
        int n;
        if (i % 10 >= 2) {
            ft.shape = SL_SHAPE_POLYLINE;
            ft.height = i % 10 < 8 ? IN(0.5) : IN(2);
            n = 2 + (int)((lcg(seed) >> 8) % 2);
            double ang = (double)((lcg(seed) >> 8) % 628) / 100;
            for (int j = 0; j < n; j++) {
                v[j] = P(cx, cy);
                ang += (double)((lcg(seed) >> 8) % 240) / 100 - 1.2;
                double leg = 1.5 + (double)((lcg(seed) >> 8) % 250) / 100;
                cx = fmin(fmax(cx + leg * cos(ang), 0.5), 71.5);
                cy = fmin(fmax(cy + leg * sin(ang), 0.5), 47.5);
            }
        } else {
            if (i % 10 == 0)
                ft.height = IN(10);
            n = 4 + (int)((lcg(seed) >> 8) % 3);
            double r = 0.5 + (double)((lcg(seed) >> 8) % 200) / 100;
            for (int j = 0; j < n; j++)
                v[j] = P(cx + r * cos(2 * M_PI * j / n), cy + r * sin(2 * M_PI * j / n));
        }
        assert_true(sl_table_add_feature(&f->t, &ft, v, n) >= 0);
    }
    ready(f);
}

/* A point on a leg of a wall or hedge of table t, then moved along the
 * line from `from` past it by up to 1.5": in and out of the inch where it
 * gives cover (or, as the firer, sees over it). */
static sl_pt past_a_leg(const sl_table *t, uint32_t *seed, sl_pt from)
{
    const sl_feature *f = &t->features[2 + 10 * ((lcg(seed) >> 8) % 20) + (lcg(seed) >> 8) % 8];
    const sl_pt *v = sl_feature_pts(t, f);
    int i = (int)((lcg(seed) >> 8) % (uint32_t)(f->npts - 1));
    double u = (double)((lcg(seed) >> 8) % 1000u) / 1000.0;
    sl_pt on = sl_pt_make((int32_t)lround(v[i].x + (v[i + 1].x - v[i].x) * u),
                          (int32_t)lround(v[i].y + (v[i + 1].y - v[i].y) * u));
    double dx = (double)on.x - from.x, dy = (double)on.y - from.y, len = sqrt(dx * dx + dy * dy);
    double past = (double)((lcg(seed) >> 8) % 1500u);
    if (len < 1.0)
        return on;
    return sl_pt_make((int32_t)lround(on.x + dx / len * past), (int32_t)lround(on.y + dy / len * past));
}

/* On the cover table, the sight, cover and full answers of the quick
 * tests (blocks and woods decided in the walk, walls and hedges taller
 * than the eye by where the line crosses their legs) are those of the
 * plain walk, which judges every block and wood it meets: for lines
 * between random points, ending just behind a wall or hedge, starting just
 * behind one, and from a wall's or hedge's corner. */
static void test_cover_table_agrees(void **state)
{
    (void)state;
    uint32_t seed = 39;
    int blocked = 0, covered = 0, by_hedge = 0;
    for (int table = 0; table < 3; table++) {
        fixture f;
        cover_table(&f, &seed);
        sl_los_index plain;
        plain_index(&f.ix, &plain);
        for (int k = 0; k < 8000; k++) {
            sl_pt a = sl_pt_make((int32_t)((lcg(&seed) >> 8) % 72000u), (int32_t)((lcg(&seed) >> 8) % 48000u));
            sl_pt b = sl_pt_make((int32_t)((lcg(&seed) >> 8) % 72000u), (int32_t)((lcg(&seed) >> 8) % 48000u));
            if (k % 4 == 1)
                b = past_a_leg(&f.t, &seed, a);
            else if (k % 4 == 2)
                a = past_a_leg(&f.t, &seed, b);
            else if (k % 4 == 3) {
                const sl_feature *w = &f.t.features[2 + 10 * ((lcg(&seed) >> 8) % 20) + (lcg(&seed) >> 8) % 8];
                a = sl_feature_pts(&f.t, w)[(lcg(&seed) >> 8) % (uint32_t)w->npts];
            }
            sl_los_result want, got;
            sl_los_check(&plain, &f.p, &f.s, a, b, &want);
            sl_los_check(&f.ix, &f.p, &f.s, a, b, &got);
            sl_cover cw = SL_COVER_NONE, cg = SL_COVER_NONE;
            bool sw = sl_los_cover(&plain, &f.p, &f.s, a, b, &cw), sg = sl_los_cover(&f.ix, &f.p, &f.s, a, b, &cg);
            bool clear = sl_los_clear(&f.ix, &f.p, &f.s, a, b);
            bool same = want.nhits == got.nhits && want.visible == got.visible && want.cover == got.cover;
            for (int h = 0; same && h < want.nhits; h++)
                same = want.hits[h].feature == got.hits[h].feature && want.hits[h].effect == got.hits[h].effect &&
                       want.hits[h].why == got.hits[h].why;
            if (!same || sw != sg || cw != cg || sw != want.visible || (sw && cw != want.cover) ||
                clear != want.visible || sl_los_clear(&plain, &f.p, &f.s, a, b) != want.visible)
                fail_msg("table %d: (%d, %d) to (%d, %d): plain walk seen %d cover %d (%d hits), fast %d %d (%d hits), "
                         "cover query %d %d, sight %d",
                         table, a.x, a.y, b.x, b.y, want.visible, want.cover, want.nhits, got.visible, got.cover,
                         got.nhits, sg, cg, clear);
            blocked += !want.visible;
            covered += want.visible && want.cover != SL_COVER_NONE;
            by_hedge += !want.visible && f.t.features[want.hits[want.block_hit].feature].kind == SL_TERRAIN_HEDGE;
        }
        plain_free(&plain);
        done(&f);
    }
    /* every answer was asked of many lines, and hedges blocked many */
    assert_true(blocked > 3000 && blocked < 21000);
    assert_true(covered > 500 && by_hedge > 500);
    print_message("cover table: 24000 lines, %d blocked (%d by a tall hedge), %d in cover\n", blocked, by_hedge,
                  covered);
}

/* The two judgements of one question: the full one and the answers-only
 * one (the side's copy of the game, rl_known), in every answer the solo
 * opponent reads: seen or not and the cover class, of each figure and of
 * the set, the counts and the range. The answers-only one names nothing:
 * no feature, no centre line. Fails with what differed. */
static void same_answers(const char *map, const char *what, const sl_unit_sight *a, const sl_unit_sight *b)
{
    if (a->visible != b->visible || a->cover != b->cover || a->seen != b->seen || a->total != b->total ||
        a->nfigs != b->nfigs || a->from.x != b->from.x || a->from.y != b->from.y || a->to.x != b->to.x || a->to.y != b->to.y ||
        a->range.band != b->range.band || a->range.die != b->range.die || a->range.shifts != b->range.shifts)
        fail_msg("%s, %s: answers-only judgement seen %d (%d of %d) cover %d band %d die %d, the full one seen %d (%d "
                 "of %d) cover %d band %d die %d",
                 map, what, b->visible, b->seen, b->total, b->cover, b->range.band, b->range.die, a->visible, a->seen,
                 a->total, a->cover, a->range.band, a->range.die);
    for (int i = 0; i < a->nfigs; i++) {
        const sl_fig_sight *x = &a->figs[i], *y = &b->figs[i];
        if (x->figure != y->figure || x->visible != y->visible || (x->visible && x->cover != y->cover))
            fail_msg("%s, %s: figure %d seen %d cover %d answers-only, seen %d cover %d in full", map, what, x->figure,
                     y->visible, y->cover, x->visible, x->cover);
        if (y->block_feature != -1 || y->cover_feature != -1)
            fail_msg("%s, %s: the answers-only judgement names features (%d blocks, %d covers figure %d)", map, what,
                     y->block_feature, y->cover_feature, y->figure);
    }
    if (b->line.nhits != 0 || b->line.block_hit != -1 || b->line.cover_hit != -1)
        fail_msg("%s, %s: the answers-only judgement judged the centre line (%d hits)", map, what, b->line.nhits);
}

/* On every shipped scenario, the answers-only sight (the flag the side's
 * copy of the game sets) gives the full one's answers: every unit at
 * every other where they stand, then units, teams and single figures
 * placed at points all over the table, each against the full judgement. */
static void test_answers_only_agree(void **state)
{
    (void)state;
    long judged = 0, lines = 0, seen = 0, unseen = 0, covered = 0;
    for (size_t m = 0; m < NSHIPPED; m++) {
        sl_world w;
        sl_world_init(&w);
        sl_load_opts lo = {false};
        assert_true(sl_world_load(shipped[m], &lo, &w, NULL));
        const sl_scenario *scn = &w.scn;
        sl_sight full, fast;
        assert_true(sl_sight_init(&full, scn));
        assert_true(sl_sight_init(&fast, scn));
        fast.answers_only = true;
        int a_figs[SL_SIGHT_MAX_FIGS], b_figs[SL_SIGHT_MAX_FIGS];
        sl_pt at[SL_SIGHT_MAX_FIGS];
        sl_unit_sight x, y;
        uint32_t seed = 1234u + (uint32_t)m;
        int nu = scn->nunits;
        for (int k = 0; nu > 1 && k < nu * nu + 600; k++) {
            int a = k < nu * nu ? k / nu : (int)((lcg(&seed) >> 8) % (uint32_t)nu);
            int b = k < nu * nu ? k % nu : (int)((lcg(&seed) >> 8) % (uint32_t)nu);
            const sl_unit *ua = &scn->units[a], *ub = &scn->units[b];
            if (a == b || ua->nfigures == 0 || ub->nfigures == 0)
                continue;
            int na = 0, nb = 0;
            for (int i = 0; i < ua->nfigures && na < SL_SIGHT_MAX_FIGS; i++)
                a_figs[na++] = ua->first_figure + i;
            for (int i = 0; i < ub->nfigures && nb < SL_SIGHT_MAX_FIGS; i++)
                b_figs[nb++] = ub->first_figure + i;
            sl_placement pl = {b_figs, at, 0};
            char what[160];
            if (k < nu * nu) {
                snprintf(what, sizeof what, "unit %s at unit %s where they stand", ua->id, ub->id);
            } else {
                /* the target (the whole unit, or one figure of it) placed at
                 * a point of the table, its figures as they stand about it */
                sl_pt p = sl_pt_make((int32_t)((lcg(&seed) >> 8) % (uint32_t)scn->table.width),
                                     (int32_t)((lcg(&seed) >> 8) % (uint32_t)scn->table.height));
                if (k % 3 == 0) {
                    b_figs[0] = b_figs[(lcg(&seed) >> 8) % (uint32_t)nb];
                    nb = 1;
                    a_figs[0] = a_figs[(lcg(&seed) >> 8) % (uint32_t)na];
                    na = 1;
                }
                sl_pt c = scn->figures[b_figs[0]].pos;
                for (int i = 0; i < nb; i++) {
                    sl_pt q = scn->figures[b_figs[i]].pos;
                    at[i] = sl_pt_make(p.x + (q.x - c.x), p.y + (q.y - c.y));
                }
                pl.n = nb;
                snprintf(what, sizeof what, "%s %s at %s %s placed at (%d, %d)", na == 1 ? "figure" : "unit",
                         na == 1 ? scn->figures[a_figs[0]].id : ua->id, nb == 1 ? "figure" : "unit",
                         nb == 1 ? scn->figures[b_figs[0]].id : ub->id, p.x, p.y);
            }
            bool in_pos = k % 2 == 1;
            sl_set_sight_judge_at(&full, pl.n ? &pl : NULL, a, a_figs, na, b_figs, nb, in_pos, &x);
            sl_set_sight_judge_at(&fast, pl.n ? &pl : NULL, a, a_figs, na, b_figs, nb, in_pos, &y);
            same_answers(shipped[m], what, &x, &y);
            judged++;
            lines += x.nfigs;
            for (int i = 0; i < x.nfigs; i++) {
                seen += x.figs[i].visible;
                unseen += !x.figs[i].visible;
                covered += x.figs[i].visible && x.figs[i].cover != SL_COVER_NONE;
            }
        }
        sl_sight_free(&full);
        sl_sight_free(&fast);
        sl_world_free(&w);
    }
    print_message("answers-only sight: %ld judgements on %d scenarios, %ld figure lines (%ld seen, %d%% of them in "
                  "cover; %ld not seen), all agree\n",
                  judged, (int)NSHIPPED, lines, seen, seen ? (int)(100 * covered / seen) : 0, unseen);
    /* a few thousand questions, and every kind of answer among them */
    assert_true(judged > 2000 && lines > 10000);
    assert_true(seen > 1000 && unseen > 1000 && covered > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_open_and_buildings), cmocka_unit_test(test_woods),
        cmocka_unit_test(test_walls_are_directional), cmocka_unit_test(test_hills),
        cmocka_unit_test(test_smoke_and_ground),  cmocka_unit_test(test_range),
        cmocka_unit_test(test_unit_majorities),   cmocka_unit_test(test_integrity),
        cmocka_unit_test(test_templates),         cmocka_unit_test(test_movement_cost),
        cmocka_unit_test(test_visibility_polygon), cmocka_unit_test(test_real_maps_agree),
        cmocka_unit_test(test_walks_agree),       cmocka_unit_test(test_blocks_either_way_round),
        cmocka_unit_test(test_woods_and_hedges_either_way_round), cmocka_unit_test(test_blockers_listing_agrees),
        cmocka_unit_test(test_cover_tail_agrees),
        cmocka_unit_test(test_cover_table_agrees),  cmocka_unit_test(test_answers_only_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
