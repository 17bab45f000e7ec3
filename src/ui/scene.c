/* The table and what stands on it. Terrain kinds differ in pattern and
 * outline as well as in colour, and sides in marker shape as well as in
 * colour, so the table reads for colour-blind players and in greyscale. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ui_internal.h"

typedef enum pattern {
    PAT_NONE,
    PAT_HATCH,      /* one direction */
    PAT_CROSS,      /* two directions */
    PAT_TREES,      /* tree crowns (decorations cached per world) */
    PAT_DOTS,       /* stipple */
    PAT_WAVES,      /* dashed horizontal lines */
    PAT_CONTOURS    /* inset outlines */
} pattern;

typedef struct terrain_style {
    sl_rgba fill, line, pat;
    float line_w;          /* outline width at UI scale 1 */
    bool dashed;
    pattern pattern;
    float spacing, angle;  /* pattern spacing (px at scale 1), degrees */
    int layer;             /* draw order: low first */
} terrain_style;

static const terrain_style styles[SL_TERRAIN_KIND_COUNT] = {
    [SL_TERRAIN_HILL] = {{196, 168, 112, 120}, {112, 82, 40, 255}, {120, 90, 48, 200}, 2.0f, false, PAT_CONTOURS, 0, 0, 0},
    [SL_TERRAIN_ROAD] = {{214, 198, 160, 235}, {150, 128, 92, 255}, {0, 0, 0, 0}, 1.5f, false, PAT_NONE, 0, 0, 1},
    [SL_TERRAIN_WATER] = {{70, 128, 196, 215}, {28, 66, 128, 255}, {178, 214, 242, 230}, 2.0f, false, PAT_WAVES, 7, 0, 1},
    [SL_TERRAIN_ROUGH] = {{160, 140, 90, 110}, {110, 88, 50, 255}, {92, 72, 36, 230}, 1.5f, true, PAT_DOTS, 9, 0, 2},
    [SL_TERRAIN_DIFFICULT] = {{128, 96, 62, 140}, {84, 54, 24, 255}, {84, 54, 24, 210}, 2.0f, true, PAT_CROSS, 10, 45, 2},
    [SL_TERRAIN_RUBBLE] = {{140, 134, 124, 210}, {60, 56, 52, 255}, {70, 66, 60, 230}, 2.0f, true, PAT_CROSS, 7, 30, 2},
    [SL_TERRAIN_WOODS] = {{52, 104, 52, 150}, {18, 52, 18, 255}, {30, 82, 30, 255}, 2.0f, false, PAT_TREES, 0, 0, 3},
    [SL_TERRAIN_HEDGE] = {{44, 116, 44, 235}, {14, 50, 14, 255}, {120, 190, 90, 255}, 1.5f, false, PAT_DOTS, 6, 0, 4},
    [SL_TERRAIN_WALL] = {{170, 168, 160, 255}, {20, 20, 20, 255}, {0, 0, 0, 0}, 1.5f, false, PAT_NONE, 0, 0, 4},
    [SL_TERRAIN_BUILDING] = {{150, 128, 112, 255}, {18, 18, 18, 255}, {112, 94, 82, 255}, 3.0f, false, PAT_HATCH, 8, 45, 5},
    [SL_TERRAIN_BUNKER] = {{92, 98, 92, 255}, {10, 10, 10, 255}, {60, 64, 60, 255}, 4.0f, false, PAT_CROSS, 8, 45, 5},
    [SL_TERRAIN_SMOKE] = {{232, 232, 232, 150}, {250, 250, 250, 255}, {0, 0, 0, 0}, 2.0f, true, PAT_NONE, 0, 0, 6},
};

/* --- terrain --------------------------------------------------------------- */

/* Even-odd point in polygon on screen coordinates, for stipples. */
static bool inside_f(const float *xy, int n, float x, float y)
{
    bool in = false;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        float yi = xy[2 * i + 1], yj = xy[2 * j + 1];
        if ((yi > y) != (yj > y)) {
            float xi = xy[2 * i], xj = xy[2 * j];
            if (x < xj + (y - yj) * (xi - xj) / (yi - yj))
                in = !in;
        }
    }
    return in;
}

static void stipple(SDL_Renderer *ren, const float *xy, int n, float ox, float oy, float spacing, float dot,
                    sl_rgba c)
{
    float lox = 1e30f, loy = 1e30f, hix = -1e30f, hiy = -1e30f;
    for (int i = 0; i < n; i++) {
        lox = fminf(lox, xy[2 * i]);
        hix = fmaxf(hix, xy[2 * i]);
        loy = fminf(loy, xy[2 * i + 1]);
        hiy = fmaxf(hiy, xy[2 * i + 1]);
    }
    if ((hix - lox) * (hiy - loy) / (spacing * spacing) > 40000.0f)
        return; /* too dense to be worth it at this zoom */
    int row0 = (int)floorf((loy - oy) / spacing);
    for (int row = row0;; row++) {
        float y = oy + row * spacing;
        if (y > hiy)
            break;
        float shift = (row & 1) ? spacing * 0.5f : 0.0f; /* staggered rows */
        int col0 = (int)floorf((lox - ox - shift) / spacing);
        for (int col = col0;; col++) {
            float x = ox + shift + col * spacing;
            if (x > hix)
                break;
            if (inside_f(xy, n, x, y))
                gfx_disc(ren, x, y, dot, c);
        }
    }
}

