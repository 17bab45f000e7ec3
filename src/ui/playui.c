/* The game on screen: markers on the table, the action bar, the turn box,
 * the dice log, decision prompts, the fire preview and the command line;
 * and the keys and clicks that play. Every action goes through
 * sl_play_do, so the window can do nothing a script could not. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"
#include "ui_internal.h"

static const sl_rgba C_TEXT = {236, 236, 236, 255};
static const sl_rgba C_DIM = {150, 154, 160, 255};
static const sl_rgba C_ACCENT = {240, 228, 66, 255};
static const sl_rgba C_PANEL = {28, 30, 34, 255};
static const sl_rgba C_PANEL2 = {44, 47, 53, 255};
static const sl_rgba C_RULE = {70, 74, 80, 255};
static const sl_rgba C_BLACK = {0, 0, 0, 255};
/* pass and fail differ by word and mark as well as by colour */
static const sl_rgba C_PASS = {86, 180, 233, 255};  /* sky blue */
static const sl_rgba C_FAIL = {230, 159, 0, 255};   /* orange */

bool play_on(const sl_view *v)
{
    return v->play && v->play->on;
}

/* --- layout -------------------------------------------------------------------------- */

/* The unit the action bar is for: the active one, else the one in focus. */
static int bar_unit(const sl_view *v)
{
    int a = sl_game_active_unit(&v->play->game);
    return a >= 0 ? a : v->focus_unit;
}

void play_layout(sl_ui *ui, const sl_view *v)
{
    sl_layout *L = &ui->lay;
    L->nact = 0;
    L->act_unit = -1;
    if (!play_on(v) || !ui->opts.hud)
        return;
    float s = L->s;
    L->act_unit = bar_unit(v);
    L->nact = sl_play_actions(v->play, L->act_unit, L->act, SL_PLAY_MAX_ACTIONS - 1);
    /* undo, at the end */
    sl_play_action *u = &L->act[L->nact++];
    memset(u, 0, sizeof *u);
    u->kind = SL_CMD_COUNT;
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

/* --- helpers ------------------------------------------------------------------------------ */

/* Copy with truncation. */
static void put(char *dst, size_t n, const char *src)
{
    size_t l = strlen(src);
    if (l >= n)
        l = n - 1;
    memcpy(dst, src, l);
    dst[l] = '\0';
}

static int wrap_lines(sl_ui *ui, sl_font f, const char *s, float maxw, char lines[][220], int maxlines)
{
    int n = 0;
    char cur[220] = "";
    const char *p = s;
    while (*p && n < maxlines) {
        while (*p == ' ')
            p++;
        const char *e = p;
        while (*e && *e != ' ')
            e++;
        char word[220];
        size_t wl = (size_t)(e - p) < sizeof word - 1 ? (size_t)(e - p) : sizeof word - 1;
        memcpy(word, p, wl);
        word[wl] = '\0';
        char trial[440];
        snprintf(trial, sizeof trial, "%s%s%s", cur, cur[0] ? " " : "", word);
        if (cur[0] && text_width(&ui->text, f, trial) > maxw) {
            put(lines[n++], 220, cur);
            put(cur, sizeof cur, word);
        } else {
            put(cur, sizeof cur, trial);
        }
        p = e;
    }
    if (cur[0] && n < maxlines)
        put(lines[n++], 220, cur);
    return n;
}

static const char *conf_short(sl_confidence c)
{
    static const char *const s[] = {"CO", "ST", "SH", "BR", "RO"};
    return (int)c >= 0 && c <= SL_CONF_ROUTED ? s[c] : "?";
}

static sl_rgba conf_colour(sl_confidence c)
{
    switch (c) {
    case SL_CONF_CONFIDENT: return sl_rgba_make(0, 158, 115, 255);  /* bluish green */
    case SL_CONF_STEADY: return sl_rgba_make(86, 180, 233, 255);    /* sky blue */
    case SL_CONF_SHAKEN: return sl_rgba_make(240, 228, 66, 255);    /* yellow */
    case SL_CONF_BROKEN: return sl_rgba_make(230, 159, 0, 255);     /* orange */
    default: return sl_rgba_make(204, 121, 167, 255);               /* reddish purple */
    }
}

/* A small counter: text on a box with a dark edge; returns its width. */
static float counter(sl_ui *ui, float x, float y, const char *text, sl_rgba bg, sl_rgba fg)
{
    float s = ui->lay.s;
    float pad = 3 * s;
    float tw = (float)text_width(&ui->text, SL_FONT_SMALL, text), th = (float)text_height(&ui->text, SL_FONT_SMALL);
    if (!ui->text.enabled) {
        tw = 12 * s;
        th = 12 * s;
    }
    gfx_rect(ui->ren, x - 1 * s, y - 1 * s, tw + 2 * pad + 2 * s, th + 2 * s, C_BLACK);
    gfx_rect(ui->ren, x, y, tw + 2 * pad, th, bg);
    text_draw(&ui->text, SL_FONT_SMALL, text, x + pad, y, fg, SL_ALIGN_LEFT);
    return tw + 2 * pad + 4 * s;
}

static void unit_bottom(const sl_world *w, int unit, const sl_cam *cam, float s, float *cx, float *by)
{
    const sl_unit *u = &w->scn.units[unit];
    double sx = 0;
    int n = 0;
    float bottom = -1e30f;
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &w->scn.figures[u->first_figure + i];
        float x, y;
        cam_pt(cam, f->pos, &x, &y);
        float r = scene_figure_radius(f, cam, s);
        sx += x;
        n++;
        if (y + r > bottom)
            bottom = y + r;
    }
    *cx = n ? (float)(sx / n) : 0;
    *by = bottom;
}

/* --- markers on the table ----------------------------------------------------------------- */

