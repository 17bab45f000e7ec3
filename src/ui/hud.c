/* Toolbar, status bar, tooltip, help overlay and error box (the side
 * panel is panel.c, the action bar actionbar.c). */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui_internal.h"

/* V's button in the ruleset's own word: "Bands" for Stargrunt's range
 * bands, "Brackets" for SkirmishCorps' range brackets (sl_reach_word's
 * last word, capitalised); NULL: the table's default. */
static const char *reach_button(const sl_ui *ui, bool with_key)
{
    static char full[40], word[32];
    const char *rw = ui && ui->world ? sl_reach_word(&ui->world->scn) : NULL;
    const char *last = rw ? strrchr(rw, ' ') : NULL;
    last = last ? last + 1 : rw;
    if (!last || !last[0] || strcmp(last, "bands") == 0)
        return NULL;
    snprintf(word, sizeof word, "%c%.30s", toupper((unsigned char)last[0]), last + 1);
    snprintf(full, sizeof full, "%s [V]", word);
    return with_key ? full : word;
}

const char *hud_button_label(const sl_ui *ui, sl_button_id b, int compact)
{
    static const char *const full[SL_BTN_COUNT] = {
        [SL_BTN_SELECT] = "Select [S]", [SL_BTN_RULER] = "Ruler [R]",     [SL_BTN_PATH] = "Move [M]",
        [SL_BTN_BLAST] = "Blast [B]",   [SL_BTN_BANDS] = "Bands [V]",     [SL_BTN_INTEGRITY] = "Integrity [I]",
        [SL_BTN_FIT] = "Fit [Home]",    [SL_BTN_GRID] = "Grid [G]",       [SL_BTN_LABELS] = "Labels [L]",
        [SL_BTN_HELP] = "Help [F1]",    [SL_BTN_SHOT] = "Screenshot [F12]",
    };
    static const char *const keys[SL_BTN_COUNT] = {
        [SL_BTN_SELECT] = "S", [SL_BTN_RULER] = "R",   [SL_BTN_PATH] = "M",  [SL_BTN_BLAST] = "B",
        [SL_BTN_BANDS] = "V",  [SL_BTN_INTEGRITY] = "I", [SL_BTN_FIT] = "Home", [SL_BTN_GRID] = "G",
        [SL_BTN_LABELS] = "L", [SL_BTN_HELP] = "F1",   [SL_BTN_SHOT] = "F12",
    };
    /* the most used tools keep their words when the bar is short of room */
    static const char *const words[SL_BTN_COUNT] = {
        [SL_BTN_SELECT] = "Select", [SL_BTN_RULER] = "Ruler", [SL_BTN_PATH] = "Move", [SL_BTN_BANDS] = "Bands",
    };
    if ((int)b < 0 || b >= SL_BTN_COUNT)
        return "";
    if (b == SL_BTN_BANDS && compact < 3 && reach_button(ui, compact < 2))
        return reach_button(ui, compact < 2);
    if (compact == 0)
        return full[b];
    if (compact == 1 && words[b])
        return full[b];
    if (compact == 2 && words[b])
        return words[b];
    return keys[b];
}

static bool button_on(const sl_view *v, sl_button_id b)
{
    switch (b) {
    case SL_BTN_SELECT: return v->tool == SL_TOOL_SELECT;
    case SL_BTN_RULER: return v->tool == SL_TOOL_RULER;
    case SL_BTN_PATH: return v->tool == SL_TOOL_PATH;
    case SL_BTN_BLAST: return v->tool == SL_TOOL_BLAST;
    case SL_BTN_BANDS: return (v->overlays & SL_OVERLAY_BANDS) != 0;
    case SL_BTN_INTEGRITY: return (v->overlays & SL_OVERLAY_INTEGRITY) != 0;
    case SL_BTN_GRID: return v->show_grid;
    case SL_BTN_LABELS: return v->show_labels;
    case SL_BTN_HELP: return v->show_help;
    default: return false;
    }
}

static void draw_toolbar(sl_ui *ui, const sl_world *w, const sl_view *v)
{
    const sl_layout *L = &ui->lay;
    float s = L->s;
    gfx_rect(ui->ren, L->toolbar.x, L->toolbar.y, L->toolbar.w, L->toolbar.h, ui_pal.panel);
    gfx_rect(ui->ren, L->toolbar.x, L->toolbar.y + L->toolbar.h - 1.0f * s, L->toolbar.w, 1.0f * s, ui_pal.rule);
    float th = (float)text_height(&ui->text, SL_FONT_NORMAL);
    float right = 0;
    for (int b = 0; b < SL_BTN_COUNT; b++) {
        SDL_FRect r = L->buttons[b];
        bool on = button_on(v, (sl_button_id)b), hover = v->hover_button == b;
        sl_rgba bg = on ? ui_pal.accent : hover ? ui_pal.hover : ui_pal.button;
        gfx_rect(ui->ren, r.x, r.y, r.w, r.h, bg);
        gfx_rect_outline(ui->ren, r.x, r.y, r.w, r.h, 1.0f * s, on ? sl_rgba_make(0, 0, 0, 255) : ui_pal.rule);
        text_draw(&ui->text, SL_FONT_NORMAL, hud_button_label(ui, (sl_button_id)b, ui->lay.compact), r.x + r.w / 2,
                  r.y + (r.h - th) / 2,
                  on ? sl_rgba_make(0, 0, 0, 255) : ui_pal.text, SL_ALIGN_CENTRE);
        right = r.x + r.w;
    }
    /* the scenario's name, right-aligned, when there is room */
    char title[200];
    snprintf(title, sizeof title, "%s", w->scn.name[0] ? w->scn.name : w->scn.table.name);
    float tw = (float)text_width(&ui->text, SL_FONT_BOLD, title);
    float x = L->toolbar.w - 12 * s;
    if (x - tw > right + 20 * s)
        text_draw(&ui->text, SL_FONT_BOLD, title, x, (L->toolbar.h - th) / 2, ui_pal.text, SL_ALIGN_RIGHT);
}

static const char *tool_name(sl_tool t)
{
    switch (t) {
    case SL_TOOL_RULER: return "Ruler";
    case SL_TOOL_PATH: return "Move";
    case SL_TOOL_BLAST: return "Blast";
    case SL_TOOL_PEN: return "Pen";
    default: return "Select";
    }
}

/* What the status bar says before its message: the pointer's place on
 * the table, the scale in figures and the tool. */
typedef struct status_parts {
    char place[64], scale[32], tool[32];
} status_parts;

static void status_parts_of(const sl_view *v, const sl_cam *cam, status_parts *p)
{
    if (v->mouse_in_table)
        snprintf(p->place, sizeof p->place, "x %6.2f\"  y %6.2f\"", v->cursor.x / 1000.0, v->cursor.y / 1000.0);
    else
        snprintf(p->place, sizeof p->place, "x    -    y    -   ");
    snprintf(p->scale, sizeof p->scale, "%.1f px/inch", cam->scale);
    snprintf(p->tool, sizeof p->tool, "Tool: %s", tool_name(v->tool));
}

/* Whether the status words fit after the pointer's place, the scale and
 * the tool (as they are drawn) in room px: else those give way. */
static bool status_gives_way(sl_ui *ui, const sl_view *v, const status_parts *p, float room)
{
    float s = ui->lay.s;
    float prefix = (float)(text_width(&ui->text, SL_FONT_NORMAL, p->place) + text_width(&ui->text, SL_FONT_NORMAL, p->scale) +
                           text_width(&ui->text, SL_FONT_NORMAL, p->tool)) +
                   54 * s;
    return (float)text_width(&ui->text, SL_FONT_NORMAL, v->status) > room - prefix - 12 * s;
}

/* The long status sentence's box standing on foot (hanging from it when
 * down), its words wrapped to the stretch from x0 to x1 in font f (at
 * most max rows, inside the table's height: else w 0). */
