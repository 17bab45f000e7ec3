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

/* A button's words (why not, when greyed) in rows wrapped, never cut:
 * above the bar, clear of the scale bar; where the bar is so tall (every
 * action at a projector's scale) that there is no room above it, beside
 * it at the button's height. */
void ui_action_tip(sl_ui *ui, const char *label, const char *key, bool enabled, const char *why, SDL_FRect b,
                   SDL_FRect r)
{
    const sl_layout *L = &ui->lay;
    float s = L->s;
    char buf[420];
    if (enabled)
        snprintf(buf, sizeof buf, "%s [%s]", label, key);
    else
        snprintf(buf, sizeof buf, "%s: not now \xE2\x80\x94 %s", label, why);
    char rows[10][UI_LINE];
    float lh = (float)text_height(&ui->text, SL_FONT_SMALL), room = L->table.w - 24 * s;
    int n = text_wrap_lines(&ui->text, SL_FONT_SMALL, buf, room, rows, 10);
    float x = 0, y = r.y - 26 * s - lh * (float)(n - 1);
    bool beside = y < 6 * s && (float)L->w - (r.x + r.w) > 200 * s;
    if (beside) {
        room = (float)L->w - (r.x + r.w) - 24 * s;
        n = text_wrap_lines(&ui->text, SL_FONT_SMALL, buf, room, rows, 10);
    }
    float tw = 0;
    for (int i = 0; i < n; i++)
        tw = fmaxf(tw, (float)text_width(&ui->text, SL_FONT_SMALL, rows[i]));
    if (beside) {
        x = r.x + r.w + 12 * s;
        y = fmaxf(6 * s, fminf(b.y, (float)L->h - lh * (float)n - 12 * s));
    } else {
        x = fmaxf(L->table.x + 6 * s, fminf(b.x, L->table.x + L->table.w - tw - 20 * s));
        float scale_top = L->table.y + L->table.h - 56 * s; /* the scale bar, bottom left, drawn over it */
        if (!L->present && x < L->table.x + 260 * s && y + lh * (float)n + 6 * s > scale_top)
            y = scale_top - lh * (float)n - 6 * s;
    }
    gfx_rect(ui->ren, x - 6 * s, y - 6 * s, tw + 12 * s, lh * (float)n + 12 * s, sl_rgba_make(10, 10, 12, 235));
    for (int i = 0; i < n; i++)
        text_draw(&ui->text, SL_FONT_SMALL, rows[i], x, y + lh * (float)i, ui_pal.text, SL_ALIGN_LEFT);
}

/* One action's button: "Label [key]" centred; the one being picked for
 * lit, a greyed one dashed so it reads without colour. The window's bar
 * and a joined window's bar draw theirs with it. */
void ui_action_button(sl_ui *ui, SDL_FRect b, const char *label, const char *key, bool enabled, bool picked, bool hover)
{
    float s = ui->lay.s;
    sl_rgba bg = picked ? ui_pal.accent : !enabled ? ui_pal.disabled : hover ? ui_pal.hover : ui_pal.raised;
    sl_rgba fg = picked ? ui_pal.black : enabled ? ui_pal.text : ui_pal.disabled_text;
    gfx_rect(ui->ren, b.x, b.y, b.w, b.h, bg);
    if (enabled) {
        gfx_rect_outline(ui->ren, b.x, b.y, b.w, b.h, 1.0f * s, picked ? ui_pal.black : ui_pal.rule);
    } else {
        float e[8] = {b.x, b.y, b.x + b.w, b.y, b.x + b.w, b.y + b.h, b.x, b.y + b.h};
        gfx_dashed(ui->ren, e, 4, true, 1.0f * s, 4 * s, 3 * s, ui_pal.rule);
    }
    char buf[100];
    snprintf(buf, sizeof buf, "%s [%s]", label, key);
    float th = (float)text_height(&ui->text, SL_FONT_SMALL);
    text_draw(&ui->text, SL_FONT_SMALL, buf, b.x + b.w / 2, b.y + (b.h - th) / 2, fg, SL_ALIGN_CENTRE);
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
    /* the bar at the foot of the presentation's strip is narrower: the
     * short form there (the help says how to select) */
    if (u < 0 && (float)text_width(&ui->text, SL_FONT_SMALL, head) > r.w - 16 * s)
        snprintf(head, sizeof head, "No unit selected (Tab)");
    char fit[200];
    text_fit(&ui->text, SL_FONT_SMALL, head, r.w - 16 * s, fit, sizeof fit);
    text_draw(&ui->text, SL_FONT_SMALL, fit, r.x + 8 * s, r.y + 3 * s, ui_pal.faint, SL_ALIGN_LEFT);
    for (int i = 0; i < L->nact; i++) {
        const sl_play_action *a = &L->act[i];
        SDL_FRect b = L->abtn[i];
        if (b.w <= 0)
            continue; /* folded away (F4 shows it); its key still works */
        /* the action being picked for, itself: not another of its kind (a
         * call for fire's other warhead), never one greyed */
        bool picked = a->enabled && v->pick.kind == a->kind && a->kind != SL_CMD_NONE && a->variant == v->pick.variant;
        ui_action_button(ui, b, a->label, a->key, a->enabled, picked, v->hover_action == i);
    }
    /* the hovered button's reason, above the bar */
    if (v->hover_action >= 0 && v->hover_action < L->nact)
        ui_action_tip(ui, L->act[v->hover_action].label, L->act[v->hover_action].key, L->act[v->hover_action].enabled,
                      L->act[v->hover_action].why, L->abtn[v->hover_action], r);
}

