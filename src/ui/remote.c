/* The window on a game held by a host (include/sightline/remote.h): the
 * host's messages in, command and chat lines out; drawn by the same
 * sl_ui_draw as any table, the forces being the host's state to draw. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"
#include "remote_internal.h"

#define REMOTE_RETRY_MS 2000 /* between tries to link again */

bool sl_remote_welcome(const char *payload, size_t len, sl_remote_seat *out)
{
    memset(out, 0, sizeof *out);
    char text[1200 + SL_PATH_MAX];
    snprintf(text, sizeof text, "%.*s", (int)(len < sizeof text ? len : sizeof text - 1), payload);
    bool role = false;
    for (char *l = strtok(text, "\n"); l; l = strtok(NULL, "\n")) {
        if (strncmp(l, "play ", 5) == 0 || strncmp(l, "watch ", 6) == 0) {
            out->watch = l[0] == 'w';
            sl_utf8_copy(out->side, sizeof out->side, strchr(l, ' ') + 1);
            role = true;
        } else if (strncmp(l, "token ", 6) == 0 && strcmp(l + 6, "-") != 0)
            snprintf(out->token, sizeof out->token, "%.32s", l + 6);
        else if (strncmp(l, "file ", 5) == 0)
            sl_utf8_copy(out->file, sizeof out->file, l + 5);
        else if (strncmp(l, "digest ", 7) == 0)
            snprintf(out->digest, sizeof out->digest, "%.16s", l + 7);
        else if (strncmp(l, "scenario ", 9) == 0)
            sl_utf8_copy(out->scenario, sizeof out->scenario, l + 9);
    }
    return role && out->side[0];
}

/* A string of a journal line (JSON) by its key ("text", "event"), its
 * escapes undone. */
static void event_field(const char *json, size_t n, const char *field, char *out, size_t len)
{
    out[0] = '\0';
    char key[24];
    size_t kl = (size_t)snprintf(key, sizeof key, "\"%s\":\"", field);
    const char *p = NULL;
    for (size_t i = 0; i + kl <= n && !p; i++)
        if (memcmp(json + i, key, kl) == 0)
            p = json + i + kl;
    size_t o = 0;
    for (; p && p < json + n && *p != '"' && o + 1 < len; p++) {
        if (*p == '\\' && p + 1 < json + n) {
            p++;
            out[o++] = *p == 'n' ? ' ' : *p == 'u' ? '?' : *p;
            if (*p == 'u')
                p += p + 4 < json + n ? 4 : 0;
        } else
            out[o++] = *p;
    }
    out[o] = '\0';
}

/* A number or true/false of a journal line by its key; false when it has none. */
static bool event_number(const char *json, size_t n, const char *field, int *out)
{
    char key[24];
    size_t kl = (size_t)snprintf(key, sizeof key, "\"%s\":", field);
    for (size_t i = 0; i + kl < n; i++)
        if (memcmp(json + i, key, kl) == 0) {
            const char *p = json + i + kl;
            if (p + 4 <= json + n && memcmp(p, "true", 4) == 0)
                return (*out = 1), true;
            if (p + 5 <= json + n && memcmp(p, "false", 5) == 0)
                return (*out = 0), true;
            char num[16];
            size_t k = 0;
            for (; p + k < json + n && k + 1 < sizeof num && (p[k] == '-' || (p[k] >= '0' && p[k] <= '9')); k++)
                num[k] = p[k];
            num[k] = '\0';
            return k > 0 && (*out = atoi(num), true);
        }
    return false;
}

