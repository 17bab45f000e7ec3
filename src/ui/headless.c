/* Headless rendering with SDL's software renderer: no display, and the
 * same pixels every run for the same inputs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "sightline/lesson.h"
#include "ui_internal.h"

/* Find a unit by its id, or the unit of a figure with that id. */
static int unit_by_id(const sl_world *w, const char *id)
{
    int u = sl_scenario_find_unit(&w->scn, id);
    if (u < 0) {
        int f = sl_scenario_find_figure(&w->scn, id);
        if (f >= 0)
            u = w->scn.figures[f].unit;
    }
    return u;
}

bool sl_view_apply_request(sl_view *v, const sl_world *w, const sl_render_req *req, char *err, size_t errlen)
{
    v->mouse_x = v->mouse_y = -1000;
    v->fog_mode = req->view >= 0 ? SL_FOG_SIDE : SL_FOG_REFEREE;
    v->fog_side = req->view;
    /* the window's own overlays unless the request names them */
    if (req->overlays & SL_OVERLAY_SET)
        v->overlays = req->overlays & SL_OVERLAY_ALL;
    else
        v->overlays |= req->overlays & SL_OVERLAY_ALL;
    if (req->select_unit) {
        int u = unit_by_id(w, req->select_unit);
        if (u < 0) {
            snprintf(err, errlen, "no unit or figure has id '%s'", req->select_unit);
            return false;
        }
        sl_view_select_unit(v, u, false);
    }
    if (!req->select_unit && v->play && v->play->on && sl_game_active_unit(&v->play->game) >= 0)
        sl_view_select_unit(v, sl_game_active_unit(&v->play->game), false);
    if (req->target) {
        int u = unit_by_id(w, req->target);
        if (u < 0) {
            snprintf(err, errlen, "no unit or figure has id '%s' (the sight line's target)", req->target);
            return false;
        }
        v->target_unit = u;
    }
    if ((req->overlays & SL_OVERLAY_LOS) && req->target && v->focus_unit < 0) {
        snprintf(err, errlen, "the sight line needs a firer: give --select UNIT");
        return false;
    }
    /* the request's numbers are the callers' to check, against the table
     * and with their own words; here only what cannot be drawn at all */
    int32_t mils;
    if ((req->overlays & SL_OVERLAY_BLAST) &&
        (!sl_inches_to_mils(req->blast_x, &mils) || !sl_inches_to_mils(req->blast_y, &mils) ||
         !(req->blast_r > 0) || req->blast_r > SL_LESSON_MAX_BLAST)) {
        snprintf(err, errlen, "a blast template at (%g, %g) of radius %g cannot be drawn", req->blast_x, req->blast_y,
                 req->blast_r);
        return false;
    }
    for (int i = 0; i < req->npath; i++)
        if (!sl_inches_to_mils(req->path[2 * i], &mils) || !sl_inches_to_mils(req->path[2 * i + 1], &mils)) {
            snprintf(err, errlen, "a planned move through (%g, %g) cannot be drawn", req->path[2 * i],
                     req->path[2 * i + 1]);
            return false;
        }
    if (req->overlays & SL_OVERLAY_BLAST) {
        v->blast_x = req->blast_x;
        v->blast_y = req->blast_y;
        v->blast_r = req->blast_r;
        v->blast_placed = v->blast_pinned = true;
    }
    if (req->lesson_nsteps > 0) {
        snprintf(v->lesson_title, sizeof v->lesson_title, "%s", req->lesson_title ? req->lesson_title : "");
        snprintf(v->lesson_heading, sizeof v->lesson_heading, "%s", req->lesson_heading ? req->lesson_heading : "");
        snprintf(v->lesson_caption, sizeof v->lesson_caption, "%s", req->lesson_caption ? req->lesson_caption : "");
        snprintf(v->lesson_longest, sizeof v->lesson_longest, "%s", req->lesson_longest ? req->lesson_longest : "");
        v->lesson_step = req->lesson_step;
        v->lesson_nsteps = req->lesson_nsteps;
        v->caption_page = req->caption_page;
        v->rolls_from = req->rolls_from;
    }
    for (int i = 0; i < req->nmarks; i++) /* the pointer's: a lesson step's pings, arrows and rings */
        sl_view_pen_add(v, &req->marks[i]);
    if (req->npath > 0) {
        if (v->focus_unit < 0) {
            snprintf(err, errlen, "a planned move needs a unit: give --select UNIT");
            return false;
        }
        /* the move starts from the selected unit's figure nearest the
         * first point */
        const sl_unit *un = &w->scn.units[v->focus_unit];
        sl_pt first = sl_pt_make((int32_t)lround(req->path[0] * 1000), (int32_t)lround(req->path[1] * 1000));
        int best = -1;
        for (int i = 0; i < un->nfigures; i++) {
            int fi = un->first_figure + i;
            if (best < 0 || sl_dist2(w->scn.figures[fi].pos, first) < sl_dist2(w->scn.figures[best].pos, first))
                best = fi;
        }
        v->path_figure = best;
        v->npath = 0;
        v->path[v->npath++] = w->scn.figures[best].pos;
        for (int i = 0; i < req->npath && v->npath < SL_PATH_MAX_PTS; i++)
            v->path[v->npath++] =
                sl_pt_make((int32_t)lround(req->path[2 * i] * 1000), (int32_t)lround(req->path[2 * i + 1] * 1000));
        v->overlays |= SL_OVERLAY_PATH;
    }
    return true;
}

