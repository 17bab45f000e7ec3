/* Table geometry: exact integer predicates on mil coordinates. */
#include "sightline/geom.h"

#include <math.h>
#include <stddef.h>

__extension__ typedef __int128 sl_i128;
__extension__ typedef unsigned __int128 sl_u128;

/* Coordinates are kept within +-1e8 mils (100,000 inches) so that every
 * product of two coordinate differences fits in 64 bits with room over. */
#define SL_COORD_LIMIT 100000000.0

bool sl_inches_to_mils(double inches, int32_t *out)
{
    if (!isfinite(inches))
        return false;
    double m = inches * SL_MILS_PER_INCH;
    if (m > SL_COORD_LIMIT || m < -SL_COORD_LIMIT)
        return false;
    *out = (int32_t)lround(m);
    return true;
}

double sl_mils_to_inches(double mils)
{
    return mils / SL_MILS_PER_INCH;
}

int64_t sl_cross(sl_pt o, sl_pt a, sl_pt b)
{
    int64_t ax = (int64_t)a.x - o.x, ay = (int64_t)a.y - o.y;
    int64_t bx = (int64_t)b.x - o.x, by = (int64_t)b.y - o.y;
    return ax * by - ay * bx;
}

int sl_orient(sl_pt o, sl_pt a, sl_pt b)
{
    int64_t c = sl_cross(o, a, b);
    return (c > 0) - (c < 0);
}

int64_t sl_dist2(sl_pt a, sl_pt b)
{
    int64_t dx = (int64_t)a.x - b.x, dy = (int64_t)a.y - b.y;
    return dx * dx + dy * dy;
}

double sl_dist(sl_pt a, sl_pt b)
{
    return sqrt((double)sl_dist2(a, b));
}

bool sl_within(sl_pt a, sl_pt b, int32_t r)
{
    if (r < 0)
        return false;
    return sl_dist2(a, b) <= (int64_t)r * r;
}

/* p lies within the bounding box of segment ab (used once collinear). */
static bool in_box(sl_pt a, sl_pt b, sl_pt p)
{
    int32_t lox = a.x < b.x ? a.x : b.x, hix = a.x < b.x ? b.x : a.x;
    int32_t loy = a.y < b.y ? a.y : b.y, hiy = a.y < b.y ? b.y : a.y;
    return p.x >= lox && p.x <= hix && p.y >= loy && p.y <= hiy;
}

bool sl_seg_intersects(sl_pt a, sl_pt b, sl_pt c, sl_pt d)
{
    int o1 = sl_orient(a, b, c), o2 = sl_orient(a, b, d);
    int o3 = sl_orient(c, d, a), o4 = sl_orient(c, d, b);
    if (o1 * o2 < 0 && o3 * o4 < 0)
        return true; /* a proper crossing */
    /* Touching or collinear: some endpoint lies on the other segment. */
    if (o1 == 0 && in_box(a, b, c))
        return true;
    if (o2 == 0 && in_box(a, b, d))
        return true;
    if (o3 == 0 && in_box(c, d, a))
        return true;
    if (o4 == 0 && in_box(c, d, b))
        return true;
    return false;
}

/* Parameter of p's projection on ab (ab non-degenerate). */
static double param_on(sl_pt a, sl_pt b, sl_pt p)
{
    double dx = (double)b.x - a.x, dy = (double)b.y - a.y;
    double len2 = dx * dx + dy * dy;
    if (len2 == 0.0)
        return 0.0;
    return (((double)p.x - a.x) * dx + ((double)p.y - a.y) * dy) / len2;
}

