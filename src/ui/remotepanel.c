/* The window on a host's game: its panel at the table's foot. Who plays
 * which side, the state of the link, whose turn it is ("Waiting for ESU's
 * player"), the journal as this side reads it, the chat, and the line
 * being typed. Each state has words as well as a colour. It lies in a
 * strip of its own under the table (ui->foot), the table fitted above. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "remote_internal.h"

/* Is the seat of `side` empty (its seats line says "waiting for")? */
static bool seat_empty(const char *seats, const char *side)
{
    char key[80];
    snprintf(key, sizeof key, "%s: waiting for", side);
    for (const char *l = seats; l && *l;) {
        if (strncmp(l, key, strlen(key)) == 0)
            return true;
        l = strchr(l, '\n');
        l = l ? l + 1 : NULL;
    }
    return false;
}

void remote_turn_text(const remote *r, char *out, size_t len)
{
    char up[64];
    sl_utf8_copy(up, sizeof up, r->turn);
    for (char *c = up; *c; c++)
        *c = (char)toupper((unsigned char)*c);
    if (!r->turn[0])
        snprintf(out, len, "Waiting for the host");
    else if (strcmp(r->turn, "none") == 0)
        snprintf(out, len, "The game is over");
    else if (!r->seat.watch && strcmp(r->turn, r->seat.side) == 0)
        snprintf(out, len, "Your turn%s", r->pending[0] ? ": waiting for the host's answer" : "");
    else
        snprintf(out, len, "Waiting for %s's player%s", up,
                 seat_empty(r->seats, r->turn) ? " (the seat is empty: nobody has joined it)" : "");
}

static float panel_text_width(const remote *r);

static void link_text(const remote *r, char *out, size_t len, bool *bad)
{
    char up[64];
    sl_utf8_copy(up, sizeof up, r->seat.side);
    for (char *c = up; *c; c++)
        *c = (char)toupper((unsigned char)*c);
    *bad = r->lost;
    const char *who = r->seat.watch ? "Watching as " : "You play ";
    if (r->lost)
        snprintf(out, len, "%s%s  |  LINK LOST: rejoining%s (%.150s)", who, up, r->link->rejoin ? "" : " is not possible",
                 r->lost_why);
    else
        snprintf(out, len, "%s%s  |  link: connected to %s", who, up, r->link->where);
    /* in a narrow panel the link's state whole rather than its address */
    float room = panel_text_width(r);
    if (r->ui->lay.s > 0 && (float)text_width(&r->ui->text, SL_FONT_BOLD, out) > room) {
        if (r->lost)
            snprintf(out, len, "%s%s  |  LINK LOST: %s", who, up, r->link->rejoin ? "rejoining" : "cannot rejoin");
        else
            snprintf(out, len, "%s%s  |  link: connected", who, up);
    }
}

/* The seats, one line: "nac: connected (Ann)  |  esu: waiting for ESU's player  |  watching: 0". */
static void seats_line(const remote *r, char *out, size_t len)
{
    size_t n = (size_t)snprintf(out, len, "Seats: ");
    const char *p = r->seats[0] ? r->seats : "not yet told";
    for (; *p && n + 6 < len; p++) {
        if (*p == '\n') {
            memcpy(out + n, "  |  ", 5);
            n += 5;
        } else
            out[n++] = *p;
    }
    out[n < len ? n : len - 1] = '\0';
}

typedef struct panel_row {
    char text[UI_LINE];
    sl_font font;
    sl_rgba colour;
    float indent;            /* a wrapped line's rows after its first */
} panel_row;

#define PANEL_ROWS (2 * (REMOTE_LOG + REMOTE_CHAT) + 12)

/* The text's width in the panel: the table's strip, beside the decision
 * card when there is one (the layout of the last frame). */
static float panel_text_width(const remote *r)
{
    const SDL_FRect *T = &r->ui->lay.table;
    float s = r->ui->lay.s;
    return fminf(T->w - 16 * s - (r->card_w > 0 ? r->card_w + 8 * s : 0), 1100 * s) - 2 * 8 * s;
}

