/* Prompts on the table: the decision waiting (who goes first, reaction
 * and opportunity fire, the mover's way on, casualties) with its choices
 * ringed and numbered, the fire card with its odds, the unit or men being
 * chosen, the last refusal, the command line, and the offer to resume. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui_internal.h"

/* One line of a prompt: room for two long unit names and the words. */
#define PROMPT_LINE UI_LINE

/* A boxed block of lines on the table, where it hides least of what the
 * decision is about (cards.c); lines too long for a card of at most
 * about two thirds of the table's width are wrapped. */
#define PROMPT_MAX_ROWS 28
/* The width a prompt's text is wrapped to. */
static float prompt_room(const sl_ui *ui)
{
    const sl_layout *L = &ui->lay;
    if (ui_card_room(ui) > 0) /* the presentation's strip: its width */
        return ui_card_room(ui) - 28 * L->s;
    if (ui->prompt_wide)
        return L->table.w - 48 * L->s;
    if (L->s >= 1.5f) /* projector scale: a card takes at most 60% of the table's width, wrapping */
        return fmaxf(L->table.w * 0.6f, fminf(300 * L->s, L->table.w - 20 * L->s)) - 28 * L->s;
    return fmaxf(L->table.w * 0.66f, fminf(560 * L->s, L->table.w - 20 * L->s)) - 28 * L->s;
}

/* A prompt's words laid out: its title's rows, its lines' rows (wrapped
 * to the room, in smaller words in the presentation's strip when they
 * are too tall for it) and the font they take; returns the box's height. */
typedef struct prompt_rows_t {
    char head[3][PROMPT_LINE];
    int nh;
    char rows[PROMPT_MAX_ROWS][PROMPT_LINE];
    int nr;
    sl_font f;
} prompt_rows_t;

static float prompt_layout_in(sl_ui *ui, const char *title, char lines[][PROMPT_LINE], int n, prompt_rows_t *p,
                              float kept, bool *fits)
{
    const sl_layout *L = &ui->lay;
    float s = L->s;
    float th = (float)text_height(&ui->text, SL_FONT_BOLD) * 1.3f;
    float room = prompt_room(ui);
    /* too tall for its room: on the table, as wide as the table, then
     * smaller words; in the presentation's strip, smaller words. The
     * room kept under it for the refusal box counts as taken. */
    float wide = L->strip.w > 0 ? room : fmaxf(room, L->table.w - 48 * s);
    for (int pass = 0; pass < 3; pass++) {
        if (pass == 1 && wide <= room)
            continue;
        float r = pass == 0 ? room : wide;
        p->f = pass < 2 ? SL_FONT_NORMAL : SL_FONT_SMALL;
        /* the title wrapped too: a card's words are never cut */
        p->nh = text_wrap_lines(&ui->text, SL_FONT_BOLD, title, r, p->head, 3);
        float avail = L->strip.w > 0 ? L->strip.h - 16 * s - L->caption.h - th * (float)p->nh - 16 * s /* as ui_strip_place has it */
                                     : L->table.h - 20 * s - th * (float)p->nh - 16 * s;
        avail -= ui->prompt_reserve + kept;
        p->nr = 0;
        for (int i = 0; i < n && p->nr < PROMPT_MAX_ROWS; i++) {
            if ((float)text_width(&ui->text, p->f, lines[i]) <= r)
                memcpy(p->rows[p->nr++], lines[i], PROMPT_LINE);
            else
                p->nr += text_wrap_lines(&ui->text, p->f, lines[i], r, p->rows + p->nr, PROMPT_MAX_ROWS - p->nr);
        }
        *fits = (float)p->nr * (float)text_height(&ui->text, p->f) * 1.2f <= avail;
        if (*fits)
            break;
    }
    return th * (float)p->nh + (float)p->nr * (float)text_height(&ui->text, p->f) * 1.2f + 16 * s;
}

/* ... with the room for a lesson step's rolls left under it where its
 * words in smaller letters make it (the ambush's step 4 at 1280x720 200%:
 * the card filled the strip, its nerve tests not shown), else as if
 * there were none. */
static float prompt_layout(sl_ui *ui, const char *title, char lines[][PROMPT_LINE], int n, prompt_rows_t *p)
{
    bool fits;
    float bh = prompt_layout_in(ui, title, lines, n, p, ui->prompt_rolls, &fits);
    if (!fits && ui->prompt_rolls > 0)
        bh = prompt_layout_in(ui, title, lines, n, p, 0, &fits);
    return bh;
}

/* Would the prompt stand whole in its room: the presentation's strip,
 * else the table (less what is kept for the refusal box)? */
static bool prompt_fits(sl_ui *ui, const char *title, char lines[][PROMPT_LINE], int n)
{
    static prompt_rows_t p; /* large: not on the stack */
    const sl_layout *L = &ui->lay;
    float bh = prompt_layout(ui, title, lines, n, &p);
    if (L->strip.w > 0)
        return bh <= L->strip.h - 16 * L->s - L->caption.h - ui->prompt_reserve - ui->prompt_rolls;
    return bh <= L->table.h - 20 * L->s - ui->prompt_reserve;
}

/* A prompt laid out (p) and its box's width and height. */
static float prompt_measure(sl_ui *ui, const char *title, char lines[][PROMPT_LINE], int n, prompt_rows_t *p, float *bw)
{
    float bh = prompt_layout(ui, title, lines, n, p);
    float wmax = 0;
    for (int i = 0; i < p->nh; i++)
        wmax = fmaxf(wmax, (float)text_width(&ui->text, SL_FONT_BOLD, p->head[i]));
    for (int i = 0; i < p->nr; i++)
        wmax = fmaxf(wmax, (float)text_width(&ui->text, p->f, p->rows[i]));
    *bw = wmax + 28 * ui->lay.s;
    return bh;
}

/* While a card set aside is drawn (play_draw_card_aside): its ground
 * opaque, as the side panel's turn box under it must not show through
 * (a card on the table lets the table show a little) */
static bool prompt_opaque;

static SDL_FRect prompt_box(sl_ui *ui, const sl_world *w, const sl_cam *cam, const char *title,
                            char lines[][PROMPT_LINE], int n, sl_rgba edge)
{
    static prompt_rows_t p; /* large: not on the stack */
    const sl_layout *L = &ui->lay;
    float s = L->s;
    float th = (float)text_height(&ui->text, SL_FONT_BOLD) * 1.3f;
    float bw, bh = prompt_measure(ui, title, lines, n, &p, &bw), bx, by;
    /* in the presentation's strip with a refusal to come and no room for
     * both (1280x720 at 200%: the aiming card and the box): the card
     * stands aside until Esc closes the box, rather than under it */
    if (L->strip.w > 0 && ui->prompt_reserve > 0 && bh > L->strip.h - 16 * L->s - L->caption.h - ui->prompt_reserve)
        return (SDL_FRect){0, 0, 0, 0};
    float lh = (float)text_height(&ui->text, p.f) * 1.2f;
    ui->strip_reserve = 0; /* the room kept for it (ui_place_card) */
    /* on the table with a refusal box to come: the room it needs kept at
     * the table's foot while the card is placed (in the table's middle
     * neither above nor below it would hold the box: the recovery card
     * at 1280x720 150% in the table layout) */
    int held = L->strip.w <= 0 && ui->prompt_reserve > 0 && ui->ncards < UI_MAX_CARDS ? ui->ncards : -1, covers = ui->covers;
    SDL_FRect room = {L->table.x, L->table.y + L->table.h - ui->prompt_reserve - 10 * s, L->table.w, ui->prompt_reserve + 10 * s};
    if (held >= 0)
        ui_card_taken(ui, room);
    ui_place_card(ui, w, cam, bw, bh, UI_TOP_RIGHT, &bx, &by);
    if (held >= 0) { /* the room free again for the box */
        memmove(&ui->cards[held], &ui->cards[held + 1], sizeof ui->cards[0] * (size_t)(ui->ncards - held - 1));
        ui->ncards--;
        SDL_FRect at = {bx, by, bw, bh};
        if (scene_rects_overlap(&at, &room)) { /* nowhere else (off the acting men): aside until Esc */
            ui->ncards--;
            ui->covers = covers;
            ui->list_aside = true;
            return (SDL_FRect){0, 0, 0, 0};
        }
    }
    gfx_rect(ui->ren, bx, by, bw, bh, sl_rgba_make(16, 18, 22, prompt_opaque ? 255 : 236));
    gfx_rect_outline(ui->ren, bx, by, bw, bh, 2.5f * s, edge);
    float y = by + 8 * s;
    for (int i = 0; i < p.nh; i++, y += th)
        text_draw(&ui->text, SL_FONT_BOLD, p.head[i], bx + 14 * s, y, edge, SL_ALIGN_LEFT);
    for (int i = 0; i < p.nr; i++) {
        text_draw(&ui->text, p.f, p.rows[i], bx + 14 * s, y, ui_pal.text, SL_ALIGN_LEFT);
        y += lh;
    }
    ui_card_end(ui);
    ui_card_read(ui, title, (SDL_FRect){bx, by, bw, bh});
    return (SDL_FRect){bx, by, bw, bh};
}

/* The chance a fire does something, as the player reads it. */
static void odds_line(const sl_fire_preview *pv, char *buf, size_t len)
{
    snprintf(buf, len, "no effect %.0f%%  \xC2\xB7  suppression only %.0f%%  \xC2\xB7  suppression and hits %.0f%%",
             pv->p_fail * 100, pv->p_minor * 100, pv->p_major * 100);
}

static void fire_card(sl_ui *ui, const sl_world *w, const sl_cam *cam, sl_view *v, int firer, int target)
{
    sl_fire_preview pv;
    sl_game_fire_preview(&v->play->game, firer, target, (sl_fire_with)v->pick.variant, &pv);
    char lines[6][PROMPT_LINE];
    int n = 0;
    char title[300];
    snprintf(title, sizeof title, "Fire: %s at %s", w->scn.units[firer].name, w->scn.units[target].name);
    if (!pv.possible) {
        snprintf(lines[n++], PROMPT_LINE, "Not possible: %s", pv.why);
        prompt_box(ui, w, cam, title, lines, n, ui_pal.fail);
        return;
    }
    const sl_range *r = &pv.sight.range;
    bool missile = v->pick.variant == SL_FIRE_MISSILE;
    if (missile)
        snprintf(lines[n++], PROMPT_LINE, "%.1f\" away; the target's ECM die %s", r->distance / 1000.0,
                 sl_die_name(pv.range_die));
    else
        snprintf(lines[n++], PROMPT_LINE, "%.1f\" away: band %d of %.0f\", %s; %s%s \xE2\x86\x92 range die %s",
                 r->distance / 1000.0, r->band, r->band_len / 1000.0, sl_die_name(r->base_die),
                 sl_cover_phrase(pv.sight.cover), v->play->game.us[target].in_position ? ", In Position" : "",
                 sl_die_name(pv.range_die));
    char dice[120] = "";
    for (int i = 0; i < pv.nfirer; i++) {
        size_t l = strlen(dice);
        snprintf(dice + l, sizeof dice - l, "%s%s", i ? " + " : "", sl_die_name(pv.firer[i]));
    }
    snprintf(lines[n++], PROMPT_LINE, "%d of %d figures seen; firing %s against %s", pv.sight.seen, pv.sight.total, dice,
             sl_die_name(pv.range_die));
    odds_line(&pv, lines[n++], PROMPT_LINE);
    snprintf(lines[n++], PROMPT_LINE, "Click or Enter fires; Tab: next target; Esc: cancel");
    prompt_box(ui, w, cam, title, lines, n, ui_pal.accent);
}

/* Colours (Okabe-Ito) and dash patterns for the options of a decision, so
 * each reads without its colour too. */
static const sl_rgba opt_colour[4] = {{86, 180, 233, 255}, {230, 159, 0, 255}, {0, 158, 115, 255}, {204, 121, 167, 255}};
static const float opt_dash[4][2] = {{1000, 0}, {14, 6}, {6, 5}, {2, 4}};

/* The rest of the mover's way (a decision along a move). */
static void draw_way_rest(sl_ui *ui, const sl_game *g, const sl_cam *cam)
{
    float s = ui->lay.s;
    float xy[2 * (SL_CMD_MAX_PTS + 4)];
    int n = ui_path_part(g->mv.way, g->mv.nway, g->mv.done, g->mv.go, cam, xy, SL_CMD_MAX_PTS + 4);
    gfx_polyline(ui->ren, xy, n, false, 7 * s, ui_pal.black);
    gfx_dashed(ui->ren, xy, n, false, 3 * s, 8 * s, 6 * s, sl_rgba_make(255, 255, 255, 230));
    ui_keep_line(ui, xy, n, 14 * s); /* the way and its points are what the player clicks */
}

/* Answer i's stretches of the mover's way (side by side with the other
 * `nunits` answers') and its best point. */
static void draw_stretches(sl_ui *ui, const sl_game *g, const sl_cam *cam, const sl_answer *a, int i, int nunits,
                           bool chosen, sl_rgba c)
{
    float s = ui->lay.s;
    for (int k = 0; k < a->nalong; k++) {
        float xy[2 * (SL_CMD_MAX_PTS + 4)];
        int n = ui_path_part(g->mv.way, g->mv.nway, a->along[k][0], a->along[k][1], cam, xy, SL_CMD_MAX_PTS + 4);
        float off = (float)(i - nunits / 2) * 5 * s; /* side by side */
        for (int q = 0; q < n; q++)
            xy[2 * q + 1] += off;
        if (n == 1) {
            xy[2] = xy[0] + 1;
            xy[3] = xy[1];
            n = 2;
        }
        gfx_dashed(ui->ren, xy, n, false, (chosen ? 6 : 4) * s, opt_dash[i % 4][0] * s, opt_dash[i % 4][1] * s, c);
    }
    if (a->best_at >= 0) {
        float bx, byy;
        cam_pt(cam, sl_path_point_at(g->mv.way, g->mv.nway, a->best_at), &bx, &byy);
        gfx_disc(ui->ren, bx, byy, 6 * s, ui_pal.black);
        gfx_disc(ui->ren, bx, byy, 4 * s, c);
        ui_keep_clear(ui, bx, byy, 10 * s);
    }
}

/* The first label r lies over (a unit's name, a place's words, a row
 * of counters, a fireteam's tag, another of the decision's numbers),
 * said in `what`; false when none. */
static bool label_under(const sl_ui *ui, const sl_world *w, const SDL_FRect *r, char *what, size_t len)
{
    for (int u = 0; u < w->scn.nunits && u < ui->names_cap; u++)
        if (ui->names[u].w > 0 && scene_rects_overlap(r, &ui->names[u]))
            return snprintf(what, len, "%s's name", w->scn.units[u].name), true;
    for (int i = 0; i < ui->ntexts; i++)
        if (scene_rects_overlap(r, &ui->texts[i]))
            return snprintf(what, len, "a place's words"), true;
    for (int i = 0; i < ui->nmark_rows; i++)
        if (scene_rects_overlap(r, &ui->mark_rows[i]))
            return snprintf(what, len, "%s's row of counters", w->scn.units[ui->mark_row_unit[i]].name), true;
    for (int i = 0; i < ui->ntags; i++)
        if (scene_rects_overlap(r, &ui->tags[i]))
            return snprintf(what, len, "a fireteam's tag"), true;
    float g = 4 * ui->lay.s; /* the numbers placed before it, a gap apart ("2" by "3" read "23") */
    SDL_FRect apart = {r->x - g, r->y - g, r->w + 2 * g, r->h + 2 * g};
    for (int i = 0; i < ui->nopt_marks; i++)
        if (r != &ui->opt_marks[i] && scene_rects_overlap(&apart, &ui->opt_marks[i]))
            return snprintf(what, len, "%s's number", w->scn.units[ui->opt_mark_unit[i]].name), true;
    return false;
}

int ui_option_marks_over(const sl_ui *ui, const sl_world *w, char *what, size_t len)
{
    int bad = 0;
    char on[SL_NAME_LEN + 32];
    for (int i = 0; i < ui->nopt_marks; i++)
        if (label_under(ui, w, &ui->opt_marks[i], on, sizeof on) && bad++ == 0)
            snprintf(what, len, "the decision's number under %s lies over %s", w->scn.units[ui->opt_mark_unit[i]].name,
                     on);
    return bad;
}

/* A decision's number for unit u (its option, a ring's label), boxed in
 * c: under its men, else over them, beside them or further down, the
 * first place over no label (the walk: the overwatch lesson's "1" lay
 * over a place's words and a squad's name at 1280x720 250%). */
static void option_mark(sl_ui *ui, const sl_world *w, const sl_cam *cam, int u, const char *num, sl_rgba c)
{
    float s = ui->lay.s, cx, by, pad = 5 * s;
    ui_unit_bottom(w, u, cam, s, &cx, &by);
    float top = by, left = cx, right = cx;
    const sl_unit *un = &w->scn.units[u];
    for (int i = 0; i < un->nfigures; i++) {
        const sl_figure *f = &w->scn.figures[un->first_figure + i];
        float fx, fy, fr = scene_figure_radius(f, cam, s);
        cam_pt(cam, f->pos, &fx, &fy);
        top = fminf(top, fy - fr), left = fminf(left, fx - fr), right = fmaxf(right, fx + fr);
    }
    float tw = (float)text_width(&ui->text, SL_FONT_LARGE, num), th = (float)text_height(&ui->text, SL_FONT_LARGE);
    float bw = tw + 2 * pad, bh = th + pad, mid = (top + by) / 2;
    /* each spot: the text's centre x and top y (as text_draw_boxed) */
    const float spots[][2] = {{cx, by + 26 * s},          {cx, top - bh - 4 * s + pad / 2}, {right + 6 * s + bw / 2, mid - th / 2},
                              {left - 6 * s - bw / 2, mid - th / 2}, {cx, by + 26 * s + bh},    {cx, by + 6 * s}};
    float at[2] = {spots[0][0], spots[0][1]};
    char on[SL_NAME_LEN + 32];
    bool clear = false;
    for (int k = 0; k < (int)(sizeof spots / sizeof spots[0]) && !clear; k++) {
        SDL_FRect r = {spots[k][0] - bw / 2, spots[k][1] - pad / 2, bw, bh};
        if ((clear = !label_under(ui, w, &r, on, sizeof on)))
            at[0] = spots[k][0], at[1] = spots[k][1];
    }
    /* none: the nearest place round the men, a little further out, over
     * no label and not on the men themselves */
    SDL_FRect men = {left, top, right - left, by - top};
    float best = -1, sx = bw * 0.75f, sy = bh * 0.75f;
    for (int iy = -5; iy <= 5 && !clear; iy++)
        for (int ix = -5; ix <= 5; ix++) {
            float x = cx + (float)ix * sx, y = mid + (float)iy * sy;
            SDL_FRect r = {x - bw / 2, y - pad / 2, bw, bh};
            float d = hypotf((float)ix * sx, (float)iy * sy);
            if ((best >= 0 && d >= best) || scene_rects_overlap(&r, &men) || label_under(ui, w, &r, on, sizeof on))
                continue;
            best = d, at[0] = x, at[1] = y;
        }
    SDL_FRect box = text_draw_boxed(&ui->text, SL_FONT_LARGE, num, at[0], at[1], ui_pal.black, c, pad, SL_ALIGN_CENTRE);
    ui_keep_clear(ui, box.x + box.w / 2, box.y + box.h / 2, 22 * s);
    if (ui->nopt_marks < (int)(sizeof ui->opt_marks / sizeof ui->opt_marks[0])) {
        ui->opt_mark_unit[ui->nopt_marks] = u;
        ui->opt_marks[ui->nopt_marks++] = box;
    }
}

