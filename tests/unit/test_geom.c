/* Geometry and measurement with known answers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>

#include "sightline/geom.h"

#define IN(x) ((int32_t)lround((x) * 1000.0))

static sl_pt P(double x, double y)
{
    return sl_pt_make(IN(x), IN(y));
}

static void test_inches_and_mils(void **state)
{
    (void)state;
    int32_t m;
    assert_true(sl_inches_to_mils(12.3456, &m));
    assert_int_equal(m, 12346); /* rounded to the nearest mil */
    assert_true(sl_inches_to_mils(-0.0004, &m));
    assert_int_equal(m, 0);
    assert_false(sl_inches_to_mils(NAN, &m));
    assert_false(sl_inches_to_mils(1e9, &m));
}

static void test_distances(void **state)
{
    (void)state;
    /* a 3-4-5 triangle in inches */
    assert_float_equal(sl_dist(P(0, 0), P(3, 4)), 5000.0, 1e-9);
    assert_true(sl_within(P(0, 0), P(3, 4), IN(5)));
    assert_false(sl_within(P(0, 0), P(3, 4), IN(5) - 1));
    /* Two 25 mm bases 2" apart centre to centre: 2 - 0.984 = 1.016" of gap. */
    assert_float_equal(sl_base_edge_dist(P(0, 0), SL_BASE_25MM_DIAMETER / 2, P(2, 0), SL_BASE_25MM_DIAMETER / 2),
                       1016.0, 1e-9);
    /* Touching bases have no gap, overlapping ones too. */
    assert_float_equal(sl_base_edge_dist(P(0, 0), 500, P(1, 0), 500), 0.0, 1e-9);
    assert_float_equal(sl_base_edge_dist(P(0, 0), 500, P(0.5, 0), 500), 0.0, 1e-9);
    assert_true(sl_base_edges_within(P(0, 0), 492, P(2, 0), 492, 1016));
    assert_false(sl_base_edges_within(P(0, 0), 492, P(2, 0), 492, 1015));
}

static void test_segments(void **state)
{
    (void)state;
    double t = -1;
    /* an X */
    assert_true(sl_seg_intersection(P(0, 0), P(4, 4), P(0, 4), P(4, 0), &t));
    assert_float_equal(t, 0.5, 1e-12);
    /* parallel, apart */
    assert_false(sl_seg_intersects(P(0, 0), P(4, 0), P(0, 1), P(4, 1)));
    /* T junction: touching counts */
    assert_true(sl_seg_intersects(P(0, 0), P(4, 0), P(2, 0), P(2, 3)));
    /* collinear overlap: first shared point along the first segment */
    assert_true(sl_seg_intersection(P(0, 0), P(10, 0), P(4, 0), P(12, 0), &t));
    assert_float_equal(t, 0.4, 1e-12);
    /* collinear, disjoint */
    assert_false(sl_seg_intersects(P(0, 0), P(3, 0), P(4, 0), P(6, 0)));
    /* near miss by one mil */
    assert_false(sl_seg_intersects(P(0, 0), P(4, 0), sl_pt_make(2000, 1), P(2, 3)));
}