bool sl_seg_intersection(sl_pt a, sl_pt b, sl_pt c, sl_pt d, double *t)
{
    if (!sl_seg_intersects(a, b, c, d))
        return false;
    int64_t den = ((int64_t)b.x - a.x) * ((int64_t)d.y - c.y) -
                  ((int64_t)b.y - a.y) * ((int64_t)d.x - c.x);
    double tt;
    if (den != 0) {
        int64_t num = ((int64_t)c.x - a.x) * ((int64_t)d.y - c.y) -
                      ((int64_t)c.y - a.y) * ((int64_t)d.x - c.x);
        tt = (double)num / (double)den;
    } else {
        /* Collinear overlap: the first shared point along ab. */
        if (a.x == b.x && a.y == b.y) {
            tt = 0.0;
        } else {
            double tc = param_on(a, b, c), td = param_on(a, b, d);
            double lo = tc < td ? tc : td;
            tt = lo < 0.0 ? 0.0 : lo;
        }
    }
    if (tt < 0.0)
        tt = 0.0;
    if (tt > 1.0)
        tt = 1.0;
    if (t)
        *t = tt;
    return true;
}

double sl_seg_point_dist2(sl_pt a, sl_pt b, sl_pt p)
{
    double t = param_on(a, b, p);
    if (t < 0.0)
        t = 0.0;
    if (t > 1.0)
        t = 1.0;
    double qx = a.x + t * ((double)b.x - a.x), qy = a.y + t * ((double)b.y - a.y);
    double dx = p.x - qx, dy = p.y - qy;
    return dx * dx + dy * dy;
}

bool sl_seg_within(sl_pt a, sl_pt b, sl_pt p, int32_t r)
{
    if (r < 0)
        return false;
    sl_i128 r2 = (sl_i128)r * r;
    int64_t abx = (int64_t)b.x - a.x, aby = (int64_t)b.y - a.y;
    int64_t apx = (int64_t)p.x - a.x, apy = (int64_t)p.y - a.y;
    sl_i128 dot = (sl_i128)abx * apx + (sl_i128)aby * apy;
    sl_i128 len2 = (sl_i128)abx * abx + (sl_i128)aby * aby;
    if (dot <= 0 || len2 == 0)
        return (sl_i128)sl_dist2(a, p) <= r2;
    if (dot >= len2)
        return (sl_i128)sl_dist2(b, p) <= r2;
    /* the foot of the perpendicular lies inside ab: compare
     * cross^2 / len2 <= r^2 without dividing */
    const int64_t lim = (int64_t)1 << 30;
    if (abx >= lim || abx <= -lim || aby >= lim || aby <= -lim || apx >= lim || apx <= -lim || apy >= lim ||
        apy <= -lim || r >= lim)
        return sl_seg_point_dist2(a, b, p) <= (double)r * r; /* far beyond any table */
    sl_i128 cr = (sl_i128)abx * apy - (sl_i128)aby * apx;
    if (cr < 0)
        cr = -cr;
    /* every factor below 2^62, every product below 2^124 */
    return (sl_u128)cr * (sl_u128)cr <= (sl_u128)r2 * (sl_u128)len2;
}

int64_t sl_poly_area2(const sl_pt *v, int n)
{
    int64_t s = 0;
    for (int i = 0; i < n; i++) {
        sl_pt a = v[i], b = v[i + 1 < n ? i + 1 : 0];
        s += (int64_t)a.x * b.y - (int64_t)b.x * a.y;
    }
    return s;
}

double sl_poly_area(const sl_pt *v, int n)
{
    double a = (double)sl_poly_area2(v, n) / 2.0;
    return a < 0 ? -a : a;
}

sl_inside sl_poly_contains(const sl_pt *v, int n, sl_pt p)
{
    int wn = 0;
    for (int i = 0; i < n; i++) {
        sl_pt a = v[i], b = v[(i + 1) % n];
        int64_t c = sl_cross(a, b, p);
        if (c == 0 && in_box(a, b, p))
            return SL_ON_BOUNDARY;
        if (a.y <= p.y) {
            if (b.y > p.y && c > 0)
                wn++;
        } else {
            if (b.y <= p.y && c < 0)
                wn--;
        }
    }
    return wn != 0 ? SL_INSIDE : SL_OUTSIDE;
}