static void draw_feature(sl_ui *ui, const sl_world *w, int fi, const sl_cam *cam, float s)
{
    const sl_table *t = &w->scn.table;
    const sl_feature *f = &t->features[fi];
    const terrain_style *st = &styles[f->kind];
    const sl_pt *pts = sl_feature_pts(t, f);
    float *xy = ui_scratch(ui, f->npts);
    if (!xy)
        return;
    for (int i = 0; i < f->npts; i++)
        cam_pt(cam, pts[i], &xy[2 * i], &xy[2 * i + 1]);
    float ox, oy;
    cam_w2s(cam, 0, 0, &ox, &oy);
    SDL_Renderer *ren = ui->ren;

    if (f->shape == SL_SHAPE_POLYLINE) {
        float width = f->thickness / 1000.0f * cam->scale;
        if (width < 5.0f * s)
            width = 5.0f * s;
        gfx_polyline(ren, xy, f->npts, false, width + 3.0f * s, st->line);
        gfx_polyline(ren, xy, f->npts, false, width, st->fill);
        if (f->kind == SL_TERRAIN_HEDGE) /* light leaves along the hedge line */
            gfx_dashed(ren, xy, f->npts, false, width * 0.35f, 2.0f * s, 5.0f * s, st->pat);
        return;
    }

    int nt = ui->tri_count[fi];
    if (nt > 0)
        gfx_triangles(ren, xy, f->npts, ui->tri + ui->tri_first[fi], 3 * nt, st->fill);

    switch (st->pattern) {
    case PAT_HATCH:
        gfx_hatch(ren, xy, f->npts, ox, oy, st->spacing * s, st->angle, 1.5f * s, st->pat);
        break;
    case PAT_CROSS:
        gfx_hatch(ren, xy, f->npts, ox, oy, st->spacing * s, st->angle, 1.2f * s, st->pat);
        gfx_hatch(ren, xy, f->npts, ox, oy, st->spacing * s, st->angle + 90.0f, 1.2f * s, st->pat);
        break;
    case PAT_WAVES:
        gfx_hatch(ren, xy, f->npts, ox, oy, st->spacing * s, 0.0f, 1.5f * s, st->pat);
        break;
    case PAT_DOTS:
        stipple(ren, xy, f->npts, ox, oy, st->spacing * s, 1.4f * s, st->pat);
        break;
    case PAT_CONTOURS: {
        /* inset copies of the outline toward the middle, like contours */
        double cx = 0, cy = 0;
        for (int i = 0; i < f->npts; i++) {
            cx += xy[2 * i];
            cy += xy[2 * i + 1];
        }
        cx /= f->npts;
        cy /= f->npts;
        float *in = ui_scratch(ui, 2 * f->npts);
        if (!in)
            break;
        xy = in; /* the scratch may have moved */
        for (int i = 0; i < f->npts; i++)
            cam_pt(cam, pts[i], &xy[2 * i], &xy[2 * i + 1]);
        float *ring = xy + 2 * f->npts;
        for (int k = 1; k <= 2; k++) {
            float fr = 1.0f - 0.3f * k;
            for (int i = 0; i < f->npts; i++) {
                ring[2 * i] = (float)(cx + (xy[2 * i] - cx) * fr);
                ring[2 * i + 1] = (float)(cy + (xy[2 * i + 1] - cy) * fr);
            }
            gfx_dashed(ren, ring, f->npts, true, 1.5f * s, 8.0f * s, 4.0f * s, st->pat);
        }
        break;
    }
    case PAT_TREES: {
        for (int k = 0; k < ui->decor_count[fi]; k++) {
            const float *d = ui->decor + 3 * (ui->decor_first[fi] + k);
            float sx, sy;
            cam_w2s(cam, d[0], d[1], &sx, &sy);
            float r = d[2] * cam->scale;
            if (r < 1.5f)
                r = 1.5f;
            gfx_disc(ren, sx, sy, r, st->pat);
            gfx_ring(ren, sx, sy, r, r > 6 ? 1.5f * s : 1.0f, st->line);
        }
        break;
    }
    default:
        break;
    }
    if (st->dashed)
        gfx_dashed(ren, xy, f->npts, true, st->line_w * s, 9.0f * s, 5.0f * s, st->line);
    else
        gfx_polyline(ren, xy, f->npts, true, st->line_w * s, st->line);
}

/* Could feature f reach into the clip? Its bounds, widened by its
 * thickness, two inches (tree crowns, hatching) and a margin for outlines
 * (a strip of the ground after a pan draws only the features it shows). */
static bool feature_in_clip(const sl_feature *f, const SDL_Rect *clip, const sl_cam *cam, float s)
{
    if (clip->w <= 0 || clip->h <= 0)
        return true;
    float x0, y0, x1, y1;
    cam_pt(cam, f->lo, &x0, &y0);
    cam_pt(cam, f->hi, &x1, &y1);
    float m = ((float)f->thickness / 1000.0f + 2.0f) * cam->scale + 16.0f * s;
    return fmaxf(x0, x1) + m >= clip->x && fminf(x0, x1) - m <= clip->x + clip->w && fmaxf(y0, y1) + m >= clip->y &&
           fminf(y0, y1) - m <= clip->y + clip->h;
}

static void draw_terrain(sl_ui *ui, const sl_world *w, const sl_cam *cam, float s)
{
    const sl_table *t = &w->scn.table;
    SDL_Rect clip;
    SDL_RenderGetClipRect(ui->ren, &clip);
    for (int layer = 0; layer <= 6; layer++)
        for (int i = 0; i < t->nfeatures; i++)
            if (styles[t->features[i].kind].layer == layer && feature_in_clip(&t->features[i], &clip, cam, s))
                draw_feature(ui, w, i, cam, s);
}

static void outline_feature(sl_ui *ui, const sl_world *w, int fi, const sl_cam *cam, float s, sl_rgba c)
{
    const sl_table *t = &w->scn.table;
    const sl_feature *f = &t->features[fi];
    const sl_pt *pts = sl_feature_pts(t, f);
    float *xy = ui_scratch(ui, f->npts);
    if (!xy)
        return;
    for (int i = 0; i < f->npts; i++)
        cam_pt(cam, pts[i], &xy[2 * i], &xy[2 * i + 1]);
    bool closed = f->shape != SL_SHAPE_POLYLINE;
    gfx_polyline(ui->ren, xy, f->npts, closed, 5.0f * s, sl_rgba_make(0, 0, 0, 255));
    gfx_dashed(ui->ren, xy, f->npts, closed, 3.0f * s, 10.0f * s, 6.0f * s, c);
}

/* --- figures --------------------------------------------------------------- */

/* A man out of the viewing side's sight, where it last saw him: a faded
 * base in a broken ring (the label says since when). */
static void draw_ghost(sl_ui *ui, const sl_world *w, const sl_figure *f, const sl_cam *cam, float s)
{
    float x, y;
    cam_pt(cam, f->pos, &x, &y);
    float r = scene_figure_radius(f, cam, s);
    sl_rgba c = ui_side_colour(w, w->scn.units[f->unit].side);
    gfx_disc(ui->ren, x, y, r, sl_rgba_make(c.r, c.g, c.b, 70));
    gfx_dashed_ring(ui->ren, x, y, r + 1.0f * s, 1.6f * s, 3.0f * s, 2.5f * s, sl_rgba_make(12, 12, 12, 200));
    if (r >= 5.0f * s) {
        const sl_side *side = &w->scn.sides[w->scn.units[f->unit].side];
        gfx_marker(ui->ren, side->marker, x, y, r * 0.5f, sl_rgba_make(255, 255, 255, 150));
    }
}