/* Each answer's unit ringed in a colour and dash of its own and numbered,
 * with its stretches of the way when the way is drawn. */
static void draw_options(sl_ui *ui, const sl_world *w, sl_view *v, const sl_decision_view *d, const sl_cam *cam)
{
    const sl_game *g = &v->play->game;
    float s = ui->lay.s;
    int nunits = 0;
    while (nunits < d->nanswers && d->answers[nunits].unit >= 0)
        nunits++;
    for (int i = 0; i < nunits; i++) {
        int u = d->answers[i].unit;
        sl_rgba c = opt_colour[i % 4];
        bool chosen = v->pick.chosen_answer == i;
        ui_ring_unit(ui, w, u, cam, c, chosen ? 5 * s : 3 * s);
        char num[16];
        snprintf(num, sizeof num, "%d", i + 1);
        option_mark(ui, w, cam, u, num, c);
        if (d->draw & SL_DRAW_WAY_REST)
            draw_stretches(ui, g, cam, &d->answers[i], i, nunits, chosen, c);
    }
}

/* The way on from where the mover stands, dashed, and the new way
 * clicked so far. */
static void draw_way_on(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam)
{
    const sl_game *g = &v->play->game;
    float s = ui->lay.s;
    float xy[2 * (SL_CMD_MAX_PTS + 4)];
    int k = ui_path_part(g->mv.way, g->mv.nway, g->mv.done, sl_path_length(g->mv.way, g->mv.nway), cam, xy,
                         SL_CMD_MAX_PTS + 4);
    gfx_dashed(ui->ren, xy, k, false, 3 * s, 8 * s, 6 * s, ui_pal.accent);
    ui_keep_line(ui, xy, k, 14 * s);
    if (v->pick.nreroute > 0) {
        float r[2 * (SL_CMD_MAX_PTS + 1)];
        sl_pt c = sl_unit_centre(&w->scn, g->pending.mover, NULL);
        cam_pt(cam, c, &r[0], &r[1]);
        for (int i = 0; i < v->pick.nreroute; i++)
            cam_pt(cam, v->pick.reroute[i], &r[2 * i + 2], &r[2 * i + 3]);
        gfx_polyline(ui->ren, r, v->pick.nreroute + 1, false, 6 * s, ui_pal.black);
        gfx_polyline(ui->ren, r, v->pick.nreroute + 1, false, 3 * s, ui_pal.pass);
    }
}

/* The men a list pick marks (its casualties and those who would take
 * their kit up), on the screen: a tag keeps off them before any other. */
typedef struct list_men {
    SDL_FRect at[2 * SL_LIST_MAX];
    int n;
} list_men;

static void list_men_add(list_men *m, const sl_world *w, const sl_cam *cam, float s, int f)
{
    if (f < 0 || m->n >= (int)(sizeof m->at / sizeof m->at[0]))
        return;
    float x, y, r = scene_figure_radius(&w->scn.figures[f], cam, s) + 4 * s;
    cam_pt(cam, w->scn.figures[f].pos, &x, &y);
    m->at[m->n++] = (SDL_FRect){x - r, y - r, 2 * r, 2 * r};
}

/* What a tag at r covers of the men on the table: each base it lies on
 * (a circle against the box; a tag over a man's base hides which man it
 * speaks of, and the neighbour's too), and each man's centre under it
 * (that man reads as the one it numbers). */
static float men_under(const sl_ui *ui, const sl_world *w, const sl_cam *cam, const SDL_FRect *r, float ox, float oy)
{
    const sl_view *v = ui->frame_view;
    const sl_game *g = v && v->play && v->play->on ? &v->play->game : NULL;
    float cost = 0, s = ui->lay.s;
    for (int i = 0; i < w->scn.nfigures; i++) {
        if (g && sl_game_off_table(g, w->scn.figures[i].unit))
            continue;
        float x, y, rad = scene_figure_radius(&w->scn.figures[i], cam, s);
        cam_pt(cam, w->scn.figures[i].pos, &x, &y);
        if ((x - ox) * (x - ox) + (y - oy) * (y - oy) < 1.0f)
            continue; /* the man it speaks of: on him, it is his */
        float dx = x - fmaxf(r->x, fminf(x, r->x + r->w)), dy = y - fmaxf(r->y, fminf(y, r->y + r->h));
        if (dx * dx + dy * dy < rad * rad)
            cost += 12.0f;
        if (x >= r->x && x <= r->x + r->w && y >= r->y && y <= r->y + r->h)
            cost += 3.0f;
    }
    return cost;
}

/* What a tag at r (the k-th spot tried) by the man at (x, y) costs: a
 * unit's name or a place's label under it dearest, then leaving the
 * table's view, another man's base, a row of counters, another card; a
 * little for each step further out. */
static float tag_cost(sl_ui *ui, const sl_world *w, const sl_cam *cam, const list_men *men, const SDL_FRect *r, int k,
                      float x, float y)
{
    float s = ui->lay.s;
    float cost = (float)scene_spot_hits(ui, w, cam, s, r) + 30.0f * (float)scene_name_hits(ui, w, r) +
                 (ui_card_covers(ui, r) ? 4.0f : 0.0f) + 2.0f * (float)(k / 8);
    /* on the table, inside its edge as every label keeps (a tag past it
     * lies on the margin or under the toolbar, unread): worst of all */
    const SDL_FRect *E = ui->edge.w > 0 ? &ui->edge : &ui->lay.table;
    if (r->x < E->x - 0.5f || r->y < E->y - 0.5f || r->x + r->w > E->x + E->w + 0.5f ||
        r->y + r->h > E->y + E->h + 0.5f)
        cost += 1000.0f;
    for (int i = 0; i < men->n; i++) {
        const SDL_FRect *m = &men->at[i];
        bool his = fabsf(m->x + m->w / 2 - x) < 1.0f && fabsf(m->y + m->h / 2 - y) < 1.0f;
        cost += !his && scene_rects_overlap(r, m) ? 4.0f : 0.0f;
    }
    cost += men_under(ui, w, cam, r, x, y);
    for (int i = 0; i < ui->nmark_rows; i++)
        cost += scene_rects_overlap(r, &ui->mark_rows[i]) ? 30.0f : 0.0f; /* as a name: what it says hidden */
    return cost;
}

/* Does the segment (ax, ay)-(bx, by) cross the box r? (the segment
 * clipped to it, Liang-Barsky) */
static bool segment_crosses(float ax, float ay, float bx, float by, const SDL_FRect *r)
{
    float t0 = 0, t1 = 1, dx = bx - ax, dy = by - ay;
    const float p[4] = {-dx, dx, -dy, dy}, q[4] = {ax - r->x, r->x + r->w - ax, ay - r->y, r->y + r->h - ay};
    for (int i = 0; i < 4; i++) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return false;
            continue;
        }
        float t = q[i] / p[i];
        if (p[i] < 0)
            t0 = fmaxf(t0, t);
        else
            t1 = fminf(t1, t);
        if (t0 > t1)
            return false;
    }
    return true;
}

/* What the thin tie from a man (x, y, his ring rad) to a tag's middle
 * (cx, cy) costs: each unit's name or place's label it crosses, dear (a
 * line through words), and a little for each other man's base. */
static float tie_cost(const sl_ui *ui, const sl_world *w, const sl_cam *cam, float x, float y, float rad, float cx,
                      float cy)
{
    float dx = cx - x, dy = cy - y, d = sqrtf(dx * dx + dy * dy), cost = 0, s = ui->lay.s;
    if (d <= rad)
        return 0;
    float ax = x + dx / d * rad, ay = y + dy / d * rad; /* from his ring */
    for (int u = 0; u < w->scn.nunits && u < ui->names_cap; u++)
        if (ui->names[u].w > 0 && segment_crosses(ax, ay, cx, cy, &ui->names[u]))
            cost += 8.0f;
    for (int i = 0; i < ui->ntexts; i++)
        if (segment_crosses(ax, ay, cx, cy, &ui->texts[i]))
            cost += 8.0f;
    const sl_view *v = ui->frame_view;
    const sl_game *g = v && v->play && v->play->on ? &v->play->game : NULL;
    for (int i = 0; i < w->scn.nfigures; i++) {
        if (g && sl_game_off_table(g, w->scn.figures[i].unit))
            continue;
        float fx, fy, fr = scene_figure_radius(&w->scn.figures[i], cam, s);
        cam_pt(cam, w->scn.figures[i].pos, &fx, &fy);
        if ((fx - x) * (fx - x) + (fy - y) * (fy - y) < 1.0f)
            continue; /* his own */
        /* the nearest point of the tie to the base's centre */
        float ex = cx - ax, ey = cy - ay, l2 = ex * ex + ey * ey;
        float t = l2 > 0 ? fmaxf(0, fminf(1, ((fx - ax) * ex + (fy - ay) * ey) / l2)) : 0;
        float nx = ax + ex * t - fx, ny = ay + ey * t - fy;
        if (nx * nx + ny * ny < fr * fr)
            cost += 1.5f;
    }
    return cost;
}

/* Where a tag of bw by bh by the man at (x, y) (his ring rad) goes:
 * beside, over or under him, else a step or more further out (`far`:
 * tied back by a thin line), else on his own base; gives what the spot
 * costs (tag_cost, 0: it covers nothing). */
static float tag_spot(sl_ui *ui, const sl_world *w, const sl_cam *cam, const list_men *men, float x, float y,
                      float rad, float bw, float bh, SDL_FRect *best, bool *far)
{
    float s = ui->lay.s, least = -1;
    *best = (SDL_FRect){0, 0, bw, bh};
    *far = false;
    for (int k = 0; k <= 48 && least != 0; k++) {
        if (k == 48) {
            /* no room round him without a long tie: on his own base,
             * where it can only be his (his figure under it: a cost) */
            SDL_FRect on = {x - bw / 2, y - bh / 2, bw, bh};
            float cost = tag_cost(ui, w, cam, men, &on, 0, x, y) + 5.0f;
            if (cost < least) {
                least = cost;
                *best = on;
                *far = false;
            }
            break;
        }
        float gap = (k < 8 ? 3 : 8) * s + bh * (float)(k / 8);
        /* the box's top left: above right first, as before, then round him */
        const float spots[8][2] = {{x + rad * 0.4f, y - rad - bh - gap}, {x + rad + gap, y - bh / 2},
                                   {x + rad * 0.4f, y + rad + gap},      {x - rad * 0.4f - bw, y - rad - bh - gap},
                                   {x - rad - gap - bw, y - bh / 2},     {x - rad * 0.4f - bw, y + rad + gap},
                                   {x - bw / 2, y - rad - bh - gap},     {x - bw / 2, y + rad + gap}};
        SDL_FRect r = {spots[k % 8][0], spots[k % 8][1], bw, bh};
        float cost = tag_cost(ui, w, cam, men, &r, k, x, y);
        if (k >= 8) /* the tie back to him */
            cost += tie_cost(ui, w, cam, x, y, rad, r.x + bw / 2, r.y + bh / 2);
        if (cost > 0)
            cost += (float)(k % 8) * 0.01f;
        if (least < 0 || cost < least) {
            least = cost;
            *best = r;
            *far = k >= 8;
        }
    }
    return least;
}

/* A small tag by a man on the table (a list item's number, "takes 1"):
 * beside, over or under him, else a step or more further out tied back
 * by a thin line; wherever it covers no unit's name, tag or place's
 * label, no man's base, none of the men the pick marks and no counters,
 * and stays inside the table's edge (each tag is then a label to those
 * placed after it). Where the bold words find no such spot (a small
 * table with text at projector scale) the small ones try, then the short
 * form; where none fits it is left out, as a place's label gives way to
 * a name: the man's ring and the card's line still say it. Returns its
 * box (w 0: left out). */
static SDL_FRect list_tag(sl_ui *ui, const sl_world *w, const sl_cam *cam, const list_men *men, int fig, float x,
                          float y, float rad, const char *text, sl_rgba bg)
{
    float s = ui->lay.s;
    /* the bold words, the small ones, then the small short form ("takes
     * 2" as "→2", the card's arrow to the taker) */
    char brief[24];
    snprintf(brief, sizeof brief, "\xE2\x86\x92%s", strncmp(text, "takes ", 6) == 0 ? text + 6 : text);
    const char *words[3] = {text, text, brief};
    sl_font font = SL_FONT_BOLD;
    const char *said = text;
    SDL_FRect best = {0, 0, 0, 0};
    bool far = false;
    float least = 0;
    for (int f = 0; f < 3; f++) {
        sl_font ft = f == 0 ? SL_FONT_BOLD : SL_FONT_SMALL;
        float pad = (f == 0 ? 3 : 2) * s;
        float bw = (float)text_width(&ui->text, ft, words[f]) + 2 * pad, bh = (float)text_height(&ui->text, ft) + pad;
        SDL_FRect r;
        bool fr;
        float cost = tag_spot(ui, w, cam, men, x, y, rad, bw, bh, &r, &fr);
        if (f == 0 || cost < least) {
            least = cost;
            best = r;
            far = fr;
            font = ft;
            said = words[f];
        }
        if (least < 30.0f) /* it covers nothing a player reads */
            break;
    }
    if (least >= 30.0f)
        return (SDL_FRect){best.x, best.y, 0, 0}; /* no room: his ring and the card say it */
    float pad = (font == SL_FONT_BOLD ? 3 : 2) * s, bw = best.w, bh = best.h;
    if (far) {
        /* a thin tie from the man's ring to the tag */
        float cx = best.x + bw / 2, cy = best.y + bh / 2, dx = cx - x, dy = cy - y, d = sqrtf(dx * dx + dy * dy);
        if (d > rad) {
            gfx_line(ui->ren, x + dx / d * rad, y + dy / d * rad, cx, cy, 3 * s, ui_pal.black);
            gfx_line(ui->ren, x + dx / d * rad, y + dy / d * rad, cx, cy, 1.5f * s, bg);
        }
    }
    SDL_FRect box = text_draw_boxed(&ui->text, font, said, best.x + pad, best.y + pad * 0.5f, ui_pal.black, bg, pad,
                                    SL_ALIGN_LEFT);
    gfx_rect_outline(ui->ren, box.x, box.y, box.w, box.h, 1.0f * s, ui_pal.black);
    scene_add_text(ui, w, cam, s, &box);
    if (ui->nlist_tags < (int)(sizeof ui->list_tag / sizeof ui->list_tag[0])) {
        ui->list_tag_fig[ui->nlist_tags] = fig;
        ui->list_tag[ui->nlist_tags++] = box;
    }
    return box;
}

/* An item's marks on the table: its casualty ringed and numbered (a cross
 * by the number when it may not be tried); the man who would take it up
 * ringed, "takes N" by him, a line from the kit to him (dashed until the
 * item is chosen). Pass 0 the rings and lines, 1 the casualties' numbers,
 * 2 the takers' tags: every tag over every line, the numbers placed
 * first. */
static void list_item_marks(sl_ui *ui, const sl_world *w, const sl_cam *cam, const list_men *men, const sl_list_item *it,
                            int i, int pass)
{
    float s = ui->lay.s;
    const sl_figure *cf = &w->scn.figures[it->figure];
    float x, y;
    cam_pt(cam, cf->pos, &x, &y);
    float rad = scene_figure_radius(cf, cam, s);
    bool on = it->chosen;
    sl_rgba c = it->ok ? (on ? ui_pal.pass : ui_pal.accent) : ui_pal.fail;
    char tag[24];
    if (pass == 1) {
        snprintf(tag, sizeof tag, "%d%s", i + 1, it->ok ? "" : "\xC3\x97");
        list_tag(ui, w, cam, men, it->figure, x, y, rad + 5 * s, tag, c);
    }
    if (!it->ok || it->to < 0) {
        if (pass == 0)
            gfx_dashed_ring(ui->ren, x, y, rad + 5 * s, 3 * s, 5 * s, 4 * s, c);
        return;
    }
    const sl_figure *tf = &w->scn.figures[it->to];
    float tx, ty, tr = scene_figure_radius(tf, cam, s);
    cam_pt(cam, tf->pos, &tx, &ty);
    if (pass == 0 && on) {
        gfx_line(ui->ren, x, y, tx, ty, 6 * s, ui_pal.black);
        gfx_line(ui->ren, x, y, tx, ty, 3 * s, c);
        gfx_ring(ui->ren, tx, ty, tr + 5 * s, 6 * s, ui_pal.black);
        gfx_ring(ui->ren, tx, ty, tr + 5 * s, 4 * s, c);
    } else if (pass == 0) {
        float xy[4] = {x, y, tx, ty};
        gfx_dashed(ui->ren, xy, 2, false, 2 * s, 6 * s, 5 * s, c);
        gfx_dashed_ring(ui->ren, tx, ty, tr + 5 * s, 3 * s, 6 * s, 4 * s, c);
    }
    if (pass == 0) {
        gfx_ring(ui->ren, x, y, rad + 5 * s, (on ? 5 : 3) * s, c);
        if (ui->nlist_takers < (int)(sizeof ui->list_taker / sizeof ui->list_taker[0]))
            ui->list_taker[ui->nlist_takers++] = it->to;
    }
    if (pass == 2) {
        snprintf(tag, sizeof tag, "takes %d", i + 1);
        list_tag(ui, w, cam, men, it->to, tx, ty, tr + 5 * s, tag, c);
    }
}

/* An item's line on the card, after its number; `short_why`: one that
 * may not be tried says its first reason only ("...'s EW kit: 1st Squad
 * does not normally carry it"), the rest said when its number is
 * pressed. */
static void list_item_line(const sl_list_item *it, int i, bool short_why, char *out)
{
    char line[SL_DECISION_LINE];
    snprintf(line, sizeof line, "%s", it->line);
    const char *first = short_why && !it->ok ? strstr(line, ": ") : NULL;
    char *second = first ? strstr(first + 2, ": ") : NULL;
    if (second)
        *second = '\0';
    snprintf(out, PROMPT_LINE, "[%d] %.380s", i + 1, line);
}

/* A decision's card that would take over half the table's view (a long
 * prompt at 1280x720 with text at 200%: the outpost's opportunity fire
 * covered 8 of the squad acting, the program's SkirmishCorps attack to
 * roll covered its target), or a list's card not whole on the table
 * (big: the recovery example's, which dropped its odds and keys): in
 * the table layout, over the side panel
 * and as much of the table as lies right of the unit acting (never
 * wider than on the table), with its leader line, as the rolls with no
 * clear place go over the panel; drawn once the panel is
 * (play_draw_card_aside). Where that room cannot hold it whole, on the
 * table as before. */
