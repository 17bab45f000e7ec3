/* The window on a host's game: the action bar and the decision card, from
 * what the host offers this side (protocol 3's `actions` and `decision`).
 * A button or its key gives the action's command; one that picks a unit
 * or a point waits for the click that fills it in; a decision's answer
 * goes by its key. The window decides nothing: the host refuses what the
 * rules do not allow, with the reason. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "remote_internal.h"

/* Is it one of the unit's own actions (its command names it), not the
 * turn's offered to every unit (end the activation, pass, done for the
 * turn)? */
static bool own_action(const sl_net_actions *s, const sl_net_action *a)
{
    const char *id = s->unit[a->unit];
    size_t n = strlen(id);
    for (const char *c = strstr(a->cmd, id); n && c; c = strstr(c + 1, id))
        if ((c == a->cmd || c[-1] == ' ') && (c[n] == '\0' || c[n] == ' '))
            return true;
    return false;
}

int sl_remote_bar_unit(const sl_net_actions *a, int selected)
{
    if (a->nunits == 0)
        return -1;
    if (selected >= 0 && selected < a->nunits)
        return selected;
    /* the first that may still do something of its own (not a unit that
     * has acted, offered only the turn's "Done for the turn"), else the
     * first offered anything */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < a->nact; i++)
            if (a->act[i].enabled && a->act[i].unit >= 0 && a->act[i].unit < a->nunits &&
                (pass || own_action(a, &a->act[i])))
                return a->act[i].unit;
    return 0;
}

/* The unit the bar is for, as an index into the host's units
 * (sl_remote_bar_unit): the selected one when the host offered it
 * actions, else the one acting or the first that may still act; -1 none. */
static int bar_unit(const remote *r)
{
    if (!r->have_acts || r->seat.watch || r->acts.nunits == 0)
        return -1;
    int sel = -1;
    for (int u = 0; u < r->view.nunits && u < r->world.scn.nunits && sel < 0; u++)
        if (r->view.selected[u])
            for (int i = 0; i < r->acts.nunits; i++)
                if (strcmp(r->acts.unit[i], r->world.scn.units[u].id) == 0)
                    sel = i;
    return sl_remote_bar_unit(&r->acts, sel);
}

static const char *unit_name(const remote *r, const char *id)
{
    for (int u = 0; u < r->world.scn.nunits; u++)
        if (strcmp(r->world.scn.units[u].id, id) == 0)
            return r->world.scn.units[u].name;
    return id;
}

/* The bar's rows, as the main window's: at most two (three below 150%)
 * so the table stays the main area. */
static int bar_limit(const remote *r)
{
    int most = r->ui->lay.s >= 1.5f ? 2 : 3;
    return r->bar_room > 0 && r->bar_room < most ? r->bar_room : most;
}

static float button_width(remote *r, const char *label, const char *key)
{
    char buf[100];
    snprintf(buf, sizeof buf, "%s [%s]", label, key);
    return (float)text_width(&r->ui->text, SL_FONT_SMALL, buf) + 16 * r->ui->lay.s;
}

/* The toggle's widest words, so that every page keeps the same room. */
static float toggle_width(remote *r)
{
    return fmaxf(button_width(r, "All actions", "F4"), button_width(r, "Fewer (9/9)", "F4"));
}

/* One page of the bar: the unit's actions from `from` on (every one with
 * `all`, else those allowed now) in rows from (x, y) within w, at most
 * `limit` rows (0: any), the last keeping `reserve` for the toggle; put
 * into r->btn when `put`. *next: the first left out (nact: none). The
 * rows taken. */
static int bar_page_rows(remote *r, int u, bool all, int from, int limit, float reserve, float x, float y,
                         float w, bool put, int *next)
{
    float s = r->ui->lay.s, gap = 4 * s, bh = (float)text_height(&r->ui->text, SL_FONT_SMALL) + 8 * s;
    float left = x + 6 * s, right = x + w - 6 * s, bx = left;
    int rows = 1;
    *next = r->acts.nact;
    for (int i = from; i < r->acts.nact; i++) {
        const sl_net_action *a = &r->acts.act[i];
        if (a->unit != u || (!all && !a->enabled))
            continue;
        float bw = button_width(r, a->label, a->key);
        if (bx + bw > right && bx > left) {
            if (limit && rows >= limit) {
                *next = i;
                break;
            }
            rows++;
            bx = left;
        }
        /* the last row keeps the toggle's room (a button alone on it goes in all the same) */
        if (limit && rows >= limit && reserve > 0 && bx > left && bx + bw + gap + reserve > right) {
            *next = i;
            break;
        }
        if (put && r->nbtn < REMOTE_BUTTONS - 1) {
            r->btn[r->nbtn] = (SDL_FRect){bx, y + (float)(rows - 1) * (bh + gap), bw, bh};
            r->btn_act[r->nbtn++] = i;
        }
        bx += bw + gap;
    }
    if (put && reserve > 0) { /* the toggle, after the page's last button */
        if (bx + reserve > right && bx > left) {
            rows++;
            bx = left;
        }
        r->btn[r->nbtn] = (SDL_FRect){bx, y + (float)(rows - 1) * (bh + gap), reserve, bh};
        r->btn_act[r->nbtn++] = -1;
    }
    return rows;
}

