/* The game's counters on the table: a row of words under each unit (the
 * rules say which: sl_game_marks), placed clear of figures, names and each
 * other, and a dashed ring round a unit done for the turn. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui_internal.h"

float ui_counter(sl_ui *ui, float x, float y, const char *text, sl_rgba bg, sl_rgba fg)
{
    float s = ui->lay.s;
    float pad = 3 * s;
    float tw = (float)text_width(&ui->text, SL_FONT_SMALL, text), th = (float)text_height(&ui->text, SL_FONT_SMALL);
    if (!ui->text.enabled) {
        tw = 12 * s;
        th = 12 * s;
    }
    gfx_rect(ui->ren, x - 1 * s, y - 1 * s, tw + 2 * pad + 2 * s, th + 2 * s, ui_pal.black);
    gfx_rect(ui->ren, x, y, tw + 2 * pad, th, bg);
    text_draw(&ui->text, SL_FONT_SMALL, text, x + pad, y, fg, SL_ALIGN_LEFT);
    return tw + 2 * pad + 4 * s;
}

/* A mark's shape in a square of side d at (x, y), in c. */
static void mark_shape(sl_ui *ui, sl_mark_shape shape, float x, float y, float d, sl_rgba c)
{
    float s = ui->lay.s, m = x + d / 2, n = y + d / 2, lw = fmaxf(1.5f * s, d / 8);
    switch (shape) {
    case SL_SHAPE_WHEEL_STRUCK: /* a wheel, its hub, struck through */
        gfx_ring(ui->ren, m, n, d * 0.4f, lw, c);
        gfx_disc(ui->ren, m, n, d * 0.1f, c);
        gfx_line(ui->ren, x + d * 0.1f, y + d * 0.9f, x + d * 0.9f, y + d * 0.1f, lw, c);
        break;
    case SL_SHAPE_WARNING: { /* a triangle with a bar and a dot */
        float tri[6] = {m, y + d * 0.05f, x + d * 0.98f, y + d * 0.95f, x + d * 0.02f, y + d * 0.95f};
        gfx_polyline(ui->ren, tri, 3, true, lw, c);
        gfx_line(ui->ren, m, y + d * 0.38f, m, y + d * 0.68f, lw, c);
        gfx_disc(ui->ren, m, y + d * 0.8f, lw * 0.6f, c);
        break;
    }
    case SL_SHAPE_CROSS:
        gfx_line(ui->ren, x + d * 0.12f, y + d * 0.12f, x + d * 0.88f, y + d * 0.88f, lw * 1.3f, c);
        gfx_line(ui->ren, x + d * 0.12f, y + d * 0.88f, x + d * 0.88f, y + d * 0.12f, lw * 1.3f, c);
        break;
    case SL_SHAPE_NONE:
    default: break;
    }
}

/* The room a mark takes in a row (its shape, its word, the gap after). */
float ui_mark_width(sl_ui *ui, const sl_mark *m)
{
    float s = ui->lay.s;
    float tw = ui->text.enabled ? (float)text_width(&ui->text, SL_FONT_SMALL, m->text) : 12 * s;
    float th = ui->text.enabled ? (float)text_height(&ui->text, SL_FONT_SMALL) : 12 * s;
    return tw + 10 * s + (m->shape != SL_SHAPE_NONE ? th : 0);
}

/* A mark: its counter in its style's colours, its shape (if any) before
 * the word in the word's colour; the room it took. */