/* One line wrapped into rows (at most `most`) of the panel's width, its
 * rows after the first indented; how many rows. With `most` 1 it is one
 * row, fitted when drawn (the link's, the seats' and the keys' lines:
 * the table keeps its height). */
static int add_wrapped(remote *r, panel_row *rows, int n, int max, const char *text, sl_font font, sl_rgba colour,
                       int most)
{
    char lines[REMOTE_LOG + 2][UI_LINE];
    float s = r->ui->lay.s, indent = 12 * s;
    if (most == 1 && n < max) {
        snprintf(rows[n].text, sizeof rows[n].text, "%.*s", (int)sizeof rows[n].text - 1, text);
        rows[n].font = font;
        rows[n].colour = colour;
        rows[n].indent = 0;
        return 1;
    }
    if (most > REMOTE_LOG + 2)
        most = REMOTE_LOG + 2;
    int k = text_wrap_lines(&r->ui->text, font, text, panel_text_width(r) - indent, lines, most);
    for (int i = 0; i < k && n + i < max; i++) {
        sl_utf8_copy(rows[n + i].text, sizeof rows[n + i].text, lines[i]);
        rows[n + i].font = font;
        rows[n + i].colour = colour;
        rows[n + i].indent = i ? indent : 0;
    }
    return n + k < max ? k : max - n;
}

/* The newest of `count` lines (each after `prefix`, wrapped in at most
 * `most` rows) that `room` rows hold (every one when room <= 0), at least
 * the newest; only the newest when `folded`. Oldest first from row n. */
static int newest_rows(remote *r, panel_row *rows, int n, int max, char (*lines)[600], int count,
                       const char *prefix, sl_font font, sl_rgba colour, int most, int room, bool folded)
{
    panel_row tmp[REMOTE_LOG + 2];
    char text[800];
    int first = count, used = 0;
    for (int i = count - 1; i >= 0 && (i == count - 1 || !folded); i--) {
        snprintf(text, sizeof text, "%s%s", prefix, lines[i]);
        int k = add_wrapped(r, tmp, 0, most, text, font, colour, most);
        if (used > 0 && room > 0 && used + k > room)
            break;
        used += k;
        first = i;
    }
    int at = n;
    for (int i = first; i < count && at < max; i++) {
        snprintf(text, sizeof text, "%s%s", prefix, lines[i]);
        at += add_wrapped(r, rows, at, max, text, font, colour, most);
    }
    return at - n;
}

/* The journal's newest lines whole, wrapped as the main window's dice
 * log, newest last: as many as its rows hold (REMOTE_LOG, fewer in a
 * small window: r->log_room), at least the newest; none when folded. */
static int log_rows(remote *r, panel_row *rows, int n, int max)
{
    int room = r->log_room > 0 && r->log_room < REMOTE_LOG ? r->log_room : REMOTE_LOG;
    return r->folded ? 0
                     : newest_rows(r, rows, n, max, r->log, r->nlog, "", SL_FONT_SMALL, ui_pal.text, REMOTE_LOG,
                                   room, false);
}

/* The chat's newest lines (the newest only when folded), each in at most
 * two rows: as many as r->chat_room rows hold (all when 0), at least the
 * newest. */
static int chat_rows(remote *r, panel_row *rows, int n, int max)
{
    return newest_rows(r, rows, n, max, r->chat, r->nchat, "Chat > ", SL_FONT_NORMAL, ui_pal.yellow, 2,
                       r->chat_room, r->folded);
}

