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
    snprintf(up, sizeof up, "%s", r->turn);
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

static void link_text(const remote *r, char *out, size_t len, bool *bad)
{
    char up[64];
    snprintf(up, sizeof up, "%s", r->seat.side);
    for (char *c = up; *c; c++)
        *c = (char)toupper((unsigned char)*c);
    *bad = r->lost;
    const char *who = r->seat.watch ? "Watching as " : "You play ";
    if (r->lost)
        snprintf(out, len, "%s%s  |  LINK LOST: rejoining%s (%.150s)", who, up, r->link->rejoin ? "" : " is not possible",
                 r->lost_why);
    else
        snprintf(out, len, "%s%s  |  link: connected to %s", who, up, r->link->where);
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
    char text[700];
    sl_font font;
    sl_rgba colour;
} panel_row;

static int collect_rows(const remote *r, panel_row *rows, int max)
{
    int n = 0;
    bool bad;
    link_text(r, rows[n].text, sizeof rows[n].text, &bad);
    rows[n].font = SL_FONT_BOLD;
    rows[n++].colour = bad ? ui_pal.fail : ui_pal.text;
    remote_turn_text(r, rows[n].text, sizeof rows[n].text);
    rows[n].font = SL_FONT_LARGE;
    rows[n].colour = strncmp(rows[n].text, "Your turn", 9) == 0 ? ui_pal.pass : ui_pal.accent;
    n++;
    seats_line(r, rows[n].text, sizeof rows[n].text);
    rows[n].font = SL_FONT_SMALL;
    rows[n++].colour = ui_pal.dim;
    for (int i = r->folded ? r->nlog : 0; i < r->nlog && n < max - REMOTE_CHAT - 1; i++) {
        snprintf(rows[n].text, sizeof rows[n].text, "%s", r->log[i]);
        rows[n].font = SL_FONT_SMALL;
        rows[n++].colour = ui_pal.text;
    }
    for (int i = r->folded ? r->nchat - 1 : 0; i >= 0 && i < r->nchat && n < max - 1; i++) {
        snprintf(rows[n].text, sizeof rows[n].text, "Chat > %s", r->chat[i]);
        rows[n].font = SL_FONT_NORMAL;
        rows[n++].colour = ui_pal.yellow;
    }
    if (r->typing == REMOTE_COMMAND)
        snprintf(rows[n].text, sizeof rows[n].text, "Command: %s_   (Enter sends it to the host, Esc drops it)", r->line);
    else if (r->typing == REMOTE_CHAT_LINE)
        snprintf(rows[n].text, sizeof rows[n].text, "Say: %s_   (Enter sends it, Esc drops it)", r->line);
    else
        snprintf(rows[n].text, sizeof rows[n].text,
                 "%s  |  Enter: chat  |  F9: %s  |  F1: every key", r->seat.watch ? "Watching: no commands" : ":  type a command  |  A activate, E end",
                 r->folded ? "the journal" : "fold");
    rows[n].font = r->typing ? SL_FONT_BOLD : SL_FONT_SMALL;
    rows[n++].colour = r->typing ? ui_pal.white : ui_pal.dim;
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
    panel_row rows[REMOTE_LOG + REMOTE_CHAT + 6];
    int n = collect_rows(r, rows, (int)(sizeof rows / sizeof rows[0]));
    return rows_height(r, rows, n) + 8 * r->ui->lay.s;
}

/* Under the table and the action bar, in the strip kept for it (the
 * table is fitted above: nothing of it is covered). */
void remote_draw_panel(remote *r)
{
    sl_ui *ui = r->ui;
    const SDL_FRect *T = &ui->lay.table;
    float s = ui->lay.s;
    panel_row rows[REMOTE_LOG + REMOTE_CHAT + 6];
    int n = collect_rows(r, rows, (int)(sizeof rows / sizeof rows[0]));
    float pad = 8 * s, h = rows_height(r, rows, n);
    float top = T->y + T->h + (r->bar.h > 0 ? r->bar.h : 0);
    float bottom = ui->lay.status.h > 0 ? ui->lay.status.y : (float)ui->lay.h;
    float w = fminf(T->w - 16 * s - (r->card_w > 0 ? r->card_w + 8 * s : 0), 1100 * s);
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
        char fit[700];
        text_fit(&ui->text, rows[i].font, rows[i].text, w - 2 * pad, fit, sizeof fit);
        text_draw(&ui->text, rows[i].font, fit, x + pad, ty, rows[i].colour, SL_ALIGN_LEFT);
        ty += (float)text_height(&ui->text, rows[i].font) * 1.15f;
    }
    SDL_RenderSetClipRect(ui->ren, NULL);
}
