/* What this frame has on the table, for placing labels and cards where
 * they hide least: every figure's base, every unit's name (laid out here,
 * once a frame, over its men where that is clear), the places' labels and
 * buildings' words, the cards already placed and what the cards must
 * leave visible; and how much of it a box on the screen covers. The
 * names here begin scene_ (the table's things) and ui_card_, ui_keep_
 * (the cards' bookkeeping). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui_internal.h"

/* --- figures and names ------------------------------------------------------- */

float scene_figure_radius(const sl_figure *f, const sl_cam *cam, float s)
{
    float r = f->base_r / 1000.0f * cam->scale;
    return r < 3.5f * s ? 3.5f * s : r;
}

/* The screen extent of the figures a unit's name and tag go by: all its
 * figures, or only the leader of a squad of fireteams (each team wears a
 * tag of its own). False when it has none. */
bool scene_label_anchor(const sl_world *w, int ui_unit, const sl_cam *cam, float s, float *cx, float *top,
                        float *left, float *bottom)
{
    const sl_unit *u = &w->scn.units[ui_unit];
    double sumx = 0;
    int n = 0;
    *top = *left = 1e30f;
    *bottom = -1e30f;
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &w->scn.figures[u->first_figure + i];
        if (sl_unit_nparts(&w->scn, ui_unit) > 0 && u->leader >= 0 && u->first_figure + i != u->leader)
            continue;
        float x, y;
        cam_pt(cam, f->pos, &x, &y);
        float r = scene_figure_radius(f, cam, s);
        sumx += x;
        n++;
        if (y - r < *top)
            *top = y - r;
        if (x - r < *left)
            *left = x - r;
        if (y + r > *bottom)
            *bottom = y + r;
    }
    *cx = n ? (float)(sumx / n) : 0;
    return n > 0;
}

/* The name a unit shows (with "last seen" when out of the viewer's
 * sight); false for units without one: fireteams wear tags, counters
 * and units off the table show none. *faded: out of sight. */
bool scene_name_text(const sl_world *w, const sl_view *v, int u, char *buf, size_t len, bool *faded)
{
    const sl_unit *un = &w->scn.units[u];
    *faded = false;
    if (sl_unit_whole(&w->scn, u) >= 0 || (v && v->play && v->play->on && sl_game_off_table(&v->play->game, u)) ||
        sl_play_is_counter(w, u))
        return false;
    int seen_turn = -1;
    if (v && v->play && !sl_play_last_seen(v->play, u, &seen_turn))
        seen_turn = -1;
    if (seen_turn > 0)
        snprintf(buf, len, "%s \xC2\xB7 last seen T%d", un->name, seen_turn);
    else if (seen_turn == 0)
        snprintf(buf, len, "%s \xC2\xB7 last seen at set-up", un->name);
    else
        snprintf(buf, len, "%s", un->name);
    *faded = seen_turn >= 0;
    return true;
}

bool scene_rects_overlap(const SDL_FRect *a, const SDL_FRect *b)
{
    return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h && b->y < a->y + a->h;
}

/* Does the segment a-b pass through r? (clipped to r's sides one by one) */
bool scene_segment_meets(const float a[2], const float b[2], const SDL_FRect *r)
{
    float t0 = 0, t1 = 1, d[2] = {b[0] - a[0], b[1] - a[1]};
    const float lo[2] = {r->x, r->y}, hi[2] = {r->x + r->w, r->y + r->h};
    for (int i = 0; i < 2; i++) {
        if (fabsf(d[i]) < 1e-6f) {
            if (a[i] < lo[i] || a[i] > hi[i])
                return false;
            continue;
        }
        float ta = (lo[i] - a[i]) / d[i], tb = (hi[i] - a[i]) / d[i];
        t0 = fmaxf(t0, fminf(ta, tb));
        t1 = fminf(t1, fmaxf(ta, tb));
    }
    return t0 <= t1;
}

/* How many of the acting unit's men (ui_note_actor) the rectangle covers. */
int ui_actor_hits(const sl_ui *ui, const SDL_FRect *r)
{
    int n = 0;
    for (int i = 0; i < ui->nactor; i++)
        n += scene_rects_overlap(r, &ui->actor[i]);
    return n;
}

bool ui_unit_covered(const sl_ui *ui, const sl_world *w, const sl_cam *cam, int u, const SDL_FRect *r, SDL_FRect *hit)
{
    if (u < 0 || u >= w->scn.nunits)
        return false;
    const sl_unit *un = &w->scn.units[u];
    for (int i = 0; i < un->nfigures; i++) {
        const sl_figure *f = &w->scn.figures[un->first_figure + i];
        float x, y, rad = scene_figure_radius(f, cam, ui->lay.s);
        cam_pt(cam, f->pos, &x, &y);
        *hit = (SDL_FRect){x - rad, y - rad, 2 * rad, 2 * rad};
        if (f->status != SL_FIG_DEAD && scene_rects_overlap(r, hit))
            return true;
    }
    return ui_unit_words_covered(ui, u, r, hit);
}