static void draw_figure(sl_ui *ui, const sl_world *w, int fi, bool kit_lost, const sl_cam *cam, float s)
{
    const sl_figure *f = &w->scn.figures[fi];
    const sl_unit *u = &w->scn.units[f->unit];
    float x, y;
    cam_pt(cam, f->pos, &x, &y);
    float r = scene_figure_radius(f, cam, s);
    sl_rgba black = sl_rgba_make(12, 12, 12, 255), white = sl_rgba_make(255, 255, 255, 255);
    sl_rgba fill = ui_side_colour(w, u->side);
    SDL_Renderer *ren = ui->ren;
    if (f->status == SL_FIG_DEAD)
        fill = sl_rgba_make(110, 110, 110, 255);
    if (f->role == SL_ROLE_LEADER) {
        /* a leader stands out by a white band around the base */
        gfx_disc(ren, x, y, r + 3.0f * s, black);
        gfx_disc(ren, x, y, r + 1.8f * s, white);
    }
    gfx_disc(ren, x, y, r + 1.2f * s, black);
    gfx_disc(ren, x, y, r, fill);
    if (r >= 5.0f * s) {
        const sl_side *side = u->side >= 0 && u->side < w->scn.nsides ? &w->scn.sides[u->side] : NULL;
        sl_marker m = side ? side->marker : SL_MARKER_TRIANGLE;
        float mr = r * 0.58f;
        float my = f->role == SL_ROLE_SUPPORT ? y - r * 0.12f : y;
        gfx_marker(ren, m, x, my, mr, white);
        if (f->role == SL_ROLE_SUPPORT)
            gfx_rect(ren, x - r * 0.5f, y + r * 0.45f, r, r * 0.2f, white);
    }
    if (f->status == SL_FIG_DEAD) {
        gfx_line(ren, x - r * 0.8f, y - r * 0.8f, x + r * 0.8f, y + r * 0.8f, 2.5f * s, black);
        gfx_line(ren, x - r * 0.8f, y + r * 0.8f, x + r * 0.8f, y - r * 0.8f, 2.5f * s, black);
    } else if (f->status == SL_FIG_WOUNDED) {
        gfx_ring(ren, x, y, r * 0.85f, 2.0f * s, black);
    }
    if (kit_lost) {
        /* kit that failed its recovery test: a crossed box at the base's
         * lower right (the unit card names it) */
        float b = fmaxf(r * 0.75f, 5.0f * s), bx = x + r * 0.55f, by = y + r * 0.55f;
        gfx_rect(ren, bx - 1.2f * s, by - 1.2f * s, b + 2.4f * s, b + 2.4f * s, black);
        gfx_rect(ren, bx, by, b, b, ui_pal.fail);
        gfx_line(ren, bx + b * 0.2f, by + b * 0.2f, bx + b * 0.8f, by + b * 0.8f, 1.8f * s, black);
        gfx_line(ren, bx + b * 0.2f, by + b * 0.8f, bx + b * 0.8f, by + b * 0.2f, 1.8f * s, black);
    }
}

/* What a fireteam's tag at r costs: each base, name, row or tag it
 * touches 1, and a name, a place's words, a row of counters (its own
 * team's too: placed first, the selected and acting units') or another
 * tag 40 more: words hidden are worse than a base; off the table 40. */
static int tag_cost(sl_ui *ui, const sl_world *w, const sl_cam *cam, float s, const SDL_FRect *r)
{
    int hits = scene_spot_hits(ui, w, cam, s, r), words = scene_name_hits(ui, w, r);
    for (int t = 0; t < ui->ntags; t++)
        words += scene_rects_overlap(r, &ui->tags[t]);
    const SDL_FRect *E = &ui->edge;
    bool off = r->x < E->x || r->y < E->y || r->x + r->w > E->x + E->w || r->y + r->h > E->y + E->h;
    return hits + 40 * words + (off ? 40 : 0);
}

static void draw_unit_label(sl_ui *ui, const sl_world *w, const sl_view *v, int ui_unit, const sl_cam *cam, float s,
                            bool selected)
{
    float lx, top, left, bottom;
    if (!scene_label_anchor(w, ui_unit, cam, s, &lx, &top, &left, &bottom))
        return;
    float h = (float)text_height(&ui->text, SL_FONT_SMALL);
    sl_rgba fg = selected ? sl_rgba_make(0, 0, 0, 255) : sl_rgba_make(255, 255, 255, 255);
    sl_rgba bg = selected ? sl_rgba_make(240, 228, 66, 240) : sl_rgba_make(0, 0, 0, 175);
    if (sl_unit_whole(&w->scn, ui_unit) >= 0) {
        /* a fireteam's tag: left of its men, else right of them, over or
         * under them, wherever it covers fewest figures, names and tags */
        char tag[16];
        snprintf(tag, sizeof tag, "T%d", sl_unit_part_no(&w->scn, ui_unit));
        float tw = (float)text_width(&ui->text, SL_FONT_SMALL, tag), pad = 3.0f * s;
        float right = lx + (lx - left), mid = (top + bottom) / 2 - h / 2, gap = 8.0f * s;
        /* beside, over or under its men, then at their corners, then a
         * tag's width further out; on its men themselves when all of those
         * would hide words (a crowded table at projector scale) */
        float spots[13][2] = {{left - tw - gap, mid},
                              {right + gap, mid},
                              {lx - tw / 2, top - h - 6.0f * s},
                              {lx - tw / 2, bottom + 5.0f * s},
                              {left - tw - gap, top - h - 2.0f * s},
                              {right + gap, top - h - 2.0f * s},
                              {left - tw - gap, bottom + 2.0f * s},
                              {right + gap, bottom + 2.0f * s},
                              {left - 2 * tw - 2 * gap, mid},
                              {right + tw + 2 * gap, mid},
                              {lx - tw / 2, top - 2 * h - 10.0f * s},
                              {lx - tw / 2, bottom + h + 9.0f * s},
                              {lx - tw / 2, mid}};
        int best = 0, least = -1;
        for (int k = 0; k < 13 && least != 0; k++) {
            SDL_FRect r = {spots[k][0] - pad, spots[k][1] - pad / 2, tw + 2 * pad, h + pad};
            int hits = tag_cost(ui, w, cam, s, &r) + (k < 12 ? k / 4 : 20); /* ties: the nearer */
            if (least < 0 || hits < least) {
                least = hits;
                best = k;
            }
        }
        /* still over words: a team neither selected, acting nor asked
         * about shows no tag this frame (its men's colour and tooltip
         * name it), as its row of counters gives way */
        if (least >= 40 && scene_label_rank(ui, ui_unit) == 2)
            return;
        SDL_FRect box = text_draw_boxed(&ui->text, SL_FONT_SMALL, tag, spots[best][0], spots[best][1], fg,
                                        selected ? bg : sl_rgba_make(30, 30, 36, 215), pad, SL_ALIGN_LEFT);
        scene_add_obstacle(ui, w, cam, s, &box);
        if (ui->ntags < UI_MAX_TAGS) {
            ui->tag_unit[ui->ntags] = ui_unit;
            ui->tags[ui->ntags++] = box;
        }
        return;
    }
    /* the name where this frame's layout put it (out of the viewer's
     * sight: faded, with since when) */
    SDL_FRect none = {-1e6f, -1e6f, 0, 0};
    scene_spot_hits(ui, w, cam, s, &none); /* lays the names out, once a frame */
    char buf[SL_NAME_LEN + 40];
    bool faded;
    if (!scene_name_text(w, v, ui_unit, buf, sizeof buf, &faded) || ui_unit >= ui->names_cap || ui->names[ui_unit].w <= 0)
        return;
    const SDL_FRect *r = &ui->names[ui_unit];
    text_draw_boxed(&ui->text, SL_FONT_SMALL, buf, r->x + 4.0f * s, r->y + 4.0f * s,
                    faded && !selected ? ui_pal.dim : fg, faded && !selected ? sl_rgba_make(0, 0, 0, 120) : bg, 4.0f * s,
                    SL_ALIGN_LEFT);
}

