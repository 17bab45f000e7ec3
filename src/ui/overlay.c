/* Planning overlays: range bands clipped to what the selected unit sees,
 * the sight line to a target with its verdict, integrity circles, blast
 * templates and planned moves. Every judgement comes from the core; this
 * file only draws. Each overlay differs by line pattern or marker shape as
 * well as colour. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sightline/lesson.h"
#include "sightline/show.h"
#include "ui_internal.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* Range band colours: a colour-blind-safe sequence (viridis), one per die,
 * each ring also with its own dash pattern and a die label. */
static const sl_rgba band_fill[5] = {
    {253, 231, 37, 70}, {94, 201, 98, 62}, {33, 145, 140, 56}, {59, 82, 139, 52}, {68, 1, 84, 50},
};
static const sl_rgba band_line[5] = {
    {253, 231, 37, 255}, {94, 201, 98, 255}, {33, 145, 140, 255}, {59, 82, 139, 255}, {68, 1, 84, 255},
};
static const float band_dash[5][2] = {{1000, 0}, {18, 6}, {10, 6}, {5, 5}, {2, 5}};

#define SAMPLES 720

/* A boxed label kept inside the table view. */
static SDL_FRect label_in_view(sl_ui *ui, sl_font f, const char *text, float x, float y, sl_rgba fg, sl_rgba bg,
                               float pad, sl_align align)
{
    const SDL_FRect *v = ui->label_room.w > 0 ? &ui->label_room : &ui->lay.table;
    float maxw = v->w - 2 * pad - 8;
    if (align == SL_ALIGN_LEFT && (float)text_width(&ui->text, f, text) > maxw) {
        /* wider than the table: wrapped, the lines' boxes one under
         * another (the words read whole); the box round them all */
        char rows[4][UI_LINE];
        int n = text_wrap_lines(&ui->text, f, text, maxw, rows, 4);
        SDL_FRect all = {x, y, 0, 0};
        for (int k = 0; k < n; k++) {
            SDL_FRect r = label_in_view(ui, f, rows[k], x, y, fg, bg, pad, align);
            if (k == 0) {
                all = r;
                x = r.x + pad; /* the lines under the first, flush with it */
            } else
                SDL_UnionFRect(&all, &r, &all);
            y = r.y + r.h + pad * 0.5f;
        }
        if (n > 0)
            return all;
    }
    /* never wider than the table: cut with an ellipsis */
    char fit[600];
    text_fit(&ui->text, f, text, v->w - 2 * pad - 8, fit, sizeof fit);
    text = fit;
    float w = (float)text_width(&ui->text, f, text), h = (float)text_height(&ui->text, f);
    float x0 = align == SL_ALIGN_CENTRE ? x - w / 2 : align == SL_ALIGN_RIGHT ? x - w : x;
    if (x0 + w + pad > v->x + v->w)
        x0 = v->x + v->w - w - pad - 2;
    if (x0 - pad < v->x)
        x0 = v->x + pad + 2;
    if (y + h + pad > v->y + v->h)
        y = v->y + v->h - h - pad - 2;
    if (y - pad < v->y)
        y = v->y + pad + 2;
    SDL_FRect r = text_draw_boxed(&ui->text, f, text, x0, y, fg, bg, pad, SL_ALIGN_LEFT);
    ui_card_taken(ui, r); /* cards and tooltips keep off it */
    return r;
}

/* A band's label box round (x, y - 8 px), moved onto the table at its
 * edge; w 0 where it cannot fit there. */
static SDL_FRect band_label_box(const sl_ui *ui, float x, float y, float tw, float th)
{
    float s = ui->lay.s;
    const SDL_FRect *E = &ui->edge;
    SDL_FRect r = {x - tw / 2 - 4 * s, y - 12 * s, tw + 8 * s, th + 8 * s};
    if (r.w > E->w || r.h > E->h)
        return (SDL_FRect){0, 0, 0, 0};
    r.x = fmaxf(E->x, fminf(r.x, E->x + E->w - r.w));
    r.y = fmaxf(E->y, fminf(r.y, E->y + E->h - r.h));
    return r;
}

/* How far one sees from c in each of SAMPLES directions, from the star-
 * shaped visibility polygon. */
static void radial(const sl_pt *poly, int n, sl_pt c, double *d)
{
    for (int j = 0; j < SAMPLES; j++) {
        double a = 2 * M_PI * j / SAMPLES, dx = cos(a), dy = sin(a);
        double best = 0;
        for (int i = 0; i < n; i++) {
            double ax = (double)poly[i].x - c.x, ay = (double)poly[i].y - c.y;
            double bx = (double)poly[(i + 1) % n].x - c.x, by = (double)poly[(i + 1) % n].y - c.y;
            double ex = bx - ax, ey = by - ay, den = dx * ey - dy * ex;
            if (fabs(den) < 1e-12)
                continue;
            double u = (ax * ey - ay * ex) / den, v = (ax * dy - ay * dx) / den;
            if (u > 0 && v >= -1e-9 && v <= 1 + 1e-9 && (best == 0 || u < best))
                best = u;
        }
        d[j] = best;
    }
}

/* Refresh the cached visibility polygon for a unit's centre, and with it
 * the distances in it (ui->radial). */
static bool unit_vis(sl_ui *ui, const sl_world *w, int unit, sl_pt *centre)
{
    int fig;
    sl_pt c = sl_unit_centre(&w->scn, unit, &fig);
    *centre = c;
    if (ui->vis_unit == unit && ui->vis_from.x == c.x && ui->vis_from.y == c.y && ui->nvis > 0)
        return true;
    ui->nvis = sl_visibility_polygon(&ui->sight.ix, &ui->sight.params, c, ui->vis, SL_UI_VIS_MAX, ui->vis_work,
                                     ui->vis_work_bytes);
    ui->vis_unit = unit;
    ui->vis_from = c;
    radial(ui->vis, ui->nvis, c, ui->radial);
    return ui->nvis > 0;
}

/* The bands' (or brackets') annuli, cut where sight ends, into the
 * current target. */
static void shade_annuli(sl_ui *ui, const double *d, const sl_reach_ring *ring, int nring, float cx, float cy,
                         float sc)
{
    for (int k = 0; k < nring && k < 5; k++) {
        double r0 = k ? ring[k - 1].r : 0, r1 = ring[k].r;
        float xy[8];
        int idx[6] = {0, 1, 2, 0, 2, 3};
        for (int j = 0; j < SAMPLES; j++) {
            int j2 = (j + 1) % SAMPLES;
            double reach = d[j] < d[j2] ? d[j] : d[j2];
            double outer = r1 < reach ? r1 : reach;
            if (outer <= r0)
                continue;
            double a0 = 2 * M_PI * j / SAMPLES, a1 = 2 * M_PI * (j + 1) / SAMPLES;
            xy[0] = cx + (float)(r0 * cos(a0)) * sc;
            xy[1] = cy + (float)(r0 * sin(a0)) * sc;
            xy[2] = cx + (float)(outer * cos(a0)) * sc;
            xy[3] = cy + (float)(outer * sin(a0)) * sc;
            xy[4] = cx + (float)(outer * cos(a1)) * sc;
            xy[5] = cy + (float)(outer * sin(a1)) * sc;
            xy[6] = cx + (float)(r0 * cos(a1)) * sc;
            xy[7] = cy + (float)(r0 * sin(a1)) * sc;
            gfx_triangles(ui->ren, xy, 4, idx, 6, band_fill[k]);
        }
    }
}

/* The shading through the kept texture (see draw_bands); drawn straight
 * onto the table where the renderer cannot draw into a texture. */
typedef struct bands_job {
    const sl_reach_ring *ring;
    int nring;
    float cx, cy, sc;
} bands_job;

static void bands_draw(sl_ui *ui, void *ctx)
{
    const bands_job *j = ctx;
    /* into the kept texture the annuli's own alpha is written as it is */
    SDL_BlendMode was;
    SDL_GetRenderDrawBlendMode(ui->ren, &was);
    if (ui->bands.tex && SDL_GetRenderTarget(ui->ren) == ui->bands.tex)
        SDL_SetRenderDrawBlendMode(ui->ren, SDL_BLENDMODE_NONE);
    shade_annuli(ui, ui->radial, j->ring, j->nring, j->cx, j->cy, j->sc);
    SDL_SetRenderDrawBlendMode(ui->ren, was);
}

static void shade_bands(sl_ui *ui, int unit, sl_pt c, const sl_reach_ring *ring, int nring, const sl_cam *cam,
                        float cx, float cy, const SDL_Rect *box)
{
    uint64_t key = UI_HASH_START;
    int iv[4] = {unit, c.x, c.y, ui->nvis};
    key = ui_hash(key, iv, sizeof iv);
    key = ui_hash_zoom(key, cam); /* the centre and the box are ui_kept_layer's */
    /* the ruleset's reach: its rings' count and radii (a bracket's
     * firearm, a band's quality) */
    key = ui_hash(key, &nring, sizeof nring);
    for (int k = 0; k < nring; k++)
        key = ui_hash(key, &ring[k].r, sizeof ring[k].r);
    key = ui_hash(key, &ui->ground.key, sizeof ui->ground.key); /* the terrain, through the ground's key */
    key = ui_hash_wide(key, ui->vis, sizeof(sl_pt) * (size_t)ui->nvis);
    bands_job job = {ring, nring, cx, cy, cam->scale / 1000.0f};
    ui_kept_layer(ui, &ui->bands, key, cam, box, bands_draw, &job);
}

/* The longest stretch of directions (from its first) in which sight
 * reaches r. */
static int seen_stretch(const double *d, double r, int *start)
{
    int best_len = 0, run_start = -1, run = 0;
    for (int j = 0; j < 2 * SAMPLES; j++) {
        if (d[j % SAMPLES] >= r) {
            if (run == 0)
                run_start = j;
            run++;
            if (run > best_len && run <= SAMPLES) {
                best_len = run;
                *start = run_start;
            }
        } else {
            run = 0;
        }
    }
    return best_len;
}

/* One band's label on its stretch in sight (best_len directions from
 * best_start, at rl from the centre): from its middle outwards, the first
 * place clear of figures, unit names, other labels and the planned way's
 * words; else the first clear of labels and those words; else none (a
 * band's label never lies over a name or a place's words). */
static void band_label_place(sl_ui *ui, const sl_world *w, const sl_cam *cam, float s, int k, double rl,
                             int best_start, int best_len)
{
    float cx = ui->band_labels.cx, cy = ui->band_labels.cy, sc = ui->band_labels.sc;
    const char *label = ui->band_labels.ring[k].label;
    float tw = (float)text_width(&ui->text, SL_FONT_SMALL, label), th = (float)text_height(&ui->text, SL_FONT_SMALL);
    int mid = best_start + best_len / 2, pick = -1;
    for (int pass = 0; pass < 2 && pick < 0; pass++)
        for (int o = 0; o <= best_len / 2 - 1 && pick < 0; o++)
            for (int q = 0; q < 2 && pick < 0; q++) {
                int jj = q ? mid - o : mid + o;
                double aa = 2 * M_PI * (((jj % SAMPLES) + SAMPLES) % SAMPLES) / SAMPLES;
                float px = cx + (float)(rl * cos(aa)) * sc, py = cy + (float)(rl * sin(aa)) * sc;
                SDL_FRect lr = band_label_box(ui, px, py, tw, th);
                if (lr.w <= 0 || ui_card_covers(ui, &lr) || scene_rects_overlap(&lr, &ui->way_block))
                    continue;
                if (pass == 0 ? scene_spot_clear(ui, w, cam, s, &lr) : scene_name_hits(ui, w, &lr) == 0)
                    pick = jj;
            }
    if (pick < 0)
        return;
    double a = 2 * M_PI * (((pick % SAMPLES) + SAMPLES) % SAMPLES) / SAMPLES;
    float lx = cx + (float)(rl * cos(a)) * sc, ly = cy + (float)(rl * sin(a)) * sc;
    SDL_FRect at = band_label_box(ui, lx, ly, tw, th);
    /* light text on a dark plate, readable from the back of a
     * room whatever the band's colour; the plate ringed in it */
    SDL_FRect lb = text_draw_boxed(&ui->text, SL_FONT_SMALL, label, at.x + 4 * s, at.y + 4 * s - 1.5f * s,
                                   sl_rgba_make(255, 255, 255, 255), sl_rgba_make(10, 10, 12, 225), 3 * s,
                                   SL_ALIGN_LEFT);
    ui_card_taken(ui, lb);
    scene_add_text(ui, w, cam, s, &lb);
    gfx_rect_outline(ui->ren, lb.x, lb.y, lb.w, lb.h, 2 * s, band_line[k]);
}

static void band_labels_draw(sl_ui *ui, const sl_world *w, const sl_cam *cam, float s);

static void draw_bands(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam, float s)
{
    int unit = v->focus_unit;
    if (unit < 0 || unit >= w->scn.nunits)
        return;
    sl_pt c;
    if (!unit_vis(ui, w, unit, &c))
        return;
    const double *d = ui->radial; /* made with the polygon */
    sl_reach_ring ring[SL_MAX_REACH];
    int nring = sl_unit_reach(&w->scn, unit, ring, 5, NULL); /* 5 colours */
    if (nring <= 0)
        return;
    float cx, cy;
    cam_pt(cam, c, &cx, &cy);
    float sc = cam->scale / 1000.0f;
    /* shading: each band's annulus, cut where sight ends. The annuli do
     * not overlap, so they are written unblended into a texture and that
     * is blended onto the table once (the same pixels as blending each
     * piece, for a fraction of the work on a software renderer); the
     * texture is kept until the unit, its place, the terrain or the
     * camera change. */
    const SDL_FRect *T = &ui->lay.table;
    float reach_px = fminf((float)ring[nring - 1].r * sc, 1e7f) + 2.0f;
    SDL_Rect box = {(int)floorf(fmaxf(cx - reach_px, T->x)), (int)floorf(fmaxf(cy - reach_px, T->y)), 0, 0};
    box.w = (int)ceilf(fminf(cx + reach_px, T->x + T->w)) - box.x;
    box.h = (int)ceilf(fminf(cy + reach_px, T->y + T->h)) - box.y;
    if (box.w > 0 && box.h > 0)
        shade_bands(ui, unit, c, ring, nring, cam, cx, cy, &box);
    /* the edge of sight, dashed white on black */
    float *pxy = ui_scratch(ui, ui->nvis);
    if (pxy) {
        for (int i = 0; i < ui->nvis; i++)
            cam_pt(cam, ui->vis[i], &pxy[2 * i], &pxy[2 * i + 1]);
        gfx_polyline(ui->ren, pxy, ui->nvis, true, 3.0f * s, sl_rgba_make(0, 0, 0, 160));
        gfx_dashed(ui->ren, pxy, ui->nvis, true, 1.5f * s, 6 * s, 6 * s, sl_rgba_make(255, 255, 255, 230));
    }
    /* ring arcs where they are in sight, each with its own dashes */
    for (int k = 0; k < nring; k++) {
        double r = ring[k].r;
        float arc[2 * (SAMPLES + 1)];
        int na = 0;
        for (int j = 0; j <= SAMPLES; j++) {
            bool seen = j < SAMPLES && d[j] >= r && d[(j + 1) % SAMPLES] >= r;
            if (seen) {
                double a = 2 * M_PI * j / SAMPLES;
                arc[2 * na] = cx + (float)(r * cos(a)) * sc;
                arc[2 * na + 1] = cy + (float)(r * sin(a)) * sc;
                na++;
            } else if (na > 0) {
                double a = 2 * M_PI * j / SAMPLES;
                arc[2 * na] = cx + (float)(r * cos(a)) * sc;
                arc[2 * na + 1] = cy + (float)(r * sin(a)) * sc;
                na++;
                gfx_polyline(ui->ren, arc, na, false, 3.5f * s, sl_rgba_make(0, 0, 0, 150));
                gfx_dashed(ui->ren, arc, na, false, 2.0f * s, band_dash[k][0] * s, band_dash[k][1] * s, band_line[k]);
                na = 0;
            }
        }
    }
    /* the labels: later, over the places' words (overlay_draw_under), or,
     * under a planned way drawn with the rest of the table, once its words
     * are placed (band_labels_draw) */
    memcpy(ui->band_labels.ring, ring, sizeof ring[0] * (size_t)nring);
    ui->band_labels.nring = nring;
    ui->band_labels.cx = cx;
    ui->band_labels.cy = cy;
    ui->band_labels.sc = sc;
    ui->band_labels.due = true; /* drawn over the places (overlay_draw_under) */
}