static SDL_FRect status_box_at(sl_ui *ui, const sl_view *v, float x0, float x1, float foot, bool down, sl_font f,
                               int max)
{
    float s = ui->lay.s, pad = 8 * s;
    char lines[8][UI_LINE];
    int n = text_wrap_lines(&ui->text, f, v->status, x1 - x0 - 2 * pad - 12 * s, lines, 8);
    float bh = (float)n * (float)text_height(&ui->text, f) + 2 * pad, top = down ? foot : foot - bh;
    if (n > max || top < ui->lay.table.y || top + bh > ui->lay.status.y + 0.5f)
        return (SDL_FRect){0, 0, 0, 0};
    return (SDL_FRect){x0, top, x1 - x0, bh};
}

/* The status box's place this frame: the table's room, the words' font
 * and what it keeps off (the cards a player reads, the units the flow is
 * about, and while every: every unit on the table). */
typedef struct status_room {
    const sl_world *w;
    const sl_view *v;
    const sl_cam *cam;
    bool every;
    SDL_FRect hit; /* a unit's man, name, counters or tag it would cover */
} status_room;

/* The units this frame's flow is about: the one acting, the active one,
 * and a decision's mover, its command's unit and that command's target
 * (the Runner a throw is aimed at); how many, -1s left out. */
static int status_flow_units(const sl_ui *ui, const sl_view *v, int out[5])
{
    const sl_game *g = v->play ? &v->play->game : NULL;
    int all[5] = {ui->actor_unit, g ? sl_game_active_unit(g) : -1, -1, -1, -1}, n = 0;
    if (g && g->pending.kind != SL_DECIDE_NONE) {
        all[2] = g->pending.mover;
        all[3] = g->pending.resume.unit;
        all[4] = g->pending.resume.target;
    }
    for (int i = 0; i < 5; i++) {
        bool seen = all[i] < 0;
        for (int j = 0; j < n && !seen; j++)
            seen = out[j] == all[i];
        if (!seen)
            out[n++] = all[i];
    }
    return n;
}

/* The first thing a player reads or watches this frame that r would lie
 * over: a card (the table's, the one beside the table, the refusal box),
 * else a man, the name, a counter or a tag of a unit the flow is about
 * (a SkirmishCorps throw's box at the table's foot lay over Unit A's
 * ACTING and the Runner), or of any unit while room->every (hanging from
 * the table's top it lay over the Trooper); NULL: none. */
static const SDL_FRect *status_card_under(const sl_ui *ui, status_room *room, const SDL_FRect *r)
{
    for (int c = 0; c < ui->nread_cards; c++)
        if (scene_rects_overlap(r, &ui->read_card[c]))
            return &ui->read_card[c];
    const SDL_FRect *beside[] = {&ui->aside_box, &ui->list_box, &ui->refusal_box, &ui->turn_strip};
    for (size_t i = 0; i < sizeof beside / sizeof beside[0]; i++)
        if (beside[i]->w > 0 && scene_rects_overlap(r, beside[i]))
            return beside[i];
    int units[5], n = status_flow_units(ui, room->v, units);
    for (int i = 0; i < n; i++)
        if (ui_unit_covered(ui, room->w, room->cam, units[i], r, &room->hit))
            return &room->hit;
    for (int u = 0; room->every && u < room->w->scn.nunits; u++)
        if (ui_unit_covered(ui, room->w, room->cam, u, r, &room->hit))
            return &room->hit;
    return NULL;
}

/* Where the status sentence's box stands clear of every card and of the
 * units acting (at 1280x720 200% in the table layout its three rows stood
 * over the last line of the opportunity fire card beside the table): the
 * stretch from a to b, on foot (hanging from it when down), else beside
 * what it would cover, in normal words else smaller; the stretch (x0 to
 * x1) and font, or false where there is none. */
static bool status_clear_span(sl_ui *ui, status_room *room, float a, float b, float foot, bool down, float *x0,
                              float *x1, sl_font *f)
{
    float s = ui->lay.s, gap = 6 * s, least = 240 * s;
    float span[8][2] = {{a, b}};
    bool watch = ui->text.watch;
    ui->text.watch = false; /* tried, not drawn */
    for (int i = 0, ns = 1; i < ns; i++) {
        SDL_FRect c = {0, 0, 0, 0};
        for (int k = 0; k < 2; k++) {
            sl_font fk = k ? SL_FONT_SMALL : SL_FONT_NORMAL;
            SDL_FRect r = status_box_at(ui, room->v, span[i][0], span[i][1], foot, down, fk, 6);
            if (r.w <= 0)
                continue;
            const SDL_FRect *under = status_card_under(ui, room, &r);
            if (!under) {
                *x0 = span[i][0], *x1 = span[i][1], *f = fk;
                ui->text.watch = watch;
                return true;
            }
            c = *under;
        }
        float l = span[i][0], r = span[i][1];
        if (c.w > 0 && c.x - gap - l >= least && ns < 8)
            span[ns][0] = l, span[ns++][1] = c.x - gap;
        if (c.w > 0 && r - (c.x + c.w + gap) >= least && ns < 8)
            span[ns][0] = c.x + c.w + gap, span[ns++][1] = r;
    }
    ui->text.watch = watch;
    return false;
}

/* A status sentence wider than the bar: in one line where it fits, else
 * in smaller words on as many lines as the bar holds, else whole in a
 * box standing on the bar (over the strip's foot in the presentation,
 * above the action bar there, else the table's, clear of the cards),
 * the bar keeping its height so nothing moves. */