static struct {
    bool on;
    char title[SL_DECISION_LINE + 8];
    char lines[SL_DECISION_LINES + 2][PROMPT_LINE];
    int n, keep0;
    bool list; /* a list's card: its box is ui->list_box */
    sl_rgba edge;
    SDL_FRect room; /* the panel, widened over the table to the unit acting */
    float bottom;   /* where the panel's next card goes */
} aside;

/* The room aside as the strip cards are placed in (on), or the layout's
 * own strip and its next card's place (K, ky) back. */
static void aside_as_strip(sl_ui *ui, bool on, SDL_FRect *K, float *ky)
{
    if (on) {
        *K = ui->lay.strip;
        *ky = ui->strip_y;
        ui->lay.strip = aside.room;
        ui->strip_y = aside.room.y + 2 * ui->lay.s;
    } else {
        ui->lay.strip = *K;
        ui->strip_y = *ky;
    }
}

/* The room aside from x0 to the panel's right: whether the card stands
 * whole there, and where (*at) it would. */
static bool aside_fits(sl_ui *ui, const char *title, char lines[][PROMPT_LINE], int n, float x0, SDL_FRect *at)
{
    static prompt_rows_t p; /* large: not on the stack */
    const SDL_FRect *P = &ui->lay.panel;
    aside.room = (SDL_FRect){fminf(x0, P->x), P->y, P->x + P->w - fminf(x0, P->x), P->h};
    SDL_FRect K;
    float ky, bw, reserve = ui->prompt_reserve, rolls = ui->prompt_rolls;
    ui->prompt_reserve = ui->prompt_rolls = 0; /* the refusal box and the rolls stay on the table */
    aside_as_strip(ui, true, &K, &ky);
    bool fits = prompt_fits(ui, title, lines, n);
    float bh = prompt_measure(ui, title, lines, n, &p, &bw);
    *at = (SDL_FRect){aside.room.x + 10 * ui->lay.s, ui->strip_y, bw, bh}; /* as ui_strip_place will put it */
    aside_as_strip(ui, false, &K, &ky);
    ui->prompt_reserve = reserve;
    ui->prompt_rolls = rolls;
    return fits;
}

static bool card_aside(sl_ui *ui, const sl_world *w, const sl_cam *cam, const char *title, char lines[][PROMPT_LINE],
                       int n, sl_rgba edge, bool big)
{
    static prompt_rows_t p; /* large: not on the stack */
    const sl_layout *L = &ui->lay;
    const SDL_FRect *P = &L->panel;
    float s = L->s;
    /* (a lesson's step too, its caption under the table: the ambush
     * lesson's step 4 in the table layout had no place on the table off
     * the stretch of road its card asks to click) */
    if (L->present || L->strip.w > 0 || P->w <= 0 || !ui->opts.hud || n > SL_DECISION_LINES + 2)
        return false;
    float bw, bh = prompt_measure(ui, title, lines, n, &p, &bw);
    /* (a card no place on the table holds clear of the unit acting, of
     * its way and of the men and their labels goes aside too: the
     * outpost's opportunity fire at 1280x720 150% stood over the
     * marines' way, the default game's "who goes first" at 1920x1080
     * 200% over NAC 1st Squad and its name) */
    if (!big && bw * bh <= 0.5f * L->table.w * L->table.h && ui_card_spot_clear(ui, w, cam, bw, bh))
        return false;
    float x0 = fmaxf(P->x - (bw + 20 * s - P->w), L->table.x);
    for (int i = 0; i < ui->nactor; i++)
        x0 = fmaxf(x0, ui->actor[i].x + ui->actor[i].w + 6 * s);
    SDL_FRect at;
    bool fits = aside_fits(ui, title, lines, n, x0, &at);
    /* its part over the table on a man or a label (the bunker's "who
     * goes first" at 1920x1080 200% over NSL Power Armour's name): the
     * panel's width alone, its lines wrapped to it, where that holds it */
    SDL_FRect over = {at.x, at.y, P->x - at.x, at.h}, room0 = aside.room, at0 = at;
    if (fits && over.w > 0 && scene_spot_hits(ui, w, cam, s, &over) > 0 && !aside_fits(ui, title, lines, n, P->x, &at)) {
        aside.room = room0; /* back to the first measure */
        at = at0;
    }
    if (!fits)
        return false;
    ui_card_taken(ui, at); /* the rolls on the table keep off it */
    aside.on = true;
    aside.list = big; /* (only a list's card goes aside when merely not whole) */
    snprintf(aside.title, sizeof aside.title, "%s", title);
    memcpy(aside.lines, lines, (size_t)n * sizeof lines[0]);
    aside.n = n;
    aside.edge = edge;
    aside.keep0 = ui->card_keep0; /* its leader line: to the first thing it keeps clear */
    return true;
}

void play_draw_card_aside(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam)
{
    (void)v;
    aside.bottom = ui->lay.panel.y + 2 * ui->lay.s;
    if (!aside.on)
        return;
    aside.on = false;
    SDL_FRect K;
    float ky;
    aside_as_strip(ui, true, &K, &ky);
    ui->card_keep0 = aside.keep0;
    prompt_opaque = true;
    SDL_FRect r = prompt_box(ui, w, cam, aside.title, aside.lines, aside.n, aside.edge);
    prompt_opaque = false;
    aside.bottom = ui->strip_y;
    aside_as_strip(ui, false, &K, &ky);
    ui->aside_box = r;
    if (r.x < ui->lay.panel.x)
        ui_card_read(ui, aside.title, r); /* over the table: read as the table's cards are */
    if (aside.list)
        ui->list_box = r;
}

/* A list's card's lines, whole at level 0; each level up leaves out one
 * more kind of line (draw_list); their number. */
static int list_lines(const sl_list_view *lv, int level, char lines[][PROMPT_LINE])
{
    int nl = 0;
    if (level == 0)
        text_put(lines[nl++], PROMPT_LINE, lv->head);
    for (int i = 0; i < lv->nitems && i < 9; i++)
        list_item_line(&lv->items[i], i, level >= 3, lines[nl++]);
    for (int t = 0; t < lv->ntoggles && level < 4; t++)
        text_put(lines[nl++], PROMPT_LINE, lv->toggles[t].line);
    if (level < 2)
        text_put(lines[nl++], PROMPT_LINE, lv->foot);
    return nl;
}

/* A pick from a rule's list: each item's marks on the table, its line in
 * the box; the toggles' lines, then what Enter gives. */
static void draw_list(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam)
{
    sl_game *g = &v->play->game;
    const sl_pick *pk = &v->pick;
    sl_list_view lv;
    sl_game_pick_list(g, pk->list_unit, pk->kind, pk->list_chosen, pk->list_toggles, &lv);
    static char lines[SL_LIST_MAX + SL_LIST_TOGGLES + 2][PROMPT_LINE]; /* large: not on the stack */
    list_men men = {.n = 0};
    for (int i = 0; i < lv.nitems && i < 9; i++) {
        list_men_add(&men, w, cam, ui->lay.s, lv.items[i].figure);
        list_men_add(&men, w, cam, ui->lay.s, lv.items[i].ok ? lv.items[i].to : -1);
    }
    for (int pass = 0; pass < 3; pass++)
        for (int i = 0; i < lv.nitems && i < 9; i++)
            if (lv.items[i].figure >= 0)
                list_item_marks(ui, w, cam, &men, &lv.items[i], i, pass);
    /* the whole card where it fits; where it does not (a small window at
     * projector scale) the odds' line gives way first (each item's answer
     * says them), then the keys' (the status line and help say them),
     * then why an item may not be tried past its first reason (its number
     * says all of it in the box), then the toggles' lines (their keys
     * answer in the status line): every word left whole */
    int nl = 0;
    bool kept = false;
    for (int level = 0; level < 5; level++) {
        nl = list_lines(&lv, level, lines);
        if (prompt_fits(ui, lv.title, lines, nl))
            break;
        /* whole beside the table rather than cut on it; with a refusal
         * box to show, as before (the box on the table, the card apart) */
        if (level == 0 && ui->lay.strip.w <= 0 && ui->prompt_reserve <= 0) {
            for (int i = 0; i < men.n; i++)
                ui_keep_rect(ui, men.at[i]);
            kept = true;
            if (card_aside(ui, w, cam, lv.title, lines, nl, ui_pal.accent, true))
                return;
        }
        if (level == 4 && ui->prompt_reserve > 0) {
            /* not even so beside the refusal box: the card stands aside
             * until Esc closes the box (its marks stay on the table) */
            ui->list_aside = true;
            return;
        }
    }
    /* on the table, off the men it marks */
    for (int i = 0; i < men.n && ui->lay.strip.w <= 0 && !kept; i++)
        ui_keep_rect(ui, men.at[i]);
    ui->list_box = prompt_box(ui, w, cam, lv.title, lines, nl, ui_pal.accent);
}

/* The hidden set-up (p25), or an ambusher placing his units: what is
 * still to be placed and how, for the side placing (the other side is
 * asked to pass the screen). */
static int setup_lines(sl_ui *ui, const sl_world *w, const sl_view *v, char *title, size_t tlen,
                       char lines[][PROMPT_LINE])
{
    const sl_game *g = &v->play->game;
    int side = g->pending.side, view = v->play->view_side;
    if (side < 0 || side >= w->scn.nsides)
        return -1;
    int n = 0;
    snprintf(title, tlen, "Set-up: %s places its units, in secret", w->scn.sides[side].name);
    if (view >= 0 && view != side) {
        snprintf(lines[n++], PROMPT_LINE, "Pass the screen to %s: where it sets up is not for your eyes",
                 w->scn.sides[side].name);
        return n;
    }
    char left[PROMPT_LINE * 2] = "";
    size_t at = 0;
    int nleft = 0;
    for (int u = 0; u < g->live.nunits; u++) {
        const sl_unit *un = &g->live.units[u];
        if (un->side != side || !sl_game_still_to_place(g, u))
            continue;
        char name[SL_NAME_LEN + 8];
        if (at < sizeof left)
            at += (size_t)snprintf(left + at, sizeof left - at, "%s%s", nleft ? ", " : "",
                                   ui_unit_name(w, v, u, name, sizeof name));
        nleft++;
    }
    if (nleft > 0) {
        char line[PROMPT_LINE * 2 + 40];
        snprintf(line, sizeof line, "Still to place (%d): %s", nleft, left);
        n += text_wrap_lines(&ui->text, SL_FONT_NORMAL, line, 640 * ui->lay.s, lines + n, 2);
    } else {
        snprintf(lines[n++], PROMPT_LINE, "Every counter is placed; any may still be moved");
    }
    snprintf(lines[n++], PROMPT_LINE, "Tab picks a counter, M then a click in your zone places it");
    /* the rule a click is refused by, said before it is (a walk clicked
     * the open hill in the enemy's sight and saw nothing happen) */
    const char *rule = sl_game_setup_place_rule(g);
    if (rule)
        snprintf(lines[n++], PROMPT_LINE, "%s", rule);
    snprintf(lines[n++], PROMPT_LINE, "D: done setting up%s", nleft > 0 ? " (once every dummy is placed)" : "");
    return n;
}

static bool draw_setup(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam)
{
    char lines[6][PROMPT_LINE], title[300];
    int n = setup_lines(ui, w, v, title, sizeof title, lines);
    if (n < 0)
        return false;
    /* beside the table where no place on it is clear (maps/hidden.json
     * at 1920x1080 200%: over 12 of ESU's men and 7 labels) */
    if (!card_aside(ui, w, cam, title, lines, n, ui_pal.accent, false))
        prompt_box(ui, w, cam, title, lines, n, ui_pal.accent);
    return true;
}

static sl_rgba tone_colour(sl_tone t)
{
    return t == SL_TONE_FAIL ? ui_pal.fail : t == SL_TONE_ACCENT ? ui_pal.accent : ui_pal.pass;
}

/* The decision's rings: each unit ringed, a number under it when it has
 * one. */
static void draw_rings(sl_ui *ui, const sl_world *w, const sl_decision_view *d, const sl_cam *cam)
{
    float s = ui->lay.s;
    for (int i = 0; i < d->nrings; i++) {
        const sl_decision_ring *r = &d->rings[i];
        sl_rgba c = tone_colour(r->tone);
        ui_ring_unit(ui, w, r->unit, cam, c, 3 * s);
        if (r->label[0])
            option_mark(ui, w, cam, r->unit, r->label, c);
    }
}

/* The card the rules show while no decision waits (an ambush just
 * sprung), each line wrapped as a banner's. */
static bool draw_notice(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam)
{
    static sl_decision_view d; /* large: not on the stack each frame */
    if (!sl_game_notice(&v->play->game, v->play->view_side, &d) || d.nlines == 0)
        return false;
    char lines[SL_DECISION_LINES][PROMPT_LINE];
    int n = 0;
    for (int i = 0; i < d.nlines && n < SL_DECISION_LINES; i++) {
        int left = SL_DECISION_LINES - n;
        char plain[SL_DECISION_LINE];
        sl_game_plain_words(&v->play->game, d.lines[i], plain, sizeof plain);
        n += text_wrap_lines(&ui->text, SL_FONT_NORMAL, plain, 640 * ui->lay.s, lines + n, left < 3 ? left : 3);
    }
    prompt_box(ui, w, cam, d.title, lines, n, tone_colour(d.tone));
    return true;
}

/* A point chosen along the view's route: its dot on the table. */
static void along_chosen(sl_ui *ui, const sl_view *v, const sl_decision_view *d, const sl_cam *cam)
{
    float s = ui->lay.s;
    if (v->pick.along_at >= 0 && d->route.npts >= 2) {
        float x, y;
        cam_pt(cam, sl_path_point_at(d->route.pts, d->route.npts, v->pick.along_at), &x, &y);
        gfx_disc(ui->ren, x, y, 9 * s, ui_pal.black);
        gfx_disc(ui->ren, x, y, 6.5f * s, ui_pal.pass);
    }
}

/* A decision's card, its lines in plain words (a long one cut where the
 * rule says it may be) and, choosing along a route, the last refusal
 * under them; the number of lines. */
static int decision_lines(sl_ui *ui, const sl_view *v, const sl_decision_view *d, char lines[][PROMPT_LINE])
{
    for (int i = 0; i < d->nlines; i++) {
        char plain[SL_DECISION_LINE];
        sl_game_plain_words(&v->play->game, d->lines[i], plain, sizeof plain);
        if (i < 32 && (d->cut & (1u << i)))
            text_fit(&ui->text, SL_FONT_NORMAL, plain, 1100 * ui->lay.s, lines[i], PROMPT_LINE);
        else
            snprintf(lines[i], PROMPT_LINE, "%s", plain);
    }
    int n = d->nlines;
    if (d->chooses == SL_CHOOSE_ALONG && v->pick.message_is_error && v->pick.message[0])
        n += text_wrap_lines(&ui->text, SL_FONT_NORMAL, v->pick.message, 640 * ui->lay.s, lines + n, 2);
    return n;
}

static float rolls_room(sl_ui *ui, const sl_world *w, const sl_view *v);
static float rolls_need(sl_ui *ui, const sl_world *w, const sl_view *v);
static float refusal_height(sl_ui *ui, const sl_view *v);

/* room for a decision's lines or a list's, with two under them */
#define STRIP_LINES (SL_DECISION_LINES + SL_LIST_MAX + SL_LIST_TOGGLES + 2)

/* The decision's card's title and lines, as draw_decision words them;
 * false when there is none (or a notice, which is short). */
static bool strip_card_words(sl_ui *ui, const sl_view *v, char *title, size_t tlen, char lines[][PROMPT_LINE],
                             int *n)
{
    static sl_decision_view d; /* large: not on the stack */
    static sl_list_view lv;
    if (!play_on(v) || ui->lay.strip.w <= 0 || v->play->replay) /* a replay's: none (draw_decision) */
        return false;
    sl_decision_input in;
    ui_decision_input(v, &in);
    if (!sl_game_decision_for(&v->play->game, v->play->view_side, &in, &d) ||
        (d.chooses == SL_CHOOSE_ACTIONS && v->pick.kind != SL_CMD_NONE)) {
        /* no decision's card (a notice is short); a list's, whole (the
         * recovery example's at 1280x720 200% dropped its odds and keys) */
        const sl_pick *pk = &v->pick;
        if (pk->kind == SL_CMD_NONE || ui_pick_of(pk->kind) != SL_PICK_LIST || pk->list_unit < 0 ||
            !sl_game_pick_list(&v->play->game, pk->list_unit, pk->kind, pk->list_chosen, pk->list_toggles, &lv))
            return false;
        snprintf(title, tlen, "%s", lv.title);
        *n = list_lines(&lv, 0, lines);
    } else if (d.chooses == SL_CHOOSE_PLACES && d.nlines == 0 && ui->world) /* the set-up's card (draw_setup) */
        *n = setup_lines(ui, ui->world, v, title, tlen, lines);
    else {
        snprintf(title, tlen, "%s", d.title);
        *n = d.nlines > 0 ? decision_lines(ui, v, &d, lines) : -1;
    }
    return *n >= 0;
}

bool play_card_fits_strip(sl_ui *ui, const sl_view *v, const sl_layout *L, bool with_rolls)
{
    static char lines[STRIP_LINES][PROMPT_LINE];
    static char title[SL_DECISION_LINE + 8];
    static sl_layout keep;
    int n;
    if (L->strip.w <= 0)
        return true;
    if (L != &ui->lay) { /* measured as laid out in L */
        keep = ui->lay;
        ui->lay = *L;
    }
    bool fits = true;
    if (strip_card_words(ui, v, title, sizeof title, lines, &n)) {
        ui->prompt_rolls = with_rolls && ui->world ? rolls_room(ui, ui->world, v) : 0;
        fits = prompt_fits(ui, title, lines, n);
        ui->prompt_rolls = 0;
    }
    if (L != &ui->lay)
        ui->lay = keep;
    return fits;
}

bool play_rolls_fit_strip(sl_ui *ui, const sl_view *v, const sl_layout *L)
{
    /* (a caption in its own frame keeps a lesson's rolls their room as
     * before; a replay's caption may take the whole strip, its step's
     * rolls then in the status bar's line) */
    if (L->caption_pages <= 0 || !ui->world || L->strip.w <= 0 || (v->play && v->play->replay))
        return true;
    static sl_layout keep; /* large: not on the stack */
    keep = ui->lay;
    ui->lay = *L;
    float need = rolls_room(ui, ui->world, v);
    ui->lay = keep;
    return need <= 0 || L->caption.h + need <= L->strip.h;
}