/* --- ruler ------------------------------------------------------------------ */

typedef struct ruler_geom {
    sl_pt pts[SL_RULER_MAX + 1];
    int n;
    double legs[SL_RULER_MAX];
    double total;
} ruler_geom;

/* The ruler's points (the fixed ones and the live end) in order. */
static int ruler_points(const sl_ruler *r, sl_pt *pts)
{
    int n = 0;
    for (int i = 0; i < r->npts && n < SL_RULER_MAX; i++)
        pts[n++] = r->pts[i];
    if (r->has_live && !r->finished && n < SL_RULER_MAX + 1)
        pts[n++] = r->live;
    return n;
}

double sl_ruler_measure(const sl_world *w, const sl_ruler *r, double *legs, int *nlegs)
{
    sl_pt pts[SL_RULER_MAX + 1];
    int n = ruler_points(r, pts);
    double total = 0;
    int k = 0;
    for (int i = 0; i + 1 < n && k < SL_RULER_MAX; i++) {
        double d = sl_dist(pts[i], pts[i + 1]);
        if (i == 0 && r->from_figure >= 0)
            d -= w->scn.figures[r->from_figure].base_r;
        if (i + 2 == n && r->to_figure >= 0)
            d -= w->scn.figures[r->to_figure].base_r;
        if (d < 0)
            d = 0;
        legs[k++] = d / 1000.0;
        total += d / 1000.0;
    }
    if (nlegs)
        *nlegs = k;
    return total;
}

static void ruler_measure(const sl_world *w, const sl_ruler *r, ruler_geom *g)
{
    g->n = ruler_points(r, g->pts);
    int k = 0;
    g->total = sl_ruler_measure(w, r, g->legs, &k);
}

/* Where the ruler's length goes by its end (ex, ey): below right of it,
 * else above or to the left, where it lies on fewest names and places'
 * words (a squad's name lay under it in the table layout); kept on the
 * table's view. */
static void ruler_words_spot(sl_ui *ui, const sl_world *w, const sl_cam *cam, const char *buf, float ex, float ey,
                             float *lx, float *ly)
{
    float s = ui->lay.s, pad = 5 * s, best = -1;
    float tw = (float)text_width(&ui->text, SL_FONT_BOLD, buf), th = (float)text_height(&ui->text, SL_FONT_BOLD);
    const SDL_FRect *T = &ui->lay.table;
    const float at[8][2] = {{ex + 14 * s, ey + 10 * s},           {ex + 14 * s, ey - 10 * s - th},
                            {ex - 14 * s - tw, ey + 10 * s},      {ex - 14 * s - tw, ey - 10 * s - th},
                            {ex - tw / 2, ey + 14 * s},           {ex - tw / 2, ey - 14 * s - th},
                            {ex + 14 * s, ey + 24 * s + th},      {ex - 14 * s - tw, ey - 24 * s - 2 * th}};
    for (int i = 0; i < 8; i++) {
        float x = fmaxf(T->x + pad, fminf(at[i][0], T->x + T->w - tw - pad));
        float y = fmaxf(T->y + pad, fminf(at[i][1], T->y + T->h - th - pad));
        SDL_FRect r = {x - pad, y - pad, tw + 2 * pad, th + 2 * pad};
        float c = 100.0f * (float)scene_name_hits(ui, w, &r) + (float)scene_figure_hits(ui, w, cam, s, &r) +
                  (float)i * 0.5f;
        if (best < 0 || c < best)
            best = c, *lx = x, *ly = y;
    }
}