float ui_mark_counter(sl_ui *ui, float x, float y, const sl_mark *m)
{
    sl_rgba bg, fg;
    ui_mark_colours(m->style, &bg, &fg);
    if (m->shape == SL_SHAPE_NONE)
        return ui_counter(ui, x, y, m->text, bg, fg);
    float s = ui->lay.s, pad = 3 * s;
    float th = ui->text.enabled ? (float)text_height(&ui->text, SL_FONT_SMALL) : 12 * s;
    float tw = ui->text.enabled ? (float)text_width(&ui->text, SL_FONT_SMALL, m->text) : 12 * s;
    float w = th + tw + 2 * pad;
    gfx_rect(ui->ren, x - 1 * s, y - 1 * s, w + 2 * s, th + 2 * s, ui_pal.black);
    gfx_rect(ui->ren, x, y, w, th, bg);
    gfx_rect_outline(ui->ren, x, y, w, th, 1 * s, fg);
    mark_shape(ui, m->shape, x + pad, y + th * 0.1f, th * 0.8f, fg);
    text_draw(&ui->text, SL_FONT_SMALL, m->text, x + pad + th, y, fg, SL_ALIGN_LEFT);
    return w + 4 * s;
}

void ui_unit_bottom(const sl_world *w, int unit, const sl_cam *cam, float s, float *cx, float *by)
{
    const sl_unit *u = &w->scn.units[unit];
    double sx = 0;
    int n = 0;
    float bottom = -1e30f;
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &w->scn.figures[u->first_figure + i];
        float x, y;
        cam_pt(cam, f->pos, &x, &y);
        float r = scene_figure_radius(f, cam, s);
        sx += x;
        n++;
        if (y + r > bottom)
            bottom = y + r;
    }
    *cx = n ? (float)(sx / n) : 0;
    *by = bottom;
}

void ui_ring_unit(sl_ui *ui, const sl_world *w, int unit, const sl_cam *cam, sl_rgba c, float width)
{
    float s = ui->lay.s;
    const sl_unit *un = &w->scn.units[unit];
    for (int i = 0; i < un->nfigures; i++) {
        const sl_figure *f = &w->scn.figures[un->first_figure + i];
        if (f->status == SL_FIG_DEAD)
            continue;
        float fx, fy;
        cam_pt(cam, f->pos, &fx, &fy);
        float r = scene_figure_radius(f, cam, s) + 6 * s;
        gfx_ring(ui->ren, fx, fy, r + width / 2, width + 2 * s, ui_pal.black);
        gfx_ring(ui->ren, fx, fy, r + width / 2, width, c);
        ui_keep_clear(ui, fx, fy, r + width); /* a ringed unit is one to click: no card over it */
    }
}

/* What a unit's row of counters says: a counter only what is public (a
 * suppression marker put on it); a unit its marks, and to its own player
 * that it is still hidden. */
static int unit_marks(const sl_world *w, const sl_game *g, int u, sl_mark *marks)
{
    const sl_unit *un = &w->scn.units[u];
    int n = 0;
    memset(marks, 0, sizeof *marks * SL_MAX_MARKS);
    if (sl_play_is_counter(w, u)) {
        int sup = g->us[u].suppression;
        if (sup > 0) {
            snprintf(marks[n].text, sizeof marks[n].text, "SUP %d", sup);
            marks[n++].style = SL_MARK_ALERT;
        }
        return n;
    }
    /* a dummy has no state to show, only that it is one */
    n = un->kind == SL_UNIT_DUMMY ? 0 : sl_game_marks(g, u, marks, SL_MAX_MARKS);
    if (sl_game_counter(g, u)[0] && !g->us[u].revealed && n < SL_MAX_MARKS) {
        snprintf(marks[n].text, sizeof marks[n].text, "%s %s",
                 g->live.units[u].kind == SL_UNIT_DUMMY ? "DUMMY" : "HIDDEN", sl_game_counter(g, u));
        marks[n].style = SL_MARK_SHADE;
        marks[n++].order = 99;
    }
    return n;
}

/* A unit done for the turn wears a dashed ring, so it shows without text. */
static void done_ring(sl_ui *ui, const sl_world *w, const sl_game *g, const sl_cam *cam, int u)
{
    const sl_unit *un = &w->scn.units[u];
    float s = ui->lay.s;
    if (sl_play_is_counter(w, u) || !sl_game_shows_done(g, u))
        return;
    for (int i = 0; i < un->nfigures; i++) {
        const sl_figure *f = &w->scn.figures[un->first_figure + i];
        if (f->status == SL_FIG_DEAD)
            continue;
        float fx, fy;
        cam_pt(cam, f->pos, &fx, &fy);
        gfx_dashed_ring(ui->ren, fx, fy, scene_figure_radius(f, cam, s) + 2.5f * s, 1.5f * s, 3 * s, 3 * s,
                        sl_rgba_make(20, 20, 20, 220));
    }
}

