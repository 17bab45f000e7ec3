/* A software window for the window's tests: a surface of w by h, its
 * renderer and the ui drawn on it, made again (the old ones freed: a
 * ui's fonts and layers belong to its renderer). Include after cmocka
 * and ui_internal.h. */
#ifndef SL_TEST_SOFT_WINDOW_H
#define SL_TEST_SOFT_WINDOW_H

/* The ui, renderer and surface freed (those made), each left NULL. */
static inline void soft_window_free(SDL_Surface **surf, SDL_Renderer **ren, sl_ui **ui)
{
    if (*ui)
        sl_ui_destroy(*ui);
    if (*ren)
        SDL_DestroyRenderer(*ren);
    if (*surf)
        SDL_FreeSurface(*surf);
    *ui = NULL;
    *ren = NULL;
    *surf = NULL;
}

static inline void soft_window(int w, int h, SDL_Surface **surf, SDL_Renderer **ren, sl_ui **ui)
{
    soft_window_free(surf, ren, ui);
    *surf = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGB888);
    *ren = SDL_CreateSoftwareRenderer(*surf);
    assert_non_null(*ren);
    char assets[1100], err[256];
    snprintf(assets, sizeof assets, "%s/assets", SL_SOURCE_DIR);
    *ui = sl_ui_create(*ren, assets, err, sizeof err);
    assert_non_null(*ui);
}

/* A group setup for these tests: SDL's video (a software renderer needs
 * no display). */
static inline int soft_window_setup(void **state)
{
    (void)state;
    return SDL_Init(SDL_INIT_VIDEO) == 0 ? 0 : -1;
}

/* The window's end: its ui, renderer and surface (those made), then SDL's
 * text and video. */
static inline void soft_window_close(SDL_Surface **surf, SDL_Renderer **ren, sl_ui **ui)
{
    soft_window_free(surf, ren, ui);
    TTF_Quit();
    SDL_Quit();
}

#endif