typedef struct {
    remote *r;
    int u, limit;
    float reserve, x, top, w;
} page_ctx;

/* One page measured, not placed: for ui_bar_pages. */
static float page_measure(void *ctx, int from, int *next)
{
    page_ctx *c = ctx;
    return (float)bar_page_rows(c->r, c->u, true, from, c->limit, c->reserve, c->x, c->top, c->w, false, next);
}

/* The page of every action shown: the one asked for, or the last. */
static int shown_page(const remote *r)
{
    return r->bar_page < 0 ? 0 : r->bar_page < r->bar_pages ? r->bar_page : r->bar_pages - 1;
}

/* The buttons laid out from (x, y) in rows within w: the bar's height.
 * Every action in at most the bar's rows; else, as the main window's bar,
 * only what may be done now and the toggle (F4), which shows every action
 * in pages of those rows. */
static float layout_bar(remote *r, float x, float y, float w)
{
    sl_ui *ui = r->ui;
    float s = ui->lay.s, gap = 4 * s, bh = (float)text_height(&ui->text, SL_FONT_SMALL) + 8 * s;
    int u = bar_unit(r), limit = bar_limit(r), next;
    r->nbtn = 0;
    r->bar_pages = 0;
    if (u < 0)
        return 0;
    float head = (float)text_height(&ui->text, SL_FONT_SMALL) + 4 * s, top = y + head + gap;
    int rows = bar_page_rows(r, u, true, 0, 0, 0, x, top, w, false, &next);
    if (rows <= limit) {
        rows = bar_page_rows(r, u, true, 0, 0, 0, x, top, w, true, &next);
        return top + (float)rows * (bh + gap) - y;
    }
    float reserve = toggle_width(r);
    if (!r->bar_all) {
        rows = bar_page_rows(r, u, false, 0, limit, reserve, x, top, w, true, &next);
        return top + (float)rows * (bh + gap) - y;
    }
    int starts[REMOTE_BUTTONS];
    page_ctx c = {r, u, limit, reserve, x, top, w};
    int n = ui_bar_pages(page_measure, &c, r->acts.nact, starts, REMOTE_BUTTONS, NULL);
    r->bar_pages = n; /* the page asked for kept as asked: a frame's first layouts may have fewer */
    bar_page_rows(r, u, true, starts[shown_page(r)], limit, reserve, x, top, w, true, &next);
    return top + (float)limit * (bh + gap) - y; /* every page as tall: the table stays still as they turn */
}

/* The toggle's words: what F4 does next. */
static void toggle_label(const remote *r, char *out, size_t len)
{
    if (!r->bar_all)
        snprintf(out, len, "All actions");
    else if (r->bar_pages > 1)
        ui_bar_page_label(out, len, shown_page(r), r->bar_pages);
    else
        snprintf(out, len, "Fewer");
}

/* F4 or the toggle: every action, its next page, then back to what may
 * be done now. */
static void bar_toggle(remote *r)
{
    sl_view *v = &r->view;
    bool folds = false;
    for (int i = 0; i < r->nbtn; i++)
        folds |= r->btn_act[i] < 0;
    if (!folds) {
        snprintf(v->status, sizeof v->status, "The action bar shows every action the host offers the unit");
        return;
    }
    if (!r->bar_all) {
        r->bar_all = true;
        r->bar_page = 0;
    } else if (shown_page(r) + 1 < r->bar_pages)
        r->bar_page = shown_page(r) + 1;
    else {
        r->bar_all = false;
        r->bar_page = 0;
    }
    if (!r->bar_all)
        snprintf(v->status, sizeof v->status, "The action bar shows what may be done now (F4: every action)");
    else
        snprintf(v->status, sizeof v->status, "The action bar shows every action%s (F4: %s)",
                 r->bar_page > 0 ? ", next page" : "",
                 r->bar_page + 1 < r->bar_pages ? "the next page" : "only what may be done now");
}

float remote_bar_height(remote *r)
{
    return layout_bar(r, r->ui->lay.table.x, 0, r->ui->lay.table.w);
}

void remote_draw_bar(remote *r, float y)
{
    sl_ui *ui = r->ui;
    const SDL_FRect *T = &ui->lay.table;
    float s = ui->lay.s;
    float h = layout_bar(r, T->x, y, T->w);
    r->bar = (SDL_FRect){T->x, y, T->w, h};
    if (h <= 0)
        return;
    gfx_rect(ui->ren, T->x, y, T->w, h, ui_pal.panel);
    gfx_rect(ui->ren, T->x, y, T->w, 1.0f * s, ui_pal.rule);
    int u = bar_unit(r);
    char head[300];
    snprintf(head, sizeof head, "%s \xE2\x80\x94 what the host offers it now%s", unit_name(r, r->acts.unit[u]),
             r->pick_cmd[0] ? "  |  picking: click on the table (Esc: never mind)" : "");
    text_draw(&ui->text, SL_FONT_SMALL, head, T->x + 8 * s, y + 3 * s, ui_pal.faint, SL_ALIGN_LEFT);
    char toggle[40];
    toggle_label(r, toggle, sizeof toggle);
    for (int i = 0; i < r->nbtn; i++) {
        SDL_FRect b = r->btn[i];
        if (r->btn_act[i] < 0) {
            ui_action_button(ui, b, toggle, "F4", true, false, i == r->hover_btn);
            continue;
        }
        const sl_net_action *a = &r->acts.act[r->btn_act[i]];
        bool picked = r->pick_cmd[0] && strcmp(r->pick_cmd, a->cmd) == 0;
        ui_action_button(ui, b, a->label, a->key, a->enabled, picked, i == r->hover_btn);
    }
    if (r->hover_btn >= 0 && r->hover_btn < r->nbtn && r->btn_act[r->hover_btn] >= 0) { /* the main bar's tooltip, wrapped whole */
        const sl_net_action *a = &r->acts.act[r->btn_act[r->hover_btn]];
        ui_action_tip(ui, a->label, a->key, a->enabled, a->why, r->btn[r->hover_btn], r->bar);
    }
}