static void status_long(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam, const SDL_FRect *r, float x,
                        float y)
{
    const sl_layout *L = &ui->lay;
    float s = L->s, room = r->w - 24 * s;
    enum { MAXL = 8 };
    char lines[MAXL][UI_LINE];
    if ((float)text_width(&ui->text, SL_FONT_NORMAL, v->status) <= room) {
        text_draw(&ui->text, SL_FONT_NORMAL, v->status, x, y, ui_pal.text, SL_ALIGN_LEFT);
        return;
    }
    float sh = (float)text_height(&ui->text, SL_FONT_SMALL);
    int n = text_wrap_lines(&ui->text, SL_FONT_SMALL, v->status, room, lines, MAXL);
    if ((float)n * sh <= r->h - 2 * s) {
        float y0 = r->y + (r->h - (float)n * sh) / 2;
        for (int i = 0; i < n; i++)
            text_draw(&ui->text, SL_FONT_SMALL, lines[i], x, y0 + sh * (float)i, ui_pal.text, SL_ALIGN_LEFT);
        return;
    }
    if (ui_end_shown(v)) {
        /* the end card says it whole over its buttons: a box here stood
         * over its Replay button (1280x720 200%) */
        text_draw(&ui->text, SL_FONT_NORMAL, "The end card says it, over its buttons", x, y, ui_pal.text, SL_ALIGN_LEFT);
        return;
    }
    if (L->strip.w > 0 && ui->refusal_box.w > 0 && v->pick.message_is_error) {
        /* the refusal box in the strip says it whole: not a second box
         * standing over it (1280x720 at 200%) */
        text_draw(&ui->text, SL_FONT_NORMAL, "Refused: the box says why (Esc)", x, y, ui_pal.text, SL_ALIGN_LEFT);
        return;
    }
    if (L->strip.w > 0 && v->pick.kind != SL_CMD_NONE && L->act_unit >= 0 && !v->pick.message_is_error) {
        /* an action being aimed: its card in the strip asks for the
         * point or target; a box here stood over the card's lines, its
         * reason among them (1280x720 200%, the mortar's fire) */
        text_draw(&ui->text, SL_FONT_NORMAL, "Aiming: the card says what to click (Esc cancels)", x, y, ui_pal.text,
                  SL_ALIGN_LEFT);
        return;
    }
    float bx = L->strip.w > 0 ? L->strip.x : L->status.x, bw = L->strip.w > 0 ? L->strip.w : L->status.w;
    float pad = 8 * s, wrap = bw - 2 * pad - 12 * s;
    /* over the action bar standing at the strip's foot: above it */
    bool bar_in_strip = L->strip.w > 0 && L->actionbar.h > 0 && L->actionbar.x >= L->strip.x - 0.5f;
    float foot = bar_in_strip ? L->actionbar.y : L->status.y;
    /* under the strip's cards: in smaller words where the box would
     * stand over a card's lines (the who-goes-first card's answers under
     * ESU's set-up sentence, hidden.json at 1280x720 250%), else over the
     * bar (Esc closes it) rather than over the card; where the strip's
     * cards leave it no room (a SkirmishCorps throw's card asking what
     * happened filled it at 1280x720 200%, the box stood over its
     * answers), over the table's foot beside the strip */
    sl_font f = SL_FONT_NORMAL;
    float top = L->strip.w > 0 ? ui->strip_y : 0;
    bool under = false;
    for (int k = 0; k < 4 && !under; k++) {
        sl_font fk = k % 2 ? SL_FONT_SMALL : SL_FONT_NORMAL;
        float bottom = k < 2 ? foot : L->status.y;
        n = text_wrap_lines(&ui->text, fk, v->status, wrap, lines, MAXL);
        if (bottom - (float)n * (float)text_height(&ui->text, fk) - 2 * pad >= top)
            f = fk, foot = bottom, under = true;
    }
    float x0, x1;
    bool down = false;
    status_room sr = {w, v, cam, true, {0, 0, 0, 0}};
    if (L->strip.w <= 0) {
        /* off every unit where it can be, else off the flow's */
        bool found = false;
        for (int k = 0; k < 2 && !found; k++) {
            sr.every = k == 0;
            found = status_clear_span(ui, &sr, L->status.x, L->status.x + L->status.w, foot, false, &x0, &x1, &f);
        }
        if (found)
            bx = x0, bw = x1 - x0, wrap = bw - 2 * pad - 12 * s;
    } else if (!under) {
        /* the table's foot beside the strip, else hanging from its top:
         * clear of every unit on the table (hanging from the top it lay
         * over the Trooper beside a throw at the Runner) */
        /* (and where no such place is clear of every unit, one clear of
         * the units acting, rather than over the strip's turn box: the
         * town's solo game at 1280x720 200%, the program's fire said
         * under its rolls) */
        for (int e = 0; e < (ui->turn_strip.w > 0 ? 2 : 1) && bx >= L->strip.x; e++) {
            sr.every = e == 0;
            for (int k = 0; k < 2 && bx >= L->strip.x; k++)
                if (status_clear_span(ui, &sr, L->status.x, L->strip.x - 6 * s, k ? L->table.y : L->status.y, k, &x0,
                                      &x1, &f))
                    bx = x0, bw = x1 - x0, wrap = bw - 2 * pad - 12 * s, foot = k ? L->table.y : L->status.y, down = k;
        }
        if (bx >= L->strip.x && v->play && v->play->game.pending.kind != SL_DECIDE_NONE) {
            /* nowhere clear: the decision's card in the strip says it whole */
            text_draw(&ui->text, SL_FONT_NORMAL, "A decision: the card says what to press", x, y, ui_pal.text,
                      SL_ALIGN_LEFT);
            return;
        }
    }
    n = text_wrap_lines(&ui->text, f, v->status, wrap, lines, MAXL);
    float lh = (float)text_height(&ui->text, f), bh = (float)n * lh + 2 * pad, by = down ? foot : foot - bh;
    SDL_RenderSetClipRect(ui->ren, NULL);
    ui->status_box = (SDL_FRect){bx, by, bw, bh};
    /* over the action bar, opaque: its buttons' words showed through the
     * sentence's (a solo game's F5 on the town at 1280x720 200%) */
    bool over_bar = L->actionbar.h > 0 && scene_rects_overlap(&ui->status_box, &L->actionbar);
    gfx_rect(ui->ren, bx, by, bw, bh, sl_rgba_make(10, 10, 12, over_bar ? 255 : 240));
    gfx_rect_outline(ui->ren, bx, by, bw, bh, 1.5f * s, ui_pal.accent);
    for (int i = 0; i < n; i++)
        text_draw(&ui->text, f, lines[i], bx + pad + 4 * s, by + pad + lh * (float)i, ui_pal.text, SL_ALIGN_LEFT);
}

/* A tool's hint for the status line, whole and brief. */
static const char *const *tool_hint(sl_tool t)
{
    static const char *const hints[][2] = {
        {"Drag from a point or a figure; click to add waypoints; Backspace undoes; Esc clears", "Drag to measure"},
        {"Click by the selected unit, then click waypoints; Enter ends; Backspace undoes; Esc clears",
         "Click waypoints; Enter ends"},
        {"Click to pin or free the template; [ and ] change its size; Esc clears", "Click to pin; [ ] size"},
        {"Drag an arrow, Shift+drag a ring, click a ping; Backspace takes back; Delete clears", "Drag an arrow"},
        {"F1 or ? for help", "F1: help"}};
    return hints[t == SL_TOOL_RULER ? 0 : t == SL_TOOL_PATH ? 1 : t == SL_TOOL_BLAST ? 2 : t == SL_TOOL_PEN ? 3 : 4];
}

/* Words at the status line's end in the room before right: whole, else
 * in smaller words; false (nothing drawn) when neither fits. */
static bool status_words(sl_ui *ui, const char *words, float x, float y, float right, sl_rgba colour)
{
    float room = right - x, dy = (float)(text_height(&ui->text, SL_FONT_NORMAL) - text_height(&ui->text, SL_FONT_SMALL)) / 2;
    if ((float)text_width(&ui->text, SL_FONT_NORMAL, words) <= room)
        text_draw(&ui->text, SL_FONT_NORMAL, words, x, y, colour, SL_ALIGN_LEFT);
    else if ((float)text_width(&ui->text, SL_FONT_SMALL, words) <= room)
        text_draw(&ui->text, SL_FONT_SMALL, words, x, y + dy, colour, SL_ALIGN_LEFT);
    else
        return false;
    return true;
}

/* A hint at the status line's end (the help's key, the tool's use) in
 * the room left before the scale bar (right): whole, else in its brief
 * form, else none; never cut by the bar (the presentation's at 1280x720
 * 200% cut "F1 or ? for h"). */
static void status_hint(sl_ui *ui, const char *hint, const char *brief, float x, float y, float right)
{
    if (!status_words(ui, hint, x, y, right, ui_pal.dim))
        status_words(ui, brief, x, y, right, ui_pal.dim);
}

/* A vehicle as players speak of it (issue 41: its tooltip read "NSL
 * APC's man 1 \xC2\xB7 crew"): its name and side, what it is, its damage
 * as its card says it, and who is aboard (its crew, the units riding it
 * that the side watching knows of). */
static void describe_vehicle(const sl_world *w, const sl_view *v, int u, char *buf, size_t len)
{
    const sl_game *g = &v->play->game;
    const sl_unit *un = &w->scn.units[u];
    char state[300] = "", riders[400] = "";
    size_t at = 0, rat = 0;
    static sl_card_line card[24];
    int n = sl_game_card(g, u, card, 24);
    for (int i = 0; i < n && at < sizeof state; i++)
        if (card[i].mark.style == SL_MARK_DAMAGE && card[i].text[0])
            at += (size_t)snprintf(state + at, sizeof state - at, "%s%s", at ? ", " : "", card[i].text);
    int crew = 0;
    for (int i = 0; i < un->nfigures; i++)
        crew += w->scn.figures[un->first_figure + i].status != SL_FIG_DEAD;
    bool ours = v->play->view_side < 0 || v->play->view_side == un->side;
    for (int r = 0; r < g->live.nunits && rat < sizeof riders; r++) {
        if (r == u || g->us[r].aboard != u ||
            (v->play->view_side >= 0 && sl_game_knows(g, v->play->view_side, r) != SL_KNOW_ALL))
            continue;
        int men = 0;
        for (int i = 0; i < g->live.units[r].nfigures; i++)
            men += g->live.figures[g->live.units[r].first_figure + i].status != SL_FIG_DEAD;
        rat += (size_t)snprintf(riders + rat, sizeof riders - rat, "%s%s (%d %s)", rat ? ", " : "",
                                g->live.units[r].name, men, men == 1 ? "man" : "men");
    }
    char aboard[480];
    if (riders[0])
        snprintf(aboard, sizeof aboard, "%s, carrying %s", crew ? "crewed" : "no crew left", riders);
    else
        snprintf(aboard, sizeof aboard, "%s%s", crew ? "crewed" : "no crew left", ours ? ", no one riding" : "");
    if (snprintf(buf, len, "%s (%s) \xC2\xB7 %s \xC2\xB7 %s \xC2\xB7 %s", un->name, w->scn.sides[un->side].name,
                 un->open_top ? "open-topped vehicle" : "vehicle", state[0] ? state : "no damage", aboard) >= (int)len)
        sl_utf8_trim(buf);
}