float play_strip_card_room(sl_ui *ui, const sl_view *v)
{
    static char lines[STRIP_LINES][PROMPT_LINE];
    static char title[SL_DECISION_LINE + 8];
    static prompt_rows_t p; /* large: not on the stack */
    int n;
    /* a game's last rolls keep their room too, from the cards drawn
     * before them (maps/hidden.json at 1280x720 200%: the sight card on
     * the target took the strip and the fire's rolls showed nowhere); a
     * lesson's are kept under its card (prompt_layout) */
    float rolls = v->lesson_nsteps <= 0 && ui->world ? rolls_need(ui, ui->world, v) : 0;
    if (!strip_card_words(ui, v, title, sizeof title, lines, &n))
        return rolls;
    /* as play_draw_table lays it out: the refusal's room under it */
    float reserve = refusal_height(ui, v);
    ui->prompt_reserve = reserve > 0 ? reserve + 8 * ui->lay.s : 0;
    ui->prompt_rolls = ui->world ? rolls_room(ui, ui->world, v) : 0;
    float bh = prompt_layout(ui, title, lines, n, &p);
    float room = bh + 8 * ui->lay.s + ui->prompt_reserve;
    ui->prompt_reserve = ui->prompt_rolls = 0;
    return room + rolls;
}

/* A decision waiting, as its rule shows it: its units ringed (and
 * numbered), the way when it has one, and its prompt. False when none is
 * drawn. */
static bool draw_decision(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam)
{
    sl_game *g = &v->play->game;
    static sl_decision_view d; /* large: not on the stack each frame */
    sl_decision_input in;
    ui_decision_input(v, &in);
    if (!sl_game_decision_for(g, v->play->view_side, &in, &d))
        return draw_notice(ui, w, v, cam);
    if (v->play->replay) /* nobody answers it: the step's caption says what was asked, the next step the answer */
        return false;
    if (d.chooses == SL_CHOOSE_PLACES && d.nlines == 0)
        return draw_setup(ui, w, v, cam); /* hidden units and dummies being placed */
    if (d.nlines == 0)
        return false;
    ui_order_draft(v, &d);
    if (d.chooses == SL_CHOOSE_ACTIONS && v->pick.kind != SL_CMD_NONE)
        return false; /* a reaction being declared: its pick shows */
    draw_rings(ui, w, &d, cam);
    if (d.draw & SL_DRAW_WAY_REST)
        draw_way_rest(ui, g, cam);
    if (d.draw & SL_DRAW_OPTIONS)
        draw_options(ui, w, v, &d, cam);
    if (d.draw & SL_DRAW_WAY_ON)
        draw_way_on(ui, w, v, cam);
    char lines[SL_DECISION_LINES + 2][PROMPT_LINE];
    int n = decision_lines(ui, v, &d, lines);
    if (d.chooses == SL_CHOOSE_ALONG)
        along_chosen(ui, v, &d, cam);
    if (!card_aside(ui, w, cam, d.title, lines, n, tone_colour(d.tone), false))
        prompt_box(ui, w, cam, d.title, lines, n, tone_colour(d.tone));
    return true;
}

/* A card's lines (title kept) too many for its room even so: in pages,
 * each as many whole lines as stand with the page's own line under
 * them ("Page 1 of 2: PgDn turns it"); the lines of the page the pick
 * shows put first, that line after them: how many. */
static int card_in_pages(sl_ui *ui, const sl_view *v, const char *title, char lines[][PROMPT_LINE], int n)
{
    static char page[2 + SL_PREVIEW_LINES][PROMPT_LINE];
    int first[3 + SL_PREVIEW_LINES], npages = 0;
    for (int i = 0; i < n; npages++) {
        first[npages] = i;
        int m = 0;
        memcpy(page[m++], lines[i++], PROMPT_LINE); /* a line at least */
        while (i < n) {
            memcpy(page[m], lines[i], PROMPT_LINE);
            snprintf(page[m + 1], PROMPT_LINE, "Page 9 of 9: PgDn turns it, PgUp back");
            if (!prompt_fits(ui, title, page, m + 2))
                break;
            m++;
            i++;
        }
    }
    first[npages] = n;
    int at = v->pick.card_page % npages;
    ui->card_pages = npages;
    int m = first[at + 1] - first[at];
    memmove(lines[0], lines[first[at]], (size_t)m * sizeof lines[0]);
    snprintf(lines[m++], PROMPT_LINE, "Page %d of %d: %s", at + 1, npages,
             at + 1 < npages ? "PgDn turns it, PgUp back" : "PgDn for the first");
    return m;
}

/* A rule's own card for the pick (an attack's range and modifiers):
 * the target pointed at ringed, and the rule's title and lines. */
/* Its title and lines (SL_PREVIEW_LINES at most): how many. */
static int rule_card_words(const sl_ui *ui, const sl_world *w, const sl_preview *pv, char *title, size_t tlen,
                           char lines[][PROMPT_LINE])
{
    snprintf(title, tlen, "%s: %s", w->scn.units[ui->lay.act_unit].name, pv->title);
    int n = 0;
    /* refused where the rule's own card did not see it: the reason first */
    bool told = pv->legal || !pv->why[0];
    for (int i = 0; i < pv->nlines && !told; i++)
        told = strstr(pv->lines[i], pv->why) != NULL;
    if (!told)
        snprintf(lines[n++], PROMPT_LINE, "Not allowed: %.400s", pv->why);
    for (int i = 0; i < pv->nlines && n < SL_PREVIEW_LINES; i++)
        snprintf(lines[n++], PROMPT_LINE, "%s", pv->lines[i]);
    return n;
}

static void draw_rule_card(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam, const sl_preview *pv)
{
    char lines[SL_PREVIEW_LINES][PROMPT_LINE], title[300 + SL_PREVIEW_LINE];
    if (v->pick.target >= 0)
        ui_ring_unit(ui, w, v->pick.target, cam, ui_pal.accent, 3 * ui->lay.s);
    int n = rule_card_words(ui, w, pv, title, sizeof title, lines);
    /* too tall for its room (a projector's text): the last line, how to
     * pick (the status line says it too), gives way, never cut; then the
     * rest in pages */
    if (n > 1 && !prompt_fits(ui, title, lines, n))
        n--;
    if (ui->prompt_reserve <= 0 && n > 1 && !prompt_fits(ui, title, lines, n))
        n = card_in_pages(ui, v, title, lines, n);
    prompt_box(ui, w, cam, title, lines, n, pv->legal ? ui_pal.accent : ui_pal.fail);
}

/* Fire being aimed: the fire card for the target pointed at, or what to
 * do. */
static void draw_fire_pick(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam)
{
    if (v->pick.target >= 0) {
        ui_ring_unit(ui, w, v->pick.target, cam, ui_pal.accent, 3 * ui->lay.s);
        fire_card(ui, w, cam, v, ui->lay.act_unit, v->pick.target);
    } else {
        char lines[1][PROMPT_LINE];
        snprintf(lines[0], PROMPT_LINE, "Point at an enemy unit to see the range die, cover and odds (Tab cycles); Esc cancels");
        prompt_box(ui, w, cam, "Fire: choose a target", lines, 1, ui_pal.accent);
    }
}

/* A detached element being formed: the men chosen so far, ringed, and
 * what forming it would cost. */
static void draw_detach(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam)
{
    float s = ui->lay.s;
    char lines[3][PROMPT_LINE], title[300], ids[200] = "";
    size_t at = 0;
    for (int i = 0; i < v->pick.ndet; i++) {
        const sl_figure *f = &w->scn.figures[v->pick.det_fig[i]];
        float x, y;
        cam_pt(cam, f->pos, &x, &y);
        gfx_ring(ui->ren, x, y, scene_figure_radius(f, cam, s) + 5 * s, 3 * s, ui_pal.accent);
        if (at < sizeof ids)
            at += (size_t)snprintf(ids + at, sizeof ids - at, "%s%s", i ? ", " : "", f->id);
    }
    snprintf(title, sizeof title, "%s: form a detached element", w->scn.units[ui->lay.act_unit].name);
    int n = 0;
    snprintf(lines[n++], PROMPT_LINE, "Going: %s", v->pick.ndet ? ids : "nobody yet");
    if (v->pick.ndet > 0) {
        char why[300];
        sl_command c;
        ui_detach_command(ui, v, &c);
        if (!sl_game_can(&v->play->game, &c, why, sizeof why))
            snprintf(lines[n++], PROMPT_LINE, "Not allowed: %.190s", why);
        else
            snprintf(lines[n++], PROMPT_LINE, "Enter forms it; it acts only when its squad leader passes it an action");
    }
    snprintf(lines[n++], PROMPT_LINE, "Click a man to send or keep him (Backspace: the last); Esc cancels");
    prompt_box(ui, w, cam, title, lines, n, ui_pal.accent);
}

/* A command aimed at a point (a call for fire): what its rule shows
 * follows the pointer on the table; here, what is chosen (the rule's
 * words for it) and what to do. */
/* Its title and lines (2 + SL_PREVIEW_LINES at most): how many. */
static int point_card_words(const sl_ui *ui, const sl_world *w, const sl_view *v, const sl_preview *pv, char *title,
                            size_t tlen, char lines[][PROMPT_LINE])
{
    snprintf(title, tlen, "%s: %s", w->scn.units[ui->lay.act_unit].name, pv->title[0] ? pv->title : "choose the point");
    int n = 0;
    if (!pv->legal && v->mouse_in_table)
        snprintf(lines[n++], PROMPT_LINE, "Not allowed here: %.400s", pv->why);
    /* what the rule says of the point: whom it would catch, what the
     * building under it does */
    for (int i = 0; i < pv->nlines && v->mouse_in_table && n < SL_PREVIEW_LINES; i++)
        snprintf(lines[n++], PROMPT_LINE, "%s", pv->lines[i]);
    snprintf(lines[n++], PROMPT_LINE, "Click the point on the table; Esc cancels");
    return n;
}

static void draw_point_pick(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam, const sl_preview *pv)
{
    char lines[2 + SL_PREVIEW_LINES][PROMPT_LINE], title[300 + SL_PREVIEW_LINE];
    int n = point_card_words(ui, w, v, pv, title, sizeof title, lines);
    /* too tall for its room (a projector's text; in the presentation the
     * bar has stepped out of the strip for it): the status line says
     * what to do; then the question goes, the unit's name heading it
     * alone (the rule's lines were left out before it: at 1280x720 200%
     * the call for fire on the sealed command bunker showed neither whom
     * it would catch nor what sealing does); then, where even so it does
     * not stand whole, the rule's last lines, never cut, the first kept
     * (why the point is refused: the pointer says the card says why).
     * The name went first (1280x720 200%, the mortar pointing off the
     * table: "where should the fire mission land?" and no name) */
    if (!prompt_fits(ui, title, lines, n))
        n--;
    if (ui->prompt_reserve <= 0 && !prompt_fits(ui, title, lines, n))
        snprintf(title, sizeof title, "%s", w->scn.units[ui->lay.act_unit].name);
    /* and then in pages, every line on one of them */
    if (ui->prompt_reserve <= 0 && n > 1 && !prompt_fits(ui, title, lines, n))
        n = card_in_pages(ui, v, title, lines, n);
    while (n > 1 && !prompt_fits(ui, title, lines, n))
        n--;
    /* a refusal's box under it says what went wrong and how to go on:
     * the card's lines go before its unit's name (1280x720 200%) */
    while (ui->prompt_reserve > 0 && n > 0 && !prompt_fits(ui, title, lines, n))
        n--;
    if (!prompt_fits(ui, title, lines, n))
        snprintf(title, sizeof title, "%s", w->scn.units[ui->lay.act_unit].name);
    while (n > 0 && !prompt_fits(ui, title, lines, n))
        n--;
    /* off the point it speaks of, and off the unit aiming and its name */
    float px, py, s = ui->lay.s;
    cam_pt(cam, v->cursor, &px, &py);
    ui_keep_clear(ui, px, py, 12 * s);
    const sl_unit *un = &w->scn.units[ui->lay.act_unit];
    for (int i = 0; i < un->nfigures; i++) {
        const sl_figure *f = &w->scn.figures[un->first_figure + i];
        cam_pt(cam, f->pos, &px, &py);
        ui_keep_clear(ui, px, py, (float)(f->base_r / 1000.0) * cam->scale + 4 * s);
    }
    if (ui->lay.act_unit < ui->names_cap && ui->names[ui->lay.act_unit].w > 0)
        ui_keep_rect(ui, ui->names[ui->lay.act_unit]);
    prompt_box(ui, w, cam, title, lines, n, !pv->legal && v->mouse_in_table ? ui_pal.fail : ui_pal.accent);
}

bool play_pick_card_fits_strip(sl_ui *ui, const sl_view *v, const sl_layout *L)
{
    static char lines[2 + SL_PREVIEW_LINES][PROMPT_LINE];
    static char title[300 + SL_PREVIEW_LINE];
    static sl_preview pv; /* large: not on the stack */
    static sl_layout keep;
    const sl_pick *pk = &v->pick;
    if (L->strip.w <= 0 || !play_on(v) || !ui->world || L->act_unit < 0 || pk->kind == SL_CMD_NONE ||
        !sl_game_pick_preview(&v->play->game, v->play->view_side, L->act_unit, pk->kind, pk->variant, pk->target,
                              v->cursor, &pv))
        return true;
    sl_pick_info pi;
    sl_cmd_pick(pk->kind, &pi);
    if (!pv.card && (pi.card == SL_PICK_CARD_FIRE || pi.kind == SL_PICK_FIGURES || pi.kind == SL_PICK_LIST || !pk->point))
        return true; /* as draw_pick has it: not the rule's card nor a point's */
    keep = ui->lay;
    ui->lay = *L;
    int n = pv.card ? rule_card_words(ui, ui->world, &pv, title, sizeof title, lines)
                    : point_card_words(ui, ui->world, v, &pv, title, sizeof title, lines);
    bool fits = prompt_fits(ui, title, lines, n);
    ui->lay = keep;
    return fits;
}

/* A command aimed at a unit: the unit pointed at ringed, with whether it
 * may be chosen (or, when allowed, what its rule says of it: a spot
 * test's odds). */
static void draw_unit_pick(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam, const sl_preview *pv)
{
    char lines[2][PROMPT_LINE], title[300];
    snprintf(title, sizeof title, "%s: choose a unit to %s", w->scn.units[ui->lay.act_unit].name,
             ui_pick_verb(v->pick.kind));
    int n = 0;
    if (v->pick.target >= 0) {
        ui_ring_unit(ui, w, v->pick.target, cam, ui_pal.accent, 3 * ui->lay.s);
        char why[240];
        bool allowed = ui_pick_allowed(ui, v, v->pick.target, why, sizeof why);
        if (allowed && pv->nlines > 0)
            snprintf(lines[n++], PROMPT_LINE, "%s", pv->lines[0]);
        else if (allowed)
            snprintf(lines[n++], PROMPT_LINE, "%s: click or Enter to confirm", w->scn.units[v->pick.target].name);
        else
            snprintf(lines[n++], PROMPT_LINE, "%.60s: %.150s", w->scn.units[v->pick.target].name, why);
    }
    snprintf(lines[n++], PROMPT_LINE, "Click a unit (Tab cycles the ones allowed); Esc cancels");
    prompt_box(ui, w, cam, title, lines, n, ui_pal.accent);
}

/* A command being aimed by the acting unit (or a unit being recovered):
 * what it is aimed at and what to do. */
static void draw_pick(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam)
{
    sl_game *g = &v->play->game;
    bool acting = ui->lay.act_unit >= 0;
    sl_pick_info pk;
    sl_cmd_pick(v->pick.kind, &pk);
    static sl_preview pv; /* large: not on the stack each frame */
    if (!acting || !sl_game_pick_preview(g, v->play->view_side, ui->lay.act_unit, v->pick.kind, v->pick.variant,
                                         v->pick.target, v->cursor, &pv))
        memset(&pv, 0, sizeof pv);
    if (pv.card && acting)
        draw_rule_card(ui, w, v, cam, &pv);
    else if (pk.card == SL_PICK_CARD_FIRE && acting)
        draw_fire_pick(ui, w, v, cam);
    else if (pk.kind == SL_PICK_FIGURES && acting)
        draw_detach(ui, w, v, cam);
    else if (pk.kind == SL_PICK_LIST && v->pick.list_unit >= 0)
        draw_list(ui, w, v, cam);
    else if (v->pick.kind != SL_CMD_NONE && acting && v->pick.point)
        draw_point_pick(ui, w, v, cam, &pv);
    else if (v->pick.kind != SL_CMD_NONE && acting && pk.kind != SL_PICK_PATH)
        draw_unit_pick(ui, w, v, cam, &pv);
}

/* The last refusal, until the next command or Esc: its title and lines
 * (0: none shown). */
static int refusal_wrap(sl_ui *ui, const sl_view *v, char lines[][PROMPT_LINE], const char **title)
{
    /* wrapped once, to the box's own width (wrapped narrower again
     * inside it, a line would break in odd places) */
    int n = text_wrap_lines(&ui->text, SL_FONT_NORMAL, v->pick.message, prompt_room(ui), lines, 16);
    text_put(lines[n++], PROMPT_LINE,
             ui->list_aside ? "Nothing was changed. Esc closes this and shows the card again." : "Nothing was changed. Esc closes this.");
    *title = v->pick.message_unread ? "Not a command" : "Not allowed";
    return n;
}

/* (Sets ui->prompt_wide where the box at its usual width would be too
 * tall for the table: a long reason at projector scale; the caller lays
 * it out and puts it back.) */
static int refusal_lines(sl_ui *ui, const sl_view *v, char lines[][PROMPT_LINE], const char **title)
{
    const sl_game *g = &v->play->game;
    ui->prompt_wide = false;
    if (!(v->pick.message_is_error && v->pick.message[0] && sl_game_choosing(g) == SL_CHOOSE_NONE))
        return 0; /* every refusal, a pick still open or not */
    int n = refusal_wrap(ui, v, lines, title);
    static prompt_rows_t p; /* large: not on the stack */
    if (ui_card_room(ui) <= 0 && prompt_layout(ui, *title, lines, n, &p) > ui->lay.table.h - 16 * ui->lay.s) {
        ui->prompt_wide = true;
        n = refusal_wrap(ui, v, lines, title);
    }
    return n;
}

/* The height the refusal box will take (0: none), for the cards drawn
 * before it to leave it room. */
static float refusal_height(sl_ui *ui, const sl_view *v)
{
    static char lines[17][PROMPT_LINE];
    static prompt_rows_t p; /* large: not on the stack */
    const char *title = "";
    int n = refusal_lines(ui, v, lines, &title);
    float h = n > 0 ? prompt_layout(ui, title, lines, n, &p) : 0;
    ui->prompt_wide = false;
    return h;
}

bool play_refusal_fits(sl_ui *ui, const sl_view *v, const sl_layout *L, float room)
{
    static sl_layout keep; /* large: not on the stack */
    keep = ui->lay;
    ui->lay = *L;
    float h = refusal_height(ui, v);
    ui->lay = keep;
    return h <= room;
}