static void draw_ruler(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam, float s)
{
    ruler_geom g;
    ruler_measure(w, &v->ruler, &g);
    if (g.n < 1)
        return;
    float xy[2 * (SL_RULER_MAX + 1)];
    for (int i = 0; i < g.n; i++)
        cam_pt(cam, g.pts[i], &xy[2 * i], &xy[2 * i + 1]);
    /* Start and end on base edges where they touch figures. */
    if (g.n >= 2 && v->ruler.from_figure >= 0) {
        float dx = xy[2] - xy[0], dy = xy[3] - xy[1], len = sqrtf(dx * dx + dy * dy);
        float r = w->scn.figures[v->ruler.from_figure].base_r / 1000.0f * cam->scale;
        if (len > r) {
            xy[0] += dx / len * r;
            xy[1] += dy / len * r;
        }
    }
    if (g.n >= 2 && v->ruler.to_figure >= 0) {
        int k = g.n - 1;
        float dx = xy[2 * k] - xy[2 * k - 2], dy = xy[2 * k + 1] - xy[2 * k - 1], len = sqrtf(dx * dx + dy * dy);
        float r = w->scn.figures[v->ruler.to_figure].base_r / 1000.0f * cam->scale;
        if (len > r) {
            xy[2 * k] -= dx / len * r;
            xy[2 * k + 1] -= dy / len * r;
        }
    }
    sl_rgba black = sl_rgba_make(0, 0, 0, 255), white = sl_rgba_make(255, 255, 255, 255);
    sl_rgba tape = sl_rgba_make(255, 214, 0, 255);
    if (g.n >= 2) {
        gfx_polyline(ui->ren, xy, g.n, false, 6.0f * s, black);
        gfx_polyline(ui->ren, xy, g.n, false, 3.5f * s, tape);
        /* inch ticks along the tape, when they are far enough apart */
        if (cam->scale >= 6.0f * s) {
            for (int i = 0; i + 1 < g.n; i++) {
                float dx = xy[2 * i + 2] - xy[2 * i], dy = xy[2 * i + 3] - xy[2 * i + 1];
                float len = sqrtf(dx * dx + dy * dy);
                if (len <= 0)
                    continue;
                float ux = dx / len, uy = dy / len;
                for (float d = cam->scale; d < len; d += cam->scale) {
                    float px = xy[2 * i] + ux * d, py = xy[2 * i + 1] + uy * d;
                    gfx_line(ui->ren, px - uy * 4 * s, py + ux * 4 * s, px + uy * 4 * s, py - ux * 4 * s, 1.5f * s,
                             black);
                }
            }
        }
    }
    for (int i = 0; i < g.n; i++) {
        gfx_disc(ui->ren, xy[2 * i], xy[2 * i + 1], 5.0f * s, black);
        gfx_disc(ui->ren, xy[2 * i], xy[2 * i + 1], 3.5f * s, i == 0 ? white : tape);
    }
    char buf[128];
    sl_rgba fg = sl_rgba_make(0, 0, 0, 255), bg = sl_rgba_make(255, 214, 0, 235);
    if (g.n > 2) {
        for (int i = 0; i + 1 < g.n; i++) {
            snprintf(buf, sizeof buf, "%.1f\"", g.legs[i]);
            float mx = (xy[2 * i] + xy[2 * i + 2]) / 2, my = (xy[2 * i + 1] + xy[2 * i + 3]) / 2;
            text_draw_boxed(&ui->text, SL_FONT_SMALL, buf, mx, my - 8 * s, fg, bg, 3 * s, SL_ALIGN_CENTRE);
        }
    }
    if (g.n >= 2) {
        const char *what = v->ruler.to_figure >= 0 && v->ruler.from_figure >= 0 ? " edge to edge"
                           : v->ruler.from_figure >= 0                          ? " from base edge"
                           : v->ruler.to_figure >= 0                            ? " to base edge"
                                                                                : "";
        if (g.n > 2)
            snprintf(buf, sizeof buf, "Total %.2f\"%s", g.total, what);
        else
            snprintf(buf, sizeof buf, "%.2f\"%s", g.total, what);
        float ex = xy[2 * (g.n - 1)], ey = xy[2 * (g.n - 1) + 1], lx = ex, ly = ey;
        ruler_words_spot(ui, w, cam, buf, ex, ey, &lx, &ly);
        SDL_FRect box = text_draw_boxed(&ui->text, SL_FONT_BOLD, buf, lx, ly, sl_rgba_make(255, 255, 255, 255),
                                        sl_rgba_make(0, 0, 0, 215), 5 * s, SL_ALIGN_LEFT);
        /* the end and its length: a tooltip keeps off them */
        float x0 = fminf(box.x, ex - 6 * s), y0 = fminf(box.y, ey - 6 * s);
        ui->ruler_box = (SDL_FRect){x0, y0, box.x + box.w - x0, box.y + box.h - y0};
        ui->ruler_words = box;
    }
}

/* --- grid, edge, scale bar ----------------------------------------------------- */

static void draw_grid(sl_ui *ui, const sl_world *w, const sl_cam *cam, float s)
{
    const sl_table *t = &w->scn.table;
    sl_rgba minor = sl_rgba_make(255, 255, 255, 45), major = sl_rgba_make(255, 255, 255, 90);
    for (int x = 6000; x < t->width; x += 6000) {
        float x0, y0, x1, y1;
        cam_pt(cam, sl_pt_make(x, 0), &x0, &y0);
        cam_pt(cam, sl_pt_make(x, t->height), &x1, &y1);
        gfx_line(ui->ren, x0, y0, x1, y1, (x % 12000 == 0 ? 1.5f : 1.0f) * s, x % 12000 == 0 ? major : minor);
    }
    for (int y = 6000; y < t->height; y += 6000) {
        float x0, y0, x1, y1;
        cam_pt(cam, sl_pt_make(0, y), &x0, &y0);
        cam_pt(cam, sl_pt_make(t->width, y), &x1, &y1);
        gfx_line(ui->ren, x0, y0, x1, y1, (y % 12000 == 0 ? 1.5f : 1.0f) * s, y % 12000 == 0 ? major : minor);
    }
}

/* A round number of inches about `want` px long on the table, and its length. */
static int scale_bar_inches(const sl_cam *cam, float want, float *len)
{
    static const int steps[] = {1, 2, 3, 6, 12, 24, 36, 48};
    int inches = 1;
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        inches = steps[i];
        if (inches * cam->scale >= want)
            break;
    }
    *len = inches * cam->scale;
    return inches;
}

float scene_scale_bar_small(sl_ui *ui, const sl_cam *cam, float right, float mid, float s)
{
    /* no larger than at 150%: it is read up close, not across the room */
    float k = fminf(s, 1.5f), len;
    int inches = scale_bar_inches(cam, 90.0f * k, &len);
    char buf[32];
    snprintf(buf, sizeof buf, "%d\"", inches);
    float tw = (float)text_width(&ui->text, SL_FONT_SMALL, buf), zw = (float)text_width(&ui->text, SL_FONT_SMALL, "0");
    float x = right - 12 * s - tw - 6 * k - len, y = mid - 3 * k;
    sl_rgba black = sl_rgba_make(0, 0, 0, 255), white = sl_rgba_make(255, 255, 255, 255);
    float th = (float)text_height(&ui->text, SL_FONT_SMALL);
    text_draw(&ui->text, SL_FONT_SMALL, "0", x - 6 * k - zw, mid - th / 2, white, SL_ALIGN_LEFT);
    gfx_rect(ui->ren, x, y, len, 6 * k, white);
    gfx_rect(ui->ren, x, y, len / 2, 6 * k, black);
    gfx_rect_outline(ui->ren, x, y, len, 6 * k, 1.0f * k, white);
    text_draw(&ui->text, SL_FONT_SMALL, buf, x + len + 6 * k, mid - th / 2, white, SL_ALIGN_LEFT);
    return right - (x - 6 * k - zw) + 12 * s;
}

/* Whether the scale bar at `bar` gives way: a card too tall to keep off
 * it (a small table at projector scale) over most of it is read first
 * (the rooms kept for it and for the command line, the first taken, are
 * not cards); so are a card a player reads over any of it (the bar over
 * the recovery card's corner hid "Esc: cancel", 1280x720 200% in the
 * table layout), the list's box and a burst's words pushed into a corner. */
static bool scale_bar_yields(const sl_ui *ui, const SDL_FRect *bar, int first_card)
{
    for (int i = first_card; i < ui->ncards; i++) {
        const SDL_FRect *c = &ui->cards[i];
        float ow = fminf(bar->x + bar->w, c->x + c->w) - fmaxf(bar->x, c->x);
        float oh = fminf(bar->y + bar->h, c->y + c->h) - fmaxf(bar->y, c->y);
        if (ow > 0 && oh > 0 && ow * oh > bar->w * bar->h / 2)
            return true;
    }
    for (int i = 0; i < ui->nread_cards; i++)
        if (scene_rects_overlap(bar, &ui->read_card[i]))
            return true;
    if (ui->list_box.w > 0 && scene_rects_overlap(bar, &ui->list_box))
        return true;
    for (int i = 0; i < ui->nburst_rows; i++)
        if (scene_rects_overlap(bar, &ui->burst_rows[i]))
            return true;
    return false;
}

