/* See text.h. */
#include "text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int base_sizes[SL_FONT_COUNT] = {14, 16, 16, 20, 26};

bool text_init(sl_text *t, SDL_Renderer *ren, const char *asset_dir, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    t->ren = ren;
    t->enabled = true;
    snprintf(t->regular_path, sizeof t->regular_path, "%s/fonts/DejaVuSans.ttf", asset_dir);
    snprintf(t->bold_path, sizeof t->bold_path, "%s/fonts/DejaVuSans-Bold.ttf", asset_dir);
    if (!TTF_WasInit() && TTF_Init() != 0) {
        snprintf(err, errlen, "cannot start SDL_ttf: %s", TTF_GetError());
        return false;
    }
    if (!text_set_scale(t, 1.0f)) {
        snprintf(err, errlen, "cannot open the font %s: %s", t->regular_path, TTF_GetError());
        return false;
    }
    return true;
}

static void clear_cache(sl_text *t)
{
    for (int i = 0; i < SL_TEXT_CACHE; i++) {
        sl_text_entry *e = &t->cache[i];
        if (e->tex)
            SDL_DestroyTexture(e->tex);
        free(e->str);
        memset(e, 0, sizeof *e);
    }
}

void text_free(sl_text *t)
{
    clear_cache(t);
    for (int i = 0; i < SL_FONT_COUNT; i++)
        if (t->fonts[i])
            TTF_CloseFont(t->fonts[i]);
    memset(t->fonts, 0, sizeof t->fonts);
}

bool text_set_scale(sl_text *t, float scale)
{
    if (scale < 0.5f)
        scale = 0.5f;
    if (scale > 6.0f)
        scale = 6.0f;
    if (t->fonts[0] && fabsf(scale - t->scale) < 1e-4f)
        return true;
    clear_cache(t);
    for (int i = 0; i < SL_FONT_COUNT; i++) {
        int size = (int)lroundf(base_sizes[i] * scale);
        if (t->fonts[i])
            TTF_CloseFont(t->fonts[i]);
        const char *path = (i == SL_FONT_BOLD || i == SL_FONT_TITLE) ? t->bold_path : t->regular_path;
        t->fonts[i] = TTF_OpenFont(path, size);
        t->sizes[i] = size;
        if (!t->fonts[i])
            return false;
        TTF_SetFontHinting(t->fonts[i], TTF_HINTING_LIGHT);
    }
    t->scale = scale;
    return true;
}

int text_width(sl_text *t, sl_font f, const char *s)
{
    if (!t->enabled || !t->fonts[f])
        return (int)(strlen(s) * (size_t)t->sizes[f] * 55 / 100);
    int w = 0, h = 0;
    if (TTF_SizeUTF8(t->fonts[f], s, &w, &h) != 0)
        return 0;
    return w;
}

int text_height(sl_text *t, sl_font f)
{
    if (!t->enabled || !t->fonts[f])
        return t->sizes[f] * 6 / 5;
    return TTF_FontHeight(t->fonts[f]);
}

static uint32_t hash_str(const char *s, sl_font f, sl_rgba c)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    h = (h ^ (uint32_t)f) * 16777619u;
    h = (h ^ ((uint32_t)c.r << 24 | (uint32_t)c.g << 16 | (uint32_t)c.b << 8 | c.a)) * 16777619u;
    return h;
}

static sl_text_entry *lookup(sl_text *t, sl_font f, const char *s, sl_rgba c)
{
    uint32_t h = hash_str(s, f, c);
    t->clock++;
    sl_text_entry *oldest = &t->cache[0];
    for (int i = 0; i < SL_TEXT_CACHE; i++) {
        sl_text_entry *e = &t->cache[i];
        if (e->str && e->hash == h && e->font == f && memcmp(&e->colour, &c, sizeof c) == 0 &&
            strcmp(e->str, s) == 0) {
            e->last_used = t->clock;
            return e;
        }
        if (!e->str) {
            oldest = e;
            break;
        }
        if (e->last_used < oldest->last_used)
            oldest = e;
    }
    SDL_Color sc = {c.r, c.g, c.b, 255};
    SDL_Surface *surf = TTF_RenderUTF8_Blended(t->fonts[f], s, sc);
    if (!surf)
        return NULL;
    SDL_Texture *tex = SDL_CreateTextureFromSurface(t->ren, surf);
    int w = surf->w, hgt = surf->h;
    SDL_FreeSurface(surf);
    if (!tex)
        return NULL;
    SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
    if (c.a != 255)
        SDL_SetTextureAlphaMod(tex, c.a);
    if (oldest->tex)
        SDL_DestroyTexture(oldest->tex);
    free(oldest->str);
    oldest->str = malloc(strlen(s) + 1);
    if (!oldest->str) {
        SDL_DestroyTexture(tex);
        memset(oldest, 0, sizeof *oldest);
        return NULL;
    }
    memcpy(oldest->str, s, strlen(s) + 1);
    oldest->hash = h;
    oldest->font = f;
    oldest->colour = c;
    oldest->tex = tex;
    oldest->w = w;
    oldest->h = hgt;
    oldest->last_used = t->clock;
    return oldest;
}

static void note_cut(sl_text *t, const char *s);

