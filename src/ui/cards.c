/* Where a card goes on the table: the sight card, the fire card and every
 * decision's card are placed, each frame, at the candidate spot (a corner,
 * a middle of an edge) that covers least of what the player must see or
 * click: first another card (never two on top of each other), then what
 * the decision asks for (the mover's way, its best points, the units
 * offered, their numbers), then figures and unit names. */

#include <string.h>

#include "ui_internal.h"

/* The presentation's strip: its ground, drawn before the cards stack in it. */
static void strip_begin(sl_ui *ui)
{
    const SDL_FRect *S = &ui->lay.strip;
    ui->strip_y = S->y + 10 * ui->lay.s;
    ui->caption_keys_off = false;
    if (ui->lay.caption.h > 0 && ui->lay.caption.x == S->x)
        ui->strip_y += ui->lay.caption.h; /* under the lesson's caption */
    if (S->w <= 0)
        return;
    SDL_RenderSetClipRect(ui->ren, NULL);
    gfx_rect(ui->ren, S->x, S->y, S->w, S->h, ui_pal.panel);
    gfx_rect(ui->ren, S->x, S->y, 1.0f * ui->lay.s, S->h, ui_pal.rule);
}

float ui_card_room(const sl_ui *ui)
{
    const SDL_FRect *S = &ui->lay.strip;
    return S->w > 0 ? S->w - 20 * ui->lay.s : 0;
}

bool ui_strip_place(sl_ui *ui, float bw, float bh, float ax, float ay, float *bx, float *by)
{
    const SDL_FRect *S = &ui->lay.strip;
    float s = ui->lay.s;
    float top = ui->strip_y, bottom = S->y + S->h - 6 * s, under = S->y + 10 * s + ui->lay.caption.h;
    /* the first card, too tall for the room under a lesson's caption:
     * the caption's keys give way to it */
    if (S->w > 0 && bh > bottom - under && top == under && !ui->caption_keys_off && ui->lay.caption_keys > 0 &&
        bh <= bottom - (under - ui->lay.caption_keys)) {
        ui->caption_keys_off = true;
        top = ui->strip_y -= ui->lay.caption_keys;
        under -= ui->lay.caption_keys;
    }
    if (S->w <= 0 || bh > bottom - under)
        return false;
    /* no room left under the cards before: at the strip's foot, over
     * them, rather than on the table (the render check counts it: the
     * decision's room is kept, ui_place_card) */
    if (top + bh > bottom) {
        if (top > under + 0.5f)
            ui->strip_overlaps++;
        top = bottom - bh;
    }
    *bx = S->x + 10 * s;
    *by = top;
    (void)bw;
    ui->strip_y += bh + 8 * s;
    ui->card_clipped = SDL_RenderIsClipEnabled(ui->ren);
    SDL_RenderGetClipRect(ui->ren, &ui->card_clip);
    SDL_RenderSetClipRect(ui->ren, NULL);
    ui->card_in_strip = true;
    if (ax >= 0) {
        /* the leader line: from the card's edge to what it speaks of,
         * dark under light so it reads on any ground, with a dot there */
        float lx = *bx, ly = *by + fminf(bh / 2, 24 * s);
        gfx_line(ui->ren, lx, ly, ax, ay, 4.5f * s, sl_rgba_make(0, 0, 0, 200));
        gfx_line(ui->ren, lx, ly, ax, ay, 2.0f * s, ui_pal.accent);
        gfx_disc(ui->ren, ax, ay, 5 * s, sl_rgba_make(0, 0, 0, 220));
        gfx_disc(ui->ren, ax, ay, 3.2f * s, ui_pal.accent);
    }
    return true;
}

void ui_card_end(sl_ui *ui)
{
    if (!ui->card_in_strip)
        return;
    ui->card_in_strip = false;
    SDL_RenderSetClipRect(ui->ren, ui->card_clipped ? &ui->card_clip : NULL);
}