/* How far box b lies from the point (x, y). */
static float box_distance(const SDL_FRect *b, float x, float y)
{
    float dx = fmaxf(0, fmaxf(b->x - x, x - (b->x + b->w))), dy = fmaxf(0, fmaxf(b->y - y, y - (b->y + b->h)));
    return hypotf(dx, dy);
}

/* Where a refusal's word for its point goes near its ring (x, y, r): the
 * nearest place inside the table off every label (names, places' words,
 * tags, rows of counters: by the table's left edge at 200% it lay on
 * Phalon 1st Warband), card, the ring itself and the men, tried on a
 * grid of half a word's height round the ring; else the cheapest. */
static SDL_FRect refusal_word_spot(sl_ui *ui, const sl_world *wd, const sl_cam *cam, const char *word, float x, float y,
                                   float r)
{
    float s = ui->lay.s, pad = 3 * s;
    float w = (float)text_width(&ui->text, SL_FONT_BOLD, word) + 2 * pad,
          h = (float)text_height(&ui->text, SL_FONT_BOLD) + pad;
    const SDL_FRect *T = &ui->lay.table;
    SDL_FRect best = {0, 0, 0, 0}, mark = {x - r - 2 * s, y - r - 2 * s, 2 * r + 4 * s, 2 * r + 4 * s};
    float best_cost = -1, reach = r + 4 * s + 3 * h;
    for (float by = y - reach - h; by <= y + reach; by += h / 2)
        for (float bx = x - reach - w; bx <= x + reach; bx += w / 8) {
            SDL_FRect b = {fmaxf(T->x, fminf(bx, T->x + T->w - w)), fmaxf(T->y, fminf(by, T->y + T->h - h)), w, h};
            float cost = box_distance(&b, x, y); /* the nearer, the better */
            if (best_cost >= 0 && cost >= best_cost)
                continue; /* whatever it covers, no better: not counted */
            cost += 1000.0f * (float)ui_label_hits(ui, &b) + 100.0f * (float)scene_figure_hits(ui, wd, cam, s, &b);
            cost += scene_rects_overlap(&b, &mark) ? 1500.0f : 0.0f;
            cost += ui_card_covers(ui, &b) ? 200.0f : 0.0f;
            if (b.x < T->x || b.y < T->y || b.x + b.w > T->x + T->w || b.y + b.h > T->y + T->h)
                cost += 2000.0f; /* a table too small for it */
            if (best_cost < 0 || cost < best_cost) {
                best_cost = cost;
                best = b;
            }
        }
    return best;
}

/* The points a refusal speaks of ("that point near Farmhouse (marked on
 * the table)"), ringed and crossed where they are, with the refusal's
 * words for each, off the rows of counters and names; the cards after
 * (the box, the rolls) keep off them. */
static void refusal_points(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam)
{
    float s = ui->lay.s, r = 9 * s;
    const SDL_FRect *T = &ui->lay.table;
    ui->nrefusal_words = 0;
    for (int i = 0; i < v->pick.message_nat && i < (int)(sizeof v->pick.message_at / sizeof v->pick.message_at[0]);
         i++) {
        float x, y;
        cam_pt(cam, v->pick.message_at[i], &x, &y);
        if (x < T->x || y < T->y || x > T->x + T->w || y > T->y + T->h)
            continue; /* off the table's view: the words alone */
        gfx_ring(ui->ren, x, y, r, 5 * s, ui_pal.black);
        gfx_ring(ui->ren, x, y, r, 3 * s, ui_pal.fail);
        gfx_line(ui->ren, x - r * 0.6f, y - r * 0.6f, x + r * 0.6f, y + r * 0.6f, 3 * s, ui_pal.fail);
        gfx_line(ui->ren, x - r * 0.6f, y + r * 0.6f, x + r * 0.6f, y - r * 0.6f, 3 * s, ui_pal.fail);
        char word[24];
        if (v->pick.message_nat == 1)
            snprintf(word, sizeof word, "that point");
        else
            snprintf(word, sizeof word, "point %d", i + 1);
        SDL_FRect b = refusal_word_spot(ui, w, cam, word, x, y, r);
        if (box_distance(&b, x, y) > r + 8 * s) { /* a word set apart: a line to its ring */
            float bx = fmaxf(b.x, fminf(x, b.x + b.w)), by = fmaxf(b.y, fminf(y, b.y + b.h));
            float d = hypotf(bx - x, by - y), ex = x + (bx - x) * r / d, ey = y + (by - y) * r / d;
            gfx_line(ui->ren, ex, ey, bx, by, 4 * s, ui_pal.black);
            gfx_line(ui->ren, ex, ey, bx, by, 2 * s, ui_pal.fail);
        }
        SDL_FRect box = text_draw_boxed(&ui->text, SL_FONT_BOLD, word, b.x + 3 * s, b.y + 1.5f * s, ui_pal.black,
                                        ui_pal.fail, 3 * s, SL_ALIGN_LEFT);
        gfx_rect_outline(ui->ren, box.x, box.y, box.w, box.h, 1.0f * s, ui_pal.black);
        ui_card_taken(ui, (SDL_FRect){x - r - 3 * s, y - r - 3 * s, 2 * r + 6 * s, 2 * r + 6 * s});
        ui_card_taken(ui, box);
        if (ui->nrefusal_words < 4)
            ui->refusal_words[ui->nrefusal_words++] = box;
    }
}

static void draw_refusal(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam)
{
    static char lines[17][PROMPT_LINE];
    const char *title = "";
    int n = refusal_lines(ui, v, lines, &title);
    if (n > 0) {
        refusal_points(ui, w, v, cam);
        ui->refusal_box = prompt_box(ui, w, cam, title, lines, n, ui_pal.fail);
    }
    ui->prompt_wide = false;
}

/* The commands that fit what is typed so far, how each is written: at
 * most max of them (no two the same) in use; gives how many fit in all. */
static int command_usages(const char *typed, const char **use, int max, int *nu)
{
    char word[64];
    size_t wl = strcspn(typed, " ");
    snprintf(word, sizeof word, "%.*s", (int)(wl < sizeof word ? wl : sizeof word - 1), typed);
    bool more = typed[wl] == ' ';
    int total = 0;
    *nu = 0;
    for (int k = 0; k < sl_cmd_kinds(); k++) {
        const char *name = sl_cmd_name(k), *u = sl_cmd_usage(k);
        bool fits = u[0] && (more ? strcmp(name, word) == 0 : strncmp(name, word, strlen(word)) == 0);
        for (int j = 0; j < *nu && fits; j++)
            fits = strcmp(use[j], u) != 0;
        if (fits) {
            total++;
            if (*nu < max)
                use[(*nu)++] = u;
        }
    }
    return total;
}

/* The command line being typed, above the scale bar, with the commands
 * that fit it above it. */
static void draw_command_line(sl_ui *ui, const sl_view *v)
{
    const sl_layout *L = &ui->lay;
    float s = L->s;
    char buf[300];
    snprintf(buf, sizeof buf, "> %s_", v->pick.line);
    float th = (float)text_height(&ui->text, SL_FONT_NORMAL);
    /* above the scale bar */
    float y = L->table.y + L->table.h - th - 62 * s;
    const char *use[8];
    int nu;
    int total = command_usages(v->pick.line, use, 8, &nu);
    float lh = (float)text_height(&ui->text, SL_FONT_SMALL) * 1.25f;
    if (nu > 0) {
        float hh = lh * (float)(nu + 1) + 10 * s, hy = y - 10 * s - hh;
        gfx_rect(ui->ren, L->table.x + 8 * s, hy, L->table.w - 16 * s, hh, sl_rgba_make(10, 10, 12, 225));
        float ly = hy + 5 * s;
        char line[PROMPT_LINE];
        for (int j = 0; j < nu; j++, ly += lh) {
            text_fit(&ui->text, SL_FONT_SMALL, use[j], L->table.w - 40 * s, line, sizeof line);
            text_draw(&ui->text, SL_FONT_SMALL, line, L->table.x + 16 * s, ly, ui_pal.text, SL_ALIGN_LEFT);
        }
        snprintf(line, sizeof line, "%s  Tab completes a word; Enter does it; Esc closes",
                 total > nu ? "(and more: type further)" : "");
        text_draw(&ui->text, SL_FONT_SMALL, line, L->table.x + 16 * s, ly, ui_pal.faint, SL_ALIGN_LEFT);
    }
    gfx_rect(ui->ren, L->table.x + 8 * s, y - 6 * s, L->table.w - 16 * s, th + 12 * s, sl_rgba_make(10, 10, 12, 240));
    gfx_rect_outline(ui->ren, L->table.x + 8 * s, y - 6 * s, L->table.w - 16 * s, th + 12 * s, 1.5f * s, ui_pal.accent);
    text_draw(&ui->text, SL_FONT_NORMAL, buf, L->table.x + 16 * s, y, ui_pal.text, SL_ALIGN_LEFT);
}

void play_draw_table(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam)
{
    if (!play_on(v))
        return;
    ui->text.watch = true; /* a card's words are read whole */
    ui->nlist_takers = 0;
    ui->nlist_tags = 0;
    ui->list_box = ui->aside_box = (SDL_FRect){0, 0, 0, 0};
    ui->refusal_box = (SDL_FRect){0, 0, 0, 0};
    ui->nrefusal_words = 0;
    ui->list_aside = false;
    aside.on = false;
    /* the cards first, leaving room under them for the refusal box */
    float reserve = refusal_height(ui, v);
    ui->prompt_reserve = reserve > 0 ? reserve + 8 * ui->lay.s : 0;
    ui->prompt_rolls = rolls_room(ui, w, v);
    if (!draw_decision(ui, w, v, cam))
        draw_pick(ui, w, v, cam);
    ui->prompt_reserve = ui->prompt_rolls = 0;
    /* on the table the last command's rolls keep off the card; the
     * refusal's marks and box come over them (in the presentation's
     * strip the rolls stack under the box) */
    if (!ui->lay.present)
        play_draw_rolls(ui, w, v, cam);
    draw_refusal(ui, w, v, cam);
    ui->text.watch = false;
    if (v->pick.typing)
        draw_command_line(ui, v);
}

bool play_card_says_why(sl_ui *ui, const sl_view *v, const sl_preview *pv)
{
    /* on the table as in the strip: the card beside the pointer gives the
     * reason (at 1600x1000 it was said again across the table's width) */
    if (ui->lay.act_unit < 0 || pv->legal || !pv->why[0])
        return false;
    if (refusal_height(ui, v) > 0) /* a refusal's box in the strip: short when it gives this same reason */
        return strstr(v->pick.message, pv->why) != NULL;
    sl_pick_info pk;
    sl_cmd_pick(v->pick.kind, &pk);
    if (pv->card) /* draw_rule_card: the reason first, unless a line of the rule's says it */
        return true;
    /* draw_point_pick: the reason its first line, which stays */
    return pk.card != SL_PICK_CARD_FIRE && pk.kind != SL_PICK_FIGURES && pk.kind != SL_PICK_LIST && v->pick.point;
}

/* The offer to resume the autosaved game, over everything. */
void play_draw_modal(sl_ui *ui, const sl_view *v)
{
    if (!v->play || !v->play->offer_resume)
        return;
    const sl_layout *L = &ui->lay;
    float s = L->s;
    float lh = (float)text_height(&ui->text, SL_FONT_NORMAL) * 1.3f;
    float bw = fminf(760 * s, L->w - 40 * s);
    /* what the load warned of (a last command saved only in part), in
     * whole lines: the player must read all of it */
    char note[3][UI_LINE];
    int nnote = v->play->resume_note[0]
                    ? text_wrap_lines(&ui->text, SL_FONT_SMALL, v->play->resume_note, bw - 40 * s, note, 3)
                    : 0;
    float sh = (float)text_height(&ui->text, SL_FONT_SMALL) * 1.25f;
    float bh = lh * 4 + 30 * s + (nnote > 0 ? lh * 0.1f + sh * (float)nnote : 0);
    float bx = (L->w - bw) / 2, by = (L->h - bh) / 2;
    gfx_rect(ui->ren, 0, 0, (float)L->w, (float)L->h, sl_rgba_make(0, 0, 0, 120));
    gfx_rect(ui->ren, bx, by, bw, bh, sl_rgba_make(24, 26, 30, 248));
    gfx_rect_outline(ui->ren, bx, by, bw, bh, 2.5f * s, ui_pal.accent);
    float x = bx + 20 * s, y = by + 14 * s;
    text_draw(&ui->text, SL_FONT_LARGE, "Resume the last game?", x, y, ui_pal.text, SL_ALIGN_LEFT);
    y += lh * 1.4f;
    char fit[320];
    text_fit(&ui->text, SL_FONT_NORMAL, v->play->resume_text, bw - 40 * s, fit, sizeof fit);
    text_draw(&ui->text, SL_FONT_NORMAL, fit, x, y, ui_pal.text, SL_ALIGN_LEFT);
    if (nnote > 0)
        y += lh * 1.1f - sh;
    for (int i = 0; i < nnote; i++) {
        y += sh;
        text_draw(&ui->text, SL_FONT_SMALL, note[i], x, y, ui_pal.dim, SL_ALIGN_LEFT);
    }
    y += lh * 1.4f;
    text_draw(&ui->text, SL_FONT_BOLD, "[Y] or Enter: resume it    [N] or Esc: a new game", x, y, ui_pal.accent,
              SL_ALIGN_LEFT);
}

/* A lesson's caption: large unless that would take more than a third of
 * the room; its heading, rows, their font, the keys and the strip's
 * height. In the presentation (wrap) the heading and the keys wrap;
 * under the table they keep one line each, so the table keeps still. */
typedef struct lesson_text {
    sl_font font;
    char rows[UI_CAPTION_ROWS][UI_LINE];
    char head[5][UI_LINE];
    char keys[2][UI_LINE];
    int n, nhead, nkeys;
    int room;                /* the rows the caption's room holds */
    int pages, page;         /* a caption too long for its room, in pages of rows: how many, the one shown */
    int pages_most;          /* the pages the longest caption takes */
    char page_line[UI_LINE]; /* under a page's rows: which page, and the key for the next */
    float pad, lh, th, fh, h;
    bool cut;                /* the caption does not fit whole */
    bool said;               /* the keys (or the page line) say the text is smaller than asked */
} lesson_text;

/* The text drawn smaller than asked (the window falls back to the
 * largest size that fits it), in words: form 0 the longest, the higher
 * the shorter; false (out "") at the size asked. */
static bool scale_note(const sl_view *v, int form, char *out, size_t len)
{
    out[0] = '\0';
    if (!(v->scale_cap > 0 && v->scale_cap + 1e-3f < v->user_scale))
        return false;
    static const char *const forms[] = {"Text at %.0f%%: %.0f%% does not fit", "%.0f%%: %.0f%% does not fit",
                                        "%.0f%%, not %.0f%%"};
    snprintf(out, len, forms[form], v->scale_cap * 100, v->user_scale * 100);
    return true;
}
#define SCALE_NOTES 3

/* The keys' line: the longest that fits tw whole (the last is taken
 * whatever its width). A replay offers F6 only where there are hidden
 * units to view (without them every side sees the same table). Where
 * the text is drawn smaller than asked the line begins by saying so
 * (shorter where the row is narrow; where the shortest keys and note do
 * not fit a row, on two when wrap allows, else one of them, below);
 * true when it does. */
static bool lesson_keys(sl_ui *ui, const sl_view *v, float tw, bool wrap, char *out, size_t len)
{
    static const char *const replay_keys[] = {
        "Read only. Right/Left: a command   Shift+Right/Left: a turn   Home/End: the start/the end   the bar below: "
        "click or drag%s   Ctrl+P: play on from here   Esc: leave",
        "Read only. Right/Left: a command   Shift: a turn   Home/End: start/end%s   Ctrl+P: play on   Esc: leave",
        "Left/Right: a command   Shift: a turn%s   Esc: leave",
        "Left/Right: a step   Esc: leave",
    };
    static const char *const step_keys[] = {
        "Right, Space or PgDn: the next step   Left, Backspace or PgUp: back   (the dice log shows every roll)",
        "Right or Space: next step   Left: back",
    };
    static const char *const last_keys[] = {
        "The last step. Left, Backspace or PgUp: back   Ctrl+Home: the first step",
        "The last step. Left: back   Ctrl+Home: the first",
    };
    bool replay = v->play && v->play->replay, last = v->lesson_step + 1 >= v->lesson_nsteps;
    const char *const *keys = replay ? replay_keys : last ? last_keys : step_keys;
    int n = replay ? 4 : 2;
    const char *f6 = replay && sl_game_fog(&v->play->game) ? "   F6: whose view" : "";
    char note[80], line[UI_LINE];
    bool said = scale_note(v, 0, note, sizeof note);
    for (int i = 0; i < n; i++) {
        snprintf(line, sizeof line, keys[i], f6);
        for (int f = 0; f < (said ? SCALE_NOTES : 1); f++) {
            scale_note(v, f, note, sizeof note);
            if (snprintf(out, len, "%s%s%s", note, said ? "   " : "", line) >= (int)len)
                sl_utf8_trim(out);
            if ((float)text_width(&ui->text, SL_FONT_SMALL, out) <= tw)
                return said;
        }
    }
    if (wrap) /* the shortest of each, on two rows */
        return said;
    /* one row: in a lesson the note alone (the help lists the keys; the
     * status bar under it may hold the step's rolls); in a replay its
     * keys whole, the status bar saying the size */
    for (int f = 0; f < SCALE_NOTES && said && !replay; f++) {
        scale_note(v, f, out, len);
        if ((float)text_width(&ui->text, SL_FONT_SMALL, out) <= tw)
            return said;
    }
    snprintf(out, len, "%s", line);
    return false;
}

/* The heading and the keys' line, wrapped to tw (or cut, under the table). */
static void lesson_frame_text(sl_ui *ui, const sl_view *v, float tw, bool wrap, lesson_text *t)
{
    char head[UI_LINE];
    bool replay = v->play && v->play->replay; /* a saved game replayed (replayview.c): its heading says where */
    if (replay)
        snprintf(head, sizeof head, "%s \xE2\x80\x94 %s", v->lesson_title, v->lesson_heading);
    else
        snprintf(head, sizeof head, "%s \xE2\x80\x94 step %d of %d%s%s", v->lesson_title, v->lesson_step + 1,
                 v->lesson_nsteps, v->lesson_heading[0] ? ": " : "", v->lesson_heading);
    char keys[UI_LINE];
    t->said = lesson_keys(ui, v, tw, wrap, keys, sizeof keys);
    if (!wrap) {
        t->nhead = t->nkeys = 1;
        text_fit(&ui->text, SL_FONT_BOLD, head, tw, t->head[0], sizeof t->head[0]);
        text_fit(&ui->text, SL_FONT_SMALL, keys, tw, t->keys[0], sizeof t->keys[0]);
        return;
    }
    t->nhead = text_wrap_lines(&ui->text, SL_FONT_BOLD, head, tw, t->head, 5);
    t->nkeys = text_wrap_lines(&ui->text, SL_FONT_SMALL, keys, tw, t->keys, 2);
}