/* One unit's row of markers, placed clear of the rows already drawn. */
static void unit_markers(sl_ui *ui, const sl_world *w, const sl_game *g, const sl_cam *cam, int u, int active,
                         SDL_FRect *rows, int *nrowsp, int maxrows)
{
    float s = ui->lay.s;
    const sl_unit *un = &w->scn.units[u];
    const sl_unit_state *st = &g->us[u];
    int nrows = *nrowsp;
    /* fireteams: the squad's markers (confidence, panic, activation)
     * by its leader; each team's (suppression, In Position,
     * overwatch, orders) by the team */
    bool squad = un->nteams > 0, team = un->squad >= 0;
    float cx, by;
    unit_bottom(w, u, cam, s, &cx, &by);
    if (squad && un->leader >= 0) {
        float lx, ly;
        cam_pt(cam, w->scn.figures[un->leader].pos, &lx, &ly);
        cx = lx;
        by = ly + scene_figure_radius(&w->scn.figures[un->leader], cam, s) +
             (w->scn.figures[un->leader].unit != u ? 20 * s : 0);
    }
    /* a squad whose teams are acting on its leader's orders is still in
     * its activation */
    bool teams_busy = false;
    for (int k = 0; squad && k < un->nteams; k++)
        teams_busy |= un->team_unit[k] == active || g->us[un->team_unit[k]].team_pending > 0;
    char items[10][24];
    sl_rgba bg[10], fg[10];
    int n = 0;
    if (sl_game_living(g, u) == 0) {
        snprintf(items[n], 24, "LOST");
        bg[n] = sl_rgba_make(90, 90, 90, 255);
        fg[n++] = C_TEXT;
    } else if (g->live.options.ruleset == 1) {
        /* SkirmishCorps foot-units: stance, hiding, sneaking, stunned */
        static const struct {
            const char *label;
            sl_rgba bg;
        } sc[] = {{"PRONE", {60, 60, 60, 255}}, {"HIDING", {0, 114, 178, 255}}, {"SNEAKING", {0, 114, 178, 255}},
                  {"STUNNED", {213, 94, 0, 255}}};
        bool on[4] = {st->sc_prone, st->sc_hiding, st->sc_sneaking, st->sc_stunned > 0};
        for (int k = 0; k < 4; k++)
            if (on[k]) {
                snprintf(items[n], 24, "%s", sc[k].label);
                bg[n] = sc[k].bg;
                fg[n++] = sl_rgba_make(255, 255, 255, 255);
            }
        if (u == active) {
            snprintf(items[n], 24, "ACTING");
            bg[n] = C_ACCENT;
            fg[n++] = C_BLACK;
        } else if (st->activated) {
            snprintf(items[n], 24, "DONE");
            bg[n] = sl_rgba_make(120, 120, 120, 255);
            fg[n++] = C_BLACK;
        }
    } else {
        if (!team) {
            snprintf(items[n], 24, "%s", conf_short(un->confidence));
            bg[n] = conf_colour(un->confidence);
            fg[n++] = C_BLACK;
        }
        if (st->suppression > 0) {
            snprintf(items[n], 24, "SUP %d", st->suppression);
            bg[n] = sl_rgba_make(213, 94, 0, 255);
            fg[n++] = sl_rgba_make(255, 255, 255, 255);
        }
        if (squad && sl_game_leader_suppressed(g, u)) {
            snprintf(items[n], 24, "LDR SUP");
            bg[n] = sl_rgba_make(213, 94, 0, 255);
            fg[n++] = sl_rgba_make(255, 255, 255, 255);
        }
        if (un->parent >= 0) {
            snprintf(items[n], 24, "DET");
            bg[n] = sl_rgba_make(240, 228, 66, 255);
            fg[n++] = C_BLACK;
        }
        if (team && st->team_pending > 0) {
            snprintf(items[n], 24, "ORDERS %d", st->team_pending);
            bg[n] = C_ACCENT;
            fg[n++] = C_BLACK;
        }
        int carried = 0;
        for (int o = 0; o < w->scn.nunits; o++)
            if (g->us[o].aboard == u)
                carried += sl_game_living(g, o);
        if (carried > 0) {
            snprintf(items[n], 24, "CARRIES %d", carried);
            bg[n] = sl_rgba_make(60, 60, 60, 255);
            fg[n++] = sl_rgba_make(255, 255, 255, 255);
        }
        if (st->overwatch) {
            snprintf(items[n], 24, "OW");
            bg[n] = sl_rgba_make(0, 114, 178, 255);
            fg[n++] = sl_rgba_make(255, 255, 255, 255);
        }
        if (st->in_position) {
            snprintf(items[n], 24, "IP");
            bg[n] = sl_rgba_make(30, 30, 30, 255);
            fg[n++] = sl_rgba_make(255, 255, 255, 255);
        }
        if (st->panicked) {
            snprintf(items[n], 24, "PANIC");
            bg[n] = sl_rgba_make(204, 121, 167, 255);
            fg[n++] = C_BLACK;
        }
        if (st->damage > 0) {
            snprintf(items[n], 24, "%s", st->damage > 1 ? "DESTROYED" : "DISABLED");
            bg[n] = sl_rgba_make(90, 90, 90, 255);
            fg[n++] = C_TEXT;
        }
        if (u == active) {
            snprintf(items[n], 24, "ACTIVE %d", sl_game_actions_left(g));
            bg[n] = C_ACCENT;
            fg[n++] = C_BLACK;
        } else if (teams_busy) {
            snprintf(items[n], 24, "TEAMS ACTING");
            bg[n] = C_ACCENT;
            fg[n++] = C_BLACK;
        } else if (st->activated && !team && un->parent < 0) {
            snprintf(items[n], 24, "DONE");
            bg[n] = sl_rgba_make(120, 120, 120, 255);
            fg[n++] = C_BLACK;
        }
    }
    float total = 0;
    for (int i = 0; i < n; i++)
        total += (ui->text.enabled ? (float)text_width(&ui->text, SL_FONT_SMALL, items[i]) : 12 * s) + 10 * s;
    float x = cx - total / 2, y = by + 5 * s;
    /* a row that would cover another unit's row (teams and their squad
     * leader stand close) goes below it; a squad's row also keeps off
     * the figures */
    float rh = (ui->text.enabled ? (float)text_height(&ui->text, SL_FONT_SMALL) : 12 * s) + 4 * s;
    for (int tries = 0; n > 0 && tries < 12; tries++) {
        bool moved = false;
        SDL_FRect me = {x, y, total, rh};
        if (!scene_spot_clear(ui, w, cam, s, &me)) {
            y += rh / 2;
            continue;
        }
        for (int k = 0; k < nrows; k++)
            if (x < rows[k].x + rows[k].w && rows[k].x < x + total && y < rows[k].y + rows[k].h &&
                rows[k].y < y + rh) {
                y = rows[k].y + rows[k].h + 1 * s;
                moved = true;
            }
        if (!moved)
            break;
    }
    if (n > 0 && nrows < maxrows)
        rows[(*nrowsp)++] = (SDL_FRect){x, y, total, rh};
    if (n > 0 && y > by + 5 * s + rh) {
        /* pushed well away: a thin tie back to the figure it belongs to */
        gfx_line(ui->ren, cx, by, cx, y, 3 * s, C_BLACK);
        gfx_line(ui->ren, cx, by, cx, y, 1.5f * s, C_TEXT);
    }
    for (int i = 0; i < n; i++)
        x += counter(ui, x, y, items[i], bg[i], fg[i]);
    /* activated units wear a grey ring, so it shows without text */
    if (st->activated && u != active && !teams_busy) {
        for (int i = 0; i < un->nfigures; i++) {
            const sl_figure *f = &w->scn.figures[un->first_figure + i];
            if (f->status == SL_FIG_DEAD)
                continue;
            float fx, fy;
            cam_pt(cam, f->pos, &fx, &fy);
            gfx_dashed_ring(ui->ren, fx, fy, scene_figure_radius(f, cam, s) + 2.5f * s, 1.5f * s, 3 * s, 3 * s,
                            sl_rgba_make(20, 20, 20, 220));
        }
    }
}

void play_draw_markers(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam)
{
    if (!play_on(v))
        return;
    const sl_game *g = &v->play->game;
    int active = sl_game_active_unit(g);
    SDL_FRect rows[256];
    int nrows = 0;
    /* units and fireteams first, right under their figures; then each
     * squad's own row by its leader, wherever it is clear */
    for (int pass = 0; pass < 2; pass++)
        for (int u = 0; u < w->scn.nunits; u++) {
            const sl_unit *un = &w->scn.units[u];
            if (un->nfigures == 0 || g->us[u].aboard >= 0 || (un->nteams > 0) != (pass == 1))
                continue;
            unit_markers(ui, w, g, cam, u, active, rows, &nrows, (int)(sizeof rows / sizeof rows[0]));
        }
}

/* Rings round the figures of a unit. */
static void ring_unit(sl_ui *ui, const sl_world *w, int unit, const sl_cam *cam, sl_rgba c, float width)
{
    float s = ui->lay.s;
    const sl_unit *un = &w->scn.units[unit];
    for (int i = 0; i < un->nfigures; i++) {
        const sl_figure *f = &w->scn.figures[un->first_figure + i];
        if (f->status == SL_FIG_DEAD)
            continue;
        float fx, fy;
        cam_pt(cam, f->pos, &fx, &fy);
        float r = scene_figure_radius(f, cam, s) + 6 * s;
        gfx_ring(ui->ren, fx, fy, r + width / 2, width + 2 * s, C_BLACK);
        gfx_ring(ui->ren, fx, fy, r + width / 2, width, c);
    }
}

static const char *pick_verb(sl_cmd_kind k)
{
    switch (k) {
    case SL_CMD_FIRE: return "fire at";
    case SL_CMD_TRANSFER: return "transfer an action to";
    case SL_CMD_COMMUNICATE: return "communicate with";
    case SL_CMD_RALLY: return "rally";
    case SL_CMD_OBSERVE: return "observe";
    case SL_CMD_ASSAULT: return "assault";
    default: return sl_cmd_name(k);
    }
}

/* A boxed block of lines at the top middle of the table. */
static void prompt_box(sl_ui *ui, const char *title, char lines[][220], int n, sl_rgba edge)
{
    const sl_layout *L = &ui->lay;
    float s = L->s;
    float lh = (float)text_height(&ui->text, SL_FONT_NORMAL) * 1.2f;
    float th = (float)text_height(&ui->text, SL_FONT_BOLD) * 1.3f;
    float wmax = (float)text_width(&ui->text, SL_FONT_BOLD, title);
    for (int i = 0; i < n; i++) {
        float tw = (float)text_width(&ui->text, SL_FONT_NORMAL, lines[i]);
        if (tw > wmax)
            wmax = tw;
    }
    float bw = fminf(wmax + 28 * s, L->table.w - 20 * s), bh = th + n * lh + 16 * s;
    /* top right: the sight card has the top left */
    float bx = L->table.x + L->table.w - bw - 10 * s, by = L->table.y + 10 * s;
    gfx_rect(ui->ren, bx, by, bw, bh, sl_rgba_make(16, 18, 22, 236));
    gfx_rect_outline(ui->ren, bx, by, bw, bh, 2.5f * s, edge);
    text_draw(&ui->text, SL_FONT_BOLD, title, bx + 14 * s, by + 8 * s, edge, SL_ALIGN_LEFT);
    float y = by + 8 * s + th;
    for (int i = 0; i < n; i++) {
        text_draw(&ui->text, SL_FONT_NORMAL, lines[i], bx + 14 * s, y, C_TEXT, SL_ALIGN_LEFT);
        y += lh;
    }
}

/* The chance a fire does something, as the player reads it. */
static void odds_line(const sl_fire_preview *pv, char *buf, size_t len)
{
    snprintf(buf, len, "no effect %.0f%%  \xC2\xB7  suppression only %.0f%%  \xC2\xB7  suppression and hits %.0f%%",
             pv->p_fail * 100, pv->p_minor * 100, pv->p_major * 100);
}