bool ui_unit_words_covered(const sl_ui *ui, int u, const SDL_FRect *r, SDL_FRect *hit)
{
    if (u < ui->names_cap && ui->names[u].w > 0 && scene_rects_overlap(r, &ui->names[u])) {
        *hit = ui->names[u];
        return true;
    }
    for (int m = 0; m < ui->nmark_rows; m++)
        if (ui->mark_row_unit[m] == u && scene_rects_overlap(r, &ui->mark_rows[m])) {
            *hit = ui->mark_rows[m];
            return true;
        }
    for (int t = 0; t < ui->ntags; t++)
        if (ui->tag_unit[t] == u && scene_rects_overlap(r, &ui->tags[t])) {
            *hit = ui->tags[t];
            return true;
        }
    return false;
}

/* Every unit's name box for this frame: over its men where that is
 * clear, else under them, beside them, or a row further out: wherever it
 * covers the fewest men and names already placed (selected units first,
 * so theirs stay where the eye expects). figs: the men's bases. */
SDL_FRect scene_table_box(const sl_ui *ui, const sl_world *w, const sl_cam *cam)
{
    const SDL_FRect *T = &ui->lay.table;
    float x0, y0, x1, y1;
    cam_pt(cam, sl_pt_make(0, 0), &x0, &y0);
    cam_pt(cam, sl_pt_make(w->scn.table.width, w->scn.table.height), &x1, &y1);
    float l = fmaxf(T->x, fminf(x0, x1)), t = fmaxf(T->y, fminf(y0, y1));
    float r = fminf(T->x + T->w, fmaxf(x0, x1)), b = fminf(T->y + T->h, fmaxf(y0, y1));
    if (r <= l || b <= t)
        return *T;
    return (SDL_FRect){l, t, r - l, b - t};
}

void scene_drop_words_under(sl_ui *ui, const SDL_FRect *name)
{
    for (int i = 0; i < ui->ntexts; i++) {
        const SDL_FRect *t = &ui->texts[i];
        int word = -1;
        for (int j = 0; j < ui->nwords; j++)
            if (ui->words[j].x == t->x && ui->words[j].y == t->y)
                word = j;
        if (word < 0 || !scene_rects_overlap(name, t))
            continue;
        ui->words[word] = ui->words[--ui->nwords];
        ui->texts[i--] = ui->texts[--ui->ntexts];
    }
}

int scene_label_rank(const sl_ui *ui, int u)
{
    const sl_view *v = ui->frame_view;
    int acting = v && v->play && v->play->on ? sl_game_active_unit(&v->play->game) : -1;
    int about = v && v->pick.kind != SL_CMD_NONE && v->pick.target >= 0 ? v->pick.target : -1; /* what a pick is aimed at */
    bool sel = (v && u < v->nunits && v->selected && v->selected[u]) || u == acting;
    return u == about ? 0 : sel ? 1 : 2;
}

/* --- boxes by cells, when there are many ----------------------------------- */

#define UI_SPOT_CELL 64
#define UI_SPOT_MANY 512

static int cell_of(float at, int n)
{
    float c = floorf(at / UI_SPOT_CELL);
    return !(c >= 0) ? 0 : c >= (float)n ? n - 1 : (int)c;
}

/* Put box i of `boxes` in the cells it covers; false when out of memory
 * (the grid is then left off). */
static bool grid_add(ui_spot_grid *g, const SDL_FRect *boxes, int i)
{
    const SDL_FRect *r = &boxes[i];
    int c0 = cell_of(r->x, g->cols), c1 = cell_of(r->x + r->w, g->cols);
    int r0 = cell_of(r->y, g->rows), r1 = cell_of(r->y + r->h, g->rows);
    int need = g->n + (c1 - c0 + 1) * (r1 - r0 + 1);
    if (need > g->cap) {
        int cap = need * 2;
        int *next = realloc(g->next, sizeof(int) * (size_t)cap);
        if (next)
            g->next = next;
        int *obs = next ? realloc(g->obs, sizeof(int) * (size_t)cap) : NULL;
        if (!obs)
            return g->on = false;
        g->obs = obs;
        g->cap = cap;
    }
    if ((uint32_t)i >= g->cap_seen) {
        uint32_t cap = (uint32_t)i * 2 + 64;
        uint32_t *seen = realloc(g->seen, sizeof(uint32_t) * cap);
        if (!seen)
            return g->on = false;
        memset(seen + g->cap_seen, 0, sizeof(uint32_t) * (cap - g->cap_seen));
        g->seen = seen;
        g->cap_seen = cap;
    }
    for (int y = r0; y <= r1; y++)
        for (int x = c0; x <= c1; x++) {
            int c = y * g->cols + x;
            g->obs[g->n] = i;
            g->next[g->n] = g->head[c];
            g->head[c] = g->n++;
        }
    return true;
}

/* An empty grid over the output (off when the output has no size). */
static bool grid_start(const sl_ui *ui, ui_spot_grid *g)
{
    g->on = false;
    if (ui->lay.w <= 0 || ui->lay.h <= 0)
        return false;
    g->cols = (ui->lay.w + UI_SPOT_CELL - 1) / UI_SPOT_CELL;
    g->rows = (ui->lay.h + UI_SPOT_CELL - 1) / UI_SPOT_CELL;
    int cells = g->cols * g->rows;
    if (cells > g->cap_cells) {
        int *head = realloc(g->head, sizeof(int) * (size_t)cells);
        if (!head)
            return false;
        g->head = head;
        g->cap_cells = cells;
    }
    memset(g->head, 0xff, sizeof(int) * (size_t)cells);
    g->n = 0;
    return g->on = true;
}