bool sl_poly_is_simple(const sl_pt *v, int n, int *bad_edge)
{
    if (bad_edge)
        *bad_edge = -1;
    if (n < 3)
        return false;
    for (int i = 0; i < n; i++) {
        sl_pt a = v[i], b = v[(i + 1) % n];
        if (a.x == b.x && a.y == b.y) {
            if (bad_edge)
                *bad_edge = i;
            return false;
        }
    }
    /* Crossings first: a bow tie has zero area but its fault is the
     * crossing, and that is what a map maker needs to hear. */
    for (int i = 0; i < n; i++) {
        sl_pt a = v[i], b = v[(i + 1) % n];
        for (int j = i + 1; j < n; j++) {
            sl_pt c = v[j], d = v[(j + 1) % n];
            bool adjacent = (j == i + 1) || (i == 0 && j == n - 1);
            if (adjacent) {
                /* Neighbours share one vertex; they must not fold back
                 * over each other. */
                sl_pt shared = (j == i + 1) ? b : a;
                sl_pt other1 = (j == i + 1) ? a : b;
                sl_pt other2 = (j == i + 1) ? d : c;
                if (sl_cross(shared, other1, other2) == 0) {
                    int64_t dot = ((int64_t)other1.x - shared.x) * ((int64_t)other2.x - shared.x) +
                                  ((int64_t)other1.y - shared.y) * ((int64_t)other2.y - shared.y);
                    if (dot > 0) {
                        if (bad_edge)
                            *bad_edge = i;
                        return false;
                    }
                }
                continue;
            }
            if (sl_seg_intersects(a, b, c, d)) {
                if (bad_edge)
                    *bad_edge = i;
                return false;
            }
        }
    }
    return sl_poly_area2(v, n) != 0;
}

/* Is p inside or on triangle abc (abc counter-clockwise, y up)? */
static bool in_triangle(sl_pt a, sl_pt b, sl_pt c, sl_pt p)
{
    return sl_cross(a, b, p) >= 0 && sl_cross(b, c, p) >= 0 && sl_cross(c, a, p) >= 0;
}

int sl_poly_triangulate(const sl_pt *v, int n, int *tri, int *idx)
{
    if (n < 3)
        return 0;
    bool ccw = sl_poly_area2(v, n) > 0;
    for (int i = 0; i < n; i++)
        idx[i] = ccw ? i : n - 1 - i;
    int m = n, out = 0, i = 0, stall = 0;
    while (m > 3 && stall < m) {
        int ip = idx[(i + m - 1) % m], ic = idx[i], in = idx[(i + 1) % m];
        sl_pt a = v[ip], b = v[ic], c = v[in];
        int64_t turn = sl_cross(a, b, c);
        bool ear = turn == 0; /* a straight vertex: drop it, no area lost */
        if (turn > 0) {
            ear = true;
            for (int k = 0; k < m && ear; k++) {
                int q = idx[k];
                if (q == ip || q == ic || q == in)
                    continue;
                sl_pt p = v[q];
                bool corner = (p.x == a.x && p.y == a.y) || (p.x == b.x && p.y == b.y) ||
                              (p.x == c.x && p.y == c.y);
                if (!corner && in_triangle(a, b, c, p))
                    ear = false;
            }
        }
        if (!ear) {
            i = (i + 1) % m;
            stall++;
            continue;
        }
        if (turn != 0) {
            tri[3 * out] = ip;
            tri[3 * out + 1] = ic;
            tri[3 * out + 2] = in;
            out++;
        }
        for (int k = i; k < m - 1; k++)
            idx[k] = idx[k + 1];
        m--;
        stall = 0;
        /* Step back so the neighbour that just changed is tried again. */
        i = (i + m - 1) % m;
    }
    /* What is left is a triangle, or (for a polygon that is not simple
     * after all) a fan, so that something is still drawn. */
    for (int k = 1; k + 1 < m; k++) {
        if (sl_cross(v[idx[0]], v[idx[k]], v[idx[k + 1]]) == 0)
            continue;
        tri[3 * out] = idx[0];
        tri[3 * out + 1] = idx[k];
        tri[3 * out + 2] = idx[k + 1];
        out++;
    }
    return out;
}

