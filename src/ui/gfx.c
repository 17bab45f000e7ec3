/* Drawing primitives; see gfx.h. Everything is drawn as triangles with
 * SDL_RenderGeometry, which the software renderer rasterises the same way
 * every run. */
#include "gfx.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define BATCH 1024

typedef struct batch {
    SDL_Vertex v[BATCH];
    int idx[BATCH * 3 / 2];
    int nv, ni;
} batch;

/* The tiles marked by what is drawn (gfx_mark_to), or none. */
static struct {
    uint8_t *tiles;
    int cols, rows, size;
} marks;

void gfx_mark_to(uint8_t *tiles, int cols, int rows, int size)
{
    marks.tiles = tiles;
    marks.cols = cols;
    marks.rows = rows;
    marks.size = size;
}

/* Mark the tiles the box (x0, y0)-(x1, y1) in the viewport's pixels may
 * touch, within the clip (w 0: none), in the target's pixels (the
 * viewport vp's offset added); two pixels' margin for the rasteriser's
 * rounding. */
static void mark_in(const SDL_Rect *vp, const SDL_Rect *clip, float x0, float y0, float x1, float y1)
{
    x0 -= 2, y0 -= 2, x1 += 2, y1 += 2;
    if (clip->w > 0 && clip->h > 0) {
        x0 = fmaxf(x0, (float)clip->x), y0 = fmaxf(y0, (float)clip->y);
        x1 = fminf(x1, (float)(clip->x + clip->w)), y1 = fminf(y1, (float)(clip->y + clip->h));
    }
    if (!(x1 > x0 && y1 > y0))
        return;
    float sz = (float)marks.size;
    int c0 = (int)floorf((x0 + (float)vp->x) / sz), c1 = (int)floorf((x1 + (float)vp->x) / sz);
    int r0 = (int)floorf((y0 + (float)vp->y) / sz), r1 = (int)floorf((y1 + (float)vp->y) / sz);
    c0 = c0 < 0 ? 0 : c0, r0 = r0 < 0 ? 0 : r0;
    c1 = c1 >= marks.cols ? marks.cols - 1 : c1, r1 = r1 >= marks.rows ? marks.rows - 1 : r1;
    for (int r = r0; r <= r1; r++)
        for (int c = c0; c <= c1; c++)
            marks.tiles[r * marks.cols + c] = 1;
}

static void mark_box(SDL_Renderer *ren, float x0, float y0, float x1, float y1)
{
    if (!marks.tiles)
        return;
    SDL_Rect vp, clip;
    SDL_RenderGetViewport(ren, &vp);
    SDL_RenderGetClipRect(ren, &clip);
    mark_in(&vp, &clip, x0, y0, x1, y1);
}

/* Mark what each triangle of idx covers (gfx_mark_to). */
static void mark_triangles(SDL_Renderer *ren, const SDL_Vertex *v, const int *idx, int ni)
{
    if (!marks.tiles)
        return;
    if (!idx) { /* not drawn here so: everything counted as drawn */
        memset(marks.tiles, 1, (size_t)marks.cols * (size_t)marks.rows);
        return;
    }
    SDL_Rect vp, clip;
    SDL_RenderGetViewport(ren, &vp);
    SDL_RenderGetClipRect(ren, &clip);
    for (int t = 0; t + 2 < ni; t += 3) {
        float x0 = v[idx[t]].position.x, x1 = x0, y0 = v[idx[t]].position.y, y1 = y0;
        for (int i = 1; i < 3; i++) {
            const SDL_FPoint *p = &v[idx[t + i]].position;
            x0 = fminf(x0, p->x), x1 = fmaxf(x1, p->x), y0 = fminf(y0, p->y), y1 = fmaxf(y1, p->y);
        }
        mark_in(&vp, &clip, x0, y0, x1, y1);
    }
}

static SDL_Color col(sl_rgba c)
{
    SDL_Color s = {c.r, c.g, c.b, c.a};
    return s;
}

/* SDL 2.26's software renderer looks for pairs of triangles that form a
 * rectangle and sometimes takes two unrelated neighbours for one, losing a
 * triangle (seen with long thin terrain polygons). Submitting one triangle
 * per call there avoids that path where a batch holds a pair it could
 * take (whole_batch_safe); other renderers take whole batches. */