/* The grid made anew for this frame's obstacles, if there are many. */
static void grid_build(sl_ui *ui)
{
    ui_spot_grid *g = &ui->spot_grid;
    g->on = false;
    if (ui->nobstacles < UI_SPOT_MANY || !grid_start(ui, g))
        return;
    for (int i = 0; i < ui->nobstacles && g->on; i++)
        grid_add(g, ui->obstacles, i);
}

/* How many of the grid's boxes (but box `except`) r overlaps. */
static int grid_hits(ui_spot_grid *g, const SDL_FRect *boxes, const SDL_FRect *r, int except)
{
    if (++g->query == 0) { /* wrapped: every mark forgotten */
        memset(g->seen, 0, sizeof(uint32_t) * g->cap_seen);
        g->query = 1;
    }
    int c0 = cell_of(r->x, g->cols), c1 = cell_of(r->x + r->w, g->cols);
    int r0 = cell_of(r->y, g->rows), r1 = cell_of(r->y + r->h, g->rows);
    int hits = 0;
    for (int y = r0; y <= r1; y++)
        for (int x = c0; x <= c1; x++)
            for (int e = g->head[y * g->cols + x]; e >= 0; e = g->next[e]) {
                int i = g->obs[e];
                if (g->seen[i] == g->query || i == except)
                    continue;
                g->seen[i] = g->query;
                hits += scene_rects_overlap(r, &boxes[i]);
            }
    return hits;
}

/* Does r lie on the drawn ring of area k (a circle's edge between r's
 * nearest and farthest points; an outline's side through r)? */
bool ui_box_on_ring(const SDL_FRect *r, float cx, float cy, float rad, float hw)
{
    float nx = fmaxf(r->x, fminf(cx, r->x + r->w)) - cx, ny = fmaxf(r->y, fminf(cy, r->y + r->h)) - cy;
    float fx = fmaxf(fabsf(r->x - cx), fabsf(r->x + r->w - cx));
    float fy = fmaxf(fabsf(r->y - cy), fabsf(r->y + r->h - cy));
    return hypotf(nx, ny) < rad + hw && hypotf(fx, fy) > rad - hw;
}

static bool ring_hits_one(const sl_ui *ui, const sl_cam *cam, const sl_sketch *k, const SDL_FRect *r)
{
    float hw = 2.5f * ui->lay.s; /* half the ring's dark edge */
    float cx, cy;
    cam_pt(cam, k->at, &cx, &cy);
    if (k->noutline <= 2)
        return ui_box_on_ring(r, cx, cy, (float)(k->radius / 1000.0) * cam->scale, hw);
    SDL_FRect in = {r->x - hw, r->y - hw, r->w + 2 * hw, r->h + 2 * hw};
    for (int j = 0; j < k->noutline; j++) {
        float a[2], b[2];
        cam_pt(cam, k->outline[j], &a[0], &a[1]);
        cam_pt(cam, k->outline[(j + 1) % k->noutline], &b[0], &b[1]);
        if (scene_segment_meets(a, b, &in))
            return true;
    }
    return false;
}

/* How many of the bursts' drawn rings (their areas' edges) r lies on: a
 * name there hides who the burst caught. */
int scene_ring_hits(const sl_ui *ui, const sl_cam *cam, const SDL_FRect *r)
{
    int hits = 0;
    for (int i = 0; i < ui->nsketches; i++)
        hits += ui->sketches[i].kind == SL_SKETCH_AREA && ring_hits_one(ui, cam, &ui->sketches[i], r);
    return hits;
}

/* Where a name by its men would lie on a burst's ring (a unit caught
 * in a burst narrower than its name, at 200%): spots just above and
 * below the ring, over the men's middle (near's), and either side of it,
 * level with the men. At most max rings, four spots each; how many. */
static int ring_spots(const sl_ui *ui, const sl_cam *cam, const SDL_FRect *near, float bw, float bh, float (*out)[2],
                      int max)
{
    float s = ui->lay.s, gap = 2.5f * s + 2 * s, x = near->x + near->w / 2 - bw / 2;
    int n = 0;
    for (int i = 0; i < ui->nsketches && n < 4 * max; i++) {
        const sl_sketch *k = &ui->sketches[i];
        if (k->kind != SL_SKETCH_AREA)
            continue;
        float cx, cy, rad = (float)(k->radius / 1000.0) * cam->scale;
        cam_pt(cam, k->at, &cx, &cy);
        float lo = cy - rad, hi = cy + rad, l = cx - rad, r = cx + rad;
        for (int j = 0; j < k->noutline && k->noutline > 2; j++) {
            float px, py;
            cam_pt(cam, k->outline[j], &px, &py);
            lo = j ? fminf(lo, py) : py, hi = j ? fmaxf(hi, py) : py;
            l = j ? fminf(l, px) : px, r = j ? fmaxf(r, px) : px;
        }
        if (!ring_hits_one(ui, cam, k, near)) /* the name's neighbourhood clear of this ring */
            continue;
        float y = near->y + near->h / 2 - bh / 2;
        const float four[4][2] = {{x, lo - gap - bh}, {x, hi + gap}, {r + gap, y}, {l - gap - bw, y}};
        for (int j = 0; j < 4; j++)
            out[n][0] = four[j][0], out[n++][1] = four[j][1];
    }
    return n;
}