void sl_poly_bounds(const sl_pt *v, int n, sl_pt *lo, sl_pt *hi)
{
    sl_pt l = v[0], h = v[0];
    for (int i = 1; i < n; i++) {
        if (v[i].x < l.x) l.x = v[i].x;
        if (v[i].y < l.y) l.y = v[i].y;
        if (v[i].x > h.x) h.x = v[i].x;
        if (v[i].y > h.y) h.y = v[i].y;
    }
    *lo = l;
    *hi = h;
}

bool sl_poly_touches_segment(const sl_pt *v, int n, sl_pt a, sl_pt b)
{
    if (sl_poly_contains(v, n, a) != SL_OUTSIDE || sl_poly_contains(v, n, b) != SL_OUTSIDE)
        return true;
    for (int i = 0; i < n; i++)
        if (sl_seg_intersects(a, b, v[i], v[(i + 1) % n]))
            return true;
    return false;
}

double sl_path_length(const sl_pt *v, int n)
{
    double s = 0.0;
    for (int i = 0; i + 1 < n; i++)
        s += sl_dist(v[i], v[i + 1]);
    return s;
}

sl_pt sl_path_point_at(const sl_pt *v, int n, double d)
{
    if (n <= 0)
        return sl_pt_make(0, 0);
    if (d <= 0.0)
        return v[0];
    for (int i = 0; i + 1 < n; i++) {
        double leg = sl_dist(v[i], v[i + 1]);
        if (d <= leg && leg > 0.0) {
            double t = d / leg;
            return sl_pt_make((int32_t)lround(v[i].x + t * ((double)v[i + 1].x - v[i].x)),
                              (int32_t)lround(v[i].y + t * ((double)v[i + 1].y - v[i].y)));
        }
        d -= leg;
    }
    return v[n - 1];
}

double sl_path_nearest(const sl_pt *v, int n, sl_pt p, double *dist2)
{
    double acc = 0, best = 1e300, along = 0;
    for (int i = 0; i + 1 < n; i++) {
        double seg = sl_dist(v[i], v[i + 1]);
        double d2 = sl_seg_point_dist2(v[i], v[i + 1], p);
        if (d2 < best) {
            best = d2;
            double t = seg > 0 ? ((double)(p.x - v[i].x) * (v[i + 1].x - v[i].x) +
                                  (double)(p.y - v[i].y) * (v[i + 1].y - v[i].y)) /
                                     (seg * seg)
                               : 0;
            t = t < 0 ? 0 : t > 1 ? 1 : t;
            along = acc + t * seg;
        }
        acc += seg;
    }
    if (dist2)
        *dist2 = best;
    return along;
}

double sl_base_edge_dist(sl_pt a, int32_t ra, sl_pt b, int32_t rb)
{
    double d = sl_dist(a, b) - ra - rb;
    return d > 0.0 ? d : 0.0;
}

bool sl_base_edges_within(sl_pt a, int32_t ra, sl_pt b, int32_t rb, int32_t gap)
{
    int64_t reach = (int64_t)ra + rb + gap;
    if (reach < 0)
        return false;
    return sl_dist2(a, b) <= reach * reach;
}

bool sl_circle_touches_base(sl_circle c, sl_pt base, int32_t base_r)
{
    int64_t reach = (int64_t)c.r + base_r;
    return sl_dist2(c.c, base) <= reach * reach;
}

/* --- minimal enclosing circle ------------------------------------------ */

static bool mec_holds(const sl_mec *m, sl_pt p)
{
    double dx = p.x - m->cx, dy = p.y - m->cy;
    /* A tolerance far below one mil; exact decisions are made by
     * sl_points_fit_circle on the support points. */
    return sqrt(dx * dx + dy * dy) <= m->r + 1e-7 * (1.0 + m->r);
}