void sl_lesson_request(const struct sl_lesson *l, int step, sl_render_req *req)
{
    const sl_lesson_step *st = &l->steps[step];
    req->select_unit = st->select[0] ? st->select : NULL;
    req->target = st->target[0] ? st->target : NULL;
    /* exactly the step's overlays, the sight line whenever it names a target */
    req->overlays = SL_OVERLAY_SET | (st->bands ? SL_OVERLAY_BANDS : 0u) |
                    (st->los || st->target[0] ? SL_OVERLAY_LOS : 0u) | (st->integrity ? SL_OVERLAY_INTEGRITY : 0u) |
                    (st->blast ? SL_OVERLAY_BLAST : 0u);
    req->blast_x = st->blast_x;
    req->blast_y = st->blast_y;
    req->blast_r = st->blast_r;
    req->path = st->nplan ? st->plan : NULL;
    req->npath = st->nplan;
    req->marks = st->nmarks ? st->marks : NULL;
    req->nmarks = st->nmarks;
    req->lesson_title = l->title;
    req->lesson_heading = st->title;
    req->lesson_caption = st->caption;
    req->lesson_longest = st->caption;
    for (int k = 0; k < l->nsteps; k++)
        if (strlen(l->steps[k].caption) > strlen(req->lesson_longest))
            req->lesson_longest = l->steps[k].caption;
    req->lesson_step = step;
    req->lesson_nsteps = l->nsteps;
}

typedef struct headless {
    SDL_Surface *surf;
    SDL_Renderer *ren;
    sl_ui *ui;
    sl_view v;
} headless;

static void headless_free(headless *h)
{
    sl_view_free(&h->v);
    sl_ui_destroy(h->ui);
    if (h->ren)
        SDL_DestroyRenderer(h->ren);
    if (h->surf)
        SDL_FreeSurface(h->surf);
}

static bool headless_init(headless *h, const sl_world *w, const char *asset_dir, const sl_render_req *req, char *err,
                          size_t errlen)
{
    memset(h, 0, sizeof *h);
    int width = req->width > 0 ? req->width : 1280, height = req->height > 0 ? req->height : 800;
    if (width > 16384 || height > 16384) {
        snprintf(err, errlen, "%dx%d is larger than the 16384x16384 allowed", width, height);
        return false;
    }
    /* Thick lines as geometry, and exact pixel rules, before the renderer. */
    SDL_SetHint(SDL_HINT_RENDER_LINE_METHOD, "2");
    if (!req->out_path && req->check)
        width = height = 64; /* checks only: laid out at the size asked, drawn (clipped) into a small image */
    h->surf = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGB888);
    if (!h->surf) {
        snprintf(err, errlen, "cannot make a %dx%d image: %s", width, height, SDL_GetError());
        return false;
    }
    h->ren = SDL_CreateSoftwareRenderer(h->surf);
    if (!h->ren) {
        snprintf(err, errlen, "cannot start the software renderer: %s", SDL_GetError());
        headless_free(h);
        return false;
    }
    h->ui = sl_ui_create(h->ren, asset_dir, err, errlen);
    if (!h->ui) {
        headless_free(h);
        return false;
    }
    sl_ui_opts opts = {req->text, req->hud, false};
    sl_ui_set_opts(h->ui, &opts);
    if (!sl_ui_set_world(h->ui, w) || !sl_view_init(&h->v, w)) {
        snprintf(err, errlen, "out of memory");
        headless_free(h);
        return false;
    }
    h->v.play = req->play;
    h->v.user_scale = req->scale_pct >= 100 ? (float)req->scale_pct / 100.0f : 1.0f;
    h->v.layout = req->layout;
    if (req->has_pick) {
        h->v.pick.kind = req->pick_kind;
        h->v.pick.variant = 0;
        h->v.pick.target = req->pick_target;
    }
    if (!sl_view_apply_request(&h->v, w, req, err, errlen)) {
        headless_free(h);
        return false;
    }
    return true;
}

