/* The start screen: the shipped scenarios and lessons, the recent games
 * and a file by its path, chosen by keys (arrows, Enter, Esc, type to
 * filter) or the mouse. The window opens what is chosen; a file it
 * cannot open is refused here with the loader's words and the screen
 * stays. */
#define _DEFAULT_SOURCE /* realpath */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sightline/lesson.h"
#include "sightline/play.h"
#include "around.h"

/* --- what is listed ------------------------------------------------------------- */

/* Does `hay` hold `needle`, letters in either case? */
static bool has_words(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    if (n == 0)
        return true;
    for (const char *h = hay; *h; h++) {
        size_t i = 0;
        while (i < n && h[i] && tolower((unsigned char)h[i]) == tolower((unsigned char)needle[i]))
            i++;
        if (i == n)
            return true;
    }
    return false;
}

/* Is what was typed a file's path rather than words to look for? */
static bool typed_path(const char *s)
{
    return strchr(s, '/') != NULL || s[0] == '~' || strstr(s, ".json") || strstr(s, ".save") || strstr(s, ".tmj");
}

/* The rows shown for the filter: each entry it matches, "Open a file" last. */
static void refilter(ui_start *st)
{
    st->nvis = 0;
    bool path = typed_path(st->filter);
    for (int i = 0; i < st->shelf.n && st->nvis < UI_START_ROWS - 1; i++) {
        const sl_shelf_entry *e = &st->shelf.e[i];
        if (!path && (has_words(e->title, st->filter) || has_words(e->about, st->filter) ||
                      has_words(e->path, st->filter)))
            st->vis[st->nvis++] = i;
    }
    st->vis[st->nvis++] = -1;
    if (path)
        st->sel = st->nvis - 1; /* a path typed: the row that opens it */
    if (st->sel >= st->nvis)
        st->sel = st->nvis - 1;
    if (st->sel < 0)
        st->sel = 0;
}

static void thumbs_free(ui_start *st)
{
    for (int i = 0; st->thumb && i < st->shelf.n; i++)
        if (st->thumb[i])
            SDL_DestroyTexture(st->thumb[i]);
    free(st->thumb);
    free(st->thumb_tried);
    ui_painter_close(st->painter);
    st->painter = NULL;
    st->thumb = NULL;
    st->thumb_tried = NULL;
}

void ui_start_open(ui_start *st, const char *data_dir, const char *save_dir, const char *kept)
{
    thumbs_free(st);
    sl_shelf_free(&st->shelf);
    memset(st, 0, sizeof *st);
    sl_shelf_read(&st->shelf, data_dir, save_dir, UI_START_ROWS / 2);
    st->thumb = calloc((size_t)st->shelf.n + 1, sizeof *st->thumb);
    st->thumb_tried = calloc((size_t)st->shelf.n + 1, sizeof *st->thumb_tried);
    for (int i = 0; st->thumb_tried && i < st->shelf.n; i++)
        st->thumb_todo += st->shelf.e[i].kind != SL_SHELF_SAVE;
    st->open = true;
    st->hover_replay = -1;
    snprintf(st->game_kept, sizeof st->game_kept, "%s", kept ? kept : "");
    refilter(st);
}

void ui_start_close(ui_start *st)
{
    thumbs_free(st);
    sl_shelf_free(&st->shelf);
    memset(st, 0, sizeof *st);
}

const sl_shelf_entry *ui_start_chosen(const ui_start *st)
{
    if (st->sel < 0 || st->sel >= st->nvis || st->vis[st->sel] < 0)
        return NULL;
    return &st->shelf.e[st->vis[st->sel]];
}

sl_shelf_kind ui_file_kind(const char *path)
{
    char head[4096] = "";
    FILE *f = fopen(path, "rb");
    if (f) {
        size_t n = fread(head, 1, sizeof head - 1, f);
        head[n] = '\0';
        fclose(f);
    }
    if (strstr(head, "\"sightline-save\""))
        return SL_SHELF_SAVE;
    if (strstr(head, "\"sightline-lesson\""))
        return SL_SHELF_LESSON;
    return SL_SHELF_SCENARIO;
}

void ui_start_refuse(ui_start *st, const char *path, const char *why)
{
    snprintf(st->refused_title, sizeof st->refused_title, "Could not open %s", path);
    snprintf(st->refused, sizeof st->refused, "%s", why);
    st->hint[0] = '\0';
    st->rules.open = false; /* the refusal is the list's: the page gives way */
}