/* What is under the pointer in words: a vehicle, a man, a terrain
 * feature; false when nothing is. */
static bool describe_under(const sl_world *w, const sl_view *v, char *buf, size_t len)
{
    if (v->hover_figure >= 0) {
        int u = w->scn.figures[v->hover_figure].unit;
        if (w->scn.units[u].kind == SL_UNIT_VEHICLE && v->play && v->play->on)
            describe_vehicle(w, v, u, buf, len);
        else
            ui_describe_figure(w, v->hover_figure, buf, len);
        return true;
    }
    if (v->hover_feature >= 0) {
        ui_describe_feature(w, v->hover_feature, buf, len);
        return true;
    }
    return false;
}

/* What is under the pointer (desc) in the room before right: whole, else
 * its first parts (up to a " · ", then the name before its bracket:
 * "NAC 1st Squad's man 3"), the tooltip saying the rest; else none. The
 * presentation's at 1280x720 200% read "Old N", the rest of "Old Mill
 * Road · road · height..." under the scale bar. */
static void status_named(sl_ui *ui, const char *desc, float x, float y, float right)
{
    char part[400];
    snprintf(part, sizeof part, "%s", desc);
    while (!status_words(ui, part, x, y, right, ui_pal.text)) {
        char *cut = NULL;
        for (char *p = strstr(part, " \xC2\xB7 "); p; p = strstr(p + 1, " \xC2\xB7 "))
            cut = p;
        if (!cut)
            cut = strstr(part, " (");
        if (!cut)
            return;
        *cut = '\0';
    }
}

/* The status line after a sentence that gave way (its box, or the bar's
 * lines in smaller words). */
static void status_done(sl_ui *ui)
{
    ui->text.watch = false;
    SDL_RenderSetClipRect(ui->ren, NULL);
}

static void draw_status(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam)
{
    const sl_layout *L = &ui->lay;
    float s = L->s;
    SDL_FRect r = L->status;
    ui->status_box = (SDL_FRect){0, 0, 0, 0};
    gfx_rect(ui->ren, r.x, r.y, r.w, r.h, ui_pal.panel);
    gfx_rect(ui->ren, r.x, r.y, r.w, 1.0f * s, ui_pal.rule);
    float th = (float)text_height(&ui->text, SL_FONT_NORMAL);
    float y = r.y + (r.h - th) / 2, x = r.x + 12 * s;
    if (L->present) {
        /* the scale bar at the right end; the words keep off it */
        r.w -= scene_scale_bar_small(ui, cam, r.x + r.w, r.y + r.h / 2, s);
        SDL_Rect clip = {(int)r.x, (int)r.y, (int)r.w, (int)r.h};
        SDL_RenderSetClipRect(ui->ren, &clip);
    }
    status_parts p;
    status_parts_of(v, cam, &p);
    /* the rolls the strip had no room for (a lesson's step at 1280x720
     * 200%: its card filled it), the bar's whole width theirs: before a
     * notice in a lesson (what the step is about), after one in a game */
    char rolls[600];
    sl_font rf;
    if ((v->lesson_nsteps > 0 || !v->status[0]) && play_rolls_line(ui, w, v, r.w - 24 * s, rolls, sizeof rolls, &rf)) {
        th = (float)text_height(&ui->text, rf);
        text_draw(&ui->text, rf, rolls, x, r.y + (r.h - th) / 2, ui_pal.text, SL_ALIGN_LEFT);
        status_done(ui);
        return;
    }
    ui->text.watch = v->status[0] != 0; /* the sentence is read whole */
    if (v->status[0] && status_gives_way(ui, v, &p, r.w - x)) {
        /* a sentence too long to follow the pointer's place, the scale
         * and the tool: they give way to it, and it has the bar's width */
        status_long(ui, w, v, cam, &r, x, y);
        status_done(ui);
        return;
    }
    char named[400] = "";
    if (!v->status[0])
        describe_under(w, v, named, sizeof named);
    x += text_draw(&ui->text, SL_FONT_NORMAL, p.place, x, y, ui_pal.accent, SL_ALIGN_LEFT) + 18 * s;
    /* the scale in figures, unless what follows would not be read whole
     * beside it: what is under the pointer, or in the presentation the
     * hint in brief (the scale bar is at the bar's end); then the tool
     * (its button is lit) for what is under the pointer */
    const char *const *hint = tool_hint(v->tool);
    float right = r.x + r.w - 12 * s, need = (float)text_width(&ui->text, SL_FONT_SMALL, named[0] ? named : hint[1]);
    float ws = (float)text_width(&ui->text, SL_FONT_NORMAL, p.scale) + 18 * s;
    float wt = (float)text_width(&ui->text, SL_FONT_NORMAL, p.tool) + 18 * s;
    if (v->status[0] || (!L->present && !named[0]) || x + ws + wt + need <= right)
        x += text_draw(&ui->text, SL_FONT_NORMAL, p.scale, x, y, ui_pal.dim, SL_ALIGN_LEFT) + 18 * s;
    if (!named[0] || x + wt + need <= right)
        x += text_draw(&ui->text, SL_FONT_NORMAL, p.tool, x, y, ui_pal.text, SL_ALIGN_LEFT) + 18 * s;
    if (v->status[0]) {
        char fit[1100];
        text_fit(&ui->text, SL_FONT_NORMAL, v->status, right - x, fit, sizeof fit);
        text_draw(&ui->text, SL_FONT_NORMAL, fit, x, y, ui_pal.text, SL_ALIGN_LEFT);
    } else if (named[0]) {
        status_named(ui, named, x, y, right);
    } else {
        status_hint(ui, hint[0], hint[1], x, y, right);
    }
    status_done(ui);
}

/* Whether a tooltip at r hides what it describes: the figure (-1 none)
 * and its unit's name, counters and tags. */
static bool tip_on_own(const sl_ui *ui, const sl_world *w, const sl_cam *cam, int fig, const SDL_FRect *r)
{
    if (fig < 0)
        return false;
    const sl_figure *f = &w->scn.figures[fig];
    float x, y, rad = scene_figure_radius(f, cam, ui->lay.s);
    cam_pt(cam, f->pos, &x, &y);
    SDL_FRect base = {x - rad, y - rad, 2 * rad, 2 * rad}, hit;
    return scene_rects_overlap(r, &base) || ui_unit_words_covered(ui, f->unit, r, &hit);
}

/* What a tooltip at r would hide: a card (never), what it describes
 * (tip_on_own), the ruler's end and length, a label or marker row (an
 * objective's, the target's CO), then figures. */
static float tip_cost(sl_ui *ui, const sl_world *w, const sl_cam *cam, const SDL_FRect *r, int about)
{
    float cost = ui_card_covers(ui, r) ? 1000.0f : 0.0f;
    if (tip_on_own(ui, w, cam, about, r))
        cost += 500.0f;
    if (ui->ruler_box.w > 0 && scene_rects_overlap(r, &ui->ruler_box))
        cost += 200.0f;
    cost += 40.0f * (float)scene_name_hits(ui, w, r);
    cost += 10.0f * (float)scene_spot_hits(ui, w, cam, ui->lay.s, r);
    return cost;
}