/* How far past its men's bases a unit's name keeps: a unit a waiting
 * decision rings (its mover, the units that may answer) has rings round
 * them (ui_ring_unit: 6 px out, 3 wide, a dark edge), which the name
 * keeps off (the overwatch lesson's Marines 1st Squad lay on its own).
 * Which units those are is the ruleset's answer, the rings of the view
 * the window draws (prompts.c draw_decision), read once a frame. */
void ui_rings_read(sl_ui *ui, const sl_view *v)
{
    static sl_decision_view d; /* large: not on the stack each frame */
    ui->nringed = 0;
    if (!v || !v->play || !v->play->on || v->play->replay) /* a replay draws no decision */
        return;
    sl_decision_input in;
    ui_decision_input(v, &in);
    if (!sl_game_decision_for(&v->play->game, v->play->view_side, &in, &d) || d.nlines == 0)
        return;
    for (int i = 0; i < d.nrings && ui->nringed < SL_DECISION_RINGS; i++)
        ui->ringed[ui->nringed++] = d.rings[i].unit;
}

bool ui_decision_ringed(const sl_ui *ui, int u)
{
    for (int i = 0; i < ui->nringed; i++)
        if (ui->ringed[i] == u)
            return true;
    return false;
}

bool ui_on_own_rings(const sl_ui *ui, const sl_world *w, const sl_cam *cam, int u, const SDL_FRect *r)
{
    float s = ui->lay.s;
    const sl_unit *un = &w->scn.units[u];
    for (int f = 0; f < un->nfigures; f++) {
        const sl_figure *fg = &w->scn.figures[un->first_figure + f];
        float x, y;
        cam_pt(cam, fg->pos, &x, &y);
        /* the ring: 6 px past the base, 3 wide on a dark edge (ui_ring_unit) */
        float mid = scene_figure_radius(fg, cam, s) + (UI_RING_OUT - 2.5f) * s;
        if (fg->status != SL_FIG_DEAD && ui_box_on_ring(r, x, y, mid, 2.5f * s))
            return true;
    }
    return false;
}

static float name_gap(const sl_ui *ui, int u)
{
    return ui_decision_ringed(ui, u) ? UI_RING_OUT * ui->lay.s : 0;
}

/* One unit's name box: over its men where that is clear, else under
 * them, beside them, a row further out or clear of a burst's ring,
 * wherever it covers least (figures, names, rows of counters, places'
 * and bursts' words, bursts' rings); *labels: how many labels and rings
 * it lies over there. False when the unit shows no name. */
static bool name_spot(sl_ui *ui, const sl_world *w, const sl_cam *cam, int u, const SDL_FRect *figs, int nfigs,
                      const SDL_FRect *rows, int nrows, SDL_FRect *at, int *labels)
{
    float s = ui->lay.s, h = (float)text_height(&ui->text, SL_FONT_SMALL);
    /* on the table itself (not past its edge into the margin) and in view */
    SDL_FRect edge = scene_table_box(ui, w, cam);
    const SDL_FRect *T = &edge;
    char buf[SL_NAME_LEN + 40];
    bool faded;
    float cx, top, left, bottom;
    if (!scene_name_text(w, ui->frame_view, u, buf, sizeof buf, &faded) ||
        !scene_label_anchor(w, u, cam, s, &cx, &top, &left, &bottom))
        return false;
    float bw = (float)text_width(&ui->text, SL_FONT_SMALL, buf) + 8 * s, bh = h + 8 * s, gap = name_gap(ui, u);
    top -= gap, bottom += gap, left -= gap;
    float right = cx + (cx - left), mid = (top + bottom) / 2;
    float spots[14][2] = {{cx - bw / 2, top - bh - 2 * s},     {cx - bw / 2, bottom + 4 * s},
                          {right + 6 * s, mid - bh / 2},       {left - bw - 6 * s, mid - bh / 2},
                          {cx - bw / 2, top - 2 * bh - 6 * s}, {cx - bw / 2, bottom + bh + 8 * s}};
    SDL_FRect near = {cx - bw / 2, top - bh - 2 * s, bw, bottom - top + 2 * bh + 6 * s};
    int nspots = 6 + ring_spots(ui, cam, &near, bw, bh, spots + 6, 2);
    float least = -1;
    for (int k = 0; k < nspots; k++) {
        /* kept inside the table's view where it fits */
        SDL_FRect r = {spots[k][0], spots[k][1], bw, bh};
        if (bw <= T->w)
            r.x = fmaxf(T->x, fminf(r.x, T->x + T->w - bw));
        if (bh <= T->h)
            r.y = fmaxf(T->y, fminf(r.y, T->y + T->h - bh));
        float cost = (float)k * 0.5f;
        if (ui_card_covers(ui, &r))
            cost += 2.0f;
        int names = 0;
        if (ui->fig_grid.on) { /* many men: by cells, the same counts */
            cost += 2.0f * (float)grid_hits(&ui->fig_grid, figs, &r, -1);
            names += grid_hits(&ui->name_grid, ui->names, &r, u);
        } else {
            for (int i = 0; i < nfigs; i++)
                cost += scene_rects_overlap(&r, &figs[i]) ? 2.0f : 0.0f;
            for (int o = 0; o < w->scn.nunits; o++)
                if (o != u && ui->names[o].w > 0 && scene_rects_overlap(&r, &ui->names[o]))
                    names++;
        }
        for (int i = 0; i < nrows; i++)
            names += scene_rects_overlap(&r, &rows[i]);
        for (int i = 0; i < ui->ntexts; i++) /* a building's word, placed first: as bad as a name */
            names += scene_rects_overlap(&r, &ui->texts[i]);
        for (int i = 0; i < ui->nburst_blocks; i++) /* a burst's words, placed first too */
            names += scene_rects_overlap(&r, &ui->burst_blocks[i].box);
        names += scene_ring_hits(ui, cam, &r); /* a burst's ring: who it caught is read there */
        names += gap > 0 && ui_on_own_rings(ui, w, cam, u, &r); /* its own, a decision's */
        cost += 5.0f * (float)names;
        if (least < 0 || cost < least) {
            least = cost;
            *labels = names;
            *at = r;
        }
        if (k == 0 && cost == 0)
            break; /* over its men, clear of everything */
    }
    return true;
}