/* --- a new game where an old one was autosaved --------------------------------------- */

bool ui_keep_last_game(const char *slot, const char *opening, char *said, size_t len)
{
    said[0] = '\0';
    sl_shelf_entry e;
    if (!slot || !slot[0] || !sl_shelf_read_save(slot, &e) || e.ncommands == 0)
        return true; /* nothing there, or a game not begun: nothing lost */
    if (opening) { /* the autosave itself, played on where it stopped */
        char *a = realpath(slot, NULL), *b = realpath(opening, NULL);
        bool same = a && b && strcmp(a, b) == 0;
        free(a);
        free(b);
        if (same)
            return true;
    }
    char kept[SL_PATH_MAX + 32];
    const char *which = e.result[0] ? "finished" : "unfinished";
    if (sl_play_keep_game(slot, kept, sizeof kept)) { /* what takes its place: a new game, or the save opened */
        snprintf(said, len, "Your %s game of %.160s (turn %d) is kept under Recent games (Ctrl+O); %s", which, e.title,
                 e.turn, opening ? "this saved game takes its place" : "this is a new one");
        return true;
    }
    snprintf(said, len,
             "Your %s game of %.160s (turn %d) could not be set aside, so this new one is not autosaved: the old one "
             "stays under Recent games",
             which, e.title, e.turn);
    return false;
}

/* --- keys and the mouse ------------------------------------------------------------ */

/* The chosen row, to open (or, `replay`, to replay a save). */
static ui_start_act choose(ui_start *st, bool replay, char *path, size_t len, sl_shelf_kind *kind)
{
    const sl_shelf_entry *e = ui_start_chosen(st);
    if (!e) {
        const char *p = st->filter;
        while (*p == ' ')
            p++;
        if (!p[0]) {
            snprintf(st->hint, sizeof st->hint, "Type the file's path (a scenario, a map, a lesson or a save), then Enter");
            return UI_START_TOOK;
        }
        const char *home = getenv("HOME");
        if (p[0] == '~' && p[1] == '/' && home) /* as a shell would read it */
            snprintf(path, len, "%s%s", home, p + 1);
        else
            snprintf(path, len, "%s", p);
        *kind = ui_file_kind(path);
    } else {
        snprintf(path, len, "%s", e->path);
        *kind = e->kind;
    }
    if (replay && *kind != SL_SHELF_SAVE) {
        snprintf(st->hint, sizeof st->hint, "Only a saved game can be replayed (the recent games)");
        return UI_START_TOOK;
    }
    return replay ? UI_START_REPLAY : UI_START_OPEN;
}

/* Tab: the rule options of the scenario chosen (or of the scenario file
 * typed), over the list. */
static ui_start_act rule_options(ui_start *st)
{
    const sl_shelf_entry *e = ui_start_chosen(st);
    char path[SL_PATH_MAX];
    sl_shelf_kind kind = SL_SHELF_SCENARIO;
    if (e) {
        snprintf(path, sizeof path, "%s", e->path);
        kind = e->kind;
    } else if (st->filter[0] && typed_path(st->filter)) {
        snprintf(path, sizeof path, "%s", st->filter);
        kind = ui_file_kind(path);
    } else {
        kind = SL_SHELF_SAVE;
    }
    if (kind != SL_SHELF_SCENARIO) {
        snprintf(st->hint, sizeof st->hint,
                 "Tab shows a scenario's rule options: choose a scenario (a recent game and a lesson keep theirs)");
        return UI_START_TOOK;
    }
    char why[2048];
    if (!ui_rules_open(&st->rules, path, why, sizeof why))
        ui_start_refuse(st, path, why);
    return UI_START_TOOK;
}

static void move_sel(ui_start *st, int by)
{
    st->sel += by;
    if (st->sel < 0)
        st->sel = 0;
    if (st->sel >= st->nvis)
        st->sel = st->nvis - 1;
    st->hint[0] = '\0';
}