static const char *side_name(const remote *r, const char *id)
{
    for (int i = 0; i < r->world.scn.nsides; i++)
        if (strcmp(r->world.scn.sides[i].id, id) == 0)
            return r->world.scn.sides[i].name;
    return id;
}

/* The card: the decision's title, its lines, and the answers by key
 * (or whom it waits for), at the table's top right. */
typedef struct card_rows {
    char rows[40][UI_LINE];
    sl_font font[40];
    int n;
    float w, h;
    bool mine;
} card_rows;

static void add_wrapped(remote *r, card_rows *c, sl_font f, const char *text, int max)
{
    float pad = 8 * r->ui->lay.s;
    int k = text_wrap_lines(&r->ui->text, f, text, c->w - 2 * pad, c->rows + c->n, max - c->n);
    for (int j = 0; j < k; j++)
        c->font[c->n + j] = f;
    c->n += k;
}

/* Is a rule's list being picked, its answer come? */
static bool list_shown(const remote *r)
{
    return r->list_on && r->list.listed;
}

/* The list's card, as the main window's: its title, head, each item by
 * its number, the toggles' lines, what Enter gives. */
static void list_layout(remote *r, card_rows *c)
{
    const sl_net_list *l = &r->list;
    add_wrapped(r, c, SL_FONT_BOLD, l->title, 3);
    add_wrapped(r, c, SL_FONT_SMALL, l->head, 8);
    for (int i = 0; i < l->nitems && i < 9; i++) {
        char line[SL_NET_LIST_TEXT + 16];
        snprintf(line, sizeof line, "[%d] %s", i + 1, l->items[i].line);
        add_wrapped(r, c, l->items[i].chosen ? SL_FONT_NORMAL : SL_FONT_SMALL, line, 30);
    }
    for (int t = 0; t < l->ntoggles; t++)
        add_wrapped(r, c, SL_FONT_SMALL, l->toggles_of[t].line, 34);
    add_wrapped(r, c, SL_FONT_NORMAL, l->foot, 40);
}

/* The card's rows at width w. */
static void card_rows_at(remote *r, card_rows *c, float w)
{
    const sl_net_decision *d = &r->dec;
    sl_ui *ui = r->ui;
    float s = ui->lay.s, pad = 8 * s;
    c->n = 0;
    c->w = w;
    if (list_shown(r)) {
        c->mine = true;
        list_layout(r, c);
        c->h = 2 * pad;
        for (int i = 0; i < c->n; i++)
            c->h += (float)text_height(&ui->text, c->font[i]) * 1.1f;
        return;
    }
    c->mine = !r->seat.watch && strcmp(d->side, r->seat.side) == 0;
    char title[SL_DECISION_LINE + 160];
    if (d->title[0])
        snprintf(title, sizeof title, "%s", d->title);
    else
        snprintf(title, sizeof title, "%s %s", side_name(r, d->side), d->duty[0] ? d->duty : "to decide");
    add_wrapped(r, c, SL_FONT_BOLD, title, 3);
    for (int i = 0; i < d->nlines && c->n < 30; i++)
        add_wrapped(r, c, SL_FONT_SMALL, d->lines[i], 30);
    if (c->mine && !d->nlines && !d->nanswers)
        add_wrapped(r, c, SL_FONT_SMALL,
                    "Give it with the bar, or type its commands after ':' (a click puts in a unit or a point)", 40);
    for (int i = 0; i < d->nanswers && c->n < 40; i++) {
        /* an answer the lines already give by its key ("[1] New Anglian
         * Confederation") is not said twice; the command it sends is the
         * script's, for the ':' line, never the card */
        char tag[8];
        snprintf(tag, sizeof tag, "[%c]", d->answers[i].key);
        bool said = false;
        for (int k = 0; k < d->nlines && !said; k++)
            said = strncmp(d->lines[k], tag, strlen(tag)) == 0;
        if (said)
            continue;
        snprintf(c->rows[c->n], UI_LINE, "[%c] %s", d->answers[i].key, d->answers[i].word);
        c->font[c->n++] = SL_FONT_NORMAL;
    }
    if (!c->mine) {
        char up[64], wait[120];
        snprintf(up, sizeof up, "%s", d->side);
        for (char *q = up; *q; q++)
            *q = (char)toupper((unsigned char)*q);
        snprintf(wait, sizeof wait, "Waiting for %s's player to decide", up);
        add_wrapped(r, c, SL_FONT_NORMAL, wait, 40);
    }
    c->h = 2 * pad;
    for (int i = 0; i < c->n; i++)
        c->h += (float)text_height(&ui->text, c->font[i]) * 1.1f;
}