static void fire_card(sl_ui *ui, const sl_world *w, sl_view *v, int firer, int target)
{
    sl_fire_preview pv;
    sl_game_fire_preview(&v->play->game, firer, target, (sl_fire_with)v->play->pick_variant, &pv);
    char lines[6][220];
    int n = 0;
    char title[200];
    snprintf(title, sizeof title, "Fire: %s at %s", w->scn.units[firer].name, w->scn.units[target].name);
    if (!pv.possible) {
        snprintf(lines[n++], 220, "Not possible: %s", pv.why);
        prompt_box(ui, title, lines, n, C_FAIL);
        return;
    }
    const sl_range *r = &pv.sight.range;
    bool missile = v->play->pick_variant == SL_FIRE_MISSILE;
    if (missile)
        snprintf(lines[n++], 220, "%.1f\" away; the target's ECM die %s", r->distance / 1000.0,
                 sl_die_name(pv.range_die));
    else
        snprintf(lines[n++], 220, "%.1f\" away: band %d of %.0f\", %s; %s%s \xE2\x86\x92 range die %s",
                 r->distance / 1000.0, r->band, r->band_len / 1000.0, sl_die_name(r->base_die),
                 sl_cover_phrase(pv.sight.cover), v->play->game.us[target].in_position ? ", In Position" : "",
                 sl_die_name(pv.range_die));
    char dice[120] = "";
    for (int i = 0; i < pv.nfirer; i++) {
        size_t l = strlen(dice);
        snprintf(dice + l, sizeof dice - l, "%s%s", i ? " + " : "", sl_die_name(pv.firer[i]));
    }
    snprintf(lines[n++], 220, "%d of %d figures seen; firing %s against %s", pv.sight.seen, pv.sight.total, dice,
             sl_die_name(pv.range_die));
    odds_line(&pv, lines[n++], 220);
    snprintf(lines[n++], 220, "Click or Enter fires; Tab: next target; Esc: cancel");
    prompt_box(ui, title, lines, n, C_ACCENT);
}

/* A stretch [a, b] mils of the mover's way, as screen points. */
static int way_part(const sl_move *mv, double a, double b, const sl_cam *cam, float *xy, int max)
{
    int n = 0;
    sl_pt p = sl_path_point_at(mv->way, mv->nway, a);
    cam_pt(cam, p, &xy[0], &xy[1]);
    n = 1;
    double acc = 0;
    for (int i = 0; i + 1 < mv->nway && n < max - 1; i++) {
        acc += sl_dist(mv->way[i], mv->way[i + 1]);
        if (acc > a && acc < b) {
            cam_pt(cam, mv->way[i + 1], &xy[2 * n], &xy[2 * n + 1]);
            n++;
        }
    }
    p = sl_path_point_at(mv->way, mv->nway, b);
    cam_pt(cam, p, &xy[2 * n], &xy[2 * n + 1]);
    return n + 1;
}

/* Colours (Okabe-Ito) and dash patterns for the options of a decision, so
 * each reads without its colour too. */
static const sl_rgba opt_colour[4] = {{86, 180, 233, 255}, {230, 159, 0, 255}, {0, 158, 115, 255}, {204, 121, 167, 255}};
static const float opt_dash[4][2] = {{1000, 0}, {14, 6}, {6, 5}, {2, 4}};

static void draw_opfire_offer(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam)
{
    sl_play *p = v->play;
    sl_game *g = &p->game;
    const sl_pending *pd = &g->pending;
    float s = ui->lay.s;
    bool move = g->nframes > 0 && g->frames[g->nframes - 1].kind == SL_FRAME_MOVE && g->mv.on;
    ring_unit(ui, w, pd->mover, cam, C_FAIL, 3 * s);
    if (move) {
        /* the rest of the way, and each option's stretch of it */
        float xy[2 * (SL_CMD_MAX_PTS + 4)];
        int n = way_part(&g->mv, g->mv.done, g->mv.go, cam, xy, SL_CMD_MAX_PTS + 4);
        gfx_polyline(ui->ren, xy, n, false, 7 * s, C_BLACK);
        gfx_dashed(ui->ren, xy, n, false, 3 * s, 8 * s, 6 * s, sl_rgba_make(255, 255, 255, 230));
    }
    char lines[SL_MAX_OPTIONS + 4][220];
    int nl = 0;
    const char *what = !g->nframes ? "acts"
                       : g->frames[g->nframes - 1].kind == SL_FRAME_OPFIRE ? "fires"
                       : move ? "moves"
                              : "acts";
    snprintf(lines[nl++], 220, "%s %s in sight of %s:", w->scn.units[pd->mover].name, what,
             w->scn.sides[pd->side].name);
    for (int i = 0; i < pd->noptions && nl < SL_MAX_OPTIONS + 2; i++) {
        int u = pd->options[i];
        sl_rgba c = opt_colour[i % 4];
        bool chosen = p->of_choice == i;
        ring_unit(ui, w, u, cam, c, chosen ? 5 * s : 3 * s);
        float cx, by;
        unit_bottom(w, u, cam, s, &cx, &by);
        char num[16];
        snprintf(num, sizeof num, "%d", i + 1);
        text_draw_boxed(&ui->text, SL_FONT_LARGE, num, cx, by + 26 * s, C_BLACK, c, 5 * s, SL_ALIGN_CENTRE);
        if (move) {
            for (int k = 0; k < pd->nstretch[i]; k++) {
                float xy[2 * (SL_CMD_MAX_PTS + 4)];
                int n = way_part(&g->mv, pd->stretch[i][k][0], pd->stretch[i][k][1], cam, xy, SL_CMD_MAX_PTS + 4);
                float off = (float)(i - pd->noptions / 2) * 5 * s; /* side by side */
                for (int q = 0; q < n; q++)
                    xy[2 * q + 1] += off;
                if (n == 1) {
                    xy[2] = xy[0] + 1;
                    xy[3] = xy[1];
                    n = 2;
                }
                gfx_dashed(ui->ren, xy, n, false, (chosen ? 6 : 4) * s, opt_dash[i % 4][0] * s, opt_dash[i % 4][1] * s, c);
            }
            if (pd->best_at[i] >= 0) {
                float bx, byy;
                cam_pt(cam, sl_path_point_at(g->mv.way, g->mv.nway, pd->best_at[i]), &bx, &byy);
                gfx_disc(ui->ren, bx, byy, 6 * s, C_BLACK);
                gfx_disc(ui->ren, bx, byy, 4 * s, c);
            }
        }
        snprintf(lines[nl++], 220, "[%d] %s: %s, suppression %.0f%%, hits %.0f%%%s", i + 1, w->scn.units[u].name,
                 pd->overwatch[i] ? "overwatch (no test)" : "reaction test", pd->p_suppress[i] * 100,
                 pd->p_hits[i] * 100, move ? " at its best point (dot)" : "");
    }
    if (move && p->of_choice >= 0)
        snprintf(lines[nl++], 220, "Click the point of the way where %s fires, or Enter for its best point",
                 w->scn.units[pd->options[p->of_choice]].name);
    else if (move)
        snprintf(lines[nl++], 220, "A number picks the unit (its stretch of the way is drawn), then click a point");
    snprintf(lines[nl++], 220, "[N] no (more) opportunity fire");
    prompt_box(ui, "Opportunity fire (house rule)", lines, nl, C_PASS);
}

static void draw_continue(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam)
{
    sl_play *p = v->play;
    sl_game *g = &p->game;
    float s = ui->lay.s;
    const sl_pending *pd = &g->pending;
    ring_unit(ui, w, pd->mover, cam, C_ACCENT, 3 * s);
    char lines[4][220];
    int n = 0;
    if (pd->kind == SL_DECIDE_CONTINUE) {
        float xy[2 * (SL_CMD_MAX_PTS + 4)];
        int k = way_part(&g->mv, g->mv.done, sl_path_length(g->mv.way, g->mv.nway), cam, xy, SL_CMD_MAX_PTS + 4);
        gfx_dashed(ui->ren, xy, k, false, 3 * s, 8 * s, 6 * s, C_ACCENT);
        if (p->nreroute > 0) {
            float r[2 * (SL_CMD_MAX_PTS + 1)];
            sl_pt c = sl_unit_centre(&w->scn, pd->mover, NULL);
            cam_pt(cam, c, &r[0], &r[1]);
            for (int i = 0; i < p->nreroute; i++)
                cam_pt(cam, p->reroute[i], &r[2 * i + 2], &r[2 * i + 3]);
            gfx_polyline(ui->ren, r, p->nreroute + 1, false, 6 * s, C_BLACK);
            gfx_polyline(ui->ren, r, p->nreroute + 1, false, 3 * s, C_PASS);
        }
        snprintf(lines[n++], 220, "%s was not stopped. Enter: %s", w->scn.units[pd->mover].name,
                 p->nreroute ? "go this new way" : "go on its way (dashed)");
        snprintf(lines[n++], 220, "Click points for a new way with what is left of its move (even back)");
        snprintf(lines[n++], 220, "[S] stop here   Backspace: take back a point");
        prompt_box(ui, "The mover goes on", lines, n, C_ACCENT);
    } else {
        snprintf(lines[n++], 220, "%s was hit on its combat move:", w->scn.units[pd->mover].name);
        snprintf(lines[n++], 220, "[S] stop here   [C] carry the wounded on (2\" less)");
        snprintf(lines[n++], 220, "[A] abandon them (worse reaction tests from now on)");
        prompt_box(ui, "Casualties (house rule)", lines, n, C_FAIL);
    }
}