/* The band labels put off by draw_bands, each (its die, its bracket's
 * modifier) on its ring's longest stretch in sight; a ring out of sight
 * (past the table, or the extreme bracket's, which has no edge) is
 * labelled just outside the ring before it where that is in sight. None
 * lies over the planned way's words. */
static void band_labels_draw(sl_ui *ui, const sl_world *w, const sl_cam *cam, float s)
{
    if (!ui->band_labels.due)
        return;
    ui->band_labels.due = false;
    const double *d = ui->radial;
    const sl_reach_ring *ring = ui->band_labels.ring;
    float sc = ui->band_labels.sc;
    float th_small = (float)text_height(&ui->text, SL_FONT_SMALL);
    for (int k = 0; k < ui->band_labels.nring; k++) {
        double r = ring[k].r, rl = r;
        int best_start = -1, best_len = seen_stretch(d, r, &best_start);
        if (best_len <= 2) {
            rl = (k ? ring[k - 1].r : 0) + 2.4 * th_small / sc;
            best_len = rl < r ? seen_stretch(d, rl, &best_start) : 0;
        }
        if (best_len > 2)
            band_label_place(ui, w, cam, s, k, rl, best_start, best_len);
    }
}
static void outline_feature_hl(sl_ui *ui, const sl_world *w, int fi, const sl_cam *cam, float s, sl_rgba c)
{
    const sl_table *t = &w->scn.table;
    const sl_feature *f = &t->features[fi];
    float *xy = ui_scratch(ui, f->npts);
    if (!xy)
        return;
    for (int i = 0; i < f->npts; i++)
        cam_pt(cam, sl_feature_pts(t, f)[i], &xy[2 * i], &xy[2 * i + 1]);
    bool closed = f->shape != SL_SHAPE_POLYLINE;
    gfx_polyline(ui->ren, xy, f->npts, closed, 7.0f * s, sl_rgba_make(0, 0, 0, 255));
    gfx_dashed(ui->ren, xy, f->npts, closed, 4.5f * s, 12 * s, 5 * s, c);
}

/* The unit the sight line goes to: the enemy under the pointer, else the
 * keyboard's choice. */
int overlay_los_target(const sl_world *w, const sl_view *v)
{
    if (v->focus_unit < 0)
        return -1;
    if (v->hover_figure >= 0) {
        int u = w->scn.figures[v->hover_figure].unit;
        if (u != v->focus_unit && w->scn.units[u].side != w->scn.units[v->focus_unit].side)
            return u;
    }
    if (v->target_unit >= 0 && v->target_unit < w->scn.nunits &&
        w->scn.units[v->target_unit].side != w->scn.units[v->focus_unit].side)
        return v->target_unit;
    return -1;
}

/* The sight line's card: the verdict, the range and what blocked or
 * covered it; top left of the table unless that hides the line, the
 * units or another card (cards.c), or in the presentation's strip, its
 * lines wrapped to the strip's width. */
static void sight_card(sl_ui *ui, const sl_world *w, const sl_cam *cam, bool visible, const char *l1, const char *l2,
                       const char *l3)
{
    float s = ui->lay.s;
    enum { MAXR = 9 };
    char rows[MAXR][UI_LINE];
    sl_font font[MAXR];
    sl_rgba col[MAXR];
    int n = 0;
    float room = ui_card_room(ui) > 0 ? ui_card_room(ui) - 16 * s : 1e9f;
    ui->text.watch = true;
    const char *src[3] = {l1, l2, l3};
    for (int k = 0; k < 3 && n < MAXR; k++) {
        if (!src[k][0])
            continue;
        sl_font f = k == 0 ? SL_FONT_BOLD : SL_FONT_SMALL;
        int m = text_wrap_lines(&ui->text, f, src[k], room, rows + n, MAXR - n);
        for (int i = 0; i < m; i++) {
            font[n + i] = f;
            col[n + i] = k == 0   ? (visible ? sl_rgba_make(120, 230, 190, 255) : sl_rgba_make(255, 170, 120, 255))
                         : k == 1 ? sl_rgba_make(255, 255, 255, 255)
                                  : sl_rgba_make(210, 210, 210, 255);
        }
        n += m;
    }
    ui->text.watch = false;
    float lh = (float)text_height(&ui->text, SL_FONT_SMALL) * 1.25f;
    float bw = 0;
    for (int i = 0; i < n; i++)
        bw = fmaxf(bw, (float)text_width(&ui->text, font[i], rows[i]));
    float bh = lh * (n <= 2 ? 2.3f : (float)n + 0.2f), bx, by;
    if (!ui_place_card(ui, w, cam, bw + 16 * s, bh, UI_TOP_LEFT, &bx, &by))
        return; /* left out of the strip: the decision's card has its room */
    gfx_rect(ui->ren, bx, by, bw + 16 * s, bh, sl_rgba_make(12, 12, 14, 232));
    gfx_rect(ui->ren, bx, by, 5 * s, bh, visible ? sl_rgba_make(0, 158, 115, 255) : sl_rgba_make(213, 94, 0, 255));
    for (int i = 0; i < n; i++)
        text_draw(&ui->text, font[i], rows[i], bx + 11 * s, by + 3 * s + (float)i * lh, col[i], SL_ALIGN_LEFT);
    ui_card_end(ui);
    ui_card_read(ui, "the sight card", (SDL_FRect){bx, by, bw + 16 * s, bh});
}

/* The sight card's distance line where the ruleset has no range die
 * (SkirmishCorps): the firer's own reach at that distance, in its words
 * ("medium to 24\": -1 to hit"), as V draws it. */
static void reach_words(const sl_world *w, int firer, int32_t dist, const char *cover, char *out, size_t len)
{
    sl_reach_ring ring[SL_MAX_REACH];
    int n = sl_unit_reach(&w->scn, firer, ring, SL_MAX_REACH, NULL), k = 0;
    while (k < n && ring[k].r < dist)
        k++;
    if (k < n)
        snprintf(out, len, "%.1f\" \xC2\xB7 %s \xC2\xB7 %s", dist / 1000.0, ring[k].label, cover);
    else if (n > 0)
        snprintf(out, len, "%.1f\" \xC2\xB7 out of reach (%s) \xC2\xB7 %s", dist / 1000.0, ring[n - 1].label, cover);
    else
        snprintf(out, len, "%.1f\" \xC2\xB7 %s", dist / 1000.0, cover);
}

static void draw_los(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam, float s)
{
    int target = overlay_los_target(w, v);
    if (target < 0)
        return;
    sl_unit_sight us;
    sl_unit_sight_judge(&ui->sight, v->focus_unit, target, false, &us);
    sl_rgba ok = sl_rgba_make(0, 158, 115, 255), bad = sl_rgba_make(213, 94, 0, 255);
    sl_rgba black = sl_rgba_make(0, 0, 0, 255), white = sl_rgba_make(255, 255, 255, 255);
    /* features that matter: blockers in orange, cover in yellow */
    const sl_los_result *L = &us.line;
    for (int i = 0; i < us.nfigs; i++) {
        if (us.figs[i].block_feature >= 0)
            outline_feature_hl(ui, w, us.figs[i].block_feature, cam, s, bad);
    }
    for (int i = 0; i < us.nfigs; i++)
        if (us.figs[i].visible && us.figs[i].cover_feature >= 0)
            outline_feature_hl(ui, w, us.figs[i].cover_feature, cam, s, sl_rgba_make(240, 228, 66, 255));
    float fx, fy;
    cam_pt(cam, us.from, &fx, &fy);
    /* a thin line to each target figure: solid if seen, dashed if not */
    for (int i = 0; i < us.nfigs; i++) {
        float tx, ty;
        cam_pt(cam, w->scn.figures[us.figs[i].figure].pos, &tx, &ty);
        float seg[4] = {fx, fy, tx, ty};
        if (us.figs[i].visible) {
            gfx_line(ui->ren, fx, fy, tx, ty, 1.5f * s, sl_rgba_make(255, 255, 255, 150));
        } else {
            gfx_dashed(ui->ren, seg, 2, false, 1.5f * s, 4 * s, 4 * s, sl_rgba_make(0, 0, 0, 170));
            /* a cross on the figure that cannot be seen */
            float r = 4 * s;
            gfx_line(ui->ren, tx - r, ty - r, tx + r, ty + r, 2 * s, bad);
            gfx_line(ui->ren, tx - r, ty + r, tx + r, ty - r, 2 * s, bad);
        }
    }
    /* the centre-to-centre line: solid when the unit is visible, dashed
     * when it is not, with a cross where it is first blocked */
    float tx, ty;
    cam_pt(cam, us.to, &tx, &ty);
    float seg[4] = {fx, fy, tx, ty};
    gfx_line(ui->ren, fx, fy, tx, ty, 6 * s, black);
    if (us.visible)
        gfx_line(ui->ren, fx, fy, tx, ty, 3.5f * s, ok);
    else
        gfx_dashed(ui->ren, seg, 2, false, 3.5f * s, 12 * s, 7 * s, bad);
    if (L->block_hit >= 0) {
        float bx, by;
        cam_pt(cam, L->hits[L->block_hit].at, &bx, &by);
        float r = 7 * s;
        gfx_line(ui->ren, bx - r, by - r, bx + r, by + r, 5 * s, black);
        gfx_line(ui->ren, bx - r, by + r, bx + r, by - r, 5 * s, black);
        gfx_line(ui->ren, bx - r, by - r, bx + r, by + r, 2.5f * s, bad);
        gfx_line(ui->ren, bx - r, by + r, bx + r, by - r, 2.5f * s, bad);
    }
    gfx_disc(ui->ren, fx, fy, 5 * s, black);
    gfx_disc(ui->ren, fx, fy, 3.5f * s, white);
    gfx_disc(ui->ren, tx, ty, 5 * s, black);
    gfx_disc(ui->ren, tx, ty, 3.5f * s, white);
    ui_keep_line(ui, seg, 2, 8 * s);

    /* the verdict, next to the target */
    char l1[200], l2[200], l3[400];
    const sl_unit *tu = &w->scn.units[target];
    if (us.visible)
        snprintf(l1, sizeof l1, "IN SIGHT: %s \xE2\x80\x94 %d of %d figures seen", tu->name, us.seen, us.total);
    else
        snprintf(l1, sizeof l1, "NOT IN SIGHT: %s \xE2\x80\x94 %d of %d figures seen", tu->name, us.seen, us.total);
    const sl_range *R = &us.range;
    if (!sl_scenario_shows(&w->scn, SL_SHOW_RANGE_DIE, NULL))
        reach_words(w, v->focus_unit, R->distance, sl_cover_phrase(us.cover), l2, sizeof l2);
    else if (R->die != SL_DIE_NONE)
        snprintf(l2, sizeof l2, "%.1f\" \xC2\xB7 band %d of %.0f\" (%s) \xC2\xB7 %s \xE2\x86\x92 range die %s",
                 R->distance / 1000.0, R->band, R->band_len / 1000.0, sl_die_name(R->base_die),
                 sl_cover_phrase(us.cover), sl_die_name(R->die));
    else
        snprintf(l2, sizeof l2, "%.1f\" \xC2\xB7 band %d of %.0f\" \xC2\xB7 %s \xE2\x86\x92 out of range (max %d bands)",
                 R->distance / 1000.0, R->band, R->band_len / 1000.0, sl_cover_phrase(us.cover), R->max_bands);
    l3[0] = '\0';
    int blocker = -1, cover = -1;
    for (int i = 0; i < us.nfigs && blocker < 0; i++)
        blocker = us.figs[i].block_feature;
    for (int i = 0; i < us.nfigs && cover < 0; i++)
        if (us.figs[i].visible)
            cover = us.figs[i].cover_feature;
    char bn[SL_NAME_LEN + 40] = "", cn[SL_NAME_LEN + 40] = "";
    if (blocker >= 0)
        ui_feature_name(w, blocker, bn, sizeof bn);
    if (cover >= 0)
        ui_feature_name(w, cover, cn, sizeof cn);
    if (blocker >= 0 && cover >= 0)
        snprintf(l3, sizeof l3, "blocked by %s \xC2\xB7 cover from %s", bn, cn);
    else if (blocker >= 0)
        snprintf(l3, sizeof l3, "blocked by %s", bn);
    else if (cover >= 0)
        snprintf(l3, sizeof l3, "cover from %s", cn);
    sight_card(ui, w, cam, us.visible, l1, l2, l3);
}

/* Squad integrity (fireteams): a dashed ring of one range band round the
 * squad leader, and from him a line to each fireteam's nearest figure,
 * solid when it is within, dashed with a cross and a label when not. */