static sl_mec mec_two(const sl_pt *p, int i, int j)
{
    sl_mec m;
    m.cx = ((double)p[i].x + p[j].x) / 2.0;
    m.cy = ((double)p[i].y + p[j].y) / 2.0;
    m.r = sl_dist(p[i], p[j]) / 2.0;
    m.support[0] = i;
    m.support[1] = j;
    m.support[2] = -1;
    m.nsupport = 2;
    return m;
}

static sl_mec mec_three(const sl_pt *p, int i, int j, int k)
{
    sl_pt a = p[i], b = p[j], c = p[k];
    int64_t d2 = 2 * sl_cross(a, b, c);
    if (d2 == 0) {
        /* Collinear: the farthest pair is the diameter. */
        int64_t ab = sl_dist2(a, b), ac = sl_dist2(a, c), bc = sl_dist2(b, c);
        if (ab >= ac && ab >= bc)
            return mec_two(p, i, j);
        if (ac >= bc)
            return mec_two(p, i, k);
        return mec_two(p, j, k);
    }
    double bx = (double)b.x - a.x, by = (double)b.y - a.y;
    double cx = (double)c.x - a.x, cy = (double)c.y - a.y;
    double b2 = bx * bx + by * by, c2 = cx * cx + cy * cy;
    double ux = (cy * b2 - by * c2) / (double)d2;
    double uy = (bx * c2 - cx * b2) / (double)d2;
    sl_mec m;
    m.cx = a.x + ux;
    m.cy = a.y + uy;
    m.r = sqrt(ux * ux + uy * uy);
    m.support[0] = i;
    m.support[1] = j;
    m.support[2] = k;
    m.nsupport = 3;
    return m;
}

sl_mec sl_min_enclosing_circle(const sl_pt *p, int n)
{
    sl_mec m = {0.0, 0.0, 0.0, {-1, -1, -1}, 0};
    if (n <= 0)
        return m;
    m.cx = p[0].x;
    m.cy = p[0].y;
    m.support[0] = 0;
    m.nsupport = 1;
    for (int i = 1; i < n; i++) {
        if (mec_holds(&m, p[i]))
            continue;
        m.cx = p[i].x;
        m.cy = p[i].y;
        m.r = 0.0;
        m.support[0] = i;
        m.support[1] = m.support[2] = -1;
        m.nsupport = 1;
        for (int j = 0; j < i; j++) {
            if (mec_holds(&m, p[j]))
                continue;
            m = mec_two(p, i, j);
            for (int k = 0; k < j; k++) {
                if (mec_holds(&m, p[k]))
                    continue;
                m = mec_three(p, i, j, k);
            }
        }
    }
    return m;
}

bool sl_points_fit_circle(const sl_pt *p, int n, int32_t r)
{
    if (r < 0)
        return false;
    if (n <= 1)
        return true;
    sl_mec m = sl_min_enclosing_circle(p, n);
    /* Far from the boundary the double answer is certain. */
    double margin = 1e-6 * (1.0 + r);
    if (m.r < r - margin)
        return true;
    if (m.r > r + margin)
        return false;
    if (m.nsupport == 1)
        return true;
    if (m.nsupport == 2) {
        int64_t d2 = sl_dist2(p[m.support[0]], p[m.support[1]]);
        return (sl_i128)d2 <= (sl_i128)4 * r * r;
    }
    /* R^2 = a^2 b^2 c^2 / (4 (2K)^2), so R <= r exactly when
     * a^2 b^2 c^2 <= 4 r^2 (2K)^2. Near the boundary the support points lie
     * within 2r of each other, so for r up to 1000 inches both sides stay
     * below 2^127. */
    if (r > 1000000)
        return m.r <= r;
    sl_pt a = p[m.support[0]], b = p[m.support[1]], c = p[m.support[2]];
    sl_i128 a2 = sl_dist2(b, c), b2 = sl_dist2(a, c), c2 = sl_dist2(a, b);
    sl_i128 k2 = sl_cross(a, b, c);
    if (k2 < 0)
        k2 = -k2;
    sl_i128 left = a2 * b2 * c2;
    sl_i128 right = (sl_i128)4 * r * r * k2 * k2;
    return left <= right;
}