void play_draw_table(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam)
{
    if (!play_on(v))
        return;
    sl_play *p = v->play;
    sl_game *g = &p->game;
    float s = ui->lay.s;
    /* a decision waiting: its choices ringed and numbered on the table */
    if (g->pending.kind == SL_DECIDE_REACTION_FIRE) {
        ring_unit(ui, w, g->pending.mover, cam, C_FAIL, 3 * s);
        char lines[SL_MAX_OPTIONS + 3][220];
        int n = 0;
        snprintf(lines[n++], 220, "%s starts its second move. %s may fire at it with one unit that has not acted:",
                 w->scn.units[g->pending.mover].name, w->scn.sides[g->pending.side].name);
        for (int i = 0; i < g->pending.noptions && n < SL_MAX_OPTIONS + 1; i++) {
            int u = g->pending.options[i];
            ring_unit(ui, w, u, cam, C_PASS, 3 * s);
            float cx, by;
            unit_bottom(w, u, cam, s, &cx, &by);
            char num[16];
            snprintf(num, sizeof num, "%d", i + 1);
            text_draw_boxed(&ui->text, SL_FONT_LARGE, num, cx, by + 26 * s, C_BLACK, C_PASS, 5 * s, SL_ALIGN_CENTRE);
            sl_fire_preview pv;
            sl_game_fire_preview(g, u, g->pending.mover, SL_FIRE_ALL, &pv);
            snprintf(lines[n++], 220, "[%d] %s: range die %s, suppression %.0f%%, hits %.0f%%", i + 1,
                     w->scn.units[u].name, sl_die_name(pv.range_die), (pv.p_minor + pv.p_major) * 100,
                     pv.p_major * 100);
        }
        snprintf(lines[n++], 220, "[N] let it move on  (or click a ringed unit)");
        prompt_box(ui, "Reaction fire (p53)", lines, n, C_PASS);
    } else if (g->pending.kind == SL_DECIDE_OPFIRE) {
        draw_opfire_offer(ui, w, v, cam);
    } else if (g->pending.kind == SL_DECIDE_CONTINUE || g->pending.kind == SL_DECIDE_CASUALTIES) {
        draw_continue(ui, w, v, cam);
    } else if (g->pending.kind == SL_DECIDE_FIRST) {
        char lines[SL_MAX_SIDES + 2][220];
        int n = 0;
        snprintf(lines[n++], 220, "%s chooses who activates first this turn:", w->scn.sides[g->pending.side].name);
        for (int sd = 0; sd < w->scn.nsides && sd < SL_MAX_SIDES; sd++)
            snprintf(lines[n++], 220, "[%d] %s", sd + 1, w->scn.sides[sd].name);
        char title[60];
        snprintf(title, sizeof title, "Turn %d", g->turn > 0 ? g->turn : 1);
        prompt_box(ui, title, lines, n, C_PASS);
    } else if (p->pick == SL_CMD_FIRE && ui->lay.act_unit >= 0) {
        if (p->pick_target >= 0) {
            ring_unit(ui, w, p->pick_target, cam, C_ACCENT, 3 * s);
            fire_card(ui, w, v, ui->lay.act_unit, p->pick_target);
        } else {
            char lines[1][220];
            snprintf(lines[0], 220, "Point at an enemy unit to see the range die, cover and odds (Tab cycles); Esc cancels");
            prompt_box(ui, "Fire: choose a target", lines, 1, C_ACCENT);
        }
    } else if (p->pick == SL_CMD_DETACH && ui->lay.act_unit >= 0) {
        /* the men chosen so far, ringed, and what forming it would cost */
        char lines[3][220], title[120], ids[200] = "";
        size_t at = 0;
        for (int i = 0; i < p->ndet; i++) {
            const sl_figure *f = &w->scn.figures[p->det_fig[i]];
            float x, y;
            cam_pt(cam, f->pos, &x, &y);
            gfx_ring(ui->ren, x, y, scene_figure_radius(f, cam, s) + 5 * s, 3 * s, C_ACCENT);
            if (at < sizeof ids)
                at += (size_t)snprintf(ids + at, sizeof ids - at, "%s%s", i ? ", " : "", f->id);
        }
        snprintf(title, sizeof title, "%s: form a detached element", w->scn.units[ui->lay.act_unit].name);
        int n = 0;
        snprintf(lines[n++], 220, "Going: %s", p->ndet ? ids : "nobody yet");
        if (p->ndet > 0) {
            char line[600], why[300];
            sl_play_format(p, SL_CMD_DETACH, -1, ui->lay.act_unit, -1, NULL, 0, line, sizeof line);
            sl_command c;
            if (!sl_command_parse(&g->live, line, &c, why, sizeof why) || !sl_game_can(g, &c, why, sizeof why))
                snprintf(lines[n++], 220, "Not allowed: %.190s", why);
            else
                snprintf(lines[n++], 220, "Enter forms it; it acts only when its squad leader passes it an action");
        }
        snprintf(lines[n++], 220, "Click a man to send or keep him (Backspace: the last); Esc cancels");
        prompt_box(ui, title, lines, n, C_ACCENT);
    } else if (p->pick != SL_CMD_COUNT && ui->lay.act_unit >= 0 && p->pick != SL_CMD_MOVE &&
               p->pick != SL_CMD_COMBAT_MOVE) {
        char lines[2][220], title[120];
        snprintf(title, sizeof title, "%s: choose a unit to %s", w->scn.units[ui->lay.act_unit].name,
                 pick_verb(p->pick));
        int n = 0;
        if (p->pick_target >= 0) {
            ring_unit(ui, w, p->pick_target, cam, C_ACCENT, 3 * s);
            char why[240];
            if (sl_play_can_target(p, p->pick, p->pick_variant, ui->lay.act_unit, p->pick_target, why, sizeof why))
                snprintf(lines[n++], 220, "%s: click or Enter to confirm", w->scn.units[p->pick_target].name);
            else
                snprintf(lines[n++], 220, "%.60s: %.150s", w->scn.units[p->pick_target].name, why);
        }
        snprintf(lines[n++], 220, "Click a unit (Tab cycles the ones allowed); Esc cancels");
        prompt_box(ui, title, lines, n, C_ACCENT);
    }
    /* the last refusal, until the next command or Esc */
    if (p->message_is_error && p->message[0] && g->pending.kind == SL_DECIDE_NONE &&
        (p->pick == SL_CMD_COUNT || p->pick == SL_CMD_MOVE || p->pick == SL_CMD_COMBAT_MOVE)) {
        char lines[6][220];
        int n = wrap_lines(ui, SL_FONT_NORMAL, p->message, fminf(900 * s, ui->lay.table.w - 60 * s), lines, 5);
        put(lines[n++], 220, "Nothing was changed. Esc closes this.");
        prompt_box(ui, "Not allowed", lines, n, C_FAIL);
    }
    /* the command line */
    if (p->typing) {
        const sl_layout *L = &ui->lay;
        char buf[300];
        snprintf(buf, sizeof buf, "> %s_", p->line);
        float th = (float)text_height(&ui->text, SL_FONT_NORMAL);
        float y = L->table.y + L->table.h - th - 16 * s;
        gfx_rect(ui->ren, L->table.x + 8 * s, y - 6 * s, L->table.w - 16 * s, th + 12 * s, sl_rgba_make(10, 10, 12, 240));
        gfx_rect_outline(ui->ren, L->table.x + 8 * s, y - 6 * s, L->table.w - 16 * s, th + 12 * s, 1.5f * s, C_ACCENT);
        text_draw(&ui->text, SL_FONT_NORMAL, buf, L->table.x + 16 * s, y, C_TEXT, SL_ALIGN_LEFT);
    }
}

/* --- the action bar ------------------------------------------------------------------------- */