/* Under whom a unit's row of counters hangs: the middle of its men and
 * their lowest edge (a squad of fireteams: its leader, lower when he
 * stands in a team). */
static void row_anchor(sl_ui *ui, const sl_world *w, const sl_cam *cam, int u, float *cx, float *by)
{
    float s = ui->lay.s;
    const sl_unit *un = &w->scn.units[u];
    ui_unit_bottom(w, u, cam, s, cx, by);
    if (sl_unit_nparts(&w->scn, u) > 0 && un->leader >= 0) {
        float lx, ly;
        cam_pt(cam, w->scn.figures[un->leader].pos, &lx, &ly);
        *cx = lx;
        *by = ly + scene_figure_radius(&w->scn.figures[un->leader], cam, s) +
              (w->scn.figures[un->leader].unit != u ? 20 * s : 0);
    }
}

/* The table at its edge, in view: where a row of counters stays. */
static SDL_FRect row_room(sl_ui *ui, const sl_world *w, const sl_cam *cam)
{
    SDL_FRect edge = scene_table_box(ui, w, cam);
    const SDL_FRect *V = &ui->lay.table;
    float ex0 = fmaxf(edge.x, V->x), ey0 = fmaxf(edge.y, V->y);
    float ex1 = fminf(edge.x + edge.w, V->x + V->w), ey1 = fminf(edge.y + edge.h, V->y + V->h);
    if (ex1 > ex0 && ey1 > ey0)
        edge = (SDL_FRect){ex0, ey0, ex1 - ex0, ey1 - ey0};
    return edge;
}

/* A row of counters wider than maxw wraps: each mark's line in line[];
 * the block's width in *bw; the number of lines. */
static int row_lines(sl_ui *ui, const sl_mark *marks, int n, float maxw, int *line, float *bw)
{
    int nl = 1;
    float cur = 0;
    *bw = 0;
    for (int i = 0; i < n; i++) {
        float mw = ui_mark_width(ui, &marks[i]);
        if (cur > 0 && cur + mw > maxw) {
            nl++;
            cur = 0;
        }
        line[i] = nl - 1;
        cur += mw;
        *bw = fmaxf(*bw, cur);
    }
    return nl;
}

/* How wide a row of counters may be before it wraps: half the table in
 * view (at least 260 px at 100%, never more than the table), or its
 * widest counter. */
static float row_max_width(sl_ui *ui, const sl_world *w, const sl_cam *cam, const sl_mark *marks, int n)
{
    SDL_FRect T = row_room(ui, w, cam);
    float widest = 0;
    for (int i = 0; i < n; i++)
        widest = fmaxf(widest, ui_mark_width(ui, &marks[i]));
    return fmaxf(widest, fminf(T.w, fmaxf(0.5f * T.w, 260 * ui->lay.s)));
}

/* Whether a unit shows a row of counters this frame. */
static bool shows_row(const sl_world *w, const sl_view *v, int u)
{
    const sl_game *g = &v->play->game;
    return w->scn.units[u].nfigures > 0 && !sl_game_off_table(g, u) && !sl_play_last_seen(v->play, u, NULL);
}

