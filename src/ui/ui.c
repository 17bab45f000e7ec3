/* The ui object: drawing resources and per-world caches. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui_internal.h"

sl_ui *sl_ui_create(void *sdl_renderer, const char *asset_dir, char *err, size_t errlen)
{
    sl_ui *ui = calloc(1, sizeof *ui);
    if (!ui) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    ui->ren = sdl_renderer;
    ui->opts.text = true;
    ui->opts.hud = true;
    ui->bands.mode = ui->integrity.mode = ui->bases.mode = SDL_BLENDMODE_BLEND; /* the ground is copied as it is */
    ui->bases_kept_from = UI_BASES_KEPT_FROM;
    snprintf(ui->asset_dir, sizeof ui->asset_dir, "%s", asset_dir);
    SDL_SetRenderDrawBlendMode(ui->ren, SDL_BLENDMODE_BLEND);
    if (!text_init(&ui->text, ui->ren, asset_dir, err, errlen)) {
        free(ui);
        return NULL;
    }
    return ui;
}

void ui_drop_caches(sl_ui *ui)
{
    ui->frame.key = 0;
    ui->vis_unit = -1;
    ui->nvis = 0;
    ui->ground.key = 0;
    ui->bands.key = 0;
    ui->integrity.key = 0;
    ui->bases.key = 0;
}

static void drop_world(sl_ui *ui)
{
    ui_drop_caches(ui);
    if (ui->have_sight)
        sl_sight_free(&ui->sight);
    ui->have_sight = false;
    free(ui->vis);
    free(ui->vis_work);
    free(ui->radial);
    free(ui->obstacles);
    ui_spot_grid_free(ui);
    ui->obstacles = NULL;
    ui->obstacles_cap = 0;
    ui->nobstacles = -1;
    free(ui->names);
    ui->names = NULL;
    ui->names_cap = 0;
    ui->vis = NULL;
    ui->vis_work = NULL;
    ui->radial = NULL;
    ui->nvis = 0;
    ui->vis_unit = -1;
    if (ui->mat_tex)
        SDL_DestroyTexture(ui->mat_tex);
    ui->mat_tex = NULL;
    free(ui->tri);
    free(ui->tri_first);
    free(ui->tri_count);
    free(ui->decor);
    free(ui->decor_first);
    free(ui->decor_count);
    ui->tri = NULL;
    ui->tri_first = ui->tri_count = NULL;
    ui->decor = NULL;
    ui->decor_first = ui->decor_count = NULL;
    ui->world = NULL;
}

void sl_ui_destroy(sl_ui *ui)
{
    if (!ui)
        return;
    drop_world(ui);
    ui_kept_free(&ui->ground);
    ui_kept_free(&ui->bands);
    ui_kept_free(&ui->integrity);
    ui_kept_free(&ui->bases);
    ui_kept_free(&ui->frame);
    text_free(&ui->text);
    free(ui->scr);
    free(ui);
}

void sl_ui_set_opts(sl_ui *ui, const sl_ui_opts *opts)
{
    ui->opts = *opts;
    ui->text.enabled = opts->text;
}

/* A repeatable hash for placing decorations (no RNG needed). */
static uint32_t mix(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t h = a * 0x9E3779B1u ^ (b + 0x7F4A7C15u) * 0x85EBCA77u ^ (c + 0x165667B1u) * 0xC2B2AE3Du;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 12;
    h *= 0x297A2D39u;
    h ^= h >> 15;
    return h;
}

static float unit_float(uint32_t h)
{
    return (h & 0xFFFFFF) / (float)0x1000000;
}

