/* The end of a game: a card over the table that says who won and why,
 * what each place scored, and what each side lost, unit by unit; with
 * its buttons, each with its key: a new game, a replay, the game saved
 * for replaying, quit; Esc closes it to look the table over (Enter shows
 * it again). */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sightline/play.h"
#include "ui_internal.h"

#define END_LINES 48

typedef struct end_line {
    sl_font font;
    sl_rgba colour;
    char text[UI_LINE];
} end_line;

static int add(end_line *out, int n, sl_font f, sl_rgba c, const char *text)
{
    if (n >= END_LINES)
        return n;
    out[n].font = f;
    out[n].colour = c;
    snprintf(out[n].text, sizeof out[n].text, "%s", text);
    return n + 1;
}

/* Each place: its name, its points and who took it, in words. */
static int places(const sl_game *g, end_line *out, int n)
{
    const sl_scenario *s = &g->live;
    if (s->nobjectives > 0)
        n = add(out, n, SL_FONT_BOLD, ui_pal.accent, "The places");
    for (int i = 0; i < s->nobjectives; i++) {
        const sl_objective *o = &s->objectives[i];
        int h = sl_game_holder_for(g, i, -1);
        char who[SL_NAME_LEN + 40];
        if (h >= 0)
            snprintf(who, sizeof who, "%s %s it", s->sides[h].name, o->reach_side >= 0 ? "reached" : "holds");
        else
            snprintf(who, sizeof who, "%s", h == -2 ? "contested: nobody scores it" : o->reach_side >= 0 ? "not reached" : "nobody holds it");
        char line[UI_LINE];
        snprintf(line, sizeof line, "%s (%d point%s): %s", o->name, o->points, o->points == 1 ? "" : "s", who);
        if (line[0] >= 'a' && line[0] <= 'z') /* a line of its own: "The stone barn", not "the stone barn" */
            line[0] = (char)(line[0] - 'a' + 'A');
        n = add(out, n, SL_FONT_NORMAL, ui_pal.text, line);
    }
    return n;
}

/* What one unit lost: "ESU 1st Squad: 2 killed, 1 wounded of 8, routed". */
static void unit_losses(const sl_scenario *s, int u, char *out, size_t len)
{
    const sl_unit *un = &s->units[u];
    int dead = 0, hurt = 0;
    for (int i = 0; i < un->nfigures; i++) {
        sl_figure_status st = s->figures[un->first_figure + i].status;
        dead += st == SL_FIG_DEAD;
        hurt += st == SL_FIG_WOUNDED;
    }
    size_t at = (size_t)snprintf(out, len, "%s: ", un->name);
    if (at >= len)
        return;
    if (un->nfigures == 1) /* a unit of one: "Scout: killed", not "all 1 killed" */
        at += (size_t)snprintf(out + at, len - at, "%s", dead ? "killed" : hurt ? "wounded" : "no losses");
    else if (!dead && !hurt)
        at += (size_t)snprintf(out + at, len - at, "no losses (%d men)", un->nfigures);
    else if (dead == un->nfigures)
        at += (size_t)snprintf(out + at, len - at, "all %d killed", dead);
    else if (!hurt)
        at += (size_t)snprintf(out + at, len - at, "%d killed of %d", dead, un->nfigures);
    else if (!dead)
        at += (size_t)snprintf(out + at, len - at, "%d wounded of %d", hurt, un->nfigures);
    else
        at += (size_t)snprintf(out + at, len - at, "%d killed, %d wounded of %d", dead, hurt, un->nfigures);
    if (at < len && un->confidence >= SL_CONF_BROKEN && dead < un->nfigures)
        snprintf(out + at, len - at, ", %s", sl_confidence_name(un->confidence));
}

/* Each side's losses, unit by unit (detached elements and dummies left
 * out: their men are counted with their squads, and a dummy had none).
 * In a side's view (`viewer`), only the enemies it has seen in full. */