/* A text drawn whole inside the clip (and the output), kept for the tests. */
static void record_seen(sl_text *t, const char *s, const SDL_Rect *r)
{
    SDL_Rect clip;
    int ow, oh;
    SDL_RenderGetClipRect(t->ren, &clip);
    if (SDL_GetRendererOutputSize(t->ren, &ow, &oh) != 0)
        return;
    if (clip.w <= 0 || clip.h <= 0)
        clip = (SDL_Rect){0, 0, ow, oh};
    /* a pixel's slack: the font's box may reach past the ink */
    if (r->x < clip.x - 1 || r->y < clip.y - 1 || r->x + r->w > clip.x + clip.w + 1 || r->y + r->h > clip.y + clip.h + 1 ||
        r->x + r->w > ow + 1 || r->y + r->h > oh + 1) {
        /* partly in the clip: a line cut through by its edge */
        bool meets = r->x < clip.x + clip.w && r->x + r->w > clip.x && r->y < clip.y + clip.h && r->y + r->h > clip.y;
        if (meets && t->nhalf < (int)(sizeof t->half_at / sizeof t->half_at[0])) {
            t->half_at[t->nhalf] = *r;
            snprintf(t->half[t->nhalf++], sizeof t->half[0], "%s", s);
        }
        return;
    }
    int n = snprintf(t->seen + t->nseen, sizeof t->seen - t->nseen, "%s\n", s);
    if (n > 0 && t->nseen + (size_t)n < sizeof t->seen) {
        t->nseen += (size_t)n;
        if (t->nseen_at < (int)(sizeof t->seen_at / sizeof t->seen_at[0]))
            t->seen_at[t->nseen_at++] = *r;
    }
}

int text_draw(sl_text *t, sl_font f, const char *s, float x, float y, sl_rgba colour, sl_align align)
{
    if (!s || !*s)
        return 0;
    size_t n = strlen(s);
    if (t->watch && n >= 3 && strcmp(s + n - 3, "\xE2\x80\xA6") == 0)
        note_cut(t, s); /* words the user must read, drawn cut short */
    int w = text_width(t, f, s);
    if (!t->enabled || !t->fonts[f])
        return w;
    sl_text_entry *e = lookup(t, f, s, colour);
    if (!e)
        return 0;
    float x0 = x;
    if (align == SL_ALIGN_CENTRE)
        x0 = x - e->w / 2.0f;
    else if (align == SL_ALIGN_RIGHT)
        x0 = x - e->w;
    /* Whole pixels keep glyphs crisp. */
    SDL_Rect dst = {(int)lroundf(x0), (int)lroundf(y), e->w, e->h};
    SDL_RenderCopy(t->ren, e->tex, NULL, &dst);
    if (t->record)
        record_seen(t, s, &dst);
    return e->w;
}

SDL_FRect text_draw_boxed(sl_text *t, sl_font f, const char *s, float x, float y, sl_rgba fg, sl_rgba bg,
                          float pad, sl_align align)
{
    float w = (float)text_width(t, f, s), h = (float)text_height(t, f);
    float x0 = x;
    if (align == SL_ALIGN_CENTRE)
        x0 = x - w / 2.0f;
    else if (align == SL_ALIGN_RIGHT)
        x0 = x - w;
    SDL_FRect box = {x0 - pad, y - pad * 0.5f, w + 2 * pad, h + pad};
    if (t->bare)
        return box;
    gfx_rect(t->ren, box.x, box.y, box.w, box.h, bg);
    text_draw(t, f, s, x0, y, fg, SL_ALIGN_LEFT);
    return box;
}

static void note_cut(sl_text *t, const char *s)
{
    if (!t->watch)
        return;
    if (t->cuts++ == 0)
        snprintf(t->first_cut, sizeof t->first_cut, "%s", s);
}

void text_fit(sl_text *t, sl_font f, const char *s, float max_w, char *out, size_t outlen)
{
    snprintf(out, outlen, "%s", s);
    if (text_width(t, f, out) <= max_w)
        return;
    note_cut(t, s);
    size_t n = strlen(out);
    while (n > 0) {
        /* step back over a whole UTF-8 character */
        n--;
        while (n > 0 && ((unsigned char)out[n] & 0xC0) == 0x80)
            n--;
        if (n + 4 > outlen)
            continue;
        memcpy(out + n, "\xE2\x80\xA6", 4); /* ellipsis and NUL */
        if (text_width(t, f, out) <= max_w)
            return;
    }
    out[0] = '\0';
}

/* Copy with truncation. */
void text_put(char *dst, size_t n, const char *src)
{
    size_t l = strlen(src);
    if (l >= n) {
        l = n - 1;
        while (l > 0 && ((unsigned char)src[l] & 0xC0) == 0x80)
            l--; /* not inside a character */
    }
    memcpy(dst, src, l);
    dst[l] = '\0';
}

int text_wrap_lines(sl_text *t, sl_font f, const char *s, float maxw, char lines[][UI_LINE], int maxlines)
{
    int n = 0;
    char cur[UI_LINE] = "";
    const char *p = s;
    while (*p && n < maxlines) {
        while (*p == ' ')
            p++;
        const char *e = p;
        while (*e && *e != ' ')
            e++;
        char word[UI_LINE];
        size_t wl = (size_t)(e - p) < sizeof word - 1 ? (size_t)(e - p) : sizeof word - 1;
        while (wl > 0 && wl < (size_t)(e - p) && ((unsigned char)p[wl] & 0xC0) == 0x80)
            wl--; /* never cut a word inside a character */
        memcpy(word, p, wl);
        word[wl] = '\0';
        char trial[2 * UI_LINE + 2];
        snprintf(trial, sizeof trial, "%s%s%s", cur, cur[0] ? " " : "", word);
        if (cur[0] && text_width(t, f, trial) > maxw) {
            text_put(lines[n++], UI_LINE, cur);
            text_put(cur, sizeof cur, word);
        } else {
            text_put(cur, sizeof cur, trial);
        }
        p = e;
    }
    if (cur[0] && n < maxlines)
        text_put(lines[n++], UI_LINE, cur);
    else if (cur[0] || *p)
        note_cut(t, s); /* lines left out */
    return n;
}