/* Where a tooltip of tw x th on figure `about` (-1: a feature) goes on
 * the table layout's table: beside the pointer (mx, my), never under it,
 * above, below or to either side and slid along that side, else a step
 * or two further out (past a name's height), where tip_cost is least; false
 * when every place is on a card. */
static bool tip_spot(sl_ui *ui, const sl_world *w, const sl_cam *cam, float mx, float my, float tw, float th,
                     int about, float *bx, float *by)
{
    float s = ui->lay.s, pad = 6 * s, best = -1;
    const SDL_FRect *T = &ui->lay.table;
    for (int i = 0; i < 60; i++) {
        int far = i / 20, side = i / 5 % 4, k = i % 5;
        float f = (float)k / 4, gap = (14 + 18 * (float)far) * s, x, y;
        if (side < 2) { /* below, above: slid from the pointer's right to its left */
            x = mx - gap - tw + (tw + 2 * gap) * (side == 0 ? 1 - f : f);
            y = side == 0 ? my + gap : my - gap - th;
        } else { /* right, left: slid from above the pointer to below */
            x = side == 2 ? mx + gap : mx - gap - tw;
            y = my - gap - th + (th + 2 * gap) * f;
        }
        x = fmaxf(T->x + pad, fminf(x, T->x + T->w - tw - pad));
        y = fmaxf(T->y + pad, fminf(y, T->y + T->h - th - pad));
        SDL_FRect r = {x - pad, y - pad, tw + 2 * pad, th + 2 * pad};
        if (r.x <= mx && mx <= r.x + r.w && r.y <= my && my <= r.y + r.h)
            continue; /* never under the pointer */
        float c = tip_cost(ui, w, cam, &r, about) + (float)far * 30.0f + (float)(side * 5 + k) * 0.5f;
        if (best < 0 || c < best)
            best = c, *bx = x, *by = y;
    }
    return best >= 0 && best < 1000;
}

/* What is under the pointer, in words wrapped (never cut) near it, where
 * it hides least of what it describes: off the cards, the ruler's end,
 * the labels and markers; none when every place is on a card. */
static void draw_tooltip(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam)
{
    ui->tip = (SDL_FRect){0, 0, 0, 0};
    if (!v->mouse_in_table || v->panning || v->boxing || v->ruler.dragging || v->tip_off)
        return;
    if (v->pick.kind > SL_CMD_NONE && v->pick.point)
        return; /* a burst being aimed: its card says whom it would catch */
    char buf[400];
    if (!describe_under(w, v, buf, sizeof buf))
        return;
    float s = ui->lay.s, pad = 6 * s;
    const SDL_FRect *T = &ui->lay.table, *S = &ui->lay.strip;
    char lines[6][UI_LINE];
    ui->text.watch = true; /* read whole */
    float room = S->w > 0 ? S->w - 4 * pad : fmaxf(80 * s, fminf(T->w - 4 * pad, 220 * s));
    int nl = text_wrap_lines(&ui->text, SL_FONT_SMALL, buf, room, lines, 6);
    ui->text.watch = false;
    float tw = 0, lh = (float)text_height(&ui->text, SL_FONT_SMALL), th = lh * (float)nl;
    for (int i = 0; i < nl; i++)
        tw = fmaxf(tw, (float)text_width(&ui->text, SL_FONT_SMALL, lines[i]));
    float mx = (float)v->mouse_x, my = (float)v->mouse_y, bx = 0, by = 0;
    if (S->w > 0) { /* the presentation: nothing over the table, the words in the strip */
        /* at its foot; else above the status sentence's box standing
         * there (issue 41: at 1280x720 200% the APC's tooltip lay over
         * it), else under the strip's cards: off that box always, as off
         * every card, and off the cards and the ruler's length (it may
         * reach past the table's edge) where it can be; none where no
         * place is off the box */
        bx = S->x + 2 * pad;
        const SDL_FRect *sb = &ui->status_box;
        SDL_FRect cards = {S->x, S->y, S->w, ui->strip_y - S->y};
        float least = -1;
        /* where no place holds it whole, its first parts (up to a " · "),
         * as the status line shortens what is under the pointer */
        for (;;) {
            float ys[3] = {S->y + S->h - th - 2 * pad, sb->w > 0 ? sb->y - th - 2 * pad : -1, ui->strip_y + pad};
            for (int i = 0; i < 3; i++) {
                SDL_FRect r = {bx - pad, ys[i] - pad, S->w - 2 * pad, th + 2 * pad};
                if (r.y < S->y || r.y + r.h > S->y + S->h + 0.5f)
                    continue;
                float c = (sb->w > 0 && scene_rects_overlap(&r, sb) ? 1000.0f : 0.0f) +
                          (cards.h > 0 && scene_rects_overlap(&r, &cards) ? 100.0f : 0.0f) +
                          (ui->ruler_box.w > 0 && scene_rects_overlap(&r, &ui->ruler_box) ? 50.0f : 0.0f);
                if (least < 0 || c < least)
                    least = c, by = ys[i];
            }
            if (least >= 0 && least < 1000.0f)
                break;
            char *cut = NULL;
            for (char *p = strstr(buf, " \xC2\xB7 "); p; p = strstr(p + 1, " \xC2\xB7 "))
                cut = p;
            if (!cut)
                return; /* no place off the status box */
            *cut = '\0';
            least = -1;
            nl = text_wrap_lines(&ui->text, SL_FONT_SMALL, buf, room, lines, 6);
            th = lh * (float)nl;
        }
        SDL_RenderSetClipRect(ui->ren, NULL);
        gfx_rect(ui->ren, bx - pad, by - pad, S->w - 2 * pad, th + 2 * pad, sl_rgba_make(10, 10, 12, 240));
        gfx_rect_outline(ui->ren, bx - pad, by - pad, S->w - 2 * pad, th + 2 * pad, 1.5f * s, ui_pal.rule);
        for (int i = 0; i < nl; i++)
            text_draw(&ui->text, SL_FONT_SMALL, lines[i], bx, by + lh * (float)i, ui_pal.text, SL_ALIGN_LEFT);
        ui->tip = (SDL_FRect){bx - pad, by - pad, S->w - 2 * pad, th + 2 * pad};
        return;
    }
    if (!tip_spot(ui, w, cam, mx, my, tw, th, v->hover_figure, &bx, &by))
        return;
    gfx_rect(ui->ren, bx - pad, by - pad, tw + 2 * pad, th + 2 * pad, sl_rgba_make(10, 10, 12, 230));
    for (int i = 0; i < nl; i++)
        text_draw(&ui->text, SL_FONT_SMALL, lines[i], bx, by + lh * (float)i, ui_pal.text, SL_ALIGN_LEFT);
    ui->tip = (SDL_FRect){bx - pad, by - pad, tw + 2 * pad, th + 2 * pad};
}

/* Help: every key and gesture, and a legend of what the table shows. */
/* The window's own keys, before and after those of the rules in play
 * (sl_game_help: the ruleset's and each house rule's, only in a game). */