static int collect_rows(remote *r, panel_row *rows, int max)
{
    int n = 0;
    bool bad;
    char text[800];
    link_text(r, text, sizeof text, &bad);
    n += add_wrapped(r, rows, n, max, text, SL_FONT_BOLD, bad ? ui_pal.fail : ui_pal.text, 1);
    remote_turn_text(r, text, sizeof text);
    n += add_wrapped(r, rows, n, max, text, SL_FONT_LARGE,
                     strncmp(text, "Your turn", 9) == 0 ? ui_pal.pass : ui_pal.accent, 1);
    seats_line(r, text, sizeof text);
    n += add_wrapped(r, rows, n, max, text, SL_FONT_SMALL, ui_pal.dim, 2); /* who sits where, whole */
    n += log_rows(r, rows, n, max - REMOTE_CHAT - 2);
    n += chat_rows(r, rows, n, max - 2);
    if (r->typing == REMOTE_COMMAND)
        snprintf(text, sizeof text, "Command: %s_   (Enter sends it to the host, Esc drops it)", r->line);
    else if (r->typing == REMOTE_CHAT_LINE)
        snprintf(text, sizeof text, "Say: %s_   (Enter sends it, Esc drops it)", r->line);
    else
        snprintf(text, sizeof text, "%s  |  Enter: chat  |  F9: %s  |  F1: every key",
                 r->seat.watch ? "Watching: no commands" : ":  type a command  |  A activate, E end",
                 r->folded ? "the journal" : "fold");
    n += add_wrapped(r, rows, n, max, text, r->typing ? SL_FONT_BOLD : SL_FONT_SMALL,
                     r->typing ? ui_pal.white : ui_pal.dim, 1);
    return n;
}

static float rows_height(remote *r, const panel_row *rows, int n)
{
    float h = 2 * 8 * r->ui->lay.s;
    for (int i = 0; i < n; i++)
        h += (float)text_height(&r->ui->text, rows[i].font) * 1.15f;
    return h;
}

float remote_panel_height(remote *r)
{
    panel_row rows[PANEL_ROWS];
    int n = collect_rows(r, rows, PANEL_ROWS);
    return rows_height(r, rows, n) + 8 * r->ui->lay.s;
}

/* Under the table and the action bar, in the strip kept for it (the
 * table is fitted above: nothing of it is covered). */
void remote_draw_panel(remote *r)
{
    sl_ui *ui = r->ui;
    const SDL_FRect *T = &ui->lay.table;
    float s = ui->lay.s;
    panel_row rows[PANEL_ROWS];
    int n = collect_rows(r, rows, PANEL_ROWS);
    float pad = 8 * s, h = rows_height(r, rows, n);
    float top = T->y + T->h + (r->bar.h > 0 ? r->bar.h : 0);
    float bottom = ui->lay.status.h > 0 ? ui->lay.status.y : (float)ui->lay.h;
    float w = panel_text_width(r) + 2 * 8 * s;
    if (h > bottom - top - 4 * s)
        h = bottom - top - 4 * s;
    float x = T->x + 8 * s, y = top + 4 * s;
    gfx_rect(ui->ren, T->x, top, T->w, bottom - top, ui_pal.panel);
    SDL_Rect clip = {(int)T->x, (int)top, (int)T->w, (int)(bottom - top)};
    SDL_RenderSetClipRect(ui->ren, &clip);
    sl_rgba bg = ui_pal.panel;
    bg.a = 235;
    gfx_rect(ui->ren, x, y, w, h, bg);
    gfx_rect_outline(ui->ren, x, y, w, h, 1.5f * s, r->lost ? ui_pal.fail : ui_pal.rule);
    float ty = y + pad;
    for (int i = 0; i < n && ty < y + h - pad; i++) {
        char fit[UI_LINE];
        text_fit(&ui->text, rows[i].font, rows[i].text, w - 2 * pad - rows[i].indent, fit, sizeof fit);
        text_draw(&ui->text, rows[i].font, fit, x + pad + rows[i].indent, ty, rows[i].colour, SL_ALIGN_LEFT);
        ty += (float)text_height(&ui->text, rows[i].font) * 1.15f;
    }
    SDL_RenderSetClipRect(ui->ren, NULL);
}