bool sl_remote_event_line(const sl_game *rules, const sl_scenario *sc, const char *json, size_t n,
                          bool *after_command, char *out, size_t len)
{
    char kind[32], text[600];
    out[0] = '\0';
    event_field(json, n, "event", kind, sizeof kind);
    bool roll = strcmp(kind, "roll") == 0;
    event_field(json, n, roll ? "reason" : "text", text, sizeof text);
    if (strcmp(kind, "command") == 0) {
        *after_command = true; /* its syntax is the `:` line's: its first event says what was done */
        return false;
    }
    if (!text[0])
        return false;
    bool opens = *after_command && !roll && strcmp(kind, "turn") != 0;
    *after_command = false;
    char plain[600];
    if (rules) /* a rule's seed number as its name, as the main window reads it */
        sl_game_rule_words(rules, sc, text, plain, sizeof plain);
    else
        sl_scenario_plain_words(sc, text, plain, sizeof plain);
    char die[16];
    int value, target, pass;
    event_field(json, n, "die", die, sizeof die);
    if (roll && die[0] && event_number(json, n, "value", &value)) {
        /* the die, its score against what it had to beat, as the main window's dice log */
        if (event_number(json, n, "target", &target) && event_number(json, n, "pass", &pass))
            snprintf(out, len, "%s %d vs %d %s \xE2\x80\x94 %s", die, value, target, pass ? "PASS" : "FAIL", plain);
        else
            snprintf(out, len, "%s %d \xE2\x80\x94 %s", die, value, plain);
        return true;
    }
    snprintf(out, len, "%s%s", opens ? "> " : strcmp(kind, "turn") == 0 ? "== " : "", plain);
    return true;
}

static void push_line(char (*rows)[600], int max, int *n, size_t width, const char *text)
{
    if (*n == max) {
        memmove(rows[0], rows[1], width * (size_t)(max - 1));
        (*n)--;
    }
    snprintf(rows[(*n)++], width, "%s", text);
}

/* The forces of a new state put on the table. */
static void take_state(remote *r)
{
    sl_view *v = &r->view;
    r->world = *r->table;
    r->world.scn.units = r->st.units;
    r->world.scn.nunits = r->st.nunits;
    r->world.scn.figures = r->st.figures;
    r->world.scn.nfigures = r->st.nfigures;
    r->world.scn.parts = NULL; /* the host's state says nothing of parts */
    /* the rules' own data of each unit and man (a SkirmishCorps firearm,
     * SP, RE) by its id in this machine's file, never by its place: the
     * state lists units as the side knows them, counters last, and a
     * counter takes none */
    sl_rule_data_free(r->rule_data);
    r->rule_data = sl_rule_data_by_ids(&r->table->scn, &r->world.scn);
    r->world.scn.rule_data = r->rule_data;
    if (v->nunits != r->st.nunits) {
        /* a unit more or fewer (a counter gone, a unit revealed): the
         * selection is made again, the camera kept */
        sl_view keep = *v;
        keep.selected = NULL;
        sl_view_free(v);
        sl_view_init(v, &r->world);
        v->cx = keep.cx;
        v->cy = keep.cy;
        v->scale = keep.scale;
        v->fitted = keep.fitted;
        v->user_scale = keep.user_scale;
        v->pixel_ratio = keep.pixel_ratio;
        v->show_help = keep.show_help;
        memcpy(v->error_title, keep.error_title, sizeof v->error_title);
        memcpy(v->error_text, keep.error_text, sizeof v->error_text);
        memcpy(v->status, keep.status, sizeof v->status);
    }
    sl_ui_set_world(r->ui, &r->world);
    r->have_state = true;
}

void remote_words(const remote *r, char *text, size_t len)
{
    char plain[2048];
    const sl_scenario *sc = r->have_state ? &r->world.scn : &r->table->scn;
    if (r->rules)
        sl_game_rule_words(r->rules, sc, text, plain, sizeof plain);
    else
        sl_scenario_plain_words(sc, text, plain, sizeof plain);
    sl_utf8_copy(text, len, plain);
}

static void refused(remote *r, const char *why, size_t n)
{
    /* its points in words ("that point near Farmhouse"), as at the host,
     * then its ids and seeds in players' words */
    char raw[900], text[1200];
    snprintf(raw, sizeof raw, "%.*s", (int)(n < sizeof raw ? n : sizeof raw - 1), why);
    sl_scenario_point_words(r->have_state ? &r->world.scn : &r->table->scn, raw, text, sizeof text, NULL, 0);
    remote_words(r, text, sizeof text);
    sl_utf8_copy(r->refusal, sizeof r->refusal, text);
    snprintf(r->view.status, sizeof r->view.status, "Refused: %.900s", text);
    r->pending[0] = '\0';
}

/* The host's decision or actions (protocol 3); one it cannot read is
 * said, and the last good one kept. */