static void draw_squad_integrity(sl_ui *ui, const sl_world *w, int u, const sl_cam *cam, float s, int pass)
{
    sl_parts_integrity si;
    if (!sl_parts_integrity_judge(&w->scn, u, &si) || si.leader < 0)
        return;
    /* opaque colours only: the shapes are kept in a texture (see
     * overlay_draw_under) and must copy back as they were drawn */
    sl_rgba good = sl_rgba_make(0, 158, 115, 255), bad = sl_rgba_make(213, 94, 0, 255);
    sl_rgba ring = sl_rgba_make(230, 230, 230, 255), black = sl_rgba_make(0, 0, 0, 255);
    const sl_figure *lf = &w->scn.figures[si.leader];
    float lx, ly;
    cam_pt(cam, lf->pos, &lx, &ly);
    float rad = (float)(si.band / 1000.0) * cam->scale;
    if (pass == 0) {
        gfx_dashed_ring(ui->ren, lx, ly, rad, 3.5f * s, 4 * s, 8 * s, black);
        gfx_dashed_ring(ui->ren, lx, ly, rad, 1.5f * s, 4 * s, 8 * s, ring);
    }
    char label[160];
    snprintf(label, sizeof label, "squad integrity %d\"", si.band / 1000);
    /* on the ring, at the first place round it (from the bottom) clear
     * of figures and unit names */
    if (pass == 1) {
        static const float angle[] = {90, 135, 45, 180, 0, 225, 315, 270};
        float lw = (float)text_width(&ui->text, SL_FONT_SMALL, label), lh = (float)text_height(&ui->text, SL_FONT_SMALL);
        float bx = lx - lw / 2, by = ly + rad + 3 * s;
        for (size_t i = 0; i < sizeof angle / sizeof angle[0]; i++) {
            float a = angle[i] * (float)M_PI / 180.0f, px = lx + rad * cosf(a), py = ly + rad * sinf(a);
            /* the box hangs off the ring on its outer side */
            float x0 = cosf(a) > 0.3f ? px + 3 * s : cosf(a) < -0.3f ? px - lw - 3 * s : px - lw / 2;
            float y0 = sinf(a) > 0.3f ? py + 3 * s : sinf(a) < -0.3f ? py - lh - 3 * s : py - lh / 2;
            SDL_FRect r = {x0 - 3 * s, y0 - 3 * s, lw + 6 * s, lh + 6 * s};
            if (scene_spot_clear(ui, w, cam, s, &r) && !ui_card_covers(ui, &r)) {
                bx = x0;
                by = y0;
                break;
            }
        }
        label_in_view(ui, SL_FONT_SMALL, label, bx, by, sl_rgba_make(255, 255, 255, 255), sl_rgba_make(0, 0, 0, 170),
                      3 * s, SL_ALIGN_LEFT);
    }
    for (int k = 0; k < si.nparts; k++) {
        if (si.nearest[k] < 0 || si.nearest[k] == si.leader)
            continue;
        float tx, ty;
        cam_pt(cam, w->scn.figures[si.nearest[k]].pos, &tx, &ty);
        float seg[4] = {lx, ly, tx, ty};
        if (si.in[k]) {
            if (pass == 0) {
                gfx_polyline(ui->ren, seg, 2, false, 3.5f * s, black);
                gfx_polyline(ui->ren, seg, 2, false, 1.5f * s, good);
            }
            continue;
        }
        if (pass == 0) {
            gfx_dashed(ui->ren, seg, 2, false, 4.5f * s, 10 * s, 6 * s, black);
            gfx_dashed(ui->ren, seg, 2, false, 2.5f * s, 10 * s, 6 * s, bad);
            /* a cross where the band ends on the line */
            float f = rad / fmaxf(1.0f, hypotf(tx - lx, ty - ly));
            float cx = lx + (tx - lx) * f, cy = ly + (ty - ly) * f, c = 6 * s;
            gfx_line(ui->ren, cx - c, cy - c, cx + c, cy + c, 3 * s, bad);
            gfx_line(ui->ren, cx - c, cy + c, cx + c, cy - c, 3 * s, bad);
            continue;
        }
        snprintf(label, sizeof label, "T%d out of squad integrity: %.1f\" > %d\"", sl_unit_part_no(&w->scn, si.part[k]), si.dist[k] / 1000.0,
                 si.band / 1000);
        /* on the line, from its middle outwards, clear of figures, names
         * and other labels */
        float tw = (float)text_width(&ui->text, SL_FONT_SMALL, label), th = (float)text_height(&ui->text, SL_FONT_SMALL);
        static const float along[] = {0.5f, 0.35f, 0.65f, 0.2f, 0.8f};
        float px = (lx + tx) / 2, py = (ly + ty) / 2;
        for (size_t i = 0; i < sizeof along / sizeof along[0]; i++) {
            float qx = lx + (tx - lx) * along[i], qy = ly + (ty - ly) * along[i];
            SDL_FRect r = {qx - tw / 2 - 4 * s, qy + 2 * s, tw + 8 * s, th + 8 * s};
            if (scene_spot_clear(ui, w, cam, s, &r) && !ui_card_covers(ui, &r)) {
                px = qx;
                py = qy;
                break;
            }
        }
        label_in_view(ui, SL_FONT_SMALL, label, px, py + 6 * s, sl_rgba_make(255, 255, 255, 255),
                      sl_rgba_make(120, 40, 0, 230), 4 * s, SL_ALIGN_CENTRE);
    }
}

/* Could unit u's integrity shapes reach into the clip? Its ring's
 * centre lies within its figures' bounds and its radius is at most half
 * their diagonal and a base (a strip of the kept layer drawn after a pan
 * works out only the units it shows). */
static bool integrity_in_clip(sl_ui *ui, const sl_world *w, int u, const sl_cam *cam, float s)
{
    SDL_Rect clip;
    SDL_RenderGetClipRect(ui->ren, &clip);
    const sl_unit *un = &w->scn.units[u];
    if (clip.w <= 0 || clip.h <= 0 || un->nfigures <= 0)
        return true;
    float x0 = 1e9f, y0 = 1e9f, x1 = -1e9f, y1 = -1e9f, base = 0;
    for (int i = 0; i < un->nfigures; i++) {
        const sl_figure *f = &w->scn.figures[un->first_figure + i];
        float x, y;
        cam_pt(cam, f->pos, &x, &y);
        x0 = fminf(x0, x), y0 = fminf(y0, y), x1 = fmaxf(x1, x), y1 = fmaxf(y1, y);
        base = fmaxf(base, f->base_r / 1000.0f * cam->scale);
    }
    float m = hypotf(x1 - x0, y1 - y0) / 2 + 3 * base + 24 * s;
    return x1 + m >= clip.x && x0 - m <= clip.x + clip.w && y1 + m >= clip.y && y0 - m <= clip.y + clip.h;
}

/* Unit integrity: pass 0 the shapes (rings, marks on the strays; opaque,
 * kept in a texture), pass 1 the labels (drawn every frame, where they
 * find room). */
static void draw_integrity(sl_ui *ui, const sl_world *w, const sl_cam *cam, float s, int pass)
{
    sl_rgba good = sl_rgba_make(0, 158, 115, 255), bad = sl_rgba_make(213, 94, 0, 255);
    sl_rgba black = sl_rgba_make(0, 0, 0, 255);
    for (int u = 0; u < w->scn.nunits; u++) {
        if (w->scn.units[u].nfigures == 0)
            continue;
        if (pass == 0 && sl_unit_nparts(&w->scn, u) == 0 && !integrity_in_clip(ui, w, u, cam, s))
            continue;
        if (sl_unit_nparts(&w->scn, u) > 0) {
            /* a squad of fireteams: its teams have their own circles */
            draw_squad_integrity(ui, w, u, cam, s, pass);
            continue;
        }
        int groups[SL_SIGHT_MAX_FIGS];
        bool stray[SL_SIGHT_MAX_FIGS];
        sl_integrity r;
        sl_unit_integrity(&w->scn, u, groups, stray, &r);
        float cx, cy;
        cam_w2s(cam, r.circle.cx / 1000.0, r.circle.cy / 1000.0, &cx, &cy);
        float rad = (float)(r.circle.r / 1000.0) * cam->scale + 10 * s;
        if (r.intact) {
            if (pass == 0) {
                gfx_ring(ui->ren, cx, cy, rad, 4 * s, black);
                gfx_ring(ui->ren, cx, cy, rad, 2 * s, good);
            }
            continue;
        }
        const sl_unit *un = &w->scn.units[u];
        if (pass == 0) {
            gfx_ring(ui->ren, cx, cy, rad, 4.5f * s, black);
            gfx_dashed_ring(ui->ren, cx, cy, rad, 2.5f * s, 10 * s, 6 * s, bad);
            for (int i = 0; i < un->nfigures && i < SL_SIGHT_MAX_FIGS; i++) {
                if (!stray[i])
                    continue;
                const sl_figure *f = &w->scn.figures[un->first_figure + i];
                float x, y;
                cam_pt(cam, f->pos, &x, &y);
                float rr = f->base_r / 1000.0f * cam->scale + 5 * s;
                gfx_ring(ui->ren, x, y, rr, 4 * s, black);
                gfx_ring(ui->ren, x, y, rr, 2.5f * s, bad);
                gfx_line(ui->ren, x + rr * 0.7f, y - rr * 0.7f, x + rr * 1.5f, y - rr * 1.5f, 2.5f * s, bad);
            }
            continue;
        }
        char label[200];
        snprintf(label, sizeof label, "%s: %s broken (%d astray)", un->name, sl_unit_whole(&w->scn, u) >= 0 ? "fireteam integrity" : "integrity",
                 r.nstray);
        label_in_view(ui, SL_FONT_SMALL, label, cx, cy + rad + 6 * s, sl_rgba_make(255, 255, 255, 255),
                        sl_rgba_make(120, 40, 0, 230), 4 * s, SL_ALIGN_CENTRE);
    }
}

typedef struct integrity_job {
    const sl_world *w;
    const sl_cam *cam;
    float s;
    int squad_only; /* a squad of fireteams alone, else -1: every unit */
} integrity_job;

static void integrity_shapes_draw(sl_ui *ui, void *ctx)
{
    const integrity_job *j = ctx;
    if (j->squad_only >= 0)
        draw_squad_integrity(ui, j->w, j->squad_only, j->cam, j->s, 0);
    else
        draw_integrity(ui, j->w, j->cam, j->s, 0);
}

/* The integrity overlay's shapes for this frame, kept while the camera,
 * the figures and the units are unchanged (a ruler or a planned way being
 * dragged). */
static void integrity_shapes(sl_ui *ui, const sl_world *w, int squad_only, const sl_cam *cam, float s)
{
    SDL_Rect box;
    uint64_t key = ui_table_key(ui, cam, s, &box);
    key = ui_hash(key, &squad_only, sizeof squad_only);
    key = ui_hash(key, &w->scn.nfigures, sizeof w->scn.nfigures);
    key = ui_hash_wide(key, w->scn.figures, sizeof(sl_figure) * (size_t)w->scn.nfigures);
    key = ui_hash_wide(key, w->scn.units, sizeof(sl_unit) * (size_t)w->scn.nunits);
    integrity_job job = {w, cam, s, squad_only};
    ui_kept_layer(ui, &ui->integrity, key, cam, &box, integrity_shapes_draw, &job);
}

/* Ring each figure (a figure listed twice once) and count them by unit:
 * units[] and count[] receive up to max units; returns how many. */
static int ring_figures(sl_ui *ui, const sl_world *w, const sl_cam *cam, float s, const int *figs, int n, sl_rgba c,
                        int *units, int *count, int max)
{
    int nu = 0;
    for (int i = 0; i < n; i++) {
        bool again = false;
        for (int j = 0; j < i && !again; j++)
            again = figs[j] == figs[i];
        if (again)
            continue;
        const sl_figure *f = &w->scn.figures[figs[i]];
        float x, y;
        cam_pt(cam, f->pos, &x, &y);
        float rr = f->base_r / 1000.0f * cam->scale + 4 * s;
        gfx_ring(ui->ren, x, y, rr, 4 * s, sl_rgba_make(0, 0, 0, 230));
        gfx_ring(ui->ren, x, y, rr, 2.5f * s, c);
        int k = 0;
        while (k < nu && units[k] != f->unit)
            k++;
        if (k == nu && nu < max) {
            units[nu] = f->unit;
            count[nu++] = 0;
        }
        if (k < nu)
            count[k]++;
    }
    return nu;
}

static SDL_FRect row_beside(sl_ui *ui, const sl_world *w, const sl_cam *cam, float x, float y, float r, float tw,
                            float th, sl_hue hue);

static void draw_blast(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam, float s)
{
    sl_circle c;
    /* a template that no table could hold is not drawn: no conversion
     * below may overflow, whatever set it */
    if (!v->blast_placed || !(v->blast_r > 0) || v->blast_r > SL_LESSON_MAX_BLAST ||
        !sl_inches_to_mils(v->blast_x, &c.c.x) || !sl_inches_to_mils(v->blast_y, &c.c.y))
        return;
    c.r = (int32_t)lround(v->blast_r * 1000);
    float cx, cy;
    cam_pt(cam, c.c, &cx, &cy);
    float r = (float)v->blast_r * cam->scale;
    sl_rgba orange = sl_rgba_make(230, 159, 0, 255);
    gfx_disc(ui->ren, cx, cy, r, sl_rgba_make(230, 159, 0, 55));
    gfx_ring(ui->ren, cx, cy, r, 5 * s, sl_rgba_make(0, 0, 0, 200));
    gfx_dashed_ring(ui->ren, cx, cy, r, 3 * s, 14 * s, 6 * s, orange);
    gfx_line(ui->ren, cx - 8 * s, cy, cx + 8 * s, cy, 2 * s, sl_rgba_make(0, 0, 0, 255));
    gfx_line(ui->ren, cx, cy - 8 * s, cx, cy + 8 * s, 2 * s, sl_rgba_make(0, 0, 0, 255));
    int under[256];
    int n = sl_figures_in_circle(&w->scn, c, true, under, 256);
    /* who is under it, by unit name and count ("ESU 1st Squad 3") */
    int units[256], count[256];
    int nu = ring_figures(ui, w, cam, s, under, n < 256 ? n : 256, sl_rgba_make(204, 121, 167, 255), units, count, 256);
    char line[600];
    int at = snprintf(line, sizeof line, "Blast %.0f\" radius: %d figure%s", v->blast_r, n, n == 1 ? "" : "s");
    for (int k = 0; k < nu && at > 0 && (size_t)at < sizeof line; k++)
        at += snprintf(line + at, sizeof line - (size_t)at, "%s%s %d", k ? ", " : ": ",
                       units[k] >= 0 ? w->scn.units[units[k]].name : "?", count[k]);
    /* beside the template where it hides least (a lesson's template on a
     * burst: under it, the row lay on the burst's ring and a name) */
    float pad = 4 * s, tw = (float)text_width(&ui->text, SL_FONT_SMALL, line) + 2 * pad;
    SDL_FRect spot = row_beside(ui, w, cam, cx, cy, r, tw, (float)text_height(&ui->text, SL_FONT_SMALL) + 2 * pad,
                                SL_HUE_ORANGE);
    ui->blast_row = label_in_view(ui, SL_FONT_SMALL, line, spot.x + spot.w / 2, spot.y + pad, sl_rgba_make(255, 255, 255, 255),
                                  sl_rgba_make(80, 50, 0, 235), pad, SL_ALIGN_CENTRE);
}

/* --- what the rules draw on the table (sl_sketch) -------------------------------------- */

/* The palette of the rules' sketches: each hue's line, its fill (lighter
 * for a preview at the pointer) and the dark ground of its words. */
static sl_rgba hue_line(sl_hue h)
{
    switch (h) {
    case SL_HUE_ORANGE: return sl_rgba_make(230, 159, 0, 255);
    case SL_HUE_VERMILLION: return sl_rgba_make(213, 94, 0, 255);
    case SL_HUE_BLUE: return sl_rgba_make(0, 114, 178, 255);
    case SL_HUE_PURPLE: return sl_rgba_make(204, 121, 167, 255);
    default: return sl_rgba_make(255, 255, 255, 255);
    }
}

static sl_rgba hue_fill(sl_hue h, bool faint)
{
    sl_rgba c = hue_line(h);
    c.a = faint ? 45 : h == SL_HUE_PURPLE ? 60 : 55;
    return c;
}

static sl_rgba hue_ground(sl_hue h)
{
    switch (h) {
    case SL_HUE_ORANGE: return sl_rgba_make(80, 50, 0, 235);
    case SL_HUE_VERMILLION: return sl_rgba_make(120, 60, 0, 235);
    case SL_HUE_BLUE: return sl_rgba_make(0, 90, 140, 235);
    case SL_HUE_PURPLE: return sl_rgba_make(70, 30, 60, 235);
    default: return sl_rgba_make(40, 40, 40, 235);
    }
}

/* An area given by its outline (star-shaped about its centre): filled, a
 * dashed edge over a black one. */
static void draw_outline_area(sl_ui *ui, const sl_cam *cam, float s, const sl_sketch *k)
{
    enum { N = SL_SKETCH_OUTLINE };
    float xy[2 * N], cx, cy;
    int n = k->noutline < N ? k->noutline : N;
    cam_pt(cam, k->at, &cx, &cy);
    for (int j = 0; j < n; j++)
        cam_pt(cam, k->outline[j], &xy[2 * j], &xy[2 * j + 1]);
    /* a fan of triangles from the centre */
    float fan[2 * (N + 1)];
    int idx[3 * N];
    fan[0] = cx;
    fan[1] = cy;
    for (int j = 0; j < n; j++) {
        fan[2 + 2 * j] = xy[2 * j];
        fan[3 + 2 * j] = xy[2 * j + 1];
        idx[3 * j] = 0;
        idx[3 * j + 1] = 1 + j;
        idx[3 * j + 2] = 1 + (j + 1) % n;
    }
    gfx_triangles(ui->ren, fan, n + 1, idx, 3 * n, hue_fill(k->hue, k->flags & SL_SKETCH_FAINT));
    gfx_polyline(ui->ren, xy, n, true, 5 * s, sl_rgba_make(0, 0, 0, 220));
    gfx_dashed(ui->ren, xy, n, true, 3 * s, 14 * s, 6 * s, hue_line(k->hue));
}

/* An area's middle kept clear of names and words (on the table; set
 * before the names are laid out, in overlay_place_words). */