static bool one_at_a_time(SDL_Renderer *ren)
{
    SDL_RendererInfo info;
    return SDL_GetRendererInfo(ren, &info) == 0 && (info.flags & SDL_RENDERER_SOFTWARE);
}

/* Opaque colours are written without blending: the same pixels, but the
 * software renderer then fills straight into the target instead of
 * filling a scratch surface the size of each triangle's box and blending
 * it in. */
static void opaque_begin(SDL_Renderer *ren, uint8_t alpha, SDL_BlendMode *was)
{
    SDL_GetRenderDrawBlendMode(ren, was);
    if (alpha == 255)
        SDL_SetRenderDrawBlendMode(ren, SDL_BLENDMODE_NONE);
}

static void opaque_end(SDL_Renderer *ren, SDL_BlendMode was)
{
    SDL_SetRenderDrawBlendMode(ren, was);
}

static bool same_pos(const SDL_Vertex *a, const SDL_Vertex *b)
{
    return a->position.x == b->position.x && a->position.y == b->position.y;
}

/* Could that search take the triangles a and b for a rectangle? Only if
 * they share two corners and two of their distinct corners line up
 * exactly on an axis (asked conservatively: any such pair). */
static bool rect_like(const SDL_Vertex *v, const int *a, const int *b)
{
    int shared = 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            shared += a[i] == b[j] || same_pos(&v[a[i]], &v[b[j]]);
    if (shared < 2)
        return false;
    const SDL_Vertex *p[6] = {&v[a[0]], &v[a[1]], &v[a[2]], &v[b[0]], &v[b[1]], &v[b[2]]};
    for (int i = 0; i < 6; i++)
        for (int j = i + 1; j < 6; j++)
            if (!same_pos(p[i], p[j]) && (p[i]->position.x == p[j]->position.x || p[i]->position.y == p[j]->position.y))
                return true;
    return false;
}

/* May opaque triangles go to the software renderer in one call? Yes when
 * no two in a row could be taken for a rectangle: each is then filled as
 * it would be alone (the same pixels), without a call apiece. (Blended
 * ones not: a call's triangles are blended in as one, so where two
 * overlap the pixels differ.) */
static bool whole_batch_safe(const SDL_Vertex *v, const int *idx, int ni)
{
    for (int i = 3; i + 2 < ni; i += 3)
        if (rect_like(v, idx + i - 3, idx + i))
            return false;
    return true;
}

/* Does triangle t reach into r (two pixels' margin)? One that does not
 * draws nothing there. */
static bool touches(const SDL_Vertex *v, const int *t, const SDL_Rect *r)
{
    float x0 = v[t[0]].position.x, x1 = x0, y0 = v[t[0]].position.y, y1 = y0;
    for (int i = 1; i < 3; i++) {
        x0 = fminf(x0, v[t[i]].position.x);
        x1 = fmaxf(x1, v[t[i]].position.x);
        y0 = fminf(y0, v[t[i]].position.y);
        y1 = fmaxf(y1, v[t[i]].position.y);
    }
    return x1 >= r->x - 2 && x0 <= r->x + r->w + 2 && y1 >= r->y - 2 && y0 <= r->y + r->h + 2;
}

static void geometry_all(SDL_Renderer *ren, const SDL_Vertex *v, int nv, const int *idx, int ni);

/* Would every triangle within `out` of (cx, cy) be left out by
 * geometry below (a clip set, none reaching into it)? A shape wholly off
 * a pan's strip then costs nothing, not its every triangle's test. */
static bool cull_clip(SDL_Renderer *ren, SDL_Rect *clip)
{
    SDL_RenderGetClipRect(ren, clip);
    return clip->w > 0 && clip->h > 0 && one_at_a_time(ren);
}

static bool box_off(const SDL_Rect *clip, float x0, float y0, float x1, float y1, float out)
{
    out += 1 + (fabsf(x0) + fabsf(y0) + fabsf(x1) + fabsf(y1) + out) * 1e-5f; /* the corners' rounding */
    return !(x1 + out >= clip->x - 2 && x0 - out <= clip->x + clip->w + 2 && y1 + out >= clip->y - 2 &&
             y0 - out <= clip->y + clip->h + 2);
}

static bool box_off_clip(SDL_Renderer *ren, float cx, float cy, float out)
{
    SDL_Rect clip;
    return cull_clip(ren, &clip) && box_off(&clip, cx, cy, cx, cy, out);
}