bool sl_ui_set_world(sl_ui *ui, const sl_world *w)
{
    drop_world(ui);
    ui->world = w;
    const sl_table *t = &w->scn.table;
    ui->have_sight = sl_sight_init(&ui->sight, &w->scn);
    ui->vis_work_bytes = SL_VIS_WORK_BYTES(t->nfeatures, t->npts);
    ui->vis_work = malloc(ui->vis_work_bytes);
    ui->vis = malloc(sizeof(sl_pt) * SL_UI_VIS_MAX);
    ui->radial = malloc(sizeof(double) * 720);
    if (!ui->have_sight || !ui->vis_work || !ui->vis || !ui->radial)
        return false;
    int nf = t->nfeatures;
    ui->tri_first = calloc((size_t)nf + 1, sizeof(int));
    ui->tri_count = calloc((size_t)nf + 1, sizeof(int));
    ui->decor_first = calloc((size_t)nf + 1, sizeof(int));
    ui->decor_count = calloc((size_t)nf + 1, sizeof(int));
    if (!ui->tri_first || !ui->tri_count || !ui->decor_first || !ui->decor_count)
        return false;
    size_t tri_total = 0, max_pts = 3;
    for (int i = 0; i < nf; i++) {
        const sl_feature *f = &t->features[i];
        if (f->shape != SL_SHAPE_POLYLINE && f->npts >= 3)
            tri_total += (size_t)(f->npts - 2) * 3;
        if ((size_t)f->npts > max_pts)
            max_pts = (size_t)f->npts;
    }
    ui->tri = malloc(sizeof(int) * (tri_total ? tri_total : 1));
    int *scratch = malloc(sizeof(int) * max_pts);
    if (!ui->tri || !scratch) {
        free(scratch);
        return false;
    }
    int at = 0;
    for (int i = 0; i < nf; i++) {
        const sl_feature *f = &t->features[i];
        ui->tri_first[i] = at;
        if (f->shape == SL_SHAPE_POLYLINE || f->npts < 3)
            continue;
        int n = sl_poly_triangulate(sl_feature_pts(t, f), f->npts, ui->tri + at, scratch);
        ui->tri_count[i] = n;
        at += 3 * n;
    }
    free(scratch);

    /* tree crowns on a jittered 1.6" grid inside each wood */
    int cap = 1024, nd = 0;
    ui->decor = malloc(sizeof(float) * 3 * (size_t)cap);
    if (!ui->decor)
        return false;
    for (int i = 0; i < nf; i++) {
        const sl_feature *f = &t->features[i];
        ui->decor_first[i] = nd;
        if (f->kind != SL_TERRAIN_WOODS || f->shape == SL_SHAPE_POLYLINE)
            continue;
        const sl_pt *pts = sl_feature_pts(t, f);
        const int step = 1600;
        int placed = 0;
        for (int gy = f->lo.y - f->lo.y % step; gy <= f->hi.y && placed < 4000; gy += step) {
            for (int gx = f->lo.x - f->lo.x % step; gx <= f->hi.x && placed < 4000; gx += step) {
                uint32_t h = mix((uint32_t)f->id, (uint32_t)gx, (uint32_t)gy);
                float jx = (unit_float(h) - 0.5f) * 900.0f;
                float jy = (unit_float(mix(h, 1, 2)) - 0.5f) * 900.0f;
                sl_pt c = sl_pt_make(gx + (int32_t)jx + ((gy / step) & 1 ? step / 2 : 0), gy + (int32_t)jy);
                if (sl_poly_contains(pts, f->npts, c) != SL_INSIDE)
                    continue;
                if (nd == cap) {
                    float *nd2 = realloc(ui->decor, sizeof(float) * 3 * (size_t)cap * 2);
                    if (!nd2)
                        return false;
                    ui->decor = nd2;
                    cap *= 2;
                }
                ui->decor[3 * nd] = c.x / 1000.0f;
                ui->decor[3 * nd + 1] = c.y / 1000.0f;
                ui->decor[3 * nd + 2] = 0.55f + 0.3f * unit_float(mix(h, 3, 4));
                nd++;
                placed++;
            }
        }
        ui->decor_count[i] = placed;
    }

    if (w->mat.image.rgba) {
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1");
        /* in the kept layers' own format: SDL then stretches the mat
         * straight into them, with no converted copy of the image and no
         * stretched copy of the table's size made at every draw */
        const sl_image *im = &w->mat.image;
        Uint32 fmt = ui_opaque_format(ui->ren);
        ui->mat_tex = SDL_CreateTexture(ui->ren, fmt, SDL_TEXTUREACCESS_STREAMING, im->w, im->h);
        void *px = NULL;
        int pitch = 0;
        if (ui->mat_tex && SDL_LockTexture(ui->mat_tex, NULL, &px, &pitch) == 0) {
            SDL_ConvertPixels(im->w, im->h, SDL_PIXELFORMAT_RGBA32, im->rgba, im->w * 4, fmt, px, pitch);
            SDL_UnlockTexture(ui->mat_tex);
            SDL_SetTextureBlendMode(ui->mat_tex, SDL_BLENDMODE_NONE);
        } else if (ui->mat_tex) {
            SDL_DestroyTexture(ui->mat_tex);
            ui->mat_tex = NULL;
        }
    }
    return true;
}

/* The backdrop everywhere but the table's view: the ground's layer,
 * opaque, is copied over every pixel of that view (and ui_kept_layer lays
 * the backdrop there itself when it draws the ground straight instead), so
 * clearing the view too would write most of a 4K window's 33 MB twice a
 * frame. */