static const char *const help_head[][2] = {
    {"F1 or ?", "Show or hide this help"},
    {"Left click", "Select a figure's unit (Shift adds or removes)"},
    {"Left drag", "Select the units inside a box"},
    {"Tab / Shift+Tab", "Select the next / previous unit"},
    {"Esc", "Clear the ruler, the selection, or close this"},
    {"Right or middle drag", "Pan the table"},
    {"Arrow keys", "Pan the table"},
    {"Wheel, + and -", "Zoom about the cursor"},
    {"Home", "Fit the whole table in view"},
    {"R", "Ruler: drag to measure, click to add waypoints"},
    {"M", "Plan a move for the selected unit (cost and 6\" marks)"},
    {"Backspace, Enter", "Remove the last waypoint / finish the line"},
    {"B, [ and ]", "Blast template (3, 4, 6, 10\"); click to pin it"},
    {"V", "The selected unit's range bands (SkirmishCorps: firearm brackets), cut to its sight"},
    {"Hover an enemy, T", "Sight line and verdict to it (T: next target)"},
    {"I", "Integrity circle of every unit"},
    {"S", "Back to the selection tool"},
    {"G", "Show or hide a 6-inch grid"},
    {"L", "Show or hide unit labels"},
    {"F2", "Make text and controls larger (for projectors)"},
    {"F3  /  F4", "Hide the side panel  /  every action in the bar, or only what may be done now"},
    {"F10", "Presentation layout (projectors): nothing over the table, cards and dice beside it"},
    {"Shift+F10", "How long the last command's rolls stay before they fade (a click on a card closes it)"},
    {"F11", "A second window for the room: the table, the cards and the dice, no controls (--mirror)"},
    {"F12", "Save a screenshot (PNG) in the current folder"},
    {". or Ctrl+click", "Ping: a mark that pulses a few seconds on the table (and the room's window)"},
    {",", "Pen: drag an arrow, Shift+drag a ring, click a ping; they stay (Backspace: the last)"},
    {"Delete  /  Ctrl+C", "Clear the pen's marks  /  copy them as a lesson step's \"pointer\" (never a command)"},
    {"1, 2 ... / N", "In a game: answer a decision (its box says how; N: let it pass)"},
};
static const char *const help_tail[][2] = {
    {"Ctrl+Z  /  :", "Undo the last command  /  type a command"},
    {"F5", "Solo: the program plays a side, then both"},
    {"Shift+F5", "Solo: the program's stance (cautious, balanced, aggressive)"},
    {"F8  /  F9  /  Shift+F8", "Solo: hold or go on  /  one command while held  /  slower or faster"},
    {"N  /  J  /  Esc", "At the game's end: a new game  /  save it to replay  /  look at the table (Enter: the result)"},
    {"F6  /  F7", "Hidden units: whose view (players', a side's, referee's)  /  hand-over screens"},
    {"PgUp / PgDn, wheel", "Scroll the dice log (the wheel over the forces scrolls them); turn an aiming card's pages"},
    {"Right / Left", "In a lesson (sightline lesson FILE): the next / previous step"},
    {"Ctrl+O", "The start screen: scenarios, lessons, recent games, a file by its path (arrows, Enter, type to find)"},
    {"Ctrl+R", "On the start screen: replay the recent game chosen"},
    {"Right / Left, Shift", "In a replay: the next / previous command; with Shift a turn; Home / End the start / end"},
    {"F6  /  Ctrl+P  /  Esc", "In a replay: the referee's or a side's view  /  play on from here  /  leave it"},
    {"Ctrl+Q", "Quit"},
    {"Drop a file", "Open a scenario or map dropped on the window"},
};
#define HELP_NHEAD ((int)(sizeof help_head / sizeof help_head[0]))
#define HELP_NTAIL ((int)(sizeof help_tail / sizeof help_tail[0]))
#define HELP_MORE_MAX 8
#define HELP_MAX (HELP_NHEAD + HELP_MORE_MAX + SL_MAX_HELP_ROWS + HELP_NTAIL)

/* Rows a window of its own adds (the window on a host's game: remote.c). */
static const char *const (*help_more)[2];
static int help_nmore;

void ui_help_more(const char *const (*rows)[2], int n)
{
    help_more = rows;
    help_nmore = n < HELP_MORE_MAX ? n : HELP_MORE_MAX;
}

/* The help page's rows: the window's, with the rules' keys of the game
 * in play between (none without a game). */
typedef struct help_rows {
    sl_help_row rule[SL_MAX_HELP_ROWS];
    const char *row[HELP_MAX][2];
    int n;
} help_rows;

static void help_collect(const sl_view *v, help_rows *hr)
{
    hr->n = 0;
    for (int i = 0; i < HELP_NHEAD; i++) {
        hr->row[hr->n][0] = help_head[i][0];
        hr->row[hr->n++][1] = help_head[i][1];
    }
    for (int i = 0; help_more && i < help_nmore; i++) {
        hr->row[hr->n][0] = help_more[i][0];
        hr->row[hr->n++][1] = help_more[i][1];
    }
    int nr = play_on(v) ? sl_game_help(&v->play->game, hr->rule, SL_MAX_HELP_ROWS) : 0;
    for (int i = 0; i < nr; i++) {
        hr->row[hr->n][0] = hr->rule[i].keys;
        hr->row[hr->n++][1] = hr->rule[i].text;
    }
    for (int i = 0; i < HELP_NTAIL; i++) {
        hr->row[hr->n][0] = help_tail[i][0];
        hr->row[hr->n++][1] = help_tail[i][1];
    }
}

/* The help's layout: the fonts and widths it is drawn with, its rows and
 * columns, its pages and the page shown, and the box. */
typedef struct help_layout {
    help_rows keys;
    sl_font kf, df;
    float lh, keyw, descw, legw, colgap, head, foot, avail;
    int rows, fit;
    bool legend_apart; /* the legend on a page of its own, after the keys */
    int ncols, per_page, key_pages, npages, page;
    bool pair, legend_here, terrain_here, sides_here;
    float keys_w, bx, by, bw, bh;
} help_layout;

/* The keys flow down as many columns as the window's height needs, the
 * legend beside them. When they do not all fit across (large text on a
 * projector), they go on pages (PgDn); in small type only when not even
 * one column fits, and cut with an ellipsis only when not even that
 * does. */
static void help_measure(sl_ui *ui, help_layout *hl)
{
    const sl_layout *L = &ui->lay;
    float s = L->s;
    int nk = hl->keys.n;
    static const char *const legend_widest[] = {"Difficult ground: soft cover, difficult going",
                                                "White ring: unit leader.  Bar: support weapon."};
    hl->legw = 0;
    hl->kf = SL_FONT_BOLD;
    hl->df = SL_FONT_NORMAL;
    hl->lh = hl->keyw = hl->descw = hl->head = hl->foot = hl->avail = 0;
    hl->colgap = 24 * s;
    hl->rows = nk;
    hl->fit = 1;
    hl->legend_apart = false;
    for (int pass = 0; pass < 4; pass++) {
        hl->kf = pass % 2 ? SL_FONT_SMALL : SL_FONT_BOLD;
        hl->df = pass % 2 ? SL_FONT_SMALL : SL_FONT_NORMAL;
        hl->legend_apart = pass >= 2;
        hl->lh = (float)text_height(&ui->text, hl->df) * 1.3f;
        hl->head = (float)text_height(&ui->text, SL_FONT_TITLE) * 1.3f + 14 * s;
        hl->foot = (float)text_height(&ui->text, SL_FONT_SMALL) * 1.3f + 14 * s;
        hl->keyw = hl->descw = hl->legw = 0;
        for (int i = 0; i < nk; i++) {
            hl->keyw = fmaxf(hl->keyw, (float)text_width(&ui->text, hl->kf, hl->keys.row[i][0]));
            hl->descw = fmaxf(hl->descw, (float)text_width(&ui->text, hl->df, hl->keys.row[i][1]));
        }
        for (size_t i = 0; i < sizeof legend_widest / sizeof legend_widest[0]; i++)
            hl->legw = fmaxf(hl->legw, hl->lh + 8 * s + (float)text_width(&ui->text, SL_FONT_SMALL, legend_widest[i]));
        hl->rows = (int)((L->h - 40 * s - hl->head - hl->foot) / hl->lh);
        if (hl->rows < 1)
            hl->rows = 1;
        hl->avail = L->w - 80 * s - (hl->legend_apart ? 0 : hl->legw);
        hl->fit = (int)(hl->avail / (hl->keyw + 14 * s + hl->descw + hl->colgap));
        if (hl->fit >= 1)
            break;
    }
    if (hl->fit < 1) {
        hl->fit = 1;
        hl->descw = fmaxf(40 * s, hl->avail - hl->keyw - 14 * s - hl->colgap);
    }
}