static void area_keep_clear(sl_ui *ui, const sl_cam *cam, const sl_sketch *k)
{
    float x, y, r = (float)(k->radius / 1000.0) * cam->scale;
    cam_pt(cam, k->at, &x, &y);
    ui_keep_clear(ui, x, y, fmaxf(12 * ui->lay.s, 0.5f * r));
}

static void area_words(sl_ui *ui, const sl_cam *cam, float s, const sl_sketch *k);

/* An area: its outline or its circle; the circle dashed inside, the X on
 * its centre; its words under it (larger in a preview, where the player
 * is looking). On the table it keeps names off its middle. */
static void draw_area(sl_ui *ui, const sl_cam *cam, float s, const sl_sketch *k, bool preview)
{
    float x, y;
    cam_pt(cam, k->at, &x, &y);
    float r = (float)(k->radius / 1000.0) * cam->scale;
    sl_rgba edge = hue_line(k->hue);
    if (k->noutline > 2) {
        draw_outline_area(ui, cam, s, k);
    } else {
        gfx_disc(ui->ren, x, y, r, hue_fill(k->hue, k->flags & SL_SKETCH_FAINT));
        gfx_ring(ui->ren, x, y, r, 5 * s, sl_rgba_make(0, 0, 0, 200));
        gfx_dashed_ring(ui->ren, x, y, r, 3 * s, 14 * s, 6 * s, edge);
    }
    if (k->inner > 0)
        gfx_dashed_ring(ui->ren, x, y, (float)(k->inner / 1000.0) * cam->scale, 2 * s, 6 * s, 6 * s, edge);
    if (k->flags & SL_SKETCH_CROSS) {
        gfx_line(ui->ren, x - 9 * s, y - 9 * s, x + 9 * s, y + 9 * s, 3 * s, sl_rgba_make(0, 0, 0, 255));
        gfx_line(ui->ren, x - 9 * s, y + 9 * s, x + 9 * s, y - 9 * s, 3 * s, sl_rgba_make(0, 0, 0, 255));
    }
    if (k->lines[0][0] && !preview)
        area_words(ui, cam, s, k);
}

/* A table sketch's area words: in rows under its circle (above where
 * they do not fit), moved into the view as one block (row by row, rows
 * pushed in at the view's top edge lay over each other: 1280x720 at
 * 200%). */
static void area_words(sl_ui *ui, const sl_cam *cam, float s, const sl_sketch *k)
{
    float x, y, r = (float)(k->radius / 1000.0) * cam->scale;
    cam_pt(cam, k->at, &x, &y);
    char rows[4][UI_LINE];
    int n = text_wrap_lines(&ui->text, SL_FONT_SMALL, k->lines[0], ui->lay.table.w - 24 * s, rows, 4);
    const SDL_FRect *T = &ui->lay.table;
    float lh = (float)text_height(&ui->text, SL_FONT_SMALL) + 8 * s, ly = y + r + 8 * s, pad = 4 * s;
    if (ly + lh * (float)n > T->y + T->h)
        ly = y - r - 8 * s - lh * (float)n; /* above the burst when it does not fit under it */
    ly = fmaxf(T->y + pad + 2, fminf(ly, T->y + T->h - lh * (float)n));
    for (int i = 0; i < n; i++)
        label_in_view(ui, SL_FONT_SMALL, rows[i], x, ly + lh * (float)i, sl_rgba_make(255, 255, 255, 255),
                      hue_ground(k->words_hue), pad, SL_ALIGN_CENTRE);
}

/* The leader line from a circle (x, y, r on the screen; r 0 for a point)
 * to a block of words at `at`, drawn when the block stands more than
 * min_gap off the circle: its segment from the circle's edge to the
 * block's nearest point; false: none. */
static bool leader_segment(float x, float y, float r, const SDL_FRect *at, float min_gap, float seg[4])
{
    float nx = fmaxf(at->x, fminf(x, at->x + at->w)), ny = fmaxf(at->y, fminf(y, at->y + at->h));
    float gap = hypotf(nx - x, ny - y);
    if (gap <= r + min_gap)
        return false;
    seg[0] = x + (nx - x) * r / gap;
    seg[1] = y + (ny - y) * r / gap;
    seg[2] = nx;
    seg[3] = ny;
    return true;
}

/* Does a segment pass through r (its edge a pixel in: one that only
 * touches it hides none of its words)? */
static bool segment_crosses(const float seg[4], const SDL_FRect *r)
{
    float lo = 0, hi = 1, dx = seg[2] - seg[0], dy = seg[3] - seg[1];
    const float p[4] = {-dx, dx, -dy, dy};
    const float q[4] = {seg[0] - (r->x + 1), (r->x + r->w - 1) - seg[0], seg[1] - (r->y + 1), (r->y + r->h - 1) - seg[1]};
    for (int i = 0; i < 4; i++) {
        if (fabsf(p[i]) < 1e-6f) {
            if (q[i] < 0)
                return false;
            continue;
        }
        float t = q[i] / p[i];
        if (p[i] < 0)
            lo = fmaxf(lo, t);
        else
            hi = fminf(hi, t);
        if (lo > hi)
            return false;
    }
    return true;
}

/* What a block at box costs for the leader lines (issue 41: with two
 * missions in a turn, one burst's leader line ran across the other's
 * words): its own, from lead (x, y, r, the gap under which none is
 * drawn; NULL: none), over another burst's words, and another block's
 * line through it. */
static float leader_cost(const sl_ui *ui, const float *lead, const SDL_FRect *box)
{
    float seg[4], cost = 0;
    if (lead && leader_segment(lead[0], lead[1], lead[2], box, lead[3], seg)) {
        for (int i = 0; i < ui->nburst_rows; i++)
            cost += segment_crosses(seg, &ui->burst_rows[i]) ? 1e6f : 0.0f;
        for (int i = 0; i < ui->nburst_blocks; i++)
            cost += segment_crosses(seg, &ui->burst_blocks[i].box) ? 1e6f : 0.0f;
    }
    for (int i = 0; i < ui->nburst_blocks; i++)
        cost += ui->burst_blocks[i].lead[0] >= 0 && segment_crosses(ui->burst_blocks[i].lead, box) ? 1e6f : 0.0f;
    return cost;
}

/* A block of words tried at (bx, by), bw by bh, moved into the table's
 * view as a whole: kept in best when it costs less than least (what it
 * hides, cards and labels by how much, figures and names, places' words
 * and bursts' rings; a figure's worth for each 20 px it moved; another
 * burst's words never). Early: before the names are laid out. */
static void words_block_try(sl_ui *ui, const sl_world *w, const sl_cam *cam, float bx, float by, float bw, float bh,
                            bool early, float extra, const float *lead, SDL_FRect *best, float *least)
{
    const SDL_FRect *T = &ui->lay.table;
    float s = ui->lay.s;
    SDL_FRect box = {fmaxf(T->x + 2, fminf(bx, T->x + T->w - bw - 2)), fmaxf(T->y + 2, fminf(by, T->y + T->h - bh - 2)),
                     bw, bh};
    float moved = fabsf(box.x - bx) + fabsf(box.y - by);
    float cost = (early ? ui_spot_cost_early(ui, w, cam, &box) : ui_spot_cost(ui, w, cam, &box)) +
                 (moved > 0.5f ? 300.0f + 15.0f * moved / s : 0.0f) + extra;
    for (int i = 0; i < ui->nburst_rows; i++)
        cost += scene_rects_overlap(&box, &ui->burst_rows[i]) ? 1e7f : 0.0f;
    for (int i = 0; i < ui->nburst_blocks; i++)
        cost += scene_rects_overlap(&box, &ui->burst_blocks[i].box) ? 1e7f : 0.0f;
    cost += leader_cost(ui, lead, &box);
    /* a place's label, a building's word ("DESTROYED") or a burst's ring
     * (who it caught is read there): hidden, they are lost, where a
     * figure under words is still there (at 200% the words kept off the
     * men and went over "OPEN" and the rings) */
    for (int i = 0; i < ui->ntexts; i++)
        cost += scene_rects_overlap(&box, &ui->texts[i]) ? 20000.0f : 0.0f;
    cost += 20000.0f * (float)scene_ring_hits(ui, cam, &box);
    /* late (words at the pointer): the names, rows of counters and tags
     * are laid out; hidden, a unit is not known (a refusal's row over
     * Phalon 2nd Warband's name) */
    for (int i = 0; !early && i < w->scn.nunits && i < ui->names_cap; i++)
        cost += ui->names[i].w > 0 && scene_rects_overlap(&box, &ui->names[i]) ? 3000.0f : 0.0f;
    for (int i = 0; !early && i < ui->nmark_rows; i++)
        cost += scene_rects_overlap(&box, &ui->mark_rows[i]) ? 3000.0f : 0.0f;
    for (int i = 0; !early && i < ui->ntags; i++)
        cost += scene_rects_overlap(&box, &ui->tags[i]) ? 3000.0f : 0.0f;
    /* the scale bar's room, the first card in the table layout: the bar
     * is drawn over words there */
    if (!ui->lay.present && ui->ncards > 0 && scene_rects_overlap(&box, &ui->cards[0]))
        cost += 1e6f;
    if (*least < 0 || cost < *least) {
        *least = cost;
        *best = box;
    }
}

/* A burst's words in rows as wide as the table's view, never cut (a
 * projector's text: "caught: ..." of a burst over a bunker full of men),
 * its circle on the screen; false when the circle is out of view (its
 * words are not dragged in over what is). room: the rows' width. */
typedef struct words_rows {
    char row[6][UI_LINE];
    int n;
    float x, y, r, lh, tw, bh, room;
} words_rows;

/* The rows of k's lines (two at most) wrapped at room, each line in
 * three rows at most (more: false, nothing kept); tried, nothing drawn
 * or counted as cut. */
static bool words_rows_wrap(sl_ui *ui, const sl_sketch *k, float room, words_rows *b)
{
    bool watch = ui->text.watch;
    int cuts = ui->text.cuts;
    ui->text.watch = false;
    bool fits = true;
    for (int i = 0; i < 2 && i < SL_SKETCH_LINES && k->lines[i][0] && fits; i++) {
        char probe[4][UI_LINE];
        fits = text_wrap_lines(&ui->text, SL_FONT_SMALL, k->lines[i], room, probe, 4) <= 3;
    }
    ui->text.watch = watch;
    ui->text.cuts = cuts;
    b->n = 0;
    for (int i = 0; i < 2 && i < SL_SKETCH_LINES && k->lines[i][0] && fits; i++)
        b->n += text_wrap_lines(&ui->text, SL_FONT_SMALL, k->lines[i], room, b->row + b->n, 3);
    return fits;
}

/* k's rows at room (<= 0: at most 60% of the view where no line then
 * takes more than three rows, else as wide as the view). */
static bool words_rows_make(sl_ui *ui, const sl_cam *cam, const sl_sketch *k, float room, words_rows *b)
{
    float s = ui->lay.s, pad = 4 * s;
    cam_pt(cam, k->at, &b->x, &b->y);
    b->r = (float)(k->radius / 1000.0) * cam->scale;
    const SDL_FRect *V = &ui->lay.table;
    if (b->x + b->r < V->x || b->x - b->r > V->x + V->w || b->y + b->r < V->y || b->y - b->r > V->y + V->h)
        return false;
    int cuts0 = ui->text.cuts;
    float full = V->w - 8 * s - 2 * pad - 8;
    b->room = room > 0 ? fminf(room, full) : 0.6f * V->w - 2 * pad - 8;
    if (!words_rows_wrap(ui, k, b->room, b)) {
        if (room > 0 && room < full) /* a narrower try: no; the view's width (as placed): cut, as below */
            return false;
        b->room = full; /* as wide as the view: three rows a line, the rest cut (and counted) */
        b->n = 0;
        for (int i = 0; i < 2 && i < SL_SKETCH_LINES && k->lines[i][0]; i++)
            b->n += text_wrap_lines(&ui->text, SL_FONT_SMALL, k->lines[i], full, b->row + b->n, 3);
    }
    ui->burst_cuts += ui->text.cuts - cuts0;
    b->lh = (float)text_height(&ui->text, SL_FONT_SMALL) + 2 * pad + 2 * s;
    b->tw = 0;
    for (int i = 0; i < b->n; i++)
        b->tw = fmaxf(b->tw, (float)text_width(&ui->text, SL_FONT_SMALL, b->row[i]));
    b->tw = fminf(b->tw + 2 * pad, V->w - 8 * s);
    b->bh = (float)b->n * b->lh;
    return b->n > 0;
}

/* Where the rows go beside their circle, where they hide the fewest
 * names and figures: below it, above, right, left, then its corners;
 * each spot's block moved into the table's view as a whole (its rows
 * then stay one under another, never pushed over each other or over
 * another burst's words); where every spot is crowded, bands down the
 * view, the block slid along each. *least: what the spot costs. */
/* What a block at (bx, by) costs for its distance from the circle beyond
 * the spots beside it: a figure's worth for each 20 px (far off on a
 * clear stretch it no longer reads as the burst's words). */
static float words_far(const words_rows *b, float bx, float by, float s)
{
    float nx = fmaxf(bx, fminf(b->x, bx + b->tw)), ny = fmaxf(by, fminf(b->y, by + b->bh));
    float d = hypotf(nx - b->x, ny - b->y) - b->r - 12 * s;
    return d > 0 ? 15.0f * d / s : 0.0f;
}

static SDL_FRect words_rows_place(sl_ui *ui, const sl_world *w, const sl_cam *cam, const words_rows *b, bool early,
                                  float *least)
{
    float s = ui->lay.s, x = b->x, y = b->y, r = b->r, tw = b->tw, bh = b->bh;
    float d = r * 0.72f + 8 * s;
    const float spots[8][2] = {{x, y + r + 8 * s},
                               {x, y - r - 8 * s - bh},
                               {x + r + 10 * s + tw / 2, y - bh / 2},
                               {x - r - 10 * s - tw / 2, y - bh / 2},
                               {x + d + tw / 2, y + d},
                               {x - d - tw / 2, y + d},
                               {x + d + tw / 2, y - d - bh},
                               {x - d - tw / 2, y - d - bh}};
    const SDL_FRect *T = &ui->lay.table;
    const float lead[4] = {x, y, r, 24 * s}; /* its leader line, as words_leader draws it */
    SDL_FRect best = {0, 0, 0, 0};
    *least = -1;
    for (int q = 0; q < 8 && *least != 0; q++)
        words_block_try(ui, w, cam, spots[q][0] - tw / 2, spots[q][1], tw, bh, early, 0, lead, &best, least);
    float step = fmaxf(24 * s, (T->w - tw) / 12);
    for (float yy = T->y; *least >= 300.0f && yy + bh <= T->y + T->h; yy += b->lh / 2) {
        words_block_try(ui, w, cam, x - tw / 2, yy, tw, bh, early, words_far(b, x - tw / 2, yy, s), lead, &best,
                        least);
        for (float xx = T->x; xx + tw <= T->x + T->w + step; xx += step)
            words_block_try(ui, w, cam, xx, yy, tw, bh, early, words_far(b, xx, yy, s), lead, &best, least);
    }
    const float xs[3] = {x - tw / 2, T->x, T->x + T->w - tw};
    int nothers = ui->nburst_rows + ui->nburst_blocks;
    for (int o = 0; o < nothers && *least >= 300.0f; o++) { /* hard under or over another's */
        const SDL_FRect *ob = o < ui->nburst_rows ? &ui->burst_rows[o] : &ui->burst_blocks[o - ui->nburst_rows].box;
        for (int i = 0; i < 3; i++) {
            words_block_try(ui, w, cam, xs[i], ob->y + ob->h + s, tw, bh, early, 0, lead, &best, least);
            words_block_try(ui, w, cam, xs[i], ob->y - bh - s, tw, bh, early, 0, lead, &best, least);
        }
    }
    return best;
}