bool ui_mark_row_home(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam, int u, SDL_FRect *r)
{
    if (!v || !play_on(v) || !shows_row(w, v, u))
        return false;
    sl_mark marks[SL_MAX_MARKS];
    int n = unit_marks(w, &v->play->game, u, marks), line[SL_MAX_MARKS];
    if (n <= 0)
        return false;
    float cx, by, bw, s = ui->lay.s;
    row_anchor(ui, w, cam, u, &cx, &by);
    int nl = row_lines(ui, marks, n, row_max_width(ui, w, cam, marks, n), line, &bw);
    float rh = (ui->text.enabled ? (float)text_height(&ui->text, SL_FONT_SMALL) : 12 * s) + 4 * s;
    *r = (SDL_FRect){cx - bw / 2, by + 5 * s, bw, (float)nl * rh};
    return true;
}

/* What a row of counters at `me` costs: each figure's base it covers 1;
 * a unit's name, a fireteam's tag, a place's words, a burst's words or
 * another row under it 40 (text hidden
 * is worse than a base); off the table 40; over a card (the scale bar) 3. */
static float row_cost(const sl_ui *ui, const sl_world *w, const SDL_FRect *T, const SDL_FRect *me,
                      const SDL_FRect *figs, int nfigs)
{
    float cost = 0;
    for (int i = 0; i < nfigs; i++)
        cost += scene_rects_overlap(me, &figs[i]) ? 1.0f : 0.0f;
    for (int u = 0; u < w->scn.nunits && u < ui->names_cap; u++)
        cost += ui->names[u].w > 0 && scene_rects_overlap(me, &ui->names[u]) ? 40.0f : 0.0f;
    for (int i = 0; i < ui->ntexts; i++)
        cost += scene_rects_overlap(me, &ui->texts[i]) ? 40.0f : 0.0f;
    for (int r = 0; r < ui->nmark_rows; r++)
        cost += scene_rects_overlap(me, &ui->mark_rows[r]) ? 40.0f : 0.0f;
    for (int t = 0; t < ui->ntags; t++) /* the tags drawn before the rest's rows */
        cost += scene_rects_overlap(me, &ui->tags[t]) ? 40.0f : 0.0f;
    for (int b = 0; b < ui->nburst_blocks; b++) /* a burst's words, placed before the rows */
        cost += scene_rects_overlap(me, &ui->burst_blocks[b].box) ? 40.0f : 0.0f;
    if (me->x < T->x || me->x + me->w > T->x + T->w || me->y < T->y || me->y + me->h > T->y + T->h)
        cost += 40;
    if (ui_card_covers(ui, me)) /* the scale bar, a card */
        cost += 3;
    /* a lesson's arrow (overwatch step 1: Marines 1st Squad's row put
     * beside its men lay over the arrow's shaft), the segment clipped to the row */
    for (int a = 0; a < ui->npen_lines; a++)
        cost += scene_segment_meets(ui->pen_line[a], ui->pen_line[a] + 2, me) ? 40.0f : 0.0f;
    return cost;
}

/* The thin tie from a row at `at` back to its men (m as place_row has
 * them: middle, foot, left, right, top), none when the row is by them:
 * from their foot, their head or their side to the row's nearest point;
 * its length (0: none). */
static float row_tie(const SDL_FRect *at, const float m[6], float rh, float s, float tie[4])
{
    float cx = m[0], by = m[1];
    tie[0] = -1;
    float ax = cx, ay = at->y > by ? by : at->y + at->h < m[4] ? m[4] : at->y + at->h / 2;
    float px = fmaxf(at->x, fminf(ax, at->x + at->w)), py = fmaxf(at->y, fminf(ay, at->y + at->h));
    bool beside = at->x >= m[3] || at->x + at->w <= m[2];
    if (hypotf(px - ax, py - ay) <= rh + 5 * s || (beside && py > m[4] && py < by))
        return 0;
    if (ay > m[4] && ay < by) /* beside the men: from their side */
        ax = at->x >= m[3] ? m[3] : m[2];
    tie[0] = ax, tie[1] = ay, tie[2] = px, tie[3] = py;
    return hypotf(px - ax, py - ay);
}

/* Where no place by the men is clear of the labels (a crowded corner at
 * projector scale), rings of places further out, a row or half a row's
 * width at a time, as far as the table goes: one over no label and inside the table, the nearest
 * for the figures it covers; *at is left as it was when there is none. */