void ui_cards_begin(sl_ui *ui, const sl_view *v)
{
    ui->ncards = 0;
    ui->nkeep = 0;
    ui->card_keep0 = 0;
    ui->card_in_strip = false;
    ui->covers = 0;
    ui->card_pages = 0;
    ui->covers_what[0] = '\0';
    ui->nread_cards = 0;
    ui->nactor = 0;
    ui->actor_unit = -1;
    ui->strip_reserve = 0;
    ui->strip_overlaps = 0;
    ui->panel_under_log = 0;
    ui->nopt_marks = 0;
    strip_begin(ui);
    /* the scale bar, bottom left, and the command line when it is open */
    const SDL_FRect *T = &ui->lay.table;
    float s = ui->lay.s;
    if (!ui->lay.present) /* the presentation's is in the status bar */
        ui_card_taken(ui, (SDL_FRect){T->x, T->y + T->h - 56 * s, 260 * s, 56 * s});
    if (v->pick.typing)
        ui_card_taken(ui, (SDL_FRect){T->x, T->y + T->h - 200 * s, T->w, 200 * s});
}

/* The unit whose men the player watches act: the mover a decision is
 * about, else the active unit, else the unit a pick aims with. */
static int actor_unit(const sl_view *v, const sl_ui *ui)
{
    if (!v->play)
        return -1;
    const sl_game *g = &v->play->game;
    if (g->pending.kind != SL_DECIDE_NONE && g->pending.mover >= 0)
        return g->pending.mover;
    int u = sl_game_active_unit(g);
    return u >= 0 ? u : v->pick.kind != SL_CMD_NONE ? ui->lay.act_unit : -1;
}

void ui_cards_actor(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam)
{
    ui->nactor = 0;
    int u = actor_unit(v, ui);
    ui->actor_unit = u >= 0 && u < w->scn.nunits ? u : -1;
    if (ui->actor_unit < 0)
        return;
    const sl_unit *un = &w->scn.units[u];
    for (int i = 0; i < un->nfigures && ui->nactor < UI_MAX_ACTOR; i++) {
        const sl_figure *f = &w->scn.figures[un->first_figure + i];
        if (f->status == SL_FIG_DEAD)
            continue;
        float x, y, r = scene_figure_radius(f, cam, ui->lay.s);
        cam_pt(cam, f->pos, &x, &y);
        ui->actor[ui->nactor++] = (SDL_FRect){x - r, y - r, 2 * r, 2 * r};
    }
}

void ui_card_read(sl_ui *ui, const char *kind, SDL_FRect r)
{
    if (r.w <= 0 || (ui->lay.strip.w > 0 && r.x >= ui->lay.strip.x) || ui->nread_cards >= UI_MAX_CARDS)
        return; /* none, or in the presentation's strip, off the table */
    ui->read_card[ui->nread_cards] = r;
    snprintf(ui->read_kind[ui->nread_cards++], sizeof ui->read_kind[0], "%s", kind);
}

/* A card drawn before the decision's and the last rolls, with no room
 * left above the room kept for them: left out, and said so in one line where it would have
 * stood (its words are the table layout's, F10). */
static bool strip_drops(sl_ui *ui, float bh)
{
    const SDL_FRect *S = &ui->lay.strip;
    float s = ui->lay.s, bottom = S->y + S->h - 6 * s - ui->strip_reserve;
    /* (and under a caption in pages, a card the strip cannot hold: the
     * overwatch lesson's sight card at 1280x720 250% fell on the table) */
    if ((ui->strip_reserve <= 0 && ui->lay.caption_pages <= 0) || ui->strip_y + bh <= bottom)
        return false;
    const char *note = "A card left out for the decision's or the rolls' room (F10 shows it)";
    char rows[3][UI_LINE];
    int n = text_wrap_lines(&ui->text, SL_FONT_SMALL, note, S->w - 20 * s, rows, 3);
    float lh = (float)text_height(&ui->text, SL_FONT_SMALL) * 1.2f;
    if (ui->strip_y + lh * (float)n > bottom)
        return true; /* not even the note */
    SDL_Rect clip;
    bool clipped = SDL_RenderIsClipEnabled(ui->ren);
    SDL_RenderGetClipRect(ui->ren, &clip);
    SDL_RenderSetClipRect(ui->ren, NULL); /* the card's drawer clips to the table */
    for (int i = 0; i < n; i++)
        text_draw(&ui->text, SL_FONT_SMALL, rows[i], S->x + 10 * s, ui->strip_y + lh * (float)i, ui_pal.faint,
                  SL_ALIGN_LEFT);
    SDL_RenderSetClipRect(ui->ren, clipped ? &clip : NULL);
    ui->strip_y += lh * (float)n + 8 * s;
    return true;
}