/* Where each unit's row of counters goes first (under its men), where
 * that is clear of the men (over them, the row goes elsewhere: nothing
 * to keep clear); figs: the men's bases, or NULL before they are made
 * (counted one by one then). How many, at most max. */
static int row_homes(sl_ui *ui, const sl_world *w, const sl_cam *cam, const SDL_FRect *figs, int nfigs,
                     SDL_FRect *home, int max)
{
    int n = 0;
    for (int u = 0; u < w->scn.nunits && n < max; u++) {
        if (!ui_mark_row_home(ui, w, ui->frame_view, cam, u, &home[n]))
            continue;
        bool clear = figs || scene_figure_hits(ui, w, cam, ui->lay.s, &home[n]) == 0;
        for (int i = 0; figs && i < nfigs && clear; i++)
            clear = !scene_rects_overlap(&home[n], &figs[i]);
        n += clear;
    }
    return n;
}

void ui_spot_rows_early(sl_ui *ui, const sl_world *w, const sl_cam *cam)
{
    ui->nrow_homes = row_homes(ui, w, cam, NULL, 0, ui->row_homes, UI_MAX_MARK_ROWS);
}

/* Every unit's name box for this frame, and the rows of counters: by
 * priority, what the step or decision is about, then the selected and
 * acting units (each name before its row), then the rest's names (their
 * rows come after the places' labels: play_draw_markers). A name
 * keeps off the rows placed and, before they are, off where each row
 * goes first when that is clear of the men. figs: the men's bases. */
static void layout_names(sl_ui *ui, const sl_world *w, const sl_cam *cam, const SDL_FRect *figs, int nfigs)
{
    int nu = w->scn.nunits;
    if (nu > ui->names_cap) {
        SDL_FRect *grown = realloc(ui->names, sizeof *grown * (size_t)nu);
        if (!grown)
            return;
        ui->names = grown;
        ui->names_cap = nu;
    }
    if (nu > 0) /* a joined window before the host's first state has none */
        memset(ui->names, 0, sizeof *ui->names * (size_t)nu);
    ui->nmark_rows = 0;
    /* many men: theirs and the names placed counted by cells */
    ui->fig_grid.on = ui->name_grid.on = false;
    if (nfigs >= UI_SPOT_MANY && grid_start(ui, &ui->fig_grid) && grid_start(ui, &ui->name_grid))
        for (int i = 0; i < nfigs && ui->fig_grid.on; i++)
            grid_add(&ui->fig_grid, figs, i);
    ui->fig_grid.on = ui->fig_grid.on && ui->name_grid.on;
    SDL_FRect home[256];
    int nhome = row_homes(ui, w, cam, figs, nfigs, home, 256);
    for (int rank = 0; rank < 3; rank++) {
        /* the rows not placed yet keep their first places; those placed, where they went */
        SDL_FRect rows[256 + UI_MAX_MARK_ROWS];
        int nrows = 0;
        for (int i = 0; i < ui->nmark_rows; i++)
            rows[nrows++] = ui->mark_rows[i];
        for (int i = 0; i < nhome; i++)
            rows[nrows++] = home[i];
        for (int u = 0; u < nu; u++) {
            if (scene_label_rank(ui, u) != rank)
                continue;
            SDL_FRect at;
            int labels = 0;
            if (!name_spot(ui, w, cam, u, figs, nfigs, rows, nrows, &at, &labels))
                continue;
            /* a name that would lie on another, a row of counters, a
             * place's label or a burst's ring is left off (the unit's tooltip and the panel
             * still name it), unless it is selected or acting: at
             * projector scale the names no longer pile up */
            if (labels > 0 && rank == 2)
                continue;
            if (labels > 0)
                scene_drop_words_under(ui, &at);
            ui->names[u] = at;
            if (ui->fig_grid.on && !grid_add(&ui->name_grid, ui->names, u))
                ui->fig_grid.on = false; /* out of memory: counted one by one */
        }
        if (rank < 2)
            ui_place_mark_rows(ui, w, cam, rank, figs, nfigs);
    }
    ui->fig_grid.on = false;
}