/* The triangles that reach into the clip, if one is set: a strip of a
 * layer drawn after a pan is not charged for the whole layer's. */
static void geometry(SDL_Renderer *ren, const SDL_Vertex *v, int nv, const int *idx, int ni)
{
    SDL_Rect clip;
    SDL_RenderGetClipRect(ren, &clip);
    if (clip.w <= 0 || clip.h <= 0 || !one_at_a_time(ren)) {
        geometry_all(ren, v, nv, idx, ni);
        return;
    }
    int stack[1536];
    int *in = ni <= 1536 ? stack : malloc(sizeof(int) * (size_t)ni);
    if (!in) {
        geometry_all(ren, v, nv, idx, ni);
        return;
    }
    int n = 0;
    for (int i = 0; i + 2 < ni; i += 3)
        if (touches(v, idx + i, &clip)) {
            in[n++] = idx[i];
            in[n++] = idx[i + 1];
            in[n++] = idx[i + 2];
        }
    if (n > 0)
        geometry_all(ren, v, nv, in, n);
    if (in != stack)
        free(in);
}

static void geometry_all(SDL_Renderer *ren, const SDL_Vertex *v, int nv, const int *idx, int ni)
{
    SDL_BlendMode was;
    mark_triangles(ren, v, idx, ni);
    opaque_begin(ren, v[0].color.a, &was);
    if (ni <= 3 || !one_at_a_time(ren) || (v[0].color.a == 255 && whole_batch_safe(v, idx, ni))) {
        SDL_RenderGeometry(ren, NULL, v, nv, idx, ni);
    } else {
        for (int i = 0; i + 2 < ni; i += 3)
            SDL_RenderGeometry(ren, NULL, v, nv, idx + i, 3);
    }
    opaque_end(ren, was);
}

static void flush(SDL_Renderer *ren, batch *b)
{
    if (b->ni > 0)
        geometry(ren, b->v, b->nv, b->idx, b->ni);
    b->nv = b->ni = 0;
}

/* Append a quad (two triangles). */
static void quad(SDL_Renderer *ren, batch *b, float x0, float y0, float x1, float y1, float x2, float y2,
                 float x3, float y3, sl_rgba c)
{
    if (b->nv + 4 > BATCH || b->ni + 6 > (int)(sizeof b->idx / sizeof b->idx[0]))
        flush(ren, b);
    SDL_Color s = col(c);
    int base = b->nv;
    float pts[8] = {x0, y0, x1, y1, x2, y2, x3, y3};
    for (int i = 0; i < 4; i++) {
        SDL_Vertex *v = &b->v[b->nv++];
        v->position.x = pts[2 * i];
        v->position.y = pts[2 * i + 1];
        v->color = s;
        v->tex_coord.x = v->tex_coord.y = 0;
    }
    int q[6] = {0, 1, 2, 0, 2, 3};
    for (int i = 0; i < 6; i++)
        b->idx[b->ni++] = base + q[i];
}

void gfx_triangles(SDL_Renderer *ren, const float *xy, int nverts, const int *idx, int nidx, sl_rgba c)
{
    if (nverts <= 0 || nidx <= 0)
        return;
    SDL_Vertex stackv[256];
    SDL_Vertex *v = nverts <= 256 ? stackv : malloc(sizeof(SDL_Vertex) * (size_t)nverts);
    if (!v)
        return;
    SDL_Color s = col(c);
    for (int i = 0; i < nverts; i++) {
        v[i].position.x = xy[2 * i];
        v[i].position.y = xy[2 * i + 1];
        v[i].color = s;
        v[i].tex_coord.x = v[i].tex_coord.y = 0;
    }
    geometry(ren, v, nverts, idx, nidx);
    if (v != stackv)
        free(v);
}

void gfx_rect(SDL_Renderer *ren, float x, float y, float w, float h, sl_rgba c)
{
    SDL_BlendMode was;
    opaque_begin(ren, c.a, &was);
    SDL_SetRenderDrawColor(ren, c.r, c.g, c.b, c.a);
    SDL_FRect r = {x, y, w, h};
    mark_box(ren, x, y, x + w, y + h);
    SDL_RenderFillRectF(ren, &r);
    opaque_end(ren, was);
}