/* The card's rows: at 0.4 of the table's width beside the panel (460
 * at most), wider when that is too tall for `room` (a long list over a
 * bar of many rows in a small window), the panel keeping a third of the
 * strip at least. */
static void card_layout(remote *r, card_rows *c, float room)
{
    float s = r->ui->lay.s, tw = r->ui->lay.table.w;
    float w = fminf(460 * s, tw * 0.4f);
    float widest = fmaxf(w, tw - 24 * s - fmaxf(tw / 3, 200 * s));
    card_rows_at(r, c, w);
    while (c->h > room && w < widest) {
        w = fminf(w + 40 * s, widest);
        card_rows_at(r, c, w);
    }
}

/* The most height the card may have in the strip under the bar: the
 * table gives way down to a quarter of its height (layout.c), as the last
 * frame laid it out (no limit before the first). */
static float card_room(remote *r)
{
    const sl_layout *L = &r->ui->lay;
    if (L->panel.h <= 0)
        return 1e9f;
    float bottom = L->status.h > 0 ? L->status.y : (float)L->h;
    return bottom - (L->table.y + 0.25f * L->panel.h) - remote_bar_height(r) - 4 * L->s;
}

float remote_decision_width(remote *r, float *height)
{
    static card_rows c;
    *height = 0;
    if ((!r->dec.pending && !list_shown(r)) || r->ui->lay.s <= 0)
        return 0;
    card_layout(r, &c, card_room(r));
    *height = c.h;
    return c.w;
}

/* The card in the strip under the table, beside the panel (the table is
 * never covered): its title, lines, and answers by key, or whom it waits for. */
void remote_draw_decision(remote *r, float top, float bottom)
{
    if (!r->dec.pending && !list_shown(r))
        return;
    static card_rows c;
    sl_ui *ui = r->ui;
    const SDL_FRect *T = &ui->lay.table;
    float s = ui->lay.s, pad = 8 * s;
    card_layout(r, &c, bottom - top - 4 * s);
    float w = c.w, h = fminf(c.h, bottom - top - 4 * s);
    float x = T->x + T->w - w - 8 * s, y = top + 4 * s;
    sl_rgba bg = ui_pal.panel;
    bg.a = 240;
    gfx_rect(ui->ren, x, y, w, h, bg);
    gfx_rect_outline(ui->ren, x, y, w, h, 2.0f * s, c.mine ? ui_pal.accent : ui_pal.rule);
    float ty = y + pad;
    for (int i = 0; i < c.n && ty + (float)text_height(&ui->text, c.font[i]) <= y + h; i++) {
        char fit[UI_LINE];
        text_fit(&ui->text, c.font[i], c.rows[i], w - 2 * pad, fit, sizeof fit);
        sl_rgba col = c.font[i] == SL_FONT_NORMAL ? (c.mine ? ui_pal.yellow : ui_pal.accent) : ui_pal.text;
        text_draw(&ui->text, c.font[i], fit, x + pad, ty, col, SL_ALIGN_LEFT);
        ty += (float)text_height(&ui->text, c.font[i]) * 1.1f;
    }
}

/* The template with its blank filled: false when it has none. */
static bool fill(const char *tmpl, const char *blank, const char *with, char *out, size_t len)
{
    const char *at = strstr(tmpl, blank);
    if (!at)
        return false;
    snprintf(out, len, "%.*s%s%s", (int)(at - tmpl), tmpl, with, at + strlen(blank));
    return true;
}

static void pick_done(remote *r)
{
    r->pick_cmd[0] = r->pick_what[0] = r->pick_pts[0] = '\0';
    r->pick_npts = 0;
}

/* The list for the choices so far, asked of the host. */
static void list_ask(remote *r)
{
    char ask[160];
    int n = snprintf(ask, sizeof ask, "%s %s %u %u", r->list_unit, r->list_key, r->list_chosen, r->list_toggles);
    r->list_waiting = n > 0 && (size_t)n < sizeof ask && r->link->send(r->link->ctx, "list", ask, (size_t)n);
}

static void list_start(remote *r, const sl_net_action *a)
{
    r->list_on = true;
    r->list.listed = false;
    snprintf(r->list_unit, sizeof r->list_unit, "%s", r->acts.unit[a->unit]);
    snprintf(r->list_key, sizeof r->list_key, "%s", a->key);
    r->list_chosen = r->list_toggles = 0;
    list_ask(r);
    snprintf(r->view.status, sizeof r->view.status, "%s: the host is asked for its list (Esc: never mind)", a->label);
}

void remote_list_take(remote *r, const sl_net_msg *m)
{
    char err[300];
    sl_net_list *l = malloc(sizeof *l);
    r->list_waiting = false;
    if (!l || !sl_net_list_parse(m->payload, m->len, l, err, sizeof err)) {
        snprintf(r->view.status, sizeof r->view.status, "The host's list could not be read: %s", l ? err : "no memory");
        r->list_on = false;
    } else if (r->list_on && strcmp(l->unit, r->list_unit) == 0 && strcmp(l->key, r->list_key) == 0) {
        bool first = !r->list.listed;
        r->list = *l;
        r->list_on = l->listed;
        if (!l->listed)
            snprintf(r->view.status, sizeof r->view.status, "The host offers no list for it now: nothing was sent");
        else if (first)
            snprintf(r->view.status, sizeof r->view.status, "%s", l->start);
    }
    free(l);
}