static void offers(remote *r, const sl_net_msg *m)
{
    char err[300] = "out of memory";
    bool ok;
    if (m->type[0] == 'd') {
        sl_net_decision *d = malloc(sizeof *d);
        ok = d && sl_net_decision_parse(m->payload, m->len, d, err, sizeof err);
        if (ok) { /* the card's words as the main window's (a rule by its name) */
            remote_words(r, d->title, sizeof d->title);
            for (int i = 0; i < d->nlines; i++)
                remote_words(r, d->lines[i], sizeof d->lines[i]);
            r->dec = *d;
        }
        free(d);
    } else {
        sl_net_actions *a = malloc(sizeof *a);
        ok = a && sl_net_actions_parse(m->payload, m->len, a, err, sizeof err);
        for (int i = 0; ok && i < a->nact; i++)
            remote_words(r, a->act[i].why, sizeof a->act[i].why);
        if (ok) {
            r->acts = *a;
            r->have_acts = true;
        }
        free(a);
    }
    if (!ok)
        snprintf(r->view.status, sizeof r->view.status, "The host's %s could not be read: %s", m->type,
                 err);
}

void remote_message(remote *r, const sl_net_msg *m)
{
    int n = (int)m->len;
    char err[300];
    if (strcmp(m->type, "event") == 0) {
        char text[600];
        r->events++;
        const sl_scenario *sc = r->have_state ? &r->world.scn : &r->table->scn;
        if (sl_remote_event_line(r->rules, sc, m->payload, m->len, &r->after_command, text, sizeof text))
            push_line(r->log, REMOTE_LOG, &r->nlog, sizeof r->log[0], text);
    } else if (strcmp(m->type, "state") == 0) {
        int got = sl_net_state_take(&r->st, m->payload, m->len, &r->table->scn, err, sizeof err);
        if (got > 0)
            take_state(r);
        else if (got < 0)
            snprintf(r->view.status, sizeof r->view.status, "The host's state could not be read: %s", err);
    } else if (strcmp(m->type, "decision") == 0 || strcmp(m->type, "actions") == 0)
        offers(r, m);
    else if (strcmp(m->type, "plan") == 0)
        remote_plan_take(r, m);
    else if (strcmp(m->type, "list") == 0)
        remote_list_take(r, m);
    else if (strcmp(m->type, "turn") == 0)
        snprintf(r->turn, sizeof r->turn, "%.*s", n, m->payload);
    else if (strcmp(m->type, "seats") == 0)
        snprintf(r->seats, sizeof r->seats, "%.*s", n, m->payload);
    else if (strcmp(m->type, "chat") == 0) {
        char line[600];
        snprintf(line, sizeof line, "%.*s", n, m->payload);
        push_line(r->chat, REMOTE_CHAT, &r->nchat, sizeof r->chat[0], line);
    } else if (strcmp(m->type, "welcome") == 0)
        r->nchat = 0; /* linked again: the host says the chat kept again */
    else if (strcmp(m->type, "ok") == 0) {
        snprintf(r->view.status, sizeof r->view.status, "Done: %.*s", n < 900 ? n : 900, m->payload);
        r->pending[0] = '\0';
    } else if (strcmp(m->type, "refused") == 0)
        refused(r, m->payload, m->len);
    else if (strcmp(m->type, "bye") == 0) {
        r->lost = true;
        snprintf(r->lost_why, sizeof r->lost_why, "the host said goodbye%s%.*s", n ? ": " : "", n < 200 ? n : 200,
                 m->payload);
    }
}

/* What came from the host; true when something did (draw again). */
static bool pump(remote *r)
{
    bool any = false;
    char err[300];
    if (r->link->idle)
        r->link->idle(r->link->ctx);
    if (r->lost) {
        if (!r->link->rejoin || SDL_GetTicks() < r->retry_at)
            return false;
        r->retries++;
        if (r->link->rejoin(r->link->ctx, r->seat.token, r->events, err, sizeof err)) {
            r->lost = false;
            snprintf(r->view.status, sizeof r->view.status, "Linked again to the host (%s)", r->link->where);
        } else
            sl_utf8_copy(r->lost_why, sizeof r->lost_why, err);
        r->retry_at = SDL_GetTicks() + REMOTE_RETRY_MS;
        return true;
    }
    for (int k = 0; k < 2000; k++) {
        sl_net_msg m;
        int got = r->link->next(r->link->ctx, &m, 0, err, sizeof err);
        if (got < 0) {
            r->lost = true;
            sl_utf8_copy(r->lost_why, sizeof r->lost_why, err);
            r->retry_at = SDL_GetTicks() + REMOTE_RETRY_MS;
            return true;
        }
        if (got == 0)
            break;
        remote_message(r, &m);
        any = true;
    }
    return any;
}