static ui_start_act key(ui_start *st, const SDL_KeyboardEvent *k, char *path, size_t len, sl_shelf_kind *kind)
{
    bool ctrl = (k->keysym.mod & KMOD_CTRL) != 0;
    switch (k->keysym.sym) {
    case SDLK_UP: move_sel(st, -1); return UI_START_TOOK;
    case SDLK_DOWN: move_sel(st, 1); return UI_START_TOOK;
    case SDLK_PAGEUP: move_sel(st, -8); return UI_START_TOOK;
    case SDLK_PAGEDOWN: move_sel(st, 8); return UI_START_TOOK;
    case SDLK_HOME: move_sel(st, -st->nvis); return UI_START_TOOK;
    case SDLK_END: move_sel(st, st->nvis); return UI_START_TOOK;
    case SDLK_RETURN:
    case SDLK_KP_ENTER: return choose(st, false, path, len, kind);
    case SDLK_TAB: return rule_options(st);
    case SDLK_ESCAPE:
        if (st->refused_title[0]) { /* the refusal first, then the screen */
            st->refused_title[0] = '\0';
            return UI_START_TOOK;
        }
        if (st->filter[0]) {
            st->filter[0] = '\0';
            refilter(st);
            return UI_START_TOOK;
        }
        return UI_START_CLOSE;
    case SDLK_BACKSPACE: {
        size_t l = strlen(st->filter);
        while (l > 0 && ((unsigned char)st->filter[l - 1] & 0xC0) == 0x80)
            l--; /* a whole character */
        if (l > 0)
            st->filter[l - 1] = '\0';
        refilter(st);
        return UI_START_TOOK;
    }
    case SDLK_r:
        if (ctrl)
            return choose(st, true, path, len, kind);
        return UI_START_TOOK; /* the letter comes as text */
    case SDLK_o:
        return ctrl ? UI_START_CLOSE : UI_START_TOOK; /* Ctrl+O again: back */
    case SDLK_q:
    case SDLK_F2:
    case SDLK_F12: return ctrl || k->keysym.sym != SDLK_q ? UI_START_IGNORED : UI_START_TOOK;
    default: return UI_START_TOOK;
    }
}

/* The row under the pointer, -1 none; *on_replay: on its Replay box. */
static int row_at(const ui_start *st, int x, int y, bool *on_replay)
{
    *on_replay = false;
    for (int i = 0; i < st->nboxes; i++) {
        const SDL_FRect *r = &st->row_box[i];
        if (x >= r->x && x < r->x + r->w && y >= r->y && y < r->y + r->h) {
            const SDL_FRect *b = &st->replay_box[i];
            *on_replay = b->w > 0 && x >= b->x && x < b->x + b->w && y >= b->y && y < b->y + b->h;
            return st->row_vis[i];
        }
    }
    return -1;
}

ui_start_act ui_start_event(ui_start *st, const SDL_Event *e, char *path, size_t len, sl_shelf_kind *kind)
{
    bool on_replay;
    int row;
    if (st->rules.open) { /* the rule options page: its keys; the rest waits */
        if (e->type == SDL_KEYDOWN)
            return ui_rules_key(&st->rules, e->key.keysym.sym, path, len, kind);
        return e->type == SDL_QUIT || e->type == SDL_WINDOWEVENT ? UI_START_IGNORED : UI_START_TOOK;
    }
    switch (e->type) {
    case SDL_KEYDOWN: return key(st, &e->key, path, len, kind);
    case SDL_TEXTINPUT:
        if ((SDL_GetModState() & KMOD_CTRL) || strlen(st->filter) + strlen(e->text.text) + 1 >= sizeof st->filter)
            return UI_START_TOOK;
        strcat(st->filter, e->text.text);
        st->sel = 0;
        st->hint[0] = '\0';
        refilter(st);
        return UI_START_TOOK;
    case SDL_MOUSEMOTION:
        row = row_at(st, e->motion.x, e->motion.y, &on_replay);
        if (row >= 0)
            st->sel = row;
        st->hover_replay = on_replay ? row : -1;
        return UI_START_TOOK;
    case SDL_MOUSEBUTTONDOWN:
        if (e->button.button != SDL_BUTTON_LEFT)
            return UI_START_TOOK;
        row = row_at(st, e->button.x, e->button.y, &on_replay);
        if (row < 0)
            return UI_START_TOOK;
        st->sel = row;
        return choose(st, on_replay, path, len, kind);
    case SDL_MOUSEWHEEL: move_sel(st, e->wheel.y > 0 ? -3 : 3); return UI_START_TOOK;
    case SDL_QUIT:
    case SDL_WINDOWEVENT: return UI_START_IGNORED;
    default: return UI_START_TOOK;
    }
}