void play_draw_bar(sl_ui *ui, const sl_world *w, sl_view *v)
{
    if (!play_on(v) || !ui->opts.hud)
        return;
    const sl_layout *L = &ui->lay;
    float s = L->s;
    SDL_FRect r = L->actionbar;
    gfx_rect(ui->ren, r.x, r.y, r.w, r.h, C_PANEL);
    gfx_rect(ui->ren, r.x, r.y, r.w, 1.0f * s, C_RULE);
    char head[200];
    int u = L->act_unit;
    int active = sl_game_active_unit(&v->play->game);
    if (u >= 0)
        snprintf(head, sizeof head, "%s%s%s", w->scn.units[u].name,
                 u == active ? " \xE2\x80\x94 active" : " \xE2\x80\x94 not active",
                 !v->play->leader_mode           ? ""
                 : w->scn.units[u].nteams > 0    ? " \xC2\xB7 the squad leader alone (J)"
                 : w->scn.units[u].squad >= 0    ? " \xC2\xB7 with its squad leader (J)"
                                                 : "");
    else
        snprintf(head, sizeof head, "No unit selected: click one of yours, or Tab");
    text_draw(&ui->text, SL_FONT_SMALL, head, r.x + 8 * s, r.y + 3 * s, C_DIM, SL_ALIGN_LEFT);
    for (int i = 0; i < L->nact; i++) {
        const sl_play_action *a = &L->act[i];
        SDL_FRect b = L->abtn[i];
        bool picked = v->play->pick == a->kind && a->kind != SL_CMD_COUNT &&
                      (a->kind != SL_CMD_MOVE || a->variant == v->play->pick_variant);
        bool hover = v->hover_action == i;
        sl_rgba bg = picked ? C_ACCENT : !a->enabled ? sl_rgba_make(34, 36, 40, 255)
                                        : hover     ? sl_rgba_make(70, 75, 82, 255)
                                                    : C_PANEL2;
        sl_rgba fg = picked ? C_BLACK : a->enabled ? C_TEXT : sl_rgba_make(112, 116, 122, 255);
        gfx_rect(ui->ren, b.x, b.y, b.w, b.h, bg);
        if (a->enabled) {
            gfx_rect_outline(ui->ren, b.x, b.y, b.w, b.h, 1.0f * s, picked ? C_BLACK : C_RULE);
        } else {
            /* greyed, and dashed so it reads without colour */
            float e[8] = {b.x, b.y, b.x + b.w, b.y, b.x + b.w, b.y + b.h, b.x, b.y + b.h};
            gfx_dashed(ui->ren, e, 4, true, 1.0f * s, 4 * s, 3 * s, C_RULE);
        }
        char buf[80];
        snprintf(buf, sizeof buf, "%s [%s]", a->label, a->key);
        float th = (float)text_height(&ui->text, SL_FONT_SMALL);
        text_draw(&ui->text, SL_FONT_SMALL, buf, b.x + b.w / 2, b.y + (b.h - th) / 2, fg, SL_ALIGN_CENTRE);
    }
    /* the hovered button's reason, above the bar */
    if (v->hover_action >= 0 && v->hover_action < L->nact) {
        const sl_play_action *a = &L->act[v->hover_action];
        char buf[320];
        if (a->enabled)
            snprintf(buf, sizeof buf, "%s [%s]", a->label, a->key);
        else
            snprintf(buf, sizeof buf, "%s: not now \xE2\x80\x94 %s", a->label, a->why);
        char fit[320];
        text_fit(&ui->text, SL_FONT_SMALL, buf, L->table.w - 24 * s, fit, sizeof fit);
        SDL_FRect b = L->abtn[v->hover_action];
        float tw = (float)text_width(&ui->text, SL_FONT_SMALL, fit);
        float x = fminf(b.x, L->table.x + L->table.w - tw - 20 * s);
        text_draw_boxed(&ui->text, SL_FONT_SMALL, fit, x, r.y - 26 * s, C_TEXT, sl_rgba_make(10, 10, 12, 235), 6 * s,
                        SL_ALIGN_LEFT);
    }
}

/* --- the side panel: turn box, unit state, dice log ------------------------------------------- */

float play_draw_turn(sl_ui *ui, const sl_world *w, const sl_view *v, float x, float y, float wd)
{
    if (!play_on(v))
        return y;
    const sl_game *g = &v->play->game;
    float s = ui->lay.s;
    float lh = (float)text_height(&ui->text, SL_FONT_NORMAL) * 1.2f;
    float top = y;
    float bh = (float)text_height(&ui->text, SL_FONT_LARGE) * 1.2f + lh * 3 + 12 * s;
    gfx_rect(ui->ren, x - 6 * s, y, wd + 12 * s, bh, C_PANEL2);
    y += 6 * s;
    char buf[240];
    int side = sl_play_side_to_act(v->play);
    snprintf(buf, sizeof buf, "Turn %d", g->turn > 0 ? g->turn : 1);
    float tw = (float)text_draw(&ui->text, SL_FONT_LARGE, buf, x, y, C_TEXT, SL_ALIGN_LEFT);
    if (side >= 0) {
        float r = 8 * s, cx = x + tw + 18 * s, cy = y + (float)text_height(&ui->text, SL_FONT_LARGE) / 2;
        gfx_disc(ui->ren, cx, cy, r + 1.2f * s, C_BLACK);
        gfx_disc(ui->ren, cx, cy, r, ui_side_colour(w, side));
        gfx_marker(ui->ren, w->scn.sides[side].marker, cx, cy, r * 0.6f, sl_rgba_make(255, 255, 255, 255));
        const char *what = g->pending.kind == SL_DECIDE_FIRST            ? "to choose who goes first"
                           : g->pending.kind == SL_DECIDE_REACTION_FIRE  ? "to decide: reaction fire?"
                           : g->pending.kind == SL_DECIDE_OPFIRE         ? "to decide: opportunity fire?"
                           : g->pending.kind == SL_DECIDE_CONTINUE       ? "to move on"
                           : g->pending.kind == SL_DECIDE_CASUALTIES     ? "to decide: the wounded"
                           : sl_game_active_unit(g) >= 0                 ? "acting"
                                                                         : "to activate a unit";
        snprintf(buf, sizeof buf, "%s %s", w->scn.sides[side].name, what);
        char fit[240];
        text_fit(&ui->text, SL_FONT_NORMAL, buf, wd - (cx - x) - 16 * s, fit, sizeof fit);
        text_draw(&ui->text, SL_FONT_NORMAL, fit, cx + 14 * s, y + 2 * s, C_ACCENT, SL_ALIGN_LEFT);
    }
    y += (float)text_height(&ui->text, SL_FONT_LARGE) * 1.2f;
    int a = sl_game_active_unit(g);
    if (a >= 0)
        snprintf(buf, sizeof buf, "Active: %s, %d action%s left", w->scn.units[a].name, sl_game_actions_left(g),
                 sl_game_actions_left(g) == 1 ? "" : "s");
    else
        snprintf(buf, sizeof buf, "No unit active");
    text_draw(&ui->text, SL_FONT_NORMAL, buf, x, y, C_TEXT, SL_ALIGN_LEFT);
    y += lh;
    size_t at = (size_t)snprintf(buf, sizeof buf, "Still to activate:");
    for (int sd = 0; sd < w->scn.nsides && at < sizeof buf; sd++)
        at += (size_t)snprintf(buf + at, sizeof buf - at, " %s %d", w->scn.sides[sd].id, sl_game_unactivated(g, sd));
    text_draw(&ui->text, SL_FONT_NORMAL, buf, x, y, C_DIM, SL_ALIGN_LEFT);
    y += lh;
    snprintf(buf, sizeof buf, "%d command%s \xC2\xB7 seed %llu%s", g->ncommands, g->ncommands == 1 ? "" : "s",
             (unsigned long long)g->seed, v->play->autosave[0] ? " \xC2\xB7 autosaved" : "");
    text_draw(&ui->text, SL_FONT_SMALL, buf, x, y, C_DIM, SL_ALIGN_LEFT);
    return top + bh + 6 * s;
}

float play_draw_unit_state(sl_ui *ui, const sl_world *w, const sl_view *v, int unit, float x, float y, float wd)
{
    (void)wd;
    if (!play_on(v))
        return y;
    const sl_game *g = &v->play->game;
    const sl_unit_state *st = &g->us[unit];
    const sl_unit *u = &w->scn.units[unit];
    float lh = (float)text_height(&ui->text, SL_FONT_NORMAL) * 1.15f;
    char buf[240];
    if (g->live.options.ruleset == 1) {
        /* SkirmishCorps: stance and markers, nothing of morale */
        int active = sl_game_active_unit(g);
        snprintf(buf, sizeof buf, "%s, %s%s%s%s", unit == active ? "acting" : st->activated ? "has acted" : "to act",
                 st->sc_prone ? "prone" : "standing", st->sc_hiding ? ", hiding" : "",
                 st->sc_sneaking ? ", sneaking" : "",
                 st->sc_stunned > 0 ? ", stunned (does nothing next turn)" : "");
        text_draw(&ui->text, SL_FONT_NORMAL, buf, x, y, C_TEXT, SL_ALIGN_LEFT);
        return y + lh;
    }
    float cx = x;
    cx += counter(ui, cx, y, conf_short(u->confidence), conf_colour(u->confidence), C_BLACK);
    snprintf(buf, sizeof buf, "%s", sl_confidence_name(u->confidence));
    text_draw(&ui->text, SL_FONT_NORMAL, buf, cx + 4 * ui->lay.s, y, C_TEXT, SL_ALIGN_LEFT);
    y += lh;
    size_t at = 0;
    buf[0] = '\0';
    int active = sl_game_active_unit(g);
    at += (size_t)snprintf(buf + at, sizeof buf - at, "%s", unit == active ? "active" : st->activated ? "activated" : "not yet activated");
    if (st->suppression)
        at += (size_t)snprintf(buf + at, sizeof buf - at, ", %d suppression", st->suppression);
    if (st->in_position)
        at += (size_t)snprintf(buf + at, sizeof buf - at, ", In Position");
    if (st->panicked)
        at += (size_t)snprintf(buf + at, sizeof buf - at, ", panicking");
    if (st->aboard >= 0)
        at += (size_t)snprintf(buf + at, sizeof buf - at, ", aboard %s", w->scn.units[st->aboard].name);
    text_draw(&ui->text, SL_FONT_NORMAL, buf, x, y, C_TEXT, SL_ALIGN_LEFT);
    y += lh;
    int dead = 0, wounded = 0, untreated = 0;
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &w->scn.figures[u->first_figure + i];
        dead += f->status == SL_FIG_DEAD;
        wounded += f->status == SL_FIG_WOUNDED;
        untreated += f->status == SL_FIG_WOUNDED && !f->treated;
    }
    if (dead || wounded) {
        snprintf(buf, sizeof buf, "casualties: %d dead, %d wounded (%d untreated)", dead, wounded, untreated);
        text_draw(&ui->text, SL_FONT_NORMAL, buf, x, y, C_FAIL, SL_ALIGN_LEFT);
        y += lh;
    }
    return y;
}