void gfx_rect_outline(SDL_Renderer *ren, float x, float y, float w, float h, float width, sl_rgba c)
{
    batch b;
    b.nv = b.ni = 0;
    quad(ren, &b, x, y, x + w, y, x + w, y + width, x, y + width, c);
    quad(ren, &b, x, y + h - width, x + w, y + h - width, x + w, y + h, x, y + h, c);
    quad(ren, &b, x, y + width, x + width, y + width, x + width, y + h - width, x, y + h - width, c);
    quad(ren, &b, x + w - width, y + width, x + w, y + width, x + w, y + h - width, x + w - width,
         y + h - width, c);
    flush(ren, &b);
}

static void seg(SDL_Renderer *ren, batch *b, float x0, float y0, float x1, float y1, float width, sl_rgba c)
{
    float dx = x1 - x0, dy = y1 - y0;
    float len = sqrtf(dx * dx + dy * dy);
    if (len <= 0.0f)
        return;
    float nx = -dy / len * width * 0.5f, ny = dx / len * width * 0.5f;
    quad(ren, b, x0 + nx, y0 + ny, x1 + nx, y1 + ny, x1 - nx, y1 - ny, x0 - nx, y0 - ny, c);
}

/* cos and sin of 2 pi i / n as floats, i < n <= 512: the last few n
 * asked for kept (a ring's or a disc's corners, made again for every
 * base and ring, are the same each time; the same values as computed). */
#define CIRCLE_MAX 512
#define CIRCLE_SLOTS 8
static const float *unit_circle(int n)
{
    static _Thread_local float table[CIRCLE_SLOTS][2 * CIRCLE_MAX];
    static _Thread_local int has[CIRCLE_SLOTS], next;
    for (int k = 0; k < CIRCLE_SLOTS; k++)
        if (has[k] == n)
            return table[k];
    int k = next;
    next = (next + 1) % CIRCLE_SLOTS;
    for (int i = 0; i < n; i++) {
        double a = 2.0 * M_PI * i / n;
        table[k][2 * i] = (float)cos(a);
        table[k][2 * i + 1] = (float)sin(a);
    }
    has[k] = n;
    return table[k];
}

/* A disc as a fan, with enough segments to look round at its size. */
static void disc(SDL_Renderer *ren, batch *b, float cx, float cy, float r, sl_rgba c)
{
    if (!(r > 0.0f) || !isfinite(cx) || !isfinite(cy) || !isfinite(r))
        return;
    /* the segments' count from the radius clamped first: no radius, however
     * large, overflows the int */
    int n = (int)(fminf(r, 100.0f) * 1.2f) + 8;
    if (n > 96)
        n = 96;
    if (b->nv + n + 1 > BATCH || b->ni + 3 * n > (int)(sizeof b->idx / sizeof b->idx[0]))
        flush(ren, b);
    SDL_Color s = col(c);
    int centre = b->nv;
    SDL_Vertex *v = &b->v[b->nv++];
    v->position.x = cx;
    v->position.y = cy;
    v->color = s;
    v->tex_coord.x = v->tex_coord.y = 0;
    const float *cs = unit_circle(n);
    for (int i = 0; i < n; i++) {
        v = &b->v[b->nv++];
        v->position.x = cx + r * cs[2 * i];
        v->position.y = cy + r * cs[2 * i + 1];
        v->color = s;
        v->tex_coord.x = v->tex_coord.y = 0;
    }
    /* every other slice, then the rest: no two in a row share an edge, so
     * a batch of discs is never taken for rectangles (whole_batch_safe);
     * one colour, so the order leaves the pixels as they were */
    for (int k = 0; k < n; k++) {
        int i = k < (n + 1) / 2 ? 2 * k : 2 * (k - (n + 1) / 2) + 1;
        b->idx[b->ni++] = centre;
        b->idx[b->ni++] = centre + 1 + i;
        b->idx[b->ni++] = centre + 1 + (i + 1) % n;
    }
}

void gfx_line(SDL_Renderer *ren, float x0, float y0, float x1, float y1, float width, sl_rgba c)
{
    batch b;
    b.nv = b.ni = 0;
    seg(ren, &b, x0, y0, x1, y1, width, c);
    flush(ren, &b);
}