/* A key while a list is picked, as the main window's: a number chooses
 * its item (one that may not be, says why), a toggle's key turns it,
 * Enter gives the command the host made of the choices, Esc cancels. */
static bool list_key(remote *r, SDL_Keycode k)
{
    sl_view *v = &r->view;
    const sl_net_list *l = &r->list;
    if (k == SDLK_ESCAPE) {
        r->list_on = false;
        snprintf(v->status, sizeof v->status, "Never mind: nothing was sent");
        return true;
    }
    if (k == SDLK_RETURN || k == SDLK_KP_ENTER) {
        if (r->list_waiting || !l->listed || l->chosen != r->list_chosen || l->toggles != r->list_toggles)
            snprintf(v->status, sizeof v->status, "Waiting for the host's list: Enter again when it has come");
        else {
            r->list_on = false;
            remote_send_line(r, "cmd", l->cmd);
        }
        return true;
    }
    int i = k >= SDLK_1 && k <= SDLK_9 ? (int)(k - SDLK_1) : k >= SDLK_KP_1 && k <= SDLK_KP_9 ? (int)(k - SDLK_KP_1) : -2;
    if (k == SDLK_0 || k == SDLK_KP_0)
        i = -1;
    if (i >= -1 && !l->listed)
        return true;
    if (i >= -1) {
        const sl_net_list_item *it = i >= 0 && i < l->nitems ? &l->items[i] : NULL;
        if (!it)
            snprintf(v->status, sizeof v->status, "%s", l->range);
        else if (r->list_chosen & (1u << i)) {
            r->list_chosen &= ~(1u << i);
            snprintf(v->status, sizeof v->status, "%s", it->said_off);
        } else if (!it->ok)
            snprintf(v->status, sizeof v->status, "%s", it->said_on);
        else {
            r->list_chosen |= 1u << i;
            snprintf(v->status, sizeof v->status, "%s", it->said_on);
        }
        list_ask(r);
        return true;
    }
    for (int t = 0; t < l->ntoggles && k > 0 && k < 128; t++)
        if (tolower((unsigned char)l->toggles_of[t].key) == (int)k) {
            r->list_toggles ^= 1u << t;
            snprintf(v->status, sizeof v->status, "%s",
                     r->list_toggles & (1u << t) ? l->toggles_of[t].said_on : l->toggles_of[t].said_off);
            list_ask(r);
            return true;
        }
    return false;
}

/* An action chosen by its button or key. */
static void do_action(remote *r, const sl_net_action *a)
{
    sl_view *v = &r->view;
    pick_done(r);
    r->list_on = false;
    if (a->enabled && strcmp(a->pick, "list") == 0)
        list_start(r, a);
    else if (!a->enabled)
        snprintf(v->status, sizeof v->status, "%s: not now \xE2\x80\x94 %s", a->label, a->why);
    else if (!a->cmd[0]) {
        r->typing = REMOTE_COMMAND; /* the host gave no command to fill: the player types it */
        r->line[0] = '\0';
        snprintf(v->status, sizeof v->status, "%s: type its command (a click puts in a unit or a point)", a->label);
    } else if (!strstr(a->cmd, "{T}") && !strstr(a->cmd, "{P}") && !strstr(a->cmd, "{F}"))
        remote_send_line(r, "cmd", a->cmd);
    else {
        snprintf(r->pick_cmd, sizeof r->pick_cmd, "%s", a->cmd);
        snprintf(r->pick_what, sizeof r->pick_what, "%s", a->pick);
        snprintf(v->status, sizeof v->status, "%s: click %s (Esc: never mind)", a->label,
                 strcmp(a->pick, "enemy") == 0     ? "the enemy unit"
                 : strcmp(a->pick, "unit") == 0    ? "the unit"
                 : strcmp(a->pick, "way") == 0     ? "the way, point by point; Enter gives it"
                 : strcmp(a->pick, "figures") == 0 ? "the men, one by one (again: not him); Enter gives it"
                                                   : "the point");
    }
}

/* A man clicked for a figures pick: in, or out when he was in. */
static void pick_man(remote *r, int f)
{
    sl_view *v = &r->view;
    const sl_figure *fg = &r->world.scn.figures[f];
    int b = bar_unit(r);
    if (b < 0)
        return;
    if (strcmp(r->world.scn.units[fg->unit].id, r->acts.unit[b]) != 0) {
        snprintf(v->status, sizeof v->status, "Click one of %s's men (Esc: never mind)", unit_name(r, r->acts.unit[b]));
        return;
    }
    char was[sizeof r->pick_pts], *p = r->pick_pts;
    snprintf(was, sizeof was, "%s", r->pick_pts);
    size_t il = strlen(fg->id);
    bool out = false;
    r->pick_pts[0] = '\0';
    r->pick_npts = 0;
    for (char *w = strtok(was, " "); w; w = strtok(NULL, " ")) {
        if (strlen(w) == il && strcmp(w, fg->id) == 0) {
            out = true;
            continue;
        }
        snprintf(p + strlen(p), sizeof r->pick_pts - strlen(p), "%s%s", p[0] ? " " : "", w);
        r->pick_npts++;
    }
    if (!out) {
        snprintf(p + strlen(p), sizeof r->pick_pts - strlen(p), "%s%s", p[0] ? " " : "", fg->id);
        r->pick_npts++;
    }
    snprintf(v->status, sizeof v->status, "%d %s picked  (click more; Enter gives it, Esc drops it)", r->pick_npts,
             r->pick_npts == 1 ? "man" : "men");
}