static int losses(const sl_game *g, int viewer, end_line *out, int n)
{
    const sl_scenario *s = &g->live;
    for (int side = 0; side < s->nsides; side++) {
        int unseen = 0;
        char head[SL_NAME_LEN + 20];
        snprintf(head, sizeof head, "%s's losses", s->sides[side].name);
        n = add(out, n, SL_FONT_BOLD, ui_pal.accent, head);
        for (int u = 0; u < s->nunits; u++) {
            const sl_unit *un = &s->units[u];
            if (un->side != side || un->kind == SL_UNIT_DUMMY || un->nfigures == 0 || un->parent >= 0)
                continue;
            if (viewer >= 0 && side != viewer && sl_game_knows(g, viewer, u) != SL_KNOW_ALL) {
                unseen++;
                continue;
            }
            char line[UI_LINE];
            unit_losses(s, u, line, sizeof line);
            n = add(out, n, SL_FONT_NORMAL, ui_pal.text, line);
        }
        if (unseen > 0) {
            char line[UI_LINE];
            snprintf(line, sizeof line, "and %d unit%s never seen", unseen, unseen == 1 ? "" : "s");
            n = add(out, n, SL_FONT_NORMAL, ui_pal.dim, line);
        }
    }
    return n;
}

/* The result's lines (who won, why): first, never left off. */
#define END_RESULT_LINES 2

static int end_lines(const sl_game *g, int viewer, end_line *out)
{
    const sl_outcome *o = &g->outcome;
    const sl_scenario *s = &g->live;
    char line[UI_LINE];
    if (o->winner >= 0)
        snprintf(line, sizeof line, "%s wins", s->sides[o->winner].name);
    else
        snprintf(line, sizeof line, "A draw");
    int n = add(out, 0, SL_FONT_TITLE, ui_pal.text, line);
    n = add(out, n, SL_FONT_NORMAL, ui_pal.dim, o->why);
    n = places(g, out, n);
    return losses(g, viewer, out, n);
}

/* The card's lines wrapped to width `wd` (each whole, however many rows
 * it takes), the keys' line last: the rows, how many are the keys', and
 * the card's height with its row of buttons. */
#define END_ROWS (END_LINES * 4 + 8)
#define END_NBTN 4
typedef struct end_rows {
    char text[END_ROWS][UI_LINE];
    int font[END_ROWS];
    int line[END_ROWS]; /* the line each row is of */
    float lh[END_ROWS]; /* each row's height, measured once */
    sl_rgba colour[END_ROWS];
    int n, nkeys;
    float h;
} end_rows;

/* The card's actions, each a button drawn with its key; a click on one
 * is its key pressed. */
static const struct {
    const char *label, *key;
    SDL_Keycode k;
} end_btns[END_NBTN] = {
    {"New game", "N", SDLK_n},
    {"Replay", "R", SDLK_r},
    {"Save the journal", "J", SDLK_j},
    {"Quit", "Ctrl+Q", SDLK_q},
};

static float btn_h(sl_ui *ui)
{
    return (float)text_height(&ui->text, SL_FONT_SMALL) + 10 * ui->lay.s;
}

/* How many buttons a row of width wd takes (4, 2 or 1) and their width
 * there; *rows the rows they need. */
static int btn_per_row(sl_ui *ui, float wd, float *bw, int *rows)
{
    float s = ui->lay.s, gap = 8 * s, widest = 0;
    for (int i = 0; i < END_NBTN; i++) {
        char words[80];
        snprintf(words, sizeof words, "%s [%s]", end_btns[i].label, end_btns[i].key);
        float tw = (float)text_width(&ui->text, SL_FONT_SMALL, words) + 20 * s;
        widest = tw > widest ? tw : widest;
    }
    int per = 4;
    while (per > 1 && per * widest + (float)(per - 1) * gap > wd)
        per /= 2;
    *bw = per == 1 ? wd : widest;
    *rows = (END_NBTN + per - 1) / per;
    return per;
}

/* The card's rows: its lines, then what was just done (the status
 * sentence, said here over the buttons: its box stood over them at
 * 1280x720 200%) and the keys' line, those last two kept whole. */
static void wrap_card(sl_ui *ui, const end_line *lines, int n, const char *said, float wd, float pad, end_rows *r)
{
    static const char keys[] = "Esc: look at the table (Enter: this card again)";
    r->n = 0;
    r->nkeys = 0;
    for (int i = 0; i <= n + 1; i++) {
        bool kept = i >= n, is_keys = i == n + 1;
        const char *text = is_keys ? keys : kept ? said : lines[i].text;
        sl_font f = kept ? SL_FONT_NORMAL : lines[i].font;
        int room = END_ROWS - r->n - (kept ? 0 : 12); /* the kept rows' room */
        int k = room > 0 && text[0] ? text_wrap_lines(&ui->text, f, text, wd, r->text + r->n, room > 8 ? 8 : room) : 0;
        for (int j = 0; j < k; j++) {
            r->font[r->n + j] = (int)f;
            r->line[r->n + j] = i;
            r->colour[r->n + j] = is_keys ? ui_pal.dim : kept ? ui_pal.accent : lines[i].colour;
            r->lh[r->n + j] = (float)text_height(&ui->text, f) * 1.25f;
        }
        r->n += k;
        r->nkeys += kept ? k : 0;
    }
    float bw;
    int rows;
    btn_per_row(ui, wd, &bw, &rows);
    r->h = 2 * pad + (float)rows * (btn_h(ui) + 8 * ui->lay.s);
    for (int i = 0; i < r->n; i++)
        r->h += r->lh[i];
}