/* --- drawing ------------------------------------------------------------------------ */

/* --- thumbnails -------------------------------------------------------------------- */

enum { THUMB_W = 240, THUMB_H = 160 };

/* The table of a scenario or a lesson's scenario, drawn small: the mat,
 * terrain and forces, no words; each by the screen's one painter (one
 * renderer and ui for all). NULL when it cannot be read. */
static SDL_Texture *thumb_make(sl_ui *ui, ui_start *st, const sl_shelf_entry *e)
{
    char scn[SL_PATH_MAX];
    snprintf(scn, sizeof scn, "%s", e->path);
    if (e->kind == SL_SHELF_LESSON) {
        sl_lesson l;
        sl_diag d;
        sl_diag_init(&d);
        bool ok = sl_lesson_load(e->path, &l, &d);
        sl_diag_free(&d);
        if (!ok)
            return NULL;
        snprintf(scn, sizeof scn, "%s", l.scenario);
        sl_lesson_free(&l);
    }
    sl_world w;
    sl_load_opts opts = {true};
    if (!sl_world_load_any(scn, &opts, &w, NULL))
        return NULL;
    sl_render_req req;
    memset(&req, 0, sizeof req);
    req.width = THUMB_W;
    req.height = THUMB_H;
    req.view = -1;
    char err[300];
    if (!st->painter) /* made once, for every picture */
        st->painter = ui_painter_open(ui->asset_dir, THUMB_W, THUMB_H, err, sizeof err);
    SDL_Surface *surf = st->painter ? ui_painter_draw(st->painter, &w, &req, err, sizeof err) : NULL;
    sl_world_free(&w);
    if (!surf)
        return NULL;
    SDL_Texture *t = SDL_CreateTextureFromSurface(ui->ren, surf);
    SDL_FreeSurface(surf);
    return t;
}

bool ui_start_thumb_step(sl_ui *ui, ui_start *st)
{
    if (!st->open || !st->thumb || !st->thumb_tried || st->thumb_todo <= 0)
        return false;
    /* the rows in sight first, then the rest in order */
    int pick = -1;
    for (int i = st->top; i < st->nvis && pick < 0; i++) {
        int idx = st->vis[i];
        if (idx >= 0 && !st->thumb_tried[idx] && st->shelf.e[idx].kind != SL_SHELF_SAVE)
            pick = idx;
    }
    for (int i = 0; i < st->shelf.n && pick < 0; i++)
        if (!st->thumb_tried[i] && st->shelf.e[i].kind != SL_SHELF_SAVE)
            pick = i;
    if (pick < 0) {
        st->thumb_todo = 0;
        return false;
    }
    st->thumb_tried[pick] = true;
    st->thumb[pick] = thumb_make(ui, st, &st->shelf.e[pick]);
    st->thumb_todo--;
    return true;
}

static const char *const heading[] = {"Scenarios", "Lessons", "Recent games (newest first)"};

#define ABOUT_LINES 12 /* the chosen row's description, wrapped */

/* A row's words: its title and what it is (a scenario's description and
 * file; for the "open a file" row, how). */
static void row_words(const ui_start *st, int vi, char *title, size_t tlen, char *about, size_t alen)
{
    int idx = st->vis[vi];
    const sl_shelf_entry *e = idx >= 0 ? &st->shelf.e[idx] : NULL;
    if (e) {
        const char *base = strrchr(e->path, '/');
        snprintf(title, tlen, "%s", e->title);
        snprintf(about, alen, "%s  (%s)", e->about, base ? base + 1 : e->path);
        return;
    }
    snprintf(title, tlen, "%s", typed_path(st->filter) ? "Open this file: " : "Open a file...");
    if (typed_path(st->filter))
        snprintf(title + strlen(title), tlen - strlen(title), "%s", st->filter);
    snprintf(about, alen, "%s", "Type its path (a scenario, a Tiled map, a lesson or a save), then Enter");
}

/* Where a row's words start (after the pointer and the picture) and how
 * wide they may be (short of a save's Replay box). */
