/* Fog of war in the window: whose view the table shows, the hand-over
 * screen between two players at one screen, and counters on the table.
 * The forces drawn (sl_play.disp) are the shown side's knowledge: a unit
 * hidden from it is its counter there, so nothing drawn, listed, hovered,
 * picked or cycled to can show more. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ui_internal.h"

static bool fog_on(const sl_view *v)
{
    return v->play && v->play->on && sl_game_fog(&v->play->game);
}

/* The side whose turn it is to look: the one to decide or to act. */
static int side_to_look(const sl_view *v)
{
    int s = sl_play_side_to_act(v->play);
    return s >= 0 ? s : 0;
}

static void show(sl_view *v, int side)
{
    v->fog_side = side;
    sl_play_set_view(v->play, side);
}

/* A hand-over: nothing of the last player's stays for the next to see
 * (his selection, what he pointed at, his ruler, his planned moves and
 * template, the pen's marks). */
static void handover_clear(sl_view *v)
{
    if (v->selected)
        memset(v->selected, 0, (size_t)v->nunits);
    v->focus_unit = v->target_unit = -1;
    v->hover_figure = v->hover_feature = v->hover_unit_row = -1;
    v->hover_action = -1;
    memset(&v->ruler, 0, sizeof v->ruler);
    v->ruler.from_figure = v->ruler.to_figure = -1;
    v->path_figure = -1;
    v->npath = 0;
    v->path_live = false;
    v->overlays &= ~(unsigned)(SL_OVERLAY_PATH | SL_OVERLAY_BLAST);
    v->blast_placed = v->blast_pinned = false;
    v->tool = SL_TOOL_SELECT;
    v->boxing = false;
    v->nmarks = v->npings = 0; /* the pen's marks and pings: where he meant to go */
}

void ui_fog_update(sl_view *v)
{
    if (!fog_on(v)) {
        if (v->play && v->play->view_side != -1)
            sl_play_set_view(v->play, -1);
        v->fog_waiting = false;
        return;
    }
    switch (v->fog_mode) {
    case SL_FOG_REFEREE:
        v->fog_waiting = false;
        if (v->fog_side != -1 || v->play->view_side != -1)
            show(v, -1);
        return;
    case SL_FOG_SIDE:
        v->fog_waiting = false;
        if (v->fog_side < 0)
            show(v, 0);
        else if (v->play->view_side != v->fog_side)
            show(v, v->fog_side);
        return;
    default: break;
    }
    int next = side_to_look(v);
    if (next == v->fog_side && v->play->view_side == next) {
        v->fog_waiting = false;
        return;
    }
    bool handover = v->fog_handover && !v->play->game.live.no_handover;
    if (!handover) {
        show(v, next);
        v->fog_waiting = false;
        return;
    }
    /* the table is blanked (the old side's view is not drawn either)
     * until the next player says he is ready */
    if (!v->fog_waiting) {
        sl_play_set_view(v->play, next);
        handover_clear(v);
    }
    v->fog_waiting = true;
    v->fog_next = next;
}

bool ui_fog_key(sl_view *v, SDL_Keycode k)
{
    if (!fog_on(v))
        return false;
    if (k == SDLK_F6) {
        /* follow the players -> each side's view -> the referee's */
        int ns = v->play->game.live.nsides;
        if (v->fog_mode == SL_FOG_FOLLOW) {
            v->fog_mode = SL_FOG_SIDE;
            v->fog_side = 0;
        } else if (v->fog_mode == SL_FOG_SIDE && v->fog_side + 1 < ns) {
            v->fog_side++;
        } else if (v->fog_mode == SL_FOG_SIDE) {
            v->fog_mode = SL_FOG_REFEREE;
        } else {
            v->fog_mode = SL_FOG_FOLLOW;
            v->fog_side = -2;
        }
        ui_fog_update(v);
        const char *what = v->fog_mode == SL_FOG_FOLLOW   ? "each player's own, with a hand-over screen between them"
                           : v->fog_mode == SL_FOG_REFEREE ? "the referee's: everything, hidden units too"
                                                           : v->play->game.live.sides[v->fog_side].name;
        snprintf(v->status, sizeof v->status, "View: %s (F6 changes)", what);
        return true;
    }
    if (k == SDLK_F7) {
        v->fog_handover = !v->fog_handover;
        snprintf(v->status, sizeof v->status, "%s",
                 v->fog_handover ? "Hand-over screens on: the table is hidden between players (F7: off)"
                                 : "Hand-over screens off: for open games at one screen (F7: on)");
        ui_fog_update(v);
        return true;
    }
    /* the text's size (read at a distance) and a screenshot work on the
     * hand-over screen too */
    if (!v->fog_waiting || k == SDLK_F2 || k == SDLK_F12)
        return false;
    if (k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_SPACE) {
        show(v, v->fog_next);
        v->fog_waiting = false;
        snprintf(v->status, sizeof v->status, "%s's view", v->play->game.live.sides[v->fog_next].name);
    }
    /* nothing else reaches the table while it is hidden */
    return true;
}

