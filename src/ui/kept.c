/* Kept layers: textures the size of the output holding what was drawn
 * into them, copied while the key of what they show stays the same and
 * drawn anew when it changes; and the hashes those keys are made with.
 * Calls no other file of the ui module but the drawing primitives. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ui_internal.h"

uint64_t ui_hash(uint64_t h, const void *data, size_t len)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < len; i++) {
        h ^= p[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

uint64_t ui_hash_wide(uint64_t h, const void *data, size_t len)
{
    const unsigned char *p = data;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t x;
        memcpy(&x, p + i, 8);
        h = (h ^ x) * 0x9e3779b97f4a7c15ull;
        h ^= h >> 29;
    }
    return ui_hash(h, p + i, len - i);
}

uint64_t ui_hash_cam(uint64_t h, const sl_cam *cam)
{
    float f[5] = {cam->centre[0], cam->centre[1], cam->scale, cam->origin[0], cam->origin[1]};
    return ui_hash(h, f, sizeof f);
}

uint64_t ui_hash_zoom(uint64_t h, const sl_cam *cam)
{
    float f[3] = {cam->scale, cam->origin[0], cam->origin[1]};
    return ui_hash(h, f, sizeof f);
}

void ui_kept_free(ui_kept *k)
{
    if (k->tex)
        SDL_DestroyTexture(k->tex);
    k->tex = NULL;
    free(k->tiles);
    k->tiles = NULL;
    k->key = 0;
}

Uint32 ui_opaque_format(SDL_Renderer *ren)
{
    /* SDL's software renderer copies a texture in its target's own format
     * a row at a time (memcpy), and converts any other pixel by pixel: its
     * window's format where it has one of 32-bit RGB, else the headless
     * surface's (RGB888, headless.c). A GPU's renderer as it always was. */
    SDL_RendererInfo info;
    if (SDL_GetRendererInfo(ren, &info) != 0 || !(info.flags & SDL_RENDERER_SOFTWARE))
        return SDL_PIXELFORMAT_ARGB8888;
    SDL_Window *win = SDL_RenderGetWindow(ren);
    if (!win)
        return SDL_PIXELFORMAT_RGB888;
    Uint32 f = SDL_GetWindowPixelFormat(win);
    return f == SDL_PIXELFORMAT_RGB888 ? f : SDL_PIXELFORMAT_ARGB8888;
}

/* k's texture made (once) to hold ow x oh pixels, or made again when it
 * is smaller than that or larger than the window (`exact`: when it is
 * not that size). */
static bool kept_ready_size(sl_ui *ui, ui_kept *k, SDL_BlendMode mode, int ow, int oh, bool exact)
{
    int ww = 0, wh = 0;
    SDL_GetRendererOutputSize(ui->ren, &ww, &wh);
    ww = ww > ow ? ww : ow; /* never made again each frame for a part past the window's edge */
    wh = wh > oh ? wh : oh;
    bool fits = exact ? k->w == ow && k->h == oh : k->w >= ow && k->h >= oh && k->w <= ww && k->h <= wh;
    if (k->tex && !fits) {
        ui_kept_free(k);
    }
    if (!k->tex && ow > 0 && oh > 0 && SDL_RenderTargetSupported(ui->ren)) {
        /* an opaque layer in the target's format, a blended one with its alpha */
        Uint32 fmt = mode == SDL_BLENDMODE_NONE ? ui_opaque_format(ui->ren) : SDL_PIXELFORMAT_ARGB8888;
        k->tex = SDL_CreateTexture(ui->ren, fmt, SDL_TEXTUREACCESS_TARGET, ow, oh);
        k->w = ow;
        k->h = oh;
        k->key = 0;
        k->ox = k->oy = 0;
        if (k->tex)
            SDL_SetTextureBlendMode(k->tex, mode);
        if (k->tex && mode != SDL_BLENDMODE_NONE) {
            k->cols = (ow + UI_TILE - 1) / UI_TILE;
            k->rows = (oh + UI_TILE - 1) / UI_TILE;
            k->tiles = calloc((size_t)k->cols * (size_t)k->rows, 1);
        }
    }
    return k->tex != NULL;
}

