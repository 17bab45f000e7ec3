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
    const sl_game *g = &v->play->game;
    /* reactions from overwatch are asked for: the unit chosen among them */
    if (sl_game_choosing(g) == SL_CHOOSE_ACTIONS)
        for (int i = 0; i < g->pending.noptions; i++)
            if (g->pending.options[i] == v->focus_unit)
                return v->focus_unit;
    int a = sl_game_active_unit(g);
    return a >= 0 ? a : v->focus_unit;
}

static void bar_layout(sl_ui *ui, const sl_view *v)
{
    sl_layout *L = &ui->lay;
    L->nact = 0;
    L->act_unit = -1;
    if (!play_on(v) || !ui->opts.hud || v->lesson_nsteps > 0)
        return; /* a lesson plays its own commands: the caption has the room */
    float s = L->s;
    L->act_unit = bar_unit(v);
    L->nact = sl_play_actions(v->play, L->act_unit, v->pick.toggled, L->act, SL_PLAY_MAX_ACTIONS - 2);
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
    /* buttons in rows across the table's width; when they would take
     * more than two rows (three below 150%), only what may be done now,
     * with a button for the rest (F4), so the table stays the main area */
    float pad = 8 * s, gap = 5 * s, bh = 30 * s;
    float maxw = L->table.w - 12 * s;
    int max_rows = s >= 1.5f ? 2 : 3;
    float rows = 1;
    for (int pass = 0; pass < 2; pass++) {
        bool fold = pass == 1;
        if (fold) {
            /* the toggle, before Undo */
            L->act[L->nact] = L->act[L->nact - 1];
            sl_play_action *m = &L->act[L->nact - 1];
            memset(m, 0, sizeof *m);
            m->kind = SL_CMD_NONE;
            m->all = true;
            m->enabled = true;
            snprintf(m->label, sizeof m->label, "%s", v->bar_all ? "Fewer" : "All actions");
            snprintf(m->key, sizeof m->key, "F4");
            L->nact++;
        }
        float x = L->table.x + 6 * s;
        rows = 1;
        /* folded: the last row keeps room for the toggle and Undo */
        float reserve = 0;
        for (int i = 0; fold && i < L->nact; i++)
            if (L->act[i].all || L->act[i].undo) {
                char buf[80];
                snprintf(buf, sizeof buf, "%s [%s]", L->act[i].label, L->act[i].key);
                reserve += (float)text_width(&ui->text, SL_FONT_SMALL, buf) + 2 * pad + gap;
            }
        float right = L->table.x + 6 * s + maxw;
        for (int i = 0; i < L->nact; i++) {
            const sl_play_action *a = &L->act[i];
            bool shown = !fold || v->bar_all || a->enabled || a->undo || a->all;
            if (!shown) {
                L->abtn[i] = (SDL_FRect){0, 0, 0, 0};
                continue;
            }
            char buf[80];
            snprintf(buf, sizeof buf, "%s [%s]", a->label, a->key);
            float tw = (float)text_width(&ui->text, SL_FONT_SMALL, buf) + 2 * pad;
            bool last_row = fold && !v->bar_all && rows >= max_rows;
            bool mine = a->all || a->undo;
            if (last_row && !mine && x + tw + gap + reserve > right) {
                L->abtn[i] = (SDL_FRect){0, 0, 0, 0}; /* no room: its key still works */
                continue;
            }
            if (x + tw > right && x > L->table.x + 6 * s && !(last_row && mine)) {
                if (fold && !v->bar_all && rows >= max_rows) {
                    L->abtn[i] = (SDL_FRect){0, 0, 0, 0}; /* no room: its key still works */
                    continue;
                }
                rows++;
                x = L->table.x + 6 * s;
            }
            L->abtn[i] = (SDL_FRect){x, rows, tw, bh}; /* y fixed below */
            x += tw + gap;
        }
        if (rows <= max_rows)
            break;
    }
    float height = rows * (bh + gap) + gap + 18 * s; /* and a line naming the unit */
    L->actionbar = (SDL_FRect){L->table.x, L->table.y + L->table.h - height, L->table.w, height};
    L->table.h -= height;
    for (int i = 0; i < L->nact; i++) {
        float row = L->abtn[i].y;
        if (L->abtn[i].w > 0)
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
    /* the side panel: wider on a wide window, narrower at projector
     * scale (where the table must stay the main area), none with F3 */
    float pw = floorf(380 * s);
    if (w > 1800 && s < 1.5f)
        pw = floorf(fminf(w * 0.27f, 520 * s));
    if (pw > w * (s >= 1.5f ? 0.34f : 0.45f))
        pw = floorf(w * (s >= 1.5f ? 0.34f : 0.45f));
    if (v->hide_panel)
        pw = 0;
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
    /* a lesson's caption: a strip of its own under the table, so it never
     * hides what the step shows */
    float ch = play_lesson_height(ui, v, out->table.w, out->table.h);
    if (ch > 0) {
        out->table.h -= ch;
        out->caption = (SDL_FRect){out->table.x, out->table.y + out->table.h, out->table.w, ch};
    }
}