/* The screen between players: the whole window blanked, the next side
 * named in its colour and marker, and how to go on. */
/* Words across the window, centred and wrapped to it (never cut), drawn
 * when `draw`; the y under them, `gap` lines on. */
static float centred_lines(sl_ui *ui, sl_font f, const char *text, float y, sl_rgba c, float gap, bool draw)
{
    const sl_layout *L = &ui->lay;
    char rows[4][UI_LINE];
    int n = text_wrap_lines(&ui->text, f, text, (float)L->w - 40 * L->s, rows, 4);
    float lh = (float)text_height(&ui->text, f);
    for (int i = 0; i < n; i++, y += lh * (i < n ? 1.05f : 0.0f))
        if (draw)
            text_draw(&ui->text, f, rows[i], L->w / 2.0f, y, c, SL_ALIGN_CENTRE);
    return y + lh * gap;
}

/* The hand-over's words under the marker from y (drawn when `draw`); the
 * y under the last line. */
static float handover_words(sl_ui *ui, const sl_world *w, const sl_view *v, float y, bool draw)
{
    int side = v->fog_next;
    const char *name = side >= 0 && side < w->scn.nsides ? w->scn.sides[side].name : "the next player";
    char buf[300];
    snprintf(buf, sizeof buf, "Pass the screen to %s", name);
    y = centred_lines(ui, SL_FONT_TITLE, buf, y, ui_pal.text, 1.5f, draw);
    const char *why = "Hidden units are in play: the table stays covered until you are ready.";
    /* the decision the side is handed the screen for may say why */
    static sl_decision_view d; /* large: not on the stack each frame */
    if (v->play && v->play->on && sl_game_decision(&v->play->game, side, -1, 0, &d) && d.side == side &&
        d.handover[0])
        why = d.handover;
    y = centred_lines(ui, SL_FONT_LARGE, why, y, ui_pal.dim, 1.6f, draw);
    snprintf(buf, sizeof buf, "Enter or Space: show %s's view", name);
    y = centred_lines(ui, SL_FONT_LARGE, buf, y, ui_pal.accent, 1.4f, draw);
    snprintf(buf, sizeof buf, "F6: another view  ·  F7: no hand-over screens  ·  F2: text size (%.0f%%)",
             ui_scale(v) / (v->pixel_ratio > 0 ? v->pixel_ratio : 1.0f) * 100);
    return centred_lines(ui, SL_FONT_NORMAL, buf, y, ui_pal.faint, 0.3f, draw);
}

void ui_fog_draw_handover(sl_ui *ui, const sl_world *w, const sl_view *v)
{
    if (!v->fog_waiting)
        return;
    const sl_layout *L = &ui->lay;
    float s = L->s;
    gfx_rect(ui->ren, 0, 0, (float)L->w, (float)L->h, sl_rgba_make(16, 17, 20, 255));
    int side = v->fog_next;
    float r = 26 * s, gap = r + 24 * s;
    /* the marker at 38% of the height, higher where the words under it
     * would run past the window's foot */
    float cy = L->h * 0.38f;
    float foot = handover_words(ui, w, v, cy + gap, false), room = (float)L->h - 20 * s;
    if (foot > room)
        cy = fmaxf(r + 8 * s, cy - (foot - room));
    if (side >= 0 && side < w->scn.nsides) {
        gfx_disc(ui->ren, L->w / 2.0f, cy, r + 3 * s, ui_pal.black);
        gfx_disc(ui->ren, L->w / 2.0f, cy, r, ui_side_colour(w, side));
        gfx_marker(ui->ren, w->scn.sides[side].marker, L->w / 2.0f, cy, r * 0.6f, ui_pal.white);
    }
    ui->text.watch = true;
    handover_words(ui, w, v, cy + gap, true);
    ui->text.watch = false;
}