static float row_text_x(sl_ui *ui, const ui_start *st, int vi, float wd, bool picture, float *tw)
{
    float s = ui->lay.s, pad = 8 * s;
    int idx = st->vis[vi];
    const sl_shelf_entry *e = idx >= 0 ? &st->shelf.e[idx] : NULL;
    float lh1 = (float)text_height(&ui->text, SL_FONT_BOLD), lh2 = (float)text_height(&ui->text, SL_FONT_SMALL);
    float tx = pad + (float)text_width(&ui->text, SL_FONT_BOLD, "\xE2\x96\xB6 ");
    *tw = wd - tx - pad;
    if (picture && e && e->kind != SL_SHELF_SAVE && st->thumb) {
        float th = lh1 + lh2 + 2 * pad - 2 * s, tw2 = th * (float)THUMB_W / (float)THUMB_H;
        tx += tw2 + pad;
        *tw -= tw2 + pad;
    }
    if (e && e->kind == SL_SHELF_SAVE)
        *tw -= (float)text_width(&ui->text, SL_FONT_NORMAL, "Replay (Ctrl+R)") + 3 * pad;
    return tx;
}

/* How many lines the row's description takes: the chosen row's is shown
 * whole (wrapped, at most `max` lines; where that is too few beside the
 * table's picture, the picture gives way: *picture false), any other
 * one line. */
static int row_lines(sl_ui *ui, const ui_start *st, int vi, float wd, int max, char lines[][UI_LINE],
                     bool *picture)
{
    char title[SL_PATH_MAX + 40], about[SL_PATH_MAX + 500];
    float tw;
    *picture = true;
    row_text_x(ui, st, vi, wd, true, &tw);
    row_words(st, vi, title, sizeof title, about, sizeof about);
    if (max > ABOUT_LINES)
        max = ABOUT_LINES;
    if (vi != st->sel || max <= 1) {
        text_fit(&ui->text, SL_FONT_SMALL, about, tw, lines[0], UI_LINE);
        return 1;
    }
    int n = text_wrap_lines(&ui->text, SL_FONT_SMALL, about, tw, lines, ABOUT_LINES);
    if (n > max) { /* the words the whole row's width */
        *picture = false;
        row_text_x(ui, st, vi, wd, false, &tw);
        n = text_wrap_lines(&ui->text, SL_FONT_SMALL, about, tw, lines, ABOUT_LINES);
    }
    char *file = NULL; /* the last "  (": the file's name row_words put after the description */
    for (char *f = strstr(about, "  ("); f; f = strstr(f + 1, "  ("))
        file = f;
    if (n > max && file && st->vis[vi] >= 0) { /* the description before its file's name */
        *file = '\0';
        n = text_wrap_lines(&ui->text, SL_FONT_SMALL, about, tw, lines, ABOUT_LINES);
    }
    if (n > max)
        n = text_wrap_lines(&ui->text, SL_FONT_SMALL, about, tw, lines, max);
    return n > 0 ? n : 1;
}

/* One row: the title on the first line, what it is under it (the chosen
 * row's whole, wrapped in up to `max_lines`); a save has a Replay box at
 * its right. Returns its height. */
