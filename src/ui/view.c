/* View state, layout and camera. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ui_internal.h"

bool sl_view_init(sl_view *v, const sl_world *w)
{
    memset(v, 0, sizeof *v);
    v->nunits = w->scn.nunits;
    v->selected = calloc(v->nunits > 0 ? (size_t)v->nunits : 1, 1);
    if (!v->selected)
        return false;
    v->focus_unit = -1;
    v->hover_figure = v->hover_feature = -1;
    v->hover_button = v->hover_unit_row = -1;
    v->hover_action = -1;
    v->ruler.from_figure = v->ruler.to_figure = -1;
    v->show_labels = true;
    v->overlays = SL_OVERLAY_LOS; /* bands on demand (V): they cover the table */
    v->target_unit = -1;
    v->path_figure = -1;
    v->blast_r = 4.0;
    v->user_scale = 1.0f;
    v->pixel_ratio = 1.0f;
    v->fog_mode = SL_FOG_FOLLOW;
    v->fog_side = v->fog_next = -2;
    v->fog_handover = true;
    v->dice_secs = 12;
    v->rolls_timed = -1;
    v->rolls_fade = 1.0f;
    sl_pick_clear(&v->pick);
    v->pick.log_scroll = 0;
    v->pick.message[0] = '\0';
    return true;
}

void sl_pick_clear(sl_pick *p)
{
    /* what is being chosen; the dice log's scroll, the leader toggle and
     * the last message are kept */
    p->kind = SL_CMD_NONE;
    p->variant = 0;
    p->target = -1;
    p->chosen_answer = -1;
    p->hovered = -1;
    p->nreroute = 0;
    p->list_unit = -1;
    p->list_chosen = 0;
    p->list_toggles = 0;
    p->ndet = 0;
    p->point = false;
    p->along_at = -1;
    p->norder = 0; /* an order's draft starts again */
    p->card_page = 0;
}

void sl_view_free(sl_view *v)
{
    free(v->selected);
    v->selected = NULL;
}

bool play_on(const sl_view *v)
{
    return v->play && v->play->on;
}

bool ui_end_shown(const sl_view *v)
{
    return v->play && v->play->on && v->play->game.outcome.over && !v->end_closed && !v->fog_waiting &&
           v->lesson_nsteps == 0;
}

float ui_scale(const sl_view *v)
{
    float u = v->user_scale;
    if (v->scale_cap > 0 && u > v->scale_cap)
        u = v->scale_cap; /* the largest that fits the window */
    float s = v->pixel_ratio * u;
    return s > 0.25f ? s : 1.0f;
}

int sl_layout_parse(const char *s)
{
    if (strcmp(s, "presentation") == 0)
        return SL_LAYOUT_PRESENTATION;
    if (strcmp(s, "table") == 0)
        return SL_LAYOUT_TABLE;
    if (strcmp(s, "auto") == 0)
        return SL_LAYOUT_AUTO;
    return -1;
}

bool sl_view_presenting(const sl_view *v)
{
    if (v->layout != SL_LAYOUT_AUTO)
        return v->layout == SL_LAYOUT_PRESENTATION;
    /* a lesson's caption in the strip; a replay's as the text's size asks
     * (under the table at 100%, the dice log beside it) */
    return v->user_scale >= 1.5f - 1e-3f || (v->lesson_nsteps > 0 && !(v->play && v->play->replay));
}

void sl_view_fit(sl_view *v, const sl_world *w, int out_w, int out_h, float ui_s)
{
    (void)ui_s;
    double tw = w->scn.table.width / 1000.0, th = w->scn.table.height / 1000.0;
    if (tw <= 0 || th <= 0)
        tw = th = 1;
    double margin = 1.5; /* inches each side, so the edge reads as an edge */
    double sx = out_w / (tw + 2 * margin), sy = out_h / (th + 2 * margin);
    v->scale = sx < sy ? sx : sy;
    if (v->scale <= 0)
        v->scale = 1;
    v->cx = tw / 2;
    v->cy = th / 2;
    v->fitted = true;
}

void view_keep_rect(sl_view *v, float old_w, float old_h, float new_w, float new_h)
{
    const double *kc = v->kept_cam;
    bool still = v->kept_rect[2] > 0 && v->kept_rect[3] > 0 && fabs(v->cx - kc[0]) < 1e-9 &&
                 fabs(v->cy - kc[1]) < 1e-9 && fabs(v->scale - kc[2]) < 1e-9 * v->scale;
    if (!still) { /* moved since (or never kept): what shows now is kept */
        v->kept_rect[0] = v->cx;
        v->kept_rect[1] = v->cy;
        v->kept_rect[2] = old_w / v->scale;
        v->kept_rect[3] = old_h / v->scale;
    }
    double sx = new_w / v->kept_rect[2], sy = new_h / v->kept_rect[3];
    double ns = sx < sy ? sx : sy;
    v->scale = ns < 1.0 ? 1.0 : ns > 400.0 ? 400.0 : ns;
    v->cx = v->kept_rect[0];
    v->cy = v->kept_rect[1];
}