/* A counter on the table: a square token in its side's colour with a
 * question sign and its letter (shape and word, not colour alone); a
 * flipped one shows a bar (a unit is there). */
void ui_draw_counter(sl_ui *ui, const sl_world *w, const sl_view *v, int unit, const sl_cam *cam, float s)
{
    const sl_unit *un = &w->scn.units[unit];
    if (un->nfigures == 0)
        return;
    const sl_figure *f = &w->scn.figures[un->first_figure];
    if (f->status == SL_FIG_DEAD)
        return;
    float x, y;
    cam_pt(cam, f->pos, &x, &y);
    float h = fmaxf(9 * s, 0.6f * cam->scale);
    sl_rgba side = ui_side_colour(w, un->side);
    gfx_rect(ui->ren, x - h - 2 * s, y - h - 2 * s, 2 * h + 4 * s, 2 * h + 4 * s, ui_pal.black);
    gfx_rect(ui->ren, x - h, y - h, 2 * h, 2 * h, sl_rgba_make(230, 226, 210, 255));
    gfx_rect_outline(ui->ren, x - h, y - h, 2 * h, 2 * h, 3 * s, side);
    bool flipped = v->play && sl_game_knows(&v->play->game, v->play->view_side, unit) == SL_KNOW_UNIT;
    if (flipped)
        gfx_rect(ui->ren, x - h, y + h * 0.55f, 2 * h, h * 0.45f, side);
    if (ui->text.enabled) {
        char buf[16];
        const char *letter = v->play && v->play->on ? sl_game_counter(&v->play->game, unit)
                             : un->counter[0]                ? un->counter /* a host's state (remote.c) */
                                                             : un->id + 1;
        snprintf(buf, sizeof buf, "?%s", letter);
        sl_font cf = h > 14 * s ? SL_FONT_BOLD : SL_FONT_SMALL;
        /* a long id (a render without a game names it by its id) would run
         * over the table's edge and the names near it: the sign alone */
        if ((float)text_width(&ui->text, cf, buf) > 2 * h)
            snprintf(buf, sizeof buf, "?");
        text_draw(&ui->text, cf, buf, x, y - (float)text_height(&ui->text, cf) / 2 - (flipped ? h * 0.2f : 0),
                  ui_pal.black, SL_ALIGN_CENTRE);
    } else {
        gfx_line(ui->ren, x - h * 0.4f, y - h * 0.4f, x + h * 0.4f, y + h * 0.4f, 2 * s, ui_pal.black);
    }
}

/* Units in the order they are listed and cycled through: the known ones
 * as the scenario has them, then the counters by their letters, so no
 * order tells which counter stood where in the scenario (dummies last). */
int ui_units_in_order(const sl_world *w, int *out, int max)
{
    int n = 0;
    for (int u = 0; u < w->scn.nunits && n < max; u++)
        if (!sl_play_is_counter(w, u))
            out[n++] = u;
    int first = n;
    for (int u = 0; u < w->scn.nunits && n < max; u++)
        if (sl_play_is_counter(w, u)) {
            int k = n++;
            while (k > first && strcmp(w->scn.units[out[k - 1]].id, w->scn.units[u].id) > 0) {
                out[k] = out[k - 1];
                k--;
            }
            out[k] = u;
        }
    return n;
}

/* A set-up zone's name, what the set-up decision is about: inside the
 * zone and on the table, in the corner that hides fewest figures, placed
 * before the units' names (which keep off it); a shorter form where the
 * side's full name does not fit. */