/* Where the card is: its box, its rows, its buttons (at its foot). */
typedef struct end_place {
    float x, y, wd, h, pad;
    bool cut; /* taller than the window: losses left off */
    SDL_FRect btn[END_NBTN];
} end_place;

static void place_card(sl_ui *ui, const sl_view *v, end_rows *r, end_place *at)
{
    static end_line lines[END_LINES];
    int n = end_lines(&v->play->game, v->play->view_side, lines);
    /* what was just done, unless it is the result the card gives (the
     * program's last command in a solo game says the game is over) */
    const char *why = v->play->game.outcome.why, *said = why[0] && strstr(v->status, why) ? "" : v->status;
    const sl_layout *L = &ui->lay;
    float s = L->s, pad = 16 * s;
    float wd = L->table.w - 4 * pad;
    if (wd > 900 * s)
        wd = 900 * s;
    if (wd < 200 * s)
        wd = L->w - 4 * pad;
    wrap_card(ui, lines, n, said, wd, pad, r);
    /* too tall beside the side panel (large text in a small window): the
     * window's width, over the panel, before any line is left off */
    float foot = L->status.h > 0 ? L->status.y : L->h; /* above the status bar: its buttons under it were seen cut */
    float room = foot - 2 * pad, wide = L->w - 4 * pad;
    if (r->h > room && wd < wide) {
        wd = wide > 1400 * s ? 1400 * s : wide;
        wrap_card(ui, lines, n, said, wd, pad, r);
    }
    /* what still does not fit the window is left off at the bottom of
     * the losses, never the result, the keys or the buttons */
    float h = r->h > room ? room : r->h;
    float x = L->table.x + (L->table.w - wd) / 2 - pad, y = L->table.y + (L->table.h - h) / 2;
    if (x + wd + 3 * pad > L->w)
        x = L->w - wd - 3 * pad;
    if (x < pad)
        x = pad;
    if (y + h > foot - pad)
        y = foot - pad - h;
    if (y < pad)
        y = pad;
    *at = (end_place){.x = x, .y = y, .wd = wd, .h = h, .pad = pad, .cut = r->h > room};
    float bw, bh = btn_h(ui), gap = 8 * s;
    int rows, per = btn_per_row(ui, wd, &bw, &rows);
    for (int i = 0; i < END_NBTN; i++) {
        int row = i / per, col = i % per;
        float rw = (float)per * bw + (float)(per - 1) * gap;
        at->btn[i] = (SDL_FRect){x + pad + (wd - rw) / 2 + (float)col * (bw + gap),
                                 y + h - pad - (float)(rows - row) * (bh + gap) + gap, bw, bh};
    }
}