void play_draw_log(sl_ui *ui, const sl_view *v, float x, float y, float wd, float h)
{
    if (!play_on(v))
        return;
    const sl_game *g = &v->play->game;
    float s = ui->lay.s;
    gfx_rect(ui->ren, x - 6 * s, y, wd + 12 * s, 1.0f * s, C_RULE);
    text_draw(&ui->text, SL_FONT_BOLD, "Dice log (PgUp/PgDn)", x, y + 4 * s, C_ACCENT, SL_ALIGN_LEFT);
    float top = y + (float)text_height(&ui->text, SL_FONT_BOLD) * 1.4f;
    float bottom = y + h;
    SDL_Rect clip = {(int)(x - 6 * s), (int)top, (int)(wd + 12 * s), (int)(bottom - top)};
    SDL_RenderSetClipRect(ui->ren, &clip);
    float sl = (float)text_height(&ui->text, SL_FONT_SMALL) * 1.12f;
    /* newest at the bottom: lay out backwards from the end */
    float cy = bottom;
    int skip = v->play->log_scroll;
    for (int i = g->journal.n - 1; i >= 0 && cy > top; i--) {
        const sl_event *e = &g->journal.ev[i];
        char lines[8][220];
        char text[900];
        sl_rgba fg = C_TEXT;
        float indent = 0;
        if (e->kind == SL_EV_COMMAND) {
            snprintf(text, sizeof text, "> %s", e->text);
            fg = C_ACCENT;
        } else if (e->kind == SL_EV_ROLL) {
            if (e->target >= 0)
                snprintf(text, sizeof text, "%s %d vs %d %s \xE2\x80\x94 %s", sl_die_name(e->die), e->value, e->target,
                         e->pass ? "PASS" : "FAIL", e->text);
            else
                snprintf(text, sizeof text, "%s %d \xE2\x80\x94 %s", sl_die_name(e->die), e->value, e->text);
            indent = 10 * s;
        } else if (e->kind == SL_EV_TURN) {
            snprintf(text, sizeof text, "== %s", e->text);
            fg = C_ACCENT;
        } else {
            snprintf(text, sizeof text, "%s", e->text);
            fg = e->kind == SL_EV_DECISION ? C_PASS : sl_rgba_make(205, 205, 205, 255);
            indent = 4 * s;
        }
        int n = wrap_lines(ui, SL_FONT_SMALL, text, wd - indent - 4 * s, lines, 8);
        if (skip > 0) {
            skip--;
            continue;
        }
        cy -= n * sl + 3 * s;
        for (int k = 0; k < n; k++) {
            float ly = cy + k * sl;
            if (e->kind == SL_EV_ROLL && k == 0 && e->target >= 0) {
                /* the die's verdict as a mark and a word, not colour alone */
                gfx_rect(ui->ren, x, ly + 2 * s, 4 * s, sl - 4 * s, e->pass ? C_PASS : C_FAIL);
            }
            text_draw(&ui->text, SL_FONT_SMALL, lines[k], x + indent, ly, fg, SL_ALIGN_LEFT);
        }
    }
    SDL_RenderSetClipRect(ui->ren, NULL);
}

/* --- doing things ------------------------------------------------------------------------------ */

static void say(sl_view *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(sl_view *v, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->status, sizeof v->status, fmt, ap);
    va_end(ap);
}

/* Apply a command line; a refusal goes to the status bar with its reason. */
static bool run(sl_view *v, const char *line)
{
    char err[600];
    if (!sl_play_do(v->play, line, err, sizeof err)) {
        say(v, "Refused: %s (%s)", err, line);
        return false; /* sl_play_do keeps the reason for the box on the table */
    }
    /* show what happened last: the latest line of the journal */
    const sl_journal *j = &v->play->game.journal;
    const char *last = j->n > 0 ? j->ev[j->n - 1].text : "";
    say(v, "%s: %s", line, last);
    /* keep the bar on the unit that acts now */
    int a = sl_game_active_unit(&v->play->game);
    if (a >= 0 && a < v->nunits)
        sl_view_select_unit(v, a, false);
    return true;
}

static int action_with_key(const sl_layout *L, const char *key)
{
    for (int i = 0; i < L->nact; i++)
        if (strcmp(L->act[i].key, key) == 0)
            return i;
    return -1;
}

static void start_path(sl_ui *ui, const sl_world *w, sl_view *v, sl_cmd_kind k, int variant)
{
    (void)ui;
    int u = ui->lay.act_unit;
    v->play->pick = k;
    v->play->pick_variant = variant;
    v->tool = SL_TOOL_PATH;
    v->path_figure = -1;
    v->npath = 0;
    v->path_live = false;
    if (u >= 0)
        sl_view_select_unit(v, u, false);
    say(v, "%s: click by the unit, then click the way; Enter moves; Esc cancels",
        k == SL_CMD_COMBAT_MOVE ? "Combat move (click the destination)" : "Move");
    (void)w;
}

/* Do the action bar's entry i. */
/* Detach: a click on one of the squad's men chooses him, or takes him
 * back; on anything else it says what is wanted. */
static void detach_toggle(sl_ui *ui, const sl_world *w, sl_view *v, int fig)
{
    sl_play *p = v->play;
    int sq = ui->lay.act_unit;
    const sl_unit *un = sq >= 0 ? &w->scn.units[sq] : NULL;
    if (!un || fig < un->first_figure || fig >= un->first_figure + un->nfigures) {
        say(v, "Click one of %s's men, Enter to form the element, or Esc", un ? un->name : "the squad");
        return;
    }
    for (int i = 0; i < p->ndet; i++)
        if (p->det_fig[i] == fig) {
            memmove(&p->det_fig[i], &p->det_fig[i + 1], sizeof(int) * (size_t)(p->ndet - i - 1));
            p->ndet--;
            say(v, "%s stays (%d chosen)", w->scn.figures[fig].id, p->ndet);
            return;
        }
    if (p->ndet < SL_CMD_MAX_PLACE)
        p->det_fig[p->ndet++] = fig;
    say(v, "%s goes (%d chosen); Enter forms the element", w->scn.figures[fig].id, p->ndet);
}

static void do_action(sl_ui *ui, const sl_world *w, sl_view *v, int i)
{
    sl_layout *L = &ui->lay;
    if (i < 0 || i >= L->nact)
        return;
    const sl_play_action *a = &L->act[i];
    if (a->kind == SL_CMD_COUNT && a->variant == 1) {
        v->play->leader_mode = !v->play->leader_mode;
        const sl_unit *un = &w->scn.units[L->act_unit];
        if (un->nteams > 0)
            say(v, "%s", v->play->leader_mode ? "The squad leader alone: the next actions are his own (J again: the squad)"
                                              : "The whole squad (or its leader's orders) again");
        else
            say(v, "%s", v->play->leader_mode ? "The squad leader goes with this fireteam's move, fire or assault (J again: not)"
                                              : "The fireteam acts without its squad leader");
        return;
    }
    if (a->kind == SL_CMD_COUNT) {
        char err[400];
        if (sl_play_undo(v->play, err, sizeof err))
            say(v, "%s", v->play->message);
        else
            say(v, "Cannot undo: %s", err);
        return;
    }
    if (!a->enabled) {
        say(v, "%s: not now \xE2\x80\x94 %s", a->label, a->why);
        snprintf(v->play->message, sizeof v->play->message, "%s: %s", a->label, a->why);
        v->play->message_is_error = true;
        return;
    }
    if (a->needs_path) {
        start_path(ui, w, v, a->kind, a->variant);
        return;
    }
    if (a->kind == SL_CMD_DETACH) {
        v->play->pick = SL_CMD_DETACH;
        v->play->ndet = 0;
        v->play->pick_target = -1;
        say(v, "Detach: click the men who go (again to take one back); Enter forms the element; Esc cancels");
        return;
    }
    if (a->needs_target) {
        v->play->pick = a->kind;
        v->play->pick_variant = a->variant;
        v->play->pick_target = -1;
        say(v, "%s: choose a unit to %s (click, or Tab and Enter)", a->label, pick_verb(a->kind));
        return;
    }
    char line[300];
    int who = a->kind == SL_CMD_PASS || a->kind == SL_CMD_DONE ? -1 : L->act_unit;
    sl_play_format(v->play, a->kind, a->variant, who, -1, NULL, 0, line, sizeof line);
    run(v, line);
}