void remote_send_line(remote *r, const char *type, const char *line)
{
    if (!line[0])
        return;
    if (r->lost) {
        snprintf(r->view.status, sizeof r->view.status, "Not sent: the link to the host is lost (rejoining)");
        return;
    }
    if (!r->link->send(r->link->ctx, type, line, strlen(line))) {
        snprintf(r->view.status, sizeof r->view.status, "Not sent: the link to the host is lost");
        return;
    }
    if (strcmp(type, "cmd") == 0) {
        r->refusal[0] = '\0'; /* the next try: its own answer */
        sl_utf8_copy(r->pending, sizeof r->pending, line);
        snprintf(r->view.status, sizeof r->view.status, "Sent to the host: %s", line);
    }
}

static int selected_unit(const remote *r)
{
    for (int u = 0; u < r->view.nunits; u++)
        if (r->view.selected[u])
            return u;
    return -1;
}

/* A click on the table while a command is typed: the unit under the
 * pointer (a counter by its letter), else the point, goes into the line. */
static void click_into_line(remote *r)
{
    const sl_view *v = &r->view;
    char word[80];
    int f = v->hover_figure;
    if (f >= 0 && f < r->world.scn.nfigures)
        sl_utf8_copy(word, sizeof word, r->world.scn.units[r->world.scn.figures[f].unit].id);
    else
        snprintf(word, sizeof word, "%.1f,%.1f", v->cursor.x / 1000.0, v->cursor.y / 1000.0);
    size_t l = strlen(r->line);
    snprintf(r->line + l, sizeof r->line - l, "%s%s", l && r->line[l - 1] != ' ' ? " " : "", word);
}

/* Keys while a line is typed: every key is the line's. */
static bool typing_event(remote *r, const SDL_Event *e)
{
    if (e->type == SDL_TEXTINPUT) {
        size_t l = strlen(r->line);
        sl_utf8_copy(r->line + l, sizeof r->line - l, e->text.text);
        return true;
    }
    if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT && r->typing == REMOTE_COMMAND &&
        r->view.mouse_in_table) {
        click_into_line(r);
        return true;
    }
    if (e->type != SDL_KEYDOWN)
        return false;
    SDL_Keycode k = e->key.keysym.sym;
    if (k == SDLK_RETURN || k == SDLK_KP_ENTER) {
        remote_send_line(r, r->typing == REMOTE_COMMAND ? "cmd" : "chat", r->line);
        r->typing = REMOTE_READ;
        r->line[0] = '\0';
    } else if (k == SDLK_ESCAPE) {
        r->typing = REMOTE_READ;
        r->line[0] = '\0';
    } else if (k == SDLK_BACKSPACE) {
        size_t l = strlen(r->line);
        while (l > 0 && ((unsigned char)r->line[l - 1] & 0xC0) == 0x80)
            l--; /* a whole character */
        r->line[l > 0 ? l - 1 : 0] = '\0';
    }
    return true;
}

/* The window's own keys: ':' a command, Enter a chat line, A and E. */
static bool remote_event(remote *r, const SDL_Event *e)
{
    if (r->typing != REMOTE_READ && typing_event(r, e))
        return true;
    if (r->refusal[0] && e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_ESCAPE) {
        r->refusal[0] = '\0';
        return true;
    }
    if (r->typing == REMOTE_READ && remote_bar_event(r, e))
        return true;
    sl_view *v = &r->view;
    bool free_keys = !v->show_help && !v->error_title[0];
    if (free_keys && e->type == SDL_TEXTINPUT && strcmp(e->text.text, ":") == 0) {
        r->typing = REMOTE_COMMAND;
        r->line[0] = '\0';
        return true;
    }
    if (!free_keys || e->type != SDL_KEYDOWN || (e->key.keysym.mod & (KMOD_CTRL | KMOD_ALT | KMOD_SHIFT)))
        return false;
    SDL_Keycode k = e->key.keysym.sym;
    int u = selected_unit(r);
    if ((k == SDLK_RETURN || k == SDLK_KP_ENTER) && v->tool == SL_TOOL_SELECT) {
        r->typing = REMOTE_CHAT_LINE;
        r->line[0] = '\0';
        return true;
    }
    if (k == SDLK_a && u >= 0) {
        char c[120];
        snprintf(c, sizeof c, "activate %s", r->world.scn.units[u].id);
        remote_send_line(r, "cmd", c);
        return true;
    }
    if (k == SDLK_F9) {
        r->folded = !r->folded;
        return true;
    }
    if (k == SDLK_e) {
        remote_send_line(r, "cmd", "end");
        return true;
    }
    return false;
}