/* The table layout's scale bar: a round number of inches, no larger than
 * at 150% (read up close, not across the room), along the view's edges
 * where it lies on no label and fewest figures (the bottom left first);
 * left off when every place gives way (scale_bar_yields). */
static void draw_scale_bar(sl_ui *ui, const sl_world *w, const sl_cam *cam, const SDL_FRect *view, float s,
                           int first_card)
{
    float k = fminf(s, 1.5f), len;
    int inches = scale_bar_inches(cam, 60.0f * k, &len);
    char buf[32];
    snprintf(buf, sizeof buf, "%d\"", inches);
    float tw = (float)text_width(&ui->text, SL_FONT_SMALL, buf), th = (float)text_height(&ui->text, SL_FONT_SMALL);
    float bw = len + 18 * k + tw, bh = fmaxf(th, 6 * k) + 8 * k, m = 10 * k;
    float x0 = view->x + m, x1 = view->x + view->w - m - bw, y0 = view->y + m, y1 = view->y + view->h - m - bh;
    float best = -1;
    SDL_FRect bar = {0, 0, 0, 0};
    for (int i = 0; i < 16; i++) { /* along the foot, the top, then the sides, from the left or top */
        int edge = i / 4;
        float f = (float)(i % 4) / 3;
        float x = edge < 2 ? x0 + (x1 - x0) * f : edge == 2 ? x0 : x1;
        float y = edge == 0 ? y1 : edge == 1 ? y0 : y0 + (y1 - y0) * (1 - f);
        SDL_FRect r = {x, y, bw, bh};
        if (scale_bar_yields(ui, &r, first_card))
            continue;
        float c = 1000.0f * (float)scene_name_hits(ui, w, &r) + 10.0f * (float)scene_spot_hits(ui, w, cam, s, &r) +
                  (ui->ruler_box.w > 0 && scene_rects_overlap(&r, &ui->ruler_box) ? 500.0f : 0.0f) + (float)i;
        if (best < 0 || c < best)
            best = c, bar = r;
    }
    ui->scale_bar = bar;
    if (best < 0)
        return;
    sl_rgba black = sl_rgba_make(0, 0, 0, 255), white = sl_rgba_make(255, 255, 255, 255);
    gfx_rect(ui->ren, bar.x, bar.y, bar.w, bar.h, sl_rgba_make(0, 0, 0, 150));
    float x = bar.x + 6 * k, y = bar.y + bar.h / 2 - 3 * k;
    gfx_rect(ui->ren, x, y, len, 6 * k, white);
    gfx_rect(ui->ren, x, y, len / 2, 6 * k, black);
    gfx_rect_outline(ui->ren, x, y, len, 6 * k, 1.0f * k, white);
    text_draw(&ui->text, SL_FONT_SMALL, buf, x + len + 6 * k, bar.y + (bar.h - th) / 2, white, SL_ALIGN_LEFT);
}

/* Everything the ground layers' pixels depend on. */
static uint64_t ground_key(const sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam, int ow, int oh)
{
    const sl_table *t = &w->scn.table;
    uint64_t h = ui_hash_zoom(UI_HASH_START, cam); /* the centre is ui_kept_layer's */
    float lay_f[5] = {ui->lay.table.x, ui->lay.table.y, ui->lay.table.w, ui->lay.table.h, ui->lay.s};
    h = ui_hash(h, lay_f, sizeof lay_f);
    int misc[10] = {ow, oh, v->show_grid, w->mat.r, w->mat.g, w->mat.b, t->width, t->height, t->nfeatures, t->npts};
    h = ui_hash(h, misc, sizeof misc);
    double mat_d[4] = {w->mat.x, w->mat.y, w->mat.w, w->mat.h};
    h = ui_hash(h, mat_d, sizeof mat_d);
    const void *ptrs[4] = {ui->world, ui->mat_tex, ui->tri, ui->decor};
    h = ui_hash(h, ptrs, sizeof ptrs);
    for (int i = 0; i < t->nfeatures; i++) {
        const sl_feature *f = &t->features[i];
        int32_t fv[7] = {(int32_t)f->kind, (int32_t)f->shape, f->first_pt, f->npts, f->height, f->thickness,
                         (int32_t)f->rule_yes};
        h = ui_hash(h, fv, sizeof fv);
    }
    if (t->npts > 0)
        h = ui_hash_wide(h, t->pts, sizeof(sl_pt) * (size_t)t->npts);
    return h ? h : 1;
}

/* The mat, grid, terrain and table edge, drawn where the renderer draws. */
static void draw_ground_layers(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam,
                               const SDL_Rect *clip)
{
    SDL_Renderer *ren = ui->ren;
    const sl_layout *L = &ui->lay;
    float s = L->s;
    const sl_table *t = &w->scn.table;
    SDL_RenderSetClipRect(ren, clip);
    gfx_rect(ren, L->table.x, L->table.y, L->table.w, L->table.h, sl_rgba_make(40, 42, 46, 255));

    float x0, y0, x1, y1;
    cam_pt(cam, sl_pt_make(0, 0), &x0, &y0);
    cam_pt(cam, sl_pt_make(t->width, t->height), &x1, &y1);
    gfx_rect(ren, x0, y0, x1 - x0, y1 - y0, sl_rgba_make(w->mat.r, w->mat.g, w->mat.b, 255));
    if (ui->mat_tex) {
        float mx0, my0, mx1, my1;
        cam_w2s(cam, w->mat.x, w->mat.y, &mx0, &my0);
        cam_w2s(cam, w->mat.x + w->mat.w, w->mat.y + w->mat.h, &mx1, &my1);
        SDL_FRect dst = {mx0, my0, mx1 - mx0, my1 - my0};
        /* The mat stops at the table edge even if the image is larger. */
        SDL_Rect tclip = {(int)floorf(fmaxf(x0, L->table.x)), (int)floorf(fmaxf(y0, L->table.y)), 0, 0};
        tclip.w = (int)ceilf(fminf(x1, L->table.x + L->table.w)) - tclip.x;
        tclip.h = (int)ceilf(fminf(y1, L->table.y + L->table.h)) - tclip.y;
        if (tclip.w > 0 && tclip.h > 0 && SDL_IntersectRect(&tclip, clip, &tclip)) { /* within the strip drawn */
            SDL_RenderSetClipRect(ren, &tclip);
            SDL_RenderCopyF(ren, ui->mat_tex, NULL, &dst);
            SDL_RenderSetClipRect(ren, clip);
        }
    }
    if (v->show_grid)
        draw_grid(ui, w, cam, s);
    draw_terrain(ui, w, cam, s);
    float edge[8] = {x0, y0, x1, y0, x1, y1, x0, y1};
    gfx_polyline(ren, edge, 4, true, 3.0f * s, sl_rgba_make(15, 15, 15, 255));
}