bool ui_kept_ready(sl_ui *ui, ui_kept *k, SDL_BlendMode mode)
{
    int ow = 0, oh = 0;
    SDL_GetRendererOutputSize(ui->ren, &ow, &oh);
    return kept_ready_size(ui, k, mode, ow, oh, true);
}

uint64_t ui_table_key(const sl_ui *ui, const sl_cam *cam, float s, SDL_Rect *box)
{
    const SDL_FRect *T = &ui->lay.table;
    *box = (SDL_Rect){(int)T->x, (int)T->y, (int)T->w, (int)T->h};
    uint64_t key = UI_HASH_START;
    key = ui_hash_zoom(key, cam);
    key = ui_hash(key, box, sizeof *box);
    return ui_hash(key, &s, sizeof s);
}

bool ui_settling(const sl_ui *ui)
{
    return ui->shifted;
}

/* k's texture wraps round: the screen's pixel (x, y) is kept at
 * ((x + ox) mod w, (y + oy) mod h), so a pan moves the offset and no
 * pixel. Split the screen's rectangle r (no larger than the texture)
 * where it wraps: up to four pieces, each with the offset from the
 * screen to the texture. Returns how many. */
static int wrap_pieces(const ui_kept *k, const SDL_Rect *r, SDL_Rect piece[4], SDL_Point off[4])
{
    int xs[2][3], ys[2][3], nx = 0, ny = 0; /* each span: screen start, length, offset */
    for (int axis = 0; axis < 2; axis++) {
        int at = axis ? r->y : r->x, len = axis ? r->h : r->w, size = axis ? k->h : k->w, o = axis ? k->oy : k->ox;
        int(*sp)[3] = axis ? ys : xs;
        int t0 = ((at + o) % size + size) % size, n = 0;
        int first = t0 + len <= size ? len : size - t0;
        sp[n][0] = at, sp[n][1] = first, sp[n][2] = t0 - at, n++;
        if (first < len)
            sp[n][0] = at + first, sp[n][1] = len - first, sp[n][2] = -(at + first), n++;
        *(axis ? &ny : &nx) = n;
    }
    int n = 0;
    for (int j = 0; j < ny; j++)
        for (int i = 0; i < nx; i++) {
            piece[n] = (SDL_Rect){xs[i][0], ys[j][0], xs[i][1], ys[j][1]};
            off[n] = (SDL_Point){xs[i][2], ys[j][2]};
            n++;
        }
    return n;
}

/* Draw the layer into k's texture within each of the n rectangles, each
 * cleared first (through the viewport where the texture wraps). The
 * window's clip is off meanwhile: SDL's software renderer otherwise
 * brings it back offset. False when the texture cannot be drawn into. */
static bool draw_into(sl_ui *ui, ui_kept *k, const SDL_Rect *r, int n, void (*draw)(sl_ui *ui, void *ctx), void *ctx)
{
    SDL_Renderer *ren = ui->ren;
    SDL_RenderSetClipRect(ren, NULL);
    SDL_Texture *prev = SDL_GetRenderTarget(ren); /* the window, or the kept frame */
    if (SDL_SetRenderTarget(ren, k->tex) != 0)
        return false;
    if (k->tiles)
        gfx_mark_to(k->tiles, k->cols, k->rows, UI_TILE);
    for (int i = 0; i < n; i++) {
        SDL_Rect piece[4];
        SDL_Point off[4];
        int np = wrap_pieces(k, &r[i], piece, off);
        for (int j = 0; j < np; j++) {
            bool moved = off[j].x != 0 || off[j].y != 0;
            if (moved) {
                SDL_Rect vp = {off[j].x, off[j].y, k->w - off[j].x, k->h - off[j].y};
                SDL_RenderSetViewport(ren, &vp);
            }
            SDL_BlendMode was;
            SDL_GetRenderDrawBlendMode(ren, &was);
            SDL_SetRenderDrawBlendMode(ren, SDL_BLENDMODE_NONE);
            SDL_RenderSetClipRect(ren, &piece[j]);
            SDL_SetRenderDrawColor(ren, 0, 0, 0, 0);
            SDL_RenderFillRect(ren, &piece[j]);
            SDL_SetRenderDrawBlendMode(ren, was);
            draw(ui, ctx);
            SDL_RenderSetClipRect(ren, NULL);
            if (moved)
                SDL_RenderSetViewport(ren, NULL);
        }
    }
    gfx_mark_to(NULL, 0, 0, 0);
    SDL_RenderSetClipRect(ren, NULL);
    SDL_SetRenderTarget(ren, prev);
    return true;
}