static void grid_free(ui_spot_grid *g)
{
    free(g->head);
    free(g->next);
    free(g->obs);
    free(g->seen);
    memset(g, 0, sizeof *g);
}

void ui_spot_grid_free(sl_ui *ui)
{
    grid_free(&ui->spot_grid);
    grid_free(&ui->fig_grid);
    grid_free(&ui->name_grid);
}

bool scene_spot_clear(sl_ui *ui, const sl_world *w, const sl_cam *cam, float s, const SDL_FRect *r)
{
    return scene_spot_hits(ui, w, cam, s, r) == 0;
}

int scene_spot_hits(sl_ui *ui, const sl_world *w, const sl_cam *cam, float s, const SDL_FRect *r)
{
    if (ui->nobstacles < 0) {
        /* once a frame: every figure's base, every unit's name box and
         * row of counters */
        int cap = w->scn.nfigures + w->scn.nunits + UI_MAX_MARK_ROWS;
        if (cap > ui->obstacles_cap) {
            SDL_FRect *grown = realloc(ui->obstacles, sizeof *grown * (size_t)cap);
            if (!grown)
                return 0; /* nothing to avoid is better than no label */
            ui->obstacles = grown;
            ui->obstacles_cap = cap;
        }
        int n = 0;
        const sl_view *v = ui->frame_view;
        const sl_game *g = v && v->play && v->play->on ? &v->play->game : NULL;
        for (int i = 0; i < w->scn.nfigures; i++) {
            if (g && sl_game_off_table(g, w->scn.figures[i].unit))
                continue; /* not drawn: nothing to keep clear of */
            float x, y;
            cam_pt(cam, w->scn.figures[i].pos, &x, &y);
            float fr = scene_figure_radius(&w->scn.figures[i], cam, s) + 2 * s;
            ui->obstacles[n++] = (SDL_FRect){x - fr, y - fr, 2 * fr, 2 * fr};
        }
        ui->nfig_obstacles = n;
        layout_names(ui, w, cam, ui->obstacles, n);
        for (int u = 0; u < w->scn.nunits && u < ui->names_cap; u++)
            if (ui->names[u].w > 0)
                ui->obstacles[n++] = ui->names[u];
        for (int i = 0; i < ui->nmark_rows; i++) /* the rows of counters, placed with the names */
            ui->obstacles[n++] = ui->mark_rows[i];
        ui->nobstacles = n;
        grid_build(ui);
        for (int i = 0; i < ui->ntexts; i++) /* text placed before the names (buildings' words) */
            scene_add_obstacle(ui, w, cam, s, &ui->texts[i]);
        for (int i = 0; i < ui->nburst_blocks; i++) /* and the bursts' words */
            scene_add_obstacle(ui, w, cam, s, &ui->burst_blocks[i].box);
    }
    if (ui->spot_grid.on)
        return grid_hits(&ui->spot_grid, ui->obstacles, r, -1);
    int hits = 0;
    for (int i = 0; i < ui->nobstacles; i++)
        if (scene_rects_overlap(r, &ui->obstacles[i]))
            hits++;
    return hits;
}

int scene_name_hits(const sl_ui *ui, const sl_world *w, const SDL_FRect *r)
{
    int hits = 0;
    for (int u = 0; u < w->scn.nunits && u < ui->names_cap; u++)
        if (ui->names[u].w > 0 && scene_rects_overlap(r, &ui->names[u]))
            hits++;
    for (int i = 0; i < ui->ntexts; i++)
        if (scene_rects_overlap(r, &ui->texts[i]))
            hits++;
    for (int i = 0; i < ui->nmark_rows && ui->nobstacles >= 0; i++) /* this frame's, once laid out */
        if (scene_rects_overlap(r, &ui->mark_rows[i]))
            hits++;
    for (int i = 0; i < ui->nburst_blocks; i++) /* the bursts' words, placed first ("1 pt · NSL" lay under them) */
        hits += scene_rects_overlap(r, &ui->burst_blocks[i].box);
    return hits;
}

void scene_add_text(sl_ui *ui, const sl_world *w, const sl_cam *cam, float s, const SDL_FRect *r)
{
    if (ui->nobstacles >= 0) /* else it joins them when they are made */
        scene_add_obstacle(ui, w, cam, s, r);
    if (ui->ntexts < (int)(sizeof ui->texts / sizeof ui->texts[0]))
        ui->texts[ui->ntexts++] = *r;
}