/* The places a card of bw x bh may take on the table, in ui_corner's
 * order then the middles of the edges and the middle. */
#define CARD_SPOTS 8
static void card_spots(const sl_ui *ui, float bw, float bh, float spots[CARD_SPOTS][2])
{
    const SDL_FRect *T = &ui->lay.table;
    float m = 10 * ui->lay.s;
    float left = T->x + m, right = T->x + T->w - bw - m, top = T->y + m, bottom = T->y + T->h - bh - m;
    float cx = T->x + (T->w - bw) / 2, cy = T->y + (T->h - bh) / 2;
    if (right < left)
        right = left;
    if (bottom < top)
        bottom = top;
    const float at[CARD_SPOTS][2] = {{right, top}, {left, top}, {right, bottom}, {left, bottom},
                                     {cx, top},    {cx, bottom}, {right, cy},    {left, cy}};
    memcpy(spots, at, sizeof at);
}

bool ui_card_spot_clear(sl_ui *ui, const sl_world *w, const sl_cam *cam, float bw, float bh)
{
    float spots[CARD_SPOTS][2];
    card_spots(ui, bw, bh, spots);
    for (int i = 0; i < CARD_SPOTS; i++) {
        SDL_FRect r = {spots[i][0], spots[i][1], bw, bh};
        if (ui_spot_clear(ui, w, cam, &r))
            return true;
    }
    return false;
}

bool ui_place_card(sl_ui *ui, const sl_world *w, const sl_cam *cam, float bw, float bh, ui_corner prefer, float *bx,
                   float *by)
{
    /* the presentation: in the strip, with a leader line to the first
     * thing it asked to keep clear (what it speaks of) */
    int k0 = ui->card_keep0;
    ui->card_keep0 = ui->nkeep;
    if (ui->lay.strip.w > 0) {
        if (strip_drops(ui, bh))
            return false;
        float ax = -1, ay = -1;
        if (k0 < ui->nkeep) {
            const SDL_FRect *a = &ui->keep[k0];
            ax = a->x + a->w / 2, ay = a->y + a->h / 2;
        }
        if (ui_strip_place(ui, bw, bh, ax, ay, bx, by))
            return true;
    }
    float spots[CARD_SPOTS][2];
    card_spots(ui, bw, bh, spots);
    int best = -1;
    float best_cost = 0;
    for (int k = 0; k < CARD_SPOTS; k++) {
        /* the preferred corner first, then the rest in order */
        int i = k == 0 ? (int)prefer : k <= (int)prefer ? k - 1 : k;
        SDL_FRect r = {spots[i][0], spots[i][1], bw, bh};
        float c = ui_spot_cost(ui, w, cam, &r) + (float)k; /* ties: the earlier */
        if (best < 0 || c < best_cost) {
            best = i;
            best_cost = c;
        }
    }
    *bx = spots[best][0];
    *by = spots[best][1];
    SDL_FRect at = {*bx, *by, bw, bh};
    if (ui_keep_covers(ui, &at))
        ui->covers++; /* nowhere clear of what it speaks of */
    ui_card_taken(ui, at);
    return true;
}

int ui_path_part(const sl_pt *pts, int npts, double a, double b, const sl_cam *cam, float *xy, int max)
{
    sl_pt p = sl_path_point_at(pts, npts, a);
    cam_pt(cam, p, &xy[0], &xy[1]);
    int n = 1;
    double acc = 0;
    for (int i = 0; i + 1 < npts && n < max - 1; i++) {
        acc += sl_dist(pts[i], pts[i + 1]);
        if (acc > a && acc < b) {
            cam_pt(cam, pts[i + 1], &xy[2 * n], &xy[2 * n + 1]);
            n++;
        }
    }
    p = sl_path_point_at(pts, npts, b);
    cam_pt(cam, p, &xy[2 * n], &xy[2 * n + 1]);
    return n + 1;
}