/* The pages: the keys' pages, then the legend's when it stands apart
 * (the terrain and the sides side by side if they fit, else a page
 * each); what the page shown holds, and the box it needs. */
static void help_paginate(sl_ui *ui, help_layout *hl, int page)
{
    const sl_layout *L = &ui->lay;
    float s = L->s;
    int nk = hl->keys.n;
    int need = (nk + hl->rows - 1) / hl->rows;
    hl->ncols = need < hl->fit ? need : hl->fit;
    hl->per_page = hl->ncols * hl->rows;
    hl->key_pages = (nk + hl->per_page - 1) / hl->per_page;
    hl->pair = 40 * s + 2 * hl->legw + hl->colgap <= L->w - 40 * s;
    hl->npages = hl->key_pages + (hl->legend_apart ? (hl->pair ? 1 : 2) : 0);
    if (hl->key_pages == 1)
        hl->rows = (nk + hl->ncols - 1) / hl->ncols; /* balance the columns */
    hl->page = ((page % hl->npages) + hl->npages) % hl->npages;
    hl->legend_here = hl->legend_apart ? hl->page >= hl->key_pages : true;
    hl->terrain_here = hl->legend_here && (!hl->legend_apart || hl->page == hl->key_pages);
    hl->sides_here = hl->legend_here && (!hl->legend_apart || hl->pair || hl->page == hl->key_pages + 1);
    float colw = hl->keyw + 14 * s + hl->descw + hl->colgap;
    hl->keys_w = hl->page < hl->key_pages ? hl->ncols * colw : 0;
    hl->bw = 40 * s + hl->keys_w + (hl->legend_here ? hl->legw : 0);
    if (hl->legend_apart)
        hl->bw = 40 * s + fmaxf(hl->ncols * colw, hl->pair ? 2 * hl->legw + hl->colgap : hl->legw);
    if (hl->bw > L->w - 40 * s)
        hl->bw = L->w - 40 * s;
    float legh = hl->lh * (hl->legend_apart ? 12 : 17);
    hl->bh = fminf(L->h - 40 * s, hl->head + fmaxf(hl->rows * hl->lh, legh) + hl->foot);
    hl->bx = (L->w - hl->bw) / 2;
    hl->by = (L->h - hl->bh) / 2;
}

/* The keys of the page shown, in columns from (x, y); and the footer. */
static void help_draw_keys(sl_ui *ui, const help_layout *hl, float x, float y)
{
    float s = ui->lay.s;
    for (int j = 0; hl->page < hl->key_pages && j < hl->per_page && hl->page * hl->per_page + j < hl->keys.n; j++) {
        int i = hl->page * hl->per_page + j;
        float cx = x + (float)(j / hl->rows) * (hl->keyw + 14 * s + hl->descw + hl->colgap);
        float ky = y + (float)(j % hl->rows) * hl->lh;
        char cut[200];
        text_fit(&ui->text, hl->df, hl->keys.row[i][1], hl->descw, cut, sizeof cut);
        text_draw(&ui->text, hl->kf, hl->keys.row[i][0], cx, ky, ui_pal.accent, SL_ALIGN_LEFT);
        text_draw(&ui->text, hl->df, cut, cx + hl->keyw + 14 * s, ky, ui_pal.text, SL_ALIGN_LEFT);
    }
    char footer[160];
    if (hl->npages > 1)
        snprintf(footer, sizeof footer, "Page %d of %d: PgDn or Space for the next, PgUp back; F1 or Esc closes",
                 hl->page + 1, hl->npages);
    else
        snprintf(footer, sizeof footer, "F1 or Esc closes this; the action bar shows each unit's actions and keys");
    text_draw(&ui->text, SL_FONT_SMALL, footer, x, hl->by + hl->bh - hl->foot + 4 * s,
              hl->npages > 1 ? ui_pal.accent : ui_pal.dim, SL_ALIGN_LEFT);
}

static sl_rgba terrain_colour(sl_terrain_kind kind)
{
    switch (kind) {
    case SL_TERRAIN_WOODS: return sl_rgba_make(52, 104, 52, 255);
    case SL_TERRAIN_BUILDING: return sl_rgba_make(150, 128, 112, 255);
    case SL_TERRAIN_WALL: return sl_rgba_make(170, 168, 160, 255);
    case SL_TERRAIN_HEDGE: return sl_rgba_make(44, 116, 44, 255);
    case SL_TERRAIN_HILL: return sl_rgba_make(196, 168, 112, 255);
    case SL_TERRAIN_ROAD: return sl_rgba_make(214, 198, 160, 255);
    case SL_TERRAIN_ROUGH: return sl_rgba_make(160, 140, 90, 255);
    case SL_TERRAIN_DIFFICULT: return sl_rgba_make(128, 96, 62, 255);
    case SL_TERRAIN_WATER: return sl_rgba_make(70, 128, 196, 255);
    default: return sl_rgba_make(140, 134, 124, 255);
    }
}

/* A small square of that terrain, drawn with the table's patterns. */
static void terrain_swatch(sl_ui *ui, sl_terrain_kind kind, float lx, float ly, float q)
{
    float s = ui->lay.s;
    gfx_rect(ui->ren, lx, ly, q, q, terrain_colour(kind));
    float sq[8] = {lx, ly, lx + q, ly, lx + q, ly + q, lx, ly + q};
    switch (kind) {
    case SL_TERRAIN_BUILDING:
        gfx_hatch(ui->ren, sq, 4, 0, 0, 6 * s, 45, 1.5f * s, sl_rgba_make(112, 94, 82, 255));
        break;
    case SL_TERRAIN_DIFFICULT:
    case SL_TERRAIN_RUBBLE:
        gfx_hatch(ui->ren, sq, 4, 0, 0, 6 * s, 45, 1.2f * s, sl_rgba_make(70, 50, 30, 230));
        gfx_hatch(ui->ren, sq, 4, 0, 0, 6 * s, 135, 1.2f * s, sl_rgba_make(70, 50, 30, 230));
        break;
    case SL_TERRAIN_WATER:
        gfx_hatch(ui->ren, sq, 4, 0, 0, 5 * s, 0, 1.5f * s, sl_rgba_make(178, 214, 242, 230));
        break;
    case SL_TERRAIN_WOODS:
        gfx_disc(ui->ren, lx + q * 0.3f, ly + q * 0.35f, q * 0.22f, sl_rgba_make(30, 82, 30, 255));
        gfx_disc(ui->ren, lx + q * 0.68f, ly + q * 0.62f, q * 0.25f, sl_rgba_make(30, 82, 30, 255));
        break;
    default:
        break;
    }
    gfx_rect_outline(ui->ren, lx, ly, q, q, 1.5f * s, sl_rgba_make(0, 0, 0, 255));
}

/* The legend's terrain from (lx, ly), when the page shows it: each kind's
 * swatch, cover and going. Where the next part of the legend goes. */
static float help_terrain(sl_ui *ui, const help_layout *hl, float lx, float ly)
{
    float s = ui->lay.s;
    if (hl->terrain_here)
        text_draw(&ui->text, SL_FONT_BOLD, "Terrain", lx, ly, ui_pal.accent, SL_ALIGN_LEFT);
    ly += hl->lh;
    static const sl_terrain_kind order[] = {SL_TERRAIN_WOODS, SL_TERRAIN_BUILDING, SL_TERRAIN_WALL, SL_TERRAIN_HEDGE,
                                            SL_TERRAIN_HILL, SL_TERRAIN_ROAD, SL_TERRAIN_ROUGH, SL_TERRAIN_DIFFICULT,
                                            SL_TERRAIN_WATER, SL_TERRAIN_RUBBLE};
    for (size_t i = 0; hl->terrain_here && i < sizeof order / sizeof order[0]; i++) {
        const sl_terrain_defaults *k = sl_terrain_kind_info(order[i]);
        float q = hl->lh * 0.8f;
        terrain_swatch(ui, order[i], lx, ly, q);
        char buf[160];
        snprintf(buf, sizeof buf, "%s: %s, %s going", k->label, sl_cover_phrase(k->cover), sl_going_name(k->going));
        text_draw(&ui->text, SL_FONT_SMALL, buf, lx + q + 8 * s, ly, ui_pal.text, SL_ALIGN_LEFT);
        ly += hl->lh * 0.95f;
    }
    return ly;
}