int scene_figure_hits(const sl_ui *ui, const sl_world *w, const sl_cam *cam, float s, const SDL_FRect *r)
{
    const sl_view *v = ui->frame_view;
    const sl_game *g = v && v->play && v->play->on ? &v->play->game : NULL;
    int hits = 0;
    for (int i = 0; i < w->scn.nfigures; i++) {
        if (g && sl_game_off_table(g, w->scn.figures[i].unit))
            continue;
        float x, y;
        cam_pt(cam, w->scn.figures[i].pos, &x, &y);
        float fr = scene_figure_radius(&w->scn.figures[i], cam, s) + 2 * s;
        SDL_FRect b = {x - fr, y - fr, 2 * fr, 2 * fr};
        hits += scene_rects_overlap(r, &b);
    }
    return hits;
}

void scene_add_obstacle(sl_ui *ui, const sl_world *w, const sl_cam *cam, float s, const SDL_FRect *r)
{
    SDL_FRect none = {-1e6f, -1e6f, 0, 0};
    scene_spot_hits(ui, w, cam, s, &none); /* the frame's figures and names first */
    if (ui->nobstacles < 0)
        return;
    if (ui->nobstacles == ui->obstacles_cap) {
        int cap = ui->obstacles_cap + 16;
        SDL_FRect *grown = realloc(ui->obstacles, sizeof *grown * (size_t)cap);
        if (!grown)
            return;
        ui->obstacles = grown;
        ui->obstacles_cap = cap;
    }
    ui->obstacles[ui->nobstacles++] = *r;
    if (ui->spot_grid.on)
        grid_add(&ui->spot_grid, ui->obstacles, ui->nobstacles - 1);
}

/* --- cards and what they keep clear ---------------------------------------- */

static float overlap_area(const SDL_FRect *a, const SDL_FRect *b)
{
    float w = fminf(a->x + a->w, b->x + b->w) - fmaxf(a->x, b->x);
    float h = fminf(a->y + a->h, b->y + b->h) - fmaxf(a->y, b->y);
    return w > 0 && h > 0 ? w * h : 0;
}

void ui_card_taken(sl_ui *ui, SDL_FRect r)
{
    if (ui->ncards < UI_MAX_CARDS)
        ui->cards[ui->ncards++] = r;
}

void ui_keep_clear(sl_ui *ui, float x, float y, float r)
{
    if (ui->nkeep < UI_MAX_KEEP)
        ui->keep[ui->nkeep++] = (SDL_FRect){x - r, y - r, 2 * r, 2 * r};
}

void ui_keep_rect(sl_ui *ui, SDL_FRect r)
{
    if (ui->nkeep < UI_MAX_KEEP)
        ui->keep[ui->nkeep++] = r;
}

void ui_keep_line(sl_ui *ui, const float *xy, int n, float r)
{
    for (int i = 0; i + 1 < n; i++) {
        float dx = xy[2 * i + 2] - xy[2 * i], dy = xy[2 * i + 3] - xy[2 * i + 1];
        float len = sqrtf(dx * dx + dy * dy);
        int steps = (int)(len / fmaxf(r, 4)) + 1;
        if (steps > 64)
            steps = 64;
        for (int k = 0; k < steps; k++)
            ui_keep_clear(ui, xy[2 * i] + dx * (float)k / (float)steps, xy[2 * i + 1] + dy * (float)k / (float)steps, r);
    }
    if (n > 0)
        ui_keep_clear(ui, xy[2 * n - 2], xy[2 * n - 1], r);
}

/* What r hides of the table itself: the acting unit's men dearest, then
 * what was asked to be kept clear, then figures and names (0: nothing). */
static float table_cost(sl_ui *ui, const sl_world *w, const sl_cam *cam, const SDL_FRect *r)
{
    float cost = 1e6f * (float)ui_actor_hits(ui, r);
    for (int i = 0; i < ui->nkeep; i++)
        if (overlap_area(r, &ui->keep[i]) > 0)
            cost += 4000;
    return cost + (float)scene_spot_hits(ui, w, cam, ui->lay.s, r) * 300;
}

/* What covering r costs: the acting unit's men and cards dearest, then
 * what was asked to be kept clear, then figures and names. */
float ui_spot_cost(sl_ui *ui, const sl_world *w, const sl_cam *cam, const SDL_FRect *r)
{
    float cost = table_cost(ui, w, cam, r);
    for (int i = 0; i < ui->ncards; i++)
        cost += overlap_area(r, &ui->cards[i]) * 10.0f;
    return cost;
}

bool ui_spot_clear(sl_ui *ui, const sl_world *w, const sl_cam *cam, const SDL_FRect *r)
{
    return table_cost(ui, w, cam, r) <= 0;
}

float ui_spot_cost_early(sl_ui *ui, const sl_world *w, const sl_cam *cam, const SDL_FRect *r)
{
    float cost = 1e6f * (float)ui_actor_hits(ui, r);
    for (int i = 0; i < ui->ncards; i++)
        cost += overlap_area(r, &ui->cards[i]) * 10.0f;
    cost += ui_keep_covers(ui, r) ? 4000.0f : 0.0f;
    int hits = scene_figure_hits(ui, w, cam, ui->lay.s, r), rows = 0;
    for (int i = 0; i < ui->ntexts; i++)
        hits += scene_rects_overlap(r, &ui->texts[i]);
    for (int i = 0; i < ui->nrow_homes; i++) /* a row of counters' first place: its words hidden */
        rows += scene_rects_overlap(r, &ui->row_homes[i]);
    return cost + 300.0f * (float)hits + 1000.0f * (float)rows;
}