/* A block of words at `at` moved off beside its circle (x, y, r on the
 * screen; r 0 for a point): a leader line from the circle's edge to the
 * block, as a card has, when it stands more than min_gap off. */
static void leader_line(sl_ui *ui, float x, float y, float r, const SDL_FRect *at, float min_gap, sl_hue hue)
{
    float s = ui->lay.s, seg[4];
    if (leader_segment(x, y, r, at, min_gap, seg)) {
        gfx_line(ui->ren, seg[0], seg[1], seg[2], seg[3], 4 * s, sl_rgba_make(0, 0, 0, 200));
        gfx_line(ui->ren, seg[0], seg[1], seg[2], seg[3], 2 * s, hue_line(hue));
        if (ui->nleaders < (int)(sizeof ui->leaders / sizeof ui->leaders[0]))
            ui->leaders[ui->nleaders++] = (struct ui_leader){{seg[0], seg[1], seg[2], seg[3]}, *at};
    }
}

/* A burst's block of words moved off its circle (a crowded table at
 * 200%): its leader line. */
static void words_leader(sl_ui *ui, const words_rows *b, const SDL_FRect *at, sl_hue hue)
{
    leader_line(ui, b->x, b->y, b->r, at, 24 * ui->lay.s, hue);
}

/* One row of words, tw by th, beside a circle (x, y, r on the screen)
 * where it hides least, as a burst's words go, with a leader line in
 * hue when it stands off: its box. */
static SDL_FRect row_beside(sl_ui *ui, const sl_world *w, const sl_cam *cam, float x, float y, float r, float tw,
                            float th, sl_hue hue)
{
    static words_rows b; /* large: not on the stack each frame */
    float least;
    b.x = x;
    b.y = y;
    b.r = r;
    b.n = 1;
    b.tw = tw;
    b.bh = b.lh = th;
    SDL_FRect at = words_rows_place(ui, w, cam, &b, false, &least);
    words_leader(ui, &b, &at, hue);
    return at;
}

/* An aimed area's words at the pointer (its odds, or why not there),
 * larger than the table's: in rows as wide as the view, never cut, as
 * one block beside the circle where it hides least (issue 41: always
 * under it, the call-fire's odds lay over "the command bunker" label and
 * a refusal's row over Phalon 2nd Warband's name). */
static void preview_area_words(sl_ui *ui, const sl_world *w, const sl_cam *cam, const sl_sketch *k)
{
    static words_rows b; /* large: not on the stack each frame */
    float s = ui->lay.s, pad = 4 * s, least;
    cam_pt(cam, k->at, &b.x, &b.y);
    b.r = (float)(k->radius / 1000.0) * cam->scale;
    b.n = text_wrap_lines(&ui->text, SL_FONT_NORMAL, k->lines[0], ui->lay.table.w - 24 * s, b.row, 4);
    b.lh = (float)text_height(&ui->text, SL_FONT_NORMAL) + 2 * pad;
    b.tw = 0;
    for (int i = 0; i < b.n; i++)
        b.tw = fmaxf(b.tw, (float)text_width(&ui->text, SL_FONT_NORMAL, b.row[i]) + 2 * pad);
    b.bh = b.lh * (float)b.n;
    SDL_FRect at = words_rows_place(ui, w, cam, &b, false, &least);
    words_leader(ui, &b, &at, k->hue);
    ui->npreview_rows = 0;
    for (int i = 0; i < b.n; i++) {
        SDL_FRect got = label_in_view(ui, SL_FONT_NORMAL, b.row[i], at.x + at.w / 2, at.y + pad + b.lh * (float)i,
                                      sl_rgba_make(255, 255, 255, 255), hue_ground(k->words_hue), pad, SL_ALIGN_CENTRE);
        if (ui->npreview_rows < 4)
            ui->preview_rows[ui->npreview_rows++] = got;
    }
}

/* A burst's words in brief: who it caught left to the rings round them
 * ("caught: the men ringed"); false when it caught no one. */
static bool words_brief(const sl_sketch *k, sl_sketch *out)
{
    if (!k->lines[1][0])
        return false;
    *out = *k;
    snprintf(out->lines[1], sizeof out->lines[1], "caught: the men ringed");
    return true;
}

/* A burst's words placed before the names are laid out (issue 41: at
 * 200% on a crowded table they lay over the names placed first): the
 * block is one the names keep off (layout_names), as they keep off the
 * features' words. Where the rows as they come find no clear spot,
 * narrower ones (more rows) are tried too (at 200% a block as wide as
 * the table lay over places' labels and rings wherever it went). With
 * force 1 to 7, only that try (1 to 3 narrower rows, 4 the brief words, 5
 * to 7 the brief words narrower): what it costs, or -1 when it cannot be
 * made (nothing placed). */
static float place_words_beside(sl_ui *ui, const sl_world *w, const sl_cam *cam, int sketch, int force)
{
    static words_rows b; /* large: not on the stack each frame */
    static sl_sketch brief;
    if (ui->nburst_blocks >= (int)(sizeof ui->burst_blocks / sizeof ui->burst_blocks[0]) ||
        !words_rows_make(ui, cam, &ui->sketches[sketch], 0, &b))
        return force > 0 ? -1 : 0;
    float least = -1, room = b.room, first = b.room, cx = b.x, cy = b.y, cr = b.r;
    bool short_words = false;
    SDL_FRect box = {0, 0, 0, 0};
    if (force <= 0)
        box = words_rows_place(ui, w, cam, &b, true, &least);
    for (int i = force > 0 ? force : 1; i <= (force > 0 ? force : 4) && (force > 0 || least >= 300.0f); i++) {
        float cost;
        /* narrower rows; last, who was caught left to the rings (seed
         * 3's first mission at 1280x720 200%: five rows of names lay on
         * a bunker's "OPEN" wherever they went) */
        bool last = i >= 4 && words_brief(&ui->sketches[sketch], &brief);
        if (i >= 4 && !last)
            break;
        float narrower = i == 4 ? 0 : first * (1.0f - 0.2f * (float)(i % 4)); /* 5 to 7: brief and narrower */
        if (!words_rows_make(ui, cam, last ? &brief : &ui->sketches[sketch], narrower, &b))
            continue; /* narrower still would not hold it either */
        SDL_FRect got = words_rows_place(ui, w, cam, &b, true, &cost);
        if (least < 0 || cost < least - 100.0f) { /* narrower only for a clearly better spot */
            least = cost;
            box = got;
            room = b.room;
            short_words = last;
        }
    }
    if (least < 0)
        return -1;
    struct ui_burst_block *k = &ui->burst_blocks[ui->nburst_blocks++]; /* the names keep off it */
    *k = (struct ui_burst_block){sketch, box, room, short_words, {-1, -1, -1, -1}};
    leader_segment(cx, cy, cr, &box, 24 * ui->lay.s, k->lead); /* the blocks after keep off its line */
    return least;
}

/* Every burst's words placed in the sketches' order (back: the other way
 * round), the one `forced` with rows as try `force` makes them (0: as
 * they come): what they cost together, or -1 when that try cannot be
 * made. */
static float place_words_order(sl_ui *ui, const sl_world *w, const sl_cam *cam, int n0, bool back, int forced, int force)
{
    float total = 0;
    ui->nburst_blocks = n0;
    for (int j = 0; j < ui->nsketches; j++) {
        int i = back ? ui->nsketches - 1 - j : j;
        if (ui->sketches[i].kind != SL_SKETCH_WORDS)
            continue;
        float c = place_words_beside(ui, w, cam, i, i == forced ? force : 0);
        if (c < 0)
            return -1;
        total += c;
    }
    return total;
}

/* Every burst's words placed, in the sketches' order and, when that
 * leaves a label or a ring under some (the first block took the one
 * clear spot the second needed: 1280x720 at 200%), the other way round,
 * and then with each block's rows narrower from the first (issue 41: the
 * first mission's words under its ring left the second's no place but
 * one whose leader line ran across them); the way that hides less kept. */
static void place_all_words(sl_ui *ui, const sl_world *w, const sl_cam *cam)
{
    int n0 = ui->nburst_blocks;
    float least = place_words_order(ui, w, cam, n0, false, -1, 0);
    if (least < 20000.0f || ui->nburst_blocks - n0 < 2)
        return;
    struct ui_burst_block kept[sizeof ui->burst_blocks / sizeof ui->burst_blocks[0]];
    int nkept = ui->nburst_blocks;
    memcpy(kept, ui->burst_blocks, sizeof kept);
    for (int t = 0; t < 1 + 7 * ui->nsketches && least >= 20000.0f; t++) {
        int forced = t == 0 ? -1 : (t - 1) / 7, force = t == 0 ? 0 : 1 + (t - 1) % 7;
        if (forced >= 0 && ui->sketches[forced].kind != SL_SKETCH_WORDS)
            continue;
        float c = place_words_order(ui, w, cam, n0, t == 0, forced, force);
        if (c >= 0 && c < least) {
            least = c;
            nkept = ui->nburst_blocks;
            memcpy(kept, ui->burst_blocks, sizeof kept);
        }
    }
    memcpy(ui->burst_blocks, kept, sizeof kept);
    ui->nburst_blocks = nkept;
}

/* The box of a mission's aim point's words ("mission 1 aimed here")
 * where draw_sketch draws them by default, above the point (measured,
 * nothing drawn, no card taken). */
static SDL_FRect aim_words_box(sl_ui *ui, const sl_cam *cam, const sl_sketch *k)
{
    float x, y, s = ui->lay.s;
    cam_pt(cam, k->at, &x, &y);
    bool bare = ui->text.bare;
    int ncards = ui->ncards;
    ui->text.bare = true;
    SDL_FRect r = label_in_view(ui, SL_FONT_SMALL, k->lines[0], x, y - 26 * s, sl_rgba_make(0, 0, 0, 0),
                                sl_rgba_make(0, 0, 0, 0), 3 * s, SL_ALIGN_CENTRE);
    ui->text.bare = bare;
    ui->ncards = ncards;
    return r;
}

/* An aim point's words placed first, beside the point where they hide
 * least (issue 41: always above it, they lay over the bunker's "OPEN"
 * and a burst's ring): the names and the bursts' rows keep off them. */
static void place_aim_words(sl_ui *ui, const sl_world *w, const sl_cam *cam, int sketch)
{
    if (ui->nburst_blocks >= (int)(sizeof ui->burst_blocks / sizeof ui->burst_blocks[0]))
        return;
    SDL_FRect r = aim_words_box(ui, cam, &ui->sketches[sketch]), best = r;
    float x, y, s = ui->lay.s, bw = r.w, bh = r.h, least = -1;
    cam_pt(cam, ui->sketches[sketch].at, &x, &y);
    const float lead[4] = {x, y, 0, 16 * s}; /* its leader line, as draw_sketch draws it */
    words_block_try(ui, w, cam, r.x, r.y, bw, bh, true, 0, lead, &best, &least);
    /* then round the point, nearest first: below, beside, the corners;
     * farther off each px costs (a figure's worth for each 20 px) */
    const float dir[8][2] = {{0, 1}, {1, 0}, {-1, 0}, {0, -1}, {1, -1}, {-1, -1}, {1, 1}, {-1, 1}};
    for (float g = 10 * s; least >= 300.0f && g <= 160 * s; g += g < 40 * s ? 15 * s : 40 * s)
        for (int q = 0; q < 8; q++) {
            float bx = dir[q][0] > 0 ? x + g : dir[q][0] < 0 ? x - g - bw : x - bw / 2;
            float by = dir[q][1] > 0 ? y + g : dir[q][1] < 0 ? y - g - bh : y - bh / 2;
            words_block_try(ui, w, cam, bx, by, bw, bh, true, 15.0f * (g - 10 * s) / s, lead, &best, &least);
        }
    struct ui_burst_block *k = &ui->burst_blocks[ui->nburst_blocks++]; /* the rows keep off it */
    *k = (struct ui_burst_block){sketch, best, 0, false, {-1, -1, -1, -1}};
    leader_segment(x, y, 0, &best, 16 * s, k->lead);
}

/* A burst's words in their rows: a frame's sketch (index >= 0) where
 * they were placed before the names, a preview's where they hide least
 * now (each row an obstacle after). */
static void draw_words_beside(sl_ui *ui, const sl_world *w, const sl_cam *cam, float s, const sl_sketch *k, int index)
{
    static words_rows b;
    static sl_sketch brief;
    SDL_FRect best = {0, 0, 0, 0};
    float room = 0;
    bool placed = false;
    for (int i = 0; i < ui->nburst_blocks && !placed; i++)
        if (index >= 0 && ui->burst_blocks[i].sketch == index) {
            best = ui->burst_blocks[i].box;
            room = ui->burst_blocks[i].room;
            placed = true;
            if (ui->burst_blocks[i].brief && words_brief(k, &brief))
                k = &brief;
        }
    if ((index >= 0 && !placed) || !words_rows_make(ui, cam, k, room, &b))
        return;
    if (!placed) {
        float least;
        best = words_rows_place(ui, w, cam, &b, false, &least);
    }
    int cuts0 = ui->text.cuts;
    float pad = 4 * s;
    sl_rgba white = sl_rgba_make(255, 255, 255, 255), ground = hue_ground(k->words_hue);
    words_leader(ui, &b, &best, k->hue);
    float at = best.y + pad; /* a row's box starts a pad above its words */
    for (int i = 0; i < b.n; i++) {
        SDL_FRect got = label_in_view(ui, SL_FONT_SMALL, b.row[i], best.x + best.w / 2, at, white, ground, pad,
                                      SL_ALIGN_CENTRE);
        if (!placed)
            scene_add_obstacle(ui, w, cam, s, &got);
        if (ui->nburst_rows < (int)(sizeof ui->burst_rows / sizeof ui->burst_rows[0]))
            ui->burst_rows[ui->nburst_rows++] = got;
        at = got.y + got.h + 2 * s + pad;
    }
    ui->burst_cuts += ui->text.cuts - cuts0;
}

/* Where a sketch's word on a terrain feature goes: the first corner of
 * the feature where it hides no figure or other text, else the one where
 * it hides fewest; kept in the view as label_in_view will keep it. */
static void place_word(sl_ui *ui, const sl_world *w, const sl_cam *cam, int sketch)
{
    float s = ui->lay.s;
    const SDL_FRect *V = &ui->edge; /* on the table, not past its edge */
    const sl_feature *ft = &w->scn.table.features[ui->sketches[sketch].feature];
    const char *word = ui->sketches[sketch].lines[0];
    float x0, y0, x1, y1;
    cam_pt(cam, ft->lo, &x0, &y0);
    cam_pt(cam, ft->hi, &x1, &y1);
    float tw = (float)text_width(&ui->text, SL_FONT_SMALL, word) + 6 * s;
    float th = (float)text_height(&ui->text, SL_FONT_SMALL) + 6 * s;
    float cand[6][2] = {{x0, y0 - th - 2 * s}, {x0, y1 + 2 * s}, {x1 - tw, y0 - th - 2 * s},
                        {x1 - tw, y1 + 2 * s}, {x0 + 3 * s, y0 + 3 * s}, {x1 - tw - 3 * s, y1 - th - 3 * s}};
    int pick = 0, least = -1;
    for (int k = 0; k < 6 && least != 0; k++) {
        SDL_FRect r = {cand[k][0], cand[k][1], tw, th};
        int hits = scene_figure_hits(ui, w, cam, s, &r);
        for (int i = 0; i < ui->ntexts; i++)
            hits += 3 * scene_rects_overlap(&r, &ui->texts[i]);
        if (least < 0 || hits < least) {
            least = hits;
            pick = k;
        }
    }
    float x = fmaxf(V->x, fminf(cand[pick][0], V->x + V->w - tw));
    float y = fmaxf(V->y, fminf(cand[pick][1], V->y + V->h - th));
    ui->words[ui->nwords++] = (struct ui_word){sketch, x, y};
    SDL_FRect r = {x, y, tw, th};
    scene_add_text(ui, w, cam, s, &r);
}