static const char *const remote_help[][2] = {
    {":", "Over the network: type a command (a click on the table puts in a unit or a point); Enter sends it"},
    {"Enter", "Over the network: say a line to the other players (Enter sends it, Esc drops it)"},
    {"A  /  E", "Over the network: activate the selected unit  /  end the activation"},
    {"Bar keys", "Over the network: the action bar's keys give what the host offers the unit; one that picks waits for a click (a way: clicks, then Enter; Esc drops it)"},
    {"F4", "Over the network: the action bar's every action, page by page, then only what may be done now"},
    {"Answer keys", "Over the network: a decision's answers, by the keys on its card"},
    {"F9", "Over the network: fold the panel to who plays, the link and the turn (F9 again: the journal)"},
};

static bool open_remote(SDL_Window **win, SDL_Renderer **ren, int width, int height)
{
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "sightline: cannot start the display: %s\n", SDL_GetError());
        return false;
    }
    *win = SDL_CreateWindow("sightline", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height,
                            SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    *ren = *win ? SDL_CreateRenderer(*win, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC) : NULL;
    if (*win && !*ren)
        *ren = SDL_CreateRenderer(*win, -1, SDL_RENDERER_SOFTWARE);
    if (!*ren) {
        fprintf(stderr, "sightline: cannot open a window: %s\n", SDL_GetError());
        if (*win)
            SDL_DestroyWindow(*win);
        SDL_Quit();
        return false;
    }
    return true;
}

/* The host's refusal in a box over the table's side of the window, from
 * the table's top down at most to the status bar: never over the side
 * panel (the forces, a unit's card), which stays readable beside it. */
static void draw_refusal(remote *r)
{
    if (!r->refusal[0])
        return;
    sl_ui *ui = r->ui;
    const sl_layout *L = &ui->lay;
    const SDL_FRect *T = &L->table;
    float s = L->s, pad = 12 * s, lh = (float)text_height(&ui->text, SL_FONT_NORMAL) * 1.2f;
    float bw = fminf(T->w - 16 * s, 760 * s), bottom = L->status.h > 0 ? L->status.y : (float)L->h;
    static char rows[24][UI_LINE];
    int n = text_wrap_lines(&ui->text, SL_FONT_NORMAL, r->refusal, bw - 2 * pad, rows, 24);
    float title = (float)text_height(&ui->text, SL_FONT_BOLD) * 1.4f, hint = (float)text_height(&ui->text, SL_FONT_SMALL);
    float bh = fminf(2 * pad + title + lh * (float)n + hint + 4 * s, bottom - T->y - 16 * s);
    float bx = T->x + (T->w - bw) / 2, by = T->y + 8 * s;
    gfx_rect(ui->ren, bx, by, bw, bh, sl_rgba_make(40, 20, 20, 245));
    gfx_rect_outline(ui->ren, bx, by, bw, bh, 3 * s, sl_rgba_make(213, 94, 0, 255));
    SDL_Rect clip = {(int)bx, (int)by, (int)bw, (int)bh};
    SDL_RenderSetClipRect(ui->ren, &clip);
    float y = by + pad;
    text_draw(&ui->text, SL_FONT_BOLD, "The host refused it", bx + pad, y, ui_pal.text, SL_ALIGN_LEFT);
    y += title;
    for (int i = 0; i < n; i++, y += lh)
        text_draw(&ui->text, SL_FONT_NORMAL, rows[i], bx + pad, y, ui_pal.text, SL_ALIGN_LEFT);
    text_draw(&ui->text, SL_FONT_SMALL, "Esc closes this message.", bx + pad, by + bh - pad - hint + 4 * s, ui_pal.dim,
              SL_ALIGN_LEFT);
    SDL_RenderSetClipRect(ui->ren, NULL);
}