/* Labels on what they would hide: a place's words on another place's
 * ring or flag, a name on the rings a decision draws round its unit's
 * men (the overwatch lesson at 1920x1080 200%: the outpost wall's words
 * over the copse, Marines 1st Squad's name on its rings); how many, the
 * first said in `what`. */
static int labels_on_marks(const sl_ui *ui, const sl_world *w, const sl_view *v, char *what, size_t len)
{
    sl_cam cam;
    cam_from_view(v, &ui->lay.table, &cam);
    int bad = 0;
    for (int i = 0; i < w->scn.nobjectives; i++)
        if (ui->objective_label[i].w > 0 && ui_objective_hits(ui, w, &cam, &ui->objective_label[i], i) > 0 &&
            bad++ == 0)
            snprintf(what, len, "the label of %.80s lies on another place", w->scn.objectives[i].name);
    for (int u = 0; u < w->scn.nunits && u < ui->names_cap; u++)
        if (ui->names[u].w > 0 && ui_decision_ringed(ui, u) && ui_on_own_rings(ui, w, &cam, u, &ui->names[u]) &&
            bad++ == 0)
            snprintf(what, len, "the label of %.80s lies on its rings", w->scn.units[u].name);
    return bad;
}

/* What the frame just drawn got wrong (sl_render_check). */
static void fill_check(sl_ui *ui, const sl_world *w, const sl_view *v, sl_render_check *c)
{
    memset(c, 0, sizeof *c);
    c->cuts = ui->text.cuts;
    c->covers = ui->covers;
    c->scale = ui->lay.s;
    c->scale_said = ui->scale_said;
    c->table_h = ui->lay.table.h;
    c->caption_pages = ui->lay.caption.h > 0 ? ui->lay.caption_pages : 0;
    c->present = ui->lay.present;
    c->on_table = ui->ncards;
    c->rolls = ui->nroll_units;
    c->rolls_shown = ui->nroll + ui->nroll_listed; /* the aside ones too, drawn in the side panel */
    char over[200] = "";
    c->overlaps = ui_label_overlaps(ui, w, over, sizeof over);
    char opt[200] = "";
    if (ui_option_marks_over(ui, w, opt, sizeof opt) > 0 && c->overlaps++ == 0)
        snprintf(over, sizeof over, "%s", opt);
    if (ui->strip_overlaps > 0 && c->overlaps++ == 0)
        snprintf(over, sizeof over, "a card in the strip drawn over the card before it");
    char marks[200] = "";
    int on_marks = labels_on_marks(ui, w, v, marks, sizeof marks);
    if (on_marks > 0 && c->overlaps == 0)
        snprintf(over, sizeof over, "%s", marks);
    c->overlaps += on_marks;
    if (ui->panel_under_log > 0.5f && c->overlaps++ == 0)
        snprintf(over, sizeof over, "the selected unit's card %.0f px under the dice log", ui->panel_under_log);
    if (c->cuts)
        snprintf(c->what, sizeof c->what, "cut: '%s'", ui->text.first_cut);
    else if (c->overlaps)
        snprintf(c->what, sizeof c->what, "%s", over);
    else if (c->covers)
        snprintf(c->what, sizeof c->what, "%s", ui->covers_what[0] ? ui->covers_what : "a card on the table covers what it speaks of");
}

SDL_Surface *ui_render_surface(const sl_world *w, const char *asset_dir, const sl_render_req *req, char *err,
                               size_t errlen)
{
    headless h;
    if (!headless_init(&h, w, asset_dir, req, err, errlen))
        return NULL;
    h.v.show_labels = req->text; /* without words, no empty boxes where the names would be */
    h.ui->text.bare = !req->text;
    sl_ui_draw(h.ui, w, &h.v, h.surf->w, h.surf->h);
    SDL_RenderPresent(h.ren);
    SDL_Surface *out = h.surf;
    h.surf = NULL; /* the caller's: the renderer on it goes, the picture stays */
    headless_free(&h);
    return out;
}

/* One renderer and one ui drawing picture after picture of one size (the
 * start screen's thumbnails): the fonts and the renderer are made once,
 * and each picture is drawn as ui_render_surface draws it. */
struct ui_painter {
    headless h;
    bool has_view;
};