static void zone_label(sl_ui *ui, const sl_world *w, const sl_cam *cam, const float *xy, int n, int side)
{
    float s = ui->lay.s, pad = 4 * s, th = (float)text_height(&ui->text, SL_FONT_SMALL);
    float x0 = 1e9f, y0 = 1e9f, x1 = -1e9f, y1 = -1e9f;
    for (int k = 0; k < n; k++) {
        x0 = fminf(x0, xy[2 * k]), x1 = fmaxf(x1, xy[2 * k]);
        y0 = fminf(y0, xy[2 * k + 1]), y1 = fmaxf(y1, xy[2 * k + 1]);
    }
    const SDL_FRect *E = &ui->edge;
    x0 = fmaxf(x0, E->x) + 6 * s, y0 = fmaxf(y0, E->y) + 6 * s;
    x1 = fminf(x1, E->x + E->w) - 6 * s, y1 = fminf(y1, E->y + E->h) - 6 * s;
    char forms[3][200], tag[SL_ID_LEN];
    snprintf(tag, sizeof tag, "%s", w->scn.sides[side].id);
    for (char *q = tag; *q; q++)
        *q = (char)toupper((unsigned char)*q);
    snprintf(forms[0], sizeof forms[0], "%s: set-up zone", w->scn.sides[side].name);
    snprintf(forms[1], sizeof forms[1], "%s set-up zone", tag);
    snprintf(forms[2], sizeof forms[2], "set-up");
    for (int f = 0; f < 3; f++) {
        float tw = (float)text_width(&ui->text, SL_FONT_SMALL, forms[f]) + 2 * pad, bh = th + pad;
        if (tw > x1 - x0 || bh > y1 - y0)
            continue;
        const float at[4][2] = {{x0, y0}, {x1 - tw, y0}, {x0, y1 - bh}, {x1 - tw, y1 - bh}};
        int pick = 0, least = -1;
        for (int k = 0; k < 4 && least != 0; k++) {
            SDL_FRect r = {at[k][0], at[k][1], tw, bh};
            int hits = scene_figure_hits(ui, w, cam, s, &r);
            for (int i = 0; i < ui->ntexts; i++)
                hits += 10 * scene_rects_overlap(&r, &ui->texts[i]);
            if (least < 0 || hits < least) {
                least = hits;
                pick = k;
            }
        }
        SDL_FRect box = text_draw_boxed(&ui->text, SL_FONT_SMALL, forms[f], at[pick][0] + pad, at[pick][1] + pad / 2,
                                        ui_pal.text, sl_rgba_make(10, 10, 12, 220), pad, SL_ALIGN_LEFT);
        scene_add_text(ui, w, cam, s, &box);
        return;
    }
}

/* In the set-up phase: the zone the side setting up may place its
 * counters in, hatched and outlined in its colour, and named. */
void ui_draw_zones(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam)
{
    if (!v->play || !v->play->on || sl_game_choosing(&v->play->game) != SL_CHOOSE_PLACES)
        return;
    static sl_decision_view d; /* large: not on the stack each frame */
    sl_game_decision(&v->play->game, v->play->view_side, -1, 0, &d);
    if (d.chooses != SL_CHOOSE_PLACES)
        return; /* a stage of the set-up where nothing is placed (an ambush's column or spring) */
    int side = v->play->game.pending.side;
    const sl_table *t = &w->scn.table;
    float s = ui->lay.s;
    for (int i = 0; i < t->nzones; i++) {
        const sl_zone *z = &t->zones[i];
        if (side < 0 || side >= w->scn.nsides || strcmp(z->side, w->scn.sides[side].id) != 0)
            continue;
        float xy[2 * 64];
        int n = z->npts < 64 ? z->npts : 64;
        for (int k = 0; k < n; k++)
            cam_pt(cam, t->pts[z->first_pt + k], &xy[2 * k], &xy[2 * k + 1]);
        sl_rgba c = ui_side_colour(w, side);
        sl_rgba faint = sl_rgba_make(c.r, c.g, c.b, 70);
        gfx_hatch(ui->ren, xy, n, 0, 0, 14 * s, 45, 2 * s, faint);
        gfx_dashed(ui->ren, xy, n, true, 4 * s, 12 * s, 6 * s, ui_pal.black);
        gfx_dashed(ui->ren, xy, n, true, 2.5f * s, 12 * s, 6 * s, c);
        zone_label(ui, w, cam, xy, n, side);
    }
}