static float draw_row(sl_ui *ui, ui_start *st, int vi, float x, float y, float wd, int max_lines)
{
    float s = ui->lay.s, pad = 8 * s;
    int idx = st->vis[vi];
    const sl_shelf_entry *e = idx >= 0 ? &st->shelf.e[idx] : NULL;
    float lh1 = (float)text_height(&ui->text, SL_FONT_BOLD), lh2 = (float)text_height(&ui->text, SL_FONT_SMALL);
    char about[ABOUT_LINES][UI_LINE];
    bool picture;
    int nl = row_lines(ui, st, vi, wd, max_lines, about, &picture);
    float base = lh1 + lh2 + 2.5f * pad, h = base + (float)(nl - 1) * lh2;
    bool sel = vi == st->sel;
    gfx_rect(ui->ren, x, y, wd, h - pad / 2, sel ? ui_pal.hover : ui_pal.button);
    if (sel) { /* the chosen row: an outline and a pointer, not a hue alone */
        gfx_rect_outline(ui->ren, x, y, wd, h - pad / 2, 3 * s, ui_pal.accent);
        text_draw(&ui->text, SL_FONT_BOLD, "\xE2\x96\xB6", x + pad, y + pad, ui_pal.accent, SL_ALIGN_LEFT);
    }
    float tw, tx = x + row_text_x(ui, st, vi, wd, picture, &tw);
    if (picture && idx >= 0 && e->kind != SL_SHELF_SAVE && st->thumb) { /* the table's picture, or its place while it is drawn */
        float th = base - pad / 2 - 2 * s, tw2 = th * (float)THUMB_W / (float)THUMB_H;
        SDL_FRect tr = {tx - tw2 - pad, y + s, tw2, th};
        if (st->thumb[idx])
            SDL_RenderCopyF(ui->ren, st->thumb[idx], NULL, &tr);
        else
            gfx_rect(ui->ren, tr.x, tr.y, tr.w, tr.h, ui_pal.raised);
        gfx_rect_outline(ui->ren, tr.x, tr.y, tr.w, tr.h, 1.0f * s, ui_pal.rule);
    }
    SDL_FRect rb = {0, 0, 0, 0};
    if (e && e->kind == SL_SHELF_SAVE) {
        const char *rl = "Replay (Ctrl+R)";
        float rw = (float)text_width(&ui->text, SL_FONT_NORMAL, rl) + 2 * pad;
        rb = (SDL_FRect){x + wd - rw - pad, y + pad, rw, lh1 + lh2};
        gfx_rect(ui->ren, rb.x, rb.y, rb.w, rb.h, st->hover_replay == vi ? ui_pal.accent : ui_pal.raised);
        gfx_rect_outline(ui->ren, rb.x, rb.y, rb.w, rb.h, 1.5f * s, ui_pal.text);
        text_draw(&ui->text, SL_FONT_NORMAL, rl, rb.x + rb.w / 2, rb.y + (rb.h - lh1) / 2,
                  st->hover_replay == vi ? ui_pal.black : ui_pal.text, SL_ALIGN_CENTRE);
    }
    char title[SL_PATH_MAX + 40], unused[SL_PATH_MAX + 500], fit[SL_PATH_MAX + 500];
    row_words(st, vi, title, sizeof title, unused, sizeof unused);
    text_fit(&ui->text, SL_FONT_BOLD, title, tw, fit, sizeof fit);
    text_draw(&ui->text, SL_FONT_BOLD, fit, tx, y + pad, ui_pal.text, SL_ALIGN_LEFT);
    for (int i = 0; i < nl; i++)
        text_draw(&ui->text, SL_FONT_SMALL, about[i], tx, y + pad + lh1 + pad / 2 + (float)i * lh2, ui_pal.dim,
                  SL_ALIGN_LEFT);
    if (st->nboxes < UI_START_ROWS) {
        st->row_box[st->nboxes] = (SDL_FRect){x, y, wd, h - pad / 2};
        st->replay_box[st->nboxes] = rb;
        st->row_vis[st->nboxes++] = vi;
    }
    return h;
}

/* The lines at the top: the title, what opening does, the filter;
 * `compact` (large text in a small window): smaller, and what opening
 * does only when a game would be replaced. */
static float draw_head(sl_ui *ui, const ui_start *st, float x, float y, float wd, bool compact)
{
    float s = ui->lay.s;
    sl_font tf = compact ? SL_FONT_LARGE : SL_FONT_TITLE, ff = compact ? SL_FONT_NORMAL : SL_FONT_LARGE;
    text_draw(&ui->text, tf, "sightline: open a game", x, y, ui_pal.text, SL_ALIGN_LEFT);
    y += (float)text_height(&ui->text, tf) * 1.15f;
    char line[SL_PATH_MAX + 300], lines[4][UI_LINE];
    if (st->game_kept[0])
        snprintf(line, sizeof line, "Opening one replaces the game on the table. %s", st->game_kept);
    else
        snprintf(line, sizeof line, "%s",
                 compact ? "" : "A scenario starts a new game at once (an earlier game of it stays under Recent games); a "
                                   "recent game goes on where it stopped.");
    int n = line[0] ? text_wrap_lines(&ui->text, SL_FONT_NORMAL, line, wd, lines, 4) : 0;
    for (int i = 0; i < n; i++) {
        text_draw(&ui->text, SL_FONT_NORMAL, lines[i], x, y, ui_pal.text, SL_ALIGN_LEFT);
        y += (float)text_height(&ui->text, SL_FONT_NORMAL) * 1.2f;
    }
    y += 6 * s;
    snprintf(line, sizeof line, "Find: %s_", st->filter);
    char fit[SL_PATH_MAX + 300];
    text_fit(&ui->text, ff, line, wd, fit, sizeof fit);
    text_draw_boxed(&ui->text, ff, fit, x + 6 * s, y + 6 * s, ui_pal.text, ui_pal.raised, 6 * s, SL_ALIGN_LEFT);
    return y + (float)text_height(&ui->text, ff) + 20 * s;
}