/* A click on the table while an action waits for its pick. */
static void pick_click(remote *r)
{
    sl_view *v = &r->view;
    char cmd[SL_CMD_TEXT + 700], word[80];
    bool unit = strstr(r->pick_cmd, "{T}") != NULL;
    if (strstr(r->pick_cmd, "{F}")) {
        if (v->hover_figure < 0 || v->hover_figure >= r->world.scn.nfigures)
            snprintf(v->status, sizeof v->status, "Click on a man (Esc: never mind)");
        else
            pick_man(r, v->hover_figure);
        return;
    }
    if (unit) {
        int f = v->hover_figure;
        if (f < 0 || f >= r->world.scn.nfigures) {
            snprintf(v->status, sizeof v->status, "Click on a unit (Esc: never mind)");
            return;
        }
        const sl_unit *un = &r->world.scn.units[r->world.scn.figures[f].unit];
        const char *own = un->side >= 0 && un->side < r->world.scn.nsides ? r->world.scn.sides[un->side].id : "";
        if (strcmp(r->pick_what, "enemy") == 0 && strcmp(own, r->seat.side) == 0) {
            snprintf(v->status, sizeof v->status, "%s is your own: click an enemy unit (Esc: never mind)", un->name);
            return;
        }
        fill(r->pick_cmd, "{T}", un->id, cmd, sizeof cmd);
    } else {
        snprintf(word, sizeof word, "%.1f,%.1f", v->cursor.x / 1000.0, v->cursor.y / 1000.0);
        if (strcmp(r->pick_what, "way") == 0) {
            if (r->pick_npts == REMOTE_WAY) {
                snprintf(v->status, sizeof v->status, "A way has at most %d points: Enter gives it", REMOTE_WAY);
                return;
            }
            size_t l = strlen(r->pick_pts);
            snprintf(r->pick_pts + l, sizeof r->pick_pts - l, "%s%s", l ? " " : "", word);
            r->pick_xy[r->pick_npts++] = v->cursor;
            snprintf(v->status, sizeof v->status, "The way: %s  (click more points; Enter gives it, Esc drops it)",
                     r->pick_pts);
            return;
        }
        fill(r->pick_cmd, "{P}", word, cmd, sizeof cmd);
    }
    remote_send_line(r, "cmd", cmd);
    pick_done(r);
}

/* The key as the bar names it ("F", "Shift+F"). */
static void key_name(const SDL_Event *e, char *out, size_t len)
{
    SDL_Keycode k = e->key.keysym.sym;
    const char *name = SDL_GetKeyName(k);
    bool shift = (e->key.keysym.mod & KMOD_SHIFT) != 0;
    snprintf(out, len, "%s%s", shift ? "Shift+" : "", name);
}

static bool key_event(remote *r, const SDL_Event *e)
{
    SDL_Keycode k = e->key.keysym.sym;
    if (r->list_on && !(e->key.keysym.mod & (KMOD_CTRL | KMOD_ALT)) && list_key(r, k))
        return true;
    if (r->pick_cmd[0] && k == SDLK_ESCAPE) {
        pick_done(r);
        snprintf(r->view.status, sizeof r->view.status, "Never mind: nothing was sent");
        return true;
    }
    if (r->pick_cmd[0] && (k == SDLK_RETURN || k == SDLK_KP_ENTER) && r->pick_npts > 0) {
        char cmd[SL_CMD_TEXT + 700];
        if (fill(r->pick_cmd, "{P}", r->pick_pts, cmd, sizeof cmd) || fill(r->pick_cmd, "{F}", r->pick_pts, cmd, sizeof cmd))
            remote_send_line(r, "cmd", cmd);
        pick_done(r);
        return true;
    }
    if (e->key.keysym.mod & (KMOD_CTRL | KMOD_ALT) || r->view.show_help || r->view.error_title[0])
        return false;
    if (k == SDLK_F4 && bar_unit(r) >= 0) {
        bar_toggle(r);
        return true;
    }
    /* a decision's answer by its key, when it is this side's to give */
    const sl_net_decision *d = &r->dec;
    if (d->pending && !r->seat.watch && strcmp(d->side, r->seat.side) == 0 && k > 0 && k < 128)
        for (int i = 0; i < d->nanswers; i++)
            if (tolower((unsigned char)d->answers[i].key) == (int)k && !(e->key.keysym.mod & KMOD_SHIFT)) {
                remote_send_line(r, "cmd", d->answers[i].cmd);
                return true;
            }
    char name[64];
    key_name(e, name, sizeof name);
    int u = bar_unit(r);
    for (int i = 0; u >= 0 && i < r->acts.nact; i++)
        if (r->acts.act[i].unit == u && strcasecmp(r->acts.act[i].key, name) == 0) {
            do_action(r, &r->acts.act[i]);
            return true;
        }
    return false;
}