void remote_draw_frame(remote *r, int ow, int oh)
{
    /* the bar and the panel in a strip of their own under the table: the
     * table fitted above them (its layout of the last frame sizes them) */
    float card_h, card_w = remote_decision_width(r, &card_h);
    r->card_w = card_w;
    /* the table keeps at least half the room between the toolbar and the
     * status bar (as the last frame laid them out): the journal gives up
     * rows for it, down to its newest line, then the chat, then the bar
     * down to two rows (at 960x540 the table was 2.3 px per inch) */
    const sl_layout *L = &r->ui->lay;
    float room = L->s > 0 ? (float)oh - L->toolbar.h - L->status.h : 1e9f;
    r->log_room = REMOTE_LOG;
    r->chat_room = 2 * REMOTE_CHAT;
    r->bar_room = 3;
    for (;;) {
        r->ui->foot = r->view.show_help ? 0 : remote_bar_height(r) + fmaxf(remote_panel_height(r), card_h + 8);
        if (r->ui->foot <= 0.5f * room)
            break;
        if (r->log_room > 1)
            r->log_room--;
        else if (r->chat_room > 1)
            r->chat_room--;
        else if (r->bar_room > 2) /* pages of two rows at least: not a page a button */
            r->bar_room--;
        else
            break;
    }
    sl_ui_draw(r->ui, &r->world, &r->view, ow, oh);
    if (!r->view.show_help) { /* the help lies over everything */
        const SDL_FRect *T = &r->ui->lay.table;
        remote_plan_ask(r);
        remote_draw_pick(r);
        remote_draw_bar(r, T->y + T->h);
        remote_draw_panel(r);
        remote_draw_decision(r, T->y + T->h + r->bar.h, L->status.h > 0 ? L->status.y : (float)L->h);
        draw_refusal(r);
    }
}

static void remote_frame(remote *r, SDL_Window *win, SDL_Renderer *ren)
{
    int ow, oh, ww, wh;
    SDL_GetRendererOutputSize(ren, &ow, &oh);
    SDL_GetWindowSize(win, &ww, &wh);
    r->view.pixel_ratio = ww > 0 ? (float)ow / (float)ww : 1.0f;
    remote_draw_frame(r, ow, oh);
    SDL_RenderPresent(ren);
}

void remote_begin(remote *r, const sl_world *table, sl_remote_link *link, const sl_remote_seat *seat)
{
    char err[512];
    r->link = link;
    r->hover_btn = -1;
    r->seat = *seat;
    r->table = table;
    r->world = *table;
    r->world.scn.nunits = r->world.scn.nfigures = 0; /* nothing of this machine's forces: the host's state only */
    sl_view_init(&r->view, &r->world);
    sl_ui_set_world(r->ui, &r->world);
    r->rules = calloc(1, sizeof *r->rules);
    if (r->rules && !sl_game_init(r->rules, &table->scn, 0, err, sizeof err)) {
        free(r->rules); /* the journal keeps the seeds' numbers */
        r->rules = NULL;
    }
}

void remote_end(remote *r)
{
    sl_view_free(&r->view);
    sl_net_state_free(&r->st);
    sl_rule_data_free(r->rule_data);
    r->rule_data = NULL;
    if (r->rules)
        sl_game_free(r->rules);
    free(r->rules);
    r->rules = NULL;
}

/* The link's watch: a thread that waits on the link's socket and wakes
 * the window (an event of its own) when bytes come, so that a message is
 * read at once, not at the window's next frame (up to 30 ms later at each
 * end: the host's window pumps its players' links in its own loop). It
 * reads nothing; the socket is the window's to give (it changes on a
 * rejoin), and a wake is not given again until the window has read. */
typedef struct link_watch {
    SDL_Thread *thread;
    SDL_atomic_t stop, woken, socket;
    Uint32 event;
} link_watch;