static void clear_round_table(sl_ui *ui)
{
    SDL_Renderer *ren = ui->ren;
    const SDL_FRect *T = &ui->lay.table;
    SDL_Rect box = {(int)T->x, (int)T->y, (int)T->w, (int)T->h}, clip, vp;
    if (box.w <= 0 || box.h <= 0) {
        SDL_RenderClear(ren);
        return;
    }
    SDL_RenderGetClipRect(ren, &clip);
    SDL_RenderGetViewport(ren, &vp);
    bool clipped = clip.w > 0 && clip.h > 0;
    SDL_RenderSetClipRect(ren, NULL);
    SDL_RenderSetViewport(ren, NULL);
    SDL_Rect all;
    SDL_RenderGetViewport(ren, &all); /* the whole target */
    int right = box.x + box.w, bottom = box.y + box.h;
    SDL_Rect round[4] = {{0, 0, all.w, box.y},
                         {0, bottom, all.w, all.h - bottom},
                         {0, box.y, box.x, box.h},
                         {right, box.y, all.w - right, box.h}};
    SDL_BlendMode was;
    SDL_GetRenderDrawBlendMode(ren, &was);
    SDL_SetRenderDrawBlendMode(ren, SDL_BLENDMODE_NONE);
    for (int i = 0; i < 4; i++)
        if (round[i].w > 0 && round[i].h > 0)
            SDL_RenderFillRect(ren, &round[i]);
    SDL_SetRenderDrawBlendMode(ren, was);
    SDL_RenderSetViewport(ren, &vp);
    SDL_RenderSetClipRect(ren, clipped ? &clip : NULL);
}

/* Everything but what follows the pointer, bottom to top (with the rest
 * too when the frame is not split). */