static void test_polygons(void **state)
{
    (void)state;
    sl_pt sq[4] = {P(0, 0), P(4, 0), P(4, 4), P(0, 4)};
    sl_pt sq_rev[4] = {P(0, 4), P(4, 4), P(4, 0), P(0, 0)};
    /* 16 square inches either winding */
    assert_float_equal(sl_poly_area(sq, 4), 16e6, 1e-6);
    assert_float_equal(sl_poly_area(sq_rev, 4), 16e6, 1e-6);
    assert_true(sl_poly_area2(sq, 4) == -sl_poly_area2(sq_rev, 4));
    assert_int_equal(sl_poly_contains(sq, 4, P(2, 2)), SL_INSIDE);
    assert_int_equal(sl_poly_contains(sq_rev, 4, P(2, 2)), SL_INSIDE);
    assert_int_equal(sl_poly_contains(sq, 4, P(5, 2)), SL_OUTSIDE);
    assert_int_equal(sl_poly_contains(sq, 4, P(4, 2)), SL_ON_BOUNDARY);
    assert_int_equal(sl_poly_contains(sq, 4, P(0, 0)), SL_ON_BOUNDARY);
    /* an L: the notch is outside */
    sl_pt L[6] = {P(0, 0), P(4, 0), P(4, 2), P(2, 2), P(2, 4), P(0, 4)};
    assert_float_equal(sl_poly_area(L, 6), 12e6, 1e-6);
    assert_int_equal(sl_poly_contains(L, 6, P(3, 3)), SL_OUTSIDE);
    assert_int_equal(sl_poly_contains(L, 6, P(1, 3)), SL_INSIDE);
    assert_true(sl_poly_is_simple(L, 6, NULL));
    /* a bow tie is not simple */
    sl_pt bow[4] = {P(0, 0), P(4, 4), P(4, 0), P(0, 4)};
    int bad = -1;
    assert_false(sl_poly_is_simple(bow, 4, &bad));
    /* a spike folding back on itself is not simple */
    sl_pt spike[5] = {P(0, 0), P(4, 0), P(6, 0), P(4, 0.0), P(0, 4)};
    assert_false(sl_poly_is_simple(spike, 5, NULL));
    /* all points on one line: no area */
    sl_pt flat[3] = {P(0, 0), P(1, 1), P(2, 2)};
    assert_false(sl_poly_is_simple(flat, 3, NULL));
    sl_pt lo, hi;
    sl_poly_bounds(L, 6, &lo, &hi);
    assert_int_equal(hi.x, IN(4));
    assert_true(sl_poly_touches_segment(sq, 4, P(-1, 2), P(1, 2)));
    assert_true(sl_poly_touches_segment(sq, 4, P(1, 1), P(2, 2))); /* wholly inside */
    assert_false(sl_poly_touches_segment(sq, 4, P(5, 0), P(5, 4)));
}

/* The triangles must cover the polygon exactly once: their areas, all of
 * one orientation, add up to the polygon's. */
static void check_triangulation(const sl_pt *v, int n)
{
    int tri[3 * 64], scratch[64];
    int k = sl_poly_triangulate(v, n, tri, scratch);
    assert_in_range(k, 1, n - 2);
    int64_t sum = 0;
    int sign = 0;
    for (int i = 0; i < k; i++) {
        int64_t a = sl_cross(v[tri[3 * i]], v[tri[3 * i + 1]], v[tri[3 * i + 2]]);
        int s = a > 0 ? 1 : -1;
        if (sign == 0)
            sign = s;
        assert_int_equal(s, sign);
        sum += a > 0 ? a : -a;
    }
    int64_t want = sl_poly_area2(v, n);
    assert_true(sum == (want < 0 ? -want : want));
}

static void test_triangulation(void **state)
{
    (void)state;
    sl_pt L[6] = {P(0, 0), P(4, 0), P(4, 2), P(2, 2), P(2, 4), P(0, 4)};
    check_triangulation(L, 6);
    sl_pt Lrev[6] = {P(0, 4), P(2, 4), P(2, 2), P(4, 2), P(4, 0), P(0, 0)};
    check_triangulation(Lrev, 6);
    /* the Old Mill Road on the farmland table: long and thin, with bends */
    sl_pt road[10] = {P(0, 28.5), P(20, 28.5), P(34, 25), P(50, 21.5), P(72, 21.5),
                      P(72, 24.5), P(50, 24.5), P(34, 28), P(20, 31.5), P(0, 31.5)};
    check_triangulation(road, 10);
    /* the chapel: a cross with twelve corners */
    sl_pt cross[12] = {P(20, 2), P(24, 2), P(24, 5), P(28, 5), P(28, 8), P(24, 8),
                       P(24, 12), P(20, 12), P(20, 8), P(17, 8), P(17, 5), P(20, 5)};
    check_triangulation(cross, 12);
    /* a comb with straight runs (collinear vertices) */
    sl_pt comb[10] = {P(0, 0), P(2, 0), P(4, 0), P(4, 3), P(3, 3), P(3, 1), P(2, 1), P(2, 3), P(0, 3), P(0, 1.5)};
    check_triangulation(comb, 10);
}