void gfx_polyline(SDL_Renderer *ren, const float *xy, int n, bool closed, float width, sl_rgba c)
{
    if (n < 2)
        return;
    batch b;
    b.nv = b.ni = 0;
    int legs = closed ? n : n - 1;
    for (int i = 0; i < legs; i++) {
        int j = (i + 1) % n;
        seg(ren, &b, xy[2 * i], xy[2 * i + 1], xy[2 * j], xy[2 * j + 1], width, c);
    }
    /* Round joins hide the notches between thick segments. Translucent
     * lines skip them so the overlaps do not show darker. */
    if (width >= 2.5f && c.a == 255) {
        int start = closed ? 0 : 1, end = closed ? n : n - 1;
        for (int i = start; i < end; i++)
            disc(ren, &b, xy[2 * i], xy[2 * i + 1], width * 0.5f, c);
    }
    flush(ren, &b);
}

void gfx_dashed(SDL_Renderer *ren, const float *xy, int n, bool closed, float width, float on, float off,
                sl_rgba c)
{
    if (n < 2 || on <= 0.0f)
        return;
    if (off < 0.0f)
        off = 0.0f;
    batch b;
    b.nv = b.ni = 0;
    int legs = closed ? n : n - 1;
    /* The dash state runs on across legs: drawing or not, and how much of
     * the current dash or gap is left. */
    bool drawing = true;
    double left = on;
    SDL_Rect clip; /* dashes wholly off a pan's strip are passed over */
    bool cull = cull_clip(ren, &clip);
    for (int i = 0; i < legs; i++) {
        int j = (i + 1) % n;
        double x0 = xy[2 * i], y0 = xy[2 * i + 1], x1 = xy[2 * j], y1 = xy[2 * j + 1];
        double dx = x1 - x0, dy = y1 - y0;
        double len = sqrt(dx * dx + dy * dy);
        if (!isfinite(len))
            continue;
        if (len > 1e7) { /* far past any screen: one stroke, not a billion dashes */
            seg(ren, &b, (float)x0, (float)y0, (float)x1, (float)y1, width, c);
            continue;
        }
        double t = 0.0;
        while (len - t > 1e-6) {
            double step = left < len - t ? left : len - t;
            if (drawing) {
                float ax = (float)(x0 + dx * t / len), ay = (float)(y0 + dy * t / len);
                float bx = (float)(x0 + dx * (t + step) / len), by = (float)(y0 + dy * (t + step) / len);
                if (!cull || !box_off(&clip, fminf(ax, bx), fminf(ay, by), fmaxf(ax, bx), fmaxf(ay, by),
                                      fabsf(width) * 0.5f))
                    seg(ren, &b, ax, ay, bx, by, width, c);
            }
            t += step;
            left -= step;
            if (left <= 1e-9) {
                drawing = !drawing || off <= 0.0f;
                left = drawing ? on : off;
            }
        }
    }
    flush(ren, &b);
}

void gfx_disc(SDL_Renderer *ren, float cx, float cy, float r, sl_rgba c)
{
    if (box_off_clip(ren, cx, cy, r))
        return;
    batch b;
    b.nv = b.ni = 0;
    disc(ren, &b, cx, cy, r, c);
    flush(ren, &b);
}

static int ring_points(float r, float *xy, int max, float cx, float cy)
{
    int n = (int)(fminf(r, 2.0f * (float)max) * 0.8f) + 16; /* clamped before the int: never an overflow */
    if (n > max)
        n = max;
    if (n > CIRCLE_MAX)
        n = CIRCLE_MAX;
    const float *cs = unit_circle(n);
    for (int i = 0; i < n; i++) {
        xy[2 * i] = cx + r * cs[2 * i];
        xy[2 * i + 1] = cy + r * cs[2 * i + 1];
    }
    return n;
}

void gfx_ring(SDL_Renderer *ren, float cx, float cy, float r, float width, sl_rgba c)
{
    if (!(r > 0.0f) || !isfinite(r) || !isfinite(cx) || !isfinite(cy))
        return;
    if (box_off_clip(ren, cx, cy, r + fabsf(width) * 0.5f))
        return;
    float xy[2 * 512];
    int n = ring_points(r, xy, 512, cx, cy);
    batch b;
    b.nv = b.ni = 0;
    float ri = r - width * 0.5f, ro = r + width * 0.5f;
    if (ri < 0.0f)
        ri = 0.0f;
    for (int i = 0; i < n; i++) {
        int j = (i + 1) % n;
        float ax = (xy[2 * i] - cx) / r, ay = (xy[2 * i + 1] - cy) / r;
        float bx = (xy[2 * j] - cx) / r, by = (xy[2 * j + 1] - cy) / r;
        quad(ren, &b, cx + ax * ro, cy + ay * ro, cx + bx * ro, cy + by * ro, cx + bx * ri, cy + by * ri,
             cx + ax * ri, cy + ay * ri, c);
    }
    flush(ren, &b);
}