/* Copy the texture's rectangle src to dst (src moved by the offset):
 * for a blended layer only the tiles something was drawn in, a run of
 * them at a time (the rest is clear and would blend to nothing). */
static bool copy_tiles(sl_ui *ui, const ui_kept *k, const SDL_Rect *src, SDL_Point off)
{
    if (!k->tiles) {
        SDL_Rect dst = {src->x - off.x, src->y - off.y, src->w, src->h};
        return SDL_RenderCopy(ui->ren, k->tex, src, &dst) == 0;
    }
    int c0 = src->x / UI_TILE, c1 = (src->x + src->w - 1) / UI_TILE;
    int r0 = src->y / UI_TILE, r1 = (src->y + src->h - 1) / UI_TILE;
    for (int r = r0; r <= r1 && r < k->rows; r++) {
        int y0 = r * UI_TILE > src->y ? r * UI_TILE : src->y;
        int y1 = (r + 1) * UI_TILE < src->y + src->h ? (r + 1) * UI_TILE : src->y + src->h;
        for (int c = c0; c <= c1 && c < k->cols; c++) {
            if (!k->tiles[r * k->cols + c])
                continue;
            int run = c;
            while (run + 1 <= c1 && run + 1 < k->cols && k->tiles[r * k->cols + run + 1])
                run++;
            int x0 = c * UI_TILE > src->x ? c * UI_TILE : src->x;
            int x1 = (run + 1) * UI_TILE < src->x + src->w ? (run + 1) * UI_TILE : src->x + src->w;
            SDL_Rect s = {x0, y0, x1 - x0, y1 - y0}, d = {x0 - off.x, y0 - off.y, x1 - x0, y1 - y0};
            if (SDL_RenderCopy(ui->ren, k->tex, &s, &d) != 0)
                return false;
            c = run;
        }
    }
    return true;
}

/* Copy what k keeps of the screen's rectangle r to the same place. */
static bool copy_out(sl_ui *ui, const ui_kept *k, const SDL_Rect *r)
{
    SDL_Rect piece[4];
    SDL_Point off[4];
    int np = wrap_pieces(k, r, piece, off);
    for (int j = 0; j < np; j++) {
        SDL_Rect src = {piece[j].x + off[j].x, piece[j].y + off[j].y, piece[j].w, piece[j].h};
        if (!copy_tiles(ui, k, &src, off[j]))
            return false;
    }
    return true;
}

/* The whole pixels the camera's centre moved since k was drawn, if it
 * moved by whole pixels (a hand dragging the table). */
static bool whole_shift(const ui_kept *k, const sl_cam *cam, int *dx, int *dy)
{
    float fx = (k->centre[0] - cam->centre[0]) * cam->scale, fy = (k->centre[1] - cam->centre[1]) * cam->scale;
    float rx = roundf(fx), ry = roundf(fy);
    if (fabsf(fx - rx) > 0.01f || fabsf(fy - ry) > 0.01f || fabsf(rx) > 16384 || fabsf(ry) > 16384)
        return false;
    *dx = (int)rx;
    *dy = (int)ry;
    return true;
}

/* Move what k holds by (dx, dy), keeping what lands inside box: only the
 * texture's offset moves (it wraps round). The parts of box left
 * uncovered (at most four) go to strips. False when nothing of it stays
 * in view. */
