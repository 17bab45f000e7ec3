/* Kept layers: textures the size of the output holding what was drawn
 * into them, copied while the key of what they show stays the same and
 * drawn anew when it changes; and the hashes those keys are made with.
 * Calls no other file of the ui module but the drawing primitives. */
#include <math.h>
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

bool ui_kept_ready(sl_ui *ui, ui_kept *k, SDL_BlendMode mode)
{
    int ow = 0, oh = 0;
    SDL_GetRendererOutputSize(ui->ren, &ow, &oh);
    if (k->tex && (k->w != ow || k->h != oh)) {
        SDL_DestroyTexture(k->tex);
        k->tex = NULL;
    }
    if (!k->tex && ow > 0 && oh > 0 && SDL_RenderTargetSupported(ui->ren)) {
        k->tex = SDL_CreateTexture(ui->ren, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, ow, oh);
        k->w = ow;
        k->h = oh;
        k->key = 0;
        if (k->tex)
            SDL_SetTextureBlendMode(k->tex, mode);
    }
    return k->tex != NULL;
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

/* Draw the layer into k's texture within each of the n rectangles, each
 * cleared first. The window's clip is off meanwhile: SDL's software
 * renderer otherwise brings it back offset. False when the texture
 * cannot be drawn into. */
static bool draw_into(sl_ui *ui, ui_kept *k, const SDL_Rect *r, int n, void (*draw)(sl_ui *ui, void *ctx), void *ctx)
{
    SDL_Renderer *ren = ui->ren;
    SDL_RenderSetClipRect(ren, NULL);
    SDL_Texture *prev = SDL_GetRenderTarget(ren); /* the window, or the kept frame */
    if (SDL_SetRenderTarget(ren, k->tex) != 0)
        return false;
    for (int i = 0; i < n; i++) {
        SDL_BlendMode was;
        SDL_GetRenderDrawBlendMode(ren, &was);
        SDL_SetRenderDrawBlendMode(ren, SDL_BLENDMODE_NONE);
        SDL_RenderSetClipRect(ren, &r[i]);
        SDL_SetRenderDrawColor(ren, 0, 0, 0, 0);
        SDL_RenderFillRect(ren, &r[i]);
        SDL_SetRenderDrawBlendMode(ren, was);
        draw(ui, ctx);
    }
    SDL_RenderSetClipRect(ren, NULL);
    SDL_SetRenderTarget(ren, prev);
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

/* Move what k holds by (dx, dy) through the spare texture, keeping what
 * lands inside box; the parts of box left uncovered (at most four) go to
 * strips. False when nothing of it stays in view. */
static bool shift_kept(sl_ui *ui, ui_kept *k, int dx, int dy, const SDL_Rect *box, SDL_Rect *strips, int *nstrips)
{
    SDL_Renderer *ren = ui->ren;
    SDL_Rect moved = {k->box.x + dx, k->box.y + dy, k->box.w, k->box.h}, kp;
    if (!SDL_IntersectRect(&moved, box, &kp))
        return false;
    int w = 0, h = 0;
    if (ui->spare)
        SDL_QueryTexture(ui->spare, NULL, NULL, &w, &h);
    if (ui->spare && (w != k->w || h != k->h)) {
        SDL_DestroyTexture(ui->spare);
        ui->spare = NULL;
    }
    if (!ui->spare)
        ui->spare = SDL_CreateTexture(ren, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, k->w, k->h);
    SDL_RenderSetClipRect(ren, NULL);
    SDL_Texture *prev = SDL_GetRenderTarget(ren);
    if (!ui->spare || SDL_SetRenderTarget(ren, ui->spare) != 0)
        return false;
    SDL_Rect src = {kp.x - dx, kp.y - dy, kp.w, kp.h};
    SDL_SetTextureBlendMode(k->tex, SDL_BLENDMODE_NONE);
    SDL_RenderCopy(ren, k->tex, &src, &kp);
    SDL_SetRenderTarget(ren, prev);
    SDL_Texture *t = k->tex;
    k->tex = ui->spare;
    ui->spare = t;
    SDL_SetTextureBlendMode(k->tex, k->mode);
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
    bool kept = ui_kept_ready(ui, k, k->mode);
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
        if (shift_kept(ui, k, dx, dy, box, strips, &n) && draw_into(ui, k, strips, n, draw, ctx)) {
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
        if (SDL_RenderCopy(ren, k->tex, &part, &part) == 0)
            return;
    }
    draw(ui, ctx);
}