/* The chevrons every 4" along a route, the way it goes. */
static void route_arrows(sl_ui *ui, const sl_decision_route *r, double len, const sl_cam *cam, sl_rgba c)
{
    float s = ui->lay.s;
    for (double d = 2000; d < len; d += 4000) {
        sl_pt a = sl_path_point_at(r->pts, r->npts, d - 300), b = sl_path_point_at(r->pts, r->npts, d + 300);
        float ax, ay, bx, by;
        cam_pt(cam, a, &ax, &ay);
        cam_pt(cam, b, &bx, &by);
        float dx = bx - ax, dy = by - ay, l = sqrtf(dx * dx + dy * dy);
        if (l <= 0)
            continue;
        dx /= l;
        dy /= l;
        float h = 9 * s, tipx = bx, tipy = by;
        float ch[6] = {tipx - dx * h - dy * h, tipy - dy * h + dx * h, tipx, tipy, tipx - dx * h + dy * h,
                       tipy - dy * h - dx * h};
        gfx_polyline(ui->ren, ch, 3, false, 5 * s, ui_pal.black);
        gfx_polyline(ui->ren, ch, 3, false, 2.5f * s, c);
    }
}

/* The route's marked spans (the gaps between a column's units), white
 * on the road with their words. */
static void route_spans(sl_ui *ui, const sl_decision_route *r, const sl_cam *cam)
{
    float s = ui->lay.s;
    for (int i = 0; i < r->nspans; i++) {
        float gx[2 * 8];
        int gn = ui_path_part(r->pts, r->npts, r->span_from[i], r->span_to[i], cam, gx, 8);
        gfx_polyline(ui->ren, gx, gn, false, 7 * s, ui_pal.black);
        gfx_polyline(ui->ren, gx, gn, false, 4 * s, ui_pal.white);
        float mx, my;
        cam_pt(cam, sl_path_point_at(r->pts, r->npts, (r->span_to[i] + r->span_from[i]) / 2), &mx, &my);
        text_draw_boxed(&ui->text, SL_FONT_SMALL, r->span_label[i], mx, my + 14 * s, ui_pal.black, ui_pal.white,
                        3 * s, SL_ALIGN_CENTRE);
    }
}

/* The stretch where a point along the route may be chosen, with its
 * ends and words (no card over it), and where a click would choose:
 * a ring, green on the stretch, red off it. */
static void route_stretch(sl_ui *ui, const sl_view *v, const sl_decision_view *d, const sl_cam *cam)
{
    float s = ui->lay.s;
    const sl_decision_route *r = &d->route;
    double a = d->along.from, b = d->along.to;
    if (b > a) {
        float sx[2 * 34];
        int sn = ui_path_part(r->pts, r->npts, a, b, cam, sx, 34);
        gfx_polyline(ui->ren, sx, sn, false, 14 * s, ui_pal.black);
        gfx_polyline(ui->ren, sx, sn, false, 9 * s, ui_pal.accent);
        ui_keep_line(ui, sx, sn, 16 * s); /* the stretch to click: no card over it */
        for (int e = 0; e < 2; e++) {
            float ex = sx[e ? 2 * (sn - 1) : 0], ey = sx[e ? 2 * (sn - 1) + 1 : 1];
            gfx_line(ui->ren, ex, ey - 16 * s, ex, ey + 16 * s, 5 * s, ui_pal.black);
            gfx_line(ui->ren, ex, ey - 14 * s, ex, ey + 14 * s, 2.5f * s, ui_pal.accent);
        }
        text_draw_boxed(&ui->text, SL_FONT_SMALL, d->along.label, sx[0], sx[1] - 34 * s, ui_pal.black, ui_pal.accent,
                        3 * s, SL_ALIGN_LEFT);
    }
    sl_pt on;
    double along;
    if (v->mouse_in_table && sl_decision_snap(d, v->cursor, &on, &along)) {
        float hx, hy;
        cam_pt(cam, on, &hx, &hy);
        bool okp = along >= a - 1 && along <= b + 1;
        gfx_ring(ui->ren, hx, hy, 10 * s, 4 * s, ui_pal.black);
        gfx_ring(ui->ren, hx, hy, 10 * s, 2.5f * s, okp ? ui_pal.pass : ui_pal.fail);
    }
}