typedef struct ground_job {
    const sl_world *w;
    const sl_view *v;
    const sl_cam *cam;
} ground_job;

/* The ground within the clip it is given (the table, or a strip of it
 * uncovered by a pan). */
static void ground_draw(sl_ui *ui, void *ctx)
{
    const ground_job *j = ctx;
    SDL_Rect clip;
    SDL_RenderGetClipRect(ui->ren, &clip);
    draw_ground_layers(ui, j->w, j->v, j->cam, &clip);
}

/* The ground comes from its texture, redrawn there only when the camera,
 * the window or the terrain changed: a frame that only moves a ruler or a
 * figure copies it instead of drawing every feature again. Where the
 * renderer cannot draw into a texture, it is drawn directly. */
void scene_draw_ground(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam)
{
    SDL_Renderer *ren = ui->ren;
    const sl_layout *L = &ui->lay;
    float s = L->s;
    const sl_table *t = &w->scn.table;
    ui->nobstacles = -1; /* figures and names move between frames */
    ui->ntexts = 0;
    ui->ntags = 0;
    ui->edge = scene_table_box(ui, w, cam);
    SDL_Rect clip = {(int)L->table.x, (int)L->table.y, (int)L->table.w, (int)L->table.h};
    SDL_RenderSetClipRect(ren, &clip);
    ground_job job = {w, v, cam};
    ui_kept_layer(ui, &ui->ground, ground_key(ui, w, v, cam, ui->lay.w, ui->lay.h), cam, &clip, ground_draw, &job);
    SDL_RenderSetClipRect(ren, &clip);

    if (v->hover_feature >= 0 && v->hover_feature < t->nfeatures && v->hover_figure < 0)
        outline_feature(ui, w, v->hover_feature, cam, s, sl_rgba_make(255, 255, 255, 255));
}

/* How a unit's figures are drawn this frame: 0 on the table as they are,
 * 1 not at all (off the table, or a counter drawn as one), 2 as ghosts
 * (out of the viewing side's sight). */
static int figures_drawn_as(const sl_world *w, const sl_view *v, int u)
{
    if (v->play && v->play->on && sl_game_off_table(&v->play->game, u))
        return 1; /* inside a vehicle, or not yet come on: not on the table */
    if (sl_play_is_counter(w, u) || (u < w->scn.nunits && w->scn.units[u].kind == SL_UNIT_DUMMY))
        return 1; /* a counter (or its own side's dummy), drawn as one below */
    if (v->play && sl_play_last_seen(v->play, u, NULL))
        return 2;
    return 0;
}

/* Kit the rules mark as lost to the man, as the viewing side knows him. */
static bool kit_lost(const sl_view *v, int fig)
{
    return v->play && v->play->on && sl_game_figure_kit_lost(&v->play->game, v->play->view_side, fig);
}

/* The selection's rings and every figure on the table as it is (opaque:
 * kept in a texture, see scene_draw_forces). */
static void draw_bases(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam, float s,
                       const uint8_t *as)
{
    SDL_Renderer *ren = ui->ren;
    /* selection first, under the bases, so rings frame them */
    sl_rgba black = sl_rgba_make(0, 0, 0, 255);
    sl_rgba hi = sl_rgba_make(240, 228, 66, 255);
    for (int i = 0; i < w->scn.nfigures; i++) {
        const sl_figure *f = &w->scn.figures[i];
        int sq = f->unit < w->scn.nunits ? sl_unit_whole(&w->scn, f->unit) : -1;
        bool sel = (f->unit < v->nunits && v->selected[f->unit]) || (sq >= 0 && sq < v->nunits && v->selected[sq]);
        if (!sel)
            continue;
        float x, y;
        cam_pt(cam, f->pos, &x, &y);
        float r = scene_figure_radius(f, cam, s) + (f->role == SL_ROLE_LEADER ? 3.0f * s : 0.0f);
        gfx_disc(ren, x, y, r + 6.5f * s, black);
        gfx_disc(ren, x, y, r + 5.0f * s, hi);
    }
    /* a strip of the kept layer after a pan: only the figures reaching into it */
    SDL_Rect clip;
    SDL_RenderGetClipRect(ren, &clip);
    bool clipped = clip.w > 0 && clip.h > 0;
    for (int i = 0; i < w->scn.nfigures; i++) {
        const sl_figure *f = &w->scn.figures[i];
        if (as[f->unit] != 0)
            continue;
        if (clipped) {
            float x, y;
            cam_pt(cam, f->pos, &x, &y);
            float m = 2 * scene_figure_radius(f, cam, s) + 12 * s;
            if (x + m < clip.x || x - m > clip.x + clip.w || y + m < clip.y || y - m > clip.y + clip.h)
                continue;
        }
        draw_figure(ui, w, i, kit_lost(v, i), cam, s);
    }
}

typedef struct bases_job {
    const sl_world *w;
    const sl_view *v;
    const sl_cam *cam;
    float s;
    const uint8_t *as;
} bases_job;

static void bases_draw(sl_ui *ui, void *ctx)
{
    const bases_job *j = ctx;
    draw_bases(ui, j->w, j->v, j->cam, j->s, j->as);
}