void view_keep_cam(sl_view *v)
{
    v->kept_cam[0] = v->cx;
    v->kept_cam[1] = v->cy;
    v->kept_cam[2] = v->scale;
}

bool view_bring_in(sl_view *v, const SDL_FRect *T, const double box[4], float pad)
{
    double bw = box[2] - box[0], bh = box[3] - box[1];
    double rw = T->w - 2.0 * pad, rh = T->h - 2.0 * pad;
    if (rw <= 0 || rh <= 0 || bw < 0 || bh < 0)
        return false;
    double before[3] = {v->cx, v->cy, v->scale};
    if (bw * v->scale > rw || bh * v->scale > rh) { /* too big for the room at this scale: smaller */
        double sx = bw > 0 ? rw / bw : 400.0, sy = bh > 0 ? rh / bh : 400.0;
        double ns = sx < sy ? sx : sy;
        v->scale = ns < 1.0 ? 1.0 : ns;
    }
    double hx = rw / 2.0 / v->scale, hy = rh / 2.0 / v->scale;
    if (box[0] < v->cx - hx)
        v->cx = box[0] + hx;
    else if (box[2] > v->cx + hx)
        v->cx = box[2] - hx;
    if (box[1] < v->cy - hy)
        v->cy = box[1] + hy;
    else if (box[3] > v->cy + hy)
        v->cy = box[3] - hy;
    return v->cx != before[0] || v->cy != before[1] || v->scale != before[2];
}

void sl_view_select_unit(sl_view *v, int unit, bool add)
{
    if (unit < 0 || unit >= v->nunits) {
        if (!add) {
            memset(v->selected, 0, (size_t)v->nunits);
            v->focus_unit = -1;
        }
        return;
    }
    if (add) {
        v->selected[unit] = !v->selected[unit];
        if (v->selected[unit])
            v->focus_unit = unit;
        else if (v->focus_unit == unit) {
            v->focus_unit = -1;
            for (int i = 0; i < v->nunits; i++)
                if (v->selected[i])
                    v->focus_unit = i;
        }
    } else {
        memset(v->selected, 0, (size_t)v->nunits);
        v->selected[unit] = 1;
        v->focus_unit = unit;
    }
}

int sl_view_selected_count(const sl_view *v)
{
    int n = 0;
    for (int i = 0; i < v->nunits; i++)
        n += v->selected[i] != 0;
    return n;
}

void cam_from_view(const sl_view *v, const SDL_FRect *table, sl_cam *c)
{
    c->centre[0] = (float)v->cx;
    c->centre[1] = (float)v->cy;
    c->scale = (float)v->scale;
    c->origin[0] = table->x + table->w / 2.0f;
    c->origin[1] = table->y + table->h / 2.0f;
}

void cam_w2s(const sl_cam *c, double wx, double wy, float *sx, float *sy)
{
    vec2 p = {(float)wx, (float)wy}, d;
    glm_vec2_sub(p, (float *)c->centre, d);
    glm_vec2_scale(d, c->scale, d);
    glm_vec2_add(d, (float *)c->origin, d);
    *sx = d[0];
    *sy = d[1];
}

void cam_s2w(const sl_cam *c, float sx, float sy, double *wx, double *wy)
{
    vec2 p = {sx, sy}, d;
    glm_vec2_sub(p, (float *)c->origin, d);
    glm_vec2_divs(d, c->scale, d);
    glm_vec2_add(d, (float *)c->centre, d);
    *wx = d[0];
    *wy = d[1];
}

void cam_pt(const sl_cam *c, sl_pt p, float *sx, float *sy)
{
    cam_w2s(c, p.x / 1000.0, p.y / 1000.0, sx, sy);
}

void view_zoom_at(sl_view *v, const SDL_FRect *table, float sx, float sy, double factor)
{
    double ns = v->scale * factor;
    if (ns < 1.0)
        ns = 1.0;
    if (ns > 400.0)
        ns = 400.0;
    double ox = table->x + table->w / 2.0, oy = table->y + table->h / 2.0;
    double wx = v->cx + (sx - ox) / v->scale, wy = v->cy + (sy - oy) / v->scale;
    v->scale = ns;
    v->cx = wx - (sx - ox) / ns;
    v->cy = wy - (sy - oy) / ns;
}

float *ui_scratch(sl_ui *ui, int n)
{
    if (n > ui->scr_cap) {
        int cap = ui->scr_cap ? ui->scr_cap : 256;
        while (cap < n)
            cap *= 2;
        float *p = realloc(ui->scr, sizeof(float) * 2 * (size_t)cap);
        if (!p)
            return NULL;
        ui->scr = p;
        ui->scr_cap = cap;
    }
    return ui->scr;
}
