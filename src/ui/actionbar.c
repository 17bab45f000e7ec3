/* The action bar under the table: every action of the unit it is for,
 * greyed and dashed when not allowed now, and the reason shown over the
 * bar for the one under the pointer. Its entries and rows are laid out
 * by layout.c before anything is drawn. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ui_internal.h"

/* What the bar's head says after the unit while its toggle is on. */
static const char *toggle_head(const sl_layout *L)
{
    for (int i = 0; i < L->nact; i++)
        if (L->act[i].toggle)
            return L->act[i].toggle_head;
    return "";
}

void play_draw_bar(sl_ui *ui, const sl_world *w, sl_view *v)
{
    const sl_layout *L = &ui->lay;
    if (!play_on(v) || !ui->opts.hud || L->actionbar.h <= 0)
        return; /* none in a lesson */
    float s = L->s;
    SDL_FRect r = L->actionbar;
    gfx_rect(ui->ren, r.x, r.y, r.w, r.h, ui_pal.panel);
    gfx_rect(ui->ren, r.x, r.y, r.w, 1.0f * s, ui_pal.rule);
    char head[200];
    int u = L->act_unit;
    int active = sl_game_active_unit(&v->play->game);
    char name[SL_NAME_LEN + 8];
    if (u >= 0)
        snprintf(head, sizeof head, "%s%s%s", ui_unit_name(w, v, u, name, sizeof name),
                 u == active ? " \xE2\x80\x94 active" : " \xE2\x80\x94 not active",
                 v->pick.toggled ? toggle_head(L) : "");
    else
        snprintf(head, sizeof head, "No unit selected: click one of yours, or Tab");
    text_draw(&ui->text, SL_FONT_SMALL, head, r.x + 8 * s, r.y + 3 * s, ui_pal.faint, SL_ALIGN_LEFT);
    for (int i = 0; i < L->nact; i++) {
        const sl_play_action *a = &L->act[i];
        SDL_FRect b = L->abtn[i];
        if (b.w <= 0)
            continue; /* folded away (F4 shows it); its key still works */
        /* the action being picked for, itself: not another of its kind (a
         * call for fire's other warhead), never one greyed */
        bool picked = a->enabled && v->pick.kind == a->kind && a->kind != SL_CMD_NONE && a->variant == v->pick.variant;
        bool hover = v->hover_action == i;
        sl_rgba bg = picked ? ui_pal.accent : !a->enabled ? ui_pal.disabled
                                        : hover     ? ui_pal.hover
                                                    : ui_pal.raised;
        sl_rgba fg = picked ? ui_pal.black : a->enabled ? ui_pal.text : ui_pal.disabled_text;
        gfx_rect(ui->ren, b.x, b.y, b.w, b.h, bg);
        if (a->enabled) {
            gfx_rect_outline(ui->ren, b.x, b.y, b.w, b.h, 1.0f * s, picked ? ui_pal.black : ui_pal.rule);
        } else {
            /* greyed, and dashed so it reads without colour */
            float e[8] = {b.x, b.y, b.x + b.w, b.y, b.x + b.w, b.y + b.h, b.x, b.y + b.h};
            gfx_dashed(ui->ren, e, 4, true, 1.0f * s, 4 * s, 3 * s, ui_pal.rule);
        }
        char buf[80];
        snprintf(buf, sizeof buf, "%s [%s]", a->label, a->key);
        float th = (float)text_height(&ui->text, SL_FONT_SMALL);
        text_draw(&ui->text, SL_FONT_SMALL, buf, b.x + b.w / 2, b.y + (b.h - th) / 2, fg, SL_ALIGN_CENTRE);
    }
    /* the hovered button's reason, above the bar */
    if (v->hover_action >= 0 && v->hover_action < L->nact) {
        const sl_play_action *a = &L->act[v->hover_action];
        char buf[320];
        if (a->enabled)
            snprintf(buf, sizeof buf, "%s [%s]", a->label, a->key);
        else
            snprintf(buf, sizeof buf, "%s: not now \xE2\x80\x94 %s", a->label, a->why);
        char fit[320];
        text_fit(&ui->text, SL_FONT_SMALL, buf, L->table.w - 24 * s, fit, sizeof fit);
        SDL_FRect b = L->abtn[v->hover_action];
        float tw = (float)text_width(&ui->text, SL_FONT_SMALL, fit);
        float x = fminf(b.x, L->table.x + L->table.w - tw - 20 * s);
        text_draw_boxed(&ui->text, SL_FONT_SMALL, fit, x, r.y - 26 * s, ui_pal.text, sl_rgba_make(10, 10, 12, 235), 6 * s,
                        SL_ALIGN_LEFT);
    }
}