/* The step's caption rows (t->n of them) cut into pages of `per` rows:
 * the page the view asks for (the last where it asks past it) moved to
 * the top, and the line under it; one page: left as it is. */
static void caption_pages(const sl_view *v, int per, lesson_text *t)
{
    t->pages = (t->n + per - 1) / per;
    if (t->pages <= 1) {
        t->pages = 1;
        return;
    }
    t->page = v->caption_page < 0 ? 0 : v->caption_page >= t->pages ? t->pages - 1 : v->caption_page;
    int from = t->page * per, n = t->n - from < per ? t->n - from : per;
    memmove(t->rows, t->rows + from, (size_t)n * sizeof t->rows[0]);
    t->n = n;
    if (t->page + 1 < t->pages)
        snprintf(t->page_line, sizeof t->page_line, "%d/%d \xE2\x80\x94 Right: the rest", t->page + 1, t->pages);
}

/* A caption the strip cannot show whole at this size (1280x720 250%: the
 * lessons' longest wraps to 15 rows of the strip's 24 characters, where
 * 5 fit under its heading and keys): shown a page at a time in up to the
 * whole strip (`room` high, or the layout's share of it where a card or
 * the step's rolls need the rest: ui->pages_share), the frame pared:
 * the heading without the lesson's title (the window's title bar has
 * it), the keys in the page's last row. False (t as it was) when not
 * three rows fit. */
static bool lesson_pages(sl_ui *ui, const sl_view *v, float width, float room, const char *longest, lesson_text *t)
{
    static lesson_text p; /* large: not on the stack */
    memset(&p, 0, sizeof p);
    float s = ui_scale(v);
    p.pad = 6 * s;
    float tw = width - 2 * p.pad - 6 * s;
    bool replay = v->play && v->play->replay;
    char head[UI_LINE];
    if (replay)
        snprintf(head, sizeof head, "%s", v->lesson_heading);
    else
        snprintf(head, sizeof head, "Step %d of %d%s%s", v->lesson_step + 1, v->lesson_nsteps,
                 v->lesson_heading[0] ? ": " : "", v->lesson_heading);
    p.th = (float)text_height(&ui->text, SL_FONT_BOLD);
    p.fh = (float)text_height(&ui->text, SL_FONT_SMALL);
    p.nhead = text_wrap_lines(&ui->text, SL_FONT_BOLD, head, tw, p.head, 5);
    float frame = p.pad + p.th * (float)p.nhead + 6 * s + p.pad;
    p.font = SL_FONT_SMALL;
    p.lh = (float)text_height(&ui->text, p.font) * 1.15f;
    int need = text_wrap_lines(&ui->text, p.font, longest, tw, p.rows, UI_CAPTION_ROWS);
    p.n = text_wrap_lines(&ui->text, p.font, v->lesson_caption, tw, p.rows, UI_CAPTION_ROWS);
    if (ui->pages_share > 0)
        room *= ui->pages_share;
    int fit = (int)((room - frame) / p.lh);
    if (fit < 3)
        return false;
    caption_pages(v, fit - 1, &p);
    p.pages_most = (need + fit - 2) / (fit - 1);
    if (p.pages <= 1) { /* whole on one page: the last row has the keys (the fewest where none fits) */
        p.said = lesson_keys(ui, v, tw, false, p.page_line, sizeof p.page_line);
        if ((float)text_width(&ui->text, SL_FONT_SMALL, p.page_line) > tw) {
            snprintf(p.page_line, sizeof p.page_line, "%s", replay ? "Left/Right: a command" : "Left/Right: a step");
            p.said = false;
        }
    }
    else if (p.page + 1 == p.pages)
        snprintf(p.page_line, sizeof p.page_line, "%d/%d \xE2\x80\x94 Right: the next %s", p.page + 1, p.pages,
                 replay ? "command" : "step");
    /* a page's line says a smaller size than asked after the page, where
     * it fits (else after the page's number alone: the last page of two at
     * 1280x720 200% had no room for "Right: the next step" beside it) */
    char note[80], with[UI_LINE + 96];
    for (int k = 0; k < 2 * SCALE_NOTES && p.pages > 1 && !p.said && scale_note(v, k % SCALE_NOTES, note, sizeof note);
         k++) {
        if (k < SCALE_NOTES)
            snprintf(with, sizeof with, "%s   %s", p.page_line, note);
        else
            snprintf(with, sizeof with, "%d/%d   %s", p.page + 1, p.pages, note);
        if (strlen(with) < sizeof p.page_line && (float)text_width(&ui->text, p.font, with) <= tw) {
            memcpy(p.page_line, with, strlen(with) + 1);
            p.said = true;
        }
    }
    p.room = need + 1 < fit ? need + 1 : fit;
    p.h = frame + (float)p.room * p.lh;
    *t = p;
    return true;
}

static void lesson_measure(sl_ui *ui, const sl_view *v, float width, float table_h, bool wrap, lesson_text *t)
{
    /* sized by the longest caption, drawn with this step's */
    const char *longest = v->lesson_longest[0] ? v->lesson_longest : v->lesson_caption;
    float s = ui_scale(v);
    t->pad = 14 * s;
    float tw = width - 2 * t->pad - 6 * s;
    t->th = (float)text_height(&ui->text, SL_FONT_BOLD);
    t->fh = (float)text_height(&ui->text, SL_FONT_SMALL);
    lesson_frame_text(ui, v, tw, wrap, t);
    float frame = t->pad + t->th * (float)t->nhead + 6 * s + 6 * s + t->fh * (float)t->nkeys + t->pad;
    /* large, else smaller, in at most a third of the table; room for
     * four rows whatever the step, so the table stays still; at the
     * smallest, as many rows as fit in two fifths (the rest ends in an
     * ellipsis, the dice log has every roll) */
    static const sl_font fonts[] = {SL_FONT_LARGE, SL_FONT_NORMAL, SL_FONT_SMALL};
    int rows = 4;
    t->cut = false;
    t->pages = 1;
    t->page = 0;
    t->page_line[0] = '\0';
    for (int k = 0; k < 3; k++) {
        t->font = fonts[k];
        int need = text_wrap_lines(&ui->text, t->font, longest, tw, t->rows, UI_CAPTION_ROWS);
        t->n = text_wrap_lines(&ui->text, t->font, v->lesson_caption, tw, t->rows, UI_CAPTION_ROWS);
        t->lh = (float)text_height(&ui->text, t->font) * 1.15f;
        rows = need > 4 ? need : 4;
        if (frame + (float)rows * t->lh <= table_h / 3)
            break;
        if (k == 2) {
            int fit = (int)((table_h * 0.4f - frame) / t->lh);
            if (fit < 1)
                fit = 1;
            if (need > fit)
                t->cut = true; /* the window cannot show it whole at this size */
            if (t->n > fit) { /* what does not fit ends in an ellipsis */
                t->n = fit;
                size_t len = strlen(t->rows[fit - 1]);
                if (len + 4 < sizeof t->rows[fit - 1])
                    memcpy(t->rows[fit - 1] + len, "\xE2\x80\xA6", 4);
            }
            rows = need < fit ? need : fit;
        }
    }
    t->room = rows;
    t->h = frame + (float)rows * t->lh;
    /* in the strip, a caption it cannot show whole is shown in pages */
    /* (and a replay's under the table, F10: in its share of two fifths
     * of the table's room) */
    bool replay = v->play && v->play->replay;
    if (wrap && (t->cut || ui->pages_share > 0))
        (void)lesson_pages(ui, v, width, table_h / ui_caption_room(v), longest, t);
    else if (!wrap && replay && t->cut)
        (void)lesson_pages(ui, v, width, table_h * 0.4f, longest, t);
}

float play_lesson_height(sl_ui *ui, const sl_view *v, float width, float table_h, bool *cut, float *keys, int pages[2])
{
    *cut = false;
    *keys = 0;
    pages[0] = pages[1] = 0;
    if (v->lesson_nsteps <= 0)
        return 0;
    lesson_text t;
    lesson_measure(ui, v, width, table_h, sl_view_presenting(v), &t);
    *cut = t.cut;
    pages[0] = t.page_line[0] ? t.pages : 0;
    pages[1] = t.page_line[0] ? t.pages_most : 0;
    *keys = t.fh * (float)t.nkeys + t.pad - 6 * ui_scale(v); /* the keys' lines and the pad under them */
    return t.h;
}

/* A lesson's caption, in its strip under the table (or at the top of the
 * presentation's strip): the lesson's title, the step, the caption
 * large, and the keys. */
void play_draw_lesson(sl_ui *ui, const sl_view *v)
{
    const SDL_FRect *C = &ui->lay.caption;
    ui->scale_said = false;
    if (v->lesson_nsteps <= 0 || C->h <= 0)
        return;
    float s = ui->lay.s;
    lesson_text t;
    bool present = ui->lay.present;
    ui->pages_share = ui->lay.caption_share; /* as laid out */
    lesson_measure(ui, v, C->w, present ? ui->lay.strip.h * ui_caption_room(v) : ui->lay.table.h + C->h, present, &t);
    if (t.cut && ui->text.cuts++ == 0) /* the window cannot show the caption whole */
        text_put(ui->text.first_cut, sizeof ui->text.first_cut, v->lesson_caption);
    /* a card too tall for the strip under the caption: the keys give
     * way to it (the help page and README say them) */
    float ch = ui->caption_keys_off ? C->h - ui->lay.caption_keys : C->h;
    gfx_rect(ui->ren, C->x, C->y, C->w, ch, sl_rgba_make(12, 14, 18, 255));
    gfx_rect(ui->ren, C->x, C->y, 6 * s, ch, ui_pal.accent);
    float x = C->x + 6 * s + t.pad, y = C->y + t.pad;
    for (int i = 0; i < t.nhead; i++, y += t.th)
        text_draw(&ui->text, SL_FONT_BOLD, t.head[i], x, y, ui_pal.accent, SL_ALIGN_LEFT);
    y += 6 * s;
    for (int i = 0; i < t.n; i++, y += t.lh)
        text_draw(&ui->text, t.font, t.rows[i], x, y, ui_pal.text, SL_ALIGN_LEFT);
    if (t.page_line[0]) /* a page of the caption (or its keys): the last row of its room */
        text_draw(&ui->text, t.pages > 1 ? t.font : SL_FONT_SMALL, t.page_line, x,
                  C->y + t.pad + t.th * (float)t.nhead + 6 * s + t.lh * (float)(t.room - 1),
                  t.pages > 1 ? ui_pal.accent : ui_pal.faint, SL_ALIGN_LEFT);
    y = C->y + C->h - t.pad - t.fh * (float)t.nkeys;
    for (int i = 0; i < t.nkeys && !ui->caption_keys_off; i++, y += t.fh)
        text_draw(&ui->text, SL_FONT_SMALL, t.keys[i], x, y, ui_pal.faint, SL_ALIGN_LEFT);
    /* a smaller size than asked, said in the keys drawn or the page's line */
    ui->scale_said = t.said && (t.page_line[0] || (t.nkeys > 0 && !ui->caption_keys_off));
}

/* The rolls of the last command, on the table by the unit each was for:
 * the die, its score against what it had to beat, PASS or FAIL in words
 * and colour, and what it was for, large enough to read across a room.
 * They stay until the next command (the dice log keeps them for good). */
/* The impact roll that answers the armour roll at i (the firer's, so
 * journalled as the firer's), or -1: shown together, by the man hit. */
static int impact_after(const sl_game *g, int i)
{
    const sl_event *e = &g->journal.ev[i];
    if (e->kind != SL_EV_ROLL || strcmp(e->test, "armour") != 0)
        return -1;
    for (int k = i + 1; k < g->journal.n; k++) {
        const sl_event *n = &g->journal.ev[k];
        if (n->kind == SL_EV_ROLL)
            return strcmp(n->test, "impact") == 0 && n->target == e->value ? k : -1;
    }
    return -1;
}

static bool impact_after_armour(const sl_game *g, int i)
{
    for (int k = i - 1; k >= 0; k--)
        if (g->journal.ev[k].kind == SL_EV_ROLL)
            return impact_after(g, k) == i;
    return false;
}

/* The rolls to show, one box a unit, its rolls in order, at most
 * ROLL_MAXL lines each and the rest counted. */
enum { ROLL_MAXU = 8, ROLL_MAXL = 3, ROLL_WRAP = 6 }; /* units, rolls a unit, lines a roll's words wrap to */
typedef struct roll_boxes {
    int units[ROLL_MAXU], nl[ROLL_MAXU], more[ROLL_MAXU], nu;
    const sl_event *rows[ROLL_MAXU][ROLL_MAXL];
} roll_boxes;

/* Where in the journal the rolls shown begin: after the last command, or
 * a lesson step's first; -1 when none is to be shown. */
static int rolls_first(const sl_view *v)
{
    const sl_game *g = &v->play->game;
    int from = g->journal.n;
    while (from > 0 && g->journal.ev[from - 1].kind != SL_EV_COMMAND)
        from--;
    if (v->lesson_nsteps > 0 && v->rolls_from >= 0 && v->rolls_from <= g->journal.n)
        from = v->rolls_from; /* a lesson's step: every roll of its commands */
    else if (from == 0)
        return -1; /* no command yet: the set-up's own rolls stay in the log */
    else if (v->rolls_closed > 0 && v->rolls_closed == g->journal.n)
        return -1; /* closed (Esc) until the next command */
    return from;
}

bool play_rolls_shown(const sl_view *v)
{
    return play_on(v) && v->lesson_nsteps <= 0 && rolls_first(v) >= 0 && rolls_first(v) < v->play->game.journal.n;
}

/* Was this unit's rolls card closed by a click (until the next command)? */
static bool rolls_shut(const sl_view *v, int unit)
{
    if (v->rolls_shut_n != v->play->game.journal.n)
        return false;
    for (int i = 0; i < v->nrolls_shut; i++)
        if (v->rolls_shut[i] == unit)
            return true;
    return false;
}

bool play_rolls_click(sl_ui *ui, sl_view *v, float x, float y)
{
    if (!play_rolls_shown(v))
        return false;
    int n = v->play->game.journal.n;
    for (int k = 0; k < ui->nroll; k++) {
        const SDL_FRect *r = &ui->roll_box[k];
        if (x < r->x || x >= r->x + r->w || y < r->y || y >= r->y + r->h)
            continue;
        if (v->rolls_shut_n != n)
            v->nrolls_shut = 0;
        v->rolls_shut_n = n;
        if (v->nrolls_shut < (int)(sizeof v->rolls_shut / sizeof v->rolls_shut[0]))
            v->rolls_shut[v->nrolls_shut++] = ui->roll_unit[k];
        if (ui->nroll == 1)
            v->rolls_closed = n; /* the last card shown: all closed, as Esc does */
        snprintf(v->status, sizeof v->status, "Rolls closed (the dice log keeps them)");
        return true;
    }
    return false;
}

/* How long the rolls take to fade once their time is up. */
#define ROLLS_FADE_MS 1000u

bool sl_view_rolls_tick(sl_view *v, uint32_t now, uint32_t *wait)
{
    *wait = 0;
    bool was_faded = v->rolls_fade != 1.0f;
    if (v->dice_secs <= 0 || !play_rolls_shown(v)) {
        v->rolls_fade = 1.0f;
        v->rolls_timed = -1;
        return was_faded;
    }
    int n = v->play->game.journal.n;
    uint32_t life = (uint32_t)v->dice_secs * 1000u;
    if (v->rolls_timed != n) { /* new rolls: their clock starts */
        v->rolls_timed = n;
        v->rolls_since = now;
        v->rolls_fade = 1.0f;
        *wait = life;
        return was_faded;
    }
    uint32_t age = now - v->rolls_since;
    if (age < life) {
        *wait = life - age;
        return false;
    }
    if (age >= life + ROLLS_FADE_MS) { /* gone: closed as Esc closes them */
        v->rolls_closed = n;
        v->rolls_fade = 1.0f;
        v->rolls_timed = -1;
        return true;
    }
    float f = ceilf((1.0f - (float)(age - life) / (float)ROLLS_FADE_MS) * 8.0f) / 8.0f; /* eight steps */
    *wait = ROLLS_FADE_MS / 16;
    if (f == v->rolls_fade)
        return false;
    v->rolls_fade = f;
    return true;
}

/* The rolls from the journal's from on, by the unit each was for; the
 * unit the panel describes gets the first place. */
static void rolls_gather(const sl_world *w, const sl_view *v, int from, roll_boxes *rb)
{
    const sl_game *g = &v->play->game;
    int view = v->play->view_side;
    rb->nu = 0;
    for (int i = from; i < g->journal.n; i++) {
        const sl_event *e = &g->journal.ev[i];
        if (e->kind != SL_EV_ROLL || e->unit < 0 || e->unit >= w->scn.nunits)
            continue;
        if (view >= 0 && e->side_text[view])
            continue; /* told to this side in part: not shown where it happened */
        if (impact_after_armour(g, i))
            continue; /* shown with the armour it beat, by the man */
        int unit = e->unit, im = impact_after(g, i);
        if (rolls_shut(v, unit))
            continue; /* its card closed by a click */
        if (im >= 0)
            e = &g->journal.ev[im]; /* "D10 7 vs 3 KILLED", by the man hit */
        int k = 0;
        while (k < rb->nu && rb->units[k] != unit)
            k++;
        if (k == rb->nu) {
            if (rb->nu == ROLL_MAXU)
                continue;
            rb->units[rb->nu] = unit;
            rb->nl[rb->nu] = rb->more[rb->nu] = 0;
            rb->nu++;
        }
        if (rb->nl[k] < ROLL_MAXL)
            rb->rows[k][rb->nl[k]++] = e;
        else
            rb->more[k]++;
    }
    for (int k = 1; k < rb->nu; k++)
        if (rb->units[k] == v->focus_unit) {
            int tu = rb->units[0], tn = rb->nl[0], tm = rb->more[0];
            const sl_event *tr[ROLL_MAXL];
            memcpy(tr, rb->rows[0], sizeof tr);
            rb->units[0] = rb->units[k], rb->nl[0] = rb->nl[k], rb->more[0] = rb->more[k];
            memcpy(rb->rows[0], rb->rows[k], sizeof tr);
            rb->units[k] = tu, rb->nl[k] = tn, rb->more[k] = tm;
            memcpy(rb->rows[k], tr, sizeof tr);
        }
}

/* A roll's two lines in the box by unit: the die, its score against what
 * it had to beat and the verdict (for a man hit: killed, wounded or
 * unhurt); then what it was for, without the unit's name. */