/* The refusal (the loader's words), or a hint, over the foot. */
static float draw_refusal(sl_ui *ui, const ui_start *st, float x, float bottom, float wd)
{
    float s = ui->lay.s, pad = 10 * s;
    if (!st->refused_title[0] && !st->hint[0])
        return bottom;
    static char lines[12][UI_LINE];
    int n = 0;
    char text[sizeof st->refused];
    snprintf(text, sizeof text, "%s", st->refused_title[0] ? st->refused : st->hint);
    for (char *part = strtok(text, "\n"); part && n < 10; part = strtok(NULL, "\n")) /* each of the loader's lines */
        n += text_wrap_lines(&ui->text, SL_FONT_NORMAL, part, wd - 2 * pad, lines + n, 10 - n);
    float lh = (float)text_height(&ui->text, SL_FONT_NORMAL) * 1.2f, th = (float)text_height(&ui->text, SL_FONT_BOLD);
    float h = n * lh + 2 * pad + (st->refused_title[0] ? th * 1.3f + lh : 0);
    float y = bottom - h;
    gfx_rect(ui->ren, x, y, wd, h, sl_rgba_make(40, 20, 12, 255));
    gfx_rect_outline(ui->ren, x, y, wd, h, 3 * s, st->refused_title[0] ? ui_pal.fail : ui_pal.accent);
    float ty = y + pad;
    if (st->refused_title[0]) {
        char fit[SL_PATH_MAX + 40];
        text_fit(&ui->text, SL_FONT_BOLD, st->refused_title, wd - 2 * pad, fit, sizeof fit);
        text_draw(&ui->text, SL_FONT_BOLD, fit, x + pad, ty, ui_pal.fail, SL_ALIGN_LEFT);
        ty += th * 1.3f;
    }
    for (int i = 0; i < n; i++, ty += lh)
        text_draw(&ui->text, SL_FONT_NORMAL, lines[i], x + pad, ty, ui_pal.text, SL_ALIGN_LEFT);
    if (st->refused_title[0])
        text_draw(&ui->text, SL_FONT_NORMAL, "Esc: put this away and choose another", x + pad, ty, ui_pal.accent,
                  SL_ALIGN_LEFT);
    return y - pad;
}

/* The height of rows from..to (inclusive) with their headings, each row
 * of one line's description. */
static float rows_height(const ui_start *st, int from, int to, float rh, float hh)
{
    float h = 0;
    int last_kind = -2;
    for (int i = from; i <= to && i < st->nvis; i++) {
        int kind = st->vis[i] >= 0 ? (int)st->shelf.e[st->vis[i]].kind : -1;
        if (kind != last_kind && kind >= 0)
            h += hh;
        last_kind = kind;
        h += rh;
    }
    return h;
}

/* The rows from st->top down to `bottom`, with a heading where the kind
 * changes; the chosen row kept in sight. */