void ui_end_draw(sl_ui *ui, const sl_view *v)
{
    if (!ui_end_shown(v))
        return;
    static end_rows r;
    end_place at;
    place_card(ui, v, &r, &at);
    float s = ui->lay.s, x = at.x, y = at.y, pad = at.pad, h = at.h;
    gfx_rect(ui->ren, x, y, at.wd + 2 * pad, h, sl_rgba_make(16, 17, 20, 255));
    gfx_rect_outline(ui->ren, x, y, at.wd + 2 * pad, h, 2 * s, ui_pal.accent);
    float ty = y + pad, bottom = at.btn[0].y - 4 * s, row = (float)text_height(&ui->text, SL_FONT_NORMAL) * 1.25f;
    float keys_h = (float)r.nkeys * row + (at.cut ? row : 0); /* and the note of what is left off */
    /* the rows before the kept ones that fit, each line whole or left off
     * (the why's first row alone was seen, the rest left off); who won
     * and why are never left off */
    int nrows = r.n - r.nkeys, cut = nrows, left_off = 0, result = 0;
    while (result < nrows && r.line[result] < END_RESULT_LINES)
        result++;
    float fy = ty;
    for (int i = 0; i < nrows && cut == nrows; i++) {
        if (fy + r.lh[i] > bottom - keys_h && i >= result)
            cut = i;
        fy += r.lh[i];
    }
    while (cut > result && cut < nrows && r.line[cut] == r.line[cut - 1])
        cut--;
    for (int i = cut; i < nrows; i++)
        left_off += i == cut || r.line[i] != r.line[i - 1];
    for (int i = 0; i < r.n; i++) {
        if (i >= cut && i < nrows)
            continue;
        if (i == nrows && left_off > 0) { /* never cut without a word */
            char note[120];
            snprintf(note, sizeof note, "\xE2\x80\xA6 %d more line%s: F2 makes the text smaller", left_off,
                     left_off == 1 ? "" : "s");
            text_draw(&ui->text, SL_FONT_NORMAL, note, x + pad, ty, ui_pal.dim, SL_ALIGN_LEFT);
            ty += row;
        }
        text_draw(&ui->text, (sl_font)r.font[i], r.text[i], x + pad, ty, r.colour[i], SL_ALIGN_LEFT);
        ty += r.lh[i];
    }
    for (int i = 0; i < END_NBTN; i++)
        ui_action_button(ui, at.btn[i], end_btns[i].label, end_btns[i].key, true, false,
                         SDL_PointInFRect(&(SDL_FPoint){(float)v->mouse_x, (float)v->mouse_y}, &at.btn[i]));
}

SDL_Keycode ui_end_button_at(sl_ui *ui, const sl_view *v, float px, float py)
{
    if (!ui_end_shown(v))
        return SDLK_UNKNOWN;
    static end_rows r;
    end_place at;
    place_card(ui, v, &r, &at);
    for (int i = 0; i < END_NBTN; i++)
        if (SDL_PointInFRect(&(SDL_FPoint){px, py}, &at.btn[i]))
            return end_btns[i].k;
    return SDLK_UNKNOWN;
}

/* J: the game written beside the autosaves (else where the window was
 * started), named by the scenario and the time, never over another, for
 * `sightline replay` or the window to open. */
static void save_game(sl_view *v)
{
    const sl_play *p = v->play;
    char name[SL_PATH_MAX], dir[SL_PATH_MAX] = ".", err[400];
    const char *slash = strrchr(p->autosave, '/');
    if (p->autosave[0] && slash)
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - p->autosave), p->autosave);
    const char *base = strrchr(p->origin.scenario_path, '/');
    base = base ? base + 1 : p->origin.scenario_path;
    size_t len = strcspn(base, ".");
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    for (int k = 1; k < 100; k++) {
        char again[8] = "";
        if (k > 1)
            snprintf(again, sizeof again, "-%d", k);
        snprintf(name, sizeof name, "%.800s/%.*s-%04d%02d%02d-%02d%02d%02d%s.save", dir, (int)(len > 80 ? 80 : len),
                 base, tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, again);
        if (access(name, F_OK) != 0)
            break;
    }
    if (sl_save_write(name, &p->origin, &p->game, err, sizeof err))
        snprintf(v->status, sizeof v->status,
                 "Saved the game as %.480s: Ctrl+O lists it with the recent games, where Ctrl+R replays it", name);
    else
        snprintf(v->status, sizeof v->status, "Could not save the game: %s", err);
}

bool ui_end_key(sl_view *v, SDL_Keycode k)
{
    if (!v->play || !v->play->on || !v->play->game.outcome.over || v->fog_waiting || v->pick.typing ||
        v->lesson_nsteps > 0)
        return false;
    if (v->end_closed) {
        /* Enter brings it back, unless it ends a ruler or a way drawn */
        if ((k != SDLK_RETURN && k != SDLK_KP_ENTER) || v->tool != SL_TOOL_SELECT)
            return false;
        v->end_closed = false;
        return true;
    }
    switch (k) {
    case SDLK_ESCAPE:
        v->end_closed = true;
        snprintf(v->status, sizeof v->status, "The game is over: Enter shows the result again");
        return true;
    case SDLK_n:
        v->want_new_game = true;
        return true;
    case SDLK_r:
        v->want_replay = true;
        return true;
    case SDLK_j:
        save_game(v);
        return true;
    default:
        return false;
    }
}