ui_painter *ui_painter_open(const char *asset_dir, int width, int height, char *err, size_t errlen)
{
    ui_painter *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    SDL_SetHint(SDL_HINT_RENDER_LINE_METHOD, "2");
    p->h.surf = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGB888);
    p->h.ren = p->h.surf ? SDL_CreateSoftwareRenderer(p->h.surf) : NULL;
    p->h.ui = p->h.ren ? sl_ui_create(p->h.ren, asset_dir, err, errlen) : NULL;
    if (!p->h.ui) {
        if (!p->h.ren)
            snprintf(err, errlen, "cannot start the software renderer: %s", SDL_GetError());
        ui_painter_close(p);
        return NULL;
    }
    return p;
}

SDL_Surface *ui_painter_draw(ui_painter *p, const sl_world *w, const sl_render_req *req, char *err, size_t errlen)
{
    if (p->has_view)
        sl_view_free(&p->h.v);
    p->has_view = false;
    memset(&p->h.v, 0, sizeof p->h.v);
    sl_ui_opts opts = {req->text, req->hud, false};
    sl_ui_set_opts(p->h.ui, &opts);
    if (!sl_ui_set_world(p->h.ui, w) || !sl_view_init(&p->h.v, w)) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    p->has_view = true;
    p->h.v.play = req->play;
    p->h.v.user_scale = req->scale_pct >= 100 ? (float)req->scale_pct / 100.0f : 1.0f;
    p->h.v.layout = req->layout;
    if (!sl_view_apply_request(&p->h.v, w, req, err, errlen))
        return NULL;
    p->h.v.show_labels = req->text;
    p->h.ui->text.bare = !req->text;
    sl_ui_draw(p->h.ui, w, &p->h.v, p->h.surf->w, p->h.surf->h);
    SDL_RenderPresent(p->h.ren);
    SDL_Surface *out = SDL_DuplicateSurface(p->h.surf);
    if (!out)
        snprintf(err, errlen, "cannot copy the picture: %s", SDL_GetError());
    return out;
}

void ui_painter_close(ui_painter *p)
{
    if (!p)
        return;
    if (!p->has_view)
        memset(&p->h.v, 0, sizeof p->h.v);
    headless_free(&p->h);
    free(p);
}

bool sl_render_png(const sl_world *w, const char *asset_dir, const sl_render_req *req, char *err, size_t errlen)
{
    if (req->play && req->play->on) {
        sl_play_set_view(req->play, req->view);
        w = &req->play->disp; /* the game's forces as they stand, as the side shown knows them */
    }
    headless h;
    if (!headless_init(&h, w, asset_dir, req, err, errlen))
        return false;
    int width = h.surf->w, height = h.surf->h;
    if (!req->out_path && req->check) {
        width = req->width > 0 ? req->width : 1280;
        height = req->height > 0 ? req->height : 800;
    }
    sl_ui_draw(h.ui, w, &h.v, width, height);
    SDL_RenderPresent(h.ren);
    if (req->check)
        fill_check(h.ui, w, &h.v, req->check);
    if (!req->out_path) {
        headless_free(&h);
        return true;
    }
    bool ok = false;
    SDL_Surface *rgba = SDL_ConvertSurfaceFormat(h.surf, SDL_PIXELFORMAT_RGBA32, 0);
    if (!rgba) {
        snprintf(err, errlen, "cannot convert the image: %s", SDL_GetError());
    } else {
        unsigned char *px = rgba->pixels;
        for (int y = 0; y < height; y++)
            for (int x = 0; x < width; x++)
                px[y * rgba->pitch + 4 * x + 3] = 255;
        ok = sl_image_write_png(req->out_path, width, height, px, rgba->pitch, err, errlen);
        SDL_FreeSurface(rgba);
    }
    headless_free(&h);
    return ok;
}