static void far_spot(sl_ui *ui, const sl_world *w, const SDL_FRect *T, const float m[6], float rh,
                     const SDL_FRect *figs, int nfigs, SDL_FRect *at)
{
    float s = ui->lay.s, bw = at->w, bh = at->h, cx = m[0], y0 = m[1] + 5 * s, tie[4], most = ui_mark_tie_max(ui);
    float sx = fmaxf(bw / 2, 24 * s), sy = rh, best = -1;
    int rings = (int)ceilf(fmaxf(T->w / sx, T->h / sy)); /* out to the table's far side, */
    if (m[5] > 0)
        rings = (int)m[5]; /* or only near its men (a unit of the rest: else its row is left off) */
    for (int ring = 1; ring <= rings && ring <= 64; ring++)
        for (int iy = -ring; iy <= ring; iy++)
            for (int ix = -ring; ix <= ring; ix++) {
                if (abs(ix) != ring && abs(iy) != ring)
                    continue; /* the ring's edge: the inside was tried */
                SDL_FRect me = {cx - bw / 2 + (float)ix * sx, y0 + (float)iy * sy, bw, bh};
                if (me.x < T->x || me.y < T->y || me.x + bw > T->x + T->w || me.y + bh > T->y + T->h ||
                    row_tie(&me, m, rh, s, tie) > most)
                    continue; /* off the table, or too far from its men */
                float cost = row_cost(ui, w, T, &me, figs, nfigs);
                if (cost >= 40 || (m[5] > 0 && cost >= 1)) /* over a label (the rest's: over a man) */
                    continue;
                /* a base covered weighs as much as 40 px (at 100%) more of tie */
                float score = 40 * s * cost + hypotf((float)ix * sx, (float)iy * sy);
                if (best < 0 || score < best) {
                    best = score;
                    *at = me;
                }
            }
}

/* A place for a block of counters bw x bh hung under (cx, by), the men
 * spanning left..right from top: under them where that is clear; else a
 * little lower, beside them, above them, or further down: the first place
 * that covers no figure, name, place's words or other row, else the one
 * that costs least. */
static SDL_FRect row_spot(sl_ui *ui, const sl_world *w, const SDL_FRect *T, const float m[6], float bw, float bh,
                          float rh, const SDL_FRect *figs, int nfigs)
{
    float s = ui->lay.s, cx = m[0], by = m[1], left = m[2], right = m[3], top = m[4];
    float mid = (top + by) / 2 - bh / 2, y0 = by + 5 * s, up = top - bh - 5 * s;
    const float spots[][2] = {{cx - bw / 2, y0},           {cx - bw / 2, y0 + rh / 2},    {cx - bw / 2, y0 + rh},
                              {right + 6 * s, mid},        {left - bw - 6 * s, mid},      {right + 6 * s, by - bh},
                              {left - bw - 6 * s, by - bh}, {right + 6 * s, y0},          {left - bw - 6 * s, y0},
                              {right + 6 * s, up},         {left - bw - 6 * s, up},       {cx - bw / 2, y0 + 1.5f * rh},
                              {cx - bw / 2, y0 + 2 * rh},  {cx - bw / 2, y0 + 3 * rh},    {cx - bw / 2, y0 + 4 * rh},
                              {cx - bw / 2, y0 + 5 * rh},  {cx - bw / 2, y0 + 6 * rh}};
    enum { NEAR = 11 }; /* the spots by the men; past them, further down the tie line */
    SDL_FRect at = {spots[0][0], spots[0][1], bw, bh};
    float least = -1;
    for (int k = 0; k < (int)(sizeof spots / sizeof spots[0]) && least != 0; k++) {
        SDL_FRect me = {spots[k][0], spots[k][1], bw, bh};
        /* kept on the table at its edge, as the names are */
        if (bw <= T->w)
            me.x = fmaxf(T->x, fminf(me.x, T->x + T->w - bw));
        if (bh <= T->h)
            me.y = fmaxf(T->y, fminf(me.y, T->y + T->h - bh));
        float tie[4];
        if (k >= NEAR && row_tie(&me, m, rh, s, tie) > ui_mark_tie_max(ui))
            break; /* further down the tie line: too far from the men */
        float cost = row_cost(ui, w, T, &me, figs, nfigs);
        if (cost > 0)
            cost += (float)k * 0.1f;
        if (k >= NEAR) /* a row pushed far off, tied back by a long line, reads worse than a little overlap */
            cost += (float)(k - NEAR + 1) * 1.0f;
        if (least < 0 || cost < least) {
            least = cost;
            at = me;
        }
    }
    if (least >= 40)
        far_spot(ui, w, T, m, rh, figs, nfigs, &at);
    return at;
}