static void draw_kept_part(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam)
{
    SDL_SetRenderDrawBlendMode(ui->ren, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(ui->ren, UI_BACKDROP);
    clear_round_table(ui);
    ui_cards_begin(ui, v);
    ui->strip_reserve = play_strip_card_room(ui, v); /* the decision's card to come keeps its room in the strip */
    ui_cards_actor(ui, w, v, cam);
    /* the table, bottom to top (clipped to the table view), then the rest */
    scene_draw_ground(ui, w, v, cam);
    overlay_place_words(ui, w, v, cam); /* before anything lays the names out */
    overlay_draw_bands(ui, w, v, cam); /* under the places' rings and words */
    ui_draw_zones(ui, w, v, cam);
    ui_draw_objectives(ui, w, v, cam);
    ui_draw_route(ui, w, v, cam);
    overlay_draw_under(ui, w, v, cam);
    pointer_draw_marks(ui, v, cam); /* on the table: under the figures and their names */
    scene_draw_forces(ui, w, v, cam);
    play_draw_markers(ui, w, v, cam);
    overlay_draw_over(ui, w, v, cam);
    /* the decision's card first (in the presentation's strip, and on the
     * table, where it has the fewer places clear of the unit acting: the
     * rolls, placed round their men, keep off it; play_draw_table draws
     * them there, under the refusal) */
    play_draw_table(ui, w, v, cam);
    if (ui->lay.present || !play_on(v))
        play_draw_rolls(ui, w, v, cam);
    play_draw_turn_strip(ui, w, v); /* under the strip's cards, where they leave room */
    if (!ui->frame_split) {
        overlay_draw_live(ui, w, v, cam);
        scene_draw_top(ui, w, v, cam);
        pointer_draw_live(ui, v, cam);
    } else
        SDL_RenderSetClipRect(ui->ren, NULL); /* as scene_draw_top leaves it */
    hud_draw(ui, w, v, cam);
    play_draw_lesson(ui, v);
    ui_end_draw(ui, v);
    ui_fog_draw_handover(ui, w, v);
}

/* What the kept part of the frame was drawn from: the view without the
 * pointer's own state (unless a pick follows the pointer), the selection,
 * the forces, the game's progress, the window and the camera. */
static uint64_t frame_key(const sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam, int out_w,
                          int out_h)
{
    sl_view k = *v;
    bool follows = v->pick.point || (v->play && v->play->on && sl_game_choosing(&v->play->game) != SL_CHOOSE_NONE);
    if (!follows) {
        k.mouse_x = k.mouse_y = 0;
        k.mouse_in_table = false;
        k.cursor = sl_pt_make(0, 0);
    }
    memset(&k.ruler, 0, sizeof k.ruler);
    k.tip_off = k.panning = k.boxing = k.pressed = false;
    k.pan_last_x = k.pan_last_y = k.press_x = k.press_y = 0;
    k.box_a = k.box_b = sl_pt_make(0, 0);
    if (overlay_way_follows(v)) { /* drawn over the kept frame */
        memset(k.path, 0, sizeof k.path);
        k.npath = 0;
    }
    if (overlay_blast_follows(v)) {
        k.blast_x = k.blast_y = 0;
        k.blast_placed = false;
    }
    memset(k.pings, 0, sizeof k.pings); /* they pulse over the kept frame */
    k.npings = 0;
    k.forces_more = 0; /* written as the panel is drawn */
    k.want_screenshot = false;
    uint64_t h = ui_hash_wide(UI_HASH_START, &k, sizeof k);
    h = ui_hash_cam(h, cam);
    int dims[4] = {out_w, out_h, ui->opts.text, ui->opts.hud};
    h = ui_hash(h, dims, sizeof dims);
    const void *ptr = w;
    h = ui_hash(h, &ptr, sizeof ptr);
    if (v->selected)
        h = ui_hash_wide(h, v->selected, (size_t)v->nunits);
    h = ui_hash_wide(h, w->scn.figures, sizeof(sl_figure) * (size_t)w->scn.nfigures);
    h = ui_hash_wide(h, w->scn.units, sizeof(sl_unit) * (size_t)w->scn.nunits);
    h = ui_hash(h, &ui_pal, sizeof ui_pal);
    if (v->play) {
        const sl_play *p = v->play;
        int pv[7] = {p->on, p->generation, p->game.journal.n, p->game.ncommands, p->solo_side, p->view_side,
                     p->offer_resume};
        h = ui_hash(h, pv, sizeof pv);
        h = ui_hash_wide(h, &p->game.pending, sizeof p->game.pending);
    }
    return h;
}

/* Whether the camera shows the whole table as a fit to a w x h room does. */
static bool fitted_to(const sl_view *v, const sl_world *w, float tw, float th)
{
    sl_view k;
    memset(&k, 0, sizeof k);
    sl_view_fit(&k, w, (int)tw, (int)th, 1.0f);
    return fabs(k.scale - v->scale) < 1e-6 * k.scale && fabs(k.cx - v->cx) < 1e-6 && fabs(k.cy - v->cy) < 1e-6;
}

bool ui_about_unit(const sl_ui *ui, const sl_view *v, int u)
{
    if (v->selected && u < v->nunits && v->selected[u])
        return true;
    if (!v->play || !v->play->on)
        return false;
    const sl_game *g = &v->play->game;
    if (g->pending.kind != SL_DECIDE_NONE)
        return g->pending.mover == u || ui_decision_ringed(ui, u);
    return sl_game_active_unit(g) == u;
}

/* The box (inches) round the live men of what the step or decision is
 * about, pad inches out for their bases; false when there are none. */
static bool about_box(const sl_ui *ui, const sl_world *w, const sl_view *v, double pad, double box[4])
{
    box[0] = box[1] = 1e18;
    box[2] = box[3] = -1e18;
    for (int u = 0; u < w->scn.nunits; u++) {
        if (!ui_about_unit(ui, v, u))
            continue;
        const sl_unit *un = &w->scn.units[u];
        for (int i = 0; i < un->nfigures; i++) {
            const sl_figure *f = &w->scn.figures[un->first_figure + i];
            if (f->status == SL_FIG_DEAD)
                continue;
            double x = f->pos.x / 1000.0, y = f->pos.y / 1000.0;
            box[0] = fmin(box[0], x - pad), box[1] = fmin(box[1], y - pad);
            box[2] = fmax(box[2], x + pad), box[3] = fmax(box[3], y + pad);
        }
    }
    return box[0] <= box[2];
}

/* The table's room changed size (the action bar's rows, the strip beside
 * it widened by a card): the whole table stays fitted if it was; a
 * change of height alone keeps the table's top still, so what was under
 * the pointer stays; a change of width fits the rectangle that was shown
 * to the new room (it comes back as the room does), then brings the
 * units the step or decision is about inside it. */
static void room_changed(sl_ui *ui, const sl_world *w, sl_view *v)
{
    const SDL_FRect *T = &ui->lay.table;
    if (v->fitted && v->last_table_h > 0 && v->scale > 0 && (T->w != v->last_table_w || T->h != v->last_table_h)) {
        if (fitted_to(v, w, v->last_table_w, v->last_table_h)) {
            v->fitted = false; /* fitted again below */
        } else if (T->y == v->last_table_y && T->w == v->last_table_w) {
            v->cy += (T->h - v->last_table_h) / 2.0 / v->scale;
        } else {
            view_keep_rect(v, v->last_table_w, v->last_table_h, T->w, T->h);
            double box[4];
            if (about_box(ui, w, v, 0.75, box))
                view_bring_in(v, T, box, 12 * ui->lay.s);
            view_keep_cam(v);
        }
    }
    v->last_table_y = T->y;
    v->last_table_w = T->w;
    v->last_table_h = T->h;
}

void sl_ui_draw(sl_ui *ui, const sl_world *w, sl_view *v, int out_w, int out_h)
{
    ui_fog_update(v); /* whose view: before anything is laid out or drawn */
    ui_fit_scale(ui, v, out_w, out_h); /* the user's size, or the largest that fits */
    float s = ui_scale(v);
    ui->frame_view = v;
    ui_rings_read(ui, v);
    text_set_scale(&ui->text, s);
    ui_layout(ui, v, out_w, out_h, &ui->lay);
    room_changed(ui, w, v);
    if (!v->fitted)
        sl_view_fit(v, w, (int)ui->lay.table.w, (int)ui->lay.table.h, s);
    sl_cam cam;
    cam_from_view(v, &ui->lay.table, &cam);
    uint64_t cam_key = ui_hash_cam(UI_HASH_START, &cam), zoom_key = ui_hash_zoom(UI_HASH_START, &cam);
    ui->cam_moving = ui->last_cam && cam_key != ui->last_cam;
    /* a pan under way: its frame will not be seen again, so it is drawn
     * straight to the window rather than kept and copied */
    bool panning = ui->cam_moving && zoom_key == ui->last_zoom;
    ui->panning = panning;
    if (panning)
        ui_kept_free(&ui->frame); /* made again when the camera rests */
    ui->last_cam = cam_key;
    ui->last_zoom = zoom_key;
    if (ui->shifted && !ui->cam_moving)
        ui->frame.key = 0; /* the camera at rest: what was moved by whole pixels is drawn exactly */
    ui->shifted = false;
    /* in two parts (all but what follows the pointer, kept; then that)
     * unless something covers the table that the pointer's part must not
     * be drawn over */
    ui->frame_split = !v->show_help && !v->error_title[0] && !(v->play && v->play->offer_resume) && !v->fog_waiting;
    if (!ui->frame_split) {
        draw_kept_part(ui, w, v, &cam);
        return;
    }
    SDL_Renderer *ren = ui->ren;
    uint64_t key = panning ? 0 : frame_key(ui, w, v, &cam, out_w, out_h);
    bool kept = !panning && ui_kept_ready(ui, &ui->frame, SDL_BLENDMODE_NONE);
    if (kept && key != ui->frame.key) {
        ui->frame.key = 0;
        SDL_RenderSetClipRect(ren, NULL); /* see ui_kept_layer */
        if (SDL_SetRenderTarget(ren, ui->frame.tex) == 0) {
            draw_kept_part(ui, w, v, &cam);
            SDL_RenderSetClipRect(ren, NULL);
            SDL_SetRenderTarget(ren, NULL);
            ui->frame.key = key;
            ui->frame_ncards = ui->ncards;
            ui->frame_nkeep = ui->nkeep;
            ui->frame_strip_y = ui->strip_y;
            ui->frame_lay = ui->lay;
        }
    }
    if (kept && ui->frame.key == key && SDL_RenderCopy(ren, ui->frame.tex, NULL, NULL) == 0) {
        ui->ncards = ui->frame_ncards;
        ui->nkeep = ui->frame_nkeep;
        ui->strip_y = ui->frame_strip_y; /* the live way's words stack where the kept cards end */
        ui->lay = ui->frame_lay;
    } else {
        SDL_RenderSetClipRect(ren, NULL); /* the last frame's live part left the table's */
        draw_kept_part(ui, w, v, &cam);
    }
    /* the part that follows the pointer, on top */
    SDL_Rect clip = {(int)ui->lay.table.x, (int)ui->lay.table.y, (int)ui->lay.table.w, (int)ui->lay.table.h};
    SDL_RenderSetClipRect(ren, &clip);
    overlay_draw_live(ui, w, v, &cam);
    scene_draw_top(ui, w, v, &cam);
    pointer_draw_live(ui, v, &cam);
    hud_draw_live(ui, w, v, &cam);
}