void gfx_dashed_ring(SDL_Renderer *ren, float cx, float cy, float r, float width, float on, float off,
                     sl_rgba c)
{
    if (!(r > 0.0f) || !isfinite(r) || !isfinite(cx) || !isfinite(cy))
        return;
    if (box_off_clip(ren, cx, cy, r + fabsf(width) * 0.5f))
        return;
    float xy[2 * 512];
    int n = ring_points(r, xy, 512, cx, cy);
    gfx_dashed(ren, xy, n, true, width, on, off, c);
}

void gfx_marker(SDL_Renderer *ren, sl_marker m, float cx, float cy, float r, sl_rgba fill)
{
    switch (m) {
    case SL_MARKER_TRIANGLE: {
        float xy[6] = {cx, cy - r, cx + r * 0.87f, cy + r * 0.5f, cx - r * 0.87f, cy + r * 0.5f};
        int idx[3] = {0, 1, 2};
        gfx_triangles(ren, xy, 3, idx, 3, fill);
        break;
    }
    case SL_MARKER_SQUARE: {
        float s = r * 0.72f;
        gfx_rect(ren, cx - s, cy - s, 2 * s, 2 * s, fill);
        break;
    }
    case SL_MARKER_DIAMOND: {
        float xy[8] = {cx, cy - r, cx + r, cy, cx, cy + r, cx - r, cy};
        int idx[6] = {0, 1, 2, 0, 2, 3};
        gfx_triangles(ren, xy, 4, idx, 6, fill);
        break;
    }
    default: {
        float w = r * 0.45f;
        gfx_line(ren, cx - r * 0.75f, cy - r * 0.75f, cx + r * 0.75f, cy + r * 0.75f, w, fill);
        gfx_line(ren, cx - r * 0.75f, cy + r * 0.75f, cx + r * 0.75f, cy - r * 0.75f, w, fill);
        break;
    }
    }
}

static int cmp_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

void gfx_hatch(SDL_Renderer *ren, const float *xy, int n, float ox, float oy, float spacing, float angle_deg,
               float width, sl_rgba c)
{
    if (n < 3 || spacing < 1.0f)
        return;
    /* Rotate the polygon so the hatch lines are horizontal, cut it with
     * scanlines on a grid fixed to the screen, rotate the pieces back. */
    double a = angle_deg * M_PI / 180.0;
    float ca = (float)cos(a), sa = (float)sin(a);
    float *r = malloc(sizeof(float) * 2 * (size_t)n);
    float *xs = malloc(sizeof(float) * (size_t)n);
    if (!r || !xs) {
        free(r);
        free(xs);
        return;
    }
    float lo = 1e30f, hi = -1e30f;
    for (int i = 0; i < n; i++) {
        float x = xy[2 * i], y = xy[2 * i + 1];
        r[2 * i] = x * ca + y * sa;
        r[2 * i + 1] = -x * sa + y * ca;
        if (r[2 * i + 1] < lo)
            lo = r[2 * i + 1];
        if (r[2 * i + 1] > hi)
            hi = r[2 * i + 1];
    }
    batch b;
    b.nv = b.ni = 0;
    /* Lines pass through the anchor, so they move with the table. */
    float anchor = -ox * sa + oy * ca;
    float start = anchor + ceilf((lo - anchor) / spacing) * spacing;
    for (float y = start; y <= hi; y += spacing) {
        int k = 0;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            float y0 = r[2 * i + 1], y1 = r[2 * j + 1];
            if ((y0 <= y && y1 > y) || (y1 <= y && y0 > y)) {
                float t = (y - y0) / (y1 - y0);
                xs[k++] = r[2 * i] + t * (r[2 * j] - r[2 * i]);
            }
        }
        qsort(xs, (size_t)k, sizeof *xs, cmp_float);
        for (int i = 0; i + 1 < k; i += 2) {
            float x0 = xs[i], x1 = xs[i + 1];
            seg(ren, &b, x0 * ca - y * sa, x0 * sa + y * ca, x1 * ca - y * sa, x1 * sa + y * ca, width, c);
        }
    }
    flush(ren, &b);
    free(r);
    free(xs);
}