static int watch_link(void *p)
{
    link_watch *w = p;
    while (!SDL_AtomicGet(&w->stop)) {
        Uint32 t0 = SDL_GetTicks();
        int got = SDL_AtomicGet(&w->woken) ? 0 : sl_net_socket_wait(SDL_AtomicGet(&w->socket), 50);
        if (got > 0) {
            SDL_AtomicSet(&w->woken, 1);
            SDL_Event e = {.type = w->event};
            SDL_PushEvent(&e);
        } else if (got != 0 || SDL_GetTicks() - t0 < 2)
            SDL_Delay(2); /* no socket now (a socket closed by a rejoin wakes at once), or the window has not read yet */
    }
    return 0;
}

static void watch_start(link_watch *w, const sl_remote_link *link)
{
    memset(w, 0, sizeof *w);
    w->event = link->socket ? SDL_RegisterEvents(1) : (Uint32)-1;
    if (w->event == (Uint32)-1)
        return;
    SDL_AtomicSet(&w->socket, link->socket(link->ctx));
    w->thread = SDL_CreateThread(watch_link, "sightline-link", w);
}

/* The window has read what came: the watch may wake it again. */
static void watch_read(link_watch *w, const sl_remote_link *link)
{
    if (!w->thread)
        return;
    SDL_AtomicSet(&w->socket, link->socket(link->ctx));
    SDL_AtomicSet(&w->woken, 0);
}

static void watch_stop(link_watch *w)
{
    if (!w->thread)
        return;
    SDL_AtomicSet(&w->stop, 1);
    SDL_WaitThread(w->thread, NULL);
    w->thread = NULL;
}

int sl_run_remote(const sl_world *table, sl_remote_link *link, const sl_remote_seat *seat, const char *asset_dir,
                  int width, int height, int max_frames)
{
    SDL_Window *win;
    SDL_Renderer *ren;
    if (!open_remote(&win, &ren, width, height))
        return 1;
    char err[512];
    remote *r = calloc(1, sizeof *r);
    r->ui = r ? sl_ui_create(ren, asset_dir, err, sizeof err) : NULL;
    if (!r || !r->ui) {
        fprintf(stderr, "sightline: %s\n", r ? err : "out of memory");
        free(r);
        SDL_DestroyRenderer(ren);
        SDL_DestroyWindow(win);
        SDL_Quit();
        return 1;
    }
    remote_begin(r, table, link, seat);
    ui_help_more(remote_help, (int)(sizeof remote_help / sizeof remote_help[0]));
    char title[300];
    snprintf(title, sizeof title, "sightline \xE2\x80\x94 %s \xE2\x80\x94 %s %s", seat->scenario,
             seat->watch ? "watching" : "playing", seat->side);
    SDL_SetWindowTitle(win, title);
    SDL_StartTextInput();
    bool dirty = true;
    link_watch watch;
    watch_start(&watch, link);
    for (int frames = 0; !r->view.quit && (max_frames <= 0 || frames < max_frames);) {
        if (pump(r))
            dirty = true;
        watch_read(&watch, link);
        SDL_Event e;
        bool got = SDL_WaitEventTimeout(&e, dirty ? 1 : 30);
        for (int n = 0; got && n < 1000; n++) {
            if (e.type != watch.event && (remote_event(r, &e) || sl_input_event(r->ui, &r->world, &r->view, &e)))
                dirty = true;
            got = SDL_PollEvent(&e);
        }
        if (dirty || max_frames > 0) {
            remote_frame(r, win, ren);
            dirty = false;
            frames++;
        }
    }
    watch_stop(&watch);
    ui_help_more(NULL, 0);
    int counters = 0;
    for (int u = 0; r->have_state && u < r->st.nunits; u++)
        counters += r->st.units[u].id[0] == '?';
    fprintf(stderr,
            "sightline: the window closed: %d events read, %d units on the table as %s sees it, %d of them counters; "
            "%d actions offered, a decision for %s (%d answers)\n",
            r->events, r->have_state ? r->st.nunits : 0, r->have_state ? r->st.view : "nobody", counters, r->acts.nact,
            r->dec.pending ? r->dec.side : "nobody", r->dec.nanswers);
    remote_end(r);
    sl_ui_destroy(r->ui);
    free(r);
    SDL_DestroyRenderer(ren);
    SDL_DestroyWindow(win);
    SDL_Quit();
    return 0;
}