/* Tab in a pick: the next unit the command may be given to. */
static void next_pick(sl_ui *ui, const sl_world *w, sl_view *v, int dir)
{
    int n = w->scn.nunits, from = v->play->pick_target;
    for (int k = 1; k <= n; k++) {
        int t = ((from < 0 ? (dir > 0 ? -1 : 0) : from) + dir * k + 2 * n) % n;
        char why[240];
        if (sl_play_can_target(v->play, v->play->pick, v->play->pick_variant, ui->lay.act_unit, t, why, sizeof why)) {
            v->play->pick_target = t;
            say(v, "%s %s", pick_verb(v->play->pick), w->scn.units[t].name);
            return;
        }
    }
    say(v, "No unit can be chosen for that now");
}

static void confirm_pick(sl_ui *ui, const sl_world *w, sl_view *v, int target)
{
    (void)w;
    char line[300];
    sl_play_format(v->play, v->play->pick, v->play->pick_variant, ui->lay.act_unit, target, NULL, 0, line, sizeof line);
    run(v, line);
}

static void decide_option(sl_view *v, int i)
{
    sl_game *g = &v->play->game;
    char line[200];
    if (g->pending.kind == SL_DECIDE_FIRST) {
        if (i < 0 || i >= g->live.nsides)
            return;
        snprintf(line, sizeof line, "decide first %s", g->live.sides[i].id);
    } else if (g->pending.kind == SL_DECIDE_REACTION_FIRE) {
        if (i < 0)
            snprintf(line, sizeof line, "decide pass");
        else if (i < g->pending.noptions)
            snprintf(line, sizeof line, "decide fire %s", g->live.units[g->pending.options[i]].id);
        else
            return;
    } else {
        return;
    }
    run(v, line);
}

bool play_key(sl_ui *ui, const sl_world *w, sl_view *v, SDL_Keycode k, bool shift, bool ctrl)
{
    if (!play_on(v))
        return false;
    sl_play *p = v->play;
    sl_layout *L = &ui->lay;
    if (p->typing) {
        size_t n = strlen(p->line);
        if (k == SDLK_ESCAPE) {
            p->typing = false;
            v->status[0] = '\0';
        } else if (k == SDLK_RETURN || k == SDLK_KP_ENTER) {
            p->typing = false;
            if (n > 0)
                run(v, p->line);
            p->line[0] = '\0';
        } else if (k == SDLK_BACKSPACE && n > 0) {
            p->line[n - 1] = '\0';
        }
        return k != SDLK_F1 && k != SDLK_F12 && k != SDLK_F2;
    }
    if (ctrl && k == SDLK_z) {
        char err[400];
        if (sl_play_undo(p, err, sizeof err))
            say(v, "%s", p->message);
        else
            say(v, "Cannot undo: %s", err);
        return true;
    }
    if (ctrl)
        return false;
    /* opportunity fire, the mover's way on, casualties */
    if (p->game.pending.kind == SL_DECIDE_OPFIRE) {
        sl_game *g = &p->game;
        bool move = g->nframes > 0 && g->frames[g->nframes - 1].kind == SL_FRAME_MOVE;
        if (k >= SDLK_1 && k <= SDLK_9 && (int)(k - SDLK_1) < g->pending.noptions) {
            int i = (int)(k - SDLK_1);
            if (move && p->of_choice != i) {
                p->of_choice = i;
                say(v, "%s: click the point of the way, or Enter for its best point",
                    g->live.units[g->pending.options[i]].name);
            } else {
                char line[120];
                snprintf(line, sizeof line, "decide fire %s", g->live.units[g->pending.options[i]].id);
                run(v, line);
            }
            return true;
        }
        if ((k == SDLK_RETURN || k == SDLK_KP_ENTER) && p->of_choice >= 0 && p->of_choice < g->pending.noptions) {
            char line[120];
            snprintf(line, sizeof line, "decide fire %s", g->live.units[g->pending.options[p->of_choice]].id);
            run(v, line);
            return true;
        }
        if (k == SDLK_n || k == SDLK_0) {
            run(v, "decide pass");
            return true;
        }
        if (k == SDLK_ESCAPE && p->of_choice >= 0) {
            p->of_choice = -1;
            return true;
        }
    }
    if (p->game.pending.kind == SL_DECIDE_CONTINUE) {
        if (k == SDLK_RETURN || k == SDLK_KP_ENTER) {
            char line[600];
            size_t at = (size_t)snprintf(line, sizeof line, "decide continue");
            for (int i = 0; i < p->nreroute && at < sizeof line; i++)
                at += (size_t)snprintf(line + at, sizeof line - at, " %.2f,%.2f", p->reroute[i].x / 1000.0,
                                       p->reroute[i].y / 1000.0);
            if (run(v, line))
                p->nreroute = 0;
            return true;
        }
        if (k == SDLK_s) {
            run(v, "decide stop");
            return true;
        }
        if (k == SDLK_BACKSPACE && p->nreroute > 0) {
            p->nreroute--;
            return true;
        }
    }
    if (p->game.pending.kind == SL_DECIDE_CASUALTIES) {
        const char *ans = k == SDLK_s ? "decide stop" : k == SDLK_c ? "decide carry" : k == SDLK_a ? "decide abandon" : NULL;
        if (ans) {
            run(v, ans);
            return true;
        }
    }
    if (k == SDLK_F5) {
        /* solo play: the program answers for a side's decisions */
        int ns = p->game.live.nsides;
        p->solo_side = p->solo_side + 1 >= ns ? -1 : p->solo_side + 1;
        if (p->solo_side >= 0) {
            char err[300];
            say(v, "Solo: the program now answers %s's decisions (F5 changes)", p->game.live.sides[p->solo_side].name);
            if (sl_play_auto(p, err, sizeof err) > 0)
                say(v, "Solo: the program answered for %s (see the dice log)", p->game.live.sides[p->solo_side].name);
        } else {
            say(v, "Solo off: both sides are played at this screen");
        }
        return true;
    }
    /* a decision first: numbers pick, N lets it pass */
    if (p->game.pending.kind != SL_DECIDE_NONE) {
        if (k >= SDLK_1 && k <= SDLK_9) {
            decide_option(v, (int)(k - SDLK_1));
            return true;
        }
        if ((k == SDLK_n || k == SDLK_0) && p->game.pending.kind == SL_DECIDE_REACTION_FIRE) {
            decide_option(v, -1);
            return true;
        }
    }
    if (k == SDLK_ESCAPE && p->message_is_error && p->message[0]) {
        p->message[0] = '\0';
        p->message_is_error = false;
        v->status[0] = '\0';
        return true;
    }
    if (k == SDLK_PAGEUP) {
        p->log_scroll += 5;
        return true;
    }
    if (k == SDLK_PAGEDOWN) {
        p->log_scroll = p->log_scroll > 5 ? p->log_scroll - 5 : 0;
        return true;
    }
    if (p->pick == SL_CMD_DETACH) {
        if (k == SDLK_RETURN || k == SDLK_KP_ENTER) {
            char line[600];
            sl_play_format(p, SL_CMD_DETACH, -1, ui->lay.act_unit, -1, NULL, 0, line, sizeof line);
            if (p->ndet == 0)
                say(v, "Detach: click the men who go first");
            else if (run(v, line))
                p->pick = SL_CMD_COUNT;
            return true;
        }
        if (k == SDLK_BACKSPACE && p->ndet > 0) {
            p->ndet--;
            return true;
        }
    }
    bool picking = p->pick != SL_CMD_COUNT && p->pick != SL_CMD_MOVE && p->pick != SL_CMD_COMBAT_MOVE;
    if (picking) {
        if (k == SDLK_ESCAPE) {
            p->pick = SL_CMD_COUNT;
            p->pick_target = -1;
            v->status[0] = '\0';
            return true;
        }
        if (k == SDLK_TAB) {
            next_pick(ui, w, v, shift ? -1 : 1);
            return true;
        }
        if ((k == SDLK_RETURN || k == SDLK_KP_ENTER) && p->pick_target >= 0) {
            confirm_pick(ui, w, v, p->pick_target);
            return true;
        }
    }
    if ((p->pick == SL_CMD_MOVE || p->pick == SL_CMD_COMBAT_MOVE) && k == SDLK_ESCAPE && v->path_figure < 0) {
        p->pick = SL_CMD_COUNT;
        v->tool = SL_TOOL_SELECT;
        return true;
    }
    const char *key = NULL;
    switch (k) {
    case SDLK_a: key = "A"; break;
    case SDLK_c: key = shift ? "Shift+C" : "C"; break;
    case SDLK_f: key = "F"; break;
    case SDLK_p: key = shift ? "Shift+P" : "P"; break;
    case SDLK_u: key = "U"; break;
    case SDLK_o: key = shift ? "Shift+O" : "O"; break;
    case SDLK_x: key = shift ? "Shift+X" : "X"; break;
    case SDLK_k: key = "K"; break;
    case SDLK_y: key = "Y"; break;
    case SDLK_w: key = "W"; break;
    case SDLK_h: key = "H"; break;
    case SDLK_e: key = shift ? "Shift+E" : "E"; break;
    case SDLK_d: key = shift ? "Shift+D" : "D"; break;
    case SDLK_l:
        if (!shift)
            return false;
        key = "Shift+L";
        break;
    case SDLK_t:
    case SDLK_j:
    case SDLK_1:
    case SDLK_2:
    case SDLK_3:
    case SDLK_4:
    case SDLK_5:
    case SDLK_6:
    case SDLK_7:
    case SDLK_8:
    case SDLK_9: {
        /* fireteams' keys; without a squad of fireteams in the bar they
         * are the viewer's (T: next sight target) */
        char kb[16];
        if (k == SDLK_t)
            snprintf(kb, sizeof kb, "%s", shift ? "Shift+T" : "T");
        else if (k == SDLK_j)
            snprintf(kb, sizeof kb, "J");
        else
            snprintf(kb, sizeof kb, "%d", (int)(k - SDLK_0));
        int i = action_with_key(L, kb);
        if (i < 0)
            return false;
        do_action(ui, w, v, i);
        return true;
    }
    case SDLK_m:
        /* M moves the active unit for real; otherwise it plans (the tool) */
        if (L->act_unit >= 0 && L->act_unit == sl_game_active_unit(&p->game) && v->tool != SL_TOOL_PATH) {
            key = "M";
            break;
        }
        return false;
    default: return false;
    }
    int i = action_with_key(L, key);
    if (i < 0) {
        say(v, "%s: select one of your units first (click it, or Tab)", key);
        return true;
    }
    do_action(ui, w, v, i);
    return true;
}

