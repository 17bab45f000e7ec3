/* Headless rendering with SDL's software renderer: no display, and the
 * same pixels every run for the same inputs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ui_internal.h"

bool sl_render_png(const sl_world *w, const char *asset_dir, const sl_render_req *req, char *err, size_t errlen)
{
    int width = req->width > 0 ? req->width : 1280, height = req->height > 0 ? req->height : 800;
    if (width > 16384 || height > 16384) {
        snprintf(err, errlen, "%dx%d is larger than the 16384x16384 allowed", width, height);
        return false;
    }
    /* Thick lines as geometry, and exact pixel rules, before the renderer. */
    SDL_SetHint(SDL_HINT_RENDER_LINE_METHOD, "2");
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGB888);
    if (!surf) {
        snprintf(err, errlen, "cannot make a %dx%d image: %s", width, height, SDL_GetError());
        return false;
    }
    SDL_Renderer *ren = SDL_CreateSoftwareRenderer(surf);
    if (!ren) {
        snprintf(err, errlen, "cannot start the software renderer: %s", SDL_GetError());
        SDL_FreeSurface(surf);
        return false;
    }
    bool ok = false;
    sl_view v;
    memset(&v, 0, sizeof v);
    sl_ui *ui = sl_ui_create(ren, asset_dir, err, errlen);
    if (!ui)
        goto out;
    sl_ui_opts opts = {req->text, req->hud};
    sl_ui_set_opts(ui, &opts);
    if (!sl_ui_set_world(ui, w) || !sl_view_init(&v, w)) {
        snprintf(err, errlen, "out of memory");
        goto out;
    }
    v.mouse_x = v.mouse_y = -1000;
    if (req->select_unit) {
        int u = sl_scenario_find_unit(&w->scn, req->select_unit);
        if (u < 0) {
            int f = sl_scenario_find_figure(&w->scn, req->select_unit);
            if (f >= 0)
                u = w->scn.figures[f].unit;
        }
        if (u < 0) {
            snprintf(err, errlen, "no unit or figure has id '%s'", req->select_unit);
            goto out;
        }
        sl_view_select_unit(&v, u, false);
    }
    sl_ui_draw(ui, w, &v, width, height);
    SDL_RenderPresent(ren);
    SDL_Surface *rgba = SDL_ConvertSurfaceFormat(surf, SDL_PIXELFORMAT_RGBA32, 0);
    if (!rgba) {
        snprintf(err, errlen, "cannot convert the image: %s", SDL_GetError());
        goto out;
    }
    unsigned char *px = rgba->pixels;
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++)
            px[y * rgba->pitch + 4 * x + 3] = 255;
    ok = sl_image_write_png(req->out_path, width, height, px, rgba->pitch);
    if (!ok)
        snprintf(err, errlen, "cannot write %s", req->out_path);
    SDL_FreeSurface(rgba);
out:
    sl_view_free(&v);
    sl_ui_destroy(ui);
    SDL_DestroyRenderer(ren);
    SDL_FreeSurface(surf);
    return ok;
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
