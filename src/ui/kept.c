/* Kept layers: textures the size of the output holding what was drawn
 * into them, copied while the key of what they show stays the same and
 * drawn anew when it changes; and the hashes those keys are made with.
 * Calls no other file of the ui module but the drawing primitives. */
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
    key = ui_hash_cam(key, cam);
    key = ui_hash(key, box, sizeof *box);
    return ui_hash(key, &s, sizeof s);
}

void ui_kept_layer(sl_ui *ui, ui_kept *k, uint64_t key, const SDL_Rect *box, void (*draw)(sl_ui *ui, void *ctx),
                   void *ctx)
{
    SDL_Renderer *ren = ui->ren;
    key = key ? key : 1;
    bool kept = ui_kept_ready(ui, k, SDL_BLENDMODE_BLEND);
    SDL_Rect clip;
    SDL_RenderGetClipRect(ren, &clip);
    bool clipped = clip.w > 0 && clip.h > 0;
    if (kept && key != k->key) {
        k->key = 0;
        /* no clip on the window while its target is switched: SDL's
         * software renderer otherwise brings the clip back offset */
        SDL_RenderSetClipRect(ren, NULL);
        SDL_Texture *prev = SDL_GetRenderTarget(ren); /* the window, or the kept frame */
        if (SDL_SetRenderTarget(ren, k->tex) == 0) {
            SDL_BlendMode was;
            SDL_GetRenderDrawBlendMode(ren, &was);
            SDL_SetRenderDrawBlendMode(ren, SDL_BLENDMODE_NONE);
            SDL_RenderSetClipRect(ren, box);
            SDL_SetRenderDrawColor(ren, 0, 0, 0, 0);
            SDL_RenderFillRect(ren, box);
            SDL_SetRenderDrawBlendMode(ren, was);
            draw(ui, ctx);
            SDL_SetRenderTarget(ren, prev);
            k->key = key;
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