bool play_text(sl_ui *ui, const sl_world *w, sl_view *v, const char *text)
{
    (void)ui;
    (void)w;
    if (!play_on(v))
        return false;
    sl_play *p = v->play;
    if (p->typing) {
        size_t n = strlen(p->line);
        if (n + strlen(text) < sizeof p->line - 1)
            memcpy(p->line + n, text, strlen(text) + 1);
        return true;
    }
    if (strcmp(text, ":") == 0) {
        p->typing = true;
        p->line[0] = '\0';
        snprintf(v->status, sizeof v->status, "Type a command (as in a script: fire nac-1 at esu-1); Enter does it; Esc closes");
        return true;
    }
    return false;
}

void play_hover(sl_ui *ui, const sl_world *w, sl_view *v)
{
    v->hover_action = -1;
    if (!play_on(v))
        return;
    const sl_layout *L = &ui->lay;
    for (int i = 0; i < L->nact; i++) {
        const SDL_FRect *b = &L->abtn[i];
        if (v->mouse_x >= b->x && v->mouse_y >= b->y && v->mouse_x < b->x + b->w && v->mouse_y < b->y + b->h)
            v->hover_action = i;
    }
    sl_play *p = v->play;
    bool picking = p->pick != SL_CMD_COUNT && p->pick != SL_CMD_MOVE && p->pick != SL_CMD_COMBAT_MOVE;
    if (picking && v->mouse_in_table && v->hover_figure >= 0)
        p->pick_target = w->scn.figures[v->hover_figure].unit;
}

bool play_click(sl_ui *ui, const sl_world *w, sl_view *v)
{
    if (!play_on(v))
        return false;
    sl_play *p = v->play;
    if (v->hover_action >= 0) {
        do_action(ui, w, v, v->hover_action);
        return true;
    }
    if (!v->mouse_in_table)
        return false;
    int unit = v->hover_figure >= 0 ? w->scn.figures[v->hover_figure].unit : -1;
    sl_game *g = &p->game;
    if (g->pending.kind == SL_DECIDE_OPFIRE) {
        bool move = g->nframes > 0 && g->frames[g->nframes - 1].kind == SL_FRAME_MOVE;
        for (int i = 0; i < g->pending.noptions && unit >= 0; i++)
            if (g->pending.options[i] == unit) {
                if (move) {
                    p->of_choice = i;
                    say(v, "%s: click the point of the way, or Enter for its best point", w->scn.units[unit].name);
                } else {
                    char line[120];
                    snprintf(line, sizeof line, "decide fire %s", w->scn.units[unit].id);
                    run(v, line);
                }
                return true;
            }
        if (move && p->of_choice >= 0) {
            char line[160];
            snprintf(line, sizeof line, "decide fire %s at %.2f,%.2f", g->live.units[g->pending.options[p->of_choice]].id,
                     v->cursor.x / 1000.0, v->cursor.y / 1000.0);
            run(v, line);
            return true;
        }
        say(v, "Pick a unit to fire (a number, or click a ringed unit), or N for none");
        return true;
    }
    if (g->pending.kind == SL_DECIDE_CONTINUE) {
        if (p->nreroute < SL_CMD_MAX_PTS)
            p->reroute[p->nreroute++] = v->cursor;
        say(v, "A new way: %d point%s; Enter goes, Backspace takes one back", p->nreroute, p->nreroute == 1 ? "" : "s");
        return true;
    }
    if (p->game.pending.kind == SL_DECIDE_REACTION_FIRE && unit >= 0) {
        for (int i = 0; i < p->game.pending.noptions; i++)
            if (p->game.pending.options[i] == unit) {
                decide_option(v, i);
                return true;
            }
    }
    if (p->pick == SL_CMD_DETACH) {
        detach_toggle(ui, w, v, v->hover_figure);
        return true;
    }
    bool picking = p->pick != SL_CMD_COUNT && p->pick != SL_CMD_MOVE && p->pick != SL_CMD_COMBAT_MOVE;
    if (picking) {
        if (unit >= 0)
            confirm_pick(ui, w, v, unit);
        else
            say(v, "Click a unit to %s, or Esc to cancel", pick_verb(p->pick));
        return true;
    }
    return false;
}

bool play_path_done(sl_ui *ui, const sl_world *w, sl_view *v)
{
    if (!play_on(v) || v->path_figure < 0 || v->npath < 2)
        return false;
    sl_play *p = v->play;
    int unit = w->scn.figures[v->path_figure].unit;
    int active = sl_game_active_unit(&p->game);
    sl_cmd_kind k = p->pick == SL_CMD_COMBAT_MOVE ? SL_CMD_COMBAT_MOVE : SL_CMD_MOVE;
    if (unit != active || (p->pick != SL_CMD_MOVE && p->pick != SL_CMD_COMBAT_MOVE))
        return false; /* only planning */
    /* the drawn way starts at a figure; the unit's centre goes the same way */
    sl_pt c = sl_unit_centre(&w->scn, unit, NULL);
    sl_pt pts[SL_CMD_MAX_PTS];
    int n = 0;
    /* a combat move's destination is its last point */
    for (int i = 1; i < v->npath && n < SL_CMD_MAX_PTS; i++)
        pts[n++] = sl_pt_make(c.x + v->path[i].x - v->path[0].x, c.y + v->path[i].y - v->path[0].y);
    char line[600];
    sl_play_format(p, k, p->pick_variant, unit, -1, pts, n, line, sizeof line);
    if (run(v, line)) {
        v->path_figure = -1;
        v->npath = 0;
        v->path_live = false;
        v->overlays &= ~(unsigned)SL_OVERLAY_PATH;
        v->tool = SL_TOOL_SELECT;
    }
    (void)ui;
    return true;
}

/* The offer to resume the autosaved game, over everything. */
void play_draw_modal(sl_ui *ui, const sl_view *v)
{
    if (!v->play || !v->play->offer_resume)
        return;
    const sl_layout *L = &ui->lay;
    float s = L->s;
    float lh = (float)text_height(&ui->text, SL_FONT_NORMAL) * 1.3f;
    float bw = fminf(760 * s, L->w - 40 * s), bh = lh * 5 + 30 * s;
    float bx = (L->w - bw) / 2, by = (L->h - bh) / 2;
    gfx_rect(ui->ren, 0, 0, (float)L->w, (float)L->h, sl_rgba_make(0, 0, 0, 120));
    gfx_rect(ui->ren, bx, by, bw, bh, sl_rgba_make(24, 26, 30, 248));
    gfx_rect_outline(ui->ren, bx, by, bw, bh, 2.5f * s, C_ACCENT);
    float x = bx + 20 * s, y = by + 14 * s;
    text_draw(&ui->text, SL_FONT_LARGE, "Resume the last game?", x, y, C_TEXT, SL_ALIGN_LEFT);
    y += lh * 1.4f;
    char fit[320];
    text_fit(&ui->text, SL_FONT_NORMAL, v->play->resume_text, bw - 40 * s, fit, sizeof fit);
    text_draw(&ui->text, SL_FONT_NORMAL, fit, x, y, C_TEXT, SL_ALIGN_LEFT);
    y += lh * 1.4f;
    text_draw(&ui->text, SL_FONT_BOLD, "[Y] or Enter: resume it    [N] or Esc: a new game", x, y, C_ACCENT,
              SL_ALIGN_LEFT);
}