static void roll_text(const sl_game *g, const sl_world *w, int unit, const sl_event *e, char *head, size_t hlen,
                      char *what, size_t wlen, size_t cap)
{
    bool man = strcmp(e->test, "impact") == 0 && w->scn.units[unit].kind == SL_UNIT_INFANTRY &&
               w->scn.units[unit].side != w->scn.units[e->unit].side;
    if (man && e->target >= 0)
        snprintf(head, hlen, "%s %d vs %d  %s", sl_die_name(e->die), e->value, e->target,
                 e->value > 2 * e->target ? "KILLED" : e->value > e->target ? "WOUNDED" : "UNHURT");
    else if (e->target >= 0 && e->pass >= 0)
        snprintf(head, hlen, "%s %d vs %d  %s", sl_die_name(e->die), e->value, e->target, e->pass ? "PASS" : "FAIL");
    else
        snprintf(head, hlen, "%s %d", sl_die_name(e->die), e->value);
    char plain[900];
    sl_game_log_words(g, e->text ? e->text : "", plain, sizeof plain);
    const char *t = plain;
    /* the box stands by the unit: its name need not open the line */
    const char *nm = w->scn.units[unit].name;
    size_t nl0 = strlen(nm);
    if (nl0 > 0 && strncmp(t, nm, nl0) == 0 && strncmp(t + nl0, "'s ", 3) == 0)
        t += nl0 + 3;
    else if (nl0 > 0 && strncmp(t, nm, nl0) == 0 && t[nl0] == ' ' && islower((unsigned char)t[nl0 + 1]))
        t += nl0 + 1; /* "Phalon observers calls ...": "calls ..." */
    size_t len = strcspn(t, ":");
    if (len > cap)
        len = cap;
    snprintf(what, wlen, "%.*s%s", (int)len, t, strlen(t) > len && t[len] != ':' ? "\xE2\x80\xA6" : "");
}

/* Does r cover a figure of a selected unit (the one the next player just
 * chose is never hidden by the last command's dice)? */
static bool covers_chosen(const sl_world *w, const sl_view *v, const sl_cam *cam, float s, const SDL_FRect *r)
{
    for (int u = 0; u < w->scn.nunits && u < v->nunits; u++) {
        if (!v->selected[u] && u != v->focus_unit)
            continue;
        const sl_unit *un = &w->scn.units[u];
        for (int f = 0; f < un->nfigures; f++) {
            const sl_figure *fg = &w->scn.figures[un->first_figure + f];
            float fx, fy, fr = scene_figure_radius(fg, cam, s);
            cam_pt(cam, fg->pos, &fx, &fy);
            if (fx + fr > r->x && fx - fr < r->x + r->w && fy + fr > r->y && fy - fr < r->y + r->h)
                return true;
        }
    }
    return false;
}

/* A colour as the rolls show it while they fade. */
static sl_rgba faded(sl_rgba c, float f)
{
    c.a = (uint8_t)lroundf((float)c.a * fmaxf(0.0f, fminf(1.0f, f)));
    return c;
}

/* A rolls box drawn: kept for the click that closes it (and the tests,
 * with whether a leader line joins it to its men); one over a selected
 * unit or a unit's name counted as a card over what it must leave clear
 * (a place's words it may cover, at a cost, where nothing else is free). */
static void roll_card_drawn(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam, int unit,
                            SDL_FRect r, bool led)
{
    if (ui->nroll < 8) {
        ui->roll_box[ui->nroll] = r;
        ui->roll_unit[ui->nroll] = unit;
        ui->roll_led[ui->nroll++] = led;
    }
    if (ui->lay.strip.w > 0 && r.x >= ui->lay.strip.x)
        return; /* in the presentation's strip, off the table */
    char kind[80];
    snprintf(kind, sizeof kind, "the rolls of %.60s", w->scn.units[unit].name);
    ui_card_read(ui, kind, r);
    bool chosen = covers_chosen(w, v, cam, ui->lay.s, &r);
    int named = -1;
    for (int u = 0; u < w->scn.nunits && u < ui->names_cap && named < 0; u++)
        if (ui->names[u].w > 0 && scene_rects_overlap(&r, &ui->names[u]))
            named = u;
    if (chosen || named >= 0) {
        if (!ui->covers_what[0])
            snprintf(ui->covers_what, sizeof ui->covers_what, "the rolls of %.60s cover %s%.60s",
                     w->scn.units[unit].name, chosen ? "the unit selected" : "the name of ",
                     chosen ? "" : w->scn.units[named].name);
        ui->covers++;
    }
}

/* A unit's men on screen: the box round its living figures (false: none). */
static bool unit_box(const sl_world *w, const sl_cam *cam, float s, int unit, SDL_FRect *r)
{
    float x0 = 1e9f, x1 = -1e9f, ya = 1e9f, yb = -1e9f;
    const sl_unit *un = &w->scn.units[unit];
    for (int f = 0; f < un->nfigures; f++) {
        const sl_figure *fg = &w->scn.figures[un->first_figure + f];
        if (fg->status == SL_FIG_DEAD && un->nfigures > 1)
            continue;
        float fx, fy, fr = scene_figure_radius(fg, cam, s);
        cam_pt(cam, fg->pos, &fx, &fy);
        x0 = fminf(x0, fx - fr);
        x1 = fmaxf(x1, fx + fr);
        ya = fminf(ya, fy - fr);
        yb = fmaxf(yb, fy + fr);
    }
    *r = (SDL_FRect){x0, ya, x1 - x0, yb - ya};
    return x0 <= x1;
}

/* What a roll box at r costs: over another card never; over the men the
 * rolls speak of (any unit with a box), a selected unit or a place's
 * label (the bunker's name, OPEN) dearly; then other names and figures;
 * then the way from its unit (a leader line joins them, but near reads
 * best). */
static float roll_box_cost(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam, const roll_boxes *rb,
                           const SDL_FRect *r, const SDL_FRect *home)
{
    float s = ui->lay.s;
    float cost = ui_card_covers(ui, r) ? 1e6f : 0;
    cost += 1e6f * (float)ui_actor_hits(ui, r); /* the unit acting: never under the dice */
    cost += covers_chosen(w, v, cam, s, r) ? 20000.0f : 0.0f;
    for (int u = 0; u < w->scn.nunits && u < ui->names_cap; u++) /* a unit's name: only where all else is worse */
        cost += ui->names[u].w > 0 && scene_rects_overlap(r, &ui->names[u]) ? 20000.0f : 0.0f;
    bool near_text[UI_MAX_TEXTS] = {false};
    for (int j = 0; j < rb->nu; j++) {
        SDL_FRect m;
        if (unit_box(w, cam, s, rb->units[j], &m)) {
            m.x -= 4 * s, m.y -= 4 * s, m.w += 8 * s, m.h += 8 * s;
            cost += scene_rects_overlap(r, &m) ? 20000 : 0;
            /* the place the men are in: its name and state words by them */
            SDL_FRect by = {m.x - 60 * s, m.y - 60 * s, m.w + 120 * s, m.h + 120 * s};
            for (int i = 0; i < ui->ntexts && i < UI_MAX_TEXTS; i++)
                near_text[i] |= scene_rects_overlap(&by, &ui->texts[i]);
        }
    }
    for (int i = 0; i < ui->ntexts && i < UI_MAX_TEXTS; i++)
        cost += scene_rects_overlap(r, &ui->texts[i]) ? (near_text[i] ? 20000.0f : 1500.0f) : 0;
    for (int i = 0; i < ui->nmark_rows; i++) /* a unit's counters: its state, dearer than a far place's words */
        cost += scene_rects_overlap(r, &ui->mark_rows[i]) ? 3000.0f : 0;
    cost += (ui_keep_covers(ui, r) ? 400.0f : 0.0f) + 60.0f * (float)scene_spot_hits(ui, w, cam, s, r);
    float dx = fmaxf(0, fmaxf(home->x - (r->x + r->w), r->x - (home->x + home->w)));
    float dy = fmaxf(0, fmaxf(home->y - (r->y + r->h), r->y - (home->y + home->h)));
    return cost + sqrtf(dx * dx + dy * dy) / s;
}

/* Where a box bw by bh goes by its unit (home: its men's box): round it
 * on rings further and further out, kept in the table, at the cheapest
 * place (roll_box_cost). Gives that cost. */
static float roll_box_spot(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam, const roll_boxes *rb,
                           const SDL_FRect *home, float bw, float bh, float *bx, float *y0)
{
    float s = ui->lay.s;
    const SDL_FRect *T = &ui->lay.table;
    float mx = home->x + home->w / 2, my = home->y + home->h / 2, best = -1;
    for (int ring = 0; ring < 10; ring++) {
        float gap = (12.0f + 50.0f * (float)ring) * s;
        for (int q = 0; q < 16; q++) {
            float a = (float)q * 0.39269908f, ca = cosf(a), sa = sinf(a);
            /* the box's side facing the unit at gap beyond its men */
            float hx = home->w / 2 + gap + bw / 2, hy = home->h / 2 + gap + bh / 2;
            float t = fminf(fabsf(ca) > 1e-3f ? hx / fabsf(ca) : 1e9f, fabsf(sa) > 1e-3f ? hy / fabsf(sa) : 1e9f);
            float qx = mx + ca * t - bw / 2, qy = my + sa * t - bh / 2;
            qx = fmaxf(T->x + 4 * s, fminf(qx, T->x + T->w - bw - 4 * s));
            qy = fmaxf(T->y + 4 * s, fminf(qy, T->y + T->h - bh - 4 * s));
            SDL_FRect r = {qx, qy, bw, bh};
            float cost = roll_box_cost(ui, w, v, cam, rb, &r, home);
            if (best < 0 || cost < best) {
                best = cost;
                *bx = qx;
                *y0 = qy;
            }
        }
    }
    return best;
}

/* Where no ring round the men has a clear place (a small table at
 * projector scale): the whole table scanned, a quarter of the box's size
 * at a time, for the cheapest place (a leader line joins it). */
static float roll_box_scan(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam, const roll_boxes *rb,
                           const SDL_FRect *home, float bw, float bh, float *bx, float *y0)
{
    float s = ui->lay.s, best = -1;
    const SDL_FRect *T = &ui->lay.table;
    float sx = fmaxf(bw / 4, 8 * s), sy = fmaxf(bh / 4, 8 * s);
    for (float y = T->y + 4 * s; y + bh <= T->y + T->h - 4 * s; y += sy)
        for (float x = T->x + 4 * s; x + bw <= T->x + T->w - 4 * s; x += sx) {
            SDL_FRect r = {x, y, bw, bh};
            float cost = roll_box_cost(ui, w, v, cam, rb, &r, home);
            if (best < 0 || cost < best) {
                best = cost;
                *bx = x;
                *y0 = y;
            }
        }
    return best < 0 ? 1e9f : best;
}

/* The leader line from a roll box to its unit's men, where the box does
 * not stand by them: dark under light, a dot at the men. */
static bool roll_box_lead(sl_ui *ui, const SDL_FRect *b, const SDL_FRect *home, float f)
{
    float s = ui->lay.s;
    SDL_FRect near = {home->x - 20 * s, home->y - 20 * s, home->w + 40 * s, home->h + 40 * s};
    if (scene_rects_overlap(b, &near))
        return false;
    float ax = home->x + home->w / 2, ay = home->y + home->h / 2;
    float lx = fmaxf(b->x, fminf(ax, b->x + b->w)), ly = fmaxf(b->y, fminf(ay, b->y + b->h));
    gfx_line(ui->ren, lx, ly, ax, ay, 4.5f * s, faded(sl_rgba_make(0, 0, 0, 200), f));
    gfx_line(ui->ren, lx, ly, ax, ay, 2.0f * s, faded(ui_pal.accent, f));
    gfx_disc(ui->ren, ax, ay, 5 * s, faded(sl_rgba_make(0, 0, 0, 220), f));
    gfx_disc(ui->ren, ax, ay, 3.2f * s, faded(ui_pal.accent, f));
    return true;
}

/* A roll's words in a box headed by its unit's name: the name need not
 * come again ("against NSL Jagers's man 2" -> "against man 2"). */
static void roll_words_by_unit(const char *name, char *what, size_t len)
{
    char lead[SL_NAME_LEN + 16];
    snprintf(lead, sizeof lead, "%s's leader", name);
    for (char *p = strstr(what, lead); p; p = strstr(p, lead)) {
        memmove(p + 4, p + strlen(name) + 3, strlen(p + strlen(name) + 3) + 1);
        memcpy(p, "the ", 4);
    }
    snprintf(lead, sizeof lead, "%s's man ", name);
    for (char *p = strstr(what, lead); p; p = strstr(p, lead))
        memmove(p, p + strlen(name) + 3, strlen(p + strlen(name) + 3) + 1);
    /* a man hit: the head says the die and what came of it, the line who */
    const char *who = strstr(what, " against ");
    if (who && (strncmp(who + 9, "man ", 4) == 0 || strncmp(who + 9, "the leader", 10) == 0)) {
        char tmp[300];
        snprintf(tmp, sizeof tmp, "%s", who + 9);
        snprintf(what, len, "%s", tmp);
    }
}

/* What a roll box holds: every roll's words, the heads alone (die,
 * score, verdict), or those in bold rather than large letters, under
 * each other or side by side in one line under the name (the last
 * resorts of a small table at projector scale). */
typedef enum { ROLL_WORDS, ROLL_HEADS, ROLL_SMALL_HEADS, ROLL_LINE } roll_shape;

static sl_font roll_head_font(roll_shape shape)
{
    return shape >= ROLL_SMALL_HEADS ? SL_FONT_BOLD : SL_FONT_LARGE;
}

/* A roll's words in one row of `room`: whole, else what comes before a
 * bracket or a comma ("First aid for man 3"); false when neither fits. */
static bool roll_brief_row(sl_ui *ui, const char *what, float room, char *out)
{
    char brief[300], one[1][UI_LINE];
    for (int pass = 0; pass < 2; pass++) {
        snprintf(brief, sizeof brief, "%.*s", pass ? (int)strcspn(what, "(,;") : 299, what);
        size_t n = strlen(brief);
        while (n > 0 && brief[n - 1] == ' ')
            brief[--n] = '\0';
        if (n > 0 && text_wrap_lines(&ui->text, SL_FONT_SMALL, brief, room, one, 1) == 1 && strcmp(one[0], brief) == 0) {
            snprintf(out, UI_LINE, "%s", brief);
            return true;
        }
    }
    return false;
}

/* A roll box's heads side by side (ROLL_LINE): the line's width; each
 * head after a bar of its verdict's colour. */
static float roll_line_width(sl_ui *ui, const roll_boxes *rb, int k, char head[][80])
{
    float s = ui->lay.s, x = 0;
    for (int j = 0; j < rb->nl[k]; j++)
        x += (float)text_width(&ui->text, SL_FONT_BOLD, head[j]) + (j ? 24 * s : 0);
    return x;
}

/* A roll box's words wrapped to `room`: its size (bw by bh), its unit's
 * name in up to three lines (nm, nn) and each roll's rows (none but for
 * ROLL_WORDS: the dice log has the words). */
static void roll_box_wrap(sl_ui *ui, const roll_boxes *rb, int k, const char *name, char what[][300], float room,
                          roll_shape shape, char rows[][ROLL_WRAP][UI_LINE], int *nr, char nm[][UI_LINE], int *nn, float *bw,
                          float *bh)
{
    float s = ui->lay.s, pad = 8 * s;
    float big = (float)text_height(&ui->text, roll_head_font(shape));
    float small = (float)text_height(&ui->text, SL_FONT_SMALL);
    *nn = text_wrap_lines(&ui->text, SL_FONT_BOLD, name, room, nm, 3); /* whole in the narrowest */
    *bw = 0;
    for (int i = 0; i < *nn; i++)
        *bw = fmaxf(*bw, (float)text_width(&ui->text, SL_FONT_BOLD, nm[i]));
    *bh = (float)text_height(&ui->text, SL_FONT_BOLD) * (float)*nn + 2 * s + 2 * pad;
    if (shape == ROLL_LINE) { /* the heads in one line under the name */
        for (int j = 0; j < rb->nl[k]; j++)
            nr[j] = 0;
        *bh += big + 2 * s;
        return;
    }
    for (int j = 0; j < rb->nl[k]; j++) {
        nr[j] = shape != ROLL_WORDS ? 0 : text_wrap_lines(&ui->text, SL_FONT_SMALL, what[j], room, rows[j], ROLL_WRAP);
        for (int i = 0; i < nr[j]; i++)
            *bw = fmaxf(*bw, (float)text_width(&ui->text, SL_FONT_SMALL, rows[j][i]));
        *bh += big + small * (float)nr[j] + 6 * s;
    }
    if (rb->more[k])
        *bh += small + 4 * s;
}

/* A roll box's rolls from y down: each roll's head (die, score, verdict)
 * beside a bar of its verdict's colour, its words under it, then how many
 * more the dice log has. */
static void roll_box_rows(sl_ui *ui, const roll_boxes *rb, int k, char head[][80], char rows[][ROLL_WRAP][UI_LINE],
                          const int *nr, const char *more_text, float x, float y, float f, roll_shape shape, bool beside)
{
    float s = ui->lay.s, lx = x;
    sl_font hf = roll_head_font(shape);
    float big = (float)text_height(&ui->text, hf), small = (float)text_height(&ui->text, SL_FONT_SMALL);
    for (int j = 0; j < rb->nl[k]; j++) {
        const sl_event *e = rb->rows[k][j];
        sl_rgba c = faded(e->pass < 0 || e->target < 0 ? ui_pal.text : e->pass ? ui_pal.pass : ui_pal.fail, f);
        float rh = big + (beside ? 0 : small * (float)nr[j]);
        gfx_rect(ui->ren, lx - 10 * s, y + 2 * s, 5 * s, rh - 2 * s, c);
        text_draw(&ui->text, hf, head[j], lx, y, c, SL_ALIGN_LEFT);
        if (beside && nr[j] > 0) /* its words in one row after the head */
            text_draw(&ui->text, SL_FONT_SMALL, rows[j][0], lx + (float)text_width(&ui->text, hf, head[j]) + 16 * s,
                      y + big - small * 1.15f, faded(ui_pal.text, f), SL_ALIGN_LEFT);
        for (int i = 0; i < (beside ? 0 : nr[j]); i++)
            text_draw(&ui->text, SL_FONT_SMALL, rows[j][i], lx, y + big + small * (float)i, faded(ui_pal.text, f),
                      SL_ALIGN_LEFT);
        if (shape == ROLL_LINE) /* side by side */
            lx += (float)text_width(&ui->text, hf, head[j]) + 24 * s;
        else
            y += rh + 6 * s;
    }
    if (shape == ROLL_LINE) /* the count of the rest after the heads */
        text_draw(&ui->text, SL_FONT_SMALL, more_text, lx, y + big - (float)text_height(&ui->text, SL_FONT_SMALL),
                  faded(ui_pal.dim, f), SL_ALIGN_LEFT);
    else if (rb->more[k])
        text_draw(&ui->text, SL_FONT_SMALL, more_text, x, y, faded(ui_pal.dim, f), SL_ALIGN_LEFT);
}