void scene_draw_forces(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam)
{
    SDL_Renderer *ren = ui->ren;
    float s = ui->lay.s;
    int nu = w->scn.nunits;
    uint8_t stack_as[256];
    uint8_t *as = nu <= 256 ? stack_as : malloc((size_t)nu);
    if (!as)
        return;
    for (int u = 0; u < nu; u++)
        as[u] = (uint8_t)figures_drawn_as(w, v, u);
    /* the bases, kept while nothing they depend on has changed (a ruler
     * or a planned way being dragged) */
    SDL_Rect box;
    uint64_t key = ui_table_key(ui, cam, s, &box);
    key = ui_hash_wide(key, as, (size_t)nu);
    key = ui_hash_wide(key, w->scn.figures, sizeof(sl_figure) * (size_t)w->scn.nfigures);
    key = ui_hash_wide(key, w->scn.units, sizeof(sl_unit) * (size_t)nu);
    key = ui_hash_wide(key, w->scn.sides, sizeof(sl_side) * (size_t)w->scn.nsides);
    for (int i = 0; i < w->scn.nfigures; i++)
        if (kit_lost(v, i)) /* the rules' marks are not the figures' own */
            key = ui_hash(key, &i, sizeof i);
    key = ui_hash(key, &ui_pal, sizeof ui_pal);
    if (v->selected && v->nunits > 0)
        key = ui_hash_wide(key, v->selected, (size_t)v->nunits);
    bases_job job = {w, v, cam, s, as};
    /* while panning, kept in their layer when there are many (only the
     * strips uncovered drawn); a few hundred are drawn straight away,
     * cheaper than the layer's copy, and the pan's first frame then
     * makes no layer */
    int on_table = 0;
    for (int i = 0; i < w->scn.nfigures; i++)
        on_table += as[w->scn.figures[i].unit] == 0;
    if (ui->panning && on_table > ui->bases_kept_from) {
        ui_kept_layer(ui, &ui->bases, key, cam, &box, bases_draw, &job);
    } else {
        /* opaque, so the same pixels as through the layer */
        ui_kept_free(&ui->bases);
        bases_draw(ui, &job);
    }
    /* men out of sight, where they were last seen: faded, over the rest */
    for (int i = 0; i < w->scn.nfigures; i++)
        if (as[w->scn.figures[i].unit] == 2)
            draw_ghost(ui, w, &w->scn.figures[i], cam, s);
    if (as != stack_as)
        free(as);
    for (int u = 0; u < w->scn.nunits; u++)
        if ((sl_play_is_counter(w, u) || w->scn.units[u].kind == SL_UNIT_DUMMY) &&
            !(v->play && v->play->on && sl_game_off_table(&v->play->game, u)))
            ui_draw_counter(ui, w, v, u, cam, s);
    if (v->hover_figure >= 0 && v->hover_figure < w->scn.nfigures) {
        const sl_figure *f = &w->scn.figures[v->hover_figure];
        float x, y;
        cam_pt(cam, f->pos, &x, &y);
        float r = scene_figure_radius(f, cam, s) + (f->role == SL_ROLE_LEADER ? 3.0f * s : 0.0f);
        gfx_ring(ren, x, y, r + 3.0f * s, 2.0f * s, sl_rgba_make(255, 255, 255, 255));
    }
    if (v->show_labels)
        for (int u = 0; u < w->scn.nunits; u++)
            if (!(v->play && v->play->on && sl_game_off_table(&v->play->game, u)) && !sl_play_is_counter(w, u) &&
                w->scn.units[u].kind != SL_UNIT_DUMMY) /* a dummy's one label is its counter's tag */
                draw_unit_label(ui, w, v, u, cam, s,
                                (u < v->nunits && v->selected[u]) ||
                                    (sl_unit_whole(&w->scn, u) >= 0 && sl_unit_whole(&w->scn, u) < v->nunits &&
                                     v->selected[sl_unit_whole(&w->scn, u)]));
}

void scene_draw_top(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam)
{
    SDL_Renderer *ren = ui->ren;
    const sl_layout *L = &ui->lay;
    float s = L->s;
    sl_rgba hi = sl_rgba_make(240, 228, 66, 255);
    if (v->boxing) {
        float bx0, by0, bx1, by1;
        cam_pt(cam, v->box_a, &bx0, &by0);
        cam_pt(cam, v->box_b, &bx1, &by1);
        float r[8] = {bx0, by0, bx1, by0, bx1, by1, bx0, by1};
        gfx_rect(ren, fminf(bx0, bx1), fminf(by0, by1), fabsf(bx1 - bx0), fabsf(by1 - by0),
                 sl_rgba_make(240, 228, 66, 40));
        gfx_dashed(ren, r, 4, true, 2.0f * s, 8 * s, 5 * s, hi);
    }
    ui->ruler_box = ui->ruler_words = (SDL_FRect){0, 0, 0, 0};
    draw_ruler(ui, w, v, cam, s);
    if (!L->present) /* the presentation's is in the status bar, off the table */
        draw_scale_bar(ui, w, cam, &L->table, s, v->pick.typing ? 2 : 1);
    SDL_RenderSetClipRect(ren, NULL);
}

/* --- descriptions ------------------------------------------------------------------ */

void ui_describe_figure(const sl_world *w, int fig, char *buf, size_t len)
{
    const sl_figure *f = &w->scn.figures[fig];
    const sl_unit *u = &w->scn.units[f->unit];
    const sl_weapon *wp = sl_weapon_get(f->weapon);
    const sl_weapon *sp = sl_weapon_get(f->support);
    /* the man as players call him (his unit's leader, man 3), not his id */
    char who[SL_NAME_LEN + 40];
    if (u->leader == fig)
        snprintf(who, sizeof who, "%s's leader", u->name);
    else
        snprintf(who, sizeof who, "%s's man %d", u->name, fig - u->first_figure + 1);
    char arms[200];
    if (sl_figure_arms(&w->scn, fig, arms, sizeof arms)) {
        /* as its ruleset says it (SkirmishCorps: a foot-unit's firearm) */
        snprintf(buf, len, "%s (%s) \xC2\xB7 %s", who, w->scn.sides[u->side].name, arms);
        return;
    }
    ui_arms_words(wp, sp, arms, sizeof arms);
    snprintf(buf, len, "%s (%s) \xC2\xB7 %s \xC2\xB7 %s", who, w->scn.sides[u->side].name, sl_role_name(f->role), arms);
}

/* A man's arms as a sentence reads them: "Gauss rifle + gauss squad
 * automatic weapon", never the catalog's brackets. */
void ui_arms_words(const sl_weapon *wp, const sl_weapon *sp, char *buf, size_t len)
{
    char main_arm[96], support[96] = "";
    sl_weapon_words(wp, true, main_arm, sizeof main_arm);
    if (sp)
        sl_weapon_words(sp, false, support, sizeof support);
    snprintf(buf, len, "%s%s%s", main_arm, sp ? " + " : "", support);
}

void ui_feature_name(const sl_world *w, int feat, char *buf, size_t len)
{
    sl_feature_words(&w->scn.table.features[feat], buf, len);
}

void ui_describe_feature(const sl_world *w, int feat, char *buf, size_t len)
{
    const sl_feature *f = &w->scn.table.features[feat];
    const sl_terrain_defaults *k = sl_terrain_kind_info(f->kind);
    /* its name and kind ("Hill 4" · "hill"), or for an unnamed one its
     * kind alone: never the file's number */
    char what[SL_NAME_LEN + 40];
    if (sl_feature_unnamed(f))
        snprintf(what, sizeof what, "%s", k->label);
    else {
        snprintf(what, sizeof what, "%s \xC2\xB7 %s", f->name, k->label);
        for (char *p = what + strlen(f->name); *p; p++)
            *p = (char)tolower((unsigned char)*p);
    }
    char flags[96];
    sl_feature_rule_words(f, flags, sizeof flags);
    snprintf(buf, len, "%s \xC2\xB7 height %.1f\" \xC2\xB7 %s \xC2\xB7 %s going%s", what, f->height / 1000.0,
             sl_cover_phrase(f->cover), sl_going_name(f->going), flags);
}