static void draw_rows(sl_ui *ui, ui_start *st, float x, float y, float wd, float bottom, bool compact)
{
    float s = ui->lay.s;
    float rh = (float)(text_height(&ui->text, SL_FONT_BOLD) + text_height(&ui->text, SL_FONT_SMALL)) + 20 * s;
    float hh = (float)text_height(&ui->text, SL_FONT_BOLD) * 1.4f;
    float more_h = (float)text_height(&ui->text, SL_FONT_SMALL) * 1.3f;
    float y0 = y;
    if (!compact)
        bottom -= more_h; /* room to say there is more below (compact: at the top, beside the Find box) */
    /* the chosen row's description whole: as many lines as there is room
     * for beside a heading and its row, and that much less for the rest */
    float lh2 = (float)text_height(&ui->text, SL_FONT_SMALL);
    int room = 1 + (int)((bottom - y - rh) / lh2), extra = 0;
    if (st->sel >= 0 && st->sel < st->nvis) {
        char lines[ABOUT_LINES][UI_LINE];
        bool picture;
        extra = row_lines(ui, st, st->sel, wd, room, lines, &picture) - 1;
    }
    int fit = (int)((bottom - y - (float)extra * lh2) / (rh + hh * 0.5f));
    if (fit < 1)
        fit = 1;
    if (st->sel < st->top)
        st->top = st->sel;
    if (st->sel >= st->top + fit)
        st->top = st->sel - fit + 1;
    /* and the chosen row within the room, its headings and its whole
     * description counted */
    while (st->top < st->sel && y + rows_height(st, st->top, st->sel, rh, hh) + (float)extra * lh2 > bottom)
        st->top++;
    int last_kind = -2, i;
    for (i = st->top; i < st->nvis; i++) {
        int idx = st->vis[i];
        int kind = idx >= 0 ? (int)st->shelf.e[idx].kind : -1;
        /* a heading where the kind changes, unless it would leave the
         * chosen row's whole description no room (the row's first) */
        bool crowded = i == st->sel && i == st->top && y + hh + rh + (float)extra * lh2 > bottom;
        if (kind != last_kind && kind >= 0 && !crowded) {
            if (y + hh + rh > bottom)
                break;
            text_draw(&ui->text, SL_FONT_BOLD, heading[kind], x, y + 4 * s, ui_pal.accent, SL_ALIGN_LEFT);
            y += hh;
        }
        last_kind = kind;
        if (y + rh + (i == st->sel ? (float)extra * lh2 : 0) > bottom)
            break;
        y += draw_row(ui, st, i, x, y, wd, room);
    }
    char more[120];
    snprintf(more, sizeof more, "%s%s", st->top > 0 ? "\xE2\x96\xB2 more above " : "",
             i < st->nvis ? "\xE2\x96\xBC more below (Down, PgDn or the wheel)" : "");
    if (more[0])
        text_draw(&ui->text, SL_FONT_SMALL, more, x + wd, compact ? y0 - more_h : y + 2 * s, ui_pal.dim,
                  SL_ALIGN_RIGHT);
}

void ui_start_draw(sl_ui *ui, ui_start *st, int w, int h)
{
    if (!st->open)
        return;
    if (st->rules.open) {
        ui_rules_draw(ui, &st->rules, w, h);
        return;
    }
    float s = ui->lay.s, pad = 24 * s;
    gfx_rect(ui->ren, 0, 0, (float)w, (float)h, sl_rgba_make(18, 19, 23, 250));
    float wd = (float)w - 2 * pad;
    if (wd > 1400 * s)
        wd = 1400 * s;
    float x = ((float)w - wd) / 2, y = pad;
    bool compact = (float)h < 820 * s;
    if (compact)
        pad = 12 * s;
    y = draw_head(ui, st, x, compact ? pad : y, wd, compact);
    static const char keys[] = "Up/Down: choose \xC2\xB7 Enter or a click: open (a recent game goes on) \xC2\xB7 "
                               "Ctrl+R: replay a recent game \xC2\xB7 Tab: a scenario's rule options \xC2\xB7 type: find \xC2\xB7 "
                               "Esc: back to the table";
    /* large text in a small window: the same keys in fewer words, so that
     * the chosen row's description has room to be read whole */
    static const char keys_short[] = "Enter: open \xC2\xB7 Ctrl+R: replay \xC2\xB7 Tab: rules \xC2\xB7 type: find \xC2\xB7 Esc: back";
    char lines[3][UI_LINE];
    sl_font kf = compact ? SL_FONT_SMALL : SL_FONT_NORMAL;
    int nk = text_wrap_lines(&ui->text, kf, compact ? keys_short : keys, wd, lines, 3);
    float lh = (float)text_height(&ui->text, kf) * 1.2f;
    float foot = (float)h - pad - nk * lh;
    for (int i = 0; i < nk; i++)
        text_draw(&ui->text, kf, lines[i], x, foot + i * lh, ui_pal.accent, SL_ALIGN_LEFT);
    float bottom = draw_refusal(ui, st, x, foot - 8 * s, wd);
    st->nboxes = 0;
    draw_rows(ui, st, x, y, wd, bottom, compact);
    if (st->thumb_todo > 0) { /* the pictures come one a frame: say so */
        int total = 0;
        for (int i = 0; i < st->shelf.n; i++)
            total += st->shelf.e[i].kind != SL_SHELF_SAVE;
        char line[120];
        snprintf(line, sizeof line, "Drawing the tables' pictures: %d of %d", total - st->thumb_todo, total);
        text_draw(&ui->text, SL_FONT_SMALL, line, x + wd, compact ? pad : 24 * s, ui_pal.dim, SL_ALIGN_RIGHT);
    }
}