static bool shift_kept(ui_kept *k, int dx, int dy, const SDL_Rect *box, SDL_Rect *strips, int *nstrips)
{
    SDL_Rect moved = {k->box.x + dx, k->box.y + dy, k->box.w, k->box.h}, kp;
    if (!SDL_IntersectRect(&moved, box, &kp))
        return false;
    k->ox = ((k->ox - dx) % k->w + k->w) % k->w;
    k->oy = ((k->oy - dy) % k->h + k->h) % k->h;
    int n = 0;
    int top = kp.y - box->y, bottom = box->y + box->h - (kp.y + kp.h);
    int left = kp.x - box->x, right = box->x + box->w - (kp.x + kp.w);
    if (top > 0)
        strips[n++] = (SDL_Rect){box->x, box->y, box->w, top};
    if (bottom > 0)
        strips[n++] = (SDL_Rect){box->x, kp.y + kp.h, box->w, bottom};
    if (left > 0)
        strips[n++] = (SDL_Rect){box->x, kp.y, left, kp.h};
    if (right > 0)
        strips[n++] = (SDL_Rect){kp.x + kp.w, kp.y, right, kp.h};
    *nstrips = n;
    return true;
}

void ui_kept_layer(sl_ui *ui, ui_kept *k, uint64_t key, const sl_cam *cam, const SDL_Rect *box,
                   void (*draw)(sl_ui *ui, void *ctx), void *ctx)
{
    SDL_Renderer *ren = ui->ren;
    key = key ? key : 1;
    /* as large as the window's part the layer shows (from the window's
     * corner: the layer is drawn where it shows), not the whole window */
    bool kept = kept_ready_size(ui, k, k->mode, box->x + box->w, box->y + box->h, false);
    SDL_Rect clip;
    SDL_RenderGetClipRect(ren, &clip);
    bool clipped = clip.w > 0 && clip.h > 0;
    bool moved = k->centre[0] != cam->centre[0] || k->centre[1] != cam->centre[1];
    int dx, dy;
    if (kept && key == k->key && moved && ui->cam_moving && whole_shift(k, cam, &dx, &dy)) {
        /* the camera in motion by whole pixels: the layer moved, only the
         * strips uncovered drawn (exact again once the camera rests) */
        SDL_Rect strips[4];
        int n = 0;
        k->key = 0;
        if (shift_kept(k, dx, dy, box, strips, &n) && draw_into(ui, k, strips, n, draw, ctx)) {
            k->key = key;
            k->box = *box;
            k->centre[0] = cam->centre[0];
            k->centre[1] = cam->centre[1];
            k->shifted = ui->shifted = true;
            moved = false;
        }
        SDL_RenderSetClipRect(ren, clipped ? &clip : NULL);
    }
    bool reboxed = k->box.x != box->x || k->box.y != box->y || k->box.w != box->w || k->box.h != box->h;
    if (kept && (key != k->key || moved || reboxed || (k->shifted && !ui->cam_moving))) {
        k->key = 0;
        k->ox = k->oy = 0; /* drawn where it shows */
        if (k->tiles)
            memset(k->tiles, 0, (size_t)k->cols * (size_t)k->rows);
        if (draw_into(ui, k, box, 1, draw, ctx)) {
            k->key = key;
            k->box = *box;
            k->centre[0] = cam->centre[0];
            k->centre[1] = cam->centre[1];
            k->shifted = false;
        }
        SDL_RenderSetClipRect(ren, clipped ? &clip : NULL);
    }
    if (kept && k->key == key) {
        SDL_Rect part = *box;
        if (clipped && !SDL_IntersectRect(box, &clip, &part))
            return; /* none of it inside the table's view */
        if (copy_out(ui, k, &part))
            return;
    }
    if (k->mode == SDL_BLENDMODE_NONE) {
        /* an opaque layer (the ground) drawn straight: on the backdrop,
         * which the window laid everywhere but under it (draw_kept_part) */
        SDL_BlendMode was;
        Uint8 c[4];
        SDL_GetRenderDrawBlendMode(ren, &was);
        SDL_GetRenderDrawColor(ren, &c[0], &c[1], &c[2], &c[3]);
        SDL_SetRenderDrawBlendMode(ren, SDL_BLENDMODE_NONE);
        SDL_SetRenderDrawColor(ren, UI_BACKDROP);
        SDL_RenderFillRect(ren, box);
        SDL_SetRenderDrawColor(ren, c[0], c[1], c[2], c[3]);
        SDL_SetRenderDrawBlendMode(ren, was);
    }
    draw(ui, ctx);
}