static int button_at(const remote *r, float x, float y)
{
    for (int i = 0; i < r->nbtn; i++)
        if (x >= r->btn[i].x && x < r->btn[i].x + r->btn[i].w && y >= r->btn[i].y && y < r->btn[i].y + r->btn[i].h)
            return i;
    return -1;
}

bool remote_bar_event(remote *r, const SDL_Event *e)
{
    float pr = r->view.pixel_ratio > 0 ? r->view.pixel_ratio : 1.0f;
    if (e->type == SDL_MOUSEMOTION) {
        r->hover_btn = button_at(r, (float)e->motion.x * pr, (float)e->motion.y * pr);
        return false; /* the table's own input still follows the pointer (and draws again) */
    }
    if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        int b = button_at(r, (float)e->button.x * pr, (float)e->button.y * pr);
        if (b >= 0) {
            if (r->btn_act[b] < 0)
                bar_toggle(r);
            else
                do_action(r, &r->acts.act[r->btn_act[b]]);
            return true;
        }
        if (r->pick_cmd[0] && r->view.mouse_in_table) {
            pick_click(r);
            return true;
        }
        return false;
    }
    if (e->type == SDL_KEYDOWN)
        return key_event(r, e);
    return false;
}

/* The middle of the bar's unit's men (mils); false when it is not on the
 * table. */
static bool unit_middle(const remote *r, sl_pt *out)
{
    int b = bar_unit(r);
    for (int u = 0; b >= 0 && u < r->world.scn.nunits; u++) {
        const sl_unit *un = &r->world.scn.units[u];
        if (strcmp(un->id, r->acts.unit[b]) != 0 || un->nfigures <= 0)
            continue;
        double x = 0, y = 0;
        for (int f = 0; f < un->nfigures; f++) {
            x += r->world.scn.figures[un->first_figure + f].pos.x;
            y += r->world.scn.figures[un->first_figure + f].pos.y;
        }
        out->x = (int32_t)(x / un->nfigures);
        out->y = (int32_t)(y / un->nfigures);
        return true;
    }
    return false;
}

/* The way's command as it stands, the pointer its last point; false when
 * no way is drawn. */
static bool way_now(const remote *r, char *out, size_t len)
{
    if (!r->pick_cmd[0] || strcmp(r->pick_what, "way") != 0 || !r->view.mouse_in_table)
        return false;
    char pts[sizeof r->pick_pts + 40];
    const sl_pt *last = r->pick_npts > 0 ? &r->pick_xy[r->pick_npts - 1] : NULL;
    if (last && labs((long)last->x - r->view.cursor.x) < 50 && labs((long)last->y - r->view.cursor.y) < 50)
        snprintf(pts, sizeof pts, "%s", r->pick_pts); /* the pointer on the last point: the way Enter gives */
    else
        snprintf(pts, sizeof pts, "%s%s%.1f,%.1f", r->pick_pts, r->pick_pts[0] ? " " : "", r->view.cursor.x / 1000.0,
                 r->view.cursor.y / 1000.0);
    return fill(r->pick_cmd, "{P}", pts, out, len);
}

void remote_plan_ask(remote *r)
{
    char cmd[SL_CMD_TEXT + 700];
    if (r->seat.watch || r->lost || r->plan_waiting || !way_now(r, cmd, sizeof cmd) || strlen(cmd) >= SL_CMD_TEXT ||
        strcmp(cmd, r->plan_asked) == 0)
        return;
    if (r->link->send(r->link->ctx, "plan", cmd, strlen(cmd))) {
        snprintf(r->plan_asked, sizeof r->plan_asked, "%.2100s", cmd);
        r->plan_waiting = true;
    }
}

void remote_plan_take(remote *r, const sl_net_msg *m)
{
    char err[300];
    sl_net_plan *p = malloc(sizeof *p);
    r->plan_waiting = false;
    if (p && sl_net_plan_parse(m->payload, m->len, p, err, sizeof err)) {
        for (int i = 0; i < 3; i++) /* the rules' words as the main window's plan reads them */
            remote_words(r, p->line[i], sizeof p->line[i]);
        remote_words(r, p->why, sizeof p->why);
        r->plan = *p;
    } else if (p)
        snprintf(r->view.status, sizeof r->view.status, "The host's plan could not be read: %s", err);
    free(p);
}

/* The host's plan of the way as drawn, when it has come: each man's end
 * ringed (white when the rules allow it, orange not), where the unit
 * stops when it stops short, and the plan's words; false when none. */