/* The rules' sketches for this frame, and a place for each word on a
 * feature before the names are laid out round them. */
void overlay_place_words(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam)
{
    ui->nwords = 0;
    ui->nburst_rows = 0;
    ui->nleaders = 0;
    ui->nburst_blocks = 0;
    ui->nrow_homes = 0;
    ui->npreview_rows = 0;
    ui->burst_cuts = 0;
    ui->scale_bar = ui->blast_row = (SDL_FRect){0, 0, 0, 0};
    ui->nsketches = 0;
    if (!v->play || !v->play->on)
        return;
    ui->nsketches = sl_game_sketches(&v->play->game, v->play->view_side, ui->sketches, SL_MAX_SKETCHES);
    for (int i = 0; i < ui->nsketches && ui->nwords < (int)(sizeof ui->words / sizeof ui->words[0]); i++) {
        int f = ui->sketches[i].feature;
        if (ui->sketches[i].kind == SL_SKETCH_WORD && f >= 0 && f < w->scn.table.nfeatures)
            place_word(ui, w, cam, i);
    }
    for (int i = 0; i < ui->nsketches; i++) /* the areas' middles kept clear of words and cards */
        if (ui->sketches[i].kind == SL_SKETCH_AREA)
            area_keep_clear(ui, cam, &ui->sketches[i]);
    ui->nrow_homes = 0;
    for (int i = 0; i < ui->nsketches && ui->nrow_homes == 0; i++) /* the rows of counters' places, for words to keep off */
        if (ui->sketches[i].kind == SL_SKETCH_WORDS || (ui->sketches[i].kind == SL_SKETCH_AIM && ui->sketches[i].lines[0][0]))
            ui_spot_rows_early(ui, w, cam);
    place_all_words(ui, w, cam);
    for (int i = 0; i < ui->nsketches; i++) /* the aim points' words, short: where the blocks left room */
        if (ui->sketches[i].kind == SL_SKETCH_AIM && ui->sketches[i].lines[0][0])
            place_aim_words(ui, w, cam, i);
}

/* One sketch, by its kind (a preview's at the pointer). */
static void draw_sketch(sl_ui *ui, const sl_world *w, const sl_cam *cam, const sl_sketch *k, int index, bool preview)
{
    float s = ui->lay.s, x, y;
    sl_rgba white = sl_rgba_make(255, 255, 255, 255), black = sl_rgba_make(0, 0, 0, 255);
    sl_rgba line = hue_line(k->hue), ground = hue_ground(k->words_hue);
    cam_pt(cam, k->at, &x, &y);
    switch (k->kind) {
    case SL_SKETCH_AREA:
        draw_area(ui, cam, s, k, preview);
        if (preview && k->lines[0][0])
            preview_area_words(ui, w, cam, k);
        break;
    case SL_SKETCH_MARK:
        gfx_ring(ui->ren, x, y, 10 * s, 3 * s, black);
        gfx_line(ui->ren, x - 12 * s, y, x + 12 * s, y, 2 * s, line);
        gfx_line(ui->ren, x, y - 12 * s, x, y + 12 * s, 2 * s, line);
        if (k->lines[0][0])
            label_in_view(ui, SL_FONT_SMALL, k->lines[0], x, y + 14 * s, white, ground, 3 * s, SL_ALIGN_CENTRE);
        break;
    case SL_SKETCH_AIM:
        gfx_ring(ui->ren, x, y, 7 * s, 3 * s, black);
        gfx_ring(ui->ren, x, y, 7 * s, 1.5f * s, line);
        if (k->lines[0][0]) {
            float lx = x, ly = y - 26 * s; /* where place_aim_words put them */
            for (int i = 0; i < ui->nburst_blocks; i++)
                if (ui->burst_blocks[i].sketch == index) {
                    const SDL_FRect *b = &ui->burst_blocks[i].box;
                    lx = b->x + b->w / 2;
                    ly = b->y + 1.5f * s; /* a box starts half its pad above */
                    leader_line(ui, x, y, 0, b, 16 * s, k->hue); /* moved off: a leader line to the point */
                }
            SDL_FRect got = label_in_view(ui, SL_FONT_SMALL, k->lines[0], lx, ly, white, ground, 3 * s, SL_ALIGN_CENTRE);
            if (ui->nburst_rows < (int)(sizeof ui->burst_rows / sizeof ui->burst_rows[0]))
                ui->burst_rows[ui->nburst_rows++] = got; /* a burst's words too ("mission 1 aimed here") */
        }
        break;
    case SL_SKETCH_LINE: {
        float seg[4] = {x, y, 0, 0};
        cam_pt(cam, k->to, &seg[2], &seg[3]);
        gfx_polyline(ui->ren, seg, 2, false, 5 * s, sl_rgba_make(0, 0, 0, 220));
        gfx_dashed(ui->ren, seg, 2, false, 3 * s, 8 * s, 5 * s, line);
        break;
    }
    case SL_SKETCH_FIGURES: {
        int units[64], count[64], figs[SL_SKETCH_FIGS], n = 0;
        for (int i = 0; i < k->nfigs && i < SL_SKETCH_FIGS; i++)
            if (k->figs[i] >= 0 && k->figs[i] < w->scn.nfigures)
                figs[n++] = k->figs[i];
        ring_figures(ui, w, cam, s, figs, n, line, units, count, 64);
        break;
    }
    case SL_SKETCH_WORDS: draw_words_beside(ui, w, cam, s, k, index); break;
    case SL_SKETCH_WORD:
        for (int i = 0; i < ui->nwords; i++)
            if (ui->words[i].sketch == index)
                label_in_view(ui, SL_FONT_SMALL, k->lines[0], ui->words[i].x + 3 * s, ui->words[i].y + 3 * s, white,
                              ground, 3 * s, SL_ALIGN_LEFT);
        break;
    }
}

/* What the rules draw on the table, in their order; while the acting
 * unit picks for a command, what its rule shows at the pointer. */
static void draw_sketches(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam)
{
    if (!v->play || !v->play->on)
        return;
    for (int i = 0; i < ui->nsketches; i++)
        draw_sketch(ui, w, cam, &ui->sketches[i], i, false);
    if (v->pick.kind < 0 || v->pick.kind == SL_CMD_NONE || ui->lay.act_unit < 0 || !v->mouse_in_table)
        return;
    static sl_preview pv; /* large: not on the stack each frame */
    if (!sl_game_pick_preview(&v->play->game, v->play->view_side, ui->lay.act_unit, v->pick.kind, v->pick.variant,
                              v->pick.target, v->cursor, &pv))
        return;
    /* refused there: grey, its words the reason, never its odds */
    bool said = false;
    for (int i = 0; i < pv.nsketches; i++) {
        sl_sketch *k = &pv.sketches[i];
        if (!pv.legal) {
            k->hue = k->words_hue = SL_HUE_GREY;
            if (k->lines[0][0] && !said) {
                /* the card in the strip says why: here, few words (at
                 * 1280x720 200% they lay across the table in three rows) */
                if (play_card_says_why(ui, v, &pv))
                    snprintf(k->lines[0], sizeof k->lines[0], "Not allowed here (the %s says why)",
                             v->pick.message_is_error && strstr(v->pick.message, pv.why) ? "box" : "card");
                else
                    snprintf(k->lines[0], sizeof k->lines[0], "Not allowed here: %s", pv.why);
                for (int l = 1; l < SL_SKETCH_LINES; l++)
                    k->lines[l][0] = '\0';
                said = true;
            } else
                memset(k->lines, 0, sizeof k->lines);
        }
        draw_sketch(ui, w, cam, k, -1, true);
        if (k->kind == SL_SKETCH_AREA) {
            /* the template being aimed: cards and tooltips keep off it */
            float x, y, r = (float)(k->radius / 1000.0) * cam->scale;
            cam_pt(cam, k->at, &x, &y);
            ui_card_taken(ui, (SDL_FRect){x - r, y - r, 2 * r, 2 * r});
        }
    }
}

/* The planned way coloured by which action the ground is covered in:
 * solid green for the first, long blue dashes for the second, short red
 * dashes beyond; over a black edge, with a dot at each corner. */
static void path_draw_actions(sl_ui *ui, const sl_view *v, const float *xy, double one_stop, double two_stop, float s)
{
    sl_rgba green = sl_rgba_make(0, 158, 115, 255), blue = sl_rgba_make(86, 180, 233, 255);
    sl_rgba red = sl_rgba_make(213, 94, 0, 255), black = sl_rgba_make(0, 0, 0, 255);
    gfx_polyline(ui->ren, xy, v->npath, false, 7 * s, black);
    double acc = 0;
    for (int i = 0; i + 1 < v->npath; i++) {
        double len = sl_dist(v->path[i], v->path[i + 1]);
        double cuts[4] = {acc, one_stop, two_stop, acc + len};
        for (int part = 0; part < 3; part++) {
            double a = part == 0 ? acc : cuts[part];
            double b = part == 0 ? one_stop : part == 1 ? two_stop : acc + len;
            if (a < acc)
                a = acc;
            if (b > acc + len)
                b = acc + len;
            if (b <= a || len <= 0)
                continue;
            float t0 = (float)((a - acc) / len), t1 = (float)((b - acc) / len);
            float seg[4] = {xy[2 * i] + (xy[2 * i + 2] - xy[2 * i]) * t0, xy[2 * i + 1] + (xy[2 * i + 3] - xy[2 * i + 1]) * t0,
                            xy[2 * i] + (xy[2 * i + 2] - xy[2 * i]) * t1, xy[2 * i + 1] + (xy[2 * i + 3] - xy[2 * i + 1]) * t1};
            if (part == 0)
                gfx_polyline(ui->ren, seg, 2, false, 4 * s, green);
            else if (part == 1)
                gfx_dashed(ui->ren, seg, 2, false, 4 * s, 14 * s, 5 * s, blue);
            else
                gfx_dashed(ui->ren, seg, 2, false, 4 * s, 5 * s, 5 * s, red);
        }
        acc += len;
    }
    for (int i = 0; i < v->npath; i++) {
        gfx_disc(ui->ren, xy[2 * i], xy[2 * i + 1], 4.5f * s, black);
        gfx_disc(ui->ren, xy[2 * i], xy[2 * i + 1], 3 * s, sl_rgba_make(255, 255, 255, 255));
    }
}

/* Where each action's allowance runs out short of the way's end: a
 * numbered marker on the path. */
static void path_draw_stops(sl_ui *ui, const sl_cam *cam, const sl_path_cost *one, const sl_path_cost *two, float s)
{
    sl_rgba green = sl_rgba_make(0, 158, 115, 255), blue = sl_rgba_make(86, 180, 233, 255);
    sl_rgba black = sl_rgba_make(0, 0, 0, 255);
    const sl_path_cost *stops[2] = {one, two};
    for (int k = 0; k < 2; k++) {
        if (stops[k]->within && !stops[k]->impassable)
            continue;
        float px, py;
        cam_pt(cam, stops[k]->stop, &px, &py);
        gfx_disc(ui->ren, px, py, 8 * s, black);
        gfx_disc(ui->ren, px, py, 6 * s, k == 0 ? green : blue);
        char tag[8];
        snprintf(tag, sizeof tag, "%d", k + 1);
        text_draw(&ui->text, SL_FONT_SMALL, tag, px, py - 8 * s, black, SL_ALIGN_CENTRE);
    }
}

/* How much of the way drawn (n points, xy in pairs) lies under r: its
 * points every 2 px that fall in it. */
static int way_under(const float *xy, int n, const SDL_FRect *r)
{
    int under = 0;
    for (int i = 0; i + 1 < n; i++) {
        float ax = xy[2 * i], ay = xy[2 * i + 1], bx = xy[2 * i + 2], by = xy[2 * i + 3];
        int steps = 1 + (int)(hypotf(bx - ax, by - ay) / 2);
        for (int j = 0; j <= steps; j++) {
            SDL_FPoint p = {ax + (bx - ax) * (float)j / (float)steps, ay + (by - ay) * (float)j / (float)steps};
            under += SDL_PointInFRect(&p, r);
        }
    }
    return under;
}

/* Where the way's words go as a block (bw by bh) by the way's end (the
 * last of its n points xy): below right, else above right, below left,
 * above left, whichever first covers no part of the way, no figure, unit
 * name or other label (a bracket's among them). None clear (a block as
 * wide as a small table) and `anywhere` (the rules' plan of a move,
 * with no brackets' labels to come): anywhere on the table where it
 * leaves the whole way in sight, the spot that covers least of the
 * labels, figures and names. The block is kept inside the table whole,
 * so its lines never pile on one another at its edge. */
static void path_text_spot(sl_ui *ui, const sl_world *w, const sl_cam *cam, float s, const float *xy, int n,
                           float bw, float bh, bool anywhere, float *x, float *y)
{
    float ax = xy[2 * (n - 1)], ay = xy[2 * (n - 1) + 1];
    *x = ax + 14 * s;
    *y = ay;
    const SDL_FRect *T = &ui->lay.table;
    const float cand[4][2] = {{ax + 14 * s, ay}, {ax + 14 * s, ay - bh - 10 * s}, {ax - 14 * s - bw, ay},
                              {ax - 14 * s - bw, ay - bh - 10 * s}};
    for (int i = 0; i < 4; i++) {
        SDL_FRect r = {cand[i][0] - 5 * s, cand[i][1] + 5 * s, bw, bh};
        if (r.x >= T->x && r.x + r.w <= T->x + T->w && r.y >= T->y && r.y + r.h <= T->y + T->h &&
            (!anywhere || way_under(xy, n, &r) == 0) && scene_spot_clear(ui, w, cam, s, &r) && !ui_card_covers(ui, &r)) {
            *x = cand[i][0];
            *y = cand[i][1];
            return;
        }
    }
    /* none clear: beside the end, right or left, else anywhere across the
     * table, at whatever spot covers least of the way, then of the labels
     * already there (a bracket's), then of figures and names */
    float best = 1e30f, step = fmaxf(8 * s, 4);
    float lo = 1e30f, hi = -1e30f; /* the way's top and bottom */
    for (int i = 0; i < n; i++) {
        lo = fminf(lo, xy[2 * i + 1]);
        hi = fmaxf(hi, xy[2 * i + 1]);
    }
    for (int side = 0; side < 3; side++) {
        if (side == 2 && (best < 1e6f || !anywhere))
            break; /* a spot beside the end leaves the whole way in sight */
        float x0 = side == 0 ? ax + 14 * s : side == 1 ? ax - 14 * s - bw : T->x + 5 * s;
        float x1 = side < 2 ? x0 : T->x + T->w - bw + 5 * s;
        float bx = *x, by = *y, was = best;
        for (float xx = x0; xx <= x1; xx += 4 * step) {
            if (xx - 5 * s < T->x || xx - 5 * s + bw > T->x + T->w)
                continue;
            /* down the table, and just under and just over the way */
            for (float yy = T->y - 2 * step; yy + bh + 10 * s <= T->y + T->h; yy += side < 2 ? step : 2 * step) {
                float at = yy < T->y - step ? hi + 4 * s - 5 * s : yy < T->y ? lo - 4 * s - bh - 5 * s : yy;
                if (at < T->y || at + bh + 10 * s > T->y + T->h)
                    continue;
                SDL_FRect r = {xx - 5 * s, at + 5 * s, bw, bh};
                float cost = 1e6f * (float)way_under(xy, n, &r) + ui_spot_cost(ui, w, cam, &r) + fabsf(at - ay) * 0.01f;
                if (cost < best) {
                    best = cost;
                    *x = xx;
                    *y = at;
                }
            }
        }
        if (side == 2 && best >= 1e6f) { /* nowhere leaves the way whole: beside its end, as before */
            *x = bx;
            *y = by;
            best = was;
        }
    }
    if (*y + 10 * s + bh > T->y + T->h)
        *y = T->y + T->h - bh - 10 * s;
    if (*y < T->y)
        *y = T->y;
}

