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

/* A button's words: "Label [key]"; where that is wider than `room`, the
 * label without its last bracket ("Fire mortar: GP [Shift+F]", not
 * "... (open sights) [Shift+F]"), which the button's tooltip gives. */
static void entry_words(sl_ui *ui, const char *label, const char *key, float room, char *buf, size_t len)
{
    snprintf(buf, len, "%s [%s]", label, key);
    const char *open = strrchr(label, '(');
    size_t ll = strlen(label);
    if (!open || open == label || label[ll - 1] != ')' || (float)text_width(&ui->text, SL_FONT_SMALL, buf) <= room)
        return;
    int keep = (int)(open - label);
    while (keep > 0 && label[keep - 1] == ' ')
        keep--;
    snprintf(buf, len, "%.*s [%s]", keep, label, key);
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
    entry_words(ui, label, key, b.w - 4 * s, buf, sizeof buf);
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
    if (u >= 0 && v->play->game.outcome.over) /* nothing acts once the game is over */
        snprintf(head, sizeof head, "%s \xE2\x80\x94 the game is over", ui_unit_name(w, v, u, name, sizeof name));
    else if (u >= 0)
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


/* The buttons' padding, gaps and height: closer with every action shown
 * (F4), so more of them fit on a page. */
static void bar_metrics(const sl_view *v, float s, float *pad, float *gap, float *bh)
{
    *pad = (v->bar_all ? 5 : 8) * s;
    *gap = (v->bar_all ? 3 : 5) * s;
    *bh = (v->bar_all ? 23 : 30) * s;
}

/* An entry's width: "Label [key]" and its padding; for the room a page's
 * last row keeps for the toggle (wide), the widest of its forms, so every
 * page keeps the same room whichever the toggle says. */
static float entry_width(sl_ui *ui, const sl_play_action *a, float pad, bool wide, float room)
{
    char buf[100];
    entry_words(ui, a->label, a->key, room - 2 * pad, buf, sizeof buf);
    float tw = (float)text_width(&ui->text, SL_FONT_SMALL, buf);
    if (wide && a->all)
        tw = fmaxf(tw, fmaxf((float)text_width(&ui->text, SL_FONT_SMALL, "More (9/9) [F4]"),
                             (float)text_width(&ui->text, SL_FONT_SMALL, "Fewer (9/9) [F4]")));
    return tw + 2 * pad;
}

/* One page of the bar: its entries from `from` on in rows across R, each
 * button's row (from 1) in its y until ui_bar_place fixes it. Folded
 * (fold): at most `limit` rows, the last keeping room for the toggle and
 * Undo; only what may be done now unless every action is asked for, and
 * then a page stops at the first entry with no room (*next, L->nact:
 * none), where the next page starts. Returns the rows taken. */
static float bar_rows(sl_ui *ui, const sl_view *v, sl_layout *L, const SDL_FRect *R, bool fold, int limit, int from,
                      int *next)
{
    float s = L->s, pad, gap, bh;
    bar_metrics(v, s, &pad, &gap, &bh);
    float left = R->x + 6 * s, right = R->x + R->w - 6 * s, x = left, rows = 1, reserve = 0;
    bool paged = fold && v->bar_all;
    *next = L->nact;
    for (int i = 0; fold && i < L->nact; i++)
        if (L->act[i].all || L->act[i].undo)
            reserve += entry_width(ui, &L->act[i], pad, paged, right - left) + gap;
    for (int i = 0; i < L->nact; i++) {
        const sl_play_action *a = &L->act[i];
        bool mine = a->all || a->undo;
        bool shown = mine || (i >= from && (!fold || v->bar_all || a->enabled) && !(paged && *next < L->nact));
        L->abtn[i] = (SDL_FRect){0, 0, 0, 0};
        if (!shown)
            continue;
        float tw = entry_width(ui, a, pad, false, right - left);
        bool last_row = fold && rows >= limit, room = true;
        if (last_row && !mine && x + tw + gap + reserve > right) {
            room = false;
        } else if (x + tw > right && x > left && !(last_row && mine)) {
            if (last_row) {
                room = false;
            } else {
                rows++;
                x = left;
                /* onto the last row: the toggle and Undo keep their room */
                room = !(fold && rows >= limit && !mine && x + tw + gap + reserve > right);
            }
        }
        if (!room) { /* its key still works */
            if (*next == L->nact)
                *next = i;
            continue;
        }
        L->abtn[i] = (SDL_FRect){x, rows, tw, bh}; /* y fixed by ui_bar_place */
        x += tw + gap;
    }
    return rows;
}

int ui_bar_pages(float (*page_rows)(void *ctx, int from, int *next), void *ctx, int nact, int *starts, int max,
                 float *most)
{
    int n = 0, next = 0;
    for (int from = 0; n < max;) {
        starts[n++] = from;
        float rows = page_rows(ctx, from, &next);
        if (most)
            *most = fmaxf(*most, rows);
        if (next >= nact || next <= from)
            break;
        from = next;
    }
    return n;
}

void ui_bar_page_label(char *out, size_t len, int page, int n)
{
    snprintf(out, len, "%s (%d/%d)", page + 1 < n ? "More" : "Fewer", page + 1, n);
}

typedef struct {
    sl_ui *ui;
    const sl_view *v;
    sl_layout *L;
    const SDL_FRect *R;
    int limit;
} bar_ctx;

static float bar_page_measure(void *ctx, int from, int *next)
{
    bar_ctx *c = ctx;
    return bar_rows(c->ui, c->v, c->L, c->R, true, c->limit, from, next);
}

/* Every action where they do not all fit in `limit` rows: in pages, the
 * toggle on each saying which ("More (1/2)", the last "Fewer (2/2)").
 * Returns the rows of the tallest page. */
static float bar_paged(sl_ui *ui, const sl_view *v, sl_layout *L, const SDL_FRect *R, int limit)
{
    sl_play_action *t = &L->act[L->nact - 2];
    int starts[SL_PLAY_MAX_ACTIONS], next = 0;
    float most = 1; /* every page as tall as the tallest: the table stays still as they turn */
    bar_ctx c = {ui, v, L, R, limit};
    int n = ui_bar_pages(bar_page_measure, &c, L->nact, starts, SL_PLAY_MAX_ACTIONS, &most);
    int page = v->bar_page < 0 ? 0 : v->bar_page < n ? v->bar_page : n - 1;
    L->bar_pages = n;
    L->bar_page = page;
    if (n > 1)
        ui_bar_page_label(t->label, sizeof t->label, page, n);
    bar_rows(ui, v, L, R, true, limit, starts[page], &next);
    return most;
}

float ui_bar_place(sl_ui *ui, const sl_view *v, sl_layout *L, SDL_FRect *R, float share)
{
    float s = L->s, pad, gap, bh;
    bar_metrics(v, s, &pad, &gap, &bh);
    /* buttons in rows across R's width; when they would take more than
     * two rows (three below 150%), only what may be done now, with a
     * button for the rest (F4), so the table stays the main area */
    int max_rows = s >= 1.5f ? 2 : 3;
    /* every action (F4): as many rows as fit in R's share, the table
     * fitted again above them; beyond, pages the toggle turns (F4), so
     * every action has its button whole in the window */
    int fit = (int)floorf((share * R->h - 18 * s - gap) / (bh + gap));
    int limit = v->bar_all && fit > max_rows ? fit : max_rows, next;
    L->bar_pages = 1;
    L->bar_page = 0;
    float rows = bar_rows(ui, v, L, R, false, limit, 0, &next);
    if (rows > (float)limit) {
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
        rows = v->bar_all ? bar_paged(ui, v, L, R, limit) : bar_rows(ui, v, L, R, true, limit, 0, &next);
    }
    float height = rows * (bh + gap) + gap + 18 * s; /* and a line naming the unit */
    L->actionbar = (SDL_FRect){R->x, R->y + R->h - height, R->w, height};
    R->h -= height;
    /* a button wider than R (on any page, with every action) is not
     * whole here */
    bool wide = false;
    for (int i = 0; i < L->nact; i++) {
        float row = L->abtn[i].y;
        wide |= (v->bar_all ? entry_width(ui, &L->act[i], pad, false, R->w - 12 * s) : L->abtn[i].w) > R->w - 12 * s;
        if (L->abtn[i].w > 0)
            L->abtn[i].y = L->actionbar.y + 18 * s + gap + (row - 1) * (bh + gap);
    }
    return wide ? INFINITY : height;
}