/* The legend's sides from (lx, ly): each side's marker and name. */
static void help_sides(sl_ui *ui, const sl_world *w, const help_layout *hl, float lx, float ly)
{
    float s = ui->lay.s, lh = hl->lh;
    text_draw(&ui->text, SL_FONT_BOLD, "Sides", lx, ly, ui_pal.accent, SL_ALIGN_LEFT);
    ly += lh;
    for (int sd = 0; sd < w->scn.nsides; sd++) {
        ui_side_swatch(ui, w, sd, lx + 9 * s, ly + lh * 0.4f, 8 * s);
        char buf[160];
        snprintf(buf, sizeof buf, "%s (%s)", w->scn.sides[sd].name, sl_marker_name(w->scn.sides[sd].marker));
        text_draw(&ui->text, SL_FONT_SMALL, buf, lx + 24 * s, ly, ui_pal.text, SL_ALIGN_LEFT);
        ly += lh * 0.95f;
    }
    text_draw(&ui->text, SL_FONT_SMALL, "White ring: unit leader.  Bar: support weapon.", lx, ly, ui_pal.dim, SL_ALIGN_LEFT);
}

static void draw_help(sl_ui *ui, const sl_world *w, const sl_view *v, int page)
{
    const sl_layout *L = &ui->lay;
    float s = L->s;
    help_layout hl;
    help_collect(v, &hl.keys);
    help_measure(ui, &hl);
    help_paginate(ui, &hl, page);
    gfx_rect(ui->ren, 0, 0, (float)L->w, (float)L->h, sl_rgba_make(0, 0, 0, 120));
    gfx_rect(ui->ren, hl.bx, hl.by, hl.bw, hl.bh, sl_rgba_make(24, 26, 30, 245));
    gfx_rect_outline(ui->ren, hl.bx, hl.by, hl.bw, hl.bh, 2 * s, ui_pal.accent);
    float x = hl.bx + 20 * s, y = hl.by + 14 * s;
    text_draw(&ui->text, SL_FONT_TITLE, "sightline \xE2\x80\x94 keys and mouse", x, y, ui_pal.text, SL_ALIGN_LEFT);
    y += (float)text_height(&ui->text, SL_FONT_TITLE) * 1.3f;
    help_draw_keys(ui, &hl, x, y);
    if (!hl.legend_here)
        return;
    float colw = hl.legend_apart ? 10 * s : 20 * s + hl.keys_w - 10 * s;
    /* legend: terrain swatches drawn with the same patterns as the table */
    float lx = hl.bx + colw + 10 * s;
    float ly = help_terrain(ui, &hl, lx, y);
    if (hl.legend_apart) { /* apart: the sides beside the terrain, or on their own page */
        if (hl.terrain_here)
            lx += hl.legw + hl.colgap;
        ly = y;
    } else {
        ly += hl.lh * 0.4f;
    }
    if (hl.sides_here)
        help_sides(ui, w, &hl, lx, ly);
}

/* The error's text as the box shows it: each of its lines wrapped to the
 * box, none cut (a path or a loader's message can be long). */
static int error_lines(sl_ui *ui, const char *text, float maxw, char out[][UI_LINE], int max)
{
    int n = 0;
    char para[600];
    for (const char *p = text; *p && n < max;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        snprintf(para, sizeof para, "%.*s", (int)(len < sizeof para ? len : sizeof para - 1), p);
        if (para[0])
            n += text_wrap_lines(&ui->text, SL_FONT_NORMAL, para, maxw, out + n, max - n);
        else
            out[n++][0] = '\0'; /* a blank line between paragraphs */
        p = nl ? nl + 1 : p + len;
    }
    return n;
}

static void draw_error(sl_ui *ui, const sl_view *v)
{
    const sl_layout *L = &ui->lay;
    float s = L->s;
    float lh = (float)text_height(&ui->text, SL_FONT_NORMAL) * 1.25f;
    float bw = fminf(1100 * s, L->w - 40 * s);
    static char rows[40][UI_LINE];
    int lines = error_lines(ui, v->error_text, bw - 36 * s, rows, 40);
    float bh = fminf(L->h - 40 * s, lh * ((float)lines + 4));
    float bx = (L->w - bw) / 2, by = (L->h - bh) / 2;
    gfx_rect(ui->ren, 0, 0, (float)L->w, (float)L->h, sl_rgba_make(0, 0, 0, 140));
    gfx_rect(ui->ren, bx, by, bw, bh, sl_rgba_make(40, 20, 20, 250));
    gfx_rect_outline(ui->ren, bx, by, bw, bh, 3 * s, sl_rgba_make(213, 94, 0, 255));
    SDL_Rect clip = {(int)bx, (int)by, (int)bw, (int)bh};
    SDL_RenderSetClipRect(ui->ren, &clip);
    float x = bx + 18 * s, y = by + 12 * s;
    text_draw(&ui->text, SL_FONT_LARGE, v->error_title, x, y, ui_pal.text, SL_ALIGN_LEFT);
    y += lh * 1.4f;
    for (int i = 0; i < lines; i++) {
        text_draw(&ui->text, SL_FONT_NORMAL, rows[i], x, y, ui_pal.text, SL_ALIGN_LEFT);
        y += lh;
    }
    text_draw(&ui->text, SL_FONT_SMALL, "Esc closes this message.", x, by + bh - lh, ui_pal.dim, SL_ALIGN_LEFT);
    SDL_RenderSetClipRect(ui->ren, NULL);
}

void hud_draw(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam)
{
    if (ui->opts.hud) {
        draw_toolbar(ui, w, v);
        play_draw_bar(ui, w, v);
        if (ui->lay.panel.w > 0) {
            panel_draw(ui, w, v);
            play_draw_card_aside(ui, w, v, cam);  /* a decision's card too big for the table */
            play_draw_rolls_aside(ui, w, v, cam); /* rolls the table had no clear place for */
        }
        if (!ui->frame_split) {
            draw_status(ui, w, v, cam);
            draw_tooltip(ui, w, v, cam);
        }
    }
    play_draw_modal(ui, v);
    if (v->show_help)
        draw_help(ui, w, v, v->help_page);
    if (v->error_title[0])
        draw_error(ui, v);
}

void hud_draw_live(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam)
{
    if (!ui->opts.hud)
        return;
    draw_status(ui, w, v, cam);
    draw_tooltip(ui, w, v, cam);
}

void ui_screenshot(SDL_Renderer *ren, int w, int h, const char *name, char *said, size_t len)
{
    unsigned char *px = malloc((size_t)w * (size_t)h * 4);
    if (!px) {
        snprintf(said, len, "Screenshot not saved: out of memory");
        return;
    }
    if (SDL_RenderReadPixels(ren, NULL, SDL_PIXELFORMAT_RGBA32, px, w * 4) != 0) {
        snprintf(said, len, "Screenshot failed: %s", SDL_GetError());
        free(px);
        return;
    }
    for (size_t i = 0; i < (size_t)w * (size_t)h; i++)
        px[4 * i + 3] = 255;
    char why[200];
    if (sl_image_write_png(name, w, h, px, w * 4, why, sizeof why))
        snprintf(said, len, "Screenshot saved: %s", name);
    else
        snprintf(said, len, "Screenshot not saved: %.200s", why);
    free(px);
}