/* The box of one unit's rolls (the k-th), by the unit and named, every
 * line whole (wrapped, wide or narrow as finds the clearer place),
 * joined to its men by a leader line when it must stand away from them;
 * none when it finds no place off the other cards, the men the rolls
 * speak of, the unit chosen and the units' names (the dice log has them). */
static void rolls_draw_box(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam, const roll_boxes *rb, int k)
{
    float s = ui->lay.s, f = v->rolls_fade, pad = 8 * s;
    float bold = (float)text_height(&ui->text, SL_FONT_BOLD);
    const char *name = w->scn.units[rb->units[k]].name;
    SDL_FRect home;
    if (!unit_box(w, cam, s, rb->units[k], &home))
        return;
    char head[ROLL_MAXL][80], what[ROLL_MAXL][300], rows[ROLL_MAXL][ROLL_WRAP][UI_LINE];
    int nr[ROLL_MAXL];
    float wide[3] = {0, 0, 0}; /* the widest head, large and bold; the last resorts' count of the rest */
    for (int j = 0; j < rb->nl[k]; j++) {
        roll_text(&v->play->game, w, rb->units[k], rb->rows[k][j], head[j], sizeof head[j], what[j], sizeof what[j],
                  250);
        roll_words_by_unit(name, what[j], sizeof what[j]);
        wide[0] = fmaxf(wide[0], (float)text_width(&ui->text, SL_FONT_LARGE, head[j]));
        wide[1] = fmaxf(wide[1], (float)text_width(&ui->text, SL_FONT_BOLD, head[j]));
    }
    /* the last resorts hold two rolls at most, the rest counted */
    roll_boxes cut = *rb;
    for (; cut.nl[k] > 2; cut.nl[k]--)
        cut.more[k]++;
    char more_text[2][64];
    snprintf(more_text[0], sizeof more_text[0], "%d more in the dice log", rb->more[k]);
    snprintf(more_text[1], sizeof more_text[1], "+%d in the dice log", cut.more[k]);
    if (rb->more[k])
        wide[0] = fmaxf(wide[0], (float)text_width(&ui->text, SL_FONT_SMALL, more_text[0]));
    if (cut.more[k])
        wide[2] = (float)text_width(&ui->text, SL_FONT_SMALL, more_text[1]);
    wide[1] = fmaxf(wide[1], wide[2]);
    /* two shapes tried: narrow and tall, wide and low; the cheaper place;
     * where neither finds one, the rolls' heads alone (die, score,
     * verdict: what the table must see; the words are in the dice log);
     * then (a small table at projector scale, in the table layout) two
     * heads in bold, under each other or side by side, anywhere on the
     * table */
    const float rooms[5] = {250 * s, fmaxf(250 * s, fminf(ui->lay.table.w * 0.4f, 380 * s)), 250 * s,
                            fminf(250 * s, fmaxf(wide[1], 90 * s)), 1e6f};
    const roll_shape shapes[5] = {ROLL_WORDS, ROLL_WORDS, ROLL_HEADS, ROLL_SMALL_HEADS, ROLL_LINE};
    float best = -1, room = rooms[0], bx = 0, y0 = 0, bw = 0, bh = 0;
    char nm[3][UI_LINE];
    int nn;
    roll_shape shape = ROLL_WORDS;
    for (int t = 0; t < 5 && !(t >= 2 && best < 20000); t++) {
        if (t == 1 && rooms[1] <= rooms[0])
            continue;
        const roll_boxes *use = t >= 3 ? &cut : rb;
        float tw, th, tx = 0, ty = 0;
        roll_box_wrap(ui, use, k, name, what, rooms[t], shapes[t], rows, nr, nm, &nn, &tw, &th);
        float heads = shapes[t] == ROLL_LINE ? roll_line_width(ui, use, k, head) + (wide[2] > 0 ? 24 * s + wide[2] : 0)
                                             : wide[shapes[t] == ROLL_SMALL_HEADS];
        tw = fmaxf(tw, heads) + 2 * pad + 8 * s;
        float cost = t < 3 ? roll_box_spot(ui, w, v, cam, rb, &home, tw, th, &tx, &ty)
                           : roll_box_scan(ui, w, v, cam, rb, &home, tw, th, &tx, &ty);
        if (best < 0 || cost < best - 1.0f)
            best = cost, room = rooms[t], bx = tx, y0 = ty, bw = tw, bh = th, shape = shapes[t];
    }
    if (best >= 20000) { /* nowhere off the other cards, the men hit, the unit chosen and the names */
        if (ui->nroll_aside < 8)
            ui->roll_aside[ui->nroll_aside++] = rb->units[k]; /* in the side panel, once it is drawn */
        return;
    }
    const roll_boxes *use = shape >= ROLL_SMALL_HEADS ? &cut : rb;
    ui->text.watch = true; /* every word of a roll is read */
    float tw, th;
    roll_box_wrap(ui, use, k, name, what, room, shape, rows, nr, nm, &nn, &tw, &th);
    SDL_FRect box = {bx, y0, bw, bh};
    bool led = roll_box_lead(ui, &box, &home, f);
    gfx_rect(ui->ren, bx, y0, bw, bh, faded(sl_rgba_make(8, 8, 10, 235), f));
    gfx_rect_outline(ui->ren, bx, y0, bw, bh, 2 * s, faded(sl_rgba_make(230, 230, 230, 255), f));
    float x = bx + pad + 8 * s, y = y0 + pad;
    for (int i = 0; i < nn; i++, y += bold)
        text_draw(&ui->text, SL_FONT_BOLD, nm[i], x, y, faded(ui_pal.accent, f), SL_ALIGN_LEFT);
    y += 2 * s;
    roll_box_rows(ui, use, k, head, rows, nr, more_text[use == &cut], x, y, f, shape, false);
    ui->text.watch = false;
    ui_card_taken(ui, box);
    roll_card_drawn(ui, w, v, cam, rb->units[k], box, led);
}

/* "3 more in the dice log", or "+3 in the log" where a narrow strip
 * (F10's side panel at 1280x720 250%) has no room for it. */
static void strip_more_words(sl_ui *ui, float room, int more, char *out, size_t len)
{
    snprintf(out, len, "%d more in the dice log", more);
    if ((float)text_width(&ui->text, SL_FONT_SMALL, out) > room)
        snprintf(out, len, "+%d in the log", more);
}

/* Where the strip has no room for every roll's words: each roll's words
 * in one row after its head, shortened to what comes before a bracket
 * or a comma if they must ("First aid for man 3"), none where even that
 * does not fit; bh made smaller by the rows saved. */
static void roll_words_beside(sl_ui *ui, const roll_boxes *rb, int k, char head[][80], char what[][300],
                              char rows[][ROLL_WRAP][UI_LINE], int *nr, float room, sl_font hf, float small, float *bh)
{
    float s = ui->lay.s;
    for (int j = 0; j < rb->nl[k]; j++) {
        *bh -= small * (float)nr[j];
        float hw = (float)text_width(&ui->text, hf, head[j]) + 16 * s;
        nr[j] = roll_brief_row(ui, what[j], room - hw, rows[j][0]) ? 1 : 0;
    }
}

/* The presentation: one unit's rolls in the strip, named, every line
 * whole (wrapped to the strip), with a leader line to the unit; none
 * when the strip is full (the dice log has them). */
static void rolls_strip_box(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam, roll_boxes *rb, int k)
{
    float s = ui->lay.s, f = v->rolls_fade, pad = 8 * s, room = ui_card_room(ui) - 2 * pad - 8 * s;
    ui->text.watch = true;
    float big = (float)text_height(&ui->text, SL_FONT_LARGE), small = (float)text_height(&ui->text, SL_FONT_SMALL);
    float bold = (float)text_height(&ui->text, SL_FONT_BOLD);
    const char *name = w->scn.units[rb->units[k]].name;
    char head[ROLL_MAXL][80], what[ROLL_MAXL][300], rows[ROLL_MAXL][ROLL_WRAP][UI_LINE], nm[2][UI_LINE];
    int nr[ROLL_MAXL], nn = text_wrap_lines(&ui->text, SL_FONT_BOLD, name, room, nm, 2);
    float bh = 2 * pad + bold * (float)nn + 2 * s;
    /* the heads in large letters, else (a narrow side panel, F10 at
     * 1280x720 250%: "D8 7 vs 6 PASS" ran past the window) in bold */
    roll_shape shape = ROLL_WORDS;
    for (int j = 0; j < rb->nl[k]; j++) {
        roll_text(&v->play->game, w, rb->units[k], rb->rows[k][j], head[j], sizeof head[j], what[j], sizeof what[j],
                  250);
        if ((float)text_width(&ui->text, SL_FONT_LARGE, head[j]) > room)
            shape = ROLL_SMALL_HEADS;
    }
    if (shape != ROLL_WORDS)
        big = (float)text_height(&ui->text, roll_head_font(shape));
    for (int j = 0; j < rb->nl[k]; j++) {
        roll_words_by_unit(name, what[j], sizeof what[j]);
        nr[j] = text_wrap_lines(&ui->text, SL_FONT_SMALL, what[j], room, rows[j], ROLL_WRAP);
        bh += big + small * (float)nr[j] + 6 * s;
    }
    char more_text[64];
    strip_more_words(ui, room, rb->more[k], more_text, sizeof more_text);
    if (rb->more[k])
        bh += small + 4 * s;
    float cx, by, bx, y0, bw = ui_card_room(ui);
    ui_unit_bottom(w, rb->units[k], cam, s, &cx, &by);
    ui->text.watch = false;
    const SDL_FRect *S = &ui->lay.strip;
    /* no room left for the words of this box and the next ones: each
     * head with its words shortened beside it, where they fit (the dice
     * log has them whole) */
    float left = S->y + S->h - 6 * s - ui->strip_y;
    bool beside = (bh + 8 * s) * (float)(rb->nu - k) > left;
    if (beside) {
        roll_words_beside(ui, rb, k, head, what, rows, nr, room, roll_head_font(shape), small, &bh);
        /* and still too many: the first rolls, the rest counted */
        while (rb->nl[k] > 1 && (bh + 8 * s) * (float)(rb->nu - k) > left) {
            bh -= big + 6 * s - (rb->more[k] ? 0 : small + 4 * s);
            rb->nl[k]--;
            rb->more[k]++;
        }
        strip_more_words(ui, room, rb->more[k], more_text, sizeof more_text);
    }
    /* and still too tall: the count of the rest ("+2") beside the first
     * head rather than on a line of its own */
    char plus[16] = "";
    snprintf(plus, sizeof plus, "+%d", rb->more[k]);
    float pw = (float)text_width(&ui->text, SL_FONT_SMALL, plus);
    if (rb->more[k] && (bh + 8 * s) * (float)(rb->nu - k) > left && rb->nl[k] > 0 && !(beside && nr[0] > 0) &&
        (float)text_width(&ui->text, roll_head_font(shape), head[0]) + 12 * s + pw <= bw - 2 * pad - 8 * s) {
        bh -= small + 4 * s;
        more_text[0] = '\0';
    } else
        plus[0] = '\0';
    if (ui->strip_y + bh > S->y + S->h - 6 * s || !ui_strip_place(ui, bw, bh, cx, by, &bx, &y0))
        return; /* the strip is full: the rest of the rolls are in the dice log */
    gfx_rect(ui->ren, bx, y0, bw, bh, faded(sl_rgba_make(8, 8, 10, 235), f));
    gfx_rect_outline(ui->ren, bx, y0, bw, bh, 2 * s, faded(sl_rgba_make(230, 230, 230, 255), f));
    float x = bx + pad + 8 * s, y = y0 + pad;
    for (int i = 0; i < nn; i++, y += bold)
        text_draw(&ui->text, SL_FONT_BOLD, nm[i], x, y, faded(ui_pal.accent, f), SL_ALIGN_LEFT);
    y += 2 * s;
    text_draw(&ui->text, SL_FONT_SMALL, plus, bx + bw - pad, y + big - small, faded(ui_pal.dim, f), SL_ALIGN_RIGHT);
    roll_box_rows(ui, rb, k, head, rows, nr, more_text, x, y, f, shape, beside);
    ui_card_end(ui);
    /* its leader line is drawn (ui_strip_place): so said beside the table
     * layout's side panel, where a box away from its men needs one */
    roll_card_drawn(ui, w, v, cam, rb->units[k], (SDL_FRect){bx, y0, bw, bh}, !ui->lay.present);
}

/* The last command's rolls, unit by unit (false: none to show). */
static bool rolls_last(const sl_world *w, const sl_view *v, roll_boxes *rb)
{
    int from = rolls_first(v);
    if (from < 0)
        return false;
    rolls_gather(w, v, from, rb);
    return true;
}

/* One unit's rolls' heads after its name ("ESU 1st Squad D8 5 vs 1 PASS,
 * D8 3 vs 4 FAIL"; brief: the first, the rest counted "+1"), appended
 * to out at *at. */
static void rolls_line_unit(const sl_world *w, const sl_view *v, const roll_boxes *rb, int k, bool brief, char *out,
                            size_t len, size_t *at)
{
    *at += (size_t)snprintf(out + *at, *at < len ? len - *at : 0, "%s%s", *at > 6 ? "  \xC2\xB7  " : " ",
                            w->scn.units[rb->units[k]].name);
    int shown = brief && rb->nl[k] > 1 ? 1 : rb->nl[k];
    for (int j = 0; j < shown && *at < len; j++) {
        char head[80], what[300];
        roll_text(&v->play->game, w, rb->units[k], rb->rows[k][j], head, sizeof head, what, sizeof what, 250);
        *at += (size_t)snprintf(out + *at, len - *at, "%s %s", j ? "," : "", head);
    }
    if (rb->more[k] + rb->nl[k] - shown > 0 && *at < len)
        *at += (size_t)snprintf(out + *at, len - *at, " +%d", rb->more[k] + rb->nl[k] - shown);
}

bool play_rolls_line(sl_ui *ui, const sl_world *w, const sl_view *v, float room, char *out, size_t len, sl_font *f)
{
    roll_boxes rb;
    ui->nroll_listed = 0;
    if (!ui->lay.present || ui->nroll >= ui->nroll_units || !play_on(v) || !v->show_labels || !rolls_last(w, v, &rb))
        return false;
    /* the units the strip had no room for, as many as the line holds */
    int left = 0;
    for (int k = 0; k < rb.nu; k++) {
        bool shown = false;
        for (int i = 0; i < ui->nroll; i++)
            shown |= ui->roll_unit[i] == rb.units[k];
        if (!shown)
            rb.units[left] = rb.units[k], rb.nl[left] = rb.nl[k], rb.more[left] = rb.more[k],
            memcpy(rb.rows[left], rb.rows[k], sizeof rb.rows[k]), left++;
    }
    /* every head, else each unit's first (the rest counted), else fewer units */
    for (int n = left, brief = 0; n > 0; brief = !brief, n -= !brief) {
        size_t at = (size_t)snprintf(out, len, "Rolls:");
        for (int k = 0; k < n; k++)
            rolls_line_unit(w, v, &rb, k, brief, out, len, &at);
        if (n < left && at < len)
            at += (size_t)snprintf(out + at, len - at, "  (+%d in the dice log)", left - n);
        for (int pass = 0; pass < 2; pass++) {
            *f = pass ? SL_FONT_SMALL : SL_FONT_NORMAL;
            if (at < len && (float)text_width(&ui->text, *f, out) <= room) {
                ui->nroll_listed = n;
                return true;
            }
        }
    }
    return false;
}

/* The room the last command's rolls take in the presentation's strip at
 * least (each unit's name and first roll's head, the rest counted); 0
 * when none are to be shown there. */
static float rolls_need(sl_ui *ui, const sl_world *w, const sl_view *v)
{
    roll_boxes rb;
    if (!play_on(v) || ui->lay.strip.w <= 0 || !v->show_labels || !rolls_last(w, v, &rb))
        return 0; /* (no game: a bare table, the start screen) */
    float s = ui->lay.s, pad = 8 * s, room = ui_card_room(ui) - 2 * pad - 8 * s, need = 0;
    float bold = (float)text_height(&ui->text, SL_FONT_BOLD), small = (float)text_height(&ui->text, SL_FONT_SMALL);
    char nm[2][UI_LINE];
    bool watch = ui->text.watch;
    ui->text.watch = false; /* measured, not drawn */
    for (int k = 0; k < rb.nu; k++) {
        int nn = text_wrap_lines(&ui->text, SL_FONT_BOLD, w->scn.units[rb.units[k]].name, room, nm, 2);
        need += 2 * pad + bold * (float)nn + 2 * s + (float)text_height(&ui->text, SL_FONT_LARGE) + 6 * s + 8 * s;
        if (rb.nl[k] + rb.more[k] > 1)
            need += small + 4 * s; /* "2 more in the dice log" */
    }
    ui->text.watch = watch;
    return need;
}

/* A lesson's step: that room kept under the decision's card (0: none to
 * keep). */
static float rolls_room(sl_ui *ui, const sl_world *w, const sl_view *v)
{
    return v->lesson_nsteps > 0 ? rolls_need(ui, w, v) : 0;
}

void play_draw_rolls(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam)
{
    ui->nroll = 0;
    ui->nroll_aside = 0;
    ui->nroll_units = 0;
    ui->nroll_listed = 0;
    ui->strip_reserve = 0; /* their room, kept till now (play_strip_card_room), is theirs */
    roll_boxes rb;
    if (!play_on(v) || !v->show_labels || !rolls_last(w, v, &rb))
        return;
    ui->nroll_units = rb.nu;
    for (int k = 0; k < rb.nu; k++) {
        if (ui->lay.strip.w > 0)
            rolls_strip_box(ui, w, v, cam, &rb, k);
        else
            rolls_draw_box(ui, w, v, cam, &rb, k);
    }
}

/* The table layout at projector scale (F10) where a unit's rolls found
 * no clear place on a small table (1280x720 at 150-250%, 1920x1080 at
 * 250%): in the side panel, over the turn box, the list and the dice
 * log's last lines (which say the rolls again) until the cards close or
 * fade, stacked as in the presentation's strip, each with its leader
 * line to the unit (two squads' rolls at 1280x720 250% need the panel's
 * whole height). */
void play_draw_rolls_aside(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam)
{
    const SDL_FRect *P = &ui->lay.panel;
    roll_boxes rb;
    if (ui->nroll_aside == 0 || ui->lay.present || P->w <= 0 || ui->lay.caption.h > 0 || !rolls_last(w, v, &rb))
        return;
    float s = ui->lay.s, strip_y = ui->strip_y;
    SDL_FRect strip = ui->lay.strip;
    ui->lay.strip = *P;
    ui->strip_y = fmaxf(P->y + 2 * s, aside.bottom); /* the panel's own margin is enough; under a card aside */
    for (int k = 0; k < rb.nu; k++)
        for (int a = 0; a < ui->nroll_aside; a++)
            if (ui->roll_aside[a] == rb.units[k]) {
                rolls_strip_box(ui, w, v, cam, &rb, k);
                break;
            }
    ui->lay.strip = strip;
    ui->strip_y = strip_y;
}