static int cmp_ms(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One frame's change for sl_render_time: the ruler's or the way's end
 * steps across the table as a pointer dragging it would. */
static void frame_motion(headless *h, const sl_world *w, sl_frame_motion motion, int i)
{
    int32_t tw = w->scn.table.width, th = w->scn.table.height;
    sl_pt end = sl_pt_make(tw / 4 + (int32_t)((int64_t)tw / 2 * (i % 16) / 16), th / 3 + th / 3 * (i % 2));
    switch (motion) {
    case SL_FRAME_RULER:
        h->v.ruler.npts = 1;
        h->v.ruler.pts[0] = sl_pt_make(tw / 2, th / 2);
        h->v.ruler.live = end;
        h->v.ruler.has_live = true;
        h->v.ruler.dragging = true;
        h->v.ruler.from_figure = h->v.ruler.to_figure = -1;
        break;
    case SL_FRAME_PLAN:
        /* the path tool's live end, as the pointer drags it */
        h->v.tool = SL_TOOL_PATH;
        h->v.path_live = true;
        if (h->v.npath > 0)
            h->v.path[h->v.npath - 1] = end;
        break;
    case SL_FRAME_COLD:
        ui_drop_caches(h->ui);
        break;
    case SL_FRAME_PAN:
    case SL_FRAME_PAN_FIRST:
    case SL_FRAME_REST_AFTER_PAN: {
        /* a hand dragging the table: 24 pixels a frame, round a square
         * of 8 steps a side, so it never leaves the table */
        static const int dir[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
        const int *d = dir[(i / 8) % 4];
        if (h->v.scale > 0) {
            h->v.cx -= 24.0 * d[0] / h->v.scale;
            h->v.cy -= 24.0 * d[1] / h->v.scale;
        }
        break;
    }
    default:
        break;
    }
}

/* The frames drawn, not timed, before the timed one of a round: the
 * camera at rest (twice, so the kept frame is made) before a pan's first
 * frame; a pan of three frames before the first frame at rest. */
static void frame_lead_in(headless *h, const sl_world *w, sl_frame_motion motion, int i)
{
    int n = motion == SL_FRAME_PAN_FIRST ? 2 : motion == SL_FRAME_REST_AFTER_PAN ? 3 : 0;
    for (int k = 0; k < n; k++) {
        if (motion == SL_FRAME_REST_AFTER_PAN)
            frame_motion(h, w, motion, 4 * i + k);
        sl_ui_draw(h->ui, w, &h->v, h->surf->w, h->surf->h);
        SDL_RenderPresent(h->ren);
    }
}

bool sl_render_time(const sl_world *w, const char *asset_dir, const sl_render_req *req, sl_frame_motion motion,
                    int reps, double *ms, double *min_ms, char *err, size_t errlen)
{
    headless h;
    if (!headless_init(&h, w, asset_dir, req, err, errlen))
        return false;
    if (reps < 1)
        reps = 1;
    if (reps > 64)
        reps = 64;
    double t[64];
    SDL_Texture *full = NULL;
    if (motion == SL_FRAME_FLOOR) {
        full = SDL_CreateTexture(h.ren, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING, h.surf->w, h.surf->h);
        if (!full) {
            snprintf(err, errlen, "cannot make a %dx%d texture: %s", h.surf->w, h.surf->h, SDL_GetError());
            headless_free(&h);
            return false;
        }
        SDL_SetTextureBlendMode(full, SDL_BLENDMODE_NONE);
    }
    /* one frame first, so fonts and caches are warm as in the window */
    frame_motion(&h, w, motion, 0);
    if (full)
        SDL_RenderCopy(h.ren, full, NULL, NULL);
    else
        sl_ui_draw(h.ui, w, &h.v, h.surf->w, h.surf->h);
    SDL_RenderPresent(h.ren);
    for (int i = 0; i < reps; i++) {
        frame_lead_in(&h, w, motion, i + 1);
        if (motion != SL_FRAME_REST_AFTER_PAN)
            frame_motion(&h, w, motion, i + 1);
        struct timespec t0, t1;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
        if (full)
            SDL_RenderCopy(h.ren, full, NULL, NULL);
        else
            sl_ui_draw(h.ui, w, &h.v, h.surf->w, h.surf->h);
        SDL_RenderPresent(h.ren);
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1);
        t[i] = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-6;
    }
    if (full)
        SDL_DestroyTexture(full);
    qsort(t, (size_t)reps, sizeof t[0], cmp_ms);
    *ms = t[reps / 2];
    if (min_ms)
        *min_ms = t[0];
    headless_free(&h);
    return true;
}

static bool has_font(const char *dir)
{
    char p[1200];
    struct stat st;
    snprintf(p, sizeof p, "%s/assets/fonts/DejaVuSans.ttf", dir);
    return stat(p, &st) == 0;
}

const char *sl_data_dir(void)
{
    static char dir[1200];
    if (dir[0])
        return dir;
    const char *env = getenv("SIGHTLINE_DATA");
    if (env && has_font(env)) {
        snprintf(dir, sizeof dir, "%s", env);
        return dir;
    }
    char *base = SDL_GetBasePath();
    if (base) {
        char cand[1100];
        snprintf(cand, sizeof cand, "%s../share/sightline", base);
        SDL_free(base);
        if (has_font(cand)) {
            snprintf(dir, sizeof dir, "%s", cand);
            return dir;
        }
    }
    snprintf(dir, sizeof dir, "%s", SL_SOURCE_DIR);
    return dir;
}