/* A decision's route on the table (SL_DRAW_ROUTE: an ambushed column's
 * road): dashed in its side's colour with arrows its way, its words by
 * its start, its marked spans, and the stretch a point along it is
 * chosen in (SL_CHOOSE_ALONG). */
void ui_draw_route(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam)
{
    if (!v->play || !v->play->on)
        return;
    static sl_decision_view d; /* large: not on the stack each frame */
    if (!sl_game_decision(&v->play->game, v->play->view_side, -1, 0, &d) || !(d.draw & SL_DRAW_ROUTE))
        return;
    const sl_decision_route *r = &d.route;
    if (r->npts < 2 || r->side < 0 || r->side >= w->scn.nsides)
        return;
    float s = ui->lay.s;
    double len = sl_path_length(r->pts, r->npts);
    sl_rgba c = ui_side_colour(w, r->side);
    float xy[2 * 66];
    int n = ui_path_part(r->pts, r->npts, 0, len, cam, xy, 66);
    gfx_dashed(ui->ren, xy, n, false, 6 * s, 16 * s, 10 * s, ui_pal.black);
    gfx_dashed(ui->ren, xy, n, false, 3.5f * s, 16 * s, 10 * s, c);
    route_arrows(ui, r, len, cam, c);
    if (r->label[0]) {
        float lx, ly;
        cam_pt(cam, sl_path_point_at(r->pts, r->npts, len > 4000 ? 2000 : 0), &lx, &ly);
        text_draw_boxed(&ui->text, SL_FONT_SMALL, r->label, lx, ly + 14 * s, ui_pal.text, sl_rgba_make(10, 10, 12, 220),
                        4 * s, SL_ALIGN_LEFT);
    }
    route_spans(ui, r, cam);
    if (d.chooses == SL_CHOOSE_ALONG && d.along.step > 0)
        route_stretch(ui, v, &d, cam);
}

int ui_objective_hits(const sl_ui *ui, const sl_world *w, const sl_cam *cam, const SDL_FRect *box, int self)
{
    float s = ui->lay.s, edge = 3 * s; /* half the dashed ring's dark edge */
    int hits = 0;
    for (int i = 0; i < w->scn.nobjectives; i++) {
        if (i == self)
            continue;
        const sl_objective *o = &w->scn.objectives[i];
        float cx, cy, r = (float)(o->radius / (double)SL_MILS_PER_INCH) * cam->scale;
        cam_pt(cam, o->at, &cx, &cy);
        SDL_FRect flag = {cx - 2 * s, cy - 11 * s, 14 * s, 20 * s}; /* its pole and pennant */
        hits += ui_box_on_ring(box, cx, cy, r, edge) || scene_rects_overlap(box, &flag);
    }
    return hits;
}

/* Where an objective's label goes: over its ring, else under it, beside
 * it or further off: the first place clear of the figures, the units'
 * names, the other labels and the other objectives' rings and flags
 * (else the least covered), kept on the table at its edge. The cost:
 * figures covered, ten for each burst's ring, and UI_ON_LABEL for each
 * label, burst's words or other objective it would lie over (-1: no
 * place on the table). */
