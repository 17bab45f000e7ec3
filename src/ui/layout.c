/* The frame's layout, worked out before anything is drawn: toolbar,
 * table, side panel, status bar and, in a game, the action bar with its
 * entries (the drawing files only read it). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ui_internal.h"

/* The unit the action bar is for: the active one, else the one in focus. */
static int bar_unit(const sl_view *v)
{
    int a = sl_game_active_unit(&v->play->game);
    return a >= 0 ? a : v->focus_unit;
}

static void bar_layout(sl_ui *ui, const sl_view *v)
{
    sl_layout *L = &ui->lay;
    L->nact = 0;
    L->act_unit = -1;
    if (!play_on(v) || !ui->opts.hud)
        return;
    float s = L->s;
    L->act_unit = bar_unit(v);
    L->nact = sl_play_actions(v->play, L->act_unit, v->pick.leader_mode, L->act, SL_PLAY_MAX_ACTIONS - 1);
    /* undo, at the end */
    sl_play_action *u = &L->act[L->nact++];
    memset(u, 0, sizeof *u);
    u->kind = SL_CMD_NONE;
    u->undo = true;
    snprintf(u->label, sizeof u->label, "Undo");
    snprintf(u->key, sizeof u->key, "Ctrl+Z");
    u->enabled = v->play->game.ncommands > 0;
    if (!u->enabled)
        snprintf(u->why, sizeof u->why, "nothing has been done yet");
    /* buttons in rows across the table's width */
    float pad = 8 * s, gap = 5 * s, bh = 30 * s;
    float x = L->table.x + 6 * s, rows = 1;
    float maxw = L->table.w - 12 * s;
    for (int i = 0; i < L->nact; i++) {
        char buf[80];
        snprintf(buf, sizeof buf, "%s [%s]", L->act[i].label, L->act[i].key);
        float tw = (float)text_width(&ui->text, SL_FONT_SMALL, buf) + 2 * pad;
        if (x + tw > L->table.x + 6 * s + maxw && i > 0) {
            rows++;
            x = L->table.x + 6 * s;
        }
        L->abtn[i] = (SDL_FRect){x, rows, tw, bh}; /* y fixed below */
        x += tw + gap;
    }
    float height = rows * (bh + gap) + gap + 18 * s; /* and a line naming the unit */
    L->actionbar = (SDL_FRect){L->table.x, L->table.y + L->table.h - height, L->table.w, height};
    L->table.h -= height;
    for (int i = 0; i < L->nact; i++) {
        float row = L->abtn[i].y;
        L->abtn[i].y = L->actionbar.y + 18 * s + gap + (row - 1) * (bh + gap);
    }
}

void ui_layout(sl_ui *ui, const sl_view *v, int w, int h, sl_layout *out)
{
    memset(out, 0, sizeof *out);
    float s = ui_scale(v);
    out->s = s;
    out->w = w;
    out->h = h;
    if (!ui->opts.hud) {
        out->table = (SDL_FRect){0, 0, (float)w, (float)h};
        return;
    }
    float tb = floorf(44 * s), st = floorf(34 * s);
    float pw = floorf(380 * s);
    if (pw > w * 0.45f)
        pw = floorf(w * 0.45f);
    out->toolbar = (SDL_FRect){0, 0, (float)w, tb};
    out->status = (SDL_FRect){0, h - st, (float)w, st};
    out->panel = (SDL_FRect){w - pw, tb, pw, h - tb - st};
    out->table = (SDL_FRect){0, tb, w - pw, h - tb - st};
    float pad = 10 * s, gap = 6 * s;
    /* full labels when they fit, else just the keys */
    for (int pass = 0; pass < 2; pass++) {
        out->compact = pass == 1;
        float x = 8 * s;
        for (int b = 0; b < SL_BTN_COUNT; b++) {
            float tw = (float)text_width(&ui->text, SL_FONT_NORMAL, hud_button_label((sl_button_id)b, out->compact));
            out->buttons[b] = (SDL_FRect){x, 6 * s, tw + 2 * pad, tb - 12 * s};
            x += tw + 2 * pad + gap;
        }
        if (x <= w)
            break;
    }
    bar_layout(ui, v);
}