static bool draw_plan(remote *r, const sl_cam *cam, float lx, float ly)
{
    char cmd[SL_CMD_TEXT + 700];
    const sl_net_plan *p = &r->plan;
    if (!p->planned || !way_now(r, cmd, sizeof cmd) || strcmp(cmd, p->cmd) != 0)
        return false;
    sl_ui *ui = r->ui;
    float s = ui->lay.s;
    sl_rgba ring = p->ok ? sl_rgba_make(255, 255, 255, 230) : sl_rgba_make(213, 94, 0, 230);
    for (int i = 0; i < p->nmen; i++) {
        int f = sl_scenario_find_figure(&r->world.scn, p->man[i]);
        float fx, fy, rr = (float)(f >= 0 ? r->world.scn.figures[f].base_r : 500) / 1000.0f * cam->scale;
        cam_pt(cam, p->man_end[i], &fx, &fy);
        gfx_ring(ui->ren, fx, fy, rr, 3 * s, sl_rgba_make(0, 0, 0, 200));
        gfx_ring(ui->ren, fx, fy, rr, 1.5f * s, ring);
    }
    if (p->go < p->length - 500) { /* it stops short: where */
        float ex, ey;
        cam_pt(cam, p->end, &ex, &ey);
        gfx_marker(ui->ren, SL_MARKER_CROSS, ex, ey, 7 * s, ring);
    }
    /* the words as one block, wrapped, beside the way's end and inside the table */
    const SDL_FRect *T = &ui->lay.table;
    float maxw = fminf(420 * s, T->w * 0.5f), lh = (float)text_height(&ui->text, SL_FONT_SMALL) * 1.15f;
    char rows[12][UI_LINE];
    sl_font font[12];
    int n = 0;
    float bw = 0;
    for (int i = 0; i < 3 && n < 12; i++) {
        if (!p->line[i][0])
            continue;
        sl_font f = i ? SL_FONT_SMALL : SL_FONT_BOLD;
        int k = text_wrap_lines(&ui->text, f, p->line[i], maxw, rows + n, 12 - n);
        for (int j = 0; j < k; j++) {
            font[n + j] = f;
            bw = fmaxf(bw, (float)text_width(&ui->text, f, rows[n + j]));
        }
        n += k;
    }
    float bh = lh * (float)n, x = lx, y = ly;
    if (x + bw + 8 * s > T->x + T->w)
        x = fmaxf(T->x + 6 * s, lx - 24 * s - bw); /* no room on the right: on the left of the pointer */
    y = fmaxf(T->y + 6 * s, fminf(y, T->y + T->h - bh - 6 * s));
    gfx_rect(ui->ren, x - 5 * s, y - 4 * s, bw + 10 * s, bh + 8 * s, sl_rgba_make(10, 10, 12, 225));
    for (int i = 0; i < n; i++)
        text_draw(&ui->text, font[i], rows[i], x, y + lh * (float)i,
                  font[i] == SL_FONT_BOLD ? sl_rgba_make(255, 255, 255, 255) : p->ok ? ui_pal.accent : ring,
                  SL_ALIGN_LEFT);
    return true;
}

void remote_draw_pick(remote *r)
{
    if (!r->pick_cmd[0] || !strstr(r->pick_cmd, "{P}"))
        return;
    sl_ui *ui = r->ui;
    const SDL_FRect *T = &ui->lay.table;
    float s = ui->lay.s;
    sl_pt pts[REMOTE_WAY + 2];
    int n = 0;
    if (unit_middle(r, &pts[0]))
        n++;
    for (int i = 0; i < r->pick_npts; i++)
        pts[n++] = r->pick_xy[i];
    if (r->view.mouse_in_table)
        pts[n++] = r->view.cursor;
    if (n < 2)
        return;
    sl_cam cam;
    cam_from_view(&r->view, T, &cam);
    float xy[2 * (REMOTE_WAY + 2)];
    double inches = 0;
    for (int i = 0; i < n; i++) {
        cam_pt(&cam, pts[i], &xy[2 * i], &xy[2 * i + 1]);
        if (i)
            inches += hypot(pts[i].x - pts[i - 1].x, pts[i].y - pts[i - 1].y) / 1000.0;
    }
    SDL_Rect clip = {(int)T->x, (int)T->y, (int)T->w, (int)T->h};
    SDL_RenderSetClipRect(ui->ren, &clip);
    gfx_polyline(ui->ren, xy, n, false, 2.5f * s, ui_pal.accent);
    for (int i = 1; i < n; i++)
        gfx_rect(ui->ren, xy[2 * i] - 3 * s, xy[2 * i + 1] - 3 * s, 6 * s, 6 * s, ui_pal.accent);
    char label[64];
    snprintf(label, sizeof label, "%.1f\"%s", inches, strcmp(r->pick_what, "way") == 0 ? " (Enter gives it)" : "");
    float lx = xy[2 * (n - 1)] + 12 * s, ly = xy[2 * (n - 1) + 1] - 8 * s;
    if (draw_plan(r, &cam, lx, ly)) { /* the host's cost and end, as the command would go */
        SDL_RenderSetClipRect(ui->ren, NULL);
        return;
    }
    float tw = (float)text_width(&ui->text, SL_FONT_SMALL, label);
    gfx_rect(ui->ren, lx - 4 * s, ly - 2 * s, tw + 8 * s, (float)text_height(&ui->text, SL_FONT_SMALL) + 4 * s,
             sl_rgba_make(10, 10, 12, 220));
    text_draw(&ui->text, SL_FONT_SMALL, label, lx, ly, ui_pal.accent, SL_ALIGN_LEFT);
    SDL_RenderSetClipRect(ui->ren, NULL);
}