/* One unit's row of counters placed (after the rows placed before it):
 * wrapped into lines where it would be wider than half the table in view
 * (an APC's damage, its passengers), so every counter shows. */
static void place_row(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam, int u, int rank,
                      const SDL_FRect *figs, int nfigs)
{
    float s = ui->lay.s;
    const sl_unit *un = &w->scn.units[u];
    /* fireteams: the squad's counters by its leader, each team's by the
     * team */
    bool squad = sl_unit_nparts(&w->scn, u) > 0;
    float cx, by;
    row_anchor(ui, w, cam, u, &cx, &by);
    sl_mark marks[SL_MAX_MARKS];
    int n = unit_marks(w, &v->play->game, u, marks), line[SL_MAX_MARKS];
    if (n <= 0 || ui->nmark_rows >= UI_MAX_MARK_ROWS)
        return;
    SDL_FRect T = row_room(ui, w, cam);
    float bw, rh = (ui->text.enabled ? (float)text_height(&ui->text, SL_FONT_SMALL) : 12 * s) + 4 * s;
    int nl = row_lines(ui, marks, n, row_max_width(ui, w, cam, marks, n), line, &bw);
    /* the men's middle, foot, left, right and top; how far out a row
     * may go (rings; 0: the whole table) */
    float m[6] = {cx, by, cx, cx, by, rank == 2 ? 3.0f : 0.0f};
    for (int i = 0; i < un->nfigures; i++) {
        const sl_figure *f = &w->scn.figures[un->first_figure + i];
        if (squad && un->first_figure + i != un->leader)
            continue;
        float fx, fy, fr = scene_figure_radius(f, cam, s);
        cam_pt(cam, f->pos, &fx, &fy);
        m[2] = fminf(m[2], fx - fr);
        m[3] = fmaxf(m[3], fx + fr);
        m[4] = fminf(m[4], fy - fr);
    }
    float wrap = row_max_width(ui, w, cam, marks, n);
    SDL_FRect at = row_spot(ui, w, &T, m, bw, (float)nl * rh, rh, figs, nfigs);
    /* nowhere clear of the labels: the row in more, shorter lines, down
     * to a counter a line, the first that finds a place */
    while (nl < n && row_cost(ui, w, &T, &at, figs, nfigs) >= 40) {
        float narrower = bw / 2;
        int nl2 = row_lines(ui, marks, n, narrower, line, &bw);
        if (nl2 <= nl) /* no shorter: each counter on its own line */
            nl2 = row_lines(ui, marks, n, 0, line, &bw), narrower = 0;
        nl = nl2;
        wrap = narrower;
        at = row_spot(ui, w, &T, m, bw, (float)nl * rh, rh, figs, nfigs);
    }
    /* still over a label: no row this frame (its tooltip and the panel
     * list its counters), rather than one far off or over words */
    if (row_cost(ui, w, &T, &at, figs, nfigs) >= 40)
        return;
    /* pushed well away: a thin tie back to its men; too far for one (a
     * row a squad-width off reads as another unit's), none this frame */
    float *tie = ui->mark_row_tie[ui->nmark_rows];
    if (row_tie(&at, m, rh, s, tie) > ui_mark_tie_max(ui))
        return;
    ui->mark_row_wrap[ui->nmark_rows] = wrap;
    scene_drop_words_under(ui, &at); /* the rules' words on a feature give way (its tooltip says them) */
    ui->mark_row_unit[ui->nmark_rows] = u;
    ui->mark_rows[ui->nmark_rows] = at;
    ui->nmark_rows++;
}