static void test_paths(void **state)
{
    (void)state;
    sl_pt path[3] = {P(0, 0), P(3, 4), P(3, 10)};
    assert_float_equal(sl_path_length(path, 3), 11000.0, 1e-9);
    sl_pt at = sl_path_point_at(path, 3, 8000.0);
    assert_int_equal(at.x, IN(3));
    assert_int_equal(at.y, IN(7));
    at = sl_path_point_at(path, 3, 1e9);
    assert_int_equal(at.y, IN(10));
    assert_float_equal(sl_path_length(path, 1), 0.0, 0.0);
}

static void test_enclosing_circle(void **state)
{
    (void)state;
    /* two points: the diameter */
    sl_pt two[2] = {P(0, 0), P(6, 0)};
    sl_mec m = sl_min_enclosing_circle(two, 2);
    assert_float_equal(m.r, 3000.0, 1e-9);
    assert_float_equal(m.cx, 3000.0, 1e-9);
    /* exactly 6" apart fits a 6" circle; one mil more does not */
    assert_true(sl_points_fit_circle(two, 2, IN(3)));
    sl_pt two_b[2] = {P(0, 0), sl_pt_make(6001, 0)};
    assert_false(sl_points_fit_circle(two_b, 2, IN(3)));
    /* a right triangle: the hypotenuse is the diameter */
    sl_pt right[3] = {P(0, 0), P(6, 0), P(0, 8)};
    m = sl_min_enclosing_circle(right, 3);
    assert_float_equal(m.r, 5000.0, 1e-6);
    /* an equilateral triangle of side 3*sqrt(3): circumradius 3 */
    sl_pt eq[3] = {P(0, 0), sl_pt_make(5196, 0), sl_pt_make(2598, 4500)};
    m = sl_min_enclosing_circle(eq, 3);
    assert_int_equal(m.nsupport, 3);
    assert_float_equal(m.r, 3000.0, 1.0);
    /* an obtuse triangle: the longest side decides, not the circumcircle */
    sl_pt obtuse[3] = {P(0, 0), P(10, 0), P(5, 1)};
    m = sl_min_enclosing_circle(obtuse, 3);
    assert_float_equal(m.r, 5000.0, 1e-6);
    /* collinear points */
    sl_pt line[4] = {P(1, 1), P(2, 2), P(5, 5), P(3, 3)};
    m = sl_min_enclosing_circle(line, 4);
    assert_float_equal(m.r, sl_dist(P(1, 1), P(5, 5)) / 2, 1e-6);
    /* a square of 8 figures in two rows 1.3" apart */
    sl_pt sq[8];
    for (int i = 0; i < 8; i++)
        sq[i] = P(1.3 * (i % 4), 1.3 * (i / 4));
    m = sl_min_enclosing_circle(sq, 8);
    for (int i = 0; i < 8; i++)
        assert_true(sl_dist(sq[i], sl_pt_make((int32_t)m.cx, (int32_t)m.cy)) <= m.r + 2);
    assert_true(sl_points_fit_circle(sq, 8, IN(3)));
    assert_false(sl_points_fit_circle(sq, 8, IN(2)));
}

static void test_circles_and_bases(void **state)
{
    (void)state;
    sl_circle c = {P(10, 10), IN(3)};
    /* a base whose edge just reaches the template */
    assert_true(sl_circle_touches_base(c, P(13.5, 10), 500));
    assert_false(sl_circle_touches_base(c, sl_pt_make(13501, 10000), 500));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_inches_and_mils), cmocka_unit_test(test_distances),
        cmocka_unit_test(test_segments),        cmocka_unit_test(test_polygons),
        cmocka_unit_test(test_triangulation),   cmocka_unit_test(test_paths),
        cmocka_unit_test(test_enclosing_circle), cmocka_unit_test(test_circles_and_bases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