bool ui_keep_covers(const sl_ui *ui, const SDL_FRect *r)
{
    for (int i = 0; i < ui->nkeep; i++)
        if (overlap_area(r, &ui->keep[i]) > 0)
            return true;
    return false;
}

bool ui_card_covers(const sl_ui *ui, const SDL_FRect *r)
{
    for (int i = 0; i < ui->ncards; i++)
        if (overlap_area(r, &ui->cards[i]) > 0)
            return true;
    return false;
}

/* Two boxes share more than a sliver (half a pixel either way). */
static bool boxes_meet(const SDL_FRect *a, const SDL_FRect *b)
{
    return a->x + 0.5f < b->x + b->w && b->x + 0.5f < a->x + a->w && a->y + 0.5f < b->y + b->h &&
           b->y + 0.5f < a->y + a->h;
}

int ui_label_hits(const sl_ui *ui, const SDL_FRect *r)
{
    int n = 0;
    for (int u = 0; u < ui->names_cap; u++)
        n += ui->names[u].w > 0 && boxes_meet(r, &ui->names[u]);
    for (int i = 0; i < ui->ntexts; i++)
        n += boxes_meet(r, &ui->texts[i]);
    for (int t = 0; t < ui->ntags; t++)
        n += boxes_meet(r, &ui->tags[t]);
    for (int m = 0; m < ui->nmark_rows; m++)
        n += boxes_meet(r, &ui->mark_rows[m]);
    return n;
}

static const char *label_whose(const sl_world *w, int who)
{
    return who >= 0 ? w->scn.units[who].name : "a place";
}

/* A label's words in a fault: a unit's name, a fireteam's tag, a place's. */
static void label_said(const sl_world *w, int who, bool tag, char *out, size_t len)
{
    snprintf(out, len, "the %s of %.80s", tag ? "tag" : "label", label_whose(w, who));
}

int ui_label_overlaps(const sl_ui *ui, const sl_world *w, char *what, size_t len)
{
    enum { MAXL = 512 };
    SDL_FRect r[MAXL];
    int who[MAXL], n = 0, bad = 0;
    bool tag[MAXL];
    for (int u = 0; u < w->scn.nunits && u < ui->names_cap && n < MAXL; u++)
        if (ui->names[u].w > 0) {
            who[n] = u;
            tag[n] = false;
            r[n++] = ui->names[u];
        }
    for (int i = 0; i < ui->ntexts && n < MAXL; i++) {
        who[n] = -1;
        tag[n] = false;
        r[n++] = ui->texts[i];
    }
    /* a fireteam's tag is read as a name is: over no name, place's words
     * or other tag */
    for (int t = 0; t < ui->ntags && n < MAXL; t++) {
        who[n] = ui->tag_unit[t];
        tag[n] = true;
        r[n++] = ui->tags[t];
    }

    const SDL_FRect *E = &ui->edge;
    char a[120], b[120];
    for (int i = 0; i < n; i++) {
        bool off = r[i].x < E->x - 0.5f || r[i].y < E->y - 0.5f || r[i].x + r[i].w > E->x + E->w + 0.5f ||
                   r[i].y + r[i].h > E->y + E->h + 0.5f;
        if (off && r[i].w <= E->w && r[i].h <= E->h && bad++ == 0) {
            label_said(w, who[i], tag[i], a, sizeof a);
            snprintf(what, len, "%s runs off the table", a);
        }
    }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (scene_rects_overlap(&r[i], &r[j]) && bad++ == 0) {
                label_said(w, who[i], tag[i], a, sizeof a);
                label_said(w, who[j], tag[j], b, sizeof b);
                snprintf(what, len, "%s lies over %s", a, b);
            }
    /* a row of counters over another unit's name, a place's words,
     * another row or any fireteam's tag (its own team's too: the tag
     * names the team the row speaks of) hides what a player reads there */
    for (int i = 0; i < ui->nmark_rows; i++) {
        const SDL_FRect *m = &ui->mark_rows[i];
        const char *whose = w->scn.units[ui->mark_row_unit[i]].name;
        for (int j = 0; j < n; j++)
            if ((tag[j] || who[j] != ui->mark_row_unit[i]) && boxes_meet(m, &r[j]) && bad++ == 0) {
                label_said(w, who[j], tag[j], a, sizeof a);
                snprintf(what, len, "%s's row of counters lies over %s", whose, a);
            }
        for (int j = i + 1; j < ui->nmark_rows; j++)
            if (boxes_meet(m, &ui->mark_rows[j]) && bad++ == 0)
                snprintf(what, len, "%s's row of counters lies over that of %s", whose,
                         w->scn.units[ui->mark_row_unit[j]].name);
    }
    return bad;
}