float ui_mark_tie_max(sl_ui *ui)
{
    float s = ui->lay.s, rh = (ui->text.enabled ? (float)text_height(&ui->text, SL_FONT_SMALL) : 12 * s) + 4 * s;
    return 3 * rh;
}

void ui_place_mark_rows(sl_ui *ui, const sl_world *w, const sl_cam *cam, int rank, const SDL_FRect *figs, int nfigs)
{
    const sl_view *v = ui->frame_view;
    if (rank == 0)
        ui->nmark_rows = 0;
    if (!v || !play_on(v))
        return;
    /* units and fireteams first, right under their figures; then each
     * squad's own row by its leader, wherever it is clear */
    for (int pass = 0; pass < 2; pass++)
        for (int u = 0; u < w->scn.nunits; u++) {
            /* out of the viewer's sight: its state now is not known */
            if (!shows_row(w, v, u) || (sl_unit_nparts(&w->scn, u) > 0) != (pass == 1) || scene_label_rank(ui, u) != rank)
                continue;
            place_row(ui, w, v, cam, u, rank, figs, nfigs);
        }
}

/* One unit's row of counters where ui_place_mark_rows put it, tied back
 * to its men by a thin line when pushed well away. */
static void draw_row(sl_ui *ui, const sl_world *w, const sl_game *g, const sl_cam *cam, int r)
{
    const SDL_FRect *at = &ui->mark_rows[r];
    const float *tie = ui->mark_row_tie[r];
    int u = ui->mark_row_unit[r];
    float s = ui->lay.s;
    sl_mark marks[SL_MAX_MARKS];
    int n = unit_marks(w, g, u, marks), line[SL_MAX_MARKS];
    float bw, rh = (ui->text.enabled ? (float)text_height(&ui->text, SL_FONT_SMALL) : 12 * s) + 4 * s;
    row_lines(ui, marks, n, ui->mark_row_wrap[r], line, &bw);
    if (tie[0] >= 0) {
        gfx_line(ui->ren, tie[0], tie[1], tie[2], tie[3], 3 * s, ui_pal.black);
        gfx_line(ui->ren, tie[0], tie[1], tie[2], tie[3], 1.5f * s, ui_pal.text);
    }
    float x = at->x;
    for (int i = 0; i < n; i++) {
        if (i > 0 && line[i] != line[i - 1])
            x = at->x;
        x += ui_mark_counter(ui, x, at->y + (float)line[i] * rh, &marks[i]);
    }
}

void play_draw_markers(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam)
{
    if (!play_on(v)) {
        ui->nmark_rows = 0;
        return;
    }
    SDL_FRect none = {-1e6f, -1e6f, 0, 0};
    scene_spot_hits(ui, w, cam, ui->lay.s, &none); /* the frame's names and first rows laid out, if not yet */
    /* the other units' rows, now that the places' and bands' labels are
     * placed: they keep off them too */
    int first = ui->nmark_rows;
    if (ui->nobstacles >= 0)
        ui_place_mark_rows(ui, w, cam, 2, ui->obstacles, ui->nfig_obstacles);
    for (int i = first; i < ui->nmark_rows; i++) {
        SDL_FRect r = ui->mark_rows[i];
        scene_add_obstacle(ui, w, cam, ui->lay.s, &r);
    }
    const sl_game *g = &v->play->game;
    for (int u = 0; u < w->scn.nunits; u++)
        if (shows_row(w, v, u))
            done_ring(ui, w, g, cam, u);
    for (int i = 0; i < ui->nmark_rows; i++)
        draw_row(ui, w, g, cam, i);
}
