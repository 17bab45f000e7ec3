/* sightline: table geometry in integer thousandths of an inch ("mils").
 *
 * Every rule predicate (inside a circle, within N inches, do two segments
 * cross) is decided with exact integer arithmetic on these coordinates;
 * doubles are only used for quantities shown to people (a distance printed
 * as 12.35") and for the centre of a minimal enclosing circle.
 *
 * Coordinates follow the Tiled convention: x grows to the right, y grows
 * down, (0,0) is the table's top-left corner.
 */
#ifndef SIGHTLINE_GEOM_H
#define SIGHTLINE_GEOM_H

#include <stdbool.h>
#include <stdint.h>

#define SL_MILS_PER_INCH 1000
/* 25 mm, the default round base, is 0.984 inch. */
#define SL_BASE_25MM_DIAMETER 984

typedef struct sl_pt {
    int32_t x;
    int32_t y;
} sl_pt;

/* A circle with an exact integer centre and radius. */
typedef struct sl_circle {
    sl_pt c;
    int32_t r;
} sl_circle;

/* A minimal enclosing circle. The centre may fall between mils, so it is
 * held in doubles; `support` names the two or three input points that
 * define it, so predicates on it can be decided exactly. */
typedef struct sl_mec {
    double cx, cy, r;
    int support[3];
    int nsupport;
} sl_mec;

typedef enum sl_inside {
    SL_OUTSIDE = 0,
    SL_INSIDE = 1,
    SL_ON_BOUNDARY = 2
} sl_inside;

static inline sl_pt sl_pt_make(int32_t x, int32_t y)
{
    sl_pt p = {x, y};
    return p;
}

/* Inches (as read from a file) to mils, rounded to the nearest mil.
 * Returns false when the value is not finite or would not fit. */
bool sl_inches_to_mils(double inches, int32_t *out);
double sl_mils_to_inches(double mils);

/* Twice the signed area of triangle o,a,b: positive when a->b turns
 * counter-clockwise in a y-up frame (clockwise on screen, y down). */
int64_t sl_cross(sl_pt o, sl_pt a, sl_pt b);
/* -1, 0 or 1: the sign of sl_cross. */
int sl_orient(sl_pt o, sl_pt a, sl_pt b);

int64_t sl_dist2(sl_pt a, sl_pt b);
/* Euclidean distance in mils. */
double sl_dist(sl_pt a, sl_pt b);
/* Exact: is |ab| <= r (mils)? */
bool sl_within(sl_pt a, sl_pt b, int32_t r);

/* Segments ab and cd share at least one point (touching counts). */
bool sl_seg_intersects(sl_pt a, sl_pt b, sl_pt c, sl_pt d);
/* Segments ab and cd cross or touch; when they do, *t receives the
 * parameter along ab (0 at a, 1 at b) of the first shared point. */
bool sl_seg_intersection(sl_pt a, sl_pt b, sl_pt c, sl_pt d, double *t);
/* Squared distance from p to segment ab, in mils squared (double), for
 * showing; the rules decide with sl_seg_within. */
double sl_seg_point_dist2(sl_pt a, sl_pt b, sl_pt p);
/* Exact: is p within r mils of segment ab? */
bool sl_seg_within(sl_pt a, sl_pt b, sl_pt p, int32_t r);

/* Polygons are arrays of vertices, either winding, implicitly closed. */
int64_t sl_poly_area2(const sl_pt *v, int n); /* signed, twice the area */
double sl_poly_area(const sl_pt *v, int n);   /* square mils, unsigned */
sl_inside sl_poly_contains(const sl_pt *v, int n, sl_pt p);
/* A simple polygon: at least three vertices, no zero-length edge,
 * non-zero area and no two edges meeting except neighbours at their
 * shared vertex. On failure *bad_edge gets the first offending edge, or
 * -1 when the fault is too few points or no area. */
bool sl_poly_is_simple(const sl_pt *v, int n, int *bad_edge);
/* Ear-clipping triangulation of a simple polygon of either winding.
 * `tri` must hold 3*(n-2) ints; `scratch` must hold n ints. Returns the
 * number of triangles written (n-2 on success). */
int sl_poly_triangulate(const sl_pt *v, int n, int *tri, int *scratch);
void sl_poly_bounds(const sl_pt *v, int n, sl_pt *lo, sl_pt *hi);
/* Does segment ab touch or cross the polygon (its outline or interior)? */
bool sl_poly_touches_segment(const sl_pt *v, int n, sl_pt a, sl_pt b);

/* Sum of the legs of an open polyline, in mils. */
double sl_path_length(const sl_pt *v, int n);
/* The point at distance `d` (mils) along an open polyline, clamped. */
sl_pt sl_path_point_at(const sl_pt *v, int n, double d);
/* The point of an open polyline nearest p: how far along it (mils), and
 * (dist2, may be NULL) its squared distance from p (1e300 for fewer than
 * two points). */
double sl_path_nearest(const sl_pt *v, int n, sl_pt p, double *dist2);

/* Distance between two round bases: centre to centre, and nearest edge
 * to nearest edge (0 when the bases touch or overlap). */
double sl_base_edge_dist(sl_pt a, int32_t ra, sl_pt b, int32_t rb);
/* Is the nearest-edge gap between two bases <= gap (mils)? Exact. */
bool sl_base_edges_within(sl_pt a, int32_t ra, sl_pt b, int32_t rb,
                          int32_t gap);
/* Does a circle touch or overlap a round base? Exact. */
bool sl_circle_touches_base(sl_circle c, sl_pt base, int32_t base_r);

/* Minimal enclosing circle of n >= 1 points (Welzl, iterative). */
sl_mec sl_min_enclosing_circle(const sl_pt *p, int n);
/* Exact: do all n points fit inside some circle of radius r (mils)? */
bool sl_points_fit_circle(const sl_pt *p, int n, int32_t r);

#endif