/* The way's first line's font: bold on the table, small in the
 * presentation's strip (as a card's lines there; the strip beside a
 * 1280x720 table at 200% holds the SkirmishCorps way's words no other
 * way). */
static sl_font way_head_font(const sl_ui *ui)
{
    return ui->label_room.w > 0 ? SL_FONT_SMALL : SL_FONT_BOLD;
}

/* The way's words' boxes' margin: narrower in the strip, where seven
 * rows must stand above the action bar at 1280x720 200%. */
static float way_pad(const sl_ui *ui)
{
    return (ui->label_room.w > 0 ? 3 : 5) * ui->lay.s;
}

/* A block of lines' size as label_in_view draws them one under another
 * (the first in way_head_font, the rest small, 4 * s apart). */
static void path_block_size(sl_ui *ui, float s, const char *const *lines, int n, bool tight, float *bw, float *bh)
{
    *bw = 0;
    *bh = tight ? 0 : 10 * s;
    const SDL_FRect *room = ui->label_room.w > 0 ? &ui->label_room : &ui->lay.table;
    float maxw = room->w - 2 * way_pad(ui) - 8; /* as label_in_view wraps them */
    for (int i = 0; i < n; i++) {
        sl_font f = i == 0 ? way_head_font(ui) : SL_FONT_SMALL;
        float tw = (float)text_width(&ui->text, f, lines[i]);
        int rows = 1;
        if (tw > maxw) {
            char wrapped[4][UI_LINE];
            rows = text_wrap_lines(&ui->text, f, lines[i], maxw, wrapped, 4);
            tw = maxw;
        }
        float pad = way_pad(ui);
        *bw = fmaxf(*bw, tw + 2 * pad);
        /* tight: each row's box as drawn (the text and the pad round it),
         * the next 4 * s under the box's text; else with room to spare */
        *bh += tight ? ((float)text_height(&ui->text, f) + 2 * pad) * (float)rows
                     : ((float)text_height(&ui->text, f) + 5 * s) * (float)rows + 5 * s + 4 * s;
    }
}

/* An exposure point (the moving unit's centre c there) as a point on the
 * way drawn, which starts at the figure's own spot. */
static void exposure_pt(const sl_cam *cam, const sl_view *v, sl_pt c, sl_pt centre, float *x, float *y)
{
    cam_pt(cam, sl_pt_make(centre.x - c.x + v->path[0].x, centre.y - c.y + v->path[0].y), x, y);
}

/* Each stretch of the way by the chance to be suppressed on it: low
 * yellow and solid, middle orange with long dashes, high vermilion with
 * short dashes and wider. */
static void exposure_draw_stretches(sl_ui *ui, const sl_view *v, const sl_cam *cam, float s, sl_pt c,
                                    const sl_exposure_point *ex, int ne)
{
    sl_rgba black = sl_rgba_make(0, 0, 0, 255);
    for (int i = 0; i + 1 < ne; i++) {
        double pr = ex[i].p_suppress > ex[i + 1].p_suppress ? ex[i].p_suppress : ex[i + 1].p_suppress;
        if (pr <= 0.005)
            continue;
        float seg[4];
        exposure_pt(cam, v, c, ex[i].centre, &seg[0], &seg[1]);
        exposure_pt(cam, v, c, ex[i + 1].centre, &seg[2], &seg[3]);
        sl_rgba col = pr < 0.25 ? sl_rgba_make(240, 228, 66, 255)
                      : pr < 0.5 ? sl_rgba_make(230, 159, 0, 255)
                                 : sl_rgba_make(213, 94, 0, 255);
        float wd = (pr < 0.25 ? 3 : pr < 0.5 ? 5 : 7) * s;
        gfx_line(ui->ren, seg[0], seg[1], seg[2], seg[3], wd + 3 * s, black);
        if (pr < 0.25)
            gfx_line(ui->ren, seg[0], seg[1], seg[2], seg[3], wd, col);
        else
            gfx_dashed(ui->ren, seg, 2, false, wd, (pr < 0.5 ? 12 : 5) * s, 4 * s, col);
    }
}

/* The most exposed spot marked, and a line under b naming the chance and
 * who could react there; or that no enemy able to react sees the way.
 * Gives the last line drawn (b when none). */
static SDL_FRect exposure_draw_worst(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam, float s,
                                     sl_pt c, const sl_exposure_point *ex, int ne, float x, SDL_FRect b)
{
    int worst = -1;
    for (int i = 0; i < ne; i++)
        if (worst < 0 || ex[i].p_suppress > ex[worst].p_suppress)
            worst = i;
    if (worst >= 0 && ex[worst].p_suppress > 0.005) {
        char l4[300];
        size_t at = (size_t)snprintf(l4, sizeof l4, "Most exposed: %.0f%% to be suppressed, by",
                                     ex[worst].p_suppress * 100);
        for (int k = 0; k < ex[worst].nseen && at < sizeof l4; k++)
            if (ex[worst].can_react[k])
                at += (size_t)snprintf(l4 + at, sizeof l4 - at, " %s%s", w->scn.units[ex[worst].seen[k]].name,
                                       sl_game_watching(&v->play->game, ex[worst].seen[k]) ? " (overwatch)" : "");
        float px, py;
        exposure_pt(cam, v, c, ex[worst].centre, &px, &py);
        gfx_disc(ui->ren, px, py, 7 * s, sl_rgba_make(0, 0, 0, 255));
        gfx_disc(ui->ren, px, py, 5 * s, sl_rgba_make(213, 94, 0, 255));
        b = label_in_view(ui, SL_FONT_SMALL, l4, x, b.y + b.h + 4 * s, sl_rgba_make(255, 255, 255, 255),
                          sl_rgba_make(120, 30, 0, 230), 5 * s, SL_ALIGN_LEFT);
    } else if (ne > 0) {
        b = label_in_view(ui, SL_FONT_SMALL, "No enemy able to react sees this way", x, b.y + b.h + 4 * s,
                          sl_rgba_make(255, 255, 255, 255), sl_rgba_make(0, 90, 60, 230), 5 * s, SL_ALIGN_LEFT);
    }
    return b;
}

/* Who sees which stretch of the way, and whether it can react there: a
 * line each under b for the first four units. Gives the last line drawn. */
static SDL_FRect exposure_draw_seers(sl_ui *ui, const sl_world *w, const sl_view *v, float s,
                                     const sl_exposure_point *ex, int ne, float x, SDL_FRect b)
{
    int shown = 0;
    for (int o = 0; o < w->scn.nunits && shown < 4; o++) {
        double from = -1, to = -1;
        bool react = false;
        for (int i = 0; i < ne; i++)
            for (int k = 0; k < ex[i].nseen; k++)
                if (ex[i].seen[k] == o) {
                    if (from < 0)
                        from = ex[i].at;
                    to = ex[i].at;
                    react |= ex[i].can_react[k];
                }
        if (from < 0)
            continue;
        char l5[240];
        snprintf(l5, sizeof l5, "Seen by %s from %.1f\" to %.1f\" along: %s", w->scn.units[o].name, from / 1000.0,
                 to / 1000.0,
                 !react ? "cannot react (activated, or no shot)"
                 : sl_game_watching(&v->play->game, o) ? "overwatch, no test"
                                                 : "may react after a test");
        b = label_in_view(ui, SL_FONT_SMALL, l5, x, b.y + b.h + 3 * s, sl_rgba_make(255, 255, 255, 255),
                          sl_rgba_make(0, 0, 0, 210), 4 * s, SL_ALIGN_LEFT);
        shown++;
    }
    return b;
}

/* The planned way as the unit's centre would go: the unit moving, its
 * centre (*c) and the way's points shifted to start there. */
static int path_unit_way(const sl_world *w, const sl_view *v, sl_pt *c, sl_pt *way)
{
    int unit = w->scn.figures[v->path_figure].unit;
    *c = sl_unit_centre(&w->scn, unit, NULL);
    for (int i = 0; i < v->npath; i++)
        way[i] = sl_pt_make(c->x + v->path[i].x - v->path[0].x, c->y + v->path[i].y - v->path[0].y);
    return unit;
}

/* With opportunity fire in play: how exposed the moving unit is along the
 * way, coloured, dashed and labelled by the chance to be suppressed, with
 * its lines under b. Gives the last line drawn. */
static SDL_FRect path_draw_exposure(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam, float s,
                                    float x, SDL_FRect b)
{
    sl_pt c, way[SL_PATH_MAX_PTS];
    int unit = path_unit_way(w, v, &c, way);
    sl_exposure_point ex[96];
    int ne = sl_game_exposure(&v->play->game, unit, way, v->npath, 500, ex, 96);
    exposure_draw_stretches(ui, v, cam, s, c, ex, ne);
    b = exposure_draw_worst(ui, w, v, cam, s, c, ex, ne, x, b);
    return exposure_draw_seers(ui, w, v, s, ex, ne, x, b);
}

/* The enemies whose reach the planned way enters (sl_game_way_reach:
 * under SkirmishCorps their firearms' brackets, in their sight), kept
 * while the unit, its way and the game stay as they were: a frame that
 * changes nothing of them (a pan, a hover, the pointer resting in a drag)
 * does not work them out again. */
static int way_reach_kept(sl_ui *ui, const sl_view *v, int unit, const sl_pt *way, int n)
{
    const sl_play *p = v->play;
    struct {
        int unit, n, generation, events, commands;
    } k = {unit, n, p->generation, p->game.journal.n, p->game.ncommands};
    uint64_t key = ui_hash(UI_HASH_START, &k, sizeof k);
    key = ui_hash(key, way, sizeof *way * (size_t)n);
    if (key != ui->reach_key || ui->reach_made == 0) {
        ui->nreach = sl_game_way_reach(&p->game, unit, way, n, ui->reach, SL_WAY_REACH_MAX);
        ui->reach_key = key;
        ui->reach_made++;
    }
    return ui->nreach;
}

/* Those enemies on the table: a lettered mark where the way first comes
 * into the best bracket of each (the most to hit), a thin line from the
 * enemy to it; and a line each for the plan's words ("A: Runner's short
 * to 12": +1 to hit, from 10.5" along"). Gives how many. */
static int path_draw_reach(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam, float s,
                           char lines[][200])
{
    sl_pt c, way[SL_PATH_MAX_PTS];
    int unit = path_unit_way(w, v, &c, way);
    int n = way_reach_kept(ui, v, unit, way, v->npath);
    const sl_way_reach *wr = ui->reach;
    sl_rgba black = sl_rgba_make(0, 0, 0, 255), mark = sl_rgba_make(240, 228, 66, 255);
    for (int i = 0; i < n; i++) {
        float px, py, ox, oy;
        exposure_pt(cam, v, c, wr[i].where, &px, &py);
        cam_pt(cam, sl_unit_centre(&w->scn, wr[i].unit, NULL), &ox, &oy);
        float seg[4] = {ox, oy, px, py};
        gfx_line(ui->ren, ox, oy, px, py, 3 * s, sl_rgba_make(0, 0, 0, 150));
        gfx_dashed(ui->ren, seg, 2, false, 1.5f * s, 8 * s, 5 * s, mark);
        char tag[12];
        snprintf(tag, sizeof tag, "%c", 'A' + i); /* letters: the way's numbers are its actions' ends */
        gfx_disc(ui->ren, px, py, 10 * s, black);
        gfx_disc(ui->ren, px, py, 8 * s, mark);
        text_draw(&ui->text, SL_FONT_SMALL, tag, px, py - (float)text_height(&ui->text, SL_FONT_SMALL) / 2, black,
                  SL_ALIGN_CENTRE);
        snprintf(lines[i], 200, "%c: %.60s's %.47s, from %.1f\" along", 'A' + i, w->scn.units[wr[i].unit].name,
                 wr[i].label, wr[i].at / 1000.0);
    }
    return n;
}

/* Where the way's words were drawn this frame: the boxes of its lines as
 * drawn (moved inside the table, wrapped), all of them. The band labels
 * put off until now keep clear of it, and a test sees the way stays in
 * sight. */
static void way_block_add(sl_ui *ui, SDL_FRect line, bool first)
{
    if (first)
        ui->way_block = line;
    else
        SDL_UnionFRect(&ui->way_block, &line, &ui->way_block);
}

/* The plan's words in fewer, for a block that would cover half a small
 * table (a 640 px one at 200%): "costs 23.7" of NAC 1st Squad's 6"" is
 * "costs 23.7" of 6"" (the unit is the one selected), and a refusal its
 * first clause ("Not allowed: too far"); the whole reason comes with
 * Enter. */
static void plan_words_short(char *line, size_t len, const char *unit)
{
    char of[SL_NAME_LEN + 16];
    snprintf(of, sizeof of, " of %s's ", unit);
    char *at = strstr(line, of);
    if (at)
        memmove(at + 4, at + strlen(of), strlen(at + strlen(of)) + 1);
    const char *no = "Not allowed: ";
    char *cut = strncmp(line, no, strlen(no)) == 0 ? strchr(line + strlen(no), ':') : NULL;
    if (cut)
        *cut = '\0';
    (void)len;
}

/* In the presentation the way's words stand in the strip beside the
 * table, under the cards placed so far, with a leader line to the way's
 * end: on the table at projector scale they covered most of a small one,
 * the way and the brackets' labels on it (SkirmishCorps at 1280x720
 * 200%). Makes the strip label_in_view's room and gives where the block
 * starts; false, the room the table's again, without a strip or room in
 * it (way_words_end closes it). */
/* The way's words' room: the presentation's strip (label_in_view keeps
 * them there), else the table's (w 0). */
static void way_words_room(sl_ui *ui)
{
    const SDL_FRect *S = &ui->lay.strip;
    float s = ui->lay.s;
    ui->label_room = S->w > 0 ? (SDL_FRect){S->x + 5 * s, S->y, S->w - 10 * s, S->h} : (SDL_FRect){0, 0, 0, 0};
}

static bool way_words_to_strip(sl_ui *ui, float s, const char *const *block, int nb, const float *xy, int n, float *x,
                               float *y)
{
    way_words_room(ui);
    if (ui->label_room.w <= 0)
        return false;
    float bw, bh, bx, by;
    path_block_size(ui, s, block, nb, true, &bw, &bh); /* the strip's room is short: as drawn */
    if (!ui_strip_place(ui, bw, bh, xy[2 * (n - 1)], xy[2 * (n - 1) + 1], &bx, &by)) {
        ui->label_room.w = 0;
        return false;
    }
    *x = ui->label_room.x + way_pad(ui) + 2; /* inside the room, as label_in_view keeps them */
    *y = by - 10 * s + way_pad(ui);          /* the first line's box at by */
    return true;
}

/* The way's words drawn: in the strip, the next card goes under all of
 * them (the exposure's lines were not measured). */
static void way_words_end(sl_ui *ui)
{
    if (ui->label_room.w <= 0)
        return;
    ui->label_room.w = 0;
    if (ui->way_block.w > 0)
        ui->strip_y = fmaxf(ui->strip_y, ui->way_block.y + ui->way_block.h + 8 * ui->lay.s);
    ui_card_end(ui);
}

/* The way of the unit acting in a game, drawn from the rules' own plan of
 * the command Enter will send: where it ends or stops, what it costs of
 * what the unit may spend, and the rules' verdict. */