#define UI_ON_LABEL 100
static int objective_spot(sl_ui *ui, const sl_world *w, const sl_cam *cam, const char *buf, int self, float cx,
                          float cy, float r, float *lx, float *ly)
{
    float s = ui->lay.s;
    const SDL_FRect *tv = &ui->edge;
    float half = (float)text_width(&ui->text, SL_FONT_SMALL, buf) / 2 + 6 * s;
    float th = (float)text_height(&ui->text, SL_FONT_SMALL), pad = 4 * s, step = th + 2 * pad;
    float d = r * 0.75f; /* the diagonals: off the ring's corners */
    float spots[][2] = {{cx, cy - r - 14 * s},          {cx, cy + r + 6 * s},
                        {cx + r + half, cy - th / 2},   {cx - r - half, cy - th / 2},
                        {cx, cy - r - 14 * s - step},   {cx, cy + r + 6 * s + step},
                        {cx + d + half, cy - d - th},   {cx - d - half, cy - d - th},
                        {cx + d + half, cy + d},        {cx - d - half, cy + d},
                        {cx, cy - th / 2 + 12 * s},     {cx, cy - r - 14 * s - 2 * step},
                        {cx, cy + r + 6 * s + 2 * step}, {cx + r + half, cy - th / 2 - step},
                        {cx - r - half, cy - th / 2 + step},
                        /* further out, where names crowd the ring */
                        {cx - r - half, cy - th / 2 - step}, {cx + r + half, cy - th / 2 + step},
                        {cx - d - half, cy + d + step},     {cx + d + half, cy + d + step},
                        {cx - d - half, cy - d - th - step}, {cx + d + half, cy - d - th - step},
                        {cx, cy - r - 14 * s - 3 * step},   {cx, cy + r + 6 * s + 3 * step},
                        /* further still, each side (issue 40: the name kept, not cut to its points) */
                        {cx + r + half, cy - th / 2 - 2 * step}, {cx - r - half, cy - th / 2 - 2 * step},
                        {cx + r + half, cy - th / 2 + 2 * step}, {cx - r - half, cy - th / 2 + 2 * step},
                        {cx + r + 2 * half, cy - th / 2},         {cx - r - 2 * half, cy - th / 2},
                        {cx, cy - r - 14 * s - 4 * step},        {cx, cy + r + 6 * s + 4 * step}};
    *lx = cx;
    *ly = spots[0][1];
    int best = -1;
    if (2 * half > tv->w)
        return -1; /* wider than the table in view */
    for (int k = 0; k < (int)(sizeof spots / sizeof spots[0]) && best != 0; k++) {
        float x = fmaxf(tv->x + half, fminf(spots[k][0], tv->x + tv->w - half)), y = spots[k][1];
        if (y - pad / 2 < tv->y || y + th + pad / 2 > tv->y + tv->h)
            continue;
        SDL_FRect box = {x - half + 2 * s, y - pad / 2, 2 * half - 4 * s, th + pad};
        /* a unit's name or another label: never under this one */
        int under = scene_spot_hits(ui, w, cam, s, &box); /* first: it lays the names out */
        /* (the outpost wall's label lay over the copse's ring and flag) */
        int labels = scene_name_hits(ui, w, &box) + ui_objective_hits(ui, w, cam, &box, self);
        /* a burst's ring, who it caught read there (at 1600x1000 the Hill
         * 204 bunker's label ran across the fuel-air burst's ring) */
        int hits = under - labels + UI_ON_LABEL * labels + 10 * scene_ring_hits(ui, cam, &box);
        SDL_FRect drawn = {box.x, y - pad, box.w, th + 2 * pad}; /* as text_draw_boxed draws it */
        for (int b = 0; b < ui->nburst_blocks; b++) /* a burst's words, placed first: as a label */
            hits += UI_ON_LABEL * scene_rects_overlap(&drawn, &ui->burst_blocks[b].box);
        if (best < 0 || hits < best) {
            best = hits;
            *lx = x;
            *ly = y;
        }
    }
    return best;
}

/* The scenario's objectives: each place ringed (dashed, black under white
 * or under the holder's colour) with its name, its points and, in a game,
 * who holds it now in words, so no colour has to be told apart. */
void ui_draw_objectives(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam)
{
    const sl_scenario *scn = &w->scn;
    const sl_game *g = v->play && v->play->on ? &v->play->game : NULL;
    float s = ui->lay.s;
    memset(ui->objective_label, 0, sizeof ui->objective_label);
    for (int i = 0; i < scn->nobjectives; i++) {
        const sl_objective *o = &scn->objectives[i];
        float cx, cy;
        cam_pt(cam, o->at, &cx, &cy);
        float r = (float)(o->radius / (double)SL_MILS_PER_INCH) * cam->scale;
        int holder = g ? sl_game_holder_for(g, i, v->play->view_side) : -1;
        sl_rgba c = holder >= 0 ? ui_side_colour(w, holder) : ui_pal.text;
        gfx_dashed_ring(ui->ren, cx, cy, r, 5 * s, 10 * s, 7 * s, ui_pal.black);
        gfx_dashed_ring(ui->ren, cx, cy, r, 3 * s, 10 * s, 7 * s, c);
        /* a small flag at the middle: a pole and a pennant */
        gfx_line(ui->ren, cx, cy + 8 * s, cx, cy - 10 * s, 2.5f * s, ui_pal.black);
        float fl[6] = {cx, cy - 10 * s, cx + 10 * s, cy - 6 * s, cx, cy - 2 * s};
        int idx[3] = {0, 1, 2};
        gfx_triangles(ui->ren, fl, 3, idx, 3, c);
        char who[200] = "";
        if (o->reach_side >= 0 && holder >= 0)
            snprintf(who, sizeof who, " · reached by %s", scn->sides[holder].name);
        else if (o->reach_side >= 0)
            snprintf(who, sizeof who, " · for %s to reach", scn->sides[o->reach_side].name);
        else if (g && holder >= 0)
            snprintf(who, sizeof who, " · held by %s", scn->sides[holder].name);
        else if (g && holder == -2)
            snprintf(who, sizeof who, " · contested");
        /* the brief form names the side by its id, in capitals (ESU) */
        char tag[SL_ID_LEN] = "";
        int whose = holder >= 0 ? holder : o->reach_side >= 0 ? o->reach_side : -1;
        if (whose >= 0) {
            snprintf(tag, sizeof tag, "%s", scn->sides[whose].id);
            for (char *q = tag; *q; q++)
                *q = (char)toupper((unsigned char)*q);
        }
        /* the name and points (mid), then the side's words after them */
        char mid[300], full[300 + 200], brief[120];
        snprintf(mid, sizeof mid, "%s · %d pt%s", o->name, o->points, o->points == 1 ? "" : "s");
        snprintf(full, sizeof full, "%s%s", mid, who);
        snprintf(brief, sizeof brief, "%d pt%s%s%s%s", o->points, o->points == 1 ? "" : "s",
                 o->reach_side >= 0 && holder < 0 ? " · for " : tag[0] ? " · " : "", tag,
                 g && holder == -2 && o->reach_side < 0 ? " · contested" : "");
        /* the whole label where it fits; where it would cover names, tags
         * or figures, the points alone unless they cover more (the tooltip
         * and the panel name the place) */
        const char *buf = full;
        float lx, ly, bx, by;
        int hits = objective_spot(ui, w, cam, full, i, cx, cy, r, &lx, &ly);
        /* the place's name and points without the side's words, before
         * the points alone (which leave the name out) */
        if (hits != 0 && who[0]) {
            int mh = objective_spot(ui, w, cam, mid, i, cx, cy, r, &bx, &by);
            if (mh >= 0 && (hits < 0 || mh < hits)) {
                buf = mid;
                lx = bx;
                ly = by;
                hits = mh;
            }
        }
        if (hits != 0) {
            int bh = objective_spot(ui, w, cam, brief, i, cx, cy, r, &bx, &by);
            if (bh >= 0 && (hits < 0 || bh <= hits)) {
                buf = brief;
                lx = bx;
                ly = by;
                hits = bh;
            }
        }
        float pad = 4 * s;
        if (hits < 0 || hits >= UI_ON_LABEL)
            continue; /* left off rather than laid over a name or label, or off the table (the tooltip names the place) */
        SDL_FRect box = text_draw_boxed(&ui->text, SL_FONT_SMALL, buf, lx, ly, ui_pal.text, sl_rgba_make(10, 10, 12, 220),
                                        pad, SL_ALIGN_CENTRE);
        scene_add_text(ui, w, cam, s, &box);
        ui->objective_label[i] = box;
    }
}