static bool draw_planned_way(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam, float s)
{
    int unit = w->scn.figures[v->path_figure].unit;
    sl_command cmd;
    sl_way_plan plan;
    if (!v->play || !v->play->on || sl_game_active_unit(&v->play->game) != unit ||
        ui_pick_of(v->pick.kind) != SL_PICK_PATH || !ui_path_command(ui, v, unit, &cmd, &plan))
        return false;
    float xy[2 * SL_PATH_MAX_PTS];
    for (int i = 0; i < v->npath; i++)
        cam_pt(cam, v->path[i], &xy[2 * i], &xy[2 * i + 1]);
    path_draw_actions(ui, v, xy, plan.go, plan.go, s);
    /* where each man would stand: ringed bases, white when allowed */
    for (int i = 0; i < plan.nfigs; i++) {
        float fx, fy, rr = w->scn.figures[plan.fig[i]].base_r / 1000.0f * cam->scale;
        cam_pt(cam, plan.fig_end[i], &fx, &fy);
        gfx_ring(ui->ren, fx, fy, rr, 3 * s, sl_rgba_make(0, 0, 0, 200));
        gfx_ring(ui->ren, fx, fy, rr, 1.5f * s,
                 plan.ok ? sl_rgba_make(255, 255, 255, 230) : sl_rgba_make(213, 94, 0, 230));
    }
    if (plan.go < plan.length - 0.5) {
        sl_path_cost stop;
        memset(&stop, 0, sizeof stop);
        stop.stop = sl_path_point_at(v->path, v->npath, plan.go);
        sl_path_cost past = stop;
        past.within = true;
        path_draw_stops(ui, cam, &stop, &past, s);
    }
    /* the rules' words as players read them (names, not ids) */
    for (int i = 0; i < 3; i++) {
        char plain[sizeof plan.line[i]];
        sl_game_plain_words(&v->play->game, plan.line[i], plain, sizeof plain);
        snprintf(plan.line[i], sizeof plan.line[i], "%s", plain);
    }
    /* the plan's words as one block, laid out whole: its lines, the
     * enemies' brackets it comes into, the verdict */
    char reach[SL_WAY_REACH_MAX][200];
    int nr = path_draw_reach(ui, w, v, cam, s, reach);
    const char *block[3 + SL_WAY_REACH_MAX];
    int nb = 0;
    block[nb++] = plan.line[0];
    if (plan.line[1][0])
        block[nb++] = plan.line[1];
    for (int i = 0; i < nr; i++)
        block[nb++] = reach[i];
    if (plan.line[2][0])
        block[nb++] = plan.line[2];
    float bw, bh, ex_x, ey;
    way_words_room(ui); /* measured where they will stand */
    path_block_size(ui, s, block, nb, true, &bw, &bh);
    if (bh > 0.4f * (ui->label_room.w > 0 ? ui->lay.strip.h : ui->lay.table.h)) {
        /* it would hide the way, or most of the strip: in fewer words */
        plan_words_short(plan.line[0], sizeof plan.line[0], w->scn.units[unit].name);
        plan_words_short(plan.line[2], sizeof plan.line[2], w->scn.units[unit].name);
    }
    bool strip = way_words_to_strip(ui, s, block, nb, xy, v->npath, &ex_x, &ey);
    if (!strip) {
        path_block_size(ui, s, block, nb, true, &bw, &bh);
        path_text_spot(ui, w, cam, s, xy, v->npath, bw, bh, true, &ex_x, &ey);
    }
    SDL_FRect b = label_in_view(ui, way_head_font(ui), plan.line[0], ex_x, ey + 10 * s, sl_rgba_make(255, 255, 255, 255),
                                sl_rgba_make(0, 0, 0, 220), way_pad(ui), SL_ALIGN_LEFT);
    way_block_add(ui, b, true);
    if (plan.line[1][0]) {
        b = label_in_view(ui, SL_FONT_SMALL, plan.line[1], ex_x, b.y + b.h + 4 * s, sl_rgba_make(230, 230, 230, 255),
                          sl_rgba_make(0, 0, 0, 220), way_pad(ui), SL_ALIGN_LEFT);
        way_block_add(ui, b, false);
    }
    if (sl_game_shows(&v->play->game, SL_SHOW_EXPOSURE)) {
        b = path_draw_exposure(ui, w, v, cam, s, ex_x, b);
        way_block_add(ui, b, false);
    }
    for (int i = 0; i < nr; i++) {
        b = label_in_view(ui, SL_FONT_SMALL, reach[i], ex_x, b.y + b.h + 4 * s, sl_rgba_make(255, 255, 255, 255),
                          sl_rgba_make(0, 0, 0, 210), way_pad(ui), SL_ALIGN_LEFT);
        way_block_add(ui, b, false);
    }
    if (plan.line[2][0]) {
        b = label_in_view(ui, SL_FONT_SMALL, plan.line[2], ex_x, b.y + b.h + 4 * s,
                          plan.ok ? sl_rgba_make(0, 0, 0, 255) : sl_rgba_make(255, 255, 255, 255),
                          plan.ok ? sl_rgba_make(240, 228, 66, 235) : sl_rgba_make(170, 51, 0, 235), way_pad(ui),
                          SL_ALIGN_LEFT);
        way_block_add(ui, b, false);
    }
    way_words_end(ui);
    return true;
}

static void draw_path(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam, float s)
{
    if (v->path_figure < 0 || v->npath < 2 || draw_planned_way(ui, w, v, cam, s))
        return;
    /* a normal move is 6" for each action; mark where one and two run out */
    double allowance = 6000;
    sl_path_cost one, two;
    sl_path_cost_of(&ui->sight.ix, v->path, v->npath, allowance, &one);
    sl_path_cost_of(&ui->sight.ix, v->path, v->npath, 2 * allowance, &two);
    float xy[2 * SL_PATH_MAX_PTS];
    for (int i = 0; i < v->npath; i++)
        cam_pt(cam, v->path[i], &xy[2 * i], &xy[2 * i + 1]);
    path_draw_actions(ui, v, xy, one.stop_at, two.stop_at, s);
    path_draw_stops(ui, cam, &one, &two, s);
    char l1[200], l2[200];
    sl_way_text(&w->scn, w->scn.figures[v->path_figure].unit, &one, &two, l1, l2, sizeof l1);
    /* in a game: the enemies' brackets it comes into, and for the unit
     * that is moving what is left, or the odds of a combat move reaching;
     * all laid out as one block */
    bool game = v->play && v->play->on;
    char reach[SL_WAY_REACH_MAX][200], l3[200] = "";
    int nr = game ? path_draw_reach(ui, w, v, cam, s, reach) : 0;
    if (game && !sl_way_progress(&v->play->game, w->scn.figures[v->path_figure].unit,
                                 ui_pick_destination(v->pick.kind), &one, &two, l3, sizeof l3))
        l3[0] = '\0';
    const char *block[3 + SL_WAY_REACH_MAX] = {l1, l2};
    int nb = 2;
    for (int i = 0; i < nr; i++)
        block[nb++] = reach[i];
    if (l3[0])
        block[nb++] = l3;
    float bw, bh, ex_x, ey;
    if (!way_words_to_strip(ui, s, block, nb, xy, v->npath, &ex_x, &ey)) {
        path_block_size(ui, s, block, nb, false, &bw, &bh);
        path_text_spot(ui, w, cam, s, xy, v->npath, bw, bh, false, &ex_x, &ey);
    }
    SDL_FRect b = label_in_view(ui, way_head_font(ui), l1, ex_x, ey + 10 * s,
                                  sl_rgba_make(255, 255, 255, 255), sl_rgba_make(0, 0, 0, 220), way_pad(ui), SL_ALIGN_LEFT);
    way_block_add(ui, b, true);
    SDL_FRect b2 = label_in_view(ui, SL_FONT_SMALL, l2, ex_x, b.y + b.h + 4 * s,
                                 sl_rgba_make(230, 230, 230, 255), sl_rgba_make(0, 0, 0, 220), way_pad(ui), SL_ALIGN_LEFT);
    way_block_add(ui, b2, false);
    if (game && sl_game_shows(&v->play->game, SL_SHOW_EXPOSURE)) {
        b2 = path_draw_exposure(ui, w, v, cam, s, ex_x, b2);
        way_block_add(ui, b2, false);
    }
    for (int i = 0; i < nr; i++) {
        b2 = label_in_view(ui, SL_FONT_SMALL, reach[i], ex_x, b2.y + b2.h + 4 * s, sl_rgba_make(255, 255, 255, 255),
                           sl_rgba_make(0, 0, 0, 210), way_pad(ui), SL_ALIGN_LEFT);
        way_block_add(ui, b2, false);
    }
    if (l3[0]) {
        b2 = label_in_view(ui, SL_FONT_SMALL, l3, ex_x, b2.y + b2.h + 4 * s, sl_rgba_make(0, 0, 0, 255),
                           sl_rgba_make(240, 228, 66, 235), way_pad(ui), SL_ALIGN_LEFT);
        way_block_add(ui, b2, false);
    }
    way_words_end(ui);
}

/* Is the planned way drawn with the rest of the table this frame (not
 * following the pointer)? */
static bool way_drawn_over(const sl_view *v)
{
    return (v->overlays & SL_OVERLAY_PATH) && !overlay_way_follows(v) && v->path_figure >= 0 && v->npath >= 2;
}

void overlay_draw_bands(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam)
{
    ui->band_labels.due = false;
    /* the selected unit's reach as its ruleset draws it: Stargrunt's
     * range bands, SkirmishCorps' firearm brackets (sl_unit_reach) */
    if ((v->overlays & SL_OVERLAY_BANDS) && ui->have_sight && sl_scenario_shows(&w->scn, SL_SHOW_RANGE_BANDS, NULL))
        draw_bands(ui, w, v, cam, ui->lay.s);
}

void overlay_draw_under(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam)
{
    float s = ui->lay.s;
    ui->way_block = (SDL_FRect){0, 0, 0, 0};
    /* the bands' labels, over the places' words drawn since (or, under a
     * planned way drawn with the rest of the table, once its words are
     * placed) */
    if (!way_drawn_over(v))
        band_labels_draw(ui, w, cam, s);
    if (v->overlays & SL_OVERLAY_INTEGRITY) {
        integrity_shapes(ui, w, -1, cam, s);
        draw_integrity(ui, w, cam, s, 1);
    } else if (v->focus_unit >= 0 && v->focus_unit < w->scn.nunits) {
        /* a squad of fireteams in focus shows its squad integrity anyway */
        int sq = sl_unit_whole(&w->scn, v->focus_unit) >= 0 ? sl_unit_whole(&w->scn, v->focus_unit) : v->focus_unit;
        if (sl_unit_nparts(&w->scn, sq) > 0) {
            integrity_shapes(ui, w, sq, cam, s);
            draw_squad_integrity(ui, w, sq, cam, s, 1);
        }
    }
    overlay_draw_overwatch(ui, w, v, cam);
}

bool overlay_way_follows(const sl_view *v)
{
    return (v->overlays & SL_OVERLAY_PATH) && v->tool == SL_TOOL_PATH && v->path_live;
}

bool overlay_blast_follows(const sl_view *v)
{
    return (v->overlays & SL_OVERLAY_BLAST) && v->tool == SL_TOOL_BLAST && !v->blast_pinned;
}

void overlay_draw_over(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam)
{
    float s = ui->lay.s;
    if (!ui->have_sight)
        return;
    if ((v->overlays & SL_OVERLAY_BLAST) && !overlay_blast_follows(v))
        draw_blast(ui, w, v, cam, s);
    draw_sketches(ui, w, v, cam);
    if ((v->overlays & SL_OVERLAY_PATH) && !overlay_way_follows(v))
        draw_path(ui, w, v, cam, s);
    band_labels_draw(ui, w, cam, s); /* those put off until the way's words were placed */
    /* no direct-fire sight card while a point is aimed (a burst) */
    if ((v->overlays & SL_OVERLAY_LOS) && !(v->pick.kind > SL_CMD_NONE && v->pick.point))
        draw_los(ui, w, v, cam, s);
}

void overlay_draw_live(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam)
{
    float s = ui->lay.s;
    if (!ui->have_sight)
        return;
    if (overlay_blast_follows(v))
        draw_blast(ui, w, v, cam, s);
    if (overlay_way_follows(v))
        draw_path(ui, w, v, cam, s);
}

/* The clip set to the table on screen grown by m pixels, within `was`
 * (NULL: no clip before). */
static void clip_to_table(sl_ui *ui, const sl_world *w, const sl_cam *cam, const SDL_Rect *was, float m)
{
    float x0, y0, x1, y1;
    cam_w2s(cam, 0, 0, &x0, &y0);
    cam_w2s(cam, w->scn.table.width / 1000.0, w->scn.table.height / 1000.0, &x1, &y1);
    SDL_Rect mat = {(int)floorf(fminf(x0, x1) - m), (int)floorf(fminf(y0, y1) - m), 0, 0};
    mat.w = (int)ceilf(fmaxf(x0, x1) + m) - mat.x;
    mat.h = (int)ceilf(fmaxf(y0, y1) + m) - mat.y;
    SDL_Rect on = mat;
    if (was && !SDL_IntersectRect(was, &mat, &on))
        on.w = on.h = 0;
    if (on.w <= 0 || on.h <= 0)
        on = (SDL_Rect){-2, -2, 1, 1}; /* none of the table in the clip: nothing drawn (an empty clip is none) */
    SDL_RenderSetClipRect(ui->ren, &on);
}

/* Units holding an overwatch counter: their sight (where their fire can
 * reach a unit that acts), outlined in their side's colour, and the
 * distance opportunity fire reaches in the open (four bands: the hasty
 * shot's range die is one type worse). */
void overlay_draw_overwatch(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam)
{
    if (!v->play || !v->play->on || !ui->have_sight)
        return;
    const sl_game *g = &v->play->game;
    float s = ui->lay.s;
    sl_pt *poly = NULL;
    for (int u = 0; u < w->scn.nunits; u++) {
        if (!sl_game_watching(g, u) || sl_game_living(g, u) == 0)
            continue;
        if (!poly && !(poly = malloc(sizeof(sl_pt) * SL_UI_VIS_MAX)))
            return;
        sl_pt c = sl_unit_centre(&w->scn, u, NULL);
        int n = sl_visibility_polygon(&ui->sight.ix, &ui->sight.params, c, poly, SL_UI_VIS_MAX, ui->vis_work,
                                      ui->vis_work_bytes);
        sl_rgba col = ui_side_colour(w, w->scn.units[u].side);
        /* its outline and ring on the table alone (the outpost's 32"
         * ring ran past the table's edge over the backdrop): the outline,
         * along the table's edge, whole; the ring cut at the edge */
        SDL_Rect was;
        bool clipped = SDL_RenderIsClipEnabled(ui->ren);
        SDL_RenderGetClipRect(ui->ren, &was);
        clip_to_table(ui, w, cam, clipped ? &was : NULL, 2 * s); /* half the outline's dark edge */
        float *xy = ui_scratch(ui, n);
        if (n >= 3 && xy) {
            for (int i = 0; i < n; i++)
                cam_pt(cam, poly[i], &xy[2 * i], &xy[2 * i + 1]);
            gfx_dashed(ui->ren, xy, n, true, 4 * s, 10 * s, 6 * s, sl_rgba_make(0, 0, 0, 200));
            gfx_dashed(ui->ren, xy, n, true, 2 * s, 10 * s, 6 * s, col);
        }
        float cx, cy;
        cam_pt(cam, c, &cx, &cy);
        float reach = 4.0f * (float)sl_quality_band(w->scn.units[u].quality) / 1000.0f * cam->scale;
        clip_to_table(ui, w, cam, clipped ? &was : NULL, 0);
        gfx_dashed_ring(ui->ren, cx, cy, reach, 2.5f * s, 4 * s, 8 * s, col);
        SDL_RenderSetClipRect(ui->ren, clipped ? &was : NULL);
        char label[160];
        snprintf(label, sizeof label, "OVERWATCH: %s (reach %.0f\")", w->scn.units[u].name,
                 4.0 * sl_quality_band(w->scn.units[u].quality) / 1000.0);
        label_in_view(ui, SL_FONT_SMALL, label, cx, cy - reach - 18 * s, sl_rgba_make(255, 255, 255, 255), sl_rgba_make(0, 0, 0, 200), 4 * s,
                      SL_ALIGN_CENTRE);
    }
    free(poly);
}
